"""The revival game and its presets (docs/rules/revival.md, [seed-FR][seed-IT])."""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest
from click.testing import CliRunner
from independent import HERE, census, check_deal_file, point_ranges
from independent import pack as independent_pack

import primero
from primero.actions import Exchange, Fold, Hold, Pass, Vie
from primero.cli.core import app
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import IllegalActionError
from primero.records import load_record, replay
from primero.rules.settling import settle_showdown
from primero.variants.revival import (
    PRESETS,
    REVIVAL,
    RevivalRules,
    revival_plan,
    revival_tie_policy,
)

NAMES = ("revival", "italian-primiera", "spanish-primera", "french-prime", "english-primero")

#: docs/rules/revival.md: each preset's defaults that differ from the revival game's.
PRESET_DEFAULTS: dict[str, dict[str, Any]] = {
    "revival": {},
    "italian-primiera": {"rounds": 3},
    "spanish-primera": {"deck": "spanish48", "rounds": 3},
    "french-prime": {"deck": "french52", "rounds": 2},
    "english-primero": {"deck": "spanish48"},
}
REVIVAL_DEFAULTS = {"deck": "italian40", "supremus": False, "chorus": True,
                    "numerus_counts": "best_suit", "high_primero_beats_fluxus": False,
                    "supremus_suits": "one", "tie": "split", "rounds": 1,
                    "exchange_first": False, "deal_packets": 2, "exchange": "once",
                    # play clockwise, the dealer's position turning counter-clockwise
                    "play_direction": "clockwise", "deal_passes": "against_play"}  # [seed-IT]


def stacked(variant: primero.Variant, top: str) -> list[str]:
    """The whole pack: ``top`` first, then the rest in pack order."""
    first = top.split()
    rest = [c.ascii for c in variant.pack if c.ascii not in first]
    assert len(first) + len(rest) == len(variant.pack)
    return first + rest


