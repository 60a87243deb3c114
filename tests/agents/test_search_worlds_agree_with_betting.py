"""The search's worlds agree with how the opponents bet, and rollouts decide its choice."""

from __future__ import annotations

import random

import pytest

from primero.actions import Action, Fold, Hold, Pass, Vie
from primero.agents import OddsAgent, SearchAgent, Strength
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


class Threshold:
    """Vies the most with a hand beating ``edge`` of the pack's hands, else passes or holds."""

    name = "threshold"

    def __init__(self, edge: float = 0.8) -> None:
        self.edge = edge

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        table = Strength.of(view.variant.ranking)
        strong = len(view.hand) == 4 and table.of_hand(view.hand) >= self.edge
        vies = [a for a in view.legal if isinstance(a, Vie)]
        if strong and vies:
            return max(vies, key=lambda a: a.amount)
        quiet = [a for a in view.legal if isinstance(a, Pass | Hold)]
        return quiet[0] if quiet else view.legal[0]


class Folding:
    """Folds to every bet, passes or holds otherwise."""

    name = "folding"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        folds = [a for a in view.legal if isinstance(a, Fold)]
        if view.owed > 0 and folds:
            return folds[0]
        quiet = [a for a in view.legal if isinstance(a, Pass | Hold) and not
                 (isinstance(a, Hold) and a.raise_by > 0)]
        return quiet[0] if quiet else view.legal[0]


def after_a_large_vie() -> PlayerView:
    """Revival heads-up: the eldest passed, the other vied 3; the eldest's view."""
    state = start_deal("revival", ["Anna", "Ben"], 50, seed=1).apply("pass").apply("vie 3")
    assert state.to_act == 0
    return state_view(state, 0)


def opponent_strengths(search: SearchAgent, view: PlayerView, worlds: int) -> list[float]:
    table = Strength.of(view.variant.ranking)
    rng = random.Random(5)
    out = []
    for _ in range(worlds):
        found = search.agreeing_world(view, rng)
        assert found is not None
        out.append(table.of_hand(found[0].seats[1].hand))
    return out


def test_every_world_kept_has_the_opponent_bet_as_its_rollout_player_would() -> None:
    search = SearchAgent(budget_ms=None, opponents=Threshold, agree=0.0, agree_tries=40)
    # a player like the opponent vies 3 only on a hand beating 80 % of the pack's
    strengths = opponent_strengths(search, after_a_large_vie(), 10)
    assert min(strengths) >= 0.8


def test_worlds_kept_whatever_the_opponent_would_have_done_include_weaker_hands() -> None:
    search = SearchAgent(budget_ms=None, opponents=Threshold, agree=1.0)
    strengths = opponent_strengths(search, after_a_large_vie(), 10)
    assert min(strengths) < 0.8


def after_a_pass() -> PlayerView:
    """Revival heads-up: the eldest passed; the other's view (the odds player passes too)."""
    state = start_deal("revival", ["Anna", "Ben"], 50, seed=0).apply("pass")
    return state_view(state, 1)


def test_the_search_vies_when_the_rollouts_opponents_fold_to_every_vie() -> None:
    view = after_a_pass()
    base = OddsAgent().act(view, random.Random(2))
    assert base == Pass()  # the odds player checks this hand
    search = SearchAgent(budget_ms=None, simulations=16, rollout=Folding, opponents=Folding)
    chosen = search.act(view, random.Random(2))
    # every vie takes the antes at once (the eldest folds); a pass goes on to a showdown
    # that this hand loses in some worlds: the vies tie, and the least is weighed first
    assert chosen == Vie(amount=1)
    assert search.last_base == base


@pytest.mark.parametrize("confidence", [50.0, 1e9])
def test_a_bar_no_gain_can_clear_keeps_the_odds_choice(confidence: float) -> None:
    # the vies gain in some worlds and lose in none (as above), but by fewer standard
    # errors than the bar (so high that its normal tail is nil in floating point)
    search = SearchAgent(budget_ms=None, simulations=16, rollout=Folding, opponents=Folding,
                         confidence=confidence)
    chosen = search.act(after_a_pass(), random.Random(2))
    assert chosen == search.last_base == Pass()


@pytest.mark.parametrize("agree", [-0.1, 1.5])
def test_the_search_rejects_an_agreement_chance_outside_zero_to_one(agree: float) -> None:
    with pytest.raises(ValueError, match="agree must be between 0 and 1"):
        SearchAgent(agree=agree)
