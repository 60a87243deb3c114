"""Dealing for the batch: stocks, antes, deal steps and exchanges, every deal at once.

The conventions are the engine's (docs/rules/dealing.md, :mod:`primero.rules.dealing`): cards go
one at a time in playing order from the eldest to every player still in (or each player's
cards together, the revival game's packets); an exchange serves all of a player's replacements
from the top of the stock; when the stock runs out during an exchange, the player is first
served what is left, then the discards (less the cards that player has just thrown, with the
folded hands) are shuffled into a new stock by the engine's own generator
(:func:`primero.rules.dealing.reshuffle_rng`), so a batched deal keeps the engine's cards
exactly. Reshuffles are rare (the revival game with many players and big exchanges); they are
served deal by deal.
"""

from __future__ import annotations

import numpy as np

from primero.batch.rules import BatchRules
from primero.batch.state import BatchState, flat
from primero.errors import InvalidDeckError
from primero.rules.dealing import reshuffle_rng
from primero.setup import seeded_stock

__all__ = ["ante_step", "deal_step", "exchange", "random_stocks", "seeded_stocks",
           "start_exchange"]


def random_stocks(rng: np.random.Generator, deals: int, pack: int, dealt: int) -> np.ndarray:
    """``deals`` shuffled stocks of ``pack`` cards (pack positions), shape ``(deals, pack)``.

    A Fisher-Yates shuffle run for the first ``dealt`` places of every stock at once: the top
    ``dealt`` cards are uniformly random, and the whole row is a permutation of the pack
    (the deal is dealt from it and its record holds it); with ``dealt >= pack - 1`` the whole
    stock is uniformly shuffled.
    """
    stocks = np.broadcast_to(np.arange(pack, dtype=np.int64), (deals, pack)).copy()
    cells = stocks.ravel()
    base = np.arange(deals) * pack
    places = min(dealt, pack - 1)
    draws = rng.random((places, deals))
    for i in range(places):
        j = base + i + (draws[i] * (pack - i)).astype(np.int64)
        here = cells[base + i]
        cells[base + i] = cells[j]
        cells[j] = here
    return stocks


def seeded_stocks(rules: BatchRules, seeds: list[int]) -> np.ndarray:
    """The stocks ``start_deal(seed=s)`` shuffles for each of ``seeds``, as pack positions."""
    place = {card: k for k, card in enumerate(rules.pack)}
    return np.array([[place[c] for c in seeded_stock(rules.pack, s)] for s in seeds],
                    dtype=np.int64).reshape(len(seeds), len(rules.pack))


