"""Hostile input at the engine."""

from __future__ import annotations

import pickle
import random

import pytest

from primero import get_variant
from primero.actions import Call, Hold, Vie, parse_action
from primero.deal.engine import start_deal
from primero.errors import IllegalActionError, PrimeroError
from primero.records import dump_record, load_record, record_from_state, replay
from primero.testing.privacy import check_out_of_turn
from primero.testing.snapshots import snapshot
from primero.variants.cardano import call_book

NAMES = ["Anna", "Ben", "Carla", "Dan"]
STOCK = ("7h 6d As Kc 5h 4d 3s 2c Jh Qd Ks 7c 6h 5d 4s 3c 2h Jd Qs Kh 7d 6s 5c 4h 3d 2s Jc "
         "Qh Kd 7s 6c 5s 4c 3h 2d Js Qc Ah Ad Ac")
BETTING = ["waks", "cardano", "suzuki", "roman", "losing", "revival", "italian-primiera"]


def _at_exchange(variant: str = "waks"):
    state = start_deal(variant, NAMES, 20, stock=STOCK)
    for text in ["vie 1", "hold", "hold", "hold"]:
        state = state.apply(text)
    assert state.step is not None and state.step.kind == "exchange" and state.to_act == 0
    return state


# -- out of turn, nobody, unreadable ---------------------------------------------


@pytest.mark.parametrize("text", ["Ben fold", "Ben exchange 6d", "Zed vie 2", "Zed exchange",
                                  "vie two", "exchange Zz", "", "bid 3"])
def test_moves_not_from_the_mover_carry_nothing_of_annas_hand(text: str) -> None:
    state = _at_exchange()  # Anna holds 7h 5h; her legal actions spell them out
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert info.value.legal == ()
    shown = f"{info.value} {info.value.reason}"
    for card in ("7h", "5h", "7♥", "5♥"):
        assert card not in shown
    assert snapshot(state) == before


def test_out_of_turn_names_only_whose_turn_it_is() -> None:
    state = _at_exchange()
    with pytest.raises(IllegalActionError, match=r"^it is Anna's turn, not Ben's$"):
        state.apply("Ben fold")
    with pytest.raises(IllegalActionError,
                       match=r"'Zed' is neither an action word nor a player at this table"):
        state.apply("Zed vie 2")


def test_the_mover_named_gets_their_own_legal_actions() -> None:
    state = _at_exchange()
    with pytest.raises(IllegalActionError) as info:
        state.apply("Anna exchange Kc")
    assert info.value.legal == state.legal_actions()  # Anna's own: she may see them


def test_suzuki_pass_out_of_turn_leaks_nothing() -> None:
    state = start_deal("suzuki", NAMES, 20, stock=STOCK)  # Anna to act, 7h 5h
    with pytest.raises(IllegalActionError) as info:
        state.apply("Carla pass exchange As")
    assert info.value.legal == () and "7" not in str(info.value)


@pytest.mark.parametrize("variant", [*BETTING, "primiera"])
def test_out_of_turn_probe_at_every_step(variant: str) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = start_deal(variant, NAMES, rng.randint(3, 30), seed=seed)
        while not state.over:
            check_out_of_turn(state, seed)
            state = state.apply(rng.choice(state.legal_actions()))


# -- names like verbs --------------------------------------------------------------


@pytest.mark.parametrize("name", ["vie", "Hold", "pass", "FOLD", "exchange", "raise", "call"])
def test_players_named_like_action_words_are_refused(name: str) -> None:
    with pytest.raises(PrimeroError, match=f"player name '{name}' is an action word"):
        start_deal("waks", ["Anna", name], 20, seed=1)


# -- amounts -----------------------------------------------------------------------


@pytest.mark.parametrize("amount", [2.0, True, "2", None, 1.5])
def test_non_integer_amounts_are_refused(amount: object) -> None:
    with pytest.raises(IllegalActionError, match="must be a whole number of chips"):
        Vie(amount)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="must be a whole number of chips"):
        Hold(amount)  # type: ignore[arg-type]


def test_odd_values_applied_leave_the_state() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    before = snapshot(state)
    for bad in (None, 2.0, True, object(), ["vie", 2]):
        with pytest.raises(IllegalActionError):
            state.apply(bad)  # type: ignore[arg-type]
    assert snapshot(state) == before and state.stacks == (20, 20, 20, 20)


# -- wrong types -------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [
    {"dealer": None}, {"dealer": 1.0}, {"dealer": True}, {"chips": 3.5}, {"chips": None},
    {"players": None}, {"variant": None}, {"rng": 5}, {"stock": 5}, {"reshuffles": 5},
    {"reshuffles": ["7h 6d"]}, {"stake": "1"}, {"raise_cap": 1.5}, {"raise_cap": 0},
])
def test_wrong_types_in_start_deal_are_primero_errors(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"variant": "waks", "players": NAMES, "chips": 20, "seed": 1}
    args.update(kwargs)
    if "stock" in kwargs:
        del args["seed"]
    with pytest.raises(PrimeroError):
        start_deal(**args)  # type: ignore[arg-type]


def test_parse_action_of_none() -> None:
    with pytest.raises(IllegalActionError, match="an action is text"):
        parse_action(None)  # type: ignore[arg-type]


# -- raise_cap ---------------------------------------------------------------------


def test_raise_cap_one_allows_the_vie_then_only_hold_pass_fold() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK, raise_cap=1)
    state = state.apply("vie 2")
    assert [str(a) for a in state.legal_actions()] == ["hold", "pass", "fold"]
    with pytest.raises(IllegalActionError, match="the raise cap is reached: 1 vie"):
        state.apply("hold raise 1")


