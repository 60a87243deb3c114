"""The compiled showdown kernel's file: where it is, whether it loads, which code counts.

Standard library only and cheap to import (no :mod:`pathlib`, no numpy, not the analysis
package): ``primero --version`` says which code counts exact showdown odds from here, in a
few milliseconds. :mod:`primero.analysis._native` builds on it (it types and runs the kernel)
and :func:`primero.analysis.showdown_counter` reports with :func:`counter_reason` and
:func:`counter_line`, so the two say the same.

The kernel is ``analysis/_native/_primero_native.so`` (``.dylib`` on macOS, ``.dll`` on
Windows) inside the package, compiled at install by the build hook (``hatch_build.py``),
which leaves beside it the one-line report :data:`STATUS_NAME` (``built`` or
``not built: <why>``).
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["ABI", "LIBRARY_NAME", "STATUS_NAME", "build_report", "check_complete",
           "counter_line", "counter_reason", "library_path", "native_disabled",
           "open_library", "try_open"]

#: The shared library's file name on this system (as ``analysis/_native/build.py`` names
#: it: the build hook loads that file by its path, before primero can be imported).
LIBRARY_NAME = "_primero_native" + (
    ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so")

#: The build hook's one-line report beside the kernel: ``built`` or ``not built: <why>``.
STATUS_NAME = "_primero_native.status"

#: The kernel's interface version (halves.c: primero_halves_abi).
ABI = 1


def native_disabled() -> bool:
    """Whether ``PRIMERO_NO_NATIVE`` asks for the numpy code (any value but ``""`` or ``0``)."""
    return os.environ.get("PRIMERO_NO_NATIVE", "") not in ("", "0")


def library_path() -> str:
    """Where the build hook puts the compiled kernel: ``primero/analysis/_native/``."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "analysis", "_native",
                        LIBRARY_NAME)


def build_report(folder: str | os.PathLike[str]) -> str | None:
    """The build hook's report in ``folder`` (``built`` or ``not built: <why>``), or None."""
    try:
        with open(os.path.join(folder, STATUS_NAME), encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError:
        return None


def check_complete(path: str | os.PathLike[str]) -> None:
    """Refuse an ELF library shorter than its own headers say (``OSError`` naming the sizes).

    The dynamic loader maps a library's segments from the file: a truncated file (an
    interrupted copy or install) kills the process with ``SIGBUS`` when a segment past the
    end is touched, before any Python code could catch it. Other formats are left to the
    loader.

    Raises:
        OSError: the file is truncated or its headers are malformed (or it cannot be read).
    """
    size = os.path.getsize(path)
    with open(path, "rb") as handle:
        head = handle.read(64)
        if head[:4] != b"\x7fELF":
            return
        if len(head) < 64 or head[4] not in (1, 2) or head[5] not in (1, 2):
            raise OSError(f"truncated ELF header ({size} bytes)")
        wide, order = head[4] == 2, "<" if head[5] == 1 else ">"
        phoff, shoff = struct.unpack(order + "QQ", head[32:48]) if wide else \
            struct.unpack(order + "II", head[28:36])
        at = 54 if wide else 42  # e_phentsize, e_phnum, e_shentsize, e_shnum
        phentsize, phnum, shentsize, shnum = struct.unpack(order + "HHHH", head[at:at + 8])
        if phnum and phentsize < (56 if wide else 32):
            raise OSError(f"malformed ELF program headers ({phentsize} bytes each)")
        needed = max(phoff + phentsize * phnum, shoff + shentsize * shnum)
        if phoff and phentsize and needed <= size:
            handle.seek(phoff)
            table = handle.read(phentsize * phnum)
            for k in range(phnum):
                entry = table[k * phentsize:(k + 1) * phentsize]
                if wide:
                    offset, filesz = struct.unpack(order + "8xQ16xQ", entry[:40])
                else:
                    offset, filesz = struct.unpack(order + "4xI8xI", entry[:20])
                needed = max(needed, offset + filesz)
    if needed > size:
        raise OSError(f"truncated: {size} bytes, its headers need {needed}")


def open_library(path: str | os.PathLike[str]) -> ctypes.CDLL:
    """Load the kernel at ``path`` with :mod:`ctypes`, checked whole and of interface :data:`ABI`.

    Its functions are not typed here (:func:`primero.analysis._native.load` types them).

    Raises:
        OSError: the file is truncated, the system cannot load it, or it was built for
            another interface (the message says to reinstall).
        AttributeError: it lacks the kernel's functions.
    """
    check_complete(path)
    lib = ctypes.CDLL(os.fspath(path))
    lib.primero_halves_count  # noqa: B018 - a library without the count is refused
    abi = lib.primero_halves_abi
    abi.restype, abi.argtypes = ctypes.c_int, []
    if abi() != ABI:
        raise OSError(f"built for interface {abi()}, this primero needs {ABI}: "
                      "reinstall primero (pip install -e . in a checkout)")
    return lib


def try_open(path: str | os.PathLike[str]) -> str | None:
    """``None`` if the kernel at ``path`` loads (:func:`open_library`), else why not."""
    try:
        open_library(path)
    except (OSError, AttributeError) as exc:
        return str(exc)
    return None


def counter_reason(path: str | os.PathLike[str],
                   load: Callable[[str | os.PathLike[str]], str | None]) -> str:
    """Why numpy counts exact showdown odds, or ``""`` when the kernel at ``path`` does.

    In order: ``PRIMERO_NO_NATIVE`` is set; there is no kernel file (the build's report
    says why, or how to build it); ``load(path)`` (``None``: it loaded, else why not) fails.

    Args:
        path: The kernel's file.
        load: Loads it: ``None`` when it loaded, else the reason it did not.
    """
    if native_disabled():
        return "PRIMERO_NO_NATIVE is set"
    name = os.path.basename(path)
    if not os.path.isfile(path):
        report = build_report(os.path.dirname(path))
        if report is not None and report.startswith("not built:"):
            return "the kernel was not built at install: " + report.split(":", 1)[1].strip()
        return (f"no compiled kernel {name} beside primero: installed from a pure wheel or "
                "a source tree never built (pip install -e . compiles it)")
    failure = load(path)
    if failure is not None:
        return f"the kernel {name} does not load: {failure}"
    return ""


def counter_line(reason: str, path: str | os.PathLike[str]) -> str:
    """The line ``primero --version`` prints: which code counts exact showdown odds.

    Args:
        reason: :func:`counter_reason`'s (``""``: the kernel at ``path`` counts).
        path: The kernel's file.
    """
    if not reason:
        return f"showdown odds: the native kernel ({os.fspath(path)})"
    return f"showdown odds: numpy ({reason})"
