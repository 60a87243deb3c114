"""Simulated deals per second with 1 and 2 workers, and one exact showdown-odds computation.

* ``primero.simulation.simulate``: Waks, 4 players, seeded, random agents and heuristic
  agents, ``jobs=1`` (in this process) and ``jobs=2`` (a local process pool, started inside
  the timing). Wall-clock time; the ranking table is built before the timing (forked workers
  inherit it). The records are checked to be the same for both worker counts.
* ``primero.analysis.showdown_probabilities``: the exact odds after round 1 (two known cards
  each) with 4 players (the second deal's 26.5 billion deals counted by edges; target
  < 0.1 s, 0.2 s in 0.1) and 6 players (227.7 trillion deals counted by halves; target < 1 s,
  refused in 0.1), CPU time, warm: best of 3 for 4 players, of 3 for 6, the 4-player figure
  printed beside the 6-player one. Six players are counted by the compiled kernel
  (``primero.analysis._native``, built at install) and, beside it, once by the numpy code
  (``PRIMERO_NO_NATIVE=1``: about 7-10 s); without the kernel the line says so.

Run: ``python benchmarks/bench_simulation.py [--deals N] [--showdown-only]`` (the showdown
odds need numpy, from the ``analysis`` extra). On a loaded machine the two-worker speed-up
shrinks: compare numbers from one run.
"""

from __future__ import annotations

import argparse
import os
import time

import primero
from primero.agents import Strength
from primero.simulation.run import simulate


def deals_per_second(deals: int, agents: str, jobs: int) -> tuple[float, tuple[object, ...]]:
    start = time.perf_counter()
    sim = simulate("waks", deals=deals, seed=1, agents=agents, jobs=jobs, progress=False)
    elapsed = time.perf_counter() - start
    return deals / elapsed, sim.results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per measurement")
    parser.add_argument("--showdown-only", action="store_true",
                        help="only the exact showdown odds (no simulated deals)")
    args = parser.parse_args()
    if args.showdown_only:
        showdown_odds_timings()
        return
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
    showdown_odds_timings()


#: Exact showdown odds after round 1, warm, CPU seconds: (players, the 0.1 figure, target, runs).
SHOWDOWN_TARGETS = ((4, 0.2, 0.1, 3), (6, None, 1.0, 3))
SHOWDOWN_HANDS = ["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s"]
#: The same figures before the skipped completions and the deals' holders (the ``odds``
#: branch's start, a loaded 2-core machine), printed for comparison.
SHOWDOWN_BEFORE = {4: "0.07-0.11 s", 6: "10.6-11.3 s"}


def numpy_showdown_seconds(hands: list[str]) -> float:
    """One count with the numpy code (``PRIMERO_NO_NATIVE=1``), CPU seconds."""
    from primero.analysis.showdown import showdown_probabilities

    saved = os.environ.get("PRIMERO_NO_NATIVE")
    os.environ["PRIMERO_NO_NATIVE"] = "1"
    try:
        start = time.process_time()
        showdown_probabilities(hands)
        return time.process_time() - start
    finally:
        if saved is None:
            del os.environ["PRIMERO_NO_NATIVE"]
        else:
            os.environ["PRIMERO_NO_NATIVE"] = saved


def showdown_odds_timings() -> None:
    """Exact showdown odds after round 1 (two known cards each), warm, best CPU time."""
    from primero.analysis import _native
    from primero.analysis.showdown import showdown_probabilities
    from primero.errors import PrimeroError

    showdown_probabilities(["Kd Qd", "Jc 7s"])  # numpy imported, the table loaded
    measured: dict[int, float] = {}
    for players, before, target, repeat in SHOWDOWN_TARGETS:
        hands = SHOWDOWN_HANDS[:players]
        old = (f"0.1: {before:g} s" if before is not None else "0.1: refused") + \
            f"; before the holders: {SHOWDOWN_BEFORE[players]}"
        beside = "".join(f"; {p} players: {t:.3f} s" for p, t in measured.items())
        try:
            best = float("inf")
            for _ in range(repeat):
                start = time.process_time()
                odds = showdown_probabilities(hands)
                best = min(best, time.process_time() - start)
        except PrimeroError as exc:
            print(f"exact showdown odds after round 1, {players} players: not counted ({exc}); "
                  f"target < {target:g} s: MISSED ({old})")
            continue
        measured[players] = best
        mark = "met" if best < target else "MISSED"
        how = ""
        if players > 4:
            kernel = "compiled kernel" if _native.library() is not None and \
                not _native.native_disabled() else "NO compiled kernel (numpy)"
            how = f" [{kernel}; numpy code: {numpy_showdown_seconds(hands):.2f} s]"
        print(f"exact showdown odds after round 1, {players} players ({', '.join(hands)}): "
              f"{odds.outcomes:,} deals in {best:.3f} s CPU, best of {repeat}{how} (target "
              f"< {target:g} s: {mark}; {old}{beside}); "
              f"win {', '.join(f'{float(w):.4f}' for w in odds.win)}")


if __name__ == "__main__":
    main()
