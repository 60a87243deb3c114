"""How often the rollout player plays what the odds player plays, from the same views.

The search player's rollouts (:mod:`primero.agents.search`) are played by
:class:`~primero.agents.rollout.TableOdds`, a cheap imitation of the odds player
(:class:`~primero.agents.odds.OddsAgent`); where the two play otherwise, the search's
estimated gains are biased. For each built-in variant (``--variants``) at 2 and 3 players
(``--players``), odds players play ``--deals`` deals (stacks of 50, stake 1, rest 3; each dealt
from ``derive_seed(seed, deal)``, the dealer moving round; each player keeps its reading of the
others over the deals, as in a match). Each seat has a shadow ``TableOdds`` that observes every
view the seat decides on (so it reads the session as the odds player there does) and is asked,
at each decision with a choice, what it would play. Printed per variant and table size:

* the share of decisions where it plays the same action, and the same kind (vie, raise, hold,
  pass, fold, exchange), and, where both vie or both raise, the same amount;
* per kind of the odds player's choice, how many and the share the shadow plays alike in kind;
* the mean gap of the two chances (table minus odds, betting decisions), and the median CPU
  time of one decision of each (ms; the table's caches warm as the run goes, as in a search),
  and of the table's asked the same again (every cache warm).

Every share carries its 95 % interval (Wilson, clustered by deal:
:func:`~primero.analysis.intervals.cluster_share_interval`), every mean its t interval
clustered by deal. ``--confusion`` prints the kinds' confusion table (rows: the odds player,
columns: the table) per cell, ``--reasons`` the odds player's most common reasons
(:meth:`~primero.agents.odds.OddsAgent.advise`, numbers left out) where the kinds differ. The
last lines pool every cell.

Each seat is shown every deal's end (as a match shows it: the readings learn from shown
hands). ``--ceiling`` also asks a second odds player (its own samples) and prints how often the
odds player agrees with itself, per kind: where it does not, no rollout player can.
``--cost`` instead times table-odds decisions on random play's views (:func:`cost`).

Run: ``python benchmarks/bench_rollout.py [--deals 40] [--variants waks,cardano,...]
[--players 2,3] [--seed 1] [--confusion] [--reasons] [--reraised] [--ceiling] [--cost]``
(``--reraised``: the table-odds players price a vie for being raised again,
``TableOdds(reraised=True)``). Each
cell costs about as much CPU as the odds player's decisions (160 samples each): a minute or
two of CPU for every variant at the default count.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Sequence

import attrs

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.agents import OddsAgent, RandomAgent, play_deal
from primero.agents.rollout import TableOdds, clear_caches
from primero.agents.strength import Strength
from primero.analysis.intervals import Interval, cluster_interval, cluster_share_interval
from primero.deal.engine import start_deal
from primero.plugins.registry import BUILTIN_VARIANTS
from primero.simulation import derive_seed
from primero.views import PlayerView

KINDS = ("vie", "raise", "hold", "pass", "fold", "exchange")
#: Whether the table-odds players price a vie for being raised again (``--reraised``).
RERAISED = [False]
#: Whether a second odds player is asked too (``--ceiling``).
CEILING = [False]


def kind(action: Action) -> str:
    """The kind of an action: vie, raise, hold, pass, fold or exchange (a Suzuki pass: pass)."""
    if isinstance(action, Vie):
        return "vie"
    if isinstance(action, Hold):
        return "raise" if action.raise_by > 0 else "hold"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Fold):
        return "fold"
    assert isinstance(action, Exchange)
    return "exchange"


def amount(action: Action) -> int:
    """The chips a vie puts in, or a raise adds (0 for the rest)."""
    if isinstance(action, Vie):
        return action.amount
    if isinstance(action, Hold):
        return action.raise_by
    return 0


@attrs.define
class Row:
    """One decision: the deal, both actions, both chances (``None``: not a bet), the times.

    The times (CPU seconds): the odds player's, the table's, and the table's asked the same
    again (its caches warm).
    """

    deal: int
    odds: Action
    table: Action
    odds_chance: float | None
    table_chance: float | None
    odds_time: float
    table_time: float
    warm_time: float
    reason: str = ""
    twin: Action | None = None


class Shadowed:
    """Plays as an odds player and asks a table-odds player the same question each time."""

    def __init__(self, rows: list[Row], deal: list[int], table: TableOdds | None = None) \
            -> None:
        self.odds = OddsAgent()
        #: A second odds player asked the same (``--ceiling``): how often the odds player
        #: agrees with itself, its samples drawn afresh.
        self.twin = OddsAgent() if CEILING[0] else None
        self.twin_rng = random.Random(1)
        self.table = TableOdds(reraised=RERAISED[0]) if table is None else table
        self.rows = rows
        self.deal = deal
        self.rng = random.Random(0)
        self.name = "odds"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The odds player's action; the shadow's answer recorded beside it."""
        start = time.process_time()
        action, chance, why = self.odds.advise(view, rng)
        mid = time.process_time()
        mine = self.table.act(view, self.rng)
        end = time.process_time()
        self.table.act(view, random.Random(0))  # asked again: its caches warm, as in a search
        warm = time.process_time() - end
        twin = self.twin.act(view, self.twin_rng) if self.twin is not None else None
        if len(view.legal) > 1:
            betting = not all(isinstance(a, Exchange) for a in view.legal)
            table_chance = None
            if betting:
                table_chance = self.table.chance(view, Strength.of(view.variant.ranking),
                                                 self.rng)[0].chance
            self.rows.append(Row(self.deal[0], action, mine, chance if betting else None,
                                 table_chance, mid - start, end - mid, warm,
                                 re.sub(r"[-+]?\d+(\.\d+)?", "#", why), twin))
        return action

    def observe(self, view: PlayerView) -> None:
        """The end of a deal, shown to every player of the seat (as a match shows it)."""
        self.odds.observe(view)
        self.table.reading.observe(view)
        if self.twin is not None:
            self.twin.observe(view)


