"""A wrapper written with :func:`~primero.plugins.manager.answer_wrapper` answers as its generator.

pluggy runs the wrapper ``answer_wrapper`` makes (a generator that yields once and returns the
plain function's result); :class:`~primero.plugins.manager.AroundCaller` calls the plain
function on the core's fast answer instead. The references: pluggy's own call of the hook, and
a hand-written generator wrapper doing the same thing. Same answers, same order of the
wrappers, same errors; Cardano's checked rules take the path with no generator.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import attrs
import pytest

from primero import get_variant
from primero.actions import Action, Exchange, Fold, Pass, Vie
from primero.deal.engine import start_deal
from primero.deal.fast_betting import bet_answer
from primero.deal.state import GameState
from primero.errors import PluginError
from primero.hookspecs import hookimpl
from primero.plugins.deal import CORE_PLUGINS
from primero.plugins.manager import (
    AFTER_ATTRIBUTE,
    answer_wrapper,
    around_core_caller,
    new_manager,
    register_plugin,
    wrappers_leave_alone,
)
from primero.rules.betting import core_legal_actions


class AddsFold:
    """An answer wrapper: the answer below it, then a fold; logs what it saw."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...], state: GameState) \
            -> tuple[Action, ...]:
        self.log.append(f"fold after {len(answer)}")
        return (*answer, Fold())


class KeepsTwo:
    """An answer wrapper that keeps the first two actions of the answer below it."""

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...]) -> tuple[Action, ...]:
        return answer[:2]


class Breaks:
    """An answer wrapper that raises ``ValueError`` on any answer."""

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...], variant: Any) \
            -> tuple[Action, ...]:
        raise ValueError(f"broken in {variant.name}")


