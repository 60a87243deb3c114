"""Betting rules as data (DESIGN.md "Betting rules are data where they can be").

A variant's :class:`BettingRules` (``VariantSpec.betting``) says, in one frozen value, how its
betting rounds differ from the Waks English game (RULES.md §5), in the manner of PokerKit's
``Street``: the core's betting hooks (:mod:`primero.rules.betting`) read it, so a variant that
changes one betting rule changes one field instead of overriding a hook. What data cannot say
(Suzuki's pass with an exchange, Cardano's calls) stays in hooks.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

__all__ = ["WAKS_BETTING", "BettingRules"]


def _rounds(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@frozen(kw_only=True)
class BettingRules:
    """How a variant's betting rounds run; the defaults are the Waks game (RULES.md §5).

    Attributes:
        must_hold_rounds: The betting rounds in which, while nobody has held a vie, the last
            player still able to act before the vier may not pass or fold (Waks: round 1).
        pass_once: After a vie, each player may pass at most once in answer; at their next
            turn they must hold or fold (Waks).
        raise_reopens_passes: A raise gives every passer their pass in answer back (Suzuki).
        fold: Folding is allowed (not in Suzuki's no-fold game).
        pass_answers_bet: A player who owes chips may pass in answer (Waks); ``False``: once
            someone has bet, only hold, raise or fold (the revival game, RULES.md §10).
        carry_without_vie: No vie in the last betting round ends the deal and carries the pot
            over (Waks); ``False``: a round without a bet simply ends (revival).
    """

    must_hold_rounds: tuple[int, ...] = field(default=(1,), converter=_rounds)
    pass_once: bool = True
    raise_reopens_passes: bool = False
    fold: bool = True
    pass_answers_bet: bool = True
    carry_without_vie: bool = True


#: The Waks English game's betting (RULES.md §5): the core's.
WAKS_BETTING = BettingRules()
