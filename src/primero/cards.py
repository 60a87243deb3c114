"""Cards, ranks, suits and packs, and the card notation (docs/rules/cards.md).

Notation accepted by :func:`parse_card` and :func:`parse_cards`: a rank (``A 2 … 9``, ``10`` or
``T``, ``J Q K``) followed by a suit letter (``s h d c``) or symbol (``♠ ♥ ♦ ♣``), in any case
(a variation selector after a symbol, U+FE0E or U+FE0F as phones and editors insert, is
ignored); lists separated by whitespace or commas; and the Italian long names (``7 di coppe``,
``fante di spade``). ``str(card)`` prints ``7♠``; ``repr(card)`` prints ``Card.parse('7s')``.

Cards are interned: there is exactly one :class:`Card` object per rank and suit, so identity,
equality and hashing agree and evaluation can look cards up by their bit.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable, Iterator

from attrs import field, frozen

from primero.errors import CardParseError, InvalidDeckError

__all__ = [
    "CARDS_BY_INDEX",
    "FRENCH52",
    "ITALIAN40",
    "PACKS",
    "PRIMIERA_POINTS",
    "SPANISH48",
    "Card",
    "Pack",
    "Rank",
    "Suit",
    "format_cards",
    "get_pack",
    "parse_card",
    "parse_cards",
]


class Suit(enum.IntEnum):
    """The four suits, French name first; Italian equivalents in :attr:`italian`."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``s``, ``h``, ``d`` or ``c``."""
        return "shdc"[self]

    @property
    def symbol(self) -> str:
        """The symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def italian(self) -> str:
        """The Italian suit: swords (spade), cups (coppe), coins (denari), batons (bastoni)."""
        return ("spade", "coppe", "denari", "bastoni")[self]

    def __str__(self) -> str:
        return self.symbol


class Rank(enum.IntEnum):
    """The thirteen ranks; the value is the pip count, courts are 11 to 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The printed rank: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS[self]

    @property
    def is_court(self) -> bool:
        """Whether the rank is a court card (J, Q, K)."""
        return self >= Rank.JACK

    def __str__(self) -> str:
        return self.label


_RANK_LABELS = {r: ("A" if r == 1 else "J" if r == 11 else "Q" if r == 12 else "K" if r == 13
                    else str(int(r))) for r in Rank}

#: The primiera scale (docs/rules/cards.md): points of each rank; 8/9/10 after Zorli's Berni
#: [ZOR-B].
PRIMIERA_POINTS: dict[Rank, int] = {
    Rank.SEVEN: 21, Rank.SIX: 18, Rank.ACE: 16, Rank.FIVE: 15, Rank.FOUR: 14, Rank.THREE: 13,
    Rank.TWO: 12, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10, Rank.NINE: 9,
    Rank.EIGHT: 8,
}


@frozen(eq=False)
class Card:
    """One playing card: a rank and a suit. Frozen, hashable, interned.

    Build cards with :meth:`Card.parse` or ``Card(Rank.SEVEN, Suit.SPADES)``; both return the
    single shared object for that card, so equality is identity. Cards sort by suit, then rank
    (the :attr:`index` order).

    Attributes:
        rank: The card's rank.
        suit: The card's suit.
        index: 0..51, ``suit * 13 + rank - 1``; a stable small integer for tables.
        bit: ``1 << index``; the OR of a hand's bits is its lookup key.
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, eq=False, repr=False)
    bit: int = field(init=False, eq=False, repr=False)

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """Return the interned card for ``rank`` and ``suit`` (one object per card)."""
        try:
            return _INTERNED[(rank, suit)]
        except KeyError:
            return super().__new__(cls)
        except TypeError:  # unhashable input: let __init__ report it
            return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        index = int(self.suit) * 13 + int(self.rank) - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    def __getnewargs__(self) -> tuple[Rank, Suit]:
        return (self.rank, self.suit)

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __copy__(self) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card, e.g. ``"7s"``, ``"10h"``, ``"Th"``, ``"7♠"`` or ``"7 di coppe"``.

        Raises:
            CardParseError: the text is not one card; the message names it.
        """
        return parse_card(text)

    @property
    def ascii(self) -> str:
        """ASCII notation, e.g. ``7s`` or ``10h``: what deal files and JSON output use."""
        return f"{self.rank.label}{self.suit.letter}"

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii!r})"

    def _repr_html_(self) -> str:
        """The card's face for a notebook: rank and suit symbol, red for hearts and diamonds.

        ``<span class="primero-card" title="7s" style="color:#b00">7♥</span>`` and the like:
        the ``title`` is the ASCII notation.
        """
        colour = "#b00" if self.suit in (Suit.HEARTS, Suit.DIAMONDS) else "#000"
        return (f'<span class="primero-card" title="{self.ascii}" style="color:{colour};'
                f'font-weight:bold">{self}</span>')


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
for _suit in Suit:
    for _rank in Rank:
        _INTERNED[(_rank, _suit)] = Card(_rank, _suit)
