"""Snapshots for "unchanged" checks: a deep, comparable picture of a state."""

from __future__ import annotations

import attrs

from primero.cards import Card
from primero.deal.state import LEGAL_CACHE
from primero.hands import Ranking
from primero.variant import Variant

__all__ = ["snapshot"]


ATOMS: frozenset[type] = frozenset((int, str, bool, float, type(None), Card))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the attrs fields a snapshot compares, in declaration order, cached per class.

    Fields named ``_legal`` (caches) are left out.

    Raises:
        attrs.exceptions.NotAnAttrsClassError: ``cls`` is not an attrs class.
    """
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(
            f.name for f in attrs.fields(cls) if f.name != LEGAL_CACHE
        )
    return names


def snapshot(value: object) -> object:
    """A deep, comparable picture of a state (or any attrs value) for "unchanged" checks.

    attrs instances become their class and field values, recursively; tuples, lists and dicts
    are walked; variants and rankings (shared, cached) are taken by identity; caches (fields
    named ``_legal``) are skipped. Two snapshots are equal only if nothing reachable changed,
    even through ``object.__setattr__`` on a frozen value.
    """
    cls = type(value)
    if cls in ATOMS:
        return value  # immutable; cards are interned, so equality is identity
    if cls is tuple:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        if all(type(v) in ATOMS for v in items):
            return items  # a tuple of immutable atoms cannot change
        return ("tuple", tuple(snapshot(v) for v in items))
    if isinstance(value, Variant | Ranking):
        return ("<shared>", cls.__name__, id(value))
    if attrs.has(cls):
        return (cls.__name__, tuple((name, snapshot(getattr(value, name)))
                                    for name in field_names(cls)))
    if isinstance(value, list):
        return ("list", tuple(snapshot(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in value.items()))
    return value

