"""Variant options: declared with defaults and allowed values, validated on use.

Options are the house rules and table rules a variant exposes (docs/rules/hands.md "Options every
ranking supports", §3 tie policies, the pack). A variant declares them as :class:`Option`
values; :func:`resolve_options` checks what a user asked for and fills in the defaults.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from attrs import evolve, field, frozen

from primero.errors import InvalidOptionError, named, typed_name

if TYPE_CHECKING:
    pass

__all__ = [
    "Configured",
    "Option",
    "OptionValue",
    "option_items",
    "parse_option_args",
    "parse_option_value",
    "resolve_options",
    "whole_number",
]

#: An integer as option text writes it: at most 18 ASCII digits 0-9, an optional sign first
#: (longer text stays text, which an integer option refuses, quoted by its start).
_WHOLE_TEXT = re.compile(r"[+-]?[0-9]{1,18}")


def whole_number(value: object) -> bool:
    """A whole number of the set-up (chips, a seat, a seed): an integer that is not a ``bool``.

    Any :class:`numbers.Integral` counts (``numpy.int64(5)`` as ``5``), as
    :meth:`~primero.deal.state.GameState.apply` takes a numpy action id.
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


#: The types an option value may have.
OptionValue = bool | int | str


class Configured(Protocol):
    """Anything with its options resolved: what a module that only reads option values takes.

    A configured :class:`primero.variant.Variant` is one; a module below the variant (the
    seating labels, the hand tables) names this instead of the variant.
    """

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value, by name."""
        ...


@frozen(kw_only=True)
class Option:
    """One variant option.

    Attributes:
        name: The option's name, e.g. ``"supremus"``.
        default: The value used when the user gives none.
        doc: One line saying what the option does, with its source.
        choices: The allowed values, or ``None`` for any value of the default's type
            (bounded by ``minimum``/``maximum`` for integers).
        minimum: Smallest allowed integer, for integer options.
        maximum: Largest allowed integer, for integer options.
        affects_ranking: Whether the option can change how hands rank. Options that cannot
            (betting, ties, rounds) are declared ``False``, so variants that differ only in
            them share one ranking table.
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = field(default=None)
    minimum: int | None = None
    maximum: int | None = None
    affects_ranking: bool = True

    @property
    def kind(self) -> type:
        """The option's value type: ``bool``, ``int`` or ``str``."""
        return type(self.default)

    def allowed(self) -> str:
        """Describe the allowed values, for error messages and docs."""
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        if self.kind is bool:
            return "true, false"
        if self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"an integer {low}..{high}" if (low or high) else "an integer"
        return "any text"

    def validate(self, value: object) -> OptionValue:
        """Check (and, for text from a command line, convert) a value for this option.

        The value returned is a plain ``bool``, ``int`` or ``str``: an ``int`` or ``str``
        subclass given (an enum member, a plug-in's own text class) is read as the plain value
        it holds, so configured variants compare and hash by their option values alone.

        Raises:
            InvalidOptionError: the value has the wrong type or is not allowed; the message
                names the option and the allowed values.
        """
        if isinstance(value, str) and self.kind is bool and value.strip() in ("0", "1"):
            value = value.strip() == "1"  # supremus=0 / supremus=1 on a command line
        if isinstance(value, str) and self.kind is not str:
            value = parse_option_value(value)
        kind = self.kind
        ok_type = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
        if not ok_type:
            raise InvalidOptionError(
                f"option {self.name!r}: bad value {_show(value)}; allowed: {self.allowed()}"
            )
        assert isinstance(value, bool | int | str)
        if type(value) is not kind:  # a subclass: its plain value, checked and kept as such
            value = str.__str__(value) if isinstance(value, str) else int.__index__(value)
        if self.choices is not None and value not in self.choices:
            spelt = _spelling(value, self.choices) if isinstance(value, str) else None
            if spelt is None:
                raise InvalidOptionError(
                    f"option {self.name!r}: bad value {_show(value)}; allowed: {self.allowed()}"
                )
            value = spelt
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptionError(
                    f"option {self.name!r}: bad value {_show(value)}, below its minimum "
                    f"{self.minimum}; allowed: {self.allowed()}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptionError(
                    f"option {self.name!r}: bad value {_show(value)}, above its maximum "
                    f"{self.maximum}; allowed: {self.allowed()}")
        return value

    def declaration_problem(self) -> str | None:
        """What is wrong with this declaration, or ``None`` (checked when a spec registers).

        Bounds (``minimum``, ``maximum``) belong to integer options and must not cross;
        ``choices`` must be values of the default's type, at least one, each once; the
        default must be allowed.

        Returns:
            One line naming the option and the fault, or ``None``.
        """
        kind = self.kind
        if self.choices is not None and not isinstance(self.choices, tuple):
            return (f"option {named(self.name)}: choices {typed_name(self.choices)} is not a "
                    "tuple (None allows any value)")
        bounded = self.minimum is not None or self.maximum is not None
        if bounded and kind is not int:
            return (f"option {self.name!r}: minimum/maximum bound integer options only; its "
                    f"default {_show(self.default)} is a {kind.__name__}")
        for bound in (self.minimum, self.maximum):
            if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool)):
                return f"option {self.name!r}: bound {bound!r} is not an integer"
        if self.minimum is not None and self.maximum is not None \
                and self.minimum > self.maximum:
            return (f"option {self.name!r}: its minimum {self.minimum} is above its maximum "
                    f"{self.maximum}")
        if self.choices is not None:
            if not self.choices:
                return f"option {self.name!r}: choices is empty (None allows any value)"
            odd = [c for c in self.choices if type(c) is not kind]
            if odd:
                return (f"option {self.name!r}: choice {_show(odd[0])} is not a "
                        f"{kind.__name__} like its default")
            if len(set(self.choices)) != len(self.choices):
                return f"option {self.name!r}: a choice is given twice"
        try:
            self.validate(self.default)
        except InvalidOptionError:
            return (f"option {self.name!r}: default {_show(self.default)} is not among its "
                    f"allowed values ({self.allowed()})")
        return None

    def with_default(self, default: OptionValue) -> Option:
        """Return this option with another default (a preset's or a variant's own)."""
        return evolve(self, default=self.validate(default))


