"""A ranking's cold start imports no deal code (issue 13: a census in a fresh process).

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

from conftest import ROOT

#: Modules a census or one evaluation must not import: the deal's values, the engine, the
#: checks of a deal's answers, the core's dealing, betting and settling code.
DEAL_CODE = ("primero.engine", "primero.state", "primero.actions", "primero.settlement",
             "primero.deal_setup", "primero.seats", "primero.views", "primero.history",
             "primero.hookchecks", "primero.answer_checks", "primero.action_space",
             "primero.rules.dealing", "primero.rules.settling", "primero.rules.betting_round",
             "primero.rules.fast_path", "primero.agents", "primero.session")


def _fresh(code: str, cache: Path) -> list[str]:
    """The modules a fresh interpreter has loaded after running ``code`` (table cache ``cache``)."""
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
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
        assert "primero.ranking" in loaded and "primero.facade" in loaded
        assert "importlib.metadata" not in loaded  # the entry points are not scanned
    assert "numpy" not in warm  # a cached table is read with the array module alone


def test_one_evaluation_imports_no_deal_code(tmp_path: Path) -> None:
    loaded = _fresh("import primero; print(primero.evaluate('7s 6h Ad Kc').label)", tmp_path)
    assert [m for m in DEAL_CODE if m in loaded] == []


def test_the_facade_binds_the_deal_code_on_first_use(tmp_path: Path) -> None:
    code = (
        "import primero.facade as f\n"
        "before = type(f.hookchecks).__name__, type(f.GameState).__name__\n"
        "assert 'primero.state' not in sys.modules\n"
        "from primero.engine import start_deal\n"
        "state = start_deal('waks', ['A', 'B', 'C'], 20, seed=3)\n"
        "while not state.over:\n"
        "    state = state.apply(state.legal_actions()[0])\n"
        "import primero.hookchecks, primero.state\n"
        "import primero.rules.fast_path, primero.rules.settling\n"
        "assert f.hookchecks is primero.hookchecks\n"
        "assert f.GameState is primero.state.GameState\n"
        "assert f.core_legal_actions is primero.rules.fast_path.core_legal_actions\n"
        "assert f.core_settle is primero.rules.settling.core_settle\n"
        "assert f._core_shape_sound is primero.hookchecks._core_shape_sound\n"
        "print(before, file=sys.stderr)\n"
        "assert before == ('_DealCode', '_DealCode'), before\n"
    )
    loaded = _fresh(code, tmp_path)
    assert "primero.engine" in loaded


def test_a_stand_in_called_before_the_deal_code_is_imported_works(tmp_path: Path) -> None:
    code = (
        "import primero.facade as f\n"
        "assert 'primero.state' not in sys.modules\n"
        "assert f.hookchecks.MAX_POINTS == 2**31 - 1\n"  # an attribute through the stand-in
        "assert f.hookchecks is sys.modules['primero.hookchecks']\n"
    )
    assert "primero.state" in _fresh(code, tmp_path)


def test_the_moved_hook_classes_and_checks_are_still_importable_where_they_were() -> None:
    from primero.plugins import checks as answer_checks
    from primero.plugins import checks as hookchecks
    from primero.plugins import rules as ranking_checks
    from primero.rules import betting, betting_round, core, dealing, fast_path, settling

    assert dealing.StandardDealing is core.StandardDealing
    assert settling.StandardSettling is core.StandardSettling
    assert isinstance(core.CORE_RULES, core.StandardDealing | core.StandardSettling)
    assert betting.apply_bet is betting_round.apply_bet
    assert betting.core_bet is fast_path.core_bet
    assert {"apply_bet", "core_bet", "WaksBetting"} <= set(dir(betting))
    for module in (betting, dealing, settling):
        with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
            module.no_such_name  # noqa: B018
    for name in ranking_checks.__all__:
        assert getattr(answer_checks, name) is getattr(ranking_checks, name), name
        assert getattr(hookchecks, name) is getattr(ranking_checks, name), name


def test_a_game_state_is_still_shown_as_one() -> None:
    from primero.engine import start_deal
    from primero.plugins.rules import shown

    assert shown(start_deal("waks", ["A", "B"], 10, seed=1)) == "a GameState"
    assert shown((1, 2)) == "(1, 2)"
    assert shown("x" * 80) == "'" + "x" * 56 + "... (str)"
