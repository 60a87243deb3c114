"""Faults a third-party plug-in showed when installed beside the library.

Each is a tiny plug-in: the exact :class:`PluginError` (or what the fault must not do: end
the program, hide the fault, hang the kit) is asserted.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import attrs
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import Phase, settings

import broken_hook_plugins
import primero
from primero import (
    Award,
    Card,
    IllegalActionError,
    PluginError,
    PluginWarning,
    Settlement,
    VariantSpec,
    hookimpl,
)
from primero.actions import Fold, Pass, Vie
from primero.agents import RandomAgent, play_deal
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import checking_everything
from primero.plugins.manager import hook_watchdog
from primero.plugins.registry import Registry, spec_problem
from primero.testing import runner
from primero.variants import waks


def registering(fn: Callable[[Callable[[VariantSpec], None]], None], name: str) -> ModuleType:
    module = ModuleType(name)
    module.primero_register_variants = hookimpl(fn)  # type: ignore[attr-defined]
    return module


def fine(register: Callable[[VariantSpec], None]) -> None:
    register(attrs.evolve(waks.WAKS, name="fine", aliases=()))


@pytest.mark.parametrize(("exc", "raised"), [(SystemExit(3), "SystemExit: 3"),
                                             (GeneratorExit(), "GeneratorExit:")])
def test_a_registration_that_exits_is_a_broken_plugin_not_the_end_of_the_program(
        exc: BaseException, raised: str) -> None:
    def exits(register: Callable[[VariantSpec], None]) -> None:
        raise exc

    with pytest.warns(PluginWarning):
        reg = Registry([waks, registering(exits, "exits"), registering(fine, "good")],
                       isolate=True)
    assert reg.names() == ["waks", "fine"]
    assert [b.reason for b in reg.broken()] == [
        f"plug-in exits, hook primero_register_variants: raised {raised}"]


class StrBomb(Exception):
    def __str__(self) -> str:
        raise RuntimeError("str bomb")


def test_a_registration_raising_an_exception_whose_str_raises_is_named() -> None:
    def bombs(register: Callable[[VariantSpec], None]) -> None:
        raise StrBomb

    with pytest.raises(PluginError) as info:
        Registry([registering(bombs, "bombs")])
    assert str(info.value) == ("plug-in bombs, hook primero_register_variants: raised StrBomb: "
                               "<its str() raised RuntimeError>")


class ExitingPoints:
    @hookimpl
    def primero_card_points(self, variant: object, card: object) -> int:
        raise SystemExit(4)


class StrBombPoints:
    @hookimpl
    def primero_card_points(self, variant: object, card: object) -> int:
        raise StrBomb


class ReprBomb:
    def __repr__(self) -> str:
        raise RuntimeError("repr bomb")


class ReprBombPoints:
    @hookimpl
    def primero_card_points(self, variant: object, card: object) -> object:
        return ReprBomb()


class OddInt(int):
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        raise TypeError("unhashable")


class OddIntPoints:
    @hookimpl
    def primero_card_points(self, variant: object, card: object) -> object:
        return OddInt(5)


def points_of(rules: object, name: str = "mine") -> int:
    spec = attrs.evolve(waks.WAKS, name=name, aliases=(), plugins=(rules,))
    return spec.configure().rules.card_points(Card.parse("As"))


@pytest.mark.parametrize(("rules", "raised"), [
    (ExitingPoints(), "SystemExit: 4"),
    (StrBombPoints(), "StrBomb: <its str() raised RuntimeError>"),
])
def test_a_hook_that_exits_or_whose_error_cannot_be_read_is_named(rules: object,
                                                                  raised: str) -> None:
    with pytest.raises(PluginError) as info:
        points_of(rules)
    label = f"test_third_party_plugin_faults.{type(rules).__name__}"
    assert str(info.value).startswith(f"plug-in {label}, hook primero_card_points: raised "
                                      f"{raised} (called with card=")
    assert (info.value.plugin, info.value.hook) == (label, "primero_card_points")


def test_an_answer_whose_repr_raises_is_named() -> None:
    with pytest.raises(PluginError) as info:
        points_of(ReprBombPoints())
    assert str(info.value) == (
        "plug-in test_third_party_plugin_faults.ReprBombPoints, hook primero_card_points (variant "
        "'mine'): for <card> returned <ReprBomb whose repr raised RuntimeError> (ReprBomb); "
        "expected a whole number of points (int >= 0) (cards hidden: error.detail shows them)")


def test_points_of_an_int_subclass_become_a_plain_int() -> None:
    points = points_of(OddIntPoints())
    assert (type(points), points) == (int, 5)


@pytest.mark.parametrize(("change", "problem"), [
    ({"title": "[b]x\x1b[2J"}, r"title '[b]x\x1b[2J': expected text without control "
                               "characters (the title on one line)"),
    ({"title": "two\nlines"}, r"title 'two\nlines': expected text without control characters "
                              "(the title on one line)"),
    ({"summary": "fine\nthen a bell\x07"}, r"summary 'fine\nthen a bell\x07': expected text "
                                           "without control characters (the title on one "
                                           "line)"),
    ({"sources": ("\x1b]0;pwned\x07",)}, r"source '\x1b]0;pwned\x07': expected text without "
                                         "control characters (the title on one line)"),
])
def test_texts_a_terminal_would_obey_are_refused(change: dict[str, object],
                                                 problem: str) -> None:
    assert spec_problem(attrs.evolve(waks.WAKS, **change)) == problem


def test_the_builtin_texts_pass() -> None:
    import importlib

    from primero.plugins.registry import BUILTIN_VARIANT_MODULES

    reg = Registry([importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES])
    assert [n for n in reg.names() if spec_problem(reg.variant(n).spec)] == []


def test_the_kit_drops_the_shrink_phase_from_the_authors_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The guide's ``settings(max_examples=25, deadline=None)`` kept hypothesis' shrink
    phase: a fault found at once was then replayed for minutes before it was reported."""
    seen: list[tuple[Phase, ...]] = []
    monkeypatch.setattr(runner, "run_state_machine_as_test",
                        lambda machine, settings: seen.append(tuple(settings.phases)))
    runner.run_deal_machine("waks", settings=settings(max_examples=3, deadline=None))
    runner.run_deal_machine("waks", settings=settings(max_examples=3), shrink=True)
    runner.run_deal_machine("waks")
    assert [Phase.shrink in phases for phases in seen] == [False, True, False]
    assert seen[0] == tuple(p for p in settings().phases if p is not Phase.shrink)


