"""The rollout player: the odds player's betting on a chance read from tables (:class:`TableOdds`).

The search player (:mod:`primero.agents.search`) plays every candidate action to the end of
the deal in many drawn worlds; the players of those rollouts must answer a bet as the odds
player (:class:`~primero.agents.odds.OddsAgent`) does, and cost next to nothing. The odds
player samples the hidden hands at every decision (:func:`~primero.agents.odds.showdown_chance`,
160 deals); :class:`TableOdds` reads its chances instead from the ranking's strength table
(:func:`table_chance`): over the hands its cards may end as (every one when few, else
:data:`FINALS` of them spread evenly by strength,
:func:`~primero.agents.strength.spread_hands`: no generator, and off by about ``1 / FINALS``
where a sample is off by ``1 / sqrt(FINALS)``), the chance to beat each live opponent is the
share of the pack's hands its final hand beats, among the hands that opponent's betting this
deal leaves it (:meth:`~primero.agents.reading.Reading.floors`, through
:func:`~primero.agents.odds.caller_chance`), the opponents taken as independent. A hand that
can never win (the variant's advice) wins nothing. In the calling game a hand that misses the
call wins nothing and an opponent's that misses it loses, the caller's missing hands weighed
by its betting frequency, and the chance that nobody meets it (the pot carries over) is read
too (:class:`CallField`). With an exchange ahead the chance is that of the best cards to keep
(:func:`~primero.agents.odds.keeps_ahead`): without a call, those of the best exact chance
over every final hand (:func:`keep_chance`); with one, the best chance over the spread final
hands (not sampled, so the best is not biased upward and is not read again). Card removal
and the opponents' exchanges (:meth:`~primero.agents.reading.Reading.keep_floors`) are left
out (``benchmarks/bench_rollout.py``: the two chances' mean gap is under a point but in
Cardano, where the table's is about two points lower). Answers are cached per
hand, floors, call and who has paid, so a rollout player asked again in another world pays a
dictionary look-up.

The betting rule is the odds player's own (:meth:`~primero.agents.odds.OddsAgent.advise`),
made of the odds module's public parts, nothing priced here: a vie worth
:func:`~primero.agents.odds.vie_worth` (each opponent answering by its fold rate, the one
bound to hold by :func:`~primero.agents.odds.bound_to_hold`) or, raised again (an option,
off by default: :class:`TableOdds`), :func:`~primero.agents.odds.reraised_worth`, against
passing (a showdown at the chance, or in
the last round :func:`~primero.agents.odds.carry_share`): made when the chance beats an even
share by ``margin``, or when it beats passing by
:data:`~primero.agents.odds.FOLD_EQUITY_EDGE` stakes; a raise well above an even share; a
hold when :func:`~primero.agents.odds.hold_worth` (the carried pot counted, plus
:func:`~primero.agents.odds.later_worth` with cards still to come) clears
:data:`~primero.agents.odds.STACK_EDGE` of the chips the raisers may take it to
(:func:`~primero.agents.odds.expected_stake`); else a pass or a fold. In the calling game a
hand whose chance is better under a call of its own (:func:`~primero.agents.calling.best_call`)
raises to name it (:func:`~primero.agents.calling.cheapest_with_call`) where it would hold, if
that chance also beats the cards held under the standing call, read over the same final hands
(with cards to come the two are mostly equal: the odds player then mostly holds).
In the calling game's last round a vie or raise worth more than the plan replaces it, the
odds player's own :func:`~primero.agents.calling.pressure_call` on
:data:`PRESSURE_SAMPLES` deals (a call an opponent can neither meet nor answer makes it fold).
Exchanges take the best expected strength
(:meth:`~primero.agents.strength.Strength.after_exchange`, exact), fewer cards thrown on a tie
(the odds player's sampled discard agrees with itself about half the time, its next
generator's: ``bench_rollout.py --ceiling``). Left out: its pooling of a deal's chances.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from math import prod
from typing import ClassVar

import numpy as np
from attrs import frozen

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.advice import CallAdvice
from primero.agents.calling import (
    advice_of,
    amount_of,
    best_call,
    caller_among,
    calls_of,
    cheapest_with_call,
    meets,
    meets_by_index,
    pressure_call,
    standing_call,
)
from primero.agents.odds import (
    FOLD_EQUITY_EDGE,
    STACK_EDGE,
    bound_to_hold,
    caller_chance,
    caller_chances,
    carry_share,
    expected_stake,
    hold_worth,
    keeps_ahead,
    last_round,
    later_worth,
    reraised_worth,
    vie_worth,
)
from primero.agents.reading import PRIOR_FOLD_BET, Reading
from primero.agents.strength import Strength, mask_of, others_open, spread_hands, unseen_cards
from primero.cards import Card
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = ["CACHE_LIMIT", "FINALS", "FOLD_REFERENCE", "PRESSURE_SAMPLES", "CallField", "Chances",
           "TableOdds", "best_discard", "clear_caches", "keep_chance", "table_chance"]

#: The most final hands :func:`table_chance` looks at (every one when there are no more).
#: A chance read over 24 is off by about 0.06; over 64 the table's chance is within half a
#: point of the odds player's on average (``benchmarks/bench_rollout.py``, Waks heads-up).
FINALS = 64
#: The seen fold rate at and above which a rollout opponent keeps every fold it would make
#: (:attr:`TableOdds.seen`): the prior's, so that only a seat seen to fold less folds less. (A
#: reference above the prior thins folds before anything is seen: Revival heads-up vs the
#: odds player, 80 deals, +0.43 [+0.19, +0.66] at the prior, +0.01 [-0.15, +0.18] at 1.0.)
FOLD_REFERENCE = PRIOR_FOLD_BET
#: The most chances :class:`TableOdds` keeps cached (the cache is emptied when full).
CACHE_LIMIT = 200_000
#: The opponents' deals a table-odds player draws to weigh a pressure call
#: (:func:`~primero.agents.calling.pressure_call`; the odds player draws its ``samples``).
PRESSURE_SAMPLES = 40

#: The legal actions by kind, the vies' amounts, the fold rates now and, for the one bound to
#: hold, later (:meth:`TableOdds._parts`).
_Parts = tuple[list[Vie], list[Hold], list[Hold], list[Pass], list[Fold], list[int], list[float],
               list[float]]

_DISCARDS: dict[tuple[object, ...], tuple[Card, ...]] = {}
_FINALS: dict[tuple[object, ...], list[int]] = {}
_RECALLS: dict[tuple[object, ...], Call | None] = {}
_CALLERS: dict[tuple[object, ...], int | None] = {}
_CHANCES: dict[tuple[object, ...], tuple[Chances, list[int]]] = {}
_PRESSED: dict[tuple[object, ...], Action | None] = {}


def clear_caches() -> None:
    """Empty the caches every table-odds player shares (chances, final hands, discards, calls).

    What a decision asked for the first time costs is measured from here
    (``benchmarks/bench_rollout.py --cost``); the answers do not change.
    """
    for cache in (_DISCARDS, _FINALS, _RECALLS, _CALLERS, _CHANCES, _PRESSED):
        cache.clear()
    CallField.clear()


@frozen
class Chances:
    """What :func:`table_chance` reads: the chances the odds player's betting is priced on.

    Attributes:
        chance: The chance to win at the showdown (0..1), the mean over the final hands.
        spread: Per final hand, ``(1.0, its strength, its chance)``, what
            :func:`~primero.agents.odds.later_worth` weighs.
        beat_one: The chance to beat one live opponent (the mean over them; 0 where the
            viewer's hand cannot win), what :func:`~primero.agents.odds.vie_worth` takes.
        beat_funders: The chance to beat every live opponent who has put chips in (1 when
            none has): what a vie left unanswered wins where nobody folds.
        carried: The chance that no hand still in meets the standing call (the pot carries
            over, docs/rules/cardano.md); 0 without a call.
    """

    chance: float
    spread: list[tuple[float, float, float]]
    beat_one: float
    beat_funders: float
    carried: float


class CallField:
    """The pack's hands in order of strength, and which miss a call (for :func:`table_chance`).

    An opponent who bets holds a hand at least as strong as its floor; in the calling game a
    hand that misses the standing call cannot win (docs/rules/cardano.md), so the viewer beats
    it whatever its strength. The counts are prefix sums over the hands sorted by share, so
    each question is two binary searches. Built once per table, call book, call and
    ``by_rank`` (:meth:`of`).
    """

    _cache: ClassVar[dict[tuple[int, int, Call, bool], CallField]] = {}
    #: The shares of the pack's hands, weakest first.
    shares: list[float]
    #: ``misses[k]``: how many of the ``k`` weakest hands miss the call.
    misses: list[int]

    def __init__(self, table: Strength, book: CallAdvice, call: Call, by_rank: bool) -> None:
        order = np.argsort(table.share_array, kind="stable")
        self.shares = table.share_array[order].tolist()
        missed = ~meets_by_index(book, table, call, by_rank=by_rank)[order]
        self.misses = [0, *np.cumsum(missed).tolist()]

    @classmethod
    def clear(cls) -> None:
        """Empty the cache of fields (:meth:`of`)."""
        cls._cache.clear()

    @classmethod
    def of(cls, table: Strength, book: CallAdvice, call: Call, by_rank: bool) -> CallField:
        """The field of ``call`` (cached)."""
        key = (id(table), id(book), call, by_rank)
        found = cls._cache.get(key)
        if found is None:
            if len(cls._cache) >= CACHE_LIMIT:
                cls._cache.clear()
            found = cls._cache[key] = cls(table, book, call, by_rank)
        return found

    def beaten(self, share: float, floor: float, bluff: float = 1.0) -> tuple[float, float]:
        """``(beaten, missed)``: the chances that an opponent's hand loses to ``share``, and misses.

        The opponent holds any hand of share at least ``floor``, each alike, except that a
        hand missing the call weighs ``bluff`` (the caller's betting frequency,
        :meth:`~primero.agents.reading.Reading.bluff_weight`; 1 for the others): it loses
        to every hand that meets the call. A hand of the viewer's share counts half.
        """
        shares, misses = self.shares, self.misses
        n = len(shares)
        low = bisect_left(shares, floor)
        missed = misses[n] - misses[low]
        weight = (n - low - missed) + bluff * missed
        if weight <= 0:
            return 1.0, 1.0

        def met_below(k: int) -> int:
            k = max(k, low)
            return (k - low) - (misses[k] - misses[low])

        below = (met_below(bisect_left(shares, share)) + met_below(bisect_right(shares, share))) / 2
        return (below + bluff * missed) / weight, bluff * missed / weight


def table_chance(view: PlayerView, table: Strength, floors: Sequence[float],
                 finals: Sequence[int], never: frozenset[int] = frozenset(), *,
                 call: Call | None = None, by_rank: bool | None = None,
                 funded: Sequence[bool] = (), caller: int | None = None,
                 bluff: float = 1.0) -> Chances:
    """The chances at the showdown, read from the strength table (module docstring).

    Each live opponent holds, alike, any of the pack's hands at least as strong as its floor
    (the hands its betting leaves it): the viewer's final hand of share ``s`` beats it with
    :func:`~primero.agents.odds.caller_chance` of ``s`` and the floor, the opponents taken as
    independent. With a call to meet (Cardano), the viewer's hand that misses it wins nothing,
    and an opponent's hand that misses it loses (:class:`CallField`), the caller's missing
    hands weighed by ``bluff``, as the odds player weighs them.

    Args:
        view: The viewer's view (its standing call and variant are read).
        table: The ranking's strength table.
        floors: Per live opponent, the least strength its betting suggests (0..1).
        finals: The masks of the four-card hands the viewer's cards may end as.
        never: Class ids of hands that can never win.
        call: The call to meet (default: the standing call).
        by_rank: Whether a hand meets the call by ranking at or above it (cards still to
            come; default: fewer than four cards in the viewer's hand).
        funded: Per live opponent, whether it has put chips in (default: none has).
        caller: The position among the live opponents of the one who named the call.
        bluff: How much a hand of the caller's that misses its call weighs (0..1).

    Returns:
        The :class:`Chances`.
    """
    book = calls_of(view)
    if call is None:
        call = standing_call(view)
    if by_rank is None:
        by_rank = len(view.hand) < HAND_SIZE
    field = CallField.of(table, book, call, by_rank) \
        if book is not None and call is not None else None
    index, classes = table.index_of_mask, table.class_ids
    weights = [bluff if j == caller else 1.0 for j in range(len(floors))]
    missed = 1.0
    if field is not None:
        for f, w in zip(floors, weights, strict=True):
            missed *= field.beaten(0.0, f, w)[1]
    paid = [j for j, p in enumerate(funded[:len(floors)]) if p]
    spread: list[tuple[float, float, float]] = []
    total = one = funders = carried = 0.0
    for m in finals:
        s = table.share_of_mask(m)
        if (never and classes[index(m)] in never) or (
                field is not None and not meets(book, table, m, call,  # type: ignore[arg-type]
                                                by_rank=by_rank)):
            spread.append((1.0, s, 0.0))
            carried += missed if field is not None else 0.0
            continue
        if field is None:
            each = [caller_chance(s, f) for f in floors]
        else:
            each = [field.beaten(s, f, w)[0] for f, w in zip(floors, weights, strict=True)]
        won = prod(each)
        spread.append((1.0, s, won))
        total += won
        one += sum(each) / len(each) if each else 1.0
        funders += prod(each[j] for j in paid)
    n = len(finals)
    if not n:
        return Chances(0.0, spread, 0.0, 1.0 if not paid else 0.0, 0.0)
    return Chances(total / n, spread, one / n, funders / n if paid else 1.0, carried / n)


def keep_chance(table: Strength, keep: Sequence[Card], floors: Sequence[float]) -> float:
    """The exact chance that the final hand of ``keep`` beats every live opponent, no call.

    Over every final hand (:meth:`~primero.agents.strength.Strength.final_spread`, the rest
    of the pack), each opponent holding alike any hand at least as strong as its floor
    (:func:`~primero.agents.odds.caller_chances`), the opponents taken as independent, as
    :func:`table_chance` reads it over sampled final hands. Heads-up against any hand (a
    floor of 0) it is the expected strength (:meth:`~primero.agents.strength.Strength.of_hand`).
    """
    values, weights = table.final_spread(keep)
    won = np.ones_like(values)
    for f in floors:
        won = won * caller_chances(values, f)
    return float(weights @ won)


def best_discard(view: PlayerView, table: Strength, options: Sequence[tuple[Card, ...]]) \
        -> tuple[Card, ...]:
    """The discard of ``options`` with the best expected strength after the draw.

    :meth:`~primero.agents.strength.Strength.after_exchange` (exact, the other seats' open
    cards left out of the draw), fewer cards thrown on a tie; cached per hand, open cards
    and options, for every table-odds player.
    """
    seen = others_open(view)
    key = (table, mask_of(view.hand), mask_of(seen), tuple(mask_of(d) for d in options))
    found = _DISCARDS.get(key)
    if found is None:
        found = max(options, key=lambda d: (table.after_exchange(view.hand, d, seen=seen),
                                            -len(d)))
        if len(_DISCARDS) >= CACHE_LIMIT:
            _DISCARDS.clear()
        _DISCARDS[key] = found
    return found


class TableOdds:
    """The odds player's betting on a chance read from tables (see the module docstring).

    Args:
        reading: The opponents' betting as observed (default: the prior alone); it observes
            every view it decides on.
        margin: The edge over an even share needed to vie or raise (the odds player's).
        finals: The most final hands a chance looks at (:data:`FINALS`).
        seen: The session's reading of the seat this player plays in a rollout (``None``:
            it folds as the odds player would). A fold it would make facing a bet is kept
            with chance ``fold_rate / FOLD_REFERENCE`` (at most 1; the seat's
            :meth:`~primero.agents.reading.Reading.fold_rate` with the prior
            :data:`~primero.agents.reading.PRIOR_FOLD_BET`, :data:`FOLD_REFERENCE`), else it
            holds: a seat seen to fold less than the prior folds less in the rollouts, as the
            real player does.
        pressure: Whether, in the calling game's last round, a vie or raise worth more than
            the plan replaces it, as the odds player's does
            (:func:`~primero.agents.calling.pressure_call`; on by default).
        reraised: Whether a vie is priced, as the odds player prices it, for being raised
            again (:func:`~primero.agents.odds.reraised_worth`, as often as
            :meth:`~primero.agents.reading.Reading.raise_again` says). Off by default: the
            search did worse with it, Revival heads-up against odds players, 80 deals,
            paired -0.17 [-0.30, -0.03] chips a deal (without it -0.01 [-0.10, +0.07]
            against the rollouts before this pricing), though its players then play the odds
            player's kind of action more often at three (Waks 91.7 % -> 94.1 %, Revival
            89.2 % -> 95.3 %; ``benchmarks/bench_rollout.py --reraised``).
    """

    name = "table-odds"
    #: Whether a vie is priced for being raised again (see the class docstring).
    reraised: bool
    #: Whether it makes the odds player's pressure calls in the calling game's last round.
    pressure: bool

    def __init__(self, reading: Reading | None = None, margin: float = 0.08,
                 finals: int = FINALS, seen: Reading | None = None,
                 reraised: bool = False, pressure: bool = True) -> None:
        #: The opponents' betting as observed over the session (:class:`Reading`).
        self.reading: Reading = Reading() if reading is None else reading
        self.margin = margin
        self.finals = finals
        #: The session's reading of the seat it plays (its folds as observed), or ``None``.
        self.seen: Reading | None = seen
        self.reraised = reraised
        self.pressure = pressure
        self._name_calls = True
        self._called = False
        self._priced = 0.0
        # the public parts of the last decision (:meth:`_parts`), kept while nothing is observed
        self._keep = False
        self._memo: tuple[object, object, _Parts] | None = None
        self._floors: tuple[object, tuple[float, ...]] | None = None

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The odds player's choice on the table's chance (see the module docstring)."""
        return self.decide(view, rng)

    def decide(self, view: PlayerView, rng: random.Random, observe: bool = True,
               name_calls: bool = True) -> Action:
        """The choice :meth:`act` makes, with two savings for a caller that asks often.

        Args:
            view: The viewer's view (its turn).
            rng: Draws of the call named, if any.
            observe: Whether the reading observes ``view`` first (``False``: it has already
                observed this public log, e.g. another view differing only in the hand).
            name_calls: Whether a vie or raise names the call its hand most likely meets
                (``False``: the first of the legal ones of the amount chosen, cheaper when
                only the amount matters).

        Returns:
            A legal action of ``view``.
        """
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        self._keep = not observe
        if observe:
            self.reading.observe(view)
            self._memo = self._floors = None
        table = Strength.of(view.variant.ranking)
        if all(isinstance(a, Exchange) for a in legal):
            exchanges = [a for a in legal if isinstance(a, Exchange)]
            best = best_discard(view, table, [a.discards for a in exchanges])
            return next(a for a in exchanges if a.discards == best)
        found, finals = self.chance(view, table, rng)
        return self._bet(view, legal, found, finals, table, rng, name_calls)

    def chance(self, view: PlayerView, table: Strength, rng: random.Random,
               call: Call | None = None) -> tuple[Chances, list[int]]:
        """The chances (:func:`table_chance`) and the final hands they were read over.

        As the odds player reads its chance: with an exchange still ahead, those of the best
        cards to keep (:func:`~primero.agents.odds.keeps_ahead`); the call to meet the
        standing one (or ``call``, the viewer's hand as it is), the caller's missing hands
        weighed by its betting frequency. Cached for every table-odds player (per variant,
        hand, floors, call, open cards, whether an exchange is ahead, who has put chips in,
        the caller and its weight): the answer depends on nothing else. Final hands are
        sampled (when there are more than ``finals``) from a generator seeded by the cards
        kept, so the answer does not depend on ``rng`` either.
        """
        known = self._floors
        if known is not None and known[0] is view.history:
            floors = known[1]
        else:
            floors = tuple(round(f, 2) for f in self.reading.floors(view))
            if self._keep:
                self._floors = (view.history, floors)
        opened = others_open(view)
        keeps = keeps_ahead(view) if call is None else [tuple(view.hand)]
        named = standing_call(view) if call is None else call
        live = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
        funded = tuple(view.seats[i].contributed > 0 for i in live)
        caller = None
        if named is not None:
            # who named it: the variant reads it from the whole public log, so cached by the
            # log (a rollout's first decisions share it from world to world)
            at = (view.history, view.seat, named)
            caller = _CALLERS.get(at, -1)
            if caller == -1:
                if len(_CALLERS) >= CACHE_LIMIT:
                    _CALLERS.clear()
                caller = _CALLERS[at] = caller_among(view, named)
        bluff = 1.0 if caller is None else round(self.reading.bluff_weight(view, live[caller]), 2)
        key = (view.variant, view.hand, floors, named, opened, len(keeps), self.finals, funded,
               caller, bluff)
        found = _CHANCES.get(key)
        if found is None:
            pool = self._pool(view, opened)
            names = advice_of(view).never_wins
            never = frozenset(i for i, c in enumerate(view.variant.ranking.hand_table.classes)
                              if c in names)
            best = -1.0
            if named is None and len(keeps) > 1:
                # no call to meet: the cards to keep are those of the best exact chance
                # (keep_chance, over every final hand: heads-up against any hand it is the
                # expected strength), chosen without the noise of sampled final hands (a
                # choice among noisy chances costs agreement with the odds player: Waks
                # heads-up 93 % -> 95 %)
                keeps = [max(keeps, key=lambda k: (keep_chance(table, k, floors), len(k)))]
            for keep in keeps:
                finals = self._finals(table, keep, pool, opened)
                got = table_chance(view, table, floors, finals, never, call=named,
                                   by_rank=len(keep) < HAND_SIZE or len(keep) < len(view.hand),
                                   funded=funded, caller=caller, bluff=bluff)
                # the final hands are spread evenly, not sampled: the best of several chances
                # is not biased upward, and needs no second reading
                if found is None or got.chance > best:
                    best, found = got.chance, (got, finals)
            assert found is not None  # keeps_ahead lists the hand first
            if len(_CHANCES) >= CACHE_LIMIT:
                _CHANCES.clear()
            _CHANCES[key] = found
        return found

    @staticmethod
    def _pool(view: PlayerView, opened: tuple[Card, ...]) -> list[Card]:
        """The cards final hands are drawn from: the unseen ones where cards lie open."""
        return unseen_cards(view) if opened else list(view.variant.ranking.pack.cards)

    def _finals(self, table: Strength, keep: Sequence[Card], pool: list[Card],
                opened: tuple[Card, ...]) -> list[int]:
        """The final hands of ``keep``, spread evenly by strength, cached.

        Every one when there are at most ``finals``, else ``finals`` of them at even steps of
        strength (:func:`~primero.agents.strength.spread_hands`): the same every time.
        """
        mask = mask_of(keep)
        key = (table, mask, mask_of(opened), self.finals)
        found = _FINALS.get(key)
        if found is None:
            found = spread_hands(table, keep, pool, limit=self.finals)
            if len(_FINALS) >= CACHE_LIMIT:
                _FINALS.clear()
            _FINALS[key] = found
        return found

    def _bet(self, view: PlayerView, legal: Sequence[Action], found: Chances,
             finals: list[int], table: Strength, rng: random.Random,
             name_calls: bool = True) -> Action:
        """The odds player's betting rule (``OddsAgent.advise``) on the table's chances.

        In the calling game's last round (a full hand, calls on offer) a vie or raise worth
        more chips than the plan replaces it, as the odds player's does
        (:func:`~primero.agents.calling.pressure_call`, on :data:`PRESSURE_SAMPLES` deals
        drawn by a generator seeded by the hand and the log; cached per log and hand).
        """
        planned = self._plan(view, legal, found, finals, table, rng, name_calls)
        if not (self.pressure and name_calls and len(view.hand) == HAND_SIZE
                and self._called):
            return planned
        key = (view.history, view.seat, view.hand, planned, round(self._priced, 2))
        if key in _PRESSED:
            pressed = _PRESSED[key]
        else:
            seed = mask_of(view.hand) * 1_000_003 + len(view.history) * 101 + view.pot
            found_press = pressure_call(view, legal, planned, self._priced, table,
                                        random.Random(seed), PRESSURE_SAMPLES, self.reading)
            if len(_PRESSED) >= CACHE_LIMIT:
                _PRESSED.clear()
            pressed = _PRESSED[key] = None if found_press is None else found_press[0]
        return planned if pressed is None else pressed

    def _plan(self, view: PlayerView, legal: Sequence[Action], found: Chances,
              finals: list[int], table: Strength, rng: random.Random,
              name_calls: bool = True) -> Action:
        """The odds player's plan before any pressure call (:meth:`_bet`)."""
        self._name_calls = name_calls
        vies, raises, holds, passes, folds, amounts, rates, afterwards = self._parts(view, legal)
        live = 1 + sum(1 for i, seat in enumerate(view.seats)
                       if i != view.seat and not seat.folded)
        chance, carried = found.chance, found.carried
        recall: Vie | Hold | None = None
        offered: list[Vie | Hold] = [*vies, *raises]
        called = [a for a in offered if a.call is not None]
        self._called = bool(called)
        if called and standing_call(view) is not None:
            # naming a call of its own: worth it when its chance, with the pot carried over
            # when no hand meets it (an even share later), beats the standing call's
            opened = others_open(view)
            # the call its hand most likely meets, cached by what it depends on (the hand, the
            # open cards and the calls on offer: from the first and last offered, and how many)
            key = (view.variant, view.hand, opened, len(called), called[0], called[-1])
            named = _RECALLS.get(key)
            if named is None:
                pick, _ = best_call(called, view, table, rng,
                                    self._finals(table, view.hand, self._pool(view, opened),
                                                 opened))
                if len(_RECALLS) >= CACHE_LIMIT:
                    _RECALLS.clear()
                named = _RECALLS[key] = pick.call
            pick = next(a for a in called if a.call == named)
            own, _ = self.chance(view, table, rng, pick.call)
            # the odds player weighs its own call for the cards it holds, against the standing
            # call's chance of the best cards to keep: below the hand's own chance under the
            # standing call (the same final hands, so no noise between them) it never gains
            # (with cards to come every hand meets either by rank, and the two are equal)
            held, _ = self.chance(view, table, rng, standing_call(view))
            mine = own.chance + own.carried / live
            if mine > chance + carried / live and mine > held.chance + held.carried / live:
                chance, carried, recall = own.chance, own.carried, pick
        self._priced = chance
        even = 1 / live
        edge = (chance - even) / (1 - even) if live > 1 else 1.0
        owed = view.owed
        if any(p.exchange for p in passes):  # nobody folds: a pass exchanges, the best one
            best = best_discard(view, table, [p.exchange for p in passes])
            passes = [next(p for p in passes if p.exchange == best)]
        if vies:
            # priced per amount as the odds player prices it: each opponent lets it go by its
            # fold rate, and (with ``reraised``) it may be raised again, then held as a hold
            # of the raise
            unanswered = view.pot if folds or not passes else found.beat_funders * view.pot
            quiet = carry_share(view) if last_round(view) else chance * view.pot
            again = self.reading.raise_again(view) if self.reraised else 0.0
            worth, bet = max(((1 - again) * vie_worth(view, b, chance, rates, unanswered,
                                                      found.beat_one, afterwards)
                              + again * reraised_worth(view, b, chance, again), b)
                             for b in amounts)
            priced: list[Vie | Hold] = [a for a in vies if amount_of(a) == bet]
            if chance > even + self.margin and worth > -bet:
                return self._sized(priced if worth > quiet else vies,
                                   0.0 if worth > quiet else edge, view, finals, table, rng)
            if worth > quiet + FOLD_EQUITY_EDGE * view.table.stake:
                return self._sized(priced, 0.0, view, finals, table, rng)
        me = view.seats[view.seat]
        if raises and chance > even + 2 * self.margin and edge > 0.4 \
                and me.round_bet < 2 * view.table.rest:
            return self._sized(raises, edge, view, finals, table, rng)
        if owed == 0:
            if passes:
                return passes[0]
            if holds:
                return holds[0]
        # a pot nobody wins carries over (an even share of it later); an opponent who raises
        # again prices the hold at the stack; cards to come: it decides again later
        raised = self.reading.raise_again(view)
        worth_hold = hold_worth(view, chance + carried / live, raised)
        if owed and len(view.hand) < HAND_SIZE and calls_of(view) is None:
            worth_hold += (1 - raised) * later_worth(
                view, found.spread, owed, float(min(view.table.rest, max(0, view.stack - owed))),
                self.reading.bets_later(view))
        risked = raised * expected_stake(view, raised) * (1 - carried) \
            if owed < view.stack else 0.0
        if holds and (worth_hold >= STACK_EDGE * risked or not (passes or folds)):
            if recall is not None:
                return cheapest_with_call(legal, recall)
            return holds[0]
        if folds:
            if holds and self.seen is not None and rng.random() >= self.keeps_fold(view):
                return holds[0]
            return folds[0]
        if passes:
            return passes[0]
        if holds:
            return holds[0]
        choice: list[Vie | Hold] = [*vies, *raises]
        if choice:
            return self._sized(choice, 0.0, view, finals, table, rng)
        return rng.choice(list(legal))

    def keeps_fold(self, view: PlayerView) -> float:
        """The chance a fold it would make is kept (1 without :attr:`seen`; see the class)."""
        if self.seen is None:
            return 1.0
        rate = self.seen.fold_rate(view.seats[view.seat].name, PRIOR_FOLD_BET)
        return min(1.0, rate / FOLD_REFERENCE)

    def _parts(self, view: PlayerView, legal: Sequence[Action]) -> _Parts:
        """The legal actions by kind, the vies' amounts and the live opponents' fold rates.

        Public: while the reading observes nothing new (:meth:`decide` with ``observe=False``)
        they are kept for the next view of the same log and legal actions (a view that differs
        only in the hand, as the search's screening asks).
        """
        memo = self._memo
        if memo is not None and memo[0] is view.history and memo[1] is legal:
            return memo[2]
        vies: list[Vie] = []
        raises: list[Hold] = []
        holds: list[Hold] = []
        passes: list[Pass] = []
        folds: list[Fold] = []
        for a in legal:  # one pass: a calling game offers hundreds of vies and raises
            if isinstance(a, Vie):
                vies.append(a)
            elif isinstance(a, Hold):
                (raises if a.raise_by > 0 else holds).append(a)
            elif isinstance(a, Pass):
                passes.append(a)
            elif isinstance(a, Fold):
                folds.append(a)
        rates: list[float] = []
        afterwards: list[float] = []
        if vies:
            # the one bound to hold never lets a vie go, but folds its weak hands to the next
            # bet as often as it folds (the odds player's pricing)
            bound = bound_to_hold(view)
            others = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
            observed = self.reading.fold_rates(view)
            rates = [0.0 if i == bound else f for i, f in zip(others, observed, strict=True)]
            afterwards = [f if i == bound else 0.0
                          for i, f in zip(others, observed, strict=True)]
        parts = (vies, raises, holds, passes, folds, sorted({a.amount for a in vies}), rates,
                 afterwards)
        if self._keep:
            self._memo = (view.history, legal, parts)
        return parts

    def _sized(self, options: Sequence[Vie | Hold], edge: float, view: PlayerView,
               finals: list[int], table: Strength, rng: random.Random) -> Action:
        amounts = sorted({amount_of(a) for a in options})
        pick = amounts[min(len(amounts) - 1, max(0, int(edge * len(amounts))))]
        sized = [a for a in options if amount_of(a) == pick]
        calls = [a for a in sized if a.call is not None]
        if not calls or not self._name_calls:
            return sized[0]
        action, _ = best_call(calls, view, table, rng, finals or None)
        return action
