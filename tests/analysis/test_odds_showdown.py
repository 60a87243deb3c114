"""Showdown odds, the faster counts: every path gives the walk's counts.

The expected counts come from the independent walk of
``tests/analysis/test_showdown_halves.py`` over every deal of the missing cards, hands classified
by ``tests/oracle.py``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

np = pytest.importorskip("numpy")

from test_showdown_halves import situation, walk  # noqa: E402

from primero import analysis  # noqa: E402
from primero.analysis import showdown_halves  # noqa: E402

FIVE = (["7h 6h", "Ks Qs", "Ad Ac", "7c 6c", "3h 3s"], "As 7s 7d 6s 6d Qh Qd Kc Kd 5h")
WITH_FULL_HANDS = (["Ks Qs Kd Kh", "7h 6h", "Ad Ac", "7c 6c", "Jh Js", "2d 2c 2h 2s"],
                   "As 7s 7d 6s 6d Qh Qd Kc 5h")
FOUR = (["7h 6h", "Ks Qs", "Ad Ac", "7c 6c"], "As 7s 7d 6s 6d Qh Qd Kc Kd 5h 5d")


def expected(hands: list[str], unseen: str) -> tuple[str, int, list[Fraction], list[Fraction],
                                                     list[Fraction]]:
    known, rest, dead = situation(hands, unseen)
    win, outright, best, total = walk(known, rest)
    return (dead, total, [Fraction(w, total) for w in win],
            [Fraction(o, total) for o in outright],
            [Fraction(b - o, total) for b, o in zip(best, outright, strict=True)])


@pytest.mark.parametrize("holders", [True, False])
@pytest.mark.parametrize("case", [FIVE, WITH_FULL_HANDS])
def test_halves_count_the_walk_with_or_without_the_holders_of_each_deal(
        case: tuple[list[str], str], holders: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not holders:  # the players' sums look every deal's keys up again (the general path)
        monkeypatch.setattr(showdown_halves, "HOLDER_PLAYERS", 0)
    hands, unseen = case
    dead, total, win, outright, tie = expected(hands, unseen)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert odds.outcomes == total
    assert list(odds.win) == win and list(odds.outright) == outright and list(odds.tie) == tie


#: A Chorus in hand: no completion of a drawing player can beat it, every case is skipped.
CHORUS = (["Ks Qs", "7h 7s 7d 7c", "Ad Ac", "5c 4c"], "As 6s 6d Qh Qd Kc Kd 5h 5d 2s")
#: A strong opponent: most completions of the others lose to every one of its own.
STRONG = (["2s 3s", "7h 6h", "Ad 2d", "3c 4c"], "As 7s 7d 6s 6d Qh Qd Kc Kh 5h 5d 4h")


@pytest.mark.parametrize("case", [FOUR, CHORUS,
                                  pytest.param(STRONG, marks=pytest.mark.slow)])  # ~6 s of CPU
def test_four_players_counted_by_edges_match_the_walk(case: tuple[list[str], str]) -> None:
    hands, unseen = case
    dead, total, win, outright, tie = expected(hands, unseen)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert odds.outcomes == total
    assert list(odds.win) == win and list(odds.outright) == outright and list(odds.tie) == tie


def test_a_side_remembers_each_deals_best_key_and_its_holders() -> None:
    """Three players on six cards: 90 deals per set, holders as bits (hand-worked keys)."""
    u, size = 6, 6
    sets = np.array([[0, 1, 2, 3, 4, 5]])
    # player 0's key is 1 on every pair, player 1's 2 on the pair (0, 1) else 0, player 2's 2
    keys = [np.ones(u * u, dtype=np.int32), np.zeros(u * u, dtype=np.int32),
            np.full(u * u, 2, dtype=np.int32)]
    keys[1][0 * u + 1] = keys[1][1 * u + 0] = 2
    side = showdown_halves._side([0, 1, 2], size, sets, keys, [2, 2, 2], u, 3)
    assert side.deals == 90 and side.top is not None and side.holders is not None
    assert set(side.top.ravel().tolist()) == {2}  # player 2 always holds 2
    # player 1 ties it when dealt (0, 1): players 0 and 2 share the other four cards 6 ways
    counts = np.bincount(side.holders.ravel(), minlength=8)
    assert counts[0b100] == 84 and counts[0b110] == 6 and counts.sum() == 90
    assert side.table.tolist() == [[0, 0, 90]]
