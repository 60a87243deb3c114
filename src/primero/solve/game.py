"""A solvable game: the public tree, both ranges, card removal and the value of every end.

:func:`solvable_game` builds the :class:`RangeGame` of a variant and table. The chips each end
pays are the engine's own: for every end of the tree the line is replayed through
:func:`~primero.solve.tree.deal_line` with hands that make seat 0 win, seat 1 win and (for
every class in which the two can tie) tie, and the settlement's stacks are read. A sample of
other deals is then replayed at every showdown and must pay what the model says, or
:class:`~primero.solve.tree.NotSolvableError` names the line and the hands (a settlement that
looks at more than the two strengths and the tied class, e.g. a call that must be met).

Values are chips won by a seat in one deal (its stack at the end less its chips at the start);
a game value is their expectation over the deal, each pair of disjoint hands equally likely.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from attrs import field, frozen

from primero.errors import PrimeroError, UnknownVariantError
from primero.plugins.registry import get_variant
from primero.solve.ranges import CardRemoval, FloatArray, HandRange, Sums, hand_range
from primero.solve.tree import NotSolvableError, PublicTree, TableParameters, build_tree, deal_line
from primero.variant import Variant

__all__ = ["EndValue", "RangeGame", "solvable_game"]

#: Deals replayed at each showdown to check the model against the engine.
CHECKED_DEALS = 6


@frozen
class EndValue:
    """What an end of the tree pays seat 0, in chips.

    Attributes:
        showdown: The hands are compared (else the chips do not depend on them).
        fixed: Seat 0's chips won when no showdown is held.
        win: Seat 0's chips won when its hand is the stronger.
        lose: Seat 0's chips won (negative) when seat 1's hand is the stronger.
        tie: ``(classes,)`` seat 0's chips won when the hands tie, by the tied class.
    """

    showdown: bool
    fixed: float = 0.0
    win: float = 0.0
    lose: float = 0.0
    tie: FloatArray = field(factory=lambda: np.zeros(0))

    def values(self, seat: int, own: HandRange, sums: Sums) -> FloatArray:
        """``(n,)`` chips won by ``seat`` summed over the opponent's weights, per own hand."""
        sign = 1.0 if seat == 0 else -1.0
        if not self.showdown:
            return sign * self.fixed * sums.total
        win, lose = (self.win, self.lose) if seat == 0 else (self.lose, self.win)
        return sign * (win * sums.below + lose * sums.above + self.tie[own.class_id] * sums.tied)


@frozen(eq=False)
class RangeGame:
    """A heads-up game ready for range-vector CFR and exact best responses.

    Attributes:
        tree: The public betting tree.
        ranges: The two seats' ranges (seat 0 eldest, seat 1 dealer).
        removal: ``removal[p]`` sums seat ``1 - p``'s weights for seat ``p``'s hands.
        ends: The value of each end node by node id (``None`` at decisions).
        pairs: The number of deals (pairs of disjoint hands), each equally likely.
    """

    tree: PublicTree
    ranges: tuple[HandRange, HandRange]
    removal: tuple[CardRemoval, CardRemoval]
    ends: tuple[EndValue | None, ...]
    pairs: float

    def end_values(self, node: int, seat: int, weights: FloatArray,
                   memo: dict[int, tuple[FloatArray, Sums | FloatArray]] | None = None) \
            -> FloatArray:
        """``(n,)`` chips won by ``seat`` at end ``node``, summed over the opponent's ``weights``.

        Args:
            node: An end node's id.
            seat: The seat whose hands are valued.
            weights: ``(m,)`` the opponent's reach of ``node``.
            memo: Sums already made in this walk, by the weights' identity and the kind of end:
                sibling ends reached with the same weights (a fold and a hold of the seat's
                own) share them.
        """
        end = self.ends[node]
        assert end is not None
        key = 2 * id(weights) + end.showdown
        known = memo.get(key) if memo is not None else None
        if known is not None and known[0] is weights:
            found = known[1]
        else:
            removal = self.removal[seat]
            found = removal.sums(weights) if end.showdown else removal.totals(weights)
            if memo is not None:
                memo[key] = (weights, found)
        if isinstance(found, Sums):
            return end.values(seat, self.ranges[seat], found)
        return (end.fixed if seat == 0 else -end.fixed) * found

    def describe(self) -> str:
        """Size in words: public nodes, decisions, hands per player, information sets."""
        tree = self.tree
        infosets = sum(len(self.ranges[tree.nodes[i].actor or 0]) for i in tree.decisions)
        return (f"{len(tree.nodes)} public nodes ({len(tree.decisions)} decisions, "
                f"{len(tree.ends)} ends), {len(self.ranges[0]):,} hands per player, "
                f"{infosets:,} information sets, {self.pairs:,.0f} deals")


def _disjoint(a: Any, b: Any) -> bool:
    return not set(a.tolist()) & set(b.tolist())