def test_an_editable_install_names_its_distribution(tmp_path: Path) -> None:
    """An editable install (``pip install -e .``, as the guide says) lists no modules in its
    metadata: the plug-in's entry points name its distribution instead."""
    site = broken_hook_plugins.installed_faults(tmp_path)
    code = textwrap.dedent("""\
        import warnings
        warnings.simplefilter("ignore")
        import primero
        try:
            primero.evaluate("7s 6h Ad Kc", "points-as-text")
        except primero.PluginError as exc:
            print(exc.plugin)
    """)
    env_path = f"{site}:{Path(__file__).parents[1]}:{Path(primero.__file__).parent.parent}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": env_path, "PATH": ""}, check=True)
    assert done.stdout.splitlines() == ["broken_hook_plugins.PointsAsText (primero-faults 0.1.0)"]


class HashBombFold(Fold):
    def __hash__(self) -> int:
        raise RuntimeError("hash bomb")


class EqualsAll(Pass):
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def offering(make: Callable[[], tuple[object, ...]]) -> object:
    class Offers:
        @hookimpl
        def primero_legal_actions(self, state: GameState, variant: object) -> object:
            step = state.step
            return make() if step is not None and step.kind == "bet" else None

    return Offers()


def first_decision_error(rules: object) -> PluginError:
    spec = attrs.evolve(waks.WAKS, name="mine", aliases=(), plugins=(rules,))
    state = start_deal(spec.configure(), ["Anna", "Ben", "Carla"], 20, seed=1)
    with pytest.raises(PluginError) as info:
        play_deal(state, [RandomAgent()] * 3, random.Random(1))
    return info.value


