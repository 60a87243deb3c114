"""A session books only deals of its own variant: another's rules would have settled them.

``Session.after`` checked the players, chips, carry-over, dealer and table of a finished deal,
but not its variant: a deal of ``losing`` (the lowest hand wins) dealt from a Waks session's
setup was booked as a Waks deal.
"""

from __future__ import annotations

import pytest

from primero import Session, get_variant, start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.variant import Variant


def finished(variant: str | Variant, session: Session) -> GameState:
    """The session's next deal under ``variant``, played to its end (a vie, then holds)."""
    state = start_deal(variant, session.next_setup())
    while not state.over:
        legal = state.legal_actions()
        state = state.apply(legal[1] if len(legal) > 2 else legal[0])
    return state


@pytest.mark.parametrize(("variant", "named"), [
    ("losing", "losing"),
    (get_variant("waks", supremus=False), "waks (supremus=false)"),
])
def test_a_deal_of_another_variant_is_refused_naming_both(variant: str | Variant,
                                                          named: str) -> None:
    session = Session.new("waks", ["Anna", "Ben"], 10, seed=1)
    with pytest.raises(PrimeroError) as info:
        session.after(finished(variant, session))
    assert str(info.value) == (f"that deal was not dealt from this session: its variant is "
                               f"{named}, the session's waks")


def test_the_sessions_own_deal_is_booked() -> None:
    session = Session.new("waks", ["Anna", "Ben"], 10, seed=1)
    state = finished("waks", session)
    booked = session.after(state)
    assert booked.chips == tuple(c for c in state.stacks if c > 0)
    assert sum(booked.chips) + booked.carry == 20
