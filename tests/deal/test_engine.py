"""The engine API: the shared golden deal, stacked stocks, set-up errors, views, values.

The golden case ``tests/cases/waks_example.toml`` (docs/rules/waks.md#worked-example) is driven here
through
``start_deal`` / ``apply`` directly; the deal-file replay of the same file is tested with the
history module.
"""

from __future__ import annotations

import copy
import random
import tomllib
from typing import Any

import pytest

import primero
from conftest import CASES
from primero import IllegalActionError, InvalidDeckError, PrimeroError
from primero.actions import Exchange, Fold, Hold, Pass, Vie
from primero.deal.engine import apply, legal_actions, start_deal, view
from primero.deal.start import MAX_BET_SIZES
from primero.deal.state import GameState
from primero.testing.invariants import check_deal_invariants
from primero.testing.privacy import check_view_hides
from primero.testing.snapshots import snapshot

WAKS = primero.get_variant("waks")
GOLDEN: dict[str, Any] = tomllib.loads((CASES / "waks_example.toml").read_text("utf-8"))


def golden_start() -> GameState:
    return start_deal(WAKS, GOLDEN["players"], GOLDEN["chips"], dealer=GOLDEN["dealer"],
                      stake=GOLDEN["stake"], rest=GOLDEN["rest"], stock=GOLDEN["stock"])


def play(state: GameState, lines: list[str]) -> GameState:
    """Apply ``"<player> <action>"`` lines, checking whose turn it is and every invariant."""
    for line in lines:
        name, _, text = line.partition(" ")
        assert state.to_act is not None, f"{line}: the deal is over"
        assert state.seats[state.to_act].name == name, f"{line}: not {name}'s turn"
        state = state.apply(text)
        check_deal_invariants(state)
    return state


def hand(state: GameState, name: str) -> str:
    return " ".join(c.ascii for c in state.seats[state.seat_of(name)].hand)


# --------------------------------------------------------------------------------------------
# The golden case (docs/rules/waks.md#worked-example)

ROUND1 = 8  # the first eight actions are betting round 1
EXCHANGE_END = 11


def test_golden_deal_first_cards() -> None:
    state = golden_start()
    # one card at a time from the eldest (Anna): 7s 3s 4d 5s, then Qd Jc 2s Kd
    assert [hand(state, p) for p in GOLDEN["players"]] == ["7s Qd", "3s Jc", "4d 2s", "5s Kd"]
    assert state.seats[state.to_act or 0].name == "Anna"
    assert len(state.stock) == 32


def test_golden_deal_pot_after_round_one() -> None:
    state = play(golden_start(), GOLDEN["actions"][:ROUND1])
    # Ben vies 2, Anna holds 2, Dan holds 2; Carla folded without putting anything in
    assert state.pot == GOLDEN["expect"]["pot_after_round1"] == 6
    assert state.step is not None and state.step.kind == "exchange"
    assert [s.contributed for s in state.seats] == [2, 2, 0, 2]
    assert state.seats[2].folded


def test_golden_deal_exchange_and_second_deal() -> None:
    state = play(golden_start(), GOLDEN["actions"][:EXCHANGE_END])
    # Anna throws Qd and draws Ad; Ben throws 3s Jc and draws 7h 6h; Dan throws 5s, draws 3h;
    # then two more each from Anna, Carla skipped: 6c 5h Js, Kh 2c Qc
    assert hand(state, "Anna") == "7s Ad 6c Kh"
    assert hand(state, "Ben") == "7h 6h 5h 2c"
    assert hand(state, "Dan") == "Kd 3h Js Qc"
    assert hand(state, "Carla") == "4d 2s"  # a folded player gets no more cards
    assert sorted(c.ascii for c in state.discards) == sorted(["Qd", "3s", "Jc", "5s"])


