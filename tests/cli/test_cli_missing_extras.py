"""A command that needs an extra the install lacks says so in one line, with the pip install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli_helpers import run


def test_compare_plot_without_matplotlib_is_one_line_naming_the_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a missing package: ``import matplotlib...`` raises ImportError (None in sys.modules)
    for name in [n for n in sys.modules if n == "matplotlib" or n.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    result = run("compare", "waks", "losing", "--deals", "2", "--no-progress",
                 "--plot", str(tmp_path / "compare.png"))
    assert result.exit_code == 1
    assert result.stdout == ""  # refused before any deal is played
    assert result.stderr == ("error: --plot needs matplotlib, which is not installed: "
                             "pip install 'primero[analysis]'\n")
    assert not (tmp_path / "compare.png").exists()
