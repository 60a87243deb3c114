"""The compiled showdown kernel: counting by halves in C, loaded with :mod:`ctypes`.

``halves.c`` (beside this file) is compiled at install time by the build hook
(``hatch_build.py``) into :data:`LIBRARY_NAME` in this folder. :func:`count_by_halves` runs it;
it returns ``None`` whenever the caller must count with numpy instead
(:func:`primero.analysis.showdown_halves.showdown_by_halves` does): the library was not built
(no C compiler at install time), it does not load (another processor or system, a damaged
file: a :class:`RuntimeWarning`, once per process), ``PRIMERO_NO_NATIVE=1`` is set, or the
count is beyond the kernel's sizes (more than 16 players or 8 drawing players in a half, more
than 64 unseen cards, 2**32 deals in a half, 2**63 deals in all).

:func:`primero.analysis.showdown_counter` (and ``primero --version``) tells which of the
two counts and, for numpy, why.
"""

from __future__ import annotations

import ctypes
import math
import threading
import warnings
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from primero.analysis._native.build import LIBRARY_NAME
from primero.native_kernel import ABI, STATUS_NAME, build_report, native_disabled, open_library

__all__ = ["ABI", "LIBRARY_NAME", "STATUS_NAME", "build_report", "count_by_halves", "library",
           "library_path", "load", "load_failure", "native_disabled"]


#: The kernel's sizes (halves.c: MAX_SIDE, MAX_DRAW, MAX_UNSEEN).
MAX_SIDE, MAX_DRAW, MAX_UNSEEN = 16, 8, 64

#: Why a library did not load, by path (for :func:`showdown_counter`).
_LOAD_FAILURES: dict[Path, str] = {}

#: One count at a time (ctypes lets other threads run meanwhile; each count holds its tables,
#: up to hundreds of megabytes, and the kernel's binomial table is shared).
_LOCK = threading.Lock()


def library_path() -> Path:
    """Where the build hook puts the compiled kernel."""
    return Path(__file__).with_name(LIBRARY_NAME)


def load(path: Path) -> Any:
    """The kernel in ``path``, typed, or ``None`` (absent; or it fails to load: a warning).

    Loaded and checked by :func:`primero.native_kernel.open_library` (whole, of this
    interface); typed here.

    Returns:
        The :class:`ctypes.CDLL` with ``primero_halves_count`` typed, or ``None``.
    """
    if not path.is_file():
        return None
    try:
        lib = open_library(path)
    except (OSError, AttributeError) as exc:
        _LOAD_FAILURES[path] = str(exc)
        warnings.warn(f"primero: the compiled showdown kernel {path} does not load ({exc}); "
                      "counting with numpy instead", RuntimeWarning, stacklevel=3)
        return None
    import numpy as np

    int32s = np.ctypeslib.ndpointer(dtype=np.int32, flags="C_CONTIGUOUS")
    int64s = np.ctypeslib.ndpointer(dtype=np.int64, flags=("C_CONTIGUOUS", "WRITEABLE"))
    count = lib.primero_halves_count
    count.restype = ctypes.c_int
    count.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, int32s, int32s,
                      int64s, int64s, int64s]
    return lib


@lru_cache(maxsize=1)
def library() -> Any:
    """The installed kernel (:func:`load` of :func:`library_path`, once per process)."""
    return load(library_path())


def load_failure(path: Path) -> str | None:
    """Why the library at ``path`` did not load in this process (``None``: it did, or untried)."""
    return _LOAD_FAILURES.get(path)


def _side_deals(u: int, drawing: int) -> int:
    """Deals of one half on all its sets: C(u, 2d) sets, (2d)! / 2**d ways to deal each."""
    deals: int = math.comb(u, 2 * drawing) * math.factorial(2 * drawing) // 2**drawing
    return deals


def count_by_halves(keys: Sequence[Any], to_come: Sequence[int], u: int, cut: int,
                    k_count: int) -> tuple[list[int], list[int], list[int]] | None:
    """Count every deal by its best hands in C, or ``None`` (count with numpy instead).

    Args:
        keys: Per player, a drawing player's ``(u * u,)`` int32 dense keys of every pair of
            unseen positions (symmetric), or a full hand's int key.
        to_come: Each player's missing cards: 2 or 0.
        u: Unseen cards.
        cut: The first half's players: ``0 .. cut - 1``.
        k_count: Dense keys are in ``0 .. k_count - 1``.

    Returns:
        ``(win, outright, best)`` deal counts per player, or ``None``.

    Raises:
        MemoryError: the kernel could not allocate its tables.
    """
    if native_disabled():
        return None
    n = len(to_come)
    halves = (range(cut), range(cut, n))
    drawing = [sum(1 for j in half if to_come[j] == 2) for half in halves]
    deals = [_side_deals(u, d) for d in drawing]
    every = math.perm(u, 2 * sum(drawing)) // 2 ** sum(drawing)  # every deal of both halves
    if (max(len(h) for h in halves) > MAX_SIDE or max(drawing) > MAX_DRAW or u > MAX_UNSEEN
            or max(deals) >= 2**32 or every >= 2**63):
        return None
    lib = library()
    if lib is None:
        return None
    import numpy as np

    matrices = np.empty((n, u * u), dtype=np.int32)
    for j in range(n):
        matrices[j] = keys[j]  # a full hand's key fills its row
    win, outright, best = (np.zeros(n, dtype=np.int64) for _ in range(3))
    with _LOCK:
        status = lib.primero_halves_count(n, u, cut, k_count,
                                          np.ascontiguousarray(to_come, dtype=np.int32),
                                          matrices, win, outright, best)
    if status == 1:
        return None
    if status == 2:
        raise MemoryError("the compiled showdown kernel could not allocate its tables")
    return win.tolist(), outright.tolist(), best.tolist()
