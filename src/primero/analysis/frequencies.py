"""Hands of each class over a variant's pack, counted exactly (docs/rules/figures.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from primero.analysis.common import VariantLike, as_variant, class_order, data_frame, pandas_module

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["frequency_table", "hand_frequencies", "hand_frequencies_counts"]


def hand_frequencies(variant: VariantLike = "waks", **options: Any) -> pd.DataFrame:
    """Hands of each class over the variant's pack, exactly (docs/rules/figures.md).

    Args:
        variant: A variant, a name, or ``"name:key=value,..."``.
        **options: Variant options, e.g. ``supremus=False``.

    Returns:
        One row per class, strongest first: ``variant``, ``pack``, ``class``, ``hands``,
        ``probability``, ``min_points``, ``max_points`` (``hands`` sums to C(pack, 4)).
    """
    configured = as_variant(variant, options)
    ranking = configured.ranking
    census = ranking.census()
    ranges = ranking.points_range()
    total = sum(census.values())
    rows = [
        {"variant": str(configured), "pack": ranking.pack.name, "class": cls,
         "hands": census[cls], "probability": census[cls] / total,
         "min_points": ranges[cls][0], "max_points": ranges[cls][1]}
        for cls in class_order(ranking)
    ]
    return data_frame(rows)


def frequency_table(variants: Iterable[VariantLike]) -> pd.DataFrame:
    """:func:`hand_frequencies` of several variants (or option sets) in one tidy table."""
    return cast("pd.DataFrame", pandas_module().concat([hand_frequencies(v) for v in variants],
                                                 ignore_index=True))


def hand_frequencies_counts(variant: VariantLike = "waks", **options: Any) -> dict[str, int]:
    """Hands of each class over the pack (the census, without pandas)."""
    return as_variant(variant, options).ranking.census()
