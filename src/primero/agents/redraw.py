"""Opponents of a declare-and-redraw game after their exchange (:class:`FinalHands`).

Whether a game is one is the variant's advice (``VariantAdvice.exchange_from``: the hand
classes a player holds when it reaches the exchange, Primiera's ``Nothing``) and which classes
never win (``VariantAdvice.never_wins``); this module names no variant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import ClassVar

import numpy as np

from primero.advice import VariantAdvice
from primero.agents.strength import Strength, final_hands, mask_of
from primero.cards import Card
from primero.hands import HAND_SIZE, Ranking
from primero.views import PlayerView

__all__ = [
    "MAX_POT_TABLES",
    "MIN_THROWN_HANDS",
    "OPPONENT_COMPLETIONS",
    "OPPONENT_HANDS",
    "OPPONENT_SEED",
    "FinalHands",
    "opponents_thrown",
]


class FinalHands:
    """What a declare-and-redraw opponent's four cards are after its exchange, by strength.

    In Primiera (docs/rules/primiera.md; its advice: an unserved hand, class ``Nothing``, never wins
    and is the only one to reach the exchange) a hand served at the deal is declared and ends the
    deal, so an opponent reaches the exchange only unserved; it then throws the cards that best
    serve it, and its final hand is served far more often than four cards drawn at random are (about
    24 % against 12 % over ``italian40``), mostly as a Primiera. What beating it is worth therefore
    follows from its final hands, not from the pack's hands.

    The method (per ranking, once per process, :meth:`of`):

    * **hands** — :data:`OPPONENT_HANDS` four-card hands of the classes that reach the
      exchange (``advice.exchange_from``; below, "unserved" is such a hand, and "served" one
      of a class that can win), drawn with a local
      ``random.Random(OPPONENT_SEED)`` (never the global generator: the same table every run);
    * **exchange** — each throws the discard whose draw has the best mean strength, an
      hand that never wins counting nothing, fewer cards on a tie (``Strength.of(ranking,
      advice.never_wins).after_exchange``);
    * **draw** — every completion of the cards kept from the cards the hand leaves counts
      (exact up to :data:`OPPONENT_COMPLETIONS`, every draw of one or two cards from 36;
      beyond, that many sampled with the same generator), each hand weighing 1.

    The result is the chance of each final dense strength (``ranking.hand_table.strength``:
    the suit tie-breaks are in it) and of ending unserved; :meth:`beaten` turns it into the
    chance that a hand beats the opponent (an unserved opponent is beaten by any served hand;
    a tie counts half). Knowing how many cards an opponent threw (the public log shows it)
    narrows it: the sampled hands that threw as many (:meth:`distribution`).

    Attributes:
        ranking: The ranking.
        advice: The variant's advice it was built from.
        hands: The unserved hands sampled, per number of cards thrown (0-4).
    """

    _cache: ClassVar[dict[tuple[int, VariantAdvice], FinalHands]] = {}

    def __init__(self, ranking: Ranking, advice: VariantAdvice) -> None:
        rng = random.Random(OPPONENT_SEED)
        plain = Strength.of(ranking)
        served = Strength.of(ranking, advice.never_wins)
        classes = ranking.hand_table.classes
        self._never = frozenset(i for i, c in enumerate(classes) if c in advice.never_wins)
        reach = frozenset(i for i, c in enumerate(classes) if c in advice.exchange_from)
        never = self._never
        self.ranking = ranking
        self.advice = advice
        self._size = max(plain.strengths) + 1
        # per number of cards thrown: the sampled hands' chances of each final strength,
        # the unserved ones at index 0 (an unserved hand's own strength, the weakest)
        totals = [[0.0] * (self._size + 1) for _ in range(HAND_SIZE + 1)]
        self.hands: list[int] = [0] * (HAND_SIZE + 1)
        pack = list(ranking.pack.cards)
        subsets = [d for k in range(HAND_SIZE + 1) for d in combinations(range(HAND_SIZE), k)]
        best = _BestDiscard(served)
        index_of_mask, class_ids, strengths = plain.index_of_mask, plain.class_ids, \
            plain.strengths
        cells: dict[int, int] = {}  # a final hand's place in a row, by its mask
        while sum(self.hands) < OPPONENT_HANDS:
            hand = rng.sample(pack, HAND_SIZE)
            held = mask_of(hand)
            if class_ids[index_of_mask(held)] not in reach:
                continue  # served at the deal: declared, it never reaches the exchange
            thrown = [hand[i] for i in subsets[best.of(hand)]]
            keep = [c for c in hand if c not in thrown]
            finals = final_hands(plain, keep, [c for c in pack if not c.bit & held], rng,
                                 OPPONENT_COMPLETIONS)
            row = totals[len(thrown)]
            share = 1 / len(finals)
            for mask in finals:
                cell = cells.get(mask)
                if cell is None:
                    i = index_of_mask(mask)
                    cell = cells[mask] = 0 if class_ids[i] in never else strengths[i] + 1
                row[cell] += share
            self.hands[len(thrown)] += 1
        self._totals = totals
        self._beaten: dict[int | None, list[float]] = {}
        self._tables: dict[tuple[tuple[int | None, ...], int], Strength] = {}

    @classmethod
    def of(cls, ranking: Ranking, advice: VariantAdvice) -> FinalHands:
        """The (cached) final hands of ``ranking``'s opponents under the variant's advice."""
        key = (id(ranking), advice)
        found = cls._cache.get(key)
        if found is None or found.ranking is not ranking:
            found = cls._cache[key] = cls(ranking, advice)
        return found

    def distribution(self, thrown: int | None = None) -> tuple[float, list[float]]:
        """The chance an opponent ends unserved, and of each final dense strength.

        Args:
            thrown: How many cards the opponent threw, if known (0-4). ``None``: any number,
                as the sampled hands chose. A number no sampled hand chose is answered
                without them: 0 leaves the opponent unserved for sure, more than two leaves
                it about a fresh hand (the pack's hands, each equally likely).

        Returns:
            ``(unserved, by_strength)``: ``by_strength[s]`` the chance of a served final hand
            of dense strength ``s`` (unserved hands' strength included, at 0); the chances
            sum to 1.

        Raises:
            ValueError: ``thrown`` is not ``None`` nor 0-4.
        """
        if thrown is not None and not 0 <= thrown <= HAND_SIZE:
            raise ValueError(f"an opponent throws 0 to {HAND_SIZE} cards, not {thrown!r}")
        if thrown is None:
            rows = self._totals
            hands = sum(self.hands)
        elif self.hands[thrown] >= MIN_THROWN_HANDS:
            rows, hands = [self._totals[thrown]], self.hands[thrown]
        elif thrown == 0:
            return 1.0, [0.0] * self._size
        else:
            return self._pack_distribution()
        merged = [sum(col) / hands for col in zip(*rows, strict=True)]
        return merged[0], merged[1:]

    def _pack_distribution(self) -> tuple[float, list[float]]:
        plain = Strength.of(self.ranking)
        counts = [0] * (self._size + 1)
        for s, c in zip(plain.strengths, plain.class_ids, strict=True):
            counts[0 if c in self._never else s + 1] += 1
        total = len(plain.strengths)
        return counts[0] / total, [n / total for n in counts[1:]]

    def beaten(self, thrown: int | None = None) -> list[float]:
        """Per dense strength ``s``, the chance a served hand of strength ``s`` beats one opponent.

        The opponent's final hand as :meth:`distribution` gives it (``thrown`` as there): an
        unserved one is beaten, a weaker one is beaten, an equal one half.
        """
        found = self._beaten.get(thrown)
        if found is None:
            unserved, by_strength = self.distribution(thrown)
            found, below = [], unserved
            for p in by_strength:
                found.append(below + p / 2)
                below += p
            self._beaten[thrown] = found
        return found

    def pot_shares(self, opponents: Sequence[int | None], players: int) -> Strength:
        """Per four-card hand, the share of the pot it is worth at the second declaration.

        A served hand of strength ``s`` takes the pot when it beats every opponent: the product
        of their :meth:`beaten` chances (taken as independent). An unserved hand wins nothing,
        but when every opponent ends unserved too the deal is cancelled and the pot stays for
        the next deal, where each of the ``players`` expects an even share of it: it is worth
        the product of their unserved chances over ``players``. (Two players: half of the
        pot plus half the chance of winning less that of losing, what the duplicate benchmark
        counts.)

        Args:
            opponents: Per opponent, the cards it threw if known (``None`` if not yet).
            players: The players at the table (the ones sharing a carried pot).

        Returns:
            The worths as a :class:`Strength` table (:meth:`Strength.revalued`), cached per
            opponents and players: ``after_exchange`` gives an exchange's expected share.
        """
        key = (tuple(sorted(opponents, key=lambda t: -1 if t is None else t)), players)
        found = self._tables.get(key)
        if found is None:
            plain = Strength.of(self.ranking)
            beaten = [self.beaten(t) for t in key[0]]
            cancelled = 1.0 / players
            for t in key[0]:
                cancelled *= self.distribution(t)[0]
            values = []
            for s, c in zip(plain.strengths, plain.class_ids, strict=True):
                if c in self._never:
                    values.append(cancelled)
                    continue
                v = 1.0
                for row in beaten:
                    v *= row[s]
                values.append(v)
            if len(self._tables) >= MAX_POT_TABLES:
                self._tables.clear()
            found = self._tables[key] = plain.revalued(values)
        return found


#: Unserved hands :class:`FinalHands` samples, and the seed of its own generator.
OPPONENT_HANDS = 4000
OPPONENT_SEED = 1
#: The most completions of a sampled hand's kept cards :class:`FinalHands` counts one by one
#: (``C(36, 2)``: every draw of two cards); more are sampled.
OPPONENT_COMPLETIONS = 630
#: The fewest sampled hands that threw a number of cards for :meth:`FinalHands.distribution`
#: to answer that number from them.
MIN_THROWN_HANDS = 100
#: The most worth tables :meth:`FinalHands.pot_shares` keeps per ranking.
MAX_POT_TABLES = 32

_THROWN = re.compile(r"exchange (\d) cards?")


class _BestDiscard:
    """The discard an opponent throws (:meth:`FinalHands.__init__`), for many hands quickly.

    The same answer as ``max(options, key=lambda d: (table.after_exchange(hand, d), -len(d)))``
    over the 16 discards in :func:`itertools.combinations` order, to the last bit: each
    discard's mean is :meth:`Strength.mean_without`'s inclusion-exclusion, summed in the same
    order from the same partial means (:meth:`Strength.of_hand`'s sums over every completion,
    taken here for all sets of 0-3 cards at once by ``numpy.cumsum``, which adds in order as
    the loop there does). Only the table's public arrays are read.

    Args:
        table: The strength the discard is chosen on (the served hands' strength).
    """

    def __init__(self, table: Strength) -> None:
        self._table = table
        cards = table.ranking.pack.cards
        size = len(cards)
        self._size = size
        positions = np.array([table.positions[c.index] for c in cards], dtype=np.int64)
        bits = [c.bit for c in cards]
        shares = table.share_array
        self._partial: dict[int, float] = {}
        for kept in range(HAND_SIZE):
            sets = np.array(list(combinations(range(size), kept)), dtype=np.int64)
            sets = sets.reshape(len(sets), kept)
            outside = np.ones((len(sets), size), dtype=bool)
            np.put_along_axis(outside, sets, False, axis=1)
            pools = np.nonzero(outside)[1].reshape(len(sets), size - kept)  # in pack order
            draws = np.array(list(combinations(range(size - kept), HAND_SIZE - kept)),
                             dtype=np.int64)
            hands = np.concatenate(
                [np.broadcast_to(sets[:, None, :], (len(sets), len(draws), kept)),
                 pools[:, draws]], axis=2)
            means = np.cumsum(shares[table.indices_of(positions[hands])], axis=1)[:, -1] \
                / float(len(draws))
            for members, mean in zip(sets.tolist(), means.tolist(), strict=True):
                mask = 0
                for q in members:
                    mask |= bits[q]
                self._partial[mask] = mean
        # per discard (places in the hand, combinations order): the inclusion-exclusion terms
        # of mean_without(kept, thrown), in its order: (sign times hands, places held)
        self._terms: list[tuple[list[tuple[int, int]], int]] = []
        for k in range(HAND_SIZE + 1):
            for thrown in combinations(range(HAND_SIZE), k):
                held_places = [i for i in range(HAND_SIZE) if i not in thrown]
                terms = []
                for r in range(len(thrown) + 1):
                    held = len(held_places) + r
                    count = comb(size - held, HAND_SIZE - held)
                    for extra in combinations(thrown, r):
                        places = 0
                        for i in (*held_places, *extra):
                            places |= 1 << i
                        terms.append(((-1) ** r * count, places))
                self._terms.append((terms, comb(size - HAND_SIZE, HAND_SIZE - len(held_places))))

    def of(self, hand: Sequence[Card]) -> int:
        """The index (in combinations order) of the discard ``hand`` throws.

        The discard whose draw has the best mean strength, fewer cards on a tie (the first of
        the best in combinations order, as ``max`` keeps it).
        """
        found, top = 0, None
        for d, value in enumerate(self.means(hand)):
            if top is None or value > top:  # strictly better: fewer cards thrown on a tie
                found, top = d, value
        return found

    def means(self, hand: Sequence[Card]) -> list[float]:
        """Per discard (combinations order), the mean strength after it: ``after_exchange``."""
        bits = [c.bit for c in hand]
        means = [0.0] * (1 << HAND_SIZE)
        partial = self._partial
        for places in range((1 << HAND_SIZE) - 1):
            mask = 0
            for i in range(HAND_SIZE):
                if places >> i & 1:
                    mask |= bits[i]
            means[places] = partial[mask]
        means[-1] = self._table.share_of_mask(bits[0] | bits[1] | bits[2] | bits[3])
        found = []
        for terms, hands in self._terms:
            total = 0.0
            for sign, places in terms:
                total += sign * means[places]
            found.append(total / hands)
        return found


def opponents_thrown(view: PlayerView) -> list[int | None]:
    """Per opponent (seat order), how many cards it threw this deal, ``None`` if not yet.

    Read from the public log (``"exchange 2 cards"``).
    """
    thrown: dict[int, int] = {}
    for seat, text in view.history:
        found = _THROWN.fullmatch(str(text))
        if found is not None:
            thrown[seat] = int(found.group(1))
    return [thrown.get(i) for i in range(len(view.seats)) if i != view.seat]

