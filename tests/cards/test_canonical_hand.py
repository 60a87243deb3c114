"""Exchange ids, tensors and strings read a hand in the pack's order, not the order it came in.

Two deals in which player 0 is dealt the same two cards in opposite orders (7h then 6c, or 6c
then 7h) carry the same information for player 0: the engine's exchange ids, OpenSpiel's
strings and tensors and PettingZoo's observations must then be identical, and each exchange id
must name the same cards. The pack's order is suit (spades, hearts, diamonds, clubs), then
rank, so 7h (hearts) is bit 0 and 6c (clubs) bit 1 in both deals.
"""

from __future__ import annotations

from typing import Any

import pytest

import primero
from primero.deal.action_space import canonical_hand

pyspiel = pytest.importorskip("pyspiel")

from primero import openspiel as primero_openspiel  # noqa: E402

# p0 and p1 are dealt alternately: p0 gets the 1st and 3rd card, p1 the 2nd and 4th
ARRIVAL = (["7h", "Ks", "6c", "2d"], ["6c", "Ks", "7h", "2d"])


def _engine_at_exchange(order: list[str], variant: str = "waks") -> Any:
    state = primero.start_deal(variant, ["a", "b"], 20, dealing="external")
    for card in primero.parse_cards(order):
        state = state.deal(card)
    state = state.apply("vie 2").apply("hold")  # round 1 ends: the exchange
    assert state.step is not None and state.step.kind == "exchange" and state.to_act == 0
    return state


def test_canonical_hand_is_the_packs_order() -> None:
    cards = primero.parse_cards("6c 7h As Kd")
    assert [c.ascii for c in canonical_hand(cards)] == ["As", "7h", "Kd", "6c"]


def test_engine_exchange_ids_name_the_same_cards_whatever_the_arrival_order() -> None:
    first, second = (_engine_at_exchange(order) for order in ARRIVAL)
    assert [c.ascii for c in first.seats[0].hand] == ["7h", "6c"]
    assert [c.ascii for c in second.seats[0].hand] == ["6c", "7h"]
    assert first.legal_action_ids() == second.legal_action_ids()
    _, offset = first.action_space.block("exchange")
    expected = {0: "exchange", 1: "exchange 7h", 2: "exchange 6c", 3: "exchange 7h 6c"}
    for mask, text in expected.items():
        assert str(first.action_space.decode(first, offset + mask)) == text
        assert str(second.action_space.decode(second, offset + mask)) == text
        assert first.action_space.encode(first, first.action_space.decode(first, offset + mask)) \
            == offset + mask
        assert second.action_space.encode(second, primero.parse_action(text)) == offset + mask


def test_suzuki_pass_exchange_ids_read_the_pack_order() -> None:
    states = []
    for order in ARRIVAL:
        state = primero.start_deal("suzuki", ["a", "b"], 20, dealing="external")
        for card in primero.parse_cards(order):
            state = state.deal(card)
        states.append(state)
    first, second = states
    block, offset = first.action_space.block("pass exchange")
    assert block.size == 15
    for state in states:
        assert state.to_act == 0
        assert str(state.action_space.decode(state, offset + 0)) == "pass exchange 7h"  # mask 1
        assert str(state.action_space.decode(state, offset + 1)) == "pass exchange 6c"  # mask 2
    assert first.legal_action_ids() == second.legal_action_ids()


def _openspiel_at_exchange(order: list[str]) -> Any:
    game = pyspiel.load_game(primero_openspiel.GAME_NAME, {"chips": 20})
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in primero.parse_cards(order):
        state.apply_action(pack.index(card))
    state.apply_action(4)  # p0 vies 2
    state.apply_action(2)  # p1 holds
    return state


def test_openspiel_same_information_same_tensors_strings_and_ids() -> None:
    first, second = (_openspiel_at_exchange(order) for order in ARRIVAL)
    assert first.legal_actions() == second.legal_actions()
    for a, b in ((first, second),):
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert list(a.information_state_tensor(0)) == list(b.information_state_tensor(0))
        assert list(a.observation_tensor(0)) == list(b.observation_tensor(0))
    assert "got 7h 6c" in first.information_state_string(0)
    _, offset = first.deal.action_space.block("exchange")
    for state in (first, second):
        assert state.action_to_string(0, offset + 0b10) == "exchange 6c"
        state.apply_action(offset + 0b10)  # p0 throws the 6c
        assert [c.ascii for c in state.deal.seats[0].discarded] == ["6c"]
    assert first.information_state_string(0) == second.information_state_string(0)
    assert "p0 exchange 6c" in first.information_state_string(0)
    assert list(first.information_state_tensor(0)) == list(second.information_state_tensor(0))


def test_pettingzoo_same_information_same_observation_and_mask() -> None:
    pytest.importorskip("pettingzoo")
    from primero.pettingzoo.env import raw_env

    observed = []
    for order in ARRIVAL:
        table = raw_env(players=2, chips=20)
        table.reset(seed=0)
        table.deal = _engine_at_exchange(order)
        table.agent_selection = "player_0"
        observed.append(table.observe("player_0"))
    first, second = observed
    assert (first["observation"] == second["observation"]).all()
    assert (first["action_mask"] == second["action_mask"]).all()
