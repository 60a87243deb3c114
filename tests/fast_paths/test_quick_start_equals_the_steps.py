"""A variant's quick start leaves the state its steps leave one by one through the hooks.

:func:`~primero.deal.start.quick_start` makes a deal's start at once (Primiera's: antes, four
cards each, the first declaration, the exchange opened or the deal ended; the toy's: the ante,
the open cards face up and two hidden cards each, the betting round opened). Wired where the
engine marks a deal's first state (``engine._first_state``), as the engine would call it, every
seeded, stacked and setup deal of every variant must start as the plain engine starts it and
as the checked path (every hook through the plug-in manager, no fast path) starts it: the same
fields, legal actions, log and settlement, and the same error for a player short of the ante.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from attrs import evolve

from primero import PrimeroError, Variant, get_variant, registry
from primero.deal import engine
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.start import FirstDeal, first_deal, quick_start, quick_state
from primero.deal.state import GameState, cards_sound, mark_cards_sound
from primero.hookspecs import hookimpl
from primero.plugins import checks
from primero.plugins.checks import checking_everything
from primero.setup import Step
from primero.variants.primiera import CannotPayAnteError, PrimieraState

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta", "Hugo"]


def _facts(state: GameState) -> tuple[Any, ...]:
    settled = state.settlement
    settlement = None if settled is None else (
        tuple((a.seat, a.amount, a.value.key if a.value else None) for a in settled.awards),
        settled.returns, settled.layers, settled.carry, settled.showdown, settled.reason,
        tuple((s, v.key, v.cards) for s, v in settled.values))
    return (state.context, state.seats, state.stock, state.discards, state.step_index,
            state.to_act, state.high, state.opener, state.held, state.bets, state.skipped,
            state.over, state.ended_by, state.reshuffles, state.history, state.variant_state,
            state.extras, settlement, state.pending, state.public_log, state.legal_actions(),
            state.legal_action_ids())


def _plays_on_alike(fast: GameState, checked: GameState, seed: int) -> GameState:
    """Play ``fast`` (a quick start's state) and ``checked`` (the steps', every check on) on
    with the same seeded random actions, their facts equal at every state; the last state."""
    assert _facts(fast) == _facts(checked), seed
    rng = random.Random(seed)
    while not fast.over:
        action = rng.choice(fast.legal_actions())
        fast = fast.apply(action)
        with checking_everything():
            checked = checked.apply(action)
        assert _facts(fast) == _facts(checked), seed
    return fast


def _plain_first(state: GameState) -> GameState:
    """A deal's first state as the plain engine leaves it: its cards marked sound."""
    mark_cards_sound(state)
    return state


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[GameState]]:
    """The quick start wired where the engine marks a deal's first state; the starts made."""
    made: list[GameState] = []

    def first(state: GameState) -> GameState:
        state = _plain_first(state)
        if checks.strict_depth:
            return state
        started = quick_start(state)
        if started is None:
            return state
        made.append(started)
        return started

    monkeypatch.setattr(engine, "_first_state", first)
    yield made


def _tables(name: str, seed: int) -> Iterator[dict[str, Any]]:
    low, high = get_variant(name).spec.players
    rng = random.Random(seed)
    for players in range(max(low, 2), min(high, 8) + 1):
        yield dict(players=NAMES[:players], chips=[rng.randint(1, 30) for _ in range(players)],
                   dealer=rng.randrange(players), carry=rng.choice((0, 3)))


def _start(variant: Any, table: dict[str, Any], **cards: Any) -> GameState | PrimeroError:
    try:
        return start_deal(variant, **table, **cards)
    except PrimeroError as exc:
        return exc


def _same(a: GameState | PrimeroError, b: GameState | PrimeroError) -> None:
    if isinstance(a, PrimeroError) or isinstance(b, PrimeroError):
        assert (type(a), str(a)) == (type(b), str(b))
    else:
        assert _facts(a) == _facts(b)


