"""A PrimeroError a plug-in's hook raises reaches the caller only when it is vouched for.

The line (``primero.plugins.manager.passes_through``): the library's own rule objects (the
core, the built-in variants: Primiera's ``CannotPayAnteError``) and the error classes a rule
object declares in ``deliberate_errors`` pass unchanged, and so does a ``PluginError``;
anything else a third-party hook raises is a ``PluginError`` naming the plug-in and the hook,
its text cut short and its cards hidden, the error itself its ``__cause__``. Each faulty
plug-in here raises at the first betting round, through each way a hook is called: a plain
implementation, a new-style wrapper around the core's fast code, an old-style wrapper.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from primero import (
    InvalidDeckError,
    PluginError,
    PrimeroError,
    VariantSpec,
    get_variant,
    hookimpl,
    start_deal,
)
from primero.plugins.checks import checking_everything
from primero.plugins.registry import spec_problem
from primero.setup import Step
from primero.variant import Variant
from primero.variants.primiera import CannotPayAnteError
from primero.variants.waks import WAKS

PLAYERS = ["Anna", "Ben", "Cleo"]


class NotEnoughCandlesError(PrimeroError):
    """A plug-in's own error for the players: the table lacks candles."""


def _with(plugin: object) -> Variant:
    name = type(plugin).__name__.lower()
    spec = VariantSpec(name=name, title=name, summary="A test plug-in.", players=WAKS.players,
                       options=WAKS.options, plugins=(plugin,))
    return Variant(spec=spec, settings=get_variant("waks").settings)


def _label(plugin: object) -> str:
    return f"{__name__}.{type(plugin).__name__}"


def _first_bet(step: Step) -> bool:
    return step.kind == "bet" and step.number == 1


def _start(plugin: object) -> None:
    """A deal with ``plugin`` started, and its first player's legal actions asked for."""
    start_deal(_with(plugin), PLAYERS, 30, seed=2).legal_actions()


class LeaksCards:
    """Raises an undeclared PrimeroError quoting two cards at the first betting round."""

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        if _first_bet(step):
            raise InvalidDeckError("Anna holds 7s 6h")
        return None


class RaisesAHugeError:
    """Raises an undeclared PrimeroError of 10,000 characters."""

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        if _first_bet(step):
            raise PrimeroError("candle " * 10_000)
        return None


class DeclaresItsError:
    """Raises the error class it declares it raises on purpose."""

    deliberate_errors = (NotEnoughCandlesError,)

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        if _first_bet(step):
            raise NotEnoughCandlesError("the table needs three candles")
        return None


class DeclaresAnotherError:
    """Declares one error class and raises another PrimeroError."""

    deliberate_errors = (NotEnoughCandlesError,)

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        if _first_bet(step):
            raise InvalidDeckError("Anna holds 7s 6h")
        return None