class GeneratorAddsPass:
    """A hand-written generator wrapper: the answer below it, then a plain pass."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: GameState, variant: Any) \
            -> Generator[None, Any, Any]:
        answer = yield
        return (*answer, Pass())


def _decision() -> GameState:
    state = start_deal(get_variant("waks"), ["Anna", "Ben", "Carla"], 30, dealer=0, seed=3)
    assert state.to_act is not None and state.step is not None and state.step.kind == "bet"
    return state


def _both_ways(wrappers: list[object], state: GameState) -> tuple[Any, Any]:
    """``(pluggy's answer or error, the around caller's)``; an error as (type, text)."""
    pm = new_manager()
    for plugin in (*CORE_PLUGINS, *wrappers):
        register_plugin(pm, plugin)
    around = around_core_caller(pm, "primero_legal_actions", state.variant, core_legal_actions)
    assert around is not None
    try:
        plain: Any = pm.hook.primero_legal_actions(state=state, variant=state.variant)
    except Exception as exc:
        plain = (type(exc).__name__, str(exc))
    try:
        fast, _ = around(state)
    except PluginError as exc:  # names the plug-in; the cause is what pluggy raises
        fast = (type(exc.__cause__).__name__, str(exc.__cause__))
    return plain, fast


def test_answer_wrapper_answers_as_pluggy_runs_it() -> None:
    state = _decision()
    core = core_legal_actions(state)
    log: list[str] = []
    plain, fast = _both_ways([AddsFold(log)], state)
    assert plain == fast == (*core, Fold())
    assert log == [f"fold after {len(core)}"] * 2  # once by pluggy, once without it


def test_answer_wrappers_unwind_innermost_first_as_pluggy_does() -> None:
    state = _decision()
    core = core_legal_actions(state)
    assert len(core) > 2
    # registered last = outermost: KeepsTwo runs on AddsFold's answer
    plain, fast = _both_ways([AddsFold([]), KeepsTwo()], state)
    assert plain == fast == core[:2]
    plain, fast = _both_ways([KeepsTwo(), AddsFold([])], state)
    assert plain == fast == (*core[:2], Fold())


def test_answer_wrapper_beside_a_generator_wrapper_keeps_pluggys_order() -> None:
    state = _decision()
    core = core_legal_actions(state)
    plain, fast = _both_ways([AddsFold([]), GeneratorAddsPass()], state)
    assert plain == fast == (*core, Fold(), Pass())


def test_answer_wrapper_fails_as_pluggy_does() -> None:
    plain, fast = _both_ways([Breaks()], _decision())
    assert plain == fast == ("ValueError", "broken in waks")


def test_answer_wrapper_refuses_a_function_without_the_answer_first() -> None:
    def no_answer(self: object, state: GameState) -> None:
        return None

    def answer_second(state: GameState, answer: object) -> None:
        return None

    def keyword_only(answer: object, *, state: GameState) -> None:
        return None

    for bad in (no_answer, answer_second, keyword_only):
        with pytest.raises(TypeError, match="answer"):
            answer_wrapper(bad)


def test_cardano_wrappers_run_without_generators_and_equal_pluggys_answers() -> None:
    variant = get_variant("cardano")
    rules = variant.rules.deal
    hook = rules.manager.hook
    for name in ("primero_legal_actions", "primero_apply_action"):
        wrappers = [i for i in getattr(hook, name).get_hookimpls() if i.wrapper]
        assert wrappers and all(hasattr(i.function, AFTER_ATTRIBUTE) for i in wrappers)
    apply_around = around_core_caller(rules.manager, "primero_apply_action", variant,
                                      bet_answer)
    assert apply_around is not None
    rng = random.Random(11)
    compared = 0
    for seed in range(4):
        state = start_deal(variant, ["Anna", "Ben", "Carla"], 40, dealer=seed % 3, seed=seed)
        while not state.over:
            legal = rules.legal_actions(state)
            assert tuple(legal) == tuple(hook.primero_legal_actions(state=state,
                                                                    variant=variant))
            action = rng.choice(legal)
            step = state.step
            if step is not None and step.kind == "bet":
                fast, _ = apply_around(state, action)
                slow = hook.primero_apply_action(state=state, variant=variant, action=action)
                assert (fast.seats, fast.high, fast.to_act, fast.bets, fast.variant_state) \
                    == (slow.seats, slow.high, slow.to_act, slow.bets, slow.variant_state)
                compared += 1
            state = state.apply(action)
    assert compared > 10


class MarksVies:
    """An answer wrapper of ``primero_apply_action`` leaving exchanges alone; logs its calls."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    @hookimpl(wrapper=True)
    @answer_wrapper(unchanged_for=(Exchange,))
    def primero_apply_action(self, answer: GameState, action: Action) -> GameState:
        self.log.append(type(action).__name__)
        return answer


class MarksEverything:
    """An answer wrapper of ``primero_apply_action`` that declares nothing left alone."""

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_apply_action(self, answer: GameState, action: Action) -> GameState:
        return answer


class GeneratorApply:
    """A hand-written generator wrapper of ``primero_apply_action`` passing the answer on."""

    @hookimpl(wrapper=True)
    def primero_apply_action(self, state: GameState, variant: Any, action: Action) \
            -> Generator[None, Any, Any]:
        return (yield)


def _manager(*wrappers: object) -> Any:
    pm = new_manager()
    for plugin in (*CORE_PLUGINS, *wrappers):
        register_plugin(pm, plugin)
    return pm


