"""Showdown counting by halves: exact counts for many players who each need two cards.

The players are cut into a first half (nearest the eldest) and a second half. A deal of the
missing cards is a deal to each half on two disjoint sets of unseen cards, so

    deals where player ``i`` of the first half comes out best
        = sum over sets ``S`` of the first half's deals on ``S`` with ``i`` best there and
          key ``t``, times the second half's deals on sets disjoint from ``S`` whose best
          key loses to ``t``.

The second factor, for every set ``S`` and key ``t`` at once, comes from the second half's
table ``g(T, k)`` (deals on the set ``T`` whose best key is ``k``) by inclusion–exclusion over
the cards two sets share: ``[S ∩ T = ∅] = Σ_{U ⊆ S ∩ T} (-1)^{|U|}``, so

    Σ_{T ∩ S = ∅} g(T, k) = Σ_{U ⊆ S} (-1)^{|U|} Σ_{T ⊇ U} g(T, k),

a superset sum then a signed subset sum over the sets of at most six unseen cards (fast zeta
transforms, one card at a time). Everything is integer arithmetic: the counts are exact.

The same count runs in C where the install compiled ``primero/analysis/_native/halves.c``
(about fifteen times faster; :func:`count_by_halves` picks it), else in the numpy code here;
:func:`showdown_counter` says which, and why.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from primero.analysis import _native
from primero.errors import PrimeroError
from primero.hands import HAND_SIZE, Ranking
from primero.native_kernel import counter_line, counter_reason

__all__ = ["MAX_TABLE_ENTRIES", "ShowdownCounter", "count_by_halves", "showdown_by_halves",
           "showdown_counter"]

#: The most table entries (sets of unseen cards times distinct strengths) one count may hold.
MAX_TABLE_ENTRIES = 120_000_000


@attrs.frozen
class ShowdownCounter:
    """Which code counts exact showdown odds in this process, and why.

    ``str()`` of it is the line ``primero --version`` prints, e.g. ``showdown odds: the
    native kernel (/…/_primero_native.so)`` or ``showdown odds: numpy (the kernel was not
    built at install: no C compiler found …)``.

    Attributes:
        native: Whether the compiled kernel counts (``False``: numpy does).
        reason: Why numpy counts (``""`` when the kernel does).
        path: Where the kernel is (or would be).
    """

    native: bool
    reason: str
    path: Path

    def __str__(self) -> str:
        return counter_line(self.reason, self.path)


def showdown_counter() -> ShowdownCounter:
    """Whether the compiled showdown kernel or numpy counts exact showdown odds, and why.

    The kernel counts unless ``PRIMERO_NO_NATIVE`` is set, it was not built at install (no
    C compiler: the build hook's reason is kept beside the package), or it does not load
    (another processor or system, a damaged file). Counts beyond the kernel's sizes (see
    :mod:`primero.analysis._native`) go to numpy whatever this says. Loads the kernel if it
    is not yet loaded.

    Returns:
        The :class:`ShowdownCounter`.
    """
    path = _native.library_path()

    def loads(_: object) -> str | None:
        if _native.library() is not None:
            return None
        return _native.load_failure(path) or "it failed to load"

    reason = counter_reason(path, loads)
    return ShowdownCounter(not reason, reason, path)


@lru_cache(maxsize=4)
def _subsets(u: int, top: int) -> tuple[list[Any], list[int], list[tuple[Any, Any]]]:
    """Every set of at most ``top`` of ``u`` cards, in colexicographic order by size.

    Returns ``(combos, offsets, passes)``: ``combos[k]`` is the ``(C(u, k), k)`` array of the
    sets of ``k`` cards (rank = row), ``offsets[k]`` the first flat index of size ``k``, and
    ``passes[i]`` the flat indices ``(with_i, without_i)`` of every set holding card ``i``
    and of that set without it.
    """
    import numpy as np

    binom = np.array([[math.comb(n, r) for r in range(top + 2)] for n in range(u + 1)],
                     dtype=np.int64)
    combos = [np.zeros((1, 0), dtype=np.int64)]
    for k in range(1, top + 1):
        below = combos[k - 1]
        parts = [np.hstack([below[:math.comb(m, k - 1)],
                            np.full((math.comb(m, k - 1), 1), m, dtype=np.int64)])
                 for m in range(k - 1, u)]
        combos.append(np.vstack(parts) if parts else np.zeros((0, k), dtype=np.int64))
    offsets = [0]
    for k in range(top + 1):
        offsets.append(offsets[-1] + len(combos[k]))
    elements, with_, without = [], [], []
    for k in range(1, top + 1):
        sets = combos[k]
        terms = [binom[sets[:, j], j + 1] for j in range(k)]  # colex rank = sum of terms
        shifted = [binom[sets[:, j], j] for j in range(k)]  # a card moved one place down
        for p in range(k):
            rank = sum((terms[j] for j in range(p)), np.zeros(len(sets), dtype=np.int64))
            for j in range(p + 1, k):
                rank = rank + shifted[j]
            elements.append(sets[:, p])
            with_.append(offsets[k] + np.arange(len(sets), dtype=np.int64))
            without.append(offsets[k - 1] + rank)
    element = np.concatenate(elements) if elements else np.zeros(0, dtype=np.int64)
    order = np.argsort(element, kind="stable")
    w, wo, e = np.concatenate(with_)[order], np.concatenate(without)[order], element[order]
    cuts = np.searchsorted(e, np.arange(u + 1))
    passes = [(w[cuts[i]:cuts[i + 1]], wo[cuts[i]:cuts[i + 1]]) for i in range(u)]
    return combos, offsets, passes


def _pair_splits(cards: int) -> list[tuple[tuple[int, int], ...]]:
    """Every way to hand ``cards`` positions out as an ordered list of pairs."""
    if cards == 0:
        return [()]
    found: list[tuple[tuple[int, int], ...]] = []
    for a in range(cards):
        for b in range(a + 1, cards):
            rest = [p for p in range(cards) if p not in (a, b)]
            for tail in _pair_splits(cards - 2):
                found.append(((a, b), *((rest[x], rest[y]) for x, y in tail)))
    return found


def _halves(to_come: Sequence[int]) -> int:
    """Where to cut the players: the first half takes half the drawing players, rounded up."""
    drawing = [i for i, n in enumerate(to_come) if n == 2]
    if len(drawing) < 2:
        return 1
    return drawing[(len(drawing) + 1) // 2 - 1] + 1


def _table_entries(unseen: int, top: int, strengths: int) -> int:
    """The entries of the transform's table: every set of at most ``top`` cards, by strength."""
    return sum(math.comb(unseen, k) for k in range(top + 1)) * strengths


