"""A hostile deal file is refused by the fault at its root, not by a later symptom of it.

A file naming one player twice was refused at the first action of the second seat ("'Ben'
is not one of the players (Anna, Anna, ...)"); a file replayed under the wrong variant, or
with actions after the end, said only "the deal is already over".
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
import tomli_w

from conftest import CASES
from primero.errors import RecordError
from primero.records import load_record, replay
from primero.setup import player_names_problem

BASE: dict[str, Any] = {k: v for k, v in
                        tomllib.loads((CASES / "waks_example.toml").read_text("utf-8")).items()
                        if k not in ("expect", "printed")}


def test_a_file_naming_a_player_twice_is_refused_for_that_name() -> None:
    players = [BASE["players"][0], *BASE["players"][:-1]]  # Anna, Anna, Ben, Carla
    text = tomli_w.dumps({**BASE, "players": players, "dealer": players[-1]})
    with pytest.raises(RecordError) as caught:
        load_record(text)
    assert str(caught.value) == (f"deal record: two players are called {players[0]!r}: names "
                                 "must be distinct")


@pytest.mark.parametrize("names", [("Anna", "Anna"), ("Ann", "Bob", "Ann"), ("Zoë", "Zoë")])
def test_player_names_problem_names_an_exact_duplicate(names: tuple[str, ...]) -> None:
    assert player_names_problem(names) == (f"two players are called {names[0]!r}: names must "
                                           "be distinct")


def test_actions_after_the_end_say_how_the_deal_ended_and_how_many_are_left() -> None:
    last = BASE["players"][0]
    text = tomli_w.dumps({**BASE, "actions": [*BASE["actions"], f"{last} pass", f"{last} fold"]})
    done = len(BASE["actions"])
    with pytest.raises(RecordError) as caught:
        replay(load_record(text))
    ended_by = replay(load_record(tomli_w.dumps(BASE))).ended_by
    assert ended_by in ("showdown", "folds")
    assert str(caught.value) == (
        f"action {done + 1} '{last} pass': the deal is already over (it ended by {ended_by} "
        f"after {done} actions in waks; 2 left in the record)")


def test_a_file_replayed_under_a_variant_that_ends_at_once_says_so() -> None:
    # primiera: a player served a Primiera at the first declaration wins before any action
    for seed in range(200):
        text = tomli_w.dumps({"variant": "primiera", "players": ["Ann", "Bob"],
                              "dealer": "Bob", "chips": 20, "seed": seed,
                              "actions": ["Ann pass"]})
        try:
            replay(load_record(text))
        except RecordError as error:
            if "already over" in str(error):
                assert str(error) == ("action 1 'Ann pass': the deal is already over (it "
                                      "ended by showdown after 0 actions in primiera; 1 left "
                                      "in the record)")
                return
    pytest.fail("no seed of 200 served a combination at once")


@pytest.mark.parametrize("cap", [0, -1])
def test_a_raise_cap_below_one_says_to_leave_the_key_out(cap: int) -> None:
    # the engine's own words ("or None: no cap") name a Python value no deal file can hold
    with pytest.raises(RecordError) as caught:
        load_record(tomli_w.dumps({**BASE, "raise_cap": cap}))
    assert str(caught.value) == (f"deal record: key 'raise_cap' must be at least 1, got {cap}; "
                                 "leave the key out for no cap")
