"""Calling a variant's hooks fast: generated ``firstresult`` callers and the error of a raise.

:func:`_firstresult_caller` resolves a hook's implementations once into generated code that
calls them in pluggy's order (through pluggy when a wrapper is registered);
:func:`_raised` is the :class:`~primero.errors.PluginError` for a plug-in's hook that raised;
:func:`_core_alone` tells a hook only the core implements. The rules façade
(:class:`primero.facade.Rules`) builds its callers with them; the names are still importable
from :mod:`primero.facade`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pluggy

from primero import hookspecs
from primero.errors import PLUGIN_FAULTS, PluginError, PrimeroError, exception_text
from primero.registration import plugin_label
from primero.rules.core import CORE_RULES

if TYPE_CHECKING:
    from primero.variant import Variant

__all__: list[str] = []


def _raised(hook: str, plugin: object, exc: BaseException, kwargs: dict[str, Any]) -> PluginError:
    """The error for a plug-in's hook that raised ``exc`` when called with ``kwargs``.

    Its message may quote the arguments and the exception's text, cards included (a discard
    face down, a hand): :class:`~primero.errors.PluginError` shows them hidden and keeps them
    in its ``detail``. The exception's text is cut at a word, never inside a card.
    """
    from primero.hookchecks import describe  # here only: the error path, not the cold start

    label = plugin_label(plugin)
    args = ", ".join(  # cards whole (the detail has them all, the message how many)
        f"{k}={v!r}" if _is_cards(v) else describe({k: v})
        for k, v in kwargs.items() if k not in ("variant", "state"))
    text = exception_text(exc, 120)
    return PluginError(
        f"plug-in {label}, hook {hook}: raised {type(exc).__name__}: {text}"
        + (f" (called with {args})" if args else ""), plugin=label, hook=hook)


def _is_cards(value: object) -> bool:
    from primero.cards import Card

    return isinstance(value, tuple) and bool(value) and all(type(c) is Card for c in value)


Caller = Callable[..., tuple[Any, object]]


def _firstresult_caller(pm: pluggy.PluginManager, name: str, variant: Variant) -> Caller:
    """A fast caller for a ``firstresult`` hook: ``(result, plug-in that answered)``.

    Same order and semantics as pluggy's own call (last registered first, ``tryfirst`` /
    ``trylast`` respected, the first non-``None`` result wins), resolved once: the caller is
    generated code that calls each implementation positionally with ``variant`` bound (the
    caller takes the hook's other arguments, by position or keyword). It goes through pluggy
    when a wrapper is registered, so wrappers keep working (the answer is then the topmost
    plug-in's). A plug-in other than the core raising anything but a
    :class:`~primero.errors.PrimeroError` becomes a :class:`~primero.errors.PluginError`; so
    does an :class:`~primero.errors.IllegalActionError` (an action it built with a bad amount:
    the engine, not a hook, refuses the players' actions).
    """
    from primero.errors import IllegalActionError  # an action a hook built wrong: its fault

    hook = getattr(pm.hook, name)
    impls = hook.get_hookimpls()
    params = [p for p in inspect.signature(getattr(hookspecs, name)).parameters
              if p != "variant"]
    if any(i.hookwrapper or i.wrapper for i in impls):
        top = next((i.plugin for i in reversed(impls) if i.plugin is not CORE_RULES),
                   CORE_RULES)

        def wrapped(*args: Any, **kwargs: Any) -> tuple[Any, object]:
            kwargs.update(zip(params, args, strict=False))
            try:
                return hook(variant=variant, **kwargs), top
            except IllegalActionError as exc:
                raise _raised(name, top, exc, kwargs) from exc
            except PrimeroError:
                raise
            except PLUGIN_FAULTS as exc:
                raise _raised(name, top, exc, kwargs) from exc

        return wrapped
    given = ", ".join(f"{p!r}: {p}" for p in params)
    namespace: dict[str, Any] = {"variant": variant, "PrimeroError": PrimeroError,
                                 "raised": _raised, "name": name,
                                 "FAULTS": PLUGIN_FAULTS,
                                 "Illegal": IllegalActionError}
    lines = [f"def call({', '.join(params)}):"]
    for k, impl in enumerate(reversed(impls)):
        namespace[f"f{k}"], namespace[f"p{k}"] = impl.function, impl.plugin
        call = [f"r = f{k}({', '.join(impl.argnames)})", "if r is not None:",
                f"    return r, p{k}"]
        if impl.plugin is CORE_RULES:  # the core's own errors pass through unchanged
            lines += [f"    {line}" for line in call]
        else:
            lines += ["    try:", *(f"        {line}" for line in call),
                      "    except Illegal as exc:",
                      f"        raise raised(name, p{k}, exc, {{{given}}}) from exc",
                      "    except PrimeroError:", "        raise",
                      "    except FAULTS as exc:",
                      f"        raise raised(name, p{k}, exc, {{{given}}}) from exc"]
    lines.append("    return None, None")
    exec("\n".join(lines), namespace)  # generated from the hook's own implementations
    return cast(Caller, namespace["call"])


def _core_alone(pm: pluggy.PluginManager, name: str) -> bool:
    """Whether the core's implementation is the only one of hook ``name`` (no wrapper)."""
    impls = getattr(pm.hook, name).get_hookimpls()
    return len(impls) == 1 and impls[0].plugin is CORE_RULES \
        and not (impls[0].hookwrapper or impls[0].wrapper)


#: How long one hook call may run under :func:`hook_watchdog`, in seconds.
HOOK_PATIENCE = 5.0


def _hook_call(frame: Any) -> tuple[Any, str, Any] | None:
    """``(caller frame, hook, implementation frame)`` of the hook call ``frame`` is in."""
    chain: list[Any] = []
    while frame is not None:
        names = frame.f_globals
        if names.get("raised") is _raised and isinstance(names.get("name"), str):
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
    line. Elsewhere it does nothing.
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
