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

from primero.cli.pages import EXIT_INTERRUPTED, INTERRUPTED, PROG, help_page, version_page

__all__ = ["APP_MODULE", "main"]

#: The module that holds the click app (``app``).
APP_MODULE = "primero.cli.core"


def main(argv: list[str] | None = None) -> None:
    """Run the ``primero`` command (the console script's entry point).

    Args:
        argv: The arguments after the command's name (default: ``sys.argv[1:]``).

    Raises:
        SystemExit: status 1 when standard output is closed (one ``error:`` line); status
            130 (128 + SIGINT) on Ctrl-C before the app runs the command (one ``error:``
            line, as :data:`primero.cli.core.app` says it while the command runs).
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
    try:
        app = importlib.import_module(APP_MODULE).app
    except KeyboardInterrupt:  # Ctrl-C while click and the app load: no traceback
        sys.stderr.write(f"error: {INTERRUPTED}\n")
        raise SystemExit(EXIT_INTERRUPTED) from None
    app(argv, prog_name=PROG)  # None: click reads sys.argv
