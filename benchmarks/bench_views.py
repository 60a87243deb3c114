"""What the agents' path adds to a deal: ``play_deal`` with agents against the bare public API.

The same Waks deals (4 players, uniform random play, seeded) are played through the public
API (``state.legal_actions()`` / ``state.apply(action)``) and through ``play_deal`` with
``RandomAgent`` (one player view per decision); both draw the same random choices from the
same legal tuples, so they play the very same deals. Interleaved in rounds, CPU time, one
process: the ratio ``agents / API`` (target: at most 1.15), as the median of the paired rounds
and as the fastest round of each, is the figure least disturbed by load on the machine. Also
times the public API plus one unread view per decision ("views"), and the heuristic agent
(``--heuristic``: other deals, so its time a decision is only indicative).

Run: ``python benchmarks/bench_views.py [--deals N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import primero
from primero.agents import HeuristicAgent, RandomAgent, Strength, play_deal
from primero.deal.engine import start_deal

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def deals(n: int, seed: int, mode: str) -> tuple[float, int]:
    """CPU seconds to play ``n`` Waks deals, and the decisions made.

    ``mode``: ``"api"``, ``"agents"`` (random agents), ``"views"`` (the public API plus one
    view per decision, not read) or ``"heuristic"`` (heuristic agents).
    """
    variant = primero.get_variant("waks")
    _ = variant.ranking.table  # built once, outside the timing
    if mode == "heuristic":
        Strength.of(variant.ranking)  # the heuristic agent's table too
    agents = [HeuristicAgent() if mode == "heuristic" else RandomAgent() for _ in range(4)]
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for k in range(n):
        state = start_deal(variant, PLAYERS, 50, dealer=k % 4, seed=seed * 1_000_003 + k)
        if mode in ("agents", "heuristic"):
            state = play_deal(state, agents, rng)
        elif mode == "views":
            while not state.over:
                state.view(state.to_act)  # type: ignore[arg-type]
                state = state.apply(choice(state.legal_actions()))
        else:
            while not state.over:
                state = state.apply(choice(state.legal_actions()))
        decisions += len(state.history)
    return time.process_time() - start, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--heuristic", action="store_true", help="time the heuristic agent too")
    args = parser.parse_args(argv)
    rounds = 20
    per_round = max(1, args.deals // rounds)
    modes = ["api", "agents", "views"] + (["heuristic"] if args.heuristic else [])
    spent = dict.fromkeys(modes, 0.0)
    ratios: dict[str, list[float]] = {m: [] for m in modes if m != "api"}
    fastest = dict.fromkeys(modes, float("inf"))  # load only ever adds time
    decisions = 0
    for r in range(rounds):
        this: dict[str, float] = {}
        for mode in modes if r % 2 else reversed(modes):
            this[mode], made = deals(per_round, args.seed + r, mode)
            spent[mode] += this[mode]
            fastest[mode] = min(fastest[mode], this[mode])
            if mode == "api":
                decisions += made
        for mode in ratios:
            ratios[mode].append(this[mode] / this["api"])
    n = per_round * rounds
    print(f"deals {n}, decisions {decisions} ({decisions / n:.1f} a deal)")
    for mode in modes:
        line = f"{mode:<10}: {n / spent[mode]:9.1f} deals/s"
        if mode != "api":
            extra = (spent[mode] - spent["api"]) / decisions * 1e6
            line += (f"  {spent[mode] / spent['api']:.3f}x the API's time "
                     f"(median round {statistics.median(ratios[mode]):.3f}, fastest rounds "
                     f"{fastest[mode] / fastest['api']:.3f}); "
                     f"{extra:+.2f} us a decision")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
