"""The compiled showdown kernel: the same exact counts as numpy and as a walk.

Counting by halves runs in C (``primero/analysis/_native/halves.c``) when the kernel is built,
else with numpy. Expected counts come from an independent walk over every deal: of players'
synthetic keys (a plain recursion here), or of real hands classified by ``tests/oracle.py``
(the walk of ``tests/analysis/test_showdown_halves.py``); the two counters must also agree
exactly with each other on larger cases. Where no install built the kernel, the tests build it
themselves (and skip only without a C compiler).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from test_showdown_halves import situation, walk  # noqa: E402

import primero  # noqa: E402
from primero import analysis  # noqa: E402
from primero.analysis import _native  # noqa: E402
from primero.analysis._native import build  # noqa: E402
from primero.analysis.common import as_variant  # noqa: E402
from primero.analysis.showdown_halves import count_by_halves  # noqa: E402


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The compiled kernel: the installed one, else built here (skipped without a compiler)."""
    lib = _native.library()
    if lib is not None:
        return lib
    target = tmp_path_factory.mktemp("native") / _native.LIBRARY_NAME
    failure = build.compile_library(target)
    if failure is not None:
        if build.find_compiler() is None:
            pytest.skip(failure)
        pytest.fail(f"the kernel does not compile: {failure}")
    lib = _native.load(target)
    assert lib is not None
    return lib


