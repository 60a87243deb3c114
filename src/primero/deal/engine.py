"""The rules engine: it walks a deal's steps and asks the variant's hooks.

The engine knows phases, turns and chips; what a legal action is, how cards are dealt and who
takes which pot are the variant's hooks (:mod:`primero.hookspecs`), called through the checked
rules (``variant.rules.deal``). Where the core alone answers a hook, the engine calls the
core's own code directly (its fast path) and checks the whole state at the end of each step.
The API:

* :func:`start_deal` — set up a deal from players, chips, a dealer, table parameters, and a
  seed, a ``random.Random`` or an explicit stock; runs the automatic steps.
* :func:`legal_actions`, :func:`apply` — the decisions (also ``state.legal_actions()`` and
  ``state.apply(action)``), an action given as an object, its text (``"vie 2"``, ``"Anna
  exchange Qd"``, read for the player to act with every error free of others' cards) or its
  id.
* :func:`deal` — a card dealt from outside at a chance node.
* :func:`view` — what one player may see; :func:`public_text` — how the table sees an action
  (exchanged cards only as a count).

Every deal's context holds this module as its :class:`~primero.deal.state.Engine`, so a state's
methods reach the engine without the state importing it. A finished state (``state.over``)
carries its :class:`~primero.settlement.Settlement`, and its seats' stacks are the final
chips.
"""

from __future__ import annotations

import operator
import random
import sys
from collections.abc import Sequence
from operator import attrgetter, getitem, itemgetter
from typing import Any

import attrs

from primero.actions import ACTION_WORDS, Action, Exchange, Fold, Hold, Pass, Vie, parse_action
from primero.cards import Card, parse_cards
from primero.deal.action_space import ENCODINGS, legal_action_of
from primero.deal.copying import copier, maker, replace
from primero.deal.fast_betting import (  # (bet_answer: the Engine's, for the checked rules)
    answering_bet,
    bet_answer,  # noqa: F401
    core_bet,
    fast_legal_actions,
    lean_bet,
)
from primero.deal.fast_dealing import core_exchange
from primero.deal.start import (
    MAX_SEED,
    cards_setup,
    checked_setup,
    known_table,
    quick_start,
    setup_key,
)
from primero.deal.state import (
    LEGAL_CACHE,
    SOUND_FLAG,
    DealContext,
    Engine,
    GameState,
    HistoryChain,
    Receipt,
    Seat,
    fill,
    folded_cards,
    history_size,
    history_with,
)
from primero.errors import IllegalActionError, PrimeroError, UnknownSeatError, named
from primero.plugins import checks as hookchecks
from primero.plugins.checks import deal_action_bound, past_action_bound
from primero.plugins.registry import get_variant
from primero.rules.betting import core_end_step, core_start_step
from primero.rules.dealing import core_deal_cards, deliver
from primero.setup import DealSetup, seeded_stock
from primero.variant import Variant
from primero.views import PlayerView, state_view

__all__ = ["apply", "deal", "deal_context", "legal_actions", "public_text", "start_deal", "view"]


def _as_id(value: Any) -> Any:
    """An integer of another type (numpy's) as an ``int`` id; anything else as it is."""
    if type(value).__name__.startswith("bool"):  # numpy's bool_ is not an id, as bool is not
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


def _is_action(value: object) -> bool:
    """An action of a plug-in (a frozen value with a text form) or one of the core's."""
    return attrs.has(type(value)) and callable(getattr(value, "__str__", None))


def _read(state: GameState, text: str, name: str) -> Action:
    """Read action text for :func:`apply`, keeping every error free of others' cards.

    ``"<player> <verb> ..."`` must name the player to act; text naming another player, or
    nobody at the table, or that cannot be read, raises an error whose ``.legal`` is empty
    and whose message names only the player to act and the text given. Text naming the
    player to act (or no player) that reads as an action is theirs: its errors may list their
    legal actions.
    """
    words = text.split()
    named = None
    if words and words[0].lower() not in ACTION_WORDS:  # "<player> <verb> ...", as in a record
        named = words[0]
        if named not in state.players:
            raise IllegalActionError(
                f"cannot read action {_quote(text)}: {_quote(named)} is neither an action "
                "word nor a player at this table", legal=())
        if named != name:
            raise IllegalActionError(f"it is {name}'s turn, not {named}'s",
                                     reason="out of turn", legal=())
        words = words[1:]
    try:
        return parse_action(" ".join(words))
    except PrimeroError as exc:
        if named is None:
            raise IllegalActionError(str(exc), legal=()) from None
        raise IllegalActionError(f"{name}: {exc}", legal=state.legal_actions()) from None


