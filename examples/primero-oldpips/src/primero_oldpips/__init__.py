"""primero-oldpips: Primero with the older English point values (2, 3 and 4 count their pips).

An example third-party plug-in. It implements one rules hook, ``primero_card_points``, and
registers one variant, ``oldpips``, through ``primero_register_variants``; primero finds this
module through the entry point ``oldpips`` in the group ``primero`` (see ``pyproject.toml``).
Every other rule (pack, classes, options, betting) is the core Waks game's.
"""

from __future__ import annotations

from collections.abc import Callable

from primero import Card, Rank, Variant, VariantSpec, hookimpl
from primero.variants.waks import WAKS

__all__ = ["OLDPIPS", "PIP_RANKS", "OldPipsRules", "primero_register_variants"]

#: The ranks that count their pips in this variant.
PIP_RANKS = frozenset((Rank.TWO, Rank.THREE, Rank.FOUR))


class OldPipsRules:
    """Rules object: 2, 3 and 4 are worth their pips; every other card defers to the core."""

    @hookimpl
    def primero_card_points(self, variant: Variant, card: Card) -> int | None:
        """Return the pip value of a 2, 3 or 4, or ``None`` to keep the core's points."""
        if card.rank in PIP_RANKS:
            return int(card.rank)
        return None


#: The ``oldpips`` variant: the core game's options, the older point values.
OLDPIPS = VariantSpec(
    name="oldpips",
    title="Old English pip values",
    summary=(
        "Waks English Primero with the older English point values: the 2, 3 and 4 count their "
        "pips (2, 3 and 4 points) instead of 12, 13 and 14. Everything else is as in waks."
    ),
    sources=("Example plug-in shipped with primero; not a documented historical variant",),
    aliases=("old-english",),
    players=WAKS.players,
    options=WAKS.options,
    plugins=(OldPipsRules(),),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register the ``oldpips`` variant."""
    register(OLDPIPS)
