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
from fractions import Fraction
from itertools import combinations

import pytest

import primero
from primero.actions import Call, Exchange, Fold, Hold, Vie
from primero.agents import (
    AGENTS,
    FinalHands,
    HeuristicAgent,
    OddsAgent,
    Strength,
    hint,
    make_agent,
    opponents_thrown,
    showdown_chance,
)
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.variants.primiera import chance_served

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
    assert list(summary_table(sim)["agents"]) == ["odds/heuristic"]  # each seat's, in seat order


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


# --- declare and redraw (primiera): the opponents' final hands ---------------------------

PRIMIERA = primero.get_variant("primiera")
SUBSETS = [d for k in range(5) for d in combinations(range(4), k)]


def primiera_exchange_state(hands: tuple[str, ...]) -> GameState:
    """Primiera, one player per hand (all unserved), the last one dealing: the eldest to act."""
    dealt = [parse_cards(h) for h in hands]
    first = [dealt[s][i] for i in range(4) for s in range(len(dealt))]
    stock = (*first, *(c for c in PRIMIERA.pack.cards if c not in first))
    state = start_deal(PRIMIERA, NAMES[:len(hands)], 30, dealer=len(hands) - 1, stock=stock)
    assert not state.over and state.to_act == 0
    assert [s.hand for s in state.seats] == [tuple(h) for h in dealt]
    return state


def _mask(cards: str | list[primero.Card]) -> int:
    mask = 0
    for card in parse_cards(cards) if isinstance(cards, str) else cards:
        mask |= card.bit
    return mask


def test_opponents_final_hands_are_a_distribution() -> None:
    finals = FinalHands.of(PRIMIERA.ranking, PRIMIERA.rules.agent_advice)
    strengths = max(PRIMIERA.ranking.hand_table.strength) + 1
    for thrown in (None, 0, 1, 2, 3, 4):
        unserved, by_strength = finals.distribution(thrown)
        assert len(by_strength) == strengths
        assert min(by_strength) >= 0.0
        assert unserved + sum(by_strength) == pytest.approx(1.0, abs=1e-9)
        assert by_strength[0] == 0.0  # strength 0 is the unserved hands'


def test_opponents_final_hands_are_served_as_their_draws_allow() -> None:
    """An opponent throwing one card keeps three suits (a Primiera needs one of the 10 cards
    of the fourth, 10/36) or three of one (a Flush needs one of the other 7 of it, 7/36);
    one throwing two keeps one card of each of its two suits (a Primiera needs one card of
    each missing suit, 10 * 10 of C(36, 2) = 630 draws; a 7 or a 6 kept may also draw to a
    Fifty-five); one standing pat stays unserved; one throwing three or four draws (about) a
    fresh hand: 10,960 of the pack's 91,390 hands are served (docs/rules/primiera.md)."""
    finals = FinalHands.of(PRIMIERA.ranking, PRIMIERA.rules.agent_advice)
    served = {t: 1 - finals.distribution(t)[0] for t in (None, 0, 1, 2, 3, 4)}
    assert 7 / 36 < served[1] < 10 / 36
    assert 100 / 630 < served[2] < 110 / 630
    assert served[0] == 0.0
    assert served[3] == served[4] == pytest.approx(10_960 / 91_390, abs=1e-12)
    assert served[None] > 1.8 * 10_960 / 91_390  # far more often served than fresh hands
    assert finals.hands[1] + finals.hands[2] == sum(finals.hands)


def test_opponents_final_served_share_matches_an_exact_count() -> None:
    """The served share against chance_served's exact count over other unserved hands,
    each throwing by the same rule (the best mean strength, unserved counting nothing)."""
    ranking = PRIMIERA.ranking
    served_table = Strength.of(ranking, frozenset({"Nothing"}))
    rng = random.Random(2024)
    pack = list(PRIMIERA.pack.cards)
    chances: list[Fraction] = []
    while len(chances) < 400:
        hand = rng.sample(pack, 4)
        if ranking.evaluate(hand).hand_class != "Nothing":
            continue
        options = [tuple(hand[i] for i in d) for d in SUBSETS]
        thrown = max(options, key=lambda d: (served_table.after_exchange(hand, d), -len(d)))
        chances.append(chance_served(PRIMIERA, hand, thrown))
    exact = float(sum(chances) / len(chances))
    unserved, _ = FinalHands.of(ranking, PRIMIERA.rules.agent_advice).distribution()
    assert 1 - unserved == pytest.approx(exact, abs=0.012)


