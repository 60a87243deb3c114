"""The search player against the odds player, in duplicate, per variant and table size.

For each variant (``--variants``, plug-ins too, e.g. ``oldpips``) and player count
(``--players``) the search player (``SearchAgent(budget_ms=...)``) plays
:func:`~primero.analysis.duplicate.duplicate_match` against ``odds`` (stacks of 50, stake 1,
rest 3). Each line prints its chips per deal (its net less the table's mean net) with the
95 % interval, whether the interval lies above zero, the median CPU time of one search
decision (ms), the median worlds of one (a decision with a choice), how often it left the odds
player's choice, the CPU seconds the match took, and the figure per seat of the search.

``--noise`` prints instead the odds player against itself on the same deals and seed: two
copies of one player score 0 on average, and what they score here is the luck of the odds
player's sampling, which the search's figure carries too (Waks heads-up, 80 deals: -0.66
[-1.19, -0.14] at seed 1, +0.34 [-0.27, +0.95] at seed 2).

``--departures K`` prints instead, per variant and table, the search's departures from the
odds player's choice by kind (the odds player's action and the search's: bet, hold, pass,
fold, exchange), each kind's mean estimated gain (``SearchAgent.last_gain``) beside its true
gain with the 95 % interval: the true deal, at the departure, played on ``K`` times with each
action against copies of the real opponents (their readings included), the search's odds
player in its seat, and what the departures are worth per play of a deal, estimated and
true (a duplicate figure's share of them, less noisy than the figure: each departure is
replayed on its own deal). Rollout bias shows as an estimate above the true gain. With ``--versus
NAME`` the other seats are played by an exploiter of :mod:`primero.testing.exploiters`
(``max-bet``, ``fold``, ``call``, ``bluff``, ``random``) instead of odds players: which
departures an exploiter punishes.

``--profile`` prints instead, per variant and table, how much search fits in the budget: over
a few deals against odds players, the median worlds and rollouts of one decision and the
median decision time, and how often the search left the odds player's choice.

Run: ``python benchmarks/bench_search.py [--deals 12] [--variants waks,cardano,...] [--players
2,3] [--budget-ms 100] [--rollout table-odds|rollout-odds|quick-odds|heuristic] [--opponents
table-odds|rollout-odds|quick-odds|heuristic] [--seed 1] [--no-racing] [--forget] [--screen 24]
[--deep 3] [--confidence 2] [--verify 8] [--exchanges [--no-counts]] [--loose]
[--simulations 256] [--agree 0] [--noise] [--profile]``
(``--loose``: ``SearchAgent(loose=True)``; ``--simulations``: the most worlds a decision,
``SearchAgent(simulations=N)``; ``--agree``: ``SearchAgent(agree=P)``, the chance a world
that misses an opponent's betting decision is kept per miss; ``--no-racing``: every candidate in
every world, the search before racing; with ``--profile``, how many worlds fit when none is
dropped; ``--screen``: the worlds screened from a layout, ``SearchAgent(screen_tries=N)``,
default 24, 0 every world replayed; ``--deep``: ``F`` budgets at the third of decisions with
the most chips at stake, ``SearchAgent(deep=F)``, default 3, 1 one budget everywhere;
``--confidence``: the standard errors a departure must clear; ``--verify``: each departure
checked in up to N fresh worlds with its own seat played by its odds player and its gain
corrected by the bias, ``SearchAgent(verify=N)``, the line then counting the departures the
check refuted; ``--exchanges``: worlds that fit the opponents' exchanges,
``SearchAgent(exchanges=True)``, with ``--no-counts`` only the cards thrown, not how many).
The rollouts default to
``table-odds`` (:class:`~primero.agents.rollout.TableOdds`).
A verdict needs 80 deals or more: of Revival they take 14-22 s of CPU a table size, of Waks
or Suzuki 40-90 s, of Cardano 60-120 s (many minutes of wall time on a
shared machine: split it by ``--variants`` and run it in the background).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import primero
from primero.actions import Action
from primero.agents import (
    Agent,
    HeuristicAgent,
    OddsAgent,
    SearchAgent,
    make_agent,
    play_deal,
)
from primero.agents.reading import kind_of
from primero.agents.search import (
    AGREE,
    DEEP,
    PRUNE,
    SCREEN_TRIES,
    quick_odds,
    rollout_odds,
    rollout_table,
)
from primero.analysis.duplicate import duplicate_match
from primero.analysis.intervals import mean_interval
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.simulation.play import derive_seed
from primero.testing.exploiters import EXPLOITERS
from primero.views import PlayerView, state_view

VARIANTS = ("waks", "cardano", "suzuki", "primiera", "revival")
ROLLOUTS: dict[str, Callable[[], Agent]] = {"heuristic": HeuristicAgent,
                                            "quick-odds": quick_odds,
                                            "rollout-odds": rollout_odds,
                                            "table-odds": rollout_table}


def match_line(variant: str, players: int, deals: int, seed: int, budget_ms: float,
               rollout: str, opponents: str, prune: float | None = PRUNE,
               remember: bool = True, screen: int = SCREEN_TRIES, deep: float = DEEP,
               confidence: float = 2.0) -> str:
    """One duplicate match of search against odds, printed as one line."""
    start = time.process_time()
    search = SearchAgent(budget_ms=budget_ms, rollout=ROLLOUTS[rollout],
                         opponents=ROLLOUTS[opponents], prune=prune, remember=remember,
                         screen_tries=screen, deep=deep, confidence=confidence,
                         **EXTRA)
    MATCH_ROWS.clear()
    m = duplicate_match(variant, MatchProbe(search), "odds", players=players, deals=deals,
                        seed=seed)
    o = m.overall
    verdict = "above zero" if o.low > 0 else "NOT above zero"
    worlds = statistics.median(r[0] for r in MATCH_ROWS) if MATCH_ROWS else 0.0
    left = sum(r[1] for r in MATCH_ROWS)
    refuted = sum(r[2] for r in MATCH_ROWS)
    return (f"{variant:9} {players}p search vs odds {o.estimate:+7.3f} [{o.low:+7.3f}, "
            f"{o.high:+7.3f}] {verdict:14} median {m.candidate_time * 1000:6.1f} ms, "
            f"{worlds:5.1f} worlds; odds choice left in {left} of {len(MATCH_ROWS)} "
            f"({refuted} more refuted by the check) "
            f"({deals} deals, {time.process_time() - start:5.1f} s CPU); by seat "
            + ", ".join(f"{s.estimate:+.2f}" for s in m.by_seat))


#: Further options of the searches built (``--student``, ``--verify``, ``--checkers``).
EXTRA: dict[str, Any] = {}
#: Per search decision with a choice in the last match: (worlds, whether it left the odds
#: player's choice, whether a check refuted a departure). Module-level: the match
#: deep-copies the players it is given.
MATCH_ROWS: list[tuple[int, bool, bool]] = []


class MatchProbe:
    """The search player, recording its worlds and departures in :data:`MATCH_ROWS`."""

    name = "search"

    def __init__(self, search: SearchAgent) -> None:
        self.search = search

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The search's action, recorded when there was a choice."""
        refuted = self.search.refuted
        action = self.search.act(view, rng)
        if len(view.legal) > 1:
            MATCH_ROWS.append((self.search.worlds, self.search.last_base != action,
                               self.search.refuted > refuted))
        return action


