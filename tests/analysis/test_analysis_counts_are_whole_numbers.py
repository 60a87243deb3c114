"""The counts a researcher passes to the analysis functions are checked before any counting.

``max_discards``, ``hands``, ``max_nodes`` and ``cards`` are whole numbers of 0 or more: any
other value is one :class:`~primero.errors.PrimeroError` naming the parameter and the value,
never a Python ``TypeError`` or ``IndexError`` from inside the count, an empty answer, or a
loop over a number of discards no hand has.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from primero.analysis import exchange_options, p_class_among_hands, p_rank_complete_among_cards
from primero.errors import PrimeroError

HAND = "7s 6h Ad Kc"


@pytest.mark.parametrize(("value", "shown"), [
    (-1, "-1"), (1.5, "1.5"), ("2", "'2'"), (True, "True"),
    (-10 ** 40, "a negative number of over 15 digits"),
])
def test_max_discards_that_is_not_a_count_is_refused_naming_it(value: object,
                                                               shown: str) -> None:
    with pytest.raises(PrimeroError) as info:
        exchange_options(HAND, max_discards=value)  # type: ignore[arg-type]
    assert str(info.value) == f"max_discards must be a whole number of 0 or more, got {shown}"


def test_max_discards_past_the_hand_throws_at_most_the_hand() -> None:
    # every discard of a four-card hand: 1 + 4 + 6 + 4 + 1
    everything = [o.discard for o in exchange_options(HAND)]
    assert len(everything) == 16
    assert [o.discard for o in exchange_options(HAND, max_discards=10 ** 30)] == everything
    assert [o.discard for o in exchange_options(HAND, max_discards=np.int64(1))] == [
        o.discard for o in exchange_options(HAND) if len(o.discard) <= 1]


@pytest.mark.parametrize(("call", "message"), [
    (lambda: p_class_among_hands(hands=-1),
     "hands must be a whole number of 0 or more, got -1"),
    (lambda: p_class_among_hands(hands=1.5),
     "hands must be a whole number of 0 or more, got 1.5"),
    (lambda: p_class_among_hands(max_nodes="many"),
     "max_nodes must be a whole number of 0 or more, got 'many'"),
    (lambda: p_rank_complete_among_cards(cards=""),
     "cards must be a whole number of 0 or more, got ''"),
    (lambda: p_rank_complete_among_cards(cards=-1),
     "cards must be a whole number of 0 or more, got -1"),
])
def test_a_rule_sheet_count_that_is_not_a_count_is_refused_naming_it(call: object,
                                                                     message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        call()  # type: ignore[operator]
    assert str(info.value) == message


def test_a_whole_count_of_hands_is_still_counted() -> None:
    # one hand of four from 40 cards is a Chorus in 10 of C(40, 4) = 91,390 ways
    assert p_class_among_hands(hands=np.int64(1)) == Fraction(10, 91_390)
    assert p_class_among_hands(hands=0) == 0
