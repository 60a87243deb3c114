"""Compile the showdown kernel into a shared library with the system's C compiler.

``halves.c`` includes ``tables.h`` and ``sides.h``: one unit to compile. Standard library
only: the build hook (``hatch_build.py``) loads this file by its path at install time, before
primero is importable, and the tests use it to build the kernel where an install did not. The
compiler is ``$CC`` if set, else the first of ``cc``, ``gcc``, ``clang`` on the ``PATH``; the
flags are portable (``-O3``, no ``-march``: the library runs on any processor of the
platform).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["LIBRARY_NAME", "SOURCE", "compile_library", "find_compiler"]

#: The shared library's file name on this system.
LIBRARY_NAME = "_primero_native" + (
    ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so")
#: The kernel's C source.
SOURCE = Path(__file__).with_name("halves.c")


def find_compiler() -> list[str] | None:
    """The C compiler's command (``$CC`` split as a shell would), or ``None``."""
    if sys.platform == "win32":
        return None  # MSVC takes other flags: Windows keeps the numpy code
    configured = os.environ.get("CC", "").strip()
    if configured:
        command = shlex.split(configured)
        return command if shutil.which(command[0]) else None
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return [found]
    return None


def compile_library(target: Path, source: Path = SOURCE) -> str | None:
    """Compile ``source`` into the shared library ``target``.

    Args:
        target: The library to write (its folder must exist).
        source: The C source.

    Returns:
        ``None`` on success, else why not (no compiler, or the compiler's messages).
    """
    compiler = find_compiler()
    if compiler is None:
        return "no C compiler found (set CC, or install cc, gcc or clang)"
    flags = ["-O3", "-std=c99", "-fPIC", "-dynamiclib" if sys.platform == "darwin" else "-shared"]
    command = [*compiler, *flags, "-o", str(target), str(source)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{shlex.join(command)}: {exc}"
    if done.returncode != 0:
        return f"{shlex.join(command)} failed ({done.returncode}):\n{done.stderr.strip()}"
    return None
