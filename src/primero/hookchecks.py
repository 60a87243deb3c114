"""What a hook result must be: the checks the rules façade runs on every answer it receives.

Every function here takes what a hook returned (and what it was given) and returns ``None``
when the answer is sound, or one line saying what was expected — the façade
(:mod:`primero.facade`) turns that line into a :class:`~primero.errors.PluginError` naming
the plug-in and the hook (DESIGN.md "Trust nothing that comes in").

Two costs:

* **cheap** checks (type and shape, seats in range, chips conserved, the step not moved) run
  on every answer;
* **whole-state** checks (every card of the pack exactly once, legal actions distinct) run at
  the end of each step, after every card-moving hook, and after *every* hook while
  :func:`checking_everything` is on (the conformance kit turns it on).

The termination bound (:func:`deal_action_bound`) is computed from the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from primero.actions import Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card, Pack
from primero.hands import Classification
from primero.settlement import Award, Settlement
from primero.state import GameState, Step

__all__ = [
    "checking_everything",
    "deal_action_bound",
    "everything_checked",
    "shown",
]

_ACTION_TYPES = (Vie, Hold, Pass, Fold, Exchange)
_strict = 0


@contextmanager
def checking_everything() -> Iterator[None]:
    """Run the whole-state checks after every hook while the block runs (the kit does)."""
    global _strict
    _strict += 1
    try:
        yield
    finally:
        _strict -= 1


def everything_checked() -> bool:
    """Whether :func:`checking_everything` is on."""
    return _strict > 0


def shown(value: object, limit: int = 60) -> str:
    """A value as an error message shows it: its repr on one line, cut at ``limit``."""
    if isinstance(value, GameState):
        return "a GameState"
    text = " ".join(repr(value).split())
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return f"{text} ({type(value).__name__})" if not isinstance(value, tuple | list) else text


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def deal_action_bound(state: GameState) -> int:
    """The most actions a deal can take: a bound fixed by its table (RULES.md §5).

    Between two actions that move chips or fold, each player can pass at most twice (once in
    answer, once when level); every chip move takes at least one chip from a stack, and each
    player folds at most once; exchanges and declarations are one action per player and step.
    So each step of the plan takes at most ``(2n + 1) * (chips + n + 1)`` actions.
    """
    n = len(state.seats)
    return max(1, len(state.plan)) * (2 * n + 1) * (state.total_chips + n + 1)


# --------------------------------------------------------------------------------------------
# Ranking and plan


def pack_problem(result: object) -> str | None:
    """``primero_pack``: a :class:`~primero.cards.Pack` of at least one card."""
    if not isinstance(result, Pack) or not len(result):
        return f"returned {shown(result)}; expected a Pack"
    return None


def points_problem(result: object) -> str | None:
    """``primero_card_points``: a whole number of points, not negative."""
    if not _whole(result) or result < 0:  # type: ignore[operator]
        return f"returned {shown(result)}; expected a whole number of points (int >= 0)"
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
    if not isinstance(result.counting, tuple) or not set(result.counting) <= set(cards):
        return (f"returned counting cards {shown(result.counting)}; expected cards of the "
                f"hand")
    return None


def order_problem(result: object) -> str | None:
    """``primero_hand_order``: a tuple of ints."""
    if not isinstance(result, tuple) or not all(_whole(k) for k in result):
        return f"returned {shown(result)}; expected a tuple of ints"
    return None


def plan_problem(result: object) -> str | None:
    """``primero_deal_plan``: a non-empty tuple of Steps; a deal step deals at least 1 card."""
    if not isinstance(result, tuple) or not result \
            or not all(isinstance(s, Step) for s in result):
        return f"returned {shown(result)}; expected a non-empty tuple of Step"
    for step in result:
        if not isinstance(step.kind, str) or not step.kind:
            return f"returned a step of kind {shown(step.kind)}; expected a name"
        if step.kind == "deal" and (not _whole(step.count) or step.count < 1):
            return f"returned {step!r}; expected a deal step to deal at least 1 card"
    return None


def reason_problem(result: object) -> str | None:
    """``primero_illegal_reason``: one non-empty sentence."""
    if not isinstance(result, str) or not result.strip():
        return f"returned {shown(result)}; expected a sentence (str)"
    return None


# --------------------------------------------------------------------------------------------
# States


def state_problem(before: GameState, after: object, total_chips: int | None = None) \
        -> str | None:
    """A hook that returns a new state: the cheap checks.

    The result is a GameState with the same seats, the same step (the engine moves the steps
    forward), the same history (the engine records actions), chips conserved and never
    negative, and nobody to act or a seat in range that is still in.

    Args:
        before: The state the hook was given.
        after: What it returned.
        total_chips: The deal's chips (stacks and pot), if the caller knows them already.
    """
    if not isinstance(after, GameState):
        return f"returned {shown(after)}; expected a GameState"
    seats = after.seats
    n = len(seats)
    if n != len(before.seats):
        return f"returned a state with {n} seats; expected the {len(before.seats)} it was given"
    if after.step_index != before.step_index:
        return (f"moved the deal from step {before.step_index} to {after.step_index}; "
                "expected the step unchanged (the engine moves the steps forward)")
    if after.history is not before.history and len(after.history) != len(before.history):
        return "changed the history; expected it unchanged (the engine records actions)"
    total = after.carry_in
    for seat in seats:
        stack, put_in = seat.stack, seat.contributed
        if stack < 0 or put_in < 0:
            return (f"returned {seat.name} with {stack} chips and {put_in} put in; expected "
                    "never negative")
        total += stack + put_in
    if type(total) is not int:
        bad = next(s for s in seats if not (_whole(s.stack) and _whole(s.contributed)))
        return (f"returned {bad.name} with {shown(bad.stack)} chips and "
                f"{shown(bad.contributed)} put in; expected whole numbers")
    expected = total_chips
    if expected is None:
        expected = before.carry_in
        for seat in before.seats:
            expected += seat.stack + seat.contributed
    if total != expected or after.carry_in != before.carry_in:
        return (f"returned a state with {total} chips; expected the {expected} it was given "
                "(chips are conserved)")
    to_act = after.to_act
    if to_act is not None and (not _whole(to_act) or not 0 <= to_act < n
                               or seats[to_act].folded):
        return (f"set to_act to {shown(to_act)}; expected None or the seat (0..{n - 1}) of a "
                "player still in")
    if after.over and after.settlement is not None:
        return "returned a settled state; expected the engine to settle (primero_settle)"
    return None


def cards_problem(state: GameState, pack: Pack) -> str | None:
    """Every card of the pack exactly once among the hands, the stock and the discards."""
    mask = count = 0
    for seat in state.seats:
        for card in seat.hand:
            mask |= card.bit
            count += 1
    for card in state.stock:
        mask |= card.bit
        count += 1
    for card in state.discards:
        mask |= card.bit
        count += 1
    if mask == pack.mask and count == len(pack):
        return None
    held = [c for s in state.seats for c in s.hand] + list(state.stock) + list(state.discards)
    seen: set[Card] = set()
    doubled: set[Card] = set()
    for card in held:
        (doubled if card in seen else seen).add(card)
    twice = sorted(doubled, key=lambda c: c.index)
    if twice:
        return (f"returned a state holding {' '.join(c.ascii for c in twice)} twice; expected "
                "every card of the pack exactly once")
    foreign = [c for c in seen if c not in pack]
    if foreign:
        return (f"returned a state holding {' '.join(c.ascii for c in foreign)}, not in the "
                f"{pack.name} pack")
    missing = [c.ascii for c in pack if c not in seen]
    return (f"returned a state that lost {' '.join(missing)}; expected every card of the pack "
            "exactly once (hands, stock, discards)")


# --------------------------------------------------------------------------------------------
# Decisions and the settlement


def legal_problem(state: GameState, result: object) -> str | None:
    """``primero_legal_actions``: a non-empty tuple of actions; exchanges from the hand."""
    if not isinstance(result, tuple) or not result:
        return (f"returned {shown(result)}; expected a non-empty tuple of actions (a deal that "
                "is not over needs a player with a legal action)")
    hand: tuple[Card, ...] | None = None
    for action in result:
        if not isinstance(action, _ACTION_TYPES):
            return f"returned {shown(action)} among the actions; expected actions (Vie, Hold, ...)"
        discards = action.discards if isinstance(action, Exchange) else \
            action.exchange if isinstance(action, Pass) else ()
        if discards:
            if hand is None:
                assert state.to_act is not None
                hand = state.seats[state.to_act].hand
            if not set(discards) <= set(hand):
                return (f"offered {action}, which throws cards the player does not hold; "
                        "expected exchanges of cards in the hand")
    if _strict and len(set(result)) != len(result):
        return "returned an action twice; expected distinct legal actions"
    return None


def settlement_problem(state: GameState, result: object) -> str | None:
    """``primero_settle``: whole non-negative chips to real seats, the pot conserved."""
    if not isinstance(result, Settlement):
        return f"returned {shown(result)}; expected a Settlement"
    n = len(state.seats)
    for award in result.awards:
        if not isinstance(award, Award):
            return f"returned the award {shown(award)}; expected an Award"
        if not _whole(award.seat) or not 0 <= award.seat < n:
            return f"paid seat {shown(award.seat)}; expected a seat 0..{n - 1}"
        if not _whole(award.amount) or award.amount < 0:
            return f"paid {shown(award.amount)} chips; expected whole chips, not negative"
        if state.seats[award.seat].folded:
            return f"paid {state.seats[award.seat].name}, who folded; expected a player still in"
    for item in result.returns:
        seat, chips = item if isinstance(item, tuple) and len(item) == 2 else (None, None)
        if not _whole(seat) or not 0 <= seat < n:
            return f"returned chips to {shown(item)}; expected (seat 0..{n - 1}, chips)"
        if not _whole(chips) or chips < 0:
            return f"returned {shown(chips)} chips; expected whole chips, not negative"
    if not _whole(result.carry) or result.carry < 0:
        return f"carried {shown(result.carry)} chips over; expected whole chips, not negative"
    pot = state.pot
    paid = result.paid_out
    if paid + result.carry != pot:
        return (f"paid {paid} and carried {result.carry}; expected the pot of {pot} "
                "(chips are conserved)")
    return None


def describe(kwargs: dict[str, Any]) -> str:
    """The arguments of a hook call, for the message of a hook that raised."""
    parts = []
    for key, value in kwargs.items():
        if key in ("variant", "state"):
            continue
        parts.append(f"{key}={shown(value, 30)}")
    return ", ".join(parts)
