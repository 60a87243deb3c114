"""Actions as numbers: each deal's fixed action space.

Rules: docs/plugins/architecture.md#actions-are-also-numbers.

Every deal has an :class:`ActionSpace`, fixed by its variant and table (``state.action_space``):
every action has an integer id below ``size``, ``state.legal_action_ids()`` gives the legal
ids in ascending order, and ``state.apply(i)`` applies the action with id ``i``. Action objects
stay the readable face; ids are what learners, action masks and fast loops use.

The space is a sequence of *blocks* (:class:`ActionBlock`), each owning a range of ids. The
core's blocks, in id order:

===================  ============================  =============================================
block                ids                           action
===================  ============================  =============================================
``moves``            0, 1, 2                       ``Fold()``, ``Pass()``, ``Hold()``
``vie``              3 .. 3 + rest - 1             ``Vie(a)``, a = 1..rest (id = 3 + a - 1)
``raise``            next ``rest`` ids             ``Hold(a)``, a raise of 1..rest chips
``exchange``         next 2**H ids                 ``Exchange``: the discarded cards as a bit
                                                   mask over the hand of the seat to act in
                                                   the pack's order (bit k = the k-th card
                                                   held, by suit then rank, whatever order
                                                   they came in); 0 stands pat
===================  ============================  =============================================

``H`` is the most cards a hand holds in the variant's plan (the sum of its deal steps; 4 for
every built-in variant). Bet sizes are encoded by amount: an all-in short of the stake is the
amount it puts in. Plug-ins that add actions extend the space through the hook
``primero_action_blocks`` (:mod:`primero.hookspecs`), whose blocks follow the core's; the
calling variant adds Cardano's calls that way (every vie and raise amount times every call of
the variant's call book, :mod:`primero.variants.cardano`).

Encoding depends on the state only where an action is relative to the hand (exchanges). The
hand is read in one fixed order, the pack's (:func:`canonical_hand`), never in the order the
cards arrived: the same cards in hand give the same legal ids, and each id the same cards. An
action no block can encode raises :class:`~primero.errors.IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie, exchange_actions
from primero.errors import IllegalActionError

if TYPE_CHECKING:
    from primero.cards import Card
    from primero.deal.state import GameState
    from primero.setup import Table
    from primero.variant import Variant

__all__ = [
    "ENCODINGS",
    "ActionBlock",
    "ActionSpace",
    "AmountBlock",
    "ExchangeBlock",
    "MovesBlock",
    "action_space",
    "canonical_hand",
    "hand_cards",
    "hand_mask",
    "hand_size",
    "ids_of",
    "legal_ids",
    "space_of",
]


@runtime_checkable
class ActionBlock(Protocol):
    """A range of ids in an action space: ``size`` ids, numbered 0..size-1 within the block.

    Implement it to add actions to the space (the ``primero_action_blocks`` hook). A block
    whose actions depend on the state (like exchanges, by position in the hand) sets a class
    attribute ``positional = True``; the space then never caches its decoded actions.

    Attributes:
        name: A short name, e.g. ``"calls"``.
        size: How many ids the block owns.
    """

    name: str
    size: int

    def encode(self, state: GameState, action: Action) -> int | None:
        """The action's index within the block (0..size-1), or ``None`` if not the block's."""

    def decode(self, state: GameState, index: int) -> Action:
        """The action with this index within the block.

        Raises:
            IllegalActionError: the index names no action in ``state`` (say, a discard
                position beyond the hand).
        """


class MovesBlock:
    """``Fold()``, ``Pass()``, ``Hold()``: ids 0, 1, 2 of every space."""

    name = "moves"
    size = 3
    _ACTIONS: tuple[Action, ...] = (Fold(), Pass(), Hold())

    def encode(self, state: GameState, action: Action) -> int | None:
        """0 for a fold, 1 for a plain pass, 2 for a plain hold; else ``None``."""
        if isinstance(action, Fold):
            return 0
        if isinstance(action, Pass) and not action.exchange:
            return 1
        if isinstance(action, Hold) and action.raise_by == 0 and action.call is None:
            return 2
        return None

    def decode(self, state: GameState, index: int) -> Action:
        """The fold, pass or hold."""
        return self._ACTIONS[index]


#: The largest rest whose vies and raises an :class:`AmountBlock` makes up front (beyond it,
#: each when its id is decoded: a rest of a million chips costs no million objects).
MADE_AMOUNTS = 4096


class AmountBlock:
    """Vies (``kind="vie"``) or raises (``kind="raise"``) of 1..rest chips, by amount."""

    def __init__(self, kind: str, rest: int) -> None:
        self.name = kind
        self.size = rest
        self._vies = kind == "vie"
        # made once for a usual rest; made when asked for a rest of millions of chips
        self._actions: tuple[Action, ...] = tuple(
            Vie(a) if self._vies else Hold(a)
            for a in range(1, rest + 1)) if rest <= MADE_AMOUNTS else ()

    def encode(self, state: GameState, action: Action) -> int | None:
        """``amount - 1`` for a vie (or raise) without a call within the rest; else ``None``."""
        if self._vies:
            if not isinstance(action, Vie) or action.call is not None:
                return None
            amount = action.amount
        else:
            if not isinstance(action, Hold) or action.call is not None or not action.raise_by:
                return None
            amount = action.raise_by
        return amount - 1 if 1 <= amount <= self.size else None

    def decode(self, state: GameState, index: int) -> Action:
        """The vie or raise of ``index + 1`` chips."""
        if self._actions:
            return self._actions[index]
        return Vie(index + 1) if self._vies else Hold(index + 1)


def canonical_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` in the pack's order (suit, then rank: :attr:`primero.cards.Pack.ordered`).

    The order exchange ids read a hand in: it depends only on which cards are held, never on
    the order they were dealt.
    """
    return tuple(sorted(hand, key=_card_index))


