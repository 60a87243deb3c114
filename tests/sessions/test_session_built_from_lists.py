"""A session built directly from lists books its deals; mismatched lengths are refused at once.

Before, ``Session(players=[...], chips=[...])`` dealt, then refused every finished deal as
"not dealt from this session" (a list never equals the deal's tuple); two players with one chip
count were only refused at the first deal.
"""

from __future__ import annotations

import random

import pytest

from primero import PrimeroError, RandomAgent, Session, Table, get_variant, play_deal


def test_a_session_of_lists_books_its_deal_and_keeps_the_chips() -> None:
    session = Session(variant=get_variant("waks"), players=["Anna", "Ben"], chips=[10, 10],
                      dealer=1, table=Table(), seed=1)
    assert (session.players, session.chips) == (("Anna", "Ben"), (10, 10))
    final = play_deal(session.start_deal(), [RandomAgent(), RandomAgent()], random.Random(1))
    booked = session.after(final)
    assert booked.deals == 1
    assert booked.total_chips == 20


@pytest.mark.parametrize(("fields", "message"), [
    ({"players": ("Anna", "Ben"), "chips": (10,)}, "session has 2 players but 1 chip count"),
    ({"players": ("Anna", "Ben"), "chips": (10, 10), "left": ("Carla",), "left_chips": (1, 2)},
     "session has 1 player who left but 2 chip counts for them"),
])
def test_a_session_with_mismatched_lengths_is_refused(fields: dict[str, object],
                                                      message: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        Session(variant=get_variant("waks"), dealer=0, table=Table(), **fields)  # type: ignore[arg-type]
    assert str(caught.value) == message
