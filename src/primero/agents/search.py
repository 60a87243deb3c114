"""The search player: determinized Monte Carlo search through the engine (:class:`SearchAgent`).

At each decision the player draws *worlds* — whole deals the engine could have dealt that agree
with everything its view shows (:func:`sample_world`) — and in each world plays every candidate
action to the end of the deal with rollout players (the odds player's betting on a chance
read from the strength table in every seat, :func:`rollout_table`, each from the session's
reading), scoring the chips it ends with. It
starts from the odds player's choice (:class:`~primero.agents.odds.OddsAgent`, with its reading
of the opponents) and takes another candidate only when its mean gain over that choice, paired
over the same worlds (each world and each rollout generator are shared by every candidate),
exceeds ``confidence`` standard errors: a search that cannot tell plays as the odds player.

**Worlds.** The library's determinizer (``PrimeroState.resample_from_infostate``, through
:func:`~primero.adapters.resample_history`) needs the true deal and the OpenSpiel adapter; a
player has only its view. :func:`sample_world` does the same draw from the view: the deal is
dealt again from a stock that holds every card the player was dealt where it came (a receipt's
``order``; cards dealt face up to others likewise), every other card shuffled; the public log
is replayed (an exchange by another player throws as many of its cards, drawn at random), and
the world is kept only when the player's view of it equals the view it has (the declarations,
the pot, whose turn: everything) — a rejection draw, so every agreeing world is equally
likely up to the others' discards. Nothing here names a variant: every rule is the engine's, so
the search plays every registered variant, plug-ins included.

**Screening.** Replaying the log through the engine is what a world costs (about 1 ms a
draw in Cardano's long logs), and most draws miss an opponent's bet. So one world is replayed
per decision and read as a :class:`Layout` (where each opponent's cards sit in the stock, and
when it was dealt them: the same in every world); later worlds are drawn in the log's order,
each opponent's hand placed at its first betting decision with that hand and drawn again (up
to :data:`SCREEN_TRIES` times) until its rollout player would have bet as it did, the
decisions asked of a view that differs from the replayed one only in the opponent's cards
(:meth:`SearchAgent.screened_world`); a decision no hand agreed with in :data:`UNHEARD` tries
is no longer asked. The world kept is put into the replayed state without the engine
(:meth:`Layout.rehand`); the decision's first one is replayed too and must equal it, else the
decision draws by the engine (:meth:`SearchAgent.agreeing_world`). On by default
(``screen_tries=SCREEN_TRIES``; ``0``: every world drawn by the engine): the worlds cost far
less (Cardano heads-up, late in a deal: 55 worlds in 100 ms against 5). Against an older odds
player it held up in fewer cells; against today's, with the deep budget, in more
(docs/agents.md, "The search player").

**Exchanges.** How many cards an opponent threw is public, and a player like it throws as
many as its hand calls for: with ``exchanges=True`` (an option) a screened world fits that
too. At an opponent's exchange (or a pass with an exchange) its hand drawn is asked what the
rollout player would throw (:func:`throw_choice`: the discard of the best expected
strength, as :class:`~primero.agents.rollout.TableOdds` exchanges, among the sizes the
exchange allowed); a different count is a miss, as a different bet is, and the cards thrown
are the best of the logged count for that hand, not cards drawn at random (by default an
opponent that stood pat is as likely to hold nothing as a strong hand, and one that threw
three kept one card drawn at random). Measured against the odds player (80 deals, seven
cells and seeds, docs/agents.md) it did neither better nor worse (new less old, -0.43 to
+0.64 chips a deal, mean +0.04), and it makes the opponents' hands stronger than the true
ones (the rollout player's discard is the odds player's 63 % of the time): off by default.

**Loose opponents.** The screen asks a player that bets on its cards, so an opponent that
vies with every hand is given strong hands it does not hold. With ``loose=True`` (an option)
a world that misses an opponent's betting decision is kept anyway by the chance that the
opponent makes such a decision whatever its hand (:meth:`SearchAgent.looseness`: its share of
that kind of decision over the session against this player's own). Toy heads-up against the
``max-bet`` exploiter (60 deals): -0.79 chips a deal without, -0.08 with (docs/agents.md,
"Holding up against trivial strategies"); off by default until it is measured against odds.

**Betting.** A world must also fit the opponents' betting (:meth:`SearchAgent.agreeing_world`):
it is replayed for the opponents' rollout players, and kept only when each would have made
every betting decision the opponent made in it (a vie or raise of the least amount or of
more, a hold, or neither), with chance :data:`AGREE` per decision it would not; up to
:data:`AGREE_TRIES` draws, else the world with the fewest misses. A pass says something too:
the hand was not one a player like the opponent vies. With ``agree=None`` a cruder test
stands instead (:func:`fits_betting`): an opponent that vied or held has a hand at least as
strong as its betting frequencies say, up to :data:`BETTING_TRIES` draws. Measured in Revival
heads-up (80 deals against odds players, the opponent's hand's share of the pack's hands
beaten, after it vied once): dealt 0.85, worlds kept by agreement 0.77, by the floors 0.69.

**Candidates.** Every legal action when there are few (:data:`MAX_CANDIDATES`); otherwise the
odds player's choice, the heuristic player's, a fold, a pass and a hold, and the smallest and
the largest vie or raise (each naming the call its hand most likely meets, by the variant's
advice), and for exchanges the best by expected strength. A fold is never weighed when
nothing is owed and a free pass or hold is legal (it gives up the pot for nothing). With
several rivals to the odds player's choice the bar of ``confidence`` standard errors rises
(Bonferroni), so that luck among more rivals does not replace it more often.

**Racing.** After :data:`RACE_FROM` worlds, a rival whose paired gain over the odds player's
choice is :data:`PRUNE` standard errors below zero (or nil in every world: it plays out the
same) is played in no later world, so the worlds left go to the rivals still close; when
every rival is dropped the search stops (the odds player's choice stands). A dropped rival is
still judged, by the bar above, on the worlds it was played in. ``prune=None`` plays every
candidate in every world.

**Rollouts.** The player's own seat is played by ``rollout``, the others by ``opponents``
(both :func:`rollout_table` by default: :class:`~primero.agents.rollout.TableOdds`, whose
chance is read from tables and cached, not sampled, so a rollout decision costs a fraction of
a millisecond where an odds player of 32 samples, :func:`rollout_odds`, cost several).
With ``remember=True`` (the default) an odds or table-odds player among them starts from the
session's reading instead of the prior: the opponents from
:attr:`SearchAgent.table_reading` (every seat's betting as the table saw it, this player's
own too: what a real odds opponent has read of it), its own seat from the odds player's
reading. The opponents' rollout players are those that replayed the world (one set per world,
shared by its candidates); the own seat's one player serves the whole decision (its hand and
what it knows are the same in every world, so its cached chances serve every rollout). Both
were biased in Revival heads-up, replayed on the true deal against the real opponents: with
the heuristic player in its own seat and odds players of 8 samples from the prior in the
others (they fold small vies that the real odds player, having read the search's betting,
holds), the search's 11 departures from the odds player's choice in 25 deals were worth
+0.92 chips each by its rollouts and +0.02 in truth; with these rollouts but the floors'
worlds (opponents' hands too weak after a vie) it departed in 32 of 60 decisions, mostly to
raise where the odds player folds, worth -0.78 each in truth.

**Budget.** ``budget_ms`` of CPU time per decision (:func:`time.process_time`) caps the
search (no world is begun that the mean world so far says would overrun it; a world still
being played when the budget is spent is cut short and not counted; at least one world is
begun); ``simulations`` caps the worlds. With ``budget_ms=None`` the search draws
``simulations`` worlds (when they can be drawn; fewer when racing drops every rival) and is
deterministic for a seeded generator. :attr:`SearchAgent.worlds` and
:attr:`SearchAgent.rollouts` count the last decision's. When no world can be drawn the odds
player decides. Below :data:`MIN_WORLDS` worlds the odds player's choice stands; how many fit
in 100 ms per variant: ``benchmarks/bench_search.py --profile`` (docs/agents.md). With
``deep=f`` a decision with much at stake (its pot and owed above those of all but
:data:`DEEP_SHARE` of the session's decisions, after :data:`DEEP_FROM`) is given ``f``
budgets, the others one: the median decision stays within ``budget_ms``.

**Checks.** The rollouts play the player's own seat by a table-odds player, but after a
decision the search does not depart at it plays as its odds player, and the two differ
most where the seat acts again (one decision of Cardano heads-up, replayed on the true deal:
with the table-odds player in the seat the odds player's raise naming a call looked 19 chips
worse than a hold; with the odds player in it, 24 better; in truth, 20 better). With
``verify=n`` a departure is checked before it is played (:meth:`SearchAgent._verified`): up
to ``n`` fresh worlds, drawn as the search's, are played out with the departure and with the
odds player's choice, the own seat by the rollouts' player and by a copy of its odds player
(:meth:`SearchAgent.own_player`: its reading and the deal's pooled chances), the opponents
by the world's rollout players, one generator seed for all four. The paired gain's
difference between the two is the own seat's bias (nil where it does not act again); the
departure stands only when its estimated gain less the mean bias still clears the bar it
cleared, in the standard errors of both, else the odds player's choice is played
(:attr:`SearchAgent.refuted` counts them). The checks have a budget of their own
(:data:`VERIFY_SHARE` of the decision's): only departures pay for them, so the median
decision is hardly slower.

**The bar.** :meth:`SearchAgent.bar`: ``confidence`` standard errors, Bonferroni for the
rivals; with ``student=True`` Student's t for the worlds a rival was played in (higher where
few worlds were drawn). :attr:`SearchAgent.last_gain` and :attr:`SearchAgent.last_error` give
a departure's estimated gain and its standard error; ``benchmarks/bench_search.py
--departures K`` sets them beside the true gain on the true deal. Measured against the odds
player (docs/agents.md, "The search player"): screened worlds with ``deep=3`` (the defaults)
did as well or better than engine-drawn worlds with one budget in 6 of 7 cells (80 deals);
``student`` is an option.
"""