@pytest.mark.parametrize("name", registry().names())
def test_every_variants_deals_start_as_the_plain_and_the_checked_engine_start_them(
        name: str, quick: list[GameState], monkeypatch: pytest.MonkeyPatch) -> None:
    variant = get_variant(name)
    for table in _tables(name, seed=len(name)):
        for seed in range(4):
            fast = _start(variant, table, seed=seed)
            stacked = _start(variant, table, stock=variant.pack.cards[seed:]
                             + variant.pack.cards[:seed])
            with monkeypatch.context() as plain_engine:
                plain_engine.setattr(engine, "_first_state", _plain_first)
                plain = _start(variant, table, seed=seed)
                plain_stacked = _start(variant, table, stock=variant.pack.cards[seed:]
                                       + variant.pack.cards[:seed])
            with checking_everything():
                checked = _start(variant, table, seed=seed)
            _same(fast, plain)
            _same(fast, checked)
            _same(stacked, plain_stacked)
    assert bool(quick) == (name in ("primiera", "toy"))  # the variants with a quick start


@pytest.mark.parametrize("options", [{}, {"order": "fiftyfive_top", "tie": "split"},
                                     {"tie": "eldest"}])
def test_primiera_deals_start_and_play_as_the_checked_engine_plays_them(
        options: dict[str, str], quick: list[GameState]) -> None:
    variant = get_variant("primiera", **options)
    ends = set()
    for seed in range(120):
        players = 2 + seed % 7
        table = dict(players=NAMES[:players], chips=20, dealer=seed % players,
                     ante=seed % 3, carry=(0, 4)[seed % 2])
        fast = start_deal(variant, seed=seed, **table)
        with checking_everything():
            checked = start_deal(variant, seed=seed, **table)
        fast = _plays_on_alike(fast, checked, seed)
        ends.add((fast.step_index, fast.ended_by))
    assert len(quick) == 120
    for state in quick:  # marked sound: the pack exactly once, hands and stock
        assert cards_sound(state)
        held = [c for s in state.seats for c in s.hand]
        assert sorted(c.index for c in (*held, *state.stock)) == \
            sorted(c.index for c in variant.pack.cards)
    assert ends == {(2, "showdown"), (4, "showdown"), (4, "cancel")}  # every way a deal ends


def test_a_primiera_player_short_of_the_ante_is_refused_as_the_hooks_refuse(
        quick: list[GameState]) -> None:
    variant = get_variant("primiera")
    table = dict(players=NAMES[:4], chips=[5, 1, 3, 1], dealer=3, ante=2)
    with pytest.raises(CannotPayAnteError) as fast:
        start_deal(variant, seed=1, **table)
    with checking_everything(), pytest.raises(CannotPayAnteError) as checked:
        start_deal(variant, seed=1, **table)
    assert str(fast.value) == str(checked.value)
    assert "Ben has 1 chip and cannot pay the ante of 2" in str(fast.value)
    assert (fast.value.player, fast.value.stack, fast.value.ante) == ("Ben", 1, 2)


def test_the_first_deal_gives_each_seat_every_nth_card_from_the_eldest() -> None:
    variant = get_variant("primiera")
    state = start_deal(variant, NAMES[:3], 20, dealer=0, seed=5)
    fresh = _plain_first(engine._new_state(state.context, tuple(
        s.__class__(name=s.name, stack=20) for s in state.seats), state.setup.stock))
    stock = fresh.stock
    deal = first_deal(fresh, fresh.seats, 4)
    # dealer 0: the eldest is seat 1, then seat 2, then the dealer; one card at a time
    assert [s.hand for s in deal.seats] == [stock[2:12:3], stock[0:12:3], stock[1:12:3]]
    assert [[(r.reason, r.after, r.order) for r in s.received] for s in deal.seats] == [
        [("deal", 0, k) for k in (2, 5, 8, 11)], [("deal", 0, k) for k in (0, 3, 6, 9)],
        [("deal", 0, k) for k in (1, 4, 7, 10)]]
    assert deal.stock == stock[12:]
    packets = first_deal(fresh, fresh.seats, 4, together=True)
    assert [s.hand for s in packets.seats] == [stock[8:12], stock[0:4], stock[4:8]]
    with pytest.raises(PrimeroError, match="every seat in, no card"):
        first_deal(fresh, deal.seats, 4)
    with pytest.raises(PrimeroError, match="its own stock"):
        quick_state(fresh, FirstDeal(deal.seats, stock[13:]), 3, 1, PrimieraState())


