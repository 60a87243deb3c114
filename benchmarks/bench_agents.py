"""The odds player against the heuristic one, head to head, in duplicate.

Each deal (two players, 30 chips each, stake 1, rest 3; shuffled from
``random.Random(seed + i)``) is played twice: once with the odds player in seat 0 and the
heuristic in seat 1, once with the seats swapped, the cards the same (the same stock) and
the agents' generator seeded alike. The odds player's chips per deal are half the difference
between its net and the heuristic's (so a pot carried over, lost to both, counts for
neither), averaged over the two plays, which cancels most of the cards' luck. The script
prints their mean per deal with a 95 % interval (normal, from the per-deal pairs) per
variant, and the median CPU time of one odds decision (target <= 10 ms).

Run: ``python benchmarks/bench_agents.py [--deals 300] [--variants waks,cardano,...]``.

``--exchanges K`` instead checks the Primiera exchange over every unserved hand of the pack:
against ``K`` opponents who have not exchanged yet, in how many hands the heuristic's discard
is worth less than the odds player's best (``FinalHands.pot_shares``), and the least margin
between the best discard and the next where it is not (shares of the pot).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import primero
from primero.agents import Agent, HeuristicAgent, OddsAgent, play_deal
from primero.engine import start_deal
from primero.views import PlayerView

VARIANTS = ("waks", "cardano", "suzuki", "primiera", "revival")
NAMES = ("Anna", "Ben")


class Timed:
    """Wraps an agent and keeps the CPU time of each of its decisions."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.times: list[float] = []

    def act(self, view: PlayerView, rng: random.Random) -> primero.Action:
        start = time.process_time()
        action = self.inner.act(view, rng)
        self.times.append(time.process_time() - start)
        return action


def duplicate(variant_name: str, deals: int, seed: int) -> tuple[float, float, list[float]]:
    """Mean chips per deal of the odds player, its 95 % half-width, decision times."""
    variant = primero.get_variant(variant_name)
    odds = Timed(OddsAgent())
    heuristic = HeuristicAgent()
    per_deal = []
    for i in range(deals):
        stock = random.Random(seed + i).sample(list(variant.pack.cards), len(variant.pack))
        net = 0.0
        for odds_seat in (0, 1):
            agents: list[Agent] = [heuristic, heuristic]
            agents[odds_seat] = odds
            rng = random.Random((seed + i) * 2 + 1)
            state = start_deal(variant, NAMES, 30, dealer=1, stock=stock)
            final = play_deal(state, agents, rng)
            # half the difference of the two nets: chips carried over (lost to both) cancel
            net += (final.seats[odds_seat].stack - final.seats[1 - odds_seat].stack) / 2
        per_deal.append(net / 2)
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    return mean, half, odds.times


def exchange_agreement(opponents: int) -> tuple[int, int, float, float]:
    """Primiera, every unserved hand: (hands, hands the heuristic's discard is not the best,
    mean shortfall per hand, least margin of the best discard elsewhere)."""
    from itertools import combinations

    from primero.agents import FinalHands, Strength

    ranking = primero.get_variant("primiera").ranking
    plain = Strength.of(ranking)
    advice = primero.get_variant("primiera").rules.agent_advice
    worth = FinalHands.of(ranking, advice).pot_shares([None] * opponents, opponents + 1)
    nothing = ranking.hand_table.classes.index("Nothing")
    subsets = [d for k in range(5) for d in combinations(range(4), k)]
    hands = worse = 0
    shortfall, margin = 0.0, 1.0
    for combo in combinations(ranking.pack.cards, 4):
        hand = list(combo)
        if plain.class_ids[plain.index_of_mask(sum(c.bit for c in hand))] != nothing:
            continue
        hands += 1
        options = [tuple(hand[i] for i in d) for d in subsets]
        heuristic = max(options, key=lambda d: (plain.after_exchange(hand, d), -len(d)))
        values = [worth.after_exchange(hand, d) for d in options]
        best = max(values)
        short = best - worth.after_exchange(hand, heuristic)
        if short > 1e-12:
            worse += 1
            shortfall += short
        else:
            margin = min([margin, *(best - v for v in values if v < best - 1e-12)])
    return hands, worse, shortfall / hands, margin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per variant (each twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--exchanges", type=int, default=0, metavar="K",
                        help="check the Primiera exchange against K opponents instead")
    args = parser.parse_args()
    if args.exchanges:
        hands, worse, shortfall, margin = exchange_agreement(args.exchanges)
        print(f"primiera, {args.exchanges} opponent(s): the heuristic's discard is not the odds "
              f"player's best in {worse} of {hands} unserved hands (mean shortfall "
              f"{shortfall:.2e} of the pot per hand); elsewhere the best leads the next by at "
              f"least {margin:.5f}")
        return
    for name in args.variants.split(","):
        mean, half, times = duplicate(name, args.deals, args.seed)
        median = statistics.median(times) * 1000 if times else 0.0
        verdict = "above zero" if mean - half > 0 else "NOT above zero"
        print(f"{name:9} odds vs heuristic: {mean:+.3f} chips per deal, 95% interval "
              f"[{mean - half:+.3f}, {mean + half:+.3f}] ({verdict}); median odds decision "
              f"{median:.2f} ms CPU over {len(times)} decisions")


if __name__ == "__main__":
    main()
