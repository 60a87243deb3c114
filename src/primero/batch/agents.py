"""Batched agents: one call chooses an action id for every deal of a batch.

* :class:`RandomBatchAgent` — uniform over each deal's legal ids, drawn from the legal runs
  (:meth:`~primero.batch.engine.BatchEngine.legal_spans`) without a random number per id.
* :class:`StrengthBatchAgent` — plays on hand strength read off the ranking table
  (:class:`ShareTable`): the share of the pack's hands its cards beat, exact for four cards and
  the mean over every completion for fewer; it raises the most with strong hands, vies with
  good ones, holds with fair ones, folds weak ones when it owes, and exchanges toward the best
  expected share.

An agent's ``act(engine, rng)`` returns ``(N,)`` legal ids for the deals with a seat to act
(any id for the others); the randomness comes from the ``numpy.random.Generator`` passed in.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Protocol

import numpy as np
from attrs import frozen

from primero.batch.engine import BatchEngine
from primero.batch.rules import KIND_EXCHANGE, BatchRules
from primero.batch.state import flat
from primero.errors import PrimeroError, UnknownAgentError
from primero.tables import every_hand
from primero.variant import Variant

__all__ = ["BATCH_AGENTS", "BatchAgent", "RandomBatchAgent", "ShareTable", "StrengthBatchAgent",
           "batch_agent", "share_table"]


class BatchAgent(Protocol):
    """What plays a seat of every deal of a batch at once."""

    name: str

    def act(self, engine: BatchEngine, rng: np.random.Generator) -> np.ndarray:
        """An ``(N,)`` array of legal ids (any id where the deal has nobody to act)."""
        ...


@frozen
class RandomBatchAgent:
    """Uniform over the legal ids of each deal (amounts and exchanges included)."""

    name = "random"

    def act(self, engine: BatchEngine, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal id per deal (0 where nobody is to act).

        Raises:
            PrimeroError: ``rng`` is not a ``numpy.random.Generator`` (a ``random.Random``
                draws one number at a time).
        """
        if not isinstance(rng, np.random.Generator):
            raise PrimeroError(f"rng must be a numpy.random.Generator "
                               f"(numpy.random.default_rng(seed)), got {type(rng).__name__}")
        mask = engine.legal_mask()
        low, span = engine.legal_spans()
        fold, pas, hold = mask[:, 0], mask[:, 1], mask[:, 2]
        singles = fold.astype(np.int64) + pas + hold
        k = (rng.random(engine.deals) * (singles + span)).astype(np.int64)
        # the k-th legal id: fold, pass, hold (those legal), then the run low..low+span-1
        first = np.where(fold, 0, np.where(pas, 1, 2))
        second = np.where(fold & pas, 1, 2)
        return np.where(k >= singles, low + k - singles,
                        np.where(k == 0, first, np.where(k == 1, second, 2)))


@frozen(eq=False)
class ShareTable:
    """Hand strength as the share of the pack's hands a hand beats, for 0 to 4 cards.

    Attributes:
        terms: The colex terms ``C(position, k)`` per card position, ``(5, pack)`` (row ``k``).
        shares: Per hand size ``k`` (0..4), the share of every ``k``-card subset by colex index:
            for four cards the hands it beats plus half those it ties, out of every hand; for
            fewer the mean of that over every completion from the other cards.
    """

    terms: np.ndarray
    shares: tuple[np.ndarray, ...]

    def share(self, hands: np.ndarray, size: np.ndarray) -> np.ndarray:
        """The share of each sorted hand ``(M, 4)`` (pack positions; ``size`` cards, ``(M,)``)."""
        out = np.zeros(len(size))
        for k in range(5):
            which = size == k
            if which.any():
                index = np.zeros(int(which.sum()), np.int64)
                for j in range(k):
                    index += self.terms[j + 1][hands[which, j]]
                out[which] = self.shares[k][index]
        return out


