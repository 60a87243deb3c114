"""The Italian declare-and-redraw Primiera (`primiera`, docs/rules/primiera.md).

Expected values come from the deal files' hand-worked comments, from RULES.md (§9 and the §11
census) and from an enumeration written here apart from the library (plain (rank, suit)
integer pairs, nothing imported from primero).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import primero
from primero import IllegalActionError, PrimeroError, get_variant, parse_cards
from primero.actions import Exchange
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.records import dump_record, load_record, record_from_state, replay
from primero.session import Session
from primero.testing.runner import run_deal_machine
from primero.variants.primiera import (
    DEFAULT_ANTE,
    PRIMIERA_PLAN,
    CannotPayAnteError,
    Declaration,
    DeclarationRound,
    chance_served,
    declaration_rounds,
    declarations,
    served,
)

HERE = Path(__file__).resolve().parent
DEAL_FILES = sorted(HERE.glob("primiera_*.toml"))
CARRY_FILES = [HERE / f"primiera_carry_{k}.toml" for k in (1, 2, 3)]
EIGHT = HERE / "primiera_eight_reshuffle.toml"

# --------------------------------------------------------------------------------------------
# An independent oracle: ranks 1 (ace) .. 13 (king), suits 0..3; italian40 has no 8, 9, 10.

RANKS = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
PACK = [(rank, suit) for suit in range(4) for rank in RANKS]
POINTS = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}


def oracle_class(hand: tuple[tuple[int, int], ...]) -> tuple[str, int]:
    """(class, points) of four cards under docs/rules/primiera.md."""
    suits = [s for _, s in hand]
    total = sum(POINTS[r] for r, _ in hand)
    if len(set(suits)) == 4:
        return "Primiera", total
    if len(set(suits)) == 1:
        return "Flush", total
    for suit in set(suits):
        if sorted(r for r, s in hand if s == suit) == [1, 6, 7]:
            return "Fifty-five", 55
    return "Nothing", 0


def oracle_census() -> Counter[str]:
    return Counter(oracle_class(h)[0] for h in combinations(PACK, 4))


def served_labels(state: GameState) -> list[str]:
    """The declarations an independent reading of the hands expects, in playing order."""
    out = []
    for seat in state.playing_order():
        hand = tuple((int(c.rank), int(c.suit)) for c in state.seats[seat].hand)
        cls, points = oracle_class(hand)
        if cls != "Nothing":
            out.append(f"{state.seats[seat].name} {cls} {points}")
    return out


# --------------------------------------------------------------------------------------------
# Registration


def test_registered_with_its_table() -> None:
    spec = primero.registry().spec("primiera")
    assert spec.players == (2, 8)
    assert spec.title == "Italian declare-and-redraw Primiera"
    assert {o.name: o.default for o in spec.options} == {
        "order": "flush_top", "tie": "suit",
        # exchange and next dealer go "to the right of the dealer": play runs counter-clockwise
        "play_direction": "counter-clockwise", "deal_passes": "with_play"}
    variant = get_variant("primiera")
    assert variant.pack.name == "italian40" and len(variant.pack) == 40
    assert variant.rules.deal.deal_plan() == PRIMIERA_PLAN
    assert [str(s) for s in PRIMIERA_PLAN] == [
        "ante", "deal 4", "declare 1", "exchange", "declare 2"]


def test_bad_options_and_table_sizes() -> None:
    with pytest.raises(primero.InvalidOptionError, match="order"):
        get_variant("primiera", order="supremus_top")
    variant = get_variant("primiera")
    with pytest.raises(PrimeroError, match="2 to 8 players"):
        start_deal(variant, [f"P{k}" for k in range(9)], 10, seed=1)
    with pytest.raises(PrimeroError, match="2 to 8 players"):
        start_deal(variant, ["Solo"], 10, seed=1)


# --------------------------------------------------------------------------------------------
# Ranking (docs/rules/primiera.md)


@pytest.mark.parametrize(("cards", "label", "counting"), [
    ("7h 6h Ah Kc", "Fifty-five 55", "7h 6h Ah"),      # the fourth card does not count
    ("7c 6c Ac 7d", "Fifty-five 55", "7c 6c Ac"),
    ("7h 6h Ah Kh", "Flush 65", "7h 6h Ah Kh"),        # 7-6-A + same suit: a Flush
    ("7s 6s As 5s", "Flush 70", "7s 6s As 5s"),        # the best Flush
    ("Kc Qc Jc 2c", "Flush 42", "2c Kc Qc Jc"),        # the weakest: 12 + 10 + 10 + 10
    ("7s 7h 7d 7c", "Primiera 84", "7s 7h 7d 7c"),     # four of a kind is a Primiera
    ("Ks Qh Jd Kc", "Primiera 40", "Ks Qh Jd Kc"),
    ("7s 6h Ad Kc", "Primiera 65", "7s 6h Ad Kc"),
    ("7s 6s 5d 4d", "Nothing 0", ""),                  # 2 + 2 suits
    ("7h 6h As Kc", "Nothing 0", ""),                  # 7-6 of hearts, the A of another suit
    ("7h 6h Ah", "", ""),                              # not four cards
])
def test_classification(cards: str, label: str, counting: str) -> None:
    ranking = get_variant("primiera").ranking
    if not label:
        with pytest.raises(primero.InvalidDeckError, match="exactly 4 cards"):
            ranking.evaluate(cards)
        return
    value = ranking.evaluate(cards)
    assert value.label == label
    assert set(value.counting) == set(parse_cards(counting))


def test_explanations() -> None:
    ranking = get_variant("primiera").ranking
    assert ranking.evaluate("7h 6h Ah Kc").explain() == (
        "Fifty-five 55: 7, 6 and A of one suit; 7♥ 21 + 6♥ 18 + A♥ 16 = 55; K♣ not counted")
    assert ranking.evaluate("Kc Qc Jc 2c").explain() == (
        "Flush 42: four cards of one suit; 2♣ 12 + J♣ 10 + Q♣ 10 + K♣ 10 = 42")
    assert ranking.evaluate("7s 6s 5d 4d").explain() == (
        "Nothing 0: no combination; 6♠ 7♠ 4♦ 5♦ not counted")


def test_class_order_options() -> None:
    # flush_top: Primiera < Fifty-five < Flush, whatever the points.
    flush_top = get_variant("primiera").ranking
    assert flush_top.classes == ("Nothing", "Primiera", "Fifty-five", "Flush")
    weakest_flush = flush_top.evaluate("Kc Qc Jc 2c")        # Flush 42
    fifty_five = flush_top.evaluate("7h 6h Ah Kc")           # Fifty-five 55
    best_primiera = flush_top.evaluate("7s 7h 7d 7c")        # Primiera 84
    nothing = flush_top.evaluate("7s 6s 5d 4d")
    assert weakest_flush > fifty_five > best_primiera > nothing
    assert flush_top.compare(weakest_flush, fifty_five).step == "class"
    # fiftyfive_top: Primiera < Flush < Fifty-five.
    top55 = get_variant("primiera", order="fiftyfive_top").ranking
    assert top55.classes == ("Nothing", "Primiera", "Flush", "Fifty-five")
    assert top55.evaluate("7h 6h Ah Kc") > top55.evaluate("7s 6s As 5s") \
        > top55.evaluate("7s 7h 7d 7c") > top55.evaluate("7s 6s 5d 4d")


def test_census_and_served_probability() -> None:
    """10,960 of the 91,390 hands are served, from the library's own enumeration."""
    ranking = get_variant("primiera").ranking
    census = ranking.census()
    # Independent: enumerated here, and by counting: one card of each of the four suits
    # (10^4, four of a kind included), four of one suit (4 x C(10,4)), and 7-6-A of one suit
    # with any of the 30 cards of the other suits (4 x 30).
    assert census == dict(oracle_census())
    assert census == {"Nothing": 80_430, "Primiera": 10_000, "Fifty-five": 120, "Flush": 840}
    assert census["Primiera"] == 10**4
    assert census["Flush"] == 4 * comb(10, 4)
    assert census["Fifty-five"] == 4 * 30
    # docs/rules/figures.md: Primiera = Primero + Chorus, Fifty-five = Supremus, Flush = Fluxus.
    assert census["Primiera"] == 9_990 + 10
    served = sum(n for cls, n in census.items() if cls != "Nothing")
    assert (served, sum(census.values())) == (10_960, comb(40, 4)) == (10_960, 91_390)
    assert Fraction(served, sum(census.values())) == Fraction(1_096, 9_139)
    assert ranking.points_range() == {"Nothing": (0, 0), "Primiera": (40, 84),
                                      "Fifty-five": (55, 55), "Flush": (42, 70)}
    # the order option moves classes, never hands
    assert get_variant("primiera", order="fiftyfive_top").ranking.census() == census