def _card_index(card: Card) -> int:
    return card.index


def hand_mask(state: GameState, cards: Sequence[object]) -> int | None:
    """The bit mask of ``cards`` in the hand of the seat to act, read in the pack's order.

    Bit ``k`` is the ``k``-th card of :func:`canonical_hand` of that hand. ``None`` if a card
    is not in it (or nobody is to act).
    """
    seat = state.to_act
    if seat is None:
        return None
    hand = canonical_hand(state.seats[seat].hand)
    mask = 0
    for card in cards:
        try:
            mask |= 1 << hand.index(card)
        except ValueError:
            return None
    return mask


def hand_cards(state: GameState, mask: int) -> tuple[Card, ...]:
    """The cards that ``mask`` names in the hand of the seat to act (read in the pack's order).

    Raises:
        IllegalActionError: the mask names a position beyond the hand.
    """
    seat = state.to_act
    hand = canonical_hand(state.seats[seat].hand) if seat is not None else ()
    if mask >> len(hand):
        raise IllegalActionError(
            f"exchange mask {mask:b} names a position beyond the {len(hand)} cards in hand",
            legal=())
    return tuple(card for k, card in enumerate(hand) if mask >> k & 1)


class ExchangeBlock:
    """Exchanges, by the discarded cards' bit mask over the hand to act in the pack's order."""

    name = "exchange"
    positional = True

    size: int

    def __init__(self, hand: int) -> None:
        self.size = 1 << hand

    def encode(self, state: GameState, action: Action) -> int | None:
        """The bit mask of the discarded cards (:func:`hand_mask`); ``None`` if one is not held."""
        if not isinstance(action, Exchange):
            return None
        return hand_mask(state, action.discards)

    def decode(self, state: GameState, index: int) -> Action:
        """The exchange of the cards at the mask's positions."""
        return Exchange.from_cards(hand_cards(state, index))


