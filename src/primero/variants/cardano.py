"""Cardano's Italian calling Primero (``cardano``) [seed-DE][WAKS][SUZ94][ZOR-C].

Rules: docs/rules/cardano.md.

Mark Waks' reconstruction of the game Cardano describes. Everything is as in ``waks`` except
that every vie and every raise names a *call* (a hand class and points, e.g. "Primero 60";
[seed-DE] has the call made "beim Setzen", its word for the opening bet: that a raise names
one too is the library's reading, docs/rules/cardano.md#every-bet-names-a-call),
each call ranks strictly above the standing call, and at the showdown only hands that meet the
standing call can win. The rules object overrides only what changes:

* ``primero_legal_actions`` (a wrapper): each vie and raise the core offers is spelt out once
  per attainable call above the standing call (amounts × calls); a plain hold names nothing.
* ``primero_apply_action`` (a wrapper): after the core has applied a vie or raise, its call
  becomes the standing call, kept across both rounds in the deal's :class:`CardanoState`
  (``state.variant_state``; public: a view lists it as ``view.extra("call")``, a
  :class:`~primero.actions.Call`; who made it is in the public action log).
* ``primero_illegal_reason``: says what is wrong with a call (missing, unattainable, not above
  the standing call); everything else is the core's.
* ``primero_settle``: a showdown is settled by
  :func:`~primero.rules.settling.settle_showdown` with only the hands that meet the call
  eligible; a layer none of its contenders can win carries over. A player left alone takes the
  pot unseen (the core's settlement: the call is not tested); a round 2 without a vie carries
  the pot over as in ``waks``.

Readings where the sources leave room:

* A class with a single attainable points value may be called without them; in every standard
  ranking that is exactly Supremus (55). "Supremus" and "Supremus 55" are the same call, and
  both spellings are legal.
* ``call_rule`` defaults to ``same_class`` ([seed-DE]: "mit wenigen erlaubten Untertreibungen",
  with few allowed understatements, so most are not allowed); ``at_least`` is the literal
  reading of [seed-DE]'s "mindestens die zuletzt angesagte Hand" taken without its
  understatement clause.
* Under ``same_class`` a hand of a *higher* class than the call does not meet it (a Fluxus
  does not meet a Primero call) unless the pair is a listed understatement.
* Under ``same_class`` an allowed understatement (option ``understatements``, default
  ``Supremus>Primero``) meets a call of the named class when the hand also ranks at or above
  the call; with the standard order a Supremus outranks every Primero, so it answers any
  Primero call (under ``high_primero_beats_fluxus`` not a Primero 79 or more).
* "The whole pot carries over" when no hand meets the call: chips of a vie or raise nobody
  held still go back to their owner first (docs/rules/ties.md); they were never part of the pot.
* When the standing call is the highest attainable one (Chorus 84 over ``italian40``), nobody
  can vie or raise any more: the players still to act can only hold, pass or fold.

Calls, derived from the variant's ranking:

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
  still ranks at or above the call: [seed-DE] "gewinnen kannst du nur, wenn du mindestens die
  zuletzt angesagte Hand hast – mit wenigen erlaubten Untertreibungen" (you can only win if
  you hold at least the last called hand, with few allowed understatements); ``at_least`` (the
  literal reading of "mindestens die zuletzt angesagte Hand" without the understatement
  clause) — it ranks at or above the call, every understatement allowed.

Use :func:`call_book` to get the (cached) :class:`CallBook` of a variant (its rule) or a ranking.
"""

from __future__ import annotations

import operator
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any, cast, overload

from attrs import evolve, frozen

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie, parse_action
from primero.advice import SeenDeal, VariantAdvice
from primero.deal.state import GameState, VariantState
from primero.errors import InvalidOptionError, named
from primero.hands import HandValue, Ranking
from primero.hookspecs import hookimpl
from primero.options import Option, OptionValue
from primero.plugins.manager import answer_wrapper
from primero.rules.betting import betting_actions, betting_seat, must_hold_seat
from primero.rules.ranking import DECK_OPTION, RANKING_OPTIONS, STANDARD_CLASSES
from primero.rules.settling import settle_showdown
from primero.rules.ties import TIE_OPTION
from primero.seating import WAKS_SEATING_OPTIONS
from primero.settlement import Settlement
from primero.setup import Table
from primero.variant import Variant, VariantSpec, with_cited

if TYPE_CHECKING:
    pass

__all__ = [
    "CALL_KEY",
    "CALL_RULES",
    "CALL_RULE_OPTION",
    "CARDANO",
    "DEFAULT_UNDERSTATEMENTS",
    "SOURCES",
    "UNDERSTATEMENTS_OPTION",
    "CallActions",
    "CallBook",
    "CardanoRules",
    "CardanoState",
    "UnderstatementsOption",
    "call_book",
    "format_understatements",
    "last_call",
    "parse_understatements",
    "primero_register_variants",
    "standing_call",
    "unmet_call_reason",
]


#: The values of the ``call_rule`` option (docs/rules/cardano.md); ``cardano`` defaults to
#: ``same_class``.
CALL_RULES = ("at_least", "same_class")
#: The default allowance under ``same_class``: a Supremus may answer a Primero call [seed-DE].
DEFAULT_UNDERSTATEMENTS = "Supremus>Primero"

Understatements = frozenset[tuple[str, str]]


