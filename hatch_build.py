"""Hatch build hook: compile primero's C code with the platform's C compiler.

Four units, each compiled with the first of ``$CC``, ``cc``, ``gcc``, ``clang``
(``src/primero/analysis/_native/build.py`` does the compiling, standard library only):

* the showdown kernel, ``src/primero/analysis/_native/halves.c``, becomes
  ``_primero_native.so`` (``.dylib`` on macOS), a plain shared library loaded with
  :mod:`ctypes`;
* the per-call hand evaluator, ``src/primero/_native/evaluate.c``, becomes the extension
  module ``primero/compiled_evaluator.abi3.so``, built against Python's limited API of 3.11
  (it also needs Python's headers, ``Python.h``);
* the adapters' tensor writes, ``src/primero/_native/encode.c``, become the extension module
  ``primero/compiled_encoder.abi3.so``, built the same way;
* the seeded shuffle of a deal's stock, ``src/primero/_native/shuffle.c``, becomes the
  extension module ``primero/compiled_shuffle.abi3.so``, built the same way.

Then:

* a regular wheel (``pip install .``, ``python -m build``) carries what was built. With an
  extension it is tagged ``cp311-abi3-<platform>`` (one wheel for CPython 3.11 and later);
  with the kernel alone ``py3-none-<platform>`` (ctypes: no Python ABI). ``auditwheel
  repair`` (or ``delocate``) then turns ``linux_x86_64`` into a ``manylinux`` tag PyPI
  accepts;
* an editable install (``pip install -e .``) compiles them into the source tree (gitignored);
* without a compiler (or headers), or if a compile fails, the build goes on with a warning on
  standard error (pip shows it with ``pip install -v``): never a failed install. Without the
  kernel primero counts with numpy instead (as with ``PRIMERO_NO_NATIVE=1``); without the
  evaluator single hands are evaluated in pure Python, without the tensor writes the adapters'
  tensors are written in pure Python (the same values), without the shuffle seeded stocks are
  shuffled in pure Python (the same order); with none the wheel is pure Python
  (``py3-none-any``).

Either way the wheel (or the editable tree) carries ``_primero_native.status``,
``compiled_evaluator.status``, ``compiled_encoder.status`` and ``compiled_shuffle.status``,
one line each saying whether the unit was built and, if not, why: ``primero --version``,
:func:`primero.analysis.counter`, :func:`primero.native_evaluator.evaluator_reason`,
:func:`primero.tensor_writes.encoder_reason` and
:func:`primero.native_shuffle.shuffle_reason` report them.

The sdist carries the C sources and this hook, so installing from it compiles again.
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
#: The same for the hand evaluator, beside it in ``primero/`` (read by
#: ``primero.native_evaluator``).
EVALUATOR_STATUS_NAME = "compiled_evaluator.status"
#: The same for the tensor writes (read by ``primero.tensor_writes``).
ENCODER_STATUS_NAME = "compiled_encoder.status"
#: The same for the seeded shuffle (read by ``primero.native_shuffle``).
SHUFFLE_STATUS_NAME = "compiled_shuffle.status"


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


class NativeKernelHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the kernel and the extensions into the wheel (or, editable, the source tree)."""

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
                       "The wheel carries no kernel: primero will count showdown odds "
                       "with numpy instead (slower). Install a C compiler "
                       "(cc, gcc or clang, or set CC) and reinstall to build it.")
            self.app.display_warning(message)
        else:
            status.write_text("built\n", encoding="utf-8")
            self.app.display_info(f"primero: compiled the showdown kernel {target.name}")
        # three Python extensions of the limited API (abi3): the per-call hand evaluator,
        # the adapters' tensor writes and the seeded shuffle
        package = root / PACKAGE if version == "editable" else folder
        built = {}
        for source, extension_name, status_name, what, without in (
                (build.EXTENSION_SOURCE, build.EXTENSION_NAME, EVALUATOR_STATUS_NAME,
                 "hand evaluator was", "Single hands are evaluated in pure Python instead (same "
                 "values, about 4x slower per call)."),
                (build.ENCODER_SOURCE, build.ENCODER_NAME, ENCODER_STATUS_NAME,
                 "tensor writes were", "The adapters' tensors are written in pure Python instead "
                 "(same values, about 2x slower per call)."),
                (build.SHUFFLE_SOURCE, build.SHUFFLE_NAME, SHUFFLE_STATUS_NAME,
                 "seeded shuffle was", "Seeded stocks are shuffled in pure Python instead (the "
                 "same order, about 2x slower per deal's shuffle).")):
            extension = package / extension_name
            extension_status = package / status_name
            extension_failure = build.compile_extension(extension, source)
            if extension_failure is not None:
                reason = " ".join(extension_failure.split())
                extension_status.write_text(f"not built: {reason}\n", encoding="utf-8")
                self.app.display_warning(
                    f"WARNING: primero: the compiled {what} NOT built ({reason}). "
                    f"{without} Install a C compiler (cc, gcc or clang, or set CC) and "
                    "Python's headers, and reinstall to build it.")
            else:
                extension_status.write_text("built\n", encoding="utf-8")
                self.app.display_info(
                    f"primero: compiled the {what.rsplit(' ', 1)[0]} {extension.name}")
            built[extension_name] = (extension, extension_status, extension_failure is None)
        if version == "editable":
            return
        build_data["force_include"][str(status)] = f"primero/analysis/_native/{STATUS_NAME}"
        if failure is None:
            build_data["force_include"][str(target)] = f"primero/analysis/_native/{name}"
            build_data["pure_python"] = False
            # ctypes loads the kernel: no Python ABI, only the platform
            build_data["tag"] = f"py3-none-{platform_tag()}"
        for extension_name, (extension, extension_status, done) in built.items():
            build_data["force_include"][str(extension_status)] = f"primero/{extension_status.name}"
            if done:
                build_data["force_include"][str(extension)] = f"primero/{extension_name}"
                build_data["pure_python"] = False
                # extensions of the limited API of 3.11: one wheel for CPython 3.11 and later
                build_data["tag"] = f"cp311-abi3-{platform_tag()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder of a regular wheel's library."""
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
