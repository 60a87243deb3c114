"""What the OpenSpiel and PettingZoo adapters share: the table, the returns, the encodings.

Both adapters (:mod:`primero.openspiel`, :mod:`primero.pettingzoo`) play one deal dealt from
outside (``start_deal(..., dealing="external")``) at a table fixed by an
:class:`AdapterTable`, and drive it only through the engine's public API: ``state.chance`` /
``state.deal(card)``, ``state.action_space`` / ``state.legal_action_ids()`` /
``state.apply(id)``, ``state.view(seat)`` and the settlement.

* **Chance outcomes** are a card's position in the variant's pack (``0 .. len(pack) - 1``).
* **Player actions** are the engine's action ids (:mod:`primero.action_space`).
* **Returns** are chips won or lost in the deal. A pot that stays on the table for the next
  deal (the carry-over, docs/rules/ties.md#carry-over) is, by the ``carry_over`` parameter,
  either ``"refund"`` (the default: each player gets back the chips they put into the carried
  pot, so the game is zero-sum) or ``"lost"`` (nobody gets them back: the returns then add up
  to minus the carry-over).
* **Tensors and strings** are flat float32, made of named :class:`Piece` s in a fixed order
  (:func:`observation_layout`, :func:`information_state_layout`; the OpenSpiel page of the
  docs lists them), every value in ``[0, 1]``, their size independent of the chips;
  :class:`Encoder` fills them and writes the matching strings from the engine's public API
  only and the adapters' record of moves (:class:`Move`). Needs numpy (both adapters'
  extras install it).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from attrs import frozen

from primero.action_space import canonical_hand
from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.engine import public_text, start_deal
from primero.errors import InvalidOptionError, PrimeroError
from primero.options import parse_option_args
from primero.plugins.registry import get_variant
from primero.setup import Step
from primero.state import GameState, Receipt
from primero.variant import Variant

__all__ = [
    "AUTOMATIC_STEPS",
    "CARRY_OVER_TREATMENTS",
    "MOVE_KINDS",
    "RECENT_MOVES",
    "AdapterTable",
    "Encoder",
    "FloatArray",
    "Move",
    "Piece",
    "carried_shares",
    "information_state_layout",
    "max_decisions",
    "observation_layout",
    "options_parameter",
    "parse_options",
    "resample_history",
    "returns",
    "views",
]


#: How a carried-over pot counts in the returns: given back to those who put it in, or lost.
CARRY_OVER_TREATMENTS = ("refund", "lost")

#: Step kinds that make no decision (everything else asks each player at most once, except the
#: betting rounds, bounded in :func:`max_decisions`).
AUTOMATIC_STEPS = frozenset({"deal", "ante", "showdown"})

#: Characters an option's key or value may not hold in the OpenSpiel game string's form.
_GAME_STRING_SEPARATORS = frozenset(",;:=()")


def parse_options(text: str) -> dict[str, str]:
    """Read options written ``"key=value,key=value"`` or ``"key:value;key:value"``.

    The second form is the one :func:`options_parameter` writes (OpenSpiel's game strings
    cannot hold ``=`` or ``,`` inside a parameter). A ``-`` in a key reads as ``_``; spaces
    around keys and values are ignored; the variant converts the values.

    Raises:
        InvalidOptionError: an item has no ``=`` (or ``:``) or no key, or a key is given twice.
    """
    if "=" not in text and ":" in text:  # the game-string form
        items = [item.replace(":", "=", 1) for item in text.split(";") if item.strip()]
    else:
        items = [item for item in text.replace(";", ",").split(",") if item.strip()]
    return parse_option_args(items)


def options_parameter(options: str | dict[str, Any]) -> str:
    """Options as one OpenSpiel parameter that survives game strings: ``"key:value;key:value"``.

    ``str(game)``, ``load_game(str(game))``, pickling and serialization keep it as it is.
    ``True``/``False`` values are written ``true``/``false``.

    Raises:
        InvalidOptionError: a bad item (:func:`parse_options`), or a key or value holding one of
            ``, ; : = ( )``, which a game string cannot carry.
    """
    given = parse_options(options) if isinstance(options, str) else dict(options)
    parts: list[str] = []
    for key, value in given.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        for part in (str(key), text):
            bad = sorted(_GAME_STRING_SEPARATORS & set(part))
            if bad:
                raise InvalidOptionError(
                    f"option {key!r}: {part!r} holds {' '.join(bad)}, which an OpenSpiel game "
                    "string cannot carry")
        parts.append(f"{key}:{text}")
    return ";".join(parts)


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
        raise_cap: The most vies plus raises one betting round allows (docs/rules/waks.md, a house
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
        return tuple(self.variant.rules.deal.deal_plan())

    @property
    def total_chips(self) -> int:
        """Everyone's chips together."""
        return self.players * self.chips


