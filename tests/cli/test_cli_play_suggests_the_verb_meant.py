"""At the prompt, a poker word, a typo or an abbreviation is answered with the verb meant."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli_helpers import ENV
from primero.actions import parse_action
from primero.cli.core import app
from primero.cli.game import typing_tip

MENU = [parse_action(text) for text in ("pass", "vie 1", "vie 2", "vie 3", "fold")]


@pytest.mark.parametrize(("typed", "tip"), [
    ("check", "in Primero a check is 'pass': type 'pass' (or its number, 1)"),
    ("bet 2", "in Primero a bet is 'vie': type 'vie 2' (or its number, 3)"),
    ("raise 2", "in Primero a raise is 'hold raise': type 'hold raise 2'"),
    ("fodl", "did you mean 'fold'? type it in full (or its number, 5)"),
    ("vei 2", "did you mean 'vie 2'? type it in full (or its number, 3)"),
    ("f", "did you mean 'fold'? type it in full (or its number, 5)"),
    ("vie", "a vie needs an amount: vie 1, vie 2, vie 3"),
    ("hold 2", "'hold' takes no amount: it puts in what you owe; to raise by 2, type "
               "'hold raise 2'"),
    ("xyz", None),
    ("pass", None),
])
def test_an_unreadable_action_names_the_verb_meant(typed: str, tip: str | None) -> None:
    assert typing_tip(typed, MENU) == tip


def test_call_is_not_read_as_poker_in_a_calling_variant() -> None:
    assert typing_tip("call", MENU) == "in Primero a call is 'hold': type 'hold'"
    assert typing_tip("call", MENU, calling=True) is None


def test_a_mistyped_fold_only_suggests_and_the_player_then_passes() -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "3", "--players", "3", "--deals", "1"],
                                input="f\n1\nquit\n", env={**ENV, "COLUMNS": "100"})
    out = result.output
    assert "did you mean 'fold'? type it in full (or its number," in out
    assert "You fold" not in out
    assert "You pass" in out
