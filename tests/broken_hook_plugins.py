"""Tiny faulty plug-ins: each breaks one hook the way a new variant author might.

Imported by bare name by the plug-in fault tests. :data:`RULE_FAULTS` maps a variant name to
``(rule object, the hook the error must name)``; :func:`fault_spec` makes its spec and this
module's ``primero_register_variants`` registers them all, so the module is itself a plug-in
(installed through an entry point by ``test_plugin_faults.py``'s subprocess test).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import evolve

from primero import VariantSpec, hookimpl
from primero.actions import Exchange, Pass
from primero.deal.copying import replace
from primero.deal.state import GameState
from primero.settlement import Award, Settlement
from primero.setup import Step
from primero.variants.waks import WAKS


class PointsAsText:
    @hookimpl
    def primero_card_points(self, variant: Any, card: Any) -> Any:
        return "5"


class PointsAsFloat:
    @hookimpl
    def primero_card_points(self, variant: Any, card: Any) -> Any:
        return 5.5


class SettleWithANumber:
    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Any:
        return 42


class PlanOfStrings:
    @hookimpl
    def primero_deal_plan(self, variant: Any) -> Any:
        return ("deal 2", "betting round 1", "showdown")


class EmptyPlan:
    @hookimpl
    def primero_deal_plan(self, variant: Any) -> Any:
        return ()


class ActionsAsText:
    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return ("pass", "fold")


class NoLegalActions:
    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return ()


class ExchangeFromTheStock:
    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        step = state.step
        if step is not None and step.kind == "exchange":
            return (Exchange(state.stock[:1]), Exchange())
        return None


class ActorNinetyNine:
    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        return replace(state, to_act=99) if step.kind == "bet" else None


class MintsChips:
    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        seat = state.seats[0]
        seats = (replace(seat, stack=seat.stack + 5), *state.seats[1:])
        return replace(state, seats=seats, to_act=None)


class DuplicatesACard:
    @hookimpl
    def primero_deal_cards(self, state: GameState, variant: Any, count: int) -> Any:
        seat = state.seats[0]
        seats = (replace(seat, hand=(*seat.hand, state.stock[0])), *state.seats[1:])
        return replace(state, seats=seats)


class DealsNothing:
    """Answers the deal hook with the state as it was: every hand stays empty."""

    @hookimpl
    def primero_deal_cards(self, state: GameState, variant: Any, count: int) -> Any:
        return state


class ReturnsTheSameState:
    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        return state


class StepsBackwards:
    @hookimpl
    def primero_end_step(self, state: GameState, variant: Any, step: Step) -> Any:
        return replace(state, step_index=max(-1, state.step_index - 1)) \
            if step.kind == "bet" else None


class OnlyEverPass:
    """Offers only ``pass`` and lets nobody finish the round: a deal that never ends."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        step = state.step
        return (Pass(),) if step is not None and step.kind == "bet" else None

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        if not isinstance(action, Pass):
            return None
        assert state.to_act is not None
        return replace(state, to_act=(state.to_act + 1) % state.n)


class PassesForEver(OnlyEverPass):
    """Offers only ``pass`` and records each pass, but never lets the round end: the state
    changes at every action, so only the engine's bound on the deal's actions stops it."""

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        if not isinstance(action, Pass):
            return None
        seat = state.to_act
        assert seat is not None
        flag = state.seats[seat].acted
        return replace(state, seats=state.replace_seat(seat, acted=not flag),
                       to_act=(seat + 1) % state.n)


def _settlement(state: GameState, **changes: Any) -> Settlement:
    winner = state.live[0]
    base = Settlement(awards=(Award(seat=winner, amount=state.pot),))
    return evolve(base, **changes)


class NegativeAward:
    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Any:
        return _settlement(state, awards=(Award(seat=state.live[0], amount=state.pot + 1),
                                          Award(seat=state.live[-1], amount=-1)))


class AwardToSeat99:
    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Any:
        return _settlement(state, awards=(Award(seat=99, amount=state.pot),))


class FloatAward:
    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Any:
        return _settlement(state, awards=(Award(seat=state.live[0], amount=state.pot + 0.5),),
                           carry=-0.5)


class SettleRaises:
    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Any:
        return {}["winner"]


#: variant name -> (rule object, the hook the PluginError must name)
RULE_FAULTS: dict[str, tuple[object, str]] = {
    "points-as-text": (PointsAsText(), "primero_card_points"),
    "points-as-float": (PointsAsFloat(), "primero_card_points"),
    "settle-number": (SettleWithANumber(), "primero_settle"),
    "plan-of-strings": (PlanOfStrings(), "primero_deal_plan"),
    "empty-plan": (EmptyPlan(), "primero_deal_plan"),
    "actions-as-text": (ActionsAsText(), "primero_legal_actions"),
    "no-legal-actions": (NoLegalActions(), "primero_legal_actions"),
    "exchange-from-stock": (ExchangeFromTheStock(), "primero_legal_actions"),
    "actor-99": (ActorNinetyNine(), "primero_start_step"),
    "mints-chips": (MintsChips(), "primero_apply_action"),
    "duplicates-card": (DuplicatesACard(), "primero_deal_cards"),
    "deals-nothing": (DealsNothing(), "primero_deal_cards"),
    "same-state": (ReturnsTheSameState(), "primero_apply_action"),
    "steps-backwards": (StepsBackwards(), "primero_end_step"),
    "only-pass": (OnlyEverPass(), "primero_apply_action"),
    "passes-for-ever": (PassesForEver(), "primero_apply_action"),
    "negative-award": (NegativeAward(), "primero_settle"),
    "award-seat-99": (AwardToSeat99(), "primero_settle"),
    "float-award": (FloatAward(), "primero_settle"),
    "settle-raises": (SettleRaises(), "primero_settle"),
}


def fault_spec(name: str) -> VariantSpec:
    """The spec of the faulty variant ``name``: the Waks game with one broken rule object."""
    rules, _ = RULE_FAULTS[name]
    return VariantSpec(name=name, title=name, summary="A broken test plug-in.",
                       players=WAKS.players, options=WAKS.options, plugins=(rules,))


def label(name: str) -> str:
    """How the errors name the rule object of the faulty variant ``name``."""
    rules, _ = RULE_FAULTS[name]
    return f"broken_hook_plugins.{type(rules).__qualname__}"


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register every faulty variant."""
    for name in RULE_FAULTS:
        register(fault_spec(name))


def installed_faults(tmp_path: Path) -> Path:
    """A site folder with faulty plug-ins installed through entry points."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "faults_import.py").write_text("raise ImportError('no module named numpyy')\n")
    (site / "faults_empty.py").write_text('"""No hooks at all."""\n')
    dist = site / "primero_faults-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: primero-faults\n"
                                   "Version: 0.1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [primero]
        rules-faults = broken_hook_plugins
        import-fails = faults_import
        no-hooks = faults_empty
        missing = faults_not_there
        """))
    return site
