"""Registering plug-ins and rule objects with pluggy, their hook names checked (issue 16).

:func:`new_manager` makes a plug-in manager that knows every hook of
:mod:`primero.hookspecs`; :func:`register_plugin` registers a plug-in or rule object after
checking its hook names (:func:`hook_name_problem`: a ``primero_*`` attribute that is no hook,
a misspelling, or is not marked ``@hookimpl``, and a ``@hookimpl(specname=...)`` that names
no hook, are errors naming the closest real hook) and
turns pluggy's refusals into one-line :class:`~primero.errors.PluginError` messages;
:func:`plugin_label` names a plug-in by its distribution or module. The checked calls of the
registered hooks are :mod:`primero.facade`'s.
"""

from __future__ import annotations

import functools
import inspect
import re
from types import ModuleType

import pluggy

from primero import hookspecs
from primero.errors import PluginError
from primero.rules.core import CORE_RULES

__all__ = ["HOOK_NAMES", "distribution_of", "hook_name_problem", "new_manager", "plugin_label",
           "register_plugin"]

#: How errors name the core rules.
_CORE_LABEL = "primero.rules.core.WaksRules"
#: Every hook name of :mod:`primero.hookspecs`.
HOOK_NAMES: frozenset[str] = frozenset(n for n in vars(hookspecs) if n.startswith("primero_"))


def new_manager() -> pluggy.PluginManager:
    """A plug-in manager that knows every primero hook."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


@functools.cache
def _distributions() -> dict[str, list[str]]:
    import importlib.metadata  # here only: a cold start that never asks does not import it

    return dict(importlib.metadata.packages_distributions())


@functools.cache
def distribution_of(module: str) -> str | None:
    """``"name version"`` of the installed distribution providing ``module``, if any."""
    import importlib.metadata

    top = module.partition(".")[0]
    names = _distributions().get(top)
    if not names and top != hookspecs.PROJECT:  # an editable install lists no modules: its
        # entry points name them (the library's own rule objects keep their bare names)
        names = [ep.dist.name for ep in importlib.metadata.entry_points(group=hookspecs.PROJECT)
                 if ep.dist is not None and ep.module.partition(".")[0] == top][:1]
    if not names:
        return None
    try:
        return f"{names[0]} {importlib.metadata.version(names[0])}"
    except importlib.metadata.PackageNotFoundError:
        return None


def plugin_label(plugin: object) -> str:
    """How an error names a plug-in: its module or rule class, with its distribution."""
    if plugin is CORE_RULES:
        return _CORE_LABEL
    if isinstance(plugin, ModuleType):
        where = plugin.__name__
    else:
        cls = type(plugin)
        where = f"{cls.__module__}.{cls.__qualname__}"
    dist = distribution_of(where)
    return f"{where} ({dist})" if dist else where


def hook_name_problem(plugin: object, *, need_hooks: bool = False) -> str | None:
    """Why ``plugin``'s hooks are not primero hooks, or ``None``.

    A hook is named by its ``@hookimpl(specname=...)`` when it has one (pluggy's
    ``HookimplOpts``), else by its attribute name. Refused: a marked hook whose name (or
    specname) is no primero hook, and a ``primero_*`` attribute that is no hook or is not
    marked ``@hookimpl`` (unless it is marked with a specname that is one).

    Args:
        plugin: A module or rule object.
        need_hooks: It must implement at least one hook (an entry-point module).
    """
    return _hook_fault(plugin, need_hooks=need_hooks)[1]


def _closest(name: str) -> str:
    import difflib  # here only: the hint of a fault, not the cold path

    close = difflib.get_close_matches(name, HOOK_NAMES, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _hook_fault(plugin: object, *, need_hooks: bool = False) -> tuple[str, str | None]:
    """``(hook named, problem)`` of :func:`hook_name_problem` (``("", None)``: sound)."""
    marker = f"{hookspecs.PROJECT}_impl"
    hooks = 0
    unmarked: list[str] = []
    for name in dir(plugin):
        try:  # what pluggy reads when it registers the plug-in (PluginManager.parse_hookimpl_opts)
            attr = getattr(plugin, name)
            opts = getattr(attr, marker, None) if inspect.isroutine(attr) else None
        except Exception:
            continue
        if not isinstance(opts, dict):
            if name.startswith("primero_"):
                unmarked.append(name)
            continue
        hooks += 1
        specname = opts.get("specname")
        hook = specname or name
        if hook not in HOOK_NAMES:
            what = f"{name} (specname {hook})" if specname else name
            return hook, f"{what} is not a primero hook{_closest(hook)}"
    for name in unmarked:
        if name not in HOOK_NAMES:
            return name, f"{name} is not a primero hook{_closest(name)}"
        return name, f"{name} is not marked @hookimpl (from primero import hookimpl)"
    if need_hooks and not hooks:
        return "", "it implements no primero hook (expected primero_register_variants)"
    return "", None


def register_plugin(pm: pluggy.PluginManager, plugin: object, name: str | None = None) -> None:
    """Register ``plugin`` after checking its hook names.

    Raises:
        PluginError: an unknown or unmarked ``primero_*`` name, or pluggy refused it (a
            signature that does not match the hook); the message names the plug-in.
    """
    hook, problem = _hook_fault(plugin, need_hooks=isinstance(plugin, ModuleType))
    if problem is None:
        try:
            pm.register(plugin, name=name)
            return
        except Exception as exc:  # pluggy: ValueError or PluginValidationError
            problem = _registration_problem(exc, pm)
            hook = problem.split()[0].rstrip(":") if problem.startswith("primero_") else ""
    label = name or plugin_label(plugin)  # only on a fault: it may read the installed metadata
    raise PluginError(f"plug-in {label}: {problem}", plugin=label, hook=hook)


#: pluggy's refusal of a hook implementation: "Plugin '<id>' for hook '<hook>'" and the reason.
_PLUGGY_REFUSAL = r"(?s)^Plugin '[^']*' for hook '(?P<hook>[^']+)'\s*(?P<rest>.*)$"  # re caches it


def _registration_problem(exc: Exception, pm: pluggy.PluginManager) -> str:
    """The refusal of pluggy in one line naming the hook, without its internal plug-in id."""
    text = " ".join(str(exc).split())
    match = re.match(_PLUGGY_REFUSAL, text)
    if match is None:
        return text
    hook = match["hook"]
    rest = match["rest"].replace("hookimpl definition: ", "the implementation ")
    caller = getattr(pm.hook, hook, None)
    spec = getattr(caller, "spec", None)
    if spec is not None:
        rest += f" (the hook passes {', '.join(spec.argnames) or 'nothing'})"
    return f"{hook}: {rest}"
