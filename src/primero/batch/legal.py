"""Legal actions of every deal of a batch as a mask over the engine's action ids.

The ids are the engine's (:mod:`primero.action_space`): fold 0, pass 1, hold 2, then the vies
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
from primero.batch.state import BatchState

__all__ = ["legal_mask"]


def legal_mask(rules: BatchRules, st: BatchState) -> np.ndarray:
    """The legal ids of each deal's seat to act, ``(N, size)`` bool (a finished deal: none)."""
    deals = st.to_act.shape[0]
    mask = np.zeros((deals, rules.size), bool)
    acting = st.to_act >= 0
    kind = np.where(acting, rules.kinds[np.maximum(st.step, 0)], -1)
    bet = np.flatnonzero(kind == KIND_BET)
    if bet.size:
        _betting(rules, st, bet, mask)
    swap = np.flatnonzero(kind == KIND_EXCHANGE)
    if swap.size:
        held = st.hand_len[swap, st.to_act[swap]]
        ids = np.arange(1 << rules.hand)
        mask[swap, rules.exchange:rules.exchange + (1 << rules.hand)] = \
            ids[None, :] < (1 << held)[:, None]
    return mask


def _betting(rules: BatchRules, st: BatchState, rows: np.ndarray, mask: np.ndarray) -> None:
    """The betting actions of the deals at ``rows`` into ``mask``."""
    n = rules.n
    seat = st.to_act[rows]
    stack = st.stack[rows, seat]
    round_bet = st.round_bet[rows, seat]
    high = st.high[rows]
    opener = st.opener[rows]
    opened = opener >= 0
    owed = high - round_bet
    case1 = opened & (owed > 0)
    available = np.where(case1, stack - owed, stack)
    bound = np.zeros(len(rows), bool)
    if rules.must_hold_rounds:
        duty = opened & ~st.held[rows] & np.isin(rules.numbers[st.step[rows]],
                                                  rules.must_hold_rounds)
        if duty.any():
            can = ~st.folded[rows] & (st.stack[rows] > 0)
            line = np.arange(len(rows))
            found = np.full(len(rows), -1)
            for k in range(n - 1, 0, -1):  # the last seat before the vier that can act
                other = (opener - k) % n
                found = np.where(can[line, other], other, found)
            bound = duty & (found == seat)
    if rules.table.raise_cap is not None:
        available = np.where(st.bets[rows] >= rules.table.raise_cap, 0, available)
    may_pass = np.where(case1, rules.pass_answers_bet & ~(rules.pass_once & st.passed[rows, seat]),
                        True)
    stake, rest = rules.table.stake, rules.table.rest
    amounts = np.arange(1, rest + 1)
    short = available < stake
    sizes = np.where(short[:, None], amounts[None, :] == available[:, None],
                     (amounts[None, :] >= stake) & (amounts[None, :] <= available[:, None]))
    sizes &= (available > 0)[:, None]
    fold = rules.fold & ~bound
    # case 0 (nobody vied): pass, vies, fold; case 1 (owing): hold, raises, pass, fold;
    # case 2 (level): pass, raises, fold (a pass even when bound, as the core gives it)
    mask[rows, 0] = fold
    mask[rows, 1] = np.where(case1, may_pass & ~bound, True)
    mask[rows, 2] = case1
    mask[rows, rules.vie:rules.vie + rest] = sizes & ~opened[:, None]
    mask[rows, rules.raise_:rules.raise_ + rest] = sizes & opened[:, None]
