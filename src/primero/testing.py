"""The conformance kit: hypothesis strategies and a state machine for any registered variant.

A variant author proves a plug-in plays by the library's contract with the same machine the
core game is tested with (DESIGN.md "Testing")::

    # tests/test_myvariant.py
    from primero.testing import variant_state_machine

    TestMyVariantDeals = variant_state_machine("myvariant").TestCase

or, with explicit hypothesis settings::

    from hypothesis import settings
    from primero.testing import run_deal_machine

    def test_myvariant_deals() -> None:
        run_deal_machine("myvariant", settings=settings(max_examples=50))

The machine (:class:`DealMachine`) sets up a deal from :func:`deal_setups` (2 to the variant's
most players, uneven and short stacks, stake and rest, a carry-over, a seed or a stacked stock)
and then mixes these steps, checking :func:`check_deal_invariants` after every one:

* **act** — apply a random legal action. The old state must be unchanged afterwards
  (:func:`snapshot` before and after) and the new state a different object.
* **illegal** — apply an action that is *not* legal, picked from :func:`action_pool` (every
  action shape: vies and raises of every size, pass, fold, hold, exchanges of foreign or
  duplicate cards, Suzuki passes, calls), or unreadable text. It must raise
  :class:`~primero.errors.IllegalActionError` with a ``.reason``, carrying ``.legal`` (the
  mover's legal actions) for an action object and nothing for unreadable text, and leave the
  state unchanged.
* **out of turn** — text naming another player than the one to act, a name nobody at the
  table has, or unreadable text: :class:`~primero.errors.IllegalActionError` with no legal
  actions and no card hidden from the sender (:func:`check_out_of_turn`).
* **views** — a player's view never contains another player's hidden cards, the stock or the
  discards (:func:`check_view_hides`), and two states that differ only in cards the viewer
  cannot see give equal views (:func:`hidden_twins`: another player's card swapped with the
  stock, cards swapped between two other players, the stock and discards reordered).
* **play out** — finish the deal with random legal actions; it must end within
  :func:`action_bound` actions. A finished deal of an installed variant must survive a round
  trip through its deal file (:mod:`primero.history`) to an equal state.
* **chance and ids** — at every step the legal ids are the sorted encodings of the legal
  actions, each below the space's size, and ``decode(encode(a)) == a``
  (:func:`~primero.testing_chance.check_action_ids`); a finished deal is played again with its
  cards dealt from outside and its actions applied by id, and must offer the same legal ids at
  every decision and end the same (:func:`~primero.testing_chance.external_replay`); a chance
  node never offers a card in a hand (:func:`~primero.testing_chance.check_chance`); a view
  shows its own received cards only.
* **next deal** — once a deal is over, the table goes on as a :class:`~primero.session.Session`
  (carry-over, busted players leave, the deal passes on); chips are conserved across deals.

Invariants (:func:`check_deal_invariants`, usable on its own): every card of the pack exactly
once among hands, stock and discards; each seat's stack plus what it put in equals its starting
chips until the settlement; ``state.total_chips`` constant, and after the deal
``sum(stacks) + settlement.carry`` equals the starting chips plus the carry-in; a settlement
pays out exactly the pot; a deal that is not over has someone to act with legal actions.

Importing this module needs ``hypothesis`` (installed with ``primero[test]``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

import attrs
from attrs import frozen
from hypothesis import Phase
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import FRENCH52, Card, Pack, Rank
from primero.errors import IllegalActionError
from primero.hands import Ranking
from primero.hookchecks import checking_everything
from primero.plugins import get_variant
from primero.state import GameState, PlayerView
from primero.testing_chance import check_action_ids, check_chance, external_replay
from primero.variant import Variant

__all__ = [
    "NAMES",
    "DealConfig",
    "DealInvariantError",
    "DealMachine",
    "Revealed",
    "action_bound",
    "action_pool",
    "cards",
    "check_action_ids",
    "check_chance",
    "check_deal_invariants",
    "check_out_of_turn",
    "check_view_hides",
    "deal_setups",
    "external_replay",
    "hands",
    "hidden_twins",
    "play_random_deal",
    "public_cards",
    "resolve_variant",
    "run_deal_machine",
    "seeds",
    "snapshot",
    "variant_state_machine",
]

#: Player names the strategies seat (one word each, distinct); more are made up if needed.
NAMES: tuple[str, ...] = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz", "Greta", "Hugo",
                          "Ida", "Jonas")


class DealInvariantError(AssertionError):
    """A state breaks one of the engine's invariants; the message says which and where."""


def resolve_variant(variant: str | Variant, **options: Any) -> Variant:
    """A configured variant: ``variant`` itself, or the installed variant of that name.

    Args:
        variant: A registered name (or alias) or a configured :class:`Variant` (e.g. one with
            house rules).
        **options: Variant options, applied to either.

    Raises:
        UnknownVariantError: no variant of that name is installed.
        InvalidOptionError: an unknown option or a bad value.
    """
    if isinstance(variant, Variant):
        return variant.with_options(**options) if options else variant
    return get_variant(variant, **options)


