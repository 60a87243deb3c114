"""Toy Primero (``toy``): a heads-up deal small enough to solve exactly (docs/adapters/toy.md).

Not a historical variant: a game for research, Primero's Kuhn poker. Every rule but the deal
is a real one — the standard ranking (docs/rules/hands.md) on four-card hands, the revival
game's ante, betting and ties (docs/rules/revival.md) [seed-FR] — and the deal is cut down
until OpenSpiel's tabular CFR+ walks the whole game tree in a fraction of a second:

* two players and a ten-card pack, :data:`TOY_PACK`;
* each player starts with two cards everyone knows (:data:`OPEN_CARDS`: the eldest the 7♠
  and 6♦, the dealer the 7♥ and 6♣), dealt face up, and is dealt two more face down from the
  six others (:data:`STOCK`), one at a time from the eldest;
* an ante, one betting round (pass, vie, hold, fold; no pass once someone has bet), the
  showdown; no exchange.

A hand is still four cards ranked by the standard ranking, so the two hidden cards decide
between three classes: a Primero (the two hidden cards of the two suits the open cards lack:
70 or 72 points), a Supremus (the ace and the 6 of the open 7's suit) or a Numerus (33 to 39
points).

Why open cards: OpenSpiel's chance nodes deal one card at a time, so eight hidden cards dealt
from a pack of ``N`` make ``N!/(N-8)!`` ordered deals (362,880 with a ninth card left unseen,
before any betting): with two open cards each, the four hidden ones from six make 360,
and the whole tree at :data:`~primero.openspiel.TOY_PARAMETERS` (3 chips each, ante,
stake and rest 1) is 6,277 histories.
"""

from __future__ import annotations

from collections.abc import Callable

from primero.cards import Card, Pack, parse_cards
from primero.deal.copying import copier, replace
from primero.deal.start import FirstDeal, quick_state, register_quick_start
from primero.deal.state import (
    FACE_UP,
    Delivery,
    GameState,
    Receipt,
    Seat,
    keep_legal,
    mark_cards_sound,
)
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.rules.betting import core_legal_actions, first_actor
from primero.rules.dealing import deliver, queue
from primero.rules.ranking import RANKING_OPTIONS, STANDARD_CLASSES
from primero.rules.ties import TIE_OPTION
from primero.setup import Step
from primero.variant import Variant, VariantSpec, with_cited
from primero.variants.revival import REVIVAL_BETTING, SEATING_OPTIONS, RevivalRules

__all__ = [
    "OPEN_CARDS",
    "SOURCES",
    "STOCK",
    "TOY",
    "TOY_PACK",
    "TOY_PLAN",
    "ToyRules",
    "open_cards_dealt",
    "primero_register_variants",
]

#: The cards each player holds face up from the start, by place in playing order (the eldest
#: first, then the dealer).
OPEN_CARDS: tuple[tuple[str, str], ...] = (("7s", "6d"), ("7h", "6c"))

#: The six cards the hidden ones are dealt from.
STOCK = parse_cards("As Ah 6s 6h 5d 5c")

#: The toy's ten cards: the open cards and the stock, in pack order (suit, then rank).
TOY_PACK = Pack("toy10", tuple(sorted(
    (*parse_cards(" ".join(c for pair in OPEN_CARDS for c in pair)), *STOCK),
    key=lambda card: card.index)))

#: Ante, four cards each (two open, two hidden), one betting round, the showdown.
TOY_PLAN: tuple[Step, ...] = (Step("ante"), Step("deal", count=4), Step("bet", 1),
                              Step("showdown"))

SOURCES = (
    "[seed-FR] Comment jouer: French rule sheet of the modern revival game (the ante, the "
    "betting, split ties)",
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks "
    "(the classes and the card points)",
)

