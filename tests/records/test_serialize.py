"""JSON-ready dictionaries (primero.serialize, docs/reference/json.md): exact dicts, round trips.

The golden deal ``tests/cases/waks_example.toml`` (docs/rules/waks.md#worked-example) gives the
numbers: Anna
wins the pot of 12 with Primero 65 (7s 6c Ad Kh: 21 + 18 + 16 + 10) against Ben's Numerus 54
(7h 6h 5h: 21 + 18 + 15); Anna and Ben put in 2 + 3 chips each, Dan 2, Carla nothing, so the
only pot is 12 at the level 5, contested by Anna and Ben.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import CASES
from primero import RecordError, get_variant
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.registry import registry
from primero.records import DealRecord, load_record, replay
from primero.serialize import record_from_dict, settlement_from_dict, to_dict
from primero.settlement import Settlement

EXAMPLE = CASES / "waks_example.toml"

ANNA = {"cards": ["7s", "Kh", "Ad", "6c"], "class": "Primero", "points": 65,
        "counting": ["7s", "6c", "Ad", "Kh"]}
BEN = {"cards": ["5h", "6h", "7h", "2c"], "class": "Numerus", "points": 54,
       "counting": ["7h", "6h", "5h"]}


def golden() -> tuple[DealRecord, GameState]:
    record = load_record(EXAMPLE)
    return record, replay(record)


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def test_the_golden_settlement_as_a_dict() -> None:
    _, state = golden()
    assert state.settlement is not None
    assert to_dict(state.settlement) == {
        "format": 1,
        "awards": [{"seat": 0, "amount": 12, "value": ANNA}],
        "returns": [],
        "layers": [{"amount": 12, "level": 5, "contenders": [0, 1], "winners": [0],
                    "shares": [12]}],
        "carry": 0,
        "showdown": True,
        "values": [{"seat": 0, "value": ANNA}, {"seat": 1, "value": BEN}],
        "reason": "",
    }
    named = to_dict(state.settlement, players=state.players)
    assert named["awards"] == [{"seat": 0, "player": "Anna", "amount": 12, "value": ANNA}]
    assert [v["player"] for v in named["values"]] == ["Anna", "Ben"]


def test_settlements_round_trip_through_json() -> None:
    _, state = golden()
    settled = state.settlement
    assert settled is not None
    assert settlement_from_dict(through_json(to_dict(settled)), "waks") == settled
    named = through_json(to_dict(settled, players=state.players))
    assert settlement_from_dict(named, state.variant) == settled


def test_a_carry_over_with_returns_round_trips() -> None:
    settled = Settlement(returns=((1, 3),), carry=6, reason="nobody vied in round 2")
    data = to_dict(settled, players=["Anna", "Ben"])
    assert data == {"format": 1, "awards": [],
                    "returns": [{"seat": 1, "player": "Ben", "chips": 3}],
                    "layers": [], "carry": 6, "showdown": False, "values": [],
                    "reason": "nobody vied in round 2"}
    assert settlement_from_dict(through_json(data), "waks") == settled


def test_a_bad_settlement_dict_names_the_key() -> None:
    _, state = golden()
    assert state.settlement is not None
    data = through_json(to_dict(state.settlement))
    data["values"][1]["value"]["points"] = 55
    with pytest.raises(RecordError, match=r"^settlement: value 2: the cards are Numerus 54 "
                                          r"in waks, not Numerus 55$"):
        settlement_from_dict(data, "waks")
    data["values"][1]["value"]["points"] = 54
    del data["carry"]
    with pytest.raises(RecordError, match=r"^settlement: missing key 'carry'$"):
        settlement_from_dict(data, "waks")
    with pytest.raises(RecordError, match=r"award 1: key 'seat' has the wrong type \(str\)"):
        settlement_from_dict({**data, "awards": [{"seat": "0", "amount": 1, "value": None}]},
                             "waks")


def test_the_golden_record_as_a_dict_is_the_deal_file() -> None:
    import tomllib

    record, _ = golden()
    data = to_dict(record)
    assert list(data) == ["format", "variant", "players", "dealer", "chips", "stake", "rest",
                          "stock", "actions", "expect", "printed"]
    # the deal file's own keys and values, as the file gives them (which predates the format
    # key: a file without it is of format 1)
    assert data == {"format": 1, **tomllib.loads(EXAMPLE.read_text("utf-8"))}


def test_records_round_trip_through_json() -> None:
    record, _ = golden()
    again = record_from_dict(through_json(to_dict(record)))
    assert again == record and again.extra == record.extra
    seeded = DealRecord(variant="cardano", players=("A", "B"), dealer="B", chips=(9, 9),
                        options=(("call_rule", "at_least"),), seed=5, ante=1,
                        actions=(("A", "pass"),))
    data = to_dict(seeded)
    assert data == {"format": 1, "variant": "cardano", "options": {"call_rule": "at_least"},
                    "players": ["A", "B"], "dealer": "B", "chips": [9, 9], "stake": 1,
                    "rest": 3, "ante": 1, "seed": 5, "actions": ["A pass"]}
    assert record_from_dict(through_json(data)) == seeded


def test_a_bad_record_dict_is_refused_as_a_deal_file_would_be() -> None:
    record, _ = golden()
    with pytest.raises(RecordError, match=r"^deal record: unknown key 'stak'"):
        record_from_dict({**to_dict(record), "stak": 1})
    with pytest.raises(RecordError, match=r"^deal record: expected an object, got list"):
        record_from_dict([])  # type: ignore[arg-type]


def test_the_golden_view_of_ben_at_the_end_as_a_dict() -> None:
    _, state = golden()
    assert to_dict(state.view(1)) == {
        "seat": 1,
        "variant": {"name": "waks", "options": {
            "deck": "italian40", "supremus": True, "chorus": True,
            "numerus_counts": "best_suit", "high_primero_beats_fluxus": False,
            "tie": "eldest", "play_direction": "counter-clockwise",
            "deal_passes": "with_play"}},
        "hand": ["7h", "6h", "5h", "2c"],
        "seats": [
            {"name": "Anna", "stack": 57, "contributed": 5, "round_bet": 3, "folded": False,
             "cards": 4, "open": [], "shown": ["7s", "Ad", "6c", "Kh"]},
            {"name": "Ben", "stack": 45, "contributed": 5, "round_bet": 3, "folded": False,
             "cards": 4, "open": [], "shown": ["7h", "6h", "5h", "2c"]},
            {"name": "Carla", "stack": 50, "contributed": 0, "round_bet": 0, "folded": True,
             "cards": 2, "open": [], "shown": []},
            {"name": "Dan", "stack": 48, "contributed": 2, "round_bet": 0, "folded": True,
             "cards": 4, "open": [], "shown": []},
        ],
        "dealer": 3,
        "table": {"stake": 1, "rest": 3, "ante": 0, "raise_cap": None},
        "step": None,
        "to_act": None,
        "pot": 0,
        "high": 3,
        "opened": True,
        # 40 cards: 8 dealt, 6 more to the three still in, 4 drawn in the exchange
        "stock_size": 22,
        "discards_size": 4,
        "history": [{"seat": s, "action": a} for s, a in [
            (0, "pass"), (1, "vie 2"), (2, "pass"), (3, "pass"), (0, "hold"), (1, "pass"),
            (2, "fold"), (3, "hold"), (0, "exchange 1 card"), (1, "exchange 2 cards"),
            (3, "exchange 1 card"), (0, "pass"), (1, "vie 3"), (3, "fold"), (0, "hold")]],
        "discarded": ["3s", "Jc"],
        "extras": {},
        "legal": [],
        "over": True,
        # card, why, actions before it, its place in the deal: 4 players from the eldest
        # (Anna), so Ben gets cards 1 and 5 of the deal; after 10 actions his exchange draws
        # 2 cards behind Anna's 1 (9, 10); the second deal, after Dan's exchange (11), gives
        # Anna, Ben, Dan, Anna, Ben, Dan cards 12 to 17
        "received": [["3s", "deal", 0, 1], ["Jc", "deal", 0, 5], ["7h", "exchange", 10, 9],
                     ["6h", "exchange", 10, 10], ["5h", "second deal", 11, 13],
                     ["2c", "second deal", 11, 16]],
    }


def test_the_view_of_the_first_to_speak_lists_legal_actions_as_text() -> None:
    record, _ = golden()
    state = replay(record, stop_after=0)
    data = to_dict(state.view(0))
    # stake 1, rest 3; folding is allowed on any turn (docs/rules/waks.md)
    assert data["legal"] == ["pass", "vie 1", "vie 2", "vie 3", "fold"]
    assert data["hand"] == ["7s", "Qd"] and data["step"] == {"kind": "bet", "number": 1,
                                                            "count": 0, "together": False}


@pytest.mark.parametrize("name", registry().names())
def test_every_view_of_every_variant_is_json(name: str) -> None:
    rng = random.Random(7)
    variant = get_variant(name)
    state = start_deal(variant, ["A", "B", "C"][:variant.spec.players[1]], 30, seed=11)
    while True:
        for seat in range(state.n):
            text = json.dumps(to_dict(state.view(seat)))
            others = {c.ascii for s in range(state.n) if s != seat
                      for c in state.seats[s].hand
                      if c not in state.seats[s].open_cards()}  # dealt face up: public
            if not state.over:  # no other player's hidden card appears in a view during play
                assert not any(f'"{card}"' in text for card in others - {
                    c.ascii for c in state.seats[seat].hand})
        if state.over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.settlement is not None
    json.dumps(to_dict(state.settlement, players=state.players))


def test_to_dict_of_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="not int"):
        to_dict(3)


def test_a_settlement_dict_whose_chips_are_not_conserved_is_refused() -> None:
    _, state = golden()
    assert state.settlement is not None
    data = through_json(to_dict(state.settlement))

    def refused(change: dict[str, Any], message: str) -> None:
        with pytest.raises(RecordError, match=message):
            settlement_from_dict({**data, **change}, "waks")

    award = data["awards"][0]
    layer = data["layers"][0]
    refused({"awards": [{**award, "amount": -12}]},
            r"^settlement: award 1: key 'amount' must be 1 or more, got -12$")
    refused({"awards": [{**award, "amount": 0}]},
            r"^settlement: award 1: key 'amount' must be 1 or more, got 0$")
    refused({"awards": [{**award, "seat": -1}]},
            r"^settlement: award 1: key 'seat' must be 0 or more, got -1$")
    refused({"returns": [{"seat": 1, "chips": -4}]},
            r"^settlement: return 1: key 'chips' must be 0 or more, got -4$")
    refused({"carry": -1}, r"^settlement: key 'carry' must be 0 or more, got -1$")
    refused({"values": [{**data["values"][0], "seat": -2}]},
            r"^settlement: value 1: key 'seat' must be 0 or more, got -2$")
    refused({"layers": [{**layer, "amount": -12}]},
            r"^settlement: layer 1: key 'amount' must be 0 or more, got -12$")
    refused({"layers": [{**layer, "contenders": [0, -1]}]},
            r"^settlement: layer 1: key 'contenders' must be a list of numbers 0 or more, "
            r"got -1$")
    refused({"layers": [{**layer, "shares": [5]}]},
            r"^settlement: layer 1: the shares \[5\] add up to 5, not the layer's 12 chips "
            r"\(chips are conserved\)$")
    refused({"layers": [{**layer, "shares": [6, 6]}]},
            r"^settlement: layer 1: 2 shares for 1 winners \(one share per winner\)$")
    refused({"layers": [{**layer, "winners": [2]}]},
            r"^settlement: layer 1: winner seat 2 is not one of the contenders \[0, 1\]$")
    # the untouched dict still reads back
    assert settlement_from_dict(data, "waks") == state.settlement
