"""Card removal by inclusion–exclusion (primero.solve.ranges) against brute force.

The hand-worked case: eight cards, four-card hands. Two hands that share no card split the
eight, so each hand faces exactly one hand, its complement: the sums over the opponent's
disjoint hands are that one hand's weight, in the slot (weaker, tied, stronger) the two
hands' comparison says. The comparison is the ranking's own ``evaluate``, hand by hand.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from primero import get_variant, parse_cards
from primero.solve.ranges import CardRemoval, HandRange

EIGHT = parse_cards("7s 7h 7d 7c As Ah 6d 6c")


def eight_card_range() -> HandRange:
    variant = get_variant("revival")
    ranking = variant.ranking
    combos = np.array(list(combinations(range(8), 4)), dtype=np.int64)
    values = [ranking.evaluate([EIGHT[i] for i in row]) for row in combos]
    class_names = ranking.hand_table.classes
    return HandRange(cards=combos, strength=np.array([v.strength for v in values]),
                     class_id=np.array([class_names.index(v.hand_class) for v in values]),
                     classes=class_names, pool=EIGHT)


def test_each_eight_card_hand_faces_only_its_complement_in_the_right_slot() -> None:
    hands = eight_card_range()
    assert len(hands) == 70  # C(8, 4)
    weights = np.arange(1.0, 71.0)  # hand o weighs o + 1: each sum names the hand it came from
    sums = CardRemoval(hands, hands).sums(weights)
    ranking = get_variant("revival").ranking
    index = {tuple(row): k for k, row in enumerate(hands.cards.tolist())}
    for h, row in enumerate(hands.cards.tolist()):
        rest = tuple(sorted(set(range(8)) - set(row)))
        o = index[rest]
        mine = ranking.evaluate([EIGHT[i] for i in row])
        theirs = ranking.evaluate([EIGHT[i] for i in rest])
        expected = (weights[o] if theirs < mine else 0.0, weights[o] if theirs == mine else 0.0,
                    weights[o] if theirs > mine else 0.0)
        assert (sums.below[h], sums.tied[h], sums.above[h]) == expected


def test_the_four_sevens_beat_their_complement_by_hand() -> None:
    # 7s 7h 7d 7c is a Chorus; the other four, As Ah 6d 6c, one of each suit, a Primero 68:
    # the Chorus wins, so its only opponent hand is weaker.
    hands = eight_card_range()
    sevens = hands.cards.tolist().index([0, 1, 2, 3])
    others = hands.cards.tolist().index([4, 5, 6, 7])
    weights = np.zeros(70)
    weights[others] = 0.25
    sums = CardRemoval(hands, hands).sums(weights)
    assert (sums.below[sevens], sums.tied[sevens], sums.above[sevens]) == (0.25, 0.0, 0.0)
    assert (sums.below[others], sums.tied[others], sums.above[others]) == (0.0, 0.0, 0.0)


def test_sums_match_brute_force_on_twelve_cards_and_two_card_hands_with_open_cards() -> None:
    # Two face-down cards each from ten, ranked with each seat's own open pair (as in the toy):
    # every pair of disjoint hands compared one by one.
    ranking = get_variant("revival").ranking
    pool = parse_cards("As Ah Ad 6s 6h 5d 5c 4s 3h 2d")
    opened = (parse_cards("7s 6d"), parse_cards("7h 6c"))
    combos = np.array(list(combinations(range(10), 2)), dtype=np.int64)

    def seat_range(seat: int) -> HandRange:
        values = [ranking.evaluate([*opened[seat], *(pool[i] for i in row)]) for row in combos]
        return HandRange(cards=combos, strength=np.array([v.strength for v in values]),
                         class_id=np.zeros(len(combos), dtype=np.int64),
                         classes=ranking.hand_table.classes, pool=pool)

    own, other = seat_range(0), seat_range(1)
    rng = np.random.default_rng(7)
    weights = rng.random(len(other))
    sums = CardRemoval(own, other).sums(weights)
    for h, row in enumerate(combos.tolist()):
        mine = ranking.evaluate([*opened[0], *(pool[i] for i in row)])
        expected = [0.0, 0.0, 0.0]
        for o, theirs_row in enumerate(combos.tolist()):
            if set(row) & set(theirs_row):
                continue
            theirs = ranking.evaluate([*opened[1], *(pool[i] for i in theirs_row)])
            expected[0 if theirs < mine else 1 if theirs == mine else 2] += weights[o]
        got = (sums.below[h], sums.tied[h], sums.above[h])
        assert np.allclose(got, expected, rtol=0, atol=1e-12)
    assert np.allclose(CardRemoval(own, other).totals(weights), sums.total, rtol=0, atol=1e-12)
