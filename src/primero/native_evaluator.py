"""The compiled per-call hand evaluator: whether it loads, and binding it to a ranking.

:meth:`primero.hands.Ranking.evaluate` on four :class:`~primero.cards.Card` objects is the
hottest call of a showdown. The C extension :mod:`primero.compiled_evaluator` (source
``src/primero/_native/evaluate.c``, built against Python's limited API by the build hook
``hatch_build.py``, one binary for Python 3.11 and later) does it in one native call: the
cards' indices by identity (cards are interned), a sorting network, four offset terms, one
value. Any other input (text, other iterables, foreign cards, duplicates, the wrong count)
goes to the pure-Python evaluator, so values, errors and messages are the same either way.

Where the extension was not built (no C compiler at install, Windows) or
``PRIMERO_NO_NATIVE`` is set (any value but ``""`` or ``"0"``, as for the showdown kernel),
the pure-Python evaluator is used and :func:`evaluator_reason` says why.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

#: The signature of a bound evaluator: four cards (or anything evaluate takes) in, a value out.
Evaluator = Callable[[Any], Any]
#: The signature of the extension's ``bind`` (see :func:`binder`).
Binder = Callable[
    [Sequence[object], tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
     int, type, Evaluator], Evaluator]

_bind: Binder | None
try:
    from primero import compiled_evaluator
except ImportError as error:  # not built here (no compiler at install, or Windows)
    _bind, _file = None, None
    _missing = f"the native evaluator is not built here ({error})"
else:
    _bind, _file = compiled_evaluator.bind, compiled_evaluator.__file__
    _missing = ""

__all__ = ["Binder", "Evaluator", "binder", "evaluator_line", "evaluator_reason",
           "extension_path", "native_disabled"]


def native_disabled() -> bool:
    """Whether ``PRIMERO_NO_NATIVE`` asks for pure Python (any value but ``""`` or ``"0"``).

    The same switch as :func:`primero.native_kernel.native_disabled` (the showdown kernel),
    read here without that module's :mod:`ctypes`, which a plain evaluation never needs.
    """
    return os.environ.get("PRIMERO_NO_NATIVE", "") not in ("", "0")


def extension_path() -> str | None:
    """The loaded extension's file, or ``None`` where it did not load."""
    return None if _file is None else os.path.abspath(_file)


def evaluator_reason() -> str | None:
    """Why the pure-Python evaluator is used, or ``None`` where the native one is."""
    if native_disabled():
        return "PRIMERO_NO_NATIVE is set"
    if _bind is None:
        return _missing
    return None


def evaluator_line() -> str:
    """One line for ``primero --version``: which code evaluates single hands, and why."""
    reason = evaluator_reason()
    if reason is None:
        return "single-hand evaluation: the native evaluator"
    return f"single-hand evaluation: pure Python ({reason})"


def binder() -> Binder | None:
    """The extension's ``bind`` where the native evaluator is to be used, else ``None``.

    ``bind(cards, offsets, size, value_type, fallback)`` returns a builtin evaluator for one
    ranking: ``cards`` are the pack's cards, ``offsets`` the four colex terms per
    :attr:`~primero.cards.Card.index` (:func:`primero.tables.colex_offsets`), ``size`` the
    table's length, ``value_type`` the ranking's value class (with an ``_index`` slot) and
    ``fallback`` the pure-Python evaluator, called for any input but four cards of the pack.
    """
    if native_disabled():
        return None
    return _bind
