"""Option text becomes an integer only as ASCII digits (at most 18), as the counts elsewhere."""

from __future__ import annotations

import pytest

from primero.errors import InvalidOptionError
from primero.options import Option, parse_option_value

ROUNDS = Option(name="rounds", default=2, doc="betting rounds", minimum=1, maximum=5)


@pytest.mark.parametrize(("text", "value"), [
    ("3", 3), (" +2 ", 2), ("-3", -3), ("9" * 18, 10 ** 18 - 1),
    ("1_000", "1_000"), ("٢", "٢"), ("0x10", "0x10"), ("9" * 19, "9" * 19), ("1e3", "1e3"),
])
def test_only_ascii_digits_read_as_an_integer(text: str, value: object) -> None:
    assert parse_option_value(text) == value


def test_an_integer_option_refuses_an_underscored_number_as_text() -> None:
    with pytest.raises(InvalidOptionError) as info:
        ROUNDS.validate("1_0")
    assert str(info.value) == "option 'rounds': bad value '1_0'; allowed: an integer 1..5"


def test_a_5000_digit_value_is_refused_by_its_start_not_by_python() -> None:
    with pytest.raises(InvalidOptionError) as info:
        ROUNDS.validate("9" * 5000)
    assert str(info.value) == (f"option 'rounds': bad value {'9' * 40!r}... (5,000 characters); "
                               "allowed: an integer 1..5")


def test_a_huge_integer_is_named_by_its_digit_count() -> None:
    with pytest.raises(InvalidOptionError) as info:
        ROUNDS.validate(10 ** 40)
    assert str(info.value) == ("option 'rounds': bad value a 41-digit number, above its maximum "
                               "5; allowed: an integer 1..5")
