"""The odds player: its chance to win at the showdown, pot odds, and the terminal's hint.

Chances are checked where they are known exactly without the code under test: a hand no
other hand of the unseen cards can beat wins for sure, a hand that can never win never does.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

import primero
from primero.actions import Call, Fold, Hold, Vie
from primero.agents import (
    AGENTS,
    OddsAgent,
    Strength,
    hint,
    make_agent,
    showdown_chance,
)
from primero.cards import parse_cards
from primero.engine import start_deal
from primero.state import GameState

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma")


def test_odds_is_named_among_the_agents() -> None:
    assert "odds" in AGENTS
    assert isinstance(make_agent("odds"), OddsAgent)


@pytest.mark.parametrize("name", primero.registry().names())
def test_odds_agent_only_legal_actions(name: str) -> None:
    variant = primero.get_variant(name)
    low, high = variant.spec.players
    rng = random.Random(name)
    for deal in range(2):
        n = rng.randint(low, min(high, 3))
        ante = 1 if any(s.kind == "ante" for s in variant.rules.deal.deal_plan()) else 0
        state = start_deal(variant, NAMES[:n], 20, dealer=deal % n, ante=ante, rng=rng)
        agent = OddsAgent(samples=32, exchange_samples=8)
        while not state.over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = agent.act(view, rng)
            assert action in view.legal
            state = state.apply(action)
        assert state.total_chips == 20 * n


def round_two(hand: str, vie: int) -> GameState:
    """Waks, two players, Ben dealt ``hand``; round 2: Anna vies ``vie``, Ben to act."""
    mine = parse_cards(hand)
    other = [c for c in WAKS.pack.cards if c not in mine]
    first = [other[0], mine[0], other[1], mine[1], other[2], mine[2], other[3], mine[3]]
    stock = (*first, *(c for c in other if c not in first))
    state = start_deal(WAKS, NAMES[:2], 30, dealer=1, stock=stock)
    for text in ("pass", "pass", "exchange", "exchange", f"vie {vie}"):
        state = state.apply(text)
    assert state.step is not None and state.step.number == 2 and state.to_act == 1
    return state


def test_the_top_chorus_wins_for_sure_and_is_never_folded() -> None:
    # four 7s: Chorus, the best hand of the pack, and nobody else can hold a 7
    state = round_two("7s 7h 7d 7c", 3)
    view = state.view(1)
    assert showdown_chance(view, Strength.of(WAKS.ranking), view.hand,
                           random.Random(1), 200) == 1.0
    for seed in range(5):
        action = OddsAgent().act(view, random.Random(seed))
        assert isinstance(action, Hold)


def test_a_hand_beaten_by_every_hand_left_folds_to_a_vie() -> None:
    """Round 2 after a vie: a hand with chance 0 folds rather than pay."""
    variant = primero.get_variant("primiera")
    rng = random.Random(4)
    # primiera: a hand that is not served (class Nothing) can never win
    for _ in range(40):
        state = start_deal(variant, NAMES[:2], 20, rng=rng)
        if state.over or not any(isinstance(a, primero.Exchange) for a in state.legal_actions()):
            continue
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        assert state.value(seat).hand_class == "Nothing"
        assert showdown_chance(view, Strength.of(variant.ranking), view.hand, rng, 100) == 0.0
        return
    pytest.fail("no deal reached the exchange")


def test_a_weak_hand_folds_to_a_big_vie() -> None:
    # Numerus 20 is among the weakest hands; facing 3 chips into a pot of 3
    state = round_two("Ks Qs Jh Kh", 3)
    assert state.value(1).label == "Numerus 20"
    action = OddsAgent().act(state.view(1), random.Random(2))
    assert action == Fold()


def test_same_seed_same_choice() -> None:
    state = round_two("7s 6h Ad 5c", 1)
    view = state.view(1)
    first = OddsAgent().advise(view, random.Random(9))
    assert OddsAgent().advise(view, random.Random(9)) == first


def test_odds_agent_vies_with_four_cards_naming_a_call_it_meets_or_the_class_above() -> None:
    """Its one bluff names the class just above its hand's own (docs/rules/cardano.md)."""
    variant = primero.get_variant("cardano")
    classes = variant.ranking.hand_table.classes
    rng = random.Random(5)
    vied_with_four = 0
    for _ in range(6):
        state = start_deal(variant, NAMES[:2], 30, rng=rng)
        while not state.over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = OddsAgent(samples=48).act(view, rng)
            if isinstance(action, Vie) and len(view.hand) == 4:
                assert action.call is not None
                book = primero.variants.cardano.call_book(variant.ranking)
                held = state.value(seat)
                assert book.meets(held, action.call, rule="same_class") \
                    or action.call.hand_class == classes[classes.index(held.hand_class) + 1]
                vied_with_four += 1
            state = state.apply(action)
    assert vied_with_four >= 1


def test_hint_gives_a_percentage_and_the_odds_advice() -> None:
    state = round_two("7s 7h 7d 7c", 3)
    text = hint(state.view(1))
    assert "chance to win at the showdown: 100%" in text
    assert "the odds player would hold" in text


ENV = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}


def test_hint_at_the_first_decision_through_the_command_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "primero", "play", "--seed", "3",
                           "--players", "3"], input="hint\nfold\n", capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False, env=ENV)
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"chance to win at the showdown: (\d+)%", proc.stdout)
    assert found is not None, proc.stdout
    assert 0 <= int(found.group(1)) <= 100
    assert "the odds player would " in proc.stdout


def test_hint_is_listed_in_the_games_help() -> None:
    proc = subprocess.run([sys.executable, "-m", "primero", "play", "--seed", "3"],
                          input="help\nfold\n", capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False, env=ENV)
    assert re.search(r"^\s+hint\s+your chance to win", proc.stdout, re.M), proc.stdout


def test_simulation_tables_name_who_played() -> None:
    pytest.importorskip("pandas")
    from primero.analysis import summary_table
    from primero.simulation import simulate

    sim = simulate("waks", players=2, deals=2, seed=1, agents=["odds", "heuristic"],
                   progress=False)
    assert sim.agents == ("odds", "heuristic")
    assert list(summary_table(sim)["agents"]) == ["heuristic/odds"]


def test_a_numerus_short_of_a_numerus_call_raises_with_the_lowest_primero_call() -> None:
    """Cardano, round 2: Anna's calls were Numerus 20, then Numerus 22 (vie 1, pot 5).

    Ben's Numerus 20 cannot meet Numerus 22 nor name a call it meets above it: it can only
    fold, worth 0 chips, or raise. A Primero call ranks above every Numerus, so a Numerus,
    which is what Anna's calls say she holds, can neither meet it nor answer it and must
    fold: a raise of 1 naming the lowest Primero call (40, four courts of four suits) risks 2
    chips to take 5.
    """
    variant = primero.get_variant("cardano")
    mine = parse_cards("Ks Qs Jh Kh")
    other = [c for c in variant.pack.cards if c not in mine]
    first = [other[0], mine[0], other[1], mine[1], other[2], mine[2], other[3], mine[3]]
    stock = (*first, *(c for c in other if c not in first))
    state = start_deal(variant, NAMES[:2], 30, dealer=1, stock=stock)
    for text in ("vie 2 call Numerus 20", "hold", "exchange", "exchange",
                 "vie 1 call Numerus 22"):
        state = state.apply(text)
    assert state.value(1).label == "Numerus 20" and state.to_act == 1
    view = state.view(1)
    assert (view.pot, view.owed) == (5, 1)
    for seed in range(5):
        assert OddsAgent().act(view, random.Random(seed)) == Hold(1, Call("Primero", 40))