def test_every_hand_matches_the_oracle() -> None:
    ranking = get_variant("primiera").ranking
    for value in ranking.values():
        hand = tuple((int(c.rank), int(c.suit)) for c in value.cards)
        assert (value.hand_class, value.points) == oracle_class(hand)


def _order(*hands: str, **options: Any) -> list[str]:
    ranking = get_variant("primiera", **options).ranking
    return [v.label + " " + " ".join(c.ascii for c in v.cards)
            for v in sorted((ranking.evaluate(h) for h in hands), reverse=True)]


def test_flush_and_fifty_five_ties_go_by_suit() -> None:
    ranking = get_variant("primiera").ranking
    # Four Flushes of 60 (21 + 15 + 14 + 10): hearts > diamonds > clubs > spades.
    flushes = [ranking.evaluate(f"7{s} 5{s} 4{s} Q{s}") for s in "shdc"]
    assert {v.label for v in flushes} == {"Flush 60"}
    spades, hearts, diamonds, clubs = flushes
    assert hearts > diamonds > clubs > spades
    assert ranking.compare(hearts, spades).step == "tie-break"
    # points come first: a spade Flush of 61 beats a heart Flush of 60
    assert ranking.evaluate("7s 6s 2s Ks") > hearts          # 21 + 18 + 12 + 10 = 61
    # Fifty-fives: always 55; the suit of the 7-6-A decides, not the fourth card
    assert ranking.evaluate("7d 6d Ad 2s") > ranking.evaluate("7c 6c Ac Kh")
    assert ranking.evaluate("7h 6h Ah 2s") > ranking.evaluate("7d 6d Ad Kc")
    assert ranking.evaluate("7c 6c Ac 2s") > ranking.evaluate("7s 6s As Kh")


