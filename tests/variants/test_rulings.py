"""The rules' finer points, each driven by a hand-worked deal file.

The deal files live in ``rulings/``; each one's comments work the deal out by hand and its
``[expect]`` table holds the result (checked by :func:`dealfile.check_expect`). The tests here
add what a deal file cannot say: the same deal under another option, or the ruling's
counter-factual (what the old reading would have paid).
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from dealfile import check_expect

from primero import get_variant, registry
from primero.deal.engine import start_deal
from primero.records import DealRecord, load_record, replay
from primero.rules.settling import build_layers, form_pots
from primero.rules.ties import share_layer
from primero.session import Session
from primero.settlement import PotLayer
from primero.setup import Table
from primero.variants.primiera import CannotPayAnteError

RULINGS = Path(__file__).resolve().parent / "rulings"


def _record(name: str) -> DealRecord:
    return load_record(RULINGS / f"{name}.toml")


def test_every_ruling_deal_file_is_run() -> None:
    assert sorted(p.stem for p in RULINGS.glob("*.toml")) == sorted([
        "split_once_per_pot", "unmatched_back_before_carry", "fold_never_lowers",
        "skipped_round_after_folds", "cardano_same_class_default",
        "suzuki_uncontested_carry", "primiera_top_card_points",
        "revival_one_at_a_time", "revival_primero_tie_one_at_a_time",
        "revival_three_rounds_one_at_a_time", "stock_out_in_a_deal",
    ])


# --- ties once per pot ----------------------------------------------------------------

def test_three_way_split_is_settled_once_per_pot() -> None:
    state = check_expect(_record("split_once_per_pot"))
    settlement = state.settlement
    assert settlement is not None
    # one pot of 15 up to level 4, open to Anna, Ben, Carla (seats 0, 1, 2)
    assert [(p.amount, p.level, p.contenders, p.shares) for p in settlement.layers] == [
        (15, 4, (0, 1, 2), (5, 5, 5))]


def test_layers_are_cut_then_merged_into_pots() -> None:
    # the same contributions as the deal file: Anna Ben Carla 4, Dan 1 and Eve 2 folded
    layers, returns, carry = build_layers([4, 4, 4, 1, 2], contenders=[0, 1, 2])
    assert [(x.amount, x.level) for x in layers] == [(5, 1), (4, 2), (6, 4)]
    assert returns == [] and carry == 0
    assert form_pots(layers) == [PotLayer(amount=15, level=4, contenders=(0, 1, 2))]
    # layers open to different players stay separate pots
    split = form_pots([PotLayer(amount=9, level=3, contenders=(0, 1, 2)),
                       PotLayer(amount=4, level=5, contenders=(1, 2)),
                       PotLayer(amount=2, level=6, contenders=(1, 2))])
    assert [(p.amount, p.level, p.contenders) for p in split] == [
        (9, 3, (0, 1, 2)), (6, 6, (1, 2))]


def test_odd_chips_of_the_pot_go_one_at_a_time_from_the_eldest() -> None:
    state = replay(_record("split_once_per_pot"))
    # 16 among three from the eldest: 6 / 5 / 5; 17: 6 / 6 / 5
    assert share_layer(state, 16, (2, 0, 1), "split") == ((0, 1, 2), (6, 5, 5))
    assert share_layer(state, 17, (1, 2, 0), "split") == ((0, 1, 2), (6, 6, 5))


# --- rulings 2 and 3 ----------------------------------------------------------------------------

def test_unmatched_chips_go_back_before_the_pot_carries() -> None:
    state = check_expect(_record("unmatched_back_before_carry"))
    assert state.settlement is not None and state.settlement.paid_out == 1


def test_a_fold_never_lowers_what_the_others_must_match() -> None:
    record = _record("fold_never_lowers")
    check_expect(record)
    after_fold = replay(record, stop_after=6)
    assert after_fold.high == 3 and not after_fold.over
    assert after_fold.seats[after_fold.to_act or 0].name == "Carla"


# ------------------------------------------------------------

def test_folds_leaving_one_actor_skip_the_round() -> None:
    state = check_expect(_record("skipped_round_after_folds"))
    assert state.skipped


# ------------------------------------------------------------

def test_same_class_is_the_default_call_rule() -> None:
    assert get_variant("cardano").option("call_rule") == "same_class"
    check_expect(_record("cardano_same_class_default"))


def test_at_least_is_the_house_option() -> None:
    record = _record("cardano_same_class_default")
    state = replay(attrs.evolve(record, options=(("call_rule", "at_least"),)))
    settlement = state.settlement
    assert settlement is not None
    assert [(a.seat, a.amount, a.value and a.value.label) for a in settlement.awards] == [
        (0, 6, "Fluxus 68")]
    assert settlement.carry == 0 and settlement.reason == ""
    assert state.stacks == (24, 18, 18)


# ------------------------------------------------------------

def test_suzuki_uncontested_carry_goes_to_the_best_hand() -> None:
    state = check_expect(_record("suzuki_uncontested_carry"))
    assert state.settlement is not None
    assert [(p.amount, p.contenders) for p in state.settlement.layers] == [(4, (0, 1, 2))]


# ------------------------------------------------------------

def test_equal_primieras_by_the_top_cards_points_then_suit() -> None:
    check_expect(_record("primiera_top_card_points"))


def test_tie_eldest_is_a_house_rule_without_the_tie_breaks() -> None:
    record = _record("primiera_top_card_points")
    state = replay(attrs.evolve(record, options=(("tie", "eldest"),)))
    assert state.settlement is not None
    assert [(a.seat, a.amount) for a in state.settlement.awards] == [(0, 3)]   # Anna, eldest


def test_a_player_who_cannot_pay_the_ante_cannot_take_part() -> None:
    record = _record("primiera_top_card_points")
    with pytest.raises(CannotPayAnteError, match="Ben has 1 chip and cannot pay") as info:
        start_deal("primiera", record.players, [5, 1, 5], dealer="Carla", ante=2,
                   stock=record.stock)
    assert info.value.player == "Ben"


def test_in_a_session_a_player_short_of_the_ante_leaves_the_table() -> None:
    # The deal file's cards with chips 3 / 10 / 10 and ante 2: Ben wins the 6 antes; Anna is
    # left with 1 chip, short of the next ante: she leaves the table with it. Carla has 8.
    record = _record("primiera_top_card_points")
    variant = get_variant("primiera")
    session = Session(variant=variant, players=record.players, chips=(3, 10, 10), dealer=2,
                      table=Table(stake=1, rest=3, ante=2))
    state = start_deal(variant, record.players, [3, 10, 10], dealer="Carla", ante=2,
                       stock=record.stock)
    assert state.stacks == (1, 14, 8)
    after = session.after(state)
    assert after.players == ("Ben", "Carla") and after.chips == (14, 8)
    assert after.left == ("Anna",) and after.left_chips == (1,)
    assert after.total_chips == session.total_chips == 23
    assert after.standings() == [("Ben", 14), ("Carla", 8), ("Anna", 1)]
    # elsewhere a player short of the ante plays all-in (revival, docs/rules/revival.md)
    revival = get_variant("revival")
    table = Session(variant=revival, players=("Anna", "Ben"), chips=(1, 9), dealer=1,
                    table=Table(stake=1, rest=3, ante=2))
    assert table.start_deal().seats[0].contributed == 1


# ------------------------------------------------------------

@pytest.mark.parametrize("name", ["revival_one_at_a_time",
                                  "revival_primero_tie_one_at_a_time",
                                  "revival_three_rounds_one_at_a_time"])
def test_revival_deals_one_at_a_time_under_deal_packets_1(name: str) -> None:
    check_expect(_record(name))


def test_the_same_stock_dealt_in_packets_of_two() -> None:
    # r8_revival_one_at_a_time is revival_three_way_split.toml under deal_packets = 1
    one = _record("revival_one_at_a_time")
    two = load_record(Path(__file__).resolve().parent / "revival_three_way_split.toml")
    assert (one.stock, one.actions) == (two.stock, two.actions)
    assert replay(attrs.evolve(one, options=(("deal_packets", 2),))).stacks == (11, 11, 10, 8)


def test_deal_packets_is_validated() -> None:
    from primero.errors import InvalidOptionError

    for bad in (0, 3, "two", True):
        with pytest.raises(InvalidOptionError, match="deal_packets"):
            get_variant("revival", deal_packets=bad)
    assert get_variant("french-prime", deal_packets="1").option("deal_packets") == 1


# --- a settlement that says why ----------------------------------------------------------------

def test_a_carried_pot_says_why_in_the_settlement_and_the_replay_text() -> None:
    from primero.cli.narration import describe_settlement

    state = replay(_record("unmatched_back_before_carry"))
    settlement = state.settlement
    assert settlement is not None
    assert settlement.describe(state.players) == (
        "Carla takes back 1 unmatched\n"
        "4 chips carry over to the next deal: nobody vied in round 2")
    assert "  4 chips carry over to the next deal: nobody vied in round 2" \
        in describe_settlement(state)
    cardano = replay(_record("cardano_same_class_default"))
    assert cardano.settlement is not None
    assert cardano.settlement.describe(cardano.players) == (
        "6 chips carry over to the next deal: no hand met the standing call Primero 60 "
        "(Anna's Fluxus 68 is not a Primero; Ben's Numerus 28 is below it; Carla's Primero 58 "
        "is below it)")


def test_a_won_pot_has_no_reason() -> None:
    state = replay(_record("split_once_per_pot"))
    assert state.settlement is not None and state.settlement.reason == ""
    assert state.settlement.describe(state.players).splitlines() == [
        "Anna wins 5 with Primero 65", "Ben wins 5 with Primero 65",
        "Carla wins 5 with Primero 65"]


# --- docs/rules/dealing.md: folded hands join the discards (the library's convention)
# --------------------

def test_folded_hands_join_the_discards_when_the_stock_is_rebuilt() -> None:
    # revival, two rounds, six players A..F, F deals: two cards together, twice round, from A.
    # The pack in suit order: A As 2s 3h 4h, B 3s 4s 5h 6h, C 5s 6s 7h Jh, D 7s Js Qh Kh,
    # E Qs Ks Ad 2d, F Ah 2h 3d 4d; the stock left is 5d 6d 7d Jd Qd Kd and the ten clubs (16).
    # A folds, the others check; at the exchange B, C, D and E throw all four (16 cards drawn:
    # the stock is empty), then F throws all four: the new stock is B's, C's, D's and E's
    # discards plus A's folded hand (20 cards), F's own four staying out; F draws 4 of them.
    order = ("As 2s 3s 4s 5s 6s 7s Js Qs Ks Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh "
             "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc")
    state = start_deal(get_variant("revival", rounds=2), list("ABCDEF"), 20, dealer="F",
                       stock=order)
    assert {c.ascii for c in state.seats[0].hand} == {"As", "2s", "3h", "4h"}
    for text in ("fold", "pass", "pass", "pass", "pass", "pass"):
        state = state.apply(text)
    thrown = {}
    for name in "BCDEF":
        seat = state.seat_of(name)
        thrown[name] = state.seats[seat].hand
        state = state.apply("exchange " + " ".join(c.ascii for c in thrown[name]))
    assert [c.ascii for c in state.seats[0].hand] == []        # A's hand joined the discards
    (pile,) = state.reshuffles
    expected = {"As", "2s", "3h", "4h"} | {c.ascii for n in "BCDE" for c in thrown[n]}
    assert sorted(c.ascii for c in pile) == sorted(expected) and len(pile) == 20
    assert {c.ascii for c in thrown["F"]} == {"Ah", "2h", "3d", "4d"}
    assert [c.ascii for c in state.seats[5].hand] == [c.ascii for c in pile[:4]]
    assert len(state.stock) == 16
    # a saved record of the deal replays to the same state
    from primero.records import dump_record, record_from_state
    again = replay(load_record(dump_record(record_from_state(state))))
    assert again == state


# --- primero rules VARIANT: every option's default and source --------------------------------

BUILT_IN = [n for n in registry().names()
            if (registry().provider(registry().spec(n)) or "").startswith("primero.")]


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_source_an_option_cites_is_listed(name: str) -> None:
    spec = registry().spec(name)
    listed = {s.split()[0] for s in spec.sources}
    for option in spec.options:
        cited = set(re.findall(r"\[[A-Za-z0-9-]+\]", option.doc))
        assert cited <= listed, (option.name, cited - listed)
        # a source key, or the words that mark a house rule or the library's own reading
        assert cited or "house" in option.doc or "library" in option.doc, option.name


def test_the_waks_rules_state_what_the_library_plays() -> None:
    summary = " ".join(registry().spec("waks").summary.split())
    for rule in ("a pass made before the first vie does not count",
                 "A player who is already level while others still owe may pass or raise",
                 "A betting round is played only while at least two players still in can act",
                 "the lowest point value deals", "the deal passes to the next player",
                 "A player with no chips left leaves the table"):
        assert rule in summary, rule


def test_equal_primieras_agree_with_an_independent_reading() -> None:
    # An oracle that imports nothing from primero: (points, top card points, best suit of the
    # top cards), suits hearts 3 > diamonds 2 > clubs 1 > spades 0; compared with the library
    # on every pair of Primieras of equal points among 3,000 drawn with a fixed seed.
    import random
    from itertools import combinations, product

    points = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
              "J": 10, "Q": 10, "K": 10}
    suit_rank = {"h": 3, "d": 2, "c": 1, "s": 0}
    primieras = [hand for hand in product(*[[r + s for r in points] for s in "shdc"])]
    rng = random.Random(11)
    sample = rng.sample(primieras, 3000)

    def oracle(hand: tuple[str, ...]) -> tuple[int, int, int]:
        top = max(points[c[0]] for c in hand)
        return (sum(points[c[0]] for c in hand), top,
                max(suit_rank[c[1]] for c in hand if points[c[0]] == top))

    ranking = get_variant("primiera").ranking
    by_points: dict[int, list[tuple[str, ...]]] = {}
    for hand in sample:
        by_points.setdefault(oracle(hand)[0], []).append(hand)
    checked = 0
    for group in by_points.values():
        for first, second in combinations(group[:25], 2):
            mine, theirs = ranking.evaluate(" ".join(first)), ranking.evaluate(" ".join(second))
            assert (mine > theirs) == (oracle(first) > oracle(second)), (first, second)
            assert mine.ties(theirs) == (oracle(first) == oracle(second)), (first, second)
            checked += 1
    assert checked > 5000


# --- the stock running out in a deal ---------------------------------------------------------

def test_stock_out_in_a_deal_reshuffles_the_discards() -> None:
    record = _record("stock_out_in_a_deal")
    state = check_expect(record)
    (new_stock,) = state.reshuffles
    assert " ".join(c.ascii for c in new_stock) == (
        "5s 5h Js Qh 2d 3c 4h Qc 2s 3s 2h 3h 3d 2c 4s 4d 4c 5d 5c Jh Jd Jc Qs Qd")
    assert " ".join(c.ascii for c in state.stock) \
        == "2s 3s 2h 3h 3d 2c 4s 4d 4c 5d 5c Jh Jd Jc Qs Qd"
    assert state.discards == ()
    # before Fabio's exchange: his two cards and the four the second deal starts with
    before = replay(record, stop_after=11)
    assert [c.ascii for c in before.stock] == ["7c", "6c", "As", "Ah", "Ad", "Ac"]
    assert len(before.discards) == 22
    # the second deal: the old stock's last four, then the new stock from Elena on
    dealt = [(state.seats[seat].name, r.card.ascii) for seat in range(6)
             for r in state.seats[seat].received if r.reason == "second deal"]
    assert sorted(dealt, key=lambda pair: pair[0]) == sorted([
        ("Anna", "As"), ("Anna", "Js"), ("Ben", "Ah"), ("Ben", "Qh"), ("Carla", "Ad"),
        ("Carla", "2d"), ("Dan", "Ac"), ("Dan", "3c"), ("Elena", "5s"), ("Elena", "4h"),
        ("Fabio", "5h"), ("Fabio", "Qc")], key=lambda pair: pair[0])


def test_stock_out_in_a_deal_takes_the_folded_hands_too() -> None:
    # No built-in game with folds can run the stock dry in a deal, so the dealing convention is
    # driven directly: the deal file's Suzuki deal up to Fabio's exchange, with Ben's seat
    # marked folded (holding Kd Kc). Fabio throws Qd Qc and draws 7c 6c; the second deal skips
    # Ben: Anna As, Carla Ah, Dan Ad, Elena Ac; the stock is empty at Fabio, and the new stock
    # is the 24 discards with Ben's two cards: 26 cards, Ben's hand emptied.
    record = _record("stock_out_in_a_deal")
    state = start_deal(get_variant("suzuki"), list(record.players), 20, dealer="Fabio",
                       stake=1, rest=3, stock=list(record.stock))
    for _, text in record.actions[:11]:
        state = state.apply(text)
    seats = list(state.seats)
    assert [c.ascii for c in seats[1].hand] == ["Kd", "Kc"]
    seats[1] = attrs.evolve(seats[1], folded=True)
    state = attrs.evolve(state, seats=tuple(seats)).apply("exchange Qd Qc")
    (new_stock,) = state.reshuffles
    thrown = "2s 3s 2h 3h 2d 3d 2c 3c 4s 4h 4d 4c 5s 5h 5d 5c Js Jh Jd Jc Qs Qh Qd Qc"
    assert sorted(c.ascii for c in new_stock) == sorted([*thrown.split(), "Kd", "Kc"])
    assert state.seats[1].hand == ()
    firsts = {s.name: s.hand[2].ascii for s in state.seats if s.name not in ("Ben", "Fabio")}
    assert firsts == {"Anna": "As", "Carla": "Ah", "Dan": "Ad", "Elena": "Ac"}
    fabio = state.seats[5]
    assert [c.ascii for c in fabio.hand[:2]] == ["7c", "6c"]
    # one card at a time: Fabio the new stock's 1st card, then Anna, Carla, Dan, Elena the
    # 2nd to 5th, and Fabio the 6th
    assert list(fabio.hand[2:]) == [new_stock[0], new_stock[5]]
    assert [s.hand[3] for s in state.seats if s.name not in ("Ben", "Fabio")] \
        == list(new_stock[1:5])
