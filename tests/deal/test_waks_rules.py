"""One named test per rule of Waks English Primero, on stacked stocks.

Rules: docs/rules/index.md#variants.

Every deal here is dealt from a stacked stock: :func:`stacked` puts the named cards on top, the
rest of the pack follows in pack order. Cards are dealt one at a time in playing order from the
eldest (docs/rules/dealing.md), so with players A B C D and D dealing, the first eight cards go
A B C D A B C D. Chip figures are worked out by hand in the comments.

Readings tested where the sources leave room (see rules/betting.py):

* pass-once: a second pass on the same vie is illegal, but a raise is a new bet that may again
  be answered by one pass; a pass before the first vie, or by a player already level, does not
  count;
* an all-in for less than the stake is allowed as a vie or as a raise, and such a raise is a
  raise (everyone else answers it afresh);
* an all-in hold for less than the vie is a hold: it lifts the must-hold duty;
* when the stock runs out at the second deal (not an exchange), all the discards are shuffled
  into the new stock (nobody is being served an exchange).
"""

from __future__ import annotations

from typing import Any

import pytest

import primero
from primero import IllegalActionError, InvalidDeckError, RecordError, hookimpl
from primero.actions import Fold, Hold, Pass, Vie
from primero.cards import Card, Pack, parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.rules.dealing import WAKS_PLAN
from primero.setup import Step
from primero.testing.invariants import check_deal_invariants
from primero.testing.privacy import check_view_hides
from primero.testing.snapshots import snapshot
from primero.variant import Variant

WAKS = primero.get_variant("waks")


def stacked(top: str, pack: Pack | None = None) -> tuple[Card, ...]:
    """The whole pack: ``top`` first, then the other cards in pack order."""
    cards = parse_cards(top)
    rest = [c for c in (pack or WAKS.pack) if c not in cards]
    return (*cards, *rest)


def deal(players: str, chips: int | list[int] = 10, *, top: str = "",
         variant: Variant = WAKS, **kwargs: Any) -> GameState:
    """A deal with the last player dealing (the first is eldest) unless ``dealer`` is given."""
    return start_deal(variant, players.split(), chips, stock=stacked(top, variant.pack),
                      **kwargs)


def play(state: GameState, *lines: str) -> GameState:
    """Apply ``"<player> <action>"`` lines, checking turns and every invariant on the way."""
    for line in lines:
        name, _, text = line.partition(" ")
        assert state.to_act is not None, f"{line!r}: the deal is over"
        assert state.seats[state.to_act].name == name, (
            f"{line!r}: it is {state.seats[state.to_act].name}'s turn")
        before = snapshot(state)
        new = state.apply(text)
        assert snapshot(state) == before
        check_deal_invariants(new)
        state = new
    return state