def test_primiera_ties_go_by_the_suit_of_the_highest_card() -> None:
    ranking = get_variant("primiera").ranking
    # 59 each: 7♣ (clubs) beats 7♠ (spades)
    assert ranking.evaluate("7c 6s Kh Qd") > ranking.evaluate("7s 6h Kd Qc")
    # several highest cards: the best suit among them (7♠ and 7♥: hearts) beats the 7♣
    two_sevens = ranking.evaluate("7s 7h 5d Kc")      # 21 + 21 + 15 + 10 = 67
    one_seven = ranking.evaluate("6s 6h Kd 7c")       # 18 + 18 + 10 + 21 = 67
    assert two_sevens > one_seven
    # four courts (40): the heart court is always among the highest cards, so all tie
    assert ranking.evaluate("Ks Qh Jd Kc").ties(ranking.evaluate("Qs Kh Jd Jc"))
    # changed these two: the highest-point card's
    # points
    # come before its suit, so 7♣ (clubs, 21) beats 6♥ (hearts, 18) at 51 points each (it
    # used to be the other way round), and 7♥ (21) beats 6♥ (18) (it used to be a tie).
    hearts_top = ranking.evaluate("6h Ks Qd 3c")      # 18 + 10 + 10 + 13 = 51
    clubs_top = ranking.evaluate("7c Ks Qd Jh")       # 21 + 10 + 10 + 10 = 51
    assert clubs_top > hearts_top
    assert ranking.compare(clubs_top, hearts_top).step == "tie-break"
    assert ranking.evaluate("7h Js Kd Qc") > ranking.evaluate("6h Ks Qd 3c")      # 51, 51
    # equal points, the same points and suit of the highest card: a tie (to the eldest)
    assert ranking.evaluate("7h Ks Qd 3c").ties(ranking.evaluate("7h Ks Qd 3c"))
    assert ranking.evaluate("7h 2s Qd Jc").ties(ranking.evaluate("7h Js 2d Qc"))  # 53, 53
    assert ranking.evaluate("6h Ks Qd 3c") > ranking.evaluate("5h Ks Qd 3c")      # 51 > 48


