"""Suzuki's no-fold Primero (``suzuki``), docs/rules/suzuki.md [seed-DE][SUZ94][BARONY].

Jeff Suzuki's reconstruction. Everything is as in ``waks`` except that nobody ever folds: a
player who does not want to put chips in passes and at once exchanges one or two cards. The
rules object overrides only what changes:

Its betting differs from the Waks game's in two rules given as data
(``SUZUKI.betting = BettingRules(fold=False, raise_reopens_passes=True)``): no fold, and a
raise gives every passer their answer back. The hooks do what data cannot say:

* ``primero_legal_actions``: in a betting round, the core's actions (no fold), with
  each pass spelt out once per exchange of one or two cards of the hand
  (``Pass(exchange=(c1,))``, ``Pass(exchange=(c1, c2))``); the must-hold player of round 1
  gets no pass.
* ``primero_apply_action``: a pass is served as an exchange, then the move is booked as the
  core's :func:`~primero.rules.betting.apply_bet` books it; the turn goes to the next player
  who still has to answer (:func:`to_answer`). Where no plug-in serves exchanges, the core's
  :func:`~primero.deal.fast_dealing.core_served_bet` does all three in one state copy (the
  stock, reshuffles and records as for any exchange); otherwise the exchange goes to the
  checked hook (:func:`~primero.rules.dealing.serve_exchange`).
* ``primero_illegal_reason``: the fold, a pass without an exchange or with more than two cards.
* settling is the core's: its layering by contribution (docs/rules/ties.md) is exactly Suzuki's "a
  player can only win the layers they fully funded" once every player stays in, and a
  showdown with no contested layer gives the carry-over to the best hand (docs/rules/suzuki.md).

Readings where the sources leave room (docs/rules/suzuki.md says "everything as in waks, except"):

* **Round end**: a player has answered the current vie or raise when they matched it, are
  all-in, or passed since it was made; the round ends when everyone has. Before any vie, the
  round ends when everyone has acted (each has passed, and so exchanged, once). A raise asks
  everyone else again, passers included.
* **The exchange between the rounds** stays as in ``waks``: any number of cards, or none.
* **Nobody vies in round 1**: every player passes with an exchange; the deal goes on to the
  exchange, the second deal and round 2, as in ``waks``.
* **Nobody vies in round 2**: as in ``waks``, the pot carries over to the next deal (unmatched
  chips of round 1 go back first, docs/rules/ties.md).
* **Carry-over with no contested layer** (docs/rules/suzuki.md): carried-over
  chips join the lowest layer two or more players contest; when no layer is contested at the
  showdown (say round 1 went by without a vie and a round-2 vie found no taker, whose chips go
  back unmatched), the carried-over chips form a pot open to every player and the best hand
  takes it: a showdown happened, so the pot does not stay. It stays only when nobody vies in
  round 2.
* **Termination**: a round always ends. Before a vie each player acts once; after it each player
  answers each vie or raise at most once, and every raise puts chips in, so there are at most as
  many raises as chips at the table. Every pass exchanges cards; when the stock runs out the
  discards are reshuffled (docs/rules/dealing.md), which always leaves enough cards since at most
  four are
  in each hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from primero.actions import Action, Fold, Pass
from primero.deal.action_space import hand_cards, hand_mask, hand_size
from primero.deal.copying import copier
from primero.deal.fast_betting import fast_legal_actions
from primero.deal.fast_dealing import bets_with_exchanges, core_served_bet
from primero.deal.state import SOUND_FLAG, GameState
from primero.hookspecs import hookimpl
from primero.rules.betting import apply_bet, betting_seat, must_hold_seat
from primero.rules.dealing import serve_exchange
from primero.rules.ranking import DECK_OPTION, RANKING_OPTIONS
from primero.rules.ties import TIE_OPTION
from primero.seating import WAKS_SEATING_OPTIONS
from primero.variant import BettingRules, Variant, VariantSpec, with_cited

if TYPE_CHECKING:
    from primero.deal.action_space import ActionBlock
    from primero.setup import Table

__all__ = [
    "MAX_PASS_EXCHANGE",
    "SOURCES",
    "SUZUKI",
    "PassExchangeBlock",
    "SuzukiRules",
    "next_to_answer",
    "primero_register_variants",
    "round_answered",
    "to_answer",
]

#: A pass exchanges one card or two [seed-DE][BARONY].
MAX_PASS_EXCHANGE = 2

SOURCES = (
    "[seed-DE] Primero (Primiera) – Ausführliche Regeln: the Suzuki no-fold variant",
    "[SUZ94] Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994)",
    "[BARONY] SCA Barony of Three Mountains, Primero rules: a pass exchanges one or two cards",
)

SUMMARY = """\
Jeff Suzuki's reconstruction: the Waks deal and betting (2-6 players, the 40-card pack, stake
and rest, two betting rounds around an exchange, must-hold in round 1), without the fold.

A player who does not want to put chips in must pass and at once exchange one or two cards:
discard them and draw as many from the stock ("pass exchange 7s 6h"), which usually spoils the
hand. Every pass is such an exchange, whether or not anyone has vied. A pass answers the current
vie or raise: the passer is not asked again unless someone raises. A round ends when every
player has, since the last vie or raise, matched it, gone all-in, or passed. Must hold (round 1
only): the last player before the vier, if nobody has held, may not pass.

