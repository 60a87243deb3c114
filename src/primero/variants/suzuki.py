"""Suzuki's no-fold Primero (``suzuki``), docs/rules/suzuki.md [seed-DE][SUZ94][BARONY].

Jeff Suzuki's reconstruction. Everything is as in ``waks`` except that nobody ever folds: a
player who does not want to put chips in passes and at once exchanges one or two cards.

Its betting is the core's, given as data: ``SUZUKI.betting = BettingRules(fold=False,
raise_reopens_passes=True, pass_exchange=2, answer_once=True)``: no fold, a raise gives every
passer their answer back, every pass exchanges one or two cards of the hand at once, and a
pass answers the standing vie (the turn goes only to the players who still have to answer it;
the round ends when nobody does). The core's betting hooks and their fast twins read these
fields (:mod:`primero.rules.betting`, :mod:`primero.deal.fast_betting`), the refusals of a
fold or a bad pass included. What only Suzuki has stays here:

* ``primero_action_blocks``: the ids of the passes with an exchange
  (:class:`PassExchangeBlock`);
* settling is the core's: its layering by contribution (docs/rules/ties.md) is exactly Suzuki's "a
  player can only win the layers they fully funded" once every player stays in, and a
  showdown with no contested layer gives the carry-over to the best hand (docs/rules/suzuki.md).

Readings where the sources leave room (docs/rules/suzuki.md says "everything as in waks, except"):

* **Round end**: a player has answered the current vie or raise when they matched it, are
  all-in, or passed since it was made; the round ends when everyone has. Before any vie, the
  round ends when everyone has acted (each has passed, and so exchanged, once). A raise asks
  everyone else again, passers included.
* **The exchange between the rounds** stays as in ``waks``: any number of cards, or none.
* **Nobody vies in round 1**: every player passes with an exchange; the deal goes on to the
  exchange, the second deal and round 2, as in ``waks``.
* **Nobody vies in round 2**: as in ``waks``, the pot carries over to the next deal (unmatched
  chips of round 1 go back first, docs/rules/ties.md).
* **Carry-over with no contested layer** (docs/rules/suzuki.md): carried-over
  chips join the lowest layer two or more players contest; when no layer is contested at the
  showdown (say round 1 went by without a vie and a round-2 vie found no taker, whose chips go
  back unmatched), the carried-over chips form a pot open to every player and the best hand
  takes it: a showdown happened, so the pot does not stay. It stays only when nobody vies in
  round 2.
* **Termination**: a round always ends. Before a vie each player acts once; after it each player
  answers each vie or raise at most once, and every raise puts chips in, so there are at most as
  many raises as chips at the table. Every pass exchanges cards; when the stock runs out the
  discards are reshuffled (docs/rules/dealing.md), which always leaves enough cards since at most
  four are
  in each hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from primero.actions import Action, Pass
from primero.deal.action_space import hand_cards, hand_mask, hand_size
from primero.deal.state import GameState
from primero.hookspecs import hookimpl
from primero.rules.ranking import DECK_OPTION, RANKING_OPTIONS
from primero.rules.ties import TIE_OPTION
from primero.seating import WAKS_SEATING_OPTIONS
from primero.variant import BettingRules, Variant, VariantSpec, with_cited

if TYPE_CHECKING:
    from primero.deal.action_space import ActionBlock
    from primero.setup import Table

__all__ = [
    "SOURCES",
    "SUZUKI",
    "SUZUKI_BETTING",
    "PassExchangeBlock",
    "SuzukiRules",
    "primero_register_variants",
]

#: Suzuki's betting (docs/rules/suzuki.md): no fold [seed-DE][SUZ94]; every pass exchanges
#: one card or two [seed-DE][BARONY]; a pass answers the standing vie, and a raise asks the
#: passers again.
SUZUKI_BETTING = BettingRules(fold=False, raise_reopens_passes=True, pass_exchange=2,
                              answer_once=True)

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: the Suzuki no-fold variant",
    "[SUZ94] Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994)",
    "[BARONY] SCA Barony of Three Mountains, Primero rules: a pass exchanges one or two cards",
)

SUMMARY = """\
Jeff Suzuki's reconstruction: the Waks deal and betting (2-6 players, the 40-card pack, stake
and rest, two betting rounds around an exchange, must-hold in round 1), without the fold.

A player who does not want to put chips in must pass and at once exchange one or two cards:
discard them and draw as many from the stock ("pass exchange 7s 6h"), which usually spoils the
hand. Every pass is such an exchange, whether or not anyone has vied. A pass answers the current
vie or raise: the passer is not asked again unless someone raises. A round ends when every
player has, since the last vie or raise, matched it, gone all-in, or passed. Must hold (round 1
only): the last player before the vier, if nobody has held, may not pass.

Nobody is ever out of the deal, but a player wins only the pot layers they fully funded: a
passer who did not match a vie competes for the lower layers only (the side-pot layering by
total contribution). Carried-over chips join the lowest layer two or more players contest; if
no layer is contested at the showdown (every vie went back unmatched), they form a pot open to
every player and the best hand takes it. If nobody vies in round 1 the deal goes on; if nobody
vies in round 2 the pot carries over, as in the Waks game (chips nobody matched go back
first). Ties go to the eldest."""


class PassExchangeBlock:
    """Suzuki's passes with an exchange in the action space, by the discarded cards.

    The ids are the bit masks of the discarded cards over the hand in the pack's order
    (:func:`primero.deal.action_space.hand_mask`, whatever order the cards came in) less one; a
    plain pass is the core's.
    """

    name = "pass exchange"
    positional = True

    size: int

    def __init__(self, hand: int) -> None:
        self.size = (1 << hand) - 1

    def encode(self, state: GameState, action: Action) -> int | None:
        """The mask less one; ``None`` for a plain pass or a card not in hand."""
        if not isinstance(action, Pass) or not action.exchange:
            return None
        mask = hand_mask(state, action.exchange)
        return None if mask is None else mask - 1

    def decode(self, state: GameState, index: int) -> Action:
        """The pass with the exchange of the cards that mask ``index + 1`` names."""
        return Pass.from_cards(hand_cards(state, index + 1))


class SuzukiRules:
    """The ids of the passes with an exchange; the rest of the no-fold rules is the core's.

    ``SUZUKI_BETTING`` is the rest: the legal actions, the turns and the passes with an
    exchange are the core's betting, read from that data.
    """

    @hookimpl
    def primero_action_blocks(self, variant: Variant, table: Table) -> tuple[ActionBlock, ...]:
        """Every pass with an exchange gets an id (:class:`PassExchangeBlock`)."""
        return (PassExchangeBlock(hand_size(variant)),)


#: The ``suzuki`` variant spec.
SUZUKI = VariantSpec(
    name="suzuki",
    title="Suzuki's no-fold Primero",
    summary=SUMMARY,
    sources=with_cited(SOURCES, (DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS)),
    players=(2, 6),
    options=(DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS),
    plugins=(SuzukiRules(),),
    betting=SUZUKI_BETTING,
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``suzuki``."""
    register(SUZUKI)
