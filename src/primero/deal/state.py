"""The state of a deal: frozen values, tuples inside, a new state for every action.

A :class:`GameState` is a complete snapshot of one deal: seats (hands, stacks, chips put in),
stock and discards, where the deal is in its plan of steps, whose turn it is, the betting
round's bookkeeping, the history of actions, and, once over, its settlement.
``state.apply(action)`` returns a new state and leaves the old one valid; ``state.view(seat)``
is what one player may see (:mod:`primero.views`). Seats are numbered 0..n-1 in playing order;
the eldest is the seat after the dealer (docs/rules/dealing.md#seats).

The values a state is made of are here too:

* :class:`Seat` (hand, stack, chips put in, the round's flags), :class:`PublicSeat` (what
  everyone can see of it), :class:`Receipt` (a card received: which, why, when),
  :class:`Delivery` (a card owed, not dealt yet) and :class:`Chance` (a chance node: who
  receives the next card and which cards can come);
* :class:`VariantState`: a variant's own facts through a deal (Cardano's standing call,
  Primiera's declarations), one typed frozen value on ``state.variant_state``. A variant
  defines a frozen attrs subclass with one field per fact; the rules read it with
  ``MyState.of(state)`` and set it with ``replace(state, variant_state=...)``:

    >>> from attrs import frozen
    >>> from primero.deal.state import VariantState
    >>> @frozen
    ... class TallyState(VariantState):
    ...     rounds: int | None = None    # public: every player sees it
    ...     _marked: str | None = None   # a leading "_": hidden from the players' views
    >>> TallyState(rounds=2, marked="Ac").items()
    (('rounds', 2), ('_marked', 'Ac'))
    >>> TallyState(rounds=2, marked="Ac").public_items()
    (('rounds', 2),)

  What every player may see of it is its *public* fields that are set: a player's view lists
  them as ``view.extras``, and ``MyState.of(view)`` reads them back typed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

import attrs
from attrs import field, frozen

from primero.cards import Card, format_cards
from primero.deal.action_space import ENCODINGS, ids_of, space_of
from primero.deal.copying import maker, replace
from primero.errors import UnknownSeatError, named
from primero.seating import seating_text
from primero.setup import DealSetup, Step, Table
from primero.views import PlayerView, deal_table_html

if TYPE_CHECKING:
    from primero.actions import Action
    from primero.deal.action_space import ActionSpace
    from primero.hands import HandValue
    from primero.plugins.deal import DealRules
    from primero.settlement import Settlement
    from primero.variant import BettingRules, Variant

__all__ = [
    "BY_ID_CACHE",
    "FACE_UP",
    "IDS_CACHE",
    "LEGAL_CACHE",
    "PROGRESS_FLOOR",
    "SOUND_FLAG",
    "Chance",
    "DealContext",
    "Delivery",
    "Engine",
    "Extras",
    "GameState",
    "HistoryChain",
    "PublicSeat",
    "Receipt",
    "Seat",
    "VariantState",
    "cards_sound",
    "fill",
    "folded_cards",
    "forget_legal",
    "history_size",
    "history_value",
    "history_with",
    "keep_legal",
    "last_entry",
    "mark_cards_sound",
    "only_variant_state_differs",
    "reshuffle_pool",
    "same_history",
]


_S = TypeVar("_S", bound="VariantState")


@frozen
class VariantState:
    """The base of a variant's typed per-deal state (frozen; fields are the variant's facts).

    Subclass it with ``@attrs.frozen`` and fields that default to ``None`` ("not yet"); a
    field whose name starts with ``_`` is hidden from the players (docs/rules/index.md: a player
    sees
    their own cards and the public facts only).
    """

    def items(self) -> tuple[tuple[str, Any], ...]:
        """Every field that is set (not ``None``) as ``(name, value)``, in field order."""
        return tuple((f.name, value) for f in attrs.fields(type(self))
                     if (value := getattr(self, f.name)) is not None)

    def public_items(self) -> tuple[tuple[str, Any], ...]:
        """The public fields that are set as ``(name, value)``: what a player's view lists."""
        return tuple((name, value) for name, value in self.items() if not name.startswith("_"))

    def with_item(self, name: str, value: Any) -> VariantState:
        """A copy with the field ``name`` (as :meth:`items` spells it) set to ``value``.

        Raises:
            KeyError: the state has no such field.
        """
        for f in attrs.fields(type(self)):
            if f.name == name:
                return attrs.evolve(self, **{f.alias: value})
        raise KeyError(f"{type(self).__name__} has no field {name!r}")

    @classmethod
    def of(cls: type[_S], source: object) -> _S:
        """This variant's state of a deal, or what a player's view shows of it.

        Args:
            source: A :class:`~primero.deal.state.GameState` (its ``variant_state``; a new default
                value while it holds none of this type) or a
                :class:`~primero.views.PlayerView` (its public ``extras``, the hidden fields
                at their defaults).
        """
        if hasattr(source, "variant_state"):
            value = source.variant_state
            return value if isinstance(value, cls) else cls()
        public = {f.name: f.alias for f in attrs.fields(cls) if not f.name.startswith("_")}
        shown = getattr(source, "extras", ())
        return cls(**{public[name]: value for name, value in shown if name in public})


