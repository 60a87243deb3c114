"""The JSON Schema of deal files, records, hand values, settlements and replay results.

The other ``--json`` answers are checked in ``test_json_schema_results.py``.

What the library writes validates against ``primero.json_schema.schema(kind)``; broken
documents do not; and the schema's deal-file keys are the keys docs/reference/deal-files.md
lists (an independent list, not the library's).
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from typing import Any

import jsonschema
import pytest

from cli_helpers import ok
from conftest import CASES, ROOT
from primero import PrimeroError, RecordError, evaluate, get_variant, start_deal
from primero.deal.state import GameState
from primero.json_schema import FORMAT, KINDS, schema
from primero.records import (
    load_record,
    record_data,
    record_from_data,
    record_from_state,
    replay,
)
from primero.serialize import settlement_from_dict, to_dict


def _valid(data: Any, kind: str) -> None:
    jsonschema.validate(json.loads(json.dumps(data)), schema(kind),
                        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def _invalid(data: Any, kind: str) -> str:
    with pytest.raises(jsonschema.ValidationError) as info:
        _valid(data, kind)
    return info.value.message


def _finished(variant: str, seed: int, *, external: bool = False, players: int = 3) -> GameState:
    rng = random.Random(seed)
    names = [f"P{k}" for k in range(players)]
    state = start_deal(get_variant(variant), names, 20, dealing="external") if external \
        else start_deal(get_variant(variant), names, 20, seed=seed)
    while not state.over:
        if state.chance is not None:
            state = state.deal(rng.choice(state.chance.cards))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert KINDS == ("deal_file", "hand_value", "settlement", "replay", "simulate", "compare",
                     "match", "odds", "frequencies", "variants", "evaluate", "error", "warning")
    for kind in KINDS:
        jsonschema.Draft202012Validator.check_schema(schema(kind))
        assert schema(kind)["$ref"] == f"#/$defs/{kind}"
    assert FORMAT == 1
    with pytest.raises(PrimeroError) as info:
        schema("view")
    assert str(info.value) == ("no JSON schema of kind 'view': the kinds are deal_file, "
                               "hand_value, settlement, replay, simulate, compare, match, odds, "
                               "frequencies, variants, evaluate, error, warning")


def test_the_worked_deal_files_validate() -> None:
    for path in sorted(CASES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "variant" in data:  # a deal file (hands.toml holds hand evaluations)
            _valid(data, "deal_file")
            load_record(path)  # and the library reads it


@pytest.mark.parametrize("variant", ["waks", "cardano", "suzuki", "primiera", "revival"])
def test_records_of_random_deals_validate(variant: str) -> None:
    for seed in range(4):
        for external in (False, True):
            state = _finished(variant, seed, external=external, players=2 + seed % 3)
            record = record_from_state(state)
            data = to_dict(record)
            assert data["format"] == FORMAT
            assert ("dealing" in data) is external
            _valid(data, "deal_file")
            _valid(to_dict(state.settlement), "settlement")
            _valid(to_dict(state.settlement, players=state.players), "settlement")


def test_a_record_with_options_carry_and_a_raise_cap_validates() -> None:
    variant = get_variant("waks", supremus=False)
    state = start_deal(variant, ["Anna", "Ben"], [7, 9], dealer="Ben", carry=4, seed=3,
                       raise_cap=2)
    data = to_dict(record_from_state(state))
    assert {"options", "carry", "raise_cap", "stock"} <= set(data)
    _valid(data, "deal_file")


def test_hand_values_validate() -> None:
    for hand in ["7s 6h Ad Kc", "Ah 6h 7h 2c", "Ks Kh Kd Kc", "10h Jh Qh Kh"]:
        deck = "french52" if "10" in hand else "italian40"
        _valid(to_dict(evaluate(hand, deck=deck)), "hand_value")


def test_the_replay_result_on_the_command_line_validates() -> None:
    data = json.loads(ok("replay", str(CASES / "waks_example.toml"), "--json"))
    assert data["format"] == FORMAT
    _valid(data, "replay")


def test_broken_documents_are_refused() -> None:
    good = to_dict(load_record(CASES / "waks_example.toml"))
    _valid(good, "deal_file")
    assert "'7x' does not match" in _invalid({**good, "stock": ["7x", *good["stock"][1:]]},
                                              "deal_file")
    assert "2 was expected" not in _invalid({**good, "format": 2}, "deal_file")
    assert _invalid({**good, "format": 2}, "deal_file") == "1 was expected"
    assert "should not be valid" in _invalid({**good, "seed": 4}, "deal_file")  # stock and seed
    without_players = {k: v for k, v in good.items() if k != "players"}
    assert _invalid(without_players, "deal_file") == "'players' is a required property"
    assert _invalid({**good, "stak": 2}, "deal_file") == "2 is not of type 'object'"
    assert _invalid({**good, "dealing": "stacked"}, "deal_file") == "'external' was expected"
    settlement = to_dict(replay(load_record(CASES / "waks_example.toml")).settlement)
    broken = {**settlement, "carry": -1}
    assert _invalid(broken, "settlement") == "-1 is less than the minimum of 0"
    value = to_dict(evaluate("7s 6h Ad Kc"))
    assert _invalid({k: v for k, v in value.items() if k != "class"},
                    "hand_value") == "'class' is a required property"


def test_the_library_refuses_what_the_schema_refuses_in_format() -> None:
    data = record_data(load_record(CASES / "waks_example.toml"))
    for version in (2, 0):
        with pytest.raises(RecordError) as info:
            record_from_data({**data, "format": version})
        assert str(info.value) == (
            f"deal record: key 'format': {version!r}; this primero reads deal files of "
            "format 1 (a later format needs a later primero)")
        assert _invalid({**data, "format": version}, "deal_file") == "1 was expected"
    for version in ("1", True, 1.0):  # not a format at all: text, a truth value, a float
        with pytest.raises(RecordError) as info:
            record_from_data({**data, "format": version})
        assert str(info.value) == (
            f"deal record: key 'format' must be a whole number (the format, 1), got {version!r}")
        if not isinstance(version, float):  # JSON Schema's const 1 holds 1.0 (a JSON number)
            assert _invalid({**data, "format": version}, "deal_file") == "1 was expected"
    without = {k: v for k, v in data.items() if k != "format"}
    assert record_from_data(without) == record_from_data(data)  # no key: format 1
    _valid(without, "deal_file")


def test_the_schemas_deal_file_keys_are_the_documented_keys() -> None:
    page = (ROOT / "docs" / "reference" / "deal-files.md").read_text(encoding="utf-8")
    keys_table = page.split("## Keys", 1)[1].split("\n\n", 2)[1]
    documented = {key for row in keys_table.splitlines() if row.startswith("| `")
                  for key in re.findall(r"`(\w+)`", row.split("|")[1])}
    properties = set(schema("deal_file")["$defs"]["deal_file"]["properties"])
    assert properties == documented


def test_a_settlement_and_a_hand_value_begin_with_the_format_and_their_pieces_do_not() -> None:
    state = replay(load_record(CASES / "waks_example.toml"))
    assert state.settlement is not None
    data = to_dict(state.settlement, players=state.players)
    assert next(iter(data)) == "format" and data["format"] == 1
    assert [next(iter(a["value"])) for a in data["awards"]] == ["cards"]  # no format inside
    assert [next(iter(v["value"])) for v in data["values"]] == ["cards", "cards"]
    value = to_dict(evaluate("7s 6h Ad Kc"))
    assert value == {"format": 1, "cards": ["7s", "6h", "Ad", "Kc"], "class": "Primero",
                     "points": 65, "counting": ["7s", "6h", "Ad", "Kc"]}
    assert _invalid({k: v for k, v in data.items() if k != "format"},
                    "settlement") == "'format' is a required property"
    assert _invalid({**value, "format": 2}, "hand_value") == "1 was expected"


def test_a_settlement_of_another_format_is_not_read_back() -> None:
    state = replay(load_record(CASES / "waks_example.toml"))
    data = json.loads(json.dumps(to_dict(state.settlement)))
    assert settlement_from_dict(data, "waks") == state.settlement
    without = {k: v for k, v in data.items() if k != "format"}
    assert settlement_from_dict(without, "waks") == state.settlement  # no key: format 1
    for version in (2, "1", True):
        with pytest.raises(RecordError) as info:
            settlement_from_dict({**data, "format": version}, "waks")
        assert str(info.value) == (f"settlement: key 'format': {version!r}; this primero "
                                   "reads format 1 (a later format needs a later primero)")
