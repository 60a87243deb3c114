"""The fact-check of the rule sheets: their numeric tips against exact figures.

Rules: docs/rules/figures.md.

:func:`p_class_among_hands` and :func:`p_rank_complete_among_cards` are exact
inclusion–exclusion counts; :func:`fact_check_rows` (pure Python) and :func:`fact_check`
(a DataFrame) set them against the sheets' claims.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from primero.analysis.common import (
    VariantLike,
    as_count,
    as_variant,
    class_order,
    data_frame,
    hand_class_name,
)
from primero.analysis.draws import draw_distribution
from primero.analysis.frequencies import hand_frequencies_counts
from primero.errors import PrimeroError
from primero.hands import HAND_SIZE

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["fact_check", "fact_check_rows", "p_class_among_hands", "p_rank_complete_among_cards"]


def p_class_among_hands(variant: VariantLike = "waks", hand_class: str = "Chorus",
                        hands: int = 4, *, max_nodes: int = 5_000_000, **options: Any) \
        -> Fraction:
    """The exact chance that at least one of ``hands`` hands dealt is a ``hand_class``.

    By inclusion–exclusion over the ordered tuples of pairwise disjoint hands of the class.

    Fine for rare classes (Chorus, Supremus); a common class needs too many tuples.

    Args:
        variant: A variant, a name, or ``"name:key=value,..."``; its ranking decides the
            classes (RULES.md §2).
        hand_class: A class of that ranking, in any case (``"chorus"``).
        hands: How many four-card hands are dealt from the pack.
        max_nodes: The most tuples of hands to count before giving up.
        **options: Variant options.

    Raises:
        PrimeroError: an unknown class (any case is accepted), ``hands`` or ``max_nodes``
            not a whole number of 0 or more, too many hands for the pack, or more than
            ``max_nodes`` tuples to count.
    """
    configured = as_variant(variant, options)
    ranking = configured.ranking
    hand_class = hand_class_name(hand_class, class_order(ranking), configured)
    hands = as_count(hands, "hands")
    max_nodes = as_count(max_nodes, "max_nodes")
    size = len(ranking.pack)
    if hands * HAND_SIZE > size:
        raise PrimeroError(f"{hands} hands of four do not fit in {size} cards")
    import numpy as np

    cid = ranking.hand_table.arrays()[0]
    family = [sum(c.bit for c in ranking.cards_at(int(i)))
              for i in np.flatnonzero(cid == ranking.classes.index(hand_class))]
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
        PrimeroError: ``cards`` not a whole number of 0 or more, or more cards than the pack
            holds.
    """
    configured = as_variant(variant, options)
    pack = configured.pack
    size = len(pack)
    cards = as_count(cards, "cards")
    if cards > size:
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
    chorus_claim = ("A Chorus appears 'environ 1 sur 100 mains' (about 1 in 100 hands), 40 "
                    "cards dealt in 4 hands", "[seed-FR][seed-IT]", Fraction(1, 100))
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


def fact_check() -> pd.DataFrame:
    """The rule sheets' numeric tips checked exactly (docs/rules/figures.md#rule-sheet-tips).

    Assumptions: four players, the 40-card ``italian40`` pack, the standard ranking; draws are
    from the unseen cards, every set equally likely (cards in other players' unknown hands are
    as good as unseen).

    Returns:
        One row per reading: ``claim``, ``source``, ``claimed`` (the sheet's figure),
        ``reading``, ``exact`` (a fraction in lowest terms), ``probability``, ``one_in``
        (1 / probability) and ``ratio`` (exact / claimed).
    """
    return data_frame(fact_check_rows())
