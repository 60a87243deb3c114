"""The engine's fast path: the core's hooks as direct calls, each in one state copy.

Where the core alone answers a hook (``variant.rules.core_only``), the engine
(:mod:`primero.engine`) calls these instead of going through the checked façade: the core's
``primero_start_step`` (:func:`core_start_step`), ``primero_end_step``
(:func:`core_end_step`), ``primero_legal_actions`` (:func:`core_legal_actions`) and
``primero_apply_action`` in a betting round (:func:`core_bet`), each exactly the hook's
answer (:class:`~primero.rules.betting.WaksBetting` calls them on a copy). The dealing ones,
:func:`~primero.rules.dealing.core_deal_cards` and :func:`~primero.rules.dealing.core_exchange`,
live beside the dealing hooks that share their code and are re-exported here. Every name is
still importable from :mod:`primero.rules.betting` (and :mod:`primero.rules.dealing`).
"""

from __future__ import annotations

from primero.actions import Action, Fold, Hold, Pass, Vie
from primero.rules.betting_round import (
    _open_round,
    betting_actions,
    exchange_actions,
    must_hold_seat,
)
from primero.rules.dealing import core_deal_cards, core_exchange
from primero.state import GameState, Seat, Step, copier, fill, replace

__all__ = ["core_bet", "core_deal_cards", "core_end_step", "core_exchange",
           "core_legal_actions", "core_start_step"]


def core_start_step(fresh: GameState, step: Step) -> GameState:
    """The core's ``primero_start_step`` on a state just made, in place (the engine's fast path).

    Exactly :meth:`WaksBetting.primero_start_step`, which is this on a copy.
    """
    kind = step.kind
    if kind == "bet":
        return _open_round(fresh)
    if kind == "ante":
        ante = fresh.context.table.ante
        seats = list(fresh.seats)
        for seat in fresh.playing_order():
            s = seats[seat]
            chips = min(ante, s.stack)
            seats[seat] = replace(s, stack=s.stack - chips, contributed=s.contributed + chips)
        fill(fresh, seats=tuple(seats), to_act=None)
    elif kind == "exchange":
        live = [i for i in fresh.playing_order() if not fresh.seats[i].folded]
        fill(fresh, to_act=live[0] if len(live) > 1 else None)
    else:
        fill(fresh, to_act=None)
    return fresh


def core_end_step(fresh: GameState, step: Step) -> GameState:
    """The core's ``primero_end_step`` on a state just made, in place (the engine's fast path).

    Exactly :meth:`WaksBetting.primero_end_step`, which is this on a copy.
    """
    live = 0
    for s in fresh.seats:
        if not s.folded:
            live += 1
    if live == 1:
        fill(fresh, over=True, ended_by="folds")
    elif step.kind == "bet" and fresh.opener is None and not fresh.skipped \
            and fresh.context.betting.carry_without_vie:
        last_round = max(s.number for s in fresh.context.plan if s.kind == "bet")
        if step.number == last_round:
            fill(fresh, over=True, ended_by="carry")
    return fresh


_bet_seat = copier(Seat, "stack", "contributed", "round_bet", "passed", "acted", "folded")


_bet_state = copier(GameState, "seats", "to_act", "high", "opener", "held", "bets", "skipped",
                    "history")


def core_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The core's ``primero_legal_actions`` (:meth:`WaksBetting.primero_legal_actions`), direct.

    For the engine's fast path, where the core alone answers the hook: the same tuples.
    """
    seat = state.to_act
    step = state.context.steps[state.step_index + 1]
    if seat is None or step is None:
        return ()
    kind = step.kind
    if kind == "bet":
        bound = state.opener is not None and not state.held \
            and must_hold_seat(state) == seat
        return betting_actions(state, seat, bound=bound)
    if kind == "exchange":
        return exchange_actions(state.seats[seat].hand)
    return ()


def core_bet(state: GameState, seat: int, action: Action,
             history: tuple[tuple[int, Action], ...]) -> GameState:
    """The core's answer to a betting action with the action recorded, in one state copy.

    Exactly :meth:`WaksBetting.primero_apply_action` in a betting round (:func:`apply_bet`,
    then the turn passed on or the round ended) with ``history`` set: the engine's fast path
    where the core alone answers ``primero_apply_action``. Only the acting seat is copied
    (and, when a raise re-asks the passers, theirs).

    Args:
        state: The state, in a betting round, with ``seat`` to act.
        seat: The acting seat.
        action: A legal :class:`Vie`, :class:`Hold`, :class:`Pass` or :class:`Fold` (of these
            exact classes).
        history: The new state's history (the action appended).
    """
    seats = state.seats
    s = seats[seat]
    kind = type(action)
    high, opener, held, bets = state.high, state.opener, state.held, state.bets
    stack, contributed, round_bet = s.stack, s.contributed, s.round_bet
    passed, folded = s.passed, s.folded
    others = seats
    if kind is Vie:
        chips = min(action.amount, stack)  # type: ignore[union-attr]
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        high, opener, held, bets = round_bet, seat, False, bets + 1
    elif kind is Hold:
        owed = high - round_bet
        raise_by = action.raise_by  # type: ignore[union-attr]
        chips = min((owed if owed > 0 else 0) + raise_by, stack)
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        if round_bet > high:
            if state.context.betting.raise_reopens_passes:  # a raise re-asks the passers
                others = tuple([x if not x.passed else replace(x, passed=False)
                                for x in seats])
            high = round_bet
        held = True
        if raise_by:
            bets += 1
    elif kind is Pass:
        if opener is not None and high > round_bet:
            passed = True
    elif kind is Fold:
        folded = True
    else:  # pragma: no cover - the engine sends only betting actions here
        raise TypeError(f"not a betting action: {action!r}")
    new_seats = list(others)
    new_seats[seat] = _bet_seat(s, stack, contributed, round_bet, passed, True, folded)
    n = len(new_seats)
    skipped = state.skipped
    live = 0
    able = 0
    complete = True
    for x in new_seats:
        if not x.folded:
            live += 1
            x_stack = x.stack
            if x_stack > 0:
                able += 1
            if opener is not None:
                if x.round_bet != high and x_stack != 0:
                    complete = False
            elif not x.acted and x_stack > 0:
                complete = False
    if kind is Fold and opener is None and live > 1 and able < 2:
        # RULES.md §5: folds before any vie leave one player able to act beside an all-in
        # player: the round ends as a skipped round (see primero_apply_action)
        skipped, to_act = True, None
    elif complete or live <= 1:
        to_act = None
    else:
        to_act = None
        for k in range(1, n + 1):  # next_actor(state, seat)
            candidate = new_seats[(seat + k) % n]
            if candidate.stack > 0 and not candidate.folded:
                to_act = (seat + k) % n
                break
    new = _bet_state(state, tuple(new_seats), to_act, high, opener, held, bets, skipped,
                     history)
    if state._cards_sound:  # a bet moves no card
        object.__setattr__(new, "_cards_sound", True)
    return new  # type: ignore[no-any-return]