class CallBook:
    """The attainable calls of one ranking, their order, and the "meets the call" test.

    Build it with :func:`call_book` (cached per ranking and rule); the first use enumerates
    the ranking's table (every hand of the pack). The book holds the rule its :meth:`meets`
    applies (``rule`` and ``understatements``, by default the ``cardano`` defaults:
    ``same_class`` with a Supremus answering a Primero call), so a book made from a
    configured variant (``call_book(variant)``) answers exactly as that variant's showdown.
    It is also the calling game's advice to computer players
    (:class:`~primero.advice.CallAdvice`).

    Attributes:
        ranking: The ranking the calls belong to.
        rule: ``"same_class"`` or ``"at_least"`` (:data:`CALL_RULES`).
        understatements: ``(held class, called class)`` pairs allowed under ``same_class``.
        points: The attainable points of each class, ascending, weakest class first (classes
            no hand of the pack makes are left out).
        calls: Every attainable call once, weakest first; a class with one attainable points
            value is spelt without them (``Supremus``).
        aliases: The other spelling of such a call (``Supremus 55``) and the call it spells
            (``Supremus``): the same call, with the same action id, accepted as legal.
    """

    __slots__ = ("_answers", "_call_keys", "_dense_keys", "_keys", "_own", "_thresholds",
                 "aliases", "calls", "points", "ranking", "rule", "understatements")

    ranking: Ranking
    rule: str
    understatements: Understatements

    def __init__(self, ranking: Ranking, rule: str = "same_class",
                 understatements: Understatements | None = None) -> None:
        if rule not in CALL_RULES:
            raise ValueError(f"unknown call rule {rule!r}; known: {', '.join(CALL_RULES)}")
        #: The rule :meth:`meets` applies unless told otherwise.
        self.rule = rule
        #: The understatements :meth:`meets` allows under ``same_class`` unless told otherwise.
        self.understatements = parse_understatements(DEFAULT_UNDERSTATEMENTS) \
            if understatements is None else frozenset(understatements)
        classes = ranking.hand_table.classes
        self._answers: dict[str, frozenset[int]] = {
            called: frozenset(i for i, held in enumerate(classes)
                              if rule == "at_least" or held == called
                              or (held, called) in self.understatements)
            for called in classes}
        self._dense_keys = ranking.hand_table.keys
        self._thresholds: dict[Call, int] = {}
        keys = _weakest_keys(ranking)
        self.ranking = ranking
        self._keys = keys
        self.points: dict[str, tuple[int, ...]] = {
            cls: tuple(sorted(p for c, p in keys if c == cls))
            for cls in ranking.classes if any(c == cls for c, _ in keys)
        }
        calls: list[Call] = []
        aliases: dict[Call, Call] = {}
        for (cls, pts) in sorted(keys, key=keys.__getitem__):
            if len(self.points[cls]) == 1:
                calls.append(Call(cls))
                aliases[Call(cls, pts)] = Call(cls)
            else:
                calls.append(Call(cls, pts))
        self.calls: tuple[Call, ...] = tuple(calls)
        self.aliases: dict[Call, Call] = aliases
        self._call_keys = tuple(self.key(c) for c in calls)
        #: Each call (and other spelling) -> the book's own object of that call.
        self._own: dict[Call, Call] = {c: c for c in calls} | aliases

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

    def spelling(self, call: Call) -> Call:
        """The book's own spelling of ``call``: ``Supremus`` for ``Supremus 55``; else itself.

        A call of the book comes back as the book's own object of it (equal to ``call``).
        """
        return self._own.get(call, call)

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

    def meets(self, value: HandValue, call: Call, *, rule: str | None = None,
              understatements: Understatements | None = None) -> bool:
        """Whether a hand meets the call (docs/rules/cardano.md).

        Args:
            value: The hand's value (of this book's ranking).
            call: The standing call.
            rule: ``"same_class"`` (the ``cardano`` default, [seed-DE]) — the hand is of the
                called class (or an allowed understatement of it) and ranks at or above the
                call; ``"at_least"`` (a house option) — it ranks at or above the call.
                Default: the book's :attr:`rule`.
            understatements: ``(held class, called class)`` pairs allowed under
                ``same_class``. Default: the book's :attr:`understatements`.

        Raises:
            ValueError: unknown ``rule`` or an unattainable call.
        """
        rule = self.rule if rule is None else rule
        if rule not in CALL_RULES:
            raise ValueError(f"unknown call rule {rule!r}; known: {', '.join(CALL_RULES)}")
        if understatements is None:
            understatements = self.understatements
        if value.key < self.key(call):
            return False
        if rule == "at_least":
            return True
        return value.hand_class == call.hand_class \
            or (value.hand_class, call.hand_class) in understatements

    # the advice to computer players (primero.advice.CallAdvice) ---------------------------

    def standing(self, view: SeenDeal) -> Call | None:
        """The standing call a player's view shows (its ``extras``), ``None`` before any."""
        call = view.extra(CALL_KEY)
        return call if isinstance(call, Call) else None

    def caller(self, view: SeenDeal) -> int | None:
        """The seat that named the standing call, from the view's public log."""
        last = last_call(view.history)
        return None if last is None else last[0]

    def threshold(self, call: Call) -> int:
        """The dense strength of the weakest hand ranking at or above ``call``.

        Dense strength: ``ranking.hand_table.strength``, larger better.
        """
        found = self._thresholds.get(call)
        if found is None:
            found = self._thresholds[call] = bisect_left(self._dense_keys, self.key(call))
        return found

    def meets_dense(self, strength: int, class_id: int, call: Call, *,
                    by_rank: bool = False) -> bool:
        """:meth:`meets` under the book's rule for a hand given by its table entries.

        Args:
            strength: The hand's dense strength (``ranking.hand_table.strength``).
            class_id: Its class id (``ranking.hand_table.class_ids``).
            call: The call.
            by_rank: Only whether the hand ranks at or above the call (what a hand may still
                answer by naming a call of its own class in a later round).
        """
        if strength < self.threshold(call):
            return False
        return by_rank or class_id in self._answers[call.hand_class]


