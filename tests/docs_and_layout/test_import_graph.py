"""The package's import graph: no circle, three named doors, no shims, no private imports.

The graph is built from the source of every module of ``src/primero`` (not from a list):
every ``import`` and ``from ... import`` of a primero module, at module level or inside a
function, except those under ``if TYPE_CHECKING:`` (which never run).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from conftest import PACKAGE

#: The function-level imports the package keeps, each a named door: a variant reaches the
#: registry (which builds on the variant module), the checked rules open their deal half
#: on the first deal (a ranking's cold start never loads the deal's code), and a simulation
#: opens the batched engine only when asked for it (``simulate(engine="batch")``).
DOORS = {
    ("primero.variant", "primero.plugins.registry"),
    ("primero.plugins.rules", "primero.plugins.deal"),
    ("primero.simulation.run", "primero.batch.play"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                hidden.update(id(n) for n in ast.walk(statement))
    return hidden


def _function_nodes(tree: ast.Module) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


def _owner(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str) -> Iterator[tuple[str, bool, ast.AST]]:
    """``(imported module, inside a function, node)`` for every import of a primero module."""
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    hidden, inside = _type_checking_nodes(tree), _function_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "primero":
            targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES
                       else node.module for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names if a.name.split(".")[0] == "primero"]
        for target in targets:
            owner = _owner(target)
            if owner is not None and owner != module:
                yield owner, id(node) in inside, node


def graph(*, doors: bool) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for module in MODULES:
        for target, _, _ in imports(module):
            if doors or (module, target) not in DOORS:
                edges[module].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_built_from_every_module() -> None:
    assert len(MODULES) > 50  # every file, not a list
    assert {"primero.deal.engine", "primero.plugins.rules", "primero.variants.suzuki"} \
        <= set(MODULES)
    assert "primero.plugins.registry" in graph(doors=True)["primero.variant"]


def test_the_package_has_no_import_circle_but_through_its_doors() -> None:
    assert circles(graph(doors=False)) == []


def test_the_only_imports_inside_functions_are_the_named_doors() -> None:
    deferred = {(m, target) for m in MODULES for target, inside, _ in imports(m) if inside}
    assert deferred == DOORS
    assert len(DOORS) <= 3


def test_a_circle_is_found_where_there_is_one() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_but_the_public_face_resolves_names_lazily() -> None:
    lazy = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text("utf-8"))
        names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        if names & {"__getattr__", "__dir__"}:
            lazy.append(module)
    # primero.analysis too: its pure modules (intervals, duplicate play) load without pandas
    assert lazy == ["primero", "primero.analysis"]


def test_no_private_name_is_imported_from_another_module() -> None:
    private = []
    for module in MODULES:
        for target, _, node in imports(module):
            if isinstance(node, ast.ImportFrom):
                private += [f"{module} <- {target}.{a.name}" for a in node.names
                            if a.name.startswith("_") and f"{node.module}.{a.name}" not in MODULES]
    assert private == []


def test_no_module_re_exports_another_s_names() -> None:
    shims = []
    for module, path in MODULES.items():
        if path.name == "__init__.py":
            continue  # a package's face lists its public names
        text = path.read_text("utf-8")
        if "still importable" in text or "importable from here" in text:
            shims.append(module)
        tree = ast.parse(text)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and any(a.asname == a.name for a in node.names):
                shims.append(f"{module}: {ast.unparse(node)}")
    assert shims == []
