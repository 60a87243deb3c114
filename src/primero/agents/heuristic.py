"""The heuristic player: plays on exact hand strength (:class:`HeuristicAgent`).

It vies and holds on strength (the share of the pack's hands its hand beats, from the ranking
table; with fewer than four cards the mean over every completion), folds weak hands,
exchanges toward the best expected hand, names calls it can plausibly meet in a calling game
(bluffing now and then; the calls and their test are the variant's advice), and under a
no-fold variant passes with the exchange that spoils its hand least. It also vies the least
when its opponents fold to bets so often that the pot it takes outweighs the vie it risks (their
fold rates as observed, :class:`~primero.agents.reading.Reading`), and in a calling game holds
a call nobody may meet (the pot would carry over: an even share of it later). Facing a bet
outside a calling game it holds only at the pot odds: its chance to take the pot (each
opponent folds as often as observed, or holds a hand the viewer's final hand beats) must
pay for the hold priced as far as the opponents' observed raising takes it — the whole stack
against one who raises every time — with :data:`HOLD_EDGE` of the chips risked to spare. In a
calling game a whole hand that meets the standing call holds a raise instead of raising again
when an opponent is likely to raise once more (:data:`RAISE_AGAIN`) with a call that jumps
(:meth:`HeuristicAgent.call_jump`, at least :data:`CREEP`): a raise must name a higher call,
and the answer to it a higher one still, which the hand may not meet; against one who creeps
up a call at a time it still raises.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.agents.calling import (
    MIN_CALL_SHARE,
    best_call,
    call_outlook,
    calls_of,
    cheapest_with_call,
    eligible_strength,
    meets,
    share_of_pack_meeting,
    standing_call,
)
from primero.agents.odds import expected_stake, hold_worth, keeps_ahead
from primero.agents.reading import Reading
from primero.agents.strength import (
    Strength,
    final_hands,
    mask_of,
    others_open,
    unseen_cards,
)
from primero.cards import Card
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = ["CREEP", "FOLD_EDGE", "HOLD_EDGE", "PRIOR_JUMP", "RAISE_AGAIN", "HeuristicAgent",
           "hold_chance", "share_moments"]

#: The chips (in stakes) a vie made for the folds it wins must be worth above its risk.
FOLD_EDGE = 0.25
#: The share of the chips a hold risks that it must be expected to win (above breaking even).
HOLD_EDGE = 0.1
#: In a calling game, a whole hand meeting the standing call holds rather than raises when the
#: chance that some live opponent raises again (:meth:`Reading.raise_rate`) with a call that
#: jumps (:data:`CREEP`) is above this.
RAISE_AGAIN = 0.5
#: An opponent whose calls land on average at least this far up the calls it may name
#: (:meth:`HeuristicAgent.call_jump`) jumps over a hand that meets the standing call; one
#: below it creeps up a call at a time, and a raise chain with it grows a pot the hand wins.
CREEP = 0.25
#: The prior of :meth:`HeuristicAgent.call_jump`, worth one observed call.
PRIOR_JUMP = 0.5


def _deal_key(view: PlayerView) -> tuple[object, ...]:
    """The deal a view belongs to: the table, the dealer, the seat and the first card dealt."""
    first = tuple(r.card for r in view.received[:1])
    return (tuple(s.name for s in view.seats), view.dealer, view.seat, first)

_MOMENTS: dict[tuple[int, int], list[float]] = {}


def share_moments(table: Strength, view: PlayerView, keep: Sequence[Card],
                  degree: int) -> list[float]:
    """``[1, E[s], E[s**2], …]`` up to ``degree``: the moments of the viewer's final strength.

    ``s`` is the strength of a four-card hand the cards ``keep`` may end as, over every
    completion from the cards it cannot see (the rest of the pack when nobody holds cards face
    up: cached per hand).

    Args:
        table: The ranking's strength table.
        view: The viewer's view (only its open cards and variant are read).
        keep: The cards kept (0-4).
        degree: The highest power wanted.

    Returns:
        ``degree + 1`` moments, each 0..1.
    """
    mask = sum(c.bit for c in keep)
    seen = others_open(view)
    key = (id(table), mask)
    moments = None if seen else _MOMENTS.get(key)
    if moments is None or len(moments) <= degree:
        unseen = unseen_cards(view) if seen else list(view.variant.ranking.pack.cards)
        finals = final_hands(table, keep, unseen, random.Random(0),
                             limit=1 << 30)
        sums = [0.0] * (max(degree, 5) + 1)
        for m in finals:
            x = table.share_of_mask(m)
            p = 1.0
            for j in range(len(sums)):
                sums[j] += p
                p *= x
        moments = [v / len(finals) for v in sums] if finals else [1.0] + [0.0] * (len(sums) - 1)
        if not seen:
            _MOMENTS[key] = moments
    return moments[:degree + 1]


def hold_chance(moments: Sequence[float], folds: Sequence[float]) -> float:
    """The chance to take the pot: each opponent folds (chance ``folds[i]``) or is beaten.

    ``moments`` are ``[1, E[s], E[s**2], …]`` of the viewer's final strength ``s`` (the share
    of hands it beats), or ``[s]`` for a strength known exactly; opponents are taken as
    independent: ``E[prod_i (f_i + (1 - f_i) s)]``.

    Args:
        moments: The moments of the viewer's final strength (at least ``len(folds) + 1`` of
            them), or its exact strength alone.
        folds: Per live opponent, the chance that it lets the bet go.

    Returns:
        A probability, 0..1.
    """
    if len(moments) == 1:
        chance = 1.0
        for f in folds:
            chance *= f + (1 - f) * moments[0]
        return chance
    poly = [1.0]  # coefficients of prod_i (f_i + (1 - f_i) x), lowest power first
    for f in folds:
        nxt = [0.0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] += c * f
            nxt[j + 1] += c * (1 - f)
        poly = nxt
    return sum(c * moments[j] for j, c in enumerate(poly))


class HeuristicAgent:
    """Plays on exact hand strength (see the module docstring).

    Args:
        aggression: 0..1; higher vies and raises on weaker hands.
        bluff: Probability of naming a call above the hand (calling variant).
    """

    name = "heuristic"

    def __init__(self, aggression: float = 0.5, bluff: float = 0.1) -> None:
        self.aggression = aggression
        self.bluff = bluff
        #: The opponents' betting as observed over the session (how often they fold).
        self.reading: Reading = Reading()
        #: Per opponent, where its calls landed among the calls it could name (0 the lowest
        #: above the standing call, towards 1 the highest), as observed over the session.
        self.call_jumps: dict[str, list[float]] = {}
        self._offered: tuple[object, Call | None, list[Call]] | None = None

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action by hand strength, pot and what is owed."""
        legal = view.legal
        self.reading.observe(view)
        self._observe_calls(view)
        strength_table = Strength.of(view.variant.ranking)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and len(exchanges) == len(legal):
            return self._exchange(view, exchanges, strength_table, rng)
        seen = others_open(view)
        # fewer than four cards: the mean over the completions the viewer can still get
        strength = strength_table.of_hand(view.hand, unseen_cards(view) if seen else None) \
            if view.hand else 0.5
        recall: Vie | Hold | None = None
        if standing_call(view) is not None and view.hand:
            # only hands meeting the standing call can win: a hand that cannot is worth 0,
            # unless it names a call of its own above the standing one
            strength, recall = call_outlook(view, strength_table, rng)
            call = standing_call(view)
            book = calls_of(view)
            if recall is None and call is not None and book is not None \
                    and book.caller(view) != view.seat:
                # a call its caller does not meet leaves the pot to nobody: it carries over,
                # worth an even share later; how often a hand meets the call, from the pack
                live = 1 + sum(1 for i, s in enumerate(view.seats)
                               if i != view.seat and not s.folded)
                missed = 1.0 - share_of_pack_meeting(view, call)
                strength = max(strength, missed / live)
        action = self._bet(view, legal, strength, strength_table, rng, recall)
        self._remember_offered(view, action)
        return action

    def observe(self, view: PlayerView) -> None:
        """Read the end of a deal (:class:`~primero.agents.protocol.Observer`).

        The :attr:`reading` counts the opponents' answers to this player's last bets (a deal
        seen in play counted once, :meth:`Reading.observe`), and a call an opponent named after
        this player's last turn counts in :meth:`call_jump` (each call once).
        """
        self.reading.observe(view)
        self._observe_calls(view)

    def _remember_offered(self, view: PlayerView, action: Action) -> None:
        """Keep the calls an opponent may name after ``action`` (calling game only)."""
        book = calls_of(view)
        if book is None:
            return
        calls = {a.call for a in view.legal if isinstance(a, Vie | Hold) and a.call is not None}
        named = action.call if isinstance(action, Vie | Hold) else None
        left = sorted((c for c in calls if named is None or book.key(c) > book.key(named)),
                      key=book.key)
        self._offered = (_deal_key(view), named or standing_call(view), left)

    def _observe_calls(self, view: PlayerView) -> None:
        """Where the standing call, named by an opponent since this player's last turn, landed.

        Among the calls that opponent could name (those this player could name at its last
        turn, above any call it named itself): its place, 0 for the lowest, up to 1.
        """
        offered, self._offered = self._offered, None
        book = calls_of(view)
        if offered is None or book is None or offered[0] != _deal_key(view):
            return
        _, before, left = offered
        call = standing_call(view)
        caller = book.caller(view)
        if call is None or call == before or caller is None or caller == view.seat \
                or call not in left or len(left) < 2:
            return
        name = view.seats[caller].name
        self.call_jumps.setdefault(name, []).append(left.index(call) / (len(left) - 1))

    def call_jump(self, name: str) -> float:
        """How far above the standing call ``name``'s calls land, 0..1 (:data:`PRIOR_JUMP`).

        The mean of its observed places among the calls it could name, from a prior of
        :data:`PRIOR_JUMP` worth one call: one that names the lowest call it may moves it to
        0, one naming calls at random to about a half.
        """
        seen = self.call_jumps.get(name, [])
        return (sum(seen) + PRIOR_JUMP) / (len(seen) + 1)

    def _exchange(self, view: PlayerView, options: list[Exchange], table: Strength,
                  rng: random.Random) -> Action:
        if standing_call(view) is not None:
            return max(options, key=lambda a: (
                eligible_strength(view, table, [c for c in view.hand if c not in a.discards],
                                  rng), -len(a.discards)))
        seen = others_open(view)
        best = max(options, key=lambda a: (
            table.after_exchange(view.hand, a.discards, rng, seen), -len(a.discards)))
        return best

    def _bet(self, view: PlayerView, legal: Sequence[Action], strength: float,
             table: Strength, rng: random.Random,
             recall: Vie | Hold | None = None) -> Action:
        push = strength + (self.aggression - 0.5) * 0.2
        vies = [a for a in legal if isinstance(a, Vie)]
        if vies and push <= 0.62:
            # a vie also wins the pot when everyone folds: worth it when they fold so often
            # that the pot won outweighs the vie lost when one holds
            fold = self.reading.all_fold(view)
            least = min(vies, key=lambda a: a.amount)
            if fold * view.pot > (1 - fold) * least.amount + FOLD_EDGE * view.table.stake:
                return self._sized([least], 0.0, view, table, rng)
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
        holds = [a for a in legal if isinstance(a, Hold) and a.raise_by == 0]
        passes = [a for a in legal if isinstance(a, Pass)]
        folds = [a for a in legal if isinstance(a, Fold)]
        if any(p.exchange for p in passes):  # no-fold variant: a pass spoils the hand least
            seen = others_open(view)
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
        if raises and holds and owed > 0 and self._holds_the_call(view, table):
            raises = []
        if raises and push > 0.85 and me.round_bet < 2 * view.table.rest * push:
            return self._sized(raises, push, view, table, rng)
        if holds and owed > 0 and (passes or folds) and standing_call(view) is None \
                and not self._worth_holding(view, strength, table):
            holds = []  # below the pot odds, priced as far as the raisers take it
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

    def _holds_the_call(self, view: PlayerView, table: Strength) -> bool:
        """Whether a whole hand meeting the standing call holds rather than raises.

        A raise in a calling game names a higher call (docs/rules/cardano.md), and an opponent
        who raises again names one higher still, which this hand may not meet: the pot then
        carries over or goes to the raiser. Holding ends the round at a showdown the hand can
        win. So when the chance that some live opponent raises again (its
        :meth:`Reading.raise_rate`) with calls that jump (:meth:`call_jump` at least
        :data:`CREEP`) is above :data:`RAISE_AGAIN`, the hand holds. Against opponents who
        seldom raise, or who creep up a call at a time (calls the hand still meets, in a pot
        it wins), it may still raise.
        """
        call = standing_call(view)
        book = calls_of(view)
        if call is None or book is None or len(view.hand) != HAND_SIZE:
            return False
        if not meets(book, table, mask_of(view.hand), call):
            return False
        # the chance that some live opponent raises again with a call that jumps
        stays = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded and seat.stack > 0:
                jumps = self.call_jump(seat.name) >= CREEP
                stays *= 1 - self.reading.raise_rate(seat.name) * jumps
        return 1 - stays > RAISE_AGAIN

    def _worth_holding(self, view: PlayerView, strength: float, table: Strength) -> bool:
        """Whether a hold pays at the pot odds, its cost as far as the opponents raise it.

        The chance to win is, over the hands the viewer may end as, the chance that every live
        opponent lets the bet go (its fold rate as observed, :meth:`Reading.fold_rates`) or
        holds a hand it beats (:func:`hold_chance`). The hold is priced by
        :func:`~primero.agents.odds.hold_worth`, up to the whole stack against opponents who
        raise every time (:meth:`Reading.raise_again`), and must be worth
        :data:`HOLD_EDGE` of the chips it risks: a thin edge is not worth a stack.
        """
        folds = self.reading.fold_rates(view)
        if not view.hand or len(view.hand) >= HAND_SIZE:
            chance = hold_chance([strength], folds)
        else:  # with an exchange still to come, the best cards to keep (keeps_ahead)
            chance = max(hold_chance(share_moments(table, view, keep, len(folds)), folds)
                         for keep in keeps_ahead(view) if keep)
        raised = self.reading.raise_again(view)
        risked = (1 - raised) * view.owed + raised * expected_stake(view, raised)
        return hold_worth(view, chance, raised) >= HOLD_EDGE * risked

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
            book = calls_of(view)
            assert book is not None  # the options name calls
            mine = book.key(action.call)
            above = sorted((a for a in options if a.call is not None
                            and a.call.hand_class == action.call.hand_class
                            and book.key(a.call) > mine), key=lambda a: book.key(a.call))  # type: ignore[arg-type]
            if above:
                return above[0]
        return action
