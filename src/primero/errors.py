"""The exceptions primero raises.

Every error derives from :class:`PrimeroError` and also from the built-in exception that fits
it, so ``except ValueError`` keeps working for callers that do not know primero.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "EndlessDealError",
    "IllegalActionError",
    "InvalidDeckError",
    "InvalidOptionError",
    "PluginError",
    "PluginWarning",
    "PrimeroError",
    "RankingMismatchError",
    "RecordError",
    "UnknownAgentError",
    "UnknownSeatError",
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


class UnknownAgentError(PrimeroError, ValueError):
    """No agent has the requested name; the message lists the known ones."""


class UnknownVariantError(PrimeroError, LookupError):
    """No installed variant has the requested name or alias; the message lists the known ones."""


class InvalidOptionError(PrimeroError, ValueError):
    """A variant option is unknown or has a bad value; the message names it and what is allowed."""


class PluginError(PrimeroError, RuntimeError):
    """A plug-in is broken: a bad hook result, a bad registration, a failed import.

    The message is one line naming the plug-in, the hook, what it returned and what was
    expected. The same facts are attributes, for tests and tools.

    Attributes:
        plugin: The plug-in at fault: its module or rule class, with its distribution
            (``"name version"``) when installed; ``""`` if unknown.
        hook: The hook whose result was wrong (``"primero_settle"``), or ``""`` for a fault
            found at registration outside any hook.
    """

    def __init__(self, message: str, *, plugin: str = "", hook: str = "") -> None:
        super().__init__(message)
        self.plugin = plugin
        self.hook = hook


class EndlessDealError(PluginError):
    """A deal did not end within the bound computed from its table (RULES.md §5).

    The bound allows every deal the rules can produce, so a deal that exceeds it is a rules
    fault: the plug-ins answering the betting hooks are named.
    """


class PluginWarning(UserWarning):
    """A plug-in was skipped because it failed to import, register or validate.

    The other plug-ins and the built-in variants keep working; asking for one of the skipped
    plug-in's variants raises its :class:`PluginError`.
    """


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


class UnknownSeatError(PrimeroError, IndexError, KeyError):
    """A seat number or player name that is not at this deal's table.

    Also an ``IndexError`` (a bad seat number) and a ``KeyError`` (a bad player name), as
    before it had a class of its own; its text is the message itself, unquoted.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
