"""The one module that drives pluggy: plug-in managers, registration, fast hook callers.

:func:`new_manager` makes a plug-in manager that knows every hook of :mod:`primero.hookspecs`;
:func:`register_plugin` registers a plug-in or rule object after checking its hook names
(:func:`hook_name_problem`: a ``primero_*`` attribute that is no hook, a misspelling, or is not
marked ``@hookimpl``, and a ``@hookimpl(specname=...)`` that names no hook, are errors naming
the closest real hook) and turns pluggy's refusals into one-line
:class:`~primero.errors.PluginError` messages; :func:`plugin_label` names a plug-in by its
distribution or module.

:func:`firstresult_caller` resolves a hook's implementations once into generated code that
calls them in pluggy's order (through pluggy when a wrapper is registered); :func:`raised` is
the :class:`~primero.errors.PluginError` of a plug-in's hook that raised; :func:`core_alone`
tells a hook only the core implements (:func:`is_core`). :func:`hook_watchdog` bounds a hook
call in the command line. :func:`answer_wrapper` writes a hook wrapper that only works on the
answer below it as a plain function, which :class:`AroundCaller` calls without a generator.
The checked calls of the hooks are :mod:`primero.plugins.ranking`' and
:mod:`primero.plugins.deal`'s.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast, overload

import attrs
import pluggy

from primero import hookspecs
from primero.cards import Card
from primero.errors import (
    PLUGIN_FAULTS,
    IllegalActionError,
    PluginError,
    PrimeroError,
    exception_text,
)

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = [
    "DELIBERATE_ERRORS",
    "HOOK_NAMES",
    "LIBRARY_VARIANTS",
    "RULES_HOOKS",
    "AroundCaller",
    "answer_wrapper",
    "around_core_caller",
    "core_alone",
    "deliberate_errors_problem",
    "describe",
    "distribution_of",
    "firstresult_caller",
    "hook_name_problem",
    "int_not_bool",
    "is_core",
    "is_library_rule",
    "module_of",
    "new_manager",
    "passes_through",
    "plugin_label",
    "raised",
    "raisers",
    "register_plugin",
    "shown",
    "wrappers_leave_alone",
]


#: How errors name the core rules.
#: Every hook name of :mod:`primero.hookspecs`.
HOOK_NAMES: frozenset[str] = frozenset(n for n in vars(hookspecs) if n.startswith("primero_"))
#: The rules hooks (every hook but registration and the action blocks), sorted.
RULES_HOOKS: tuple[str, ...] = tuple(sorted(HOOK_NAMES - {"primero_register_variants",
                                                          "primero_action_blocks"}))
#: The core's rule classes (:mod:`primero.rules`), by module and name.
_CORE_CLASSES = frozenset((("primero.rules.ranking", "CoreRanking"),
                           ("primero.rules.dealing", "CoreDealing"),
                           ("primero.rules.betting", "CoreBetting"),
                           ("primero.rules.settling", "CoreSettling")))


def is_core(plugin: object) -> bool:
    """Whether ``plugin`` is one of the core's rule objects (:mod:`primero.rules`)."""
    cls = type(plugin)
    return (cls.__module__, cls.__qualname__) in _CORE_CLASSES


#: The modules of the library's own variants (:mod:`primero.variants`): tested code, whose
#: errors are the library's own.
LIBRARY_VARIANTS = "primero.variants."
#: The attribute in which a rule object declares the errors it raises on purpose (see
#: :func:`passes_through`): a tuple of :class:`~primero.errors.PrimeroError` subclasses.
DELIBERATE_ERRORS = "deliberate_errors"


def module_of(plugin: object) -> str:
    """The module a plug-in's hooks come from: a module's own name, else its class's."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return type(plugin).__module__


def is_library_rule(plugin: object) -> bool:
    """Whether ``plugin`` is the library's own: the core's or a built-in variant's rule object."""
    return is_core(plugin) or module_of(plugin).startswith(LIBRARY_VARIANTS)


