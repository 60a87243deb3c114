"""The batch's state: N deals as arrays, one row per deal (:class:`BatchState`).

Cards are pack positions (indices into ``variant.pack.cards``); a hand is kept sorted, so its
order is the canonical order exchange ids read it in (``primero.deal.action_space.canonical_hand``),
with empty places holding the pack's size. Chips are whole chips.
"""

from __future__ import annotations

import numpy as np

__all__ = ["ENDED_CARRY", "ENDED_FOLDS", "ENDED_NOT", "ENDED_SHOWDOWN", "BatchState", "flat"]

#: How a deal ended (``BatchState.ended``): not yet, one player left, carry-over, showdown.
ENDED_NOT, ENDED_FOLDS, ENDED_CARRY, ENDED_SHOWDOWN = 0, 1, 2, 3


def flat(a: np.ndarray) -> np.ndarray:
    """A per-seat array ``(N, n)`` (seat columns contiguous) as one flat view, seat-major.

    Element ``(row, seat)`` is at ``seat * N + row``: one seat per deal is read or written with
    a one-dimensional index, much faster than a two-dimensional one.
    """
    view = a.ravel(order="F")
    assert view.base is not None or a.size == 0  # (a view: writes reach ``a``)
    return view


class BatchState:
    """The arrays of N deals at ``n`` seats (shapes given as ``(N, n)`` etc.).

    Attributes:
        chips: Stacks at the start of the deal, ``(N, n)``.
        carry_in: Chips carried into each deal's pot, ``(N,)``.
        seeds: Each deal's seed (its reshuffles' seed; the shuffle's for a seeded deal), a list.
        seeded: Whether each deal's stock is the one its seed shuffles (``start_deal(seed=)``).
        stock: The whole stock order as dealt from, top first, ``(N, P)`` pack positions.
        original: The stock before any card was dealt (the record's), ``(N, P)``.
        top: The next card's place in ``stock``, ``(N,)``; ``stock_len`` its length.
        discarded: Cards in the discards, ``(N, P + 1)`` bool (the last column is spare).
        hands: Each hand's cards sorted, ``(N, n, H)``; ``hand_len`` how many, ``(N, n)``.
        stack, contributed, round_bet: Chips, ``(N, n)``.
        folded, passed, acted: Per seat flags, ``(N, n)``.
        step: The plan step each deal is at, ``(N,)``; ``-1`` before the first.
        to_act: The seat to act, ``-1`` for nobody, ``(N,)``.
        high, opener, held, bets, skipped: The betting round's state (``opener`` ``-1``: none).
        ended: How each deal ended (``ENDED_*``), ``(N,)``.
        award, returned: Chips each seat takes and takes back at the settlement, ``(N, n)``.
        carry_out: Chips left on the table, ``(N,)``.
        showdown: Whether hands were shown, ``(N,)``.
        hist_seat, hist_id, hist_disc: Each deal's actions: the seat, the action id, and for an
            exchange the discarded cards as a bit mask of pack positions, ``(N, L)``;
            ``hist_len`` how many, ``(N,)``.
        reshuffles: Per deal with a reshuffle, its new stock orders (pack positions), by row.
    """

    __slots__ = ("acted", "award", "bets", "carry_in", "carry_out", "chips", "contributed",
                 "discarded", "ended", "folded", "hand_len", "hands", "held", "high",
                 "hist_disc", "hist_id", "hist_len", "hist_seat", "opener", "original", "passed",
                 "reshuffles", "returned", "round_bet", "seeded", "seeds", "showdown", "skipped",
                 "stack", "step", "stock", "stock_len", "to_act", "top")

    def __init__(self, deals: int, n: int, pack: int, hand: int) -> None:
        i64 = np.int64

        def seats(kind: type, fill: int = 0) -> np.ndarray:
            """A per-seat array ``(N, n)``, seat columns contiguous (reductions over seats)."""
            return np.full((deals, n), fill, kind, order="F")

        self.chips = seats(i64)
        self.carry_in = np.zeros(deals, i64)
        self.seeds: list[int] = [0] * deals
        self.seeded = np.zeros(deals, bool)
        self.stock = np.zeros((deals, pack), i64)
        self.original = np.zeros((deals, pack), i64)
        self.top = np.zeros(deals, i64)
        self.stock_len = np.full(deals, pack, i64)
        self.discarded = np.zeros((deals, pack + 1), bool)  # (a spare column, never read)
        self.hands = np.full((deals, n, hand), pack, i64, order="F")
        self.hand_len = seats(i64)
        self.stack = seats(i64)
        self.contributed = seats(i64)
        self.round_bet = seats(i64)
        self.folded = seats(bool)
        self.passed = seats(bool)
        self.acted = seats(bool)
        self.step = np.full(deals, -1, i64)
        self.to_act = np.full(deals, -1, i64)
        self.high = np.zeros(deals, i64)
        self.opener = np.full(deals, -1, i64)
        self.held = np.zeros(deals, bool)
        self.bets = np.zeros(deals, i64)
        self.skipped = np.zeros(deals, bool)
        self.ended = np.zeros(deals, i64)
        self.award = seats(i64)
        self.returned = seats(i64)
        self.carry_out = np.zeros(deals, i64)
        self.showdown = np.zeros(deals, bool)
        self.hist_seat = np.zeros((deals, 16), i64, order="F")
        self.hist_id = np.zeros((deals, 16), i64, order="F")
        self.hist_disc = np.zeros((deals, 16), i64, order="F")
        self.hist_len = np.zeros(deals, i64)
        self.reshuffles: dict[int, list[tuple[int, ...]]] = {}

    def clear(self, rows: np.ndarray, pack: int) -> None:
        """Empty the deals at ``rows`` (an index array) before they are dealt again.

        What every deal sets before reading (a betting round's state, the settlement) is left.
        """
        self.top[rows] = 0
        self.stock_len[rows] = pack
        self.discarded[rows] = False
        self.hands[rows] = pack
        self.hand_len[rows] = 0
        self.contributed[rows] = 0
        self.folded[rows] = False
        self.step[rows] = -1
        self.to_act[rows] = -1
        self.ended[rows] = ENDED_NOT
        self.hist_len[rows] = 0
        if self.reshuffles:
            for row in rows.tolist():
                self.reshuffles.pop(row, None)

    def record(self, rows: np.ndarray, seats: np.ndarray, ids: np.ndarray,
               discards: np.ndarray | None = None) -> None:
        """Append ``(seat, id, discards)`` to the history of each deal at ``rows``."""
        place = self.hist_len[rows]
        if place.size and int(place.max()) >= self.hist_id.shape[1]:
            grow = self.hist_id.shape[1]
            pad = np.zeros((self.hist_id.shape[0], grow), np.int64)
            self.hist_seat = np.asfortranarray(np.concatenate([self.hist_seat, pad], axis=1))
            self.hist_id = np.asfortranarray(np.concatenate([self.hist_id, pad], axis=1))
            self.hist_disc = np.asfortranarray(np.concatenate([self.hist_disc, pad], axis=1))
        at = place * self.hist_len.shape[0] + rows
        flat(self.hist_seat)[at] = seats
        flat(self.hist_id)[at] = ids
        flat(self.hist_disc)[at] = 0 if discards is None else discards
        self.hist_len[rows] = place + 1
