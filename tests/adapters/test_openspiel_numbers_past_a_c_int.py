"""A number past OpenSpiel's C ``int`` in the game's parameters.

``PrimeroGame(params)`` names the parameter and both bounds (2**31 - 1 for a parameter,
``MAX_CHIPS`` a seat in the ``stacks`` text). ``pyspiel.load_game`` converts the parameters in
C++ before primero's code runs: the docs page quotes the errors it gives there, and these
tests hold the quotations to what OpenSpiel says.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from conftest import ROOT  # noqa: E402
from primero.deal.start import MAX_CHIPS  # noqa: E402
from primero.errors import InvalidParameterError, PrimeroError  # noqa: E402
from primero.openspiel import PrimeroGame  # noqa: E402

PAGE = (ROOT / "docs" / "adapters" / "openspiel.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("chips", [2**31, 10**15, 10**30])
def test_chips_past_a_c_int_name_the_parameter_and_both_bounds(chips: int) -> None:
    with pytest.raises(InvalidParameterError) as info:
        PrimeroGame({"chips": chips})
    assert info.value.parameter == "chips"
    message = str(info.value)
    assert message.startswith("chips: at most 2,147,483,647 (2**31 - 1) in size")
    assert f"got a {len(str(chips))}-digit number" in message
    assert "at most 1,000,000,000,000,000 a seat, primero.deal.start.MAX_CHIPS" in message


def test_the_message_of_the_docs_page_is_the_one_given() -> None:
    with pytest.raises(InvalidParameterError) as info:
        PrimeroGame({"chips": 10**30})
    assert f"InvalidParameterError: {info.value}\n" in PAGE


def test_a_stack_past_max_chips_is_refused_naming_the_bound() -> None:
    with pytest.raises(PrimeroError, match="at most 1,000,000,000,000,000 chips a seat"):
        PrimeroGame({"stacks": f"{MAX_CHIPS + 1};5", "raise_cap": 1})


def test_load_game_with_a_dict_fails_in_pybind_as_the_docs_page_says() -> None:
    with pytest.raises(RuntimeError) as info:
        pyspiel.load_game("python_primero", {"chips": 10**30})
    quoted = ("RuntimeError: Unable to cast Python instance of type <class 'int'> to C++ "
              "type '?' (...)")
    assert quoted in PAGE
    assert str(info.value).startswith(quoted.removeprefix("RuntimeError: ")[:-5])


def test_load_game_with_a_game_string_fails_in_the_parser_as_the_docs_page_says() -> None:
    with pytest.raises(pyspiel.SpielError) as info:
        pyspiel.load_game("python_primero(chips=2147483648)")
    assert str(info.value).endswith("open_spiel/game_parameters.cc:183 CHECK_TRUE(success)")
    assert "SpielError: .../open_spiel/game_parameters.cc:183 CHECK_TRUE(success)" in PAGE


def test_chips_at_the_bound_pass_the_parameter_check() -> None:
    # 2**31 - 1 is a C int: the parameter passes, the table's length bound refuses it
    with pytest.raises(PrimeroError, match="max_game_length would be"):
        pyspiel.load_game("python_primero", {"chips": 2**31 - 1})
