"""Output that cannot be written, and output that is not a terminal.

A full disk or a closed standard output ends any command with one ``error:`` line and exit
status 1, never a traceback and never a silent success; a replay written to a file or a pipe
keeps each told line whole, so that ``grep`` finds what the terminal shows.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from conftest import CASES

EXAMPLE = CASES / "waks_example.toml"
CLI = [sys.executable, "-m", "primero"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: The environment without a width asked for.
NO_COLUMNS = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}


def on_a_terminal(*args: str, columns: int) -> str:
    """The command's standard output on a pseudo-terminal ``columns`` wide, styles removed."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    proc = subprocess.Popen([*CLI, *args], stdout=slave, stderr=subprocess.PIPE,
                            env=NO_COLUMNS)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal's far side closed
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    return ANSI.sub("", b"".join(chunks).decode()).replace("\r\n", "\n")


@pytest.mark.parametrize("args", [
    ("replay", str(EXAMPLE)),
    ("replay", "--json", str(EXAMPLE)),
    ("evaluate", "7s", "6h", "Ad", "Kc"),
    ("variants",),
])
def test_a_full_disk_is_one_error_line_and_status_1(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*CLI, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    expected = "cannot write the output: No space left on device"
    assert lines in ([f"error: {expected}"], [f'{{"format": 1, "error": "{expected}"}}'])


@pytest.mark.parametrize("args", [("replay", str(EXAMPLE)), ("variants",)])
def test_a_closed_standard_output_is_one_error_line_and_status_1(args: tuple[str, ...]) -> None:
    done = subprocess.run([*CLI, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert done.stderr == "error: standard output is closed: nothing can be shown\n"


def test_a_replay_piped_is_the_replay_on_a_wide_terminal() -> None:
    piped = subprocess.run([*CLI, "replay", str(EXAMPLE)], capture_output=True, text=True,
                           timeout=120, env=NO_COLUMNS).stdout
    assert piped == on_a_terminal("replay", str(EXAMPLE), columns=200)
    # the showdown's sum, longer than 80 columns, is one line
    assert any(line.endswith("K♥ 10 = 65") and len(line) > 80 for line in piped.splitlines())


def test_a_replay_piped_wraps_to_the_columns_asked_for() -> None:
    piped = subprocess.run([*CLI, "replay", str(EXAMPLE)], capture_output=True, text=True,
                           timeout=120, env={**NO_COLUMNS, "COLUMNS": "60"}).stdout
    assert max(len(line) for line in piped.splitlines()[1:]) <= 60


def test_a_replay_with_huge_stacks_keeps_each_name_beside_its_chips(tmp_path: Path) -> None:
    text = EXAMPLE.read_text("utf-8").replace("chips = [50, 50, 50, 50]",
                                               "chips = 1000000000000000")
    assert text != EXAMPLE.read_text("utf-8")
    path = tmp_path / "rich.toml"
    path.write_text(text, "utf-8")
    out = subprocess.run([*CLI, "replay", str(path)], capture_output=True, text=True,
                         timeout=120, env=NO_COLUMNS).stdout
    assert any(re.search(r"Dan \d{15,16}$", line) for line in out.splitlines())
