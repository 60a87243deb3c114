"""Computer players behind one small protocol: a view and legal actions in, an action out.

The package's modules, one concept each:

* :mod:`primero.agents.protocol` — :class:`Agent`, :class:`Observer` (an agent shown each
  deal's end), :class:`RandomAgent`, and the drivers :func:`play_deal`, :func:`play_session`
  and :func:`show_end`;
* :mod:`primero.agents.strength` — :class:`Strength`, exact hand strength from the ranking
  table, and what a view hides;
* :mod:`primero.agents.reading` — :class:`Reading`, opponents read from what they do;
* :mod:`primero.agents.calling` — reasoning about calls, from the variant's advice;
* :mod:`primero.agents.redraw` — :class:`FinalHands`, opponents of a declare-and-redraw game;
* :mod:`primero.agents.heuristic` — :class:`HeuristicAgent`;
* :mod:`primero.agents.odds` — :class:`OddsAgent` and :func:`showdown_chance`;
* :mod:`primero.agents.search` — :class:`SearchAgent`, determinized Monte Carlo search
  through the engine, and :func:`sample_world`;
* :mod:`primero.agents.hint` — :func:`hint`, the terminal game's advice;
* :mod:`primero.agents.registry` — :data:`AGENTS` and :func:`make_agent`.

What only a variant knows (its calls and their test, the classes that never win, who reaches
a declare-and-redraw exchange) comes from the variant's ``primero_agent_advice`` hook
(:class:`~primero.advice.VariantAdvice`); no module here imports a variant.
"""

from primero.agents.heuristic import HeuristicAgent
from primero.agents.hint import hint
from primero.agents.odds import OddsAgent, showdown_chance
from primero.agents.protocol import (
    Agent,
    Observer,
    RandomAgent,
    play_deal,
    play_session,
    show_end,
)
from primero.agents.reading import Reading
from primero.agents.redraw import FinalHands, opponents_thrown
from primero.agents.registry import AGENTS, LADDER, make_agent
from primero.agents.search import SearchAgent, sample_world
from primero.agents.strength import Strength

__all__ = [
    "AGENTS",
    "LADDER",
    "Agent",
    "FinalHands",
    "HeuristicAgent",
    "Observer",
    "OddsAgent",
    "RandomAgent",
    "Reading",
    "SearchAgent",
    "Strength",
    "hint",
    "make_agent",
    "opponents_thrown",
    "play_deal",
    "play_session",
    "sample_world",
    "show_end",
    "showdown_chance",
]