from __future__ import annotations

import bisect
import math
import random
import re
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from statistics import NormalDist

import attrs

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie, parse_action
from primero.agents.calling import amount_of, best_call, calls_of
from primero.agents.heuristic import HeuristicAgent
from primero.agents.odds import OddsAgent
from primero.agents.protocol import Agent, play_deal
from primero.agents.reading import PRIOR_WEIGHT, Counts, Reading, count, kind_of
from primero.agents.rollout import TableOdds, best_discard
from primero.agents.strength import Strength, others_open
from primero.analysis.intervals import t_quantile
from primero.cards import Card
from primero.deal.engine import start_deal
from primero.deal.hidden_cards import with_hidden_cards
from primero.deal.state import FACE_UP, GameState
from primero.errors import PrimeroError
from primero.setup import DealSetup
from primero.views import PlayerView, state_view

__all__ = [
    "AGREE",
    "AGREE_TRIES",
    "BETTING_TRIES",
    "DEEP",
    "DEEP_FROM",
    "DEEP_SHARE",
    "DEFAULT_BUDGET_MS",
    "MAX_CANDIDATES",
    "MIN_WORLDS",
    "PRUNE",
    "RACE_FROM",
    "ROLLOUT_EXCHANGE_SAMPLES",
    "ROLLOUT_SAMPLES",
    "SCREEN_TRIES",
    "UNHEARD",
    "VERIFY_SHARE",
    "Layout",
    "SearchAgent",
    "fits_betting",
    "quick_odds",
    "rollout_odds",
    "rollout_table",
    "sample_world",
    "throw_choice",
]

#: The default CPU budget of one decision, in milliseconds.
DEFAULT_BUDGET_MS = 100.0
#: Up to this many legal actions, every one is a candidate.
MAX_CANDIDATES = 4
#: Fewer worlds than this and the search plays the odds player's choice: with a handful of
#: worlds the best-looking of several candidates is mostly the luckiest.
MIN_WORLDS = 8
#: A rival whose paired gain over the odds player's choice is this many standard errors
#: below zero, after :data:`RACE_FROM` worlds, is played in no later world.
PRUNE = 1.0
#: The worlds every candidate is played in before a rival clearly behind may be dropped.
RACE_FROM = 6
#: Draws :func:`sample_world` makes before it gives up.
WORLD_TRIES = 40
#: Worlds drawn, at most, for one that fits the opponents' betting (:func:`fits_betting`);
#: when none does, the last one drawn is searched.
BETTING_TRIES = 4
#: The chance a world is kept per past betting decision of an opponent that its rollout
#: player would have made otherwise (:meth:`SearchAgent.agreeing_world`).
AGREE = 0.0
#: Worlds drawn, at most, for one that is kept by :data:`AGREE`; when none is, the one with
#: the fewest disagreements is searched.
AGREE_TRIES = 6
#: Draws of one opponent hand screened, at most, for one kept by :data:`AGREE` when the
#: worlds are read from a :class:`Layout` (:meth:`SearchAgent.screened_world`, with
#: ``SearchAgent(screen_tries=SCREEN_TRIES)``: a screen costs no engine replay); when none is
#: kept, the one with the fewest disagreements.
SCREEN_TRIES = 24
#: An opponent's betting decision that no hand of this many screened agreed with is no longer
#: asked in the decision (:meth:`SearchAgent.screened_world`): the rollout player would not
#: have made it with any hand, so it tells nothing of the hand.
UNHEARD = 24
#: The default ``SearchAgent(deep=...)``: three budgets where much is at stake.
DEEP = 3.0
#: With ``SearchAgent(deep=f)``: the share of the session's decisions, those with the most
#: chips at stake (pot and what is owed), given ``f`` times the budget; the others are given
#: the budget, so the median decision stays within it.
DEEP_SHARE = 1 / 3
#: With ``SearchAgent(deep=f)``: the decisions seen before any is given more budget (the
#: session's stakes are not known before).
DEEP_FROM = 12
#: With ``SearchAgent(verify=n)``: the share of the decision's budget a departure's check
#: is given on top of it.
VERIFY_SHARE = 1.0
#: Sampled deals per chance, and per exchange weighed, of the rollouts' odds players
#: (:func:`rollout_odds`).
ROLLOUT_SAMPLES = 32
ROLLOUT_EXCHANGE_SAMPLES = 8

_AMOUNT = re.compile(r"\d+")
_EXCHANGED = re.compile(r"(pass )?exchange (\d+) cards?")


def _public(view: PlayerView) -> tuple[object, ...]:
    """What must agree between a world's view and the player's."""
    return (view.history, view.extras, sorted(c.index for c in view.hand), view.pot,
            view.seats, view.to_act, view.step)


def sample_world(view: PlayerView, rng: random.Random, tries: int = WORLD_TRIES,
                 passed: list[GameState] | None = None) -> GameState | None:
    """A deal the engine could have dealt that agrees with everything ``view`` shows.

    See the module docstring. The world's seat ``view.seat`` is the player's; it is at the
    same decision (``state_view(world, view.seat)`` agrees with ``view``).

    Args:
        view: The player's view (its turn).
        rng: Every draw comes from it.
        tries: The most worlds drawn before giving up.
        passed: When given, filled with the world's state before each entry of the public
            log (``passed[k]`` is the state ``view.history[k]`` was played in).

    Returns:
        The world's state, or ``None`` when no agreeing world was drawn in ``tries`` draws.
    """
    variant = view.variant
    pack = list(variant.pack.cards)
    names = tuple(s.name for s in view.seats)
    chips = tuple(s.stack + s.contributed for s in view.seats)
    carry = view.pot - sum(s.contributed for s in view.seats)
    fixed = {r.order: r.card for r in view.received}
    target = _public(view)
    own_thrown = list(view.discarded)
    # the public log read once: every draw replays the same actions (exchanges aside)
    log = [None if _EXCHANGED.fullmatch(str(text)) else parse_action(str(text))
           for _, text in view.history]
    for _ in range(tries):
        if passed is not None:
            passed.clear()
        held = set(fixed.values())
        rest = [c for c in pack if c not in held]
        rng.shuffle(rest)
        filler = iter(rest)
        stock = tuple(fixed[k] if k in fixed else next(filler) for k in range(len(pack)))
        setup = DealSetup(players=names, chips=chips, dealer=view.dealer, table=view.table,
                          carry=carry, stock=stock, seed=rng.getrandbits(32),
                          dealing="stacked")
        try:
            world = _replay(start_deal(variant, setup), view, own_thrown, rng, passed, log)
        except PrimeroError:
            continue
        if world is None:
            continue
        if _place_open_cards(world, view, fixed):
            continue  # the open cards now sit where they were dealt: draw again
        if _public(state_view(world, view.seat)) == target:
            return world
    return None


def _place_open_cards(world: GameState, view: PlayerView, fixed: dict[int, Card]) -> bool:
    """Fix the places of the cards dealt face up to others; whether any was new."""
    changed = False
    for i, seat in enumerate(world.seats):
        if i == view.seat:
            continue
        shown = [r for r in seat.received if r.reason == FACE_UP]
        for receipt, card in zip(shown, view.seats[i].open, strict=False):
            if fixed.get(receipt.order) != card:
                fixed[receipt.order] = card
                changed = True
    return changed


