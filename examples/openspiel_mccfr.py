"""Outcome-sampling MCCFR on a small heads-up Waks table, and what it learned in chips per deal.

The table: Waks (docs/rules/waks.md), two players with 4 chips each, stake 1, rest 1 — every
vie and raise is one chip, so a deal is a few decisions and a few chips.

The abstraction (the usual one with poker): a player's information state is their seat, the
deciding step, the *strength bucket* of their cards and the public actions so far. The
strength is the share of the pack's four-card hands theirs beats (``primero.agents.Strength``,
ties half); with two cards, the mean of that share over every completion, ranked among all
780 two-card starts so that the buckets hold as many starts each. At an exchange the legal
actions are listed best first — by the expected strength of the hand after the draw — so that
"the first exchange" means the same thing in every hand of a bucket. That is the only change
to ``python_primero``: the same deals, actions and returns, registered as
``python_primero_buckets`` (docs/adapters/openspiel.md, "Subclassing").

The solver is OpenSpiel's C++ ``pyspiel.OutcomeSamplingMCCFRSolver`` (seeded). Its average
policy then plays ``RandomAgent`` and ``HeuristicAgent`` through
:class:`primero.openspiel_bots.AgentBot` and OpenSpiel's ``evaluate_bots``, **in duplicate**:
each deal is played twice from the same shuffled pack, the seats swapped, and the deal's score
is the mean of the two. The report gives chips per deal with a 95 % interval (normal, from the
spread of the duplicate scores), and two baselines played the same way: random against random
(zero but for noise) and heuristic against random.

Run:  python examples/openspiel_mccfr.py [--iterations N] [--deals D] [--seed S] [--quick]
"""

from __future__ import annotations

import argparse
import bisect
import math
import random
import re
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from primero.actions import Exchange
from primero.agents import Strength
from primero.openspiel import PrimeroGame, PrimeroObserver, PrimeroState, game_type
from primero.openspiel_bots import AgentBot

NAME = "python_primero_buckets"
TABLE = {"variant": "waks", "players": 2, "chips": 4, "stake": 1, "rest": 1}
BUCKETS = 6
ITERATIONS, DEALS = 300_000, 10_000
QUICK_ITERATIONS, QUICK_DEALS = 2_000, 200


class BucketState(PrimeroState):
    """A ``python_primero`` deal whose exchanges are listed best first."""

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.deal
        ids = list(deal.legal_action_ids())
        step = deal.step
        if step is None or step.kind != "exchange":
            return ids
        hand = deal.view(player).hand
        strength = Strength.of(deal.variant.ranking)

        def worth(action_id: int) -> tuple[float, int]:
            action = deal.action_space.decode(deal, action_id)
            thrown = action.discards if isinstance(action, Exchange) else ()
            return -strength.after_exchange(hand, thrown), len(thrown)

        return sorted(ids, key=worth)


class BucketObserver(PrimeroObserver):
    """The information-state string: seat, step, strength bucket, public actions."""

    def string_from(self, state: PrimeroState, player: int) -> str:
        if not self.recall:
            return super().string_from(state, player)
        deal = state.deal
        game: BucketGame = state.get_game()
        step = deal.step
        public = " ".join(f"{m.seat}:{m.public_text}" for m in state.moves)
        where = f"{step.kind} {step.number}" if step is not None else "over"
        return f"p{player} | {where} | b{game.bucket(deal.view(player).hand)} | {public}"


class BucketGame(PrimeroGame):
    """``python_primero`` with the strength-bucket information states."""

    name = NAME

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.strength = Strength.of(self.first.variant.ranking)
        pack = self.first.variant.ranking.pack.cards
        self.starts = sorted(self.strength.of_hand(two) for two in combinations(pack, 2))

    def bucket(self, hand: Sequence[Any]) -> int:
        """The strength bucket (0 weakest .. ``BUCKETS - 1``) of a hand."""
        share = self.strength.of_hand(hand)
        if len(hand) == 2:  # the rank among the two-card starts
            share = bisect.bisect_left(self.starts, share) / len(self.starts)
        return min(BUCKETS - 1, int(share * BUCKETS))

    def new_initial_state(self) -> BucketState:
        return BucketState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> PrimeroObserver:
        return BucketObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


if NAME not in pyspiel.registered_names():
    pyspiel.register_game(game_type(name=NAME), BucketGame)


class StackedPack:
    """Chance for ``evaluate_bots``: deals from one shuffled pack, the same in both seatings.

    ``evaluate_bots`` draws each chance outcome as ``rng.choice(outcomes, p=probs)``; this
    answers with the first card of the shuffled pack that can come now — the top of a stacked
    stock — so two deals with the same pack give every seat the same cards as long as the
    same cards are exchanged.
    """

    def __init__(self, order: Sequence[int]) -> None:
        self.order = list(order)

    def choice(self, outcomes: Sequence[int], p: Any = None) -> int:
        can = set(outcomes)
        return next(card for card in self.order if card in can)


