"""The engine's fast paths give what the checked path gives, in every registered variant.

The independent reference is the checked path itself: with
:func:`~primero.plugins.checks.checking_everything` on, every hook goes through the plug-in
manager and every answer is checked (no fast path). Random deals of every variant, played by
action objects, by action ids and by action text, must pass through the same states, and an
illegal move at any decision must raise the same error (type, message and ``.legal``) and leave
the state as it was.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from primero import IllegalActionError, Variant, get_variant, registry
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import checking_everything

PLAYERS = ["Anna", "Ben", "Carla"]


def _facts(state: GameState) -> tuple[Any, ...]:
    settled = state.settlement
    settlement = None if settled is None else (
        tuple((a.seat, a.amount, a.value.key if a.value else None) for a in settled.awards),
        settled.returns, settled.carry, settled.reason)
    return (state.seats, state.stock, state.discards, state.step_index, state.to_act,
            state.high, state.opener, state.held, state.bets, state.skipped, state.over,
            state.ended_by, state.reshuffles, state.history, state.extras, settlement,
            state.pending, state.public_log, state.legal_actions(), state.legal_action_ids())


def _error(state: GameState, move: object) -> tuple[Any, ...] | None:
    """What applying ``move`` raises (``None``: it is legal), and that the state is kept."""
    before = pickle.dumps(state)
    try:
        state.apply(move)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        assert pickle.dumps(state) == before
        return type(exc), str(exc), exc.legal
    return None


def _play(name: str | Variant, seed: int, how: str) -> list[tuple[Any, ...]]:
    """Every state of one random deal of ``name`` and the errors of bad moves on the way."""
    variant = get_variant(name) if isinstance(name, str) else name
    rng = random.Random(seed)
    n = min(len(PLAYERS), variant.spec.players[1])  # three players where the variant allows
    chips = [4, 12, 30][:n] if seed % 3 == 0 else 30  # all-in deals too
    state = start_deal(variant, PLAYERS[:n], chips, dealer=seed % n, seed=seed,
                       rest=1 + seed % 3)
    seen = [_facts(state)]
    while not state.over:
        ids = state.legal_action_ids()
        unused = [i for i in range(state.action_space.size) if i not in ids]
        seen.append((_error(state, unused[rng.randrange(len(unused))]) if unused else None,
                     _error(state, "vie 999"), _error(state, state.action_space.size)))
        k = rng.randrange(len(ids))
        if how == "ids":
            move: object = ids[k]
        elif how == "text":
            move = str(state.legal_actions()[k])
        else:
            move = state.legal_actions()[k]
        state = state.apply(move)  # type: ignore[arg-type]
        seen.append(_facts(state))
    return seen


@pytest.mark.parametrize("name", registry().names())
@pytest.mark.parametrize("how", ["objects", "ids", "text"])
def test_fast_path_deals_and_errors_equal_the_checked_path(name: str, how: str) -> None:
    for seed in range(6):
        fast = _play(name, seed, how)
        with checking_everything():
            checked = _play(name, seed, how)
        assert fast == checked, (name, seed)


@pytest.mark.parametrize(("packets", "eldest_cards"), [(2, [0, 1, 6, 7]), (1, [0, 3, 6, 9])])
def test_revival_deals_packets_alike_by_the_core_and_the_checked_hook(
        packets: int, eldest_cards: list[int]) -> None:
    variant = get_variant("revival", deal_packets=packets)
    stock = variant.pack.cards
    # hand-worked: three players, the eldest (seat 0) first; with packets each player gets
    # two cards together, twice round; one at a time, four times round
    for checked in (False, True):
        if checked:
            with checking_everything():
                state = start_deal(variant, PLAYERS, 10, dealer=2, stock=stock)
        else:
            state = start_deal(variant, PLAYERS, 10, dealer=2, stock=stock)
        assert sorted(state.seats[0].hand, key=stock.index) == [stock[i] for i in eldest_cards]
    for seed in range(4):
        fast = _play(variant, seed, "objects")
        with checking_everything():
            checked_deal = _play(variant, seed, "objects")
        assert fast == checked_deal, seed
