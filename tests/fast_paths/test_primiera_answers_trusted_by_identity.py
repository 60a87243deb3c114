"""Primiera's own answers are taken unchecked by identity; anything else is still checked.

Primiera (a built-in variant) vouches for its declarations, antes and settlements
(:func:`~primero.plugins.checks.remember_core_answer`): the checked rules take that very answer
for that very state as the library's own code and check no chip of it again. A plug-in stacked
on Primiera that answers anything else — here a copy that mints a chip — is checked, and its
fault named, as before. The expected chips: two players with 30 each, the ante 1 each.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import attrs
import pytest

from primero import PluginError, get_variant, hookimpl
from primero.deal.engine import start_deal
from primero.plugins import checks
from primero.plugins.deal import DealRules
from primero.settlement import Settlement
from primero.variant import Variant


def _play(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    state = start_deal(variant, ["Anna", "Ben"], 30, dealer=seed % 2, seed=seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))


def _stacked(plugin: object) -> Variant:
    base = get_variant("primiera")
    spec = attrs.evolve(base.spec, name="primieraminted", aliases=(),
                        plugins=(*base.spec.plugins, plugin))
    return Variant(spec=spec, settings=base.settings)


def test_primieras_steps_and_settlements_are_not_checked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    real_answer = DealRules._checked_answer
    real_settlement = checks.settlement_problem

    def spy_answer(self: DealRules, hook: str, *args: Any, **kwargs: Any) -> Any:
        checked.append(hook)
        return real_answer(self, hook, *args, **kwargs)

    def spy_settlement(*args: Any, **kwargs: Any) -> Any:
        checked.append("settlement")
        return real_settlement(*args, **kwargs)

    monkeypatch.setattr(DealRules, "_checked_answer", spy_answer)
    monkeypatch.setattr(checks, "settlement_problem", spy_settlement)
    base = get_variant("primiera")
    variant = Variant(spec=base.spec, settings=base.settings)
    for seed in range(20):
        _play(variant, seed)
    assert "primero_start_step" not in checked
    assert "settlement" not in checked


class MintsAChipAtTheSettlement:
    """Gives the first winner one chip more than Primiera's settlement awards (a new object)."""

    @hookimpl(wrapper=True)
    def primero_settle(self, state: Any, variant: Any) -> Generator[None, Settlement,
                                                                     Settlement]:
        settlement = yield
        if not settlement.awards:
            return settlement
        first = settlement.awards[0]
        minted = attrs.evolve(first, amount=first.amount + 1)
        return attrs.evolve(settlement, awards=(minted, *settlement.awards[1:]))


class MintsAChipAtTheAnte:
    """Gives Anna one chip more in a copy of Primiera's answer to the ante step."""

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: Any, variant: Any, step: Any) -> Generator[
            None, Any, Any]:
        new = yield
        if new is None or step.kind != "ante":
            return new
        anna = new.seats[0]
        return attrs.evolve(new, seats=(attrs.evolve(anna, stack=anna.stack + 1),
                                        *new.seats[1:]))


def test_a_plug_in_that_changes_primieras_settlement_is_checked_and_named() -> None:
    variant = _stacked(MintsAChipAtTheSettlement())
    with pytest.raises(PluginError) as info:
        for seed in range(20):
            _play(variant, seed)
    assert info.value.hook == "primero_settle"


def test_a_plug_in_that_changes_primieras_ante_is_checked_and_named() -> None:
    variant = _stacked(MintsAChipAtTheAnte())
    with pytest.raises(PluginError) as info:
        _play(variant, 1)
    assert info.value.hook == "primero_start_step"