def _weakest_keys(ranking: Ranking) -> dict[tuple[str, int], tuple[int, ...]]:
    """Each ``(class, points)`` some hand of the pack makes -> the sort key of its weakest hand.

    Read from the ranking's table arrays in one pass, not hand by hand through value objects: a
    hand's class is ``classes[class_ids[i]]``, its points ``points[i]``, its key
    ``keys[strength[i]]``, and keys ascend with strength, so the weakest hand of a pair is its
    smallest strength. Pure Python over the arrays (a few milliseconds for 91,390 hands), so a
    Cardano deal needs no numpy.
    """
    table = ranking.hand_table
    if not len(table.strength):
        return {}
    low = min(table.points)
    span = max(table.points) - low + 1
    weakest: dict[int, int] = {}  # class id * span + points - low -> smallest strength
    seen = weakest.get
    unseen = len(table.keys)
    pairs = map(operator.add, map(operator.mul, table.class_ids, repeat(span)),
                map(operator.sub, table.points, repeat(low)))
    for pair, strength in zip(pairs, table.strength, strict=True):
        if strength < seen(pair, unseen):
            weakest[pair] = strength
    return {(table.classes[pair // span], pair % span + low): table.keys[strength]
            for pair, strength in weakest.items()}


def call_book(source: Ranking | Variant, *, rule: str | None = None,
              understatements: str | None = None) -> CallBook:
    """The :class:`CallBook` of a variant or a ranking (built once, then cached).

    Args:
        source: A configured variant: the book meets calls by its ``call_rule`` and
            ``understatements`` options, as its showdown does. A ranking alone: by the
            ``cardano`` defaults (``same_class``, ``Supremus>Primero``).
        rule: Another rule than the source's (:data:`CALL_RULES`).
        understatements: Other understatements than the source's (the option's text).

    Raises:
        ValueError: an unknown rule; InvalidOptionError: unreadable understatements.
    """
    plain = rule is None and understatements is None
    if plain:  # the usual call (every decision asks): by the source's identity
        hit = _BOOKS.get(id(source))
        if hit is not None and hit[0] is source:
            return hit[1]
    ranking = source.ranking if isinstance(source, Variant) else source
    options = source.options if isinstance(source, Variant) else {}
    chosen = rule if rule is not None else str(options.get("call_rule", "same_class"))
    allowed = understatements if understatements is not None \
        else str(options.get("understatements", DEFAULT_UNDERSTATEMENTS))
    book = _book(ranking, chosen, format_understatements(parse_understatements(allowed)))
    if plain:
        if len(_BOOKS) >= 64:
            _BOOKS.clear()
        _BOOKS[id(source)] = (source, book)  # (the source held: its id stays its own)
    return book


#: :func:`call_book` of a variant or ranking with its own rule, by the source's identity:
#: ``(source, book)``. Rankings and configured variants are immutable values.
_BOOKS: dict[int, tuple[object, CallBook]] = {}


@lru_cache(maxsize=64)
def _book(ranking: Ranking, rule: str, understatements: str) -> CallBook:
    return CallBook(ranking, rule, parse_understatements(understatements))


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
                f"option 'understatements': bad pair {named(part.strip())}; allowed: "
                "comma-separated Held>Called pairs of two different classes among "
                f"{', '.join(STANDARD_CLASSES)}, e.g. 'Supremus>Primero', or 'none'"
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


#: The name of the standing call in :class:`CardanoState` and in a view's ``extras``.
CALL_KEY = "call"


@frozen
class CardanoState(VariantState):
    """What a Cardano deal keeps besides the core's state (``state.variant_state``).

    Attributes:
        call: The standing call: the last call made in the deal, either round
            (docs/rules/cardano.md); ``None`` before the first vie. Public: every player
            heard it.
    """

    call: Call | None = None

CALL_RULE_OPTION = Option(
    name="call_rule", affects_ranking=False, default="same_class", choices=CALL_RULES,
    doc="Which hands meet the standing call at the showdown: same_class (default) — a hand of "
        "the called class with at least the called points, or one of the few allowed "
        "understatements [seed-DE] (a hand of a higher class does not meet the call unless "
        "it is one of them); at_least — any hand ranking at or above the call (every "
        "understatement allowed): the literal reading of [seed-DE]'s 'mindestens die zuletzt "
        "angesagte Hand' without its understatement clause.",
)
UNDERSTATEMENTS_OPTION = UnderstatementsOption(
    name="understatements", affects_ranking=False, default=DEFAULT_UNDERSTATEMENTS,
    doc="Under call_rule=same_class, which stronger classes may answer a call of another class, "
        "as Held>Called pairs, or none; default Supremus>Primero, the sheet's own example "
        "[seed-DE] (further pairs are house rules).",
)

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: the Cardano variant after Mark Waks",
    "[WAKS] Mark Waks, Game Report: Primero (2002–03): the reconstruction of Cardano's game",
    "[SUZ94] Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994): calls and bluffing",
    "[ZOR-C] Girolamo Zorli, Cardan's Primero game: a Primero of 79+ above Fluxus (option)",
)

SUMMARY = """\
Mark Waks' reconstruction of the Italian game Girolamo Cardano describes: the Waks deal and
betting (2-6 players, the 40-card pack, stake and rest, two betting rounds around an exchange,
must-hold in round 1), with calls.

Every vie and every raise names a call: a hand class and points, e.g. the action vie 2 call
Primero 60 (a Supremus is called without points, 55 being implied). The German sheet has the
call made "beim Setzen", with the opening bet; that every raise names one too is the library's
reading. Each call must rank strictly above the standing call, which is the last call made in
the deal and stays through both rounds; a hold without a raise names nothing. Only calls some
hand of the pack can make are allowed: with the 40-card pack there is no Primero 41 or 80, no
Numerus 21, and a Chorus is 40, 48, 52, 56, 60, 64, 72 or 84. Calls rank as hands do (with
high_primero_beats_fluxus, a Primero call of 79 or more ranks above every Fluxus call).

Bluffing is allowed. At the showdown only hands that meet the standing call can win. With
call_rule=same_class (the default, after the German sheet: "gewinnen kannst du nur, wenn du
mindestens die zuletzt angesagte Hand hast – mit wenigen erlaubten Untertreibungen", you can
only win if you hold at least the last called hand, with few allowed understatements) the hand
must be of the called class with at least the called points, or one of the allowed
understatements (option understatements, default Supremus>Primero: a Supremus may answer a
Primero call) ranking at or above the call; a hand of a higher class than the call does not meet
it unless it is a listed understatement (a Fluxus does not meet a Primero call). With
call_rule=at_least, the literal reading of the sheet's "mindestens die zuletzt angesagte Hand"
without its understatement clause, any hand ranking at or above the call meets it. The best hand
among those meeting the call takes the pot, ties to the eldest. If no hand still in meets it,
nobody wins and the pot carries over to the next deal (chips nobody matched go back first, and
the settlement says why); with side pots each pot is judged among the players who reach it.

A player left alone when all others fold takes the pot without showing: the call is not
tested. If nobody vies in round 2 the pot carries over, as in the Waks game."""


def standing_call(state: GameState) -> Call | None:
    """The standing call of a deal (the last call made, either round), or ``None``."""
    own = state.variant_state
    if isinstance(own, CardanoState):
        return own.call
    call = state.extra(CALL_KEY)  # set through 0.1's state.with_extra("call", ...)
    return call if isinstance(call, Call) else None


def last_call(history: Iterable[tuple[int, Action | str]]) -> tuple[int, Call] | None:
    """The last call made in a deal and the seat that made it, from its action log.

    The standing call (docs/rules/cardano.md) is the last call named by a vie or a raise, in
    either round; this says who named it too, which the public log shows.

    Args:
        history: ``(seat, action)`` pairs in order: a deal's ``state.history`` (actions) or a
            view's ``view.history`` (their public text, e.g. ``"vie 2 call Primero 60"``).

    Returns:
        ``(seat, call)`` of the last vie or raise naming a call, or ``None`` when none did.

    Raises:
        IllegalActionError: a vie or hold in ``history`` given as text that is not an action.
    """
    last: tuple[int, Call] | None = None
    for seat, entry in history:
        if isinstance(entry, str):
            if not entry.startswith(("vie", "hold raise")):
                continue
            entry = parse_action(entry)
        if isinstance(entry, Vie | Hold) and entry.call is not None:
            last = (seat, entry.call)
    return last


def unmet_call_reason(state: GameState, call: Call, seats: Sequence[int]) -> str:
    """Why none of ``seats`` meets the standing call (the settlement's ``reason``).

    Returns:
        E.g. ``"no hand met the standing call Primero 60 (Anna's Fluxus 68 is not a Primero;
        Ben's Numerus 28 is below it)"``: a hand ranking below the call is "below it", one at
        or above it that is not of the called class (under ``same_class``) "is not a ...".
    """
    key = call_book(state.variant.ranking).key(call)
    why = []
    for seat in seats:
        value = state.value(seat)
        verdict = "is below it" if value.key < key else f"is not a {call.hand_class}"
        why.append(f"{state.seats[seat].name}'s {value.label} {verdict}")
    return f"no hand met the standing call {call} ({'; '.join(why)})"


def _amount(action: Action) -> int:
    return action.amount if isinstance(action, Vie) else action.raise_by \
        if isinstance(action, Hold) else 0


def _names_a_call(action: Action) -> bool:
    """A vie, or a hold with a raise: the moves that must name a call."""
    return isinstance(action, Vie) or (isinstance(action, Hold) and action.raise_by > 0)


#: Above this many legal actions a decision's vies and raises with calls are not spelt out as
#: objects: :class:`CalledActions` makes each on demand.
LAZY_ABOVE = 4096


class CalledActions(Sequence[Action]):
    """The legal actions of a Cardano decision, each vie and raise once per call, made lazily.

    A read-only sequence in the order the tuple would have (each core action in turn; a vie
    or raise spelt out once per call above the standing call), with ``len``, indexing,
    slicing (a tuple), iteration and a membership test that builds nothing. Used when a wide
    rest makes the tuple huge (over :data:`LAZY_ABOVE` actions): a table with rest 1000 has
    over 100,000 legal actions per decision.
    """

    __slots__ = ("_bare", "_call_set", "_calls", "_ends", "_segments")

    def __init__(self, core: tuple[Action, ...], calls: tuple[Call, ...],
                 aliases: Mapping[Call, Call] | None = None) -> None:
        self._calls = calls
        # a call's other spelling (Supremus 55 for Supremus) is the same call: a member too
        self._call_set = frozenset(calls) | frozenset(
            a for a, c in (aliases or {}).items() if c in calls)
        self._segments = core
        ends, total = [], 0
        for action in core:
            total += len(calls) if _spelt(action) else 1
            ends.append(total)
        self._ends = tuple(ends)
        self._bare = frozenset(core)

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _item(self, i: int) -> Action:
        k = bisect_right(self._ends, i)
        action = self._segments[k]
        if not _spelt(action):
            return action
        call = self._calls[i - (self._ends[k - 1] if k else 0)]
        return _with_call(action, call)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self._item(i) for i in range(*index.indices(len(self))))
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal action index out of range")
        return self._item(index)

    def __iter__(self) -> Iterator[Action]:
        for action in self._segments:
            if _spelt(action):
                for call in self._calls:
                    yield _with_call(action, call)
            else:
                yield action

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Vie | Hold) and action.call is not None:
            bare = Vie(action.amount) if isinstance(action, Vie) else Hold(action.raise_by)
            return _spelt(bare) and bare in self._bare and action.call in self._call_set
        return action in self._bare and not _spelt(action)

    def __repr__(self) -> str:
        return f"<{len(self)} Cardano legal actions>"

    def action_ids(self, space: Any, state: GameState) -> tuple[int, ...]:
        """The ids of these actions in ``space``, ascending, built from ranges."""
        block, first = space.block("calls")
        k0 = len(block.calls) - len(self._calls)  # the calls above the standing call
        ids: list[int] = []
        for action in self._segments:
            if _spelt(action):
                amount = action.amount if isinstance(action, Vie) else action.raise_by  # type: ignore[union-attr]
                kind = 0 if isinstance(action, Vie) else 1
                base = first + (kind * block.rest + amount - 1) * len(block.calls)
                ids.extend(range(base + k0, base + len(block.calls)))
            else:
                ids.append(space.encode(state, action))
        ids.sort()
        return tuple(ids)


