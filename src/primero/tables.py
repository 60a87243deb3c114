"""Compact hand tables: every four-card hand of a pack as one small integer, cached on disk.

A hand of four distinct cards with dense pack indices ``i0 < i1 < i2 < i3`` (see
:meth:`primero.cards.Pack.index`) has the perfect index (its colexicographic rank)
``i0 + C(i1, 2) + C(i2, 3) + C(i3, 4)``, ``0 .. C(n, 4) - 1``. A :class:`HandTable` holds, for
every index, the hand's class (a position in the ranking's classes), its points and its dense
strength: the position of its sort key (``primero_hand_order``) among the ranking's distinct
keys, so a larger strength is a better hand *under that ranking* (``losing``'s are inverted)
and equal strengths are ties. Three flat arrays: 0.5 MB for 40 cards, 1.4 MB for 52.

:func:`build_table` derives the table from the hooks' answers: when the variant classifies
with the core's rules (docs/rules/hands.md) the classes and points of all hands are computed
at once with numpy from the cards' points (``primero_card_points``, so a plug-in's points
count), and the ordering hook is asked once per distinct (class, points) when every
implementation of it declares that it looks at nothing else
(:func:`orders_by_class_and_points`). A plug-in that classifies or orders hands itself is
asked for every hand.

:func:`load_or_build` keeps tables in ``platformdirs.user_cache_dir("primero")``
(``PRIMERO_CACHE_DIR`` points elsewhere, ``PRIMERO_NO_CACHE=1`` turns it off), keyed by
everything that decides a ranking (variant, options, plug-ins and their versions, the version
of the code that builds tables: :func:`code_version`); only a regular
file is read (a FIFO at the path is never opened for reading, so it cannot block): a file is
written atomically (parallel workers see the old file or the whole new
one) and checked on load, and a corrupt or stale file is rebuilt with a
:class:`TableCacheWarning`, never trusted. The directory is resolved lazily (importing
``platformdirs`` costs a warm census about a sixth of its time): on Linux the table is first
looked for where platformdirs puts the cache in the usual case (``$XDG_CACHE_HOME``, else
``~/.cache``), read-only and checked like any file; when it is not there or fails a check,
platformdirs is asked and everything proceeds from its answer.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import stat
import sys
import warnings
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from primero.cards import Rank, format_cards
from primero.errors import InvalidDeckError, PluginError
from primero.options import Configured, Option, OptionValue

if TYPE_CHECKING:
    from pathlib import Path

    import pluggy

    from primero.cards import Card, Pack

__all__ = [
    "CACHE_DIR_ENV",
    "FORMAT_VERSION",
    "NO_CACHE_ENV",
    "TABLE_CODE",
    "Classified",
    "HandTable",
    "RankingHooks",
    "TableCacheWarning",
    "TableSpec",
    "TableVariant",
    "build_table",
    "cache_dir",
    "cache_key",
    "code_version",
    "colex_index",
    "colex_offsets",
    "every_hand",
    "load_or_build",
    "orders_by_class_and_points",
    "source_digest",
]


_HAND = 4
#: The offset of a card outside the pack: any index using it is past the end of every table.
OUTSIDE = 1 << 40

_F = TypeVar("_F", bound=Callable[..., Any])


class Classified(Protocol):
    """What a table reads of one hand's classification (a :class:`primero.hands.Classification`)."""

    @property
    def hand_class(self) -> str:
        """The class name."""
        ...

    @property
    def points(self) -> int:
        """The hand's points."""
        ...


_C = TypeVar("_C", bound=Classified)


class TableSpec(Protocol):
    """What a table reads of a variant's spec: its name and its declared options."""

    @property
    def name(self) -> str:
        """The variant's name."""
        ...

    @property
    def options(self) -> tuple[Option, ...]:
        """The declared options (which of them affect the ranking)."""
        ...


class RankingHooks(Protocol):
    """A variant's ranking hooks: which implementations answer decides what a build derives."""

    @property
    def ranking_manager(self) -> pluggy.PluginManager:
        """The plug-in manager of the ranking hooks."""
        ...


