"""Faulty plug-ins are named: every hook result checked, broken plug-ins isolated.

Each fault is a tiny plug-in in ``broken_hook_plugins.py``; the error must be the exact
:class:`PluginError` naming the hook and the plug-in — through the API, the CLI and the kit.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import settings

import broken_hook_plugins
import primero
from cli_helpers import run
from primero import (
    EndlessDealError,
    Option,
    PluginError,
    PluginWarning,
    UnknownAgentError,
    VariantSpec,
    get_variant,
    hookimpl,
)
from primero.agents import RandomAgent, make_agent, play_deal
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.plugins import registry as plugins_module
from primero.plugins.registry import BUILTIN_VARIANT_MODULES, Registry
from primero.setup import Step
from primero.testing.runner import run_deal_machine
from primero.variants import losing, waks

FAULTS = sorted(broken_hook_plugins.RULE_FAULTS)


def play(variant: primero.Variant, deals: int = 4) -> None:
    """Look the ranking up and play a few deals with random players."""
    variant.ranking.evaluate("7s 6h Ad Kc")
    for k in range(deals):
        state = start_deal(variant, ["Anna", "Ben", "Carla"], 20, seed=k)
        play_deal(state, [RandomAgent()] * 3, random.Random(k))


def expect(name: str, info: pytest.ExceptionInfo[PluginError]) -> None:
    _, hook = broken_hook_plugins.RULE_FAULTS[name]
    error = info.value
    assert (type(error), error.hook, error.plugin) == (
        EndlessDealError if name == "passes-for-ever" else PluginError, hook,
        broken_hook_plugins.label(name))
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"plug-in {broken_hook_plugins.label(name)}, hook {hook}")


# --- every fault through the API -----------------------------------------------------------

@pytest.mark.parametrize("name", FAULTS)
def test_fault_through_the_api(name: str) -> None:
    with pytest.raises(PluginError) as info:
        play(broken_hook_plugins.fault_spec(name).configure())
    expect(name, info)


def test_the_messages_say_what_was_returned_and_expected() -> None:
    cases = {
        "points-as-text": "for As returned '5' (str); expected a whole number of points "
                          "(int >= 0)",
        "points-as-float": "for As returned 5.5 (float); expected a whole number of points "
                           "(int >= 0)",
        "settle-number": "returned 42 (int); expected a Settlement",
        "empty-plan": "returned (); expected a non-empty tuple of Step",
        "actor-99": "set to_act to 99 (int); expected None or the seat (0..2) of a player "
                    "still in",
        "mints-chips": "returned a state with 65 chips; expected the 60 it was given (chips are "
                       "conserved)",
        "award-seat-99": "paid seat 99 (int); expected a seat 0..2",
        "steps-backwards": "moved the deal from step 1 to 0; expected the step unchanged (the "
                           "engine moves the steps forward)",
        # 3 players: 64 * 4 actions (a bound that does not grow with the chips), the deal
        # having moved nothing but its first two steps (the table's bound would be 2688)
        "passes-for-ever": "the deal did not end within 256 actions (the bound for 3 "
                           "players and what the deal moved: 0 chips, 0 folds and 2 steps "
                           "begun)",
        "only-pass": "returned the state with only to_act changed for pass; expected the "
                     "action recorded (the acting seat's chips or flags, or the round's "
                     "bookkeeping)",
        "settle-raises": "raised KeyError: 'winner'",
    }
    for name, tail in cases.items():
        with pytest.raises(PluginError) as info:
            play(broken_hook_plugins.fault_spec(name).configure())
        assert info.value.detail.endswith(tail), name  # the author's view: cards shown


def test_duplicated_card_is_named() -> None:
    with pytest.raises(PluginError) as info:
        play(broken_hook_plugins.fault_spec("duplicates-card").configure())
    # the hook gives seat 0 the top card of the stock and leaves it in the stock too
    top = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=0).setup.stock[0]
    assert info.value.detail.endswith(
        f"returned a state holding {top.ascii} twice; expected every card of the pack exactly "
        "once")
    assert str(info.value).endswith(  # a player is not shown the stock's top card
        "returned a state holding <card> twice; expected every card of the pack exactly once "
        "(cards hidden: error.detail shows them)")


# --- through the CLI -------------------------------------------------------------------------

@pytest.fixture
def faults_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Registry]:
    """The installed registry with the fault plug-ins beside the built-ins."""
    import importlib

    modules = [importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]
    reg = Registry([*modules, broken_hook_plugins], isolate=True)
    monkeypatch.setattr(plugins_module, "_registry", reg)
    yield reg


@pytest.mark.parametrize("name", ["points-as-text", "mints-chips", "only-pass", "award-seat-99",
                                  "steps-backwards", "no-legal-actions", "passes-for-ever"])
def test_fault_through_the_cli(name: str, faults_installed: Registry) -> None:
    result = run("simulate", "--variant", name, "--deals", "3", "--players", "3",
                 "--chips", "20", "--agent", "random")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    _, hook = broken_hook_plugins.RULE_FAULTS[name]
    assert lines[0].startswith(f"error: plug-in {broken_hook_plugins.label(name)}, hook {hook}")


# --- through the kit -------------------------------------------------------------------------

def test_a_step_that_records_nothing_is_named_at_once() -> None:
    """OnlyEverPass's apply hook moves only the turn: the very first pass is refused, naming
    the plug-in and primero_apply_action (not the deal's action bound, thousands later)."""
    state = start_deal(broken_hook_plugins.fault_spec("only-pass").configure(),
                       ["Anna", "Ben", "Carla"], 20, seed=0)
    assert state.history == () and state.legal_actions() == (broken_hook_plugins.Pass(),)
    with pytest.raises(PluginError) as info:
        state.apply("pass")
    expect("only-pass", info)
    assert state.history == ()  # the state is unchanged


def test_a_deal_hook_that_deals_nothing_is_named_before_anyone_bets() -> None:
    """DealsNothing leaves every hand empty: start_deal refuses it at the deal step, naming
    the plug-in, primero_deal_cards and the count, not a hand of 0 cards at the showdown."""
    with pytest.raises(PluginError) as info:
        start_deal(broken_hook_plugins.fault_spec("deals-nothing").configure(),
                   ["Anna", "Ben", "Carla"], 20, seed=0)
    expect("deals-nothing", info)
    assert str(info.value).endswith(
        "gave Anna 0 cards (in hand or queued in state.pending); expected 2, the deal "
        "step's count")


class SetsTheRound:
    """Starts every betting round with one of its betting facts set to ``value``."""

    def __init__(self, field: str, value: object) -> None:
        self.field, self.value = field, value

    @hookimpl
    def primero_start_step(self, state: primero.GameState, variant: object, step: Step) -> object:
        return replace(state, **{self.field: self.value}) if step.kind == "bet" else None


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("high", -3, "set high to -3 (int); expected a whole number >= 0 (chips this betting "
                     "round)"),
        ("high", 1.5, "set high to 1.5 (float); expected a whole number >= 0 (chips this "
                      "betting round)"),
        ("bets", -1, "set bets to -1 (int); expected a whole number >= 0 (vies and raises this "
                     "betting round)"),
        ("opener", 7, "set opener to 7 (int); expected None or a seat (0..2)"),
    ],
)
def test_a_betting_round_set_out_of_range_by_a_hook_is_named(
    field: str, value: object, problem: str
) -> None:
    base = primero.get_variant("waks")
    rule = SetsTheRound(field, value)
    variant = primero.Variant(spec=base.spec, settings=base.settings, house_rules=(rule,))
    with pytest.raises(PluginError) as info:
        start_deal(variant, ["Anna", "Ben", "Carla"], 20, seed=0)
    assert info.value.hook == "primero_start_step"
    assert str(info.value) == (
        f"plug-in test_plugin_faults.SetsTheRound, hook primero_start_step (variant 'waks'): "
        f"{problem}")


