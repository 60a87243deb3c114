"""A table whose deals can have no start recipe is remembered as such; its deals are unchanged.

The engine keeps a start recipe only where the core alone answers the hooks of the steps
before the first decision (``primero_deal_cards``, ``primero_start_step``,
``primero_end_step``). Primiera answers ``primero_start_step`` itself, so its tables never
have one: the engine remembers that after the first deal and looks no more. Waks's steps
are the core's: its table gets a recipe, never the mark. The reference for Primiera's deals
is the same deal started with the mark forgotten (a recipe looked for again).
"""

from __future__ import annotations

import random

from primero import get_variant
from primero.deal import engine
from primero.deal.engine import start_deal
from primero.deal.state import GameState


def _played(variant_name: str, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = start_deal(get_variant(variant_name), ["Anna", "Ben", "Carla"], 40,
                       dealer=seed % 3, seed=seed)
    states = [state]
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_a_primiera_table_is_marked_as_having_no_recipe() -> None:
    first = _played("primiera", 1)[0]
    table_ids = [key for key, (table, variant) in engine._NO_STARTS.items()
                 if variant is first.variant]
    assert table_ids
    assert not any(recipe.variant is first.variant for recipe in engine._STARTS.values())


def test_a_waks_table_gets_a_recipe_and_no_mark() -> None:
    first = _played("waks", 1)[0]
    assert any(recipe.variant is first.variant for recipe in engine._STARTS.values())
    assert not any(variant is first.variant for _table, variant in engine._NO_STARTS.values())


def test_primiera_deals_at_a_marked_table_equal_those_with_the_mark_forgotten() -> None:
    for seed in range(60):
        _played("primiera", seed)  # (the table marked)
        marked = _played("primiera", seed)
        engine._NO_STARTS.clear()
        forgotten = _played("primiera", seed)
        assert marked == forgotten
        assert [s.seats for s in marked] == [s.seats for s in forgotten]
        assert marked[-1].settlement == forgotten[-1].settlement
