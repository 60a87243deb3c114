"""The batch against the engine: the same cards and action ids, deal by deal (a test helper).

:func:`differential` plays a batch with random legal ids, then replays every deal through
:func:`primero.deal.engine.start_deal` / :func:`primero.deal.engine.apply` with the same stock
(or seed) and ids and lists every difference: the ids' legality, the final stacks, the
settlement (awards, returns, carry, showdown) and the history. Used by
tests/adapters/test_batch_engine.py (small counts) and benchmarks/bench_batch.py ``--differential``
(large ones).
"""

from __future__ import annotations

import numpy as np

from primero.batch import BatchEngine
from primero.deal.engine import start_deal


def random_ids(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of ``mask`` (0 where none is legal)."""
    return np.asarray((rng.random(mask.shape) * mask).argmax(axis=1))


def differential(variant: str, deals: int, seed: int, *, players: int = 2,
                 chips: object = 50, dealer: int = -1, stake: int = 1, rest: int = 3,
                 ante: int | None = None, carry: object = 0, raise_cap: int | None = None,
                 seeded: bool = False, **options: object) -> list[str]:
    """Play ``deals`` random deals in a batch and in the engine; the differences (none: ``[]``)."""
    from primero import get_variant

    v = get_variant(variant, **options)
    batch = BatchEngine(v, deals, players, chips, dealer=dealer, stake=stake,  # type: ignore[arg-type]
                        rest=rest, ante=ante, carry=carry, raise_cap=raise_cap)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    if seeded:
        batch.reset(seeds=[seed * 100_003 + k for k in range(deals)])
    else:
        batch.reset(seed=seed)
    taken: list[list[int]] = [[] for _ in range(deals)]
    while not batch.done.all():
        mask = batch.legal_mask()
        ids = random_ids(mask, rng)
        for k in np.flatnonzero(batch.to_act >= 0).tolist():
            taken[k].append(int(ids[k]))
        batch.step(ids)
    problems: list[str] = []
    st = batch.state
    pack = v.pack.cards
    for k in range(deals):
        chips_k = [int(c) for c in batch.start_chips[k]]
        common = dict(dealer=dealer, stake=stake, rest=rest, ante=ante,
                      carry=int(batch.carry[k]), raise_cap=raise_cap)
        if seeded:
            state = start_deal(v, list(batch.players), chips_k, seed=st.seeds[k], **common)
        else:
            state = start_deal(v, list(batch.players), chips_k,
                               stock=[pack[p] for p in st.original[k]], seed=st.seeds[k],
                               **common)
        for j, i in enumerate(taken[k]):
            legal = state.legal_action_ids()
            if i not in legal:
                problems.append(f"deal {k}: id {i} (move {j}) is not legal in the engine: "
                                f"{legal}")
                break
            state = state.apply(i)
        else:
            if not state.over:
                problems.append(f"deal {k}: the engine's deal is not over")
                continue
            s = state.settlement
            assert s is not None
            n = len(batch.players)
            got = ([int(x) for x in batch.stacks[k]],
                   [int(x) for x in st.award[k]], [int(x) for x in st.returned[k]],
                   int(st.carry_out[k]), bool(st.showdown[k]), batch.actions(k))
            want = (list(state.stacks), [s.won_by(i) for i in range(n)],
                    [s.returned_to(i) for i in range(n)], s.carry, s.showdown,
                    list(state.history))
            if got != want:
                problems.append(f"deal {k}: batch {got} != engine {want}")
    return problems
