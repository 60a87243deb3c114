"""A settlement and a comparison of two hands draw themselves in a notebook (``_repr_html_``)."""

from __future__ import annotations

import re

import primero
from conftest import CASES
from primero import get_variant, load_record, replay, start_deal
from primero.settlement import Award, PotLayer, Settlement


def _faces(fragment: str) -> list[str]:
    """The ASCII notation of every card face shown in an HTML fragment."""
    return re.findall(r'<span class="primero-card" title="([0-9AJQKT]+[shdc])"', fragment)


def _rows(fragment: str) -> list[tuple[str, ...]]:
    """Seat, player, wins and takes back of every row of a settlement's table."""
    return re.findall(r"<tr><td>(\d+)</td><td>([^<]*)</td><td>.*?</td>"
                      r'<td style="text-align:right">(\d*)</td>'
                      r'<td style="text-align:right">(\d*)</td></tr>', fragment)


def test_a_showdown_settlement_shows_both_hands_and_the_award() -> None:
    final = replay(load_record(CASES / "waks_example.toml"))
    settlement = final.settlement
    assert settlement is not None
    shown = settlement.html(["Anna", "Ben<b>", "Carla", "Dan"])
    # the golden deal: Anna's 7♠ K♥ A♦ 6♣ (Primero 65) takes 12 from Ben's Numerus 54
    assert _faces(shown) == ["7s", "Kh", "Ad", "6c", "5h", "6h", "7h", "2c"]
    assert "<caption>Settlement — showdown; pot 12</caption>" in shown
    assert _rows(shown) == [("0", "Anna", "12", ""), ("1", "Ben&lt;b&gt;", "", "")]
    assert "<strong>Primero 65</strong>" in shown and "<strong>Numerus 54</strong>" in shown
    assert "<b>" not in shown
    # without names, the seats alone
    assert _rows(settlement._repr_html_()) == [("0", "", "12", ""), ("1", "", "", "")]


def test_a_deal_won_unseen_says_so_and_shows_no_card() -> None:
    state = start_deal(get_variant("waks"), ["Anna", "Ben"], 50, seed=3, carry=4)
    for action in ("pass", "pass", "exchange", "exchange", "vie 2", "fold"):
        state = state.apply(action)
    settlement = state.settlement
    assert settlement is not None and not settlement.showdown
    shown = settlement.html(state.players)
    assert _faces(shown) == []
    assert "<td>unseen</td>" in shown
    # Anna vied 2 in round 2 and Ben folded: Anna takes the 4 carried in, unseen, and her
    # 2 unmatched chips back
    assert "<caption>Settlement — no showdown; pot 6</caption>" in shown
    assert _rows(shown) == [("0", "Anna", "4", "2")]


def test_a_split_pot_and_a_carry_over_are_told_under_the_table() -> None:
    settlement = Settlement(
        awards=(Award(seat=0, amount=5), Award(seat=2, amount=5)),
        layers=(PotLayer(amount=10, level=5, contenders=(0, 2), winners=(0, 2),
                         shares=(5, 5)),
                PotLayer(amount=3, level=6, contenders=(2,))),
        carry=3, reason="nobody <reached> it")
    shown = settlement.html(["Anna", "Ben", "Carla"])
    assert "<caption>Settlement — no showdown; pot 13</caption>" in shown
    assert ("<div>pot 1: 10 chips, open to seat 0 Anna, seat 2 Carla: seat 0 takes 5; "
            "seat 2 takes 5</div>") in shown
    assert "<div>pot 2: 3 chips, open to seat 2 Carla: carried over</div>" in shown
    assert "<div>3 chips carry over to the next deal: nobody &lt;reached&gt; it</div>" in shown


def _marks(fragment: str) -> list[str]:
    return re.findall(r"<tr><td><strong>([a-z]*)</strong></td>", fragment)


def test_a_comparison_marks_the_winner_and_explains_why() -> None:
    ranking = get_variant("waks").ranking
    primero_65 = primero.evaluate("7s 6h Ad Kc")
    fluxus = primero.evaluate("7h 6h Ah 5h")
    shown = ranking.compare(primero_65, fluxus)._repr_html_()
    assert _faces(shown) == ["7s", "6h", "Ad", "Kc", "Ah", "5h", "6h", "7h"]
    assert _marks(shown) == ["", "wins"]
    assert "<div>Fluxus 70 beats Primero 65: a Fluxus outranks a Primero</div>" in shown
    assert _marks(ranking.compare(fluxus, primero_65)._repr_html_()) == ["wins", ""]


def test_a_tie_is_marked_on_both_hands() -> None:
    ranking = get_variant("waks").ranking
    first, second = primero.evaluate("7s 6h Ad Kc"), primero.evaluate("7c 6d Ah Ks")
    shown = ranking.compare(first, second)._repr_html_()
    assert _marks(shown) == ["tie", "tie"]
    assert "<div>Primero 65 ties Primero 65</div>" in shown