class CallActions(tuple[Action, ...]):
    """The legal actions of a Cardano decision: a tuple, each call spelt once.

    Its membership test also holds a call's other spelling (``vie 2 call Supremus 55`` for
    the listed ``vie 2 call Supremus``), so both read as the one legal action; the action
    space gives both one id (:class:`CallBlock`).

    An answer of the calling rules (:meth:`CardanoRules.primero_legal_actions`) also knows
    where its calls are: the vies (or raises) of one amount are a tail of that amount's row
    of spellings, every call of the book weakest first (one row object per book, amount and
    kind, shared by every answer), from the first call above the standing call on. So
    :meth:`identical` finds a chosen action in O(1), with no scan and no dictionary made per
    answer, and :meth:`sliced_from` gives the ranges of the answer with every call (the
    answer under no standing call) it is made of, for the checked rules to check the
    whole answer once rather than each answer action by action. Made from a list
    (``CallActions(actions, aliases)``), an answer knows no places: it is a tuple as any.
    """

    _aliases: Mapping[Call, Call]
    #: The actions not spelt per call (pass, fold, a plain hold), in order; ``None``: made
    #: from a list, no places known.
    _plain: tuple[Action, ...] | None = None
    #: The rows of spellings the answer takes a tail of, by identity (each held).
    _rows: dict[int, tuple[Action, ...]] | None = None
    #: The place in the book of the first call above the standing call (the rows' tails).
    _first: int = 0
    #: The answer with every call of the book (``None``: this one is it, or unknown) and the
    #: ranges ``(start, stop)`` of it this answer is made of, in order.
    _whole: CallActions | None = None
    _spans: tuple[tuple[int, int], ...] = ()

    def __new__(cls, actions: Iterable[Action], aliases: Mapping[Call, Call] | None = None) \
            -> CallActions:
        """The actions, holding ``aliases`` (other spelling -> the listed call) as members."""
        made = super().__new__(cls, actions)
        made._aliases = dict(aliases or {})
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return CallActions, (tuple(self), self._aliases)

    def __contains__(self, action: object) -> bool:
        if tuple.__contains__(self, action):
            return True
        if isinstance(action, Vie | Hold) and action.call is not None:
            spelt = self._aliases.get(action.call)
            return spelt is not None and tuple.__contains__(self, evolve(action, call=spelt))
        return False

    def identical(self, action: object) -> Action | None:
        """The action of this answer that is ``action`` itself (the same object), else ``None``.

        What the engine asks first of a chosen action (agents pick one of the legal
        objects): a spelt vie or raise by its place in its row of spellings (one look-up and
        two identity tests), any other action among the few not spelt per call. An equal
        object that is not one of these is not found here (``in`` finds it).
        """
        place = _PLACES.get(id(action))
        if place is not None and place[0] is action and place[2] >= self._first:
            rows = self._rows
            row = place[1]
            if rows is not None and rows.get(id(row)) is row:
                return place[0]
        plain = self._plain
        if plain is None:  # made from a list: a scan in C, by identity
            return action if any(map(operator.is_, self, repeat(action))) else None  # type: ignore[return-value]
        for candidate in plain:
            if candidate is action:
                return candidate
        return None

    def sliced_from(self) -> tuple[tuple[Action, ...], tuple[tuple[int, int], ...]] | None:
        """``(whole, spans)``: this answer is ``whole[a:b]`` for each ``(a, b)`` of ``spans``.

        ``whole`` is the answer with every call of the book spelt (the one under no
        standing call) for the same core answer; the spans ascend and do not overlap.
        ``None`` for the whole answer itself and for an answer made from a list. A claim for
        the checked rules to verify (:meth:`~primero.plugins.deal.DealRules.legal_actions`),
        not to take on trust.
        """
        whole = self._whole
        return None if whole is None else (whole, self._spans)

    def action_ids(self, space: Any, state: GameState) -> tuple[int, ...]:
        """The ids of these actions in ``space``, ascending."""
        return tuple(sorted(space.encode(state, a) for a in self))


