"""Which way round the table play goes and the deal passes: labels for display only.

Seats are numbered in playing order, and play, exchanges and the next dealer all move in that
order whatever the labels say: the library models the order, and the direction is a label
(docs/rules/dealing.md#direction). Two options carry the labels, declared by every built-in
variant with the default its sources give (:func:`seating_options`):

* ``play_direction``: ``clockwise`` (the eldest sits at the dealer's left) or
  ``counter-clockwise`` (at the dealer's right);
* ``deal_passes``: ``with_play`` (the deal passes the way play goes: to the eldest, the next
  seat in playing order) or ``against_play``, for a sheet that passes it the other way. The
  label records what the sheet says; a library session still passes the deal to the next seat
  in playing order, and the texts say so.

:func:`seating_text` words them for :meth:`primero.state.GameState.describe` and the terminal
game's ``rules``, :func:`deal_passing_text` for its standings line. Two variants that differ
only in these options deal, play and settle every deal alike.

Example::

    >>> from primero import get_variant
    >>> print(seating_text(get_variant("waks")))
    play goes counter-clockwise, the eldest at the dealer's right; the deal passes with play
    >>> print(seating_text(get_variant("revival")).split("; ")[1])
    the deal passes with play
"""

from __future__ import annotations

from primero.options import Configured, Option

__all__ = [
    "DEAL_PASSES",
    "PLAY_DIRECTIONS",
    "deal_passes_option",
    "deal_passing_text",
    "play_direction_option",
    "seating_options",
    "seating_text",
]

#: The values of ``play_direction``: seat 1 sits at seat 0's left, or at its right.
PLAY_DIRECTIONS = ("clockwise", "counter-clockwise")
#: The values of ``deal_passes``: the deal passes the way play goes, or the other way.
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
    """The ``deal_passes`` label with a variant's default.

    Args:
        default: ``"with_play"`` or ``"against_play"``.
        why: Where the default comes from, with its source key or marked as the library's
            reading (it ends the option's doc).

    Raises:
        InvalidOptionError: ``default`` is not one of :data:`DEAL_PASSES`.
    """
    return Option(
        name="deal_passes", affects_ranking=False, default="with_play", choices=DEAL_PASSES,
        doc="Which way the deal passes after each deal, a label for display only (a session "
            "passes it to the next seat in playing order either way, "
            "docs/rules/dealing.md#direction): with_play, the way play goes; against_play, the "
            f"other way, where a sheet says so. Default {default}: {why}",
    ).with_default(default)


def seating_options(play: str, play_why: str, *, deal: str = "with_play",
                    deal_why: str) -> tuple[Option, Option]:
    """A variant's two seating labels: ``play_direction`` and ``deal_passes``.

    Args:
        play: The default direction of play (:data:`PLAY_DIRECTIONS`).
        play_why: Its source, or the library's reading.
        deal: The default way the deal passes (:data:`DEAL_PASSES`).
        deal_why: Its source, or the library's reading.

    Raises:
        InvalidOptionError: a default is not among the allowed values.
    """
    return play_direction_option(play, play_why), deal_passes_option(deal, deal_why)


def _labels(variant: Configured) -> tuple[str, str] | None:
    """The variant's ``(play_direction, deal_passes)``, or ``None`` without the labels."""
    play = variant.options.get("play_direction")
    if not isinstance(play, str) or play not in _SIDE:
        return None
    deal = variant.options.get("deal_passes")
    return play, deal if isinstance(deal, str) and deal in DEAL_PASSES else "with_play"


def _deal_words(play: str, deal: str, next_dealer: str | None, *, direction: bool) -> str:
    if deal == "against_play":
        other = PLAY_DIRECTIONS[1 - PLAY_DIRECTIONS.index(play)]
        to = f"{next_dealer}, " if next_dealer is not None else ""
        return (f"the deal passes to {to}the next in playing order (the sheet passes it "
                f"against play, {other}: a label only)")
    way = f", {play}" if direction else ""
    to = f", to {next_dealer}" if next_dealer is not None else ""
    return f"the deal passes with play{way}{to}"


def seating_text(variant: Configured, *, next_dealer: str | None = None) -> str | None:
    """The variant's seating labels in words, or ``None`` if it declares no ``play_direction``.

    Args:
        variant: A configured variant (its ``play_direction`` and ``deal_passes`` options).
        next_dealer: The player who deals next, named in the text when given.

    Returns:
        E.g. ``"play goes clockwise, the eldest at the dealer's left; the deal passes with
        play"``; with ``deal_passes = against_play`` the text says that the deal still goes
        to the next seat in playing order, the label being the sheet's.
    """
    labels = _labels(variant)
    if labels is None:
        return None
    play, deal = labels
    return (f"play goes {play}, the eldest at the dealer's {_SIDE[play]}; "
            f"{_deal_words(play, deal, next_dealer, direction=False)}")


def deal_passing_text(variant: Configured, next_dealer: str) -> str | None:
    """Where the deal goes next, in words, or ``None`` if the variant has no seating labels.

    Args:
        variant: A configured variant (its ``play_direction`` and ``deal_passes`` options).
        next_dealer: The player who deals next (the session's next dealer).

    Returns:
        E.g. ``"the deal passes with play, clockwise, to Ben"``; with ``deal_passes =
        against_play``, ``"the deal passes to Ben, the next in playing order (the sheet passes
        it against play, counter-clockwise: a label only)"``.
    """
    labels = _labels(variant)
    if labels is None:
        return None
    play, deal = labels
    return _deal_words(play, deal, next_dealer, direction=True)
