"""Regression tests for what a new user found when trying to break primero (lead's part)."""

from __future__ import annotations

import pytest

import primero
from primero.engine import MAX_BET_SIZES, start_deal


def test_a_huge_rest_is_refused_before_any_deal() -> None:
    with pytest.raises(primero.PrimeroError, match="rest 1000000 is too far above the stake 1"):
        start_deal("waks", ["A", "B"], 50, seed=1, rest=10**6)
    with pytest.raises(primero.PrimeroError, match="too far above"):
        start_deal("waks", ["A", "B"], 50, seed=1, rest=2**70)
    assert start_deal("waks", ["A", "B"], 50, seed=1, rest=MAX_BET_SIZES).table.rest == 1000


def test_an_ante_for_a_variant_without_one_is_refused() -> None:
    with pytest.raises(primero.PrimeroError, match="waks has no ante: ante must be 0, got 5"):
        start_deal("waks", ["A", "B"], 50, seed=1, ante=5)
    assert start_deal("revival", ["A", "B"], 50, seed=1, ante=5).pot == 10


def test_start_deal_takes_a_variant_name_but_not_players_as_text() -> None:
    assert start_deal("cardano", ["A", "B"], 9, seed=2).variant.name == "cardano"
    with pytest.raises(primero.PrimeroError, match="players must be a list of names"):
        start_deal("waks", "AB", 9, seed=2)
    with pytest.raises(primero.PrimeroError, match="seed must be a whole number, got 'abc'"):
        start_deal("waks", ["A", "B"], 9, seed="abc")  # type: ignore[arg-type]


def test_apply_accepts_the_deal_file_form_with_the_player_first() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 50, seed=1)
    assert state.apply("Anna vie 2") == state.apply("vie 2")
    with pytest.raises(primero.IllegalActionError, match="it is Anna's turn, not Ben's"):
        state.apply("Ben vie 2")


@pytest.mark.parametrize(("text", "message"), [
    ("hold raise 0", "a raise is at least 1 chip"),
    ("vie 0", "a vie is at least 1 chip"),
    ("vie -2", "a vie is at least 1 chip"),
])
def test_zero_and_negative_amounts_do_not_parse(text: str, message: str) -> None:
    with pytest.raises(primero.IllegalActionError, match=message):
        primero.parse_action(text)


def test_the_rest_is_named_before_the_chips_for_a_too_large_vie() -> None:
    state = start_deal("waks", ["You", "Ben"], 50, seed=1)
    with pytest.raises(primero.IllegalActionError) as caught:
        state.apply("vie 99")
    assert caught.value.reason == "a bet or raise is at most the rest (3)"


def test_an_exchange_naming_a_card_twice_says_so() -> None:
    state = start_deal("waks", ["A", "B"], 50, seed=1)
    state = state.apply("pass").apply("pass")            # round 1 ends: the exchange
    card = state.seats[0].hand[0].ascii
    with pytest.raises(primero.IllegalActionError) as caught:
        state.apply(f"exchange {card} {card}")
    assert caught.value.reason == f"a card can be discarded only once: {card} given twice"


def test_wrong_types_raise_primero_errors() -> None:
    with pytest.raises(primero.CardParseError, match="got NoneType"):
        primero.evaluate(None)  # type: ignore[arg-type]
    with pytest.raises(primero.UnknownVariantError, match="got NoneType"):
        primero.evaluate("7s 6h Ad Kc", None)  # type: ignore[arg-type]


def test_numerus_counting_all_cards_explains_itself() -> None:
    value = primero.evaluate("7c 6c Kd 2h", numerus_counts="all")
    assert value.explain() == (
        "Numerus 61: all four cards count; 7♣ 21 + 6♣ 18 + 2♥ 12 + K♦ 10 = 61")


@pytest.mark.parametrize(("text", "expected"), [("0", False), ("1", True), ("no", False)])
def test_boolean_options_read_0_and_1(text: str, expected: bool) -> None:
    assert primero.get_variant("waks", supremus=text).option("supremus") is expected
