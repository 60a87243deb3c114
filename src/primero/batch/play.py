"""A simulation run played on the batched engine (``simulate(..., engine="batch")``).

:func:`batch_results` plays a run's independent deals in batches with batched agents
(:mod:`primero.batch.agents`) and makes one :class:`~primero.simulation.records.DealResult`
per deal, as the engine's run does: deal ``i`` is shuffled from ``derive_seed(seed, i)`` (the
same cards as the engine's run), every deal starts from the same table, the last seat deals.
The agents are the batch's own (``"random"``, ``"strength"``), so the decisions are not the
engine agents'; each batch's agents draw from a generator seeded from the run's seed and the
batch's first deal.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from primero.batch.agents import BATCH_AGENTS, BatchAgent, batch_agent
from primero.batch.engine import BatchEngine
from primero.batch.state import ENDED_CARRY, ENDED_FOLDS
from primero.errors import PrimeroError, UnknownAgentError
from primero.simulation.play import derive_seed, seat_names
from primero.simulation.records import DealResult
from primero.variant import Variant

__all__ = ["BATCH_SIZE", "batch_agents", "batch_results"]

#: Deals stepped at once.
BATCH_SIZE = 4096


def batch_agents(agents: object, players: int) -> tuple[BatchAgent, ...]:
    """One batched agent per seat from a name or one name per seat.

    Raises:
        PrimeroError: not a name or ``players`` names (agent objects are the engine's).
        UnknownAgentError: a name no batched agent has (the engine's default ``"heuristic"``
            included: the message says which names the batch plays).
    """
    if isinstance(agents, str):
        names: list[object] = [agents] * players
    elif isinstance(agents, Sequence):
        names = list(agents)
    else:
        names = []
    if len(names) != players or not all(isinstance(a, str) for a in names):
        raise PrimeroError(f"engine='batch' plays batched agents by name ('random', "
                           f"'strength'), one for every seat or one per seat; got {agents!r:.80}")
    unknown = sorted({a for a in names if a not in BATCH_AGENTS}, key=str)
    if unknown:
        raise UnknownAgentError(
            f"no batched agent called {unknown[0]!r}: engine='batch' plays "
            f"{' or '.join(repr(n) for n in sorted(BATCH_AGENTS))} (agents= is the engine's "
            f"'heuristic' unless given)")
    return tuple(batch_agent(str(a)) for a in names)


def batch_results(variant: Variant, label: str, *, players: int, deals: int, seed: int,
                  agents: Sequence[BatchAgent], chips: Sequence[int], stake: int, rest: int,
                  ante: int, raise_cap: int | None) -> tuple[DealResult, ...]:
    """Play ``deals`` deals on the batched engine; one record per deal, in deal order.

    Args:
        variant: The configured variant (one the batch plays).
        label: The variant label of the records.
        players: Seats.
        deals: How many deals.
        seed: The run's seed (deal ``i`` is shuffled from ``derive_seed(seed, i)``).
        agents: One batched agent per seat.
        chips: Each seat's chips at the start of every deal.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante, in chips.
        raise_cap: The house rule's cap, or ``None``.

    Raises:
        UnknownVariantError: the batch does not play the variant.
    """
    results: list[DealResult] = []
    table = variant.ranking.hand_table
    class_ids, points, strength = (np.asarray(a) for a in table.arrays())
    for start in range(0, deals, BATCH_SIZE):
        size = min(BATCH_SIZE, deals - start)
        batch = BatchEngine(variant, size, seat_names(players), np.array(chips, np.int64),
                            stake=stake, rest=rest, ante=ante, raise_cap=raise_cap)
        seeds = [derive_seed(seed, i) for i in range(start, start + size)]
        batch.reset(seeds=seeds)
        rng = np.random.default_rng([seed & (2 ** 63 - 1), start])
        while not batch.done.all():
            to_act = batch.to_act
            ids = np.zeros(size, np.int64)
            for s, agent in enumerate(agents):
                if (to_act == s).any():
                    ids = np.where(to_act == s, agent.act(batch, rng), ids)
            batch.step(ids)
        results += _records(batch, variant, label, start, seeds, class_ids, points, strength)
    return tuple(results)


def _records(batch: BatchEngine, variant: Variant, label: str, start: int, seeds: list[int],
             class_ids: np.ndarray, points: np.ndarray, strength: np.ndarray) \
        -> list[DealResult]:
    """The :class:`DealResult` of every deal of a finished batch."""
    st, rules = batch.state, batch.rules
    n = rules.n
    t = rules.terms
    hands = np.minimum(st.hands[:, :, :4], len(rules.pack) - 1)
    index = hands[..., 0] + t[1][hands[..., 1]] + t[2][hands[..., 2]] + t[3][hands[..., 3]]
    index = np.minimum(index, len(strength) - 1)  # (hands not shown: never read)
    classes = variant.ranking.hand_table.classes
    net = (st.stack - batch.start_chips).tolist()
    awards = st.award.tolist()
    ended = st.ended.tolist()
    shown = st.showdown.tolist()
    carry = st.carry_out.tolist()
    actions = st.hist_len.tolist()
    power = strength[index].tolist()
    class_of = class_ids[index].tolist()
    points_of = points[index].tolist()
    out = []
    for k in range(batch.deals):
        won = [i for i in range(n) if awards[k][i] > 0]
        best = max(won, key=lambda i: power[k][i]) if won and shown[k] else None
        how = "folds" if ended[k] == ENDED_FOLDS else "carry" if ended[k] == ENDED_CARRY \
            else "showdown"
        out.append(DealResult(
            variant=label, deal=start + k, session=start + k, session_deal=0, seed=seeds[k],
            players=n, dealer=rules.dealer, eldest=rules.eldest,
            pot=sum(awards[k]) + carry[k], carry_in=0, showdown=bool(shown[k]), ended_by=how,
            winners=tuple(won), winner_positions=tuple((i - rules.eldest) % n for i in won),
            winning_class=classes[class_of[k][best]] if best is not None else None,
            winning_points=int(points_of[k][best]) if best is not None else None,
            carry=carry[k], net=tuple(net[k]), actions=actions[k]))
    return out
