"""The rollout player: the odds player's betting on a chance read from tables (:class:`TableOdds`).

The search player (:mod:`primero.agents.search`) plays every candidate action to the end of
the deal in many drawn worlds; the players of those rollouts must answer a bet about as the
odds player (:class:`~primero.agents.odds.OddsAgent`) does, and cost next to nothing. The odds
player samples the hidden hands at every decision (:func:`~primero.agents.odds.showdown_chance`,
160 deals); :class:`TableOdds` reads its chance instead from the ranking's strength table
(:func:`table_chance`): over the hands its cards may end as (every one when few, else a
sample of :data:`FINALS`), the chance to beat each live opponent is the share of the pack's
hands its final hand beats, among the hands that opponent's betting this deal leaves it
(:meth:`~primero.agents.reading.Reading.floors`, through
:func:`~primero.agents.odds.caller_chance`), the opponents taken as independent. A hand that
can never win (the variant's advice) or misses the standing call wins nothing. Card removal
and the pot carried over when nobody meets a call are left out. Answers are cached per hand,
floors and call, so a rollout player asked again in another world pays a dictionary look-up.

The betting rule is the odds player's own, made of its public parts: a vie when the chance
beats an even share by ``margin`` or when a vie priced by the opponents' fold rates
(:func:`~primero.agents.odds.vie_worth`) beats passing; a raise well above an even share; a
hold when :func:`~primero.agents.odds.hold_worth` (plus :func:`~primero.agents.odds.later_worth`
with cards still to come) is not negative; else a pass or a fold. Exchanges take the best
expected strength (:meth:`~primero.agents.strength.Strength.after_exchange`, exact), fewer
cards thrown on a tie; a call named is the one the hand most likely meets
(:func:`~primero.agents.calling.best_call`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.agents.calling import advice_of, amount_of, best_call, calls_of, meets, standing_call
from primero.agents.odds import (
    FOLD_EQUITY_EDGE,
    bound_to_hold,
    caller_chance,
    carry_share,
    funders_chance,
    hold_worth,
    keeps_ahead,
    last_round,
    later_worth,
    vie_worth,
)
from primero.agents.reading import PRIOR_FOLD_BET, Reading
from primero.agents.strength import Strength, final_hands, mask_of, others_open, unseen_cards
from primero.cards import Card
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = ["CACHE_LIMIT", "FINALS", "FOLD_REFERENCE", "TableOdds", "best_discard", "table_chance"]

#: The most final hands :func:`table_chance` looks at (every one when there are no more).
FINALS = 24
#: The seen fold rate at and above which a rollout opponent keeps every fold it would make
#: (:attr:`TableOdds.seen`): the prior's, so that only a seat seen to fold less folds less. (A
#: reference above the prior thins folds before anything is seen: Revival heads-up vs the
#: odds player, 80 deals, +0.43 [+0.19, +0.66] at the prior, +0.01 [-0.15, +0.18] at 1.0.)
FOLD_REFERENCE = PRIOR_FOLD_BET
#: The most chances :class:`TableOdds` keeps cached (the cache is emptied when full).
CACHE_LIMIT = 200_000

#: The legal actions by kind, the vies' amounts and the fold rates (:meth:`TableOdds._parts`).
_Parts = tuple[list[Vie], list[Hold], list[Hold], list[Pass], list[Fold], list[int], list[float]]

_DISCARDS: dict[tuple[object, ...], tuple[Card, ...]] = {}
_FINALS: dict[tuple[object, ...], list[int]] = {}
_CHANCES: dict[tuple[object, ...], tuple[float, list[tuple[float, float, float]], list[int]]] = {}


def table_chance(view: PlayerView, table: Strength, floors: Sequence[float],
                 finals: Sequence[int], never: frozenset[int] = frozenset()) \
        -> tuple[float, list[tuple[float, float, float]]]:
    """The chance to win at the showdown, read from the strength table (module docstring).

    Args:
        view: The viewer's view (its standing call and variant are read).
        table: The ranking's strength table.
        floors: Per live opponent, the least strength its betting suggests (0..1).
        finals: The masks of the four-card hands the viewer's cards may end as.
        never: Class ids of hands that can never win.

    Returns:
        ``(chance, spread)``: the chance (0..1), the mean over ``finals``; and per final hand
        ``(1.0, its strength, its chance)``, what :func:`~primero.agents.odds.later_worth`
        weighs.
    """
    book = calls_of(view)
    call = standing_call(view)
    by_rank = len(view.hand) < HAND_SIZE
    index, classes = table.index_of_mask, table.class_ids
    spread: list[tuple[float, float, float]] = []
    total = 0.0
    for m in finals:
        s = table.share_of_mask(m)
        if (never and classes[index(m)] in never) or (
                book is not None and call is not None
                and not meets(book, table, m, call, by_rank=by_rank)):
            won = 0.0
        else:
            won = 1.0
            for f in floors:
                won *= caller_chance(s, f)
        spread.append((1.0, s, won))
        total += won
    return (total / len(finals) if finals else 0.0), spread


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
    """

    name = "table-odds"

    def __init__(self, reading: Reading | None = None, margin: float = 0.08,
                 finals: int = FINALS, seen: Reading | None = None) -> None:
        #: The opponents' betting as observed over the session (:class:`Reading`).
        self.reading: Reading = Reading() if reading is None else reading
        self.margin = margin
        self.finals = finals
        #: The session's reading of the seat it plays (its folds as observed), or ``None``.
        self.seen: Reading | None = seen
        self._name_calls = True
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
        chance, spread, finals = self.chance(view, table, rng)
        return self._bet(view, legal, chance, spread, finals, table, rng, name_calls)

    def chance(self, view: PlayerView, table: Strength, rng: random.Random) \
            -> tuple[float, list[tuple[float, float, float]], list[int]]:
        """The chance, its spread and the final hands (:func:`table_chance`).

        Cached for every table-odds player (per variant, hand, floors, standing call, open
        cards and whether an exchange is ahead): the answer depends on nothing else. Final
        hands are sampled (when there are more than ``finals``) from a generator seeded by the
        cards kept, so the answer does not depend on ``rng`` either.
        """
        known = self._floors
        if known is not None and known[0] is view.history:
            floors = known[1]
        else:
            floors = tuple(round(f, 2) for f in self.reading.floors(view))
            if self._keep:
                self._floors = (view.history, floors)
        opened = others_open(view)
        keeps = keeps_ahead(view)
        key = (view.variant, view.hand, floors, standing_call(view), opened, len(keeps),
               self.finals)
        found = _CHANCES.get(key)
        if found is None:
            pool = unseen_cards(view) if opened else list(view.variant.ranking.pack.cards)
            names = advice_of(view).never_wins
            never = frozenset(i for i, c in enumerate(view.variant.ranking.hand_table.classes)
                              if c in names)
            # an exchange still ahead: the best cards to keep (the odds player's keeps_ahead)
            for keep in keeps:
                finals = self._finals(table, keep, pool, opened)
                chance, spread = table_chance(view, table, floors, finals, never)
                if found is None or chance > found[0]:
                    found = (chance, spread, finals)
            assert found is not None  # keeps_ahead lists the hand itself first
            if len(_CHANCES) >= CACHE_LIMIT:
                _CHANCES.clear()
            _CHANCES[key] = found
        return found

    def _finals(self, table: Strength, keep: Sequence[Card], pool: list[Card],
                opened: tuple[Card, ...]) -> list[int]:
        """The final hands of ``keep`` (:func:`~primero.agents.strength.final_hands`), cached."""
        mask = mask_of(keep)
        key = (table, mask, mask_of(opened), self.finals)
        found = _FINALS.get(key)
        if found is None:
            found = final_hands(table, keep, pool, random.Random(mask), limit=self.finals)
            if len(_FINALS) >= CACHE_LIMIT:
                _FINALS.clear()
            _FINALS[key] = found
        return found

    def _bet(self, view: PlayerView, legal: Sequence[Action], chance: float,
             spread: list[tuple[float, float, float]], finals: list[int], table: Strength,
             rng: random.Random, name_calls: bool = True) -> Action:
        self._name_calls = name_calls
        vies, raises, holds, passes, folds, amounts, rates = self._parts(view, legal)
        live = 1 + sum(1 for i, seat in enumerate(view.seats)
                       if i != view.seat and not seat.folded)
        even = 1 / live
        edge = (chance - even) / (1 - even) if live > 1 else 1.0
        owed = view.owed
        if any(p.exchange for p in passes):  # nobody folds: a pass exchanges, the best one
            best = best_discard(view, table, [p.exchange for p in passes])
            passes = [next(p for p in passes if p.exchange == best)]
        if vies:
            unanswered = view.pot if folds or not passes else \
                funders_chance(view, chance) * view.pot
            quiet = carry_share(view) if last_round(view) else chance * view.pot
            worth, bet = max((vie_worth(view, b, chance, rates, unanswered), b)
                             for b in amounts)
            priced: list[Vie | Hold] = [a for a in vies if amount_of(a) == bet]
            if chance > even + self.margin:
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
        raised = self.reading.raise_again(view)
        worth_hold = hold_worth(view, chance, raised)
        if owed and len(view.hand) < HAND_SIZE and calls_of(view) is None:
            worth_hold += (1 - raised) * later_worth(
                view, spread, owed, float(min(view.table.rest, max(0, view.stack - owed))),
                self.reading.bets_later(view))
        if holds and (worth_hold >= 0 or not (passes or folds)):
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
        if vies:
            bound = bound_to_hold(view)
            others = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
            rates = [0.0 if i == bound else f
                     for i, f in zip(others, self.reading.fold_rates(view), strict=True)]
        parts = (vies, raises, holds, passes, folds, sorted({a.amount for a in vies}), rates)
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