@pytest.mark.parametrize(("make", "problem"), [
    (lambda: (HashBombFold(),), "offered HashBombFold() (HashBombFold), whose hash or == raised "
                                "RuntimeError; expected actions that are values (frozen attrs "
                                "classes)"),
    (lambda: (EqualsAll(), Fold()), "offered EqualsAll(exchange=()) (EqualsAll), which equals "
                                    "what it is not; expected actions that are values (frozen "
                                    "attrs classes)"),
])
def test_legal_actions_that_are_not_values_are_named(make: Callable[[], tuple[object, ...]],
                                                     problem: str) -> None:
    """An action equal to anything made every action legal (``Vie(1000) in legal``)."""
    error = first_decision_error(offering(make))
    assert str(error) == (f"plug-in {label_of('Offers')}, hook primero_legal_actions "
                          f"(variant 'mine'): {problem}")
    assert error.hook == "primero_legal_actions"


@pytest.mark.parametrize(("amount", "shown"), [(np.int64(1), "np.int64(1)"), (True, "True")])
def test_an_action_built_with_a_bad_amount_is_the_plugins_fault(amount: object,
                                                                shown: str) -> None:
    """The action's own validation raised IllegalActionError inside the hook: it passed
    through as if the player had chosen an illegal action, naming no plug-in."""
    error = first_decision_error(offering(lambda: (Vie(amount), Fold())))  # type: ignore[arg-type]
    assert str(error) == (f"plug-in {label_of('Offers')}, hook primero_legal_actions: raised "
                          f"IllegalActionError: Vie.amount must be a whole number of chips, "
                          f"got {shown}")
    assert error.hook == "primero_legal_actions"


def label_of(name: str, maker: str = "offering") -> str:
    return f"test_third_party_plugin_faults.{maker}.<locals>.{name}"


class TellsTheHands:
    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: object, action: object) -> str:
        return "the table holds " + " ".join(str(c) for seat in state.seats for c in seat.hand)


def test_an_illegal_reason_never_shows_the_player_a_card_they_may_not_see() -> None:
    spec = attrs.evolve(waks.WAKS, name="mine", aliases=(), plugins=(TellsTheHands(),))
    state = start_deal(spec.configure(), ["Anna", "Ben", "Carla"], 20, seed=1)
    own = " ".join(str(c) for c in state.seats[0].hand)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Vie(3000))
    assert (state.to_act, len(state.seats[0].hand), len(state.seats[1].hand)) == (0, 2, 2)
    assert str(info.value) == (f"Anna cannot vie 3000: the table holds {own} <card> <card> "
                               "<card> <card>. Legal: pass, vie 1, vie 2, vie 3, fold")


def settling(make: Callable[[GameState], Settlement]) -> object:
    class Settles:
        @hookimpl
        def primero_settle(self, state: GameState, variant: object) -> Settlement:
            return make(state)

    return Settles()


def test_awards_in_a_list_are_named() -> None:
    """The engine took them (a list the plug-in could change after the check)."""
    rules = settling(lambda s: Settlement(awards=[Award(seat=0, amount=1)]))  # type: ignore[arg-type]
    error = first_decision_error(rules)
    assert str(error) == (
        f"plug-in {label_of('Settles', 'settling')}, hook primero_settle (variant 'mine'): "
        "returned awards [Award(seat=0, amount=1, value=None)] and returns (); expected "
        "tuples (a list can change after the check)")