#: Where each spelt vie and raise of a row of :func:`_spellings` is: ``id(action) -> (action,
#: row, place of its call in the book)`` (:meth:`CallActions.identical`).
_PLACES: dict[int, tuple[Action, tuple[Action, ...], int]] = {}


def _row_of(book: CallBook, action: Action) -> tuple[Action, ...] | None:
    """The row of spellings a core vie or raise with no call is spelt into, else ``None``."""
    kind = type(action)
    if kind is Vie and action.call is None:  # type: ignore[union-attr]
        return _spellings(book, False, action.amount)  # type: ignore[union-attr]
    if kind is Hold and action.raise_by > 0 and action.call is None:  # type: ignore[union-attr]
        return _spellings(book, True, action.raise_by)  # type: ignore[union-attr]
    return None


def _call_answer(book: CallBook, core: tuple[Action, ...], first: int) -> CallActions | None:
    """The core's answer with each vie and raise spelt once per call from ``first`` on.

    Each vie or raise is the tail from ``first`` of its row of spellings (:func:`_spellings`,
    shared); the answer knows its rows and, under a standing call (``first`` above 0), its
    ranges of the whole answer (``first`` 0: made once per core answer and book, with the
    rows of the core's actions, :data:`_WHOLE`). ``None`` where the core's answer holds a
    plug-in's subclass of a vie or raise (spelt one by one instead).
    """
    hit = _WHOLE.get(id(core))
    if hit is None or hit[0] is not core or hit[1] is not book:
        layout = _layout(book, core)
        whole = None if layout is None else _sliced(book, layout, 0)[0]
        if len(_WHOLE) >= 4096:
            _WHOLE.clear()
        hit = _WHOLE[id(core)] = (core, book, whole, layout)
    whole, layout = hit[2], hit[3]
    if not first or layout is None:
        return whole
    made, spans = _sliced(book, layout, first)
    made._whole = whole
    made._spans = spans
    return made


