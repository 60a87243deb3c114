"""The all-seeing description and the PettingZoo text render mark the cards dealt face up."""

from __future__ import annotations

import pytest
from test_face_up_cards import face_up_waks, stacked

from primero import start_deal


def test_describe_ends_a_seats_line_with_its_open_cards() -> None:
    state = start_deal("toy", ["Anna", "Ben"], 3, seed=4)
    assert state.describe().splitlines() == [
        "toy — betting round 1; pot 2",
        "   Anna          2 chips  in   1  7♠ 6♦ 5♣ 5♦      open 7♠ 6♦",
        " D Ben           2 chips  in   1  7♥ 6♣ A♠ 6♠      open 7♥ 6♣",
        "   play goes clockwise, the eldest at the dealer's left; the deal passes against play, "
        "counter-clockwise, to the dealer's right",  # the toy's seating is the revival game's
    ]


def test_describe_drops_the_mark_of_an_open_card_thrown() -> None:
    state = stacked(face_up_waks())
    assert [line.rpartition("open ")[2] for line in state.describe().splitlines()[1:4]] == \
        ["6♣", "K♥", "2♣"]
    for action in ("vie 1", "hold", "hold", "exchange 6c", "exchange", "exchange"):
        state = state.apply(action)
    assert [line.rpartition("open ")[2] for line in state.describe().splitlines()[1:4]] == \
        ["4♦", "K♥ Q♦", "2♣ 5♦"]


def test_describe_without_face_up_cards_marks_nothing() -> None:
    assert "open" not in stacked("waks").describe()


def test_the_pettingzoo_text_render_marks_the_toys_open_cards() -> None:
    pytest.importorskip("pettingzoo")
    from primero.pettingzoo import raw_env

    env = raw_env(variant="toy", players=2, chips=3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    lines = text.splitlines()
    assert lines[1].endswith("open 7♠ 6♦") and lines[2].endswith("open 7♥ 6♣")