def test_an_opponent_standing_pat_unserved_is_beaten_by_any_served_hand() -> None:
    worth = FinalHands.of(PRIMIERA.ranking, PRIMIERA.rules.agent_advice).pot_shares([0], 2)
    assert worth.share_of_mask(_mask("2h 3d 4c 5s")) == 1.0  # the weakest Primiera
    assert worth.share_of_mask(_mask("2h 3h 4h 5h")) == 1.0
    # nobody served: the deal is cancelled, each of the two players expects half the pot
    assert worth.share_of_mask(_mask("2h 3h 4d 5d")) == 0.5


def test_opponents_thrown_reads_the_public_log() -> None:
    state = primiera_exchange_state(("Js Qs Jh Qh", "2h 3h 2d 3d", "4h 5h 4d 5d"))
    assert opponents_thrown(state.view(0)) == [None, None]
    state = state.apply("exchange Js Jh")
    assert opponents_thrown(state.view(1)) == [2, None]
    state = state.apply("exchange")
    assert opponents_thrown(state.view(2)) == [2, 0]


def test_against_two_opponents_a_weak_primiera_draw_is_thrown_for_four_fresh_cards() -> None:
    """Js Qs Jh Qh against two opponents (Anna is eldest; nobody has exchanged).

    Keeping a Queen of each suit draws to a Primiera one time in 6.3 (100 of 630 draws) but
    of two 10-point cards: at most 62 points, and it must beat both opponents' final hands;
    four fresh cards are served less often but better. Each discard is worked out here by
    enumerating every draw from the 36 cards Anna cannot see: a served final hand is worth
    the chance it beats one opponent to the power 2, an unserved one the chance both end
    unserved over 3 (the pot stays for the next deal).
    """
    state = primiera_exchange_state(("Js Qs Jh Qh", "2h 3h 2d 3d", "4h 5h 4d 5d"))
    view = state.view(0)
    ranking = PRIMIERA.ranking
    plain = Strength.of(ranking)
    finals = FinalHands.of(ranking, PRIMIERA.rules.agent_advice)
    beaten = finals.beaten()
    unserved = finals.distribution()[0]
    hand = list(view.hand)
    pool = [c for c in PRIMIERA.pack.cards if c not in hand]

    def worth(thrown: tuple[primero.Card, ...]) -> float:
        keep = [c for c in hand if c not in thrown]
        total = 0.0
        draws = list(combinations(pool, len(thrown)))
        for extra in draws:
            index = plain.index_of_mask(_mask([*keep, *extra]))
            if ranking.hand_table.class_ids[index] == 0:  # Nothing
                total += unserved ** 2 / 3
            else:
                total += beaten[ranking.hand_table.strength[index]] ** 2
        return total / len(draws)

    options = [tuple(hand[i] for i in d) for d in SUBSETS]
    values = {d: worth(d) for d in options}
    best = max(options, key=lambda d: (values[d], -len(d)))
    assert len(best) == 4
    two = max((d for d in options if len(d) == 2), key=lambda d: values[d])
    assert values[best] > values[two]
    action = OddsAgent().act(view, random.Random(1))
    assert isinstance(action, Exchange) and set(action.discards) == set(best)
    assert action in view.legal
    heuristic = HeuristicAgent().act(view, random.Random(1))
    assert isinstance(heuristic, Exchange) and len(heuristic.discards) == 2
    kept = [c for c in hand if c not in heuristic.discards]
    assert {c.suit for c in kept} == {c.suit for c in hand}  # one card of each suit


def test_odds_player_exchanges_legally_at_a_full_primiera_table() -> None:
    rng = random.Random(6)
    agent = OddsAgent()
    exchanged = 0
    for dealer in range(4):
        state = start_deal(PRIMIERA, ("A", "B", "C", "D", "E", "F"), 20, dealer=dealer,
                           rng=rng)
        while not state.over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = agent.act(view, rng)
            assert isinstance(action, Exchange) and action in view.legal
            exchanged += 1
            state = state.apply(action)
        assert state.total_chips == 20 * 6
    assert exchanged >= 6


def test_final_hands_refuse_a_number_of_cards_no_opponent_throws() -> None:
    with pytest.raises(ValueError, match="0 to 4 cards, not 5"):
        FinalHands.of(PRIMIERA.ranking, PRIMIERA.rules.agent_advice).distribution(5)
