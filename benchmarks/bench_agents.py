"""Every built-in agent against random play and every exploiter, in duplicate; search vs odds.

For every built-in variant at 2 and 3 players (``--players``), each agent (``--agents``:
heuristic, odds, search) plays :func:`~primero.analysis.duplicate.duplicate_match` against
each exploiter of :data:`primero.testing.exploiters.EXPLOITERS` (random play among them), and
``search`` plays against ``odds``. Each line prints the agent's chips per deal (its net less
the table's mean net, chips carried over counting for no one) with the 95 % interval, whether
the interval lies above zero, and the median CPU time of one decision of the agent (ms).

Run: ``python benchmarks/bench_agents.py [--deals 100] [--search-deals 60]
[--variants waks,cardano,...] [--players 2,3] [--agents heuristic,odds,search] [--seed 1]
[--no-versus-odds] [--ladder]``. It takes long at the default deal count: run it in the background
(``--search-deals`` plays the search player's matches at fewer deals: it takes 100 ms of CPU a
decision; ``--no-versus-odds`` leaves out its match against ``odds``, the exploiters only).
``--ladder`` prints instead each rung of ``primero.agents.LADDER`` (random,
heuristic, odds, search; ``make_agent(level=k)`` builds rung ``k``) against the rung below. The
last line counts the cells whose interval lies above zero. ``--agreement`` (with ``--ladder``)
also asks the rung below, at each of the upper rung's decisions, what it would play there (its
own reading of the session, from the same views) and prints the share of decisions where the
two play the same action: a rung that does not clear the one below by playing the same is told
apart from one that plays otherwise for a tiny edge (the median time then counts both players).

``--exchanges K`` instead checks the Primiera exchange over every unserved hand of the pack:
against ``K`` opponents who have not exchanged yet, in how many hands the heuristic's discard
is worth less than the odds player's best (``FinalHands.pot_shares``), and the least margin
between the best discard and the next where it is not (shares of the pot).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import pairwise

import primero
from primero.actions import Action
from primero.agents import AGENTS, LADDER, Agent, make_agent
from primero.analysis.duplicate import duplicate_match
from primero.plugins.registry import BUILTIN_VARIANTS
from primero.testing.exploiters import EXPLOITERS
from primero.views import PlayerView

#: Every built-in variant, one per module (the revival game's presets, ``italian-primiera`` and
#: the rest, are named with ``--variants``).
VARIANTS = tuple(BUILTIN_VARIANTS)
AGENT_NAMES = ("heuristic", "odds", "search")
#: Cells printed so far, and those whose interval lies above zero (for the closing count).
TALLY = [0, 0]
#: The decisions of the match in play asked of a :class:`Shadowed` player, and those where its
#: shadow chose the same action (a global: the match plays a copy of the player).
AGREED = [0, 0]


class Shadowed:
    """An agent that plays as ``inner`` and asks ``shadow`` the same question each time.

    The shadow sees every view the agent decides on (so it reads the session as it would in
    that seat) and its answer is only counted in :data:`AGREED`: the same action or not.
    """

    def __init__(self, inner: Agent, shadow: Agent) -> None:
        self.inner = inner
        self.shadow = shadow
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self.rng = random.Random(0)

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The inner agent's action; the shadow's answer tallied beside it."""
        action = self.inner.act(view, rng)
        AGREED[0] += 1
        AGREED[1] += self.shadow.act(view, self.rng) == action
        return action

    def observe(self, view: PlayerView) -> None:
        """Show both the inner agent and the shadow the end of the deal (as a match would)."""
        show_end_to(self.inner, view)
        show_end_to(self.shadow, view)


def show_end_to(agent: Agent, view: PlayerView) -> None:
    """``agent.observe(view)`` if the agent observes deal ends."""
    observe = getattr(agent, "observe", None)
    if observe is not None:
        observe(view)


def line(variant: str, players: int, agent: str, opponent: str, deals: int, seed: int,
         agreement: bool = False) -> str:
    """One duplicate match, printed as one line; with ``agreement`` (``opponent`` an agent's
    name), the share of ``agent``'s decisions that ``opponent`` in its seat would play alike."""
    factory = EXPLOITERS.get(opponent)
    rival = factory() if factory is not None and opponent not in AGENTS else opponent
    candidate: str | Shadowed = agent
    if agreement:
        candidate = Shadowed(make_agent(agent), make_agent(opponent))
        AGREED[:] = [0, 0]
    start = time.process_time()
    m = duplicate_match(variant, candidate, rival, players=players, deals=deals, seed=seed)
    o = m.overall
    verdict = "above zero" if o.low > 0 else "NOT above zero"
    TALLY[0] += 1
    TALLY[1] += o.low > 0
    same = f", same play {AGREED[1] / AGREED[0]:6.1%}" if agreement and AGREED[0] else ""
    return (f"{variant:9} {players}p {agent:9} vs {opponent:8} {o.estimate:+8.3f} "
            f"[{o.low:+8.3f}, {o.high:+8.3f}] {verdict:14} median {m.candidate_time * 1000:7.2f} "
            f"ms ({deals} deals, {time.process_time() - start:6.1f} s CPU{same})")


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
    parser.add_argument("--deals", type=int, default=100, help="deals per match (each once "
                        "per seat)")
    parser.add_argument("--search-deals", type=int, default=None, metavar="N",
                        help="deals for the search player's matches (default: --deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--players", default="2,3")
    parser.add_argument("--agents", default=",".join(AGENT_NAMES))
    parser.add_argument("--opponents", default=",".join(EXPLOITERS),
                        help="the exploiters each agent meets (default: every one)")
    parser.add_argument("--no-versus-odds", action="store_true",
                        help="skip the search player's match against odds (exploiters only)")
    parser.add_argument("--ladder", action="store_true",
                        help="print each rung of primero.agents.LADDER against the rung below")
    parser.add_argument("--agreement", action="store_true",
                        help="with --ladder: the share of decisions the rung below plays alike")
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
    agents = [a for a in args.agents.split(",") if a in AGENTS]

    def deals(agent: str) -> int:
        """The deals of a match with ``agent`` as the candidate."""
        return args.search_deals if agent == "search" and args.search_deals else args.deals

    if args.ladder:
        for name in args.variants.split(","):
            low, high = primero.get_variant(name).spec.players
            for players in (int(p) for p in args.players.split(",")):
                if low <= players <= high:
                    for below, above in pairwise(LADDER):
                        if above not in agents:
                            continue
                        print(line(name, players, above, below, deals(above), args.seed,
                                   args.agreement), flush=True)
        print(f"{TALLY[1]} of {TALLY[0]} rungs above the rung below (seed {args.seed})")
        return
    for name in args.variants.split(","):
        low, high = primero.get_variant(name).spec.players
        for players in (int(p) for p in args.players.split(",")):
            if not low <= players <= high:
                continue
            for agent in agents:
                for opponent in (o for o in args.opponents.split(",") if o in EXPLOITERS):
                    print(line(name, players, agent, opponent, deals(agent), args.seed),
                          flush=True)
            if "search" in agents and not args.no_versus_odds:
                print(line(name, players, "search", "odds", deals("search"), args.seed),
                      flush=True)
        sys.stdout.flush()
    print(f"{TALLY[1]} of {TALLY[0]} cells above zero (seed {args.seed})")


if __name__ == "__main__":
    main()
