"""Waks English betting rounds (RULES.md §5): the round's helpers, legal bets, a bet booked.

The helpers a betting hook reads or moves a round with (:func:`betting_seat`, :func:`put_in`,
:func:`next_actor`, :func:`first_actor`, :func:`round_complete`, :func:`must_hold_seat`,
:func:`open_round`), the legal actions of a turn (:func:`betting_actions`,
:func:`exchange_actions`) and a betting action booked (:func:`apply_bet`). They are public so
variant plug-ins can reuse them instead of copying them; :mod:`primero.rules.betting` (the
core's hooks, and where the rules' readings are described) re-exports every one.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card
from primero.state import GameState, Seat, Step, copier, fill, replace

__all__ = [
    "apply_bet",
    "betting_actions",
    "betting_seat",
    "exchange_actions",
    "first_actor",
    "must_hold_seat",
    "next_actor",
    "open_round",
    "put_in",
    "round_complete",
]

_PASS, _FOLD, _HOLD = Pass(), Fold(), Hold()


def betting_seat(state: GameState) -> int | None:
    """The seat to act in a betting round, or ``None`` outside one (a guard for rules hooks)."""
    step = state.step
    if state.to_act is None or step is None or step.kind != "bet":
        return None
    return state.to_act


def put_in(state: GameState, seat: int, chips: int, *, round_bet: bool = True) -> GameState:
    """Move ``chips`` from ``seat``'s stack to the pot (antes with ``round_bet=False``)."""
    s = state.seats[seat]
    chips = min(chips, s.stack)
    return replace(state, seats=state.replace_seat(
        seat, stack=s.stack - chips, contributed=s.contributed + chips,
        round_bet=s.round_bet + chips if round_bet else s.round_bet,
    ))


def next_actor(state: GameState, after: int, *, wrap: bool = True) -> int | None:
    """The next seat after ``after`` in playing order that can still act (not folded, chips).

    With ``wrap=False`` the search stops at the dealer (the end of one pass round the table).
    """
    context = state.context
    n = context.n
    seats = state.seats
    if wrap:
        for k in range(1, n + 1):
            seat = (after + k) % n
            s = seats[seat]
            if s.stack > 0 and not s.folded:
                return seat
        return None
    eldest = context.eldest
    for k in range(1, n + 1):
        seat = (after + k) % n
        if (seat - eldest) % n <= (after - eldest) % n:
            return None
        if seats[seat].can_act:
            return seat
    return None


def first_actor(state: GameState) -> int | None:
    """The first seat from the eldest that can still act."""
    return next_actor(state, state.dealer)


def round_complete(state: GameState) -> bool:
    """The Waks round end.

    After a vie: everyone still in is level (all-in counts as level). Before one: everyone who
    can act has acted (passed).
    """
    live = [s for s in state.seats if not s.folded]
    if len(live) <= 1:
        return True
    if state.opener is not None:
        high = state.high
        return all(s.round_bet == high or s.stack == 0 for s in live)
    return all(s.acted or s.stack <= 0 for s in live)


def must_hold_seat(state: GameState) -> int | None:
    """The seat bound to hold, or ``None`` (RULES.md §5 "Must hold").

    Only in the rounds of the variant's ``betting.must_hold_rounds`` (Waks: round 1).
    """
    if state.opener is None or state.held:
        return None
    step = state.step
    if step is None or step.number not in state.context.betting.must_hold_rounds:
        return None
    n = state.n
    for k in range(1, n):
        seat = (state.opener - k) % n
        if state.seats[seat].can_act:
            return seat
    return None


def open_round(state: GameState, step: Step) -> GameState:
    """Start a betting round, or skip it if fewer than two players can act.

    Clears the round's bookkeeping and gives the turn to the first player from the eldest who
    can act.
    """
    return _open_round(replace(state))


_cleared_seat = copier(Seat, "round_bet", "passed", "acted")


def _open_round(fresh: GameState) -> GameState:
    """:func:`open_round` on a state just made, in place."""
    seats = tuple([s if not (s.round_bet or s.passed or s.acted)
                   else _cleared_seat(s, 0, False, False) for s in fresh.seats])
    actors = 0
    live = 0
    for s in seats:
        if not s.folded:
            live += 1
            if s.stack > 0:
                actors += 1
    fill(fresh, seats=seats, high=0, opener=None, held=False, bets=0, skipped=False)
    if actors < 2 or live < 2:
        fill(fresh, skipped=True, to_act=None)
    else:
        fill(fresh, to_act=first_actor(fresh))
    return fresh


def _amounts(state: GameState, available: int) -> range:
    """Legal bet or raise sizes: stake..rest within ``available``, or all of it if short."""
    table = state.context.table
    stake, rest = table.stake, table.rest
    if available <= 0:
        return range(0)
    if available < stake:
        return range(available, available + 1)
    return range(stake, min(rest, available) + 1)


