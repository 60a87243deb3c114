"""A held-back package of faulty plug-ins installed beside the library (issue 16).

A site folder holds one distribution, ``primero-faults``, whose entry points install several
faulty plug-ins at once: every rules fault of ``faultplugins.py`` (a plug-in registering one
broken variant per fault), a module that fails to import, a module with no hooks, and a module
that is not there. In a fresh interpreter with that folder on the path:

* the conformance kit, called the way a plug-in's author calls it (``run_deal_machine(name)``
  with the kit's default settings and a time budget per example of :data:`BUDGET` seconds),
  names each rules fault: the exact ``PluginError`` class, hook and plug-in. An example that
  ran past the budget would fail as a deal that does not end instead, so passing means each
  fault was named within the budget (no wall-clock assertion here);
* ``import primero; primero.evaluate(...)``, the kit on ``waks`` and
  ``primero simulate --variant waks`` keep working beside them, the latter printing exactly
  what it prints without the faulty package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import faultplugins
import primero
from cli_helpers import run

FAULTS = sorted(faultplugins.RULE_FAULTS)
#: Seconds the kit gives one example (``variant_state_machine(time_budget=...)``).
BUDGET = 5.0
TESTS = Path(__file__).resolve().parent
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


def _site(root: Path) -> Path:
    """The faulty package, installed through entry points in a site folder."""
    site = root / "site"
    site.mkdir()
    (site / "faults_import.py").write_text("raise ImportError('no module named numpyy')\n")
    (site / "faults_empty.py").write_text('"""No hooks at all."""\n')
    dist = site / "primero_faults-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: primero-faults\n"
                                   "Version: 0.1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [primero]
        rules-faults = faultplugins
        import-fails = faults_import
        no-hooks = faults_empty
        missing = faults_not_there
        """))
    return site


def _env(site: Path) -> dict[str, str]:
    return {"PYTHONPATH": os.pathsep.join(map(str, (site, TESTS, SRC))), "PATH": "",
            "PYTHONWARNINGS": "ignore", "COLUMNS": "220", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def beside(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the kit and the library did with the faulty package installed beside them."""
    root = tmp_path_factory.mktemp("faults")
    site = _site(root)
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


_ONLY_PASS = pytest.mark.xfail(
    reason="the kit meets only-pass's endless deal at its time budget (a DealInvariantError) "
           "until the engine rejects a betting round that never ends at once (the 'speed' "
           "helper's change)", strict=False)


@pytest.mark.parametrize("name", [pytest.param(n, marks=_ONLY_PASS) if n == "only-pass" else n
                                  for n in FAULTS])
def test_the_kit_names_each_fault_within_its_budget(name: str, beside: dict[str, Any]) -> None:
    _, hook = faultplugins.RULE_FAULTS[name]
    expected_class = "EndlessDealError" if name == "only-pass" else "PluginError"
    got = beside["kit"][name]
    assert got is not None, f"the kit passed {name}"
    assert got[:3] == [expected_class, hook, faultplugins.label(name)], got[3]
    assert got[3].startswith(f"plug-in {faultplugins.label(name)}, hook {hook}")
    assert "\n" not in got[3]


def test_the_builtins_keep_working_beside_the_faults(beside: dict[str, Any]) -> None:
    assert beside["evaluate"] == "Primero 65"  # 7 (21) + 6 (18) + A (16) + K (10), RULES.md §2
    assert beside["kit on waks"] == "passed"
    status, stdout, stderr = beside["simulate"]
    assert (status, stderr) == (0, "")
    alone = run(*SIMULATE)  # the same command in this process, no faulty package installed
    assert alone.exit_code == 0
    assert stdout == alone.stdout
    assert stdout.startswith("waks: 20 deals, 3 players, random agents, seed 7")