def test_tie_options_without_suits() -> None:
    for tie in ("eldest", "split"):
        ranking = get_variant("primiera", tie=tie).ranking
        assert ranking.evaluate("7h 5h 4h Qh").ties(ranking.evaluate("7s 5s 4s Qs"))
        assert ranking.evaluate("7d 6d Ad 2s").ties(ranking.evaluate("7c 6c Ac Kh"))
        assert ranking.evaluate("7s 7h 5d Kc").ties(ranking.evaluate("6s 6h Kd 7c"))
        assert ranking.evaluate("7s 6s 2s Ks") > ranking.evaluate("7h 5h 4h Qh")


# --------------------------------------------------------------------------------------------
# Deal files


def _check_expect(state: GameState, expect: dict[str, Any], carry_in: int) -> None:
    assert state.over
    settlement = state.settlement
    assert settlement is not None
    assert state.ended_by == expect["ended_by"]
    held = declaration_rounds(state)
    assert [[f"{d.player} {d.label}" for d in r.declarations] for r in held] \
        == expect["declared"]
    # every declaration agrees with the independent reading of the final hands
    assert [f"{d.player} {d.label}" for d in declarations(state, len(held))] \
        == served_labels(state)
    awards = [{"player": state.seats[a.seat].name, "amount": a.amount,
               **({"value": a.value.label} if a.value is not None else {})}
              for a in settlement.awards]
    assert awards == expect["awards"]
    assert settlement.carry == expect["carry"]
    assert settlement.reason == expect.get("reason", "")
    assert list(state.stacks) == expect["chips"]
    assert sum(state.stacks) + settlement.carry == sum(state.setup.chips) + carry_in
    if "hands" in expect:
        for name, cards in expect["hands"].items():
            assert state.seats[state.seat_of(name)].hand == parse_cards(cards)
    if "stock_left" in expect:
        assert state.stock == parse_cards(expect["stock_left"])
    if "discards" in expect:
        assert state.discards == parse_cards(expect["discards"])


def test_deal_files_are_present() -> None:
    assert {p.name for p in DEAL_FILES} >= {
        "primiera_two_served.toml", "primiera_two_served_fiftyfive_top.toml",
        "primiera_flush_suit.toml", "primiera_carry_1.toml", "primiera_carry_2.toml",
        "primiera_carry_3.toml", "primiera_eight_reshuffle.toml"}


@pytest.mark.parametrize("path", DEAL_FILES, ids=lambda p: p.stem)
def test_deal_file(path: Path) -> None:
    record = load_record(path)
    assert record.variant == "primiera"
    assert all(text.split()[0] == "exchange" for _, text in record.actions)
    assert Counter(record.stock) == Counter(get_variant("primiera").pack.cards)
    state = replay(record)
    _check_expect(state, dict(record.expect), record.carry)
    # a deal file round trip gives the same deal
    again = replay(load_record(dump_record(record_from_state(state))))
    assert again == state


