"""The variant registry: every installed variant, found once, validated, broken ones isolated.

* :func:`registry` finds every installed variant: the built-in variant modules
  (:data:`BUILTIN_VARIANT_MODULES`, registered in the library, not through entry points), then
  third-party plug-ins found through the ``primero`` entry-point group (unless the
  environment variable ``PRIMERO_DISABLE_PLUGIN_AUTOLOAD=1`` is set), each asked through
  ``primero_register_variants``.
* Every registration is validated (:func:`spec_problem`): names, player ranges, options,
  hook names of its rule objects. An installed plug-in that fails to import, register or
  validate is skipped with a :class:`~primero.errors.PluginWarning`; it is listed by
  :meth:`Registry.broken`, asking for one of its variants raises its
  :class:`~primero.errors.PluginError`, and everything else works.
* The registry, not the spec, knows who provides a variant (:meth:`Registry.provider`,
  :meth:`Registry.distribution`).
* A configured variant's rules are the checked façade of :mod:`primero.facade`
  (:class:`Rules`, re-exported here).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
import threading
import warnings
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from attrs import frozen

from primero import hookspecs
from primero.errors import (
    InvalidOptionError,
    PluginError,
    PluginWarning,
    UnknownVariantError,
)
from primero.facade import (
    Rules,
    clear_caches,
    hook_name_problem,
    new_manager,
    plugin_label,
    register_plugin,
    rules_for,
)
from primero.variant import Variant, VariantSpec

__all__ = [
    "AUTOLOAD_ENV",
    "BUILTIN_VARIANT_MODULES",
    "ENTRY_POINT_GROUP",
    "MAX_PLAYERS",
    "BrokenPlugin",
    "Registry",
    "Rules",
    "get_variant",
    "registry",
    "reset_registry",
    "rules_for",
    "spec_problem",
]

#: The entry-point group third-party plug-ins register under.
ENTRY_POINT_GROUP = hookspecs.PROJECT
#: Set this environment variable to ``1`` to skip loading entry-point plug-ins.
AUTOLOAD_ENV = "PRIMERO_DISABLE_PLUGIN_AUTOLOAD"
#: The built-in variant modules, registered as plug-ins under their module names. This tuple
#: is the one way they are registered (primero declares no entry points of its own).
BUILTIN_VARIANT_MODULES: tuple[str, ...] = tuple(
    f"primero.variants.{name}"
    for name in ("waks", "cardano", "suzuki", "roman", "losing", "primiera", "revival")
)
#: The most players a variant may declare.
MAX_PLAYERS = 12
#: Words a variant or option name may not be: they are action verbs in deal files.
ACTION_VERBS = frozenset(("vie", "hold", "raise", "pass", "fold", "exchange", "call",
                          "declare"))
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name_problem(what: str, name: object, verbs: bool = True) -> str | None:
    if not isinstance(name, str) or not _WORD.fullmatch(name):
        return (f"{what} {name!r} is not one word (letters, digits, '-', '_', '.'; no "
                "spaces)")
    if verbs and name.lower() in ACTION_VERBS:
        return f"{what} {name!r} is an action verb; choose another name"
    return None


def spec_problem(spec: VariantSpec) -> str | None:
    """What is wrong with a registration, or ``None``.

    Checks the name and aliases (one word, not an action verb), the player range
    (``2 <= low <= high <=`` :data:`MAX_PLAYERS`), the ante (whole, not negative), the
    options (one-word distinct names, a default among the allowed values), and the hook
    names of every rule object (:func:`primero.facade.hook_name_problem`).
    """
    for what, name in (("variant name", spec.name), *(("alias", a) for a in spec.aliases)):
        problem = _name_problem(what, name)
        if problem:
            return problem
    players = spec.players
    if (not isinstance(players, tuple) or len(players) != 2
            or not all(_whole(p) for p in players)
            or not 2 <= players[0] <= players[1] <= MAX_PLAYERS):
        return (f"players {players!r}: expected (low, high) with 2 <= low <= high <= "
                f"{MAX_PLAYERS}")
    if not _whole(spec.ante) or spec.ante < 0:
        return f"ante {spec.ante!r}: expected whole chips, not negative"
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
        try:
            option.validate(option.default)
        except InvalidOptionError:
            return (f"option {option.name!r}: default {option.default!r} is not among its "
                    f"allowed values ({option.allowed()})")
    for rules in spec.plugins:
        problem = hook_name_problem(rules)
        if problem:
            return f"rule object {plugin_label(rules)}: {problem}"
    return None


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


class _Plugin:
    """One plug-in to register: its name, how to get it, its distribution."""

    def __init__(self, name: str, load: Callable[[], object], distribution: str | None,
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
        self._distributions: dict[str, str] = {}
        self._broken: dict[str, BrokenPlugin] = {}
        self._broken_names: dict[str, str] = {}
        self._isolate = isolate
        todo = [
            _Plugin(p.__name__ if isinstance(p, ModuleType) else plugin_label(p),
                    _given(p), distribution)
            for p in plugins
        ]
        if entry_points:
            todo += _entry_point_plugins()
        for plugin in todo:
            self._add(plugin)

    # building -------------------------------------------------------------------------------

    def _add(self, plugin: _Plugin) -> None:
        pending: list[VariantSpec] = []
        try:
            if plugin.name in self._distributions or plugin.name in self._broken \
                    or plugin.name in self._providers.values():
                raise PluginError(f"plug-in name {plugin.name!r} is taken by another plug-in",
                                  plugin=plugin.name)
            try:
                obj = plugin.load()
            except Exception as exc:
                raise PluginError(
                    f"plug-in {plugin.name}: importing {plugin.origin} failed: "
                    f"{type(exc).__name__}: {' '.join(str(exc).split())}",
                    plugin=plugin.name) from exc
            pm = new_manager()
            register_plugin(pm, obj, plugin.name)
            register = self._registrar(plugin.name, pending)
            for impl in pm.hook.primero_register_variants.get_hookimpls():
                try:
                    impl.function(register=register)
                except PluginError:
                    raise
                except Exception as exc:
                    raise PluginError(
                        f"plug-in {plugin.name}, hook primero_register_variants: raised "
                        f"{type(exc).__name__}: {' '.join(str(exc).split())}",
                        plugin=plugin.name, hook="primero_register_variants") from exc
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
            name=plugin.name, distribution=plugin.distribution, reason=reason,
            variants=tuple(names))
        for name in names:
            self._broken_names.setdefault(name, plugin.name)
        warnings.warn(f"primero: skipped the plug-in {plugin.name}: {reason}", PluginWarning,
                      stacklevel=4)

    def _registrar(self, plugin_name: str, pending: list[VariantSpec]) \
            -> Callable[[VariantSpec], None]:
        def register(spec: VariantSpec) -> None:
            if not isinstance(spec, VariantSpec):
                raise PluginError(
                    f"plug-in {plugin_name!r} registered {spec!r}, which is not a VariantSpec",
                    plugin=plugin_name, hook="primero_register_variants")
            problem = spec_problem(spec)
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
        """Registered variant names, in registration order."""
        return list(self._specs)

    def specs(self) -> list[VariantSpec]:
        """Registered variant specs, in registration order."""
        return list(self._specs.values())

    def broken(self) -> list[BrokenPlugin]:
        """The installed plug-ins that were skipped, with their reasons, in load order."""
        return list(self._broken.values())

    def provider(self, spec: VariantSpec) -> str | None:
        """The name of the plug-in that registered ``spec`` (a module or entry-point name)."""
        if self._specs.get(spec.name) != spec:
            return None
        return self._providers.get(spec.name)

    def distribution(self, spec: VariantSpec) -> str | None:
        """The installed distribution (``"name version"``) that provides ``spec``, if known."""
        provider = self.provider(spec)
        return None if provider is None else self._distributions.get(provider)

    def spec(self, name: str) -> VariantSpec:
        """The spec registered under ``name`` or an alias, case-insensitively.

        Raises:
            UnknownVariantError: no such variant; the message lists the known ones.
            PluginError: the name belongs to a plug-in that was skipped; its reason.
        """
        try:
            return self._specs[self._names[name.lower()]]
        except (KeyError, AttributeError):
            broken = self._broken_names.get(name.lower()) if isinstance(name, str) else None
            if broken is not None:
                exc = self._broken[broken]
                raise PluginError(exc.reason, plugin=broken) from None
            raise UnknownVariantError(
                f"unknown variant {name!r}; known variants: {', '.join(self._specs)}"
            ) from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._names

    def variant(self, name: str, **options: Any) -> Variant:
        """Configure the variant ``name`` with ``options`` (the rest at their defaults).

        Raises:
            UnknownVariantError: no such variant.
            PluginError: the variant's plug-in was skipped.
            InvalidOptionError: an unknown option or a bad value.
        """
        return self.spec(name).configure(**options)


def _given(plugin: object) -> Callable[[], object]:
    return lambda: plugin


def _entry_point_plugins() -> list[_Plugin]:
    """The third-party ``primero`` entry points (primero's own distribution has none)."""
    found: list[_Plugin] = []
    for dist in importlib.metadata.distributions():
        dist_name = dist.metadata["name"]
        if (dist_name or "").lower() == "primero":
            continue  # an older primero declared its built-ins as entry points too
        for ep in dist.entry_points:
            if ep.group == ENTRY_POINT_GROUP:
                found.append(_Plugin(ep.name, ep.load, f"{dist_name} {dist.version}",
                                     f"{ep.value!r}"))
    return found


_registry: Registry | None = None
_lock = threading.RLock()
_building = threading.local()


def _own_distribution() -> str | None:
    try:
        return f"primero {importlib.metadata.version('primero')}"
    except importlib.metadata.PackageNotFoundError:
        return None


def registry() -> Registry:
    """The registry of installed variants, built on first use and cached.

    A plug-in that fails is skipped with a :class:`~primero.errors.PluginWarning` (see
    :meth:`Registry.broken`); the built-in variants always load.

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
            _building.on = True
            try:
                modules = [importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]
                autoload = os.environ.get(AUTOLOAD_ENV, "").strip() not in ("1", "true", "yes")
                built = Registry(modules, distribution=_own_distribution())
                if autoload:
                    for plugin in _entry_point_plugins():
                        built._isolate = True
                        built._add(plugin)
                _registry = built
            finally:
                _building.on = False
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