def _layout(book: CallBook, core: tuple[Action, ...]) \
        -> tuple[tuple[Action, tuple[Action, ...] | None], ...] | None:
    """Each action of the core's answer with its row of spellings (``None``: not spelt).

    ``None`` where a plug-in's subclass of a vie or raise is to be spelt (one by one).
    """
    layout = []
    for action in core:
        row = _row_of(book, action)
        if row is None and _spelt(action):
            return None
        layout.append((action, row))
    return tuple(layout)


def _sliced(book: CallBook, layout: tuple[tuple[Action, tuple[Action, ...] | None], ...],
            first: int) -> tuple[CallActions, tuple[tuple[int, int], ...]]:
    """The answer of ``layout`` from the call at ``first`` on, and its ranges of the whole."""
    size = len(book.calls)
    spelt: list[Action] = []
    plain: list[Action] = []
    rows: dict[int, tuple[Action, ...]] = {}
    spans: list[tuple[int, int]] = []
    at = 0  # the place in the whole answer
    for action, row in layout:
        if row is None:
            plain.append(action)
            spelt.append(action)
            start, stop = at, at + 1
            at += 1
        else:
            start, stop = at + first, at + size
            at += size
            if start >= stop:
                continue
            rows[id(row)] = row
            spelt.extend(row[first:])
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], stop)
        else:
            spans.append((start, stop))
    made = CallActions(spelt, book.aliases)
    made._plain = tuple(plain)
    made._rows = rows
    made._first = first
    return made, tuple(spans)


#: Per core answer (by identity) and book: its answer with every call spelt and its actions'
#: rows of spellings (:func:`_layout`): ``id(core) -> (core, book, answer, layout)``.
_WHOLE: dict[int, tuple[tuple[Action, ...], CallBook, CallActions | None,
                        tuple[tuple[Action, tuple[Action, ...] | None], ...] | None]] = {}


def _with_call(action: Action, call: Call) -> Action:
    """The vie or raise ``action`` naming ``call``."""
    if isinstance(action, Vie):
        return Vie(action.amount, call)
    assert isinstance(action, Hold)
    return Hold(action.raise_by, call)


def _spelt(action: object) -> bool:
    """A vie or a raise without a call: spelt out once per call."""
    return (isinstance(action, Vie) or (isinstance(action, Hold) and action.raise_by > 0)) \
        and action.call is None


class CallBlock:
    """Vies and raises with a call, as action ids: every amount 1..rest times every call.

    Index ``kind * rest * K + (amount - 1) * K + k``: ``kind`` 0 for a vie, 1 for a raise;
    ``k`` the call's place in the call book (``CallBook.calls``, weakest first); a call's
    other spelling (``Supremus 55`` for ``Supremus``) has the same index.
    """

    name = "calls"

    size: int

    def __init__(self, calls: tuple[Call, ...], rest: int,
                 aliases: Mapping[Call, Call] | None = None) -> None:
        self.calls = calls
        self.rest = rest
        self._index = {call: k for k, call in enumerate(calls)}
        for alias, call in (aliases or {}).items():  # Supremus 55: Supremus's id
            if call in self._index:
                self._index[alias] = self._index[call]
        self.size = 2 * rest * len(calls)

    def encode(self, state: GameState, action: Action) -> int | None:
        """The index of a vie or raise with a call of the book within the rest, else ``None``."""
        if isinstance(action, Vie):
            kind, amount = 0, action.amount
        elif isinstance(action, Hold) and action.raise_by:
            kind, amount = 1, action.raise_by
        else:
            return None
        k = self._index.get(action.call) if action.call is not None else None
        if k is None or not 1 <= amount <= self.rest:
            return None
        return (kind * self.rest + amount - 1) * len(self.calls) + k

    def decode(self, state: GameState, index: int) -> Action:
        """The vie or raise with a call at ``index``."""
        per_kind = self.rest * len(self.calls)
        kind, rem = divmod(index, per_kind)
        amount, k = divmod(rem, len(self.calls))
        call = self.calls[k]
        return Vie(amount + 1, call) if kind == 0 else Hold(amount + 1, call)


