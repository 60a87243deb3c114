"""Computer players behind one small protocol: a view and legal actions in, an action out.

* :class:`RandomAgent` — uniform over the legal actions (amounts and exchanges included).
* :class:`HeuristicAgent` — plays on hand strength: the share of the pack's hands its hand
  beats (exact, from the ranking table), with two cards the mean of that share over every
  completion; it vies and holds on strength, folds weak hands, exchanges toward the best
  expected hand, names calls it can plausibly meet (bluffing now and then), and under a
  no-fold variant passes with the exchange that spoils its hand least.
* :class:`OddsAgent` — plays on its chance to win at the showdown (:func:`showdown_chance`,
  sampled from the cards its view hides), with pot odds for holds, an edge over an even
  share for vies and raises, and every exchange weighed by the chance it leaves (in the
  declare-and-redraw Primiera, by the share of the pot it is worth against the opponents'
  final hands: :class:`FinalHands`).

In the calling variant (docs/rules/cardano.md) both name calls under the variant's own
``call_rule`` and ``understatements`` (:class:`CallTest` answers as the showdown does): with
four cards the lowest call of the hand's own class, with two the lowest call of the class its
possible final hands most often meet (:func:`best_call`); a hand that cannot meet the standing
call counts for nothing unless it can name a call of its own, and then it raises with it.
In the last round the odds player also weighs calls as weapons (:func:`pressure_call`): an
opponent ranking below a call can neither meet nor answer it, so it folds; it chooses among
the calls its hand meets and one bluff (the lowest call of the class just above its own) by
the chips each is worth, and it reads an opponent's call as the hand it most likely holds.
:func:`hint` is the terminal game's ``hint``.

Agents get their randomness from the ``random.Random`` passed in; nothing global is used.
"""

from __future__ import annotations

import copy
import random
import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import ClassVar, Protocol, runtime_checkable

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.errors import EndlessDealError, PrimeroError, UnknownAgentError
from primero.hands import HAND_SIZE, Ranking
from primero.session import Session
from primero.solve.player import EquilibriumAgent
from primero.state import GameState
from primero.tables import colex_offsets
from primero.variants.cardano import (
    CALL_KEY,
    CallBook,
    call_book,
    last_call,
    parse_understatements,
)
from primero.variants.primiera import NOTHING
from primero.views import PlayerView, state_view

__all__ = [
    "AGENTS",
    "Agent",
    "FinalHands",
    "HeuristicAgent",
    "OddsAgent",
    "RandomAgent",
    "Strength",
    "hint",
    "make_agent",
    "opponents_thrown",
    "play_deal",
    "play_session",
]


@runtime_checkable
class Agent(Protocol):
    """A computer player."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose one of ``view.legal``.

        Args:
            view: The player's view; ``view.legal`` lists the legal actions (never empty).
            rng: The random source to use for any choice.
        """
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)


def _terms(order: list[int], c1: list[int], c2: list[int], c3: list[int], c4: list[int]) \
        -> tuple[int, int, int, int]:
    """The four colex terms of a hand's table index, its card indices ascending."""
    a, b, c, d = order
    return c1[a], c2[b], c3[c], c4[d]


