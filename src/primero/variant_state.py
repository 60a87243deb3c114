"""A variant's own state in a deal: one typed, frozen value on the state (``state.variant_state``).

A variant that keeps facts of its own through a deal — Cardano's standing call, Primiera's
declarations — defines a frozen attrs subclass of :class:`VariantState` with one field per fact
and keeps it on the state's one field for it, ``state.variant_state`` (``None`` until the
variant first sets it). The rules read it with ``MyState.of(state)`` (the default value while
nothing is set) and set it with ``primero.state.replace(state, variant_state=...)``:

    >>> from attrs import frozen
    >>> from primero.variant_state import VariantState
    >>> @frozen
    ... class TallyState(VariantState):
    ...     rounds: int | None = None    # public: every player sees it
    ...     _marked: str | None = None   # a leading "_": hidden from the players' views
    >>> TallyState(rounds=2, marked="Ac").items()
    (('rounds', 2), ('_marked', 'Ac'))
    >>> TallyState(rounds=2, marked="Ac").public_items()
    (('rounds', 2),)

What every player may see of it is its *public* fields — those whose names do not start with
``_`` — and only those that are set (not ``None``): a player's view lists them as
``view.extras`` (``(name, value)`` pairs, the JSON view's ``extras`` object), and
``MyState.of(view)`` reads them back typed (the hidden fields at their defaults).

``state.extras`` (every set field as ``(name, value)`` pairs), ``state.extra(name)`` and
``state.with_extra(name, value)`` are 0.1's untyped interface, kept and derived from this
value: ``with_extra`` sets a field of the variant's typed state, and where a deal has none, keeps
the pair in :class:`Extras`.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs
from attrs import frozen

__all__ = ["Extras", "VariantState"]

_S = TypeVar("_S", bound="VariantState")


@frozen
class VariantState:
    """The base of a variant's typed per-deal state (frozen; fields are the variant's facts).

    Subclass it with ``@attrs.frozen`` and fields that default to ``None`` ("not yet"); a
    field whose name starts with ``_`` is hidden from the players (RULES.md: a player sees
    their own cards and the public facts only).
    """

    def items(self) -> tuple[tuple[str, Any], ...]:
        """Every field that is set (not ``None``) as ``(name, value)``, in field order."""
        return tuple((f.name, value) for f in attrs.fields(type(self))
                     if (value := getattr(self, f.name)) is not None)

    def public_items(self) -> tuple[tuple[str, Any], ...]:
        """The public fields that are set as ``(name, value)``: what a player's view lists."""
        return tuple((name, value) for name, value in self.items() if not name.startswith("_"))

    def with_item(self, name: str, value: Any) -> VariantState:
        """A copy with the field ``name`` (as :meth:`items` spells it) set to ``value``.

        Raises:
            KeyError: the state has no such field.
        """
        for f in attrs.fields(type(self)):
            if f.name == name:
                return attrs.evolve(self, **{f.alias: value})
        raise KeyError(f"{type(self).__name__} has no field {name!r}")

    @classmethod
    def of(cls: type[_S], source: object) -> _S:
        """This variant's state of a deal, or what a player's view shows of it.

        Args:
            source: A :class:`~primero.state.GameState` (its ``variant_state``; a new default
                value while it holds none of this type) or a
                :class:`~primero.views.PlayerView` (its public ``extras``, the hidden fields
                at their defaults).
        """
        if hasattr(source, "variant_state"):
            value = source.variant_state
            return value if isinstance(value, cls) else cls()
        public = {f.name: f.alias for f in attrs.fields(cls) if not f.name.startswith("_")}
        shown = getattr(source, "extras", ())
        return cls(**{public[name]: value for name, value in shown if name in public})


@frozen
class Extras(VariantState):
    """Untyped ``(key, value)`` pairs: ``state.with_extra`` in a deal without a typed state.

    0.1's ``state.extras``, kept for plug-ins that use it; keys starting with ``_`` are hidden.

    Attributes:
        pairs: The pairs, in the order first set.
    """

    pairs: tuple[tuple[str, Any], ...] = ()

    def items(self) -> tuple[tuple[str, Any], ...]:
        """The pairs (every one, ``None`` values too)."""
        return self.pairs

    def with_item(self, name: str, value: Any) -> Extras:
        """A copy with the pair ``name`` set to ``value`` (moved last, as 0.1 did)."""
        return Extras(pairs=(*((k, v) for k, v in self.pairs if k != name), (name, value)))
