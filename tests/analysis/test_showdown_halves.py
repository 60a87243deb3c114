"""Showdown odds counted by halves.

Every expected figure comes from an independent walk over every deal of the missing cards,
the hands classified by the oracle of ``tests/oracle.py`` (no code of the library under test):
a plain recursive walk, or, for six players sharing twelve unseen cards (7,484,400 deals), the
same walk vectorised with numpy.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest

np = pytest.importorskip("numpy")

import primero  # noqa: E402
from oracle import classify, strength  # noqa: E402
from primero import analysis  # noqa: E402
from primero.analysis.common import card_indices  # noqa: E402
from primero.analysis.showdown_halves import _pair_splits, _subsets, showdown_by_halves  # noqa: E402
from primero.errors import PrimeroError  # noqa: E402

Card = tuple[int, int]


def oracle_card(card: primero.Card) -> Card:
    return int(card.rank), int(card.suit)


def oracle_pack() -> list[Card]:
    return [(r, s) for s in range(4) for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)]


def situation(hands: list[str], unseen: str) -> tuple[list[list[Card]], list[Card], str]:
    """Known cards per player, the unseen cards, and every other card as dead (text)."""
    known = [[oracle_card(c) for c in primero.parse_cards(h)] for h in hands]
    rest = [oracle_card(c) for c in primero.parse_cards(unseen)]
    kept = {c for h in known for c in h} | set(rest)
    dead = " ".join(c.ascii for c in primero.ITALIAN40 if oracle_card(c) not in kept)
    return known, rest, dead


def ranked(values: list[tuple[float, int]]) -> dict[tuple[float, int], int]:
    return {v: i for i, v in enumerate(sorted(set(values)))}


def walk(known: list[list[Card]], unseen: list[Card]) -> tuple[list[int], list[int], list[int],
                                                               int]:
    """Every deal, one by one: (win with ties to the eldest, outright, best or tied, deals)."""
    n = len(known)
    win, outright, best, total = [0] * n, [0] * n, [0] * n, 0

    def go(i: int, free: list[Card], values: list[tuple[float, int]]) -> None:
        nonlocal total
        if i == n:
            total += 1
            top = max(values)
            holders = [k for k, v in enumerate(values) if v == top]
            win[holders[0]] += 1
            for k in holders:
                best[k] += 1
            if len(holders) == 1:
                outright[holders[0]] += 1
            return
        for extra in combinations(free, 4 - len(known[i])):
            rest = [c for c in free if c not in extra]
            go(i + 1, rest, [*values, strength(classify(tuple(known[i]) + extra))])

    go(0, list(unseen), [])
    return win, outright, best, total


def walk_vectorised(known: list[list[Card]], unseen: list[Card]) \
        -> tuple[list[int], list[int], list[int], int]:
    """The same walk for players who all need two cards, every deal a row of a numpy array."""
    n, u = len(known), len(unseen)
    pairs = list(combinations(range(u), 2))
    masks = np.array([(1 << a) | (1 << b) for a, b in pairs], dtype=np.int32)
    values = [[strength(classify((*known[j], unseen[a], unseen[b]))) for a, b in pairs]
              for j in range(n)]
    order = ranked([v for row in values for v in row])
    keys = np.array([[order[v] for v in row] for row in values], dtype=np.int16)
    used = np.zeros(1, dtype=np.int32)
    chosen = np.zeros((1, 0), dtype=np.int16)
    for _ in range(n - 1):
        rows, picks = np.nonzero((used[:, None] & masks[None, :]) == 0)
        used = used[rows] | masks[picks]
        chosen = np.hstack([chosen[rows], picks[:, None].astype(np.int16)])
    if 2 * n == u:  # the last player takes the last two cards
        left = ((1 << u) - 1) ^ used
        order = np.argsort(masks)
        last = order[np.searchsorted(masks[order], left)]
        assert (masks[last] == left).all()
        chosen = np.hstack([chosen, last[:, None].astype(np.int16)])
    else:
        rows, picks = np.nonzero((used[:, None] & masks[None, :]) == 0)
        chosen = np.hstack([chosen[rows], picks[:, None].astype(np.int16)])
    dealt = np.stack([keys[j][chosen[:, j]] for j in range(n)], axis=1)
    top = dealt.max(axis=1)
    holds = dealt == top[:, None]
    alone = holds.sum(axis=1) == 1
    first = holds.argmax(axis=1)
    win = [int((first == j).sum()) for j in range(n)]
    outright = [int((holds[:, j] & alone).sum()) for j in range(n)]
    best = [int(holds[:, j].sum()) for j in range(n)]
    return win, outright, best, len(dealt)


def check(hands: list[str], unseen: str, *, vectorised: bool = False) -> None:
    known, rest, dead = situation(hands, unseen)
    win, outright, best, total = (walk_vectorised if vectorised else walk)(known, rest)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert odds.outcomes == total
    assert list(odds.win) == [Fraction(w, total) for w in win]
    assert list(odds.outright) == [Fraction(o, total) for o in outright]
    assert list(odds.tie) == [Fraction(b - o, total) for b, o in zip(best, outright, strict=True)]


def test_six_players_after_round_one_sharing_twelve_unseen_cards() -> None:
    # every unseen card is dealt: 12! / 2**6 = 7,484,400 deals
    check(["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s"],
          "Ah 5h 4h As 7s 6s 7d 6d Kd 7c 6c Kc", vectorised=True)


def test_six_players_in_a_pack_of_ties() -> None:
    # faces are all worth 10 and a Numerus counts its best suit only: ties everywhere
    check(["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc", "Jh Js", "Jd Jc"],
          "7h 7s 7d 7c 2h 2s 2d 2c 5h 5s 5d 5c", vectorised=True)


@pytest.mark.parametrize(("hands", "unseen"), [
    # five players after round 1: halves of three and two players (sets of six and four)
    (["7h 6h", "Ks Qs", "Ad Ac", "7c 6c", "3h 3s"], "As 7s 7d 6s 6d Qh Qd Kc Kd 5h"),
    # six players, two of them with a full hand: four draw, halves of two and two
    (["7h 6h", "Ks Qs Kd Kh", "Ad Ac", "7c 6c", "2d 2c 2h 2s", "Jh Js"],
     "As 7s 7d 6s 6d Qh Qd Kc 5h"),
    # a full hand as the eldest and as the last player
    (["Ks Qs Kd Kh", "7h 6h", "Ad Ac", "7c 6c", "Jh Js", "2d 2c 2h 2s"],
     "As 7s 7d 6s 6d Qh Qd Kc 5h"),
])
def test_five_and_six_players_match_a_walk_over_every_deal(hands: list[str], unseen: str) -> None:
    check(hands, unseen)


@pytest.mark.parametrize(("hands", "unseen"), [
    (["7h 6h", "Ks Qs"], "As 7s 7d 6s 6d Qh Qd Kc"),
    (["7h 6h", "Ks Qs", "Ad Ac"], "As 7s 7d 6s 6d Qh Qd Kc"),
    (["7h 6h", "Ks Qs", "Ad Ac", "7c 6c"], "As 7s 7d 6s 6d Qh Qd Kc Kd"),
    (["7h 6h", "Ks Qs Kd Kh", "Ad Ac"], "As 7s 7d 6s 6d Qh Qd Kc"),
])
def test_counting_by_halves_matches_the_walk_for_two_to_four_players(hands: list[str],
                                                                    unseen: str) -> None:
    # the public function counts these by edges; the halves give the same counts
    known, rest, _ = situation(hands, unseen)
    ranking = primero.get_variant("waks").ranking
    held = [card_indices(ranking, primero.parse_cards(h)) for h in hands]
    pack = {oracle_card(c): c for c in primero.ITALIAN40}
    unseen_indices = card_indices(ranking, [pack[c] for c in rest])
    win, outright, best, _ = walk(known, rest)
    found = showdown_by_halves(ranking, held, [4 - len(h) for h in held], unseen_indices)
    assert found == (win, outright, best)


def test_six_players_from_sixteen_unseen_cards_share_out_every_deal() -> None:
    hands = ["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s"]
    _, _, dead = situation(hands, "Ah 5h 4h As 7s 6s 7d 6d Kd 7c 6c Kc Qh Qd Js 3d")
    odds = analysis.showdown_probabilities(hands, dead=dead)
    assert odds.outcomes == math.prod(math.comb(16 - 2 * k, 2) for k in range(6))
    assert sum(odds.win) == 1
    assert odds.win[0] == odds.outright[0] + odds.tie[0]  # the eldest wins its ties
    assert odds.win[5] == odds.outright[5]  # the last player none


def test_the_subsets_are_in_colexicographic_order_and_the_passes_drop_one_card() -> None:
    combos, offsets, passes = _subsets(7, 4)
    for k in range(5):
        expected = sorted(combinations(range(7), k), key=lambda s: tuple(reversed(s)))
        assert [tuple(row) for row in combos[k].tolist()] == expected
    flat = [tuple(row) for k in range(5) for row in combos[k].tolist()]
    assert offsets == [0, 1, 8, 29, 64, 99]
    for card, (with_card, without_card) in enumerate(passes):
        pairs = {(flat[w], flat[wo]) for w, wo in zip(with_card.tolist(), without_card.tolist(),
                                                      strict=True)}
        assert pairs == {(s, tuple(c for c in s if c != card)) for s in flat if card in s}


def test_pair_splits_hand_every_position_out_once() -> None:
    splits = _pair_splits(6)
    assert len(splits) == math.factorial(6) // 2**3 == 90
    assert len(set(splits)) == 90
    assert all(sorted(p for pair in split for p in pair) == list(range(6)) for split in splits)


def test_counting_by_halves_refuses_tables_too_large_to_hold() -> None:
    hands = ["7h 6h", "Ks Qs", "5d 4c", "Ac 2d", "Jh 3s", "2c 5s"]
    with pytest.raises(PrimeroError, match=r"counting 6 hands by halves would hold [\d,]+ table "
                                           r"entries .* of the 40 unseen cards"):
        analysis.showdown_probabilities(hands, "waks:deck=french52")
