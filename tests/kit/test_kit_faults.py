"""A held-back package of faulty plug-ins installed beside the library.

A site folder holds one distribution, ``primero-faults``, whose entry points install several
faulty plug-ins at once: every rules fault of ``broken_hook_plugins.py`` (a plug-in registering one
broken variant per fault), a module that fails to import, a module with no hooks, and a module
that is not there. In a fresh interpreter with that folder on the path:

* the conformance kit, called the way a plug-in's author calls it (``run_deal_machine(name)``
  with the kit's default settings and a time budget per example of :data:`BUDGET` seconds),
  names each rules fault: the ``PluginError`` class the engine raises for it, its hook and its
  plug-in. An example that ran past the budget fails as a deal that does not end instead, so
  passing means each fault was named within the budget (no wall-clock assertion here); only a
  fault that is itself an endless deal may be named that way;
* ``import primero; primero.evaluate(...)``, the kit on ``waks`` and
  ``primero simulate --variant waks`` keep working beside them, the latter printing exactly
  what it prints without the faulty package.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import broken_hook_plugins
import primero
from cli_helpers import run
from primero import EndlessDealError, PluginError
from primero.agents import RandomAgent, play_deal
from primero.deal.engine import start_deal

FAULTS = sorted(broken_hook_plugins.RULE_FAULTS)
#: Seconds the kit gives one example (``variant_state_machine(time_budget=...)``).
BUDGET = 5.0
TESTS = Path(__file__).resolve().parents[1]
SRC = Path(primero.__file__).resolve().parent.parent

#: The kit's one-line reasons for the plug-ins that cannot even register.
BROKEN = {
    "import-fails": "plug-in import-fails: importing 'faults_import' failed: ImportError: no "
                    "module named numpyy",
    "missing": "plug-in missing: importing 'faults_not_there' failed: ModuleNotFoundError: No "
               "module named 'faults_not_there'",
    "no-hooks": "plug-in no-hooks: it implements no primero hook (expected "
                "primero_register_variants)",
}

SCRIPT = """\
import json, sys, warnings
warnings.simplefilter("ignore")
from hypothesis import settings
import primero
from primero.errors import PluginError
from primero.testing import run_deal_machine

out = {"broken": {b.name: b.reason for b in primero.registry().broken()}, "kit": {}}
for name in FAULTS:
    try:
        run_deal_machine(name, time_budget=BUDGET)
    except PluginError as exc:
        out["kit"][name] = [type(exc).__name__, exc.hook, exc.plugin, str(exc)]
    except Exception as exc:  # the kit failed otherwise: over the budget, or a raw error
        out["kit"][name] = [type(exc).__name__, None, None, str(exc).splitlines()[0]]
    else:
        out["kit"][name] = None
out["evaluate"] = primero.evaluate("7s 6h Ad Kc", "waks").label
run_deal_machine("waks", time_budget=BUDGET,
                 settings=settings(max_examples=5, deadline=None, database=None))
out["kit on waks"] = "passed"
print(json.dumps(out))
"""

SIMULATE = ("simulate", "--variant", "waks", "--deals", "20", "--players", "3",
            "--agent", "random", "--seed", "7", "--no-progress")


def _env(site: Path) -> dict[str, str]:
    return {"PYTHONPATH": os.pathsep.join(map(str, (site, TESTS, SRC))), "PATH": "",
            "PYTHONWARNINGS": "ignore", "COLUMNS": "220", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def beside(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the kit and the library did with the faulty package installed beside them."""
    root = tmp_path_factory.mktemp("faults")
    site = broken_hook_plugins.installed_faults(root)
    code = SCRIPT.replace("FAULTS", repr(FAULTS)).replace("BUDGET", repr(BUDGET))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600, env=_env(site), cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    simulated = subprocess.run([sys.executable, "-m", "primero", *SIMULATE],
                               capture_output=True, text=True, timeout=300, env=_env(site),
                               cwd=root)
    out["simulate"] = (simulated.returncode, simulated.stdout, simulated.stderr)
    return out


def test_the_plugins_that_cannot_register_are_named(beside: dict[str, Any]) -> None:
    assert beside["broken"] == BROKEN


def _api_error(name: str) -> PluginError:
    """What the engine raises for the fault when its deals are played through the API."""
    variant = broken_hook_plugins.fault_spec(name).configure()
    with pytest.raises(PluginError) as info:
        variant.ranking.evaluate("7s 6h Ad Kc")
        for k in range(4):
            state = start_deal(variant, ["Anna", "Ben", "Carla"], 20, seed=k)
            play_deal(state, [RandomAgent()] * 3, random.Random(k))
    return info.value