class TableVariant(Configured, Protocol):
    """What the tables read of the variant a table is built for: a configured Variant is one.

    Its name and the options that affect the ranking key the cache, its ranking hooks decide
    what :func:`build_table` may derive, and its option values drive the core's derivation.
    """

    @property
    def spec(self) -> TableSpec:
        """The registered spec (its name and declared options)."""
        ...

    @property
    def settings(self) -> tuple[tuple[str, OptionValue], ...]:
        """``(option, value)`` for every declared option."""
        ...

    @property
    def rules(self) -> RankingHooks:
        """The variant's checked rules (their ranking plug-in manager)."""
        ...


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

    size: int
    classes: tuple[str, ...]
    keys: tuple[tuple[int, ...], ...]
    class_ids: array[int]
    points: array[int]
    strength: array[int]

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
        """Check the arrays' lengths (one entry per hand of the pack) and value ranges.

        Raises:
            ValueError: an array has the wrong length, a class id or strength is out of
                range, or the keys are not distinct and ascending; the message says which.
        """
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


def _hook_functions(variant: TableVariant | None, hook: str) -> list[Any] | None:
    if variant is None:
        return None
    caller = getattr(variant.rules.ranking_manager.hook, hook)
    return [getattr(i.function, "__func__", i.function) for i in caller.get_hookimpls()]


def _standard_classify(variant: TableVariant | None) -> bool:
    """Whether the only ``primero_classify_hand`` is the core's (docs/rules/hands.md).

    The core's function is known by its module and name (:mod:`primero.rules.ranking` builds
    on this module, so it is not imported here).
    """
    functions = _hook_functions(variant, "primero_classify_hand")
    return functions is not None and len(functions) == 1 and (
        functions[0].__module__, functions[0].__qualname__) == (
        "primero.rules.ranking", "CoreRanking.primero_classify_hand")


def _order_by_class_and_points(variant: TableVariant | None) -> bool:
    functions = _hook_functions(variant, "primero_hand_order")
    return bool(functions) and all(
        getattr(f, "__primero_order_by_class_and_points__", False) for f in functions or ())


def every_hand(n: int) -> Any:
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


def _classify_standard_numpy(variant: TableVariant, pack: Pack, points: dict[Card, int],
                             hands: Any) -> tuple[list[str], Any, Any] | None:
    """Classes (as positions in a name list) and points of every hand, by the core's rules.

    Each card is looked up as three 64-bit words with one 16-bit lane per suit (a count, its
    points, its rank bit), so a hand's four words add up to its per-suit counts, points and
    ranks at once. ``None`` when a card's points do not fit a lane (the per-hand path then).
    """
    import numpy as np

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
        if str(options.get("supremus_suits", "one")) == "any":  # an A, 6, 7 of any suits
            held = np.bitwise_or.reduce([(ranks >> (16 * q)) & 0xFFFF for q in range(4)])
            sup = ((held & triple) == triple) & (suits > 1)
        else:
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
                classify: Callable[[tuple[Card, ...]], _C],
                order: Callable[[_C], tuple[int, ...]],
                variant: TableVariant | None, name: str) -> HandTable:
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
        hands = every_hand(len(pack))
        derived = _classify_standard_numpy(variant, pack, points, hands)
    if derived is not None:
        import numpy as np

        names, cls, pts = derived
        used = sorted(set(np.unique(cls).tolist()))
        missing = [names[k] for k in used if names[k] not in position]
        if missing:
            # a hand of that class asked of the hooks: their own check names the plug-in
            odd = names.index(missing[0])
            hand = hands[int(np.flatnonzero(cls == odd)[0])]
            classify(tuple(pack.ordered[i] for i in hand))
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
                    classify: Callable[[tuple[Card, ...]], _C],
                    order: Callable[[_C], tuple[int, ...]],
                    by_class_points: bool, name: str) -> HandTable:
    """Ask the hooks for every hand (a plug-in classifies hands itself)."""
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


