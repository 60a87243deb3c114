"""Checking a deal's setup before it starts, and a built-in variant's start made at once.

:func:`table_setup` checks the table arguments of :func:`primero.deal.engine.start_deal` and makes
the first seats, :func:`cards_setup` the cards (a seed, a stacked stock or none) and
:func:`checked_setup` a whole :class:`~primero.setup.DealSetup`. The engine keeps checked
tables (:func:`known_table`, by :func:`setup_key`), so a simulation that deals at the same
table again and again checks it once (the variant found by identity: no deep comparison).

A built-in variant whose own hooks answer the steps before the first decision (Primiera's
antes and declarations) may register a *quick start* (:func:`register_quick_start`): from a
deal's first state, the state those steps leave, made at once. :func:`quick_start` gives it
for a deal's first state; :func:`first_deal` and :func:`quick_state` are its two halves inside
the deal package (the cards of the plan's first deal dealt as the core deals them, and the
state made from them, its cards sound by construction).
"""


from __future__ import annotations

import numbers
import random
import unicodedata
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from primero.actions import ACTION_WORDS
from primero.cards import Card, parse_cards
from primero.deal.copying import copier, replace
from primero.deal.state import SOUND_FLAG, GameState, Receipt, Seat, VariantState
from primero.errors import LONG_TEXT, InvalidDeckError, PrimeroError, named
from primero.setup import DEALING_MODES, DealSetup, Table, seeded_stock
from primero.variant import Variant

__all__ = [
    "MAX_BET_SIZES",
    "MAX_CHIPS",
    "MAX_SEED",
    "SETUPS",
    "FirstDeal",
    "KnownTable",
    "QuickStart",
    "cards_setup",
    "checked_setup",
    "first_deal",
    "known_table",
    "new_seed",
    "pack_problem",
    "quick_start",
    "quick_state",
    "register_quick_start",
    "setup_key",
    "table_setup",
    "whole",
]


#: The most bet sizes a table may offer (rest - stake + 1): legal actions spell out amounts.
MAX_BET_SIZES = 1000


#: The largest shuffle seed (in size) a deal takes, and so a deal file holds: 2**128.
MAX_SEED = 2 ** 128


#: The most chips a deal takes in one amount (a seat's chips, the stake, rest, ante or
#: carry-over): 10**15, also the most a deal file gives (:mod:`primero.records` reads it
#: from here), so every deal started can be saved and read back.
MAX_CHIPS = 10 ** 15


def _amount(value: int) -> str:
    """An amount of chips as a message quotes it: a huge one by its digits only."""
    return f"a {len(str(abs(value)))}-digit number of" if abs(value) > MAX_CHIPS else str(value)


def new_seed(rng: random.Random) -> int:
    """Draw a 64-bit seed from ``rng`` (how a ``random.Random`` seeds a deal)."""
    return rng.getrandbits(64)