def deliberate_errors_problem(plugin: object) -> str | None:
    """What is wrong with a rule object's ``deliberate_errors`` declaration, or ``None``.

    Absent, or a tuple of classes of :class:`~primero.errors.PrimeroError` (not
    :class:`~primero.errors.PluginError`, which is the library's word for a plug-in's fault,
    nor :class:`~primero.errors.IllegalActionError`, which the engine raises for the players'
    actions).
    """
    try:
        declared = getattr(plugin, DELIBERATE_ERRORS, None)
    except Exception as exc:
        return f"reading {DELIBERATE_ERRORS} raised {type(exc).__name__}"
    if declared is None:
        return None
    if not isinstance(declared, tuple) or not all(
            isinstance(c, type) and issubclass(c, PrimeroError)
            and not issubclass(c, PluginError | IllegalActionError) for c in declared):
        return (f"{DELIBERATE_ERRORS} is {shown(declared)}; expected a tuple of PrimeroError "
                "subclasses (not PluginError or IllegalActionError)")
    return None


def _deliberate(plugin: object) -> tuple[type[PrimeroError], ...]:
    """The error classes ``plugin`` declares it raises on purpose (a sound declaration only)."""
    if deliberate_errors_problem(plugin) is not None:
        return ()
    return getattr(plugin, DELIBERATE_ERRORS, None) or ()


def passes_through(exc: BaseException, plugins: tuple[object, ...]) -> bool:
    """Whether ``exc``, a :class:`~primero.errors.PrimeroError` a hook raised, reaches the caller.

    ``plugins`` are the rule objects whose code raised it (the one implementation, or every
    plug-in of a hook called through its wrappers). The line: an error meant for the user is
    one the library vouches for or the plug-in declares.

    * a :class:`~primero.errors.PluginError` passes (it names a plug-in, its cards hidden);
    * an :class:`~primero.errors.IllegalActionError` never does (an action a hook built with a
      bad amount: the engine, not a hook, refuses the players' actions);
    * any other passes when every one of ``plugins`` is the library's own
      (:func:`is_library_rule`: the core and the built-in variants, e.g. Primiera's
      ``CannotPayAnteError``), or when it is of a class one of them declares in its
      ``deliberate_errors`` attribute (a tuple of PrimeroError subclasses).

    Anything else is a plug-in's fault: :func:`raised` makes it a
    :class:`~primero.errors.PluginError` naming the plug-in and the hook, its text cut short
    and its cards hidden, the error itself its ``__cause__``.
    """
    if isinstance(exc, IllegalActionError) or not isinstance(exc, PrimeroError):
        return False
    if isinstance(exc, PluginError) or all(is_library_rule(p) for p in plugins):
        return True
    return any(isinstance(exc, _deliberate(p)) for p in plugins)


def raisers(exc: BaseException, candidates: Iterable[tuple[object, Callable[..., Any]]]) \
        -> tuple[object, ...] | None:
    """Which of ``candidates`` (``(plug-in, function)``; ``None``: the core's own code) raised.

    For a hook called through its wrappers, where any of them may have raised: the deepest
    frame of the traceback that runs one of the functions (or the plain function of an
    :func:`answer_wrapper`) is the one that raised (or called what raised).

    Returns:
        ``(plug-in,)``; ``()`` where a core's function raised (the library's own); ``None``
        where no candidate's frame is in the traceback.
    """
    codes: dict[object, tuple[object, ...]] = {}
    for plugin, function in candidates:
        for made in (function, getattr(function, AFTER_ATTRIBUTE, None)):
            code = getattr(getattr(made, "__func__", made), "__code__", None)
            if code is not None:
                codes[code] = () if plugin is None or is_core(plugin) else (plugin,)
    found: tuple[object, ...] | None = None
    tb = exc.__traceback__
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code, found)
        tb = tb.tb_next
    return found


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


def shown(value: object, limit: int = 60) -> str:
    """A value as an error message shows it: its repr on one line, cut at ``limit``."""
    state = sys.modules.get("primero.deal.state")  # not imported: value cannot be a GameState
    if state is not None and isinstance(value, state.GameState):
        return "a GameState"
    try:
        text = " ".join(repr(value).split())
    except Exception as exc:  # a plug-in's value whose repr raises (or an int too long)
        text = f"<{type(value).__name__} whose repr raised {type(exc).__name__}>"
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return f"{text} ({type(value).__name__})" if not isinstance(value, tuple | list) else text


def int_not_bool(value: object) -> bool:
    """Whether a hook's answer is an ``int`` and not a ``bool`` (chips, points, a seat, a size).

    A plug-in's answer must be a plain Python integer: a numpy integer or any other
    :class:`numbers.Integral` is not one (unlike :func:`primero.options.whole_number`, which
    takes any integral value a caller passes in).
    """
    return isinstance(value, int) and not isinstance(value, bool)


