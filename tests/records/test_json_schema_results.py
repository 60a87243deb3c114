"""The JSON Schema of the command line's ``--json`` answers and of its error and warning lines.

Each command that takes ``--json`` runs on a small input; what it prints begins with
``"format": 1`` and validates against the schema of its kind, and the figures checked against
values worked out by hand (a 40-card pack holds C(40, 4) = 91,390 hands, 7s 6h Ad Kc is a
Primero of 21 + 18 + 16 + 10 = 65 points). Broken answers (a key missing, a wrong type, a
share above 1, an interval without its ends, another version) are refused, so the schemas
are not vacuous.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest

from cli_helpers import ok, run
from primero.cli.core import app
from primero.json_schema import FORMAT, KINDS, schema

#: The ``--json`` command lines tested, one or more per command, and the kind of each answer.
ANSWERS = [
    (("simulate", "--deals", "20", "--players", "3", "--no-progress"), "simulate"),
    (("compare", "waks", "cardano", "--deals", "12", "--no-progress"), "compare"),
    (("compare", "waks", "waks:supremus=false", "--deals", "8", "--agents",
      "random,heuristic", "--no-progress"), "compare"),
    (("match", "random", "heuristic", "--deals", "3"), "match"),
    (("odds", "7s", "6h", "Ad", "Kc"), "odds"),
    (("odds", "7s", "6h", "--beat", "Ks", "Kh", "Kd", "Kc"), "odds"),
    (("odds", "7s", "6h", "Ad", "--target", "Primero"), "odds"),
    (("odds", "7s", "6h", "Ad", "Kc", "--discard", "Kc", "--detail"), "odds"),
    (("frequencies",), "frequencies"),
    (("frequencies", "-o", "deck=french52"), "frequencies"),
    (("variants",), "variants"),
    (("evaluate", "7s", "6h", "Ad", "Kc"), "evaluate"),
    (("replay", "tests/cases/waks_example.toml"), "replay"),
]

_ANSWERS: dict[tuple[str, ...], Any] = {}


def answer(*args: str) -> Any:
    """``primero ARGS --json``'s answer, read from JSON (each command line run once)."""
    if args not in _ANSWERS:
        _ANSWERS[args] = json.loads(ok(*args, "--json"))
    return copy.deepcopy(_ANSWERS[args])


def errors(data: Any, kind: str) -> list[str]:
    """The schema's complaints about ``data`` as ``kind`` (``[]``: valid)."""
    validator = jsonschema.Draft202012Validator(schema(kind))
    return sorted(e.message for e in validator.iter_errors(json.loads(json.dumps(data))))


def test_every_command_that_takes_json_has_a_kind_and_is_tested() -> None:
    with_json = sorted(name for name, command in app.commands.items()
                       if any(p.name == "json_output" for p in command.params))
    assert with_json == sorted({args[0] for args, _ in ANSWERS})
    assert set(with_json) <= set(KINDS)
    assert {"error", "warning"} <= set(KINDS)
    assert FORMAT == 1


@pytest.mark.parametrize(("args", "kind"), ANSWERS, ids=[" ".join(a) for a, _ in ANSWERS])
def test_a_json_answer_begins_with_the_format_and_validates(args: tuple[str, ...],
                                                            kind: str) -> None:
    data = answer(*args)
    assert next(iter(data)) == "format" and data["format"] == 1
    assert errors(data, kind) == []
    assert errors({k: v for k, v in data.items() if k != "format"},
                  kind) == ["'format' is a required property"]
    assert errors({**data, "format": 2}, kind) != []


def _figures(data: Any) -> list[dict[str, Any]]:
    """Every ``{"value", "ci_low", "ci_high", "deals"}`` object inside ``data``."""
    if isinstance(data, dict):
        found = [data] if set(data) >= {"value", "ci_low", "ci_high", "deals"} else []
        return found + [f for v in data.values() for f in _figures(v)]
    if isinstance(data, list):
        return [f for v in data for f in _figures(v)]
    return []


