"""A numpy integer is a whole number at the table, as ``apply`` takes a numpy action id.

``start_deal`` takes chips, a dealer seat, the stake, the rest and the raise cap as numpy
integers and keeps plain ints in the state (what serialises to JSON); a numpy float or bool is
refused as any float or bool is.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from primero import start_deal
from primero.errors import PrimeroError
from primero.serialize import to_dict


def test_numpy_integers_deal_the_same_deal_as_ints() -> None:
    plain = start_deal("waks", players=["Anna", "Ben"], chips=5, dealer=1, stake=1, rest=2,
                       raise_cap=3, seed=3)
    numpy = start_deal("waks", players=["Anna", "Ben"], chips=np.int64(5), dealer=np.int64(1),
                       stake=np.int32(1), rest=np.int16(2), raise_cap=np.int64(3), seed=3)
    assert numpy.stacks == plain.stacks == (5, 5)
    assert [type(x) for x in numpy.stacks] == [int, int]
    assert numpy.dealer == plain.dealer == 1
    assert type(numpy.setup.table.stake) is int and type(numpy.setup.table.rest) is int
    assert [s.hand for s in numpy.seats] == [s.hand for s in plain.seats]
    assert json.dumps(to_dict(numpy)) == json.dumps(to_dict(plain))


def test_a_list_of_numpy_chip_counts_is_a_list_of_ints() -> None:
    state = start_deal("waks", players=["Anna", "Ben"], chips=[np.int64(5), 7], seed=3)
    assert state.stacks == (5, 7)
    assert [type(x) for x in state.stacks] == [int, int]


@pytest.mark.parametrize("chips", [np.float64(5.0), np.bool_(True), True, 5.0])
def test_a_float_or_a_bool_is_still_refused(chips: object) -> None:
    with pytest.raises(PrimeroError, match="chips must be a whole number or one per player"):
        start_deal("waks", players=["Anna", "Ben"], chips=chips)  # type: ignore[arg-type]
