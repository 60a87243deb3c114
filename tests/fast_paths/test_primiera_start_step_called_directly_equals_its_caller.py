"""Primiera's own ``primero_start_step``, called directly, answers as the hook's caller does.

Where the hook's only implementation besides the core's is a built-in variant's plain one
(Primiera's), :meth:`~primero.plugins.deal.DealRules.start_step` calls it directly. The
reference is the same rules with the direct call switched off (every call through the
hook's generated caller): the same deals, field by field, and the same error, named alike.
A plug-in on the hook (a wrapper) turns the direct call off: it is still called at every
step and still checked.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import attrs
import pytest

from primero import PluginError, get_variant, hookimpl
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.variant import Variant
from primero.variants.primiera import PrimieraRules


def _fresh(plugins: tuple[object, ...] = ()) -> Variant:
    """Primiera with a rules object of its own (rules of its own), ``plugins`` stacked on it."""
    base = get_variant("primiera")
    spec = attrs.evolve(base.spec, name="primierafresh", aliases=(),
                        plugins=(PrimieraRules(), *plugins))
    return Variant(spec=spec, settings=base.settings)


def _played(variant: Variant, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = start_deal(variant, ["Anna", "Ben", "Carla"], 30, dealer=seed % 3, seed=seed)
    states = [state]
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _facts(state: GameState) -> tuple[Any, ...]:
    return (state.seats, state.stock, state.discards, state.step_index, state.to_act,
            state.over, state.ended_by, state.settlement, state.variant_state,
            state.history)


def test_primieras_start_step_is_called_directly() -> None:
    rules = _fresh().rules.deal
    assert rules._start_direct is not None
    function, plugin = rules._start_direct
    assert isinstance(plugin, PrimieraRules)
    assert function == plugin.primero_start_step


def test_direct_calls_give_the_deals_the_caller_gives() -> None:
    variant = _fresh()
    rules = variant.rules.deal
    own = rules._start_direct
    assert own is not None
    second_declarations = 0
    for seed in range(150):
        a = _played(variant, seed)
        rules._start_direct = None  # every call through the hook's caller
        try:
            b = _played(variant, seed)
        finally:
            rules._start_direct = own
        assert [_facts(s) for s in a] == [_facts(s) for s in b]
        second_declarations += a[-1].step_index == len(a[-1].context.plan) - 1
    assert second_declarations > 20  # the direct call (the second declaration) was reached


def test_an_error_in_primieras_step_is_named_as_the_caller_names_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = PrimieraRules.primero_start_step

    def broken(self: PrimieraRules, state: Any, variant: Any, step: Any) -> Any:
        if step.kind == "declare" and step.number == 2:
            raise ZeroDivisionError("a broken declaration")
        return real(self, state, variant, step)

    monkeypatch.setattr(PrimieraRules, "primero_start_step", hookimpl(broken))
    faults = []
    for direct in (True, False):
        variant = _fresh()
        rules = variant.rules.deal
        assert rules._start_direct is not None
        if not direct:
            rules._start_direct = None
        with pytest.raises(PluginError) as info:
            for seed in range(40):
                _played(variant, seed)
        faults.append((str(info.value), info.value.hook, info.value.plugin))
    assert faults[0] == faults[1]
    assert faults[0][1] == "primero_start_step"


class RecordsSteps:
    """Wraps ``primero_start_step``: records each step's kind and number, the answer unchanged."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: Any, variant: Any, step: Any) -> Generator[
            None, Any, Any]:
        self.seen.append((step.kind, step.number))
        return (yield)


class MintsAChipAtTheSecondDeclaration:
    """Gives Anna one chip more in a copy of Primiera's answer to the second declaration."""

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: Any, variant: Any, step: Any) -> Generator[
            None, Any, Any]:
        new = yield
        if new is None or step.kind != "declare" or step.number != 2:
            return new
        anna = new.seats[0]
        return attrs.evolve(new, seats=(attrs.evolve(anna, stack=anna.stack + 1),
                                        *new.seats[1:]))


def test_a_wrapper_on_primieras_start_step_is_called_at_every_step() -> None:
    recorder = RecordsSteps()
    variant = _fresh((recorder,))
    assert variant.rules.deal._start_direct is None
    for seed in range(30):
        recorder.seen.clear()
        end = _played(variant, seed)[-1]
        # every step but the deal, from the ante to the one the deal ended at (plan: ante,
        # deal 4, declaration 1, exchange, declaration 2)
        expected = [(s.kind, s.number) for s in end.context.plan[:end.step_index + 1]
                    if s.kind != "deal"]
        assert recorder.seen == expected


def test_a_wrapper_that_changes_the_second_declaration_is_checked_and_named() -> None:
    variant = _fresh((MintsAChipAtTheSecondDeclaration(),))
    with pytest.raises(PluginError) as info:
        for seed in range(40):
            _played(variant, seed)
    assert info.value.hook == "primero_start_step"
    assert "MintsAChipAtTheSecondDeclaration" in str(info.value)