def plugin_label(plugin: object) -> str:
    """How an error names a plug-in: its module or rule class, with its distribution."""
    if is_core(plugin):
        cls = type(plugin)
        return f"{cls.__module__}.{cls.__qualname__}"
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




def describe(kwargs: dict[str, Any]) -> str:
    """The arguments of a hook call, for the message of a hook that raised."""
    parts = []
    for key, value in kwargs.items():
        if key in ("variant", "state"):
            continue
        parts.append(f"{key}={shown(value, 30)}")
    return ", ".join(parts)


def raised(hook: str, plugin: object, exc: BaseException, kwargs: dict[str, Any]) -> PluginError:
    """The error for a plug-in's hook that raised ``exc`` when called with ``kwargs``.

    Its message may quote the arguments and the exception's text, cards included (a discard
    face down, a hand): :class:`~primero.errors.PluginError` shows them hidden and keeps them
    in its ``detail``. The exception's text is cut at a word, never inside a card.
    """
    label = plugin_label(plugin)
    args = ", ".join(  # cards whole (the detail has them all, the message how many)
        f"{k}={v!r}" if _is_cards(v) else describe({k: v})
        for k, v in kwargs.items() if k not in ("variant", "state"))
    text = exception_text(exc, 120)
    return PluginError(
        f"plug-in {label}, hook {hook}: raised {type(exc).__name__}: {text}"
        + (f" (called with {args})" if args else ""), plugin=label, hook=hook)


