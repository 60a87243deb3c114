"""A refused player name is quoted by its start, however long the name typed or read."""

from __future__ import annotations

from primero.setup import player_names_problem


def test_a_long_name_with_a_space_is_quoted_by_its_first_40_characters() -> None:
    assert player_names_problem(["x" * 3000 + " y", "Ben"]) == (
        f"player name {'x' * 40!r}... (3,002 characters) is longer than the 40 characters a "
        "name may have")


def test_a_long_name_with_a_control_character_is_quoted_by_its_start() -> None:
    assert player_names_problem(["x" * 3000 + "\x1b", "Ben"]) == (
        f"player name {'x' * 40!r}... (3,001 characters) holds the control character U+001B: "
        "a name is printable text")


def test_a_short_name_with_a_space_is_quoted_whole() -> None:
    assert player_names_problem(["Anna Maria", "Ben"]) == (
        "player name 'Anna Maria' must be one word (no spaces)")