class Probe:
    """The search player, recording per decision its worlds, rollouts, time and choice."""

    def __init__(self, search: SearchAgent) -> None:
        self.search = search
        self.rows: list[tuple[int, int, float, bool]] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The search's action, recorded when there was a choice."""
        start = time.process_time()
        action = self.search.act(view, rng)
        spent = time.process_time() - start
        if len(view.legal) > 1:
            self.rows.append((self.search.worlds, self.search.rollouts, spent,
                              self.search.last_base != action))
        return action


def profile_line(variant: str, players: int, deals: int, seed: int, budget_ms: float,
                 rollout: str, opponents: str, remember: bool = True,
                 prune: float | None = PRUNE, screen: int = SCREEN_TRIES, deep: float = DEEP,
                 confidence: float = 2.0) -> str:
    """Median worlds, rollouts and ms of one decision over ``deals`` deals against odds."""
    probe = Probe(SearchAgent(budget_ms=budget_ms, rollout=ROLLOUTS[rollout],
                              opponents=ROLLOUTS[opponents], remember=remember, prune=prune,
                              screen_tries=screen, deep=deep, confidence=confidence,
                              **EXTRA))
    names = [f"P{i}" for i in range(players)]
    for deal in range(deals):
        state = start_deal(variant, names, 50, seed=seed * 1000 + deal)
        seats: list[Agent] = [probe, *[OddsAgent() for _ in range(players - 1)]]
        play_deal(state, seats[deal % players:] + seats[:deal % players],
                  random.Random(deal))
    rows = probe.rows
    if not rows:
        return f"{variant:9} {players}p no decisions"
    worlds = statistics.median(r[0] for r in rows)
    rollouts = statistics.median(r[1] for r in rows)
    ms = statistics.median(r[2] for r in rows) * 1000
    left = sum(r[3] for r in rows)
    raced = sum(r[0] < probe.search.min_worlds and r[2] * 1000 < budget_ms / 2 for r in rows)
    short = sum(r[0] < probe.search.min_worlds for r in rows)
    return (f"{variant:9} {players}p {len(rows):4} decisions: median {worlds:5.1f} worlds, "
            f"{rollouts:6.1f} rollouts, {ms:6.1f} ms; fewer than {probe.search.min_worlds} "
            f"worlds in {short} ({raced} of them ended by racing under half the budget), "
            f"the odds choice left in {left}")


