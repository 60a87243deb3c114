"""Compact hand tables: every four-card hand of a pack as one small integer (DESIGN.md).

A hand of four distinct cards with dense pack indices ``i0 < i1 < i2 < i3`` (see
:meth:`primero.cards.Pack.index`) has the perfect index (its colexicographic rank)
``i0 + C(i1, 2) + C(i2, 3) + C(i3, 4)``, ``0 .. C(n, 4) - 1``. A :class:`HandTable` holds, for
every index, the hand's class (a position in the ranking's classes), its points and its dense
strength: the position of its sort key (``primero_hand_order``) among the ranking's distinct
keys, so a larger strength is a better hand *under that ranking* (``losing``'s are inverted)
and equal strengths are ties. Three flat arrays: 0.5 MB for 40 cards, 1.4 MB for 52.

:func:`build_table` derives the table from the hooks' answers: when the variant classifies
with the core's rules (RULES.md §2) the classes and points of all hands are computed at once
with numpy from the cards' points (``primero_card_points``, so a plug-in's points count), and
the ordering hook is asked once per distinct (class, points) when every implementation of it
declares that it looks at nothing else (:func:`orders_by_class_and_points`). A plug-in that
classifies or orders hands itself is asked for every hand, as it always was.

:func:`load_or_build` keeps tables on disk, in ``platformdirs.user_cache_dir("primero")``
(``PRIMERO_CACHE_DIR`` points elsewhere, ``PRIMERO_NO_CACHE=1`` turns it off), keyed by
everything that decides a ranking; a file is written atomically and checked on load, and a
corrupt or stale file is rebuilt with a :class:`TableCacheWarning`. The cache lives in
:mod:`primero.table_cache`; its names are importable from here too.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, TypeVar

from primero.errors import InvalidDeckError, PluginError

if TYPE_CHECKING:

    from primero.cards import Card, Pack
    from primero.hands import Classification
    from primero.table_cache import (
        CACHE_DIR_ENV,
        FORMAT_VERSION,
        NO_CACHE_ENV,
        TableCacheWarning,
        cache_dir,
        load_or_build,
    )
    from primero.variant import Variant

__all__ = [
    "CACHE_DIR_ENV",
    "FORMAT_VERSION",
    "NO_CACHE_ENV",
    "HandTable",
    "TableCacheWarning",
    "build_table",
    "cache_dir",
    "colex_index",
    "colex_offsets",
    "load_or_build",
    "orders_by_class_and_points",
]

_HAND = 4
#: The offset of a card outside the pack: any index using it is past the end of every table.
OUTSIDE = 1 << 40

_F = TypeVar("_F", bound=Callable[..., Any])


def orders_by_class_and_points(function: _F) -> _F:
    """Mark a ``primero_hand_order`` implementation as depending on class and points only.

    When every implementation of the ordering hook in a variant carries this mark, the table
    build asks the hook once per distinct (class, points) instead of once per hand. Apply it
    under ``@hookimpl``; a plug-in whose order looks at the counting cards must not use it.
    """
    function.__primero_order_by_class_and_points__ = True  # type: ignore[attr-defined]
    return function


def colex_offsets(pack: Pack) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per :attr:`Card.index` (0..51), the four terms of the colex index, for fast look-ups.

    ``c1[a] + c2[b] + c3[c] + c4[d]`` for the cards' indices ``a < b < c < d`` is the hand's
    table index; a card outside the pack puts it past the end of the table.
    """
    offsets: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])
    for position in pack.positions:
        for k, terms in enumerate(offsets, start=1):
            terms.append(OUTSIDE if position < 0 else comb(position, k))
    return offsets


def colex_index(indices: Iterable[int]) -> int:
    """The table index of a hand given the dense pack indices of its four distinct cards."""
    return sum(comb(i, k) for k, i in enumerate(sorted(indices), start=1))