def _replay(state: GameState, view: PlayerView, own_thrown: list[Card],
            rng: random.Random, passed: list[GameState] | None = None,
            log: Sequence[Action | None] | None = None,
            throws: dict[int, list[Card]] | None = None) -> GameState | None:
    """The public log applied to a freshly dealt world (``None``: it does not fit).

    ``log`` holds the log's actions already read (``None`` for an exchange); ``throws`` the
    cards an opponent throws at an entry of the log (else drawn at random from its hidden
    cards).
    """
    thrown = iter(own_thrown)
    for at, (seat, text) in enumerate(view.history):
        if state.over or state.to_act != seat:
            return None
        if passed is not None:
            passed.append(state)
        known = log[at] if log is not None else None
        if known is not None:
            state = state.apply(known)
            continue
        found = _EXCHANGED.fullmatch(str(text))
        if found is None:
            state = state.apply(str(text))
            continue
        count = int(found.group(2))
        if seat == view.seat:
            cards = [next(thrown) for _ in range(count)]
        elif throws is not None and at in throws:
            cards = throws[at]
        else:
            mover = state.seats[seat]
            hidden = [c for c in mover.hand if c not in mover.open_cards()]
            if count > len(hidden):
                return None
            cards = rng.sample(hidden, count)
        action: Action = Pass.from_cards(cards) if found.group(1) else \
            Exchange.from_cards(cards)
        state = state.apply(action)
    return state


#: A draw of :meth:`Layout.draw`: the stock, the opponents' throws by entry of the log, per
#: checked entry the opponent's hand and thrown cards, every opponent's cards at the end, and
#: the deal's seed.
Draw = tuple[list[Card], dict[int, list[Card]],
             dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]], dict[int, tuple[Card, ...]],
             int]


class Layout:
    """Where a deal's hidden cards sit, read from one world replayed through the engine.

    Every world of a decision is dealt from a stock in which the player's own cards and the
    others' open cards sit where they were dealt (:func:`sample_world`), and the public log
    decides which places of the stock each seat is dealt, and when: they are the same in every
    world. So one world replayed tells, per opponent and entry of the log, the places its
    hand came from; a new draw (the other cards shuffled into the other places, each
    opponent's exchange throwing cards drawn at random from its hidden ones, as
    :func:`sample_world` throws them) gives every opponent's hand at each of its betting
    decisions without the engine. A draw is screened by the opponents' rollout players
    (:meth:`SearchAgent.screened_world`) and only the one kept is replayed; the replay checks
    the draw (the player's view and every opponent's hand must come out as read here).

    Args:
        view: The player's view (its turn).
        world: A world :func:`sample_world` drew for ``view``.
        passed: The world's state before each entry of the public log.
        exchanges: Whether an opponent's exchange (how many cards it threw, a public choice)
            is checked too, as its betting decisions are (:attr:`checks`).

    Raises:
        ValueError: The world's deal does not read as a layout (a card left a hand other
            than by its owner's exchange, or an open card was thrown).
    """

    def __init__(self, view: PlayerView, world: GameState, passed: list[GameState],
                 exchanges: bool = False) -> None:
        pack = list(view.variant.pack.cards)
        states = [*passed, world]
        fixed = {r.order: r.card for r in view.received}
        for i, seat in enumerate(world.seats):
            if i != view.seat:
                shown = [r for r in seat.received if r.reason == FACE_UP]
                for receipt, card in zip(shown, view.seats[i].open, strict=False):
                    fixed[receipt.order] = card
        held = set(fixed.values())
        self.view = view
        #: The stock with the fixed cards in place (``None`` elsewhere).
        self.base: list[Card | None] = [fixed.get(k) for k in range(len(pack))]
        self.free_orders: list[int] = [k for k in range(len(pack)) if k not in fixed]
        self.free_cards: list[Card] = [c for c in pack if c not in held]
        self.opponents: list[int] = [i for i in range(len(world.seats)) if i != view.seat]
        n = len(view.history)
        hands: dict[int, list[list[int]]] = {}
        self.face_up: dict[int, frozenset[int]] = {}
        #: Per opponent, the receipts it holds (cards read anew from each draw's stock).
        self.receipts = {i: world.seats[i].received for i in self.opponents}
        for i in self.opponents:
            order = {r.card: r.order for st in states for r in st.seats[i].received}
            self.face_up[i] = frozenset(r.order for r in world.seats[i].received
                                        if r.reason == FACE_UP)
            try:
                hands[i] = [[order[c] for c in st.seats[i].hand] for st in states]
            except KeyError as missing:
                raise ValueError(f"a card held without a receipt: {missing}") from None
        #: The first hands, per opponent (places in the stock).
        self.first: dict[int, list[int]] = {i: hands[i][0] for i in self.opponents}
        #: Per entry of the log: per opponent, how many it throws and the places it is dealt.
        self.steps: list[dict[int, tuple[int, list[int]]]] = []
        for k in range(n):
            step: dict[int, tuple[int, list[int]]] = {}
            actor, text = view.history[k]
            for i in self.opponents:
                before, after = set(hands[i][k]), set(hands[i][k + 1])
                thrown = before - after
                added = [o for o in hands[i][k + 1] if o not in before]
                if thrown:
                    found = _EXCHANGED.fullmatch(str(text))
                    if actor != i or found is None or int(found.group(2)) != len(thrown) \
                            or thrown & self.face_up[i]:
                        raise ValueError(f"seat {i} gave up cards at entry {k} ({text})")
                if thrown or added:
                    step[i] = (len(thrown), added)
            self.steps.append(step)
        #: Per opponent betting decision (and, with ``exchanges``, exchange): (entry, seat,
        #: its view in the replayed world).
        self.checks: list[tuple[int, int, PlayerView]] = [
            (at, seat, state_view(passed[at], seat))
            for at, (seat, text) in enumerate(view.history)
            if seat != view.seat and (kind_of(str(text)) is not None or (
                exchanges and _EXCHANGED.fullmatch(str(text)) is not None))]
        self.received_then: dict[int, int] = {
            at: len(then.received) for at, _, then in self.checks}
        self.checked = {at: seat for at, seat, _ in self.checks}
        #: The world read (:meth:`rehand` puts a draw's cards in it) and the places dealt.
        self.world = world
        self.dealt = len(pack) - len(world.stock)
        if world.reshuffles or world.pending or world.over:
            raise ValueError("a reshuffled stock, cards pending or a deal over")
        # the checks by the hand they were made with: per opponent, its hand changes only at
        # the entries of the log where it is dealt or throws cards
        changes = {i: 0 for i in self.opponents}
        groups: dict[tuple[int, int], list[int]] = {}
        for k, step in enumerate(self.steps):
            who = self.checked.get(k)
            if who is not None:
                groups.setdefault((who, changes[who]), []).append(k)
            for i in step:
                changes[i] += 1
        #: Per first entry of a group of checks made with the same hand: the group's entries.
        self.groups = {entries[0]: entries for entries in groups.values()}

    def draw(self, rng: random.Random) -> Draw:
        """A new stock, the opponents' throws by entry, and each checked decision's hand.

        Returns:
            ``(stock, throws, hands, last, seed)``: the stock (by place), the cards an
            opponent throws at an entry of the log, per entry of :attr:`checks` the
            opponent's hand and the cards it had thrown then, every opponent's cards after
            the log, and the deal's seed.
        """
        rest = list(self.free_cards)
        rng.shuffle(rest)
        stock = list(self.base)
        for k, card in zip(self.free_orders, rest, strict=True):
            stock[k] = card
        cards: list[Card] = stock  # type: ignore[assignment]  # every place now filled
        held = {i: list(self.first[i]) for i in self.opponents}
        throws: dict[int, list[Card]] = {}
        gone: dict[int, list[Card]] = {i: [] for i in self.opponents}
        hands: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
        for k, step in enumerate(self.steps):
            seat = self.checked.get(k)
            if seat is not None:
                hands[k] = (tuple(cards[o] for o in held[seat]), tuple(gone[seat]))
            for i, (thrown, added) in step.items():
                now = held[i]
                if thrown:
                    hidden = [o for o in now if o not in self.face_up[i]]
                    out = rng.sample(hidden, thrown)
                    throws[k] = [cards[o] for o in out]
                    gone[i] += throws[k]
                    now = [o for o in now if o not in out]
                held[i] = now + added
        last = {i: tuple(cards[o] for o in held[i]) for i in self.opponents}
        return cards, throws, hands, last, rng.getrandbits(32)

    def draw_agreeing(self, rng: random.Random, misses: Callable[[int, list[Card],
                      tuple[tuple[Card, ...], tuple[Card, ...]]], bool],
                      tries: int, agree: float = 0.0,
                      choose: Callable[[int, list[Card], tuple[tuple[Card, ...],
                                       tuple[Card, ...]]], tuple[Card, ...] | None]
                      | None = None) -> tuple[Draw, int]:
        """A draw whose opponents' hands agree with their betting, built in the log's order.

        The log is walked in order; at an opponent's first betting decision with a hand, the
        cards of that hand not yet placed are drawn from the cards left, and the decisions it
        made with that hand are asked of ``misses``; they are drawn again, up to ``tries``
        times, until none misses (or, with ``agree``, one is kept by chance ``agree ** m``
        for ``m`` misses), else the try with the fewest misses stands. Every other place is
        filled at random at the end; an opponent's exchange throws cards drawn at random from
        its hidden ones, as :func:`sample_world` throws them. So the hands agree with each
        betting decision given the cards placed before it (a sequential draw: what a later
        decision says of a hand placed earlier is not weighed back).

        Args:
            rng: Every draw comes from it.
            misses: ``misses(at, stock, cards)``: whether the opponent's rollout player would
                have bet otherwise at entry ``at`` holding ``cards`` (hand, thrown), the
                stock's places filled so far in ``stock`` (``None`` elsewhere).
            tries: The most draws of one hand's new cards.
            agree: The chance a try is kept per miss.
            choose: ``choose(at, stock, cards)``: the cards the opponent throws at entry
                ``at`` holding ``cards`` (as many as the log says; ``None``: drawn at random
                from its hidden cards, as by default), asked only when every card of its
                hand is placed.

        Returns:
            The draw (as :meth:`draw`) and its misses.
        """
        stock: list[Card | None] = list(self.base)
        left = list(self.free_cards)
        rng.shuffle(left)
        held = {i: list(self.first[i]) for i in self.opponents}
        throws: dict[int, list[Card]] = {}
        gone: dict[int, list[Card]] = {i: [] for i in self.opponents}
        hands: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
        total = 0
        for k, step in enumerate(self.steps):
            entries = self.groups.get(k)
            if entries is not None:
                seat = self.checked[k]
                new = [o for o in held[seat] if stock[o] is None]
                best: list[Card] | None = None
                fewest = math.inf
                for _ in range(tries if new else 1):
                    picked = rng.sample(left, len(new))
                    for o, card in zip(new, picked, strict=True):
                        stock[o] = card
                    cards = (tuple(stock[o] for o in held[seat]), tuple(gone[seat]))
                    missed = 0
                    for at in entries:
                        if misses(at, stock, cards):  # type: ignore[arg-type]
                            missed += 1
                            if agree == 0 and missed >= fewest:
                                break
                    if missed < fewest:
                        best, fewest = picked, missed
                    if missed == 0 or (agree and rng.random() < agree ** missed):
                        best, fewest = picked, missed
                        break
                assert best is not None
                for o, card in zip(new, best, strict=True):
                    stock[o] = card
                taken = set(best)
                left = [c for c in left if c not in taken]
                total += int(fewest)
                placed = tuple(c for o in held[seat] if (c := stock[o]) is not None)
                for at in entries:
                    hands[at] = (placed, tuple(gone[seat]))
            for i, (thrown, added) in step.items():
                now = held[i]
                if thrown:
                    hidden = [o for o in now if o not in self.face_up[i]]
                    out = []
                    if choose is not None and all(stock[o] is not None for o in now):
                        holding = (tuple(c for o in now if (c := stock[o]) is not None),
                                   tuple(gone[i]))
                        throw = choose(k, stock, holding)  # type: ignore[arg-type]
                        if throw is not None and len(throw) == thrown:
                            where = {stock[o]: o for o in hidden}
                            out = [where[c] for c in throw if c in where]
                    if len(out) != thrown:
                        out = rng.sample(hidden, thrown)
                    for o in out:  # thrown cards not yet placed: placed now, at random
                        if stock[o] is None:
                            stock[o] = left.pop()
                    throws[k] = [stock[o] for o in out]  # type: ignore[misc]
                    gone[i] += throws[k]
                    now = [o for o in now if o not in out]
                held[i] = now + added
        for o in range(len(stock)):
            if stock[o] is None:
                stock[o] = left.pop()
        cards_all: list[Card] = stock  # type: ignore[assignment]  # every place now filled
        last = {i: tuple(cards_all[o] for o in held[i]) for i in self.opponents}
        return (cards_all, throws, hands, last, rng.getrandbits(32)), total

    def seen_by(self, at: int, then: PlayerView, stock: list[Card],
                cards: tuple[tuple[Card, ...], tuple[Card, ...]]) -> PlayerView:
        """The opponent's view at entry ``at`` of a draw: ``then`` with its cards."""
        receipts = tuple(r._replace(card=stock[r.order])
                         for r in self.receipts[then.seat][:self.received_then[at]])
        return attrs.evolve(then, hand=cards[0], received=receipts, discarded=cards[1])

    def replay(self, drawn: Draw, rng: random.Random) -> GameState | None:
        """The draw replayed through the engine; ``None`` unless it comes out as read."""
        view = self.view
        stock, throws, _, last, seed = drawn
        setup = DealSetup(players=tuple(s.name for s in view.seats),
                          chips=tuple(s.stack + s.contributed for s in view.seats),
                          dealer=view.dealer, table=view.table,
                          carry=view.pot - sum(s.contributed for s in view.seats),
                          stock=tuple(stock), seed=seed, dealing="stacked")
        try:
            world = _replay(start_deal(view.variant, setup), view, list(view.discarded), rng,
                            throws=throws)
        except PrimeroError:
            return None
        if world is None or _public(state_view(world, view.seat)) != _public(view):
            return None
        if any(frozenset(world.seats[i].hand) != frozenset(last[i]) for i in self.opponents):
            return None
        return world

    def rehand(self, drawn: Draw) -> GameState:
        """The draw as a world without the engine: the replayed world with the draw's cards.

        The opponents' hands, receipts and discards, the stock, the discard pile and the
        opponents' exchanges in the history are put in the world :class:`Layout` was read
        from (:func:`~primero.deal.hidden_cards.with_hidden_cards`); everything else of the
        state is public and the same in every world. Checked against the engine's replay of a
        draw (:meth:`SearchAgent.screened_world` compares the first world of every decision).
        """
        stock, throws, _, last, seed = drawn
        world = self.world
        history = list(world.history)
        pile: list[Card] = []
        gone: dict[int, list[Card]] = {i: [] for i in self.opponents}
        for at, (seat, action) in enumerate(history):
            if at in throws:
                action = Exchange.from_cards(throws[at]) if isinstance(action, Exchange) \
                    else Pass.from_cards(throws[at])
                history[at] = (seat, action)
                gone[seat] += _cards_of(action)
            pile += _cards_of(action)
        seats = {i: (last[i], tuple(r._replace(card=stock[r.order]) for r in self.receipts[i]),
                     tuple(gone[i])) for i in self.opponents}
        return with_hidden_cards(world, stock=stock, dealt=self.dealt, seats=seats,
                                 discards=pile, history=history, seed=seed)