# --------------------------------------------------------------------------------------------
# Strategies


def cards(pack: Pack | Variant | None = None) -> st.SearchStrategy[Card]:
    """Single cards of ``pack`` (a :class:`Pack`, or a variant's pack; default ``italian40``)."""
    return st.sampled_from(_pack_of(pack).cards)


def hands(pack: Pack | Variant | None = None, size: int = 4) -> st.SearchStrategy[
        tuple[Card, ...]]:
    """Hands of ``size`` distinct cards of ``pack``, in the order drawn."""
    return st.lists(cards(pack), min_size=size, max_size=size, unique=True).map(tuple)


def seeds() -> st.SearchStrategy[int]:
    """Seeds for shuffles (64-bit, as :func:`primero.engine.new_seed` draws them)."""
    return st.integers(min_value=0, max_value=2**64 - 1)


def _pack_of(pack: Pack | Variant | None) -> Pack:
    if pack is None:
        return get_variant("waks").pack
    return pack.pack if isinstance(pack, Variant) else pack


def _names(count: int) -> tuple[str, ...]:
    return tuple(NAMES[:count]) + tuple(f"P{k}" for k in range(len(NAMES), count))


@frozen(kw_only=True)
class DealConfig:
    """Everything :func:`primero.engine.start_deal` needs for one deal.

    :func:`deal_setups` draws these.

    Attributes:
        variant: The configured variant.
        players: Names in playing order.
        chips: Starting chips in playing order.
        dealer: The dealer's seat.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante (only where the variant's plan has an ante step).
        carry: Chips carried over into the deal.
        seed: Seeds the shuffle and any reshuffle.
        stock: A stacked stock (the whole pack from the top), or ``None`` to shuffle.
    """

    variant: Variant = attrs.field(repr=lambda v: repr(str(v)))
    players: tuple[str, ...]
    chips: tuple[int, ...]
    dealer: int
    stake: int = 1
    rest: int = 3
    ante: int = 0
    carry: int = 0
    seed: int = 0
    stock: tuple[Card, ...] | None = attrs.field(
        default=None, repr=lambda s: "None" if s is None else repr(" ".join(c.ascii for c in s))
    )

    @property
    def start_total(self) -> int:
        """Chips at the table plus the carry-in: what every state of the deal must hold."""
        return sum(self.chips) + self.carry

    def start(self) -> GameState:
        """Deal it: the state at the first decision (see :func:`primero.engine.start_deal`)."""
        from primero.engine import start_deal

        return start_deal(
            self.variant, self.players, self.chips, dealer=self.dealer, stake=self.stake,
            rest=self.rest, ante=self.ante, carry=self.carry, stock=self.stock, seed=self.seed,
        )


def _ante_required(variant: Variant) -> bool:
    from primero.session import ante_required

    return ante_required(variant)


@st.composite
def _deal_setups(
    draw: st.DrawFn,
    variant: Variant,
    min_players: int,
    max_players: int,
    max_chips: int,
    max_carry: int,
    stacked: bool,
) -> DealConfig:
    n = draw(st.integers(min_value=min_players, max_value=max_players))
    chips = tuple(draw(st.lists(st.integers(min_value=1, max_value=max_chips),
                                min_size=n, max_size=n)))
    stake = draw(st.integers(min_value=1, max_value=3))
    rest = draw(st.integers(min_value=stake, max_value=stake + 4))
    uses_ante = any(step.kind == "ante" for step in variant.rules.deal_plan())
    ante = draw(st.integers(min_value=0, max_value=3)) if uses_ante else 0
    if ante and _ante_required(variant):  # primiera: a player short of the ante cannot play
        chips = tuple(max(c, ante) for c in chips)
    carry = draw(st.integers(min_value=0, max_value=max_carry))
    stock: tuple[Card, ...] | None = None
    if stacked and draw(st.booleans()):
        stock = tuple(draw(st.permutations(variant.pack.cards)))
    return DealConfig(variant=variant, players=_names(n), chips=chips,
                      dealer=draw(st.integers(min_value=0, max_value=n - 1)), stake=stake,
                      rest=rest, ante=ante, carry=carry, seed=draw(seeds()), stock=stock)


def deal_setups(
    variant: str | Variant = "waks",
    *,
    min_players: int | None = None,
    max_players: int | None = None,
    max_chips: int = 60,
    max_carry: int = 12,
    stacked: bool = True,
) -> st.SearchStrategy[DealConfig]:
    """Deal set-ups for a variant: the kind of table a deal must survive.

    Args:
        variant: A registered name or a configured variant.
        min_players: Fewest players (default and floor: the variant's minimum).
        max_players: Most players (default and ceiling: the variant's maximum).
        max_chips: Each player starts with 1..``max_chips`` chips, drawn independently (uneven
            stacks; small values are short stacks that go all-in).
        max_carry: A carry-over of 0..``max_carry`` chips.
        stacked: Also draw stacked stocks (permutations of the pack), not only seeds.

    Returns:
        A strategy of :class:`DealConfig`; ``config.start()`` deals.
    """
    v = resolve_variant(variant)
    low, high = v.spec.players
    lo = low if min_players is None else max(low, min_players)
    hi = high if max_players is None else min(high, max_players)
    if lo > hi:
        raise ValueError(f"{v.name} is played by {low} to {high} players: no table of "
                         f"{min_players}..{max_players}")
    return _deal_setups(v, lo, hi, max_chips, max_carry, stacked)


