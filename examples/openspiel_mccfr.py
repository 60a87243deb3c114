"""Outcome-sampling MCCFR on a tiny heads-up Waks table, through primero.openspiel.

Two players with 3 chips each, stake 1, rest 1 (docs/rules/waks.md). A few hundred iterations cannot
learn a separate answer for each of the 1,560 ordered two-card starts, so the example plays a
card abstraction, the usual way with poker: in betting round 1 a player's information state
is the *class* of their two cards (a pair, two of one suit, two high Primero cards — 7, 6, A
— or anything else) and the public actions; from the exchange on it is the full information
state. The game is ``python_primero`` with that one change to the information-state string
(a subclass, registered as ``python_primero_classes``). OpenSpiel's outcome-sampling MCCFR
(``open_spiel.python.algorithms.outcome_sampling_mccfr``, with its sampling drawn from a
seeded generator instead of numpy's global one) runs on it, and the average policy is read
at the eldest's first decision: how often does it vie, pass or fold with each class of start?

Run:  python examples/openspiel_mccfr.py [iterations] [seed]
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mccfr
from open_spiel.python.algorithms.outcome_sampling_mccfr import OutcomeSamplingSolver

from primero import Card
from primero.openspiel import PrimeroGame, PrimeroObserver, PrimeroState, game_type

NAME = "python_primero_classes"
TABLE = {"variant": "waks", "players": 2, "chips": 3, "stake": 1, "rest": 1}
HIGH = {7, 6, 1}  # the ranks that count most in a Primero (21, 18, 16 points)
CLASSES = ("pair", "same suit", "two high", "other")


def start_class(first: Card, second: Card) -> str:
    """The class of a two-card start."""
    if first.rank == second.rank:
        return "pair"
    if first.suit == second.suit:
        return "same suit"
    if int(first.rank) in HIGH and int(second.rank) in HIGH:
        return "two high"
    return "other"


class ClassesObserver(PrimeroObserver):
    """The information state with round 1's cards replaced by their class."""

    def string_from(self, state: PrimeroState, player: int) -> str:
        deal = state.deal
        step = deal.step
        hand = deal.view(player).hand
        if self.recall and step is not None and step.kind == "bet" and step.number == 1 \
                and len(hand) == 2:
            public = " | ".join(f"p{m.seat} {m.public_text}" for m in state.moves)
            return f"p{player} | {start_class(*hand)} | {public}"
        return super().string_from(state, player)


class ClassesGame(PrimeroGame):
    """``python_primero`` with the round-1 card abstraction."""

    name = NAME

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> PrimeroObserver:
        return ClassesObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


if NAME not in pyspiel.registered_names():
    pyspiel.register_game(game_type(name=NAME), ClassesGame)


class SeededOutcomeSampling(OutcomeSamplingSolver):  # type: ignore[misc]
    """OpenSpiel's outcome-sampling MCCFR, sampling from ``numpy.random.default_rng(seed)``.

    ``_episode`` is OpenSpiel's own (Lanctot et al. 2009; Schmid et al. 2019 baseline 0),
    with ``np.random.choice`` replaced by the solver's generator.
    """

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game)
        self._rng = np.random.default_rng(seed)

    def _episode(self, state: Any, update_player: int, my_reach: float, opp_reach: float,
                 sample_reach: float) -> float:
        if state.is_terminal():
            return float(state.player_return(update_player))
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            k = self._rng.choice(len(outcomes), p=probs)
            state.apply_action(outcomes[k])
            return self._episode(state, update_player, my_reach, probs[k] * opp_reach,
                                 probs[k] * sample_reach)
        player = state.current_player()
        key = state.information_state_string(player)
        legal = state.legal_actions()
        n = len(legal)
        info = self._lookup_infostate_info(key, n)
        policy = self._regret_matching(info[mccfr.REGRET_INDEX], n)
        sample = (self._expl / n + (1.0 - self._expl) * policy if player == update_player
                  else policy)
        k = self._rng.choice(n, p=sample)
        state.apply_action(legal[k])
        mine, theirs = ((my_reach * policy[k], opp_reach) if player == update_player
                        else (my_reach, opp_reach * policy[k]))
        child = self._episode(state, update_player, mine, theirs, sample_reach * sample[k])
        values = np.zeros(n)
        values[k] = child / sample[k]  # baseline 0: only the sampled action has a value
        estimate = float(policy @ values)
        if player == update_player:
            for a in range(n):
                self._add_regret(key, a, (values[a] - estimate) * opp_reach / sample_reach)
            for a in range(n):
                self._add_avstrat(key, a, my_reach * policy[a] / sample_reach)
        return estimate


def train(iterations: int, seed: int) -> tuple[Any, Any]:
    """Run outcome-sampling MCCFR; return the game and the average policy."""
    game = pyspiel.load_game(NAME, TABLE)
    solver = SeededOutcomeSampling(game, seed)
    for _ in range(iterations):
        solver.iteration()
    return game, solver.average_policy()


def first_decisions(game: Any, policy: Any) -> dict[str, dict[str, float]]:
    """The eldest's first decision, per start class: probability of each move."""
    pack = game.new_initial_state().deal.variant.pack.cards
    examples = {"pair": ("7s", "7h"), "same suit": ("7s", "Ks"), "two high": ("7s", "6h"),
                "other": ("Ks", "2h")}
    table: dict[str, dict[str, float]] = {}
    for label, (first, second) in examples.items():
        state = game.new_initial_state()
        cards = [Card.parse(first), pack[0], Card.parse(second), pack[1]]  # p0, p1, p0, p1
        for card in cards:
            state.apply_action(pack.index(card))
        assert start_class(cards[0], cards[2]) == label
        table[label] = {str(state.deal.action_space.decode(state.deal, a)).split()[0]: p
                        for a, p in policy.action_probabilities(state).items()}
    return table


def main(iterations: int = 300, seed: int = 1) -> dict[str, dict[str, float]]:
    """Train, then print and return the eldest's first-decision frequencies by class."""
    game, policy = train(iterations, seed)
    table = first_decisions(game, policy)
    print(f"Outcome-sampling MCCFR, {iterations} iterations, seed {seed}: "
          "the eldest's first decision")
    print(f"{'start':<10} {'vie':>6} {'pass':>6} {'fold':>6}")
    for label, moves in table.items():
        print(f"{label:<10} {moves.get('vie', 0):>6.3f} {moves.get('pass', 0):>6.3f} "
              f"{moves.get('fold', 0):>6.3f}")
    return table


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
