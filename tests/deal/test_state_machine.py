"""The conformance machine of primero.testing, run over every registered variant.

Every variant that registers itself joins ``test_every_variant_plays_by_the_contract``
automatically (issues 4-6: "the same machine, not a copy"). The machine plays random legal
deals and the deals after them at the same table (sessions), checking after every action:
chips conserved, every card exactly once, the old state unchanged, the deal ends within a fixed
bound, illegal actions rejected with the state unchanged, views hiding hidden cards.

The second half checks the kit itself: the machine must catch a broken plug-in.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import primero
from primero import IllegalActionError, PluginError, hookimpl
from primero.actions import Pass
from primero.cards import Pack, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.setup import Step
from primero.testing.chance import check_chance
from primero.testing.failures import DealInvariantError
from primero.testing.invariants import action_bound, check_deal_invariants
from primero.testing.privacy import check_view_hides, hidden_twins
from primero.testing.runner import play_random_deal, run_deal_machine, variant_state_machine
from primero.testing.snapshots import snapshot
from primero.testing.strategies import DealConfig, action_pool, cards, deal_setups, hands
from primero.variant import Variant

VARIANTS = primero.registry().names()

#: Enough to reach every phase of a deal; every registered variant gets this much.
QUICK = settings(max_examples=10, stateful_step_count=25, deadline=None,
                 suppress_health_check=list(HealthCheck))
#: The core game gets more.
THOROUGH = settings(max_examples=40, stateful_step_count=40, deadline=None,
                    suppress_health_check=list(HealthCheck))
#: For machines that must fail: find it, do not shrink it.
FIND = settings(max_examples=100, stateful_step_count=30, deadline=None, database=None,
                phases=[Phase.generate], derandomize=True,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_plays_by_the_contract(name: str) -> None:
    run_deal_machine(name, settings=QUICK)


def test_waks_thoroughly() -> None:
    run_deal_machine("waks", settings=THOROUGH)


def test_waks_with_split_ties() -> None:
    run_deal_machine("waks", settings=QUICK, tie="split")


# The machine class itself, as a variant author would use it (unittest style).
TestWaksMachine = variant_state_machine("waks", max_deals=2).TestCase
TestWaksMachine.settings = settings(QUICK, max_examples=5)


# --------------------------------------------------------------------------------------------
# The strategies


@given(deal_setups("waks"))
@settings(max_examples=60, deadline=None)
def test_deal_setups_stay_within_the_variant(config: DealConfig) -> None:
    low, high = config.variant.spec.players
    assert low <= len(config.players) <= high
    assert len(set(config.players)) == len(config.players)
    assert all(1 <= c <= 60 for c in config.chips)
    assert 0 <= config.dealer < len(config.players)
    assert 1 <= config.stake <= config.rest
    assert config.ante == 0  # the Waks plan has no ante step
    state = config.start()
    check_deal_invariants(state)
    assert state.total_chips == sum(config.chips) + config.carry


@given(hands(size=4), cards())
@settings(max_examples=30, deadline=None)
def test_hand_and_card_strategies(hand: tuple[primero.Card, ...], card: primero.Card) -> None:
    pack = primero.get_variant("waks").pack
    assert len(set(hand)) == 4 and all(c in pack for c in hand)
    assert card in pack


def test_deal_setups_honour_the_player_range() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        deal_setups("waks", min_players=7)


# --------------------------------------------------------------------------------------------
# The kit catches broken plug-ins


class SmallGame:
    """House rules for quick kit checks: a 12-card pack, four cards dealt at once, two rounds
    (a small ranking table to build, and reshuffles when the stock runs out)."""

    pack = Pack("twelve", parse_cards("As 2s 3s 4s 5s 6s Ah 2h 3h 4h 5h 6h"))

    @hookimpl
    def primero_pack(self, variant: Variant) -> Pack:
        return self.pack

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        return (Step("deal", count=4), Step("bet", 1), Step("exchange"), Step("bet", 2),
                Step("showdown"))


SMALL = SmallGame()


def with_house_rule(*rules: object) -> Variant:
    """Waks with house-rule objects stacked on top."""
    waks = primero.get_variant("waks")
    return Variant(spec=waks.spec, settings=waks.settings, house_rules=rules)


def fails(rules: object, match: str, *, check_views: bool = True,
          error: type[Exception] = DealInvariantError, **setups: Any) -> None:
    """The machine, run on the small game with ``rules`` on top, fails naming ``match``."""
    variant = with_house_rule(SMALL, rules)
    with pytest.raises(error, match=match):
        run_deal_machine(variant, setups=deal_setups(variant, max_players=2, **setups),
                         settings=FIND, check_records=False, check_views=check_views)


def test_small_game_plays_by_the_contract() -> None:
    # the reshuffles of the discards happen often here (2 players, 4 cards left in the stock)
    variant = with_house_rule(SMALL)
    run_deal_machine(variant, setups=deal_setups(variant, max_players=2), settings=QUICK)


def test_machine_catches_a_chip_made_from_nothing() -> None:
    class FoldBonus:
        @hookimpl(wrapper=True)
        def primero_apply_action(self, state: GameState, variant: Variant,
                                 action: object) -> Any:
            new = yield
            if str(action) == "fold":  # the folder pockets a chip from nowhere
                seat = state.to_act
                assert seat is not None
                return attrs.evolve(new, seats=new.replace_seat(
                    seat, stack=new.seats[seat].stack + 1))
            return new

    # the rules façade names the hook before the kit's own invariants see the state
    fails(FoldBonus(), r"FoldBonus, hook primero_apply_action .*\(chips are conserved\)",
          error=PluginError)


def test_machine_catches_a_change_to_the_old_state() -> None:
    class Scribble:
        @hookimpl(tryfirst=True)
        def primero_apply_action(self, state: GameState, variant: Variant,
                                 action: object) -> None:
            if state.history:  # writes into the state it was given, then defers to the core
                object.__setattr__(state, "history", state.history[:-1])

    fails(Scribble(), "changed the old state")


def test_machine_catches_a_lost_card() -> None:
    class Butterfingers:
        @hookimpl(wrapper=True)
        def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> Any:
            new = yield
            return attrs.evolve(new, stock=new.stock[1:])  # a card falls on the floor

    fails(Butterfingers(), r"Butterfingers, hook primero_deal_cards .*: returned a state that "
                           "lost ", error=PluginError)


class Gossip:
    """Every step shows the eldest's first card to the table, in the public extra ``peek``."""

    @hookimpl(wrapper=True)
    def primero_start_step(self, state: GameState, variant: Variant, step: object) -> Any:
        new = yield
        return new.with_extra("peek", new.seats[new.eldest].hand[:1])


