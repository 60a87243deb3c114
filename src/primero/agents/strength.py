"""Hand strength: the share of the pack's hands a hand beats, and what a view hides.

:class:`Strength` is exact hand strength under one ranking, read from the compact hand tables;
:func:`final_hands` lists (or samples) the four-card hands a partial hand may end as;
:func:`unseen_cards`, :func:`others_open`, :func:`opponent_hands` and :func:`dealt_hands`
say which cards a player cannot see and how to deal them to its opponents in a sampled deal.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb
from typing import ClassVar

import numpy as np

from primero.cards import Card
from primero.hands import HAND_SIZE, Ranking
from primero.views import PlayerView

__all__ = [
    "FINALS_LIMIT",
    "Strength",
    "dealt_hands",
    "final_hands",
    "mask_of",
    "opponent_hands",
    "others_open",
    "spread_hands",
    "unseen_cards",
]


def _masks_of(ranking: Ranking) -> list[int]:
    """Every four-card hand's mask (the OR of its card bits), in table-index order.

    The table index of the hand whose cards' dense positions are ``p1 < p2 < p3 < p4`` is
    its colexicographic rank ``C(p1, 1) + C(p2, 2) + C(p3, 3) + C(p4, 4)``
    (:mod:`primero.tables`): the hands of ``k`` cards come highest card last, and the
    ``C(d, k - 1)`` first sets of ``k - 1`` cards are those below the card at position ``d``.
    So each size is built from the one below in a pass per card, by C-level ``map``: no value
    object and no sort per hand. Cached per ranking (the tables of one ranking share it).
    """
    found = _MASKS.get(id(ranking))
    if found is not None and found[0] is ranking:
        return found[1]
    bits = [card.bit for card in ranking.pack.ordered]  # by dense position
    masks = bits  # the sets of one card, in colex order
    for k in range(2, HAND_SIZE + 1):
        larger: list[int] = []
        for d, bit in enumerate(bits):
            larger.extend(map(bit.__or__, masks[:comb(d, k - 1)]))
        masks = larger
    if len(_MASKS) >= 16:
        _MASKS.clear()
    _MASKS[id(ranking)] = (ranking, masks)  # (the ranking held: its id stays its own)
    return masks


#: :func:`_masks_of` by the ranking's identity: ``(ranking, masks)``.
_MASKS: dict[int, tuple[Ranking, list[int]]] = {}


class Strength:
    """Exact hand strength under one ranking: the share of the pack's hands a hand beats.

    Ties count half (the usual "hand strength"): a hand tied with ``t`` hands (itself among
    them) and beating ``b`` scores ``(b + t / 2) / N``. So tied hands score the same, the mean
    over all hands is exactly 0.5 (what drawing four fresh cards is worth), and a unique
    strongest hand scores ``(N - 0.5) / N``.

    Read from the compact hand table's arrays (shares by ``np.bincount``, no value per hand).
    Four cards: one look-up by mask (the shares placed by table index). Fewer: the mean over
    every completion to four cards from the rest of the pack (cached per card set).
    """

    _cache: ClassVar[dict[tuple[int, frozenset[str]], Strength]] = {}
    #: Per table index: the dense strength, the class id and the share of the pack's hands
    #: beaten (what :meth:`share_of_mask` reads), as arrays for sampling in bulk.
    strength_array: np.ndarray
    class_array: np.ndarray
    share_array: np.ndarray
    #: ``colex[k - 1][p]`` is ``comb(p, k)``: the table index of the hand whose cards' dense
    #: positions are ``p0 < p1 < p2 < p3`` is the sum of ``colex[k][p_k]``.
    colex: np.ndarray
    #: The dense position in the pack of each card, by :attr:`Card.index` (-1 outside).
    positions: tuple[int, ...]

    def __init__(self, ranking: Ranking, losing: frozenset[str] = frozenset()) -> None:
        self.ranking = ranking
        self.losing = losing
        table = ranking.hand_table
        class_view, _, strength_view = table.arrays()  # per table index, no copy
        counts = np.bincount(strength_view)  # dense strength: larger better, equal ties
        below = np.cumsum(counts) - counts  # hands weaker than each strength
        # the hands it beats, and half of those it ties (itself included): the mean over the
        # pack is exactly 0.5, a unique strongest hand is (N - 0.5) / N
        shares = (below + counts / 2) / len(strength_view)
        share_array = shares[strength_view]
        if losing:  # hands of a class that can never win are worth nothing
            zero = [i for i, name in enumerate(table.classes) if name in losing]
            share_array[np.isin(class_view, zero)] = 0.0
        by_index: list[float] = share_array.tolist()
        # every hand's share by its mask (the OR of its card bits); masks in table order
        self._by_mask: dict[int, float] = dict(zip(_masks_of(ranking), by_index, strict=True))
        #: Per table index: the dense strength (larger better) and the class id.
        self.strengths: list[int] = table.strength.tolist()
        self.class_ids: list[int] = table.class_ids.tolist()
        self._partial: dict[int, float] = {}
        size = len(ranking.pack)
        self.strength_array = strength_view.astype(np.int64)
        self.class_array = class_view.astype(np.int64)
        self.share_array = share_array
        self.colex = np.array([[comb(p, k) for p in range(size)] for k in range(1, 5)],
                              dtype=np.int64)
        self.positions = ranking.pack.positions
        self._keeps: dict[int, np.ndarray] = {}
        self._best_keeps: dict[int, np.ndarray] = {}
        self._spreads: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._all_hands: np.ndarray | None = None

    def indices_of(self, positions: np.ndarray) -> np.ndarray:
        """The table indices of hands given as dense card positions (last axis: four cards).

        Args:
            positions: An integer array ``(..., 4)`` of distinct dense positions per hand, in
                any order.

        Returns:
            An integer array ``(...)`` of table indices.
        """
        ordered = np.sort(positions, axis=-1)
        colex = self.colex
        found: np.ndarray = colex[0][ordered[..., 0]] + colex[1][ordered[..., 1]] \
            + colex[2][ordered[..., 2]] + colex[3][ordered[..., 3]]
        return found

    def keep_quantiles(self, kept: int) -> np.ndarray:
        """Per set of ``kept`` cards (by colex index), how good a set to keep it is, 0..1.

        A set's worth is the mean strength of the four-card hands holding it (what keeping it
        and drawing the rest is worth); its quantile is the share of the pack's sets of as
        many cards worth less, ties half. Cached per size.

        Args:
            kept: The cards kept, 1..4.
        """
        found = self._keeps.get(kept)
        if found is not None:
            return found
        size = len(self.ranking.pack)
        if self._all_hands is None:
            self._all_hands = np.array(list(combinations(range(size), HAND_SIZE)),
                                       dtype=np.int64)
        hands = self._all_hands
        shares = self.share_array[self.indices_of(hands)]
        sets = comb(size, kept)
        total = np.zeros(sets)
        for part in combinations(range(HAND_SIZE), kept):
            index = self.subset_indices(hands, part)
            total += np.bincount(index, weights=shares, minlength=sets)
        # the mean over the hands holding each set (as many for every set), rounded so that
        # sums taken in another order still tie
        total = np.round(total / comb(size - kept, HAND_SIZE - kept), 9)
        ordered = np.sort(total)
        below = np.searchsorted(ordered, total, side="left")
        upto = np.searchsorted(ordered, total, side="right")
        found = self._keeps[kept] = (below + upto) / 2 / sets
        return found

    def subset_indices(self, hands: np.ndarray, part: Sequence[int]) -> np.ndarray:
        """The colex indices of the cards at places ``part`` of each hand (positions sorted).

        Args:
            hands: ``(..., 4)`` dense positions, ascending along the last axis.
            part: The places taken, ascending.
        """
        found: np.ndarray = np.zeros(hands.shape[:-1], dtype=np.int64)
        for k, place in enumerate(part):
            found = found + self.colex[k][hands[..., place]]
        return found

    def best_keep(self, hands: np.ndarray, kept: int) -> np.ndarray:
        """Per hand (dense positions, any order), the best quantile of its sets of ``kept`` cards.

        What an opponent that kept ``kept`` of these cards may have kept at best
        (:meth:`keep_quantiles`).
        """
        ordered = np.sort(hands, axis=-1)
        quantiles = self.keep_quantiles(kept)
        best: np.ndarray = np.zeros(hands.shape[:-1])
        for part in combinations(range(HAND_SIZE), kept):
            best = np.maximum(best, quantiles[self.subset_indices(ordered, part)])
        return best

    @functools.cached_property
    def _by_share(self) -> tuple[np.ndarray, np.ndarray]:
        """Every hand's mask and strength, weakest first (masks fit: a card's bit is < 2**52)."""
        order = np.argsort(self.share_array, kind="stable")
        return np.array(_masks_of(self.ranking), dtype=np.int64)[order], self.share_array[order]

    def holding(self, keep: int, pool: int) -> tuple[np.ndarray, np.ndarray]:
        """The four-card hands holding the cards of mask ``keep``, the rest from mask ``pool``.

        Their masks and strengths, weakest first (ties in table order): every completion of
        ``keep`` from ``pool``, in one pass over the pack's hands.
        """
        masks, shares = self._by_share
        fits = ((masks & keep) == keep) & ((masks & ~(keep | pool)) == 0)
        return masks[fits], shares[fits]

    def final_spread(self, keep: Sequence[Card]) -> tuple[np.ndarray, np.ndarray]:
        """The exact spread of the strengths of the four-card hands holding ``keep``.

        Over every completion of ``keep`` (0-4 cards) from the rest of the pack, as
        :meth:`of_hand` averages them: the distinct strengths (ascending) and the share of the
        completions at each (summing to 1); their weighted mean is :meth:`of_hand`. A pack has
        few distinct strengths (112 in ``italian40``), so a chance read over the spread costs
        little. Cached per set of cards kept.
        """
        mask = mask_of(keep)
        found = self._spreads.get(mask)
        if found is None:
            _, shares = self.holding(mask, mask_of(self.ranking.pack.cards))
            values, counts = np.unique(shares, return_counts=True)
            found = self._spreads[mask] = (values, counts / counts.sum())
        return found

    def keep_rank(self, cards: Sequence[Card], kept: int) -> float:
        """Where the best set of ``kept`` of the four ``cards`` stands among the pack's hands.

        The share of the pack's four-card hands whose best set of ``kept`` cards
        (:meth:`best_keep`) is worth less, ties half: 0..1, a half on average over the pack,
        so over the hands of a player that keeps cards at random and draws the rest. What a
        hand shown at a showdown says of the cards its owner kept: they were at best that
        good. Sorted values cached per size.

        Args:
            cards: A four-card hand of the pack.
            kept: The cards kept, 1..4.
        """
        ordered = self._best_keeps.get(kept)
        if ordered is None:
            self.keep_quantiles(kept)  # builds the pack's hands once
            assert self._all_hands is not None
            ordered = self._best_keeps[kept] = np.sort(self.best_keep(self._all_hands, kept))
        hand = np.array([[self.positions[c.index] for c in cards]], dtype=np.int64)
        best = self.best_keep(hand, kept)[0]
        below = np.searchsorted(ordered, best, side="left")
        upto = np.searchsorted(ordered, best, side="right")
        return float((below + upto) / 2 / len(ordered))

    @classmethod
    def of(cls, ranking: Ranking, losing: frozenset[str] = frozenset()) -> Strength:
        """The (cached) strength table of ``ranking``.

        Args:
            ranking: The ranking.
            losing: Classes whose hands can never win (Primiera's ``Nothing``): their
                strength is 0.
        """
        key = (id(ranking), losing)
        found = cls._cache.get(key)
        if found is None or found.ranking is not ranking:
            found = cls._cache[key] = cls(ranking, losing)
        return found

    @functools.cached_property
    def _index_by_mask(self) -> dict[int, int]:
        """Every hand's table index by its mask: built on first use (not every agent asks)."""
        masks = _masks_of(self.ranking)
        return dict(zip(masks, range(len(masks)), strict=True))

    def index_of_mask(self, mask: int) -> int:
        """The table index of the four-card hand whose card bits OR to ``mask``."""
        return self._index_by_mask[mask]

    def share_of_mask(self, mask: int) -> float:
        """The strength (share of the pack's hands beaten, ties half) of hand ``mask``."""
        return self._by_mask[mask]

    def of_hand(self, cards: Sequence[Card], unseen: Sequence[Card] | None = None) -> float:
        """Strength of ``cards``: exact for four, else the mean over completions.

        Completions are drawn from ``unseen`` (by default the rest of the pack).
        """
        mask = 0
        for c in cards:
            mask |= c.bit
        if len(cards) == HAND_SIZE:
            return self._by_mask[mask]
        cached = self._partial.get(mask) if unseen is None else None
        if cached is not None:
            return cached
        pool = [c for c in (unseen if unseen is not None else self.ranking.pack.cards)
                if not mask & c.bit]
        need = HAND_SIZE - len(cards)
        total = count = 0.0
        by_mask = self._by_mask
        for extra in combinations(pool, need):
            m = mask
            for c in extra:
                m |= c.bit
            total += by_mask[m]
            count += 1
        result = total / count if count else 0.0
        if unseen is None:
            self._partial[mask] = result
        return result

    def mean_without(self, keep: Sequence[Card], avoid: Sequence[Card] = ()) -> float:
        """Mean strength of the four-card hands that hold ``keep`` and none of ``avoid``.

        Exact: inclusion-exclusion over ``avoid`` on the cached means of :meth:`of_hand`, so
        at most 2**len(avoid) table look-ups once those means are cached.
        """
        size = len(self.ranking.pack)
        k = len(keep)
        total = 0.0
        for r in range(len(avoid) + 1):
            held = k + r
            if held > HAND_SIZE:
                break
            hands = comb(size - held, HAND_SIZE - held)
            for extra in combinations(avoid, r):
                total += (-1) ** r * hands * self.of_hand([*keep, *extra])
        return total / comb(size - k - len(avoid), HAND_SIZE - k)

    def revalued(self, values: Sequence[float]) -> Strength:
        """The same table with other worths: ``values[i]`` for the hand of table index ``i``.

        :meth:`of_hand`, :meth:`mean_without` and :meth:`after_exchange` then average those
        worths (a win chance, say) instead of the share of hands beaten; the look-up by mask is
        shared, the means of partial hands are cached afresh. ``losing`` is kept as given.

        Args:
            values: One worth per hand of the pack, by table index.

        Raises:
            ValueError: not one worth per hand of the pack.
        """
        twin = copy.copy(self)
        twin._by_mask = dict(zip(_masks_of(self.ranking), values, strict=True))
        twin._partial = {}
        twin.share_array = np.asarray(values, dtype=np.float64)
        twin._keeps = {}
        twin._best_keeps = {}
        twin._spreads = {}
        twin.__dict__.pop("_by_share", None)  # the worths it orders are the original's
        return twin

    def after_exchange(self, hand: Sequence[Card], discards: Sequence[Card],
                       rng: random.Random | None = None, seen: Sequence[Card] = ()) -> float:
        """Expected strength of the final four cards after throwing ``discards``.

        The cards kept are completed to four from the rest of the pack, less every card of
        ``hand`` (thrown cards lie face down and cannot be drawn again) and every card of
        ``seen``; with fewer than four cards in hand (an exchange before the second deal) the
        later cards count too. Exact for any number of cards thrown; ``rng`` is not needed
        (kept for callers that pass it).

        Args:
            hand: The cards held.
            discards: The cards of ``hand`` thrown.
            rng: Unused.
            seen: Cards held elsewhere that the player sees (the other seats' open cards,
                ``view.seats[i].open``): no completion holds them.
        """
        keep = [c for c in hand if c not in discards]
        thrown = [c for c in hand if c in discards]
        return self.mean_without(keep, [*thrown, *(c for c in seen if c not in hand)])


def mask_of(cards: Iterable[Card]) -> int:
    """The OR of the cards' bits (a hand's mask)."""
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


#: Final hands looked at per estimate: every one when there are at most this many, else this
#: many drawn from the agent's generator.
FINALS_LIMIT = 160


def final_hands(table: Strength, keep: Sequence[Card], unseen: Sequence[Card],
                rng: random.Random, limit: int = FINALS_LIMIT) -> list[int]:
    """The masks of the four-card hands ``keep`` may end as, drawn from ``unseen``.

    Every completion when there are at most ``limit`` of them (exact), else ``limit``
    completions sampled with ``rng`` (an unbiased estimate).

    Args:
        table: The ranking's strength table (only its pack is used).
        keep: The cards kept (0-4).
        unseen: The cards the player cannot see (the completions come from these).
        rng: The generator for sampling.
        limit: The most completions to look at.
    """
    base = mask_of(keep)
    pool = [c.bit for c in unseen if not base & c.bit]
    need = HAND_SIZE - len(keep)
    if need <= 0:
        return [base]
    if comb(len(pool), need) <= limit:
        out = []
        for extra in combinations(pool, need):
            m = base
            for b in extra:
                m |= b
            out.append(m)
        return out
    finals = []
    for _ in range(limit):
        m = base
        for b in rng.sample(pool, need):
            m |= b
        finals.append(m)
    return finals


def spread_hands(table: Strength, keep: Sequence[Card], unseen: Sequence[Card],
                 limit: int = FINALS_LIMIT) -> list[int]:
    """The masks of ``limit`` four-card hands ``keep`` may end as, spread evenly by strength.

    Every completion from ``unseen`` when there are at most ``limit`` of them; else every
    completion is ranked by strength and the ones at the middles of ``limit`` equal slices
    are taken: equally weighted, they stand for the completions as an even grid stands for a
    distribution, off by about ``1 / limit`` where a sample (:func:`final_hands`) is off by
    about ``1 / sqrt(limit)``, and the same every time (no generator).

    Args:
        table: The ranking's strength table.
        keep: The cards kept (0-4).
        unseen: The cards the completions come from.
        limit: How many hands.
    """
    base = mask_of(keep)
    pool = [c for c in unseen if not base & c.bit]
    need = HAND_SIZE - len(keep)
    if need <= 0:
        return [base]
    if comb(len(pool), need) <= limit:
        return final_hands(table, keep, pool, random.Random(0), limit)
    masks, _ = table.holding(base, mask_of(pool))
    found: list[int] = masks[((np.arange(limit) + 0.5) * len(masks) / limit)
                             .astype(np.int64)].tolist()
    return found


def unseen_cards(view: PlayerView) -> list[Card]:
    """What the viewer cannot see: the pack less its own cards and discards and the open cards.

    The open cards are every seat's cards dealt face up and still held
    (``view.seats[i].open``, :data:`~primero.deal.state.FACE_UP`): every player sees them.
    """
    known = mask_of(view.hand) | mask_of(view.discarded)
    for seat in view.seats:
        for card in seat.open:
            known |= card.bit
    return [c for c in view.variant.ranking.pack.cards if not known & c.bit]


def others_open(view: PlayerView) -> tuple[Card, ...]:
    """The cards the other seats hold face up (``view.seats[i].open``), in seat order.

    Cards the viewer sees but cannot draw: a completion of its own hand never holds them.
    ``()`` in a deal without face-up cards.
    """
    return tuple(card for i, seat in enumerate(view.seats) if i != view.seat
                 for card in seat.open)


def opponent_hands(view: PlayerView, need: int) -> tuple[list[int], list[int], int]:
    """The live opponents' open cards and hidden counts, for sampling their four cards.

    Returns:
        ``(bases, hidden, take)``: per live opponent (seat order) the mask of its open cards
        and how many hidden cards complete it to four, and the cards a deal draws: ``need``
        (the viewer's own) plus every opponent's hidden ones.
    """
    bases = []
    hidden = []
    for i, seat in enumerate(view.seats):
        if i == view.seat or seat.folded:
            continue
        opened = seat.open[:HAND_SIZE]
        bases.append(mask_of(opened))
        hidden.append(HAND_SIZE - len(opened))
    return bases, hidden, need + sum(hidden)


def dealt_hands(drawn: Sequence[int], start: int, bases: Sequence[int],
                 hidden: Sequence[int]) -> list[int]:
    """The opponents' hands: each its open cards (``bases``) and its next hidden draws."""
    hands = []
    at = start
    for base, count in zip(bases, hidden, strict=True):
        m = base
        for b in drawn[at:at + count]:
            m |= b
        hands.append(m)
        at += count
    return hands

