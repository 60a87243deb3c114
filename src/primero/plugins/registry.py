"""The registry of variants: every installed variant, found once, validated, broken ones isolated.

* :func:`registry` finds every installed variant: the built-in variant modules
  (:data:`BUILTIN_VARIANT_MODULES`, registered in the library, not through entry points), then
  third-party plug-ins found through the ``primero`` entry-point group (unless the
  environment variable ``PRIMERO_DISABLE_PLUGIN_AUTOLOAD=1`` is set), each asked through
  ``primero_register_variants``.
* It does so lazily, for a cold start that needs one ranking: the registry knows the built-in
  names (:data:`BUILTIN_VARIANT_NAMES`) without importing their modules, so
  ``get_variant("waks")`` imports :mod:`primero.variants.waks` only. The other built-ins are
  imported, and the entry points scanned (the only use of :mod:`importlib.metadata`), when a
  name that is not a built-in is asked for or when the registry is listed (``names``,
  ``specs``, ``broken``). A built-in's name always wins.
* Every registration is validated (:func:`spec_problem`: names one word and no action verb,
  :data:`ACTION_VERBS`; player ranges within :data:`MAX_PLAYERS`; options and their defaults
  valid; the hook names of its rule objects and the errors they declare they raise on
  purpose). An installed plug-in that fails to import, register or validate is skipped with
  a :class:`~primero.errors.PluginWarning`; it is listed by :meth:`Registry.broken`, asking
  for one of its variants raises its :class:`~primero.errors.PluginError`, and everything
  else works.
* The registry, not the spec, knows who provides a variant (:meth:`Registry.provider`,
  :meth:`Registry.distribution`), and holds each configured variant's checked rules
  (:func:`rules_for`).
* :func:`get_variant`, :func:`resolve_variant` (a name with options as text, or a variant) and
  :func:`evaluate` (one hand under a variant) are the front door.
"""

from __future__ import annotations

import importlib
import os
import re
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from attrs import frozen

from primero import hookspecs
from primero.cards import Card, parse_cards
from primero.errors import (
    PLUGIN_FAULTS,
    PluginError,
    PluginWarning,
    PrimeroError,
    UnknownVariantError,
    exception_text,
    named,
)
from primero.hands import HAND_SIZE, HandValue
from primero.options import option_items, parse_option_value
from primero.plugins.manager import (
    deliberate_errors_problem,
    hook_name_problem,
    int_not_bool,
    new_manager,
    plugin_label,
    register_plugin,
    shown,
)
from primero.plugins.ranking import clear_ranking_cache
from primero.plugins.rules import Rules
from primero.variant import (
    MADE_KEPT,
    BettingRules,
    Variant,
    VariantSpec,
    forget_configured,
    kept,
)

if TYPE_CHECKING:
    import importlib.metadata

__all__ = [
    "ACTION_VERBS",
    "AUTOLOAD_ENV",
    "BUILTIN_VARIANTS",
    "BUILTIN_VARIANT_MODULES",
    "BUILTIN_VARIANT_NAMES",
    "ENTRY_POINT_GROUP",
    "MAX_PLAYERS",
    "BrokenPlugin",
    "Registry",
    "clear_caches",
    "evaluate",
    "get_variant",
    "registry",
    "reset_registry",
    "resolve_variant",
    "rules_for",
    "spec_problem",
]


#: The most players a variant may declare.
MAX_PLAYERS = 12


#: Words a variant or option name may not be: they are action verbs in deal files.
ACTION_VERBS = frozenset(("vie", "hold", "raise", "pass", "fold", "exchange", "call",
                          "declare"))


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
#: Control characters (escape sequences, carriage returns ...): text a terminal would obey.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def _text_problem(spec: VariantSpec) -> str | None:
    """The title (one line), summary, sources and option docs: text, no control character."""
    texts = [("title", spec.title), ("summary", spec.summary),
             *(("source", s) for s in spec.sources),
             *((f"option {o.name!r}: doc", o.doc) for o in spec.options)]
    for what, text in texts:
        if not isinstance(text, str) or _CONTROL.search(text) or (what == "title"
                                                                 and "\n" in text):
            shown = repr(text) if len(repr(text)) <= 60 else repr(text)[:57] + "..."
            return (f"{what} {shown}: expected text without control characters (the "
                    "title on one line)")
    return None


