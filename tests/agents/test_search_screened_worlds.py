"""The search's worlds drawn from a layout: screened, rehanded as the engine deals them."""

from __future__ import annotations

import random
from functools import cache

import attrs
import pytest

from primero.actions import Exchange, Hold, Vie
from primero.agents import OddsAgent, SearchAgent
from primero.agents.calling import amount_of
from primero.agents.rollout import TableOdds
from primero.agents.search import SCREEN_TRIES, Layout, sample_world
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView, state_view


@cache
def played(variant: str, players: int, steps: int) -> GameState:
    """A deal of odds players ``steps`` actions in, still to be decided: the first seed's."""
    for seed in range(1, 40):
        state = start_deal(variant, [f"P{i}" for i in range(players)], 50, seed=seed)
        agents = [OddsAgent() for _ in range(players)]
        rng = random.Random(seed)
        for _ in range(steps):
            if state.to_act is None:
                break
            view = state_view(state, state.to_act)
            state = state.apply(agents[state.to_act].act(view, rng))
        else:
            if not state.over and state.to_act is not None:
                return state
    raise AssertionError(f"no {variant} deal of odds players lasts {steps} actions")


def layout_of(state: GameState, seed: int = 3) -> Layout:
    assert state.to_act is not None
    view = state_view(state, state.to_act)
    passed: list[GameState] = []
    world = sample_world(view, random.Random(seed), passed=passed)
    assert world is not None
    return Layout(view, world, passed)


# Cardano after an exchange each and a run of raises naming calls; Suzuki after passes with
# exchanges and a vie; Waks heads-up and at three after the first exchange
DECISIONS = [("cardano", 2, 12), ("suzuki", 2, 6), ("waks", 2, 4), ("waks", 3, 6)]


@pytest.mark.parametrize(("variant", "players", "steps"), DECISIONS)
def test_a_rehanded_world_is_the_engines_replay_of_the_same_draw(
        variant: str, players: int, steps: int) -> None:
    layout = layout_of(played(variant, players, steps))
    rng = random.Random(7)
    moved = 0
    for _ in range(3):
        drawn = layout.draw(rng)
        replayed = layout.replay(drawn, rng)
        assert replayed is not None
        rehanded = layout.rehand(drawn)
        assert rehanded == replayed
        assert rehanded.stock == replayed.stock and rehanded.history == replayed.history
        moved += any(rehanded.seats[i].hand != layout.world.seats[i].hand
                     for i in layout.opponents)
    assert moved == 3  # every draw dealt the opponents other cards than the layout's world


def test_the_sequential_draw_gives_each_screened_hand_what_the_screen_asks() -> None:
    layout = layout_of(played("cardano", 2, 12))
    view = layout.view
    # the opponent's pass on its first two cards, then its raises after the exchange
    assert [at for at, _, _ in layout.checks] == [1, 5, 7, 9, 11]
    assert layout.groups == {1: [1], 5: [5, 7, 9, 11]}
    wanted = next(c for c in view.variant.pack.cards
                  if c not in view.hand and c not in view.discarded)
    asked: list[int] = []

    def misses(at: int, stock: list, cards: tuple) -> bool:
        asked.append(at)
        return at >= 5 and wanted not in cards[0]

    drawn, missed = layout.draw_agreeing(random.Random(11), misses, tries=400)
    assert missed == 0
    _, _, hands, last, _ = drawn
    assert sorted(hands) == [1, 5, 7, 9, 11]
    assert all(wanted in hands[at][0] for at in (5, 7, 9, 11))
    assert len({hands[at] for at in (5, 7, 9, 11)}) == 1  # one hand for the four raises
    assert wanted in last[1 - view.seat]
    assert asked[0] == 1 and asked[-4:] == [5, 7, 9, 11]  # the kept try asked all four
    assert layout.replay(drawn, random.Random(1)) is not None


