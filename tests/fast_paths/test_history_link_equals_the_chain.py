"""The engine's history link for a decision is the chain link the class makes.

``history_with`` makes a :class:`~primero.deal.state.HistoryChain` link without the class
call (the engine's fast path, one link a decision): it must hold the same parent, entry and
size as ``HistoryChain(parent, entry)``, with nothing built yet, and read back as the same
tuple, on a tuple history and on a chain alike.
"""

from __future__ import annotations

from primero.actions import Fold, Hold, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import HistoryChain, history_size, history_with, last_entry


def test_a_link_on_a_tuple_history_is_the_class_link() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=5)
    base = replace(state, history=((0, Vie(2)), (1, Hold())))
    entry = (2, Fold())
    link = history_with(base, entry)
    plain = HistoryChain(base.history, entry)
    assert type(link) is HistoryChain
    assert (link.parent, link.entry, link.size, link.items) == \
        (plain.parent, plain.entry, 3, None)
    assert link.as_tuple() == ((0, Vie(2)), (1, Hold()), (2, Fold()))
    assert link == plain and hash(link) == hash(plain)


def test_links_on_links_count_and_read_back_in_order() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 20, seed=8)
    entries = [(0, Vie(1)), (1, Hold(raise_by=2)), (0, Hold())]
    for entry in entries:
        state = replace(state, history=history_with(state, entry))
        assert last_entry(state) == entry
    assert history_size(state) == 3
    assert state.history == tuple(entries)
    assert not hasattr(state._history, "bound_at")  # set only by the engine's bound check
