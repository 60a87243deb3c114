"""Hostile input found by the adversarial review: each case a precise, truthful error."""

from __future__ import annotations

import numpy as np
import pytest

from primero import IllegalActionError, PrimeroError, UnknownSeatError, start_deal


def test_suzuki_pass_exchanging_a_card_twice_names_the_card() -> None:
    """RULES.md §7: a Suzuki pass exchanges one or two cards; the same card twice is refused
    for that reason (not "a pass comes with no exchange")."""
    state = start_deal("suzuki", ["A", "B", "C"], 20, seed=1)
    card = state.seats[0].hand[0]
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"pass exchange {card.ascii} {card.ascii}")
    assert info.value.reason == f"a card can be exchanged only once: {card.ascii} given twice"
    assert state.to_act == 0 and state.history == ()


@pytest.mark.parametrize(("seat", "message"), [
    (3, "seat 3 is not one of the 3 seats (0..2)"),
    (-1, "seat -1 is not one of the 3 seats (0..2)"),
    ("Anna", "'Anna' is not a seat number: give an int 0..2 (state.seat_of(name) gives a "
             "player's)"),
    (None, "None is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
    (1.0, "1.0 is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
    (True, "True is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
])
def test_view_of_a_bad_seat_is_a_precise_error(seat: object, message: str) -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    with pytest.raises(UnknownSeatError) as info:
        state.view(seat)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, PrimeroError) and isinstance(info.value, IndexError)


def test_view_takes_numpy_seat_numbers() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    assert state.view(np.int64(1)) == state.view(1)
    assert state.view(np.int64(1)).seat == 1 and type(state.view(np.int64(1)).seat) is int


def test_seat_of_an_unknown_name_is_a_precise_error() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    with pytest.raises(UnknownSeatError) as info:
        state.seat_of("Zed")
    assert str(info.value) == "no player called 'Zed'; players: Anna, Ben, Carla"
    assert isinstance(info.value, KeyError)
    assert state.seat_of("Carla") == 2
