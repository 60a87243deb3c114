"""``--json`` errors: one line ``{"format": 1, "error": ...}`` on stderr, the same exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import run
from primero.cli.core import app

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: Command lines that fail, one per command taking ``--json`` and per kind of error, with the
#: exit status and the message the text form prints after ``error: ``.
FAILING = [
    (("evaluate", "7h", "7h", "2c", "3c"), 1, "duplicate card 7h (7♥) in the hand"),
    (("evaluate", "7h"), 1, "a hand has exactly 4 cards; got 1: 7♥"),
    (("frequencies", "-V", "nosuch"), 1, "unknown variant 'nosuch'; known variants: "),
    (("simulate", "--players", "1"), 2, "invalid value for '--players': must be at least 2, "
                                         "got 1"),
    (("compare", "waks:tie=x", "--deals", "1"), 1, "option 'tie': bad value 'x'"),
    (("match", "random", "heuristic", "--deals", "1"), 2,
     "invalid value for '--deals': must be at least 2, got 1"),
    (("odds",), 2, "missing argument 'CARDS...' (see 'primero odds --help')"),
    (("replay", "no-such-deal.toml"), 1, "cannot read no-such-deal.toml"),
    (("variants", "extra"), 2, "got unexpected extra argument (extra)"),
    (("match", "clever", "odds"), 2, "invalid value for 'CANDIDATE': 'clever' is not one of "),
    (("match", "random", "random", "--deals", "1"), 2, "invalid value for '--deals': must be "
                                                       "at least 2, got 1"),
    (("match", "equilibrium", "random", "--deals", "2"), 1,
     "waks: its deal has an 'exchange' step (exchange); the solver takes only ante, deal, "
     "betting and showdown steps (no exchange)"),
]


@pytest.mark.parametrize(("args", "status", "message"), FAILING)
def test_a_json_command_reports_its_error_as_json_with_the_same_exit_status(
        args: tuple[str, ...], status: int, message: str) -> None:
    text = run(*args)
    assert text.exit_code == status
    assert text.stderr.startswith(f"error: {message}")
    assert text.stdout == ""
    result = run(*args, "--json")
    assert result.exit_code == status
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert list(answer) == ["format", "error"]
    # the same message as the text form, word for word
    assert answer["error"] == text.stderr.strip().removeprefix("error: ")


def test_json_given_before_the_other_arguments_counts_too() -> None:
    result = run("evaluate", "--json", "7h")
    assert result.exit_code == 1
    assert json.loads(result.stderr) == {"format": 1,
                                        "error": "a hand has exactly 4 cards; got 1: 7♥"}


def test_a_json_after_a_double_dash_is_an_argument_not_the_flag() -> None:
    result = run("simulate", "--", "--json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: got unexpected extra argument (--json)")


def test_a_command_without_json_keeps_the_text_error() -> None:
    result = run("rules", "nosuch", "--json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no such option '--json'")


def test_every_command_that_takes_json_is_among_the_tested_ones() -> None:
    with_json = sorted(name for name, command in app.commands.items()
                       if any(p.name == "json_output" for p in command.params))
    tested = sorted({args[0] for args, _, _ in FAILING})
    assert with_json == tested


def test_with_json_a_skipped_plugin_is_a_json_warning_line(tmp_path: Path) -> None:
    (tmp_path / "primero_boom").mkdir()
    (tmp_path / "primero_boom" / "__init__.py").write_text("import numpyy\n")
    meta = tmp_path / "primero_boom-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: primero-boom\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[primero]\nboom = primero_boom\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), SRC]))
    env.pop("PRIMERO_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTHONWARNINGS", None)
    run = subprocess.run([sys.executable, "-m", "primero", "variants", "--json"],
                         capture_output=True, text=True, env=env, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert [json.loads(line) for line in run.stderr.splitlines()] == [
        {"format": 1, "warning": "skipped the plug-in boom: importing 'primero_boom' failed: "
                                 "ModuleNotFoundError: No module named 'numpyy'"}]
    assert {"name": "boom", "broken": "plug-in boom: importing 'primero_boom' failed: "
            "ModuleNotFoundError: No module named 'numpyy'",
            "distribution": "primero-boom 0.1"} in json.loads(run.stdout)["variants"]