@frozen
class Extras(VariantState):
    """Untyped ``(key, value)`` pairs: ``state.with_extra`` in a deal without a typed state.

    0.1's ``state.extras``, kept for plug-ins that use it; keys starting with ``_`` are hidden.

    Attributes:
        pairs: The pairs, in the order first set.
    """

    pairs: tuple[tuple[str, Any], ...] = ()

    def items(self) -> tuple[tuple[str, Any], ...]:
        """The pairs (every one, ``None`` values too)."""
        return self.pairs

    def with_item(self, name: str, value: Any) -> Extras:
        """A copy with the pair ``name`` set to ``value`` (moved last, as 0.1 did)."""
        return Extras(pairs=(*((k, v) for k, v in self.pairs if k != name), (name, value)))


class Receipt(NamedTuple):
    """One card a player received: which, why, and when (known only to that player).

    A named tuple (immutable, compared by value; cheap to make, one per card dealt).

    Attributes:
        card: The card.
        reason: Why it was dealt: ``"deal"``, ``"second deal"``, ``"exchange"`` or ``"pass"``
            (a Suzuki pass's exchange), :data:`FACE_UP` (``"face up"``: dealt face up, so
            every player sees it while the receiver holds it, see :attr:`PublicSeat.open`),
            or a plug-in's own reason.
        after: How many actions had been applied in the deal before it was dealt.
        order: Its place among all the cards dealt in the deal, 0 for the first.
    """

    card: Card
    reason: str
    after: int
    order: int


