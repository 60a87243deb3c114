"""Faults found in review: values of two rankings under ``==``, and dead
cards that are also the hand to beat."""

from __future__ import annotations

from fractions import Fraction

import pytest

import primero
from cli_helpers import run
from primero.analysis.draws import exchange_options
from primero.errors import InvalidDeckError, RankingMismatchError


def test_values_of_two_rankings_are_never_equal_but_refuse_to_order() -> None:
    default = primero.evaluate("7s 6h Ad Kc")
    other = primero.evaluate("7s 6h Ad Kc", supremus=False)
    assert other.label == default.label == "Primero 65"  # same class and points
    assert (default == other) is False and (other == default) is False
    assert (default != other) is True and (other != default) is True
    assert default not in [other] and other in [default, other]
    assert {default: "waks", other: "other"}[other] == "other"
    with pytest.raises(RankingMismatchError) as info:
        _ = default < other
    assert str(info.value) == ("cannot compare hand values of different rankings: waks and "
                               "waks (supremus=false)")
    with pytest.raises(RankingMismatchError):
        default.ties(other)


def test_values_of_one_ranking_still_tie_by_strength() -> None:
    a = primero.evaluate("7s 6h Ad Kc")
    b = primero.evaluate("7h 6s Ac Kd")  # Primero 65 with other suits: a tie
    c = primero.evaluate("7s 6h Ad Qc")  # Primero 65 too (Q and K both 10 points)
    d = primero.evaluate("7s 6h 5d Kc")
    assert a == b == c and (a != b) is False and hash(a) == hash(b)
    assert a != d and (a == d) is False
    assert (a == "Primero 65") is False and a != 65


def test_exchange_options_refuse_a_dead_card_of_the_hand_to_beat() -> None:
    with pytest.raises(InvalidDeckError) as info:
        exchange_options("7s 6h Ad Kd", criterion="beat", target="7h 6c 5c Kc", dead="5c 2s")
    assert str(info.value) == ("dead card 5♣ is in the hand to beat 7♥ 6♣ 5♣ K♣: the hand "
                               "to beat is out of the stock already")
    with pytest.raises(InvalidDeckError, match=r"^dead cards 5♣ 6♣ are in the hand to beat "):
        exchange_options("7s 6h Ad Kd", criterion="beat", target="7h 6c 5c Kc", dead="5c 6c")


def test_odds_command_names_a_dead_card_of_the_beat_hand() -> None:
    result = run("odds", "7s 6h Ad Kd", "--beat", "7h 6c 5c Kc", "--dead", "2s", "Kc")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == ("error: --dead: dead card K♣ is in the --beat hand 7♥ 6♣ 5♣ K♣: "
                             "the hand to beat is out of the stock already\n")


def test_odds_command_with_disjoint_dead_and_beat_cards_counts_without_them() -> None:
    """Only the 7 unseen clubs beat 7h 6c 5c Kc after throwing Kd; a dead 2c leaves 6 of 31."""
    found = exchange_options("7s 6h Ad Kd", criterion="beat", target="7h 6c 5c Kc", dead="2c")
    by_discard = {"".join(c.ascii for c in o.discard): o.score for o in found}
    assert by_discard["Kd"] == Fraction(6, 31)