def test_fiftyfive_top_same_cards_other_winner() -> None:
    default = load_record(HERE / "primiera_two_served.toml")
    other = load_record(HERE / "primiera_two_served_fiftyfive_top.toml")
    assert (other.stock, other.players, other.dealer, other.chips, other.actions) \
        == (default.stock, default.players, default.dealer, default.chips, default.actions)
    assert dict(other.options) == {"order": "fiftyfive_top"} and not default.options
    win_default, win_other = replay(default).settlement, replay(other).settlement
    assert win_default is not None and win_other is not None
    assert [(a.seat, a.value.label if a.value else "") for a in win_default.awards] \
        == [(2, "Flush 45")]
    assert [(a.seat, a.value.label if a.value else "") for a in win_other.awards] \
        == [(1, "Fifty-five 55")]


def test_flush_suit_beats_the_eldest_only_under_tie_suit() -> None:
    record = load_record(HERE / "primiera_flush_suit.toml")
    state = replay(record)
    assert state.settlement is not None
    assert [a.seat for a in state.settlement.awards] == [1]          # Ben, hearts
    eldest = replay(attrs.evolve(record, options=(("tie", "eldest"),)))
    assert eldest.settlement is not None
    assert [(a.seat, a.amount) for a in eldest.settlement.awards] == [(0, 6)]   # Anna
    split = replay(attrs.evolve(record, options=(("tie", "split"),)))
    assert split.settlement is not None
    # 6 chips shared by the two Flushes of 60: 3 each
    assert [(a.seat, a.amount) for a in split.settlement.awards] == [(0, 3), (1, 3)]


def test_carry_over_chain_of_three_deal_files() -> None:
    """Deals 1 and 2 are cancelled; the pot carries over until deal 3 is won (60 chips)."""
    records = [load_record(p) for p in CARRY_FILES]
    previous: GameState | None = None
    for record in records:
        if previous is not None:
            assert previous.settlement is not None
            assert record.chips == previous.stacks
            assert record.carry == previous.settlement.carry
            # the deal passes to the next seat in playing order
            assert record.players.index(record.dealer) == (previous.dealer + 1) % 3
        state = replay(record)
        assert state.settlement is not None
        assert sum(state.stacks) + state.settlement.carry == 60
        previous = state
    assert [replay(r).settlement.carry for r in records] == [3, 6, 0]  # type: ignore[union-attr]


def test_carry_over_chain_by_start_deal() -> None:
    """The same session driven with start_deal: carry = the last settlement's carry."""
    variant = get_variant("primiera")
    records = [load_record(p) for p in CARRY_FILES]
    chips: tuple[int, ...] = (20, 20, 20)
    carry, dealer = 0, 2
    for record in records:
        state = start_deal(variant, ["Anna", "Ben", "Carla"], chips, dealer=dealer, ante=1,
                           carry=carry, stock=record.stock)
        assert [s.contributed for s in state.seats] == [1, 1, 1]   # everyone antes again
        assert state.carry_in == carry
        for _, text in record.actions:
            state = state.apply(text)
        assert state.settlement is not None
        chips, carry, dealer = state.stacks, state.settlement.carry, (dealer + 1) % 3
    assert (chips, carry) == ((26, 17, 17), 0)


def _thrown(record: Any) -> dict[str, set[Any]]:
    """Each player's discards in a deal file's exchanges."""
    return {name: set(parse_cards(" ".join(text.split()[1:]))) for name, text in record.actions}


def test_eight_players_rebuild_the_stock_from_discards() -> None:
    record = load_record(EIGHT)
    pack = Counter(get_variant("primiera").pack.cards)
    state = replay(record, stop_after=0)
    assert len(state.stock) == 8
    for k in range(1, len(record.actions) + 1):
        state = replay(record, stop_after=k)
        cards = [c for s in state.seats for c in s.hand] + list(state.stock) \
            + list(state.discards)
        assert Counter(cards) == pack                        # every card exactly once
        assert all(len(s.hand) == 4 for s in state.seats)
    assert state.reshuffles == record.reshuffles
    thrown = _thrown(record)
    # a new stock never holds the cards the player being served has just thrown
    assert not set(state.reshuffles[0]) & thrown["Carla"]
    assert not set(state.reshuffles[2]) & thrown["Hugo"]
    assert set(state.reshuffles[0]) == thrown["Anna"] | thrown["Ben"]
    assert set(state.reshuffles[1]) == thrown["Carla"] | thrown["Dan"]
    assert set(state.reshuffles[2]) == thrown["Elena"] | thrown["Fabio"]


