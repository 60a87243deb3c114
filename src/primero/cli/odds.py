"""The ``primero odds`` command: exact draw odds of an exchange.

Registered on :data:`primero.cli.core.app`::

    primero odds CARDS... [--discard CARDS...] [--dead CARDS...] [--target CLASS |
                 --beat CARDS...] [--variant V] [--detail] [--json]

The card-list options (``--discard``/``-x``, ``--dead``, ``--beat``) take every word after
them up to the next option, so ``primero odds 7s 6h Ad Kc --discard Kc Ad`` throws both cards;
name the hand first. A card list may also be one quoted string or the option repeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from rich.table import Table

from primero.analysis.common import class_order, fewer_points_better, hand_class_name
from primero.analysis.draws import draw_distribution, exchange_options
from primero.cards import Card, format_cards, parse_cards
from primero.cli.core import (
    app,
    console,
    fail,
    json_option,
    load_variant,
    print_json,
    print_table,
    variant_options,
)
from primero.cli.pages import SHORT_HELP
from primero.errors import PrimeroError

__all__ = ["CARD_LIST_OPTIONS", "CardListCommand", "odds_command"]

#: Options whose value is a list of cards, taken word by word up to the next option.
CARD_LIST_OPTIONS = ("--discard", "-x", "--dead", "--beat")


class CardListCommand(click.Command):
    """A command whose card-list options take every word up to the next option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Join ``--discard Kc Ad`` into ``--discard "Kc Ad"`` before click reads the line."""
        joined: list[str] = []
        k = 0
        while k < len(args):
            word = args[k]
            joined.append(word)
            k += 1
            if word == "--":
                joined.extend(args[k:])
                break
            if word in CARD_LIST_OPTIONS:
                values: list[str] = []
                while k < len(args) and not args[k].startswith("-"):
                    values.append(args[k])
                    k += 1
                if values:
                    joined.append(" ".join(values))
        return super().parse_args(ctx, joined)


def _card_list(items: Sequence[str] | None, option: str) -> tuple[Card, ...]:
    try:
        return tuple(c for item in items or () for c in parse_cards(item))
    except PrimeroError as exc:
        fail(f"{option}: {exc}")


@app.command("odds", cls=CardListCommand, short_help=SHORT_HELP["odds"])
@click.argument("cards", nargs=-1, required=True, metavar="CARDS...")
@click.option("--discard", "-x", multiple=True, metavar="CARDS...",
              help="Cards to throw: every card up to the next option (or quote a list). "
                   "Without it: every discard ranked.")
@click.option("--dead", multiple=True, metavar="CARDS...",
              help="Cards known not to be in the stock.")
@click.option("--target", metavar="CLASS", default=None,
              help="Without --discard: rank discards by the chance of this class or better "
                   "(any case) instead of by mean points.")
@click.option("--beat", multiple=True, metavar="CARDS...",
              help="Without --discard: rank discards by the chance of beating this hand "
                   "(four cards).")
@variant_options
@click.option("--detail", is_flag=True,
              help="With --discard: one row per resulting class and points.")
@json_option
def odds_command(cards: Sequence[str], discard: Sequence[str], dead: Sequence[str],
                 target: str | None, beat: Sequence[str], variant: str, option: Sequence[str],
                 detail: bool, json_output: bool) -> None:
    """Exact draw odds: every possible draw after throwing --discard, counted.

    CARDS: the hand (up to four cards), as arguments or one quoted string, before the options.

    Without --discard, every possible discard is ranked by the mean points of the resulting
    hand. More points rank first, or fewer where the ranking prefers fewer points (losing).

    --target or --beat rank by the chance of that class or better, or of beating that hand.
    """
    configured = load_variant(variant, option)
    hand = parse_cards(" ".join(cards))
    if not hand:
        fail("no cards given: name the hand, e.g. primero odds Kh Qh Jh 2s")
    dead_cards = _card_list(dead, "--dead")
    beat_cards = _card_list(beat, "--beat")
    if discard:
        if target is not None or beat:
            fail("--target and --beat rank the possible discards, so they go without "
                 "--discard (with --discard every class is shown already)")
        _draw_report(hand, _card_list(discard, "--discard"), dead_cards, configured, detail,
                     json_output)
        return
    if detail:
        fail("--detail lists the outcomes of one discard: give it with --discard")
    if target is not None and beat:
        fail("give --target or --beat, not both")
    if target is not None:
        try:
            target = hand_class_name(target, class_order(configured.ranking), configured)
        except PrimeroError as exc:
            fail(f"--target: {exc}")
    if beat_cards:
        try:
            configured.ranking.evaluate(beat_cards)
        except PrimeroError as exc:
            fail(f"--beat: {exc}")
        overlap = [c for c in dead_cards if c in beat_cards]
        if overlap:
            what = "dead card {} is" if len(overlap) == 1 else "dead cards {} are"
            fail(f"--dead: {what.format(format_cards(overlap))} in the --beat hand "
                 f"{format_cards(beat_cards)}: the hand to beat is out of the stock already")
    criterion = "class" if target is not None else "beat" if beat_cards else "points"
    goal: str | tuple[Card, ...] | None = target if target is not None else \
        (beat_cards or None)
    found = exchange_options(hand, configured, criterion=criterion, target=goal,
                             dead=dead_cards)
    if json_output:
        print_json({
            "variant": str(configured), "hand": [c.ascii for c in hand],
            "dead": [c.ascii for c in dead_cards], "criterion": criterion,
            "fewer_points_better": fewer_points_better(configured.ranking),
            "target": [c.ascii for c in goal] if isinstance(goal, tuple) else goal,
            "exchanges": [
                {"discard": [c.ascii for c in o.discard], "draws": o.distribution.total,
                 "score": round(float(o.score), 6),
                 "expected_points": round(float(o.distribution.expected_points()), 4),
                 "classes": {cls: round(n / o.distribution.total, 6)
                             for cls, n in o.distribution.class_counts().items()}}
                for o in found
            ],
        })
        return
    fewer = fewer_points_better(configured.ranking)
    what = {"points": "(lowest) mean points" if fewer else "mean points",
            "class": f"P({target} or better)",
            "beat": f"P(beat {format_cards(goal) if isinstance(goal, tuple) else ''})"}[criterion]
    out = console()
    out.print(f"{format_cards(hand)} ({configured}): every discard, best {what} first; "
              "chance of each class in %", soft_wrap=True)
    table = Table()
    table.add_column("Discard", no_wrap=True)
    if criterion != "points":
        table.add_column(f"P({target}+)" if criterion == "class" else "P(beat)",
                         justify="right", no_wrap=True)
    table.add_column("Mean points", justify="right", no_wrap=True)
    classes = list(found[0].distribution.classes) if found else []
    for cls in classes:
        table.add_column(cls, justify="right", no_wrap=True)
    for o in found:
        dist = o.distribution
        counts = dist.class_counts()
        score = [] if criterion == "points" else [f"{float(o.score):.4f}"]
        table.add_row(format_cards(o.discard) or "(none)", *score,
                      f"{float(dist.expected_points()):.2f}",
                      *(f"{100 * counts[c] / dist.total:.1f}" for c in classes))
    print_table(out, table)


def _draw_report(hand: tuple[Card, ...], thrown: tuple[Card, ...], dead: tuple[Card, ...],
                 configured: Any, detail: bool, json_output: bool) -> None:
    dist = draw_distribution(hand, thrown, configured, dead=dead)
    rows: list[dict[str, Any]] = []
    for cls, n in dist.class_counts().items():
        points = [(o.points, o.count) for o in dist.outcomes if o.hand_class == cls]
        rows.append({
            "class": cls, "draws": n, "probability": round(n / dist.total, 6),
            "min_points": min((p for p, _ in points), default=None),
            "mean_points": round(sum(p * c for p, c in points) / n, 4) if n else None,
            "max_points": max((p for p, _ in points), default=None),
        })
    if json_output:
        data: dict[str, Any] = {
            "variant": str(configured), "hand": [c.ascii for c in hand],
            "discard": [c.ascii for c in thrown], "dead": [c.ascii for c in dead],
            "drawn": dist.drawn, "unseen": dist.unseen, "draws": dist.total,
            "expected_points": round(float(dist.expected_points()), 4), "classes": rows,
        }
        if detail:
            data["outcomes"] = [
                {"class": o.hand_class, "points": o.points, "draws": o.count,
                 "probability": round(o.count / dist.total, 6)} for o in dist.outcomes
            ]
        print_json(data)
        return
    out = console()
    kept = [c for c in hand if c not in thrown]
    out.print(f"{format_cards(kept) or 'nothing'} kept, {format_cards(thrown) or 'nothing'} "
              f"thrown ({configured}): {dist.drawn} drawn from {dist.unseen} unseen cards, "
              f"{dist.total:,} draw{'' if dist.total == 1 else 's'}", soft_wrap=True)
    if detail:
        table = Table()
        for column in ("Class", "Points"):
            table.add_column(column)
        table.add_column("Draws", justify="right")
        table.add_column("Probability", justify="right")
        for o in dist.outcomes:
            table.add_row(o.hand_class, str(o.points), str(o.count),
                          f"{o.count / dist.total:.6f}")
    else:
        table = Table()
        table.add_column("Class")
        for column in ("Draws", "Probability", "Points"):
            table.add_column(column, justify="right")
        table.add_column("Mean points", justify="right")
        for row in rows:
            low, high = row["min_points"], row["max_points"]
            span = "-" if low is None else str(low) if low == high else f"{low}–{high}"
            table.add_row(row["class"], str(row["draws"]), f"{row['probability']:.6f}", span,
                          "-" if row["mean_points"] is None else f"{row['mean_points']:.4f}")
    print_table(out, table)
    out.print(f"Expected points: {float(dist.expected_points()):.4f}")
