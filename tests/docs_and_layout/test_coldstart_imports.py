"""A ranking's cold start imports no deal code.

``get_variant(...).ranking.census()`` builds the variant's rules (its plug-in manager, the core
registered first) and its ranking; it needs neither the engine, the checks of a deal's answers,
nor the game state. What a fresh interpreter has loaded is checked, never a timing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SITE

#: Modules a census or one evaluation must not import: the deal's values, the engine, the
#: checks of a deal's answers, the core's dealing, betting and settling code.
DEAL_CODE = ("primero.deal.engine", "primero.deal.start", "primero.deal.state", "primero.actions",
             "primero.settlement", "primero.setup", "primero.views", "primero.records",
             "primero.deal.action_space", "primero.plugins.deal", "primero.plugins.checks",
             "primero.rules.dealing", "primero.rules.betting", "primero.rules.settling",
             "primero.agents", "primero.session")


def _fresh(code: str, cache: Path) -> list[str]:
    """The modules a fresh interpreter has loaded after running ``code`` (table cache ``cache``)."""
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    env = {"PYTHONPATH": str(SITE), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PRIMERO_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                          text=True, cwd=ROOT, env=env)
    return list(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("deck", ["italian40", "french52"])
def test_a_census_imports_no_deal_code_cold_or_warm(deck: str, tmp_path: Path) -> None:
    code = f"import primero; print(primero.get_variant('waks', deck={deck!r}).ranking.census())"
    cold = _fresh(code, tmp_path)  # builds the table and writes it
    assert list(tmp_path.iterdir()), "the first census writes the table cache"
    warm = _fresh(code, tmp_path)  # reads it
    for loaded in (cold, warm):
        assert [m for m in DEAL_CODE if m in loaded] == []
        assert "primero.hands" in loaded and "primero.plugins.rules" in loaded
        assert "importlib.metadata" not in loaded  # the entry points are not scanned
    assert "numpy" not in warm  # a cached table is read with the array module alone


def test_one_evaluation_imports_no_deal_code(tmp_path: Path) -> None:
    loaded = _fresh("import primero; print(primero.evaluate('7s 6h Ad Kc').label)", tmp_path)
    assert [m for m in DEAL_CODE if m in loaded] == []


def test_the_deal_half_of_the_rules_opens_on_the_first_deal(tmp_path: Path) -> None:
    code = (
        "import primero\n"
        "rules = primero.get_variant('waks').rules\n"
        "rules.ranking.census()\n"
        "assert 'primero.plugins.deal' not in sys.modules\n"
        "state = primero.start_deal('waks', ['A', 'B', 'C'], 20, seed=3)\n"
        "while not state.over:\n"
        "    state = state.apply(state.legal_actions()[0])\n"
        "from primero.plugins.deal import DealRules\n"
        "assert type(rules.deal) is DealRules and state.context.rules is rules.deal\n"
        "assert rules.deal.ranking is rules.ranking\n"
    )
    loaded = _fresh(code, tmp_path)
    assert "primero.deal.engine" in loaded and "primero.plugins.deal" in loaded


def test_a_game_state_is_still_shown_as_one() -> None:
    from primero.deal.engine import start_deal
    from primero.plugins.manager import shown

    assert shown(start_deal("waks", ["A", "B"], 10, seed=1)) == "a GameState"
    assert shown((1, 2)) == "(1, 2)"
    assert shown("x" * 80) == "'" + "x" * 56 + "... (str)"