del _suit, _rank

def _card_index(card: Card) -> int:
    return card.index


#: Every card of the 52 by its index (:attr:`Card.index`).
CARDS_BY_INDEX: tuple[Card, ...] = tuple(sorted(_INTERNED.values(), key=_card_index))

_RANK_TOKENS: dict[str, Rank] = {r.label.lower(): r for r in Rank} | {"t": Rank.TEN}
_SUIT_TOKENS: dict[str, Suit] = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_TOKENS |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_ITALIAN_RANKS: dict[str, Rank] = {
    "asso": Rank.ACE, "due": Rank.TWO, "tre": Rank.THREE, "quattro": Rank.FOUR,
    "cinque": Rank.FIVE, "sei": Rank.SIX, "sette": Rank.SEVEN, "otto": Rank.EIGHT,
    "nove": Rank.NINE, "dieci": Rank.TEN, "fante": Rank.JACK, "cavallo": Rank.QUEEN,
    "donna": Rank.QUEEN, "re": Rank.KING,
}
_ITALIAN_SUITS: dict[str, Suit] = {s.italian: s for s in Suit}
_ITALIAN = re.compile(r"(\w+)\s+di\s+(\w+)", re.IGNORECASE)
_CARD = re.compile(r"(10|[2-9]|[atjqk])(.)", re.IGNORECASE)
#: Every card by its plain spellings (``7s``, ``7S``, ``10h``, ``Th``, ``7♠``): a dictionary
#: look-up reads the usual card text without a regular expression.
_SIMPLE: dict[str, Card] = {
    rank_text + suit_text: _INTERNED[(rank, suit)]
    for rank_label, rank in _RANK_TOKENS.items()
    for rank_text in {rank_label, rank_label.upper()}
    for suit_text_lower, suit in _SUIT_TOKENS.items()
    for suit_text in {suit_text_lower, suit_text_lower.upper()}
}


#: The most characters of a bad card's text an error message quotes.
_QUOTED = 40


def _quoted(text: str) -> str:
    """A card's text as a message quotes it: shortened past :data:`_QUOTED` characters."""
    if len(text) <= _QUOTED:
        return repr(text)
    return f"{text[:_QUOTED]!r}... ({len(text):,} characters)"


def _shown(value: object) -> str:
    """Something that is not card text as a message shows it: its ``repr``, shortened."""
    try:
        shown = repr(value)
    except ValueError:  # an int of more digits than Python prints
        return "a very long number"
    return shown if len(shown) <= _QUOTED else shown[:_QUOTED] + "..."


