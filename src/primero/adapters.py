"""What the OpenSpiel and PettingZoo adapters share: the table, the returns, the encodings.

Both adapters (:mod:`primero.openspiel`, :mod:`primero.pettingzoo`) play one deal dealt from
outside (``start_deal(..., dealing="external")``) at a table fixed by an
:class:`AdapterTable`, and drive it only through the engine's public API: ``state.chance`` /
``state.deal(card)``, ``state.action_space`` / ``state.legal_action_ids()`` /
``state.apply(id)``, ``state.view(seat)`` and the settlement.

* **Chance outcomes** are a card's position in the variant's pack (``0 .. len(pack) - 1``).
* **Player actions** are the engine's action ids (:mod:`primero.deal.action_space`).
* **Returns** are chips won or lost in the deal, less an equal share of a pot carried into it
  (``carry_in``: nobody's chips in this deal, :func:`returns`). A pot that stays on the table
  for the next deal (the carry-over, docs/rules/ties.md#carry-over) is, by the ``carry_over``
  parameter, either ``"refund"`` (the default: each player gets back the chips they put into
  the carried pot, so the game is zero-sum) or ``"lost"`` (nobody gets them back: the returns
  then add up to minus the carry-over).
* **Tensors and strings** are flat float32, made of named :class:`Piece` s in a fixed order
  (:func:`observation_layout`, :func:`information_state_layout`; the OpenSpiel page of the
  docs lists them), every value in ``[0, 1]``, their size independent of the chips;
  :class:`Encoder` fills them and writes the matching strings from the engine's public API
  only and the adapters' record of moves (:class:`Move`). Needs numpy (both adapters'
  extras install it).
"""

from __future__ import annotations

import functools
import math
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
from attrs import frozen

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.deal.action_space import ExchangeBlock, canonical_hand
from primero.deal.engine import public_text, start_deal
from primero.deal.start import MAX_CHIPS, pack_problem
from primero.deal.state import FACE_UP, GameState, Receipt, Seat
from primero.errors import InvalidOptionError, InvalidParameterError, PrimeroError, named
from primero.options import parse_option_args
from primero.plugins.registry import get_variant
from primero.setup import Step
from primero.tensor_writes import float_view, whole_tensor, writers
from primero.tensor_writes import link as pure_link
from primero.tensor_writes import patch as pure_patch
from primero.variant import Variant
from primero.variants.cardano import last_call

if TYPE_CHECKING:
    from primero.tensor_writes import FloatView

__all__ = [
    "AUTOMATIC_STEPS",
    "CARRY_OVER_TREATMENTS",
    "DEALS_NOTHING",
    "DEFAULT_CHIPS",
    "MOST_CHIPS",
    "MOVE_KINDS",
    "PASS_EXCHANGE_BLOCK",
    "RECENT_MOVES",
    "AdapterTable",
    "Encoder",
    "FloatArray",
    "Move",
    "Piece",
    "Trail",
    "carried_shares",
    "information_state_layout",
    "max_chance_nodes",
    "max_decisions",
    "observation_layout",
    "options_parameter",
    "parse_options",
    "parse_stacks",
    "resample_history",
    "returns",
    "trail_moves",
    "views",
]


#: Every player's chips when neither ``chips`` nor ``stacks`` is given.
DEFAULT_CHIPS = 20

#: The most chips a table's tensors could hold in all (every fraction of them a finite float:
#: 2**1023). A table holds far fewer: each seat and the carry-in at most
#: :data:`~primero.deal.start.MAX_CHIPS`, which :meth:`AdapterTable.build` checks.
MOST_CHIPS = 2**1023

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


