"""Cards dealt face up: public in every player's view, and nothing hidden becomes visible.

A card queued with the reason ``FACE_UP`` is dealt face up: ``PublicSeat.open`` of its
receiver shows it to everyone while the receiver holds it. The expected values come from the
deals' own stacked stocks, worked by hand (cards dealt one at a time from the eldest).
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, settings

import primero
from primero import hookimpl, parse_cards, start_deal
from primero.cards import Card
from primero.deal.state import FACE_UP, GameState, PublicSeat, Receipt, Seat
from primero.records import record_from_state
from primero.rules.dealing import deal_round
from primero.serialize import to_dict
from primero.testing.privacy import check_view_hides, hidden_twins, public_cards
from primero.testing.runner import run_deal_machine
from primero.variant import Variant

PLAYERS = ["Anna", "Ben", "Carla"]

#: Waks's 40 cards stacked: the first deal (two rounds of three), then the rest.
STOCK = parse_cards("7s 6h Ad 6c Kh 2c 5s 5h 3d 4c 4d Qd 5d")


class SecondCardFaceUp:
    """A house rule: of each deal step's cards, the first round face down, the rest face up."""

    @hookimpl
    def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> GameState:
        hidden = deal_round(state, 1)
        return deal_round(hidden, count - 1, reason=FACE_UP)


def face_up_waks() -> Variant:
    waks = primero.get_variant("waks")
    return Variant(spec=waks.spec, settings=waks.settings, house_rules=(SecondCardFaceUp(),))


def stacked(variant: Variant | str) -> GameState:
    pack = primero.get_variant("waks").pack.cards
    rest = [c for c in pack if c not in STOCK]
    return start_deal(variant, PLAYERS, 20, dealer=2, stock=[*STOCK, *rest])


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_a_card_dealt_face_up_is_open_in_every_players_view() -> None:
    state = stacked(face_up_waks())
    # one at a time from the eldest (Anna): 7s 6h Ad face down, then 6c Kh 2c face up
    assert [s.hand for s in state.seats] == [cards("7s 6c"), cards("6h Kh"), cards("Ad 2c")]
    for viewer in range(3):
        view = state.view(viewer)
        assert [s.open for s in view.seats] == [cards("6c"), cards("Kh"), cards("2c")]
        assert [s.cards for s in view.seats] == [2, 2, 2]
    assert state.seats[0].received == (Receipt(cards("7s")[0], "deal", 0, 0),
                                       Receipt(cards("6c")[0], "face up", 0, 3))


def test_a_card_dealt_face_up_shows_nothing_hidden() -> None:
    state = stacked(face_up_waks())
    rng = random.Random(5)
    while not state.over:
        for viewer in range(state.n):
            view = check_view_hides(state, viewer)  # open cards are public, not a leak
            hidden = {c for i, s in enumerate(state.seats) if i != viewer for c in s.hand
                      if c not in public_cards(state)}
            shown = {c for s in view.seats for c in (*s.open, *s.shown)}
            assert not hidden & shown
            for twin in hidden_twins(state, viewer, rng):
                assert twin.view(viewer) == view
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_face_up_cards_are_in_the_public_cards_of_the_privacy_kit() -> None:
    state = stacked(face_up_waks())
    assert public_cards(state) == set(cards("6c Kh 2c"))
    assert public_cards(stacked("waks")) == set()


def test_a_face_up_card_thrown_in_an_exchange_is_no_longer_open() -> None:
    state = stacked(face_up_waks())
    for action in ("vie 1", "hold", "hold", "exchange 6c", "exchange", "exchange"):
        state = state.apply(action)
    # Anna's 6c went to the discards; her replacement (5s, the top of the stock) came face
    # down; then the second deal: 5h 3d 4c face down to Anna, Ben, Carla, 4d Qd 5d face up
    assert [s.hand for s in state.seats] == [cards("7s 5s 5h 4d"), cards("6h Kh 3d Qd"),
                                             cards("Ad 2c 4c 5d")]
    assert [s.open for s in state.view(1).seats] == [cards("4d"), cards("Kh Qd"),
                                                     cards("2c 5d")]
    assert state.seats[0].discarded == cards("6c")


