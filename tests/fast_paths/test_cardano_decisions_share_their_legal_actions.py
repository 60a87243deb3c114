"""A Cardano decision neither builds nor checks its actions: one shared answer per situation.

Each vie and raise is spelt once per call above the standing call (over ``italian40``, 112
calls: 338 legal actions at the first decision). A decision in a situation met before (the same
betting facts, the same standing call), in another deal, gets the very same answer object:
no action is constructed and none is checked (the checked façade knows the answer by
identity). The reference for the answer itself: the actions written out from the rule, every
vie of 1 to the rest naming each call of the call book, with the pass and the fold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from primero import get_variant
from primero.actions import Call, Fold, Hold, Pass, Vie
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins import checks
from primero.plugins.deal import DealRules
from primero.variants.cardano import call_book

PLAYERS = ["Anna", "Ben"]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts of the actions constructed and of the checks of legal answers run."""
    counts = {"actions": 0, "checks": 0}

    def counting(method: Callable[..., Any], key: str) -> Callable[..., Any]:
        def counted_call(*args: Any, **kwargs: Any) -> Any:
            counts[key] += 1
            return method(*args, **kwargs)
        return counted_call

    for kind in (Vie, Hold, Pass, Fold):
        monkeypatch.setattr(kind, "__init__", counting(kind.__init__, "actions"))
    for name in ("legal_problem", "offered_problem"):
        monkeypatch.setattr(checks, name, counting(getattr(checks, name), "checks"))
    monkeypatch.setattr(DealRules, "_of_checked_bets",
                        counting(DealRules._of_checked_bets, "checks"))
    yield counts


def _first_decision(seed: int) -> GameState:
    return start_deal(get_variant("cardano"), PLAYERS, 20, dealer=1, seed=seed)


def test_the_first_decision_spells_every_vie_once_per_call() -> None:
    calls = call_book(get_variant("cardano").ranking).calls
    assert len(calls) == 112
    assert calls[0] == Call("Numerus", 20) and calls[-1] == Call("Chorus", 84)
    legal = _first_decision(1).legal_actions()
    written_out = [Pass(), *(Vie(amount, call) for amount in (1, 2, 3) for call in calls),
                   Fold()]
    assert list(legal) == written_out
    assert len(legal) == 338


def test_a_decision_met_before_gets_the_same_answer_and_builds_and_checks_nothing(
        counted: dict[str, int]) -> None:
    first = _first_decision(1)
    answer = first.legal_actions()
    vie = answer[5]  # vie 1 call Numerus 25
    after = first.apply(vie).legal_actions()
    # round 1's must-hold (docs/rules/waks.md): hold, or raise 1-3 naming one of the 107 calls
    # above Numerus 25; no fold
    assert len(after) == 1 + 3 * 107
    other = _first_decision(2)  # another deal: other cards, the same situation
    assert other.seats[0].hand != first.seats[0].hand
    counted["actions"] = counted["checks"] = 0
    assert other.legal_actions() is answer
    assert other.apply(vie).legal_actions() is after
    assert counted == {"actions": 0, "checks": 0}


def test_a_new_situation_is_spelt_and_checked_once(counted: dict[str, int]) -> None:
    # a table no other test plays (rest 7): its situations are new to the process
    def first_decision(seed: int) -> GameState:
        return start_deal(get_variant("cardano"), PLAYERS, 40, dealer=1, rest=7, seed=seed)

    first = first_decision(3)
    legal = first.legal_actions()
    assert len(legal) == 2 + 7 * 112
    vie = legal[-3]  # vie 7 call Chorus 72, the second highest call
    assert vie == Vie(7, Call("Chorus", 72))
    counted["actions"] = counted["checks"] = 0
    answer = first.apply(vie).legal_actions()
    assert list(answer) == [Hold(), *(Hold(k, Call("Chorus", 84)) for k in range(1, 8))]
    assert counted["checks"] >= 1
    counted["actions"] = counted["checks"] = 0
    second = first_decision(4)
    assert second.apply(second.legal_actions()[-3]).legal_actions() is answer
    assert counted == {"actions": 0, "checks": 0}