class ActionSpace:
    """A deal's fixed action space: blocks of ids, each action one id (see the module doc).

    Get it as ``state.action_space``; every state of a deal has the same one.

    Attributes:
        size: The number of ids; every id is in ``0..size-1``.
        blocks: The blocks, in id order.
        offsets: The first id of each block.
    """

    def __init__(self, blocks: tuple[ActionBlock, ...]) -> None:
        self.blocks = blocks
        self.offsets: tuple[int, ...] = (0, *accumulate(b.size for b in blocks))[:-1]
        self.size: int = sum(b.size for b in blocks)
        self._named = {b.name: (b, off) for b, off in zip(blocks, self.offsets, strict=True)}
        self._fixed: dict[int, Action] = {}  # decoded ids of position-free blocks

    def __repr__(self) -> str:
        parts = ", ".join(f"{b.name}: {b.size}" for b in self.blocks)
        return f"<ActionSpace of {self.size} ids ({parts})>"

    def block(self, name: str) -> tuple[ActionBlock, int]:
        """The block called ``name`` and its first id.

        Raises:
            KeyError: no such block.
        """
        return self._named[name]

    def encode(self, state: GameState, action: Action) -> int:
        """The id of ``action`` in ``state`` (exchanges are relative to the hand to act).

        Raises:
            IllegalActionError: no block encodes the action (say, a bet above the rest, a
                call not in the call book, a card not in the hand); nothing else is shown.
            PluginError: a plug-in's block raised (naming the plug-in that added it), unless
                the error is one its plug-in declares (``deliberate_errors``).
        """
        block: ActionBlock | None = None
        try:
            for block, offset in zip(self.blocks, self.offsets, strict=True):
                index = block.encode(state, action)
                if index is not None:
                    return offset + index
        except IllegalActionError:  # a block's way to refuse an action or an id
            raise
        except Exception as exc:  # a plug-in's block: a PluginError naming it
            fault = state.context.rules.block_fault(block, "encode", exc)
            if fault is None:
                raise
            raise fault from exc
        raise IllegalActionError(f"{action} has no id in this deal's action space", legal=())

    def decode(self, state: GameState, i: int) -> Action:
        """The action with id ``i`` in ``state``.

        Raises:
            IllegalActionError: ``i`` is not an id of the space, or names no action here.
            PluginError: a plug-in's block raised (naming the plug-in that added it), unless
                the error is one its plug-in declares (``deliberate_errors``).
        """
        fixed = self._fixed.get(i)
        if fixed is not None and type(i) is int:
            return fixed
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < self.size:
            raise IllegalActionError(
                f"{i!r} is not an id of this deal's action space (0..{self.size - 1})", legal=())
        offsets = self.offsets
        lo, hi = 0, len(offsets) - 1
        while lo < hi:  # the last block whose offset is <= i
            mid = (lo + hi + 1) // 2
            if offsets[mid] <= i:
                lo = mid
            else:
                hi = mid - 1
        block = self.blocks[lo]
        try:
            action = block.decode(state, i - offsets[lo])
        except IllegalActionError:  # a block's way to refuse an action or an id
            raise
        except Exception as exc:  # a plug-in's block: a PluginError naming it
            fault = state.context.rules.block_fault(block, "decode", exc)
            if fault is None:
                raise
            raise fault from exc
        if not getattr(block, "positional", False) and len(self._fixed) < 100_000:
            self._fixed[i] = action
        return action


def hand_size(variant: Variant) -> int:
    """The most cards a hand holds in the variant's plan (its deal steps' counts added)."""
    return max(1, sum(step.count for step in variant.rules.deal.deal_plan() if step.kind == "deal"))


@lru_cache(maxsize=256)
def action_space(variant: Variant, table: Table) -> ActionSpace:
    """The action space of deals of ``variant`` at ``table`` (built once, cached).

    The core's blocks, then every block the ``primero_action_blocks`` hook adds.
    """
    held = hand_size(variant)
    core: tuple[ActionBlock, ...] = (
        MovesBlock(), AmountBlock("vie", table.rest), AmountBlock("raise", table.rest),
        ExchangeBlock(held),
    )
    return ActionSpace((*core, *variant.rules.deal.action_blocks(table)))


def space_of(state: GameState) -> ActionSpace:
    """``state.action_space``: :func:`action_space` of the deal, kept in the deal's context."""
    context = state.context
    space = context._space
    if space is None:
        table, variant = context.table, context.variant
        hit = _SPACES.get(id(table))  # (the deals at a known table share its Table)
        if hit is not None and hit[0] is table and hit[1] is variant:
            space = hit[2]
        else:
            space = action_space(variant, table)
            if len(_SPACES) >= 1024:
                _SPACES.clear()
            _SPACES[id(table)] = (table, variant, space)
        object.__setattr__(context, "_space", space)
    return space


