"""The revival game's settlement is its tie rule, written out: ties split but equal Primeros.

``RevivalRules.primero_settle`` gives a pot shared by tied Primeros to the eldest and settles
everything else with the core's own code. The references: hand-worked showdowns (stacked
stocks), and over random deals of the revival game, a preset, ``tie = eldest`` and the toy,
the rule as the sheet says it: :func:`~primero.rules.settling.settle_showdown` with the
revival's policy at a showdown, the core's settlement (:func:`core_settle`) otherwise.
"""

from __future__ import annotations

import random

from primero import get_variant
from primero.cards import parse_cards
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.rules.settling import core_settle, settle_showdown
from primero.settlement import Settlement
from primero.variant import Variant
from primero.variants.revival import revival_tie_policy

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def _showdown(variant: Variant, top: str) -> GameState:
    """A heads-up deal of ``variant`` (Ben deals: Anna is eldest) from a stock topped by
    ``top``, everyone passing to the showdown."""
    first = parse_cards(top)
    stock = [*first, *(c for c in variant.pack.cards if c not in first)]
    state = start_deal(variant, PLAYERS[:2], 20, dealer=1, stock=stock)
    while not state.over:
        state = state.apply("pass")
    return state


def test_equal_primeros_go_whole_to_the_eldest() -> None:
    # packets of two: Anna 7c 6d, Ben 7d 6c, Anna 5h 4s, Ben 5s 4h: both Primero 68
    state = _showdown(get_variant("revival"), "7c 6d 7d 6c 5h 4s 5s 4h")
    settlement = state.settlement
    assert settlement is not None
    assert [(v.hand_class, v.points) for _, v in settlement.values] == \
        [("Primero", 68), ("Primero", 68)]
    assert [(a.seat, a.amount) for a in settlement.awards] == [(0, 2)]
    assert [s.stack for s in state.seats] == [21, 19]


def test_equal_numeri_split_and_with_tie_eldest_go_to_the_eldest() -> None:
    # Anna 7c 6c 2d 2h, Ben 7d 6d 3c 3h: both Numerus 39 (the 7 and 6 of one suit)
    top = "7c 6c 7d 6d 2d 2h 3c 3h"
    split = _showdown(get_variant("revival"), top)
    assert split.settlement is not None
    assert [(v.hand_class, v.points) for _, v in split.settlement.values] == \
        [("Numerus", 39), ("Numerus", 39)]
    assert [(a.seat, a.amount) for a in split.settlement.awards] == [(0, 1), (1, 1)]
    eldest = _showdown(get_variant("revival", tie="eldest"), top)
    assert eldest.settlement is not None
    assert [(a.seat, a.amount) for a in eldest.settlement.awards] == [(0, 2)]


def _by_the_rule(state: GameState) -> Settlement:
    """The revival's settlement as the sheet says it, worked out from the finished deal."""
    if state.ended_by == "showdown" and len(state.live) >= 2:
        return settle_showdown(state, tie=revival_tie_policy(str(state.variant.option("tie"))))
    return core_settle(state)


def test_random_revival_deals_settle_by_the_rule_written_out() -> None:
    cases = [(get_variant("revival"), 2, 150), (get_variant("revival"), 4, 150),
             (get_variant("italian-primiera"), 3, 150),
             (get_variant("revival", tie="eldest"), 3, 150), (get_variant("toy"), 2, 800)]
    tied_primeros = showdowns = 0
    for variant, players, deals in cases:
        rng = random.Random(players)
        for seed in range(deals):
            state = start_deal(variant, PLAYERS[:players], [3, 8, 20][seed % 3], seed=seed,
                               dealer=seed % players)
            while not state.over:
                state = state.apply(rng.choice(state.legal_actions()))
            unsettled = replace(state, settlement=None)  # (settling reads no stack)
            expected = _by_the_rule(unsettled)
            assert state.settlement == expected
            assert variant.rules.deal.settle(unsettled) == expected
            if state.ended_by == "showdown" and len(state.live) >= 2:
                showdowns += 1
                keys = [v.key for _, v in expected.values if v.hand_class == "Primero"]
                tied_primeros += len(keys) != len(set(keys))
    assert showdowns > 300 and tied_primeros > 5  # the exception was met