Seat = Callable[[int, int], Any]  # (player, seed) -> a pyspiel.Bot


def duplicate(game: Any, first: Seat, second: Seat, deals: int, seed: int) -> list[float]:
    """``first``'s chips per deal against ``second``: each deal twice, seats swapped."""
    rng = np.random.default_rng(seed)
    size = game.max_chance_outcomes()
    scores = []
    for _ in range(deals):
        order = rng.permutation(size).tolist()
        seeds = rng.integers(2**31, size=2).tolist()
        won = 0.0
        for seat in (0, 1):
            bots = [first(0, seeds[0]), second(1, seeds[1])] if seat == 0 \
                else [second(0, seeds[1]), first(1, seeds[0])]
            won += evaluate_bots(game.new_initial_state(), bots, StackedPack(order))[seat]
        scores.append(won / 2)
    return scores


def interval(scores: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % normal interval."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def report_line(label: str, scores: Sequence[float]) -> str:
    """One line of the report: the mean, the half-width and the 95 % interval."""
    mean, half = interval(scores)
    return (f"  {label:<28} {mean:+.3f} ± {half:.3f} chips per deal "
            f"(95% interval {mean - half:+.3f} .. {mean + half:+.3f})")


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits, ``least`` to ``most``.

    A bad value is a usage error naming the argument (exit status 2), not a traceback.
    """

    def read(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip()):
            raise argparse.ArgumentTypeError(
                f"expected a whole number in ASCII digits, got {text[:30]!r}")
        number = int(text)
        if number < least or (most is not None and number > most):
            bound = f"from {least:,}" if most is None else f"from {least:,} to {most:,}"
            raise argparse.ArgumentTypeError(f"expected a whole number {bound}, got {number}")
        return number

    return read


def main(argv: Sequence[str] | None = None) -> dict[str, tuple[float, float]]:
    """Train, evaluate in duplicate, print the report; return each line's (mean, half-width).

    A bad argument is a usage error naming it (exit status 2).
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=whole(1), default=None,
                        help=f"MCCFR iterations, from 1 ({ITERATIONS:,}; --quick "
                             f"{QUICK_ITERATIONS:,})")
    parser.add_argument("--deals", type=whole(2), default=None,
                        help=f"duplicate deals per match, from 2 ({DEALS:,}; --quick "
                             f"{QUICK_DEALS})")
    # the C++ solver takes its seed as a C int
    parser.add_argument("--seed", type=whole(0, 2**31 - 1), default=1,
                        help="seeds the solver and the deals, 0 to 2,147,483,647 (1)")
    parser.add_argument("--quick", action="store_true", help="a run of a few seconds")
    args = parser.parse_args(argv)
    iterations = args.iterations if args.iterations is not None else (
        QUICK_ITERATIONS if args.quick else ITERATIONS)
    deals = args.deals if args.deals is not None else (QUICK_DEALS if args.quick else DEALS)
    seed = args.seed

    game = pyspiel.load_game(NAME, TABLE)
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, seed)
    # the solver's average policy reads the solver's tables as they are now: the same
    # policy object plays at every checkpoint (and the solver stays alive while it plays)
    policy = solver.average_policy()

    def mccfr(player: int, bot_seed: int) -> Any:
        return pyspiel.make_policy_bot(game, player, bot_seed, policy)

    def agent(name: str) -> Seat:
        return lambda player, bot_seed: AgentBot(name, player, rng=random.Random(bot_seed))

    print(f"table: {', '.join(f'{k} {v}' for k, v in TABLE.items())}; "
          f"{BUCKETS} strength buckets")
    print(f"evaluation: {deals:,} duplicate deals per match (each played twice, seats "
          "swapped), chips per deal with the 95% interval")
    results = {}

    def play(label: str, first: Seat, second: Seat) -> None:
        scores = duplicate(game, first, second, deals, seed * 1000 + len(results))
        results[label] = interval(scores)
        print(report_line(label, scores))

    play("random vs random", agent("random"), agent("random"))
    play("heuristic vs random", agent("heuristic"), agent("random"))
    done, minutes = 0, 0.0
    for checkpoint in sorted({0, iterations // 10, iterations}):
        started = time.process_time()
        for _ in range(checkpoint - done):
            solver.run_iteration()
        minutes += (time.process_time() - started) / 60
        done = checkpoint
        print(f"after {done:,} iterations of outcome-sampling MCCFR (seed {seed}, "
              f"{minutes:.2f} CPU minutes):")
        play(f"mccfr {done:,} vs random", mccfr, agent("random"))
        play(f"mccfr {done:,} vs heuristic", mccfr, agent("heuristic"))
    return results


if __name__ == "__main__":
    main()
