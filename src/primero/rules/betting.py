"""Waks English betting, the core's (docs/rules/waks.md): the betting hooks and their helpers.

On a turn a player vies (opens with stake..rest chips), holds (matches the round's highest
total, optionally raising by stake..rest), passes, or folds. The readings implemented here
(each the library's where the sources leave room; docs/rules/waks.md):

* *Pass-once*: after the first vie of a round, each player may pass once in answer; at their
  next turn they must hold or fold, even if someone has raised since. A pass made before the
  first vie, or by a player who is already level, answers nothing and does not count.
  (Suzuki's no-fold game re-asks passers after a raise: ``apply_bet(..., reopen_passes=True)``.)
* *A pass with an exchange* (the variant's ``betting.pass_exchange``, Suzuki's 2;
  docs/rules/suzuki.md): every pass discards one to that many cards of the hand and draws as
  many from the stock at once (:func:`exchange_passes`; the cards served as the core's
  ``primero_serve_exchange`` serves an exchange, received as ``"pass"``).
* *Answer once* (``betting.answer_once``, Suzuki): a pass answers the standing vie or raise as
  a hold does; the turn goes only to the players who still have to answer it
  (:func:`to_answer`, :func:`next_to_answer`) and the round ends when nobody does
  (:func:`round_answered`).
* *Must hold* (round 1 only): while nobody has held the vie, the last player still able to act
  before the vier in playing order may not pass or fold. A hold or a raise lifts the duty.
* *All-in*: a player short of the stake, the amount owed or a raise may put in everything
  they have instead and stays in; a round is played only while two players can act. If, with
  no vie made, folds leave a single player able to act beside an all-in player, the round ends
  as a skipped round (round 2: on to the showdown, not a carry-over).
* *Raise cap* (a house rule, off by default): with ``table.raise_cap`` set, once a round has
  seen that many vies plus raises, players may only hold, pass (where a pass is legal) or
  fold.

The helpers a betting hook reads or moves a round with (:func:`betting_seat`, :func:`put_in`,
:func:`next_actor`, :func:`first_actor`, :func:`round_complete`, :func:`must_hold_seat`,
:func:`open_round`, :func:`to_answer`, :func:`next_to_answer`, :func:`round_answered`), the
legal actions of a turn (:func:`betting_actions`, :func:`exchange_actions`,
:func:`exchange_passes`) and a betting action booked (:func:`apply_bet`) are public, so
variant plug-ins reuse them instead of copying them.

The hooks answer by the code above, as the rule sheet reads, and so does
:func:`core_legal_actions`. The engine's fast twins of ``primero_legal_actions`` and
``primero_apply_action`` (one state copy per action, the answers exactly these hooks') are
kept in the deal package, :mod:`primero.deal.fast_betting`, beside tests against the hooks
they mirror. :func:`core_start_step` and :func:`core_end_step` are the hooks' own code, on a
state just made: the engine calls them on its own copy, the hooks on theirs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie, exchange_actions
from primero.cards import Card
from primero.deal.copying import copier, replace
from primero.deal.state import (
    SOUND_FLAG,
    DealContext,
    GameState,
    Seat,
    fill,
    forget_legal,
)
from primero.hookspecs import hookimpl
from primero.rules.dealing import serve_exchange
from primero.setup import Step, Table

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = [
    "CORE_BETTING",
    "CoreBetting",
    "apply_bet",
    "betting_actions",
    "betting_seat",
    "core_end_step",
    "core_legal_actions",
    "core_start_step",
    "exchange_actions",
    "exchange_passes",
    "first_actor",
    "must_hold_seat",
    "next_actor",
    "next_to_answer",
    "open_round",
    "put_in",
    "round_answered",
    "round_complete",
    "situation_bets",
    "to_answer",
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


def to_answer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` still has to act in the current betting round (``answer_once``).

    Before a vie: they can act and have not acted yet. After it: they can act (not folded,
    chips left), have not passed since the last vie or raise, and are short of the round's
    highest total.
    """
    s = state.seats[seat]
    if not s.can_act:
        return False
    if not state.opened:
        return not s.acted
    return not s.passed and s.round_bet < state.high