class Strength:
    """Exact hand strength under one ranking: the share of the pack's hands a hand beats.

    Ties count half (the usual "hand strength"): a hand tied with ``t`` hands (itself among
    them) and beating ``b`` scores ``(b + t / 2) / N``. So tied hands score the same, the mean
    over all hands is exactly 0.5 (what drawing four fresh cards is worth), and a unique
    strongest hand scores ``(N - 0.5) / N``.

    Read from the compact hand tables (``ranking.strengths()``, shares by ``np.bincount``).
    Four cards: one look-up by mask (the shares placed by table index). Fewer: the mean over
    every completion to four cards from the rest of the pack (cached per card set).
    """

    _cache: ClassVar[dict[tuple[int, frozenset[str]], Strength]] = {}

    def __init__(self, ranking: Ranking, losing: frozenset[str] = frozenset()) -> None:
        import numpy as np

        self.ranking = ranking
        self.losing = losing
        strengths = ranking.strengths()  # per table index: dense, larger better, equal ties
        counts = np.bincount(strengths)
        below = np.cumsum(counts) - counts  # hands weaker than each strength
        # the hands it beats, and half of those it ties (itself included): the mean over the
        # pack is exactly 0.5, a unique strongest hand is (N - 0.5) / N
        shares = (below + counts / 2) / len(strengths)
        by_index: list[float] = shares[strengths].tolist()
        if losing:  # hands of a class that can never win are worth nothing
            table = ranking.hand_table
            zero = {i for i, name in enumerate(table.classes) if name in losing}
            by_index = [0.0 if table.class_ids[i] in zero else v
                        for i, v in enumerate(by_index)]
        c1, c2, c3, c4 = colex_offsets(ranking.pack)
        bits = [card.bit for card in ranking.pack.cards]
        index = [card.index for card in ranking.pack.cards]
        # every hand's table index by its mask (the OR of its card bits)
        self._index_by_mask: dict[int, int] = {
            bits[a] | bits[b] | bits[c] | bits[d]: sum(sorted_terms)
            for a, b, c, d in combinations(range(len(bits)), 4)
            for sorted_terms in [_terms(sorted((index[a], index[b], index[c], index[d])),
                                        c1, c2, c3, c4)]
        }
        # every hand's share by its mask
        self._by_mask: dict[int, float] = {
            mask: by_index[i] for mask, i in self._index_by_mask.items()}
        table = ranking.hand_table
        #: Per table index: the dense strength (larger better) and the class id.
        self.strengths: list[int] = list(table.strength)
        self.class_ids: list[int] = list(table.class_ids)
        self._partial: dict[int, float] = {}

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
        """
        twin = copy.copy(self)
        twin._by_mask = {mask: values[i] for mask, i in self._index_by_mask.items()}
        twin._partial = {}
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


def _mask_of(cards: Iterable[Card]) -> int:
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
    base = _mask_of(keep)
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


def unseen_cards(view: PlayerView) -> list[Card]:
    """What the viewer cannot see: the pack less its own cards and discards and the open cards.

    The open cards are every seat's cards dealt face up and still held
    (``view.seats[i].open``, :data:`~primero.state.FACE_UP`): every player sees them.
    """
    known = _mask_of(view.hand) | _mask_of(view.discarded)
    for seat in view.seats:
        for card in seat.open:
            known |= card.bit
    return [c for c in view.variant.ranking.pack.cards if not known & c.bit]


def _others_open(view: PlayerView) -> tuple[Card, ...]:
    """The cards the other seats hold face up (``view.seats[i].open``), in seat order.

    Cards the viewer sees but cannot draw: a completion of its own hand never holds them.
    ``()`` in a deal without face-up cards.
    """
    return tuple(card for i, seat in enumerate(view.seats) if i != view.seat
                 for card in seat.open)


def _opponent_hands(view: PlayerView, need: int) -> tuple[list[int], list[int], int]:
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
        bases.append(_mask_of(opened))
        hidden.append(HAND_SIZE - len(opened))
    return bases, hidden, need + sum(hidden)


def _dealt_hands(drawn: Sequence[int], start: int, bases: Sequence[int],
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


class CallTest:
    """The variant's "meets the call" test on table indices (docs/rules/cardano.md).

    The rule and the allowed understatements come from the variant's options ``call_rule``
    and ``understatements`` (a variant without them meets a call by rank: ``at_least``), so
    :meth:`meets` answers exactly as :meth:`~primero.variants.cardano.CallBook.meets` does
    at the showdown. Use :meth:`of` (cached per ranking and options).
    """

    _cache: ClassVar[dict[tuple[int, str, str], CallTest]] = {}

    @classmethod
    def of(cls, view: PlayerView) -> CallTest:
        """The (cached) test of the viewer's variant."""
        variant = view.variant
        settings = variant.options
        rule = str(settings.get("call_rule", "at_least"))
        allowed = str(settings.get("understatements", "none"))
        key = (id(variant.ranking), rule, allowed)
        found = cls._cache.get(key)
        if found is None or found.book.ranking is not variant.ranking:
            found = cls._cache[key] = cls(variant.ranking, rule, allowed)
        return found

    book: CallBook

    def __init__(self, ranking: Ranking, rule: str, understatements: str) -> None:
        self.book = call_book(ranking)
        self.rule = rule
        allowed = parse_understatements(understatements)
        classes = ranking.hand_table.classes
        self._classes = classes
        self._answers: dict[str, frozenset[int]] = {
            called: frozenset(i for i, held in enumerate(classes)
                              if held == called or (held, called) in allowed)
            for called in classes}
        self._keys = ranking.hand_table.keys
        self._thresholds: dict[Call, int] = {}

    def threshold(self, call: Call) -> int:
        """The dense strength of the weakest hand ranking at or above ``call``."""
        found = self._thresholds.get(call)
        if found is None:
            found = self._thresholds[call] = bisect_left(self._keys, self.book.key(call))
        return found

    def meets(self, table: Strength, mask: int, call: Call, *, by_rank: bool = False) -> bool:
        """Whether the four-card hand ``mask`` meets ``call`` under the variant's rule.

        With ``by_rank``, whether it ranks at or above the call (what a hand can still answer
        by naming a call of its own class in a later round).
        """
        index = table.index_of_mask(mask)
        if table.strengths[index] < self.threshold(call):
            return False
        return by_rank or self.rule == "at_least" \
            or table.class_ids[index] in self._answers[call.hand_class]

    def share_meeting(self, table: Strength, finals: Sequence[int], call: Call) -> float:
        """The share of ``finals`` (hand masks) that meet ``call``."""
        if not finals:
            return 0.0
        return self.share_of_pairs(_pairs(table, finals), call)

    def share_of_pairs(self, pairs: Sequence[tuple[int, int]], call: Call) -> float:
        """The share of hands, given as ``(strength, class id)`` pairs, meeting ``call``."""
        if not pairs:
            return 0.0
        floor = self.threshold(call)
        if self.rule == "at_least":
            return sum(1 for s, _ in pairs if s >= floor) / len(pairs)
        answers = self._answers[call.hand_class]
        return sum(1 for s, c in pairs if s >= floor and c in answers) / len(pairs)


def _pairs(table: Strength, finals: Sequence[int]) -> list[tuple[int, int]]:
    """``(strength, class id)`` of each hand mask."""
    index, strengths, classes = table.index_of_mask, table.strengths, table.class_ids
    return [(strengths[i], classes[i]) for i in map(index, finals)]


def best_call(options: Sequence[Vie | Hold], view: PlayerView, table: Strength,
              rng: random.Random, finals: Sequence[int] | None = None) \
        -> tuple[Vie | Hold, float]:
    """The call (among ``options``, all of one amount) the viewer's hand most likely meets.

    With four cards: the lowest call the hand meets under the variant's rule (a hand meets
    exactly the calls of its class, or of a class it may answer by an allowed understatement,
    at or below it: docs/rules/cardano.md). With fewer: over the hands it may end as (exact
    or sampled, :func:`final_hands`), the lowest call of the class it most often meets.

    Args:
        options: Vies or raises naming calls.
        view: The caller's view.
        table: The ranking's strength table.
        rng: For sampling the final hands.
        finals: The final hands already drawn for the viewer's hand (masks), if any.

    Returns:
        The action and the share of its final hands that meet its call (1.0 or 0.0 with four
        cards).
    """
    test = CallTest.of(view)
    book = test.book

    def key_of(a: Vie | Hold) -> tuple[int, ...]:
        call = a.call
        assert call is not None  # the legal actions offer attainable calls only
        return book.key(call)

    ordered = sorted(options, key=key_of)
    if finals is None:
        finals = final_hands(table, view.hand, unseen_cards(view), rng)
    pairs = _pairs(table, finals)
    lowest: dict[str, Vie | Hold] = {}
    for a in ordered:
        assert a.call is not None
        lowest.setdefault(a.call.hand_class, a)
    scored = [(test.share_of_pairs(pairs, a.call), -i, a)  # type: ignore[arg-type]
              for i, a in enumerate(lowest.values())]
    share, _, action = max(scored, key=lambda t: (t[0], t[1]))
    return action, share


