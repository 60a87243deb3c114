"""The engine's fast path where the core alone answers a hook.

Where only the core implements a rules hook, the engine calls the core's own code directly
and makes the automatic steps in place; a plug-in's answer always takes the checked façade.
The independent reference here is the checked path itself: the same deals played with
:func:`~primero.plugins.checks.checking_everything` on (the kit's mode: every hook through the
plug-in manager, every answer checked, no fast path) must give the same states, action by
action.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from primero import PluginError, VariantSpec, get_variant, hookimpl
from primero.deal.copying import copier, replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState, Seat
from primero.plugins.checks import checking_everything
from primero.rules.settling import core_settle, settle_direct
from primero.setup import Step
from primero.variant import Variant
from primero.variants.waks import WAKS

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def _facts(state: GameState) -> tuple[Any, ...]:
    settled = state.settlement
    settlement = None if settled is None else (  # hand values compare within one ranking
        tuple((a.seat, a.amount, a.value.key if a.value else None) for a in settled.awards),
        settled.returns, settled.layers, settled.carry, settled.showdown, settled.reason,
        tuple((seat, value.key) for seat, value in settled.values))
    return (state.seats, state.stock, state.discards, state.step_index, state.to_act,
            state.high, state.opener, state.held, state.bets, state.skipped, state.over,
            state.ended_by, state.reshuffles, state.history, state.extras, settlement,
            state.pending, state.public_log, state.legal_actions())


def _play(variant: Variant, seed: int, *, by_ids: bool, chips: int | list[int] = 30) \
        -> list[tuple[Any, ...]]:
    """Every state of one random deal, as comparable facts."""
    rng = random.Random(seed)
    state = start_deal(variant, PLAYERS, chips, dealer=seed % 4, seed=seed, rest=1 + seed % 3)
    seen = [_facts(state)]
    while not state.over:
        if by_ids:
            state = state.apply(rng.choice(state.legal_action_ids()))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        seen.append(_facts(state))
    return seen


def test_the_core_alone_answers_every_rules_hook_of_waks() -> None:
    core = get_variant("waks").rules.deal.core_only
    assert {"primero_apply_action", "primero_legal_actions", "primero_start_step",
            "primero_end_step", "primero_deal_cards", "primero_serve_exchange",
            "primero_settle"} <= core


@pytest.mark.parametrize("by_ids", [False, True])
def test_fast_path_deals_equal_the_checked_path(by_ids: bool) -> None:
    variant = get_variant("waks")
    for seed in range(60):
        chips: int | list[int] = [3, 9, 30, 5] if seed % 4 == 0 else 30  # all-in deals too
        fast = _play(variant, seed, by_ids=by_ids, chips=chips)
        with checking_everything():
            checked = _play(variant, seed, by_ids=by_ids, chips=chips)
        assert fast == checked, seed


class DeferEverything:
    """A plug-in implementing the betting and dealing hooks that always defers to the core."""

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        return None

    @hookimpl
    def primero_serve_exchange(self, state: GameState, variant: Any, seat: int,
                               discards: Any) -> Any:
        return None

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        return None


def _with(plugin: object, name: str) -> Variant:
    spec = VariantSpec(name=name, title=name, summary="A test plug-in.", players=WAKS.players,
                       options=WAKS.options, plugins=(plugin,))
    return Variant(spec=spec, settings=get_variant("waks").settings)


def test_a_plug_ins_hooks_leave_the_fast_path_with_the_same_deals() -> None:
    deferring = _with(DeferEverything(), "deferring")
    core = deferring.rules.deal.core_only
    assert not core & {"primero_apply_action", "primero_serve_exchange", "primero_start_step"}
    assert {"primero_legal_actions", "primero_end_step", "primero_settle"} <= core
    waks = get_variant("waks")
    for seed in range(30):
        plugin_states = _play(deferring, seed, by_ids=False)
        core_states = _play(waks, seed, by_ids=False)
        assert plugin_states == core_states, seed


class DoublesACardAtTheBet:
    """A plug-in whose betting round starts with the top of the stock among the discards too.

    (A card put into a hand is named at once, by the hook: a hand holds only cards dealt to
    it. One put among the discards is found by counting the cards of the hook's answer, which
    moved a card: named at the hook too, though the core closes the step.)
    """

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if step.kind != "bet" or step.number != 1:
            return None
        return replace(state, discards=(*state.discards, state.stock[0]), to_act=None,
                       skipped=True)


def test_a_card_doubled_at_a_step_the_core_closes_is_named_at_the_hook() -> None:
    variant = _with(DoublesACardAtTheBet(), "doubler")
    assert "primero_end_step" in variant.rules.deal.core_only
    with pytest.raises(PluginError) as info:
        start_deal(variant, PLAYERS, 30, seed=1)
    error = info.value
    # the core closes the step, but the hook that doubled the card is the one named
    assert (error.hook, error.plugin) == ("primero_start_step",
                                          f"{__name__}.DoublesACardAtTheBet")
    assert str(error).endswith("expected every card of the pack exactly once "
                               "(cards hidden: error.detail shows them)")
    card = start_deal("waks", PLAYERS, 30, seed=1).stock[0]  # the card dealt twice
    assert f"holding {card.ascii} twice" in error.detail


def test_copier_sets_the_named_fields_and_resets_caches() -> None:
    state = start_deal("waks", PLAYERS, 30, seed=3)
    state.legal_actions()  # fills the cache
    copy = copier(GameState, "high", "bets")(state, 7, 2)
    assert type(copy) is GameState
    assert (copy.high, copy.bets) == (7, 2)
    assert copy.seats is state.seats and copy.history is state.history
    assert copy._legal is None and state._legal is not None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.high = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field 'nope'"):
        copier(Seat, "nope")


def test_copier_keeps_the_named_caches_and_resets_the_others() -> None:
    state = start_deal("waks", PLAYERS, 30, seed=3)
    state.legal_actions()
    assert state._cards_sound and state._legal is not None
    copy = copier(GameState, "bets", keep=("_cards_sound",))(state, 1)
    assert copy._cards_sound is True and copy._legal is None and copy.bets == 1
    unsound = copier(GameState, "bets")(state, 1)
    assert unsound._cards_sound is False  # not kept: reset to the default
    fresh = copier(GameState, "bets", keep=("_cards_sound",))(unsound, 2)
    assert fresh._cards_sound is False  # kept as it was, not set
    with pytest.raises(TypeError, match="no field 'high' outside __init__ to keep"):
        copier(GameState, "bets", keep=("high",))
    with pytest.raises(TypeError, match="no field 'nope' outside __init__ to keep"):
        copier(GameState, "bets", keep=("nope",))


def test_replace_makes_a_frozen_value_of_the_same_class() -> None:
    seat = Seat(name="Anna", stack=10)
    seat.public()  # fills the cache
    copy = replace(seat, stack=4, acted=True)
    assert type(copy) is Seat
    assert copy == Seat(name="Anna", stack=4, acted=True)
    assert copy._public is None and seat.stack == 10
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.stack = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field 'chips'"):
        replace(seat, chips=3)


@attrs.frozen(slots=False)
class _NoSlots:
    a: int
    b: int = 0


def test_replace_of_a_class_without_slots_still_copies() -> None:
    copy = replace(_NoSlots(a=1, b=2), b=5)
    assert type(copy) is _NoSlots
    assert copy == _NoSlots(a=1, b=5)


def test_an_exchange_is_served_from_the_top_of_the_stock_with_receipts() -> None:
    from primero.actions import Exchange
    from primero.deal.state import Delivery, Receipt
    from primero.rules.dealing import deliver

    state = start_deal("waks", PLAYERS, 30, seed=5)
    while state.step is None or state.step.kind != "exchange":
        state = state.apply(next(a for a in state.legal_actions() if str(a) in ("hold", "pass")))
    seat = state.to_act
    assert seat is not None
    hand = state.seats[seat].hand
    assert len(hand) == 2  # the exchange comes after round 1 (docs/rules/waks.md)
    thrown = hand[1:]
    after = state.apply(Exchange(discards=thrown))
    served = after.seats[seat]
    top = state.stock[:2]
    dealt_before = sum(len(s.received) for s in state.seats)
    assert served.hand == (hand[0], top[0])
    assert served.discarded == thrown
    # dealt after the exchange itself was recorded: one more action in the history
    assert served.received[-1] == Receipt(top[0], "exchange", len(state.history) + 1,
                                          dealt_before)
    assert after.stock == state.stock[1:]
    assert after.discards == (*state.discards, *thrown)
    # the one-receiver path and the general path of deliver agree on a queued state
    queued = replace(state, pending=(Delivery(seat, "exchange"), Delivery(seat, "exchange")))
    one = deliver(queued)
    assert one.seats[seat].hand == (*hand, *top)
    assert one.seats[seat].received[-2:] == (
        Receipt(top[0], "exchange", len(state.history), dealt_before),
        Receipt(top[1], "exchange", len(state.history), dealt_before + 1))
    assert one.stock == state.stock[2:] and one.pending == ()
    assert queued.pending and queued.seats[seat].hand == hand  # the old state is unchanged


def test_only_the_engines_own_moves_keep_the_cards_found_sound() -> None:
    import pickle

    state = start_deal("waks", PLAYERS, 30, seed=8)  # the first deal step was checked
    assert state._cards_sound
    bet = state.apply(state.legal_actions()[0])  # the core's bet moves no card
    assert bet._cards_sound
    assert not replace(bet)._cards_sound  # any copy (a plug-in's answer) is counted again
    assert not pickle.loads(pickle.dumps(bet))._cards_sound
    from primero.plugins.checks import whole_state_problem

    seat = bet.seats[0]
    doubled = replace(bet, seats=(replace(seat, hand=(*seat.hand, bet.stock[0])),
                                  *bet.seats[1:]))
    object.__setattr__(doubled, "_cards_sound", True)  # a (forged) fact
    pack = bet.context.rules.pack
    assert whole_state_problem(doubled, pack, bet.context.total_chips) is None
    with checking_everything():  # the kit counts every card whatever the state says
        problem = whole_state_problem(doubled, pack, bet.context.total_chips)
    assert problem is not None and f"holding {bet.stock[0].ascii} twice" in problem


def test_the_direct_settlement_equals_the_core_settle_hook() -> None:
    # every way a deal ends (folds, showdown, carry-over), with uneven stacks (all-in
    # players, chips handed back unmatched) and a carry-over into the pot
    variant = get_variant("waks")
    ends = set()
    for seed in range(150):
        rng = random.Random(seed)
        chips: int | list[int] = [2, 7, 30, 4] if seed % 3 == 0 else 30
        state = start_deal(variant, PLAYERS, chips, dealer=seed % 4, seed=seed,
                           rest=1 + seed % 3, carry=seed % 5)
        while not state.over:
            state = state.apply(rng.choice(state.legal_actions()))
        ends.add(state.ended_by)
        assert settle_direct(state) == core_settle(state) == state.settlement, seed
    assert ends == {"folds", "showdown", "carry"}


def _context_slots(context: object) -> dict[str, object]:
    from primero.deal.state import DealContext

    return {name: getattr(context, name) for name in DealContext.__slots__}


@pytest.mark.parametrize("dealing", ["seeded", "stacked", "external"])
def test_a_deals_context_from_its_tables_template_equals_a_new_context(dealing: str) -> None:
    from primero.deal.engine import _THIS_ENGINE
    from primero.deal.state import DealContext

    variant = get_variant("waks")
    kwargs: dict[str, Any] = {"seed": 8} if dealing == "seeded" else {"dealing": dealing}
    if dealing == "stacked":
        kwargs["stock"] = variant.pack.cards
    for dealer in (0, 2):  # two tables, each dealt twice: the second deal meets the template
        for _ in range(2):
            state = start_deal(variant, PLAYERS[:3], [20, 30, 40], dealer=dealer, carry=5,
                               **kwargs)
            context = state.context
            assert type(context) is DealContext
            expected = DealContext(variant, state.setup, _THIS_ENGINE)
            assert _context_slots(context) == _context_slots(expected)
            assert context.external is (dealing == "external")
            assert context.setup is state.setup
            assert context == expected and hash(context) == hash(expected)
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                context.n = 9  # type: ignore[misc]


def test_deals_at_one_table_get_contexts_of_their_own_setups() -> None:
    variant = get_variant("waks")
    first = start_deal(variant, PLAYERS, 30, seed=1)
    second = start_deal(variant, PLAYERS, 30, seed=2)
    assert first.context is not second.context
    assert first.context.setup.seed == 1 and second.context.setup.seed == 2
    assert first.setup.stock != second.setup.stock
    # a deal of another variant at an equal table has that variant's context
    other = get_variant("waks", supremus=False)
    third = start_deal(other, PLAYERS, 30, seed=1)
    assert third.context.variant is other and third.context.rules is other.rules.deal


class ReadsTheLegalActionsAtEachStepEnd:
    """A plug-in that closes every step as the core does, having read the legal actions of the
    state it hands back (so that state holds them cached: none, nobody being to act)."""

    @hookimpl
    def primero_end_step(self, state: GameState, variant: Any, step: Step) -> Any:
        from primero.rules.betting import core_end_step

        closed = core_end_step(replace(state), step)
        assert closed.legal_actions() == () or closed.to_act is not None
        return closed


def test_actions_a_hook_cached_on_its_answer_are_not_kept_into_the_next_step() -> None:
    reading = _with(ReadsTheLegalActionsAtEachStepEnd(), "reader")
    assert "primero_end_step" not in reading.rules.deal.core_only
    waks = get_variant("waks")
    for seed in range(20):
        for by_ids in (False, True):
            assert _play(reading, seed, by_ids=by_ids) == _play(waks, seed, by_ids=by_ids), seed
