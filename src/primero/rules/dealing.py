"""Dealing conventions and the Waks deal plan (§5): the core's dealing hooks.

Rules: docs/rules/dealing.md.

* Cards are dealt one at a time in playing order from the eldest, round by round.
* An exchange serves all of a player's replacements at once from the top of the stock.
* When the stock runs out, the discards are shuffled into a new stock [seed-DE]
  [seed-PRIMIERA] (the Primiera sheet: the dealer "collects all discarded cards, to shuffle and
  redistribute them"). *The library's reading*, which neither sheet states: the player is first
  served what is left of the old stock, the cards that player has just thrown stay out of the
  new stock, and the folded hands join it (docs/rules/dealing.md#stock-out-in-an-exchange).
  Every new stock is recorded in ``state.reshuffles``; a replayed record supplies them in
  ``setup.reshuffles`` so a replay never depends on a random generator.

Chance is explicit (docs/plugins/architecture.md#chance-is-explicit): the dealing hooks do not
take cards from the stock; they *queue* the cards owed (:func:`queue`, :func:`deal_round`, each
a :class:`~primero.deal.state.Delivery` in ``state.pending``), and :func:`deliver` deals them —
the top of the stock for a seeded or stacked deal, or the card the caller chose at a chance
node for a deal dealt from outside. Both go through the same loop, so the three modes agree
exactly; a reshuffle is part of it: once the stock is exhausted, the cards that can come are
the discards being reshuffled (:func:`~primero.deal.state.reshuffle_pool`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING

from primero.cards import Card, format_cards
from primero.deal.copying import copier, replace
from primero.deal.state import (
    Delivery,
    GameState,
    Receipt,
    Seat,
    cards_sound,
    fill,
    folded_cards,
    forget_legal,
    history_size,
    mark_cards_sound,
    reshuffle_pool,
)
from primero.errors import InvalidDeckError, RecordError
from primero.hookspecs import hookimpl
from primero.plugins.checks import everything_checked, remember_sound_cards
from primero.setup import Step

if TYPE_CHECKING:
    from primero.variant import Variant

__all__ = [
    "CORE_DEALING",
    "WAKS_PLAN",
    "CoreDealing",
    "core_deal_cards",
    "deal_reason",
    "deal_round",
    "deliver",
    "queue",
    "reshuffle_rng",
    "serve_exchange",
]

#: The Waks deal: two cards, round 1, exchange, two more cards, round 2, showdown.
WAKS_PLAN: tuple[Step, ...] = (
    Step("deal", count=2),
    Step("bet", 1),
    Step("exchange"),
    Step("deal", count=2),
    Step("bet", 2),
    Step("showdown"),
)


def reshuffle_rng(seed: int, index: int) -> random.Random:
    """The generator of the ``index``-th reshuffle of a deal whose reshuffle seed is ``seed``."""
    return random.Random(f"primero-reshuffle:{seed}:{index}")


def queue(state: GameState, deliveries: tuple[Delivery, ...]) -> GameState:
    """The state with more cards owed (dealt, in order, before anyone acts again)."""
    return replace(state, pending=state.pending + deliveries)


def deal_reason(state: GameState) -> str:
    """``"deal"`` for the plan's first deal step, ``"second deal"`` for any later one."""
    earlier = any(step.kind == "deal" for step in state.plan[:max(state.step_index, 0)])
    return "second deal" if earlier else "deal"


def deal_round(state: GameState, count: int, *, together: bool = False,
               reason: str | None = None) -> GameState:
    """Queue ``count`` cards for each player still in, in playing order from the eldest.

    Args:
        state: The state at a deal step.
        count: Cards per player.
        together: Give each player all ``count`` cards in turn (packets,
            docs/rules/revival.md) instead of one card at a time round the table
            (docs/rules/dealing.md).
        reason: Why they are dealt; default :func:`deal_reason`.
    """
    why = deal_reason(state) if reason is None else reason
    order = [i for i in state.playing_order() if not state.seats[i].folded]
    if together:
        seats = [seat for seat in order for _ in range(count)]
    else:
        seats = [seat for _ in range(count) for seat in order]
    return queue(state, tuple(Delivery(seat, why) for seat in seats))


