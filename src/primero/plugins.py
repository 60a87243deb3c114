"""The one module that talks to pluggy: the variant registry and each variant's rules.

* :func:`registry` finds every installed variant: the built-in variant modules, then plug-ins
  found through the ``primero`` entry-point group (unless the environment variable
  ``PRIMERO_DISABLE_PLUGIN_AUTOLOAD=1`` is set), each asked through
  ``primero_register_variants``.
* :func:`rules_for` builds (once, cached) the plug-in manager of a configured variant — the
  core Waks rules ``trylast``, the variant's own rule objects, any house rules on top — and
  wraps it in :class:`Rules`, a typed façade the rest of the library calls.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import os
import threading
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

import pluggy
from attrs import evolve

from primero import hookspecs
from primero.errors import PluginError, UnknownVariantError
from primero.hands import Classification, Ranking
from primero.variant import Variant, VariantSpec

if TYPE_CHECKING:
    from primero.action_space import ActionBlock
    from primero.actions import Action
    from primero.cards import Card, Pack
    from primero.settlement import Settlement
    from primero.state import GameState, Step, Table

__all__ = [
    "AUTOLOAD_ENV",
    "BUILTIN_VARIANT_MODULES",
    "ENTRY_POINT_GROUP",
    "Registry",
    "Rules",
    "get_variant",
    "registry",
    "reset_registry",
    "rules_for",
]

#: The entry-point group third-party plug-ins register under.
ENTRY_POINT_GROUP = hookspecs.PROJECT
#: Set this environment variable to ``1`` to skip loading entry-point plug-ins.
AUTOLOAD_ENV = "PRIMERO_DISABLE_PLUGIN_AUTOLOAD"
#: The built-in variant modules, registered as plug-ins under their module names.
BUILTIN_VARIANT_MODULES: tuple[str, ...] = tuple(
    f"primero.variants.{name}"
    for name in ("waks", "cardano", "suzuki", "roman", "losing", "primiera", "revival")
)

_CORE_RULES_MODULE = "primero.variants.waks"


def _new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


# --------------------------------------------------------------------------------------------
# The registry


class Registry:
    """Every installed variant, by name and alias (case-insensitive).

    Build it with :func:`registry`; ``Registry(plugins)`` builds one from explicit plug-ins
    (modules or objects with a ``primero_register_variants`` hook), for tests.
    """

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = False) -> None:
        self._specs: dict[str, VariantSpec] = {}
        self._names: dict[str, str] = {}
        pm = _new_manager()
        for plugin in plugins:
            name = plugin.__name__ if isinstance(plugin, ModuleType) else None
            try:
                pm.register(plugin, name=name)
            except ValueError as exc:
                raise PluginError(f"cannot register plug-in {name or plugin!r}: {exc}") from exc
        self._distributions: dict[str, str] = {}
        if entry_points:
            self._load_entry_points(pm)
        for impl in pm.hook.primero_register_variants.get_hookimpls():
            impl.function(register=self._registrar(impl.plugin_name))

    def _load_entry_points(self, pm: pluggy.PluginManager) -> None:
        # pluggy's load_setuptools_entrypoints refuses a module that is already registered
        # under another name, which is what primero's own entry point for a built-in variant
        # module may be; such an entry point (or one named like a registered plug-in) only
        # records the distribution.
        for dist in importlib.metadata.distributions():
            for ep in dist.entry_points:
                if ep.group != ENTRY_POINT_GROUP or pm.is_blocked(ep.name):
                    continue
                if pm.has_plugin(ep.name):
                    self._distributions.setdefault(
                        ep.name, f"{dist.metadata['name']} {dist.version}")
                    continue
                try:
                    plugin = ep.load()
                except Exception as exc:
                    raise PluginError(
                        f"loading the {ENTRY_POINT_GROUP!r} entry point {ep.name!r} "
                        f"({ep.value}) failed: {exc}"
                    ) from exc
                if not pm.is_registered(plugin):
                    try:
                        pm.register(plugin, name=ep.name)
                    except ValueError as exc:
                        raise PluginError(
                            f"cannot register the entry point {ep.name!r} ({ep.value}): {exc}"
                        ) from exc
                name = pm.get_name(plugin)
                if name is not None:
                    self._distributions[name] = f"{dist.metadata['name']} {dist.version}"

    def _registrar(self, plugin_name: str) -> Callable[[VariantSpec], None]:
        def register(spec: VariantSpec) -> None:
            if not isinstance(spec, VariantSpec):
                raise PluginError(
                    f"plug-in {plugin_name!r} registered {spec!r}, which is not a VariantSpec"
                )
            spec = evolve(spec, provider=plugin_name)
            for key in (spec.name, *spec.aliases):
                taken = self._names.get(key.lower())
                if taken is not None:
                    other = self._specs[taken].provider
                    raise PluginError(
                        f"variant name {key!r} registered twice: by plug-in {other!r} "
                        f"(variant {taken!r}) and by plug-in {plugin_name!r}"
                    )
            self._specs[spec.name] = spec
            for key in (spec.name, *spec.aliases):
                self._names[key.lower()] = spec.name

        return register

    def names(self) -> list[str]:
        """Registered variant names, in registration order."""
        return list(self._specs)

    def specs(self) -> list[VariantSpec]:
        """Registered variant specs, in registration order."""
        return list(self._specs.values())

    def distribution(self, spec: VariantSpec) -> str | None:
        """The installed distribution (``"name version"``) that provides ``spec``, if known."""
        return self._distributions.get(spec.provider)

    def spec(self, name: str) -> VariantSpec:
        """The spec registered under ``name`` or an alias, case-insensitively.

        Raises:
            UnknownVariantError: no such variant; the message lists the known ones.
        """
        try:
            return self._specs[self._names[name.lower()]]
        except (KeyError, AttributeError):
            raise UnknownVariantError(
                f"unknown variant {name!r}; known variants: {', '.join(self._specs)}"
            ) from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._names

    def variant(self, name: str, **options: Any) -> Variant:
        """Configure the variant ``name`` with ``options`` (the rest at their defaults).

        Raises:
            UnknownVariantError: no such variant.
            InvalidOptionError: an unknown option or a bad value.
        """
        return self.spec(name).configure(**options)


_registry: Registry | None = None
_lock = threading.Lock()


def registry() -> Registry:
    """The registry of installed variants, built on first use and cached.

    Raises:
        PluginError: a plug-in failed to load or registered a name that is taken.
    """
    global _registry
    with _lock:
        if _registry is None:
            modules = [importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]
            autoload = os.environ.get(AUTOLOAD_ENV, "").strip() not in ("1", "true", "yes")
            _registry = Registry(modules, entry_points=autoload)
        return _registry


def reset_registry() -> None:
    """Forget the cached registry and rules (e.g. after installing a plug-in at run time)."""
    global _registry
    with _lock:
        _registry = None
        _rules_cache.clear()
        _ranking_cache.clear()


def get_variant(name: str = "waks", **options: Any) -> Variant:
    """Return an installed variant configured with ``options``.

    Args:
        name: Variant name or alias, any case; default ``"waks"``.
        **options: Option values, e.g. ``supremus=False``.

    Raises:
        UnknownVariantError: no such variant; the message lists the known ones.
        InvalidOptionError: an unknown option or a bad value, named in the message.
    """
    return registry().variant(name, **options)


# --------------------------------------------------------------------------------------------
# Rules: a variant's plug-in manager behind typed calls


def _firstresult_caller(pm: pluggy.PluginManager, name: str,
                        variant: Variant | None = None) -> Callable[..., Any]:
    """A fast caller for a ``firstresult`` hook: the implementations called directly.

    Same order and semantics as pluggy's own call (last registered first, ``tryfirst`` /
    ``trylast`` respected, the first non-``None`` result wins), resolved once: the caller is
    generated code that calls each implementation positionally, with ``variant`` bound when
    given (then the caller takes the hook's other arguments by keyword). Falls back to
    pluggy's call when a wrapper is registered, so wrappers keep working.
    """
    caller = getattr(pm.hook, name)
    impls = caller.get_hookimpls()
    if any(i.hookwrapper or i.wrapper for i in impls):
        if variant is None:
            return cast(Callable[..., Any], caller)
        bound_variant = variant
        return lambda **kwargs: caller(variant=bound_variant, **kwargs)
    spec = getattr(hookspecs, name)
    params = [p for p in inspect.signature(spec).parameters if p != "variant" or variant is None]
    lines = [f"def call({', '.join(params)}):"]
    namespace: dict[str, Any] = {"variant": variant}
    for k, impl in enumerate(reversed(impls)):
        namespace[f"f{k}"] = impl.function
        lines += [f"    r = f{k}({', '.join(impl.argnames)})", "    if r is not None:",
                  "        return r"]
    lines.append("    return None")
    exec("\n".join(lines), namespace)  # generated from the hook's own implementations
    return cast(Callable[..., Any], namespace["call"])


class Rules:
    """A configured variant's rules: its plug-in manager behind typed methods.

    Get it as ``variant.rules``. Every method calls one ``firstresult`` hook (see
    :mod:`primero.hookspecs`) and raises :class:`~primero.errors.PluginError` if no plug-in
    answers.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        pm = _new_manager()
        core = importlib.import_module(_CORE_RULES_MODULE)
        plugins: list[object] = [core.CORE_RULES, *variant.spec.plugins, *variant.house_rules]
        self._plugins = tuple(plugins)
        for plugin in plugins:
            try:
                pm.register(plugin)
            except ValueError as exc:
                raise PluginError(
                    f"variant {variant.name!r}: cannot register rules {plugin!r}: {exc}"
                ) from exc
        self.manager = pm
        self._callers: dict[str, Callable[..., Any]] = {}
        self._pack: Pack | None = None
        self._ranking: Ranking | None = None
        self._plan: tuple[Step, ...] | None = None
        self._legal_caller: Callable[..., Any] | None = None
        self._apply_caller: Callable[..., Any] | None = None

    def _call(self, name: str, **kwargs: Any) -> Any:
        caller = self._callers.get(name)
        if caller is None:
            caller = self._bind(name)
        result = caller(**kwargs)
        if result is None:
            raise PluginError(f"variant {self.variant.name!r}: no plug-in answered {name}")
        return result

    def _bind(self, name: str) -> Callable[..., Any]:
        """The caller of hook ``name``, resolved once (see :func:`_firstresult_caller`)."""
        caller = self._callers.get(name)
        if caller is None:
            caller = self._callers[name] = _firstresult_caller(self.manager, name, self.variant)
        return caller

    def _answer(self, name: str) -> PluginError:
        return PluginError(f"variant {self.variant.name!r}: no plug-in answered {name}")

    # ranking --------------------------------------------------------------------------------

    @property
    def pack(self) -> Pack:
        """The variant's pack (``primero_pack``), cached."""
        if self._pack is None:
            self._pack = cast("Pack", self._call("primero_pack"))
        return self._pack

    def card_points(self, card: Card) -> int:
        """Points of one card (``primero_card_points``)."""
        return cast(int, self._call("primero_card_points", card=card))

    @property
    def ranking(self) -> Ranking:
        """The variant's :class:`~primero.hands.Ranking` (table built lazily), cached.

        Variants whose rule objects are the same and whose ranking options agree share one
        ranking (options declared ``affects_ranking=False`` do not count).
        """
        if self._ranking is None:
            variant = self.variant
            affects = {o.name: o.affects_ranking for o in variant.spec.options}
            key = (
                self._plugins,
                tuple((k, v) for k, v in variant.settings if affects.get(k, True)),
            )
            with _lock:
                ranking = _ranking_cache.get(key)
                if ranking is None:
                    ranking = _ranking_cache[key] = self._build_ranking()
            self._ranking = ranking
        return self._ranking

    def _build_ranking(self) -> Ranking:
        pack = self.pack
        points = {card: self.card_points(card) for card in pack}
        classes = cast(tuple[str, ...], self._call("primero_hand_classes"))
        classify_caller = _firstresult_caller(self.manager, "primero_classify_hand")
        order_caller = _firstresult_caller(self.manager, "primero_hand_order")
        variant = self.variant

        def classify(hand: tuple[Card, ...]) -> Classification:
            result = classify_caller(variant=variant, cards=hand, points=points)
            if not isinstance(result, Classification):
                raise PluginError(
                    f"variant {variant.name!r}: primero_classify_hand returned {result!r}"
                )
            return result

        def order(classification: Classification) -> tuple[int, ...]:
            key = order_caller(variant=variant, classification=classification, classes=classes)
            if key is None:
                raise PluginError(f"variant {variant.name!r}: no primero_hand_order answer")
            return cast(tuple[int, ...], key)

        return Ranking(
            name=str(variant), pack=pack, classes=classes, points=points,
            classify=classify, order=order, variant=variant,
        )

    # dealing --------------------------------------------------------------------------------

    def deal_plan(self) -> tuple[Step, ...]:
        """The steps of one deal (``primero_deal_plan``)."""
        return cast("tuple[Step, ...]", self._call("primero_deal_plan"))

    @property
    def plan(self) -> tuple[Step, ...]:
        """The steps of one deal (``primero_deal_plan``), asked once and cached."""
        plan = self._plan
        if plan is None:
            plan = self._plan = self.deal_plan()
        return plan

    def deal_cards(self, state: GameState, count: int) -> GameState:
        """Deal ``count`` cards to each player still in (``primero_deal_cards``)."""
        return cast("GameState", self._call("primero_deal_cards", state=state, count=count))

    def serve_exchange(self, state: GameState, seat: int, discards: tuple[Card, ...]) \
            -> GameState:
        """Serve an exchange (``primero_serve_exchange``)."""
        return cast("GameState", self._call("primero_serve_exchange", state=state, seat=seat,
                                            discards=discards))

    # betting --------------------------------------------------------------------------------

    def start_step(self, state: GameState, step: Step) -> GameState:
        """Enter a step that is not a deal (``primero_start_step``)."""
        return cast("GameState", self._call("primero_start_step", state=state, step=step))

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """The legal actions of the seat to act (``primero_legal_actions``)."""
        caller = self._legal_caller
        if caller is None:
            caller = self._legal_caller = self._bind("primero_legal_actions")
        result = caller(state=state)
        if result is None:
            raise self._answer("primero_legal_actions")
        return cast("tuple[Action, ...]", result)

    def illegal_reason(self, state: GameState, action: Action) -> str:
        """Why ``action`` is illegal (``primero_illegal_reason``)."""
        return cast(str, self._call("primero_illegal_reason", state=state, action=action))

    def apply_action(self, state: GameState, action: Action) -> GameState:
        """Apply a legal action (``primero_apply_action``)."""
        caller = self._apply_caller
        if caller is None:
            caller = self._apply_caller = self._bind("primero_apply_action")
        result = caller(state=state, action=action)
        if result is None:
            raise self._answer("primero_apply_action")
        return cast("GameState", result)

    def end_step(self, state: GameState, step: Step) -> GameState:
        """Close a step (``primero_end_step``)."""
        return cast("GameState", self._call("primero_end_step", state=state, step=step))

    def action_blocks(self, table: Table) -> tuple[ActionBlock, ...]:
        """Every block the plug-ins add to the action space (``primero_action_blocks``)."""
        results = self.manager.hook.primero_action_blocks(variant=self.variant, table=table)
        return tuple(block for blocks in results if blocks for block in blocks)

    # settling -------------------------------------------------------------------------------

    def settle(self, state: GameState) -> Settlement:
        """Settle a finished deal (``primero_settle``)."""
        return cast("Settlement", self._call("primero_settle", state=state))


_rules_cache: dict[Variant, Rules] = {}
_ranking_cache: dict[tuple[object, ...], Ranking] = {}


def rules_for(variant: Variant) -> Rules:
    """The cached :class:`Rules` of a configured variant (built on first use)."""
    rules = _rules_cache.get(variant)
    if rules is None:
        with _lock:
            rules = _rules_cache.get(variant)
            if rules is None:
                rules = _rules_cache[variant] = Rules(variant)
    return rules
