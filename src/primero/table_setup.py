"""Checking a deal's table before it starts: players, chips, dealer, stake, rest, ante.

:func:`table_setup` checks the table arguments of :func:`primero.engine.start_deal` and makes
the first seats; the engine keeps the answer for plain arguments (:func:`setup_key`), so a
simulation that deals at the same table again and again checks it once.
"""

from __future__ import annotations

from collections.abc import Sequence

from primero.actions import ACTION_WORDS
from primero.deal_setup import DealSetup, Table
from primero.errors import PrimeroError
from primero.seats import Seat
from primero.variant import Variant

__all__ = ["MAX_BET_SIZES", "SETUPS", "KnownTable", "known_table", "setup_key", "table_setup",
           "whole"]


#: The most bet sizes a table may offer (rest - stake + 1): legal actions spell out amounts.
MAX_BET_SIZES = 1000


def whole(value: object) -> bool:
    """A whole number of chips: an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_setup(variant: Variant, players: Sequence[str], chips: Sequence[int],
                 dealer: int, table: Table, carry: int) -> None:
    """The players, chips, dealer and table of a deal (see :func:`table_setup`)."""
    low, high = variant.spec.players
    if not low <= len(players) <= high:
        raise PrimeroError(
            f"{variant.name} is played by {low} to {high} players; got {len(players)}"
        )
    verbs = [p for p in players if isinstance(p, str) and p.lower() in ACTION_WORDS]
    if verbs:
        raise PrimeroError(f"player name {verbs[0]!r} is an action word ("
                           f"{', '.join(ACTION_WORDS)}): it would make action text ambiguous")
    if len(set(players)) != len(players):
        dup = next(p for p in players if list(players).count(p) > 1)
        raise PrimeroError(f"two players are called {dup!r}: names must be distinct")
    if any(not isinstance(p, str) or not p or p.split() != [p] for p in players):
        bad = next(p for p in players if not isinstance(p, str) or not p or p.split() != [p])
        raise PrimeroError(f"player name {bad!r} must be one word (no spaces)")
    if len(chips) != len(players):
        raise PrimeroError(f"{len(players)} players but {len(chips)} chip counts")
    for name, c in zip(players, chips, strict=True):
        if not whole(c) or c <= 0:
            raise PrimeroError(f"{name} has {c!r} chips: every player needs at least 1 chip")
    if not 0 <= dealer < len(players):
        raise PrimeroError(f"dealer seat {dealer} is not a seat of {len(players)} players")
    for label, value in (("stake", table.stake), ("rest", table.rest), ("ante", table.ante),
                         ("carry-over", carry)):
        if not whole(value):
            raise PrimeroError(f"{label} must be a whole number of chips, got {value!r}")
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


class KnownTable:
    """A checked table: the deal setup without its cards, and the seats before the deal.

    What :func:`primero.engine.start_deal` keeps per table (:data:`SETUPS`), so a simulation
    that deals at the same table again and again checks it once.

    Attributes:
        setup: The checked setup with no cards yet (``stock=()``, ``seed=0``).
        seats: The seats before the deal, in playing order.
    """

    __slots__ = ("seats", "setup")

    def __init__(self, setup: DealSetup, seats: tuple[Seat, ...]) -> None:
        self.setup = setup
        self.seats = seats


#: Checked table setups by their plain arguments (see :func:`setup_key`) or by their setup
#: without cards (a :class:`DealSetup` given to ``start_deal``).
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
    if known is None:
        names, stacks, seat, table, seats = table_setup(variant, players, chips, dealer, stake,
                                                        rest, ante, carry, raise_cap)
        known = KnownTable(DealSetup(players=names, chips=stacks, dealer=seat, table=table,
                                     carry=carry, stock=(), seed=0), seats)
        if key is not None:
            if len(SETUPS) >= 1024:
                SETUPS.clear()
            SETUPS[key] = known
    return known


def setup_key(variant: Variant, players: object, chips: object, dealer: object,
               *numbers: object) -> tuple[object, ...] | None:
    """The cache key of a table setup given as plain values (``None``: not cached).

    Only exact ``str`` names and ``int`` numbers are cached, so a ``bool`` or an odd type
    always meets the checks of :func:`table_setup`.
    """
    if type(players) is list or type(players) is tuple:
        names = tuple(players)
    else:
        return None
    if type(chips) is list or type(chips) is tuple:
        chips = tuple(chips)
        if any(type(c) is not int for c in chips):
            return None
    elif type(chips) is not int:
        return None
    if type(dealer) is not int and type(dealer) is not str:
        return None
    if any(type(v) is not int and v is not None for v in numbers) \
            or any(type(p) is not str for p in names):
        return None
    return (variant, names, chips, dealer, *numbers)


def table_setup(variant: Variant, players: Sequence[str], chips: Sequence[int] | int,
                 dealer: int | str, stake: int, rest: int, ante: int | None, carry: int,
                 raise_cap: int | None) \
        -> tuple[tuple[str, ...], tuple[int, ...], int, Table, tuple[Seat, ...]]:
    """Check the table arguments of :func:`start_deal`: names, stacks, dealer, table, seats.

    Raises:
        PrimeroError: see :func:`start_deal`.
    """
    if isinstance(players, str):
        raise PrimeroError(
            f"players must be a list of names, not the text {players!r} (e.g. ['Anna', 'Ben'])"
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
        raise PrimeroError(f"chips must be a whole number or one per player, got {chips!r}")
    if isinstance(dealer, bool) or not isinstance(dealer, str | int):
        raise PrimeroError(f"dealer must be a seat number or a player's name, got {dealer!r}")
    for label, value in (("stake", stake), ("rest", rest), ("ante", ante), ("carry-over", carry),
                         ("raise_cap", raise_cap)):
        if value is not None and not whole(value):
            raise PrimeroError(f"{label} must be a whole number of chips, got {value!r}")
    if isinstance(dealer, str):
        if dealer not in names:
            raise PrimeroError(f"dealer {dealer!r} is not a player: {', '.join(names)}")
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
    rules = variant.rules
    plan = rules.plan
    rules.check_plan_fits(len(names))
    if table.ante and not any(step.kind == "ante" for step in plan):
        raise PrimeroError(f"{variant.name} has no ante: ante must be 0, got {table.ante}")
    seats = tuple(Seat(name=n, stack=c) for n, c in zip(names, stacks, strict=True))
    return names, stacks, dealer_seat, table, seats
