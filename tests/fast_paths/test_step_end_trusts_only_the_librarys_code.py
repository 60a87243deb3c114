"""The step-end check is cut to the cards' flag only where nothing but the library's code ran.

:meth:`~primero.plugins.deal.DealRules.check_step_end` skips counting the chips where every
plug-in of the variant is the library's own (``library_only``) and no state a hook made was
taken on its checks alone (``doubted``). A plug-in of anyone else stacked on a built-in variant
— here one that changes the state it is given in place, which no answer shows — gets the
whole count at every step's end, and its fault is named there. The expected chips: the
table's, 4 players with 30 each.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from primero import PluginError, get_variant, hookimpl
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import checking_everything
from primero.rules.betting import CORE_BETTING
from primero.variant import Variant

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def _play(variant: Variant, seed: int, players: int = 4) -> None:
    rng = random.Random(seed)
    state = start_deal(variant, PLAYERS[:players], 30, dealer=seed % players, seed=seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, players", [("waks", 4), ("suzuki", 4), ("cardano", 3),
                                           ("revival", 4), ("toy", 2)])
def test_built_in_variants_run_only_the_librarys_code_and_stay_trusted(
        name: str, players: int) -> None:
    base = get_variant(name)
    variant = Variant(spec=base.spec, settings=base.settings)
    rules = variant.rules.deal  # (cached for every equal variant: an earlier test's deals,
    rules.doubted = False       # e.g. the toy's external dealing, may have left it doubted)
    assert rules.library_only
    with checking_everything():  # the kit's mode: every answer's whole state checked at once
        _play(variant, 99, players)
    for seed in range(12):
        _play(variant, seed, players)
    assert not rules.doubted


class MintsAChipInPlace:
    """Gives Anna one more chip in the state it is given, in place, at the first decision of
    betting round 1 (bypassing its immutability); answers nothing itself."""

    made: tuple[Any, ...] = ()

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        step = state.step
        if (step is not None and step.kind == "bet" and step.number == 1
                and not state.history and state.seats is not self.made):
            anna = state.seats[0]
            self.made = (attrs.evolve(anna, stack=anna.stack + 1), *state.seats[1:])
            object.__setattr__(state, "seats", self.made)
        return None


@pytest.mark.parametrize("name", ["suzuki", "cardano", "waks"])
def test_a_foreign_plug_in_on_a_built_in_variant_gets_the_whole_step_end_check(
        name: str) -> None:
    base = get_variant(name)
    plugin = MintsAChipInPlace()
    spec = attrs.evolve(base.spec, name=f"{name}minted", aliases=(),
                        plugins=(*base.spec.plugins, plugin))
    variant = Variant(spec=spec, settings=base.settings)
    assert not variant.rules.deal.library_only
    with pytest.raises(PluginError) as info:
        _play(variant, 1)
    error = info.value
    assert error.hook == "primero_end_step"  # the suspects: the variant's plug-ins, ours last
    assert error.plugin.split(", ")[-1] == f"{__name__}.{MintsAChipInPlace.__name__}"
    assert "returned a state with 121 chips; expected the 120 of the deal" in error.detail


class CopiesTheCoresStart:
    """Answers ``primero_start_step`` with a copy of the core's answer: a plug-in's state,
    sound, which the checks take on their own."""

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Any) -> Any:
        return attrs.evolve(CORE_BETTING.primero_start_step(state, variant, step))


def test_a_state_taken_on_its_checks_marks_the_rules_doubted() -> None:
    base = get_variant("suzuki")
    spec = attrs.evolve(base.spec, name="suzukicopies", aliases=(),
                        plugins=(*base.spec.plugins, CopiesTheCoresStart()))
    variant = Variant(spec=spec, settings=base.settings)
    rules = variant.rules.deal
    assert not rules.doubted
    _play(variant, 2)
    assert rules.doubted  # from then on every step end counts the chips too
