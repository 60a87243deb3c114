"""Where the deal passes in a session: a rule of the session (docs/rules/dealing.md#direction).

``deal_passes = with_play`` (the Waks family, Primiera): the eldest deals next.
``deal_passes = against_play`` (the revival game and its presets): the player before the dealer
in playing order deals next. The expected dealers and eldest hands below are worked by hand
from the seats (named in playing order) and written out as names.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import primero
from cli_helpers import ok, run
from primero.agents import HeuristicAgent, RandomAgent, play_deal, play_session
from primero.deal.state import GameState
from primero.records import dump_record, load_record, record_from_state, replay
from primero.seating import next_dealer_seat
from primero.session import Session

THREE = ["Anna", "Ben", "Carla"]


def _session_deals(name: str, players: list[str], chips: int | list[int], deals: int,
                   seed: int, **options: str) -> tuple[Session, list[GameState]]:
    variant = primero.get_variant(name, **options)
    session = Session.new(variant, players, chips, seed=seed, dealer=0)
    agents = [HeuristicAgent(), RandomAgent(), HeuristicAgent(), RandomAgent()][:len(players)]
    return play_session(session, agents, deals, random.Random(seed))


def _dealer_and_eldest(states: list[GameState]) -> list[tuple[str, str]]:
    return [(s.players[s.dealer], s.players[s.eldest]) for s in states]


def test_the_next_dealer_seat_goes_with_or_against_play() -> None:
    revival, waks = primero.get_variant("revival"), primero.get_variant("waks")
    # five seats 0-4: after seat 0, with play seat 1; against play seat 4 (before seat 0)
    assert [next_dealer_seat(waks, d, 5) for d in range(5)] == [1, 2, 3, 4, 0]
    assert [next_dealer_seat(revival, d, 5) for d in range(5)] == [4, 0, 1, 2, 3]
    # seats 4 and 3 have left: against play from seat 0 the deal skips to seat 2
    assert next_dealer_seat(revival, 0, 5, lambda seat: seat < 3) == 2
    assert next_dealer_seat(waks, 2, 5, lambda seat: seat < 3) == 0
    with pytest.raises(primero.PrimeroError, match=r"dealer seat 5 is not one of 5 seats"):
        next_dealer_seat(waks, 5, 5)


def test_a_three_player_revival_session_passes_the_deal_against_play() -> None:
    session, states = _session_deals("revival", THREE, 50, 4, seed=3)
    assert session.left == ()  # everyone stays: the seats below are the whole table
    # Seats in playing order: Anna, Ben, Carla. Anna deals deal 1, Ben (after her) is eldest.
    # Against play the player before the dealer deals next: before Anna comes Carla; Carla
    # deals deal 2 and Anna, after her, is eldest; before Carla comes Ben, who deals deal 3
    # to Carla as eldest; before Ben comes Anna again, dealing deal 4 to Ben.
    assert _dealer_and_eldest(states) == [
        ("Anna", "Ben"), ("Carla", "Anna"), ("Ben", "Carla"), ("Anna", "Ben")]
    assert session.players[session.dealer] == "Carla"  # before Anna: deal 5's dealer


def test_a_three_player_waks_session_passes_the_deal_with_play() -> None:
    session, states = _session_deals("waks", THREE, 50, 4, seed=3)
    assert session.left == ()
    # With play the eldest deals next: Anna deals to Ben, Ben to Carla, Carla to Anna, and
    # Anna again to Ben.
    assert _dealer_and_eldest(states) == [
        ("Anna", "Ben"), ("Ben", "Carla"), ("Carla", "Anna"), ("Anna", "Ben")]
    assert session.players[session.dealer] == "Ben"


def test_the_option_turns_each_family_the_other_way() -> None:
    _, revival = _session_deals("revival", THREE, 50, 4, seed=3, deal_passes="with_play")
    _, waks = _session_deals("waks", THREE, 50, 4, seed=3, deal_passes="against_play")
    assert [d for d, _ in _dealer_and_eldest(revival)] == ["Anna", "Ben", "Carla", "Anna"]
    assert [d for d, _ in _dealer_and_eldest(waks)] == ["Anna", "Carla", "Ben", "Anna"]


def test_against_play_skips_a_player_who_left_the_table() -> None:
    # Dan (seat 3) starts with 1 chip, antes it all-in and loses deal 1, which Anna deals.
    # The player before Anna is Dan, who has left: the deal goes on against play to Carla.
    # With play it would go to Ben, the eldest.
    for deal_passes, expected in (("against_play", "Carla"), ("with_play", "Ben")):
        variant = primero.get_variant("revival", deal_passes=deal_passes)
        session = Session.new(variant, [*THREE, "Dan"], [20, 20, 20, 1], seed=5, dealer=0)
        final = play_deal(session.start_deal(), [HeuristicAgent()] * 4, random.Random(1))
        assert final.stacks[3] == 0  # the precondition: Dan lost his chip
        after = session.after(final)
        assert after.left == ("Dan",) and after.players == ("Anna", "Ben", "Carla")
        assert after.players[after.dealer] == expected


def test_a_session_deal_record_replays_with_its_dealer(tmp_path: Path) -> None:
    _, states = _session_deals("revival", THREE, 50, 4, seed=3)
    for k, (final, dealer) in enumerate(zip(states, ["Anna", "Carla", "Ben", "Anna"],
                                            strict=True)):
        path = tmp_path / f"deal-{k + 1}.toml"
        path.write_text(dump_record(record_from_state(final)), encoding="utf-8")
        record = load_record(path)
        assert record.dealer == dealer
        again = replay(record)
        assert again.players[again.dealer] == dealer
        assert (again.stacks, again.setup.chips) == (final.stacks, final.setup.chips)
        assert [str(e) for e in again.history] == [str(e) for e in final.history]


def _standings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("standings after deal")]


def test_the_terminal_game_names_the_next_dealer_against_play(tmp_path: Path) -> None:
    # Three seats, Anna, Ben, Carla; the terminal game's first dealer is the last seat, Carla.
    # Against play: before Carla comes Ben, who deals deal 2; before Ben, Anna deals deal 3.
    out = ok("play", "-V", "revival", "--auto", "--seed", "1", "--players", "3",
             "--deals", "3", "--save", str(tmp_path / "deal.toml"))
    assert re.findall(r"; (\w+) deals;", out) == ["Carla", "Ben", "Anna"]
    assert [line.split("; ")[-1] for line in _standings(out)] == [
        "Ben deals next (the deal passes against play, counter-clockwise)",
        "Anna deals next (the deal passes against play, counter-clockwise)",
        _standings(out)[2].split("; ")[-1]]
    assert "deals next" not in _standings(out)[2]  # no deal follows the last
    assert "left the table" not in out
    # the saved second deal replays with its dealer, Ben
    second = ok("replay", str(tmp_path / "deal-2.toml"))
    assert second.splitlines()[0].startswith("Revival")
    assert second.splitlines()[0].endswith("— Anna, Ben, Carla; Ben deals")


def test_the_toy_plays_at_the_terminal_with_its_own_two_players() -> None:
    out = ok("play", "-V", "toy", "--auto", "--seed", "1")
    assert out.splitlines()[0].startswith("Toy Primero (solvable) — Anna, Ben; Ben deals;")
    summary = ok("simulate", "-V", "toy", "--deals", "20", "--no-progress")
    assert summary.splitlines()[0].startswith("toy: 20 deals, 2 players,")


def test_the_toy_refuses_what_it_lacks_in_its_own_words() -> None:
    state = primero.start_deal("toy", ["Anna", "Ben"], 5, dealer=1, seed=1)
    with pytest.raises(primero.IllegalActionError, match="there is no exchange in toy"):
        state.apply("exchange 7s")
    with pytest.raises(primero.PrimeroError) as info:
        primero.start_deal("toy", THREE, 5, dealer=0, seed=1)
    assert str(info.value) == "toy is played by 2 players; got 3"
    result = run("play", "-V", "toy", "--auto", "--players", "3")
    assert (result.exit_code, result.stderr) == (
        2, "error: invalid value for '--players': toy is played by 2 players; got 3\n")
