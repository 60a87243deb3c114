"""A bad argument to ``simulate``, ``simulate_sessions`` or ``compare`` is a ``PrimeroError``
naming it, raised before any deal is played (never a ``TypeError`` or ``ValueError`` from
inside, and never text read as a sequence of chip counts).
"""

from __future__ import annotations

from typing import Any

import pytest

from primero.errors import PrimeroError
from primero.simulation import compare, simulate, simulate_sessions

BAD = [
    ({"players": 2.5}, "players must be a whole number, got 2.5"),
    ({"players": True}, "players must be a whole number, got True"),
    ({"chips": "50"}, "chips must be a whole number or one per seat (a list or tuple), got '50'"),
    ({"chips": 50.0}, "chips must be a whole number or one per seat (a list or tuple), got 50.0"),
    ({"options": "supremus=false"}, "options must be a mapping of option names to values, "
                                    "e.g. {'supremus': False}, got 'supremus=false'"),
    ({"progress": "yes"}, "progress must be True, False or None, got 'yes'"),
]


@pytest.mark.parametrize(("given", "message"), BAD, ids=lambda v: str(v)[:30])
def test_simulate_names_the_bad_argument(given: dict[str, Any], message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        simulate("waks", deals=2, **given)
    assert str(info.value) == message


@pytest.mark.parametrize(("given", "message"), BAD, ids=lambda v: str(v)[:30])
def test_simulate_sessions_names_the_bad_argument(given: dict[str, Any], message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        simulate_sessions("waks", sessions=1, deals_per_session=2, **given)
    assert str(info.value) == message


@pytest.mark.parametrize(("given", "message"), [b for b in BAD if "options" not in b[0]],
                         ids=lambda v: str(v)[:30])
def test_compare_names_the_bad_argument(given: dict[str, Any], message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        compare(["waks", "cardano"], deals=2, **given)
    assert str(info.value) == message


def test_one_stack_per_seat_still_plays() -> None:
    run = simulate("waks", deals=2, players=2, chips=(10, 30), agents="random")
    assert [r.players for r in run.results] == [2, 2]
