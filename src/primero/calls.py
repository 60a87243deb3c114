"""Calls of the calling variant (RULES.md §6): which are attainable, their order, meeting one.

A *call* (:class:`~primero.actions.Call`) names a hand class and points, e.g. "Primero 60".
Everything here is derived from a variant's :class:`~primero.hands.Ranking` by enumeration,
never typed in:

* a call is **attainable** when some four-card hand of the pack has exactly that class and
  points (over ``italian40``: no Primero 41 or 80, no Numerus 21, a Chorus only 40, 48, 52, 56,
  60, 64, 72 or 84);
* a call **ranks** where the weakest hand of that class and points ranks, so the variant's
  order (``high_primero_beats_fluxus`` included) orders calls exactly as it orders hands;
* a class with a single attainable points value (Supremus, always 55, in every standard
  ranking) may be called without its points: ``Call("Supremus")``;
* a hand **meets** a call under ``call_rule``: ``same_class`` (the ``cardano`` default) — it
  is of the called class and ranks at or above the call, or its class may answer the called
  class by an allowed *understatement* (default: a Supremus may answer a Primero call) and it
  still ranks at or above the call: [seed-DE] "only if you hold at least the last called hand
  – with a few allowed understatements"; ``at_least`` (a house reading, no source) — it ranks
  at or above the call, every understatement allowed.

Use :func:`call_book` to get the (cached) :class:`CallBook` of a ranking.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache

from attrs import frozen

from primero.actions import Call
from primero.errors import InvalidOptionError
from primero.hands import HandValue, Ranking
from primero.options import Option, OptionValue
from primero.rules.ranking import STANDARD_CLASSES

__all__ = [
    "CALL_RULES",
    "DEFAULT_UNDERSTATEMENTS",
    "CallBook",
    "UnderstatementsOption",
    "call_book",
    "format_understatements",
    "parse_understatements",
]

#: The values of the ``call_rule`` option (RULES.md §6); ``cardano`` defaults to ``same_class``.
CALL_RULES = ("at_least", "same_class")
#: The default allowance under ``same_class``: a Supremus may answer a Primero call [seed-DE].
DEFAULT_UNDERSTATEMENTS = "Supremus>Primero"

Understatements = frozenset[tuple[str, str]]


class CallBook:
    """The attainable calls of one ranking, their order, and the "meets the call" test.

    Build it with :func:`call_book` (cached per ranking); the first use enumerates the
    ranking's table (every hand of the pack).

    Attributes:
        ranking: The ranking the calls belong to.
        points: The attainable points of each class, ascending, weakest class first (classes
            no hand of the pack makes are left out).
        calls: Every attainable call, weakest first; a class with one attainable points value is
            listed twice, without its points first (``Supremus``) and with them
            (``Supremus 55``): both spellings are the same call.
    """

    __slots__ = ("_call_keys", "_keys", "calls", "points", "ranking")

    def __init__(self, ranking: Ranking) -> None:
        keys: dict[tuple[str, int], tuple[int, ...]] = {}
        for value in ranking.values():
            named = (value.hand_class, value.points)
            known = keys.get(named)
            if known is None or value.key < known:
                keys[named] = value.key
        self.ranking = ranking
        self._keys = keys
        self.points: dict[str, tuple[int, ...]] = {
            cls: tuple(sorted(p for c, p in keys if c == cls))
            for cls in ranking.classes if any(c == cls for c, _ in keys)
        }
        calls: list[Call] = []
        for (cls, pts) in sorted(keys, key=keys.__getitem__):
            if len(self.points[cls]) == 1:
                calls.append(Call(cls))
            calls.append(Call(cls, pts))
        self.calls: tuple[Call, ...] = tuple(calls)
        self._call_keys = tuple(self.key(c) for c in calls)

    def __repr__(self) -> str:
        return f"<CallBook of {self.ranking.name}: {len(self._keys)} calls>"

    def _named(self, call: Call) -> tuple[str, int] | None:
        points = call.points
        if points is None:
            options = self.points.get(call.hand_class, ())
            if len(options) != 1:
                return None
            points = options[0]
        named = (call.hand_class, points)
        return named if named in self._keys else None

    def is_attainable(self, call: Call) -> bool:
        """Whether some hand of the pack has exactly the called class and points."""
        return self._named(call) is not None

    def key(self, call: Call) -> tuple[int, ...]:
        """The call's place in the ranking: the sort key of the weakest hand it names.

        Raises:
            ValueError: the call is not attainable (the message says why).
        """
        named = self._named(call)
        if named is None:
            raise ValueError(self.unattainable_reason(call) or f"{call} is not a call")
        return self._keys[named]

    def label(self, call: Call) -> str:
        """The call with its points spelt out, e.g. ``"Supremus 55"`` for ``Supremus``."""
        named = self._named(call)
        return str(call) if named is None else f"{named[0]} {named[1]}"

    def unattainable_reason(self, call: Call) -> str | None:
        """Why ``call`` cannot be called with this pack, or ``None`` if it can.

        Example: ``"Primero 41 cannot be made with the italian40 pack"``.
        """
        cls, pack = call.hand_class, self.ranking.pack.name
        if cls not in self.ranking.classes:
            return (f"there is no {cls} in this ranking; the classes are "
                    f"{', '.join(self.ranking.classes)}")
        options = self.points.get(cls, ())
        if not options:
            return f"no {cls} can be made with the {pack} pack"
        if call.points is None:
            if len(options) == 1:
                return None
            return f"a {cls} call names its points, e.g. 'call {cls} {options[len(options) // 2]}'"
        if (cls, call.points) not in self._keys:
            return f"{call} cannot be made with the {pack} pack"
        return None

    def above(self, standing: Call | None) -> tuple[Call, ...]:
        """Every attainable call ranking strictly above ``standing`` (all of them if ``None``)."""
        if standing is None:
            return self.calls
        return self.calls[bisect_right(self._call_keys, self.key(standing)):]

    def meets(self, value: HandValue, call: Call, *, rule: str = "at_least",
              understatements: Understatements = frozenset()) -> bool:
        """Whether a hand meets the call (RULES.md §6).

        Args:
            value: The hand's value (of this book's ranking).
            call: The standing call.
            rule: ``"at_least"`` (this function's default; the house option of ``cardano``)
                — the hand ranks at or above the call; ``"same_class"`` (the ``cardano``
                default, [seed-DE]) — it is of the called class (or an allowed understatement
                of it) and ranks at or above the call.
            understatements: ``(held class, called class)`` pairs allowed under ``same_class``.

        Raises:
            ValueError: unknown ``rule`` or an unattainable call.
        """
        if rule not in CALL_RULES:
            raise ValueError(f"unknown call rule {rule!r}; known: {', '.join(CALL_RULES)}")
        if value.key < self.key(call):
            return False
        if rule == "at_least":
            return True
        return value.hand_class == call.hand_class \
            or (value.hand_class, call.hand_class) in understatements


@lru_cache(maxsize=64)
def call_book(ranking: Ranking) -> CallBook:
    """The :class:`CallBook` of ``ranking`` (built once per ranking, then cached)."""
    return CallBook(ranking)


def parse_understatements(text: str) -> Understatements:
    """Read the ``understatements`` option: comma-separated ``Held>Called`` class pairs.

    ``"Supremus>Primero"`` lets a Supremus answer a Primero call; ``"none"`` (or empty text)
    allows no understatement. Class names are matched case-insensitively against the standard
    classes.

    Raises:
        InvalidOptionError: a pair is malformed, names an unknown class, or names one class
            twice; the message quotes it.
    """
    pairs: set[tuple[str, str]] = set()
    cleaned = text.strip()
    if cleaned.lower() in ("", "none"):
        return frozenset()
    known = {c.lower(): c for c in STANDARD_CLASSES}
    for part in cleaned.split(","):
        held, sep, called = part.strip().partition(">")
        held_class = known.get(held.strip().lower())
        called_class = known.get(called.strip().lower())
        if not sep or held_class is None or called_class is None or held_class == called_class:
            raise InvalidOptionError(
                f"option 'understatements': bad pair {part.strip()!r}; allowed: comma-separated "
                f"Held>Called pairs of two different classes among {', '.join(STANDARD_CLASSES)}"
                ", e.g. 'Supremus>Primero', or 'none'"
            )
        pairs.add((held_class, called_class))
    return frozenset(pairs)


def format_understatements(pairs: Iterable[tuple[str, str]]) -> str:
    """The option text of a set of pairs, in a stable order (``"none"`` for no pairs)."""
    order = {c: i for i, c in enumerate(STANDARD_CLASSES)}
    ordered = sorted(pairs, key=lambda p: (-order[p[0]], -order[p[1]]))
    return ",".join(f"{a}>{b}" for a, b in ordered) or "none"


@frozen(kw_only=True)
class UnderstatementsOption(Option):
    """A text option holding ``Held>Called`` class pairs, checked and normalised on use."""

    def allowed(self) -> str:
        """Describe the allowed values."""
        return ("comma-separated Held>Called class pairs, e.g. 'Supremus>Primero', "
                "or 'none'")

    def validate(self, value: object) -> OptionValue:
        """Check the pairs and return them normalised.

        Example: ``"supremus > primero"`` becomes ``"Supremus>Primero"``.

        Raises:
            InvalidOptionError: not text, or a bad pair (named in the message).
        """
        text = super().validate(value)
        assert isinstance(text, str)
        return format_understatements(parse_understatements(text))
