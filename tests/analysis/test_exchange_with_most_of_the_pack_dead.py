"""With most of the pack dead, only the discards the unseen cards can serve are ranked."""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero.analysis import draw_distribution, exchange_options
from primero.errors import InvalidDeckError

HAND = ("7s", "6h", "Ad", "Kc")
EVERY_OTHER = [f"{r}{s}" for r in "A234567JQK" for s in "shdc" if f"{r}{s}" not in HAND]


def test_with_no_unseen_card_only_keeping_the_hand_is_ranked() -> None:
    options = exchange_options(" ".join(HAND), dead=EVERY_OTHER)
    assert [o.discard for o in options] == [()]
    assert options[0].score == 65


def test_with_one_unseen_card_every_single_discard_is_ranked_and_no_pair() -> None:
    options = exchange_options(" ".join(HAND), dead=EVERY_OTHER[1:])  # only A♠ unseen
    assert sorted(len(o.discard) for o in options) == [0, 1, 1, 1, 1]
    by_discard = {str(o.discard[0]) if o.discard else "-": o.score for o in options}
    assert by_discard == {"-": 65, "7♠": 60, "6♥": 37, "A♦": 37, "K♣": 37}


def test_a_draw_the_unseen_cards_cannot_serve_is_refused_in_words() -> None:
    with pytest.raises(InvalidDeckError) as info:
        draw_distribution(" ".join(HAND), "Kc", dead=EVERY_OTHER)
    assert str(info.value) == ("1 card to draw but only 0 unseen (the pack less the hand and "
                               "the dead cards)")


def test_the_command_ranks_the_possible_discards_with_the_pack_dead() -> None:
    result = run("odds", *HAND, "--dead", *EVERY_OTHER, "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
