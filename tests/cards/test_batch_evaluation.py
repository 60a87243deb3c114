"""``Ranking.evaluate_many``: the compiled batch against the numpy path and single hands.

Where the compiled evaluator loads, an ``(N, 4)`` C-contiguous integer array is read in one
native call (:func:`primero.native_evaluator.batcher`); ``PRIMERO_NO_NATIVE=1`` sends the
same call the numpy way. Both must give every hand's strength as :meth:`Ranking.evaluate`
does, in every integer type, and refuse the same hands with the same message.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from primero import InvalidDeckError, get_variant
from primero.native_evaluator import batcher

DTYPES = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)

needs_native = pytest.mark.skipif(batcher() is None,
                                  reason="the compiled evaluator is not built here")


def _both_ways(ranking: object, hands: np.ndarray, monkeypatch: pytest.MonkeyPatch) \
        -> tuple[object, object]:
    """``evaluate_many(hands)`` natively and the numpy way (each its value or its error)."""
    results = []
    for switch in ("0", "1"):
        monkeypatch.setenv("PRIMERO_NO_NATIVE", switch)
        try:
            results.append(ranking.evaluate_many(hands))  # type: ignore[attr-defined]
        except InvalidDeckError as exc:
            results.append(("error", str(exc)))
    monkeypatch.delenv("PRIMERO_NO_NATIVE")
    return results[0], results[1]


@needs_native
@pytest.mark.parametrize("name", ["waks", "losing", "roman"])
def test_every_hand_of_the_pack_gets_its_single_strength_both_ways(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = get_variant(name).ranking
    cards = ranking.pack.ordered
    hands = list(itertools.combinations(cards, 4))
    single = np.array([ranking.evaluate(hand).strength for hand in hands])
    rows = np.array([[ranking.pack.index(c) for c in hand] for hand in hands])
    rows = np.ascontiguousarray(rows[:, [2, 0, 3, 1]])  # any order of the four cards
    assert rows.shape == (comb(len(cards), 4), 4)
    native, numpy_way = _both_ways(ranking, rows, monkeypatch)
    assert isinstance(native, np.ndarray) and isinstance(numpy_way, np.ndarray)
    assert native.dtype == numpy_way.dtype
    assert (native == single).all() and (numpy_way == single).all()


@needs_native
@pytest.mark.parametrize("dtype", DTYPES)
def test_every_integer_type_reads_alike(dtype: type, monkeypatch: pytest.MonkeyPatch) -> None:
    ranking = get_variant("waks").ranking
    rng = np.random.default_rng(7)
    rows = np.array([rng.permutation(40)[:4] for _ in range(500)]).astype(dtype)
    expected = [ranking.evaluate(tuple(ranking.pack.ordered[i] for i in row)).strength
                for row in rows.tolist()]
    native, numpy_way = _both_ways(ranking, rows, monkeypatch)
    assert native.tolist() == numpy_way.tolist() == expected  # type: ignore[attr-defined]
    assert ranking.evaluate_many(rows[:0]).shape == (0,)


OUTSIDE = "is outside the italian40 pack (0..39)"


@needs_native
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("bad", "message"), [
    ([5, 1, 5, 3], "hand 1 of evaluate_many: duplicate card 6s (6♠) in the hand"),
    ([0, 1, 2, 40], f"hand 1 of evaluate_many: card index 40 {OUTSIDE}"),
    ([0, 1, 2, 127], f"hand 1 of evaluate_many: card index 127 {OUTSIDE}"),
    ([-1, 1, 2, 3], f"hand 1 of evaluate_many: card index -1 {OUTSIDE}"),
])
def test_bad_hands_refused_alike(dtype: type, bad: list[int], message: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if min(bad) < 0 and np.dtype(dtype).kind == "u":
        pytest.skip("no negative index in an unsigned array")
    ranking = get_variant("waks").ranking
    rows = np.array([[0, 1, 2, 3], bad]).astype(dtype)
    native, numpy_way = _both_ways(ranking, rows, monkeypatch)
    assert native == numpy_way == ("error", message)


@needs_native
def test_an_index_past_two_to_the_63_is_outside_the_pack(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    ranking = get_variant("waks").ranking
    rows = np.array([[0, 1, 2, 2**63 + 5]], dtype=np.uint64)
    native, numpy_way = _both_ways(ranking, rows, monkeypatch)
    assert native == numpy_way
    assert native[0] == "error" and "is outside the italian40 pack" in native[1]  # type: ignore[index]


def test_arrays_the_compiled_batch_does_not_read_go_the_numpy_way() -> None:
    ranking = get_variant("waks").ranking
    rows = np.array([[3, 2, 1, 0], [7, 12, 30, 39]], dtype=np.int16)
    expected = [ranking.evaluate(tuple(ranking.pack.ordered[i] for i in row)).strength
                for row in rows.tolist()]
    for given in (rows.astype(">i2"), np.asfortranarray(rows), rows[:, ::-1][:, ::-1].copy(),
                  np.ascontiguousarray(rows.T).T):
        assert ranking.evaluate_many(given).tolist() == expected
