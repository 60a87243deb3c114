"""The kit's deadline for one example: a hook that never returns fails it, naming the hook.

The machine checks its time budget between actions (:mod:`primero.testing.machine`); a hook
that never returns (a loop inside one call) never reaches that check. So each example also
runs under a deadline, :data:`GRACE` seconds after its budget:

* on POSIX, in the main thread, a ``SIGALRM`` timer (:func:`signal.setitimer`) interrupts the
  example wherever it is and raises :class:`KitTimeout` naming the hook it is stuck in, the
  plug-in and the line it is running (read off the interrupted frames). A timer or a
  ``SIGALRM`` handler installed before (a test runner's own timeout) is put back afterwards,
  with the time it had left;
* elsewhere (Windows, or a kit run in another thread), nothing can interrupt the call: the
  deadline then dumps every thread's traceback to standard error
  (:func:`faulthandler.dump_traceback_later`), which shows the stuck hook, and lets it run.
"""

from __future__ import annotations

import faulthandler
import math
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

from primero.plugins.deal import DealRules
from primero.plugins.manager import firstresult_caller, plugin_label, raised

__all__ = ["GRACE", "Deadline", "KitTimeout", "stuck_in"]

#: Seconds past its time budget an example may still take inside one call before its deadline
#: interrupts it (actions that keep coming meet the budget between two of them first).
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


#: The longest deadline set, in seconds (about 11.6 days); a longer budget sets none.
MAX_TIMER = 1e6


class Deadline:
    """A deadline for one example (see the module's docstring); :meth:`cancel` it after.

    Args:
        seconds: From now; ``inf`` (or not finite, or above :data:`MAX_TIMER`) for none.
        message: Called when the deadline passes with where the example is (:func:`stuck_in`);
            returns the :class:`KitTimeout` message.
    """

    def __init__(self, seconds: float, message: Callable[[str], str]) -> None:
        self._message = message
        self._armed = ""  # "alarm", "dump" or nothing
        self._previous: tuple[Any, tuple[float, float], float] | None = None
        if not math.isfinite(seconds) or seconds > MAX_TIMER:
            return  # none (a timer that long is no deadline: the OS timer cannot hold it)
        seconds = max(seconds, 0.001)
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            handler = signal.signal(signal.SIGALRM, self._expired)
            if handler is None:  # installed outside Python: put the default back after
                handler = signal.SIG_DFL
            timer = signal.setitimer(signal.ITIMER_REAL, seconds)
            self._previous = (handler, timer, time.monotonic())
            self._armed = "alarm"
        else:
            faulthandler.dump_traceback_later(seconds, repeat=False, file=sys.stderr, exit=False)
            self._armed = "dump"

    def _expired(self, signum: int, frame: FrameType | None) -> None:
        self.cancel()
        raise KitTimeout(self._message(stuck_in(frame)))

    def cancel(self) -> None:
        """Disarm the deadline; put back a timer and handler that were there before."""
        armed, self._armed = self._armed, ""
        if armed == "dump":
            faulthandler.cancel_dump_traceback_later()
        elif armed == "alarm" and self._previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            handler, (delay, interval), since = self._previous
            signal.signal(signal.SIGALRM, handler)
            if delay > 0:
                left = delay - (time.monotonic() - since)
                signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), interval)
