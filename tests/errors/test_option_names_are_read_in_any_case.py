"""Option names and option values that are names are read in any case, as variant names are."""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero import get_variant
from primero.errors import InvalidOptionError
from primero.options import Option, resolve_options

DECK = Option(name="deck", default="italian40", doc="the pack",
              choices=("italian40", "spanish48", "french52"))
SUPREMUS = Option(name="supremus", default=True, doc="7-6-A of a suit")


@pytest.mark.parametrize("typed", ["FRENCH52", "French52", " french52 ", "fReNcH52"])
def test_a_choice_typed_in_another_case_is_the_declared_spelling(typed: str) -> None:
    assert DECK.validate(typed) == "french52"


def test_a_choice_matching_two_spellings_that_differ_only_in_case_matches_neither() -> None:
    mode = Option(name="mode", default="a", doc="a mode", choices=("a", "A"))
    assert mode.validate("A") == "A"
    with pytest.raises(InvalidOptionError, match=r"^option 'mode': bad value 'b'; allowed: "):
        mode.validate("b")


def test_an_unknown_choice_in_capitals_is_refused_with_the_accepted_spellings() -> None:
    with pytest.raises(InvalidOptionError) as info:
        DECK.validate("TAROT78")
    assert str(info.value) == ("option 'deck': bad value 'TAROT78'; allowed: 'italian40', "
                               "'spanish48', 'french52'")


def test_option_names_are_read_in_any_case() -> None:
    assert resolve_options([DECK, SUPREMUS], {"DECK": "FRENCH52", "Supremus": "false"},
                           variant="v") == (("deck", "french52"), ("supremus", False))


def test_one_option_given_in_two_cases_is_refused_as_given_twice() -> None:
    with pytest.raises(InvalidOptionError) as info:
        resolve_options([DECK], {"deck": "french52", "DECK": "italian40"}, variant="v")
    assert str(info.value) == "option 'deck' given twice (names are read in any case)"


def test_get_variant_reads_option_names_and_values_in_any_case() -> None:
    variant = get_variant("WAKS", DECK="French52", TIE="SPLIT")
    assert (variant.options["deck"], variant.options["tie"]) == ("french52", "split")


def test_the_command_line_reads_a_deck_in_capitals() -> None:
    result = run("evaluate", "7s", "6h", "Ad", "Kc", "-o", "deck=FRENCH52", "--json")
    assert result.exit_code == 0, result.output
    assert '"deck": "french52"' in result.stdout
