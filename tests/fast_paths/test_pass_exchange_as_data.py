"""A pass with an exchange given as data (``BettingRules.pass_exchange``) on the core's betting.

* The Waks game with ``pass_exchange=1`` (the fold kept, the Waks turn order): every legal
  action of every betting decision of random deals, applied on the engine's fast path
  (:func:`~primero.deal.fast_betting.core_bet` serving the pass's card), gives the very state
  the checked hooks give with every answer checked (the core's ``primero_apply_action``
  serving it through ``primero_serve_exchange``, the engine dealing the card owed).
* The field refuses what is not a number of cards a hand can exchange.
* Known gap, for the engine: a variant giving ``pass_exchange`` with no
  ``primero_legal_actions`` hook gets a seeded deal's first legal actions from the first deal
  at its table (the engine's start recipe keeps them, which a hand's passes do not allow).
"""

from __future__ import annotations

import random

import attrs
import pytest

from primero.actions import Pass
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.errors import InvalidOptionError
from primero.hookspecs import hookimpl
from primero.plugins.checks import checking_everything
from primero.variant import BettingRules, Variant
from primero.variants.suzuki import SUZUKI, SUZUKI_BETTING
from primero.variants.waks import WAKS
from state_facts import facts

PLAYERS = ["Anna", "Ben", "Carla"]


class CoreLegal:
    """A ``primero_legal_actions`` that leaves the answer to the core (no start recipe)."""

    @hookimpl
    def primero_legal_actions(self, state: object, variant: object) -> None:
        return None


def _waks_passing_one() -> Variant:
    return attrs.evolve(WAKS, name="wakspassone", aliases=(), plugins=(CoreLegal(),),
                        betting=BettingRules(pass_exchange=1)).configure()


def test_a_waks_pass_exchanging_one_card_served_fast_equals_the_checked_hooks() -> None:
    variant = _waks_passing_one()
    passes = 0
    for seed in range(12):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 2]
        state = start_deal(variant, players, [4, 20][seed % 2], seed=seed)
        while not state.over:
            legal = state.legal_actions()
            if state.step is not None and state.step.kind == "bet":
                assert not any(type(a) is Pass and not a.exchange for a in legal)
                for action in legal:
                    fast = state.apply(action)
                    with checking_everything():
                        checked = replace(state).apply(action)
                    assert facts(fast) == facts(checked)
                    passes += isinstance(action, Pass)
            state = state.apply(rng.choice(legal))
    assert passes > 50


@pytest.mark.parametrize("bad", [-1, 5, 1.5, True, "2"])
def test_pass_exchange_is_a_number_of_cards_from_0_to_4(bad: object) -> None:
    with pytest.raises(InvalidOptionError, match="pass_exchange must be a whole number"):
        BettingRules(pass_exchange=bad)  # type: ignore[arg-type]


def test_suzuki_is_its_betting_data() -> None:
    assert SUZUKI.betting is SUZUKI_BETTING
    assert (SUZUKI_BETTING.fold, SUZUKI_BETTING.raise_reopens_passes,
            SUZUKI_BETTING.pass_exchange, SUZUKI_BETTING.answer_once) == (False, True, 2, True)


def test_a_data_only_pass_exchange_variant_has_each_deals_own_first_legal_actions() -> None:
    variant = attrs.evolve(SUZUKI, name="suzukibare", aliases=(), plugins=()).configure()
    for seed in (1, 2, 3):
        state = start_deal(variant, PLAYERS, 20, seed=seed)
        with checking_everything():
            expected = start_deal(variant, PLAYERS, 20, seed=seed).legal_actions()
        assert state.legal_actions() == expected
