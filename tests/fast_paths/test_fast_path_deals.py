"""Whole deals on the engine's fast paths give what the plain, checked path gives.

The fast paths checked here: a seeded deal at a known table started from its table's recipe
(the first deal's steps replayed with another stock), bets that cache the next player's legal
actions, a round of cards dealt by a plan per tuple of deliveries, and the direct settlement
of a showdown of equal stakes. The independent references: the checked path
(:func:`~primero.plugins.checks.checking_everything`: every hook through the plug-in manager,
no fast path), the core's own hooks called plainly (``core_legal_actions``, ``core_settle``),
and the cards dealt one by one by hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from primero import PrimeroError, get_variant, registry
from primero.deal import engine
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import Delivery, GameState, Receipt
from primero.plugins.checks import checking_everything
from primero.rules.betting import core_legal_actions
from primero.rules.dealing import deliver
from primero.rules.settling import core_settle, settle_direct

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def _facts(state: GameState) -> tuple[Any, ...]:
    settled = state.settlement
    settlement = None if settled is None else (
        tuple((a.seat, a.amount, a.value.key if a.value else None) for a in settled.awards),
        settled.returns, settled.layers, settled.carry, settled.reason)
    return (state.context, state.seats, state.stock, state.discards, state.step_index,
            state.to_act, state.high, state.opener, state.held, state.bets, state.skipped,
            state.over, state.ended_by, state.reshuffles, state.history, state.extras,
            settlement, state.pending, state.public_log, state.legal_actions(),
            state.legal_action_ids())


def _tables(name: str) -> list[dict[str, Any]]:
    """Tables of ``name``'s deals: two to four players, even and uneven stacks, a carry."""
    low, high = get_variant(name).spec.players
    tables = []
    for n in range(max(low, 2), min(high, 4) + 1):
        tables += [dict(players=PLAYERS[:n], chips=50, dealer=n - 1, rest=3),
                   dict(players=PLAYERS[:n], chips=[3, 40, 1, 12][:n], dealer=0, rest=2,
                        carry=5)]
    return tables


@pytest.mark.parametrize("name", registry().names())
def test_seeded_deals_at_a_known_table_start_as_the_checked_path_starts_them(name: str) -> None:
    variant = get_variant(name)
    for table in _tables(name):
        for seed in range(6):  # the first deal at the table, then deals from its recipe
            try:
                fast = start_deal(variant, seed=seed, **table)
            except PrimeroError:  # (a table the variant refuses)
                break
            with checking_everything():
                plain = start_deal(variant, seed=seed, **table)
            assert _facts(fast) == _facts(plain), (table, seed)