def test_golden_deal_showdown() -> None:
    before_last = play(golden_start(), GOLDEN["actions"][:-1])
    assert before_last.pot == 9  # 6 + Ben's vie of 3
    state = play(before_last, GOLDEN["actions"][-1:])
    expect = GOLDEN["expect"]
    assert state.over and state.ended_by == "showdown"
    settlement = state.settlement
    assert settlement is not None
    # round 2: Ben vies 3, Anna holds 3: pot 6 + 6 = 12 = expect.pot
    assert sum(layer.amount for layer in settlement.layers) == expect["pot"] == 12
    assert settlement.returns == () and settlement.carry == 0
    (award,) = settlement.awards
    assert state.seats[award.seat].name == expect["winner"] == "Anna"
    assert award.amount == 12
    assert award.value is not None and award.value.label == "Primero 65"
    values = {state.seats[s].name: v.label for s, v in settlement.values}
    assert values == expect["values"] == {"Anna": "Primero 65", "Ben": "Numerus 54"}
    assert {p: hand(state, p) for p in expect["hands"]} == {
        "Anna": "7s Ad 6c Kh", "Ben": "7h 6h 5h 2c", "Dan": "Kd 3h Js Qc"}
    # Anna 50 - 2 - 3 + 12 = 57, Ben 50 - 2 - 3 = 45, Carla 50, Dan 50 - 2 = 48
    assert list(state.stacks) == expect["chips"] == [57, 45, 50, 48]


def test_golden_must_hold_illegal_actions_leave_the_state_unchanged() -> None:
    state = play(golden_start(), GOLDEN["actions"][:4])  # up to Dan's pass
    assert state.seats[state.to_act or 0].name == "Anna"
    before = snapshot(state)
    for line in GOLDEN["expect"]["must_hold_illegal"]:
        _, _, text = line.partition(" ")
        with pytest.raises(IllegalActionError, match="must hold") as info:
            state.apply(text)
        assert "Anna speaks last before Ben" in info.value.reason
        assert info.value.legal == state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3))
        assert snapshot(state) == before


def test_golden_pass_once_named_in_the_error() -> None:
    state = play(golden_start(), GOLDEN["actions"][:6])  # Carla's second turn
    assert state.seats[state.to_act or 0].name == "Carla"
    with pytest.raises(IllegalActionError, match="Carla already passed once"):
        state.apply("pass")


def test_golden_printed_version_rejected_naming_6h() -> None:
    printed = GOLDEN["printed"]
    with pytest.raises(InvalidDeckError, match=printed["error_mentions"]) as info:
        start_deal(WAKS, GOLDEN["players"], GOLDEN["chips"], dealer=GOLDEN["dealer"],
                   stock=printed["stock"])
    assert "duplicate card 6h" in str(info.value)


def test_golden_deal_through_the_functions() -> None:
    # the module functions are the same API as the methods
    state = golden_start()
    assert legal_actions(state) == state.legal_actions() == (Pass(), Vie(1), Vie(2), Vie(3),
                                                              Fold())
    assert apply(state, Pass()) == state.apply("pass")
    assert view(state, 1) == state.view(1)


# --------------------------------------------------------------------------------------------
# Views


def test_views_hide_other_hands_the_stock_and_exchanged_cards() -> None:
    state = play(golden_start(), GOLDEN["actions"][:EXCHANGE_END])
    anna = check_view_hides(state, 0)
    assert " ".join(c.ascii for c in anna.hand) == "7s Ad 6c Kh"
    assert all(s.shown == () for s in anna.seats)
    assert [s.cards for s in anna.seats] == [4, 4, 2, 4]
    assert anna.stock_size == len(state.stock) and anna.discards_size == 4
    texts = dict(enumerate(t for _, t in anna.history))
    assert texts[9] == "exchange 2 cards"  # Ben's exchange: how many, not which
    assert "3s" not in repr(anna.seats) + repr(anna.history)
    assert [c.ascii for c in state.view(1).discarded] == ["3s", "Jc"]
    assert anna.legal == state.legal_actions()  # Anna is to act
    assert state.view(1).legal == ()


def test_views_after_the_showdown_show_only_the_hands_shown() -> None:
    state = play(golden_start(), GOLDEN["actions"])
    carla = check_view_hides(state, 2)
    shown = {s.name: " ".join(c.ascii for c in s.shown) for s in carla.seats}
    # Anna and Ben showed; Carla and Dan folded face down
    assert shown == {"Anna": "7s Ad 6c Kh", "Ben": "7h 6h 5h 2c", "Carla": "", "Dan": ""}


def test_view_of_a_bad_seat() -> None:
    with pytest.raises(IndexError, match="seat 4"):
        golden_start().view(4)


# --------------------------------------------------------------------------------------------
# Stacked stocks and set-up errors


