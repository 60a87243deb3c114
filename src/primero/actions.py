"""Player actions: vie, hold (and raise), pass, fold, exchange; calls for the calling variant.

Actions are frozen values. ``str(action)`` is the deal-file verb text (``"vie 2"``,
``"hold raise 1"``, ``"exchange Qd"``, ``"vie 2 call Primero 60"``, ``"pass exchange 7s 6h"``)
and :func:`parse_action` reads it back (docs/reference/deal-files.md, "Action verbs").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations, permutations, repeat
from operator import itemgetter
from typing import Any, TypeVar

from attrs import field, frozen

from primero.cards import CARDS_BY_INDEX, Card, parse_cards
from primero.errors import IllegalActionError

__all__ = [
    "ACTION_WORDS",
    "MAX_AMOUNT_DIGITS",
    "MAX_EXCHANGE_CARDS",
    "Action",
    "Call",
    "Exchange",
    "Fold",
    "Hold",
    "Pass",
    "Vie",
    "parse_action",
]

#: The words of action text (no player may be called one of them: ``"vie 2"`` must not read
#: as a player called ``vie``).
ACTION_WORDS = ("vie", "hold", "raise", "pass", "fold", "exchange", "call")


#: The most digits an amount (chips, a call's points) in action text may have: 18, more
#: than any stack (a deal file gives at most 10**15 chips). Longer numbers are refused
#: before they are read (Python refuses to read more than 4,300 digits at all).
MAX_AMOUNT_DIGITS = 18

_AMOUNT_LIMIT = 10 ** MAX_AMOUNT_DIGITS

#: The most characters of action text a message quotes.
_QUOTED = 40

#: The most cards an exchange (or a pass's exchange) may name: 52, the largest pack. The
#: cards thrown are distinct cards of the hand, so no longer list can be legal; a longer one
#: is refused when the action is made, before any rule reads it.
MAX_EXCHANGE_CARDS = len(CARDS_BY_INDEX)


def _chips(instance: object, attribute: Any, value: Any) -> None:
    """An amount of chips is an ``int`` (not a ``bool``, float or text)."""
    if type(value) is not int:
        raise IllegalActionError(
            f"{type(instance).__name__}.{attribute.name} must be a whole number of chips, "
            f"got {value!r}")
    if not -_AMOUNT_LIMIT < value < _AMOUNT_LIMIT:
        raise IllegalActionError(
            f"{type(instance).__name__}.{attribute.name} has more than {MAX_AMOUNT_DIGITS} "
            f"digits: an amount has at most {MAX_AMOUNT_DIGITS}")


_C = TypeVar("_C")


def _card_index(card: Card) -> int:
    return card.index


def _too_many(count: int) -> str:
    return (f"an exchange of {count:,} cards: it names at most {MAX_EXCHANGE_CARDS} (the largest "
            "pack's; the cards thrown are distinct cards of the hand)")


def _sorted_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    items = tuple(cards)
    if len(items) > MAX_EXCHANGE_CARDS:
        raise IllegalActionError(_too_many(len(items)))
    if not all(type(c) is Card for c in items):
        items = parse_cards(list(items))
    return tuple(sorted(items, key=_card_index))  # type: ignore[arg-type]


def _with_cards(cls: type[_C], name: str, cards: Iterable[Card]) -> _C:
    new = object.__new__(cls)
    object.__setattr__(new, name, tuple(sorted(cards, key=_card_index)))
    return new


@frozen
class Call:
    """A named hand in the calling variant (docs/rules/cardano.md), e.g. ``Call("Primero", 60)``.

    Attributes:
        hand_class: The called class, e.g. ``"Primero"``.
        points: The called points; ``None`` only where the class has one value (Supremus).
    """

    hand_class: str
    points: int | None = None

    def __str__(self) -> str:
        return self.hand_class if self.points is None else f"{self.hand_class} {self.points}"


def _call_suffix(call: Call | None) -> str:
    return "" if call is None else f" call {call}"


@frozen
class Vie:
    """Be the first in the round to put chips in (docs/rules/waks.md).

    Attributes:
        amount: Chips put in: stake..rest, or everything the player has if that is less.
        call: The named hand (calling variant only).
    """

    amount: int = field(validator=_chips)
    call: Call | None = None

    def __str__(self) -> str:
        return f"vie {self.amount}{_call_suffix(self.call)}"


@frozen
class Hold:
    """Match the round's highest total, optionally raising on top (docs/rules/waks.md).

    Attributes:
        raise_by: Chips added on top of the match (0 for a plain hold); stake..rest.
        call: The named hand of a raise (calling variant only).
    """

    raise_by: int = field(default=0, validator=_chips)
    call: Call | None = None

    def __str__(self) -> str:
        if self.raise_by:
            return f"hold raise {self.raise_by}{_call_suffix(self.call)}"
        return "hold"


@frozen
class Pass:
    """Put nothing in for now; under Suzuki, with an exchange of one or two cards.

    Rules: docs/rules/waks.md.

    Attributes:
        exchange: Cards discarded with the pass (Suzuki no-fold only), in pack order.
    """

    exchange: tuple[Card, ...] = field(default=(), converter=_sorted_cards)

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Pass:
        """A pass exchanging ``cards`` (already :class:`Card` values): no parsing."""
        return _with_cards(cls, "exchange", cards)

    def __str__(self) -> str:
        if self.exchange:
            return "pass exchange " + " ".join(c.ascii for c in self.exchange)
        return "pass"


@frozen
class Fold:
    """Give up the deal; chips already put in stay in the pot."""

    def __str__(self) -> str:
        return "fold"


@frozen
class Exchange:
    """Discard these cards face down and draw as many from the stock; none stands pat.

    Attributes:
        discards: The cards thrown, in pack order.
    """

    discards: tuple[Card, ...] = field(default=(), converter=_sorted_cards)

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Exchange:
        """The exchange of ``cards`` (already :class:`Card` values): no parsing."""
        return _with_cards(cls, "discards", cards)

    def __str__(self) -> str:
        return " ".join(["exchange", *(c.ascii for c in self.discards)])


#: Any player action.
Action = Vie | Hold | Pass | Fold | Exchange


def _is_number(word: str) -> bool:
    """Whole numbers in ASCII digits 0-9 with an optional ``-``, as deal files and the CLI."""
    digits = word[1:] if word[:1] == "-" else word
    return digits.isascii() and digits.isdigit()


def _quoted(text: str) -> str:
    """Action text as a message quotes it: shortened past :data:`_QUOTED` characters."""
    return repr(text if len(text) <= _QUOTED else text[:_QUOTED] + "...")


def _parse_int(word: str, text: str, what: str = "the amount has") -> int:
    if not _is_number(word):
        shown = _quoted(word)
        raise IllegalActionError(f"cannot read action {_quoted(text)}: {shown} is not a number")
    digits = len(word.lstrip("-"))
    if digits > MAX_AMOUNT_DIGITS:
        raise IllegalActionError(
            f"cannot read action {_quoted(text)}: {what} {digits:,} digits; an amount has "
            f"at most {MAX_AMOUNT_DIGITS}")
    return int(word)


def _parse_call(words: list[str], text: str) -> Call | None:
    if not words:
        return None
    if words[0].lower() != "call" or len(words) not in (2, 3):
        raise IllegalActionError(
            f"cannot read action {_quoted(text)}: expected 'call CLASS [POINTS]' after the amount"
        )
    hand_class = words[1][:1].upper() + words[1][1:].lower()
    if len(words) == 3 and not (words[2].isascii() and words[2].isdigit()):  # no sign
        raise IllegalActionError(
            f"cannot read action {_quoted(text)}: a call is 'call CLASS [POINTS]', the class "
            f"in one word and the points in digits 0-9, not "
            f"{_quoted(' '.join(['call', words[1], words[2]]))}")
    points = _parse_int(words[2], text, "the call's points have") if len(words) == 3 else None
    return Call(hand_class, points)


def _exchanged(cards_text: str, text: str) -> tuple[Card, ...]:
    """The cards of an exchange's text, read in linear time; at most :data:`MAX_EXCHANGE_CARDS`."""
    cards = parse_cards(cards_text)
    if len(cards) > MAX_EXCHANGE_CARDS:
        raise IllegalActionError(f"cannot read action {_quoted(text)}: {_too_many(len(cards))}")
    return cards