def test_raise_cap_two_allows_one_raise() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK, raise_cap=2)
    state = state.apply("vie 1").apply("hold raise 2")
    assert state.bets == 2
    assert [str(a) for a in state.legal_actions()] == ["hold", "pass", "fold"]


@pytest.mark.parametrize("variant", BETTING)
def test_every_betting_variant_accepts_a_raise_cap(variant: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = start_deal(variant, NAMES, 1_000_000_000, rest=999, raise_cap=3, seed=seed)
        actions = 0
        while not state.over:
            step = state.step
            assert step is None or step.kind != "bet" or state.bets <= 3
            state = state.apply(rng.choice(state.legal_action_ids()))
            actions += 1
            assert actions < 400  # bounded: 3 raises a round, each player answers each
        again = replay(load_record(dump_record(record_from_state(state))))
        assert again == state and again.table.raise_cap == 3


def test_no_cap_by_default() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    assert state.table.raise_cap is None
    for text in ["vie 1", "hold raise 1", "hold raise 1", "hold raise 1", "hold raise 1"]:
        state = state.apply(text)
    assert state.bets == 5


# -- Cardano at rest = 1000 --------------------------------------------------------


def test_cardano_wide_rest_is_fast_and_small() -> None:
    v = get_variant("cardano")
    book = call_book(v.ranking)
    state = start_deal(v, NAMES, 5000, rest=1000, seed=1)
    legal = state.legal_actions()
    # pass and fold, and 1000 vies each with every call (docs/rules/cardano.md)
    assert len(legal) == 2 + 1000 * len(book.calls)
    ids = state.legal_action_ids()
    assert len(ids) == len(legal) and list(ids) == sorted(ids)
    assert legal[5] in legal and Vie(1001, Call("Primero", 60)) not in legal
    assert Vie(1000, Call("Chorus", 84)) in legal
    assert len(pickle.dumps(state)) < 20_000
    state = state.apply(ids[-1])  # the biggest vie with the highest call
    assert state.history[-1][1] == Vie(1000, book.calls[-1])
    assert len(pickle.dumps(state)) < 20_000


def test_cardano_lazy_actions_match_their_ids() -> None:
    state = start_deal("cardano", NAMES, 5000, rest=60, seed=1)
    legal = state.legal_actions()
    assert not isinstance(legal, tuple)  # above the lazy threshold
    space = state.action_space
    assert state.legal_action_ids() == tuple(sorted(space.encode(state, a) for a in legal))
    for i in range(0, len(legal), 97):
        assert space.decode(state, space.encode(state, legal[i])) == legal[i]
    assert legal[:3] == tuple(list(legal)[:3])


def test_a_deal_too_long_for_the_agents_is_a_primero_error() -> None:
    from primero.agents import RandomAgent, play_deal
    from primero.errors import EndlessDealError

    state = start_deal("suzuki", NAMES, 1_000_000, rest=999, seed=3)
    with pytest.raises(EndlessDealError, match="did not end within 5 actions") as info:
        play_deal(state, [RandomAgent()] * 4, random.Random(1), max_actions=5)
    assert isinstance(info.value, PrimeroError)


# -- betting rules as data --------------------------------------------------


def _with_betting(base: str, **rules: object):
    from attrs import evolve

    from primero.plugins.registry import registry

    spec = registry().spec(base)
    return evolve(spec, name=f"{base}-data", betting=evolve(spec.betting, **rules)).configure()


def test_one_betting_rule_is_one_field_no_fold() -> None:
    v = _with_betting("waks", fold=False)
    state = start_deal(v, NAMES, 20, stock=STOCK)
    assert [str(a) for a in state.legal_actions()] == ["pass", "vie 1", "vie 2", "vie 3"]


def test_one_betting_rule_is_one_field_must_hold_in_round_two_too() -> None:
    # docs/rules/waks.md: the must-hold binds round 1 only; a variant may bind rounds 1 and 2
    waks = start_deal("waks", NAMES, 20, stock=STOCK)
    both = start_deal(_with_betting("waks", must_hold_rounds=(1, 2)), NAMES, 20, stock=STOCK)
    none = start_deal(_with_betting("waks", must_hold_rounds=()), NAMES, 20, stock=STOCK)
    for text in ["vie 1", "pass", "pass"]:  # Anna vies, Ben and Carla pass: Dan is bound
        waks, both, none = (s.apply(text) for s in (waks, both, none))
    assert [str(a) for a in waks.legal_actions()] == ["hold", "hold raise 1", "hold raise 2",
                                                      "hold raise 3"]
    assert [str(a) for a in both.legal_actions()] == [str(a) for a in waks.legal_actions()]
    assert [str(a) for a in none.legal_actions()][-2:] == ["pass", "fold"]


def test_revival_and_suzuki_betting_are_data() -> None:
    from primero.variant import WAKS_BETTING, BettingRules
    from primero.variants.revival import REVIVAL_BETTING, RevivalRules
    from primero.variants.suzuki import SUZUKI

    assert BettingRules(must_hold_rounds=(), pass_answers_bet=False,
                                           carry_without_vie=False) == REVIVAL_BETTING
    assert SUZUKI.betting == BettingRules(fold=False, raise_reopens_passes=True, pass_exchange=2,
                                          answer_once=True)
    assert get_variant("waks").spec.betting == WAKS_BETTING
    assert not hasattr(RevivalRules, "primero_legal_actions")
    assert not hasattr(RevivalRules, "primero_end_step")
