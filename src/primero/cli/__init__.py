"""The ``primero`` command line.

Commands (one function each, in the modules below)::

    primero variants | evaluate | frequencies | rules     (primero.cli.reference)
    primero play | replay                                  (primero.cli.game)
    primero simulate                                       (primero.cli.simulate)
    primero compare                                        (primero.cli.compare)
    primero match                                          (primero.cli.match)
    primero odds                                           (primero.cli.odds)

:mod:`primero.cli.core` holds the app (the command group, :data:`primero.cli.core.app`), the
shared options and the error handling; each command module imports it and registers its
commands; the app imports a command's module by name when the command runs
(:data:`primero.cli.pages.COMMAND_MODULES`), and all of them only to list them. Built on click
(with rich for tables): the base install needs no pydantic.

The entry point, :func:`main` (:mod:`primero.cli.launch`), prints ``primero --help`` and
``primero --version`` from :mod:`primero.cli.pages` without importing click at all, so this
package imports nothing else when it is imported.
"""

from __future__ import annotations

from primero.cli.launch import main

__all__ = ["main"]