def _cards_of(action: Action) -> tuple[Card, ...]:
    """The cards an exchange or a pass with an exchange throws."""
    if isinstance(action, Exchange):
        return action.discards
    return action.exchange if isinstance(action, Pass) else ()


def _betting_kind(text: str, least: int) -> str | None:
    """A betting decision as the agreement of worlds compares it.

    A vie or raise of the least amount ``least`` (often a bluff) or of more (a strong hand),
    a hold, or neither (a pass or a fold); ``None`` for an exchange.
    """
    kind = kind_of(text)
    if kind == "bet":
        found = _AMOUNT.search(text)
        return "bet least" if found is None or int(found.group(0)) <= least else "bet more"
    return "neither" if kind in ("pass", "fold") else kind


def fits_betting(world: GameState, view: PlayerView, floors: list[float],
                 table: Strength) -> bool:
    """Whether every live opponent's hand in ``world`` is as strong as its betting says.

    ``floors`` are the least strengths the opponents' betting this deal suggests, one per
    live opponent in seat order (:meth:`~primero.agents.reading.Reading.floors`: after a vie
    or raise ``1 - p_bet``, after a hold ``1 - p_bet - p_hold``, the frequencies as observed
    over the session). A hand's strength is its share of the pack's hands beaten
    (:meth:`~primero.agents.strength.Strength.of_hand`: the mean over completions for fewer
    than four cards). The odds player samples the hidden hands by the same test.

    Args:
        world: A world drawn by :func:`sample_world`.
        view: The player's view.
        floors: Per live opponent, the least strength (0..1).
        table: The ranking's strength table.
    """
    live = [i for i, seat in enumerate(view.seats) if i != view.seat and not seat.folded]
    for i, floor in zip(live, floors, strict=False):
        if floor > 0 and table.of_hand(world.seats[i].hand) < floor:
            return False
    return True


