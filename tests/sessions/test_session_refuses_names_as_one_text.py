"""A session refuses players given as one text and chips of no count's type, by name."""

from __future__ import annotations

import numpy as np
import pytest

from primero import Session
from primero.errors import PrimeroError


def test_players_as_one_text_are_refused_not_read_letter_by_letter() -> None:
    with pytest.raises(PrimeroError) as info:
        Session.new("waks", "AnnaBen", 20, seed=1)
    assert str(info.value) == ("players is one text 'AnnaBen': give a list of names, e.g. "
                               "['Anna', 'Ben']")


@pytest.mark.parametrize(("chips", "shown"), [(1.5, "float 1.5"), ("50", "str '50'"),
                                              (None, "NoneType None")])
def test_chips_of_no_count_type_are_refused_by_type(chips: object, shown: str) -> None:
    with pytest.raises(PrimeroError) as info:
        Session.new("waks", ["Anna", "Ben"], chips, seed=1)  # type: ignore[arg-type]
    assert str(info.value) == (f"chips is {shown}: give everyone's chips (a whole number) or a "
                               "list of each player's")


def test_a_numpy_count_is_everyone_s_chips_as_an_int() -> None:
    session = Session.new("waks", ["Anna", "Ben"], np.int64(7), seed=1)
    assert session.chips == (7, 7)
    assert all(type(c) is int for c in session.chips)


def test_true_is_not_one_chip() -> None:
    with pytest.raises(PrimeroError, match=r"^Anna has True chips"):
        Session.new("waks", ["Anna", "Ben"], True, seed=1)
