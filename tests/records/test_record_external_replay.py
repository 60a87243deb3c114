"""A deal dealt from outside, saved and replayed, equals the deal saved (``==``).

Its deal file writes the cards it dealt as the stock (and each reshuffle), in the order
dealt, with ``dealing = "external"``; the replay deals it from outside again, giving every
chance node the next of those cards. Without that key the file replays as the stacked deal
that deals the same cards: the same play, but a state whose setup says ``stacked``.
"""

from __future__ import annotations

import random
import tomllib

import pytest

from primero import RecordError, get_variant, start_deal
from primero.deal.state import GameState
from primero.records import (
    dump_record,
    load_record,
    record_data,
    record_from_data,
    record_from_state,
    replay,
    replay_states,
)

#: The cards dealt by hand below, in the order given: Anna 7h, Ben Kc, Anna 6h, Ben Qc (the
#: first two cards each, one at a time from the eldest), then two more each.
DEALT = ["7h", "Kc", "6h", "Qc", "Ad", "2c", "5s", "3c"]


def _hand_dealt() -> GameState:
    """Two players of waks, every card chosen by the caller, played to the showdown."""
    state = start_deal(get_variant("waks"), ["Anna", "Ben"], 10, dealer="Ben",
                       dealing="external")
    cards = iter(DEALT)
    for text in ["vie 1", "hold", "exchange", "exchange", "pass", "vie 1", "hold"]:
        while state.chance is not None:
            state = state.deal(next(cards))
        state = state.apply(text)
    assert next(cards, None) is None and state.over
    return state


def _played_out(variant: str, players: int, seed: int) -> GameState:
    """A deal dealt from outside with random cards, every player exchanging all they may."""
    rng = random.Random(seed)
    state = start_deal(get_variant(variant), [f"P{k}" for k in range(players)], 30,
                       dealing="external")
    while not state.over:
        if state.chance is not None:
            state = state.deal(rng.choice(state.chance.cards))
            continue
        legal = state.legal_actions()
        exchanges = [a for a in legal if str(a).startswith("exchange")]
        calm = [a for a in legal if str(a) in ("hold", "vie 1")]
        state = state.apply(max(exchanges, key=lambda a: len(str(a))) if exchanges
                            else calm[0] if calm else rng.choice(legal))
    return state


def test_a_hand_dealt_deal_saved_and_replayed_equals_the_original() -> None:
    state = _hand_dealt()
    text = dump_record(record_from_state(state))
    data = tomllib.loads(text)
    assert data["dealing"] == "external"
    assert data["stock"][:8] == DEALT  # the cards in the order they were dealt, then the rest
    assert sorted(data["stock"]) == sorted(c.ascii for c in get_variant("waks").pack)
    again = replay(load_record(text))
    assert again == state
    assert again.setup.dealing == "external"
    assert [c.ascii for c in again.seats[0].hand] == [c.ascii for c in state.seats[0].hand]


def test_deals_that_reshuffle_replay_equal() -> None:
    reshuffled = 0
    for seed in range(6):
        state = _played_out("primiera", 6, seed)
        reshuffled += bool(state.reshuffles)
        record = record_from_state(state)
        assert len(record.reshuffles) == len(state.reshuffles)
        assert replay(load_record(dump_record(record))) == state
    assert reshuffled >= 2  # the stock ran out in some of them


def test_every_state_of_the_replay_equals_the_deal_at_that_point() -> None:
    state = _hand_dealt()
    states = list(replay_states(record_from_state(state)))
    assert len(states) == len(state.history) + 1
    assert states[-1] == state
    assert [len(s.history) for s in states] == list(range(len(state.history) + 1))
    assert all(s.chance is None for s in states)  # every chance node dealt before a decision


def test_without_the_dealing_key_the_file_replays_stacked() -> None:
    state = _hand_dealt()
    data = record_data(record_from_state(state))
    del data["dealing"]
    stacked = replay(record_from_data(data))
    assert stacked.setup.dealing == "stacked"
    assert stacked != state  # another setup: the stock known in advance
    assert (stacked.stacks, stacked.settlement) == (state.stacks, state.settlement)
    assert [s.hand for s in stacked.seats] == [s.hand for s in state.seats]


@pytest.mark.parametrize("value", ["stacked", "outside", 1])
def test_another_dealing_value_is_refused(value: object) -> None:
    data = record_data(record_from_state(_hand_dealt()))
    data["dealing"] = value
    with pytest.raises(RecordError) as info:
        record_from_data(data)
    assert str(info.value).startswith("deal record: key 'dealing': ")
    assert str(info.value).endswith("; the one value is \"external\" (a deal dealt from "
                                    "outside, with its 'stock')")


def test_a_stock_that_is_not_the_pack_is_refused_as_a_stacked_ones_is() -> None:
    data = record_data(record_from_state(_hand_dealt()))
    data["stock"][1] = "7h"  # Anna's 7h twice, Ben's Kc nowhere
    with pytest.raises(RecordError) as external:
        replay(record_from_data(data))
    del data["dealing"]
    with pytest.raises(RecordError) as stacked:
        replay(record_from_data(data))
    assert str(external.value) == str(stacked.value)
    assert "7h" in str(external.value)
