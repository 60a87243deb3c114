"""Range vectors: every face-down hand of a player, and sums over the opponent's with card removal.

A player's range is a vector over every set of face-down cards they can be dealt from the pool
(:attr:`~primero.solve.tree.PublicTree.pool`): 91,390 four-card hands on the 40-card pack, 15
pairs in the toy. Each is ranked, with the player's open cards when there are any, by the
variant's ranking table (:meth:`primero.hands.Ranking.index_many`, strengths larger-is-better
as :class:`primero.tables.HandTable` keeps them, so ``losing`` is handled by its own table).

The opponent's hands that can face a hand ``h`` are those that share none of its cards. For a
weight vector ``r`` over the opponent's hands, :class:`CardRemoval` returns for every ``h``
the sums of ``r`` over the opponent's hands disjoint from ``h`` that are weaker, tied and
stronger, in O(n) after one sort: by inclusion–exclusion over the subsets ``S`` of ``h``
(the empty set, the single cards, pairs, triples and ``h`` itself),
``sum over o disjoint from h = sum over S ⊆ h of (-1)^|S| · (sum over o ⊇ S)``, and each
``sum over o ⊇ S`` with strength below (equal to, above) ``h``'s is a difference of prefix sums
in the opponent's incidences sorted by (subset, strength). Ties are exact (equal strengths).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
from attrs import frozen

from primero.cards import Card
from primero.solve.tree import PublicTree

__all__ = ["CardRemoval", "HandRange", "Sums", "hand_range"]

IntArray = np.ndarray[Any, np.dtype[np.int64]]
FloatArray = np.ndarray[Any, np.dtype[np.float64]]


@frozen(eq=False)
class HandRange:
    """Every face-down hand one player can be dealt, ranked with their open cards.

    Attributes:
        cards: ``(n, k)`` pool positions of each hand's face-down cards, ascending.
        strength: ``(n,)`` the four-card hand's strength (larger is better; equal ties).
        class_id: ``(n,)`` the position of the hand's class in the ranking's classes.
        classes: The ranking's classes, weakest first.
        pool: The pool the positions index.
    """

    cards: IntArray
    strength: IntArray
    class_id: IntArray
    classes: tuple[str, ...]
    pool: tuple[Card, ...]

    def __len__(self) -> int:
        return len(self.strength)

    def label(self, index: int) -> str:
        """The face-down cards of hand ``index`` as text, e.g. ``"As 6s"``."""
        return " ".join(str(self.pool[int(i)]) for i in self.cards[index])


def hand_range(tree: PublicTree, seat: int) -> HandRange:
    """The range of ``seat`` (0 eldest, 1 dealer) in ``tree``'s game.

    Returns:
        Every ``tree.hidden``-subset of the pool in lexicographic order of pool positions,
        with its strength and class under the variant's ranking (open cards added).
    """
    variant = tree.variant
    pack = variant.pack
    pool_index = np.array([pack.index(c) for c in tree.pool], dtype=np.int64)
    opened = np.array([pack.index(c) for c in tree.open_cards[seat]], dtype=np.int64)
    combos = np.array(list(combinations(range(len(tree.pool)), tree.hidden)), dtype=np.int64)
    full = np.hstack([pool_index[combos], np.broadcast_to(opened, (len(combos), len(opened)))])
    ranking = variant.ranking
    index = ranking.index_many(full)
    class_ids, _points, strengths = ranking.hand_table.arrays()
    return HandRange(cards=combos, strength=np.asarray(strengths[index], dtype=np.int64),
                     class_id=np.asarray(class_ids[index], dtype=np.int64),
                     classes=ranking.hand_table.classes, pool=tree.pool)


def _subset_ids(cards: IntArray, size: int, base: int) -> IntArray:
    """``(n, C(k, size))`` ids of every ``size``-subset of each row (0 for the empty set)."""
    columns = list(combinations(range(cards.shape[1]), size))
    ids = np.zeros((len(cards), len(columns)), dtype=np.int64)
    for j, cols in enumerate(columns):
        for c in cols:
            ids[:, j] = ids[:, j] * base + cards[:, c] + 1
    return ids


@frozen
class Sums:
    """Opponent weights summed over the hands disjoint from each of one's own hands.

    Attributes:
        below: ``(n,)`` over the disjoint opponent hands weaker than the hand.
        tied: ``(n,)`` over those of equal strength.
        above: ``(n,)`` over those stronger.
    """

    below: FloatArray
    tied: FloatArray
    above: FloatArray

    @property
    def total(self) -> FloatArray:
        """``(n,)`` over every disjoint opponent hand."""
        return self.below + self.tied + self.above


class CardRemoval:
    """Sums over an opponent's range with card removal, for each of a player's hands.

    Built once per (player, opponent) pair: the opponent's incidences (hand, subset of its
    cards) sorted by (subset, strength), and for every (own hand, subset of its cards) the
    positions where its subset's block starts and ends and where the strengths below, equal
    to and above its own begin. :meth:`sums` is then a cumulative sum and four gathers.

    Args:
        own: The player's range.
        other: The opponent's range (same pool and hand size).
    """

    def __init__(self, own: HandRange, other: HandRange) -> None:
        k = own.cards.shape[1]
        base = len(own.pool) + 1
        span = int(max(own.strength.max(), other.strength.max())) + 1
        order_parts: list[IntArray] = []
        key_parts: list[IntArray] = []
        offset = 0
        queries: list[tuple[IntArray, IntArray, int]] = []
        self._signs: list[int] = []
        for size in range(k + 1):
            theirs = _subset_ids(other.cards, size, base)  # (m, c)
            mine = _subset_ids(own.cards, size, base)  # (n, c)
            m, c = theirs.shape
            hands = np.repeat(np.arange(m, dtype=np.int64), c)
            keys = theirs.reshape(-1) * span + np.repeat(other.strength, c)
            order = np.argsort(keys, kind="stable")
            order_parts.append(hands[order])
            key_parts.append(keys[order])
            queries.append((mine, own.strength, offset))
            self._signs.append(-1 if size % 2 else 1)
            offset += len(keys)
        self._order = np.concatenate(order_parts)
        positions = []
        for (mine, strength, start), keys in zip(queries, key_parts, strict=True):
            group = mine * span
            low = group + strength[:, None]
            at = [np.searchsorted(keys, group + 0, "left"), np.searchsorted(keys, low, "left"),
                  np.searchsorted(keys, low, "right"), np.searchsorted(keys, group + span, "left")]
            positions.append(np.stack(at) + start)  # (4, n, c)
        self._positions = positions
        self.size = len(own)

    def sums(self, weights: FloatArray) -> Sums:
        """The sums of ``weights`` (one per opponent hand) for each own hand.

        Args:
            weights: ``(m,)`` the opponent's weights (reach probabilities), float64.

        Returns:
            The :class:`Sums` over the disjoint weaker, tied and stronger hands, each ``(n,)``.
        """
        prefix = np.empty(len(self._order) + 1)
        prefix[0] = 0.0
        np.cumsum(weights[self._order], out=prefix[1:])
        below = np.zeros(self.size)
        tied = np.zeros(self.size)
        above = np.zeros(self.size)
        for sign, at in zip(self._signs, self._positions, strict=True):
            start, low, high, end = (prefix[a] for a in at)
            below += sign * (low - start).sum(axis=1)
            tied += sign * (high - low).sum(axis=1)
            above += sign * (end - high).sum(axis=1)
        return Sums(below, tied, above)