def _is_cards(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(type(c) is Card for c in value)


Caller = Callable[..., tuple[Any, object]]


def firstresult_caller(pm: pluggy.PluginManager, name: str, variant: Variant,
                       core: Callable[..., Any] | None = None) -> Caller:
    """A fast caller for a ``firstresult`` hook: ``(result, plug-in that answered)``.

    Same order and semantics as pluggy's own call (last registered first, ``tryfirst`` /
    ``trylast`` respected, the first non-``None`` result wins), resolved once: the caller is
    generated code that calls each implementation positionally with ``variant`` bound (the
    caller takes the hook's other arguments, by position or keyword). It goes through pluggy
    when a wrapper is registered, so wrappers keep working (the answer is then the topmost
    plug-in's). A plug-in other than the core raising anything becomes a
    :class:`~primero.errors.PluginError` naming it and the hook, but a
    :class:`~primero.errors.PrimeroError` that :func:`passes_through` (the library's own
    variants', a plug-in's declared ``deliberate_errors``, a PluginError).

    ``core``: the core's fast code for the hook, called with the hook's arguments but
    ``variant`` instead of the core's implementation where no wrapper is registered (it must
    answer as the core's hook does: an answer the engine takes the same way, the same errors).
    """
    hook = getattr(pm.hook, name)
    impls = hook.get_hookimpls()
    params = [p for p in inspect.signature(getattr(hookspecs, name)).parameters
              if p != "variant"]
    if any(i.hookwrapper or i.wrapper for i in impls):
        top = next((i.plugin for i in reversed(impls) if not is_core(i.plugin)),
                   impls[0].plugin)
        multicall = _pluggy_call(hook, variant) \
            if any(i.hookwrapper or i.kwargnames for i in impls) \
            else _wrapped_call(impls, variant)  # old-style wrappers: pluggy's own call

        plugins = tuple(i.plugin for i in impls if not is_core(i.plugin))
        candidates = tuple((i.plugin, i.function) for i in impls)

        def wrapped(*args: Any, **kwargs: Any) -> tuple[Any, object]:
            kwargs.update(zip(params, args, strict=False))
            try:
                return multicall(kwargs), top
            except PrimeroError as exc:
                found = raisers(exc, candidates)
                if passes_through(exc, plugins if found is None else found):
                    raise
                raise raised(name, top, exc, kwargs) from exc
            except PLUGIN_FAULTS as exc:
                raise raised(name, top, exc, kwargs) from exc

        return wrapped
    given = ", ".join(f"{p!r}: {p}" for p in params)
    namespace: dict[str, Any] = {"variant": variant, "PrimeroError": PrimeroError,
                                 "raised": raised, "name": name,
                                 "FAULTS": PLUGIN_FAULTS, "passes": passes_through}
    lines = [f"def call({', '.join(params)}):"]
    for k, impl in enumerate(reversed(impls)):
        namespace[f"f{k}"], namespace[f"p{k}"] = impl.function, impl.plugin
        called = f"f{k}({', '.join(impl.argnames)})"
        if core is not None and is_core(impl.plugin):
            namespace["core"] = core
            called = f"core({', '.join(params)})"
        call = [f"r = {called}", "if r is not None:", f"    return r, p{k}"]
        if is_core(impl.plugin):  # the core's own errors pass through unchanged
            lines += [f"    {line}" for line in call]
        else:
            lines += ["    try:", *(f"        {line}" for line in call),
                      "    except PrimeroError as exc:",
                      f"        if passes(exc, (p{k},)):", "            raise",
                      f"        raise raised(name, p{k}, exc, {{{given}}}) from exc",
                      "    except FAULTS as exc:",
                      f"        raise raised(name, p{k}, exc, {{{given}}}) from exc"]
    lines.append("    return None, None")
    exec("\n".join(lines), namespace)  # generated from the hook's own implementations
    return cast(Caller, namespace["call"])


def _wrapfail(gen: Any, message: str) -> RuntimeError:
    """The error pluggy raises for a wrapper that did not yield, or yielded twice."""
    code = gen.gi_code
    return RuntimeError(f"wrap_controller at {code.co_name!r} {code.co_filename}:"
                        f"{code.co_firstlineno} {message}")


def _unwound(teardowns: list[Any], result: Any, exception: BaseException | None) -> Any:
    """The wrappers' answer: each wrapper from the innermost gets the answer (or exception).

    pluggy's teardown (``pluggy._callers._multicall``, pluggy 1.x): a wrapper's return value
    (or exception) goes outwards; the outermost's is the hook's answer.

    Raises:
        BaseException: whatever the outermost wrapper left raised.
    """
    for gen in reversed(teardowns):
        try:
            if exception is not None:
                try:
                    gen.throw(exception)
                except RuntimeError as error:
                    if isinstance(exception, StopIteration) \
                            and error.__cause__ is exception:
                        gen.close()
                        continue
                    raise
            else:
                gen.send(result)
            gen.close()  # (a second yield: reached only by a faulty wrapper)
        except StopIteration as stop:
            result = stop.value
            exception = None
            continue
        except BaseException as exc:
            exception = exc
            continue
        raise _wrapfail(gen, "has second yield")
    if exception is not None:
        raise exception
    return result


#: The attribute :func:`answer_wrapper` sets on the wrapper it makes: the plain function.
AFTER_ATTRIBUTE = "primero_after"
#: The attribute :func:`answer_wrapper` sets on the wrapper it makes: the action classes it
#: leaves alone (the answer passed on unchanged, the plain function not called).
UNCHANGED_ATTRIBUTE = "primero_unchanged_for"
#: The attribute :func:`answer_wrapper` sets on the wrapper it makes: whether its plain
#: function answers only the variant's state (``sets_variant_state``).
SETS_STATE_ATTRIBUTE = "primero_sets_variant_state"


@overload
def answer_wrapper(after: Callable[..., Any], *, unchanged_for: tuple[type, ...] = (),
                   sets_variant_state: bool = False) -> Callable[..., Any]: ...


@overload
def answer_wrapper(after: None = None, *, unchanged_for: tuple[type, ...] = (),
                   sets_variant_state: bool = False) \
        -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...


def answer_wrapper(after: Callable[..., Any] | None = None, *,
                   unchanged_for: tuple[type, ...] = (), sets_variant_state: bool = False) -> Any:
    """A new-style hook wrapper (``wrapper=True``) that only works on the answer below it.

    ``after`` takes the answer the hook's other implementations gave as its first parameter,
    named ``answer`` (after ``self`` for a method), then the hook's arguments it needs by their
    names; it returns the hook's answer. The wrapper made of it does nothing before its
    ``yield``, catches nothing (an exception below it goes on untouched) and returns
    ``after(answer, ...)``: write ``@hookimpl(wrapper=True)`` above ``@answer_wrapper``. pluggy
    runs it as any wrapper; :class:`AroundCaller` calls ``after`` itself, the same function,
    with no generator (the same answers and the same errors, by construction).

    ``@answer_wrapper(unchanged_for=(Exchange,))``: for an ``action`` (a parameter ``after``
    must then take) of one of these classes the wrapper passes the answer on unchanged without
    calling ``after``; the checked rules may then answer such an action with the core's fast
    code for it (:mod:`primero.plugins.deal`: an exchange served and its cards dealt at once).

    ``sets_variant_state=True`` (a wrapper of a hook answering a state): ``after`` returns
    only the variant's own state (``state.variant_state``) the answer is to carry; the answer is
    then the one below with that variant state (a ``None`` answer, or the very variant state
    it holds, passed on unchanged). The copy is the library's: where the wrappers of
    ``primero_apply_action`` are all such, the checked rules take the answer as the core's
    with the variant's part set (nothing a check reads is the plug-in's).

    Raises:
        TypeError: ``after`` does not take ``answer`` first (after ``self``), takes a
            parameter that is not positional-or-keyword, or takes no ``action`` while
            ``unchanged_for`` names classes.
    """
    if after is None:
        return functools.partial(answer_wrapper, unchanged_for=unchanged_for,
                                 sets_variant_state=sets_variant_state)
    params = inspect.signature(after).parameters
    names = list(params)
    if "answer" not in names[:2] or (names.index("answer") == 1 and names[0] != "self") \
            or any(p.kind is not p.POSITIONAL_OR_KEYWORD for p in params.values()):
        raise TypeError(f"answer_wrapper: {after.__qualname__} must take the answer first "
                        "(after self), named 'answer', then the hook's arguments by name")
    if unchanged_for and "action" not in names:
        raise TypeError(f"answer_wrapper: {after.__qualname__} must take the action to leave "
                        f"the answer unchanged for {unchanged_for}")
    given = [n for n in names if n != "answer"]
    namespace: dict[str, Any] = {"after": after, "unchanged_for": unchanged_for,
                                 "evolve": attrs.evolve}
    lines = [f"def {after.__name__}({', '.join(given)}):",  # the hook's own argument names
             "    answer = yield"]
    if unchanged_for:
        lines += ["    if isinstance(action, unchanged_for):", "        return answer"]
    if sets_variant_state:
        lines += ["    if answer is None:", "        return answer",
                  f"    own = after({', '.join(names)})",
                  "    if own is answer.variant_state:", "        return answer",
                  "    return evolve(answer, variant_state=own)"]
    else:
        lines.append(f"    return after({', '.join(names)})")
    exec("\n".join(lines), namespace)
    wrapper = namespace[after.__name__]
    functools.update_wrapper(wrapper, after)
    del wrapper.__wrapped__  # (pluggy reads the wrapper's own signature, not ``after``'s)
    setattr(wrapper, AFTER_ATTRIBUTE, after)
    setattr(wrapper, UNCHANGED_ATTRIBUTE, unchanged_for)
    setattr(wrapper, SETS_STATE_ATTRIBUTE, sets_variant_state)
    return wrapper


def _after_of(function: Callable[..., Any]) -> Callable[..., Any] | None:
    """The plain function of a wrapper :func:`answer_wrapper` made, bound as ``function`` is."""
    after = getattr(function, AFTER_ATTRIBUTE, None)
    if after is None:
        return None
    owner = getattr(function, "__self__", None)
    return cast("Callable[..., Any]", after if owner is None else after.__get__(owner))


def wrappers_leave_alone(pm: pluggy.PluginManager, name: str, kind: type) -> bool:
    """Whether every wrapper of hook ``name`` passes the answer for a ``kind`` action on unchanged.

    ``True`` when each is an :func:`answer_wrapper` declared ``unchanged_for`` a class
    ``kind`` is a subclass of (and there is at least one wrapper).
    """
    wrappers = [i for i in getattr(pm.hook, name).get_hookimpls() if i.wrapper or i.hookwrapper]
    return bool(wrappers) and all(
        getattr(i.function, AFTER_ATTRIBUTE, None) is not None
        and issubclass(kind, getattr(i.function, UNCHANGED_ATTRIBUTE, ())) for i in wrappers)


class AroundCaller:
    """A ``firstresult`` hook whose plug-ins only wrap the core: the wrappers around fast code.

    Made by :func:`around_core_caller`. Calling it (or its :attr:`call`) with the hook's
    arguments but ``variant`` (by position) runs every wrapper as pluggy would
    (:func:`_wrapped_call`'s order and semantics), but the answer the wrappers receive is the
    core's, produced by ``core`` — the core's own fast code for the hook, which gives exactly
    the core implementation's answer — instead of the core's hook implementation. It returns
    ``(answer, core's answer)``: an
    answer that *is* the core's answer (a wrapper passed it on) is the core's own.

    The call is generated code (as :func:`firstresult_caller`'s), each wrapper called
    positionally with the arguments it names. Where every wrapper was made by
    :func:`answer_wrapper`, their plain functions are called on the answer, innermost first,
    with no generator: what the wrappers would do, by construction.

    Attributes:
        name: The hook.
        top: The plug-in an error names (the last registered wrapper).
        core: The core's fast code: called with the hook's arguments but ``variant``.
        composed: Every wrapper sets only the variant's state, through the ``compose`` given:
            an answer is the core's, or the library's copy of it with its variant state set.

    ``wrapper_plugins``: the wrappers' rule objects, in the order of ``wrappers``, whose errors
    :func:`passes_through` judges (default: ``top`` alone).

    Raises (a call):
        PluginError: a wrapper raised anything but a :class:`~primero.errors.PrimeroError`
            that :func:`passes_through` (named as ``top``'s, as :func:`firstresult_caller`
            does).
    """

    __slots__ = ("after", "call", "composed", "core", "name", "top")

    #: The generated call itself (what ``__call__`` runs), for a caller that keeps it.
    call: Callable[..., tuple[Any, Any]]
    #: Where every wrapper is an answer wrapper (:func:`answer_wrapper`): the wrappers'
    #: plain functions alone, ``after(core_answer, *hook arguments but variant)``, run on an
    #: answer the core's fast code already made (the same order, errors and answer as
    #: :attr:`call` given that core answer); else ``None``.
    after: Callable[..., Any] | None

    def __init__(self, name: str, wrappers: list[tuple[Callable[..., Any], tuple[str, ...]]],
                 core: Callable[..., Any], top: object, params: list[str],
                 variant: Variant, compose: Callable[[Any, Any], Any] | None = None,
                 wrapper_plugins: tuple[object, ...] | None = None) -> None:
        self.name = name
        self.top = top
        self.core = core
        self.composed = False
        self.after = None

        plugins = (top,) if wrapper_plugins is None else wrapper_plugins
        candidates = (*zip(plugins, (f for f, _ in wrappers), strict=False),
                      (None, core))  # (None: the core's own code)

        def fault(exc: BaseException, kwargs: dict[str, Any]) -> Any:
            """Raise ``exc`` as :func:`firstresult_caller`'s wrapped call does."""
            if isinstance(exc, PrimeroError):
                found = raisers(exc, candidates)
                if passes_through(exc, plugins if found is None else found):
                    raise exc
            if isinstance(exc, PLUGIN_FAULTS):
                raise raised(name, top, exc, kwargs) from exc
            raise exc

        def finish(teardowns: list[Any], result: Any, exception: BaseException | None,
                   core_answer: Any, kwargs: dict[str, Any]) -> tuple[Any, Any]:
            try:
                return _unwound(teardowns, result, exception), core_answer
            except BaseException as exc:
                return cast("tuple[Any, Any]", fault(exc, kwargs))

        namespace: dict[str, Any] = {"variant": variant, "core": core, "fault": fault,
                                     "finish": finish, "wrapfail": _wrapfail}
        args = ", ".join(params)
        given = "{" + ", ".join(f"{p!r}: {p}" for p in params) + "}"
        afters = [_after_of(function) for function, _ in wrappers]
        sets = [bool(getattr(function, SETS_STATE_ATTRIBUTE, False)) for function, _ in wrappers]
        if all(a is not None for a in afters) and (compose is not None or not any(sets)):
            # answer wrappers: their plain functions, a variant state set by ``compose``
            namespace["compose"] = compose
            lines = [f"def call({args}):", "    try:",
                     f"        core_answer = result = core({args})"]
            for k in reversed(range(len(wrappers))):  # the innermost first, as pluggy unwinds
                function, names = wrappers[k]
                namespace[f"a{k}"] = afters[k]
                namespace[f"u{k}"] = skip = getattr(function, UNCHANGED_ATTRIBUTE, ())
                call = f"a{k}(result, {', '.join(names)})"
                body = ["if result is not None:", f"    own = {call}",
                        "    if own is not result.variant_state:",
                        "        result = compose(result, own)"] if sets[k] \
                    else [f"result = {call}"]
                lines += [f"        if not isinstance(action, u{k}):",
                          *(f"            {line}" for line in body)] if skip \
                    else [f"        {line}" for line in body]
            #: every wrapper sets only the variant's state, by ``compose``: the answer is the
            #: core's, or a copy of it by ``compose`` with only its variant state set
            self.composed = all(sets)
            lines += ["    except BaseException as exc:",
                      f"        return fault(exc, {given})",
                      "    return result, core_answer"]
            # the same wrappers' lines on an answer given: ``after(result, ...)``
            lines += [f"def after(result, {args}):", "    try:",
                      *lines[3:-3], "    except BaseException as exc:",
                      f"        return fault(exc, {given})", "    return result"]
            exec("\n".join(lines), namespace)  # generated from the wrappers' own signatures
            self.call = namespace["call"]
            self.after = namespace["after"]
            return
        lines = [f"def call({args}):", "    teardowns = []",
                 "    core_answer = result = exception = None", "    try:"]
        for k, (function, names) in enumerate(wrappers):
            namespace[f"w{k}"] = function
            lines += [f"        g{k} = w{k}({', '.join(names)})", "        try:",
                      f"            next(g{k})", "        except StopIteration:",
                      f"            raise wrapfail(g{k}, 'did not yield') from None",
                      f"        teardowns.append(g{k})"]
        lines += [f"        core_answer = result = core({args})",
                  "    except BaseException as exc:", "        exception = exc"]
        if len(wrappers) == 1:  # the usual case, inline: one wrapper answered
            lines += ["    if exception is None:", "        try:", "            try:",
                      "                g0.send(result)",
                      "            except StopIteration as stop:",
                      "                return stop.value, core_answer",
                      "            g0.close()",
                      "            raise wrapfail(g0, 'has second yield')",
                      "        except BaseException as exc:",
                      f"            return fault(exc, {given})"]
        lines.append(f"    return finish(teardowns, result, exception, core_answer, {given})")
        exec("\n".join(lines), namespace)  # generated from the wrappers' own signatures
        self.call = namespace["call"]

    def __call__(self, *args: Any) -> tuple[Any, Any]:
        """``(answer, the core's answer)`` of the hook called with ``args`` (see the class)."""
        return self.call(*args)


def around_core_caller(pm: pluggy.PluginManager, name: str, variant: Variant,
                       core: Callable[..., Any],
                       compose: Callable[[Any, Any], Any] | None = None) -> AroundCaller | None:
    """An :class:`AroundCaller` of hook ``name`` where the variant's plug-ins only wrap the core.

    Args:
        pm: The variant's plug-in manager.
        name: A ``firstresult`` hook.
        variant: The configured variant (passed to the wrappers).
        core: The core's fast code for the hook, called with the hook's arguments but
            ``variant``: it must answer exactly as the core's implementation does (same
            answer, same errors).
        compose: ``compose(answer, own)``: the state ``answer`` with the variant state
            ``own``, for wrappers made ``answer_wrapper(sets_variant_state=True)`` (without
            it, they run as generators).

    Returns:
        ``None`` unless the core's is the hook's only plain implementation and every other
        one is a new-style wrapper (``wrapper=True``) taking no keyword-only arguments (old
        style ``hookwrapper`` implementations go through pluggy, as
        :func:`firstresult_caller` sends them); ``None`` too when there is no wrapper.
    """
    impls = getattr(pm.hook, name).get_hookimpls()
    plains = [i for i in impls if not (i.wrapper or i.hookwrapper)]
    wrappers = [i for i in impls if i.wrapper or i.hookwrapper]
    if (len(plains) != 1 or not is_core(plains[0].plugin) or not wrappers
            or any(i.hookwrapper or i.kwargnames for i in impls)):
        return None
    params = [p for p in inspect.signature(getattr(hookspecs, name)).parameters
              if p != "variant"]
    top = next(i.plugin for i in reversed(impls) if not is_core(i.plugin))
    order = [(i.function, tuple(i.argnames)) for i in reversed(wrappers)]
    return AroundCaller(name, order, core, top, params, variant, compose,
                        tuple(i.plugin for i in reversed(wrappers)))


def _pluggy_call(hook: Any, variant: Variant) -> Callable[[dict[str, Any]], Any]:
    """The hook called through pluggy, ``variant`` bound: ``call(kwargs)``."""
    def call(kwargs: dict[str, Any]) -> Any:
        return hook(variant=variant, **kwargs)
    return call


def _wrapped_call(impls: list[pluggy.HookImpl], variant: Variant) \
        -> Callable[[dict[str, Any]], Any]:
    """A ``firstresult`` hook with new-style wrappers (``wrapper=True``), called as pluggy does.

    Resolved once: ``call(kwargs)`` takes the hook's arguments but ``variant``.

    The same order and semantics as ``pluggy._callers._multicall`` (pluggy 1.x): every wrapper
    from the outermost runs to its ``yield``, then the plain implementations (last registered
    first) until one answers; then each wrapper from the innermost gets the answer (or the
    exception, thrown into it) and its return value (or exception) goes outwards. What it
    saves is pluggy's general machinery per call (keyword dicts, result objects): the same
    functions are called with the same arguments.
    """
    order = [(i.function, tuple(i.argnames), bool(i.wrapper)) for i in reversed(impls)]
    wrappers = [(f, names) for f, names, w in order if w]
    plains = [(f, names) for f, names, w in order if not w]

    def call(kwargs: dict[str, Any]) -> Any:
        kwargs["variant"] = variant
        result = None
        exception: BaseException | None = None
        teardowns: list[Any] = []
        try:
            for function, names in wrappers:
                gen: Any = function(*[kwargs[n] for n in names])
                try:
                    next(gen)  # first yield
                except StopIteration:
                    raise _wrapfail(gen, "did not yield") from None
                teardowns.append(gen)
            for function, names in plains:
                result = function(*[kwargs[n] for n in names])
                if result is not None:
                    break
        except BaseException as exc:
            exception = exc
        return _unwound(teardowns, result, exception)

    return call


def core_alone(pm: pluggy.PluginManager, name: str) -> bool:
    """Whether the core's implementation is the only one of hook ``name`` (no wrapper)."""
    impls = getattr(pm.hook, name).get_hookimpls()
    return len(impls) == 1 and is_core(impls[0].plugin) \
        and not (impls[0].hookwrapper or impls[0].wrapper)


#: How long one hook call may run under :func:`hook_watchdog`, in seconds.
HOOK_PATIENCE = 5.0


_GLOBALS = globals()


def _hook_call(frame: Any) -> tuple[Any, str, Any] | None:
    """``(caller frame, hook, implementation frame)`` of the hook call ``frame`` is in."""
    chain: list[Any] = []
    while frame is not None:
        names = frame.f_globals
        if names is not _GLOBALS and names.get("raised") is raised \
                and isinstance(names.get("name"), str):  # a generated caller's namespace
            inner = [f for f in reversed(chain)
                     if not str(f.f_globals.get("__name__", "")).startswith("pluggy")]
            return frame, str(names["name"]), inner[0] if inner else frame
        code = frame.f_code
        if code.co_name == "wrapped" and code.co_filename == __file__:
            return frame, str(frame.f_locals.get("name", "?")), chain[-1] if chain else frame
        chain.append(frame)
        frame = frame.f_back
    return None


def hook_watchdog(patience: float = HOOK_PATIENCE) -> Any:
    """A context manager: a plug-in's hook call that runs ``patience`` seconds raises.

    For the command line (a program that plays plug-in code and must not hang on it): on
    POSIX in the main thread, a ``SIGALRM`` timer looks every ``patience`` seconds at the
    running call; a hook call seen at two ticks running (a ``time.sleep`` or a loop inside one
    call) raises :class:`~primero.errors.PluginError` naming the hook, the plug-in and the
    line. The core's own implementations (:func:`is_core`) are not plug-ins: they are never
    stopped nor blamed. Elsewhere it does nothing.
    """
    import signal
    import threading
    from contextlib import contextmanager

    @contextmanager
    def watching() -> Any:
        if not hasattr(signal, "setitimer") \
                or threading.current_thread() is not threading.main_thread():
            yield
            return
        last: list[Any] = [None]

        def tick(signum: int, frame: Any) -> None:
            call = _hook_call(frame)
            if call is None or call[0] is not last[0]:
                last[0] = call[0] if call is not None else None
                return
            _, hook, impl = call
            owner = impl.f_locals.get("self")
            if owner is not None and is_core(owner):  # the library's own rules: no plug-in
                last[0] = None
                return
            label = plugin_label(owner) if owner is not None else \
                str(impl.f_globals.get("__name__", "?"))
            last[0] = None
            raise PluginError(
                f"plug-in {label}, hook {hook}: did not return within {patience:g} s (in "
                f"{impl.f_code.co_qualname}, at {impl.f_code.co_filename}:{impl.f_lineno})",
                plugin=label, hook=hook)

        previous = signal.signal(signal.SIGALRM, tick)
        signal.setitimer(signal.ITIMER_REAL, patience, patience)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)

    return watching()
