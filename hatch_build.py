"""Hatch build hook: compile primero's showdown kernel (C) with the platform's C compiler.

``src/primero/analysis/_native/halves.c`` becomes ``_primero_native.so`` (``.dylib`` on macOS)
with the first of ``$CC``, ``cc``, ``gcc``, ``clang`` (``src/primero/analysis/_native/build.py``
does the compiling, standard library only):

* a regular wheel (``pip install .``, ``python -m build``) carries the library and is tagged
  ``py3-none-<platform>`` (``py3-none-linux_x86_64``, ``py3-none-macosx_11_0_arm64``): the
  kernel is loaded with :mod:`ctypes`, so one wheel serves every Python 3 of the platform;
  ``auditwheel repair`` (or ``delocate``) then turns ``linux_x86_64`` into a ``manylinux``
  tag PyPI accepts;
* an editable install (``pip install -e .``) compiles it into the source tree (gitignored);
* without a compiler, or if the compile fails, the build goes on with a warning on standard
  error (pip shows it with ``pip install -v``): the wheel stays pure Python
  (``py3-none-any``) and primero counts with numpy instead (as with ``PRIMERO_NO_NATIVE=1``).

Either way the wheel (or the editable tree) carries ``_primero_native.status``, one line
saying whether the kernel was built and, if not, why: ``primero --version`` and
:func:`primero.analysis.counter` report it.

The sdist carries the C source and this hook, so installing from it compiles again.
"""

from __future__ import annotations

import importlib.util
import shutil
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The kernel's folder, in the source tree and (under ``primero/``) in the wheel.
NATIVE = Path("src", "primero", "analysis", "_native")
#: The package's folder in the source tree (the evaluator extension lands here, editable).
PACKAGE = Path("src", "primero")
#: The build's one-line report beside the kernel (read by ``primero.analysis.counter``).
STATUS_NAME = "_primero_native.status"


def platform_tag() -> str:
    """This platform's wheel tag (``linux_x86_64``, ``macosx_11_0_arm64``, ``win_amd64``)."""
    return sysconfig.get_platform().replace("-", "_").replace(".", "_").replace(" ", "_")


def _load_build_module(root: Path) -> ModuleType:
    """``_native/build.py`` by its path (primero itself is not importable while it builds)."""
    path = root / NATIVE / "build.py"
    spec = importlib.util.spec_from_file_location("_primero_native_build", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot read {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_source(build: ModuleType) -> Path:
    """The evaluator's C source, relative to the project root."""
    return Path(build.EXTENSION_SOURCE).relative_to(Path(build.__file__).parents[3])


class NativeKernelHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the showdown kernel into the wheel (or, editable, into the source tree)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile before the wheel is assembled; a failure only warns."""
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        build = _load_build_module(root)
        name = build.LIBRARY_NAME
        if version == "editable":
            folder = root / NATIVE
        else:
            self._scratch = Path(tempfile.mkdtemp(prefix="primero-native-"))
            folder = self._scratch
        target = folder / name
        failure = build.compile_library(target)
        status = folder / STATUS_NAME
        if failure is not None:
            reason = " ".join(failure.split())
            status.write_text(f"not built: {reason}\n", encoding="utf-8")
            message = (f"WARNING: primero: the compiled showdown kernel was NOT built ({failure}). "
                       "The wheel is pure Python (py3-none-any): primero will count "
                       "showdown odds with numpy instead (slower). Install a C compiler "
                       "(cc, gcc or clang, or set CC) and reinstall to build it.")
            self.app.display_warning(message)
        else:
            status.write_text("built\n", encoding="utf-8")
            self.app.display_info(f"primero: compiled the showdown kernel {target.name}")
        extension = (root / PACKAGE if version == "editable" else folder) / build.EXTENSION_NAME
        evaluator_failure = build.compile_extension(extension, root / build_source(build))
        if evaluator_failure is not None:
            self.app.display_warning(
                "WARNING: primero: the native hand evaluator was NOT built "
                f"({' '.join(evaluator_failure.split())}); single hands are evaluated in "
                "pure Python (slower).")
        else:
            self.app.display_info(f"primero: compiled the hand evaluator {extension.name}")
        if version == "editable":
            return
        build_data["force_include"][str(status)] = f"primero/analysis/_native/{STATUS_NAME}"
        if failure is None:
            build_data["force_include"][str(target)] = f"primero/analysis/_native/{name}"
            build_data["pure_python"] = False
            # ctypes loads the kernel: no Python ABI, only the platform
            build_data["tag"] = f"py3-none-{platform_tag()}"
        if evaluator_failure is None:
            build_data["force_include"][str(extension)] = f"primero/{build.EXTENSION_NAME}"
            build_data["pure_python"] = False
            # an extension of the limited API of 3.11: one wheel for CPython 3.11 and later
            build_data["tag"] = f"cp311-abi3-{platform_tag()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder of a regular wheel's library."""
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
