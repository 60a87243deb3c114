"""The fast twins of the core's betting hooks: the engine's way, one state copy per action.

Two entry points, one answer (the python-chess model: trusted and checked moves): the core's
betting hooks in :mod:`primero.rules.betting` read like the rule sheet (docs/rules/waks.md);
the functions here give exactly their answers the fast way, where the core alone answers a
hook (``variant.rules.deal.core_only``), each tested against the hook it mirrors
(``tests/fast_paths``: the same states, the same tuples, the same errors).

* :func:`fast_legal_actions` — ``primero_legal_actions``
  (:func:`~primero.rules.betting.core_legal_actions`);
* :func:`core_bet` — ``primero_apply_action`` for a betting action, with the action recorded,
  in one state copy (the next legal actions cached on it where the core alone answers them);
  its two ways, :func:`lean_bet` (Waks's betting family) and :func:`answering_bet` (any other,
  Suzuki's), which the engine calls direct;
* :func:`bet_answer` — ``primero_apply_action`` with the history unchanged, for the checked
  rules (:class:`~primero.plugins.deal.DealRules`), which reach it through a deal's context
  (``state.context.engine``, :class:`~primero.deal.state.Engine`) and never import it.
"""

from __future__ import annotations

from primero.actions import Action, Fold, Hold, Pass, Vie, exchange_actions
from primero.deal.action_space import ENCODINGS
from primero.deal.copying import builder_of, copier
from primero.deal.fast_dealing import pass_served, passes_spelt
from primero.deal.state import (
    DealContext,
    GameState,
    HistoryChain,
    Seat,
    folded_cards,
    history_value,
    keep_legal,
)
from primero.rules.betting import CORE_BETTING, situation_bets
from primero.rules.dealing import deliver

__all__ = ["answering_bet", "bet_answer", "core_bet", "fast_legal_actions", "lean_bet"]


#: The betting tuples found so far, by table (``2 * stake`` plus 1 where folding is allowed,
#: the third of ``context.bet_facts``), then by situation (``12 * top + 4 * case + 2 * bound +
#: may_pass``): each the very tuple :func:`~primero.rules.betting.situation_bets` gives.
_BETTING: dict[int, dict[int, tuple[Action, ...]]] = {}


def _new_situation(context: DealContext, table_key: int, code: int, case: int, available: int,
                   bound: bool, may_pass: bool, bets: int) -> tuple[Action, ...]:
    """The betting tuple of a situation not met before at this table, kept by its key."""
    legal = situation_bets(context.table, context.bet_facts[6], case, available, bound,
                           may_pass, bets)
    by_code = _BETTING.get(table_key)
    if by_code is None:
        by_code = _BETTING[table_key] = {}
    if len(by_code) >= 8192:
        by_code.clear()
    by_code[code] = legal
    return legal


def _round_bets(context: DealContext, seats: tuple[Seat, ...] | list[Seat], seat: int,
                number: int, high: int, opener: int | None, held: bool, bets: int) \
        -> tuple[Action, ...]:
    """:func:`fast_legal_actions` of ``seat`` to act in betting round ``number``.

    The round given by its parts (``seats``, ``high``, ``opener``, ``held``, ``bets``): the
    must-hold duty (:func:`~primero.rules.betting.must_hold_seat`) and
    :func:`~primero.rules.betting.betting_actions` worked out inline.
    """
    s = seats[seat]
    rest, cap, table_key, must_hold_rounds, pass_answers_bet, pass_once, _ = \
        context.bet_facts
    if opener is None:
        case, available, may_pass, bound = 0, s.stack, True, False
    else:
        bound = False
        if not held and number in must_hold_rounds:
            n = context.n
            for k in range(1, n):  # must_hold_seat, inline
                other = (opener - k) % n
                x = seats[other]
                if x.stack > 0 and not x.folded:
                    bound = other == seat
                    break
        owed = high - s.round_bet
        if owed > 0:
            case, available = 1, s.stack - owed
            may_pass = pass_answers_bet and not (pass_once and s.passed)
        else:  # level while others still owe: pass, raise, or (pointlessly) fold
            case, available, may_pass = 2, s.stack, True
    # situation_bets, inline
    if cap is not None and bets >= cap:  # house rule: no more vies or raises
        available = 0
    top = (available if available < rest else rest) if available > 0 else 0
    code = top * 12 + case * 4 + (2 if bound else 0) + (1 if may_pass else 0)
    by_code = _BETTING.get(table_key)
    if by_code is not None:
        legal = by_code.get(code)
        if legal is not None:
            return legal
    return _new_situation(context, table_key, code, case, available, bound, may_pass, bets)


