"""``dir(primero.analysis)`` lists what a notebook may use, not the module's own imports."""

from __future__ import annotations

import primero.analysis


def test_dir_lists_the_public_names_and_no_imports_of_its_own() -> None:
    names = dir(primero.analysis)
    assert set(primero.analysis.__all__) <= set(names)
    assert {"Any", "TYPE_CHECKING", "annotations", "importlib", "ModuleType"}.isdisjoint(names)
    assert "compare" in names  # lazily exported, not in __all__
