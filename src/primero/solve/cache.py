"""Solved strategies kept on disk, like the hand tables (:func:`primero.tables.cache_dir`).

A strategy is stored with the tables, in the ``solve`` folder of their directory
(``platformdirs``' user cache for ``primero``; ``PRIMERO_CACHE_DIR`` moves it,
``PRIMERO_NO_CACHE=1`` turns it off), as a
compressed numpy archive named by a digest of everything that decides it: the variant and its
settings, the table, the target and iteration limit, and the source of :mod:`primero.solve`
and of the hand tables. The archive also holds the SHA-256 digest of its tables: a file that
cannot be read, does not fit the game, fails its digest (truncated, tampered) or holds a table
that is not a probability distribution per hand is never used: the game is solved again and
the file rewritten. A cache that cannot be written (read-only, not a directory) is skipped.

The last few strategies solved are also kept in memory, by the same key, for when no file
holds them (``PRIMERO_NO_CACHE=1``, a cache that cannot be written or a file gone bad, which
is then written again): a run that solves a table before it plays (``primero match``,
:func:`primero.simulation.simulate`) and its players solve it once; forked workers inherit
them.
A solve shows a progress bar on standard error (iterations, exploitability) when asked or
when standard error is a terminal.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import zipfile
from pathlib import Path

import numpy as np

from primero.solve.game import RangeGame
from primero.solve.ranges import FloatArray
from primero.solve.solving import solve, solve_progress
from primero.solve.strategy import Strategy
from primero.tables import cache_dir, code_version, source_digest

__all__ = ["cached_strategy", "strategy_file"]

#: How many strategies are kept in memory (the full game's takes some tens of MB).
MEMORY_KEPT = 2

#: The strategies kept in memory, oldest first, by their game's key, target and iterations.
_KEPT: dict[tuple[object, ...], Strategy] = {}


def strategy_file(game: RangeGame, target: float, iterations: int) -> Path | None:
    """Where the strategy of ``game`` solved to ``target`` is kept, or ``None`` (no cache)."""
    tables = cache_dir()
    if tables is None:
        return None
    variant, table = game.tree.variant, game.tree.table
    key = json.dumps({
        "variant": variant.name, "settings": [list(s) for s in variant.settings],
        "table": [table.chips, table.stake, table.rest, table.ante, table.raise_cap],
        "target": target, "iterations": iterations, "tables": code_version(),
        "solve": source_digest(os.path.dirname(os.path.abspath(__file__))),
    }, sort_keys=True, default=str)
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    return tables / "solve" / f"{variant.name}-{digest}.npz"


def _digest(tables: dict[str, FloatArray]) -> str:
    """The SHA-256 of the tables' names, shapes and float64 bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(tables):
        table = np.ascontiguousarray(tables[name], dtype="<f8")
        digest.update(f"{name}{table.shape}".encode())
        digest.update(table.tobytes())
    return digest.hexdigest()


def _load(path: Path, game: RangeGame) -> Strategy | None:
    """The strategy kept in ``path``, or ``None`` when it is unreadable or not trustworthy."""
    try:
        with np.load(path, allow_pickle=False) as archive:
            tables: list[FloatArray | None] = []
            kept: dict[str, FloatArray] = {}
            for i, node in enumerate(game.tree.nodes):
                if node.actor is None:
                    tables.append(None)
                    continue
                stored = archive[f"node{i}"]
                if stored.dtype != np.float64 \
                        or stored.shape != (len(game.ranges[node.actor]), len(node.actions)):
                    return None
                table = np.asarray(stored, dtype=np.float64)
                if not (np.isfinite(table).all() and (table >= 0).all()
                        and np.allclose(table.sum(axis=1), 1.0, atol=1e-9)):
                    return None
                kept[f"node{i}"] = table
                tables.append(table)
            if set(archive.files) != set(kept) | {"digest"} \
                    or str(archive["digest"]) != _digest(kept):
                return None
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None
    return Strategy(game, tuple(tables))


def _memory_key(game: RangeGame, target: float, iterations: int) -> tuple[object, ...]:
    variant, table = game.tree.variant, game.tree.table
    return (variant.name, variant.settings, table, target, iterations)


def cached_strategy(game: RangeGame, *, target: float = 0.005, iterations: int = 1000,
                    progress: bool | None = None) -> Strategy:
    """The average strategy of ``game`` solved to ``target`` chips per deal, from disk if kept.

    Args:
        game: The game.
        target: The exploitability to reach, chips per deal.
        iterations: The most CFR+ iterations.
        progress: Show a progress bar on standard error while solving (not when the
            strategy is read); ``None``: when standard error is a terminal.

    Returns:
        The strategy (solved now and written, when not on disk or when the file kept is
        unreadable, truncated or tampered with: it is never loaded wrong).
    """
    path = strategy_file(game, target, iterations)
    if path is not None and path.is_file():
        found = _load(path, game)
        if found is not None:
            return found
    key = _memory_key(game, target, iterations)
    strategy = _KEPT.get(key)  # solved in this process with no file (or a file gone bad)
    if strategy is None:
        with solve_progress(f"solving {game.tree.variant} heads-up",
                            iterations, target, progress=progress) as (report, step):
            strategy = solve(game, target=target, iterations=iterations, report=report,
                             step=step).strategy
        _keep(key, strategy)
    if path is not None:
        arrays = {f"node{i}": t for i, t in enumerate(strategy.tables) if t is not None}
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.savez_compressed(partial, digest=np.array(_digest(arrays)),
                                **arrays)  # type: ignore[arg-type]
            os.replace(partial, path)
        except OSError:  # a cache that cannot be written: the strategy is kept in memory
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
    return strategy


def _keep(key: tuple[object, ...], strategy: Strategy) -> Strategy:
    """Keep ``strategy`` in memory under ``key``, dropping the oldest beyond the limit."""
    _KEPT.pop(key, None)
    _KEPT[key] = strategy
    while len(_KEPT) > MEMORY_KEPT:
        del _KEPT[next(iter(_KEPT))]
    return strategy
