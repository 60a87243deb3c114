"""The fast call of a hook with new-style wrappers against pluggy's own call of it.

:func:`primero.plugins.manager.firstresult_caller` calls a hook that has ``wrapper=True``
implementations without pluggy's machinery; it must give what pluggy gives: the same answer,
the wrappers run in the same order, and the same exception (wrapped in a
:class:`~primero.errors.PluginError` naming the topmost plug-in, as before).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

import primero
from primero.errors import PluginError
from primero.hookspecs import hookimpl
from primero.plugins.manager import firstresult_caller, new_manager, register_plugin

HOOK = "primero_illegal_reason"


class Answer:
    """A plain implementation answering ``text`` (``None``: it defers)."""

    def __init__(self, text: str | None, log: list[str]) -> None:
        self.text, self.log = text, log

    @hookimpl
    def primero_illegal_reason(self, state: Any, variant: Any, action: Any) -> str | None:
        self.log.append(f"answer {self.text}")
        return self.text


class Raises:
    """A plain implementation that raises ``ValueError``."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    @hookimpl
    def primero_illegal_reason(self, state: Any, variant: Any, action: Any) -> str | None:
        self.log.append("raise")
        raise ValueError("broken rule")


class Suffix:
    """A wrapper adding ``tag`` to the answer below it (``None`` stays ``None``)."""

    def __init__(self, tag: str, log: list[str]) -> None:
        self.tag, self.log = tag, log

    @hookimpl(wrapper=True)
    def primero_illegal_reason(self, state: Any, variant: Any, action: Any) \
            -> Generator[None, str | None, str | None]:
        self.log.append(f"enter {self.tag}")
        answer = yield
        self.log.append(f"leave {self.tag}")
        return None if answer is None else f"{answer} {self.tag}"


class Catches:
    """A wrapper that turns a ``ValueError`` below it into an answer."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    @hookimpl(wrapper=True)
    def primero_illegal_reason(self, state: Any, variant: Any, action: Any) \
            -> Generator[None, str | None, str | None]:
        try:
            return (yield)
        except ValueError as exc:
            self.log.append("caught")
            return f"caught {exc}"


def both_ways(make: Any) -> tuple[tuple[object, list[str]], tuple[object, list[str]]]:
    """``(answer or exception, log)`` of pluggy's call and of the fast caller, each on its own
    fresh plug-ins made by ``make(log)``."""
    variant = primero.get_variant("waks")
    results = []
    for fast in (False, True):
        log: list[str] = []
        pm = new_manager()
        for plugin in make(log):
            register_plugin(pm, plugin)
        try:
            if fast:
                answer: object = firstresult_caller(pm, HOOK, variant)(None, "act")[0]
            else:
                answer = pm.hook.primero_illegal_reason(state=None, variant=variant,
                                                       action="act")
        except PluginError as exc:  # the fast caller names the plug-in; the cause is pluggy's
            answer = (type(exc.__cause__).__name__, str(exc.__cause__))
        except Exception as exc:
            answer = (type(exc).__name__, str(exc))
        results.append((answer, log))
    return results[0], results[1]


@pytest.mark.parametrize("make, expected", [
    (lambda log: [Answer("a", log), Suffix("w1", log), Answer("b", log), Suffix("w2", log)],
     ("b w1 w2", ["enter w2", "enter w1", "answer b", "leave w1", "leave w2"])),
    (lambda log: [Answer(None, log), Suffix("w", log)],
     (None, ["enter w", "answer None", "leave w"])),
    (lambda log: [Answer("a", log), Raises(log), Catches(log), Suffix("w", log)],
     ("caught broken rule w", ["enter w", "raise", "caught", "leave w"])),
    (lambda log: [Answer("a", log), Raises(log), Suffix("w", log)],
     (("ValueError", "broken rule"), ["enter w", "raise"])),
])
def test_wrapped_hook_answers_and_order_match_pluggy(make: Any, expected: Any) -> None:
    plain, fast = both_ways(make)
    assert plain == expected  # the hand-worked order of pluggy's call
    assert fast == plain


def test_wrapper_that_never_yields_fails_as_in_pluggy() -> None:
    class NoYield:
        @hookimpl(wrapper=True)
        def primero_illegal_reason(self, state: Any, variant: Any, action: Any) \
                -> Generator[None, Any, Any]:
            if state is None:
                return None
            yield  # (a generator function that returns before its yield)

    plain, fast = both_ways(lambda log: [Answer("a", log), NoYield()])
    assert plain[0][0] == fast[0][0] == "RuntimeError"
    assert "did not yield" in plain[0][1] and "did not yield" in fast[0][1]


def test_wrapper_with_a_second_yield_fails_as_in_pluggy() -> None:
    class TwoYields:
        @hookimpl(wrapper=True)
        def primero_illegal_reason(self, state: Any, variant: Any, action: Any) \
                -> Generator[None, Any, Any]:
            yield
            yield

    plain, fast = both_ways(lambda log: [Answer("a", log), TwoYields()])
    assert plain[0][0] == fast[0][0] == "RuntimeError"
    assert "has second yield" in plain[0][1] and "has second yield" in fast[0][1]
