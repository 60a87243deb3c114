"""Hostile text against its normal peer: card and action text, and a 1 MiB deal file.

Four figures, each CPU seconds (:func:`time.process_time` in this process, or the children's
user + system time from :func:`resource.getrusage` for a command run in a fresh process):

* ``apply`` of ``"exchange " + "7h " * N`` (N = 100,000 by default) at an exchange turn:
  target <= 1 s; the length of the error's message is printed too (it must stay short).
* the cost per card of reading that text (:func:`primero.cards.parse_cards`) against the cost
  per card of a normal 4-card exchange's text, read many times: the peer ratio (about 1x when
  the reading is linear).
* the growth of the work with the input: the CPU of ``apply`` and of ``parse_cards`` for N/4
  and for N cards; linear reading gives about 4x, quadratic about 16x.
* the growth of a replay's work with its actions (:func:`primero.records.replay` of a raising
  war of N/4 and N actions, ``--actions``): a cost per action that stays flat gives about 4x.
* ``primero replay`` of a deal file of 1 MiB (the largest read), built here: a short deal whose
  last action is an exchange of as many ``7h`` as fill the file; target <= 1 s, against
  ``primero replay`` of the same deal without that action (a file of a few hundred bytes).

Run: ``python benchmarks/bench_hostile_input.py [--cards N] [--actions N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from primero.actions import Hold, Vie
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.records import MAX_RECORD_BYTES, dump_record, load_record, record_from_state, replay

#: Target: the most CPU seconds ``apply`` of the long exchange text and ``primero replay`` of
#: the 1 MiB deal file may take.
TARGET = 1.0

#: The normal peer: a 4-card exchange's text.
NORMAL = "7h 6s Ad Kc"


def at_exchange() -> GameState:
    """A two-player Waks deal at its exchange (a vie of 1 held)."""
    state = start_deal("waks", ["Anna", "Ben"], 10**6, seed=3, rest=1)
    while state.step is None or state.step.kind != "exchange":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if isinstance(a, Vie)), None)
                            or next(a for a in legal if isinstance(a, Hold)))
    return state


def raising_war(actions: int) -> str:
    """A deal file of ``actions`` actions: two players, a million chips, raising by one."""
    state = start_deal("waks", ["Anna", "Ben"], 10**6, seed=3, rest=1)
    record = record_from_state(state)
    lines = [("Anna", "vie 1")] + [(("Ben", "Anna")[k % 2], "hold raise 1")
                                   for k in range(actions - 1)]
    return dump_record(attrs.evolve(record, actions=tuple(lines)))


def cpu(call: Callable[[], object]) -> float:
    """CPU seconds of one ``call()``; a :class:`PrimeroError` it raises is its answer."""
    start = time.process_time()
    with contextlib.suppress(PrimeroError):
        call()
    return time.process_time() - start


def message_length(state: GameState, text: str) -> int:
    """The length of the error ``state.apply(text)`` raises (0 if it raises none)."""
    try:
        state.apply(text)
    except PrimeroError as exc:
        return len(str(exc))
    return 0


def deal_files(folder: Path) -> tuple[Path, Path]:
    """``(hostile, normal)``: the 1 MiB deal file and the same deal without its last action."""
    state = at_exchange()
    record = record_from_state(state)
    normal = Path(folder, "normal.toml")
    normal.write_text(dump_record(record), encoding="utf-8")
    who = state.seats[state.to_act or 0].name
    room = MAX_RECORD_BYTES - len(dump_record(record).encode()) - 64
    line = "exchange" + " 7h" * (room // 3)
    hostile = Path(folder, "hostile.toml")
    text = dump_record(attrs.evolve(record, actions=(*record.actions, (who, line))))
    hostile.write_text(text, encoding="utf-8")
    assert len(text.encode()) <= MAX_RECORD_BYTES
    return hostile, normal


def child_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``python <args>`` (its exit code ignored)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=20_000)
    args = parser.parse_args(argv)
    n = args.cards
    state = at_exchange()
    long_text = "exchange " + "7h " * n
    quarter_text = "exchange " + "7h " * (n // 4)

    applied = statistics.median(cpu(lambda: state.apply(long_text)) for _ in range(args.rounds))
    print(f"apply of a {n:,}-card exchange text         : {applied:7.3f} s CPU "
          f"(target <= {TARGET:g} s); "
          f"its error: {message_length(state, long_text):,} characters")

    repeats = max(1, n // 4)
    normal = statistics.median(cpu(lambda: [parse_cards(NORMAL) for _ in range(repeats)])
                               for _ in range(args.rounds)) / (repeats * 4)
    long_cards = "7h " * n
    per_card = statistics.median(cpu(lambda: parse_cards(long_cards))
                                 for _ in range(args.rounds)) / n
    print(f"parse_cards, CPU per card                   : {per_card * 1e6:7.3f} us in a {n:,}-card "
          f"list, {normal * 1e6:.3f} us in a 4-card one ({per_card / normal:.2f}x the peer)")

    quarter_cards = "7h " * (n // 4)
    for name, small, large in (
            ("apply", lambda: state.apply(quarter_text), lambda: state.apply(long_text)),
            ("parse_cards", lambda: parse_cards(quarter_cards), lambda: parse_cards(long_cards))):
        a = statistics.median(cpu(small) for _ in range(args.rounds))
        b = statistics.median(cpu(large) for _ in range(args.rounds))
        print(f"{name + ' growth, ' + format(n // 4, ',') + ' to ' + format(n, ',') + ' cards':<44}"
              f": {b / a:7.2f}x the CPU for 4x the cards ({a:.3f} s to {b:.3f} s; linear ~4x,"
              " quadratic ~16x)")

    few, many = args.actions // 4, args.actions
    wars = [raising_war(few), raising_war(many)]

    def replayed(text: str) -> Callable[[], object]:
        return lambda: replay(load_record(text))

    short, long = (statistics.median(cpu(replayed(text)) for _ in range(args.rounds))
                   for text in wars)
    label = f"replay growth, {few:,} to {many:,} actions"
    print(f"{label:<44}: {long / short:7.2f}x the CPU for 4x the actions "
          f"({short / few * 1e6:.1f} us to {long / many * 1e6:.1f} us an action; flat: ~4x)")

    with tempfile.TemporaryDirectory() as folder:
        hostile, small_file = deal_files(Path(folder))
        command = ["-c", "from primero.cli import main; main()", "replay"]
        told = statistics.median(child_cpu([*command, str(hostile)])
                                 for _ in range(args.rounds))
        peer = statistics.median(child_cpu([*command, str(small_file)])
                                 for _ in range(args.rounds))
        size = small_file.stat().st_size
    print(f"primero replay of a 1 MiB deal file         : {told:7.3f} s CPU "
          f"(target <= {TARGET:g} s); "
          f"{told / peer:.2f}x the replay of the same deal without its long exchange "
          f"({peer:.3f} s, {size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