def play(variant: str, players: int, deals: int, seed: int) -> list[Row]:
    """Every decision with a choice of ``deals`` deals of odds players, with the shadow's."""
    rows: list[Row] = []
    deal = [0]
    seats = [Shadowed(rows, deal) for _ in range(players)]
    names = [f"p{i}" for i in range(players)]
    for index in range(deals):
        deal[0] = index
        state = start_deal(variant, names, 50, dealer=index % players,
                           seed=derive_seed(seed, index))
        play_deal(state, seats, random.Random(derive_seed(seed, index, "rollout-agreement")))
    return rows


def share(hits: Sequence[bool], clusters: Sequence[int]) -> str:
    """A share with its clustered 95 % interval, as text."""
    if not hits:
        return "     -                "
    i = cluster_share_interval([float(h) for h in hits], clusters)
    return f"{i.estimate:6.1%} [{i.low:6.1%}, {i.high:6.1%}]"


def mean(values: Sequence[float], clusters: Sequence[int]) -> str:
    """A mean with its clustered 95 % interval, as text."""
    if len(set(clusters)) < 2:
        return "-"
    i: Interval = cluster_interval(values, clusters)
    return f"{i.estimate:+.3f} [{i.low:+.3f}, {i.high:+.3f}]"


def report(label: str, rows: list[Row], confusion: bool, reasons: bool = False) -> None:
    """The cell's lines (see the module docstring)."""
    deals = [r.deal for r in rows]
    same = [r.odds == r.table for r in rows]
    alike = [kind(r.odds) == kind(r.table) for r in rows]
    sized = [r for r in rows if kind(r.odds) == kind(r.table) in ("vie", "raise")]
    bets = [r for r in rows if r.odds_chance is not None and r.table_chance is not None]
    gap = [(r.table_chance or 0.0) - (r.odds_chance or 0.0) for r in bets]
    amounts = share([amount(r.odds) == amount(r.table) for r in sized], [r.deal for r in sized])
    twins = [r for r in rows if r.twin is not None]
    if twins:
        clusters = [r.deal for r in twins]
        print(f"{label}: the odds player asked again: same action "
              f"{share([r.twin == r.odds for r in twins], clusters)}, same kind "
              f"{share([kind(r.twin) == kind(r.odds) for r in twins], clusters)}")
    print(f"{label}: {len(rows)} decisions, same action {share(same, deals)}, same kind "
          f"{share(alike, deals)}, same amount {amounts} of "
          f"{len(sized)}; chance gap {mean(gap, [r.deal for r in bets])}; median ms odds "
          f"{statistics.median(r.odds_time for r in rows) * 1000:.2f}, table "
          f"{statistics.median(r.table_time for r in rows) * 1000:.3f} (asked again "
          f"{statistics.median(r.warm_time for r in rows) * 1000:.3f})", flush=True)
    for k in KINDS:
        of = [r for r in rows if kind(r.odds) == k]
        if of:
            twins = [r for r in of if r.twin is not None]
            clusters = [r.deal for r in twins]
            itself = (f"  odds again: kind {share([kind(r.twin) == k for r in twins], clusters)}"
                      f" action {share([r.twin == r.odds for r in twins], clusters)}"
                      if twins else "")
            print(f"    {k:8} {len(of):5}  same kind "
                  f"{share([kind(r.table) == k for r in of], [r.deal for r in of])}  "
                  f"same action {share([r.table == r.odds for r in of], [r.deal for r in of])}"
                  f"{itself}")
    if confusion:
        table = Counter((kind(r.odds), kind(r.table)) for r in rows)
        print("    odds \\ table " + " ".join(f"{k:>8}" for k in KINDS))
        for k in KINDS:
            if any(table[k, t] for t in KINDS):
                print(f"    {k:14} " + " ".join(f"{table[k, t]:8}" for t in KINDS))
    if reasons:
        missed = Counter((r.reason, kind(r.table)) for r in rows if kind(r.odds) != kind(r.table))
        for (why, k), n in missed.most_common(8):
            print(f"    {n:5} x the odds player's '{why}', the table's {k}")


