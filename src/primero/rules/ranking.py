"""The standard ranking (docs/rules/hands.md): the core's ranking hooks.

Classes, weakest to strongest: Numerus, Primero, Supremus, Fluxus, Chorus. The tests run in the
precedence order Chorus, Fluxus, Supremus, Primero, Numerus, so 7-6-A-5 of one suit is a Fluxus
70 and four 7s a Chorus 84. Options (docs/rules/hands.md): ``supremus``, ``chorus``,
``numerus_counts`` and ``high_primero_beats_fluxus``; ``supremus_suits`` (the unsuited
Supremus, declared by the revival game). Sources: [seed-DE][NQ8][SUZ94][PARL]; Numerus counting
[seed-DE][ISEN][PARL]; the high-Primero reading [ZOR-C].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from primero.cards import PRIMIERA_POINTS, Card, Pack, Rank, Suit, get_pack
from primero.hands import Classification
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.tables import orders_by_class_and_points

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = [
    "CORE_RANKING",
    "DECK_OPTION",
    "HIGH_PRIMERO",
    "RANKING_OPTIONS",
    "STANDARD_CLASSES",
    "SUPREMUS_SUITS_OPTION",
    "CoreRanking",
    "classify_standard",
    "standard_order_key",
]

#: The standard classes, weakest first.
STANDARD_CLASSES = ("Numerus", "Primero", "Supremus", "Fluxus", "Chorus")
#: A Primero of this many points or more outranks every Fluxus under
#: ``high_primero_beats_fluxus`` (Zorli's reading of Cardano [ZOR-C]).
HIGH_PRIMERO = 79
_SUPREMUS_RANKS = frozenset((Rank.SEVEN, Rank.SIX, Rank.ACE))

#: The pack option (docs/rules/cards.md#packs); a house rule in the Waks family.
DECK_OPTION = Option(
    name="deck", default="italian40", choices=("italian40", "spanish48", "french52"),
    doc="The pack: italian40 (A-7 and three courts, the pack of every sheet; the default but "
        "in roman and the revival presets that name another); spanish48 (A-9 and three "
        "courts: [seed-FR] says the 48-card packs are 'conservant les 10' (keeping the 10s), "
        "which the library reads as the Spanish court numbered 10, "
        "docs/rules/cards.md#spanish48); french52 (the full "
        "pack). The 8, 9 and 10 are worth 8, 9 and 10 after [ZOR-B]; in the revival presets "
        "that is the library's reading.",
)

#: The options every standard ranking supports (docs/rules/hands.md).
RANKING_OPTIONS: tuple[Option, ...] = (
    Option(name="supremus", default=True,
           doc="Supremus (7, 6, A of one suit) is a class [seed-DE][NQ8]; off, it is a "
               "Numerus 55 ([seed-FR] calls it not universal)."),
    Option(name="chorus", default=True,
           doc="Chorus (four of a kind) is a class [seed-DE][NQ8]; off, the 'Règle sans "
               "Chorus' [seed-FR] (no-Chorus rule), four of a kind ranks as a Primero: the "
               "library's reading (the sheet has some sources treat the Chorus 'comme un "
               "simple bonus de Numerus', as a simple Numerus bonus, which four suits cannot "
               "be)."),
    Option(name="numerus_counts", default="best_suit", choices=("best_suit", "all"),
           doc="Numerus points: best_suit, the best suit's cards only [seed-DE][ISEN][PARL]; "
               "all, all four cards (the library's reading of the revival sheets' 'le "
               "meilleur total de points que vous pouvez former' [seed-FR], the best total of "
               "points you can form)."),
    Option(name="high_primero_beats_fluxus", default=False,
           doc="A Primero of 79+ outranks every Fluxus (Zorli's reading of Cardano [ZOR-C])."),
)


#: Which cards make a Supremus (docs/rules/hands.md#unsuited-supremus), with ``supremus`` on.
SUPREMUS_SUITS_OPTION = Option(
    name="supremus_suits", default="one", choices=("one", "any"),
    doc="With supremus on: one, the 7, 6 and A of one suit and a fourth card of another "
        "[seed-DE][NQ8]; any, an A, 6 and 7 of any suits plus any fourth card, the revival "
        "sheets' 'A, 6, 7 plus toute quatrième carte' [seed-FR], 'A, 6, 7 più qualsiasi "
        "quarta carta' [seed-IT] (A, 6, 7 plus any fourth card) read literally (four cards "
        "of one suit stay a Fluxus).",
)


def _by_points(cards: tuple[Card, ...] | list[Card], points: Mapping[Card, int]) \
        -> tuple[Card, ...]:
    # Stable and reversed: equal points keep the given (pack) order.
    return tuple(sorted(cards, key=points.__getitem__, reverse=True))


def classify_standard(
    cards: tuple[Card, ...],
    points: Mapping[Card, int],
    *,
    supremus: bool = True,
    chorus: bool = True,
    numerus_counts: str = "best_suit",
    supremus_suits: str = "one",
) -> Classification:
    """Classify four cards under the standard ranking (docs/rules/hands.md).

    Args:
        cards: Four distinct cards.
        points: Each card's points.
        supremus: Whether Supremus is a class.
        chorus: Whether Chorus is a class.
        numerus_counts: ``"best_suit"`` or ``"all"``.
        supremus_suits: ``"one"`` (the 7, 6 and A of one suit) or ``"any"`` (an A, 6 and 7
            of any suits, docs/rules/hands.md#unsuited-supremus); read only with ``supremus``.

    Returns:
        The hand's :class:`~primero.hands.Classification`.
    """
    if len(cards) != 4:  # the rule is about four cards
        raise ValueError(f"a hand has four cards, got {len(cards)}")
    a, b, c, d = cards
    suits = {a.suit, b.suit, c.suit, d.suit}
    if supremus and supremus_suits == "any" and len(suits) > 1:
        trio: dict[Rank, Card] = {}
        for x in _by_points(cards, points):
            if x.rank in _SUPREMUS_RANKS and x.rank not in trio:
                trio[x.rank] = x
        if len(trio) == 3:  # a Chorus holds one rank, a Fluxus one suit: neither can be here
            return Classification("Supremus", 55, _by_points(tuple(trio.values()), points))
    if len(suits) == 4:
        total = points[a] + points[b] + points[c] + points[d]
        if chorus and a.rank is b.rank is c.rank is d.rank:
            return Classification("Chorus", total, _by_points(cards, points))
        return Classification("Primero", total, _by_points(cards, points))
    if len(suits) == 1:
        total = points[a] + points[b] + points[c] + points[d]
        return Classification("Fluxus", total, _by_points(cards, points))
    groups: dict[Suit, list[Card]] = {}
    for x in cards:
        if x.suit in groups:
            groups[x.suit].append(x)
        else:
            groups[x.suit] = [x]
    if supremus and len(suits) == 2:
        for suited in groups.values():
            if len(suited) == 3 and {x.rank for x in suited} == _SUPREMUS_RANKS:
                return Classification("Supremus", 55, _by_points(suited, points))
    if numerus_counts == "all":
        total = points[a] + points[b] + points[c] + points[d]
        return Classification("Numerus", total, _by_points(cards, points))
    best: list[Card] = []
    best_points = -1
    for suited in groups.values():
        if len(suited) >= 2:
            total = sum(map(points.__getitem__, suited))
            if total > best_points:
                best, best_points = suited, total
    return Classification("Numerus", best_points, _by_points(best, points))


def standard_order_key(
    classification: Classification, classes: tuple[str, ...], *, high_primero: bool = False
) -> tuple[int, int]:
    """The standard sort key: (class position × 2, points); larger is better.

    With ``high_primero`` a Primero of :data:`HIGH_PRIMERO` or more sits just above Fluxus.
    """
    position = 2 * classes.index(classification.hand_class)
    if (
        high_primero
        and classification.hand_class == "Primero"
        and classification.points >= HIGH_PRIMERO
        and "Fluxus" in classes
    ):
        position = 2 * classes.index("Fluxus") + 1
    return (position, classification.points)


class CoreRanking:
    """Core ranking hooks: the primiera scale, the standard classes and their order."""

    @hookimpl(trylast=True)
    def primero_pack(self, variant: Variant) -> Pack:
        """The pack named by the ``deck`` option (``italian40`` if the variant has none)."""
        try:
            name = variant.option("deck")
        except KeyError:
            name = "italian40"
        return get_pack(name)

    @hookimpl(trylast=True)
    def primero_card_points(self, variant: Variant, card: Card) -> int:
        """The primiera scale of docs/rules/cards.md."""
        return PRIMIERA_POINTS[card.rank]

    @hookimpl(trylast=True)
    def primero_hand_classes(self, variant: Variant) -> tuple[str, ...]:
        """The standard classes, less Supremus/Chorus when their options are off."""
        options = variant.options
        return tuple(
            c for c in STANDARD_CLASSES
            if (c != "Supremus" or options.get("supremus", True))
            and (c != "Chorus" or options.get("chorus", True))
        )

    @hookimpl(trylast=True)
    def primero_classify_hand(
        self, variant: Variant, cards: tuple[Card, ...], points: Mapping[Card, int]
    ) -> Classification:
        """docs/rules/hands.md with the variant's ranking options."""
        options = variant.options
        return classify_standard(
            cards, points,
            supremus=bool(options.get("supremus", True)),
            chorus=bool(options.get("chorus", True)),
            numerus_counts=str(options.get("numerus_counts", "best_suit")),
            supremus_suits=str(options.get("supremus_suits", "one")),
        )

    @hookimpl(trylast=True)
    @orders_by_class_and_points
    def primero_hand_order(
        self, variant: Variant, classification: Classification, classes: tuple[str, ...]
    ) -> tuple[int, ...]:
        """Class, then points; ``high_primero_beats_fluxus`` per [ZOR-C]."""
        high = bool(variant.options.get("high_primero_beats_fluxus", False))
        return standard_order_key(classification, classes, high_primero=high)


#: The core's ranking hooks, registered ``trylast`` under every variant.
CORE_RANKING = CoreRanking()
