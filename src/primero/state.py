"""The state of a deal: frozen values, tuples inside (DESIGN.md "Values, not objects that change").

A :class:`GameState` is a complete snapshot of one deal: seats (hands, stacks, chips put in),
stock and discards, where the deal is in its plan of :class:`Step` s, whose turn it is, the
betting round's bookkeeping, the history of actions, and, once over, its settlement.
``state.apply(action)`` returns a new state and leaves the old one valid; ``state.view(seat)``
is what one player may see.

Seats are numbered 0..n-1 in playing order; the eldest is the seat after the dealer
(RULES.md §4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

import attrs
from attrs import field, frozen

from primero.cards import Card, format_cards

if TYPE_CHECKING:
    from primero.action_space import ActionSpace
    from primero.actions import Action
    from primero.betting_rules import BettingRules
    from primero.facade import Rules
    from primero.hands import HandValue
    from primero.settlement import Settlement
    from primero.variant import Variant

__all__ = [
    "DEALING_MODES", "Chance", "DealSetup", "Delivery", "GameState", "PlayerView", "PublicSeat",
    "Receipt", "Seat", "Step", "Table", "fill", "replace",
]

#: How a deal's cards are chosen (``start_deal(dealing=...)``): from a seeded shuffle, from a
#: stacked stock given in advance, or from outside, one card at each chance node.
DEALING_MODES = ("seeded", "stacked", "external")

_T = TypeVar("_T")
_REPLACERS: dict[type, Any] = {}


def _make_replacer(cls: type) -> Any:
    """Generate straight-line copying code for ``cls``: one load and store per field.

    Several times faster than a loop or ``attrs.evolve``.
    """
    all_fields = attrs.fields(cls)
    names = [f.name for f in all_fields if f.init]
    lines = ["def replacer(inst, changes):", "    new = new_object(cls)"]
    lines += [f"    setter(new, {n!r}, inst.{n})" for n in names]
    defaults = {f"default_{i}": f.default for i, f in enumerate(all_fields) if not f.init}
    lines += [f"    setter(new, {f.name!r}, default_{i})"
              for i, f in enumerate(all_fields) if not f.init]
    lines += [
        "    for name, value in changes.items():",
        "        if name not in allowed:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
        "        setter(new, name, value)",
        "    return new",
    ]
    namespace: dict[str, Any] = {"new_object": object.__new__, "setter": object.__setattr__,
                                 "cls": cls, "allowed": frozenset(names), **defaults}
    exec("\n".join(lines), namespace)  # generated from the class's own fields
    replacer = namespace["replacer"]
    replacer.allowed = frozenset(names)
    replacer.caches = tuple((f.name, f.default) for f in all_fields if not f.init)
    return replacer


def replace(inst: _T, /, **changes: Any) -> _T:
    """A copy of a frozen state value with some fields changed: a fast ``attrs.evolve``.

    The engine makes a new state on every action, so this skips what ``evolve`` does per call
    (field introspection, ``__init__`` keyword handling). Fields that are not ``__init__``
    arguments (caches) are reset to their defaults. Only for classes without converters or
    validators, such as :class:`GameState` and :class:`Seat`.

    Raises:
        TypeError: a name in ``changes`` is not an ``__init__`` field of the class.
    """
    replacer = _REPLACERS.get(type(inst))
    if replacer is None:
        replacer = _REPLACERS[type(inst)] = _make_replacer(type(inst))
    return replacer(inst, changes)  # type: ignore[no-any-return]


def fill(fresh: Any, /, **changes: Any) -> None:
    """Set fields of a state value that the caller has *just made* and nobody else holds yet.

    The engine's way to finish a state without another copy (one state copy per action):
    only for an object fresh from :func:`replace` inside the same call, never for a state
    that was handed in or handed out. Caches (fields that are not ``__init__`` arguments) are
    reset.

    Raises:
        AttributeError: a name in ``changes`` is not a field of the class.
    """
    setter = object.__setattr__
    for name, value in changes.items():
        setter(fresh, name, value)  # a slotted class: an unknown name raises AttributeError
    if type(fresh) is GameState and (fresh._legal is not None or fresh._legal_ids is not None):
        setter(fresh, "_legal", None)
        setter(fresh, "_legal_ids", None)


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
        bound: The most actions the deal may take (see
            :func:`primero.hookchecks.deal_action_bound`).
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
                ("bound", max(1, len(plan)) * (2 * n + 1) * (total + n + 1)), ("_hash", None),
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


@frozen(kw_only=True)
class GameState:
    """A complete snapshot of one deal. Frozen: every change makes a new state.

    Build the first state with :func:`primero.engine.start_deal`; then ``apply`` actions.

    Attributes:
        context: What every state of the deal shares (:class:`DealContext`): the variant
            (:attr:`variant`), the setup (:attr:`setup`) and facts derived from them.
        seats: One :class:`Seat` per player, in playing order.
        stock: Undealt cards, top first (in pack order when the cards are dealt from outside:
            then the order is not known).
        discards: Cards thrown in exchanges, face down, oldest first.
        step_index: The current step's index in ``plan`` (-1 before the first).
        to_act: The seat whose turn it is, or ``None``.
        high: The highest total any player has put in this betting round.
        opener: The seat that vied in this betting round.
        held: Someone has held (or raised) since the vie (lifts the must-hold duty).
        bets: Vies and raises made in the current betting round (for ``raise_cap``).
        skipped: The current betting round was skipped (fewer than two could act).
        over: The deal is over.
        ended_by: ``"showdown"``, ``"folds"`` (one player left), ``"carry"`` (no vie in the
            last round), or a variant's own reason.
        reshuffles: Every new stock made from the discards, in order, top first.
        history: ``(seat, action)`` for every action applied, in order.
        extras: Variant-specific state as ``(key, value)`` pairs (e.g. the standing call).
        settlement: The settlement, once the deal is over.
        pending: Cards owed to players and not yet dealt (:class:`Delivery`, in dealing
            order). Only a deal dealt from outside stops with cards pending: it is then at a
            chance node (:attr:`chance`).

    Derived, not stored (each fact is stored once): :attr:`variant` and :attr:`setup` are the
    context's, :attr:`dealer`, :attr:`table` and
    :attr:`carry_in` are the setup's, :attr:`plan` the variant's, :attr:`opened` is
    ``opener is not None``, and :attr:`public_log` is read off the history.
    """

    context: DealContext = field(repr=False)
    seats: tuple[Seat, ...]
    stock: tuple[Card, ...] = field(default=(), repr=False)
    discards: tuple[Card, ...] = field(default=(), repr=False)
    step_index: int = -1
    to_act: int | None = None
    high: int = 0
    opener: int | None = None
    held: bool = False
    bets: int = 0
    skipped: bool = False
    over: bool = False
    ended_by: str = ""
    reshuffles: tuple[tuple[Card, ...], ...] = field(default=(), repr=False)
    history: tuple[tuple[int, Action], ...] = field(default=(), repr=False)
    extras: tuple[tuple[str, Any], ...] = field(default=(), repr=False)
    settlement: Settlement | None = field(default=None, repr=False)
    pending: tuple[Delivery, ...] = field(default=(), repr=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, eq=False, repr=False)
    _legal_ids: tuple[int, ...] | None = field(default=None, init=False, eq=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        # caches are never pickled: they are rebuilt on demand where the state is unpickled
        state = {name: getattr(self, name) for name in _STATE_FIELDS}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in _STATE_FIELDS:
            object.__setattr__(self, name, state[name])
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_legal_ids", None)

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        return self  # a value: every part is immutable, so a copy would be the same state

    def __copy__(self) -> GameState:
        return self

    # ---------------------------------------------------------------------------------------
    # derived facts

    @property
    def variant(self) -> Variant:
        """The configured variant whose rules drive the deal (the context's)."""
        return self.context.variant

    @property
    def setup(self) -> DealSetup:
        """How the deal was set up, for records and replays (the context's)."""
        return self.context.setup

    @property
    def dealer(self) -> int:
        """The dealer's seat (the setup's)."""
        return self.context.dealer

    @property
    def table(self) -> Table:
        """Stake, rest and ante (the setup's)."""
        return self.context.table

    @property
    def carry_in(self) -> int:
        """Chips carried over into this deal's pot (the setup's)."""
        return self.context.setup.carry

    @property
    def plan(self) -> tuple[Step, ...]:
        """The deal's steps (the variant's ``primero_deal_plan``)."""
        return self.context.plan

    @property
    def opened(self) -> bool:
        """Someone has vied in this betting round (``opener is not None``)."""
        return self.opener is not None

    @property
    def public_log(self) -> tuple[tuple[int, str], ...]:
        """``(seat, text)`` for every action as the table sees it (read off the history).

        Exchanged cards show only as a count.
        """
        public_text = _engine().public_text
        return tuple((seat, public_text(action)) for seat, action in self.history)

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in playing order."""
        return tuple(s.name for s in self.seats)

    @property
    def n(self) -> int:
        """The number of seats."""
        return self.context.n

    @property
    def eldest(self) -> int:
        """The seat after the dealer: first to receive cards and to act."""
        return self.context.eldest

    def playing_order(self, start: int | None = None) -> Iterator[int]:
        """Seats in playing order, starting at ``start`` (default: the eldest)."""
        first = self.eldest if start is None else start
        n = len(self.seats)
        return ((first + i) % n for i in range(n))

    @property
    def step(self) -> Step | None:
        """The current step, or ``None`` before the first and after the last."""
        index = self.step_index + 1
        steps = self.context.steps
        return steps[index] if 0 <= index < len(steps) else None

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the deal (not folded), in seat order."""
        return tuple(i for i, s in enumerate(self.seats) if not s.folded)

    @property
    def pot(self) -> int:
        """Chips on the table: the carry-over plus everything put in.

        After settlement: the chips carried to the next deal.
        """
        if self.settlement is not None:
            return self.settlement.carry
        return self.carry_in + sum(s.contributed for s in self.seats)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips not on the table, in playing order (final once settled)."""
        return tuple(s.stack for s in self.seats)

    @property
    def total_chips(self) -> int:
        """Stacks plus the pot: constant through a deal (chips are conserved)."""
        return sum(self.stacks) + self.pot

    def extra(self, key: str, default: Any = None) -> Any:
        """A variant-specific value from :attr:`extras`."""
        for k, v in self.extras:
            if k == key:
                return v
        return default

    def with_extra(self, key: str, value: Any) -> GameState:
        """A copy with one variant-specific value set."""
        extras = (*tuple((k, v) for k, v in self.extras if k != key), (key, value))
        return replace(self, extras=extras)

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name``.

        Raises:
            KeyError: nobody at the table has that name.
        """
        for i, seat in enumerate(self.seats):
            if seat.name == name:
                return i
        raise KeyError(f"no player called {name!r}; players: {', '.join(self.players)}")

    def value(self, seat: int) -> HandValue:
        """The ranking value of ``seat``'s hand (it must hold a full hand)."""
        return self.variant.ranking.evaluate(self.seats[seat].hand)

    def replace_seat(self, index: int, **changes: Any) -> tuple[Seat, ...]:
        """The seats with one seat changed (a helper for rules implementations)."""
        seats = list(self.seats)
        seats[index] = replace(seats[index], **changes)
        return tuple(seats)

    # ---------------------------------------------------------------------------------------
    # the engine's API, as methods

    @property
    def chance(self) -> Chance | None:
        """The chance node of a deal dealt from outside, or ``None`` (RULES.md §4).

        At a chance node nobody may act (:meth:`legal_actions` is empty, :meth:`apply`
        refuses) until :meth:`deal` gives the next card; ``to_act`` already names the player
        who decides once every pending card is dealt. Deals dealt from a seed or a stacked
        stock never stop at a chance node: the engine deals the top of the stock itself,
        through the same code.
        """
        pending = self.pending
        if not pending or not self.context.external:
            return None
        first = pending[0]
        return Chance(seat=first.seat, reason=first.reason,
                      cards=self.stock or reshuffle_pool(self.discards, first.exclude,
                                                         folded_cards(self.seats)))

    def deal(self, card: Card | str) -> GameState:
        """Deal ``card`` at the chance node and return the next state (this one is unchanged).

        Args:
            card: One of ``state.chance.cards``, as a card or its text (``"7h"``).

        Raises:
            IllegalActionError: the state is not at a chance node, or ``card`` cannot come
                (it is not among ``state.chance.cards``); the message names the card only.
            CardParseError: the text is not a card.
        """
        return cast(GameState, _engine().deal(self, card))

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act; empty when nobody is to act (or at chance)."""
        legal = self._legal
        if legal is None:
            if self.over or self.to_act is None or self.pending:
                legal = ()
            else:
                legal = self.context.rules.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    @property
    def action_space(self) -> ActionSpace:
        """The deal's fixed action space (variant and table): every action as an integer id.

        See :class:`primero.action_space.ActionSpace`: ``size``, ``encode(state, action)``,
        ``decode(state, i)``.
        """
        from primero.action_space import space_of

        return space_of(self)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions in :attr:`action_space`, ascending (empty: nobody acts)."""
        ids = self._legal_ids
        if ids is None:
            ids = cast("tuple[int, ...]", _engine().legal_ids(self))
            object.__setattr__(self, "_legal_ids", ids)
        return ids

    def apply(self, action: Action | str | int) -> GameState:
        """Apply the action of the seat to act and return the new state (this one is unchanged).

        Args:
            action: An :class:`~primero.actions.Action`, its text (e.g. ``"vie 2"``, or
                ``"Anna vie 2"``), or its id in :attr:`action_space` (an ``int``).

        Raises:
            IllegalActionError: the action is not legal here; the message says why. See
                :func:`primero.engine.apply` for what an error shows, and to whom.
        """
        engine = _ENGINE
        if engine is None:
            engine = _engine()
        return engine.apply(self, action)  # type: ignore[no-any-return]

    def view(self, seat: int) -> PlayerView:
        """What the player at ``seat`` may see: their own cards and everything public."""
        return cast(PlayerView, _engine().view(self, seat))

    def describe(self) -> str:
        """A multi-line, all-seeing description (for debugging and the ``play`` narration)."""
        lines = [f"{self.variant} — {self.step or ('over' if self.over else 'start')}; "
                 f"pot {self.pot}"]
        for i, s in enumerate(self.seats):
            mark = "D" if i == self.dealer else " "
            status = "folded" if s.folded else ("all-in" if s.all_in else "")
            lines.append(f" {mark} {s.name:<10} {s.stack:>4} chips  in {s.contributed:>3}  "
                         f"{format_cards(s.hand):<14} {status}")
        return "\n".join(lines)


_ENGINE: Any = None


def _engine() -> Any:
    """The engine module (imported on first use: the engine imports this module)."""
    global _ENGINE
    if _ENGINE is None:
        import primero.engine

        _ENGINE = primero.engine
    return _ENGINE


_STATE_FIELDS = tuple(f.name for f in attrs.fields(GameState) if f.init)


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
