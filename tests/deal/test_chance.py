"""Explicit chance (dealing="external") and actions as numbers."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from primero import get_variant
from primero.actions import Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import parse_cards
from primero.deal.action_space import action_space
from primero.deal.engine import start_deal
from primero.deal.state import Chance
from primero.errors import IllegalActionError, PrimeroError
from primero.records import dump_record, load_record, record_from_state, replay
from primero.setup import Table
from primero.testing.chance import check_action_ids, check_chance, external_replay
from primero.testing.privacy import check_view_hides
from primero.testing.runner import play_random_deal
from primero.testing.strategies import deal_setups

VARIANTS = ["waks", "cardano", "suzuki", "roman", "losing", "primiera", "revival",
            "italian-primiera", "french-prime"]
NAMES = ["Anna", "Ben", "Carla", "Dan"]

# The Waks stock of tests/deal/test_waks_rules-style hand-worked deals: the top eight cards go
# Anna, Ben, Carla, Dan, Anna, Ben, Carla, Dan (dealer Dan, Anna eldest).
STOCK = ("7h 6d As Kc 5h 4d 3s 2c Jh Qd Ks 7c 6h 5d 4s 3c 2h Jd Qs Kh 7d 6s 5c 4h 3d 2s Jc "
         "Qh Kd 7s 6c 5s 4c 3h 2d Js Qc Ah Ad Ac")


def _play_ids(state, rng, cards=None):
    """Random play by ids; chance nodes dealt from ``cards`` (a list, consumed) or at random."""
    while not state.over:
        if state.chance is not None:
            chance = state.chance
            card = cards.pop(0) if cards else rng.choice(chance.cards)
            state = state.deal(card)
            continue
        state = state.apply(rng.choice(state.legal_action_ids()))
    return state


def test_first_chance_node_is_anna_s_first_card() -> None:
    state = start_deal("waks", NAMES, 20, dealing="external")
    assert state.chance == Chance(seat=0, reason="deal", cards=get_variant("waks").pack.cards)
    assert state.legal_actions() == ()
    assert state.legal_action_ids() == ()
    with pytest.raises(IllegalActionError, match="a card must be dealt first"):
        state.apply("vie 1")


def test_external_cards_in_order_give_the_hands_of_the_stacked_deal() -> None:
    state = start_deal("waks", NAMES, 20, dealing="external")
    seats = []
    for card in STOCK.split()[:8]:
        seats.append(state.chance.seat)
        state = state.deal(card)
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]
    assert state.chance is None and state.to_act == 0
    assert [s.hand for s in state.seats] == [parse_cards("7h 5h"), parse_cards("6d 4d"),
                                            parse_cards("As 3s"), parse_cards("Kc 2c")]
    stacked = start_deal("waks", NAMES, 20, stock=STOCK)
    assert [s.hand for s in stacked.seats] == [s.hand for s in state.seats]
    assert state.legal_action_ids() == stacked.legal_action_ids()
    # 32 cards are still unseen; the offered cards never include a held one
    assert len(state.stock) == 32


def test_received_cards_are_recorded_and_shown_only_to_their_owner() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    anna = state.seats[0]
    assert [(r.card.ascii, r.reason, r.after, r.order) for r in anna.received] == [
        ("7h", "deal", 0, 0), ("5h", "deal", 0, 4)]
    assert state.view(0).received == anna.received
    assert state.view(1).received == state.seats[1].received
    assert all(r.card not in {x.card for x in anna.received} for r in state.view(1).received)


def test_exchange_and_second_deal_reasons() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    for text in ["vie 1", "hold", "hold", "hold"]:
        state = state.apply(text)
    state = state.apply("exchange 7h")  # Anna throws the 7h, gets the Jh (card 9)
    anna = state.seats[0]
    assert (anna.received[-1].card.ascii, anna.received[-1].reason,
            anna.received[-1].after) == ("Jh", "exchange", 5)
    for _ in range(3):
        state = state.apply("exchange")
    assert [r.reason for r in state.seats[0].received] == ["deal", "deal", "exchange",
                                                           "second deal", "second deal"]


def test_suzuki_pass_cards_have_the_reason_pass() -> None:
    state = start_deal("suzuki", NAMES, 20, dealing="external")
    for card in STOCK.split()[:8]:
        state = state.deal(card)
    state = state.apply("pass exchange 7h")
    assert state.chance is not None
    assert (state.chance.seat, state.chance.reason) == (0, "pass")
    assert parse_cards("7h")[0] not in state.chance.cards  # thrown: in the discards
    state = state.deal("Jh")
    assert state.seats[0].hand == parse_cards("5h Jh")


def test_deal_refuses_a_card_that_cannot_come() -> None:
    state = start_deal("waks", NAMES, 20, dealing="external").deal("7h")
    with pytest.raises(IllegalActionError, match="7♥ cannot be dealt now") as info:
        state.deal("7h")  # already in Anna's hand
    assert info.value.legal == ()
    done = start_deal("waks", NAMES, 20, stock=STOCK)
    with pytest.raises(IllegalActionError, match="not a chance node"):
        done.deal("Jh")


@pytest.mark.parametrize("kwargs", [{"stock": STOCK}, {"seed": 3}, {"reshuffles": [["7h"]]}])
def test_external_takes_no_stock_or_seed(kwargs: dict[str, object]) -> None:
    with pytest.raises(PrimeroError, match="dealt from outside"):
        start_deal("waks", NAMES, 20, dealing="external", **kwargs)


def test_unknown_dealing_mode() -> None:
    with pytest.raises(PrimeroError, match="dealing must be one of"):
        start_deal("waks", NAMES, 20, dealing="shuffled", seed=1)


def test_reshuffle_is_a_chance_node_over_the_discards() -> None:
    # Suzuki, six players: 12 cards dealt (28 left); six passes exchanging both cards (16
    # left); the exchange, everyone throwing both (4 left); the second deal needs 12: after
    # 4 the cards that can come are the 24 discards, to be reshuffled (docs/rules/dealing.md)
    names = ["A", "B", "C", "D", "E", "F"]
    state = start_deal("suzuki", names, 20, dealing="external")

    def serve(current):
        while current.chance is not None and current.stock:
            current = current.deal(current.chance.cards[0])
        return current

    state = serve(state)
    for _ in range(6):
        state = serve(state.apply(Pass(state.seats[state.to_act].hand)))
    assert state.step is not None and state.step.kind == "exchange" and len(state.stock) == 16
    for _ in range(6):
        state = serve(state.apply(Exchange(state.seats[state.to_act].hand)))
    chance = state.chance
    assert chance is not None and not state.stock
    assert chance.reason == "second deal"
    assert set(chance.cards) == set(state.discards) and len(chance.cards) == 24
    assert list(chance.cards) == sorted(chance.cards, key=lambda c: c.index)
    state = state.deal(chance.cards[-1])
    assert len(state.reshuffles) == 1 and state.discards == ()
    assert len(state.stock) == 23


def test_an_external_reshuffle_offers_the_folded_hands_too() -> None:
    # The hand-worked deal of tests/variants/test_rulings.py (docs/rules/dealing.md: folded hands
    # join
    # the discards), dealt from outside: revival, two rounds, six players, F deals; A folds
    # holding As 2s 3h 4h, B..E throw all four at the exchange and empty the stock; F throws
    # Ah 2h 3d 4d: the cards that can come are B's..E's sixteen discards and A's four.
    order = parse_cards("As 2s 3s 4s 5s 6s 7s Js Qs Ks Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh "
                        "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc")
    variant = get_variant("revival", rounds=2)
    state = start_deal(variant, list("ABCDEF"), 20, dealer="F", dealing="external")
    stock = list(order)
    while state.chance is not None:
        state = state.deal(stock.pop(0))
    for text in ("fold", "pass", "pass", "pass", "pass", "pass"):
        state = state.apply(text)
    thrown = set()
    for name in "BCDE":
        hand = state.seats[state.seat_of(name)].hand
        thrown |= {c.ascii for c in hand}
        state = state.apply("exchange " + " ".join(c.ascii for c in hand))
        while state.chance is not None:
            state = state.deal(stock.pop(0))
    assert not state.stock and not stock
    state = state.apply("exchange Ah 2h 3d 4d")
    chance = state.chance
    assert chance is not None and chance.seat == state.seat_of("F")
    check_chance(state)
    folded = {"As", "2s", "3h", "4h"}
    assert {c.ascii for c in chance.cards} == thrown | folded and len(chance.cards) == 20
    state = state.deal(parse_cards("3h")[0])         # one of A's folded cards
    assert state.seats[0].hand == () and len(state.stock) == 19
    assert "3h" in {c.ascii for c in state.seats[5].hand}
    assert {c.ascii for c in state.chance.cards} == (thrown | folded) - {"3h"}


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_external_dealing_matches_stacked_and_ids(variant: str, data: st.DataObject) -> None:
    config = data.draw(deal_setups(variant), label="setup")
    seed = data.draw(st.integers(min_value=0, max_value=2**32 - 1), label="play seed")
    finished = play_random_deal(config.start(), random.Random(seed), check=False)
    outside = external_replay(finished)  # same legal ids everywhere, same result
    assert outside.setup.dealing == "external"
    # the record of the deal dealt from outside replays it as a stacked deal
    again = replay(load_record(dump_record(record_from_state(outside))))
    assert again.stacks == finished.stacks and again.settlement == finished.settlement


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_external_deals_keep_ids_views_and_chance(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    v = get_variant(variant)
    n = rng.randint(*v.spec.players)
    state = start_deal(v, [f"P{k}" for k in range(n)], rng.randint(1, 30), dealing="external")
    while not state.over:
        if state.chance is not None:
            held = {c for s in state.seats for c in s.hand}
            assert not held & set(state.chance.cards)
            state = state.deal(rng.choice(state.chance.cards))
            continue
        check_action_ids(state)
        for viewer in range(n):
            view = check_view_hides(state, viewer)
            assert view.received == state.seats[viewer].received
        state = state.apply(rng.choice(state.legal_action_ids()))
    assert state.total_chips == sum(state.setup.chips) + state.setup.carry


# ------------------------------------------------------------------------------------------
# actions as numbers


def test_waks_action_space_layout() -> None:
    # a table of stake 1, rest 3: fold, pass, hold, vie 1..3, raise 1..3, 16 exchange masks
    # (the passes with an exchange are Suzuki's own block)
    space = action_space(get_variant("waks"), Table(stake=1, rest=3))
    assert space.size == 3 + 3 + 3 + 16
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    assert [space.encode(state, a) for a in (Fold(), Pass(), Hold(), Vie(1), Vie(3), Hold(1),
                                             Hold(3))] == [0, 1, 2, 3, 5, 6, 8]
    assert state.legal_action_ids() == (0, 1, 3, 4, 5)  # fold, pass, vie 1..3
    assert state.apply(4).history[-1] == (0, Vie(2))


def test_exchange_ids_are_the_discards_in_the_packs_order() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    for text in ["vie 1", "hold", "hold", "hold"]:
        state = state.apply(text)
    space = state.action_space
    _, first = space.block("exchange")
    # Anna holds 7h 5h (received in that order); in the pack's order (suit, then rank) 5h
    # comes first: 5h alone is mask 0b01, 7h alone 0b10
    assert space.encode(state, Exchange(parse_cards("5h"))) == first + 1
    assert space.decode(state, first + 2) == Exchange(parse_cards("7h"))
    assert space.decode(state, first + 3) == Exchange(parse_cards("7h 5h"))
    assert state.legal_action_ids() == tuple(range(first, first + 4))
    with pytest.raises(IllegalActionError, match="beyond the 2 cards"):
        space.decode(state, first + 4)
    with pytest.raises(IllegalActionError, match="no id"):
        space.encode(state, Exchange(parse_cards("Kc")))  # Dan's card: no position here


def test_cardano_calls_are_ids_of_the_call_book() -> None:
    from primero.variants.cardano import call_book

    v = get_variant("cardano")
    book = call_book(v.ranking)
    state = start_deal(v, NAMES, 20, stock=STOCK)
    space = state.action_space
    _, first = space.block("calls")
    k = book.calls.index(Call("Primero", 60))
    assert space.encode(state, Vie(2, Call("Primero", 60))) == first + 1 * len(book.calls) + k
    assert space.size == 3 + 3 + 3 + 16 + 2 * 3 * len(book.calls)
    # a Supremus is always 55: its two spellings are one call, with one id
    assert space.encode(state, Vie(1, Call("Supremus"))) == \
        space.encode(state, Vie(1, Call("Supremus", 55)))
    check_action_ids(state)


def test_apply_refuses_bad_ids_and_leaves_the_state() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    with pytest.raises(IllegalActionError, match="action id 2 is not legal"):
        state.apply(2)  # a plain hold before any vie
    with pytest.raises(IllegalActionError, match="not an id of this deal's action space"):
        state.apply(10_000)
    with pytest.raises(IllegalActionError):
        state.apply(-1)
    assert state.history == ()


def test_ids_and_objects_play_the_same_deal() -> None:
    for variant in VARIANTS:
        a = start_deal(variant, NAMES, 15, seed=7)
        b = a
        rng = random.Random(5)
        while not a.over:
            i = rng.choice(a.legal_action_ids())
            action = a.action_space.decode(a, i)
            a, b = a.apply(i), b.apply(action)
            assert a == b
        assert a.settlement == b.settlement


def test_pickled_states_carry_no_caches() -> None:
    state = start_deal("cardano", NAMES, 20, seed=3)
    state.legal_actions()
    state.legal_action_ids()
    small = len(pickle.dumps(state))
    fresh = start_deal("cardano", NAMES, 20, seed=3)
    assert small == len(pickle.dumps(fresh))
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.legal_action_ids() == state.legal_action_ids()


def test_the_inlined_shuffle_is_random_shuffle() -> None:
    from primero.cards import FRENCH52
    from primero.setup import seeded_stock

    for seed in [*range(200), 2**64 - 1]:
        expected = list(FRENCH52.cards)
        random.Random(seed).shuffle(expected)
        assert seeded_stock(FRENCH52.cards, seed) == tuple(expected)