SUMMARY = """\
A toy for research, not a historical game: Primero cut down until it can be solved exactly
(docs/adapters/toy.md). Two players, the ten cards 7s 6d 7h 6c As Ah 6s 6h 5d 5c, an ante
(1 chip by default).

Deal: the eldest holds the 7s and 6d face up, the dealer the 7h and 6c; each is then dealt
two cards face down from the other six, one at a time from the eldest. Two cards stay in the
stock.

Hands are the four cards, ranked by the standard ranking (Supremus on): the two hidden cards
make a Primero (one card of each suit), a Supremus (7, 6 and A of the open 7's suit) or a
Numerus (the best suit's cards).

One betting round as in the revival game: pass (check), vie (bet), fold; once someone has
bet, hold (call), raise or fold. A round without a bet goes to the showdown. No exchange.
Ties split except equal Primeros (to the eldest); tie=eldest gives every tie to the eldest.
Seating as in the revival game (play_direction, deal_passes): with two players the deal
alternates whichever way it passes."""


class ToyRules:
    """The toy's pack, plan and deal; the betting and the showdown are the revival game's."""

    @hookimpl
    def primero_pack(self, variant: Variant) -> Pack:
        """The ten cards of :data:`TOY_PACK`."""
        return TOY_PACK

    @hookimpl
    def primero_hand_classes(self, variant: Variant) -> tuple[str, ...]:
        """The standard classes but Fluxus: the pack holds no four cards of one suit.

        Supremus and Chorus go as their options say (the four 6s are in the pack, though
        the open 6♦ and 6♣ never meet in one hand).
        """
        return tuple(c for c in STANDARD_CLASSES if c != "Fluxus"
                     and (c != "Supremus" or variant.option("supremus"))
                     and (c != "Chorus" or variant.option("chorus")))

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """:data:`TOY_PLAN`."""
        return TOY_PLAN

    @hookimpl
    def primero_deal_cards(self, state: GameState, variant: Variant, count: int) -> GameState:
        """Give each player their open cards face up, then queue ``count - 2`` hidden cards each.

        The open cards are taken out of the stock wherever they are (a seeded or stacked
        stock too) and dealt face up (:data:`~primero.deal.state.FACE_UP`: every player's view
        shows them, ``view.seats[i].open``); the hidden ones go one at a time from the
        eldest, as the core deals.

        Where the cards come from the stock (not from outside), the open cards go to the top
        of the stock, as :func:`open_cards_dealt` moves them, and are queued, face up, before
        the hidden cards: the engine deals all of them in one delivery, which gives the
        hands, receipts and stock :func:`open_cards_dealt` and the hidden cards dealt after
        it give (a card's receipt counts the cards received before it, whichever delivery
        deals it).
        """
        seats = state.seats
        n = len(seats)
        eldest = state.context.eldest
        live = []  # the seats still in, in playing order (a loop: no generator per deal)
        for k in range(n):
            seat = (eldest + k) % n
            if not seats[seat].folded:
                live.append(seat)
        order = tuple(live)
        if not state.context.external:
            owed, cards, mask = _opening(order)
            stock = _open_cards_on_top(state, cards, mask)
            if stock is not None:
                queued: GameState = _queued_state(state, stock,
                                                  _with_hidden(owed, order, count))
                return queued
        opened = open_cards_dealt(state, order)
        return replace(opened, pending=opened.pending + _hidden(order, count))


#: The deliveries of the open cards, the open cards themselves and their bits, by the seats'
#: order, with the :data:`OPEN_CARDS` they were read from (read again when it is another
#: value).
_OPENINGS: dict[tuple[int, ...],
                tuple[object, tuple[Delivery, ...], tuple[Card, ...], int]] = {}
#: The hidden cards' deliveries, by the seats' order and the deal step's count.
_HIDDEN: dict[tuple[tuple[int, ...], int], tuple[Delivery, ...]] = {}
#: The open and the hidden cards' deliveries together, by the seats' order and the count,
#: with the open cards' deliveries they were made from: one shared tuple each (the engine
#: works out how to deliver a tuple of deliveries once).
_QUEUES: dict[tuple[tuple[int, ...], int],
              tuple[tuple[Delivery, ...], tuple[Delivery, ...]]] = {}

#: ``replace(state, stock=..., pending=...)``, generated for the two fields.
_queued_state = copier(GameState, "stock", "pending")


