"""Compile primero's C code with the system's C compiler: the kernel and three extensions.

Four units: the showdown kernel (below), and three Python extension modules built against the
limited API (:func:`compile_extension`): the per-call hand evaluator
(``src/primero/_native/evaluate.c`` into ``primero/compiled_evaluator.abi3.so``), the
adapters' tensor writes (``src/primero/_native/encode.c`` into
``primero/compiled_encoder.abi3.so``) and the seeded shuffle of a deal's stock
(``src/primero/_native/shuffle.c`` into ``primero/compiled_shuffle.abi3.so``).

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
import sysconfig
from pathlib import Path

__all__ = ["ENCODER_NAME", "ENCODER_SOURCE", "EXTENSION_NAME", "EXTENSION_SOURCE", "LIBRARY_NAME",
           "SHUFFLE_NAME", "SHUFFLE_SOURCE", "SOURCE", "compile_extension", "compile_library",
           "find_compiler"]

#: The shared library's file name on this system.
LIBRARY_NAME = "_primero_native" + (
    ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so")
#: The kernel's C source.
SOURCE = Path(__file__).with_name("halves.c")
#: The evaluator extension's file name (abi3: one binary for Python 3.11 and later).
EXTENSION_NAME = "compiled_evaluator.abi3.so"
#: The evaluator extension's C source.
EXTENSION_SOURCE = Path(__file__).parents[2] / "_native" / "evaluate.c"
#: The tensor writes' extension file name (abi3, as the evaluator's).
ENCODER_NAME = "compiled_encoder.abi3.so"
#: The tensor writes' C source.
ENCODER_SOURCE = Path(__file__).parents[2] / "_native" / "encode.c"
#: The seeded shuffle's extension file name (abi3, as the evaluator's).
SHUFFLE_NAME = "compiled_shuffle.abi3.so"
#: The seeded shuffle's C source.
SHUFFLE_SOURCE = Path(__file__).parents[2] / "_native" / "shuffle.c"


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
    return _run([*compiler, *flags, "-o", str(target), str(source)])


def compile_extension(target: Path, source: Path = EXTENSION_SOURCE) -> str | None:
    """Compile the extension ``source`` (the evaluator's by default) into ``target`` (abi3).

    Args:
        target: The extension module to write (its folder must exist).
        source: The C source.

    Returns:
        ``None`` on success, else why not (no compiler, no Python headers, or the compiler's
        messages).
    """
    compiler = find_compiler()
    if compiler is None:
        return "no C compiler found (set CC, or install cc, gcc or clang)"
    include = sysconfig.get_paths().get("include", "")
    if not include or not Path(include, "Python.h").is_file():
        return f"no Python headers (Python.h) in {include or 'the include path'}"
    link = ["-bundle", "-undefined", "dynamic_lookup"] if sys.platform == "darwin" else ["-shared"]
    # the extension calls nothing of libc itself, and a linker that drops unused libraries
    # (--as-needed) would leave it without a libc dependency, for which auditwheel repair
    # cannot tell its platform: keep libc named on Linux
    libc = ["-Wl,--no-as-needed", "-lc"] if sys.platform.startswith("linux") else []
    return _run([*compiler, "-O3", "-std=c99", "-fPIC", *link, f"-I{include}", "-o", str(target),
                 str(source), *libc])


def _run(command: list[str]) -> str | None:
    """Run one compiler command: ``None`` on success, else why not."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{shlex.join(command)}: {exc}"
    if done.returncode != 0:
        return f"{shlex.join(command)} failed ({done.returncode}):\n{done.stderr.strip()}"
    return None
