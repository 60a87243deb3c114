"""The adapters' tensor writes: a template's present, one decision's history, a private copy.

:class:`primero.adapters.Encoder` keeps one public template per tensor layout and patches it
from state to state; these four functions do all its writing on the hot path:

* :func:`patch` — the present: whose turn, the step, the seats that changed, the pot, the
  high bet, ``over``;
* :func:`link` — one decision added to the history pieces;
* :func:`private_ones` — where a player's private 1s go;
* :func:`private_copy` — a copy of the template with them written in.

Each has a compiled twin in the C extension ``primero.compiled_encoder`` (source
``src/primero/_native/encode.c``, built at install with the hand evaluator, limited API): the
same arguments, the same values to the bit, the same updates of the kept facts. The compiled
ones hold chips in C longs: a count past one raises ``OverflowError``, and the encoder writes
that state with these (which take any int).
:func:`writers` gives the compiled ones where the extension loads and ``PRIMERO_NO_NATIVE``
is not set, else these. Arithmetic, both ways: chips and card counts divided in double, a sum
made in double from the float32 read, one rounding to float32 at the store (so a value never
depends on numpy's promotion rules).

``view`` is a writable float32 buffer (the template's :class:`memoryview`).
"""

from __future__ import annotations

import operator
import os

from primero.native_evaluator import build_report, load_extension, native_disabled

# typing is not imported where it is not needed: ``primero --version`` reports from here
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Protocol

    class FloatView(Protocol):
        """A writable float32 buffer, read and written item by item.

        A float32 array's :class:`memoryview`: its items are written in about half the time
        a numpy array's item takes.
        """

        def __getitem__(self, index: int, /) -> float: ...

        def __setitem__(self, index: int, value: float, /) -> None: ...

    #: ``(patch, link, private_ones, private_copy)``.
    Writers = tuple[Callable[..., Any], Callable[..., None], Callable[..., tuple[int, ...]],
                    Callable[..., Any]]

__all__ = ["EXTENSION_STATUS_NAME", "PURE_WRITERS", "encoder_line", "encoder_reason",
           "float_view", "link", "patch", "private_copy", "private_ones", "whole_tensor",
           "writers"]


def float_view(array: Any) -> FloatView:
    """``array``'s memoryview: what the writes write through (a float32, C-contiguous array)."""
    return memoryview(array)


def _move_mark(view: FloatView, old: int, new: int) -> None:
    """A one-hot's 1 from position ``old`` to ``new`` (-1: none)."""
    if old != new:
        if old >= 0:
            view[old] = 0.0
        if new >= 0:
            view[new] = 1.0


def patch(view: FloatView, kept: list[Any], state: Any,
          slots: tuple[int | None, ...],
          at: tuple[int, int, int, int, int, float, float, str]) -> int | None:
    """Patch the template in ``view`` from the state ``kept`` describes to ``state``.

    Args:
        view: The template (float32), its public pieces written for ``kept``'s state.
        kept: ``[state, trail, turn mark, step mark, seats, shown, step, chips put in]``
            of the template as written; items 2 (the position of the turn's 1, -1 none), 3
            (the step's), 4 (the seats written) and 7 (the carry-in and the chips the seats
            written put in) are updated here, and 5 (the ``shown`` piece is to be written) is
            set when a seat written holds a receipt dealt face up.
        state: The engine's state (``to_act``, ``over``, ``pending``, ``step_index``,
            ``seats``, ``settlement``, ``high``).
        slots: For each step of the state's deal context, its index among the deciding
            steps (``None``: not one).
        at: Where the public pieces start, the ``step``, ``stacks`` and ``pot`` pieces'
            offsets from there, the players, the table's chips, the most cards a hand
            holds and the reason of a card dealt face up (:data:`primero.deal.state.FACE_UP`).

    Returns:
        The state's deciding step index (``None``: none).
    """
    base, step_at, stacks_at, pot_at, n, total, held, face_up = at
    to_act = state.to_act
    over = state.over
    mark = -1 if to_act is None or over or state.pending else base + to_act
    index = state.step_index + 1
    step = slots[index] if 0 <= index < len(slots) else None
    step_mark = -1 if step is None else base + step_at + step
    _move_mark(view, kept[2], mark)
    _move_mark(view, kept[3], step_mark)
    seats, before = state.seats, kept[4]
    put_in = kept[7]
    if seats is not before:
        k = base + stacks_at
        for i in range(n):
            seat = seats[i]
            was = before[i]
            if seat is not was:
                put_in += seat.contributed - (0 if was is None else was.contributed)
                view[k] = seat.stack / total
                view[k + n] = seat.contributed / total
                view[k + 2 * n] = seat.round_bet / total
                view[k + 3 * n] = 1.0 if seat.folded else 0.0
                cards = len(seat.hand)
                view[k + 4 * n] = cards / held if cards < held else 1.0
                for receipt in seat.received:
                    if receipt[1] == face_up:
                        kept[5] = True
                        break
            k += 1
    k = base + pot_at
    settlement = state.settlement
    view[k] = (put_in if settlement is None else settlement.carry) / total
    view[k + 1] = state.high / total
    view[k + 2] = 1.0 if over else 0.0
    kept[2], kept[3], kept[4], kept[7] = mark, step_mark, seats, put_in
    return step