def play(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = state.apply(text)
    return state


def names_of(state: GameState, pairs: Any) -> dict[str, int]:
    return {state.seats[seat].name: amount for seat, amount in pairs}


@pytest.fixture(scope="module")
def revival() -> primero.Variant:
    return primero.get_variant("revival")


# --- registration ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_registered_with_sources_and_defaults(name: str) -> None:
    spec = primero.registry().spec(name)
    assert spec.name == name
    assert any(s.startswith("[seed-FR]") for s in spec.sources)
    assert any(s.startswith("[seed-IT]") for s in spec.sources)
    assert spec.players == (2, 6)
    # the same rules object, only other option defaults: not special cases in the engine
    assert len(spec.plugins) == 1 and isinstance(spec.plugins[0], RevivalRules)
    assert spec.plugins == REVIVAL.plugins
    assert [o.name for o in spec.options] == [o.name for o in REVIVAL.options]
    assert {o.name: o.default for o in spec.options} \
        == REVIVAL_DEFAULTS | PRESET_DEFAULTS[name]
    assert primero.registry().provider(primero.get_variant(name).spec) == "primero.variants.revival"


def test_presets_are_the_registered_specs() -> None:
    assert [p.name for p in PRESETS] == list(NAMES[1:])


@pytest.mark.parametrize(
    ("rounds", "exchange_first", "plan"),
    [
        (1, False, ["ante", "deal 2", "deal 2", "betting round 1", "showdown"]),
        (2, False, ["ante", "deal 2", "deal 2", "betting round 1", "exchange",
                    "betting round 2", "showdown"]),
        (3, False, ["ante", "deal 2", "deal 2", "betting round 1", "exchange",
                    "betting round 2", "betting round 3", "showdown"]),
        (1, True, ["ante", "deal 2", "deal 2", "exchange", "betting round 1", "showdown"]),
        (2, True, ["ante", "deal 2", "deal 2", "exchange", "betting round 1", "exchange",
                   "betting round 2", "showdown"]),
    ],
)
def test_deal_plan(rounds: int, exchange_first: bool, plan: list[str]) -> None:
    variant = primero.get_variant("revival", rounds=rounds, exchange_first=exchange_first)
    assert [str(step) for step in variant.rules.deal.deal_plan()] == plan


def test_preset_plans() -> None:
    assert primero.get_variant("italian-primiera").rules.deal.deal_plan() == revival_plan(3)
    assert primero.get_variant("french-prime").rules.deal.deal_plan() == revival_plan(2)
    assert primero.get_variant("spanish-primera").rules.deal.deal_plan() == revival_plan(3)
    with pytest.raises(primero.InvalidOptionError, match="rounds"):
        primero.get_variant("revival", rounds=4)
    with pytest.raises(ValueError, match="1 to 3"):
        revival_plan(0)


# --- ranking: packs and census -----------------------------------------------------------------

def _frequencies(name: str) -> Any:
    result = CliRunner().invoke(app, ["frequencies", "--variant", name, "--json"],
                                env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("name", "pack", "hands", "classes"),
    [
        # docs/rules/figures.md with the Supremus hands in Numerus (Supremus off by default)
        ("revival", "italian40", 91_390,
         {"Chorus": 10, "Fluxus": 840, "Primero": 9_990, "Numerus": 80_550}),
        ("spanish-primera", "spanish48", 194_580,
         {"Chorus": 12, "Fluxus": 1_980, "Primero": 20_724, "Numerus": 171_864}),
        ("french-prime", "french52", 270_725,
         {"Chorus": 13, "Fluxus": 2_860, "Primero": 28_548, "Numerus": 239_304}),
    ],
)
def test_cli_census_against_enumeration(name: str, pack: str, hands: int,
                                        classes: dict[str, int]) -> None:
    data = _frequencies(name)
    assert data["pack"] == pack
    assert data["hands"] == hands
    assert data["classes"] == classes == census(pack, supremus=False)
    assert {k: tuple(v) for k, v in data["points"].items()} \
        == point_ranges(pack, supremus=False)


def test_english_primero_ranks_as_spanish_primera() -> None:
    # the same pack and ranking options: the same census (checked once, through spanish-primera)
    english, spanish = (primero.get_variant(n) for n in ("english-primero", "spanish-primera"))
    ranking = {o.name for o in english.spec.options if o.affects_ranking}
    assert {k: v for k, v in english.settings if k in ranking} \
        == {k: v for k, v in spanish.settings if k in ranking}
    assert english.pack == spanish.pack


def test_supremus_is_an_option(revival: primero.Variant) -> None:
    assert revival.ranking.evaluate("7s 6s As Kh").label == "Numerus 55"
    on = revival.with_options(supremus=True)
    cards = primero.parse_cards("7s 6s As Kh")
    points = {card: on.rules.card_points(card) for card in cards}
    value = on.rules.manager.hook.primero_classify_hand(variant=on, cards=cards, points=points)
    assert (value.hand_class, value.points) == ("Supremus", 55)


# --- dealing and antes -------------------------------------------------------------------------

def test_two_cards_at_a_time_after_the_antes(revival: primero.Variant) -> None:
    stock = stacked(revival, "7s 6s 7h 6h 7d 6d Kh Qd Js Kc Qs Jc")
    state = start_deal(revival, ["Anna", "Ben", "Carla"], 10, dealer="Carla", ante=1,
                       stock=stock)
    hands = {s.name: " ".join(c.ascii for c in s.hand) for s in state.seats}
    assert hands == {"Anna": "7s 6s Kh Qd", "Ben": "7h 6h Js Kc", "Carla": "7d 6d Qs Jc"}
    # antes are contributions, not bets of round 1
    assert [s.contributed for s in state.seats] == [1, 1, 1]
    assert [s.round_bet for s in state.seats] == [0, 0, 0]
    assert state.stacks == (9, 9, 9) and state.pot == 3 and state.high == 0
    assert state.to_act == 0 and str(state.step) == "betting round 1"
    assert state.legal_actions() == (Pass(), Vie(1), Vie(2), Vie(3), Fold())


def test_player_short_of_the_ante_is_all_in(revival: primero.Variant) -> None:
    # Carla deals; Anna (eldest) has 1 chip for an ante of 2: she puts it in and is all-in.
    # Anna 7s 6h Ad Kc = Primero 65; Ben 7d 6d Qs Jc = Numerus 39; Carla 5c 4c 3h 2s =
    # Numerus 29.
    stock = stacked(revival, "7s 6h 7d 6d 5c 4c Ad Kc Qs Jc 3h 2s")
    state = start_deal(revival, ["Anna", "Ben", "Carla"], [1, 10, 10], dealer="Carla",
                       ante=2, stock=stock)
    assert state.seats[0].all_in and state.seats[0].contributed == 1
    assert state.to_act == 1  # Anna cannot act: Ben opens
    state = play(state, "vie 2", "hold")
    settlement = state.settlement
    assert settlement is not None
    # contributions 1, 4, 4: main pot 3 x 1 = 3 to Anna; side pot 2 x 3 = 6 to Ben
    assert [(layer.amount, layer.winners) for layer in settlement.layers] == [(3, (0,)),
                                                                             (6, (1,))]
    assert state.stacks == (3, 12, 6)


def test_antes_only_showdown_when_nobody_bets(revival: primero.Variant) -> None:
    # A round in which nobody bets simply ends, the last one too: the showdown takes the pot.
    # Ben deals; Anna 7s 6h Ad Kc (Primero 65) against Ben 7d 6d Qs Jc (Numerus 39).
    stock = stacked(revival, "7s 6h 7d 6d Ad Kc Qs Jc")
    state = start_deal(revival, ["Anna", "Ben"], 10, dealer="Ben", ante=1, stock=stock)
    state = play(state, "pass", "pass")
    assert state.over and state.ended_by == "showdown"
    assert state.settlement is not None and state.settlement.carry == 0
    assert names_of(state, [(a.seat, a.amount) for a in state.settlement.awards]) \
        == {"Anna": 2}
    assert state.stacks == (11, 9)


# --- betting -------------------------------------------------------------------------------------

def test_no_pass_once_someone_has_bet(revival: primero.Variant) -> None:
    stock = stacked(revival, "7s 6s 7h 6h 7d 6d Kh Qd Js Kc Qs Jc")
    state = start_deal(revival, ["Anna", "Ben", "Carla"], 10, dealer="Carla", ante=1,
                       stock=stock)
    state = play(state, "pass", "vie 2")
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Fold())
    before = state
    with pytest.raises(IllegalActionError, match="no pass") as info:
        state.apply("pass")
    assert Pass() not in info.value.legal
    with pytest.raises(IllegalActionError, match="already bet"):
        state.apply("vie 1")
    with pytest.raises(IllegalActionError, match="rest"):
        state.apply("hold raise 4")
    assert state == before
    state = play(state, "hold raise 1")          # Carla: 3
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Fold())  # Anna owes 3


