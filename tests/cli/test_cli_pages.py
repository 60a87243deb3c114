"""``primero --help`` and ``primero --version`` without click: the same pages, at once.

The quick pages (:mod:`primero.cli.pages`) must be click's pages word for word: the help at
every terminal width, against click's own ``get_help`` of the real app (every command module
imported); the version against :func:`primero.analysis.showdown_counter` in every state of
the kernel. And they must import neither click nor rich nor any command module.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest

import primero
from primero import native_kernel
from primero.analysis import _native, showdown_counter
from primero.analysis._native import build
from primero.cli import pages
from primero.cli.core import app
from primero.native_evaluator import evaluator_line
from primero.native_shuffle import shuffle_line
from primero.tensor_writes import encoder_line

KERNEL = Path(native_kernel.library_path())


def click_help() -> str:
    """The app's help as click lays it out now (``COLUMNS`` as the test set it)."""
    ctx = click.Context(app, info_name="primero", **app.context_settings)
    return app.get_help(ctx)


@pytest.mark.parametrize("columns", [*range(1, 131), 200, 1000])
def test_the_quick_help_is_click_s_help_at_every_width(columns: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", "24")
    assert pages.help_page() == click_help()
    assert pages.help_page(columns) == click_help()


def test_click_lists_every_command_with_the_table_s_one_line_help() -> None:
    listed = {name: command.get_short_help_str(1000) for name, command in app.commands.items()}
    assert listed == pages.SHORT_HELP
    assert sorted(pages.SHORT_HELP) == sorted(pages.COMMAND_MODULES)


def test_the_help_at_eighty_columns_word_for_word() -> None:
    assert pages.help_page(80) == (
        "Usage: primero [OPTIONS] COMMAND [ARGS]...\n"
        "\n"
        "  Primero, the Renaissance card game: variants, hand evaluation, exact hand\n"
        "  counts.\n"
        "\n"
        "Options:\n"
        "  --version   Print primero's version, which code counts showdown odds,\n"
        "              evaluates hands, writes tensors and shuffles seeded stocks, and\n"
        "              exit.\n"
        "  -h, --help  Show this message and exit.\n"
        "\n"
        "Commands:\n"
        "  compare      Compare variants side by side on the same seeds.\n"
        "  evaluate     Evaluate a four-card hand: class, points and why.\n"
        "  frequencies  Count the hands of each class in the pack.\n"
        "  match        Play one agent against another in duplicate.\n"
        "  odds         Exact draw odds of an exchange, or every discard ranked.\n"
        "  play         Play deals at the terminal against computer players.\n"
        "  replay       Replay a deal file and show how it ends.\n"
        "  rules        Print a variant's rules summary, options and sources.\n"
        "  simulate     Simulate deals between computer players and summarise them.\n"
        "  solve        Solve a heads-up game by CFR+ and print its exploitability.\n"
        "  variants     List the installed variants, their aliases and plug-ins.")


@pytest.mark.parametrize("text", [
    "Evaluate a four-card hand: class, points and why.",
    "List the installed variants, their aliases and plug-ins.",
    "re-deal a well-known ab-c-de x-ray so-so e-mail four-card-hand up-to-date",
])
@pytest.mark.parametrize("width", range(4, 90))
def test_words_are_wrapped_as_textwrap_wraps_them(text: str, width: int) -> None:
    wrapped = pages._wrap(text, width, "  ", "    ")
    expected = textwrap.TextWrapper(width, initial_indent="  ", subsequent_indent="    ",
                                    replace_whitespace=False).wrap(text)
    if wrapped is None:  # a word wider than a line after its indent: left to click
        assert max(len(word) for word in text.split()) > width - 4
    else:
        assert wrapped == expected


def test_the_help_texts_are_what_the_quick_wrapper_reads() -> None:
    """Single spaces, no tab, no ``--`` (textwrap's em-dash rule is not copied)."""
    for text in [pages.HELP, pages.VERSION_HELP, pages.HELP_OPTION_HELP,
                 *pages.SHORT_HELP.values()]:
        assert text == " ".join(text.split()) and "--" not in text and text.isprintable()


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-5", "77", " 90 ", "+66", "٨٠"])
def test_the_terminal_is_measured_as_shutil_measures_it(
        columns: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert pages.terminal_columns() == shutil.get_terminal_size().columns


# --- the version page ----------------------------------------------------------------------


@pytest.fixture
def kernel_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kernel looked for in an empty folder, by both the quick page and the analysis."""
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    target = tmp_path / build.LIBRARY_NAME
    monkeypatch.setattr(pages, "library_path", lambda: str(target))
    monkeypatch.setattr(_native, "library_path", lambda: target)
    _native.library.cache_clear()
    yield tmp_path
    _native.library.cache_clear()


def counter_line() -> str:
    return pages.version_page().splitlines()[1]


def test_the_version_page_names_the_version_and_the_counter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    first, second, third, fourth, fifth = pages.version_page().splitlines()
    assert first == f"primero {primero.__version__}"
    assert second == str(showdown_counter())
    assert third == evaluator_line()
    assert fourth == encoder_line()
    assert fifth == shuffle_line()


def test_the_version_page_with_the_switch_set_names_pure_code_on_every_line() -> None:
    # a fresh interpreter: the shuffle is chosen once per process, at its first use
    out, _ = _run("--version", PRIMERO_NO_NATIVE="1")
    assert out == (f"primero {primero.__version__}\n"
                   "showdown odds: numpy (PRIMERO_NO_NATIVE is set)\n"
                   "single hands: pure Python (PRIMERO_NO_NATIVE is set)\n"
                   "tensors: pure Python (PRIMERO_NO_NATIVE is set)\n"
                   "seeded stocks: pure Python (PRIMERO_NO_NATIVE is set)\n")


def test_the_version_page_names_the_compiled_shuffle_where_it_is_built() -> None:
    spec = importlib.util.find_spec("primero.compiled_shuffle")
    if spec is None or spec.origin is None:
        pytest.skip("no compiled shuffle in this install")
    out, _ = _run("--version", PRIMERO_NO_NATIVE="0")
    assert out.splitlines()[4] == f"seeded stocks: the native shuffle ({spec.origin})"


def test_the_version_page_reports_a_kernel_never_built(kernel_folder: Path) -> None:
    assert counter_line() == str(showdown_counter()) == (
        f"showdown odds: numpy (no compiled kernel {build.LIBRARY_NAME} beside primero: "
        "installed from a pure wheel or a source tree never built (pip install -e . "
        "compiles it))")
    (kernel_folder / native_kernel.STATUS_NAME).write_text("not built: no C compiler found\n")
    assert counter_line() == str(showdown_counter()) == (
        "showdown odds: numpy (the kernel was not built at install: no C compiler found)")


@pytest.mark.parametrize("damage", [b"\x7fELF not a library at all", b"not even ELF"])
def test_the_version_page_reports_a_damaged_kernel(kernel_folder: Path, damage: bytes) -> None:
    (kernel_folder / build.LIBRARY_NAME).write_bytes(damage)
    with pytest.warns(RuntimeWarning, match="does not load"):
        expected = str(showdown_counter())
    assert counter_line() == expected
    assert expected.startswith(f"showdown odds: numpy (the kernel {build.LIBRARY_NAME} does "
                               "not load: ")


def test_the_version_page_reports_a_truncated_kernel_without_loading_it(
        kernel_folder: Path) -> None:
    if not KERNEL.is_file():
        pytest.skip("no compiled kernel in this install")
    whole = KERNEL.read_bytes()
    (kernel_folder / build.LIBRARY_NAME).write_bytes(whole[:len(whole) // 2])
    assert counter_line() == (f"showdown odds: numpy (the kernel {build.LIBRARY_NAME} does "
                              f"not load: truncated: {len(whole) // 2} bytes, its headers "
                              f"need {len(whole)})")


def test_the_version_page_names_a_kernel_that_loads(kernel_folder: Path) -> None:
    if not KERNEL.is_file():
        pytest.skip("no compiled kernel in this install")
    target = kernel_folder / build.LIBRARY_NAME
    shutil.copyfile(KERNEL, target)
    assert counter_line() == str(showdown_counter()) == \
        f"showdown odds: the native kernel ({target})"


def test_the_kernel_is_named_as_the_build_names_it() -> None:
    hook = (Path(__file__).parents[2] / "hatch_build.py").read_text("utf-8")
    assert native_kernel.LIBRARY_NAME == build.LIBRARY_NAME == _native.LIBRARY_NAME
    assert f'STATUS_NAME = "{native_kernel.STATUS_NAME}"' in hook
    assert Path(native_kernel.library_path()) == _native.library_path()


# --- as a user runs them -------------------------------------------------------------------


def _run(*args: str, **env: str) -> tuple[str, list[str]]:
    """``primero ARGS`` through the entry point in a fresh interpreter: stdout, modules."""
    code = ("import sys\nfrom primero.cli import main\n"  # json would import re
            f"sys.argv = ['primero', *{list(args)!r}]\nmain()\n"
            "sys.stderr.write(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=True,
                          env={**os.environ, **env})
    return done.stdout, done.stderr.split()


#: What the two quick pages must not import.
HEAVY = ("click", "rich", "numpy", "typing", "re", "pathlib", "textwrap", "shutil",
         "importlib.metadata", "primero.cli.core", "primero.cli.reference", "primero.cli.game",
         "primero.cli.simulate", "primero.cli.compare", "primero.cli.odds", "primero.analysis")


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"]])
def test_the_quick_pages_import_neither_click_nor_rich_nor_a_command(args: list[str]) -> None:
    _, modules = _run(*args, COLUMNS="80")
    assert [m for m in HEAVY if m in modules] == []


@pytest.mark.parametrize("columns", ["50", "80", "123"])
def test_the_entry_point_prints_click_s_help(columns: str) -> None:
    out, _ = _run("--help", COLUMNS=columns)
    done = subprocess.run(
        [sys.executable, "-c", "from primero.cli.core import app; app(prog_name='primero')",
         "--help"], capture_output=True, text=True, encoding="utf-8", timeout=120,
        env={**os.environ, "COLUMNS": columns})
    assert out == done.stdout and out.startswith("Usage: primero [OPTIONS] COMMAND")


def test_the_entry_point_prints_click_s_version_page() -> None:
    out, _ = _run("--version")
    done = subprocess.run(
        [sys.executable, "-c", "from primero.cli.core import app; app(prog_name='primero')",
         "--version", "evaluate"], capture_output=True, text=True, encoding="utf-8",
        timeout=120)
    assert out == done.stdout
    assert out.splitlines()[0] == f"primero {primero.__version__}"