def true_gain(state: GameState, seat: int, action: Action, base: Action,
              players: list[Agent], plays: int) -> float:
    """``action``'s chips less ``base``'s on the true deal, each played on ``plays`` times.

    The other seats by copies of ``players`` (the match's odds players, their readings
    included), ``seat`` by ``players[seat]`` (the search's odds player); the same generator
    seeds for both actions.
    """
    total = 0.0
    for k in range(plays):
        for sign, chosen in ((1, action), (-1, base)):
            after = state.apply(chosen)
            if not after.over:
                after = play_deal(after, copy.deepcopy(players), random.Random(k))
            stacks = after.stacks
            total += sign * (stacks[seat] - sum(stacks) / len(stacks))
    return total / plays


def rival(name: str) -> Agent:
    """A player named ``name``: an exploiter of :data:`primero.testing.exploiters.EXPLOITERS`
    (``max-bet``, ``fold``, ``call``, ``bluff``, ``random``) or a built-in agent (``odds``)."""
    factory = EXPLOITERS.get(name)
    return factory() if factory is not None else make_agent(name)


def noise_line(variant: str, players: int, deals: int, seed: int) -> str:
    """The odds player against itself in duplicate, the same deals and seed, as one line.

    Two copies of one player score 0 on average; what they score over these deals is the
    luck of the odds player's sampling (its choices near a threshold go either way and the
    deals then differ), which the search's figure against it carries too.
    """
    start = time.process_time()
    o = duplicate_match(variant, "odds", "odds", players=players, deals=deals,
                        seed=seed).overall
    return (f"{variant:9} {players}p odds vs odds   {o.estimate:+7.3f} [{o.low:+7.3f}, "
            f"{o.high:+7.3f}] ({deals} deals, {time.process_time() - start:5.1f} s CPU)")


