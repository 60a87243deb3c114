"""A long bad input is quoted by its start and its length, never whole.

The messages of ``start_deal`` and ``get_variant`` quote a player name, a dealer, an option's
key or value and a variant name; a 3,000-character one must not make a 3,000-character error.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import primero
from primero.errors import PrimeroError, named

LONG = "x" * 3000


def test_named_quotes_long_text_by_its_first_forty_characters_and_its_length() -> None:
    assert named(LONG) == f"{'x' * 40!r}... (3,000 characters)"
    assert named("x" * 200) == repr("x" * 200)  # up to 200 characters, whole
    assert named("x" * 201) == f"{'x' * 40!r}... (201 characters)"
    assert named("Anna") == "'Anna'"
    assert named(list(range(100))) == "a list"


@pytest.mark.parametrize(("call", "start"), [
    (lambda: primero.start_deal("waks", [LONG + " y", "Ben"], 5),
     "player name 'xxxx"),
    (lambda: primero.start_deal("waks", ["Anna", "Ben"], 5, dealer=LONG),
     "dealer 'xxxx"),
    (lambda: primero.start_deal("waks", [LONG, "Ben"], 5, dealer="Cleo"),
     "dealer 'Cleo' is not a player: 'xxxx"),
    (lambda: primero.get_variant("waks", tie=LONG), "option 'tie': bad value 'xxxx"),
    (lambda: primero.get_variant("waks", **{LONG: 1}), "unknown option 'xxxx"),
    (lambda: primero.get_variant(LONG), "unknown variant 'xxxx"),
])
def test_a_long_name_key_or_value_is_shortened_in_the_error(call: Callable[[], object],
                                                            start: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        call()
    text = str(caught.value)
    assert text.startswith(start)
    assert "(3,000 characters)" in text or "(3,002 characters)" in text
    assert LONG not in text
    assert len(text) < 400


def test_short_names_are_still_named_plainly() -> None:
    with pytest.raises(PrimeroError, match=r"^dealer 'Cleo' is not a player: Anna, Ben$"):
        primero.start_deal("waks", ["Anna", "Ben"], 5, dealer="Cleo")