#: The reason of a card dealt face up (:attr:`Receipt.reason`, :attr:`Delivery.reason`): every
#: player sees it in the receiver's :attr:`PublicSeat.open` while the receiver holds it. A
#: dealing hook deals a card face up by queueing it with this reason
#: (``Delivery(seat, FACE_UP)``, or ``deal_round(state, count, reason=FACE_UP)``).
FACE_UP = "face up"


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
            discards are reshuffled (the cards they have just thrown, docs/rules/dealing.md).
    """

    seat: int
    reason: str
    exclude: tuple[Card, ...] = ()


@frozen
class Chance:
    """A chance node: the next card to deal, and the cards that can come (docs/rules/dealing.md).

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
        """What everyone can see of this seat (cached: a seat is a value).

        Its ``open`` cards are :meth:`open_cards`.
        """
        public = self._public
        if public is None:
            face_up: tuple[Card, ...] = ()
            for receipt in self.received:  # (a loop, no call: a deal without face-up cards
                if receipt[1] == FACE_UP:  # pays one comparison a card received)
                    face_up = self.open_cards()
                    break
            public = _public_seat(self.name, self.stack, self.contributed, self.round_bet,
                                  self.folded, len(self.hand), face_up)
            object.__setattr__(self, "_public", public)
        return public

    def open_cards(self) -> tuple[Card, ...]:
        """The cards of the hand that were dealt face up, in the order received.

        A card is open while the player holds it and its last receipt (:attr:`received`) has
        the reason :data:`FACE_UP`: a face-up card thrown in an exchange is no longer open,
        and a card that comes back face down (after a reshuffle) is not open again. A card
        in the hand with no receipt (a hand given by a plug-in) is not open.

        Returns:
            The open cards, ``()`` when none.
        """
        hand = self.hand
        seen: set[Card] = set()
        cards: list[Card] = []
        for receipt in reversed(self.received):  # the last receipt of each card decides
            card = receipt.card
            if card in seen:
                continue
            seen.add(card)
            if receipt.reason == FACE_UP and card in hand:
                cards.append(card)
        cards.reverse()
        return tuple(cards)

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
        cards: How many cards the player holds (the open ones included).
        open: The cards the player holds that were dealt face up (:data:`FACE_UP`), in the
            order received: every player sees them (:meth:`Seat.open_cards`); ``()`` in a
            deal without face-up cards.
        shown: The cards, when shown at the showdown; otherwise ``()``.
    """

    name: str
    stack: int
    contributed: int
    round_bet: int
    folded: bool
    cards: int
    open: tuple[Card, ...] = ()
    shown: tuple[Card, ...] = ()


#: ``PublicSeat(name=..., stack=..., ..., open=...)`` by position, without the keyword
#: handling (a quarter of the time): :meth:`Seat.public` makes one for every seat changed.
_public_seat = maker(PublicSeat, "name", "stack", "contributed", "round_bet", "folded", "cards",
                     "open")


def reshuffle_pool(discards: tuple[Card, ...], exclude: tuple[Card, ...],
                   folded: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """The cards a reshuffle makes the new stock of, in pack order (docs/rules/dealing.md).

    All the discards but ``exclude`` (the cards the player being served has just thrown),
    with the folded hands (``folded``, see :func:`folded_cards`).
    """
    pile = [c for c in discards if c not in exclude]
    pile.extend(folded)
    return tuple(sorted(pile, key=_card_index))


def folded_cards(seats: tuple[Seat, ...]) -> tuple[Card, ...]:
    """The cards still in folded hands: they join the discards at a reshuffle.

    Rules: docs/rules/dealing.md.
    """
    return tuple(c for s in seats if s.folded for c in s.hand)


def _card_index(card: Card) -> int:
    return card.index


#: Every name of the state's values, re-exported here from the modules that define them
#: (:mod:`primero.setup`, :mod:`primero.deal.state`, :mod:`primero.views`).


class Engine(Protocol):
    """What plays a deal: the functions a state's methods call (:mod:`primero.deal.engine`).

    A deal's context holds the engine that started it (``state.context.engine``), so a state
    never imports the engine: ``state.apply(...)`` is ``state.context.engine.apply(state, ...)``.
    """

    def apply(self, state: GameState, action: Action | str | int, /) -> GameState:
        """Apply an action (:func:`primero.deal.engine.apply`)."""
        ...

    def deal(self, state: GameState, card: Card | str, /) -> GameState:
        """Deal a card from outside (:func:`primero.deal.engine.deal`)."""
        ...

    def view(self, state: GameState, seat: int, /) -> PlayerView:
        """What one player may see (:func:`primero.deal.engine.view`)."""
        ...

    def public_text(self, action: Action, /) -> str:
        """An action as the table sees it (:func:`primero.deal.engine.public_text`)."""
        ...

    def deal_context(self, variant: Variant, setup: DealSetup, /) -> DealContext:
        """The context of a deal (how a pickled one returns)."""
        ...

    # The deal package's fast twins of the core's hooks, which the checked rules
    # (:class:`~primero.plugins.deal.DealRules`) call through ``state.context.engine``: they
    # never import the deal's fast code, so it joins no circle of imports.

    def fast_legal_actions(self, state: GameState, /) -> tuple[Action, ...]:
        """The core's legal actions (:func:`primero.deal.fast_betting.fast_legal_actions`)."""
        ...

    def bet_answer(self, state: GameState, action: Action, /) -> GameState:
        """The core's answer to an action (:func:`primero.deal.fast_betting.bet_answer`)."""
        ...

    def core_exchange(self, state: GameState, seat: int, discards: tuple[Card, ...],
                      history: HistoryChain | tuple[tuple[int, Action], ...], /) -> GameState:
        """The core's answer to an exchange (:func:`primero.deal.fast_dealing.core_exchange`)."""
        ...



