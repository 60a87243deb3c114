"""The ``primero`` command line.

Commands (one function each, in the modules below)::

    primero variants | evaluate | frequencies | rules     (primero.cli.reference)
    primero play | replay                                  (primero.cli.game)
    primero simulate | compare                             (primero.cli.simulate)
    primero odds                                           (primero.cli.odds)

:mod:`primero.cli.core` holds the app (the command group), the shared options and the error
handling; each command module imports it and registers its commands; this package imports the
command modules, so the app module imports none of them. Built on click (with rich for
tables): the base install needs no pydantic.
"""

from __future__ import annotations

from primero.cli import game, odds, reference, simulate
from primero.cli.core import (
    EXIT_ERROR,
    EXIT_USAGE,
    app,
    fail,
    load_variant,
    parse_option_args,
    print_json,
)

__all__ = ["EXIT_ERROR", "EXIT_USAGE", "app", "fail", "load_variant", "main",
           "parse_option_args", "print_json"]

_COMMAND_MODULES = (reference, game, simulate, odds)


def main() -> None:
    """Run the ``primero`` command (the console script's entry point)."""
    app(prog_name="primero")
