"""How a deal is set up: its plan's steps, the table, the setup, and the shared context.

The context is what every state of the deal shares (DESIGN.md "One setup, one state").
A :class:`DealSetup` is everything a deal record needs besides the actions; a
:class:`DealContext` holds the variant, the setup and the facts derived from them once per deal
(``state.context``). Re-exported by :mod:`primero.state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

if TYPE_CHECKING:
    from primero.action_space import ActionSpace
    from primero.betting_rules import BettingRules
    from primero.cards import Card
    from primero.facade import Rules
    from primero.variant import Variant

__all__ = ["DEALING_MODES", "DealContext", "DealSetup", "Step", "Table"]

#: How a deal's cards are chosen (``start_deal(dealing=...)``): from a seeded shuffle, from a
#: stacked stock given in advance, or from outside, one card at each chance node.
DEALING_MODES = ("seeded", "stacked", "external")


@frozen
class Step:
    """One step of a deal's plan (the ``primero_deal_plan`` hook).

    Attributes:
        kind: ``"ante"``, ``"deal"``, ``"bet"``, ``"exchange"``, ``"declare"`` or
            ``"showdown"``; a plug-in may add its own kinds and handle them in
            ``primero_start_step``.
        number: The betting round or declaration number (1-based), or 0.
        count: Cards to deal to each player, for ``"deal"``.
    """

    kind: str
    number: int = 0
    count: int = 0

    def __str__(self) -> str:
        if self.kind == "deal":
            return f"deal {self.count}"
        if self.kind == "bet":
            return f"betting round {self.number}"
        return self.kind if not self.number else f"{self.kind} {self.number}"


@frozen(kw_only=True)
class Table:
    """Table parameters, in chips (RULES.md §5, §9, §10).

    Attributes:
        stake: The smallest bet or raise.
        rest: The largest single bet or raise.
        ante: What each player pays before the deal (variants with an ante only).
        raise_cap: House rule (RULES.md §5): the most vies plus raises one betting round
            allows, then only hold, pass or fold; ``None`` (the default): no cap.
    """

    stake: int = 1
    rest: int = 3
    ante: int = 0
    raise_cap: int | None = None


@frozen(kw_only=True)
class DealSetup:
    """How a deal was set up: everything a deal record needs besides the actions.

    Attributes:
        players: Names in playing order.
        chips: Starting chips in playing order.
        dealer: The dealer's seat.
        table: Stake, rest, ante.
        carry: Chips carried over from an earlier deal.
        stock: The whole pack from the top, as it was before dealing.
        seed: The seed of reshuffles (when the stock runs out) not given in advance.
        reshuffles: New stock orders given in advance (a replayed record).
        dealing: ``"seeded"``, ``"stacked"`` or ``"external"`` (:data:`DEALING_MODES`); an
            external deal's ``stock`` is the pack in pack order (its order is not known).

    ``seed``, ``reshuffles`` and ``dealing`` are only the means to the cards: two setups that
    deal the same cards are equal, so a replayed record equals the deal it was saved from.
    """

    players: tuple[str, ...]
    chips: tuple[int, ...]
    dealer: int
    table: Table
    carry: int
    stock: tuple[Card, ...]
    seed: int = field(eq=False)
    reshuffles: tuple[tuple[Card, ...], ...] = field(default=(), eq=False)
    dealing: str = field(default="seeded", eq=False)



#: Actions per seat (and one) a deal may always take (see
#: :func:`primero.hookchecks.deal_action_bound`): below them its progress is not computed.
PROGRESS_FLOOR = 64


class DealContext:
    """What every state of one deal shares: the variant, the setup, and facts derived once.

    A state refers to its deal's context by one field (``state.context``) instead of copying
    the variant, the setup and their derived facts on every action. Read-only; two contexts
    are equal when their variants and setups are (the derived facts follow from them).

    Attributes:
        variant: The configured variant.
        setup: How the deal was set up.
        rules: The variant's checked rules (``variant.rules``).
        plan: The deal's steps (the variant's ``primero_deal_plan``).
        table: Stake, rest, ante (the setup's).
        betting: The variant's betting rules (``variant.spec.betting``).
        n: The number of seats.
        dealer: The dealer's seat.
        eldest: The seat after the dealer.
        external: The cards are dealt from outside (``dealing="external"``).
        total_chips: The deal's chips: the players' at the start and the carry-in.
        bound: The number of actions from which on the engine checks the deal against
            :func:`primero.hookchecks.deal_action_bound` (never more than that bound).
    """

    __slots__ = ("_hash", "_space", "betting", "bound", "dealer", "eldest", "external", "n", "plan",
                 "rules", "setup", "steps", "table", "total_chips", "variant")

    variant: Variant
    setup: DealSetup
    rules: Rules
    plan: tuple[Step, ...]
    steps: tuple[Step | None, ...]
    table: Table
    betting: BettingRules
    n: int
    dealer: int
    eldest: int
    external: bool
    total_chips: int
    bound: int
    _hash: int | None
    _space: ActionSpace | None

    def __init__(self, variant: Variant, setup: DealSetup) -> None:
        setter = object.__setattr__
        rules = variant.rules
        plan = rules.plan
        n = len(setup.players)
        total = sum(setup.chips) + setup.carry
        for name, value in (
                ("variant", variant), ("setup", setup), ("rules", rules), ("plan", plan),
                ("steps", (None, *plan, None)), ("table", setup.table),
                ("betting", variant.spec.betting), ("n", n), ("dealer", setup.dealer),
                ("eldest", (setup.dealer + 1) % n if n else 0),
                ("external", setup.dealing == "external"), ("total_chips", total),
                ("bound", min(max(1, len(plan)) * (2 * n + 1) * (total + n + 1),
                              PROGRESS_FLOOR * (n + 1))), ("_hash", None),
                ("_space", None)):
            setter(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not DealContext:
            return NotImplemented
        return self.variant == other.variant and self.setup == other.setup

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = hash((self.variant, self.setup))
            object.__setattr__(self, "_hash", value)
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        return (DealContext, (self.variant, self.setup))

    def __deepcopy__(self, memo: dict[int, object]) -> DealContext:
        return self

    def __copy__(self) -> DealContext:
        return self

    def __repr__(self) -> str:
        return f"<DealContext {self.variant} {', '.join(self.setup.players)}>"
