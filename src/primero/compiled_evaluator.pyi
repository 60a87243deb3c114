"""Type stub of the native evaluator extension (built from src/primero/_native/evaluate.c; see primero.native_evaluator)."""

from collections.abc import Callable, Sequence
from typing import Any

def bind(
    cards: Sequence[object],
    offsets: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
    size: int,
    value_type: type,
    fallback: Callable[[Any], Any],
    /,
) -> Callable[[Any], Any]: ...