def _plain(value: Any) -> Any:
    """A whole number of another integer type (``numpy.int64``) as an ``int``; else ``value``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool | int):
        return int(value)
    return value


def whole(value: object) -> bool:
    """A whole number of chips: an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_setup(variant: Variant, players: Sequence[str], chips: Sequence[int],
                 dealer: int, table: Table, carry: int) -> None:
    """The players, chips, dealer and table of a deal (see :func:`table_setup`)."""
    low, high = variant.spec.players
    if not low <= len(players) <= high:
        raise PrimeroError(
            f"{variant.name} is played by {low if low == high else f'{low} to {high}'} "
            f"players; got {len(players)}"
        )
    odd = next((p for p in players if isinstance(p, str) and not p.isprintable()), None)
    if odd is not None:  # an escape sequence, a NUL, a bidi override: a terminal obeys them
        char = next(ch for ch in odd if not ch.isprintable())
        kind = "control" if unicodedata.category(char) == "Cc" else "invisible"
        raise PrimeroError(f"player name {named(odd)} holds the {kind} character "
                           f"U+{ord(char):04X}: a name is printable text")
    verbs = [p for p in players if isinstance(p, str) and p.lower() in ACTION_WORDS]
    if verbs:
        raise PrimeroError(f"player name {named(verbs[0])} is an action word ("
                           f"{', '.join(ACTION_WORDS)}): it would make action text ambiguous")
    if len(set(players)) != len(players):
        dup = next(p for p in players if list(players).count(p) > 1)
        raise PrimeroError(f"two players are called {named(dup)}: names must be distinct")
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise PrimeroError(f"player name of seat {seat} is not text (got "
                               f"{type(name).__name__}): a name is one word of printable text")
        if not name:
            raise PrimeroError(f"player name of seat {seat} is empty: a name is one word of "
                               "printable text")
        if name.split() != [name]:
            raise PrimeroError(f"player name {named(name)} must be one word (no spaces)")
    if len(chips) != len(players):
        raise PrimeroError(f"{len(players)} players but {len(chips)} chip "
                           f"count{'' if len(chips) == 1 else 's'}: one per player")
    for seat, (name, c) in enumerate(zip(players, chips, strict=True)):
        if not whole(c) or c <= 0:
            raise PrimeroError(f"{name} has {named(c)} chips: every player needs at least 1 chip")
        if c > MAX_CHIPS:
            raise PrimeroError(f"{name} (seat {seat}) has {_amount(c)} chips: a deal takes at "
                               f"most {MAX_CHIPS:,} chips a seat (the most a deal file gives)")
    if not 0 <= dealer < len(players):
        raise PrimeroError(f"dealer seat {dealer} is not a seat of {len(players)} players")
    for label, value in (("stake", table.stake), ("rest", table.rest), ("ante", table.ante),
                         ("carry-over", carry)):
        if not whole(value):
            raise PrimeroError(f"{label} must be a whole number of chips, got {named(value)}")
    if table.rest - table.stake >= MAX_BET_SIZES:
        raise PrimeroError(
            f"rest {table.rest} is too far above the stake {table.stake}: the legal actions "
            f"list every bet size, so rest - stake must be below {MAX_BET_SIZES}"
        )
    if table.stake < 1 or table.rest < table.stake or table.ante < 0:
        raise PrimeroError(
            f"bad table: stake {table.stake}, rest {table.rest}, ante {table.ante} (need "
            "1 <= stake <= rest and ante >= 0)"
        )
    if carry < 0:
        raise PrimeroError(f"carry-over must not be negative, got {carry}")
    for label, value in (("stake", table.stake), ("rest", table.rest), ("ante", table.ante),
                         ("carry-over", carry)):
        if value > MAX_CHIPS:
            raise PrimeroError(f"{label} is {_amount(value)} chips: a deal takes at most "
                               f"{MAX_CHIPS:,} chips there (the most a deal file gives)")


class KnownTable:
    """A checked table: the deal setup without its cards, and the seats before the deal.

    What :func:`primero.deal.engine.start_deal` keeps per table (:data:`SETUPS`), so a simulation
    that deals at the same table again and again checks it once.

    Attributes:
        setup: The checked setup with no cards yet (``stock=()``, ``seed=0``).
        seats: The seats before the deal, in playing order.
        variant: The variant the table was checked for (held: its ``id`` keys the table).
    """

    __slots__ = ("seats", "setup", "variant")

    setup: DealSetup
    seats: tuple[Seat, ...]
    variant: Variant

    def __init__(self, setup: DealSetup, seats: tuple[Seat, ...], variant: Variant) -> None:
        self.setup = setup
        self.seats = seats
        self.variant = variant


#: Checked table setups by their plain arguments, the variant by identity (see
#: :func:`setup_key`).
SETUPS: dict[object, KnownTable] = {}


def known_table(key: object, variant: Variant, players: Sequence[str],
                chips: Sequence[int] | int, dealer: int | str, stake: int, rest: int,
                ante: int | None, carry: int, raise_cap: int | None) -> KnownTable:
    """The checked table of these arguments: from :data:`SETUPS` by ``key``, or checked now.

    Args:
        key: The cache key (:func:`setup_key`); ``None``: check, and keep nothing.
        variant: The configured variant.
        players: Names in playing order.
        chips: Starting chips per player, or one number for everyone.
        dealer: The dealer's seat (negative counts from the last) or name.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante, in chips; ``None``: the variant's own.
        carry: Chips carried over from an earlier deal.
        raise_cap: The house rule's most vies plus raises a round allows, or ``None``.

    Raises:
        PrimeroError: see :func:`table_setup`.
    """
    known = SETUPS.get(key) if key is not None else None
    if known is None or known.variant is not variant:
        names, stacks, seat, table, seats = table_setup(variant, players, chips, dealer, stake,
                                                        rest, ante, carry, raise_cap)
        known = KnownTable(DealSetup(players=names, chips=stacks, dealer=seat, table=table,
                                     carry=carry, stock=(), seed=0), seats, variant)
        if key is not None:
            if len(SETUPS) >= 1024:
                SETUPS.clear()
            SETUPS[key] = known
    return known


