"""A value whose repr is huge or raises is named by its type in the API's errors, never whole."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cli_helpers import run
from primero.analysis import best_exchange, compare, draw_odds, duplicate_match, showdown_odds
from primero.errors import PrimeroError, named, typed_name
from primero.simulation.run import simulate


class Raising:
    """An object whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("repr failed")


class Huge:
    """An object whose repr is 100,000 characters."""

    def __repr__(self) -> str:
        return "H" * 100_000


def test_named_names_a_value_whose_repr_raises_by_its_type() -> None:
    assert named(Raising()) == "a Raising"


def test_typed_name_gives_the_type_and_a_short_value() -> None:
    assert typed_name(3) == "int 3"
    assert typed_name("10") == "str '10'"
    assert typed_name(Huge()) == "a Huge"
    assert typed_name(Raising()) == "a Raising"


CALLS: list[tuple[str, Callable[[object], object], str]] = [
    ("duplicate deals", lambda bad: duplicate_match("waks", "random", "random", deals=bad),
     "deals must be a whole number, got a {}"),
    ("duplicate agent", lambda bad: duplicate_match("waks", bad, "random", deals=2),
     "a {} is not an agent (it has no act(view, rng) method)"),
    ("simulate deals", lambda bad: simulate("waks", deals=bad),
     "deals must be a whole number, got a {}"),
    ("simulate agent", lambda bad: simulate("waks", deals=2, players=2, agents=bad),
     "a {} is not an agent (it has no act(view, rng) method)"),
    ("criterion", lambda bad: best_exchange("7s 6h Ad Kc", criterion=bad),  # type: ignore[arg-type]
     "unknown criterion a {}: use points, class or beat"),
    ("hand", lambda bad: draw_odds(bad),  # type: ignore[arg-type]
     "hand is a {}: give cards as text ('7h 6h') or a list of cards"),
    ("max_outcomes", lambda bad: showdown_odds(["7s 6h", "5d 4c"], max_outcomes=bad),  # type: ignore[arg-type]
     "max_outcomes is a {}: give a number of deals"),
]


@pytest.mark.parametrize(("what", "call", "message"), CALLS, ids=[c[0] for c in CALLS])
@pytest.mark.parametrize("kind", [Raising, Huge])
def test_an_odd_value_is_named_by_its_type(what: str, call: Callable[[object], object],
                                            message: str, kind: type) -> None:
    with pytest.raises(PrimeroError) as info:
        call(kind())
    assert str(info.value) == message.format(kind.__name__)


def test_long_text_is_named_by_its_start_and_length() -> None:
    with pytest.raises(PrimeroError) as info:
        compare("w" * 5000, deals=2)
    assert str(info.value).startswith(f"variants is one text {'w' * 40!r}... (5,000 characters)")
    assert len(str(info.value)) < 200


def test_compare_reads_agent_names_in_any_case_and_quotes_a_long_one_briefly() -> None:
    result = run("compare", "waks", "--agents", "RANDOM,Heuristic", "-d", "2", "-n", "2",
                 "--no-progress")
    assert result.exit_code == 0, result.output
    result = run("compare", "waks", "--agents", "x" * 500, "-d", "2", "--no-progress")
    assert result.stderr == (f"error: --agents: unknown agent {'x' * 40!r}... (500 characters); "
                             "known agents: random, heuristic, odds, search, equilibrium\n")


@pytest.mark.parametrize("verb", [("simulate", "-d", "1", "-n", "2", "-a", "RANDOM"),
                                  ("match", "Random", "HEURISTIC", "-d", "2"),
                                  ("play", "--auto", "-n", "2", "-a", "Random", "--seed", "1")])
def test_the_commands_read_agent_names_in_any_case(verb: tuple[str, ...]) -> None:
    result = run(*verb)
    assert result.exit_code == 0, result.output
