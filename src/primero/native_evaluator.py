"""The compiled per-call hand evaluator: whether it loads, and binding it to a ranking.

:meth:`primero.hands.Ranking.evaluate` on four :class:`~primero.cards.Card` objects is the
hottest call of a showdown. The C extension :mod:`primero.compiled_evaluator` (source
``src/primero/_native/evaluate.c``, built against Python's limited API by the build hook
``hatch_build.py``, one binary for CPython 3.11 and later) does it in one native call: the
cards found by identity among the pack's (cards are interned), a sorting network, four offset
terms, one value. Any other call (text, other iterables, subclasses of tuple or list, cards
of another pack, objects that merely have an ``index``, duplicates, the wrong count,
keywords) is handed unchanged to the pure-Python evaluator, so values, errors and messages
are the same either way.

Where the extension was not built (no C compiler at install, Windows, a pure wheel), does not
load (a free-threaded Python), or ``PRIMERO_NO_NATIVE`` is set (any value but ``""`` or
``"0"``, as for the showdown kernel), the pure-Python evaluator is used and
:func:`evaluator_reason` says why. Standard library only and cheap to import: ``primero
--version`` reports from here.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    #: A bound evaluator: what ``Ranking.evaluate`` takes in, a hand value out.
    Evaluator = Callable[[Any], Any]
    #: The extension's ``bind`` (see :func:`binder`).
    Binder = Callable[
        [Sequence[object], tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
         int, type, Evaluator], Evaluator]

__all__ = ["EXTENSION_STATUS_NAME", "binder", "build_report", "evaluator_line",
           "evaluator_reason", "extension_path", "native_disabled"]

#: The build hook's one-line report beside the extension: ``built`` or ``not built: <why>``.
EXTENSION_STATUS_NAME = "compiled_evaluator.status"

_bind: Binder | None
_file: str | None
_import_error: ImportError | None
try:  # not "from primero import ...": that turns a missing module into a plain ImportError
    import primero.compiled_evaluator as compiled_evaluator
except ImportError as error:  # not built here (no compiler at install, Windows), or not loadable
    _bind, _file, _import_error = None, None, error
else:
    _bind, _file, _import_error = compiled_evaluator.bind, compiled_evaluator.__file__, None


def native_disabled() -> bool:
    """Whether ``PRIMERO_NO_NATIVE`` asks for pure Python (any value but ``""`` or ``"0"``).

    The same switch as :func:`primero.native_kernel.native_disabled` (the showdown kernel),
    read here without that module's :mod:`ctypes`, which a plain evaluation never needs.
    """
    return os.environ.get("PRIMERO_NO_NATIVE", "") not in ("", "0")


def extension_path() -> str | None:
    """The loaded extension's file (an absolute path), or ``None`` where it did not load."""
    return None if _file is None else os.path.abspath(_file)


def build_report() -> str | None:
    """The build hook's report beside the package (``built`` or ``not built: <why>``), or None.

    ``None`` where there is no report: a source tree never installed, or a wheel built before
    the evaluator existed.
    """
    folder = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(folder, EXTENSION_STATUS_NAME), encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError:
        return None


def evaluator_reason() -> str | None:
    """Why the pure-Python evaluator is used, or ``None`` where the native one is.

    In order: ``PRIMERO_NO_NATIVE`` is set; the extension was not built at install (the build
    hook's report says why); there is no extension beside primero; it does not load.
    """
    if native_disabled():
        return "PRIMERO_NO_NATIVE is set"
    if _bind is not None:
        return None
    if (isinstance(_import_error, ModuleNotFoundError)
            and _import_error.name == "primero.compiled_evaluator"):
        report = build_report()
        if report is not None and report.startswith("not built:"):
            return ("the evaluator was not built at install: "
                    + report.split(":", 1)[1].strip())
        return ("no compiled evaluator beside primero: installed from a pure wheel or a "
                "source tree never built (pip install -e . compiles it)")
    return f"the compiled evaluator does not load: {_import_error}"


def evaluator_line() -> str:
    """The line ``primero --version`` prints: which code evaluates single hands, and why.

    ``single hands: the native evaluator (<its file>)`` or ``single hands: pure Python
    (<why>)``.
    """
    reason = evaluator_reason()
    if reason is None:
        return f"single hands: the native evaluator ({extension_path()})"
    return f"single hands: pure Python ({reason})"


def binder() -> Binder | None:
    """The extension's ``bind`` where the native evaluator is to be used, else ``None``.

    ``bind(cards, offsets, size, value_type, fallback)`` returns a builtin evaluator for one
    ranking: ``cards`` are the pack's cards, ``offsets`` the four colex terms per
    :attr:`~primero.cards.Card.index` (:func:`primero.tables.colex_offsets`), ``size`` the
    table's length, ``value_type`` the ranking's value class (with an ``_index`` slot) and
    ``fallback`` the pure-Python evaluator, called with the same arguments for any call but
    one tuple or list of four distinct cards of the pack. The builtin's ``__doc__``,
    signature and ``__module__`` are the fallback's.

    Raises:
        TypeError: (from ``bind``) ``value_type`` is not a class with an ``_index`` slot, or
            ``fallback`` is not callable.
        ValueError: (from ``bind``) more than 64 cards, or offsets that do not cover them.
    """
    if native_disabled():
        return None
    return _bind
