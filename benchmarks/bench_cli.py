"""Start-up cost of the ``primero`` command line against ``python -c pass``.

Each command is run as a fresh process, interleaved in rounds with ``python -c pass`` (so
load on the machine hits all alike); the figure is the CPU time (user + system) the child
spent, from :func:`resource.getrusage` of the children, the median of the rounds.

Run: ``python benchmarks/bench_cli.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys

#: The commands timed, as argument lists after the interpreter.
COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "primero --help": ["-c", "from primero.cli import main; main()", "--help"],
    "primero --version": ["-c", "from primero.cli import main; main()", "--version"],
    "import primero": ["-c", "import primero"],
}

#: Target: the most CPU each command may take, in multiples of ``python -c pass``.
TARGETS = {"primero --help": 5.0, "primero --version": 3.0}


def child_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``python <args>``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            times[name].append(child_cpu(command))
    base = statistics.median(times["python -c pass"])
    for name, spent in times.items():
        cpu = statistics.median(spent)
        target = TARGETS.get(name)
        goal = f"; target <= {target:g}x" if target is not None else ""
        print(f"{name:<20}: {cpu * 1000:7.1f} ms CPU  ({cpu / base:5.1f}x python -c pass{goal})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
