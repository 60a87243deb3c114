"""A player name has at most 40 characters; a longer one is refused by name, everywhere."""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero import Session, get_variant, start_deal
from primero.errors import PrimeroError, RecordError
from primero.records import load_record
from primero.setup import MAX_NAME_LENGTH, DealSetup, player_names_problem

LONG = "Bartolomeo" * 4 + "x"  # 41 characters
REFUSAL = f"player name {LONG!r} is longer than the 40 characters a name may have"


def test_the_bound_is_forty_characters() -> None:
    assert MAX_NAME_LENGTH == 40
    assert player_names_problem(["B" * 40, "Ben"]) is None
    assert player_names_problem(["B" * 41, "Ben"]) == (
        f"player name {'B' * 41!r} is longer than the 40 characters a name may have")


def test_the_bound_counts_characters_not_bytes() -> None:
    assert player_names_problem(["é" * 40, "Ben"]) is None
    assert player_names_problem(["é" * 41, "Ben"]) is not None


def test_a_huge_name_is_quoted_by_its_start_and_length() -> None:
    assert player_names_problem(["z" * 100_000]) == (
        f"player name {'z' * 40!r}... (100,000 characters) is longer than the 40 characters "
        "a name may have")


def test_start_deal_refuses_a_long_name() -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal(get_variant("waks"), [LONG, "Ben"], 50, dealer=0, seed=1)
    assert str(info.value) == REFUSAL


def test_a_deal_setup_refuses_a_long_name() -> None:
    with pytest.raises(PrimeroError) as info:
        DealSetup(players=("Ben", LONG), chips=(5, 5), dealer=0)
    assert str(info.value) == REFUSAL


def test_a_session_refuses_a_long_name() -> None:
    with pytest.raises(PrimeroError) as info:
        Session.new("waks", ["Anna", LONG], 20, seed=3)
    assert str(info.value) == REFUSAL


def test_a_deal_file_with_a_long_name_is_refused_before_its_actions() -> None:
    text = (f'variant = "waks"\nplayers = ["Anna", "{LONG}"]\ndealer = "Anna"\n'
            f'chips = 20\nseed = 1\nactions = ["{LONG} pass"]\n')
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert str(info.value).endswith(REFUSAL)


def test_play_refuses_a_long_name_as_a_usage_error() -> None:
    result = run("play", "--name", LONG, "--deals", "1")
    assert result.exit_code == 2
    assert result.stderr == f"error: invalid value for '--name': {REFUSAL}\n"


def test_play_names_an_invisible_character_as_invisible() -> None:
    result = run("play", "--name", "Anna\u200b", "--deals", "1")
    assert result.exit_code == 2
    assert result.stderr == ("error: invalid value for '--name': player name 'Anna\\u200b' "
                             "holds the invisible character U+200B: a name is printable text\n")
