"""Primiera's answers made the fast way equal the plain computations, over random deals.

The settlement made at once equals the core's layering of the pot; the antes kept by a known
table's seats equal those of a deal dealt again from its setup (new seats, worked out afresh).

The rules' hook (``primero_settle``) settles the usual deal, every player in for the same ante,
as one pot made at once; :func:`~primero.variants.primiera.settle_declared` is the plain
computation, the core's :func:`~primero.rules.settling.settle_showdown` (or ``settle_carry``)
with only declared hands eligible and shown. Random deals at 2 to 8 players, with antes,
carry-overs and every tie option, must settle the same, field by field (a hand's value by its
key and cards too), and so must deals whose stakes differ (which go the plain way).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from primero import get_variant, start_deal
from primero.deal.copying import replace
from primero.deal.state import GameState
from primero.settlement import Settlement
from primero.variants.primiera import NOTHING, PrimieraRules, declarations, settle_declared

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta", "Hugo"]


def _fields(settlement: Settlement) -> tuple[Any, ...]:
    """Every field, each hand value with its key and cards (``==`` of values means a tie)."""
    def value(v: Any) -> Any:
        return None if v is None else (v.key, v.cards, v.hand_class, v.points)

    return (tuple((a.seat, a.amount, value(a.value)) for a in settlement.awards),
            settlement.returns, settlement.layers, settlement.carry, settlement.showdown,
            tuple((s, value(v)) for s, v in settlement.values), settlement.reason)


def _finished(options: dict[str, str], players: int, seed: int, ante: int, carry: int) \
        -> GameState:
    """A random finished deal, its settlement taken off (the state ``primero_settle`` gets)."""
    rng = random.Random(seed)
    state = start_deal(get_variant("primiera", **options), NAMES[:players], 20,
                       dealer=seed % players, ante=ante, carry=carry, seed=seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
    return replace(state, settlement=None)


@pytest.mark.parametrize("options", [{}, {"tie": "eldest"}, {"tie": "split"},
                                     {"order": "fiftyfive_top", "tie": "split"}])
def test_the_hook_settles_random_deals_as_the_layered_settlement(options: dict[str, str]) \
        -> None:
    rules = PrimieraRules()
    ends = set()
    for seed in range(160):
        players = 2 + seed % 7
        state = _finished(options, players, seed, ante=seed % 4, carry=(0, 3, 7)[seed % 3])
        variant = state.variant
        made = rules.primero_settle(state, variant)
        assert _fields(made) == _fields(settle_declared(state, variant))
        assert made == settle_declared(state, variant)
        ends.add((state.ended_by, bool(made.awards)))
        if state.ended_by == "showdown" and made.awards:
            # the winners hold the best declared key (checked apart from both computations)
            declared = {d.seat for d in declarations(state)}
            keys = {s: state.value(s).key for s in declared}
            assert {a.seat for a in made.awards} <= {s for s in declared
                                                     if keys[s] == max(keys.values())}
            assert all(state.value(s).hand_class != NOTHING for s in declared)
            assert sum(a.amount for a in made.awards) == state.pot
    assert ends >= {("showdown", True), ("cancel", False)}


def test_unequal_stakes_settle_as_the_layered_settlement() -> None:
    rules = PrimieraRules()
    for seed in range(40):
        state = _finished({"tie": ("suit", "split")[seed % 2]}, 3 + seed % 3, seed, ante=2,
                          carry=seed % 3)
        seats = list(state.seats)
        seats[seed % len(seats)] = replace(seats[seed % len(seats)],
                                           contributed=1 + seed % 4)
        uneven = replace(state, seats=tuple(seats))
        made = rules.primero_settle(uneven, uneven.variant)
        assert _fields(made) == _fields(settle_declared(uneven, uneven.variant))


def test_antes_at_a_known_table_equal_a_deal_dealt_again_from_its_setup() -> None:
    # the seeded deals at one table start from the same seats (their antes kept by them); a
    # deal dealt again from its setup starts from new seats, its antes worked out afresh
    variant = get_variant("primiera")
    for players, chips, ante in ((2, 10, 1), (4, [3, 5, 7, 9], 3), (8, 6, 2)):
        for seed in range(12):
            state = start_deal(variant, NAMES[:players], chips, dealer=seed % players,
                               ante=ante, seed=seed)
            stacks = chips if isinstance(chips, list) else [chips] * players
            assert [s.contributed for s in state.seats] == [ante] * players
            if not state.over:
                assert [s.stack for s in state.seats] == [c - ante for c in stacks]
            assert start_deal(variant, state.setup) == state