#: The longest name a variant, an alias or an option may have, in characters.
_LONGEST_NAME = 64


def _name_problem(what: str, name: object, verbs: bool = True) -> str | None:
    if not isinstance(name, str) or not _WORD.fullmatch(name):
        return (f"{what} {named(name)} is not one word (letters, digits, '-', '_', '.'; no "
                "spaces)")
    if len(name) > _LONGEST_NAME:
        return f"{what} {named(name)} is longer than {_LONGEST_NAME} characters"
    if verbs and name.lower() in ACTION_VERBS:
        return f"{what} {named(name)} is an action verb; choose another name"
    return None


def spec_problem(spec: VariantSpec, *, registering: bool = True) -> str | None:
    """What is wrong with a registration, or ``None``.

    Checks the name and aliases (one word of at most 64 characters, not an action verb), the
    player range (``2 <= low <= high <=`` :data:`MAX_PLAYERS`), the ante (whole, not
    negative), the betting rules (a :class:`~primero.variant.BettingRules`), the options
    (one-word distinct names, sound bounds and choices, a default among the allowed values:
    :meth:`~primero.options.Option.declaration_problem`), and the hook names of every rule
    object (:func:`primero.plugins.manager.hook_name_problem`) and the errors it declares it
    raises on purpose (:func:`primero.plugins.manager.deliberate_errors_problem`). Not
    ``registering`` (a spec
    configured in code, never looked up by name): the name and aliases need only be text,
    and the rule objects are left to the plug-in manager, which names their faults when the
    rules are built.
    """
    for what, name in (("variant name", spec.name), *(("alias", a) for a in spec.aliases)):
        problem = _name_problem(what, name) if registering or not isinstance(name, str) \
            else None
        if problem:
            return problem
    players = spec.players
    if (not isinstance(players, tuple) or len(players) != 2
            or not all(int_not_bool(p) for p in players)
            or not 2 <= players[0] <= players[1] <= MAX_PLAYERS):
        return (f"players {named(players)}: expected (low, high) with 2 <= low <= high <= "
                f"{MAX_PLAYERS}")
    if not int_not_bool(spec.ante) or spec.ante < 0:
        return f"ante {named(spec.ante)}: expected whole chips, not negative"
    if not isinstance(spec.betting, BettingRules):
        return (f"betting {named(spec.betting)}: expected a BettingRules "
                "(primero.variant.BettingRules)")
    seen: set[str] = set()
    for option in spec.options:
        problem = _name_problem("option", option.name, verbs=False)
        if problem:
            return problem
        if option.name in seen:
            return f"option {option.name!r} is declared twice"
        seen.add(option.name)
        if type(option.default) not in (bool, int, str):
            return f"option {option.name!r}: default {option.default!r} is not a bool, int or str"
        problem = option.declaration_problem()  # bounds, choices, the default allowed
        if problem:
            return problem
    declared = {option.name for option in spec.declared}
    for name in spec.overrides:
        if name not in declared:
            return (f"overrides option {name!r}, which it does not declare; declared: "
                    f"{', '.join(o.name for o in spec.declared) or 'none'}")
    problem = _text_problem(spec)
    if problem or not registering:
        return problem
    for rules in spec.plugins:
        if isinstance(rules, type):
            return (f"rule object {rules.__module__}.{rules.__qualname__} is a class; expected "
                    f"an instance ({rules.__qualname__}())")
        problem = hook_name_problem(rules) or deliberate_errors_problem(rules)
        if problem:
            return f"rule object {plugin_label(rules)}: {problem}"
        if not type(rules).__module__.startswith("primero."):  # the library's own are tested
            if hook_name_problem(rules, need_hooks=True):
                return (f"rule object {plugin_label(rules)} implements no primero hook; "
                        "expected an object with @hookimpl methods")
            problem = _signature_problem(rules)
            if problem:
                return problem
    return None


