"""What the OpenSpiel and PettingZoo adapters share: the table, the returns, the encodings.

Both adapters (:mod:`primero.openspiel`, :mod:`primero.pettingzoo`) play one deal dealt from
outside (``start_deal(..., dealing="external")``, issue 12's explicit chance) at a table fixed
by an :class:`AdapterTable`, and drive it only through the engine's public API:
``state.chance`` / ``state.deal(card)``, ``state.action_space`` / ``state.legal_action_ids()``
/ ``state.apply(id)``, ``state.view(seat)`` and the settlement.

* **Chance outcomes** are a card's position in the variant's pack (``0 .. len(pack) - 1``).
* **Player actions** are the engine's action ids (:mod:`primero.action_space`).
* **Returns** are chips won or lost in the deal. A pot that stays on the table for the next
  deal (the carry-over, RULES.md §3) is, by the ``carry_over`` parameter, either ``"refund"``
  (the default: each player gets back the chips they put into the carried pot, so the game is
  zero-sum) or ``"lost"`` (nobody gets them back: the returns then add up to minus the
  carry-over).
* **Tensors and strings** are :mod:`primero.adapter_encoding`'s.
"""

from __future__ import annotations

import inspect
from typing import Any

from attrs import frozen

from primero.cards import Card
from primero.engine import public_text, start_deal
from primero.errors import PrimeroError
from primero.plugins import get_variant
from primero.state import GameState, Step
from primero.variant import Variant

__all__ = [
    "AUTOMATIC_STEPS",
    "CARRY_OVER_TREATMENTS",
    "AdapterTable",
    "Move",
    "carried_shares",
    "max_decisions",
    "parse_options",
    "returns",
]

#: How a carried-over pot counts in the returns: given back to those who put it in, or lost.
CARRY_OVER_TREATMENTS = ("refund", "lost")

#: Step kinds that make no decision (everything else asks each player at most once, except the
#: betting rounds, bounded in :func:`max_decisions`).
AUTOMATIC_STEPS = frozenset({"deal", "ante", "showdown"})

def parse_options(text: str) -> dict[str, str]:
    """Read ``"key=value,key=value"`` into a dict of texts (the variant converts the values).

    A ``-`` in a key reads as ``_``; spaces around keys and values are ignored.

    Raises:
        InvalidOptionError: an item has no ``=`` or no key, or a key is given twice.
    """
    from primero.cli import parse_option_args

    return parse_option_args([item for item in text.split(",") if item.strip()])


def _engine_accepts(name: str) -> bool:
    return name in inspect.signature(start_deal).parameters


@frozen(kw_only=True)
class AdapterTable:
    """One deal's table, as both adapters' parameters give it.

    Attributes:
        variant: The configured variant.
        players: How many players (seats 0..players-1; the last seat deals, seat 0 is eldest).
        chips: Every player's chips at the start of the deal.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: The ante, in chips, or ``None`` for the variant's own.
        carry_over: ``"refund"`` or ``"lost"`` (:data:`CARRY_OVER_TREATMENTS`).
        raise_cap: The most vies plus raises one betting round allows (RULES.md §5, a house
            rule), or 0 for none. Passed to the engine only where ``start_deal`` accepts it.
    """

    variant: Variant
    players: int
    chips: int
    stake: int = 1
    rest: int = 3
    ante: int | None = None
    carry_over: str = "refund"
    raise_cap: int = 0

    @classmethod
    def build(cls, *, variant: str = "waks", options: str | dict[str, Any] = "",
              players: int = 2, chips: int = 20, stake: int = 1, rest: int = 3,
              ante: int | None = None, carry_over: str = "refund",
              raise_cap: int = 0) -> AdapterTable:
        """Check the parameters and build the table (one deal is set up to check them).

        Raises:
            UnknownVariantError: no such variant.
            InvalidOptionError: a bad option.
            PrimeroError: bad players, chips, table parameters, carry-over treatment or raise
                cap (the engine's messages).
        """
        given = parse_options(options) if isinstance(options, str) else dict(options)
        configured = get_variant(variant, **given)
        if carry_over not in CARRY_OVER_TREATMENTS:
            raise PrimeroError(f"carry_over must be one of "
                               f"{', '.join(map(repr, CARRY_OVER_TREATMENTS))}, got "
                               f"{carry_over!r}")
        if isinstance(raise_cap, bool) or not isinstance(raise_cap, int) or raise_cap < 0:
            raise PrimeroError(f"raise_cap must be a whole number >= 0 (0: no cap), got "
                               f"{raise_cap!r}")
        table = cls(variant=configured, players=players, chips=chips, stake=stake, rest=rest,
                    ante=ante, carry_over=carry_over, raise_cap=raise_cap)
        table.start()  # the engine checks players, chips and the table
        return table

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names: ``p0``, ``p1``, ..."""
        return tuple(f"p{i}" for i in range(self.players))

    @property
    def engine_caps_raises(self) -> bool:
        """A raise cap is set and the engine applies it (``start_deal`` takes ``raise_cap``)."""
        return bool(self.raise_cap) and _engine_accepts("raise_cap")

    def start(self) -> GameState:
        """A new deal dealt from outside, at its first chance node."""
        extra: dict[str, Any] = {}
        if self.engine_caps_raises:
            extra["raise_cap"] = self.raise_cap
        return start_deal(self.variant, self.names, self.chips, stake=self.stake,
                          rest=self.rest, ante=self.ante, dealing="external", **extra)

    @property
    def pack(self) -> tuple[Card, ...]:
        """The variant's pack; a chance outcome is a position in it."""
        return self.variant.pack.cards

    @property
    def plan(self) -> tuple[Step, ...]:
        """The deal's steps (the variant's deal plan)."""
        return tuple(self.variant.rules.deal_plan())

    @property
    def total_chips(self) -> int:
        """Everyone's chips together."""
        return self.players * self.chips


