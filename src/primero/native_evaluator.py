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
:func:`evaluator_reason` says why. Switched off when this module is imported, the extension
is not even loaded (an extension that crashes as it loads cannot take primero with it) until
a ranking is bound with the switch off; an extension file cut short is never loaded (see
:func:`truncation`; :func:`load_extension` imports primero's other extension, the tensor
writes of :mod:`primero.tensor_writes`, the same way). Standard library only and cheap to
import: ``primero --version`` reports from here.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType
    from typing import Any

    #: A bound evaluator: what ``Ranking.evaluate`` takes in, a hand value out.
    Evaluator = Callable[[Any], Any]
    #: The extension's ``bind`` (see :func:`binder`).
    Binder = Callable[
        [Sequence[object], tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
         int, type, Evaluator], Evaluator]

__all__ = ["EXTENSION_STATUS_NAME", "batcher", "binder", "build_report", "evaluator_line",
           "evaluator_reason", "extension_path", "load_extension", "native_disabled",
           "truncation"]

#: The build hook's one-line report beside the extension: ``built`` or ``not built: <why>``.
EXTENSION_STATUS_NAME = "compiled_evaluator.status"

#: The ELF program header type of a loadable segment.
_PT_LOAD = 1


def truncation(path: str) -> str | None:
    """Why the shared object at ``path`` must not be loaded: an ELF file cut short, else None.

    The dynamic loader maps each loadable segment of an ELF file; a file that ends before one
    of them (a copy or download cut short, a full disk at install) is mapped past its end and
    the first read of the missing part kills the process with ``SIGBUS`` instead of failing
    to load. Only that is checked, from the headers (a few hundred bytes); anything that is
    not an ELF file, or is too short to have headers, is left to the loader, which reports it.
    """
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            header = handle.read(64)
            if len(header) < 52 or header[:4] != b"\x7fELF" or header[4] not in (1, 2):
                return None
            wide = header[4] == 2
            order = "<" if header[5] == 1 else ">"
            if wide:
                (table_at,) = struct.unpack_from(order + "Q", header, 32)
                entry, count = struct.unpack_from(order + "HH", header, 54)
            else:
                (table_at,) = struct.unpack_from(order + "I", header, 28)
                entry, count = struct.unpack_from(order + "HH", header, 42)
            handle.seek(table_at)
            table = handle.read(entry * count)
            if len(table) < entry * count:
                return (f"{path}: truncated ({size} bytes; its program headers end at "
                        f"{table_at + entry * count})")
            for k in range(count):
                if wide:
                    kind, _, offset = struct.unpack_from(order + "IIQ", table, k * entry)
                    (length,) = struct.unpack_from(order + "Q", table, k * entry + 32)
                else:
                    kind, offset = struct.unpack_from(order + "II", table, k * entry)
                    (length,) = struct.unpack_from(order + "I", table, k * entry + 16)
                if kind == _PT_LOAD and offset + length > size:
                    return (f"{path}: truncated ({size} bytes; a segment it loads ends at "
                            f"{offset + length})")
    except (OSError, struct.error):
        return None
    return None


def load_extension(name: str) -> tuple[ModuleType | None, ImportError | None]:
    """Import one of primero's compiled extensions: (the module, None) or (None, why not).

    A file cut short is never loaded (:func:`truncation`): its ``ImportError`` says so. The
    extensions import nothing of primero, so this is no door of the import graph.

    Args:
        name: The module's full name (``primero.compiled_evaluator``).
    """
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        spec = None
    origin = None if spec is None else spec.origin
    damage = None if origin is None or not os.path.isfile(origin) else truncation(origin)
    if damage is not None:  # importing it would crash the process: report it instead
        return None, ImportError(damage, name=name, path=origin)
    try:  # by name: a missing module is a ModuleNotFoundError naming it (reported as such)
        return importlib.import_module(name), None
    except ImportError as error:  # not built here (no compiler at install, Windows), unloadable
        return None, error


def _load() -> tuple[Binder | None, str | None, ImportError | None]:
    """Import the extension: (its bind, its file, None), or (None, None, why it did not load)."""
    global _module
    compiled_evaluator, error = load_extension("primero.compiled_evaluator")
    if compiled_evaluator is None:
        return None, None, error
    _module = compiled_evaluator
    bind: Binder = compiled_evaluator.bind
    return bind, compiled_evaluator.__file__, None


