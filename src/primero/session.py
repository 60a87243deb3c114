"""Sessions: a sequence of deals at one table (docs/rules/waks.md "Session", §3 carry-over).

The first dealer is found by drawing cards (lowest point value deals, ties redraw); after each
deal the deal passes as the variant's ``deal_passes`` says (docs/rules/dealing.md#direction):
``with_play``, to the eldest; ``against_play``, to the player before the dealer in playing
order (:func:`primero.seating.next_dealer_seat`); a pot not won is carried into the next
deal; a player with no chips left leaves the table, and so, in a variant whose rules say a
player who cannot pay the ante cannot take part (``primiera``, docs/rules/primiera.md: a rules
plug-in
with ``ante_required = True``), does a player short of the ante. Chips are conserved across
the whole session: stacks plus the carry-over never change.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence

from attrs import evolve, frozen

from primero.cards import Card
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError, named, typed_name
from primero.options import whole_number
from primero.plugins.registry import get_variant
from primero.seating import next_dealer_seat
from primero.setup import DealSetup, Table, check_seed, seed_problem
from primero.variant import Variant

__all__ = ["DealerDraw", "Session", "ante_required", "draw_for_dealer", "has_ante_step"]


def _counted(number: int, thing: str) -> str:
    """``number`` things in words: ``_counted(1, "player")`` is ``"1 player"``, else plural."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def ante_required(variant: Variant) -> bool:
    """Whether a player who cannot pay the ante cannot take part (``primiera``).

    Rules: docs/rules/primiera.md.

    True when one of the variant's rules plug-ins says ``ante_required = True``; elsewhere a
    player short of the ante goes all-in (docs/rules/revival.md).
    """
    return any(getattr(p, "ante_required", False) is True for p in variant.spec.plugins)


def has_ante_step(variant: Variant) -> bool:
    """Whether ``variant``'s deal plan has an ante step (revival does; the Waks family not).

    :func:`~primero.deal.engine.start_deal` refuses a non-zero ante for a variant without one.
    """
    return any(step.kind == "ante" for step in variant.rules.deal.deal_plan())


@frozen
class DealerDraw:
    """The cards drawn to choose the first dealer.

    Attributes:
        rounds: Each round of drawing: ``(player, card)`` pairs; later rounds only among the
            players tied for the lowest card.
        dealer: The seat that deals first.
    """

    rounds: tuple[tuple[tuple[str, Card], ...], ...]
    dealer: int


def draw_for_dealer(variant: Variant, players: Sequence[str], rng: random.Random) -> DealerDraw:
    """Choose the first dealer: each draws a card, the lowest point value deals, ties redraw.

    docs/rules/waks.md "First dealer"; with the primiera scale a court is lowest.

    Args:
        variant: Gives the pack and the card points.
        players: Names in playing order.
        rng: The random source (nothing global is used).
    """
    points = variant.ranking.points
    drawing = list(range(len(players)))
    rounds: list[tuple[tuple[str, Card], ...]] = []
    while True:
        cards = rng.sample(variant.pack.cards, len(drawing))
        rounds.append(tuple((players[s], c) for s, c in zip(drawing, cards, strict=True)))
        low = min(points[c] for c in cards)
        drawing = [s for s, c in zip(drawing, cards, strict=True) if points[c] == low]
        if len(drawing) == 1:
            return DealerDraw(rounds=tuple(rounds), dealer=drawing[0])