class Collect:
    """Plays at random and keeps every view with a choice (the views ``--cost`` times)."""

    def __init__(self, views: list[PlayerView]) -> None:
        self.views = views
        self.inner = RandomAgent()
        self.name = "random"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A random legal action; the view kept."""
        if len(view.legal) > 1:
            self.views.append(view)
        return self.inner.act(view, rng)


def cost(variant: str, players: int, deals: int, seed: int) -> str:
    """The CPU time of a table-odds decision on random play's views, against the odds player's.

    Each view (every decision with a choice of ``deals`` deals of random play) is asked of a
    fresh ``TableOdds`` with its caches emptied (cold), then, in a second pass with the caches
    kept as a search keeps them, once (in a run) and again (warm); and of a fresh odds player.
    Medians and means in ms; the ratio is the odds player's mean over the table's in a run.
    """
    views: list[PlayerView] = []
    seats = [Collect(views) for _ in range(players)]
    names = [f"p{i}" for i in range(players)]
    for index in range(deals):
        state = start_deal(variant, names, 50, dealer=index % players,
                           seed=derive_seed(seed, index))
        play_deal(state, seats, random.Random(derive_seed(seed, index, "cost")))
    for view in views[:5]:  # the strength tables built once
        TableOdds().act(view, random.Random(0))
    cold, run, warm, odds = [], [], [], []
    for view in views:
        clear_caches()
        player = TableOdds()
        start = time.process_time()
        player.act(view, random.Random(0))
        cold.append(time.process_time() - start)
    clear_caches()
    for view in views:
        player = TableOdds()
        start = time.process_time()
        player.act(view, random.Random(0))
        mid = time.process_time()
        player.act(view, random.Random(0))
        end = time.process_time()
        OddsAgent().act(view, random.Random(0))
        odds.append(time.process_time() - end)
        run.append(mid - start)
        warm.append(end - mid)

    def ms(times: list[float]) -> str:
        return f"{statistics.median(times) * 1000:.3f} / {statistics.mean(times) * 1000:.3f}"

    ratio = statistics.mean(odds) / statistics.mean(run)
    return (f"{variant:9} {players}p: {len(views)} views, table ms (median / mean): cold "
            f"{ms(cold)}, in a run {ms(run)}, asked again {ms(warm)}; odds {ms(odds)}; the "
            f"odds player's mean / the table's in a run {ratio:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--variants", default=",".join(v for v in BUILTIN_VARIANTS))
    parser.add_argument("--players", default="2,3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--confusion", action="store_true")
    parser.add_argument("--reraised", action="store_true",
                        help="TableOdds(reraised=True): vies priced for being raised again")
    parser.add_argument("--cost", action="store_true",
                        help="time table-odds decisions on random play's views instead")
    parser.add_argument("--ceiling", action="store_true",
                        help="ask a second odds player too: its agreement with itself")
    parser.add_argument("--reasons", action="store_true",
                        help="the odds player's most common reasons where the kinds differ")
    args = parser.parse_args()
    RERAISED[0] = args.reraised
    CEILING[0] = args.ceiling
    import primero

    if args.cost:
        for name in args.variants.split(","):
            low, high = primero.get_variant(name).spec.players
            for players in (int(p) for p in args.players.split(",")):
                if low <= players <= high:
                    print(cost(name, players, args.deals, args.seed), flush=True)
        return
    everything: list[Row] = []
    offset = 0
    for name in args.variants.split(","):
        low, high = primero.get_variant(name).spec.players
        for players in (int(p) for p in args.players.split(",")):
            if not low <= players <= high:
                continue
            rows = play(name, players, args.deals, args.seed)
            report(f"{name:9} {players}p", rows, args.confusion, args.reasons)
            everything += [attrs.evolve(r, deal=r.deal + offset) for r in rows]
            offset += args.deals
    if everything:
        report("every cell", everything, args.confusion, args.reasons)


if __name__ == "__main__":
    main()