def throw_choice(seen: PlayerView, then: PlayerView, count: int | None = None) \
        -> tuple[Card, ...] | None:
    """The cards a table-odds player holding ``seen.hand`` throws in the exchange of ``then``.

    The discard with the best expected strength after the draw
    (:func:`~primero.agents.rollout.best_discard`, as
    :class:`~primero.agents.rollout.TableOdds` exchanges) among the hidden cards of the hand,
    as many as an exchange or a pass with an exchange of ``then`` may throw (``count``: that
    many exactly). Used to fit an opponent's exchange in a world
    (:meth:`SearchAgent.screened_world`): how many cards it threw is public.

    Args:
        seen: The opponent's view with the hand drawn for it (:meth:`Layout.seen_by`).
        then: Its view in the replayed world (the legal exchanges' sizes are public).
        count: The number of cards thrown (``None``: any number ``then`` allows).

    Returns:
        The cards thrown, or ``None`` when ``then`` offers no exchange of that size.
    """
    sizes = {len(a.discards) for a in then.legal if isinstance(a, Exchange)}
    sizes |= {len(a.exchange) for a in then.legal if isinstance(a, Pass) and a.exchange}
    if count is not None:
        sizes &= {count}
    shown = set(then.seats[then.seat].open)
    # in pack order, as an exchange's discards are (the discard cache is shared with them)
    hidden = sorted((c for c in seen.hand if c not in shown), key=lambda c: c.index)
    options = [d for k in sorted(sizes) for d in combinations(hidden, k)]
    if not options:
        return None
    return best_discard(seen, Strength.of(seen.variant.ranking), options)


def quick_odds() -> Agent:
    """A cheap odds player for rollouts.

    8 sampled deals per chance and 4 per exchange (the odds player samples 160 and 48).
    """
    return OddsAgent(samples=8, exchange_samples=4)


def rollout_odds() -> Agent:
    """The odds player the rollouts give every seat by default.

    :data:`ROLLOUT_SAMPLES` sampled deals per chance and :data:`ROLLOUT_EXCHANGE_SAMPLES` per
    exchange (the odds player samples 160 and 48): close enough to the odds player's answers
    that a rollout's opponents answer a bet as the table's would (with 8 samples they fold
    to small vies the odds player holds).
    """
    return OddsAgent(samples=ROLLOUT_SAMPLES, exchange_samples=ROLLOUT_EXCHANGE_SAMPLES)


def rollout_table() -> Agent:
    """The player the rollouts give every seat by default (:class:`TableOdds`).

    The odds player's betting on a chance read from the strength table
    (:mod:`primero.agents.rollout`): a rollout decision costs a fraction of a millisecond.
    """
    return TableOdds()


