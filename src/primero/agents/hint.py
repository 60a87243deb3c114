"""The terminal game's ``hint``: the odds player's figure and advice for the player to act."""

from __future__ import annotations

import random

from primero.actions import Exchange
from primero.agents.calling import advice_of
from primero.agents.odds import OddsAgent
from primero.views import PlayerView

__all__ = ["hint"]


def hint(view: PlayerView, seed: int = 0) -> str:
    """The terminal game's ``hint``: the figure the odds advice was chosen on, and the advice.

    Betting, the figure is :func:`~primero.agents.odds.showdown_chance` of the viewer's cards
    as they stand, from what its view shows (the cards it cannot see, sampled with
    ``random.Random(seed)``; the other players' betting read as :class:`OddsAgent` reads it
    with no history). At an exchange it is the figure the best exchange was chosen on: the
    chance to win after it, or in a declare-and-redraw game (the variant's advice
    ``exchange_from``, docs/rules/primiera.md) the expected share of the pot after it — so
    the two lines never disagree (a Primiera hand that must exchange is unserved: its chance
    as it stands is always 0).

    Args:
        view: The view of the player to advise (its turn: ``view.legal`` not empty).
        seed: The seed of the sampling (same seed, same hint).

    Returns:
        Two lines, e.g. ``chance to win at the showdown: 62% (from your cards and the
        betting so far)`` and ``the odds player would hold: a 62% chance beats the pot odds
        of 25%: hold``.
    """
    rng = random.Random(seed)
    action, chance, why = OddsAgent(samples=400).advise(view, rng)
    if isinstance(action, Exchange):
        figure = "expected share of the pot" if advice_of(view).exchange_from \
            else "chance to win at the showdown"
        first = f"{figure} after the best exchange: {chance:.0%} (from your cards)"
    else:
        first = (f"chance to win at the showdown: {chance:.0%} (from your cards and the "
                 "betting so far)")
    return f"{first}\nthe odds player would {action}: {why}"
