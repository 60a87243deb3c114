"""Cards, packs, point values and notation (docs/rules/cards.md)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from primero import (
    FRENCH52,
    ITALIAN40,
    PACKS,
    SPANISH48,
    Card,
    CardParseError,
    InvalidDeckError,
    Rank,
    Suit,
    format_cards,
    get_pack,
    parse_card,
    parse_cards,
)
from primero.cards import PRIMIERA_POINTS, check_distinct

ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank]
GENERIC = "expected a rank (A 2-9 10/T J Q K) and a suit (s h d c or ♠ ♥ ♦ ♣), e.g. '7s' or '10h'"


# --- notation -----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7s", Rank.SEVEN, Suit.SPADES),
        ("7S", Rank.SEVEN, Suit.SPADES),
        ("7♠", Rank.SEVEN, Suit.SPADES),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Th", Rank.TEN, Suit.HEARTS),
        ("tH", Rank.TEN, Suit.HEARTS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("Ad", Rank.ACE, Suit.DIAMONDS),
        ("a♦", Rank.ACE, Suit.DIAMONDS),
        ("kc", Rank.KING, Suit.CLUBS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        ("J♤", Rank.JACK, Suit.SPADES),
        ("2♡", Rank.TWO, Suit.HEARTS),
        ("  9d ", Rank.NINE, Suit.DIAMONDS),
        ("7 di coppe", Rank.SEVEN, Suit.HEARTS),
        ("sette di coppe", Rank.SEVEN, Suit.HEARTS),
        ("fante di spade", Rank.JACK, Suit.SPADES),
        ("Cavallo di Denari", Rank.QUEEN, Suit.DIAMONDS),
        ("re di bastoni", Rank.KING, Suit.CLUBS),
        ("asso di spade", Rank.ACE, Suit.SPADES),
    ],
)
def test_parse_card_notations(text: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)
    assert Card.parse(text) is card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Xx", f"unknown card 'Xx': {GENERIC}"),
        ("1s", f"unknown card '1s': {GENERIC}"),
        ("11h", f"unknown card '11h': {GENERIC}"),
        ("7s7h", f"unknown card '7s7h': {GENERIC}"),
        ("", f"unknown card '': {GENERIC}"),
        ("7x", "unknown card '7x': 'x' is not a suit"),
        ("7 di pippo", "unknown card '7 di pippo': cannot read the Italian name"),
        ("otto di re", "unknown card 'otto di re': cannot read the Italian name"),
    ],
)
def test_parse_card_errors_name_the_token(text: str, message: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_parse_card_rejects_non_text() -> None:
    with pytest.raises(CardParseError, match=r"^expected a card as text, got int 7$"):
        parse_card(7)  # type: ignore[arg-type]


def test_parse_cards_lists() -> None:
    expected = (Card.parse("7s"), Card.parse("6h"), Card.parse("Ad"), Card.parse("Kc"))
    assert parse_cards("7s 6h Ad Kc") == expected
    assert parse_cards("7s,6h,Ad,Kc") == expected
    assert parse_cards(" 7s , 6h\tAd,  Kc ") == expected
    assert parse_cards("7♠ 6♥ A♦ K♣") == expected
    assert parse_cards(["7s", "6h", Card.parse("Ad"), "Kc"]) == expected
    assert parse_cards("7 di spade, 6 di coppe asso di denari re di bastoni") == expected
    assert parse_cards("") == ()
    # duplicates are kept: checking them is the caller's business
    assert parse_cards("7s 7s") == (Card.parse("7s"), Card.parse("7s"))


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(CardParseError, match=r"^unknown card 'zz': "):
        parse_cards("7s 6h zz Kc")
    with pytest.raises(CardParseError, match=r"^unknown card '7q': 'q' is not a suit$"):
        parse_cards(["7s", "7q"])


def test_printing() -> None:
    card = Card.parse("10h")
    assert str(card) == "10♥"
    assert card.ascii == "10h"
    assert repr(card) == "Card.parse('10h')"
    assert str(Card.parse("qc")) == "Q♣"
    assert format_cards(parse_cards("7s 6h Ad Kc")) == "7♠ 6♥ A♦ K♣"
    assert format_cards(parse_cards("7s 6h Ad Kc"), ascii=True) == "7s 6h Ad Kc"
    assert str(Suit.CLUBS) == "♣"
    assert str(Rank.ACE) == "A"
    assert [r.label for r in Rank] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                       "Q", "K"]
    assert [s.italian for s in Suit] == ["spade", "coppe", "denari", "bastoni"]


@given(st.sampled_from(ALL_CARDS))
def test_parse_str_round_trips(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert parse_card(card.ascii) is card
    assert parse_card(card.ascii.upper()) is card
    assert eval(repr(card), {"Card": Card}) is card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=8))
def test_parse_format_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(", ".join(c.ascii for c in cards)) == tuple(cards)


# --- the Card value -----------------------------------------------------------------------

def test_cards_are_interned_frozen_values() -> None:
    card = Card(Rank.SEVEN, Suit.SPADES)
    assert card is Card.parse("7s")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == hash(Card.parse("7♠"))
    assert len(set(ALL_CARDS)) == 52
    assert (card.index, card.bit) == (6, 1 << 6)
    assert Card.parse("Kc").index == 51
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX


def test_cards_sort_by_suit_then_rank() -> None:
    assert sorted(parse_cards("Kc 2s Ah As 7s")) == list(parse_cards("As 2s 7s Ah Kc"))


def test_rank_properties() -> None:
    assert [r for r in Rank if r.is_court] == [Rank.JACK, Rank.QUEEN, Rank.KING]
    assert [s.letter for s in Suit] == ["s", "h", "d", "c"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]


# --- point values -------------------------------------------------------------------------

def test_primiera_scale() -> None:
    # docs/rules/cards.md: 7 6 A 5 4 3 2 | K Q J | 10 9 8
    expected = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "K": 10,
                "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8}
    assert {rank.label: points for rank, points in PRIMIERA_POINTS.items()} == expected


# --- packs --------------------------------------------------------------------------------

def test_packs() -> None:
    assert list(PACKS) == ["italian40", "spanish48", "french52"]
    assert (len(ITALIAN40), len(SPANISH48), len(FRENCH52)) == (40, 48, 52)
    assert {c.rank for c in ITALIAN40} == set(Rank) - {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert {c.rank for c in SPANISH48} == set(Rank) - {Rank.TEN}
    assert set(FRENCH52) == set(ALL_CARDS)
    for pack in PACKS.values():
        assert len(set(pack)) == len(pack)
        assert {c.suit for c in pack} == set(Suit)
        assert list(pack.cards) == sorted(pack.cards)
    assert Card.parse("7s") in ITALIAN40
    assert Card.parse("8s") not in ITALIAN40
    assert Card.parse("9s") in SPANISH48
    assert Card.parse("10s") not in SPANISH48
    assert "7s" not in ITALIAN40  # only cards are members
    assert get_pack("spanish48") is SPANISH48
    assert ITALIAN40.cards[:3] == parse_cards("As 2s 3s")


def test_get_pack_unknown() -> None:
    with pytest.raises(InvalidDeckError) as info:
        get_pack("tarot78")
    assert str(info.value) == "unknown pack 'tarot78'; known packs: italian40, spanish48, french52"


def test_pack_check() -> None:
    ITALIAN40.check(parse_cards("7s 6h Ad Kc"))
    with pytest.raises(InvalidDeckError) as info:
        ITALIAN40.check(parse_cards("7s 8h"), "stock")
    assert str(info.value) == "card 8h (8♥) in the stock is not in the italian40 pack"
    with pytest.raises(InvalidDeckError) as info:
        ITALIAN40.check(parse_cards("7s 6h 7s"), "hand")
    assert str(info.value) == "duplicate card 7s (7♠) in the hand"


def test_check_distinct() -> None:
    check_distinct(parse_cards("7s 6h"))
    with pytest.raises(InvalidDeckError, match=r"^duplicate card Kc \(K♣\) in the cards$"):
        check_distinct(parse_cards("Kc 6h Kc"))
