"""The reading learns from the hands shown at a showdown, and reads no hand that was not shown.

Revival heads-up, Anna (eldest) vies 1 and Ben holds: the deal ends at a showdown, both hands
shown. The seeds below deal Anna a strong hand (a tight vier's session) or a weak one (a
bluffer's); the figures are worked by hand from the counts, the priors and the hands'
strengths, read from the strength table (checked against a walk over every hand in
``test_strength_table_equals_a_walk_over_every_hand``), not from the reading under test.
"""

from __future__ import annotations

import pytest

import primero
from primero.agents.reading import PRIOR_SHOWN, Counts, Reading, count
from primero.agents.strength import Strength
from primero.cards import Card
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.testing.privacy import check_view_hides

REVIVAL = primero.get_variant("revival")
TABLE = Strength.of(REVIVAL.ranking)
#: Seeds where Anna's hand at the showdown is strong (above 0.85), and weak (below 0.2).
STRONG = (2, 3, 21)
WEAK = (0, 6, 20)


def vied_and_held(seed: int) -> GameState:
    """Anna vies 1, Ben holds: the deal is over at a showdown."""
    end = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=1, seed=seed) \
        .apply("vie 1").apply("hold")
    assert end.over and end.settlement is not None and end.settlement.showdown
    return end


def strength(cards: tuple[Card, ...]) -> float:
    return TABLE.share_of_mask(sum(c.bit for c in cards))


def rank(share: float, typical: float) -> float:
    """Where a hand stands among hands at a deal's end, around the typical one (a half)."""
    if share <= typical:
        return 0.5 * share / typical
    return 0.5 + 0.5 * (share - typical) / (1 - typical)


def session(seeds: tuple[int, ...]) -> tuple[Reading, list[float], list[float]]:
    """Ben's reading after the deals of ``seeds``: Anna's shown strengths and Ben's own."""
    reading = Reading()
    anna, ben = [], []
    for seed in seeds:
        view = vied_and_held(seed).view(1)
        reading.observe(view)
        reading.observe(view)  # the same end again counts nothing more
        anna.append(strength(view.seats[0].shown))
        ben.append(strength(view.hand))
    return reading, anna, ben


def test_a_vier_shown_strong_is_read_tighter_and_one_shown_weak_looser() -> None:
    tight, strong, ben_tight = session(STRONG)
    loose, weak, ben_loose = session(WEAK)
    assert min(strong) > 0.85 and max(weak) < 0.2
    # a fourth deal: Anna vies, Ben to answer (nothing of it shown yet)
    probe = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=1, seed=5).apply("vie 1").view(1)
    # Anna vied in 4 deals of 4: p_bet (4 + 0.35 * 4) / (4 + 4) = 0.675; never answered a
    # raise, so her bets follow her cards as the prior says, 1 - 0.05 / 0.5 = 0.9
    prior = 0.9 * (1 - 5.4 / 8)
    assert prior == pytest.approx(0.2925)
    for reading, shown, own in ((tight, strong, ben_tight), (loose, weak, ben_loose)):
        reading.observe(probe)  # a new deal: the three shown deals go to the past, once each
        assert reading.past["Anna"].shown_bets == pytest.approx(tuple(shown))
        assert reading.current["Anna"].shown_bets == ()
        # a hand at the end here: Ben's own three, from a prior of 0.5 worth 6 hands
        typical = (sum(own) + 0.5 * 6) / (3 + 6)
        assert reading.typical() == pytest.approx(typical)
        # the prior floor read as a mean rank (1 + 0.2925) / 2 worth 6 hands, and the three
        # shown hands' ranks added: the floor is twice the mean less one
        mean = (sum(rank(s, typical) for s in shown) + (1 + prior) / 2 * 6) / (3 + 6)
        assert reading.floors(probe) == [pytest.approx(max(0.0, 2 * mean - 1))]
    tight_floor, loose_floor = tight.floors(probe)[0], loose.floors(probe)[0]
    # a few shown hands move it, not all the way: three near-best hands lift it from 0.29
    # part of the way up, three weak ones drop it to nothing
    assert prior + 0.1 < tight_floor < 0.7
    assert loose_floor == 0.0
    assert PRIOR_SHOWN == 6.0


def test_with_no_hand_shown_the_floor_is_the_betting_frequencies_prior() -> None:
    reading = Reading()
    for seed in STRONG:  # Anna vies and Ben folds: no showdown, no hand shown
        end = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=1, seed=seed) \
            .apply("vie 1").apply("fold")
        view = end.view(1)
        assert end.over and not any(s.shown for s in view.seats)
        reading.observe(view)
    probe = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=1, seed=5).apply("vie 1").view(1)
    reading.observe(probe)
    assert reading.past["Anna"].shown_bets == () and reading.past["Anna"].bet_deals == 3
    # Anna's bets: 4 deals of 4 with a bet; nobody answered a raise of hers: 0.9 * 0.325
    assert reading.floors(probe) == [pytest.approx(0.9 * (1 - 5.4 / 8))]
    assert reading.shown_floor("Anna", "bet", 0.2925) == 0.2925


def test_only_hands_shown_at_the_showdown_are_read_never_a_folded_one() -> None:
    three = ("Anna", "Ben", "Carla")
    for seed in range(3):
        # Anna vies, Ben folds, Carla holds: Anna and Carla show down, Ben's hand stays hidden
        end = start_deal(REVIVAL, three, 50, dealer=2, seed=seed) \
            .apply("vie 1").apply("fold").apply("hold")
        for viewer in range(3):
            view = check_view_hides(end, viewer)  # the kit's check: no hidden card in it
            others = [seat for seat in range(3) if seat != viewer]
            counted = {seat: count(view, seat) for seat in others}
            if 0 in counted:  # Anna's vie, her hand shown
                assert counted[0].shown_bets == (strength(end.seats[0].hand),)
                assert counted[0].shown_holds == ()
            if 2 in counted:  # Carla's hold by choice, her hand shown
                assert counted[2].shown_holds == (strength(end.seats[2].hand),)
                assert counted[2].shown_bets == ()
            if 1 in counted:  # Ben folded: nothing of his hand is read
                assert counted[1] == Counts(total=1, folds=1)
                assert counted[1].shown_bets == counted[1].shown_holds == ()
            reading = Reading()
            reading.observe(view)
            if viewer != 1:
                assert reading.current["Ben"].shown_bets == ()
                assert reading.current["Ben"].shown_holds == ()
