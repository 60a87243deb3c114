"""Showdown odds: the exact chance of each known partial hand ending best.

:func:`showdown_probabilities` (exact :class:`~fractions.Fraction` s) counts every deal of
the missing cards, by inclusion–exclusion when every player needs two cards or none, else by
walking them; :func:`showdown_odds` is its DataFrame wrapper.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from attrs import frozen

from primero.analysis.common import Cards, VariantLike, _cards, _frame, _mask, _variant
from primero.cards import Card, format_cards
from primero.errors import InvalidDeckError, PrimeroError
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


_DENSE: dict[int, tuple[Ranking, dict[int, int]]] = {}


def _dense_ranks(ranking: Ranking) -> dict[int, int]:
    """Hand mask → dense rank of its sort key (equal keys share a rank; larger is better)."""
    found = _DENSE.get(id(ranking))
    if found is not None and found[0] is ranking:
        return found[1]
    keys = sorted({v.key for v in ranking.values()})
    position = {key: i for i, key in enumerate(keys)}
    ranks = {mask: position[v.key] for mask, v in ranking.table.items()}
    _DENSE[id(ranking)] = (ranking, ranks)
    return ranks


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
    exact: when every player still needs two cards (or none) and at most four players need
    two, it counts the disjoint deals by inclusion–exclusion over shared cards (about a
    second for four players after round 1); otherwise it walks every deal, up to
    ``max_outcomes``.

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
        PrimeroError: fewer than two hands, or more deals than ``max_outcomes`` to walk.
    """
    configured = _variant(variant, options)
    ranking = configured.ranking
    known = tuple(_cards(h, configured, f"hand {i + 1}") for i, h in enumerate(hands))
    dead_cards = _cards(dead, configured, "dead cards")
    if len(known) < 2:
        raise PrimeroError(f"showdown odds need at least two hands, got {len(known)}")
    configured.pack.check([c for h in known for c in h] + list(dead_cards),
                          "known and dead cards")
    for i, h in enumerate(known):
        if len(h) > HAND_SIZE:
            raise InvalidDeckError(f"hand {i + 1} has {len(h)} cards; at most {HAND_SIZE}")
    out = _mask(c for h in known for c in h) | _mask(dead_cards)
    unseen = [c for c in ranking.pack.cards if not out & c.bit]
    to_come = tuple(HAND_SIZE - len(h) for h in known)
    if sum(to_come) > len(unseen):
        raise InvalidDeckError(f"{sum(to_come)} cards to deal but only {len(unseen)} unseen")
    total = _outcome_count(len(unseen), to_come)
    ranks = _dense_ranks(ranking)
    masks = [_mask(h) for h in known]
    pairs = sum(1 for n in to_come if n == 2)
    fast = all(n in (0, 2) for n in to_come) and (
        pairs <= 3 or (pairs == 4 and all(n == 2 for n in to_come)))
    if fast:
        win, outright, best = _showdown_counting(masks, to_come, unseen, ranks)
    else:
        if total > max_outcomes:
            raise PrimeroError(
                f"{total:,} deals to walk, more than max_outcomes={max_outcomes:,}: give dead "
                "cards, fewer players, or raise max_outcomes"
            )
        win, outright, best = _showdown_walk(masks, to_come, unseen, ranks)
    return ShowdownOdds(
        variant=str(configured), hands=known, to_come=to_come, unseen=len(unseen),
        outcomes=total,
        win=tuple(Fraction(w, total) for w in win),
        outright=tuple(Fraction(o, total) for o in outright),
        tie=tuple(Fraction(b - o, total) for b, o in zip(best, outright, strict=True)),
    )