class _TurnOrders(dict[int, tuple[tuple[int, ...], ...]]):
    """Per table size ``n``: per seat, every seat in turn order after it (itself last)."""

    def __missing__(self, n: int) -> tuple[tuple[int, ...], ...]:
        orders = self[n] = tuple(tuple((i + k) % n for k in range(1, n + 1)) for i in range(n))
        return orders


#: Per number of seats: per seat, every seat after it in playing order (itself last).
_AFTER = _TurnOrders()

_ENCODINGS_GET = ENCODINGS.get


_reopened_seat = copier(Seat, "passed")


def fast_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The core's answer to ``primero_legal_actions``, the fast way: the very same tuples.

    Exactly :func:`~primero.rules.betting.core_legal_actions` (the hook's own code, as the
    rule sheet reads), with the must-hold duty and the betting situation worked out inline
    and the situation's tuple found by an integer key, and where a pass comes with an
    exchange (``betting.pass_exchange``) its passes spelt out by
    :func:`~primero.deal.fast_dealing.passes_spelt` (one tuple per betting tuple and hand):
    the engine's fast path where the core alone answers the hook.

    Args:
        state: A state; ``()`` where nobody is to act or the step is neither a betting round
            nor the exchange.
    """
    seat = state.to_act
    context = state.context
    step = context.steps[state.step_index + 1]
    if seat is None or step is None:
        return ()
    kind = step.kind
    if kind == "bet":
        seats = state.seats
        bets = _round_bets(context, seats, seat, step.number, state.high, state.opener,
                           state.held, state.bets)
        most = context.betting.pass_exchange
        return passes_spelt(bets, seats[seat].hand, most) if most else bets
    if kind == "exchange":
        return exchange_actions(state.seats[seat].hand)
    return ()


def _hold(context: DealContext, seats: tuple[Seat, ...], stack: int, round_bet: int,
          high: int, raise_by: int, bets: int) \
        -> tuple[int, int, tuple[Seat, ...], int]:
    """A hold (raising by ``raise_by``) of a seat with ``stack`` and ``round_bet`` in the round.

    :func:`~primero.rules.betting.apply_bet`'s hold: ``(chips put in, all-in at most; the
    round's high; the seats, the passers re-asked where a raise reopens passes; the vies and
    raises so far)``.
    """
    chips = (high - round_bet if high > round_bet else 0) + raise_by
    if chips > stack:
        chips = stack
    if round_bet + chips > high:
        if context.betting.raise_reopens_passes:  # a raise re-asks the passers
            seats = tuple([x if not x.passed else _reopened_seat(x, False) for x in seats])
        high = round_bet + chips
    return chips, high, seats, bets + 1 if raise_by else bets


def core_bet(state: GameState, seat: int, action: Action,
             history: HistoryChain | tuple[tuple[int, Action], ...]) -> GameState:
    """The core's answer to a betting action with the action recorded, in one state copy.

    Exactly :meth:`~primero.rules.betting.CoreBetting.primero_apply_action` in a betting
    round (:func:`~primero.rules.betting.apply_bet`, then the turn passed on or the round
    ended) with ``history`` set: the engine's fast path
    where the core alone answers ``primero_apply_action``. Only the acting seat is copied
    (and, when a raise re-asks the passers, theirs).

    Args:
        state: The state, in a betting round, with ``seat`` to act.
        seat: The acting seat.
        action: A legal :class:`Vie`, :class:`Hold`, :class:`Pass` or :class:`Fold` (of these
            exact classes).
        history: The new state's history (the action appended).

    Where the core alone answers ``primero_legal_actions`` too (``rules.core_legal``), the
    new state comes with its legal actions cached: :func:`fast_legal_actions` of it, worked
    out from the round's parts at hand.
    """
    if not state.context.lean_bets:
        return answering_bet(state, seat, action, history)
    return lean_bet(state, seat, action, history)


#: Fresh :class:`Seat` and :class:`GameState` objects that take plain stores (see
#: :func:`~primero.deal.copying.builder_of`): :func:`lean_bet` writes its two copies inline.
_SeatBuilder = builder_of(Seat)
_StateBuilder = builder_of(GameState)


def lean_bet(state: GameState, seat: int, action: Action,
             history: HistoryChain | tuple[tuple[int, Action], ...],
             core_legal: bool = False) -> GameState:
    """:func:`core_bet` where the betting rules take the lean way (``context.lean_bets``).

    The betting rules have no ``answer_once`` and no pass exchange (Waks's family). The whole
    move in one frame, for the engine's most frequent step: the mover's seat and the new state
    written inline (one store per field, every other seat shared),
    :func:`~primero.rules.betting.apply_bet`, the round's end and the next to act found in one
    walk of the seats in turn order (the acting seat last, stopped at the first seat that
    still has to answer), and the next legal actions (:func:`_round_bets`, inline) cached on
    the new state where the core alone answers them.

    Args:
        state: The state, in a betting round, with ``seat`` to act.
        seat: The acting seat.
        action: A legal :class:`Vie`, :class:`Hold`, :class:`Pass` or :class:`Fold` (of these
            exact classes; a pass with cards goes the general way).
        history: The new state's history.
        core_legal: Cache the core's own next legal actions on the new state even where the
            core does not alone answer them (its ids not with them): for a caller that takes
            them off at once, before anyone reads the state (the engine's composed path,
            which hands them to :meth:`~primero.plugins.deal.DealRules.known_legal`).
    """
    context = state.context
    kind = type(action)
    seats = state.seats
    s = seats[seat]
    high = state.high
    opener = state.opener
    held = state.held
    bets = state.bets
    stack = s.stack
    mover = _SeatBuilder()  # the mover's seat, a copy of ``s`` (every slot of a Seat stored)
    mover.name = s.name
    mover.hand = s.hand
    mover.discarded = s.discarded
    mover.received = s.received
    mover._public = None
    mover.acted = True
    if kind is Hold:  # (apply_bet's hold, _hold inline)
        round_bet = s.round_bet
        chips = (high - round_bet if high > round_bet else 0) + action.raise_by  # type: ignore[union-attr]
        if chips > stack:
            chips = stack
        if round_bet + chips > high:
            if context.betting.raise_reopens_passes:  # a raise re-asks the passers
                seats = tuple([x if not x.passed else _reopened_seat(x, False) for x in seats])
            high = round_bet + chips
        if action.raise_by:  # type: ignore[union-attr]
            bets += 1
        mover.stack = stack - chips
        mover.contributed = s.contributed + chips
        mover.round_bet = round_bet + chips
        mover.passed = s.passed
        mover.folded = s.folded
        held = True
    elif kind is Vie:
        chips = action.amount  # type: ignore[union-attr]
        if chips > stack:
            chips = stack
        high = s.round_bet + chips
        mover.stack = stack - chips
        mover.contributed = s.contributed + chips
        mover.round_bet = high
        mover.passed = s.passed
        mover.folded = s.folded
        opener, held, bets = seat, False, bets + 1
    elif kind is Pass:
        if action.exchange:  # type: ignore[union-attr]  # (a plug-in's pass with cards)
            return answering_bet(state, seat, action, history)
        mover.stack = stack
        mover.contributed = s.contributed
        mover.round_bet = s.round_bet
        mover.passed = s.passed or (opener is not None and high > s.round_bet)
        mover.folded = s.folded
    elif kind is Fold:
        mover.stack = stack
        mover.contributed = s.contributed
        mover.round_bet = s.round_bet
        mover.passed = s.passed
        mover.folded = True
    else:  # pragma: no cover - the engine sends only betting actions here
        raise TypeError(f"not a betting action: {action!r}")
    mover.__class__ = Seat
    new_seats = list(seats)
    new_seats[seat] = mover
    n = context.n
    skipped = state.skipped
    # One walk in turn order (the mover last): the first seat able to act is the next to act
    # unless the round is over; the round is over when every seat still in is level or
    # all-in (after a vie), or every seat able to act has acted (before one), or one seat is
    # left. The walk stops at the first seat, not the mover, that still has to answer: the
    # round goes on (the mover, still in, makes two seats in), to the first seat able to act.
    first = None
    live = 0
    able = 0
    complete = True
    mover_in = kind is not Fold
    if opener is not None:  # round_complete, next_actor
        for other in _AFTER[n][seat]:
            x = new_seats[other]
            if x.folded:
                continue
            live += 1
            stack = x.stack
            if stack:  # (a stack below zero, a plug-in's fault, acts never: the checks see it)
                if first is None and stack > 0:
                    first = other
                if x.round_bet != high:
                    complete = False
                    if mover_in and other != seat and first is not None:
                        live += 1  # (the mover, still in and last in the walk)
                        break
    else:  # before a vie: everyone able to act has acted
        for other in _AFTER[n][seat]:
            x = new_seats[other]
            if x.folded:
                continue
            live += 1
            if x.stack > 0:
                able += 1
                if first is None:
                    first = other
                if not x.acted:
                    complete = False
                    if mover_in and other != seat:
                        live += 1  # (the mover, still in and last in the walk)
                        break
        if not mover_in and live > 1 and able < 2:
            # docs/rules/waks.md: folds before any vie leave one player able to act beside an
            # all-in player: the round ends as a skipped round (see
            # CoreBetting.primero_apply_action)
            skipped, complete = True, True
    new = _StateBuilder()  # the new state, a copy of ``state`` (every slot stored)
    new.context = context
    new.seats = tuple(new_seats)
    new.stock = state.stock
    new.discards = state.discards
    new.step_index = state.step_index
    new.high = high
    new.opener = opener
    new.held = held
    new.bets = bets
    new.skipped = skipped
    new.over = state.over
    new.ended_by = state.ended_by
    new.reshuffles = state.reshuffles
    new._history = history
    new.variant_state = state.variant_state
    new.settlement = state.settlement
    new.pending = state.pending
    new._log = None
    new._cards_sound = state._cards_sound  # (a bet moves no card: the soundness kept)
    new._legal_ids = None
    new._by_id = None
    if complete or live <= 1:
        new.to_act = None
        new._legal = None
    elif not (context.rules.core_legal or core_legal):
        new.to_act = first
        new._legal = None
    else:  # the core alone answers the next legal actions (or they are asked for): cached
        new.to_act = first
        # _round_bets(context, new_seats, first, number, high, opener, held, bets), inline,
        # the situation's key (12 * top + 4 * case + 2 * bound + may_pass) summed as it is found
        s = new_seats[first]  # type: ignore[index]
        # (rest, cap, table_key, must_hold_rounds, pass_answers_bet, pass_once, fold)
        facts = context.bet_facts
        available = s.stack
        if opener is None:
            code = 1  # case 0: a pass allowed, nobody bound
        else:
            owed = high - s.round_bet
            if owed > 0:  # case 1
                available -= owed
                code = 5 if facts[4] and not (facts[5] and s.passed) else 4
            else:  # case 2, level while others still owe: pass, raise, or (pointlessly) fold
                code = 9
            if not held and context.steps[state.step_index + 1].number in facts[3]:  # type: ignore[union-attr]
                for k in range(1, n):  # must_hold_seat, inline
                    other = (opener - k) % n
                    x = new_seats[other]
                    if x.stack > 0 and not x.folded:
                        if other == first:
                            code += 2  # bound
                        break
        cap = facts[1]
        if cap is not None and bets >= cap:  # house rule: no more vies or raises
            available = 0
        elif available > 0:
            rest = facts[0]
            code += 12 * (available if available < rest else rest)
        by_code = _BETTING.get(facts[2])
        legal = by_code.get(code) if by_code is not None else None
        if legal is None:
            low = code % 12
            legal = _new_situation(context, facts[2], code, low >> 2, available,
                                   (low & 2) > 0, (low & 1) > 0, bets)
        new._legal = legal
        space = context._space
        if space is not None and not core_legal:  # the deal's ids are read: the copy's too
            hit = _ENCODINGS_GET(id(legal))
            if hit is not None and hit[0] is legal and hit[1] is space:
                new._legal_ids = hit[2]
                new._by_id = hit[3]
    new.__class__ = GameState
    return new  # type: ignore[no-any-return]


def answering_bet(state: GameState, seat: int, action: Action,
                   history: HistoryChain | tuple[tuple[int, Action], ...]) -> GameState:
    """:func:`core_bet` of any betting variant: a pass's exchange served, ``answer_once``.

    The general way (Suzuki's, and any variant whose betting rules the lean way of
    :func:`core_bet` does not take): both seat loops of the rule sheet, one after the other.
    A pass's exchange is served by :func:`~primero.deal.fast_dealing.pass_served`; where it
    deals the replacements at once (the usual case) the new state is written as a bet's is,
    one store per slot, with the next legal actions cached on it where the core alone
    answers them (:func:`_round_bets`, the passes spelt by
    :func:`~primero.deal.fast_dealing.passes_spelt`: :func:`fast_legal_actions` of it,
    worked out from the round's parts at hand); cards left owed are dealt by
    :func:`_served_on`.
    """
    kind = type(action)
    context = state.context
    seats = state.seats
    s = seats[seat]
    hand, discarded, received = s.hand, s.discarded, s.received
    stock, pile, pending = state.stock, state.discards, state.pending
    owed: tuple[object, ...] = ()  # a pass's cards left owed (the stock short, or outside)
    if kind is Pass and action.exchange:  # type: ignore[union-attr]  # (betting.pass_exchange)
        if history is state._history or "primero_serve_exchange" not in \
                context.rules.core_only:
            return _pass_by_the_hook(state, action, history)
        hand, discarded, received, stock, pile, pending = pass_served(
            state, seat, action.exchange)  # type: ignore[union-attr]
        owed = pending
    high, opener, held, bets = state.high, state.opener, state.held, state.bets
    stack, contributed, round_bet = s.stack, s.contributed, s.round_bet
    passed, folded = s.passed, s.folded
    others = seats
    if kind is Vie:
        chips = action.amount  # type: ignore[union-attr]
        if chips > stack:
            chips = stack
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        high, opener, held, bets = round_bet, seat, False, bets + 1
    elif kind is Hold:
        chips, high, others, bets = _hold(context, seats, stack, round_bet, high,
                                          action.raise_by, bets)  # type: ignore[union-attr]
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        held = True
    elif kind is Pass:
        if opener is not None and high > round_bet:
            passed = True
    elif kind is Fold:
        folded = True
    else:  # pragma: no cover - the engine sends only betting actions here
        raise TypeError(f"not a betting action: {action!r}")
    new_seats = list(others)
    mover = _SeatBuilder()  # the mover's seat, a copy of ``s`` (every slot of a Seat stored)
    mover.name = s.name
    mover.stack = stack
    mover.hand = hand
    mover.folded = folded
    mover.contributed = contributed
    mover.round_bet = round_bet
    mover.passed = passed
    mover.acted = True
    mover.discarded = discarded
    mover.received = received
    mover._public = None
    mover.__class__ = Seat
    new_seats[seat] = mover
    n = context.n
    skipped = state.skipped
    live = 0
    able = 0
    complete = True
    answer_once = context.betting.answer_once  # (the betting rules, one field a bet)
    if answer_once:  # docs/rules/suzuki.md: the round ends when nobody has to answer
        to_act = None
        for other in _AFTER[n][seat]:  # the seats still in, and next_to_answer(state, seat)
            x = new_seats[other]
            if x.folded:
                continue
            live += 1
            if x.stack > 0:
                able += 1
                if to_act is None and ((not x.passed and x.round_bet < high)
                                       if opener is not None else not x.acted):
                    to_act = other
        if kind is Fold and opener is None and live > 1 and able < 2:
            to_act, skipped = None, True  # (the Waks skipped round, below)
        elif live <= 1:
            to_act = None
    elif opener is not None:  # round_complete: everyone still in is level (or all-in)
        for x in new_seats:
            if not x.folded:
                live += 1
                if complete and x.round_bet != high and x.stack != 0:
                    complete = False
    else:  # ... or, before a vie, everyone able to act has acted
        for x in new_seats:
            if not x.folded:
                live += 1
                if x.stack > 0:
                    able += 1
                    if not x.acted:
                        complete = False
    if answer_once:
        pass  # (the next to answer found above)
    elif kind is Fold and opener is None and live > 1 and able < 2:
        # docs/rules/waks.md: folds before any vie leave one player able to act beside an all-in
        # player: the round ends as a skipped round (see CoreBetting.primero_apply_action)
        skipped, to_act = True, None
    elif complete or live <= 1:
        to_act = None
    else:
        to_act = None
        for other in _AFTER[n][seat]:  # next_actor(state, seat)
            candidate = new_seats[other]
            if candidate.stack > 0 and not candidate.folded:
                to_act = other
                break
    legal = None
    if to_act is not None and not owed and context.rules.core_legal:
        # the core alone answers the next legal actions: cached on the copy as it is made
        legal = _round_bets(context, new_seats, to_act,
                            context.steps[state.step_index + 1].number,  # type: ignore[union-attr]
                            high, opener, held, bets)
        most = context.betting.pass_exchange
        if most:  # each plain pass spelt out with the exchanges of the hand
            legal = passes_spelt(legal, new_seats[to_act].hand, most, remember=False)
    new = _StateBuilder()  # the new state, a copy of ``state`` (every slot stored)
    new.context = context
    new.seats = tuple(new_seats)
    new.stock = stock
    new.discards = pile
    new.step_index = state.step_index
    new.to_act = to_act
    new.high = high
    new.opener = opener
    new.held = held
    new.bets = bets
    new.skipped = skipped
    new.over = state.over
    new.ended_by = state.ended_by
    new.reshuffles = state.reshuffles
    new._history = history
    new.variant_state = state.variant_state
    new.settlement = state.settlement
    new.pending = pending
    new._legal = legal
    new._legal_ids = None
    new._by_id = None
    new._log = None
    # (a bet moves no card; a pass's exchange sent distinct cards of the hand to the pile
    # and the stock's top, or cards owed, replaced them: the cards' soundness kept)
    new._cards_sound = state._cards_sound
    new.__class__ = GameState
    if owed:  # the pass's cards owed: dealt here (or left for the chance node)
        new = _served_on(new)
        if new.to_act is not None and not new.pending and context.rules.core_legal:
            next_legal = fast_legal_actions(new)
            if next_legal:
                keep_legal(new, next_legal)
    return new  # type: ignore[no-any-return]


#: ``replace(state, history=...)``: a hook's answer with the action recorded.
_recorded_answer = copier(GameState, "history")


def _pass_by_the_hook(state: GameState, action: Action,
                      history: HistoryChain | tuple[tuple[int, Action], ...]) -> GameState:
    """:func:`core_bet` of a pass with an exchange, the core hook's way.

    With ``history`` the state's own (the action not recorded: :func:`bet_answer`, an answer
    that wrappers receive), exactly the core hook's answer, its cards owed (the engine deals
    them once it has recorded the action). Where a plug-in serves exchanges, the core's hook
    too (its exchange served by the checked hook), the action recorded and the cards owed
    dealt (:func:`_served_on`).
    """
    new = CORE_BETTING.primero_apply_action(state, state.variant, action)
    if history is state._history:
        return new
    return _served_on(_recorded_answer(new, history))


def _served_on(new: GameState) -> GameState:
    """A state just made after a pass with an exchange, the action recorded: its cards owed.

    Dealt here as the engine's next step would deal them (a reshuffle of the discards), or,
    for a deal dealt from outside, left for the chance node (the folded hands joining the
    discards if the stock is out); none owed: as it is.
    """
    if not new.pending:
        return new
    if not new.context.external:
        return deliver(new, fresh=True)  # (a state just made: dealt in place)
    if not new.stock:
        folded = folded_cards(new.seats)
        if folded:  # docs/rules/dealing.md: the folded hands join the discards first
            object.__setattr__(new, "seats", tuple(
                _emptied_seat(x, ()) if x.folded and x.hand else x for x in new.seats))
            object.__setattr__(new, "discards", (*new.discards, *folded))
    return new


_emptied_seat = copier(Seat, "hand")


def bet_answer(state: GameState, action: Action) -> GameState:
    """The core's answer to ``primero_apply_action``, the fast way where it has one.

    Exactly :meth:`~primero.rules.betting.CoreBetting.primero_apply_action`'s answer (the
    same state, the same errors): in a betting round, an action of the core's own classes is
    applied by :func:`core_bet` with the history unchanged (the engine records the action
    afterwards), in one state copy; anything else (an exchange, a plug-in's action class) is
    the hook's own code (an exchange served by :func:`~primero.rules.dealing.serve_exchange`).
    For a variant whose plug-ins only wrap the hook
    (:func:`~primero.plugins.manager.around_core_caller`): they receive this answer.

    Args:
        state: The state, with a seat to act.
        action: A legal action of that seat.
    """
    seat = state.to_act
    step = state.context.steps[state.step_index + 1]
    if seat is not None and step is not None and step.kind == "bet" \
            and type(action) in _BET_KINDS:
        return core_bet(state, seat, action, history_value(state))
    # (an exchange: the hook serves it through serve_exchange, the core's own code where no
    # plug-in serves exchanges)
    return CORE_BETTING.primero_apply_action(state, state.variant, action)


_BET_KINDS = frozenset((Vie, Hold, Pass, Fold))