def parse_action(text: str) -> Action:
    """Read an action from its deal-file text (without the player's name).

    Examples: ``"vie 2"``, ``"hold"``, ``"hold raise 1"``, ``"pass"``, ``"fold"``,
    ``"exchange Qd 3s"``, ``"vie 2 call Primero 60"``, ``"pass exchange 7s"``.

    Reading takes time linear in the length of ``text``; a message quotes at most its first
    40 characters.

    Raises:
        IllegalActionError: the text is not an action, or an exchange names more than
            :data:`MAX_EXCHANGE_CARDS` cards; the message quotes its start.
        CardParseError: a card in an exchange is not a card; the message names the first bad
            card, its position and the number of cards given.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is text such as 'vie 2', got {text!r}")
    head = text.split(None, 2)  # (an exchange's cards are read from the text itself)
    if not head:
        raise IllegalActionError("cannot read an empty action")
    verb = head[0].lower()
    if verb == "exchange":
        return Exchange.from_cards(_exchanged(text.split(None, 1)[1] if len(head) > 1 else "",
                                              text))
    if verb == "pass" and len(head) > 1 and head[1].lower() == "exchange":
        return Pass.from_cards(_exchanged(head[2] if len(head) > 2 else "", text))
    rest = text.split()[1:]
    if verb == "vie" and rest:
        amount = _parse_int(rest[0], text)
        if amount <= 0:
            raise IllegalActionError(
                f"cannot read action {_quoted(text)}: a vie is at least 1 chip")
        return Vie(amount, _parse_call(rest[1:], text))
    if verb == "vie" and not rest:
        raise IllegalActionError(
            f"cannot read action {_quoted(text)}: a vie needs an amount, e.g. 'vie 1'")
    if verb == "hold":
        if not rest:
            return Hold()
        if rest[0].isascii() and rest[0].isdigit():
            raise IllegalActionError(
                f"cannot read action {_quoted(text)}: 'hold' takes no amount (it puts in what "
                "is owed); a raise is 'hold raise N'")
        if rest[0].lower() == "raise" and len(rest) >= 2:
            amount = _parse_int(rest[1], text)
            if amount <= 0:
                raise IllegalActionError(
                    f"cannot read action {_quoted(text)}: a raise is at least 1 chip (a plain "
                    "match is 'hold')"
                )
            return Hold(amount, _parse_call(rest[2:], text))
    if verb == "pass" and not rest:
        return Pass()
    if verb == "fold" and not rest:
        return Fold()
    raise IllegalActionError(
        f"cannot read action {_quoted(text)}: expected vie N, hold, hold raise N, pass, fold or "
        "exchange [cards]"
    )


#: The most cards of a hand whose exchanges :func:`exchange_actions` builds from a table of
#: subsets (one table per order of the hand's cards: 4! = 24 of them for four cards); a longer
#: hand's are built one subset at a time.
_TABLED_HAND = 5

#: For each order of a hand's cards (the positions of the hand's cards in pack order), the
#: place of each subset of the hand, taken in the hand's order, among the subsets of the hand
#: sorted into pack order: see :func:`_subset_places`.
_PLACES: dict[tuple[int, ...], tuple[int, ...]] = {}

#: Sets a new exchange's cards (the slot's own setter: the class is frozen to everyone else).
_set_discards = Exchange.__dict__["discards"].__set__

#: The shared exchanges of one and two cards, by their cards' indices
#: (:attr:`~primero.cards.Card.index`) in either order: ``_ONE[i]`` and ``_TWO[i][j]``,
#: ``None`` until made. At most 52 + 1,326 exchanges, each made once and shared by every hand
#: holding its cards; exchanges of three or four cards are made anew for each hand.
_ONE: list[Exchange | None] = [None] * len(CARDS_BY_INDEX)
_TWO: list[list[Exchange | None]] = [[None] * len(CARDS_BY_INDEX) for _ in CARDS_BY_INDEX]

#: The exchange of no card (standing pat), shared.
_STAND_PAT: Exchange = object.__new__(Exchange)
_set_discards(_STAND_PAT, ())


def _sorted_exchange(cards: tuple[Card, ...]) -> Exchange:
    """A new exchange of ``cards`` (distinct), its cards put in pack order."""
    exchange: Exchange = object.__new__(Exchange)
    _set_discards(exchange, tuple(sorted(cards, key=_card_index)))
    return exchange


def _one_exchange(card: Card) -> Exchange:
    """The shared exchange of ``card``, made and kept."""
    exchange = _ONE[card.index] = _sorted_exchange((card,))
    return exchange


def _two_exchange(first: Card, second: Card) -> Exchange:
    """The shared exchange of two distinct cards, made and kept (both orders)."""
    exchange = _sorted_exchange((first, second))
    _TWO[first.index][second.index] = _TWO[second.index][first.index] = exchange
    return exchange


def _subset_places(order: tuple[int, ...]) -> tuple[int, ...]:
    """Where each subset of a hand, in ``combinations`` order, lies among its sorted subsets.

    Args:
        order: The hand's positions in pack order (``order[r]`` is the position of the
            hand's ``r``-th card in pack order).

    Returns:
        For each subset of the hand's positions (standing pat first, then every single card,
        and so on, each size in ``itertools.combinations`` order), the index of the same
        cards among the subsets of the sorted hand in the same enumeration.
    """
    n = len(order)
    rank = [0] * n
    for r, position in enumerate(order):
        rank[position] = r
    sorted_places: dict[tuple[int, ...], int] = {}
    for k in range(n + 1):
        for subset in combinations(range(n), k):
            sorted_places[subset] = len(sorted_places)
    return tuple(sorted_places[tuple(sorted(rank[p] for p in subset))]
                 for k in range(n + 1) for subset in combinations(range(n), k))


def _order_code(i: int, j: int, k: int, m: int) -> int:
    """The order of four distinct card indices as a number: one bit per pair found reversed."""
    return (i > j) | (i > k) << 1 | (i > m) << 2 | (j > k) << 3 | (j > m) << 4 | (k > m) << 5


def _four_card_picks(places: tuple[int, ...]) -> tuple[Any, ...]:
    """The pickers of a four-card hand's exchanges of three and four cards, by its order.

    ``places`` lists the hand's places in pack order (``places[r]`` is the place in the hand
    of its ``r``-th card in pack order). The pickers, applied to the hand, give the cards of
    each exchange of three cards in ``itertools.combinations`` order of the hand as held
    (without its fourth card, its third, its second, its first), then of all four, each in
    pack order.
    """
    return tuple(itemgetter(*[p for p in places if p != left]) for left in (3, 2, 1, 0, -1))


#: The pickers of :func:`_four_card_picks` by the order of a hand's four distinct cards
#: (:func:`_order_code` of their indices; the codes of no order stay ``None``).
_FOUR_PICKS: list[Any] = [None] * 64
for _places in permutations(range(4)):
    _indices = [0] * 4
    for _rank, _place in enumerate(_places):
        _indices[_place] = _rank
    _FOUR_PICKS[_order_code(*_indices)] = _four_card_picks(_places)
del _places, _indices, _rank, _place

#: Makes an exchange without its initialiser (its cards are set by :data:`_set_discards`).
_new_exchange = object.__new__


@lru_cache(maxsize=64)
def exchange_actions(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every exchange of a hand: each subset of its cards, standing pat first (cached a while).

    The subsets come in ``itertools.combinations`` order of the hand as held (by size, then
    by the positions of the cards in the hand), each exchange's cards in pack order. A hand of
    at most five cards is sorted once and its subsets, already in pack order, are placed by a
    table kept for each order of the hand's cards: no subset is sorted again. A hand of four
    distinct cards has its sixteen subsets written out: its exchanges of up to two cards are
    shared values, kept from hand to hand (found by their cards' indices), and those of three
    and four cards are made anew, their cards picked in pack order by pickers kept for each
    of the 24 orders of four cards. A hand of two distinct cards (the exchange of the Waks
    family, after round 1) has its four exchanges all shared: none is made.

    The last 64 hands' answers are kept, so a hand asked again soon gets the same tuple (the
    action space knows a hand's exchanges by that identity). A larger cache held its entries
    long enough to be promoted through the collector's generations: 4,096 of them made garbage
    collection 11-22 % of a Primiera deal's CPU time, 64 make it ~2 %.
    """
    n = len(hand)
    if n == 4:  # every hand of the built-in games: the sixteen subsets written out
        w, x, y, z = hand
        i, j, k, m = w.index, x.index, y.index, z.index
        if len({i, j, k, m}) == 4:  # four distinct cards (else the table's way)
            one, two = _ONE, _TWO
            two_i, two_j, two_k = two[i], two[j], two[k]
            without_z, without_y, without_x, without_w, whole = _FOUR_PICKS[
                (i > j) | (i > k) << 1 | (i > m) << 2 | (j > k) << 3 | (j > m) << 4
                | (k > m) << 5]  # _order_code(i, j, k, m), inline
            new, set_discards = _new_exchange, _set_discards
            a = new(Exchange)  # each exchange of three cards, then of all four, in pack order
            set_discards(a, without_z(hand))
            b = new(Exchange)
            set_discards(b, without_y(hand))
            c = new(Exchange)
            set_discards(c, without_x(hand))
            d = new(Exchange)
            set_discards(d, without_w(hand))
            e = new(Exchange)
            set_discards(e, whole(hand))
            return (_STAND_PAT,
                    one[i] or _one_exchange(w), one[j] or _one_exchange(x),
                    one[k] or _one_exchange(y), one[m] or _one_exchange(z),
                    two_i[j] or _two_exchange(w, x), two_i[k] or _two_exchange(w, y),
                    two_i[m] or _two_exchange(w, z), two_j[k] or _two_exchange(x, y),
                    two_j[m] or _two_exchange(x, z), two_k[m] or _two_exchange(y, z),
                    a, b, c, d, e)
    elif n == 2:  # the Waks family's exchange: four shared exchanges, none made
        w, x = hand
        i, j = w.index, x.index
        if i != j:
            return (_STAND_PAT, _ONE[i] or _one_exchange(w), _ONE[j] or _one_exchange(x),
                    _TWO[i][j] or _two_exchange(w, x))
    if n > _TABLED_HAND:
        return tuple(Exchange.from_cards(subset)
                     for k in range(n + 1) for subset in combinations(hand, k))
    order = tuple(sorted(range(n), key=[c.index for c in hand].__getitem__))
    places = _PLACES.get(order)
    if places is None:
        places = _PLACES[order] = _subset_places(order)
    ordered = [hand[p] for p in order]
    subsets = [subset for k in range(n + 1) for subset in combinations(ordered, k)]
    made = list(map(object.__new__, repeat(Exchange, len(places))))
    deque(map(_set_discards, made, map(subsets.__getitem__, places)), 0)
    return tuple(made)
