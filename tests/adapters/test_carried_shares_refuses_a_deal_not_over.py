"""``primero.adapters.carried_shares`` refuses a deal that is not over, naming what it reads.

Before, a deal still in play (no settlement) was a bare ``assert`` (an ``AssertionError``
with no message, gone under ``python -O``), and ``None`` an ``AttributeError``.
"""

from __future__ import annotations

import pytest

from primero.adapters import AdapterTable, carried_shares
from primero.errors import PrimeroError


@pytest.mark.parametrize(("given", "got"), [("start", "a deal not over yet"), (None, "None")])
def test_carried_shares_of_no_finished_deal_is_refused(given: object, got: str) -> None:
    state = AdapterTable.build(players=2).start() if given == "start" else given
    with pytest.raises(PrimeroError) as caught:
        carried_shares(state)  # type: ignore[arg-type]
    assert str(caught.value) == f"carried_shares reads a finished deal's settlement; got {got}"
