"""An error line quotes a word typed at any length by its start and its length.

A new user pastes the wrong thing (a whole file into ``--option``, a log line as a variant):
the ``error:`` line names the bad part by its first characters and says how long it was,
instead of echoing thousands of characters back to the terminal.
"""

from __future__ import annotations

import json

import pytest

from cli_helpers import run

#: A pasted word: longer than any name, option or variant.
LONG = "z" * 3000
#: How a long word is quoted in an error line.
QUOTED = f"{'z' * 40!r}... (3,000 characters)"
VARIANTS = ("waks, cardano, suzuki, roman, losing, primiera, revival, italian-primiera, "
            "spanish-primera, french-prime, english-primero, toy, oldpips")


@pytest.mark.parametrize(("args", "expected"), [
    (("evaluate", "7s", "6h", "Ad", "Kc", "-o", f"tie={LONG}"),
     f"option 'tie': bad value {QUOTED}; allowed: 'eldest', 'split'"),
    (("evaluate", "7s", "6h", "Ad", "Kc", "-o", f"{LONG}=1"),
     f"unknown option {QUOTED} for variant 'waks'; known options: chorus, deal_passes, deck, "
     "high_primero_beats_fluxus, numerus_counts, play_direction, supremus, tie"),
    (("rules", LONG), f"unknown variant {QUOTED}; known variants: {VARIANTS}"),
    (("compare", "waks", "cardano", "--agents", LONG),
     f"--agents: unknown agent {QUOTED}; known agents: random, heuristic, odds, search, "
     "equilibrium"),
])
def test_an_error_quotes_a_long_word_by_its_start_and_length(args: tuple[str, ...],
                                                             expected: str) -> None:
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr == f"error: {expected}\n"


def test_a_json_error_quotes_a_long_word_by_its_start_and_length() -> None:
    result = run("evaluate", "7s", "6h", "Ad", "Kc", "-V", LONG, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stderr) == {
        "format": 1, "error": f"unknown variant {QUOTED}; known variants: {VARIANTS}"}


def test_words_up_to_200_characters_are_shown_whole() -> None:
    word = "z" * 200
    result = run("rules", word)
    assert result.stderr == f"error: unknown variant {word!r}; known variants: {VARIANTS}\n"
    result = run("rules", word + "z")
    assert result.stderr == (f"error: unknown variant {'z' * 40!r}... (201 characters); "
                             f"known variants: {VARIANTS}\n")