class DropsTheLegalActions:
    """A wrapper round primero_legal_actions that throws the answer away."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: primero.GameState, variant: object) -> Iterator[None]:
        yield
        return None  # a wrapper's return value is its answer


def test_a_wrapper_that_drops_the_answer_is_named() -> None:
    base = primero.get_variant("waks")
    variant = primero.Variant(spec=base.spec, settings=base.settings,
                              house_rules=(DropsTheLegalActions(),))
    with pytest.raises(PluginError) as info:
        start_deal(variant, ["Anna", "Ben", "Carla"], 20, seed=0).legal_actions()
    assert (info.value.plugin, info.value.hook) == (
        "test_plugin_faults.DropsTheLegalActions", "primero_legal_actions")
    assert str(info.value) == (
        "plug-in test_plugin_faults.DropsTheLegalActions, hook primero_legal_actions (variant "
        "'waks'): a wrapper returned None; expected it to return the answer it was given, or "
        "another")


def test_a_level_pass_of_the_core_is_not_a_step_that_records_nothing() -> None:
    """The core's pass by a player already level (after a vie, while others owe) changes no
    chips and no flag's value: it is still a new seat, so it is not refused."""
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=0)
    for text in ("Anna vie 1", "Ben pass", "Carla hold"):  # Ben still owes 1
        state = state.apply(text)
    before = state.seats[0]
    state = state.apply("Anna pass")  # level while Ben owes: a pass that changes no value
    assert state.seats[0] == before and state.seats[0] is not before
    # Ben passed once in answer: he must hold (or raise) or fold now (docs/rules/waks.md)
    assert state.to_act == 1 and [str(a) for a in state.legal_actions()] == [
        "hold", "hold raise 1", "hold raise 2", "hold raise 3", "fold"]


