"""Computer players: the Agent protocol, RandomAgent, HeuristicAgent, Strength.

Hand strengths are checked against the independent oracle of ``tests/oracle.py`` (classes and
points written apart from the library) by counting the pack's hands.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
import primero
from primero.actions import Action, Exchange, Fold, Hold, Vie
from primero.agents import (
    AGENTS,
    Agent,
    HeuristicAgent,
    RandomAgent,
    Strength,
    make_agent,
    play_deal,
)
from primero.cards import Card, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz", "Gina", "Hugo")


def stacked(first: str | Sequence[Card]) -> tuple[Card, ...]:
    top = parse_cards(first)
    return (*top, *(c for c in WAKS.pack.cards if c not in top))


def ante_of(variant: primero.Variant) -> int:
    return 1 if any(s.kind == "ante" for s in variant.rules.deal.deal_plan()) else 0


class Checked:
    """Wraps an agent: every action it returns must be in its view's (non-empty) legal list."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.actions: list[Action] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        assert view.legal, "an agent was asked to act with no legal action"
        action = self.inner.act(view, rng)
        assert action in view.legal, f"{action} is not legal: {view.legal}"
        self.actions.append(action)
        return action


# --------------------------------------------------------------------------------------------
# The protocol and the registry of agents


def test_agents_satisfy_the_protocol() -> None:
    assert isinstance(RandomAgent(), Agent)
    assert isinstance(HeuristicAgent(), Agent)
    assert isinstance(Checked(RandomAgent()), Agent)


def test_make_agent() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("heuristic"), HeuristicAgent)
    assert set(AGENTS) == {"random", "heuristic", "odds", "search", "equilibrium"}
    with pytest.raises(ValueError, match="unknown agent 'clever'; known agents: random, "
                                         "heuristic"):
        make_agent("clever")


def test_play_deal_bound() -> None:
    state = start_deal(WAKS, NAMES[:4], 50, seed=1)
    with pytest.raises(RuntimeError, match="did not end within 2 actions"):
        play_deal(state, [RandomAgent()] * 4, random.Random(1), max_actions=2)


# --------------------------------------------------------------------------------------------
# RandomAgent


def test_random_agent_uniform_over_betting_actions() -> None:
    state = start_deal(WAKS, NAMES[:4], 50, seed=1)
    view = state.view(state.to_act or 0)
    assert [str(a) for a in view.legal] == ["pass", "vie 1", "vie 2", "vie 3", "fold"]
    rng = random.Random(12)
    counts = Counter(str(RandomAgent().act(view, rng)) for _ in range(5000))
    assert set(counts) == {"pass", "vie 1", "vie 2", "vie 3", "fold"}
    # 1000 expected each; a chi-square of 18.5 is p = 0.001 with 4 degrees of freedom
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 18.5


def test_random_agent_uniform_over_exchanges() -> None:
    state = start_deal(WAKS, NAMES[:2], 50, dealer=1, seed=2).apply("pass").apply("pass")
    assert state.step is not None and state.step.kind == "exchange"
    view = state.view(0)
    assert len(view.legal) == 4  # stand pat, throw either card, throw both
    rng = random.Random(4)
    counts = Counter(RandomAgent().act(view, rng) for _ in range(4000))
    assert set(counts) == set(view.legal)
    assert sum((c - 1000) ** 2 / 1000 for c in counts.values()) < 16.3  # 3 dof, p = 0.001


def test_random_agent_seeded_determinism() -> None:
    def run(seed: int) -> GameState:
        rng = random.Random(seed)
        return play_deal(start_deal(WAKS, NAMES[:5], 20, rng=rng), [RandomAgent()] * 5, rng)

    assert run(7) == run(7)
    assert run(7).history == run(7).history
    assert len({run(s).history for s in range(6)}) > 1


@pytest.mark.parametrize("name", primero.registry().names())
def test_random_agent_only_legal_actions(name: str) -> None:
    variant = primero.get_variant(name)
    low, high = variant.spec.players
    rng = random.Random(name)
    for deal in range(2):
        n = rng.randint(low, min(high, 6))
        chips = [rng.randint(1, 15) for _ in range(n)]
        state = start_deal(variant, NAMES[:n], chips, dealer=deal % n, ante=ante_of(variant),
                           rng=rng)
        agents = [Checked(RandomAgent()) for _ in range(n)]
        final = play_deal(state, agents, rng)
        assert final.over and final.total_chips == sum(chips)


# --------------------------------------------------------------------------------------------
# HeuristicAgent


