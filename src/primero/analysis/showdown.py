"""Showdown odds: the exact chance of each known partial hand ending best.

:func:`showdown_probabilities` (exact :class:`~fractions.Fraction` s) counts every deal of
the missing cards, by inclusion–exclusion when every player needs two cards or none (over the
edges of up to four players needing two; beyond, by halves:
:mod:`primero.analysis.showdown_halves`), else by walking them; :func:`showdown_odds` is its
DataFrame wrapper.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence, Set
from fractions import Fraction
from itertools import combinations
from numbers import Real
from typing import TYPE_CHECKING, Any

from attrs import frozen

from primero.analysis.common import (
    Cards,
    VariantLike,
    as_cards,
    as_variant,
    card_indices,
    data_frame,
)
from primero.analysis.showdown_halves import showdown_by_halves
from primero.cards import Card, format_cards
from primero.errors import InvalidDeckError, PrimeroError, named, typed_name
from primero.hands import HAND_SIZE, Ranking

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pandas as pd

__all__ = ["ShowdownOdds", "showdown_odds", "showdown_probabilities"]


@frozen(kw_only=True)
class ShowdownOdds:
    """Exact showdown odds for known partial hands.

    Attributes:
        variant: The variant label.
        hands: Each player's known cards, in playing order from the eldest.
        to_come: Cards each player still receives.
        unseen: Cards the rest comes from.
        outcomes: Equally likely deals of the missing cards.
        win: Probability of taking the pot: the best hand, ties going to the eldest.
        outright: Probability of a hand strictly better than every other.
        tie: Probability of a best hand that another player ties.
    """

    variant: str
    hands: tuple[tuple[Card, ...], ...]
    to_come: tuple[int, ...]
    unseen: int
    outcomes: int
    win: tuple[Fraction, ...]
    outright: tuple[Fraction, ...]
    tie: tuple[Fraction, ...]


def _outcome_count(unseen: int, to_come: Sequence[int]) -> int:
    total, left = 1, unseen
    for n in to_come:
        total *= math.comb(left, n)
        left -= n
    return total


def showdown_probabilities(
    hands: Sequence[Cards],
    variant: VariantLike = "waks",
    *,
    dead: Cards = (),
    max_outcomes: int = 2_000_000,
    **options: Any,
) -> ShowdownOdds:
    """The exact chance of each player ending with the best hand once every hand has four cards.

    Each player holds some known cards (two after round 1 of the Waks game) and receives the
    rest from the unseen cards — the pack less every known and ``dead`` card — every way of
    dealing them being equally likely (players stand pat: no exchange). The enumeration is
    exact: when every player still needs two cards (or none) it counts the disjoint deals
    without visiting them — for at most four players needing two, by inclusion–exclusion over
    shared cards (about 0.04 s CPU for four players after round 1); for more, by
    halves (:func:`~primero.analysis.showdown_halves.showdown_by_halves`: about 0.5 s CPU
    for six players after round 1 in the 40-card pack with the compiled kernel, 7–10 s with
    numpy alone — without a C compiler at install time, or ``PRIMERO_NO_NATIVE=1``);
    otherwise it walks every deal, up to ``max_outcomes``.

    Args:
        hands: Each player's known cards, in playing order from the eldest (ties go to the
            eldest in :attr:`ShowdownOdds.win`).
        variant: A variant, a name, or ``"name:key=value,..."``.
        dead: Cards known to be out of play (exchanged, shown, burnt).
        max_outcomes: The most deals the general walk may visit.
        **options: Variant options.

    Raises:
        InvalidDeckError: a duplicate card, a card outside the pack, a hand of more than four
            cards, or too few unseen cards.
        CardParseError: a hand or ``dead`` is not text or a list of cards (``None``, a
            number, bytes), or a token is not a card.
        PrimeroError: ``hands`` is one text, a set or a mapping rather than a list (a set
            has no playing order), ``variant`` is not a variant or a name, ``max_outcomes``
            is not a number of 0 or more (NaN is not), fewer than two hands, more
            deals than ``max_outcomes`` to walk, or counting tables by halves too large (more than
            :data:`~primero.analysis.showdown_halves.MAX_TABLE_ENTRIES` entries: the 48- and
            52-card packs with five or more players needing two cards).
    """
    if isinstance(hands, str):
        raise PrimeroError(f"hands is one text {named(hands)}: give a list of hands, one per "
                           f"player, e.g. ['7h 6h', 'Ks Qs']")
    if isinstance(hands, Set | Mapping) or not isinstance(hands, Iterable):
        # a set has no playing order: the eldest (who takes ties) would be a hash's choice
        raise PrimeroError(f"hands is {type(hands).__name__}: give a list of hands in playing "
                           f"order from the eldest, e.g. ['7h 6h', 'Ks Qs']")
    if not isinstance(max_outcomes, Real) or isinstance(max_outcomes, bool):
        raise PrimeroError(f"max_outcomes is {typed_name(max_outcomes)}: "
                           f"give a number of deals")
    if not max_outcomes >= 0:  # NaN too: no deal count is above it, so it would bound nothing
        raise PrimeroError(f"max_outcomes is {named(max_outcomes)}: give a number of deals, "
                           "0 or more")
    configured = as_variant(variant, options)
    ranking = configured.ranking
    known = tuple(as_cards(h, configured, f"hand {i + 1}") for i, h in enumerate(hands))
    dead_cards = as_cards(dead, configured, "dead cards")
    if len(known) < 2:
        raise PrimeroError(f"showdown odds need at least two hands, got {len(known)}")
    configured.pack.check([c for h in known for c in h] + list(dead_cards),
                          "known and dead cards")
    for i, h in enumerate(known):
        if len(h) > HAND_SIZE:
            raise InvalidDeckError(f"hand {i + 1} has {len(h)} cards; at most {HAND_SIZE}")
    out = set(card_indices(ranking, [c for h in known for c in h])) | set(
        card_indices(ranking, dead_cards))
    unseen = [i for i in range(len(ranking.pack)) if i not in out]
    to_come = tuple(HAND_SIZE - len(h) for h in known)
    if sum(to_come) > len(unseen):
        raise InvalidDeckError(f"{sum(to_come)} cards to deal but only {len(unseen)} unseen")
    total = _outcome_count(len(unseen), to_come)
    held = [card_indices(ranking, h) for h in known]
    pairs = sum(1 for n in to_come if n == 2)
    fast = all(n in (0, 2) for n in to_come) and (
        pairs <= 3 or (pairs == 4 and all(n == 2 for n in to_come)))
    if fast:
        win, outright, best = _showdown_counting(ranking, held, to_come, unseen)
    elif all(n in (0, 2) for n in to_come):
        win, outright, best = showdown_by_halves(ranking, held, to_come, unseen)
    else:
        if total > max_outcomes:
            raise PrimeroError(
                f"{total:,} deals to walk, more than max_outcomes={max_outcomes:,}: give dead "
                "cards, fewer players, or raise max_outcomes"
            )
        win, outright, best = _showdown_walk(ranking, held, to_come, unseen)
    return ShowdownOdds(
        variant=str(configured), hands=known, to_come=to_come, unseen=len(unseen),
        outcomes=total,
        win=tuple(Fraction(w, total) for w in win),
        outright=tuple(Fraction(o, total) for o in outright),
        tie=tuple(Fraction(b - o, total) for b, o in zip(best, outright, strict=True)),
    )


def _completions(ranking: Ranking, held: Sequence[int], unseen: Sequence[int],
                 k: int) -> tuple[Any, Any]:
    """Every way to complete ``held`` with ``k`` of ``unseen``, and the hands' strengths.

    Returns ``(C, k)`` positions in ``unseen`` and the ``(C,)`` strengths of the hands.
    """
    import numpy as np

    combos = list(combinations(range(len(unseen)), k))
    picks = np.array(combos, dtype=np.int64).reshape(len(combos), k)
    hands = np.empty((len(picks), HAND_SIZE), dtype=np.int64)
    hands[:, :len(held)] = held
    hands[:, len(held):] = np.asarray(unseen, dtype=np.int64)[picks]
    return picks, ranking.evaluate_many(hands)


def _showdown_walk(ranking: Ranking, held: Sequence[Sequence[int]], to_come: Sequence[int],
                   unseen: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Visit every deal of the missing cards; count wins (eldest rule), outright and best.

    Each player's completions are evaluated at once (:meth:`Ranking.evaluate_many`); the
    walk looks a deal's strengths up by the bits of the unseen positions its cards take.
    """
    n = len(held)
    win, outright, best = [0] * n, [0] * n, [0] * n
    choices: list[list[tuple[int, int]]] = []
    for j in range(n):
        picks, strengths = _completions(ranking, held[j], unseen, to_come[j])
        bits = [sum(1 << int(p) for p in row) for row in picks.tolist()]
        choices.append(list(zip(bits, strengths.tolist(), strict=True)))

    def walk(player: int, used: int, current: list[int]) -> None:
        if player == n:
            top = max(current)
            holders = [i for i, r in enumerate(current) if r == top]
            win[holders[0]] += 1
            for i in holders:
                best[i] += 1
            if len(holders) == 1:
                outright[holders[0]] += 1
            return
        for bits, strength in choices[player]:
            if not used & bits:
                current.append(strength)
                walk(player + 1, used | bits, current)
                current.pop()

    walk(0, 0, [])
    return win, outright, best