def test_a_tables_first_deal_starts_the_plain_way_and_later_ones_from_its_recipe(
        monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[GameState] = []  # the states the engine ran automatic steps on
    plain_steps = engine._advance

    def counted(state: GameState) -> GameState:
        steps.append(state)
        return plain_steps(state)

    monkeypatch.setattr(engine, "_advance", counted)
    variant = get_variant("waks")
    table = dict(players=PLAYERS, chips=[41, 42, 43, 44], dealer=2, rest=2)  # a new table
    first = start_deal(variant, seed=1, **table)
    assert len(steps) == 1  # the plain way: every step run
    facts = _facts(first)
    later = [start_deal(variant, seed=seed, **table) for seed in range(2, 40)]
    assert len(steps) == 1  # the later deals: from the recipe, no step run
    for seed, state in enumerate(later, start=2):
        assert state._legal is not None and state._cards_sound
        with checking_everything():
            plain = start_deal(variant, seed=seed, **table)
        assert _facts(state) == _facts(plain)
        # every card once: the hands, then the rest of the stock, are the whole pack
        dealt = [c for s in state.seats for c in s.hand]
        assert sorted(c.index for c in (*dealt, *state.stock)) == \
            sorted(c.index for c in variant.pack.cards)
        assert [r.card for s in state.seats for r in s.received] == dealt
    assert _facts(first) == facts  # the recipe's first deal is left as it was
    # a deal given by its stock (stacked) does not take the seeded recipe
    runs = len(steps)
    stacked = start_deal(variant, stock=later[0].setup.stock, **table)
    assert stacked.seats == later[0].seats and len(steps) == runs + 1


def test_bets_cache_the_legal_actions_the_core_works_out() -> None:
    variant = get_variant("waks")
    cached = 0
    for seed in range(120):
        rng = random.Random(seed)
        chips: int | list[int] = [2, 7, 30, 4] if seed % 3 == 0 else 30
        state = start_deal(variant, PLAYERS, chips, dealer=seed % 4, seed=seed,
                           rest=1 + seed % 3, raise_cap=2 if seed % 4 == 1 else None)
        while not state.over:
            new = state.apply(rng.choice(state.legal_actions()))
            if new._legal is not None and not new.over:
                cached += 1
                # the same shared tuple the core's hook gives (worked out afresh: no cache)
                assert new._legal is core_legal_actions(replace(new)), seed
            state = new
    assert cached > 1000


def test_a_round_of_cards_is_dealt_as_one_by_one_from_the_top() -> None:
    variant = get_variant("waks")
    state = start_deal(variant, PLAYERS, 30, seed=8)
    pending = (Delivery(2, "deal"), Delivery(0, "deal"), Delivery(2, "second deal"),
               Delivery(3, "x"), Delivery(0, "deal"))
    before = replace(state, pending=pending)
    after = deliver(before)
    dealt = sum(len(s.received) for s in state.seats)
    hands = {i: list(s.hand) for i, s in enumerate(state.seats)}
    received = {i: list(s.received) for i, s in enumerate(state.seats)}
    for k, delivery in enumerate(pending):  # by hand: card k of the stock to the k-th receiver
        card = state.stock[k]
        hands[delivery.seat].append(card)
        received[delivery.seat].append(Receipt(card, delivery.reason, 0, dealt + k))
    assert [s.hand for s in after.seats] == [tuple(hands[i]) for i in range(4)]
    assert [s.received for s in after.seats] == [tuple(received[i]) for i in range(4)]
    assert after.stock == state.stock[len(pending):] and after.pending == ()
    assert before.pending == pending and before.stock == state.stock  # left as it was
    # the same tuple of deliveries again (its plan kept): the same deal
    assert deliver(replace(state, pending=pending)).seats == after.seats


#: The variants the core alone settles (the others' settlements are their plug-ins').
CORE_SETTLED = [name for name in registry().names()
                if "primero_settle" in get_variant(name).rules.deal.core_only]


@pytest.mark.parametrize("name", CORE_SETTLED)
def test_the_direct_settlement_equals_the_core_settle_hook_in_every_variant(name: str) -> None:
    variant = get_variant(name)
    low, high = variant.spec.players
    showdowns = 0
    for seed in range(150):
        n = max(low, min(high, 2 + seed % 3))
        chips: int | list[int] = [5, 20, 50, 8][:n] if seed % 3 == 0 else 40
        rng = random.Random(seed)
        state = start_deal(variant, PLAYERS[:n], chips, dealer=seed % n, seed=seed,
                           carry=seed % 4, rest=1 + seed % 3)
        while not state.over:
            state = state.apply(rng.choice(state.legal_actions()))
        direct, plain = settle_direct(state), core_settle(state)
        assert direct == plain and repr(direct) == repr(plain), seed
        showdowns += state.ended_by == "showdown"
    assert showdowns > 10


@pytest.mark.parametrize("dealing", ["seeded", "external"])
def test_exchanges_served_at_once_equal_the_checked_path(dealing: str) -> None:
    # seeded: the replacements dealt with the exchange itself; from outside: left pending,
    # dealt at the chance nodes that follow
    variant = get_variant("waks")
    served = 0
    for seed in range(60):
        rng = random.Random(seed)
        n = 2 + seed % 5
        kw: dict[str, Any] = {"seed": seed} if dealing == "seeded" else {"dealing": "external"}
        players = [*PLAYERS, "Eve", "Finn"][:n]
        state = start_deal(variant, players, 30, dealer=seed % n, **kw)
        with checking_everything():
            plain = start_deal(variant, players, 30, dealer=seed % n, **kw)
        while not state.over:
            if state.chance is not None:
                card = state.chance.cards[rng.randrange(len(state.chance.cards))]
                state = state.deal(card)
                with checking_everything():
                    plain = plain.deal(card)
            else:
                legal = state.legal_actions()
                k = rng.randrange(len(legal))
                served += state.step is not None and state.step.kind == "exchange"
                state = state.apply(legal[k])
                with checking_everything():
                    plain = plain.apply(plain.legal_actions()[k])
            assert _facts(state)[:-2] == _facts(plain)[:-2], seed
    assert served > 50
