"""Roman 52-card Primero (``roman``): Zorli's reading of Berni [seed-DE][ZOR-B].

Rules: docs/rules/roman.md.

Girolamo Zorli's reading of Francesco Berni's 1526 *Capitolo del gioco della primiera*: the game
as played at Rome with the whole 52-card pack. Everything is the Waks English game (betting,
dealing, settling, ties to the eldest) except:

* the pack is ``french52``; the 8, 9 and 10 are worth 8, 9 and 10 points, which is already the
  core's primiera scale (docs/rules/cards.md), so only the pack hook is overridden;
* Zorli lists only four hands — four of a kind, flush, primero and point — so ``supremus``
  defaults to off: 7-6-A of a suit is then an ordinary point (Numerus) of 55.

The classes keep the library's standard names so that hand values, calls, analysis tables and
the agents work unchanged across variants: four of a kind is ``Chorus``, flush ``Fluxus``,
primero ``Primero`` and point ``Numerus``. Over ``french52`` with Supremus off the census is:
four of a kind 13, flush 2,860, primero 28,548, point 239,304 (270,725 hands); the point ranges
are four of a kind 32–84, flush 37–70, primero 33–81, point 17–55.
"""

from __future__ import annotations

from collections.abc import Callable

from primero.cards import FRENCH52, Pack
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.rules.ranking import RANKING_OPTIONS
from primero.rules.ties import TIE_OPTION
from primero.seating import WAKS_SEATING_OPTIONS
from primero.variant import Variant, VariantSpec, with_cited
from primero.variants.waks import WAKS

__all__ = ["ROMAN", "ROMAN_NAMES", "SOURCES", "RomanRules", "primero_register_variants"]

#: Berni's names of the hands (as Zorli translates them) for the library's class names.
ROMAN_NAMES: dict[str, str] = {
    "Chorus": "four of a kind",
    "Fluxus": "flush",
    "Primero": "primero",
    "Numerus": "point",
}

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks "
    "(the Roman variant)",
    "[ZOR-B] Girolamo Zorli, Francesco Berni's Primero, tretre.it (Accademia del Tre): the "
    "52-card pack, 8/9/10 worth 8/9/10, the four hands",
    "[WAKS] Mark Waks, Game Report: Primero (2002–03): the betting",
)

SUMMARY = """\
Girolamo Zorli's reading of Francesco Berni's 1526 text: Primero as played at Rome with the
whole 52-card pack. 2-6 players; stake and rest as in waks, no ante.

Cards: 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, K Q J 10=10, 9=9, 8=8 points.
Hands, strongest first (Berni's name, then the library's class name):
four of a kind (Chorus) - four cards of one rank, sum of the four, 32-84;
flush (Fluxus) - four cards of one suit, sum of the four, 37-70;
primero (Primero) - one card of each suit, sum of the four, 33-81;
point (Numerus) - anything else, the cards of the best suit only, 17-55.
Zorli lists no Supremus, so it is off by default (option supremus=true adds it).

Betting, dealing, the exchange, the carry-over and the showdown are those of waks: two cards,
round 1 with must-hold, exchange, two more cards, round 2; nobody vies in round 2 and the pot
carries over; ties go to the eldest."""


class RomanRules:
    """The Roman pack: the whole 52-card pack, whatever the core's ``deck`` would say."""

    @hookimpl
    def primero_pack(self, variant: Variant) -> Pack:
        """The ``french52`` pack [ZOR-B]."""
        return FRENCH52


def _roman_options() -> tuple[Option, ...]:
    """The standard ranking options with Supremus off, the tie policy (eldest), the seating."""
    ranking = tuple(o.with_default(False) if o.name == "supremus" else o for o in RANKING_OPTIONS)
    return (*ranking, TIE_OPTION, *WAKS_SEATING_OPTIONS)


#: The ``roman`` variant spec.
ROMAN = VariantSpec(
    name="roman",
    title="Roman 52-card Primero (Zorli after Berni)",
    summary=SUMMARY,
    sources=with_cited(SOURCES, _roman_options()),
    players=WAKS.players,
    options=_roman_options(),
    plugins=(RomanRules(),),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``roman``."""
    register(ROMAN)
