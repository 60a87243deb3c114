"""Regenerate the figures and the numbers of docs/analysis.md.

Run from the repository root (needs the ``analysis`` extra)::

    python docs/_scripts/analysis_figures.py [--deals 2000] [--match-deals 300] [--seed 0]

It draws ``docs/img/analysis-comparison.png`` (four variants under the random and the
heuristic agents, 95 % error bars) and prints, as Markdown, the tables the page quotes: each
figure with its interval per population, the paired differences from Waks, the verdicts
(which conclusions hold under both populations: the rules'; which do not: the bots'), the
winning classes over every deal won, and duplicate matches between the agents.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from pathlib import Path

import primero
from primero import analysis
from primero.actions import Pass
from primero.agents import make_agent, play_deal
from primero.deal.engine import start_deal
from primero.simulation import compare, derive_seed

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ["waks", "suzuki", "cardano", "losing"]
POPULATIONS = ["random", "heuristic"]
#: The duplicate matches: (variant, candidate, opponent, players).
MATCHES = [("waks", "heuristic", "random", 4), ("waks", "odds", "heuristic", 2),
           ("suzuki", "odds", "heuristic", 2)]


def share(i: analysis.Interval) -> str:
    """A share and its interval in percent."""
    return f"{100 * i.estimate:.1f}% [{100 * i.low:.1f}, {100 * i.high:.1f}]"


def chips(i: analysis.Interval) -> str:
    """A mean in chips and its interval."""
    return f"{i.estimate:+.2f} [{i.low:+.2f}, {i.high:+.2f}]"


def suzuki_turns(deals: int, seed: int) -> None:
    """Print each seat's turns and passes (each an exchange) per Suzuki deal, per population.

    The deals are those of ``simulate("suzuki", seed=seed)`` (the same deal and agent seeds).
    """
    variant = primero.get_variant("suzuki")
    names = ["P0", "P1", "P2", "P3"]
    print("\n| agents | seat | turns per deal | passes (free exchanges) per deal |")
    print("|---|---|---|---|")
    for population in POPULATIONS:
        agents = [make_agent(population)] * 4
        turns: list[list[float]] = [[] for _ in names]
        passes: list[list[float]] = [[] for _ in names]
        for i in range(deals):
            state = start_deal(variant, names, 50, dealer=3, seed=derive_seed(seed, i))
            final = play_deal(state, agents, random.Random(derive_seed(seed, i, "agents")))
            took = Counter(s for s, _ in final.history)
            passed = Counter(s for s, a in final.history if isinstance(a, Pass))
            for s in range(4):
                turns[s].append(took[s])
                passes[s].append(passed[s])
        for s in range(4):
            t, p = analysis.mean_interval(turns[s]), analysis.mean_interval(passes[s])
            label = " (eldest)" if s == 0 else " (dealer)" if s == 3 else ""
            print(f"| {population} | {s}{label} | {t.estimate:.2f} [{t.low:.2f}, {t.high:.2f}] "
                  f"| {p.estimate:.2f} [{p.low:.2f}, {p.high:.2f}] |")


def main() -> None:
    """Draw the figure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--match-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    cmp = compare(VARIANTS, deals=args.deals, seed=args.seed, agents=POPULATIONS,
                  jobs=args.jobs, progress=False)
    fig = analysis.plot_comparison(cmp)
    fig.savefig(ROOT / "docs" / "img" / "analysis-comparison.png", dpi=90,
                metadata={"Software": None})
    print(f"<!-- python docs/_scripts/analysis_figures.py --deals {args.deals} --match-deals "
          f"{args.match_deals} --seed {args.seed} -->\n")
    print("| variant | agents | showdown | carried over | mean pot (chips) | eldest's win share "
          "| dealer's win share |")
    print("|---|---|---|---|---|---|---|")
    for sim in cmp.simulations:
        s = sim.summary()
        print(f"| {s.variant} | {s.agents} | {share(s.showdown_share)} | "
              f"{share(s.carried_over_share)} | {chips(s.pot)} | {share(s.win_shares[0])} | "
              f"{share(s.win_shares[-1])} |")
    print("\n| figure | variant − waks | agents | difference | clear of 0 |")
    print("|---|---|---|---|---|")
    for d in analysis.paired_differences(cmp):
        if d.figure in ("showdown_share", "mean_pot", "win_share_0"):
            text = chips(d.interval) if d.figure == "mean_pot" else (
                f"{100 * d.interval.estimate:+.1f} pts [{100 * d.interval.low:+.1f}, "
                f"{100 * d.interval.high:+.1f}]")
            print(f"| {d.figure} | {d.variant} | {d.agents} | {text} | "
                  f"{'yes' if d.clear_of_zero else 'no'} |")
    print("\n| figure | variant | against | conclusion | whose |")
    print("|---|---|---|---|---|")
    for v in analysis.verdicts(cmp):
        if v.figure in ("win_share_0", "win_share_3", "showdown_share", "mean_pot",
                        "carried_over_share"):
            print(f"| {v.figure} | {v.variant} | {v.against} | {v.conclusion} | {v.whose} |")
    print("\n| variant | agents | " + " | ".join(
        ["Chorus", "Fluxus", "Supremus", "Primero", "Numerus", "unseen"]) + " |")
    print("|---|---|---|---|---|---|---|---|")
    for sim in cmp.simulations:
        s = sim.summary()
        cells = [f"{100 * s.class_shares[c].estimate:.1f}%" if c in s.class_shares else "-"
                 for c in ("Chorus", "Fluxus", "Supremus", "Primero", "Numerus", "unseen")]
        print(f"| {s.variant} | {s.agents} | " + " | ".join(cells) + " |")
    print("\n| variant | candidate | opponent | players | deals | chips per deal [95 %] "
          "| eldest seat | median decision (ms CPU) |")
    print("|---|---|---|---|---|---|---|---|")
    for variant, candidate, opponent, players in MATCHES:
        m = analysis.duplicate_match(variant, candidate, opponent, players=players,
                                     deals=args.match_deals, seed=args.seed)
        print(f"| {variant} | {candidate} | {opponent} | {players} | {m.deals} | "
              f"{chips(m.overall)} | {chips(m.by_seat[0])} | "
              f"{m.candidate_time * 1000:.2f} / {m.opponent_time * 1000:.2f} |")
    suzuki_turns(args.match_deals, args.seed)
    print(f"\n<!-- {time.process_time() - start:.0f} s CPU -->")


if __name__ == "__main__":
    main()
