"""Full deals per second: primero's Waks English Primero against PokerKit's fixed-limit Badugi.

Both games: 4 players, uniform random legal actions (draws included), seeded, played side by
side in one process run (CPU time, interleaved in rounds so machine load hits all alike).
primero is driven three ways: through the public API (``state.legal_actions()`` /
``state.apply(action)``), through action ids (``state.legal_action_ids()`` /
``state.apply(i)``), and through the agents (``play_deal`` with ``RandomAgent``, one player view
per decision). Also reports what the checks of hook results cost (the public API with the
checks on against the same deals with them switched off, ``primero.plugins.checks.unchecked``, same
run: every deal played both ways, alternating, its fastest run each way; the median, and the
middle half, of blocks of deals; see :func:`check_cost`) and the memory of one mid-deal primero
state.

Also: the engine's decisions per second at two players by action ids (random play; target
>= 20,000), and the replay of a deal file just under the 1 MiB limit of deal files (a raising
war of one chip at a time at a deep table, about 47,000 actions; through
:func:`primero.records.replay`, target <= 2 s of CPU).

And, per variant (every built-in one at 2 and 4 players, the variant's range allowing, and
the example plug-in ``oldpips`` when installed): the cost per decision as a ratio to Waks' at
the same table (target <= 2x), and the checks' share of its deal time (target <= 5 %); see
:func:`variant_table`.

Run: ``python benchmarks/bench_deals.py [--deals N] [--variants-only]`` (needs the ``bench``
group: pokerkit).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from itertools import combinations

import primero
from primero.actions import Fold, Hold, Vie
from primero.agents import RandomAgent, play_deal
from primero.deal.engine import start_deal
from primero.plugins.checks import unchecked
from primero.records import MAX_RECORD_BYTES, dump_record, record_from_state, replay

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def primero_deals(n: int, seed: int, mode: str = "api") -> float:
    """CPU seconds to play ``n`` Waks deals with uniform random play.

    ``mode``: ``"api"`` (legal actions and apply), ``"ids"`` (legal ids and apply by id),
    ``"agents"`` (``play_deal`` with random agents, which act on player views) or
    ``"unchecked"`` (``"api"`` with the checks of hook results switched off).
    """
    if mode == "unchecked":
        with unchecked():
            return primero_deals(n, seed, "api")
    variant = primero.get_variant("waks")
    _ = variant.ranking.table  # built once, outside the timing
    agents = [RandomAgent()] * 4
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for k in range(n):
        state = start_deal(variant, PLAYERS, 50, dealer=k % 4, seed=seed * 1_000_003 + k)
        if mode == "agents":
            play_deal(state, agents, rng)
        elif mode == "ids":
            while not state.over:
                state = state.apply(choice(state.legal_action_ids()))
        else:
            while not state.over:
                state = state.apply(choice(state.legal_actions()))
    return time.process_time() - start


def two_player_decisions(n: int, seed: int) -> tuple[int, float]:
    """``(decisions, CPU seconds)`` of ``n`` two-player Waks deals played by random action ids."""
    variant = primero.get_variant("waks")
    _ = variant.ranking.table
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for k in range(n):
        state = start_deal(variant, PLAYERS[:2], 50, dealer=k % 2, seed=seed * 1_000_003 + k)
        while not state.over:
            state = state.apply(choice(state.legal_action_ids()))
            decisions += 1
    return decisions, time.process_time() - start


def long_record(limit: int = MAX_RECORD_BYTES) -> primero.DealRecord:
    """The longest raising war of one chip at a time whose deal file stays within ``limit``.

    Two players, a million chips each, rest 1: Anna vies 1 and then both raise by one for
    ever; the record stops before the end of the deal.
    """
    state = start_deal("waks", PLAYERS[:2], 10**6, seed=3, rest=1)
    states = [state]
    while True:
        legal = state.legal_actions()
        raising = [a for a in legal if isinstance(a, Vie)
                   or (isinstance(a, Hold) and a.raise_by)]
        state = state.apply(raising[0] if raising
                            else next(a for a in legal if not isinstance(a, Fold)))
        states.append(state)
        if len(states) % 1000 == 0 and len(dump_record(record_from_state(state))) > limit:
            break
    low, high = len(states) - 1000, len(states) - 1  # the last state within the limit
    while low < high:
        middle = (low + high + 1) // 2
        if len(dump_record(record_from_state(states[middle]))) <= limit:
            low = middle
        else:
            high = middle - 1
    return record_from_state(states[low])


def replay_seconds(record: primero.DealRecord) -> float:
    """CPU seconds of :func:`primero.records.replay` of ``record``."""
    gc.collect()
    start = time.process_time()
    replay(record)
    return time.process_time() - start


def kuhn_decisions(n: int, seed: int) -> tuple[int, float] | None:
    """``(decisions, CPU seconds)`` of ``n`` games of OpenSpiel's ``python_kuhn_poker``
    with random play (chance outcomes drawn too, not counted), or ``None`` without
    OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the python games)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
    return decisions, time.process_time() - start


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


