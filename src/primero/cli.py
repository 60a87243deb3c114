"""The ``primero`` command line.

Commands (one function each)::

    primero variants [--json]
    primero evaluate CARDS [--variant V] [--option KEY=VALUE ...] [--json]
    primero frequencies [--variant V] [--option KEY=VALUE ...] [--json]

Adding a command: write one function decorated with ``@app.command()``; take the variant with
the shared parameter types :data:`VariantName`, :data:`OptionList` and :data:`JsonFlag` and turn
them into a configured :class:`~primero.variant.Variant` with :func:`load_variant`; print JSON
with :func:`print_json`. Do not catch :class:`~primero.errors.PrimeroError` in a command: the
app's group catches it centrally and prints ``error: <message>`` on one line to standard error,
exiting with status 1 and no traceback (:func:`fail` does the same for problems the command
finds itself). Usage errors (a missing argument, an unknown flag) are the command-line parser's
and exit with status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup

from primero.cards import parse_cards
from primero.errors import InvalidOptionError, PrimeroError
from primero.plugins import get_variant, registry
from primero.variant import Variant

__all__ = [
    "EXIT_ERROR",
    "JsonFlag",
    "OptionList",
    "VariantName",
    "app",
    "fail",
    "load_variant",
    "main",
    "parse_option_args",
    "print_json",
]

#: Exit status for bad input reported as a :class:`~primero.errors.PrimeroError`.
EXIT_ERROR = 1


class _PrimeroGroup(TyperGroup):
    """The app's command group: turns a :class:`PrimeroError` into one line and exit status 1."""

    def invoke(self, ctx: Any) -> Any:
        """Run the chosen command, reporting primero's errors without a traceback."""
        try:
            return super().invoke(ctx)
        except PrimeroError as exc:
            fail(str(exc))


app = typer.Typer(
    name="primero",
    cls=_PrimeroGroup,
    help="Primero, the Renaissance card game: variants, hand evaluation, exact hand counts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# --------------------------------------------------------------------------------------------
# Shared helpers and parameter types

#: ``--variant V``: a variant name or alias, any case.
VariantName = Annotated[
    str,
    typer.Option("--variant", "-V",
                 help="Variant name or alias (any case); see `primero variants`."),
]
#: ``--option KEY=VALUE``, repeatable: a variant option.
OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="KEY=VALUE",
        help="A variant option, e.g. supremus=false or deck=french52; repeat for more.",
    ),
]
#: ``--json``: machine-readable output.
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def fail(message: str) -> NoReturn:
    """Print ``error: <message>`` as one line on standard error and exit with status 1."""
    one_line = " ".join(message.split())
    typer.echo(f"error: {one_line}", err=True)
    raise typer.Exit(EXIT_ERROR)


def parse_option_args(items: Sequence[str] | None) -> dict[str, str]:
    """Read ``KEY=VALUE`` option arguments into a dict (values still text).

    A ``-`` in a key is read as ``_`` (``numerus-counts=all``). Values are validated later by
    the variant, which converts ``true``/``false`` and integers.

    Raises:
        InvalidOptionError: an item has no ``=`` or no key, or a key is given twice.
    """
    options: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise InvalidOptionError(
                f"bad option {item!r}: expected KEY=VALUE, e.g. supremus=false"
            )
        if key in options:
            raise InvalidOptionError(f"option {key!r} given twice")
        options[key] = value.strip()
    return options


def load_variant(name: str, options: Sequence[str] | None) -> Variant:
    """Configure the variant ``name`` with ``--option`` arguments.

    Raises:
        UnknownVariantError: no such variant; the message lists the known ones.
        InvalidOptionError: a malformed, unknown or badly valued option.
    """
    return get_variant(name, **parse_option_args(options))


def print_json(data: object) -> None:
    """Print ``data`` as indented JSON (cards and names as UTF-8 text)."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _console() -> Console:
    # Built per call so that it writes to whatever sys.stdout is now (tests swap it).
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


# --------------------------------------------------------------------------------------------
# Commands


def _print_version(value: bool) -> None:
    if value:
        from primero import __version__

        typer.echo(f"primero {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print primero's version and exit.", is_eager=True,
                     callback=_print_version),
    ] = False,
) -> None:
    """Primero, the Renaissance card game: variants, hand evaluation, exact hand counts."""


@app.command("variants")
def variants_command(json_output: JsonFlag = False) -> None:
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
                "plugin": spec.provider,
                "distribution": reg.distribution(spec),
            }
            for spec in specs
        ])
        return
    table = Table(title="Installed variants")
    for column in ("Name", "Title", "Aliases", "Players"):
        table.add_column(column)
    table.add_column("Plug-in (package)", overflow="fold")
    for spec in specs:
        distribution = reg.distribution(spec)
        plugin = f"{spec.provider} ({distribution})" if distribution else spec.provider
        table.add_row(spec.name, spec.title, ", ".join(spec.aliases), _range(*spec.players),
                      plugin)
    _console().print(table)


@app.command("evaluate")
def evaluate_command(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARDS",
            help="Four cards, as separate arguments or one quoted string: 7s 6h Ad Kc.",
        ),
    ],
    variant: VariantName = "waks",
    option: OptionList = None,
    json_output: JsonFlag = False,
) -> None:
    """Evaluate a four-card hand: class, points, the cards that count, and why."""
    configured = load_variant(variant, option)
    value = configured.ranking.evaluate(parse_cards(" ".join(cards)))
    if json_output:
        print_json({
            "variant": configured.name,
            "options": dict(configured.options),
            "cards": [card.ascii for card in value.cards],
            "class": value.hand_class,
            "points": value.points,
            "counting": [card.ascii for card in value.counting],
            "explanation": value.explain(),
        })
        return
    typer.echo(f"{value.label}  ({configured})")
    typer.echo(f"counting: {' '.join(str(card) for card in value.counting)}")
    typer.echo(value.explain())


@app.command("frequencies")
def frequencies_command(
    variant: VariantName = "waks",
    option: OptionList = None,
    json_output: JsonFlag = False,
) -> None:
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
        points = _range(*ranges[cls]) if cls in ranges else "-"
        table.add_row(cls, f"{count:,}", f"{100 * count / total:.4f}%", points)
    table.add_section()
    table.add_row("Total", f"{total:,}", "100.0000%", "")
    _console().print(table)


def main() -> None:
    """Run the ``primero`` command (the console script's entry point)."""
    app(prog_name="primero")


# Command modules register themselves on ``app`` when imported.
from primero import cli_analysis as _cli_analysis  # noqa: E402,F401
from primero import cli_game as _cli_game  # noqa: E402,F401