@pytest.mark.parametrize("name", primero.registry().names())
def test_heuristic_agent_only_legal_actions(name: str) -> None:
    """Every registered variant: variants added by plug-ins join this test automatically."""
    variant = primero.get_variant(name)
    low, high = variant.spec.players
    rng = random.Random(name)
    for deal in range(3):
        n = rng.randint(low, min(high, 5))
        chips = [rng.randint(2, 20) for _ in range(n)]
        state = start_deal(variant, NAMES[:n], chips, dealer=deal % n, ante=ante_of(variant),
                           rng=rng)
        agents = [Checked(HeuristicAgent(aggression=rng.random())) for _ in range(n)]
        final = play_deal(state, agents, rng)
        assert final.over and final.total_chips == sum(chips)


def test_heuristic_agent_seeded_determinism() -> None:
    def run(seed: int) -> GameState:
        rng = random.Random(seed)
        state = start_deal(WAKS, NAMES[:4], 30, rng=rng)
        return play_deal(state, [HeuristicAgent()] * 4, rng)

    assert run(3).history == run(3).history


def round_two_facing(hand: str, vie: int) -> GameState:
    """Waks, 3 players, Carla dealt ``hand``; round 2: Anna vies, Ben holds, Carla to act."""
    mine = parse_cards(hand)
    other = [c for c in WAKS.pack.cards if c not in mine]
    # dealt from Anna: A B C A B C, then (all standing pat) A B C A B C
    first = [*other[0:2], mine[0], *other[2:4], mine[1], *other[4:6], mine[2], *other[6:8],
             mine[3]]
    state = start_deal(WAKS, NAMES[:3], 30, dealer=2, stock=stacked(first))
    for text in ("pass", "pass", "pass", "exchange", "exchange", "exchange",
                 f"vie {vie}", "hold"):
        state = state.apply(text)
    assert state.step is not None and state.step.number == 2 and state.to_act == 2
    return state


@pytest.mark.parametrize("hand", ["Ks Kh Kd Kc", "Kc Qc Jc 2c", "7s 7h 7d 7c", "7h 6h Ah 5h"])
@pytest.mark.parametrize("vie", [1, 3])
@pytest.mark.parametrize("aggression", [0.0, 0.5, 1.0])
def test_heuristic_never_folds_chorus_or_fluxus_in_round_two(hand: str, vie: int,
                                                              aggression: float) -> None:
    state = round_two_facing(hand, vie)
    value = state.value(2)
    assert value.hand_class in ("Chorus", "Fluxus")
    agent = HeuristicAgent(aggression=aggression)
    for seed in range(5):
        action = agent.act(state.view(2), random.Random(seed))
        assert isinstance(action, Hold), f"{value.label}: {action}"


def test_heuristic_folds_a_weak_hand_when_it_must_hold_or_fold() -> None:
    state = round_two_facing("Kc Qc Jd Js", 3)  # Numerus 20, the weakest value
    for text in ("pass", "pass", "pass"):  # Carla answers once; Anna and Ben are level
        state = state.apply(text)
    assert state.to_act == 2
    assert [str(a) for a in state.legal_actions()][-1] == "fold"
    assert "pass" not in [str(a) for a in state.legal_actions()]
    for seed in range(5):
        assert HeuristicAgent().act(state.view(2), random.Random(seed)) == Fold()


def test_heuristic_vies_first_with_a_chorus() -> None:
    # Anna (eldest) holds four sevens; round 1 passed out, everyone stands pat
    mine = parse_cards("7s 7h 7d 7c")
    other = [c for c in WAKS.pack.cards if c not in mine]
    first = [mine[0], *other[0:2], mine[1], *other[2:4], mine[2], *other[4:6], mine[3],
             *other[6:8]]
    state = start_deal(WAKS, NAMES[:3], 30, dealer=2, stock=stacked(first))
    for text in ("pass", "pass", "pass", "exchange", "exchange", "exchange"):
        state = state.apply(text)
    assert state.to_act == 0 and state.value(0).label == "Chorus 84"
    action = HeuristicAgent().act(state.view(0), random.Random(1))
    assert isinstance(action, Vie)


def exchange_view(hand: str) -> PlayerView:
    """Waks, 2 players, Anna (eldest) dealt ``hand``, both passed round 1: Anna exchanges."""
    a, b = hand.split()
    state = start_deal(WAKS, NAMES[:2], 30, dealer=1, stock=stacked(f"{a} Kd {b} Qs"))
    state = state.apply("pass").apply("pass")
    assert state.step is not None and state.step.kind == "exchange" and state.to_act == 0
    return state.view(0)


@pytest.mark.parametrize(
    ("hand", "throw"),
    [
        ("7h 6h", ""),  # a Supremus/Fluxus start: stand pat
        ("7s 7h", ""),  # two sevens: keep both
        ("Kc Qd", "Qd Kc"),  # two courts of different suits: throw both
    ],
)
def test_heuristic_exchange_clear_cases(hand: str, throw: str) -> None:
    view = exchange_view(hand)
    action = HeuristicAgent().act(view, random.Random(1))
    assert isinstance(action, Exchange)
    assert action == Exchange(parse_cards(throw))


