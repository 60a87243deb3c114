"""The kit's entry refuses bad arguments by name, quoting a long one by its start."""

from __future__ import annotations

import pytest

from primero.errors import PrimeroError
from primero.testing import run_deal_machine, variant_state_machine


@pytest.mark.parametrize("settings", [5, {"max_examples": 2}])
def test_settings_that_are_not_hypothesis_settings_are_refused(settings: object) -> None:
    with pytest.raises(PrimeroError, match=r"^settings must be a hypothesis\.settings \(e\.g\. "
                                           r"settings\(max_examples=20\)\), got (int|dict) "):
        run_deal_machine("toy", settings=settings)


def test_a_long_time_budget_text_is_quoted_by_its_start() -> None:
    with pytest.raises(PrimeroError) as info:
        variant_state_machine("toy", time_budget="x" * 500)  # type: ignore[arg-type]
    assert str(info.value) == ("time_budget must be a number of seconds > 0, got "
                               f"{'x' * 40!r}... (500 characters)")