def test_unchecked_switches_the_checks_off_inside_the_block_only() -> None:
    """The benchmark's switch (hookchecks.unchecked): a fault goes unnamed inside, and is
    named again once the block is left."""
    from primero.plugins.checks import unchecked

    state = start_deal(broken_hook_plugins.fault_spec("mints-chips").configure(),
                       ["Anna", "Ben", "Carla"], 20, seed=0)
    with unchecked():
        minted = state.apply("vie 1")
    assert minted.seats[0].stack == 20 + 5  # the hook's 5 chips, unchecked
    with pytest.raises(PluginError) as info:
        state.apply("vie 1")
    expect("mints-chips", info)


@pytest.mark.parametrize("name", ["mints-chips", "steps-backwards", "only-pass"])
def test_fault_through_the_kit(name: str) -> None:
    variant = broken_hook_plugins.fault_spec(name).configure()
    with pytest.raises(PluginError) as info:
        run_deal_machine(variant, check_records=False,
                         settings=settings(max_examples=5, deadline=None, database=None))
    expect(name, info)


# --- unknown hooks ---------------------------------------------------------------------------

class Misspelt:
    @hookimpl
    def primero_card_point(self, variant: object, card: object) -> int:
        return 1


class Unmarked:
    def primero_card_points(self, variant: object, card: object) -> int:
        return 1


def registering(*specs: VariantSpec, name: str = "author") -> ModuleType:
    module = ModuleType(name)

    @hookimpl
    def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
        for spec in specs:
            register(spec)

    module.primero_register_variants = primero_register_variants  # type: ignore[attr-defined]
    return module


def test_misspelt_hook_on_a_rule_object() -> None:
    spec = attrs.evolve(waks.WAKS, name="typo", aliases=(), plugins=(Misspelt(),))
    with pytest.raises(PluginError) as info:
        Registry([registering(spec)])
    assert str(info.value) == (
        "plug-in 'author' registered an invalid variant: rule object "
        "test_plugin_faults.Misspelt: primero_card_point is not a primero hook (did you mean "
        "primero_card_points?)")
    with pytest.raises(PluginError) as info:
        _ = spec.configure().rules
    assert str(info.value) == (
        "plug-in test_plugin_faults.Misspelt: primero_card_point is not a primero hook (did "
        "you mean primero_card_points?)")
    assert info.value.hook == "primero_card_point"


def test_unmarked_hook_is_an_error() -> None:
    spec = attrs.evolve(waks.WAKS, name="unmarked", aliases=(), plugins=(Unmarked(),))
    with pytest.raises(PluginError) as info:
        _ = spec.configure().rules
    assert str(info.value) == ("plug-in test_plugin_faults.Unmarked: primero_card_points is "
                               "not marked @hookimpl (from primero import hookimpl)")