def _spelling(text: str, names: Iterable[OptionValue]) -> str | None:
    """The one name of ``names`` that ``text`` spells in another case, else ``None``.

    Names are read in any case, as variant names are (``FRENCH52`` is ``french52``); text
    that matches two names differing only in case matches neither.
    """
    key = text.strip().lower()
    found = [n for n in names if isinstance(n, str) and n.lower() == key]
    return found[0] if len(found) == 1 else None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10 ** 18:
        return f"a {len(str(abs(value)))}-digit number"
    return named(value) if isinstance(value, str) else str(value)


def option_items(items: Iterable[str], *, expected: str, where: str = "") -> dict[str, str]:
    """Read ``KEY=VALUE`` items into a dict of stripped text values, in the order given.

    A ``-`` in a key is read as ``_`` (``numerus-counts=all``).

    Args:
        items: The ``KEY=VALUE`` texts.
        expected: What a well-formed item looks like, for the error message.
        where: Where the items came from, for the error messages (e.g. ``" in 'waks:x=1'"``).

    Raises:
        InvalidOptionError: an item has no ``=`` or no key, or a key is given twice.
    """
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise InvalidOptionError(f"bad option {named(item)}{where}: expected {expected}")
        if key in options:
            raise InvalidOptionError(f"option {named(key)} given twice{where}")
        options[key] = value.strip()
    return options


def parse_option_value(text: str) -> OptionValue:
    """Read an option value typed at a command line: ``true``/``false``, an integer, or text.

    Integers are written with at most 18 ASCII digits 0-9, an optional sign first: ``"٢"``,
    ``"２"``, ``"1_000"`` or a 19-digit number stay text (and an integer option then refuses
    them), as deal files and the command line's counts do.
    """
    lowered = text.strip().lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    if not _WHOLE_TEXT.fullmatch(lowered):  # "1_000", "٢", "0x10" stay text, as elsewhere
        return text.strip()
    return int(lowered)


def resolve_options(
    declared: Iterable[Option], given: Mapping[str, Any], *, variant: str,
    overridden: Iterable[str] = (),
) -> tuple[tuple[str, OptionValue], ...]:
    """Validate ``given`` against ``declared`` and fill in defaults.

    Args:
        declared: The variant's options, in declaration order.
        given: Option values by name, as typed or already converted.
        variant: The variant's name, named in an error.
        overridden: Options the variant's rules replace
            (:attr:`primero.variant.VariantSpec.overrides`): not among ``declared``, named
            apart in the error.

    Returns:
        ``(name, value)`` pairs for every declared option, in declaration order.

    Raises:
        InvalidOptionError: an option is unknown (the message lists the known ones) or
            overridden (the message says the variant's rules replace it), or a value is not
            allowed (the message names the option and the bound or the choices).
    """
    by_name = {opt.name: opt for opt in declared}
    replaced = set(overridden)
    if any(name not in by_name for name in given):  # names in any case, as variant names
        spelt = {name: _spelling(name, [*by_name, *replaced]) if isinstance(name, str)
                 else None for name in given}
        given = {spelt[name] or name: value for name, value in given.items()}
        twice = [name for name in by_name if sum(spelt[g] == name or g == name
                                                  for g in spelt) > 1]
        if twice:
            raise InvalidOptionError(f"option {named(twice[0])} given twice (names are read "
                                     "in any case)")
    for name in given:
        if name in replaced:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidOptionError(
                f"option {named(name)} does not apply to variant {variant!r}: its rules replace "
                f"it; known options: {known}")
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidOptionError(
                f"unknown option {named(name)} for variant {variant!r}; known options: {known}"
            )
    return tuple(
        (name, opt.validate(given[name]) if name in given else opt.default)
        for name, opt in by_name.items()
    )


def parse_option_args(items: Sequence[str] | None) -> dict[str, str]:
    """Read ``KEY=VALUE`` option arguments into a dict (values still text).

    A ``-`` in a key is read as ``_`` (``numerus-counts=all``). Values are validated later by
    the variant, which converts ``true``/``false`` and integers.

    Raises:
        InvalidOptionError: an item has no ``=`` or no key, or a key is given twice.
    """
    return option_items(items or (), expected="KEY=VALUE, e.g. supremus=false")


