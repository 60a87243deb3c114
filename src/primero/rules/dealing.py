"""Dealing conventions (RULES.md §4) and the Waks deal plan (§5): the core's dealing hooks.

* Cards are dealt one at a time in playing order from the eldest, round by round.
* An exchange serves all of a player's replacements at once from the top of the stock.
* When the stock runs out, the player is first served what is left, then the discards — except
  the cards that player has just thrown, and with the folded hands — are shuffled into a new
  stock [seed-DE]
  [seed-PRIMIERA]. Every new stock order is recorded in ``state.reshuffles``; a replayed record
  supplies them in ``setup.reshuffles`` so a replay never depends on a random generator.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from primero.cards import Card, format_cards
from primero.errors import InvalidDeckError, RecordError
from primero.hookspecs import hookimpl
from primero.state import GameState, Step, replace

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = ["WAKS_PLAN", "StandardDealing", "draw", "reshuffle_rng"]

#: The Waks deal: two cards, round 1, exchange, two more cards, round 2, showdown.
WAKS_PLAN: tuple[Step, ...] = (
    Step("deal", count=2),
    Step("bet", 1),
    Step("exchange"),
    Step("deal", count=2),
    Step("bet", 2),
    Step("showdown"),
)


def reshuffle_rng(seed: int, index: int) -> random.Random:
    """The generator of the ``index``-th reshuffle of a deal whose reshuffle seed is ``seed``."""
    return random.Random(f"primero-reshuffle:{seed}:{index}")


def _new_stock(state: GameState, exclude: tuple[Card, ...]) -> GameState:
    """Shuffle the discards (less ``exclude``) into a new stock and record its order.

    Folded hands join the discards first (RULES.md §4, the library's convention): a folded
    player's cards go face down into the new stock and their hand is empty from then on.
    """
    folded = [c for s in state.seats if s.folded for c in s.hand]
    if folded:
        state = replace(state, seats=tuple(replace(s, hand=()) if s.folded else s
                                           for s in state.seats))
    kept = [c for c in state.discards if c in exclude]
    pile = [c for c in state.discards if c not in exclude] + folded
    index = len(state.reshuffles)
    given = state.setup.reshuffles
    if index < len(given):
        stock = given[index]
        if Counter(stock) != Counter(pile):
            raise RecordError(
                f"reshuffle {index + 1} of the record ({format_cards(stock, ascii=True)}) is not"
                f" the discards being reshuffled ({format_cards(sorted(pile), ascii=True)})"
            )
    else:
        shuffled = sorted(pile, key=lambda c: c.index)
        reshuffle_rng(state.setup.seed, index).shuffle(shuffled)
        stock = tuple(shuffled)
    return replace(state, stock=tuple(stock), discards=tuple(kept),
                  reshuffles=(*state.reshuffles, tuple(stock)))


def draw(state: GameState, count: int, exclude: tuple[Card, ...] = ()) \
        -> tuple[tuple[Card, ...], GameState]:
    """Take ``count`` cards from the top of the stock, reshuffling the discards if it runs out.

    Args:
        state: The state to draw from.
        count: How many cards.
        exclude: Discards that must not go into a new stock (the ones just thrown).

    Returns:
        The cards drawn and the new state.

    Raises:
        InvalidDeckError: stock and reshuffled discards together hold too few cards.
    """
    drawn = state.stock[:count]
    state = replace(state, stock=state.stock[count:])
    if len(drawn) < count:
        state = _new_stock(state, exclude)
        missing = count - len(drawn)
        if len(state.stock) < missing:
            raise InvalidDeckError(
                f"not enough cards: {missing} more needed, the new stock has {len(state.stock)}"
            )
        drawn += state.stock[:missing]
        state = replace(state, stock=state.stock[missing:])
    return drawn, state


class StandardDealing:
    """Core dealing hooks: the Waks plan, dealing round by round, exchanges with reshuffles."""

    @hookimpl(trylast=True)
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """The Waks plan (RULES.md §5)."""
        return WAKS_PLAN

    @hookimpl(trylast=True)
    def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> GameState:
        """One card at a time to each player still in, from the eldest, ``count`` rounds."""
        order = [i for i in state.playing_order() if not state.seats[i].folded]
        cards, state = draw(state, count * len(order))
        hands = [s.hand for s in state.seats]
        for k, card in enumerate(cards):
            seat = order[k % len(order)]
            hands[seat] = (*hands[seat], card)
        seats = tuple(replace(s, hand=h) for s, h in zip(state.seats, hands, strict=True))
        return replace(state, seats=seats)

    @hookimpl(trylast=True)
    def primero_serve_exchange(
        self, state: GameState, variant: Variant, seat: int, discards: tuple[Card, ...]
    ) -> GameState:
        """Throw ``discards`` face down and serve as many from the top of the stock."""
        if not discards:
            return state
        player = state.seats[seat]
        hand = tuple(c for c in player.hand if c not in discards)
        state = replace(state, discards=(*state.discards, *discards))
        drawn, state = draw(state, len(discards), exclude=discards)
        return replace(state, seats=state.replace_seat(
            seat, hand=hand + drawn, discarded=player.discarded + tuple(discards)))