# --------------------------------------------------------------------------------------------
# Invariants


def _fail(state: GameState, message: str) -> DealInvariantError:
    step = state.step or ("over" if state.over else "start")
    return DealInvariantError(f"{state.variant}, {step}, after {len(state.history)} actions: "
                              f"{message}\n{state.describe()}")


def _card_list(cs: Iterable[Card]) -> str:
    return " ".join(c.ascii for c in cs)


def check_deal_invariants(state: GameState) -> None:
    """Check what every state of every variant must satisfy.

    * Every card of the variant's pack is exactly once among the hands, the stock and the
      discards (RULES.md §4, DESIGN.md); every reshuffle holds distinct cards of the pack.
    * Chips are conserved (RULES.md §3): until the settlement each seat's stack plus what it
      put in is its starting chips, and the carry-in is the setup's; ``state.total_chips``
      is the starting chips plus the carry-in, always; once settled, the awards, the returns
      and the carry add up to the pot, and ``sum(stacks) + settlement.carry`` is the start
      total. Stacks and contributions are never negative.
    * Turns: a deal that is not over has a seat to act, still in, with distinct legal actions;
      a finished deal has a settlement, nobody to act and no legal actions; awards go to
      players still in.

    Args:
        state: Any state from :func:`primero.engine.start_deal` or ``apply``.

    Raises:
        DealInvariantError: (an ``AssertionError``) naming the broken invariant, the step and
            the number of actions, with the state described.
    """
    # cards ---------------------------------------------------------------------------------
    pack = state.variant.pack
    seen = Counter(c for s in state.seats for c in s.hand)
    seen.update(state.stock)
    seen.update(state.discards)
    twice = sorted((c for c, k in seen.items() if k > 1), key=lambda c: c.index)
    if twice:
        raise _fail(state, f"cards held twice: {_card_list(twice)}")
    foreign = sorted((c for c in seen if c not in pack), key=lambda c: c.index)
    if foreign:
        raise _fail(state, f"cards outside the {pack.name} pack: {_card_list(foreign)}")
    missing = [c for c in pack if c not in seen]
    if missing:
        raise _fail(state, f"cards lost (not in a hand, the stock or the discards): "
                           f"{_card_list(missing)}")
    for k, order in enumerate(state.reshuffles, start=1):
        if len(set(order)) != len(order) or any(c not in pack for c in order):
            raise _fail(state, f"reshuffle {k} is not a set of distinct cards of the pack")

    # chips ---------------------------------------------------------------------------------
    setup = state.setup
    start_total = sum(setup.chips) + setup.carry
    if state.carry_in != setup.carry:
        raise _fail(state, f"carry-in {state.carry_in} is not the setup's {setup.carry}")
    if state.players != setup.players:
        raise _fail(state, f"players {state.players} are not the setup's {setup.players}")
    for seat in state.seats:
        if seat.stack < 0 or seat.contributed < 0:
            raise _fail(state, f"{seat.name} has {seat.stack} chips and put in "
                               f"{seat.contributed}: never negative")
    if state.total_chips != start_total:
        raise _fail(state, f"total chips {state.total_chips} (stacks {state.stacks} + pot "
                           f"{state.pot}), but the deal started with {start_total}")
    settlement = state.settlement
    if settlement is None:
        for seat, chips in zip(state.seats, setup.chips, strict=True):
            if seat.stack + seat.contributed != chips:
                raise _fail(state, f"{seat.name}: stack {seat.stack} + put in "
                                   f"{seat.contributed} != starting chips {chips}")
    else:
        pot = state.carry_in + sum(s.contributed for s in state.seats)
        if settlement.paid_out + settlement.carry != pot:
            raise _fail(state, f"the settlement pays {settlement.paid_out} and carries "
                               f"{settlement.carry}, the pot was {pot}")
        if sum(state.stacks) + settlement.carry != start_total:
            raise _fail(state, f"after the deal, stacks {sum(state.stacks)} + carry "
                               f"{settlement.carry} != {start_total}")
        if settlement.carry < 0:
            raise _fail(state, f"negative carry {settlement.carry}")
        for i, (seat, chips) in enumerate(zip(state.seats, setup.chips, strict=True)):
            back = settlement.won_by(i) + settlement.returned_to(i)
            if seat.stack != chips - seat.contributed + back:
                raise _fail(state, f"{seat.name}: final stack {seat.stack} != {chips} - "
                                   f"{seat.contributed} put in + {back} won or returned")
        for award in settlement.awards:
            if award.amount <= 0 or state.seats[award.seat].folded:
                raise _fail(state, f"bad award {award}: positive, to a player still in")
        for seat_index, chips in settlement.returns:
            if chips <= 0:
                raise _fail(state, f"bad return of {chips} to seat {seat_index}")

    # turns ---------------------------------------------------------------------------------
    legal = state.legal_actions()
    if state.chance is not None:
        check_chance(state)
        return
    if state.pending:
        raise _fail(state, "cards are pending outside a chance node (not dealt from outside)")
    if state.over:
        if settlement is None or state.to_act is not None or legal:
            raise _fail(state, "a finished deal has a settlement, nobody to act and no legal "
                               "actions")
    else:
        if settlement is not None:
            raise _fail(state, "a deal that is not over has no settlement")
        if state.to_act is None or not 0 <= state.to_act < state.n:
            raise _fail(state, f"the deal is not over but nobody is to act ({state.to_act})")
        if state.seats[state.to_act].folded:
            raise _fail(state, f"{state.seats[state.to_act].name} is to act but has folded")
        if not legal:
            raise _fail(state, "the player to act has no legal action")
        if len(set(legal)) != len(legal):
            raise _fail(state, "the legal actions repeat an action")


