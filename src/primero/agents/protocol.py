"""The computer player's protocol and the drivers that let agents play deals and sessions.

* :class:`Agent` — a view and its legal actions in, an action out;
* :class:`Observer` — the optional second half: ``observe(view)``, shown how each deal ended;
* :class:`RandomAgent` — uniform over the legal actions (amounts and exchanges included);
* :func:`play_deal`, :func:`play_session` — one agent per seat, to the end of a deal or a
  number of deals; :func:`show_end` — each observing agent its seat's view of the end.

Agents get their randomness from the ``random.Random`` passed in; nothing global is used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from primero.actions import Action
from primero.deal.state import GameState
from primero.errors import AgentFailedError, EndlessDealError, PrimeroError
from primero.session import Session
from primero.views import PlayerView, state_view

__all__ = ["Agent", "Observer", "RandomAgent", "observe_or_fail", "play_deal", "play_session",
           "show_end"]


@runtime_checkable
class Agent(Protocol):
    """A computer player: only :meth:`act` is required.

    An agent may also have ``observe(view)`` (:class:`Observer`): the drivers then show it, once
    per deal, its seat's view of the deal's end. An agent without it plays unchanged.
    """

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose one of ``view.legal``.

        Args:
            view: The player's view; ``view.legal`` lists the legal actions (never empty).
            rng: The random source to use for any choice.
        """
        ...


@runtime_checkable
class Observer(Protocol):
    """An agent shown how each deal ended: the optional half of the protocol beside :class:`Agent`.

    :func:`play_deal` (and so :func:`play_session`, :func:`~primero.analysis.duplicate_match`
    and :func:`~primero.simulation.simulate`) calls ``observe`` once per seat when a deal is
    over, with the view of that seat: its own cards, the public history to the end (the answers
    to its last bets included) and the hands shown at a showdown (``view.seats[i].shown``),
    never a hidden card of another seat; ``view.over`` is true and ``view.legal`` empty. An
    agent that learns from what its opponents do reads there what it was not asked to act on
    (in Revival a deal often ends on the answer to a vie). The attribute is looked up once per
    deal (``getattr(agent, "observe", None)``); ``None`` counts as absent, so a wrapper may
    forward it only when its inner agent has one. It must not count a deal twice: it sees the
    views it acted on and then the end of the same deal.
    """

    def observe(self, view: PlayerView) -> None:
        """Take in the seat's view of a finished deal (``view.over``); return nothing.

        Args:
            view: The seat's view of the deal's final state.
        """
        ...


def observe_or_fail(agent: Agent, view: PlayerView, who: str) -> None:
    """Show ``agent`` the end of a deal (its ``observe``), a fault named for the user.

    The one place a driver's wrapper (the duplicate match's, the simulation's) shows its inner
    agent a deal's end.

    Args:
        agent: An agent with ``observe`` (:class:`Observer`).
        view: Its seat's view of the finished deal.
        who: How the message names it (``"the candidate (odds)"``, ``"P0's agent (odds)"``).

    Raises:
        AgentFailedError: the agent raised something other than a
            :class:`~primero.errors.PrimeroError` (its exception is the cause).
    """
    try:
        agent.observe(view)  # type: ignore[attr-defined]
    except PrimeroError:
        raise
    except Exception as error:
        raise AgentFailedError(f"{who} raised {type(error).__name__} when shown the deal's "
                               f"end: {error!s:.200}") from error


def show_end(state: GameState, agents: Sequence[Agent]) -> None:
    """Show every observing agent (:class:`Observer`) its seat's view of the finished deal.

    Args:
        state: The deal, over.
        agents: One agent per seat, in seat order; those without ``observe`` (or with
            ``observe`` ``None``) are skipped.

    Raises:
        PrimeroError: the deal is not over (a view of it would show a turn still to play).
    """
    if not state.over:
        raise PrimeroError("show_end: the deal is not over; agents are shown only a deal's end")
    for seat, agent in enumerate(agents):
        observe = getattr(agent, "observe", None)
        if observe is not None:
            observe(state_view(state, seat))


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)



def play_deal(state: GameState, agents: Sequence[Agent] | Mapping[str, Agent],
              rng: random.Random, *, max_actions: int = 10_000, observe: bool = True) \
        -> GameState:
    """Let the agents (one per seat) play the deal to its end, then show them how it ended.

    An agent with ``observe`` (:class:`Observer`) is called once at the end with its seat's
    view of the final state (:func:`show_end`); also when ``state`` is over already.

    Args:
        state: The deal to play on.
        agents: One agent per seat: a list in seat order, or a dict by player name (the same
            shapes :func:`play_session` takes).
        rng: The agents' generator.
        max_actions: The most actions to play.
        observe: Show the observing agents the deal's end (``False``: a deal played out in
            an agent's own head, such as a search's rollout, whose end nobody saw).

    Raises:
        PrimeroError: not one agent per player; an agent class or another object without
            ``act`` given for an agent; an ``rng`` that is no ``random.Random``.
        EndlessDealError: the deal did not end within ``max_actions`` or within the bound
            the engine computes from the table (a rules fault; the plug-ins are named), or a
            table without a bound on raises (huge stacks; give the table a ``raise_cap``,
            docs/rules/waks.md).
    """
    players = state.players
    try:
        if isinstance(agents, Mapping) or len(agents) != len(players):
            by_name = _by_name(agents, players)
            agents = [by_name[name] for name in players]
        acts = [agent.act for agent in agents]
    except (TypeError, AttributeError) as error:
        raise PrimeroError(_unfit(agents, rng) or f"agents: {error}") from error
    apply = state.context.engine.apply  # state.apply(action), one call less per action
    for _ in range(max_actions):
        if state.over:
            if observe:
                show_end(state, agents)
            return state
        seat = state.to_act
        assert seat is not None
        # state.view(seat) without its checks (the seat to act is a seat of the deal)
        try:
            action = acts[seat](state_view(state, seat), rng)
        except (TypeError, AttributeError) as error:
            unfit = _unfit(agents, rng)  # diagnosed only when something failed: no cost in play
            if unfit is None:
                raise
            raise PrimeroError(unfit) from error
        state = apply(state, action)
    raise EndlessDealError(f"the deal did not end within {max_actions} actions")


def _unfit(agents: object, rng: object) -> str | None:
    """What makes :func:`play_deal`'s arguments unfit to play, or ``None`` when nothing does.

    Asked only once the deal failed with a ``TypeError`` or ``AttributeError``: an agent class
    given for an agent (its ``act`` lacks the ``self``), an object without ``act``, no sequence
    or mapping of agents at all, or an ``rng`` that is no ``random.Random`` (a seed given for
    it).
    """
    if not isinstance(rng, random.Random):
        return (f"rng: {type(rng).__name__} {rng!r:.40} is not a random.Random: give "
                "random.Random(seed)")
    if not isinstance(agents, (Sequence, Mapping)) or isinstance(agents, str):
        return (f"agents: {type(agents).__name__} is not a list of agents in seat order or a "
                "dict by player name")
    listed = list(agents.values()) if isinstance(agents, Mapping) else list(agents)
    for agent in listed:
        if isinstance(agent, type):
            return (f"agents: {agent.__name__} is an agent class, not an agent: give "
                    f"{agent.__name__}()")
        if not isinstance(agent, Agent):
            return (f"agents: a {type(agent).__name__} is not an agent (it has no "
                    "act(view, rng) method; make_agent(name) builds one by name)")
    return None


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