def test_eight_players_seeded_reshuffles() -> None:
    """Without recorded reshuffles the engine shuffles from its seed and records each order."""
    record = load_record(EIGHT)
    pack = Counter(get_variant("primiera").pack.cards)
    thrown = _thrown(record)
    for seed in (1, 2, 3):
        state = replay(attrs.evolve(record, reshuffles=(), seed=seed))
        assert state.over
        cards = [c for s in state.seats for c in s.hand] + list(state.stock) \
            + list(state.discards)
        assert Counter(cards) == pack
        assert len(state.reshuffles) == 3
        assert set(state.reshuffles[0]) == thrown["Anna"] | thrown["Ben"]
        assert set(state.reshuffles[1]) == thrown["Carla"] | thrown["Dan"]
        assert set(state.reshuffles[2]) == thrown["Elena"] | thrown["Fabio"]
        assert sum(state.stacks) + state.settlement.carry == 80  # type: ignore[union-attr]
        # the saved record holds the reshuffles: its replay is the same deal
        again = replay(load_record(dump_record(record_from_state(state))))
        assert again == state and again.reshuffles == state.reshuffles


# --------------------------------------------------------------------------------------------
# The engine: antes, declarations, the exchange, views, settlement


STOCK_TWO_SERVED = load_record(HERE / "primiera_two_served.toml").stock


def test_default_ante_and_explicit_ante() -> None:
    variant = get_variant("primiera")
    names = ["Anna", "Ben", "Carla", "Dan"]
    state = start_deal(variant, names, 20, stock=STOCK_TWO_SERVED)
    assert DEFAULT_ANTE == 1 and state.table.ante == 1
    assert state.stacks == (19, 19, 23, 19)
    state = start_deal(variant, names, 20, ante=3, carry=5, stock=STOCK_TWO_SERVED)
    assert state.table.ante == 3
    assert state.settlement is not None and state.settlement.awards[0].amount == 17
    assert state.stacks == (17, 17, 17 + 17, 17)


def test_a_player_who_cannot_pay_the_ante_cannot_take_part() -> None:
    """Changed this test: Anna (1 chip, ante 2) used to put

    Rules: docs/rules/primiera.md.

    in her 1 chip and win a main layer; now there is no all-in in Primiera and the deal is
    refused, naming her, before anything is dealt."""
    variant = get_variant("primiera")
    with pytest.raises(CannotPayAnteError, match="Anna has 1 chip and cannot pay the ante "
                                                 "of 2") as info:
        start_deal(variant, ["Anna", "Ben", "Carla"], [1, 20, 20], dealer=2, ante=2, seed=1)
    assert info.value.player == "Anna"
    assert isinstance(info.value, PrimeroError) and isinstance(info.value, ValueError)
    # the first player short of it in playing order from the eldest is named
    with pytest.raises(CannotPayAnteError, match=r"^Carla has 2 chips"):
        start_deal(variant, ["Anna", "Ben", "Carla"], [20, 1, 2], dealer=1, ante=3, seed=1)
    # exactly the ante is enough
    state = start_deal(variant, ["Anna", "Ben", "Carla"], [2, 20, 20], dealer=2, ante=2,
                       seed=1)
    assert [s.contributed for s in state.seats] == [2, 2, 2]