def showdown_by_halves(ranking: Ranking, held: Sequence[Sequence[int]],
                       to_come: Sequence[int], unseen: Sequence[int]) \
        -> tuple[list[int], list[int], list[int]]:
    """Count every deal by its best hands, for players who each need two cards or none.

    Args:
        ranking: The ranking (its compact table, through :meth:`Ranking.evaluate_many`).
        held: Each player's known pack indices, in playing order from the eldest.
        to_come: Each player's missing cards: 2 or 0.
        unseen: The pack indices the missing cards come from.

    Returns:
        ``(win, outright, best)`` deal counts per player: best hand with ties to the eldest,
        strictly best, best or tied.

    Raises:
        PrimeroError: the tables would hold more than :data:`MAX_TABLE_ENTRIES` entries.
    """
    keys, k_count = _dense_keys(ranking, held, to_come, unseen)
    return count_by_halves(keys, to_come, len(unseen), k_count)


def _dense_keys(ranking: Ranking, held: Sequence[Sequence[int]], to_come: Sequence[int],
                unseen: Sequence[int]) -> tuple[list[Any], int]:
    """Every player's strengths as dense keys ``0 .. k_count - 1`` (larger = better).

    Returns ``(keys, k_count)``: per drawing player the ``(u * u,)`` int32 keys of every pair
    of unseen positions (symmetric; the diagonal 0, never read), per full hand its key.
    """
    import numpy as np

    n, u = len(held), len(unseen)
    xs, ys = np.triu_indices(u, k=1)
    positions = np.asarray(unseen, dtype=np.int64)
    raw: list[Any] = []
    for j in range(n):
        if to_come[j] == 2:
            hands = np.empty((len(xs), HAND_SIZE), dtype=np.int64)
            hands[:, :2] = held[j]
            hands[:, 2], hands[:, 3] = positions[xs], positions[ys]
            raw.append(ranking.evaluate_many(hands))
        else:
            raw.append(ranking.evaluate_many(np.array([held[j]], dtype=np.int64)))
    levels, dense = np.unique(np.concatenate(raw), return_inverse=True)
    keys: list[Any] = []
    start = 0
    for j in range(n):
        part = dense[start:start + len(raw[j])].astype(np.int32)
        start += len(raw[j])
        if to_come[j] == 2:
            matrix = np.zeros((u, u), dtype=np.int32)
            matrix[xs, ys] = part
            matrix[ys, xs] = part
            keys.append(matrix.ravel())
        else:
            keys.append(int(part[0]))
    return keys, len(levels)


