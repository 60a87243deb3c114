"""The site's layout in a browser: API nav sections, sidebar titles, option tables.

The generator is loaded the way mkdocs loads it (from docs/_hooks/), as in test_docs.py.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import primero
from conftest import ROOT

DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("primero_docs_layout_hooks",
                                                  DOCS / "_hooks" / "primero_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _pages(entries: list[Any]) -> list[str]:
    found: list[str] = []
    for entry in entries:
        for value in entry.values():
            found += _pages(value) if isinstance(value, list) else [value]
    return found


def test_api_nav_has_four_sections_and_every_module_once(generator: ModuleType) -> None:
    nav = generator.api_nav()
    assert [next(iter(section)) for section in nav] == [
        "Public API", "Plug-in API", "Variants", "Internals"]
    pages = _pages(nav)
    modules = generator.public_modules()
    assert sorted(pages) == sorted(generator.api_page_path(m) for m in modules)
    sections = {next(iter(s)): _pages(next(iter(s.values()))) for s in nav}
    assert "reference/api/primero.analysis.draws.md" in sections["Public API"]
    assert "reference/api/primero.hookspecs.md" in sections["Plug-in API"]
    assert "reference/api/primero.variants.waks.md" in sections["Variants"]
    assert "reference/api/primero.cli.md" in sections["Internals"]
    # a package's modules sit in its own subsection, under their short names
    public = next(iter(nav[0].values()))
    analysis = next(e["primero.analysis"] for e in public if "primero.analysis" in e)
    assert analysis[0] == {"primero.analysis": "reference/api/primero.analysis.md"}
    assert {"draws": "reference/api/primero.analysis.draws.md"} in analysis


def test_a_package_page_lists_its_names_once_each(generator: ModuleType) -> None:
    from primero import analysis

    page = generator.api_page("primero.analysis")
    assert "      members: false\n" in page
    for name in analysis.__all__:
        assert page.count(f"<code>{name}</code>") == 1, name  # one row each
    assert "[`primero.analysis.draws`](primero.analysis.draws.md)" in page


def test_sidebar_titles_have_one_pair_of_parentheses_at_most(generator: ModuleType) -> None:
    titles = [next(iter(e)) for e in generator.variant_nav()]
    assert all(t.count("(") <= 1 for t in titles), titles
    roman = primero.registry().spec("roman")
    assert generator.variant_nav_title(roman) == f"{roman.title} · roman"
    assert "Waks English Primero (waks)" in titles


def test_allowed_values_are_written_as_typed(generator: ModuleType) -> None:
    waks = generator.variant_page(primero.registry().spec("waks"))
    assert "| `deck` | `italian40` | italian40, spanish48, french52 |" in waks
    cardano = generator.variant_page(primero.registry().spec("cardano"))
    assert "'" not in next(line for line in cardano.splitlines()
                           if line.startswith("| `understatements` |")).split(" | ")[2]


def test_site_assets_are_configured() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for path in ("assets/logo.svg", "assets/favicon.svg", "stylesheets/extra.css"):
        assert path in config
        assert (DOCS / path).is_file()
    assert Path(DOCS / "assets" / "logo.svg").read_text(encoding="utf-8").startswith("<svg")


def test_console_sessions_are_fenced_as_pycon_so_output_is_not_highlighted() -> None:
    """A ```` ```python ```` block holding a ``>>>`` session colours its output as code."""
    found = []
    for path in [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]:
        lines = path.read_text(encoding="utf-8").splitlines()
        found += [f"{path.relative_to(ROOT)}:{k + 1}" for k, line in enumerate(lines[:-1])
                  if line.strip() in ("```python", "```py", "```")
                  and lines[k + 1].startswith(">>>")]
    assert found == []


def test_the_extras_table_lists_every_extra_of_pyproject() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `pip install (?:'primero|-e '\.)\[(\w+)\]'` \|", page,
                        re.MULTILINE)
    assert sorted(listed) == sorted(extras)
    assert "analysis" in listed


def test_choices_in_the_cli_reference_show_no_backslash(generator: ModuleType) -> None:
    """``[random\\|heuristic]`` showed its backslash: a pipe in a code span needs none."""
    page = generator.cli_page()
    assert "| `-a, --agent [random|heuristic|odds|search|equilibrium]` |" in page
    assert "\\|" not in page


def test_the_repository_link_waits_for_one_address() -> None:
    """The public address is not known: no invented URL, one place to set it (mkdocs.yml)."""
    import tomllib

    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    assert "# repo_url: https://github.com/OWNER/primero" in config
    assert "# edit_uri: edit/main/docs/" in config
    assert "    - content.action.edit" in config  # the edit buttons appear with the address
    assert not any(line.startswith(("repo_url:", "edit_uri:")) for line in config)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "urls" not in project


def test_signatures_are_wrapped_by_the_formatter_the_docs_group_installs() -> None:
    """Mkdocstrings wraps a long signature only with a formatter (ruff or black) installed."""
    import tomllib

    docs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "dependency-groups"]["docs"]
    assert any(re.match(r"(ruff|black)\b", requirement) for requirement in docs)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "separate_signature: true" in config and "line_length: 72" in config


def test_the_stylesheet_keeps_names_whole_and_wraps_messages() -> None:
    css = (DOCS / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    compact = " ".join(css.split())
    assert ".md-typeset td code, .md-typeset th code { word-break: normal;" in compact
    assert ".md-typeset .language-text pre > code { white-space: pre-wrap;" in compact
    # the language class that rule needs is on every block
    assert "pygments_lang_class: true" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
