"""Deal records: the deal-file format read, replayed, saved and read back.

The golden case ``tests/cases/waks_example.toml`` (docs/rules/waks.md#worked-example) is read
straight from the
file through :mod:`primero.records`; its numbers come from the rule sheet, not from the code.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

import primero
from conftest import CASES
from primero import IllegalActionError, RecordError
from primero.agents import RandomAgent, play_deal
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.records import (
    DealRecord,
    dump_record,
    load_record,
    record_from_state,
    replay,
    save_record,
    start_record,
)

EXAMPLE = CASES / "waks_example.toml"
GOLDEN: dict[str, Any] = tomllib.loads(EXAMPLE.read_text("utf-8"))
#: The golden deal's replayable keys (no [expect], no [printed]).
BASE: dict[str, Any] = {k: v for k, v in GOLDEN.items() if k not in ("expect", "printed")}
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz")


def hand(state: GameState, name: str) -> str:
    return " ".join(c.ascii for c in state.seats[state.seat_of(name)].hand)


def toml(**changes: Any) -> str:
    """The golden deal's TOML text with some keys changed (``None`` removes a key)."""
    data = {**BASE, **changes}
    return tomli_w.dumps({k: v for k, v in data.items() if v is not None})


# --------------------------------------------------------------------------------------------
# The golden case, read from the shared file


def test_golden_file_loads() -> None:
    record = load_record(EXAMPLE)
    assert record.variant == "waks"
    assert record.players == ("Anna", "Ben", "Carla", "Dan")
    assert record.dealer == "Dan"
    assert record.chips == (50, 50, 50, 50)
    assert (record.stake, record.rest, record.ante, record.carry) == (1, 3, None, 0)
    assert len(record.stock) == 40 and record.seed is None
    assert record.actions[0] == ("Anna", "pass")
    assert record.actions[8] == ("Anna", "exchange Qd")
    assert record.actions[-1] == ("Anna", "hold")
    assert len(record.actions) == 15
    # [expect] and [printed] are kept, not replayed
    assert record.expect["winner"] == "Anna"
    assert record.extra["printed"]["error_mentions"] == "6h"


def test_unknown_tables_are_kept_and_ignored() -> None:
    """Only non-table unknown keys are errors; [expect], [printed], [notes] load."""
    record = load_record(EXAMPLE)
    assert set(record.extra) == {"expect", "printed"}
    text = toml(notes={"by": "Anna", "seen": ["7s"]})
    assert set(load_record(text).extra) == {"notes"}
    assert replay(load_record(text)).stacks == (57, 45, 50, 48)


@pytest.mark.parametrize("path", sorted(p for p in Path(__file__).parents[1].rglob("*.toml")
                                       if p.parent.name != "cases"), ids=lambda p: p.name)
def test_every_deal_file_in_the_tests_loads(path: Path) -> None:
    """The stricter key check still reads every deal file the tests keep."""
    record = load_record(path)
    assert record.players and set(record.extra) <= {"expect"}


def test_golden_file_loads_from_text_as_from_path() -> None:
    assert load_record(EXAMPLE.read_text("utf-8")) == load_record(EXAMPLE)
    assert load_record(str(EXAMPLE)) == load_record(EXAMPLE)


def test_path_with_an_equals_sign_is_a_path(tmp_path: Path) -> None:
    folder = tmp_path / "seed=3"
    folder.mkdir()
    path = folder / "deal.toml"
    path.write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    assert load_record(str(path)) == load_record(EXAMPLE)
    # one line of TOML with no such file is still read as text (and found wanting)
    with pytest.raises(RecordError, match="deal record: missing key 'players'"):
        load_record('variant = "waks"')
    with pytest.raises(RecordError, match="deal record: unknown key 'x'"):
        load_record('x = "' + "y" * 5000 + '"')  # too long for a file name: text


def test_golden_replay_pot_after_round_one() -> None:
    state = replay(load_record(EXAMPLE), stop_after=8)
    assert state.pot == GOLDEN["expect"]["pot_after_round1"] == 6
    assert state.step is not None and state.step.kind == "exchange"
    assert not state.over


def test_golden_replay_final() -> None:
    expect = GOLDEN["expect"]
    state = replay(load_record(EXAMPLE))
    assert state.over and state.ended_by == "showdown"
    assert state.stacks == tuple(expect["chips"]) == (57, 45, 50, 48)
    # the pot: everything put in, 12, all to Anna; nothing carries
    assert sum(s.contributed for s in state.seats) == expect["pot"] == 12
    settlement = state.settlement
    assert settlement is not None and settlement.carry == 0 and settlement.returns == ()
    assert [(state.seats[a.seat].name, a.amount) for a in settlement.awards] == [("Anna", 12)]
    award = settlement.awards[0]
    assert award.value is not None and award.value.label == "Primero 65"
    shown = {state.seats[s].name: v.label for s, v in settlement.values}
    assert shown == expect["values"] == {"Anna": "Primero 65", "Ben": "Numerus 54"}
    for name, cards in expect["hands"].items():
        assert hand(state, name) == cards
    assert state.seats[state.seat_of("Carla")].folded


