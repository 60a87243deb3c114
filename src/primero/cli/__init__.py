"""The ``primero`` command line.

Commands (one function each, in the modules below)::

    primero variants | evaluate | frequencies | rules     (primero.cli.reference)
    primero play | replay                                  (primero.cli.game)
    primero simulate                                       (primero.cli.simulate)
    primero compare                                        (primero.cli.compare)
    primero odds                                           (primero.cli.odds)

:mod:`primero.cli.core` holds the app (the command group), the shared options and the error
handling; each command module imports it and registers its commands; this package imports the
command modules, so the app module imports none of them. Built on click (with rich for
tables): the base install needs no pydantic.

The command modules are imported on demand (``primero evaluate`` is one table
look-up and should not pay for the agents, the session and the simulation): the app knows
which module registers which command (:data:`COMMAND_MODULES`), imports only the module of
the command being run, and imports them all when it has to list them (``primero --help``).
"""

from __future__ import annotations

import importlib

import click

from primero.cli.core import (
    EXIT_ERROR,
    EXIT_USAGE,
    PrimeroGroup,
    app,
    fail,
    load_variant,
    print_json,
)
from primero.options import parse_option_args

__all__ = ["COMMAND_MODULES", "EXIT_ERROR", "EXIT_USAGE", "app", "fail", "load_variant", "main",
           "parse_option_args", "print_json"]

#: Each command -> the module that registers it on :data:`app` (a test checks this against
#: what the modules register), in the order ``primero --help`` has always imported them.
COMMAND_MODULES: dict[str, str] = {
    **dict.fromkeys(("variants", "evaluate", "frequencies", "rules"), "primero.cli.reference"),
    **dict.fromkeys(("play", "replay"), "primero.cli.game"),
    "simulate": "primero.cli.simulate",
    "compare": "primero.cli.compare",
    "odds": "primero.cli.odds",
}


class LazyPrimeroGroup(PrimeroGroup):
    """The app's group, importing a command's module when the command is first looked up.

    Reading :attr:`commands` from outside (the docs, a test) imports every command module
    first, so it still holds every command; click's own look-ups go through
    :meth:`get_command` and :meth:`list_commands`.
    """

    @property  # type: ignore[override]
    def commands(self) -> dict[str, click.Command]:
        """Every command by name (every command module imported)."""
        if not self.__dict__.get("_adding"):
            load_all()
        return self._registered

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self.__dict__["commands"] = value

    @property
    def _registered(self) -> dict[str, click.Command]:
        """The commands registered so far (no import)."""
        found: dict[str, click.Command] = self.__dict__["commands"]
        return found

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register a command (as click does), without importing the other modules."""
        self.__dict__["_adding"] = True
        try:
            super().add_command(cmd, name)
        finally:
            self.__dict__["_adding"] = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported first if need be."""
        if cmd_name not in self._registered and cmd_name in COMMAND_MODULES:
            importlib.import_module(COMMAND_MODULES[cmd_name])
        return self._registered.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted (every command module imported)."""
        load_all()
        return sorted(self._registered)


def load_all() -> None:
    """Import every command module (so :data:`app` holds every command)."""
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(module)


# ``app`` is made in primero.cli.core (the command modules register on it); it becomes lazy
# here, where the command modules are known. The subclass adds methods only, so the swap is
# safe for click.
app.__class__ = LazyPrimeroGroup


def main() -> None:
    """Run the ``primero`` command (the console script's entry point)."""
    app(prog_name="primero")