def test_waks_deals_no_card_face_up() -> None:
    state = stacked("waks")
    rng = random.Random(1)
    while not state.over:
        assert all(s.open == () for s in state.view(state.to_act or 0).seats)
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_last_receipt_of_a_card_decides_whether_it_is_open() -> None:
    seven, six, ace = cards("7s 6c Ad")
    seat = Seat(name="Anna", stack=5, hand=(ace, seven, six),
                received=(Receipt(seven, FACE_UP, 0, 0), Receipt(ace, "deal", 0, 1),
                          Receipt(six, FACE_UP, 0, 2), Receipt(six, "exchange", 3, 7),
                          Receipt(ace, FACE_UP, 4, 9)))
    # 7s face up; 6c face up, thrown and back face down; Ad face down, then face up: in the
    # order of the last receipts
    assert seat.open_cards() == (seven, ace)
    assert seat.public() == PublicSeat(name="Anna", stack=5, contributed=0, round_bet=0,
                                       folded=False, cards=3, open=(seven, ace))
    assert Seat(name="Ben", stack=5, hand=(seven,)).public().open == ()


def test_the_toys_open_cards_are_in_both_views() -> None:
    state = start_deal("toy", ["Anna", "Ben"], 3, seed=4)
    for viewer in range(2):
        view = state.view(viewer)
        assert [s.open for s in view.seats] == [cards("7s 6d"), cards("7h 6c")]
        assert [s.cards for s in view.seats] == [4, 4]
        check_view_hides(state, viewer)
    assert [r.reason for r in state.seats[1].received] == ["face up", "face up", "deal", "deal"]


def test_the_toys_deal_replays_identically() -> None:
    state = start_deal("toy", ["Anna", "Ben"], 3, seed=9)
    rng = random.Random(2)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
    replayed = primero.replay(record_from_state(state))
    assert replayed.seats == state.seats
    assert replayed.settlement == state.settlement


def test_face_up_cards_come_at_chance_nodes_with_their_reason() -> None:
    state = start_deal(face_up_waks(), PLAYERS, 20, dealer=2, dealing="external")
    reasons = []
    for card in STOCK[:6]:
        assert state.chance is not None
        reasons.append(state.chance.reason)
        state = state.deal(card)
    assert state.chance is None
    assert reasons == ["deal"] * 3 + ["face up"] * 3
    assert [s.open for s in state.view(0).seats] == [cards("6c"), cards("Kh"), cards("2c")]


def test_a_views_dict_and_copy_carry_the_open_cards() -> None:
    view = start_deal("toy", ["Anna", "Ben"], 3, seed=4).view(0)
    data = to_dict(view)
    assert [s["open"] for s in data["seats"]] == [["7s", "6d"], ["7h", "6c"]]
    assert copy.copy(view).seats == view.seats


def test_a_views_table_shows_the_open_cards_face_up_and_the_rest_face_down() -> None:
    state = start_deal("toy", ["Anna", "Ben"], 3, seed=4)
    html = state.view(0)._repr_html_()
    ben = html.split("<tr>")[-1]
    assert ben.count('title="face down"') == 2
    assert [c.ascii for c in cards("7h 6c") if c._repr_html_() in ben] == ["7h", "6c"]
    assert state.html().count('title="face down"') == 4


def test_a_variant_with_face_up_cards_plays_by_the_contract() -> None:
    run_deal_machine(face_up_waks(), settings=settings(
        max_examples=5, stateful_step_count=25, deadline=None,
        suppress_health_check=list(HealthCheck)))


@pytest.mark.parametrize("seat", [0, 1])
def test_the_toys_strings_name_every_seats_open_cards(seat: int) -> None:
    pytest.importorskip("pyspiel")
    import pyspiel

    from primero.openspiel import GAME_NAME, TOY_PARAMETERS

    state = pyspiel.load_game(GAME_NAME, TOY_PARAMETERS).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for text in (state.information_state_string(seat), state.observation_string(seat)):
        assert text.endswith(" | p0 open 7s 6d | p1 open 7h 6c")
