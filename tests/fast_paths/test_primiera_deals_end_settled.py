"""A Primiera deal a declaration ends comes settled from the declaration, as the engine settles it.

Where the variant's rules are Primiera's alone, the declaration that ends a deal (the quick
start's first one, or the second after the exchange) settles it at once: the settlement the
variant's ``primero_settle`` gives, the winners paid. The expected values here are worked out
by hand from the declared hands and the antes, and by the plain settling function
(:func:`~primero.variants.primiera.settle_declared`); a house rule that settles deals its own
way still settles them (nothing is settled before it).
"""

from __future__ import annotations

import random

from primero import Variant, get_variant
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.hookspecs import hookimpl
from primero.rules.settling import settle_carry
from primero.settlement import Settlement
from primero.variants.primiera import declarations, settle_declared

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _played(variant: Variant, players: int, seed: int) -> GameState:
    state = start_deal(variant, NAMES[:players], 20, dealer=seed % players, seed=seed,
                       carry=seed % 3)
    rng = random.Random(seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_way_a_deal_ends_pays_the_plain_settlement_to_the_declared_winner() -> None:
    variant = get_variant("primiera")
    ends = set()
    for seed in range(60):
        players = 2 + seed % 3
        state = _played(variant, players, seed)
        ends.add((state.step_index, state.ended_by))
        plain = settle_declared(state, variant)
        settled = state.settlement
        assert settled is not None
        assert (settled.awards, settled.carry, settled.reason) == \
            (plain.awards, plain.carry, plain.reason)
        pot = players * 1 + seed % 3  # everyone antes one chip, plus the carry-over
        if state.ended_by == "cancel":
            assert (settled.carry, settled.awards, declarations(state)) == (pot, (), ())
            assert [s.stack for s in state.seats] == [19] * players
        else:
            assert settled.carry == 0
            assert sum(a.amount for a in settled.awards) == pot
            winners = {a.seat for a in settled.awards}
            assert winners <= {d.seat for d in declarations(state)}
            assert [s.stack for s in state.seats] == [
                19 + sum(a.amount for a in settled.awards if a.seat == seat)
                for seat in range(players)]
    assert ends == {(2, "showdown"), (4, "showdown"), (4, "cancel")}


class _EverythingCarries:
    """A house rule: every deal's pot carries over, whoever declared (its own settlement)."""

    @hookimpl(tryfirst=True)
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement:
        return settle_carry(state, reason="house rule")


def test_a_house_rule_that_settles_its_own_way_still_settles_the_deals() -> None:
    base = get_variant("primiera")
    housed = Variant(spec=base.spec, settings=base.settings, house_rules=(_EverythingCarries(),))
    ends = set()
    for seed in range(40):
        state = _played(housed, 2 + seed % 3, seed)
        ends.add((state.step_index, state.ended_by))
        assert state.settlement is not None
        assert (state.settlement.reason, state.settlement.awards) == ("house rule", ())
        assert state.settlement.carry == (2 + seed % 3) + seed % 3
        assert all(s.stack == 19 for s in state.seats)
    assert ends == {(2, "showdown"), (4, "showdown"), (4, "cancel")}