#: Actions per seat (and one) a deal may always take (see
#: :func:`primero.plugins.checks.deal_action_bound`): below them its progress is not computed.
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
        bet_facts: What a betting round's legal actions depend on at this table, at hand:
            ``(rest, raise_cap, 2 * stake + fold, must_hold_rounds, pass_answers_bet,
            pass_once, fold)`` (the table's and the betting rules'; ``fold`` as 1 or 0 in
            the third).
        n: The number of seats.
        dealer: The dealer's seat.
        eldest: The seat after the dealer.
        external: The cards are dealt from outside (``dealing="external"``).
        total_chips: The deal's chips: the players' at the start and the carry-in.
        bound: The number of actions from which on the engine checks the deal against
            :func:`primero.plugins.checks.deal_action_bound` (never more than that bound).
        core_bets: Per index of :attr:`steps` (the step index plus one), whether the core's
            own betting code applies a betting action there: the core alone answers
            ``primero_apply_action`` (``rules.core_apply``) and the step is not an exchange.
        lean_bets: The betting rules answer a bet in turn (no ``answer_once``) and a pass
            serves no card (no ``pass_exchange``): the core's betting code takes its lean
            way (:mod:`primero.deal.fast_betting`).
    """

    __slots__ = ("_hash", "_space", "bet_facts", "betting", "bound", "core_bets", "dealer",
                 "eldest", "engine", "external", "lean_bets", "n", "plan", "rules", "setup",
                 "steps", "table", "total_chips", "variant")

    variant: Variant
    setup: DealSetup
    engine: Engine
    rules: DealRules
    plan: tuple[Step, ...]
    steps: tuple[Step | None, ...]
    table: Table
    betting: BettingRules
    bet_facts: tuple[int, int | None, int, tuple[int, ...], bool, bool, bool]
    n: int
    dealer: int
    eldest: int
    external: bool
    total_chips: int
    bound: int
    core_bets: tuple[bool, ...]
    lean_bets: bool
    _hash: int | None
    _space: ActionSpace | None

    def __init__(self, variant: Variant, setup: DealSetup, engine: Engine) -> None:
        setter = object.__setattr__  # straight-line: one context per deal, made at its start
        rules = variant.rules.deal
        plan = rules.plan
        n = len(setup.players)
        dealer = setup.dealer
        total = sum(setup.chips) + setup.carry
        setter(self, "variant", variant)
        setter(self, "setup", setup)
        setter(self, "engine", engine)
        setter(self, "rules", rules)
        setter(self, "plan", plan)
        setter(self, "steps", (None, *plan, None))
        setter(self, "table", setup.table)
        betting = variant.spec.betting
        table = setup.table
        setter(self, "betting", betting)
        setter(self, "bet_facts", (table.rest, table.raise_cap,
                                   2 * table.stake + (1 if betting.fold else 0),
                                   betting.must_hold_rounds, betting.pass_answers_bet,
                                   betting.pass_once, betting.fold))
        setter(self, "n", n)
        setter(self, "dealer", dealer)
        setter(self, "eldest", (dealer + 1) % n if n else 0)
        setter(self, "external", setup.dealing == "external")
        setter(self, "total_chips", total)
        setter(self, "bound", min(max(1, len(plan)) * (2 * n + 1) * (total + n + 1),
                                  PROGRESS_FLOOR * (n + 1)))
        setter(self, "core_bets", (False, *(rules.core_apply and step.kind != "exchange"
                                            for step in plan), False))
        lean = not betting.answer_once and not betting.pass_exchange
        setter(self, "lean_bets", lean)
        setter(self, "_hash", None)
        setter(self, "_space", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def with_setup(self, setup: DealSetup) -> DealContext:
        """This context with another ``setup`` whose seats, table, carry and dealing are this one's.

        The derived facts (plan, table, seats, dealer, chips, bound) follow from those alone,
        so they are copied, not worked out again: how a seeded deal at a known table gets its
        context (the setup differs only in its stock and seed). The copy's caches start empty,
        as a new context's do.
        """
        new: DealContext = _ContextBuilder()
        new.variant = self.variant
        new.setup = setup
        new.engine = self.engine
        new.rules = self.rules
        new.plan = self.plan
        new.steps = self.steps
        new.table = self.table
        new.betting = self.betting
        new.bet_facts = self.bet_facts
        new.n = self.n
        new.dealer = self.dealer
        new.eldest = self.eldest
        new.external = self.external
        new.total_chips = self.total_chips
        new.bound = self.bound
        new.core_bets = self.core_bets
        new.lean_bets = self.lean_bets
        new._hash = None
        new._space = None
        new.__class__ = DealContext
        return new

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
        # by the engine's function: unpickling a state imports the engine that played it
        return (self.engine.deal_context, (self.variant, self.setup))

    def __deepcopy__(self, memo: dict[int, object]) -> DealContext:
        return self

    def __copy__(self) -> DealContext:
        return self

    def __repr__(self) -> str:
        return f"<DealContext {self.variant} {', '.join(self.setup.players)}>"


#: A :class:`DealContext` under construction: plain attribute stores, then its class set.
#: Only :meth:`DealContext.with_setup` makes one, and turns it into a context before anyone
#: else sees it.
_ContextBuilder: Any = type("_ContextBuilder", (DealContext,), {
    "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
    "__init__": object.__init__, "__module__": __name__})


class HistoryChain:
    """A deal's history as a persistent chain: the history before, and one entry more.

    Appending an action to a tuple copies the whole tuple, so a deal of ``n`` actions would
    copy ``n**2 / 2`` entries; a chain link shares everything before it and costs the same
    whatever the length. A state keeps its history as a tuple or as a chain; readers of
    :attr:`GameState.history` always get a tuple, built from the chain on first reading
    and kept (a state is a value).

    Attributes:
        parent: The history before the last entry (a tuple or another link).
        entry: The last entry, ``(seat, action)``.
        size: How many entries the whole history holds.
        bound_at: Unset, or ``(step index, action bound)``: the deal's action bound
            (:func:`~primero.plugins.checks.deal_action_bound`) as the engine last worked it
            out on this path in that step, where only the core's betting applied actions
            (set by the engine past the bound's floor, see :mod:`primero.deal.engine`).
    """

    __slots__ = ("bound_at", "entry", "items", "parent", "size")

    bound_at: tuple[int, int]

    parent: tuple[tuple[int, Action], ...] | HistoryChain
    entry: tuple[int, Action]
    size: int

    def __init__(self, parent: tuple[tuple[int, Action], ...] | HistoryChain,
                 entry: tuple[int, Action]) -> None:
        self.parent = parent
        self.entry = entry
        self.size: int = (parent.size if type(parent) is HistoryChain else len(parent)) + 1
        self.items: tuple[tuple[int, Action], ...] | None = None

    def __len__(self) -> int:
        return self.size

    def as_tuple(self) -> tuple[tuple[int, Action], ...]:
        """Every entry, oldest first (built once, in time linear in the new links)."""
        items = self.items
        if items is not None:
            return items
        tail: list[tuple[int, Action]] = []
        link: tuple[tuple[int, Action], ...] | HistoryChain = self
        while type(link) is HistoryChain:
            known = link.items
            if known is not None:
                link = known
                break
            tail.append(link.entry)
            link = link.parent
        tail.reverse()
        items = (*link, *tail)  # type: ignore[misc]
        self.items = items
        return items

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HistoryChain):
            return other is self or self.as_tuple() == other.as_tuple()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (self.as_tuple(),)  # pickled as the tuple it stands for

    def __repr__(self) -> str:
        return f"HistoryChain({self.as_tuple()!r})"


def _history_key(value: tuple[tuple[int, Action], ...] | HistoryChain) \
        -> tuple[tuple[int, Action], ...]:
    """The history a stored value stands for (states compare and hash by it)."""
    return value if type(value) is tuple else value.as_tuple()  # type: ignore[union-attr]


def history_size(state: GameState) -> int:
    """How many actions ``state``'s history holds (without building the tuple)."""
    return len(state._history)


def last_entry(state: GameState) -> tuple[int, Action] | None:
    """The last entry ``(seat, action)`` of ``state``'s history (``None``: no action yet).

    Read without building the history's tuple.
    """
    history = state._history
    if type(history) is HistoryChain:
        return history.entry
    return history[-1] if history else None  # type: ignore[index]


def history_with(state: GameState, entry: tuple[int, Action]) -> HistoryChain:
    """``state``'s history with ``entry`` appended, sharing every entry before it.

    The value to store as a new state's history (``history=`` of the constructor, of
    :func:`~primero.deal.copying.replace` or of a generated copier); readers see a tuple.
    Equal to ``HistoryChain(state._history, entry)``, made without the class call (an
    ``__init__`` run through the type costs more than the link's four stores: one link a
    decision).
    """
    parent = state._history
    link: HistoryChain = _new_link(HistoryChain)
    link.parent = parent
    link.entry = entry
    link.size = (parent.size if type(parent) is HistoryChain else len(parent)) + 1
    link.items = None
    return link


_new_link: Any = object.__new__


#: The name of a state's cache of its legal actions (filled when first asked: a snapshot for
#: "unchanged" checks, :mod:`primero.testing.snapshots`, leaves it out).
LEGAL_CACHE = "_legal"
#: The names of a state's cache of its legal ids and of the legal action of each id (set
#: together: ``copier(GameState, ..., caches=(LEGAL_CACHE, IDS_CACHE, BY_ID_CACHE))`` by a
#: fast path that knows them as it makes the state; the first is read only with the second).
IDS_CACHE = "_legal_ids"
BY_ID_CACHE = "_by_id"
#: The name of the flag a copy of a state keeps (``copier(GameState, ..., keep=(SOUND_FLAG,))``)
#: when the copy moves no card: the cards were found sound (see :func:`cards_sound`).
SOUND_FLAG = "_cards_sound"


def cards_sound(state: GameState) -> bool:
    """Whether ``state``'s cards are known sound (every card of the pack exactly once).

    Counted, or moved by the engine alone from a state that was: the whole-state check skips
    them.
    """
    return state._cards_sound


def mark_cards_sound(fresh: GameState) -> None:
    """Record that ``fresh`` (a state just made) holds every card of the pack exactly once."""
    object.__setattr__(fresh, "_cards_sound", True)  # a fact of this immutable value


def same_history(state: GameState, other: GameState) -> bool:
    """Whether two states hold the very same history value (by identity: nothing recorded)."""
    return state._history is other._history


def keep_legal(fresh: GameState, legal: tuple[Action, ...]) -> None:
    """Cache ``legal`` as the legal actions of ``fresh`` (a state just made, nobody holds yet).

    For the fast paths that know the next legal actions as they make the state (the same
    tuple ``state.legal_actions()`` would give).
    """
    object.__setattr__(fresh, "_legal", legal)


def forget_legal(fresh: GameState) -> None:
    """Reset the cached legal actions of ``fresh`` (a state just made), if any.

    For a state whose fields were changed in place: ``fill(fresh)``, cheaper when nothing is
    cached.
    """
    if fresh._legal is not None or fresh._legal_ids is not None:
        fill(fresh)


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


@frozen(kw_only=True, repr=False)
class GameState:
    """A complete snapshot of one deal. Frozen: every change makes a new state.

    Build the first state with :func:`primero.deal.engine.start_deal`; then ``apply`` actions.

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
        variant_state: The variant's own typed state in this deal (a frozen
            :class:`~primero.deal.state.VariantState`, e.g. Cardano's standing call), or
            ``None`` while it has set none; :attr:`extras` derives 0.1's pairs from it.
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
    _history: tuple[tuple[int, Action], ...] | HistoryChain = field(
        default=(), alias="history", repr=False, eq=_history_key)
    variant_state: VariantState | None = field(default=None, repr=False)
    settlement: Settlement | None = field(default=None, repr=False)
    pending: tuple[Delivery, ...] = field(default=(), repr=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, eq=False, repr=False)
    _legal_ids: tuple[int, ...] | None = field(default=None, init=False, eq=False, repr=False)
    #: The legal action of each id, set with ``_legal_ids`` (read only while that is set), or
    #: ``None`` where the legal tuple's ids are not kept
    #: (:func:`~primero.deal.action_space.ids_of`).
    _by_id: dict[int, Action] | None = field(default=None, init=False, eq=False, repr=False)
    _log: tuple[tuple[int, str], ...] | None = field(default=None, init=False, eq=False,
                                                     repr=False)
    #: Every card of the pack is here exactly once: found by the whole-state check, or kept by
    #: the engine's own moves from a state that had it (a copy resets it).
    _cards_sound: bool = field(default=False, init=False, eq=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        # caches are never pickled: they are rebuilt on demand where the state is unpickled;
        # the history is pickled as the tuple it stands for, under its public name
        state = {name: getattr(self, name) for name in _STATE_FIELDS}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in _STATE_FIELDS:
            object.__setattr__(self, _SLOTS.get(name, name), state[name])
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_legal_ids", None)
        object.__setattr__(self, "_by_id", None)
        object.__setattr__(self, "_log", None)
        object.__setattr__(self, "_cards_sound", False)

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
    def history(self) -> tuple[tuple[int, Action], ...]:
        """``(seat, action)`` for every action applied, in order (a tuple).

        Kept as a chain while the deal runs (one link per action, see :class:`HistoryChain`)
        and built into a tuple on first reading; :func:`history_size` counts it without
        building it.
        """
        history = self._history
        if type(history) is tuple:
            return history
        return history.as_tuple()  # type: ignore[union-attr]

    @history.setter
    def history(self, value: tuple[tuple[int, Action], ...] | HistoryChain) -> None:
        # only ``object.__setattr__`` reaches here (the state is frozen): it stores the
        # history as it did when the history was a plain field
        object.__setattr__(self, "_history", value)

    @property
    def opened(self) -> bool:
        """Someone has vied in this betting round (``opener is not None``)."""
        return self.opener is not None

    @property
    def public_log(self) -> tuple[tuple[int, str], ...]:
        """``(seat, text)`` for every action as the table sees it (read off the history).

        Exchanged cards show only as a count. Cached; the engine extends the next state's
        log by the one action it records once this one's has been read (views read it on
        every decision).
        """
        log = self._log
        if log is None:
            engine = self.context.engine
            public_text = engine.public_text
            log = tuple([(seat, public_text(action)) for seat, action in self.history])
            object.__setattr__(self, "_log", log)
        return log

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
        return tuple([i for i, s in enumerate(self.seats) if not s.folded])

    @property
    def pot(self) -> int:
        """Chips on the table: the carry-over plus everything put in.

        After settlement: the chips carried to the next deal.
        """
        settlement = self.settlement
        if settlement is not None:
            return settlement.carry
        return self.context.setup.carry + sum([s.contributed for s in self.seats])

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips not on the table, in playing order (final once settled)."""
        return tuple(s.stack for s in self.seats)

    @property
    def total_chips(self) -> int:
        """Stacks plus the pot: constant through a deal (chips are conserved)."""
        return sum(self.stacks) + self.pot

    @property
    def extras(self) -> tuple[tuple[str, Any], ...]:
        """The variant's state as ``(key, value)`` pairs (read-only, from :attr:`variant_state`).

        Its fields that are set, in field order; keys starting with ``_`` are hidden from the
        players' views. 0.1's untyped interface: read the typed value instead
        (``CardanoState.of(state).call``).
        """
        own = self.variant_state
        return () if own is None else own.items()

    def extra(self, key: str, default: Any = None) -> Any:
        """A variant-specific value from :attr:`extras` (``default`` if it is not set)."""
        for k, v in self.extras:
            if k == key:
                return v
        return default

    def with_extra(self, key: str, value: Any) -> GameState:
        """A copy with one variant-specific value set (0.1's interface to :attr:`variant_state`).

        Sets the field ``key`` of the variant's typed state; in a deal without one, keeps the
        pair in an untyped :class:`~primero.deal.state.Extras`.

        Raises:
            KeyError: the deal's typed variant state has no field ``key``.
        """
        own = self.variant_state
        new = Extras(pairs=((key, value),)) if own is None else own.with_item(key, value)
        return replace(self, variant_state=new)

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name``.

        Raises:
            UnknownSeatError: nobody at the table has that name (also a ``KeyError``).
        """
        for i, seat in enumerate(self.seats):
            if seat.name == name:
                return i
        raise UnknownSeatError(f"no player called {named(name)}; "
                               f"players: {', '.join(self.players)}")

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
        """The chance node of a deal dealt from outside, or ``None`` (docs/rules/dealing.md).

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
        return self.context.engine.deal(self, card)

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

        See :class:`primero.deal.action_space.ActionSpace`: ``size``, ``encode(state, action)``,
        ``decode(state, i)``.
        """
        return space_of(self)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions in :attr:`action_space`, ascending (empty: nobody acts)."""
        ids = self._legal_ids
        if ids is None:
            legal = self._legal
            if legal is not None:  # a legal tuple encoded already (shared): its ids, no call
                hit = ENCODINGS.get(id(legal))
                if hit is not None and hit[0] is legal and hit[1] is self.context._space:
                    return hit[2]
            ids, by_id = ids_of(self)
            object.__setattr__(self, "_by_id", by_id)  # (before the ids it goes with)
            object.__setattr__(self, "_legal_ids", ids)
        return ids

    def apply(self, action: Action | str | int) -> GameState:
        """Apply the action of the seat to act and return the new state (this one is unchanged).

        Args:
            action: An :class:`~primero.actions.Action`, its text (e.g. ``"vie 2"``, or
                ``"Anna vie 2"``), or its id in :attr:`action_space` (an ``int``).

        Raises:
            IllegalActionError: the action is not legal here; the message says why. See
                :func:`primero.deal.engine.apply` for what an error shows, and to whom.
        """
        return self.context.engine.apply(self, action)

    def view(self, seat: int) -> PlayerView:
        """What the player at ``seat`` may see: their own cards and everything public."""
        return self.context.engine.view(self, seat)

    def __repr__(self) -> str:
        """A short, public summary: variant, step, whose turn, pot and every stack.

        ``<GameState waks, betting round 1, to act Ben (seat 1), pot 3; chips Anna 49,
        Ben 50, Carla 48>`` — never a hidden card (use :meth:`describe` to see the hands).
        """
        step = self.step
        where = "over" + (f" ({self.ended_by})" if self.ended_by else "") if self.over \
            else str(step) if step is not None else "start"
        if self.chance is not None:
            where += f", dealing to {self.seats[self.chance.seat].name}"
        turn = self.to_act
        who = f", to act {self.seats[turn].name} (seat {turn})" \
            if turn is not None and 0 <= turn < len(self.seats) else ""
        chips = ", ".join(f"{s.name} {s.stack}" for s in self.seats)
        return f"<GameState {self.context.variant}, {where}{who}, pot {self.pot}; chips {chips}>"

    def _repr_html_(self) -> str:
        """The state as a notebook table, hands face down (:meth:`html` shows them)."""
        return self.html()

    def html(self, *, show_hands: bool = False) -> str:
        """The deal as a small HTML table: whose turn, the pot, every stack and hand.

        Args:
            show_hands: Show every hand face up (all-seeing, as :meth:`describe`); by default
                a hand is face down unless shown at the showdown, so that displaying a state
                in a notebook shows no hidden card.

        Returns:
            An HTML fragment (:func:`primero.views.deal_table_html`).
        """
        where = "over" + (f" ({self.ended_by})" if self.ended_by else "") if self.over \
            else str(self.step) if self.step is not None else "start"
        caption = f"{self.variant} — {where}; pot {self.pot}"
        hands = [s.hand if show_hands else None for s in self.seats]
        notes = []
        if self.settlement is not None:
            for award in self.settlement.awards:
                won = f"{self.seats[award.seat].name} wins {award.amount}"
                notes.append(won + (f" ({award.value.label})" if award.value is not None
                                    else ""))
        public = self.view(0).seats  # the public facts, the same in every seat's view
        return deal_table_html(caption, public, dealer=self.dealer,
                               to_act=None if self.over else self.to_act, hands=hands,
                               notes=notes)

    def describe(self) -> str:
        """A multi-line, all-seeing description (for debugging and the ``play`` narration).

        The first line says where the deal is — its step, or ``over`` and how it ended
        (``over (carry)``: no winner, with the chips carried over to the next deal) — and the
        pot; then one line per seat: chips, chips in the pot, cards (``D`` marks the dealer);
        then, for a variant with the seating labels, which way play goes and the deal passes
        (:func:`primero.seating.seating_text`, docs/rules/dealing.md#direction; seats are
        numbered in playing order either way). A seat holding cards dealt face up
        (:meth:`Seat.open_cards`) ends its line with them, e.g. ``open 7♥ 6♣``: every hand is
        shown anyway, the mark says which cards every player sees. Last, one line for each
        ended step a plug-in tells of (the ``primero_narrate_step`` hook), e.g.
        ``premium: Anna pays Ben a premium of 2``.
        """
        if self.over:
            where = "over" + (f" ({self.ended_by})" if self.ended_by else "")
        else:
            where = str(self.step or "start")
        settlement = self.settlement
        chips = settlement.carry if settlement is not None else 0
        carry = f"; {chips} chip{'s' if chips != 1 else ''} carried over to the next deal" \
            if chips else ""
        lines = [f"{self.variant} — {where}; pot {self.pot}{carry}"]
        for i, s in enumerate(self.seats):
            mark = "D" if i == self.dealer else " "
            status = "folded" if s.folded else ("all-in" if s.all_in else "")
            opened = s.public().open
            shown = f"  open {format_cards(opened)}" if opened else ""
            lines.append(f" {mark} {s.name:<10} {s.stack:>4} chips  in {s.contributed:>3}  "
                         f"{format_cards(s.hand):<14} {status}{shown}")
        seating = seating_text(self.variant)
        if seating is not None:
            lines.append(f"   {seating}")
        for index, told in self.context.rules.step_lines(self):  # a plug-in's own steps
            lines.append(f"   {self.plan[index]}: {told}")
        return "\n".join(lines)




