"""Losing Primero (docs/rules/losing.md): the ranking inverted through the ordering hook."""

from __future__ import annotations

import random

import pytest
from independent import as_pairs, check_deal_file, classify, strength, table

import primero
from primero.deal.engine import start_deal
from primero.hands import Classification
from primero.rules.ranking import standard_order_key
from primero.variants.losing import LOSING, LosingRules, invert_key
from primero.variants.waks import WAKS


@pytest.fixture(scope="module")
def losing() -> primero.Variant:
    return primero.get_variant("losing")


def test_registered_with_sources() -> None:
    spec = primero.registry().spec("losing")
    assert spec.title == "Losing Primero"
    assert any(s.startswith("[seed-DE]") for s in spec.sources)
    assert spec.options == WAKS.options  # everything as in waks
    assert spec.players == WAKS.players
    assert spec is not WAKS and LOSING.plugins and isinstance(LOSING.plugins[0], LosingRules)


def test_inversion_is_a_wrapper_on_the_ordering_hook(losing: primero.Variant) -> None:
    hook = losing.rules.manager.hook.primero_hand_order
    impls = hook.get_hookimpls()
    wrappers = [i for i in impls if i.wrapper]
    assert [type(i.plugin) for i in wrappers] == [LosingRules]
    # the only non-wrapper implementation is the core's: no copy of the ranking
    plain = [i for i in impls if not i.wrapper]
    assert len(plain) == 1 and plain[0].trylast
    hooks = {name for name in dir(LosingRules) if name.startswith("primero_")}
    assert hooks == {"primero_hand_order"}


def test_every_key_is_the_negated_waks_key(losing: primero.Variant) -> None:
    waks = primero.get_variant("waks").ranking
    ranking = losing.ranking
    assert ranking.census() == waks.census()
    for value in ranking.values():
        core = waks.value_of(value.cards[0].bit | value.cards[1].bit
                             | value.cards[2].bit | value.cards[3].bit)
        assert (value.hand_class, value.points) == (core.hand_class, core.points)
        assert value.key == invert_key(core.key)


def test_best_losing_hand_is_a_numerus_20(losing: primero.Variant) -> None:
    values = list(losing.ranking.values())
    best = max(v.key for v in values)
    top = [v for v in values if v.key == best]
    assert {v.label for v in top} == {"Numerus 20"}
    # independently: every hand whose oracle value is the weakest standard value
    oracle = table("italian40", supremus=True)
    weakest = min(oracle.values(), key=strength)
    assert weakest == ("Numerus", 20)
    assert {as_pairs(v.cards) for v in top} == {h for h, v in oracle.items() if v == weakest}
    worst = min(v.key for v in values)
    assert {v.label for v in values if v.key == worst} == {"Chorus 84"}


def test_comparisons_are_the_oracle_reversed(losing: primero.Variant) -> None:
    ranking = losing.ranking
    rng = random.Random(20260501)
    cards = list(losing.pack)
    for _ in range(3000):
        deal = rng.sample(cards, 8)
        a, b = tuple(deal[:4]), tuple(deal[4:])
        sa = strength(classify(tuple(as_pairs(a)), supremus=True))
        sb = strength(classify(tuple(as_pairs(b)), supremus=True))
        va, vb = ranking.evaluate(a), ranking.evaluate(b)
        assert (va > vb) == (sa < sb)
        assert (va == vb) == (sa == sb)


@pytest.mark.parametrize(
    ("better", "worse", "step"),
    [
        ("Ks Qs 7h 6d", "Js Qs 7h 6d", "tie"),        # Numerus 20 ties Numerus 20
        ("Ks Qs 7h 6d", "7s 6s 5h 4d", "points"),     # Numerus 20 beats Numerus 39
        ("7s 6s 5h 4d", "7s 6h Ad Kc", "class"),      # any Numerus beats a Primero
        ("7s 6h Ad Kc", "7h 6h Ah Kc", "class"),      # a Primero beats a Supremus
        ("7h 6h Ah Kc", "Kh Qh Jh 2h", "class"),      # a Supremus beats a Fluxus
        ("7h 6h 5h Ah", "7s 7h 7d 7c", "class"),      # a Fluxus beats a Chorus
    ],
)
def test_inverted_order(losing: primero.Variant, better: str, worse: str, step: str) -> None:
    ranking = losing.ranking
    comparison = ranking.compare(ranking.evaluate(better), ranking.evaluate(worse))
    assert comparison.step == step
    assert comparison.winner == (None if step == "tie" else 0)


def test_ranking_options_flow_through_the_core_key(losing: primero.Variant) -> None:
    # The ordering hook called directly (no second table): the wrapper negates whatever key the
    # core gives, including Zorli's high Primero [ZOR-C].
    high = losing.with_options(high_primero_beats_fluxus=True)
    classes = losing.ranking.classes
    primero81 = Classification("Primero", 81, ())
    fluxus42 = Classification("Fluxus", 42, ())

    def key(variant: primero.Variant, c: Classification) -> tuple[int, ...]:
        result = variant.rules.manager.hook.primero_hand_order(
            variant=variant, classification=c, classes=classes)
        assert isinstance(result, tuple)
        return result

    # standard: Fluxus 42 > Primero 81, so losing: the Primero wins
    assert key(losing, primero81) > key(losing, fluxus42)
    assert key(losing, primero81) == invert_key(standard_order_key(primero81, classes))
    # high Primero outranks every Fluxus, so losing: the Fluxus wins
    assert key(high, fluxus42) > key(high, primero81)
    assert key(high, primero81) \
        == invert_key(standard_order_key(primero81, classes, high_primero=True))


def test_deal_lowest_hand_takes_the_pot() -> None:
    state = check_deal_file("losing_lowest_wins.toml")
    ranking = primero.get_variant("waks").ranking
    ben = ranking.evaluate(state.seats[state.seat_of("Ben")].hand)
    anna = ranking.evaluate(state.seats[state.seat_of("Anna")].hand)
    assert ben > anna  # in waks the Primero would have won


def test_tie_goes_to_the_eldest(losing: primero.Variant) -> None:
    # Anna deals, so Ben is eldest. Waks dealing, one card at a time from Ben:
    # Ben 7h 6h Kc Jd (Numerus 39), Anna 7s 6s Kh Qd (Numerus 39): a tie.
    top = ["7h", "7s", "6h", "6s", "Kc", "Kh", "Jd", "Qd"]
    stock = top + [c.ascii for c in losing.pack if c.ascii not in top]
    state = start_deal(losing, ["Anna", "Ben"], 10, dealer="Anna", stock=stock)
    for text in ("vie 1", "hold", "exchange", "exchange", "vie 1", "hold"):
        state = state.apply(text)
    assert state.over and state.settlement is not None
    assert {state.seats[s].name: v.label for s, v in state.settlement.values} \
        == {"Anna": "Numerus 39", "Ben": "Numerus 39"}
    assert [(a.seat, a.amount) for a in state.settlement.awards] == [(1, 4)]
    assert state.stacks == (8, 12)