def count_by_halves(keys: Sequence[Any], to_come: Sequence[int], u: int, k_count: int, *,
                    native: bool = True) -> tuple[list[int], list[int], list[int]]:
    """Count every deal by its best hands from the players' dense keys.

    By the compiled kernel (``primero.analysis._native``) when it is built, loads and
    takes the count (and ``native`` and ``PRIMERO_NO_NATIVE`` allow it), else with numpy;
    both give the same exact counts.

    Args:
        keys: Per player, a drawing player's ``(u * u,)`` int32 dense keys of every pair of
            unseen positions (symmetric), or a full hand's int key.
        to_come: Each player's missing cards: 2 or 0.
        u: Unseen cards.
        k_count: Dense keys are in ``0 .. k_count - 1``.
        native: Whether the compiled kernel may count.

    Returns:
        ``(win, outright, best)`` deal counts per player.

    Raises:
        PrimeroError: fewer than two players, a player missing other than 2 or 0 cards,
            fewer unseen cards than the drawing players need, a key matrix of the wrong
            size, a key outside ``0 .. k_count - 1``, tables of more than
            :data:`MAX_TABLE_ENTRIES` entries, or, counting with numpy, a half of more
            deals than that (8 players after round 1 in the 40-card pack).
    """
    import numpy as np

    _check_keys(keys, to_come, u, k_count)
    n = len(to_come)
    if all(c == 0 for c in to_come):  # nothing to deal: the one deal of the hands as they are
        return _full_hands_only([int(k) for k in keys])
    cut = _halves(to_come)
    first, second = list(range(cut)), list(range(cut, n))
    sizes = [2 * sum(1 for j in side if to_come[j] == 2) for side in (first, second)]
    entries = _table_entries(u, max(sizes), k_count)
    if entries > MAX_TABLE_ENTRIES:
        raise PrimeroError(
            f"counting {n} hands by halves would hold {entries:,} table entries (every set of "
            f"up to {max(sizes)} of the {u} unseen cards, by {k_count} strengths), more than "
            f"{MAX_TABLE_ENTRIES:,}: give dead cards or fewer players")
    if native:
        counted = _native.count_by_halves(keys, to_come, u, cut, k_count)
        if counted is not None:  # the compiled kernel: the same count, in C
            return counted
    deals = max(math.comb(u, size) * math.factorial(size) // 2 ** (size // 2)
                for size in sizes)
    if deals > MAX_TABLE_ENTRIES:  # numpy holds a half's every deal: (splits, sets) arrays
        raise PrimeroError(
            f"counting {n} hands by halves with numpy would hold {deals:,} deals of one half "
            f"(every way to deal {max(sizes)} of the {u} unseen cards), more than "
            f"{MAX_TABLE_ENTRIES:,}; the compiled kernel counts it (not built, not loaded, or "
            f"PRIMERO_NO_NATIVE set): give dead cards or fewer players")
    combos, offsets, passes = _subsets(u, max(sizes))
    sides = [_side(side, sizes[s], combos[sizes[s]], keys, to_come, u, k_count)
             for s, side in enumerate((first, second))]
    win, outright, best = [0] * n, [0] * n, [0] * n
    for s in (0, 1):
        other = 1 - s
        # only the best keys the other half reaches need a column
        reached = np.flatnonzero(sides[other].table.any(axis=0))
        beaten = _disjoint_sums(sides[other].table[:, reached], sizes[other], sizes[s],
                                offsets, passes, sides[other].deals)
        every_key = np.arange(k_count)
        columns = (np.searchsorted(reached, every_key, side="left"),  # keys below t
                   np.searchsorted(reached, every_key, side="right"))  # keys at most t
        below = sides[s].deals * sides[other].deals  # bounds every partial sum
        found = _hero_sums_by_holders(sides[s], beaten, columns, other_after=s == 0) \
            if sides[s].holders is not None and below < 2**53 else \
            _hero_sums(sides[s], beaten, columns, other_after=s == 0)
        for j, w, o, b in found:
            win[j], outright[j], best[j] = w, o, b
    return win, outright, best


