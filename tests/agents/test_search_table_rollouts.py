"""The search's rollout player: the odds player's betting on a chance read from tables."""

from __future__ import annotations

import random

import pytest

from primero.actions import Exchange, Pass, Vie
from primero.agents import SearchAgent, Strength
from primero.agents.rollout import TableOdds, table_chance
from primero.agents.strength import mask_of
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


def revival_first_view() -> PlayerView:
    """Revival heads-up, seed 4: Anna holds Qd Jd 4d Qc and may pass, vie 1-3 or fold."""
    state = start_deal("revival", ["Anna", "Ben"], 30, seed=4)
    return state_view(state, state.to_act or 0)


def test_a_whole_hand_against_one_opponent_wins_its_share_of_the_packs_hands() -> None:
    view = revival_first_view()
    table = Strength.of(view.variant.ranking)
    mask = mask_of(view.hand)
    share = table.share_of_mask(mask)
    found = table_chance(view, table, [0.0], [mask])
    chance, spread = found.chance, found.spread
    assert chance == pytest.approx(share)
    assert spread == [(1.0, share, chance)]


def test_an_opponents_floor_leaves_the_hands_above_it_and_opponents_multiply() -> None:
    view = revival_first_view()
    table = Strength.of(view.variant.ranking)
    mask = mask_of(view.hand)
    share = table.share_of_mask(mask)
    # an opponent holding only hands beating 30 % of the pack: the viewer beats the share of
    # those below its own hand, (share - 0.3) / 0.7; a second opponent with no floor: times share
    chance = table_chance(view, table, [0.3, 0.0], [mask]).chance
    assert chance == pytest.approx((share - 0.3) / 0.7 * share)
    # a floor above the hand: it beats none of the hands left
    assert table_chance(view, table, [min(0.99, share + 0.05)], [mask]).chance == 0.0


def test_a_hand_of_a_class_that_never_wins_has_no_chance() -> None:
    view = revival_first_view()
    table = Strength.of(view.variant.ranking)
    mask = mask_of(view.hand)
    own = table.class_ids[table.index_of_mask(mask)]
    assert table_chance(view, table, [0.0], [mask], frozenset({own})).chance == 0.0


def test_the_chance_over_final_hands_is_their_mean() -> None:
    view = revival_first_view()
    table = Strength.of(view.variant.ranking)
    pack = view.variant.ranking.pack.cards
    hands = [mask_of(pack[i:i + 4]) for i in (0, 4, 8)]
    found = table_chance(view, table, [0.0, 0.0], hands)
    chance, spread = found.chance, found.spread
    shares = [table.share_of_mask(m) for m in hands]
    assert chance == pytest.approx(sum(s * s for s in shares) / 3)
    assert [won for _, _, won in spread] == pytest.approx([s * s for s in shares])


@pytest.mark.parametrize("variant", ["waks", "cardano", "suzuki", "primiera", "revival"])
def test_a_table_odds_player_answers_the_same_whatever_its_generator(variant: str) -> None:
    rng = random.Random(2)
    views = []
    for seed in range(2):
        state = start_deal(variant, ["Anna", "Ben"], 30, seed=seed)
        while not state.over:
            view = state_view(state, state.to_act or 0)
            views.append(view)
            state = state.apply(rng.choice(view.legal))
    first = [TableOdds().act(v, random.Random(1)) for v in views]
    again = [TableOdds().act(v, random.Random(99)) for v in views]
    assert first == again
    assert all(a in v.legal for a, v in zip(first, views, strict=True))


def test_a_table_odds_player_keeps_the_cards_that_make_the_best_hand() -> None:
    # Waks, seed 5: the eldest holds 4d Kh after vie, hold, hold, and exchanges: throwing the
    # 4d keeps the king of hearts toward a flush or a primero, the best expected strength
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=5)
    for action in ("vie 1", "hold", "hold"):
        state = state.apply(action)
    view = state_view(state, state.to_act or 0)
    table = Strength.of(view.variant.ranking)
    options = [a for a in view.legal if isinstance(a, Exchange)]
    best = max(options, key=lambda a: (table.after_exchange(view.hand, a.discards),
                                       -len(a.discards)))
    assert TableOdds().act(view, random.Random(0)) == best


def test_a_seeded_search_without_a_budget_makes_the_same_exact_choice() -> None:
    # Revival heads-up, seed 4: the odds player vies 1 on Qd Jd 4d Qc; 24 worlds, each
    # candidate played in each (racing off), say passing is clearly worth more
    view = revival_first_view()
    search = SearchAgent(budget_ms=None, simulations=24, prune=None)
    choice = search.act(view, random.Random(1))
    assert search.last_base == Vie(amount=1)
    assert choice == Pass(exchange=())
    # the fold is no candidate with nothing owed: pass and three vies, every one in every world
    assert (search.worlds, search.rollouts) == (24, 24 * 4)
    again = SearchAgent(budget_ms=None, simulations=24, prune=None)
    assert again.act(view, random.Random(1)) == choice


def test_a_search_with_a_higher_bar_keeps_the_odds_players_choice() -> None:
    view = revival_first_view()
    search = SearchAgent(budget_ms=None, simulations=24, prune=None, confidence=50.0)
    assert search.act(view, random.Random(1)) == Vie(amount=1)
