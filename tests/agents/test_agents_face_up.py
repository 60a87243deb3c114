"""The computer players see the cards dealt face up: never drawn again, always in their hands.

A card dealt face up (``view.seats[i].open``) is public: :func:`unseen_cards` leaves it out,
and an opponent's sampled hand is its open cards plus hidden cards drawn from the unseen
ones. The expected values come from enumerating the toy's few hidden cards by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any, TypeVar

import pytest
from test_face_up_cards import face_up_waks, stacked

import primero
from primero import parse_cards, start_deal
from primero.agents import HeuristicAgent, OddsAgent, Strength, showdown_chance
from primero.agents.calling import pressure_call
from primero.agents.strength import unseen_cards
from primero.cards import Card
from primero.deal.state import GameState
from primero.variants.toy import STOCK

T = TypeVar("T")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


class Enumerating(random.Random):
    """A generator whose ``sample`` walks every combination in turn (an exact enumeration).

    Every other call is the seeded generator's. The populations and sizes asked for are kept.
    """

    def __init__(self) -> None:
        super().__init__(0)
        self.asked: list[tuple[list[Any], int]] = []
        self._walk: Any = None

    def sample(self, population: Sequence[T], k: int, *,  # type: ignore[override]
               counts: Any = None) -> list[T]:
        self.asked.append((list(population), k))
        if self._walk is None:
            self._walk = combinations(population, k)
        found = next(self._walk, None)
        if found is None:  # every combination walked: a second estimate walks them again
            self._walk = combinations(population, k)
            found = next(self._walk)
        return list(found)


def toy(seed: int = 4) -> GameState:
    # seed 4: Anna (eldest) 7s 6d open, 5c 5d hidden; Ben 7h 6c open, As 6s hidden
    return start_deal("toy", ["Anna", "Ben"], 3, seed=seed)


def test_the_toy_deal_the_tests_read() -> None:
    state = toy()
    assert [s.hand for s in state.seats] == [cards("7s 6d 5c 5d"), cards("7h 6c As 6s")]


@pytest.mark.parametrize("seat", [0, 1])
def test_unseen_cards_leave_out_every_seats_open_cards(seat: int) -> None:
    state = toy()
    if seat == 1:
        state = state.apply("pass")
    view = state.view(seat)
    hidden_own = set(state.seats[seat].hand[2:])
    # the six cards dealt face down, less the viewer's own two: the opponent's and the stock's
    assert set(unseen_cards(view)) == set(STOCK) - hidden_own
    assert len(unseen_cards(view)) == 4
    assert not set(cards("7s 6d 7h 6c")) & set(unseen_cards(view))


def _exact_chance(state: GameState, seat: int) -> float:
    """The viewer's share at the showdown over every hidden pair the opponent may hold."""
    ranking = state.variant.ranking
    mine = ranking.evaluate(state.seats[seat].hand)
    other = state.seats[1 - seat]
    pool = set(STOCK) - set(state.seats[seat].hand)
    total = 0.0
    pairs = list(combinations(sorted(pool, key=lambda c: c.index), 2))
    assert len(pairs) == comb(6, 2) - 9  # the 15 pairs less the 9 touching the viewer's own
    for pair in pairs:
        theirs = ranking.evaluate([*other.hand[:2], *pair])
        total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total / len(pairs)


@pytest.mark.parametrize(("seed", "seat"), [(4, 0), (4, 1), (9, 0), (9, 1), (2, 0)])
def test_the_showdown_chance_keeps_the_opponents_open_cards(seed: int, seat: int) -> None:
    state = toy(seed)
    if seat == 1:
        state = state.apply("pass")  # a pass says nothing of the hand
    view = state.view(seat)
    table = Strength.of(view.variant.ranking)
    # six samples: every pair of the four unseen cards once (no more deals than samples)
    chance = showdown_chance(view, table, view.hand, random.Random(0), samples=6)
    assert chance == pytest.approx(_exact_chance(state, seat), abs=1e-12)


def test_the_sampled_opponent_hands_hold_only_hidden_draws_from_the_unseen_cards() -> None:
    state = toy()
    view = state.view(0)
    rng = Enumerating()
    table = Strength.of(view.variant.ranking)
    assert pressure_call(view, view.legal, view.legal[0], 0.5, table, rng, samples=6) is None
    # the toy names no calls: the sampled deals were drawn, then nothing was weighed
    assert rng.asked == [([c.bit for c in unseen_cards(view)], 2)] * 6


def test_the_odds_player_never_draws_the_open_cards_in_the_toy() -> None:
    for seed in range(12):
        state = toy(seed)
        # the opponent's hand is its two open cards and a pair of the four unseen: six deals,
        # each weighed once, so the odds player's chance is the exact one over those pairs
        _, chance, _ = OddsAgent(samples=6).advise(state.view(0), random.Random(seed))
        assert chance == pytest.approx(_exact_chance(state, 0), abs=1e-12)


def test_after_exchange_completes_without_the_cards_seen() -> None:
    waks = primero.get_variant("waks")
    table = Strength.of(waks.ranking)
    hand = cards("7s 6c")
    seen = cards("6h 2c 7h")
    pack = [c for c in waks.pack.cards if c not in hand and c not in seen]
    for discards in ((), cards("6c"), hand):
        keep = [c for c in hand if c not in discards]
        finals = [
            table.share_of_mask(sum(c.bit for c in (*keep, *extra)))
            for extra in combinations(pack, 4 - len(keep))]
        assert table.after_exchange(hand, discards, seen=seen) == \
            pytest.approx(sum(finals) / len(finals), abs=1e-12)
    assert table.after_exchange(hand, ()) != table.after_exchange(hand, (), seen=seen)


def _unseen_asked(monkeypatch: pytest.MonkeyPatch) -> list[Sequence[Card] | None]:
    """The ``unseen`` cards each ``Strength.of_hand`` call is given, as they come."""
    asked: list[Sequence[Card] | None] = []
    of_hand = Strength.of_hand

    def spy(self: Strength, hand: Sequence[Card],
            unseen: Sequence[Card] | None = None) -> float:
        asked.append(unseen)
        return of_hand(self, hand, unseen)

    monkeypatch.setattr(Strength, "of_hand", spy)
    return asked


def test_the_heuristic_weighs_two_cards_over_completions_it_can_still_get(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = stacked(face_up_waks())  # Anna 7s 6c (6c open), Ben 6h Kh, Carla Ad 2c
    view = state.view(0)
    asked = _unseen_asked(monkeypatch)
    HeuristicAgent().act(view, random.Random(3))
    assert asked[0] is not None
    assert set(asked[0]) == set(view.variant.pack.cards) - set(cards("7s 6c Kh 2c"))


def test_without_face_up_cards_the_heuristic_reads_the_cached_pack_means(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = stacked("waks")
    asked = _unseen_asked(monkeypatch)
    HeuristicAgent().act(state.view(0), random.Random(3))
    assert asked[0] is None