def test_the_simulated_figures_carry_their_intervals() -> None:
    data = answer("simulate", "--deals", "20", "--players", "3", "--no-progress")
    assert (data["variant"], data["players"], data["deals"]) == ("waks", 3, 20)
    assert data["deals_won"] + data["no_winner"] == 20
    assert sum(data["winning_classes"].values()) == data["deals_won"]
    assert len(data["win_share"]) == len(data["mean_net"]) == 3
    figures = _figures(data)
    # 3 shares and the pot, 3 win shares, 3 nets, one share per class and "unseen"
    assert len(figures) == 3 + 3 + 3 + len(data["winning_classes"])
    for figure in figures:
        assert figure["ci_low"] <= figure["value"] <= figure["ci_high"]
    assert data["showdown_share"]["value"] == round(data["showdowns"] / 20, 4)
    for seat in data["win_share"]:
        assert seat["deals"] == data["deals_won"]


def test_a_broken_simulate_answer_is_refused() -> None:
    good = answer("simulate", "--deals", "20", "--players", "3", "--no-progress")
    without_high = copy.deepcopy(good)
    del without_high["mean_net"][1]["ci_high"]
    assert errors(without_high, "simulate") == ["'ci_high' is a required property"]
    as_text = copy.deepcopy(good)
    as_text["mean_pot"]["deals"] = "20"
    assert errors(as_text, "simulate") == ["'20' is not of type 'integer'"]
    above_one = copy.deepcopy(good)
    above_one["showdown_share"]["ci_high"] = 1.5
    assert errors(above_one, "simulate") == ["1.5 is greater than the maximum of 1"]
    bare = copy.deepcopy(good)
    bare["mean_net"][0] = 0.25  # a figure without its interval
    assert errors(bare, "simulate") == ["0.25 is not of type 'object'"]
    extra = {**good, "mean_nett": []}
    assert errors(extra, "simulate") == [
        "Additional properties are not allowed ('mean_nett' was unexpected)"]
    missing = {k: v for k, v in good.items() if k != "deals_won"}
    assert errors(missing, "simulate") == ["'deals_won' is a required property"]
    assert errors({**good, "deals": -1}, "simulate") == ["-1 is less than the minimum of 0"]


def test_a_broken_compare_answer_is_refused() -> None:
    good = answer("compare", "waks", "cardano", "--deals", "12", "--no-progress")
    assert [run["variant"] for run in good["variants"]] == ["waks", "cardano"]
    assert "format" not in good["variants"][0]  # one version, at the top
    assert {d["baseline"] for d in good["differences"]} == {"waks"}
    broken = copy.deepcopy(good)
    del broken["differences"][0]["ci_low"]
    assert errors(broken, "compare") == ["'ci_low' is a required property"]
    broken = copy.deepcopy(good)
    broken["variants"][1]["win_share"] = [0.25, 0.25, 0.25, 0.25]
    assert errors(broken, "compare") == ["0.25 is not of type 'object'"] * 4
    broken = copy.deepcopy(good)
    broken["differences"][0]["clear_of_zero"] = "yes"
    assert errors(broken, "compare") == ["'yes' is not of type 'boolean'"]


def test_a_broken_match_answer_is_refused() -> None:
    good = answer("match", "random", "heuristic", "--deals", "3")
    assert (good["candidate"], good["opponent"], good["players"], good["deals"]) == \
        ("random", "heuristic", 2, 3)
    assert len(good["by_seat"]) == 2
    assert errors({**good, "verdict": "random ahead"}, "match") == [
        "'random ahead' is not one of ['candidate ahead', 'opponent ahead', "
        "'no clear difference']"]
    no_interval = {**good, "overall": {"value": good["overall"]["value"], "deals": 3}}
    assert errors(no_interval, "match") == ["'ci_high' is a required property",
                                            "'ci_low' is a required property"]


