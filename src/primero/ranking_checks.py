"""The checks of a ranking's hook answers: the pack, card points, classes, classification, order.

Each function takes what a hook returned (and what it was given) and returns ``None`` when the
answer is sound, or one line saying what was expected; the façade (:mod:`primero.facade`) turns
that line into a :class:`~primero.errors.PluginError` naming the plug-in and the hook (DESIGN.md
"Trust nothing that comes in").

They are kept apart from the checks of a deal's answers (:mod:`primero.answer_checks`, which
re-exports every name defined here, as does :mod:`primero.hookchecks`) so that building a
ranking imports no game state (issue 13: a census or one evaluation in a fresh process).
"""

from __future__ import annotations

import sys

from primero.cards import Card, Pack
from primero.hands import Classification

__all__ = [
    "MAX_POINTS",
    "classes_problem",
    "classification_problem",
    "order_problem",
    "pack_problem",
    "points_problem",
    "shown",
]

#: The most points a card or a classified hand may have: ranking tables hold 32-bit points.
MAX_POINTS = 2**31 - 1


def shown(value: object, limit: int = 60) -> str:
    """A value as an error message shows it: its repr on one line, cut at ``limit``."""
    state = sys.modules.get("primero.state")  # not imported: value cannot be a GameState
    if state is not None and isinstance(value, state.GameState):
        return "a GameState"
    try:
        text = " ".join(repr(value).split())
    except Exception as exc:  # a plug-in's value whose repr raises (or an int too long)
        text = f"<{type(value).__name__} whose repr raised {type(exc).__name__}>"
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return f"{text} ({type(value).__name__})" if not isinstance(value, tuple | list) else text


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def pack_problem(result: object) -> str | None:
    """``primero_pack``: a :class:`~primero.cards.Pack` of at least one card."""
    if not isinstance(result, Pack) or not len(result):
        return f"returned {shown(result)}; expected a Pack"
    return None


def points_problem(result: object) -> str | None:
    """``primero_card_points``: a whole number of points, not negative."""
    if not _whole(result) or result < 0:  # type: ignore[operator]
        return f"returned {shown(result)}; expected a whole number of points (int >= 0)"
    if result > MAX_POINTS:  # type: ignore[operator]
        return f"returned {shown(result)}; expected at most {MAX_POINTS} points"
    return None


def classes_problem(result: object) -> str | None:
    """``primero_hand_classes``: a non-empty tuple of distinct class names."""
    if (not isinstance(result, tuple) or not result
            or not all(isinstance(c, str) and c for c in result)
            or len(set(result)) != len(result)):
        return f"returned {shown(result)}; expected a non-empty tuple of distinct class names"
    return None


def classification_problem(result: object, cards: tuple[Card, ...],
                           classes: tuple[str, ...]) -> str | None:
    """``primero_classify_hand``: a Classification of a class in the ranking, of these cards."""
    if not isinstance(result, Classification):
        return f"returned {shown(result)}; expected a Classification"
    if result.hand_class not in classes:
        return (f"returned the class {result.hand_class!r}; expected one of "
                f"{', '.join(classes)}")
    if not _whole(result.points) or result.points < 0:
        return f"returned {shown(result.points)} points; expected a whole number (int >= 0)"
    if result.points > MAX_POINTS:
        return f"returned {shown(result.points)} points; expected at most {MAX_POINTS}"
    if not isinstance(result.counting, tuple) or not set(result.counting) <= set(cards):
        return (f"returned counting cards {shown(result.counting)}; expected cards of the "
                f"hand")
    return None


def order_problem(result: object) -> str | None:
    """``primero_hand_order``: a tuple of ints."""
    if not isinstance(result, tuple) or not all(_whole(k) for k in result):
        return f"returned {shown(result)}; expected a tuple of ints"
    return None
