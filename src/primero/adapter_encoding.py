"""Tensors and strings for the OpenSpiel and PettingZoo adapters (one player's point of view).

A tensor is flat float32, made of named :class:`Piece` s in a fixed order
(:func:`observation_layout`, :func:`information_state_layout`; docs/adapters/openspiel.md
lists them); :class:`Encoder` fills them and writes the matching strings from the engine's
public API only (``state.view(seat)``, the action space) and the adapters' record of moves
(:class:`~primero.adapter_core.Move`). Needs numpy (both adapters' extras install it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from attrs import frozen

from primero.adapter_core import AUTOMATIC_STEPS, AdapterTable, Move, max_decisions
from primero.cards import Card
from primero.state import GameState, Step

__all__ = [
    "Encoder",
    "FloatArray",
    "Piece",
    "PublicAction",
    "information_state_layout",
    "observation_layout",
    "views",
]

FloatArray = npt.NDArray[np.float32]


# ------------------------------------------------------------------------------------------
# public actions: the action ids with an exchange's cards reduced to how many


@frozen
class PublicAction:
    """The public face of the action ids: what every player sees of an action.

    An exchange shows only how many cards it changed (the engine's public log), so the ids of
    the ``exchange`` and ``pass exchange`` blocks, which name the discarded positions, map to
    one public id per count; every other id keeps its own public id.

    Attributes:
        size: How many public ids there are.
    """

    size: int
    _of: tuple[int, ...]
    _labels: tuple[str, ...]

    @classmethod
    def of(cls, state: GameState) -> PublicAction:
        """The public action ids of ``state``'s action space."""
        space = state.action_space
        hidden: dict[int, str] = {}
        for name, first_count in (("exchange", 0), ("pass exchange", 1)):
            try:
                block, offset = space.block(name)
            except KeyError:
                continue
            for index in range(block.size):
                count = (index + first_count).bit_count()
                hidden[offset + index] = f"{name} {count}"
        labels: list[str] = []
        public: dict[str, int] = {}
        mapping: list[int] = []
        for i in range(space.size):
            label = hidden.get(i, f"id {i}")
            if label not in public:
                public[label] = len(labels)
                labels.append(label)
            mapping.append(public[label])
        return cls(len(labels), tuple(mapping), tuple(labels))

    def __call__(self, action_id: int) -> int:
        """The public id of an action id."""
        return self._of[action_id]


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


def observation_layout(table: AdapterTable, *, private: bool = True,
                       public: bool = True) -> tuple[Piece, ...]:
    """The observation tensor's pieces (the current state, no memory of earlier turns).

    ``n`` players, ``P`` cards in the pack, ``S`` distinct deciding steps in the plan:

    * ``player`` [n] — one-hot: whose observation;
    * private: ``hand`` [P] — the cards in the player's hand; ``discarded`` [P] — the cards
      they have thrown;
    * public: ``to_act`` [n] one-hot (all zero at chance and at the end); ``step`` [S] one-hot
      (the plan's deciding steps, in plan order); ``stacks``, ``contributed``, ``round_bet``
      [n] in chips; ``folded`` [n] 0/1; ``cards`` [n] cards held; ``pot``, ``high`` [1] in
      chips; ``over`` [1]; ``shown`` [n, P] the hands shown at the showdown.
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


def information_state_layout(table: AdapterTable, public_actions: int, *,
                             private: bool = True, public: bool = True) -> tuple[Piece, ...]:
    """The information-state tensor's pieces (perfect recall).

    ``L`` = :func:`max_decisions`, ``A`` the public action ids (:class:`PublicAction`):

    * ``player`` [n] one-hot;
    * private: ``hand`` [P] the cards in hand now; ``received`` [L + 1, P] — row ``t`` marks
      the cards the player was dealt when ``t`` actions had been made (the received-card
      timing); ``own_actions`` [L, 2**H] — for each of the player's own exchanges and
      Suzuki passes with an exchange (row = the action's turn), the bit mask of the discarded
      hand positions (``H``: the most cards a hand holds);
    * public: ``actions`` [L, n + A] — row ``t``: who made the ``t``-th action (one-hot) and
      its public id (one-hot); ``stacks``, ``contributed`` [n] in chips; ``pot`` [1];
      ``over`` [1].
    """
    n, cards, length = table.players, len(table.pack), max_decisions(table)
    masks = 1 << _hand_size(table)
    pieces = [Piece("player", (n,))]
    if private:
        pieces += [Piece("hand", (cards,)), Piece("received", (length + 1, cards)),
                   Piece("own_actions", (length, masks))]
    if public:
        pieces += [Piece("actions", (length, n + public_actions)), Piece("stacks", (n,)),
                   Piece("contributed", (n,)), Piece("pot", (1,)), Piece("over", (1,))]
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
        first: A state of the table's deals (any: the action space is fixed per deal).
    """

    def __init__(self, table: AdapterTable, first: GameState) -> None:
        self.table = table
        self.pack = table.pack
        self.position = {card: k for k, card in enumerate(self.pack)}
        self.public = PublicAction.of(first)
        self.steps = _decision_steps(table)
        self.length = max_decisions(table)
        self._masks: dict[int, int] = {}  # action id -> discarded positions, for exchanges
        for name, first_mask in (("exchange", 0), ("pass exchange", 1)):
            try:
                block, offset = first.action_space.block(name)
            except KeyError:
                continue
            for index in range(block.size):
                self._masks[offset + index] = index + first_mask

    def _cards(self, target: FloatArray, cards: Sequence[Card]) -> None:
        for card in cards:
            target[self.position[card]] = 1.0

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
            if state.chance is None and not view.over and view.to_act is not None:
                named["to_act"][view.to_act] = 1.0
            if view.step is not None and view.step in self.steps:
                named["step"][self.steps.index(view.step)] = 1.0
            for i, public in enumerate(view.seats):
                named["stacks"][i] = public.stack
                named["contributed"][i] = public.contributed
                named["round_bet"][i] = public.round_bet
                named["folded"][i] = float(public.folded)
                named["cards"][i] = public.cards
                self._cards(named["shown"][i], public.shown)
            named["pot"][0] = view.pot
            named["high"][0] = view.high
            named["over"][0] = float(view.over)

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
            received = named["received"]
            for receipt in view.received:
                received[receipt.after, self.position[receipt.card]] = 1.0
            own = named["own_actions"]
            masks = self._masks
            for turn, move in enumerate(moves):
                if move.seat == seat and move.action in masks:
                    own[turn, masks[move.action]] = 1.0
        if "actions" in named:
            actions = named["actions"]
            n = self.table.players
            for turn, move in enumerate(moves):
                actions[turn, move.seat] = 1.0
                actions[turn, n + self.public(move.action)] = 1.0
            for i, public in enumerate(view.seats):
                named["stacks"][i] = public.stack
                named["contributed"][i] = public.contributed
            named["pot"][0] = view.pot
            named["over"][0] = float(view.over)

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
        their own exchanges name the cards, everyone else's only how many.
        """
        view = state.view(seat)
        parts = [f"p{seat}"]
        receipts = sorted(view.received, key=lambda r: r.order) if private else []
        k = 0
        for turn in range(len(moves) + 1):
            dealt: list[str] = []
            while k < len(receipts) and receipts[k].after == turn:
                dealt.append(receipts[k].card.ascii)
                k += 1
            if dealt:
                parts.append("got " + " ".join(dealt))
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
            for i, s in enumerate(view.seats):
                if s.shown:
                    parts.append(f"p{i} shows {_text(s.shown)}")
            if view.over:
                parts.append("over")
        return " | ".join(parts)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(card.ascii for card in cards) or "-"


