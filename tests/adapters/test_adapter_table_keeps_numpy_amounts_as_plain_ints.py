"""An environment's table keeps a numpy stake, rest or ante as the plain int it is.

Before, ``raw_env(stake=np.int32(1))`` kept ``np.int32(1)`` on its table (the repr showed
``stake=np.int32(1)``), where players, chips, dealer, carry-in and the deal's own state all
hold plain ints; a bad value still gets the engine's message.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from primero.errors import PrimeroError
from primero.pettingzoo import raw_env


def test_numpy_amounts_become_plain_ints() -> None:
    table = raw_env(players=2, variant="revival", stake=np.int32(1), rest=np.int64(2),
                    ante=np.int16(1)).table
    assert (table.stake, table.rest, table.ante) == (1, 2, 1)
    assert {type(table.stake), type(table.rest), type(table.ante)} == {int}
    assert "stake=1, rest=2, ante=1" in repr(table)


@pytest.mark.parametrize(("given", "message"), [
    ({"stake": True}, "stake must be a whole number of chips, got True"),
    ({"stake": np.float64(1)}, "stake must be a whole number of chips, got np.float64(1.0)"),
])
def test_a_value_that_is_no_whole_number_still_gets_the_engines_message(
        given: dict[str, object], message: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        raw_env(players=2, **given)  # type: ignore[arg-type]
    assert str(caught.value) == message
