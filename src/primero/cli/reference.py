"""The reference commands of the ``primero`` command line: rules, variants and hands.

Registered on :data:`primero.cli.core.app`::

    primero variants [--json]
    primero evaluate CARDS... [--variant V] [--option KEY=VALUE ...] [--json]
    primero frequencies [--variant V] [--option KEY=VALUE ...] [--json]
    primero rules [VARIANT]
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from primero.cards import parse_cards
from primero.cli.core import (
    app,
    console,
    json_option,
    load_variant,
    print_json,
    span,
    suggest_variant,
    variant_options,
)
from primero.cli.lazy_rich import Table, Text
from primero.cli.pages import SHORT_HELP
from primero.plugins.registry import registry
from primero.serialize import to_dict

__all__ = ["evaluate_command", "frequencies_command", "rules_command", "variants_command"]


@app.command("variants", short_help=SHORT_HELP["variants"])
@json_option
def variants_command(json_output: bool) -> None:
    """List the installed variants: name, title, aliases, players and the plug-in."""
    reg = registry()
    specs = reg.specs()
    if json_output:
        print_json([
            {
                "name": spec.name,
                "title": spec.title,
                "aliases": list(spec.aliases),
                "players": list(spec.players),
                "plugin": reg.provider(spec),
                "distribution": reg.distribution(spec),
            }
            for spec in specs
        ] + [
            {
                "name": broken.name,
                "broken": broken.reason,
                "distribution": broken.distribution,
            }
            for broken in reg.broken()
        ])
        return
    out = console()
    # the names and aliases are typed: whole, never wrapped or clipped; the title wraps, and
    # so does the plug-in line, at a module name's end when the terminal is wide enough
    providers = [reg.provider(spec) or "" for spec in specs]
    name_width = max([4, *(len(spec.name) for spec in specs)])
    alias_width = max([7, *(len(a) + 1 for spec in specs for a in spec.aliases)])
    module_width = max([7, *map(len, providers)])
    # each column is padded by a space on either side; six borders
    room = out.width - 5 * 2 - 6 - name_width - alias_width - len("Players")
    plugin_width = module_width if room - module_width >= 12 else max(room // 2, 7)
    natural = max(len(spec.title) for spec in specs) + max(
        len(p) + len(str(reg.distribution(spec))) + 3 for spec, p in zip(specs, providers,
                                                                          strict=True))
    fitted = room < natural  # else every row fits on one line: rich's own widths
    table = Table(title="Installed variants")
    table.add_column("Name", no_wrap=True, min_width=name_width)
    table.add_column("Title", width=room - plugin_width if fitted else None)
    table.add_column("Aliases", width=alias_width if fitted else None)  # wrapped after a comma
    table.add_column("Players", no_wrap=True)
    table.add_column("Plug-in (package)", overflow="fold",
                     width=plugin_width if fitted else None)
    for spec, provider in zip(specs, providers, strict=True):
        distribution = reg.distribution(spec)
        plugin = f"{provider} ({distribution})" if distribution else provider
        table.add_row(spec.name, spec.title, ", ".join(spec.aliases), span(*spec.players),
                      plugin)
    out.print(table)
    for broken in reg.broken():  # skipped plug-ins: listed with their one-line reason
        package = f" ({broken.distribution})" if broken.distribution else ""
        console().print(f"broken plug-in {broken.name}{package}: {broken.reason}")


@app.command("evaluate", short_help=SHORT_HELP["evaluate"])
@click.argument("cards", nargs=-1, required=True, metavar="CARDS...")
@variant_options
@json_option
def evaluate_command(cards: Sequence[str], variant: str, option: Sequence[str],
                     json_output: bool) -> None:
    """Evaluate a four-card hand: class, points, the cards that count, and why.

    CARDS: four cards, as separate arguments or one quoted string: 7s 6h Ad Kc.
    """
    configured = load_variant(variant, option)
    value = configured.ranking.evaluate(parse_cards(" ".join(cards)))
    if json_output:
        print_json({
            "variant": configured.name,
            "options": dict(configured.options),
            **to_dict(value),  # cards, class, points, counting
            "explanation": value.explain(),
        })
        return
    click.echo(f"{value.label}  ({configured})")
    click.echo(f"counting: {' '.join(str(card) for card in value.counting)}")
    click.echo(value.explain())


@app.command("frequencies", short_help=SHORT_HELP["frequencies"])
@variant_options
@json_option
def frequencies_command(variant: str, option: Sequence[str], json_output: bool) -> None:
    """Count exactly how many hands of each class the variant's pack holds."""
    configured = load_variant(variant, option)
    ranking = configured.ranking
    census = ranking.census()
    ranges = ranking.points_range()
    total = sum(census.values())
    strongest_first = list(reversed(ranking.classes))
    if json_output:
        print_json({
            "variant": configured.name,
            "options": dict(configured.options),
            "pack": ranking.pack.name,
            "hands": total,
            "classes": {cls: census[cls] for cls in strongest_first},
            "points": {cls: list(ranges[cls]) for cls in strongest_first if cls in ranges},
        })
        return
    table = Table(title=f"{configured} over {ranking.pack.name}: {total:,} hands")
    table.add_column("Class")
    table.add_column("Hands", justify="right")
    table.add_column("Share", justify="right")
    table.add_column("Points", justify="right")
    for cls in strongest_first:
        count = census[cls]
        points = span(*ranges[cls]) if cls in ranges else "-"
        table.add_row(cls, f"{count:,}", f"{100 * count / total:.4f}%", points)
    table.add_section()
    table.add_row("Total", f"{total:,}", "100.0000%", "")
    console().print(table)


@app.command("rules", short_help=SHORT_HELP["rules"])
@click.argument("variant", default="waks", metavar="[VARIANT]")
def rules_command(variant: str) -> None:
    """Print a variant's rules summary, options and sources.

    VARIANT: a variant name or alias (default waks).
    """
    suggest_variant(variant)
    spec = registry().spec(variant)
    out = console(soft_wrap=True)
    low, high = spec.players
    out.print(Text.assemble((spec.title, "bold"), f" ({spec.name}) — {low}–{high} players"))
    if spec.aliases:
        out.print(f"aliases: {', '.join(spec.aliases)}")
    out.print()
    out.print(spec.summary)
    if spec.options:
        out.print()
        out.print(Text.assemble(("Options", "bold"), " (primero … --option KEY=VALUE)"))
        for opt in spec.options:
            default = str(opt.default).lower() if isinstance(opt.default, bool) else opt.default
            out.print(f"  {opt.name} = {default}   [{opt.allowed()}]")
            out.print(f"      {opt.doc}")
    if spec.sources:
        out.print()
        out.print("Sources", style="bold")
        for source in spec.sources:
            out.print(f"  {source}")
    out.print(f"\nprovided by: {registry().provider(spec)}")
