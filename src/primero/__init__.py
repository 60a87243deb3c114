"""primero: Primero (Primiera), the Renaissance ancestor of poker, and its historical variants.

The public API, re-exported from the modules that define it::

    >>> import primero
    >>> primero.evaluate("7s 6h Ad Kc").label
    'Primero 65'
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib.metadata import PackageNotFoundError, version

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie, parse_action
from primero.agents import Agent, HeuristicAgent, RandomAgent, play_deal, play_session
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
from primero.engine import start_deal
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
    UnknownVariantError,
)
from primero.hands import Classification, Comparison, HandValue, Ranking
from primero.history import DealRecord, load_record, replay, save_record
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.plugins import get_variant, registry
from primero.session import Session
from primero.settlement import Award, PotLayer, Settlement
from primero.state import GameState, PlayerView, Step
from primero.variant import Variant, VariantSpec

try:
    __version__ = version("primero")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"


def evaluate(cards: str | Iterable[Card | str],
             variant: str | Variant = "waks", **options: object) -> HandValue:
    """Evaluate a four-card hand.

    Args:
        cards: Four cards, as text (``"7s 6h Ad Kc"``) or cards.
        variant: A variant name (with ``options``) or a configured :class:`Variant`.
        **options: Variant options, e.g. ``supremus=False``, when ``variant`` is a name.

    Returns:
        The :class:`HandValue`: class, points, counting cards, and the ranking.

    Raises:
        CardParseError: a token is not a card.
        InvalidDeckError: not four cards, a duplicate, or a card outside the variant's pack.
        UnknownVariantError: no such variant.
        InvalidOptionError: an unknown option or a bad value.
    """
    if isinstance(variant, str):
        variant = get_variant(variant, **options)
    elif not isinstance(variant, Variant):
        raise UnknownVariantError(
            f"variant must be a name or a configured Variant, got {type(variant).__name__}"
        )
    elif options:
        variant = variant.with_options(**options)
    if not isinstance(cards, str | tuple | list):
        raise CardParseError(
            f"cards must be text like '7s 6h Ad Kc' or a list of cards, got "
            f"{type(cards).__name__}"
        )
    return variant.ranking.evaluate(cards if isinstance(cards, str) else parse_cards(cards))


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
    "UnknownAgentError",
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