Nobody is ever out of the deal, but a player wins only the pot layers they fully funded: a
passer who did not match a vie competes for the lower layers only (the side-pot layering by
total contribution). Carried-over chips join the lowest layer two or more players contest; if
no layer is contested at the showdown (every vie went back unmatched), they form a pot open to
every player and the best hand takes it. If nobody vies in round 1 the deal goes on; if nobody
vies in round 2 the pot carries over, as in the Waks game (chips nobody matched go back
first). Ties go to the eldest."""


def to_answer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` still has to act in the current betting round.

    Before a vie: they have not acted yet. After it: they can act, have not passed since the
    last vie or raise, and are short of the round's highest total.
    """
    s = state.seats[seat]
    if s.folded or s.stack <= 0:  # (not s.can_act)
        return False
    if state.opener is None:  # (not state.opened)
        return not s.acted
    return not s.passed and s.round_bet < state.high


def round_answered(state: GameState) -> bool:
    """The Suzuki round end: nobody still has to answer the last vie or raise."""
    return not any(to_answer(state, seat) for seat in range(state.n))


def next_to_answer(state: GameState, after: int) -> int | None:
    """The next seat after ``after`` in playing order that still has to act, or ``None``."""
    seats = state.seats
    n = len(seats)
    opened = state.opener is not None
    high = state.high
    for k in range(1, n + 1):
        seat = (after + k) % n
        s = seats[seat]  # to_answer(state, seat), inline (asked after every bet)
        if s.folded or s.stack <= 0:
            continue
        if (not s.passed and s.round_bet < high) if opened else not s.acted:
            return seat
    return None


class PassExchangeBlock:
    """Suzuki's passes with an exchange in the action space, by the discarded cards.

    The ids are the bit masks of the discarded cards over the hand in the pack's order
    (:func:`primero.deal.action_space.hand_mask`, whatever order the cards came in) less one; a
    plain pass is the core's.
    """

    name = "pass exchange"
    positional = True

    size: int

    def __init__(self, hand: int) -> None:
        self.size = (1 << hand) - 1

    def encode(self, state: GameState, action: Action) -> int | None:
        """The mask less one; ``None`` for a plain pass or a card not in hand."""
        if not isinstance(action, Pass) or not action.exchange:
            return None
        mask = hand_mask(state, action.exchange)
        return None if mask is None else mask - 1

    def decode(self, state: GameState, index: int) -> Action:
        """The pass with the exchange of the cards that mask ``index + 1`` names."""
        return Pass.from_cards(hand_cards(state, index + 1))


#: ``replace(state, to_act=...)``: the state with the turn given on (the caches reset but
#: the cards found sound: giving the turn on moves no card).
_turned = copier(GameState, "to_act", keep=(SOUND_FLAG,))


class SuzukiRules:
    """The no-fold rules: passes with exchanges, the Suzuki round end (settling is the core's)."""

    @hookimpl
    def primero_action_blocks(self, variant: Variant, table: Table) -> tuple[ActionBlock, ...]:
        """Every pass with an exchange gets an id (:class:`PassExchangeBlock`)."""
        return (PassExchangeBlock(hand_size(variant)),)

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Variant) \
            -> tuple[Action, ...] | None:
        """The Waks betting actions less the fold, each pass with an exchange of one or two."""
        if state.to_act is None:
            return None
        step = state.context.steps[state.step_index + 1]  # state.step, inline
        if step is None or step.kind != "bet":
            return None
        bets = fast_legal_actions(state)  # the core's: no fold (SUZUKI.betting), must hold
        return bets_with_exchanges(state, bets, MAX_PASS_EXCHANGE)  # each pass, an exchange

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Variant, action: Action) \
            -> GameState | None:
        """Serve a pass's exchange, book the move, and give the turn to the next to answer."""
        seat = state.to_act
        if seat is None:
            return None
        served = core_served_bet(state, seat, action, next_to_answer)  # the core's, one copy
        if served is not None:
            return served
        if betting_seat(state) is None:
            return None
        if isinstance(action, Pass):  # a plug-in serves exchanges: its checked hook
            state = serve_exchange(state, seat, action.exchange)
        state = apply_bet(state, seat, action)  # a raise re-asks passers: SUZUKI.betting
        return _turned(state, next_to_answer(state, seat))  # type: ignore[no-any-return]

    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) \
            -> str | None:
        """The fold, and passes without one or two of the player's cards to exchange."""
        seat = betting_seat(state)
        if seat is None:
            return None
        s = state.seats[seat]
        if isinstance(action, Fold):
            return ("there is no fold in Suzuki's game: pass with an exchange of one or two "
                    "cards instead ('pass exchange C1 [C2]')")
        if not isinstance(action, Pass) or must_hold_seat(state) == seat:
            return None  # the core explains the rest, the must-hold duty included
        n = len(action.exchange)
        if n == 0:
            return ("in Suzuki's game every pass exchanges one or two cards: "
                    "'pass exchange C1 [C2]'")
        if n > MAX_PASS_EXCHANGE:
            return f"a pass exchanges one or two cards, not {n}"
        twice = sorted({c.ascii for c in action.exchange if action.exchange.count(c) > 1})
        if twice:
            return f"a card can be exchanged only once: {' '.join(twice)} given twice"
        foreign = [c for c in action.exchange if c not in s.hand]
        if foreign:
            return f"{foreign[0]} is not in {s.name}'s hand"
        return None


#: The ``suzuki`` variant spec.
SUZUKI = VariantSpec(
    name="suzuki",
    title="Suzuki's no-fold Primero",
    summary=SUMMARY,
    sources=with_cited(SOURCES, (DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS)),
    players=(2, 6),
    options=(DECK_OPTION, *RANKING_OPTIONS, TIE_OPTION, *WAKS_SEATING_OPTIONS),
    plugins=(SuzukiRules(),),
    betting=BettingRules(fold=False, raise_reopens_passes=True),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``suzuki``."""
    register(SUZUKI)