def test_misspelt_registration_hook_and_a_module_without_hooks() -> None:
    module = ModuleType("misspelt")

    @hookimpl
    def primero_register_variant(register: object) -> None: ...

    module.primero_register_variant = primero_register_variant  # type: ignore[attr-defined]
    with pytest.raises(PluginError) as info:
        Registry([module])
    assert str(info.value) == ("plug-in misspelt: primero_register_variant is not a primero "
                               "hook (did you mean primero_register_variants?)")
    with pytest.raises(PluginError) as info:
        Registry([ModuleType("empty")])
    assert str(info.value) == ("plug-in empty: it implements no primero hook (expected "
                               "primero_register_variants)")


# --- validated registrations -----------------------------------------------------------------

@pytest.mark.parametrize(("change", "problem"), [
    ({"players": (0, 100)}, "players (0, 100): expected (low, high) with 2 <= low <= high <= 12"),
    ({"players": (6, 2)}, "players (6, 2): expected (low, high) with 2 <= low <= high <= 12"),
    ({"name": "my variant"}, "variant name 'my variant' is not one word (letters, digits, '-', "
                             "'_', '.'; no spaces)"),
    ({"name": "fold"}, "variant name 'fold' is an action verb; choose another name"),
    ({"aliases": ("two words",)}, "alias 'two words' is not one word (letters, digits, '-', "
                                  "'_', '.'; no spaces)"),
    ({"options": (Option(name="tie", default="coin", doc="", choices=("eldest", "split")),)},
     "option 'tie': default 'coin' is not among its allowed values ('eldest', 'split')"),
    ({"options": (Option(name="n", default=9, doc="", minimum=1, maximum=3),)},
     "option 'n': default 9 is not among its allowed values (an integer 1..3)"),
])
def test_bad_registrations(change: dict[str, object], problem: str) -> None:
    spec = attrs.evolve(waks.WAKS, **{"name": "bad", "aliases": (), **change})
    with pytest.raises(PluginError) as info:
        Registry([registering(spec)])
    assert str(info.value) == f"plug-in 'author' registered an invalid variant: {problem}"


# --- isolation -------------------------------------------------------------------------------

def broken_module() -> ModuleType:
    module = ModuleType("broken")

    @hookimpl
    def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
        register(attrs.evolve(waks.WAKS, name="half", aliases=()))
        raise KeyError("oops")

    module.primero_register_variants = primero_register_variants  # type: ignore[attr-defined]
    return module


def test_a_broken_plugin_is_skipped_and_named() -> None:
    with pytest.warns(PluginWarning, match="skipped the plug-in broken"):
        reg = Registry([waks, broken_module(), registering(
            attrs.evolve(waks.WAKS, name="fine", aliases=()), name="good")], isolate=True)
    assert reg.names() == ["waks", "fine"]
    reason = ("plug-in broken, hook primero_register_variants: raised KeyError: 'oops'")
    assert [(b.name, b.reason, b.variants) for b in reg.broken()] == [
        ("broken", reason, ("broken", "half"))]
    for name in ("half", "HALF", "broken"):
        with pytest.raises(PluginError) as info:
            reg.variant(name)
        assert str(info.value) == reason
    assert reg.variant("fine").ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"


def test_a_duplicate_name_breaks_only_the_latecomer() -> None:
    with pytest.warns(PluginWarning):
        reg = Registry([waks, registering(attrs.evolve(waks.WAKS, aliases=()), name="copycat")],
                       isolate=True)
    assert reg.names() == ["waks"]
    assert reg.provider(reg.spec("waks")) == "primero.variants.waks"
    assert [b.name for b in reg.broken()] == ["copycat"]