#: Set to ``1`` to neither read nor write cached tables.
NO_CACHE_ENV = "PRIMERO_NO_CACHE"
#: A directory to keep cached tables in instead of the user's cache directory.
CACHE_DIR_ENV = "PRIMERO_CACHE_DIR"
#: Bumped whenever the file layout or the meaning of a table changes (2: CRC-32 checksums,
#: so a cold start need not load OpenSSL for ``hashlib``; 3: the checksum covers the header's
#: fields too, not only the arrays; 4: the key holds the version of the code that builds the
#: table, :func:`code_version`).
FORMAT_VERSION = 4
#: The modules whose code builds a table (paths in the package): the cards and packs, the
#: hand values, the core ranking and this module. Their source is the table code's version.
TABLE_CODE = ("cards.py", "hands.py", "rules/ranking.py", "tables.py")
_MAGIC = b"PRIMERO-HAND-TABLE\n"
#: The most bytes read from a table file (the 52-card pack's is about 1 MB): a file linked to
#: ``/dev/zero`` or a stray huge file is refused, not read into memory.
MAX_FILE_BYTES = 64 << 20


class TableCacheWarning(UserWarning):
    """A cached hand table could not be used (corrupt, stale, unwritable) and was rebuilt."""


# --------------------------------------------------------------------------------------------
# The cache on disk


def cache_dir() -> Path | None:
    """Where tables are cached, or ``None`` when ``PRIMERO_NO_CACHE`` is set."""
    from pathlib import Path

    directory = _cache_directory()
    return None if directory is None else Path(directory)


def _cache_off() -> bool:
    return os.environ.get(NO_CACHE_ENV, "").strip().lower() in ("1", "true", "yes")


def _cache_directory() -> str | None:
    """:func:`cache_dir` as text (no :mod:`pathlib` on the cold path)."""
    if _cache_off():
        return None
    chosen = os.environ.get(CACHE_DIR_ENV, "").strip()
    if chosen:
        return chosen
    import platformdirs

    return os.path.join(platformdirs.user_cache_dir("primero"), "tables")


def _likely_directory() -> str | None:
    """Where platformdirs keeps the tables in the usual case, without importing it; or ``None``.

    On Linux, ``platformdirs.user_cache_dir("primero")`` is ``$XDG_CACHE_HOME/primero`` when
    that variable is an absolute path, else ``$HOME/.cache/primero`` (a test compares the two
    under each case). Elsewhere, or with ``PRIMERO_CACHE_DIR`` set, or without an absolute
    ``HOME``: ``None``. Only a place to look first: a table found there is checked like any
    other, and on a miss ``_cache_directory`` asks platformdirs.
    """
    if not sys.platform.startswith("linux") or os.environ.get(CACHE_DIR_ENV, "").strip():
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.environ.get("HOME", "")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "primero", "tables")


def _digest(data: bytes) -> str:
    """A 64-bit checksum as hex (CRC-32 and Adler-32): catches damage, not forgery."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def source_digest(base: str) -> str:
    """The checksum of the :data:`TABLE_CODE` files under the directory ``base``.

    A file that cannot be read (a zipped install) counts as the installed distribution's
    version instead, so two releases still get different keys.
    """
    parts: list[bytes] = []
    for name in TABLE_CODE:
        try:
            with open(os.path.join(base, *name.split("/")), "rb") as handle:
                parts.append(handle.read())
        except OSError:
            parts.append(_installed_version().encode())
    return _digest(b"\0".join(parts))


def _installed_version() -> str:
    """The installed primero distribution's version (``"?"`` when it has no metadata)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("primero")
    except PackageNotFoundError:
        return "?"


@functools.cache
def code_version() -> str:
    """The version of the code that builds tables: :func:`source_digest` of this package.

    Part of every table's cache key, so a change to the ranking code (a new release, an edit
    of an installed copy, a checkout on another branch) is never served an old table.
    """
    return source_digest(os.path.dirname(os.path.abspath(__file__)))


