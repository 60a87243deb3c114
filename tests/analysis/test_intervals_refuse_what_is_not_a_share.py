"""An interval's inputs are checked first: a confidence is a number, a share is 0 to 1.

A notebook passes the wrong thing (a confidence read from a text field, a column of chips to
a share's interval): one :class:`~primero.errors.PrimeroError` naming the value, never a
``TypeError`` from a comparison or an interval of a share above 1 drawn as if it were sound.
"""

from __future__ import annotations

import pytest

from primero.analysis import (
    cluster_share_interval,
    mean_interval,
    share_interval,
)
from primero.errors import PrimeroError


@pytest.mark.parametrize("confidence", ["", "0.95", None, [0.95]])
def test_a_confidence_that_is_not_a_number_is_refused_naming_it(confidence: object) -> None:
    expected = f"confidence must be strictly between 0 and 1, got {confidence!r}"
    for call in (lambda: share_interval(3, 10, confidence=confidence),  # type: ignore[arg-type]
                 lambda: mean_interval([1.0, 2.0], confidence=confidence),  # type: ignore[arg-type]
                 lambda: cluster_share_interval([1, 0], [0, 1],
                                                confidence=confidence)):  # type: ignore[arg-type]
        with pytest.raises(PrimeroError) as info:
            call()
        assert str(info.value) == expected


@pytest.mark.parametrize(("values", "message"), [
    ([2, 0], "values[0] must be a deal's share, from 0 to 1, got 2"),
    ([0, -0.5], "values[1] must be a deal's share, from 0 to 1, got -0.5"),
    ("zz", "values[0] must be a finite number of chips or a share, got 'z'"),
])
def test_a_clustered_share_refuses_values_that_are_not_shares(values: object,
                                                              message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        cluster_share_interval(values, [0, 1])  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_clustered_share_of_one_deal_per_cluster_is_the_wilson_share() -> None:
    # a split pot counts 1/2 to each winner: 1.5 of 2 deals
    assert cluster_share_interval([1, 0.5], [0, 1]) == share_interval(1.5, 2)
