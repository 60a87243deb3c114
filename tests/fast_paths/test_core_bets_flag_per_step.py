"""The deal's per-step flag of the engine's fast path for bets (``DealContext.core_bets``).

The engine sends a betting action straight to the core's betting code where the core alone
answers ``primero_apply_action`` and the step is not an exchange; the flag is worked out once
per deal context, one per index of ``context.steps`` (the step index plus one, with the ends
before the first step and after the last).
"""

from __future__ import annotations

from primero import start_deal
from primero.deal.engine import deal_context


def test_waks_bets_take_the_core_path_everywhere_but_the_exchange_and_the_ends() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=3)
    # plan: deal, bet, exchange, deal, bet, showdown
    assert state.context.core_bets == (False, True, True, False, True, True, True, False)


def test_a_variant_whose_plug_ins_apply_actions_never_takes_the_core_path() -> None:
    state = start_deal("cardano", ["Anna", "Ben"], 20, seed=3)
    assert state.context.core_bets == (False,) * 8


def test_a_seeded_deals_context_has_the_flags_a_new_context_works_out() -> None:
    for k in range(3):  # the first deal at a table, then deals from its template context
        state = start_deal("revival", ["Anna", "Ben", "Carla", "Dan"], 20, seed=k)
        fresh = deal_context(state.variant, state.setup)
        assert state.context.core_bets == fresh.core_bets == (False, True, True, True, True,
                                                              True, False)
