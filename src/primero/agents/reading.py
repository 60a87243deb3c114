"""Reading opponents from what they do: a prior on how often each bets, updated as it plays.

A player's betting says something about its cards only against how often it bets, and only if
its bets follow its cards. Someone who vies in one deal in three shows a hand in the top third
when it vies; someone who vies in every deal, or whose bets ignore its cards, shows nothing.
:class:`Reading` counts, per opponent (by name), its betting decisions in the public log —
vies and raises, holds, and the rest (pass, fold) — over the deal in play and every deal of
the session seen before, and turns them into the least strength its betting suggests
(:meth:`Reading.floors`): after a vie or raise, ``1 - p_bet``; after a hold,
``1 - p_bet - p_hold``, each the share of its deals in which it did so, a Beta-style mean that
starts at the prior (:data:`PRIOR_BET`, :data:`PRIOR_HOLD`, worth :data:`PRIOR_DEALS` deals)
and moves toward what the opponent does; each floor scaled by how far its bets are seen to
follow its cards (:meth:`Reading.follows_cards`: one that bets on its cards stands by its bets
when raised, one that ignores them folds there as often as anywhere). A named call is read the
same way: the chance that an opponent names a call its hand does not meet is its betting
frequency (:meth:`Reading.bluff_weight`).

The reading never looks at hidden cards: only ``view.history`` (public) is counted. It is fed
every view its player decides on and, through the player's ``observe``
(:class:`~primero.agents.protocol.Observer`), the view of each deal's end: the answers to the
player's last bets come after its last decision (in Revival a deal often ends on the answer to
a vie), so only the end shows them. Each view replaces the counts of the deal it belongs to, so
the end of a deal already seen in play is counted once.

The end of a deal that went to a showdown also shows the hands of the players still in
(``view.seats[i].shown``): the strongest evidence of what their bets meant. Each shown hand's
strength (the share of the pack's hands it beats) is kept beside the kind of bet its owner
made in that deal (a vie or raise; else a hold by choice), and the floor the frequencies give
for that kind of bet is taken as a prior worth :data:`PRIOR_SHOWN` shown hands, updated by
them (:meth:`Reading.shown_floor`): one whose shown vies are all strong is read tighter, one
who is shown vying on weak hands looser. A shown hand says as much of a named call and of an
exchange. The opponent who named the standing call, shown at the showdown, met it or not: the
chance that it names a call its hand does not meet (:meth:`Reading.bluff_weight`, its betting
frequency as a prior worth :data:`PRIOR_SHOWN` shown calls) moves toward the share it was shown
to miss. An opponent that exchanged and was shown holds, at best, the best set of as many cards
as it kept (:meth:`~primero.agents.strength.Strength.keep_rank`: its rank among the pack's
hands, a half on average for cards kept at random); the floor on what it keeps
(:meth:`Reading.keep_floors`) is updated by those ranks as a vie's floor is by the hands shown
behind vies. Only shown hands are read: a hand folded or won without a showdown stays hidden,
and nothing else of another seat's cards is looked at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import define, field

from primero.agents.strength import Strength, mask_of
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = [
    "HELD_FLOOR",
    "KEEP_SPREAD",
    "PRIOR_BET",
    "PRIOR_BET_AFTER_DRAW",
    "PRIOR_BET_AFTER_KEEP",
    "PRIOR_DEALS",
    "PRIOR_EXCHANGES",
    "PRIOR_FOLD",
    "PRIOR_FOLD_AFTER_BET",
    "PRIOR_FOLD_BET",
    "PRIOR_FOLD_WEIGHT",
    "PRIOR_HOLD",
    "PRIOR_KEEP_DROP",
    "PRIOR_RAISE",
    "PRIOR_RAISE_WEIGHT",
    "PRIOR_SHOWN",
    "PRIOR_WEIGHT",
    "VIED_FLOOR",
    "Counts",
    "Reading",
    "bound_holds",
    "count",
    "exchanges_of",
    "floor_from_ranks",
    "held_at",
    "kind_of",
    "shown_strength",
    "thrown_in",
]

#: The prior share of an opponent's betting decisions that vie or raise, and that hold.
PRIOR_BET = 0.35
PRIOR_HOLD = 0.20
#: How many decisions the prior is worth (:meth:`Reading.bet_share`).
PRIOR_WEIGHT = 8.0
#: How many deals the prior is worth (:meth:`Reading.frequencies`).
PRIOR_DEALS = 4.0
#: The prior chance that a player folds a hand that cannot win against a bet, and how many
#: folds and holds it is worth.
PRIOR_FOLD = 0.9
PRIOR_FOLD_WEIGHT = 4.0
#: The prior chance that a player folds to a bet whatever it holds.
PRIOR_FOLD_BET = 0.5
#: The prior chance that a player folds when raised after its own vie or raise in the round.
PRIOR_FOLD_AFTER_BET = 0.05
#: The prior chance that a player facing a bet raises it, and how many answers it is worth.
PRIOR_RAISE = 0.1
PRIOR_RAISE_WEIGHT = 4.0
#: The floors the prior gives: after a vie or raise, and after a hold.
VIED_FLOOR = 1 - PRIOR_BET
HELD_FLOOR = 1 - PRIOR_BET - PRIOR_HOLD
#: The prior share of an opponent's exchanges that keep at least a share ``k`` of its cards:
#: ``1 - PRIOR_KEEP_DROP * k`` (it stands pat in a fifth), worth :data:`PRIOR_EXCHANGES`.
PRIOR_KEEP_DROP = 0.8
PRIOR_EXCHANGES = 4.0
#: The prior share of an opponent's exchanges after which it vies or raises later in the deal:
#: having kept at least half its cards, and fewer; each worth :data:`PRIOR_EXCHANGES`.
PRIOR_BET_AFTER_KEEP = 0.5
PRIOR_BET_AFTER_DRAW = 0.3
#: The difference of those shares read as exchanges that follow the cards fully (the prior's
#: difference reads as half).
KEEP_SPREAD = 0.4
#: How many shown hands the floor the betting frequencies give is worth, as a prior that the
#: hands shown at showdowns update (:meth:`Reading.shown_floor`).
PRIOR_SHOWN = 6.0
#: The highest floor a reading gives (an opponent that almost never bets still holds a hand
#: a little weaker than the best now and then).
MAX_FLOOR = 0.9


@define
class Counts:
    """One opponent's betting decisions: vies and raises, holds, and every decision.

    Besides (not compared: two counts of the same decisions are equal), per deal: the deals in
    which it made a decision (``deals``), vied or raised (``bet_deals``), and vied, raised or
    held by choice (``held_deals``); its answers to a raise of its own vie or raise in the
    same betting round (``answers_after_bet``), of which folds (``folds_after_bet``); and its
    answers to a bet in a round where it has not bet (``answers_facing``), of which folds
    (``folds_facing``). Where nobody folds, a pass facing a bet counts as the fold. Per
    exchange (``keeps``): the share of its cards it kept, and whether it vied or raised later
    in the deal. Per hand shown at a showdown, its strength (the share of the pack's hands it
    beats, 0..1) behind a vie or raise (``shown_bets``), or behind a hold by choice when it
    made no vie or raise in that deal (``shown_holds``); where it named the standing call,
    whether the hand shown missed it (``shown_calls``); where it exchanged keeping some cards,
    the rank of the best set of as many cards in the hand shown
    (:meth:`~primero.agents.strength.Strength.keep_rank`, ``shown_keeps``).
    """

    bets: int = 0
    holds: int = 0
    total: int = 0
    folds: int = 0
    raises: int = 0
    deals: int = field(default=0, eq=False)
    bet_deals: int = field(default=0, eq=False)
    held_deals: int = field(default=0, eq=False)
    answers_after_bet: int = field(default=0, eq=False)
    folds_after_bet: int = field(default=0, eq=False)
    answers_facing: int = field(default=0, eq=False)
    folds_facing: int = field(default=0, eq=False)
    keeps: tuple[tuple[float, bool], ...] = field(default=(), eq=False)
    shown_bets: tuple[float, ...] = field(default=(), eq=False)
    shown_holds: tuple[float, ...] = field(default=(), eq=False)
    shown_calls: tuple[bool, ...] = field(default=(), eq=False)
    shown_keeps: tuple[float, ...] = field(default=(), eq=False)

    def add(self, other: Counts) -> Counts:
        """The sum of two counts."""
        return Counts(self.bets + other.bets, self.holds + other.holds,
                      self.total + other.total, self.folds + other.folds,
                      self.raises + other.raises, self.deals + other.deals,
                      self.bet_deals + other.bet_deals, self.held_deals + other.held_deals,
                      self.answers_after_bet + other.answers_after_bet,
                      self.folds_after_bet + other.folds_after_bet,
                      self.answers_facing + other.answers_facing,
                      self.folds_facing + other.folds_facing, self.keeps + other.keeps,
                      self.shown_bets + other.shown_bets, self.shown_holds + other.shown_holds,
                      self.shown_calls + other.shown_calls,
                      self.shown_keeps + other.shown_keeps)


def kind_of(text: str) -> str | None:
    """What one public log entry is: ``"bet"`` (a vie or raise), ``"hold"``, ``"fold"``, ``"pass"``.

    ``None`` for an entry that is no betting decision (an exchange).
    """
    if text.startswith(("vie", "hold raise")):
        return "bet"
    if text == "hold" or text.startswith("hold "):
        return "hold"
    if text.startswith("fold"):
        return "fold"
    if text.startswith("pass"):
        return "pass"
    return None


_EXCHANGED = re.compile(r"exchange (\d+) cards?$")


def thrown_in(text: str) -> int | None:
    """How many cards one public log entry throws in an exchange (a Suzuki pass's included).

    ``None`` for an entry that exchanges nothing (``"exchange 0 cards"`` is 0: it stands pat).
    """
    if "exchange" not in text:
        return None
    found = _EXCHANGED.search(text)
    return int(found.group(1)) if found else None


def held_at(view: PlayerView, at: int) -> int:
    """How many cards each player held before log entry ``at``: the viewer's own count.

    Every player is dealt alike, so the viewer's cards dealt before the entry (first and
    second deals, face up or not; not those replacing thrown cards) count for everyone.
    """
    return sum(1 for r in view.received if r.after <= at and r.reason not in ("exchange", "pass"))


def exchanges_of(view: PlayerView, seat: int) -> list[tuple[int, int, bool]]:
    """``(kept, held, bet after)`` per exchange of ``seat`` in the view's public log.

    ``kept`` cards of the ``held`` it held, and whether it vied or raised later in the deal.
    """
    out = []
    for at, (s, text) in enumerate(view.history):
        if s != seat:
            continue
        thrown = thrown_in(str(text))
        if thrown is None:
            continue
        held = max(thrown, held_at(view, at))
        later = any(s2 == seat and kind_of(str(t2)) == "bet" for s2, t2 in view.history[at + 1:])
        out.append((held - thrown, held, later))
    return out


def bound_holds(view: PlayerView) -> set[int]:
    """The entries of the view's public log that are holds the player was bound to make.

    Must hold (round 1, docs/rules/waks.md#must-hold): when someone vies and nobody has held
    the vie, the last player still in before the vier must hold; such a hold is no choice and
    says nothing about the hand. Found from the log alone: in the first betting round (before
    any exchange), the first hold after a vie, made by the player still in just before the
    vier in seat order. Only where the variant binds a hold in the first round
    (``view.variant.spec.betting.must_hold_rounds``): in Revival nobody must hold, and every
    hold is a choice that says something about the hand.
    """
    n = len(view.seats)
    out: set[int] = set()
    if 1 not in view.variant.spec.betting.must_hold_rounds:
        return out
    folded: set[int] = set()
    vier: int | None = None
    held = False
    for at, (s, text) in enumerate(view.history):
        kind = kind_of(str(text))
        if kind is None:
            break  # an exchange: round 1 is over
        if kind == "fold":
            folded.add(s)
        if kind == "bet" and vier is None:
            vier = s
        elif kind == "hold" and vier is not None and not held:
            held = True
            before = next((seat for k in range(1, n)
                           if (seat := (vier - k) % n) not in folded), None)
            if s == before:
                out.add(at)
    return out


def count(view: PlayerView, seat: int, bound: set[int] | None = None) -> Counts:
    """The betting decisions of ``seat`` in the view's public log (this deal).

    A pass that answers an open vie (where nobody folds, as in Suzuki, docs/rules/suzuki: the
    passer gives up the layers it did not match) counts as a fold: it lets go facing a bet.
    ``bound``: the view's :func:`bound_holds`, when already found (the same for every seat).
    A hand ``seat`` showed at the showdown (``view.seats[seat].shown``, four cards) is kept
    with the kind of bet it made (:class:`Counts`); a hand not shown is never looked at.
    """
    found = Counts()
    open_bet = False  # a vie or raise stands in this betting round
    mine = False  # the seat vied or raised in this betting round
    folding = view.variant.spec.betting.fold
    if bound is None:
        bound = bound_holds(view)
    for at, (s, text) in enumerate(view.history):
        kind = kind_of(str(text))
        if kind is None:
            open_bet = mine = False  # an exchange step: the betting round is over
            continue
        if s != seat or at in bound:
            open_bet = open_bet or kind == "bet"
            continue
        let_go = kind == "fold" or (kind == "pass" and open_bet and not folding)
        if mine:
            found.answers_after_bet += 1
            found.folds_after_bet += let_go
        elif open_bet:
            found.answers_facing += 1
            found.folds_facing += let_go
        mine = mine or kind == "bet"
        found.total += 1
        found.bets += kind == "bet"
        found.holds += kind == "hold"
        found.folds += kind == "fold" or (kind == "pass" and open_bet)
        found.raises += str(text).startswith("hold raise")
        open_bet = open_bet or kind == "bet"
    exchanged = exchanges_of(view, seat)
    found.keeps = tuple((kept / held if held else 1.0, later)
                        for kept, held, later in exchanged)
    found.deals = int(found.total > 0)
    found.bet_deals = int(found.bets > 0)
    found.held_deals = int(found.bets + found.holds > 0)
    shown = view.seats[seat].shown if 0 <= seat < len(view.seats) else ()
    if len(shown) == HAND_SIZE:
        table = Strength.of(view.variant.ranking)
        if found.bets + found.holds > 0:
            share = table.of_hand(shown)
            if found.bets:
                found.shown_bets = (share,)
            else:
                found.shown_holds = (share,)
        book = view.variant.rules.agent_advice.calls
        call = None if book is None else book.standing(view)
        if book is not None and call is not None and book.caller(view) == seat:
            at = table.index_of_mask(mask_of(shown))
            found.shown_calls = (not book.meets_dense(table.strengths[at], table.class_ids[at],
                                                      call),)
        kept = exchanged[-1][0] if exchanged else 0
        if kept:
            found.shown_keeps = (table.keep_rank(shown, min(kept, HAND_SIZE)),)
    return found


@define
class Reading:
    """Per opponent, its betting frequencies over the session (see the module docstring).

    Call :meth:`observe` with each view the player decides on and with the view of each deal's
    end (the player's ``observe``); the counts of the deal in play are replaced at each call,
    and folded into the session's when a new deal starts. A deal replayed in the same seat with
    the same first card (a duplicate match's opponent whose seat does not rotate) reads as the
    same deal: its counts replace those of the first play.
    """

    past: dict[str, Counts] = field(factory=dict)
    current: dict[str, Counts] = field(factory=dict)
    deal: tuple[object, ...] | None = None
    #: The strengths of the viewer's own four-card hands at the end of each deal seen before
    #: (its own cards: what a hand that reaches the end of a deal is worth at this table,
    #: exchanges included), and of the deal in play's end once seen.
    mine: tuple[float, ...] = ()
    mine_now: float | None = None

    def observe(self, view: PlayerView) -> None:
        """Count the opponents' decisions the view's public log shows.

        A deal is known by the table (the seats' names, the dealer), the viewer's seat and
        the cards the viewer was dealt first; when that changes, the counts of the deal before
        are folded into the session's, once. The view of a deal's end (``view.over``) counts
        like any other: a deal is counted once, however many of its views are observed.
        """
        first = tuple(r.card for r in view.received[:1])
        key = (tuple(s.name for s in view.seats), view.dealer, view.seat, first)
        if key != self.deal:
            for name, counts in self.current.items():
                self.past[name] = self.past.get(name, Counts()).add(counts)
            self.current = {}
            self.deal = key
            if self.mine_now is not None:
                self.mine += (self.mine_now,)
                self.mine_now = None
        if view.over and len(view.hand) == HAND_SIZE:
            self.mine_now = Strength.of(view.variant.ranking).of_hand(view.hand)
        bound = bound_holds(view)  # found once for every opponent
        for i, seat in enumerate(view.seats):
            if i != view.seat:
                self.current[seat.name] = count(view, i, bound)

    def frequencies(self, name: str) -> tuple[float, float]:
        """``(p_bet, p_hold)``: the shares of ``name``'s deals in which it bets, and holds only.

        Per deal, not per decision: a hand is dealt once a deal, so a bet shows a hand in the
        top ``p_bet`` of the deals only if the player bets in no more of them. One who bets a
        little at every turn bets in nearly every deal, and its bets show next to nothing
        (random play vies or raises at three decisions in five: a top-60 % hand per decision,
        but it bets in nine deals of ten). Each share starts at the prior (:data:`PRIOR_BET`,
        :data:`PRIOR_HOLD`, worth :data:`PRIOR_DEALS` deals); a hold it was bound to make
        does not count (:func:`bound_holds`).
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        total = seen.deals + PRIOR_DEALS
        bet = (seen.bet_deals + PRIOR_BET * PRIOR_DEALS) / total
        held = (seen.held_deals + (PRIOR_BET + PRIOR_HOLD) * PRIOR_DEALS) / total
        return bet, max(0.0, held - bet)

    def follows_cards(self, name: str) -> float:
        """How far ``name``'s bets are seen to follow its cards, 0..1 (prior: nearly fully).

        Its cards are hidden, but a bet made on the cards is one the player stands by: raised
        in the same round after its own vie or raise, it holds a hand in the top of its deals
        and rarely folds, while facing a bet it has not made it folds its weak hands. One whose
        bets ignore its cards folds as often in both. So ``1 - f_after / f_facing``, clipped to
        0..1: each share of folds (:class:`Counts`) from a prior worth
        :data:`PRIOR_FOLD_WEIGHT` answers, :data:`PRIOR_FOLD_AFTER_BET` after its own bet and
        :data:`PRIOR_FOLD_BET` facing one. Random play moves it to about 0.
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        after = (seen.folds_after_bet + PRIOR_FOLD_AFTER_BET * PRIOR_FOLD_WEIGHT) \
            / (seen.answers_after_bet + PRIOR_FOLD_WEIGHT)
        facing = (seen.folds_facing + PRIOR_FOLD_BET * PRIOR_FOLD_WEIGHT) \
            / (seen.answers_facing + PRIOR_FOLD_WEIGHT)
        return min(1.0, max(0.0, 1 - after / facing)) if facing > 0 else 1.0

    def bet_share(self, name: str) -> float:
        """The share of ``name``'s betting decisions that vie or raise (prior :data:`PRIOR_BET`)."""
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        return (seen.bets + PRIOR_BET * PRIOR_WEIGHT) / (seen.total + PRIOR_WEIGHT)

    def fold_rate(self, name: str, prior: float = PRIOR_FOLD) -> float:
        """How often ``name`` lets go facing a bet: its folds among folds, holds and raises.

        The prior (by default :data:`PRIOR_FOLD`: a player folds what it cannot win) is worth
        :data:`PRIOR_FOLD_WEIGHT` decisions; a player that holds or raises everything moves it
        to 0, one that folds to everything to 1.
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        return (seen.folds + prior * PRIOR_FOLD_WEIGHT) \
            / (seen.folds + seen.holds + seen.raises + PRIOR_FOLD_WEIGHT)

    def raise_rate(self, name: str) -> float:
        """How often ``name`` raises facing a bet: its raises among folds, holds and raises.

        The prior :data:`PRIOR_RAISE` is worth :data:`PRIOR_RAISE_WEIGHT` answers; a player
        that raises every bet moves it to 1, one that never raises to 0.
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        return (seen.raises + PRIOR_RAISE * PRIOR_RAISE_WEIGHT) \
            / (seen.folds + seen.holds + seen.raises + PRIOR_RAISE_WEIGHT)

    def raise_again(self, view: PlayerView) -> float:
        """The chance that some live opponent with chips left raises a hold (:meth:`raise_rate`)."""
        stays = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded and seat.stack > 0:
                stays *= 1 - self.raise_rate(seat.name)
        return 1 - stays

    def bets_later(self, view: PlayerView) -> float:
        """The chance that some live opponent vies or raises at its next betting decision.

        Each opponent's share of decisions that vie or raise (:meth:`bet_share`), taken as
        independent.
        """
        quiet = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded and seat.stack > 0:
                quiet *= 1 - self.bet_share(seat.name)
        return 1 - quiet

    def all_fold(self, view: PlayerView, prior: float = PRIOR_FOLD_BET) -> float:
        """The chance that every live opponent folds to a bet (their :meth:`fold_rate`)."""
        chance = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded:
                chance *= self.fold_rate(seat.name, prior)
        return chance

    def fold_rates(self, view: PlayerView, prior: float = PRIOR_FOLD_BET) -> list[float]:
        """Per live opponent (seat order), how often it lets a bet go (:meth:`fold_rate`)."""
        return [self.fold_rate(seat.name, prior) for i, seat in enumerate(view.seats)
                if i != view.seat and not seat.folded]

    def floors(self, view: PlayerView) -> list[float]:
        """Per live opponent (seat order), the least strength its betting this deal suggests.

        After a vie or raise ``1 - p_bet``, after a hold by choice ``1 - p_bet - p_hold``
        (:meth:`frequencies`), scaled by :meth:`follows_cards`; each updated by the hands that
        opponent showed behind the same kind of bet (:meth:`shown_floor`).
        """
        out = []
        bound = bound_holds(view)
        for i, seat in enumerate(view.seats):
            if i == view.seat or seat.folded:
                continue
            said = [kind_of(str(text)) for at, (s, text) in enumerate(view.history)
                    if s == i and at not in bound]
            if "bet" not in said and "hold" not in said:
                out.append(0.0)
                continue
            bet, hold = self.frequencies(seat.name)
            trust = self.follows_cards(seat.name)
            kind = "bet" if "bet" in said else "hold"
            least = 1 - bet if kind == "bet" else 1 - bet - hold
            prior = trust * min(MAX_FLOOR, max(0.0, least))
            out.append(self.shown_floor(seat.name, kind, prior))
        return out

    def typical(self) -> float:
        """The mean strength of a hand at a deal's end at this table (prior 0.5).

        From the viewer's own four-card hands at the ends of the deals seen (:attr:`mine`),
        from a prior of 0.5 (four cards dealt at random) worth :data:`PRIOR_SHOWN` hands:
        where players exchange, a hand at the end beats more than half the pack's hands.
        """
        mine = self.mine if self.mine_now is None else (*self.mine, self.mine_now)
        return (sum(mine) + 0.5 * PRIOR_SHOWN) / (len(mine) + PRIOR_SHOWN)

    def rank_of(self, strength: float, typical: float | None = None) -> float:
        """Where a hand of ``strength`` at a deal's end stands among such hands, 0..1.

        Read piecewise linearly around :meth:`typical` (``m``, which stands at a half; pass it
        as ``typical`` when already found): ``strength / m / 2`` below it,
        ``1/2 + (strength - m) / (1 - m) / 2`` above.
        """
        m = min(max(self.typical() if typical is None else typical, 1e-9), 1 - 1e-9)
        if strength <= m:
            return 0.5 * strength / m
        return 0.5 + 0.5 * (strength - m) / (1 - m)

    def shown_floor(self, name: str, kind: str, prior: float) -> float:
        """The floor behind ``name``'s ``kind`` of bet, ``prior`` updated by its shown hands.

        A player that makes a kind of bet (``"bet"``: a vie or raise; ``"hold"``: a hold by
        choice, no vie or raise in the deal) only with hands in the top ``1 - F`` of its
        hands shows, at the showdown, hands spread over the ranks ``F..1`` among hands at a
        deal's end (:meth:`rank_of`): their mean is ``(1 + F) / 2``. So the prior floor is
        read as that mean, worth :data:`PRIOR_SHOWN` hands, the ranks of the hands ``name``
        showed behind that kind of bet (:class:`Counts`) are added to it, and the floor is
        ``2 * mean - 1``, clipped to ``0..MAX_FLOOR``. With no hand shown it is the prior; a
        few hands move it a little. Only hands that reached a showdown are seen: a bluff that
        took the pot uncontested is never shown.

        Args:
            name: The opponent.
            kind: ``"bet"`` or ``"hold"``.
            prior: The floor its betting frequencies give (0..1).

        Returns:
            The floor, 0..:data:`MAX_FLOOR`.
        """
        past, now = self.past.get(name), self.current.get(name)
        shares: tuple[float, ...] = ()
        for seen in (past, now):
            if seen is not None:
                shares += seen.shown_bets if kind == "bet" else seen.shown_holds
        if not shares:
            return prior
        typical = self.typical()
        return floor_from_ranks(prior, [self.rank_of(share, typical) for share in shares])

    def keep_share(self, name: str, share: float) -> float:
        """The share of ``name``'s exchanges that kept at least ``share`` of its cards.

        From the prior (``1 - PRIOR_KEEP_DROP * share``, worth :data:`PRIOR_EXCHANGES`
        exchanges) toward what it did in the session: one who always stands pat moves it to 1
        for every share, so its standing shows nothing.
        """
        keeps = [*self.past.get(name, Counts()).keeps, *self.current.get(name, Counts()).keeps]
        kept = sum(1 for k, _ in keeps if k >= share - 1e-9)
        prior = 1 - PRIOR_KEEP_DROP * share
        return (kept + prior * PRIOR_EXCHANGES) / (len(keeps) + PRIOR_EXCHANGES)

    def keeps_follow_cards(self, name: str) -> float:
        """How far ``name``'s exchanges are seen to follow its cards, 0..1 (prior: a half).

        Its cards are hidden, but one that keeps on its cards bets more often after keeping
        much than after drawing much; one whose exchanges ignore its cards (or whose betting
        does: it bets always, or never) bets as often after both. So the difference of its
        shares of exchanges followed by a vie or raise later in the deal, having kept at least
        half its cards and fewer, each from a prior (:data:`PRIOR_BET_AFTER_KEEP`,
        :data:`PRIOR_BET_AFTER_DRAW`, worth :data:`PRIOR_EXCHANGES`), over
        :data:`KEEP_SPREAD`, clipped to 0..1 (the prior alone: a half). Only finished deals
        count (a deal in play has its later bets still to come).
        """
        seen = self.past.get(name, Counts())
        high = [bet for k, bet in seen.keeps if k >= 0.5]
        low = [bet for k, bet in seen.keeps if k < 0.5]
        after_keep = (sum(high) + PRIOR_BET_AFTER_KEEP * PRIOR_EXCHANGES) \
            / (len(high) + PRIOR_EXCHANGES)
        after_draw = (sum(low) + PRIOR_BET_AFTER_DRAW * PRIOR_EXCHANGES) \
            / (len(low) + PRIOR_EXCHANGES)
        return min(1.0, max(0.0, (after_keep - after_draw) / KEEP_SPREAD))

    def keep_floors(self, view: PlayerView) -> list[tuple[int, float]]:
        """Per live opponent (seat order), ``(kept, floor)`` from its last exchange this deal.

        It kept ``kept`` cards; the least quantile of what it kept
        (:meth:`~primero.agents.strength.Strength.keep_quantiles`) its exchange suggests is
        ``1 - q``, ``q`` the share of its exchanges that kept as large a share of its cards
        (:meth:`keep_share`), scaled by how far its exchanges follow its cards
        (:meth:`keeps_follow_cards`). ``(0, 0.0)`` for one that has not exchanged or kept
        nothing.
        """
        last: dict[int, tuple[int, int]] = {}  # seat -> (log entry, cards thrown)
        for at, (s, text) in enumerate(view.history):
            thrown = thrown_in(str(text))
            if thrown is not None:
                last[s] = (at, thrown)
        out = []
        for i, seat in enumerate(view.seats):
            if i == view.seat or seat.folded:
                continue
            if i not in last:
                out.append((0, 0.0))
                continue
            at, thrown = last[i]
            held = max(thrown, held_at(view, at))
            kept = held - thrown
            if kept == 0:
                out.append((0, 0.0))
                continue
            share = self.keep_share(seat.name, kept / held)
            trust = self.keeps_follow_cards(seat.name)
            prior = trust * min(MAX_FLOOR, max(0.0, 1 - share))
            shown = self.counted(seat.name).shown_keeps
            out.append((kept, floor_from_ranks(prior, shown) if shown else prior))
        return out

    def bluff_weight(self, view: PlayerView, seat: int) -> float:
        """How much a sampled deal counts where ``seat``'s named call is not met by its hand.

        The chance that it names a call its hand does not meet: from its betting frequency
        (:meth:`frequencies`: an opponent that bets on everything names calls on anything),
        a prior worth :data:`PRIOR_SHOWN` calls, toward the share of the standing calls it
        named and was shown at the showdown not to meet (:class:`Counts`, ``shown_calls``),
        once the viewer's hand is whole: the calls shown are mostly named with whole hands,
        and say little of a call named with cards still to come, which keeps the frequency.
        A prior of 0.35 and 2 of 4 shown calls missed: ``(2 + 0.35 * 6) / 10``.
        """
        name = view.seats[seat].name
        prior = self.frequencies(name)[0]
        shown = self.counted(name).shown_calls
        if len(view.hand) < HAND_SIZE:
            return prior
        return (sum(shown) + prior * PRIOR_SHOWN) / (len(shown) + PRIOR_SHOWN)

    def counted(self, name: str) -> Counts:
        """Everything counted of ``name``: the session's deals before and the deal in play."""
        return self.past.get(name, Counts()).add(self.current.get(name, Counts()))


def floor_from_ranks(prior: float, ranks: Sequence[float]) -> float:
    """A floor ``prior`` updated by the ranks (0..1) of hands shown behind it.

    A player that acts only on hands in the top ``1 - F`` shows ranks spread over ``F..1``,
    their mean ``(1 + F) / 2``: the prior is read as that mean worth :data:`PRIOR_SHOWN`
    hands, the ranks are added, and the floor is ``2 * mean - 1``, clipped to
    ``0..MAX_FLOOR`` (:meth:`Reading.shown_floor`). A prior of 0.4 and ranks 0.9 and 0.3:
    ``(1.2 + 0.7 * 6) / 8 = 0.675``, a floor of 0.35.
    """
    mean = (sum(ranks) + (1 + prior) / 2 * PRIOR_SHOWN) / (len(ranks) + PRIOR_SHOWN)
    return min(MAX_FLOOR, max(0.0, 2 * mean - 1))


def shown_strength(view: PlayerView, reading: Reading | None = None) -> list[float]:
    """Per live opponent (seat order), the least strength its betting this deal suggests.

    By ``reading`` (the opponents' observed frequencies), or by the prior alone.
    """
    return (reading if reading is not None else Reading()).floors(view)
