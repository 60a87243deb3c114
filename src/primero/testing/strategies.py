"""Hypothesis strategies of the kit: cards, hands, seeds, deal set-ups, and actions to try.

:func:`deal_setups` draws a :class:`DealConfig` (2 to the variant's most players, uneven and
short stacks, stake and rest, a carry-over, a seed or a stacked stock); :func:`action_pool`
lists every shape of action worth trying at a state, legal or not.
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen
from hypothesis import strategies as st

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import FRENCH52, Card, Pack
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.registry import get_variant
from primero.plugins.registry import resolve_variant as _resolve
from primero.session import ante_required, has_ante_step
from primero.setup import DealSetup, Table
from primero.testing.failures import need_state
from primero.variant import Variant

__all__ = [
    "NAMES",
    "DealConfig",
    "action_pool",
    "cards",
    "deal_setups",
    "hands",
    "resolve_variant",
    "seeds",
]

#: Player names the strategies seat (one word each, distinct); more are made up if needed.
NAMES: tuple[str, ...] = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz", "Greta", "Hugo",
                          "Ida", "Jonas")


def resolve_variant(variant: str | Variant, **options: Any) -> Variant:
    """A configured variant: ``variant`` itself, or the installed variant of that name.

    The kit's spelling of :func:`primero.plugins.registry.resolve_variant` (options as keywords).

    Args:
        variant: A registered name (or alias) or a configured :class:`Variant` (e.g. one with
            house rules).
        **options: Variant options, applied to either.

    Raises:
        UnknownVariantError: no variant of that name is installed.
        InvalidOptionError: an unknown option or a bad value.
    """
    return _resolve(variant, options)


def cards(pack: Pack | Variant | None = None) -> st.SearchStrategy[Card]:
    """Single cards of ``pack`` (a :class:`Pack`, or a variant's pack; default ``italian40``)."""
    return st.sampled_from(_pack_of(pack).cards)


def hands(pack: Pack | Variant | None = None, size: int = 4) -> st.SearchStrategy[
        tuple[Card, ...]]:
    """Hands of ``size`` distinct cards of ``pack``, in the order drawn."""
    return st.lists(cards(pack), min_size=size, max_size=size, unique=True).map(tuple)


def seeds() -> st.SearchStrategy[int]:
    """Seeds for shuffles (64-bit, as :func:`primero.deal.start.new_seed` draws them)."""
    return st.integers(min_value=0, max_value=2**64 - 1)


def _pack_of(pack: Pack | Variant | None) -> Pack:
    if pack is None:
        return get_variant("waks").pack
    return pack.pack if isinstance(pack, Variant) else pack


def _names(count: int) -> tuple[str, ...]:
    return tuple(NAMES[:count]) + tuple(f"P{k}" for k in range(len(NAMES), count))


@frozen(kw_only=True, init=False)
class DealConfig:
    """A variant and a :class:`~primero.setup.DealSetup`: everything one deal needs.

    :func:`deal_setups` draws these; ``config.start()`` is ``start_deal(config.variant,
    config.setup)``. The setup is the library's one deal-setup value (the one deal records,
    sessions and ``state.setup`` hold); the other attributes read it, for the kit's callers.
    Make one from a setup (``DealConfig(variant=v, setup=s)``) or, as in 0.1, from its parts
    (``DealConfig(variant=v, players=..., chips=..., dealer=..., stake=..., rest=...,
    ante=..., carry=..., seed=..., stock=...)``, which makes the setup).

    Attributes:
        variant: The configured variant.
        setup: Players, chips, dealer, table, carry-over, and a seed or a stacked stock.
    """

    variant: Variant = attrs.field(repr=lambda v: repr(str(v)))
    setup: DealSetup = attrs.field(repr=lambda s: (
        f"DealSetup(players={s.players!r}, chips={s.chips!r}, dealer={s.dealer}, "
        f"table={s.table!r}, carry={s.carry}, "
        + (f"stock={' '.join(c.ascii for c in s.stock)!r})" if s.stock else f"seed={s.seed})")))

    def __init__(self, *, variant: Variant, setup: DealSetup | None = None,
                 players: tuple[str, ...] = (), chips: tuple[int, ...] = (), dealer: int = 0,
                 stake: int = 1, rest: int = 3, ante: int = 0, carry: int = 0, seed: int = 0,
                 stock: tuple[Card, ...] | None = None) -> None:
        if setup is None:
            setup = DealSetup(players=tuple(players), chips=tuple(chips), dealer=dealer,
                              table=Table(stake=stake, rest=rest, ante=ante), carry=carry,
                              stock=tuple(stock or ()), seed=seed,
                              dealing="stacked" if stock else "seeded")
        self.__attrs_init__(variant=variant, setup=setup)

    @property
    def players(self) -> tuple[str, ...]:
        """Names in playing order."""
        return self.setup.players

    @property
    def chips(self) -> tuple[int, ...]:
        """Starting chips in playing order."""
        return self.setup.chips

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.setup.dealer

    @property
    def stake(self) -> int:
        """The smallest bet, in chips."""
        return self.setup.table.stake

    @property
    def rest(self) -> int:
        """The largest single bet or raise, in chips."""
        return self.setup.table.rest

    @property
    def ante(self) -> int:
        """Each player's ante, in chips (only where the variant's plan has an ante step)."""
        return self.setup.table.ante

    @property
    def carry(self) -> int:
        """Chips carried over into the deal."""
        return self.setup.carry

    @property
    def seed(self) -> int:
        """Seeds the shuffle (with no stacked stock) and any reshuffle."""
        return self.setup.seed

    @property
    def stock(self) -> tuple[Card, ...] | None:
        """The stacked stock (the whole pack from the top), or ``None``: the seed shuffles."""
        return self.setup.stock or None

    @property
    def start_total(self) -> int:
        """Chips at the table plus the carry-in: what every state of the deal must hold."""
        return self.setup.total_chips

    def start(self) -> GameState:
        """Deal it: the state at the first decision (see :func:`primero.deal.engine.start_deal`)."""
        return start_deal(self.variant, self.setup)


def _ante_required(variant: Variant) -> bool:
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
    ante = draw(st.integers(min_value=0, max_value=3)) if has_ante_step(variant) else 0
    if ante and _ante_required(variant):  # primiera: a player short of the ante cannot play
        chips = tuple(max(c, ante) for c in chips)
    carry = draw(st.integers(min_value=0, max_value=max_carry))
    stock: tuple[Card, ...] | None = None
    if stacked and draw(st.booleans()):
        stock = tuple(draw(st.permutations(variant.pack.cards)))
    dealer = draw(st.integers(min_value=0, max_value=n - 1))
    seed = draw(seeds())
    return DealConfig(variant=variant, setup=DealSetup(
        players=_names(n), chips=chips, dealer=dealer, table=Table(stake=stake, rest=rest,
                                                                    ante=ante),
        carry=carry, stock=stock or (), seed=seed,
        dealing="stacked" if stock else "seeded"))


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

    Raises:
        ValueError: ``min_players``..``max_players`` leaves no table size within the
            variant's range; the message names both ranges.
        UnknownVariantError: ``variant`` names no registered variant.
    """
    v = resolve_variant(variant)
    low, high = v.spec.players
    lo = low if min_players is None else max(low, min_players)
    hi = high if max_players is None else min(high, max_players)
    if lo > hi:
        raise ValueError(f"{v.name} is played by {low} to {high} players: no table of "
                         f"{min_players}..{max_players}")
    return _deal_setups(v, lo, hi, max_chips, max_carry, stacked)


def _outside_card(state: GameState) -> Card | None:
    pack = state.variant.pack
    return next((c for c in FRENCH52 if c not in pack), None)


def action_pool(state: GameState) -> tuple[Action, ...]:
    """Every shape of action worth trying at ``state``, legal or not.

    Vies and raises of every size from -1 to past the rest and the stack, hold, pass, fold,
    exchanges of the hand's cards, of a card held elsewhere, of a card outside the pack and of
    a duplicate; Suzuki-style passes with an exchange; vies and raises that name a call.
    """
    need_state(state, "action_pool")
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

