"""The reference commands of the ``primero`` command line: rules, variants and hands.

Registered on :data:`primero.cli.core.app`::

    primero variants [--json]
    primero evaluate CARDS... [--variant V] [--option KEY=VALUE ...] [--json]
    primero frequencies [--variant V] [--option KEY=VALUE ...] [--json]
    primero rules [VARIANT]
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

import click

from primero.cards import parse_cards
from primero.cli.core import (
    app,
    console,
    json_option,
    load_variant,
    print_json,
    printable,
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
        print_json({"variants": [
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
        ]})
        return
    out = console()
    # the names and aliases are typed: whole, never wrapped or clipped; the title and the
    # plug-in line wrap between words, after a module's dot or after a hyphen, never inside
    # a word (:func:`broken_at_words`)
    providers = [reg.provider(spec) or "" for spec in specs]
    plugins = [f"{p} ({reg.distribution(spec)})" if reg.distribution(spec) else p
               for spec, p in zip(specs, providers, strict=True)]
    name_width = max([4, *(len(spec.name) for spec in specs)])
    alias_width = max([7, *(len(a) + 1 for spec in specs for a in spec.aliases)])
    # each column is padded by a space on either side; six borders
    room = out.width - 5 * 2 - 6 - name_width - alias_width - len("Players")
    title_piece = max(len(w) for spec in specs for w in word_pieces(spec.title))
    plugin_piece = max([len("(package)"), *(len(w) for p in plugins for w in word_pieces(p))])
    title_natural = max(len(spec.title) for spec in specs)
    plugin_natural = max(map(len, plugins))
    fitted = room < title_natural + plugin_natural  # else every row fits on one line
    if fitted:  # the plug-in line as wide as it needs, the title at least its longest word
        plugin_width = max(plugin_piece, min(plugin_natural, room - max(title_piece, 12)))
        title_width = max(title_piece, room - plugin_width)
    else:
        plugin_width, title_width = plugin_natural, title_natural
    if room < title_piece + plugin_piece:  # too narrow for the table: a list, at spaces
        click.echo("Installed variants")
        for spec, plugin in zip(specs, plugins, strict=True):
            aliases = f"aliases {', '.join(spec.aliases)}; " if spec.aliases else ""
            for line in (f"{spec.name}: {spec.title}",
                         f"  {aliases}{span(*spec.players)} players; plug-in {plugin}"):
                for part in textwrap.wrap(line, width=max(out.width, 20), subsequent_indent="    ",
                                          break_long_words=False, break_on_hyphens=False):
                    click.echo(part)
    else:
        table = Table(title="Installed variants")
        table.add_column("Name", no_wrap=True, min_width=name_width)
        # the cells come broken at words (no line longer than the column): the headers wrap
        table.add_column("Title", width=title_width if fitted else None)
        table.add_column("Aliases", width=alias_width if fitted else None)  # after a comma
        table.add_column("Players", no_wrap=True)
        table.add_column("Plug-in (package)", width=plugin_width if fitted else None)
        for spec, plugin in zip(specs, plugins, strict=True):
            table.add_row(spec.name, "\n".join(broken_at_words(spec.title, title_width)),
                          ", ".join(spec.aliases), span(*spec.players),
                          "\n".join(broken_at_words(plugin, plugin_width)))
        out.print(table)
    for broken in reg.broken():  # skipped plug-ins: listed with their one-line reason
        package = f" ({broken.distribution})" if broken.distribution else ""
        console().print(printable(f"broken plug-in {broken.name}{package}: {broken.reason}"))


#: A piece of a word a line may end after: up to and including a dot or a hyphen
#: (``primero.`` ``variants.`` ``waks``; ``declare-`` ``and-`` ``redraw``); a dot before a
#: digit is inside its piece (``0.1.0``).
_PIECE = re.compile(r"(?:[^.-]|[.](?=[0-9]))+[.-]*|[.-]+")


def word_pieces(text: str) -> list[str]:
    """The pieces of ``text``'s words a line may break between: split after a dot or hyphen.

    ``word_pieces("primero.variants.waks (primero 0.1.0)")`` is ``["primero.", "variants.",
    "waks", "(primero", "0.1.0)"]``.
    """
    return [piece for word in text.split() for piece in _PIECE.findall(word)]


def broken_at_words(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, never broken inside a piece.

    A line breaks at a space or after a dot or a hyphen (:func:`word_pieces`), which stays
    at the line's end; a piece longer than ``width`` stands alone on its line, whole.
    """
    lines: list[str] = []
    for word in text.split():
        for k, piece in enumerate(_PIECE.findall(word)):
            joined = (lines[-1] + ("" if k else " ") + piece) if lines else piece
            if lines and len(joined) <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
    return lines or [""]


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


def _shown(value: object) -> str:
    """An option's value as typed on the command line (``false``, not ``False``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@app.command("rules", short_help=SHORT_HELP["rules"])
@click.argument("variant", default="waks", metavar="[VARIANT]")
@click.option("--option", "-o", "option", metavar="KEY=VALUE", multiple=True,
              help="A variant option, e.g. supremus=false; repeat for more. Its value is "
                   "shown beside the default.")
def rules_command(variant: str, option: Sequence[str]) -> None:
    """Print a variant's rules summary, options and sources.

    VARIANT: a variant name or alias (default waks), options after a colon as in 'primero
    compare' (waks:supremus=false).
    """
    variant = variant.strip()
    base = variant.partition(":")[0].strip()
    suggest_variant(base)
    spec = registry().spec(base)
    # options given: the variant configured with them (a bad one is refused, as everywhere)
    chosen = load_variant(variant, option).options if ":" in variant or option else None
    out = console(soft_wrap=True)
    low, high = spec.players
    out.print(Text.assemble((spec.title, "bold"), f" ({spec.name}) — {span(low, high)} players"))
    if spec.aliases:
        out.print(f"aliases: {', '.join(spec.aliases)}")
    out.print()
    out.print(spec.summary)
    if spec.options:
        out.print()
        out.print(Text.assemble(("Options", "bold"), " (primero … --option KEY=VALUE)"))
        for opt in spec.options:
            value = opt.default if chosen is None else chosen[opt.name]
            changed = "" if value == opt.default else f"   (default {_shown(opt.default)})"
            out.print(f"  {opt.name} = {_shown(value)}   [{opt.allowed()}]{changed}")
            out.print(f"      {opt.doc}")
    if spec.sources:
        out.print()
        out.print("Sources", style="bold")
        for source in spec.sources:
            out.print(f"  {source}")
    out.print(f"\nprovided by: {registry().provider(spec)}")
