"""Bad input to ``Ranking.evaluate_many`` / ``index_many`` / ``value_at`` / ``cards_at``.

Every case is run both ways: with the compiled batch (where it is built) and with
``PRIMERO_NO_NATIVE=1`` (the numpy path); the messages are written out in full and must be
the same both ways. Expected hands and cards are worked by hand from the italian40 pack's
order (spades first, A 2 3 4 5 6 7 J Q K, then hearts, diamonds, clubs: dense index 5 is the
six of spades) and the colex order of hands (index 0 is the four lowest cards).
"""

from __future__ import annotations

import array
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from primero import CardParseError, InvalidDeckError, get_variant
from primero.cards import parse_cards
from primero.hands import Ranking

SHAPE = "an (N, 4) integer array of pack indices or a sequence of hands"
INTEGERS = ("pack indices go in an (N, 4) numpy integer array (np.asarray(hands)); a hand in "
            "a sequence is cards or card text")
#: four hands as dense italian40 indices, and the same hands as text (worked by hand)
BASE = np.array([[0, 1, 2, 3], [10, 20, 30, 39], [5, 15, 25, 35], [0, 10, 20, 30]])
BASE_TEXT = ["As 2s 3s 4s", "Ah Ad Ac Kc", "6s 6h 6d 6c", "As Ah Ad Ac"]


@pytest.fixture(params=["compiled", "numpy"])
def ranking(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Ranking]:
    """The waks ranking, its batches read the compiled way (where built) or the numpy way."""
    if request.param == "numpy":
        monkeypatch.setenv("PRIMERO_NO_NATIVE", "1")
    else:
        monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    yield get_variant("waks").ranking


def refused(call: Any, *args: Any, error: type[Exception] = InvalidDeckError) -> str:
    """The message of the ``error`` that ``call(*args)`` raises."""
    with pytest.raises(error) as info:
        call(*args)
    assert type(info.value) is error
    return str(info.value)


def by_text(ranking: Ranking, hands: list[str]) -> list[int]:
    return [ranking.evaluate(parse_cards(hand)).strength for hand in hands]


# the container ---------------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # np.matrix itself warns
def test_a_matrix_of_hands_gives_one_strength_per_hand(ranking: Ranking) -> None:
    shown = [" ".join(ranking.pack.ordered[i].ascii for i in row) for row in BASE.tolist()]
    assert shown == BASE_TEXT
    strengths = ranking.evaluate_many(np.matrix(BASE))
    assert type(strengths) is np.ndarray and strengths.shape == (4,)
    assert strengths.tolist() == by_text(ranking, BASE_TEXT)
    one = ranking.evaluate_many(np.matrix(BASE[:1]))
    assert one.shape == (1,) and one.tolist() == by_text(ranking, BASE_TEXT[:1])
    indices = ranking.index_many(np.matrix(BASE))
    assert indices.shape == (4,) and indices[0] == 0  # the four lowest cards: colex index 0


@pytest.mark.parametrize(("hands", "kind"), [
    (BASE.data, "a memoryview"),  # the array's own memoryview
    (b"\x00\x01\x02\x03", "a bytes"),
    (array.array("b", [0, 1, 2, 3]), "an array"),
])
def test_a_buffer_that_is_not_a_numpy_array_is_refused(ranking: Ranking, hands: object,
                                                       kind: str) -> None:
    expected = (f"{SHAPE}; got {kind}, a buffer that is not a numpy array: "
                "pass np.asarray(hands)")
    assert refused(ranking.evaluate_many, hands) == f"evaluate_many takes {expected}"
    assert refused(ranking.index_many, hands) == f"index_many takes {expected}"


@pytest.mark.parametrize(("hands", "reason"), [
    ({"7s 6h Ad Kc", "7h 6h 5h Kc"},
     "a set, which has no order to match the results to: pass a list"),
    (frozenset({"7s 6h Ad Kc"}),
     "a frozenset, which has no order to match the results to: pass a list"),
    ({"7s 6h Ad Kc": 1}.keys(),
     "a dict_keys, which has no order to match the results to: pass a list"),
    ({"7s 6h Ad Kc": 1},
     "a dict, whose iteration gives its keys: pass a list of hands (list(hands.values()))"),
    ({"a": "7s 6h Ad Kc"},
     "a dict, whose iteration gives its keys: pass a list of hands (list(hands.values()))"),
])
def test_a_set_or_a_mapping_of_hands_is_refused(ranking: Ranking, hands: object,
                                                reason: str) -> None:
    assert refused(ranking.evaluate_many, hands) == f"evaluate_many takes {SHAPE}; got {reason}"


# the rows of an array ----------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64])
def test_an_index_outside_the_pack_names_the_hand(ranking: Ranking, dtype: type) -> None:
    hands: Any = np.tile(np.array([[0, 1, 2, 3]]), (1000, 1)).astype(dtype)
    hands[777, 3] = 40
    assert refused(ranking.evaluate_many, hands) == (
        "hand 777 of evaluate_many: card index 40 is outside the italian40 pack (0..39)")


def test_a_negative_index_names_the_hand(ranking: Ranking) -> None:
    hands = np.tile(np.array([[0, 1, 2, 3]], dtype=np.int16), (50, 1))
    hands[49] = [4, -3, 7, 8]
    assert refused(ranking.evaluate_many, hands) == (
        "hand 49 of evaluate_many: card index -3 is outside the italian40 pack (0..39)")


def test_an_index_past_two_to_the_63_is_shown_whole(ranking: Ranking) -> None:
    hands = np.array([[0, 1, 2, 3], [0, 1, 2, 2**64 - 1]], dtype=np.uint64)
    assert refused(ranking.evaluate_many, hands) == (
        "hand 1 of evaluate_many: card index 18446744073709551615 is outside the italian40 "
        "pack (0..39)")


