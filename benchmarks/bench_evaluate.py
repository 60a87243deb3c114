"""Single-hand evaluations per second: primero's four-card ranking against treys' 5-card evaluator.

Both evaluators get pre-generated random hands from seeded ``random.Random`` objects (no global
random state) and are timed in the same process run, their repeats interleaved, keeping the
best of each; times are CPU time (``time.process_time``), so other load on the machine
disturbs the figures less than wall-clock time would. primero
evaluates through the public per-hand call ``variant.ranking.evaluate(tuple_of_4_cards)``
(table already built); treys through ``Evaluator().evaluate(hand, board)`` on 2 + 3 cards.
Also times building the ``italian40`` lookup table from scratch (a fresh
``primero.plugins.Rules``: every hand enumerated through the ranking hooks).

Run: ``python benchmarks/bench_evaluate.py [--hands N] [--repeat R] [--seed S] [--check]``
(needs the ``bench`` extra: ``pip install -e '.[bench]'``). ``--check`` exits 1 when a target
is missed: primero at least 2x treys, the italian40 table under 1 second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

import primero
from primero.plugins import Rules, reset_registry

RATIO_TARGET = 2.0
TABLE_TARGET_SECONDS = 1.0


def _cpu_seconds(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def primero_run(n: int, seed: int) -> Callable[[], None]:
    """A run of ``n`` calls of ``ranking.evaluate`` on random italian40 hands (table built)."""
    ranking = primero.get_variant("waks").ranking
    ranking.table  # noqa: B018 - build the table outside the timing
    rng = random.Random(seed)
    cards = list(ranking.pack.cards)
    hands = [tuple(rng.sample(cards, 4)) for _ in range(n)]
    evaluate = ranking.evaluate

    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return run


def treys_run(n: int, seed: int) -> Callable[[], None]:
    """A run of ``n`` calls of treys' ``Evaluator.evaluate`` on random 5-card hands."""
    from treys import Card, Evaluator

    evaluator = Evaluator()
    rng = random.Random(seed)
    deck = [Card.new(rank + suit) for rank in "23456789TJQKA" for suit in "shdc"]
    hands = []
    for _ in range(n):
        five = rng.sample(deck, 5)
        hands.append((five[:2], five[2:]))
    evaluate = evaluator.evaluate

    def run() -> None:
        for hand, board in hands:
            evaluate(hand, board)

    return run


def rates(n: int, seed: int, repeat: int) -> tuple[float, float]:
    """Best evaluations per CPU second of primero and treys, timings interleaved."""
    ours, theirs = primero_run(n, seed), treys_run(n, seed)
    best_ours = best_theirs = float("inf")
    for _ in range(repeat):
        best_ours = min(best_ours, _cpu_seconds(ours))
        best_theirs = min(best_theirs, _cpu_seconds(theirs))
    return n / best_ours, n / best_theirs


def table_seconds(repeat: int) -> float:
    """Best CPU time to build the italian40 table from a fresh set of rules.

    Rankings are shared between variants through a cache, so each repeat starts from a reset
    registry and a fresh variant.
    """
    best = float("inf")
    for _ in range(repeat):
        reset_registry()
        rules = Rules(primero.get_variant("waks"))
        start = time.process_time()
        table = rules.ranking.table
        best = min(best, time.process_time() - start)
        assert len(table) == 91_390
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per timing")
    parser.add_argument("--repeat", type=int, default=5, help="timings; the best is kept")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    try:
        import treys  # noqa: F401
    except ImportError:
        print("treys is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    build = table_seconds(max(1, args.repeat // 2))
    ours, theirs = rates(args.hands, args.seed, args.repeat)
    ratio = ours / theirs
    ratio_ok = ratio >= RATIO_TARGET
    build_ok = build < TABLE_TARGET_SECONDS

    print(f"python {sys.version.split()[0]}, primero {primero.__version__}, "
          f"{args.hands:,} random hands per timing, best of {args.repeat} "
          f"(CPU time), seed {args.seed}")
    print(f"primero  ranking.evaluate (4 cards, italian40):  {ours:12,.0f} evaluations/s")
    print(f"treys    Evaluator.evaluate (5 cards):            {theirs:12,.0f} evaluations/s")
    print(f"ratio    primero / treys:                         {ratio:12.2f}x  "
          f"(target >= {RATIO_TARGET:g}x: {'met' if ratio_ok else 'MISSED'})")
    print(f"table    italian40, built from scratch:           {build:12.3f} s   "
          f"(target < {TABLE_TARGET_SECONDS:g} s: {'met' if build_ok else 'MISSED'})")
    return 1 if args.check and not (ratio_ok and build_ok) else 0


if __name__ == "__main__":
    sys.exit(main())
