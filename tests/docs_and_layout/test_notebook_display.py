"""Values draw themselves in a notebook (``_repr_html_``), hiding what the viewer cannot see."""

from __future__ import annotations

import re

import primero
from conftest import CASES
from primero import Card, get_variant, load_record, replay, start_deal
from primero.cards import parse_cards
from primero.views import deal_table_html


def _state() -> primero.GameState:
    return start_deal(get_variant("waks"), ["Anna", "Ben<b>", "Carla"], 50, dealer="Carla",
                      seed=7).apply("vie 2")


def _faces(fragment: str) -> list[str]:
    """The ASCII notation of every card face shown in an HTML fragment."""
    return re.findall(r'<span class="primero-card" title="([0-9AJQKT]+[shdc])"', fragment)


def test_a_card_is_its_rank_and_suit_symbol_red_for_hearts_and_diamonds() -> None:
    assert Card.parse("7h")._repr_html_() == (
        '<span class="primero-card" title="7h" style="color:#b00;font-weight:bold">7♥</span>')
    assert Card.parse("Ks")._repr_html_() == (
        '<span class="primero-card" title="Ks" style="color:#000;font-weight:bold">K♠</span>')


def test_a_hand_value_shows_its_cards_label_and_explanation() -> None:
    shown = primero.evaluate("7s 6h Ad Kc")._repr_html_()
    assert _faces(shown) == ["7s", "6h", "Ad", "Kc"]
    assert "<strong>Primero 65</strong>" in shown
    assert ("<small>Primero 65: one card of each suit; 7♠ 21 + 6♥ 18 + A♦ 16 + K♣ 10 = 65"
            "</small>") in shown


def test_a_view_shows_its_own_hand_and_no_other() -> None:
    state = _state()
    for seat in range(3):
        shown = state.view(seat)._repr_html_()
        assert _faces(shown) == [c.ascii for c in state.seats[seat].hand]
        assert shown.count("face down") == 4  # the other two seats' two cards each
        for other in range(3):
            if other != seat:
                assert not any(str(c) in shown for c in state.seats[other].hand)


def test_a_view_shows_turn_pot_stacks_and_the_legal_actions_of_its_turn() -> None:
    shown = _state().view(1)._repr_html_()
    assert "<caption>waks — Ben&lt;b&gt;&#x27;s view (seat 1); betting round 1; pot 2</caption>" \
        in shown
    rows = re.findall(r"<tr><td>([^<]*)</td><td>(\d)</td><td>([^<]*)</td>"
                      r'<td style="text-align:right">(\d+)</td>'
                      r'<td style="text-align:right">(\d+)</td>', shown)
    assert rows == [("", "0", "Anna", "48", "2"), ("&#x25B6; ", "1", "Ben&lt;b&gt;", "50", "0"),
                    ("D", "2", "Carla", "50", "0")]
    assert "<div>legal: hold, hold raise 1, hold raise 2, hold raise 3, pass, fold</div>" in shown
    assert "legal:" not in _state().view(0)._repr_html_()  # not Anna's turn


def test_a_state_hides_every_hand_unless_asked() -> None:
    state = _state()
    assert _faces(state._repr_html_()) == []
    assert state._repr_html_().count("face down") == 6
    every = [c.ascii for s in state.seats for c in s.hand]
    assert _faces(state.html(show_hands=True)) == every
    assert "<b>" not in state._repr_html_()  # a player's name is escaped


def test_a_finished_deal_shows_the_hands_shown_at_the_showdown_and_the_award() -> None:
    final = replay(load_record(CASES / "waks_example.toml"))
    assert final.settlement is not None and final.settlement.showdown
    shown = final._repr_html_()
    expected = {c.ascii for seat, _ in final.settlement.values for c in final.seats[seat].hand}
    assert set(_faces(shown)) == expected
    assert f"{final.seats[0].name} wins 12 (Primero 65)" in shown


def test_the_table_shows_the_hands_it_is_given_face_up_and_the_rest_face_down() -> None:
    seats = _state().view(0).seats
    fragment = deal_table_html("t", seats, dealer=2, to_act=None,
                               hands=[parse_cards("7s 6h"), None, None])
    assert _faces(fragment) == ["7s", "6h"]
    assert fragment.count("face down") == 4
