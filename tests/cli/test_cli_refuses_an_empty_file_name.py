"""An empty file name is a usage error naming the option, never the current directory."""

from __future__ import annotations

import pytest

from cli_helpers import run


@pytest.mark.parametrize(("args", "option"), [
    (("replay", ""), "FILE"),
    (("play", "--auto", "-n", "2", "--save", ""), "--save"),
    (("compare", "waks", "-d", "2", "--plot", ""), "--plot"),
])
def test_an_empty_file_name_is_refused_by_name(args: tuple[str, ...], option: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr == (f"error: invalid value for '{option}': an empty file name: give "
                             "a file's path\n")
