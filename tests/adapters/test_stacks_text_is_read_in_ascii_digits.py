"""The OpenSpiel ``stacks`` text is read in the ASCII digits 0-9, as every number primero reads.

``int()`` also reads full-width (``１``) and Arabic-Indic (``٢``) digits and underscores
(``1_000``): ``{"stacks": "１,2"}`` set up a table of 1 and 2 chips. The project reads every
number in one spelling (docs/reference/deal-files.md), so these are refused naming the entry.
"""

from __future__ import annotations

import pytest

from primero.adapters import parse_stacks
from primero.errors import InvalidParameterError


@pytest.mark.parametrize("entry", ["１", "٢", "1_000", "5.0", "a"])
def test_an_entry_not_in_ascii_digits_is_refused_naming_it(entry: str) -> None:
    with pytest.raises(InvalidParameterError) as info:
        parse_stacks(f"{entry};2")
    assert str(info.value) == (f"stacks: {entry!r} is not a whole number of chips in the "
                               "digits 0-9 (write the chips per seat as 30;20;10)")


def test_an_entry_too_long_to_read_is_refused_by_its_length() -> None:
    with pytest.raises(InvalidParameterError) as info:
        parse_stacks("9" * 5000 + ";5")
    assert str(info.value) == "stacks: a 5,000-digit number of chips is too long to read"


def test_ascii_stacks_are_read_with_any_separator() -> None:
    assert parse_stacks("30;20, 10") == (30, 20, 10)
    assert parse_stacks("+5;-1") == (5, -1)  # the sign is read; the table refuses -1 later
    assert parse_stacks(f"{2 ** 63};5") == (2 ** 63, 5)  # past a C long: the text carries it
    assert parse_stacks("") == ()