def setup_key(variant: Variant, players: object, chips: object, dealer: object,
               *numbers: object) -> tuple[object, ...] | None:
    """The cache key of a table setup given as plain values (``None``: not cached).

    Only exact ``str`` names and ``int`` numbers are cached, so a ``bool`` or an odd type
    always meets the checks of :func:`table_setup`. The variant counts by identity (its
    ``id``; the table kept holds it, :attr:`KnownTable.variant`, so the ``id`` is not reused
    while it is kept): a lookup never compares two variants field by field (``Variant``'s
    ``__eq__`` walks its spec and rules, a cost per deal), and two equal variants each get
    their table checked once.
    """
    if type(players) is list or type(players) is tuple:
        names = tuple(players)
    else:
        return None
    if type(chips) is list or type(chips) is tuple:
        chips = tuple(chips)
        for c in chips:  # (plain loops: no generator per call, a deal at a time)
            if type(c) is not int:
                return None
    elif type(chips) is not int:
        return None
    if type(dealer) is not int and type(dealer) is not str:
        return None
    for v in numbers:
        if type(v) is not int and v is not None:
            return None
    for p in names:
        if type(p) is not str:
            return None
    return (id(variant), names, chips, dealer, *numbers)


def table_setup(variant: Variant, players: Sequence[str], chips: Sequence[int] | int,
                 dealer: int | str, stake: int, rest: int, ante: int | None, carry: int,
                 raise_cap: int | None) \
        -> tuple[tuple[str, ...], tuple[int, ...], int, Table, tuple[Seat, ...]]:
    """Check the table arguments of :func:`start_deal`: names, stacks, dealer, table, seats.

    Raises:
        PrimeroError: see :func:`start_deal`.
    """
    # a numpy integer counts as the int it is (as ``apply`` takes a numpy action id); the
    # state holds plain ints
    chips = [_plain(c) for c in chips] if isinstance(chips, Sequence) \
        and not isinstance(chips, str) else _plain(chips)
    dealer, stake, rest, ante, carry, raise_cap = map(
        _plain, (dealer, stake, rest, ante, carry, raise_cap))
    if isinstance(players, str):
        raise PrimeroError(
            f"players must be a list of names, not the text {named(players)} "
            "(e.g. ['Anna', 'Ben'])"
        )
    if not isinstance(players, Sequence | tuple | list):
        raise PrimeroError(f"players must be a list of names, got {type(players).__name__}")
    names = tuple(players)
    stacks: tuple[int, ...]
    if isinstance(chips, int) and not isinstance(chips, bool):
        stacks = (chips,) * len(names)
    elif isinstance(chips, Sequence) and not isinstance(chips, str):
        stacks = tuple(chips)
    else:
        raise PrimeroError(f"chips must be a whole number or one per player, got "
                           f"{named(chips)}")
    if isinstance(dealer, bool) or not isinstance(dealer, str | int):
        raise PrimeroError(f"dealer must be a seat number or a player's name, got {named(dealer)}")
    for label, value in (("stake", stake), ("rest", rest), ("ante", ante), ("carry-over", carry),
                         ("raise_cap", raise_cap)):
        if value is not None and not whole(value):
            raise PrimeroError(f"{label} must be a whole number of chips, got {named(value)}")
    if isinstance(dealer, str):
        if dealer not in names:
            shown = (n if len(n) <= LONG_TEXT else named(n) for n in names)
            raise PrimeroError(f"dealer {named(dealer)} is not a player: {', '.join(shown)}")
        dealer_seat = names.index(dealer)
    elif names and not -len(names) <= dealer < len(names):
        raise PrimeroError(f"dealer seat {dealer} is not a seat of {len(names)} players "
                           f"(0..{len(names) - 1}, or -1 for the last)")
    else:
        dealer_seat = dealer % len(names) if names else 0
    if raise_cap is not None and raise_cap < 1:
        raise PrimeroError(f"raise_cap must be at least 1 (or None: no cap), got {raise_cap}")
    table = Table(stake=stake, rest=rest, ante=variant.spec.ante if ante is None else ante,
                  raise_cap=raise_cap)
    _check_setup(variant, names, stacks, dealer_seat, table, carry)
    rules = variant.rules.deal
    plan = rules.plan
    problem = pack_problem(variant, len(names))  # the table, before the plan is blamed
    if problem is not None:
        raise InvalidDeckError(problem)
    rules.check_plan_fits(len(names))
    if table.ante and not any(step.kind == "ante" for step in plan):
        raise PrimeroError(f"{variant.name} has no ante: ante must be 0, got {table.ante}")
    seats = tuple(Seat(name=n, stack=c) for n, c in zip(names, stacks, strict=True))
    return names, stacks, dealer_seat, table, seats