def test_golden_must_hold_actions_illegal_state_unchanged() -> None:
    before = replay(load_record(EXAMPLE), stop_after=4)  # Anna must hold Ben's vie
    assert before.seats[before.to_act or 0].name == "Anna"
    copy = replay(load_record(EXAMPLE), stop_after=4)
    for line in GOLDEN["expect"]["must_hold_illegal"]:
        player, _, text = line.partition(" ")
        assert player == "Anna"
        with pytest.raises(IllegalActionError, match="must hold"):
            before.apply(text)
        assert before == copy


def test_golden_printed_stock_rejected_naming_6h() -> None:
    record = load_record(toml(stock=GOLDEN["printed"]["stock"]))
    with pytest.raises(RecordError, match=GOLDEN["printed"]["error_mentions"]):
        start_record(record)
    with pytest.raises(RecordError, match="duplicate card 6h"):
        replay(record)


# --------------------------------------------------------------------------------------------
# Records: dump, load, save


def test_dump_load_round_trip_keeps_expect() -> None:
    record = load_record(EXAMPLE)
    again = load_record(dump_record(record))
    assert again == record
    assert again.extra == record.extra  # extra is not part of equality: check it apart


def test_record_from_replayed_golden_deal_equals_the_file() -> None:
    state = replay(load_record(EXAMPLE))
    record = record_from_state(state)
    original = load_record(EXAMPLE)
    assert record == original
    assert replay(record) == state


def test_dump_writes_the_deal_file_keys() -> None:
    data = tomllib.loads(dump_record(record_from_state(replay(load_record(EXAMPLE)))))
    assert data == {"format": 1, **BASE, "stake": 1, "rest": 3}
    assert "seed" not in data and "options" not in data and "carry" not in data


def test_record_of_options_and_carry() -> None:
    variant = primero.get_variant("waks", supremus=False)
    state = start_deal(variant, ["Anna", "Ben"], [7, 9], dealer="Ben", carry=4, seed=3)
    record = record_from_state(state)
    assert record.options == (("supremus", False),)
    assert record.carry == 4 and record.chips == (7, 9) and record.dealer == "Ben"
    data = tomllib.loads(dump_record(record))
    assert data["options"] == {"supremus": False} and data["carry"] == 4
    assert replay(load_record(dump_record(record))) == state


def test_seeded_record_replays_like_the_seeded_deal() -> None:
    text = toml(stock=None, seed=11, actions=[])
    state = replay(load_record(text))
    assert state == start_deal(primero.get_variant("waks"), BASE["players"], 50, dealer="Dan",
                               seed=11)


def test_replay_stop_after_and_partial_records() -> None:
    record = load_record(EXAMPLE)
    mid = replay(record, stop_after=10)
    assert len(mid.history) == 10 and not mid.over
    partial = record_from_state(mid)
    assert partial.actions == record.actions[:10]
    assert replay(partial) == mid


def test_save_record_writes_a_replayable_file(tmp_path: Path) -> None:
    state = replay(load_record(EXAMPLE))
    path = save_record(state, tmp_path / "deal.toml")
    assert path == tmp_path / "deal.toml"
    assert replay(load_record(path)) == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), data=st.data())
def test_saved_deal_replays_to_an_equal_state(seed: int, players: int,
                                              data: st.DataObject) -> None:
    """Random seeds, 2-6 players, random agents, uneven (and short) stacks, any dealer."""
    chips = data.draw(st.lists(st.integers(1, 30), min_size=players, max_size=players))
    dealer = data.draw(st.integers(0, players - 1))
    carry = data.draw(st.sampled_from([0, 0, 5]))
    rng = random.Random(seed)
    state = start_deal(primero.get_variant("waks"), NAMES[:players], chips, dealer=dealer,
                       carry=carry, rng=rng)
    final = play_deal(state, [RandomAgent()] * players, rng)
    text = dump_record(record_from_state(final))
    again = replay(load_record(text))
    assert again == final
    assert again.settlement == final.settlement and again.stacks == final.stacks
    assert dump_record(record_from_state(again)) == text
    # every prefix of the deal is a record too
    cut = data.draw(st.integers(0, len(final.history)))
    assert replay(load_record(text), stop_after=cut) == replay(record_from_state(final),
                                                               stop_after=cut)


