"""A shown hand updates what a named call and an exchange tell, as it does for vies and holds.

Cardano heads-up, seed 3, dealer Ben: Anna vies naming Numerus 20, Ben holds, both stand pat,
and Anna vies again naming Numerus 31 or Numerus 32; Ben holds and both hands are shown. Anna's
``6s Qh 7d Jd`` has two diamonds: a Numerus of the pair, 7 (21) + J (10) = 31 points
(docs/rules: a Numerus counts its best suit), so it meets Numerus 31 and misses Numerus 32.
The figures below are worked by hand from the priors and the counts, not read from the
reading under test.
"""

from __future__ import annotations

import itertools

import pytest

import primero
from primero.agents.reading import PRIOR_SHOWN, Counts, Reading, count, floor_from_ranks
from primero.agents.strength import Strength, mask_of
from primero.cards import Card, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState

NAMES = ("Anna", "Ben")


def called_and_shown(call: str) -> GameState:
    """The deal above, Anna's second vie naming ``call``: over at a showdown."""
    end = start_deal("cardano", NAMES, 50, dealer=1, seed=3) \
        .apply("vie 1 call Numerus 20").apply("hold").apply("exchange").apply("exchange") \
        .apply(f"vie 1 call {call}").apply("hold")
    assert end.over and end.settlement is not None and end.settlement.showdown
    assert end.seats[0].hand == tuple(parse_cards("6s Qh 7d Jd"))
    return end


def probe() -> Reading:
    """A fresh reading shown nothing yet."""
    return Reading()


@pytest.mark.parametrize(("call", "missed"), [("Numerus 31", False), ("Numerus 32", True)])
def test_the_caller_shown_is_counted_as_meeting_its_call_or_not(call: str, missed: bool) -> None:
    view = called_and_shown(call).view(1)
    assert count(view, 0).shown_calls == (missed,)
    assert count(view, 1).shown_calls == ()  # Ben named nothing


@pytest.mark.parametrize(("call", "missed"), [("Numerus 31", 0), ("Numerus 32", 1)])
def test_a_caller_shown_missing_its_call_is_read_as_naming_calls_it_does_not_meet(
        call: str, missed: int) -> None:
    reading = probe()
    reading.observe(called_and_shown(call).view(1))
    # a second deal: Anna vies naming a call, Ben holds; both stand pat and Anna names a
    # call again: Ben to answer with his whole hand
    nxt = start_deal("cardano", NAMES, 50, dealer=1, seed=4).apply("vie 1 call Numerus 20")
    early = nxt.view(1)
    nxt = nxt.apply("hold").apply("exchange").apply("exchange").apply("vie 1 call Numerus 22")
    view = nxt.view(1)
    assert len(early.hand) == 2 and len(view.hand) == 4
    reading.observe(view)
    # Anna bet in 2 deals of 2: p_bet = (2 + 0.35 * 4) / (2 + 4) = 3.4 / 6, a prior worth 6
    # shown calls; one shown, met or missed
    assert PRIOR_SHOWN == 6.0
    assert reading.bluff_weight(view, 0) == pytest.approx((missed + 3.4) / 7)
    # with cards still to come, the betting frequency alone
    assert reading.bluff_weight(early, 0) == pytest.approx(3.4 / 6)
    # with nothing shown the weight is the betting frequency alone
    fresh = probe()
    fresh.observe(view)
    assert fresh.bluff_weight(view, 0) == pytest.approx((1 + 1.4) / 5)


def test_a_shown_exchange_is_counted_by_the_rank_of_the_cards_it_may_have_kept() -> None:
    view = called_and_shown("Numerus 31").view(1)
    table = Strength.of(view.variant.ranking)
    # both stood pat with two cards: each kept 2, shown at the end
    assert count(view, 0).shown_keeps == (table.keep_rank(view.seats[0].shown, 2),)
    assert count(view, 1).shown_keeps == (table.keep_rank(view.seats[1].shown, 2),)
    folded = start_deal("cardano", NAMES, 50, dealer=1, seed=3) \
        .apply("vie 1 call Numerus 20").apply("hold").apply("exchange").apply("exchange") \
        .apply("vie 1 call Numerus 31").apply("fold").view(1)
    assert folded.over and not any(s.shown for s in folded.seats)
    assert count(folded, 0).shown_keeps == count(folded, 0).shown_calls == ()


