"""Suzuki's passes of a hand, found in shared tables, are the hook's passes, in its order.

:func:`~primero.deal.fast_dealing.exchange_passes` finds the passes of a hand of two or four
distinct cards by their cards' indices (one shared object per set of cards, nothing kept per
hand), and :func:`~primero.deal.fast_dealing.passes_spelt` spells them into a betting tuple
in place of its plain pass: both give what the core's readable hook gives
(:func:`~primero.rules.betting.exchange_passes`,
:func:`~primero.rules.betting.with_exchange_passes`), for every hand size and pass size.
"""

from __future__ import annotations

import random

import pytest

from primero.actions import Hold, Pass, Vie
from primero.cards import CARDS_BY_INDEX, parse_cards
from primero.deal import fast_dealing
from primero.deal.fast_dealing import exchange_passes, passes_spelt
from primero.rules import betting


def test_a_hand_of_two_spells_its_two_single_passes_then_the_pair() -> None:
    # hand-worked: 7s then 6s as held; each pass names its cards in pack order (6 before 7)
    passes = exchange_passes(parse_cards("7s 6s"), 2)
    assert [str(p) for p in passes] == ["pass exchange 7s", "pass exchange 6s",
                                        "pass exchange 6s 7s"]


def test_a_hand_of_four_spells_four_single_passes_then_six_pairs_in_the_order_held() -> None:
    passes = exchange_passes(parse_cards("Ks 3s 7s Qs"), 2)
    assert [str(p) for p in passes] == [
        "pass exchange Ks", "pass exchange 3s", "pass exchange 7s", "pass exchange Qs",
        "pass exchange 3s Ks", "pass exchange 7s Ks", "pass exchange Qs Ks",
        "pass exchange 3s 7s", "pass exchange 3s Qs", "pass exchange 7s Qs"]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("most", [1, 2, 3])
def test_the_passes_of_random_hands_equal_the_hooks(size: int, most: int) -> None:
    rng = random.Random(size * 10 + most)
    for _ in range(200):
        hand = tuple(rng.sample(CARDS_BY_INDEX, size))
        assert exchange_passes(hand, most) == betting.exchange_passes(hand, most)


def test_two_hands_share_the_pass_objects_of_their_common_cards() -> None:
    first = exchange_passes(parse_cards("7s 6h Ad Kc"), 2)
    second = exchange_passes(parse_cards("6h 7s"), 2)
    assert first[0] is second[1]  # 7s
    assert first[1] is second[0]  # 6h
    assert first[4] is second[2]  # 7s 6h, either order
    # the general way (three cards a pass) finds the very same objects
    assert exchange_passes(parse_cards("7s 6h Ad Kc"), 3)[4] is first[4]


@pytest.mark.parametrize("bets", [(Pass(), Vie(1), Vie(2)), (Hold(), Hold(1), Pass()),
                                  (Hold(), Hold(1)), (Pass(), Hold(2), Pass())],
                         ids=["pass-first", "pass-last", "no-pass", "two-passes"])
def test_the_spelt_bets_equal_the_hooks_and_are_one_object_per_bets_and_hand(
        bets: tuple[object, ...]) -> None:
    rng = random.Random(len(bets))
    for size in (2, 4):
        hand = tuple(rng.sample(CARDS_BY_INDEX, size))
        spelt = passes_spelt(bets, hand, 2)  # type: ignore[arg-type]
        assert spelt == betting.with_exchange_passes(bets, hand, 2)  # type: ignore[arg-type]
        assert passes_spelt(bets, tuple(hand), 2) is spelt  # type: ignore[arg-type]
        if not any(type(a) is Pass for a in bets):
            assert spelt is bets  # nothing to spell: the tuple itself


def test_the_spelt_answers_are_forgotten_once_the_tables_are_full() -> None:
    bets = (Pass(), Vie(1))
    hands = [tuple(random.Random(k).sample(CARDS_BY_INDEX, 4)) for k in range(3)]
    first = passes_spelt(bets, hands[0], 2)  # type: ignore[arg-type]
    for k in range(fast_dealing._KEPT + 1):  # other betting tuples fill the tables
        passes_spelt((Pass(), Vie(1 + k % 3)), hands[k % 3], 2)  # type: ignore[arg-type]
    assert len(fast_dealing._SPLIT) <= fast_dealing._KEPT
    assert len(fast_dealing._ANSWERS) <= fast_dealing._KEPT
    again = passes_spelt(bets, hands[0], 2)  # type: ignore[arg-type]
    assert again == first == betting.with_exchange_passes(bets, hands[0], 2)  # type: ignore[arg-type]