@lru_cache(maxsize=4096)
def _sized(kind: type[Vie] | type[Hold], amounts: range) -> tuple[Action, ...]:
    """The vies or raises of these amounts (made once per amounts: actions are values)."""
    return tuple(kind(a) for a in amounts)


#: The betting tuples made so far, by situation (see :func:`betting_actions`).
_BETTING: dict[tuple[object, ...], tuple[Action, ...]] = {}


def betting_actions(state: GameState, seat: int, *, bound: bool) -> tuple[Action, ...]:
    """The Waks betting actions of ``seat`` (``bound``: under the must-hold duty).

    The tuples are shared between states (actions are values), so the same situation gives
    the same tuple object.
    """
    s = state.seats[seat]
    context = state.context
    rules = context.betting
    table = context.table
    cap = table.raise_cap
    if state.opener is None:
        case, available, may_pass, bound = 0, s.stack, True, False
    else:
        owed = state.high - s.round_bet
        if owed > 0:
            case, available = 1, s.stack - owed
            may_pass = rules.pass_answers_bet and not (rules.pass_once and s.passed)
        else:  # level while others still owe: pass, raise, or (pointlessly) fold
            case, available, may_pass = 2, s.stack, True
    if cap is not None and state.bets >= cap:  # house rule: no more vies or raises
        available = 0
    top = min(available, table.rest) if available > 0 else 0
    key = (case, top, table.stake, bound, may_pass, rules.fold)
    legal = _BETTING.get(key)
    if legal is None:
        if len(_BETTING) >= 8192:
            _BETTING.clear()
        legal = _BETTING[key] = _betting(case, _amounts(state, available), bound=bound,
                                         may_pass=may_pass, fold=rules.fold)
    return legal


def _betting(case: int, amounts: range, *, bound: bool, may_pass: bool, fold: bool) \
        -> tuple[Action, ...]:
    """Case 0: nobody has vied; 1: the player owes chips; 2: the player is level."""
    folds = (_FOLD,) if fold and not bound else ()
    if case == 0:
        return (_PASS, *_sized(Vie, amounts), *folds)
    raises = _sized(Hold, amounts)
    if case == 1:
        passes = (_PASS,) if may_pass and not bound else ()
        return (_HOLD, *raises, *passes, *folds)
    return (_PASS, *raises, *folds)


@lru_cache(maxsize=4096)
def exchange_actions(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every exchange of a hand: each subset of its cards, standing pat first (cached)."""
    return tuple(
        Exchange.from_cards(subset)
        for k in range(len(hand) + 1)
        for subset in combinations(hand, k)
    )


def _paid(s: Seat, chips: int, **changes: object) -> Seat:
    chips = min(chips, s.stack)
    return replace(s, stack=s.stack - chips, contributed=s.contributed + chips,
                   round_bet=s.round_bet + chips, **changes)


def apply_bet(state: GameState, seat: int, action: Action, *,
              reopen_passes: bool | None = None) -> GameState:
    """Apply a Waks betting action (already checked legal) without moving the turn.

    Args:
        state: The state, with ``seat`` to act.
        seat: The acting seat.
        action: A legal :class:`Vie`, :class:`Hold`, :class:`Pass` or :class:`Fold`.
        reopen_passes: A raise gives everyone else their pass in answer back (Suzuki). Waks:
            ``False``, one pass in answer per round. Default: the variant's
            ``betting.raise_reopens_passes``.
    """
    s = state.seats[seat]
    seats = list(state.seats)
    if reopen_passes is None:
        reopen_passes = state.context.betting.raise_reopens_passes
    if isinstance(action, Vie):
        seats[seat] = _paid(s, action.amount, acted=True)
        return replace(state, seats=tuple(seats), high=seats[seat].round_bet, opener=seat,
                       held=False, bets=state.bets + 1)
    if isinstance(action, Hold):
        paid = _paid(s, max(0, state.high - s.round_bet) + action.raise_by, acted=True)
        if reopen_passes and paid.round_bet > state.high:  # a raise re-asks the passers
            seats = [x if not x.passed else replace(x, passed=False) for x in seats]
        seats[seat] = paid
        return replace(state, seats=tuple(seats), high=max(state.high, paid.round_bet),
                       held=True, bets=state.bets + 1 if action.raise_by else state.bets)
    if isinstance(action, Pass):
        answering = state.opened and state.high > s.round_bet
        seats[seat] = replace(s, acted=True, passed=s.passed or answering)
        return replace(state, seats=tuple(seats))
    if isinstance(action, Fold):
        seats[seat] = replace(s, folded=True, acted=True)
        return replace(state, seats=tuple(seats))
    raise TypeError(f"not a betting action: {action!r}")  # pragma: no cover
