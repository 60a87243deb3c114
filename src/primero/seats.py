"""A player's part of a deal and the cards they are dealt (RULES.md §4).

:class:`Seat` (hand, stack, chips put in, the round's flags), :class:`PublicSeat` (what
everyone can see of it), :class:`Receipt` (a card received: which, why, when),
:class:`Delivery` (a card owed, not dealt yet) and :class:`Chance` (a chance node: who receives
the next card and which cards can come). Re-exported by :mod:`primero.state`.
"""

from __future__ import annotations

from typing import NamedTuple

from attrs import field, frozen

from primero.cards import Card

__all__ = ["Chance", "Delivery", "PublicSeat", "Receipt", "Seat", "folded_cards",
           "reshuffle_pool"]


class Receipt(NamedTuple):
    """One card a player received: which, why, and when (known only to that player).

    A named tuple (immutable, compared by value; cheap to make, one per card dealt).

    Attributes:
        card: The card.
        reason: Why it was dealt: ``"deal"``, ``"second deal"``, ``"exchange"`` or ``"pass"``
            (a Suzuki pass's exchange), or a plug-in's own reason.
        after: How many actions had been applied in the deal before it was dealt.
        order: Its place among all the cards dealt in the deal, 0 for the first.
    """

    card: Card
    reason: str
    after: int
    order: int


class Delivery(NamedTuple):
    """A card owed to a player that has not been dealt yet (a pending chance event).

    A named tuple (immutable, compared by value).

    The dealing hooks queue deliveries (``state.pending``); the engine deals them, from the
    stock in the seeded and stacked modes, or one per :meth:`GameState.deal` when the cards
    come from outside.

    Attributes:
        seat: Who receives the card.
        reason: Why (see :attr:`Receipt.reason`).
        exclude: Cards that may not come back to this player if the stock runs out and the
            discards are reshuffled (the cards they have just thrown, RULES.md §4).
    """

    seat: int
    reason: str
    exclude: tuple[Card, ...] = ()


@frozen
class Chance:
    """A chance node: the next card to deal, and the cards that can come (RULES.md §4).

    Attributes:
        seat: Who receives the card.
        reason: Why it is dealt: ``"deal"`` (the first deal), ``"second deal"``, ``"exchange"``
            or ``"pass"`` (a Suzuki pass's exchange), or a plug-in's own reason.
        cards: The cards that can come, each equally likely, in pack order: the unseen cards
            of the stock, or, once it is exhausted, the discards that will be reshuffled (less
            the cards this player has just thrown). Never a card in anyone's hand.
    """

    seat: int
    reason: str
    cards: tuple[Card, ...]


@frozen(kw_only=True)
class Seat:
    """One player's part of a deal.

    Attributes:
        name: The player's name.
        stack: Chips not yet put in this deal.
        hand: Cards in hand, in the order received.
        folded: Out of the deal.
        contributed: Chips put in this deal (antes included), the basis of side pots.
        round_bet: Chips put in during the current betting round (antes excluded).
        passed: Has passed in answer to the current vie or raise (pass-once).
        acted: Has acted in the current betting round.
        discarded: Cards this player has thrown in exchanges this deal (known only to them).
        received: Every card this player was dealt, in order, with why and when (known only to
            them): the cards of the deal, of the second deal and of every exchange.
    """

    name: str
    stack: int
    hand: tuple[Card, ...] = ()
    folded: bool = False
    contributed: int = 0
    round_bet: int = 0
    passed: bool = False
    acted: bool = False
    discarded: tuple[Card, ...] = ()
    received: tuple[Receipt, ...] = ()
    _public: PublicSeat | None = field(default=None, init=False, eq=False, repr=False)

    def public(self) -> PublicSeat:
        """What everyone can see of this seat (cached: a seat is a value)."""
        public = self._public
        if public is None:
            public = PublicSeat(name=self.name, stack=self.stack, contributed=self.contributed,
                                round_bet=self.round_bet, folded=self.folded,
                                cards=len(self.hand))
            object.__setattr__(self, "_public", public)
        return public

    @property
    def all_in(self) -> bool:
        """Still in, with no chips left to put in."""
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        """Still in and not all-in: can still bet."""
        return not self.folded and self.stack > 0


@frozen(kw_only=True)
class PublicSeat:
    """What everyone can see of a seat.

    Attributes:
        name: The player's name.
        stack: Chips not on the table.
        contributed: Chips put in this deal.
        round_bet: Chips put in this betting round.
        folded: Out of the deal.
        cards: How many cards the player holds.
        shown: The cards, when shown at the showdown; otherwise ``()``.
    """

    name: str
    stack: int
    contributed: int
    round_bet: int
    folded: bool
    cards: int
    shown: tuple[Card, ...] = ()


def reshuffle_pool(discards: tuple[Card, ...], exclude: tuple[Card, ...],
                   folded: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """The cards a reshuffle makes the new stock of, in pack order (RULES.md §4).

    All the discards but ``exclude`` (the cards the player being served has just thrown),
    with the folded hands (``folded``, see :func:`folded_cards`).
    """
    pile = [c for c in discards if c not in exclude]
    pile.extend(folded)
    return tuple(sorted(pile, key=_card_index))


def folded_cards(seats: tuple[Seat, ...]) -> tuple[Card, ...]:
    """The cards still in folded hands: they join the discards at a reshuffle (RULES.md §4)."""
    return tuple(c for s in seats if s.folded for c in s.hand)


def _card_index(card: Card) -> int:
    return card.index