@pytest.fixture
def native(kernel: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Counting by halves goes through the kernel (the installed one or the one built here)."""
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    monkeypatch.setattr(_native, "library", lambda: kernel)
    yield


def synthetic_keys(u: int, to_come: list[int], k_count: int, seed: int) -> list[Any]:
    """Random dense keys: a symmetric (u, u) matrix per drawing player, a key per full hand."""
    rng = np.random.default_rng(seed)
    keys: list[Any] = []
    for n in to_come:
        if n == 2:
            upper = np.triu(rng.integers(0, k_count, size=(u, u), dtype=np.int32), 1)
            keys.append((upper + upper.T).ravel())
        else:
            keys.append(int(rng.integers(0, k_count)))
    return keys


def walk_keys(keys: list[Any], to_come: list[int], u: int) \
        -> tuple[list[int], list[int], list[int]]:
    """Every deal of disjoint pairs, one by one: (win with ties to the eldest, outright, best)."""
    n = len(to_come)
    win, outright, best = [0] * n, [0] * n, [0] * n

    def go(j: int, free: list[int], values: list[int]) -> None:
        if j == n:
            top = max(values)
            holders = [i for i, v in enumerate(values) if v == top]
            win[holders[0]] += 1
            for i in holders:
                best[i] += 1
            if len(holders) == 1:
                outright[holders[0]] += 1
            return
        if to_come[j] == 0:
            go(j + 1, free, [*values, keys[j]])
            return
        for x in range(len(free)):
            for y in range(x + 1, len(free)):
                rest = free[:x] + free[x + 1:y] + free[y + 1:]
                go(j + 1, rest, [*values, int(keys[j][free[x] * u + free[y]])])

    go(0, list(range(u)), [])
    return win, outright, best


@pytest.mark.parametrize(("u", "to_come", "k_count", "seed"), [
    (10, [2, 2, 2, 2, 2], 6, 1),  # five players, halves of three and two
    (10, [2, 2, 2, 2, 2], 2, 2),  # two keys only: ties everywhere
    (10, [2, 2, 2, 2, 2], 1, 3),  # one key: every deal a five-way tie
    (10, [2, 0, 2, 2, 0, 2], 5, 4),  # full hands between the drawing players
    (9, [0, 2, 2, 2, 2, 0], 3, 5),  # a full hand first and last
    (10, [2, 2, 0, 2, 2, 2], 4, 7),  # a half of three drawing players and a full hand
    (11, [2, 2, 2, 2], 40, 6),  # many keys, three cards left over
])
def test_the_kernel_and_numpy_count_the_walk_of_synthetic_keys(
        native: None, u: int, to_come: list[int], k_count: int, seed: int) -> None:
    keys = synthetic_keys(u, to_come, k_count, seed)
    expected = walk_keys(keys, to_come, u)
    assert sum(expected[0]) > 0
    assert count_by_halves(keys, to_come, u, k_count) == expected
    assert count_by_halves(keys, to_come, u, k_count, native=False) == expected


def test_the_kernel_counts_by_itself(native: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel, not numpy, gave the counts above: numpy's counting is made to fail."""
    from primero.analysis import showdown_halves

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("numpy was asked to count")

    monkeypatch.setattr(showdown_halves, "_side", refuse)
    keys = synthetic_keys(10, [2] * 5, 6, 1)
    assert count_by_halves(keys, [2] * 5, 10, 6) == walk_keys(keys, [2] * 5, 10)
    with pytest.raises(AssertionError, match="numpy was asked"):
        count_by_halves(keys, [2] * 5, 10, 6, native=False)


def test_six_players_in_a_pack_of_ties_counted_in_c_match_the_walk(native: None) -> None:
    # faces are all worth 10, six players share the twelve unseen cards (7,484,400 deals)
    hands = ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc", "Jh Js", "Jd Jc"]
    known, rest, dead = situation(hands, "7h 7s 7d 7c 2h 2s 2d 2c 5h 5s 5d 5c")
    from test_showdown_halves import walk_vectorised

    win, outright, best, total = walk_vectorised(known, rest)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert odds.outcomes == total
    assert list(odds.win) == [Fraction(w, total) for w in win]
    assert list(odds.outright) == [Fraction(o, total) for o in outright]
    assert list(odds.tie) == [Fraction(b - o, total) for b, o in zip(best, outright, strict=True)]


def test_full_hands_mixed_in_counted_in_c_match_the_walk(native: None) -> None:
    hands = ["Ks Qs Kd Kh", "7h 6h", "Ad Ac", "7c 6c", "Jh Js", "2d 2c 2h 2s"]
    known, rest, dead = situation(hands, "As 7s 7d 6s 6d Qh Qd Kc 5h")
    win, outright, best, total = walk(known, rest)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert list(odds.win) == [Fraction(w, total) for w in win]
    assert list(odds.outright) == [Fraction(o, total) for o in outright]
    assert list(odds.tie) == [Fraction(b - o, total) for b, o in zip(best, outright, strict=True)]


def numpy_and_native(hands: list[str], variant: str, unseen: str,
                     monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    pack = as_variant(variant, {}).pack
    kept = {c for h in hands for c in primero.parse_cards(h)} | set(primero.parse_cards(unseen))
    dead = [c for c in pack if c not in kept]
    native = analysis.showdown_probabilities(hands, variant, dead=dead)
    assert native.unseen == len(primero.parse_cards(unseen))
    monkeypatch.setenv("PRIMERO_NO_NATIVE", "1")
    numpy = analysis.showdown_probabilities(hands, variant, dead=dead)
    monkeypatch.delenv("PRIMERO_NO_NATIVE")
    return native, numpy


@pytest.mark.parametrize(("hands", "variant", "unseen"), [
    # the 48-card pack, 16 unseen cards
    (["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s"], "waks:deck=spanish48",
     "Ah 5h 4h As 7s 6s 7d 6d Kd 7c 6c Kc Qh Qd Js 9d"),
    # seven players: halves of four and three drawing players (the kernel's general loop)
    (["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s", "Kh Qh"], "waks",
     "Ah 5h 4h As 7s 6s 7d 6d Kd 7c 6c Kc Qd Js"),
    # four drawing players and a full hand, the 40-card pack, 17 unseen
    (["7h 6h", "Ks Qs", "5d 4c Ad Ac", "Jh 3s", "2c 5s"], "waks",
     "Ah 5h 4h As 7s 6s 7d 6d Kd 7c 6c Kc Qh Qd Js 3d 2d"),
])
def test_the_kernel_and_numpy_give_the_same_exact_odds(
        native: None, hands: list[str], variant: str, unseen: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    in_c, in_numpy = numpy_and_native(hands, variant, unseen, monkeypatch)
    assert in_c == in_numpy
    assert sum(in_c.win) == 1


#: Four drawing players and a full hand, nine unseen cards (22,680 deals).
FIVE = (["7h 6h", "Ks Qs", "Ad Ac 5d 4c", "7c 6c", "3h 3s"], "As 7s 7d 6s 6d Qh Qd Kc Kd")


def expected_odds(hands: list[str], unseen: str) -> tuple[str, list[Fraction]]:
    known, rest, dead = situation(hands, unseen)
    win, _, _, total = walk(known, rest)
    return dead, [Fraction(w, total) for w in win]


def test_primero_no_native_counts_with_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise AssertionError("the kernel was looked up")

    monkeypatch.setenv("PRIMERO_NO_NATIVE", "1")
    monkeypatch.setattr(_native, "library", refuse)
    assert _native.native_disabled()
    assert _native.count_by_halves([0, 0], [0, 0], 4, 1, 1) is None
    dead, win = expected_odds(*FIVE)
    assert list(analysis.showdown_probabilities(FIVE[0], dead=dead).win) == win


@pytest.mark.parametrize(("value", "disabled"), [("", False), ("0", False), ("1", True),
                                                 ("yes", True)])
def test_primero_no_native_values(monkeypatch: pytest.MonkeyPatch, value: str,
                                  disabled: bool) -> None:
    monkeypatch.setenv("PRIMERO_NO_NATIVE", value)
    assert _native.native_disabled() is disabled


def test_a_kernel_that_does_not_load_falls_back_to_numpy_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / _native.LIBRARY_NAME
    broken.write_bytes(b"\x7fELF not a library at all")
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    monkeypatch.setattr(_native, "library_path", lambda: broken)
    _native.library.cache_clear()
    try:
        dead, win = expected_odds(*FIVE)
        with pytest.warns(RuntimeWarning, match="does not load.*counting with numpy instead"):
            odds = analysis.showdown_probabilities(FIVE[0], dead=dead)
        assert list(odds.win) == win
    finally:
        _native.library.cache_clear()


def test_a_missing_kernel_falls_back_to_numpy_silently(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    assert _native.load(tmp_path / "absent.so") is None
    monkeypatch.setattr(_native, "library", lambda: None)
    dead, win = expected_odds(*FIVE)
    assert list(analysis.showdown_probabilities(FIVE[0], dead=dead).win) == win


def test_counts_beyond_the_kernel_go_to_numpy(native: None) -> None:
    # seventeen players on one half: more holders than the kernel's masks hold
    assert _native.count_by_halves([0] * 18, [0] * 18, 4, 17, 1) is None
    # a half of nine drawing players
    assert _native.count_by_halves([np.zeros(400, dtype=np.int32)] * 10, [2] * 10, 20, 9,
                                   1) is None


def test_build_compiles_a_kernel_that_loads_and_counts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the build hook runs at install: compile halves.c, load it, count with it."""
    if build.find_compiler() is None:
        pytest.skip("no C compiler")
    target = tmp_path / _native.LIBRARY_NAME
    assert build.compile_library(target) is None
    lib = _native.load(target)
    assert lib is not None
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    monkeypatch.setattr(_native, "library", lambda: lib)
    keys = synthetic_keys(10, [2, 0, 2, 2, 0, 2], 5, 4)
    assert _native.count_by_halves(keys, [2, 0, 2, 2, 0, 2], 10, 3, 5) == \
        walk_keys(keys, [2, 0, 2, 2, 0, 2], 10)


def test_build_reports_a_missing_compiler(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert build.find_compiler() is None
    failure = build.compile_library(tmp_path / _native.LIBRARY_NAME)
    assert failure is not None and "no C compiler" in failure
    assert not (tmp_path / _native.LIBRARY_NAME).exists()


def test_a_kernel_of_another_interface_is_refused_with_a_warning(tmp_path: Path) -> None:
    """A stale library (an older checkout's editable build) is not called."""
    if build.find_compiler() is None:
        pytest.skip("no C compiler")
    source = tmp_path / "stale.c"
    source.write_text("int primero_halves_abi(void) { return 0; }\n"
                      "int primero_halves_count(void) { return 0; }\n")
    target = tmp_path / _native.LIBRARY_NAME
    assert build.compile_library(target, source) is None
    with pytest.warns(RuntimeWarning, match="built for interface 0, this primero needs 1"):
        assert _native.load(target) is None


def test_full_hands_only_count_their_one_deal_on_either_path(native: None) -> None:
    # every hand full, no unseen card (once a kernel crash: its full-hand keys read past an
    # empty key array): one deal, the eldest of the tied best takes the pot
    for on in (True, False):
        assert count_by_halves([3, 5, 5], [0, 0, 0], 0, 6, native=on) == (
            [0, 1, 0], [0, 0, 0], [0, 1, 1])
        assert count_by_halves([4, 1], [0, 0], 5, 6, native=on) == ([1, 0], [1, 0], [1, 0])


@pytest.mark.parametrize(("keys", "to_come", "u", "k_count", "message"), [
    ([7, 1], [0, 0], 3, 6, "player 1's keys run from 7 to 7; expected 0 .. 5"),
    ([-1, 1], [0, 0], 3, 6, "player 1's keys run from -1 to -1"),
    ([np.zeros(9, dtype=np.int32), np.full(9, 9, dtype=np.int32)], [2, 2], 3, 6,
     "player 2's keys run from 9 to 9"),
    ([np.zeros(8, dtype=np.int32), 1], [2, 0], 3, 6, "player 1's keys have shape (8,)"),
    ([1, 1], [1, 0], 3, 6, "player 1 is missing 1 card;"),  # in the singular
    ([np.zeros(9, dtype=np.int32)] * 2, [2, 2], 3, 6, "2 players need two cards each but "
     "only 3 are unseen"),
    ([1], [0], 3, 6, "two or more players"),
])
def test_counting_by_halves_refuses_what_the_kernel_cannot_count(
        native: None, keys: list[Any], to_come: list[int], u: int, k_count: int,
        message: str) -> None:
    # the compiled kernel trusts its input: a key outside the table would be read past its end
    with pytest.raises(primero.PrimeroError, match=message.replace("(", r"\(").replace(
            ")", r"\)")):
        count_by_halves(keys, to_come, u, k_count)