@pytest.mark.parametrize("name", FAULTS)
def test_the_kit_names_each_fault_within_its_budget(name: str, beside: dict[str, Any]) -> None:
    """The exact PluginError: its hook and its plug-in. A fault that is only a deal that never
    ends (the engine meets it at its bound on the deal's actions, EndlessDealError) may
    instead meet the kit's time budget first: then the kit names it as such."""
    _, hook = broken_hook_plugins.RULE_FAULTS[name]
    got = beside["kit"][name]
    assert got is not None, f"the kit passed {name}"
    if isinstance(_api_error(name), EndlessDealError) and got[0] == "DealInvariantError":
        # within the kit's bound on the deal's actions, or its time budget
        assert re.fullmatch(rf"{name}, betting round \d+, after \d+ actions: the deal did not "
                            rf"end within \d+ actions( and the time budget of {BUDGET:g} s "
                            r"of CPU time per example)?", got[3]), got[3]
        return
    # installed through an entry point: the label names the distribution too
    label = f"{broken_hook_plugins.label(name)} (primero-faults 0.1.0)"
    assert got[:3] == [type(_api_error(name)).__name__, hook, label], got[3]
    assert got[3].startswith(f"plug-in {label}, hook {hook}")
    assert "\n" not in got[3]


def test_the_builtins_keep_working_beside_the_faults(beside: dict[str, Any]) -> None:
    assert beside["evaluate"] == "Primero 65"  # 7 (21) + 6 (18) + A (16) + K (10)
    assert beside["kit on waks"] == "passed"
    status, stdout, stderr = beside["simulate"]
    assert (status, stderr) == (0, "")
    alone = run(*SIMULATE)  # the same command in this process, no faulty package installed
    assert alone.exit_code == 0
    assert stdout == alone.stdout
    assert stdout.startswith("waks: 20 deals, 3 players, random agents, seed 7")


def test_an_example_over_its_time_budget_fails_the_same_way_when_replayed() -> None:
    """An example over its budget records the action it stopped at, and every later example
    of the machine (hypothesis' replay of the failing one included) stops there too: the
    failure replays as itself, never as a flaky test."""
    from hypothesis import Phase, settings
    from hypothesis.stateful import run_state_machine_as_test

    from primero.testing.failures import DealInvariantError
    from primero.testing.runner import run_deal_machine, variant_state_machine

    pattern = (r"waks, [a-z ]+\d*, after {n} actions: the deal did not end within {n} actions "
               r"and the time budget of {budget} s of CPU time per example")
    with pytest.raises(DealInvariantError) as info:  # a budget of 1 ns: the first action
        run_deal_machine("waks", time_budget=1e-9)
    assert re.fullmatch(pattern.format(n=1, budget="1e-09"), str(info.value).splitlines()[0])

    machine = variant_state_machine("waks", check_records=False)  # 10 s, far from reached
    machine._over_budget_at = 3  # as if an earlier example had run out of time there
    with pytest.raises(DealInvariantError) as info:
        run_state_machine_as_test(machine, settings=settings(
            max_examples=20, deadline=None, database=None, phases=[Phase.generate]))
    assert re.fullmatch(pattern.format(n=3, budget=10), str(info.value).splitlines()[0])


@pytest.mark.parametrize(("given", "problem"), [
    ({"time_budget": -1.5}, "time_budget must be a number of seconds > 0, got -1.5"),
    ({"time_budget": 0}, "time_budget must be a number of seconds > 0, got 0"),
    ({"time_budget": float("nan")}, "time_budget must be a number of seconds > 0, got nan"),
    ({"time_budget": "10"}, "time_budget must be a number of seconds > 0, got '10'"),
    ({"max_deals": 0}, r"max_deals must be a whole number >= 1 \(1: no sessions\), got 0"),
])
def test_the_kit_refuses_a_bad_budget_before_blaming_the_variant(
        given: dict[str, Any], problem: str) -> None:
    # a negative time budget used to fail the first example as "the deal did not end within
    # 1 actions": a fault of the call, reported as one of the variant (and so did 0 s)
    from primero.testing.runner import run_deal_machine, variant_state_machine
    with pytest.raises(primero.PrimeroError, match=f"^{problem}$"):
        variant_state_machine("waks", **given)
    with pytest.raises(primero.PrimeroError, match=f"^{problem}$"):
        run_deal_machine("waks", **given)