def test_no_must_hold(revival: primero.Variant) -> None:
    # In waks Anna, last before the vier with nobody holding, would be bound to hold; here she
    # may fold, and Ben takes the pot unseen (his unmatched chip goes back).
    stock = stacked(revival, "7s 6s 7h 6h 7d 6d Kh Qd Js Kc Qs Jc")
    state = start_deal(revival, ["Anna", "Ben", "Carla"], 10, dealer="Carla", ante=1,
                       stock=stock)
    state = play(state, "pass", "vie 1", "fold")
    assert Fold() in state.legal_actions() and Pass() not in state.legal_actions()
    state = state.apply("fold")
    assert state.over and state.ended_by == "folds"
    settlement = state.settlement
    assert settlement is not None and not settlement.showdown
    assert [(a.seat, a.amount, a.value) for a in settlement.awards] == [(1, 3, None)]
    assert settlement.returns == ((1, 1),)
    assert state.stacks == (9, 12, 9)


def test_exchange_first(revival: primero.Variant) -> None:
    variant = revival.with_options(exchange_first=True)
    stock = stacked(variant, "7s 6s 7h 6h Kh Qd Js Kc 5c 4c")
    state = start_deal(variant, ["Anna", "Ben"], 10, dealer="Ben", ante=1, stock=stock)
    assert str(state.step) == "exchange" and state.to_act == 0
    legal = state.legal_actions()
    assert len(legal) == 16 and all(isinstance(a, Exchange) for a in legal)
    state = play(state, "exchange Kh Qd", "exchange")  # Anna draws 5c 4c from the top
    assert {c.ascii for c in state.seats[0].hand} == {"7s", "6s", "5c", "4c"}
    assert str(state.step) == "betting round 1" and state.to_act == 0


