"""The heuristic player holds a bet only at the pot odds, priced as far as its raisers take it.

The chance to take the pot comes from the viewer's final strength (its moments over every
completion) and each opponent's observed fold rate; the hold's price from the opponents'
observed raising (the whole stack against one who raises every bet).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import primero
from primero.actions import Hold, Pass, Vie
from primero.agents import HeuristicAgent, Strength
from primero.agents.heuristic import hold_chance, share_moments
from primero.agents.reading import Counts
from primero.agents.strength import mask_of
from primero.deal.engine import start_deal
from primero.views import PlayerView

WAKS = primero.get_variant("waks")


def test_the_chance_to_take_the_pot_is_each_opponent_folding_or_beaten() -> None:
    # known strength 0.6, two opponents folding half the time: (0.5 + 0.5 * 0.6) ** 2
    assert hold_chance([0.6], [0.5, 0.5]) == pytest.approx(0.64)
    # moments [1, E[s], E[s^2]] = [1, 0.5, 0.3]: against two who never fold, E[s^2]
    assert hold_chance([1.0, 0.5, 0.3], [0.0, 0.0]) == pytest.approx(0.3)
    # one folds half the time: E[(0.5 + 0.5 s) s] = 0.5 * 0.5 + 0.5 * 0.3
    assert hold_chance([1.0, 0.5, 0.3], [0.5, 0.0]) == pytest.approx(0.4)
    # one who always folds leaves only the other: E[s]
    assert hold_chance([1.0, 0.5, 0.3], [1.0, 0.0]) == pytest.approx(0.5)


def test_the_moments_of_a_two_card_hand_are_over_every_completion_from_the_pack() -> None:
    table = Strength.of(WAKS.ranking)
    view = start_deal(WAKS, ("Anna", "Ben"), 50, dealer=1, rng=random.Random(32)).view(0)
    keep = tuple(view.hand)
    rest = [c for c in WAKS.ranking.pack.cards if c not in keep]
    shares = [table.share_of_mask(mask_of(keep) | mask_of(extra))
              for extra in combinations(rest, 2)]
    moments = share_moments(table, view, keep, 2)
    assert moments == pytest.approx([1.0, sum(shares) / len(shares),
                                     sum(s * s for s in shares) / len(shares)])


def facing_a_raise() -> PlayerView:
    """Anna (5♣ 5♠, two cards before the exchange) vied 1 and Ben raised 3: 3 owed, pot 5."""
    state = start_deal(WAKS, ("Anna", "Ben"), 50, dealer=1, rng=random.Random(32))
    state = state.apply(Vie(1))
    state = state.apply(next(a for a in state.legal_actions()
                             if isinstance(a, Hold) and a.raise_by == 3))
    view = state.view(0)
    assert [str(c) for c in view.hand] == ["5♣", "5♠"]
    assert (view.owed, view.pot) == (3, 5)
    return view


def test_a_middling_hand_holds_a_raise_from_an_opponent_not_yet_read() -> None:
    # the prior: Ben raises 1 bet in 10, so the hold costs about what is owed
    assert HeuristicAgent().act(facing_a_raise(), random.Random(0)) == Hold()


def test_a_middling_hand_lets_go_of_a_raise_from_one_who_raises_every_bet() -> None:
    # Ben raised all 60 bets he met and never folded (fold rate 2 / 64 from the prior): the
    # hold is priced at the whole stack, and the pair of fives, beating about half of the
    # hands, is not worth 50 chips against any hand with a tenth of them to spare
    agent = HeuristicAgent()
    agent.reading.past = {"Ben": Counts(bets=60, total=60, raises=60)}
    assert agent.act(facing_a_raise(), random.Random(0)) == Pass()
