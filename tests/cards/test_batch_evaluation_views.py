"""``Ranking.evaluate_many`` reads any view of an ``(N, 4)`` integer array in one native call.

The compiled batch (``strengths`` in ``src/primero/_native/evaluate.c``) reads the hands
through their strides: C or Fortran order, slices, reversed, transposed and broadcast views
are read where they lie, with no copy and no numpy pass. Each must give what the single
evaluator gives hand by hand and what a ranking bound with ``PRIMERO_NO_NATIVE=1`` (the pure
closure) gives, over every hand of each pack; the numpy path (``PRIMERO_NO_NATIVE=1`` at the
call) must give the same values and refuse the same hands with the same message. Arrays the
batch does not read (another byte order, a masked array, floats, the wrong shape) are
answered by ``strengths`` with ``-2`` and nothing written, and go the numpy way, as do arrays
that lend no buffer (datetime64): refused as the numpy path words it.

The tests skip (saying why) where the compiled evaluator is not built.
"""

from __future__ import annotations

import itertools
import os
import types
from collections.abc import Iterator
from math import comb
from typing import Any
from unittest import mock

import numpy as np
import pytest

from primero import InvalidDeckError, get_variant
from primero.hands import Ranking
from primero.native_evaluator import batcher
from primero.plugins.registry import clear_caches

needs_native = pytest.mark.skipif(batcher() is None,
                                  reason="the compiled evaluator is not built here")

#: (variant, pack): the three packs, and a ranking whose weakest hand wins.
CENSUS_CASES = [("waks", "italian40"), ("waks", "spanish48"), ("waks", "french52"),
                ("losing", None)]

DTYPES = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)


def _ranking(name: str, deck: str | None) -> Ranking:
    ranking = (get_variant(name) if deck is None else get_variant(name, deck=deck)).ranking
    ranking.hand_table  # noqa: B018 - loads the table and binds the evaluator
    return ranking


@pytest.fixture(scope="module")
def pure_rankings() -> Iterator[dict[tuple[str, str | None], Ranking]]:
    """Rankings bound with PRIMERO_NO_NATIVE=1: their ``evaluate`` is the pure closure."""
    clear_caches()
    with mock.patch.dict(os.environ, PRIMERO_NO_NATIVE="1"):
        pure = {case: _ranking(*case) for case in CENSUS_CASES}
    clear_caches()
    yield pure
    clear_caches()


def _numpy_way(ranking: Ranking, hands: Any) -> Any:
    """``evaluate_many(hands)`` with the switch on: the numpy path (its value or its error)."""
    with mock.patch.dict(os.environ, PRIMERO_NO_NATIVE="1"):
        try:
            return ranking.evaluate_many(hands)
        except InvalidDeckError as exc:
            return ("error", str(exc))