def native_disabled() -> bool:
    """Whether ``PRIMERO_NO_NATIVE`` asks for pure Python (any value but ``""`` or ``"0"``).

    The same switch as :func:`primero.native_kernel.native_disabled` (the showdown kernel),
    read here without that module's :mod:`ctypes`, which a plain evaluation never needs.
    """
    return os.environ.get("PRIMERO_NO_NATIVE", "") not in ("", "0")


# Imported here unless PRIMERO_NO_NATIVE is set: switched off, the extension is not loaded
# into the process at all (an extension that crashes as it loads must not take primero with
# it), and is imported the first time it is asked for with the switch off (see _loaded).
_bind: Binder | None = None
_module: Any = None  # the extension module itself, once loaded
_file: str | None = None
_import_error: ImportError | None = None
if not native_disabled():
    _bind, _file, _import_error = _load()


def _loaded() -> None:
    """Import the extension now where that was put off (the switch was on at import)."""
    global _bind, _file, _import_error
    if _bind is None and _import_error is None:
        _bind, _file, _import_error = _load()


def extension_path() -> str | None:
    """The loaded extension's file (an absolute path), or ``None`` where it did not load."""
    return None if _file is None else os.path.abspath(_file)


def build_report(status_name: str = EXTENSION_STATUS_NAME) -> str | None:
    """The build hook's report beside the package (``built`` or ``not built: <why>``), or None.

    Args:
        status_name: The report's file name in ``primero/``: the evaluator's by default, or
            another compiled unit's (``compiled_shuffle.status``, ``compiled_encoder.status``).

    ``None`` where there is no report: a source tree never installed, or a wheel built before
    the unit existed.
    """
    folder = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(folder, status_name), encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError:
        return None


def evaluator_reason() -> str | None:
    """Why the pure-Python evaluator is used, or ``None`` where the native one is.

    In order: ``PRIMERO_NO_NATIVE`` is set; the extension was not built at install (the build
    hook's report says why); it was built but its file is gone; there is no extension beside
    primero; it does not load (a file cut short is not loaded: see :func:`truncation`).
    """
    if native_disabled():
        return "PRIMERO_NO_NATIVE is set"
    _loaded()
    if _bind is not None:
        return None
    if (isinstance(_import_error, ModuleNotFoundError)
            and _import_error.name == "primero.compiled_evaluator"):
        report = build_report()
        if report is not None and report.startswith("not built:"):
            return ("the evaluator was not built at install: "
                    + report.split(":", 1)[1].strip())
        folder = os.path.dirname(os.path.abspath(__file__))
        if report == "built" and not any(  # built at install, and its file gone since
                os.path.isfile(os.path.join(folder, "compiled_evaluator" + suffix))
                for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return ("the compiled evaluator built at install is missing from "
                    f"{folder} (reinstall primero)")
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


def batcher() -> Callable[[Any, int, Any, Any], int] | None:
    """The extension's batch ``strengths`` where the native evaluator is to be used, else None.

    ``strengths(hands, cards, table, out)`` fills ``out`` (``N`` items of ``table``'s type,
    contiguous) with the strengths of ``hands``, an ``(N, 4)`` integer array of pack indices
    (a pack of ``cards`` cards) in the machine's byte order, read through its strides (C or
    Fortran order, slices and other views, no copy): each row sorted, checked and looked up
    in ``table`` (the strengths by colex index). Returns ``-1``; or the first row found wrong
    (an index outside the pack, a card twice), whose error the caller words; or ``-2``,
    nothing written, where ``hands`` is not such an array (another shape, byte order or item
    type, or no buffer at all). :meth:`primero.hands.Ranking.evaluate_many` uses it; its numpy
    path stays for everything else. The switch ``PRIMERO_NO_NATIVE`` is read at every call.

    Raises:
        ValueError: (from ``strengths``) a ``table`` or ``out`` that does not fit.
    """
    if native_disabled():
        return None
    _loaded()
    if _module is None:
        return None
    batch: Callable[[Any, int, Any, Any], int] = _module.strengths
    return batch


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
    _loaded()
    return _bind