def test_an_award_of_nothing_is_named() -> None:
    """The engine took it; the kit's invariants then failed naming no plug-in."""
    given: list[GameState] = []

    def make(state: GameState) -> Settlement:
        given.append(state)
        winner = state.live[0]
        return Settlement(awards=(Award(seat=winner, amount=state.pot),
                                  Award(seat=winner, amount=0)))

    error = first_decision_error(settling(make))
    assert str(error) == (
        f"plug-in {label_of('Settles', 'settling')}, hook primero_settle (variant 'mine'): "
        f"paid 0 chips to seat {given[-1].live[0]}; expected an award of at least 1 chip "
        "(leave out a player who wins nothing)")


class MutatesInPlace:
    @hookimpl
    def primero_apply_action(self, state: GameState, variant: object, action: object) -> None:
        object.__setattr__(state.seats[0], "stack", state.seats[0].stack + 100)


def test_a_state_changed_in_place_is_the_plugins_fault_not_the_cores() -> None:
    spec = attrs.evolve(waks.WAKS, name="mine", aliases=(), plugins=(MutatesInPlace(),))
    state = start_deal(spec.configure(), ["Anna", "Ben", "Carla"], 20, seed=1)
    with checking_everything(), pytest.raises(PluginError) as info:
        state.apply(state.legal_actions()[0])
    message = str(info.value)
    assert message.startswith("plug-in test_third_party_plugin_faults.MutatesInPlace, hook "
                              "primero_apply_action (variant 'mine'): returned a state with ")
    assert message.endswith("expected the 60 of the deal (chips are conserved) (found in the "
                            "core's answer: a plug-in's hook ran before it, or changed a state "
                            "in place)")
    assert info.value.plugin == "test_third_party_plugin_faults.MutatesInPlace"


@pytest.mark.parametrize(("make", "shown"), [(lambda: "pass", "'pass' (str)"),
                                              (lambda: frozenset((Fold(),)),
                                               "frozenset({Fold()}) (frozenset)")])
def test_legal_actions_that_are_no_sequence_are_quoted_as_returned(
        make: Callable[[], object], shown: str) -> None:
    """They were quoted as 'returned None (NoneType)'."""
    error = first_decision_error(offering(make))  # type: ignore[arg-type]
    assert str(error) == (f"plug-in {label_of('Offers')}, hook primero_legal_actions (variant "
                          f"'mine'): returned {shown}; expected a non-empty tuple of actions "
                          "(text, a generator or a set is not one)")


class DropsACard:
    @hookimpl
    def primero_apply_action(self, state: GameState, variant: object, action: object) -> object:
        seat = state.seats[0]
        return replace(state, seats=(replace(seat, hand=seat.hand[1:]), *state.seats[1:]))


def test_an_apply_hook_that_drops_a_card_is_named_at_once() -> None:
    """The step never ended, so only the deal's action bound stopped it (EndlessDealError)."""
    spec = attrs.evolve(waks.WAKS, name="mine", aliases=(), plugins=(DropsACard(),))
    state = start_deal(spec.configure(), ["Anna", "Ben", "Carla"], 20, seed=1)
    with pytest.raises(PluginError) as info:
        state.apply(state.legal_actions()[0])
    assert type(info.value) is PluginError
    assert str(info.value) == (
        "plug-in test_third_party_plugin_faults.DropsACard,"
        " hook primero_apply_action (variant 'mine'): "
        "returned a state that lost <card>; expected every card of the pack exactly once "
        "(hands, stock, discards) (cards hidden: error.detail shows them)")


class NeverReturns:
    @hookimpl
    def primero_card_points(self, variant: object, card: object) -> int:
        while True:
            time.sleep(0.01)