def link(view: FloatView, at: int, move: tuple[int, int, int, int, int, int],
         layout: tuple[int, int, float, float, int, int, int, int, int]) -> None:
    """Add one decision to the history pieces laid out in ``view`` from ``at``.

    Args:
        view: The tensor (float32), holding the history before the decision.
        at: Where the history pieces (``step_moves`` first) start.
        move: ``(seat, kind, chips put in, cards changed, deciding step or -1, row)``: who
            decided, the kind (an index into :data:`primero.adapters.MOVE_KINDS`), the step's
            index among the deciding steps, and the decision's place in the deal (0 for the
            first; past the window's last row the oldest row goes).
        layout: ``(players, kinds, table's chips, most cards held, step_chips offset,
            step_cards offset, recent offset, recent rows, row width)``, offsets from ``at``.
    """
    seat, kind, chips, changed, step, row = move
    n, kinds, total, held, chips_at, changed_at, recent_at, rows, width = layout
    if step >= 0:
        cell = step * n + seat  # step_moves opens the history pieces
        moves = at + cell * kinds + kind
        view[moves] = min(1.0, view[moves] + 1.0 / 3.0)
        if chips:
            put = at + chips_at + cell
            view[put] = view[put] + chips / total
        if changed:
            cards = at + changed_at + cell
            view[cards] = min(1.0, view[cards] + changed / held)
    recent = at + recent_at
    if row >= rows:  # the window is full: the oldest row goes
        for i in range(recent, recent + (rows - 1) * width):
            view[i] = view[i + width]
        for i in range(recent + (rows - 1) * width, recent + rows * width):
            view[i] = 0.0
        row = rows - 1
    start = recent + row * width  # a row of zeros
    view[start + seat] = 1.0
    view[start + n + kind] = 1.0
    if chips:
        view[start + width - 2] = chips / total
    if changed:
        view[start + width - 1] = min(1.0, changed / held)


def private_copy(view: FloatView, copy: Callable[[], Any],
                 ones: Sequence[int]) -> Any:
    """``copy()`` of the template in ``view`` with 1.0 at each position of ``ones``.

    The positions are zero in the template, and are again once the copy is taken (or fails).
    """
    try:
        for index in ones:
            view[index] = 1.0
        return copy()
    finally:
        for index in ones:
            view[index] = 0.0