def test_declarations_are_public_and_only_declared_hands_are_shown() -> None:
    state = replay(load_record(HERE / "primiera_two_served.toml"))
    made = declarations(state)
    assert made == declarations(state, 1) and declarations(state, 2) == ()
    assert [(d.number, d.seat, d.label) for d in made] == [
        (1, 1, "Fifty-five 55"), (1, 2, "Flush 45")]
    assert str(made[1]) == "Carla declares Flush 45 (Q♣ J♣ 2♣ 3♣)"
    assert str(state.extra("declaration_1")) == (
        "Ben declares Fifty-five 55 (7♦ 6♦ A♦ K♣); Carla declares Flush 45 (Q♣ J♣ 2♣ 3♣)")
    assert state.extra("declaration_2") is None
    view = state.view(0)
    assert declarations(view) == made
    assert [s.shown for s in view.seats] == [
        (), parse_cards("7d 6d Ad Kc"), parse_cards("Qc Jc 2c 3c"), ()]
    assert isinstance(made[0], Declaration)
    assert [served(state, seat) for seat in range(4)] == [False, True, True, False]


def test_exchange_is_the_only_decision() -> None:
    record = load_record(CARRY_FILES[0])
    state = replay(record, stop_after=0)
    assert (state.step is not None and state.step.kind, state.to_act) == ("exchange", 0)
    legal = state.legal_actions()
    assert len(legal) == 16                                  # every subset of four cards
    assert {len(a.discards) for a in legal if isinstance(a, Exchange)} == {0, 1, 2, 3, 4}
    assert all(isinstance(a, Exchange) for a in legal)
    for text in ("vie 1", "pass", "fold", "hold"):
        with pytest.raises(IllegalActionError, match="no betting") as info:
            state.apply(text)
        assert info.value.legal == legal
    with pytest.raises(IllegalActionError, match="own hand"):
        state.apply("exchange 7c")
    # views: the table sees how many cards each exchange changed; the player, their own
    after = state.apply("exchange Ks").apply("exchange")
    for seat in (0, 1, 2):
        assert after.view(seat).history == ((0, "exchange 1 card"), (1, "exchange 0 cards"))
    assert after.view(0).discarded == parse_cards("Ks")


def test_nobody_served_twice_cancels_the_deal() -> None:
    state = replay(load_record(CARRY_FILES[0]))
    assert state.ended_by == "cancel"
    assert declaration_rounds(state) == (DeclarationRound(number=1),
                                         DeclarationRound(number=2))
    assert [str(r) for r in declaration_rounds(state)] == ["nobody is served"] * 2
    assert state.settlement is not None and state.settlement.awards == ()
    assert state.settlement.carry == 3 and not state.settlement.showdown
    assert all(s.shown == () for s in state.view(0).seats)


# --------------------------------------------------------------------------------------------
# Sessions and random deals


def test_session_carries_until_someone_is_served() -> None:
    variant = get_variant("primiera")
    rng = random.Random(11)
    session = Session.new(variant, ["Anna", "Ben", "Carla", "Dan", "Elena"], 30, seed=5,
                          dealer=0)
    total = session.total_chips
    cancelled_run = 0
    for _ in range(25):
        before = session
        state = session.start_deal()
        assert [s.contributed for s in state.seats] == [1] * 5      # default ante, everyone
        assert state.carry_in == before.carry
        while not state.over:
            state = state.apply(rng.choice(state.legal_actions()))
        session = session.after(state)
        assert session.total_chips == total
        if state.ended_by == "cancel":
            cancelled_run += 1
            assert session.carry == before.carry + len(before.players)
        else:
            assert session.carry == 0
        assert session.dealer == (before.dealer + 1) % 5       # nobody can bust in 25 deals
    assert cancelled_run > 0      # the seeded run has carry-overs


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), carry=st.integers(0, 9),
       ante=st.integers(0, 3), picks=st.lists(st.integers(0, 15), min_size=8, max_size=8))