class _AnteOfTwo:
    """A house rule on Primiera's antes: everyone pays two chips (the hooks run it)."""

    @hookimpl(tryfirst=True)
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) \
            -> GameState | None:
        if step.kind != "ante":
            return None
        return replace(state, seats=tuple(replace(s, stack=s.stack - 2,
                                                  contributed=s.contributed + 2)
                                          for s in state.seats))


def test_a_variant_with_a_house_rule_or_another_plug_in_starts_step_by_step(
        quick: list[GameState]) -> None:
    base = get_variant("primiera")
    housed = Variant(spec=base.spec, settings=base.settings, house_rules=(_AnteOfTwo(),))
    other = Variant(spec=evolve(base.spec, name="primiera2",
                                plugins=(*base.spec.plugins, _AnteOfTwo())),
                    settings=base.settings)
    for variant in (housed, other):
        state = start_deal(variant, NAMES[:3], 20, seed=3)
        assert state.seats[0].contributed == 2  # the house rule's ante, through the hooks
    assert quick == []
    start_deal(base, NAMES[:3], 20, seed=3)
    assert len(quick) == 1


@pytest.mark.parametrize("options", [{}, {"tie": "eldest"}])
def test_toy_deals_start_and_play_as_the_checked_engine_plays_them(
        options: dict[str, str], quick: list[GameState]) -> None:
    variant = get_variant("toy", **options)
    both_bet = 0  # the starts where both players keep chips after the ante
    for seed in range(80):
        chips = [1 + seed % 4, 1 + (seed // 4) % 4]  # a stack of one: the ante takes it all
        table = dict(players=NAMES[:2], chips=chips, dealer=seed % 2, ante=1 + seed % 2,
                     stake=1, rest=1 + seed % 3)
        stacked = variant.pack.cards[seed % 10:] + variant.pack.cards[:seed % 10]
        both_bet += 2 if min(chips) > table["ante"] else 0
        for cards in ({"seed": seed}, {"stock": stacked}):
            fast = start_deal(variant, **table, **cards)
            with checking_everything():
                checked = start_deal(variant, **table, **cards)
            _plays_on_alike(fast, checked, seed)
    assert len(quick) == both_bet > 40  # fewer than two able to bet: step by step
    for state in quick:  # the open cards face up on top, the hidden ones from the stock
        assert cards_sound(state)
        assert [[(r.reason, r.order) for r in s.received]
                for s in (state.seats[state.context.eldest],
                          state.seats[1 - state.context.eldest])] == [
            [("face up", 0), ("face up", 1), ("deal", 4), ("deal", 6)],
            [("face up", 2), ("face up", 3), ("deal", 5), ("deal", 7)]]
        held = [c for s in state.seats for c in s.hand]
        assert sorted(c.index for c in (*held, *state.stock)) == \
            sorted(c.index for c in variant.pack.cards)


def test_a_toy_with_a_house_rule_starts_step_by_step(quick: list[GameState]) -> None:
    base = get_variant("toy")
    housed = Variant(spec=base.spec, settings=base.settings, house_rules=(_AnteOfTwo(),))
    state = start_deal(housed, NAMES[:2], 20, seed=3)
    assert [s.contributed for s in state.seats] == [2, 2]  # the house rule's ante, hooks
    assert quick == []
    assert [s.contributed for s in start_deal(base, NAMES[:2], 20, seed=3).seats] == [1, 1]
    assert len(quick) == 1
