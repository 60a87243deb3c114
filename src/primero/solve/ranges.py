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
        # the subsets of even size (added) first, then those of odd size (subtracted)
        sizes = [*range(0, k + 1, 2), *range(1, k + 1, 2)]
        mine = np.hstack([_subset_ids(own.cards, size, base) for size in sizes])
        theirs = np.hstack([_subset_ids(other.cards, size, base) for size in sizes])
        self._added = sum(len(list(combinations(range(k), size))) for size in sizes[::1]
                          if size % 2 == 0)
        subsets, dense = np.unique(np.concatenate([mine.ravel(), theirs.ravel()]),
                                   return_inverse=True)
        own_dense = dense[:mine.size].reshape(mine.shape)
        other_dense = dense[mine.size:].reshape(theirs.shape)
        # the opponent's incidences (hand, subset) sorted by (subset, strength)
        c = theirs.shape[1]
        keys = other_dense.ravel() * span + np.repeat(other.strength, c)
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        group = own_dense * span
        low = group + own.strength[:, None]
        self._order = (order // c).astype(np.int32)
        #: (n, s) prefix positions where the strengths equal to the hand's start and end.
        self._low = np.searchsorted(keys, low, "left").astype(np.int32)
        self._high = np.searchsorted(keys, low, "right").astype(np.int32)
        #: Prefix positions where each subset's block starts and ends.
        blocks = np.arange(len(subsets), dtype=np.int64) * span
        self._start = np.searchsorted(keys, blocks, "left")
        self._end = np.searchsorted(keys, blocks + span, "left")
        self._own = own_dense.astype(np.int32)
        self._other = other_dense.ravel()
        self._columns = c
        self._subsets = len(subsets)
        self.size = len(own)

    def totals(self, weights: FloatArray) -> FloatArray:
        """``(n,)`` the sum of ``weights`` over the opponent's hands disjoint from each own hand.

        Only the subsets' totals are needed (a fold's value): one ``bincount``, no sort.
        """
        per_subset = np.bincount(self._other, weights=np.repeat(weights, self._columns),
                                 minlength=self._subsets)
        return self._signed(per_subset[self._own])

    def _signed(self, terms: Any) -> FloatArray:
        """``(n,)`` the inclusion–exclusion sum of ``(n, s)`` per-subset terms."""
        added = self._added
        return terms[:, :added].sum(axis=1) - terms[:, added:].sum(axis=1)  # type: ignore[no-any-return]

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
        first = prefix[self._start]
        start = self._signed(first[self._own])
        total = self._signed((prefix[self._end] - first)[self._own])
        low = self._signed(prefix[self._low])
        high = self._signed(prefix[self._high])
        below, tied, above = low - start, high - low, total - (high - start)
        return Sums(below, tied, above)