def max_decisions(table: AdapterTable) -> int:
    """An upper bound on the decisions (player actions) of one deal at ``table``.

    The derivation (docs/rules/waks.md, docs/rules/suzuki.md, docs/rules/revival.md): in a betting
    round, every vie or raise starts a new
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
    that stay on the table (carried over, docs/rules/ties.md); with ``"lost"`` those chips are gone.
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


#: The kinds of decision the information-state tensor tells apart (``Move.kind``).
MOVE_KINDS = ("fold", "pass", "hold", "vie", "raise", "exchange", "call", "other")


@frozen
class Move:
    """One decision of a deal, as the adapters record it.

    Attributes:
        seat: Who acted.
        action: The action id.
        text: The action as its maker knows it (``"exchange 7h Kd"``).
        public_text: The action as the table sees it (``"exchange 2 cards"``).
        kind: Its kind, an index into :data:`MOVE_KINDS` (a vie or hold with a Cardano call
            is a ``"call"``).
        chips: The chips it put into the pot.
        cards: How many cards it changed (an exchange, a Suzuki pass with an exchange).
        step: The plan step it was made in.
    """

    seat: int
    action: int
    text: str
    public_text: str
    kind: int = MOVE_KINDS.index("other")
    chips: int = 0
    cards: int = 0
    step: Step | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Move:
        return self  # a value: search code copies states often

    @classmethod
    def make(cls, state: GameState, action: int, after: GameState | None = None) -> Move:
        """The move of applying ``action`` (an id, legal) in ``state``, reaching ``after``."""
        seat = state.to_act
        assert seat is not None
        decoded = state.action_space.decode(state, action)
        chips = 0 if after is None else \
            after.seats[seat].contributed - state.seats[seat].contributed
        return cls(seat, action, str(decoded), public_text(decoded), _kind(decoded),
                   chips, _changed(decoded), state.step)


def _kind(action: Action) -> int:
    if getattr(action, "call", None) is not None:
        name = "call"
    elif isinstance(action, Fold):
        name = "fold"
    elif isinstance(action, Pass):
        name = "pass"
    elif isinstance(action, Hold):
        name = "raise" if action.raise_by else "hold"
    elif isinstance(action, Vie):
        name = "vie"
    elif isinstance(action, Exchange):
        name = "exchange"
    else:
        name = "other"
    return MOVE_KINDS.index(name)


def _changed(action: Action) -> int:
    if isinstance(action, Exchange):
        return len(action.discards)
    if isinstance(action, Pass):
        return len(action.exchange)
    return 0


FloatArray = npt.NDArray[np.float32]


# ------------------------------------------------------------------------------------------
# tensors


@frozen
class Piece:
    """One named piece of a flat tensor: ``size`` floats shaped ``shape``."""

    name: str
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many floats."""
        return math.prod(self.shape)


def _decision_steps(table: AdapterTable) -> tuple[Step, ...]:
    steps: list[Step] = []
    for step in table.plan:
        if step.kind not in AUTOMATIC_STEPS and step not in steps:
            steps.append(step)
    return tuple(steps)


#: How many of the latest decisions the information-state tensor spells out, per player.
RECENT_MOVES = 2


def observation_layout(table: AdapterTable, *, private: bool = True,
                       public: bool = True) -> tuple[Piece, ...]:
    """The observation tensor's pieces (the current state, no memory of earlier turns).

    ``n`` players, ``P`` cards in the pack, ``S`` distinct deciding steps in the plan, ``H``
    the most cards a hand holds. Every value is in ``[0, 1]``; chips are fractions of the
    table's chips (:attr:`AdapterTable.total_chips`), card counts fractions of ``H``:

    * ``player`` [n] — one-hot: whose observation;
    * private: ``hand`` [P] — the cards in the player's hand; ``discarded`` [P] — the cards
      they have thrown;
    * public: ``to_act`` [n] one-hot (all zero at chance and at the end); ``step`` [S] one-hot
      (the plan's deciding steps, in plan order); ``stacks``, ``contributed``, ``round_bet``
      [n] chips; ``folded`` [n] 0/1; ``cards`` [n] cards held; ``pot``, ``high`` [1] chips;
      ``over`` [1]; ``shown`` [n, P] the hands shown at the showdown.
    """
    n, cards = table.players, len(table.pack)
    pieces = [Piece("player", (n,))]
    if private:
        pieces += [Piece("hand", (cards,)), Piece("discarded", (cards,))]
    if public:
        pieces += [Piece("to_act", (n,)), Piece("step", (len(_decision_steps(table)),)),
                   Piece("stacks", (n,)), Piece("contributed", (n,)), Piece("round_bet", (n,)),
                   Piece("folded", (n,)), Piece("cards", (n,)), Piece("pot", (1,)),
                   Piece("high", (1,)), Piece("over", (1,)), Piece("shown", (n, cards))]
    return tuple(pieces)