@lru_cache(maxsize=16)
def share_table(variant: Variant) -> ShareTable:
    """The :class:`ShareTable` of ``variant``'s ranking (built once; a second or so)."""
    pack = len(variant.pack)
    _, _, strength = variant.ranking.hand_table.arrays()
    strength = np.asarray(strength, dtype=np.int64)
    counts = np.bincount(strength)
    below = np.cumsum(counts) - counts
    four = (below[strength] + 0.5 * (counts[strength] - 1)) / max(len(strength) - 1, 1)
    terms = np.array([[comb(i, k) for i in range(pack)] for k in range(5)], dtype=np.int64)
    hands = every_hand(pack).astype(np.int64)
    shares: list[np.ndarray] = [np.array([four.mean()])]
    for k in (1, 2, 3):
        total = np.zeros(comb(pack, k))
        for subset in _subsets(4, k):
            index = np.zeros(len(hands), np.int64)
            for j, column in enumerate(subset):
                index += terms[j + 1][hands[:, column]]
            total += np.bincount(index, weights=four, minlength=len(total))
        shares.append(total / comb(pack - k, 4 - k))
    shares.append(four)
    return ShareTable(terms=terms, shares=tuple(shares))


def _subsets(n: int, k: int) -> list[tuple[int, ...]]:
    """The ``k``-subsets of ``range(n)`` in order."""
    if k == 0:
        return [()]
    return [(*head, last) for last in range(n) for head in _subsets(last, k - 1)]


@frozen
class StrengthBatchAgent:
    """Plays on the share of hands its cards beat (:class:`ShareTable`).

    Attributes:
        raise_at: From this share on, vie or raise the most it may.
        vie_at: From this share on, vie the least it may when nothing is owed.
        hold_at: From this share on, hold when it owes; below, fold where it may.
    """

    raise_at: float = 0.8
    vie_at: float = 0.6
    hold_at: float = 0.4
    name = "strength"

    def act(self, engine: BatchEngine, rng: np.random.Generator) -> np.ndarray:
        """One legal id per deal (0 where nobody is to act)."""
        rules: BatchRules = engine.rules
        st = engine.state
        mask = engine.legal_mask()
        low, span = engine.legal_spans()
        table = share_table(rules.variant)
        deals = engine.deals
        seat = np.maximum(st.to_act, 0)
        hands = st.hands[np.arange(deals), seat][:, :4]
        size = flat(st.hand_len)[seat * deals + np.arange(deals)]
        share = table.share(np.minimum(hands, len(rules.pack) - 1), np.minimum(size, 4))
        owes = mask[:, 2]
        ids = np.where(mask[:, 1], 1, np.where(owes, 2, 0))  # pass, else hold, else fold
        ids = np.where(owes & (share < self.hold_at) & mask[:, 0], 0, ids)
        more = span > 0
        ids = np.where(more & ~owes & (share >= self.vie_at), low, ids)
        ids = np.where(more & (share >= self.raise_at), low + span - 1, ids)
        swap = np.flatnonzero((st.to_act >= 0) & (rules.kinds[np.maximum(st.step, 0)]
                                                  == KIND_EXCHANGE))
        if swap.size:
            ids[swap] = rules.exchange + _best_discards(table, hands[swap], size[swap])
        return ids


def _best_discards(table: ShareTable, hands: np.ndarray, size: np.ndarray) -> np.ndarray:
    """The discard mask of each sorted hand whose kept cards have the best mean share."""
    best = np.full(len(size), -1.0)
    choice = np.zeros(len(size), np.int64)
    for mask in range(1 << int(size.max(initial=0))):
        legal = mask < (1 << size)
        kept_index = np.zeros(len(size), np.int64)
        kept = np.zeros(len(size), np.int64)
        for j in range(4):
            keep = (j < size) & (not (mask >> j) & 1)
            card = np.minimum(hands[:, j], table.terms.shape[1] - 1)
            kept_index += np.where(keep, table.terms[np.minimum(kept + 1, 4), card], 0)
            kept += keep
        value = np.zeros(len(size))
        for k in range(5):
            at = kept == k
            value[at] = table.shares[k][kept_index[at]]
        better = legal & (value > best + 1e-12)
        best = np.where(better, value, best)
        choice = np.where(better, mask, choice)
    return choice


#: The batched agents by name.
BATCH_AGENTS = {"random": RandomBatchAgent, "strength": StrengthBatchAgent}


def batch_agent(name: str) -> BatchAgent:
    """The batched agent called ``name`` (``"random"`` or ``"strength"``).

    Raises:
        UnknownAgentError: no batched agent has that name.
    """
    from_name = BATCH_AGENTS.get(name)
    if from_name is None:
        raise UnknownAgentError(f"no batched agent called {name!r}: the batch plays "
                                f"{', '.join(sorted(BATCH_AGENTS))}")
    agent: BatchAgent = from_name()
    return agent