#: Answers of :meth:`CardanoRules.primero_legal_actions` made so far, by the identity of the
#: core's answer: ``(core answer, variant, {id(standing call): (standing call, answer)})``.
#: The core's betting tuples are shared between states (and only a betting round's answer
#: is kept), so one situation under one standing call gives the same answer object; the
#: checked façade checks an answer once (by identity), not at every state. Keyed by
#: identities: no call is hashed per decision. (A configured variant is an immutable value:
#: its call book is its ranking's, :func:`_ranking_book`.)
_SPELT: dict[int, tuple[tuple[Action, ...], Variant,
                        dict[int, tuple[Call | None, tuple[Action, ...]]]]] = {}
#: How many answers :data:`_SPELT` keeps (then it starts again): the situations of a table
#: times the calls, each answer a tuple of actions shared with every other answer.
SPELT_KEPT = 32_768
_spelt_count = [0]
#: Every vie (``False``) or raise (``True``) of an amount spelt once per call of a book, in
#: the book's order: ``(book, actions)`` by ``(id(book), raise?, amount)``. An answer is a
#: few slices of these (the calls above the standing call): no action is built per decision.
_SPELLINGS: dict[tuple[int, bool, int], tuple[CallBook, tuple[Action, ...]]] = {}


#: The call book of each variant's ranking (:func:`call_book` of ``variant.ranking``), by the
#: variant's identity: ``(variant, book)``. Configured variants are immutable values.
_RANKING_BOOKS: dict[int, tuple[Variant, CallBook]] = {}


def _ranking_book(variant: Variant) -> CallBook:
    """``call_book(variant.ranking)``, remembered by the variant's identity (asked per decision)."""
    hit = _RANKING_BOOKS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    book = call_book(variant.ranking)
    if len(_RANKING_BOOKS) >= 64:
        _RANKING_BOOKS.clear()
    _RANKING_BOOKS[id(variant)] = (variant, book)
    return book


#: The standing-call state a call makes, by the identity of the call object named (the book's
#: own calls, which the legal actions name, hit every time): ``(book, call, state)``.
_STANDING: dict[int, tuple[CallBook, Call, CardanoState]] = {}



#: The standing-call state a vie or raise naming a call makes, by the identity of the action
#: (the legal actions' shared objects hit every time) and of the variant: ``(action, variant,
#: state)`` (:meth:`CardanoRules.primero_apply_action`).
_AFTER: dict[int, tuple[Action, Variant, CardanoState]] = {}


def _standing_state(book: CallBook, call: Call) -> CardanoState:
    """``CardanoState(call=book.spelling(call))`` (Supremus 55 is Supremus), shared per call."""
    hit = _STANDING.get(id(call))
    if hit is not None and hit[1] is call and hit[0] is book:
        return hit[2]
    made = CardanoState(call=book.spelling(call))
    if len(_STANDING) >= 4096:
        _STANDING.clear()
    _STANDING[id(call)] = (book, call, made)
    return made


def _spellings(book: CallBook, raising: bool, amount: int) -> tuple[Action, ...]:
    """Every vie (or raise) of ``amount`` naming each call of ``book``, weakest call first."""
    key = (id(book), raising, amount)
    hit = _SPELLINGS.get(key)
    if hit is not None and hit[0] is book:
        return hit[1]
    kind = Hold if raising else Vie
    made: tuple[Action, ...] = tuple(kind(amount, call) for call in book.calls)
    if len(_SPELLINGS) >= 65_536:
        _SPELLINGS.clear()
        _PLACES.clear()
    _SPELLINGS[key] = (book, made)
    for k, action in enumerate(made):
        _PLACES[id(action)] = (action, made, k)
    return made


