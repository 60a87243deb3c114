"""Settling finished deals of a batch: layers, pots, ties and carry-over, every deal at once.

Exactly :func:`primero.rules.settling.core_settle` (and the revival game's tie policy) on arrays
(docs/rules/ties.md): the pot is cut into layers at every distinct contribution; chips that one
player alone put into a layer, and layers no player still in reaches, go back; adjacent layers
open to the same players still in form one pot, and each pot goes to the best hand among them
(one player left takes every pot unseen); a tie goes to the eldest, or is split with the odd
chips one by one from the eldest (the revival game: tied Primeros to the eldest). The carry-over
joins the lowest contested layer; a deal that ended with the pot staying (nobody vied in the
last round) carries everything but the returns.
"""

from __future__ import annotations

import numpy as np

from primero.batch.rules import BatchRules
from primero.batch.state import ENDED_CARRY, ENDED_FOLDS, ENDED_SHOWDOWN, BatchState

__all__ = ["settle", "strengths"]


def strengths(rules: BatchRules, hands: np.ndarray) -> np.ndarray:
    """The strength of each four-card hand (sorted pack positions), ``(..., 4)`` -> ``(...)``."""
    t = rules.terms
    index = hands[..., 0] + t[1][hands[..., 1]] + t[2][hands[..., 2]] + t[3][hands[..., 3]]
    return rules.strength[index]  # type: ignore[no-any-return]


