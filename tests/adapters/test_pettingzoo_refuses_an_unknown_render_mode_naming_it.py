"""An unknown ``render_mode`` is a :class:`~primero.errors.InvalidParameterError` naming it.

Every other bad argument of the environment is a ``PrimeroError`` whose ``parameter`` names
it; ``render_mode`` was a bare ``ValueError`` (which ``except PrimeroError`` missed). It is
still a ``ValueError``, as PettingZoo's own environments raise.
"""

from __future__ import annotations

import pytest

from primero.errors import InvalidParameterError
from primero.pettingzoo import env


@pytest.mark.parametrize(("mode", "shown"), [("x", "'x'"), (3, "3"), ("rgb_array", "'rgb_array'")])
def test_an_unknown_render_mode_is_refused_naming_the_parameter(mode: object,
                                                                shown: str) -> None:
    with pytest.raises(InvalidParameterError) as info:
        env(render_mode=mode)  # type: ignore[arg-type]
    assert info.value.parameter == "render_mode"
    assert str(info.value) == f"render_mode: None, 'ansi' or 'human', got {shown}"
    assert isinstance(info.value, ValueError)
