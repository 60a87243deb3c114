"""The core's fast answers inside a wrapper chain equal the checked hooks they stand for.

Where a variant's plug-ins only wrap ``primero_legal_actions`` or ``primero_apply_action``
(Cardano), :func:`primero.plugins.manager.around_core_caller` runs the wrappers around the
core's fast code (:func:`~primero.deal.fast_betting.fast_legal_actions`,
:func:`~primero.deal.fast_betting.bet_answer`) instead of the core's hook implementation. The
independent references: the core's hook implementation itself
(:meth:`~primero.rules.betting.CoreBetting.primero_apply_action`) and pluggy's own call of
the hook, over random deals of every registered variant (the example plug-in's too, when
installed): the same states, the same answers, the same errors.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pytest

from primero import get_variant, registry
from primero.actions import Action, Fold
from primero.deal.engine import start_deal
from primero.deal.fast_betting import bet_answer, fast_legal_actions
from primero.deal.state import GameState
from primero.errors import PluginError
from primero.hookspecs import hookimpl
from primero.plugins.deal import CORE_PLUGINS
from primero.plugins.manager import around_core_caller, new_manager, register_plugin
from primero.rules.betting import CORE_BETTING, core_legal_actions

PLAYERS = ["Anna", "Ben", "Carla", "Dora"]


def _fields(state: GameState) -> tuple[Any, ...]:
    return (state.seats, state.stock, state.discards, state.step_index, state.to_act,
            state.high, state.opener, state.held, state.bets, state.skipped, state.over,
            state.ended_by, state.reshuffles, state.history, state.variant_state,
            state.settlement, state.pending)


def _outcome(make: Any) -> tuple[Any, ...]:
    try:
        return ("state", _fields(make()))
    except Exception as exc:
        return ("error", type(exc), str(exc))


def _decisions(name: str, seed: int) -> Generator[GameState, None, None]:
    """Every decision of one random deal of ``name`` (2 to 4 players, some all-in)."""
    variant = get_variant(name)
    rng = random.Random(seed)
    low, high = variant.spec.players
    n = max(low, min(high, 2 + seed % 3))
    chips = [3, 9, 30, 50][:n] if seed % 2 else 40
    state = start_deal(variant, PLAYERS[:n], chips, dealer=seed % n, seed=seed,
                       rest=1 + seed % 3)
    while not state.over:
        yield state
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", registry().names())
def test_bet_answer_gives_the_core_hooks_state_for_every_legal_action(name: str) -> None:
    variant = get_variant(name)
    compared = 0
    for seed in range(8):
        for state in _decisions(name, seed):
            legal = state.legal_actions()
            for action in random.Random(seed).sample(list(legal), min(6, len(legal))):
                hook = _outcome(lambda s=state, a=action: CORE_BETTING.primero_apply_action(
                    s, variant, a))
                fast = _outcome(lambda s=state, a=action: bet_answer(s, a))
                assert fast == hook, (state, action)
                compared += 1
    assert compared > 50


class Passes:
    """A wrapper that logs and passes the core's answer on."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: Any, variant: Any) \
            -> Generator[None, Any, Any]:
        self.log.append("enter")
        answer = yield
        self.log.append("leave")
        return answer


class AddsFold:
    """A wrapper that answers a new tuple: the core's actions and a fold at the end."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: Any, variant: Any) \
            -> Generator[None, Any, Any]:
        answer = yield
        return (*answer, Fold())


class Raises:
    """A wrapper that raises ``ValueError`` after it got the answer."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: Any, variant: Any) \
            -> Generator[None, Any, Any]:
        yield
        raise ValueError("broken wrapper")


class TwoYields:
    """A faulty wrapper that yields twice."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: Any, variant: Any) \
            -> Generator[None, Any, Any]:
        yield
        yield


def _both_ways(wrappers: list[object], state: GameState) -> tuple[Any, Any, Any]:
    """``(pluggy's answer or error, the around caller's, the core's answer it reports)``."""
    pm = new_manager()
    for plugin in (*CORE_PLUGINS, *wrappers):
        register_plugin(pm, plugin)
    around = around_core_caller(pm, "primero_legal_actions", state.variant, fast_legal_actions)
    assert around is not None
    try:
        plain: Any = pm.hook.primero_legal_actions(state=state, variant=state.variant)
    except Exception as exc:
        plain = (type(exc).__name__, str(exc))
    core = None
    try:
        fast, core = around(state)
    except PluginError as exc:  # names the plug-in; the cause is what pluggy raises
        fast = (type(exc.__cause__).__name__, str(exc.__cause__))
    return plain, fast, core


def _waks_decision() -> GameState:
    return next(_decisions("waks", 1))


def test_around_caller_passes_the_core_answer_on_as_pluggy_does() -> None:
    state = _waks_decision()
    log_plain: list[str] = []
    plain, fast, core = _both_ways([Passes(log_plain)], state)
    assert fast == plain == core_legal_actions(state)
    assert fast is core  # the core's own answer, passed on: the caller can tell
    assert log_plain == ["enter", "leave"] * 2  # once by pluggy, once by the around caller


def test_around_caller_answer_of_a_changing_wrapper_is_not_the_core_answer() -> None:
    state = _waks_decision()
    plain, fast, core = _both_ways([AddsFold()], state)
    assert fast == plain == (*core_legal_actions(state), Fold())
    assert fast is not core


@pytest.mark.parametrize("wrapper, error", [(Raises(), ("ValueError", "broken wrapper")),
                                            (TwoYields(), ("RuntimeError", None))])
def test_around_caller_fails_as_pluggy_does(wrapper: object, error: tuple[str, str | None]) \
        -> None:
    plain, fast, _ = _both_ways([wrapper], _waks_decision())
    assert plain[0] == fast[0] == error[0]
    if error[1] is not None:
        assert plain[1] == fast[1] == error[1]
    else:
        assert "has second yield" in plain[1] and "has second yield" in fast[1]


def test_around_caller_only_where_the_core_is_the_one_plain_answer() -> None:
    pm = new_manager()
    for plugin in CORE_PLUGINS:
        register_plugin(pm, plugin)
    assert around_core_caller(pm, "primero_legal_actions", get_variant("waks"),
                              fast_legal_actions) is None  # no wrapper: the core alone

    class Plain:
        @hookimpl
        def primero_legal_actions(self, state: Any, variant: Any) -> tuple[Action, ...]:
            return (Fold(),)

    register_plugin(pm, Passes([]))
    register_plugin(pm, Plain())
    assert around_core_caller(pm, "primero_legal_actions", get_variant("waks"),
                              fast_legal_actions) is None  # a plug-in answers itself


@pytest.mark.parametrize("name", registry().names())
def test_rules_legal_actions_equal_pluggys_call_of_the_hook(name: str) -> None:
    variant = get_variant(name)
    rules = variant.rules.deal
    for seed in range(6):
        for state in _decisions(name, seed):
            hooked = rules.manager.hook.primero_legal_actions(state=state, variant=variant)
            assert tuple(rules.legal_actions(state)) == tuple(hooked)