def _native_only(ranking: Ranking, hands: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``evaluate_many(hands)``, failing if the numpy path (``index_many``) is taken."""
    def numpy_path(self: Ranking, hands: Any) -> Any:
        raise AssertionError("the numpy path was taken")

    with monkeypatch.context() as patch:
        patch.delenv("PRIMERO_NO_NATIVE", raising=False)
        patch.setattr(Ranking, "index_many", numpy_path)
        return ranking.evaluate_many(hands)


def _singles(ranking: Ranking, rows: np.ndarray) -> list[int]:
    ordered = ranking.pack.ordered
    return [ranking.evaluate(tuple(ordered[i] for i in row)).strength for row in rows.tolist()]


@needs_native
@pytest.mark.parametrize(("name", "deck"), CENSUS_CASES)
def test_every_hand_in_fortran_order_gets_the_single_and_pure_strength(
        name: str, deck: str | None, pure_rankings: dict[tuple[str, str | None], Ranking],
        monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = _ranking(name, deck)
    pure = pure_rankings[(name, deck)]
    assert isinstance(pure.evaluate, types.FunctionType)  # the pure closure, not the builtin
    cards = ranking.pack.ordered
    hands = list(itertools.combinations(cards, 4))
    assert len(hands) == comb(len(cards), 4)
    single = [ranking.evaluate(hand).strength for hand in hands]
    pure_single = [pure.evaluate(hand).strength for hand in hands]
    rows = np.array([[ranking.pack.index(c) for c in hand] for hand in hands], dtype=np.int16)
    rows = np.asfortranarray(rows[:, [3, 1, 0, 2]])  # any order of the four cards
    assert not rows.flags.c_contiguous
    native = _native_only(ranking, rows, monkeypatch)
    assert native.tolist() == single == pure_single
    assert _numpy_way(ranking, rows).tolist() == single


def _views(rows: np.ndarray) -> dict[str, np.ndarray]:
    """Views of ``rows`` (an (N, 4) array) that are not C-contiguous, each its own layout."""
    wide = np.zeros((rows.shape[0] * 3, 7), dtype=rows.dtype)
    wide[::3, 1:5] = rows
    return {
        "fortran order": np.asfortranarray(rows),
        "every third row of a wider array": wide[::3, 1:5],
        "rows reversed": rows[::-1][::-1].copy()[::-1],
        "cards reversed": np.ascontiguousarray(rows[:, ::-1])[:, ::-1],
        "a transposed (4, N) array": np.ascontiguousarray(rows.T).T,
        "one row broadcast": np.broadcast_to(rows[:1], rows.shape),
    }


@needs_native
@pytest.mark.parametrize("dtype", DTYPES)
def test_views_of_every_layout_are_read_where_they_lie(
        dtype: type, monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = _ranking("waks", None)
    rng = np.random.default_rng(11)
    rows = np.argsort(rng.random((600, 40)), axis=1)[:, :4].astype(dtype)
    for layout, view in _views(rows).items():
        assert not view.flags.c_contiguous or view.strides[0] == 0, layout
        expected = _singles(ranking, np.asarray(view))
        assert _native_only(ranking, view, monkeypatch).tolist() == expected, layout
        assert _numpy_way(ranking, view).tolist() == expected, layout


@needs_native
@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
def test_an_unaligned_array_is_read_natively(dtype: type,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = _ranking("waks", None)
    rows = np.argsort(np.random.default_rng(5).random((300, 40)), axis=1)[:, :4].astype(dtype)
    raw = bytearray(1 + rows.nbytes)
    unaligned = np.frombuffer(raw, dtype=dtype, offset=1).reshape(rows.shape)
    unaligned[:] = rows
    assert not unaligned.flags.aligned
    assert _native_only(ranking, unaligned, monkeypatch).tolist() == _singles(ranking, rows)


@needs_native
@pytest.mark.parametrize(("bad", "message"), [
    ([9, 4, 9, 0], "hand 2 of evaluate_many: duplicate card Ks (K♠) in the hand"),
    ([0, 1, 2, 40], "hand 2 of evaluate_many: card index 40 is outside the italian40 pack "
                    "(0..39)"),
    ([-3, 1, 2, 3], "hand 2 of evaluate_many: card index -3 is outside the italian40 pack "
                    "(0..39)"),
])
def test_a_bad_hand_in_a_view_is_refused_as_the_numpy_way_names_it(
        bad: list[int], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = _ranking("waks", None)
    rows = np.array([[0, 1, 2, 3], [4, 5, 6, 7], bad, [8, 9, 10, 11]], dtype=np.int32)
    for layout, view in _views(rows).items():
        if layout == "one row broadcast":
            continue  # its one row is sound
        expected = ("error", message.replace("hand 2", f"hand {_row_of(view, bad)}"))
        monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
        with pytest.raises(InvalidDeckError) as raised:
            ranking.evaluate_many(view)
        assert ("error", str(raised.value)) == expected == _numpy_way(ranking, view), layout


def _row_of(view: np.ndarray, bad: list[int]) -> int:
    """The row of ``view`` holding ``bad``: a message names a hand by its row in the view."""
    return next(row for row, hand in enumerate(np.asarray(view).tolist()) if hand == bad)


@needs_native
def test_arrays_the_batch_does_not_read_are_answered_minus_two_and_left_unwritten() -> None:
    ranking = _ranking("waks", None)
    strengths = batcher()
    assert strengths is not None
    table = ranking.strengths()
    sound = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], dtype=np.int16)
    for hands in (sound.astype(">i2" if np.little_endian else "<i2"),  # another byte order
                  sound.astype(np.float64), sound[:, :3].copy(),  # floats; three cards
                  sound.reshape(-1), sound.reshape(2, 2, 2),  # one and three dimensions
                  sound.astype(np.bool_)):
        out = np.full(len(hands), -5, dtype=table.dtype)
        assert strengths(hands, len(ranking.pack), table, out) == -2, hands.dtype
        assert out.tolist() == [-5] * len(hands)
    for lends_none in ([[0, 1, 2, 3]], sound.astype("datetime64[s]")):
        out = np.full(1, -5, dtype=table.dtype)
        assert strengths(lends_none, len(ranking.pack), table, out) == -2
        assert out.tolist() == [-5]
    out = np.full(2, -5, dtype=table.dtype)
    assert strengths(sound, len(ranking.pack), table, out) == -1
    assert out.tolist() == _singles(ranking, sound)


@needs_native
def test_a_table_or_out_that_does_not_fit_the_hands_raises_value_error() -> None:
    ranking = _ranking("waks", None)
    strengths = batcher()
    assert strengths is not None
    table = ranking.strengths()
    sound = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], dtype=np.int16)
    for out in (np.empty(3, table.dtype), np.empty(2, np.float64),
                np.empty((2, 1), table.dtype)):
        with pytest.raises(ValueError, match=r"out \(N,\) of its format"):
            strengths(sound, len(ranking.pack), table, out)


@pytest.mark.parametrize("dtype", ["datetime64[s]", "timedelta64[s]", "object", "float64",
                                   "complex128", "U2", "S2", [("card", "i4")]])
def test_an_array_of_other_items_is_refused_alike_both_ways(
        dtype: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = _ranking("waks", None)
    rows = np.array([[0, 1, 2, 3], [4, 5, 6, 7]]).astype(dtype)
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    with pytest.raises(InvalidDeckError) as raised:
        ranking.evaluate_many(rows)
    message = ("evaluate_many takes an (N, 4) integer array of pack indices; got shape (2, 4) "
               f"of {rows.dtype}")
    assert ("error", str(raised.value)) == ("error", message) == _numpy_way(ranking, rows)


def test_masked_and_byte_swapped_arrays_still_go_the_numpy_way() -> None:
    ranking = _ranking("waks", None)
    rows = np.array([[3, 2, 1, 0], [7, 12, 30, 39]], dtype=np.int16)
    expected = _singles(ranking, rows)
    swapped = rows.astype(">i2" if np.little_endian else "<i2")
    assert ranking.evaluate_many(np.asfortranarray(swapped)).tolist() == expected
    with pytest.raises(InvalidDeckError, match="takes no masked array"):
        ranking.evaluate_many(np.ma.masked_array(rows, mask=np.zeros_like(rows)))
