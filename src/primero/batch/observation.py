"""Observation tensors of every deal of a batch, in the adapters' layout.

:func:`observation_tensors` writes, for one player, the observation tensor of every deal at
once: the layout and the values of :func:`primero.adapters.observation_layout` and
:meth:`primero.adapters.Encoder.observation_array` (docs/adapters/openspiel.md), to the bit:
``player`` one-hot; ``hand`` and ``discarded`` (the player's own thrown cards); ``to_act``
one-hot (zeros at the end); ``step`` one-hot among the plan's deciding steps; ``stacks``,
``contributed``, ``round_bet`` and ``pot``, ``high`` as fractions of the table's chips (stacks
plus carry-in); ``folded``; ``cards`` held as a fraction of the most a hand holds; ``over``;
``shown`` (cards dealt face up and still held, the hands shown at the showdown). Chips are
divided in double and rounded once to float32, as the adapters do.
"""

from __future__ import annotations

import numpy as np

from primero.adapters import AUTOMATIC_STEPS, AdapterTable, observation_layout
from primero.batch.engine import BatchEngine
from primero.batch.state import ENDED_NOT, flat
from primero.errors import PrimeroError, UnknownSeatError

__all__ = ["observation_tensors"]


def _slots(engine: BatchEngine) -> np.ndarray:
    """Per plan step, its index among the distinct deciding steps (-1: an automatic step)."""
    plan = tuple(engine.variant.rules.deal.deal_plan())
    deciding: list[object] = []
    for step in plan:
        if step.kind not in AUTOMATIC_STEPS and step not in deciding:
            deciding.append(step)
    return np.array([deciding.index(s) if s in deciding else -1 for s in plan], np.int64)


def observation_tensors(engine: BatchEngine, player: int) -> np.ndarray:
    """``player``'s observation tensor of every deal, ``(N, size)`` float32.

    Args:
        engine: The batch (after :meth:`~primero.batch.engine.BatchEngine.reset`).
        player: A seat, ``0..n-1``.

    Raises:
        UnknownSeatError: ``player`` is not a seat.
        PrimeroError: the batch is not dealt yet (no
            :meth:`~primero.batch.engine.BatchEngine.reset`).
    """
    if not engine.ready:
        raise PrimeroError("call reset(seed) first: no deal is dealt yet, so there is "
                           "nothing to observe")
    rules, st = engine.rules, engine.state
    n, deals = rules.n, engine.deals
    if isinstance(player, bool) or not isinstance(player, int | np.integer) \
            or not 0 <= player < n:
        raise UnknownSeatError(f"player {player!r} is not one of the {n} seats (0..{n - 1})")
    table = AdapterTable(variant=engine.variant, players=n,
                         stacks=tuple(int(c) for c in engine.start_chips[0]),
                         dealer=rules.dealer, carry_in=int(engine.carry[0]),
                         stake=rules.table.stake, rest=rules.table.rest, ante=rules.table.ante,
                         raise_cap=rules.table.raise_cap or 0)
    layout = observation_layout(table)
    at: dict[str, int] = {}
    start = 0
    for piece in layout:
        at[piece.name] = start
        start += piece.size
    out = np.zeros((deals, start), np.float32)
    pack = len(rules.pack)
    line = np.arange(deals)
    total = np.maximum(engine.start_chips.sum(axis=1) + engine.carry, 1).astype(np.float64)
    held = float(rules.hand)
    out[:, at["player"] + player] = 1.0
    # the player's cards and their own discards
    hands = st.hands[:, player]
    valid = hands < pack
    rows = np.broadcast_to(line[:, None], hands.shape)
    out[rows[valid], at["hand"] + hands[valid]] = 1.0
    thrown = np.zeros(deals, np.int64)
    mine = st.hist_seat == player
    for j in range(st.hist_id.shape[1]):
        thrown |= np.where(mine[:, j] & (j < st.hist_len), st.hist_disc[:, j], 0)
    for card in range(pack):
        out[:, at["discarded"] + card] = (thrown >> card) & 1
    # the public present
    acting = st.to_act >= 0
    out[line[acting], at["to_act"] + st.to_act[acting]] = 1.0
    slot = _slots(engine)[np.maximum(st.step, 0)]
    deciding = (slot >= 0) & (st.step >= 0)
    out[line[deciding], at["step"] + slot[deciding]] = 1.0
    for name, values in (("stacks", st.stack), ("contributed", st.contributed),
                         ("round_bet", st.round_bet)):
        out[:, at[name]:at[name] + n] = values / total[:, None]
    out[:, at["folded"]:at["folded"] + n] = st.folded
    out[:, at["cards"]:at["cards"] + n] = np.minimum(1.0, st.hand_len / held)
    over = st.ended != ENDED_NOT
    pot = np.where(over, st.carry_out, st.contributed.sum(axis=1) + st.carry_in)
    out[:, at["pot"]] = pot / total
    out[:, at["high"]] = st.high / total
    out[:, at["over"]] = over
    shown = at["shown"]
    for seat in range(n):
        cards = st.hands[:, seat]
        seen = np.zeros(cards.shape, bool)
        if rules.open_cards is not None:  # the toy's open cards, while held
            seen |= np.isin(cards, rules.open_cards.ravel())
        seen |= (st.showdown & ~flat(st.folded)[seat * deals + line])[:, None]
        seen &= cards < pack
        rows = np.broadcast_to(line[:, None], cards.shape)
        out[rows[seen], shown + seat * pack + cards[seen]] = 1.0
    return out
