"""Hand classes, hand values, rankings with their lookup tables, and explanations (RULES.md §2).

A :class:`Ranking` belongs to one configured variant. When first used it enumerates every
four-card hand of the variant's pack through the ranking hooks (``primero_classify_hand`` and
``primero_hand_order``) into a table keyed by the hand's card bits; evaluating a hand is then a
single dictionary look-up. Hand values remember the ranking that made them and refuse to be
compared with values of another ranking.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from primero.cards import Card, Pack, format_cards, parse_cards
from primero.errors import InvalidDeckError, RankingMismatchError

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = ["HAND_SIZE", "Classification", "Comparison", "HandValue", "Ranking"]

#: Only the four cards in hand count (RULES.md §2).
HAND_SIZE = 4


@frozen
class Classification:
    """What a ranking's ``primero_classify_hand`` hook says of one hand.

    Attributes:
        hand_class: The class name, e.g. ``"Primero"``.
        points: The hand's points (primiera scale), e.g. ``65``.
        counting: The cards that make the points, best first.
    """

    hand_class: str
    points: int
    counting: tuple[Card, ...]


@frozen(eq=False, order=False)
class HandValue:
    """The value of a four-card hand under one ranking.

    Values compare with ``<``, ``>``, ``<=``, ``>=``; ``==`` means *a tie* (equal sort keys,
    whatever the cards). Comparing values of two different rankings raises
    :class:`~primero.errors.RankingMismatchError`.

    Attributes:
        hand_class: The class name, e.g. ``"Primero"``.
        points: The points, e.g. ``65``.
        counting: The cards that count, best first.
        cards: The four cards, in pack order.
        key: The sort key from ``primero_hand_order``: larger is better.
        ranking: The ranking that made this value.
    """

    hand_class: str
    points: int
    counting: tuple[Card, ...]
    cards: tuple[Card, ...]
    key: tuple[int, ...]
    ranking: Ranking = field(repr=False)

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.ranking is not self.ranking:
            raise RankingMismatchError(
                f"cannot compare hand values of different rankings: {self.ranking.name} and "
                f"{other.ranking.name}"
            )
        return other

    def __lt__(self, other: object) -> bool:
        return self.key < self._check(other).key

    def __le__(self, other: object) -> bool:
        return self.key <= self._check(other).key

    def __gt__(self, other: object) -> bool:
        return self.key > self._check(other).key

    def __ge__(self, other: object) -> bool:
        return self.key >= self._check(other).key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == self._check(other).key

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key != self._check(other).key

    def __hash__(self) -> int:
        return hash((id(self.ranking), self.key))

    def ties(self, other: HandValue) -> bool:
        """Whether the two values tie (same class, points and any further tie-break)."""
        return self.key == self._check(other).key

    @property
    def label(self) -> str:
        """``"Class points"``, e.g. ``"Primero 65"``: the form golden cases and JSON use."""
        return f"{self.hand_class} {self.points}"

    def explain(self) -> str:
        """One line: class, points, and the cards that make them with their points.

        Example: ``Primero 65: one card of each suit; 7♠ 21 + 6♥ 18 + A♦ 16 + K♣ 10``.
        """
        ranking = self.ranking
        what = ranking.describe_class(self.hand_class)
        if self.hand_class == "Numerus" and len(self.counting) == len(self.cards):
            what = "all four cards count"  # numerus_counts = all
        if self.hand_class == "Supremus" and self.points == 55:
            sum_text = f"{format_cards(self.counting)} of one suit = 55"
        else:
            sum_text = " + ".join(f"{c} {ranking.points[c]}" for c in self.counting)
            if len(self.counting) > 1:
                sum_text += f" = {self.points}"
        ignored = [c for c in self.cards if c not in self.counting]
        tail = f"; {format_cards(ignored)} not counted" if ignored else ""
        if not self.counting:  # a class in which no card counts (Primiera's "Nothing")
            return f"{self.label}: {what}{tail}"
        return f"{self.label}: {what}; {sum_text}{tail}"

    def __str__(self) -> str:
        return self.label


@frozen
class Comparison:
    """The outcome of comparing two hand values, with the deciding step.

    Attributes:
        first: The first value compared.
        second: The second value compared.
        winner: 0 if ``first`` is better, 1 if ``second`` is, ``None`` for a tie.
        step: ``"class"``, ``"points"``, ``"tie-break"`` or ``"tie"``.
    """

    first: HandValue
    second: HandValue
    winner: int | None
    step: str

    def explain(self) -> str:
        """One sentence saying which hand wins and why."""
        a, b = self.first, self.second
        if self.winner is None:
            return f"{a.label} ties {b.label}"
        best, other = (a, b) if self.winner == 0 else (b, a)
        if self.step == "class":
            return f"{best.label} beats {other.label}: a {best.hand_class} outranks a " \
                   f"{other.hand_class}"
        if self.step == "points":
            return f"{best.label} beats {other.label} on points"
        return f"{best.label} beats {other.label} on the variant's tie-break"


#: Short descriptions of the standard classes (RULES.md §2) and of the declare-and-redraw
#: Primiera's (§9), for explanations.
CLASS_DESCRIPTIONS = {
    "Chorus": "four cards of one rank",
    "Fluxus": "four cards of one suit",
    "Supremus": "7, 6 and A of one suit",
    "Primero": "one card of each suit",
    "Numerus": "only the best suit counts",
    "Flush": "four cards of one suit",
    "Fifty-five": "7, 6 and A of one suit",
    "Primiera": "one card of each suit",
    "Nothing": "no combination",
}


class Ranking:
    """A variant's ranking: its classes, card points, and the table of every hand's value.

    Built by the variant's rules (see :attr:`primero.variant.Variant.ranking`); the table is
    enumerated once, on first use, through the ranking hooks.

    Attributes:
        name: The variant and its non-default options, e.g. ``"waks (supremus=false)"``.
        pack: The pack the table covers.
        classes: Class names, weakest first.
        points: Each card's points.
        variant: The variant whose ranking this is (``None`` for a free-standing ranking).
    """

    __slots__ = (
        "_classify", "_descriptions", "_order", "_table", "classes", "name", "pack", "points",
        "variant",
    )

    def __init__(
        self,
        *,
        name: str,
        pack: Pack,
        classes: tuple[str, ...],
        points: Mapping[Card, int],
        classify: Callable[[tuple[Card, ...]], Classification],
        order: Callable[[Classification], tuple[int, ...]],
        descriptions: Mapping[str, str] | None = None,
        variant: Variant | None = None,
    ) -> None:
        self.variant = variant
        self._descriptions = dict(CLASS_DESCRIPTIONS if descriptions is None else descriptions)
        self.name = name
        self.pack = pack
        self.classes = classes
        self.points = dict(points)
        self._classify = classify
        self._order = order
        self._table: dict[int, HandValue] | None = None

    def __repr__(self) -> str:
        return f"<Ranking {self.name} over {self.pack.name}>"

    def __deepcopy__(self, memo: dict[int, object]) -> Ranking:
        return self  # immutable once built; its table is shared

    def __copy__(self) -> Ranking:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as "the ranking of this variant": rebuilt (and cached) where it is loaded,
        # so a hand value crosses a process boundary without its 91,390-hand table.
        if self.variant is None:
            raise TypeError(f"ranking {self.name} has no variant and cannot be pickled")
        return (_ranking_of, (self.variant,))

    @property
    def table(self) -> dict[int, HandValue]:
        """Every hand of the pack, keyed by the OR of its cards' bits (built on first use)."""
        if self._table is None:
            self._table = self._build()
        return self._table

    def _build(self) -> dict[int, HandValue]:
        table: dict[int, HandValue] = {}
        classify, order, known = self._classify, self._order, set(self.classes)
        for hand in combinations(self.pack.cards, HAND_SIZE):
            c = classify(hand)
            if c.hand_class not in known:
                raise InvalidDeckError(
                    f"ranking {self.name}: class {c.hand_class!r} of {format_cards(hand)} is not"
                    f" among its classes {self.classes}"
                )
            table[hand[0].bit | hand[1].bit | hand[2].bit | hand[3].bit] = HandValue(
                c.hand_class, c.points, c.counting, hand, order(c), self
            )
        return table

    def evaluate(self, cards: str | Iterable[Card | str]) -> HandValue:
        """Return the value of a four-card hand.

        Args:
            cards: Four cards: text (``"7s 6h Ad Kc"``) or an iterable of cards or strings.

        Raises:
            CardParseError: a token is not a card.
            InvalidDeckError: not exactly four cards, a duplicate, or a card outside the pack.
        """
        table = self._table
        if table is None:
            table = self.table
        try:  # the hot path: four Card objects
            a, b, c, d = cards  # type: ignore[str-unpack]
            value = table.get(a.bit | b.bit | c.bit | d.bit)  # type: ignore[union-attr]
        except (ValueError, AttributeError, TypeError):
            value = None
        if value is None:
            hand = parse_cards(cards)
            value = table.get(sum({card.bit for card in hand})) if len(hand) == HAND_SIZE \
                else None
            if value is None or len(set(hand)) != HAND_SIZE:
                self._diagnose(hand)
                raise AssertionError("unreachable")  # pragma: no cover
        return value

    def value_of(self, mask: int) -> HandValue:
        """The value of the hand whose card bits OR to ``mask`` (the fast path; no checks)."""
        return self.table[mask]

    def _diagnose(self, hand: tuple[Card, ...]) -> None:
        self.pack.check(hand, "hand")
        raise InvalidDeckError(
            f"a hand has exactly {HAND_SIZE} cards; got {len(hand)}: {format_cards(hand) or '-'}"
        )

    def compare(self, first: HandValue, second: HandValue) -> Comparison:
        """Compare two values of this ranking and say which step decided.

        Raises:
            RankingMismatchError: either value was made by another ranking.
        """
        first._check(second)
        if first.ranking is not self:
            raise RankingMismatchError(
                f"hand value of ranking {first.ranking.name} given to ranking {self.name}"
            )
        if first.key == second.key:
            return Comparison(first, second, None, "tie")
        winner = 0 if first.key > second.key else 1
        if first.hand_class != second.hand_class:
            step = "class"
        elif first.points != second.points:
            step = "points"
        else:
            step = "tie-break"
        return Comparison(first, second, winner, step)

    def census(self) -> dict[str, int]:
        """The number of hands of each class over the pack, weakest class first."""
        counts = Counter(v.hand_class for v in self.table.values())
        return {cls: counts.get(cls, 0) for cls in self.classes}

    def points_range(self) -> dict[str, tuple[int, int]]:
        """The smallest and largest points of each class that occurs over the pack."""
        ranges: dict[str, tuple[int, int]] = {}
        for v in self.table.values():
            low, high = ranges.get(v.hand_class, (v.points, v.points))
            ranges[v.hand_class] = (min(low, v.points), max(high, v.points))
        return {cls: ranges[cls] for cls in self.classes if cls in ranges}

    def values(self) -> Iterator[HandValue]:
        """Every hand value of the pack (one per hand), in table order."""
        return iter(self.table.values())

    def describe_class(self, hand_class: str) -> str:
        """A short description of a class, e.g. ``"one card of each suit"``."""
        return self._descriptions.get(hand_class, hand_class)


def _ranking_of(variant: Variant) -> Ranking:
    """The ranking of ``variant`` (the unpickling side of :meth:`Ranking.__reduce__`)."""
    return variant.ranking
