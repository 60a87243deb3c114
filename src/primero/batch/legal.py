"""Legal actions of every deal of a batch as a mask over the engine's action ids.

The ids are the engine's (:mod:`primero.deal.action_space`): fold 0, pass 1, hold 2, then the vies
of 1..rest chips, the raises of 1..rest chips, and the exchanges by the discarded cards' bit
mask over the hand in canonical order. The betting actions are those of
:func:`primero.rules.betting.core_legal_actions`: before a vie pass, vie (stake..rest, or all
that is left when short) and fold; owing chips hold, raise, pass (once, where a pass answers a
vie) and fold; level while others owe pass, raise and fold; the player bound by the must-hold
duty may neither pass nor fold while owing; the raise cap (a house rule) stops vies and raises.
An exchange may discard any subset of the hand.
"""

from __future__ import annotations

import numpy as np

from primero.batch.rules import KIND_BET, KIND_EXCHANGE, BatchRules
from primero.batch.state import BatchState, flat

__all__ = ["legal_mask"]


def legal_mask(rules: BatchRules, st: BatchState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The legal ids of each deal's seat to act (a finished deal: none).

    Returns:
        ``(mask, low, span)``: ``mask`` the ``(N, size)`` bool mask (id columns contiguous);
        beyond ids 0..2 (fold, pass, hold) the legal ids of a deal are one run,
        ``low .. low + span - 1`` (vies, raises or exchanges; ``span`` 0: none), ``(N,)`` each.
    """
    deals = st.to_act.shape[0]
    mask = np.zeros((deals, rules.size), bool, order="F")
    low = np.zeros(deals, np.int64)
    span = np.zeros(deals, np.int64)
    acting = st.to_act >= 0
    kind = np.where(acting, rules.kinds[np.maximum(st.step, 0)], -1)
    is_bet = kind == KIND_BET
    if is_bet.all():
        _betting(rules, st, None, mask, low, span)
    elif is_bet.any():
        _betting(rules, st, np.flatnonzero(is_bet), mask, low, span)
    swap = np.flatnonzero(kind == KIND_EXCHANGE)
    if swap.size:
        held = flat(st.hand_len)[st.to_act[swap] * deals + swap]
        count = np.left_shift(1, held)
        for k in range(int(count.max())):  # (the ids past the largest hand stay False)
            mask[swap, rules.exchange + k] = k < count
        low[swap] = rules.exchange
        span[swap] = count
    return mask, low, span


def _betting(rules: BatchRules, st: BatchState, rows: np.ndarray | None, mask: np.ndarray,
             low: np.ndarray, span: np.ndarray) -> None:
    """The betting actions of the deals at ``rows`` (``None``: every deal) into the arrays."""
    n = rules.n
    deals = st.to_act.shape[0]
    every = rows is None
    at_rows: np.ndarray | slice = slice(None) if rows is None else rows
    line = np.arange(deals) if rows is None else rows
    seat = st.to_act[at_rows]
    at = seat * deals + line
    stack = flat(st.stack)[at]
    round_bet = flat(st.round_bet)[at]
    high = st.high[at_rows]
    opener = st.opener[at_rows]
    opened = opener >= 0
    owed = high - round_bet
    case1 = opened & (owed > 0)
    available = np.where(case1, stack - owed, stack)
    bound: np.ndarray | bool = False
    if rules.must_hold_rounds:
        duty = opened & ~st.held[at_rows] & rules.must_hold[st.step[at_rows]]
        if duty.any():
            can = ~st.folded & (st.stack > 0) if every else \
                ~st.folded[line] & (st.stack[line] > 0)
            can_f = can.ravel(order="F")
            m = len(seat)
            place = np.arange(m)
            found = np.full(m, -1)
            for k in range(n - 1, 0, -1):  # the last seat before the vier that can act
                other = (opener - k) % n
                found = np.where(can_f[other * m + place], other, found)
            bound = duty & (found == seat)
    if rules.table.raise_cap is not None:
        available = np.where(st.bets[at_rows] >= rules.table.raise_cap, 0, available)
    passed = flat(st.passed)[at]
    may_pass = np.where(case1, rules.pass_answers_bet & ~(rules.pass_once & passed), True)
    stake, rest = rules.table.stake, rules.table.rest
    top = np.minimum(available, rest)
    first = np.where(available < stake, available, stake)  # all that is left when short
    count = np.where(available > 0, top - first + 1, 0)
    block = np.where(opened, rules.raise_, rules.vie)
    fold = rules.fold & ~np.asarray(bound)
    # case 0 (nobody vied): pass, vies, fold; case 1 (owing): hold, raises, pass, fold;
    # case 2 (level): pass, raises, fold (a pass even when bound, as the core gives it)
    mask[at_rows, 0] = fold
    mask[at_rows, 1] = np.where(case1, may_pass & ~np.asarray(bound), True)
    mask[at_rows, 2] = case1
    for a in range(1, rest + 1):
        inside = (a >= first) & (a <= top) & (count > 0)
        mask[at_rows, rules.vie + a - 1] = inside & ~opened
        mask[at_rows, rules.raise_ + a - 1] = inside & opened
    low[at_rows] = block + first - 1
    span[at_rows] = count