class HeuristicAgent:
    """Plays sensibly on exact hand strength (see the module docstring).

    Args:
        aggression: 0..1; higher vies and raises on weaker hands.
        bluff: Probability of naming a call above the hand (calling variant).
    """

    name = "heuristic"

    def __init__(self, aggression: float = 0.5, bluff: float = 0.1) -> None:
        self.aggression = aggression
        self.bluff = bluff

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action by hand strength, pot and what is owed."""
        legal = view.legal
        strength_table = Strength.of(view.variant.ranking)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and len(exchanges) == len(legal):
            return self._exchange(view, exchanges, strength_table, rng)
        seen = _others_open(view)
        # fewer than four cards: the mean over the completions the viewer can still get
        strength = strength_table.of_hand(view.hand, unseen_cards(view) if seen else None) \
            if view.hand else 0.5
        recall: Vie | Hold | None = None
        if isinstance(view.extra(CALL_KEY), Call) and view.hand:
            # only hands meeting the standing call can win: a hand that cannot is worth 0,
            # unless it names a call of its own above the standing one
            strength, recall = call_outlook(view, strength_table, rng)
        return self._bet(view, legal, strength, strength_table, rng, recall)

    def _exchange(self, view: PlayerView, options: list[Exchange], table: Strength,
                  rng: random.Random) -> Action:
        if isinstance(view.extra(CALL_KEY), Call):
            return max(options, key=lambda a: (
                eligible_strength(view, table, [c for c in view.hand if c not in a.discards],
                                  rng), -len(a.discards)))
        seen = _others_open(view)
        best = max(options, key=lambda a: (
            table.after_exchange(view.hand, a.discards, rng, seen), -len(a.discards)))
        return best

    def _bet(self, view: PlayerView, legal: Sequence[Action], strength: float,
             table: Strength, rng: random.Random,
             recall: Vie | Hold | None = None) -> Action:
        push = strength + (self.aggression - 0.5) * 0.2
        vies = [a for a in legal if isinstance(a, Vie)]
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
        holds = [a for a in legal if isinstance(a, Hold) and a.raise_by == 0]
        passes = [a for a in legal if isinstance(a, Pass)]
        folds = [a for a in legal if isinstance(a, Fold)]
        if any(p.exchange for p in passes):  # no-fold variant: a pass spoils the hand least
            seen = _others_open(view)
            passes = [max(passes, key=lambda p: table.after_exchange(view.hand, p.exchange,
                                                                      rng, seen))]
        called: list[Vie | Hold] = [a for a in vies if a.call is not None]
        called += [a for a in raises if a.call is not None]
        if called and rng.random() >= self.bluff:
            # name a call only with a fair chance to meet it (docs/rules/cardano.md)
            _, share = best_call(called, view, table, rng)
            if share < MIN_CALL_SHARE and (holds or passes or folds):
                vies, raises = [], []
        owed = view.owed
        if vies:
            if push > 0.62:
                return self._sized(vies, push, view, table, rng)
            if passes:
                return passes[0]
        me = view.seats[view.seat]
        if raises and push > 0.85 and me.round_bet < 2 * view.table.rest * push:
            return self._sized(raises, push, view, table, rng)
        if holds and (push > 0.45 or (owed <= view.table.stake and push > 0.3)
                      or (not passes and not folds)):
            if recall is not None:  # holding would leave the hand short of the call
                return cheapest_with_call(legal, recall)
            return holds[0]
        if passes and (owed == 0 or push > 0.25):
            return passes[0]
        if folds and owed > 0:
            return folds[0]
        if passes:
            return passes[0]
        if holds:
            return holds[0]
        if called:
            return self._sized(called, push, view, table, rng)
        return rng.choice(list(legal))

    def _sized(self, options: Sequence[Vie | Hold], push: float, view: PlayerView,
               table: Strength, rng: random.Random) -> Action:
        amounts = sorted({a.amount if isinstance(a, Vie) else a.raise_by for a in options})
        pick = amounts[min(len(amounts) - 1, int((push - 0.6) / 0.4 * len(amounts)))] \
            if push > 0.6 else amounts[0]
        sized = [a for a in options
                 if (a.amount if isinstance(a, Vie) else a.raise_by) == pick]
        calls = [a for a in sized if a.call is not None]
        if not calls:
            return sized[0]
        return self._choose_call(calls, view, table, rng)

    def _choose_call(self, options: Sequence[Vie | Hold], view: PlayerView,
                     table: Strength, rng: random.Random) -> Action:
        """The call its hand most likely meets (:func:`best_call`); now and then a bluff.

        A bluff names the call just above the one chosen, in the same class: a hand that
        does not meet it can still take the pot if everyone else folds.
        """
        action, _ = best_call(options, view, table, rng)
        if rng.random() < self.bluff:
            assert action.call is not None
            book = call_book(view.variant.ranking)
            mine = book.key(action.call)
            above = sorted((a for a in options if a.call is not None
                            and a.call.hand_class == action.call.hand_class
                            and book.key(a.call) > mine), key=lambda a: book.key(a.call))  # type: ignore[arg-type]
            if above:
                return above[0]
        return action


def call_outlook(view: PlayerView, table: Strength, rng: random.Random) \
        -> tuple[float, Vie | Hold | None]:
    """The hand's worth under the standing call, or under a call of its own if that is more.

    Returns:
        ``(strength, recall)``: the mean strength of the final hands meeting the standing
        call (:func:`eligible_strength`), and ``None``; or, when naming a legal call above
        it (:func:`best_call`) is worth more, that worth and the vie or raise naming it.
    """
    finals = final_hands(table, view.hand, unseen_cards(view), rng)
    strength = eligible_strength(view, table, view.hand, rng, finals=finals)
    called = [a for a in view.legal if isinstance(a, Vie | Hold) and a.call is not None]
    if not called:
        return strength, None
    action, _ = best_call(called, view, table, rng, finals)
    assert action.call is not None
    own = eligible_strength(view, table, view.hand, rng, action.call, finals=finals)
    if own > strength:
        return own, action
    return strength, None


def cheapest_with_call(legal: Sequence[Action], like: Vie | Hold) -> Action:
    """The smallest vie or raise of ``legal`` naming ``like``'s call (``like`` if none)."""
    same = [a for a in legal if isinstance(a, type(like)) and a.call == like.call]
    return min(same, key=lambda a: a.amount if isinstance(a, Vie) else a.raise_by) \
        if same else like


