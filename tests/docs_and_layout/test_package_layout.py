"""The kit (primero.testing) and primero.simulation as packages, one concept per module.

Every public name stays importable from the package; each is defined in exactly one of its
modules; no module is over about 500 lines; the kit needs only the ``testing`` extra; the
simulation's records and tasks pickle by paths that a fresh worker process can import.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import multiprocessing
import pickle
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

import primero.simulation
import primero.testing
from primero.simulation.play import Plan, Task
from primero.simulation.records import DealResult, Summary
from primero.simulation.run import simulate

ROOT = Path(__file__).resolve().parents[2]
#: The package imported: src/primero of a checkout, or the installed wheel's.
PACKAGE = Path(primero.testing.__file__).resolve().parent.parent

#: Each package's modules and the names each one defines (its ``__all__``), as laid out.
LAYOUT = {
    "primero.testing": {
        "strategies": ["NAMES", "DealConfig", "action_pool", "cards", "deal_setups", "hands",
                       "resolve_variant", "seeds"],
        "failures": ["DealInvariantError"],
        "invariants": ["action_bound", "check_deal_invariants"],
        "snapshots": ["snapshot"],
        "privacy": ["Revealed", "check_out_of_turn", "check_view_hides", "hidden_twins",
                    "public_cards"],
        "chance": ["check_action_ids", "check_chance", "external_replay"],
        "machine": ["DealMachine"],
        "deadline": ["GRACE", "Deadline", "KitTimeout", "stuck_in"],
        "runner": ["play_random_deal", "run_deal_machine", "variant_state_machine"],
        "exploiters": ["EXPLOITERS", "Bluffer", "CallingStation", "Folder", "MaxBetter",
                       "RandomPlay", "betting_choices"],
        "holds_up": ["AgentExploitedError", "HoldsUp", "MATCH_ARGUMENTS", "check_agent_holds_up"],
    },
    "primero.simulation": {
        "records": ["DealResult", "Summary", "strongest_first"],
        "play": ["AgentSpec", "derive_seed", "seat_names"],
        "executor": ["IN_FLIGHT", "JOBS_PER_CORE", "MAX_DEALS", "PROGRESS_THRESHOLD", "Chunks",
                     "WorkerError", "chunk_size", "max_jobs", "usable_cores"],
        "run": ["Comparison", "Simulation", "compare", "simulate", "simulate_sessions"],
    },
}

#: The 24 names primero.testing gave as one module (0.1 and before the split), and the 13 of
#: primero.simulation: all still there.
OLD_TESTING = sorted([
    "NAMES", "DealConfig", "DealInvariantError", "DealMachine", "Revealed", "action_bound",
    "action_pool", "cards", "check_action_ids", "check_chance", "check_deal_invariants",
    "check_out_of_turn", "check_view_hides", "deal_setups", "external_replay", "hands",
    "hidden_twins", "play_random_deal", "public_cards", "resolve_variant", "run_deal_machine",
    "seeds", "snapshot", "variant_state_machine",
])
OLD_SIMULATION = sorted([
    "AgentSpec", "Comparison", "DealResult", "Simulation", "Summary", "compare", "derive_seed",
    "has_ante_step", "resolve_variant", "seat_names", "simulate", "simulate_sessions",
    "strongest_first",
])


def test_every_old_name_is_still_exported() -> None:
    # and new ones: KitTimeout (an example stuck in a hook that never returns), the exploiters
    # and the check that an agent holds up against them
    assert sorted(primero.testing.__all__) == sorted([
        *OLD_TESTING, "KitTimeout", "EXPLOITERS", "AgentExploitedError", "HoldsUp",
        "check_agent_holds_up"])
    assert sorted(primero.simulation.__all__) == OLD_SIMULATION
    # names the tests and the CLI import that were never in __all__
    for name in ("chunk_size", "deal_result", "PROGRESS_THRESHOLD"):
        assert hasattr(primero.simulation, name)


@pytest.mark.parametrize("package", sorted(LAYOUT))
def test_each_name_is_defined_in_one_module(package: str) -> None:
    exported = importlib.import_module(package)
    homes: dict[str, str] = {}
    for module, names in LAYOUT[package].items():
        mod = importlib.import_module(f"{package}.{module}")
        assert sorted(mod.__all__) == sorted(names), module
        for name in names:
            assert name not in homes, (name, homes.get(name), module)
            homes[name] = module
            if name in exported.__all__:
                assert getattr(exported, name) is getattr(mod, name), name
    # the two helpers that are not simulation concepts live elsewhere, re-exported
    assert {n for n in exported.__all__ if n not in homes} == (
        {"resolve_variant", "has_ante_step"} if package == "primero.simulation" else set())


def test_moved_helpers_live_where_they_belong() -> None:
    from primero.plugins.registry import resolve_variant
    from primero.session import has_ante_step

    assert primero.simulation.resolve_variant is resolve_variant
    assert primero.simulation.has_ante_step is has_ante_step
    assert (DealResult.__module__, Summary.__module__) == ("primero.simulation.records",) * 2
    assert primero.simulation.Simulation.__module__ == "primero.simulation.run"
    assert primero.testing.DealMachine.__module__ == "primero.testing.machine"


@pytest.mark.parametrize("package", ["testing", "simulation"])
def test_no_module_over_500_lines(package: str) -> None:
    folder = PACKAGE / package
    sizes = {p.name: len(p.read_text().splitlines()) for p in folder.glob("*.py")}
    assert sorted(sizes) == sorted(["__init__.py", *(f"{m}.py" for m in LAYOUT[
        f"primero.{package}"])])
    assert {name: n for name, n in sizes.items() if n > 500} == {}


# --- the kit needs the testing extra only -----------------------------------------------------

def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(requirements: list[str], extras: tuple[str, ...] = ()) -> set[str]:
    """The distributions ``requirements`` (with ``extras``) bring, with what they require."""
    seen: set[str] = set()
    todo = [(text, extras) for text in requirements]
    while todo:
        text, wanted = todo.pop()
        req = Requirement(text)
        if req.marker is not None and not any(
                req.marker.evaluate({**default_environment(), "extra": e})
                for e in (*wanted, "")):
            continue
        if _norm(req.name) in seen:
            continue
        seen.add(_norm(req.name))
        try:
            needs = importlib.metadata.requires(req.name) or []
        except importlib.metadata.PackageNotFoundError:
            continue  # an optional requirement not installed here cannot be loaded
        todo += [(t, tuple(req.extras)) for t in needs]
    return seen


def _loaded(code: str) -> set[str]:
    """Top-level modules a fresh interpreter has loaded after ``code``, less a bare one's."""
    tail = "\nimport sys, json\nprint(json.dumps(sorted({m.partition('.')[0] for m in " \
           "sys.modules})))"
    env = {"PYTHONPATH": str(PACKAGE.parent), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", c + tail], check=True, capture_output=True,
                           text=True, cwd=ROOT, timeout=300, env=env) for c in ("", code)]
    bare, after = (set(json.loads(r.stdout.splitlines()[-1])) for r in runs)
    return after - bare


