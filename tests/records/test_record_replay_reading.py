"""A record's action text read once and applied many times replays as text applied each time.

The same text can be legal at one action and illegal at a later one; the error names the
later action and gives the engine's reason for that state, worded as for text. Text spaced
otherwise (``hold  raise 1``) replays to the same states as its single-spaced form.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
import tomli_w

from conftest import CASES
from primero.errors import RecordError
from primero.records import load_record, replay, replay_states

BASE: dict[str, Any] = {k: v for k, v in
                        tomllib.loads((CASES / "waks_example.toml").read_text("utf-8")).items()
                        if k not in ("expect", "printed")}


def record_text(actions: list[str]) -> str:
    """The example deal's file with these actions."""
    return tomli_w.dumps({**BASE, "actions": actions})


def test_a_text_legal_once_is_refused_where_it_is_illegal_later() -> None:
    # Anna passes in the first round, Ben vies, Carla and Dan pass: Anna, last before the
    # vier with nobody holding, may not pass a second time (docs/rules/waks.md)
    text = record_text(["Anna pass", "Ben vie 2", "Carla pass", "Dan pass", "Anna pass"])
    with pytest.raises(RecordError) as caught:
        replay(load_record(text))
    assert str(caught.value) == (
        "action 5 'Anna pass': Anna cannot pass: Anna speaks last before Ben, who vied, and "
        "nobody has held: Anna must hold (round 1). Legal: hold, hold raise 1, hold raise 2, "
        "hold raise 3")


def test_a_second_vie_in_a_round_is_refused_with_the_legal_answers() -> None:
    with pytest.raises(RecordError) as caught:
        replay(load_record(record_text(["Anna pass", "Ben vie 2", "Carla vie 2"])))
    assert str(caught.value) == (
        "action 3 'Carla vie 2': Carla cannot vie 2: someone has already vied this round: "
        "hold, raise, pass or fold. Legal: hold, hold raise 1, hold raise 2, hold raise 3, "
        "pass, fold")


def test_text_that_is_no_action_is_refused_as_text() -> None:
    with pytest.raises(RecordError) as caught:
        replay(load_record(record_text(["Anna pass", "Ben raise 2"])))
    assert str(caught.value) == (
        "action 2 'Ben raise 2': cannot read action 'raise 2': expected vie N, hold, hold "
        "raise N, pass, fold or exchange [cards]")


def test_a_raising_war_of_repeated_texts_raises_the_bet_one_chip_each_time() -> None:
    # Anna vies 1; then each holds the standing bet and raises 1, so the bet goes 2, 3, ... 7:
    # Ben 2, Carla 3, Dan 4, Anna 5, Ben 6, Carla 7 in all; the pot holds Anna's 5, Ben's 6,
    # Carla's 7 and Dan's 4 (22), and Dan (seat 3) is to act
    actions = ["Anna vie 1", *(f"{p} hold raise 1" for p in ("Ben", "Carla", "Dan", "Anna",
                                                            "Ben", "Carla"))]
    state = replay(load_record(record_text(actions)))
    assert (state.pot, state.to_act) == (5 + 6 + 7 + 4, 3)
    assert [s.contributed for s in state.seats] == [5, 6, 7, 4]


def test_text_spaced_otherwise_replays_to_the_same_states() -> None:
    single = record_text([*BASE["actions"][:9], "Ben exchange 3s Jc", *BASE["actions"][10:]])
    spaced = record_text([*BASE["actions"][:9], "Ben exchange  3s   Jc", *BASE["actions"][10:]])
    single_states = list(replay_states(load_record(single)))
    spaced_states = list(replay_states(load_record(spaced)))
    assert [s.history for s in spaced_states] == [s.history for s in single_states]
    assert spaced_states[-1].settlement == single_states[-1].settlement