def parse_card(text: str) -> Card:
    """Read one card from its notation (see the module docstring).

    Reading takes time linear in the length of ``text``.

    Args:
        text: e.g. ``"7s"``, ``"10h"``, ``"Th"``, ``"7♠"``, ``"7 di coppe"``.

    Returns:
        The interned :class:`Card`.

    Raises:
        CardParseError: ``text`` is not exactly one card; the message quotes it (its first
            40 characters and its length, if longer).
    """
    if not isinstance(text, str):
        raise CardParseError(
            f"expected a card as text, got {type(text).__name__} {_shown(text)}")
    token = text.strip()
    if "\ufe0e" in token or "\ufe0f" in token:  # ♣︎ / ♣️: the suit's text or emoji form
        token = token.replace("\ufe0e", "").replace("\ufe0f", "")
    italian = _ITALIAN.fullmatch(token)
    if italian:
        rank_word, suit_word = italian.group(1).lower(), italian.group(2).lower()
        rank = _ITALIAN_RANKS.get(rank_word) or _RANK_TOKENS.get(rank_word)
        suit = _ITALIAN_SUITS.get(suit_word)
        if rank is None or suit is None:
            raise CardParseError(f"unknown card {_quoted(text)}: cannot read the Italian name")
        return _INTERNED[(rank, suit)]
    match = _CARD.fullmatch(token)
    if not match:
        raise CardParseError(
            f"unknown card {_quoted(text)}: expected a rank (A 2-9 10/T J Q K) and a suit (s h d"
            " c or ♠ ♥ ♦ ♣), e.g. '7s' or '10h'"
        )
    rank_text, suit_text = match.group(1).lower(), match.group(2).lower()
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise CardParseError(f"unknown card {_quoted(text)}: {match.group(2)!r} is not a suit")
    return _INTERNED[(_RANK_TOKENS[rank_text], suit)]


#: One card of a list: an Italian long name (``7 di coppe``) or a run of characters that are
#: neither whitespace nor a comma. Tried once from each token's start, so a list of any length
#: is read in one pass.
_TOKEN = re.compile(r"\w+\s+di\s+\w+|[^\s,]+", re.IGNORECASE)


def _parse_text(text: str) -> tuple[Card, ...]:
    """:func:`parse_cards` of text: linear time; an error names the first bad card and where."""
    tokens = _TOKEN.findall(text)  # one pass, in C
    cards = list(map(_SIMPLE.get, tokens))  # the usual '7s' / '10h' / '7♠', without a regex
    if None in cards:
        for k, token in enumerate(tokens):
            if cards[k] is None:
                try:
                    cards[k] = parse_card(token)
                except CardParseError as exc:
                    if len(tokens) > 1:
                        raise CardParseError(f"{exc} (card {k + 1:,} of {len(tokens):,} in the "
                                             "list)") from None
                    raise
    return tuple(cards)  # type: ignore[arg-type]  # (no None left)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read a list of cards, whitespace- or comma-separated, or an iterable of cards/strings.

    Duplicates are kept: checking them is the caller's business (see :func:`check_distinct`).
    Text is read in one pass: the time is linear in its length.

    Raises:
        CardParseError: a token is not a card; the message names the token (its first 40
            characters) and, for text of several cards, its position and the number of cards
            given, never the whole text. Or ``text`` is neither text nor an iterable
            (``None``, a number) or is bytes; the message names its type.
    """
    if isinstance(text, str):
        return _parse_text(text)
    if isinstance(text, bytes | bytearray | memoryview):  # iterates as numbers, not cards
        raise CardParseError(
            f"cards must be text like '7s 6h Ad Kc' or an iterable of cards, got "
            f"{type(text).__name__} (decode it to text first)")
    try:
        items = iter(text)
    except TypeError:
        raise CardParseError(
            f"cards must be text like '7s 6h Ad Kc' or an iterable of cards, got "
            f"{type(text).__name__} {_shown(text)}") from None
    return tuple(item if isinstance(item, Card) else parse_card(item) for item in items)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Print cards space-separated, ``7♠ 6♥`` (or ``7s 6h`` with ``ascii=True``)."""
    return " ".join(card.ascii if ascii else str(card) for card in cards)