def pack_problem(variant: Variant, players: int) -> str | None:
    """Why ``variant``'s pack cannot serve a deal of ``players`` players, or ``None`` if it can.

    Every deal step of the plan gives each player still in its cards, and the hands keep them
    to the showdown (an exchange gives back as many as it takes), so a deal in which nobody
    folds holds ``players`` times the cards the plan deals each at once: the pack must hold
    that many (docs/rules/dealing.md; the discards a reshuffle makes a new stock of cannot
    serve a deal whose hands hold every card). :func:`table_setup` refuses such a table before
    the first card moves, and the adapters (``load_game``, the PettingZoo environment) through
    it.

    Args:
        variant: The configured variant (its pack and its plan).
        players: How many players.

    Returns:
        One line naming the count: the cards the plan deals, the pack's size and the most
        players it serves; ``None`` when the pack holds enough.
    """
    each = sum(step.count for step in variant.rules.deal.plan if step.kind == "deal")
    pack = variant.pack
    if players * each <= len(pack):
        return None
    most = len(pack) // each if each else players
    return (f"{variant.name} deals {each} cards to each player: {players} players hold "
            f"{players * each} at once, but the {pack.name} pack has {len(pack)} cards (it "
            f"serves at most {most} players)")


def checked_setup(variant: Variant, given: DealSetup) -> tuple[DealSetup, tuple[Seat, ...]]:
    """A setup given to ``start_deal(variant, setup)``, checked: the deal's setup and seats.

    Checked as the keyword form of :func:`primero.deal.engine.start_deal` is; the answer's stock
    is filled in (shuffled from the seed when the setup gives none).

    Raises:
        PrimeroError: see :func:`primero.deal.engine.start_deal`.
    """
    table = given.table
    if not isinstance(table, Table):
        raise PrimeroError(f"the setup's table must be a Table, got {named(table)}")
    if not isinstance(given.players, Sequence) or not isinstance(given.chips, Sequence):
        raise PrimeroError("the setup's players and chips must be sequences (one per player)")
    if given.stock is not None and not isinstance(given.stock, Sequence):
        raise PrimeroError(f"the setup's stock must be a sequence of cards (top first), got "
                           f"{given.stock!r:.40}")
    key = setup_key(variant, given.players, given.chips, given.dealer, table.stake, table.rest,
                    table.ante, given.carry, table.raise_cap)
    known = known_table(key, variant, given.players, given.chips, given.dealer, table.stake,
                        table.rest, table.ante, given.carry, table.raise_cap)
    if given.dealing not in DEALING_MODES:
        raise PrimeroError(f"the setup's dealing must be one of "
                           f"{', '.join(map(repr, DEALING_MODES))}, got "
                           f"{named(given.dealing)}")
    stock: Sequence[Card] | None = given.stock or None
    seed: int | None = given.seed
    if given.dealing == "external":
        if stock is not None and tuple(stock) != variant.pack.cards:
            raise PrimeroError("a setup dealt from outside (dealing='external') has no stock "
                               "order: leave its stock empty")
        stock, seed = None, None
    if given.dealing == "seeded" and stock is not None:
        setup = cards_setup(variant, known.setup, None, seed, None, given.reshuffles, "seeded")
        if setup.stock != tuple(stock):
            raise PrimeroError(f"the setup's stock is not the one seed {seed} shuffles: a "
                               "stock given in advance is dealt with dealing='stacked'")
    else:
        setup = cards_setup(variant, known.setup, stock, seed, None, given.reshuffles,
                          given.dealing)
    return setup, known.seats


