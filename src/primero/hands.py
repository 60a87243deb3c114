"""Hand classes, hand values and their comparisons (RULES.md §2).

A :class:`HandValue` is one hand's entry in a :class:`~primero.ranking.Ranking`'s compact
table, made only when asked for (:meth:`Ranking.evaluate <primero.ranking.Ranking.evaluate>`);
it remembers the ranking that made it and refuses to be compared with values of another
ranking. The :class:`~primero.ranking.Ranking` type itself lives in :mod:`primero.ranking` and
is importable from here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import frozen

from primero.cards import Card, format_cards
from primero.errors import InvalidDeckError, RankingMismatchError

if TYPE_CHECKING:
    from primero.ranking import Ranking

__all__ = ["DIRECTIONS", "HAND_SIZE", "Classification", "Comparison", "HandValue", "Ranking"]

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


class HandValue:
    """The value of a four-card hand under one ranking: a hand's table entry, made on request.

    A value is a ranking and the hand's table index (two slots); strength, class, points,
    cards, the counting cards and the sort key are read from the ranking's table when asked
    for. Values
    compare with ``<``, ``>``, ``<=``, ``>=`` by strength; ``==`` means *a tie* (equal
    strength, whatever the cards). Ordering values of two different rankings (``<``, ``<=``,
    ``>``, ``>=``, :meth:`ties`) raises :class:`~primero.errors.RankingMismatchError`; ``==``
    between them is ``False`` (never a tie), so ``value in values`` and dictionaries of values
    of several rankings work. Values are immutable.

    Build one with :meth:`Ranking.evaluate` (or ``HandValue(ranking=r, index=i)`` from a
    table index, see :meth:`Ranking.index_of`).

    Attributes:
        ranking: The ranking that made this value.
        index: The hand's perfect index in the ranking's table (0..C(n, 4) - 1).
        strength: The dense strength: larger is better under this ranking; equal is a tie.
        hand_class: The class name, e.g. ``"Primero"``.
        points: The points, e.g. ``65``.
        counting: The cards that count, best first.
        cards: The four cards, in pack order.
        key: The sort key from ``primero_hand_order``: larger is better.
    """

    __slots__ = ("_index", "_ranking")

    _index: int
    _ranking: Ranking

    def __init__(self, *, ranking: Ranking, index: int) -> None:
        table = ranking.hand_table
        if not isinstance(index, int) or not 0 <= index < len(table):
            raise InvalidDeckError(
                f"hand index {index!r} is outside ranking {ranking.name}'s table "
                f"(0..{len(table) - 1})")
        self._ranking = ranking
        self._index = index

    @property
    def ranking(self) -> Ranking:
        """The ranking that made this value."""
        return self._ranking

    @property
    def index(self) -> int:
        """The hand's index in the ranking's table."""
        return self._index

    @property
    def strength(self) -> int:
        """The hand's dense strength (larger is better; equal strengths tie)."""
        return self._ranking.hand_table.strength[self._index]

    @property
    def hand_class(self) -> str:
        """The class name, e.g. ``"Primero"``."""
        table = self._ranking.hand_table
        return table.classes[table.class_ids[self._index]]

    @property
    def points(self) -> int:
        """The points, e.g. ``65``."""
        return self._ranking.hand_table.points[self._index]

    @property
    def key(self) -> tuple[int, ...]:
        """The sort key from ``primero_hand_order`` (larger is better)."""
        table = self._ranking.hand_table
        return table.keys[table.strength[self._index]]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The four cards, in pack order."""
        return self._ranking.cards_at(self._index)

    @property
    def counting(self) -> tuple[Card, ...]:
        """The cards that make the points, best first (asked of the classification hook)."""
        return self._ranking.classification_at(self._index).counting

    def __copy__(self) -> HandValue:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> HandValue:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_hand_value, (self._ranking, self._index))

    def __repr__(self) -> str:
        return (f"HandValue(hand_class={self.hand_class!r}, points={self.points!r}, "
                f"cards={self.cards!r}, key={self.key!r})")

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other._ranking is not self._ranking:
            raise RankingMismatchError(
                f"cannot compare hand values of different rankings: {self._ranking.name} and "
                f"{other._ranking.name}"
            )
        return other

    def _strengths(self, other: object) -> tuple[int, int]:
        """This value's strength and ``other``'s (checked to be of the same ranking)."""
        index = self._check(other)._index
        strength = self._ranking.hand_table.strength
        return strength[self._index], strength[index]

    def __lt__(self, other: object) -> bool:
        mine, theirs = self._strengths(other)
        return mine < theirs

    def __le__(self, other: object) -> bool:
        mine, theirs = self._strengths(other)
        return mine <= theirs

    def __gt__(self, other: object) -> bool:
        mine, theirs = self._strengths(other)
        return mine > theirs

    def __ge__(self, other: object) -> bool:
        mine, theirs = self._strengths(other)
        return mine >= theirs

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if other._ranking is not self._ranking:
            return False  # values of two rankings are never a tie (``in``, dict keys work)
        strength = self._ranking.hand_table.strength
        return strength[self._index] == strength[other._index]

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return not self == other

    def __hash__(self) -> int:
        return hash((id(self._ranking), self.strength))

    def ties(self, other: HandValue) -> bool:
        """Whether the two values tie (same class, points and any further tie-break)."""
        mine, theirs = self._strengths(other)
        return mine == theirs

    @property
    def label(self) -> str:
        """``"Class points"``, e.g. ``"Primero 65"``: the form golden cases and JSON use."""
        return f"{self.hand_class} {self.points}"

    def explain(self) -> str:
        """One line: class, points, and the cards that make them with their points.

        Example: ``Primero 65: one card of each suit; 7♠ 21 + 6♥ 18 + A♦ 16 + K♣ 10``.
        """
        ranking = self._ranking
        hand_class, points, counting, cards = self.hand_class, self.points, self.counting, \
            self.cards
        what = ranking.describe_class(hand_class)
        if hand_class == "Numerus" and len(counting) == len(cards):
            what = "all four cards count"  # numerus_counts = all
        if hand_class == "Supremus" and points == 55:
            sum_text = f"{format_cards(counting)} of one suit = 55"
        else:
            sum_text = " + ".join(f"{c} {ranking.points[c]}" for c in counting)
            if len(counting) > 1:
                sum_text += f" = {points}"
        ignored = [c for c in cards if c not in counting]
        tail = f"; {format_cards(ignored)} not counted" if ignored else ""
        label = f"{hand_class} {points}"
        if not counting:  # a class in which no card counts (Primiera's "Nothing")
            return f"{label}: {what}{tail}"
        return f"{label}: {what}; {sum_text}{tail}"

    def __str__(self) -> str:
        return self.label


def _hand_value(ranking: Ranking, index: int) -> HandValue:
    """Unpickle a :class:`HandValue` (see ``HandValue.__reduce__``)."""
    return HandValue(ranking=ranking, index=index)


_new_value = object.__new__


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


#: The two directions a ranking can state (RULES.md §2): the strongest hand wins, or the
#: weakest (``losing``).
DIRECTIONS = ("high", "low")


def __getattr__(name: str) -> object:
    """``Ranking`` (and the unpickler of old pickles) live in :mod:`primero.ranking`."""
    if name in ("Ranking", "_ranking_of"):
        from primero import ranking

        return getattr(ranking, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