def table_problem(variant: Variant) -> str | None:
    """Whether the variant's largest table fits its pack, or ``None``.

    Every deal plan deals each player a hand of :data:`~primero.hands.HAND_SIZE` (4) cards,
    and a card stays in a hand until the showdown unless its player folds (an exchange gives
    back as many as it takes), so a deal nobody folds holds ``4 * players`` cards at once: at
    the spec's most players that must not exceed the pack (docs/rules/dealing.md). Asks the
    pack only (the ranking half of the rules), never the deal's code. A rule object that
    fails to answer the pack is not judged here: its fault is reported when it is used.
    """
    high = variant.spec.players[1]
    try:
        pack = variant.pack
        size = len(pack)
    except PrimeroError:
        return None
    except PLUGIN_FAULTS:
        return None
    if HAND_SIZE * high <= size:
        return None
    return (f"players {variant.spec.players!r}: a deal holds {HAND_SIZE} cards per player, "
            f"{HAND_SIZE * high} at a table of {high}, but the {pack.name} pack holds {size}: "
            f"at most {size // HAND_SIZE} players")


def _signature_problem(rules: object) -> str | None:
    """What pluggy refuses in a rule object, found at registration.

    A hook taking an argument the hook never passes failed only when the variant was first
    played; ``primero variants`` listed it as sound.
    """
    try:
        register_plugin(new_manager(), rules)
    except PluginError as exc:
        return f"rule object {exc}".replace("rule object plug-in ", "rule object ", 1)
    return None


#: The entry-point group third-party plug-ins register under.
ENTRY_POINT_GROUP = hookspecs.PROJECT
#: Set this environment variable to ``1`` to skip loading entry-point plug-ins.
AUTOLOAD_ENV = "PRIMERO_DISABLE_PLUGIN_AUTOLOAD"
#: The one table of built-in variants: each module of :mod:`primero.variants` (registered as a
#: plug-in under its module name; primero declares no entry points of its own) and every name
#: and alias (lower case) it registers, so the registry imports only the module of the variant
#: asked for (a test checks the names against what the modules register). A new built-in
#: variant is its module and one line here.
BUILTIN_VARIANTS: dict[str, tuple[str, ...]] = {
    "waks": ("waks", "english", "primero"),
    "cardano": ("cardano",),
    "suzuki": ("suzuki",),
    "roman": ("roman",),
    "losing": ("losing",),
    "primiera": ("primiera",),
    "revival": ("revival", "italian-primiera", "spanish-primera", "french-prime",
                "english-primero"),
    "toy": ("toy",),
}
#: The built-in variant modules, in registration order (from :data:`BUILTIN_VARIANTS`).
BUILTIN_VARIANT_MODULES: tuple[str, ...] = tuple(
    f"primero.variants.{module}" for module in BUILTIN_VARIANTS)
#: Every name and alias of a built-in variant -> its module (from :data:`BUILTIN_VARIANTS`).
BUILTIN_VARIANT_NAMES: dict[str, str] = {
    name: f"primero.variants.{module}"
    for module, names in BUILTIN_VARIANTS.items() for name in names}


@frozen(kw_only=True)
class BrokenPlugin:
    """An installed plug-in that was skipped.

    Attributes:
        name: The plug-in's name (its entry-point name).
        distribution: ``"name version"`` of the package that installed it, if known.
        reason: The one-line :class:`~primero.errors.PluginError` message.
        variants: Names (lower case) that now raise ``reason``: the entry-point name and
            every name or alias it tried to register.
    """

    name: str
    distribution: str | None
    reason: str
    variants: tuple[str, ...] = ()


#: A distribution as ``"name version"``, or a function that works it out when first asked.
_Distribution = str | Callable[[], str | None] | None


def _resolved(distribution: _Distribution) -> str | None:
    return distribution() if callable(distribution) else distribution


class _Plugin:
    """One plug-in to register: its name, how to get it, its distribution."""

    def __init__(self, name: str, load: Callable[[], object], distribution: _Distribution,
                 origin: str = "") -> None:
        self.name, self.load, self.distribution, self.origin = name, load, distribution, origin