def test_installed_broken_plugins_beside_the_builtins(tmp_path: Path) -> None:
    """Faulty plug-ins installed through entry points: named, and the built-ins keep working."""
    site = broken_hook_plugins.installed_faults(tmp_path)
    tests = Path(__file__).parents[1]
    code = textwrap.dedent("""\
        import warnings
        warnings.simplefilter("ignore")
        import primero
        from primero.errors import PluginError
        reg = primero.registry()
        print(primero.evaluate("7s 6h Ad Kc", "waks").label)
        print(primero.evaluate("7s 6h Ad 2c", "oldpips").label)
        for broken in reg.broken():
            print("broken", broken.name, "|", broken.reason)
        for name in ("import-fails", "missing"):
            try:
                primero.get_variant(name)
            except PluginError as exc:
                print("raised", name, "|", exc)
        print(len([n for n in reg.names() if n in FAULTS]))
    """).replace("FAULTS", repr(FAULTS))
    env_path = f"{site}:{tests}:{Path(primero.__file__).parent.parent}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": env_path, "PATH": ""}, check=True)
    lines = done.stdout.splitlines()
    assert lines[:2] == ["Primero 65", "Primero 57"]
    assert lines[2:6] == [
        "broken import-fails | plug-in import-fails: importing 'faults_import' failed: "
        "ImportError: no module named numpyy",
        "broken no-hooks | plug-in no-hooks: it implements no primero hook (expected "
        "primero_register_variants)",
        "broken missing | plug-in missing: importing 'faults_not_there' failed: "
        "ModuleNotFoundError: No module named 'faults_not_there'",
        "raised import-fails | plug-in import-fails: importing 'faults_import' failed: "
        "ImportError: no module named numpyy",
    ]
    assert lines[6].startswith("raised missing | plug-in missing: importing")
    assert lines[7] == str(len(FAULTS))  # the rules faults register; they fail when played


# --- one identity ------------------------------------------------------------------------------

def test_a_variant_named_like_a_builtin_never_shares_its_rules() -> None:
    base = get_variant("waks")
    assert base.ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"
    evolved = attrs.evolve(waks.WAKS, plugins=(losing.LosingRules(),)).configure()
    assert evolved != base
    assert evolved.rules is not base.rules
    assert evolved.rules.manager.get_plugins() != base.rules.manager.get_plugins()
    # the built-in is still the built-in, in the same process, after the other was configured
    assert get_variant("waks").rules is base.rules
    assert get_variant("waks").ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"


def test_a_ranking_carries_its_own_variants_name() -> None:
    # a variant built with the Waks rule objects under another name, configured (and its
    # ranking built) before the built-in's: the built-in's ranking is still named "waks"
    from primero.plugins.registry import clear_caches

    clear_caches()
    try:
        other = attrs.evolve(waks.WAKS, name="another", aliases=()).configure()
        assert other.ranking.name == "another"
        assert other.ranking.variant is other
        builtin = get_variant("waks")
        assert builtin.ranking.name == "waks"
        assert builtin.ranking.variant is not None
        assert builtin.ranking.variant.name == "waks"
        assert builtin.ranking is not other.ranking
        # variants differing only in an option that does not affect the ranking share it,
        # and its name is the same whichever of them asked first
        assert get_variant("waks", tie="split").ranking is builtin.ranking
        assert get_variant("waks", supremus=False).ranking.name == "waks (supremus=false)"
        clear_caches()
        assert get_variant("waks", tie="split").ranking.name == "waks"
    finally:
        clear_caches()


def test_equal_variants_share_rules() -> None:
    assert get_variant("waks", tie="split") == get_variant("waks", tie="split")
    assert get_variant("waks", tie="split").rules is get_variant("waks", tie="split").rules


class LooksUpAVariant:
    """A pack hook that looks another variant up (it used to deadlock)."""

    @hookimpl
    def primero_pack(self, variant: primero.Variant) -> object:
        return get_variant("roman").pack if variant.option("deck") == "french52" else None


def test_a_hook_that_looks_a_variant_up_does_not_deadlock() -> None:
    spec = attrs.evolve(waks.WAKS, name="lookup", aliases=(), plugins=(LooksUpAVariant(),))
    variant = spec.configure(deck="french52")
    result: list[str] = []
    worker = threading.Thread(
        target=lambda: result.append(variant.ranking.evaluate("7s 6h Ad Kc").label),
        daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert result == ["Primero 65"]


# --- the error classes of the public API -------------------------------------------------------

def test_unknown_agent_is_a_primero_error() -> None:
    with pytest.raises(UnknownAgentError) as info:
        make_agent("clever")
    assert str(info.value) == ("unknown agent 'clever'; known agents: random, heuristic, odds, "
                               "search, equilibrium")
    assert isinstance(info.value, ValueError)


def test_play_deal_limit_is_a_primero_error() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=3)
    with pytest.raises(EndlessDealError) as info:
        play_deal(state, [RandomAgent()] * 3, random.Random(3), max_actions=1)
    assert str(info.value) == "the deal did not end within 1 actions"


