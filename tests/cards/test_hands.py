"""Hand classes, values, rankings and their options, and the golden cases.

Rules: docs/rules/hands.md, docs/rules/figures.md.
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from functools import cache
from math import comb
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
import primero
from conftest import CASES
from primero import (
    ITALIAN40,
    Card,
    Classification,
    HandValue,
    InvalidDeckError,
    RankingMismatchError,
    Variant,
    evaluate,
    get_variant,
    parse_cards,
)

HANDS_TOML: dict[str, Any] = tomllib.loads((CASES / "hands.toml").read_text(encoding="utf-8"))
STANDARD = ("Numerus", "Primero", "Supremus", "Fluxus", "Chorus")

#: docs/rules/figures.md: hands by class, standard ranking with Supremus and Chorus on.
CENSUS = {
    "italian40": {"hands": 91_390, "Chorus": 10, "Fluxus": 840, "Supremus": 120,
                  "Primero": 9_990, "Numerus": 80_430},
    "spanish48": {"hands": 194_580, "Chorus": 12, "Fluxus": 1_980, "Supremus": 144,
                  "Primero": 20_724, "Numerus": 171_720},
    "french52": {"hands": 270_725, "Chorus": 13, "Fluxus": 2_860, "Supremus": 156,
                 "Primero": 28_548, "Numerus": 239_148},
}
#: docs/rules/hands.md: point ranges over italian40 (enumerated).
ITALIAN40_RANGES = {"Numerus": (20, 54), "Primero": (40, 81), "Supremus": (55, 55),
                    "Fluxus": (42, 70), "Chorus": (40, 84)}

#: The option sets every whole-table test runs under (italian40).
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"supremus": False},
    {"chorus": False},
    {"numerus_counts": "all"},
    {"high_primero_beats_fluxus": True},
]


def _pairs(cards: tuple[Card, ...]) -> oracle.Hand:
    return tuple((int(c.rank), int(c.suit)) for c in cards)


def four_cards(pack: tuple[Card, ...] = ITALIAN40.cards) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pack), min_size=4, max_size=4, unique=True)


# --- golden cases: tests/cases/hands.toml ----------------------------------------------

@pytest.mark.parametrize("case", HANDS_TOML["hand"], ids=lambda c: c["cards"])
def test_golden_hand(case: dict[str, str]) -> None:
    value = evaluate(case["cards"])
    assert value.label == case["value"], case["source"]
    hand_class, points = case["value"].split()
    assert (value.hand_class, value.points) == (hand_class, int(points))


@pytest.mark.parametrize("case", HANDS_TOML["compare"], ids=lambda c: c["why"])
def test_golden_compare(case: dict[str, str]) -> None:
    ranking = get_variant().ranking
    better, worse = evaluate(case["better"]), evaluate(case["worse"])
    assert better > worse
    assert worse < better
    assert not better.ties(worse)
    comparison = ranking.compare(better, worse)
    assert (comparison.winner, comparison.step) == (0, "class")
    assert ranking.compare(worse, better).winner == 1
    assert comparison.explain() == (
        f"{better.label} beats {worse.label}: a {better.hand_class} outranks a "
        f"{worse.hand_class}"
    )


def test_golden_files_have_cases() -> None:
    assert len(HANDS_TOML["hand"]) == 15
    assert len(HANDS_TOML["compare"]) == 3


# --- values and explanations --------------------------------------------------------------

def test_hand_value_fields() -> None:
    value = evaluate("7h 6h 5h Kc")
    assert value.hand_class == "Numerus"
    assert value.points == 54
    assert value.counting == parse_cards("7h 6h 5h")
    assert value.cards == parse_cards("5h 6h 7h Kc")  # pack order
    assert value.key == (0, 54)
    assert value.ranking is get_variant().ranking
    assert str(value) == value.label == "Numerus 54"
    assert isinstance(value, HandValue)


@pytest.mark.parametrize(
    ("cards", "explanation"),
    [
        ("7s 6h Ad Kc", "Primero 65: one card of each suit; 7♠ 21 + 6♥ 18 + A♦ 16 + K♣ 10 = 65"),
        ("7h 6h 5h Kc",
         "Numerus 54: only the best suit counts; 7♥ 21 + 6♥ 18 + 5♥ 15 = 54; K♣ not counted"),
        ("7c 6c Kd 2h",
         "Numerus 39: only the best suit counts; 7♣ 21 + 6♣ 18 = 39; 2♥ K♦ not counted"),
        ("Ah 6h 7h 2c",
         "Supremus 55: 7, 6 and A of one suit; 7♥ 6♥ A♥ of one suit = 55; 2♣ not counted"),
        ("7h 6h Ah 5h",
         "Fluxus 70: four cards of one suit; 7♥ 21 + 6♥ 18 + A♥ 16 + 5♥ 15 = 70"),
        ("7s 7h 7d 7c",
         "Chorus 84: four cards of one rank; 7♠ 21 + 7♥ 21 + 7♦ 21 + 7♣ 21 = 84"),
    ],
)
def test_explain(cards: str, explanation: str) -> None:
    assert evaluate(cards).explain() == explanation


def test_compare_steps_and_ties() -> None:
    ranking = get_variant().ranking
    a, b = evaluate("7s 6h Ad Kc"), evaluate("7h 6s Ac Kd")
    tie = ranking.compare(a, b)
    assert (tie.winner, tie.step, tie.explain()) == (None, "tie", "Primero 65 ties Primero 65")
    assert a == b and a.ties(b) and not a < b and not a > b and a <= b and a >= b
    assert hash(a) == hash(b)
    on_points = ranking.compare(a, evaluate("7s 6h Ad 5c"))
    assert (on_points.winner, on_points.step) == (1, "points")
    assert on_points.explain() == "Primero 70 beats Primero 65 on points"


def test_evaluate_accepts_cards_and_variants() -> None:
    cards = parse_cards("7s 6h Ad Kc")
    variant = get_variant("waks")
    assert evaluate(cards).label == "Primero 65"
    assert evaluate(list(cards)).label == "Primero 65"
    assert evaluate(["7s", "6h", "Ad", "Kc"], variant).label == "Primero 65"
    assert evaluate("Ah 6h 7h 2c", variant, supremus=False).label == "Numerus 55"
    assert variant.ranking.evaluate("7s, 6h, Ad, Kc").label == "Primero 65"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("7s 6h Ad Kc 5c", "a hand has exactly 4 cards; got 5: 7♠ 6♥ A♦ K♣ 5♣"),
        ("7s 6h Ad", "a hand has exactly 4 cards; got 3: 7♠ 6♥ A♦"),
        ("", "a hand has exactly 4 cards; got 0: -"),
        ("7s 7s Ad Kc", "duplicate card 7s (7♠) in the hand"),
        ("8s 6h Ad Kc", "card 8s (8♠) in the hand is not in the italian40 pack"),
    ],
)
def test_evaluate_rejects_impossible_hands(cards: str, message: str) -> None:
    with pytest.raises(InvalidDeckError) as info:
        evaluate(cards)
    assert str(info.value) == message


def test_evaluate_reads_a_one_shot_iterator_once() -> None:
    ranking = get_variant("waks").ranking
    # the fast path unpacks its argument: an iterator it used up must still be read whole
    assert ranking.evaluate(t for t in ["7s", "6h", "Ad", "Kc"]).label == "Primero 65"
    assert ranking.evaluate(iter(parse_cards("Ah 6h 7h 2c"))).label == "Supremus 55"
    assert ranking.evaluate(c for c in parse_cards("7s 6h Ad Kc")).label == "Primero 65"
    with pytest.raises(InvalidDeckError) as outside:
        ranking.evaluate(t for t in ["8s", "6h", "Ad", "Kc"])
    assert str(outside.value) == "card 8s (8♠) in the hand is not in the italian40 pack"
    for tokens, held in ((["7s", "6h", "Ad"], "fewer"), (["7s", "6h", "Ad", "Kc", "5c"], "more")):
        with pytest.raises(InvalidDeckError) as info:
            ranking.evaluate(t for t in tokens)
        assert str(info.value) == f"a hand has exactly 4 cards; the iterator given held {held}"


def test_value_of_is_the_table_lookup() -> None:
    ranking = get_variant().ranking
    cards = parse_cards("7s 6h Ad Kc")
    mask = 0
    for card in cards:
        mask |= card.bit
    by_mask, by_cards = ranking.value_of(mask), ranking.evaluate(cards)
    assert (by_mask.index, by_mask.cards, by_mask.label) == (by_cards.index, cards, "Primero 65")
    assert len(ranking.table) == comb(40, 4)
    assert sum(1 for _ in ranking.values()) == comb(40, 4)


# --- the census of docs/rules/figures.md
# --------------------------------------------------------------

@pytest.mark.parametrize("deck", list(CENSUS))
def test_census_rules_11(deck: str) -> None:
    ranking = get_variant("waks", deck=deck).ranking
    expected = dict(CENSUS[deck])
    hands = expected.pop("hands")
    assert ranking.pack.name == deck
    assert ranking.census() == {cls: expected[cls] for cls in STANDARD}
    assert list(ranking.census()) == list(STANDARD)  # weakest first
    assert sum(ranking.census().values()) == hands == comb(len(ranking.pack), 4)
    # an independent oracle: counting formulas over r ranks in four suits
    assert ranking.census() == oracle.census_formula(deck)


def test_census_by_brute_force_oracle_french52() -> None:
    counts = Counter(oracle.classify(hand)[0] for hand in oracle.hands("french52"))
    assert dict(counts) == {cls: CENSUS["french52"][cls] for cls in STANDARD}


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_every_italian40_hand_matches_the_oracle(options: dict[str, Any]) -> None:
    """Class and points of all 91,390 hands, and their order, against the independent oracle."""
    ranking = get_variant("waks", **options).ranking
    flags = {k: v for k, v in options.items() if k != "high_primero_beats_fluxus"}
    high = bool(options.get("high_primero_beats_fluxus", False))
    keys_by_strength: dict[tuple[float, int], set[tuple[int, ...]]] = defaultdict(set)
    for value in ranking.values():
        expected = oracle.classify(_pairs(value.cards), **flags)
        assert (value.hand_class, value.points) == expected, value.cards
        keys_by_strength[oracle.strength(expected, high_primero=high)].add(value.key)
    # equal oracle strength <=> equal key, and keys sort exactly as the oracle's strengths
    assert all(len(keys) == 1 for keys in keys_by_strength.values())
    ordered = [next(iter(keys_by_strength[s])) for s in sorted(keys_by_strength)]
    assert ordered == sorted(ordered)
    assert len(set(ordered)) == len(ordered)


# --- point ranges (docs/rules/hands.md, docs/rules/roman.md)
# ------------------------------------------------------------

def test_points_ranges_italian40() -> None:
    assert get_variant().ranking.points_range() == ITALIAN40_RANGES


def test_points_ranges_french52_without_supremus() -> None:
    # docs/rules/roman.md (Zorli's Berni): four of a kind 32–84, flush 37–70, primero 33–81, point
    # 17–55
    ranking = get_variant("waks", deck="french52", supremus=False).ranking
    assert ranking.points_range() == {"Numerus": (17, 55), "Primero": (33, 81),
                                      "Fluxus": (37, 70), "Chorus": (32, 84)}


def test_chorus_points_italian40() -> None:
    # docs/rules/cardano.md: over italian40 a Chorus can only be 40, 48, 52, 56, 60, 64, 72 or 84
    points = {v.points for v in get_variant().ranking.values() if v.hand_class == "Chorus"}
    assert points == {40, 48, 52, 56, 60, 64, 72, 84}


# --- ranking options -------------------------------------------------------------------------

def test_supremus_off() -> None:
    variant = get_variant("waks", supremus=False)
    assert variant.ranking.classes == ("Numerus", "Primero", "Fluxus", "Chorus")
    assert variant.ranking.evaluate("7s 6s As Kc").label == "Numerus 55"
    assert variant.ranking.evaluate("7h 6h Ah 5h").label == "Fluxus 70"
    census = variant.ranking.census()
    assert census == {"Numerus": 80_550, "Primero": 9_990, "Fluxus": 840, "Chorus": 10}


def test_chorus_off() -> None:
    variant = get_variant("waks", chorus=False)
    assert variant.ranking.classes == ("Numerus", "Primero", "Supremus", "Fluxus")
    assert variant.ranking.evaluate("Ks Kh Kd Kc").label == "Primero 40"
    assert variant.ranking.evaluate("7s 7h 7d 7c").label == "Primero 84"
    assert variant.ranking.census() == {"Numerus": 80_430, "Primero": 10_000,
                                        "Supremus": 120, "Fluxus": 840}
    assert variant.ranking.points_range()["Primero"] == (40, 84)


def test_numerus_counts_all() -> None:
    variant = get_variant("waks", numerus_counts="all")
    assert variant.ranking.evaluate("7h 6h 5h Kc").label == "Numerus 64"
    assert variant.ranking.evaluate("7c 6c Kd 2h").label == "Numerus 61"
    assert variant.ranking.evaluate("7c 6c Kd 2h").counting == parse_cards("7c 6c 2h Kd")
    assert variant.ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"
    assert variant.ranking.points_range()["Numerus"] == (40, 81)


def test_high_primero_beats_fluxus() -> None:
    variant = get_variant("waks", high_primero_beats_fluxus=True)
    ranking = variant.ranking
    primero_81, primero_79 = ranking.evaluate("7s 7h 7d 6c"), ranking.evaluate("7s 7h 7d Ac")
    primero_78 = ranking.evaluate("7s 7h 6d 6c")
    best_fluxus, weakest_fluxus = ranking.evaluate("7h 6h Ah 5h"), ranking.evaluate("Jd Qd Kd 2d")
    weakest_chorus = ranking.evaluate("Ks Kh Kd Kc")
    assert (primero_79.label, primero_78.label) == ("Primero 79", "Primero 78")
    assert primero_81 > best_fluxus
    assert primero_79 > best_fluxus
    assert primero_78 < weakest_fluxus
    assert primero_81 < weakest_chorus
    assert primero_81 > primero_79
    assert ranking.compare(primero_79, best_fluxus).step == "class"
    # the default ranking keeps every Fluxus above every Primero
    assert evaluate("7s 7h 7d 6c") < evaluate("Jd Qd Kd 2d")


def test_values_of_different_rankings_refuse_to_compare() -> None:
    default = evaluate("7s 6h Ad Kc")
    other = evaluate("7s 6h Ad Kc", supremus=False)
    assert other.label == default.label
    for op in ("__lt__", "__le__", "__gt__", "__ge__", "ties"):
        with pytest.raises(RankingMismatchError) as info:
            getattr(default, op)(other)
        assert str(info.value) == (
            "cannot compare hand values of different rankings: waks and waks (supremus=false)"
        )
    with pytest.raises(RankingMismatchError) as info:
        get_variant("waks", supremus=False).ranking.compare(default, default)
    assert str(info.value) == (
        "hand value of ranking waks given to ranking waks (supremus=false)"
    )
    with pytest.raises(TypeError, match=r"^cannot compare a hand value with int$"):
        _ = default < 1
    assert (default == 1) is False
    assert isinstance(info.value, TypeError)


def test_rankings_are_cached_per_configuration() -> None:
    assert get_variant("waks").ranking is get_variant("WAKS").ranking
    assert get_variant("waks", supremus=True).ranking is get_variant("english").ranking
    assert get_variant("waks", supremus=False).ranking is not get_variant("waks").ranking
    first, second = evaluate("7s 6h Ad Kc"), evaluate("Kc Ad 6h 7s")
    assert first.ranking is second.ranking and first.index == second.index


def test_classification_value() -> None:
    c = Classification("Primero", 65, parse_cards("7s 6h Ad Kc"))
    assert c == Classification("Primero", 65, parse_cards("7s 6h Ad Kc"))


# --- properties ------------------------------------------------------------------------------

@given(four_cards(), st.randoms(use_true_random=False))
def test_order_independence(cards: list[Card], rnd: Any) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a, b = evaluate(cards), evaluate(" ".join(c.ascii for c in shuffled))
    assert (a.index, a.cards, a.key) == (b.index, b.cards, b.key)
    assert a.label == b.label and a.counting == b.counting and a.key == b.key


@given(four_cards())
def test_primero_has_four_suits_fluxus_one(cards: list[Card]) -> None:
    value = evaluate(cards)
    suits = {c.suit for c in cards}
    if value.hand_class in ("Primero", "Chorus"):
        assert len(suits) == 4
    if value.hand_class == "Fluxus":
        assert len(suits) == 1
    if len(suits) == 1:
        assert value.hand_class == "Fluxus"


@given(four_cards())
def test_points_inside_the_class_range(cards: list[Card]) -> None:
    value = evaluate(cards)
    low, high = ITALIAN40_RANGES[value.hand_class]
    assert low <= value.points <= high
    assert set(value.counting) <= set(cards)
    assert value.points == (55 if value.hand_class == "Supremus"
                            else sum(value.ranking.points[c] for c in value.counting))


@cache
def _ranges(deck: str) -> dict[str, tuple[int, int]]:
    return get_variant("waks", deck=deck).ranking.points_range()


@given(st.sampled_from(list(primero.PACKS)), st.data())
def test_points_inside_the_enumerated_range_every_pack(deck: str, data: st.DataObject) -> None:
    ranking = get_variant("waks", deck=deck).ranking
    value = ranking.evaluate(data.draw(four_cards(ranking.pack.cards)))
    low, high = _ranges(deck)[value.hand_class]
    assert low <= value.points <= high
    assert _ranges("italian40") == ITALIAN40_RANGES


@given(four_cards(), four_cards(), four_cards(), st.sampled_from(OPTION_SETS))
def test_total_order(x: list[Card], y: list[Card], z: list[Card],
                     options: dict[str, Any]) -> None:
    ranking = get_variant("waks", **options).ranking
    a, b, c = ranking.evaluate(x), ranking.evaluate(y), ranking.evaluate(z)
    # exactly one of <, ==, >
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a <= b) == (not a > b)
    assert (a >= b) == (not a < b)
    assert (a != b) == (not a.ties(b))
    assert (a < b) == (b > a)
    if a <= b and b <= c:
        assert a <= c
    comparison = ranking.compare(a, b)
    assert comparison.winner == (None if a == b else 0 if a > b else 1)
    assert (comparison.step == "tie") == (a == b)


@given(four_cards())
def test_variant_pack_refuses_foreign_cards(cards: list[Card]) -> None:
    variant: Variant = get_variant()
    assert variant.pack is ITALIAN40
    assert all(c in variant.pack for c in cards)


def test_wrong_types_raise_primero_errors() -> None:
    with pytest.raises(primero.CardParseError, match="got NoneType"):
        primero.evaluate(None)  # type: ignore[arg-type]
    with pytest.raises(primero.UnknownVariantError, match="got NoneType"):
        primero.evaluate("7s 6h Ad Kc", None)  # type: ignore[arg-type]


def test_numerus_counting_all_cards_explains_itself() -> None:
    value = primero.evaluate("7c 6c Kd 2h", numerus_counts="all")
    assert value.explain() == (
        "Numerus 61: all four cards count; 7♣ 21 + 6♣ 18 + 2♥ 12 + K♦ 10 = 61")


def test_fast_values_behave_as_hand_values() -> None:
    """Evaluate's values are of the ranking's value class; nothing else changes."""
    import copy
    import pickle

    from primero import HandValue, get_variant, parse_cards

    ranking = get_variant("waks").ranking
    fast = ranking.evaluate(parse_cards("7s 6h Ad Kc"))
    slow = HandValue(ranking=ranking, index=fast.index)
    assert isinstance(fast, HandValue)
    assert type(fast) is ranking.value_type() and type(fast).__name__ == "HandValue"
    assert fast.ranking is ranking and fast.label == "Primero 65" and fast.key == (2, 65)
    assert fast == slow and not fast < slow and hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == fast
    assert copy.deepcopy(fast) is fast
    with pytest.raises(AttributeError):
        fast._ranking = get_variant("losing").ranking  # type: ignore[misc]


@pytest.mark.parametrize(
    "make",
    [list, tuple, set, frozenset, iter, dict.fromkeys, lambda cards: (c for c in cards),
     lambda cards: [c.ascii for c in cards], lambda cards: (c.ascii for c in cards)],
    ids=["list", "tuple", "set", "frozenset", "iterator", "dict", "generator", "texts",
         "text-generator"],
)
def test_evaluate_gives_the_same_value_for_any_iterable_of_the_cards(make: Any) -> None:
    cards = parse_cards("Ah 6h 7h 2c")
    ranking = get_variant("waks").ranking
    assert ranking.evaluate(make(cards)).label == "Supremus 55"
    assert primero.evaluate(make(cards)).label == "Supremus 55"


@pytest.mark.parametrize(
    ("tokens", "message"),
    [("7s 7s Ad Kc", "duplicate card 7s (7♠) in the hand"),
     ("8s 6h Ad Kc", "card 8s (8♠) in the hand is not in the italian40 pack")],
)
def test_evaluate_of_a_used_up_iterator_names_the_duplicate_or_foreign_card(
        tokens: str, message: str) -> None:
    ranking = get_variant("waks").ranking
    for cards in (iter(parse_cards(tokens)), (c for c in parse_cards(tokens))):
        with pytest.raises(InvalidDeckError) as info:
            ranking.evaluate(cards)
        assert str(info.value) == message


@pytest.mark.parametrize(
    ("cards", "message"),
    [(None, "got NoneType None"), (5, "got int 5"), (1.5, "got float 1.5"),
     (b"7s 6h Ad Kc", "got bytes (decode it to text first)"),
     (bytearray(b"7s 6h Ad Kc"), "got bytearray (decode it to text first)")],
)
def test_evaluate_refuses_what_is_not_text_or_an_iterable_of_cards(
        cards: object, message: str) -> None:
    expected = ("cards must be text like '7s 6h Ad Kc' or an iterable of cards, "
                + message)
    for evaluate_ in (get_variant("waks").ranking.evaluate, primero.evaluate):
        with pytest.raises(primero.CardParseError) as info:
            evaluate_(cards)  # type: ignore[arg-type]
        assert str(info.value) == expected
