"""primero: Primero (Primiera), the Renaissance ancestor of poker, and its historical variants.

The public API, re-exported from the modules that define it::

    >>> import primero
    >>> primero.evaluate("7s 6h Ad Kc").label
    'Primero 65'

The names are imported on first use (PEP 562), so ``import primero`` stays cheap: a command
or a worker that needs one ranking does not import the agents, the session or the history.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the command's start)
if TYPE_CHECKING:
    from typing import Any

    from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie, parse_action
    from primero.agents import (
        Agent,
        HeuristicAgent,
        OddsAgent,
        RandomAgent,
        make_agent,
        play_deal,
        play_session,
    )
    from primero.cards import (
        FRENCH52,
        ITALIAN40,
        PACKS,
        SPANISH48,
        Card,
        Pack,
        Rank,
        Suit,
        format_cards,
        get_pack,
        parse_card,
        parse_cards,
    )
    from primero.deal.engine import start_deal
    from primero.deal.state import GameState
    from primero.errors import (
        CardParseError,
        EndlessDealError,
        IllegalActionError,
        InvalidDeckError,
        InvalidOptionError,
        PluginError,
        PluginWarning,
        PrimeroError,
        RankingMismatchError,
        RecordError,
        UnknownAgentError,
        UnknownSeatError,
        UnknownVariantError,
    )
    from primero.hands import Classification, Comparison, HandValue, Ranking
    from primero.hookspecs import hookimpl
    from primero.options import Option
    from primero.plugins.registry import get_variant, registry
    from primero.records import DealRecord, load_record, replay, save_record
    from primero.session import Session
    from primero.settlement import Award, PotLayer, Settlement
    from primero.setup import DealSetup, Step, Table
    from primero.variant import Variant, VariantSpec
    from primero.views import PlayerView

    #: The installed version (``"0.1.0"``), read from the metadata on first access.
    __version__: str

#: Public name -> the module that defines it (imported on first access).
_EXPORTS: dict[str, str] = {
    "Action": "primero.actions",
    "Call": "primero.actions",
    "Exchange": "primero.actions",
    "Fold": "primero.actions",
    "Hold": "primero.actions",
    "Pass": "primero.actions",
    "Vie": "primero.actions",
    "parse_action": "primero.actions",
    "Agent": "primero.agents",
    "HeuristicAgent": "primero.agents",
    "OddsAgent": "primero.agents",
    "RandomAgent": "primero.agents",
    "make_agent": "primero.agents",
    "play_deal": "primero.agents",
    "play_session": "primero.agents",
    "Card": "primero.cards",
    "FRENCH52": "primero.cards",
    "ITALIAN40": "primero.cards",
    "PACKS": "primero.cards",
    "Pack": "primero.cards",
    "Rank": "primero.cards",
    "SPANISH48": "primero.cards",
    "Suit": "primero.cards",
    "format_cards": "primero.cards",
    "get_pack": "primero.cards",
    "parse_card": "primero.cards",
    "parse_cards": "primero.cards",
    "start_deal": "primero.deal.engine",
    "CardParseError": "primero.errors",
    "EndlessDealError": "primero.errors",
    "IllegalActionError": "primero.errors",
    "InvalidDeckError": "primero.errors",
    "InvalidOptionError": "primero.errors",
    "PluginError": "primero.errors",
    "PluginWarning": "primero.errors",
    "PrimeroError": "primero.errors",
    "RankingMismatchError": "primero.errors",
    "RecordError": "primero.errors",
    "UnknownAgentError": "primero.errors",
    "UnknownSeatError": "primero.errors",
    "UnknownVariantError": "primero.errors",
    "Classification": "primero.hands",
    "Comparison": "primero.hands",
    "HandValue": "primero.hands",
    "Ranking": "primero.hands",
    "hookimpl": "primero.hookspecs",
    "Option": "primero.options",
    "get_variant": "primero.plugins.registry",
    "registry": "primero.plugins.registry",
    "DealRecord": "primero.records",
    "load_record": "primero.records",
    "replay": "primero.records",
    "save_record": "primero.records",
    "Session": "primero.session",
    "Award": "primero.settlement",
    "PotLayer": "primero.settlement",
    "Settlement": "primero.settlement",
    "DealSetup": "primero.setup",
    "Step": "primero.setup",
    "Table": "primero.setup",
    "GameState": "primero.deal.state",
    "Variant": "primero.variant",
    "evaluate": "primero.plugins.registry",
    "VariantSpec": "primero.variant",
    "PlayerView": "primero.views",
}


def __getattr__(name: str) -> Any:
    """Import a public name on first access (PEP 562); ``__version__`` from the metadata."""
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
    elif name == "__version__":
        value = _version()
    else:
        raise AttributeError(f"module 'primero' has no attribute {name!r}")
    globals()[name] = value  # later look-ups are plain module attributes
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _version() -> str:
    """The installed version, read from its ``dist-info`` (as importlib.metadata does).

    The ``METADATA`` file of the first ``primero-*.dist-info`` on ``sys.path`` is read
    directly: importing :mod:`importlib.metadata` costs more than the rest of ``import
    primero``. Anything unusual (no such directory, an unreadable file) falls back to
    :func:`importlib.metadata.version`.
    """
    import os
    import sys

    for entry in sys.path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for name in names:
            if name.lower().startswith("primero-") and name.endswith(".dist-info"):
                try:
                    with open(os.path.join(entry or ".", name, "METADATA"),
                              encoding="utf-8") as handle:
                        for line in handle:
                            if line.startswith("Version:"):
                                return line.split(":", 1)[1].strip()
                            if not line.strip():
                                break  # the end of the headers
                except OSError:
                    pass
                return _metadata_version()
    return _metadata_version()


def _metadata_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("primero")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0.0.0"


__all__ = [
    "FRENCH52",
    "ITALIAN40",
    "PACKS",
    "SPANISH48",
    "Action",
    "Agent",
    "Award",
    "Call",
    "Card",
    "CardParseError",
    "Classification",
    "Comparison",
    "DealRecord",
    "DealSetup",
    "EndlessDealError",
    "Exchange",
    "Fold",
    "GameState",
    "HandValue",
    "HeuristicAgent",
    "Hold",
    "IllegalActionError",
    "InvalidDeckError",
    "InvalidOptionError",
    "OddsAgent",
    "Option",
    "Pack",
    "Pass",
    "PlayerView",
    "PluginError",
    "PluginWarning",
    "PotLayer",
    "PrimeroError",
    "RandomAgent",
    "Rank",
    "Ranking",
    "RankingMismatchError",
    "RecordError",
    "Session",
    "Settlement",
    "Step",
    "Suit",
    "Table",
    "UnknownAgentError",
    "UnknownSeatError",
    "UnknownVariantError",
    "Variant",
    "VariantSpec",
    "Vie",
    "__version__",
    "evaluate",
    "format_cards",
    "get_pack",
    "get_variant",
    "hookimpl",
    "load_record",
    "make_agent",
    "parse_action",
    "parse_card",
    "parse_cards",
    "play_deal",
    "play_session",
    "registry",
    "replay",
    "save_record",
    "start_deal",
]
