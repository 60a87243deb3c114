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
from typing import ClassVar

from primero.advice import VariantAdvice
from primero.agents.strength import Strength, final_hands, mask_of
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
        while sum(self.hands) < OPPONENT_HANDS:
            hand = rng.sample(pack, HAND_SIZE)
            if plain.class_ids[plain.index_of_mask(mask_of(hand))] not in reach:
                continue  # served at the deal: declared, it never reaches the exchange
            options = [tuple(hand[i] for i in d) for d in subsets]
            thrown = max(options, key=lambda d: (served.after_exchange(hand, d), -len(d)))
            keep = [c for c in hand if c not in thrown]
            finals = final_hands(plain, keep, [c for c in pack if c not in hand], rng,
                                 OPPONENT_COMPLETIONS)
            row = totals[len(thrown)]
            for mask in finals:
                i = plain.index_of_mask(mask)
                row[0 if plain.class_ids[i] in never else plain.strengths[i] + 1] \
                    += 1 / len(finals)
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