#: :func:`action_space` of a table and a variant, by the table's identity (no hashing).
_SPACES: dict[int, tuple[Table, Variant, ActionSpace]] = {}


#: Encoded legal tuples by identity: ``id(legal) -> (legal, space, ids, action by id)``. The
#: core's betting tuples are shared between states (by situation); an exchange tuple is one
#: hand's, so its encoding stays with the state that asked (:func:`ids_of`), not here. Read
#: by the engine's id path and ``state.legal_action_ids()`` without a call: an
#: entry counts only where its ``legal`` and ``space`` are the very objects at hand.
ENCODINGS: dict[int, tuple[object, ActionSpace, tuple[int, ...], dict[int, Action]]] = {}


def legal_ids(state: GameState) -> tuple[int, ...]:
    """The ids of ``state.legal_actions()``, ascending (``state.legal_action_ids()``).

    Legal tuples that hooks share between states (the core's betting and exchange tuples)
    are encoded once; exchanges of every subset of the hand are the whole mask range. A hook
    may return a lazy sequence instead of a tuple (for huge decisions); it must then have an
    ``action_ids(space, state)`` method giving the ids without building every action.

    Raises:
        PluginError: naming the plug-in that answered ``primero_legal_actions``: an action
            with no id in the space, or two actions with one id (every legal
            action has an id below ``size``, and the ids are the sorted encodings).
    """
    legal = state._legal  # (the state's cached legal actions, else worked out now)
    if legal is None:
        legal = state.legal_actions()
    if not legal:
        return ()
    space = state.context._space
    if space is None:
        space = space_of(state)
    hit = ENCODINGS.get(id(legal))
    if hit is not None and hit[0] is legal and hit[1] is space:
        return hit[2]
    return _encoded(state, legal, space)


def ids_of(state: GameState) -> tuple[tuple[int, ...], dict[int, Action] | None]:
    """:func:`legal_ids` of ``state``, with the legal action of each id where they are kept.

    ``(ids, by_id)``: ``by_id`` maps each legal id to its action where the legal tuple's
    encoding is kept (shared between states), else it is ``None`` (decode the id).
    """
    legal = state._legal  # legal_ids, inline
    if legal is None:
        legal = state.legal_actions()
    if not legal:
        return (), None
    space = state.context._space
    if space is None:
        space = space_of(state)
    hit = ENCODINGS.get(id(legal))
    if hit is None or hit[0] is not legal or hit[1] is not space:
        exchanges = _exchange_encoding(state, legal, space)
        if exchanges is not None:  # (the state keeps them: they are its hand's alone)
            return exchanges
        ids = _encoded(state, legal, space)
        hit = ENCODINGS.get(id(legal))
        if hit is None or hit[0] is not legal or hit[1] is not space:
            return ids, None
    return hit[2], hit[3]


def legal_action_of(state: GameState, i: int) -> Action | None:
    """The legal action with id ``i`` in ``state``, where its legal tuple is encoded and kept.

    Encodes the legal actions first (``state.legal_action_ids()``, with its errors) unless
    their tuple is encoded already. ``None``: ``i`` is not legal, or the legal actions are
    kept apart from every other state's (then decode ``i``).
    """
    legal = state._legal  # (the state's cached legal actions, else worked out now)
    if legal is None:
        legal = state.legal_actions()
    hit = ENCODINGS.get(id(legal))
    if hit is None or hit[0] is not legal or hit[1] is not state.context._space:
        state.legal_action_ids()
        by_id = state._by_id  # (the state's own encoding: an exchange's)
        if by_id is not None and state._legal_ids is not None:
            return by_id.get(i)
        hit = ENCODINGS.get(id(legal))
        if hit is None or hit[0] is not legal or hit[1] is not state.context._space:
            return None
    return hit[3].get(i)