def test_random_deals(seed: int, players: int, carry: int, ante: int, picks: list[int]) -> None:
    variant = get_variant("primiera")
    names = [f"P{k}" for k in range(players)]
    state = start_deal(variant, names, 10, dealer=seed % players, ante=ante, carry=carry,
                       seed=seed)
    paid = ante                # an explicit ante, even 0, is what everyone pays
    assert [s.contributed for s in state.seats] == [paid] * players    # from everyone
    first = served_labels(state)   # the dealt hands, before any exchange
    k = 0
    while not state.over:
        legal = state.legal_actions()
        state = state.apply(legal[picks[k] % len(legal)])
        k += 1
    settlement = state.settlement
    assert settlement is not None
    cards = [c for s in state.seats for c in s.hand] + list(state.stock) + list(state.discards)
    assert Counter(cards) == Counter(variant.pack.cards)
    assert sum(state.stacks) + settlement.carry == 10 * players + carry
    held = declaration_rounds(state)
    assert [f"{d.player} {d.label}" for d in declarations(state, 1)] == first
    assert (k == 0) == bool(first)            # served on the deal: no exchange at all
    if state.ended_by == "cancel":
        assert [len(r.declarations) for r in held] == [0, 0]
        assert settlement.carry == carry + paid * players
        assert settlement.awards == ()
    else:
        assert state.ended_by == "showdown"
        last = declarations(state, len(held))
        assert [f"{d.player} {d.label}" for d in last] == served_labels(state)
        best = max(state.value(d.seat).key for d in last)
        top = [d.seat for d in last if state.value(d.seat).key == best]
        eldest_first = sorted(top, key=lambda s: (s - state.eldest) % players)
        pot = carry + paid * players
        assert [(a.seat, a.amount) for a in settlement.awards] == (
            [(eldest_first[0], pot)] if pot else [])   # an empty pot makes no award
        assert settlement.carry == 0


@pytest.mark.parametrize("options", [{"order": "fiftyfive_top"}, {"tie": "split"}])
def test_conformance_kit_with_options(options: dict[str, str]) -> None:
    """The engine's state-machine invariants (primero.testing) under the non-default options;
    the defaults are run by tests/test_state_machine.py for every registered variant."""
    run_deal_machine("primiera", settings=settings(
        max_examples=10, stateful_step_count=25, deadline=None,
        suppress_health_check=list(HealthCheck)), **options)


def test_chance_served_after_an_exchange() -> None:
    variant = get_variant("primiera")
    # Hand counts over the 36 cards not in hand, every draw equally likely:
    # keep 7♠ 6♥ A♦ (three suits), throw 2♦: only a club (10 of 36) serves a Primiera.
    assert chance_served(variant, "7s 6h Ad 2d", "2d") == Fraction(10, 36)
    # keep 7♥ 6♥, throw 2♠ 3♦: two hearts (C(8,2) = 28 Flushes) or A♥ + a non-heart (28
    # Fifty-fives) of C(36,2) = 630 draws.
    assert chance_served(variant, "7h 6h 2s 3d", "2s 3d") == Fraction(28 + 28, 630)
    # throw all four of 7♠ 6♥ A♦ 2♦: unseen 9 spades, 9 hearts, 8 diamonds, 10 clubs.
    # Primiera 9·9·8·10 = 6480; Flush C(9,4)+C(9,4)+C(8,4)+C(10,4) = 532; Fifty-five only in
    # clubs (the 7♠, 6♥, A♦ are held): 7♣ 6♣ A♣ + one of 26 non-clubs = 26.
    assert chance_served(variant, "7s 6h Ad 2d", "7s 6h Ad 2d") \
        == Fraction(6480 + 532 + 26, comb(36, 4))
    # standing pat: served or not
    assert chance_served(variant, "7s 6h Ad Kc") == 1
    assert chance_served(variant, "7s 6h Ad 2d") == 0
    with pytest.raises(ValueError, match="not in the hand"):
        chance_served(variant, "7s 6h Ad 2d", "Kc")
    with pytest.raises(primero.InvalidDeckError):
        chance_served(variant, "7s 6h Ad", "7s")
