"""A long deal's history: a tuple to readers, shared between states, never copied per action.

A deal at a deep table can run to tens of thousands of actions (a raising war of one chip at
a time). Each state shares the history of the state before it and adds one entry, so an
action costs the same however long the deal has run; readers of ``state.history`` see a
tuple of every ``(seat, action)`` in order.
"""

from __future__ import annotations

import pickle
import tracemalloc
from itertools import pairwise

import attrs
import pytest

from primero.actions import Fold, Hold, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState, history_size, last_entry
from primero.errors import RecordError
from primero.records import record_from_state, replay, replay_states

PLAYERS = ["Anna", "Ben"]


def _raising_war(actions: int) -> list[GameState]:
    """Every state of a two-player Waks deal at a deep table where everyone raises by one."""
    state = start_deal("waks", PLAYERS, 10**6, seed=3, rest=1)
    states = [state]
    while len(states) <= actions:
        legal = state.legal_actions()
        raising = [a for a in legal if isinstance(a, Vie)
                   or (isinstance(a, Hold) and a.raise_by)]
        state = state.apply(raising[0] if raising else
                            next(a for a in legal if not isinstance(a, Fold)))
        states.append(state)
    return states


def test_the_history_is_a_tuple_of_every_action_in_order() -> None:
    states = _raising_war(300)
    last = states[-1]
    assert type(last.history) is tuple
    assert len(last.history) == history_size(last) == 300
    # the first round: Anna vies 1, then they raise by one in turn, never stopping
    assert last.history[0] == (0, Vie(amount=1))
    assert last.history[1:4] == ((1, Hold(raise_by=1)), (0, Hold(raise_by=1)),
                                 (1, Hold(raise_by=1)))
    for before, after in pairwise(states):
        assert after.history[:-1] == before.history
        assert last_entry(after) == after.history[-1]
    assert last_entry(states[0]) is None and states[0].history == ()


def test_an_action_late_in_a_long_deal_allocates_no_more_than_an_early_one() -> None:
    states = _raising_war(4000)

    def allocated(state: GameState) -> int:
        action = state.legal_actions()[-1]
        state.apply(action)  # warm the shared caches first
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        after = state.apply(action)
        taken = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before,
                                                                               "filename"))
        tracemalloc.stop()
        del after
        return taken

    early, late = allocated(states[10]), allocated(states[4000])
    # a copied history of 4,000 entries would be 32,000 bytes more (8 bytes a pointer)
    assert late < early + 8_000


def test_states_with_a_chained_and_a_tuple_history_are_equal_and_hash_alike() -> None:
    last = _raising_war(50)[-1]
    plain = replace(last, history=tuple(last.history))
    assert plain == last and hash(plain) == hash(last)
    assert attrs.evolve(last, history=last.history[:-1]) != last
    assert replace(last, history=last.history[:-1]).history == last.history[:-1]


def test_a_long_deal_pickles_and_replays_to_the_same_state() -> None:
    last = _raising_war(3000)[-1]
    again = pickle.loads(pickle.dumps(last))
    assert again == last and again.history == last.history
    assert replay(record_from_state(last)) == last


def test_replay_states_are_the_deal_s_states_in_order_each_action_applied_once() -> None:
    states = _raising_war(200)
    record = record_from_state(states[-1])
    replayed = list(replay_states(record))
    assert replayed == states
    assert replayed[-1] == replay(record)
    assert list(replay_states(record, stop_after=3)) == states[:4]


def test_replay_states_stop_with_the_error_after_the_good_states() -> None:
    states = _raising_war(5)
    record = record_from_state(states[-1])
    bad = attrs.evolve(record, actions=(*record.actions[:2], ("Anna", "exchange 7s")))
    told = []
    with pytest.raises(RecordError, match=r"^action 3 'Anna exchange 7s': "):
        told.extend(replay_states(bad))
    assert told == states[:3]
