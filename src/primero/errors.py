"""The exceptions primero raises.

Every error derives from :class:`PrimeroError` and also from the built-in exception that fits
it, so ``except ValueError`` keeps working for callers that do not know primero.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "CARD_TEXT",
    "LONG_TEXT",
    "TEXT_START",
    "AgentFailedError",
    "CardParseError",
    "EndlessDealError",
    "IllegalActionError",
    "InvalidDeckError",
    "InvalidOptionError",
    "InvalidParameterError",
    "PluginError",
    "PluginWarning",
    "PrimeroError",
    "RankingMismatchError",
    "RecordError",
    "UnknownAgentError",
    "UnknownSeatError",
    "UnknownVariantError",
]


#: Text longer than this many characters is named by its start and its length (:func:`named`).
LONG_TEXT = 200
#: The characters of a long text an error keeps (:func:`named`).
TEXT_START = 40


def named(value: object, limit: int = 40) -> str:
    """A bad input as an error message names it: its ``repr``, shortened past ``limit``.

    Never a huge value whole (a 5,000-character string, a whole table): text is quoted whole
    up to :data:`LONG_TEXT` characters, longer text by its first :data:`TEXT_START` and its
    length (``'zzzz'... (3,000 characters)``, as the command line shows a long word), anything
    else whose ``repr`` passes ``limit`` as ``a <type>``.
    """
    if isinstance(value, str):
        if len(value) > LONG_TEXT:
            return f"{value[:TEXT_START]!r}... ({len(value):,} characters)"
        return repr(value)
    try:
        shown = repr(value)
    except Exception:  # a value whose repr raises is named by its type
        return f"a {type(value).__name__}"
    return shown if len(shown) <= limit else f"a {type(value).__name__}"


def typed_name(value: object, limit: int = 40) -> str:
    """A bad input named with its type: ``int 3``, ``str '10'``; as :func:`named` when long.

    What a message says when the type is the fault (``variant is int 3: give a variant``):
    a value whose ``repr`` passes ``limit`` characters, or raises, is ``a <type>`` alone.
    """
    shown = named(value, limit)
    kind = type(value).__name__
    return shown if shown == f"a {kind}" else f"{kind} {shown}"


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


class InvalidParameterError(PrimeroError, ValueError):
    """An adapter's game or environment parameter has a bad value; the message names it.

    Raised by the OpenSpiel game's parameters and the PettingZoo environment's arguments
    (:class:`primero.adapters.AdapterTable`).

    Attributes:
        parameter: The parameter's name (``"stacks"``, ``"dealer"``, ``"carry_in"``...).
    """

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(f"{parameter}: {message}")
        self.parameter = parameter

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.parameter, str(self).split(": ", 1)[1]))


#: A card as primero writes it: its repr (``Card.parse('7s')``, or one cut short by an error's
#: length limit), its ASCII or symbol notation (``7s``, ``10h``, ``7♠``), a rank cut short
#: (``7...``, ``1...``), or its Italian long name (``7 di coppe``). A pattern, compiled (and
#: kept in re's cache) when an error first hides cards, not when primero is imported.
#: A card's text as errors and reasons write it (``7s``, ``7♠``, ``10h``...).
CARD_TEXT = (
    r"Card\.parse\(\s*'[^']*(?:'\s*\))?"
    r"|(?<![\w.])(?:(?:10|[2-9AJQKT])[shdc♠♥♦♣♤♡♢♧](?!\w)|(?:10|1|[2-9AJQKT])(?=\.\.\.))"
    r"|(?<!\w)\w+ di (?:spade|coppe|denari|bastoni)(?!\w)")
#: What a hidden card reads as in an error's message.
HIDDEN_CARD = "<card>"
_notes = 0


def without_cards(text: str) -> str:
    """``text`` with every card written in it replaced by :data:`HIDDEN_CARD`.

    Cards are recognised in every notation primero writes (see :mod:`primero.cards`): the
    repr ``Card.parse('7s')`` (also cut short), ``7s`` / ``10h`` / ``Th`` and ``7♠``, and the
    Italian long names (``fante di spade``). How many cards there were stays readable.
    """
    return re.sub(CARD_TEXT, HIDDEN_CARD, text)


@contextmanager
def plugin_detail_in_notes() -> Iterator[None]:
    """Add each :class:`PluginError`'s :attr:`~PluginError.detail` to its notes in the block.

    For the conformance kit (:mod:`primero.testing`), whose failure report is read by the
    plug-in's author, not by a player: a :class:`PluginError` raised inside the block carries
    ``detail: <the message with its cards>`` as a note (:meth:`BaseException.add_note`), which
    tracebacks, pytest and hypothesis print under the message.
    """
    global _notes
    _notes += 1
    try:
        yield
    finally:
        _notes -= 1


class PluginError(PrimeroError, RuntimeError):
    """A plug-in is broken: a bad hook result, a bad registration, a failed import.

    The message is one line naming the plug-in, the hook, what it returned and what was
    expected. The same facts are attributes, for tests and tools.

    The message (``str(error)``, what the CLI prints and what a table or a server shows) never
    quotes a card: a plug-in's fault can happen while the computer exchanges, or in a state
    holding every hand, so each card in it reads ``<card>`` (how many there were stays
    visible) and the message ends ``(cards hidden: error.detail shows them)``. The message
    with its cards is :attr:`detail`, for the plug-in's author; the conformance kit adds it
    to the failure it reports (:func:`plugin_detail_in_notes`).

    Attributes:
        plugin: The plug-in at fault: its module or rule class, with its distribution
            (``"name version"``) when installed; ``""`` if unknown.
        hook: The hook whose result was wrong (``"primero_settle"``), or ``""`` for a fault
            found at registration outside any hook.
        detail: The whole message, cards included (equal to the message when it has none).
            For the plug-in's author only: never show it to a player.
    """

    def __init__(self, message: str, *, plugin: str = "", hook: str = "") -> None:
        shown = without_cards(message)
        if shown != message:
            shown += " (cards hidden: error.detail shows them)"
        super().__init__(shown)
        self.plugin = plugin
        self.hook = hook
        self.detail = message
        if _notes and shown != message:
            self.add_note(f"detail: {message}")


class EndlessDealError(PluginError):
    """A deal did not end within the bound computed from its table and its progress.

    Rules: docs/rules/waks.md.

    See :func:`primero.plugins.checks.deal_action_bound`: it grows with what the deal has moved
    (chips, folds, steps), not with the chips on the table, so a deal whose actions move
    nothing is stopped within a few hundred actions however many chips the players hold.

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

    reason: str
    legal: tuple[object, ...]

    def __init__(self, message: str, *, reason: str = "", legal: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason or message
        self.legal = legal


class AgentFailedError(PrimeroError, RuntimeError):
    """An agent's own ``act`` raised in a match.

    The message names the agent, its role and the deal; the agent's exception is the
    ``__cause__``.
    """


class RecordError(PrimeroError, ValueError):
    """A deal file (TOML record) is malformed or cannot be replayed."""


class UnknownSeatError(PrimeroError, IndexError, KeyError):
    """A seat number or player name that is not at this deal's table.

    Also an ``IndexError`` (a bad seat number) and a ``KeyError`` (a bad player name), as
    before it had a class of its own; its text is the message itself, unquoted.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


#: What a plug-in's code may raise that becomes a :class:`~primero.errors.PluginError`:
#: everything but ``KeyboardInterrupt`` (the user's) and the kit's own timer
#: (``primero.testing.KitTimeout``, a ``BaseException``): a ``SystemExit`` or
#: ``GeneratorExit`` from a hook must not end the program or the deal silently.
PLUGIN_FAULTS: tuple[type[BaseException], ...] = (Exception, SystemExit, GeneratorExit)


def exception_text(exc: BaseException, limit: int | None = None) -> str:
    """``exc``'s text on one line, cut at a word past ``limit`` characters.

    Never raises: when the exception's ``str()`` raises, what it raised is named instead.
    """
    try:
        text = " ".join(str(exc).split())
    except Exception as inner:
        text = f"<its str() raised {type(inner).__name__}>"
    if limit is not None and len(text) > limit:
        cut = text[:limit]
        text = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "..."
    return text