class WrapsAndRaises:
    """A new-style wrapper of the legal actions (run around the core's fast code) that raises."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: Any) -> Generator[None, Any, Any]:
        yield
        raise InvalidDeckError("Anna holds 7s 6h")


class OldWrapperRaises:
    """An old-style wrapper of the legal actions (called through pluggy) that raises."""

    @hookimpl(hookwrapper=True)
    def primero_legal_actions(self, state: Any) -> Generator[None, Any, None]:
        yield
        raise InvalidDeckError("Anna holds 7s 6h")


@pytest.mark.parametrize("plugin", [LeaksCards(), DeclaresAnotherError()],
                         ids=["undeclared", "another-than-declared"])
def test_an_undeclared_error_is_a_plugin_error_with_its_cards_hidden(plugin: object) -> None:
    with pytest.raises(PluginError) as info:
        _start(plugin)
    error = info.value
    assert (error.plugin, error.hook) == (_label(plugin), "primero_start_step")
    assert str(error).startswith(
        f"plug-in {_label(plugin)}, hook primero_start_step: raised InvalidDeckError: Anna "
        "holds <card> <card> (called with step=")
    assert str(error).endswith("(cards hidden: error.detail shows them)")
    assert "7s" not in str(error) and "Anna holds 7s 6h" in error.detail
    assert type(error.__cause__) is InvalidDeckError


def test_a_huge_undeclared_error_is_cut_short() -> None:
    plugin = RaisesAHugeError()
    with pytest.raises(PluginError) as info:
        _start(plugin)
    text = str(info.value)
    assert text.startswith(f"plug-in {_label(plugin)}, hook primero_start_step: raised "
                           "PrimeroError: candle candle")
    assert len(text) < 400  # the plug-in's 70,000 characters cut at 120, then the call
    assert len(str(info.value.__cause__)) == 70_000


def test_a_declared_error_passes_unchanged() -> None:
    with pytest.raises(NotEnoughCandlesError) as info:
        _start(DeclaresItsError())
    assert type(info.value) is NotEnoughCandlesError
    assert str(info.value) == "the table needs three candles"


@pytest.mark.filterwarnings("ignore::pluggy.PluggyTeardownRaisedWarning")  # (the old style)
@pytest.mark.parametrize("plugin", [WrapsAndRaises(), OldWrapperRaises()],
                         ids=["wrapper", "hookwrapper"])
def test_a_wrapper_raising_an_undeclared_error_is_named(plugin: object) -> None:
    with pytest.raises(PluginError) as info:
        _start(plugin)
    error = info.value
    assert (error.plugin, error.hook) == (_label(plugin), "primero_legal_actions")
    assert str(error).startswith(f"plug-in {_label(plugin)}, hook primero_legal_actions: "
                                 "raised InvalidDeckError: Anna holds <card> <card>")
    assert type(error.__cause__) is InvalidDeckError


def test_a_built_in_variants_own_error_passes_unchanged() -> None:
    with checking_everything(), pytest.raises(CannotPayAnteError) as info:  # by the hooks
        start_deal("primiera", ["Anna", "Ben", "Carla"], [1, 20, 20], dealer=2, ante=2,
                   seed=1)
    assert type(info.value) is CannotPayAnteError
    assert str(info.value).startswith("Anna has 1 chip and cannot pay the ante of 2")


class DeclaresAValueError:
    deliberate_errors = (ValueError,)

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        return None


class DeclaresPluginError:
    deliberate_errors = (PluginError,)

    @hookimpl
    def primero_start_step(self, state: Any, step: Step) -> Any:
        return None


@pytest.mark.parametrize(("plugin", "shown"), [
    (DeclaresAValueError(), "(<class 'ValueError'>,)"),
    (DeclaresPluginError(), "(<class 'primero.errors.PluginError'>,)")])
def test_a_bad_declaration_is_refused_at_registration(plugin: object, shown: str) -> None:
    spec = _with(plugin).spec
    assert spec_problem(spec) == (
        f"rule object {_label(plugin)}: deliberate_errors is {shown}; expected a tuple of "
        "PrimeroError subclasses (not PluginError or IllegalActionError)")


class WrapsTheSteps:
    """A house rule wrapping every step's start, passing the answer below it on."""

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: Any, step: Step) -> Generator[None, Any, Any]:
        return (yield)


class WrapsTheStepsAndRaises:
    """A house rule wrapping every step's start that raises an undeclared PrimeroError."""

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: Any, step: Step) -> Generator[None, Any, Any]:
        answer = yield
        raise InvalidDeckError("Anna holds 7s 6h")
        return answer  # (never reached)


def _primiera_with(rule: object) -> Variant:
    primiera = get_variant("primiera")
    return Variant(spec=primiera.spec, settings=primiera.settings, house_rules=(rule,))


def test_a_built_in_variants_error_passes_through_a_house_rules_wrapper() -> None:
    # the hook is called through the wrapper: the error is judged by who raised it
    with pytest.raises(CannotPayAnteError) as info:
        start_deal(_primiera_with(WrapsTheSteps()), ["Anna", "Ben", "Carla"], [1, 20, 20],
                   dealer=2, ante=2, seed=1)
    assert str(info.value).startswith("Anna has 1 chip and cannot pay the ante of 2")


def test_a_house_rule_wrapping_a_built_in_variant_is_named_for_its_own_error() -> None:
    rule = WrapsTheStepsAndRaises()
    with pytest.raises(PluginError) as info:
        start_deal(_primiera_with(rule), ["Anna", "Ben", "Carla"], [20, 20, 20], dealer=2,
                   ante=2, seed=1)
    error = info.value
    assert (error.plugin, error.hook) == (_label(rule), "primero_start_step")
    assert str(error).startswith(f"plug-in {_label(rule)}, hook primero_start_step: raised "
                                 "InvalidDeckError: Anna holds <card> <card>")