def _showdown_walk(masks: Sequence[int], to_come: Sequence[int], unseen: Sequence[Card],
                   ranks: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """Visit every deal of the missing cards; count wins (eldest rule), outright and best."""
    n = len(masks)
    win, outright, best = [0] * n, [0] * n, [0] * n
    bits = [c.bit for c in unseen]

    def walk(player: int, available: int, current: list[int]) -> None:
        if player == n:
            top = max(current)
            holders = [i for i, r in enumerate(current) if r == top]
            win[holders[0]] += 1
            for i in holders:
                best[i] += 1
            if len(holders) == 1:
                outright[holders[0]] += 1
            return
        free = [b for b in bits if available & b]
        for drawn in combinations(free, to_come[player]):
            mask = masks[player]
            for b in drawn:
                mask |= b
            current.append(ranks[mask])
            walk(player + 1, available & ~mask, current)
            current.pop()

    walk(0, _mask(unseen), [])
    return win, outright, best


def _showdown_counting(masks: Sequence[int], to_come: Sequence[int], unseen: Sequence[Card],
                       ranks: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """Count winning deals without visiting them (every player needs 0 or 2 cards).

    For each player (the *hero*) and each of the hero's completions with value ``t``, every
    other player ``j`` needing two cards has a set ``E_j`` of pairs (edges on the unseen
    cards, avoiding the hero's) whose value loses to ``t``; the winning deals are the tuples of
    pairwise disjoint edges, one from each ``E_j``, counted by inclusion–exclusion over the
    overlaps (degrees, common edges, stars and triangles: no enumeration). Players with a
    full hand contribute a factor 0 or 1.
    """
    import numpy as np

    u = len(unseen)
    bits = [c.bit for c in unseen]
    n = len(masks)
    pair_values: dict[int, npt.NDArray[np.int64]] = {}
    fixed_values: dict[int, int] = {}
    for j in range(n):
        if to_come[j] == 0:
            fixed_values[j] = ranks[masks[j]]
            continue
        values = np.full((u, u), -1, dtype=np.int64)
        for x in range(u):
            for y in range(x + 1, u):
                values[x, y] = values[y, x] = ranks[masks[j] | bits[x] | bits[y]]
        pair_values[j] = values
    off_diagonal = ~np.eye(u, dtype=bool)
    win, outright, best = [0] * n, [0] * n, [0] * n
    for hero in range(n):
        if to_come[hero] == 2:
            xs, ys = np.triu_indices(u, k=1)
            threshold = pair_values[hero][xs, ys]
            free = np.ones((len(xs), u), dtype=bool)
            free[np.arange(len(xs)), xs] = False
            free[np.arange(len(xs)), ys] = False
        else:
            threshold = np.array([fixed_values[hero]], dtype=np.int64)
            free = np.ones((1, u), dtype=bool)
        allowed = free[:, :, None] & free[:, None, :] & off_diagonal[None, :, :]
        counts: dict[str, int] = {}
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
                    v = pair_values[j][None, :, :]
                    t = threshold[:, None, None]
                    loses = v < t if strict else v <= t
                    families.append((loses & allowed).astype(np.float64))
                else:
                    fv = fixed_values[j]
                    factor *= (fv < threshold) if strict else (fv <= threshold)
            per_case = np.rint(_disjoint_tuples(families, len(threshold)) * factor)
            counts[mode] = sum(int(x) for x in per_case.astype(np.int64))
        win[hero], outright[hero], best[hero] = (counts["eldest"], counts["strict"],
                                                 counts["weak"])
    return win, outright, best


def _disjoint_tuples(families: list[npt.NDArray[np.float64]], h: int) \
        -> npt.NDArray[np.float64]:
    """For each of ``h`` cases, tuples of pairwise disjoint edges, one edge per family.

    Each family is an ``(h, u, u)`` symmetric 0/1 adjacency array (zero diagonal). Up to three
    families, by inclusion–exclusion over the events "edges of families j and k share a card".
    Floating point for speed (matrix products), exact: every number stays below 2**53.
    """
    import numpy as np

    m = len(families)
    if m == 0:
        return np.ones(h)
    degrees = [a.sum(axis=2) for a in families]
    edges: list[npt.NDArray[np.float64]] = [d.sum(axis=1) / 2 for d in degrees]
    if m == 1:
        return edges[0]

    def overlaps(j: int, k: int) -> npt.NDArray[np.float64]:
        # ordered (edge of j, edge of k) pairs sharing a card; equal edges share two
        shared = (degrees[j] * degrees[k]).sum(axis=1)
        same = (families[j] * families[k]).sum(axis=(1, 2)) / 2
        return shared - same  # type: ignore[no-any-return]

    if m == 2:
        return edges[0] * edges[1] - overlaps(0, 1)
    if m != 3:
        raise PrimeroError("the counting method handles at most three other players")
    a1, a2, a3 = families
    d1, d2, d3 = degrees

    def touching(j: int) -> npt.NDArray[np.float64]:
        # for each edge {x, y}: edges of family j that share a card with it
        d = degrees[j]
        return d[:, :, None] + d[:, None, :] - families[j]  # type: ignore[no-any-return]

    t1, t2, t3 = touching(0), touching(1), touching(2)
    o12, o13, o23 = overlaps(0, 1), overlaps(0, 2), overlaps(1, 2)
    # two events at once: one edge touches both others
    p1 = (a1 * t2 * t3).sum(axis=(1, 2)) / 2
    p2 = (a2 * t1 * t3).sum(axis=(1, 2)) / 2
    p3 = (a3 * t1 * t2).sum(axis=(1, 2)) / 2
    # all three pairwise intersect: a common card (a star, less the equal triples counted
    # twice), or a triangle x-y, y-z, z-x (a3 is symmetric)
    star = (d1 * d2 * d3).sum(axis=1) - (a1 * a2 * a3).sum(axis=(1, 2)) / 2
    triangle = (np.matmul(a1, a2) * a3).sum(axis=(1, 2))
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
    """
    odds = showdown_probabilities(hands, variant, dead=dead, max_outcomes=max_outcomes,
                                  **options)
    labels = list(names) if names is not None else [f"P{i}" for i in range(len(odds.hands))]
    frame = _frame([
        {"player": labels[i], "hand": format_cards(h, ascii=True), "to_come": odds.to_come[i],
         "win": float(odds.win[i]), "outright": float(odds.outright[i]),
         "tie": float(odds.tie[i])}
        for i, h in enumerate(odds.hands)
    ])
    frame.attrs["outcomes"] = odds.outcomes
    return frame