def test_a_card_twice_names_the_hand_and_the_card(ranking: Ranking) -> None:
    hands = np.tile(np.array([[0, 1, 2, 3]]), (2000, 1))
    hands[1234] = [5, 9, 5, 3]  # 5: the six of spades
    assert refused(ranking.evaluate_many, hands) == (
        "hand 1234 of evaluate_many: duplicate card 6s (6♠) in the hand")


def test_the_first_wrong_hand_is_named_whatever_its_fault(ranking: Ranking) -> None:
    hands = np.tile(np.array([[0, 1, 2, 3]]), (20, 1))
    hands[15] = [0, 1, 2, 40]
    hands[9] = [39, 11, 39, 11]  # the king of clubs and the two of hearts twice: first seen K
    assert refused(ranking.evaluate_many, hands) == (
        "hand 9 of evaluate_many: duplicate card Kc (K♣) in the hand")
    hands[3] = [0, 1, -1, 3]
    assert refused(ranking.evaluate_many, hands) == (
        "hand 3 of evaluate_many: card index -1 is outside the italian40 pack (0..39)")


def test_index_many_names_itself(ranking: Ranking) -> None:
    assert refused(ranking.index_many, np.array([[0, 0, 1, 2]])) == (
        "hand 0 of index_many: duplicate card As (A♠) in the hand")
    assert refused(ranking.index_many, np.array([0, 1, 2, 3])) == (
        "index_many takes an (N, 4) integer array of pack indices; got shape (4,) of int64")
    assert refused(ranking.index_many, np.ma.masked_array(BASE)) == (
        "index_many takes no masked array: drop the masked hands first "
        "(hands[~hands.mask.any(axis=1)])")
    assert refused(ranking.index_many, ["7s 6h Ad"]) == (
        "hand 0 of index_many has 3 cards, not 4: 7♠ 6♥ A♦")


# the hands of a sequence -------------------------------------------------------------------

def test_a_card_twice_in_a_sequence_names_the_hand(ranking: Ranking) -> None:
    assert refused(ranking.evaluate_many, ["7s 6h Ad Kc", "7s 7s Ad Kc"]) == (
        "hand 1 of evaluate_many: duplicate card 7s (7♠) in the hand")


def test_a_card_outside_the_pack_in_a_sequence_names_the_hand(ranking: Ranking) -> None:
    assert refused(ranking.evaluate_many, ["7s 6h Ad Kc", "7s 6h Ad Kc", "7s 8s Ad Kc"]) == (
        "hand 2 of evaluate_many: card 8s (8♠) in the hand is not in the italian40 pack")


def test_an_unknown_card_in_a_sequence_names_the_hand(ranking: Ranking) -> None:
    message = refused(ranking.index_many, ["7s 6h Ad Kc", "7s Zz Ad Kc"], error=CardParseError)
    assert message == (
        "hand 1 of index_many: unknown card 'Zz': expected a rank (A 2-9 10/T J Q K) and a "
        "suit (s h d c or ♠ ♥ ♦ ♣), e.g. '7s' or '10h' (card 2 of 4 in the list)")


@pytest.mark.parametrize(("hand", "kind"), [
    (np.array([0, 1, 2, 3]), "a ndarray"),
    (np.array([0, 1, 2, 3], dtype=np.uint8), "a ndarray"),
    ([0, 1, 2, 3], "a list"),
    ((np.int64(0), 1, 2, 3), "a tuple"),
])
def test_a_row_of_integers_in_a_sequence_points_to_an_array(ranking: Ranking, hand: object,
                                                            kind: str) -> None:
    assert refused(ranking.evaluate_many, ["7s 6h Ad Kc", hand]) == (
        f"hand 1 of evaluate_many is {kind} of integers: {INTEGERS}")


def test_hands_of_text_in_an_array_are_still_hands(ranking: Ranking) -> None:
    hands = [np.array(text.split()) for text in BASE_TEXT]
    assert ranking.evaluate_many(hands).tolist() == by_text(ranking, BASE_TEXT)


# one hand by its table index ---------------------------------------------------------------

def test_a_numpy_integer_is_a_table_index(ranking: Ranking) -> None:
    value = ranking.value_at(np.int64(5))
    assert value.index == 5 and type(value.index) is int
    assert value == ranking.value_at(5)
    assert ranking.cards_at(np.uint8(0)) == parse_cards("As 2s 3s 4s")
    assert ranking.classification_at(np.int32(0)) == ranking.classification_at(0)


@pytest.mark.parametrize("index", [True, False, np.True_, 5.0, "5"])
def test_a_table_index_that_is_not_a_whole_number_is_refused(ranking: Ranking,
                                                              index: object) -> None:
    expected = (f"hand index {index!r} is not a whole number: ranking waks's table holds "
                "hands 0..91389")  # C(40, 4) = 91,390 hands
    assert refused(ranking.value_at, index) == expected
    assert refused(ranking.cards_at, index) == expected
    assert refused(ranking.classification_at, index) == expected


@pytest.mark.parametrize(("index", "shown"), [(-1, "-1"), (91390, "91390"),
                                              (np.int64(-2), "-2"), (2**70, str(2**70))])
def test_a_table_index_outside_the_table_is_refused(ranking: Ranking, index: object,
                                                    shown: str) -> None:
    expected = f"hand index {shown} is outside ranking waks's table (0..91389)"
    assert refused(ranking.value_at, index) == expected
    assert refused(ranking.cards_at, index) == expected
    assert refused(ranking.classification_at, index) == expected
