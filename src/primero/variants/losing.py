"""Losing Primero (``losing``): the weakest hand wins (docs/rules/losing.md) [seed-DE].

The rare form Cardano mentions in which the weakest hand wins; [seed-DE] names it and gives no
rules for it. The library's reading (docs/rules/losing.md#ranking-inverted): everything is the
Waks English game except the order of hands: the lowest class wins, then the lowest points;
equal hands still go to the eldest. The best losing hand is a Numerus 20 (two courts of one
suit, over ``italian40``); the worst is a Chorus 84 (four 7s).

The inversion is not a copy of the ranking: :class:`LosingRules` wraps the ordering hook
``primero_hand_order`` (``@hookimpl(wrapper=True)``), takes whatever key the rules below it give
— the core's (class position, points), with every ranking option — and returns its negation.
Classification (classes, points, counting cards) is untouched, so ``ranking.classes`` still
lists the classes in the standard order (Numerus first); only the keys, and so every comparison
and the showdown, are inverted.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from primero.hands import Classification
from primero.hookspecs import hookimpl
from primero.tables import orders_by_class_and_points
from primero.variant import Variant, VariantSpec, with_cited
from primero.variants.waks import WAKS

__all__ = ["LOSING", "SOURCES", "LosingRules", "invert_key", "primero_register_variants"]

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks "
    "(losing Primero, after Cardano)",
    "[WAKS] Mark Waks, Game Report: Primero (2002–03): the betting",
)

SUMMARY = """\
The rare form of Primero Cardano mentions in which the weakest hand wins; the German sheet
names it and gives no rules for it. The library's reading: everything as in waks (2-6 players,
the 40-card pack, stake and rest, two rounds with the exchange between them, must-hold in round
1, carry-over when nobody vies in round 2), except the ranking is inverted: the lowest class
wins (Numerus beats Primero beats Supremus beats Fluxus beats Chorus), then the lowest points.
Equal hands still go to the eldest (the library's reading too). The best losing hand is a
Numerus 20 (two courts of one suit and two odd cards); the worst is four 7s, a Chorus 84."""


def invert_key(key: tuple[int, ...]) -> tuple[int, ...]:
    """The negation of a sort key: the best hand becomes the worst and vice versa.

    Equal keys stay equal, so ties stay ties (and go to the eldest).
    """
    return tuple(-part for part in key)


class LosingRules:
    """Inverts the ranking by wrapping the ordering hook; every other rule is the core's."""

    #: The ranking states its direction (docs/rules/hands.md): the weakest hand wins.
    ranking_direction = "low"

    @hookimpl(wrapper=True)
    @orders_by_class_and_points
    def primero_hand_order(
        self, variant: Variant, classification: Classification, classes: tuple[str, ...]
    ) -> Generator[None, tuple[int, ...] | None, tuple[int, ...] | None]:
        """Take the key of the rules below (the core's class, points) and negate it.

        It looks at nothing but that key, so the table build may ask it once per distinct
        class and points (:func:`primero.tables.orders_by_class_and_points`).
        """
        key = yield
        return None if key is None else invert_key(key)


#: The ``losing`` variant spec: the core game's options, the inverted order.
LOSING = VariantSpec(
    name="losing",
    title="Losing Primero",
    summary=SUMMARY,
    sources=with_cited(SOURCES, WAKS.options),
    players=WAKS.players,
    options=WAKS.options,
    plugins=(LosingRules(),),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``losing``."""
    register(LOSING)
