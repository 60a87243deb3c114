"""The ``primero`` console script's entry point: two pages at once, the rest to click.

``primero --version`` and ``primero --help`` (or ``-h``), alone on the line, are printed from
:mod:`primero.cli.pages` without importing click, rich or any command module; every other
command line goes to the click app, :data:`primero.cli.core.app`, imported then by its name
(:data:`APP_MODULE`) as the app imports a command's module by name when the command runs
(:data:`primero.cli.pages.COMMAND_MODULES`).
"""

from __future__ import annotations

import importlib
import sys

from primero.cli.pages import PROG, help_page, version_page

__all__ = ["APP_MODULE", "main"]

#: The module that holds the click app (``app``).
APP_MODULE = "primero.cli.core"


def main(argv: list[str] | None = None) -> None:
    """Run the ``primero`` command (the console script's entry point).

    Args:
        argv: The arguments after the command's name (default: ``sys.argv[1:]``).

    Raises:
        SystemExit: status 1 when standard output is closed (one ``error:`` line).
    """
    if sys.stdout is None:  # started with standard output closed (``primero ... >&-``)
        if sys.stderr is not None:
            sys.stderr.write("error: standard output is closed: nothing can be shown\n")
        raise SystemExit(1)
    args = sys.argv[1:] if argv is None else list(argv)
    page: str | None = None
    if args == ["--version"]:
        page = version_page()
    elif args in (["--help"], ["-h"]):
        page = help_page()
    if page is not None:
        sys.stdout.write(page + "\n")
        sys.stdout.flush()
        return
    importlib.import_module(APP_MODULE).app(argv, prog_name=PROG)  # None: click reads sys.argv
