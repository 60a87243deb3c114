"""Type stub of the compiled seeded shuffle (``src/primero/_native/shuffle.c``).

A C extension of Python's limited API, built at install where a C compiler is found; see
:mod:`primero.native_shuffle`, whose :func:`~primero.native_shuffle.python_shuffle` this is
the twin of.
"""

from typing import Any

def shuffle(cards: tuple[Any, ...], seed: int, /) -> tuple[Any, ...]:
    """``cards`` in the order ``random.Random(seed).shuffle`` gives, as a new tuple."""