def round_answered(state: GameState) -> bool:
    """The round end under ``answer_once`` (Suzuki): nobody still has to answer."""
    return not any(to_answer(state, seat) for seat in range(state.n))


def next_to_answer(state: GameState, after: int) -> int | None:
    """The next seat after ``after`` in playing order that still has to act, or ``None``."""
    return next((seat for seat in state.playing_order(after + 1) if to_answer(state, seat)),
                None)


def must_hold_seat(state: GameState) -> int | None:
    """The seat bound to hold, or ``None`` (docs/rules/waks.md "Must hold").

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
    cleared = []  # (one loop, no comprehension's call)
    actors = 0
    live = 0
    for s in fresh.seats:
        if s.round_bet or s.passed or s.acted:
            s = _cleared_seat(s, 0, False, False)
        cleared.append(s)
        if not s.folded:
            live += 1
            if s.stack > 0:
                actors += 1
    seats = tuple(cleared)
    setter = object.__setattr__  # fill(fresh, ...), inline: one store per field
    setter(fresh, "seats", seats)
    setter(fresh, "high", 0)
    setter(fresh, "opener", None)
    setter(fresh, "held", False)
    setter(fresh, "bets", 0)
    if actors < 2 or live < 2:
        setter(fresh, "skipped", True)
        setter(fresh, "to_act", None)
    else:
        setter(fresh, "skipped", False)
        setter(fresh, "to_act", first_actor(fresh))
    forget_legal(fresh)
    return fresh


def _amounts(state: GameState, available: int) -> range:
    """Legal bet or raise sizes: stake..rest within ``available``, or all of it if short."""
    return _table_amounts(state.context.table, available)


def _table_amounts(table: Table, available: int) -> range:
    """:func:`_amounts` at ``table``."""
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


#: The betting tuples made so far, by table (``2 * stake`` plus 1 where folding is allowed),
#: then by situation (``12 * top + 4 * case + 2 * bound + may_pass``, see
#: :func:`situation_bets`): integer keys, quick to make and to find.
_BETTING: dict[int, dict[int, tuple[Action, ...]]] = {}


def betting_actions(state: GameState, seat: int, *, bound: bool) -> tuple[Action, ...]:
    """The Waks betting actions of ``seat`` (``bound``: under the must-hold duty).

    The tuples are shared between states (actions are values), so the same situation gives
    the same tuple object.
    """
    return _seat_bets(state.context, state.seats[seat], state.high, state.opener, state.bets,
                      bound)


def _seat_bets(context: DealContext, s: Seat, high: int, opener: int | None, bets: int,
               bound: bool) -> tuple[Action, ...]:
    """:func:`betting_actions` of the seat ``s`` in a round at ``high``, ``opener``, ``bets``."""
    rules = context.betting
    if opener is None:
        case, available, may_pass, bound = 0, s.stack, True, False
    else:
        owed = high - s.round_bet
        if owed > 0:
            case, available = 1, s.stack - owed
            may_pass = rules.pass_answers_bet and not (rules.pass_once and s.passed)
        else:  # level while others still owe: pass, raise, or (pointlessly) fold
            case, available, may_pass = 2, s.stack, True
    return situation_bets(context.table, rules.fold, case, available, bound, may_pass, bets)


def situation_bets(table: Table, fold: bool, case: int, available: int, bound: bool,
                   may_pass: bool, bets: int) -> tuple[Action, ...]:
    """The betting tuple of a situation, shared by every state in it (actions are values).

    Args:
        table: The table (stake, rest, raise cap).
        fold: Whether folding is allowed (the variant's ``betting.fold``).
        case: 0: nobody has vied; 1: the player owes chips; 2: the player is level.
        available: The chips the player can bet or raise with (the amount owed taken off).
        bound: The player is under the must-hold duty (:func:`must_hold_seat`).
        may_pass: A pass is legal in answer (case 1).
        bets: The vies and raises of the round so far (for the raise cap).
    """
    cap = table.raise_cap
    if cap is not None and bets >= cap:  # house rule: no more vies or raises
        available = 0
    rest = table.rest
    top = (available if available < rest else rest) if available > 0 else 0
    by_code = _BETTING.get(table.stake * 2 + (1 if fold else 0))
    if by_code is None:
        by_code = _BETTING[table.stake * 2 + (1 if fold else 0)] = {}
    code = top * 12 + case * 4 + (2 if bound else 0) + (1 if may_pass else 0)
    legal = by_code.get(code)
    if legal is None:
        if len(by_code) >= 8192:
            by_code.clear()
        legal = by_code[code] = _betting(case, _table_amounts(table, available), bound=bound,
                                         may_pass=may_pass, fold=fold)
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


def exchange_passes(hand: tuple[Card, ...], most: int) -> tuple[Pass, ...]:
    """Every pass of ``hand`` with an exchange: of one card, then of two, ... up to ``most``.

    Args:
        hand: The hand of the player to act.
        most: The most cards a pass exchanges (the variant's ``betting.pass_exchange``).
    """
    return tuple(Pass.from_cards(cards) for k in range(1, most + 1)
                 for cards in combinations(hand, k))


def with_exchange_passes(bets: tuple[Action, ...], hand: tuple[Card, ...], most: int) \
        -> tuple[Action, ...]:
    """``bets`` with each plain pass spelt out as every pass of ``hand`` with an exchange."""
    spelt: list[Action] = []
    for action in bets:
        if type(action) is Pass and not action.exchange:
            spelt.extend(exchange_passes(hand, most))
        else:
            spelt.append(action)
    return tuple(spelt)


def _paid(s: Seat, chips: int, **changes: object) -> Seat:
    chips = min(chips, s.stack)
    return replace(s, stack=s.stack - chips, contributed=s.contributed + chips,
                   round_bet=s.round_bet + chips, **changes)


#: The copies :func:`apply_bet` makes: ``replace(state, seats=..., ...)``, the cards' "found
#: sound" mark kept (a bet moves no card: the seats keep their very hands).
_vied = copier(GameState, "seats", "high", "opener", "held", "bets", keep=(SOUND_FLAG,))
_held = copier(GameState, "seats", "high", "held", "bets", keep=(SOUND_FLAG,))
_seated = copier(GameState, "seats", keep=(SOUND_FLAG,))


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
    # a bet moves no card: each copy keeps the cards' "found sound" mark (SOUND_FLAG)
    if isinstance(action, Vie):
        seats[seat] = _paid(s, action.amount, acted=True)
        return _vied(state, tuple(seats), seats[seat].round_bet, seat, False,  # type: ignore[no-any-return]
                     state.bets + 1)
    if isinstance(action, Hold):
        paid = _paid(s, max(0, state.high - s.round_bet) + action.raise_by, acted=True)
        if reopen_passes and paid.round_bet > state.high:  # a raise re-asks the passers
            seats = [x if not x.passed else replace(x, passed=False) for x in seats]
        seats[seat] = paid
        return _held(state, tuple(seats), max(state.high, paid.round_bet), True,  # type: ignore[no-any-return]
                     state.bets + 1 if action.raise_by else state.bets)
    if isinstance(action, Pass):
        answering = state.opened and state.high > s.round_bet
        seats[seat] = replace(s, acted=True, passed=s.passed or answering)
        return _seated(state, tuple(seats))  # type: ignore[no-any-return]
    if isinstance(action, Fold):
        seats[seat] = replace(s, folded=True, acted=True)
        return _seated(state, tuple(seats))  # type: ignore[no-any-return]
    raise TypeError(f"not a betting action: {action!r}")  # pragma: no cover


def core_start_step(fresh: GameState, step: Step) -> GameState:
    """The core's ``primero_start_step`` on a state just made, in place (the engine's fast path).

    Exactly :meth:`CoreBetting.primero_start_step`, which is this on a copy.
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
    elif kind == "exchange":  # the first of two or more still in, from the eldest
        now = fresh.seats
        n = len(now)
        eldest = fresh.context.eldest
        first = None
        for k in range(n):
            seat = (eldest + k) % n
            if not now[seat].folded:
                if first is not None:
                    break
                first = seat
        else:
            first = None  # (fewer than two still in: nobody exchanges)
        fill(fresh, to_act=first)
    else:
        fill(fresh, to_act=None)
    return fresh


def core_end_step(fresh: GameState, step: Step) -> GameState:
    """The core's ``primero_end_step`` on a state just made, in place (the engine's fast path).

    Exactly :meth:`CoreBetting.primero_end_step`, which is this on a copy.
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


#: A copy of a state, every field the same, the cards' "found sound" mark kept (for the
#: steps' start and end, which move no card).
_same_cards = copier(GameState, keep=(SOUND_FLAG,))

def core_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The core's answer to ``primero_legal_actions``: what the seat to act may do.

    In a betting round, its betting actions (:func:`betting_actions`), the must-hold duty
    read by :func:`must_hold_seat`, and where a pass comes with an exchange
    (``betting.pass_exchange``) the plain pass spelt out once per exchange of the hand
    (:func:`exchange_passes`); in the exchange, every subset of its hand to discard
    (:func:`~primero.actions.exchange_actions`); otherwise, or with nobody to act, none. The
    same tuples, shared between states (actions are values), as
    :func:`~primero.deal.fast_betting.fast_legal_actions`, the engine's fast twin.
    """
    seat, step = state.to_act, state.step
    if seat is None or step is None:
        return ()
    if step.kind == "bet":
        bets = betting_actions(state, seat, bound=must_hold_seat(state) == seat)
        most = state.context.betting.pass_exchange
        return with_exchange_passes(bets, state.seats[seat].hand, most) if most else bets
    if step.kind == "exchange":
        return exchange_actions(state.seats[seat].hand)
    return ()


def _exchanged(state: GameState, seat: int, served: GameState) -> GameState:
    """The state after ``seat``'s exchange was served (``served``): the turn passed on.

    To the next player still in, in playing order from the eldest, who has not exchanged.
    """
    nxt = next((i for i in state.playing_order(seat) if i != seat
                and (i - state.eldest) % state.n > (seat - state.eldest) % state.n
                and not state.seats[i].folded), None)
    if served is state:
        return replace(state, to_act=nxt)
    fill(served, to_act=nxt)  # a new state, made by the hook for this action
    return served




class CoreBetting:
    """Core step, action and round-end hooks: the Waks English game (docs/rules/waks.md)."""

    @hookimpl(trylast=True)
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """Antes, betting rounds, the exchange; the showdown needs nobody.

        No card moves at the start of a step: the copy keeps the cards' "found sound" mark.
        """
        return core_start_step(_same_cards(state), step)

    @hookimpl(trylast=True)
    def primero_legal_actions(self, state: GameState, variant: Variant) -> tuple[Action, ...]:
        """Betting actions in a betting round; every subset of the hand in an exchange."""
        return core_legal_actions(state)

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
            return _discard_reason(action.discards, s.hand)
        if kind != "bet":
            return f"nothing can be done during the {step}"
        rules = state.context.betting
        most = rules.pass_exchange
        if isinstance(action, Fold) and not rules.fold:
            if most:
                return (f"there is no fold in this game: pass with an exchange of "
                        f"{_cards_words(most)} instead ('pass exchange {_card_slots(most)}')")
            return "there is no fold in this game"
        if isinstance(action, Exchange):
            kinds = [st.kind for st in state.plan]
            if "exchange" not in kinds:
                return f"there is no exchange in {variant.name}"
            if "bet" in kinds and kinds.index("bet") < kinds.index("exchange"):
                return "exchanges happen after betting round 1, not during a betting round"
            return "exchanges happen in the exchange step, not during a betting round"
        bound = must_hold_seat(state) == seat
        owed = state.high - s.round_bet
        if bound and isinstance(action, Pass | Fold):
            opener = state.seats[state.opener or 0].name
            return (f"{s.name} speaks last before {opener}, who vied, and nobody has held: "
                    f"{s.name} must hold (round {step.number})")
        if isinstance(action, Pass) and most:
            return _pass_exchange_reason(action.exchange, s.hand, s.name, most)
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
        seat = state.to_act
        step = state.context.steps[state.step_index + 1]
        assert seat is not None and step is not None
        if step.kind == "exchange":
            assert isinstance(action, Exchange)
            served = serve_exchange(state, seat, action.discards)  # the core's, trusted,
            # where no plug-in serves exchanges (else the checked hook)
            return _exchanged(state, seat, served)
        if isinstance(action, Pass) and action.exchange:  # a pass with an exchange (Suzuki)
            state = serve_exchange(state, seat, action.exchange)  # the discards, cards owed
        state = apply_bet(state, seat, action)  # a new state, made here: finished in place
        if isinstance(action, Fold) and not state.opened and len(state.live) > 1 \
                and sum(s.can_act for s in state.seats) < 2:
            # docs/rules/waks.md: folds before any vie leave one player able to act beside an
            # all-in player: the round ends as a skipped round, not one in which nobody vied
            fill(state, skipped=True, to_act=None)
            return state
        if len(state.live) <= 1:
            nxt = None
        elif state.context.betting.answer_once:  # docs/rules/suzuki.md: the next to answer
            nxt = next_to_answer(state, seat)
        else:
            nxt = None if round_complete(state) else next_actor(state, seat)
        object.__setattr__(state, "to_act", nxt)
        return state

    @hookimpl(trylast=True)
    def primero_end_step(self, state: GameState, variant: Variant, step: Step) -> GameState:
        """One player left ends the deal; no vie in the last betting round carries the pot.

        The carry only where the variant's ``betting.carry_without_vie`` says so (Waks).
        """
        return core_end_step(_same_cards(state), step)  # (no card moves: the mark kept)


def _cards_words(most: int) -> str:
    """``"one card"``, ``"one or two cards"``, ``"one to three cards"``..."""
    words = ("", "one", "two", "three", "four")
    if most == 1:
        return "one card"
    if most == 2:
        return "one or two cards"
    return f"one to {words[most]} cards"


def _card_slots(most: int) -> str:
    """``"C1"``, ``"C1 [C2]"``, ``"C1 [C2 C3]"``...: the text of a pass with an exchange."""
    return "C1" if most == 1 else f"C1 [{' '.join(f'C{k}' for k in range(2, most + 1))}]"


def _pass_exchange_reason(thrown: tuple[Card, ...], hand: tuple[Card, ...], name: str,
                          most: int) -> str:
    """Why a pass is not a pass with an exchange of 1 to ``most`` distinct cards of ``hand``."""
    n = len(thrown)
    if n == 0:
        return (f"in this game every pass exchanges {_cards_words(most)}: "
                f"'pass exchange {_card_slots(most)}'")
    if n > most:
        return f"a pass exchanges {_cards_words(most)}, not {n}"
    twice = sorted({c.ascii for c in thrown if thrown.count(c) > 1})
    if twice:
        return f"a card can be exchanged only once: {' '.join(twice)} given twice"
    foreign = [c for c in thrown if c not in hand]
    if foreign:
        return f"{foreign[0]} is not in {name}'s hand"
    return "that is not one of the legal actions"


#: The most cards a refusal of an exchange names (the rest are counted).
_NAMED_CARDS = 4


def _listed(cards: list[Card]) -> str:
    """Cards as a refusal names them: the first few, and how many more."""
    shown = " ".join(c.ascii for c in cards[:_NAMED_CARDS])
    more = len(cards) - _NAMED_CARDS
    return shown if more <= 0 else f"{shown} and {more:,} more"


def _discard_reason(discards: tuple[Card, ...], hand: tuple[Card, ...]) -> str:
    """Why these discards are not an exchange of ``hand``: in one pass over them.

    A card given twice first (the discards are in pack order, so its copies are neighbours),
    then cards not in the hand; each names a few cards and counts the rest.
    """
    twice: list[Card] = []
    missing: list[Card] = []
    held = set(hand)
    previous = None
    for card in discards:
        if card is previous:
            if not twice or twice[-1] is not card:
                twice.append(card)
        elif card not in held:
            missing.append(card)
        previous = card
    if twice:
        return f"a card can be discarded only once: {_listed(twice)} given twice"
    return f"you can only discard cards from your own hand; not in it: {_listed(missing)}"


#: The core's betting hooks, registered ``trylast`` under every variant.
CORE_BETTING = CoreBetting()
