"""Waks English Primero (``waks``), the default variant and the core rules (docs/rules/waks.md).

Mark Waks' reconstruction of the English game (2002–03), with the simpler betting later taken
from David Whittaker; card values and hands from Cardano [seed-DE][WAKS]. Its rules are the core
rules (:mod:`primero.rules`), on which every other variant's rules are stacked; this module
registers the ``waks`` spec.
"""

from __future__ import annotations

from collections.abc import Callable

from primero.hookspecs import hookimpl
from primero.rules.ranking import DECK_OPTION, RANKING_OPTIONS
from primero.rules.ties import TIE_OPTION
from primero.seating import WAKS_SEATING_OPTIONS
from primero.variant import VariantSpec, with_cited

__all__ = ["SOURCES", "WAKS", "primero_register_variants"]

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks",
    "[WAKS] Mark Waks, Game Report: Primero (2002–03)",
    "[NQ8] Notes and Queries 11th series vol. 8 (1913): Cardano's classes",
    "[SUZ94] Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994)",
    "[PARL] David Parlett, The Penguin Book of Card Games",
)

SUMMARY = """\
Mark Waks' reconstruction of the English game, 2-6 players (best with 4), the 40-card Italian
pack, no ante. Table parameters: the stake (smallest bet) and the rest (most one may bet or
raise in one move). Every player starts with the same chips.

First dealer: each player draws a card and the lowest point value deals (a court is lowest;
ties draw again); after each deal the deal passes to the next player in playing order.

Deal: two cards each, one at a time from the eldest. Betting round 1: in playing order from the
eldest, each player vies (opens with stake..rest chips), holds (matches the round's highest
total, optionally raising by stake..rest), passes, or folds. After a vie each player may pass
at most once in answer (at the next turn hold or fold); a pass made before the first vie does
not count. A player who is already level while others still owe may pass or raise. A fold
never lowers what the others must match. The round ends when everyone still in has put in the
same total (all-in counts as level), or everyone passed and nobody vied. Must hold (round 1
only): if nobody has held a vie, the last player still able to act before the vier must hold.
Then each player still in may exchange any of their cards; the dealer gives two more cards
each, and round 2 is played the same way without the must-hold.

A betting round is played only while at least two players still in can act (are not all-in);
otherwise it is skipped, and so is the rest of a round in which, before any vie, folds leave a
single player able to act. If nobody vies in round 2 the pot carries over to the next deal
(chips nobody matched go back first); a skipped round 2 goes to the showdown.

Showdown: the best hand takes the pot (Chorus > Fluxus > Supremus > Primero > Numerus, then
points); ties go to the eldest. A player left alone takes the pot unseen. A player short of
chips may go all-in; side pots are layered by contribution. A player with no chips left leaves
the table."""


#: The ``waks`` variant spec.
WAKS = VariantSpec(
    name="waks",
    title="Waks English Primero",
    summary=SUMMARY,
    sources=with_cited(SOURCES, (DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS)),
    aliases=("english", "primero"),
    players=(2, 6),
    options=(DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``waks``."""
    register(WAKS)
