"""Decisions per second of the batched engine, beside the engine and PGX's Leduc, in one run.

Heads-up Waks (50 chips each, stake 1, rest 3), uniform random legal actions, finished deals
dealt again at once (auto-reset): the batched engine (:mod:`primero.batch`) at batches of 256,
1,024 and 4,096 with :class:`~primero.batch.agents.RandomBatchAgent`; the engine one state at a
time in the same process (``state.legal_action_ids()`` / ``state.apply(i)``, ids drawn with
``random.Random.choice``); and PGX's ``leduc_holdem`` (``jax.jit(jax.vmap(...))`` with random
legal actions and auto-reset) if ``pgx`` imports, else skipped. CPU time
(``time.process_time``: every thread of the process, so JAX's too), rounds interleaved so the
machine's load hits all alike; the best round of each is printed (target: >= 1 M decisions/s
at 4,096).

``--differential N`` also replays N random deals per table of the differential test
(tests/adapters/test_batch_engine.py's cases) through the engine and prints the differences found.

Run: ``python benchmarks/bench_batch.py [--seconds S] [--rounds R] [--differential N]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

import primero
from primero.batch import BatchEngine
from primero.batch.agents import RandomBatchAgent
from primero.deal.engine import start_deal

BATCHES = (256, 1024, 4096)


def batch_rate(size: int, seconds: float, seed: int) -> float:
    """Decisions per CPU second of the batched engine at ``size`` deals."""
    batch = BatchEngine("waks", size, 2, 50, auto_reset=True)
    batch.reset(seed=seed)
    agent = RandomBatchAgent()
    rng = np.random.default_rng(seed)
    for _ in range(20):  # warm (tables, caches)
        batch.step(agent.act(batch, rng))
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10):
            batch.step(agent.act(batch, rng))
        decisions += 10 * size
    return decisions / (time.process_time() - start)


def engine_rate(seconds: float, seed: int) -> float:
    """Decisions per CPU second of the engine, one state at a time, by action ids."""
    variant = primero.get_variant("waks")
    rng = random.Random(seed)
    decisions = 0
    k = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = start_deal(variant, ["P0", "P1"], 50, seed=seed * 1_000_003 + k)
        k += 1
        while not state.over:
            state = state.apply(rng.choice(state.legal_action_ids()))
            decisions += 1
    return decisions / (time.process_time() - start)


class Leduc:
    """PGX's Leduc hold'em stepped in batches with random legal actions (``None``: no pgx)."""

    def __init__(self, size: int, seed: int) -> None:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset

        env = pgx.make("leduc_holdem")
        self.size = size

        def act(state: object, key: object) -> object:
            logits = jnp.log(state.legal_action_mask)  # type: ignore[attr-defined]
            return jax.random.categorical(key, logits=logits, axis=-1)

        step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))
        choose = jax.jit(act)
        keys = jax.random.split(jax.random.PRNGKey(seed), size)
        self.state = jax.jit(jax.vmap(env.init))(keys)
        self.key = jax.random.PRNGKey(seed + 1)
        self._split = jax.jit(lambda key: jax.random.split(key, 3))
        self._keys = jax.jit(lambda key: jax.random.split(key, size))
        self._step, self._choose = step, choose
        for _ in range(5):
            self.run(1)

    def run(self, steps: int) -> None:
        for _ in range(steps):
            self.key, one, two = self._split(self.key)
            action = self._choose(self.state, one)
            self.state = self._step(self.state, action, self._keys(two))
        self.state.current_player.block_until_ready()

    def rate(self, seconds: float) -> float:
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.run(10)
            decisions += 10 * self.size
        return decisions / (time.process_time() - start)


def leduc(size: int, seed: int) -> Leduc | None:
    try:
        return Leduc(size, seed)
    except ImportError:
        return None


def differential_counts(deals: int) -> None:
    """Replay ``deals`` random batched deals per differential case through the engine."""
    tests = Path(__file__).resolve().parents[1] / "tests"
    sys.path[:0] = [str(tests), str(tests / "adapters")]
    from test_batch_engine import CASES

    from batch_differential import differential

    total = bad = 0
    for k, (variant, table) in enumerate(CASES):
        start = time.process_time()
        problems = differential(variant, deals, 1000 + k, **table)  # type: ignore[arg-type]
        total += deals
        bad += len(problems)
        print(f"  {variant:17s} {table!s:90.90s} {deals:>7,} deals, {len(problems)} "
              f"differences ({time.process_time() - start:.1f} s)")
        for line in problems[:3]:
            print("    ", line[:300])
    print(f"differential: {total:,} deals in {len(CASES)} tables, {bad} differences")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--differential", type=int, default=0, metavar="N",
                        help="also replay N random deals per differential table")
    args = parser.parse_args()
    pgx_runs = {size: leduc(size, 0) for size in (1024, 4096)}
    best: dict[str, float] = {}
    for r in range(args.rounds):
        rates = {f"batch {size:,}": batch_rate(size, args.seconds, r) for size in BATCHES}
        rates["engine"] = engine_rate(args.seconds, r)
        for size, run in pgx_runs.items():
            if run is not None:
                rates[f"pgx leduc {size:,}"] = run.rate(args.seconds)
        for name, rate in rates.items():
            best[name] = max(best.get(name, 0.0), rate)
    engine = best["engine"]
    print("heads-up waks, random legal actions, decisions per CPU second (best of "
          f"{args.rounds} interleaved rounds of {args.seconds:g} s):")
    for name, rate in best.items():
        line = f"  {name:18s} {rate:>12,.0f}/s   x{rate / engine:8.1f} the engine"
        for size in (1024, 4096):
            peer = best.get(f"pgx leduc {size:,}")
            if peer and name.startswith("batch"):
                line += f"   x{rate / peer:5.2f} pgx leduc {size:,}"
        print(line)
    if all(run is None for run in pgx_runs.values()):
        print("  pgx: not installed (pip install pgx), skipped")
    target = best["batch 4,096"]
    print(f"target >= 1,000,000 decisions/s at 4,096: {'met' if target >= 1e6 else 'NOT met'}"
          f" ({target:,.0f})")
    if args.differential:
        differential_counts(args.differential)


if __name__ == "__main__":
    main()