def refused(state: GameState, text: str, reason: str) -> None:
    """``text`` is illegal for the player to act; the error says ``reason``; nothing moves."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=reason) as info:
        state.apply(text)
    assert info.value.legal == state.legal_actions()
    assert snapshot(state) == before


def step_kind(state: GameState) -> str:
    return state.step.kind if state.step is not None else "-"


def to_act(state: GameState) -> str:
    return state.seats[state.to_act].name if state.to_act is not None else "-"


def house(*rules: object) -> Variant:
    """Waks with house-rule plug-in objects stacked on top (variant.py)."""
    waks = primero.get_variant("waks").spec.configure()
    return Variant(spec=waks.spec, settings=waks.settings, house_rules=rules)


class PackRules:
    """House rule: play with a small pack of our own."""

    def __init__(self, cards: str) -> None:
        self.pack = Pack("tiny", parse_cards(cards))

    @hookimpl
    def primero_pack(self, variant: Variant) -> Pack:
        return self.pack


class PlanRules:
    """House rule: another deal plan."""

    def __init__(self, *steps: Step) -> None:
        self.steps = steps

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        return self.steps


PAT3 = ("A exchange", "B exchange", "C exchange")


# --------------------------------------------------------------------------------------------
# Pass-once (§5 "pass")


def test_pass_once_per_round_even_after_a_raise() -> None:
    # docs/rules/waks.md: after a vie, "each player may pass at most once in answer ...; at their
    # next
    # turn they must hold or fold" — a later raise does not give the pass back.
    state = play(deal("A B C"), "A vie 2", "B pass")
    # C speaks last before A: bound to hold, and may raise (a raise implies a hold)
    state = play(state, "C hold raise 1")          # C: 2 + 1 = 3 in
    assert Pass() in state.legal_actions()          # A owes 1 and has not passed yet
    state = play(state, "A pass")
    assert to_act(state) == "B"
    refused(state, "pass", "B already passed once in answer this round: hold or fold")
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Fold())
    state = play(state, "B hold")                   # B: 3 in
    state = play(state, "C pass")                   # C is level: a pass that answers nothing
    assert to_act(state) == "A"
    refused(state, "pass", "A already passed once in answer this round: hold or fold")
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Fold())
    state = play(state, "A hold")
    # round over: A 3 + B 3 + C 3 = 9
    assert step_kind(state) == "exchange"
    assert state.pot == 9 and state.stacks == (7, 7, 7)


def test_a_pass_before_the_first_vie_does_not_count() -> None:
    # A: Js Qs + Kh Jh (Numerus 20); B: 7s 6h + Ad Kc (Primero 65); C: 2h 3d + 4c 5s (Primero 54)
    top = "Js 7s 2h Qs 6h 3d  Kh Ad 4c Jh Kc 5s"
    state = play(deal("A B C", top=top), "A pass", "B pass", "C pass", *PAT3)
    assert step_kind(state) == "bet" and state.pot == 0  # nobody vied in round 1: no carry
    state = play(state, "A pass", "B vie 1", "C pass")
    assert Pass() in state.legal_actions()          # A's first pass came before the vie
    state = play(state, "A pass", "B pass")         # B is level: may pass
    refused(state, "pass", "C already passed once")
    state = play(state, "C hold")
    refused(state, "pass", "A already passed once")
    state = play(state, "A fold")
    settlement = state.settlement
    assert state.over and settlement is not None
    # B and C put in 1 each; B's Primero 65 beats C's Primero 54: B 10 - 1 + 2 = 11
    assert [(a.seat, a.amount, a.value.label if a.value else None)
            for a in settlement.awards] == [(1, 2, "Primero 65")]
    assert state.stacks == (10, 11, 9)


def test_a_level_player_may_pass_and_the_round_goes_on() -> None:
    state = play(deal("A B C"), "A vie 1", "B pass", "C hold")
    assert to_act(state) == "A" and step_kind(state) == "bet"  # B still owes
    assert state.legal_actions() == (Pass(), Hold(1), Hold(2), Hold(3), Fold())
    state = play(state, "A pass")
    assert not state.seats[0].passed               # answered nothing
    refused(state, "pass", "B already passed once")
    state = play(state, "B hold")
    assert step_kind(state) == "exchange" and state.pot == 3


# --------------------------------------------------------------------------------------------
# Round end (§5 "Round end")


def test_round_ends_as_soon_as_everyone_is_level() -> None:
    state = play(deal("A B C"), "A vie 2", "B hold", "C hold")
    # A vied 2, B and C held 2: level, so A does not speak again
    assert step_kind(state) == "exchange" and to_act(state) == "A"
    assert state.pot == 6 and state.stacks == (8, 8, 8)


def test_round_does_not_end_while_someone_owes() -> None:
    state = play(deal("A B C D"), "A vie 1", "B hold raise 2", "C hold", "D hold")
    # A is the only one short (1 of 3): the round goes on to A
    assert step_kind(state) == "bet" and to_act(state) == "A"
    state = play(state, "A hold")
    assert step_kind(state) == "exchange" and state.pot == 12


def test_everyone_passes_in_round_one_and_the_deal_goes_on() -> None:
    state = play(deal("A B C"), "A pass", "B pass", "C pass")
    assert not state.over and step_kind(state) == "exchange"
    assert state.pot == 0 and state.stacks == (10, 10, 10)
    state = play(state, *PAT3)
    assert state.step == Step("bet", 2) and [len(s.hand) for s in state.seats] == [4, 4, 4]


# --------------------------------------------------------------------------------------------
# Must hold (§5 "Must hold (round 1 only)")


def test_must_hold_binds_the_player_before_the_vier() -> None:
    state = play(deal("A B C D"), "A pass", "B pass", "C vie 1", "D pass", "A pass")
    assert to_act(state) == "B"                    # B speaks last before C
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3))
    refused(state, "pass", "B speaks last before C, who vied, and nobody has held: B must hold")
    refused(state, "fold", "B must hold")
    state = play(state, "B hold", "C pass")       # C, the vier, is level
    assert to_act(state) == "D" and Pass() not in state.legal_actions()  # D passed once


def test_must_hold_wraps_to_the_dealer_when_the_eldest_vies() -> None:
    state = play(deal("A B C"), "A vie 1", "B pass")
    assert to_act(state) == "C"
    refused(state, "fold", "C speaks last before A")


def test_must_hold_only_while_nobody_has_held() -> None:
    state = play(deal("A B C"), "A vie 1", "B hold")
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Pass(), Fold())


def test_a_raise_lifts_the_must_hold() -> None:
    state = play(deal("A B C"), "A vie 1", "B hold raise 2")
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Pass(), Fold())
    state = play(state, "C fold")
    assert state.seats[2].folded


def test_must_hold_skips_a_folded_player() -> None:
    state = play(deal("A B C D"), "A pass", "B fold", "C vie 1", "D pass")
    # B, right before C, has folded: the duty falls on A
    assert to_act(state) == "A" and Fold() not in state.legal_actions()
    refused(state, "pass", "A speaks last before C")


def test_must_hold_skips_an_all_in_player() -> None:
    # a plan with an ante: A's one chip goes in with the ante and A is all-in before round 1
    variant = house(PlanRules(Step("ante"), *WAKS_PLAN))
    state = deal("A B C D", [1, 10, 10, 10], variant=variant, ante=1)
    assert state.seats[0].all_in and state.pot == 4 and to_act(state) == "B"
    state = play(state, "B vie 1", "C pass")
    # before B is A, all-in: the last player before B who can act is D
    refused(state, "pass", "D speaks last before B")
    refused(state, "fold", "D must hold")
    state = play(state, "D hold")
    assert to_act(state) == "B"                    # A cannot act; B is level


def test_must_hold_is_round_one_only() -> None:
    state = play(deal("A B C"), "A pass", "B pass", "C pass", *PAT3, "A vie 1", "B pass")
    assert state.step == Step("bet", 2)
    assert state.legal_actions() == (Hold(), Hold(1), Hold(2), Hold(3), Pass(), Fold())
    state = play(state, "C fold", "A pass")
    refused(state, "pass", "B already passed once")


def test_an_all_in_hold_for_less_lifts_the_must_hold() -> None:
    state = play(deal("A B C", [10, 1, 10]), "A vie 3", "B hold")
    assert state.seats[1].all_in and state.seats[1].contributed == 1
    assert Pass() in state.legal_actions() and Fold() in state.legal_actions()


# --------------------------------------------------------------------------------------------
# Stake and rest (§5 "Table parameters", "vie", "hold")


def test_vies_and_raises_between_stake_and_rest() -> None:
    state = deal("A B C", stake=2, rest=4)
    assert state.legal_actions() == (Pass(), Vie(2), Vie(3), Vie(4), Fold())
    refused(state, "vie 1", r"at least the stake \(2\)")
    refused(state, "vie 5", r"at most the rest \(4\)")
    state = play(state, "A vie 3")
    assert state.legal_actions() == (Hold(), Hold(2), Hold(3), Hold(4), Pass(), Fold())
    refused(state, "vie 2", "someone has already vied")
    refused(state, "hold raise 1", r"at least the stake \(2\)")
    refused(state, "hold raise 5", r"at most the rest \(4\)")


def test_short_stacks_go_all_in() -> None:
    # C has 4 chips: after A's vie of 3 and B's hold, C may raise only 1 (all it has left)
    state = play(deal("A B C", [10, 10, 4], stake=2, rest=4), "A vie 3", "B hold")
    assert state.legal_actions() == (Hold(), Hold(1), Pass(), Fold())
    state = play(state, "C hold raise 1")          # all-in raise for less than the stake
    assert state.seats[2].all_in and state.high == 4
    assert Pass() in state.legal_actions()          # a raise: A answers afresh
    state = play(state, "A hold", "B hold")
    # A, B, C 4 each
    assert step_kind(state) == "exchange" and state.pot == 12 and state.stacks == (6, 6, 0)


def test_a_player_short_of_the_stake_vies_all_in() -> None:
    state = deal("A B", [1, 10], stake=2, rest=4)
    assert state.legal_actions() == (Pass(), Vie(1), Fold())
    state = play(state, "A vie 1")
    # B is bound (before A); A is all-in: B holds 1 and the deal runs to the showdown
    assert state.legal_actions() == (Hold(), Hold(2), Hold(3), Hold(4))


def test_a_player_short_of_the_amount_owed_holds_all_in() -> None:
    state = play(deal("A B", [10, 2]), "A vie 3")
    assert state.legal_actions() == (Hold(),)      # bound, and nothing left to raise with
    state = play(state, "B hold")
    assert state.seats[1].all_in and state.seats[1].contributed == 2


# --------------------------------------------------------------------------------------------
# All-in and side pots (§3, §5 "Short of chips")

CHORUS84, CHORUS72, PRIMERO42, NUMERUS31 = "7s 7h 7d 7c", "6s 6h 6d 6c", "Ks Qh Jd 2c", \
    "As 5s Ah 5h"


def four_hands(a: str, b: str, c: str, d: str) -> str:
    """The stock top that deals these hands to A B C D (two rounds of two cards)."""
    hands = [h.split() for h in (a, b, c, d)]
    return " ".join(hands[p][k] for k in range(4) for p in range(4))


def side_pot_deal(hands: tuple[str, str, str, str], carry: int = 0) -> GameState:
    """A has 2 chips, B 5, C and D 20; contributions end at A 2, B 5, C 8, D 3 (folded)."""
    state = deal("A B C D", [2, 5, 20, 20], top=four_hands(*hands), carry=carry)
    state = play(state,
                 "A vie 2",          # A all-in
                 "B hold",           # B 2 (lifts D's duty)
                 "C hold raise 1",   # C 3
                 "D hold",           # D 3
                 "B hold",           # B 3; A all-in counts as level: pot 11
                 "A exchange", "B exchange", "C exchange", "D exchange",
                 "B vie 2",          # round 2: A cannot act, B first; B all-in at 5
                 "C hold raise 3",   # C 3 + 5 = 8
                 "D fold")           # D leaves 3 in
    assert state.over and state.ended_by == "showdown"
    assert [s.contributed for s in state.seats] == [2, 5, 8, 3]
    return state


def test_side_pots_with_three_contributions() -> None:
    state = side_pot_deal((CHORUS84, CHORUS72, PRIMERO42, NUMERUS31))
    settlement = state.settlement
    assert settlement is not None
    # layers by contribution level: 2 (A B C D: 4 x 2 = 8, contested by A B C),
    # 3 (B C D: 3 x 1 = 3, D's folded chip stays; B C), 5 (B C: 2 x 2 = 4; B C);
    # C's top 3 (8 - 5) nobody matched: back to C.
    # the layers at 3 and 5 are open to
    # the same players still in (B C), so they form one pot of 3 + 4 = 7 up to level 5.
    assert [(x.amount, x.level, x.contenders) for x in settlement.layers] == [
        (8, 2, (0, 1, 2)), (7, 5, (1, 2))]
    assert settlement.returns == ((2, 3),)
    # A's Chorus 84 takes the main layer only; B's Chorus 72 the two side layers
    assert [(a.seat, a.amount, a.value.label if a.value else None)
            for a in settlement.awards] == [(0, 8, "Chorus 84"), (1, 7, "Chorus 72")]
    assert settlement.carry == 0
    # A 2 - 2 + 8 = 8; B 5 - 5 + 7 = 7; C 20 - 8 + 3 = 15; D 20 - 3 = 17; total 47
    assert state.stacks == (8, 7, 15, 17)


def test_side_pots_the_biggest_stack_has_the_best_hand() -> None:
    state = side_pot_deal((PRIMERO42, CHORUS72, CHORUS84, NUMERUS31))
    settlement = state.settlement
    assert settlement is not None
    # C takes all three layers, 8 + 3 + 4 = 15, and gets its unmatched 3 back
    assert [(a.seat, a.amount) for a in settlement.awards] == [(2, 15)]
    assert settlement.returns == ((2, 3),)
    assert state.stacks == (0, 0, 20 - 8 + 15 + 3, 17)


def test_carried_over_chips_join_the_main_layer() -> None:
    state = side_pot_deal((CHORUS84, CHORUS72, PRIMERO42, NUMERUS31), carry=10)
    settlement = state.settlement
    assert settlement is not None
    # the pots: 8 + 10 carried, then 3 + 4 for B C
    assert [layer.amount for layer in settlement.layers] == [18, 7]
    # the all-in A can win the carry: 8 + 10 = 18
    assert [(a.seat, a.amount) for a in settlement.awards] == [(0, 18), (1, 7)]
    assert state.stacks == (18, 7, 15, 17) and sum(state.stacks) == 47 + 10


# --------------------------------------------------------------------------------------------
# Carry-over (§5 "Nobody vies in round 2")


def test_nobody_vies_in_round_two_the_pot_carries_over() -> None:
    state = play(deal("A B C", carry=4), "A vie 1", "B hold", "C hold", *PAT3)
    assert state.pot == 3 + 4
    state = play(state, "A pass", "B pass", "C pass")
    settlement = state.settlement
    assert state.over and state.ended_by == "carry" and settlement is not None
    # the pot (3 put in + 4 carried in) stays for the next deal; nobody is paid
    assert settlement.carry == 7 == state.pot
    assert settlement.awards == () and settlement.returns == () and not settlement.showdown
    assert state.stacks == (9, 9, 9)
    assert all(s.shown == () for s in state.view(0).seats)


def test_a_fold_without_a_vie_in_round_two_still_carries() -> None:
    state = play(deal("A B C"), "A vie 2", "B hold", "C hold", *PAT3,
                 "A pass", "B fold", "C pass")
    assert state.ended_by == "carry" and state.settlement is not None
    assert state.settlement.carry == 6 and state.stacks == (8, 8, 8)


# --------------------------------------------------------------------------------------------
# All-in players skip round 2 (§5 "All-in players")


def test_round_two_skipped_goes_to_the_showdown() -> None:
    # A: 7s 6h + Ad Kc (Primero 65); B: Js Qs + Jh Qh (Numerus 20)
    state = deal("A B", [3, 10], top="7s Js 6h Qs  Ad Jh Kc Qh")
    state = play(state, "A vie 3", "B hold", "A exchange", "B exchange")
    # A is all-in: only B could act in round 2, so it is skipped -- not a carry-over
    assert state.over and state.ended_by == "showdown"
    settlement = state.settlement
    assert settlement is not None and settlement.showdown
    assert [(a.seat, a.amount, a.value.label if a.value else None)
            for a in settlement.awards] == [(0, 6, "Primero 65")]
    assert state.stacks == (6, 7)
    assert len(state.history) == 4


def test_round_two_skipped_with_two_all_in_players() -> None:
    state = play(deal("A B C", [2, 2, 10]), "A vie 2", "B hold", "C hold", *PAT3)
    assert state.over and state.ended_by == "showdown" and state.settlement is not None
    assert sum(layer.amount for layer in state.settlement.layers) == 6


# --------------------------------------------------------------------------------------------
# One player left (§5 "One player left")


def test_one_player_left_wins_unseen() -> None:
    state = play(deal("A B C"), "A vie 2", "B hold", "C fold", "A exchange", "B exchange",
                 "A vie 1", "B fold")
    settlement = state.settlement
    assert state.over and state.ended_by == "folds" and settlement is not None
    assert not settlement.showdown and settlement.values == ()
    # the layer A and B both reached (2 + 2) is A's; A's unmatched vie of 1 goes back
    (award,) = settlement.awards
    assert (award.seat, award.amount, award.value) == (0, 4, None)
    assert settlement.returns == ((0, 1),)
    assert state.stacks == (10 - 3 + 4 + 1, 8, 10)
    for viewer in range(3):
        assert all(s.shown == () for s in check_view_hides(state, viewer).seats)


def test_one_player_left_takes_the_carry() -> None:
    state = play(deal("A B C", carry=5), "A fold", "B fold")
    assert state.over and state.settlement is not None
    assert [(a.seat, a.amount, a.value) for a in state.settlement.awards] == [(2, 5, None)]
    assert state.stacks == (10, 10, 15) and state.settlement.carry == 0


# --------------------------------------------------------------------------------------------
# Ties (§3 "Tie policies")

# Dealer A (seat 0): playing order B C A. B: Js Qs Jh Qh (Numerus 20); C: 7s 6h Ad Kc and
# A: 6s 7h Ac Kd, both Primero 65.
TIE_TOP = "Js 7s 7h Qs 6h 6s  Jh Ad Ac Qh Kc Kd"
TIE_ACTIONS = ("B vie 1", "C hold", "A hold", "B exchange", "C exchange", "A exchange",
               "B vie 2", "C hold", "A hold")


def test_tie_goes_to_the_player_nearest_the_dealer() -> None:
    state = play(deal("A B C", top=TIE_TOP, dealer="A"), *TIE_ACTIONS)
    settlement = state.settlement
    assert settlement is not None
    values = {s: v.label for s, v in settlement.values}
    assert values == {0: "Primero 65", 1: "Numerus 20", 2: "Primero 65"}
    # C is first after the eldest B; A, the dealer, is last: C takes the pot of 9
    assert [(x.amount, x.winners, x.shares) for x in settlement.layers] == [(9, (2,), (9,))]
    assert state.stacks == (7, 7, 16)


def test_tie_split_gives_the_odd_chip_from_the_eldest() -> None:
    variant = WAKS.with_options(tie="split")
    state = play(deal("A B C", top=TIE_TOP, dealer="A", variant=variant), *TIE_ACTIONS)
    settlement = state.settlement
    assert settlement is not None
    # 9 chips between C and A: 4 each, the odd chip to C (nearer the eldest)
    assert [(x.amount, x.winners, x.shares) for x in settlement.layers] == [
        (9, (2, 0), (5, 4))]
    assert sorted((a.seat, a.amount) for a in settlement.awards) == [(0, 4), (2, 5)]
    assert state.stacks == (11, 7, 12)


# --------------------------------------------------------------------------------------------
# The stock runs out (§4 "Stock exhausted during an exchange")

FOUR_CARD_PLAN = (Step("deal", count=4), Step("bet", 1), Step("exchange"), Step("bet", 2),
                  Step("showdown"))
TWELVE = "As 2s 3s 4s 5s 6s Ah 2h 3h 4h 5h 6h"


SMALL_PACK_GAME = house(PackRules(TWELVE), PlanRules(*FOUR_CARD_PLAN))


def twelve_card_deal(**kwargs: Any) -> tuple[GameState, GameState]:
    """12-card pack, four cards each: A As 3s 5s Ah, B 2s 4s 6s 2h; stock 3h 4h 5h 6h."""
    state = deal("A B", top=TWELVE, variant=SMALL_PACK_GAME, **kwargs)
    state = play(state, "A pass", "B pass", "A exchange As 3s 5s")
    # A draws 3h 4h 5h; one card (6h) is left; the discards are As 3s 5s
    assert [c.ascii for c in state.stock] == ["6h"]
    return state, play(state, "B exchange 2s 4s")


def test_reshuffle_keeps_the_players_own_discards_out() -> None:
    before, state = twelve_card_deal(seed=99)
    # B is first served the 6h, then As 3s 5s (not B's own 2s 4s) make the new stock
    (new_stock,) = state.reshuffles
    assert sorted(c.ascii for c in new_stock) == ["3s", "5s", "As"]
    assert not {c.ascii for c in new_stock} & {"2s", "4s"}
    b_hand = [c.ascii for c in state.seats[1].hand]
    assert b_hand[:3] == ["6s", "2h", "6h"] and b_hand[3] == new_stock[0].ascii
    assert [c.ascii for c in state.stock] == [c.ascii for c in new_stock[1:]]
    assert sorted(c.ascii for c in state.discards) == ["2s", "4s"]
    assert before.reshuffles == ()
    check_deal_invariants(state)
    # round 2: A's Fluxus (Ah 3h 4h 5h = 16 + 13 + 14 + 15 = 58) beats any B can hold
    end = play(state, "A vie 1", "B hold")
    assert end.settlement is not None
    assert [(a.seat, a.amount, a.value.label if a.value else None)
            for a in end.settlement.awards] == [(0, 2, "Fluxus 58")]
    assert end.stacks == (11, 9)


def test_reshuffle_order_given_in_advance_replays_exactly() -> None:
    _, state = twelve_card_deal(seed=1, reshuffles=[["5s", "As", "3s"]])
    assert [c.ascii for c in state.seats[1].hand] == ["6s", "2h", "6h", "5s"]
    assert [c.ascii for c in state.stock] == ["As", "3s"]
    # the same set-up and actions with the recorded reshuffles give an equal state
    _, again = twelve_card_deal(seed=12345, reshuffles=state.reshuffles)
    assert again == state


def test_reshuffle_given_with_the_players_own_discard_is_refused() -> None:
    state = deal("A B", top=TWELVE, variant=SMALL_PACK_GAME, reshuffles=[["2s", "As", "3s"]])
    state = play(state, "A pass", "B pass", "A exchange As 3s 5s")
    with pytest.raises(RecordError, match="reshuffle 1 of the record"):
        state.apply("exchange 2s 4s")


def test_second_deal_reshuffles_all_the_discards() -> None:
    # 8 cards, two players, the Waks plan: A As 3s, B 2s 4s; stock Ah 2h 3h 4h
    variant = house(PackRules("As 2s 3s 4s Ah 2h 3h 4h"))
    state = deal("A B", top="As 2s 3s 4s Ah 2h 3h 4h", variant=variant, seed=5)
    state = play(state, "A pass", "B pass", "A exchange As 3s", "B exchange 2s 4s")
    # the exchanges emptied the stock exactly; the second deal shuffles all four discards
    (new_stock,) = state.reshuffles
    assert sorted(c.ascii for c in new_stock) == ["2s", "3s", "4s", "As"]
    assert state.stock == () and state.discards == ()
    order = [c.ascii for c in new_stock]
    assert [c.ascii for c in state.seats[0].hand] == ["Ah", "2h", order[0], order[2]]
    assert [c.ascii for c in state.seats[1].hand] == ["3h", "4h", order[1], order[3]]


def test_a_pack_too_small_for_the_second_deal_is_refused_before_a_card_moves() -> None:
    # 9 cards, three players: the Waks plan deals 2 + 2 = 4 each, 12 held at once
    variant = house(PackRules("As 2s 3s 4s 5s 6s Ah 2h 3h"))
    with pytest.raises(InvalidDeckError, match=r"^waks deals 4 cards to each player: 3 "
                       r"players hold 12 at once, but the tiny pack has 9 cards \(it serves "
                       r"at most 2 players\)$"):
        deal("A B C", top="As 2s 3s 4s 5s 6s Ah 2h 3h", variant=variant, seed=3)
    # two players (8 cards held at once) are served
    assert deal("A B", top="As 2s 3s 4s 5s 6s Ah 2h 3h", variant=variant, seed=3).to_act == 0