def _quote(text: str, limit: int = 40) -> str:
    """``text`` quoted, shortened past ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


_PUBLIC_TEXT: dict[int, tuple[Action, str]] = {}


def public_text(action: Action) -> str:
    """How the table sees an action: exchanged cards show only as a count."""
    known = _PUBLIC_TEXT.get(id(action))  # by identity: actions are shared values
    if known is not None and known[0] is action:
        return known[1]
    text = _public_text(action)
    if len(_PUBLIC_TEXT) >= 100_000:
        _PUBLIC_TEXT.clear()
    _PUBLIC_TEXT[id(action)] = (action, text)
    return text


def _public_text(action: Action) -> str:
    if isinstance(action, Exchange):
        n = len(action.discards)
        return f"exchange {n} card{'s' if n != 1 else ''}"
    if isinstance(action, Pass) and action.exchange:
        n = len(action.exchange)
        return f"pass exchange {n} card{'s' if n != 1 else ''}"
    return str(action)


def start_deal(
    variant: Variant | str,
    players: Sequence[str] | DealSetup,
    chips: Sequence[int] | int = 50,
    *,
    dealer: int | str = -1,
    stake: int = 1,
    rest: int = 3,
    ante: int | None = None,
    carry: int = 0,
    stock: Sequence[Card | str] | str | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    reshuffles: Sequence[Sequence[Card | str]] = (),
    dealing: str | None = None,
    raise_cap: int | None = None,
) -> GameState:
    """Set up a deal and run it to the first decision.

    Two forms: ``start_deal(variant, players, chips, dealer=..., stake=..., seed=...)``, or
    ``start_deal(variant, setup)`` with a :class:`~primero.setup.DealSetup` (the same
    checks; a setup with no ``stock`` is shuffled from its ``seed``, one with a stock is dealt
    from it — ``start_deal(state.variant, state.setup)`` deals ``state``'s deal again). Sessions
    and deal records deal through the second form.

    Args:
        variant: The configured variant (see :func:`primero.get_variant`) or a variant name
            (its default options).
        players: Names in playing order (seat 0 first); one word each, distinct. Or the whole
            setup, a :class:`~primero.setup.DealSetup`: then no other argument is given.
        chips: Starting chips per player (in playing order) or one number for everyone.
        dealer: The dealer's seat (negative counts from the last seat) or name; default the
            last seat (so seat 0 is eldest).
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Chips each player pays before the deal (variants that use one); default the
            variant's own (``variant.spec.ante``).
        carry: Chips carried over from an earlier deal.
        stock: The whole pack from the top (a stacked deck), as cards or text.
        seed: Seeds the shuffle (when no ``stock``) and any reshuffle.
        rng: A generator to draw the seed from, instead of ``seed``.
        reshuffles: New stock orders to use, in order, when the stock runs out (a replay).
        dealing: How the cards are chosen: ``"seeded"`` (a shuffle from ``seed`` or ``rng``),
            ``"stacked"`` (``stock`` from the top), or ``"external"`` — the caller deals every
            card: the deal stops at each chance node (``state.chance``: who receives the next
            card, why, and which cards can come) until ``state.deal(card)``. Default:
            ``"stacked"`` with a ``stock``, else ``"seeded"``. All three are one mechanism: a
            deal dealt from outside with the cards a stacked stock would give has the same
            legal actions at every decision and the same result. An external deal takes no
            ``stock``, ``seed``, ``rng`` or ``reshuffles``.
        raise_cap: House rule (docs/rules/waks.md, no source), off by default: the most vies plus
            raises one betting round allows; once reached, players may only hold, pass (where
            a pass is legal) or fold. Every betting variant accepts it.

    Returns:
        The state at the first decision (or the finished deal, if nobody has to decide); with
        ``dealing="external"``, at the first chance node.

    Raises:
        InvalidDeckError: the stock has a duplicate card, a card outside the pack, or misses
            cards of the pack; the message names the card. Or the pack cannot serve the
            table: the players hold more cards at once than it has (the message gives the
            count, :func:`primero.deal.start.pack_problem`). Nothing is dealt.
        PrimeroError: bad players (a name that is also an action word, such as ``vie``, is
            refused), chips, dealer or table parameters, or an argument of the wrong type
            (``dealer=True`` is not a seat); a setup together with other arguments, or a
            seeded setup whose stock is not the one its seed shuffles.
    """
    if type(variant) is not Variant:
        if isinstance(variant, str):
            variant = get_variant(variant)
        if not isinstance(variant, Variant):
            raise PrimeroError(f"variant must be a Variant or a variant name, got {named(variant)}")
    if isinstance(players, DealSetup):
        if (chips, dealer, stake, rest, ante, carry, stock, seed, rng, reshuffles, dealing,
                raise_cap) != (50, -1, 1, 3, None, 0, None, None, None, (), None, None):
            raise PrimeroError("start_deal(variant, setup) takes the whole deal from the setup: "
                               "give the chips, dealer, table, cards and seed in the DealSetup")
        return _start_setup(variant, players)
    key = setup_key(variant, players, chips, dealer, stake, rest, ante, carry, raise_cap)
    known = known_table(key, variant, players, chips, dealer, stake, rest, ante, carry,
                        raise_cap)
    if (stock is None and rng is None and type(seed) is int and -MAX_SEED <= seed <= MAX_SEED
            and (dealing is None or
            dealing == "seeded") and type(reshuffles) is tuple and not reshuffles):
        # the usual case, a seeded deal at a known table: nothing else to check
        cards = seeded_stock(variant.pack.cards, seed)
        table = known.setup
        setup = _seeded_setup(table, cards, seed)  # the table's setup, dealt from seed
        if key is None or hookchecks.strict_depth:
            return _advance(_first_state(_new_state(_context(variant, table, setup),
                                                    known.seats, cards)))
        recipe = _STARTS.get(id(table))
        if recipe is not None and recipe.table is table and recipe.variant is variant:
            return recipe.start(_context(variant, table, setup), cards)
        state = _advance(_first_state(_new_state(_context(variant, table, setup), known.seats,
                                                 cards)))
        none = _NO_STARTS.get(id(table))
        if none is None or none[0] is not table or none[1] is not variant:
            _learn_start(variant, table, cards, state)
        return state
    else:
        setup = cards_setup(variant, known.setup, stock, seed, rng, reshuffles, dealing)
        cards = setup.stock
    return _advance(_first_state(_new_state(_context(variant, known.setup, setup),
                                            known.seats, cards)))


#: How one seat's cards come at a recipe's start: ``(pick, receipts)`` (see
#: :class:`StartRecipe`).
_SeatRecipe = tuple[Any, tuple[list[Receipt | None], ...]]


@attrs.frozen(eq=False)  # compared by identity: a recipe per known table
class StartRecipe:
    """How every seeded deal at one known table starts, up to its first decision.

    The core's steps before the first decision (antes, the first deal, opening the first
    betting round) depend on the table alone, never on which cards the stock holds: a card
    is dealt by its place in the stock. So the first deal started at a table (the plain way,
    every step run and checked) shows where each card goes, and every later seeded deal at
    that table starts as that one did, its own stock's cards in those places: the same state
    the plain way gives, field by field (:func:`_learn_start` says when a table has a recipe;
    the checked path, :func:`~primero.plugins.checks.checking_everything`, never uses one).

    Attributes:
        table: The known table's setup (compared by identity).
        variant: The variant (by identity).
        first: The first deal's state at its first decision (its seats are the template).
        dealt: How many cards the steps dealt from the top of the stock.
        seats: Per seat, ``None`` (no card dealt: the seat as it is) or ``(pick, receipts)``:
            ``pick(stock)`` is the hand, and ``receipts`` holds, for each card received (in
            the order of the hand), the receipt of every card of the pack had it come there,
            by :attr:`~primero.cards.Card.index` (receipts are values, shared between
            deals).
        legal: The first decision's legal actions (a betting round's, the same at every
            deal at the table) where the core alone answers them and no pass names cards of
            the hand (``BettingRules.pass_exchange``), else ``None``.
    """

    table: DealSetup
    variant: Variant
    first: GameState
    dealt: int
    seats: tuple[_SeatRecipe | None, ...]
    legal: tuple[Action, ...] | None

    def start(self, context: DealContext, stock: tuple[Card, ...]) -> GameState:
        """The deal of ``context`` (a seeded deal at this table) dealt from ``stock``."""
        first = self.first
        seats = list(first.seats)
        for i, how in enumerate(self.seats):
            if how is not None:
                pick, receipts = how
                hand = pick(stock)  # (each card's receipt read off its table: no call)
                seats[i] = _dealt_seat(seats[i], hand,
                                       tuple(map(getitem, receipts, map(_card_index, hand))))
        return _started_state(first, context, tuple(seats),  # type: ignore[no-any-return]
                              stock[self.dealt:], True, self.legal)  # (cards: a permutation
        # of a sound deal's; the legal actions: the first decision's, as at every deal here)


#: The start recipes of the known tables, by their setups' identity.
_STARTS: dict[int, StartRecipe] = {}
#: The known tables that can have no start recipe (a plug-in answers a hook of the steps
#: before the first decision: a fact of the variant), by their setups' identity: ``(table,
#: variant)``, both held. Their deals start the plain way, no recipe looked for again.
_NO_STARTS: dict[int, tuple[DealSetup, Variant]] = {}
#: The hooks the steps before the first decision may call: only the core's make a recipe.
_START_HOOKS = frozenset({"primero_deal_cards", "primero_start_step", "primero_end_step"})
#: ``GameState`` of a start recipe's first state with another context, seats and stock, its
#: cards marked sound and its legal actions given (``None``: not worked out).
_started_state = copier(GameState, "context", "seats", "stock",
                        caches=(SOUND_FLAG, LEGAL_CACHE))
_card_index = attrgetter("index")
_dealt_seat = copier(Seat, "hand", "received")
_receipt = tuple.__new__  # Receipt(card, reason, after, order) without its Python __new__


def _learn_start(variant: Variant, table: DealSetup, stock: tuple[Card, ...],
                 state: GameState) -> None:
    """Keep the start recipe of ``table`` from ``state``, its seeded deal from ``stock``.

    Only where nothing but the core ran (the steps' hooks are the core's alone; no plug-in
    answered) and the deal stopped at a decision with only cards from the top of the stock
    dealt: no settlement, no card pending, discarded or reshuffled, no variant state, no
    history. Anything else keeps no recipe (those deals start the plain way); where a plug-in
    answers one of the steps' hooks, no deal at ``table`` ever will (:data:`_NO_STARTS`).
    """
    rules = variant.rules.deal
    if not rules.core_only >= _START_HOOKS:
        if len(_NO_STARTS) >= 1024:
            _NO_STARTS.clear()
        _NO_STARTS[id(table)] = (table, variant)
        return
    if (state.over or state.to_act is None
            or state.pending or state.discards or state.reshuffles or state.settlement
            or state.variant_state is not None or history_size(state) or state._log
            or not state._cards_sound or state.context.external):
        return
    dealt = len(stock) - len(state.stock)
    if dealt < 0 or state.stock != stock[dealt:]:
        return
    place = {card: i for i, card in enumerate(stock)}
    seats: list[_SeatRecipe | None] = []
    for s in state.seats:
        if s.discarded or [r.card for r in s.received] != list(s.hand):
            return
        if not s.hand:
            seats.append(None)
            continue
        places = tuple(place[c] for c in s.hand)
        if max(places) >= dealt:
            return
        pick: Any = _one_card(places[0]) if len(places) == 1 else _getter(*places)
        size = 1 + max(c.index for c in stock)
        receipts = []
        for r in s.received:  # the receipt each card of the pack would have here
            made: list[Receipt | None] = [None] * size
            for card in stock:
                made[card.index] = _receipt(Receipt, (card, r.reason, r.after, r.order))
            receipts.append(made)
        seats.append((pick, tuple(receipts)))
    step = state.context.steps[state.step_index + 1]
    # a pass with an exchange names the cards of its hand: those actions are one deal's own
    legal = fast_legal_actions(state) if (rules.core_legal and step is not None
                                          and step.kind == "bet"
                                          and not state.context.betting.pass_exchange) else None
    if len(_STARTS) >= 1024:
        _STARTS.clear()
    _STARTS[id(table)] = StartRecipe(table, variant, state, dealt, tuple(seats), legal)


_getter: Any = itemgetter  # (typed loosely: mypy cannot type itemgetter(*places))


def _one_card(place: int) -> Any:
    """A function giving the one-card hand at ``place`` of a stock."""
    return lambda stock: (stock[place],)


#: Per known table's setup (by identity): that setup and its context, the template of the
#: contexts of the deals at that table (see :meth:`DealContext.with_setup`).
_CONTEXTS: dict[int, tuple[DealSetup, DealContext]] = {}


def _context(variant: Variant, table: DealSetup, setup: DealSetup) -> DealContext:
    """The context of a deal of ``variant`` set up by ``setup``, at the known table ``table``.

    ``setup`` is ``table`` with a stock and a seed (and, unless seeded, a way of dealing), so
    its context is the table's with ``setup`` in it: equal to ``DealContext(variant, setup,
    ...)`` in every field, without working the derived facts out again.
    """
    if setup.dealing != table.dealing:
        return DealContext(variant, setup, _THIS_ENGINE)
    found = _CONTEXTS.get(id(table))
    if found is None or found[0] is not table or found[1].variant is not variant:
        if len(_CONTEXTS) >= 1024:
            _CONTEXTS.clear()
        found = _CONTEXTS[id(table)] = (table, DealContext(variant, table, _THIS_ENGINE))
    return found[1].with_setup(setup)


#: ``DealSetup`` of a known table's setup (no stock, seed 0, seeded) with the stock and seed.
_seeded_setup = copier(DealSetup, "stock", "seed")
#: ``GameState(context=..., seats=..., stock=...)``, every other field at its default.
_new_state = maker(GameState, "context", "seats", "stock")


def _start_setup(variant: Variant, given: DealSetup) -> GameState:
    """:func:`start_deal` of a :class:`DealSetup` (checked as the keyword form is)."""
    setup, seats = checked_setup(variant, given)
    context = DealContext(variant, setup, _THIS_ENGINE)
    return _advance(_first_state(_new_state(context, seats, setup.stock)))


def _first_state(state: GameState) -> GameState:
    """A deal's state before its first step (just made), its cards marked sound (``_cards_sound``).

    Sound by construction, before any hook ran: the seats are new (``known_table`` makes
    them with empty hands), there are no discards, and the stock is the variant's pack in
    some order: a seeded stock is the pack shuffled (:func:`seeded_stock` permutes
    ``variant.pack.cards``, a :class:`~primero.cards.Pack` of distinct cards), a stacked one
    was refused unless it is the pack exactly once (``pack.check`` and its length, in
    :func:`~primero.deal.start.cards_setup`), and a deal dealt from outside starts from the
    pack itself. So the whole-state check at the end of the first step counts no card the
    engine dealt from the top of this stock; a plug-in's answer is a new state, whose cards
    are counted (see :mod:`primero.plugins.checks`). The kit counts every time.

    Where the variant has a quick start (:func:`~primero.deal.start.quick_start`) and the
    hooks are not all being checked, the state it makes is returned instead: the deal at its
    first decision (or finished, to be settled), the same state the steps one by one give.
    """
    object.__setattr__(state, "_cards_sound", True)  # a fact of this immutable value
    if not hookchecks.strict_depth:  # the variant's quick start, when it has one
        started = quick_start(state)
        if started is not None:
            return started
    return state


def _advance(state: GameState) -> GameState:
    """Run automatic steps until someone must act, a card is due from outside, or the end.

    Cards the dealing hooks queued (``state.pending``) are dealt first: from the top of the
    stock (seeded and stacked deals) or, for a deal dealt from outside, by the caller at the
    chance node this stops at.

    ``state`` is one the caller has just made (nobody else holds it yet): the engine's own
    moves (the step, the cards dealt) and the hooks only the core answers are made on it in
    place (the core's own code, direct); a plug-in's hook gets the state and its answer is
    checked as always. Whoever answered, the whole state is checked at the end of each step.
    """
    if state.to_act is not None and not state.pending and not state.over:
        return state  # the usual case: the next player is to act
    context = state.context
    rules = context.rules
    external = context.external
    plan = context.plan
    core = rules.core_only if not hookchecks.strict_depth else frozenset()
    setter = object.__setattr__
    while True:
        if state.pending:
            if external:
                return _folded_hands_discarded(state)
            state = deliver(state, fresh=True)
        if state.over or state.to_act is not None:
            break
        trusted = state.settlement is None  # (a plug-in's settlement goes to the checks)
        if state.step_index >= 0:
            step = plan[state.step_index]
            if trusted and "primero_end_step" in core:
                state = core_end_step(state, step)
                rules.check_step_end(state)
            else:
                state = rules.end_step(state, step)
            if state.over:
                break
        index = state.step_index + 1
        if index >= len(plan):
            fill(state, over=True, ended_by=state.ended_by or "showdown", step_index=index)
            break
        step = plan[index]
        setter(state, "step_index", index)  # fill(state, step_index=index), inline
        if state._legal is not None or state._legal_ids is not None:
            fill(state)  # (a hook's answer may have cached its legal actions: reset)
        if step.kind == "deal":
            if trusted and "primero_deal_cards" in core:
                state = core_deal_cards(state, step.count)
            else:
                state = rules.deal_cards(state, step.count)
        elif trusted and "primero_start_step" in core:
            state = core_start_step(state, step)
        else:
            state = rules.start_step(state, step)
    if state.over:
        if state.settlement is None:
            state = _finish(state)
    elif state.to_act is not None and state._legal is None and rules.core_legal \
            and not hookchecks.strict_depth:
        legal = fast_legal_actions(state)  # the next decision's, as legal_actions gives them
        if legal:
            setter(state, "_legal", legal)
            space = context._space
            if space is not None:  # the deal's ids are read: the state's legal ids too, where kept
                hit = _ENCODINGS_GET(id(legal))
                if hit is not None and hit[0] is legal and hit[1] is space:
                    setter(state, "_by_id", hit[3])  # (before the ids it goes with)
                    setter(state, "_legal_ids", hit[2])
    return state


def _folded_hands_discarded(state: GameState) -> GameState:
    """A chance node about to reshuffle: the folded hands join the discards first.

    docs/rules/dealing.md: folded hands join the discards when the stock runs out, so the cards a
    reshuffle can give (``state.chance.cards``) are never still in a hand. A deal dealt from
    a seed or a stacked stock moves them at the same point, inside the delivery.
    """
    if state.stock:
        return state
    seats = state.seats
    folded = folded_cards(seats)
    if not folded:
        return state
    return replace(state, seats=tuple(replace(s, hand=()) if s.folded and s.hand else s
                                      for s in seats),
                   discards=(*state.discards, *folded))


def _finish(fresh: GameState) -> GameState:
    """Settle a finished deal (a state just made, settled in place): pay the players."""
    context = fresh.context
    settlement = context.rules.settle(fresh)
    seats = list(fresh.seats)
    expected = context.setup.carry  # fresh.pot (no settlement yet), inline
    for s in seats:
        expected += s.contributed
    gains: dict[int, int] = {}
    paid = 0  # settlement.paid_out, in the same pass
    for award in settlement.awards:
        gains[award.seat] = gains.get(award.seat, 0) + award.amount
        paid += award.amount
    for seat, chips in settlement.returns:
        gains[seat] = gains.get(seat, 0) + chips
        paid += chips
    if paid + settlement.carry != expected:
        raise PrimeroError(
            f"settlement of {fresh.variant.name} pays {settlement.paid_out} and carries "
            f"{settlement.carry}, but the pot holds {expected}: chips must be conserved"
        )
    for seat, chips in gains.items():
        s = seats[seat]
        seats[seat] = _paid_seat(s, s.stack + chips)
    setter = object.__setattr__  # fill(fresh, seats=..., settlement=..., to_act=None), inline
    setter(fresh, "seats", tuple(seats))
    setter(fresh, "settlement", settlement)
    setter(fresh, "to_act", None)
    if fresh._legal is not None or fresh._legal_ids is not None:
        fill(fresh)  # (resets the cached legal actions)
    return fresh


#: ``Seat`` with another stack (the caches reset, as :func:`replace` does).
_paid_seat = copier(Seat, "stack")


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the seat to act (``()``: nobody to act, or a chance node)."""
    if state.over or state.to_act is None or state.pending:
        return ()
    return state.context.rules.legal_actions(state)


def deal(state: GameState, card: Card | str) -> GameState:
    """Deal one card from outside at a chance node (see :attr:`GameState.chance`).

    Args:
        state: A state of a deal started with ``dealing="external"``, at a chance node.
        card: One of ``state.chance.cards``.

    Returns:
        The next state: the next chance node, the next decision, or the finished deal.

    Raises:
        IllegalActionError: not at a chance node, or the card cannot come now; the message
            names only that card (the cards that can come are ``state.chance.cards``).
        CardParseError: the text is not a card.
    """
    chance = state.chance
    if chance is None:
        raise IllegalActionError("no card is to be dealt here: this is not a chance node "
                                 "(state.chance is None)", legal=())
    chosen = parse_cards([card])[0] if isinstance(card, str) else card
    if not isinstance(chosen, Card) or chosen not in chance.cards:
        raise IllegalActionError(f"{chosen} cannot be dealt now: it is not among the cards "
                                 "that can come (state.chance.cards)", legal=())
    return _advance(deliver(state, chosen))


def apply(state: GameState, action: Action | str | int) -> GameState:
    """Apply the action of the seat to act; return the new state (``state`` is unchanged).

    Args:
        state: The current state.
        action: An action, its id in ``state.action_space`` (an ``int``; numpy's integers, as
            ``np.argmax`` over a mask gives, are taken too), or its deal-file
            text (``"vie 2"``, ``"exchange Qd"``), optionally after the acting player's name
            (``"Anna vie 2"``).

    What an error shows, and to whom (a server may pass it to whoever sent the move):

    * text naming another player than the one to act (``"Ben fold"`` on Anna's turn), text
      naming nobody at the table (``"Zed vie 2"``), and text that cannot be read without a
      name: the message names only the player to act and quotes the text; ``.legal`` is
      empty. Nothing of anyone's hand.
    * an id that is not legal: an id does not say who sent it (a server may relay one from
      any player, out of turn), so the message names the player to act and the id only, and
      ``.legal`` is empty; the player to act finds their own in ``state.legal_action_ids()``.
    * an action object, or text naming the player to act (``"Anna vie 9"``): the move is
      theirs, so the error is for them: the message says why and lists *their* legal
      actions, as does ``.legal``.
    * the deal is over, or a card must be dealt first: ``.legal`` is empty.

    Raises:
        IllegalActionError: the deal is over, a card must be dealt first, the text is not an
            action or is out of turn, the id is not legal, or the action is not legal (see
            above for what each carries). The state is unchanged.
    """
    seat = state.to_act
    if seat is not None and not state.pending and not state.over:  # the fast paths
        kind = type(action)
        legal = state._legal
        context = state.context
        # the most frequent moves: one of the legal bets, given, or the id of one where the
        # state's legal ids were read (the encoding kept on it)
        if kind in _BET_KINDS and type(legal) is tuple and len(legal) <= _LOOKUP_ABOVE:
            for bet in legal:
                if bet is action:
                    break
            else:
                bet = None
        elif kind is int and state._legal_ids is not None and state._by_id is not None:
            bet = state._by_id.get(action)  # type: ignore[arg-type]
            if type(bet) not in _BET_KINDS:
                bet = None  # (an exchange: the general way below)
        else:
            bet = None
        if bet is not None:
            if hookchecks.strict_depth:
                return _applied(state, seat, bet)
            if context.core_bets[state.step_index + 1]:  # _core_bet_applied, inline
                parent = state._history  # history_with(state, entry), inline
                history = _new_link(HistoryChain)
                history.parent = parent
                history.entry = (seat, bet)
                history.size = size = (parent.size if type(parent) is HistoryChain
                                       else len(parent)) + 1
                history.items = None
                if size > context.bound:  # (size - 1 taken)
                    _check_bet_bound(state, history)
                if context.lean_bets:  # (core_bet's two ways, direct)
                    new = lean_bet(state, seat, bet, history)
                else:
                    new = answering_bet(state, seat, bet, history)
                if state._log is not None:  # someone reads the log (views do)
                    object.__setattr__(new, "_log", (*state._log, (seat, public_text(bet))))
                if new.to_act is not None:
                    return new  # someone must act: nothing automatic to run
                return _advance(new)
            return _applied(state, seat, bet)
        chosen: Any = None
        if kind is int:  # an id: the legal action of that id, where the encoding is kept
            by_id = state._by_id
            if by_id is not None and state._legal_ids is not None:  # the state's own (read)
                chosen = by_id.get(action)  # type: ignore[arg-type]
            else:
                hit = _ENCODINGS_GET(id(legal)) if legal is not None else None
                if hit is not None and hit[0] is legal and hit[1] is context._space:
                    chosen = hit[3].get(action)  # type: ignore[arg-type]  # (the ids read)
            if chosen is None:
                chosen = legal_action_of(state, action)  # type: ignore[arg-type]
            if chosen is None:
                if action not in state.legal_action_ids():
                    return _apply_checked(state, action)
                chosen = state.action_space.decode(state, action)
        elif kind in _CORE_KINDS:
            if legal is None:
                legal = state.legal_actions()
            if isinstance(legal, tuple):  # (a plug-in's tuple class too)
                if len(legal) > _LOOKUP_ABOVE:  # by identity first (agents pick a legal object)
                    chosen = _by_identity(legal, action)
                else:
                    for candidate in legal:
                        if candidate is action:
                            chosen = candidate
                            break
            if chosen is None:
                if action not in legal:  # (an equal action: identity tested, as _among does)
                    return _apply_checked(state, action)
                chosen = action
        else:
            return _apply_checked(state, action)
        if context.core_bets[state.step_index + 1] and type(chosen) in _BET_KINDS \
                and not hookchecks.strict_depth:
            return _core_bet_applied(state, seat, chosen)  # the most frequent move, direct
        return _applied(state, seat, chosen)
    return _apply_checked(state, action)


_BETS = (Vie, Hold, Pass, Fold)
#: ``HistoryChain`` links are made without the class call (see :func:`history_with`).
_new_link: Any = object.__new__
#: The core's betting classes, and every core action class: membership by hash (a type's is
#: its identity), not by comparing with each in turn.
_BET_KINDS = frozenset(_BETS)
_CORE_KINDS = frozenset((Vie, Hold, Pass, Fold, Exchange))
_ENCODINGS_GET = ENCODINGS.get

#: Above this many legal actions :func:`apply` finds the chosen object through
#: :func:`_by_identity` (the answer's own look-up, or a dictionary made once per answer), not
#: by a scan.
_LOOKUP_ABOVE = 16
#: Legal answers (tuples, shared between states) with their actions by identity:
#: ``id(answer) -> (answer, {id(action): action})``, held (so an id is never reused).
_LOOKUPS: dict[int, tuple[tuple[Action, ...], dict[int, Action]]] = {}


#: Answer classes of primero's own with the ``identical`` method :func:`_by_identity` trusts
#: (``None``: a plug-in's class, or no such method), by class.
_OWN_LOOKUPS: dict[type, object] = {}
_UNSEEN = object()


def _by_identity(legal: tuple[Action, ...], action: object) -> Action | None:
    """The action of the answer ``legal`` that is ``action`` itself, else ``None``.

    An answer of one of primero's own tuple classes with an ``identical(action)`` method finds
    it itself (a calling game's answer knows where each call is); any other through a
    dictionary by identity, made once per answer object. A plug-in's answer class is not
    taken at its word: its ``identical`` could name an object the answer does not hold.
    """
    if type(legal) is not tuple:
        kind = type(legal)
        identical = _OWN_LOOKUPS.get(kind, _UNSEEN)
        if identical is _UNSEEN:
            identical = getattr(kind, "identical", None) \
                if kind.__module__.partition(".")[0] == "primero" else None
            _OWN_LOOKUPS[kind] = identical
        if identical is not None:
            return identical(legal, action)  # type: ignore[no-any-return,operator]
    known = _LOOKUPS.get(id(legal))
    if known is not None and known[0] is legal:
        return known[1].get(id(action))
    lookup = dict(zip(map(id, legal), legal, strict=True))
    if len(_LOOKUPS) >= 4096:
        _LOOKUPS.clear()
    _LOOKUPS[id(legal)] = (legal, lookup)
    return lookup.get(id(action))


def _core_bet_applied(state: GameState, seat: int, action: Action) -> GameState:
    """The state after ``seat``'s legal betting ``action``, where the core alone applies it.

    The core's own code (:func:`core_bet`'s two ways direct: :func:`lean_bet` where the
    betting rules take it, else :func:`answering_bet`), recorded, in one state copy; a bet
    deals no card and never ends the deal by itself, so only a finished round runs
    :func:`_advance`.
    """
    parent = state._history  # history_with(state, entry), inline: one link a decision
    history = _new_link(HistoryChain)
    history.parent = parent
    history.entry = (seat, action)
    history.size = size = (parent.size if type(parent) is HistoryChain else len(parent)) + 1
    history.items = None
    context = state.context
    if size > context.bound:  # (size - 1 taken)
        _check_bet_bound(state, history)
    if context.lean_bets:  # (core_bet's two ways, direct)
        new = lean_bet(state, seat, action, history)
    else:
        new = answering_bet(state, seat, action, history)
    if state._log is not None:  # someone reads the log (views do): extend it
        object.__setattr__(new, "_log", (*state._log, (seat, public_text(action))))
    if new.to_act is not None:
        return new  # someone must act: nothing automatic to run (_advance's test)
    return _advance(new)


def _check_bet_bound(state: GameState, history: HistoryChain) -> None:
    """Refuse a core bet past the deal's action bound, the bound worked out once per stretch.

    ``past_action_bound(state)``, amortised: in one step where the core's betting alone
    applies the actions (the engine's fast path for bets), a bet only puts chips in or
    folds, so the deal's progress, and with it its bound
    (:func:`~primero.plugins.checks.deal_action_bound`), never falls. A bound worked out
    earlier on this path in this step (``bound_at`` of the history before, passed on to
    ``history``) therefore holds until the history reaches it; only then is it worked out
    again (a replay of a long raising war works it out once per stretch, not per action).

    Raises:
        EndlessDealError: the deal already took its bound of actions.
    """
    parent = state._history
    known = getattr(parent, "bound_at", None)
    taken = history.size - 1
    step = state.step_index
    if known is None or known[0] != step or taken >= known[1]:
        bound = deal_action_bound(state)
        if taken >= bound:  # (taken >= context.bound, the floor: the caller's test)
            raise state.context.rules.endless_deal_error(state)
        known = (step, bound)
    history.bound_at = known


def _applied(state: GameState, seat: int, action: Action) -> GameState:
    """The state after ``seat``'s legal ``action``, recorded, run to the next decision.

    Where the core alone answers ``primero_apply_action`` (``rules.core_only``) a betting
    action is the core's own code, direct, in one state copy (:func:`core_bet`), and so is an
    exchange where the core alone also serves it (:func:`core_exchange`); any other answer
    goes through the checked façade (:meth:`~primero.plugins.deal.DealRules.apply_action`).
    """
    context = state.context
    rules = context.rules
    if rules.core_apply and not hookchecks.strict_depth:
        kind = type(action)
        exchanging = context.steps[state.step_index + 1].kind == "exchange"  # type: ignore[union-attr]
        if kind in _BETS and not exchanging:
            return _core_bet_applied(state, seat, action)
        if kind is Exchange and exchanging and rules.core_exchange:
            history = history_with(state, (seat, action))
            if history.size > context.bound and past_action_bound(state):
                raise rules.endless_deal_error(state)
            new = core_exchange(state, seat, action.discards,  # type: ignore[union-attr]
                                history)
            log = state._log
            if log is not None:  # someone reads the log (views do): extend it by this action
                object.__setattr__(new, "_log", (*log, (seat, public_text(action))))
            if new.to_act is not None and not new.pending and not new.over:
                return new  # someone must act: nothing automatic to run (_advance's test)
            return _advance(new)
    elif rules.composed_apply and not hookchecks.strict_depth and type(action) in _BETS \
            and context.steps[state.step_index + 1].kind == "bet":  # type: ignore[union-attr]
        return _composed_bet_applied(state, seat, action)
    new = rules.apply_action(state, action)
    return _advance(_recorded(state, new, seat, action))


def _composed_bet_applied(state: GameState, seat: int, action: Action) -> GameState:
    """The state after ``seat``'s legal betting ``action``, the wrappers setting a variant state.

    What ``rules.apply_action`` answers where every wrapper of ``primero_apply_action`` is
    an answer wrapper setting only the variant's state (``rules.composed_apply``): the
    core's own code (:func:`core_bet`, the history unchanged, as the wrappers receive it),
    the wrappers' plain functions on it, their variant state set on that very state (it is
    the engine's own, held by nobody else:
    :meth:`~primero.plugins.deal.DealRules.compose_fresh_bet`), then the action recorded on it
    (as :func:`_recorded`) and the deal run on (:func:`_advance`): one state copy, none of
    the hook call's machinery between. Where the next legal actions are an answer the rules
    checked before for the same facts (:meth:`~primero.plugins.deal.DealRules.known_legal`,
    given the core's answer :func:`lean_bet` worked out on the way), they come cached on the
    new state.

    Raises:
        EndlessDealError: the deal already took its bound of actions.
        PluginError: a wrapper failed (see ``compose_bet``).
    """
    context = state.context
    rules = context.rules
    parent = state._history
    size = (parent.size if type(parent) is HistoryChain else len(parent)) + 1
    if size > context.bound and past_action_bound(state):  # (apply_action's test)
        raise rules.endless_deal_error(state)
    setter = object.__setattr__
    if context.lean_bets and not rules.core_legal:  # the core's next legal actions, made here
        answer = lean_bet(state, seat, action, parent, True)
        core = answer._legal  # (taken off before anyone reads the answer)
        setter(answer, "_legal", None)
    else:
        answer, core = core_bet(state, seat, action, parent), None
    new = rules.compose_fresh_bet(state, action, answer)
    history = _new_link(HistoryChain)  # history_with(state, entry), inline
    history.parent = parent
    history.entry = (seat, action)
    history.size = size
    history.items = None
    setter(new, "_history", history)
    log = state._log
    if log is not None:  # someone reads the log (views do): extend it by this action
        setter(new, "_log", (*log, (seat, public_text(action))))
    if new.to_act is not None:  # someone must act: nothing automatic to run (_advance's test)
        if new._legal is None:
            legal = rules.known_legal(new, core)
            if legal is not None:
                setter(new, "_legal", legal)
        return new
    return _advance(new)


def _apply_checked(state: GameState, action: Action | str | int) -> GameState:
    """:func:`apply` with every check and the error it raises (see there)."""
    if state.pending:
        raise IllegalActionError("a card must be dealt first (state.chance): no action can be "
                                 "applied at a chance node", legal=())
    if state.over or state.to_act is None:
        raise IllegalActionError("the deal is over: no action can be applied", legal=())
    if isinstance(action, bool):
        raise IllegalActionError(f"{action!r} is not an action", legal=())
    if not isinstance(action, int | str) and not attrs.has(type(action)):
        action = _as_id(action)  # numpy's integers (np.argmax over a mask): ids too
    seat = state.to_act
    name = state.seats[seat].name
    if isinstance(action, int):  # an id (a bool was refused above)
        ids = state.legal_action_ids()
        if action not in ids:
            space = state.action_space
            where = "not legal here" if 0 <= action < space.size else \
                f"not an id of this deal's action space (0..{space.size - 1})"
            # an id does not say who sent it: the error never lists the mover's actions
            raise IllegalActionError(f"{name}: action id {action} is {where} (the legal "
                                     "ids: state.legal_action_ids())",
                                     reason=f"action id {action} is {where}", legal=())
        return _applied(state, seat, state.action_space.decode(state, action))
    if isinstance(action, str):
        action = _read(state, action, name)
    elif not isinstance(action, _CORE_ACTIONS) and not _is_action(action):
        raise IllegalActionError(f"{action!r} is not an action", legal=())
    legal = state.legal_actions()
    if not _among(action, legal):
        reason = state.context.rules.illegal_reason(state, action)
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        raise IllegalActionError(
            f"{name} cannot {action}: {reason}. Legal: {shown}", reason=reason, legal=legal
        )
    return _applied(state, seat, action)


_CORE_ACTIONS = (Vie, Hold, Pass, Fold, Exchange)


def _among(action: Action, legal: tuple[Action, ...]) -> bool:
    """``action in legal``, by identity first (agents pick one of the legal objects)."""
    if not isinstance(legal, tuple):
        return action in legal  # a lazy sequence tests membership without building actions
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


def _recorded(state: GameState, new: GameState, seat: int, action: Action) -> GameState:
    """``new`` (the rules' answer to ``action``) with the action appended to the history.

    The rules hooks return a state they have just made, which nobody else holds yet: the
    history is set on it in place (one state copy per action), unless a hook handed back
    ``state`` itself.
    """
    history = history_with(state, (seat, action))
    if new is state:
        return replace(new, history=history)
    setter = object.__setattr__
    setter(new, "_history", history)
    if new._legal is not None or new._legal_ids is not None:
        setter(new, "_legal", None)
        setter(new, "_legal_ids", None)
    log = state._log
    if log is not None:  # someone reads the log (views do): extend it by this action
        setter(new, "_log", (*log, (seat, public_text(action))))
    elif new._log is not None:
        setter(new, "_log", None)
    return new


def view(state: GameState, seat: int) -> PlayerView:
    """What the player at ``seat`` may see: their own cards and everything public.

    Other players' cards are hidden until shown at the showdown; the stock order and the
    discards are hidden; another player's exchange shows only how many cards it changed.

    Raises:
        UnknownSeatError: ``seat`` is not a seat number of this deal (an integer 0..n-1,
            numpy's too; a bool, a float or a name is not one). Also an ``IndexError``.
    """
    n = state.context.n
    if type(seat) is not int:
        seat = _seat_number(seat, n)
    if not 0 <= seat < n:
        raise _unknown_seat(seat, n)
    return state_view(state, seat)


def _seat_number(seat: object, n: int) -> int:
    """``seat`` as a plain int: an integer such as numpy's (not a bool), or the error."""
    if not isinstance(seat, bool):
        try:
            return operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise _unknown_seat(seat, n)


def _unknown_seat(seat: object, n: int) -> UnknownSeatError:
    """The error for a ``seat`` that is not one of ``n`` seat numbers (it names the value)."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return UnknownSeatError(f"seat {int(seat)} is not one of the {n} seats (0..{n - 1})")
    return UnknownSeatError(f"{named(seat)} is not a seat number: give an int 0..{n - 1} "
                            "(state.seat_of(name) gives a player's)")


def deal_context(variant: Variant, setup: DealSetup) -> DealContext:
    """The context of a deal of ``variant`` set up by ``setup`` (how a pickled one returns)."""
    return DealContext(variant, setup, _THIS_ENGINE)


#: This module as the :class:`~primero.deal.state.Engine` of the deals it starts (their contexts
#: hold it, so a state's methods reach the engine without importing it).
_THIS_ENGINE: Engine = sys.modules[__name__]
