"""``play --save`` and ``compare --plot`` keep a file already there unless ``--force``.

Before, ``primero play --save deal.toml`` overwrote an earlier deal without a word.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cli_helpers import ok, run


def test_play_save_refuses_an_existing_file_before_the_first_card(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text("kept\n", encoding="utf-8")
    result = run("play", "--auto", "--seed", "3", "--save", str(path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"error: cannot save the deal to {path}: the file exists; "
                             "give --force to overwrite it\n")
    assert path.read_text(encoding="utf-8") == "kept\n"


def test_play_save_with_force_overwrites_the_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text("old\n", encoding="utf-8")
    out = ok("play", "--auto", "--seed", "3", "--save", str(path), "--force")
    assert out.endswith(f"deal saved to {path}\n")
    assert tomllib.loads(path.read_text(encoding="utf-8"))["variant"] == "waks"


def test_play_session_refuses_a_later_deal_file_before_that_deal(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    later = tmp_path / "deal-2.toml"
    later.write_text("kept\n", encoding="utf-8")
    result = run("play", "--auto", "--seed", "3", "--deals", "2", "--save", str(path))
    assert result.exit_code == 1
    assert result.stderr == (f"error: cannot save the deal to {later}: the file exists; "
                             "give --force to overwrite it\n")
    assert "deal 2" not in result.stdout.lower()  # refused before the second deal is shown
    assert later.read_text(encoding="utf-8") == "kept\n"
    assert tomllib.loads(path.read_text(encoding="utf-8"))["variant"] == "waks"


def test_compare_plot_refuses_an_existing_file_before_any_deal(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "out.png"
    plot.write_bytes(b"kept")
    result = run("compare", "waks", "-d", "2", "--no-progress", "--plot", str(plot))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"error: cannot save the plot to {plot}: the file exists; "
                             "give --force to overwrite it\n")
    assert plot.read_bytes() == b"kept"
    ok("compare", "waks", "-d", "2", "--no-progress", "--plot", str(plot), "--force")
    assert plot.read_bytes()[:4] == b"\x89PNG"