# --------------------------------------------------------------------------------------------
# Strength


def test_strength_is_cached_per_ranking() -> None:
    assert Strength.of(WAKS.ranking) is Strength.of(WAKS.ranking)
    assert Strength.of(primero.get_variant("roman").ranking) is not Strength.of(WAKS.ranking)


def test_strength_orders_hands_like_the_ranking() -> None:
    table = Strength.of(WAKS.ranking)
    hands = ["Kc Qd Jc Js", "7h 6h 5h 2c", "7s Ad 6c Kh", "7h 6h Ah 2c", "Kc Qc Jc 2c",
             "7s 7h 7d 7c"]
    values = [table.of_hand(parse_cards(h)) for h in hands]
    assert values == sorted(values) and len(set(values)) == len(values)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(WAKS.pack.cards), min_size=8, max_size=8, unique=True))
def test_strength_monotone_in_the_ranking(cards: list[Card]) -> None:
    table = Strength.of(WAKS.ranking)
    a, b = cards[:4], cards[4:]
    va, vb = WAKS.ranking.evaluate(a), WAKS.ranking.evaluate(b)
    sa, sb = table.of_hand(a), table.of_hand(b)
    if va > vb:
        assert sa > sb
    elif va < vb:
        assert sa < sb
    else:
        assert sa == sb


# --------------------------------------------------------------------------------------------
# Strength, exactly: against the independent oracle's classes and points, by counting hands

N_ITALIAN40 = 91_390


@cache
def oracle_shares() -> dict[frozenset[Card], float]:
    """Every italian40 hand's share under the oracle: (hands beaten + hands tied / 2) / N."""
    pairs = {c: (int(c.rank), int(c.suit)) for c in WAKS.pack.cards}
    keys = {frozenset(h): oracle.strength(oracle.classify(tuple(pairs[c] for c in h)))
            for h in combinations(WAKS.pack.cards, 4)}
    ordered = sorted(keys.values())
    assert len(ordered) == N_ITALIAN40
    return {hand: (bisect_left(ordered, k) + bisect_right(ordered, k)) / 2 / N_ITALIAN40
            for hand, k in keys.items()}


def oracle_mean(keep: Sequence[Card], avoid: Sequence[Card] = ()) -> float:
    """Mean oracle share of the hands holding ``keep`` and none of ``avoid``."""
    shares = oracle_shares()
    pool = [c for c in WAKS.pack.cards if c not in keep and c not in avoid]
    values = [shares[frozenset((*keep, *more))] for more in combinations(pool, 4 - len(keep))]
    return sum(values) / len(values)


def test_strength_of_every_hand_matches_the_oracle() -> None:
    """Regression: ties counted as losses, so tied hands scored their lowest share."""
    table = Strength.of(WAKS.ranking)
    for hand, share in oracle_shares().items():
        assert table.of_hand(tuple(hand)) == pytest.approx(share, abs=1e-12)


def test_strength_extremes_and_ties_by_count() -> None:
    table = Strength.of(WAKS.ranking)
    # four sevens: the one strongest hand
    assert table.of_hand(parse_cards("7s 7h 7d 7c")) == pytest.approx(
        (N_ITALIAN40 - 0.5) / N_ITALIAN40, abs=1e-15)
    # the weakest class-and-points, Numerus 20: two courts of a suit as the counting pair.
    # By formula: 2+2 (both pairs courts) 6 * 3 * 3 = 54; 2+1+1 (singles never count)
    # 4 * 3 * C(3,2) * 10 * 10 = 3600. They score half their own share.
    pairs = {c: (int(c.rank), int(c.suit)) for c in WAKS.pack.cards}
    weakest = [h for h in combinations(WAKS.pack.cards, 4)
               if oracle.classify(tuple(pairs[c] for c in h)) == ("Numerus", 20)]
    assert len(weakest) == 54 + 3600
    expected = len(weakest) / 2 / N_ITALIAN40
    assert [table.of_hand(h) for h in weakest] == pytest.approx([expected] * len(weakest),
                                                                abs=1e-15)
    assert table.of_hand(parse_cards("Kc Qc Jd Js")) == pytest.approx(expected, abs=1e-15)
    # two different Numerus 54 hands tie
    assert table.of_hand(parse_cards("7h 6h 5h 2c")) == table.of_hand(parse_cards("7d 6d 5d Ks"))