# --- ties and deal files ----------------------------------------------------------------------

def test_deal_three_way_split_with_odd_chips() -> None:
    state = check_deal_file("revival_three_way_split.toml")
    settlement = state.settlement
    (layer,) = settlement.layers
    assert (layer.amount, layer.winners, layer.shares) == (8, (0, 1, 2), (3, 3, 2))


def test_three_way_tie_with_tie_eldest() -> None:
    # The option tie=eldest: the whole layer to the eldest of the tied (settled directly, so
    # that no second italian40 table is built for a variant differing only in its tie option).
    state = replay(load_record(HERE / "revival_three_way_split.toml"))
    policy = revival_tie_policy("eldest")
    assert policy == "eldest"
    settlement = settle_showdown(state, tie=policy)
    assert [(a.seat, a.amount) for a in settlement.awards] == [(0, 8)]
    variant = state.variant.with_options(tie="eldest")
    assert variant.option("tie") == "eldest"


def test_deal_equal_primeros_go_to_the_eldest() -> None:
    state = check_deal_file("revival_primero_tie_eldest.toml")
    # Carla (seat 2) is nearer the dealer (Anna, seat 0) in playing order than Anna herself
    assert state.eldest == 1
    # the layers of 9 and 2 are open to the same players
    # still in, so they form one pot of 11, and the tie is settled once for it
    assert [(layer.amount, layer.winners, layer.shares) for layer in state.settlement.layers] \
        == [(11, (2,), (11,))]
    # a plain split (no Primero exception) would have shared both layers
    plain = settle_showdown(state, tie="split")
    assert [(a.seat, a.amount) for a in plain.awards] == [(0, 5), (2, 6)]


def test_deal_italian_primiera_three_rounds_with_exchange() -> None:
    state = check_deal_file("revival_italian_primiera_three_rounds.toml")
    assert state.variant.name == "italian-primiera"
    assert [str(a) for _, a in state.history][3:6] == ["exchange 2s 3s", "exchange Kc",
                                                       "exchange"]
    assert state.settlement.carry == 0


def test_deal_spanish_primera_three_rounds_with_the_48_card_pack() -> None:
    state = check_deal_file("revival_spanish_primera_three_rounds.toml")
    assert state.variant.name == "spanish-primera"
    assert [str(step) for step in state.plan].count("exchange") == 1
    assert [str(a) for _, a in state.history][-3:] == ["pass", "vie 3", "hold"]


# --- the exchange between rounds (option exchange) ---------------------------------------------

@pytest.mark.parametrize(
    ("rounds", "exchange", "plan"),
    [
        (3, "every_round", ["ante", "deal 2", "deal 2", "betting round 1", "exchange",
                            "betting round 2", "exchange", "betting round 3", "showdown"]),
        (1, "every_round", ["ante", "deal 2", "deal 2", "betting round 1", "showdown"]),
        (2, "none", ["ante", "deal 2", "deal 2", "betting round 1", "betting round 2",
                     "showdown"]),
        (3, "none", ["ante", "deal 2", "deal 2", "betting round 1", "betting round 2",
                     "betting round 3", "showdown"]),
    ],
)
def test_exchange_option_places_the_exchanges(rounds: int, exchange: str,
                                              plan: list[str]) -> None:
    variant = primero.get_variant("revival", rounds=rounds, exchange=exchange)
    assert [str(step) for step in variant.rules.deal.deal_plan()] == plan


