"""What the engine trusts once per answer still refuses what it refused before.

* The checks of a plug-in's legal actions take an answer made of actions found sound before
  (Suzuki's passes with an exchange among them, one object per set of cards) with a lookup
  of their ids and one test of the exchanged cards against the hand: a pass throwing a card
  the player does not hold, or an action offered twice, is still named (the foreign card with
  the very error the checked path, :func:`~primero.plugins.checks.checking_everything`, gives).
* A bet moves no card, so :func:`~primero.rules.betting.apply_bet` keeps the cards' "found
  sound" mark, and only that: a state not marked stays unmarked.
* The engine works the deal's action bound out once per stretch of core bets in a step: a
  deal is still stopped at the very action :func:`~primero.plugins.checks.deal_action_bound`
  names, whether the bound was worked out at that action or earlier on the path.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from primero import EndlessDealError, PluginError, get_variant
from primero.actions import Fold, Hold, Pass, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState, cards_sound, mark_cards_sound
from primero.hookspecs import hookimpl
from primero.plugins.checks import checking_everything, deal_action_bound
from primero.rules.betting import apply_bet, core_legal_actions
from primero.variants.suzuki import SUZUKI

PLAYERS = ["Anna", "Ben", "Carla"]


class Tampers:
    """Answers Suzuki's legal actions, one of them swapped for ``swap(answer)`` when set."""

    def __init__(self) -> None:
        self.swap: Any = None

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        answer = core_legal_actions(state) or None
        if answer is None or self.swap is None:
            return answer
        return self.swap(answer)


def tampered_deal(name: str) -> tuple[Tampers, GameState, tuple[Any, ...]]:
    """A Suzuki deal (with :class:`Tampers`) after the first player's vie, and their answer.

    The first player's answer was checked and found sound: its passes are known to the checks.
    """
    rule = Tampers()
    variant = attrs.evolve(SUZUKI, name=name, aliases=(),
                           plugins=(*SUZUKI.plugins, rule)).configure()
    state = start_deal(variant, PLAYERS, 20, seed=5)
    first = state.legal_actions()
    assert any(isinstance(a, Pass) and a.exchange for a in first)
    state = state.apply(next(a for a in first if isinstance(a, Vie)))
    return rule, state, first


def error_both_ways(state: GameState) -> tuple[str, str]:
    """The error of ``state.legal_actions()``, on the fast path and with everything checked."""
    with pytest.raises(PluginError) as fast:
        state.legal_actions()
    with checking_everything(), pytest.raises(PluginError) as checked:
        replace(state).legal_actions()
    assert fast.value.hook == checked.value.hook == "primero_legal_actions"
    return str(fast.value), str(checked.value)


def test_a_known_pass_throwing_a_card_another_player_holds_is_refused() -> None:
    rule, state, first = tampered_deal("suzukiswapsapass")
    state.legal_actions()  # the player's own answer, found sound: every action in it known
    state = replace(state)  # (its cache of the answer dropped)
    seat = state.to_act
    assert seat is not None
    hand = state.seats[seat].hand
    foreign = next(a for a in first if isinstance(a, Pass) and a.exchange
                   and not set(a.exchange) <= set(hand))  # the first player's cards
    rule.swap = lambda answer: (*answer[:-1], foreign)
    fast, checked = error_both_ways(state)
    assert fast == checked
    assert "which throws cards the player does not hold" in fast


def test_a_known_pass_offered_twice_is_refused() -> None:
    rule, state, _ = tampered_deal("suzukitwice")
    rule.swap = lambda answer: (*answer, answer[-1])  # the very object again
    fast, checked = error_both_ways(state)
    assert "pass exchange <card>" in fast
    assert fast.endswith(" twice; expected each legal action once (cards hidden: error.detail "
                         "shows them)")
    assert checked.endswith("returned an action twice; expected distinct legal actions")


def test_the_sound_answers_are_taken_the_same_with_the_checks_in_full() -> None:
    _, state, _ = tampered_deal("suzukisound")
    legal = state.legal_actions()
    with checking_everything():
        assert replace(state).legal_actions() == legal
    seat = state.to_act
    assert seat is not None
    hand = set(state.seats[seat].hand)
    # a vie was made: holds, raises and one pass per exchange of one or two cards (no fold)
    passes = [a for a in legal if isinstance(a, Pass)]
    assert len(passes) == len(hand) + len(hand) * (len(hand) - 1) // 2
    assert all(a.exchange and set(a.exchange) <= hand for a in passes)
    assert not any(isinstance(a, Fold) for a in legal)


@pytest.mark.parametrize("action", [Vie(2), Hold(0), Hold(1), Pass(), Fold()],
                         ids=["vie", "hold", "raise", "pass", "fold"])
def test_a_bet_keeps_the_cards_sound_mark_and_only_it(action: Any) -> None:
    state = start_deal(get_variant("waks"), PLAYERS, 20, seed=2)
    if isinstance(action, Hold):
        state = state.apply(Vie(1))
    seat = state.to_act
    assert seat is not None
    unmarked = replace(state)
    marked = replace(state)
    mark_cards_sound(marked)
    after_marked = apply_bet(marked, seat, action)
    after_unmarked = apply_bet(unmarked, seat, action)
    assert cards_sound(after_marked)
    assert not cards_sound(after_unmarked)
    assert [s.hand for s in after_marked.seats] == [s.hand for s in state.seats]
    assert after_marked.stock is state.stock and after_marked.discards is state.discards


@pytest.mark.parametrize("short", [0, 1, 2, 3])
def test_a_deal_is_stopped_at_the_bound_whenever_the_bound_was_worked_out(short: int) -> None:
    """After a vie of 20 at six seats, passes in answer (which move nothing) from a history
    ``short`` actions below the bound: the pass that would reach it is refused.

    The bound: ``4 * 7 * (1 + 20 chips + 2 steps) = 644`` actions, above the floor of 448:
    the engine works it out at the first pass past the floor and keeps it for the next ones
    (up to four passes: the fifth answer is Finn's, who must hold).
    """
    players = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]
    state = start_deal(get_variant("waks"), players, 50, rest=20, seed=4)
    state = state.apply(Vie(20))
    bound = deal_action_bound(state)
    assert (bound, state.context.bound) == (644, 448)
    state = replace(state, history=tuple((0, Pass()) for _ in range(bound - short)))
    for _ in range(short):  # below the bound: each pass taken (the bound stays: no progress)
        seat = state.to_act
        state = state.apply(Pass())
        assert state.to_act is not None and state.to_act != seat
        assert deal_action_bound(state) == bound
    with pytest.raises(EndlessDealError):
        state.apply(Pass())
