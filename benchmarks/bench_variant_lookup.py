"""Starting a deal by the variant's name against starting it with a configured variant.

``start_deal("waks", names, chips, seed=...)`` looks the variant up by name at every deal;
``start_deal(variant, ...)`` is given the object. The engine keeps its per-variant work (a
table's checked set-up, its start recipe) by the variant object, so the name is as fast as
the object only when ``get_variant`` gives the same object again. Printed: CPU time per call
(``time.process_time``, best of ``--repeat`` rounds, the cases interleaved in each round) of

* ``start_deal`` by name and by object (Waks, four players, seeded deals), and their ratio;
* ``get_variant("waks")`` and ``get_variant("waks", supremus=False)`` alone;
* ``start_deal`` by name right after ``clear_caches()`` (the first deal after the caches are
  forgotten: rules, ranking table from the disk cache, start recipe built again).

Run: ``python benchmarks/bench_variant_lookup.py [--calls N] [--repeat R]``. The machine's
other load makes single figures noisy (about 15 %); the ratio of the interleaved cases is the
figure to quote.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from primero import get_variant, start_deal
from primero.plugins.registry import clear_caches

NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def _per_call(work: Callable[[int], object], calls: int) -> float:
    """CPU seconds per call of ``work(k)`` for ``k`` in ``range(calls)``."""
    start = time.process_time()
    for k in range(calls):
        work(k)
    return (time.process_time() - start) / calls


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000, help="calls per round")
    parser.add_argument("--repeat", type=int, default=7, help="rounds; the best is kept")
    args = parser.parse_args(argv)
    variant = get_variant("waks")
    cases: dict[str, Callable[[int], object]] = {
        "start_deal by name": lambda k: start_deal("waks", NAMES, 50, seed=k % 50),
        "start_deal by object": lambda k: start_deal(variant, NAMES, 50, seed=k % 50),
        "get_variant('waks')": lambda k: get_variant("waks"),
        "get_variant('waks', supremus=False)": lambda k: get_variant("waks", supremus=False),
    }
    for work in cases.values():  # warm: tables, recipes, every seed's first deal
        _per_call(work, 50)
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(args.repeat):
        for name, work in cases.items():
            best[name] = min(best[name], _per_call(work, args.calls))
    cold = float("inf")
    for _ in range(args.repeat):
        clear_caches()
        start = time.process_time()
        start_deal("waks", NAMES, 50, seed=1)
        cold = min(cold, time.process_time() - start)
    for name, seconds in best.items():
        print(f"{name:40s} {seconds * 1e6:9.1f} us")
    print(f"{'start_deal by name after clear_caches':40s} {cold * 1e6:9.1f} us (one call)")
    ratio = best["start_deal by name"] / best["start_deal by object"]
    print(f"by name / by object: {ratio:.2f}x")


if __name__ == "__main__":
    main()
