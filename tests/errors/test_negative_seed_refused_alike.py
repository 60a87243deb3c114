"""A seed is a whole number from 0 wherever it enters: the API refuses ``-5`` as ``--seed`` does.

``start_deal`` and deal files always refused a negative seed (``random`` seeds with the absolute
value, so ``-1`` would deal the cards of ``1``); ``simulate``, ``compare``, ``Session`` and
``duplicate_match`` took one, while the command line refused it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cli_helpers import run
from primero import PrimeroError, Session, start_deal
from primero.analysis.duplicate import duplicate_match
from primero.setup import check_seed
from primero.simulation import compare, simulate, simulate_sessions
from primero.testing import check_agent_holds_up

MESSAGE = "seed must be at least 0, got -5"

CALLS: dict[str, Callable[[], object]] = {
    "start_deal": lambda: start_deal("waks", ["Anna", "Ben"], 10, seed=-5),
    "simulate": lambda: simulate("waks", players=2, deals=2, seed=-5),
    "simulate_sessions": lambda: simulate_sessions("waks", players=2, sessions=1, seed=-5),
    "compare": lambda: compare(["waks", "losing"], players=2, deals=2, seed=-5),
    "duplicate_match": lambda: duplicate_match("waks", "random", "random", deals=2, seed=-5),
    "check_agent_holds_up": lambda: check_agent_holds_up("waks", "random", deals=2, seed=-5),
    "Session.new": lambda: Session.new("waks", ["Anna", "Ben"], seed=-5),
}


@pytest.mark.parametrize("where", list(CALLS))
def test_a_negative_seed_is_refused_with_one_message(where: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        CALLS[where]()
    assert str(caught.value) == MESSAGE


def test_a_session_built_directly_refuses_a_negative_seed() -> None:
    good = Session.new("waks", ["Anna", "Ben"], seed=5)
    with pytest.raises(PrimeroError, match=r"^session seed must be at least 0, got -5$"):
        Session(variant=good.variant, players=good.players, chips=good.chips,
                dealer=good.dealer, table=good.table, seed=-5)


@pytest.mark.parametrize("verb", [("simulate", "-d", "2"), ("match", "random", "random"),
                                  ("play", "--auto")])
def test_the_command_line_refuses_the_same_seed(verb: tuple[str, ...]) -> None:
    result = run(*verb, "--seed", "-5")
    assert result.exit_code == 2
    assert result.stderr == "error: invalid value for '--seed': must be at least 0, got -5\n"


def test_check_seed_takes_zero_and_integral_types_as_plain_ints() -> None:
    assert check_seed(0) == 0
    assert type(check_seed(2 ** 70)) is int
    with pytest.raises(PrimeroError, match=r"^seed must be a whole number, got 1\.5$"):
        check_seed(1.5)
