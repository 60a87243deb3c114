"""Hand evaluation against treys: single hands, numpy batches, tables cold and warm (issue 13).

Every figure is CPU time (``time.process_time``, or the children's user + system time for a
fresh process), measured in one run; timings of primero and treys are interleaved and the best
of ``--repeat`` is kept. Hands are pre-generated from seeded ``random.Random`` objects (no
global random state).

* single: ``variant.ranking.evaluate(tuple_of_4_cards)`` (italian40, table loaded) against
  treys' ``Evaluator().evaluate(hand, board)`` on 2 + 3 cards; target >= 2x (goal 3x). The
  registry's ranking uses the compiled evaluator where it is built (the line printed says
  which); a ranking bound as under ``PRIMERO_NO_NATIVE=1`` gives the pure-Python figure in
  the same run.
* batch: ``ranking.evaluate_many(int_array_of_shape_(N, 4))`` per hand against the same treys
  calls; target >= 50x for an int8 array in C order (one compiled call where the evaluator is
  built, else numpy). Also printed, no target: an int64 array (numpy's default integer), an
  int16 array in Fortran order (read through its strides), batches of 100 hands a call (the
  per-call cost) and the numpy path (``PRIMERO_NO_NATIVE=1`` at the call).
* tables: the build from nothing (cache off, fresh rules; numpy already imported) for 40 and
  52 cards, target < 1 s for 52; the table's bytes in memory, target < 2 MB.
* fresh processes, warm cache, import included (CPU from ``getrusage(RUSAGE_CHILDREN)``):
  ``import primero`` (lazy: PEP 562), ``get_variant("waks")`` alone, ``get_variant("waks",
  deck=...)`` then
  ``.ranking.census()`` (targets < 0.15 s for italian40, < 0.3 s for french52);
  ``import primero`` + ``evaluate("7s 6h Ad Kc")``; and the CLI ``python -m primero evaluate
  7s 6h Ad Kc`` (target < 0.4 s; it includes the CLI framework's import) and ``python -m
  primero --help`` (no target: it imports every command module); on Linux also the italian40
  census with the cache directory from platformdirs (``PRIMERO_CACHE_DIR`` unset, a temporary
  ``XDG_CACHE_HOME``).
* Figures from before the lazy registry, the lazy CLI commands and the cold-start cut (a
  ranking's rules import no deal code) are printed beside them.
* Fresh processes keep their compiled modules (a temporary ``PYTHONPYCACHEPREFIX``, warmed
  first), as an installed package does; the census is also printed without a bytecode cache
  (``PYTHONDONTWRITEBYTECODE=1``: every module of the source tree compiled at every start).

Run: ``python benchmarks/bench_evaluate.py [--hands N] [--repeat R] [--seed S] [--check]``
(needs the ``bench`` dependency group: ``pip install --group bench -e .``). ``--check`` exits
1 when a target is missed. Fresh-process figures use a temporary cache directory
(``PRIMERO_CACHE_DIR``), warmed first; the user's cache is not touched.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any
from unittest import mock

import primero
from primero.native_evaluator import evaluator_line
from primero.plugins.registry import clear_caches, reset_registry
from primero.plugins.rules import Rules

SINGLE_TARGET = 2.0
SINGLE_GOAL = 3.0
BATCH_TARGET = 50.0
BUILD_TARGET_SECONDS = 1.0
TABLE_TARGET_BYTES = 2 * 1024 * 1024
CENSUS_TARGETS = {"italian40": 0.15, "french52": 0.3}
CLI_TARGET_SECONDS = 0.4
#: Hands a call in the small-batch figure.
SMALL_BATCH = 100
#: ``evaluate_many`` per hand against treys before the compiled batch read strided arrays,
#: fetched rows ahead and lost its per-call Python checks (the ``batcheval`` branch's start:
#: three runs of --repeat 5 on the loaded 2-core machine), printed for comparison.
BEFORE_BATCH = {"batch": "81-86x", "batch int64": "24-26x", "batch fortran": "18-20x",
                "batch small": "15.0-15.2x", "batch numpy": "18-19x"}
#: Fresh-process CPU seconds before the lazy ``import primero`` (measured on the lead's
#: machine when the compact tables landed), printed for comparison.
BEFORE_LAZY_IMPORT = {"import primero": "0.20-0.24 s", "census italian40": "0.25-0.29 s",
                      "census french52": "0.27-0.29 s"}
#: The same figures before the lazy registry, lazy CLI commands and one-slot values (the
#: ``tables`` branch's start, three runs on a loaded 2-core machine), printed for comparison.
BEFORE_LAZY_REGISTRY = {"single": "1.64-1.88x", "census italian40": "0.26-0.47 s",
                        "census french52": "0.28-0.50 s", "get_variant": "0.25-0.46 s",
                        "cli evaluate": "0.38-0.71 s"}
#: The same figures before a ranking's rules stopped importing the deal's code (the engine,
#: the state, the deal's checks; the ``coldstart`` branch's start: min-median of 10 interleaved
#: runs at a quiet moment of the 2-core machine; --help min-median under load), for comparison.
BEFORE_COLD_START = {"census italian40": "0.113-0.116 s", "census french52": "0.118-0.119 s",
                     "cli evaluate": "0.131-0.138 s", "cli help": "0.26-0.40 s"}


def _cpu_seconds(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def primero_hands(n: int, seed: int) -> tuple[Any, list[tuple[primero.Card, ...]]]:
    ranking = primero.get_variant("waks").ranking
    rng = random.Random(seed)
    cards = list(ranking.pack.cards)
    return ranking, [tuple(rng.sample(cards, 4)) for _ in range(n)]


def pure_ranking() -> Any:
    """A ranking of waks whose evaluator is the pure-Python one (bound as under
    ``PRIMERO_NO_NATIVE=1``), beside the registry's, which keeps the compiled one if built."""
    with mock.patch.dict(os.environ, PRIMERO_NO_NATIVE="1"):
        clear_caches()
        ranking = primero.get_variant("waks").ranking
        ranking.hand_table  # noqa: B018 - loads the table and binds the evaluator
    clear_caches()
    return ranking


