"""play_deal refuses what cannot play a deal with a PrimeroError naming the bad argument."""

from __future__ import annotations

import random

import pytest

from primero import PrimeroError, start_deal
from primero.agents import RandomAgent, play_deal


def _deal():  # type: ignore[no-untyped-def]
    return start_deal("waks", ["a", "b", "c"], 50, dealer=0, seed=3)


def test_a_seed_given_for_the_rng_is_named() -> None:
    with pytest.raises(PrimeroError, match=r"rng: int 5 is not a random.Random"):
        play_deal(_deal(), [RandomAgent()] * 3, 5)  # type: ignore[arg-type]


def test_an_agent_class_given_for_an_agent_says_to_call_it() -> None:
    with pytest.raises(PrimeroError, match=r"RandomAgent is an agent class.*RandomAgent\(\)"):
        play_deal(_deal(), [RandomAgent] * 3, random.Random(1))  # type: ignore[list-item]


def test_names_given_for_agents_point_to_make_agent() -> None:
    with pytest.raises(PrimeroError, match=r"a str is not an agent.*make_agent"):
        play_deal(_deal(), ["random"] * 3, random.Random(1))  # type: ignore[list-item]


def test_no_agents_at_all_is_named() -> None:
    with pytest.raises(PrimeroError, match=r"agents: NoneType is not a list"):
        play_deal(_deal(), None, random.Random(1))  # type: ignore[arg-type]


def test_a_fit_deal_still_plays_to_its_end() -> None:
    end = play_deal(_deal(), [RandomAgent()] * 3, random.Random(1))
    assert end.over
    assert sum(s.stack for s in end.seats) + end.pot == 150
