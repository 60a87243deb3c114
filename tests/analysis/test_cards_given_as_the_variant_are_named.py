"""The analysis functions take the cards first: cards given where the variant goes are named.

``draw_odds("waks", "7s 6h Ad Kc", "Kc")`` (the variant first, as ``hand_frequencies`` takes
it) said only "unknown variant 'Kc'", with the list of variants; now it says those are cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from primero.analysis import best_exchange, draw_odds, hand_frequencies
from primero.errors import UnknownVariantError


@pytest.mark.parametrize(("call", "text"), [
    (lambda: draw_odds("waks", "7s 6h Ad Kc", "Kc"), "Kc"),
    (lambda: best_exchange("waks", "7s 6h Ad Kc"), "7s 6h Ad Kc"),
    (lambda: hand_frequencies("7h, 6h"), "7h, 6h"),
])
def test_cards_where_the_variant_goes_are_named_as_cards(call: Callable[[], Any],
                                                          text: str) -> None:
    with pytest.raises(UnknownVariantError) as info:
        call()
    assert str(info.value) == (f"variant {text!r} is cards, not a variant's name: give the "
                               "cards first and the variant after them")


def test_an_unknown_name_still_lists_the_variants() -> None:
    with pytest.raises(UnknownVariantError, match=r"^unknown variant 'nosuch'; known variants: "
                                                   r"waks, "):
        hand_frequencies("nosuch")