class Registry:
    """Every installed variant, by name and alias (case-insensitive).

    Build it with :func:`registry`; ``Registry(plugins)`` builds one from explicit plug-ins
    (modules or objects with a ``primero_register_variants`` hook), for tests.

    Args:
        plugins: Plug-ins to register, in order (modules are named by their module name).
        entry_points: Also load the ``primero`` entry points of installed distributions.
        isolate: Skip a plug-in that fails (with a :class:`~primero.errors.PluginWarning`)
            instead of raising its :class:`~primero.errors.PluginError`.
        distribution: The distribution of ``plugins`` (``"primero 0.1.0"`` for the built-ins).

    Raises:
        PluginError: (unless ``isolate``) a plug-in failed to load, registered something
            that is not a valid :class:`~primero.variant.VariantSpec`, or a name that is taken.
    """

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = False,
                 isolate: bool = False, distribution: str | None = None) -> None:
        self._specs: dict[str, VariantSpec] = {}
        self._names: dict[str, str] = {}
        self._providers: dict[str, str] = {}
        self._distributions: dict[str, _Distribution] = {}
        #: Configured variants whose largest table fits the pack (checked once each).
        self._fitting: set[Variant] = set()
        #: Variants made, by the name and option values given (each value with its type, as
        #: ``1`` and ``True`` are equal keys): see :meth:`variant`.
        self._made: dict[tuple[object, ...], Variant] = {}
        self._broken: dict[str, BrokenPlugin] = {}
        self._broken_names: dict[str, str] = {}
        self._isolate = isolate
        #: Plug-in name -> its place in the load order (names() lists in that order).
        self._order: dict[str, int] = {}
        #: The lazy built-ins' places in that order, whenever they are imported.
        self._rank: dict[str, int] = {}
        #: Lazy sources (see :func:`registry`): built-in modules not imported yet, by name or
        #: alias (lower case), in their order; whether the entry points are still to scan.
        self._lazy_names: dict[str, str] = {}
        self._lazy_modules: list[str] = []
        self._lazy_entry_points = False
        self._lazy_distribution: _Distribution = None
        todo = [
            _Plugin(p.__name__ if isinstance(p, ModuleType) else plugin_label(p),
                    _given(p), distribution)
            for p in plugins
        ]
        if entry_points:
            todo += _entry_point_plugins()
        for plugin in todo:
            self._add(plugin)

    @classmethod
    def _lazy(cls, modules: Iterable[str], names: dict[str, str], *, entry_points: bool,
              distribution: _Distribution) -> Registry:
        """A registry that imports each of ``modules`` only when it is needed.

        A module (a plug-in named by its module name) is imported when one of its ``names``
        is asked for or the registry is listed; the entry points are scanned (isolated) when
        another name is asked for or the registry is listed.
        """
        reg = cls()
        reg._lazy_modules = list(modules)
        reg._rank = {m: k for k, m in enumerate(reg._lazy_modules)}
        reg._lazy_names = {k.lower(): m for k, m in names.items() if m in reg._lazy_modules}
        reg._lazy_entry_points = entry_points
        reg._lazy_distribution = distribution
        return reg

    # lazy loading ---------------------------------------------------------------------------

    def _load_module(self, module: str) -> None:
        """Import and register one pending built-in module (not isolated: it must load)."""
        with _lock:
            if module not in self._lazy_modules:
                return  # another thread did it
            _building.on = True
            try:
                self._lazy_modules.remove(module)
                self._lazy_names = {k: m for k, m in self._lazy_names.items() if m != module}
                self._add(_Plugin(module, lambda: importlib.import_module(module),
                                  self._lazy_distribution, repr(module)))
            finally:
                _building.on = False

    def _load_all(self) -> None:
        """Import every pending built-in, then scan the entry points (once)."""
        if not self._lazy_modules and not self._lazy_entry_points:
            return
        _check_not_building()
        with _lock:
            for module in list(self._lazy_modules):
                self._load_module(module)
            if self._lazy_entry_points:
                self._lazy_entry_points = False
                _building.on = True
                try:
                    isolate, self._isolate = self._isolate, True
                    try:
                        for plugin in _entry_point_plugins():
                            self._add(plugin)
                    finally:
                        self._isolate = isolate
                finally:
                    _building.on = False

    def _find(self, name: str) -> str | None:
        """The registered name for ``name`` (lower case), loading lazily what may define it."""
        key = name.strip().lower()
        found = self._names.get(key)
        if found is None and (self._lazy_modules or self._lazy_entry_points):
            _check_not_building()
            module = self._lazy_names.get(key)
            if module is not None:
                self._load_module(module)
                found = self._names.get(key)
            if found is None and key not in self._broken_names:
                self._load_all()
                found = self._names.get(key)
        return found

    # building -------------------------------------------------------------------------------

    def _add(self, plugin: _Plugin) -> None:
        pending: list[VariantSpec] = []
        taken = plugin.name in self._order
        self._order.setdefault(plugin.name, len(self._order))
        try:
            if taken:
                raise PluginError(f"plug-in name {plugin.name!r} is taken by another plug-in",
                                  plugin=plugin.name)
            try:
                obj = plugin.load()
            except PLUGIN_FAULTS as exc:
                raise PluginError(
                    f"plug-in {plugin.name}: importing {plugin.origin} failed: "
                    f"{type(exc).__name__}: {exception_text(exc, 200)}",
                    plugin=plugin.name) from exc
            if not isinstance(obj, ModuleType) \
                    and not callable(getattr(obj, "primero_register_variants", None)):
                raise PluginError(
                    f"plug-in {plugin.name}: {plugin.origin or 'it'} is {shown(obj)}, not a "
                    "module or an object with primero_register_variants", plugin=plugin.name)
            pm = new_manager()
            register_plugin(pm, obj, plugin.name)
            closed: list[bool] = []  # set once the hook returned: a later call is refused
            register = self._registrar(plugin.name, pending, closed)
            try:
                for impl in pm.hook.primero_register_variants.get_hookimpls():
                    try:
                        impl.function(register=register)
                    except PluginError:
                        raise
                    except PLUGIN_FAULTS as exc:
                        raise PluginError(
                            f"plug-in {plugin.name}, hook primero_register_variants: raised "
                            f"{type(exc).__name__}: {exception_text(exc, 200)}",
                            plugin=plugin.name, hook="primero_register_variants") from exc
            finally:
                closed.append(True)
            if not pending:
                raise PluginError(f"plug-in {plugin.name}, hook primero_register_variants: "
                                  "registered no variant; expected at least one VariantSpec",
                                  plugin=plugin.name, hook="primero_register_variants")
        except PluginError as exc:
            if not self._isolate:
                raise
            self._skip(plugin, exc, pending)
            return
        for spec in pending:
            self._specs[spec.name] = spec
            self._providers[spec.name] = plugin.name
            for key in (spec.name, *spec.aliases):
                self._names[key.lower()] = spec.name
        if plugin.distribution:
            self._distributions[plugin.name] = plugin.distribution

    def _skip(self, plugin: _Plugin, exc: PluginError, pending: list[VariantSpec]) -> None:
        reason = " ".join(str(exc).split())
        names = [plugin.name.lower()] + [k.lower() for s in pending for k in (s.name, *s.aliases)]
        names = [n for n in dict.fromkeys(names) if n not in self._names]
        self._broken[plugin.name] = BrokenPlugin(
            name=plugin.name, distribution=_resolved(plugin.distribution), reason=reason,
            variants=tuple(names))
        for name in names:
            self._broken_names.setdefault(name, plugin.name)
        own = f"plug-in {plugin.name}"  # the reason names the plug-in already: once is enough
        said = reason if reason.startswith((f"{own}:", f"{own},")) else f"{own}: {reason}"
        warnings.warn(f"primero: skipped the {said}", PluginWarning, stacklevel=4)

    def _registrar(self, plugin_name: str, pending: list[VariantSpec],
                   closed: list[bool]) -> Callable[[VariantSpec], None]:
        def register(spec: VariantSpec) -> None:
            if closed:
                raise PluginError(
                    f"plug-in {plugin_name!r} called register after primero_register_variants "
                    "returned; expected every variant registered inside the hook",
                    plugin=plugin_name, hook="primero_register_variants")
            if not isinstance(spec, VariantSpec):
                kind = f" ({type(spec).__name__})"  # shown's type suffix: the repr says it
                raise PluginError(
                    f"plug-in {plugin_name!r} registered {shown(spec).removesuffix(kind)}, "
                    "which is not a VariantSpec", plugin=plugin_name,
                    hook="primero_register_variants")
            problem = spec_problem(spec)
            if problem is None:  # the largest table, with the default options
                problem = table_problem(spec.configure())
            if problem is not None:
                raise PluginError(f"plug-in {plugin_name!r} registered an invalid variant: "
                                  f"{problem}", plugin=plugin_name,
                                  hook="primero_register_variants")
            mine = {k.lower(): s.name for s in pending for k in (s.name, *s.aliases)}
            for key in (spec.name, *spec.aliases):
                taken = self._names.get(key.lower())
                other = self._providers.get(taken, "") if taken else plugin_name
                taken = taken or mine.get(key.lower())
                if taken is not None:
                    raise PluginError(
                        f"variant name {key!r} registered twice: by plug-in {other!r} "
                        f"(variant {taken!r}) and by plug-in {plugin_name!r}",
                        plugin=plugin_name, hook="primero_register_variants")
            pending.append(spec)

        return register

    # queries --------------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Registered variant names, in registration order (every plug-in loaded)."""
        self._load_all()
        order, rank, providers = self._order, self._rank, self._providers

        def place(name: str) -> int:
            plugin = providers[name]
            return rank.get(plugin, len(rank) + order[plugin])

        return sorted(self._specs, key=place)  # stable: a plug-in's own order is kept

    def specs(self) -> list[VariantSpec]:
        """Registered variant specs, in registration order (every plug-in loaded)."""
        return [self._specs[name] for name in self.names()]

    def broken(self) -> list[BrokenPlugin]:
        """The installed plug-ins that were skipped, with their reasons, in load order."""
        self._load_all()
        return list(self._broken.values())

    def provider(self, spec: VariantSpec) -> str | None:
        """The name of the plug-in that registered ``spec`` (a module or entry-point name)."""
        if not isinstance(spec, VariantSpec) or self._find(spec.name) != spec.name \
                or self._specs.get(spec.name) != spec:
            return None
        return self._providers.get(spec.name)

    def distribution(self, spec: VariantSpec) -> str | None:
        """The installed distribution (``"name version"``) that provides ``spec``, if known."""
        provider = self.provider(spec)
        if provider is None:
            return None
        found = self._distributions.get(provider)
        if callable(found):
            found = self._distributions[provider] = found()
        return found

    def spec(self, name: str) -> VariantSpec:
        """The spec registered under ``name`` or an alias, in any case, spaces around ignored.

        Raises:
            UnknownVariantError: no such variant; the message lists the known ones.
            PluginError: the name belongs to a plug-in that was skipped; its reason.
        """
        found = self._find(name) if isinstance(name, str) else None
        if found is not None:
            return self._specs[found]
        broken = self._broken_names.get(name.strip().lower()) if isinstance(name, str) else None
        if broken is not None:
            raise PluginError(self._broken[broken].reason, plugin=broken)
        raise UnknownVariantError(
            f"unknown variant {named(name)}; known variants: {', '.join(self.names())}")

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._find(name) is not None

    def variant(self, name: str, **options: Any) -> Variant:
        """Configure the variant ``name`` with ``options`` (the rest at their defaults).

        The same name (as given) and option values (plain ``bool``, ``int`` or ``str``) give
        the same (immutable) variant object again, found by one look-up (the last
        :data:`~primero.variant.MADE_KEPT`; :func:`clear_caches` forgets them), and so do
        other spellings of the same name and options, through
        :meth:`~primero.variant.VariantSpec.configure`.

        Raises:
            UnknownVariantError: no such variant.
            PluginError: the variant's plug-in was skipped, or with these options its
                largest table does not fit its pack (:func:`table_problem`).
            InvalidOptionError: an unknown option or a bad value.
        """
        key: tuple[object, ...] | None = (name, *(
            (k, type(v), v) for k, v in options.items())) if all(
            type(v) in _PLAIN for v in options.values()) else None
        made = self._made.get(key) if key is not None else None
        if made is not None:
            return kept(made)  # the object configure gives too, even once it forgot it
        variant = self.spec(name).configure(**options)
        if options and variant not in self._fitting:
            problem = table_problem(variant)
            if problem is not None:
                raise PluginError(f"variant {variant}: {problem}",
                                  plugin=self.provider(variant.spec) or "")
            self._fitting.add(variant)
        if key is not None:
            with _made_lock:
                if len(self._made) >= MADE_KEPT:
                    del self._made[next(iter(self._made))]
                self._made[key] = variant
        return variant

    def forget_made(self) -> None:
        """Forget the variants :meth:`variant` gives again by name and options."""
        with _made_lock:
            self._made.clear()


