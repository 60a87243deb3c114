"""Roman 52-card Primero (docs/rules/roman.md): the pack, the census, the CLI, a worked deal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from independent import HERE, as_pairs, census, check_deal_file, point_ranges, table

import primero
from primero import Classification, Rank
from primero.cli.core import app
from primero.deal.engine import start_deal
from primero.errors import IllegalActionError, InvalidDeckError
from primero.records import load_record, replay
from primero.variants.roman import ROMAN, ROMAN_NAMES, RomanRules
from primero.variants.waks import WAKS

#: The census the issue and docs/rules/roman.md/§11 give for the Roman ranking (Supremus off).
ROMAN_CENSUS = {"Chorus": 13, "Fluxus": 2_860, "Primero": 28_548, "Numerus": 239_304}
#: docs/rules/roman.md: point ranges over french52.
ROMAN_RANGES = {"Chorus": (32, 84), "Fluxus": (37, 70), "Primero": (33, 81),
                "Numerus": (17, 55)}


@pytest.fixture(scope="module")
def roman() -> primero.Variant:
    return primero.get_variant("roman")


def test_registered_with_sources() -> None:
    spec = primero.registry().spec("roman")
    assert spec.title.startswith("Roman 52-card Primero")
    assert any(s.startswith("[ZOR-B]") for s in spec.sources)
    assert any(s.startswith("[seed-DE]") for s in spec.sources)
    assert spec.players == WAKS.players
    # a built-in plug-in overriding only the pack hook
    assert len(spec.plugins) == 1 and isinstance(spec.plugins[0], RomanRules)
    hooks = {name for name in dir(RomanRules) if name.startswith("primero_")}
    assert hooks == {"primero_pack"}
    for name in ROMAN_NAMES.values():  # Berni's names of the hands are in the rules text
        assert name in spec.summary


def test_options_supremus_off_ties_to_eldest(roman: primero.Variant) -> None:
    assert roman.options["supremus"] is False
    assert roman.options["chorus"] is True
    assert roman.options["tie"] == "eldest"
    assert "deck" not in roman.options  # the pack is the variant's, not a house rule
    assert ROMAN.option("supremus").default is False


def test_pack_and_points(roman: primero.Variant) -> None:
    assert roman.pack.name == "french52"
    assert len(roman.pack) == 52
    points = roman.ranking.points
    for card in roman.pack:
        if card.rank in (Rank.EIGHT, Rank.NINE, Rank.TEN):
            assert points[card] == int(card.rank)  # 8/9/10 worth 8/9/10 [ZOR-B]
    assert {points[c] for c in roman.pack if c.rank is Rank.SEVEN} == {21}


def test_census_literal_and_enumerated(roman: primero.Variant) -> None:
    assert roman.ranking.census() == ROMAN_CENSUS
    assert census("french52", supremus=False) == ROMAN_CENSUS
    assert roman.ranking.points_range() == ROMAN_RANGES
    assert point_ranges("french52", supremus=False) == ROMAN_RANGES


def test_every_hand_matches_the_oracle(roman: primero.Variant) -> None:
    oracle = table("french52", supremus=False)
    library = {as_pairs(v.cards): (v.hand_class, v.points) for v in roman.ranking.values()}
    assert len(library) == len(oracle) == 270_725
    assert library == oracle


def test_supremus_option(roman: primero.Variant) -> None:
    # One hand through the classification hook (a whole second 52-card table is not needed:
    # the census with Supremus on is docs/rules/figures.md's french52 row, checked in test_cli.py).
    with_supremus = roman.with_options(supremus=True)
    cards = primero.parse_cards("7s 6s As 8h")
    points = {card: with_supremus.rules.card_points(card) for card in cards}
    hook = with_supremus.rules.manager.hook
    assert hook.primero_classify_hand(variant=with_supremus, cards=cards, points=points) \
        == Classification("Supremus", 55, primero.parse_cards("7s 6s As"))
    assert "Supremus" in hook.primero_hand_classes(variant=with_supremus)
    assert "Supremus" not in roman.ranking.classes
    assert roman.ranking.evaluate("7s 6s As 8h").label == "Numerus 55"


@pytest.mark.parametrize(
    ("cards", "label"),
    [
        ("8s 8h 8d 8c", "Chorus 32"),     # the lowest four of a kind
        ("8s 9s 10s Js", "Fluxus 37"),    # the lowest flush
        ("8s 8h 8d 9c", "Primero 33"),    # the lowest primero
        ("8s 9s 8h 10d", "Numerus 17"),   # the lowest point: 8 + 9 of spades
        ("10s 9h 8d 7c", "Primero 48"),   # 10 + 9 + 8 + 21
        ("7s 6s As 10h", "Numerus 55"),   # no Supremus in Berni's list
    ],
)
def test_hands_with_eights_nines_tens(roman: primero.Variant, cards: str, label: str) -> None:
    assert roman.ranking.evaluate(cards).label == label


def _frequencies(*args: str) -> Any:
    result = CliRunner().invoke(app, ["frequencies", *args, "--json"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_cli_frequencies_roman() -> None:
    data = _frequencies("--variant", "roman")
    assert data["variant"] == "roman"
    assert data["pack"] == "french52"
    assert data["hands"] == 270_725
    assert data["classes"] == census("french52", supremus=False) == ROMAN_CENSUS
    assert list(data["classes"]) == ["Chorus", "Fluxus", "Primero", "Numerus"]
    assert {k: tuple(v) for k, v in data["points"].items()} == ROMAN_RANGES


# --- a worked deal -----------------------------------------------------------------------------

def test_deal_decided_by_ten_against_nine() -> None:
    state = check_deal_file("roman_ten_beats_nine.toml")
    ranking = state.variant.ranking
    anna, ben = (state.value(state.seat_of(p)) for p in ("Anna", "Ben"))
    comparison = ranking.compare(anna, ben)
    assert comparison.winner == 0 and comparison.step == "points"


def test_deal_keeps_waks_must_hold() -> None:
    record = load_record(HERE / "roman_ten_beats_nine.toml")
    before = replay(record, stop_after=3)  # Anna pass, Ben vie 1, Carla fold
    assert before.seats[before.to_act or 0].name == "Anna"
    for text in ("pass", "fold"):
        with pytest.raises(IllegalActionError, match="must hold"):
            before.apply(text)
    assert before == replay(record, stop_after=3)


def test_stock_must_be_the_whole_52_card_pack(roman: primero.Variant) -> None:
    forty = [c for c in roman.pack if c.rank not in (Rank.EIGHT, Rank.NINE, Rank.TEN)]
    with pytest.raises(InvalidDeckError, match="missing 8s 9s 10s"):
        start_deal(roman, ["Anna", "Ben"], 10, stock=forty)