@pytest.mark.parametrize("name", primero.registry().names())
def test_saved_deal_replays_in_every_variant(name: str) -> None:
    variant = primero.get_variant(name)
    low, high = variant.spec.players
    ante = 1 if any(s.kind == "ante" for s in variant.rules.deal.deal_plan()) else 0
    rng = random.Random(name)
    for _ in range(2):
        n = rng.randint(low, min(high, 6))
        chips = [rng.randint(1, 20) for _ in range(n)]
        state = start_deal(variant, NAMES[:n], chips, ante=ante, rng=rng)
        final = play_deal(state, [RandomAgent()] * n, rng)
        record = load_record(dump_record(record_from_state(final)))
        assert record.variant == name
        assert replay(record) == final


def primiera_deal_with_a_reshuffle() -> GameState:
    """A primiera deal among eight in which the stock ran out.

    Rules: docs/rules/primiera.md, docs/rules/dealing.md.
    """
    variant = primero.get_variant("primiera")
    names = [f"P{i}" for i in range(8)]
    for seed in range(100):
        rng = random.Random(seed)
        state = start_deal(variant, names, 10, ante=1, rng=rng)
        final = play_deal(state, [RandomAgent()] * 8, rng)
        if final.reshuffles:
            return final
    raise AssertionError("no reshuffle in 100 deals")  # pragma: no cover


def test_saved_reshuffles_make_the_replay_independent_of_any_seed() -> None:
    final = primiera_deal_with_a_reshuffle()
    text = dump_record(record_from_state(final))
    data = tomllib.loads(text)
    assert "seed" not in data
    assert data["reshuffles"] == [[c.ascii for c in r] for r in final.reshuffles]
    again = replay(load_record(text))
    assert again == final and again.reshuffles == final.reshuffles
    # the replay's own reshuffle seed differs from the deal's: the record alone decides
    assert again.setup.seed != final.setup.seed


def test_tampered_reshuffle_rejected() -> None:
    final = primiera_deal_with_a_reshuffle()
    record = record_from_state(final)
    first, *others = record.reshuffles
    # a reshuffle missing one of the discards is not the discards being reshuffled
    shorter = attrs.evolve(record, reshuffles=(first[1:], *others))
    with pytest.raises(RecordError, match=r"reshuffle 1 of the record \(.*\) is not the "
                                          r"discards being reshuffled"):
        replay(shorter)
    # another order of the same cards is another (valid) deal, replayed as recorded
    if len(first) > 1:
        swapped = (first[1], first[0], *first[2:])
        other = replay(attrs.evolve(record, reshuffles=(swapped, *others)))
        assert other.reshuffles[0] == swapped


# --------------------------------------------------------------------------------------------
# Bad records: one error naming the action (position and text) or the card


def test_illegal_action_named_with_position_and_text() -> None:
    actions = list(BASE["actions"])
    actions[4] = "Anna pass"  # Anna must hold
    with pytest.raises(RecordError) as info:
        replay(load_record(toml(actions=actions)))
    message = str(info.value)
    assert message.startswith("action 5 'Anna pass': ")
    assert "must hold" in message and "\n" not in message


def test_action_out_of_turn_named() -> None:
    actions = list(BASE["actions"])
    actions[1] = "Carla vie 2"
    with pytest.raises(RecordError, match=r"^action 2 'Carla vie 2': it is Ben's turn"):
        replay(load_record(toml(actions=actions)))


def test_action_after_the_end_named() -> None:
    actions = [*BASE["actions"], "Anna pass"]
    with pytest.raises(RecordError, match=r"^action 16 'Anna pass': the deal is already over"):
        replay(load_record(toml(actions=actions)))


