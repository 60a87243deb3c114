"""Actions as text: reading what a caller gave :func:`~primero.engine.apply`, and the public text.

``_read`` reads deal-file text (``"vie 2"``, ``"Anna exchange Qd"``) for the player to act,
keeping every error free of others' cards; ``_as_id`` takes numpy's integers as action ids;
``_is_action`` tells a plug-in's action value; :func:`public_text` is how the table sees an
action (exchanged cards only as a count). :mod:`primero.engine` uses them and still exports
``public_text``.
"""

from __future__ import annotations

import operator
from typing import Any

import attrs

from primero.actions import ACTION_WORDS, Action, Exchange, Pass, parse_action
from primero.errors import IllegalActionError, PrimeroError
from primero.state import GameState

__all__ = ["public_text"]


def _as_id(value: Any) -> Any:
    """An integer of another type (numpy's) as an ``int`` id; anything else as it is."""
    if type(value).__name__.startswith("bool"):  # numpy's bool_ is not an id, as bool is not
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


def _is_action(value: object) -> bool:
    """An action of a plug-in (a frozen value with a text form) or one of the core's."""
    return attrs.has(type(value)) and callable(getattr(value, "__str__", None))


def _read(state: GameState, text: str, name: str) -> Action:
    """Read action text for :func:`apply`, keeping every error free of others' cards.

    ``"<player> <verb> ..."`` must name the player to act; text naming another player, or
    nobody at the table, or that cannot be read, raises an error whose ``.legal`` is empty
    and whose message names only the player to act and the text given. Text naming the
    player to act (or no player) that reads as an action is theirs: its errors may list their
    legal actions.
    """
    words = text.split()
    named = None
    if words and words[0].lower() not in ACTION_WORDS:  # "<player> <verb> ...", as in a record
        named = words[0]
        if named not in state.players:
            raise IllegalActionError(
                f"cannot read action {_quote(text)}: {_quote(named)} is neither an action "
                "word nor a player at this table", legal=())
        if named != name:
            raise IllegalActionError(f"it is {name}'s turn, not {named}'s",
                                     reason="out of turn", legal=())
        words = words[1:]
    try:
        return parse_action(" ".join(words))
    except PrimeroError as exc:
        if named is None:
            raise IllegalActionError(str(exc), legal=()) from None
        raise IllegalActionError(f"{name}: {exc}", legal=state.legal_actions()) from None


def _quote(text: str, limit: int = 40) -> str:
    """``text`` quoted, shortened past ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


_PUBLIC_TEXT: dict[int, tuple[Action, str]] = {}


def public_text(action: Action) -> str:
    """How the table sees an action: exchanged cards show only as a count."""
    known = _PUBLIC_TEXT.get(id(action))  # by identity: actions are shared values
    if known is not None and known[0] is action:
        return known[1]
    text = _public_text(action)
    if len(_PUBLIC_TEXT) >= 100_000:
        _PUBLIC_TEXT.clear()
    _PUBLIC_TEXT[id(action)] = (action, text)
    return text


def _public_text(action: Action) -> str:
    if isinstance(action, Exchange):
        n = len(action.discards)
        return f"exchange {n} card{'s' if n != 1 else ''}"
    if isinstance(action, Pass) and action.exchange:
        n = len(action.exchange)
        return f"pass exchange {n} card{'s' if n != 1 else ''}"
    return str(action)
