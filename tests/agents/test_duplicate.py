"""Duplicate play: the same cards once per seat, the candidate's chips with their interval."""

from __future__ import annotations

import math
import random

import pytest

import primero
from primero.agents import RandomAgent
from primero.analysis.duplicate import DuplicateMatch, duplicate_match
from primero.deal.engine import start_deal
from primero.errors import PrimeroError
from primero.simulation import derive_seed


def test_two_copies_of_the_random_agent_score_zero_within_the_interval() -> None:
    match = duplicate_match("waks", "random", "random", players=2, deals=60, seed=3)
    assert match.deals == 60 and match.overall.deals == 60
    assert match.overall.covers(0.0)
    assert match.verdict == "no clear difference"
    assert match.candidate == match.opponent == "random"


def test_the_interval_shrinks_as_one_over_the_root_of_the_deals() -> None:
    small = duplicate_match("waks", "random", "random", players=2, deals=24, seed=5)
    large = duplicate_match("waks", "random", "random", players=2, deals=96, seed=5)
    # four times the deals: half the width, give or take the spread's own noise
    ratio = small.overall.half_width / large.overall.half_width
    assert 1.4 < ratio < 2.9
    assert large.scores[:24] == small.scores  # deal i is the same deal in both


def test_a_deterministic_agent_against_itself_scores_exactly_zero_in_every_deal() -> None:
    match = duplicate_match("waks", "heuristic", "heuristic", players=3, deals=8, seed=2)
    assert match.scores == (0.0,) * 8
    assert (match.overall.low, match.overall.high) == (0.0, 0.0)


def test_a_seat_score_is_the_net_less_the_tables_mean_net_on_the_same_cards() -> None:
    match = duplicate_match("waks", "random", RandomAgent(), players=3, deals=4, seed=11)
    variant = primero.get_variant("waks")
    for deal in range(4):
        for seat in range(3):
            # replayed by hand: the candidate's generator and the opponents' one, both fresh
            mine = random.Random(derive_seed(11, deal, "duplicate-candidate"))
            theirs = random.Random(derive_seed(11, deal, "duplicate-opponent"))
            state = start_deal(variant, ["P0", "P1", "P2"], 50, dealer=2,
                               seed=derive_seed(11, deal))
            while state.to_act is not None:
                rng = mine if state.to_act == seat else theirs
                state = state.apply(RandomAgent().act(state.view(state.to_act), rng))
            assert state.over
            nets = [s - 50 for s in state.stacks]
            assert match.seat_scores[seat][deal] == pytest.approx(nets[seat] - sum(nets) / 3)
        assert match.scores[deal] == pytest.approx(
            sum(match.seat_scores[s][deal] for s in range(3)) / 3)
    assert match.opponent == "random"  # the agent object's own name


def test_the_heuristic_beats_the_random_agent_clear_of_zero() -> None:
    match = duplicate_match("waks", "heuristic", "random", players=3, deals=40, seed=1)
    assert match.overall.low > 0 and match.verdict == "candidate ahead"
    assert len(match.by_seat) == 3 and all(s.deals == 40 for s in match.by_seat)
    assert match.candidate_time > 0 and match.decisions[0] > 0 and match.decisions[1] > 0


def test_the_same_seed_gives_the_same_match() -> None:
    first = duplicate_match("suzuki", "random", "heuristic", deals=5, seed=9)
    again = duplicate_match("suzuki", "random", "heuristic", deals=5, seed=9)
    assert first.scores == again.scores and first.seat_scores == again.seat_scores


def test_the_json_and_the_html_name_the_agents_and_the_interval() -> None:
    match = duplicate_match("waks", "heuristic", "random", deals=6, seed=0)
    data = match.to_json()
    assert data["candidate"] == "heuristic" and data["opponent"] == "random"
    assert data["overall"]["ci_low"] <= data["overall"]["value"] <= data["overall"]["ci_high"]
    assert data["overall"]["deals"] == 6 and len(data["by_seat"]) == 2
    shown = match._repr_html_()
    assert "heuristic" in shown and "ci_low" in shown and "eldest" in shown


def test_bad_matches_are_refused_before_any_deal() -> None:
    with pytest.raises(PrimeroError, match="at least 2 deals"):
        duplicate_match("waks", "random", "random", deals=1)
    with pytest.raises(PrimeroError, match="played by 2 to"):
        duplicate_match("waks", "random", "random", players=9, deals=4)
    with pytest.raises(PrimeroError, match="deals must be a whole number"):
        duplicate_match("waks", "random", "random", deals=2.5)  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match="is not an agent"):
        duplicate_match("waks", object(), "random", deals=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        duplicate_match("waks", "nobody", "random", deals=2)


def test_the_result_is_a_frozen_value() -> None:
    match = duplicate_match("waks", "random", "random", deals=2, seed=0)
    assert isinstance(match, DuplicateMatch)
    with pytest.raises(AttributeError):
        match.seed = 1  # type: ignore[misc]
    assert not math.isnan(match.overall.estimate)