def ante_step(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """Every player pays the ante, or all they have (an all-in): not a round's bet."""
    stack = st.stack[rows]
    paid = np.minimum(stack, rules.table.ante)
    st.stack[rows] = stack - paid
    st.contributed[rows] += paid


def deal_step(rules: BatchRules, st: BatchState, rows: np.ndarray, count: int) -> None:
    """Deal ``count`` cards to every player still in (the toy: its open cards first)."""
    n = rules.n
    deals = st.to_act.shape[0]
    pack = st.stock.shape[1]
    width = st.hands.shape[2]
    folded_f, length_f = flat(st.folded), flat(st.hand_len)
    hands_f = st.hands.ravel(order="F")  # (row, seat, slot) at row + N * (seat + n * slot)
    stock_f = st.stock.ravel()
    live = [~folded_f[int(seat) * deals + rows] for seat in rules.order]  # by place
    players = sum(x.astype(np.int64) for x in live)
    hidden = count if rules.open_cards is None else count - rules.open_cards.shape[1]
    top = st.top[rows]
    if int((top + players * hidden - st.stock_len[rows]).max(initial=0)) > 0:
        raise InvalidDeckError("not enough cards: the stock is exhausted during a deal")
    rank = np.zeros(len(rows), np.int64)  # each place's rank among the players still in
    for place, seat in enumerate(rules.order.tolist()):
        gets = live[place]
        every = bool(gets.all())
        at = seat * deals + rows
        slot = length_f[at]
        cards: list[np.ndarray] = []
        if rules.open_cards is not None:  # the toy: the open cards of the place, face up
            cards += [np.full(len(rows), card) for card in rules.open_cards[place]]
        for r in range(hidden):
            where = top + rank * hidden + r if rules.packets else top + r * players + rank
            cards.append(stock_f[rows * pack + np.minimum(where, pack - 1)])
        for card in cards:
            index = at + deals * n * np.minimum(slot, width - 1)
            if every:
                hands_f[index] = card
            else:
                hands_f[index[gets]] = card[gets]
            slot = slot + gets
        length_f[at] = slot
        rank = rank + gets
    if len(rows) == deals:
        st.hands.sort(axis=2)
    else:
        hands = st.hands[rows]
        hands.sort(axis=2)
        st.hands[rows] = hands
    st.top[rows] = top + players * hidden


def start_exchange(rules: BatchRules, st: BatchState, rows: np.ndarray) -> None:
    """Open an exchange: the first player still in from the eldest, if two or more are in."""
    live = ~st.folded[rows][:, rules.order]
    first = rules.order[np.argmax(live, axis=1)]
    st.to_act[rows] = np.where(live.sum(axis=1) >= 2, first, -1)


def exchange(rules: BatchRules, st: BatchState, rows: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """The seats to act at ``rows`` exchange the cards ``masks`` name; the turn passes on.

    Args:
        rules: The batch's rules.
        st: The state (changed in place).
        rows: Deals in an exchange step, with a seat to act.
        masks: Each exchange's bit mask over the hand in canonical order (legal: checked).

    Returns:
        The discarded cards of each exchange as a bit mask of pack positions, shape ``(rows,)``.

    Raises:
        InvalidDeckError: the stock and the discards that can be reshuffled hold too few cards.
    """
    seats = st.to_act[rows]
    deals = st.to_act.shape[0]
    n = rules.n
    pack = st.stock.shape[1]
    width = st.hands.shape[2]
    hands_f = st.hands.ravel(order="F")
    at = rows + deals * seats
    columns = [hands_f[at + deals * n * j] for j in range(width)]
    hands = np.stack(columns, axis=1)  # (rows, H), sorted
    thrown = ((masks[:, None] >> np.arange(width)) & 1).astype(bool)
    sentinel = len(rules.pack)
    cards = np.where(thrown, hands, sentinel)  # (the discards' spare column takes the rest)
    bits = (np.left_shift(1, np.where(thrown, hands, 0)) * thrown).sum(axis=1)
    count = thrown.sum(axis=1)
    flat_discards = st.discarded.ravel()
    flat_discards[(rows * (pack + 1))[:, None] + cards] = True
    flat_discards[(rows + 1) * (pack + 1) - 1] = False
    top = st.top[rows]
    short = top + count > st.stock_len[rows]
    plain = ~short
    if plain.any():
        every = bool(plain.all())
        p_rows = rows if every else rows[plain]
        p_thrown = thrown if every else thrown[plain]
        p_hands = hands if every else hands[plain]
        where = (top if every else top[plain])[:, None] + np.cumsum(p_thrown, axis=1) - 1
        drawn = st.stock.ravel()[(p_rows * pack)[:, None] + np.maximum(where, 0)]
        p_hands = np.where(p_thrown, drawn, p_hands)
        p_hands.sort(axis=1)
        p_at = at if every else at[plain]
        for j in range(width):
            hands_f[p_at + deals * n * j] = p_hands[:, j]
        st.top[p_rows] = (top if every else top[plain]) + (count if every else count[plain])
    for k in np.flatnonzero(short).tolist():
        _reshuffled_exchange(rules, st, int(rows[k]), int(seats[k]), hands[k][thrown[k]],
                             hands[k][~thrown[k]])
    # the next player still in, later in playing order (no wrap)
    n, eldest = rules.n, rules.eldest
    place = (seats - eldest) % n
    nxt = np.full(rows.shape, -1)
    live = ~st.folded[rows]
    for k in range(n - 1, 0, -1):
        later = (seats + k) % n
        ok = ((later - eldest) % n > place) & live[np.arange(len(rows)), later]
        nxt = np.where(ok, later, nxt)
    st.to_act[rows] = nxt
    return np.asarray(bits, dtype=np.int64)


def _reshuffled_exchange(rules: BatchRules, st: BatchState, row: int, seat: int,
                         thrown: np.ndarray, kept: np.ndarray) -> None:
    """One exchange that runs the stock out: the engine's reshuffle (see the module doc)."""
    sentinel = len(rules.pack)
    kept_list = [int(c) for c in kept if c != sentinel]
    exclude = {int(c) for c in thrown}
    drawn: list[int] = []
    stock = [int(c) for c in st.stock[row, st.top[row]:st.stock_len[row]]]
    made = st.reshuffles.setdefault(row, [])
    for _ in range(len(exclude)):
        if not stock:
            folded = [int(c) for s in range(rules.n) if st.folded[row, s]
                      for c in st.hands[row, s] if c != sentinel]
            pile = [c for c in np.flatnonzero(st.discarded[row, :sentinel]).tolist()
                    if c not in exclude]
            pile.extend(folded)
            shuffled = [rules.pack[c] for c in sorted(pile, key=lambda c: rules.pack[c].index)]
            reshuffle_rng(st.seeds[row], len(made)).shuffle(shuffled)
            place = {card: k for k, card in enumerate(rules.pack)}
            stock = [place[c] for c in shuffled]
            if not stock:
                raise InvalidDeckError("not enough cards: the stock is exhausted and no discards "
                                       f"can be reshuffled for seat {seat}")
            made.append(tuple(stock))
            st.discarded[row] = False
            st.discarded[row, sorted(exclude)] = True
            for s in range(rules.n):
                if st.folded[row, s]:
                    st.hands[row, s] = sentinel
                    st.hand_len[row, s] = 0
        drawn.append(stock.pop(0))
    hand = sorted(kept_list + drawn)
    st.hands[row, seat] = sentinel
    st.hands[row, seat, :len(hand)] = hand
    st.stock[row] = sentinel
    st.stock[row, :len(stock)] = stock
    st.top[row] = 0
    st.stock_len[row] = len(stock)
