"""What one player may see of a deal: their own cards and the public facts (DESIGN.md).

Built by ``state.view(seat)`` (:func:`primero.engine.view`) only when asked for. Re-exported by
:mod:`primero.state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import field, frozen

if TYPE_CHECKING:
    from primero.actions import Action
    from primero.cards import Card
    from primero.deal_setup import Step, Table
    from primero.seats import PublicSeat, Receipt
    from primero.variant import Variant

__all__ = ["PlayerView"]


@frozen(kw_only=True)
class PlayerView:
    """One player's view of a deal: their own cards and the public facts, nothing else.

    Attributes:
        seat: The viewer's seat.
        variant: The variant.
        hand: The viewer's own cards.
        seats: Every seat's public facts.
        dealer: The dealer's seat.
        table: Stake, rest, ante.
        step: The current step.
        to_act: Whose turn it is.
        pot: Chips on the table.
        high: The highest total of the betting round.
        opened: Someone has vied in this round.
        stock_size: Cards left in the stock.
        discards_size: Cards in the discard pile (face down).
        history: ``(seat, public text)`` of every action; exchanges show only how many cards
            (the viewer's own too: their own discards are in ``discarded``).
        discarded: The cards the viewer has thrown in exchanges this deal.
        received: The cards the viewer was dealt, with why and when (:class:`Receipt`).
        extras: The variant's public state (e.g. the standing call).
        legal: The viewer's legal actions when it is their turn.
        over: The deal is over.
    """

    seat: int
    variant: Variant = field(repr=False)
    hand: tuple[Card, ...]
    seats: tuple[PublicSeat, ...]
    dealer: int
    table: Table
    step: Step | None
    to_act: int | None
    pot: int
    high: int
    opened: bool
    stock_size: int
    discards_size: int
    history: tuple[tuple[int, str], ...]
    discarded: tuple[Card, ...]
    extras: tuple[tuple[str, Any], ...]
    legal: tuple[Action, ...]
    over: bool
    received: tuple[Receipt, ...] = ()

    @property
    def owed(self) -> int:
        """Chips the viewer must add to match the round's highest total."""
        return max(0, self.high - self.seats[self.seat].round_bet)

    @property
    def stack(self) -> int:
        """The viewer's chips not on the table."""
        return self.seats[self.seat].stack

    def extra(self, key: str, default: Any = None) -> Any:
        """A public variant-specific value."""
        for k, v in self.extras:
            if k == key:
                return v
        return default