def test_a_screened_draw_that_never_agrees_keeps_the_fewest_misses() -> None:
    layout = layout_of(played("cardano", 2, 12))
    drawn, missed = layout.draw_agreeing(random.Random(2), lambda at, s, c: True, tries=5)
    assert missed == 1 + 4  # the pass, and the four raises made with one hand
    assert layout.replay(drawn, random.Random(1)) is not None


def test_screening_search_replays_two_worlds_a_decision_and_rehands_the_rest() -> None:
    state = played("cardano", 2, 12)
    assert state.to_act is not None
    view = state_view(state, state.to_act)
    search = SearchAgent(budget_ms=None, simulations=12, prune=None, screen_tries=SCREEN_TRIES)
    choice = search.act(view, random.Random(5))
    assert search.worlds == 12
    # the layout's world and the first screened world (checked against its rehanding)
    assert search.replays == 2
    again = SearchAgent(budget_ms=None, simulations=12, prune=None, screen_tries=SCREEN_TRIES)
    assert again.act(view, random.Random(5)) == choice
    assert str(choice) == str(search.last_base)


def test_without_screening_every_world_is_replayed_through_the_engine() -> None:
    state = played("cardano", 2, 12)
    assert state.to_act is not None
    view = state_view(state, state.to_act)
    search = SearchAgent(budget_ms=None, simulations=3, prune=None, screen_tries=0)
    search.act(view, random.Random(5))
    assert search.worlds == 3
    assert search.replays >= 3


def test_by_default_the_worlds_are_screened_and_two_replays_serve_a_decision() -> None:
    # the layout is read from one replayed world and the first draw is replayed to check it:
    # every later world is rehanded without the engine
    state = played("cardano", 2, 12)
    assert state.to_act is not None
    view = state_view(state, state.to_act)
    search = SearchAgent(budget_ms=None, simulations=6, prune=None)
    search.act(view, random.Random(5))
    assert (search.worlds, search.replays) == (6, 2)


def answer(action: object) -> tuple[str, int]:
    kind = type(action).__name__
    return kind, amount_of(action) if isinstance(action, Vie | Hold) else 0  # type: ignore[arg-type]


def test_table_odds_deciding_without_observing_answers_as_a_fresh_player() -> None:
    layout = layout_of(played("cardano", 2, 12))
    # a decision whose answer depends on the hand (at the last one every hand raises by 1)
    at, _, then = layout.checks[-2]
    kept = TableOdds()
    kept.reading.observe(then)
    rng = random.Random(4)
    answers = set()
    for _ in range(12):
        _, _, hands, _, _ = drawn = layout.draw(rng)
        seen: PlayerView = layout.seen_by(at, then, drawn[0], hands[at])
        fresh = TableOdds().act(seen, random.Random(0))
        quick = kept.decide(seen, random.Random(0), observe=False, name_calls=False)
        assert answer(quick) == answer(fresh)
        answers.add(answer(quick))
    assert len(answers) > 1  # the hands drawn were answered differently


def test_a_view_seen_by_an_opponent_in_a_draw_has_only_its_cards_changed() -> None:
    layout = layout_of(played("suzuki", 2, 6))
    at, seat, then = layout.checks[-1]
    stock, _, hands, _, _ = layout.draw(random.Random(9))
    seen = layout.seen_by(at, then, stock, hands[at])
    assert seen.seat == seat and seen.hand == hands[at][0] and seen.discarded == hands[at][1]
    assert [r.card for r in seen.received] == [stock[r.order] for r in then.received]
    same = ("history", "pot", "seats", "legal", "extras", "to_act", "step")
    assert all(getattr(seen, name) == getattr(then, name) for name in same)
    assert attrs.evolve(seen, hand=then.hand, received=then.received,
                        discarded=then.discarded) == then
    assert not any(isinstance(a, Exchange) for a in seen.legal)


def test_a_negative_screen_tries_is_refused() -> None:
    with pytest.raises(ValueError, match="screen_tries must not be negative, got -1"):
        SearchAgent(screen_tries=-1)
