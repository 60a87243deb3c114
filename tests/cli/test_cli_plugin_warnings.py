"""A plug-in that fails to import, seen from the CLI: one line each, never Python's format."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")
REASON = ("plug-in boom: importing 'primero_boom' failed: ModuleNotFoundError: No module "
          "named 'numpyy'")


@pytest.fixture(scope="module")
def boom_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site with one installed plug-in whose module fails to import."""
    root = tmp_path_factory.mktemp("boom")
    (root / "primero_boom").mkdir()
    (root / "primero_boom" / "__init__.py").write_text("import numpyy\n")
    meta = root / "primero_boom-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: primero-boom\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[primero]\nboom = primero_boom\n")
    return root


def _primero(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), SRC]))
    env.pop("PRIMERO_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run([sys.executable, "-m", "primero", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def test_asking_for_the_broken_plugin_is_one_error_line(boom_site: Path) -> None:
    run = _primero(boom_site, "simulate", "--variant", "boom", "--deals", "1")
    assert run.returncode == 1
    assert run.stderr.splitlines() == [f"error: {REASON}"]


def test_other_commands_warn_once_in_one_line(boom_site: Path) -> None:
    run = _primero(boom_site, "variants")
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [f"warning: skipped the {REASON}"]
    assert "waks" in run.stdout and "boom" in run.stdout