def test_stacked_stock_with_a_card_outside_the_pack() -> None:
    stock = ["8s", *GOLDEN["stock"][1:]]
    with pytest.raises(InvalidDeckError, match=r"8s .* not in the italian40 pack"):
        start_deal(WAKS, ["A", "B"], 10, stock=stock)


def test_stacked_stock_missing_a_card() -> None:
    with pytest.raises(InvalidDeckError, match="missing Kc"):
        start_deal(WAKS, ["A", "B"], 10, stock=GOLDEN["stock"][:-1])


def test_stacked_stock_as_text_with_a_bad_token() -> None:
    with pytest.raises(primero.CardParseError, match="'Zz'"):
        start_deal(WAKS, ["A", "B"], 10, stock="7s Zz")


@pytest.mark.parametrize(("players", "kwargs", "match"), [
    (["A"], {}, "2 to 6 players; got 1"),
    (["A", "B", "C", "D", "E", "F", "G"], {}, "2 to 6 players; got 7"),
    (["A", "B", "A"], {}, "two players are called 'A'"),
    (["A", "B C"], {}, "'B C' must be one word"),
    (["A", "B"], {"chips": [10, 0]}, "B has 0 chips"),
    (["A", "B"], {"chips": [10]}, "^2 players but 1 chip count: one per player$"),
    (["A", "B"], {"dealer": "Zed"}, "dealer 'Zed' is not a player"),
    (["A", "B"], {"dealer": 2}, "dealer seat 2 is not a seat of 2 players"),
    (["A", "B"], {"dealer": -3}, "dealer seat -3 is not a seat of 2 players"),
    (["A", "B"], {"stake": 0}, "bad table: stake 0"),
    (["A", "B"], {"stake": 3, "rest": 2}, "bad table: stake 3, rest 2"),
    (["A", "B"], {"carry": -1}, "carry-over must not be negative"),
    (["A", "B"], {"seed": None}, "give a seed"),
])
def test_bad_setups_are_rejected(players: list[str], kwargs: dict[str, Any], match: str) -> None:
    args: dict[str, Any] = {"chips": 10, "seed": 1} | kwargs
    with pytest.raises(PrimeroError, match=match):
        start_deal(WAKS, players, **args)


def test_dealer_by_seat_name_and_from_the_end() -> None:
    by_name = start_deal(WAKS, ["A", "B", "C"], 10, dealer="B", seed=3)
    assert by_name.dealer == 1 and by_name.eldest == 2 and by_name.to_act == 2
    assert start_deal(WAKS, ["A", "B", "C"], 10, seed=3).dealer == 2  # default: the last
    assert start_deal(WAKS, ["A", "B", "C"], 10, dealer=-3, seed=3).dealer == 0


def test_a_seed_or_an_rng_makes_the_deal_reproducible() -> None:
    a = start_deal(WAKS, ["A", "B", "C"], 10, seed=42)
    assert a == start_deal(WAKS, ["A", "B", "C"], 10, seed=42)
    assert a.setup.stock != start_deal(WAKS, ["A", "B", "C"], 10, seed=43).setup.stock
    r1 = start_deal(WAKS, ["A", "B"], 10, rng=random.Random(7))
    r2 = start_deal(WAKS, ["A", "B"], 10, rng=random.Random(7))
    assert r1 == r2 and r1.setup.stock == r2.setup.stock


# --------------------------------------------------------------------------------------------
# Errors and values


def test_illegal_action_error_carries_legal_and_reason() -> None:
    state = golden_start()
    with pytest.raises(IllegalActionError) as info:
        state.apply(Hold())
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, PrimeroError)
    assert err.legal == state.legal_actions()
    assert err.reason == "nobody has vied yet: there is nothing to hold"
    assert err.reason in str(err) and "Legal: pass, vie 1, vie 2, vie 3, fold" in str(err)


@pytest.mark.parametrize(("text", "match"), [
    ("vie 4", "at most the rest \\(3\\)"),
    ("vie 0", "a vie is at least 1 chip"),
    ("exchange 7s", "exchanges happen after betting round 1"),
    ("dance", "cannot read action 'dance'"),
    ("vie lots", "'lots' is not a number"),
])
def test_illegal_actions_say_why(text: str, match: str) -> None:
    state = golden_start()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(text)
    assert snapshot(state) == before