def cards_setup(variant: Variant, table: DealSetup, stock: Sequence[Card | str] | str | None,
                seed: int | None, rng: random.Random | None,
                reshuffles: Sequence[Sequence[Card | str]], dealing: str | None) -> DealSetup:
    """The setup of a deal at a checked ``table`` with its cards: how they come, checked.

    Args:
        variant: The configured variant (its pack).
        table: The checked table's setup without cards (:attr:`KnownTable.setup`).
        stock: A stacked stock (cards or their text), or ``None``.
        seed: The shuffle (and reshuffle) seed, or ``None``.
        rng: A generator to draw the seed from, or ``None``.
        reshuffles: New stock orders given in advance.
        dealing: ``"seeded"``, ``"stacked"``, ``"external"`` or ``None`` (from ``stock``).

    Raises:
        PrimeroError, InvalidDeckError: see :func:`primero.deal.engine.start_deal`.
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise PrimeroError(f"rng must be a random.Random, got {named(rng)}")
    if stock is not None and not isinstance(stock, str | Sequence):
        raise PrimeroError(f"stock must be cards or their text, got {named(stock)}")
    if isinstance(reshuffles, str) or not isinstance(reshuffles, Sequence) or any(
            isinstance(r, str | int) or not isinstance(r, Sequence) for r in reshuffles):
        raise PrimeroError(f"reshuffles must be a list of card lists, got "
                           f"{named(reshuffles)}")
    pack = variant.pack
    if dealing is None:
        dealing = "stacked" if stock is not None else "seeded"
    if dealing not in DEALING_MODES:
        raise PrimeroError(f"dealing must be one of {', '.join(map(repr, DEALING_MODES))}, "
                           f"got {named(dealing)}")
    if dealing == "external":
        if stock is not None or seed is not None or rng is not None or reshuffles:
            raise PrimeroError("a deal dealt from outside (dealing='external') takes no stock, "
                               "seed, rng or reshuffles: deal each card with state.deal(card)")
        seed, stock = 0, pack.cards
    elif dealing == "stacked" and stock is None:
        raise PrimeroError("dealing='stacked' needs the stock (the whole pack from the top)")
    elif dealing == "seeded" and stock is not None:
        raise PrimeroError("a stacked stock is dealt with dealing='stacked', not 'seeded'")
    if seed is None:
        seed = new_seed(rng) if rng is not None else 0 if stock is not None else None
    if seed is None:
        raise PrimeroError("give a seed, a random.Random (rng) or a stacked stock")
    if not whole(seed):
        raise PrimeroError(f"seed must be a whole number, got {named(seed)}")
    if abs(seed) > MAX_SEED:
        raise PrimeroError(f"seed must be at most 2**128 in size (a deal file holds it), got "
                           f"a number of {len(str(abs(seed)))} digits")
    if stock is not None:
        cards = parse_cards(stock)
        pack.check(cards, "stacked stock")
        if len(cards) != len(pack):
            missing = [c.ascii for c in pack if c not in set(cards)]
            raise InvalidDeckError(
                f"the stacked stock has {len(cards)} cards, the {pack.name} pack {len(pack)}: "
                f"missing {' '.join(missing)}"
            )
    else:
        cards = seeded_stock(pack.cards, seed)
    given = tuple(parse_cards(r) for r in reshuffles)
    for k, order in enumerate(given):
        pack.check(order, f"reshuffle {k + 1}")
    return replace(table, stock=cards, seed=seed, reshuffles=given, dealing=dealing)


# --------------------------------------------------------------------------------------------
# Quick starts


#: A variant's quick start: from a deal's first state (:func:`quick_start` says which), the
#: state its steps before the first decision leave, or ``None`` (the deal starts step by step).
QuickStart = Callable[[GameState], "GameState | None"]

#: The quick starts, by the types of the rule objects of the variants they start.
_QUICK_STARTS: dict[tuple[type, ...], QuickStart] = {}


def register_quick_start(kinds: tuple[type, ...], start: QuickStart) -> None:
    """Start the deals of every variant whose plug-ins are of the types ``kinds`` by ``start``.

    For the built-in variants (library code, tested against the hook-by-hook start): the
    variant's own plug-ins (``variant.spec.plugins``) must be of exactly these types, in this
    order; a variant with a house rule, or with any other plug-in, is never started this way.

    ``start(fresh)`` gets a deal's first state (see :func:`quick_start`) and returns the state
    at its first decision, or the finished deal before it is settled (``over``, no
    settlement), exactly as the steps run one by one through the hooks leave it (the same
    fields, the same errors), or ``None`` to run them so.
    """
    _QUICK_STARTS[kinds] = start
    _STARTERS.clear()


def quick_start(fresh: GameState) -> GameState | None:
    """A deal's start made at once by its variant's quick start, or ``None`` (step by step).

    Args:
        fresh: A deal's first state as the engine makes it: its seats from the table, its
            stock the whole pack in some order (a seeded or a stacked deal: not one dealt from
            outside), no step run, its cards known sound. The caller asks only where the
            hooks are not all being checked (not while
            :func:`~primero.plugins.checks.checking_everything`).

    Returns:
        The state at the first decision, or the finished deal still to be settled; ``None``
        where the variant has no quick start (or it declines this deal).

    Raises:
        PrimeroError: the error the variant's hooks raise for this deal (e.g. Primiera's
            :class:`~primero.variants.primiera.CannotPayAnteError`).
    """
    context = fresh.context
    if context.external or fresh.step_index != -1:
        return None
    variant = context.variant
    known = _STARTERS.get(id(variant))
    if known is None or known[0] is not variant:
        plugins = variant.spec.plugins
        found = None if not plugins or variant.house_rules else \
            _QUICK_STARTS.get(tuple(map(type, plugins)))
        if len(_STARTERS) >= 256:
            _STARTERS.clear()
        known = _STARTERS[id(variant)] = (variant, found)
    start = known[1]
    return None if start is None else start(fresh)


#: Each variant's quick start (or ``None``), by the variant's identity (the variant held):
#: ``(variant, start)``; forgotten at every registration.
_STARTERS: dict[int, tuple[object, QuickStart | None]] = {}


class FirstDeal:
    """The plan's first deal of a quick start: the seats with their cards and the stock left.

    Made by :func:`first_deal` (so :func:`quick_state` can mark the cards sound).

    Attributes:
        seats: The seats, each with the cards dealt to it and their receipts.
        stock: The stock after the deal.
        fresh: The deal's first state whose stock :func:`first_deal` dealt from (held: a
            first deal of that very state, :func:`quick_state` takes it without comparing
            its stock card by card), or ``None`` (compared).
    """

    __slots__ = ("fresh", "seats", "stock")

    seats: tuple[Seat, ...]
    stock: tuple[Card, ...]
    fresh: GameState | None

    def __init__(self, seats: tuple[Seat, ...], stock: tuple[Card, ...],
                 fresh: GameState | None = None) -> None:
        self.seats = seats
        self.stock = stock
        self.fresh = fresh


#: How a first deal's cards go, by (variant identity, seats, eldest, count, together): the
#: variant the receipts were made for (held: its pack), per seat in playing order from the
#: eldest ``(seat, pick, receipts)`` (``pick(stock)``: its cards; ``receipts[j][card.index]``:
#: the receipt of its ``j``-th card, a value shared between deals), and the number of cards
#: dealt.
_DealWay = tuple[Variant, tuple[tuple[int, Any, tuple[list[Receipt | None], ...]], ...], int]
_FIRST_DEALS: dict[tuple[int, int, int, int, bool], _DealWay] = {}

#: The seats last found fit for a first deal (every seat in, no card), held: the seats after
#: the antes of a known table are one tuple deal after deal, checked once.
_fit_seats: tuple[Seat, ...] | None = None

_dealt_seat = copier(Seat, "hand", "received")


def first_deal(fresh: GameState, seats: tuple[Seat, ...], count: int, *,
               together: bool = False) -> FirstDeal:
    """``count`` cards to every seat from the top of ``fresh``'s stock, as the core deals them.

    The core's ``primero_deal_cards`` of the plan's first deal step and its delivery from the
    stock: to every seat (none has folded before the first deal), in playing order from the
    eldest, one card at a time (or ``count`` at once each, ``together``), each card's receipt
    ``(card, "deal", 0, its place among the cards dealt)``.

    Args:
        fresh: The deal's first state (its stock, its eldest).
        seats: ``fresh``'s seats after the steps before the deal (chips moved, no card: every
            hand empty, no seat folded).
        count: The cards each seat gets.
        together: Each seat's cards in one packet (:attr:`~primero.setup.Step.together`).

    Raises:
        PrimeroError: a seat holds a card or has folded, or the stock holds too few cards.
    """
    global _fit_seats
    n = len(seats)
    context = fresh.context
    eldest = context.eldest
    stock = fresh.stock
    if seats is not _fit_seats:  # (seats are values: the same tuple, the same answer)
        for s in seats:
            if s.hand or s.received or s.folded:
                raise PrimeroError("a quick start deals the first cards: every seat in, no "
                                   "card")
        _fit_seats = seats
    variant = context.variant
    key = (id(variant), n, eldest, count, together)
    way = _FIRST_DEALS.get(key)
    if way is None or way[0] is not variant:
        pack = variant.pack
        size = 1 + max(c.index for c in pack.cards)
        per_seat = []
        for k in range(n):
            places = tuple(k * count + j for j in range(count)) if together \
                else tuple(j * n + k for j in range(count))
            pick: Any = itemgetter(*places) if count > 1 else _one(places[0])
            receipts: list[list[Receipt | None]] = []
            for place in places:
                row: list[Receipt | None] = [None] * size
                for card in pack.cards:
                    row[card.index] = Receipt(card, "deal", 0, place)
                receipts.append(row)
            per_seat.append(((eldest + k) % n, pick, tuple(receipts)))
        if len(_FIRST_DEALS) >= 256:
            _FIRST_DEALS.clear()
        way = _FIRST_DEALS[key] = (variant, tuple(per_seat), n * count)
    dealt_count = way[2]
    if dealt_count > len(stock):
        raise PrimeroError(f"a quick start deals {dealt_count} cards from a stock of "
                           f"{len(stock)}")
    dealt = list(seats)
    received: tuple[Receipt | None, ...]
    for seat, pick, rows in way[1]:
        hand = pick(stock)
        if count == 4:  # every hand of the built-in games: the four receipts read directly
            first, second, third, fourth = rows
            a, b, c, d = hand
            received = (e, f, g, h) = (first[a.index], second[b.index], third[c.index],
                                       fourth[d.index])
            missing = e is None or f is None or g is None or h is None  # (no __eq__ asked)
        else:
            received = tuple([row[card.index] for row, card in zip(rows, hand)])  # noqa: B905
            missing = None in received
        if missing:  # (a card outside the pack: a stock the engine refused)
            raise PrimeroError("a quick start deals the cards of the variant's pack")
        dealt[seat] = _dealt_seat(seats[seat], hand, received)
    return FirstDeal(tuple(dealt), stock[dealt_count:], fresh)


def _one(place: int) -> Any:
    """A function giving the one-card hand at ``place`` of a stock."""
    return lambda stock: (stock[place],)


#: A first state with the seats and stock of its first deal and the steps' facts.
_started = copier(GameState, "seats", "stock", "step_index", "to_act", "variant_state", "over",
                  "ended_by", keep=(SOUND_FLAG,))


def quick_state(fresh: GameState, deal: FirstDeal, step_index: int, to_act: int | None,
                variant_state: VariantState | None, *, over: bool = False,
                ended_by: str = "") -> GameState:
    """The state a quick start leaves: ``fresh`` with its first deal and the steps' facts.

    Its cards keep ``fresh``'s sound mark: ``deal`` moved them from the top of ``fresh``'s
    stock to the hands (:func:`first_deal`), a permutation of a sound layout.

    Args:
        fresh: The deal's first state.
        deal: Its first deal (:func:`first_deal` of ``fresh``).
        step_index: The step the deal is at.
        to_act: The seat to act, or ``None``.
        variant_state: The variant's own state.
        over: The deal has ended (``ended_by`` says how); the engine settles it.
        ended_by: How it ended.

    Raises:
        PrimeroError: ``deal`` is not a first deal of ``fresh``'s stock.
    """
    if type(deal) is not FirstDeal or deal.fresh is not fresh \
            or len(deal.seats) != len(fresh.seats):  # (else first_deal's of fresh itself)
        stock = fresh.stock
        dealt = len(stock) - len(deal.stock)
        held = 0
        for s in deal.seats:
            held += len(s.hand)
        if type(deal) is not FirstDeal or len(deal.seats) != len(fresh.seats) \
                or held != dealt or stock[dealt:] != deal.stock:
            raise PrimeroError("a quick state is made of the first deal of its own stock")
    return _started(fresh, deal.seats, deal.stock, step_index,  # type: ignore[no-any-return]
                    to_act, variant_state, over, ended_by)
