"""The rollout player plays as the odds player does, on the odds player's own pricing."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.agents import OddsAgent, Strength
from primero.agents import odds as odds_module
from primero.agents import rollout as rollout_module
from primero.agents.calling import calls_of, meets_by_index
from primero.agents.rollout import CallField, TableOdds
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


def kind(action: Action) -> str:
    if isinstance(action, Hold):
        return "raise" if action.raise_by else "hold"
    return type(action).__name__.lower()


@cache
def decisions(variant: str, deals: int) -> tuple[tuple[PlayerView, Action, Action], ...]:
    """Heads-up odds players' decisions with a choice (seeds 0..deals-1), and the table's.

    Each seat's table-odds player sees every view the seat decides on, so it reads the session
    as the odds player in that seat does.
    """
    out = []
    odds = [OddsAgent(), OddsAgent()]
    tables = [TableOdds(), TableOdds()]
    for seed in range(deals):
        state = start_deal(variant, ["Anna", "Ben"], 50, dealer=seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act
            assert seat is not None
            view = state_view(state, seat)
            action = odds[seat].act(view, rng)
            mine = tables[seat].act(view, random.Random(0))
            if len(view.legal) > 1:
                out.append((view, action, mine))
            state = state.apply(action)
    return tuple(out)


# measured (benchmarks/bench_rollout.py has the wider run): (decisions, the table's of the
# same kind as the odds player's) over the seeded decisions of 8 deals; before the rollout
# player priced as the odds player does and read its chosen keep again: Waks 42 of 50,
# Cardano 36 of 89 (the odds player's raises naming its own call were folds), Revival 19 of 20
AGREEMENT = {"waks": (50, 49), "cardano": (89, 87), "revival": (20, 19)}
FLOOR = 0.9


@pytest.mark.parametrize("variant", sorted(AGREEMENT))
def test_the_rollout_player_plays_the_odds_players_kind_of_action_at_the_floor(
        variant: str) -> None:
    rows = decisions(variant, 8)
    alike = sum(kind(odds) == kind(table) for _, odds, table in rows)
    assert (len(rows), alike) == AGREEMENT[variant]
    assert alike / len(rows) >= FLOOR


def waks_first_view() -> PlayerView:
    """Waks heads-up, seed 1: the eldest's 4d 2h, nothing owed (the odds player passes)."""
    state = start_deal("waks", ["Anna", "Ben"], 50, seed=1)
    return state_view(state, state.to_act or 0)


def test_a_vie_is_priced_by_the_odds_players_vie_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    view = waks_first_view()
    assert rollout_module.vie_worth is odds_module.vie_worth  # the shared function, not a copy
    assert isinstance(TableOdds().act(view, random.Random(0)), Pass)
    seen: list[float] = []

    def generous(v: PlayerView, bet: float, *args: object, **kwargs: object) -> float:
        seen.append(bet)
        return 100.0  # every vie worth a fortune unless raised again: the table vies

    monkeypatch.setattr(rollout_module, "vie_worth", generous)
    monkeypatch.setattr(rollout_module, "_CHANCES", {})
    # the same fortune at every amount: the largest (the odds player's tie-break)
    assert TableOdds().act(view, random.Random(0)) == Vie(3)
    assert sorted(set(seen)) == [1, 2, 3]  # every amount priced
    # priced for being raised again too (reraised_worth, weighed by the chance of a raise):
    # the least, which loses least when raised
    assert TableOdds(reraised=True).act(view, random.Random(0)) == Vie(1)


def test_a_hold_is_priced_by_the_odds_players_hold_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    # Revival heads-up, seed 4: Anna vies the rest; Ben may fold, hold or raise (no must-hold)
    state = start_deal("revival", ["Anna", "Ben"], 50, seed=4).apply("vie 3")
    view = state_view(state, state.to_act or 0)
    assert rollout_module.hold_worth is odds_module.hold_worth
    monkeypatch.setattr(rollout_module, "_CHANCES", {})
    monkeypatch.setattr(rollout_module, "hold_worth", lambda *args: -100.0)
    assert isinstance(TableOdds().act(view, random.Random(0)), Fold)
    monkeypatch.setattr(rollout_module, "hold_worth", lambda *args: 100.0)
    assert kind(TableOdds().act(view, random.Random(0))) in {"hold", "raise"}


def test_an_opponent_missing_the_call_is_beaten_whatever_its_strength() -> None:
    variant = start_deal("cardano", ["Anna", "Ben"], 50, seed=1).variant
    table = Strength.of(variant.ranking)
    book = calls_of(state_view(start_deal("cardano", ["Anna", "Ben"], 50, seed=1), 0))
    assert book is not None
    call = Call("Primero", 60)
    field = CallField.of(table, book, call, False)
    shares = table.share_array
    meet = meets_by_index(book, table, call)
    for share, floor, bluff in ((0.7, 0.0, 1.0), (0.9, 0.5, 1.0), (0.6, 0.65, 0.35),
                                (0.95, 0.3, 0.2)):
        # counted hand by hand: the opponent's hands at or above the floor, a missing one
        # weighing ``bluff``; beaten when it misses or is weaker (a tie half)
        held = shares >= floor
        weight = np.where(meet, 1.0, bluff)[held]
        lost = np.where(~meet, 1.0,
                        np.where(shares < share, 1.0, np.where(shares == share, 0.5, 0.0)))[held]
        beaten, missed = field.beaten(share, floor, bluff)
        assert beaten == pytest.approx(float((weight * lost).sum() / weight.sum()))
        assert missed == pytest.approx(float(weight[~meet[held]].sum() / weight.sum()))


def test_an_exchange_step_still_takes_a_legal_exchange() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 50, seed=3)
    for text in ("pass", "pass"):
        state = state.apply(text)
    view = state_view(state, state.to_act or 0)
    assert all(isinstance(a, Exchange) for a in view.legal)
    assert TableOdds().act(view, random.Random(0)) in view.legal
