"""``Session.new`` reads players and the first dealer as ``start_deal`` does.

Before, ``Session.new("waks", ["A", "B", "C"], 10, seed=1, dealer="A")`` passed the engine's
check (a dealer may be named) and then died in ``dealer % len(names)`` with a bare
``TypeError`` ("not all arguments converted during string formatting"); and players given as
a set (``{"A", "B"}``, no playing order: it changed with the hash seed) were seated in
whatever order the set iterated, where ``start_deal`` refuses them.
"""

from __future__ import annotations

import pytest

from primero import Session, start_deal
from primero.errors import PrimeroError


@pytest.mark.parametrize(("dealer", "seat"), [("A", 0), ("B", 1), ("C", 2), (0, 0), (1, 1),
                                              (-1, 2)])
def test_the_first_dealer_is_a_seat_or_a_players_name(dealer: int | str, seat: int) -> None:
    session = Session.new("waks", ["A", "B", "C"], 10, seed=1, dealer=dealer)
    assert session.dealer == seat
    assert session.first_draw is None  # given, not drawn for
    assert session.start_deal().to_act == (seat + 1) % 3  # the eldest, after the dealer


def test_an_unknown_dealer_name_is_refused_in_start_deals_words() -> None:
    with pytest.raises(PrimeroError) as caught:
        Session.new("waks", ["A", "B", "C"], 10, seed=1, dealer="a")
    assert str(caught.value) == "dealer 'a' is not a player: A, B, C"


@pytest.mark.parametrize("players", [{"A", "B"}, frozenset({"A", "B"}), {"A": 1, "B": 2}.keys()])
def test_players_with_no_order_are_refused_as_start_deal_refuses_them(players: object) -> None:
    with pytest.raises(PrimeroError) as by_session:
        Session.new("waks", players, 10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(PrimeroError) as by_engine:
        start_deal("waks", players, 10, seed=1)  # type: ignore[arg-type]
    assert str(by_session.value) == str(by_engine.value)
    assert str(by_session.value).startswith("players must be a list of names, got ")
