"""Draw and exchange odds: every possible draw for a hand and its discards, counted exactly.

:func:`draw_distribution` (pure Python, exact :class:`~fractions.Fraction` s) and its
DataFrame wrapper :func:`draw_odds`; :func:`exchange_options` scores every possible discard
by a criterion and :func:`best_exchange` tabulates them.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from attrs import frozen

from primero.analysis.common import (
    Cards,
    VariantLike,
    as_cards,
    as_count,
    as_variant,
    card_indices,
    class_order,
    data_frame,
    fewer_points_better,
    hand_class_name,
)
from primero.cards import Card, format_cards
from primero.errors import InvalidDeckError, PrimeroError, named
from primero.hands import HAND_SIZE, Ranking

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DrawDistribution",
    "DrawOutcome",
    "ExchangeOption",
    "best_exchange",
    "draw_distribution",
    "draw_odds",
    "exchange_options",
]


@frozen
class DrawOutcome:
    """Draws that end in one hand value (class, points and sort key).

    Attributes:
        hand_class: The resulting class.
        points: The resulting points.
        key: The ranking's sort key (larger is better).
        count: How many of the equally likely draws end here.
    """

    hand_class: str
    points: int
    key: tuple[int, ...]
    count: int


@frozen(kw_only=True)
class DrawDistribution:
    """Every possible draw for a hand and its discards, counted exactly.

    Attributes:
        variant: The variant label.
        hand: The cards held before the exchange.
        discard: The cards thrown.
        drawn: Cards drawn (discards plus the cards still to come to make four).
        unseen: Cards the draw comes from.
        total: Equally likely draws: C(unseen, drawn).
        outcomes: One entry per resulting hand value, best first.
        classes: The ranking's classes, strongest first.
    """

    variant: str
    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    drawn: int
    unseen: int
    total: int
    outcomes: tuple[DrawOutcome, ...]
    classes: tuple[str, ...]

    def probability(self, hand_class: str) -> Fraction:
        """The exact probability of ending with a hand of ``hand_class`` (any case).

        Raises:
            PrimeroError: ``hand_class`` is not a class of the ranking (the message lists
                them); it used to give 0.
        """
        cls = hand_class_name(hand_class, self.classes, self.variant)
        return Fraction(sum(o.count for o in self.outcomes if o.hand_class == cls),
                        self.total)

    def class_counts(self) -> dict[str, int]:
        """Draws per resulting class, strongest first (every class listed)."""
        counts = Counter[str]()
        for o in self.outcomes:
            counts[o.hand_class] += o.count
        return {c: counts.get(c, 0) for c in self.classes}

    def expected_points(self) -> Fraction:
        """The exact mean points of the resulting hand."""
        return Fraction(sum(o.points * o.count for o in self.outcomes), self.total)

    def p_at_least(self, key: tuple[int, ...]) -> Fraction:
        """Probability of a resulting hand whose sort key is at least ``key``."""
        return Fraction(sum(o.count for o in self.outcomes if o.key >= key), self.total)

    def p_above(self, key: tuple[int, ...]) -> Fraction:
        """Probability of a resulting hand that strictly beats a hand with sort key ``key``."""
        return Fraction(sum(o.count for o in self.outcomes if o.key > key), self.total)


def draw_distribution(
    hand: Cards,
    discard: Cards = (),
    variant: VariantLike = "waks",
    *,
    dead: Cards = (),
    **options: Any,
) -> DrawDistribution:
    """Count every draw exactly: keep ``hand`` less ``discard``, draw up to four cards.

    The draw comes from the *unseen* cards: the pack less the hand (discards included — they
    are out of play) and less ``dead`` (cards known to be elsewhere, e.g. shown or in another
    known hand). Every set of the needed size is equally likely. A hand of fewer than four
    cards draws the rest too, e.g. two cards after round 1 and the second deal's two.

    Args:
        hand: The cards held (up to four).
        discard: The cards thrown (a subset of ``hand``).
        variant: A variant, a name, or ``"name:key=value,..."``.
        dead: Cards known not to be in the stock.
        **options: Variant options.

    Raises:
        InvalidDeckError: a card outside the pack, a duplicate, more than four cards, a
            discard not in the hand, or fewer unseen cards than the draw needs.
    """
    configured = as_variant(variant, options)
    ranking = configured.ranking
    held = as_cards(hand, configured, "hand")
    thrown = as_cards(discard, configured, "discard")
    known_dead = as_cards(dead, configured, "dead cards")
    if len(held) > HAND_SIZE:
        raise InvalidDeckError(f"a hand has at most {HAND_SIZE} cards; got {len(held)}: "
                               f"{format_cards(held)}")
    stray = [c for c in thrown if c not in held]
    if stray:
        what = "discard {} is" if len(stray) == 1 else "discards {} are"
        raise InvalidDeckError(f"{what.format(format_cards(stray))} not in the hand "
                               f"{format_cards(held)}")
    clash = [c for c in known_dead if c in held]
    if clash:
        what = "dead card {} is" if len(clash) == 1 else "dead cards {} are"
        raise InvalidDeckError(f"{what.format(format_cards(clash))} in the hand")
    kept = card_indices(ranking, (c for c in held if c not in thrown))
    out = set(card_indices(ranking, held)) | set(card_indices(ranking, known_dead))
    unseen = [i for i in range(len(ranking.pack)) if i not in out]
    need = HAND_SIZE - len(kept)
    if need > len(unseen):
        raise InvalidDeckError(
            f"{need} card{'s' if need != 1 else ''} to draw but only {len(unseen)} unseen (the "
            f"pack less the hand and the dead cards)")
    by_value = _outcome_counts(ranking, kept, unseen, need)
    outcomes = tuple(
        DrawOutcome(hand_class=cls, points=points, key=key, count=n)
        for (key, cls, points), n in sorted(by_value, reverse=True)
    )
    return DrawDistribution(
        variant=str(configured), hand=held, discard=thrown, drawn=need, unseen=len(unseen),
        total=math.comb(len(unseen), need), outcomes=outcomes,
        classes=tuple(class_order(ranking)),
    )


def _outcome_counts(ranking: Ranking, kept: list[int], unseen: list[int], need: int) \
        -> list[tuple[tuple[tuple[int, ...], str, int], int]]:
    """Draws per resulting hand value: ((key, class, points), draws), from the compact table.

    Every draw is a row of an ``(M, 4)`` array of dense pack indices (the kept cards and one
    combination of the unseen); the rows' table indices group by (strength, class, points).
    """
    import numpy as np

    combos = list(combinations(unseen, need))
    drawn = np.array(combos, dtype=np.int16).reshape(len(combos), need)
    hands = np.empty((len(drawn), HAND_SIZE), dtype=np.int16)
    hands[:, :len(kept)] = kept
    hands[:, len(kept):] = drawn
    table = ranking.hand_table
    cid, pts, st = table.arrays()
    idx = ranking.index_many(hands)
    strength = st[idx].astype(np.int64)
    classes = cid[idx].astype(np.int64)
    points = pts[idx].astype(np.int64)
    low = int(points.min())
    span = int(points.max()) - low + 1
    width = len(table.classes) * span
    codes, counts = np.unique(strength * width + classes * span + (points - low),
                              return_counts=True)
    return [((table.keys[code // width], table.classes[code % width // span],
              code % span + low), n)
            for code, n in zip(codes.tolist(), counts.tolist(), strict=True)]


def draw_odds(
    hand: Cards,
    discard: Cards = (),
    variant: VariantLike = "waks",
    *,
    dead: Cards = (),
    detail: bool = False,
    **options: Any,
) -> pd.DataFrame:
    """Exact draw odds as a DataFrame (see :func:`draw_distribution` for the arguments).

    Returns:
        By class (strongest first, every class listed): ``class``, ``draws``, ``probability``,
        ``min_points``, ``mean_points``, ``max_points`` (points of the draws ending in that
        class; empty when none do). With ``detail=True``: one row per resulting
        ``class`` and ``points``, best first, with ``draws`` and ``probability``. The frame's
        ``attrs`` hold ``total`` (equally likely draws) and ``expected_points``.
    """
    dist = draw_distribution(hand, discard, variant, dead=dead, **options)
    if detail:
        rows: list[dict[str, Any]] = [
            {"class": o.hand_class, "points": o.points, "draws": o.count,
             "probability": o.count / dist.total}
            for o in dist.outcomes
        ]
        frame = data_frame(rows, columns=["class", "points", "draws", "probability"])
    else:
        rows = []
        for cls, n in dist.class_counts().items():
            points = [(o.points, o.count) for o in dist.outcomes if o.hand_class == cls]
            rows.append({
                "class": cls, "draws": n, "probability": n / dist.total,
                "min_points": min((p for p, _ in points), default=None),
                "mean_points": (sum(p * c for p, c in points) / n) if n else None,
                "max_points": max((p for p, _ in points), default=None),
            })
        frame = data_frame(rows)
    frame.attrs["total"] = dist.total
    frame.attrs["expected_points"] = float(dist.expected_points())
    return frame


@frozen(kw_only=True)
class ExchangeOption:
    """One possible discard and what it leads to.

    Attributes:
        discard: The cards thrown (empty: stand pat).
        distribution: The exact draw distribution.
        score: The criterion's exact value: a probability (larger is better) or, for the
            ``"points"`` criterion, the expected points (larger is better, except under a
            ranking where fewer points are better, see :func:`fewer_points_better`).
    """

    discard: tuple[Card, ...]
    distribution: DrawDistribution
    score: Fraction


def exchange_options(
    hand: Cards,
    variant: VariantLike = "waks",
    *,
    criterion: str = "points",
    target: str | Cards | None = None,
    dead: Cards = (),
    max_discards: int | None = None,
    **options: Any,
) -> list[ExchangeOption]:
    """Every possible discard of ``hand``, scored exactly and sorted best first.

    Args:
        hand: The cards held (up to four).
        variant: A variant, a name, or ``"name:key=value,..."``.
        criterion: ``"points"`` — the expected points of the resulting hand, more first, or
            fewer first when the ranking prefers fewer points (``losing``; decided from the
            ranking's sort keys by :func:`fewer_points_better`); ``"class"`` —
            the probability of a hand of class ``target`` or better (by the ranking's order);
            ``"beat"`` — the probability of strictly beating the four cards ``target`` (which
            are then known not to be in the stock).
        target: The class (``"class"``, any case) or the hand to beat (``"beat"``).
        dead: Cards known not to be in the stock.
        max_discards: Throw at most this many cards (default: any number).
        **options: Variant options.

    Returns:
        The options, best score first; among equal scores fewer discards first.

    Raises:
        PrimeroError: an unknown criterion, a missing or unknown target class (the message
            lists the ranking's classes), a target with the ``"points"`` criterion, or a
            ``max_discards`` that is not a whole number of 0 or more.
        InvalidDeckError: bad cards (see :func:`draw_distribution`), a hand to beat sharing a
            card with the hand, or a dead card in the hand to beat.
    """
    configured = as_variant(variant, options)
    ranking = configured.ranking
    held = as_cards(hand, configured, "hand")
    dead_cards = list(as_cards(dead, configured, "dead cards"))
    threshold: tuple[int, ...] | None = None
    if criterion == "class":
        if not isinstance(target, str):
            raise PrimeroError(f"ranking by class needs a target class, one of "
                               f"{', '.join(class_order(ranking))}")
        cls = hand_class_name(target, class_order(ranking), configured)
        cid, _, strength = ranking.hand_table.arrays()
        threshold = ranking.hand_table.keys[int(strength[cid == ranking.classes.index(cls)]
                                                .min())]
    elif criterion == "beat":
        if target is None:
            raise PrimeroError("criterion 'beat' needs a target hand of four cards")
        beat = as_cards(target, configured, "hand to beat")
        other = ranking.evaluate(beat)
        clash = [c for c in other.cards if c in held]
        if clash:
            raise InvalidDeckError(f"the hand to beat shares {format_cards(clash)} with the hand")
        overlap = [c for c in dead_cards if c in beat]
        if overlap:
            what = "dead card {} is" if len(overlap) == 1 else "dead cards {} are"
            raise InvalidDeckError(f"{what.format(format_cards(overlap))} in the hand to beat "
                                   f"{format_cards(beat)}: the hand to beat is out of "
                                   "the stock already")
        threshold = other.key
        dead_cards += other.cards
    elif criterion != "points":
        raise PrimeroError(f"unknown criterion {named(criterion)}: use points, class or beat")
    elif target is not None:
        raise PrimeroError("a target goes with criterion 'class' or 'beat', not 'points'")
    sign = -1 if criterion == "points" and fewer_points_better(ranking) else 1
    limit = len(held) if max_discards is None \
        else min(as_count(max_discards, "max_discards"), len(held))
    # a discard needs as many unseen cards as it draws: with most of the pack dead, only the
    # smaller discards are possible (keeping the hand always is, if the hand is whole)
    unseen = len(ranking.pack) - len(held) - len({c for c in dead_cards if c not in held})
    limit = max(0, min(limit, unseen - (HAND_SIZE - len(held))))
    found: list[ExchangeOption] = []
    for k in range(limit + 1):
        for thrown in combinations(held, k):
            dist = draw_distribution(held, thrown, configured, dead=dead_cards)
            if criterion == "points":
                score = dist.expected_points()
            elif criterion == "class":
                assert threshold is not None
                score = dist.p_at_least(threshold)
            else:
                assert threshold is not None
                score = dist.p_above(threshold)
            found.append(ExchangeOption(discard=thrown, distribution=dist, score=score))
    found.sort(key=lambda o: (-sign * o.score, len(o.discard),
                              [c.index for c in o.discard]))
    return found


def best_exchange(
    hand: Cards,
    variant: VariantLike = "waks",
    *,
    criterion: str = "points",
    target: str | Cards | None = None,
    dead: Cards = (),
    max_discards: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Every possible discard ranked by a criterion, as a DataFrame (best first).

    Arguments as in :func:`exchange_options`.

    Returns:
        One row per discard: ``discard`` (ASCII cards, ``""`` to stand pat), ``cards``
        (how many thrown), ``draws`` (equally likely draws), ``score`` (the criterion),
        ``expected_points``, and ``p_<class>`` for every class (strongest first). The
        frame's ``attrs`` hold ``criterion`` and ``fewer_points_better`` (``True`` when the
        ranking prefers fewer points, as in ``losing``: then the ``"points"`` criterion lists
        the lowest expected points first).
    """
    found = exchange_options(hand, variant, criterion=criterion, target=target, dead=dead,
                             max_discards=max_discards, **options)
    rows = []
    for option in found:
        dist = option.distribution
        row: dict[str, Any] = {
            "discard": format_cards(option.discard, ascii=True), "cards": len(option.discard),
            "draws": dist.total, "score": float(option.score),
            "expected_points": float(dist.expected_points()),
        }
        for cls, n in dist.class_counts().items():
            row[f"p_{cls}"] = n / dist.total
        rows.append(row)
    frame = data_frame(rows)
    frame.attrs["criterion"] = criterion
    frame.attrs["fewer_points_better"] = fewer_points_better(
        as_variant(variant, options).ranking)
    return frame