def test_the_kit_needs_the_testing_extra_only() -> None:
    """Running the kit loads modules of primero, its base requirements, the ``testing`` extra
    (pytest, hypothesis) and installed plug-ins only: not mypy, sybil, pandas, dask, ..."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    allowed = _closure([*project["dependencies"],
                        *project["optional-dependencies"]["testing"]])
    allowed |= {_norm(ep.dist.name) for ep in importlib.metadata.entry_points(group="primero")
                if ep.dist is not None}  # third-party plug-ins the registry loads
    allowed.add("typing-extensions")  # hypothesis imports it if installed (try/except)
    allowed.add("primero")  # itself, when installed from a wheel (an editable install maps none)
    loaded = _loaded(
        "from hypothesis import settings\n"
        "from primero.testing import run_deal_machine\n"
        "run_deal_machine('waks', settings=settings(max_examples=2, stateful_step_count=5, "
        "deadline=None, database=None))")
    owners = importlib.metadata.packages_distributions()
    foreign = {}
    for top in sorted(loaded):
        dists = {_norm(d) for d in owners.get(top, ())}
        if dists and not dists & allowed:
            foreign[top] = sorted(dists)
    assert foreign == {}
    assert {"hypothesis", "primero"} <= loaded
    assert not {"mypy", "sybil", "pandas", "dask", "matplotlib", "rich"} & loaded


# --- pickles across worker processes ---------------------------------------------------------

def test_records_pickled_under_the_old_module_path_still_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A DealResult pickled as ``primero.simulation.DealResult`` (before the split) loads."""
    record = simulate("waks", deals=1, seed=2, progress=False).results[0]
    monkeypatch.setattr(DealResult, "__module__", "primero.simulation")
    old = pickle.dumps(record)
    monkeypatch.undo()
    assert b"primero.simulation\x94\x8c\nDealResult" in old or b"primero.simulation\n" in old
    assert pickle.loads(old) == record
    new = pickle.dumps(record)
    assert b"primero.simulation.records" in new
    assert pickle.loads(new) == record


def test_tasks_and_records_cross_a_fresh_worker_process() -> None:
    """A spawned worker imports the tasks and records by their pickled module paths."""
    task = Task(Plan.of(primero.simulation.resolve_variant("waks"), "waks",
                          players=3, chips=(20, 20, 20), stake=1, rest=3, ante=0, seed=4,
                          agents=("random",) * 3), "deals", 0, 3)
    assert pickle.loads(pickle.dumps(task)) == task
    here = simulate("waks", players=3, chips=20, deals=6, seed=4, agents="random",
                    progress=False)
    with ProcessPoolExecutor(max_workers=1,
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        there = simulate("waks", players=3, chips=20, deals=6, seed=4, agents="random",
                         executor=pool, progress=False)
    assert there.results == here.results
    assert len(there.results) == 6
