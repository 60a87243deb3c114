"""Result records: one :class:`DealResult` per simulated deal, and a run's :class:`Summary`.

Pure data (no pandas): :mod:`primero.analysis` turns the records into DataFrames and plots.
"""

from __future__ import annotations

import html
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import field, frozen

from primero.analysis.intervals import (
    Interval,
    cluster_interval,
    cluster_share_interval,
    mean_interval,
    share_interval,
)
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.hands import Ranking
from primero.json_schema import FORMAT

__all__ = ["DealResult", "Summary", "strongest_first"]


@frozen(kw_only=True)
class DealResult:
    """The outcome of one simulated deal.

    Seats are numbered in playing order at the start of the run (in a session: the players'
    places when the session began, even after someone has left).

    Attributes:
        variant: The variant and its non-default options, e.g. ``"waks (supremus=false)"``.
        deal: The deal's index in the run (in sessions: ``session * deals_per_session +
            session_deal``).
        session: The session's index (independent deals: equal to ``deal``).
        session_deal: The deal's number within its session, from 0 (independent deals: 0).
        seed: The deal's shuffle seed (``start_deal(seed=...)``).
        players: Players at the table for this deal.
        dealer: The dealer's seat.
        eldest: The eldest's seat.
        pot: Chips contested: everything put in plus the carry-in, less chips returned
            unmatched (so: chips awarded plus chips carried over), in chips.
        carry_in: Chips carried into this deal from the one before.
        showdown: Hands were shown.
        ended_by: How the deal ended (``"showdown"``, ``"folds"``, ``"carry"``, or a variant's
            own reason such as ``"cancel"``).
        winners: Seats that took chips from the pot, in seat order (several with split ties
            or side pots; empty when the whole pot carried over).
        winner_positions: Each winner's place in playing order from the eldest (0 = eldest).
        winning_class: Class of the best hand that took chips at a showdown, else ``None``.
        winning_points: Its points, else ``None``.
        carry: Chips carried over to the next deal.
        net: Each seat's chips after the deal less before it (0 for a seat that has left).
        actions: Decisions taken during the deal.
    """

    variant: str
    deal: int
    session: int
    session_deal: int
    seed: int
    players: int
    dealer: int
    eldest: int
    pot: int
    carry_in: int
    showdown: bool
    ended_by: str
    winners: tuple[int, ...]
    winner_positions: tuple[int, ...]
    winning_class: str | None
    winning_points: int | None
    carry: int
    net: tuple[int, ...]
    actions: int

    @property
    def carried_over(self) -> bool:
        """Some chips were left on the table for the next deal."""
        return self.carry > 0

    def as_dict(self) -> dict[str, Any]:
        """The record as a plain dict (tuples kept), e.g. for JSON or a DataFrame row."""
        return {
            "variant": self.variant, "deal": self.deal, "session": self.session,
            "session_deal": self.session_deal, "seed": self.seed, "players": self.players,
            "dealer": self.dealer, "eldest": self.eldest, "pot": self.pot,
            "carry_in": self.carry_in, "showdown": self.showdown, "ended_by": self.ended_by,
            "winners": self.winners, "winner_positions": self.winner_positions,
            "winning_class": self.winning_class, "winning_points": self.winning_points,
            "carry": self.carry, "net": self.net, "actions": self.actions,
        }


