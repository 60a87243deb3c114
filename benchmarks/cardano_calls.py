"""Cardano's calls as the built-in agents play them, against Waks on the same deals.

For three-player deals (each deal shuffled from ``random.Random(seed + i)``, the agents
drawing from the same generator, 30 chips each, stake 1, rest 3) played by one kind of agent
in ``waks`` and in ``cardano`` (``call_rule`` as given, default ``same_class``), prints:

* the share of showdowns carried over because no hand met the standing call
  (docs/rules/cardano.md);
* the share of Numerus among the winning hands: of the hands that took a pot at a showdown,
  and of every four-card hand that took a pot (everyone else folded in round 2 included);
* how often a caller's own final hand met the call it made, at the showdowns it reached.

Run: ``python benchmarks/cardano_calls.py [--deals 400] [--agent heuristic]
[--call-rule same_class]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import primero
from primero.agents import make_agent, play_deal
from primero.deal.engine import start_deal
from primero.variants.cardano import call_book, last_call, parse_understatements

NAMES = ("Anna", "Ben", "Carla")


def run(variant: primero.Variant, deals: int, seed: int, agent: str) -> dict[str, float]:
    agents = [make_agent(agent) for _ in NAMES]
    showdowns = unmet = 0
    at_showdown: Counter[str] = Counter()
    anywhere: Counter[str] = Counter()
    caller_showdowns = caller_met = 0
    book = call_book(variant.ranking)
    rule = str(variant.options.get("call_rule", "at_least"))
    allowed = parse_understatements(str(variant.options.get("understatements", "none")))
    for i in range(deals):
        rng = random.Random(seed + i)
        state = start_deal(variant, NAMES, 30, dealer=2, rng=rng)
        final = play_deal(state, agents, rng)
        settlement = final.settlement
        assert settlement is not None
        if settlement.showdown:
            showdowns += 1
            if settlement.reason.startswith("no hand met"):
                unmet += 1
            last = last_call(final.history)
            if last is not None and last[0] in final.live:
                caller_showdowns += 1
                caller_met += book.meets(final.value(last[0]), last[1], rule=rule,
                                         understatements=allowed)
        if settlement.awards:
            top = max(settlement.awards, key=lambda a: a.amount)
            hand = final.seats[top.seat].hand
            if len(hand) == 4:
                cls = final.value(top.seat).hand_class
                anywhere[cls] += 1
                if settlement.showdown:
                    at_showdown[cls] += 1
    return {
        "showdowns": showdowns,
        "unmet": unmet / max(showdowns, 1),
        "numerus_showdown": at_showdown["Numerus"] / max(sum(at_showdown.values()), 1),
        "numerus_all": anywhere["Numerus"] / max(sum(anywhere.values()), 1),
        "caller_met": caller_met / max(caller_showdowns, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--call-rule", default="same_class")
    args = parser.parse_args()
    for name, variant in (("waks", primero.get_variant("waks")),
                          ("cardano", primero.get_variant("cardano", call_rule=args.call_rule))):
        start = time.process_time()
        r = run(variant, args.deals, args.seed, args.agent)
        cpu = time.process_time() - start
        print(f"{name:8} {args.agent}: {r['showdowns']:4d} showdowns; carried over, no hand met "
              f"the call {r['unmet']:6.1%}; Numerus among winning hands: at showdown "
              f"{r['numerus_showdown']:6.1%}, all four-card winners {r['numerus_all']:6.1%}; "
              f"caller met own call {r['caller_met']:6.1%}  ({cpu / args.deals * 1000:.1f} ms "
              "CPU per deal)")


if __name__ == "__main__":
    main()