def _given(plugin: object) -> Callable[[], object]:
    return lambda: plugin


def _entry_point_plugins() -> list[_Plugin]:
    """The third-party ``primero`` entry points (primero's own distribution has none)."""
    import importlib.metadata  # here only: importing it costs more than the rest of a lookup

    found: list[_Plugin] = []
    seen: set[str] = set()
    for dist in importlib.metadata.distributions():
        dist_name = dist.metadata["name"]
        if (dist_name or "").lower() == "primero":
            continue  # an older primero declared its built-ins as entry points too
        key = re.sub(r"[-_.]+", "-", dist_name or "").lower()
        if key in seen:  # listed twice (an .egg-info beside its .dist-info): the first
            continue  # on the path wins, as in importlib.metadata.entry_points()
        if key:
            seen.add(key)
        for ep in dist.entry_points:
            if ep.group == ENTRY_POINT_GROUP:
                found.append(_Plugin(ep.name, ep.load, f"{dist_name} {dist.version}",
                                     f"{ep.value!r}"))
    return found


_registry: Registry | None = None
_lock = threading.RLock()
_building = threading.local()


def _own_distribution() -> str | None:
    import importlib.metadata

    try:
        return f"primero {importlib.metadata.version('primero')}"
    except importlib.metadata.PackageNotFoundError:
        return None


