"""Which variants the batched engine plays, and their rules as arrays (:class:`BatchRules`).

The batched engine (:mod:`primero.batch.engine`) plays the betting family the core rules cover,
each with every one of its options:

* ``waks`` (docs/rules/waks.md), ``roman`` (docs/rules/roman.md) and ``losing``
  (docs/rules/losing.md): the core's plan, betting and settling; only the pack and the ranking
  differ, and the ranking is read from the variant's own hand table;
* ``revival`` and its presets ``italian-primiera``, ``spanish-primera``, ``french-prime``,
  ``english-primero`` (docs/rules/revival.md): antes, packets, one to three rounds, exchanges,
  split ties but equal Primeros to the eldest, no carry-over;
* ``toy`` (docs/adapters/toy.md): the open cards, then the revival betting.

Not yet: ``cardano`` (every vie and raise names a call: an action space of calls and a showdown
that tests the standing call), ``suzuki`` (a pass is an exchange in the middle of a betting round,
and raises re-ask the passers) and ``primiera`` (declarations, no betting); a variant with house
rules or plug-ins of its own is refused too (its hooks may change any step). Each is refused
by :func:`batch_rules` with an :class:`~primero.errors.UnknownVariantError` that says why.
"""

from __future__ import annotations

from math import comb

import numpy as np
from attrs import frozen

from primero.cards import Card, parse_cards
from primero.deal.action_space import action_space, hand_size
from primero.errors import PrimeroError, UnknownVariantError
from primero.setup import Table
from primero.variant import Variant
from primero.variants.losing import LOSING
from primero.variants.revival import PRESETS, REVIVAL
from primero.variants.roman import ROMAN
from primero.variants.toy import OPEN_CARDS, TOY
from primero.variants.waks import WAKS

__all__ = ["KIND_ANTE", "KIND_BET", "KIND_DEAL", "KIND_EXCHANGE", "KIND_SHOWDOWN",
           "SUPPORTED", "UNSUPPORTED", "BatchRules", "batch_rules"]

#: Step kinds as small integers (the plan as an array).
KIND_ANTE, KIND_DEAL, KIND_BET, KIND_EXCHANGE, KIND_SHOWDOWN = 0, 1, 2, 3, 4
_KINDS = {"ante": KIND_ANTE, "deal": KIND_DEAL, "bet": KIND_BET, "exchange": KIND_EXCHANGE,
          "showdown": KIND_SHOWDOWN}

#: The variants the batched engine plays (their specs), by name.
SUPPORTED = {spec.name: spec for spec in (WAKS, ROMAN, LOSING, REVIVAL, *PRESETS, TOY)}

#: Why the other built-in variants are not played yet.
UNSUPPORTED = {
    "cardano": "every vie and raise names a call (an action space of calls, a showdown that "
               "tests the standing call)",
    "suzuki": "a pass is an exchange in the middle of a betting round and a raise re-asks the "
              "passers",
    "primiera": "it has declarations and no betting",
}


@frozen(eq=False)
class BatchRules:
    """A supported variant at one table, as the arrays and numbers the batch steps with.

    Attributes:
        variant: The configured variant.
        table: Stake, rest, ante and raise cap, in chips.
        n: Seats.
        dealer: The dealer's seat.
        eldest: The seat after the dealer.
        order: The seats in playing order from the eldest, ``(n,)``.
        kinds: The plan's step kinds (``KIND_*``), shape ``(steps,)``.
        counts: Cards per player of each deal step, shape ``(steps,)``.
        numbers: Betting round numbers of the bet steps (0 elsewhere), shape ``(steps,)``.
        last_round: The last betting round's number.
        must_hold_rounds: The rounds with the must-hold duty.
        must_hold: Per plan step, whether it is a betting round with the duty, ``(steps,)``.
        pass_answers_bet: A player who owes may pass in answer (Waks).
        pass_once: Only one pass in answer per round.
        fold: Folding is allowed.
        carry_without_vie: No vie in the last round carries the pot over (Waks).
        packets: Deal steps give each player their cards together (revival ``deal_packets=2``).
        open_cards: The toy's open cards by place in playing order (pack positions), or ``None``.
        tie_eldest: Every tie goes to the eldest.
        primero_eldest: Ties split, but tied Primeros go to the eldest (the revival game).
        pack: The pack's cards in pack order (a position is an index into it).
        hand: The most cards a hand holds (the exchange block's width).
        dealt: How many cards from the top of the stock a deal can reach (the places a stock
            must have uniformly shuffled; the whole pack where the stock can run out).
        size: The action space's size (the engine's ids).
        vie: The first vie id (a vie of ``a`` chips is ``vie + a - 1``).
        raise_: The first raise id.
        exchange: The first exchange id (an exchange of mask ``m`` is ``exchange + m``).
        terms: The colex terms per card position, shape ``(4, pack)`` (a hand's table index).
        strength: Every hand's strength by table index (larger wins, equal ties).
        primero: Per table index, whether the hand is a Primero.
    """

    variant: Variant
    table: Table
    n: int
    dealer: int
    eldest: int
    order: np.ndarray
    kinds: np.ndarray
    counts: np.ndarray
    numbers: np.ndarray
    last_round: int
    must_hold_rounds: tuple[int, ...]
    must_hold: np.ndarray
    pass_answers_bet: bool
    pass_once: bool
    fold: bool
    carry_without_vie: bool
    packets: bool
    open_cards: np.ndarray | None
    tie_eldest: bool
    primero_eldest: bool
    pack: tuple[Card, ...]
    hand: int
    dealt: int
    size: int
    vie: int
    raise_: int
    exchange: int
    terms: np.ndarray
    strength: np.ndarray
    primero: np.ndarray


