"""Simulated deals per second with 1 and 2 workers, and one exact showdown-odds computation.

* ``primero.simulation.simulate``: Waks, 4 players, seeded, random agents and heuristic
  agents, ``jobs=1`` (in this process) and ``jobs=2`` (a local process pool, started inside
  the timing). Wall-clock time; the ranking table is built before the timing (forked workers
  inherit it). The records are checked to be the same for both worker counts.
* ``primero.analysis.showdown_probabilities``: the exact odds after round 1 with 4 players
  (two known cards each, the second deal's 26.5 billion deals counted), wall-clock time.

Run: ``python benchmarks/bench_simulation.py [--deals N]`` (the showdown odds need numpy, from
the ``analysis`` extra). On a loaded machine the two-worker speed-up shrinks: compare numbers
from one run.
"""

from __future__ import annotations

import argparse
import os
import time

import primero
from primero.agents import Strength
from primero.simulation import simulate


def deals_per_second(deals: int, agents: str, jobs: int) -> tuple[float, tuple[object, ...]]:
    start = time.perf_counter()
    sim = simulate("waks", deals=deals, seed=1, agents=agents, jobs=jobs, progress=False)
    elapsed = time.perf_counter() - start
    return deals / elapsed, sim.results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per measurement")
    args = parser.parse_args()
    variant = primero.get_variant("waks")
    build = time.perf_counter()
    Strength.of(variant.ranking)  # the ranking table and the heuristic's strength table
    print(f"ranking and strength tables built in {time.perf_counter() - build:.2f} s "
          "(once per process; not timed below)")
    print(f"cores: {os.cpu_count()}; load average: {os.getloadavg()[0]:.2f}")
    print(f"Waks, 4 players, {args.deals} deals, seed 1 (wall clock):")
    for agents in ("random", "heuristic"):
        one, records_one = deals_per_second(args.deals, agents, 1)
        two, records_two = deals_per_second(args.deals, agents, 2)
        same = "same records" if records_one == records_two else "RECORDS DIFFER"
        print(f"  {agents:<9}  1 worker {one:8.0f} deals/s   2 workers {two:8.0f} deals/s"
              f"   speed-up {two / one:4.2f}x   ({same})")
    from primero.analysis import showdown_probabilities

    hands = ["7h 6h", "Ks Qs", "5d 4c", "Ac 2d"]
    showdown_probabilities(["Kd Qd", "Jc 7s"])  # numpy imported, rank table built
    start = time.perf_counter()
    odds = showdown_probabilities(hands)
    elapsed = time.perf_counter() - start
    print(f"exact showdown odds after round 1, 4 players ({', '.join(hands)}): "
          f"{odds.outcomes:,} deals in {elapsed:.2f} s; "
          f"win {', '.join(f'{float(w):.4f}' for w in odds.win)}")


if __name__ == "__main__":
    main()