def test_answer_wrapper_leaves_declared_actions_alone_both_ways() -> None:
    variant = get_variant("waks")
    state = start_deal(variant, ["Anna", "Ben"], 30, dealer=0, seed=4)
    while state.step is None or state.step.kind != "exchange":
        state = state.apply(next(a for a in state.legal_actions() if not isinstance(a, Fold)))
    exchange = state.legal_actions()[-1]
    assert isinstance(exchange, Exchange) and exchange.discards
    log: list[str] = []
    pm = _manager(MarksVies(log))
    around = around_core_caller(pm, "primero_apply_action", variant, bet_answer)
    assert around is not None
    plain = pm.hook.primero_apply_action(state=state, variant=variant, action=exchange)
    fast, core = around(state, exchange)
    assert log == []  # neither pluggy's call nor the fast one ran the plain function
    assert fast is core and fast.seats == plain.seats and fast.pending == plain.pending
    vie = start_deal(variant, ["Anna", "Ben"], 30, dealer=0, seed=4)
    bet = vie.legal_actions()[0]
    pm.hook.primero_apply_action(state=vie, variant=variant, action=bet)
    around(vie, bet)
    assert log == [type(bet).__name__] * 2


def test_wrappers_leave_alone_only_what_every_answer_wrapper_declares() -> None:
    assert wrappers_leave_alone(_manager(MarksVies([])), "primero_apply_action", Exchange)
    assert not wrappers_leave_alone(_manager(MarksVies([])), "primero_apply_action", Fold)
    assert not wrappers_leave_alone(_manager(MarksVies([]), MarksEverything()),
                                    "primero_apply_action", Exchange)
    assert not wrappers_leave_alone(_manager(MarksVies([]), GeneratorApply()),
                                    "primero_apply_action", Exchange)
    assert not wrappers_leave_alone(_manager(), "primero_apply_action", Exchange)
    cardano = get_variant("cardano").rules.deal.manager
    assert wrappers_leave_alone(cardano, "primero_apply_action", Exchange)


def test_answer_wrapper_refuses_to_leave_actions_alone_without_the_action() -> None:
    def no_action(answer: object, state: GameState) -> None:
        return None

    with pytest.raises(TypeError, match="action"):
        answer_wrapper(unchanged_for=(Exchange,))(no_action)


class CountsVies:
    """Sets the variant's state to the number of chips of a vie; leaves anything else alone."""

    @hookimpl(wrapper=True)
    @answer_wrapper(sets_variant_state=True)
    def primero_apply_action(self, answer: GameState, action: Action) -> object:
        if isinstance(action, Vie):
            return ("vied", action.amount)
        return answer.variant_state


def _with_own(state: GameState, own: object) -> GameState:
    return attrs.evolve(state, variant_state=own)


def test_variant_state_wrapper_sets_the_same_state_both_ways() -> None:
    variant = get_variant("waks")
    state = start_deal(variant, ["Anna", "Ben"], 30, dealer=0, seed=4)
    pm = _manager(CountsVies())
    composed = around_core_caller(pm, "primero_apply_action", variant, bet_answer, _with_own)
    plain_caller = around_core_caller(pm, "primero_apply_action", variant, bet_answer)
    assert composed is not None and composed.composed
    assert plain_caller is not None and not plain_caller.composed  # no compose: generators
    vie = next(a for a in state.legal_actions() if isinstance(a, Vie))
    other = next(a for a in state.legal_actions() if not isinstance(a, Vie))
    for action, own in ((vie, ("vied", vie.amount)), (other, None)):
        slow = pm.hook.primero_apply_action(state=state, variant=variant, action=action)
        for caller in (composed, plain_caller):
            fast, core = caller(state, action)
            assert fast.variant_state == slow.variant_state == own
            assert (fast.seats, fast.high, fast.to_act, fast.bets) \
                == (slow.seats, slow.high, slow.to_act, slow.bets) \
                == (core.seats, core.high, core.to_act, core.bets)
            assert (fast is core) == (own is None)  # the very state kept: passed on unchanged


def test_cardano_rules_take_the_composed_answer_of_its_wrapper() -> None:
    rules = get_variant("cardano").rules.deal
    apply = [i for i in rules.manager.hook.primero_apply_action.get_hookimpls() if i.wrapper]
    assert all(getattr(i.function, "primero_sets_variant_state", False) for i in apply)
    assert around_core_caller(rules.manager, "primero_apply_action", rules.variant,
                              bet_answer, _with_own).composed