#: Sets of cards handled at once: a block's tables stay in the processor's cache.
BLOCK = 4096
#: The most players of one half whose deals remember who holds the best key (8 bits).
HOLDER_PLAYERS = 8


def _check_keys(keys: Sequence[Any], to_come: Sequence[int], u: int, k_count: int) -> None:
    """Refuse what :func:`count_by_halves` cannot count (the compiled kernel trusts its input)."""
    import numpy as np

    n = len(to_come)
    if n < 2 or len(keys) != n:
        raise PrimeroError(f"counting by halves needs two or more players and one key entry "
                           f"each: {n} players, {len(keys)} key entries")
    drawing = 0
    for j, (c, k) in enumerate(zip(to_come, keys, strict=True)):
        if c == 2:
            drawing += 1
            matrix = np.asarray(k)
            if matrix.shape != (u * u,):
                raise PrimeroError(f"player {j + 1}'s keys have shape {matrix.shape}; "
                                   f"expected ({u * u},), one per pair of the {u} unseen cards")
            low, high = (int(matrix.min()), int(matrix.max())) if u else (0, 0)
        elif c == 0:
            low = high = int(k)
        else:
            raise PrimeroError(f"player {j + 1} is missing {c} card{'' if c == 1 else 's'}; "
                               "counting by halves takes players missing 2 or 0")
        if low < 0 or high >= k_count:
            raise PrimeroError(f"player {j + 1}'s keys run from {low} to {high}; expected "
                               f"0 .. {k_count - 1}")
    if 2 * drawing > u:
        raise PrimeroError(f"{drawing} players need two cards each but only {u} are unseen")


def _full_hands_only(keys: list[int]) -> tuple[list[int], list[int], list[int]]:
    """The counts of the one deal when every hand is full: ties go to the eldest in ``win``."""
    top = max(keys)
    holders = [j for j, k in enumerate(keys) if k == top]
    win = [int(j == holders[0]) for j in range(len(keys))]
    outright = [int(len(holders) == 1 and j == holders[0]) for j in range(len(keys))]
    best = [int(j in holders) for j in range(len(keys))]
    return win, outright, best


