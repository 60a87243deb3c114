"""The betting step for the batch: the core's Waks betting (docs/rules/waks.md), every deal at once.

Exactly :func:`primero.rules.betting.core_bet` and :func:`primero.rules.betting.open_round` on
arrays: a vie opens, a hold matches the round's highest total (a raise on top), a pass answers
a vie at most once (Waks), a fold gives up; all-in when short. The round ends when everyone
still in is level (all-in counts as level) or, before a vie, everyone able to act has acted;
folds before a vie that leave one player able to act beside an all-in player end the round as
a skipped round. The betting rules' flags (:class:`primero.variant.BettingRules`) come from
:class:`primero.batch.rules.BatchRules`.
"""

from __future__ import annotations

import numpy as np

from primero.batch.rules import BatchRules
from primero.batch.state import BatchState

__all__ = ["apply_bets", "open_round"]


def open_round(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """Start a betting round at ``rows``, or skip it if fewer than two players can act."""
    st.round_bet[rows] = 0
    st.passed[rows] = False
    st.acted[rows] = False
    st.high[rows] = 0
    st.opener[rows] = -1
    st.held[rows] = False
    st.bets[rows] = 0
    folded = st.folded[rows]
    stack = st.stack[rows]
    live = (~folded).sum(axis=1)
    able = ~folded & (stack > 0)
    skipped = (able.sum(axis=1) < 2) | (live < 2)
    st.skipped[rows] = skipped
    by_place = able[:, rules.order]
    first = rules.order[np.argmax(by_place, axis=1)]
    st.to_act[rows] = np.where(skipped, -1, first)


def apply_bets(rules: BatchRules, st: BatchState, rows: np.ndarray, ids: np.ndarray) -> None:
    """Apply the legal betting action ``ids`` of the seats to act at ``rows``; pass the turn.

    Args:
        rules: The batch's rules.
        st: The state (changed in place).
        rows: Deals in a betting round, each with a seat to act.
        ids: Each deal's action id (fold 0, pass 1, hold 2, vie, raise), already checked legal.
    """
    m = len(rows)
    line = np.arange(m)
    seat = st.to_act[rows]
    stack = st.stack[rows, seat]
    round_bet = st.round_bet[rows, seat]
    high = st.high[rows]
    opener = st.opener[rows]
    is_fold = ids == 0
    is_pass = ids == 1
    is_vie = (ids >= rules.vie) & (ids < rules.raise_)
    is_hold = (ids == 2) | (ids >= rules.raise_)
    raise_by = np.where(ids >= rules.raise_, ids - rules.raise_ + 1, 0)
    vie_by = np.where(is_vie, ids - rules.vie + 1, 0)
    owed = np.maximum(high - round_bet, 0)
    chips = np.where(is_vie, vie_by, np.where(is_hold, owed + raise_by, 0))
    chips = np.minimum(chips, stack)
    stack = stack - chips
    round_bet = round_bet + chips
    st.stack[rows, seat] = stack
    st.contributed[rows, seat] += chips
    st.round_bet[rows, seat] = round_bet
    st.acted[rows, seat] = True
    st.folded[rows, seat] |= is_fold
    st.passed[rows, seat] |= is_pass & (opener >= 0) & (high > round_bet)
    high = np.where(is_vie | (is_hold & (round_bet > high)), round_bet, high)
    opener = np.where(is_vie, seat, opener)
    st.high[rows] = high
    st.opener[rows] = opener
    held = st.held[rows]
    st.held[rows] = np.where(is_vie, False, held | is_hold)
    st.bets[rows] += is_vie | (raise_by > 0)
    # the round's end, or the next player able to act
    folded = st.folded[rows]
    stacks = st.stack[rows]
    in_ = ~folded
    live = in_.sum(axis=1)
    can = in_ & (stacks > 0)
    able = can.sum(axis=1)
    opened = opener >= 0
    level = (st.round_bet[rows] == high[:, None]) | (stacks == 0) | folded
    done_acting = st.acted[rows] | ~can
    complete = np.where(opened, level.all(axis=1), done_acting.all(axis=1))
    skip = is_fold & ~opened & (live > 1) & (able < 2)
    st.skipped[rows] |= skip
    n = rules.n
    nxt = np.full(m, -1)
    for k in range(n, 0, -1):  # the nearest seat after ``seat`` (wrapping) that can act
        other = (seat + k) % n
        nxt = np.where(can[line, other], other, nxt)
    st.to_act[rows] = np.where(skip | complete | (live <= 1), -1, nxt)