def departures_lines(variant: str, players: int, deals: int, seed: int, budget_ms: float,
                     plays: int, screen: int = SCREEN_TRIES, deep: float = DEEP,
                     confidence: float = 2.0, versus: str = "odds") -> list[str]:
    """The search's departures from the odds player's choice: estimated against true gain.

    Each deal is played once per seat of the search, the odds players in the other seats kept
    over the match (as in a duplicate match); at every departure the search's estimated gain
    (:attr:`SearchAgent.last_gain`) is set beside its true gain (:func:`true_gain`), per kind
    (the odds player's kind of action and the search's: bet, hold, pass, fold, exchange).
    ``versus`` names the other seats' player (``odds``, or an exploiter such as ``max-bet``).
    """
    search = SearchAgent(budget_ms=budget_ms, screen_tries=screen, deep=deep,
                         confidence=confidence, **EXTRA)
    rivals: list[Agent] = [rival(versus) for _ in range(players)]
    names = [f"P{i}" for i in range(players)]
    kinds: dict[str, list[tuple[float, float]]] = {}
    decisions = 0
    for deal in range(deals):
        dealt = start_deal(variant, names, 50, seed=derive_seed(seed, deal))
        for seat in range(players):
            mine = random.Random(derive_seed(seed, deal, "duplicate-candidate"))
            shared = random.Random(derive_seed(seed, deal, "duplicate-opponent"))
            state = dealt
            while not state.over:
                at = state.to_act
                assert at is not None
                view = state_view(state, at)
                if at != seat:
                    state = state.apply(rivals[at].act(view, shared))
                    continue
                action = search.act(view, mine)
                decisions += len(view.legal) > 1
                base = search.last_base
                if base is not None and action != base:
                    table = list(rivals)
                    table[seat] = search.odds
                    kind = (f"{kind_of(str(base)) or 'exchange'} -> "
                            f"{kind_of(str(action)) or 'exchange'}")
                    kinds.setdefault(kind, []).append(
                        (search.last_gain, true_gain(state, seat, action, base, table, plays)))
                state = state.apply(action)
    lines = [f"{variant:9} {players}p vs {versus}: {sum(map(len, kinds.values()))} departures in "
             f"{decisions} decisions ({deals} deals, {plays} plays on the true deal each)"]
    everything = [row for rows in kinds.values() for row in rows]
    for kind, rows in [*sorted(kinds.items()), ("all", everything)]:
        if len(rows) < 2:
            lines.append(f"  {kind:18} {len(rows):4}")
            continue
        true = mean_interval([t for _, t in rows])
        estimated = statistics.mean(e for e, _ in rows)
        lines.append(f"  {kind:18} {len(rows):4} estimated {estimated:+6.2f}, true "
                     f"{true.estimate:+6.2f} [{true.low:+6.2f}, {true.high:+6.2f}]")
    # what the departures are worth per play of a deal (a duplicate figure's share of them)
    plays_of_deals = deals * players
    lines.append(f"  per deal: estimated {sum(e for e, _ in everything) / plays_of_deals:+6.3f}, "
                 f"true {sum(t for _, t in everything) / plays_of_deals:+6.3f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12, help="deals per match (each once "
                        "per seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--players", default="2,3")
    parser.add_argument("--budget-ms", type=float, default=100.0)
    parser.add_argument("--rollout", choices=sorted(ROLLOUTS), default="table-odds",
                        help="the rollout player in the search's own seat")
    parser.add_argument("--opponents", choices=sorted(ROLLOUTS), default="table-odds",
                        help="the rollout players in the other seats")
    parser.add_argument("--no-racing", action="store_true",
                        help="play every candidate in every world (the search before racing)")
    parser.add_argument("--forget", action="store_true",
                        help="the rollouts' odds players start from the prior, not the "
                        "session's readings")
    parser.add_argument("--screen", type=int, default=SCREEN_TRIES, metavar="N",
                        help="screen worlds from a layout, N tries a hand "
                        "(SearchAgent(screen_tries=N); 0: every world replayed)")
    parser.add_argument("--deep", type=float, default=DEEP, metavar="F",
                        help="F budgets at the decisions with the most at stake "
                        "(SearchAgent(deep=F); 1: the same budget everywhere)")
    parser.add_argument("--confidence", type=float, default=2.0,
                        help="standard errors a departure must clear (SearchAgent(confidence=))")
    parser.add_argument("--departures", type=int, default=0, metavar="K",
                        help="print instead each departure kind's estimated and true gain "
                        "(the true deal played on K times, against the real opponents)")
    parser.add_argument("--versus", default="odds", metavar="NAME",
                        help="with --departures: the other seats' player, odds or an exploiter "
                        "of primero.testing.exploiters (max-bet, fold, call, bluff, random)")
    parser.add_argument("--student", action="store_true",
                        help="the departure bar as Student's t for the worlds played "
                        "(SearchAgent(student=True))")
    parser.add_argument("--verify", type=int, default=0, metavar="N",
                        help="check a departure in up to N fresh worlds, its own seat played "
                        "by its odds player (SearchAgent(verify=N)); 0: no check")
    parser.add_argument("--exchanges", action="store_true",
                        help="worlds fit the opponents' exchanges "
                        "(SearchAgent(exchanges=True))")
    parser.add_argument("--no-counts", action="store_true",
                        help="with --exchanges: worlds fit which cards the opponents threw, "
                        "not how many (SearchAgent(counts=False))")
    parser.add_argument("--loose", action="store_true",
                        help="keep a world that misses an opponent's bet by the chance it bets "
                        "whatever its hand (SearchAgent(loose=True))")
    parser.add_argument("--simulations", type=int, default=256, metavar="N",
                        help="the most worlds a decision draws (SearchAgent(simulations=N))")
    parser.add_argument("--agree", type=float, default=AGREE, metavar="P",
                        help="the chance a world is kept per opponent decision its rollout "
                        "player would have made otherwise (SearchAgent(agree=P))")
    parser.add_argument("--noise", action="store_true",
                        help="print instead the odds player against itself on the same deals "
                        "(the luck the search's figure carries)")
    parser.add_argument("--profile", action="store_true",
                        help="print worlds, rollouts and ms per decision instead")
    args = parser.parse_args()
    EXTRA.update(agree=args.agree, simulations=args.simulations,
                 student=args.student, verify=args.verify,
                 loose=args.loose,
                 exchanges=args.exchanges, counts=not args.no_counts)
    for name in args.variants.split(","):
        low, high = primero.get_variant(name).spec.players
        for players in (int(p) for p in args.players.split(",")):
            if not low <= players <= high:
                continue
            if args.departures:
                for text in departures_lines(name, players, args.deals, args.seed,
                                             args.budget_ms, args.departures, args.screen,
                                             args.deep, args.confidence, args.versus):
                    print(text, flush=True)
            elif args.noise:
                print(noise_line(name, players, args.deals, args.seed), flush=True)
            elif args.profile:
                print(profile_line(name, players, args.deals, args.seed, args.budget_ms,
                                   args.rollout, args.opponents, not args.forget,
                                   None if args.no_racing else PRUNE, args.screen, args.deep,
                                   args.confidence), flush=True)
            else:
                print(match_line(name, players, args.deals, args.seed, args.budget_ms,
                                 args.rollout, args.opponents,
                                 None if args.no_racing else PRUNE, not args.forget,
                                 args.screen, args.deep, args.confidence), flush=True)


if __name__ == "__main__":
    main()
