"""A betting tuple spelt with a hand's passes is remembered where the checked rules meet it.

:func:`~primero.deal.fast_dealing.passes_spelt` remembers its answer for the checked rules
(:func:`~primero.plugins.checks.composed_of`), except for the engine's Suzuki bets
(``remember=False``: the answer is cached on a state whose legal actions the core alone
answers). The answer object is shared, so a later call that remembers must remember it even
where the first call did not, and both calls give the very same object, equal to the hook's
spelling (:func:`~primero.rules.betting.with_exchange_passes`).
"""

from __future__ import annotations

from primero.actions import Hold, Pass, Vie
from primero.cards import parse_cards
from primero.deal.fast_dealing import passes_spelt
from primero.plugins.checks import composed_of


def test_an_answer_spelt_quietly_is_remembered_by_the_next_call_that_remembers() -> None:
    bets = (Pass(), Vie(1), Vie(2))  # a fresh tuple: its identity met for the first time
    hand = parse_cards("7s 6h")
    quiet = passes_spelt(bets, hand, 2, remember=False)
    # hand-worked: the plain pass spelt as the passes of 7s, of 6h, then of both (named in
    # pack order: spades before hearts)
    assert [str(action) for action in quiet] == [
        "pass exchange 7s", "pass exchange 6h", "pass exchange 7s 6h", "vie 1", "vie 2"]
    assert composed_of(quiet) is None
    again = passes_spelt(bets, tuple(hand), 2)
    assert again is quiet
    assert composed_of(again) == (bets, hand)


def test_an_answer_spelt_with_remembering_is_remembered_at_once() -> None:
    bets = (Hold(), Hold(1), Pass())
    hand = parse_cards("Ks 3s 7s Qs")
    answer = passes_spelt(bets, hand, 2)
    assert len(answer) == 2 + 4 + 6
    assert composed_of(answer) == (bets, hand)
    assert passes_spelt(bets, hand, 2, remember=False) is answer