class SearchAgent:
    """Determinized Monte Carlo search through the engine (see the module docstring).

    Args:
        budget_ms: CPU milliseconds per decision (``None``: no time cap, exactly
            ``simulations`` worlds).
        simulations: The most worlds drawn per decision.
        rollout: The factory of the player its own seat is given in a rollout (by default
            :func:`rollout_table`, the odds player's betting on a table's chance).
        opponents: The factory of the players every other seat is given in a rollout
            (``None``: ``rollout``); by default :func:`rollout_table`, which answers bets on
            its chance as the odds player does rather than folding to every large raise.
        confidence: Standard errors by which a candidate must beat the odds player's choice
            (paired over the same worlds) to replace it.
        min_worlds: Fewer worlds drawn than this (within the budget, or ``simulations``)
            and the odds player's choice stands (:data:`MIN_WORLDS`).
        betting: Whether a world must fit the opponents' betting as observed
            (:func:`fits_betting`, up to :data:`BETTING_TRIES` draws per world).
        remember: Whether the rollouts' players start from the session's readings.
        prune: Standard errors below zero that drop a rival from later worlds (racing).
        agree: The chance a world is kept per opponent decision its rollout player would
            have made otherwise (``None``: the floors of ``betting`` instead).
        agree_tries: Worlds drawn, at most, for one kept by ``agree``.
        screen_tries: Draws of an opponent's hand screened, at most, when worlds are read from
            a :class:`Layout` (:meth:`screened_world`; by default :data:`SCREEN_TRIES`); 0:
            every world drawn by the engine (:meth:`agreeing_world`).
        seen_folds: Whether the opponents' table-odds rollout players fold to a bet as often
            as the real ones have been seen to (:attr:`~primero.agents.rollout.TableOdds.seen`,
            the session's :attr:`table_reading`; with ``remember``).
        deep: The budget's multiple at a decision with much at stake: its chips at stake
            (pot and owed) above those of all but :data:`DEEP_SHARE` of the session's
            decisions so far (after :data:`DEEP_FROM`); by default :data:`DEEP`; 1.0: every
            decision the same budget.
        student: Whether the bar of ``confidence`` is Student's t quantile for the worlds a
            rival was played in rather than the normal one (higher with few worlds).
        verify: The most fresh worlds a departure is checked in, its own seat played by a
            copy of its odds player, before it replaces the odds player's choice
            (:meth:`_verified`); 0: no check.
        exchanges: Whether screened worlds fit the opponents' exchanges too: an opponent's
            rollout player, holding the hand drawn, would have thrown as many cards as it
            did (else a miss, as for a bet), and it throws the cards that player would
            throw of that many (:meth:`screened_world`); ``False`` (the default): how many
            cards an opponent threw says nothing of its hand, and it throws cards drawn at
            random.
        counts: With ``exchanges``, whether a count thrown other than the rollout player's
            is a miss (``False``: only which cards are thrown is fitted).
        loose: Whether a world that misses an opponent's betting decision is kept anyway by
            the chance that the opponent makes such a decision whatever its hand, read from
            how much more often it makes it than this player does (:meth:`looseness`);
            ``False``: every miss counts (a loose opponent's bets read as a tight one's).

    Raises:
        ValueError: ``budget_ms`` not positive, ``simulations``, ``min_worlds`` or
            ``agree_tries`` below 1, ``screen_tries`` or ``verify`` negative, ``agree``
            outside 0..1, or ``deep`` below 1.
    """

    name = "search"

    def __init__(self, budget_ms: float | None = DEFAULT_BUDGET_MS, simulations: int = 256,
                 rollout: Callable[[], Agent] = rollout_table,
                 opponents: Callable[[], Agent] | None = rollout_table,
                 confidence: float = 2.0, min_worlds: int = MIN_WORLDS,
                 betting: bool = True, remember: bool = True,
                 prune: float | None = PRUNE, agree: float | None = AGREE,
                 agree_tries: int = AGREE_TRIES, screen_tries: int = SCREEN_TRIES,
                 seen_folds: bool = True, deep: float = DEEP, student: bool = False,
                 verify: int = 0, exchanges: bool = False, counts: bool = True,
                 loose: bool = False) -> None:
        if budget_ms is not None and budget_ms <= 0:
            raise ValueError(f"budget_ms must be positive or None, got {budget_ms!r}")
        if simulations < 1:
            raise ValueError(f"simulations must be at least 1, got {simulations!r}")
        if min_worlds < 1:
            raise ValueError(f"min_worlds must be at least 1, got {min_worlds!r}")
        if agree_tries < 1:
            raise ValueError(f"agree_tries must be at least 1, got {agree_tries!r}")
        if screen_tries < 0:
            raise ValueError(f"screen_tries must not be negative, got {screen_tries!r}")
        if agree is not None and not 0 <= agree <= 1:
            raise ValueError(f"agree must be between 0 and 1 or None, got {agree!r}")
        if not deep >= 1:
            raise ValueError(f"deep must be at least 1, got {deep!r}")
        if verify < 0:
            raise ValueError(f"verify must not be negative, got {verify!r}")
        self.budget_ms = budget_ms
        self.simulations = simulations
        self.rollout = rollout
        self.opponents: Callable[[], Agent] = rollout if opponents is None else opponents
        #: Standard errors a candidate's paired gain over the odds player's choice must pass.
        self.confidence = confidence
        #: The fewest worlds on which the search may replace the odds player's choice.
        self.min_worlds = min_worlds
        #: Whether worlds must fit the opponents' betting (:func:`fits_betting`).
        self.betting = betting
        #: Worlds searched and rollouts played in the last decision.
        self.worlds: int = 0
        self.rollouts: int = 0
        #: Worlds of the last decision replayed through the engine (:func:`sample_world`,
        #: :meth:`Layout.replay`); the others were rehanded (:meth:`Layout.rehand`).
        self.replays: int = 0
        #: The odds player's choice in the last decision (the search's starting point).
        self.last_base: Action | None = None
        #: The last decision's chosen candidate's mean gain over the odds player's choice
        #: (chips, paired over the worlds both were played in) and its standard error; both
        #: 0.0 when the odds player's choice stands.
        self.last_gain: float = 0.0
        self.last_error: float = 0.0
        self.odds: OddsAgent = OddsAgent()
        self.heuristic: HeuristicAgent = HeuristicAgent()
        #: Every seat's betting as the table has seen it over the session, this player's too:
        #: what the opponents' readings of it are built from, lent to the rollouts' opponents.
        self.table_reading: Reading = Reading()
        #: Whether the rollouts' odds players start from the session's readings
        #: (:attr:`table_reading` for the opponents, the odds player's for its own seat)
        #: rather than from the prior.
        self.remember = remember
        #: Standard errors below zero at which a rival's paired gain drops it from the later
        #: worlds (after :data:`RACE_FROM` worlds; ``None``: every candidate in every world).
        self.prune = prune
        #: The chance a world is kept per opponent decision its rollout player would have
        #: made otherwise (``None``: :attr:`betting` floors instead, :func:`fits_betting`).
        self.agree = agree
        #: Worlds drawn, at most, for one kept by :attr:`agree` (:data:`AGREE_TRIES`).
        self.agree_tries = agree_tries
        #: Draws screened, at most, per world read from a :class:`Layout`
        #: (:meth:`screened_world`; 0: every draw replayed, :meth:`agreeing_world`).
        self.screen_tries = screen_tries
        #: Whether the opponents' rollout players fold as often as the real ones have.
        self.seen_folds: bool = seen_folds
        #: The budget's multiple at a decision with much at stake (:data:`DEEP_SHARE`).
        self.deep: float = deep
        #: Whether the departure bar is Student's t quantile for the worlds played.
        self.student: bool = student
        #: The most worlds a departure is checked in before it replaces the odds player's
        #: choice (:meth:`_verified`; 0: no check).
        self.verify: int = verify
        #: Whether screened worlds fit the opponents' exchanges (how many cards each threw)
        #: and throw the cards their rollout players would (:meth:`screened_world`).
        self.exchanges: bool = exchanges
        #: With :attr:`exchanges`: whether a count thrown other than the rollout player's is
        #: a miss.
        self.counts: bool = counts
        #: Whether an opponent's betting decision is kept in a world that misses it by the
        #: chance the opponent makes it whatever its hand (:meth:`looseness`).
        self.loose: bool = loose
        #: Worlds the last check was played in, the departure's gain less its own seat's
        #: mean rollout bias there, and that bias (chips).
        self.checks: int = 0
        self.last_check: float = 0.0
        self.last_bias: float = 0.0
        self._last_bar = 0.0  # the bar the last departure cleared (standard errors)
        #: Departures the checks refuted over the session.
        self.refuted: int = 0
        #: The chips at stake (pot and owed) at each of the session's decisions with a choice
        #: (sorted).
        self.stakes: list[int] = []
        #: The budget of the last decision (CPU ms; ``None``: no cap).
        self.last_budget_ms: float | None = budget_ms
        # per entry of the public log, the least vie or raise then on offer (this decision)
        self._least: dict[int, int] = {}
        # per opponent decision of the log, the chance it is made whatever the hand (this
        # decision; :meth:`looseness`)
        self._loose: dict[int, float] = {}
        # this decision's layout and screening players (False: none can be read)
        self._layout: Layout | bool | None = None
        self._screens: dict[int, TableOdds] = {}
        self._rehand = False  # this decision's layout has put a draw as the engine does
        # per opponent decision screened: how often it was asked, and how often it agreed
        self._asked: dict[int, int] = {}
        self._kept: dict[int, int] = {}

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The odds player's action, unless the search finds a better one (module docstring)."""
        start = time.process_time()
        self.worlds = self.rollouts = self.replays = 0
        self.last_gain = self.last_error = 0.0
        self._least = {}
        self._loose = {}
        self._layout = None
        self._screens = {}
        self._rehand = False
        legal = view.legal
        self._observe(view)
        if len(legal) == 1:
            self.last_base = legal[0]
            return legal[0]
        base = self.last_base = self.odds.act(view, rng)
        candidates = self.candidates(view, rng, base)
        if len(candidates) == 1:
            return candidates[0]
        values: list[list[float]] = [[] for _ in candidates]
        at = candidates.index(base)
        live = list(range(len(candidates)))  # the candidates still played in each world
        worlds = 0
        floors = self.odds.reading.floors(view) if self.betting and self.agree is None else []
        table = Strength.of(view.variant.ranking)
        seats = len(view.seats)
        # its own seat's rollout player is shared by every rollout of the decision (its hand
        # and what it knows are the same in every world: its answers are remembered), the
        # others' by every candidate in one world (their hands differ from world to world)
        own = self.rollout_players(seats, view.seat)[view.seat]
        budget = self.last_budget_ms = self._budget(view)
        deadline = None if budget is None else start + budget / 1000
        need = max(2, self.min_worlds)
        while worlds < self.simulations:
            if self.agree is not None:
                found = self.screened_world(view, rng, deadline) if self.screen_tries \
                    else self.agreeing_world(view, rng, deadline)
                if found is None:
                    break
                world, players = found
            else:
                drawn = self._world(view, rng, floors, table)
                if drawn is None:
                    break
                world, players = drawn, self.rollout_players(seats, view.seat)
            seed = rng.getrandbits(32)
            players[view.seat] = own
            played = []
            for k in live:
                if deadline is not None and time.process_time() > deadline:
                    break  # over the budget within a world: it is not counted
                values[k].append(self.value(world, candidates[k], view.seat, seed, players))
                played.append(k)
                self.rollouts += 1
            if len(played) < len(live):
                for k in played:
                    values[k].pop()  # every candidate is scored over the same worlds
                break
            worlds += 1
            self.worlds += 1
            if self.prune is not None and worlds >= RACE_FROM:
                live = [k for k in live if k == at or not self._behind(values[k], values[at])]
                if len(live) == 1:
                    break  # every rival is clearly behind the odds player's choice
            if budget is not None:
                spent = (time.process_time() - start) * 1000
                # stop before a world that would overrun the budget (each costs about the mean)
                if spent + spent / worlds > budget:
                    break
        if worlds < need:
            return base
        chosen = self._better(values, at)
        if chosen != at and self.verify and not self._verified(
                view, rng, candidates[chosen], base, own, budget):
            self.last_gain = self.last_error = 0.0
            self.refuted += 1
            return base
        return candidates[chosen]

    def _verified(self, view: PlayerView, rng: random.Random, action: Action, base: Action,
                  own: Agent, budget: float | None) -> bool:
        """Whether a departure still clears the bar once its own seat's rollout bias is taken off.

        Up to :attr:`verify` new worlds (drawn as the search's, :meth:`screened_world`) are
        played out four times: with ``action`` and with ``base``, its own seat by ``own``
        (the rollouts' player) and by a copy of its odds player (:meth:`own_player`: what
        the search plays as after a decision it does not depart at); the opponents' seats
        by the world's rollout players, the same generator seed throughout. A world's bias
        is the paired gain with ``own`` less that with the odds player (nil where the seat
        does not act again). The departure stands when :attr:`last_gain` less the mean
        bias still exceeds the bar it cleared (:meth:`bar`) in standard errors of both
        (the gain's and the mean bias's, added in quadrature); fewer than two worlds checked
        in :data:`VERIFY_SHARE` of ``budget`` (CPU time of their own) and it does not.
        :attr:`last_check` is the corrected gain, :attr:`last_bias` the mean bias.
        """
        start = time.process_time()
        deadline = None if budget is None else start + budget * VERIFY_SHARE / 1000
        seats = len(view.seats)
        biases: list[float] = []
        self.checks = 0
        while len(biases) < self.verify:
            if deadline is not None and time.process_time() > deadline:
                break
            if self.agree is not None:
                found = self.screened_world(view, rng, deadline) if self.screen_tries \
                    else self.agreeing_world(view, rng, deadline)
            else:
                drawn = sample_world(view, rng)
                found = None if drawn is None else \
                    (drawn, self.rollout_players(seats, view.seat))
            if found is None:
                break
            world, players = found
            seed = rng.getrandbits(32)
            scores = []
            for player in (own, None):
                for chosen in (action, base):
                    players[view.seat] = self.own_player() if player is None else player
                    scores.append(self.value(world, chosen, view.seat, seed, players))
            if deadline is not None and time.process_time() > deadline:
                break  # a world cut short by the budget is not counted
            biases.append((scores[0] - scores[1]) - (scores[2] - scores[3]))
            self.checks += 1
        n = len(biases)
        self.last_bias = sum(biases) / n if n else 0.0
        self.last_check = self.last_gain - self.last_bias
        if n < 2:
            return False
        spread = math.sqrt(sum((b - self.last_bias) ** 2 for b in biases) / (n - 1))
        error = math.sqrt(self.last_error ** 2 + spread ** 2 / n)
        return self.last_check > self._last_bar * error

    def own_player(self) -> OddsAgent:
        """A copy of its odds player, to play its own seat in a check (:meth:`_verified`).

        The same samples and margin, a copy of its reading and of the deal's pooled chances
        (so it answers as the odds player would from here).
        """
        player = OddsAgent(samples=self.odds.samples,
                           exchange_samples=self.odds.exchange_samples,
                           margin=self.odds.margin)
        player.reading = Reading(past=dict(self.odds.reading.past))
        player.pooled = dict(self.odds.pooled)
        player.kept_for = self.odds.kept_for
        return player

    def _budget(self, view: PlayerView) -> float | None:
        """This decision's CPU budget (ms): :attr:`deep` times more where much is at stake.

        The decision's chips at stake (pot and owed) are recorded in :attr:`stakes`; with
        :attr:`deep` above 1 and :data:`DEEP_FROM` decisions recorded before it, a decision
        whose stake is above all but :data:`DEEP_SHARE` of theirs is given ``deep`` budgets.
        """
        at_stake = view.pot + view.owed
        past = self.stakes
        line = past[min(len(past) - 1, int(len(past) * (1 - DEEP_SHARE)))] if past else 0
        deep = len(past) >= DEEP_FROM and at_stake > line
        bisect.insort(past, at_stake)
        if self.budget_ms is None or not deep:
            return self.budget_ms
        return self.budget_ms * self.deep

    def _behind(self, row: list[float], base: list[float]) -> bool:
        """Whether a rival's paired gain over the base is clearly below zero (it is dropped).

        Its mean gain over the worlds it was played in, plus :attr:`prune` standard errors,
        is not above zero (a rival that does exactly as well in every world is dropped too).
        """
        gains = [v - b for v, b in zip(row, base, strict=False)]
        n = len(gains)
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
        return mean + (self.prune or 0.0) * spread / math.sqrt(n) <= 0

    def _observe(self, view: PlayerView) -> None:
        """Count every seat's betting decisions in the view, this player's own too."""
        self.table_reading.observe(view)
        self.table_reading.current[view.seats[view.seat].name] = count(view, view.seat)

    def rollout_players(self, seats: int, seat: int) -> list[Agent]:
        """The rollout's players, an odds player among them given the session's reading."""
        players = [self.rollout() if i == seat else self.opponents() for i in range(seats)]
        if self.remember:
            for i, player in enumerate(players):
                if isinstance(player, OddsAgent | TableOdds):
                    known = self.odds.reading if i == seat else self.table_reading
                    player.reading = Reading(past=dict(known.past))
                if isinstance(player, TableOdds) and i != seat and self.seen_folds:
                    # an opponent folds in the rollouts as often as the real one has
                    player.seen = self.table_reading
        return players

    def screened_world(self, view: PlayerView, rng: random.Random,
                       deadline: float | None = None) \
            -> tuple[GameState, list[Agent]] | None:
        """:meth:`agreeing_world`, the draws screened before any is replayed.

        The decision's :class:`Layout` is read from the first world drawn; the opponents'
        hands are then drawn in the log's order (:meth:`Layout.draw_agreeing`), each asked
        of a table-odds player per betting decision (its reading observed once, the public
        log being the same in every draw): each hand up to :attr:`screen_tries` times until
        every decision made with it agrees (kept by :attr:`agree` per miss), else the try
        with the fewest misses. A decision that no hand agreed with in :data:`UNHEARD` asks
        is asked no more in the decision. The world is the draw put into the layout's state
        (:meth:`Layout.rehand`); the decision's first is replayed through the engine as well
        and must equal it. Where no layout can be read (the opponents' rollout players are
        not table-odds players, or the deal does not read as one) or the replay differs,
        :meth:`agreeing_world` draws for the rest of the decision.

        Args:
            view: The player's view (its turn).
            rng: Every draw and every screening player's answer comes from it.
            deadline: Passed on to :meth:`agreeing_world` when it draws instead.

        Returns:
            The world and fresh rollout players for it, or ``None`` when no world could be
            drawn.
        """
        layout = self._layout_of(view, rng)
        if layout is None:
            return self.agreeing_world(view, rng, deadline)
        agree = self.agree if self.agree is not None else 1.0
        views = {at: then for at, _, then in layout.checks}

        asked, kept = self._asked, self._kept

        def misses(at: int, stock: list[Card],
                   cards: tuple[tuple[Card, ...], tuple[Card, ...]]) -> bool:
            if asked[at] >= UNHEARD and not kept[at]:
                return False  # no hand drawn so far made it: a decision that tells nothing
            then = views[at]
            text = str(view.history[at][1])
            seen = layout.seen_by(at, then, stock, cards)
            asked[at] += 1
            if kind_of(text) is not None:
                least = self._least_at(at, then)
                done = self._screens[at].decide(seen, rng, observe=False, name_calls=False)
                if _betting_kind(str(done), least) != _betting_kind(text, least):
                    keep = self._loose_at(view, at)
                    if not keep or rng.random() >= keep:
                        return True
            found = _EXCHANGED.fullmatch(text)
            if self.exchanges and self.counts and found is not None:
                thrown = throw_choice(seen, then, None)
                if thrown is not None and len(thrown) != int(found.group(2)):
                    return True
            kept[at] += 1
            return False

        def choose(at: int, stock: list[Card],
                   cards: tuple[tuple[Card, ...], tuple[Card, ...]]) -> tuple[Card, ...] | None:
            found = _EXCHANGED.fullmatch(str(view.history[at][1]))
            then = views.get(at)
            if found is None or then is None:
                return None
            return throw_choice(layout.seen_by(at, then, stock, cards), then,
                                int(found.group(2)))

        best, _ = layout.draw_agreeing(rng, misses, self.screen_tries, agree,
                                       choose if self.exchanges else None)
        if best is None:
            return None
        if self._rehand:
            world: GameState | None = layout.rehand(best)
        else:  # the decision's first world: the engine's replay, and the rehanded one checked
            world = layout.replay(best, rng)
            self.replays += 1
            if world is None or layout.rehand(best) != world:
                self._layout = False  # it does not read as laid out: the engine's draws
                return self.agreeing_world(view, rng, deadline)
            self._rehand = True
        assert world is not None
        return world, self.rollout_players(len(view.seats), view.seat)

    def looseness(self, view: PlayerView, seat: int, kind: str) -> float:
        """The chance that ``seat`` makes a betting decision of ``kind`` whatever its hand, 0..1.

        ``kind`` is ``"bet"`` (a vie or raise), ``"hold"`` or ``"neither"`` (a pass or a
        fold). The rollout players that screen the worlds bet on their cards, as this player
        does; an opponent that makes such decisions more often than this player does (its
        share of its betting decisions over the session, :attr:`table_reading`, against this
        player's own share, which is also its prior worth
        :data:`~primero.agents.reading.PRIOR_WEIGHT` decisions) makes the excess whatever its
        hand. As a mixture: it makes the decision with every hand a player like this one
        would make it with, and with a share ``(o - m) / (1 - m)`` of the others, ``o`` its
        share and ``m`` this player's.
        So a world whose hand the rollout player would not have made the decision with is
        kept with that chance: an opponent that always vies shows nothing by a vie, one
        that never bets nothing by a pass, one that bets as this player does all it shows.
        0 where this player has made no betting decision yet.
        """
        def share(counts: Counts) -> tuple[int, int]:
            made = {"bet": counts.bets, "hold": counts.holds}.get(
                kind, counts.total - counts.bets - counts.holds)
            return made, counts.total

        reading = self.table_reading
        mine, total = share(reading.counted(view.seats[view.seat].name))
        if total == 0:
            return 0.0
        m = mine / total
        if m >= 1:
            return 0.0
        theirs, seen = share(reading.counted(view.seats[seat].name))
        o = (theirs + m * PRIOR_WEIGHT) / (seen + PRIOR_WEIGHT)
        return max(0.0, (o - m) / (1 - m))

    def _loose_at(self, view: PlayerView, at: int) -> float:
        """:meth:`looseness` of the opponent's decision at entry ``at`` (cached: 0 when off)."""
        keep = self._loose.get(at)
        if keep is None:
            keep = 0.0
            seat, text = view.history[at]
            kind = kind_of(str(text))
            if self.loose and kind is not None:
                coarse = kind if kind in ("bet", "hold") else "neither"
                keep = self.looseness(view, seat, coarse)
            self._loose[at] = keep
        return keep

    def _least_at(self, at: int, then: PlayerView) -> int:
        """The least vie or raise on offer at entry ``at`` of the log (public: cached)."""
        least = self._least.get(at)
        if least is None:
            least = self._least[at] = min(
                (amount_of(a) for a in then.legal if isinstance(a, Vie | Hold)
                 and amount_of(a) > 0), default=0)
        return least

    def _layout_of(self, view: PlayerView, rng: random.Random) -> Layout | None:
        """This decision's :class:`Layout` and screening players, read once (``None``: none)."""
        if self._layout is None:
            self._layout = False
            if isinstance(self.opponents(), TableOdds):
                passed: list[GameState] = []
                world = sample_world(view, rng, passed=passed)
                self.replays += 1
                if world is not None:
                    try:
                        layout = Layout(view, world, passed, exchanges=self.exchanges)
                    except ValueError:
                        layout = None
                    if layout is not None:
                        self._layout = layout
                        self._asked = {at: 0 for at, _, _ in layout.checks}
                        self._kept = {at: 0 for at, _, _ in layout.checks}
                        for at, _, then in layout.checks:
                            player = self.opponents()
                            assert isinstance(player, TableOdds)
                            player.reading = Reading(past=dict(self.table_reading.past))
                            player.reading.observe(then)
                            self._screens[at] = player
        return self._layout if isinstance(self._layout, Layout) else None

    def agreeing_world(self, view: PlayerView, rng: random.Random,
                       deadline: float | None = None) \
            -> tuple[GameState, list[Agent]] | None:
        """A world in which the opponents' rollout players would have bet as the opponents did.

        Each world drawn (:func:`sample_world`) is replayed for fresh rollout players
        (:meth:`rollout_players`): at every betting decision of an opponent in the public log,
        its rollout player is asked what it would do in that world; a world with ``m``
        decisions where it would have done otherwise (a vie or raise of the least amount or of
        more, a hold, or neither: a pass or a fold) is
        kept with chance ``agree ** m``. Up to :attr:`agree_tries` worlds are drawn; when
        none is kept, the one with the fewest disagreements. So the opponents' hands are as
        strong as their betting shows *to a player like them*, after a pass as after a vie.

        Args:
            view: The player's view (its turn).
            rng: Every draw and every rollout player's answer comes from it.
            deadline: A :func:`time.process_time` after which no further world is drawn
                (the fewest misses so far is returned).

        Returns:
            The world and the rollout players who replayed it (they go on in its rollouts),
            or ``None`` when no world could be drawn.
        """
        agree = self.agree if self.agree is not None else 1.0
        best: tuple[GameState, list[Agent]] | None = None
        fewest = math.inf
        seats = len(view.seats)
        for _ in range(self.agree_tries):
            passed: list[GameState] = []
            world = sample_world(view, rng, passed=passed)
            if world is None:
                break
            self.replays += 1
            players = self.rollout_players(seats, view.seat)
            misses = 0
            for at, (state, (seat, text)) in enumerate(zip(passed, view.history, strict=True)):
                if seat == view.seat or kind_of(str(text)) is None:
                    continue
                then = state_view(state, seat)
                least = self._least.get(at)
                if least is None:  # the amounts on offer are public: the same in every world
                    least = self._least[at] = min(
                        (amount_of(a) for a in then.legal if isinstance(a, Vie | Hold)
                         and amount_of(a) > 0), default=0)
                if deadline is not None and time.process_time() > deadline:
                    return best if best is not None else (world, players)
                done = players[seat].act(then, rng)
                keep = self._loose_at(view, at)
                if _betting_kind(str(done), least) != _betting_kind(str(text), least) \
                        and (not keep or rng.random() >= keep):
                    misses += 1
                    if agree == 0 and misses >= fewest:
                        break  # kept by no chance, and no better than the best so far
            if misses == 0 or rng.random() < agree ** misses:
                return world, players
            if misses < fewest:
                best, fewest = (world, players), misses
            if deadline is not None and time.process_time() > deadline:
                break
        return best

    def _world(self, view: PlayerView, rng: random.Random, floors: list[float],
               table: Strength) -> GameState | None:
        """A world (:func:`sample_world`) that fits the opponents' betting if one is drawn.

        Up to :data:`BETTING_TRIES` draws for one that :func:`fits_betting`; else the last.
        """
        world = None
        for _ in range(BETTING_TRIES if any(floors) else 1):
            world = sample_world(view, rng)
            if world is None or fits_betting(world, view, floors, table):
                return world
        return world

    def bar(self, rivals: int, worlds: int) -> float:
        """The standard errors a rival's paired gain must clear to replace the base.

        :attr:`confidence` standard errors for one rival; with several, the quantile that
        keeps the chance that any of them passes by luck that of one (Bonferroni: the normal
        quantile of ``1 - (1 - Φ(confidence)) / rivals``); with :attr:`student`, Student's t
        quantile of the same tail with ``worlds - 1`` degrees of freedom. ``inf`` when the
        tail is nil in floating point (no rival ever clears it).

        Args:
            rivals: The candidates other than the base (at least 1 counted).
            worlds: The worlds the rival was played in (at least 2 for Student's t).
        """
        tail = NormalDist().cdf(-self.confidence) / max(1, rivals)
        if tail <= 0:
            return math.inf
        if self.student:
            return t_quantile(1 - 2 * tail, max(1, worlds - 1))
        return -NormalDist().inv_cdf(tail)

    def _better(self, values: list[list[float]], base: int) -> int:
        """The candidate whose paired gain over ``base`` is largest and clear of the noise.

        Per candidate, the mean over the worlds of its chips less the base's in the same world,
        and its standard error; a candidate replaces the base only when its mean gain exceeds
        :attr:`confidence` standard errors, raised for the number of rivals (Bonferroni: with
        ``r`` rivals, the normal quantile of ``1 - (1 - Φ(confidence)) / r``: :meth:`bar`). With
        :attr:`student` the quantile is Student's t with ``n - 1`` degrees of freedom for a
        rival played in ``n`` worlds: the bar is higher where few worlds were drawn (their
        spread is itself uncertain; 9 worlds and 6 rivals: 3.5 standard errors, not 2.7).
        """
        best, best_gain = base, 0.0
        rivals = len(values) - 1
        for k, row in enumerate(values):
            if k == base:
                continue
            # a rival dropped early (:meth:`_behind`) is paired over the worlds it was played in
            gains = [v - b for v, b in zip(row, values[base], strict=False)]
            n = len(gains)
            if n < 2:
                continue
            mean = sum(gains) / n
            spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5
            bar = self.bar(rivals, n)
            if mean > bar * spread / n ** 0.5 and mean > best_gain:
                best, best_gain = k, mean
                self.last_gain, self.last_error = mean, spread / n ** 0.5
                self._last_bar = bar
        return best

    def value(self, world: GameState, action: Action, seat: int, seed: int,
              players: Sequence[Agent] | None = None) -> float:
        """The player's chips after playing ``action`` in ``world`` and the rollout to the end.

        Its net less the table's mean net (chips carried over count for no one). ``players``
        play the rollout, one per seat (``None``: fresh ones, :meth:`rollout_players`).
        """
        state = world.apply(action)
        if not state.over:
            if players is None:
                players = self.rollout_players(len(state.seats), seat)
            # an imagined deal's end teaches the rollout players nothing real
            state = play_deal(state, players, random.Random(seed), observe=False)
        stacks = state.stacks
        return stacks[seat] - sum(stacks) / len(stacks)

    def candidates(self, view: PlayerView, rng: random.Random, base: Action) -> list[Action]:
        """The actions the search weighs (see the module docstring), without repeats.

        ``base`` (the odds player's choice) is always among them.
        """
        legal = list(view.legal)
        if view.owed == 0 and any(isinstance(a, Pass | Hold) and amount_of(a) == 0
                                  for a in legal):
            # a fold with nothing owed gives up the pot for nothing a free pass keeps
            legal = [a for a in legal if not isinstance(a, Fold) or a == base]
        if len(legal) <= MAX_CANDIDATES:
            return legal
        chosen: list[Action] = [base, self.heuristic.act(view, rng)]
        if all(isinstance(a, Exchange) for a in legal):
            table = Strength.of(view.variant.ranking)
            seen = others_open(view)
            swaps = [a for a in legal if isinstance(a, Exchange)]
            ranked = sorted(swaps, key=lambda a: -table.after_exchange(
                view.hand, a.discards, seen=seen))
            chosen += ranked[:MAX_CANDIDATES - 2]
        else:
            chosen += [a for a in legal if isinstance(a, Fold)][:1]
            passes = [a for a in legal if isinstance(a, Pass)]
            chosen += sorted(passes, key=lambda p: len(p.exchange))[:1]
            chosen += [a for a in legal if isinstance(a, Hold) and a.raise_by == 0][:1]
            bets: list[Vie | Hold] = [a for a in legal if isinstance(a, Vie)]
            bets = bets or [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
            if bets:
                amounts = sorted({amount_of(a) for a in bets})
                for amount in {amounts[0], amounts[-1]}:
                    same = [a for a in bets if amount_of(a) == amount]
                    named = [a for a in same if a.call is not None]
                    if named and calls_of(view) is not None:
                        pick, _ = best_call(named, view, Strength.of(view.variant.ranking),
                                            rng)
                        chosen.append(pick)
                    else:
                        chosen.append(same[0])
        unique: list[Action] = []
        for a in chosen:
            if a in legal and a not in unique:
                unique.append(a)
        return unique

    def observe(self, view: PlayerView) -> None:
        """Read the end of a deal (:class:`~primero.agents.protocol.Observer`).

        Its :attr:`table_reading` and the odds and heuristic players' readings count the
        answers to its last bets (in Revival a deal often ends on the answer to its vie) and
        every seat's decisions to the end; a deal seen in play is counted once
        (:meth:`~primero.agents.reading.Reading.observe`).
        """
        self._observe(view)
        self.odds.observe(view)
        self.heuristic.observe(view)

