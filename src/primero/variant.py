"""Variants: what a plug-in declares (:class:`VariantSpec`) and a configured one (:class:`Variant`).

A :class:`VariantSpec` is the registration: name, aliases, title, sources, player range,
options with defaults, its betting rules as data (:class:`BettingRules`) and the rule objects
(pluggy plug-ins) that make up its rules. A :class:`Variant` is a spec with every option
resolved; it is what the engine, the ranking and the analysis tools take. Get one with
:func:`primero.get_variant`.

* **Betting rules are data where they can be**: a variant's :class:`BettingRules` says, in one
  frozen value, how its betting rounds differ from the Waks English game
  (docs/rules/waks.md), in the manner of PokerKit's ``Street``: the core's betting hooks read
  it, so a variant that changes one betting rule changes one field instead of overriding a
  hook (Suzuki's no-fold game is four fields: no fold, a raise re-asks the passers, every pass
  exchanges one or two cards, a pass answers a vie). What data cannot say (Cardano's calls)
  stays in hooks.
* **Every rule has a source**: option docs cite their sources by key (``[seed-FR]``,
  ``[ISEN]``; docs/rules/sources.md); :func:`with_cited` adds to a variant's own source list
  every source its options cite, so ``primero rules VARIANT`` and the variant pages can resolve
  every key they print.

A variant reaches the plug-in machinery through one door, the registry
(:mod:`primero.plugins.registry`, which builds on this module): ``variant.rules``, a
variant's ``repr`` and unpickling an installed spec ask it.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from attrs import Attribute, field, frozen

from primero.errors import InvalidOptionError, PluginError, PrimeroError, named, typed_name
from primero.options import Option, OptionValue, resolve_options

if TYPE_CHECKING:
    from types import ModuleType

    from primero.cards import Pack
    from primero.hands import Ranking
    from primero.plugins.registry import Registry
    from primero.plugins.rules import Rules

__all__ = [
    "MADE_KEPT",
    "SOURCE_TEXTS",
    "WAKS_BETTING",
    "BettingRules",
    "Variant",
    "VariantSpec",
    "cited_keys",
    "forget_configured",
    "kept",
    "with_cited",
]


def _rounds(value: Iterable[int]) -> tuple[int, ...]:
    rounds = _tuple_of(value, "BettingRules.must_hold_rounds", "round numbers",
                       InvalidOptionError)
    odd = [r for r in rounds if type(r) is not int or r < 1]
    if odd:
        raise InvalidOptionError(f"BettingRules.must_hold_rounds holds {typed_name(odd[0])}; "
                                 "expected betting round numbers (whole numbers from 1)")
    return rounds


def _cards(value: object) -> None:
    """Refuse a ``pass_exchange`` that is not a whole number of cards from 0 to 4."""
    if type(value) is not int or not 0 <= value <= 4:
        raise InvalidOptionError(f"BettingRules.pass_exchange must be a whole number of cards "
                                 f"from 0 to 4, got {named(value)}")


def _flag(rules: object, attribute: Attribute[bool], value: object) -> None:
    """Refuse a switch of :class:`BettingRules` that is not ``True`` or ``False``."""
    if type(value) is not bool:
        raise InvalidOptionError(f"BettingRules.{attribute.name} must be True or False, got "
                                 f"{typed_name(value)}")


def _tuple_of(items: object, what: str, kind: str,
              error: type[PrimeroError] = PluginError) -> tuple[Any, ...]:
    """``items`` as a tuple; a text, a mapping or a value that is no sequence is refused.

    Raises:
        PluginError: ``items`` is not a sequence (a tuple or a list) of ``kind``; the
            message names ``what`` (``error`` instead, where given).
    """
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Iterable):
        raise error(f"{what} must be a tuple of {kind}, got {typed_name(items)}")
    return tuple(items)


@frozen(kw_only=True)
class BettingRules:
    """How a variant's betting rounds run; the defaults are the Waks game (docs/rules/waks.md).

    Attributes:
        must_hold_rounds: The betting rounds in which, while nobody has held a vie, the last
            player still able to act before the vier may not pass or fold (Waks: round 1).
        pass_once: After a vie, each player may pass at most once in answer; at their next
            turn they must hold or fold (Waks).
        raise_reopens_passes: A raise gives every passer their pass in answer back (Suzuki).
        fold: Folding is allowed (not in Suzuki's no-fold game).
        pass_answers_bet: A player who owes chips may pass in answer (Waks); ``False``: once
            someone has bet, only hold, raise or fold (the revival game, docs/rules/revival.md).
        carry_without_vie: No vie in the last betting round ends the deal and carries the pot
            over (Waks); ``False``: a round without a bet simply ends (revival).
        pass_exchange: The most cards a pass exchanges, in cards: ``0`` (Waks), a pass puts
            nothing in and moves no card; ``N`` (Suzuki: 2), every pass discards 1 to ``N``
            cards of the hand and draws as many from the stock at once
            (docs/rules/suzuki.md).
        answer_once: A pass answers the standing vie or raise as a hold does: the turn goes
            only to players who still have to answer it (not all-in, not passed since it, short
            of the round's highest total; before a vie, not yet acted), and the round ends when
            nobody does (Suzuki). ``False``: the Waks round end and turn order.

    Raises:
        InvalidOptionError: ``pass_exchange`` is not a whole number of cards from 0 to 4, a
            switch is not ``True`` or ``False``, or ``must_hold_rounds`` is not a sequence of
            round numbers from 1; the message names the field.
    """

    must_hold_rounds: tuple[int, ...] = field(default=(1,), converter=_rounds)
    pass_once: bool = field(default=True, validator=_flag)
    raise_reopens_passes: bool = field(default=False, validator=_flag)
    fold: bool = field(default=True, validator=_flag)
    pass_answers_bet: bool = field(default=True, validator=_flag)
    carry_without_vie: bool = field(default=True, validator=_flag)
    pass_exchange: int = field(default=0, validator=lambda _, __, value: _cards(value))
    answer_once: bool = field(default=False, validator=_flag)


#: The Waks English game's betting (docs/rules/waks.md): the core's.
WAKS_BETTING = BettingRules()


#: Every source of docs/rules/sources.md: key -> the text printed after it.
SOURCE_TEXTS: Mapping[str, str] = {
    "[seed-FR]": "Comment jouer: French rule sheet of the modern revival game",
    "[seed-IT]": "Come si gioca: Italian rule sheet of the modern revival game",
    "[seed-DE]": "Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks",
    "[seed-PRIMIERA]": "Primiera: Italian declare-and-redraw rules (English text)",
    "[WAKS]": "Mark Waks, Game Report: Primero (2002–03)",
    "[ZOR-C]": "Girolamo Zorli, Cardan's Primero game (Accademia del Tre)",
    "[ZOR-B]": "Girolamo Zorli, Francesco Berni's Primero (Accademia del Tre)",
    "[SUZ94]": "Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994)",
    "[BARONY]": "SCA Barony of Three Mountains, Primero rules",
    "[PARL]": "David Parlett, The Penguin Book of Card Games",
    "[NQ8]": "Notes and Queries 11th series vol. 8 (1913): Cardano's classes",
    "[ISEN]": "SCA Isenfir Primero rules and cheat sheet (only the suit's cards count in a "
              "Numerus)",
    "[SPAZIO]": "spazioinwind.libero.it/carte/primiera.htm (Italian Primiera, suit tie-breaks)",
}

_KEY = re.compile(r"\[[A-Za-z0-9-]+\]")


def cited_keys(texts: Iterable[str]) -> list[str]:
    """The source keys cited in ``texts``, in order of first citation."""
    seen: list[str] = []
    for text in texts:
        for key in _KEY.findall(text):
            if key in SOURCE_TEXTS and key not in seen:
                seen.append(key)
    return seen


def with_cited(sources: Iterable[str], options: Iterable[Option]) -> tuple[str, ...]:
    """A variant's sources, then every source its options cite that the list lacks.

    Args:
        sources: The variant's own sources, each starting with its key (``"[seed-DE] ..."``).
        options: The variant's options; their docs cite sources by key.

    Returns:
        ``sources`` followed by ``"[KEY] text (cited by an option)"`` for each missing key.
    """
    own = tuple(sources)
    have = {s.split()[0] for s in own if s}
    extra = tuple(f"{key} {SOURCE_TEXTS[key]} (cited by an option)"
                  for key in cited_keys(o.doc for o in options) if key not in have)
    return own + extra


def _lower_tuple(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(str(n) for n in _tuple_of(names, "VariantSpec.aliases", "names"))


# Typed converters: ``converter=tuple`` leaves mypy unable to infer the element type. Each
# refuses what is no sequence (a text would become its letters) with the field's name.
def _str_tuple(items: Iterable[str]) -> tuple[str, ...]:
    return _tuple_of(items, "VariantSpec.sources/overrides", "texts")


def _option_tuple(items: Iterable[Option]) -> tuple[Option, ...]:
    options = _tuple_of(items, "VariantSpec.options", "Option")
    odd = [o for o in options if not isinstance(o, Option)]
    if odd:
        raise PluginError(f"VariantSpec.options holds {typed_name(odd[0])}; expected Option "
                          "values (primero.Option(name=..., default=..., doc=...))")
    return options


def _object_tuple(items: Iterable[object]) -> tuple[object, ...]:
    return _tuple_of(items, "the rule objects (plugins, house_rules)", "rule objects")


@frozen(kw_only=True)
class VariantSpec:
    """A variant as a plug-in registers it.

    Attributes:
        name: Registry name, e.g. ``"waks"`` (looked up case-insensitively).
        title: Human title, e.g. ``"Waks English Primero"``.
        summary: The rules in a few paragraphs of plain text (``primero rules`` prints it).
        sources: Source keys with a short description each (docs/rules/sources.md).
        aliases: Other names the variant answers to.
        players: Smallest and largest number of players, inclusive.
        options: The options the variant accepts, with their defaults.
        plugins: The rule objects (with ``@hookimpl`` methods) stacked on the core rules, the
            first one consulted last; empty for the core game itself.
        ante: The ante each player pays per deal when a deal does not say, in chips (0 for
            variants without one).
        betting: How its betting rounds run (:class:`~primero.variant.BettingRules`;
            default the Waks game's), read by the core's betting hooks.
        overrides: Names of options among ``options`` that the variant's own rules replace
            (an option inherited with ``options=(*WAKS.options, ...)`` whose rule a hook of
            the variant overrides, e.g. ``tie`` for a variant that settles ties its own way).
            They are left out of ``options``: never listed (``primero variants``, ``primero
            rules``, the docs), never configured, and naming one in ``get_variant`` is an
            :class:`~primero.errors.InvalidOptionError` saying the variant's rules replace it.
        declared: The options as declared, overridden ones included (read-only; given
            only by ``attrs.evolve`` and unpickling, which keep it).

    The registry validates a spec when it is registered
    (:func:`primero.plugins.registry.spec_problem`) and keeps who registered it
    (:meth:`primero.plugins.registry.Registry.provider`); :meth:`configure` checks a spec
    made in code the same way, once.

    Raises:
        PluginError: ``sources``, ``aliases``, ``options``, ``plugins`` or ``overrides`` is
            not a sequence (a text, a number, ``None``), or ``options`` holds something that
            is not an :class:`~primero.options.Option`; the message names the field.
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
    overrides: tuple[str, ...] = field(default=(), converter=_str_tuple)
    _declared: tuple[Option, ...] | None = field(default=None, alias="declared", eq=False,
                                                 repr=False)

    def __attrs_post_init__(self) -> None:
        # the overridden options are left out of the options (they are never listed); the
        # declaration is kept, also through attrs.evolve and pickling, which pass it back
        hidden = set(self.overrides)
        given = self._declared if self._declared is None else _option_tuple(self._declared)
        if given is None or tuple(o for o in given if o.name not in hidden) != self.options:
            given = self.options  # a new declaration (or new options given to evolve)
        object.__setattr__(self, "_declared", given)
        if hidden:
            object.__setattr__(self, "options", tuple(o for o in given if o.name not in hidden))

    @property
    def declared(self) -> tuple[Option, ...]:
        """The options as declared, the overridden ones included (``options`` less them)."""
        return self._declared or ()

    def __reduce__(self) -> tuple[Any, ...]:
        # An installed spec travels by name, so a worker process gets the same rule objects
        # (and equal variants); any other spec travels by value.
        installed = _installed()
        if self.name in installed and installed.spec(self.name) is self:
            return (_installed_spec, (self.name,))
        return (_spec_by_value, (tuple((a.alias or a.name, getattr(self, a.name))
                                       for a in self.__attrs_attrs__ if a.init),))

    def __repr__(self) -> str:
        low, high = self.players
        return f"<VariantSpec {self.name}: {self.title}, {low}-{high} players>"

    def option(self, name: str) -> Option:
        """The declared option ``name``.

        Raises:
            KeyError: the variant declares no option ``name`` (the key is the name).
        """
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def configure(self, **options: Any) -> Variant:
        """Return the variant with these options (the rest at their defaults).

        The same spec with the same option values gives the same (immutable) object again
        (the last :data:`MADE_KEPT`, until :func:`forget_configured`): what the engine keeps
        per variant object (a table's start recipe, its checked set-up) is found again.

        A spec the registry did not check (made in code, not registered) is checked here
        first, once, as a registration is (:func:`primero.plugins.registry.spec_problem`).

        Raises:
            InvalidOptionError: an unknown option or a bad value, named in the message.
            PluginError: the spec itself is unsound (a player range, ante, option
                declaration or betting rules); the message names the field.
        """
        if _checked.get(id(self)) is not self:
            _check_spec(self)
        settings = resolve_options(self.options, options, variant=self.name,
                                   overridden=self.overrides)
        made = _made.get((id(self), settings))
        if made is not None and made.spec is self:
            return made
        key = id(settings)
        _configured[key] = settings  # resolved right here: the variant need not check them
        try:
            variant = Variant(spec=self, settings=settings)
        finally:
            del _configured[key]
        return _kept(variant)


def _resolved(variant: Variant, attribute: Attribute[Any], settings: object) -> None:
    """Refuse settings that are not every option of the spec, valid, in declaration order.

    What :meth:`VariantSpec.configure` gives; a variant made by hand (``Variant(spec=...,
    settings=...)``, e.g. with house rules) must give the same.
    """
    if _configured.get(id(settings), _configured) is settings:
        return
    spec = variant.spec
    given = dict(variant.settings)  # (the shape checked by _check_shape, before)
    if len(given) != len(variant.settings):
        raise InvalidOptionError("Variant settings give an option twice")
    resolved = resolve_options(spec.options, given, variant=spec.name,
                               overridden=spec.overrides)
    if resolved != variant.settings:
        missing = [k for k, _ in resolved if k not in given]
        spelt = [k for k, v in resolved if k in given and given[k] != v]
        if missing:
            what = f"leave out {', '.join(missing)}"
        elif spelt:
            what = (f"give {spelt[0]} as {named(given[spelt[0]])}, which reads as "
                    f"{named(dict(resolved)[spelt[0]])}")
        else:
            what = "are not in the declaration's order"
        raise InvalidOptionError(f"Variant settings {what}: give every option of "
                                 f"{named(spec.name)} once, as spec.configure(...).settings "
                                 "does")


#: How many configured variants :meth:`VariantSpec.configure` keeps to give again.
MADE_KEPT = 256
#: The variants configured, by their spec's identity (the variant held keeps the spec, so its
#: ``id`` is not reused while kept) and their settings: the same spec and option values give
#: the same object again. The oldest goes first; :func:`forget_configured` forgets them all.
_made: dict[tuple[int, tuple[tuple[str, OptionValue], ...]], Variant] = {}
#: Guards the writes to :data:`_made` (a read is one dict look-up).
_made_lock = threading.Lock()


def _kept(variant: Variant) -> Variant:
    """``variant``, kept to be given again; or the equal one kept first (another thread's).

    Only a variant without house rules is kept; settings that do not hash (a value of a
    plug-in's own unhashable class, given to ``Variant`` by hand) are not kept either.
    """
    if variant.house_rules:
        return variant
    key = (id(variant.spec), variant.settings)
    try:
        hash(key)
    except TypeError:
        return variant
    with _made_lock:
        found = _made.get(key)
        if found is not None and found.spec is variant.spec:
            return found
        if len(_made) >= MADE_KEPT:
            del _made[next(iter(_made))]
        _made[key] = variant
    return variant


def kept(variant: Variant) -> Variant:
    """The variant :meth:`VariantSpec.configure` gives again for ``variant``'s spec and settings.

    ``variant`` itself when it is the one kept, or when none is kept (it is then kept: a
    variant forgotten from the oldest end comes back as the same object); a variant with house
    rules or settings that do not hash is given back as it is. For a look-up kept in front of
    :meth:`VariantSpec.configure` (the registry's by name): both give one object.
    """
    try:
        found = _made.get((id(variant.spec), variant.settings))
    except TypeError:  # a plug-in's own unhashable value, given to Variant by hand
        return variant
    if found is not None and found.spec is variant.spec:
        return found
    return _kept(variant)


def forget_configured() -> None:
    """Forget the variants :meth:`VariantSpec.configure` keeps to give again.

    The next configuring makes a new object, whose rules and ranking are looked up again
    (:func:`primero.plugins.registry.clear_caches` calls this). A variant made before stays
    equal to the new one, and so do the rankings, hand values and states made with either.
    """
    with _made_lock:
        _made.clear()


#: Settings :meth:`VariantSpec.configure` has just resolved, by identity, while it makes the
#: variant (their checks would repeat the resolving).
_configured: dict[int, tuple[tuple[str, OptionValue], ...]] = {}


def _check_shape(spec: object, settings: object) -> None:
    """Refuse a spec that is no :class:`VariantSpec` and settings that are no pairs."""
    if not isinstance(spec, VariantSpec):
        raise InvalidOptionError(f"Variant takes a VariantSpec (registry().spec(name)), got "
                                 f"{typed_name(spec)}")
    if not isinstance(settings, tuple) or not all(
            isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)
            for pair in settings):
        raise InvalidOptionError(f"Variant settings must be a tuple of (option, value) pairs "
                                 f"(spec.configure(...).settings), got {typed_name(settings)}")


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
    settings: tuple[tuple[str, OptionValue], ...] = field(validator=_resolved)
    house_rules: tuple[object, ...] = field(default=(), converter=_object_tuple,
                                         repr=False)
    name: str = field(init=False)
    _options: Mapping[str, OptionValue] = field(init=False, eq=False, repr=False)
    _rules: Rules | None = field(init=False, eq=False, repr=False, default=None)

    @name.default
    def _name(self) -> str:
        if _configured.get(id(self.settings), _configured) is not self.settings:
            _check_shape(self.spec, self.settings)  # (the first field made from the others)
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
        """Return the same variant with some options changed (validated as in ``configure``).

        The house rules are kept. Without house rules, the variant ``configure`` gives for
        these options (the same object for the same options).

        Raises:
            InvalidOptionError: an unknown option or a bad value, named in the message.
        """
        merged: dict[str, Any] = dict(self.settings)
        merged.update(options)
        made = self.spec.configure(**merged)
        if not self.house_rules:
            return made
        settings = made.settings
        key = id(settings)
        _configured[key] = settings  # resolved by configure: the variant need not check them
        try:
            return Variant(spec=self.spec, settings=settings, house_rules=self.house_rules)
        finally:
            del _configured[key]

    @property
    def rules(self) -> Rules:
        """The typed façade over this variant's plug-in manager (built once, cached)."""
        rules = self._rules
        if rules is None:
            rules = _plugins().rules_for(self)
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


#: Specs found sound by :func:`_check_spec`, by identity (a spec is a value: checked once).
_checked: dict[int, VariantSpec] = {}


def _check_spec(spec: VariantSpec) -> None:
    """Check a spec as the registry checks a registration, and remember it sound.

    Raises:
        PluginError: :func:`primero.plugins.registry.spec_problem` finds a fault.
    """
    problem = _plugins().spec_problem(spec, registering=False)
    if problem is not None:
        raise PluginError(f"variant spec {named(spec.name)}: {problem}")
    if len(_checked) >= 4096:  # specs made in a loop: the memory stays bounded
        _checked.clear()
    _checked[id(spec)] = spec


def _fmt(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _registered(spec: VariantSpec) -> bool:
    """Whether ``get_variant(spec.name)`` finds this very spec."""
    installed = _installed()
    return spec.name in installed and installed.spec(spec.name) is spec


def _rebuild_variant(spec: VariantSpec, settings: tuple[tuple[str, OptionValue], ...],
                     house_rules: tuple[object, ...]) -> Variant:
    """Unpickle a :class:`Variant` (see ``Variant.__reduce__``): the one kept, if any.

    Every variant of one spec and settings unpickled in a process (a worker's deals) is one
    object, as :meth:`VariantSpec.configure` gives.
    """
    if not house_rules:
        try:
            made = _made.get((id(spec), settings))
        except TypeError:
            made = None
        if made is not None and made.spec is spec:
            return made
        return _kept(Variant(spec=spec, settings=settings))
    return Variant(spec=spec, settings=settings, house_rules=house_rules)


def _installed_spec(name: str) -> VariantSpec:
    """Unpickle an installed :class:`VariantSpec` (see ``VariantSpec.__reduce__``)."""
    return _installed().spec(name)


def _spec_by_value(fields: tuple[tuple[str, Any], ...]) -> VariantSpec:
    """Unpickle a :class:`VariantSpec` that is not installed."""
    return VariantSpec(**dict(fields))


def _plugins() -> ModuleType:
    """The registry module (:mod:`primero.plugins.registry`), imported on first use.

    The one door from a variant to the plug-in machinery, which builds on this module (it
    finds specs and makes variants).
    """
    from primero.plugins import registry

    return registry


def _installed() -> Registry:
    """The registry of installed variants."""
    found: Registry = _plugins().registry()
    return found
