"""Variant options: declaration, validation, command-line values (primero.options)."""

from __future__ import annotations

import pytest

from primero import InvalidOptionError, Option, get_variant
from primero.options import parse_option_value, resolve_options

COUNT = Option(name="count", default=3, doc="a bounded integer", minimum=1, maximum=5)
MODE = Option(name="mode", default="a", doc="a choice", choices=("a", "b"))
FLAG = Option(name="flag", default=True, doc="a switch")
TEXT = Option(name="text", default="x", doc="free text")


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("ON", True), ("yes", True), ("false", False), ("Off", False),
     ("no", False), ("42", 42), ("-3", -3), (" 7 ", 7), ("best_suit", "best_suit"),
     (" all ", "all")],
)
def test_parse_option_value(text: str, value: object) -> None:
    parsed = parse_option_value(text)
    assert parsed == value
    assert type(parsed) is type(value)


def test_kinds_and_allowed() -> None:
    assert (COUNT.kind, MODE.kind, FLAG.kind, TEXT.kind) == (int, str, bool, str)
    assert COUNT.allowed() == "an integer 1..5"
    assert Option(name="n", default=0, doc="", minimum=0).allowed() == "an integer 0.."
    assert Option(name="n", default=0, doc="").allowed() == "an integer"
    assert MODE.allowed() == "'a', 'b'"
    assert FLAG.allowed() == "true, false"
    assert TEXT.allowed() == "any text"


def test_validate_converts_command_line_text() -> None:
    assert COUNT.validate("4") == 4
    assert COUNT.validate(5) == 5
    assert FLAG.validate("off") is False
    assert FLAG.validate(True) is True
    assert MODE.validate("b") == "b"
    assert TEXT.validate("anything at all") == "anything at all"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (COUNT, 7, "option 'count': bad value 7, above its maximum 5; allowed: an integer 1..5"),
        (COUNT, 0, "option 'count': bad value 0, below its minimum 1; allowed: an integer 1..5"),
        (COUNT, "x", "option 'count': bad value 'x'; allowed: an integer 1..5"),
        (COUNT, True, "option 'count': bad value true; allowed: an integer 1..5"),
        (MODE, "c", "option 'mode': bad value 'c'; allowed: 'a', 'b'"),
        (FLAG, 1, "option 'flag': bad value 1; allowed: true, false"),
        (FLAG, "maybe", "option 'flag': bad value 'maybe'; allowed: true, false"),
    ],
)
def test_validate_errors_name_option_and_allowed_values(
    option: Option, value: object, message: str
) -> None:
    with pytest.raises(InvalidOptionError) as info:
        option.validate(value)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_with_default() -> None:
    assert FLAG.with_default("false").default is False
    assert COUNT.with_default(2).default == 2
    with pytest.raises(InvalidOptionError, match=r"^option 'mode': bad value 'z'"):
        MODE.with_default("z")


def test_resolve_options() -> None:
    declared = (COUNT, MODE, FLAG)
    assert resolve_options(declared, {}, variant="v") == (
        ("count", 3), ("mode", "a"), ("flag", True))
    assert resolve_options(declared, {"flag": "false", "count": "2"}, variant="v") == (
        ("count", 2), ("mode", "a"), ("flag", False))
    with pytest.raises(InvalidOptionError) as info:
        resolve_options(declared, {"colour": "red"}, variant="v")
    assert str(info.value) == (
        "unknown option 'colour' for variant 'v'; known options: count, flag, mode"
    )
    with pytest.raises(InvalidOptionError) as info:
        resolve_options((), {"colour": "red"}, variant="bare")
    assert str(info.value) == "unknown option 'colour' for variant 'bare'; known options: none"


@pytest.mark.parametrize(("text", "expected"), [("0", False), ("1", True), ("no", False)])
def test_boolean_options_read_0_and_1(text: str, expected: bool) -> None:
    assert get_variant("waks", supremus=text).option("supremus") is expected


def test_an_option_given_twice_in_variant_text_is_refused() -> None:
    # "waks:supremus=false,supremus=true" used to keep the last value silently, where
    # `primero evaluate -o supremus=false -o supremus=true` refuses the same twice-given option
    from primero.plugins.registry import resolve_variant
    with pytest.raises(InvalidOptionError, match=(
            r"^option 'supremus' given twice in 'waks:supremus=false,supremus=true'$")):
        resolve_variant("waks:supremus=false,supremus=true")
    assert dict(resolve_variant("waks:supremus=false").options)["supremus"] is False


def test_primero_compare_refuses_an_option_given_twice() -> None:
    from cli_helpers import run
    result = run("compare", "waks", "waks:tie=split,tie=eldest", "--deals", "2", "--no-progress")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "error: option 'tie' given twice in 'waks:tie=split,tie=eldest'"]
