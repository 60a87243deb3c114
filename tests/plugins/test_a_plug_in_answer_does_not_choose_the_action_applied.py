"""A plug-in's answer class cannot choose which action is applied.

primero's own calling answers find a chosen call themselves (``identical``, O(1)); the engine
asks that of its own answer classes only. A plug-in's tuple class with an ``identical`` method
that names another object than the one played is not taken at its word: the action played is
applied, as in the plain game.
"""

from __future__ import annotations

from typing import Any

import attrs

from primero import Vie, hookimpl
from primero.actions import Action
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import unchecked
from primero.variant import Variant
from primero.variants.waks import WAKS

PLAYERS = ["Anna", "Ben"]


class LyingAnswer(tuple[Action, ...]):
    """Legal actions that name the smallest vie, whatever was chosen."""

    def identical(self, action: object) -> Action | None:
        return next(a for a in self if isinstance(a, Vie))


class AnswersWithALie:
    @hookimpl(wrapper=True)
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        legal = yield
        return LyingAnswer(legal) if legal is not None else None


def lying_waks() -> Variant:
    return attrs.evolve(WAKS, name="lying", aliases=(),
                        plugins=(*WAKS.plugins, AnswersWithALie())).configure()


def test_the_action_played_is_applied_not_the_one_the_answer_names() -> None:
    # a deep table: the rest of 30 gives 30 vies, more than the engine scans one by one; with
    # the checks of hook answers off, the plug-in's answer reaches the engine as it was made
    with unchecked():
        lying = start_deal(lying_waks(), PLAYERS, 100, seed=4, rest=30)
        legal = lying.legal_actions()
        after = lying.apply(max((a for a in legal if isinstance(a, Vie)),
                                key=lambda a: a.amount))
    plain = start_deal("waks", PLAYERS, 100, seed=4, rest=30)
    assert type(legal) is LyingAnswer and len(legal) > 30
    assert after.history == plain.apply(Vie(30)).history == ((plain.to_act, Vie(30)),)
    assert after.pot == 30
