"""Settling a deal (docs/rules/ties.md): layers, returns, ties, carry-over.

Worked examples for the helpers, then a property test against an independent oracle that
settles the pot one chip-level at a time: the k-th chip of every player who put in at least k
chips forms "unit k"; a unit only one player funded, or that no player still in reaches, goes
back to its funders; any other unit goes to the best hand among the players still in who reach
it (ties to the eldest); the carry-in goes with the lowest unit that is won.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import primero
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.rules.settling import (
    build_layers,
    settle_carry,
    settle_showdown,
    settle_unseen,
)
from primero.rules.ties import share_layer
from primero.settlement import Award, PotLayer, Settlement

WAKS = primero.get_variant("waks")


def table(n: int, dealer: int = -1) -> GameState:
    return start_deal(WAKS, [f"P{i}" for i in range(n)], 50, dealer=dealer, seed=1)


# --------------------------------------------------------------------------------------------
# build_layers, worked by hand


def test_layers_of_three_contributions_with_a_folded_player() -> None:
    # A 2 (all-in), B 5 (all-in), C 8, D 3 folded: levels 2, 3, 5, 8
    layers, returns, carry = build_layers([2, 5, 8, 3], contenders=[0, 1, 2], carry=0)
    assert [(x.amount, x.level, x.contenders) for x in layers] == [
        (8, 2, (0, 1, 2)),   # 2 from each of the four
        (3, 3, (1, 2)),      # 1 each from B, C and the folded D
        (4, 5, (1, 2)),      # 2 each from B and C
    ]
    assert returns == [(2, 3)]  # C's last 3 chips, nobody matched them
    assert carry == 0


def test_carry_joins_the_lowest_contested_layer() -> None:
    layers, returns, carry = build_layers([4, 4, 1], contenders=[0, 1], carry=7)
    # level 1: 3 chips + 7 carried; level 4: 3 + 3 between A and B
    assert [(x.amount, x.level) for x in layers] == [(10, 1), (6, 4)]
    assert returns == [] and carry == 0


def test_a_layer_nobody_still_in_reaches_goes_back() -> None:
    # A (still in) put in 2; B and C put in 6 and folded: A can win 2 from each of them
    layers, returns, _ = build_layers([2, 6, 6], contenders=[0], carry=0)
    assert [(x.amount, x.contenders) for x in layers] == [(6, (0,))]
    assert returns == [(1, 4), (2, 4)]


def test_nothing_put_in_leaves_the_carry() -> None:
    assert build_layers([0, 0, 0], contenders=[0, 1, 2], carry=5) == ([], [], 5)


def test_a_lone_vie_goes_back() -> None:
    layers, returns, _ = build_layers([3, 0], contenders=[0, 1], carry=0)
    assert layers == [] and returns == [(0, 3)]


# --------------------------------------------------------------------------------------------
# share_layer: ties (§3)


def test_eldest_takes_a_tied_layer() -> None:
    state = table(4, dealer=1)  # eldest is seat 2: playing order 2 3 0 1
    assert share_layer(state, 9, [0, 3], "eldest") == ((3,), (9,))
    assert share_layer(state, 9, [1, 2], "eldest") == ((2,), (9,))


def test_split_gives_odd_chips_one_by_one_from_the_eldest() -> None:
    state = table(4, dealer=1)
    assert share_layer(state, 11, [1, 0, 3], "split") == ((3, 0, 1), (4, 4, 3))
    assert share_layer(state, 9, [0, 3], "split") == ((3, 0), (5, 4))
    assert share_layer(state, 8, [0, 3], "split") == ((3, 0), (4, 4))
    assert share_layer(state, 7, [0], "split") == ((0,), (7,))


# --------------------------------------------------------------------------------------------
# Settlement values


def test_settlement_accounts() -> None:
    settlement = Settlement(
        awards=(Award(seat=0, amount=8), Award(seat=1, amount=7)),
        returns=((2, 3),),
        layers=(PotLayer(amount=8, level=2, contenders=(0, 1, 2), winners=(0,), shares=(8,)),
                PotLayer(amount=0, level=5, contenders=(1, 2))),
        carry=4,
    )
    assert settlement.won_by(0) == 8 and settlement.won_by(2) == 0
    assert settlement.returned_to(2) == 3 and settlement.returned_to(0) == 0
    assert settlement.paid_out == 18
    assert not settlement.layers[0].carried and settlement.layers[1].carried


# --------------------------------------------------------------------------------------------
# Against the chip-by-chip oracle


def oracle(contributions: list[int], live: list[int], strength: dict[int, int],
           eldest_order: list[int], carry: int, mode: str) -> tuple[Counter[int], Counter[int],
                                                                     int]:
    """(awards, returns, carry left) settling one chip level at a time.

    ``strength``: a larger number is a better hand; ``mode``: showdown, unseen or carry.
    """
    awards: Counter[int] = Counter()
    returns: Counter[int] = Counter()
    rank = {seat: k for k, seat in enumerate(eldest_order)}
    carry_left = carry
    for k in range(1, max(contributions, default=0) + 1):
        funders = [i for i, c in enumerate(contributions) if c >= k]
        reach = [i for i in funders if i in live]
        if len(funders) == 1 or not reach:
            for i in funders:
                returns[i] += 1
            continue
        if mode == "carry":
            carry_left += len(funders)
            continue
        best = max(strength[i] for i in reach)
        winner = min((i for i in reach if strength[i] == best), key=rank.__getitem__)
        awards[winner] += len(funders) + carry_left
        carry_left = 0
    if mode == "unseen" and carry_left:
        (winner,) = live
        awards[winner] += carry_left
        carry_left = 0
    if mode == "showdown" and carry_left and not any(awards.values()):
        # nothing was contested: the carry is the pot, the best hand takes it
        best = max(strength[i] for i in live)
        awards[min((i for i in live if strength[i] == best), key=rank.__getitem__)] += \
            carry_left
        carry_left = 0
    return +awards, +returns, carry_left


@st.composite
def pots(draw: st.DrawFn, min_live: int) -> tuple[GameState, list[int]]:
    """A finished-looking deal: hands, contributions, folds and a carry-in."""
    n = draw(st.integers(min_value=max(2, min_live), max_value=6))
    state = start_deal(WAKS, [f"P{i}" for i in range(n)], 100,
                       dealer=draw(st.integers(min_value=0, max_value=n - 1)), seed=1,
                       carry=draw(st.integers(min_value=0, max_value=9)))
    cards = draw(st.permutations(WAKS.pack.cards))
    live = draw(st.lists(st.integers(min_value=0, max_value=n - 1), unique=True,
                         min_size=min_live, max_size=n if min_live > 1 else 1))
    contributions = draw(st.lists(st.integers(min_value=0, max_value=8), min_size=n,
                                  max_size=n))
    seats = tuple(
        attrs.evolve(seat, hand=tuple(cards[4 * i: 4 * i + 4]), contributed=c,
                     stack=100 - c, folded=i not in live)
        for i, (seat, c) in enumerate(zip(state.seats, contributions, strict=True))
    )
    return attrs.evolve(state, seats=seats), sorted(live)


def check(settlement: Settlement, state: GameState, live: list[int], mode: str) -> None:
    contributions = [s.contributed for s in state.seats]
    strength = {i: _strength(state, i) for i in live}
    order = list(state.playing_order())
    awards, returns, carry = oracle(contributions, live, strength, order, state.carry_in, mode)
    assert Counter({a.seat: a.amount for a in settlement.awards}) == awards
    assert Counter(dict(settlement.returns)) == returns
    assert settlement.carry == carry
    assert settlement.paid_out + settlement.carry == sum(contributions) + state.carry_in


@cache
def _places() -> dict[tuple[int, ...], int]:
    return {key: k for k, key in enumerate(sorted({v.key for v in WAKS.ranking.table.values()}))}


def _strength(state: GameState, seat: int) -> int:
    """A hand's place among all 91,390 hands (an integer, so the oracle never sees the key)."""
    return _places()[state.value(seat).key]