def primero_run(n: int, seed: int, ranking: Any = None) -> Callable[[], None]:
    """``n`` calls of ``ranking.evaluate`` on random italian40 hands (table loaded).

    The registry's ranking of waks by default (the compiled evaluator where it is built).
    """
    registry_ranking, hands = primero_hands(n, seed)
    ranking = registry_ranking if ranking is None else ranking
    ranking.evaluate(hands[0])  # load the table outside the timing
    evaluate = ranking.evaluate

    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return run


def batch_run(n: int, seed: int, dtype: str = "int8", *, order: str = "C", per_call: int = 0,
              numpy_way: bool = False) -> Callable[[], None]:
    """``ranking.evaluate_many`` on ``n`` random hands as an (n, 4) index array.

    One call by default; ``per_call`` hands a call (``n / per_call`` calls) for small batches.
    ``order="F"`` lays the array out column by column (as ``np.column_stack`` makes it);
    ``numpy_way`` sets ``PRIMERO_NO_NATIVE=1`` around the call (the numpy path).
    """
    import numpy as np

    ranking, hands = primero_hands(n, seed)
    index = ranking.pack.index
    array = np.array([[index(c) for c in hand] for hand in hands], dtype=dtype, order=order)
    ranking.evaluate_many(array[:1])
    evaluate_many = ranking.evaluate_many
    if numpy_way:
        def run() -> None:
            with mock.patch.dict(os.environ, PRIMERO_NO_NATIVE="1"):
                evaluate_many(array)
    elif per_call:
        chunks = [array[k:k + per_call] for k in range(0, n, per_call)]

        def run() -> None:
            for chunk in chunks:
                evaluate_many(chunk)
    else:
        def run() -> None:
            evaluate_many(array)

    return run


def treys_run(n: int, seed: int) -> Callable[[], None]:
    """``n`` calls of treys' ``Evaluator.evaluate`` on random 5-card hands."""
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