def _pick(own: HandRange, other: HandRange, want: str, strength: int | None = None) \
        -> tuple[int, int] | None:
    """A disjoint pair (own hand, other hand) where own wins / loses / ties (by ``want``)."""
    order = np.argsort(-own.strength if want == "win" else own.strength, kind="stable")
    if strength is not None:
        order = np.flatnonzero(own.strength == strength)
    for h in order[:200]:
        s = own.strength[h]
        mask = {"win": other.strength < s, "lose": other.strength > s,
                "tie": other.strength == s}[want]
        mask &= ~np.isin(other.cards, own.cards[h]).any(axis=1)
        found = np.flatnonzero(mask)
        if len(found):
            return int(h), int(found[0])
    return None


class _Replay:
    def __init__(self, tree: PublicTree, ranges: tuple[HandRange, HandRange]) -> None:
        self.tree = tree
        self.ranges = ranges

    def net(self, node: int, h0: int, h1: int) -> int:
        tree = self.tree
        pool = tree.pool
        hidden = tuple(tuple(pool[int(i)] for i in self.ranges[s].cards[h])
                       for s, h in ((0, h0), (1, h1)))
        state = deal_line(tree.variant, tree.table, (hidden[0], hidden[1]),
                          tree.nodes[node].history)
        return state.stacks[0] - tree.table.chips


def solvable_game(variant: Variant | str, table: TableParameters, *,
                  rng: np.random.Generator | None = None) -> RangeGame:
    """Build the :class:`RangeGame` of ``variant`` at ``table``, its ends valued by the engine.

    Args:
        variant: The configured variant, or a variant's name.
        table: The table parameters.
        rng: Draws the deals replayed to check the model (default: seeded with 0).

    Returns:
        The game.

    Raises:
        NotSolvableError: the game does not qualify (see :func:`~primero.solve.tree.build_tree`)
            or a showdown pays what strengths and tied classes cannot explain.
        UnknownVariantError: ``variant`` is no variant or an unknown name.
        PrimeroError: ``table`` is no :class:`~primero.solve.tree.TableParameters`.
    """
    if isinstance(variant, str):
        variant = get_variant(variant)
    if not isinstance(variant, Variant):
        raise UnknownVariantError(f"variant must be a Variant or its name, got "
                                  f"{type(variant).__name__}")
    if not isinstance(table, TableParameters):
        raise PrimeroError(f"table must be a TableParameters (chips, stake, rest, ante, "
                           f"raise_cap), got {type(table).__name__}")
    rng = rng if rng is not None else np.random.default_rng(0)
    tree = build_tree(variant, table)
    ranges = (hand_range(tree, 0), hand_range(tree, 1))
    removal = (CardRemoval(ranges[0], ranges[1]), CardRemoval(ranges[1], ranges[0]))
    counts = removal[0].sums(np.ones(len(ranges[1])))
    pairs = float(counts.total.sum())
    replay = _Replay(tree, ranges)
    tie_classes: dict[int, tuple[int, int]] = {}
    for h in np.flatnonzero(counts.tied > 0):
        c = int(ranges[0].class_id[h])
        if c not in tie_classes:
            found = _pick(ranges[0], ranges[1], "tie", int(ranges[0].strength[h]))
            if found is not None:
                tie_classes[c] = found
    win_pair = _pick(ranges[0], ranges[1], "win")
    lose_pair = _pick(ranges[0], ranges[1], "lose")
    some_pair = win_pair or lose_pair or next(iter(tie_classes.values()))
    ends: list[EndValue | None] = [None] * len(tree.nodes)
    for node in tree.ends:
        if tree.nodes[node].ended_by != "showdown":
            ends[node] = EndValue(False, fixed=float(replay.net(node, *some_pair)))
            continue
        tie = np.zeros(len(ranges[0].classes))
        for c, (h0, h1) in tie_classes.items():
            tie[c] = replay.net(node, h0, h1)
        end = EndValue(True, win=float(replay.net(node, *win_pair)) if win_pair else 0.0,
                       lose=float(replay.net(node, *lose_pair)) if lose_pair else 0.0, tie=tie)
        ends[node] = end
        _check_end(replay, node, end, ranges, rng)
    return RangeGame(tree=tree, ranges=ranges, removal=removal, ends=tuple(ends), pairs=pairs)


def _check_end(replay: _Replay, node: int, end: EndValue, ranges: tuple[HandRange, HandRange],
               rng: np.random.Generator) -> None:
    """Replay random deals at showdown ``node``; raise when the engine pays otherwise."""
    checked = 0
    while checked < CHECKED_DEALS:
        h0 = int(rng.integers(len(ranges[0])))
        h1 = int(rng.integers(len(ranges[1])))
        if not _disjoint(ranges[0].cards[h0], ranges[1].cards[h1]):
            continue
        checked += 1
        s0, s1 = ranges[0].strength[h0], ranges[1].strength[h1]
        model = end.win if s0 > s1 else end.lose if s0 < s1 else end.tie[ranges[0].class_id[h0]]
        paid = replay.net(node, h0, h1)
        if paid != model:
            history = " | ".join(replay.tree.nodes[node].history)
            raise NotSolvableError(
                f"{replay.tree.variant.name}: at the showdown after {history!r} the deal of "
                f"{ranges[0].label(h0)} against {ranges[1].label(h1)} pays seat 0 {paid} chips, "
                f"not the {model:g} the two strengths say: the settlement looks at more than "
                "the hands' order")
