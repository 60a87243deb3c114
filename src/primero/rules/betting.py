"""Waks English betting (RULES.md §5): the core's step, action and round-end hooks.

On a turn a player vies (opens with stake..rest chips), holds (matches the round's highest
total, optionally raising by stake..rest), passes, or folds. Readings this module implements,
where RULES.md leaves room:

* *Pass-once*: after the first vie of a round, each player may pass once in answer; at their
  next turn they must hold or fold, even if someone has raised since (RULES.md §5: "at most
  once in answer ... at their next turn they must hold or fold"). A pass made before the first
  vie, or by a player who is already level, answers nothing and does not count. (Suzuki's
  no-fold game re-asks passers after a raise: ``apply_bet(..., reopen_passes=True)``.)
* *Must hold* (round 1 only): while nobody has held the vie, the last player still able to act
  before the vier in playing order may not pass or fold. A hold or a raise lifts the duty.
* *All-in*: a player short of the stake, the amount owed or a raise may put in everything
  they have instead and stays in; a round is played only while two players can act. If, with
  no vie made, folds leave a single player able to act beside an all-in player, the round ends
  as a skipped round (round 2: on to the showdown, not a carry-over).

The helpers (:func:`put_in`, :func:`next_actor`, :func:`round_complete`, :func:`open_round`)
are public so variant plug-ins can reuse them instead of copying them.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.hookspecs import hookimpl
from primero.state import GameState, Seat, Step, replace

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = [
    "WaksBetting",
    "betting_actions",
    "betting_seat",
    "exchange_actions",
    "must_hold_seat",
    "next_actor",
    "open_round",
    "put_in",
    "round_complete",
]


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
    n = state.n
    for k in range(1, n + 1):
        seat = (after + k) % n
        if not wrap and (seat - state.eldest) % n <= (after - state.eldest) % n:
            return None
        if state.seats[seat].can_act:
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
    if state.opened:
        return all(s.round_bet == state.high or s.stack == 0 for s in live)
    return all(s.acted for s in live if s.stack > 0)


def must_hold_seat(state: GameState) -> int | None:
    """The seat bound to hold in round 1, or ``None`` (RULES.md §5 "Must hold")."""
    step = state.step
    if step is None or step.number != 1 or not state.opened or state.held \
            or state.opener is None:
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
    seats = tuple(replace(s, round_bet=0, passed=False, acted=False) for s in state.seats)
    state = replace(state, seats=seats, high=0, opened=False, opener=None, held=False,
                   skipped=False)
    actors = [s for s in state.seats if s.can_act]
    if len(actors) < 2 or len(state.live) < 2:
        return replace(state, skipped=True, to_act=None)
    return replace(state, to_act=first_actor(state))


def _amounts(state: GameState, available: int) -> list[int]:
    """Legal bet or raise sizes: stake..rest within ``available``, or all of it if short."""
    stake, rest = state.table.stake, state.table.rest
    if available <= 0:
        return []
    if available < stake:
        return [available]
    return list(range(stake, min(rest, available) + 1))


def betting_actions(state: GameState, seat: int, *, bound: bool) -> tuple[Action, ...]:
    """The Waks betting actions of ``seat`` (``bound``: under the must-hold duty)."""
    s = state.seats[seat]
    owed = state.high - s.round_bet
    actions: list[Action] = []
    if not state.opened:
        actions.append(Pass())
        actions.extend(Vie(a) for a in _amounts(state, s.stack))
        actions.append(Fold())
        return tuple(actions)
    if owed > 0:
        actions.append(Hold())
        actions.extend(Hold(a) for a in _amounts(state, s.stack - owed))
        if not bound:
            if not s.passed:
                actions.append(Pass())
            actions.append(Fold())
        return tuple(actions)
    # level while others still owe: pass, raise, or (pointlessly) fold
    actions.append(Pass())
    actions.extend(Hold(a) for a in _amounts(state, s.stack))
    if not bound:
        actions.append(Fold())
    return tuple(actions)


def exchange_actions(hand: tuple[object, ...]) -> tuple[Action, ...]:
    """Every exchange of a hand: each subset of its cards, standing pat first."""
    cards = list(hand)
    return tuple(
        Exchange(tuple(c for c in subset))  # type: ignore[misc]
        for k in range(len(cards) + 1)
        for subset in combinations(cards, k)
    )


def _paid(s: Seat, chips: int, **changes: object) -> Seat:
    chips = min(chips, s.stack)
    return replace(s, stack=s.stack - chips, contributed=s.contributed + chips,
                   round_bet=s.round_bet + chips, **changes)


def apply_bet(state: GameState, seat: int, action: Action, *,
              reopen_passes: bool = False) -> GameState:
    """Apply a Waks betting action (already checked legal) without moving the turn.

    Args:
        state: The state, with ``seat`` to act.
        seat: The acting seat.
        action: A legal :class:`Vie`, :class:`Hold`, :class:`Pass` or :class:`Fold`.
        reopen_passes: A raise gives everyone else their pass in answer back (Suzuki). Waks:
            ``False``, one pass in answer per round.
    """
    s = state.seats[seat]
    seats = list(state.seats)
    if isinstance(action, Vie):
        seats[seat] = _paid(s, action.amount, acted=True)
        return replace(state, seats=tuple(seats), high=seats[seat].round_bet, opened=True,
                       opener=seat, held=False)
    if isinstance(action, Hold):
        paid = _paid(s, max(0, state.high - s.round_bet) + action.raise_by, acted=True)
        if reopen_passes and paid.round_bet > state.high:  # a raise re-asks the passers
            seats = [x if not x.passed else replace(x, passed=False) for x in seats]
        seats[seat] = paid
        return replace(state, seats=tuple(seats), high=max(state.high, paid.round_bet),
                       held=True)
    if isinstance(action, Pass):
        answering = state.opened and state.high > s.round_bet
        seats[seat] = replace(s, acted=True, passed=s.passed or answering)
        return replace(state, seats=tuple(seats))
    if isinstance(action, Fold):
        seats[seat] = replace(s, folded=True, acted=True)
        return replace(state, seats=tuple(seats))
    raise TypeError(f"not a betting action: {action!r}")  # pragma: no cover


class WaksBetting:
    """Core step, action and round-end hooks: the Waks English game (RULES.md §5)."""

    @hookimpl(trylast=True)
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """Antes, betting rounds, the exchange; the showdown needs nobody."""
        if step.kind == "ante":
            for seat in state.playing_order():
                state = put_in(state, seat, state.table.ante, round_bet=False)
            return replace(state, to_act=None)
        if step.kind == "bet":
            return open_round(state, step)
        if step.kind == "exchange":
            live = [i for i in state.playing_order() if not state.seats[i].folded]
            return replace(state, to_act=live[0] if len(live) > 1 else None)
        return replace(state, to_act=None)

    @hookimpl(trylast=True)
    def primero_legal_actions(self, state: GameState, variant: Variant) -> tuple[Action, ...]:
        """Betting actions in a betting round; every subset of the hand in an exchange."""
        seat, step = state.to_act, state.step
        if seat is None or step is None:
            return ()
        if step.kind == "exchange":
            return exchange_actions(state.seats[seat].hand)
        if step.kind == "bet":
            return betting_actions(state, seat, bound=must_hold_seat(state) == seat)
        return ()

    @hookimpl(trylast=True)
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) -> str:
        """The rule an illegal action breaks."""
        seat, step = state.to_act, state.step
        if seat is None or step is None:
            return "nobody is to act"
        s = state.seats[seat]
        kind = step.kind
        if kind == "exchange":
            if not isinstance(action, Exchange):
                return "it is the exchange: discard cards from your hand (or none)"
            twice = sorted({c.ascii for c in action.discards if action.discards.count(c) > 1})
            if twice:
                return f"a card can be discarded only once: {' '.join(twice)} given twice"
            missing = [c.ascii for c in action.discards if c not in s.hand]
            return f"you can only discard cards from your own hand; not in it: " \
                   f"{' '.join(missing)}"
        if kind != "bet":
            return f"nothing can be done during the {step}"
        if isinstance(action, Exchange):
            return "exchanges happen after betting round 1, not during a betting round"
        bound = must_hold_seat(state) == seat
        owed = state.high - s.round_bet
        if bound and isinstance(action, Pass | Fold):
            opener = state.seats[state.opener or 0].name
            return (f"{s.name} speaks last before {opener}, who vied, and nobody has held: "
                    f"{s.name} must hold (round 1)")
        if isinstance(action, Pass) and action.exchange:
            return "a pass comes with an exchange only in the Suzuki variant"
        if isinstance(action, Pass) and s.passed:
            return f"{s.name} already passed once in answer this round: hold or fold"
        if isinstance(action, Vie) and state.opened:
            return "someone has already vied this round: hold, raise, pass or fold"
        if isinstance(action, Hold) and not state.opened:
            return "nobody has vied yet: there is nothing to hold"
        if isinstance(action, Hold) and action.raise_by == 0 and owed <= 0:
            return "you are level: pass, or raise with 'hold raise N'"
        if isinstance(action, Vie | Hold):
            amount = action.amount if isinstance(action, Vie) else action.raise_by
            available = s.stack if isinstance(action, Vie) else s.stack - max(owed, 0)
            stake, rest = state.table.stake, state.table.rest
            if amount > rest:
                return f"a bet or raise is at most the rest ({rest})"
            if amount > available:
                return f"{s.name} has only {s.stack} chips"
            if amount < stake:
                return f"a bet or raise is at least the stake ({stake}) unless it is all-in"
            if isinstance(action, Vie | Hold) and action.call is not None:
                return "calls are named only in the calling variant"
        return "that is not one of the legal actions"

    @hookimpl(trylast=True)
    def primero_apply_action(self, state: GameState, variant: Variant, action: Action) \
            -> GameState:
        """Apply the action and pass the turn on, or end the step."""
        seat = state.to_act
        step = state.step
        assert seat is not None and step is not None
        if step.kind == "exchange":
            assert isinstance(action, Exchange)
            state = variant.rules.serve_exchange(state, seat, action.discards)
            nxt = next((i for i in state.playing_order(seat) if i != seat
                        and (i - state.eldest) % state.n > (seat - state.eldest) % state.n
                        and not state.seats[i].folded), None)
            return replace(state, to_act=nxt)
        state = apply_bet(state, seat, action)
        if isinstance(action, Fold) and not state.opened and len(state.live) > 1 \
                and sum(s.can_act for s in state.seats) < 2:
            # RULES.md §5: folds before any vie leave one player able to act beside an
            # all-in player: the round ends as a skipped round, not one in which nobody vied
            return replace(state, skipped=True, to_act=None)
        if round_complete(state):
            return replace(state, to_act=None)
        return replace(state, to_act=next_actor(state, seat))

    @hookimpl(trylast=True)
    def primero_end_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """One player left ends the deal; no vie in the last betting round carries the pot."""
        if len(state.live) == 1:
            return replace(state, over=True, ended_by="folds")
        if step.kind == "bet" and not state.opened and not state.skipped:
            last_round = max(s.number for s in state.plan if s.kind == "bet")
            if step.number == last_round:
                return replace(state, over=True, ended_by="carry")
        return state