def _module_stamp(obj: object) -> list[object]:
    """A plug-in's identity and version: module, qualname, ``__version__``, source stamp."""
    cls = obj if isinstance(obj, type) else type(obj)
    module = sys.modules.get(cls.__module__)
    stamp: list[object] = [cls.__module__, cls.__qualname__]
    top = sys.modules.get(cls.__module__.split(".")[0])
    stamp.append(str(getattr(module, "__version__", getattr(top, "__version__", ""))))
    path = getattr(module, "__file__", None)
    if path:
        try:
            st = os.stat(path)
            stamp += [st.st_size, st.st_mtime_ns]
        except OSError:
            stamp.append("?")
    return stamp


def cache_key(*, variant: TableVariant, pack: Pack, classes: tuple[str, ...],
              points: dict[Card, int]) -> str:
    """Everything that decides a ranking's table, as canonical JSON text.

    The format (:data:`FORMAT_VERSION`) and the version of the code that builds tables
    (:func:`code_version`), the variant, the options that decide the
    ranking (``affects_ranking``), the pack, the card points, the classes, and every rule object
    of the variant's plug-in manager (module, class, ``__version__``, source file size and
    modification time).
    """
    affects = {o.name: o.affects_ranking for o in variant.spec.options}
    plugins = [_module_stamp(p) for p in variant.rules.ranking_manager.get_plugins()]
    plugins.sort(key=repr)
    key = {
        "format": FORMAT_VERSION,
        "code": code_version(),
        "variant": variant.spec.name,
        "options": [[k, v] for k, v in variant.settings if affects.get(k, True)],
        "pack": [pack.name, [c.ascii for c in pack.ordered]],
        "points": [points[c] for c in pack.ordered],
        "classes": list(classes),
        "plugins": plugins,
    }
    return json.dumps(key, sort_keys=True, separators=(",", ":"), default=str)


def _file_for(directory: str, variant: TableVariant, pack: Pack, key: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in variant.spec.name)
    return os.path.join(directory, f"{safe}-{pack.name}-{_digest(key.encode())}.table")


def _serialise(table: HandTable, key: str) -> bytes:
    parts = [table.class_ids, table.points, table.strength]
    payload = b"".join(a.tobytes() for a in parts)
    fields = {
        "key": key,
        "size": table.size,
        "classes": list(table.classes),
        "keys": [list(k) for k in table.keys],
        "typecodes": [a.typecode for a in parts],
        "byteorder": sys.byteorder,
    }
    header = json.dumps({**fields, "checksum": _checksum(fields, payload)}).encode()
    return _MAGIC + len(header).to_bytes(8, "little") + header + payload


def _checksum(fields: dict[str, object], payload: bytes) -> str:
    """The checksum of a table file: its header's fields (canonical JSON) and its arrays.

    The header holds the sort keys (:attr:`HandValue.key` reads them) and how to read
    the arrays, so an edit there is damage as much as a flipped byte in the arrays.
    """
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return _digest(text.encode() + payload)


def _deserialise(data: bytes, key: str) -> HandTable:
    """Read a table file; ``ValueError`` saying why it cannot be trusted."""
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"larger than any table ({MAX_FILE_BYTES:,} bytes)")
    if not data.startswith(_MAGIC):
        raise ValueError("not a primero hand table")
    start = len(_MAGIC) + 8
    length = int.from_bytes(data[len(_MAGIC):start], "little")
    try:
        header = json.loads(data[start:start + length])
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"unreadable header ({exc})") from None
    if not isinstance(header, dict):
        raise ValueError("unreadable header")
    if header.get("key") != key:
        raise ValueError("stale: it was built for other rules, options or versions")
    payload = data[start + length:]
    fields = {name: value for name, value in header.items() if name != "checksum"}
    if _checksum(fields, payload) != header.get("checksum"):
        raise ValueError("checksum mismatch")
    if header.get("byteorder") != sys.byteorder:
        raise ValueError("written on a machine of another byte order")
    try:
        size = int(header["size"])
        n = comb(size, _HAND)
        parts: list[array[int]] = []
        offset = 0
        for code in header["typecodes"]:
            part = array(code)
            end = offset + part.itemsize * n
            part.frombytes(payload[offset:end])
            parts.append(part)
            offset = end
        if offset != len(payload) or len(parts) != 3:
            raise ValueError("payload size mismatch")
        table = HandTable(size=size, classes=tuple(header["classes"]),
                          keys=tuple(tuple(int(x) for x in k) for k in header["keys"]),
                          class_ids=parts[0], points=parts[1], strength=parts[2])
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"malformed ({exc})") from None
    table.validate()
    return table