def settle(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """Settle the finished deals at ``rows``: awards, returns, carry-over and final stacks."""
    ended = st.ended[rows]
    alone = ended == ENDED_FOLDS
    if alone.any():
        _settle_alone(rules, st, rows[alone])
    if alone.all():
        return
    rest = rows[~alone]
    c = st.contributed[rest]
    live = ~st.folded[rest]
    level = np.where(live, c, -1).max(axis=1)
    even = (np.where(live, c, level[:, None]) == level[:, None]).all(axis=1) \
        & (c <= level[:, None]).all(axis=1)
    if even.any():
        _settle_even(rules, st, rest[even])
    if not even.all():
        _settle(rules, st, rest[~even])


def _settle_even(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """Deals whose players still in put in the same chips and nobody more: one pot, no returns.

    Every layer is open to all of them, so they form one pot of every chip and the carry-over
    (the engine's ``_showdown_direct``): it stays on the table (a carry-over) or goes to the
    best hand, a tie shared by the tie policy.
    """
    n = rules.n
    m = len(rows)
    line = np.arange(m)
    pot = st.contributed[rows].sum(axis=1) + st.carry_in[rows]
    carry = st.ended[rows] == ENDED_CARRY
    live = ~st.folded[rows]
    full = np.minimum(st.hands[rows][:, :, :4], len(rules.pack) - 1)
    t = rules.terms
    index = full[..., 0] + t[1][full[..., 1]] + t[2][full[..., 2]] + t[3][full[..., 3]]
    index = np.minimum(index, len(rules.strength) - 1)
    score = np.where(live, rules.strength[index], -1)
    top = live & (score == score.max(axis=1)[:, None])
    k = top.sum(axis=1)
    dist = (np.arange(n) - rules.eldest) % n
    first = np.where(top, dist, n).argmin(axis=1)
    if rules.tie_eldest:
        to_eldest = np.ones(m, bool)
    elif rules.primero_eldest:
        to_eldest = rules.primero[index[line, first]]
    else:
        to_eldest = np.zeros(m, bool)
    to_eldest |= k <= 1
    whole = np.zeros((m, n), np.int64)
    whole[line, first] = pot
    safe = np.maximum(k, 1)
    base, odd = pot // safe, pot % safe
    rank = np.cumsum(top[:, rules.order], axis=1) - 1
    split = np.zeros((m, n), np.int64)
    split[:, rules.order] = np.where(top[:, rules.order], base[:, None] + (rank < odd[:, None]), 0)
    award = np.where(carry[:, None], 0, np.where(to_eldest[:, None], whole, split))
    st.award[rows] = award
    st.returned[rows] = 0
    st.carry_out[rows] = np.where(carry, pot, 0)
    st.showdown[rows] = ~carry
    st.stack[rows] += award


def _settle_alone(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """One player left takes every contested chip unseen (the engine's closed form).

    As :func:`primero.rules.settling.settle_direct` works it out.

    A level is contested up to the lower of the winner's contribution and the second-highest
    one; every chip above it goes back to whoever put it in; the carry-over goes to the winner.
    """
    c = st.contributed[rows]
    live = ~st.folded[rows]
    winner = live.argmax(axis=1)
    line = np.arange(len(rows))
    ordered = np.sort(c, axis=1)
    top = np.minimum(c[line, winner], ordered[:, -2])
    kept = np.minimum(c, top[:, None])
    award = np.zeros_like(c)
    award[line, winner] = kept.sum(axis=1) + st.carry_in[rows]
    returned = c - kept
    st.award[rows] = award
    st.returned[rows] = returned
    st.carry_out[rows] = 0
    st.showdown[rows] = False
    st.stack[rows] += award + returned


def _settle(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """:func:`settle` of deals that reached a showdown or carry the pot over."""
    n = rules.n
    m = len(rows)
    line = np.arange(m)
    c = st.contributed[rows]
    live = ~st.folded[rows]
    ended = st.ended[rows]
    shown = (ended == ENDED_SHOWDOWN) & (live.sum(axis=1) >= 2)
    power = np.zeros((m, n), np.int64)
    primero = np.zeros((m, n), bool)
    if shown.any():
        full = st.hands[rows][:, :, :4]
        safe = np.where(full < len(rules.pack), full, 0)
        t = rules.terms
        index = safe[..., 0] + t[1][safe[..., 1]] + t[2][safe[..., 2]] + t[3][safe[..., 3]]
        power = np.where(shown[:, None], rules.strength[index], 0)
        primero = rules.primero[index]
    dist = (np.arange(n) - rules.eldest) % n  # distance from the eldest, per seat
    order = rules.order
    bit = 1 << np.arange(n)
    levels = np.sort(c, axis=1)
    prev = np.zeros(m, np.int64)
    carry = st.carry_in[rows].copy()
    returned = np.zeros((m, n), np.int64)
    award = np.zeros((m, n), np.int64)
    pot = np.zeros(m, np.int64)
    pot_mask = np.zeros(m, np.int64)
    has_pot = np.zeros(m, bool)
    carry_end = ended == ENDED_CARRY

    def flush(which: np.ndarray) -> None:
        """Award the pots of the deals ``which`` (bool) to their best hands."""
        contenders = ((pot_mask[:, None] & bit) != 0) & which[:, None] & (pot > 0)[:, None]
        score = np.where(contenders, power, -1)
        best = score.max(axis=1)
        top = contenders & (score == best[:, None])
        k = top.sum(axis=1)
        eldest_first = np.where(top, dist, n).argmin(axis=1)
        if rules.tie_eldest:
            to_eldest = np.ones(m, bool)
        elif rules.primero_eldest:
            to_eldest = primero[line, eldest_first]
        else:
            to_eldest = np.zeros(m, bool)
        to_eldest = to_eldest | (k <= 1)
        whole = np.zeros((m, n), np.int64)
        whole[line, eldest_first] = pot
        safe_k = np.maximum(k, 1)
        base, odd = pot // safe_k, pot % safe_k
        rank = np.cumsum(top[:, order], axis=1) - 1  # place among the tied, from the eldest
        split_by_place = np.where(top[:, order], base[:, None] + (rank < odd[:, None]), 0)
        split = np.zeros((m, n), np.int64)
        split[:, order] = split_by_place
        share = np.where(to_eldest[:, None], whole, split)
        award[...] += np.where((which & (k > 0))[:, None], share, 0)

    for j in range(n):
        level = levels[:, j]
        active = level > prev
        funders = c > prev[:, None]
        chips = np.where(funders, np.minimum(c, level[:, None]) - prev[:, None], 0)
        amount = chips.sum(axis=1)
        reached = (c >= level[:, None]) & live
        back = active & ((funders.sum(axis=1) == 1) | ~reached.any(axis=1))
        returned += np.where(back[:, None], chips, 0)
        contested = active & ~back
        first = contested & ~has_pot
        amount = amount + np.where(first, carry, 0)
        carry = np.where(first, 0, carry)
        mask = (reached * bit).sum(axis=1)
        change = contested & has_pot & (mask != pot_mask)
        if change.any() and not carry_end.all():
            flush(change & ~carry_end)
        pot = np.where(change, 0, pot) + np.where(contested, amount, 0)
        pot_mask = np.where(contested, mask, pot_mask)
        has_pot |= contested
        prev = np.where(active, level, prev)
    # nobody put chips in a contested layer: the carry is the only pot, open to all still in
    alone = ~has_pot
    pot = np.where(alone, carry, pot)
    pot_mask = np.where(alone, (live * bit).sum(axis=1), pot_mask)
    carry = np.where(alone, 0, carry)
    flush(~carry_end)
    total = c.sum(axis=1) + st.carry_in[rows]
    carry_out = total - returned.sum(axis=1) - award.sum(axis=1)
    st.award[rows] = award
    st.returned[rows] = returned
    st.carry_out[rows] = carry_out
    st.showdown[rows] = shown
    st.stack[rows] += award + returned
