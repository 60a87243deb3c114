"""Type stub of the compiled hand evaluator (``src/primero/_native/evaluate.c``).

A C extension of Python's limited API, built at install where a C compiler is found; see
:mod:`primero.native_evaluator`, which imports it and binds it to each ranking.
"""

from collections.abc import Callable, Sequence
from typing import Any

def strengths(hands: Any, cards: int, table: Any, out: Any, /) -> int:
    """``Ranking.evaluate_many``'s batch: -1, the first row found wrong, or -2 (not read).

    ``hands`` is an ``(N, 4)`` buffer of integers in the machine's byte order (any strides),
    ``cards`` the pack's size, ``table`` the strengths by colex index (1-D, contiguous) and
    ``out`` ``N`` items of ``table``'s format (contiguous, written). ``-2`` (nothing written)
    also for an object that lends no buffer; raises ``ValueError`` for a table or out that
    does not fit.
    """

def bind(
    cards: Sequence[object],
    offsets: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
    size: int,
    value_type: type,
    fallback: Callable[..., Any],
    /,
) -> Callable[..., Any]:
    """A native evaluator for one ranking, ``fallback`` for any call but four of ``cards``."""