def best_of(runs: dict[str, Callable[[], None]], repeat: int) -> dict[str, float]:
    """Best CPU seconds of each run, the runs interleaved."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            best[name] = min(best[name], _cpu_seconds(run))
    return best


def build_seconds(deck: str, repeat: int) -> tuple[float, int]:
    """Best CPU time to build a table from nothing (cache off, fresh rules); its bytes."""
    import numpy  # noqa: F401 - imported once, outside the timing

    best, nbytes = float("inf"), 0
    with mock.patch.dict(os.environ, PRIMERO_NO_CACHE="1"):
        for _ in range(repeat):
            reset_registry()
            rules = Rules(primero.get_variant("waks", deck=deck))
            rules.pack  # noqa: B018 - the pack hook outside the timing
            start = time.process_time()
            table = rules.ranking.hand_table
            best = min(best, time.process_time() - start)
            nbytes = table.nbytes
    reset_registry()
    return best, nbytes


def child_seconds(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one fresh process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def fresh_processes(repeat: int, *, bytecode: bool = True) -> dict[str, float]:
    """Best CPU seconds of fresh processes with a warm table cache (a temporary one).

    With ``bytecode`` (the default) the children keep compiled modules in a temporary
    ``PYTHONPYCACHEPREFIX``, warmed with the table cache, as an installed package has them
    (``pip`` compiles on install); without it they compile every module of the source tree on
    every start, as under ``PYTHONDONTWRITEBYTECODE=1``.
    """
    env = dict(os.environ, PRIMERO_CACHE_DIR=tempfile.mkdtemp(prefix="primero-bench-"))
    env.pop("PRIMERO_NO_CACHE", None)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="primero-bench-pyc-")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    scripts = {
        f"census {deck}": "import primero; "
        f"primero.get_variant('waks', deck='{deck}').ranking.census()"
        for deck in CENSUS_TARGETS
    }
    scripts["import primero"] = "import primero"
    scripts["import + get_variant"] = "import primero; primero.get_variant('waks')"
    scripts["import + evaluate"] = "import primero; primero.evaluate('7s 6h Ad Kc')"
    commands = {name: [sys.executable, "-c", code] for name, code in scripts.items()}
    commands["python (empty)"] = [sys.executable, "-c", "pass"]
    commands["cli evaluate"] = [sys.executable, "-m", "primero", "evaluate",
                                "7s", "6h", "Ad", "Kc"]
    commands["cli help"] = [sys.executable, "-m", "primero", "--help"]
    # compile every module once (numpy's too, into a fresh bytecode prefix) without a table
    # cache, so that the first-ever figure is the table's build and write, not compilation
    child_seconds(commands["census french52"], dict(env, PRIMERO_NO_CACHE="1"))
    first = {"first ever, french52": child_seconds(commands["census french52"], env)}
    for argv in commands.values():  # warm the cache (and the OS's file cache)
        child_seconds(argv, env)
    envs = dict.fromkeys(commands, env)
    if sys.platform == "linux":  # the cache directory from platformdirs ($XDG_CACHE_HOME)
        name = "census italian40, platformdirs"
        commands[name] = commands["census italian40"]
        envs[name] = {k: v for k, v in env.items() if k != "PRIMERO_CACHE_DIR"}
        envs[name]["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="primero-bench-xdg-")
        child_seconds(commands[name], envs[name])  # warm that cache
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(repeat):
        for name, argv in commands.items():
            best[name] = min(best[name], child_seconds(argv, envs[name]))
    return {**first, **best}


def _mark(ok: bool) -> str:
    return "met" if ok else "MISSED"


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
        print("treys is not installed: pip install --group bench -e .", file=sys.stderr)
        return 2

    n = args.hands
    best = best_of({"single": primero_run(n, args.seed),
                    "single pure": primero_run(n, args.seed, pure_ranking()),
                    "batch": batch_run(n, args.seed),
                    "batch int64": batch_run(n, args.seed, "int64"),
                    "batch fortran": batch_run(n, args.seed, "int16", order="F"),
                    "batch small": batch_run(n, args.seed, per_call=SMALL_BATCH),
                    "batch numpy": batch_run(n, args.seed, numpy_way=True),
                    "treys": treys_run(n, args.seed)},
                   args.repeat)
    single = best["treys"] / best["single"]
    single_pure = best["treys"] / best["single pure"]
    batch = best["treys"] / best["batch"]
    builds = {deck: build_seconds(deck, max(1, args.repeat // 2))
              for deck in ("italian40", "french52")}
    fresh = fresh_processes(max(1, args.repeat // 2))
    uncompiled = fresh_processes(max(1, args.repeat // 2), bytecode=False)

    oks = []
    print(f"python {sys.version.split()[0]}, primero {primero.__version__}, {n:,} random "
          f"hands per timing, best of {args.repeat} (CPU time), seed {args.seed}")
    print(f"treys    Evaluator.evaluate (5 cards):          {n / best['treys']:12,.0f} hands/s"
          f"  {best['treys'] / n * 1e9:6.0f} ns")
    print(f"primero  {evaluator_line()}")
    print(f"primero  ranking.evaluate (4 cards):            {n / best['single']:12,.0f} hands/s"
          f"  {best['single'] / n * 1e9:6.0f} ns")
    print(f"primero  the same, pure Python (PRIMERO_NO_NATIVE): {n / best['single pure']:8,.0f}"
          f" hands/s  {best['single pure'] / n * 1e9:6.0f} ns")
    oks.append(single >= SINGLE_TARGET)
    print(f"ratio    evaluate / treys:                      {single:12.2f}x  (target >= "
          f"{SINGLE_TARGET:g}x: {_mark(oks[-1])}; goal {SINGLE_GOAL:g}x: "
          f"{_mark(single >= SINGLE_GOAL)}; before {BEFORE_LAZY_REGISTRY['single']})")
    print(f"ratio    the same, pure Python / treys:         {single_pure:12.2f}x  (the compiled "
          f"evaluator: {best['single pure'] / best['single']:.2f}x the pure one)")
    print(f"primero  ranking.evaluate_many ({n:,} x 4):    {n / best['batch']:12,.0f} hands/s"
          f"  {best['batch'] / n * 1e9:6.1f} ns")
    oks.append(batch >= BATCH_TARGET)
    print(f"ratio    evaluate_many / treys, per hand:       {batch:12.2f}x  (target >= "
          f"{BATCH_TARGET:g}x: {_mark(oks[-1])}; before {BEFORE_BATCH['batch']})")
    for key, label in (("batch int64", "the same, int64 (numpy's default integer):"),
                       ("batch fortran", "the same, int16 in Fortran order:"),
                       ("batch small", f"the same, {SMALL_BATCH} hands a call:"),
                       ("batch numpy", "the same, the numpy path (NO_NATIVE):")):
        print(f"ratio    {label:<42}{best['treys'] / best[key]:8.2f}x  "
              f"{best[key] / n * 1e9:6.1f} ns  (before {BEFORE_BATCH[key]})")
    for deck, (seconds, nbytes) in builds.items():
        ok = seconds < BUILD_TARGET_SECONDS
        if deck == "french52":
            oks.append(ok)
        print(f"table    {deck}, built from nothing:        {seconds:12.3f} s   "
              f"(target < {BUILD_TARGET_SECONDS:g} s: {_mark(ok)})")
        oks.append(nbytes < TABLE_TARGET_BYTES)
        print(f"table    {deck}, bytes in memory:           {nbytes:12,d}     "
              f"(target < 2 MB: {_mark(oks[-1])})")
    print(f"process  first ever (empty cache), french52 census: "
          f"{fresh['first ever, french52']:6.3f} s")
    for deck, target in CENSUS_TARGETS.items():
        oks.append(fresh[f"census {deck}"] < target)
        print(f"process  warm cache, import + census {deck}: {fresh[f'census {deck}']:9.3f} s"
              f"   (target < {target:g} s: {_mark(oks[-1])}; before the lazy registry "
              f"{BEFORE_LAZY_REGISTRY[f'census {deck}']})")
        print(f"process  the same, before the cold-start cut: "
              f"{BEFORE_COLD_START[f'census {deck}']}")
        print(f"process  the same, no bytecode cache (compiled at every start): "
              f"{uncompiled[f'census {deck}']:6.3f} s")
    if "census italian40, platformdirs" in fresh:
        print(f"process  census italian40, cache directory from platformdirs: "
              f"{fresh['census italian40, platformdirs']:6.3f} s (PRIMERO_CACHE_DIR unset)")
    print(f"process  python -c pass (the interpreter alone): {fresh['python (empty)']:8.3f} s")
    print(f"process  import primero:                       {fresh['import primero']:9.3f} s"
          f"   (before the lazy import {BEFORE_LAZY_IMPORT['import primero']})")
    print(f"process  import primero + get_variant('waks'): {fresh['import + get_variant']:9.3f} s"
          f"   (the registry: plugins.py; before {BEFORE_LAZY_REGISTRY['get_variant']})")
    print(f"process  import primero + evaluate:            {fresh['import + evaluate']:9.3f} s"
          f"   (target < {CLI_TARGET_SECONDS:g} s: "
          f"{_mark(fresh['import + evaluate'] < CLI_TARGET_SECONDS)})")
    oks.append(fresh["cli evaluate"] < CLI_TARGET_SECONDS)
    print(f"process  primero evaluate 7s 6h Ad Kc (CLI):   {fresh['cli evaluate']:9.3f} s"
          f"   (target < {CLI_TARGET_SECONDS:g} s: {_mark(oks[-1])}; before the lazy "
          f"commands {BEFORE_LAZY_REGISTRY['cli evaluate']}, before the cold-start cut "
          f"{BEFORE_COLD_START['cli evaluate']})")
    print(f"process  primero --help (every command module): {fresh['cli help']:8.3f} s"
          f"   (before the cold-start cut {BEFORE_COLD_START['cli help']})")
    return 1 if args.check and not all(oks) else 0


if __name__ == "__main__":
    sys.exit(main())
