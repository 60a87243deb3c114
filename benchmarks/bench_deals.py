"""Full deals per second: primero's Waks English Primero against PokerKit's fixed-limit Badugi.

Both games: 4 players, random legal actions (draws included), seeded, played side by side in
one process run. Also reports the memory of one mid-deal primero state.

Run: ``python benchmarks/bench_deals.py [--deals N]`` (needs the ``bench`` extra: pokerkit).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from itertools import combinations

import primero
from primero.agents import RandomAgent, play_deal
from primero.engine import start_deal

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def primero_deals(n: int, seed: int) -> float:
    """CPU seconds to play ``n`` Waks deals with random agents."""
    variant = primero.get_variant("waks")
    _ = variant.ranking.table  # built once, outside the timing
    agents = [RandomAgent()] * 4
    rng = random.Random(seed)
    start = time.process_time()
    for k in range(n):
        state = start_deal(variant, PLAYERS, 50, dealer=k % 4, seed=seed * 1_000_003 + k)
        play_deal(state, agents, rng)
    return time.process_time() - start


def pokerkit_deals(n: int, seed: int) -> float:
    """CPU seconds to play ``n`` fixed-limit Badugi hands with random legal actions."""
    from pokerkit import Automation, FixedLimitBadugi

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(n):
        state = FixedLimitBadugi.create_state(
            automations, True, 0, (1, 2), 2, 4, 200, 4,
        )
        while state.status:
            choices = []
            if state.can_stand_pat_or_discard():
                hand = list(state.hole_cards[state.stand_patter_or_discarder_index])
                subsets = [c for k in range(len(hand) + 1) for c in combinations(hand, k)]
                state.stand_pat_or_discard(rng.choice(subsets))
                continue
            if state.can_fold():
                choices.append("fold")
            if state.can_check_or_call():
                choices.append("call")
            if state.can_complete_bet_or_raise_to():
                choices.append("raise")
            pick = rng.choice(choices)
            if pick == "fold":
                state.fold()
            elif pick == "call":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
    return time.process_time() - start


def mid_deal_state_bytes() -> int:
    """Bytes newly allocated for one mid-deal state (round 2 reached), structure shared with
    its predecessors excluded."""
    variant = primero.get_variant("waks")
    rng = random.Random(1)
    state = start_deal(variant, PLAYERS, 50, seed=11)
    while not state.over and (state.step is None or state.step.number < 2):
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
    del before
    tracemalloc.start()
    snapshot_before = tracemalloc.take_snapshot()
    action = state.legal_actions()[0]
    after = state.apply(action)
    snapshot_after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    diff = sum(s.size_diff for s in snapshot_after.compare_to(snapshot_before, "filename"))
    del after
    return diff


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 1
    # Interleave the two in rounds so that load on the machine hits both alike; CPU time.
    rounds = 10
    per_round = max(1, args.deals // rounds)
    ours = theirs = 0.0
    for r in range(rounds):
        ours += primero_deals(per_round, args.seed + r)
        theirs += pokerkit_deals(per_round, args.seed + r)
    args.deals = per_round * rounds
    ours_rate, theirs_rate = args.deals / ours, args.deals / theirs
    print(f"primero waks deals/s      : {ours_rate:10.1f}")
    print(f"pokerkit badugi hands/s   : {theirs_rate:10.1f}")
    print(f"ratio primero / pokerkit  : {ours_rate / theirs_rate:10.2f}x (target >= 5x)")
    print(f"one mid-deal state        : {mid_deal_state_bytes():10d} bytes newly allocated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
