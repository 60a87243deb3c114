"""Rules comparison for notebooks: exact odds, simulation tables, comparisons and plots.

Exact where the game is small enough, simulated where it is not, for every registered variant
and option set (plug-ins included: everything goes through the variant's ranking table and
rules, never through a variant's name).

Exact (each has a pure-Python core returning exact :class:`~fractions.Fraction` s, and a
DataFrame wrapper):

* :func:`hand_frequencies` — hands of each class over the pack, probability, points range
  (RULES.md §11); :func:`frequency_table` for several variants.
* :func:`draw_odds` / :func:`draw_distribution` — for a hand and the cards to discard, the
  distribution of the resulting class and points over every possible draw from the unseen
  cards; :func:`best_exchange` ranks every possible discard by a criterion (expected points,
  probability of reaching a class, probability of beating a given hand).
* :func:`showdown_odds` / :func:`showdown_probabilities` — for known partial hands (e.g. two
  cards each after round 1), the probability that each player ends with the best hand once
  the second deal is dealt, enumerated exactly.
* :func:`fact_check` — the rule sheets' numeric tips against the exact figures.

Simulated (see :mod:`primero.simulation`): :func:`deal_table`, :func:`seat_table`,
:func:`class_table`, :func:`summary_table` and :func:`compare_variants` turn runs into tidy
DataFrames; :func:`plot_class_frequencies`, :func:`plot_winning_classes`,
:func:`plot_win_share`, :func:`plot_pot_sizes` and :func:`plot_comparison` return matplotlib
:class:`~matplotlib.figure.Figure` s (``fig.savefig("out.png")``).

pandas and matplotlib come with the ``analysis`` extra (``pip install 'primero[analysis]'``);
the pure cores (and ``primero odds``) work without them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from attrs import frozen

from primero.cards import Card, format_cards, parse_cards
from primero.errors import InvalidDeckError, PrimeroError
from primero.hands import HAND_SIZE, Ranking
from primero.simulation import (
    Comparison,
    Simulation,
    compare,
    resolve_variant,
    strongest_first,
)
from primero.variant import Variant

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "DrawDistribution",
    "DrawOutcome",
    "ExchangeOption",
    "ShowdownOdds",
    "best_exchange",
    "class_order",
    "class_table",
    "compare_variants",
    "deal_table",
    "draw_distribution",
    "draw_odds",
    "exchange_options",
    "fact_check",
    "fact_check_rows",
    "fewer_points_better",
    "frequency_table",
    "hand_class_name",
    "hand_frequencies",
    "p_class_among_hands",
    "p_rank_complete_among_cards",
    "plot_class_frequencies",
    "plot_comparison",
    "plot_pot_sizes",
    "plot_win_share",
    "plot_winning_classes",
    "seat_table",
    "showdown_odds",
    "showdown_probabilities",
    "summary_table",
]

Cards = str | Iterable[Card | str]
VariantLike = str | Variant


def _frame(rows: Any, columns: Sequence[str] | None = None) -> pd.DataFrame:
    return cast("pd.DataFrame", _pandas().DataFrame(rows, columns=columns))


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:  # pragma: no cover - depends on the install
        raise ImportError(
            "primero.analysis tables need pandas: pip install 'primero[analysis]'"
        ) from None
    return pandas


def _figure(**kwargs: Any) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - depends on the install
        raise ImportError(
            "primero.analysis plots need matplotlib: pip install 'primero[analysis]'"
        ) from None
    return Figure(**kwargs)


def _variant(variant: VariantLike, options: dict[str, Any]) -> Variant:
    return resolve_variant(variant, options or None)


def _cards(cards: Cards, variant: Variant, what: str) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    variant.pack.check(parsed, what)
    return parsed


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def class_order(ranking: Ranking) -> list[str]:
    """The ranking's classes, strongest first by the ranking's own order.

    Classes are ordered by their weakest hand's sort key, so an inverted ranking (``losing``)
    lists Numerus first and Zorli's high Primero does not lift Primero above Fluxus.
    """
    return list(strongest_first(ranking))


def hand_class_name(name: str, classes: Iterable[str], variant: object = None) -> str:
    """The class called ``name`` among ``classes``, matched in any case.

    Args:
        name: A class name as typed, e.g. ``"fluxus"``.
        classes: The ranking's classes (in the order to list them in an error).
        variant: Named in the error message, when given.

    Returns:
        The class as the ranking spells it, e.g. ``"Fluxus"``.

    Raises:
        PrimeroError: no class of that name; the message lists the classes.
    """
    known = list(classes)
    if isinstance(name, str):
        for cls in known:
            if cls.casefold() == name.strip().casefold():
                return cls
    where = f" of {variant}" if variant is not None else ""
    raise PrimeroError(f"unknown hand class {name!r}; the classes{where} are "
                       f"{', '.join(known)}")


_DIRECTION: dict[int, tuple[Ranking, bool]] = {}


def fewer_points_better(ranking: Ranking) -> bool:
    """Whether the ranking prefers fewer points (``losing``) rather than more.

    Decided from the ranking's own sort keys, never from a variant's name: in each class, the
    best hand with the class's fewest points is compared with the best hand with its most
    points; the side most classes favour wins (more points better when no class tells).
    Cached per ranking.
    """
    found = _DIRECTION.get(id(ranking))
    if found is not None and found[0] is ranking:
        return found[1]
    low: dict[str, tuple[int, tuple[int, ...]]] = {}
    high: dict[str, tuple[int, tuple[int, ...]]] = {}
    for v in ranking.values():
        cls = v.hand_class
        if cls not in low or v.points < low[cls][0] \
                or (v.points == low[cls][0] and v.key > low[cls][1]):
            low[cls] = (v.points, v.key)
        if cls not in high or v.points > high[cls][0] \
                or (v.points == high[cls][0] and v.key > high[cls][1]):
            high[cls] = (v.points, v.key)
    votes = 0
    for cls, (points, key) in low.items():
        top_points, top_key = high[cls]
        if top_points != points and top_key != key:
            votes += 1 if top_key > key else -1
    _DIRECTION[id(ranking)] = (ranking, votes < 0)
    return votes < 0


# --------------------------------------------------------------------------------------------
# Hand frequencies (RULES.md §11)


def hand_frequencies(variant: VariantLike = "waks", **options: Any) -> pd.DataFrame:
    """Hands of each class over the variant's pack, exactly (RULES.md §11).

    Args:
        variant: A variant, a name, or ``"name:key=value,..."``.
        **options: Variant options, e.g. ``supremus=False``.

    Returns:
        One row per class, strongest first: ``variant``, ``pack``, ``class``, ``hands``,
        ``probability``, ``min_points``, ``max_points`` (``hands`` sums to C(pack, 4)).
    """
    configured = _variant(variant, options)
    ranking = configured.ranking
    census = ranking.census()
    ranges = ranking.points_range()
    total = sum(census.values())
    rows = [
        {"variant": str(configured), "pack": ranking.pack.name, "class": cls,
         "hands": census[cls], "probability": census[cls] / total,
         "min_points": ranges[cls][0], "max_points": ranges[cls][1]}
        for cls in class_order(ranking)
    ]
    return _frame(rows)


def frequency_table(variants: Iterable[VariantLike]) -> pd.DataFrame:
    """:func:`hand_frequencies` of several variants (or option sets) in one tidy table."""
    return cast("pd.DataFrame", _pandas().concat([hand_frequencies(v) for v in variants],
                                                 ignore_index=True))


# --------------------------------------------------------------------------------------------
# Draw odds


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
            discard not in the hand, or too few unseen cards.
    """
    configured = _variant(variant, options)
    ranking = configured.ranking
    held = _cards(hand, configured, "hand")
    thrown = _cards(discard, configured, "discard")
    known_dead = _cards(dead, configured, "dead cards")
    if len(held) > HAND_SIZE:
        raise InvalidDeckError(f"a hand has at most {HAND_SIZE} cards; got {len(held)}: "
                               f"{format_cards(held)}")
    stray = [c for c in thrown if c not in held]
    if stray:
        raise InvalidDeckError(f"discard {format_cards(stray)} is not in the hand "
                               f"{format_cards(held)}")
    clash = [c for c in known_dead if c in held]
    if clash:
        raise InvalidDeckError(f"dead card {format_cards(clash)} is in the hand")
    keep = _mask(c for c in held if c not in thrown)
    out = _mask(held) | _mask(known_dead)
    unseen = [c.bit for c in ranking.pack.cards if not out & c.bit]
    need = HAND_SIZE - (len(held) - len(thrown))
    if need > len(unseen):
        raise InvalidDeckError(f"{need} cards to draw but only {len(unseen)} unseen")
    table = ranking.table
    counts: Counter[int] = Counter()
    for drawn in combinations(unseen, need):
        mask = keep
        for bit in drawn:
            mask |= bit
        counts[mask] += 1
    by_value: Counter[tuple[tuple[int, ...], str, int]] = Counter()
    for mask, n in counts.items():
        value = table[mask]
        by_value[(value.key, value.hand_class, value.points)] += n
    outcomes = tuple(
        DrawOutcome(hand_class=cls, points=points, key=key, count=n)
        for (key, cls, points), n in sorted(by_value.items(), reverse=True)
    )
    return DrawDistribution(
        variant=str(configured), hand=held, discard=thrown, drawn=need, unseen=len(unseen),
        total=math.comb(len(unseen), need), outcomes=outcomes,
        classes=tuple(class_order(ranking)),
    )


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
        frame = _frame(rows, columns=["class", "points", "draws", "probability"])
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
        frame = _frame(rows)
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
            lists the ranking's classes), or a target with the ``"points"`` criterion.
        InvalidDeckError: bad cards (see :func:`draw_distribution`).
    """
    configured = _variant(variant, options)
    ranking = configured.ranking
    held = _cards(hand, configured, "hand")
    dead_cards = list(_cards(dead, configured, "dead cards"))
    threshold: tuple[int, ...] | None = None
    if criterion == "class":
        if not isinstance(target, str):
            raise PrimeroError(f"ranking by class needs a target class, one of "
                               f"{', '.join(class_order(ranking))}")
        cls = hand_class_name(target, class_order(ranking), configured)
        threshold = min(v.key for v in ranking.values() if v.hand_class == cls)
    elif criterion == "beat":
        if target is None:
            raise PrimeroError("criterion 'beat' needs a target hand of four cards")
        other = ranking.evaluate(_cards(target, configured, "hand to beat"))
        clash = [c for c in other.cards if c in held]
        if clash:
            raise InvalidDeckError(f"the hand to beat shares {format_cards(clash)} with the hand")
        threshold = other.key
        dead_cards += [c for c in other.cards if c not in dead_cards]
    elif criterion != "points":
        raise PrimeroError(f"unknown criterion {criterion!r}: use points, class or beat")
    elif target is not None:
        raise PrimeroError("a target goes with criterion 'class' or 'beat', not 'points'")
    sign = -1 if criterion == "points" and fewer_points_better(ranking) else 1
    limit = len(held) if max_discards is None else max_discards
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
    frame = _frame(rows)
    frame.attrs["criterion"] = criterion
    frame.attrs["fewer_points_better"] = fewer_points_better(
        _variant(variant, options).ranking)
    return frame


# --------------------------------------------------------------------------------------------
# Showdown odds


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


# --------------------------------------------------------------------------------------------
# Fact-check of the rule sheets' tips


def p_class_among_hands(variant: VariantLike = "waks", hand_class: str = "Chorus",
                        hands: int = 4, *, max_nodes: int = 5_000_000, **options: Any) \
        -> Fraction:
    """The exact chance that at least one of ``hands`` hands dealt is a ``hand_class``.

    By inclusion–exclusion over the ordered tuples of pairwise disjoint hands of the class.

    Fine for rare classes (Chorus, Supremus); a common class needs too many tuples.

    Raises:
        PrimeroError: an unknown class (any case is accepted), too many hands for the pack,
            or more than ``max_nodes`` tuples to count.
    """
    configured = _variant(variant, options)
    ranking = configured.ranking
    hand_class = hand_class_name(hand_class, class_order(ranking), configured)
    size = len(ranking.pack)
    if hands * HAND_SIZE > size:
        raise PrimeroError(f"{hands} hands of four do not fit in {size} cards")
    family = [mask for mask, v in ranking.table.items() if v.hand_class == hand_class]
    visited = 0
    # tuples[k]: ordered k-tuples of pairwise disjoint hands of the class
    tuples = [0] * (hands + 1)

    def extend(depth: int, used: int) -> None:
        nonlocal visited
        tuples[depth] += 1
        if depth == hands:
            return
        for mask in family:
            if not used & mask:
                visited += 1
                if visited > max_nodes:
                    raise PrimeroError(
                        f"more than {max_nodes:,} tuples of {hand_class} hands to count")
                extend(depth + 1, used | mask)

    extend(0, 0)
    result = Fraction(0)
    for k in range(1, hands + 1):
        # ordered deals of k specific hands: C(size,4) C(size-4,4) ...
        ways = math.prod(math.comb(size - HAND_SIZE * i, HAND_SIZE) for i in range(k))
        result += (-1) ** (k + 1) * math.comb(hands, k) * Fraction(tuples[k], ways)
    return result


def p_rank_complete_among_cards(variant: VariantLike = "waks", cards: int = 16,
                                **options: Any) -> Fraction:
    """The exact chance that ``cards`` cards dealt hold all four cards of at least one rank.

    By inclusion–exclusion over the ranks that have four cards in the pack.

    Raises:
        PrimeroError: more cards than the pack holds.
    """
    configured = _variant(variant, options)
    pack = configured.pack
    size = len(pack)
    if not 0 <= cards <= size:
        raise PrimeroError(f"cannot deal {cards} cards from {size}")
    per_rank = Counter(c.rank for c in pack)
    complete = [r for r, n in per_rank.items() if n == 4]
    result = Fraction(0)
    for k in range(1, len(complete) + 1):
        if 4 * k > cards:
            break
        result += (-1) ** (k + 1) * math.comb(len(complete), k) * Fraction(
            math.comb(size - 4 * k, cards - 4 * k), math.comb(size, cards))
    return result


def fact_check_rows() -> list[dict[str, Any]]:
    """The rule sheets' numeric tips against exact figures, as plain dicts.

    Pure Python; see :func:`fact_check` for the columns and assumptions.
    """
    census = hand_frequencies_counts("waks")
    chorus_one = Fraction(census["Chorus"], sum(census.values()))
    flush_three = draw_distribution("Kh Qh Jh 2s", "2s").probability("Fluxus")
    flush_two = draw_distribution("Kh Qh 2s 3c", "2s 3c").probability("Fluxus")
    flush_second_deal = draw_distribution("Kh Qh").probability("Fluxus")
    chorus_claim = ("A Chorus appears about once in 100 deals of four hands",
                    "[seed-FR][seed-IT]", Fraction(1, 100))
    flush_claim = ("Drawing the missing card for a flush is about one chance in ten",
                   "[seed-FR][seed-IT]", Fraction(1, 10))
    readings = [
        (chorus_claim, "one given player's four cards are a Chorus", chorus_one),
        (chorus_claim, "at least one of four hands dealt from 40 cards is a Chorus",
         p_class_among_hands("waks", "Chorus", 4)),
        (chorus_claim, "the 16 cards dealt to four players hold all four of some rank "
                       "(not necessarily in one hand)", p_rank_complete_among_cards("waks", 16)),
        (flush_claim, "three of a suit held, the odd card thrown, one card drawn (36 unseen)",
         flush_three),
        (flush_claim, "two of a suit held, two cards thrown, both cards drawn of the suit",
         flush_two),
        (flush_claim, "two of a suit after round 1 (Waks), both cards of the second deal of "
                      "the suit (38 unseen)", flush_second_deal),
    ]
    rows = []
    for (claim, source, claimed), reading, exact in readings:
        rows.append({
            "claim": claim, "source": source, "claimed": float(claimed), "reading": reading,
            "exact": f"{exact.numerator}/{exact.denominator}", "probability": float(exact),
            "one_in": float(1 / exact), "ratio": float(exact / claimed),
        })
    return rows


def hand_frequencies_counts(variant: VariantLike = "waks", **options: Any) -> dict[str, int]:
    """Hands of each class over the pack (the census, without pandas)."""
    return _variant(variant, options).ranking.census()


def fact_check() -> pd.DataFrame:
    """The rule sheets' numeric tips checked exactly (RULES.md §11, issue 7 item 6).

    Assumptions: four players, the 40-card ``italian40`` pack, the standard ranking; draws are
    from the unseen cards, every set equally likely (cards in other players' unknown hands are
    as good as unseen).

    Returns:
        One row per reading: ``claim``, ``source``, ``claimed`` (the sheet's figure),
        ``reading``, ``exact`` (a fraction in lowest terms), ``probability``, ``one_in``
        (1 / probability) and ``ratio`` (exact / claimed).
    """
    return _frame(fact_check_rows())


# --------------------------------------------------------------------------------------------
# Simulation tables


def _runs(source: Simulation | Comparison) -> tuple[Simulation, ...]:
    if isinstance(source, Simulation):
        return (source,)
    if isinstance(source, Comparison):
        return source.simulations
    raise TypeError(f"expected a Simulation or a Comparison, got {type(source).__name__}")


def deal_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per simulated deal (several runs stacked, told apart by ``variant``).

    Columns: the fields of :class:`~primero.simulation.DealResult` (``winners`` and
    ``winner_positions`` as tuples), with ``net`` spread into ``net_0`` … ``net_{n-1}``.
    """
    rows = []
    for run in _runs(source):
        for r in run.results:
            row = r.as_dict()
            net = row.pop("net")
            for seat, chips in enumerate(net):
                row[f"net_{seat}"] = chips
            rows.append(row)
    return _frame(rows)


def seat_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per variant and seat.

    Columns: ``variant``, ``seat``, ``win_share``, ``mean_net`` (chips per deal),
    ``total_net`` (chips over the run).
    """
    rows = []
    for run in _runs(source):
        summary = run.summary()
        for seat in range(run.players):
            rows.append({
                "variant": run.label, "seat": seat, "win_share": summary.win_share[seat],
                "mean_net": summary.mean_net[seat],
                "total_net": sum(r.net[seat] for r in run.results),
            })
    return _frame(rows)


def class_table(source: Simulation | Comparison) -> pd.DataFrame:
    """The class of the best hand taking chips at a showdown, per variant.

    Columns: ``variant``, ``class``, ``deals``, ``share`` (of the deals with a winning hand
    shown); strongest class first.
    """
    rows = []
    for run in _runs(source):
        counts = run.summary().winning_classes
        shown = sum(counts.values())
        for cls, n in counts.items():
            rows.append({"variant": run.label, "class": cls, "deals": n,
                         "share": n / shown if shown else 0.0})
    return _frame(rows)


def summary_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per run: the :class:`~primero.simulation.Summary` numbers.

    Columns: ``variant``, ``players``, ``deals``, ``showdowns``, ``showdown_rate``,
    ``carried_over``, ``carry_rate``, ``mean_pot``, ``pot_sd``, ``max_pot``, ``win_share_<seat>``
    and ``mean_net_<seat>`` for every seat, and ``top_class`` (the commonest winning class).
    """
    rows = []
    for run in _runs(source):
        s = run.summary()
        row: dict[str, Any] = {
            "variant": s.variant, "players": s.players, "deals": s.deals,
            "showdowns": s.showdowns, "showdown_rate": s.showdowns / s.deals if s.deals else 0.0,
            "carried_over": s.carried_over,
            "carry_rate": s.carried_over / s.deals if s.deals else 0.0,
            "mean_pot": s.mean_pot, "pot_sd": s.pot_sd, "max_pot": s.max_pot,
        }
        for seat, share in enumerate(s.win_share):
            row[f"win_share_{seat}"] = share
        for seat, net in enumerate(s.mean_net):
            row[f"mean_net_{seat}"] = net
        classes = [(n, c) for c, n in s.winning_classes.items() if n]
        row["top_class"] = max(classes)[1] if classes else None
        rows.append(row)
    return _frame(rows)


def compare_variants(variants: Sequence[VariantLike], **kwargs: Any) -> pd.DataFrame:
    """Simulate several variants (or option sets) on the same seeds; one row per variant.

    Keyword arguments go to :func:`primero.simulation.compare` (``deals``, ``seed``,
    ``players``, ``agents``, ``jobs``, ``executor`` ...). The table is
    :func:`summary_table` of the comparison; keep the :class:`~primero.simulation.Comparison`
    (``compare(...)``) for the other tables and the plots.
    """
    return summary_table(compare(variants, **kwargs))


# --------------------------------------------------------------------------------------------
# Plots

_COLOURS = ("#1f4e79", "#c55a11", "#548235", "#7030a0", "#bf9000", "#2e75b6", "#a5a5a5",
            "#843c0c")


def _grouped_bars(ax: Axes, groups: Sequence[str], series: Mapping[str, Sequence[float]],
                  *, ylabel: str, log: bool = False) -> None:
    width = 0.8 / max(1, len(series))
    for k, (label, values) in enumerate(series.items()):
        offsets = [i - 0.4 + width * (k + 0.5) for i in range(len(groups))]
        ax.bar(offsets, values, width=width, label=label, color=_COLOURS[k % len(_COLOURS)])
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    if len(series) > 1:
        ax.legend(fontsize="small")


def _union(orders: Iterable[Sequence[str]]) -> list[str]:
    seen: list[str] = []
    for order in orders:
        for item in order:
            if item not in seen:
                seen.append(item)
    return seen


def plot_class_frequencies(variants: Sequence[VariantLike] | VariantLike = "waks",
                           *, ax: Axes | None = None) -> Figure:
    """Exact class probabilities over the pack, one bar per class and variant (log scale)."""
    chosen = [variants] if isinstance(variants, str | Variant) else list(variants)
    tables = [hand_frequencies(v) for v in chosen]
    classes = _union(t["class"].tolist() for t in tables)
    series = {
        str(t["variant"].iloc[0]): [
            float(t.loc[t["class"] == c, "probability"].sum()) for c in classes
        ] for t in tables
    }
    fig, axes = _axes(ax)
    _grouped_bars(axes, classes, series, ylabel="probability (log scale)", log=True)
    axes.set_title("Hands of each class (exact)")
    return fig


def _axes(ax: Axes | None, **kwargs: Any) -> tuple[Figure, Axes]:
    if ax is not None:
        figure = ax.get_figure()
        assert figure is not None
        return figure, ax  # type: ignore[return-value]
    fig = _figure(figsize=kwargs.get("figsize", (7, 4)), layout="constrained")
    return fig, fig.add_subplot()


def plot_winning_classes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Share of each class among the winning hands shown, per variant."""
    runs = _runs(source)
    summaries = [r.summary() for r in runs]
    classes = [c for c in _union(list(s.winning_classes) for s in summaries)
               if any(s.winning_classes.get(c, 0) for s in summaries)]
    series = {}
    for s in summaries:
        shown = sum(s.winning_classes.values()) or 1
        series[s.variant] = [s.winning_classes.get(c, 0) / shown for c in classes]
    fig, axes = _axes(ax)
    _grouped_bars(axes, classes, series, ylabel="share of winning hands shown")
    axes.set_title("Winning class at the showdown")
    return fig


def plot_win_share(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Win share by seat, per variant, with the fair share ``1 / players`` marked.

    In independent deals seat 0 is the eldest and the last seat deals.
    """
    runs = _runs(source)
    summaries = [r.summary() for r in runs]
    players = max(s.players for s in summaries)
    fixed = all(r.mode == "deals" for r in runs)
    seats = [f"seat {i}" + (" (eldest)" if fixed and i == 0 else
                            " (dealer)" if fixed and i == players - 1 else "")
             for i in range(players)]
    series = {s.variant: list(s.win_share) + [0.0] * (players - s.players) for s in summaries}
    fig, axes = _axes(ax)
    axes.axhline(1 / players, color="black", linestyle="--", linewidth=1,
                 label=f"fair share 1/{players}")
    _grouped_bars(axes, seats, series, ylabel="share of deals won")
    top = max([1 / players, *(w for values in series.values() for w in values)])
    axes.set_ylim(0, top * 1.3)  # room for the legend above the bars
    axes.legend(fontsize="small", loc="upper center", ncols=min(4, len(series) + 1))
    axes.set_title("Win share by seat")
    return fig


def plot_pot_sizes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Distribution of pot sizes (chips contested per deal): a box per variant, means marked."""
    runs = _runs(source)
    fig, axes = _axes(ax)
    data = [[r.pot for r in run.results] for run in runs]
    labels = [run.label for run in runs]
    boxes = axes.boxplot(data, showmeans=True, patch_artist=True, widths=0.6,
                         medianprops={"color": "black"},
                         meanprops={"marker": "D", "markerfacecolor": "white",
                                    "markeredgecolor": "black"})
    for k, patch in enumerate(boxes["boxes"]):
        patch.set_facecolor(_COLOURS[k % len(_COLOURS)])
        patch.set_alpha(0.6)
    axes.set_xticks(range(1, len(labels) + 1), labels)
    axes.set_ylabel("pot (chips); line: median, diamond: mean")
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.set_title("Pot sizes")
    return fig


def plot_comparison(source: Simulation | Comparison) -> Figure:
    """Three panels side by side: winning classes, win share by seat, pot sizes."""
    runs = _runs(source)
    fig = _figure(figsize=(16, 5), layout="constrained")
    left, middle, right = fig.subplots(1, 3)
    plot_winning_classes(source, ax=left)
    plot_win_share(source, ax=middle)
    plot_pot_sizes(source, ax=right)
    first = runs[0] if runs else None
    if first is not None:
        fig.suptitle(
            f"{', '.join(r.label for r in runs)} — {len(first)} deals each, "
            f"{first.players} players, {'/'.join(sorted(set(first.agents)))} agents, "
            f"seed {first.seed}"
        )
    return fig