def _showdown_counting(ranking: Ranking, held: Sequence[Sequence[int]],
                       to_come: Sequence[int], unseen: Sequence[int]) \
        -> tuple[list[int], list[int], list[int]]:
    """Count winning deals without visiting them (every player needs 0 or 2 cards).

    For each player (the *hero*) and each of the hero's completions with value ``t``, every
    other player ``j`` needing two cards has a set ``E_j`` of pairs (edges on the unseen
    cards, avoiding the hero's) whose value loses to ``t``; the winning deals are the tuples of
    pairwise disjoint edges, one from each ``E_j``, counted by inclusion–exclusion over the
    overlaps (degrees, common edges, stars and triangles: no enumeration). Players with a
    full hand contribute a factor 0 or 1. A completion below another player's weakest one
    wins no deal and is not looked at (for four players after round 1, most of them). Strengths
    come from one
    :meth:`Ranking.evaluate_many` per player.
    """
    import numpy as np

    u = len(unseen)
    n = len(held)
    xs, ys = np.triu_indices(u, k=1)
    positions = np.asarray(unseen, dtype=np.int64)
    hands = np.empty((len(xs), HAND_SIZE), dtype=np.int64)
    hands[:, 2], hands[:, 3] = positions[xs], positions[ys]
    pair_values: dict[int, npt.NDArray[np.int32]] = {}
    fixed_values: dict[int, int] = {}
    for j in range(n):
        if to_come[j] == 0:
            fixed_values[j] = int(ranking.evaluate_many(np.array([held[j]]))[0])
            continue
        hands[:, :2] = held[j]
        strengths = ranking.evaluate_many(hands)
        values = np.full((u, u), -1, dtype=np.int32)
        values[xs, ys] = strengths
        values[ys, xs] = strengths
        pair_values[j] = values
    off_diagonal = ~np.eye(u, dtype=bool)
    win, outright, best = [0] * n, [0] * n, [0] * n
    # a player's weakest completion: a hero's completion below it (or a full hand above it)
    # loses to that player whatever is dealt, so its cases are counted as 0 without a look
    weakest = {j: int(pair_values[j][xs, ys].min()) if j in pair_values else fixed_values[j]
               for j in range(n)}
    for hero in range(n):
        if to_come[hero] == 2:
            threshold = pair_values[hero][xs, ys]
            alive = np.ones(len(xs), dtype=bool)
            for j in range(n):
                if j != hero:
                    alive &= threshold >= weakest[j]
            cases = np.flatnonzero(alive)
            threshold = threshold[cases]
            free = np.ones((len(cases), u), dtype=bool)
            free[np.arange(len(cases)), xs[cases]] = False
            free[np.arange(len(cases)), ys[cases]] = False
        else:
            threshold = np.array([fixed_values[hero]], dtype=np.int32)
            free = np.ones((1, u), dtype=bool)
        allowed = (free[:, :, None] & free[:, None, :] & off_diagonal[None, :, :]).astype(
            np.float32)
        counts: dict[str, int] = {}
        made: dict[tuple[int, bool], npt.NDArray[np.float32]] = {}  # (player, strict)
        for mode in ("strict", "weak", "eldest"):
            if mode == "eldest" and hero in (0, n - 1):
                # the eldest wins every tie (weak); the last player none (strict)
                counts[mode] = counts["weak" if hero == 0 else "strict"]
                continue
            families = []
            factor = np.ones(len(threshold))
            for j in range(n):
                if j == hero:
                    continue
                strict = mode == "strict" or (mode == "eldest" and j < hero)
                if j in pair_values:
                    family = made.get((j, strict))
                    if family is None:
                        v = pair_values[j][None, :, :]
                        t = threshold[:, None, None]
                        loses = v < t if strict else v <= t
                        family = made[j, strict] = loses * allowed
                    families.append(family)
                else:
                    fv = fixed_values[j]
                    factor *= (fv < threshold) if strict else (fv <= threshold)
            per_case = np.rint(_disjoint_tuples(families, len(threshold)) * factor)
            counts[mode] = int(per_case.astype(np.int64).sum())  # each case below 2**53
        win[hero], outright[hero], best[hero] = (counts["eldest"], counts["strict"],
                                                 counts["weak"])
    return win, outright, best


