"""Simulate many deals or sessions with computer players: one result record per deal.

Pure Python (no pandas): :mod:`primero.analysis` turns the records into DataFrames and plots,
and ``primero simulate`` prints their summary on a base install.

* :func:`simulate` plays independent deals: every deal starts from the same table (each player
  with ``chips``; the last seat deals, so **seat 0 is always the eldest** and a seat's win share
  is the worth of its position) and nothing carries into the next deal.
* :func:`simulate_sessions` plays sessions: the first dealer is drawn for, the deal passes on,
  a pot not won carries over, players with no chips leave (docs/rules/waks.md "Session"); seats are
  the players' places at the start of the session.
* :func:`compare` simulates several variants (or one variant under several option sets) on the
  same seeds.

**Reproducible whatever the number of workers.** Deal ``i`` of a run with seed ``s`` is shuffled
from a seed derived from ``(s, i)`` alone (:func:`derive_seed`), and its agents draw from a
generator derived the same way, so a deal's outcome never depends on which worker played it or
in what order. The work is cut into chunks whose size depends only on the number of deals;
``jobs=1`` plays them in this process, ``jobs > 1`` in a local
:class:`~concurrent.futures.ProcessPoolExecutor`, and ``executor=`` takes any
:class:`concurrent.futures.Executor` — e.g. a Dask cluster's ``client.get_executor()``::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")          # or Client(LocalCluster(...))
    sim = simulate("waks", deals=100_000, executor=client.get_executor())

The results are the same records in the same order in every case. Agents must be picklable
(the built-in ones are) and should keep no state between deals; a fresh copy plays each chunk.

A rich progress bar is shown on standard error for long runs when it is a terminal (or when
``progress=True``).

The package's modules, one concept each (every name below is importable from
``primero.simulation``):

* :mod:`primero.simulation.records` — :class:`DealResult` and :class:`Summary`;
* :mod:`primero.simulation.play` — seeds (:func:`derive_seed`), seat names, and the plans and
  tasks a worker plays;
* :mod:`primero.simulation.executor` — chunking (:func:`chunk_size`), worker processes or any
  executor, the progress bar;
* :mod:`primero.simulation.run` — :func:`simulate`, :func:`simulate_sessions`,
  :func:`compare`, and their results :class:`Simulation` and :class:`Comparison`.

Two helpers re-exported here for compatibility live where they belong:
:func:`~primero.plugins.registry.resolve_variant` (reading ``"name:key=value"`` variant text) and
:func:`~primero.session.has_ante_step` (a fact of the variant's deal plan).
"""

from __future__ import annotations

from primero.plugins.registry import resolve_variant
from primero.session import has_ante_step
from primero.simulation.executor import PROGRESS_THRESHOLD as PROGRESS_THRESHOLD
from primero.simulation.executor import chunk_size as chunk_size
from primero.simulation.play import AgentSpec, derive_seed, seat_names
from primero.simulation.records import DealResult, Summary, strongest_first
from primero.simulation.records import deal_result as deal_result
from primero.simulation.run import Comparison, Simulation, compare, simulate, simulate_sessions

__all__ = [
    "AgentSpec",
    "Comparison",
    "DealResult",
    "Simulation",
    "Summary",
    "compare",
    "derive_seed",
    "has_ante_step",
    "resolve_variant",
    "seat_names",
    "simulate",
    "simulate_sessions",
    "strongest_first",
]
