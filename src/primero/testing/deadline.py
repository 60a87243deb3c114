"""The kit's deadline for one example: a hook that never returns fails it, naming the hook.

The machine checks its time budget between actions (:mod:`primero.testing.machine`); a hook
that never returns (a loop inside one call) never reaches that check. So each example also
runs under a deadline, :data:`GRACE` seconds of CPU time after its budget.

Budget and deadline count the process' CPU time (:func:`time.process_time`, and the
``ITIMER_PROF`` timer that counts the same), never the wall clock: on a loaded machine (a busy
CI runner, other processes on the same cores) an example waits longer for the CPU but spends
the same CPU time, so the kit never fails for the machine's speed. A hook that loops spends
CPU time and is caught; a hook blocked without computing (a ``sleep``, a lock) spends none and
is left to the test runner's own timeout.

* On POSIX, in the main thread, a ``SIGPROF`` timer (:func:`signal.setitimer` with
  ``ITIMER_PROF``) interrupts the example wherever it is and raises :class:`KitTimeout`
  naming the hook it is stuck in, the plug-in and the line it is running (read off the
  interrupted frames). A timer or a ``SIGPROF`` handler installed before (a profiler's) is
  put back afterwards, with the CPU time it had left.
* Elsewhere (Windows, or a kit run in another thread) nothing can interrupt the call: the
  budget between actions still holds, and the test runner's timeout (``pytest-timeout``)
  catches a hook that never returns.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

from primero.plugins.deal import DealRules
from primero.plugins.manager import firstresult_caller, plugin_label, raised

__all__ = ["GRACE", "Deadline", "KitTimeout", "stuck_in"]

#: Seconds of CPU time past its time budget an example may still take inside one call before
#: its deadline interrupts it (actions that keep coming meet the budget between two of them
#: first).
GRACE = 1.0


class KitTimeout(BaseException):
    """An example of the kit ran past its deadline inside one call: a hook that never returns.

    A :class:`BaseException`, as :class:`KeyboardInterrupt` is: the rules façade (which turns
    a plug-in's exceptions into :class:`~primero.errors.PluginError`) and a plug-in's own
    ``except Exception`` let it through, and hypothesis stops at once instead of replaying
    (and shrinking) an example that would hang for another budget each time. The message
    names the hook, the plug-in and the line it was running.
    """


def stuck_in(frame: FrameType | None) -> str:
    """Where an interrupted example was: ``"inside hook H (plug-in P, F, at FILE:LINE)"``.

    Args:
        frame: The innermost frame of the interrupted call (a signal handler's ``frame``).

    Returns:
        The hook whose implementation was running (the rules façade's caller that called it)
        with the implementation and the line; or, outside any hook, the function and line.
    """
    chain: list[FrameType] = []
    f = frame
    while f is not None:
        chain.append(f)
        f = f.f_back
    if not chain:
        return "outside any hook"
    now = chain[0]
    at = f"at {now.f_code.co_filename}:{now.f_lineno}"
    for k, f in enumerate(chain):
        hook = _hook_of(f)
        if hook is None:
            continue
        inner = [g for g in reversed(chain[:k])
                 if not str(g.f_globals.get("__name__", "")).startswith("pluggy")]
        if not inner:
            return f"inside hook {hook} ({at})"
        impl = inner[0]
        owner = impl.f_locals.get("self")
        module = str(impl.f_globals.get("__name__", "?"))
        label = plugin_label(owner) if owner is not None else module
        return f"inside hook {hook} (plug-in {label}, {impl.f_code.co_qualname}, {at})"
    return f"outside any hook, in {now.f_code.co_qualname} ({at})"


def _hook_of(frame: FrameType) -> str | None:
    """The hook a frame of the rules façade is calling, or ``None`` for any other frame."""
    names = frame.f_globals
    if names.get("raised") is raised and isinstance(names.get("name"), str):
        return str(names["name"])  # a generated caller (primero.plugins.manager.firstresult_caller)
    code = frame.f_code
    if code.co_filename == firstresult_caller.__code__.co_filename \
            and code.co_name == "wrapped":
        hook = frame.f_locals.get("name")  # the caller through pluggy, for hook wrappers
        return hook if isinstance(hook, str) else None
    if code is DealRules.action_blocks.__code__:
        return "primero_action_blocks"
    return None


#: The longest deadline set, in CPU seconds (about 11.6 days); a longer budget sets none.
MAX_TIMER = 1e6


class Deadline:
    """A deadline for one example (see the module's docstring); :meth:`cancel` it after.

    Args:
        seconds: Of the process' CPU time, from now; ``inf`` (or not finite, or above
            :data:`MAX_TIMER`) for none.
        message: Called when the deadline passes with where the example is (:func:`stuck_in`);
            returns the :class:`KitTimeout` message.
    """

    def __init__(self, seconds: float, message: Callable[[str], str]) -> None:
        self._message = message
        self._armed = ""  # "timer" or nothing
        self._previous: tuple[Any, tuple[float, float], float] | None = None
        if not math.isfinite(seconds) or seconds > MAX_TIMER:
            return  # none (a timer that long is no deadline: the OS timer cannot hold it)
        seconds = max(seconds, 0.001)
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            handler = signal.signal(signal.SIGPROF, self._expired)
            if handler is None:  # installed outside Python: put the default back after
                handler = signal.SIG_DFL
            timer = signal.setitimer(signal.ITIMER_PROF, seconds)
            self._previous = (handler, timer, time.process_time())
            self._armed = "timer"

    def _expired(self, signum: int, frame: FrameType | None) -> None:
        self.cancel()
        raise KitTimeout(self._message(stuck_in(frame)))

    def cancel(self) -> None:
        """Disarm the deadline; put back a timer and handler that were there before."""
        armed, self._armed = self._armed, ""
        if armed == "timer" and self._previous is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            handler, (delay, interval), since = self._previous
            signal.signal(signal.SIGPROF, handler)
            if delay > 0:
                left = delay - (time.process_time() - since)
                signal.setitimer(signal.ITIMER_PROF, max(left, 0.001), interval)
