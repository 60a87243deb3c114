"""``primero replay``'s module and its plain output off a terminal.

The story printed off a terminal is written without rich; what rich's console prints for the
same text (off a terminal: no style) is the reference it must match, character for character.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text

import primero.cli.replay as replay_module
from conftest import CASES
from primero.cli.core import app, plain_text

EXAMPLE = CASES / "waks_example.toml"
BASE: dict[str, Any] = {k: v for k, v in tomllib.loads(EXAMPLE.read_text("utf-8")).items()
                        if k not in ("expect", "printed")}
#: No setting that makes rich print styles off a terminal.
PLAIN_ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}


def renamed(tmp_path: Path, name: str) -> Path:
    """The example deal with Anna renamed ``name``, as a deal file."""
    data = {**BASE, "players": [name, *BASE["players"][1:]],
            "actions": [a.replace("Anna", name) for a in BASE["actions"]]}
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps(data), "utf-8")
    return path


def told(path: Path, *, env: dict[str, str | None] | None = None) -> str:
    """``primero replay PATH``'s standard output (exit status 0)."""
    result = CliRunner().invoke(app, ["replay", str(path)], env={**PLAIN_ENV, **(env or {})})
    assert result.exit_code == 0, result.output
    return result.stdout


def rich_printed(*items: str | Text) -> str:
    """What a rich console off a terminal (as ``primero replay`` builds it) prints."""
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, markup=False, width=80)
    for item in items:
        console.print(item)
    return out.getvalue()


def test_replay_imports_neither_the_players_nor_numpy_nor_rich_off_a_terminal() -> None:
    code = ("import json, sys\nfrom primero.cli import main\n"
            f"sys.argv = ['primero', 'replay', {str(EXAMPLE)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    env = {k: v for k, v in os.environ.items() if k not in PLAIN_ENV}
    for _ in range(2):  # the first run may build the cached hand table (with numpy)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              encoding="utf-8", timeout=120, check=True, env=env)
    *lines, last = done.stdout.splitlines()
    modules = json.loads(last)
    assert lines[0] == "Waks English Primero — Anna, Ben, Carla, Dan; Dan deals"
    assert "primero.cli.replay" in modules
    assert [m for m in ("primero.agents", "primero.cli.game", "primero.session", "numpy",
                        "rich") if m in modules] == []


@pytest.mark.parametrize("name", ["Anna", "[bold]Anna", ":smile:", "A:thumbs_up:B", "Ännä"])
def test_replay_off_a_terminal_prints_what_the_rich_console_prints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    path = renamed(tmp_path, name)
    plain = told(path)
    monkeypatch.setattr(replay_module, "plain_stdout", lambda: False)  # through rich
    assert plain == told(path)
    assert plain.splitlines()[0] == f"Waks English Primero — {name}, Ben, Carla, Dan; Dan deals"


@pytest.mark.parametrize("text", [
    "plain line\nsecond line", "a bell\x07 and a backspace\x08", "form\x0cfeed\x0bvertical\r",
    "escape \x1b[1m kept", "trailing spaces   ", "  indented", "wide 漢字 and ♠♥♦♣", "",
    "[red]markup[/red] and [link]", "colon: one: two", "tab\there", ":smile: and :heart:",
    "a::b", "time 12:30:45",
])
def test_plain_text_is_what_the_console_prints_or_none(text: str) -> None:
    shown = plain_text(text)
    if shown is None:  # left to rich: it would expand a tab or read an emoji code
        assert "\t" in text or text.count(":") >= 2
    else:
        assert shown + "\n" == rich_printed(text)


def test_the_title_line_is_bold_where_colour_is_forced() -> None:
    out = told(EXAMPLE, env={"FORCE_COLOR": "1"})
    assert out.startswith("\x1b[1mWaks English Primero\x1b[0m — Anna, Ben, Carla, Dan")
    assert out.splitlines()[1:] == told(EXAMPLE).splitlines()[1:]


def test_an_unfinished_record_ends_with_its_note_in_both_outputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "part.toml"
    path.write_text(tomli_w.dumps({**BASE, "actions": BASE["actions"][:2]}), "utf-8")
    plain = told(path)
    assert plain.splitlines()[-2:] == ["Ben vies 2   (pot 2)",
                                       "(the record stops before the end of the deal)"]
    monkeypatch.setattr(replay_module, "plain_stdout", lambda: False)
    assert told(path) == plain