def eligible_strength(view: PlayerView, table: Strength, keep: Sequence[Card],
                      rng: random.Random, call: Call | None = None, *,
                      finals: Sequence[int] | None = None) -> float:
    """Mean strength of the hands ``keep`` may end as, a hand missing the call counting 0.

    The call is ``call``, by default the standing call (none: plain mean strength). Exact
    over the completions when there are few, else sampled (:func:`final_hands`); ``finals``
    gives those hands when they are already drawn.
    """
    if finals is None:
        finals = final_hands(table, keep, unseen_cards(view), rng)
    if call is None:
        call = view.extra(CALL_KEY)
    if not finals:
        return 0.0
    if not isinstance(call, Call):
        return sum(table.share_of_mask(m) for m in finals) / len(finals)
    test = CallTest.of(view)
    # with cards still to come a betting round follows, where a hand that ranks above the
    # call can name a call of its own class (call_outlook): count it
    by_rank = len(keep) < len(view.hand) or len(view.hand) < HAND_SIZE
    return sum(table.share_of_mask(m) for m in finals
               if test.meets(table, m, call, by_rank=by_rank)) / len(finals)


#: A call is named only when at least this share of the caller's possible final hands meet it
#: (bluffs aside).
MIN_CALL_SHARE = 0.4


def showdown_chance(view: PlayerView, table: Strength, keep: Sequence[Card],
                    rng: random.Random, samples: int = 128, call: Call | None = None) -> float:
    """The chance that the viewer wins at the showdown, from what its view shows.

    Estimated by sampling (``samples`` draws from ``rng``; the view hides the other hands, so
    the library's exact showdown odds, which need every hand known, do not apply): the
    viewer's hand ``keep`` is completed to four cards and every other player still in gets
    four cards: the cards it holds face up (``view.seats[i].open``) and the rest, like the
    viewer's completion, from the cards the viewer cannot see (:func:`unseen_cards`). A hand
    that does not meet the standing call (or ``call``) cannot win (with cards still to come,
    one ranking at or above it counts: a later round lets it name its own call); a tie
    counts as a share.

    Args:
        view: The viewer's view.
        table: The ranking's strength table.
        keep: The viewer's cards after any exchange being weighed.
        rng: The generator the samples come from.
        samples: How many deals to sample.
        call: The call to meet instead of the standing call.

    Returns:
        A probability, 0..1.
    """
    if call is None:
        standing = view.extra(CALL_KEY)
        call = standing if isinstance(standing, Call) else None
    test = CallTest.of(view) if call is not None else None
    by_rank = len(keep) < HAND_SIZE or len(keep) < len(view.hand)
    opponents = sum(1 for i, seat in enumerate(view.seats) if i != view.seat and not seat.folded)
    base = _mask_of(keep)
    pool = [c.bit for c in unseen_cards(view) if not base & c.bit]
    need = HAND_SIZE - len(keep)
    take = need + HAND_SIZE * opponents
    # opponents holding cards face up: each hand is its open cards and hidden draws
    bases: list[int] = []
    hidden: list[int] = []
    opened = bool(_others_open(view))
    if opened:
        bases, hidden, take = _opponent_hands(view, need)
        while take > len(pool) and bases:  # too few cards: the last opponents drop out
            take -= hidden.pop()
            bases.pop()
    elif take > len(pool):
        opponents = max(0, (len(pool) - need) // HAND_SIZE)
        take = need + HAND_SIZE * opponents
    strengths, index, classes = table.strengths, table.index_of_mask, table.class_ids
    never = {i for i, name in enumerate(view.variant.ranking.hand_table.classes)
             if name == NOTHING}
    floors = _shown_strength(view)
    # the opponent who named the standing call most likely meets it (a caller names calls it
    # can plausibly meet, bluffs aside): a deal where its hand does not counts for less
    caller = _caller_among(view, call) if test is not None else None
    total = 0.0
    kept = 0.0
    for _ in range(samples):
        drawn = rng.sample(pool, take)
        mine = base
        for b in drawn[:need]:
            mine |= b
        hands = _dealt_hands(drawn, need, bases, hidden) if opened else \
            [drawn[at] | drawn[at + 1] | drawn[at + 2] | drawn[at + 3]
             for at in range(need, take, HAND_SIZE)]
        if any(table.share_of_mask(h) < f for h, f in zip(hands, floors, strict=False)):
            continue  # not a hand that would have bet as this player did
        weight = 1.0
        if caller is not None and caller < len(hands) and test is not None \
                and call is not None and not test.meets(table, hands[caller], call,
                                                        by_rank=by_rank):
            weight = BLUFF_WEIGHT
        kept += weight
        i_me = index(mine)
        if classes[i_me] in never or (test is not None and call is not None
                                      and not test.meets(table, mine, call, by_rank=by_rank)):
            continue
        me = strengths[i_me]
        ties = 1
        beaten = False
        for other in hands:
            if test is not None and call is not None \
                    and not test.meets(table, other, call, by_rank=by_rank):
                continue
            theirs = strengths[index(other)]
            if theirs > me:
                beaten = True
                break
            ties += theirs == me
        if not beaten:
            total += weight / ties
    return total / kept if kept else 0.0


#: How much a sampled deal counts, against 1, when the opponent who named the standing call
#: holds a hand that does not meet it (a bluff: :class:`HeuristicAgent` bluffs one call in ten).
BLUFF_WEIGHT = 1.0


def _caller_among(view: PlayerView, call: Call | None) -> int | None:
    """Where the opponent who named ``call``, the standing call, sits among the live ones.

    Returns:
        Its position among the viewer's live opponents in seat order; ``None`` when the
        viewer named it, or no one still in did.
    """
    if call is None or view.extra(CALL_KEY) != call:
        return None
    last = last_call(view.history)
    if last is None or last[0] == view.seat:
        return None
    live = [i for i, seat in enumerate(view.seats) if i != view.seat and not seat.folded]
    return live.index(last[0]) if last[0] in live else None


#: The least strength a player's hand is taken to have after a vie or raise, and after a
#: hold, this deal (the odds player's reading of the public log).
VIED_FLOOR = 0.65
HELD_FLOOR = 0.45


def _shown_strength(view: PlayerView) -> list[float]:
    """Per live opponent (seat order), the least strength its betting this deal suggests."""
    floors = []
    for i, seat in enumerate(view.seats):
        if i == view.seat or seat.folded:
            continue
        said = [str(text) for s, text in view.history if s == i]
        if any(t.startswith(("vie", "hold raise")) for t in said):
            floors.append(VIED_FLOOR)
        elif any(t == "hold" for t in said):
            floors.append(HELD_FLOOR)
        else:
            floors.append(0.0)
    return floors


def _amount_of(action: Action) -> int:
    return action.amount if isinstance(action, Vie) else action.raise_by \
        if isinstance(action, Hold) else 0


class FinalHands:
    """What a declare-and-redraw opponent's four cards are after its exchange, by strength.

    In Primiera (docs/rules/primiera.md) a hand served at the deal is declared and ends the
    deal, so an opponent reaches the exchange only unserved; it then throws the cards that
    best serve it, and its final hand is served far more often than four cards drawn at
    random are (about 24 % against 12 % over ``italian40``), mostly as a Primiera. What
    beating it is worth therefore follows from its final hands, not from the pack's hands.

    The method (per ranking, once per process, :meth:`of`):

    * **hands** — :data:`OPPONENT_HANDS` unserved four-card hands drawn with a local
      ``random.Random(OPPONENT_SEED)`` (never the global generator: the same table every run);
    * **exchange** — each throws the discard whose draw has the best mean strength, an
      unserved hand counting nothing, fewer cards on a tie (``Strength.of(ranking,
      {"Nothing"}).after_exchange``: the rule both computer players used to follow);
    * **draw** — every completion of the cards kept from the cards the hand leaves counts
      (exact up to :data:`OPPONENT_COMPLETIONS`, every draw of one or two cards from 36;
      beyond, that many sampled with the same generator), each hand weighing 1.

    The result is the chance of each final dense strength (``ranking.hand_table.strength``:
    the suit tie-breaks are in it) and of ending unserved; :meth:`beaten` turns it into the
    chance that a hand beats the opponent (an unserved opponent is beaten by any served hand;
    a tie counts half). Knowing how many cards an opponent threw (the public log shows it)
    narrows it: the sampled hands that threw as many (:meth:`distribution`).

    Attributes:
        ranking: The ranking (it has the class ``"Nothing"``).
        hands: The unserved hands sampled, per number of cards thrown (0-4).
    """

    _cache: ClassVar[dict[int, FinalHands]] = {}

    def __init__(self, ranking: Ranking) -> None:
        rng = random.Random(OPPONENT_SEED)
        plain = Strength.of(ranking)
        served = Strength.of(ranking, frozenset({NOTHING}))
        nothing = ranking.hand_table.classes.index(NOTHING)
        self.ranking = ranking
        self._size = max(plain.strengths) + 1
        # per number of cards thrown: the sampled hands' chances of each final strength,
        # the unserved ones at index 0 (an unserved hand's own strength, the weakest)
        totals = [[0.0] * (self._size + 1) for _ in range(HAND_SIZE + 1)]
        self.hands = [0] * (HAND_SIZE + 1)
        pack = list(ranking.pack.cards)
        subsets = [d for k in range(HAND_SIZE + 1) for d in combinations(range(HAND_SIZE), k)]
        while sum(self.hands) < OPPONENT_HANDS:
            hand = rng.sample(pack, HAND_SIZE)
            if plain.class_ids[plain.index_of_mask(_mask_of(hand))] != nothing:
                continue  # served at the deal: declared, it never reaches the exchange
            options = [tuple(hand[i] for i in d) for d in subsets]
            thrown = max(options, key=lambda d: (served.after_exchange(hand, d), -len(d)))
            keep = [c for c in hand if c not in thrown]
            finals = final_hands(plain, keep, [c for c in pack if c not in hand], rng,
                                 OPPONENT_COMPLETIONS)
            row = totals[len(thrown)]
            for mask in finals:
                i = plain.index_of_mask(mask)
                row[0 if plain.class_ids[i] == nothing else plain.strengths[i] + 1] \
                    += 1 / len(finals)
            self.hands[len(thrown)] += 1
        self._totals = totals
        self._beaten: dict[int | None, list[float]] = {}
        self._tables: dict[tuple[tuple[int | None, ...], int], Strength] = {}

    @classmethod
    def of(cls, ranking: Ranking) -> FinalHands:
        """The (cached) final hands of ``ranking``'s opponents."""
        found = cls._cache.get(id(ranking))
        if found is None or found.ranking is not ranking:
            found = cls._cache[id(ranking)] = cls(ranking)
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
        nothing = self.ranking.hand_table.classes.index(NOTHING)
        counts = [0] * (self._size + 1)
        for s, c in zip(plain.strengths, plain.class_ids, strict=True):
            counts[0 if c == nothing else s + 1] += 1
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
            nothing = self.ranking.hand_table.classes.index(NOTHING)
            beaten = [self.beaten(t) for t in key[0]]
            cancelled = 1.0 / players
            for t in key[0]:
                cancelled *= self.distribution(t)[0]
            values = []
            for s, c in zip(plain.strengths, plain.class_ids, strict=True):
                if c == nothing:
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


class OddsAgent:
    """Plays on its chance to win at the showdown, with pot odds.

    The method, per decision (docs/rules/waks.md for the betting it answers):

    * **chance** — :func:`showdown_chance`: ``samples`` sampled deals of the cards it cannot
      see (its own draws and every live opponent's four cards, those it holds face up
      kept), seeded by the ``rng`` it is given; in Cardano only hands meeting the standing
      call count.
    * **exchanges** (an exchange step, or Suzuki's pass) — every legal discard is weighed by
      the same chance with the cards it keeps (``exchange_samples`` deals each), the best
      expected chance taken, fewer cards thrown on a tie. In the declare-and-redraw
      Primiera (docs/rules/primiera.md: only unserved hands reach the exchange, and only
      served ones win) the weight is exact instead: the mean over every draw of the share
      of the pot the final hand is worth (:meth:`FinalHands.pot_shares`: the chance it beats
      each opponent's final hand, as those follow from unserved hands exchanging, narrowed
      by the cards each opponent is seen to throw; an unserved hand is worth its even share
      of a cancelled deal's pot). Against one opponent this picks the heuristic's discard
      for every unserved hand (all 80,430 of ``italian40`` checked): the chance to be served
      decides it. Against more, a draw to a weak Primiera, which must beat them all, gives
      way to a better chance of a strong hand (docs/analysis.md has the figures).
    * **vie** when the chance beats an even share (``1 / players still in``) by ``margin``,
      sized by the edge; otherwise pass (or check).
    * **hold** when the chance is at least the pot odds, ``owed / (pot + owed)``; **raise**
      when it is well above an even share (a raise never above twice the rest in a round);
      else fold (or pass, where nobody folds).
    * **calls** (Cardano) — as :class:`HeuristicAgent` names them (:func:`best_call`): the
      call its hand most likely meets under the variant's call rule; a hand short of the
      standing call that can name its own raises instead of holding. The opponent who named
      the standing call is taken to meet it (a deal where it does not counts
      :data:`BLUFF_WEIGHT`); in the last round a vie or raise worth more chips than the plan
      replaces it (:func:`pressure_call`: a call nobody still in can meet or answer makes
      them fold).

    Args:
        samples: Sampled deals per chance.
        exchange_samples: Sampled deals per exchange weighed.
        margin: The edge over an even share needed to vie or raise.
    """

    name = "odds"

    def __init__(self, samples: int = 160, exchange_samples: int = 48,
                 margin: float = 0.08) -> None:
        self.samples = samples
        self.exchange_samples = exchange_samples
        self.margin = margin

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose the action with the best chance for the chips (see the class docstring)."""
        return self.advise(view, rng)[0]

    def advise(self, view: PlayerView, rng: random.Random) -> tuple[Action, float, str]:
        """The action, the chance to win at the showdown it was chosen on, and why.

        Returns:
            ``(action, chance, reason)``: the chance as a probability (0..1) from what the
            view shows (for a declare-and-redraw exchange, the expected share of the pot,
            0..1), and one line saying why the action, e.g. ``"a 62% chance beats the pot
            odds of 25%: hold"``.
        """
        legal = view.legal
        table = Strength.of(view.variant.ranking)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and len(exchanges) == len(legal):
            best, chance = self._best_exchange(view, [a.discards for a in exchanges], table,
                                               rng)
            chosen = next(a for a in exchanges if a.discards == best)
            thrown = f"throw {len(best)}" if best else "keep every card"
            worth = "expected share of the pot" if NOTHING in view.variant.ranking.classes \
                else "chance"
            return chosen, chance, f"{thrown}: the best {worth} after the draw, {chance:.0%}"
        chance = showdown_chance(view, table, view.hand, rng, self.samples)
        recall: Vie | Hold | None = None
        called: list[Vie | Hold] = [a for a in legal
                                    if isinstance(a, Vie | Hold) and a.call is not None]
        if called and isinstance(view.extra(CALL_KEY), Call):
            pick, _ = best_call(called, view, table, rng)
            own = showdown_chance(view, table, view.hand, rng, self.samples, pick.call)
            if own > chance:
                chance, recall = own, pick
        action, why = self._bet(view, legal, chance, table, rng, recall)
        if called and len(view.hand) == HAND_SIZE:
            # the last round of the calling game: a call is a weapon as well as a promise
            pressed = pressure_call(view, legal, action, chance, table, rng, self.samples)
            if pressed is not None:
                action, why = pressed
        return action, chance, why

    def _best_exchange(self, view: PlayerView, options: Sequence[tuple[Card, ...]],
                       table: Strength, rng: random.Random) -> tuple[tuple[Card, ...], float]:
        classes = view.variant.ranking.classes
        if NOTHING in classes:
            # declare and redraw: the exact expected share of the pot after the draw, against
            # the opponents' final hands (FinalHands.pot_shares)
            worth = FinalHands.of(view.variant.ranking).pot_shares(opponents_thrown(view),
                                                                    len(view.seats))
            seen = _others_open(view)
            best = max(options, key=lambda d: (worth.after_exchange(view.hand, d, seen=seen),
                                               -len(d)))
            return best, worth.after_exchange(view.hand, best, seen=seen)
        scored = []
        for discards in options:
            keep = [c for c in view.hand if c not in discards]
            scored.append((showdown_chance(view, table, keep, rng, self.exchange_samples),
                           -len(discards), discards))
        chance, _, best = max(scored, key=lambda t: (t[0], t[1]))
        return best, chance

    def _bet(self, view: PlayerView, legal: Sequence[Action], chance: float, table: Strength,
             rng: random.Random, recall: Vie | Hold | None) -> tuple[Action, str]:
        vies = [a for a in legal if isinstance(a, Vie)]
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
        holds = [a for a in legal if isinstance(a, Hold) and a.raise_by == 0]
        passes = [a for a in legal if isinstance(a, Pass)]
        folds = [a for a in legal if isinstance(a, Fold)]
        live = 1 + sum(1 for i, seat in enumerate(view.seats)
                       if i != view.seat and not seat.folded)
        even = 1 / live
        edge = (chance - even) / (1 - even) if live > 1 else 1.0
        owed = view.owed
        pct = f"{chance:.0%}"
        if any(p.exchange for p in passes):  # nobody folds: a pass exchanges, pick the best
            best, _ = self._best_exchange(view, [p.exchange for p in passes], table, rng)
            passes = [next(p for p in passes if p.exchange == best)]
        if vies and chance > even + self.margin:
            return self._sized(vies, edge, view, table, rng), \
                f"a {pct} chance beats an even share of {even:.0%}: vie"
        me = view.seats[view.seat]
        if raises and chance > even + 2 * self.margin and edge > 0.4 \
                and me.round_bet < 2 * view.table.rest:
            return self._sized(raises, edge, view, table, rng), \
                f"a {pct} chance is well above an even share of {even:.0%}: raise"
        if owed == 0:
            if passes:
                return passes[0], f"a {pct} chance is not worth a vie: pass"
            if holds:
                return holds[0], f"a {pct} chance, nothing owed: hold"
        odds = owed / (view.pot + owed) if owed else 0.0
        if holds and (chance >= odds or not (passes or folds)):
            if recall is not None:
                return cheapest_with_call(legal, recall), \
                    f"a {pct} chance once it names {recall.call}: raise to name it"
            return holds[0], f"a {pct} chance beats the pot odds of {odds:.0%}: hold"
        if folds:
            return folds[0], f"a {pct} chance is below the pot odds of {odds:.0%}: fold"
        if passes:
            return passes[0], f"a {pct} chance is below the pot odds of {odds:.0%}: pass"
        if holds:
            return holds[0], f"a {pct} chance: hold"
        choice = vies or raises or list(legal)
        return self._sized(choice, 0.0, view, table, rng) if vies or raises \
            else rng.choice(choice), f"a {pct} chance: the only moves left"

    def _sized(self, options: Sequence[Action], edge: float, view: PlayerView, table: Strength,
               rng: random.Random) -> Action:
        amounts = sorted({_amount_of(a) for a in options})
        pick = amounts[min(len(amounts) - 1, max(0, int(edge * len(amounts))))]
        sized = [a for a in options if _amount_of(a) == pick]
        calls = [a for a in sized if isinstance(a, Vie | Hold) and a.call is not None]
        if not calls:
            return sized[0]
        action, _ = best_call(calls, view, table, rng)
        return action


def _opponents_sampled(view: PlayerView, table: Strength, rng: random.Random,
                       samples: int) -> list[tuple[float, list[int]]]:
    """Sampled deals of the live opponents' four cards: ``(weight, dense strengths)`` each.

    Each hand is its owner's open cards and the rest from the cards the viewer's view hides,
    each at least as strong as its owner's betting suggests (:func:`_shown_strength`); a deal
    where the opponent who named the standing call does not meet it weighs
    :data:`BLUFF_WEIGHT`.
    """
    live = sum(1 for i, seat in enumerate(view.seats) if i != view.seat and not seat.folded)
    pool = [c.bit for c in unseen_cards(view)]
    take = HAND_SIZE * live
    # opponents holding cards face up: each hand is its open cards and hidden draws
    bases: list[int] = []
    hidden: list[int] = []
    opened = bool(_others_open(view))
    if opened:
        bases, hidden, take = _opponent_hands(view, 0)
    if live == 0 or take > len(pool):
        return []
    floors = _shown_strength(view)
    standing = view.extra(CALL_KEY)
    call = standing if isinstance(standing, Call) else None
    caller = _caller_among(view, call)
    test = CallTest.of(view)
    strengths, index = table.strengths, table.index_of_mask
    out = []
    for _ in range(samples):
        drawn = rng.sample(pool, take)
        hands = _dealt_hands(drawn, 0, bases, hidden) if opened else \
            [drawn[at] | drawn[at + 1] | drawn[at + 2] | drawn[at + 3]
             for at in range(0, len(drawn), HAND_SIZE)]
        if any(table.share_of_mask(h) < f for h, f in zip(hands, floors, strict=False)):
            continue
        weight = 1.0
        if caller is not None and call is not None \
                and not test.meets(table, hands[caller], call):
            weight = BLUFF_WEIGHT
        out.append((weight, [strengths[index(h)] if table.share_of_mask(h) >= HELD_FLOOR
                             else -1 for h in hands]))
    return out


def pressure_call(view: PlayerView, legal: Sequence[Action], planned: Action, chance: float,
                  table: Strength, rng: random.Random, samples: int = FINALS_LIMIT) \
        -> tuple[Action, str] | None:
    """In the calling game's last round, a vie or raise worth more chips than ``planned``.

    With no card to come, an opponent whose hand ranks below a call can neither meet it nor
    name a call of its own above it, so it cannot win the showdown and folds
    (docs/rules/cardano.md: only hands meeting the standing call can win; bluffing is
    allowed); a hand ranking at or above it plays on. For each class, its lowest legal call
    at the smallest and largest amounts is weighed, with ``F`` the chance that every live
    opponent folds and ``W`` the chance, when one plays on, that the viewer's hand meets the
    call and beats it: worth ``F * pot + (1 - F) * (W * (pot + bet) - (1 - W) * (owed +
    bet))`` chips (``bet`` the vie or the raise). The plan is worth ``0`` (fold, pass) or
    ``chance * (pot + owed) - owed`` (hold); a vie or raise in the plan is weighed like the
    others.

    Returns:
        The better vie or raise and why, or ``None`` when the plan is worth as much.
    """
    deals = _opponents_sampled(view, table, rng, samples)
    total = sum(w for w, _ in deals)
    if not total:
        return None
    test = CallTest.of(view)
    book = test.book
    mask = _mask_of(view.hand)
    mine = table.strengths[table.index_of_mask(mask)]
    pot, owed = view.pot, view.owed
    # the calls the hand meets, from the lowest to its own value, and one bluff: the lowest
    # call of the class just above the hand's own
    classes = view.variant.ranking.hand_table.classes
    own = table.class_ids[table.index_of_mask(mask)]
    every = sorted((a for a in legal if isinstance(a, Vie | Hold) and a.call is not None),
                   key=lambda a: book.key(a.call))  # type: ignore[arg-type]
    bets = [a for a in every if test.meets(table, mask, a.call)]  # type: ignore[arg-type]
    above = classes[own + 1] if own + 1 < len(classes) else None
    bluffs = [a for a in every if a.call is not None and a.call.hand_class == above]
    amounts = sorted({_amount_of(a) for a in bets})
    candidates: list[Vie | Hold] = []
    for amount in ({amounts[0], amounts[-1]} if amounts else set()):
        met = [a for a in bets if _amount_of(a) == amount]
        step = max(1, (len(met) - 1) // (PRESSURE_CALLS - 1))
        candidates += met[::step]
        candidates.append(met[-1])
    if bluffs:
        candidates += [a for a in bluffs if _amount_of(a) == _amount_of(bluffs[0])][:1]
    if not candidates:
        return None
    if isinstance(planned, Vie | Hold) and planned.call is not None:
        candidates.append(planned)

    def worth(a: Vie | Hold) -> float:
        assert a.call is not None
        floor = test.threshold(a.call)
        meets = test.meets(table, mask, a.call)
        bet = _amount_of(a)
        out = on = win = 0.0
        for w, others in deals:
            playing = [s for s in others if s >= floor]
            if not playing:
                out += w
                continue
            on += w
            if meets:
                top = max(playing)
                win += w if mine > top else w / 2 if mine == top else 0.0
        fold = out / total
        won = win / on if on else 0.0
        return fold * pot + (1 - fold) * (won * (pot + bet) - (1 - won) * (owed + bet))

    if isinstance(planned, Vie | Hold) and planned.call is not None:
        plan = worth(planned)
    elif isinstance(planned, Hold):
        plan = chance * (pot + owed) - owed
    else:
        plan = 0.0
    value, best = max(((worth(a), a) for a in candidates), key=lambda t: t[0])
    if best == planned or value <= plan + PRESSURE_EDGE:
        return None
    return best, (f"calling {best.call} is worth {value:+.1f} chips against {plan:+.1f}: "
                  f"{'vie' if isinstance(best, Vie) else 'raise'}")


#: The chips a vie or raise chosen by :func:`pressure_call` must be worth above the plan.
PRESSURE_EDGE = 0.25
#: The calls :func:`pressure_call` weighs per amount, evenly spread from the lowest call the
#: hand meets to its own value.
PRESSURE_CALLS = 5


def hint(view: PlayerView, seed: int = 0) -> str:
    """The terminal game's ``hint``: the chance to win at the showdown and the odds advice.

    The chance is :func:`showdown_chance` of the viewer's cards as they stand, from what its
    view shows (the cards it cannot see, sampled with ``random.Random(seed)``; the other
    players' betting read as :class:`OddsAgent` reads it); the advice is what
    :class:`OddsAgent` would do, with one line of why.

    Args:
        view: The view of the player to advise (its turn: ``view.legal`` not empty).
        seed: The seed of the sampling (same seed, same hint).

    Returns:
        Two lines, e.g. ``chance to win at the showdown: 62% (from your cards and the
        betting so far)`` and ``the odds player would hold: a 62% chance beats the pot odds
        of 25%: hold``.
    """
    rng = random.Random(seed)
    action, chance, why = OddsAgent(samples=400).advise(view, rng)
    if isinstance(action, Exchange):  # the advice weighed the hand after the draw
        chance = showdown_chance(view, Strength.of(view.variant.ranking), view.hand, rng, 400)
    return (f"chance to win at the showdown: {chance:.0%} (from your cards and the betting "
            f"so far)\nthe odds player would {action}: {why}")


#: The agents by name, as the CLI offers them.
AGENTS: dict[str, type[RandomAgent] | type[HeuristicAgent] | type[OddsAgent]
             | type[EquilibriumAgent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "odds": OddsAgent,
    "equilibrium": EquilibriumAgent,
}


def make_agent(name: str) -> Agent:
    """A new agent by name (``"random"``, ``"heuristic"`` or ``"odds"``).

    Raises:
        UnknownAgentError: (a ``ValueError``) unknown name; the message lists the known ones.
    """
    try:
        return AGENTS[name]()
    except KeyError:
        raise UnknownAgentError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") \
            from None


def play_deal(state: GameState, agents: Sequence[Agent] | Mapping[str, Agent],
              rng: random.Random, *, max_actions: int = 10_000) -> GameState:
    """Let the agents (one per seat) play the deal to its end.

    Args:
        state: The deal to play on.
        agents: One agent per seat: a list in seat order, or a dict by player name (the same
            shapes :func:`play_session` takes).
        rng: The agents' generator.
        max_actions: The most actions to play.

    Raises:
        PrimeroError: not one agent per player.
        EndlessDealError: the deal did not end within ``max_actions`` or within the bound
            the engine computes from the table (a rules fault; the plug-ins are named), or a
            table without a bound on raises (huge stacks; give the table a ``raise_cap``,
            docs/rules/waks.md).
    """
    players = state.players
    if isinstance(agents, Mapping) or len(agents) != len(players):
        by_name = _by_name(agents, players)
        agents = [by_name[name] for name in players]
    acts = [agent.act for agent in agents]
    apply = state.context.engine.apply  # state.apply(action), one call less per action
    for _ in range(max_actions):
        if state.over:
            return state
        seat = state.to_act
        assert seat is not None
        # state.view(seat) without its checks (the seat to act is a seat of the deal)
        state = apply(state, acts[seat](state_view(state, seat), rng))
    raise EndlessDealError(f"the deal did not end within {max_actions} actions")


def _by_name(agents: Sequence[Agent] | Mapping[str, Agent], players: Sequence[str]) \
        -> dict[str, Agent]:
    """The agents by player name: a mapping as given, or one per player in ``players``' order.

    Raises:
        PrimeroError: a sequence of another length, or a player without an agent.
    """
    if isinstance(agents, Mapping):
        missing = [p for p in players if p not in agents]
        if missing:
            raise PrimeroError(f"no agent for {', '.join(missing)}: give one per player "
                               "(a list in seat order, or a dict by name)")
        return dict(agents)
    listed = list(agents)
    if len(listed) != len(players):
        raise PrimeroError(f"{len(players)} players but {len(listed)} agents: give one per "
                           "player (a list in seat order, or a dict by name)")
    return dict(zip(players, listed, strict=True))


def play_session(session: Session, agents: Sequence[Agent] | Mapping[str, Agent], deals: int,
                 rng: random.Random) -> tuple[Session, list[GameState]]:
    """Play up to ``deals`` deals (fewer if the session ends).

    Args:
        session: The session to go on with.
        agents: One agent per player, as :func:`play_deal` takes them: a list in the order of
            ``session.players`` (the seats at the start), or a dict by player name.
        deals: The most deals to play.
        rng: The agents' generator.

    Returns:
        The session after the last deal and every finished deal.

    Raises:
        PrimeroError: not one agent per player.
    """
    by_name = _by_name(agents, session.players)
    finished: list[GameState] = []
    for _ in range(deals):
        if session.finished:
            break
        state = session.start_deal()
        state = play_deal(state, by_name, rng)
        finished.append(state)
        session = session.after(state)
    return session, finished