class CardanoRules:
    """The calling rules: legal actions with calls, the standing call, the call at showdown.

    Attributes:
        legal_by_variant_state: ``True``: in a betting round :meth:`primero_legal_actions`
            answers by the core's answer and the deal's :class:`CardanoState` alone (the
            standing call), so the checked rules find an answer checked once again by those
            two (:data:`~primero.plugins.deal.LEGAL_BY_VARIANT_STATE`).
    """

    legal_by_variant_state: bool = True

    @hookimpl
    def primero_action_blocks(self, variant: Variant, table: Table) -> tuple[CallBlock, ...]:
        """Every vie and raise amount times every call of the variant's call book."""
        book = call_book(variant.ranking)
        return (CallBlock(book.calls, table.rest, book.aliases),)

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...] | None, state: GameState,
                              variant: Variant) -> tuple[Action, ...] | None:
        """Spell out each vie and raise once per attainable call above the standing call."""
        actions = answer
        known = _SPELT.get(id(actions))
        if known is not None and known[0] is actions and known[1] is variant:
            # a betting answer of the core's spelt before for this variant: by identities
            own = state.variant_state
            standing = own.call if type(own) is CardanoState else \
                None if own is None else standing_call(state)  # (None: no call yet)
            hit = known[2].get(id(standing))
            if hit is not None and hit[0] is standing:
                return hit[1]  # the same answer object: checked once, by the façade's memo
        if actions is None:
            return actions
        step = state.context.steps[state.step_index + 1]  # state.step, inline
        if step is None or step.kind != "bet":
            return actions
        book = _ranking_book(variant)
        own = state.variant_state
        standing = own.call if type(own) is CardanoState else standing_call(state)
        spelt = self._spelt(book, actions, book.above(standing))
        if type(actions) is tuple:  # the core's shared tuples: the answer is shared too
            if _spelt_count[0] >= SPELT_KEPT:
                _SPELT.clear()
                _spelt_count[0] = 0
                known = None
            if known is None or known[0] is not actions or known[1] is not variant:
                known = _SPELT[id(actions)] = (actions, variant, {})
            known[2][id(standing)] = (standing, spelt)
            _spelt_count[0] += 1
        return spelt

    @staticmethod
    def _spelt(book: CallBook, actions: tuple[Action, ...], calls: tuple[Call, ...]) \
            -> tuple[Action, ...]:
        """``actions`` with each vie and raise spelt once per call of ``calls``.

        ``calls`` are the book's calls above the standing call (a tail of ``book.calls``):
        each vie or raise is a slice of its spellings (:func:`_spellings`), shared.
        """
        if sum(len(calls) if _spelt(a) else 1 for a in actions) > LAZY_ABOVE:
            return cast("tuple[Action, ...]", CalledActions(actions, calls, book.aliases))
        first = len(book.calls) - len(calls)
        if book.aliases:
            made = _call_answer(book, actions, first)
            if made is not None:
                return made
        spelt: list[Action] = []
        for action in actions:
            kind = type(action)
            if kind is Vie and action.call is None:  # type: ignore[union-attr]
                spelt.extend(_spellings(book, False, action.amount)[first:])  # type: ignore[union-attr]
            elif kind is Hold and action.raise_by > 0 and action.call is None:  # type: ignore[union-attr]
                spelt.extend(_spellings(book, True, action.raise_by)[first:])  # type: ignore[union-attr]
            elif _spelt(action):  # a subclass of the core's actions: spelt one by one
                spelt.extend(_with_call(action, call) for call in calls)
            else:
                spelt.append(action)
        return CallActions(spelt, book.aliases) if book.aliases else tuple(spelt)

    @hookimpl(wrapper=True)
    @answer_wrapper(unchanged_for=(Exchange,), sets_variant_state=True)
    def primero_apply_action(self, answer: GameState, state: GameState, variant: Variant,
                             action: Action) -> object:
        """After the core has applied a vie or raise, its call becomes the standing call.

        Answers the deal's own state (:class:`CardanoState`) the core's answer is to carry:
        the wrapper sets it in the library's copy of the answer. A vie or raise object met
        before (the legal actions' shared objects) gives the same state again, found by its
        identity (:data:`_AFTER`).
        """
        kind = type(action)
        if kind is Vie or kind is Hold:  # (the core's own classes first: no isinstance)
            hit = _AFTER.get(id(action))  # a legal object met before: its standing call
            if hit is not None and hit[0] is action and hit[1] is variant:
                return hit[2]
            call = action.call if kind is Vie or action.raise_by > 0 else None  # type: ignore[union-attr]
        elif kind is Pass or kind is Fold:
            return answer.variant_state
        elif isinstance(action, Vie | Hold) and _names_a_call(action):
            call = action.call
        else:
            return answer.variant_state
        if call is None:
            return answer.variant_state
        made = _standing_state(_ranking_book(variant), call)
        if kind is Vie or kind is Hold:
            if len(_AFTER) >= 4096:
                _AFTER.clear()
            _AFTER[id(action)] = (action, variant, made)
        return made

    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) \
            -> str | None:
        """What is wrong with the call of a vie or raise; ``None`` for everything else."""
        seat = betting_seat(state)
        if seat is None:
            return None
        if not isinstance(action, Vie | Hold):
            return None
        bare = evolve(action, call=None)
        if bare not in betting_actions(state, seat, bound=must_hold_seat(state) == seat):
            return None  # the amount or the moment is wrong: the core says why
        if isinstance(action, Hold) and action.raise_by == 0:
            if action.call is not None:
                return ("a hold without a raise names nothing: say 'hold', not "
                        f"'hold call {action.call}'")
            return None
        book = call_book(variant.ranking)
        standing = standing_call(state)
        call = action.call
        if call is None:
            example = next(iter(book.above(standing)), None)
            verb = "vie" if isinstance(action, Vie) else "hold raise"
            hint = f", e.g. '{verb} {_amount(action)} call {example}'" if example else ""
            return f"every vie and every raise names a call in the Cardano game{hint}"
        reason = book.unattainable_reason(call)
        if reason is not None:
            return reason
        if not book.above(standing):
            return (f"no call ranks above the standing call {standing}: nobody can vie or "
                    "raise any more")
        if standing is not None and book.key(call) <= book.key(standing):
            return f"{call} is not above the standing call {standing}"
        return None

    @hookimpl
    def primero_agent_advice(self, variant: Variant) -> VariantAdvice:
        """The calls, for computer players: the variant's :class:`CallBook` (its rule)."""
        return VariantAdvice(calls=call_book(variant))

    @hookimpl
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement | None:
        """At a showdown only hands meeting the standing call can win; the rest is the core's.

        ``None`` where the core settles (an unseen win, a carry-over, a showdown nobody vied
        at): the core's own hook answers, and its answer is taken unchecked.
        """
        if state.ended_by != "showdown" or len(state.live) <= 1:
            return None  # an unseen win or a carry-over: the core's
        call = standing_call(state)
        if call is None:
            return None  # nobody vied: the core's showdown
        book = call_book(variant)
        return settle_showdown(
            state,
            eligible=lambda _seat, value: book.meets(value, call),
            explain=lambda seats: unmet_call_reason(state, call, seats),
        )


#: The ``cardano`` variant spec.
CARDANO = VariantSpec(
    name="cardano",
    title="Cardano's Italian calling Primero",
    summary=SUMMARY,
    sources=with_cited(SOURCES, (DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, CALL_RULE_OPTION,
                                     UNDERSTATEMENTS_OPTION, *WAKS_SEATING_OPTIONS)),
    players=(2, 6),
    options=(DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, CALL_RULE_OPTION,
             UNDERSTATEMENTS_OPTION, *WAKS_SEATING_OPTIONS),
    plugins=(CardanoRules(),),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``cardano``."""
    register(CARDANO)