def _check_not_building() -> None:
    if getattr(_building, "on", False):
        raise PluginError("a plug-in looked a variant up while registering its own: the "
                          "registry is not built yet")


#: The option value types :meth:`Registry.variant` keeps its variants by.
_PLAIN = (bool, int, str)
#: Guards the variants kept by :meth:`Registry.variant`.
_made_lock = threading.Lock()
#: Guards the cache of rules by variant.
_rules_lock = threading.Lock()
_rules_cache: dict[Variant, Rules] = {}


def rules_for(variant: Variant) -> Rules:
    """The cached :class:`Rules` of a configured variant (built on first use).

    The cache is keyed by the variant's identity: its spec (rule objects included), its
    options and its house rules, so two variants never share rules by accident.
    """
    rules = _rules_cache.get(variant)
    if rules is None:
        built = Rules(variant)  # outside the lock: no plug-in code runs under it
        with _rules_lock:
            rules = _rules_cache.setdefault(variant, built)
    return rules


def clear_caches() -> None:
    """Forget every cached :class:`~primero.plugins.rules.Rules`, ranking and configured variant.

    The next :func:`get_variant` makes a new variant object, whose rules and ranking are
    built again. Nothing that was equal before stops being equal: variants, rankings, hand
    values and states compare by value (a state made before equals its replay after).
    """
    with _rules_lock:
        _rules_cache.clear()
    clear_ranking_cache()
    forget_configured()
    found = _registry
    if found is not None:
        found.forget_made()


