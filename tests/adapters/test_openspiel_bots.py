"""primero.openspiel_bots: primero's agents play python_primero as OpenSpiel bots.

The bridged agent chooses what the agent chooses on the acting player's view; deals played by
bridged bots (OpenSpiel's Python and C++ ``evaluate_bots``) conserve chips; and the bot never
reads a hidden card: deals that differ only in the opponent's cards get the same choices.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

import primero  # noqa: E402
import primero.openspiel  # noqa: E402  (registers python_primero)
from primero.actions import Action  # noqa: E402
from primero.agents import HeuristicAgent, OddsAgent, RandomAgent  # noqa: E402
from primero.errors import PrimeroError, UnknownAgentError  # noqa: E402
from primero.openspiel_bots import AgentBot  # noqa: E402
from primero.views import PlayerView  # noqa: E402

TABLE = {"players": 2, "chips": 4, "stake": 1, "rest": 1}


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_primero", {**TABLE, **params})


def dealt(game: Any, cards: list[str]) -> Any:
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in primero.parse_cards(cards):
        state.apply_action(pack.index(card))
    return state


@pytest.mark.parametrize("name", ["heuristic", "odds", "random"])
def test_the_bridged_agent_chooses_what_the_agent_chooses_on_the_view(name: str) -> None:
    agents = {"heuristic": HeuristicAgent, "odds": OddsAgent, "random": RandomAgent}
    game = load(players=3)
    chance = random.Random(5)
    compared = 0
    for deal_no in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            seed = 100 * deal_no + compared
            bot = AgentBot(name, seat, rng=random.Random(seed))
            chosen = bot.step(state)
            expected = agents[name]().act(state.deal.view(seat), random.Random(seed))
            assert state.deal.action_space.decode(state.deal, chosen) == expected
            assert chosen in state.legal_actions()
            compared += 1
            state.apply_action(chosen)
    assert compared > 12


def test_deals_played_by_bridged_bots_conserve_chips() -> None:
    game = load(players=3, chips=6, rest=2)
    rng = np.random.default_rng(2)
    for deal_no in range(20):
        names = ("heuristic", "random", "odds")
        bots = [AgentBot(names[(deal_no + i) % 3], i, seed=deal_no) for i in range(3)]
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, rng) if deal_no % 2 \
            else pyspiel.evaluate_bots(state, bots, deal_no)
        assert sum(returns) == 0.0
        assert all(-6 <= r <= 12 for r in returns)  # at most one's chips lost, the others' won
    state = game.new_initial_state()
    evaluate_bots(state, [AgentBot("heuristic", i) for i in range(3)], rng)
    assert state.is_terminal()
    assert sum(state.deal.stacks) + state.deal.pot == 18  # every chip is still on the table


class Recorder:
    """An agent that keeps every view it is given, and plays like the heuristic agent."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []
        self.inner = HeuristicAgent()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        self.views.append(view)
        return self.inner.act(view, rng)


def _choices(mine: list[str], theirs: list[str], name: str) -> tuple[list[int], list[PlayerView]]:
    """Seat 0's choices over a deal: seat 0 is dealt ``mine`` in order, the opponent
    ``theirs``; the opponent passes while it may, else holds, and keeps its cards."""
    game = load()
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    cards = {0: iter(primero.parse_cards(mine)), 1: iter(primero.parse_cards(theirs))}
    recorder = Recorder()
    bot = AgentBot(recorder if name == "recorder" else name, 0, seed=9)
    chosen = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pack.index(next(cards[state.deal.chance.seat])))
            continue
        if state.current_player() == 0:
            action = bot.step(state)
            chosen.append(action)
        else:
            texts = {state.action_to_string(1, a): a for a in state.legal_actions()}
            action = texts.get("pass", texts.get("hold", texts.get("exchange")))
            assert action is not None, texts
        state.apply_action(action)
    return chosen, recorder.views


@pytest.mark.parametrize("name", ["heuristic", "odds", "recorder"])
def test_the_bot_never_reads_the_opponents_cards(name: str) -> None:
    # seat 0 always gets 7h 6c, then (any exchange first) 7c Ah 6h Kc; the opponent's cards
    # differ: three sevens and then strong cards, or low cards of every suit
    mine = ["7h", "6c", "7c", "Ah", "6h", "Kc"]
    strong, views_strong = _choices(mine, ["7s", "7d", "6s", "As", "6d", "Ad"], name)
    weak, views_weak = _choices(mine, ["2s", "3d", "4s", "5d", "2d", "3s"], name)
    assert strong == weak and len(strong) >= 3  # round 1, the exchange, round 2
    if name == "recorder":
        assert views_strong == views_weak  # the agent was shown the same views
        assert {view.seat for view in views_strong} == {0}
        assert [c.ascii for c in views_strong[0].hand] == ["7h", "6c"]
        assert all(not {"7s", "7d", "2s", "3d"} & {c.ascii for c in view.hand}
                   for view in views_strong)


def test_the_bot_refuses_a_turn_that_is_not_its_own() -> None:
    game = load()
    state = game.new_initial_state()
    with pytest.raises(PrimeroError, match="a card is to be dealt"):
        AgentBot("random", 0).step(state)
    state = dealt(game, ["7h", "7s", "6c", "7d"])
    with pytest.raises(PrimeroError, match="seat 0 is to act"):
        AgentBot("random", 1).step(state)
    with pytest.raises(PrimeroError, match="python_primero states"):
        AgentBot("random", 0).step(pyspiel.load_game("kuhn_poker").new_initial_state())


def test_bad_agents_and_seats_are_refused() -> None:
    with pytest.raises(UnknownAgentError,
                       match="known agents: random, heuristic, odds, search, equilibrium"):
        AgentBot("nosuch", 0)
    with pytest.raises(PrimeroError, match="player_id"):
        AgentBot("random", -1)
    with pytest.raises(PrimeroError, match="player_id"):
        AgentBot("random", True)  # type: ignore[arg-type]
    bot = AgentBot("random", 1)
    assert bot.player_id() == 1 and not bot.provides_policy()


@pytest.mark.parametrize(("arguments", "message"), [
    ({"rng": 5}, "rng must be a random.Random, got int 5"),
    ({"seed": -1}, "seed must be at least 0, got -1"),
    ({"seed": "x"}, "seed must be a whole number, got 'x'"),
    ({"seed": 1.5}, "seed must be a whole number, got 1.5"),
    ({"agent": 5}, "5 is not an agent (it has no act(view, rng) method)"),
    ({"agent": RandomAgent}, "RandomAgent is an agent class, not an agent: give RandomAgent() "
                             "or its name 'random'"),
])
def test_a_bad_agent_seed_or_generator_is_refused_when_the_bot_is_made(
        arguments: dict[str, Any], message: str) -> None:
    """Before, ``AgentBot("random", 0, rng=5)`` was made and failed at its first step with
    ``AttributeError: 'int' object has no attribute 'choice'``; ``seed="x"`` and ``seed=-1``
    seeded a generator no other seed in primero would take; ``AgentBot(5, 0)`` failed later."""
    agent = arguments.pop("agent", "random")
    with pytest.raises(PrimeroError) as caught:
        AgentBot(agent, 0, **arguments)
    assert str(caught.value) == message