def information_state_layout(table: AdapterTable, *, private: bool = True,
                             public: bool = True) -> tuple[Piece, ...]:
    """The information-state tensor's pieces: a compact summary of everything seen.

    Its size depends on the players, the pack and the plan only, never on the chips or the
    rest; every value is in ``[0, 1]`` (chips as fractions of the table's chips, card counts
    as fractions of ``H``). The exact information state, every decision in order, is the
    information-state string; the tensor keeps the cards exactly and the betting as per-step
    counts and chips plus the latest decisions. ``n``, ``P``, ``S``, ``H`` as in
    :func:`observation_layout`; ``B`` = the plan's steps + 1; ``K`` =
    len(:data:`MOVE_KINDS`); ``M`` = ``RECENT_MOVES * n``.

    * ``player`` [n] one-hot;
    * private: ``hand`` [P] the cards in hand now; ``discarded`` [P] the cards thrown;
      ``received`` [P, B] — for each card the player was dealt, one-hot: in which of their
      batches of cards it came (0: the first; batches are the cards dealt between the same two
      decisions; the last row takes any later);
    * public: ``to_act`` [n]; ``step`` [S] one-hot; ``stacks``, ``contributed``, ``round_bet``
      [n] chips; ``folded`` [n]; ``cards`` [n] held; ``pot``, ``high`` [1] chips; ``over`` [1];
      ``shown`` [n, P]; ``step_moves`` [S, n, K] — per deciding step and player, how many
      decisions of each kind (``min(count, 3) / 3``); ``step_chips`` [S, n] — chips each put
      in during the step; ``step_cards`` [S, n] — cards each changed in the step
      (``min(1, cards / H)``); ``recent`` [M, n + K + 2] — the latest ``M`` decisions, oldest
      first (rows of a shorter deal are zero at the end): who (one-hot), the kind (one-hot),
      the chips it put in, the cards it changed.
    """
    n, cards = table.players, len(table.pack)
    steps, kinds = len(_decision_steps(table)), len(MOVE_KINDS)
    pieces = [Piece("player", (n,))]
    if private:
        pieces += [Piece("hand", (cards,)), Piece("discarded", (cards,)),
                   Piece("received", (cards, len(table.plan) + 1))]
    if public:
        pieces += [Piece("to_act", (n,)), Piece("step", (steps,)),
                   Piece("stacks", (n,)), Piece("contributed", (n,)), Piece("round_bet", (n,)),
                   Piece("folded", (n,)), Piece("cards", (n,)), Piece("pot", (1,)),
                   Piece("high", (1,)), Piece("over", (1,)), Piece("shown", (n, cards)),
                   Piece("step_moves", (steps, n, kinds)), Piece("step_chips", (steps, n)),
                   Piece("step_cards", (steps, n)),
                   Piece("recent", (RECENT_MOVES * n, n + kinds + 2))]
    return tuple(pieces)


def _hand_size(table: AdapterTable) -> int:
    return max(1, sum(step.count for step in table.plan if step.kind == "deal"))


def views(tensor: FloatArray, pieces: Sequence[Piece]) -> dict[str, FloatArray]:
    """Named, shaped views into a flat tensor laid out as ``pieces``."""
    named: dict[str, FloatArray] = {}
    start = 0
    for piece in pieces:
        named[piece.name] = tensor[start:start + piece.size].reshape(piece.shape)
        start += piece.size
    return named