def test_exchange_of_a_card_not_in_hand() -> None:
    state = play(golden_start(), GOLDEN["actions"][:ROUND1])
    with pytest.raises(IllegalActionError, match="only discard cards from your own hand"):
        state.apply(Exchange(primero.parse_cards("3s")))  # Ben's card, not Anna's


def test_no_action_after_the_deal_is_over() -> None:
    state = play(golden_start(), GOLDEN["actions"])
    assert state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="the deal is over") as info:
        state.apply("pass")
    assert info.value.legal == ()


def test_a_state_deep_copies_to_an_equal_state() -> None:
    for state in (golden_start(), play(golden_start(), GOLDEN["actions"])):
        clone = copy.deepcopy(state)
        assert clone == state
        assert copy.copy(state) == state
        assert clone.view(0) == state.view(0)


def test_apply_leaves_the_old_state_as_it_was() -> None:
    state = golden_start()
    before = snapshot(state)
    after = state.apply("vie 2")
    assert snapshot(state) == before
    assert state.pot == 0 and after.pot == 2
    assert state.legal_actions() == (Pass(), Vie(1), Vie(2), Vie(3), Fold())


# --------------------------------------------------------------------------------------------
# Setting up a deal: bad chips, stakes, rests and antes refused before anything moves
# (regressions a new user found)


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


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"chips": [True, 5]}, "A has True chips"),
        ({"chips": [3, 5], "stake": True}, "stake must be a whole number of chips, got True"),
        ({"chips": [3, 5], "rest": 2.5}, "rest must be a whole number of chips, got 2.5"),
        ({"chips": [3, 5], "carry": True}, "carry-over must be a whole number of chips"),
        ({"chips": [3, 5], "ante": 1.5}, "ante must be a whole number of chips, got 1.5"),
    ],
)
def test_non_whole_chip_values_are_refused(kwargs: dict[str, object], message: str) -> None:
    chips = kwargs.pop("chips")
    with pytest.raises(primero.PrimeroError, match=message.replace("(", r"\(")):
        start_deal(primero.get_variant("waks"), ["A", "B"], chips, seed=1,  # type: ignore[arg-type]
                   **kwargs)  # type: ignore[arg-type]


def test_variant_ante_is_the_default() -> None:
    revival = primero.get_variant("revival")
    state = start_deal(revival, ["A", "B", "C"], 10, seed=3)
    assert state.table.ante == 1
    assert [s.contributed for s in state.seats] == [1, 1, 1]
    explicit = start_deal(revival, ["A", "B", "C"], 10, seed=3, ante=2)
    assert [s.contributed for s in explicit.seats] == [2, 2, 2]
    assert start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=3).table.ante == 0


# --------------------------------------------------------------------------------------------
# Applying actions: what an illegal action's message says (regressions a new user found)


def test_apply_accepts_the_deal_file_form_with_the_player_first() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 50, seed=1)
    assert state.apply("Anna vie 2") == state.apply("vie 2")
    with pytest.raises(primero.IllegalActionError, match="it is Anna's turn, not Ben's"):
        state.apply("Ben vie 2")


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


def test_repr_is_short_and_shows_no_card() -> None:
    """Repr: variant, step, whose turn, pot and stacks (python-chess style), never a card."""
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=0)
    assert repr(state) == ("<GameState waks, betting round 1, to act Anna (seat 0), pot 0; "
                           "chips Anna 20, Ben 20, Carla 20>")
    state = state.apply("vie 2")  # Anna puts 2 chips in; Ben speaks next
    assert repr(state) == ("<GameState waks, betting round 1, to act Ben (seat 1), pot 2; "
                           "chips Anna 18, Ben 20, Carla 20>")
    # Ben holds 2, Carla folds; both stand pat; round 2: Anna vies 1 and Ben folds, so Anna
    # takes the 5 chips in (2 + 2 + 1) unseen: 20 - 3 + 5 = 22
    for text in ("hold", "fold", "exchange", "exchange", "vie 1", "fold"):
        state = state.apply(text)
    assert repr(state) == ("<GameState waks, over (folds), pot 0; "
                           "chips Anna 22, Ben 18, Carla 20>")
    held = [c.ascii for s in state.seats for c in s.hand]
    assert held and not any(card in repr(state) for card in held)
    external = start_deal("waks", ["Anna", "Ben"], 20, dealing="external")
    assert repr(external) == ("<GameState waks, deal 2, dealing to Anna, pot 0; "
                              "chips Anna 20, Ben 20>")
