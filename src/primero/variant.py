"""Variants: what a plug-in declares (:class:`VariantSpec`) and a configured one (:class:`Variant`).

A :class:`VariantSpec` is the registration: name, aliases, title, sources, player range,
options with defaults, and the rule objects (pluggy plug-ins) that make up its rules. A
:class:`Variant` is a spec with every option resolved; it is what the engine, the ranking and
the analysis tools take. Get one with :func:`primero.get_variant`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from primero.betting_rules import WAKS_BETTING, BettingRules
from primero.options import Option, OptionValue, resolve_options

if TYPE_CHECKING:
    from primero.cards import Pack
    from primero.hands import Ranking
    from primero.plugins import Rules

__all__ = ["Variant", "VariantSpec"]


def _lower_tuple(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(str(n) for n in names)


# Typed converters: ``converter=tuple`` leaves mypy unable to infer the element type.
def _str_tuple(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(items)


def _option_tuple(items: Iterable[Option]) -> tuple[Option, ...]:
    return tuple(items)


def _object_tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


@frozen(kw_only=True)
class VariantSpec:
    """A variant as a plug-in registers it.

    Attributes:
        name: Registry name, e.g. ``"waks"`` (looked up case-insensitively).
        title: Human title, e.g. ``"Waks English Primero"``.
        summary: The rules in a few paragraphs of plain text (``primero rules`` prints it).
        sources: Source keys with a short description each (RULES.md §12).
        aliases: Other names the variant answers to.
        players: Smallest and largest number of players, inclusive.
        options: The options the variant accepts, with their defaults.
        plugins: The rule objects (with ``@hookimpl`` methods) stacked on the core rules, the
            first one consulted last; empty for the core game itself.
        ante: The ante each player pays per deal when a deal does not say, in chips (0 for
            variants without one).
        betting: How its betting rounds run (:class:`~primero.betting_rules.BettingRules`;
            default the Waks game's), read by the core's betting hooks.

    The registry validates a spec when it is registered (:func:`primero.plugins.spec_problem`)
    and keeps who registered it (:meth:`primero.plugins.Registry.provider`).
    """

    name: str
    title: str
    summary: str
    sources: tuple[str, ...] = field(default=(), converter=_str_tuple)
    aliases: tuple[str, ...] = field(default=(), converter=_lower_tuple)
    players: tuple[int, int] = (2, 6)
    options: tuple[Option, ...] = field(default=(), converter=_option_tuple)
    ante: int = 0
    betting: BettingRules = WAKS_BETTING
    plugins: tuple[object, ...] = field(default=(), converter=_object_tuple, repr=False)

    @property
    def provider(self) -> str:
        """The plug-in that registered this spec in :func:`primero.registry`, or ``""``.

        Kept for callers of 0.1; ask the registry instead: ``registry().provider(spec)``.
        """
        from primero.plugins import registry

        return registry().provider(self) or ""

    def __reduce__(self) -> tuple[Any, ...]:
        # An installed spec travels by name, so a worker process gets the same rule objects
        # (and equal variants); any other spec travels by value.
        from primero.plugins import registry

        installed = registry()
        if self.name in installed and installed.spec(self.name) is self:
            return (_installed_spec, (self.name,))
        return (_spec_by_value, (tuple((a.name, getattr(self, a.name))
                                       for a in self.__attrs_attrs__),))

    def __repr__(self) -> str:
        low, high = self.players
        return f"<VariantSpec {self.name}: {self.title}, {low}-{high} players>"

    def option(self, name: str) -> Option:
        """The declared option ``name``; ``KeyError`` if there is none."""
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def configure(self, **options: Any) -> Variant:
        """Return the variant with these options (the rest at their defaults).

        Raises:
            InvalidOptionError: an unknown option or a bad value, named in the message.
        """
        return Variant(spec=self, settings=resolve_options(self.options, options,
                                                           variant=self.name))


@frozen(kw_only=True, cache_hash=True)
class Variant:
    """A variant with every option resolved: the unit the engine and the analysis work with.

    Two variants are equal when their specs (rule objects included), option values and house
    rules are equal; equal variants share their cached rules and ranking table, and unequal
    ones never do.

    Attributes:
        spec: The registered :class:`VariantSpec`.
        settings: ``(option, value)`` pairs for every declared option.
        house_rules: Extra rule objects stacked on top of the variant's own plug-ins.
    """

    spec: VariantSpec = field(repr=False)
    settings: tuple[tuple[str, OptionValue], ...]
    house_rules: tuple[object, ...] = field(default=(), converter=_object_tuple,
                                         repr=False)
    name: str = field(init=False)
    _options: Mapping[str, OptionValue] = field(init=False, eq=False, repr=False)
    _rules: Rules | None = field(init=False, eq=False, repr=False, default=None)

    @name.default
    def _name(self) -> str:
        return self.spec.name

    @_options.default
    def _options_default(self) -> Mapping[str, OptionValue]:
        return MappingProxyType(dict(self.settings))

    def __deepcopy__(self, memo: dict[int, object]) -> Variant:
        return self  # a value: nothing in it changes

    def __copy__(self) -> Variant:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The spec and settings travel; the cached rules and ranking table are rebuilt (once)
        # where the variant is unpickled, e.g. in a worker process.
        return (_rebuild_variant, (self.spec, self.settings, self.house_rules))

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The option values, read-only."""
        return self._options

    def option(self, name: str) -> Any:
        """The value of option ``name``.

        Raises:
            KeyError: the variant has no such option.
        """
        for key, value in self.settings:
            if key == name:
                return value
        raise KeyError(f"variant {self.name!r} has no option {name!r}")

    def with_options(self, **options: Any) -> Variant:
        """Return the same variant with some options changed (validated as in ``configure``)."""
        merged: dict[str, Any] = dict(self.settings)
        merged.update(options)
        return self.spec.configure(**merged)

    @property
    def rules(self) -> Rules:
        """The typed façade over this variant's plug-in manager (built once, cached)."""
        rules = self._rules
        if rules is None:
            from primero.plugins import rules_for

            rules = rules_for(self)
            object.__setattr__(self, "_rules", rules)
        return rules

    @property
    def pack(self) -> Pack:
        """The pack this variant plays with (the ``primero_pack`` hook)."""
        return self.rules.pack

    @property
    def ranking(self) -> Ranking:
        """The variant's ranking with its lookup table (built once, cached)."""
        return self.rules.ranking

    def describe_options(self) -> str:
        """``key=value`` pairs that differ from the defaults, or ``"defaults"``."""
        changed = [
            f"{k}={_fmt(v)}" for k, v in self.settings if v != self.spec.option(k).default
        ]
        return ", ".join(changed) or "defaults"

    def __repr__(self) -> str:
        """``get_variant('waks', tie='split')``, which evaluates to an equal variant.

        Options at their defaults are left out. A variant that ``get_variant`` cannot make
        again (house rules, or a spec that is not the registered one) reads
        ``<Variant name options +N house rules>`` instead.
        """
        changed = [(k, v) for k, v in self.settings if v != self.spec.option(k).default]
        if not self.house_rules and _registered(self.spec) and all(
                k.isidentifier() for k, _ in changed):
            args = "".join(f", {k}={v!r}" for k, v in changed)
            return f"get_variant({self.name!r}{args})"
        parts = [self.name, *(f"{k}={_fmt(v)}" for k, v in changed)]
        if self.house_rules:
            n = len(self.house_rules)
            parts.append(f"+{n} house rule{'s' if n != 1 else ''}")
        return f"<Variant {' '.join(parts)}>"

    def __str__(self) -> str:
        changed = self.describe_options()
        return self.name if changed == "defaults" else f"{self.name} ({changed})"


def _fmt(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _registered(spec: VariantSpec) -> bool:
    """Whether ``get_variant(spec.name)`` finds this very spec."""
    from primero.plugins import registry

    installed = registry()
    return spec.name in installed and installed.spec(spec.name) is spec


def _rebuild_variant(spec: VariantSpec, settings: tuple[tuple[str, OptionValue], ...],
                     house_rules: tuple[object, ...]) -> Variant:
    """Unpickle a :class:`Variant` (see ``Variant.__reduce__``)."""
    return Variant(spec=spec, settings=settings, house_rules=house_rules)


def _installed_spec(name: str) -> VariantSpec:
    """Unpickle an installed :class:`VariantSpec` (see ``VariantSpec.__reduce__``)."""
    from primero.plugins import registry

    return registry().spec(name)


def _spec_by_value(fields: tuple[tuple[str, Any], ...]) -> VariantSpec:
    """Unpickle a :class:`VariantSpec` that is not installed."""
    return VariantSpec(**dict(fields))
