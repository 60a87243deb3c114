"""``Session.deal_seed(index)`` takes a deal's number, a whole number from 0.

``deal_seed(-1)``, ``deal_seed(1.5)`` and ``deal_seed(True)`` named no deal of the session yet
each returned a seed of its own (``True`` not the seed of deal 1): they are refused now.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from primero import Session
from primero.errors import PrimeroError

SESSION = Session.new("waks", ["Anna", "Ben"], 10, seed=1)


@pytest.mark.parametrize(("index", "shown"), [(-1, "-1"), (1.5, "1.5"), (True, "True"),
                                              ("2", "'2'")])
def test_an_index_that_numbers_no_deal_is_refused(index: object, shown: str) -> None:
    with pytest.raises(PrimeroError) as info:
        SESSION.deal_seed(index)  # type: ignore[arg-type]
    assert str(info.value) == f"a deal is numbered from 0 by a whole number, got {shown}"


def test_a_deal_number_gives_that_deals_seed() -> None:
    # the seed of deal k is drawn from "deal:<session seed>:<k>"
    expected = random.Random("deal:1:2").getrandbits(64)
    assert SESSION.deal_seed(2) == SESSION.deal_seed(np.int64(2)) == expected  # type: ignore[arg-type]
    assert SESSION.deal_seed() == SESSION.deal_seed(0)
