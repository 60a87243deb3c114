"""Each call of Cardano's call book sits at the weakest hand that makes it, hand by hand.

The book reads its calls from the ranking's table arrays at once; the walk here asks every
hand of the pack for its value one at a time (``Ranking.values``) and keeps the weakest key of
each ``(class, points)``.
"""

from __future__ import annotations

from typing import Any

import pytest

from primero import get_variant
from primero.actions import Call
from primero.variants.cardano import call_book


def _weakest_by_walk(options: dict[str, Any]) -> dict[tuple[str, int], tuple[int, ...]]:
    weakest: dict[tuple[str, int], tuple[int, ...]] = {}
    for value in get_variant("cardano", **options).ranking.values():
        named = (value.hand_class, value.points)
        if named not in weakest or value.key < weakest[named]:
            weakest[named] = value.key
    return weakest


@pytest.mark.parametrize("options", [{}, {"deck": "french52"}, {"supremus": False}],
                         ids=["italian40", "french52", "no_supremus"])
def test_each_call_sits_at_the_weakest_hand_that_makes_it(options: dict[str, Any]) -> None:
    book = call_book(get_variant("cardano", **options).ranking)
    weakest = _weakest_by_walk(options)
    assert {(cls, pts) for cls, points in book.points.items() for pts in points} == set(weakest)
    for (cls, pts), key in weakest.items():
        assert book.key(Call(cls, pts)) == key
    assert [book.key(c) for c in book.calls] == sorted(weakest.values())
