"""What a game developer reads off a player's view and a finished deal: the hand's value, the
standing call, and ``describe()`` of a deal that ended without a winner."""

from __future__ import annotations

import attrs

from primero.actions import Call
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.registry import get_variant
from primero.views import PlayerView

NAMES = ["Anna", "Ben", "Carla"]


def _waks_round_2() -> GameState:
    state = start_deal(get_variant("waks"), NAMES, 50, dealer=2, seed=1)
    for action in ("vie 1", "hold", "hold", "exchange", "exchange", "exchange"):
        state = state.apply(action)
    return state


def test_hand_value_is_none_until_the_hand_is_whole() -> None:
    state = start_deal(get_variant("waks"), NAMES, 50, dealer=2, seed=1)
    view = state.view(0)
    assert len(view.hand) == 2 and view.hand_value is None


def test_hand_value_of_a_whole_hand() -> None:
    view = _waks_round_2().view(0)
    # 4♦ 2♠ 6♠ K♦: no Primero (no heart, no club); best suit spades 6♠ 18 + 2♠ 12 = 30
    # beats diamonds 4♦ 14 + K♦ 10 = 24 (docs/rules/hands.md)
    assert [str(c) for c in view.hand] == ["4♦", "2♠", "6♠", "K♦"]
    value = view.hand_value
    assert value is not None and value.label == "Numerus 30"
    # a plain view built from the lazy one's fields answers the same
    plain = PlayerView(**attrs.asdict(view, recurse=False))
    assert plain.hand_value == value


def test_standing_call_is_typed_on_every_view() -> None:
    state = start_deal(get_variant("cardano"), NAMES, 50, dealer=2, seed=1)
    assert state.view(1).standing_call is None
    state = state.apply("vie 1 call Primero 60")
    assert [state.view(seat).standing_call for seat in range(3)] == [Call("Primero", 60)] * 3
    waks = start_deal(get_variant("waks"), NAMES, 50, dealer=2, seed=1).apply("vie 1")
    assert waks.view(1).standing_call is None


def test_describe_a_deal_without_a_winner_says_it_is_over() -> None:
    state = _waks_round_2()
    while not state.over:
        state = state.apply("pass")
    # nobody vies in round 2: the 3 chips of round 1 carry over (docs/rules/waks.md)
    first = state.describe().splitlines()[0]
    assert first == "waks — over (carry); pot 3; 3 chips carried over to the next deal"
