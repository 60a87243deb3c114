"""Primero's agents as OpenSpiel bots: :class:`AgentBot` (needs the ``openspiel`` extra).

A bridge from :mod:`primero.agents` to ``pyspiel.Bot``, so that OpenSpiel's
``evaluate_bots`` (``open_spiel.python.algorithms.evaluate_bots.evaluate_bots`` or
``pyspiel.evaluate_bots``) plays primero's agents against OpenSpiel's policies and bots on
``python_primero`` (:mod:`primero.openspiel`) or a game subclassing it::

    import numpy
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    import primero.openspiel  # registers python_primero
    from primero.openspiel_bots import AgentBot

    game = pyspiel.load_game("python_primero", {"players": 2, "chips": 4, "rest": 1})
    bots = [AgentBot("heuristic", 0, seed=1),
            pyspiel.make_uniform_random_bot(1, 2)]
    returns = evaluate_bots(game.new_initial_state(), bots, numpy.random.default_rng(3))

At each of its turns the bot hands its agent the acting player's view only
(``GameState.view``: their own cards and the public facts, docs/rules/index.md), never the
state: an agent behind the bridge cannot read a hidden card. The action it picks is returned as
its id in the deal's action space (docs/adapters/openspiel.md, "Chance, actions, returns").

An agent that learns from how deals end (``observe``, :class:`~primero.agents.protocol.Observer`:
the odds, heuristic and search players) is shown each game's end, its own seat's view of it
(the hands shown at a showdown included, nothing hidden): OpenSpiel's drivers tell every bot
the actions it did not choose (``inform_action``, before the action is applied; chance too),
so the bot sees which action, its own or another's, ends the game, and shows its agent the
view of the state that action leads to, once per game.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from primero.agents import Agent, make_agent
from primero.deal.state import GameState
from primero.errors import PrimeroError, typed_name
from primero.openspiel import PrimeroState
from primero.setup import check_seed
from primero.simulation.play import check_agent

__all__ = ["AgentBot"]


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """A primero agent playing one seat of ``python_primero`` as an OpenSpiel bot.

    The agent decides from the view alone, so the bot keeps no memory between turns; but an
    agent with ``observe`` (:class:`~primero.agents.protocol.Observer`) is shown each game's
    end: when the bot's own action (:meth:`step`) or one it is told of (:meth:`inform_action`,
    which ``evaluate_bots`` calls for every action but the bot's own, chance outcomes
    included) ends the deal, the agent observes its seat's view of the end, once per game
    (:meth:`restart` and :meth:`restart_at` begin a new game). It gives no policy
    (``provides_policy`` is false: an agent chooses an action, it does not report
    probabilities).

    Args:
        agent: The agent, or its name for :func:`~primero.agents.make_agent` (``"random"``,
            ``"heuristic"``, ``"odds"``).
        player_id: The seat the bot plays (0 is eldest).
        seed: Seeds the agent's ``random.Random`` when ``rng`` is not given.
        rng: The agent's generator (overrides ``seed``).

    Raises:
        UnknownAgentError: an unknown agent name.
        PrimeroError: ``agent`` is neither a name nor an agent (no ``act(view, rng)``),
            ``player_id`` is not a non-negative ``int``, ``seed`` is not a whole number from 0
            (as every seed in primero), or ``rng`` is not a ``random.Random``.
    """

    #: The game's end has been shown to the agent (reset by :meth:`restart`, :meth:`restart_at`).
    shown_end: bool

    def __init__(self, agent: Agent | str, player_id: int, seed: int = 0,
                 rng: random.Random | None = None) -> None:
        pyspiel.Bot.__init__(self)
        if isinstance(player_id, bool) or not isinstance(player_id, int) or player_id < 0:
            raise PrimeroError(f"player_id must be a seat (0, 1, ...), got {player_id!r}")
        if not isinstance(agent, str):
            check_agent(agent)  # an object with act(view, rng), not a class
        if rng is not None and not isinstance(rng, random.Random):
            raise PrimeroError(f"rng must be a random.Random, got {typed_name(rng)}")
        seed = check_seed(seed)  # checked with an rng too: a bad seed is a mistake either way
        self.agent: Agent = make_agent(agent) if isinstance(agent, str) else agent
        self._player_id = player_id
        self.rng = rng if rng is not None else random.Random(seed)
        self.shown_end = False

    def player_id(self) -> int:
        """The seat the bot plays."""
        return self._player_id

    def step(self, state: Any) -> int:
        """The agent's action at ``state``, as its id in the deal's action space.

        Args:
            state: A ``python_primero`` state (:class:`~primero.openspiel.PrimeroState`, or a
                subclass's) at the bot's turn.

        Raises:
            PrimeroError: ``state`` is not a ``python_primero`` state, or it is not the bot's
                turn (the message names whose turn it is, nothing hidden).
        """
        if not isinstance(state, PrimeroState):
            raise PrimeroError(f"AgentBot plays python_primero states, got "
                               f"{type(state).__name__}")
        deal = state.deal
        seat = self._player_id
        if deal.over or deal.chance is not None or deal.to_act != seat:
            now = "the deal is over" if deal.over else "a card is to be dealt" \
                if deal.chance is not None else f"seat {deal.to_act} is to act"
            raise PrimeroError(f"AgentBot plays seat {seat}, but {now}")
        action = self.agent.act(deal.view(seat), self.rng)
        if getattr(self.agent, "observe", None) is not None:
            self._show(deal.apply(action))
        return deal.action_space.encode(deal, action)

    def _show(self, after: GameState) -> None:
        """Show the agent the seat's view of ``after`` if the deal is over (once a game)."""
        if after.over and not self.shown_end:
            self.shown_end = True
            self.agent.observe(after.view(self._player_id))  # type: ignore[attr-defined]

    def restart_at(self, state: Any) -> None:
        """A new game begins at ``state``: its end is yet to be shown."""
        self.shown_end = False

    def restart(self) -> None:
        """A new game begins: its end is yet to be shown."""
        self.shown_end = False

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Told that ``player_id`` (or chance) plays ``action`` at ``state``, not yet applied.

        The agent reads every public action from its next view; when this action ends the
        deal, an agent with ``observe`` is shown the end (its seat's view), since the bot is
        not asked to act again. Nothing is done for an agent without ``observe``.

        Raises:
            PrimeroError: ``state`` is not a ``python_primero`` state.
        """
        if getattr(self.agent, "observe", None) is None or self.shown_end:
            return
        if not isinstance(state, PrimeroState):
            raise PrimeroError(f"AgentBot is informed of python_primero states, got "
                               f"{type(state).__name__}")
        if state.is_chance_node():
            after: GameState = state.child(action).deal
        else:
            after = state.deal.apply(action)
        self._show(after)

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """Nothing to do (primero's deals have no simultaneous moves)."""

    def provides_policy(self) -> bool:
        """False: an agent chooses an action, it gives no probabilities."""
        return False

    def is_clonable(self) -> bool:
        """False: the bot is not cloned (it has nothing to clone but the agent's generator)."""
        return False
