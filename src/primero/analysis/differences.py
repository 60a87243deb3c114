"""Paired differences between variants, and which conclusions hold under every agent population.

Runs of a :class:`~primero.simulation.Comparison` share their seeds: deal ``i`` of every run
is dealt from the same shuffle. A figure's difference between two variants is therefore read
deal by deal (the paired t interval of :func:`~primero.analysis.intervals.paired_interval`),
which takes out most of the cards' luck.

The figures (:func:`figure_names`): ``showdown_share``, ``carried_over_share`` (deals that left
chips for a next deal), ``mean_pot`` (chips), and per seat ``win_share_<seat>`` (of the deals
won) and ``mean_net_<seat>`` (chips per deal). A win share is a ratio of two per-deal sums
(the seat's wins over the deals won); its per-deal values are linearised (the delta method:
``r + (x_i − r·y_i)/ȳ``), so that their mean is the share and their t interval its
delta-method interval.

A conclusion is the rules' only if it holds under every population of agents
(:func:`verdicts`): the sign of a difference, clear of zero in every population, or a seat's
win share above (or below) the fair share ``1/players`` in every population. It is the bots'
where the populations turn it round, or where it holds under one population and the figure
differs between the populations (paired: every population plays the same cards).

Pure Python (no pandas); :func:`primero.analysis.difference_table` and
:func:`primero.analysis.verdict_table` give them as DataFrames.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from primero.analysis.intervals import Interval, paired_interval
from primero.errors import PrimeroError, named
from primero.simulation.run import Comparison, Simulation

__all__ = ["Difference", "Verdict", "figure_names", "figure_values", "paired_differences",
           "verdicts"]


def figure_names(players: int) -> list[str]:
    """The figures a comparison reports, for a table of ``players`` seats."""
    return (["showdown_share", "carried_over_share", "mean_pot"]
            + [f"win_share_{s}" for s in range(players)]
            + [f"mean_net_{s}" for s in range(players)])


def figure_values(run: Simulation, figure: str) -> list[float]:
    """Per deal, the values whose mean is ``figure`` in ``run`` (in deal order).

    Shares of deals are 0/1 per deal; ``mean_pot`` and ``mean_net_<seat>`` are chips per
    deal; ``win_share_<seat>`` is linearised (see the module's docstring).

    Raises:
        PrimeroError: an unknown figure; the message lists the figures.
    """
    results = run.results
    if figure == "showdown_share":
        return [float(r.showdown) for r in results]
    if figure == "carried_over_share":
        return [float(r.carried_over) for r in results]
    if figure == "mean_pot":
        return [float(r.pot) for r in results]
    name, _, seat_text = figure.rpartition("_")
    if seat_text.isdigit() and int(seat_text) < run.players:
        seat = int(seat_text)
        if name == "mean_net":
            return [float(r.net[seat]) for r in results]
        if name == "win_share":
            wins = [1 / len(r.winners) if seat in r.winners else 0.0 for r in results]
            won = [1.0 if r.winners else 0.0 for r in results]
            mean_won = sum(won) / len(won) if won else 0.0
            if mean_won == 0:
                return [0.0] * len(results)
            share = sum(wins) / sum(won)
            return [share + (x - share * y) / mean_won for x, y in zip(wins, won, strict=True)]
    raise PrimeroError(f"unknown figure {named(figure)}; the figures are "
                       f"{', '.join(figure_names(run.players))}")


@frozen(kw_only=True)
class Difference:
    """A figure's difference between a variant and the baseline, under one population.

    Attributes:
        figure: The figure's name (see :func:`figure_names`).
        variant: The variant's label.
        baseline: The baseline variant's label.
        agents: The population that played both runs.
        interval: ``variant − baseline`` with its paired 95 % interval (in the figure's unit:
            a share's difference is in share points, 0.05 = 5 points).
    """

    figure: str
    variant: str
    baseline: str
    agents: str
    interval: Interval

    @property
    def clear_of_zero(self) -> bool:
        """Whether the interval excludes 0: the difference's sign is settled."""
        return self.interval.clear_of_zero


def paired_differences(comparison: Comparison, baseline: str | None = None,
                figures: Sequence[str] | None = None) -> list[Difference]:
    """Every variant's figures less the baseline's, paired deal by deal, per population.

    Args:
        comparison: Runs on the same seeds (:func:`primero.simulation.compare`).
        baseline: The variant label to subtract (default: the first variant).
        figures: The figures (default: every one of :func:`figure_names`).

    Returns:
        One :class:`Difference` per population, variant other than the baseline, and
        figure, in that order.

    Raises:
        PrimeroError: an unknown baseline or figure, or runs of different lengths.
        KeyError: a run missing from the comparison.
    """
    labels = comparison.labels
    if not labels:
        return []
    base = labels[0] if baseline is None else baseline
    if base not in labels:
        raise PrimeroError(f"baseline {named(base)} is not among the variants: {', '.join(labels)}")
    names = list(figures) if figures is not None else \
        figure_names(comparison.simulations[0].players)
    out = []
    for population in comparison.populations:
        reference = comparison.run(base, population)
        for label in labels:
            if label == base:
                continue
            run = comparison.run(label, population)
            for figure in names:
                out.append(Difference(
                    figure=figure, variant=label, baseline=base, agents=population,
                    interval=paired_interval(figure_values(run, figure),
                                             figure_values(reference, figure))))
    return out


@frozen(kw_only=True)
class Verdict:
    """Whether a conclusion holds under every agent population.

    Attributes:
        figure: The figure's name.
        variant: The variant's label.
        against: What the figure is set against: the baseline's label (a difference) or
            ``"fair share"`` (a seat's win share against ``1/players``).
        conclusion: The conclusion in words, e.g. ``"above the fair share"``, ``"higher than
            waks"``; when none holds, ``"opposite under different agents"``, ``"not clear
            under every population"``, ``"no clear difference"`` or ``"not clear of the fair
            share"``.
        holds: Whether it holds (clear of the reference, the same side) in every population.
        intervals: Per population (in the comparison's order), the interval read.
        agents: The populations' names, in the same order.
        reference: The value the intervals are set against: ``1/players`` for a win share,
            0 for a difference.
        agent_gaps: The figure under each other population less under the first, paired deal
            by deal (the populations play the same cards), with its interval; empty with one
            population.
    """

    figure: str
    variant: str
    against: str
    conclusion: str
    holds: bool
    intervals: tuple[Interval, ...]
    agents: tuple[str, ...]
    reference: float = 0.0
    agent_gaps: tuple[Interval, ...] = ()

    @property
    def moves_with_agents(self) -> bool:
        """Whether the figure differs between two populations, clear of zero (paired)."""
        return any(gap.clear_of_zero for gap in self.agent_gaps)

    @property
    def whose(self) -> str:
        """Whose conclusion it is: the ``"rules"``', the ``"bots"``' or ``"unsettled"``.

        ``"rules"``: it holds under every population, and there are two or more.
        ``"bots"``: it does not, and the agents are why: one population's interval lies clear
        above the reference and another's clear below, or one population's is clear of it
        and the figure differs between the populations, clear of zero (:attr:`agent_gaps`).
        ``"unsettled"``: anything else (no population clear of the reference, or the
        populations not told apart: more deals may settle it; or one population only).
        """
        sides = {i.side_of(self.reference) for i in self.intervals}
        if self.holds and len(self.intervals) > 1:
            return "rules"
        if {1, -1} <= sides or (sides - {0} and self.moves_with_agents):
            return "bots"
        return "unsettled"


def verdicts(comparison: Comparison, baseline: str | None = None) -> list[Verdict]:
    """Per figure, whether its conclusion holds under every population of the comparison.

    Two kinds: every seat's win share in every variant against the fair share ``1/players``
    (above or below it in every population), and every figure's paired difference from the
    baseline (the same sign, clear of zero, in every population).

    Args:
        comparison: Runs on the same seeds, usually under two populations or more.
        baseline: The variant the differences are taken from (default: the first).

    Raises:
        PrimeroError: an unknown baseline.
    """
    if not comparison.simulations:
        return []
    populations = tuple(comparison.populations)
    players = comparison.simulations[0].players
    fair = 1 / players
    out = []
    for label in comparison.labels:
        for seat in range(players):
            figure = f"win_share_{seat}"
            shares = tuple(comparison.run(label, p).summary().win_shares[seat]
                           for p in populations)
            per_deal = [figure_values(comparison.run(label, p), figure) for p in populations]
            out.append(_verdict(figure, label, "fair share", shares, populations, fair,
                                ("above the fair share", "below the fair share",
                                 "not clear of the fair share"), _gaps(per_deal)))
    by_key: dict[tuple[str, str], list[Interval]] = {}
    base = ""
    for d in paired_differences(comparison, baseline):
        by_key.setdefault((d.figure, d.variant), []).append(d.interval)
        base = d.baseline
    for (figure, label), intervals in by_key.items():
        per_deal = []
        for p in populations:
            ours = figure_values(comparison.run(label, p), figure)
            theirs = figure_values(comparison.run(base, p), figure)
            per_deal.append([a - b for a, b in zip(ours, theirs, strict=True)])
        out.append(_verdict(figure, label, base, tuple(intervals), populations, 0.0,
                            (f"higher than {base}", f"lower than {base}",
                             "no clear difference"), _gaps(per_deal)))
    return out


def _gaps(per_deal: list[list[float]]) -> tuple[Interval, ...]:
    """Each other population's per-deal values less the first's, paired (same cards)."""
    return tuple(paired_interval(values, per_deal[0]) for values in per_deal[1:])


def _verdict(figure: str, label: str, against: str, intervals: tuple[Interval, ...],
             populations: tuple[str, ...], reference: float, words: tuple[str, str, str],
             gaps: tuple[Interval, ...] = ()) -> Verdict:
    sides = {i.side_of(reference) for i in intervals}
    holds = len(sides) == 1 and 0 not in sides
    if holds:
        conclusion = words[0] if sides == {1} else words[1]
    else:
        conclusion = ("opposite under different agents" if {1, -1} <= sides
                      else "not clear under every population" if sides - {0}
                      else words[2])
    return Verdict(figure=figure, variant=label, against=against, conclusion=conclusion,
                   holds=holds, intervals=intervals, agents=populations,
                   reference=reference, agent_gaps=gaps)