class _Side:
    """One half's deals on each set of its cards, and the best key of each.

    ``keys[p]`` is a ``(choices, sets)`` array: player ``p``'s key for each of its choices of
    two positions within a set (one row for a full hand), ``choice[s, p]`` the choice of
    player ``p`` in the split ``s`` of a set's positions, ``table`` the ``(sets, strengths)``
    deals on each set by best key. For at most :data:`HOLDER_PLAYERS` players and 256
    strengths, ``top`` and ``holders`` are ``(splits, sets)`` arrays: each deal's best key and
    who holds it (bit ``p`` for player ``p``), so that the players' sums need not look the
    keys up again; otherwise ``None``.
    """

    def __init__(self, players: list[int], keys: list[Any], choice: Any, table: Any,
                 top: Any = None, holders: Any = None) -> None:
        self.players = players
        self.keys = keys
        self.choice = choice
        self.table = table
        self.top = top
        self.holders = holders
        self.rows = table.shape[0]
        self.deals = self.rows * len(choice)

    def block(self, start: int, stop: int) -> list[Any]:
        """Each player's ``(splits, stop - start)`` keys on the sets ``start:stop``."""
        return [self.keys[p][self.choice[:, p], start:stop] for p in range(len(self.players))]


def _side(players: list[int], size: int, sets: Any, keys: Sequence[Any], to_come: Sequence[int],
          u: int, k_count: int) -> _Side:
    import numpy as np

    rows = len(sets)
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    splits = _pair_splits(size)
    choice = np.zeros((len(splits), len(players)), dtype=np.int64)
    table_keys = []
    drawing = iter(range(size // 2))
    for p, j in enumerate(players):
        if to_come[j] == 2:
            d = next(drawing)
            table_keys.append(np.stack([keys[j][sets[:, a] * u + sets[:, b]] for a, b in pairs]))
            choice[:, p] = [pairs.index(split[d]) for split in splits]
        else:
            table_keys.append(np.full((1, rows), keys[j], dtype=np.int32))
    side = _Side(players, table_keys, choice, np.zeros((rows, k_count), dtype=np.int32))
    if len(players) <= HOLDER_PLAYERS and k_count <= 2**8:
        side.top = np.zeros((len(splits), rows), dtype=np.uint8)
        side.holders = np.zeros((len(splits), rows), dtype=np.uint8)
    for start in range(0, rows, BLOCK):
        stop = min(start + BLOCK, rows)
        held = side.block(start, stop)
        top = np.maximum.reduce(held)
        if side.holders is not None:
            side.top[:, start:stop] = top
            holders = side.holders[:, start:stop]
            for p, k in enumerate(held):
                holders |= (k == top).view(np.uint8) << p
        codes = top + (np.arange(stop - start) * k_count)[None, :]
        side.table[start:stop] = np.bincount(codes.ravel(), minlength=(stop - start) * k_count
                                             ).reshape(stop - start, k_count)
    return side


def _disjoint_sums(table: Any, size: int, wanted: int, offsets: list[int],
                   passes: list[tuple[Any, Any]], deals: int) -> Any:
    """The other half's deals that each set of ``wanted`` cards leaves free, by best key.

    Returns an ``(sets, columns + 1)`` array: for the set ``S`` of rank ``r``, column ``c``
    holds the deals of ``table`` on sets disjoint from ``S`` whose best key is in one of the
    first ``c`` columns of ``table``.
    """
    import numpy as np

    k_count = table.shape[1]
    # bounds: superset sums never exceed the deals; a signed subset sum over the subsets of
    # S never exceeds the sum of those subsets' superset sums (checked below)
    small = np.int32 if deals < 2**31 else np.int64
    f = np.zeros((offsets[-1], k_count), dtype=small)
    f[offsets[size]:offsets[size + 1]] = table
    for with_i, without_i in passes:
        if len(with_i):
            f[without_i] += f[with_i]
    bound = sum(math.comb(wanted, k) * int(f[offsets[k]:offsets[k + 1]].max(initial=0))
                for k in range(min(size, wanted) + 1))
    if bound >= 2**31 and f.dtype != np.int64:
        f = f.astype(np.int64)
    for k in range(1, len(offsets) - 1, 2):
        f[offsets[k]:offsets[k + 1]] *= -1
    for with_i, without_i in passes:
        if len(with_i):
            f[with_i] += f[without_i]
    disjoint = f[offsets[wanted]:offsets[wanted + 1]]
    below = np.zeros((len(disjoint), k_count + 1), dtype=f.dtype)
    np.cumsum(disjoint, axis=1, out=below[:, 1:])
    return below


def _hero_sums_by_holders(side: _Side, beaten: Any, columns: tuple[Any, Any], *,
                          other_after: bool) -> list[tuple[int, int, int, int]]:
    """:func:`_hero_sums` from each deal's best key and holders (``side.top``, ``side.holders``).

    A deal counts, times the other half's deals below (or at most) its best key that leave
    its set free, for every holder (``best``), the first (``win``) and a lone holder
    (``outright``): two look-ups per deal, summed by holders. Exact in double precision: the
    caller checks that every sum stays below 2**53.
    """
    import numpy as np

    patterns = 1 << len(side.players)
    strict_sums = np.zeros(patterns)
    weak_sums = np.zeros(patterns)
    for start in range(0, side.rows, BLOCK):
        stop = min(start + BLOCK, side.rows)
        free = beaten[start:stop]
        width = len(columns[0])  # a column per key
        at = (side.top[:, start:stop] + (np.arange(stop - start) * width)[None, :]).ravel()
        holders = side.holders[:, start:stop].ravel()
        for sums, column in ((strict_sums, columns[0]), (weak_sums, columns[1])):
            found = free[:, column].ravel().take(at)
            sums += np.bincount(holders, weights=found, minlength=patterns)
    strictly = [int(x) for x in strict_sums]
    weakly = [int(x) for x in weak_sums]
    taken = weakly if other_after else strictly
    totals = []
    for p, j in enumerate(side.players):
        bit = 1 << p
        held = [m for m in range(patterns) if m & bit]
        first = [m for m in held if not m & (bit - 1)]
        totals.append((j, sum(taken[m] for m in first), strictly[bit],
                       sum(weakly[m] for m in held)))
    return totals


def _hero_sums(side: _Side, beaten: Any, columns: tuple[Any, Any], *, other_after: bool) \
        -> list[tuple[int, int, int, int]]:
    """Each player of ``side``: (player, win, outright, best) deal counts.

    ``beaten`` is the other half's :func:`_disjoint_sums`; ``columns`` give, for each key
    ``t``, its column of the other half's keys below ``t`` and of those at most ``t``.
    """
    import numpy as np

    n = len(side.players)
    totals = [[0, 0, 0] for _ in range(n)]
    for start in range(0, side.rows, BLOCK):
        stop = min(start + BLOCK, side.rows)
        keys = side.block(start, stop)
        free = beaten[start:stop]
        here = np.arange(stop - start)[None, :]
        none = np.full(keys[0].shape, -1, dtype=keys[0].dtype)
        before = [none]  # before[p]: the best key of the players before p on this side
        for p in range(n - 1):
            before.append(np.maximum(before[-1], keys[p]))
        after = [none]  # after[-1 - p]: the best key of the players after p
        for p in range(n - 1, 0, -1):
            after.append(np.maximum(after[-1], keys[p]))
        after.reverse()
        for p in range(n):
            t = keys[p]
            strictly = free[here, columns[0][t]]  # the other half all below t
            weakly = free[here, columns[1][t]]  # the other half at most t
            low_before, tied_before = before[p] < t, before[p] <= t
            low_after, tied_after = after[p] < t, after[p] <= t
            totals[p][0] += int(((weakly if other_after else strictly)
                                 * (low_before & tied_after)).sum(dtype=np.int64))
            totals[p][1] += int((strictly * (low_before & low_after)).sum(dtype=np.int64))
            totals[p][2] += int((weakly * (tied_before & tied_after)).sum(dtype=np.int64))
    return [(j, *totals[p]) for p, j in enumerate(side.players)]  # type: ignore[misc]