class Encoder:
    """Fills tensors and writes strings for one table (shared by both adapters).

    Args:
        table: The table.
    """

    def __init__(self, table: AdapterTable) -> None:
        self.table = table
        self.pack = table.pack
        self.position = {card: k for k, card in enumerate(self.pack)}
        self.steps = _decision_steps(table)
        self.step_index = {step: i for i, step in enumerate(self.steps)}
        self.length = max_decisions(table)
        self.total = float(max(1, table.total_chips))
        self.held = float(_hand_size(table))

    def _cards(self, target: FloatArray, cards: Sequence[Card]) -> None:
        for card in cards:
            target[self.position[card]] = 1.0

    def _present(self, named: dict[str, FloatArray], state: GameState, view: Any) -> None:
        """The public present: whose turn, the step, chips (fractions), cards, the showdown."""
        total, held = self.total, self.held
        if state.chance is None and not view.over and view.to_act is not None:
            named["to_act"][view.to_act] = 1.0
        step = self.step_index.get(view.step) if view.step is not None else None
        if step is not None:
            named["step"][step] = 1.0
        stacks, contributed, round_bet = named["stacks"], named["contributed"], named["round_bet"]
        folded, cards, shown = named["folded"], named["cards"], named["shown"]
        for i, public in enumerate(view.seats):
            stacks[i] = public.stack / total
            contributed[i] = public.contributed / total
            round_bet[i] = public.round_bet / total
            folded[i] = float(public.folded)
            cards[i] = min(1.0, public.cards / held)
            if public.shown:
                self._cards(shown[i], public.shown)
        named["pot"][0] = view.pot / total
        named["high"][0] = view.high / total
        named["over"][0] = float(view.over)

    def fill_observation(self, named: dict[str, FloatArray], state: GameState,
                         seat: int) -> None:
        """Write ``seat``'s observation of ``state`` into the views (zeroed first by caller)."""
        view = state.view(seat)
        if "player" in named:
            named["player"][seat] = 1.0
        if "hand" in named:
            self._cards(named["hand"], view.hand)
            self._cards(named["discarded"], view.discarded)
        if "to_act" in named:
            self._present(named, state, view)

    def fill_information_state(self, named: dict[str, FloatArray], state: GameState,
                               seat: int, moves: Sequence[Move]) -> None:
        """Write ``seat``'s information state into the views (zeroed first by the caller).

        ``moves`` are the deal's decisions so far, in order.
        """
        view = state.view(seat)
        if "player" in named:
            named["player"][seat] = 1.0
        if "hand" in named:
            self._cards(named["hand"], view.hand)
            self._cards(named["discarded"], view.discarded)
            received = named["received"]
            last = received.shape[1] - 1
            batch, after = -1, -1
            for receipt in sorted(view.received, key=_by_order):
                if receipt.after != after:
                    batch, after = batch + 1, receipt.after
                received[self.position[receipt.card], min(batch, last)] = 1.0
        if "to_act" in named:
            self._present(named, state, view)
            n, total, held = self.table.players, self.total, self.held
            step_moves, step_chips = named["step_moves"], named["step_chips"]
            step_cards, recent = named["step_cards"], named["recent"]
            index = self.step_index
            for move in moves:
                step = index.get(move.step) if move.step is not None else None
                if step is None:
                    continue
                cell = step_moves[step, move.seat]
                cell[move.kind] = min(1.0, cell[move.kind] + 1.0 / 3.0)
                step_chips[step, move.seat] += move.chips / total
                step_cards[step, move.seat] = min(
                    1.0, step_cards[step, move.seat] + move.cards / held)
            window = moves[-recent.shape[0]:] if moves else ()
            for row, move in enumerate(window):
                recent[row, move.seat] = 1.0
                recent[row, n + move.kind] = 1.0
                recent[row, -2] = move.chips / total
                recent[row, -1] = min(1.0, move.cards / held)

    def observation_string(self, state: GameState, seat: int, *, private: bool = True,
                           public: bool = True) -> str:
        """``seat``'s observation as text (the same facts as the tensor)."""
        view = state.view(seat)
        parts = [f"p{seat}"]
        if private:
            parts.append("hand " + _text(view.hand))
            if view.discarded:
                parts.append("discarded " + _text(view.discarded))
        if public:
            parts.append(f"step {view.step or ('over' if view.over else 'start')}")
            if view.to_act is not None and not view.over and state.chance is None:
                parts.append(f"to act p{view.to_act}")
            parts.append("stacks " + " ".join(str(s.stack) for s in view.seats))
            parts.append("in " + " ".join(str(s.contributed) for s in view.seats))
            parts.append("round " + " ".join(str(s.round_bet) for s in view.seats))
            folded = [f"p{i}" for i, s in enumerate(view.seats) if s.folded]
            if folded:
                parts.append("folded " + " ".join(folded))
            parts.append(f"pot {view.pot} high {view.high}")
            for key, value in view.extras:
                parts.append(f"{key} {value}")
            for i, s in enumerate(view.seats):
                if s.shown:
                    parts.append(f"p{i} shows {_text(s.shown)}")
        return " | ".join(parts)

    def information_state_string(self, state: GameState, seat: int,
                                 moves: Sequence[Move], *, private: bool = True,
                                 public: bool = True) -> str:
        """``seat``'s information state as text: everything they saw, in order.

        The cards they were dealt (``got ...``) come where they were dealt among the actions;
        their own exchanges name the cards, everyone else's only how many. Cards dealt between
        the same two actions, and the hand, are written in the pack's order
        (:func:`~primero.action_space.canonical_hand`), so the order within one deal step
        never splits an information state.
        """
        view = state.view(seat)
        parts = [f"p{seat}"]
        receipts = sorted(view.received, key=lambda r: r.order) if private else []
        k = 0
        for turn in range(len(moves) + 1):
            dealt: list[Card] = []
            while k < len(receipts) and receipts[k].after == turn:
                dealt.append(receipts[k].card)
                k += 1
            if dealt:
                parts.append("got " + _text(dealt))
            if turn < len(moves):
                move = moves[turn]
                if move.seat == seat and private:
                    parts.append(f"p{move.seat} {move.text}")
                elif public:
                    parts.append(f"p{move.seat} {move.public_text}")
        if private:
            parts.append("hand " + _text(view.hand))
        if public:
            parts.append("stacks " + " ".join(str(s.stack) for s in view.seats))
            parts.append(f"pot {view.pot}")
            for key, value in view.extras:  # public facts of the variant (declarations)
                parts.append(f"{key} {value}")
            for i, s in enumerate(view.seats):
                if s.shown:
                    parts.append(f"p{i} shows {_text(s.shown)}")
            if view.over:
                parts.append("over")
        return " | ".join(parts)


