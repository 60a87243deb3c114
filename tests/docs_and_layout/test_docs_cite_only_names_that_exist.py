"""Every dotted ``primero.…`` name the docs and the README quote in code resolves.

The JSON page told readers to call ``primero.simulate(...)`` and the plug-in guide
``primero.plugins.reset_registry()``; neither name exists (they live in
``primero.simulation`` and ``primero.plugins.registry``).
"""

from __future__ import annotations

import importlib
import re

from conftest import ROOT

#: A dotted name in inline or fenced code, not part of a file name or an address.
NAME = re.compile(r"(?<![\w./-])(primero(?:\.[A-Za-z_]\w*)+)")
#: Dotted text that names a file, not an object.
FILE_ENDINGS = (".md", ".py", ".toml", ".json", ".html", ".png", ".ipynb", ".txt")


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def _quoted_names(text: str) -> set[str]:
    code = re.findall(r"```.*?```|`[^`\n]+`", text, flags=re.S)
    return {m.rstrip(".") for block in code for m in NAME.findall(block)
            if not m.rstrip(".").endswith(FILE_ENDINGS)}


def test_every_quoted_primero_name_exists() -> None:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    missing = sorted(f"{page.relative_to(ROOT)}: {name}" for page in pages
                     for name in _quoted_names(page.read_text(encoding="utf-8"))
                     if not _resolves(name))
    assert missing == []


def test_a_missing_name_is_found() -> None:
    text = "Call `primero.simulate(...)` or `primero.simulation.simulate`.\n"
    assert {n for n in _quoted_names(text) if not _resolves(n)} == {"primero.simulate"}
