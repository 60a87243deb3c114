"""Hatch build hook: compile primero's showdown kernel (C) with the platform's C compiler.

``src/primero/analysis/_native/halves.c`` becomes ``_primero_native.so`` (``.dylib`` on macOS)
with the first of ``$CC``, ``cc``, ``gcc``, ``clang`` (``src/primero/analysis/_native/build.py``
does the compiling, standard library only):

* a regular wheel (``pip install .``, ``python -m build``) carries the library and is tagged
  for this platform (``cp311-cp311-linux_x86_64`` and the like);
* an editable install (``pip install -e .``) compiles it into the source tree (gitignored);
* without a compiler, or if the compile fails, the build goes on with a warning: the wheel
  stays pure Python and primero counts with numpy instead (as with ``PRIMERO_NO_NATIVE=1``).

The sdist carries the C source and this hook, so installing from it compiles again.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The kernel's folder, in the source tree and (under ``primero/``) in the wheel.
NATIVE = Path("src", "primero", "analysis", "_native")


def _load_build_module(root: Path) -> ModuleType:
    """``_native/build.py`` by its path (primero itself is not importable while it builds)."""
    path = root / NATIVE / "build.py"
    spec = importlib.util.spec_from_file_location("_primero_native_build", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot read {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
            target = root / NATIVE / name
        else:
            self._scratch = Path(tempfile.mkdtemp(prefix="primero-native-"))
            target = self._scratch / name
        failure = build.compile_library(target)
        if failure is not None:
            self.app.display_warning(
                f"primero: the compiled showdown kernel was not built ({failure}); "
                "primero will count showdown odds with numpy instead (slower)")
            return
        self.app.display_info(f"primero: compiled the showdown kernel {target.name}")
        if version != "editable":
            build_data["force_include"][str(target)] = f"primero/analysis/_native/{name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder of a regular wheel's library."""
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
