"""The fast twins of the core's answers that serve cards: an exchange, and a pass with one.

Two entry points, one answer (the python-chess model: trusted and checked moves): the rules
hooks in :mod:`primero.rules` read like the rule sheet and are checked where a plug-in takes
part; the functions here give exactly their answers the fast way, for the engine or a
variant's own hook where the core alone serves the cards. Each is tested against the hooks it
mirrors (``tests/fast_paths/test_fast_dealing_equals_the_hooks.py``,
``tests/fast_paths/test_fast_twins_equal_the_hooks.py``: same states, same errors).

* :func:`core_served_bet` — a betting action of the core's classes as
  :func:`~primero.rules.betting.apply_bet` books it, a pass's exchange served as the core's
  ``primero_serve_exchange`` serves it (``betting.pass_exchange``, Suzuki's pass) and dealt
  at once, the turn given by the caller's rule: the core's ``primero_apply_action`` for a pass
  with an exchange (:func:`~primero.deal.fast_betting.core_bet` calls it), in one state copy.
* :func:`core_exchange` — an exchange in the exchange step, served as the core's
  ``primero_serve_exchange`` serves it, the replacements dealt at once where the stock holds
  them and the turn passed on: the core's ``primero_apply_action``, in one state copy.
* :func:`bets_with_exchanges`, :func:`passes_spelt` — a betting tuple with its plain pass
  spelt out once per exchange of the hand (:func:`exchange_passes`): the core's
  ``primero_legal_actions`` where a pass comes with an exchange
  (:func:`~primero.rules.betting.core_legal_actions`, the readable twin).

What only the library's code made is not checked again: each answer is remembered for the
checked rules (:func:`~primero.plugins.checks.remember_core_answer`,
:func:`~primero.plugins.checks.remember_composed`), which know it by identity.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from primero.actions import Action, Hold, Pass, Vie, exchange_actions
from primero.cards import CARDS_BY_INDEX, Card
from primero.deal.copying import copier
from primero.deal.state import (
    LEGAL_CACHE,
    SOUND_FLAG,
    Delivery,
    GameState,
    HistoryChain,
    Receipt,
    Seat,
    cards_sound,
)
from primero.plugins import checks as hookchecks
from primero.plugins.checks import remember_composed, remember_core_answer

__all__ = ["bets_with_exchanges", "core_exchange", "core_served_bet",
           "exchange_passes", "pass_served", "passes_spelt"]

_receipt = tuple.__new__  # Receipt(card, reason, after, order) without its Python __new__

#: A betting action booked and a pass's exchange served: the acting seat, the state.
_booked_seat = copier(Seat, "stack", "contributed", "round_bet", "passed", "acted", "hand",
                      "discarded", "received")
_booked_state = copier(GameState, "seats", "stock", "discards", "pending", "to_act", "high",
                       "opener", "held", "bets", keep=(SOUND_FLAG,))
#: ``_booked_state`` with the history given (the action recorded, or kept).
_booked_recorded = copier(GameState, "seats", "stock", "discards", "pending", "to_act",
                          "high", "opener", "held", "bets", "history", keep=(SOUND_FLAG,))
_reopened_seat = copier(Seat, "passed")


def core_served_bet(state: GameState, seat: int, action: Action,
                    turn: Callable[[GameState, int], int | None],
                    history: HistoryChain | tuple[tuple[int, Action], ...] | None = None) \
        -> GameState | None:
    """A betting action booked, a pass's exchange served, the turn given on: one state copy.

    Exactly what :func:`~primero.rules.dealing.serve_exchange` (for a pass with an exchange:
    the core's ``primero_serve_exchange``, the cards received as ``"pass"``), then
    :func:`~primero.rules.betting.apply_bet`, then the engine's delivery of the cards owed
    give, with ``to_act`` set to ``turn(new, seat)`` (the rule of who answers next, read on
    the new state): a pass with an exchange (the variant's ``betting.pass_exchange``,
    Suzuki's), served so by :func:`~primero.deal.fast_betting.core_bet`. The replacements
    are dealt at once where the stock holds them and the cards are not dealt from outside, as
    the engine would deal them next (received after this action); otherwise they are left
    pending.

    ``None`` where this is not that trusted case, for the caller to take the hooks' way: a
    plug-in or house rule serves exchanges, every answer is being checked
    (:func:`~primero.plugins.checks.checking_everything`), ``seat`` is not the one to act in
    a betting round, or ``action`` is not a :class:`Vie` of 1 chip or more, a :class:`Hold`
    raising 0 or more or a :class:`Pass` whose exchange throws distinct cards of the hand.

    Where ``history`` is not given, the answer is vouched for
    (:func:`~primero.plugins.checks.core_answer`) when ``turn`` gave ``None`` or a seat still
    in: chips and cards are conserved by construction, the step and the history kept.

    Args:
        state: The state, in a betting round, with ``seat`` to act.
        seat: The acting seat.
        action: The (legal) betting action.
        turn: Who acts next, given the new state (``to_act`` not yet set) and ``seat``.
        history: The new state's history (the action recorded), or ``None``: the state's own,
            kept (a hook's answer).
    """
    kind = type(action)
    context = state.context
    if state.to_act != seat or "primero_serve_exchange" not in context.rules.core_only \
            or hookchecks.strict_depth:  # (everything_checked(), inline)
        return None
    step = context.steps[state.step_index + 1]
    if step is None or step.kind != "bet":
        return None
    seats = state.seats
    s = seats[seat]
    stack, contributed, round_bet, passed = s.stack, s.contributed, s.round_bet, s.passed
    high, opener, held, bets = state.high, state.opener, state.held, state.bets
    hand, discarded, received = s.hand, s.discarded, s.received
    stock, pile, pending = state.stock, state.discards, state.pending
    others = seats
    if kind is Pass:
        if opener is not None and high > round_bet:  # a pass in answer (apply_bet's)
            passed = True
        thrown = action.exchange  # type: ignore[union-attr]
        if type(thrown) is not tuple:
            return None
        if thrown:  # primero_serve_exchange: thrown face down, as many cards owed
            mask = 0
            for card in thrown:
                if type(card) is not Card:
                    return None
                mask |= card.bit
            m = len(thrown)
            if not mask.bit_count() == m == sum(1 for c in hand if c.bit & mask):
                return None  # not distinct cards of the hand: the hooks' way words it
            hand, discarded, received, stock, pile, pending = pass_served(state, seat, thrown)
    elif kind is Vie:
        chips = action.amount  # type: ignore[union-attr]
        if type(chips) is not int or chips < 1:
            return None
        if chips > stack:
            chips = stack
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        high, opener, held, bets = round_bet, seat, False, bets + 1
    elif kind is Hold:
        raise_by = action.raise_by  # type: ignore[union-attr]
        if type(raise_by) is not int or raise_by < 0:
            return None
        owed = high - round_bet
        chips = (owed if owed > 0 else 0) + raise_by
        if chips > stack:
            chips = stack
        stack, contributed, round_bet = stack - chips, contributed + chips, round_bet + chips
        if round_bet > high:
            if context.betting.raise_reopens_passes:  # a raise re-asks the passers
                others = tuple([x if not x.passed else _reopened_seat(x, False)
                                for x in seats])
            high = round_bet
        held = True
        if raise_by:
            bets += 1
    else:
        return None
    new_seats = list(others)
    new_seats[seat] = _booked_seat(s, stack, contributed, round_bet, passed, True, hand,
                                   discarded, received)
    if history is not None:  # the engine's way: recorded, nobody to vouch to
        new = _booked_recorded(state, tuple(new_seats), stock, pile, pending, None, high,
                               opener, held, bets, history)
        object.__setattr__(new, "to_act", turn(new, seat))  # (a state just made)
        return new  # type: ignore[no-any-return]
    new = _booked_state(state, tuple(new_seats), stock, pile, pending, None, high, opener,
                        held, bets)
    # (the cards found sound stay so: only the thrown cards, distinct, left the hand for the
    # pile, and the stock's top replaced them)
    nxt = turn(new, seat)
    object.__setattr__(new, "to_act", nxt)  # (a state just made: nothing cached yet)
    # vouched for where the turn went to a seat still in (else an earlier answer is not this)
    remember_core_answer(state, action, new if nxt is None or (
        type(nxt) is int and 0 <= nxt < len(new_seats) and not new_seats[nxt].folded)
        else None)
    return new  # type: ignore[no-any-return]


def _without(hand: tuple[Card, ...], thrown: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` without the cards ``thrown``, in its order (an exchange's or a pass's kept cards).

    By the cards' bits (equal cards have equal bits), in one plain loop: no card is compared
    (a card's ``==`` and ``in`` go through its Python-level rich comparison).
    """
    mask = 0
    for card in thrown:
        mask |= card.bit
    kept = []
    for card in hand:
        if not card.bit & mask:
            kept.append(card)
    return tuple(kept)


def pass_served(state: GameState, seat: int, thrown: tuple[Card, ...]) \
        -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Receipt, ...], tuple[Card, ...],
                 tuple[Card, ...], tuple[Delivery, ...]]:
    """The cards after ``seat``'s pass exchanging ``thrown`` (distinct cards of the hand).

    As the core's ``primero_serve_exchange`` serves it in a betting round (the cards thrown
    face down, as many owed, received as ``"pass"``), the cards then dealt at once from the
    top of the stock, received after this action, where the stock holds them, no card is owed
    already and the deal is not dealt from outside (as the engine's delivery would deal them
    next); otherwise left owed.

    Returns:
        ``(hand, discarded, received)`` of the seat, then the stock, the discards and the
        cards owed (``pending``).
    """
    s = state.seats[seat]
    hand = s.hand
    m = len(thrown)
    kept = _without(hand, thrown)
    discarded = s.discarded + thrown
    stock = state.stock
    pile = (*state.discards, *thrown)
    pending = state.pending
    if m <= len(stock) and not state.context.external and not pending:
        before = state._history  # (dealt after this action is recorded)
        after = (before.size if type(before) is HistoryChain else len(before)) + 1
        dealt = 0
        for x in state.seats:
            dealt += len(x.received)
        if m == 1:  # (one card: no loop)
            top = stock[0]
            return (*kept, top), discarded, \
                (*s.received, _receipt(Receipt, (top, "pass", after, dealt))), stock[1:], \
                pile, pending
        drawn = stock[:m]
        got = list(s.received)
        for card in drawn:
            got.append(_receipt(Receipt, (card, "pass", after, dealt)))
            dealt += 1
        return kept + drawn, discarded, tuple(got), stock[m:], pile, pending
    return kept, discarded, s.received, stock, pile, \
        pending + (Delivery(seat, "pass", thrown),) * m


#: An exchange's state copies (the cards found sound kept: only the thrown cards, distinct
#: cards of the hand, went to the pile, and the stock's top replaced them; unset below where
#: that is not so), the next exchanger's legal actions given last (``None``: not known).
_turn_state = copier(GameState, "to_act", "history", keep=(SOUND_FLAG,), caches=(LEGAL_CACHE,))
_served_state = copier(GameState, "seats", "discards", "pending", "to_act", "history",
                       keep=(SOUND_FLAG,))
_thrown_seat = copier(Seat, "hand", "discarded")
#: An exchange served at once from the top of the stock (no card left pending).
_replaced_state = copier(GameState, "seats", "stock", "discards", "to_act", "history",
                         keep=(SOUND_FLAG,), caches=(LEGAL_CACHE,))
_replaced_seat = copier(Seat, "hand", "discarded", "received")


class _LaterExchangers(dict[int, tuple[int, ...]]):
    """The seats that exchange after a seat, nearest first, by table size, eldest and seat.

    Keyed by ``(n * 64 + eldest) * 64 + seat``: the seats after ``seat`` in playing order
    that come later in the exchange, which goes round once from the eldest.
    """

    def __missing__(self, key: int) -> tuple[int, ...]:
        rest, seat = divmod(key, 64)
        n, eldest = divmod(rest, 64)
        place = (seat - eldest) % n
        later = self[key] = tuple(i for i in ((seat + k) % n for k in range(1, n))
                                  if (i - eldest) % n > place)
        return later


#: Per table size, eldest and seat: the seats that exchange after it (:class:`_LaterExchangers`).
_LATER = _LaterExchangers()


def core_exchange(state: GameState, seat: int, discards: tuple[Card, ...],
                  history: HistoryChain | tuple[tuple[int, Action], ...]) -> GameState:
    """The core's answer to an exchange with the action recorded, in one state copy.

    Exactly the core's ``primero_apply_action`` in an exchange step
    (:meth:`~primero.rules.betting.CoreBetting.primero_apply_action`: the core's
    ``primero_serve_exchange``, then the turn to the next player still in, in playing order,
    who has not exchanged) with ``history`` set: the engine's fast path where the core alone
    answers both hooks, and the checked rules' where only the core serves exchanges (they
    reach it through ``state.context.engine``, :class:`~primero.deal.state.Engine`).

    Where the stock holds the replacements (and the cards are not dealt from outside), they
    are dealt at once, as the engine's :func:`~primero.rules.dealing.deliver` of the pending
    cards would deal them next: from the top of the stock, received as ``"exchange"`` after
    this action. Otherwise they are left pending, for the engine to deal (a reshuffle, or
    chance nodes). Where the core alone answers ``primero_legal_actions`` too, the next
    exchanger's legal actions come cached.

    Args:
        state: The state, in an exchange step, with ``seat`` to act (no card pending).
        seat: The exchanging seat.
        discards: The cards thrown (from the hand: a legal exchange).
        history: The new state's history: the action appended, or the state's own
            (:func:`~primero.deal.state.history_value`, the engine records it afterwards).
    """
    seats = state.seats
    context = state.context
    nxt = None
    for i in _LATER[(context.n * 64 + context.eldest) * 64 + seat]:
        if not seats[i].folded:
            nxt = i
            break
    # the next exchanger's legal actions (fast_legal_actions of the new state, inline: its
    # hand is not the one that changes), where the core alone answers them and no card is
    # left owed
    legal = exchange_actions(seats[nxt].hand) if nxt is not None \
        and context.rules.core_legal else None
    if not discards:
        return _turn_state(state, nxt, history,  # type: ignore[no-any-return]
                           legal if not state.pending else None)
    player = seats[seat]
    thrown = tuple(discards)
    mask = 0
    for card in thrown:  # equal cards have equal bits: ``c not in discards``, no __eq__
        mask |= card.bit
    old_hand = player.hand
    m = len(thrown)
    hand = _without(old_hand, thrown)
    new_seats = list(seats)
    stock = state.stock
    if m <= len(stock) and not context.external and not state.pending:
        # deliver's usual case, at once: the replacements from the top of the stock
        drawn = stock[:m]
        before = state._history  # history_size(state), inline
        after = (before.size if type(before) is HistoryChain else len(before)) + 1
        dealt = 0  # (dealt after this action is recorded, after every card received)
        for s in seats:
            dealt += len(s.received)
        received = list(player.received)  # (a loop, not a comprehension: no call)
        for card in drawn:
            received.append(_receipt(Receipt, (card, "exchange", after, dealt)))
            dealt += 1
        new_seats[seat] = _replaced_seat(player, hand + drawn, player.discarded + thrown,
                                         tuple(received))
        new = _replaced_state(state, tuple(new_seats), stock[m:], (*state.discards, *thrown),
                              nxt, history, legal)
    else:
        new_seats[seat] = _thrown_seat(player, hand, player.discarded + thrown)
        new = _served_state(state, tuple(new_seats), (*state.discards, *thrown),
                            state.pending + (Delivery(seat, "exchange", thrown),) * m, nxt,
                            history)
    # the cards stay sound if exactly the thrown ones, distinct, left the hand for the pile
    if not mask.bit_count() == m == len(old_hand) - len(hand) and cards_sound(new):
        object.__setattr__(new, SOUND_FLAG, False)  # (a state just made)
    return new  # type: ignore[no-any-return]


#: Every pass with an exchange made so far, by the bits of its cards (:attr:`Card.bit`, one
#: per card of the 52): one object per exchange, shared by every hand that holds its cards.
_PASSES: dict[int, Pass] = {}


def _pass_of(cards: tuple[Card, ...]) -> Pass:
    """The pass exchanging ``cards`` (distinct cards), one shared object per set of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    made = _PASSES.get(mask)
    if made is None:
        made = _PASSES[mask] = Pass.from_cards(cards)
    return made


#: The shared passes exchanging one card, by its index (:attr:`Card.bit`'s position,
#: ``None`` until made), and two cards, by both indices in either order: the very objects of
#: :data:`_PASSES`, found by two list look-ups instead of a mask and a hash.
_PASS_ONE: list[Pass | None] = [None] * len(CARDS_BY_INDEX)
_PASS_TWO: list[list[Pass | None]] = [[None] * len(CARDS_BY_INDEX) for _ in CARDS_BY_INDEX]


def _one_pass(card: Card) -> Pass:
    """The shared pass exchanging ``card``, made (or found) and kept in :data:`_PASS_ONE`."""
    made = _PASS_ONE[card.index] = _pass_of((card,))
    return made


def _two_pass(first: Card, second: Card) -> Pass:
    """The shared pass exchanging two distinct cards, kept in :data:`_PASS_TWO` (both orders)."""
    made = _pass_of((first, second))
    _PASS_TWO[first.index][second.index] = _PASS_TWO[second.index][first.index] = made
    return made


def exchange_passes(hand: tuple[Card, ...], most: int) -> tuple[Pass, ...]:
    """Every pass of a hand with an exchange of one card, then of two, ... up to ``most``.

    In ``itertools.combinations`` order of the hand as held, each pass a shared value: the
    same cards give the same pass object whichever hand holds them. Suzuki's passes (``most``
    2) of a hand of two or four distinct cards are found by their cards' indices in tables
    of the passes made so far (at most 52 + 1,326 of them), nothing kept per hand: a hand's
    tuple costs a few look-ups, cheaper than a cache of hands (which random play seldom
    hits, and whose entries the collector keeps walking).
    """
    if most == 2:
        n = len(hand)
        if n == 4:  # (Suzuki's round 2)
            w, x, y, z = hand
            i, j, k, m = w.index, x.index, y.index, z.index
            if len({i, j, k, m}) == 4:  # four distinct cards (else the plain way, below)
                one = _PASS_ONE
                two = _PASS_TWO
                two_i, two_j, two_k = two[i], two[j], two[k]
                return (one[i] or _one_pass(w), one[j] or _one_pass(x),
                        one[k] or _one_pass(y), one[m] or _one_pass(z),
                        two_i[j] or _two_pass(w, x), two_i[k] or _two_pass(w, y),
                        two_i[m] or _two_pass(w, z), two_j[k] or _two_pass(x, y),
                        two_j[m] or _two_pass(x, z), two_k[m] or _two_pass(y, z))
        elif n == 2:  # (Suzuki's round 1)
            w, x = hand
            i, j = w.index, x.index
            if i != j:
                one = _PASS_ONE
                return (one[i] or _one_pass(w), one[j] or _one_pass(x),
                        _PASS_TWO[i][j] or _two_pass(w, x))
    return tuple(_pass_of(subset) for k in range(1, most + 1)
                 for subset in combinations(hand, k))


#: The answers of :func:`passes_spelt` by ``(id(bets), hand, most)``. Every betting tuple
#: whose identity is a key here is held in :data:`_SPLIT` (so no other tuple can have its
#: identity), and both are emptied together.
_ANSWERS: dict[tuple[int, tuple[Card, ...], int], tuple[Action, ...]] = {}

#: Per betting tuple, by its identity: ``(bets, head, tail)``, the actions before and after
#: its one plain pass; ``(bets, None, None)`` where it has none, ``(bets, None, bets)``
#: where it has several.
_SPLIT: dict[int, tuple[tuple[Action, ...], tuple[Action, ...] | None,
                        tuple[Action, ...] | None]] = {}

#: The most entries :data:`_ANSWERS` and :data:`_SPLIT` hold before they are emptied.
_KEPT = 4096


def bets_with_exchanges(state: GameState, bets: tuple[Action, ...], most: int) \
        -> tuple[Action, ...]:
    """``bets`` with the plain pass spelt out once per exchange of 1 to ``most`` cards.

    The seat to act's betting actions (Suzuki's: the core's, no fold) where a pass comes
    with an exchange: each plain :class:`Pass` of ``bets`` is replaced by
    :func:`exchange_passes` of the hand of the seat to act, in place; the rest is kept.
    The same ``bets`` tuple and hand give the same answer object, whose parts the checked
    rules read (:func:`~primero.plugins.checks.composed_of`): the passes are the library's
    own, made from the very hand, so only ``bets`` is checked, once per tuple.

    Args:
        state: A state with a seat to act.
        bets: The betting actions (a tuple the caller shares between states).
        most: The most cards a pass exchanges.
    """
    return passes_spelt(bets, state.seats[state.to_act].hand, most)  # type: ignore[index]


def passes_spelt(bets: tuple[Action, ...], hand: tuple[Card, ...], most: int, *,
                 remember: bool = True) -> tuple[Action, ...]:
    """:func:`bets_with_exchanges` for the seat holding ``hand`` (the same answer object).

    Args:
        bets: The betting actions (a tuple the caller shares between states).
        hand: The hand of the seat to act.
        most: The most cards a pass exchanges.
        remember: Whether the answer is remembered for the checked rules
            (:func:`~primero.plugins.checks.remember_composed`). ``False`` only for a caller
            that caches the answer on a state of a deal whose legal actions the core alone
            answers, which the checked rules never check; the answer is remembered as soon as
            a call with ``remember`` set meets it (its shared object can reach other deals).
    """
    key = (id(bets), hand, most)
    answer = _ANSWERS.get(key)
    if answer is not None:  # (``bets`` itself: held in _SPLIT, its identity no other's)
        if remember:  # (made unremembered, perhaps: remembered now)
            remember_composed(answer, bets, hand)
        return answer
    split = _SPLIT.get(id(bets))
    if split is None:
        if len(_SPLIT) >= _KEPT or len(_ANSWERS) >= _KEPT:
            _SPLIT.clear()
            _ANSWERS.clear()
        places = [k for k, action in enumerate(bets) if type(action) is Pass
                  and not action.exchange]
        if len(places) == 1:
            (k,) = places
            split = _SPLIT[id(bets)] = (bets, bets[:k], bets[k + 1:])
        else:  # no plain pass (the answer is ``bets`` itself), or several
            split = _SPLIT[id(bets)] = (bets, None, bets if places else None)
    elif len(_ANSWERS) >= _KEPT:
        _ANSWERS.clear()  # (every tuple whose identity a key holds is still held)
    head = split[1]
    if head is not None:  # (one plain pass in a betting tuple: ``() + t`` is ``t`` itself)
        answer = head + exchange_passes(hand, most) + split[2]  # type: ignore[operator]
    elif split[2] is None:
        answer = bets
    else:
        spelt: list[Action] = []
        for action in bets:
            if type(action) is Pass and not action.exchange:
                spelt.extend(exchange_passes(hand, most))
            else:
                spelt.append(action)
        answer = tuple(spelt)
    _ANSWERS[key] = answer
    if remember:
        remember_composed(answer, bets, hand)
    return answer