#: The state's fields as pickled (by their public names: ``history``, not ``_history``).
_STATE_FIELDS = tuple(f.alias or f.name for f in attrs.fields(GameState) if f.init)
#: The slot of each pickled name that differs from it.
_SLOTS = {f.alias: f.name for f in attrs.fields(GameState)
          if f.init and f.alias and f.alias != f.name}


def history_value(state: GameState) -> tuple[tuple[int, Action], ...] | HistoryChain:
    """The history value ``state`` stores (a tuple or a :class:`HistoryChain`), as it is.

    For a fast path that makes the state after an action and keeps the history unchanged
    (the engine records the action afterwards): pass it as the copy's ``history``.
    """
    return state._history


def _variant_state_test() -> Any:
    """The generated body of :func:`only_variant_state_differs` (one ``is`` per field)."""
    slots = [f.name for f in attrs.fields(GameState) if f.init and f.name != "variant_state"]
    test = " and ".join(f"a.{name} is b.{name}" for name in slots)
    namespace: dict[str, Any] = {}
    exec(f"def differs(a, b):\n    return {test}\n", namespace)  # from the class's own fields
    return namespace["differs"]


_same_but_variant_state = _variant_state_test()


def only_variant_state_differs(state: GameState, other: GameState) -> bool:
    """Whether two states hold the same values (by identity) in all fields but ``variant_state``.

    The caches are not compared. A variant's wrapper that took the core's answer and set only
    its own state (``replace(core, variant_state=...)``) leaves the core's part as the core
    made it: that part needs no check of its own.
    """
    return bool(_same_but_variant_state(state, other))