def _refusal(variant: Variant) -> str | None:
    """Why the batch cannot play ``variant`` (``None``: it can)."""
    name = variant.spec.name
    if name in UNSUPPORTED:
        return f"{name} is not played by the batched engine yet: {UNSUPPORTED[name]}"
    if SUPPORTED.get(name) is not variant.spec:
        return (f"{name} is not played by the batched engine: it plays "
                f"{', '.join(sorted(SUPPORTED))}")
    if variant.house_rules:
        return (f"{name} with house rules of its own is not played by the batched engine: "
                "their hooks may change any step")
    return None


def batch_rules(variant: Variant, n: int, table: Table, dealer: int) -> BatchRules:
    """The rules of ``variant`` at ``table`` with ``n`` seats, as the batch steps with them.

    Args:
        variant: A configured variant (see :data:`SUPPORTED`).
        n: Seats, within the variant's player range.
        table: The table (stake, rest, ante, raise cap), checked by the caller.
        dealer: The dealer's seat, ``0..n-1``.

    Raises:
        UnknownVariantError: the variant is not played by the batch (the message says why: its
            calls, its pass-exchange, its declarations, or house rules).
        PrimeroError: its pack is not in card order, or it adds action blocks.
    """
    why = _refusal(variant)
    if why is not None:
        raise UnknownVariantError(why)
    pack = variant.pack.cards
    if [c.index for c in pack] != sorted(c.index for c in pack):
        raise PrimeroError(f"the {variant.pack.name} pack is not in card order: the batch reads "
                           "a hand's canonical order off its cards' places in the pack")
    plan = variant.rules.deal.plan
    betting = variant.spec.betting
    space = action_space(variant, table)
    if len(space.blocks) != 4:
        raise PrimeroError(f"{variant.name} adds action blocks of its own: not played by the "
                           "batched engine")
    _, vie = space.block("vie")
    _, raise_ = space.block("raise")
    _, exchange = space.block("exchange")
    ranking = variant.ranking
    hand_table = ranking.hand_table
    class_ids, _, strength = hand_table.arrays()
    primero_class = hand_table.classes.index("Primero") if "Primero" in hand_table.classes else -1
    positions = np.arange(len(pack))
    terms = np.array([[comb(int(i), k) for i in positions] for k in range(1, 5)], dtype=np.int64)
    tie = str(variant.options.get("tie", "eldest"))
    revival_like = betting is REVIVAL.betting
    open_cards = None
    if variant.spec is TOY:
        place = {c: k for k, c in enumerate(pack)}
        open_cards = np.array([[place[c] for c in parse_cards(" ".join(pair))]
                               for pair in OPEN_CARDS], dtype=np.int64)
    held = dealt = 0
    for step in plan:  # the cards dealt, then every card exchanged at most
        if step.kind == "deal":
            held += step.count
            dealt += n * step.count
        elif step.kind == "exchange":
            dealt += n * held
    if open_cards is not None or dealt >= len(pack) - 1:
        dealt = len(pack) - 1
    packets = variant.spec is not TOY and int(variant.options.get("deal_packets", 1)) != 1
    return BatchRules(
        variant=variant, table=table, n=n, dealer=dealer, eldest=(dealer + 1) % n,
        order=(dealer + 1 + np.arange(n)) % n,
        kinds=np.array([_KINDS[s.kind] for s in plan], dtype=np.int64),
        counts=np.array([s.count for s in plan], dtype=np.int64),
        numbers=np.array([s.number for s in plan], dtype=np.int64),
        last_round=max(s.number for s in plan if s.kind == "bet"),
        must_hold_rounds=tuple(betting.must_hold_rounds),
        must_hold=np.array([s.kind == "bet" and s.number in betting.must_hold_rounds
                            for s in plan], dtype=bool),
        pass_answers_bet=betting.pass_answers_bet, pass_once=betting.pass_once,
        fold=betting.fold, carry_without_vie=betting.carry_without_vie, packets=packets,
        open_cards=open_cards, tie_eldest=tie != "split",
        primero_eldest=revival_like and tie == "split", pack=pack, hand=hand_size(variant),
        dealt=dealt,
        size=space.size, vie=vie, raise_=raise_, exchange=exchange, terms=terms,
        strength=np.asarray(strength, dtype=np.int64),
        primero=np.asarray(class_ids) == primero_class,
    )
