"""Sessions.

First dealer by drawing cards, the deal passing in playing order, carry-over between deals,
players with no chips leaving (and the dealer rotation skipping them), standings, and chips
conserved across a whole session.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import primero
from primero import PrimeroError
from primero.agents import Agent, HeuristicAgent, RandomAgent, play_deal, play_session
from primero.cards import Card, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.session import DealerDraw, Session, draw_for_dealer

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz")

#: docs/rules/cards.md, the primiera scale by rank letter (written out here, not taken from the
#: code).
POINTS = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "K": 10, "Q": 10,
          "J": 10}


def points(card: Card) -> int:
    return POINTS[card.ascii[:-1]]


class StackedRandom(random.Random):
    """A generator whose ``sample`` returns the cards given, round by round (a stacked draw)."""

    def __init__(self, *draws: str) -> None:
        super().__init__(0)
        self.draws = [parse_cards(d) for d in draws]

    def sample(self, population: Sequence[Any], k: int, **_: Any) -> list[Any]:
        cards = self.draws.pop(0)
        assert len(cards) == k and all(c in population for c in cards)
        return list(cards)


def stacked_stock(first: Sequence[str]) -> tuple[Card, ...]:
    """The pack with ``first`` on top, the other cards after in pack order."""
    top = parse_cards(list(first))
    return (*top, *(c for c in WAKS.pack.cards if c not in top))


def play_lines(state: GameState, lines: Sequence[str]) -> GameState:
    for line in lines:
        name, _, text = line.partition(" ")
        assert state.to_act is not None and state.seats[state.to_act].name == name, line
        state = state.apply(text)
    return state


def play_policy(state: GameState, choose: Callable[[GameState], str]) -> GameState:
    while not state.over:
        state = state.apply(choose(state))
    return state


def vie_then_nobody_vies(state: GameState) -> str:
    """Round 1: the first to act vies 1, everyone holds; stand pat; round 2: all pass."""
    step = state.step
    assert step is not None
    if step.kind == "exchange":
        return "exchange"
    if step.number == 1:
        return "hold" if state.opened else "vie 1"
    return "pass"


# --------------------------------------------------------------------------------------------
# First dealer: each draws a card, the lowest point value deals, ties redraw


def test_lowest_card_deals() -> None:
    draw = draw_for_dealer(WAKS, NAMES[:4], StackedRandom("7s 6h Ad 2c"))
    assert draw.dealer == 3  # the 2 (12 points) is lowest
    assert draw.rounds == ((("Anna", Card.parse("7s")), ("Ben", Card.parse("6h")),
                            ("Carla", Card.parse("Ad")), ("Dan", Card.parse("2c"))),)


def test_a_court_is_lowest() -> None:
    draw = draw_for_dealer(WAKS, NAMES[:3], StackedRandom("2s Kd 3h"))
    assert draw.dealer == 1


def test_tie_for_lowest_redraws_among_the_tied_only() -> None:
    rng = StackedRandom("Ks 5h Qd 7c", "Jh Qs", "2s Ad")
    draw = draw_for_dealer(WAKS, NAMES[:4], rng)
    # K and Q tie at 10; their redraw J/Q ties again; then the 2 (12) beats the A (16)
    assert draw == DealerDraw(
        rounds=(
            tuple(zip(NAMES[:4], parse_cards("Ks 5h Qd 7c"), strict=True)),
            (("Anna", Card.parse("Jh")), ("Carla", Card.parse("Qs"))),
            (("Anna", Card.parse("2s")), ("Carla", Card.parse("Ad"))),
        ),
        dealer=0,
    )
    assert rng.draws == []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_dealer_draw_follows_the_rule(seed: int, players: int) -> None:
    draw = draw_for_dealer(WAKS, NAMES[:players], random.Random(seed))
    drawing = list(NAMES[:players])
    for round_ in draw.rounds:
        assert [name for name, _ in round_] == drawing
        low = min(points(c) for _, c in round_)
        drawing = [name for name, c in round_ if points(c) == low]
    assert drawing == [NAMES[draw.dealer]]


def test_session_draws_its_first_dealer_reproducibly() -> None:
    a = Session.new(WAKS, NAMES[:4], 20, seed=4)
    b = Session.new(WAKS, NAMES[:4], 20, seed=4)
    assert a.first_draw is not None and a.first_draw == b.first_draw
    assert a.dealer == a.first_draw.dealer == b.dealer
    # check the last round against the rule: the one lowest card there deals
    last = a.first_draw.rounds[-1]
    low = min(points(c) for _, c in last)
    assert [n for n, c in last if points(c) == low] == [NAMES[a.dealer]]
    assert a.start_deal().dealer == a.dealer


def test_session_with_a_given_dealer_draws_nothing() -> None:
    session = Session.new(WAKS, NAMES[:3], 20, seed=1, dealer=1)
    assert session.first_draw is None and session.dealer == 1
    state = session.start_deal()
    assert state.dealer == 1 and state.eldest == 2


def test_session_dealer_minus_one_is_the_last_seat() -> None:
    session = Session.new(WAKS, NAMES[:3], 20, seed=1, dealer=-1)
    assert session.dealer == 2 and session.start_deal().dealer == 2


def test_session_needs_a_seed_or_rng() -> None:
    with pytest.raises(PrimeroError, match="seed"):
        Session.new(WAKS, NAMES[:3])
    s = Session.new(WAKS, NAMES[:3], rng=random.Random(5))
    assert s == Session.new(WAKS, NAMES[:3], rng=random.Random(5))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        # regression: no player raised a bare ValueError from the dealer draw, and one
        # player "the session is over"
        ({"players": ()}, "waks is played by 2 to 6 players; got 0"),
        ({"players": NAMES[:1]}, "waks is played by 2 to 6 players; got 1"),
        ({"players": (*NAMES, "Gina")}, "waks is played by 2 to 6 players; got 7"),
        ({"dealer": 2}, "dealer seat 2 is not a seat of 2 players"),
        ({"players": ("Anna", "Anna")}, "two players are called 'Anna'"),
        ({"chips": [5, 0]}, "Ben has 0 chips"),
        ({"chips": [5, 5, 5]}, "^2 players but 3 chip counts: one per player$"),
        ({"stake": 0}, "bad table"),
    ],
)
def test_bad_session_rejected(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"players": NAMES[:2], "seed": 1, **kwargs}
    with pytest.raises(PrimeroError, match=message):
        Session.new(WAKS, **args)


# --------------------------------------------------------------------------------------------
# Between deals


def test_deal_passes_in_playing_order() -> None:
    session = Session.new(WAKS, NAMES[:4], 100, seed=9, dealer=2)
    rng = random.Random(3)
    dealers = []
    for _ in range(6):
        state = session.start_deal()
        dealers.append(state.players[state.dealer])
        assert state.eldest == (state.dealer + 1) % 4
        session = session.after(play_deal(state, [RandomAgent()] * 4, rng))
    assert dealers == ["Carla", "Dan", "Anna", "Ben", "Carla", "Dan"]
    assert session.deals == 6


def test_deals_are_reproducible_and_distinct() -> None:
    session = Session.new(WAKS, NAMES[:4], 50, seed=9, dealer=0)
    assert session.start_deal() == Session.new(WAKS, NAMES[:4], 50, seed=9,
                                               dealer=0).start_deal()
    assert session.deal_seed(0) != session.deal_seed(1)
    assert session.deal_seed() == session.deal_seed(0)


def test_carry_over_when_nobody_vies_in_round_two() -> None:
    session = Session.new(WAKS, NAMES[:4], 20, seed=2, dealer=3)
    state = play_policy(session.start_deal(), vie_then_nobody_vies)
    assert state.ended_by == "carry"
    assert state.settlement is not None and state.settlement.awards == ()
    assert state.settlement.carry == 4  # everyone put in 1 in round 1
    assert state.stacks == (19, 19, 19, 19)
    nxt = session.after(state)
    assert nxt.carry == 4 and nxt.chips == (19, 19, 19, 19) and nxt.total_chips == 80
    following = nxt.start_deal()
    assert following.carry_in == 4 and following.pot == 4
    assert following.dealer == 0  # Anna deals after Dan
    # and it carries again on top
    again = play_policy(following, vie_then_nobody_vies)
    assert again.settlement is not None and again.settlement.carry == 8
    assert nxt.after(again).carry == 8


def test_bust_out_leaves_and_dealer_rotation_skips_them() -> None:
    """Dealer rotation with a bust-out: Ben (eldest, 1 chip) loses everything."""
    session = Session.new(WAKS, NAMES[:4], [50, 1, 50, 50], seed=1, dealer=0)
    # dealt from Ben: Ben Carla Dan Anna twice; the second deal to Ben and Anna only
    stock = stacked_stock(["Qs", "2s", "3s", "7h", "Js", "4s", "5s", "6h",
                           "Kd", "Ah", "Jd", "5h"])
    state = start_deal(WAKS, session.players, session.chips, dealer=session.dealer,
                       carry=session.carry, stock=stock)
    state = play_lines(state, ["Ben vie 1", "Carla fold", "Dan fold",
                               "Anna hold",  # Anna speaks last before Ben: must hold
                               "Ben exchange", "Anna exchange"])
    assert state.over and state.ended_by == "showdown"  # round 2 skipped: Ben is all-in
    assert state.settlement is not None
    assert {state.seats[s].name: v.label for s, v in state.settlement.values} == {
        "Ben": "Numerus 20", "Anna": "Fluxus 70"}
    assert state.stacks == (51, 0, 50, 50)
    nxt = session.after(state)
    assert nxt.players == ("Anna", "Carla", "Dan")
    assert nxt.chips == (51, 50, 50)
    assert nxt.left == ("Ben",)
    assert nxt.players[nxt.dealer] == "Carla"  # Ben would deal next, but he has left
    assert nxt.total_chips == session.total_chips == 151
    following = nxt.start_deal()
    assert following.players == ("Anna", "Carla", "Dan")
    assert following.players[following.dealer] == "Carla"
    assert following.players[following.eldest] == "Dan"
    assert nxt.standings() == [("Anna", 51), ("Carla", 50), ("Dan", 50), ("Ben", 0)]


def test_dealer_busting_passes_the_deal_on() -> None:
    session = Session.new(WAKS, NAMES[:4], [50, 50, 50, 1], seed=1, dealer=3)
    # dealt from Anna: A B C D twice; the second deal to Carla and Dan only
    stock = stacked_stock(["2s", "3s", "7h", "Qs", "4s", "5s", "6h", "Js",
                           "Ah", "Kd", "5h", "Jd"])
    state = start_deal(WAKS, session.players, session.chips, dealer=session.dealer,
                       stock=stock)
    state = play_lines(state, ["Anna pass", "Ben pass", "Carla pass", "Dan vie 1",
                               "Anna fold", "Ben fold", "Carla hold",
                               "Carla exchange", "Dan exchange"])
    assert state.over and state.stacks == (50, 50, 51, 0)
    nxt = session.after(state)
    assert nxt.players == ("Anna", "Ben", "Carla") and nxt.left == ("Dan",)
    assert nxt.players[nxt.dealer] == "Anna"  # the seat after Dan's


def test_session_ends_with_one_player_left() -> None:
    session = Session.new(WAKS, NAMES[:2], [50, 1], seed=1, dealer=0)
    stock = stacked_stock(["Qs", "7h", "Js", "6h", "Kd", "Ah", "Jd", "5h"])
    state = start_deal(WAKS, session.players, session.chips, dealer=0, stock=stock)
    # Ben (eldest) is all-in at once: Anna speaks last before him and must hold
    state = play_lines(state, ["Ben vie 1", "Anna hold", "Ben exchange", "Anna exchange"])
    nxt = session.after(state)
    assert nxt.players == ("Anna",) and nxt.finished
    assert nxt.standings() == [("Anna", 51), ("Ben", 0)]
    with pytest.raises(PrimeroError, match="session is over"):
        nxt.start_deal()
    done, deals = play_session(nxt, {"Anna": RandomAgent()}, 5, random.Random(1))
    assert done == nxt and deals == []


def test_standings_most_chips_first_then_who_left_last() -> None:
    session = Session(variant=WAKS, players=("Anna", "Ben", "Carla"), chips=(5, 30, 12),
                      dealer=0, table=primero.deal.state.Table(), left=("Dan", "Emma"))
    assert session.standings() == [("Ben", 30), ("Carla", 12), ("Anna", 5), ("Emma", 0),
                                   ("Dan", 0)]


def test_after_rejects_an_unfinished_deal_and_a_stranger() -> None:
    session = Session.new(WAKS, NAMES[:3], 20, seed=1, dealer=0)
    state = session.start_deal()
    with pytest.raises(PrimeroError, match="not over"):
        session.after(state)
    other = Session.new(WAKS, NAMES[:3], 25, seed=1, dealer=0)
    finished = play_deal(other.start_deal(), [RandomAgent()] * 3, random.Random(1))
    with pytest.raises(PrimeroError, match="not dealt from this session"):
        session.after(finished)


def test_after_rejects_a_deal_dealt_without_the_carry() -> None:
    """Regression: the carried chips vanished when a deal was dealt without them."""
    session = Session.new(WAKS, NAMES[:4], 20, seed=2, dealer=3)
    session = session.after(play_policy(session.start_deal(), vie_then_nobody_vies))
    assert session.carry == 4 and session.total_chips == 80
    rng = random.Random(1)
    agents = [RandomAgent()] * 4
    stray = start_deal(WAKS, session.players, session.chips, dealer=session.dealer, seed=5)
    with pytest.raises(PrimeroError, match="its carry-over is 0, the session's 4"):
        session.after(play_deal(stray, agents, rng))
    other_dealer = start_deal(WAKS, session.players, session.chips, dealer=1,
                              carry=session.carry, seed=5)
    with pytest.raises(PrimeroError, match="its dealer is 1, the session's 0"):
        session.after(play_deal(other_dealer, agents, rng))
    other_table = start_deal(WAKS, session.players, session.chips, dealer=session.dealer,
                             carry=session.carry, rest=5, seed=5)
    with pytest.raises(PrimeroError, match="its table is"):
        session.after(play_deal(other_table, agents, rng))
    # the session's own next deal is accepted, and nothing is lost
    assert session.after(play_deal(session.start_deal(), agents, rng)).total_chips == 80


# --------------------------------------------------------------------------------------------
# Whole sessions: chips conserved


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), data=st.data())
def test_chips_conserved_across_a_session(seed: int, players: int,
                                          data: st.DataObject) -> None:
    chips = data.draw(st.lists(st.integers(1, 12), min_size=players, max_size=players))
    kinds = data.draw(st.lists(st.sampled_from(["random", "heuristic"]), min_size=players,
                               max_size=players))
    agents: dict[str, Agent] = {
        n: RandomAgent() if k == "random" else HeuristicAgent()
        for n, k in zip(NAMES, kinds, strict=False)
    }
    rng = random.Random(seed)
    session = Session.new(WAKS, NAMES[:players], chips, rng=rng)
    total = session.total_chips
    assert total == sum(chips)
    for _ in range(12):
        if session.finished:
            break
        state = session.start_deal()
        assert state.carry_in == session.carry and state.dealer == session.dealer
        assert state.total_chips == total
        state = play_deal(state, [agents[n] for n in state.players], rng)
        assert state.total_chips == total
        nxt = session.after(state)
        assert nxt.total_chips == total
        assert nxt.deals == session.deals + 1
        # who left had no chips; who stays has some
        gone = [n for n, c in zip(state.players, state.stacks, strict=True) if c == 0]
        assert nxt.left == session.left + tuple(gone)
        assert all(c > 0 for c in nxt.chips)
        assert nxt.players == tuple(n for n in session.players if n not in gone)
        if nxt.players:
            # the next dealer: the first player after this dealer (playing order) still in
            n = len(session.players)
            after_dealer = [session.players[(session.dealer + k) % n] for k in range(1, n + 1)]
            assert nxt.players[nxt.dealer] == next(p for p in after_dealer
                                                   if p in nxt.players)
        session = nxt
    assert sum(c for _, c in session.standings()) + session.carry == total


def test_play_session_plays_and_books_every_deal() -> None:
    session = Session.new(WAKS, NAMES[:3], 10, seed=6)
    agents: dict[str, Agent] = {n: RandomAgent() for n in NAMES[:3]}
    end, deals = play_session(session, agents, 8, random.Random(6))
    assert len(deals) == end.deals <= 8
    assert all(d.over for d in deals)
    assert end.total_chips == 30
    again, deals_again = play_session(session, agents, 8, random.Random(6))
    assert again == end and deals_again == deals


@pytest.mark.parametrize("name", primero.registry().names())
def test_sessions_conserve_chips_in_every_variant(name: str) -> None:
    variant = primero.get_variant(name)
    low, high = variant.spec.players
    n = min(high, 4)
    session = Session.new(variant, NAMES[:n], [3 + 2 * i for i in range(n)], seed=len(name))
    total = session.total_chips
    agents: dict[str, Agent] = {p: RandomAgent() for p in NAMES[:n]}
    end, deals = play_session(session, agents, 15, random.Random(name))
    assert end.total_chips == total
    assert len(deals) == end.deals
    assert set(end.players) | set(end.left) == set(NAMES[:n])
    assert all(c > 0 for c in end.chips)
    assert end.finished == (len(end.players) < low)
    for before, after in pairwise(deals):
        assert after.carry_in == (before.settlement.carry if before.settlement else -1)


def test_a_session_refuses_an_rng_that_is_not_a_random_generator() -> None:
    with pytest.raises(PrimeroError) as info:
        Session.new("waks", ["Anna", "Ben"], rng=3)  # type: ignore[arg-type]
    assert str(info.value) == "rng must be a random.Random, got 3"


@pytest.mark.parametrize("given", [5, None, "deal"])
def test_booking_something_that_is_not_a_deal_is_refused(given: object) -> None:
    session = Session.new("waks", ["Anna", "Ben"], seed=1)
    with pytest.raises(PrimeroError) as info:
        session.after(given)  # type: ignore[arg-type]
    assert str(info.value).startswith("after() takes a finished deal (a GameState), got ")
    assert session == Session.new("waks", ["Anna", "Ben"], seed=1)
