"""Hostile input to check_agent_holds_up: no vacuous pass, named errors."""

from __future__ import annotations

import random

import pytest

from primero.actions import Action
from primero.errors import AgentFailedError, PrimeroError
from primero.testing.holds_up import check_agent_holds_up
from primero.views import PlayerView


class Raising:
    name = "raising"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        raise RuntimeError("boom")


@pytest.mark.parametrize("exploiters", [[], {}])
def test_no_exploiter_at_all_is_refused_not_passed(exploiters: object) -> None:
    with pytest.raises(PrimeroError, match="give at least one exploiter"):
        check_agent_holds_up("waks", "random", deals=2, exploiters=exploiters)  # type: ignore[arg-type]


def test_one_exploiter_name_as_text_is_one_name_not_its_letters() -> None:
    report = check_agent_holds_up("waks", "random", deals=2, exploiters="fold", strict=False)
    assert list(report.matches) == ["fold"]
    with pytest.raises(PrimeroError, match="unknown exploiter 'folder'"):
        check_agent_holds_up("waks", "random", deals=2, exploiters="folder")


def test_an_exploiter_factory_that_is_not_callable_is_named() -> None:
    with pytest.raises(PrimeroError, match="exploiter 'x' must be a factory"):
        check_agent_holds_up("waks", "random", deals=2, exploiters={"x": 5})  # type: ignore[dict-item]


def test_an_unknown_match_argument_is_a_primero_error_naming_it() -> None:
    with pytest.raises(PrimeroError, match="takes no argument 'foo'"):
        check_agent_holds_up("waks", "random", deals=2, foo=1)


def test_an_agent_that_raises_is_named_with_its_deal() -> None:
    with pytest.raises(AgentFailedError, match=r"the candidate \(raising\) raised RuntimeError"):
        check_agent_holds_up("waks", Raising(), deals=2, exploiters=["fold"])


def test_agent_and_variant_swapped_name_the_variant() -> None:
    with pytest.raises(PrimeroError, match="a variant is a Variant or its name, got Raising"):
        check_agent_holds_up(Raising(), "waks", deals=2)  # type: ignore[arg-type]
