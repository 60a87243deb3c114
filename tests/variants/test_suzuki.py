"""Suzuki's no-fold Primero: passes with exchanges, the round end, funded layers.

Rules: docs/rules/suzuki.md.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from dealfile import check_expect, check_illegal, deal_files

from primero import IllegalActionError, get_variant, parse_cards, registry
from primero.actions import Fold, Hold, Pass, Vie
from primero.cards import ITALIAN40
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.records import load_record, replay
from primero.testing.invariants import check_deal_invariants
from primero.testing.snapshots import snapshot

PLAYERS = ["Anna", "Ben", "Carla"]
DEAL = Path(__file__).with_name("suzuki_funded_layers.toml")


def _stock(first: str) -> list[str]:
    """A full stacked pack: these cards on top, the rest of italian40 in pack order below."""
    top = parse_cards(first)
    return [c.ascii for c in top] + [c.ascii for c in ITALIAN40 if c not in top]


#: Round 1: Anna 7s 7h, Ben 6s 6h, Carla As Ah; then the rest of the pack in order:
#: 2s 3s 4s 5s Js Qs Ks 2h 3h 4h 5h Jh ...
STOCK = _stock("7s 6s As 7h 6h Ah")


def _start(carry: int = 0, chips: int = 20) -> GameState:
    return start_deal(get_variant("suzuki"), PLAYERS, chips, dealer="Carla", stake=1, rest=3,
                      carry=carry, stock=STOCK)


def _play(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = state.apply(text)
        check_deal_invariants(state)
    return state


def _name(state: GameState) -> str:
    assert state.to_act is not None
    return state.seats[state.to_act].name


def test_suzuki_is_registered() -> None:
    assert "suzuki" in registry().names()
    spec = get_variant("suzuki").spec
    assert spec.title == "Suzuki's no-fold Primero"
    assert spec.players == (2, 6)
    # its own sources, then those its options cite
    assert [s.split()[0] for s in spec.sources][:3] == ["[seed-DE]", "[SUZ94]", "[BARONY]"]
    assert [o.name for o in spec.options] == [
        "deck", "supremus", "chorus", "numerus_counts", "high_primero_beats_fluxus", "tie",
        "play_direction", "deal_passes"]
    assert "no fold" in spec.summary.lower() or "without the fold" in spec.summary


# --------------------------------------------------------------------------------------------
# Legal actions


def test_no_fold_and_every_pass_exchanges_one_or_two_cards() -> None:
    state = _start()
    hand = state.seats[0].hand
    assert set(hand) == set(parse_cards("7s 7h"))
    expected = {Pass((hand[0],)), Pass((hand[1],)), Pass(hand), Vie(1), Vie(2), Vie(3)}
    assert set(state.legal_actions()) == expected
    assert len(state.legal_actions()) == len(expected)


def test_four_card_passes_are_the_ten_exchanges_of_one_or_two() -> None:
    state = _play(_start(), "pass exchange 7s", "pass exchange 6s", "pass exchange As",
                  "exchange", "exchange", "exchange")
    assert state.step is not None and (state.step.kind, state.step.number) == ("bet", 2)
    hand = state.seats[0].hand
    passes = {a for a in state.legal_actions() if isinstance(a, Pass)}
    assert passes == {Pass(c) for k in (1, 2) for c in combinations(hand, k)}
    assert len(passes) == 4 + 6
    assert not any(isinstance(a, Fold) for a in state.legal_actions())


def test_the_bound_player_must_hold() -> None:
    # Carla speaks last before Anna, who vied: with nobody holding, she may not pass.
    state = _play(_start(), "vie 1", "pass exchange 6s")
    assert _name(state) == "Carla"
    assert set(state.legal_actions()) == {Hold(), Hold(1), Hold(2), Hold(3)}
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply("pass exchange As")
    assert info.value.reason == ("Carla speaks last before Anna, who vied, and nobody has "
                                 "held: Carla must hold (round 1)")
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [("fold", "there is no fold in this game: pass with an exchange of one or two cards "
              "instead ('pass exchange C1 [C2]')"),
     ("pass", "in this game every pass exchanges one or two cards: "
              "'pass exchange C1 [C2]'"),
     ("pass exchange Ks", "K♠ is not in Anna's hand")],
)
def test_illegal_passes_and_folds(text: str, reason: str) -> None:
    state = _start()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert info.value.reason == reason
    assert snapshot(state) == before


def test_a_pass_with_three_cards_is_refused() -> None:
    # Four cards in hand (round 2): a pass exchanging three of them is refused.
    check_illegal(load_record(DEAL), 8, "Ben pass exchange 7s 6h Ad",
                  "a pass exchanges one or two cards, not 3")


# --------------------------------------------------------------------------------------------
# The pass: an exchange served from the stock, and an answer to the current vie


def test_a_pass_serves_the_exchange_from_the_top_of_the_stock() -> None:
    state = _play(_start(), "pass exchange 7s")
    # the round-1 deal took six cards; the next from the top is 2s
    assert set(state.seats[0].hand) == set(parse_cards("7h 2s"))
    assert state.discards == parse_cards("7s")
    assert state.stock[0] == parse_cards("3s")[0]
    assert state.view(1).history[-1] == (0, "pass exchange 1 card")
    assert state.view(0).discarded == parse_cards("7s")


def test_a_pass_answers_the_vie_and_a_raise_asks_again() -> None:
    state = _play(_start(), "pass exchange 7s", "vie 1")     # Anna passed before the vie
    assert _name(state) == "Carla"
    state = _play(state, "hold", "pass exchange 2s")          # Carla holds, Anna passes
    # every player has matched the vie or passed since it: round 1 is over
    assert state.step is not None and state.step.kind == "exchange"
    assert [s.contributed for s in state.seats] == [0, 1, 1]

    state = _play(_start(), "vie 1", "pass exchange 6s", "hold raise 2")
    # Carla's raise asks Anna and also Ben, who had passed
    assert _name(state) == "Anna"
    state = _play(state, "hold")
    assert _name(state) == "Ben"
    state = _play(state, "pass exchange 6h")
    assert state.step is not None and state.step.kind == "exchange"
    assert [s.contributed for s in state.seats] == [3, 0, 3]


def test_nobody_vies_in_round_1_the_deal_goes_on_round_2_carries() -> None:
    state = _play(_start(carry=5), "pass exchange 7s", "pass exchange 6s", "pass exchange As")
    assert state.step is not None and state.step.kind == "exchange"
    state = _play(state, "exchange", "exchange", "exchange")
    assert [len(s.hand) for s in state.seats] == [4, 4, 4]
    state = _play(state, "pass exchange 7h", "pass exchange 6h", "pass exchange Ah")
    assert state.over and state.ended_by == "carry"
    assert state.settlement is not None and state.settlement.carry == 5
    assert state.stacks == (20, 20, 20)


def test_unmatched_vie_goes_back_and_an_uncontested_carry_goes_to_the_best_hand() -> None:
    # Round 1 goes by without a vie; in round 2 Anna vies and both others pass. Her chips go
    # back unmatched; no layer is contested. changed
    # this
    # test: the carry-over no longer stays, it forms a pot open to every player and the best
    # hand takes it (it used to stay on the table).
    # Worked by hand (the pack below STOCK's top is in pack order: 2s 3s 4s 5s Js Qs Ks 2h 3h
    # 4h 5h ...): round 1 Anna 7s 7h, Ben 6s 6h, Carla As Ah; the passes serve Anna 2s for
    # 7s, Ben 3s for 6s, Carla 4s for As; the second deal gives Anna 5s Ks, Ben Js 2h, Carla
    # Qs 3h; in round 2 Ben throws 6h for 4h and Carla Ah for 5h. Final hands:
    #   Anna  7h 2s 5s Ks : three spades 12 + 15 + 10   -> Numerus 37
    #   Ben   3s Js 2h 4h : pairs 23 (spades), 26 (hearts) -> Numerus 26
    #   Carla 4s Qs 3h 5h : pairs 24 (spades), 28 (hearts) -> Numerus 28
    # Anna's Numerus 37 takes the 4 carried over.
    state = _play(_start(carry=4), "pass exchange 7s", "pass exchange 6s", "pass exchange As",
                  "exchange", "exchange", "exchange", "vie 3", "pass exchange 6h",
                  "pass exchange Ah")
    assert state.over and state.ended_by == "showdown"
    settlement = state.settlement
    assert settlement is not None
    assert {state.seats[s].name: v.label for s, v in settlement.values} == {
        "Anna": "Numerus 37", "Ben": "Numerus 26", "Carla": "Numerus 28"}
    assert [(a.seat, a.amount, a.value and a.value.label) for a in settlement.awards] == [
        (0, 4, "Numerus 37")]
    assert settlement.returns == ((0, 3),)
    assert settlement.carry == 0
    assert state.stacks == (24, 20, 20)


def test_a_short_passer_competes_for_the_lower_layer_only() -> None:
    # Ben has 2 chips: he holds round 1's vie with 1, then passes on round 2's vie, so he
    # reaches only the lowest layer (level 1).
    state = start_deal(get_variant("suzuki"), PLAYERS, [20, 2, 20], dealer="Carla", stake=1,
                       rest=3, stock=STOCK)
    state = _play(state, "vie 1", "hold", "hold", "exchange", "exchange", "exchange",
                  "vie 2", "pass exchange 6s", "hold")
    assert state.over
    settlement = state.settlement
    assert settlement is not None
    assert [(layer.level, layer.amount, layer.contenders) for layer in settlement.layers] == [
        (1, 3, (0, 1, 2)), (3, 4, (0, 2))]


# --------------------------------------------------------------------------------------------
# The worked deal


def test_suzuki_deal_files_exist() -> None:
    assert DEAL in deal_files("suzuki")


@pytest.mark.parametrize("path", deal_files("suzuki"), ids=lambda p: p.stem)
def test_suzuki_deal_file(path: Path) -> None:
    check_expect(load_record(path))


def test_the_passer_drew_from_the_top() -> None:
    state = replay(load_record(DEAL), stop_after=1)
    assert set(state.seats[0].hand) == set(parse_cards("2s Kh"))