def _write_atomically(path: str, data: bytes) -> None:
    import tempfile

    parent, name = os.path.split(path)
    os.makedirs(parent, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)  # atomic: readers see the old file or the whole new one
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _read_table_file(path: str) -> bytes:
    """The bytes of a table file (at most :data:`MAX_FILE_BYTES` + 1), from a regular file only.

    Opened without blocking and checked on the open descriptor: a FIFO (which would block the
    reader for ever), a device or a directory at the path is never read.

    Raises:
        FileNotFoundError: no file there.
        OSError: it cannot be opened.
        ValueError: it is not a regular file; the message says what it is.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else \
                "a directory" if stat.S_ISDIR(mode) else "not a regular file"
            raise ValueError(f"{kind}, not a table file: only regular files are read")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)


def load_or_build(*, variant: TableVariant, pack: Pack, classes: tuple[str, ...],
                  points: dict[Card, int], name: str,
                  build: Callable[[], HandTable]) -> HandTable:
    """The cached table of a variant's ranking, or a fresh one (then cached).

    A file that cannot be read, fails its checks or was built for other rules is rebuilt
    with a :class:`TableCacheWarning`, never trusted; a cache that cannot be written warns
    and is skipped, and a cache "directory" that is a file warns once and is not used.

    Args:
        variant: The variant whose ranking the table is of (its name and rule objects are
            part of the cache key, :func:`cache_key`).
        pack: The ranking's pack; the table has one entry per 4-card hand of it.
        classes: The ranking's class names, in its order.
        points: Each card's points (RULES.md §1, or the variant's own scale).
        name: The ranking's name. Not read: the file is named by the variant, the pack and
            a digest of the key.
        build: Builds the table when no cached one can be used.

    Returns:
        A table whose classes are ``classes`` and whose size is ``len(pack)``.
    """
    if _cache_off():
        return build()
    key = cache_key(variant=variant, pack=pack, classes=classes, points=points)
    likely = _likely_directory()
    if likely is not None:  # the usual place, looked at without importing platformdirs
        with contextlib.suppress(OSError, ValueError):
            found = _deserialise(_read_table_file(_file_for(likely, variant, pack, key)), key)
            if found.classes == classes and found.size == len(pack):
                return found
    directory = _cache_directory()
    if directory is None:  # pragma: no cover - the environment changed since _cache_off()
        return build()
    if os.path.exists(directory) and not os.path.isdir(directory):  # one warning, not two
        warnings.warn(f"the hand table cache {directory} is not a directory; the table is "
                      "built and not cached", TableCacheWarning, stacklevel=3)
        return build()
    path = _file_for(directory, variant, pack, key)
    try:  # a file that is not there is rebuilt quietly; any other fault warns
        table = _deserialise(_read_table_file(path), key)
    except FileNotFoundError:
        pass
    except OSError as exc:
        warnings.warn(f"cannot read the cached hand table {path}: "
                      f"{exc.strerror or exc}; rebuilding it", TableCacheWarning, stacklevel=3)
    except ValueError as exc:  # not a regular file, or a file that fails its checks
        warnings.warn(f"cached hand table {path} is unusable ({exc}); rebuilding it",
                      TableCacheWarning, stacklevel=3)
    else:
        if table.classes == classes and table.size == len(pack):
            return table
        warnings.warn(f"cached hand table {path} does not match the ranking; rebuilding",
                      TableCacheWarning, stacklevel=3)
    table = build()
    try:
        _write_atomically(path, _serialise(table, key))
    except OSError as exc:
        warnings.warn(f"cannot write the hand table cache {path}: {exc.strerror or exc}",
                      TableCacheWarning, stacklevel=3)
    return table
