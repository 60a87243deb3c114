"""``import primero`` is lazy (PEP 562): the public names resolve on first use.

The analysis and the CLI start fresh processes; what ``import primero`` pulls in is checked in a
fresh interpreter, never by timing.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import subprocess
import sys

import pytest

import primero
from conftest import ROOT, SITE


def test_every_public_name_resolves_to_its_defining_module() -> None:
    for name in primero.__all__:
        value = getattr(primero, name)
        if name in ("__version__", "evaluate"):
            continue
        module = importlib.import_module(primero._EXPORTS[name])
        assert value is getattr(module, name), name
    assert set(primero.__all__) <= set(dir(primero))
    assert set(primero._EXPORTS) | {"__version__", "evaluate"} == set(primero.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Flush'"):
        primero.Flush  # noqa: B018
    assert not hasattr(primero, "no_such_name")


def test_the_version_is_the_installed_metadata() -> None:
    assert primero._version() == importlib.metadata.version("primero")
    assert primero.__version__ == importlib.metadata.version("primero")


def _fresh(code: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(SITE),
                                                    "PATH": "/usr/bin:/bin"})
    return list(json.loads(done.stdout.splitlines()[-1]))


HEAVY = ("numpy", "pandas", "matplotlib", "rich", "click", "importlib.metadata",
         "primero.agents", "primero.session", "primero.records", "primero.deal.engine",
         "primero.plugins.registry", "primero.simulation")


def test_import_primero_loads_none_of_the_heavy_modules() -> None:
    loaded = _fresh("import primero; primero.__version__")
    assert [m for m in HEAVY if m in loaded] == []


def test_one_name_loads_its_module_only() -> None:
    loaded = _fresh("from primero import parse_cards; parse_cards('7s 6h')")
    assert "primero.cards" in loaded
    assert [m for m in HEAVY if m in loaded] == []
