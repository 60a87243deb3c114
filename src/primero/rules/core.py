"""The core rules: every hook of the Waks English game, under every variant (RULES.md §1–§5).

Each variant's plug-in manager starts with :data:`CORE_RULES`, registered ``trylast``, so a
variant's own rule objects answer first and the core answers whatever they leave to it
(DESIGN.md "Plug-ins"). The hooks themselves live in the focused modules of
:mod:`primero.rules`: ranking, dealing, betting and settling.

Registering the core imports none of the deal's code (issue 13: a ranking's cold start, a
census or one evaluation in a fresh process, builds a variant's rules and never deals): the
betting hooks (:class:`~primero.rules.betting.WaksBetting`) and the dealing and settling hooks
here (:class:`StandardDealing`, :class:`StandardSettling`, still importable from
:mod:`primero.rules.dealing` and :mod:`primero.rules.settling`) import their code when first
called; the ranking hooks (:class:`~primero.rules.ranking.StandardRanking`) need no game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from primero.hookspecs import hookimpl
from primero.rules.betting import WaksBetting
from primero.rules.ranking import StandardRanking

if TYPE_CHECKING:
    from primero.cards import Card
    from primero.rules.dealing import WAKS_PLAN, deal_round
    from primero.rules.settling import core_settle
    from primero.settlement import Settlement
    from primero.state import Delivery, GameState, Step, replace
    from primero.variant import Variant

__all__ = ["CORE_RULES", "StandardDealing", "StandardSettling", "WaksRules"]

#: Whether :func:`_import_deal_code` has bound the dealing and settling code in this module.
_bound = False


def _import_deal_code() -> None:
    """Bind the dealing and settling code here: on the first hook call, not on import."""
    global _bound, WAKS_PLAN, deal_round, core_settle, Delivery, replace
    from primero.rules.dealing import WAKS_PLAN, deal_round
    from primero.rules.settling import core_settle
    from primero.state import Delivery, replace

    _bound = True


class StandardDealing:
    """Core dealing hooks: the Waks plan, dealing round by round, exchanges with reshuffles.

    The code is in :mod:`primero.rules.dealing`.
    """

    @hookimpl(trylast=True)
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """The Waks plan (RULES.md §5)."""
        if not _bound:
            _import_deal_code()
        return WAKS_PLAN

    @hookimpl(trylast=True)
    def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> GameState:
        """One card at a time to each player still in, from the eldest, ``count`` rounds."""
        if not _bound:
            _import_deal_code()
        return deal_round(state, count)

    @hookimpl(trylast=True)
    def primero_serve_exchange(
        self, state: GameState, variant: Variant, seat: int, discards: tuple[Card, ...]
    ) -> GameState:
        """Throw ``discards`` face down and queue as many cards from the stock.

        The reason of the cards is ``"exchange"`` in an exchange step and ``"pass"`` when the
        exchange comes with a pass in a betting round (Suzuki).
        """
        if not discards:
            return state
        if not _bound:
            _import_deal_code()
        player = state.seats[seat]
        hand = tuple(c for c in player.hand if c not in discards)
        step = state.step
        reason = "pass" if step is not None and step.kind == "bet" else "exchange"
        thrown = tuple(discards)
        seats = list(state.seats)
        seats[seat] = replace(player, hand=hand, discarded=player.discarded + thrown)
        pile = (*state.discards, *thrown)
        return replace(state, seats=tuple(seats), discards=pile,
                       pending=state.pending + (Delivery(seat, reason, thrown),) * len(thrown))


class StandardSettling:
    """Core settle hook (RULES.md §3); the code is in :mod:`primero.rules.settling`."""

    @hookimpl(trylast=True)
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement:
        """Showdown, unseen win, or carry-over, by how the deal ended."""
        if not _bound:
            _import_deal_code()
        return core_settle(state)


class WaksRules(StandardRanking, StandardDealing, WaksBetting, StandardSettling):
    """The core rules: every hook of the Waks English game, registered ``trylast``."""


#: The core rules object every variant's plug-in manager starts with.
CORE_RULES = WaksRules()