def check_distinct(cards: Iterable[Card], what: str = "cards") -> None:
    """Raise :class:`InvalidDeckError` naming the first card that appears twice in ``cards``."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidDeckError(f"duplicate card {card.ascii} ({card}) in the {what}")
        seen.add(card)


@frozen
class Pack:
    """A named set of distinct cards, in a canonical order (suit, then rank).

    Attributes:
        name: e.g. ``"italian40"``.
        cards: The cards, spades first, ace to king within a suit.
    """

    name: str
    cards: tuple[Card, ...] = field(repr=False)
    mask: int = field(init=False, eq=False, repr=False)
    #: The pack's cards in canonical order (suit, then rank): card ``i`` has dense index ``i``.
    ordered: tuple[Card, ...] = field(init=False, eq=False, repr=False)
    #: Dense index of each card by its :attr:`Card.index` (0..51), ``-1`` outside the pack.
    positions: tuple[int, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        check_distinct(self.cards, f"pack {self.name}")
        mask = 0
        for card in self.cards:
            mask |= card.bit
        object.__setattr__(self, "mask", mask)
        ordered = tuple(sorted(self.cards, key=_card_index))
        positions = [-1] * len(CARDS_BY_INDEX)
        for i, card in enumerate(ordered):
            positions[card.index] = i
        object.__setattr__(self, "ordered", ordered)
        object.__setattr__(self, "positions", tuple(positions))

    def index(self, card: Card) -> int:
        """The card's dense index within this pack, 0..n-1 (canonical order: suit, then rank).

        Unlike :attr:`Card.index` (0..51, with gaps in the smaller packs), the dense indices of
        a pack of ``n`` cards are exactly ``0..n-1``: what hand tables and
        :meth:`primero.hands.Ranking.evaluate_many` take.

        Raises:
            InvalidDeckError: the card is not in this pack.
        """
        position = self.positions[card.index] if isinstance(card, Card) else -1
        if position < 0:
            raise InvalidDeckError(f"card {card!s} is not in the {self.name} pack")
        return position

    def card_at(self, index: int) -> Card:
        """The card whose dense index (see :meth:`index`) is ``index``.

        Raises:
            InvalidDeckError: ``index`` is not in ``0..n-1``.
        """
        try:
            position = operator.index(index)  # an int, or a numpy integer
        except TypeError:
            position = -1
        if not 0 <= position < len(self.ordered) or isinstance(index, bool):
            raise InvalidDeckError(
                f"card index {index!r} is outside the {self.name} pack (0..{len(self) - 1})"
            )
        return self.ordered[position]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def check(self, cards: Iterable[Card], what: str = "cards") -> None:
        """Raise :class:`InvalidDeckError` for a duplicate or a card outside this pack."""
        seen = 0
        for card in cards:
            if not self.mask & card.bit:
                raise InvalidDeckError(
                    f"card {card.ascii} ({card}) in the {what} is not in the {self.name} pack"
                )
            if seen & card.bit:
                raise InvalidDeckError(f"duplicate card {card.ascii} ({card}) in the {what}")
            seen |= card.bit


def _pack(name: str, ranks: Iterable[Rank]) -> Pack:
    rank_set = set(ranks)
    return Pack(name, tuple(c for c in CARDS_BY_INDEX if c.rank in rank_set))


#: 40 cards, A–7 and J Q K in four suits: the default pack everywhere.
ITALIAN40 = _pack("italian40", [r for r in Rank if r not in (Rank.EIGHT, Rank.NINE, Rank.TEN)])
#: 48 cards: A–9 and J Q K (no 10s).
SPANISH48 = _pack("spanish48", [r for r in Rank if r != Rank.TEN])
#: The full 52-card pack.
FRENCH52 = _pack("french52", list(Rank))

#: The built-in packs by name.
PACKS: dict[str, Pack] = {p.name: p for p in (ITALIAN40, SPANISH48, FRENCH52)}


def get_pack(name: str) -> Pack:
    """Return a built-in pack by name.

    Raises:
        InvalidDeckError: no pack has that name; the message lists the known ones.
    """
    try:
        return PACKS[name]
    except KeyError:
        raise InvalidDeckError(
            f"unknown pack {name!r}; known packs: {', '.join(PACKS)}"
        ) from None
