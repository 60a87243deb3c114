"""A file name the command prints back is escaped: an escape sequence in it is shown, not obeyed.

Error lines escaped control characters already, but the success lines "deal saved to FILE"
and "Plot saved to FILE" sent a file name holding ESC to the terminal as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import run

#: A file name that would turn a terminal's text red.
RED = "s\x1b[31mq"


def test_play_names_the_saved_file_with_its_escape_shown(tmp_path: Path) -> None:
    target = tmp_path / f"{RED}.toml"
    result = run("play", "--auto", "--seed", "1", "--save", str(target))
    assert result.exit_code == 0
    assert result.stdout.endswith(f"deal saved to {tmp_path}/s\\x1b[31mq.toml\n")
    assert "\x1b" not in result.stdout
    assert target.is_file()


def test_compare_names_the_saved_plot_with_its_escape_shown(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / f"{RED}.png"
    result = run("compare", "waks", "cardano", "--deals", "2", "--no-progress", "--plot",
                 str(target))
    assert result.exit_code == 0
    assert result.stdout.endswith(f"Plot saved to {tmp_path}/s\\x1b[31mq.png\n")
    assert "\x1b" not in result.stdout
    assert target.is_file()