def max_decisions(table: AdapterTable) -> int:
    """An upper bound on the decisions (player actions) of one deal at ``table``.

    The derivation (RULES.md §5, §7, §10): in a betting round, every vie or raise starts a new
    *segment*; within a segment each player passes at most once (pass-once; a Suzuki pass is
    not asked again unless someone raises) and holds or folds at most once, so a round with
    ``k`` vies and raises has at most ``(k + 1) * 2n + k`` actions. Every other step that
    asks the players (an exchange, a declaration, a plug-in's own step) asks each at most once.
    Each vie or raise lifts the round's highest total by at least the stake, and the last one
    was put in by a player out of their chips, so a round has at most ``chips // stake`` of
    them, besides all-ins short of the stake (at most one per player in the deal): the deal's
    vies and raises are ``K <= rounds * (chips // stake) + n``, or ``raise_cap`` per round
    when the engine applies a cap and that is fewer. The bound is
    ``rounds * 2n + K * (2n + 1) + other steps * n``.
    """
    n = table.players
    rounds = sum(1 for step in table.plan if step.kind == "bet")
    other = sum(1 for step in table.plan
                if step.kind != "bet" and step.kind not in AUTOMATIC_STEPS)
    by_chips = rounds * (table.chips // table.stake) + n if rounds else 0
    most = min(by_chips, table.raise_cap * rounds) if table.engine_caps_raises else by_chips
    return rounds * 2 * n + most * (2 * n + 1) + other * n


def returns(state: GameState, table: AdapterTable) -> list[float]:
    """Chips won (positive) or lost (negative) by each seat in a finished deal.

    With ``carry_over="refund"`` each player also gets back what they put into pot layers
    that stay on the table (carried over, RULES.md §3); with ``"lost"`` those chips are gone.
    Before the end of the deal: zeros.
    """
    settlement = state.settlement
    if settlement is None:
        return [0.0] * table.players
    result = [float(stack - table.chips) for stack in state.stacks]
    if table.carry_over == "refund" and settlement.carry:
        for seat, chips in enumerate(carried_shares(state)):
            result[seat] += chips
    return result


def carried_shares(state: GameState) -> list[int]:
    """What each seat put into the pot that carries over (adding up to the carry-over).

    A player's part of a pot layer is what their contribution reached between the layer's
    bottom and its top; a deal whose settlement names no layers carries everything that was
    not given back.

    Raises:
        PrimeroError: the shares do not add up to the carry-over (a settlement this function
            cannot read, e.g. chips carried in from an earlier deal).
    """
    settlement = state.settlement
    assert settlement is not None
    put_in = [seat.contributed - settlement.returned_to(i) for i, seat in enumerate(state.seats)]
    if not settlement.layers:
        shares = put_in
    else:
        shares = [0] * len(put_in)
        bottom = 0
        for layer in settlement.layers:
            if layer.carried:
                for i, chips in enumerate(put_in):
                    shares[i] += max(0, min(chips, layer.level) - bottom)
            bottom = layer.level
    if sum(shares) != settlement.carry:
        raise PrimeroError(f"cannot share the carry-over of {settlement.carry} chips among "
                           f"the players who put it in (read {shares})")
    return shares


@frozen
class Move:
    """One decision of a deal, as the adapters record it.

    Attributes:
        seat: Who acted.
        action: The action id.
        text: The action as its maker knows it (``"exchange 7h Kd"``).
        public_text: The action as the table sees it (``"exchange 2 cards"``).
    """

    seat: int
    action: int
    text: str
    public_text: str

    def __deepcopy__(self, memo: dict[int, object]) -> Move:
        return self  # a value: search code copies states often

    @classmethod
    def make(cls, state: GameState, action: int) -> Move:
        """The move of applying ``action`` (an id, legal) in ``state``."""
        assert state.to_act is not None
        decoded = state.action_space.decode(state, action)
        return cls(state.to_act, action, str(decoded), public_text(decoded))
