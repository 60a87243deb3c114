"""The documentation: every example runs, every hook and every variant has its page.

Code examples (Sybil) in ``docs/**/*.md`` and ``README.md``:

* ```` ```python ```` blocks run in order, sharing one namespace per page; a block that starts
  with ``>>>`` (written ```` ```pycon ````, so the output is not highlighted as Python) is a
  doctest and its printed output must match.
* ```` ```python title="path" ```` and ```` ```toml title="path" ```` blocks are *files* (a
  plug-in package in the guide): they are written under a temporary directory whose ``src``
  folder is importable, not run.
* ```` ```console ```` blocks are ``primero`` sessions: each ``$ primero ...`` line runs the
  command in-process and the lines below it, up to the next ``$``, are its expected output
  (a line ``...`` matches any number of lines). Only ``primero`` commands may appear in them.
* ```` ```shell ```` blocks (installing, creating folders) are instructions, not run here; the
  plug-in guide is followed literally in a fresh virtual environment instead (see its page).
* ``<!-- skip: next -->`` before a block skips it.

Examples run from the repository root, so ``tests/cases/waks_example.toml`` is the golden
deal file.

The generated pages (``docs/_hooks/primero_docs.py``) are checked without building the site:
every hook specification of :mod:`primero.hookspecs` gets a heading and its docstring, and every
registered variant a rules page with its sources and options.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

import pluggy
import pytest
from sybil import Document, Example, Region, Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown import SkipParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

import primero
from primero import hookspecs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FILES_ROOT = "__docs_files_root__"


# ---------------------------------------------------------------------------------------------
# Sybil: the parsers


def _language(arguments: str) -> tuple[str, dict[str, str]]:
    words = arguments.strip().split(None, 1)
    if not words:
        return "", {}
    attrs = dict(re.findall(r'(\w+)="([^"]*)"', words[1] if len(words) > 1 else ""))
    return words[0].lower(), attrs


def _write_file(example: Example) -> None:
    root: Path = example.namespace[FILES_ROOT]
    target = root / example.region.lexemes["title"]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(str(example.parsed), encoding="utf-8")


def _match_output(expected: list[str], actual: list[str]) -> bool:
    """Lines match, ``...`` standing for any number of lines (trailing spaces ignored)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(_match_output(rest, actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and head.rstrip() == actual[0].rstrip() and _match_output(rest,
                                                                                    actual[1:])


def _run_console(example: Example) -> str | None:
    from click.testing import CliRunner

    from primero.cli.core import app

    sessions: list[tuple[str, list[str]]] = []
    for line in str(example.parsed).splitlines():
        if line.startswith("$ "):
            sessions.append((line[2:], []))
        elif sessions:
            sessions[-1][1].append(line)
        elif line.strip():
            return f"console block must start with '$ ': {line!r}"
    runner = CliRunner()
    for command, expected in sessions:
        words = shlex.split(command)
        if words[0] != "primero":
            return f"only primero commands run in a console block; use ```shell for {command!r}"
        result = runner.invoke(app, words[1:], env={"COLUMNS": "80"}, catch_exceptions=False)
        actual = result.output.splitlines()
        while actual and not actual[-1].strip():
            actual.pop()
        while expected and not expected[-1].strip():
            expected.pop()
        if not _match_output(expected, actual):
            return (f"$ {command}\nexpected:\n" + "\n".join(expected)
                    + "\ngot:\n" + "\n".join(actual))
    return None


class DocsParser:
    """Python, file and console blocks, as the module docstring describes."""

    def __init__(self) -> None:
        self.lexer = FencedCodeBlockLexer(language=r".+",
                                          mapping={"language": "arguments", "source": "source"})
        self.python = PythonEvaluator()
        self.doctest = DocTestStringParser(DocTestEvaluator())

    def __call__(self, document: Document) -> Iterable[Region]:
        for region in self.lexer(document):
            language, attrs = _language(str(region.lexemes["arguments"]))
            source = region.lexemes["source"]
            if "title" in attrs and language in ("python", "toml", "text", "ini"):
                region.lexemes["title"] = attrs["title"]
                region.parsed = source
                region.evaluator = _write_file
                yield region
            elif language in ("python", "pycon"):
                if str(source).startswith(">>>"):
                    for sub in self.doctest(str(source), document.path):
                        sub.adjust(region, source)
                        yield sub
                else:
                    region.parsed = source
                    region.evaluator = self.python
                    yield region
            elif language == "console":
                region.parsed = source
                region.evaluator = _run_console
                yield region


SYBIL = Sybil(parsers=[SkipParser(), DocsParser()], patterns=["*.md"])


def _doc_files() -> list[Path]:
    files = sorted(p for p in DOCS.rglob("*.md") if "_hooks" not in p.parts)
    if (ROOT / "README.md").is_file():
        files.append(ROOT / "README.md")
    return files


@pytest.mark.parametrize("path", _doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    (tmp_path / "src").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    document = SYBIL.parse(path)
    document.namespace[FILES_ROOT] = tmp_path
    document.namespace["__name__"] = "__docs__"
    for example in document:
        example.evaluate()


# ---------------------------------------------------------------------------------------------
# The generated pages


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("primero_docs_hooks",
                                                  DOCS / "_hooks" / "primero_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return _load_generator()


def _hook_names() -> list[str]:
    """The hooks as pluggy itself finds them in primero.hookspecs (not the generator's list)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return sorted(name for name in vars(pm.hook) if name.startswith("primero_"))


def test_every_hook_has_a_documented_heading(generator: ModuleType) -> None:
    page = generator.hooks_page()
    names = _hook_names()
    assert len(names) >= 14
    headings = re.findall(r"^## `(primero_\w+)` \{#(primero_\w+)\}$", page, re.MULTILINE)
    assert sorted(a for a, b in headings if a == b) == names
    for name in names:
        fn = getattr(hookspecs, name)
        assert (fn.__doc__ or "").strip(), f"hook {name} has no docstring to render"
        assert f"::: primero.hookspecs.{name}\n" in page
        # the exact specification, as the module spells it (one parameter a line if long)
        assert generator.hook_definition(fn, self_first=False, body=" ...") in page
        assert " ".join(generator.hook_definition(fn, self_first=False, body=" ...").split()) \
            .replace("( ", "(").replace(", )", ")") == generator.hook_signature(fn)
    code = re.findall(r"^```python\n(.*?)^```", page, re.MULTILINE | re.DOTALL)
    assert code and max(len(line) for block in code for line in block.splitlines()) <= 88


def test_hook_signatures_are_exact(generator: ModuleType) -> None:
    fn = hookspecs.primero_classify_hand
    assert generator.hook_signature(fn) == (
        "def primero_classify_hand(variant: Variant, cards: tuple[Card, ...], "
        "points: Mapping[Card, int]) -> Classification | None: ..."
    )


def test_the_guide_covers_every_hook() -> None:
    guide = (DOCS / "plugins" / "index.md").read_text(encoding="utf-8")
    for name in _hook_names():
        assert f"hooks.md#{name}" in guide, f"the plug-in guide does not link {name}"


def test_every_variant_has_a_rules_page(generator: ModuleType) -> None:
    pages = generator.generated_pages()
    nav = [path for entry in generator.variant_nav() for path in entry.values()]
    assert "oldpips" not in {spec.name for spec in generator.variant_specs()}  # a plug-in's
    for spec in generator.variant_specs():
        path = generator.variant_page_path(spec.name)
        assert path in pages and path in nav, f"variant {spec.name} has no rules page"
        page = pages[path]
        assert page.startswith(f"# {generator.md(spec.title)}\n")
        for opt in spec.options:
            assert f"| `{opt.name}` |" in page, f"{spec.name}: option {opt.name} missing"
        for source in spec.sources:
            assert generator.md(source) in page
    table = generator.variant_table()
    for spec in generator.variant_specs():
        assert f"]({generator.variant_slug(spec.name)}.md)" in table
    assert "oldpips" not in table


def test_builtin_variants_have_disagreement_notes(generator: ModuleType) -> None:
    from primero.plugins.registry import BUILTIN_VARIANT_MODULES

    for spec in primero.registry().specs():
        if primero.registry().provider(spec) in BUILTIN_VARIANT_MODULES:
            notes = generator.NOTES / f"{generator.variant_slug(spec.name)}.md"
            assert notes.is_file(), f"write docs/rules/notes/{notes.name} for {spec.name}"


def test_variant_page_example() -> None:
    hooks = _load_generator()
    page = hooks.variant_page(primero.registry().spec("waks"))
    assert "| Deal plan | deal 2 → betting round 1 → exchange → deal 2 → betting round 2 → " \
           "showdown |" in page
    assert "| `supremus` | `true` | true, false |" in page
    assert "| Hand classes, strongest first | Chorus, Fluxus, Supremus, Primero, Numerus |" \
        in page


def test_every_public_module_has_an_api_page(generator: ModuleType) -> None:
    pages = generator.generated_pages()
    for module in ("primero", "primero.cards", "primero.deal.engine", "primero.hookspecs",
                   "primero.plugins.registry", "primero.deal.state", "primero.variants.waks"):
        assert generator.api_page_path(module) in pages
    assert not any("._" in path for path in pages)


def test_cli_reference_lists_every_command_and_option(generator: ModuleType) -> None:
    from primero.cli.core import app

    page = generator.cli_page()
    for name, command in app.commands.items():
        assert f"## `primero {name}` {{#primero-{name}}}" in page
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert opt in page, f"primero {name}: option {opt} missing"


def test_nav_placeholders_expand(generator: ModuleType, tmp_path: Path) -> None:
    nav = [{"Rules": ["rules/index.md", "@variants"]}, {"Analysis": "analysis.md"},
           {"API": ["@api"]}]
    expanded = generator.expand_nav(nav, tmp_path, set())
    assert expanded[0]["Rules"][0] == "rules/index.md"
    assert len(expanded[0]["Rules"]) == 1 + len(generator.variant_specs())  # the built-ins
    assert all("Analysis" not in entry for entry in expanded)  # not written: left out
    (tmp_path / "analysis.md").write_text("# Analysis\n")
    assert {"Analysis": "analysis.md"} in generator.expand_nav(nav, tmp_path, set())


def _iter_examples(paths: Iterable[Path]) -> Iterator[Example]:
    for path in paths:
        yield from SYBIL.parse(path)


def test_docs_have_examples() -> None:
    """The pages that teach by example keep their examples (a parser change must not drop them)."""
    counted: dict[str, int] = {}
    for example in _iter_examples([DOCS / "getting-started.md", DOCS / "tutorial.md",
                                   DOCS / "plugins" / "index.md"]):
        name = Path(example.path).name
        counted[name] = counted.get(name, 0) + 1
    assert all(counted.get(n, 0) >= 5 for n in ("getting-started.md", "tutorial.md",
                                                 "index.md")), counted


def test_build_time_plots_are_shown(generator: ModuleType) -> None:
    shown = "\n".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md"))
    for path in generator.BUILD_PLOTS:
        assert path in shown, f"{path} is drawn at build time but no page shows it"
