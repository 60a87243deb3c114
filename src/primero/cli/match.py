"""The ``primero match`` command: one agent against another, in duplicate.

::

    primero match CANDIDATE OPPONENT [--variant V] [--players N] [--deals N] [--seed N]
                  [--chips N] [--stake N] [--rest N] [--ante N] [--raise-cap N] [--no-progress]
                  [--json]

Plays :func:`primero.analysis.duplicate_match`: every deal once per seat, the candidate in
each seat in turn and the opponent in the others, the same cards and generator seeds each
time. Prints the candidate's chips per deal (its net less the table's mean net, averaged over
the seats) with the 95 % interval, per seat and overall, and each agent's median CPU time per
decision. Needs no more than a base install.
"""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.table import Table

from primero.agents import AGENTS
from primero.analysis.duplicate import duplicate_match
from primero.cli.core import (
    NameChoice,
    WholeNumber,
    app,
    console,
    json_option,
    load_variant,
    print_json,
    print_table,
    variant_options,
)
from primero.cli.game import check_table, chip_amount
from primero.cli.pages import SHORT_HELP
from primero.cli.simulate import chips_text, number_column
from primero.simulation.executor import MAX_DEALS

__all__ = ["match_command"]

#: How a match's score is made, printed under the table.
SCORING_NOTE = ("Chips per deal: in each play, the candidate's net less the mean net of the "
                "table (chips carried over count for no one); a deal's score is the mean over "
                "the seats the candidate sat in, on the same cards. ± is the half-width of the "
                "95 % interval (Student t from the per-deal spread).")

#: The agents' names, read in any case as variant names are.
AGENT_NAMES = NameChoice(list(AGENTS))


@app.command("match", short_help=SHORT_HELP["match"])
@click.argument("candidate", type=AGENT_NAMES, metavar="CANDIDATE")
@click.argument("opponent", type=AGENT_NAMES, metavar="OPPONENT")
@variant_options
@click.option("--players", "-n", type=WholeNumber(2), default=2, show_default=True,
              help="Players at the table: the candidate and N-1 copies of the opponent.")
@click.option("--deals", "-d", default=200, show_default=True,
              type=WholeNumber(2, maximum=MAX_DEALS,
                               unit="deals in one match (each played once per seat: split a larger "
                                    "study into matches with different seeds)"),
              help="Deals, each played once per seat, 2 to 1,000,000.")
@click.option("--seed", "-s", type=WholeNumber(0), default=0, show_default=True,
              help="Seed of the match (same seed, same deals).")
@click.option("--chips", type=chip_amount(1), default=50, show_default=True,
              help="Each player's chips at the start of every play.")
@click.option("--stake", type=chip_amount(1), default=1, show_default=True,
              help="Smallest bet, in chips.")
@click.option("--rest", type=chip_amount(1), default=3, show_default=True,
              help="Largest single bet or raise, in chips.")
@click.option("--ante", type=chip_amount(0), default=None,
              help="Ante per player, in chips; default the variant's own.")
@click.option("--raise-cap", "raise_cap", type=WholeNumber(1), default=None,
              help="House rule: at most N vies and raises per betting round (docs/rules/waks.md).")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@json_option
def match_command(candidate: str, opponent: str, variant: str, option: Sequence[str],
                  players: int, deals: int, seed: int, chips: int, stake: int, rest: int,
                  ante: int | None, raise_cap: int | None, no_progress: bool,
                  json_output: bool) -> None:
    """Play CANDIDATE against OPPONENT in duplicate and print its chips per deal.

    Each deal is played once per seat with the same cards: the cards' luck cancels.
    """
    configured = load_variant(variant, option)
    check_table(configured, players=players, stake=stake, rest=rest, ante=ante)
    result = duplicate_match(configured, candidate, opponent, players=players, deals=deals,
                             seed=seed, chips=chips, stake=stake, rest=rest, ante=ante,
                             raise_cap=raise_cap, progress=False if no_progress else None)
    if json_output:
        print_json(result.to_json())
        return
    out = console(soft_wrap=False)
    out.print(f"{candidate} against {opponent} in duplicate: {result.variant}, {players} "
              f"players, {deals} deals × {players} seats, seed {seed}, stake {stake}, "
              f"rest {rest}" + ("" if ante is None else f", ante {ante}")
              + ("" if raise_cap is None else f", raise cap {raise_cap}"))
    table = Table(title=f"{candidate}'s chips per deal")
    table.add_column("Candidate's seat")
    number_column(table, "Chips per deal")
    number_column(table, "95% interval")
    for seat, s in enumerate(result.by_seat):
        table.add_row(f"{seat} (eldest)" if seat == 0 else
                      f"{seat} (dealer)" if seat == players - 1 else str(seat),
                      chips_text(s, sign=True), f"[{s.low:+.2f}, {s.high:+.2f}]")
    o = result.overall
    table.add_row("overall", chips_text(o, sign=True), f"[{o.low:+.2f}, {o.high:+.2f}]")
    print_table(out, table)
    out.print(f"Verdict: {result.verdict} (95 %).")
    out.print(f"Median CPU time per decision: {candidate} {result.candidate_time * 1000:.3f} "
              f"ms over {result.decisions[0]} decisions, {opponent} "
              f"{result.opponent_time * 1000:.3f} ms over {result.decisions[1]}.")
    out.print(SCORING_NOTE)