def deal_result(state: GameState, *, variant: str, deal: int, session: int, session_deal: int,
                seats: Sequence[int], table_size: int) -> DealResult:
    """Make the record of a finished deal.

    Args:
        state: The finished deal (``state.over``).
        variant: The variant label to record.
        deal: The deal's index in the run.
        session: The session's index.
        session_deal: The deal's number within its session.
        seats: The run's seat number of each of the deal's seats.
        table_size: Seats at the start of the run (the length of ``net``).

    Raises:
        PrimeroError: the deal is not over.
    """
    settlement = state.settlement
    if not state.over or settlement is None:
        raise PrimeroError("the deal is not over: only finished deals make a record")
    net = [0] * table_size
    for i, (before, after) in enumerate(zip(state.setup.chips, state.stacks, strict=True)):
        net[seats[i]] = after - before
    awards = [a for a in settlement.awards if a.amount > 0]
    values = [a.value for a in awards if a.value is not None]
    best = max(values, key=lambda v: v.key) if values else None
    return DealResult(
        variant=variant, deal=deal, session=session, session_deal=session_deal,
        seed=state.setup.seed, players=state.n, dealer=seats[state.dealer],
        eldest=seats[state.eldest],
        pot=sum(a.amount for a in awards) + settlement.carry,
        carry_in=state.carry_in, showdown=settlement.showdown, ended_by=state.ended_by,
        winners=tuple(seats[a.seat] for a in awards),
        winner_positions=tuple((a.seat - state.eldest) % state.n for a in awards),
        winning_class=best.hand_class if best is not None else None,
        winning_points=best.points if best is not None else None,
        carry=settlement.carry, net=tuple(net), actions=len(state.history),
    )


# --------------------------------------------------------------------------------------------
# Summaries


#: The class counted for a deal won with no hand shown (everyone else folded): the winner's
#: cards were never seen.
UNSEEN = "unseen"


