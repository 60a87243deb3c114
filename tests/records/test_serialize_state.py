"""A whole game state, and a seat's view of it, as JSON-ready dictionaries."""

from __future__ import annotations

import json

import pytest

from conftest import CASES
from primero import UnknownSeatError, get_variant, load_record, replay
from primero.cards import ITALIAN40
from primero.deal.engine import start_deal
from primero.serialize import to_dict


def _state():  # type: ignore[no-untyped-def]
    return start_deal(get_variant("waks"), ["Anna", "Ben", "Carla"], 50, dealer="Carla",
                      seed=7).apply("vie 2")


def test_a_seat_of_a_state_gives_that_seat_s_view() -> None:
    state = _state()
    for seat in range(3):
        assert to_dict(state, seat=seat) == to_dict(state.view(seat))
        assert to_dict(state, seat=seat)["hand"] == [c.ascii for c in state.seats[seat].hand]


def test_the_whole_state_holds_every_card_once_and_the_public_facts() -> None:
    data = json.loads(json.dumps(to_dict(_state())))
    cards = [c for s in data["seats"] for c in s["hand"]] + data["stock"] + data["discards"]
    assert sorted(cards) == sorted(c.ascii for c in ITALIAN40.cards)  # all 40, once each
    assert [len(s["hand"]) for s in data["seats"]] == [2, 2, 2]
    assert [s["stack"] for s in data["seats"]] == [48, 50, 50]
    assert (data["pot"], data["dealer"], data["to_act"], data["step"]) == (2, 2, 1,
                                                                          "betting round 1")
    assert data["history"] == [{"seat": 0, "action": "vie 2"}]
    assert data["variant"]["name"] == "waks" and data["settlement"] is None


def test_a_finished_state_carries_its_settlement() -> None:
    data = to_dict(replay(load_record(CASES / "waks_example.toml")))
    assert data["over"] is True and data["ended_by"] == "showdown"
    assert [s["stack"] for s in data["seats"]] == [57, 45, 50, 48]
    [award] = data["settlement"]["awards"]
    assert (award["seat"], award["amount"], award["value"]["class"],
            award["value"]["points"]) == (0, 12, "Primero", 65)


def test_a_bad_seat_is_refused_by_name() -> None:
    with pytest.raises(UnknownSeatError):
        to_dict(_state(), seat=3)
    with pytest.raises(TypeError, match="a seat for a GameState only, not for PlayerView"):
        to_dict(_state().view(0), seat=0)