def _encoded(state: GameState, legal: tuple[Action, ...], space: ActionSpace) \
        -> tuple[int, ...]:
    """The ids of ``legal`` (not cached yet), cached where the tuple is position-free."""
    exchanges = _exchange_encoding(state, legal, space)
    if exchanges is not None:
        return exchanges[0]
    if not isinstance(legal, tuple):  # a lazy sequence of a plug-in (Cardano's wide tables)
        return cast("tuple[int, ...]", legal.action_ids(space, state))
    encoded: dict[int, Action] = {}
    for action in legal:
        try:
            i = space.encode(state, action)
        except IllegalActionError:  # the answer offered an action without an id
            raise state.context.rules.offered_fault(
                state, f"offered {action}, which has no id in the deal's action space "
                f"({space.size} ids); expected actions the action space encodes (vies and "
                "raises up to the rest, primero_action_blocks for actions of your own)"
            ) from None
        other = encoded.setdefault(i, action)
        if other is not action:
            raise state.context.rules.offered_fault(
                state, f"offered {other} and {action}, which have the same id {i} in the "
                "deal's action space; expected each legal action once")
    ids = tuple(sorted(encoded))
    if not any(isinstance(a, Exchange) or (isinstance(a, Pass) and a.exchange) for a in legal):
        _remember(legal, space, ids, encoded)  # position-free: the same for every state
    return ids


def _exchange_encoding(state: GameState, legal: tuple[Action, ...], space: ActionSpace) \
        -> tuple[tuple[int, ...], dict[int, Action]] | None:
    """``(ids, by_id)`` of ``legal`` where it is every exchange of the hand to act, else ``None``.

    Every subset of this very hand (:func:`~primero.actions.exchange_actions`): the whole
    mask range, each id's exchange found by its mask. Not kept in :data:`ENCODINGS`: the
    tuple is one hand's, so only the states of that decision read it (a table of them, kept,
    would keep every hand's exchanges alive and the collector busy).
    """
    seat = state.to_act
    if seat is None:
        return None
    hand = state.seats[seat].hand
    if legal is not exchange_actions(hand):
        return None
    _, first = space.block("exchange")
    by_id = dict(zip(_exchange_ids(state, hand, legal, first), legal, strict=True))
    return _exchange_range(first, len(hand)), by_id


#: Per order of a hand's cards (the hand's positions sorted into pack order) and first
#: exchange id: the id of each exchange of :func:`~primero.actions.exchange_actions`, in its
#: order.
_EXCHANGE_IDS: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
#: Per first exchange id and hand size: every exchange id, ascending (the whole mask range).
_EXCHANGE_RANGES: dict[tuple[int, int], tuple[int, ...]] = {}


def _exchange_ids(state: GameState, hand: tuple[Card, ...], legal: tuple[Action, ...],
                  first: int) -> tuple[int, ...]:
    """The id of each exchange of ``legal`` (``exchange_actions(hand)``), in its order.

    An exchange's mask depends only on which places of the hand it discards and on the order
    of the hand's cards in the pack, so the ids are worked out (:func:`hand_mask`) once per
    order of the cards (and first id) and kept.
    """
    order = tuple(sorted(range(len(hand)), key=tuple(map(_card_index, hand)).__getitem__))
    key = (order, first)
    ids = _EXCHANGE_IDS.get(key)
    if ids is None:
        ids = tuple(first + cast(int, hand_mask(state, a.discards))  # type: ignore[union-attr]
                    for a in legal)
        if len(_EXCHANGE_IDS) < 4096:
            _EXCHANGE_IDS[key] = ids
    return ids


def _exchange_range(first: int, size: int) -> tuple[int, ...]:
    """Every exchange id of a hand of ``size`` cards from ``first``, ascending (kept)."""
    ids = _EXCHANGE_RANGES.get((first, size))
    if ids is None:
        ids = tuple(range(first, first + (1 << size)))
        if len(_EXCHANGE_RANGES) < 4096:
            _EXCHANGE_RANGES[first, size] = ids
    return ids


def _remember(legal: tuple[Action, ...], space: ActionSpace, ids: tuple[int, ...],
              by_id: dict[int, Action]) -> None:
    if len(ENCODINGS) > 50_000:
        ENCODINGS.clear()
    ENCODINGS[id(legal)] = (legal, space, ids, by_id)
