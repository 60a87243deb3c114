"""Type stub of the compiled hand evaluator (``src/primero/_native/evaluate.c``).

A C extension of Python's limited API, built at install where a C compiler is found; see
:mod:`primero.native_evaluator`, which imports it and binds it to each ranking.
"""

from collections.abc import Callable, Sequence
from typing import Any

def bind(
    cards: Sequence[object],
    offsets: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
    size: int,
    value_type: type,
    fallback: Callable[..., Any],
    /,
) -> Callable[..., Any]:
    """A native evaluator for one ranking, ``fallback`` for any call but four of ``cards``."""
