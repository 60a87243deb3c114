"""The package's imports as a type checker reads them: the layers that already stand apart.

Every import of a primero module counts here, at module level, inside a function or under
``if TYPE_CHECKING:`` (a name a module only annotates with is still a module it knows). The
runtime graph, with its two named doors, is ``test_import_graph.py``'s.

What stands apart: the modules that rank hands and seat players read a variant through the
Protocols of what they use (:class:`primero.options.Configured`,
:class:`primero.tables.TableVariant`, :class:`primero.hands.RankedVariant`), so they sit below
the variant, the deal's state and the plug-in machinery; and the deal half of the checked rules
builds on the ranking half, not on the façade that opens it. What does not yet: the variant,
whose ``rules`` are the plug-ins' façade, and the deal's state, whose context holds the checked
deal rules, still tie the core of the deal and the plug-in machinery into one circle
(:data:`STILL_TIED`); no other module may join it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import PACKAGE

#: The modules still on one circle when annotations count (the variant's rules, the context's
#: deal rules, a state's view and action space): a module may leave it, none may join it.
STILL_TIED = frozenset({
    "primero.deal.action_space", "primero.hookspecs", "primero.plugins.checks",
    "primero.plugins.deal", "primero.plugins.manager", "primero.plugins.ranking",
    "primero.plugins.registry", "primero.plugins.rules", "primero.rules.betting",
    "primero.rules.dealing", "primero.rules.ranking", "primero.rules.settling",
    "primero.deal.state", "primero.variant", "primero.views",
})

#: The modules that rank hands and seat players, and what they stand on.
BELOW_THE_VARIANT = ("primero.options", "primero.cards", "primero.tables", "primero.hands",
                     "primero.settlement", "primero.seating")


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _owner(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def typed_imports(module: str) -> set[str]:
    """Every primero module that ``module`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text("utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "primero":
            names = [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.split(".")[0] == "primero"]
        for name in names:
            owner = _owner(name)
            if owner is not None and owner != module:
                found.add(owner)
    return found


GRAPH = {m: typed_imports(m) for m in MODULES}


def reach(start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in GRAPH[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def on_circles() -> set[str]:
    """Every module that reaches itself through its imports."""
    return {m for m in MODULES if m in reach(m)}


def test_the_typed_graph_counts_annotation_only_imports() -> None:
    assert len(MODULES) > 50  # every file, not a list
    # hookspecs names GameState under TYPE_CHECKING only: the typed graph has the arrow
    assert "primero.deal.state" in GRAPH["primero.hookspecs"]
    # and the registry door inside a function
    assert "primero.plugins.registry" in GRAPH["primero.variant"]


def test_the_ranking_and_seating_modules_know_no_variant_state_or_plug_in() -> None:
    above = {"primero.variant", "primero.deal.state", "primero.hookspecs", "primero.deal.engine"}
    for module in BELOW_THE_VARIANT:
        known = reach(module)
        assert sorted(known & above) == [], module
        assert sorted(m for m in known if m.startswith("primero.plugins")) == [], module


def test_the_deal_half_builds_on_the_ranking_half_not_on_the_facade() -> None:
    assert "primero.plugins.ranking" in GRAPH["primero.plugins.deal"]
    assert "primero.plugins.rules" not in GRAPH["primero.plugins.deal"]
    assert {"primero.plugins.rules", "primero.plugins.deal"} & GRAPH["primero.plugins.ranking"] \
        == set()


def test_no_module_joins_the_circle_that_still_ties_the_variant_and_the_state() -> None:
    assert sorted(on_circles() - STILL_TIED) == []
