"""Hand classes, hand values, their comparisons, and the :class:`Ranking` that makes them.

A :class:`Ranking` belongs to one configured variant (docs/rules/hands.md#direction): its
classes, card points, direction and a compact table of every four-card hand of the variant's
pack (:mod:`primero.tables`), read or built when first used. Evaluating a hand is a sorting
network and one array look-up; :meth:`Ranking.evaluate_many` does the same for a numpy batch.

A :class:`HandValue` is one hand's entry in a ranking's table, made only when asked for
(:meth:`Ranking.evaluate`); it remembers the ranking that made it and refuses to be compared
with values of another ranking. The classes and their order: docs/rules/hands.md.
"""

from __future__ import annotations

import html
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Set
from math import comb
from typing import TYPE_CHECKING, Any, Protocol, SupportsIndex, cast

from attrs import frozen

from primero.cards import CARDS_BY_INDEX, Card, Pack, format_cards, parse_cards
from primero.errors import CardParseError, InvalidDeckError, RankingMismatchError
from primero.native_evaluator import batcher, binder
from primero.tables import (
    TableSpec,
    TableVariant,
    build_table,
    colex_index,
    colex_offsets,
    every_hand,
    load_or_build,
)

if TYPE_CHECKING:
    from primero.tables import HandTable

__all__ = ["DIRECTIONS", "HAND_SIZE", "Classification", "Comparison", "HandValue", "RankedSpec",
           "RankedVariant", "Ranking"]


#: Only the four cards in hand count (docs/rules/hands.md).
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
    of several rankings work. Values are immutable. Two rankings are the same ranking when
    they are equal (:meth:`Ranking.__eq__`: the same variant name, rule objects and ranking
    options), not only when they are one object: a value made before
    :func:`~primero.plugins.registry.clear_caches` and one made after compare as values of
    one ranking.

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

    def __init__(self, *, ranking: Ranking, index: SupportsIndex) -> None:
        """Make the value of the hand at ``index`` in ``ranking``'s table.

        Raises:
            InvalidDeckError: ``index`` is not a whole number from 0 to ``len(ranking) - 1``
                (a bool is not one).
        """
        self._ranking = ranking
        self._index = _table_index(ranking, index)

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
        if other._ranking is not self._ranking and other._ranking != self._ranking:
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
            if other._ranking != self._ranking:
                return False  # values of two rankings are never a tie (``in``, dict keys work)
            return self.strength == other.strength  # (equal rankings: equal tables)
        strength = self._ranking.hand_table.strength
        return strength[self._index] == strength[other._index]

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return not self == other

    def __hash__(self) -> int:
        return hash((self._ranking._hash, self.strength))  # equal rankings hash alike

    def ties(self, other: HandValue) -> bool:
        """Whether the two values tie (same class, points and any further tie-break)."""
        mine, theirs = self._strengths(other)
        return mine == theirs

    @property
    def label(self) -> str:
        """``"Class points"``, e.g. ``"Primero 65"``: the form golden cases and JSON use."""
        return f"{self.hand_class} {self.points}"

    def _repr_html_(self) -> str:
        """The value for a notebook: the cards' faces, the label, and :meth:`explain`."""
        faces = " ".join(card._repr_html_() for card in self.cards)
        return (f'<div class="primero-hand-value">{faces} &mdash; '
                f"<strong>{html.escape(self.label)}</strong><br>"
                f"<small>{html.escape(self.explain())}</small></div>")

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
        unsuited = hand_class == "Supremus" and len({c.suit for c in counting}) > 1
        if unsuited:  # supremus_suits = any (docs/rules/hands.md#unsuited-supremus)
            what = "7, 6 and A of any suits"
        if hand_class == "Supremus" and points == 55 and not unsuited:
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