def registry() -> Registry:
    """The registry of installed variants, built on first use and cached.

    A plug-in that fails is skipped with a :class:`~primero.errors.PluginWarning` (see
    :meth:`Registry.broken`); the built-in variants always load. Nothing is imported here:
    a built-in variant's module is imported when the variant is first asked for, the other
    modules and the entry points when another name is asked for or the registry is listed
    (see the module docstring).

    Raises:
        PluginError: a plug-in looked variants up while the registry was being built (it
            is then skipped as broken), or a built-in variant is broken.
    """
    global _registry
    if _registry is not None:
        return _registry
    with _lock:
        if getattr(_building, "on", False):
            raise PluginError("a plug-in looked a variant up while registering its own: the "
                              "registry is not built yet")
        if _registry is None:
            autoload = os.environ.get(AUTOLOAD_ENV, "").strip() not in ("1", "true", "yes")
            _registry = Registry._lazy(BUILTIN_VARIANT_MODULES, BUILTIN_VARIANT_NAMES,
                                       entry_points=autoload, distribution=_own_distribution)
        return _registry


def reset_registry() -> None:
    """Forget the cached registry and rules (e.g. after installing a plug-in at run time)."""
    global _registry
    with _lock:
        _registry = None
    clear_caches()


def get_variant(name: str = "waks", **options: Any) -> Variant:
    """Return an installed variant configured with ``options``.

    Args:
        name: Variant name or alias, any case; default ``"waks"``.
        **options: Option values, e.g. ``supremus=False``.

    Raises:
        UnknownVariantError: no such variant; the message lists the known ones.
        PluginError: the variant's plug-in is broken (it was skipped); the reason.
        InvalidOptionError: an unknown option or a bad value, named in the message.
    """
    return registry().variant(name, **options)


