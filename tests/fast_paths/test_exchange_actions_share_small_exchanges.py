"""The exchanges of up to two cards are shared values between hands; those of three or four new.

:func:`primero.actions.exchange_actions` finds a four-card hand's exchanges of one or two cards
by their cards' indices, one shared object per set of cards, and makes those of three and four
cards anew, from the hand sorted once. A hand holding a card twice (no legal deal gives one)
takes the table's way, with the same answer as the plain enumeration.
"""

from __future__ import annotations

from itertools import combinations

from primero.actions import Exchange, exchange_actions
from primero.cards import Card, parse_cards


def _plain(hand: tuple[Card, ...]) -> tuple[Exchange, ...]:
    return tuple(Exchange(tuple(sorted(subset, key=lambda card: card.index)))
                 for k in range(len(hand) + 1) for subset in combinations(hand, k))


def test_two_hands_share_the_exchanges_of_their_common_cards_up_to_two() -> None:
    first = exchange_actions.__wrapped__(parse_cards("7s 6h Ad Kc"))
    second = exchange_actions.__wrapped__(parse_cards("Ad 2c 7s 6h"))
    # 7s 6h Ad: subset (0, 1, 2) of the first hand, (0, 2, 3) of the second: equal, not shared
    assert str(first[11]) == str(second[13]) == "exchange 7s 6h Ad"
    assert first[11] == second[13]
    assert first[11] is not second[13]
    assert first[1] is second[3]  # 7s
    assert first[0] is second[0]  # standing pat
    assert first[5] is second[10]  # 7s 6h: (0, 1) of the first, (2, 3) of the second
    assert str(first[5]) == "exchange 7s 6h"
    assert first[15] == Exchange(parse_cards("7s 6h Ad Kc"))
    assert first[15] is not exchange_actions.__wrapped__(parse_cards("7s 6h Ad Kc"))[15]


def test_a_hand_holding_a_card_twice_lists_the_plain_exchanges() -> None:
    hand = parse_cards("7s 6h 7s Kc")
    assert exchange_actions.__wrapped__(hand) == _plain(hand)
    assert len(exchange_actions.__wrapped__(hand)) == 16


def test_a_hand_of_two_lists_four_exchanges_all_shared_with_other_hands() -> None:
    two = exchange_actions.__wrapped__(parse_cards("6h 7s"))
    # hand-worked: standing pat, each card as held, then both in pack order (spades first)
    assert [str(a) for a in two] == ["exchange", "exchange 6h", "exchange 7s",
                                     "exchange 7s 6h"]
    four = exchange_actions.__wrapped__(parse_cards("7s 6h Ad Kc"))
    assert two[0] is four[0]
    assert two[1] is four[2]  # 6h
    assert two[2] is four[1]  # 7s
    assert two[3] is four[5]  # 7s 6h
    assert two == _plain(parse_cards("6h 7s"))