def _by_order(receipt: Receipt) -> int:
    return receipt.order


def _text(cards: Sequence[Card]) -> str:
    """Cards as text in the pack's order (a set: never the order they arrived in)."""
    return " ".join(card.ascii for card in canonical_hand(cards)) or "-"


# ------------------------------------------------------------------------------------------
# resampling the hidden cards (determinization)


def resample_history(table: AdapterTable, history: Sequence[int], seat: int,
                     state: GameState, draw: Callable[[int], int]) -> list[int] | None:
    """A history of the deal with ``seat``'s cards kept and every card hidden from it redrawn.

    ``history`` is the deal so far as the adapters number it (chance outcomes as positions in
    the pack, decisions as action ids), ``state`` the engine's state it reaches. The new history
    replays it: every card dealt to ``seat`` comes where it came, every other card is drawn
    uniformly (``draw(k)`` picks one of ``k``) from the cards that could come there less the
    cards ``seat`` is yet to receive, and every decision is the same action id (an exchange id
    names the same number of cards, so the table sees the same). Each world that agrees with
    the cards ``seat`` saw is drawn with the same probability.

    Returns:
        The new history, or ``None`` when a decision has no legal counterpart in the drawn
        world (the caller draws again: a rejection).
    """
    own = sorted(state.seats[seat].received, key=lambda r: r.order)
    own_at = {receipt.order: receipt.card for receipt in own}
    to_come = {receipt.card for receipt in own}
    position = {card: k for k, card in enumerate(table.pack)}
    replay = table.start()
    result: list[int] = []
    for value in history:
        chance = replay.chance
        if chance is not None:
            # the order of the card to come among every card dealt (a receipt's ``order``),
            # cards a rule deals by name before any chance (the toy's open cards) included
            dealt = sum(len(s.received) for s in replay.seats)
            card = own_at.get(dealt)
            if card is None:
                pool = [c for c in chance.cards if c not in to_come]
                if not pool:
                    return None
                card = pool[draw(len(pool))]
            elif card not in chance.cards:
                return None
            to_come.discard(card)
            replay = replay.deal(card)
            result.append(position[card])
        else:
            if value not in replay.legal_action_ids():
                return None
            replay = replay.apply(value)
            result.append(value)
    return result
