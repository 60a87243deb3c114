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

import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import field, frozen

from primero.errors import PrimeroError, named
from primero.native_shuffle import shuffler
from primero.options import whole_number

if TYPE_CHECKING:
    from primero.cards import Card

__all__ = [
    "DEALING_MODES",
    "MAX_NAME_LENGTH",
    "DealSetup",
    "Step",
    "Table",
    "check_seed",
    "player_names_problem",
    "seed_problem",
    "seeded_stock",
]


#: How a deal's cards are chosen (``start_deal(dealing=...)``): from a seeded shuffle, from a
#: stacked stock given in advance, or from outside, one card at each chance node.
DEALING_MODES = ("seeded", "stacked", "external")


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a deal's shuffle, or ``None`` if it can.

    A seed is a whole number from 0 (docs/reference/deal-files.md); ``-1`` would deal the
    very cards of ``1`` (``random`` seeds with the absolute value), so one deal would have
    two spellings. The wording is the command line's (``primero replay --seed -1``).

    Args:
        seed: The seed given.

    Returns:
        One line such as ``seed must be at least 0, got -1``, or ``None``.
    """
    if not whole_number(seed):
        return f"seed must be a whole number, got {seed!r:.60}"
    if seed < 0:  # type: ignore[operator]
        shown = f"{seed}" if seed > -10 ** 15 else f"a {len(str(seed)) - 1}-digit number"  # type: ignore[operator]
        return f"seed must be at least 0, got {shown}"
    return None


def check_seed(seed: object) -> int:
    """``seed`` as an ``int`` if it can seed deals (:func:`seed_problem`); else an error.

    Where a seed enters the library (``start_deal``, ``simulate``, ``Session``,
    ``duplicate_match``...) it is read by this one rule, the command line's ``--seed`` too:
    a whole number from 0.

    Args:
        seed: The seed given (an ``int``, or an integral type such as numpy's).

    Returns:
        The seed as a plain ``int``.

    Raises:
        PrimeroError: ``seed`` is not a whole number (``1.5``, ``True``, ``"1"``) or is
            negative: ``seed must be at least 0, got -5``.
    """
    problem = seed_problem(seed)
    if problem is not None:
        raise PrimeroError(problem)
    return int(seed)  # type: ignore[call-overload,no-any-return]


#: Default-ignorable code points (Unicode's Default_Ignorable_Code_Point, the ranges it lists
#: outside the format characters): variation selectors, Hangul fillers and the like print
#: as nothing, so two names that differ only in them print alike.
_IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0000, 0xE0FFF))


def _ignorable(char: str) -> bool:
    """A character that prints as nothing: a format character or a default-ignorable one."""
    code = ord(char)
    return unicodedata.category(char) == "Cf" or any(
        low <= code <= high for low, high in _IGNORABLE_RANGES)


def _printed(name: str) -> str:
    """How a name prints: its NFC form without the characters that print as nothing."""
    return "".join(ch for ch in unicodedata.normalize("NFC", name) if not _ignorable(ch))


#: The most characters (code points) a player name may have: a name fits a table's column and
#: an error quotes it whole.
MAX_NAME_LENGTH = 40


def player_names_problem(players: Sequence[str]) -> str | None:
    """Why these player names cannot sit at one table, or ``None`` if they can.

    A name is one word of printable text with a visible character, at most
    :data:`MAX_NAME_LENGTH` characters long, and no two names print
    alike: names equal after NFC normalisation and dropping the characters that print as
    nothing (variation selectors, format characters) are one name to a reader
    (docs/reference/deal-files.md). Names that are not text are left to the deal's checks.

    Args:
        players: Names in playing order.

    Returns:
        One line naming the first bad name and what is wrong with it, or ``None``.
    """
    names = [p for p in players if isinstance(p, str)]
    met: set[str] = set()
    for name in names:  # the same name twice, as the deal refuses it (before any action)
        if name in met:
            return f"two players are called {named(name)}: names must be distinct"
        met.add(name)
    if all(name.isascii() and name.isalnum() and len(name) <= MAX_NAME_LENGTH
           for name in names):
        return None  # letters and digits: printable, one word, visible, NFC, none ignorable
    for name in names:
        odd = next((ch for ch in name if not ch.isprintable()), None)
        if odd is not None:  # an escape sequence, a NUL, a bidi override: a terminal obeys them
            kind = "control" if unicodedata.category(odd) == "Cc" else "invisible"
            return (f"player name {named(name)} holds the {kind} character "
                    f"U+{ord(odd):04X}: a name is printable text")
        if len(name) > MAX_NAME_LENGTH:
            return (f"player name {named(name)} is longer than the {MAX_NAME_LENGTH} "
                    "characters a name may have")
        if not name:
            return "a player name is empty: a name is one word of printable text"
        if name.split() != [name]:
            return f"player name {named(name)} must be one word (no spaces)"
    seen: dict[str, str] = {}
    for name in names:
        printed = _printed(name)
        if not any(unicodedata.category(ch)[0] in "LNPS" for ch in printed):
            return (f"player name {named(name)} has no visible character (only marks "
                    f"or characters that print as nothing): a name must show")
        other = seen.setdefault(printed, name)
        if other != name:
            return (f"player names {named(other)} and {named(name)} print alike "
                    "(the same after NFC normalisation, ignoring characters that print as "
                    "nothing): names must be distinct")
    return None


#: Player-name tuples :func:`_check_players` found sound (a session deals at one table often).
_SOUND_NAMES: set[tuple[str, ...]] = set()


def _check_players(_setup: object, _attribute: object, players: object) -> None:
    """The :class:`DealSetup` validator of ``players``: :func:`player_names_problem`."""
    try:
        if players in _SOUND_NAMES:
            return
    except TypeError:  # a list, or names that are not text: for the deal's checks to word
        pass
    if type(players) is tuple and all(type(p) is str for p in players):
        problem = player_names_problem(players)
        if problem is None:
            if len(_SOUND_NAMES) >= 1024:
                _SOUND_NAMES.clear()
            _SOUND_NAMES.add(players)
            return
        raise PrimeroError(problem)
    if isinstance(players, tuple | list):
        problem = player_names_problem(players)
        if problem is not None:
            raise PrimeroError(problem)


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

    Raises:
        PrimeroError: on construction, player names that print alike or show nothing, or
            that are not one word of printable text (:func:`player_names_problem`).
    """

    players: tuple[str, ...] = field(validator=_check_players)
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


#: The shuffle seeded stocks use (:func:`primero.native_shuffle.shuffler`), once asked for.
_shuffle: Callable[[tuple[Card, ...], int], tuple[Card, ...]] | None = None


def seeded_stock(cards: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """``cards`` shuffled as ``random.Random(seed).shuffle`` would: the same draws, the same order.

    How a seeded deal's stock is made (``start_deal(seed=...)``): every seed keeps the stock
    it always had, whatever its size (a seed of ``2**128`` too). The shuffle is compiled
    where primero's extensions were built (:mod:`primero.native_shuffle`: CPython's Mersenne
    Twister and ``random.shuffle``'s Fisher-Yates in C, about a third of the pure shuffle's
    instructions), else pure Python (also with ``PRIMERO_NO_NATIVE`` set); the same order
    either way.

    Args:
        cards: The pack in pack order.
        seed: A whole number from 0.

    Returns:
        The cards from the top of the stock down.

    Raises:
        PrimeroError: ``seed`` is negative or not a whole number (:func:`seed_problem`).
    """
    global _shuffle
    if type(seed) is not int or seed < 0:
        problem = seed_problem(seed)
        if problem is not None:
            raise PrimeroError(problem)
        seed = int(seed)
    shuffle = _shuffle
    if shuffle is None:
        shuffle = _shuffle = shuffler()
    return shuffle(cards if type(cards) is tuple else tuple(cards), seed)
