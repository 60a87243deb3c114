"""A deal's world with other hidden cards: the same public deal, its unseen cards placed anew.

A player who searches draws worlds that agree with its view (``primero.agents.search``): the
public log fixes where in the stock each seat's cards come from and when, so a world differs
from another only in the cards nobody at the table has seen. :func:`with_hidden_cards` makes
such a world from one the engine replayed, without replaying again: the seats' hands, receipts
and discards, the stock, the discard pile and the history's exchanges are put in; everything
else of the state is public and kept. The caller answers for the cards agreeing with the log
(the search compares the first world of every decision with the engine's replay of it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from primero.actions import Action
from primero.cards import Card
from primero.deal.state import GameState, Receipt

__all__ = ["SeatCards", "with_hidden_cards"]

#: One seat's hidden cards: its hand, every card it received (in order) and every card it threw.
SeatCards = tuple[tuple[Card, ...], tuple[Receipt, ...], tuple[Card, ...]]


def with_hidden_cards(state: GameState, *, stock: Sequence[Card], dealt: int,
                      seats: Mapping[int, SeatCards], discards: Sequence[Card],
                      history: Sequence[tuple[int, Action]], seed: int) -> GameState:
    """``state`` with other hidden cards: a world that the same public log leads to.

    Args:
        state: A state the engine reached (replayed from a stacked deal).
        stock: The whole stacked stock of the new world, in dealing order.
        dealt: How many of its cards have left the stock in ``state``.
        seats: Per seat whose cards change, its hand, receipts and discards
            (:data:`SeatCards`); other seats are kept.
        discards: The new discard pile.
        history: The new history (the same public actions; exchanges throwing the new cards).
        seed: The seed recorded in the new world's setup (its later reshuffles).

    Returns:
        The new world; its caches start empty (a new state's do), its context has the new
        setup's stock and seed.
    """
    new_seats = list(state.seats)
    for i, (hand, received, discarded) in seats.items():
        new_seats[i] = attrs.evolve(new_seats[i], hand=tuple(hand), received=tuple(received),
                                    discarded=tuple(discarded))
    context = state.context.with_setup(attrs.evolve(state.context.setup, stock=tuple(stock),
                                                    seed=seed))
    return attrs.evolve(state, context=context, seats=tuple(new_seats),
                        stock=tuple(stock[dealt:]), discards=tuple(discards),
                        history=tuple(history))
