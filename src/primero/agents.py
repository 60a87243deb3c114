"""Computer players behind one small protocol: a view and legal actions in, an action out.

* :class:`RandomAgent` — uniform over the legal actions (amounts and exchanges included).
* :class:`HeuristicAgent` — plays on hand strength: the share of the pack's hands its hand
  beats (exact, from the ranking table), with two cards the mean of that share over every
  completion; it vies and holds on strength, folds weak hands, exchanges toward the best
  expected hand, names calls it can plausibly meet (bluffing now and then), and under a
  no-fold variant passes with the exchange that spoils its hand least.

Agents get their randomness from the ``random.Random`` passed in; nothing global is used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from math import comb
from typing import ClassVar, Protocol, runtime_checkable

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.errors import EndlessDealError, PrimeroError, UnknownAgentError
from primero.hands import HAND_SIZE, Ranking
from primero.session import Session
from primero.state import GameState
from primero.tables import colex_offsets
from primero.variants.cardano import call_book
from primero.views import PlayerView, state_view

__all__ = [
    "AGENTS",
    "Agent",
    "HeuristicAgent",
    "RandomAgent",
    "Strength",
    "make_agent",
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

    _cache: ClassVar[dict[int, Strength]] = {}

    def __init__(self, ranking: Ranking) -> None:
        import numpy as np

        self.ranking = ranking
        strengths = ranking.strengths()  # per table index: dense, larger better, equal ties
        counts = np.bincount(strengths)
        below = np.cumsum(counts) - counts  # hands weaker than each strength
        # the hands it beats, and half of those it ties (itself included): the mean over the
        # pack is exactly 0.5, a unique strongest hand is (N - 0.5) / N
        shares = (below + counts / 2) / len(strengths)
        by_index: list[float] = shares[strengths].tolist()
        c1, c2, c3, c4 = colex_offsets(ranking.pack)
        bits = [card.bit for card in ranking.pack.cards]
        index = [card.index for card in ranking.pack.cards]
        # every hand's share by its mask (the OR of its card bits), read by table index
        self._by_mask: dict[int, float] = {
            bits[a] | bits[b] | bits[c] | bits[d]:
                by_index[sum(sorted_terms)]
            for a, b, c, d in combinations(range(len(bits)), 4)
            for sorted_terms in [_terms(sorted((index[a], index[b], index[c], index[d])),
                                        c1, c2, c3, c4)]
        }
        self._partial: dict[int, float] = {}

    @classmethod
    def of(cls, ranking: Ranking) -> Strength:
        """The (cached) strength table of ``ranking``."""
        found = cls._cache.get(id(ranking))
        if found is None or found.ranking is not ranking:
            found = cls._cache[id(ranking)] = cls(ranking)
        return found

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

    def after_exchange(self, hand: Sequence[Card], discards: Sequence[Card],
                       rng: random.Random | None = None) -> float:
        """Expected strength of the final four cards after throwing ``discards``.

        The cards kept are completed to four from the rest of the pack, less every card of
        ``hand`` (thrown cards lie face down and cannot be drawn again); with fewer than four
        cards in hand (an exchange before the second deal) the later cards count too. Exact
        for any number of cards thrown; ``rng`` is not needed (kept for callers that pass it).
        """
        keep = [c for c in hand if c not in discards]
        thrown = [c for c in hand if c in discards]
        return self.mean_without(keep, thrown)


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
        strength = strength_table.of_hand(view.hand) if view.hand else 0.5
        return self._bet(view, legal, strength, strength_table, rng)

    def _exchange(self, view: PlayerView, options: list[Exchange], table: Strength,
                  rng: random.Random) -> Action:
        best = max(options, key=lambda a: (table.after_exchange(view.hand, a.discards, rng),
                                           -len(a.discards)))
        return best

    def _bet(self, view: PlayerView, legal: Sequence[Action], strength: float,
             table: Strength, rng: random.Random) -> Action:
        push = strength + (self.aggression - 0.5) * 0.2
        vies = [a for a in legal if isinstance(a, Vie)]
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
        holds = [a for a in legal if isinstance(a, Hold) and a.raise_by == 0]
        passes = [a for a in legal if isinstance(a, Pass)]
        folds = [a for a in legal if isinstance(a, Fold)]
        if any(p.exchange for p in passes):  # no-fold variant: a pass spoils the hand least
            passes = [max(passes, key=lambda p: table.after_exchange(view.hand, p.exchange,
                                                                      rng))]
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
            return holds[0]
        if passes and (owed == 0 or push > 0.25):
            return passes[0]
        if folds and owed > 0:
            return folds[0]
        if passes:
            return passes[0]
        if holds:
            return holds[0]
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
        ranking = view.variant.ranking
        book = call_book(ranking)
        mine = ranking.evaluate(view.hand).key if len(view.hand) == HAND_SIZE else None

        def key_of(a: Vie | Hold) -> tuple[int, ...]:
            call = a.call
            assert call is not None  # the legal actions offer attainable calls only
            return book.key(call)

        ordered = sorted(options, key=key_of)
        meetable = [a for a in ordered if mine is not None and key_of(a) <= mine]
        if meetable and rng.random() >= self.bluff:
            return meetable[0]
        above = [a for a in ordered if mine is None or key_of(a) > mine]
        return (above or ordered)[0]


#: The agents by name, as the CLI offers them.
AGENTS: dict[str, type[RandomAgent] | type[HeuristicAgent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}


def make_agent(name: str) -> Agent:
    """A new agent by name (``"random"`` or ``"heuristic"``).

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
    for _ in range(max_actions):
        if state.over:
            return state
        seat = state.to_act
        assert seat is not None
        # state.view(seat) without its checks (the seat to act is a seat of the deal)
        state = state.apply(acts[seat](state_view(state, seat), rng))
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

