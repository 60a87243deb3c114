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
* *Raise cap* (house rule, RULES.md §5, off by default): with ``table.raise_cap`` set, once a
  round has seen that many vies plus raises, players may only hold, pass (where a pass is
  legal) or fold.

The helpers (:func:`put_in`, :func:`next_actor`, :func:`round_complete`, :func:`open_round`)
are public so variant plug-ins can reuse them instead of copying them; they are defined in
:mod:`primero.rules.betting_round`, and the engine's fast path (:func:`core_bet`,
:func:`core_start_step`, :func:`core_end_step`, :func:`core_legal_actions`) in
:mod:`primero.rules.fast_path`. Every name is still importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from primero.hookspecs import hookimpl

if TYPE_CHECKING:
    from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
    from primero.rules.betting_round import (
        apply_bet,
        betting_actions,
        betting_seat,
        exchange_actions,
        must_hold_seat,
        next_actor,
        open_round,
        put_in,
        round_complete,
    )
    from primero.rules.fast_path import (
        core_bet,
        core_end_step,
        core_legal_actions,
        core_start_step,
    )
    from primero.state import GameState, Step, fill, replace
    from primero.variant import Variant

__all__ = [
    "WaksBetting",
    "apply_bet",
    "betting_actions",
    "betting_seat",
    "core_bet",
    "core_end_step",
    "core_legal_actions",
    "core_start_step",
    "exchange_actions",
    "must_hold_seat",
    "next_actor",
    "open_round",
    "put_in",
    "round_complete",
]

#: The helpers re-exported from :mod:`primero.rules.betting_round` and
#: :mod:`primero.rules.fast_path`.
_REEXPORTED = frozenset(("apply_bet", "betting_actions", "betting_seat", "exchange_actions",
                         "must_hold_seat", "next_actor", "open_round", "put_in", "round_complete",
                         "core_bet", "core_end_step", "core_legal_actions", "core_start_step"))
#: Whether :func:`_import_deal_code` has bound the betting code in this module.
_bound = False


def _import_deal_code() -> None:
    """Bind the betting code here: on the first hook call or re-exported name, not on import.

    Registering the core (every variant's rules, a ranking's cold start too: issue 13) then
    imports none of the deal's code; after the first call the hooks find it as plain globals.
    """
    global _bound, Exchange, Fold, Hold, Pass, Vie, fill, replace
    global apply_bet, betting_actions, betting_seat, exchange_actions, must_hold_seat
    global next_actor, open_round, put_in, round_complete
    global core_bet, core_end_step, core_legal_actions, core_start_step
    from primero.actions import Exchange, Fold, Hold, Pass, Vie
    from primero.rules.betting_round import (
        apply_bet,
        betting_actions,
        betting_seat,
        exchange_actions,
        must_hold_seat,
        next_actor,
        open_round,
        put_in,
        round_complete,
    )
    from primero.rules.fast_path import (
        core_bet,
        core_end_step,
        core_legal_actions,
        core_start_step,
    )
    from primero.state import fill, replace

    _bound = True


def __getattr__(name: str) -> Any:
    if name not in _REEXPORTED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    _import_deal_code()
    return globals()[name]


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class WaksBetting:
    """Core step, action and round-end hooks: the Waks English game (RULES.md §5)."""

    @hookimpl(trylast=True)
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """Antes, betting rounds, the exchange; the showdown needs nobody."""
        if not _bound:
            _import_deal_code()
        return core_start_step(replace(state), step)

    @hookimpl(trylast=True)
    def primero_legal_actions(self, state: GameState, variant: Variant) -> tuple[Action, ...]:
        """Betting actions in a betting round; every subset of the hand in an exchange."""
        if not _bound:
            _import_deal_code()
        return core_legal_actions(state)

    @hookimpl(trylast=True)
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) -> str:
        """The rule an illegal action breaks."""
        if not _bound:
            _import_deal_code()
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
                    f"{s.name} must hold (round {step.number})")
        if isinstance(action, Pass) and action.exchange:
            return "a pass comes with no exchange in this game"
        if isinstance(action, Pass) and s.passed:
            return f"{s.name} already passed once in answer this round: hold or fold"
        if isinstance(action, Vie) and state.opened:
            return "someone has already vied this round: hold, raise, pass or fold"
        if isinstance(action, Hold) and not state.opened:
            return "nobody has vied yet: there is nothing to hold"
        cap = state.table.raise_cap
        if cap is not None and state.bets >= cap and (
                isinstance(action, Vie) or (isinstance(action, Hold) and action.raise_by)):
            return (f"the raise cap is reached: {cap} vie{'s' if cap != 1 else ''} and raises "
                    "a round (a house rule); hold, pass or fold")
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
        if not _bound:
            _import_deal_code()
        seat = state.to_act
        step = state.context.steps[state.step_index + 1]
        assert seat is not None and step is not None
        if step.kind == "exchange":
            assert isinstance(action, Exchange)
            served = variant.rules.serve_exchange(state, seat, action.discards)
            nxt = next((i for i in state.playing_order(seat) if i != seat
                        and (i - state.eldest) % state.n > (seat - state.eldest) % state.n
                        and not state.seats[i].folded), None)
            if served is state:
                return replace(state, to_act=nxt)
            fill(served, to_act=nxt)  # a new state, made by the hook for this action
            return served
        state = apply_bet(state, seat, action)  # a new state, made here: finished in place
        if isinstance(action, Fold) and not state.opened and len(state.live) > 1 \
                and sum(s.can_act for s in state.seats) < 2:
            # RULES.md §5: folds before any vie leave one player able to act beside an
            # all-in player: the round ends as a skipped round, not one in which nobody vied
            fill(state, skipped=True, to_act=None)
            return state
        object.__setattr__(state, "to_act",
                           None if round_complete(state) else next_actor(state, seat))
        return state

    @hookimpl(trylast=True)
    def primero_end_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """One player left ends the deal; no vie in the last betting round carries the pot.

        The carry only where the variant's ``betting.carry_without_vie`` says so (Waks).
        """
        if not _bound:
            _import_deal_code()
        return core_end_step(replace(state), step)
