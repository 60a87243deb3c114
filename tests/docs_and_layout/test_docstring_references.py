"""Every reST reference in a docstring names something that exists.

The docs' griffe extension (``docs/_hooks/griffe_roles.py``) turns ``:func:`...``` roles into
links and warns on a name that resolves nowhere in primero (a class renamed, a module
moved), which fails ``mkdocs build --strict``; names outside primero (the standard library,
builtins, installed packages) stay plain code. Needs griffe (in the ``test`` and ``docs`` groups).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from conftest import ROOT, SITE

griffe = pytest.importorskip("griffe")

EXTENSION = ROOT / "docs" / "_hooks" / "griffe_roles.py"


def _warnings(package: str, path: Path, caplog: pytest.LogCaptureFixture) -> list[str]:
    extensions = griffe.load_extensions(str(EXTENSION))
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.primero_docs.griffe_roles"):
        griffe.load(package, search_paths=[str(path)], extensions=extensions)
    return [r.getMessage() for r in caplog.records if "resolves to nothing" in r.getMessage()]


def test_every_docstring_reference_of_primero_resolves(caplog: pytest.LogCaptureFixture) \
        -> None:
    assert _warnings("primero", SITE, caplog) == []


def test_a_stale_reference_is_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    package = tmp_path / "stale"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""A package."""\n\n\ndef kept() -> None:\n    """Kept."""\n\n\n'
        'def moved() -> None:\n'
        '    """See :func:`kept`, :class:`fractions.Fraction`, :exc:`KeyboardInterrupt` and\n'
        '    :func:`primero.checks.state_problem`."""\n', "utf-8")
    assert _warnings("stale", tmp_path, caplog) == [
        "stale.moved: the docstring's reference :func:`primero.checks.state_problem` resolves "
        "to nothing in primero (renamed or moved?)"]