def _disjoint_tuples(families: list[npt.NDArray[np.float32]], h: int) \
        -> npt.NDArray[np.float64]:
    """For each of ``h`` cases, tuples of pairwise disjoint edges, one edge per family.

    Each family is an ``(h, u, u)`` symmetric 0/1 adjacency array (zero diagonal). Up to three
    families, by inclusion–exclusion over the events "edges of families j and k share a card".
    Floating point for speed (matrix products) and exact: the per-case sums over the
    ``(u, u)`` arrays are made in single precision and stay below 2**24 (``u`` is at most
    52), the products of those sums in double precision, below 2**53.
    """
    import numpy as np

    def wide(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        return x.astype(np.float64)

    m = len(families)
    if m == 0:
        return np.ones(h)
    degrees = [wide(a.sum(axis=2)) for a in families]
    edges: list[npt.NDArray[np.float64]] = [d.sum(axis=1) / 2 for d in degrees]
    if m == 1:
        return edges[0]
    if m == 2:
        same = wide(np.einsum("hxy,hxy->h", families[0], families[1])) / 2
        pair: npt.NDArray[np.float64] = edges[0] * edges[1] - (
            (degrees[0] * degrees[1]).sum(axis=1) - same)
        return pair
    if m != 3:
        raise PrimeroError("the counting method handles at most three other players")
    a1, a2, a3 = families
    d1, d2, d3 = degrees

    def bilinear(left: npt.NDArray[np.float64], a: npt.NDArray[np.float32],
                 right: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        # per case, left . a . right (a batched matrix-vector product; a's rows sum d <= u)
        product = np.matmul(a, right.astype(np.float32)[:, :, None])[:, :, 0]
        found: npt.NDArray[np.float64] = np.einsum("hx,hx->h", left, wide(product))
        return found

    # common edges of two families (a_j[x, y] a_k[x, y]) by rows, and of all three
    row12 = wide(np.einsum("hxy,hxy->hx", a1, a2))
    row13 = wide(np.einsum("hxy,hxy->hx", a1, a3))
    row23 = wide(np.einsum("hxy,hxy->hx", a2, a3))
    common = wide(np.einsum("hxy,hxy,hxy->h", a1, a2, a3))  # ordered (x, y)
    ddd = (d1 * d2 * d3).sum(axis=1)
    # ordered (edge of j, edge of k) pairs sharing a card; equal edges share two
    o12 = (d1 * d2).sum(axis=1) - row12.sum(axis=1) / 2
    o13 = (d1 * d3).sum(axis=1) - row13.sum(axis=1) / 2
    o23 = (d2 * d3).sum(axis=1) - row23.sum(axis=1) / 2
    # two events at once: an edge {x, y} of one family touching an edge of each other; the
    # edges of family j touching {x, y} are d_j[x] + d_j[y] - a_j[x, y], expanded
    p1 = ddd + bilinear(d2, a1, d3) - (d2 * row13).sum(axis=1) - (d3 * row12).sum(axis=1) \
        + common / 2
    p2 = ddd + bilinear(d1, a2, d3) - (d1 * row23).sum(axis=1) - (d3 * row12).sum(axis=1) \
        + common / 2
    p3 = ddd + bilinear(d1, a3, d2) - (d1 * row23).sum(axis=1) - (d2 * row13).sum(axis=1) \
        + common / 2
    # all three pairwise intersect: a common card (a star, less the equal triples counted
    # twice), or a triangle x-y, y-z, z-x (a3 is symmetric)
    star = ddd - common / 2
    triangle = wide(np.einsum("hxy,hxy->h", np.matmul(a1, a2), a3))
    n1, n2, n3 = edges
    result = (n1 * n2 * n3 - (n3 * o12 + n2 * o13 + n1 * o23) + (p1 + p2 + p3)
              - (star + triangle))
    return result  # type: ignore[no-any-return]


def showdown_odds(
    hands: Sequence[Cards],
    variant: VariantLike = "waks",
    *,
    dead: Cards = (),
    names: Sequence[str] | None = None,
    max_outcomes: int = 2_000_000,
    **options: Any,
) -> pd.DataFrame:
    """Exact showdown odds as a DataFrame (see :func:`showdown_probabilities`).

    Returns:
        One row per player in playing order: ``player``, ``hand`` (known cards, ASCII),
        ``to_come``, ``win`` (ties to the eldest), ``outright``, ``tie``. ``attrs["outcomes"]``
        holds the number of equally likely deals.

    Raises:
        PrimeroError: ``names`` is not one distinct name per hand; and everything
            :func:`showdown_probabilities` raises.
    """
    if isinstance(names, str):
        raise PrimeroError(f"names is one text {named(names)}: give a list of names, one per hand")
    if names is not None:
        if not isinstance(names, Iterable):
            raise PrimeroError(f"names is {typed_name(names)}: give a list of names, one per "
                               "hand")
        names = list(names)
        twice = next((n for k, n in enumerate(names) if n in names[:k]), None)
        if twice is not None:
            raise PrimeroError(f"names gives {named(twice)} twice: a row per player needs "
                               "distinct names")
    odds = showdown_probabilities(hands, variant, dead=dead, max_outcomes=max_outcomes,
                                  **options)
    if names is not None and len(names) != len(odds.hands):
        raise PrimeroError(f"{len(names)} names for {len(odds.hands)} hands: give one name "
                           f"per hand")
    labels = list(names) if names is not None else [f"P{i}" for i in range(len(odds.hands))]
    frame = data_frame([
        {"player": labels[i], "hand": format_cards(h, ascii=True), "to_come": odds.to_come[i],
         "win": float(odds.win[i]), "outright": float(odds.outright[i]),
         "tie": float(odds.tie[i])}
        for i, h in enumerate(odds.hands)
    ])
    frame.attrs["outcomes"] = odds.outcomes
    return frame