def _table_index(ranking: Ranking, index: object) -> int:
    """``index`` as a table index of ``ranking``: a whole number from 0 to ``len(ranking) - 1``.

    A Python or numpy integer is taken; ``bool`` is not (``True`` is not hand 1).

    Raises:
        InvalidDeckError: ``index`` is not a whole number (a bool, a float, text) or is
            outside the table; the message shows the value given and the table's range.
    """
    size = len(ranking.hand_table)
    try:
        whole = operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        whole = None
    if whole is None or isinstance(index, bool):
        raise InvalidDeckError(
            f"hand index {index!r} is not a whole number: ranking {ranking.name}'s table "
            f"holds hands 0..{size - 1}")
    if not 0 <= whole < size:
        raise InvalidDeckError(
            f"hand index {whole} is outside ranking {ranking.name}'s table (0..{size - 1})")
    return whole


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

    def _repr_html_(self) -> str:
        """The comparison for a notebook: both hands, the winner marked, why under them.

        Each hand as :meth:`HandValue._repr_html_` draws it (faces, label, explanation),
        marked ``wins`` (or ``tie`` on both); :meth:`explain`'s sentence below, escaped.
        """
        marks = [("tie" if self.winner is None else "wins" if self.winner == k else "")
                 for k in (0, 1)]
        rows = "".join(f"<tr><td><strong>{mark}</strong></td><td>{value._repr_html_()}</td></tr>"
                       for mark, value in zip(marks, (self.first, self.second), strict=True))
        return (f'<div class="primero-comparison"><table><tbody>{rows}</tbody></table>'
                f"<div>{html.escape(self.explain())}</div></div>")


#: Short descriptions of the standard classes (docs/rules/hands.md) and of the declare-and-redraw
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


#: The two directions a ranking can state (docs/rules/hands.md): the strongest hand wins, or the
#: weakest (``losing``).
DIRECTIONS = ("high", "low")


class RankedSpec(TableSpec, Protocol):
    """What a ranking reads of its variant's spec: also the variant's own rule objects."""

    @property
    def plugins(self) -> tuple[object, ...]:
        """The rule objects stacked on the core rules."""
        ...


class RankedVariant(TableVariant, Protocol):
    """What a ranking reads of its variant; a configured :class:`primero.variant.Variant` is one.

    Besides what its table reads (:class:`primero.tables.TableVariant`): the rule objects,
    whose attributes state class descriptions and the direction, and the variant's ranking,
    which a pickled ranking becomes again where it is loaded.
    """

    @property
    def spec(self) -> RankedSpec:
        """The registered spec."""
        ...

    @property
    def house_rules(self) -> tuple[object, ...]:
        """The rule objects stacked on top of the variant's own."""
        ...

    @property
    def ranking(self) -> Ranking:
        """The variant's ranking (built once, cached)."""
        ...


def _declared(variant: RankedVariant | None, attribute: str) -> list[object]:
    """The values of ``attribute`` on the variant's rule objects, the last stacked last."""
    if variant is None:
        return []
    objects = (*variant.spec.plugins, *variant.house_rules)
    return [getattr(o, attribute) for o in objects if getattr(o, attribute, None) is not None]