def _opening(order: tuple[int, ...]) -> tuple[tuple[Delivery, ...], tuple[Card, ...], int]:
    """The open cards of the seats of ``order``: their deliveries, the cards and their bits.

    In the order they are dealt: the eldest's two (face up), then the dealer's.
    """
    known = _OPENINGS.get(order)
    if known is None or known[0] is not OPEN_CARDS:
        shown = [parse_cards(" ".join(OPEN_CARDS[place])) for place in range(len(order))]
        cards = tuple(card for pair in shown for card in pair)
        mask = 0
        for card in cards:
            mask |= card.bit
        known = _OPENINGS[order] = (
            OPEN_CARDS,
            tuple(Delivery(seat, FACE_UP) for place, seat in enumerate(order)
                  for _ in shown[place]),
            cards, mask)
    return known[1], known[2], known[3]


def _open_cards_on_top(state: GameState, cards: tuple[Card, ...], mask: int) \
        -> tuple[Card, ...] | None:
    """The stock with the open ``cards`` (their bits: ``mask``) moved to its top, in order.

    The other cards keep their order below them. ``None`` where this does not apply: a card
    is owed already (``state.pending``), or the stock does not hold every open card (then
    each is dealt out of the stock, or from outside, by itself).
    """
    if state.pending:
        return None
    held = 0
    rest = []
    for card in state.stock:
        bit = card.bit
        if bit & mask:
            held |= bit
        else:
            rest.append(card)
    if held != mask:
        return None
    return cards + tuple(rest)


def _hidden(order: tuple[int, ...], count: int) -> tuple[Delivery, ...]:
    """``count - 2`` cards dealt face down to each seat of ``order``, round by round."""
    key = (order, count)
    hidden = _HIDDEN.get(key)
    if hidden is None:
        hidden = _HIDDEN[key] = tuple(Delivery(seat, "deal") for _ in range(count - 2)
                                      for seat in order)
    return hidden


def _with_hidden(owed: tuple[Delivery, ...], order: tuple[int, ...], count: int) \
        -> tuple[Delivery, ...]:
    """The open cards' deliveries ``owed``, then the hidden cards' (:func:`_hidden`): shared."""
    key = (order, count)
    known = _QUEUES.get(key)
    if known is None or known[0] is not owed:
        known = _QUEUES[key] = (owed, owed + _hidden(order, count))
    return known[1]


def open_cards_dealt(state: GameState, order: tuple[int, ...]) -> GameState:
    """``state`` with each seat of ``order`` (playing order) dealt its open cards face up.

    Each open card is taken out of the stock, wherever it is, and dealt face up in turn: the
    eldest's two, then the dealer's. Where the stock holds them all and nothing else is owed,
    they are moved to its top (the way the deal step queues them too) and dealt from there in
    one delivery, which gives the same hands, receipts and stock as dealing each out of the
    stock by itself (the way kept for anything else).
    """
    owed, cards, mask = _opening(order)
    stock = _open_cards_on_top(state, cards, mask)
    if stock is not None:
        return deliver(_queued_state(state, stock, owed))  # one delivery from the top
    opened = state
    for delivery, card in zip(owed, cards, strict=True):
        opened = deliver(queue(opened, (delivery,)), card)
    return opened


#: A deal's first state with its stock arranged as the deal step arranges it (nothing owed).
_arranged_state = copier(GameState, "stock", "pending")
#: A seat after the ante and the first deal.
_started_seat = copier(Seat, "stack", "contributed", "hand", "received")
#: How a toy deal deals, by the seats' order: per seat in that order ``(seat, places,
#: receipts)`` (the places in the arranged stock of its cards; ``receipts[j][card.index]``:
#: the receipt of its ``j``-th card, ``Receipt(card, reason, 0, place)``, a value made once
#: and shared between deals), and how many cards are dealt.
_WAYS: dict[tuple[int, ...], tuple[tuple[tuple[int, tuple[int, ...],
                                             tuple[list[Receipt | None], ...]], ...], int]] = {}


