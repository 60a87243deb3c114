"""Which way round the table play goes, and where the deal passes after each deal.

Seats are numbered in playing order, and play and exchanges move in that order whatever the
direction (docs/rules/dealing.md#direction). Two options, declared by every built-in variant
with the default its sources give (:func:`seating_options`):

* ``play_direction``: ``clockwise`` (the eldest sits at the dealer's left) or
  ``counter-clockwise`` (at the dealer's right): a label for display, since seats are numbered
  in playing order either way;
* ``deal_passes``: a rule of the session. ``with_play``: the eldest deals next (the next seat
  in playing order); ``against_play``: the player before the dealer in playing order deals
  next. With three or more players it changes who is eldest in the next deal:
  :class:`~primero.session.Session` follows :func:`next_dealer_seat`.

:func:`seating_text` words them for :meth:`primero.deal.state.GameState.describe` and the terminal
game's ``rules``, :func:`deal_passing_text` for its standings line. Two variants that differ
only in ``play_direction`` deal, play and settle every deal alike; two that differ in
``deal_passes`` deal alike the first deal of a session (and every deal with two players).

Example::

    >>> from primero import get_variant
    >>> print(seating_text(get_variant("waks")).split("; ")[1])
    the deal passes with play, to the eldest
    >>> print(seating_text(get_variant("revival")).split("; ")[1])
    the deal passes against play, counter-clockwise, to the dealer's right
    >>> next_dealer_seat(get_variant("revival"), dealer=0, seats=3)
    2
"""

from __future__ import annotations

import numbers
from collections.abc import Callable

from primero.errors import PrimeroError
from primero.options import Configured, Option

__all__ = [
    "DEAL_PASSES",
    "PLAY_DIRECTIONS",
    "WAKS_SEATING_OPTIONS",
    "deal_passes",
    "deal_passes_option",
    "deal_passing_text",
    "next_dealer_seat",
    "play_direction_option",
    "seating_options",
    "seating_text",
]

#: The values of ``play_direction``: seat 1 sits at seat 0's left, or at its right.
PLAY_DIRECTIONS = ("clockwise", "counter-clockwise")
#: The values of ``deal_passes``: the eldest deals next, or the player before the dealer.
DEAL_PASSES = ("with_play", "against_play")

#: Where the eldest sits, seen from the dealer, for each direction of play.
_SIDE = {"clockwise": "left", "counter-clockwise": "right"}


def play_direction_option(default: str, why: str) -> Option:
    """The ``play_direction`` label with a variant's default.

    Args:
        default: ``"clockwise"`` or ``"counter-clockwise"``.
        why: Where the default comes from, with its source key or marked as the library's
            reading (it ends the option's doc).

    Raises:
        InvalidOptionError: ``default`` is not one of :data:`PLAY_DIRECTIONS`.
    """
    return Option(
        name="play_direction", affects_ranking=False, default="clockwise",
        choices=PLAY_DIRECTIONS,
        doc="Which way round the table play goes, a label for display only (seats are "
            "numbered in playing order either way, docs/rules/dealing.md#direction): "
            "clockwise, the eldest at the dealer's left; counter-clockwise, at the dealer's "
            f"right. Default {default}: {why}",
    ).with_default(default)


def deal_passes_option(default: str, why: str) -> Option:
    """The ``deal_passes`` rule of the session with a variant's default.

    Args:
        default: ``"with_play"`` or ``"against_play"``.
        why: Where the default comes from, with its source key or marked as the library's
            reading (it ends the option's doc).

    Raises:
        InvalidOptionError: ``default`` is not one of :data:`DEAL_PASSES`.
    """
    return Option(
        name="deal_passes", affects_ranking=False, default="with_play", choices=DEAL_PASSES,
        doc="Who deals the next deal of a session, a rule of the session "
            "(docs/rules/dealing.md#direction): with_play, the eldest (the next seat in "
            "playing order); against_play, the player before the dealer in playing order. "
            "With three or more players it changes who is eldest in the next deal. "
            f"Default {default}: {why}",
    ).with_default(default)


def seating_options(play: str, play_why: str, *, deal: str = "with_play",
                    deal_why: str) -> tuple[Option, Option]:
    """A variant's two seating options: ``play_direction`` and ``deal_passes``.

    Args:
        play: The default direction of play (:data:`PLAY_DIRECTIONS`).
        play_why: Its source, or the library's reading.
        deal: The default way the deal passes (:data:`DEAL_PASSES`).
        deal_why: Its source, or the library's reading.

    Raises:
        InvalidOptionError: a default is not among the allowed values.
    """
    return play_direction_option(play, play_why), deal_passes_option(deal, deal_why)


#: The Waks family's seating (waks, cardano, suzuki, roman, losing): play's direction (a label)
#: and where the deal passes (a rule of the session), docs/rules/dealing.md#direction.
WAKS_SEATING_OPTIONS = seating_options(
    "counter-clockwise",
    "'Gegeben und gespielt wird gegen den Uhrzeigersinn (nach rechts)' [seed-DE] (dealt and "
    "played counter-clockwise, to the right).",
    deal_why="'nach jedem Spiel gibt der rechte Nachbar' [seed-DE] (after each deal the "
    "right-hand neighbour deals): with play going to the right, the eldest deals next.",
)


