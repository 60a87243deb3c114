"""What reading every seat's public facts in a view costs: ``view.seats`` against the bare API.

The same Waks deals (4 players, uniform random play, seeded) are played through the public
API alone ("api") and with every seat's public facts read at each decision ("seats":
``state.view(to_act).seats`` and each seat's ``cards``, which builds each changed seat's
:class:`~primero.deal.state.PublicSeat`, as an agent or an adapter reading the table does).
Interleaved in rounds, CPU time, one process: the ratio ``seats / api`` (median round and
fastest rounds) and the extra microseconds a decision. Waks deals no card face up: the figure
is what face-up support costs a variant without face-up cards (compare it across versions).

Run: ``python benchmarks/bench_public_seats.py [--deals N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import primero
from primero.deal.engine import start_deal

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def deals(n: int, seed: int, mode: str) -> tuple[float, int]:
    """CPU seconds to play ``n`` Waks deals in ``mode`` (``"api"`` or ``"seats"``), decisions."""
    variant = primero.get_variant("waks")
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    held = 0
    start = time.process_time()
    for k in range(n):
        state = start_deal(variant, PLAYERS, 50, dealer=k % 4, seed=seed * 1_000_003 + k)
        if mode == "seats":
            while not state.over:
                for seat in state.view(state.to_act).seats:  # type: ignore[arg-type]
                    held += seat.cards
                state = state.apply(choice(state.legal_actions()))
        else:
            while not state.over:
                state = state.apply(choice(state.legal_actions()))
        decisions += len(state.history)
    return time.process_time() - start, decisions


def main(argv: list[str] | None = None) -> int:
    """Print the ratio ``seats / api`` and the extra time a decision."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals a round (default 400)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (default 7)")
    args = parser.parse_args(argv)
    deals(20, 1, "api")  # warm-up: tables, caches
    deals(20, 1, "seats")
    ratios, api_times, seat_times = [], [], []
    decisions = 0
    for r in range(args.rounds):
        api, decisions = deals(args.deals, 100 + r, "api")
        seats, _ = deals(args.deals, 100 + r, "seats")
        ratios.append(seats / api)
        api_times.append(api)
        seat_times.append(seats)
    extra = (statistics.median(seat_times) - statistics.median(api_times)) / decisions * 1e6
    print(f"deals {args.deals} a round, {args.rounds} rounds, decisions {decisions} a round")
    print(f"seats / api : median round {statistics.median(ratios):.3f}, fastest rounds "
          f"{min(seat_times) / min(api_times):.3f}; +{extra:.2f} us a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
