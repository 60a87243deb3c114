"""Cardano's legal answers know where their calls are: O(1) identity finds, ranges of a whole.

A Cardano answer spells each vie and raise once per call above the standing call; it is
made of the tails of shared rows of spellings, so it finds a chosen action by its place
(:meth:`CallActions.identical`) and says which ranges of the answer under no standing call
it is (:meth:`CallActions.sliced_from`), which the checked rules verify rather than take.
References: the tuple itself read by identity (every object of the answer, and no other),
the ranges written out by hand for the must-hold answer after ``vie 1 call Numerus 25``, and
the checked hook's fault for an answer whose claim does not hold.
"""

from __future__ import annotations

import random

import attrs
import pytest

from primero import PluginError, get_variant, hookimpl
from primero.actions import Action, Call, Hold, Vie
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.manager import answer_wrapper
from primero.variant import Variant
from primero.variants.cardano import CallActions, call_book

NAMES = ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize("players", [2, 4])
def test_identical_finds_exactly_the_answers_own_objects(players: int) -> None:
    variant = get_variant("cardano")
    rng = random.Random(5)
    seen = 0
    for seed in range(10):
        state = start_deal(variant, NAMES[:players], 30, dealer=seed % players, seed=seed)
        previous: tuple[Action, ...] = ()
        while not state.over:
            legal = state.legal_actions()
            if isinstance(legal, CallActions):
                seen += 1
                for action in legal:
                    assert legal.identical(action) is action
                for action in previous:  # the last answer's objects: found iff listed here
                    listed = any(candidate is action for candidate in legal)
                    assert (legal.identical(action) is action) is listed
                    if not listed:
                        assert legal.identical(action) is None
                for action in legal[:3] + legal[-3:]:  # an equal copy is not the object
                    copy = attrs.evolve(action)
                    assert legal.identical(copy) is None
                    assert copy in legal
            previous = legal
            state = state.apply(rng.choice(legal))
    assert seen > 20


def test_the_must_hold_answer_is_four_ranges_of_the_whole_answer() -> None:
    state = start_deal(get_variant("cardano"), NAMES[:2], 20, dealer=1, seed=1)
    whole = state.legal_actions()  # no standing call: every call (docs/rules/cardano.md)
    calls = call_book(get_variant("cardano").ranking).calls
    assert len(calls) == 112 and calls[4] == Call("Numerus", 25)
    vie = whole[5]
    assert vie == Vie(1, Call("Numerus", 25))
    answer = state.apply(vie).legal_actions()
    # hold, or raise 1-3 naming a call above Numerus 25 (the calls from the sixth on)
    assert list(answer) == [Hold(), *(Hold(k, c) for k in (1, 2, 3) for c in calls[5:])]
    claim = answer.sliced_from()
    assert claim is not None
    made_of, spans = claim
    # the whole answer of the same core answer: hold, raise 1-3 naming every call
    assert list(made_of) == [Hold(), *(Hold(k, c) for k in (1, 2, 3) for c in calls)]
    assert spans == ((0, 1), (6, 113), (118, 225), (230, 337))
    assert whole.sliced_from() is None  # the whole answer itself


class _Twice(CallActions):
    """An answer claiming the ranges of a whole answer while holding one action twice."""

    def sliced_from(self) -> tuple[tuple[Action, ...], tuple[tuple[int, int], ...]] | None:
        return self._claim  # type: ignore[attr-defined,no-any-return]


class _ListsOneTwice:
    """A house rule returning Cardano's answer with one action listed twice, as ranges.

    ``longer``: the last action added again (the ranges' length differs); else the first
    action in place of the last (the same length, other objects).
    """

    def __init__(self, longer: bool) -> None:
        self.longer = longer

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...], state: GameState) \
            -> tuple[Action, ...]:
        if not isinstance(answer, CallActions) or answer.sliced_from() is None:
            return answer
        forged = _Twice((*answer, answer[-1]) if self.longer else (*answer[:-1], answer[0]))
        forged._claim = answer.sliced_from()  # type: ignore[attr-defined]
        return forged


@pytest.mark.parametrize("longer", [True, False])
def test_an_answer_whose_ranges_claim_does_not_hold_is_checked_and_named(longer: bool) -> None:
    base = get_variant("cardano")
    variant = Variant(spec=base.spec, settings=base.settings,
                      house_rules=(_ListsOneTwice(longer),))
    state = start_deal(variant, NAMES[:2], 20, dealer=1, seed=1)
    after = state.apply(state.legal_actions()[5])  # a standing call: an answer of ranges
    with pytest.raises(PluginError, match="twice"):
        after.legal_actions()