def test_machine_catches_a_view_that_leaks() -> None:
    fails(Gossip(), "hidden cards")


def test_cards_a_variant_reveals_on_purpose_are_allowed() -> None:
    variant = with_house_rule(SMALL, Gossip())
    run_deal_machine(variant, setups=deal_setups(variant, max_players=2), settings=QUICK,
                     check_records=False, revealed=lambda state: state.extra("peek", ()))


def test_machine_catches_a_deal_that_never_ends() -> None:
    class Groundhog:
        @hookimpl(tryfirst=True)
        def primero_legal_actions(self, state: GameState, variant: Variant) -> Any:
            step = state.step
            return (Pass(),) if step is not None and step.number == 2 else None

        @hookimpl(tryfirst=True)
        def primero_end_step(self, state: GameState, variant: Variant, step: Any) -> Any:
            if step.kind == "bet" and step.number == 2 and not state.skipped:
                return attrs.evolve(state, step_index=state.step_index - 1)  # round 2 again
            return None

    fails(Groundhog(), r"Groundhog, hook primero_end_step .*: moved the deal from step \d+ to \d+",
          check_views=False, error=PluginError, max_chips=3, max_carry=0)


# --------------------------------------------------------------------------------------------
# The plain functions


def test_check_deal_invariants_names_a_duplicate_card() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=1)
    twice = attrs.evolve(state, stock=(state.seats[0].hand[0], *state.stock[1:]))
    with pytest.raises(DealInvariantError, match="held twice: " + state.seats[0].hand[0].ascii):
        check_deal_invariants(twice)


def test_check_deal_invariants_names_a_chip_gap() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=1)
    richer = attrs.evolve(state, seats=state.replace_seat(1, stack=11))
    with pytest.raises(DealInvariantError, match="total chips 21"):
        check_deal_invariants(richer)


