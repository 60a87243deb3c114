"""The seeded shuffle of a deal's stock: compiled where it loads, else pure Python.

:func:`primero.setup.seeded_stock` makes every seeded deal's stock: the pack in the order
``random.Random(seed).shuffle`` leaves it (deal records replay from seeds, so a seed must
deal the stock it always dealt). Two shuffles give that order:

* :func:`python_shuffle`, Fisher-Yates with ``random``'s ``_randbelow`` inlined on the C
  generator ``random.Random`` extends (standard library only);
* the C extension ``primero.compiled_shuffle`` (source ``src/primero/_native/shuffle.c``,
  built at install with primero's other extensions by ``hatch_build.py``, limited API):
  CPython's Mersenne Twister seeded as ``random.seed`` seeds an int, the same draws, the
  same swaps, in one native call (about a third of the pure shuffle's instructions).

:func:`shuffler` gives the compiled one where the extension loads and ``PRIMERO_NO_NATIVE``
is not set (any value but ``""`` or ``"0"``, as for the other compiled units), else the pure
one: decided once, the first time it is asked for (a deal's start asks at every deal: the
switch is not read again). :func:`shuffle_reason` says why the pure one is used.
Standard library only and cheap to import.
"""

from __future__ import annotations

import os
from _random import Random as _BaseRandom

from primero.native_evaluator import build_report, load_extension, native_disabled

# typing is not imported where it is not needed: ``primero --version`` may report from here
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    #: A shuffle: ``(cards, seed)`` to the cards in ``random.Random(seed).shuffle``'s order.
    Shuffle = Callable[[tuple[Any, ...], int], tuple[Any, ...]]

__all__ = ["EXTENSION_STATUS_NAME", "python_shuffle", "shuffle_line", "shuffle_reason",
           "shuffler"]

#: The build hook's one-line report beside the extension: ``built`` or ``not built: <why>``.
EXTENSION_STATUS_NAME = "compiled_shuffle.status"

#: Per pack size: ``(i, i + 1, bits)`` for each swap of a Fisher-Yates shuffle, last first.
_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def python_shuffle(cards: Sequence[Any], seed: int) -> tuple[Any, ...]:
    """``cards`` in the order ``random.Random(seed).shuffle`` gives a list of them, in Python.

    ``random.shuffle``'s Fisher-Yates with its ``_randbelow`` inlined, on the C generator
    that ``random.Random`` extends (an ``int`` seed seeds both alike), with each swap's bound
    and bit count worked out once per pack size. The compiled shuffle's fallback and its
    reference.

    Args:
        cards: The items in their order before the shuffle.
        seed: A whole number from 0 (not checked here: :func:`primero.setup.seeded_stock`
            checks it).

    Returns:
        A new tuple of the same items.
    """
    items = list(cards)
    swaps = _SWAPS.get(len(items))
    if swaps is None:
        swaps = _SWAPS[len(items)] = tuple((i, i + 1, (i + 1).bit_length())
                                            for i in range(len(items) - 1, 0, -1))
    getrandbits = _BaseRandom(seed).getrandbits
    for i, n, bits in swaps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


#: Once decided: the shuffle to use, its file (``None``: the pure one) and why not compiled.
_chosen: tuple[Shuffle, str | None, str | None] | None = None


def _choose() -> tuple[Shuffle, str | None, str | None]:
    """The shuffle to use, the compiled one's file (or ``None``) and why not compiled."""
    if native_disabled():
        return python_shuffle, None, "PRIMERO_NO_NATIVE is set"
    compiled, error = load_extension("primero.compiled_shuffle")
    if compiled is not None:
        shuffle: Shuffle = compiled.shuffle
        return shuffle, os.path.abspath(str(compiled.__file__)), None
    if isinstance(error, ModuleNotFoundError) and error.name == "primero.compiled_shuffle":
        report = build_report(EXTENSION_STATUS_NAME) or ""
        if report.startswith("not built:"):
            return (python_shuffle, None,
                    "not built at install: " + report.split(":", 1)[1].strip())
        return (python_shuffle, None,
                "no compiled shuffle beside primero: installed from a pure wheel or a source "
                "tree never built (pip install -e . compiles it)")
    return python_shuffle, None, f"the compiled shuffle does not load: {error}"


def shuffler() -> Shuffle:
    """The shuffle seeded deals use: ``shuffle(cards, seed)``, ``cards`` a tuple.

    The compiled one where it loads and ``PRIMERO_NO_NATIVE`` is not set, else
    :func:`python_shuffle`: the same order either way. Decided at the first call.
    The compiled one takes a tuple only (``TypeError`` else), a seed from 0 (``ValueError``
    for a negative one) and raises ``ValueError`` for more than ``2**31 - 1`` items.
    """
    global _chosen
    if _chosen is None:
        _chosen = _choose()
    return _chosen[0]


def shuffle_reason() -> str | None:
    """Why seeded stocks are shuffled in pure Python, or ``None`` where the compiled one is used."""
    shuffler()
    assert _chosen is not None
    return _chosen[2]


def shuffle_line() -> str:
    """One line saying which code shuffles seeded stocks, and why.

    ``seeded stocks: the native shuffle (<its file>)`` or ``seeded stocks: pure Python
    (<why>)``.
    """
    shuffler()
    assert _chosen is not None
    reason = _chosen[2]
    if reason is None:
        return f"seeded stocks: the native shuffle ({_chosen[1]})"
    return f"seeded stocks: pure Python ({reason})"