class HandTable:
    """Every hand of a pack under one ranking, by table index (see the module docstring).

    Attributes:
        size: The number of cards in the pack.
        classes: The ranking's classes, weakest first (``class_ids`` index them).
        keys: The distinct sort keys, ascending: strength ``s`` is key ``keys[s]``.
        class_ids: Per hand, the position of its class in ``classes`` (``array``).
        points: Per hand, its points (``array``).
        strength: Per hand, its dense strength (``array``; larger is better, equal ties).
    """

    __slots__ = ("_numpy", "class_ids", "classes", "keys", "points", "size", "strength")

    def __init__(self, *, size: int, classes: tuple[str, ...], keys: tuple[tuple[int, ...], ...],
                 class_ids: array[int], points: array[int], strength: array[int]) -> None:
        self.size = size
        self.classes = classes
        self.keys = keys
        self.class_ids = class_ids
        self.points = points
        self.strength = strength
        self._numpy: Any = None

    def __len__(self) -> int:
        return len(self.strength)

    @property
    def nbytes(self) -> int:
        """Bytes held by the three arrays."""
        return sum(a.itemsize * len(a) for a in (self.class_ids, self.points, self.strength))

    def arrays(self) -> tuple[Any, Any, Any]:
        """``(class_ids, points, strength)`` as read-only numpy views (no copy)."""
        if self._numpy is None:
            import numpy as np

            views = []
            for a in (self.class_ids, self.points, self.strength):
                view = np.frombuffer(a, dtype=np.dtype(a.typecode))
                views.append(view)
            self._numpy = tuple(views)
        return self._numpy  # type: ignore[no-any-return]

    def validate(self) -> None:
        """Check shapes and ranges; ``ValueError`` naming what is wrong."""
        n = comb(self.size, _HAND)
        for name in ("class_ids", "points", "strength"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has {len(getattr(self, name))} entries, not {n}")
        if n and not _all_below(self.class_ids, len(self.classes)):
            raise ValueError("class ids out of range")
        if n and not _all_below(self.strength, len(self.keys)):
            raise ValueError("strengths out of range")
        if list(self.keys) != sorted(set(self.keys)):
            raise ValueError("keys are not distinct and ascending")


def _all_below(values: array[int], limit: int) -> bool:
    """Whether every value is in ``0 .. limit - 1``, at C speed for the usual small arrays.

    One-byte and two-byte arrays with ``limit <= 256`` are checked on their bytes (a cold
    start loads a table in milliseconds, not the tens ``min``/``max`` over 270,725 ints take).
    """
    allowed = bytes(range(min(limit, 256)))
    if values.typecode == "b" and limit <= 128:
        return not values.tobytes().translate(None, allowed)
    if values.typecode == "h" and limit <= 256:
        raw = values.tobytes()
        low, high = (raw[0::2], raw[1::2]) if sys.byteorder == "little" else (raw[1::2],
                                                                                 raw[0::2])
        return high.count(0) == len(high) and not low.translate(None, allowed)
    return min(values) >= 0 and max(values) < limit


# --------------------------------------------------------------------------------------------
# Building


def _typecode(low: int, high: int) -> str:
    for code in ("b", "h", "i", "q"):
        bits = array(code).itemsize * 8
        if -(1 << (bits - 1)) <= low and high < (1 << (bits - 1)):
            return code
    raise PluginError(f"hand points {low}..{high} do not fit a 64-bit integer")


def _to_array(values: Any, smallest: str = "b") -> array[int]:
    """A compact ``array`` from a list or numpy array of ints (at least ``smallest`` wide)."""
    if hasattr(values, "tobytes"):
        if not len(values):
            return array(smallest)
        code = _typecode(min(int(values.min()), -1 << (array(smallest).itemsize * 8 - 1)),
                         int(values.max()))
        result = array(code)
        result.frombytes(values.astype(code).tobytes())
        return result
    items = list(values)
    low = min(items, default=0)
    return array(_typecode(min(low, -1 << (array(smallest).itemsize * 8 - 1)),
                           max(items, default=0)), items)


def _is_int_key(key: object) -> bool:
    return isinstance(key, tuple) and all(
        isinstance(part, int) and not isinstance(part, bool) for part in key)


def _dense(keys: Sequence[tuple[int, ...]], who: str) -> tuple[tuple[tuple[int, ...], ...],
                                                              dict[tuple[int, ...], int]]:
    for key in keys:
        if not _is_int_key(key):
            raise PluginError(f"{who}: primero_hand_order returned {key!r}, not a tuple of ints")
    ordered = tuple(sorted(set(keys)))
    return ordered, {key: s for s, key in enumerate(ordered)}


def _hook_functions(variant: Variant | None, hook: str) -> list[Any] | None:
    if variant is None:
        return None
    caller = getattr(variant.rules.manager.hook, hook)
    return [getattr(i.function, "__func__", i.function) for i in caller.get_hookimpls()]


def _standard_classify(variant: Variant | None) -> bool:
    """Whether the only ``primero_classify_hand`` is the core's (RULES.md §2)."""
    from primero.rules.ranking import StandardRanking

    functions = _hook_functions(variant, "primero_classify_hand")
    return functions == [StandardRanking.primero_classify_hand]


def _order_by_class_and_points(variant: Variant | None) -> bool:
    functions = _hook_functions(variant, "primero_hand_order")
    return bool(functions) and all(
        getattr(f, "__primero_order_by_class_and_points__", False) for f in functions or ())


def _hands(n: int) -> Any:
    """All hands of ``n`` cards as a ``(C(n, 4), 4)`` numpy array; row ``k`` has index ``k``.

    Built in colex order directly: the ``k``-subsets of ``range(n)`` are, for each top card
    ``t``, the ``(k - 1)``-subsets of ``range(t)`` (a prefix of the previous list) and ``t``.
    """
    import numpy as np

    subsets = np.arange(n, dtype=np.int16).reshape(-1, 1)
    for k in range(2, _HAND + 1):
        blocks = []
        for top in range(k - 1, n):
            head = subsets[:comb(top, k - 1)]
            blocks.append(np.hstack([head, np.full((len(head), 1), top, dtype=np.int16)]))
        subsets = np.vstack(blocks) if blocks else np.empty((0, k), dtype=np.int16)
    return subsets


def _colex_numpy(sorted_hands: Any, n: int) -> Any:
    import numpy as np

    terms = [np.array([comb(i, k) for i in range(max(n, 1))], dtype=np.int64)
             for k in range(1, _HAND + 1)]
    return sum(terms[k][sorted_hands[:, k]] for k in range(_HAND))


def _classify_standard_numpy(variant: Variant, pack: Pack, points: dict[Card, int],
                             hands: Any) -> tuple[list[str], Any, Any] | None:
    """Classes (as positions in a name list) and points of every hand, by the core's rules.

    Each card is looked up as three 64-bit words with one 16-bit lane per suit (a count, its
    points, its rank bit), so a hand's four words add up to its per-suit counts, points and
    ranks at once. ``None`` when a card's points do not fit a lane (the per-hand path then).
    """
    import numpy as np

    from primero.cards import Rank

    cards = pack.ordered
    if any(not 0 <= points[c] < 1 << 13 for c in cards):
        return None
    options = variant.options
    supremus = bool(options.get("supremus", True))
    chorus = bool(options.get("chorus", True))
    count_all = str(options.get("numerus_counts", "best_suit")) == "all"
    lane = [16 * int(c.suit) for c in cards]
    count_word = np.array([1 << k for k in lane], dtype=np.int64)
    points_word = np.array([points[c] << k for c, k in zip(cards, lane, strict=True)],
                           dtype=np.int64)
    rank_word = np.array([(1 << int(c.rank)) << k for c, k in zip(cards, lane, strict=True)],
                         dtype=np.int64)
    rank = np.array([int(c.rank) for c in cards], dtype=np.int8)
    columns = [hands[:, j] for j in range(_HAND)]
    counts = sum(count_word[h] for h in columns)
    suit_points = sum(points_word[h] for h in columns)
    ranks = sum(rank_word[h] for h in columns)
    per_suit = [(counts >> (16 * q)) & 0xFFFF for q in range(4)]
    points_of = [(suit_points >> (16 * q)) & 0xFFFF for q in range(4)]
    suits = sum((c > 0).astype(np.int8) for c in per_suit)
    total = sum(points_of)
    names = ["Numerus", "Primero", "Supremus", "Fluxus", "Chorus"]
    cls = np.zeros(len(hands), dtype=np.int8)
    out = total.copy()
    four = suits == 4
    cls[four] = 1
    if chorus:
        r = [rank[h] for h in columns]
        cls[four & (r[0] == r[1]) & (r[1] == r[2]) & (r[2] == r[3])] = 4
    cls[suits == 1] = 3
    numerus = (suits == 2) | (suits == 3)
    if supremus:
        triple = 1 << int(Rank.SEVEN) | 1 << int(Rank.SIX) | 1 << int(Rank.ACE)
        sup = np.zeros(len(hands), dtype=bool)
        for q in range(4):
            sup |= (per_suit[q] == 3) & (((ranks >> (16 * q)) & 0xFFFF) == triple)
        sup &= numerus
        cls[sup] = 2
        out[sup] = 55
        numerus &= ~sup
    if not count_all:
        best = np.maximum.reduce([np.where(c >= 2, p, -1) for c, p in
                                  zip(per_suit, points_of, strict=True)])
        out[numerus] = best[numerus]
    return names, cls, out


def build_table(*, pack: Pack, classes: tuple[str, ...], points: dict[Card, int],
                classify: Callable[[tuple[Card, ...]], Classification],
                order: Callable[[Classification], tuple[int, ...]],
                variant: Variant | None, name: str) -> HandTable:
    """Build the table of every hand of ``pack`` (derived where the hooks allow it).

    Args:
        pack: The pack.
        classes: The ranking's classes, weakest first.
        points: Each card's points (the ``primero_card_points`` answers).
        classify: One hand's classification (the ``primero_classify_hand`` chain).
        order: A classification's sort key (the ``primero_hand_order`` chain).
        variant: The variant, whose hook implementations decide what may be derived; ``None``
            asks ``classify`` and ``order`` for every hand.
        name: The ranking's name, for error messages.

    Raises:
        InvalidDeckError: a hand's class is not among ``classes``.
        PluginError: a sort key is not a tuple of ints.
    """
    position = {c: k for k, c in enumerate(classes)}
    by_class_points = _order_by_class_and_points(variant)
    hands: Any = None
    derived = None
    if variant is not None and _standard_classify(variant):
        hands = _hands(len(pack))
        derived = _classify_standard_numpy(variant, pack, points, hands)
    if derived is not None:
        import numpy as np

        names, cls, pts = derived
        used = sorted(set(np.unique(cls).tolist()))
        missing = [names[k] for k in used if names[k] not in position]
        if missing:
            raise InvalidDeckError(
                f"ranking {name}: class {missing[0]!r} is not among its classes {classes}")
        remap = np.array([position.get(c, -1) for c in names], dtype=np.int64)
        class_ids = remap[cls]
        low = int(pts.min())
        span = int(pts.max()) - low + 1
        codes, first, inverse = np.unique(class_ids * span + (pts - low), return_index=True,
                                          return_inverse=True)
        inverse = inverse.reshape(-1)
        pairs = np.stack([codes // span, codes % span + low], axis=1)
        cards = pack.ordered
        keys: list[tuple[int, ...]] = []
        if by_class_points:
            for (cid, pt), k in zip(pairs.tolist(), first.tolist(), strict=True):
                c = classify(tuple(cards[i] for i in hands[k]))
                if (position.get(c.hand_class), c.points) != (cid, pt):  # pragma: no cover
                    raise AssertionError(f"ranking {name}: derived table disagrees with hook")
                keys.append(order(c))
            ordered, rank_of = _dense(keys, f"ranking {name}")
            strength = np.array([rank_of[k] for k in keys], dtype=np.int64)[inverse]
        else:
            per_hand = [order(classify(tuple(cards[i] for i in h))) for h in hands.tolist()]
            ordered, rank_of = _dense(per_hand, f"ranking {name}")
            strength = np.array([rank_of[k] for k in per_hand], dtype=np.int64)
        return HandTable(size=len(pack), classes=classes, keys=ordered,
                         class_ids=_to_array(class_ids), points=_to_array(pts),
                         strength=_to_array(strength, "h"))
    return _build_per_hand(pack=pack, classes=classes, classify=classify, order=order,
                           by_class_points=by_class_points, name=name)


def _build_per_hand(*, pack: Pack, classes: tuple[str, ...],
                    classify: Callable[[tuple[Card, ...]], Classification],
                    order: Callable[[Classification], tuple[int, ...]],
                    by_class_points: bool, name: str) -> HandTable:
    """Ask the hooks for every hand (a plug-in classifies hands itself)."""
    from primero.cards import format_cards

    position = {c: k for k, c in enumerate(classes)}
    cards = pack.ordered
    n = len(cards)
    total = comb(n, _HAND)
    class_ids = [0] * total
    pts = [0] * total
    key_of_hand: list[tuple[int, ...]] = [()] * total
    memo: dict[object, tuple[int, ...]] = {}
    terms = [[comb(i, k) for i in range(n)] for k in range(1, _HAND + 1)]
    t1, t2, t3, t4 = terms
    for a, b, c, d in combinations(range(n), _HAND):
        hand = (cards[a], cards[b], cards[c], cards[d])
        found = classify(hand)
        cid = position.get(found.hand_class)
        if cid is None:
            raise InvalidDeckError(
                f"ranking {name}: class {found.hand_class!r} of {format_cards(hand)} is not"
                f" among its classes {classes}"
            )
        memo_key: object = (cid, found.points) if by_class_points else found
        key = memo.get(memo_key)
        if key is None:
            key = memo[memo_key] = order(found)
        index = t1[a] + t2[b] + t3[c] + t4[d]
        class_ids[index], pts[index], key_of_hand[index] = cid, found.points, key
    ordered, rank_of = _dense(list(memo.values()), f"ranking {name}")
    strength = [rank_of[k] for k in key_of_hand]
    return HandTable(size=n, classes=classes, keys=ordered, class_ids=_to_array(class_ids),
                     points=_to_array(pts), strength=_to_array(strength, "h"))


_CACHE_NAMES = frozenset(("CACHE_DIR_ENV", "FORMAT_VERSION", "NO_CACHE_ENV", "TableCacheWarning",
                          "cache_dir", "cache_key", "load_or_build", "_serialise",
                          "_deserialise"))


def __getattr__(name: str) -> object:
    """The cache's names, defined in :mod:`primero.table_cache` (which imports this module)."""
    if name in _CACHE_NAMES:
        from primero import table_cache

        return getattr(table_cache, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