def _way(order: tuple[int, ...], opened: int, hidden: int) -> tuple[
        tuple[tuple[int, tuple[int, ...], tuple[list[Receipt | None], ...]], ...], int]:
    """How the deal step deals to the seats of ``order`` (see :data:`_WAYS`).

    ``opened`` open cards first (two each, the eldest's first: :func:`_opening`), then
    ``hidden`` cards each, one at a time from the eldest.
    """
    way = _WAYS.get(order)
    if way is None:
        n = len(order)
        size = 1 + max(card.index for card in TOY_PACK.cards)
        per_seat: list[tuple[int, tuple[int, ...], tuple[list[Receipt | None], ...]]] = []
        for k, seat in enumerate(order):
            places = (2 * k, 2 * k + 1, *(opened + j * n + k for j in range(hidden)))
            rows: tuple[list[Receipt | None], ...] = tuple([None] * size for _ in places)
            per_seat.append((seat, places, rows))
        way = _WAYS[order] = (tuple(per_seat), opened + hidden * n)
    return way


def _quick_start(fresh: GameState) -> GameState | None:
    """A toy deal's steps before its first decision, made at once.

    Its quick start (:func:`~primero.deal.start.quick_start`): what the hooks do step by step.
    The ante (the core's: each pays what they can of it), the deal (:class:`ToyRules`: the open
    cards moved to the top of the stock and dealt face up, the eldest's two then the dealer's,
    then two hidden cards each one at a time from the eldest, every card's receipt counting
    the cards dealt before it), and the betting round opened (the core's: the first seat from
    the eldest to act, its legal actions cached where the core alone answers them). ``None``
    (the steps one by one) for a plan other than :data:`TOY_PLAN`, a stock that does not hold
    every open card, or a round that fewer than two players can bet in.
    """
    context = fresh.context
    if context.plan is not TOY_PLAN or fresh.pending or fresh.discards:
        return None
    seats = fresh.seats
    n = len(seats)
    eldest = context.eldest
    order = tuple([(eldest + k) % n for k in range(n)])  # every seat is in before the deal
    _, cards, mask = _opening(order)
    stock = _open_cards_on_top(fresh, cards, mask)
    if stock is None or len(cards) != 2 * n:
        return None
    per_seat, dealt = _way(order, len(cards), TOY_PLAN[1].count - 2)
    if dealt > len(stock):
        return None
    ante = context.table.ante
    started = list(seats)
    actors = 0
    for seat, places, rows in per_seat:
        s = seats[seat]
        stack = s.stack
        chips = ante if ante < stack else stack
        if stack > chips:
            actors += 1
        hand = tuple([stock[place] for place in places])
        got = []
        for place, row, card in zip(places, rows, hand):  # noqa: B905  (as many)
            receipt = row[card.index]
            if receipt is None:
                receipt = row[card.index] = Receipt(card, FACE_UP if place < len(cards)
                                                    else "deal", 0, place)
            got.append(receipt)
        started[seat] = _started_seat(s, stack - chips, s.contributed + chips, hand,
                                      tuple(got))
    if actors < 2:
        return None  # the betting round is skipped: the steps one by one
    arranged = _arranged_state(fresh, stock, ())
    mark_cards_sound(arranged)  # the pack, its open cards moved to the top
    state = quick_state(arranged, FirstDeal(tuple(started), stock[dealt:]), 2, None, None)
    object.__setattr__(state, "to_act", first_actor(state))  # (a state just made)
    if context.rules.core_legal:  # the first bettor's actions, as legal_actions() gives them
        legal = core_legal_actions(state)
        if legal:
            keep_legal(state, legal)
    return state


register_quick_start((RevivalRules, ToyRules), _quick_start)


#: Every standard ranking option (Supremus on), the tie policy (split by default) and the
#: revival game's seating options (with two players the deal alternates either way).
TOY_OPTIONS: tuple[Option, ...] = (*RANKING_OPTIONS, TIE_OPTION.with_default("split"),
                                   *SEATING_OPTIONS)

#: The ``toy`` variant spec.
TOY = VariantSpec(
    name="toy",
    title="Toy Primero (solvable)",
    summary=SUMMARY,
    sources=with_cited(SOURCES, TOY_OPTIONS),
    players=(2, 2),
    options=TOY_OPTIONS,
    ante=1,
    betting=REVIVAL_BETTING,
    plugins=(RevivalRules(), ToyRules()),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``toy``."""
    register(TOY)
