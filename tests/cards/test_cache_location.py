"""Where the hand tables are cached without ``PRIMERO_CACHE_DIR``: platformdirs, looked up lazily.

A warm cold start reads its table from where platformdirs keeps the cache without importing
platformdirs; the place is checked
against platformdirs itself, and a table found there is checked like any other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import platformdirs
import pytest

from conftest import SITE
from primero import get_variant
from primero.plugins.rules import Rules
from primero.tables import CACHE_DIR_ENV, NO_CACHE_ENV, TableCacheWarning, _likely_directory

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the lazy look-up is for Linux's XDG layout only")

#: docs/rules/figures.md, italian40, standard ranking.
CENSUS = {"Numerus": 80_430, "Primero": 9_990, "Supremus": 120, "Fluxus": 840, "Chorus": 10}


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No ``PRIMERO_CACHE_DIR``: the cache where platformdirs says, under a temporary XDG home."""
    monkeypatch.delenv(CACHE_DIR_ENV, raising=False)
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "primero" / "tables"


@linux_only
@pytest.mark.parametrize("xdg_value", ["/an/absolute/cache", "", "relative/cache", None])
def test_the_likely_directory_is_platformdirs_own(xdg_value: str | None, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_DIR_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if xdg_value is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg_value)
    expected = os.path.join(platformdirs.user_cache_dir("primero"), "tables")
    assert _likely_directory() == expected
    assert expected.startswith("/an/absolute/cache" if xdg_value == "/an/absolute/cache"
                               else str(tmp_path / "home" / ".cache"))


def test_no_likely_directory_when_one_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, "/somewhere/chosen")
    assert _likely_directory() is None


@linux_only
def test_a_warm_census_reads_the_platformdirs_cache_without_importing_it(xdg: Path) -> None:
    code = ("import sys, json, primero\n"
            "census = primero.get_variant('waks').ranking.census()\n"
            "print(json.dumps([census, 'platformdirs' in sys.modules]))")
    env = {k: v for k, v in os.environ.items() if k != CACHE_DIR_ENV}
    env["PYTHONPATH"] = str(SITE)

    def run() -> list[object]:
        done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                              text=True, env=env)
        return list(json.loads(done.stdout.splitlines()[-1]))

    assert run() == [CENSUS, True]  # the first ever: built, written where platformdirs says
    [written] = list(xdg.glob("waks-italian40-*.table"))
    assert run() == [CENSUS, False]  # then read from there, platformdirs not imported
    assert list(xdg.glob("*.table")) == [written]


@linux_only
def test_a_corrupt_file_in_the_likely_directory_is_rebuilt_with_a_warning(xdg: Path) -> None:
    Rules(get_variant())._build_ranking().census()
    [path] = list(xdg.glob("*.table"))
    path.write_bytes(path.read_bytes()[:1000])
    with pytest.warns(TableCacheWarning, match="unusable"):
        assert Rules(get_variant())._build_ranking().census() == CENSUS
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Rules(get_variant())._build_ranking().census() == CENSUS  # rewritten, sound