@given(pots(min_live=2))
@settings(max_examples=100, deadline=None)
def test_showdown_matches_the_chip_by_chip_oracle(pot: tuple[GameState, list[int]]) -> None:
    state, live = pot
    settlement = settle_showdown(state)
    assert settlement.showdown
    assert [s for s, _ in settlement.values] == live
    check(settlement, state, live, "showdown")


@given(pots(min_live=1))
@settings(max_examples=100, deadline=None)
def test_unseen_win_matches_the_chip_by_chip_oracle(pot: tuple[GameState, list[int]]) -> None:
    state, live = pot
    settlement = settle_unseen(state)
    assert not settlement.showdown and all(a.value is None for a in settlement.awards)
    check(settlement, state, live, "unseen")


@given(pots(min_live=2))
@settings(max_examples=100, deadline=None)
def test_carry_matches_the_chip_by_chip_oracle(pot: tuple[GameState, list[int]]) -> None:
    state, live = pot
    settlement = settle_carry(state)
    assert settlement.awards == ()
    check(settlement, state, live, "carry")


@pytest.mark.parametrize("tie", ["eldest", "split"])
def test_split_and_eldest_share_the_same_total(tie: str) -> None:
    # two equal Primero 65s among three players, everyone 3 in: the pot of 9
    state = start_deal(WAKS.with_options(tie=tie), ["A", "B", "C"], 10, dealer="A", seed=1)
    hands = [primero.parse_cards(h) for h in ("7h 6s Ac Kd", "Js Qs Jh Qh", "7s 6h Ad Kc")]
    seats = tuple(attrs.evolve(s, hand=h, contributed=3, stack=7)
                  for s, h in zip(state.seats, hands, strict=True))
    settlement = settle_showdown(attrs.evolve(state, seats=seats))
    shares = {a.seat: a.amount for a in settlement.awards}
    assert shares == ({2: 9} if tie == "eldest" else {2: 5, 0: 4})
