"""A batched engine for research: N deals stepped at once as numpy arrays (docs/batch.md).

* :mod:`primero.batch.rules` — which variants the batch plays, and their rules as arrays;
* :mod:`primero.batch.state` — the N deals' arrays;
* :mod:`primero.batch.dealing` — stocks, antes, deal steps, exchanges and reshuffles;
* :mod:`primero.batch.betting` — the betting step;
* :mod:`primero.batch.legal` — legal actions as a mask over the engine's action ids;
* :mod:`primero.batch.settlement` — layers, pots, ties and carry-over;
* :mod:`primero.batch.engine` — :class:`BatchEngine`: ``reset``, ``legal_mask``, ``step``,
  ``rewards``, ``done``, ``records``;
* :mod:`primero.batch.observation` — :func:`observation_tensors`, the adapters' observation
  tensor of every deal;
* :mod:`primero.batch.agents` — batched agents (random, strength);
* :mod:`primero.batch.play` — ``simulate(..., engine="batch")``.
"""

from __future__ import annotations

from primero.batch.engine import BatchEngine
from primero.batch.observation import observation_tensors
from primero.batch.rules import SUPPORTED, UNSUPPORTED

__all__ = ["SUPPORTED", "UNSUPPORTED", "BatchEngine", "observation_tensors"]