def _whole(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _seat_list(value: object, parameter: str) -> object:
    """``value`` as a tuple if it lists the seats in order, a number as it is, else refused.

    A list, a tuple, an iterator or a numpy array lists the seats; anything else is refused
    naming ``parameter``: text, bytes, a set (no seat order) or a mapping is no list of seats.
    """
    if _whole(value) or isinstance(value, tuple):
        return value
    what = ("a whole number of chips or one per seat" if parameter == "chips"
            else "one whole number of chips per seat")
    if not isinstance(value, str | bytes | bytearray | AbstractSet | Mapping):
        try:
            return tuple(cast("Iterable[object]", value))
        except TypeError:
            pass
    raise InvalidParameterError(
        parameter, f"{what}, in seat order (a list or tuple), got {named(value)}")


def _checked_stacks(chips: int | Sequence[int], players: int, parameter: str,
                    seat_label: str) -> tuple[int, ...]:
    """Every seat's chips from ``chips`` (one number for all, or one per seat), checked.

    ``parameter`` is the argument the user gave them in, named by every error;
    ``seat_label`` names a seat (``"seat {seat}"``, or the environment's agent names).
    """
    every = _whole(chips)
    if every:
        stacks: tuple[object, ...] = (int(chips),) * players  # type: ignore[arg-type]
    elif isinstance(chips, Sequence) and not isinstance(chips, str):
        stacks = tuple(chips)
        if len(stacks) != players:
            raise InvalidParameterError(
                parameter, f"{len(stacks)} seats' chips for {players} players (one per seat, "
                "seat 0 first)")
    else:
        raise InvalidParameterError(parameter, f"a whole number of chips or one per seat, got "
                                               f"{named(chips)}")
    for seat, stack in enumerate(stacks):
        where = "" if every else f" for {seat_label.format(seat=seat)}"
        if _whole(stack) and int(stack) > MAX_CHIPS:  # type: ignore[call-overload]
            raise InvalidParameterError(
                parameter, f"at most {MAX_CHIPS:,} chips a seat (primero.deal.start.MAX_CHIPS, "
                f"the most a deal takes), got a {len(str(int(stack)))}-digit "  # type: ignore[call-overload]
                f"number{where}")
        if not _whole(stack) or int(stack) < 1:  # type: ignore[call-overload]
            who = "every player" if every else seat_label.format(seat=seat)
            raise InvalidParameterError(
                parameter, f"{who} needs a whole number of chips >= 1, got {named(stack)}")
    return tuple(int(stack) for stack in stacks)  # type: ignore[call-overload]


def _unset_or_equal(chips: object, stacks: tuple[int, ...]) -> bool:
    """``chips`` beside ``stacks`` says nothing else: its default, or every stack's chips."""
    if _whole(chips):
        return int(chips) == DEFAULT_CHIPS or all(  # type: ignore[call-overload]
            stack == chips for stack in stacks)
    return isinstance(chips, Sequence) and not isinstance(chips, str) \
        and tuple(chips) == stacks


def parse_stacks(text: str) -> tuple[int, ...]:
    """Read the OpenSpiel ``stacks`` parameter: chips per seat, ``"30;20;10"`` (seat 0 first).

    ``,`` and spaces separate too (the game string keeps ``;``); ``""`` is no stacks.

    Raises:
        InvalidParameterError: an entry that is not a whole number in the digits 0-9 (or
            too long for ``int()``), or separators with no number at all (``";"``), naming
            ``stacks``.
    """
    items = [item for item in text.replace(",", ";").replace(" ", ";").split(";") if item]
    if not items and text.strip():
        raise InvalidParameterError(
            "stacks", f"{named(text)} names no chips (write the chips per seat as 30;20;10, "
            "or leave stacks empty for chips each)")
    stacks: list[int] = []
    for item in items:
        # ASCII digits only: int() would also read '１' (full-width), '٢' and '1_000'
        if _ASCII_WHOLE.fullmatch(item) is None:
            raise InvalidParameterError(
                "stacks", f"{named(item)} is not a whole number of chips in the digits 0-9 "
                "(write the chips per seat as 30;20;10)")
        try:
            stacks.append(int(item))
        except ValueError:  # past Python's limit on the digits int() reads
            raise InvalidParameterError(
                "stacks", f"a {len(item.lstrip('+-')):,}-digit number of chips is too long "
                "to read") from None
    return tuple(stacks)


#: A whole number as the ``stacks`` text writes it: an optional sign and ASCII digits.
_ASCII_WHOLE = re.compile(r"[+-]?[0-9]+")


@frozen(kw_only=True)
class AdapterTable:
    """One deal's table, as both adapters' parameters give it.

    Attributes:
        variant: The configured variant.
        players: How many players (seats 0..players-1).
        stacks: Each seat's chips at the start of the deal, seat 0 first.
        dealer: The dealer's seat; the eldest, who acts first, is the seat after it
            (docs/rules/dealing.md). By default the last seat, so seat 0 is eldest.
        carry_in: Chips carried into this deal's pot from an earlier one (the carry-over,
            docs/rules/ties.md#carry-over): nobody's chips in this deal (see :func:`returns`).
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: The ante, in chips, or ``None`` for the variant's own.
        carry_over: ``"refund"`` or ``"lost"`` (:data:`CARRY_OVER_TREATMENTS`).
        raise_cap: The most vies plus raises one betting round allows (docs/rules/waks.md, a house
            rule), or 0 for none.
    """

    variant: Variant
    players: int
    stacks: tuple[int, ...]
    dealer: int
    carry_in: int = 0
    stake: int = 1
    rest: int = 3
    ante: int | None = None
    carry_over: str = "refund"
    raise_cap: int = 0

    @classmethod
    def build(cls, *, variant: str = "waks", options: str | dict[str, Any] = "",
              players: int = 2, chips: int | Sequence[int] = DEFAULT_CHIPS,
              stacks: Sequence[int] | None = None, dealer: int = -1,
              carry_in: int = 0, stake: int = 1, rest: int = 3, ante: int | None = None,
              carry_over: str = "refund", raise_cap: int = 0,
              seat_label: str = "seat {seat}") -> AdapterTable:
        """Check the parameters and build the table (one deal is set up to check them).

        Args:
            variant: An installed variant's name.
            options: Variant options (:func:`parse_options`' forms, or a dict).
            players: How many players.
            chips: Every player's chips, or a sequence of each seat's (seat 0 first): a
                list, a tuple, an iterator or a numpy array; not text, a set or a mapping.
            stacks: Each seat's chips (seat 0 first, as ``chips`` lists them), or ``None`` /
                empty for ``chips``.
                Given with ``chips`` only where ``chips`` is at its default
                (:data:`DEFAULT_CHIPS`, read as not given: a game string always carries it)
                or equal to every stack; any other ``chips`` contradicts the stacks.
            dealer: The dealer's seat, ``0 .. players - 1``, or -1 for the last seat.
            carry_in: Chips carried into the pot from an earlier deal (>= 0).
            stake: The smallest bet, in chips.
            rest: The largest single bet or raise, in chips.
            ante: The ante, or ``None`` for the variant's own.
            carry_over: ``"refund"`` or ``"lost"``.
            raise_cap: The most vies plus raises per betting round, 0 for none.
            seat_label: How the errors name a seat, a format with ``{seat}`` (the seat's
                number): ``"seat {seat}"``, or an environment's own agent names.

        Raises:
            UnknownVariantError: no such variant.
            InvalidOptionError: a bad option.
            InvalidParameterError: a variant written with its options (``"waks:tie=split"``:
                the message says how to give them), bad chips, stacks or carry-in (a seat's
                chips or the carry-in past :data:`~primero.deal.start.MAX_CHIPS`), ``stacks`` with a
                ``chips`` that contradicts them (the message names both), a bad dealer,
                carry-over treatment or raise cap; the message (and its ``parameter``)
                names it.
            InvalidParameterError: players outside the variant's range, or options neither
                text nor a mapping (naming the parameter).
            PrimeroError: a bad table (stake, rest, ante): the engine's messages.
        """
        if not isinstance(options, str | Mapping):
            raise InvalidParameterError(
                "options", f"text like 'supremus=false,tie=split' or a dict of option values, "
                f"got {named(options)}")
        given = parse_options(options) if isinstance(options, str) else dict(options)
        if isinstance(variant, str) and ":" in variant:  # the "name:key=value" of compare
            name, _, inline = variant.partition(":")
            raise InvalidParameterError(
                "variant", f"a variant's name, its options apart: variant={name.strip()!r:.40}"
                f", options={inline.strip()!r:.60} (got {named(variant)})")
        configured = get_variant(variant, **given)
        if carry_over not in CARRY_OVER_TREATMENTS:
            raise InvalidParameterError(
                "carry_over", f"one of {', '.join(map(repr, CARRY_OVER_TREATMENTS))}, got "
                              f"{named(carry_over)}")
        if not _whole(raise_cap) or raise_cap < 0:
            raise InvalidParameterError(
                "raise_cap", f"a whole number >= 0 (0: no cap), got {named(raise_cap)}")
        if not _whole(players):
            raise InvalidParameterError("players", f"a whole number, got {named(players)}")
        players = int(players)
        low, high = configured.spec.players
        if not low <= players <= high:  # before the stacks and the dealer, which count seats
            raise InvalidParameterError(
                "players", f"{configured.name} is played by "
                f"{low if low == high else f'{low} to {high}'} players; got "
                f"{players}")
        unserved = pack_problem(configured, players)  # the check start_deal makes, by name
        if unserved is not None:
            raise InvalidParameterError("players", unserved)
        chips = _seat_list(chips, "chips")  # type: ignore[assignment]
        if stacks is not None:
            stacks = _seat_list(stacks, "stacks")  # type: ignore[assignment]
            if _whole(stacks):
                raise InvalidParameterError(
                    "stacks", f"one whole number of chips per seat, in seat order (a list or "
                    f"tuple; chips gives every seat the same), got {named(stacks)}")
        if stacks is not None and len(stacks):
            given_stacks = _checked_stacks(stacks, players, "stacks", seat_label)
            if not _unset_or_equal(chips, given_stacks):
                raise InvalidParameterError(
                    "stacks", f"{';'.join(map(str, given_stacks))} and chips {named(chips)} "
                    "both set the players' chips and disagree: give stacks for each seat's "
                    f"own, or chips for the same for every seat (chips may stay at its "
                    f"default, {DEFAULT_CHIPS}, beside stacks)")
            chips = given_stacks
        stacks = _checked_stacks(chips, players, "chips", seat_label)
        if not _whole(dealer) or not -1 <= dealer < players:
            raise InvalidParameterError(
                "dealer", f"a seat 0..{players - 1}, or -1 for the last seat, got "
                          f"{named(dealer)}")
        if not _whole(carry_in) or carry_in < 0:
            raise InvalidParameterError(
                "carry_in", f"a whole number of chips >= 0, got {named(carry_in)}")
        if int(carry_in) > MAX_CHIPS:
            raise InvalidParameterError(
                "carry_in", f"at most {MAX_CHIPS:,} chips (primero.deal.start.MAX_CHIPS, the "
                f"most a deal takes), got a {len(str(int(carry_in)))}-digit number")
        # a numpy integer counts as the int it is (a bad value goes on as given, for the
        # engine's message): the table keeps plain ints, as a deal's state does
        stake, rest = (int(v) if _whole(v) else v for v in (stake, rest))
        ante = None if ante is None else int(ante) if _whole(ante) else ante
        table = cls(variant=configured, players=players, stacks=stacks,
                    dealer=int(dealer) % players, carry_in=int(carry_in), stake=stake,
                    rest=rest, ante=ante, carry_over=carry_over, raise_cap=int(raise_cap))
        table.start()  # the engine checks players, chips and the table
        return table

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names: ``p0``, ``p1``, ..."""
        return tuple(f"p{i}" for i in range(self.players))

    @property
    def chips(self) -> int:
        """The most chips a player starts with (every player's, when the stacks are equal)."""
        return max(self.stacks)

    @property
    def engine_caps_raises(self) -> bool:
        """A raise cap is set (the engine applies it: ``start_deal(raise_cap=...)``)."""
        return bool(self.raise_cap)

    def start(self) -> GameState:
        """A new deal dealt from outside, at its first chance node."""
        return start_deal(self.variant, self.names, self.stacks, dealer=self.dealer,
                          stake=self.stake, rest=self.rest, ante=self.ante,
                          carry=self.carry_in, dealing="external",
                          raise_cap=self.raise_cap or None)

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
        """The deal's chips: everyone's stacks together plus the carry-in."""
        return sum(self.stacks) + self.carry_in


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
    them (``chips`` the largest stack, :attr:`AdapterTable.chips`), besides all-ins short of
    the stake (at most one per player in the deal): the deal's vies and raises are
    ``K <= rounds * (chips // stake) + n``, or ``raise_cap`` per round when the engine applies
    a cap and that is fewer. The bound is
    ``rounds * 2n + K * (2n + 1) + other steps * n``.
    """
    n = table.players
    rounds = sum(1 for step in table.plan if step.kind == "bet")
    other = sum(1 for step in table.plan
                if step.kind != "bet" and step.kind not in AUTOMATIC_STEPS)
    return rounds * 2 * n + _most_vies_and_raises(table) * (2 * n + 1) + other * n


def _most_vies_and_raises(table: AdapterTable) -> int:
    """``K``: the most vies and raises of a deal at ``table`` (see :func:`max_decisions`)."""
    rounds = sum(1 for step in table.plan if step.kind == "bet")
    by_chips = rounds * (table.chips // table.stake) + table.players if rounds else 0
    return min(by_chips, table.raise_cap * rounds) if table.engine_caps_raises else by_chips


#: Step kinds that deal no card: the ante, the showdown and a declaration (each player says
#: what they hold; Primiera's redraw is its ``exchange`` step).
DEALS_NOTHING = frozenset({"ante", "showdown", "declare"})

#: The action block of a pass that exchanges cards (Suzuki: every pass draws).
PASS_EXCHANGE_BLOCK = "pass exchange"


def max_chance_nodes(table: AdapterTable) -> int:
    """An upper bound on the chance nodes (cards dealt) of one deal at ``table``.

    Every chance node deals one card (a reshuffle of the discards, docs/rules/dealing.md,
    deals from the new stock one card a node, so it adds none). Walking the variant's deal
    plan with ``held`` the cards each hand holds so far:

    * a ``deal`` step of ``c`` cards deals ``c * n`` and adds ``c`` to ``held``;
    * an ``exchange`` step replaces at most every card held: ``held * n``;
    * a betting round deals nothing, except where a pass exchanges (the
      :data:`PASS_EXCHANGE_BLOCK` in the action space, Suzuki): a pass replaces at most the
      cards held, and each player passes at most once before the first vie and each of the
      others at most once in answer to each vie or raise (:func:`max_decisions`), so the
      round deals at most ``held * (n + (n - 1) * K)``, ``K`` the deal's most vies and raises;
    * the ante, a declaration and the showdown deal nothing (:data:`DEALS_NOTHING`); any
      other (a plug-in's own step) asks each player once and replaces at most their hand:
      ``held * n``.

    Waks heads-up: ``2 * 2 + 2 * 2 + 2 * 2 = 12``; Primiera heads-up: ``4 * 2 + 4 * 2 = 16``.
    """
    n = table.players
    blocks = {block.name for block in table.start().action_space.blocks}
    passes_draw = PASS_EXCHANGE_BLOCK in blocks
    most = _most_vies_and_raises(table)
    held = total = 0
    for step in table.plan:
        if step.kind == "deal":
            total += step.count * n
            held += step.count
        elif step.kind == "bet":
            if passes_draw:
                total += held * (n + (n - 1) * most)
        elif step.kind not in DEALS_NOTHING:
            total += held * n
    return total


def returns(state: GameState, table: AdapterTable) -> list[float]:
    """Each seat's result in a finished deal, in chips: zero-sum with ``carry_over="refund"``.

    A seat's return is the chips it ends with less the chips it started with, less an equal
    share (``carry_in / players``) of the pot carried into the deal: those chips were nobody's
    in this deal, so winning them is a gain against the players' equal claim to them and not
    winning them a loss (with no carry-in, the return is plainly the chips won or lost).

    A pot that stays on the table for the next deal (docs/rules/ties.md): with
    ``carry_over="refund"`` each player gets back what they put into the pot layers that carry
    over, and the carried-in chips that carry over again come back in equal shares, so the
    returns add up to zero; with ``"lost"`` those chips are gone (the returns add up to minus
    the carry-over). Before the end of the deal: zeros.
    """
    settlement = state.settlement
    n = table.players
    if settlement is None:
        return [0.0] * n
    claim = table.carry_in / n
    result = [float(stack - start) - claim
              for stack, start in zip(state.stacks, table.stacks, strict=True)]
    if table.carry_over == "refund" and settlement.carry:
        shares = carried_shares(state)
        carried_again = (settlement.carry - sum(shares)) / n
        for seat, chips in enumerate(shares):
            result[seat] += chips + carried_again
    return result


def carried_shares(state: GameState) -> list[int]:
    """What each seat put into the pot that carries over, seat by seat.

    A player's part of a pot layer is what their contribution reached between the layer's
    bottom and its top; a deal whose settlement names no layers carries everything that was
    not given back. The shares add up to the carry-over, or to the carry-over less the
    carried-in chips (``state.carry_in``) when those carry over again (they join the lowest
    contested layer, docs/rules/ties.md, or stay unclaimed when no layer is contested).

    Raises:
        PrimeroError: ``state`` is no finished deal (no settlement yet: a bare ``assert``
            before), or the shares add up to neither (a settlement this function cannot read).
    """
    settlement = state.settlement if isinstance(state, GameState) else None
    if settlement is None:
        got = "a deal not over yet" if isinstance(state, GameState) else named(state)
        raise PrimeroError(f"carried_shares reads a finished deal's settlement; got {got}")
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
    if settlement.carry - sum(shares) not in {0, state.carry_in}:
        raise PrimeroError(f"cannot share the carry-over of {settlement.carry} chips among "
                           f"the players who put it in (read {shares}, carried in "
                           f"{state.carry_in})")
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


class Trail:
    """The decisions of a deal so far, as a chain sharing its past: a value.

    What the adapters record per decision is only the state before it, the action id and the
    state after it; the :class:`Move` s (their texts, kinds, chips) are made when first asked
    for (:attr:`moves`) and kept, so a loop that never reads an information state never makes
    them. A clone of an adapter's state shares its trail (``copy.deepcopy`` returns it), and
    so everything already worked out for it.

    Attributes:
        parent: The trail before the last decision (``None`` for the first).
        before: The state the last decision was made in.
        action: Its action id.
        after: The state it led to.
        length: How many decisions the trail holds.
    """

    __slots__ = ("_moves", "_tail", "action", "after", "before", "length", "parent")

    parent: Trail | None
    before: GameState
    action: int
    after: GameState
    length: int

    def __init__(self, parent: Trail | None, before: GameState, action: int,
                 after: GameState) -> None:
        self.parent = parent
        self.before = before
        self.action = action
        self.after = after
        self.length = 1 if parent is None else parent.length + 1
        self._moves: tuple[Move, ...] | None = None
        self._tail: FloatArray | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Trail:
        return self  # a value (its caches only ever fill in)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled flat, oldest decision first: the chain of parents pickled as it stands
        # nests one call per decision and overflows the interpreter's stack past a few
        # hundred decisions (caches are left out: they fill in again when asked for)
        links: list[tuple[GameState, int, GameState]] = []
        node: Trail | None = self
        while node is not None:
            links.append((node.before, node.action, node.after))
            node = node.parent
        links.reverse()
        return (_trail_of, (tuple(links),))

    def __copy__(self) -> Trail:
        return self

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every decision so far as a :class:`Move`, in order (made once, then kept)."""
        moves = self._moves
        if moves is None:
            pending: list[Trail] = []
            node: Trail | None = self
            while node is not None and node._moves is None:
                pending.append(node)
                node = node.parent
            moves = () if node is None else node._moves or ()
            for link in reversed(pending):
                moves = (*moves, Move.make(link.before, link.action, link.after))
                link._moves = moves
        return moves


def _trail_of(links: tuple[tuple[GameState, int, GameState], ...]) -> Trail:
    """The trail of ``links`` (before, action id, after), oldest first: unpickling."""
    trail: Trail | None = None
    for before, action, after in links:
        trail = Trail(trail, before, action, after)
    if trail is None:
        raise ValueError("a pickled trail holds at least one decision")
    return trail


def trail_moves(trail: Trail | None) -> tuple[Move, ...]:
    """The moves of ``trail`` (none for ``None``: no decision yet)."""
    return () if trail is None else trail.moves


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


#: How many values (hands, receipts, seats) the encoder keeps worked-out positions for before
#: it starts afresh.
_KEPT = 65_536


def _decision_steps(table: AdapterTable) -> tuple[Step, ...]:
    steps: list[Step] = []
    for step in table.plan:
        if step.kind not in AUTOMATIC_STEPS and step not in steps:
            steps.append(step)
    return tuple(steps)


#: How many of the latest decisions the information-state tensor spells out, per player.
RECENT_MOVES = 2


@frozen(eq=False)
class CallFacts:
    """How a table whose vies and raises name calls (Cardano's) writes the calls made.

    The ``call`` piece (docs/adapters/openspiel.md), ``[n + 1, C + 1]``: row 0 the standing
    call, row ``1 + i`` the last call seat ``i`` named; each as the called class one-hot among
    :attr:`classes`, then the called points as a fraction of :attr:`most` (a class with one
    attainable value, Supremus, is called without points: its value counts); zeros for none.

    Attributes:
        classes: The ranking's classes, weakest first (the one-hot's order).
        points: Each call's points (the class's one value where the call names none).
        most: The most points any call names.
    """

    classes: tuple[str, ...]
    points: Mapping[object, int]
    most: int

    def write(self, out: Any, at: int, history: Sequence[tuple[int, Action]],
              players: int) -> None:
        """The calls of a deal with ``history`` into ``out`` (flat) from ``at``."""
        size = len(self.classes) + 1
        for k in range(at, at + size * (players + 1)):
            out[k] = 0.0
        standing = last_call(history)
        if standing is None:
            return
        rows: dict[int, Any] = {0: standing[1]}
        for seat, action in history:
            call = getattr(action, "call", None)
            if call is not None:
                rows[1 + seat] = call
        for row, call in rows.items():
            start = at + row * size
            out[start + self.classes.index(call.hand_class)] = 1.0
            out[start + size - 1] = self.points[call] / self.most


_CALL_FACTS: dict[int, tuple[AdapterTable, CallFacts | None]] = {}


def call_facts(table: AdapterTable) -> CallFacts | None:
    """The :class:`CallFacts` of ``table`` (``None``: its actions name no calls).

    A table names calls when its action space has a block of calls (a ``calls`` attribute
    listing them, as Cardano's ``CallBlock`` has); worked out once per table.
    """
    hit = _CALL_FACTS.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    first = table.start()
    calls: list[Any] = []
    for block in first.action_space.blocks:
        calls.extend(getattr(block, "calls", ()))
    facts = None
    if calls:
        ranking = table.variant.ranking
        hand_table = ranking.hand_table
        class_ids, points, _ = hand_table.arrays()
        one_value = {}
        for k, name in enumerate(hand_table.classes):
            values = points[class_ids == k]
            if len(values):
                one_value[name] = int(values.max())
        valued = {call: call.points if call.points is not None else one_value[call.hand_class]
                  for call in calls}
        facts = CallFacts(classes=hand_table.classes, points=valued,
                          most=max(1, max(valued.values())))
    if len(_CALL_FACTS) >= 256:
        _CALL_FACTS.clear()
    _CALL_FACTS[id(table)] = (table, facts)
    return facts


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
      ``over`` [1]; ``shown`` [n, P] the cards each seat shows everyone: those dealt face up
      and still held, the whole hand at the showdown; where vies and raises name calls
      (Cardano), ``call`` [n + 1, C + 1] the standing call (row 0) and each seat's last call
      (row ``1 + seat``): the class one-hot among the ranking's ``C`` classes (weakest
      first), the points as a fraction of the most a call names (:class:`CallFacts`; rows
      of zeros before any call).
    """
    n, cards = table.players, len(table.pack)
    pieces = [Piece("player", (n,))]
    if private:
        pieces += [Piece("hand", (cards,)), Piece("discarded", (cards,))]
    if public:
        pieces += [Piece("to_act", (n,)), Piece("step", (len(_decision_steps(table)),)),
                   Piece("stacks", (n,)), Piece("contributed", (n,)), Piece("round_bet", (n,)),
                   Piece("folded", (n,)), Piece("cards", (n,)), Piece("pot", (1,)),
                   Piece("high", (1,)), Piece("over", (1,)), Piece("shown", (n, cards)),
                   *_call_piece(table)]
    return tuple(pieces)


def _call_piece(table: AdapterTable) -> list[Piece]:
    """The ``call`` piece of a table whose actions name calls (none for the others)."""
    facts = call_facts(table)
    return [] if facts is None else [Piece("call", (table.players + 1, len(facts.classes) + 1))]


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
      ``shown`` [n, P] (as the observation's); ``call`` [n + 1, C + 1] (as the observation's, only
      where vies and raises name calls); ``step_moves`` [S, n, K] — per deciding step
      and player, how many decisions of each kind (``min(count, 3) / 3``); ``step_chips``
      [S, n] — chips each put in during the step; ``step_cards`` [S, n] — cards each
      changed in the step
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
                   *_call_piece(table),
                   Piece("step_moves", (steps, n, kinds)), Piece("step_chips", (steps, n)),
                   Piece("step_cards", (steps, n)),
                   Piece("recent", (RECENT_MOVES * n, n + kinds + 2))]
    return tuple(pieces)


def _hand_size(table: AdapterTable) -> int:
    return max(1, sum(step.count for step in table.plan if step.kind == "deal"))


def _offsets(pieces: Sequence[Piece]) -> dict[str, int]:
    """Where each piece starts in the flat tensor."""
    at: dict[str, int] = {}
    start = 0
    for piece in pieces:
        at[piece.name] = start
        start += piece.size
    return at


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

    table: AdapterTable
    players: int
    pack: tuple[Card, ...]
    position: dict[Card, int]
    steps: tuple[Step, ...]
    step_index: dict[Step, int]
    length: int
    total: float
    held: float
    info_layout: tuple[Piece, ...]
    observation_layout: tuple[Piece, ...]
    info_at: dict[str, int]
    observation_at: dict[str, int]
    info_size: int
    observation_size: int
    tail_start: int
    row: int
    rows: int
    tail_size: int
    last_batch: int
    kinds: int
    calls: CallFacts | None

    def __init__(self, table: AdapterTable) -> None:
        self.table = table
        self.players = table.players
        self.pack = table.pack
        self.position = {card: k for k, card in enumerate(self.pack)}
        self.steps = _decision_steps(table)
        self.step_index = {step: i for i, step in enumerate(self.steps)}
        self.length = max_decisions(table)
        self.total = float(max(1, table.total_chips))
        self.held = float(_hand_size(table))
        self.info_layout = information_state_layout(table)
        self.observation_layout = observation_layout(table)
        self.info_at = _offsets(self.info_layout)
        self.observation_at = _offsets(self.observation_layout)
        self.info_size = sum(p.size for p in self.info_layout)
        self.observation_size = sum(p.size for p in self.observation_layout)
        self.tail_start = self.info_at["step_moves"]
        n, kinds = table.players, len(MOVE_KINDS)
        self.row = n + kinds + 2  # one row of "recent"
        self.rows = RECENT_MOVES * n
        self.tail_size = self.info_size - self.tail_start
        self.last_batch = len(table.plan)  # the "received" piece's last column
        self.kinds = kinds
        # offsets the fast path writes at: the public pieces from ``to_act`` (the same in
        # both layouts), the history pieces from ``step_moves`` (the tail)
        at, base = self.info_at, self.info_at["to_act"]
        self._info_public = base
        self._observation_public = self.observation_at["to_act"]
        self._step_at = at["step"] - base
        self._stacks_at = at["stacks"] - base
        self._pot_at = at["pot"] - base
        self._shown_at = at["shown"] - base
        self.calls = call_facts(table)
        self._call_at = (self.observation_at.get("call", 0) - self.observation_at["to_act"],
                         at.get("call", 0) - base)
        tail = self.tail_start
        self._chips_at = at["step_chips"] - tail
        self._changed_at = at["step_cards"] - tail
        self._recent_at = at["recent"] - tail
        width = self.last_batch + 1
        # where a card puts its 1: in the hand, among the discards, in ``received`` (batch 0);
        # with the last batch (the information state's), without the receipts (the
        # observation's: its hand and discards are laid out as the information state's)
        in_hand, thrown, got = (
            {card: start + k * step for card, k in self.position.items()}
            for start, step in ((at["hand"], 1), (at["discarded"], 1), (at["received"], width)))
        self._card_at: tuple[Any, ...] = (in_hand, thrown, got, self.last_batch)
        self._seen_at: tuple[Any, ...] = (in_hand, thrown)
        self._link_at = (n, kinds, self.total, self.held, self._chips_at, self._changed_at,
                         self._recent_at, self.rows, self.row)
        self._no_tail: FloatArray = np.zeros(self.tail_size, np.float32)
        self._no_tail.flags.writeable = False  # shared: the tail before any decision
        self._facts: dict[int, tuple[int, int]] = {}
        self._slots: tuple[object, tuple[int | None, ...]] = (None, ())
        # worked-out positions, kept per value (a value's id is not reused while it is kept)
        # the information state's: (receipts, hand, discards, positions, the same as an index
        # array once asked for twice)
        self._cards_kept: dict[int, list[Any]] = {}
        # the observation's: (hand, discards, positions, the same as an index array)
        self._hands_kept: dict[int, list[Any]] = {}
        # per layout (observation, information state): the template of the last state asked
        # for (its public pieces, :meth:`_template`) and what it was made of: the state, its
        # trail, the one-hot marks written (whose turn, the step: positions, -1 for none),
        # the seats written, whether a settlement was, the step's index, the chips in the pot
        # before any settlement (the carry-in and what the seats written put in)
        self._templates: tuple[FloatArray, FloatArray] = (
            np.zeros(self.observation_size, np.float32), np.zeros(self.info_size, np.float32))
        # written through memoryviews (the compiled writes take any float32 buffer; in Python
        # a memoryview's item is written in about half a numpy item's time)
        self._views = (float_view(self._templates[0]), float_view(self._templates[1]))
        self._copies = (self._templates[0].copy, self._templates[1].copy)
        self._patch, self._link, self._ones, self._private_copy = writers()
        # one state's tensor at a time: threads sharing a game share the templates (and the
        # private ones are written into a template while it is copied)
        self._lock = threading.Lock()
        # the thread making a tensor with the templates (0: none): one that finds itself
        # there was re-entered (a finalizer or a garbage-collector callback asking a tensor
        # while it writes) and takes the plain way, which shares nothing
        self._owner = [0]
        # a template's kept facts before anything is written (see below)
        self._fresh = (None, None, -1, -1, (None,) * table.players, False, None,
                       table.carry_in)
        # the compiled one-call tensor (None in pure Python): it takes the lock without
        # waiting and names itself the owner, and steps aside (returns None) while the lock
        # is held; a write of its cut short zeroes the template, its kept facts made fresh
        # (a table naming calls writes the standing call in Python: no one-call tensor)
        self._whole = whole_tensor() if self.calls is None else None
        self._locking = (self._lock.acquire, self._lock.release, self._owner, self._fresh)
        self._empties = (functools.partial(np.empty, self.observation_size, np.float32),
                         functools.partial(np.empty, self.info_size, np.float32))
        # per layout: where its public pieces start, the offsets from there, the table
        self._present_at: tuple[tuple[Any, ...], tuple[Any, ...]] = tuple(  # type: ignore[assignment]
            (public, self._step_at, self._stacks_at, self._pot_at, table.players, self.total,
             self.held, FACE_UP)
            for public in (self._observation_public, self._info_public))
        self._kept: tuple[list[Any], list[Any]] = (list(self._fresh), list(self._fresh))

    def __deepcopy__(self, memo: dict[int, object]) -> Encoder:
        return self  # fixed for its table: adapters' states share it

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as its table only: its caches (templates, kept positions, up to _KEPT
        # entries each) are worked out again. pyspiel pickles a state's attributes for
        # ``pickle`` and ``copy.deepcopy`` alike, so pickling them made every copied state
        # carry all the caches filled so far (megabytes after a few hundred deals)
        return (Encoder, (self.table,))

    def __copy__(self) -> Encoder:
        return self

    # -- the fast path: flat arrays, built straight from the state, the history kept per trail

    def history_tail(self, trail: Trail | None) -> FloatArray:
        """The information state's public history pieces (``step_moves`` to ``recent``).

        The same for every player: worked out once per decision, from the trail before it,
        and kept on the trail. The values are those :meth:`fill_information_state` writes.
        The array is shared (by the trail's states and their clones): read-only.
        """
        if trail is None:
            return self._no_tail
        tail = trail._tail
        if tail is not None:
            return tail
        pending: list[Trail] = []
        node: Trail | None = trail
        while node is not None and node._tail is None:
            pending.append(node)
            node = node.parent
        tail = self._no_tail if node is None else node._tail
        assert tail is not None
        for link in reversed(pending):
            tail = self._extend_tail(tail, link)
            link._tail = tail
        return tail

    def _move_facts(self, state: GameState, action: int) -> tuple[int, int]:
        """The kind (:data:`MOVE_KINDS`) and cards changed of ``action`` in ``state``.

        As :meth:`Move.make` reads them; kept per id for the blocks whose actions do not
        depend on the state (every block but a positional one, like the exchanges).
        """
        facts = self._facts.get(action)
        if facts is not None:
            return facts
        decoded = state.action_space.decode(state, action)
        facts = (_kind(decoded), _changed(decoded))
        if self._same_facts(state, action):
            self._facts[action] = facts
        return facts

    @staticmethod
    def _same_facts(state: GameState, action: int) -> bool:
        """Every legal use of ``action`` has the same kind and cards changed.

        True of every block that decodes an id alike in every state (not ``positional``),
        and of the exchanges: an id is the bit mask of the cards thrown, so it always
        throws as many cards, whichever they are.
        """
        space = state.action_space
        owner: object = None
        for block, offset in zip(space.blocks, space.offsets, strict=True):
            if offset > action:
                break
            owner = block
        return type(owner) is ExchangeBlock or not getattr(owner, "positional", False)

    def _step_of(self, state: GameState) -> int | None:
        """The index of ``state``'s step among the deciding steps (``None``: none of them).

        Read by the state's position in its deal's steps, worked out once per deal context
        (no hashing of the step).
        """
        context = state.context
        steps = context.steps
        slots = self._slots
        if slots[0] is not steps:
            index = self.step_index
            slots = self._slots = (steps, tuple(
                index.get(step) if step is not None else None for step in steps))
        at = state.step_index + 1
        return slots[1][at] if 0 <= at < len(steps) else None

    def _extend_tail(self, tail: FloatArray, link: Trail) -> FloatArray:
        """``tail`` with the trail's last decision added (as :meth:`fill_information_state`)."""
        tail = tail.copy()
        self._add_link(float_view(tail), 0, link)
        tail.flags.writeable = False  # kept on the trail and handed out: shared
        return tail

    def _add_link(self, out: FloatView, at: int, link: Trail, known: int | None = -1) -> None:
        """Add the trail's last decision to the history pieces laid out in ``out`` from ``at``.

        The decision's kind, chips and cards are read as :meth:`Move.make` reads them, without
        making its texts; ``known`` is the deciding step's index when the caller knows it
        (``None``: no deciding step), -1 to work it out. ``out`` holds the history before it
        (written by :func:`primero.tensor_writes.link`).
        """
        before = link.before
        seat = before.to_act
        assert seat is not None
        action = link.action
        facts = self._facts.get(action)
        kind, changed = self._move_facts(before, action) if facts is None else facts
        chips = link.after.seats[seat].contributed - before.seats[seat].contributed
        step = self._step_of(before) if known == -1 else known
        move = (seat, kind, chips, changed, -1 if step is None else step, link.length - 1)
        try:
            self._link(out, at, move, self._link_at)
        except OverflowError:  # chips past a C long: the pure writes take any int
            pure_link(out, at, move, self._link_at)

    def _private_ones(self, me: Seat, seat: int) -> tuple[int, ...]:
        """Where ``seat``'s 1s go in its information state: player, hand, discards, receipts.

        Worked out by :func:`primero.tensor_writes.private_ones`, kept per seat's cards (the
        same tuples go from state to state until the cards change), looked up by the
        receipts: every new card is a new receipt.
        """
        received = me.received
        entry = self._cards_kept.get(id(received))
        if entry is not None and entry[0] is received and entry[1] is me.hand \
                and entry[2] is me.discarded and entry[3] == seat:
            return entry[4]  # type: ignore[no-any-return]
        every = self._ones(me, seat, self._card_at)
        kept = self._cards_kept
        if len(kept) >= _KEPT:
            kept.clear()
        kept[id(received)] = [received, me.hand, me.discarded, seat, every]
        return every

    def _template(self, state: GameState, trail: Trail | None, recall: bool) -> None:
        """Make the kept template of a layout ``state``'s: its public pieces (private ones zero).

        One template per layout (``recall``: the information state's; else the observation's),
        the last state's, kept and patched in place to the next state's: only what may differ
        is rewritten (the seats that are not the very same value, since the engine shares the
        seats an action leaves alone; whose turn, the step, the pot; and, when the trail is
        the kept one's plus one decision, that decision). So asking every player's tensor of
        one state (OpenSpiel's ``rl_environment``) works the public pieces out once, and each
        next state costs only its changes. The writes are :mod:`primero.tensor_writes`'
        (compiled where built); the values those :meth:`fill_information_state` and
        :meth:`fill_observation` write.
        """
        kept = self._kept[recall]
        last = kept[0]
        if last is state and (not recall or kept[1] is trail):
            return
        view = self._views[recall]
        steps = state.context.steps
        slots = self._slots
        if slots[0] is not steps:
            index = self.step_index
            slots = self._slots = (steps, tuple(
                index.get(step) if step is not None else None for step in steps))
        try:
            try:
                step = self._patch(view, kept, state, slots[1], self._present_at[recall])
            except OverflowError:  # chips past a C long: the pure writes take any int
                step = pure_patch(view, kept, state, slots[1], self._present_at[recall])
            settlement = state.settlement
            if settlement is not None or kept[5]:  # cards shown, or a seat dealt face up
                kept[5] = self._write_shown(view, self._present_at[recall][0], state)
            if self.calls is not None:  # the standing call (Cardano)
                self.calls.write(view, self._present_at[recall][0] + self._call_at[recall],
                                 state.history, self.players)
            if recall:
                last_trail = kept[1]
                if trail is not last_trail:
                    start = self.tail_start
                    if trail is not None and trail.parent is last_trail:  # one decision more
                        self._add_link(view, start, trail, kept[6] if trail.before is last else -1)
                    else:  # elsewhere: the kept history is worked out once, for a return
                        out = self._templates[recall]
                        if last_trail is not None and last_trail._tail is None:
                            kept_tail = out[start:].copy()
                            kept_tail.flags.writeable = False  # shared, as history_tail's
                            last_trail._tail = kept_tail
                        out[start:] = self.history_tail(trail)
        except BaseException:
            self._forget(recall)  # a write cut short: start the template afresh next time
            raise
        kept[0], kept[1], kept[6] = state, trail, step

    def _forget(self, recall: bool) -> None:
        """Zero a layout's template and its kept facts (nothing written)."""
        self._templates[recall].fill(0.0)
        self._kept[recall][:] = self._fresh

    def _write_shown(self, out: FloatView, base: int, state: GameState) -> bool:
        """The ``shown`` piece of ``state`` into ``out`` (its public pieces from ``base``).

        Each seat's cards everyone sees: those dealt face up and still held
        (:meth:`~primero.deal.state.Seat.open_cards`), the whole hand once shown at the showdown.

        Returns:
            Whether any card was written.
        """
        n, cards = self.table.players, len(self.pack)
        shown = base + self._shown_at
        for k in range(shown, shown + n * cards):
            out[k] = 0.0
        position, seats = self.position, state.seats
        wrote = False
        for i, seat in enumerate(seats):
            for receipt in seat.received:
                if receipt.reason == FACE_UP:
                    start = shown + i * cards
                    for card in seat.open_cards():
                        out[start + position[card]] = 1.0
                        wrote = True
                    break
        settlement = state.settlement
        if settlement is not None and settlement.showdown:
            for i, _ in settlement.values:
                start = shown + i * cards
                for card in seats[i].hand:
                    out[start + position[card]] = 1.0
                    wrote = True
        return wrote

    def information_state_array(self, state: GameState, seat: int,
                                trail: Trail | None) -> FloatArray:
        """``seat``'s whole information-state tensor (private and public) as a new array.

        The same values as :meth:`fill_information_state` with the full layout, reached
        faster: a copy of the state's public template (:meth:`_template`, patched from the
        last state's) with the seat's private ones written in (their positions kept per
        seat's cards), in one compiled call where the usual case holds
        (:func:`~primero.tensor_writes.whole_tensor`). ``trail`` holds the deal's decisions
        so far. One tensor at a time per encoder (threads may share a game); one asked while
        its own thread is making another (from a finalizer or a garbage-collector callback)
        is filled afresh (:meth:`_plain`).
        """
        whole = self._whole
        if whole is not None:
            out = whole(self._views[1], self._empties[1], self._kept[1], self._locking, state,
                        trail, seat, self._slots, self._present_at[1], self.tail_start,
                        self._facts, self._link_at, self._cards_kept, self._card_at)
            if out is not None:
                return out  # type: ignore[no-any-return]
        me_now = threading.get_ident()
        if self._owner[0] == me_now:  # re-entered while this thread writes: share nothing
            return self._plain(state, seat, trail, True)
        with self._lock:
            self._owner[0] = me_now
            try:
                self._template(state, trail, True)
                me = state.seats[seat]
                received = me.received
                entry = self._cards_kept.get(id(received))  # _private_ones' look-up, inlined
                ones = entry[4] if entry is not None and entry[0] is received \
                    and entry[1] is me.hand and entry[2] is me.discarded and entry[3] == seat \
                    else self._private_ones(me, seat)
                return self._private_copy(  # type: ignore[no-any-return]
                    self._views[1], self._copies[1], ones)
            finally:
                self._owner[0] = 0

    def observation_array(self, state: GameState, seat: int) -> FloatArray:
        """``seat``'s whole observation tensor as a new array (as :meth:`fill_observation`).

        Made as :meth:`information_state_array` makes its tensor, from the observation's
        template.
        """
        whole = self._whole
        if whole is not None:
            out = whole(self._views[0], self._empties[0], self._kept[0], self._locking, state,
                        None, seat, self._slots, self._present_at[0], -1, self._facts,
                        self._link_at, self._hands_kept, self._seen_at)
            if out is not None:
                return out  # type: ignore[no-any-return]
        me_now = threading.get_ident()
        if self._owner[0] == me_now:  # re-entered while this thread writes: share nothing
            return self._plain(state, seat, None, False)
        with self._lock:
            self._owner[0] = me_now
            try:
                self._template(state, None, False)
                me = state.seats[seat]
                hand, discarded = me.hand, me.discarded
                # the hand and the discards only (no receipts): kept per hand, which every
                # card coming or going makes anew
                entry = self._hands_kept.get(id(hand))
                if entry is not None and entry[0] is hand and entry[1] is discarded \
                        and entry[2] == seat:
                    ones = entry[3]
                else:
                    ones = self._ones(me, seat, self._seen_at)
                    kept = self._hands_kept
                    if len(kept) >= _KEPT:
                        kept.clear()
                    kept[id(hand)] = [hand, discarded, seat, ones]
                return self._private_copy(  # type: ignore[no-any-return]
                    self._views[0], self._copies[0], ones)
            finally:
                self._owner[0] = 0

    def _plain(self, state: GameState, seat: int, trail: Trail | None,
               recall: bool) -> FloatArray:
        """A tensor filled afresh from the player's view, sharing nothing with the templates.

        :meth:`fill_information_state` or :meth:`fill_observation` into zeros.
        """
        pieces = self.info_layout if recall else self.observation_layout
        tensor: FloatArray = np.zeros(sum(p.size for p in pieces), np.float32)
        named = views(tensor, pieces)
        if recall:
            self.fill_information_state(named, state, seat, trail_moves(trail))
        else:
            self.fill_observation(named, state, seat)
        return tensor

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
            if public.open:  # dealt face up: everyone sees them
                self._cards(shown[i], public.open)
            if public.shown:
                self._cards(shown[i], public.shown)
        named["pot"][0] = view.pot / total
        named["high"][0] = view.high / total
        named["over"][0] = float(view.over)
        if self.calls is not None and "call" in named:
            self.calls.write(named["call"].reshape(-1), 0, state.history, self.players)

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
                # sums in double from the float32 read, rounded once at the store (as
                # primero.tensor_writes.link works them)
                cell = step_moves[step, move.seat]
                cell[move.kind] = min(1.0, cell.item(move.kind) + 1.0 / 3.0)
                step_chips[step, move.seat] = step_chips.item(step, move.seat) \
                    + move.chips / total
                step_cards[step, move.seat] = min(
                    1.0, step_cards.item(step, move.seat) + move.cards / held)
            window = moves[-recent.shape[0]:] if moves else ()
            for row, move in enumerate(window):
                recent[row, move.seat] = 1.0
                recent[row, n + move.kind] = 1.0
                recent[row, -2] = move.chips / total
                recent[row, -1] = min(1.0, move.cards / held)

    def observation_string(self, state: GameState, seat: int, *, private: bool = True,
                           public: bool = True) -> str:
        """``seat``'s observation as text (the same facts as the tensor).

        The public part names every seat's cards dealt face up and still held
        (``p1 open 7h 6c``, :attr:`~primero.deal.state.PublicSeat.open`), the viewer's own too, so
        that it is the same for every viewer.
        """
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
                if s.open:  # dealt face up: public, the viewer's own too
                    parts.append(f"p{i} open {_text(s.open)}")
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
        (:func:`~primero.deal.action_space.canonical_hand`), so the order within one deal step
        never splits an information state. The public part ends with every seat's cards
        dealt face up and still held (``p1 open 7h 6c``), the viewer's own too, and the
        hands shown at the showdown.
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
                if s.open:  # dealt face up: public, the viewer's own too
                    parts.append(f"p{i} open {_text(s.open)}")
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
    """A history of the deal with the cards ``seat`` saw kept and every card hidden from it redrawn.

    ``history`` is the deal so far as the adapters number it (chance outcomes as positions in
    the pack, decisions as action ids), ``state`` the engine's state it reaches. The new history
    replays it: every card dealt to ``seat`` and every card dealt face up to anyone
    (:data:`~primero.deal.state.FACE_UP`: ``seat`` saw it come) comes where it came, every other
    card is drawn uniformly (``draw(k)`` picks one of ``k``) from the cards that could come
    there less the cards kept that are yet to come, and every decision is the same action id
    (an exchange id names the same number of cards, so the table sees the same), but for an
    exchange by another player holding open cards: the same open cards are thrown, and the
    drawn hidden cards at the places (in the pack's order) of the hidden ones thrown. Each
    world that agrees with the cards ``seat`` saw is drawn with the same probability.

    Returns:
        The new history, or ``None`` when a decision has no legal counterpart in the drawn
        world (the caller draws again: a rejection).
    """
    own = state.seats[seat].received
    own_at = {receipt.order: receipt.card for receipt in own}
    shown = {receipt.order: receipt.card  # the cards dealt face up: everyone saw them come
             for i, other in enumerate(state.seats) if i != seat
             for receipt in other.received if receipt.reason == FACE_UP}
    own_at.update(shown)
    to_come = set(own_at.values())
    position = {card: k for k, card in enumerate(table.pack)}
    replay = table.start()
    # another player holding cards face up threw cards: the deal is replayed as it went too,
    # as an exchange id names cards by place in the hand, and the open cards thrown (or kept)
    # must be the same in the drawn world
    original = table.start() if any(
        other.discarded and any(r.reason == FACE_UP for r in other.received)
        for i, other in enumerate(state.seats) if i != seat) else None
    result: list[int] = []
    for value in history:
        chance = replay.chance
        if original is not None:
            done = original.action_space.decode(original, value) if chance is None \
                else None
            if isinstance(done, Exchange | Pass) and replay.to_act not in (None, seat):
                mover = original.seats[original.to_act or 0]
                opened = mover.open_cards()
                thrown = done.discards if isinstance(done, Exchange) else done.exchange
                if opened and thrown:
                    # the open cards thrown, and the drawn hidden cards at the places of the
                    # hidden ones thrown (the table sees only how many)
                    was = [c for c in canonical_hand(mover.hand) if c not in opened]
                    now = [c for c in canonical_hand(replay.seats[replay.to_act or 0].hand)
                           if c not in opened]
                    if len(now) != len(was):
                        return None
                    same = [*(c for c in thrown if c in opened),
                            *(now[k] for k, c in enumerate(was) if c in thrown)]
                    value = replay.action_space.encode(
                        replay, Exchange.from_cards(same) if isinstance(done, Exchange)
                        else Pass.from_cards(same))
            original = original.deal(table.pack[value]) if chance is not None \
                else original.apply(done if done is not None else value)
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
