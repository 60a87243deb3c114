"""A card that cannot be read names the argument it was given in: the hand, the hand to beat,
the dead cards (``best_exchange(..., criterion="beat", target="nope")`` said only "unknown
card 'nope'", as if the hand were wrong)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from primero.analysis import best_exchange, draw_odds
from primero.errors import CardParseError


@pytest.mark.parametrize(("call", "start"), [
    (lambda: best_exchange("7s 6h Ad Kc", criterion="beat", target="nope"),
     "hand to beat: unknown card 'nope'"),
    (lambda: best_exchange("7s 6h Ad Kx"), "hand: unknown card 'Kx'"),
    (lambda: draw_odds("7s 6h Ad Kc", "Kc", dead="Qz"), "dead cards: unknown card 'Qz'"),
])
def test_a_bad_card_is_named_with_its_argument(call: Callable[[], Any], start: str) -> None:
    with pytest.raises(CardParseError) as info:
        call()
    assert str(info.value).startswith(start)