def deal_passes(variant: Configured) -> str:
    """The variant's ``deal_passes``: ``"with_play"`` or ``"against_play"``.

    A variant that declares no ``deal_passes`` option (a plug-in's own) passes the deal with
    play, to the eldest (docs/rules/dealing.md#direction).
    """
    deal = variant.options.get("deal_passes")
    return "against_play" if deal == "against_play" else "with_play"


def next_dealer_seat(variant: Configured, dealer: int, seats: int,
                     can_deal: Callable[[int], bool] = lambda seat: True) -> int:
    """The seat that deals the next deal of a session (docs/rules/dealing.md#direction).

    ``with_play``: the first seat after ``dealer`` in playing order (the eldest) that
    ``can_deal``; ``against_play``: the first seat before it. Seats are numbered in playing
    order at the deal just played; a session then drops the players who left the table.

    Args:
        variant: A configured variant (its ``deal_passes``, :func:`deal_passes`).
        dealer: The seat that dealt, ``0 <= dealer < seats``.
        seats: How many seats the deal had.
        can_deal: Whether a seat stays at the table (has chips); default every seat.

    Returns:
        The next dealer's seat, or ``dealer`` itself when no other seat ``can_deal``
        (whatever ``can_deal(dealer)`` says).

    Raises:
        PrimeroError: ``seats`` is not a whole number of 1 or more, or ``dealer`` is not one
            of the seats (a whole number, not a bool or a float).
    """
    if not _whole(seats) or seats < 1:
        raise PrimeroError(f"seats must be a whole number of 1 or more, got {seats!r:.40}")
    if not _whole(dealer) or not 0 <= dealer < seats:
        raise PrimeroError(f"dealer seat {dealer!r:.40} is not one of {seats} seats "
                           f"(0 to {seats - 1})")
    dealer, seats = int(dealer), int(seats)  # numpy's integers answer a plain seat
    step = -1 if deal_passes(variant) == "against_play" else 1
    return next(((dealer + step * k) % seats for k in range(1, seats + 1)
                 if can_deal((dealer + step * k) % seats)), dealer)


def _whole(value: object) -> bool:
    """An integer (numpy's too) but a bool.

    Not :mod:`primero.setup`'s helper: the variants' options import this module on a
    census's cold path, which must not import deal code.
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _labels(variant: Configured) -> tuple[str, str] | None:
    """The variant's ``(play_direction, deal_passes)``, or ``None`` without the labels."""
    play = variant.options.get("play_direction")
    if not isinstance(play, str) or play not in _SIDE:
        return None
    return play, deal_passes(variant)


def _deal_words(play: str, deal: str) -> str:
    """``"the deal passes with play, clockwise"`` or ``"... against play, counter-..."``."""
    if deal == "against_play":
        return f"the deal passes against play, {PLAY_DIRECTIONS[1 - PLAY_DIRECTIONS.index(play)]}"
    return f"the deal passes with play, {play}"


def seating_text(variant: Configured) -> str | None:
    """The variant's seating in words, or ``None`` if it declares no ``play_direction``.

    Args:
        variant: A configured variant (its ``play_direction`` and ``deal_passes`` options).

    Returns:
        E.g. ``"play goes clockwise, the eldest at the dealer's left; the deal passes with
        play, to the eldest"``; with ``deal_passes = against_play``, ``"...; the deal passes
        against play, counter-clockwise, to the dealer's right"``.
    """
    labels = _labels(variant)
    if labels is None:
        return None
    play, deal = labels
    if deal == "against_play":
        other = PLAY_DIRECTIONS[1 - PLAY_DIRECTIONS.index(play)]
        where = f"{_deal_words(play, deal)}, to the dealer's {_SIDE[other]}"
    else:
        where = "the deal passes with play, to the eldest"
    return f"play goes {play}, the eldest at the dealer's {_SIDE[play]}; {where}"


def deal_passing_text(variant: Configured, next_dealer: str) -> str:
    """Who deals next, in words: the terminal game's standings line ends with it.

    Args:
        variant: A configured variant (its ``play_direction`` and ``deal_passes`` options).
        next_dealer: The player who deals next (the session's next dealer; ``"you"`` for
            the human).

    Returns:
        E.g. ``"Ben deals next (the deal passes with play, clockwise)"``, ``"you deal next
        (...)"``; with ``deal_passes = against_play``, ``"Carla deals next (the deal passes
        against play, counter-clockwise)"``; ``"Ben deals next"`` alone for a variant
        without a ``play_direction``.
    """
    verb = "deal" if next_dealer == "you" else "deals"
    labels = _labels(variant)
    if labels is None:
        return f"{next_dealer} {verb} next"
    return f"{next_dealer} {verb} next ({_deal_words(*labels)})"