def evaluate(cards: str | Iterable[Card | str],
             variant: str | Variant = "waks", **options: object) -> HandValue:
    """Evaluate a four-card hand.

    Args:
        cards: Four cards, as text (``"7s 6h Ad Kc"``) or any iterable of cards or their
            texts (a list, a tuple, a set, a generator).
        variant: A variant name (with ``options``) or a configured :class:`Variant`.
        **options: Variant options, e.g. ``supremus=False``, when ``variant`` is a name.

    Returns:
        The :class:`HandValue`: class, points, counting cards, and the ranking.

    Raises:
        CardParseError: a token is not a card, or ``cards`` is neither text nor an iterable
            (``None``, a number) or is bytes.
        InvalidDeckError: not four cards, a duplicate, or a card outside the variant's pack.
        UnknownVariantError: no such variant.
        InvalidOptionError: an unknown option or a bad value.
    """
    if isinstance(variant, str):
        variant = get_variant(variant, **options)
    elif not isinstance(variant, Variant):
        raise UnknownVariantError(
            f"variant must be a name or a configured Variant, got {type(variant).__name__}"
        )
    elif options:
        variant = variant.with_options(**options)
    return variant.ranking.evaluate(cards if isinstance(cards, str) else parse_cards(cards))


def resolve_variant(variant: str | Variant, options: Mapping[str, Any] | None = None) -> Variant:
    """A configured variant from a variant, a name, or ``"name:key=value,key=value"``.

    The text form is the one ``primero simulate --variant`` and ``primero compare`` read
    (and :func:`primero.simulation.simulate`, which re-exports this function).

    Args:
        variant: A :class:`~primero.variant.Variant`, a registered name or alias, or a name
            with options after a colon, e.g. ``"waks:supremus=false,tie=split"`` (a ``-`` in a
            key reads as ``_``; values are read as on the command line).
        options: More options (they win over those in the text).

    Raises:
        UnknownVariantError: no such variant, or ``variant`` neither a variant nor a text
            (say, an agent given where the variant goes).
        InvalidOptionError: a malformed, unknown or badly valued option, or one given twice
            in the text.
    """
    if isinstance(variant, Variant):
        return variant.with_options(**options) if options else variant
    if not isinstance(variant, str):
        raise UnknownVariantError(f"a variant is a Variant or its name, got "
                                  f"{type(variant).__name__} {variant!r:.60}")
    name, _, text = variant.partition(":")
    items = filter(None, (part.strip() for part in text.split(",")))
    given: dict[str, Any] = {
        key: parse_option_value(value)
        for key, value in option_items(items, where=f" in {named(variant)}",
                                       expected="name:key=value,key=value").items()
    }
    given.update(options or {})
    return get_variant(name.strip(), **given)