def action_bound(state: GameState) -> int:
    """An upper bound on the actions of a deal, fixed when it starts.

    Between two actions that move chips or fold, each player can pass at most twice (once in
    answer, once when level); every chip move takes at least one chip from a stack, and each
    player folds at most once; exchanges and declarations are one action per player and step.
    So each step of the plan takes at most ``(2n + 1) * (chips + n + 1)`` actions.
    """
    n = state.n
    return max(1, len(state.plan)) * (2 * n + 1) * (state.total_chips + n + 1)


# --------------------------------------------------------------------------------------------
# Snapshots and action pools


_ATOMS: frozenset[type] = frozenset((int, str, bool, float, type(None), Card))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(
            f.name for f in attrs.fields(cls) if f.name != "_legal"
        )
    return names


def snapshot(value: object) -> object:
    """A deep, comparable picture of a state (or any attrs value) for "unchanged" checks.

    attrs instances become their class and field values, recursively; tuples, lists and dicts
    are walked; variants and rankings (shared, cached) are taken by identity; caches (fields
    named ``_legal``) are skipped. Two snapshots are equal only if nothing reachable changed,
    even through ``object.__setattr__`` on a frozen value.
    """
    cls = type(value)
    if cls in _ATOMS:
        return value  # immutable; cards are interned, so equality is identity
    if cls is tuple:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        if all(type(v) in _ATOMS for v in items):
            return items  # a tuple of immutable atoms cannot change
        return ("tuple", tuple(snapshot(v) for v in items))
    if isinstance(value, Variant | Ranking):
        return ("<shared>", cls.__name__, id(value))
    if attrs.has(cls):
        return (cls.__name__, tuple((name, snapshot(getattr(value, name)))
                                    for name in _field_names(cls)))
    if isinstance(value, list):
        return ("list", tuple(snapshot(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in value.items()))
    return value


def _outside_card(state: GameState) -> Card | None:
    pack = state.variant.pack
    return next((c for c in FRENCH52 if c not in pack), None)


def action_pool(state: GameState) -> tuple[Action, ...]:
    """Every shape of action worth trying at ``state``, legal or not.

    Vies and raises of every size from -1 to past the rest and the stack, hold, pass, fold,
    exchanges of the hand's cards, of a card held elsewhere, of a card outside the pack and of
    a duplicate; Suzuki-style passes with an exchange; vies and raises that name a call.
    """
    table = state.table
    seat = state.seats[state.to_act] if state.to_act is not None else state.seats[0]
    amounts = sorted({-1, 0, *range(1, table.rest + 3), seat.stack, seat.stack + 1})
    pool: list[Action] = [Pass(), Fold(), Hold()]
    pool += [Vie(a) for a in amounts]
    pool += [Hold(a) for a in amounts if a]
    hand = seat.hand
    elsewhere = next(iter(state.stock), None) or next(
        (c for s in state.seats for c in s.hand if c not in hand), None)
    foreign = _outside_card(state)
    extra = [c for c in (elsewhere, foreign) if c is not None]
    pool += [Exchange(()), Exchange(hand), Exchange(hand[:1]), Exchange(hand[1:3])]
    pool += [Exchange((c,)) for c in extra] + [Exchange((*hand[:1], c)) for c in extra]
    if hand:
        pool.append(Exchange((hand[0], hand[0])))
        pool += [Pass(hand[:1]), Pass(hand[:2]), Pass(hand[:3]), Pass(hand)]
    pool += [Pass((c,)) for c in extra]
    pool += [Vie(table.stake, Call("Primero", 60)), Vie(table.stake, Call("Supremus")),
             Hold(table.stake, Call("Numerus", 20)), Hold(0, Call("Chorus", 84))]
    return tuple(dict.fromkeys(pool))


def _card_tokens() -> dict[str, Card]:
    tokens: dict[str, Card] = {}
    for card in FRENCH52:
        for text in (card.ascii, str(card)):
            tokens[text.lower()] = card
        if card.rank is Rank.TEN:  # also written T
            tokens[f"t{card.suit.letter}"] = card
    return tokens


_CARD_TOKENS = _card_tokens()


def _find_cards(value: object) -> Iterator[Card]:
    """Every card reachable in ``value``, including card notation inside text."""
    cls = type(value)
    if cls is Card:
        yield value  # type: ignore[misc]
    elif cls is str:
        text: str = value  # type: ignore[assignment]
        for token in text.replace(",", " ").split():
            card = _CARD_TOKENS.get(token.lower())
            if card is not None:
                yield card
    elif cls in _ATOMS or isinstance(value, Variant | Ranking):
        return
    elif attrs.has(cls):
        for name in _field_names(cls):
            yield from _find_cards(getattr(value, name))
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            yield from _find_cards(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _find_cards(k)
            yield from _find_cards(v)


#: Cards a variant makes public during a deal beyond the showdown (e.g. declared hands).
Revealed = Callable[[GameState], Iterable[Card]]


def public_cards(state: GameState, revealed: Revealed | None = None) -> set[Card]:
    """Cards everyone may see: hands shown at the showdown, plus ``revealed(state)``."""
    public: set[Card] = set()
    if state.settlement is not None and state.settlement.showdown:
        public = {c for s, _ in state.settlement.values for c in state.seats[s].hand}
    if revealed is not None:
        public.update(revealed(state))
    return public


def check_view_hides(state: GameState, viewer: int, revealed: Revealed | None = None) \
        -> PlayerView:
    """Check that ``viewer``'s view shows no card the viewer may not see.

    Hidden from the viewer: other players' hands (until shown at the showdown), the stock and
    the discards, except the cards the viewer holds or has thrown. The view's own hand, its
    own discards and its own legal actions are the viewer's knowledge and are not searched;
    the public seats' shown cards, the public extras and the action log (card notation in
    its text too) are. The other fields of a view are counts and flags: :func:`hidden_twins`
    covers them.

    Args:
        state: Any state.
        viewer: The seat whose view is checked.
        revealed: Cards the variant makes public besides the showdown (see
            :func:`public_cards`), e.g. hands declared in the Primiera.

    Returns:
        The view, for further checks.

    Raises:
        DealInvariantError: a hidden card appears in the view.
    """
    view = state.view(viewer)
    own = state.seats[viewer]
    if view.hand != own.hand:
        raise _fail(state, f"seat {viewer}'s view shows {_card_list(view.hand)} as its hand, "
                           f"it holds {_card_list(own.hand)}")
    if view.received != own.received:
        raise _fail(state, f"seat {viewer}'s view shows other received cards than its own")
    hidden = {c for i, s in enumerate(state.seats) if i != viewer for c in s.hand}
    hidden |= set(state.stock) | set(state.discards)
    hidden -= public_cards(state, revealed) | set(own.hand) | set(own.discarded)
    searched: list[object] = [[seat.shown for seat in view.seats], view.extras,
                              [text for _, text in view.history]]
    leaked = sorted({c for c in _find_cards(searched) if c in hidden}, key=lambda c: c.index)
    if leaked:
        raise _fail(state, f"seat {viewer}'s view shows hidden cards {_card_list(leaked)}")
    return view


def check_out_of_turn(state: GameState, seed: int = 0) -> None:
    """Probe ``state`` with moves from the wrong sender; no error may leak a hidden card.

    Texts tried: each other player's name before the mover's own legal actions' text and
    pool actions, a name nobody at the table has, and unreadable text. Each must raise
    :class:`~primero.errors.IllegalActionError` with an empty ``.legal``, leave the state
    unchanged, and show (in message, reason or ``.legal``) no card the sender may not see:
    cards in the mover's and the other players' hands, the stock and the discards, except
    the sender's own hand, their own discards, public cards and cards the text itself names.

    Raises:
        DealInvariantError: a move was accepted, carried legal actions, changed the state,
            or leaked a card.
    """
    if state.over or state.to_act is None or state.chance is not None:
        return
    rng = random.Random(seed)
    mover = state.to_act
    texts: list[tuple[int | None, str]] = []
    pool = [str(a) for a in (*state.legal_actions()[:8], *action_pool(state)[:12])]
    for other in range(state.n):
        if other != mover:
            texts += [(other, f"{state.seats[other].name} {t}") for t in rng.sample(
                pool, min(4, len(pool)))]
    texts += [(None, f"Zed {rng.choice(pool)}"), (None, "vie two"), (None, "exchange Zz"),
              (None, "")]
    public = public_cards(state)
    before = snapshot(state)
    for sender, text in texts:
        try:
            state.apply(text)
        except IllegalActionError as exc:
            own: set[Card] = set()
            if sender is not None:
                own = set(state.seats[sender].hand) | set(state.seats[sender].discarded)
            hidden = {c for s in state.seats for c in s.hand} | set(state.stock) | \
                set(state.discards)
            hidden -= own | public | set(_find_cards(text))
            leaked = sorted({c for c in _find_cards([str(exc), exc.reason, exc.legal])
                             if c in hidden}, key=lambda c: c.index)
            if leaked:
                raise _fail(state, f"{text!r} from the wrong sender: the error shows "
                                   f"{_card_list(leaked)}") from exc
            if tuple(exc.legal):
                raise _fail(state, f"{text!r} from the wrong sender: the error carries legal "
                                   "actions") from exc
        else:
            raise _fail(state, f"{text!r} was accepted from the wrong sender")
        if snapshot(state) != before:
            raise _fail(state, f"the rejected {text!r} changed the state")


def _swap(state: GameState, seat: int, index: int, other: Card) -> tuple[Card, ...]:
    hand = list(state.seats[seat].hand)
    hand[index] = other
    return tuple(hand)


def hidden_twins(state: GameState, viewer: int, rng: random.Random,
                 revealed: Revealed | None = None) -> list[GameState]:
    """States that differ from ``state`` only in cards ``viewer`` cannot see.

    * a card of another player (not public) swapped with a card of the stock;
    * a card swapped between two other players' hands;
    * the stock in another order, the discards in another order.

    Every twin holds the same cards, so it is a valid state; the viewer's view of each must
    equal their view of ``state``. Cards in :func:`public_cards` are never moved.
    """
    public = public_cards(state, revealed)

    def secret(seat: int) -> list[int]:
        return [k for k, c in enumerate(state.seats[seat].hand) if c not in public]

    others = [i for i in range(state.n) if i != viewer and secret(i)]
    twins: list[GameState] = []
    if others and state.stock:
        j = rng.choice(others)
        a = rng.choice(secret(j))
        b = rng.randrange(len(state.stock))
        card, stock_card = state.seats[j].hand[a], state.stock[b]
        stock = list(state.stock)
        stock[b] = card
        twins.append(attrs.evolve(state, seats=state.replace_seat(
            j, hand=_swap(state, j, a, stock_card)), stock=tuple(stock)))
    if len(others) >= 2:
        j, k = rng.sample(others, 2)
        a, b = rng.choice(secret(j)), rng.choice(secret(k))
        cj, ck = state.seats[j].hand[a], state.seats[k].hand[b]
        seats = list(state.seats)
        seats[j] = attrs.evolve(seats[j], hand=_swap(state, j, a, ck))
        seats[k] = attrs.evolve(seats[k], hand=_swap(state, k, b, cj))
        twins.append(attrs.evolve(state, seats=tuple(seats)))
    if len(state.stock) > 1 or len(state.discards) > 1:
        stock, discards = list(state.stock), list(state.discards)
        rng.shuffle(stock)
        rng.shuffle(discards)
        twins.append(attrs.evolve(state, stock=tuple(stock), discards=tuple(discards)))
    return twins


def _random_action(state: GameState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def play_random_deal(
    state: GameState,
    rng: random.Random,
    *,
    check: bool = True,
    choose: Callable[[GameState, random.Random], Action] = _random_action,
) -> GameState:
    """Play a deal to its end with random legal actions, checking it all the way.

    Args:
        state: Any state of the deal.
        rng: Chooses the actions.
        check: After every action: :func:`check_deal_invariants`, the old state unchanged.
        choose: Picks the action (default: uniformly among the legal actions).

    Returns:
        The finished state.

    Raises:
        DealInvariantError: an invariant broke, or the deal did not end within
            :func:`action_bound` of its setup.
    """
    bound = action_bound(state)
    while not state.over:
        if len(state.history) >= bound:
            raise _fail(state, f"the deal did not end within {bound} actions")
        action = choose(state, rng)
        before = snapshot(state) if check else None
        new = state.apply(action)
        if check:
            if snapshot(state) != before:
                raise _fail(state, f"applying {action} changed the old state")
            check_deal_invariants(new)
        state = new
    return state


# --------------------------------------------------------------------------------------------
# The state machine


def _recordable(variant: Variant) -> bool:
    """A deal file names the variant: only installed variants without house rules replay."""
    from primero.plugins import registry

    installed = registry()
    return (not variant.house_rules and variant.name in installed
            and installed.spec(variant.name) == variant.spec)


class DealMachine(RuleBasedStateMachine):
    """Random legal deals (and the deals after them) of one variant, checked at every step.

    Do not use this class directly: :func:`variant_state_machine` makes a subclass bound to a
    variant. Subclasses may override :meth:`next_deal` (how a table goes on after a deal) or
    add rules of their own; ``self.state`` is the current state and ``self.config`` the first
    deal's set-up.
    """

    #: The configured variant the machine plays.
    variant: ClassVar[Variant]
    #: Check views on every step (the twins check runs as its own rule).
    check_views: ClassVar[bool] = True
    #: Round-trip finished deals through their deal file (installed variants without house
    #: rules only: a deal file names the variant).
    check_records: ClassVar[bool] = True
    #: Most deals in one run (the first and the ones after it).
    max_deals: ClassVar[int] = 4
    #: Cards the variant makes public besides the showdown (see :func:`public_cards`).
    revealed: ClassVar[Revealed | None] = None
    #: Seconds one example may take before it fails as a deal that does not end.
    time_budget: ClassVar[float] = 10.0

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.config: DealConfig | None = None
        self.session: Any = None
        self.deals = 0
        self.session_total = 0
        self._started = time.monotonic()
        self._checks = checking_everything()  # every hook result checked whole, every step
        self._checks.__enter__()

    def teardown(self) -> None:
        """Leave the whole-state hook checks on only while the machine runs."""
        self._checks.__exit__(None, None, None)

    # set-up ------------------------------------------------------------------------------

    def _begin(self, config: DealConfig) -> None:
        self.config = config
        self.state = config.start()
        self.deals = 1
        self.session_total = config.start_total
        self.session = self._session_for(config)

    def _session_for(self, config: DealConfig) -> Any:
        from primero.session import Session
        from primero.state import Table

        return Session(variant=config.variant, players=config.players, chips=config.chips,
                       dealer=config.dealer, table=Table(stake=config.stake, rest=config.rest,
                                                         ante=config.ante),
                       carry=config.carry, seed=config.seed)

    @property
    def current(self) -> GameState:
        """The current state (after set-up)."""
        assert self.state is not None
        return self.state

    def _is_over(self) -> bool:
        return self.state is not None and self.state.over

    def _in_play(self) -> bool:
        return self.state is not None and not self.state.over

    # rules -------------------------------------------------------------------------------

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Apply a random legal action; the old state must not change."""
        state = self.current
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        self._apply_checked(state, action)

    def _apply_checked(self, state: GameState, action: Action) -> None:
        before = snapshot(state)
        bound = action_bound(state)
        new = state.apply(action)
        if snapshot(state) != before:
            raise _fail(state, f"applying {action} changed the old state")
        if new is state:
            raise _fail(state, f"applying {action} returned the same object")
        if new.history[: len(state.history)] != state.history or \
                len(new.history) != len(state.history) + 1:
            raise _fail(new, f"applying {action} did not append exactly it to the history")
        if len(new.history) > bound:
            raise _fail(new, f"the deal did not end within {bound} actions")
        if time.monotonic() - self._started > self.time_budget:
            raise _fail(new, f"the deal did not end within {len(new.history)} actions and the "
                             f"time budget of {self.time_budget:g} s per example")
        self.state = new

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        """An action that is not legal raises IllegalActionError and changes nothing.

        An action object is the mover's: the error lists their legal actions. Text that
        cannot be read (and names nobody) carries no legal actions (see ``engine.apply``).
        """
        state = self.current
        legal = state.legal_actions()
        candidates: list[Action | str] = [a for a in action_pool(state) if a not in legal]
        candidates += ["", "bid 3", "vie", "vie two", "hold raise", "exchange Zz", "fold now"]
        action = data.draw(st.sampled_from(candidates), label="illegal action")
        before = snapshot(state)
        try:
            state.apply(action)
        except IllegalActionError as exc:
            expected = () if isinstance(action, str) else legal
            if tuple(exc.legal) != expected:
                raise _fail(state, f"{action!r}: the error lists {exc.legal}, expected "
                                   f"{expected}") from exc
            if not exc.reason or not str(exc):
                raise _fail(state, f"{action!r}: the error gives no reason") from exc
        else:
            raise _fail(state, f"{action!r} is not among the legal actions but was accepted")
        if snapshot(state) != before:
            raise _fail(state, f"the rejected {action!r} changed the state")

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """A move by another player, by nobody at the table, or unreadable, leaks no card.

        The error must carry (message, reason, ``.legal``) no card hidden from the sender:
        nothing of the mover's hand, nor of anyone else's but the sender's own.
        """
        check_out_of_turn(self.current, data.draw(st.integers(min_value=0, max_value=2**32 - 1),
                                                  label="probe seed"))

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def views(self, data: st.DataObject) -> None:
        """Views equal across states that differ only in cards the viewer cannot see."""
        state = self.current
        viewer = data.draw(st.integers(min_value=0, max_value=state.n - 1), label="viewer")
        seed = data.draw(st.integers(min_value=0, max_value=2**32 - 1), label="twin seed")
        revealed = type(self).revealed
        view = check_view_hides(state, viewer, revealed)
        for twin in hidden_twins(state, viewer, random.Random(seed), revealed):
            if twin.view(viewer) != view:
                raise _fail(state, f"seat {viewer}'s view changes when only cards hidden from "
                                   f"it differ")

    @precondition(lambda self: self._in_play())
    @rule(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def play_out(self, seed: int) -> None:
        """Finish the deal with random legal actions, checking every one."""
        rng = random.Random(seed)
        state = self.current
        while not state.over:
            self._apply_checked(state, rng.choice(state.legal_actions()))
            state = self.current
            check_deal_invariants(state)
            if self.check_views:
                for viewer in range(state.n):
                    check_view_hides(state, viewer, type(self).revealed)
        self._finished(state)

    @precondition(lambda self: self._is_over() and self.deals < self.max_deals)
    @rule()
    def next_deal(self) -> None:
        """Go on to the next deal at the same table (a session)."""
        state = self.current
        self._finished(state)
        new = self.deal_after(state)
        if new is None:
            self.deals = self.max_deals  # the table is finished
            return
        self.deals += 1
        # players who left short of an ante they must pay (primiera) took their chips away
        start = sum(new.setup.chips) + new.setup.carry + sum(self.session.left_chips)
        if start != self.session_total:
            raise _fail(new, f"the next deal starts with {start} chips (stacks + carry), the "
                             f"table had {self.session_total}")
        self.state = new

    def deal_after(self, state: GameState) -> GameState | None:
        """The next deal after the finished ``state``, or ``None`` when the table is done.

        Uses :class:`primero.session.Session`: the carry-over goes into the next pot, players
        with no chips leave, the deal passes to the next seat in playing order.
        """
        if self.session is None:
            return None
        self.session = self.session.after(state)
        if self.session.finished:
            return None
        new: GameState = self.session.start_deal()
        return new

    def _finished(self, state: GameState) -> None:
        check_deal_invariants(state)
        if state.setup.dealing != "external":
            external_replay(state)
        if self.check_records and _recordable(state.variant):
            from primero.history import dump_record, load_record, record_from_state, replay

            replayed = replay(load_record(dump_record(record_from_state(state))))
            if replayed != state:
                raise _fail(state, "the deal replayed from its deal file differs")

    # invariants --------------------------------------------------------------------------

    @invariant()
    def invariants_hold(self) -> None:
        """:func:`check_deal_invariants`, and views hide hidden cards."""
        if self.state is None:
            return
        check_deal_invariants(self.state)
        check_action_ids(self.state)
        if self.check_views:
            for viewer in range(self.state.n):
                check_view_hides(self.state, viewer, type(self).revealed)


def variant_state_machine(
    variant: str | Variant,
    *,
    setups: st.SearchStrategy[DealConfig] | None = None,
    check_views: bool = True,
    check_records: bool = True,
    max_deals: int = 4,
    revealed: Revealed | None = None,
    **options: Any,
) -> type[DealMachine]:
    """A :class:`DealMachine` subclass that plays ``variant``.

    Args:
        variant: A registered name (or alias) or a configured variant (with house rules).
        setups: The deals to start from (default :func:`deal_setups` of the variant).
        check_views: Check after every step that views hide hidden cards.
        check_records: Round-trip finished deals through their deal file.
        max_deals: Most deals per run, the first included (1: no sessions).
        revealed: Cards the variant makes public during a deal besides the showdown (e.g.
            declared hands); the view checks then allow them.
        **options: Variant options, e.g. ``supremus=False``.

    Returns:
        The machine class; its ``TestCase`` attribute is a ``unittest.TestCase``, or run it
        with :func:`hypothesis.stateful.run_state_machine_as_test`.
    """
    v = resolve_variant(variant, **options)
    strategy = deal_setups(v) if setups is None else setups

    class Machine(DealMachine):
        @initialize(config=strategy)
        def start(self, config: DealConfig) -> None:
            self._begin(config)

    label = str(v).replace(" ", "").replace("(", "_").replace(")", "").replace(",", "_")
    Machine.__name__ = Machine.__qualname__ = f"DealMachine[{label}]"
    Machine.variant = v
    Machine.check_views = check_views
    Machine.check_records = check_records
    Machine.max_deals = max_deals
    Machine.revealed = revealed  # read as type(self).revealed: never bound as a method
    return Machine


def run_deal_machine(
    variant: str | Variant,
    *,
    settings: Any = None,
    **kwargs: Any,
) -> None:
    """Run :func:`variant_state_machine` ``(variant, **kwargs)`` as a test.

    Args:
        variant: A registered name or a configured variant.
        settings: :class:`hypothesis.settings` (e.g. ``max_examples``,
            ``stateful_step_count``); default hypothesis' current profile without its shrink
            phase, so that a plug-in's fault is reported from the first deal that shows it,
            within seconds (issue 16), instead of after minutes of shrinking. Pass settings
            whose ``phases`` include ``Phase.shrink`` to get a minimal failing deal.
        **kwargs: Passed to :func:`variant_state_machine` (options included).
    """
    if settings is None:
        profile = hypothesis_settings()
        settings = hypothesis_settings(
            profile, phases=tuple(p for p in profile.phases if p is not Phase.shrink))
    run_state_machine_as_test(variant_state_machine(variant, **kwargs), settings=settings)
