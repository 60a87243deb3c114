"""The checks of plug-in answers: what each hook must return, one line naming what was expected.

Each function takes what a hook returned (and what it was given) and returns ``None`` when
the answer is sound, or one line saying what was expected; the façade (:mod:`primero.facade`)
turns that line into a :class:`~primero.errors.PluginError` naming the plug-in and the hook
(DESIGN.md "Trust nothing that comes in"). Here: the ranking's and the plan's answers
(:func:`pack_problem` … :func:`reason_problem`), the cards a hook queued
(:func:`pending_problem`), a plug-in's legal actions (:func:`offered_problem`), its new state's
players and hands (:func:`seats_problem`), an exchange served (:func:`served_problem`), the
action-id blocks (:func:`block_problem`) and the settlement (:func:`settlement_problem`).

The checks of whole states, the termination bound and the switches that turn the checks on
and off stay in :mod:`primero.hookchecks`, which re-exports every name defined here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from primero.actions import Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.hands import HAND_SIZE
from primero.ranking_checks import (  # re-exported: the checks of a ranking's answers
    MAX_POINTS,
    _whole,
    classes_problem,
    classification_problem,
    order_problem,
    pack_problem,
    points_problem,
    shown,
)
from primero.settlement import Award, Settlement
from primero.state import Delivery, GameState, Step, folded_cards

__all__ = [
    "LAZY_CHECK_ABOVE",
    "MAX_POINTS",
    "block_problem",
    "classes_problem",
    "classification_problem",
    "describe",
    "legal_uses_hand",
    "offered_problem",
    "order_problem",
    "pack_problem",
    "pending_problem",
    "plan_problem",
    "points_problem",
    "reason_problem",
    "seats_problem",
    "served_problem",
    "settlement_problem",
    "shown",
]

_ACTION_TYPES = (Vie, Hold, Pass, Fold, Exchange)


def plan_problem(result: object) -> str | None:
    """``primero_deal_plan``: a non-empty tuple of Steps dealing each player a hand.

    A deal step deals at least 1 card, and the deal steps together deal exactly
    :data:`~primero.hands.HAND_SIZE` (4) cards to each player: only the four cards in hand
    count, and every ranking ranks four-card hands (RULES.md §2).
    """
    if not isinstance(result, tuple) or not result \
            or not all(isinstance(s, Step) for s in result):
        return f"returned {shown(result)}; expected a non-empty tuple of Step"
    dealt = 0
    for step in result:
        if not isinstance(step.kind, str) or not step.kind:
            return f"returned a step of kind {shown(step.kind)}; expected a name"
        if step.kind == "deal":
            if not _whole(step.count) or step.count < 1:
                return f"returned {step!r}; expected a deal step to deal at least 1 card"
            dealt += step.count
    if dealt != HAND_SIZE:
        return (f"returned a plan that deals {dealt} card{'s' if dealt != 1 else ''} to each "
                f"player; expected {HAND_SIZE} (a hand is four cards, RULES.md §2)")
    return None


def reason_problem(result: object) -> str | None:
    """``primero_illegal_reason``: one non-empty sentence."""
    if not isinstance(result, str) or not result.strip():
        return f"returned {shown(result)}; expected a sentence (str)"
    return None


def pending_problem(state: GameState) -> str | None:
    """The cards a hook queued (``state.pending``): deliveries to real seats, no more than can come.

    Each is a :class:`~primero.seats.Delivery` to a seat in range that is still in, and they
    ask for no more cards than the stock, the discards and the folded hands hold together
    (RULES.md §4: only those can be dealt or reshuffled).
    """
    pending = state.pending
    if type(pending) is not tuple:
        return f"queued {shown(pending)}; expected a tuple of Delivery (state.pending)"
    seats = state.seats
    n = len(seats)
    for delivery in pending:
        if not isinstance(delivery, Delivery):
            return f"queued {shown(delivery)}; expected a Delivery (state.pending)"
        seat = delivery.seat
        if type(seat) is not int or not 0 <= seat < n or seats[seat].folded:
            return (f"queued a card for seat {shown(seat)}; expected the seat (0..{n - 1}) of "
                    "a player still in")
    available = len(state.stock) + len(state.discards) + len(folded_cards(seats))
    if len(pending) > available:
        return (f"queued {len(pending)} cards; expected at most the {available} the stock, the "
                "discards and the folded hands hold")
    return None


#: Above this many legal actions only a sample is checked (a lazy sequence, e.g. Cardano's).
LAZY_CHECK_ABOVE = 4096


def offered_problem(state: GameState, result: Sequence[object], core_applies: bool) \
        -> str | None:
    """``primero_legal_actions`` answered by a plug-in: actions the deal can take.

    Checked on a plug-in's answer once :func:`legal_problem` found it sound (the core never
    offers these): vies of at least 1 chip and raises not negative; each action once; and,
    where the core applies the actions (``core_applies``: no plug-in implements
    ``primero_apply_action`` other than as a wrapper), a core action of the step: no
    :class:`~primero.actions.Exchange` in a betting round, only exchanges in an exchange.

    Of a lazy sequence over :data:`LAZY_CHECK_ABOVE` actions the first and the last are
    checked, like :func:`legal_problem`.
    """
    sample = result if len(result) <= LAZY_CHECK_ABOVE else (result[0], result[-1])
    step = state.step
    kind = step.kind if step is not None else None
    for action in sample:
        if isinstance(action, Vie) and action.amount < 1:
            return f"offered {action}; expected a vie of at least 1 chip"
        if isinstance(action, Hold) and action.raise_by < 0:
            return f"offered {action}; expected a hold raising 0 chips or more"
        if not core_applies or not isinstance(action, _ACTION_TYPES):
            continue
        if kind == "bet" and isinstance(action, Exchange):
            return (f"offered {action} in a betting round; expected betting actions (vie, "
                    "hold, pass, fold): the core's primero_apply_action applies only those "
                    "there")
        if kind == "exchange" and not isinstance(action, Exchange):
            return (f"offered {action} in the exchange; expected exchanges: the core's "
                    "primero_apply_action applies only those there")
    if len(set(sample)) != len(sample):
        seen: set[object] = set()
        for action in sample:
            if action in seen:
                return f"offered {action} twice; expected each legal action once"
            seen.add(action)
    return None


def seats_problem(before: GameState, after: GameState) -> str | None:
    """A plug-in's new state: the same players, and hands holding only cards they were dealt.

    Only the seats the hook changed are read. A player's name is fixed by the deal's setup;
    cards come into a hand only as the engine deals them (queued in ``state.pending`` and
    recorded in the seat's ``received``), so a hand holding a card its seat never received
    (two hands swapped, a card slipped in) is a fault even when every card is still there
    exactly once.
    """
    old = before.seats
    seats = after.seats
    if seats is old:
        return None
    for k, (was, seat) in enumerate(zip(old, seats, strict=True)):
        if seat is was:
            continue
        if seat.name != was.name:
            return (f"renamed seat {k} from {was.name!r} to {str(seat.name)[:30]!r}; "
                    "expected the players of the deal's setup")
        hand = seat.hand
        if hand is was.hand or not hand:
            continue
        dealt = {receipt.card for receipt in seat.received}
        foreign = [c.ascii for c in hand if c not in dealt]
        if foreign:
            return (f"put {' '.join(foreign)} in {seat.name}'s hand, not dealt to "
                    f"{seat.name}; expected cards in a hand only as dealt (queued in "
                    "state.pending)")
    return None


def served_problem(before: GameState, after: GameState, seat: int,
                   discards: tuple[Card, ...]) -> str | None:
    """``primero_serve_exchange``: the discards out of the hand, as many cards queued.

    RULES.md §5: each player "may discard any number of the cards in hand face down and draw
    as many from the stock".
    """
    if not discards:
        return None
    player = after.seats[seat]
    kept = [c.ascii for c in discards if c in player.hand]
    if kept:
        return (f"kept {' '.join(kept)} in {player.name}'s hand; expected the discarded "
                "cards taken from the hand")
    queued = sum(d.seat == seat for d in after.pending) - \
        sum(d.seat == seat for d in before.pending)
    if queued != len(discards):
        return (f"queued {queued} card{'s' if queued != 1 else ''} for {player.name}, who "
                f"threw {len(discards)}; expected as many cards as were discarded")
    return None


def block_problem(block: object) -> str | None:
    """A block of ``primero_action_blocks``: a name and a whole number of ids, not negative."""
    name, size = getattr(block, "name", None), getattr(block, "size", None)
    if not isinstance(name, str) or not name:
        return f"returned a block named {shown(name)}; expected a name (str)"
    if not _whole(size) or size < 0:  # type: ignore[operator]
        return (f"returned the block {name!r} of size {shown(size)}; expected a whole number "
                "of ids (int >= 0)")
    return None


def legal_uses_hand(result: tuple[object, ...]) -> bool:
    """Whether a checked answer of ``primero_legal_actions`` holds exchanges (hand-bound)."""
    return any(isinstance(a, Exchange) or (isinstance(a, Pass) and a.exchange) for a in result)


def settlement_problem(state: GameState, result: object) -> str | None:
    """``primero_settle``: whole chips (at least 1 an award) to real seats, the pot conserved."""
    if not isinstance(result, Settlement):
        return f"returned {shown(result)}; expected a Settlement"
    if type(result.awards) is not tuple or type(result.returns) is not tuple:
        return (f"returned awards {shown(result.awards)} and returns {shown(result.returns)}; "
                "expected tuples (a list can change after the check)")
    seats = state.seats
    n = len(seats)
    if type(result.carry) is int and result.carry >= 0 and not result.returns:
        # the usual answer, in one pass: awards of whole chips to players still in
        paid = 0
        for award in result.awards:
            if type(award) is not Award:
                break
            seat, amount = award.seat, award.amount
            if (type(seat) is not int or not 0 <= seat < n or type(amount) is not int
                    or amount < 1 or seats[seat].folded):
                break
            paid += amount
        else:
            if paid + result.carry == state.pot:
                return None
    for award in result.awards:
        if not isinstance(award, Award):
            return f"returned the award {shown(award)}; expected an Award"
        if not _whole(award.seat) or not 0 <= award.seat < n:
            return f"paid seat {shown(award.seat)}; expected a seat 0..{n - 1}"
        if not _whole(award.amount) or award.amount < 0:
            return f"paid {shown(award.amount)} chips; expected whole chips, not negative"
        if award.amount == 0:
            return (f"paid {award.amount} chips to seat {award.seat}; expected an award of at "
                    "least 1 chip (leave out a player who wins nothing)")
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