def test_primero_variants_lists_broken_plugins_and_their_variants_fail_in_one_line(
        tmp_path: Path) -> None:
    """The CLI side of isolation: `primero variants` names each broken plug-in with its reason,
    the built-ins still work, and asking for a broken plug-in's variant is one error line."""
    site = broken_hook_plugins.installed_faults(tmp_path)
    tests = Path(__file__).parents[1]
    env = {"PYTHONPATH": f"{site}:{tests}:{Path(primero.__file__).parent.parent}", "PATH": "",
           "PYTHONWARNINGS": "ignore"}
    listing = subprocess.run([sys.executable, "-m", "primero", "variants"], capture_output=True,
                             text=True, timeout=120, env={**env, "COLUMNS": "200"})
    assert listing.returncode == 0, listing.stderr
    flat = " ".join(listing.stdout.split())
    assert "waks" in flat
    assert ("broken plug-in import-fails (primero-faults 0.1.0): plug-in import-fails: "
            "importing 'faults_import' failed: ImportError: no module named numpyy") in flat
    assert "broken plug-in no-hooks" in flat
    asked = subprocess.run([sys.executable, "-m", "primero", "evaluate", "7s", "6h", "Ad", "Kc",
                            "--variant", "import-fails"], capture_output=True, text=True,
                           timeout=120, env=env)
    assert asked.returncode == 1
    assert asked.stderr.strip().splitlines() == [
        "error: plug-in import-fails: importing 'faults_import' failed: ImportError: no module "
        "named numpyy"]


@pytest.mark.parametrize("name", ["same-state", "mints-chips", "steps-backwards"])
def test_fault_through_the_kit_with_its_default_settings(name: str) -> None:
    """The kit's defaults skip hypothesis' shrink phase: the first deal that shows a plug-in's
    fault is reported (an endless deal included), not a minimal one found minutes later."""
    variant = broken_hook_plugins.fault_spec(name).configure()
    with pytest.raises(PluginError) as info:
        run_deal_machine(variant, check_records=False)
    expect(name, info)


# --- faults that escape as something else than a one-line PluginError ----

class LegalAsList:
    """A wrapper that hands the core's legal actions back as a list instead of a tuple."""

    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: object) -> Iterator[None]:
        result = yield
        return list(result) if result is not None else result  # type: ignore[return-value]


def test_legal_actions_returned_as_a_list_are_accepted_or_named() -> None:
    spec = attrs.evolve(waks.WAKS, name="aslist", aliases=(), plugins=(LegalAsList(),))
    state = start_deal(spec.configure(), ["Anna", "Ben"], 10, seed=1)
    try:
        ids = state.legal_action_ids()
    except PluginError as error:
        assert error.hook == "primero_legal_actions"
        return
    # the Waks opening decision of the tutorial: fold, pass, vie 1..3
    assert ids == (0, 1, 3, 4, 5)


class MisnamedArgument:
    @hookimpl
    def primero_card_points(self, varient: object, card: object) -> int:
        return 1


def test_a_misnamed_hook_argument_names_the_argument_not_pluggys_id() -> None:
    spec = attrs.evolve(waks.WAKS, name="misnamed", aliases=(), plugins=(MisnamedArgument(),))
    with pytest.raises(PluginError) as info:
        _ = spec.configure().rules
    message = str(info.value)
    assert message.startswith("plug-in test_plugin_faults.MisnamedArgument")
    assert "primero_card_points" in message and "varient" in message
    assert "Plugin '" not in message  # pluggy's "Plugin '140662750913872' for hook ..."


class DealsTooMany:
    """A plan that deals each player more cards than the pack can give two players."""

    @hookimpl
    def primero_deal_plan(self, variant: object) -> tuple[object, ...]:
        from primero.setup import Step
        return (Step("deal", count=30), Step("bet", 1), Step("showdown"))


def test_a_plan_dealing_more_than_the_pack_is_a_plugin_error() -> None:
    spec = attrs.evolve(waks.WAKS, name="toomany", aliases=(), plugins=(DealsTooMany(),))
    with pytest.raises(PluginError) as info:
        start_deal(spec.configure(), ["Anna", "Ben"], 10, seed=1)
    assert info.value.hook == "primero_deal_plan"
    assert "DealsTooMany" in str(info.value)