def test_a_hook_that_never_returns_is_named_by_the_watchdog() -> None:
    """``primero simulate`` on it hung for ever (the command line runs under the watchdog)."""
    with pytest.raises(PluginError) as info, hook_watchdog(0.05):
        points_of(NeverReturns())
    message = str(info.value)
    assert message.startswith(
        "plug-in test_third_party_plugin_faults.NeverReturns,"
        " hook primero_card_points: did not return "
        "within 0.05 s (in NeverReturns.primero_card_points, at ")
    assert (info.value.plugin, info.value.hook) == ("test_third_party_plugin_faults.NeverReturns",
                                                    "primero_card_points")
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_command_line_runs_under_the_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    from primero.cli import core
    from primero.cli.core import app
    from primero.plugins import manager

    seen: list[float] = []
    real = manager.hook_watchdog

    def spy(patience: float = manager.HOOK_PATIENCE) -> object:
        seen.append(patience)
        return real(patience)

    monkeypatch.setattr(core, "hook_watchdog", spy)
    result = CliRunner().invoke(app, ["evaluate", "7s", "6h", "Ad", "Kc"])
    assert (result.exit_code, seen) == (0, [5.0])


def test_a_register_kept_and_called_later_is_refused() -> None:
    """It was silently ignored: the variant never appeared."""
    kept: list[Callable[[VariantSpec], None]] = []

    def keeps(register: Callable[[VariantSpec], None]) -> None:
        kept.append(register)
        fine(register)

    reg = Registry([registering(keeps, "keeps")])
    with pytest.raises(PluginError) as info:
        kept[0](attrs.evolve(waks.WAKS, name="later", aliases=()))
    assert str(info.value) == ("plug-in 'keeps' called register after primero_register_variants "
                               "returned; expected every variant registered inside the hook")
    assert reg.names() == ["fine"]


def test_a_registered_value_whose_repr_raises_is_named() -> None:
    def odd(register: Callable[[VariantSpec], None]) -> None:
        register(ReprBomb())  # type: ignore[arg-type]

    with pytest.raises(PluginError) as info:
        Registry([registering(odd, "odd")])
    assert str(info.value) == ("plug-in 'odd' registered <ReprBomb whose repr raised "
                               "RuntimeError>, which is not a VariantSpec")


class TakesAnExtraArgument:
    @hookimpl
    def primero_card_points(self, variant: object, card: object, extra: object) -> int:
        return 1


def test_a_hook_taking_an_argument_never_passed_is_refused_at_registration() -> None:
    """``primero variants`` listed it as sound; it failed only when first played."""
    spec = attrs.evolve(waks.WAKS, name="extra", aliases=(), plugins=(TakesAnExtraArgument(),))
    with pytest.raises(PluginError) as info:
        Registry([registering(lambda register: register(spec), "extra")])
    assert str(info.value) == (
        "plug-in 'extra' registered an invalid variant: rule object "
        "test_third_party_plugin_faults.TakesAnExtraArgument: primero_card_points: the "
        "implementation "
        "primero_card_points(variant: 'object', card: 'object', extra: 'object') -> 'int' "
        "Argument(s) {'extra'} are declared in the "
        "hookimpl but can not be found in the hookspec (the hook passes variant, card)")


@pytest.mark.parametrize(("rules", "problem"), [
    (TakesAnExtraArgument, "rule object test_third_party_plugin_faults.TakesAnExtraArgument "
                           "is a class; "
                           "expected an instance (TakesAnExtraArgument())"),
    (None, "rule object builtins.NoneType implements no primero hook; expected an object with "
           "@hookimpl methods"),
    ("rules", "rule object builtins.str implements no primero hook; expected an object with "
              "@hookimpl methods"),
])
def test_rule_objects_that_are_no_rules_are_refused(rules: object, problem: str) -> None:
    """A class was named 'plug-in builtins.type' when first played; None or text was taken
    silently (the variant played the core's rules)."""
    assert spec_problem(attrs.evolve(waks.WAKS, name="x", aliases=(), plugins=(rules,))) == \
        problem
