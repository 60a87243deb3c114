"""The exceptions primero raises.

Every error derives from :class:`PrimeroError` and also from the built-in exception that fits
it, so ``except ValueError`` keeps working for callers that do not know primero.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "IllegalActionError",
    "InvalidDeckError",
    "InvalidOptionError",
    "PluginError",
    "PrimeroError",
    "RankingMismatchError",
    "RecordError",
    "UnknownVariantError",
]


class PrimeroError(Exception):
    """Base class of every error primero raises."""


class CardParseError(PrimeroError, ValueError):
    """A card or list of cards could not be read; the message names the bad token."""


class InvalidDeckError(PrimeroError, ValueError):
    """A hand, pack or stacked stock is impossible: duplicate cards, wrong size, foreign cards."""


class RankingMismatchError(PrimeroError, TypeError):
    """Two hand values made by different rankings were compared."""


class UnknownVariantError(PrimeroError, LookupError):
    """No installed variant has the requested name or alias; the message lists the known ones."""


class InvalidOptionError(PrimeroError, ValueError):
    """A variant option is unknown or has a bad value; the message names it and what is allowed."""


class PluginError(PrimeroError, RuntimeError):
    """A plug-in is broken: a duplicate variant name, a bad registration, a failed import."""


class IllegalActionError(PrimeroError, ValueError):
    """An action is not legal in the state it was applied to.

    The state is unchanged. ``reason`` says why; ``legal`` lists what would have been legal.
    """

    def __init__(self, message: str, *, reason: str = "", legal: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason or message
        self.legal = legal


class RecordError(PrimeroError, ValueError):
    """A deal file (TOML record) is malformed or cannot be replayed."""
