"""A cancelled Primiera deal carries its whole pot, pays nobody, and shares its settlement.

Nobody served at either declaration (both players stand pat on unserved hands): the deal is
cancelled (docs/rules/primiera.md), the pot of the two antes (2 chips) is carried whole, nobody
is paid, and every seat keeps the stack it had after its ante (50 - 1). Two such deals with
the same pot hold one shared settlement value (made once per pot), equal to the plain one.
"""

from __future__ import annotations

from primero import get_variant, start_deal
from primero.deal.state import GameState
from primero.plugins.checks import checking_everything


def _cancelled(seed: int) -> GameState | None:
    """The deal of ``seed`` with both players standing pat, if it ends cancelled."""
    state = start_deal(get_variant("primiera"), ["Anna", "Ben"], 50, seed=seed)
    while not state.over:
        state = state.apply("exchange")
    return state if state.ended_by == "cancel" else None


def test_two_cancelled_deals_carry_two_chips_pay_nobody_and_share_one_settlement() -> None:
    found = [s for s in map(_cancelled, range(40)) if s is not None][:2]
    assert len(found) == 2
    first, second = found
    for state in found:
        settled = state.settlement
        assert settled is not None
        assert (settled.carry, settled.awards, settled.returns, settled.showdown,
                settled.reason) == (2, (), (), False, "nobody was served")
        assert [s.stack for s in state.seats] == [49, 49]
    assert first.settlement is second.settlement


def test_a_cancelled_deal_settles_as_the_checked_hooks_settle_it() -> None:
    fast = next(s for s in map(_cancelled, range(40)) if s is not None)
    with checking_everything():
        checked = start_deal(get_variant("primiera"), ["Anna", "Ben"], 50,
                             seed=fast.setup.seed)
        while not checked.over:
            checked = checked.apply("exchange")
    assert checked.settlement == fast.settlement
    assert checked.seats == fast.seats