def test_chance_check_names_a_held_card_and_describes_the_state() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, dealing="external")
    assert state.chance is not None
    card = state.chance.cards[0]
    dealt = state.deal(card)
    assert card in dealt.seats[0].hand
    offers_held = attrs.evolve(dealt, stock=(card, *dealt.stock))
    with pytest.raises(DealInvariantError) as info:
        check_chance(offers_held)
    message = str(info.value)
    assert message.startswith(f"waks, deal 2, after 0 actions: the chance node offers "
                              f"{card.ascii}, held by a player still in or outside the pack\n")
    assert message.endswith("\n" + offers_held.describe())


def test_view_check_names_a_leaked_card() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=1)
    card = state.seats[1].hand[0]
    leaky = state.with_extra("gossip", f"B holds {card.ascii}")
    with pytest.raises(DealInvariantError, match=f"hidden cards {card.ascii}"):
        check_view_hides(leaky, 0)
    check_view_hides(leaky, 1)  # B may see B's own card


def test_hidden_twins_differ_only_in_hidden_cards() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B", "C"], 10, seed=5)
    twins = hidden_twins(state, 0, random.Random(1))
    assert len(twins) == 3
    for twin in twins:
        assert twin != state
        assert twin.seats[0].hand == state.seats[0].hand
        check_deal_invariants(twin)
        assert twin.view(0) == state.view(0)
    # and the other players do see the difference
    assert any(twin.view(1) != state.view(1) or twin.view(2) != state.view(2)
               for twin in twins[:2])


def test_snapshot_sees_a_change_deep_inside() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=1)
    before = snapshot(state)
    assert snapshot(state) == before
    object.__setattr__(state.seats[1], "passed", True)
    assert snapshot(state) != before


def test_action_pool_has_illegal_actions_the_engine_refuses() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=1, stake=1, rest=3)
    legal = state.legal_actions()
    pool = action_pool(state)
    assert set(legal) <= set(pool)  # the eldest opens: pass, vie 1..3, fold
    refused = [a for a in pool if a not in legal]
    assert len(refused) > 20
    for action in refused:
        with pytest.raises(IllegalActionError):
            state.apply(action)


def test_play_random_deal_ends_within_the_bound() -> None:
    state = start_deal(primero.get_variant("waks"), ["A", "B", "C", "D"], [3, 60, 1, 17],
                       seed=11)
    # 6 steps x (2*4 + 1) x (81 chips + 4 + 1)
    assert action_bound(state) == 6 * 9 * 86
    end = play_random_deal(state, random.Random(4))
    assert end.over
    assert sum(end.stacks) + (end.settlement.carry if end.settlement else 0) == 81


@given(st.data())
@settings(max_examples=10, deadline=None)
def test_setups_of_every_variant_deal(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(VARIANTS))
    config = data.draw(deal_setups(name, max_players=4))
    check_deal_invariants(config.start())


def test_the_machine_goes_on_to_the_next_deal_at_the_same_table() -> None:
    machine = variant_state_machine("waks", max_deals=8)()
    # A starts with 1 chip and is likely to leave the table early
    machine._begin(DealConfig(variant=primero.get_variant("waks"), players=("A", "B", "C"),
                              chips=(1, 30, 30), dealer=2, carry=3, seed=8))
    deals = 1
    for seed in range(7):
        machine.play_out(seed)
        finished = machine.current
        assert finished.settlement is not None
        machine.next_deal()
        if machine.current is finished:  # fewer than two players have chips
            break
        deals += 1
        state = machine.current
        # busted players leave, the carry goes into the next pot, the deal passes on
        kept = [i for i, s in enumerate(finished.seats) if s.stack > 0]
        assert state.players == tuple(finished.seats[i].name for i in kept)
        assert state.carry_in == finished.settlement.carry
        next_dealer = next(seat for k in range(1, 4)
                           if (seat := (finished.dealer + k) % finished.n) in kept)
        assert state.players[state.dealer] == finished.seats[next_dealer].name
        assert sum(state.setup.chips) + state.carry_in == 1 + 30 + 30 + 3
    assert deals == machine.deals and deals > 1
    machine.teardown()
