"""The checks of every hook answer, and the bound that ends an endless deal.

Each ``*_problem`` function takes what a hook returned (and what it was given) and returns
``None`` when the answer is sound, or one line saying what was expected; the checked rules
(:mod:`primero.plugins.deal`) turn that line into a :class:`~primero.errors.PluginError`
naming the plug-in and the hook (docs/plugins/architecture.md#trust-nothing-that-comes-in).
The checks of a ranking's answers are :mod:`primero.plugins.ranking`' (a ranking needs no deal
code).

Two costs:

* **cheap** checks run on every answer: its type and shape (a GameState with the same seats,
  the step and the history unchanged, ``to_act`` a seat still in; legal actions a non-empty
  sequence of actions, exchanges from the hand; a settlement paying whole chips to real seats
  and conserving the pot). A plug-in's answer is also checked for chips conserved and never
  negative in the seats it changed, and, from a card-moving hook, for every card exactly once
  when it moved one; for the players' names and hands holding only cards their seat was
  dealt (:func:`seats_problem`); an exchange served for its discards (:func:`served_problem`);
  legal actions the deal can take (:func:`offered_problem`: vies of 1 chip or more, each
  action once, the core's actions of the step where the core applies them). The core's own
  answers (:mod:`primero.rules`) are checked for their shape only between two ends of steps:
  they are the library's tested code.
* **whole-state** checks (the deal's chips all on the table, every card of the pack exactly
  once) run at the end of each step, whoever answered, and after *every* hook while
  :func:`checking_everything` is on (the conformance kit turns it on; the core's legal
  actions are then also checked distinct).

Where the core alone implements a hook (``variant.rules.deal.core_only``), the engine calls the
core's own code directly and checks only the whole state at the end of each step (a plug-in's
answer is always checked). A state whose cards were found sound keeps that fact through the
engine's own card moves (cards dealt from the top of the stock, a legal exchange's cards thrown
on the pile) and loses it on any copy; a plug-in's answer that moved no card of a sound state
is marked sound, and one that holds the very stock, discards and hands of a layout counted
sound or left sound by the core's own exchange (:func:`remember_sound_cards`) is not counted
again: what cannot be trusted is counted once per answer; the check at the end of a step the
core closed (:meth:`~primero.plugins.deal.DealRules.check_step_end`) makes its sound case one
pass over the seats, inline. Two answers have a sound case read in one pass, any doubt sent
to the full checks, which word the fault: a deal answer that only queues the cards, ``count``
for each seat, and reorders the stock (:func:`queued_deal_sound`: the queue known by its
identity, the stock by its count and the sum of its card bits), and a settlement of plain
whole chips (:func:`settlement_problem`). ``benchmarks/bench_deals.py`` prints the checks'
share of the deal time.

The termination bound (:func:`deal_action_bound`) is computed from the table and from what the
deal has moved so far; the switches are :func:`checking_everything` and :func:`unchecked`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter

import attrs

from primero.actions import Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card, Pack
from primero.deal.state import (
    PROGRESS_FLOOR,
    Delivery,
    GameState,
    cards_sound,
    folded_cards,
    history_size,
    mark_cards_sound,
    same_history,
)
from primero.errors import CARD_TEXT, HIDDEN_CARD
from primero.hands import HAND_SIZE, HandValue
from primero.plugins.manager import int_not_bool, shown
from primero.settlement import Award, Settlement
from primero.setup import Step

__all__ = [
    "LAZY_CHECK_ABOVE",
    "MAX_NARRATION",
    "block_problem",
    "checking_everything",
    "composed_of",
    "core_answer",
    "core_made",
    "deal_action_bound",
    "everything_checked",
    "legal_uses_hand",
    "narration_for_players",
    "narration_problem",
    "off_depth",
    "offered_problem",
    "past_action_bound",
    "pending_problem",
    "plan_problem",
    "queued_deal_sound",
    "reason_problem",
    "remember_composed",
    "remember_core_answer",
    "remember_sound_cards",
    "seats_problem",
    "served_problem",
    "settlement_problem",
    "strict_depth",
]


_ACTION_TYPES = (Vie, Hold, Pass, Fold, Exchange)


def plan_problem(result: object) -> str | None:
    """``primero_deal_plan``: a non-empty tuple of Steps dealing each player a hand.

    A deal step deals at least 1 card, and the deal steps together deal exactly
    :data:`~primero.hands.HAND_SIZE` (4) cards to each player: only the four cards in hand
    count, and every ranking ranks four-card hands (docs/rules/hands.md).
    """
    if not isinstance(result, tuple) or not result \
            or not all(isinstance(s, Step) for s in result):
        return f"returned {shown(result)}; expected a non-empty tuple of Step"
    dealt = 0
    for step in result:
        if not isinstance(step.kind, str) or not step.kind:
            return f"returned a step of kind {shown(step.kind)}; expected a name"
        if step.kind == "deal":
            if not int_not_bool(step.count) or step.count < 1:
                return f"returned {step!r}; expected a deal step to deal at least 1 card"
            dealt += step.count
    if dealt != HAND_SIZE:
        return (f"returned a plan that deals {dealt} card{'s' if dealt != 1 else ''} to each "
                f"player; expected {HAND_SIZE} (a hand is four cards, docs/rules/hands.md)")
    return None


#: The longest reason a plug-in's ``primero_illegal_reason`` may give, in characters.
MAX_REASON = 300


def reason_problem(result: object) -> str | None:
    """``primero_illegal_reason``: one printable sentence of at most :data:`MAX_REASON`.

    The player reads it in an error message: no line break, no control character.
    """
    return _line_problem(result, "a sentence (str)", "sentence", MAX_REASON)


#: The longest line a plug-in's ``primero_narrate_step`` may tell, in characters.
MAX_NARRATION = 200


def narration_problem(result: object) -> str | None:
    """``primero_narrate_step``: one non-empty printable line of at most :data:`MAX_NARRATION`."""
    return _line_problem(result, "one line of text (str) or None", "line", MAX_NARRATION)


def _line_problem(result: object, expected: str, unit: str, most: int) -> str | None:
    """A hook's text a player reads: non-empty, printable, one line, at most ``most`` long.

    ``expected`` says what the hook should give; ``unit`` names one (``sentence``, ``line``).
    """
    if not isinstance(result, str) or not result.strip():
        return f"returned {shown(result)}; expected {expected}"
    if not result.isprintable():
        return (f"returned {shown(result)}, which holds a line break or a control character; "
                "expected one line of printable text")
    if len(result) > most:
        return (f"returned {len(result):,} characters ({shown(result)}); expected one "
                f"{unit} of at most {most}")
    return None


def narration_for_players(state: GameState, line: str) -> str:
    """A plug-in's ``primero_narrate_step`` line as every player may read it.

    A card in it that not every player can see — neither dealt face up and still held
    (:meth:`~primero.deal.state.Seat.open_cards`) nor shown at the showdown — reads ``<card>``.
    """
    import re

    public = {card for seat in state.seats for card in seat.open_cards()}
    settlement = state.settlement
    if settlement is not None and settlement.showdown:
        public.update(card for k, _ in settlement.values for card in state.seats[k].hand)

    def shown_card(match: re.Match[str]) -> str:
        try:
            card = Card.parse(match.group(0))
        except Exception:
            return HIDDEN_CARD
        return match.group(0) if card in public else HIDDEN_CARD

    return re.sub(CARD_TEXT, shown_card, line)


def pending_problem(state: GameState) -> str | None:
    """The cards a hook queued (``state.pending``): deliveries to real seats, no more than can come.

    Each is a :class:`~primero.deal.state.Delivery` to a seat in range that is still in, and they
    ask for no more cards than the stock, the discards and the folded hands hold together
    (docs/rules/dealing.md: only those can be dealt or reshuffled).
    """
    pending = state.pending
    if type(pending) is not tuple:
        return f"queued {shown(pending)}; expected a tuple of Delivery (state.pending)"
    seats = state.seats
    n = len(seats)
    for delivery in pending:
        if not isinstance(delivery, Delivery):
            return f"queued {shown(delivery)}; expected a Delivery (state.pending)"
        seat = delivery.seat
        if type(seat) is not int or not 0 <= seat < n or seats[seat].folded:
            return (f"queued a card for seat {shown(seat)}; expected the seat (0..{n - 1}) of "
                    "a player still in")
    available = len(state.stock) + len(state.discards)
    if len(pending) > available:  # (the folded hands counted only when the rest is short)
        available += len(folded_cards(seats))
    if len(pending) > available:
        return (f"queued {len(pending)} cards; expected at most the {available} the stock, the "
                "discards and the folded hands hold")
    return None


#: Above this many legal actions only a sample is checked (a lazy sequence, e.g. Cardano's).
LAZY_CHECK_ABOVE = 4096


def offered_problem(state: GameState, result: Sequence[object], core_applies: bool) \
        -> str | None:
    """``primero_legal_actions`` answered by a plug-in: actions the deal can take.

    Checked on a plug-in's answer once :func:`legal_problem` found it sound (the core never
    offers these): vies of at least 1 chip and raises not negative; each action once; and,
    where the core applies the actions (``core_applies``: no plug-in implements
    ``primero_apply_action`` other than as a wrapper), a core action of the step: no
    :class:`~primero.actions.Exchange` in a betting round, only exchanges in an exchange.

    Of a lazy sequence over :data:`LAZY_CHECK_ABOVE` actions the first and the last are
    checked, like :func:`legal_problem`.
    """
    sample = result if len(result) <= LAZY_CHECK_ABOVE else (result[0], result[-1])
    step = state.step
    kind = step.kind if step is not None else None
    for action in sample:
        if type(action) is Pass:  # the core's pass itself (the usual case): no chips in it
            if core_applies and kind == "exchange":
                return (f"offered {action} in the exchange; expected exchanges: the core's "
                        "primero_apply_action applies only those there")
            continue
        if isinstance(action, Vie) and action.amount < 1:
            return f"offered {action}; expected a vie of at least 1 chip"
        if isinstance(action, Hold) and action.raise_by < 0:
            return f"offered {action}; expected a hold raising 0 chips or more"
        if not core_applies or not isinstance(action, _ACTION_TYPES):
            continue
        if kind == "bet" and isinstance(action, Exchange):
            return (f"offered {action} in a betting round; expected betting actions (vie, "
                    "hold, pass, fold): the core's primero_apply_action applies only those "
                    "there")
        if kind == "exchange" and not isinstance(action, Exchange):
            return (f"offered {action} in the exchange; expected exchanges: the core's "
                    "primero_apply_action applies only those there")
    if len(set(sample)) != len(sample):
        seen: set[object] = set()
        for action in sample:
            if action in seen:
                return f"offered {action} twice; expected each legal action once"
            seen.add(action)
    return None


def seats_problem(before: GameState, after: GameState) -> str | None:
    """A plug-in's new state: the same players, and hands holding only cards they were dealt.

    Only the seats the hook changed are read. A player's name is fixed by the deal's setup;
    cards come into a hand only as the engine deals them (queued in ``state.pending`` and
    recorded in the seat's ``received``), so a hand holding a card its seat never received
    (two hands swapped, a card slipped in) is a fault even when every card is still there
    exactly once.
    """
    old = before.seats
    seats = after.seats
    if seats is old:
        return None
    for k, (was, seat) in enumerate(zip(old, seats, strict=True)):
        if seat is was:
            continue
        if seat.name != was.name:
            return (f"renamed seat {k} from {was.name!r} to {str(seat.name)[:30]!r}; "
                    "expected the players of the deal's setup")
        hand = seat.hand
        if hand is was.hand or not hand:
            continue
        if seat.received is was.received:  # no card received: only cards it held may stay
            held = was.hand
            for card in hand:
                if card not in held:
                    break
            else:
                continue  # (``before``'s hands hold only cards dealt, as the engine keeps them)
        dealt = {receipt.card for receipt in seat.received}
        foreign = [c.ascii for c in hand if c not in dealt]
        if foreign:
            return (f"put {' '.join(foreign)} in {seat.name}'s hand, not dealt to "
                    f"{seat.name}; expected cards in a hand only as dealt (queued in "
                    "state.pending)")
    return None


def served_problem(before: GameState, after: GameState, seat: int,
                   discards: tuple[Card, ...]) -> str | None:
    """``primero_serve_exchange``: the discards out of the hand, as many cards queued.

    docs/rules/waks.md: each player "may discard any number of the cards in hand face down and draw
    as many from the stock".
    """
    if not discards:
        return None
    player = after.seats[seat]
    kept = [c.ascii for c in discards if c in player.hand]
    if kept:
        return (f"kept {' '.join(kept)} in {player.name}'s hand; expected the discarded "
                "cards taken from the hand")
    queued = sum(d.seat == seat for d in after.pending) - \
        sum(d.seat == seat for d in before.pending)
    if queued != len(discards):
        return (f"queued {queued} card{'s' if queued != 1 else ''} for {player.name}, who "
                f"threw {len(discards)}; expected as many cards as were discarded")
    return None


#: Queues (``state.pending``) that owe each of the seats ``0 .. m - 1`` the same number of
#: cards, by identity: ``(queue, m, cards owed to each)``. A tuple of
#: :class:`~primero.deal.state.Delivery` (named tuples: immutable) is read once.
_EVEN_QUEUES: dict[int, tuple[tuple[Delivery, ...], int, int]] = {}


def _even_queue(pending: object) -> tuple[tuple[Delivery, ...], int, int] | None:
    """``(pending, m, c)``: a tuple of Delivery owing each seat ``0 .. m - 1`` ``c`` cards.

    Remembered by identity; ``None`` for anything else (the full checks read it).
    """
    known = _EVEN_QUEUES.get(id(pending))
    if known is not None and known[0] is pending:
        return known
    if type(pending) is not tuple or not pending:
        return None
    owed: dict[int, int] = {}
    for delivery in pending:
        if type(delivery) is not Delivery:
            return None
        seat = delivery.seat
        if type(seat) is not int or seat < 0:
            return None
        owed[seat] = owed.get(seat, 0) + 1
    m = len(owed)
    each = len(pending) // m
    if max(owed) != m - 1 or each * m != len(pending) or any(c != each for c in owed.values()):
        return None
    if len(_EVEN_QUEUES) >= 4096:
        _EVEN_QUEUES.clear()
    known = _EVEN_QUEUES[id(pending)] = (pending, m, each)
    return known


def queued_deal_sound(before: GameState, after: object, count: int, pack: Pack) -> bool:
    """The sound case of a plug-in's ``primero_deal_cards`` answer that queues every card.

    ``True`` only where every check of the answer finds nothing (:func:`state_problem`,
    :func:`cards_problem`, :func:`seats_problem`, :func:`dealt_problem`): a GameState with
    the very seats, discards, context, history and betting facts of ``before``, nobody to
    act, no settlement; nothing owed before and now ``count`` cards queued for each seat (all
    still in), no more than the stock holds; the stock the same cards as before, in any order
    (as many cards, the same sum of card bits: ``before``'s cards were sound, each card
    once). Its cards are then marked sound. ``False`` sends the answer to the full checks,
    which word any fault; always ``False`` while :func:`checking_everything`.
    """
    if strict_depth or type(after) is not GameState:
        return False
    seats = before.seats
    if (after.seats is not seats or after.discards is not before.discards or before.pending
            or after.context is not before.context or after.to_act is not None
            or after.settlement is not None):
        return False
    pending = after.pending
    queue = _EVEN_QUEUES.get(id(pending))  # _even_queue(pending), the hot case inline
    if queue is None or queue[0] is not pending:
        queue = _even_queue(pending)
        if queue is None:
            return False
    if queue[1] != len(seats) or queue[2] != count:
        return False
    for seat in seats:
        if seat.folded:
            return False
    stock = after.stock
    old = before.stock
    if (len(pending) > len(stock) + len(after.discards)
            or after.step_index != before.step_index or after.high is not before.high
            or after.bets is not before.bets or after.opener is not before.opener
            or not same_history(after, before)):
        return False
    sound = cards_sound(before)
    if stock is not old:
        if not sound or len(stock) != len(old):
            return False
        bits = 0
        for card in stock:  # (_bits(stock), inline: a new tuple)
            bits += card.bit
        if bits != (pack.mask if len(old) == len(pack.cards) else _bits(old)):
            return False
    if sound:
        mark_cards_sound(after)
    return True


def dealt_problem(before: GameState, after: GameState, count: int) -> str | None:
    """``primero_deal_cards``: ``count`` cards for each player still in, dealt or queued.

    docs/rules/dealing.md: a deal step gives each player still in the hand its count of cards;
    a card reaches a hand either at once (in the hand) or queued (in ``state.pending``).
    """
    queued = [0] * len(after.seats)
    for delivery in after.pending:  # (pending_problem has checked the seats: a seat each)
        queued[delivery.seat] += 1
    for delivery in before.pending:
        queued[delivery.seat] -= 1
    for k, (was, seat) in enumerate(zip(before.seats, after.seats, strict=True)):
        if was.folded:
            continue
        given = len(seat.hand) - len(was.hand) + queued[k]
        if given != count:
            return (f"gave {seat.name} {given} card{'s' if given != 1 else ''} (in hand or "
                    f"queued in state.pending); expected {count}, the deal step's count")
    return None


def block_problem(block: object) -> str | None:
    """A block of ``primero_action_blocks``: a name and a whole number of ids, not negative."""
    name, size = getattr(block, "name", None), getattr(block, "size", None)
    if not isinstance(name, str) or not name:
        return f"returned a block named {shown(name)}; expected a name (str)"
    if not int_not_bool(size) or size < 0:  # type: ignore[operator]
        return (f"returned the block {name!r} of size {shown(size)}; expected a whole number "
                "of ids (int >= 0)")
    return None


def legal_uses_hand(result: tuple[object, ...]) -> bool:
    """Whether a checked answer of ``primero_legal_actions`` holds exchanges (hand-bound)."""
    return any(isinstance(a, Exchange) or (isinstance(a, Pass) and a.exchange) for a in result)


def settlement_problem(state: GameState, result: object) -> str | None:
    """``primero_settle``: whole chips (at least 1 an award) to real seats, the pot conserved."""
    seats = state.seats
    n = len(seats)
    if type(result) is Settlement:
        # the usual answer, in one pass: awards of whole chips to players still in, returns of
        # whole chips to seats, a whole carry, adding up to the pot (any doubt: the full
        # checks below, which word it)
        awards, returns, paid = result.awards, result.returns, result.carry
        if type(awards) is tuple and type(returns) is tuple and type(paid) is int \
                and paid >= 0:
            for award in awards:
                if type(award) is not Award:
                    break
                seat, amount = award.seat, award.amount
                if (type(seat) is not int or type(amount) is not int or amount < 1
                        or not 0 <= seat < n or seats[seat].folded):
                    break
                paid += amount
            else:
                for item in returns:
                    if type(item) is not tuple or len(item) != 2:
                        break
                    seat, amount = item
                    if (type(seat) is not int or type(amount) is not int or amount < 0
                            or not 0 <= seat < n):
                        break
                    paid += amount
                else:
                    if paid == state.pot:
                        return _shown_problem(state, result)
    if not isinstance(result, Settlement):
        return f"returned {shown(result)}; expected a Settlement"
    if type(result.awards) is not tuple or type(result.returns) is not tuple:
        return (f"returned awards {shown(result.awards)} and returns {shown(result.returns)}; "
                "expected tuples (a list can change after the check)")
    for award in result.awards:
        if not isinstance(award, Award):
            return f"returned the award {shown(award)}; expected an Award"
        if not int_not_bool(award.seat) or not 0 <= award.seat < n:
            return f"paid seat {shown(award.seat)}; expected a seat 0..{n - 1}"
        if not int_not_bool(award.amount) or award.amount < 0:
            return f"paid {shown(award.amount)} chips; expected whole chips, not negative"
        if award.amount == 0:
            return (f"paid {award.amount} chips to seat {award.seat}; expected an award of at "
                    "least 1 chip (leave out a player who wins nothing)")
        if state.seats[award.seat].folded:
            return f"paid {state.seats[award.seat].name}, who folded; expected a player still in"
    for item in result.returns:
        seat, chips = item if isinstance(item, tuple) and len(item) == 2 else (None, None)
        if not int_not_bool(seat) or not 0 <= seat < n:
            return f"returned chips to {shown(item)}; expected (seat 0..{n - 1}, chips)"
        if not int_not_bool(chips) or chips < 0:
            return f"returned {shown(chips)} chips; expected whole chips, not negative"
    if not int_not_bool(result.carry) or result.carry < 0:
        return f"carried {shown(result.carry)} chips over; expected whole chips, not negative"
    pot = state.pot
    paid = result.paid_out
    if paid + result.carry != pot:
        return (f"paid {paid} and carried {result.carry}; expected the pot of {pot} "
                "(chips are conserved)")
    return _shown_problem(state, result)


def _shown_problem(state: GameState, result: Settlement) -> str | None:
    """What a settlement shows: a bool, a printable reason, values of hands still in.

    ``showdown`` is a bool, ``reason`` one printable line of at most :data:`MAX_REASON`
    characters, and ``values`` of players still in, each the value of that player's hand.
    Every view shows the hand of each seat in ``values`` (docs/rules/ties.md: a folded hand is
    never shown), so a value of a folded seat would show every player a hidden hand.
    """
    if type(result.showdown) is not bool:
        return f"returned showdown={shown(result.showdown)}; expected True or False"
    reason = result.reason
    if type(reason) is not str or not reason.isprintable() or len(reason) > MAX_REASON:
        return (f"returned the reason {shown(reason)}; expected one line of printable text "
                f"(str) of at most {MAX_REASON} characters")
    values = result.values
    if not values:
        return None
    if type(values) is not tuple:
        return f"returned values {shown(values)}; expected a tuple (a list can change)"
    seats = state.seats
    n = len(seats)
    seen: set[int] = set()
    for item in values:
        seat, value = item if type(item) is tuple and len(item) == 2 else (-1, None)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n \
                or seat in seen:
            return (f"returned the shown value {shown(item)}; expected (seat 0..{n - 1}, hand "
                    "value), one per seat")
        seen.add(seat)
        if seats[seat].folded:
            return (f"showed the hand of {seats[seat].name}, who folded; expected only hands "
                    "of players still in (a folded hand is never shown)")
        hand = seats[seat].hand
        if not isinstance(value, HandValue) or len(value.cards) != len(hand) \
                or set(value.cards) != set(hand):
            return (f"showed for {seats[seat].name} a value that is not of their hand; "
                    "expected the value of the hand they hold")
    return None


#: How many :func:`checking_everything` blocks are open (the hot paths read it: 0, the
#: usual, lets them skip the whole-state checks and answer from the core directly).
strict_depth = 0


@contextmanager
def checking_everything() -> Iterator[None]:
    """Run the whole-state checks after every hook while the block runs (the kit does)."""
    global strict_depth
    strict_depth += 1
    try:
        yield
    finally:
        strict_depth -= 1


#: How many :func:`unchecked` blocks are open (0, the usual: hook results are checked).
off_depth = 0


@contextmanager
def unchecked() -> Iterator[None]:
    """Skip every check of hook results while the block runs: for measuring what they cost.

    Internal, for ``benchmarks/bench_deals.py`` (which reports the checks' share of the deal
    time): a plug-in's faults go unnamed inside the block. The engine's own refusals (illegal
    actions, the deal's action bound) stay.
    """
    global off_depth
    off_depth += 1
    try:
        yield
    finally:
        off_depth -= 1


def everything_checked() -> bool:
    """Whether :func:`checking_everything` is on."""
    return strict_depth > 0


#: Actions a deal may take for each unit of progress (a chip put in or paid, a fold, a step
#: begun), per seat and one: between two of them each player passes at most twice, exchanges or
#: declares at most once (docs/rules/waks.md); 4 leaves room to spare.
ACTIONS_PER_PROGRESS = 4


def past_action_bound(state: GameState) -> bool:
    """The deal has taken :func:`deal_action_bound` actions: the next one would be endless.

    The cheap test first: below ``state.context.bound`` (the bound's floor) the bound itself,
    whose progress part counts what the deal moved, is not computed.
    """
    taken = history_size(state)
    return taken >= state.context.bound and taken >= deal_action_bound(state)


def deal_action_bound(state: GameState) -> int:
    """The most actions a deal can take by ``state``: the smaller of two bounds.

    Rules: docs/rules/waks.md.

    * **Its table**: between two actions that move chips or fold, each player can pass at
      most twice (once in answer, once when level); every chip move takes at least one chip
      from a stack, and each player folds at most once; exchanges and declarations are one
      action per player and step. So each step of the plan takes at most
      ``(2n + 1) * (chips + n + 1)`` actions.
    * **Its progress**, which does not grow with the chips on the table: a deal whose
      actions move nothing cannot go on for long. ``4 * (n + 1)`` actions for each unit of
      progress so far (:data:`ACTIONS_PER_PROGRESS`: the steps begun, the folds, the chips put
      in and the chips paid from stack to stack, see :func:`deal_progress`) and one more,
      never fewer than ``64 * (n + 1)`` (:data:`~primero.deal.state.PROGRESS_FLOOR`, from which
      on the engine computes it).

    Args:
        state: Any state of the deal.

    Returns:
        A number of actions (the deal's history never reaches it in a deal the rules allow).
    """
    n = len(state.seats)
    chips = max(1, len(state.plan)) * (2 * n + 1) * (state.total_chips + n + 1)
    progress = ACTIONS_PER_PROGRESS * (n + 1) * (1 + sum(deal_progress(state)))
    return min(chips, max(PROGRESS_FLOOR * (n + 1), progress))


def deal_progress(state: GameState) -> tuple[int, int, int]:
    """``(chips moved, folds, steps begun)`` of a deal so far, for :func:`deal_action_bound`.

    Chips moved: the chips the seats have put in, and what their stack and chips put in
    together differ from their starting chips (chips paid between players).
    """
    moved = 0
    folds = 0
    for seat, start in zip(state.seats, state.setup.chips, strict=False):
        moved += abs(seat.contributed) + abs(seat.stack + seat.contributed - start)
        folds += seat.folded
    return moved, folds, state.step_index + 1


def deal_action_bound_basis(state: GameState) -> str:
    """What :func:`deal_action_bound` of ``state`` was computed from, for its error."""
    n = len(state.seats)
    chips = max(1, len(state.plan)) * (2 * n + 1) * (state.total_chips + n + 1)
    if deal_action_bound(state) == chips:
        return f"the bound for {n} players, {state.total_chips} chips and {len(state.plan)} steps"
    moved, folds, steps = deal_progress(state)
    return (f"the bound for {n} players and what the deal moved: {moved} chips, {folds} folds "
            f"and {steps} steps begun")


# --------------------------------------------------------------------------------------------
# States


def state_problem(before: GameState, after: object, total_chips: int | None = None, *,
                  chips: bool = True) -> str | None:
    """A hook that returns a new state: the cheap checks.

    The result is a GameState with the same seats, the same step (the engine moves the steps
    forward), the same history (the engine records actions), chips conserved and never
    negative, and nobody to act or a seat in range that is still in.

    Only the seats the hook changed are read (``before`` is a state the engine checked or
    made itself): chips are conserved when the changed seats hold as many chips, stacks and
    amounts put in together, as before. The deal's total is computed only to word an error.
    The round's betting facts a hook changed (``high``, ``bets``, ``opener``) are whole numbers
    not negative, the opener a seat.

    Args:
        before: The state the hook was given.
        after: What it returned.
        total_chips: The deal's chips (stacks and pot), if the caller knows them already.
        chips: Check the chips of the changed seats; ``False`` checks the shape only (the
            core's own answers between two ends of steps, see :func:`whole_state_problem`).
    """
    if type(after) is not GameState and not isinstance(after, GameState):
        return f"returned {shown(after)}; expected a GameState"
    seats = after.seats
    old = before.seats
    if seats is not old:
        n = len(seats)
        if n != len(old):
            return f"returned a state with {n} seats; expected the {len(old)} it was given"
    if seats is not old and chips:
        delta = 0
        for was, seat in zip(old, seats, strict=True):
            if seat is was:
                continue
            stack, put_in = seat.stack, seat.contributed
            if type(stack) is not int or type(put_in) is not int:
                return (f"returned {seat.name} with {shown(stack)} chips and "
                        f"{shown(put_in)} put in; expected whole numbers")
            if stack < 0 or put_in < 0:
                return (f"returned {seat.name} with {stack} chips and {put_in} put in; "
                        "expected never negative")
            delta += stack + put_in - was.stack - was.contributed
        if delta:
            return _chips_problem(before, after, total_chips)
    if after.step_index != before.step_index:
        return (f"moved the deal from step {before.step_index} to {after.step_index}; "
                "expected the step unchanged (the engine moves the steps forward)")
    if not same_history(after, before) and history_size(after) != history_size(before):
        return "changed the history; expected it unchanged (the engine records actions)"
    if after.setup is not before.setup and after.carry_in != before.carry_in:
        return _chips_problem(before, after, total_chips)
    to_act = after.to_act
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < len(seats)
                               or seats[to_act].folded):
        return (f"set to_act to {shown(to_act)}; expected None or the seat "
                f"(0..{len(seats) - 1}) of a player still in")
    high, bets = after.high, after.bets  # (read directly: no getattr by name per answer)
    if (high is not before.high and (type(high) is not int or high < 0)) or \
            (bets is not before.bets and (type(bets) is not int or bets < 0)):
        name = "high" if high is not before.high and (type(high) is not int or high < 0) \
            else "bets"
        value = getattr(after, name)
        return (f"set {name} to {shown(value)}; expected a whole number >= 0 "
                f"({'chips' if name == 'high' else 'vies and raises'} this betting round)")
    opener = after.opener
    if opener is not before.opener and opener is not None and (
            type(opener) is not int or not 0 <= opener < len(seats)):
        return (f"set opener to {shown(opener)}; expected None or a seat "
                f"(0..{len(seats) - 1})")
    if after.over and after.settlement is not None:
        return "returned a settled state; expected the engine to settle (primero_settle)"
    if after.pending is not before.pending:
        return pending_problem(after)
    return None


def core_shape_sound(before: GameState, after: object) -> bool:
    """The sound case of ``state_problem(before, after, chips=False)`` in one expression.

    For the core's own answers between two ends of steps (their shape only, see
    :mod:`primero.plugins.checks`); ``False`` sends the answer to the full check, which words
    the fault.
    """
    if type(after) is not GameState:
        return False
    to_act = after.to_act
    seats = after.seats
    return (after.step_index == before.step_index and same_history(after, before)
            and after.context is before.context and after.settlement is None
            and len(seats) == len(before.seats)
            and (to_act is None or (type(to_act) is int and 0 <= to_act < len(seats)
                                    and not seats[to_act].folded)))


def unrecorded_problem(before: GameState, after: GameState, action: object) -> str | None:
    """``primero_apply_action`` in a betting round: the action must leave a trace.

    A step must move forward. A betting action changes the acting seat (its chips,
    or its ``acted`` / ``passed`` flags) or the round's bookkeeping; an answer that changed
    nothing but ``to_act`` recorded nothing, and a deal driven by it could never end.
    Only called when the answer kept the seats themselves (``after.seats is before.seats``).
    """
    step = before.step
    if step is None or step.kind != "bet":
        return None  # e.g. standing pat in an exchange moves only the turn
    if (after.stock is before.stock and after.discards is before.discards
            and after.pending is before.pending and after.variant_state is before.variant_state
            and after.high == before.high and after.opener == before.opener
            and after.held == before.held and after.bets == before.bets
            and after.skipped == before.skipped and after.over == before.over):
        return (f"returned the state with only to_act changed for {action}; expected the "
                "action recorded (the acting seat's chips or flags, or the round's bookkeeping)")
    return None


def _chips_problem(before: GameState, after: GameState, total_chips: int | None) -> str:
    total = after.carry_in + sum(s.stack + s.contributed for s in after.seats)
    expected = total_chips
    if expected is None:
        expected = before.carry_in + sum(s.stack + s.contributed for s in before.seats)
    return (f"returned a state with {total} chips; expected the {expected} it was given "
            "(chips are conserved)")


def whole_state_problem(state: GameState, pack: Pack, total_chips: int) -> str | None:
    """The whole-state invariants: the deal's chips on the table, every card exactly once.

    Run at the end of every step whoever answered (and after every hook in the kit). The
    sound case is one pass over the seats: a sum of chips and a sum of card bits (see
    :func:`cards_problem`).

    Args:
        state: A state a hook returned.
        pack: The variant's pack.
        total_chips: The deal's chips (the players' chips at the start and the carry-in).
    """
    seats = state.seats
    total = state.context.setup.carry
    negative = False
    for seat in seats:
        stack, put_in = seat.stack, seat.contributed
        total += stack + put_in
        if stack < 0 or put_in < 0:
            negative = True
    if total != total_chips or type(total) is not int or negative:
        return _chips_fault(state, total, total_chips)
    if not strict_depth and (cards_sound(state) or _known_layout(state, pack)):
        return None  # its cards were found sound, or moved by the engine from a sound state
    stock, discards = state.stock, state.discards
    hands = [seat.hand for seat in seats]
    known_bits = _known_bits.get
    known = known_bits(id(stock))  # _bits(stock), inline
    bits = known[1] if known is not None and known[0] is stock else _bits(stock)
    if discards:
        known = known_bits(id(discards))
        bits += known[1] if known is not None and known[0] is discards else _bits(discards)
    count = len(stock) + len(discards)
    for hand in hands:
        known = known_bits(id(hand))  # _bits(hand), inline: the hot case
        bits += known[1] if known is not None and known[0] is hand else _bits(hand)
        count += len(hand)
    if bits == pack.mask and count == len(pack):
        if not strict_depth:  # (the kit counts every time, and snapshots states it was handed)
            mark_cards_sound(state)
        return None
    return _cards_fault(state, pack)


def _chips_fault(state: GameState, total: object, total_chips: int) -> str:
    seats = state.seats
    bad = next((s for s in seats if type(s.stack) is not int
                or type(s.contributed) is not int), None)
    if bad is not None:
        return (f"returned {bad.name} with {shown(bad.stack)} chips and "
                f"{shown(bad.contributed)} put in; expected whole numbers")
    if total != total_chips:
        return (f"returned a state with {total} chips; expected the {total_chips} of the deal "
                "(chips are conserved)")
    bad = next(s for s in seats if s.stack < 0 or s.contributed < 0)
    return (f"returned {bad.name} with {bad.stack} chips and {bad.contributed} put in; "
            "expected never negative")


_stack = attrgetter("stack")
_contributed = attrgetter("contributed")


def cards_moved(before: GameState, after: GameState) -> bool:
    """Whether a hook may have moved a card: a new stock, discards or hand (by identity).

    An answer that moved none holds the very card tuples of ``before``: where those were
    sound (``before``'s cards known sound), so are the answer's, and it is marked so (the
    next count, at the end of the step or after a card-moving answer built on it, is
    skipped; the kit counts every time).
    """
    if after.stock is not before.stock or after.discards is not before.discards:
        return True
    seats = after.seats
    if seats is not before.seats:
        for old, new in zip(before.seats, seats, strict=True):
            if new.hand is not old.hand:
                return True
    if not strict_depth and cards_sound(before) and type(after) is GameState:
        mark_cards_sound(after)
    return False


_bit = attrgetter("bit")
#: The bit sums of recently checked card tuples (stocks, discards, hands), by identity: a
#: tuple is shared by the states of a deal until a card moves, so the whole-state check at the
#: end of a step mostly adds remembered sums.
_known_bits: dict[int, tuple[tuple[Card, ...], int]] = {}


def _bits(cards: tuple[Card, ...]) -> int:
    """The sum of the cards' bits, remembered by the tuple's identity."""
    known = _known_bits.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    total = 0
    for card in cards:  # (a plain loop: the attribute load is specialised, attrgetter's not)
        total += card.bit
    if len(_known_bits) >= 4096:
        _known_bits.clear()
    _known_bits[id(cards)] = (cards, total)
    return total


#: Card layouts known sound: ``(pack, stock, discards, hands)`` by the identity of the stock and
#: the discards. Tuples are immutable, so a state holding these very tuples (by identity) holds
#: these very cards: a plug-in's answer built on a state the core's own code made sound (its
#: stock, discards and hands passed on, not rebuilt) needs no count.
_SOUND_LAYOUTS: dict[tuple[int, int], tuple[Pack, tuple[Card, ...], tuple[Card, ...],
                                            tuple[tuple[Card, ...], ...]]] = {}


def remember_sound_cards(state: GameState, pack: Pack) -> None:
    """Remember that ``state``'s cards (every card of ``pack`` exactly once) are sound.

    For the core's own code that moved cards from a sound state the sound way (an exchange
    served by the core, :func:`primero.rules.dealing.serve_exchange`), and for a count that
    found them sound: any state holding the same stock, discards and hands (the very tuples)
    is then sound without a count (:func:`cards_problem`, :func:`whole_state_problem`).
    Nothing is remembered while :func:`checking_everything` (the kit counts every time).
    """
    if strict_depth:
        return
    if len(_SOUND_LAYOUTS) >= 4096:
        _SOUND_LAYOUTS.clear()
    stock, discards = state.stock, state.discards
    _SOUND_LAYOUTS[id(stock), id(discards)] = (pack, stock, discards,
                                               tuple([seat.hand for seat in state.seats]))


def _known_layout(state: GameState, pack: Pack) -> bool:
    """Whether ``state`` holds a card layout remembered sound (:func:`remember_sound_cards`)."""
    stock, discards = state.stock, state.discards
    known = _SOUND_LAYOUTS.get((id(stock), id(discards)))
    if known is None or known[0] is not pack or known[1] is not stock \
            or known[2] is not discards:
        return False
    hands = known[3]
    seats = state.seats
    return len(hands) == len(seats) and all(
        seat.hand is hand for hand, seat in zip(hands, seats, strict=True))


#: The last answer the core's own fast code made for a variant's hook and vouches for:
#: ``(state, action, answer)`` (held: the identities stay unique while it is kept). Set by
#: :func:`remember_core_answer`; read by :func:`core_answer` (the checked rules read it
#: inline, once per applied action).
core_made: tuple[object, object, object] = (None, None, None)


def remember_core_answer(state: GameState, action: object,
                         answer: GameState | Settlement | None) -> None:
    """Remember that the library's own code made ``answer`` from ``state`` and ``action``.

    For :func:`primero.deal.fast_dealing.core_served_bet` (and the core's exchange served the
    fast way where no plug-in answered it), and for a built-in variant's own answer to a step
    or a settlement (``action`` the step, or ``None`` for the settlement): a plug-in's hook
    that returns that very answer for that very state returns what only the library's code
    made (chips and cards conserved by construction, the step and the history kept), which
    the checked rules then take unchecked (:func:`core_answer`). ``None``: an answer not
    vouched for (an earlier one from them is forgotten). Nothing is remembered while
    :func:`checking_everything`.
    """
    global core_made
    core_made = (None, None, None) if answer is None or strict_depth else \
        (state, action, answer)


def core_answer(state: GameState, action: object) -> GameState | Settlement | None:
    """The answer :func:`remember_core_answer` last remembered from ``state`` and ``action``.

    By identity; ``None`` when it remembered none from them (or another since).
    """
    made = core_made
    if made[0] is state and made[1] is action:
        return made[2]  # type: ignore[return-value]
    return None


#: Legal answers made by :func:`primero.deal.fast_dealing.bets_with_exchanges`, by identity:
#: ``(answer, bets, hand)``.
_COMPOSED: dict[int, tuple[object, tuple[object, ...], tuple[Card, ...]]] = {}


def remember_composed(answer: object, bets: tuple[object, ...],
                      hand: tuple[Card, ...]) -> None:
    """Remember that ``answer`` is ``bets`` with the library's passes of ``hand`` spelt in.

    For :func:`primero.deal.fast_dealing.bets_with_exchanges`: the checked rules then check
    only ``bets``, once per tuple (:func:`composed_of`).
    """
    if len(_COMPOSED) >= 4096:
        _COMPOSED.clear()
    _COMPOSED[id(answer)] = (answer, bets, hand)


def composed_of(answer: object) -> tuple[tuple[object, ...], tuple[Card, ...]] | None:
    """``(bets, hand)`` :func:`remember_composed` remembered of ``answer``, or ``None``.

    By identity: ``None`` for any other object, an equal tuple included.
    """
    made = _COMPOSED.get(id(answer))
    if made is None or made[0] is not answer:
        return None
    return made[1], made[2]


def cards_problem(state: GameState, pack: Pack) -> str | None:
    """Every card of the pack exactly once among the hands, the stock and the discards.

    The sound case costs one sum of card bits: ``len(pack)`` cards whose bits add up to the
    pack's mask are the pack's cards, each once (a repeated or foreign card would need more
    terms than the mask has bits). A state counted sound is marked so
    (:func:`~primero.deal.state.mark_cards_sound`, a fact of the immutable value) and its
    layout remembered (:func:`remember_sound_cards`): the check at the end of its step, this
    one asked again, and a later answer holding the very same tuples count nothing (the kit
    counts every time).
    """
    strict = strict_depth
    if not strict and (cards_sound(state) or _known_layout(state, pack)):
        mark_cards_sound(state)
        return None
    stock = state.stock
    total = _bits(stock) + _bits(state.discards)
    count = len(stock) + len(state.discards)
    for seat in state.seats:
        hand = seat.hand
        total += _bits(hand)
        count += len(hand)
    if total == pack.mask and count == len(pack):
        if not strict:
            mark_cards_sound(state)
            remember_sound_cards(state, pack)
        return None
    return _cards_fault(state, pack)


def _cards_fault(state: GameState, pack: Pack) -> str:
    held = [c for s in state.seats for c in s.hand] + list(state.stock) + list(state.discards)
    seen: set[Card] = set()
    doubled: set[Card] = set()
    for card in held:
        (doubled if card in seen else seen).add(card)
    twice = sorted(doubled, key=lambda c: c.index)
    if twice:
        return (f"returned a state holding {' '.join(c.ascii for c in twice)} twice; expected "
                "every card of the pack exactly once")
    foreign = [c for c in seen if c not in pack]
    if foreign:
        return (f"returned a state holding {' '.join(c.ascii for c in foreign)}, not in the "
                f"{pack.name} pack")
    missing = [c.ascii for c in pack if c not in seen]
    return (f"returned a state that lost {' '.join(missing)}; expected every card of the pack "
            "exactly once (hands, stock, discards)")


# --------------------------------------------------------------------------------------------
# Legal actions (beside the switch they read; the other answers: primero.plugins.checks)


def legal_problem(state: GameState, result: object) -> str | None:
    """``primero_legal_actions``: a non-empty sequence of actions; exchanges from the hand.

    A tuple, or a lazy read-only sequence (:class:`collections.abc.Sequence`, not text) for
    a decision with very many actions; of a sequence over :data:`LAZY_CHECK_ABOVE` actions
    the first and the last are checked. Actions are the core's or a plug-in's (attrs values).
    """
    if type(result) is not tuple and (not isinstance(result, Sequence)
                                      or isinstance(result, str | bytes)):
        return (f"returned {shown(result)}; expected a non-empty tuple of actions (text, a "
                "generator or a set is not one)")
    if not result:
        return (f"returned {shown(result)}; expected a non-empty tuple of actions (a deal that "
                "is not over needs a player with a legal action)")
    sample = result if len(result) <= LAZY_CHECK_ABOVE else (result[0], result[-1])
    held: frozenset[Card] | None = None
    for action in sample:
        kind = type(action)
        if kind is Exchange:
            discards = action.discards
        elif kind is Pass:
            discards = action.exchange
        elif (kind is Vie or kind is Hold or kind is Fold) and _plain_call(action):
            continue  # the core's own value classes, whole numbers inside: values
        elif kind in _ACTION_TYPES or attrs.has(kind):
            problem = _value_problem(action)
            if problem is not None:
                return problem
            discards = action.discards if isinstance(action, Exchange) else \
                action.exchange if isinstance(action, Pass) else ()
        else:
            return f"returned {shown(action)} among the actions; expected actions (Vie, Hold, ...)"
        if discards:
            if held is None:
                assert state.to_act is not None
                held = frozenset(state.seats[state.to_act].hand)
            if not held.issuperset(discards):
                return (f"offered {action}, which throws cards the player does not hold; "
                        "expected exchanges of cards in the hand")
    if strict_depth and len(set(sample)) != len(sample):
        return "returned an action twice; expected distinct legal actions"
    return None


_NOTHING = object()


def _plain_call(action: Vie | Hold | Fold) -> bool:
    """Whether a core betting action is a value: no call, or a plain call.

    A plain call is a :class:`~primero.actions.Call` of a class name and whole points: then
    the action is hashable and equal only to its equals.
    """
    call = getattr(action, "call", None)
    if call is None:
        return True
    points = call.points
    return type(call) is Call and type(call.hand_class) is str \
        and (points is None or type(points) is int)


def _value_problem(action: object) -> str | None:
    """An action of a class of a plug-in's own: a value (hashable, equal only to itself).

    The engine finds the chosen action among the legal ones by ``==``: an action equal to
    anything would make every action legal.
    """
    try:
        hash(action)
        odd = action == _NOTHING or action != action
    except Exception as exc:
        return (f"offered {shown(action)}, whose hash or == raised {type(exc).__name__}; "
                "expected actions that are values (frozen attrs classes)")
    if odd:
        return (f"offered {shown(action)}, which equals what it is not; expected actions that "
                "are values (frozen attrs classes)")
    return None


def reason_for_player(state: GameState, action: object, reason: str) -> str:
    """A plug-in's ``primero_illegal_reason`` as the acting player may read it.

    The reason is the message of the :class:`~primero.errors.IllegalActionError` the player
    sees: a card in it that is neither in the acting player's hand nor in the action they
    chose reads ``<card>`` (a plug-in's reason once listed every other player's hand).
    """
    import re

    seat = state.to_act
    mine = set(state.seats[seat].hand) if seat is not None and 0 <= seat < state.n else set()
    mine.update(getattr(action, "discards", ()) or getattr(action, "exchange", ()) or ())

    def shown_card(match: re.Match[str]) -> str:
        try:
            card = Card.parse(match.group(0))
        except Exception:
            return HIDDEN_CARD
        return match.group(0) if card in mine else HIDDEN_CARD

    return re.sub(CARD_TEXT, shown_card, reason)