@frozen(kw_only=True)
class Summary:
    """What a run of deals shows, in numbers, each figure with its 95 % interval.

    Shares carry the Wilson score interval, means the Student t interval from the per-deal
    spread (:mod:`primero.analysis.intervals`); each :class:`~primero.analysis.Interval` names
    the deals it rests on (all deals, or the deals won for win shares and winning classes).
    The deals of :func:`simulate` are independent; in a session run (:func:`simulate_sessions`)
    a session's deals depend on each other (stacks, carry-overs), so there the intervals are
    cluster-robust, by session (:func:`~primero.analysis.intervals.cluster_interval`,
    :func:`~primero.analysis.intervals.cluster_share_interval`).

    Attributes:
        variant: The variant label.
        players: Seats at the table.
        deals: Deals played.
        agents: Who played, e.g. ``"heuristic"`` (every seat) or ``"heuristic/odds"`` (seat
            by seat); empty when not told.
        showdowns: Deals that reached a showdown.
        carried_over: Deals that left chips on the table for the next deal (1 chip or more,
            for any reason: nobody vied with chips in the pot, a standing call nobody met).
            The one definition of "carried over" in the tables, the CLI and the JSON.
        no_winner: Deals nobody won (the whole pot carried over, or a pot of 0 chips).
        deals_won: Deals with at least one winner (``deals - no_winner``).
        mean_pot: Mean chips contested per deal (see :attr:`DealResult.pot`).
        pot_sd: Sample standard deviation of the pot, in chips.
        max_pot: The largest pot, in chips.
        win_share: Per seat, the share of the deals won that the seat won (a deal shared by
            ``k`` winners counts ``1/k`` to each); sums to 1.
        mean_net: Per seat, mean chips won (or lost, negative) per deal.
        winning_classes: For every deal won, the class of the best hand that took chips at a
            showdown, or ``"unseen"`` where the deal was won without a showdown → deals; every
            class of the variant listed, strongest first, then ``"unseen"``. Sums to
            ``deals_won``.
        ended_by: How deals ended → deals.
        showdown_share: ``showdowns / deals`` with its interval.
        carried_over_share: ``carried_over / deals`` with its interval.
        pot: ``mean_pot`` with its interval (chips).
        win_shares: ``win_share`` with intervals (over the deals won).
        nets: ``mean_net`` with intervals (chips per deal).
        class_shares: Each class's share of the deals won, with its interval.
    """

    variant: str
    players: int
    deals: int
    showdowns: int
    carried_over: int
    mean_pot: float
    pot_sd: float
    max_pot: int
    win_share: tuple[float, ...]
    mean_net: tuple[float, ...]
    winning_classes: Mapping[str, int] = field(factory=dict)
    ended_by: Mapping[str, int] = field(factory=dict)
    agents: str = ""
    no_winner: int = 0
    deals_won: int = 0
    showdown_share: Interval = field(factory=lambda: share_interval(0, 0), repr=False)
    carried_over_share: Interval = field(factory=lambda: share_interval(0, 0), repr=False)
    pot: Interval = field(factory=lambda: mean_interval(()), repr=False)
    win_shares: tuple[Interval, ...] = field(default=(), repr=False)
    nets: tuple[Interval, ...] = field(default=(), repr=False)
    class_shares: Mapping[str, Interval] = field(factory=dict, repr=False)

    @classmethod
    def of(cls, results: Sequence[DealResult], *, variant: str, players: int,
           classes: Sequence[str] = (), agents: str = "", by_session: bool = False) \
            -> Summary:
        """Summarise ``results``.

        Args:
            results: The deals.
            variant: The variant label.
            players: Seats at the table (the length of each ``net``).
            classes: The variant's classes, strongest first (listed even when no hand of the
                class won); classes met in ``results`` but not listed are appended, and
                ``"unseen"`` comes last.
            agents: Who played (see :attr:`agents`).
            by_session: The deals come in sessions (:attr:`DealResult.session`): intervals
                robust to the dependence of a session's deals.
        """
        pots = [r.pot for r in results]
        wins = [0.0] * players
        won_deals = 0
        for r in results:
            if r.winners:
                won_deals += 1
                for seat in r.winners:
                    wins[seat] += 1 / len(r.winners)
        counts = Counter(won_class(r) for r in results if r.winners)
        ordered = list(classes) + sorted(c for c in counts if c not in classes and c != UNSEEN)
        ordered.append(UNSEEN)
        deals = len(results)
        showdowns = sum(r.showdown for r in results)
        carried = sum(r.carried_over for r in results)
        sessions = [r.session if by_session else k for k, r in enumerate(results)]
        won = [r for r in results if r.winners]
        won_sessions = [r.session if by_session else k for k, r in enumerate(won)]

        def share(flags: Sequence[float], clusters: Sequence[int]) -> Interval:
            if by_session:
                return cluster_share_interval(flags, clusters)
            return share_interval(min(float(sum(flags)), len(flags)), len(flags))

        def mean(values: Sequence[float]) -> Interval:
            return cluster_interval(values, sessions) if by_session else mean_interval(values)

        nets = [mean([r.net[s] for r in results]) for s in range(players)]
        return cls(
            variant=variant, players=players, deals=deals, agents=agents,
            showdowns=showdowns, carried_over=carried, no_winner=deals - won_deals,
            deals_won=won_deals,
            mean_pot=statistics.fmean(pots) if pots else 0.0,
            pot_sd=statistics.stdev(pots) if len(pots) > 1 else 0.0,
            max_pot=max(pots, default=0),
            win_share=tuple(w / won_deals if won_deals else 0.0 for w in wins),
            mean_net=tuple(n.estimate for n in nets),
            winning_classes={c: counts.get(c, 0) for c in ordered},
            ended_by=dict(sorted(Counter(r.ended_by for r in results).items())),
            showdown_share=share([float(r.showdown) for r in results], sessions),
            carried_over_share=share([float(r.carried_over) for r in results], sessions),
            pot=mean(pots),
            win_shares=tuple(share([1 / len(r.winners) if s in r.winners else 0.0
                                    for r in won], won_sessions) for s in range(players)),
            nets=tuple(nets),
            class_shares={c: share([float(won_class(r) == c) for r in won], won_sessions)
                          for c in ordered},
        )

    def to_json(self) -> dict[str, Any]:
        """The ``primero simulate --json`` object.

        Keys: ``format`` (:data:`primero.json_schema.FORMAT`), ``variant``, ``agents``,
        ``players``, ``deals``, ``showdowns``,
        ``carried_over``, ``no_winner`` and ``deals_won`` (counts of deals);
        ``showdown_share``, ``carried_over_share`` and ``mean_pot`` (each ``{"value",
        "ci_low", "ci_high", "deals"}``: the figure, its 95 % interval and the deals it rests
        on; shares as fractions to 4 decimals, the pot in chips); ``win_share`` and
        ``mean_net`` (one such object per seat, seat 0 first; win shares rest on the deals
        won); ``winning_classes`` (class → deals won, ``"unseen"`` last) and
        ``winning_class_share`` (class → such an object over the deals won). The text table
        prints these same numbers.
        """
        return {
            "format": FORMAT,
            "variant": self.variant,
            "agents": self.agents,
            "players": self.players,
            "deals": self.deals,
            "showdowns": self.showdowns,
            "carried_over": self.carried_over,
            "no_winner": self.no_winner,
            "deals_won": self.deals_won,
            "showdown_share": self.showdown_share.as_dict(),
            "carried_over_share": self.carried_over_share.as_dict(),
            "mean_pot": self.pot.as_dict(3),
            "win_share": [w.as_dict() for w in self.win_shares],
            "mean_net": [n.as_dict(3) for n in self.nets],
            "winning_classes": dict(self.winning_classes),
            "winning_class_share": {c: i.as_dict() for c, i in self.class_shares.items()},
        }


    def to_html(self, *, eldest: bool = True) -> str:
        """The summary as an HTML table for notebooks: each figure with its 95 % interval.

        Args:
            eldest: Mark seat 0 as the eldest (a run of independent deals).
        """
        e = html.escape

        def row(name: str, interval: Interval, percent: bool) -> str:
            scale, digits = (100, 1) if percent else (1, 3)
            return (f"<tr><td>{e(name)}</td><td>{interval.format(3, percent=percent)}</td>"
                    f"<td>{interval.low * scale:.{digits}f}</td>"
                    f"<td>{interval.high * scale:.{digits}f}</td>"
                    f"<td>{interval.deals}</td></tr>")

        rows = [row("showdown share", self.showdown_share, True),
                row("carried over", self.carried_over_share, True),
                row("mean pot (chips)", self.pot, False)]
        for seat, (share, net) in enumerate(zip(self.win_shares, self.nets, strict=True)):
            name = f"seat {seat}{' (eldest)' if seat == 0 and eldest else ''}"
            rows.append(row(f"{name} win share", share, True))
            rows.append(row(f"{name} net (chips/deal)", net, False))
        rows += [row(f"won with {c}", i, True) for c, i in self.class_shares.items()]
        return (f"<p><b>{e(self.variant)}</b>, {e(self.agents or '?')} agents, "
                f"{self.players} players, {self.deals} deal{'' if self.deals == 1 else 's'} "
                "(95 % intervals: Wilson for "
                "shares, t for means; win shares and classes over the deals won)</p>"
                "<table><thead><tr><th>figure</th><th>value ± half-width</th><th>ci_low</th>"
                "<th>ci_high</th><th>deals</th></tr></thead><tbody>" + "".join(rows)
                + "</tbody></table>")

    def _repr_html_(self) -> str:
        return self.to_html()


def won_class(result: DealResult) -> str:
    """The class a deal won counts under: the best winning hand shown, else ``"unseen"``."""
    return result.winning_class if result.winning_class is not None else UNSEEN


def strongest_first(ranking: Ranking) -> tuple[str, ...]:
    """The ranking's classes, strongest first by the ranking's own order.

    The ranking states it (:attr:`primero.hands.Ranking.strongest_first`): classes are ordered
    by their weakest hand's strength, so an inverted ranking (``losing``) lists Numerus first
    and Zorli's high Primero does not lift Primero above Fluxus.
    """
    return ranking.strongest_first

