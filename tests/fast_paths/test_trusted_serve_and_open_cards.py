"""The trusted entry points give what the checked hooks give: same states, same errors.

* Suzuki's pass serves its exchange through :func:`primero.rules.dealing.serve_exchange`: the
  core's own code where no plug-in serves exchanges, the checked façade
  (``variant.rules.deal.serve_exchange``) otherwise. Over random deals, every pass with an
  exchange offered is served both ways and must give equal states; a plug-in that serves
  exchanges is still asked (and its fault still named).
* A plug-in's answer holding the very tuples of a sound state is not counted again, and one
  that moved a card is: a doubled card is still named.
* The toy deals its open cards in one delivery from the top of a reordered stock
  (:func:`primero.variants.toy.open_cards_dealt`); the reference is the rule as the sheet says
  it, written out here: each open card taken out of the stock wherever it is and dealt face up
  by itself, the eldest's two first.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from primero import PluginError, get_variant
from primero.actions import Pass
from primero.cards import parse_cards
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import FACE_UP, Delivery, GameState, Seat, cards_sound
from primero.hookspecs import hookimpl
from primero.plugins.checks import cards_moved, checking_everything
from primero.rules.betting import CORE_BETTING
from primero.rules.dealing import deliver, queue, serve_exchange
from primero.variants.suzuki import SUZUKI
from primero.variants.toy import OPEN_CARDS, open_cards_dealt

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def facts(state: GameState) -> tuple[Any, ...]:
    """Every field a rule can change, and the history."""
    return (state.seats, state.stock, state.discards, state.pending, state.reshuffles,
            state.step_index, state.to_act, state.high, state.opener, state.held, state.bets,
            state.skipped, state.over, state.ended_by, state.variant_state, state.history)


def test_a_pass_served_by_the_core_equals_the_checked_hook_over_random_deals() -> None:
    variant = get_variant("suzuki")
    served = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 3]
        state = start_deal(variant, players, [3, 8, 20, 50][seed % 4], seed=seed,
                           dealer=seed % len(players))
        while not state.over:
            legal = state.legal_actions()
            seat = state.to_act
            assert seat is not None
            for action in legal:
                if isinstance(action, Pass) and action.exchange:
                    trusted = serve_exchange(state, seat, action.exchange)
                    checked = variant.rules.deal.serve_exchange(state, seat, action.exchange)
                    assert facts(trusted) == facts(checked)
                    assert trusted.pending[-len(action.exchange):] == \
                        (Delivery(seat, "pass", action.exchange),) * len(action.exchange)
                    served += 1
            state = state.apply(rng.choice(legal))
    assert served > 1000  # the deals offered many passes


def test_suzuki_deals_with_the_trusted_serve_equal_those_with_every_answer_checked() -> None:
    variant = get_variant("suzuki")
    for seed in range(25):
        histories = []
        for strict in (False, True):
            rng = random.Random(seed)
            states = []
            if strict:
                with checking_everything():
                    state = start_deal(variant, PLAYERS[:3], 20, seed=seed)
                    while not state.over:
                        state = state.apply(rng.choice(state.legal_actions()))
                        states.append(facts(state))
            else:
                state = start_deal(variant, PLAYERS[:3], 20, seed=seed)
                while not state.over:
                    state = state.apply(rng.choice(state.legal_actions()))
                    states.append(facts(state))
            histories.append((states, state.settlement))
        assert histories[0] == histories[1]


class KeepsTheDiscards:
    """Serves an exchange by leaving the thrown cards in the hand (a faulty plug-in)."""

    @hookimpl
    def primero_serve_exchange(self, state: GameState, variant: Any, seat: int,
                               discards: Any) -> Any:
        return replace(state, pending=state.pending + (Delivery(seat, "pass"),) * len(discards))


def test_a_plug_in_serving_exchanges_is_still_asked_and_its_fault_named() -> None:
    rule = KeepsTheDiscards()
    variant = attrs.evolve(SUZUKI, name="suzukikeeps", aliases=(),
                           plugins=(*SUZUKI.plugins, rule)).configure()
    assert "primero_serve_exchange" not in variant.rules.deal.core_only
    state = start_deal(variant, PLAYERS[:2], 20, seed=3)
    seat = state.to_act
    assert seat is not None
    card = state.seats[seat].hand[0]
    with pytest.raises(PluginError) as info:
        state.apply(Pass((card,)))
    assert info.value.hook == "primero_serve_exchange"
    assert str(info.value) == (
        "plug-in test_trusted_serve_and_open_cards.KeepsTheDiscards, hook "
        "primero_serve_exchange (variant 'suzukikeeps'): kept <card> in "
        f"{state.seats[seat].name}'s hand; expected the discarded cards taken from the hand "
        "(cards hidden: error.detail shows them)")


def one_at_a_time(state: GameState, order: tuple[int, ...]) -> GameState:
    """The toy's open cards dealt as the sheet says: each taken out of the stock by itself."""
    for place, seat in enumerate(order):
        for card in parse_cards(" ".join(OPEN_CARDS[place])):
            state = deliver(queue(state, (Delivery(seat, FACE_UP),)), card)
    return state