def mid_deal_state(seed: int = 11) -> primero.GameState:
    """A Waks state in betting round 2 with someone to act (the first seed from ``seed`` on
    whose random play gets there)."""
    variant = primero.get_variant("waks")
    for k in range(seed, seed + 1000):
        rng = random.Random(k)
        state = start_deal(variant, PLAYERS, 50, seed=k)
        while not state.over and (state.step is None or state.step.number < 2):
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.over and state.step is not None and state.step.kind == "bet":
            return state
    raise RuntimeError("no random deal reached betting round 2")


def _reachable(value: object, seen: dict[int, object]) -> None:
    """Every tuple and attrs value reachable from ``value`` (the deal's context excluded: it
    is shared by every state of the deal), by identity."""
    import attrs

    if id(value) in seen or isinstance(value, primero.deal.state.DealContext):
        return
    if isinstance(value, tuple):
        seen[id(value)] = value
        for item in value:
            _reachable(item, seen)
    elif attrs.has(type(value)):
        seen[id(value)] = value
        for f in attrs.fields(type(value)):
            _reachable(getattr(value, f.name), seen)


def unshared_bytes(old: primero.GameState, new: primero.GameState) -> int:
    """Bytes of the objects ``new`` holds that ``old`` does not (``sys.getsizeof``)."""
    before: dict[int, object] = {}
    after: dict[int, object] = {}
    _reachable(old, before)
    _reachable(new, after)
    return sum(sys.getsizeof(v) for k, v in after.items() if k not in before)


def mid_deal_state_bytes() -> tuple[int, int]:
    """Bytes of one mid-deal state: what one more action allocates (structure shared with the
    state before it is not counted), and the whole state with nothing shared (pickled).

    The action is applied once before it is measured, so shared caches are warm (as in a
    long run); tracemalloc's own bookkeeping is not counted.
    """
    import pickle

    state = mid_deal_state()
    action = state.legal_actions()[0]
    state.apply(action)  # warm the shared caches (legal tuples, history entries) first
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    after = state.apply(action)
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    own = [tracemalloc.Filter(False, tracemalloc.__file__)]  # not tracemalloc's bookkeeping
    new_bytes = sum(s.size_diff for s in snapshot.filter_traces(own).compare_to(
        before.filter_traces(own), "filename"))
    # tracemalloc does not see small tuples taken from CPython's free lists: count the
    # objects the new state holds that the old one does not, and report the larger figure
    new_bytes = max(new_bytes, unshared_bytes(state, after))
    del after
    return new_bytes, len(pickle.dumps(state))


def _one_deal(variant: primero.Variant, seed: int, checked: bool) -> float:
    """CPU seconds of one Waks deal with random play through the public API.

    Only the deal is timed: the switch (:func:`primero.plugins.checks.unchecked`) is entered
    before the clock starts, so both ways time the same work but the checks.
    """
    if not checked:
        with unchecked():
            return _one_deal(variant, seed, True)
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.process_time
    start = clock()
    state = start_deal(variant, PLAYERS, 50, dealer=seed % 4, seed=seed)
    while not state.over:
        state = state.apply(choice(state.legal_actions()))
    return clock() - start


