"""The import graph runs one way (issue 12 item 4): the engine depends on the state, never back.

The state owns no behaviour of its own: ``state.apply``, ``state.view`` and the like call the
engine that :mod:`primero.engine` binds when it is imported
(:func:`primero.deal_setup.bind_engine`), so :mod:`primero.state` imports neither the engine nor
anything that imports the state again — not even inside a function. The graph below is read
from the source (every ``import``, at module level or inside a function, but not under
``TYPE_CHECKING``), independently of what Python happens to have imported.
"""

from __future__ import annotations

import ast
import pickle
import subprocess
import sys
from pathlib import Path

import primero
from primero.engine import start_deal

SRC = Path(primero.__file__).parent

#: The deal's values and the engine that walks them: no import circle among them.
CORE = ("primero.cards", "primero.actions", "primero.errors", "primero.calls", "primero.deal_setup",
        "primero.seats", "primero.views", "primero.variant_state", "primero.state",
        "primero.settlement", "primero.betting_rules", "primero.action_space",
        "primero.rules.betting", "primero.rules.dealing", "primero.rules.settling",
        "primero.answer_checks", "primero.hookchecks", "primero.hookspecs", "primero.table_setup",
        "primero.action_text", "primero.rules.betting_round", "primero.rules.fast_path",
        "primero.copying", "primero.engine")


def _modules() -> dict[str, Path]:
    found = {}
    for path in SRC.rglob("*.py"):
        name = ".".join(("primero", *path.relative_to(SRC).with_suffix("").parts))
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(tree: ast.Module, known: dict[str, Path]) -> set[str]:
    """Every primero module ``tree`` imports, also inside functions; not under TYPE_CHECKING."""
    out: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                out.add(node.module)
                out.update(f"{node.module}.{a.name}" for a in node.names)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])

    visit(tree.body)
    return {name for name in out if name in known}


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(ast.parse(path.read_text(encoding="utf-8")), known) - {name}
            for name, path in known.items()}


def _reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def test_the_graph_reader_sees_imports_inside_functions() -> None:
    graph = _graph()
    assert "primero.plugins" in graph["primero.engine"]   # inside start_deal
    assert "primero.state" in graph["primero.engine"]     # at module level
    assert "primero.engine" in graph["primero.history"]


def test_nothing_the_state_imports_imports_the_state_back() -> None:
    graph = _graph()
    below = _reaches(graph, "primero.state")
    assert "primero.state" not in below
    assert "primero.engine" not in below and "primero.action_space" not in below
    assert below == {"primero.cards", "primero.copying", "primero.errors", "primero.deal_setup",
                     "primero.seats", "primero.variant_state", "primero.views"}


def test_the_core_modules_import_one_way() -> None:
    graph = _graph()
    for name in CORE:
        inside = _reaches({m: graph[m] & set(CORE) for m in CORE}, name)
        assert name not in inside, f"{name} imports itself back through {sorted(inside)}"


def test_importing_the_state_alone_does_not_import_the_engine() -> None:
    code = ("import sys, primero.state; "
            "print(sorted(m for m in sys.modules if m.startswith('primero')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == str(["primero", "primero.cards", "primero.copying", "primero.deal_setup",
                               "primero.errors", "primero.seats", "primero.state",
                               "primero.variant_state", "primero.views"])


def test_a_state_unpickled_in_a_fresh_process_binds_the_engine(tmp_path: Path) -> None:
    state = start_deal("waks", ["A", "B"], 10, seed=5)
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    code = ("import pickle, sys; state = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print('primero.engine' in sys.modules, state.apply('fold').over)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["True", "True"]  # two players: a fold ends the deal