def test_unreadable_action_and_unknown_card_in_an_action() -> None:
    actions = list(BASE["actions"])
    actions[8] = "Anna exchange Xq"
    with pytest.raises(RecordError, match=r"^action 9 'Anna exchange Xq': .*'Xq'"):
        replay(load_record(toml(actions=actions)))
    actions[8] = "Anna juggle"
    with pytest.raises(RecordError, match=r"^action 9 'Anna juggle': .*cannot read action"):
        replay(load_record(toml(actions=actions)))
    with pytest.raises(RecordError, match=r"action 1 'Anna' is not '<player> <verb>"):
        load_record(toml(actions=["Anna"]))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dealer": None}, "missing key 'dealer'"),
        ({"players": None}, "missing key 'players'"),
        ({"variant": None}, "missing key 'variant'"),
        ({"chips": None}, "missing key 'chips'"),
        ({"players": "Anna"}, "key 'players' has the wrong type"),
        ({"stock": ["Xx", *BASE["stock"][1:]]}, "unknown card 'Xx'"),
        ({"stock": None}, "give either 'stock'"),
        ({"options": 3}, "'options' must be a table"),
        # new-user typos and conflicting keys used to be read without a word
        ({"actions": None, "action": ["Anna vie 2"]},
         r"^deal record: unknown key 'action'; known keys: format, variant, options, players, "
         r"dealer, chips, stake, rest, ante, carry, raise_cap, dealing, stock, seed, "
         r"reshuffles, actions "
         r"\(other tables, such as \[expect\], are ignored\)$"),
        ({"stak": 2}, r"unknown key 'stak'; known keys: format, variant, "),
        ({"expect": 5, "colour": "blue"}, r"unknown keys 'expect', 'colour'; known keys"),
        ({"seed": 7}, r"^deal record: give either 'stock' \(the whole pack\) or 'seed', not both"),
        ({"seed": 7, "stock": ["7s"]}, r"give either 'stock' \(the whole pack\) or 'seed', "
         "not both"),
        # these were found only on replay, without the file or the key
        ({"dealer": "Zed"}, r"^deal record: key 'dealer': 'Zed' is not one of the players "
                            r"\(Anna, Ben, Carla, Dan\)$"),
        ({"chips": [50, 50]}, r"^deal record: key 'chips' gives 2 chip counts for 4 players"),
        ({"players": []}, r"^deal record: key 'players' is empty: name the players"),
    ],
)
def test_bad_file_keys_rejected_on_loading(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(toml(**changes))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"variant": "nope"}, "unknown variant 'nope'"),
        ({"options": {"foo": 1}}, "unknown option 'foo'"),
        ({"stock": BASE["stock"][:39]}, "missing Kc"),
        ({"stock": [*BASE["stock"][:39], "8s"]}, "8s"),
        ({"stake": 0}, "bad table"),
    ],
)
def test_bad_set_up_rejected_on_replay(changes: dict[str, Any], message: str) -> None:
    record = load_record(toml(**changes))
    with pytest.raises(RecordError, match=message):
        replay(record)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # these used to escape as a ValueError or TypeError, or were read silently
        ({"stake": "x"}, "key 'stake' must be a whole number, got 'x'"),
        # regression: true was taken for 1 chip (the engine accepts a bool as an int)
        ({"chips": [True, 50, 50, 50]}, r"key 'chips' must be whole numbers, got \[True"),
        ({"chips": True}, "key 'chips' must be whole numbers, got True"),
        ({"chips": [50, 50.5, 50, 50]}, "key 'chips' must be whole numbers"),
        ({"chips": ["50", 50, 50, 50]}, "key 'chips' must be whole numbers"),
        ({"rest": 2.5}, "key 'rest' must be a whole number, got 2.5"),
        ({"ante": True}, "key 'ante' must be a whole number, got True"),
        ({"carry": "3"}, "key 'carry' must be a whole number, got '3'"),
        ({"stock": None, "seed": "abc"}, "key 'seed' must be a whole number, got 'abc'"),
        ({"stock": 5}, "key 'stock' must be a list of cards, got 5"),
        ({"reshuffles": "7s"}, "key 'reshuffles' must be a list of card lists"),
        ({"reshuffles": [["7s", "Zz"]]}, "reshuffle 1: unknown card 'Zz'"),
        ({"actions": "Anna pass"}, "key 'actions' must be a list of strings"),
    ],
)
def test_bad_value_types_rejected_on_loading(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(toml(**changes))


def test_action_player_and_verb_split_on_any_whitespace() -> None:
    actions = [line.replace(" ", "\t", 1) for line in BASE["actions"]]
    record = load_record(toml(actions=actions))
    assert record.actions == load_record(EXAMPLE).actions
    assert replay(record).stacks == (57, 45, 50, 48)


def test_not_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00variant")
    with pytest.raises(RecordError, match=r"binary.toml: not a text file in UTF-8"):
        load_record(path)


def test_not_toml() -> None:
    with pytest.raises(RecordError, match="not valid TOML"):
        load_record("players = [\n")


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        load_record(tmp_path / "absent.toml")


def test_chips_as_one_number() -> None:
    record = load_record(toml(chips=20))
    assert record.chips == (20, 20, 20, 20)


def test_record_value() -> None:
    record = DealRecord(variant="waks", players=("A", "B"), dealer="B", chips=(5, 5),
                        stock=parse_cards(BASE["stock"]))
    assert record.expect == {}
    state = replay(record)
    assert state.to_act == 0 and state.seats[0].name == "A"
