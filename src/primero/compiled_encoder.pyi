"""Type stub of the compiled tensor writes (``src/primero/_native/encode.c``).

A C extension of Python's limited API, built at install where a C compiler is found; see
:mod:`primero.tensor_writes`, whose pure-Python functions these are the twins of.
"""

from collections.abc import Callable
from typing import Any

def patch(view: Any, kept: list[Any], state: Any, slots: tuple[int | None, ...],
          at: tuple[int, int, int, int, int, float, float, str], /) -> int | None:
    """Patch a tensor template's present to ``state``'s (see primero.tensor_writes.patch)."""

def link(view: Any, at: int, move: tuple[int, int, int, int, int, int],
         layout: tuple[int, int, float, float, int, int, int, int, int], /) -> None:
    """Add one decision to the history pieces (see primero.tensor_writes.link)."""

def private_ones(seat: Any, index: int, at: tuple[Any, ...], /) -> tuple[int, ...]:
    """Where a seat's 1s go in its tensor (see primero.tensor_writes.private_ones)."""

def private_copy(view: Any, copy: Callable[[], Any], ones: tuple[int, ...], /) -> Any:
    """A copy of the template with 1.0 at ``ones`` (see primero.tensor_writes.private_copy)."""