def test_strength_of_fewer_cards_is_the_mean_over_completions() -> None:
    table = Strength.of(WAKS.ranking)
    assert table.of_hand(()) == pytest.approx(0.5, abs=1e-12)  # what a fresh hand is worth
    for cards in ("7h 6h", "2s 5h", "Kc", "7s 6s As"):
        hand = parse_cards(cards)
        assert table.of_hand(hand) == pytest.approx(oracle_mean(hand), abs=1e-12)


def test_heuristic_exchange_keeps_the_five_of_two_five() -> None:
    """Regression: with 2♠ 5♥ the agent threw both cards.

    Exactly (oracle), keeping 5♥ is worth more than four fresh cards; the biased strengths
    valued 5♥ below the 0.5 assumed for a fresh hand.
    """
    hand = parse_cards("2s 5h")
    keep_five = oracle_mean(parse_cards("5h"), avoid=parse_cards("2s"))
    fresh = oracle_mean((), avoid=hand)
    assert keep_five > fresh and keep_five > oracle_mean(hand)
    action = HeuristicAgent().act(exchange_view("2s 5h"), random.Random(1))
    assert action == Exchange(parse_cards("2s"))


@pytest.mark.parametrize("cards", ["7h 6h", "2s 5h", "Kc Qd", "4s Kh", "7s Ad 6c Kh",
                                   "Kc Qd Jc Js"])
def test_after_exchange_is_exact(cards: str) -> None:
    """Regression: thrown cards were counted among the cards that could be drawn back (and
    three or four thrown from a full hand were sampled)."""
    table = Strength.of(WAKS.ranking)
    hand = parse_cards(cards)
    for k in range(len(hand) + 1):
        for thrown in combinations(hand, k):
            keep = [c for c in hand if c not in thrown]
            expected = oracle_mean(keep, avoid=thrown)
            rng = random.Random(0)
            assert table.after_exchange(hand, thrown, rng) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("cards", ["7h 6h", "2s 5h", "Kc Qd", "7s 7h", "Ks 7d", "4s Kh",
                                   "4s 3h"])
def test_heuristic_exchange_takes_the_best_expected_hand(cards: str) -> None:
    """The agent's exchange is the one whose final hand the oracle values most."""
    hand = parse_cards(cards)
    value = {Exchange(thrown): oracle_mean([c for c in hand if c not in thrown], thrown)
             for k in range(3) for thrown in combinations(hand, k)}
    best = max(value.values())
    assert sorted(value.values())[-2] < best - 1e-6  # a clear best
    action = HeuristicAgent().act(exchange_view(cards), random.Random(2))
    assert value[action] == best, (action, value)


def test_strength_reads_the_compact_tables_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strength never builds the 0.1 one-object-per-hand table."""
    def refuse(self: object, *args: object) -> None:
        raise AssertionError("Strength asked for Ranking.table or Ranking.values()")

    monkeypatch.setattr(primero.Ranking, "table", property(refuse))
    monkeypatch.setattr(primero.Ranking, "values", refuse)
    ranking = primero.get_variant("losing").ranking
    table = Strength(ranking)           # a fresh one, not the cached one
    # losing: the inverted ranking; shares still average exactly 0.5 over the pack
    hands = list(combinations(ranking.pack.cards, 4))
    assert abs(sum(table.of_hand(h) for h in hands) / len(hands) - 0.5) < 1e-12
    assert table.of_hand(parse_cards("7h 6h")) == pytest.approx(
        sum(table.of_hand((*parse_cards("7h 6h"), *extra))
            for extra in combinations([c for c in ranking.pack.cards
                                       if c not in parse_cards("7h 6h")], 2))
        / comb(38, 2))


def test_play_deal_and_play_session_take_agents_in_one_shape() -> None:
    """A list in seat order or a dict by name, for both."""
    from primero.agents import play_session
    from primero.errors import PrimeroError
    from primero.session import Session

    names = ["Anna", "Ben", "Carla"]
    state = start_deal("waks", names, 20, seed=5)
    as_list = play_deal(state, [RandomAgent()] * 3, random.Random(2))
    as_dict = play_deal(state, dict.fromkeys(names, RandomAgent()), random.Random(2))
    assert as_list == as_dict and as_list.over
    session = Session.new(primero.get_variant("waks"), names, 20, seed=4)
    one, deals_one = play_session(session, [RandomAgent()] * 3, 3, random.Random(1))
    two, deals_two = play_session(session, dict.fromkeys(names, RandomAgent()), 3,
                                  random.Random(1))
    assert one == two and deals_one == deals_two and len(deals_one) == 3
    with pytest.raises(PrimeroError, match="3 players but 2 agents"):
        play_session(session, [RandomAgent()] * 2, 1, random.Random(1))
    with pytest.raises(PrimeroError, match="no agent for Carla"):
        play_deal(state, {"Anna": RandomAgent(), "Ben": RandomAgent()}, random.Random(1))
