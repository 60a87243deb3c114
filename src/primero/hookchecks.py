"""What a hook result must be: the checks the rules façade runs on every answer it receives.

Every function here takes what a hook returned (and what it was given) and returns ``None``
when the answer is sound, or one line saying what was expected — the façade
(:mod:`primero.facade`) turns that line into a :class:`~primero.errors.PluginError` naming
the plug-in and the hook (DESIGN.md "Trust nothing that comes in").

Two costs:

* **cheap** checks run on every answer: its type and shape (a GameState with the same seats,
  the step and the history unchanged, ``to_act`` a seat still in; legal actions a non-empty
  sequence of actions, exchanges from the hand; a settlement paying whole chips to real seats
  and conserving the pot). A plug-in's answer is also checked for chips conserved and never
  negative in the seats it changed, and, from a card-moving hook, for every card exactly once
  when it moved one. The core's own answers (:mod:`primero.rules.core`) are checked for their
  shape only between two ends of steps: they are the library's tested code.
* **whole-state** checks (the deal's chips all on the table, every card of the pack exactly
  once) run at the end of each step, whoever answered, and after *every* hook while
  :func:`checking_everything` is on (the conformance kit turns it on; legal actions are then
  also checked distinct).

Where the core alone implements a hook (``variant.rules.core_only``), the engine calls the
core's own code directly and checks only the whole state at the end of each step (a plug-in's
answer is always checked). A state whose cards were found sound keeps that fact
(``GameState._cards_sound``) through the engine's own card moves (cards dealt from the top of
the stock, a legal exchange's cards thrown on the pile) and loses it on any copy, so a
plug-in's answer is always counted; the chips are counted at every check.
``benchmarks/bench_deals.py`` prints the checks' share of the deal time.

The termination bound (:func:`deal_action_bound`) is computed from the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter
from typing import Any

import attrs

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


_off = 0


@contextmanager
def unchecked() -> Iterator[None]:
    """Skip every check of hook results while the block runs: for measuring what they cost.

    Internal, for ``benchmarks/bench_deals.py`` (which reports the checks' share of the deal
    time): a plug-in's faults go unnamed inside the block. The engine's own refusals (illegal
    actions, the deal's action bound) stay.
    """
    global _off
    _off += 1
    try:
        yield
    finally:
        _off -= 1


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


def state_problem(before: GameState, after: object, total_chips: int | None = None, *,
                  chips: bool = True) -> str | None:
    """A hook that returns a new state: the cheap checks.

    The result is a GameState with the same seats, the same step (the engine moves the steps
    forward), the same history (the engine records actions), chips conserved and never
    negative, and nobody to act or a seat in range that is still in.

    Only the seats the hook changed are read (``before`` is a state the engine checked or
    made itself): chips are conserved when the changed seats hold as many chips, stacks and
    amounts put in together, as before. The deal's total is computed only to word an error.

    Args:
        before: The state the hook was given.
        after: What it returned.
        total_chips: The deal's chips (stacks and pot), if the caller knows them already.
        chips: Check the chips of the changed seats; ``False`` checks the shape only (the
            core's own answers between two ends of steps, see :func:`whole_state_problem`).
    """
    if type(after) is not GameState and not isinstance(after, GameState):
        return f"returned {shown(after)}; expected a GameState"
    seats = after.seats
    old = before.seats
    if seats is not old:
        n = len(seats)
        if n != len(old):
            return f"returned a state with {n} seats; expected the {len(old)} it was given"
    if seats is not old and chips:
        delta = 0
        for was, seat in zip(old, seats, strict=True):
            if seat is was:
                continue
            stack, put_in = seat.stack, seat.contributed
            if type(stack) is not int or type(put_in) is not int:
                return (f"returned {seat.name} with {shown(stack)} chips and "
                        f"{shown(put_in)} put in; expected whole numbers")
            if stack < 0 or put_in < 0:
                return (f"returned {seat.name} with {stack} chips and {put_in} put in; "
                        "expected never negative")
            delta += stack + put_in - was.stack - was.contributed
        if delta:
            return _chips_problem(before, after, total_chips)
    if after.step_index != before.step_index:
        return (f"moved the deal from step {before.step_index} to {after.step_index}; "
                "expected the step unchanged (the engine moves the steps forward)")
    if after.history is not before.history and len(after.history) != len(before.history):
        return "changed the history; expected it unchanged (the engine records actions)"
    if after.setup is not before.setup and after.carry_in != before.carry_in:
        return _chips_problem(before, after, total_chips)
    to_act = after.to_act
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < len(seats)
                               or seats[to_act].folded):
        return (f"set to_act to {shown(to_act)}; expected None or the seat "
                f"(0..{len(seats) - 1}) of a player still in")
    if after.over and after.settlement is not None:
        return "returned a settled state; expected the engine to settle (primero_settle)"
    return None


def unrecorded_problem(before: GameState, after: GameState, action: object) -> str | None:
    """``primero_apply_action`` in a betting round: the action must leave a trace.

    A step must move forward (issue 16). A betting action changes the acting seat (its chips,
    or its ``acted`` / ``passed`` flags) or the round's bookkeeping; an answer that changed
    nothing but ``to_act`` recorded nothing, and a deal driven by it could never end.
    Only called when the answer kept the seats themselves (``after.seats is before.seats``).
    """
    step = before.step
    if step is None or step.kind != "bet":
        return None  # e.g. standing pat in an exchange moves only the turn
    if (after.stock is before.stock and after.discards is before.discards
            and after.pending is before.pending and after.extras is before.extras
            and after.high == before.high and after.opener == before.opener
            and after.held == before.held and after.bets == before.bets
            and after.skipped == before.skipped and after.over == before.over):
        return (f"returned the state with only to_act changed for {action}; expected the "
                "action recorded (the acting seat's chips or flags, or the round's bookkeeping)")
    return None


def _chips_problem(before: GameState, after: GameState, total_chips: int | None) -> str:
    total = after.carry_in + sum(s.stack + s.contributed for s in after.seats)
    expected = total_chips
    if expected is None:
        expected = before.carry_in + sum(s.stack + s.contributed for s in before.seats)
    return (f"returned a state with {total} chips; expected the {expected} it was given "
            "(chips are conserved)")


def whole_state_problem(state: GameState, pack: Pack, total_chips: int) -> str | None:
    """The whole-state invariants: the deal's chips on the table, every card exactly once.

    Run at the end of every step whoever answered (and after every hook in the kit). The
    sound case is one pass over the seats: a sum of chips and a sum of card bits (see
    :func:`cards_problem`).

    Args:
        state: A state a hook returned.
        pack: The variant's pack.
        total_chips: The deal's chips (the players' chips at the start and the carry-in).
    """
    seats = state.seats
    total = state.context.setup.carry
    negative = False
    for seat in seats:
        stack, put_in = seat.stack, seat.contributed
        total += stack + put_in
        if stack < 0 or put_in < 0:
            negative = True
    if total != total_chips or type(total) is not int or negative:
        return _chips_fault(state, total, total_chips)
    if state._cards_sound and not _strict:
        return None  # its cards were found sound, or moved by the engine from a sound state
    stock, discards = state.stock, state.discards
    hands = [seat.hand for seat in seats]
    known_bits = _known_bits.get
    known = known_bits(id(stock))  # _bits(stock), inline
    bits = known[1] if known is not None and known[0] is stock else _bits(stock)
    if discards:
        known = known_bits(id(discards))
        bits += known[1] if known is not None and known[0] is discards else _bits(discards)
    count = len(stock) + len(discards)
    for hand in hands:
        known = known_bits(id(hand))  # _bits(hand), inline: the hot case
        bits += known[1] if known is not None and known[0] is hand else _bits(hand)
        count += len(hand)
    if bits == pack.mask and count == len(pack):
        if not _strict:  # (the kit counts every time, and snapshots states it was handed)
            object.__setattr__(state, "_cards_sound", True)  # a fact of this immutable value
        return None
    return _cards_fault(state, pack)


def _chips_fault(state: GameState, total: object, total_chips: int) -> str:
    seats = state.seats
    bad = next((s for s in seats if type(s.stack) is not int
                or type(s.contributed) is not int), None)
    if bad is not None:
        return (f"returned {bad.name} with {shown(bad.stack)} chips and "
                f"{shown(bad.contributed)} put in; expected whole numbers")
    if total != total_chips:
        return (f"returned a state with {total} chips; expected the {total_chips} of the deal "
                "(chips are conserved)")
    bad = next(s for s in seats if s.stack < 0 or s.contributed < 0)
    return (f"returned {bad.name} with {bad.stack} chips and {bad.contributed} put in; "
            "expected never negative")


_stack = attrgetter("stack")
_contributed = attrgetter("contributed")


def cards_moved(before: GameState, after: GameState) -> bool:
    """Whether a hook may have moved a card: a new stock, discards or hand (by identity)."""
    if after.stock is not before.stock or after.discards is not before.discards:
        return True
    seats = after.seats
    if seats is before.seats:
        return False
    return any(new.hand is not old.hand for old, new in zip(before.seats, seats, strict=True))


_bit = attrgetter("bit")
#: The bit sums of recently checked card tuples (stocks, discards, hands), by identity: a
#: tuple is shared by the states of a deal until a card moves, so the whole-state check at the
#: end of a step mostly adds remembered sums.
_known_bits: dict[int, tuple[tuple[Card, ...], int]] = {}


def _bits(cards: tuple[Card, ...]) -> int:
    """The sum of the cards' bits, remembered by the tuple's identity."""
    known = _known_bits.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    total = 0
    for card in cards:  # (a plain loop: the attribute load is specialised, attrgetter's not)
        total += card.bit
    if len(_known_bits) >= 4096:
        _known_bits.clear()
    _known_bits[id(cards)] = (cards, total)
    return total


def cards_problem(state: GameState, pack: Pack) -> str | None:
    """Every card of the pack exactly once among the hands, the stock and the discards.

    The sound case costs one sum of card bits: ``len(pack)`` cards whose bits add up to the
    pack's mask are the pack's cards, each once (a repeated or foreign card would need more
    terms than the mask has bits).
    """
    stock = state.stock
    total = _bits(stock) + _bits(state.discards)
    count = len(stock) + len(state.discards)
    for seat in state.seats:
        hand = seat.hand
        total += _bits(hand)
        count += len(hand)
    if total == pack.mask and count == len(pack):
        return None
    return _cards_fault(state, pack)


def _cards_fault(state: GameState, pack: Pack) -> str:
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


#: Above this many legal actions only a sample is checked (a lazy sequence, e.g. Cardano's).
LAZY_CHECK_ABOVE = 4096


def legal_problem(state: GameState, result: object) -> str | None:
    """``primero_legal_actions``: a non-empty sequence of actions; exchanges from the hand.

    A tuple, or a lazy read-only sequence (:class:`collections.abc.Sequence`, not text) for
    a decision with very many actions; of a sequence over :data:`LAZY_CHECK_ABOVE` actions
    the first and the last are checked. Actions are the core's or a plug-in's (attrs values).
    """
    if type(result) is not tuple and (not isinstance(result, Sequence)
                                      or isinstance(result, str | bytes)):
        result = None
    if not result:
        return (f"returned {shown(result)}; expected a non-empty tuple of actions (a deal that "
                "is not over needs a player with a legal action)")
    sample = result if len(result) <= LAZY_CHECK_ABOVE else (result[0], result[-1])
    held: frozenset[Card] | None = None
    for action in sample:
        kind = type(action)
        if kind is Exchange:
            discards = action.discards
        elif kind is Pass:
            discards = action.exchange
        elif kind in _ACTION_TYPES or attrs.has(kind):
            discards = action.discards if isinstance(action, Exchange) else \
                action.exchange if isinstance(action, Pass) else ()
        else:
            return f"returned {shown(action)} among the actions; expected actions (Vie, Hold, ...)"
        if discards:
            if held is None:
                assert state.to_act is not None
                held = frozenset(state.seats[state.to_act].hand)
            if not held.issuperset(discards):
                return (f"offered {action}, which throws cards the player does not hold; "
                        "expected exchanges of cards in the hand")
    if _strict and len(set(sample)) != len(sample):
        return "returned an action twice; expected distinct legal actions"
    return None


def legal_uses_hand(result: tuple[object, ...]) -> bool:
    """Whether a checked answer of ``primero_legal_actions`` holds exchanges (hand-bound)."""
    return any(isinstance(a, Exchange) or (isinstance(a, Pass) and a.exchange) for a in result)


def settlement_problem(state: GameState, result: object) -> str | None:
    """``primero_settle``: whole non-negative chips to real seats, the pot conserved."""
    if not isinstance(result, Settlement):
        return f"returned {shown(result)}; expected a Settlement"
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
                    or amount < 0 or seats[seat].folded):
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
