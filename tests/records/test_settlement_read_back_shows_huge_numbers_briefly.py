"""A settlement read back from hostile JSON is refused without echoing a huge number whole.

Before, ``settlement_from_dict`` took any whole number, and its messages printed a
300-digit ``carry``, share or claimed points in full; ``variant=None`` passed unchecked.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from primero import start_deal
from primero.agents import make_agent, play_deal
from primero.errors import RecordError
from primero.serialize import settlement_from_dict, to_dict

HUGE = 10 ** 300


@pytest.fixture(scope="module")
def shown() -> dict[str, Any]:
    """The settlement of the first seeded heads-up deal that shows hands, as JSON."""
    for seed in range(50):
        final = play_deal(start_deal("waks", ("Ann", "Bob"), 20, seed=seed),
                          [make_agent("heuristic")] * 2, random.Random(1))
        data: dict[str, Any] = to_dict(final.settlement, players=final.players)
        if data["values"] and data["layers"]:
            return data
    raise AssertionError("no showdown in 50 deals")


def _changed(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    *inner, last = path
    target: Any = changed
    for key in inner:
        target = target[key]
    target[last] = value
    return changed


@pytest.mark.parametrize(("path", "message"), [
    (("carry",), "settlement: key 'carry' is a 301-digit number: at most "
                 "1,000,000,000,000,000 here"),
    (("layers", 0, "shares"), "settlement: layer 1: key 'shares' holds a 301-digit number: "
                              "at most 1,000,000,000,000,000 here"),
    (("awards", 0, "amount"), "settlement: award 1: key 'amount' is a 301-digit number: at "
                              "most 1,000,000,000,000,000 here"),
])
def test_a_huge_number_is_refused_by_its_digits(shown: dict[str, Any], path: tuple[Any, ...],
                                                message: str) -> None:
    value: object = [HUGE] if path[-1] == "shares" else HUGE
    with pytest.raises(RecordError) as caught:
        settlement_from_dict(_changed(shown, path, value), "waks")
    assert str(caught.value) == message


def test_claimed_points_and_class_are_quoted_briefly(shown: dict[str, Any]) -> None:
    data = _changed(_changed(shown, ("values", 0, "value", "points"), HUGE),
                    ("values", 0, "value", "class"), "Z" * 500)
    with pytest.raises(RecordError) as caught:
        settlement_from_dict(data, "waks")
    assert str(caught.value).endswith(", not 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'... "
                                      "(500 characters) a 301-digit number")
    assert len(str(caught.value)) < 200


def test_a_variant_that_is_no_variant_is_named(shown: dict[str, Any]) -> None:
    with pytest.raises(RecordError) as caught:
        settlement_from_dict(shown, None)  # type: ignore[arg-type]
    assert str(caught.value) == ("settlement_from_dict takes a Variant or a variant name, got "
                                 "NoneType None")
