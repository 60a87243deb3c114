"""How a deal is set up: its plan's steps, the table and the setup.

A :class:`DealSetup` is the one value that says how a deal is set up (docs/plugins/architecture.md):
the players and their chips, the dealer, the :class:`Table`, the carry-over and how
the cards come. :func:`primero.deal.engine.start_deal` takes one (``start_deal(variant, setup)``);
a started deal keeps its own as ``state.setup``, with the stock filled in; a deal record
(:attr:`primero.records.DealRecord.setup`), a session (:meth:`primero.session.Session.next_setup`)
and the kit's strategies (:func:`primero.testing.deal_setups`) give the same value. The
facts derived from a setup once per deal are its context (:class:`primero.deal.state.DealContext`,
``state.context``).

Example::

    >>> from primero import DealSetup, Table, start_deal
    >>> setup = DealSetup(players=("Anna", "Ben", "Carla"), chips=(20, 20, 20), dealer=2,
    ...                   table=Table(stake=1, rest=3), seed=7)
    >>> state = start_deal("waks", setup)
    >>> state.setup == setup  # the deal's own setup also holds the stock the seed shuffled
    False
    >>> start_deal("waks", state.setup) == state  # ... and deals the same deal again
    True
    >>> state.setup.players, state.setup.dealer, len(state.setup.stock)
    (('Anna', 'Ben', 'Carla'), 2, 40)
"""


from __future__ import annotations

from _random import Random as _BaseRandom
from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import field, frozen

if TYPE_CHECKING:
    from primero.cards import Card

__all__ = ["DEALING_MODES", "DealSetup", "Step", "Table", "seeded_stock"]


#: How a deal's cards are chosen (``start_deal(dealing=...)``): from a seeded shuffle, from a
#: stacked stock given in advance, or from outside, one card at each chance node.
DEALING_MODES = ("seeded", "stacked", "external")


@frozen
class Step:
    """One step of a deal's plan (the ``primero_deal_plan`` hook).

    Attributes:
        kind: ``"ante"``, ``"deal"``, ``"bet"``, ``"exchange"``, ``"declare"`` or
            ``"showdown"``; a plug-in may add its own kinds and handle them in
            ``primero_start_step``.
        number: The betting round or declaration number (1-based), or 0.
        count: Cards to deal to each player, for ``"deal"``.
        together: For ``"deal"``: each player receives the step's cards together, in turn
            from the eldest (packets, docs/rules/revival.md), instead of one card at a time
            round the table (docs/rules/dealing.md, the default). The core deals either way.
    """

    kind: str
    number: int = 0
    count: int = 0
    together: bool = False

    def __str__(self) -> str:
        if self.kind == "deal":
            return f"deal {self.count}"
        if self.kind == "bet":
            return f"betting round {self.number}"
        return self.kind if not self.number else f"{self.kind} {self.number}"


@frozen(kw_only=True)
class Table:
    """Table parameters, in chips.

    Rules: docs/rules/waks.md, docs/rules/primiera.md, docs/rules/revival.md.

    Attributes:
        stake: The smallest bet or raise.
        rest: The largest single bet or raise.
        ante: What each player pays before the deal (variants with an ante only).
        raise_cap: House rule (docs/rules/waks.md): the most vies plus raises one betting round
            allows, then only hold, pass or fold; ``None`` (the default): no cap.
    """

    stake: int = 1
    rest: int = 3
    ante: int = 0
    raise_cap: int | None = None


@frozen(kw_only=True, eq=False)
class DealSetup:
    """How a deal is set up: everything a deal record needs besides the actions.

    Give one to :func:`primero.deal.engine.start_deal` (``start_deal(variant, setup)``, checked as
    its keyword form is); a started deal's own (``state.setup``) has ``stock`` filled in, so
    ``start_deal(state.variant, state.setup)`` deals the same deal again.

    Attributes:
        players: Names in playing order (one word each, distinct).
        chips: Starting chips in playing order.
        dealer: The dealer's seat (0-based; the eldest is the seat after it, docs/rules/dealing.md).
        table: Stake, rest, ante and raise cap, in chips.
        carry: Chips carried over from an earlier deal into this deal's pot.
        stock: The whole pack from the top, as it was before dealing; ``()`` (only in a setup
            given to ``start_deal``): the ``seed`` shuffles it.
        seed: Shuffles the stock when none is given, and seeds reshuffles (when the stock runs
            out) not given in advance.
        reshuffles: New stock orders given in advance (a replayed record).
        dealing: ``"seeded"`` (the stock is the one ``seed`` shuffles), ``"stacked"`` (the
            stock as given) or ``"external"`` (the caller deals each card; the stock is the
            pack in pack order, its order is not known), see :data:`DEALING_MODES`.

    ``seed``, ``reshuffles`` and ``dealing`` are only the means to the cards: two setups with
    the same stock are equal (so a replayed record equals the deal it was saved from), and
    two setups without one (``stock=()``, a seeded setup not yet dealt) are equal only with
    the same ``seed``. A setup without a stock never equals one with a stock: comparing them
    would need the variant's pack (``start_deal`` fills it in).
    """

    players: tuple[str, ...]
    chips: tuple[int, ...]
    dealer: int
    table: Table = Table()
    carry: int = 0
    stock: tuple[Card, ...] = ()
    seed: int = field(default=0, eq=False)
    reshuffles: tuple[tuple[Card, ...], ...] = field(default=(), eq=False)
    dealing: str = field(default="seeded", eq=False)

    @property
    def total_chips(self) -> int:
        """The deal's chips: the players' at the start plus the carry-over."""
        return sum(self.chips) + self.carry

    def _key(self) -> tuple[object, ...]:
        """What decides the deal: its seats and table, and its stock (else its seed)."""
        return (self.players, self.chips, self.dealer, self.table, self.carry, self.stock,
                None if self.stock else self.seed)

    def __eq__(self, other: object) -> bool:
        if type(other) is not DealSetup:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


#: Per pack size: ``(i, i + 1, bits)`` for each swap of a Fisher-Yates shuffle, last first.
_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def seeded_stock(cards: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """``cards`` shuffled as ``random.Random(seed).shuffle`` would: the same draws, the same order.

    How a seeded deal's stock is made (``start_deal(seed=...)``). ``random.shuffle``'s
    Fisher-Yates with its ``_randbelow`` inlined, on the C generator that ``random.Random``
    extends (an ``int`` seed seeds both alike), with each swap's bound and bit count worked
    out once per pack size: every seed keeps the stock it always had, in half the time.

    Args:
        cards: The pack in pack order.
        seed: A whole number (negative seeds seed as their absolute value, as in ``random``).
    """
    items = list(cards)
    swaps = _SWAPS.get(len(items))
    if swaps is None:
        swaps = _SWAPS[len(items)] = tuple((i, i + 1, (i + 1).bit_length())
                                            for i in range(len(items) - 1, 0, -1))
    getrandbits = _BaseRandom(seed).getrandbits
    for i, n, bits in swaps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    return tuple(items)
