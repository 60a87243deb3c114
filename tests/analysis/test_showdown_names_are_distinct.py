"""showdown_odds names its rows by distinct names, one per hand, checked before counting."""

from __future__ import annotations

import pytest

from primero.analysis import showdown_odds
from primero.errors import PrimeroError

HANDS = ["7s 6h Ad Kc", "7h 6s 5d 4c"]


def test_a_name_given_twice_is_refused() -> None:
    with pytest.raises(PrimeroError) as info:
        showdown_odds(HANDS, names=["Anna", "Anna"])
    assert str(info.value) == ("names gives 'Anna' twice: a row per player needs distinct "
                               "names")


def test_names_of_no_list_type_are_refused_by_type() -> None:
    with pytest.raises(PrimeroError) as info:
        showdown_odds(HANDS, names=5)  # type: ignore[arg-type]
    assert str(info.value) == "names is int 5: give a list of names, one per hand"


def test_names_from_a_generator_label_the_rows() -> None:
    frame = showdown_odds(HANDS, names=(n for n in ("Anna", "Ben")))
    assert list(frame["player"]) == ["Anna", "Ben"]
    assert frame["win"].tolist() == [0.0, 1.0]  # Primero 65 (21+18+16+10) < 68 (21+18+15+14)