def _new_stock(state: GameState, discards: tuple[Card, ...], exclude: tuple[Card, ...],
               folded: tuple[Card, ...], index: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The new stock shuffled from ``discards`` (less ``exclude``) and the discards left.

    Folded hands (``folded``) join the discards first (docs/rules/dealing.md, the library's
    convention):
    a folded player's cards go face down into the new stock; the caller empties their hands.
    """
    kept = tuple(c for c in discards if c in exclude)
    pile = [c for c in discards if c not in exclude]
    pile.extend(folded)
    setup = state.setup
    given = setup.reshuffles
    if setup.dealing == "external":
        return reshuffle_pool(discards, exclude, folded), kept  # the caller chooses each card
    if index < len(given):
        stock = given[index]
        if Counter(stock) != Counter(pile):
            raise RecordError(
                f"reshuffle {index + 1} of the record ({format_cards(stock, ascii=True)}) is not"
                f" the discards being reshuffled ({format_cards(sorted(pile), ascii=True)})"
            )
        return tuple(stock), kept
    shuffled = sorted(pile, key=lambda c: c.index)
    reshuffle_rng(setup.seed, index).shuffle(shuffled)
    return tuple(shuffled), kept


def core_deal_cards(fresh: GameState, count: int) -> GameState:
    """The core's ``primero_deal_cards`` on a state just made, in place (the engine's fast path).

    Exactly :meth:`CoreDealing.primero_deal_cards` (:func:`deal_round`), without the copy.
    """
    plan = fresh.context.plan
    index = fresh.step_index
    together = 0 <= index < len(plan) and plan[index].together  # packets (Step.together)
    why = "deal"
    for step in plan[:max(index, 0)]:  # deal_reason(fresh), inline
        if step.kind == "deal":
            why = "second deal"
            break
    seats = fresh.seats
    n = len(seats)
    eldest = fresh.context.eldest
    live = []  # the seats still in, in playing order from the eldest (a loop: no call)
    for k in range(n):
        seat = (eldest + k) % n
        if not seats[seat].folded:
            live.append(seat)
    order = tuple(live)
    key = (order, count, why, together)
    queued = _ROUNDS.get(key)
    if queued is None:  # the same deliveries for the same seats: values, shared
        if len(_ROUNDS) >= 1024:
            _ROUNDS.clear()
        queued = _ROUNDS[key] = tuple(
            [Delivery(seat, why) for seat in order for _ in range(count)] if together
            else [Delivery(seat, why) for _ in range(count) for seat in order])
    object.__setattr__(fresh, "pending", fresh.pending + queued)  # fill, inline
    forget_legal(fresh)
    return fresh


#: The deliveries of a round of the deal, by (seats in order, count, reason, together).
_ROUNDS: dict[tuple[tuple[int, ...], int, str, bool], tuple[Delivery, ...]] = {}


def deliver(state: GameState, card: Card | None = None, *, fresh: bool = False) -> GameState:
    """Deal pending cards (``state.pending``), reshuffling the discards when the stock runs out.

    Args:
        state: A state with cards pending.
        card: The card to give the first pending receiver (a deal dealt from outside; the
            caller has checked it can come). ``None``: deal every pending card from the top of
            the stock (seeded and stacked deals).

        fresh: ``state`` was just made by the caller and nobody else holds it: the cards are
            dealt in place (the engine's steps), not on a copy.

    Returns:
        The new state: with one card fewer pending (``card`` given), or none.

    Raises:
        InvalidDeckError: the stock and the discards that can be reshuffled hold too few cards.
        RecordError: a reshuffle given in advance is not the discards being reshuffled.
    """
    pending = state.pending
    stock, discards, reshuffles = state.stock, state.discards, state.reshuffles
    seats = state.seats
    dealt = 0  # every card received so far (a loop: no comprehension's call)
    for s in seats:
        dealt += len(s.received)
    after = history_size(state)
    if card is None and len(pending) <= len(stock):  # the usual case: the stock suffices
        return _deliver_from_stock(state, dealt, after, fresh)
    hands: dict[int, list[Card]] = {}
    received: dict[int, list[Receipt]] = {}
    done = 0
    for delivery in pending:
        if not stock:
            folded = folded_cards(seats)
            stock, discards = _new_stock(state, discards, delivery.exclude, folded,
                                         len(reshuffles))
            if folded:  # the folded hands are in the new stock now
                seats = tuple(replace(s, hand=()) if s.folded else s for s in seats)
            if not stock:
                raise InvalidDeckError(
                    f"not enough cards: the stock is exhausted and no discards can be "
                    f"reshuffled for {seats[delivery.seat].name}"
                )
            reshuffles = (*reshuffles, stock)
        if card is None:
            chosen, stock = stock[0], stock[1:]
        else:
            chosen, stock = card, tuple(c for c in stock if c != card)
        seat = delivery.seat
        if seat not in hands:
            hands[seat] = list(seats[seat].hand)
            received[seat] = list(seats[seat].received)
        hands[seat].append(chosen)
        received[seat].append(Receipt(chosen, delivery.reason, after, dealt))
        dealt += 1
        done += 1
        if card is not None:
            break
    new_seats = list(seats)
    for seat, hand in hands.items():
        new_seats[seat] = replace(seats[seat], hand=tuple(hand), received=tuple(received[seat]))
    if fresh:  # (a reshuffle or a card from outside: the next check counts the cards)
        fill(state, seats=tuple(new_seats), stock=stock, discards=discards,
             reshuffles=reshuffles, pending=pending[done:], _cards_sound=False)
        return state
    return replace(state, seats=tuple(new_seats), stock=stock, discards=discards,
                   reshuffles=reshuffles, pending=pending[done:])


def _deliver_from_stock(state: GameState, dealt: int, after: int, fresh: bool) -> GameState:
    """:func:`deliver` of every pending card from the top of a stock that holds them all."""
    pending = state.pending
    stock = state.stock
    seats = state.seats
    seat = pending[0].seat
    for delivery in pending:
        if delivery.seat != seat:
            break
    else:  # one receiver (an exchange): its hand and receipts in one step
        return _deliver_to_one(state, seat, dealt, after, fresh)
    new_seats = list(seats)
    for seat, pick, positions, reasons in _plan_of(pending):
        old = seats[seat]
        cards = pick(stock)  # the cards at ``positions`` of the stock, in order
        receipts = list(old.received)  # (a loop, not a comprehension: no call per seat)
        for card, k, reason in zip(cards, positions, reasons, strict=True):
            receipts.append(_receipt(Receipt, (card, reason, after, dealt + k)))
        new_seats[seat] = _dealt_seat(old, tuple(old.hand) + cards, tuple(receipts))
    rest = stock[len(pending):]
    return _dealt(state, tuple(new_seats), rest, fresh)


#: A delivery plan: per receiver, in order of their first card, ``(seat, pick, positions,
#: reasons)``: ``pick(stock)`` is the tuple of the cards at ``positions`` (their places among
#: the pending deliveries), dealt for ``reasons``.
_Plan = tuple[tuple[int, "Callable[[tuple[Card, ...]], tuple[Card, ...]]", tuple[int, ...],
                    tuple[str, ...]], ...]
#: The plans of pending tuples by identity (a round's deliveries are shared, see ``_ROUNDS``).
_PLANS: dict[int, tuple[tuple[Delivery, ...], _Plan]] = {}


def _plan_of(pending: tuple[Delivery, ...]) -> _Plan:
    """Who receives which of the ``pending`` deliveries (worked out once per tuple of them).

    The plan :func:`_deliver_from_stock` deals by.
    """
    hit = _PLANS.get(id(pending))
    if hit is not None and hit[0] is pending:
        return hit[1]
    by_seat: dict[int, list[int]] = {}
    for k, delivery in enumerate(pending):
        by_seat.setdefault(delivery.seat, []).append(k)
    plan = tuple((seat, _picker(tuple(positions)), tuple(positions),
                  tuple(pending[k].reason for k in positions))
                 for seat, positions in by_seat.items())
    if len(_PLANS) >= 1024:
        _PLANS.clear()
    _PLANS[id(pending)] = (pending, plan)
    return plan


def _picker(positions: tuple[int, ...]) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    """A function giving the tuple of the items of a tuple at ``positions`` (one or more)."""
    if len(positions) == 1:
        (k,) = positions
        return lambda stock: (stock[k],)
    return itemgetter(*positions)


def _deliver_to_one(state: GameState, seat: int, dealt: int, after: int, fresh: bool) \
        -> GameState:
    """:func:`_deliver_from_stock` when every pending card goes to ``seat``."""
    pending = state.pending
    stock = state.stock
    m = len(pending)
    cards = stock[:m]
    old = state.seats[seat]
    receipts = tuple([_receipt(Receipt, (card, delivery.reason, after, dealt + k))
                      for k, (delivery, card) in enumerate(zip(pending, cards, strict=True))])
    hand = tuple(old.hand) + cards  # (tuple(): a no-op on the tuple a hand is)
    seats = list(state.seats)
    seats[seat] = _dealt_seat(old, hand, tuple(old.received) + receipts)
    return _dealt(state, tuple(seats), stock[m:], fresh)


def _dealt(state: GameState, seats: tuple[Seat, ...], stock: tuple[Card, ...],
           fresh: bool) -> GameState:
    """``state`` with the cards dealt from the top of its stock into ``seats``' hands.

    The cards only moved from the stock to the hands, so a state whose cards were sound
    (every card exactly once, ``_cards_sound``) still has them sound.
    """
    if fresh:  # fill(state, seats=..., stock=..., pending=()), inline; _cards_sound kept
        setter = object.__setattr__
        setter(state, "seats", seats)
        setter(state, "stock", stock)
        setter(state, "pending", ())
        forget_legal(state)
        return state
    new = _dealt_state(state, seats, stock, ())
    if cards_sound(state):
        mark_cards_sound(new)
    return new  # type: ignore[no-any-return]


_dealt_state = copier(GameState, "seats", "stock", "pending")


_dealt_seat = copier(Seat, "hand", "received")
_receipt = tuple.__new__  # Receipt(card, reason, after, order) without its Python __new__


class CoreDealing:
    """Core dealing hooks: the Waks plan, dealing round by round, exchanges with reshuffles.

    The code is in :mod:`primero.rules.dealing`.
    """

    @hookimpl(trylast=True)
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """The Waks plan (docs/rules/waks.md)."""
        return WAKS_PLAN

    @hookimpl(trylast=True)
    def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> GameState:
        """``count`` cards to each player still in, from the eldest.

        One card at a time round the table, or each player's cards together where the step
        says so (:attr:`~primero.setup.Step.together`, the revival's packets).
        """
        step = state.step
        return deal_round(state, count, together=step is not None and step.together)

    @hookimpl(trylast=True)
    def primero_serve_exchange(
        self, state: GameState, variant: Variant, seat: int, discards: tuple[Card, ...]
    ) -> GameState:
        """Throw ``discards`` face down and queue as many cards from the stock.

        The reason of the cards is ``"exchange"`` in an exchange step and ``"pass"`` when the
        exchange comes with a pass in a betting round (Suzuki).
        """
        if not discards:
            return state
        player = state.seats[seat]
        hand = tuple(c for c in player.hand if c not in discards)
        step = state.step
        reason = "pass" if step is not None and step.kind == "bet" else "exchange"
        thrown = tuple(discards)
        seats = list(state.seats)
        seats[seat] = replace(player, hand=hand, discarded=player.discarded + thrown)
        pile = (*state.discards, *thrown)
        return replace(state, seats=tuple(seats), discards=pile,
                       pending=state.pending + (Delivery(seat, reason, thrown),) * len(thrown))


#: The core's dealing hooks, registered ``trylast`` under every variant.
CORE_DEALING = CoreDealing()


def serve_exchange(state: GameState, seat: int, discards: tuple[Card, ...]) -> GameState:
    """Serve ``seat``'s exchange of ``discards``: how a plug-in's hook serves one (Suzuki's pass).

    Two entry points, one answer: where the core alone answers ``primero_serve_exchange``
    (``variant.rules.deal.core_only``: no plug-in or house rule serves exchanges) the core's
    own code serves it, trusted, with no check of its answer (the library's tested code, the
    same state the checked façade returns); otherwise, and while
    :func:`~primero.plugins.checks.checking_everything`, the checked façade
    (:meth:`~primero.plugins.deal.DealRules.serve_exchange`). Either way the hook that called
    it returns a plug-in's answer, which the engine checks once; its cards are not counted
    again where it holds the very stock, discards and hands the core's exchange left sound
    (:func:`~primero.plugins.checks.remember_sound_cards`) (docs/rules/dealing.md: the
    discards thrown face down, as many cards queued).

    Args:
        state: The state, ``seat`` to act.
        seat: The exchanging seat.
        discards: The cards thrown, from the hand (a legal action's).

    Returns:
        The new state: the discards on the pile, as many cards queued (``state.pending``).

    Raises:
        PluginError: a plug-in serving exchanges answered wrongly (the checked façade's).
    """
    context = state.context
    rules = context.rules
    if "primero_serve_exchange" not in rules.core_only or everything_checked():
        return rules.serve_exchange(state, seat, discards)
    new = CORE_DEALING.primero_serve_exchange(state, context.variant, seat, discards)
    if new is not state and cards_sound(state):
        # sound still if exactly the thrown cards, distinct, left the hand for the pile (as
        # the core's hook keeps it): whoever builds on these very tuples needs no count
        mask = 0
        for card in discards:
            mask |= card.bit
        if mask.bit_count() == len(discards) == \
                len(state.seats[seat].hand) - len(new.seats[seat].hand):
            mark_cards_sound(new)
            remember_sound_cards(new, rules.pack)
    return new
