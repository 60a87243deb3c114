"""An independent oracle for the standard ranking, written apart from the library.

Rules: docs/rules/hands.md.

Cards here are plain ``(rank, suit)`` integer pairs: rank 1 (ace) to 13 (king), suit 0 to 3.
Nothing from primero is imported, so agreement with the library is evidence, not an echo.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from math import comb

Hand = tuple[tuple[int, int], ...]

#: docs/rules/cards.md, the primiera scale, by rank number.
POINTS: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12,
                          13: 10, 12: 10, 11: 10, 10: 10, 9: 9, 8: 8}
#: The older English values of the example plug-in: 2, 3, 4 count their pips.
OLD_PIPS: dict[int, int] = POINTS | {2: 2, 3: 3, 4: 4}

#: The ranks of each pack (docs/rules/cards.md).
PACK_RANKS: dict[str, tuple[int, ...]] = {
    "italian40": (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    "spanish48": (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13),
    "french52": tuple(range(1, 14)),
}


def pack(name: str) -> list[tuple[int, int]]:
    return [(rank, suit) for suit in range(4) for rank in PACK_RANKS[name]]


def hands(name: str) -> Iterator[Hand]:
    return combinations(pack(name), 4)


def classify(
    hand: Hand,
    points: Mapping[int, int] = POINTS,
    *,
    supremus: bool = True,
    chorus: bool = True,
    numerus_counts: str = "best_suit",
) -> tuple[str, int]:
    """(class, points) of four cards, tested in the order Chorus, Fluxus, Supremus, Primero."""
    by_suit: dict[int, list[int]] = {}
    for rank, suit in hand:
        by_suit.setdefault(suit, []).append(rank)
    total = sum(points[rank] for rank, _ in hand)
    if chorus and len({rank for rank, _ in hand}) == 1:
        return "Chorus", total
    if len(by_suit) == 1:
        return "Fluxus", total
    if supremus and any(sorted(ranks) == [1, 6, 7] for ranks in by_suit.values()):
        return "Supremus", 55
    if len(by_suit) == 4:
        return "Primero", total
    if numerus_counts == "all":
        return "Numerus", total
    return "Numerus", max(sum(points[r] for r in ranks)
                          for ranks in by_suit.values() if len(ranks) >= 2)


def strength(value: tuple[str, int], *, high_primero: bool = False) -> tuple[float, int]:
    """A sort key for an oracle value: larger is better."""
    tier = {"Numerus": 0.0, "Primero": 1.0, "Supremus": 2.0, "Fluxus": 3.0, "Chorus": 4.0}
    hand_class, points = value
    if high_primero and hand_class == "Primero" and points >= 79:
        return (3.5, points)
    return (tier[hand_class], points)


def census_formula(name: str) -> dict[str, int]:
    """Hands per class by counting formula: r ranks per suit, four suits."""
    r = len(PACK_RANKS[name])
    chorus = r                      # one hand per rank
    fluxus = 4 * comb(r, 4)         # four of the r cards of one suit
    supremus = 4 * 3 * r            # 7-6-A of a suit, fourth card from the 3r of other suits
    primero = r**4 - chorus         # one rank per suit, less the four-of-a-kind
    total = comb(4 * r, 4)
    numerus = total - chorus - fluxus - supremus - primero
    return {"Numerus": numerus, "Primero": primero, "Supremus": supremus, "Fluxus": fluxus,
            "Chorus": chorus}