def before_the_deal(seed: int, stock: tuple[Any, ...] | None, pending: tuple[Delivery, ...]) \
        -> tuple[GameState, tuple[int, ...]]:
    """A toy deal's state before its cards come (chips in, nothing dealt), and its order."""
    dealt = start_deal("toy", PLAYERS[:2], 10, dealer=seed % 2, seed=seed)
    seats = tuple(Seat(name=s.name, stack=s.stack, contributed=s.contributed)
                  for s in dealt.seats)
    cards = dealt.setup.stock if stock is None else stock
    state = GameState(context=dealt.context, seats=seats, stock=cards, pending=pending)
    return state, tuple(state.playing_order())


def test_the_toy_open_cards_in_one_delivery_equal_each_dealt_by_itself() -> None:
    rng = random.Random(7)
    pack = get_variant("toy").pack.cards
    for seed in range(200):
        stock = tuple(rng.sample(pack, len(pack))) if seed % 2 else None
        state, order = before_the_deal(seed, stock, ())
        assert facts(open_cards_dealt(state, order)) == facts(one_at_a_time(state, order))


def test_the_toy_open_cards_with_a_card_owed_are_dealt_each_by_itself() -> None:
    owed = (Delivery(1, "deal"),)
    state, order = before_the_deal(4, None, owed)
    assert facts(open_cards_dealt(state, order)) == facts(one_at_a_time(state, order))


def test_toy_deals_equal_those_with_every_answer_checked() -> None:
    for seed in range(40):
        runs = []
        for strict in (False, True):
            rng = random.Random(seed)
            if strict:
                with checking_everything():
                    state = start_deal("toy", PLAYERS[:2], 3, seed=seed, dealer=seed % 2)
                    while not state.over:
                        state = state.apply(rng.choice(state.legal_actions()))
            else:
                state = start_deal("toy", PLAYERS[:2], 3, seed=seed, dealer=seed % 2)
                while not state.over:
                    state = state.apply(rng.choice(state.legal_actions()))
            runs.append((facts(state), state.settlement))
        assert runs[0] == runs[1]


class DoublesACard:
    """Suzuki's pass, then the stock's top card copied onto the discards (a fault)."""

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        if not isinstance(action, Pass) or not action.exchange:
            return None
        new = CORE_BETTING.primero_apply_action(state, variant, action)  # (Suzuki's, data)
        return replace(new, discards=(*new.discards, new.stock[0]))


def test_an_answer_built_on_a_core_served_exchange_is_still_counted_when_it_moves_a_card() \
        -> None:
    rule = DoublesACard()
    variant = attrs.evolve(SUZUKI, name="suzukidoubles", aliases=(),
                           plugins=(*SUZUKI.plugins, rule)).configure()
    state = start_deal(variant, PLAYERS[:2], 20, seed=5)
    seat = state.to_act
    assert seat is not None
    card = state.seats[seat].hand[0]
    with pytest.raises(PluginError) as info:
        state.apply(Pass((card,)))
    assert info.value.hook == "primero_apply_action"
    assert "twice; expected every card of the pack exactly once" in str(info.value)


def test_an_answer_that_moves_no_card_of_a_sound_state_is_sound_and_one_of_another_is_not() \
        -> None:
    state = start_deal("waks", PLAYERS[:2], 20, seed=2)
    assert cards_sound(state)  # a fresh deal's cards: the pack, each card once
    moved_nothing = replace(state, to_act=1 - state.to_act)  # (a copy: the flag reset)
    assert not cards_sound(moved_nothing)
    assert not cards_moved(state, moved_nothing)
    assert cards_sound(moved_nothing)
    unknown = replace(state, to_act=state.to_act)
    assert not cards_moved(unknown, replace(unknown, high=state.high))
    assert not cards_sound(replace(unknown, high=state.high))  # nothing known of ``unknown``
    with checking_everything():  # the kit counts every time: nothing marked
        copy = replace(state, to_act=state.to_act)
        assert not cards_moved(state, copy)
        assert not cards_sound(copy)
