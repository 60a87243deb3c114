"""Result records: one :class:`DealResult` per simulated deal, and a run's :class:`Summary`.

Pure data (no pandas): :mod:`primero.analysis` turns the records into DataFrames and plots.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import field, frozen

from primero.errors import PrimeroError
from primero.hands import Ranking
from primero.state import GameState

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


@frozen(kw_only=True)
class Summary:
    """What a run of deals shows, in numbers (the ``primero simulate`` table and JSON).

    Attributes:
        variant: The variant label.
        players: Seats at the table.
        deals: Deals played.
        showdowns: Deals that reached a showdown.
        carried_over: Deals that left chips on the table for the next deal.
        mean_pot: Mean chips contested per deal (see :attr:`DealResult.pot`).
        pot_sd: Sample standard deviation of the pot, in chips.
        max_pot: The largest pot, in chips.
        win_share: Per seat, the share of the deals with a winner that the seat won (a deal
            shared by ``k`` winners counts ``1/k`` to each); sums to 1.
        mean_net: Per seat, mean chips won (or lost, negative) per deal.
        winning_classes: Class of the best hand taking chips at a showdown → deals, every class
            of the variant listed, strongest first.
        ended_by: How deals ended → deals.
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

    @classmethod
    def of(cls, results: Sequence[DealResult], *, variant: str, players: int,
           classes: Sequence[str] = ()) -> Summary:
        """Summarise ``results``.

        Args:
            results: The deals.
            variant: The variant label.
            players: Seats at the table (the length of each ``net``).
            classes: The variant's classes, strongest first (listed even when no hand of the
                class won); classes met in ``results`` but not listed are appended.
        """
        pots = [r.pot for r in results]
        wins = [0.0] * players
        won_deals = 0
        for r in results:
            if r.winners:
                won_deals += 1
                for seat in r.winners:
                    wins[seat] += 1 / len(r.winners)
        counts = Counter(r.winning_class for r in results if r.winning_class is not None)
        ordered = list(classes) + sorted(c for c in counts if c not in classes)
        deals = len(results)
        return cls(
            variant=variant, players=players, deals=deals,
            showdowns=sum(r.showdown for r in results),
            carried_over=sum(r.carried_over for r in results),
            mean_pot=statistics.fmean(pots) if pots else 0.0,
            pot_sd=statistics.stdev(pots) if len(pots) > 1 else 0.0,
            max_pot=max(pots, default=0),
            win_share=tuple(w / won_deals if won_deals else 0.0 for w in wins),
            mean_net=tuple(
                statistics.fmean(r.net[s] for r in results) if results else 0.0
                for s in range(players)
            ),
            winning_classes={c: counts.get(c, 0) for c in ordered},
            ended_by=dict(sorted(Counter(r.ended_by for r in results).items())),
        )

    def to_json(self) -> dict[str, Any]:
        """The ``primero simulate --json`` object.

        Keys: ``variant``, ``players``, ``deals``, ``showdowns``, ``carried_over``,
        ``mean_pot`` (3 decimals), ``win_share`` (one per seat, 4 decimals), and
        ``winning_classes`` (class → deals). The text table prints these same numbers.
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "deals": self.deals,
            "showdowns": self.showdowns,
            "carried_over": self.carried_over,
            "mean_pot": round(self.mean_pot, 3),
            "win_share": [round(w, 4) for w in self.win_share],
            "winning_classes": dict(self.winning_classes),
        }


def strongest_first(ranking: Ranking) -> tuple[str, ...]:
    """The ranking's classes, strongest first by the ranking's own order.

    The ranking states it (:attr:`primero.hands.Ranking.strongest_first`): classes are ordered
    by their weakest hand's strength, so an inverted ranking (``losing``) lists Numerus first
    and Zorli's high Primero does not lift Primero above Fluxus.
    """
    return ranking.strongest_first