#: Deals per block of :func:`check_cost`, and runs of each deal each way.
BLOCK = 25
RUNS = 3


def check_cost(deals: int, seed: int) -> tuple[float, float, float, float, float]:
    """What the checks of hook results cost: ``(lower quartile, median, upper quartile)`` of
    the blocks' shares, and the median block's CPU seconds per deal with the checks on and off.

    Every deal is played :data:`RUNS` times each way, with the checks on and off
    (:func:`primero.plugins.checks.unchecked`), the two ways alternating and the first way
    alternating from deal to deal (a later run meets warm caches), so that load on the
    machine, which changes over milliseconds, hits both alike; each way keeps its fastest run
    of the deal (as :mod:`timeit` advises: what load adds to a run is never negative). Every
    deal counts. The CPU times are summed in blocks of :data:`BLOCK` deals; each block gives
    one share (on / off, less one) and the figure is the median of the blocks (at least 40,
    three per 25 deals asked), with their quartiles.
    """
    variant = primero.get_variant("waks")
    _ = variant.ranking.table
    blocks = max(40, 3 * deals // BLOCK)
    shares = []
    per_deal: list[tuple[float, float]] = []
    for b in range(blocks):
        spent = {True: 0.0, False: 0.0}
        for k in range(BLOCK):
            deal_seed = (seed + 7) * 1_000_003 + b * BLOCK + k
            fastest = {True: float("inf"), False: float("inf")}
            for run in range(RUNS):
                for checked in (True, False) if (k + run) % 2 else (False, True):
                    fastest[checked] = min(fastest[checked],
                                           _one_deal(variant, deal_seed, checked))
            spent[True] += fastest[True]
            spent[False] += fastest[False]
        shares.append(spent[True] / spent[False] - 1)
        per_deal.append((spent[True] / BLOCK, spent[False] / BLOCK))
    low, median, high = statistics.quantiles(shares, n=4)
    on, off = per_deal[sorted(range(blocks), key=shares.__getitem__)[blocks // 2]]
    return low, median, high, on, off


#: Every built-in variant, and the example plug-in's (installed from examples/primero-oldpips).
VARIANTS = ("waks", "cardano", "suzuki", "roman", "losing", "primiera", "revival", "toy")
PLUG_IN = "oldpips"


def variant_decisions(name: str, players: int, deals: int, seed: int, *,
                      checked: bool = True) -> tuple[int, float]:
    """``(decisions, CPU seconds)`` of ``deals`` deals of variant ``name`` at ``players``.

    Random play through the public API (``state.legal_actions()`` / ``state.apply``), each
    deal started from its own seed (the start counted: a deal's cost per decision includes
    its share of the start). ``checked=False``: with the checks of hook results switched
    off (:func:`primero.plugins.checks.unchecked`), the switch entered outside the timing.
    """
    if not checked:
        with unchecked():
            return variant_decisions(name, players, deals, seed)
    variant = primero.get_variant(name)
    _ = variant.ranking.table
    names = PLAYERS[:players]
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for k in range(deals):
        state = start_deal(variant, names, 50, dealer=k % players, seed=seed * 1_000_003 + k)
        while not state.over:
            state = state.apply(choice(state.legal_actions()))
            decisions += 1
    return decisions, time.process_time() - start


def _variant_deal(variant: primero.Variant, names: list[str], seed: int,
                  checked: bool) -> float:
    """CPU seconds of one deal of ``variant`` at the table ``names``, random play (public API).

    As :func:`_one_deal`, for any variant and table: only the deal is timed.
    """
    if not checked:
        with unchecked():
            return _variant_deal(variant, names, seed, True)
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.process_time
    start = clock()
    state = start_deal(variant, names, 50, dealer=seed % len(names), seed=seed)
    while not state.over:
        state = state.apply(choice(state.legal_actions()))
    return clock() - start


#: Deals per block of :func:`variant_check_shares`.
VARIANT_BLOCK = 10


def variant_check_shares(name: str, players: int, deals: int, seed: int) -> list[float]:
    """The checks' share of the deal time of variant ``name`` at ``players``, by block.

    As :func:`check_cost` measures Waks': every deal played :data:`RUNS` times each way, the
    checks on and off alternating (the first way alternating from deal to deal), each way's
    fastest run kept; one share (on / off - 1) per block of :data:`VARIANT_BLOCK` deals.
    """
    variant = primero.get_variant(name)
    names = PLAYERS[:players]
    shares = []
    spent = {True: 0.0, False: 0.0}
    for k in range(deals):
        deal_seed = (seed + 11) * 1_000_003 + k
        fastest = {True: float("inf"), False: float("inf")}
        for run in range(RUNS):
            for checked in (True, False) if (k + run) % 2 else (False, True):
                fastest[checked] = min(fastest[checked],
                                       _variant_deal(variant, names, deal_seed, checked))
        spent[True] += fastest[True]
        spent[False] += fastest[False]
        if (k + 1) % VARIANT_BLOCK == 0:
            shares.append(spent[True] / spent[False] - 1)
            spent = {True: 0.0, False: 0.0}
    return shares


def variant_table(deals: int, seed: int) -> list[tuple[str, int, float, float]]:
    """Per variant (every built-in one, then the example plug-in if installed) and table size
    (2 and 4 players, the variant's own range allowing): ``(name, players, µs per decision
    with the checks, checks' share)``.

    The variants are played in rounds, interleaved (load on the machine hits all alike); each
    round plays every variant's deals with the checks on, twice (the cost per decision: each
    deal played once a round, as in play, its caches as cold as a new deal's). The checks'
    share is the median of the blocks of :func:`variant_check_shares` (each deal both ways,
    fastest of :data:`RUNS`), the cases interleaved block by block.
    """
    names = list(VARIANTS)
    try:
        primero.get_variant(PLUG_IN)
        names.append(PLUG_IN)
    except primero.PrimeroError:
        pass
    ranges = {n: primero.get_variant(n).spec.players for n in names}
    cases = [(n, p) for p in (2, 4) for n in names if ranges[n][0] <= p <= ranges[n][1]]
    rounds = 5
    per_round = max(4, deals // rounds)
    for name, players in cases:  # warm every variant's caches, untimed
        variant_decisions(name, players, 4, seed - 1)
        variant_decisions(name, players, 4, seed - 1, checked=False)
    spent = {case: [0, 0.0] for case in cases}
    for r in range(rounds):
        for name, players in cases:
            gc.collect()
            for _ in range(2):
                made, seconds = variant_decisions(name, players, per_round, seed + r)
                spent[name, players][0] += made
                spent[name, players][1] += seconds
    shares: dict[tuple[str, int], list[float]] = {case: [] for case in cases}
    blocks = max(3, deals // VARIANT_BLOCK)
    for b in range(blocks):  # block by block, the cases interleaved
        for name, players in cases:
            gc.collect()
            shares[name, players] += variant_check_shares(name, players, VARIANT_BLOCK,
                                                          seed + 1000 * b)
    return [(name, players, spent[name, players][1] / spent[name, players][0] * 1e6,
             statistics.median(shares[name, players])) for name, players in cases]


def print_variant_table(deals: int, seed: int) -> None:
    """Print :func:`variant_table` with each cost as a ratio to Waks' at the same table."""
    rows = variant_table(deals, seed)
    waks = {players: us for name, players, us, _ in rows if name == "waks"}
    print("cost per decision by variant (public API, random play, start included; "
          "target <= 2x waks; checks target <= 5 %):")
    for name, players, us, share in rows:
        ratio = us / waks[players]
        mark = "" if ratio <= 2 and share <= 0.05 else "  MISSED"
        print(f"  {name:9s} {players}p {us:8.1f} us/decision  {ratio:5.2f}x waks  "
              f"checks {share * 100:6.1f} %{mark}")


def _whole_lines() -> None:
    """Off a terminal (a file, a pipe), write each line whole as it is printed.

    Block-buffered output leaves a line half written while a peer library writes to the same
    file (its own progress or warnings, through another buffer), and the two run together
    ("1.02xreplay of ..."); a line buffer writes every line, newline included, in one write.
    """
    for stream in (sys.stdout, sys.stderr):
        if not stream.isatty() and hasattr(stream, "reconfigure"):
            stream.reconfigure(line_buffering=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants-only", action="store_true",
                        help="print only the per-variant table (quick)")
    args = parser.parse_args(argv)
    _whole_lines()
    if args.variants_only:
        print_variant_table(max(40, args.deals // 5), args.seed)
        return 0
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit is not installed: pip install --group bench -e .", file=sys.stderr)
        return 1
    # Interleave in rounds so that load on the machine hits all alike; CPU time.
    rounds = 10
    per_round = max(1, args.deals // rounds)
    modes = ("api", "ids", "agents")
    # One untimed round first, for every mode and the peer alike: the first deals at a table
    # fill each side's caches (primero's start recipe and shared legal tuples, PokerKit's own),
    # which would otherwise be charged to whichever mode happens to run first.
    for mode in modes:
        primero_deals(per_round, args.seed - 1, mode)
    pokerkit_deals(per_round, args.seed - 1)
    ours = dict.fromkeys(modes, 0.0)
    theirs = 0.0
    for r in range(rounds):
        for mode in modes:
            gc.collect()  # each run starts from a collected heap (outside its timing)
            ours[mode] += primero_deals(per_round, args.seed + r, mode)
        gc.collect()
        theirs += pokerkit_deals(per_round, args.seed + r)
    deals = per_round * rounds
    theirs_rate = deals / theirs
    print(f"pokerkit badugi hands/s   : {theirs_rate:10.1f}")
    for mode, label in (("api", "public API"), ("ids", "action ids"), ("agents", "agents")):
        rate = deals / ours[mode]
        target = ", target >= 15x" if mode != "agents" else ""
        print(f"primero waks deals/s      : {rate:10.1f}  ({label}; "
              f"{rate / theirs_rate:.2f}x pokerkit{target})")
    decisions = seconds = 0.0
    kuhn = kuhn_seconds = 0.0
    for r in range(rounds):  # interleaved with the peer, as above
        gc.collect()
        made, spent = two_player_decisions(max(50, args.deals // 10), args.seed + r)
        gc.collect()
        decisions, seconds = decisions + made, seconds + spent
        peer = kuhn_decisions(max(50, args.deals // 4), args.seed + r)
        if peer is not None:
            kuhn, kuhn_seconds = kuhn + peer[0], kuhn_seconds + peer[1]
    rate = decisions / seconds
    print(f"two-player decisions/s    : {rate:10.0f}  (action ids, random play; "
          "target >= 20,000)")
    if kuhn_seconds:
        print(f"openspiel kuhn decisions/s: {kuhn / kuhn_seconds:10.0f}  (python_kuhn_poker, "
              f"random play; primero {rate / (kuhn / kuhn_seconds):.2f}x)")
    record = long_record()
    print(f"replay of a 1 MiB file    : {replay_seconds(record):10.2f} s CPU  "
          f"({len(record.actions)} actions, {len(dump_record(record))} bytes; target <= 2 s)")
    low, median, high, on, off = check_cost(args.deals, args.seed)
    print(f"hook checks               : {median * 100:10.1f} % of the deal time (public API, "
          f"checks on vs off, each deal both ways, fastest of {RUNS}, median of blocks; "
          "target <= 5 %)")
    print(f"                            {low * 100:5.1f} .. {high * 100:.1f} % "
          f"(the middle half of the blocks); median block {(on - off) * 1e6:.1f} us of a "
          f"{on * 1e6:.0f} us deal")
    print_variant_table(max(40, args.deals // 5), args.seed)
    new_bytes, pickled = mid_deal_state_bytes()
    print(f"one mid-deal state        : {new_bytes:10d} bytes newly allocated per action")
    print(f"                            {pickled:10d} bytes pickled (everything, nothing shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