def test_exchange_none_keeps_the_house_rule_exchange_first() -> None:
    assert [str(s) for s in revival_plan(2, exchange_first=True, exchange="none")] \
        == ["ante", "deal 2", "deal 2", "exchange", "betting round 1", "betting round 2",
            "showdown"]


def test_exchange_option_is_validated() -> None:
    assert REVIVAL.option("exchange").default == "once"
    with pytest.raises(primero.InvalidOptionError, match=r"'exchange'.*'every_round'"):
        primero.get_variant("revival", exchange="always")
    with pytest.raises(ValueError, match="exchange"):
        revival_plan(2, exchange="twice")


def test_deal_exchange_before_every_round() -> None:
    state = check_deal_file("revival_exchange_every_round.toml")
    assert [str(a) for _, a in state.history][6:8] == ["exchange", "exchange Qc"]


def test_deal_exchange_once_has_no_exchange_before_round_3() -> None:
    # The same deal under the default exchange = "once": after round 2 comes round 3 itself,
    # so Anna's stand-pat "exchange" is refused and the state is unchanged.
    record = load_record(HERE / "revival_exchange_every_round.toml")
    state = start_deal(primero.get_variant("revival", rounds=3), list(record.players), 20,
                       dealer="Ben", ante=1, stock=list(record.stock))
    state = play(state, "pass", "pass", "exchange 2s 3s", "exchange Kc", "vie 1", "hold")
    assert str(state.step) == "betting round 3"
    with pytest.raises(IllegalActionError):
        state.apply("exchange")


def test_deal_without_the_exchange() -> None:
    state = check_deal_file("revival_no_exchange.toml")
    record = load_record(HERE / "revival_no_exchange.toml")
    after_round1 = replay(record, stop_after=2)
    assert str(after_round1.step) == "betting round 2"
    with pytest.raises(IllegalActionError):
        after_round1.apply("exchange Qc")
    assert state.settlement.carry == 0


# --- the unsuited Supremus (option supremus_suits) ---------------------------------------------

def _unsuited_supremus_count(pack_name: str) -> int:
    """Hands of ``pack_name`` with an ace, a 6 and a 7 and not all of one suit, enumerated."""
    count = 0
    for hand in combinations(independent_pack(pack_name), 4):
        ranks = {rank for rank, _ in hand}
        if {1, 6, 7} <= ranks and len({suit for _, suit in hand}) > 1:
            count += 1
    return count


def test_unsuited_supremus_census_over_italian40() -> None:
    # Counted by hand: one 7, 6 and A each (4 x 4 x 4) with one of the 28 other cards, plus
    # two of one of the three ranks (3 x 6 x 4 x 4), less the 28 Fluxus 7-6-A-x of one suit.
    assert 64 * 28 + 3 * 6 * 16 - 28 == 2052 == _unsuited_supremus_count("italian40")
    variant = primero.get_variant("revival", supremus=True, supremus_suits="any")
    census = variant.ranking.census()
    assert census["Supremus"] == 2052
    # the hands it takes were Primeros (7, 6, A of three suits and a fourth suit) and Numeri;
    # Chorus and Fluxus are untouched (docs/rules/figures.md: 10 and 840)
    assert (census["Chorus"], census["Fluxus"]) == (10, 840)
    assert sum(census.values()) == 91_390


def test_unsuited_supremus_keeps_the_fluxus_and_needs_supremus_on() -> None:
    on = primero.get_variant("revival", supremus=True, supremus_suits="any")
    assert on.ranking.evaluate("7s 6h Ad Kc").label == "Supremus 55"
    assert on.ranking.evaluate("7s 6s As 5s").label == "Fluxus 70"
    assert on.ranking.evaluate("7s 7h 6d Ac").label == "Supremus 55"
    assert "any suits" in on.ranking.evaluate("7s 6h Ad Kc").explain()
    with pytest.raises(primero.InvalidOptionError, match="supremus_suits"):
        primero.get_variant("revival", supremus_suits="two")


def test_deal_unsuited_supremus_beats_a_primero_69() -> None:
    state = check_deal_file("revival_unsuited_supremus.toml")
    assert state.variant.option("supremus_suits") == "any"
