"""The betting step for the batch: the core's Waks betting (docs/rules/waks.md), every deal at once.

Exactly :func:`primero.deal.fast_betting.core_bet` and :func:`primero.rules.betting.open_round` on
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
from primero.batch.state import BatchState, flat

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
    deals = st.to_act.shape[0]
    m = len(rows)
    seat = st.to_act[rows]
    at = seat * deals + rows  # (row, seat) in the flat seat-major views
    stack_f, bet_f, put_f = flat(st.stack), flat(st.round_bet), flat(st.contributed)
    stack = stack_f[at]
    round_bet = bet_f[at]
    high = st.high[rows]
    opener = st.opener[rows]
    is_fold = ids == 0
    is_pass = ids == 1
    is_vie = (ids >= rules.vie) & (ids < rules.raise_)
    is_raise = ids >= rules.raise_
    is_hold = (ids == 2) | is_raise
    raise_by = np.where(is_raise, ids - (rules.raise_ - 1), 0)
    owed = np.maximum(high - round_bet, 0)
    chips = np.where(is_vie, ids - (rules.vie - 1), np.where(is_hold, owed + raise_by, 0))
    chips = np.minimum(chips, stack)
    stack_f[at] = stack - chips
    round_bet = round_bet + chips
    bet_f[at] = round_bet
    put_f[at] += chips
    flat(st.acted)[at] = True
    folded_f = flat(st.folded)
    folded_f[at] |= is_fold
    passed_f = flat(st.passed)
    passed_f[at] |= is_pass & (opener >= 0) & (high > round_bet)
    high = np.where(is_vie | (is_hold & (round_bet > high)), round_bet, high)
    opener = np.where(is_vie, seat, opener)
    st.high[rows] = high
    st.opener[rows] = opener
    st.held[rows] = np.where(is_vie, False, st.held[rows] | is_hold)
    st.bets[rows] += is_vie | is_raise
    # the round's end, or the next player able to act: worked out on whole arrays (cheaper
    # than gathering the rows' seats), then read at the rows
    high_all, opener_all = st.high, st.opener
    in_ = ~st.folded
    can = in_ & (st.stack > 0)
    live = in_.sum(axis=1)[rows]
    able = can.sum(axis=1)[rows]
    opened = opener >= 0
    level = ((st.round_bet == high_all[:, None]) | (st.stack == 0) | st.folded).all(axis=1)
    acted_all = (st.acted | ~can).all(axis=1)
    complete = np.where(opener_all >= 0, level, acted_all)[rows]
    skip = is_fold & ~opened & (live > 1) & (able < 2)
    if skip.any():
        st.skipped[rows] |= skip
    n = rules.n
    can_f = can.ravel(order="F")
    nxt = np.full(m, -1)
    for k in range(n, 0, -1):  # the nearest seat after ``seat`` (wrapping) that can act
        other = (seat + k) % n
        nxt = np.where(can_f[other * deals + rows], other, nxt)
    st.to_act[rows] = np.where(skip | complete | (live <= 1), -1, nxt)