def test_the_odds_answers_hold_the_counted_draws() -> None:
    draw = answer("odds", "7s", "6h", "Ad", "Kc", "--discard", "Kc", "--detail")
    # one card drawn from the 36 cards not in the hand
    assert (draw["drawn"], draw["unseen"], draw["draws"]) == (1, 36, 36)
    assert sum(row["draws"] for row in draw["classes"]) == 36
    assert sum(o["draws"] for o in draw["outcomes"]) == 36
    ranking = answer("odds", "7s", "6h", "Ad", "Kc")
    assert ranking["exchanges"][0] == {  # keeping the Primero 65 draws nothing
        "discard": [], "draws": 1, "score": 65.0, "expected_points": 65.0,
        "classes": {"Chorus": 0.0, "Fluxus": 0.0, "Supremus": 0.0, "Primero": 1.0,
                    "Numerus": 0.0}}
    assert len(ranking["exchanges"]) == 2 ** 4  # every subset of the hand thrown
    assert errors({**ranking, "criterion": "luck"}, "odds") == [
        "'luck' is not one of ['points', 'class', 'beat']"]
    assert errors({**draw, "classes": {"Primero": 9}}, "odds") == [
        "{'Primero': 9} is not of type 'array'"]
    broken = copy.deepcopy(ranking)
    broken["exchanges"][1]["classes"]["Primero"] = 1.25
    assert errors(broken, "odds") == ["1.25 is greater than the maximum of 1"]
    # the two shapes do not mix: a ranking with a draw's key is refused
    assert errors({**ranking, "drawn": 1}, "odds") == [
        "Additional properties are not allowed ('drawn' was unexpected)"]
    without = {k: v for k, v in draw.items() if k != "draws"}
    assert errors(without, "odds") == ["'draws' is a required property"]


def test_the_reference_answers_hold_the_counted_hands() -> None:
    italian = answer("frequencies")
    assert italian["hands"] == 40 * 39 * 38 * 37 // 24 == 91390
    assert sum(italian["classes"].values()) == 91390
    french = answer("frequencies", "-o", "deck=french52")
    assert french["hands"] == 52 * 51 * 50 * 49 // 24
    assert errors({**italian, "points": {"Chorus": [40]}}, "frequencies") == [
        "[40] is too short"]
    value = answer("evaluate", "7s", "6h", "Ad", "Kc")
    assert (value["class"], value["points"]) == ("Primero", 21 + 18 + 16 + 10)
    assert errors({**value, "points": "65"}, "evaluate") == ["'65' is not of type 'integer'"]
    assert errors({**value, "cards": ["7s", "6h", "Ad"]}, "evaluate") == [
        "['7s', '6h', 'Ad'] is too short"]
    listing = answer("variants")
    waks = next(v for v in listing["variants"] if v["name"] == "waks")
    assert waks["players"] == [2, 6]
    assert errors(listing["variants"], "variants") == [
        f"{listing['variants']!r} is not of type 'object'"]
    del waks["title"]
    assert errors(listing, "variants") == ["'title' is a required property"]
    broken = {"name": "boom", "broken": "plug-in boom: importing failed", "distribution": None}
    assert errors({"format": 1, "variants": [broken]}, "variants") == []
    assert errors({"format": 1, "variants": [{**broken, "title": "Boom"}]}, "variants") == [
        "Additional properties are not allowed ('title' was unexpected)"]


@pytest.mark.parametrize("args", [("evaluate", "7h"), ("simulate", "--players", "1"),
                                  ("replay", "no-such-deal.toml")])
def test_an_error_line_validates_and_a_broken_one_does_not(args: tuple[str, ...]) -> None:
    result = run(*args, "--json")
    assert result.exit_code != 0 and result.stdout == ""
    line = json.loads(result.stderr)
    assert list(line) == ["format", "error"]
    assert errors(line, "error") == []
    assert errors({"error": line["error"]}, "error") == ["'format' is a required property"]
    assert errors({**line, "error": "two\nlines"}, "error") == [
        "'two\\nlines' does not match '^[^\\\\n]*$'"]
    assert errors({**line, "exit": 1}, "error") == [
        "Additional properties are not allowed ('exit' was unexpected)"]
    assert errors(line, "warning") == [
        "'warning' is a required property",
        "Additional properties are not allowed ('error' was unexpected)"]


def test_a_warning_line_validates() -> None:
    line = {"format": 1, "warning": "skipped the plug-in boom: importing 'primero_boom' "
                                    "failed: ModuleNotFoundError: No module named 'numpyy'"}
    assert errors(line, "warning") == []
    assert errors({**line, "warning": ""}, "warning") == ["'' should be non-empty"]
    assert errors({"warning": line["warning"]}, "warning") == [
        "'format' is a required property"]