def private_ones(seat: Any, index: int, at: tuple[Any, ...]) -> tuple[int, ...]:
    """Where a seat's 1s go in its tensor: the player, the hand, the discards, the receipts.

    Args:
        seat: The engine's seat (``hand``, ``discarded``, ``received``).
        index: Its number: the ``player`` piece's 1.
        at: ``(hand positions, discard positions, receipt positions, last batch)`` for the
            information state (dicts by card; a receipt's position is that of its first
            batch), ``(hand positions, discard positions)`` for the observation (no
            receipts). Receipts come in batches, a new one at each new ``after`` in the
            order dealt; the last batch takes any later.

    Raises:
        KeyError: a card not of the pack.
    """
    ones = [operator.index(index)]  # a numpy integer too: kept as an int
    in_hand, thrown = at[0], at[1]
    ones += [in_hand[card] for card in seat.hand]
    ones += [thrown[card] for card in seat.discarded]
    if len(at) == 4:
        got, last = at[2], at[3]
        batch, after = -1, None
        for receipt in seat.received:  # in the order dealt
            if receipt[2] != after:
                batch, after = batch + 1, receipt[2]
            ones.append(got[receipt[0]] + (batch if batch < last else last))
    return tuple(ones)


#: The build hook's one-line report beside the extension: ``built`` or ``not built: <why>``.
EXTENSION_STATUS_NAME = "compiled_encoder.status"

#: The pure-Python writers (what :func:`writers` gives without the extension).
PURE_WRITERS: Writers = (patch, link, private_ones, private_copy)
#: Once loaded: the compiled writers and their file, or ``None``, ``None`` and why not.
_loaded: tuple[Writers | None, str | None, str | None] | None = None


def _load() -> tuple[Writers | None, str | None, str | None]:
    """The compiled writers and their file, or ``None``, ``None`` and why they did not load."""
    global _whole
    compiled, error = load_extension("primero.compiled_encoder")
    if compiled is not None:
        _whole = compiled.encode
        return ((compiled.patch, compiled.link, compiled.private_ones, compiled.private_copy),
                os.path.abspath(str(compiled.__file__)), None)
    if isinstance(error, ModuleNotFoundError) and error.name == "primero.compiled_encoder":
        report = build_report(EXTENSION_STATUS_NAME) or ""
        if report.startswith("not built:"):
            return None, None, "not built at install: " + report.split(":", 1)[1].strip()
        return None, None, ("no compiled tensor writes beside primero: installed from a pure "
                            "wheel or a source tree never built (pip install -e . compiles "
                            "them)")
    return None, None, f"the compiled tensor writes do not load: {error}"


def writers() -> Writers:
    """``(patch, link, private_ones, private_copy)``: the compiled ones where they load.

    Else these (the same values): pure Python where ``PRIMERO_NO_NATIVE`` is set (any value
    but ``""`` or ``"0"``), where the extension was not built (no C compiler at install,
    Windows) or does not load (:func:`encoder_reason` says why). The extension is loaded on
    the first call with the switch off.
    """
    global _loaded
    if native_disabled():
        return PURE_WRITERS
    if _loaded is None:
        _loaded = _load()
    compiled = _loaded[0]
    return PURE_WRITERS if compiled is None else compiled


#: The compiled ``encode`` once loaded (see :func:`whole_tensor`).
_whole: Callable[..., Any] | None = None


def whole_tensor() -> Callable[..., Any] | None:
    """The compiled one-call tensor, or ``None`` where the compiled writes are not used.

    ``encode(view, empty, kept, lock, state, trail, seat, slots, at, start, facts, layout,
    ones_kept, cards_at)`` makes a whole tensor in one call where the usual case holds (the
    template's state or the next decision's, nothing shown, the decision's kind kept), else
    returns ``None`` for the caller to go the way of the four writes; see
    :meth:`primero.adapters.Encoder.information_state_array`.
    """
    if native_disabled():
        return None
    writers()
    return _whole


def encoder_reason() -> str | None:
    """Why the tensor writes are pure Python, or ``None`` where the compiled ones are used."""
    if native_disabled():
        return "PRIMERO_NO_NATIVE is set"
    writers()
    assert _loaded is not None
    return _loaded[2]


def encoder_line() -> str:
    """The line ``primero --version`` prints: which code writes the adapters' tensors, and why.

    ``tensors: the native writes (<its file>)`` or ``tensors: pure Python (<why>)``.
    """
    reason = encoder_reason()
    if reason is None:
        assert _loaded is not None
        return f"tensors: the native writes ({_loaded[1]})"
    return f"tensors: pure Python ({reason})"