SUZUKI = primero.get_variant("suzuki")


def suzuki_stood_pat() -> GameState:
    """Two-player Suzuki, the first round passed: Anna (eldest) stands pat."""
    state = start_deal(SUZUKI, NAMES, 50, seed=11)
    while state.to_act is not None and not any(
            str(a).startswith("exchange") for a in state.view(state.to_act).legal):
        state = state.apply(state.view(state.to_act).legal[0])
    assert state.to_act == 0
    return state.apply("exchange")


def test_shown_exchanges_update_the_floor_of_what_an_opponent_keeps() -> None:
    view = suzuki_stood_pat().view(1)
    reading = probe()
    # stands pat in every exchange, bets after half of them: keep share (20 + 0.8) / 24,
    # trust (12 / 24 - 0.3) / 0.4 = 0.5: a prior floor of 0.5 * (1 - 20.8 / 24) = 1 / 15
    reading.past["Anna"] = Counts(keeps=((1.0, True),) * 10 + ((1.0, False),) * 10)
    prior = 0.5 * (1 - 20.8 / 24)
    assert reading.keep_floors(view) == [(2, pytest.approx(prior))]
    # two exchanges shown, the best cards it may have kept ranking 0.9 and 0.3: the prior
    # read as a mean rank (1 + 1/15) / 2 = 0.5333 worth 6, the ranks added:
    # (1.2 + 3.2) / 8 = 0.55, a floor of 0.1
    reading.past["Anna"] = Counts(keeps=((1.0, True),) * 10 + ((1.0, False),) * 10,
                                  shown_keeps=(0.9, 0.3))
    assert reading.keep_floors(view) == [(2, pytest.approx(0.1))]
    # shown keeps of a random keeper rank a half on average: the floor stays at nothing
    reading.past["Anna"] = Counts(keeps=((1.0, False),) * 20, shown_keeps=(0.5,) * 20)
    assert reading.keep_floors(view) == [(2, 0.0)]


def test_the_floor_from_ranks_is_the_mean_rank_rule() -> None:
    assert floor_from_ranks(0.4, [0.9, 0.3]) == pytest.approx(0.35)
    assert floor_from_ranks(0.4, []) == pytest.approx(0.4)
    assert floor_from_ranks(0.0, [0.0] * 10) == 0.0
    assert floor_from_ranks(0.5, [1.0] * 100) == 0.9  # clipped at the highest floor


def walk_keep_rank(table: Strength, cards: tuple[Card, ...], kept: int) -> float:
    """``keep_rank`` by a plain walk over the pack: every set's worth, every hand's best."""
    pack = list(table.ranking.pack.cards)
    hands = list(itertools.combinations(pack, 4))
    share = {mask_of(h): table.share_of_mask(mask_of(h)) for h in hands}
    worth: dict[int, float] = {}
    for part in itertools.combinations(pack, kept):
        holding = [s for m, s in share.items() if m & mask_of(part) == mask_of(part)]
        worth[mask_of(part)] = round(sum(holding) / len(holding), 9)
    values = sorted(worth.values())

    def quantile(w: float) -> float:
        return (sum(v < w for v in values) + sum(v <= w for v in values)) / 2 / len(values)

    def best(hand: tuple[Card, ...]) -> float:
        return max(quantile(worth[mask_of(p)]) for p in itertools.combinations(hand, kept))

    bests = [best(h) for h in hands]
    mine = best(cards)
    return (sum(b < mine for b in bests) + sum(b <= mine for b in bests)) / 2 / len(bests)


@pytest.mark.parametrize("kept", [1, 2, 3])
def test_keep_rank_is_the_rank_of_the_best_set_among_the_packs_hands(kept: int) -> None:
    table = Strength.of(primero.get_variant("toy").ranking)
    pack = list(table.ranking.pack.cards)
    hands = list(itertools.combinations(pack, 4))
    for hand in hands[::23]:
        assert table.keep_rank(hand, kept) == pytest.approx(walk_keep_rank(table, hand, kept))
    # over the pack (cards kept at random) the rank is a half on average
    ranks = [table.keep_rank(h, kept) for h in hands]
    assert sum(ranks) / len(ranks) == pytest.approx(0.5)
