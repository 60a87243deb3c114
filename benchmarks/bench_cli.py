"""Start-up cost of the ``primero`` command line against ``python -c pass``.

Each command is run as a fresh process, interleaved in rounds with ``python -c pass`` (so
load on the machine hits all alike); the figure is the CPU time (user + system) the child
spent, from :func:`resource.getrusage` of the children, the median of the rounds.

Also: ``primero replay`` of a deal file of 30,000 actions (a raising war of one chip at a
time at a deep table; target <= 1 s of CPU), against the same file replayed through the API
(:func:`primero.records.replay`, no narration) in a fresh process, the median of
``--replay-rounds`` rounds.

Run: ``python benchmarks/bench_cli.py [--rounds N] [--replay-rounds N]``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from primero.actions import Fold, Hold, Vie
from primero.deal.engine import start_deal
from primero.records import dump_record, record_from_state

#: The commands timed, as argument lists after the interpreter.
COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "primero --help": ["-c", "from primero.cli import main; main()", "--help"],
    "primero --version": ["-c", "from primero.cli import main; main()", "--version"],
    "import primero": ["-c", "import primero"],
}

#: Target: the most CPU each command may take, in multiples of ``python -c pass``.
TARGETS = {"primero --help": 5.0, "primero --version": 3.0}

#: The actions of the long deal file ``primero replay`` tells.
REPLAY_ACTIONS = 30_000
#: Target: the most CPU seconds ``primero replay`` of that file may take.
REPLAY_TARGET = 1.0


def raising_war(actions: int) -> str:
    """A deal file of ``actions`` actions: two players, a million chips, raising by one."""
    state = start_deal("waks", ["Anna", "Ben"], 10**6, seed=3, rest=1)
    for _ in range(actions):
        legal = state.legal_actions()
        raising = [a for a in legal if isinstance(a, Vie)
                   or (isinstance(a, Hold) and a.raise_by)]
        state = state.apply(raising[0] if raising
                            else next(a for a in legal if not isinstance(a, Fold)))
    return dump_record(record_from_state(state))


def child_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``python <args>``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--replay-rounds", type=int, default=3)
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
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "war.toml")
        size = path.write_bytes(raising_war(REPLAY_ACTIONS).encode("utf-8"))
        told, api = [], []
        for _ in range(args.replay_rounds):
            told.append(child_cpu(["-c", "from primero.cli import main; main()", "replay",
                                   str(path)]))
            api.append(child_cpu(["-c", "import sys; from primero.records import load_record, "
                                  "replay; replay(load_record(sys.argv[1]))", str(path)]))
    cli, bare = statistics.median(told), statistics.median(api)
    print(f"{'primero replay':<20}: {cli:7.2f} s CPU   ({REPLAY_ACTIONS} actions, "
          f"{size} bytes; "
          f"{cli / bare:.1f}x the API replay's {bare:.2f} s; target <= {REPLAY_TARGET:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