@frozen(kw_only=True)
class Session:
    """A table between deals: who sits where with how many chips, who deals next, the carry.

    Make one with :meth:`Session.new`; ``session.start_deal()`` deals the next deal (the
    :class:`~primero.setup.DealSetup` of :meth:`next_setup`), and
    ``session.after(final_state)`` books its result and moves the deal on.

    Attributes:
        variant: The variant played.
        players: Names still at the table, in playing order.
        chips: Their chips, in playing order.
        dealer: The seat that deals next.
        table: Stake, rest, ante.
        carry: Chips carried over into the next deal.
        seed: The session's seed; deal ``k`` is shuffled from a seed derived from it.
        deals: Deals played so far.
        left: Players who left the table, in the order they left: with no chips, or (in
            ``primiera``) short of the ante.
        left_chips: The chips each of them took away, aligned with ``left`` (0 for a player
            who left with no chips).
        first_draw: The draw that chose the first dealer, if there was one.
    """

    variant: Variant
    players: tuple[str, ...]
    chips: tuple[int, ...]
    dealer: int
    table: Table
    carry: int = 0
    seed: int = 0
    deals: int = 0
    left: tuple[str, ...] = ()
    left_chips: tuple[int, ...] = ()
    first_draw: DealerDraw | None = None

    def __attrs_post_init__(self) -> None:
        """Refuse what no session can hold (the rest is checked when a deal starts).

        Raises:
            PrimeroError: ``variant`` is not a :class:`~primero.variant.Variant` (a name is
                not: use ``get_variant``), ``seed`` or ``deals`` is not a whole number, or
                either is negative; ``players`` and ``chips`` (or ``left`` and
                ``left_chips``) differ in length. Lists are kept as tuples.
        """
        if not isinstance(self.variant, Variant):
            raise PrimeroError(f"session variant must be a Variant (get_variant(name)), got "
                               f"{named(self.variant)}")
        for what, value in (("seed", self.seed), ("deals", self.deals)):
            if type(value) is not int:
                raise PrimeroError(f"session {what} must be a whole number, got {named(value)}")
        if self.deals < 0:
            raise PrimeroError(f"session deals must be 0 or more, got {self.deals}")
        if self.seed < 0:
            raise PrimeroError(f"session {seed_problem(self.seed)}")
        for what in ("players", "chips", "left", "left_chips"):
            value = getattr(self, what)
            if isinstance(value, list):  # a list books deals as the tuple it equals
                object.__setattr__(self, what, tuple(value))
        if isinstance(self.players, tuple) and isinstance(self.chips, tuple) \
                and len(self.players) != len(self.chips):
            raise PrimeroError(f"session has {_counted(len(self.players), 'player')} but "
                               f"{_counted(len(self.chips), 'chip count')}")
        if self.left_chips and len(self.left_chips) != len(self.left):
            raise PrimeroError(f"session has {_counted(len(self.left), 'player')} who left but "
                               f"{_counted(len(self.left_chips), 'chip count')} for them")

    @classmethod
    def new(
        cls,
        variant: Variant | str,
        players: Sequence[str],
        chips: int | Sequence[int] = 50,
        *,
        stake: int = 1,
        rest: int = 3,
        ante: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | str | None = None,
        raise_cap: int | None = None,
    ) -> Session:
        """Seat the players; the first dealer is drawn for unless ``dealer`` is given.

        Args:
            variant: The variant to play, or its name (``get_variant(name)``).
            players: Names in playing order.
            chips: Everyone's starting chips (one number) or each player's.
            stake: The smallest bet, in chips.
            rest: The largest single bet or raise, in chips.
            ante: Each player's ante per deal; default the variant's own.
            seed: The session's seed (or give ``rng``).
            rng: Draw the seed from this generator.
            dealer: The first dealer's seat (``-1`` the last) or name; default: draw cards
                for it.
            raise_cap: House rule (docs/rules/waks.md): the most vies plus raises a betting round
                allows; default none.

        Raises:
            PrimeroError: ``variant`` neither a Variant nor a name; no seed or rng, a seed
                that is not a whole number from 0, or an rng that is not a random.Random;
                ``players`` given as one text or as no list (a set has no playing order),
                or ``chips`` neither a number nor a list; bad
                players
                (too few or too many for the variant), chips, dealer or table (as in
                ``start_deal``), checked before the draw.
        """
        if isinstance(variant, str):
            variant = get_variant(variant)
        if not isinstance(variant, Variant):
            raise PrimeroError(f"variant must be a Variant or a variant name, got "
                               f"{typed_name(variant)}")
        if seed is None:
            if rng is None:
                raise PrimeroError("give a seed or a random.Random (rng) for the session")
            if not isinstance(rng, random.Random):
                raise PrimeroError(f"rng must be a random.Random, got {named(rng)}")
            seed = rng.getrandbits(64)
        else:
            seed = check_seed(seed)  # from 0, as start_deal and --seed take it
        if isinstance(players, str):
            raise PrimeroError(f"players is one text {named(players)}: give a list of names, "
                               "e.g. ['Anna', 'Ben']")
        if not isinstance(players, Sequence):  # a set has no playing order; start_deal's words
            raise PrimeroError(f"players must be a list of names, got {type(players).__name__}")
        if not isinstance(chips, numbers.Integral | Sequence) or isinstance(chips, str):
            raise PrimeroError(f"chips is {typed_name(chips)}: give everyone's chips (a whole "
                               "number) or a list of each player's")
        names = tuple(players)
        stacks: tuple[int, ...]
        if isinstance(chips, numbers.Integral):  # a numpy int as an int; True stays, refused
            stacks = (int(chips) if whole_number(chips) else chips,) * len(names)  # type: ignore[assignment]
        else:
            stacks = tuple(chips)
        ante = variant.spec.ante if ante is None else ante
        # the engine checks players, chips, dealer and table before any card is drawn
        probe = start_deal(variant, names, stacks, dealer=0 if dealer is None else dealer,
                           stake=stake, rest=rest, ante=ante, seed=seed, raise_cap=raise_cap)
        first_draw = None
        if dealer is None:
            first_draw = draw_for_dealer(variant, names, random.Random(f"dealer:{seed}"))
            seat = first_draw.dealer
        else:  # a seat (-1 the last) or a player's name, as start_deal reads it
            seat = probe.setup.dealer
        return cls(variant=variant, players=names, chips=stacks, dealer=seat,
                   table=Table(stake=stake, rest=rest, ante=ante, raise_cap=raise_cap),
                   seed=seed,
                   first_draw=first_draw)

    @property
    def finished(self) -> bool:
        """Fewer players are left than the variant needs."""
        return len(self.players) < self.variant.spec.players[0]

    @property
    def total_chips(self) -> int:
        """Chips at the table, the carry and the chips taken away: constant through the session.

        Players who left short of an ante they must pay (``primiera``) took their chips away.
        """
        return sum(self.chips) + self.carry + sum(self.left_chips)

    def deal_seed(self, index: int | None = None) -> int:
        """The shuffle seed of deal ``index`` (default: the next deal).

        Args:
            index: The deal, counted from 0 (a Python or numpy integer).

        Raises:
            PrimeroError: ``index`` is not a whole number of 0 or more (``-1``, ``1.5`` and
                ``True`` named no deal, yet each gave a seed of its own).
        """
        if index is not None and (not whole_number(index) or index < 0):
            raise PrimeroError(f"a deal is numbered from 0 by a whole number, got "
                               f"{named(index)}")
        k = self.deals if index is None else int(index)
        return random.Random(f"deal:{self.seed}:{k}").getrandbits(64)

    def next_setup(self) -> DealSetup:
        """The next deal's setup: players, chips, dealer, table, carry-over, and its seed.

        The seed is :meth:`deal_seed`'s;
        ``start_deal(session.variant, session.next_setup())`` is ``session.start_deal()``.
        """
        return DealSetup(players=self.players, chips=self.chips, dealer=self.dealer,
                         table=self.table, carry=self.carry, seed=self.deal_seed())

    def start_deal(self) -> GameState:
        """Deal the next deal (:meth:`next_setup`: shuffled from :meth:`deal_seed`).

        Raises:
            PrimeroError: the session is finished.
        """
        if self.finished:
            raise PrimeroError("the session is over: too few players have chips")
        return start_deal(self.variant, self.next_setup())

    def after(self, state: GameState) -> Session:
        """Book a finished deal: new chips and carry, busted players leave, the deal passes on.

        The next dealer is the first player still at the table after the dealer in playing
        order (``deal_passes = with_play``: the eldest, if they stay) or before the dealer
        (``against_play``), docs/rules/dealing.md#direction.

        A player with no chips leaves the table; in ``primiera`` (:func:`ante_required`) so
        does a player who cannot pay the next ante, taking their chips with them (they are no
        longer at the table: :meth:`standings` lists them with their chips).

        Raises:
            PrimeroError: not a GameState, the deal is not over, or is not this session's next
                deal (other players or chips, or another variant, carry-over, dealer or
                table).
        """
        if not isinstance(state, GameState):
            raise PrimeroError(f"after() takes a finished deal (a GameState), got {named(state)}")
        if not state.over or state.settlement is None:
            raise PrimeroError("the deal is not over yet")
        if state.players != self.players or state.setup.chips != self.chips:
            raise PrimeroError("that deal was not dealt from this session")
        # a deal dealt without the carry (or at another table) would lose or make chips
        for what, dealt, expected in (
            ("variant", state.variant, self.variant),  # another's rules settled it
            ("carry-over", state.setup.carry, self.carry),
            ("dealer", state.setup.dealer, self.dealer),
            ("table", state.setup.table, self.table),
        ):
            if dealt != expected:
                raise PrimeroError(f"that deal was not dealt from this session: its {what} is "
                                   f"{dealt}, the session's {expected}")
        stacks = state.stacks
        least = max(1, self.table.ante) if ante_required(self.variant) else 1
        keep = [i for i, c in enumerate(stacks) if c >= least]
        # the next dealer: the first seat after this dealer (with_play) or before it
        # (against_play) that stays at the table
        nxt = next_dealer_seat(self.variant, self.dealer, len(stacks),
                               lambda seat: stacks[seat] >= least) if keep else 0
        return evolve(
            self,
            players=tuple(self.players[i] for i in keep),
            chips=tuple(stacks[i] for i in keep),
            dealer=keep.index(nxt) if keep else 0,
            carry=state.settlement.carry,
            deals=self.deals + 1,
            left=self.left + tuple(self.players[i] for i, c in enumerate(stacks)
                                   if c < least),
            left_chips=self.left_chips + tuple(c for c in stacks if c < least),
        )

    def standings(self) -> list[tuple[str, int]]:
        """``(player, chips)`` most chips first; then the players who left, last to leave first.

        A player who left is listed with the chips they took away (0 with none).
        """
        table = sorted(zip(self.players, self.chips, strict=True), key=lambda pc: -pc[1])
        gone = list(zip(self.left, self.left_chips or (0,) * len(self.left), strict=True))
        return table + list(reversed(gone))
