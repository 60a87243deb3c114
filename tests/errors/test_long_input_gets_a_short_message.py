"""Hostile input a new user tries: long card and action text, a killed worker, a table the pack
cannot serve, odd adapter parameters, and how the terminal names and shows the players.

The speed of reading long text (linear, not quadratic) is measured in
``benchmarks/bench_hostile_input.py``; these tests hold the behaviour: short messages that
name the first bad part and a count, refusals before anything moves.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

from cli_helpers import run
from primero import hookimpl
from primero.actions import MAX_EXCHANGE_CARDS, Exchange, Hold, Pass, Vie, parse_action
from primero.cards import FRENCH52, ITALIAN40, Card, Pack, parse_card, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import (
    CardParseError,
    IllegalActionError,
    InvalidDeckError,
    InvalidParameterError,
    PluginError,
    RecordError,
)
from primero.plugins.manager import hook_watchdog
from primero.plugins.registry import get_variant
from primero.records import MAX_RECORD_BYTES, dump_record, load_record, record_from_state, replay
from primero.rules import betting
from primero.simulation import executor as executor_module
from primero.simulation.play import Task, run_task
from primero.variant import Variant
from primero.variants.toy import OPEN_CARDS, TOY

#: Any error message about hostile text stays this short, whatever the text's length.
SHORT = 300


def at_exchange() -> GameState:
    """Two-player Waks at the exchange: a vie of 1, held (Anna, the eldest, to exchange)."""
    state = start_deal("waks", ["Anna", "Ben"], 50, seed=3)
    while state.step is None or state.step.kind != "exchange":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if isinstance(a, Vie)), None)
                            or next(a for a in legal if isinstance(a, Hold)))
    return state


# --------------------------------------------------------------------------------------------
# Card and action text


def test_an_exchange_of_100000_cards_is_refused_in_a_short_message_naming_the_count() -> None:
    state = at_exchange()
    hands = [s.hand for s in state.seats]
    with pytest.raises(IllegalActionError) as info:
        state.apply("exchange " + "7h " * 100_000)
    message = str(info.value)
    assert len(message) < SHORT
    assert message.startswith("cannot read action 'exchange 7h 7h 7h 7h 7h 7h 7h 7h 7h 7h 7...'")
    assert "an exchange of 100,000 cards: it names at most 52" in message
    assert [s.hand for s in state.seats] == hands  # the state is unchanged


def test_a_bad_card_in_a_long_list_is_named_with_its_place_and_the_count() -> None:
    text = "7s " * 1000 + "zz " + "6h " * 10
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert str(info.value) == (
        "unknown card 'zz': expected a rank (A 2-9 10/T J Q K) and a suit (s h d c or ♠ ♥ ♦ ♣),"
        " e.g. '7s' or '10h' (card 1,001 of 1,011 in the list)")


def test_a_huge_card_token_is_quoted_by_its_start_and_its_length() -> None:
    with pytest.raises(CardParseError) as info:
        parse_card("Q" * 100_000)
    assert str(info.value).startswith(f"unknown card {'Q' * 40!r}... (100,000 characters): ")
    assert len(str(info.value)) < SHORT
    with pytest.raises(CardParseError) as info:
        parse_cards("7s " + "x" * 500_000)
    assert "(500,000 characters)" in str(info.value) and len(str(info.value)) < SHORT


def test_a_list_read_in_one_pass_keeps_every_spelling() -> None:
    text = "7s,6H\tTh 10d 7♠ 7 di coppe, asso di denari Q♣\ufe0e"
    assert [c.ascii for c in parse_cards(text)] == ["7s", "6h", "10h", "10d", "7s", "7h", "Ad",
                                                    "Qc"]
    assert parse_cards(" , ,\n") == ()


def test_an_exchange_names_at_most_a_packs_worth_of_cards() -> None:
    whole = " ".join(c.ascii for c in FRENCH52)
    whole_exchange = parse_action("exchange " + whole)
    assert isinstance(whole_exchange, Exchange)
    assert len(whole_exchange.discards) == MAX_EXCHANGE_CARDS == 52
    with pytest.raises(IllegalActionError, match="an exchange of 53 cards: it names at most 52"):
        parse_action("exchange " + whole + " 7h")
    with pytest.raises(IllegalActionError, match="an exchange of 53 cards"):
        parse_action("pass exchange " + "7h " * 53)
    with pytest.raises(IllegalActionError, match="an exchange of 60 cards"):
        Exchange(("7h",) * 60)
    with pytest.raises(IllegalActionError, match="an exchange of 60 cards"):
        Pass(("7h",) * 60)


def test_the_refusal_of_discards_not_in_the_hand_names_four_and_counts_the_rest() -> None:
    state = at_exchange()
    hand = set(state.seats[0].hand)
    outside = [c for c in ITALIAN40.ordered if c not in hand]  # pack order, as discards are
    with pytest.raises(IllegalActionError) as info:
        state.apply(Exchange.from_cards(outside))
    expected = (f"not in it: {' '.join(c.ascii for c in outside[:4])} and "
                f"{len(outside) - 4} more")
    assert expected in str(info.value)
    assert len(outside) - 4 == 34  # 40 cards, 2 in the hand
    assert info.value.reason == ("you can only discard cards from your own hand; " + expected)


def test_the_refusal_of_cards_given_twice_names_each_once() -> None:
    state = at_exchange()
    mine = state.seats[0].hand
    twice = Exchange.from_cards([*mine, *mine, *mine])
    with pytest.raises(IllegalActionError) as info:
        state.apply(twice)
    names = " ".join(c.ascii for c in sorted(mine, key=lambda c: c.index))
    assert info.value.reason == f"a card can be discarded only once: {names} given twice"


def test_a_1_mib_deal_file_of_one_long_exchange_is_refused_in_one_short_line(
        tmp_path: Path) -> None:
    state = at_exchange()
    record = record_from_state(state)
    room = MAX_RECORD_BYTES - len(dump_record(record).encode()) - 64
    line = "exchange" + " 7h" * (room // 3)
    path = tmp_path / "long.toml"
    path.write_text(dump_record(attrs.evolve(record, actions=(*record.actions, ("Anna", line)))),
                    encoding="utf-8")
    assert MAX_RECORD_BYTES - 200 < path.stat().st_size <= MAX_RECORD_BYTES
    with pytest.raises(RecordError) as info:
        replay(load_record(path))
    message = str(info.value)
    assert len(message) < SHORT + len(str(path)) and "\n" not in message
    assert f"an exchange of {room // 3:,} cards: it names at most 52" in message


def test_the_hook_watchdog_never_stops_nor_blames_the_cores_own_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = betting._discard_reason

    def slow(discards: tuple[Card, ...], hand: tuple[Card, ...]) -> str:
        time.sleep(0.3)  # six ticks of the watchdog below
        return real(discards, hand)

    monkeypatch.setattr(betting, "_discard_reason", slow)
    state = at_exchange()
    with hook_watchdog(0.05), pytest.raises(IllegalActionError) as info:
        state.apply("exchange Kc Kc")
    assert not isinstance(info.value, PluginError)
    assert "a card can be discarded only once" in str(info.value)


# --------------------------------------------------------------------------------------------
# Tables the pack cannot serve

class SmallPack:
    """House rule: the Waks game with nine cards."""

    pack = Pack("nine", parse_cards("As 2s 3s 4s 5s 6s Ah 2h 3h"))

    @hookimpl
    def primero_pack(self, variant: Variant) -> Pack:
        return self.pack


def small_pack_waks() -> Variant:
    """Waks (four cards each) with the nine-card pack: two players, not three."""
    waks = get_variant("waks")
    return Variant(spec=waks.spec, settings=waks.settings, house_rules=(SmallPack(),))


UNSERVED = ("waks deals 4 cards to each player: 3 players hold 12 at once, but the nine pack "
            "has 9 cards (it serves at most 2 players)")


@pytest.mark.parametrize("dealing", ["seeded", "external"])
def test_a_table_the_pack_cannot_serve_is_refused_at_start_deal(dealing: str) -> None:
    kwargs: dict[str, Any] = {"seed": 1} if dealing == "seeded" else {"dealing": "external"}
    variant = small_pack_waks()
    with pytest.raises(InvalidDeckError) as info:
        start_deal(variant, ["A", "B", "C"], 5, **kwargs)
    assert str(info.value) == UNSERVED
    assert start_deal(variant, ["A", "B"], 5, **kwargs).n == 2
    # a spec built past the registry's check: the toy's ten cards for three players
    toy_three = attrs.evolve(TOY, players=(2, 3)).configure()
    with pytest.raises(InvalidDeckError, match=r"^toy deals 4 cards to each player: 3 players "
                       r"hold 12 at once, but the toy10 pack has 10 cards \(it serves at most "
                       r"2 players\)$"):
        start_deal(toy_three, ["A", "B", "C"], 5, **kwargs)


def test_a_table_the_pack_cannot_serve_is_refused_by_both_adapters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from primero import adapters
    from primero.openspiel import PrimeroGame
    from primero.pettingzoo.env import raw_env

    variant = small_pack_waks()
    monkeypatch.setattr(adapters, "get_variant", lambda name, **options: variant)
    for build in (lambda: PrimeroGame({"players": 3}), lambda: raw_env(players=3)):
        with pytest.raises(InvalidParameterError) as info:
            build()
        assert info.value.parameter == "players"
        assert str(info.value) == f"players: {UNSERVED}"
    assert PrimeroGame({"players": 2}).table.players == 2


# --------------------------------------------------------------------------------------------
# The adapters' parameters


@pytest.fixture(scope="module")
def toy_state() -> object:
    from primero.openspiel import PrimeroGame

    game = PrimeroGame({"variant": "toy", "chips": 3, "stake": 1, "rest": 1, "ante": 1})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("used", [False, True])
def test_the_observer_answers_the_same_for_a_player_however_given(toy_state: object,
                                                                  used: bool) -> None:
    from primero.errors import PrimeroError

    game = toy_state.get_game()  # type: ignore[attr-defined]
    plain = game.make_py_observer()
    plain.set_from(toy_state, 1)
    player: object
    for player in (np.int64(1), np.int32(1)):
        observer = game.make_py_observer()
        if used:
            observer.set_from(toy_state, 1)
        observer.set_from(toy_state, player)
        assert np.array_equal(observer.tensor, plain.tensor)
    for player in (1.0, True, "1"):
        observer = game.make_py_observer()
        if used:
            observer.set_from(toy_state, 1)
        with pytest.raises(PrimeroError, match=r"^player must be a seat 0\.\.1, got "):
            observer.set_from(toy_state, player)


def test_chips_past_a_c_int_are_refused_naming_the_parameter_and_the_stacks_carry_them() -> None:
    from primero.openspiel import LARGEST_C_INT, PrimeroGame

    with pytest.raises(InvalidParameterError) as info:
        PrimeroGame({"chips": 10**15, "raise_cap": 1})
    assert info.value.parameter == "chips"
    assert "at most 2,147,483,647 (2**31 - 1)" in str(info.value)
    assert "stacks" in str(info.value)
    game = PrimeroGame({"stacks": f"{10**15};{10**15}", "raise_cap": 1})
    assert game.table.stacks == (10**15, 10**15)
    assert game.max_game_length() <= LARGEST_C_INT
    for params, parameter in (({"chips": True}, "chips"), ({"stake": 1.0}, "stake"),
                              ({"rest": "3"}, "rest"), ({"options": 3}, "options"),
                              ({"bogus": 1}, "bogus"), ({"players": 2**40}, "players")):
        with pytest.raises(InvalidParameterError) as info:
            PrimeroGame(params)
        assert info.value.parameter == parameter
    assert PrimeroGame({"chips": np.int64(7)}).table.stacks == (7, 7)


def test_pettingzoo_options_with_a_key_that_is_not_text_are_refused_naming_it() -> None:
    from primero.pettingzoo.env import raw_env

    with pytest.raises(InvalidParameterError) as info:
        raw_env(players=2, options={1: 2})  # type: ignore[dict-item]
    assert info.value.parameter == "options"
    assert str(info.value).endswith("got the key 1")
    with pytest.raises(InvalidParameterError, match=r"^options: text like "):
        raw_env(players=2, options=3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# A worker killed in a run


def dying_task(task: Task) -> object:
    """Play a chunk; the worker playing deal 40 or a later one dies (exit code 3)."""
    if task.start >= 40:
        os._exit(3)
    return run_task(task)


def killed_task(task: Task) -> object:
    """Play a chunk; the worker playing deal 40 or a later one is killed (SIGKILL)."""
    if task.start >= 40:
        os.kill(os.getpid(), signal.SIGKILL)
    return run_task(task)


@pytest.mark.skipif(sys.platform == "win32", reason="the workers are forked")
@pytest.mark.parametrize("task", [dying_task, killed_task])
@pytest.mark.parametrize("command", [["simulate"], ["compare", "waks"]])
def test_a_worker_that_dies_is_one_line_naming_the_cause_and_what_was_kept(
        monkeypatch: pytest.MonkeyPatch, task: Callable[[Task], object],
        command: list[str]) -> None:
    monkeypatch.setattr(executor_module, "run_task", task)
    result = run(*command, "-j", "2", "--deals", "400", "--agent", "random", "--no-progress")
    assert result.exit_code == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: a worker process stopped ")
    assert "chunks had finished: nothing is kept, the run stops with no result" in line
    if task is dying_task and "exited with code" in line:
        assert "exited with code 3" in line
    assert "Traceback" not in result.stderr


# --------------------------------------------------------------------------------------------
# Names and what the terminal shows


def test_a_replay_says_your_cards_and_possessives_of_names_ending_in_s(tmp_path: Path) -> None:
    state = start_deal("waks", ["You", "Charles"], 20, seed=5)
    state = state.apply("vie 1")
    path = tmp_path / "saved.toml"
    path.write_text(dump_record(record_from_state(state)), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    you = " ".join(str(c) for c in start_deal("waks", ["You", "Charles"], 20,
                                              seed=5).seats[0].hand)
    assert f"  Your cards: {you}" in out.splitlines()
    assert any(line.startswith("  Charles's cards: ") for line in out.splitlines())
    assert "You vie 1   (pot 1)" in out.splitlines()
    assert "You's" not in out and "You vies" not in out
    result = run("replay", str(path), "--json")  # stops early: whose turn, in one line
    assert result.exit_code == 1
    assert "it is Charles's turn (betting round 1)" in result.stderr


def test_an_unfinished_replay_says_it_is_your_turn(tmp_path: Path) -> None:
    state = start_deal("waks", ["Charles", "You"], 20, seed=5).apply("vie 1")
    path = tmp_path / "saved.toml"
    path.write_text(dump_record(record_from_state(state)), encoding="utf-8")
    result = run("replay", str(path), "--json")
    assert result.exit_code == 1
    assert "it is your turn (betting round 1)" in result.stderr
    assert "You's" not in result.stderr


def test_the_terminal_shows_the_human_the_other_seats_face_up_cards() -> None:
    result = run("play", "-V", "toy", "--players", "2", "--seed", "3", input="pass\nhold\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # the toy deals the dealer (Anna; the human is the eldest) the 7h and 6c face up
    anna = " ".join(str(parse_card(c)) for c in OPEN_CARDS[1])
    assert anna == "7♥ 6♣"
    assert f"  Anna's face-up cards: {anna}" in lines
    turn = next(k for k, line in enumerate(lines) if line.startswith("Your turn"))
    assert lines[turn + 1] == f"  Anna's face-up cards: {anna}"
    # the human's own cards show whole, the opponent's hidden ones never before the showdown
    showdown = lines.index("— showdown —")
    assert not any(line.startswith("  Anna's cards") for line in lines[:showdown])
