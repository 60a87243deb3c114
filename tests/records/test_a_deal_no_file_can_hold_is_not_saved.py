"""A deal whose chips a deal file may not give is refused at its start, not when saved.

A deal file gives at most 10**15 chips (``load_record`` refuses
more). The engine used to deal any stack and refuse only the save (a deal of 10**30 chips
played to its end, then could not be kept); now the start refuses an amount past
:data:`primero.deal.start.MAX_CHIPS` (the same bound, which the deal files read), naming the
seat (or the table's amount) and the bound, in both forms of ``start_deal`` and in ``primero play``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import run
from primero import start_deal
from primero.deal.start import MAX_CHIPS
from primero.errors import PrimeroError
from primero.records import dump_record, load_record, record_from_state, replay
from primero.setup import DealSetup, Table

BOUND = "1,000,000,000,000,000"


def test_the_start_and_the_deal_files_share_one_bound() -> None:
    assert MAX_CHIPS == 10 ** 15


@pytest.mark.parametrize(("chips", "message"), [
    (10 ** 30, f"Anna (seat 0) has a 31-digit number of chips: a deal takes at most {BOUND} "
               "chips a seat (the most a deal file gives)"),
    ([10, 10 ** 16], f"Ben (seat 1) has a 17-digit number of chips: a deal takes at most "
                     f"{BOUND} chips a seat (the most a deal file gives)"),
    ([10, 10 ** 15 + 1], f"Ben (seat 1) has a 16-digit number of chips: a deal takes at most "
                         f"{BOUND} chips a seat (the most a deal file gives)"),
])
def test_a_stack_past_the_files_chips_is_refused_at_the_start(chips: object,
                                                              message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["Anna", "Ben"], chips, seed=1)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_setup_past_the_files_chips_is_refused_at_the_start() -> None:
    setup = DealSetup(players=("Anna", "Ben", "Carla"), chips=(5, 5, 10 ** 30), dealer=2)
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", setup)
    assert str(info.value) == (f"Carla (seat 2) has a 31-digit number of chips: a deal takes "
                               f"at most {BOUND} chips a seat (the most a deal file gives)")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"carry": 10 ** 16}, "carry-over is a 17-digit number of chips"),
    ({"stake": 10 ** 16, "rest": 10 ** 16}, "stake is a 17-digit number of chips"),
])
def test_a_table_amount_past_the_files_chips_is_refused_at_the_start(
        kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["Anna", "Ben"], 10, seed=1, **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == (f"{message}: a deal takes at most {BOUND} chips there (the "
                               "most a deal file gives)")


def test_a_setup_table_past_the_files_chips_is_refused_at_the_start() -> None:
    setup = DealSetup(players=("Anna", "Ben"), chips=(5, 5), dealer=1,
                      table=Table(stake=1, rest=3, ante=10 ** 16))
    with pytest.raises(PrimeroError, match=r"^ante is a 17-digit number of chips: a deal "):
        start_deal("waks", setup)


def test_a_deal_at_the_files_most_chips_saves_and_replays() -> None:
    state = start_deal("waks", ["Anna", "Ben"], MAX_CHIPS, seed=1, carry=MAX_CHIPS)
    state = state.apply(state.legal_actions()[1])
    assert replay(load_record(dump_record(record_from_state(state)))) == state


def test_play_refuses_a_deal_no_file_can_hold_before_playing(tmp_path: Path) -> None:
    target = tmp_path / "deal.toml"
    result = run("play", "--auto", "--seed", "3", "--chips", str(10 ** 16), "--save",
                 str(target))
    # refused as the command line is read (a usage error naming the option, status 2)
    assert result.exit_code == 2
    assert result.stderr == (f"error: invalid value for '--chips': must be at most {BOUND} "
                             "chips (the most a deal takes), got a 17-digit number\n")
    assert result.stdout == ""
    assert not target.exists()