class Ranking:
    """A variant's ranking: its classes, card points, direction, and the table of every hand.

    Built by the variant's rules (see :attr:`primero.variant.Variant.ranking`). The table
    (:class:`primero.tables.HandTable`: class, points and dense strength of every hand, by
    the hand's perfect index) is made on first use — derived from the ranking hooks' answers,
    or read from the on-disk cache — and hand values are made only when asked for.

    Attributes:
        name: The variant and its non-default options, e.g. ``"waks (supremus=false)"``.
        pack: The pack the table covers.
        classes: Class names, weakest first (in the standard order; see
            :attr:`strongest_first` for the order this ranking plays them in).
        points: Each card's points.
        variant: The variant whose ranking this is (``None`` for a free-standing ranking).
        identity: What the ranking is, as a value (``None`` for a free-standing ranking): a
            variant's rules give ``(variant name, rule objects, ranking options)``. Rankings
            with equal identities are equal and hash alike (the same hands, classes and strengths,
            whichever of them was built first or after
            :func:`~primero.plugins.registry.clear_caches`); a ranking without a key equals
            only itself.
    """

    __slots__ = (
        "__dict__", "_classifications", "_classify", "_declared_direction", "_descriptions",
        "_direction", "_hash", "_legacy", "_numpy", "_order", "_strongest", "_table", "classes",
        "identity", "name", "pack", "points", "variant",
    )

    variant: RankedVariant | None
    identity: Hashable | None
    name: str
    pack: Pack
    classes: tuple[str, ...]
    points: dict[Card, int]

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
        variant: RankedVariant | None = None,
        direction: str | None = None,
        identity: Hashable | None = None,
    ) -> None:
        self.variant = variant
        self.identity = identity
        self._hash = hash(identity) if identity is not None else object.__hash__(self)
        merged = dict(CLASS_DESCRIPTIONS if descriptions is None else descriptions)
        for extra in _declared(variant, "class_descriptions"):
            merged.update(cast("Mapping[str, str]", extra))
        self._descriptions = merged
        if direction is None:
            stated = _declared(variant, "ranking_direction")
            direction = str(stated[-1]) if stated else None
        if direction is not None and direction not in DIRECTIONS:
            raise ValueError(f"ranking {name}: direction {direction!r} is not one of "
                             f"{DIRECTIONS}")
        self._declared_direction = direction
        self._direction: str | None = direction
        self.name = name
        self.pack = pack
        self.classes = classes
        self.points = dict(points)
        self._classify = classify
        self._order = order
        self._table: HandTable | None = None
        self._numpy: tuple[Any, Any, Any, Callable[..., Any]] | None = None
        self._legacy: dict[int, HandValue] | None = None
        self._strongest: tuple[str, ...] | None = None
        self._classifications: dict[int, Classification] = {}

    def __repr__(self) -> str:
        return f"<Ranking {self.name} over {self.pack.name}>"

    def __eq__(self, other: object) -> bool:
        """Whether ``other`` is this ranking: itself, or one with an equal :attr:`identity`."""
        if other is self:
            return True
        if not isinstance(other, Ranking):
            return NotImplemented
        return (self.identity is not None and self._hash == other._hash
                and self.identity == other.identity)

    def __ne__(self, other: object) -> bool:
        if other is self:
            return False
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return self._hash

    def __deepcopy__(self, memo: dict[int, object]) -> Ranking:
        return self  # immutable once built; its table is shared

    def __copy__(self) -> Ranking:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as "the ranking of this variant": rebuilt (and cached) where it is loaded,
        # so a hand value crosses a process boundary without its table.
        if self.variant is None:
            raise TypeError(f"ranking {self.name} has no variant and cannot be pickled")
        return (_ranking_of, (self.variant,))

    # the table ------------------------------------------------------------------------------

    @property
    def hand_table(self) -> HandTable:
        """The compact table of every hand (built, or read from the cache, on first use)."""
        table = self._table
        if table is None:
            table = self._table = self._load()
            self._bind_evaluate()
        return table

    def _load(self) -> HandTable:
        def build() -> HandTable:
            return build_table(pack=self.pack, classes=self.classes, points=self.points,
                               classify=self._classify, order=self._order,
                               variant=self.variant, name=self.name)

        if self.variant is None:
            return build()
        return load_or_build(variant=self.variant, pack=self.pack, classes=self.classes,
                             points=self.points, name=self.name, build=build)

    def _bind_evaluate(self) -> Callable[[str | Iterable[Card | str]], HandValue]:
        """Bind the fast :meth:`evaluate` to this ranking's table (once, on first use).

        The bound function shadows the method on the instance: the table, the colex
        offsets and the value class are its closure's locals, not attribute look-ups. Its
        values are of :meth:`value_type`, made by a C-level call with one attribute to set.
        Where the compiled evaluator loads (:mod:`primero.native_evaluator`), it is bound
        instead, with this closure as its fallback: every call but one exact tuple or list of
        four distinct cards of the pack is handed to the closure unchanged (same values,
        same errors).
        """
        c1, c2, c3, c4 = colex_offsets(self.pack)
        size = len(self.hand_table)
        found = self.__dict__.get("evaluate")
        if found is not None:
            return found  # type: ignore[no-any-return]
        checked = self._evaluate_checked
        make = cast("Callable[[], HandValue]", self.value_type())  # object.__init__: no args

        def evaluate(cards: Any) -> HandValue:
            try:  # the hot path: four Card objects; a sorting network on their indices
                w, x, y, z = cards
                a: int = w.index
                b: int = x.index
                c: int = y.index
                d: int = z.index
                if a > b:
                    a, b = b, a
                if c > d:
                    c, d = d, c
                if a > c:
                    a, c = c, a
                if b > d:
                    b, d = d, b
                if b > c:
                    b, c = c, b
                index = c1[a] + c2[b] + c3[c] + c4[d]  # past the end for a card not in the pack
            except (ValueError, TypeError, AttributeError, IndexError) as error:
                if isinstance(cards, Iterator):  # a one-shot iterator the unpacking used up
                    try:
                        held = (w, x, y, z)
                    except UnboundLocalError:  # not four of them: the count is in the error
                        raise InvalidDeckError(
                            f"a hand has exactly {HAND_SIZE} cards; the iterator given held "
                            + ("fewer" if "not enough" in str(error) else "more")) from None
                    return checked((*held, *cards))
                return checked(cards)
            if index < size and a < b < c < d:
                value = make()
                value._index = index
                return value
            # a card twice or not in the pack: check the four items unpacked, not ``cards``,
            # which may be an iterator the unpacking used up
            return checked((w, x, y, z))

        evaluate.__doc__ = Ranking.evaluate.__doc__
        bind = binder()
        fast = evaluate if bind is None else bind(
            self.pack.ordered, (c1, c2, c3, c4), size, self.value_type(), evaluate)
        self.__dict__["evaluate"] = fast
        return fast

    def value_type(self) -> type[HandValue]:
        """The class of the values :meth:`evaluate` makes: a :class:`HandValue` of this ranking.

        A subclass made once per ranking that holds the ranking as a class attribute and is
        built without arguments (``object.__init__``), so a value costs one C-level call and
        one slot; it behaves, compares, prints and pickles as any :class:`HandValue`.
        """
        found = self.__dict__.get("_value_type")
        if found is None:
            found = self.__dict__["_value_type"] = type(
                "HandValue", (HandValue,),
                {"__slots__": (), "__init__": object.__init__, "_ranking": self,
                 "__module__": HandValue.__module__, "__qualname__": HandValue.__qualname__,
                 "__doc__": HandValue.__doc__})
        return cast("type[HandValue]", found)

    def _evaluate_checked(self, cards: str | Iterable[Card | str]) -> HandValue:
        """:meth:`evaluate` for anything but four distinct cards of the pack given as cards."""
        return HandValue(ranking=self, index=self.index_of(cards))

    def __len__(self) -> int:
        return len(self.hand_table)

    def index_of(self, cards: str | Iterable[Card | str]) -> int:
        """The table index of a four-card hand (its colexicographic rank in the pack).

        Raises:
            CardParseError: a token is not a card.
            InvalidDeckError: not exactly four cards, a duplicate, or a card outside the pack.
        """
        hand = parse_cards(cards)
        if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
            self._diagnose(hand)
        self.pack.check(hand, "hand")
        return colex_index(self.pack.positions[c.index] for c in hand)

    def cards_at(self, index: SupportsIndex) -> tuple[Card, ...]:
        """The four cards (in pack order) of the hand with table index ``index``.

        Raises:
            InvalidDeckError: ``index`` is not a whole number from 0 to ``len(self) - 1``.
        """
        cards: list[Card] = []
        rest = _table_index(self, index)
        top = len(self.pack)
        for k in range(HAND_SIZE, 0, -1):  # colex unranking, largest card first
            top -= 1
            while comb(top, k) > rest:
                top -= 1
            cards.append(self.pack.ordered[top])
            rest -= comb(top, k)
        return tuple(reversed(cards))

    def classification_at(self, index: SupportsIndex) -> Classification:
        """The classification hook's answer for the hand at ``index`` (asked once, kept).

        Raises:
            InvalidDeckError: ``index`` is not a whole number from 0 to ``len(self) - 1``.
        """
        index = _table_index(self, index)
        found = self._classifications.get(index)
        if found is None:
            found = self._classifications[index] = self._classify(self.cards_at(index))
        return found

    def value_at(self, index: SupportsIndex) -> HandValue:
        """The value of the hand with table index ``index`` (a Python or numpy integer).

        Raises:
            InvalidDeckError: ``index`` is not a whole number from 0 to ``len(self) - 1``.
        """
        return HandValue(ranking=self, index=index)

    # evaluation ---------------------------------------------------------------------------

    def evaluate(self, cards: str | Iterable[Card | str]) -> HandValue:
        """Return the value of a four-card hand.

        Args:
            cards: Four cards: text (``"7s 6h Ad Kc"``) or an iterable of cards or strings.

        Raises:
            CardParseError: a token is not a card, or ``cards`` is neither text nor an
                iterable (``None``, a number) or is bytes.
            InvalidDeckError: not exactly four cards, a duplicate, or a card outside the pack.
        """
        bound = self.__dict__.get("evaluate")  # a method fetched before the table was loaded
        if bound is None:
            bound = self._bind_evaluate()
        return bound(cards)

    def evaluate_many(self, hands: Any) -> Any:
        """The strengths of many hands at once: one compiled call, or vectorised with numpy.

        Where the compiled evaluator loads (:func:`primero.native_evaluator.batcher`), an
        ``(N, 4)`` numpy integer array in the machine's byte order is read in one native call
        where it lies (C or Fortran order, a slice, a transposed or reversed view: no copy);
        anything else, and every error, goes the numpy way (the same values and messages).

        Args:
            hands: An ``(N, 4)`` integer array of dense pack indices (see
                :meth:`primero.cards.Pack.index`), or a sequence of hands (each as
                :meth:`evaluate` takes it).

        Returns:
            An ``(N,)`` numpy integer array: each hand's :attr:`HandValue.strength`, so the
            order of two entries is the order :meth:`evaluate` gives the two hands (larger is
            better under this ranking; equal is a tie).

        Raises:
            InvalidDeckError: not ``(N, 4)`` integers (a masked array, one text, a hand that
                is not four cards), an index outside the pack, or a hand with a card twice.
            CardParseError: a hand given as text does not parse.
        """
        found = self._numpy or self._numpy_tables_made()
        table = found[1]
        batch = batcher()
        # the compiled batch, in one call: an exact numpy array (not a masked array or other
        # subclass) of two dimensions; its shape, integer type and byte order are checked
        # there (-2: not read, nothing written), and any strides are read where they lie
        if batch is not None and type(hands) is found[2] and hands.ndim == 2:
            out = found[3](hands.shape[0], table.dtype)
            if batch(hands, len(self.pack), table, out) == -1:
                return out
        return table[self._indices(hands, "evaluate_many")]  # (and the errors, worded)

    def index_many(self, hands: Any) -> Any:
        """The table indices of many hands at once (see :meth:`evaluate_many` for ``hands``).

        Returns:
            An ``(N,)`` numpy ``int32`` array; index the arrays of
            :meth:`primero.tables.HandTable.arrays` (class ids, points, strengths) with it.

        Raises:
            InvalidDeckError: as :meth:`evaluate_many` (the messages name ``index_many``).
            CardParseError: a hand given as text does not parse.
        """
        return self._indices(hands, "index_many")

    def _indices(self, hands: Any, caller: str) -> Any:
        """:meth:`index_many`, its errors worded for ``caller`` (the public method called).

        Every check of a batch is here, by kind: the container (:meth:`_batch_array`), then
        the rows, tested column-wise in a few numpy operations; only a batch found wrong is
        looked at row by row (:meth:`_batch_fault`), so a good batch costs no Python per hand.
        """
        import numpy as np

        terms = self._numpy_tables()[0]
        array = self._batch_array(hands, caller)
        if array.shape[0] == 0:
            return np.empty(0, dtype=np.int32)
        if int(array.min()) < 0 or int(array.max()) >= len(self.pack):
            raise self._batch_fault(array, caller)
        a, b, c, d = array.T.astype(np.int16)  # one card per row: contiguous columns
        a, b = np.minimum(a, b), np.maximum(a, b)  # a sorting network on the columns
        c, d = np.minimum(c, d), np.maximum(c, d)
        a, c = np.minimum(a, c), np.maximum(a, c)
        b, d = np.minimum(b, d), np.maximum(b, d)
        b, c = np.minimum(b, c), np.maximum(b, c)
        if not ((a < b) & (b < c) & (c < d)).all():
            raise self._batch_fault(array, caller)
        index = terms[1][b]
        index += terms[2][c]
        index += terms[3][d]
        index += a
        return index

    def _batch_array(self, hands: Any, caller: str) -> Any:
        """``hands`` as a plain ``(N, 4)`` integer numpy array of dense pack indices.

        Refused by kind: a masked array; a buffer that is not a numpy array (a memoryview,
        bytes); text or a non-iterable; a mapping (its keys are not hands); a set, whose
        results could not be matched to its hands. A numpy subclass (``np.matrix``) is read
        as a plain array. In a sequence of hands, a hand that is not cards or card text (a
        card, a number, a row of integers) is refused, and an error of one hand's cards names
        the hand's number.

        Raises:
            InvalidDeckError: as above, or not of shape ``(N, 4)`` and an integer type.
            CardParseError: a hand given as text does not parse (the message names the hand).
        """
        import numpy as np

        shape = f"an (N, {HAND_SIZE}) integer array of pack indices"
        if isinstance(hands, np.ma.MaskedArray):
            raise InvalidDeckError(f"{caller} takes no masked array: drop the masked "
                                   "hands first (hands[~hands.mask.any(axis=1)])")
        if isinstance(hands, np.ndarray):
            array = np.asarray(hands)  # a subclass (np.matrix) read as the plain array
        elif isinstance(hands, str) or not isinstance(hands, Iterable):
            raise InvalidDeckError(
                f"{caller} takes {shape} or a sequence of hands; got "
                f"{type(hands).__name__} {hands!r:.60}")
        elif _is_buffer(hands):
            raise InvalidDeckError(
                f"{caller} takes {shape} or a sequence of hands; got {_a(hands)}, a buffer "
                "that is not a numpy array: pass np.asarray(hands)")
        elif isinstance(hands, Mapping):
            raise InvalidDeckError(
                f"{caller} takes {shape} or a sequence of hands; got {_a(hands)}, whose "
                "iteration gives its keys: pass a list of hands (list(hands.values()))")
        elif isinstance(hands, Set):
            raise InvalidDeckError(
                f"{caller} takes {shape} or a sequence of hands; got {_a(hands)}, which "
                "has no order to match the results to: pass a list")
        else:
            array = self._sequence_array(hands, caller)
        if array.ndim != 2 or array.shape[1] != HAND_SIZE or array.dtype.kind not in "iu":
            raise InvalidDeckError(
                f"{caller} takes {shape}; got shape {array.shape} of {array.dtype}")
        return array

    def _sequence_array(self, hands: Iterable[Any], caller: str) -> Any:
        """The dense pack indices of a sequence of hands, each as :meth:`evaluate` takes it."""
        import numpy as np

        positions = self.pack.positions
        rows = []
        for row, hand in enumerate(hands):
            if isinstance(hand, Card) or not isinstance(hand, str | Iterable):
                raise InvalidDeckError(f"hand {row} of {caller} is "
                                       f"{type(hand).__name__} {hand!r:.60}, not a hand")
            if (isinstance(hand, np.ndarray) and hand.dtype.kind in "iub") or (
                    isinstance(hand, list | tuple)
                    and any(isinstance(x, int | np.integer) for x in hand)):
                raise InvalidDeckError(
                    f"hand {row} of {caller} is {_a(hand)} of integers: "
                    f"pack indices go in an (N, {HAND_SIZE}) numpy integer array "
                    "(np.asarray(hands)); a hand in a sequence is cards or card text")
            try:
                cards = parse_cards(hand)
                self.pack.check(cards, "hand")
            except (CardParseError, InvalidDeckError) as error:
                raise type(error)(f"hand {row} of {caller}: {error}") from None
            if len(cards) != HAND_SIZE:
                raise InvalidDeckError(f"hand {row} of {caller} has {len(cards)} "
                                       f"cards, not {HAND_SIZE}: {format_cards(cards)}")
            rows.append([positions[c.index] for c in cards])
        return np.array(rows, dtype=np.int64).reshape(-1, HAND_SIZE) if rows \
            else np.empty((0, HAND_SIZE), dtype=np.int64)

    def _batch_fault(self, array: Any, caller: str) -> InvalidDeckError:
        """The error of the first wrong row of ``array``, naming the row and the index or card.

        A row is wrong for an index outside the pack or a card twice. Only called once a batch
        is found wrong (by the compiled batch or the numpy checks), so it may be slow.
        """
        import numpy as np

        n = len(self.pack)
        outside = ((array < 0) | (array >= n)).any(axis=1)
        ordered = np.sort(array, axis=1)
        twice = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        row = int(np.flatnonzero(outside | twice)[0])
        hand = [int(x) for x in array[row]]  # Python integers: a huge uint64 shown whole
        for x in hand:
            if not 0 <= x < n:
                return InvalidDeckError(
                    f"hand {row} of {caller}: card index {x} is outside the {self.pack.name} "
                    f"pack (0..{n - 1})")
        card = next(self.pack.ordered[x] for i, x in enumerate(hand) if x in hand[:i])
        return InvalidDeckError(
            f"hand {row} of {caller}: duplicate card {card.ascii} ({card}) in the hand")

    def _numpy_tables(self) -> tuple[Any, Any]:
        found = self._numpy or self._numpy_tables_made()
        return found[0], found[1]

    def _numpy_tables_made(self) -> tuple[Any, Any, Any, Callable[..., Any]]:
        """The colex terms, the strengths, ``numpy.ndarray`` and ``numpy.empty``, made once.

        The last two ride along so that :meth:`evaluate_many` reads them without an import.
        """
        found = self._numpy
        if found is None:
            import numpy as np

            n = max(len(self.pack), 1)
            terms = tuple(np.array([comb(i, k) for i in range(n)], dtype=np.int32)
                          for k in range(1, HAND_SIZE + 1))
            found = self._numpy = (terms, self.hand_table.arrays()[2], np.ndarray, np.empty)
        return found

    def strengths(self) -> Any:
        """Every hand's strength by table index, a read-only numpy array (no copy)."""
        return self.hand_table.arrays()[2]

    def _diagnose(self, hand: tuple[Card, ...]) -> None:
        self.pack.check(hand, "hand")
        raise InvalidDeckError(
            f"a hand has exactly {HAND_SIZE} cards; got {len(hand)}: {format_cards(hand) or '-'}"
        )

    # facts ----------------------------------------------------------------------------------

    @property
    def direction(self) -> str:
        """``"high"`` (the strongest hand wins) or ``"low"`` (the weakest, as in ``losing``).

        Stated by the variant's rule objects (a ``ranking_direction`` attribute, as
        :class:`primero.variants.losing.LosingRules` has); a ranking that states none is
        ``"high"`` unless its own keys prefer fewer points in most classes (docs/rules/hands.md).
        """
        if self._direction is None:
            self._direction = self._points_direction()
        return self._direction

    @property
    def low_wins(self) -> bool:
        """Whether the weakest hand wins (``direction == "low"``)."""
        return self.direction == "low"

    def _points_direction(self) -> str:
        import numpy as np

        cid, pts, strength = self.hand_table.arrays()
        votes = 0
        for k in range(len(self.classes)):
            members = cid == k
            if not members.any():
                continue
            p = pts[members]
            s = strength[members]
            low, high = int(p.min()), int(p.max())
            if low == high:
                continue
            best_low = int(s[p == low].max())
            best_high = int(s[p == high].max())
            if best_low != best_high:
                votes += 1 if best_high > best_low else -1
        del np
        return "low" if votes < 0 else "high"

    @property
    def strongest_first(self) -> tuple[str, ...]:
        """The classes that occur over the pack, strongest first by this ranking's order.

        Classes are ordered by their weakest hand's strength, so an inverted ranking
        (``losing``) lists Numerus first and Zorli's high Primero does not lift Primero above
        Fluxus.
        """
        if self._strongest is None:
            table = self.hand_table
            weakest: dict[int, int] = {}
            for cid, s in zip(table.class_ids, table.strength, strict=True):
                low = weakest.get(cid)
                if low is None or s < low:
                    weakest[cid] = s
            order = sorted(weakest, key=weakest.__getitem__, reverse=True)
            self._strongest = tuple(self.classes[k] for k in order)
        return self._strongest

    @property
    def descriptions(self) -> Mapping[str, str]:
        """Each class's short description, e.g. Primero: one card of each suit.

        Rules: docs/rules/hands.md.
        """
        return {c: self.describe_class(c) for c in self.classes}

    def describe_class(self, hand_class: str) -> str:
        """A short description of a class, e.g. ``"one card of each suit"``."""
        return self._descriptions.get(hand_class, hand_class)

    def compare(self, first: HandValue, second: HandValue) -> Comparison:
        """Compare two values of this ranking and say which step decided.

        Raises:
            RankingMismatchError: either value was made by another ranking.
        """
        first._check(second)
        if first.ranking is not self and first.ranking != self:
            raise RankingMismatchError(
                f"hand value of ranking {first.ranking.name} given to ranking {self.name}"
            )
        if first.strength == second.strength:
            return Comparison(first, second, None, "tie")
        winner = 0 if first.strength > second.strength else 1
        if first.hand_class != second.hand_class:
            step = "class"
        elif first.points != second.points:
            step = "points"
        else:
            step = "tie-break"
        return Comparison(first, second, winner, step)

    def census(self) -> dict[str, int]:
        """The number of hands of each class over the pack, weakest class first.

        Rules: docs/rules/figures.md.
        """
        ids = self.hand_table.class_ids
        if ids.typecode == "b":
            raw = ids.tobytes()
            return {cls: raw.count(bytes((k,))) for k, cls in enumerate(self.classes)}
        counts = Counter(ids)  # pragma: no cover - more than 127 classes
        return {cls: counts.get(k, 0) for k, cls in enumerate(self.classes)}

    def points_range(self) -> dict[str, tuple[int, int]]:
        """The smallest and largest points of each class that occurs over the pack."""
        cid, pts, _ = self.hand_table.arrays()
        ranges: dict[str, tuple[int, int]] = {}
        for k, cls in enumerate(self.classes):
            p = pts[cid == k]
            if len(p):
                ranges[cls] = (int(p.min()), int(p.max()))
        return ranges

    def values(self) -> Iterator[HandValue]:
        """Every hand value of the pack (one per hand), by table index."""
        return (self.value_at(i) for i in range(len(self.hand_table)))

    @property
    def table(self) -> dict[int, HandValue]:
        """Every hand's value keyed by the OR of its cards' bits (made on first use, kept).

        The 0.1 interface, kept for callers not yet moved to :meth:`evaluate_many`,
        :meth:`strengths` and :attr:`hand_table`: it holds one object per hand (tens of
        megabytes), so prefer those.
        """
        if self._legacy is None:
            import numpy as np

            bits = np.array([c.bit for c in self.pack.ordered], dtype=np.uint64)
            masks = np.bitwise_or.reduce(bits[every_hand(len(self.pack))], axis=1).tolist()
            legacy: dict[int, HandValue] = {}
            for index, mask in enumerate(masks):
                value = _new_value(HandValue)
                value._ranking = self
                value._index = index
                legacy[mask] = value
            self._legacy = legacy
        return self._legacy

    def value_of(self, mask: int) -> HandValue:
        """The value of the hand whose card bits OR to ``mask`` (no checks beyond the pack)."""
        cards = [c for c in CARDS_BY_INDEX if mask & c.bit]
        return self.evaluate(cards)


def _a(value: object) -> str:
    """``value``'s type name after its article: ``"a list"``, ``"an ndarray"``."""
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _is_buffer(value: object) -> bool:
    """Whether ``value`` offers the buffer protocol (a memoryview, bytes, an array.array)."""
    try:
        memoryview(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def _ranking_of(variant: RankedVariant) -> Ranking:
    """The ranking of ``variant`` (the unpickling side of :meth:`Ranking.__reduce__`)."""
    return variant.ranking
