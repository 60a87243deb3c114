"""Deal records: the TOML deal file — read, checked key by key, saved and replayed.

A recorded deal, a worked case and a bug report are one kind of file (the format:
docs/reference/deal-files.md). Saving always writes
the whole stock order and every reshuffle, so replaying a record never depends on a random
generator. The ``[expect]`` table (and any other table the library does not know, such as
``[printed]``) is kept in :attr:`DealRecord.extra` and ignored when replaying.

Reading is guarded: the file's limits (:data:`MAX_RECORD_BYTES`, :data:`MAX_DEPTH`,
:data:`~primero.deal.start.MAX_CHIPS`, :data:`~primero.deal.start.MAX_SEED`: a deal file gives
what a deal takes), :func:`read_record_text` (a regular file, not too large, UTF-8) and a
check of every key (a whole number, a list of cards, ASCII digits), every error a
:class:`~primero.errors.RecordError` naming the file and the key and never echoing a huge
value whole.

Example::

    >>> from primero.records import load_record, replay
    >>> state = replay(load_record("tests/cases/waks_example.toml"))  # doctest: +SKIP
    >>> state.stacks  # doctest: +SKIP
    (57, 45, 50, 48)
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import tomli_w
from attrs import evolve, field, frozen

from primero.actions import ACTION_WORDS, MAX_AMOUNT_DIGITS, Action, parse_action
from primero.cards import Card, parse_cards
from primero.deal.engine import start_deal
from primero.deal.start import MAX_CHIPS, MAX_SEED
from primero.deal.state import GameState
from primero.errors import PrimeroError, RecordError, named
from primero.json_schema import FORMAT
from primero.plugins.manager import plugin_label
from primero.plugins.registry import get_variant, registry
from primero.setup import DealSetup, Table, player_names_problem, seed_problem
from primero.variant import Variant

__all__ = [
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "DealRecord",
    "dump_record",
    "load_record",
    "read_record_text",
    "record_data",
    "record_from_data",
    "record_from_state",
    "replay",
    "replay_states",
    "save_record",
]


#: The largest deal file read, in bytes (a real deal file is a few kilobytes).
MAX_RECORD_BYTES = 1 << 20


#: How deeply lists and tables may nest in a deal file (the format itself needs 3).
MAX_DEPTH = 32


#: The most characters of a bad value echoed in a message.
_SHOWN = 60


def _show(value: object) -> str:
    """A value as a message quotes it: short, never a 5,000-digit number or a whole table."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 15:
        return f"a {len(str(abs(value)))}-digit number"
    if isinstance(value, list | dict) and _depth(value) > 2:
        return "a nested " + ("list" if isinstance(value, list) else "table")
    shown = repr(value)
    return shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "…"


def _depth(value: object, limit: int = MAX_DEPTH + 1) -> int:
    """How deeply lists and tables nest in ``value`` (0 for a scalar), counted up to ``limit``."""
    depth, level = 0, [value]
    while depth < limit:
        nests = [x for x in level if isinstance(x, list | dict)]
        if not nests:
            return depth
        depth += 1
        level = [v for x in nests for v in (x.values() if isinstance(x, dict) else x)]
    return depth


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}: key {key!r} has the wrong type ({type(value).__name__})")
    return value


def _whole(data: Mapping[str, Any], key: str, default: int | None, where: str) -> Any:
    """An optional whole-number key (chips, a seed): TOML integers only, not text or floats."""
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: key {key!r} must be a whole number, got {_show(value)}")
    _bounded(value, key, where, MAX_SEED if key == "seed" else MAX_CHIPS)
    if key == "seed":
        problem = seed_problem(value)
        if problem is not None:
            raise RecordError(f"{where}: key 'seed': {problem}")
    return value


def _bounded(value: int, key: str, where: str, limit: int) -> None:
    if abs(value) > limit:
        raise RecordError(f"{where}: key {key!r} is {_show(value)}: at most {limit:,} here")


def _cards(value: Any, key: str, where: str) -> tuple[Card, ...]:
    """A list of cards: a TOML array of card names or one string of them."""
    if not isinstance(value, list | str):
        raise RecordError(f"{where}: key {key!r} must be a list of cards, got {_show(value)}")
    try:
        return parse_cards(value)
    except PrimeroError as exc:
        raise RecordError(f"{where}: {key}: {exc}") from None


def _is_path(source: str) -> bool:
    """Whether ``source`` names a file rather than holding TOML text.

    One line without ``=`` is a path; one line with ``=`` is a path only if such a file
    exists (``runs/seed=3/deal.toml``), else TOML text (``variant = "waks"``).
    """
    if "\n" in source:
        return False
    if "=" not in source:
        return True
    try:
        return Path(source).is_file()
    except (OSError, ValueError):  # not a possible file name (too long, a NUL byte)
        return False


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_record_text(path: str | Path) -> str:
    """The text of a deal file: a regular file of at most :data:`MAX_RECORD_BYTES`, in UTF-8.

    The file is opened without blocking (a FIFO with no writer cannot hang the reader) and
    checked on the open descriptor, so what is checked is what is read. A leading UTF-8 byte
    order mark is accepted (editors on Windows write one).

    Raises:
        RecordError: not a regular file (a directory, a FIFO, ``/dev/zero``…), larger than
            the limit, or not UTF-8 text; the message names the file.
        OSError: the file cannot be opened (missing, no permission).
    """
    where = str(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise RecordError(f"{where}: {kind}, not a deal file: only regular files are read")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES // 1024} KiB: not a deal "
                          "file (a deal file is a few kilobytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{where}: not a text file in UTF-8 ({exc.reason} at byte "
                          f"{exc.start})") from None


def _parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a dict; every failure one :class:`RecordError` naming ``where``."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES // 1024} KiB: not a deal "
                          "record")
    text = text.removeprefix("\ufeff")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RecordError(f"{where}: not a deal file: lists or tables nested too deeply "
                          f"(more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        reason = "a number too long to read" if "digits" in str(exc) else str(exc)
        raise RecordError(f"{where}: not a deal file: {reason}") from None
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"{where}: not a deal file: lists or tables nested too deeply "
                          f"(more than {MAX_DEPTH} levels)")
    return data


def _ascii_digits(text: str, what: str, where: str) -> None:
    """Refuse digits other than ASCII 0-9 (``vie ２``, ``٢``): one spelling of every number."""
    if text.isascii():
        return
    odd_ones = {ch for ch in set(text) if ch.isdigit() and not ch.isascii()}  # (few kinds)
    if odd_ones:
        odd = min(odd_ones, key=text.index)  # the first in the text
        raise RecordError(f"{where}: {what}: numbers are written with the digits 0-9, "
                          f"not {odd!r}")


#: A word of action text that is a number of more digits than an amount may have.
_LONG_NUMBER = re.compile(rf"(?<!\S)-*([0-9]{{{MAX_AMOUNT_DIGITS + 1},}})(?!\S)")


#: The keys a deal file may set, in the order of docs/reference/deal-files.md.
_ORDER = ("format", "variant", "options", "players", "dealer", "chips", "stake", "rest", "ante",
          "carry", "raise_cap", "dealing", "stock", "seed", "reshuffles", "actions")
_KNOWN = frozenset(_ORDER)


@frozen(kw_only=True)
class DealRecord:
    """One deal as a deal file describes it: its variant, its setup, its actions.

    The fields are the deal file's keys (docs/reference/deal-files.md); :attr:`setup` is the
    :class:`~primero.setup.DealSetup` they make, the value replaying deals from, and
    :meth:`DealRecord.of` writes a setup as a record.

    Attributes:
        variant: Registered variant name.
        options: Variant options that differ from the defaults.
        players: Names in playing order.
        dealer: The dealer's name.
        chips: Starting chips in playing order.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante, in chips; ``None``: the variant's own default.
        carry: Chips carried over from an earlier deal.
        raise_cap: The house rule's most vies plus raises a betting round allows
            (docs/rules/waks.md#raise-cap), or ``None``.
        stock: The whole pack from the top; empty when ``seed`` shuffles it.
        seed: The shuffle seed when there is no ``stock``.
        reshuffles: Each new stock made from the discards, in order, top first.
        dealing: ``"external"`` for a deal that was dealt from outside
            (``start_deal(..., dealing="external")``): :func:`replay` deals it from outside
            again, each chance node given the card the stock (and reshuffles) name, so the
            replay equals the deal saved; ``None`` (the default) for a seeded or stacked deal.
        actions: ``(player, action text)`` in order.
        extra: Tables the library does not replay (``expect`` and the like).
    """

    variant: str
    players: tuple[str, ...]
    dealer: str
    chips: tuple[int, ...]
    options: tuple[tuple[str, Any], ...] = ()
    stake: int = 1
    rest: int = 3
    ante: int | None = None
    carry: int = 0
    raise_cap: int | None = None
    stock: tuple[Card, ...] = ()
    seed: int | None = None
    reshuffles: tuple[tuple[Card, ...], ...] = ()
    dealing: str | None = None
    actions: tuple[tuple[str, str], ...] = ()
    extra: Mapping[str, Any] = field(factory=dict, eq=False, repr=False)

    @property
    def setup(self) -> DealSetup:
        """The deal's setup (:class:`~primero.setup.DealSetup`): what replaying deals.

        A record without a stock has the seeded setup (``stock=()``, the ``seed`` shuffles
        it); one with a stock the stacked setup (its reshuffles given, seed 0). A record
        without ``ante`` takes the variant's own (``spec.ante``, the same for every option).

        Raises:
            RecordError: the variant is not installed (and no ``ante`` is given), the dealer
                is not one of the players, or the record gives neither a stock nor a seed.
        """
        if self.dealer not in self.players:
            raise RecordError(f"the dealer {named(self.dealer)} is not one of the players "
                              f"({_shown_names(self.players)})")
        if not self.stock and self.seed is None:
            raise RecordError("give either 'stock' (the whole pack) or 'seed'")
        try:
            ante = registry().spec(self.variant).ante if self.ante is None else self.ante
        except PrimeroError as exc:
            raise RecordError(str(exc)) from exc
        table = Table(stake=self.stake, rest=self.rest, ante=ante, raise_cap=self.raise_cap)
        dealer = self.players.index(self.dealer)
        return DealSetup(players=self.players, chips=self.chips, dealer=dealer, table=table,
                         carry=self.carry, stock=self.stock, seed=self.seed or 0,
                         reshuffles=self.reshuffles,
                         dealing="stacked" if self.stock else "seeded")

    @classmethod
    def of(cls, variant: Variant, setup: DealSetup,
           actions: Sequence[tuple[str, str]] = ()) -> DealRecord:
        """The record of a deal set up by ``setup`` in ``variant``, then ``actions``.

        The record is the deal file that deals the same cards: a seeded setup is written as
        its seed (which shuffles the stock and every reshuffle the setup does not give, as
        in the deal), a stacked one as its whole stock; the reshuffles given in advance are
        written out; the options and the ante only where they differ from the defaults.

        Args:
            variant: The configured variant.
            setup: The deal's setup (``state.setup``, or one given to ``start_deal``).
            actions: ``(player, action text)`` in order.

        Raises:
            RecordError: the setup is of a deal dealt from outside (``dealing="external"``):
                its stock order is not known; :func:`record_from_state` records such a deal
                by the cards it dealt.
        """
        if setup.dealing == "external":
            raise RecordError("a deal dealt from outside has no stock order to write: record "
                              "it with record_from_state(state), by the cards it dealt")
        seeded = setup.dealing == "seeded"
        defaults = {o.name: o.default for o in variant.spec.options}
        table = setup.table
        return cls(
            variant=variant.name,
            options=tuple((k, v) for k, v in variant.settings if defaults.get(k) != v),
            players=setup.players, dealer=setup.players[setup.dealer], chips=setup.chips,
            stake=table.stake, rest=table.rest,
            ante=table.ante if table.ante != variant.spec.ante else None, carry=setup.carry,
            raise_cap=table.raise_cap, stock=() if seeded else setup.stock,
            seed=setup.seed if seeded else None, reshuffles=setup.reshuffles,
            actions=tuple(actions),
        )

    @property
    def expect(self) -> Mapping[str, Any]:
        """The ``[expect]`` table (empty if none)."""
        value = self.extra.get("expect", {})
        return value if isinstance(value, Mapping) else {}


def load_record(source: str | Path) -> DealRecord:
    """Read a deal file.

    Args:
        source: A path to a TOML file, or TOML text (anything containing a newline, or an
            ``=`` when no file of that name exists).

    Raises:
        RecordError: the file is not a regular file, is larger than :data:`MAX_RECORD_BYTES`, is
            not UTF-8 TOML (a leading byte order mark is accepted), nests lists or tables more
            than :data:`MAX_DEPTH` deep, misses a key or has one of the wrong type (chips,
            stake, rest, ante, carry and seed are whole numbers, a seed from 0; ``format`` the
            whole number 1; stock, reshuffles and actions are lists), names a player that
            :func:`primero.setup.player_names_problem` refuses (checked before the actions that
            name the players), has a key the format does not know whose value is not a table (a
            typo such as ``action`` or ``stak``; tables such as ``[expect]`` are kept in
            :attr:`DealRecord.extra`), gives both ``stock`` and ``seed``, names no players or a
            dealer who is not one of them, gives a chip count per player that does not match the
            players, names a card that does not exist, writes a number with digits other than
            0-9, or an action is not ``"<player> <verb> ..."`` by one of the players; the
            message names the file and the key, and never echoes a huge value whole.
        OSError: the file cannot be opened (missing, no permission).
        RecordError: also ``source`` neither a path nor text (bytes, a number), or empty.
    """
    if not isinstance(source, str | Path):
        raise RecordError(f"load_record takes a deal file's path or TOML text, got "
                          f"{type(source).__name__}")
    if isinstance(source, str) and not source.strip():
        raise RecordError("load_record was given an empty text: give a deal file's path or "
                          "TOML text")
    if isinstance(source, Path) or _is_path(source):
        where = str(source)
        text = read_record_text(source)
    else:
        where, text = "deal record", source
    return record_from_data(_parse_toml(text, where), where)


def record_from_data(data: dict[str, Any], where: str = "deal record") -> DealRecord:
    """A record from a deal file's parsed table (TOML or JSON), checked as :func:`load_record`.

    Raises:
        RecordError: as :func:`load_record`, or ``data`` is not a table (a JSON list); the
            message starts with ``where``.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected a table of the deal file's keys, got "
                          f"{type(data).__name__}")
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"{where}: not a deal file: lists or tables nested too deeply "
                          f"(more than {MAX_DEPTH} levels)")
    unknown = [k for k, v in data.items() if k not in _KNOWN and not isinstance(v, dict)]
    if unknown:
        shown = ", ".join(_show(k) for k in unknown[:5]) + (", …" if len(unknown) > 5 else "")
        raise RecordError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                          f"{shown}; known keys: "
                          f"{', '.join(_ORDER)} (other tables, such as [expect], "
                          "are ignored)")
    players = tuple(_need(data, "players", list, where))
    if not all(isinstance(p, str) for p in players):
        raise RecordError(f"{where}: 'players' must be a list of names")
    if not players:
        raise RecordError(f"{where}: key 'players' is empty: name the players in playing order")
    problem = player_names_problem(players)  # before the actions that name them are read
    if problem is not None:
        raise RecordError(f"{where}: {problem}")
    dealer = _need(data, "dealer", str, where)
    if dealer not in players:
        raise RecordError(f"{where}: key 'dealer': {_show(dealer)} is not one of the players "
                          f"({_shown_names(players)})")
    chips_raw = _need(data, "chips", (list, int), where)
    chips = (chips_raw,) * len(players) if isinstance(chips_raw, int) else tuple(chips_raw)
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in chips):
        raise RecordError(f"{where}: key 'chips' must be whole numbers, got {_show(chips_raw)}")
    for value in chips:
        _bounded(value, "chips", where, MAX_CHIPS)
    if len(chips) != len(players):
        raise RecordError(f"{where}: key 'chips' gives {len(chips)} chip "
                          f"count{'s' if len(chips) != 1 else ''} for {len(players)} players "
                          "(one per player, or one number for all)")
    stock = _cards(data.get("stock", []), "stock", where)
    reshuffles_raw = data.get("reshuffles", [])
    if not isinstance(reshuffles_raw, list):
        raise RecordError(f"{where}: key 'reshuffles' must be a list of card lists")
    reshuffles = tuple(_cards(r, f"reshuffle {k}", where)
                       for k, r in enumerate(reshuffles_raw, start=1))
    seed = _whole(data, "seed", None, where)
    if not stock and seed is None:
        raise RecordError(f"{where}: give either 'stock' (the whole pack) or 'seed'")
    if "stock" in data and "seed" in data:
        raise RecordError(f"{where}: give either 'stock' (the whole pack) or 'seed', not both "
                          "(the stock would deal and the seed be ignored)")
    version = data.get("format", FORMAT)
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{where}: key 'format' must be a whole number (the format, "
                          f"{FORMAT}), got {_show(version)}")
    if version != FORMAT:
        raise RecordError(f"{where}: key 'format': {_show(version)}; this primero reads deal "
                          f"files of format {FORMAT} (a later format needs a later primero)")
    dealing = data.get("dealing")
    if dealing is not None and (dealing != "external" or not stock):
        raise RecordError(f"{where}: key 'dealing': {_show(dealing)}; the one value is "
                          "\"external\" (a deal dealt from outside, with its 'stock')")
    lines = data.get("actions", [])
    if not isinstance(lines, list):
        raise RecordError(f"{where}: key 'actions' must be a list of strings, one per action")
    actions: list[tuple[str, str]] = []
    checked: dict[str, tuple[str, str]] = {}  # a line met before passed every check below
    for k, line in enumerate(lines, start=1):
        if isinstance(line, str) and line in checked:
            actions.append(checked[line])
            continue
        if not isinstance(line, str) or len(line.split(None, 1)) < 2:
            raise RecordError(f"{where}: action {k} {_show(line)} is not "
                              "'<player> <verb> ...'")
        _ascii_digits(line, f"action {k} {_show(line)}", where)
        player, verb = line.split(None, 1)
        if player not in players:
            raise RecordError(f"{where}: action {k} {_show(line)}: {_show(player)} is not one "
                              f"of the players ({_shown_names(players)})")
        long = _LONG_NUMBER.search(verb)  # (digits other than 0-9 were refused above)
        if long is not None:  # refused before int() reads it (Python reads 4,300 digits)
            raise RecordError(f"{where}: action {k} {_show(line)}: a number of "
                              f"{len(long.group(1)):,} digits; an amount has at most "
                              f"{MAX_AMOUNT_DIGITS} (docs/reference/deal-files.md)")
        actions.append(checked.setdefault(line, (player, verb.strip())))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"{where}: 'options' must be a table")
    for key, value in options.items():
        if not isinstance(key, str):
            raise RecordError(f"{where}: option {_show(key)}: an option's name is text, "
                              f"not {type(key).__name__}")
        if isinstance(value, str):
            _ascii_digits(value, f"option {named(key)}", where)
    raise_cap = _whole(data, "raise_cap", None, where)
    if raise_cap is not None and raise_cap < 1:  # (the engine's words name Python's None)
        raise RecordError(f"{where}: key 'raise_cap' must be at least 1, got {raise_cap}; "
                          "leave the key out for no cap")
    return DealRecord(
        variant=_need(data, "variant", str, where),
        options=tuple(options.items()),
        players=players,
        dealer=dealer,
        chips=chips,
        stake=_whole(data, "stake", 1, where),
        rest=_whole(data, "rest", 3, where),
        ante=_whole(data, "ante", None, where),
        carry=_whole(data, "carry", 0, where),
        raise_cap=raise_cap,
        stock=stock,
        seed=seed,
        reshuffles=reshuffles,
        dealing=dealing,
        actions=tuple(actions),
        extra={k: v for k, v in data.items() if k not in _KNOWN},
    )


def start_record(record: DealRecord) -> GameState:
    """Set up the record's deal (before any action).

    A record of a deal dealt from outside (``dealing = "external"``) is dealt from outside
    again: its first cards are given at the chance nodes before the first action.

    Raises:
        RecordError: unknown variant or option, bad table, or a bad stock (naming the card).
    """
    return _start(record)[0]


class _Dealer:
    """Gives a record's cards at the chance nodes of its deal dealt from outside.

    The cards come in the order the record's stock and then each reshuffle give them (a
    deal saved from outside writes each as the cards it dealt, then the rest): the card a
    stacked replay of the record would deal at that point. A card the variant's rules dealt by
    name (in a hand already) is skipped, as the stacked deal skips it.
    """

    def __init__(self, record: DealRecord) -> None:
        self._segments = [list(record.stock), *(list(r) for r in record.reshuffles)]
        self._segment = 0
        self._given = len(record.reshuffles)

    def deal(self, state: GameState, label: str) -> GameState:
        """``state`` with every pending chance node dealt; ``label`` starts an error."""
        while state.chance is not None:
            if not state.stock:  # run out: the next cards come from the next reshuffle
                self._segment += 1
            if self._segment > self._given:
                raise RecordError(
                    f"{label}: the stock ran out and the discards are reshuffled for the "
                    f"{_ordinal(self._segment)} time, but the record gives {self._given} "
                    f"reshuffle{'s' if self._given != 1 else ''}")
            pool = self._segments[self._segment]
            held = {c for seat in state.seats for c in seat.hand}
            while pool and pool[0] in held:
                pool.pop(0)
            if not pool or pool[0] not in state.chance.cards:
                shown = pool[0].ascii if pool else "no card"
                raise RecordError(f"{label}: the record deals {shown} at a chance node that "
                                  "cannot give it (a deal dealt from outside replays its "
                                  "stock and reshuffles in the order dealt)")
            state = state.deal(pool.pop(0))
        return state


def _start(record: DealRecord) -> tuple[GameState, _Dealer | None]:
    """The record's first state (dealt up to the first action) and its dealer, if external."""
    try:
        variant = get_variant(record.variant, **dict(record.options))
        stacked = start_deal(variant, record.setup)  # checks the stock: the whole pack
        if record.dealing != "external":
            return stacked, None
        setup = record.setup
        outside = DealSetup(players=setup.players, chips=setup.chips, dealer=setup.dealer,
                            table=setup.table, carry=setup.carry, dealing="external")
        dealer = _Dealer(record)
        return dealer.deal(start_deal(variant, outside), "the deal's first cards"), dealer
    except RecordError:
        raise
    except PrimeroError as exc:
        raise RecordError(str(exc)) from exc


def replay(record: DealRecord, *, stop_after: int | None = None) -> GameState:
    """Replay a record's actions from its setup.

    Args:
        record: The deal record.
        stop_after: Replay only this many actions (default: all).

    Returns:
        The state after the actions (the finished deal for a complete record).

    Raises:
        RecordError: ``record`` is not a :class:`DealRecord` (a path or TOML text: read it
            with :func:`load_record`), ``stop_after`` is not a whole number of 0 or more,
            the setup is bad,
            or an action is by someone who is not one of the players, out of turn or
            illegal; the message gives the action's position (1-based) and text. Also when
            a stacked record
            without a seed gives fewer reshuffles than the deal makes, or (a whole replay)
            more (docs/rules/dealing.md: a replay never depends on a random generator).
    """
    (state,) = deque(replay_states(record, stop_after=stop_after), maxlen=1)  # the last
    return state


def replay_states(record: DealRecord, *, stop_after: int | None = None) \
        -> Iterator[GameState]:
    """Every state of a record's replay in order: the setup's, then one after each action.

    The checks and errors are :func:`replay`'s; each action is applied once, so a caller
    telling the deal action by action (``primero replay``) pays for one replay, not two.

    Args:
        record: The deal record.
        stop_after: Replay only this many actions (default: all).

    Yields:
        The state before the first action, then the state after each action.

    Raises:
        RecordError: as :func:`replay`, when the bad action (or the end of the record) is
            reached; the states before it have been yielded.
    """
    if not isinstance(record, DealRecord):
        hint = (" (load_record(path) reads a deal file into one)"
                if isinstance(record, str | os.PathLike | bytes) else "")
        raise RecordError(f"replay takes a DealRecord, got {named(record)}{hint}")
    if stop_after is not None:
        if isinstance(stop_after, bool) or not hasattr(type(stop_after), "__index__"):
            raise RecordError(f"stop_after must be a whole number of actions (or None: all), "
                              f"got {_show(stop_after)}")
        if stop_after < 0:
            raise RecordError(f"stop_after must be 0 or more actions, got {_show(stop_after)}")
    state, dealer = _start(record)
    yield state
    # a stacked record without a seed must give every reshuffle; with a seed (or no stock)
    # the missing ones come from that seed, as recorded in the deal file's format
    given = len(record.reshuffles) if record.stock and record.seed is None else None
    read: dict[str, Action | None] = {}  # each distinct text read once, not once per action
    for k, (player, text) in enumerate(record.actions[:stop_after], start=1):
        seat = state.to_act
        if seat is None:
            how = f" by {state.ended_by}" if state.ended_by else ""
            raise RecordError(f"{_label(k, player, text)}: the deal is already over (it "
                              f"ended{how} after {k - 1} action{'' if k == 2 else 's'} in "
                              f"{record.variant}; {len(record.actions) - k + 1} left in the "
                              "record)")
        to_act = state.seats[seat].name
        if player != to_act:
            if player not in record.players:
                raise RecordError(f"{_label(k, player, text)}: {_show(player)} is not one of "
                                  f"the players ({_shown_names(record.players)})")
            raise RecordError(f"{_label(k, player, text)}: it is {to_act}'s turn, not "
                              f"{player}'s")
        action = read[text] if text in read else read.setdefault(text, _read_text(text))
        try:
            state = state.apply(text if action is None else action)
        except PrimeroError as exc:
            raise RecordError(f"{_label(k, player, text)}: {exc}") from exc
        if dealer is not None:
            state = dealer.deal(state, _label(k, player, text))
        if given is not None and len(state.reshuffles) > given:
            label = _label(k, player, text)
            raise RecordError(
                f"{label}: the stock ran out and the discards are reshuffled for the "
                f"{_ordinal(given + 1)} time, but the record gives {given} reshuffle"
                f"{'s' if given != 1 else ''} (docs/rules/dealing.md: a record keeps every new "
                "stock "
                "order, so a replay never depends on a random generator)")
        yield state
    if given is not None and state.over and len(state.reshuffles) < given:
        made = len(state.reshuffles)
        raise RecordError(f"the record gives {given} reshuffle{'s' if given != 1 else ''} but "
                          f"the deal made {'none' if made == 0 else f'only {made}'}: drop the "
                          f"extra one{'s' if given - made != 1 else ''}")


def _label(k: int, player: str, text: str) -> str:
    """How an error names a record's ``k``-th action (1-based): ``action 5 'Anna pass'``."""
    return f"action {k} {_show(player + ' ' + text)}"


#: The longest action text :func:`replay_states` reads once per record: an exchange of a whole
#: pack (52 cards) with room to spare; longer text goes to :meth:`GameState.apply` as text.
_READ_ONCE = 256


def _read_text(text: str) -> Action | None:
    """The action a record's text reads as, where :meth:`GameState.apply` reads it the same.

    Text of single-spaced words that starts with an action word is read alone by ``apply``
    (:func:`primero.actions.parse_action`), whoever is to act: read once, its action is
    applied as the text would be, with the same checks and errors. Other text (longer than
    :data:`_READ_ONCE` characters, or text that does not read) is ``None``: it is applied as
    text, for ``apply``'s own reading and error.
    """
    if len(text) > _READ_ONCE:  # hostile or refused text: read by apply alone, not twice
        return None
    words = text.split()
    if not words or words[0].lower() not in ACTION_WORDS or " ".join(words) != text:
        return None
    try:
        return parse_action(text)
    except PrimeroError:
        return None


def _shown_names(names: Sequence[str]) -> str:
    """Player names an error lists: as written if :func:`player_names_problem` passed them.

    Names not yet checked (or refused) are each quoted by :func:`primero.errors.named`.
    """
    if player_names_problem(names) is None:
        return ", ".join(names)
    return ", ".join(named(name) for name in names)


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th`` ... ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _dealt_orders(state: GameState) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """The stock and reshuffle orders a stacked deal needs to deal what was dealt from outside.

    Each order is the cards dealt from it, in the order dealt, then the rest in pack order.
    """
    receipts = sorted((r for s in state.seats for r in s.received), key=lambda r: r.order)
    dealt = [r.card for r in receipts]
    pools = [state.setup.stock, *state.reshuffles]
    orders: list[tuple[Card, ...]] = []
    start = 0
    for pool in pools:
        taken = dealt[start:start + len(pool)]
        start += len(taken)
        rest = [c for c in pool if c not in set(taken)]
        orders.append((*taken, *rest))
    return orders[0], tuple(orders[1:])


def record_from_state(state: GameState) -> DealRecord:
    """The record of a deal so far: its setup, every reshuffle and every action.

    A deal dealt from outside is recorded by the cards it dealt (its stock and reshuffles
    written as the cards dealt from each, in order, then the rest) with
    ``dealing = "external"``: :func:`replay` deals it from outside again, and the replayed
    state equals the deal saved (``==``). Without that key the same file replays as the
    stacked deal that deals the same cards.

    Raises:
        RecordError: the deal's variant is not the one the installed registry gives for its
            name and options (a variant's identity is its spec, rule objects included, its
            options and its house rules): a deal file names only the variant and its options,
            so its replay would play another variant's rules. The message says what differs.
            Also a deal dealt from outside saved at a chance node (cards still to come), and
            an amount of chips past :data:`~primero.deal.start.MAX_CHIPS` (a deal file would
            not read it back).
    """
    setup = state.setup
    _check_amounts(setup)
    stock, reshuffles = setup.stock, state.reshuffles
    if setup.dealing == "external":
        if state.pending:
            raise RecordError("a deal dealt from outside cannot be saved at a chance node "
                              "(its record would deal the cards still to come): deal them "
                              "first (state.chance)")
        stock, reshuffles = _dealt_orders(state)
    defaults = {o.name: o.default for o in state.variant.spec.options}
    _check_recordable(state.variant,
                      tuple((k, v) for k, v in state.variant.settings if defaults.get(k) != v))
    record = DealRecord.of(state.variant,
                           DealSetup(players=setup.players, chips=setup.chips,
                                     dealer=setup.dealer, table=setup.table, carry=setup.carry,
                                     stock=stock, reshuffles=reshuffles, dealing="stacked"),
                           [(state.seats[s].name, str(a)) for s, a in state.history])
    return evolve(record, dealing="external") if setup.dealing == "external" else record


def _check_amounts(setup: DealSetup) -> None:
    """Refuse a deal whose chips no deal file may give: :func:`load_record` would refuse it."""
    table = setup.table
    amounts = [("chips", c) for c in setup.chips] + [
        ("stake", table.stake), ("rest", table.rest), ("ante", table.ante),
        ("carry", setup.carry)]
    for key, value in amounts:
        if abs(value) > MAX_CHIPS:
            raise RecordError(f"key {key!r} would be {_show(value)}: a deal file gives at most "
                              f"{MAX_CHIPS:,} chips, so the deal cannot be saved (its file "
                              "would not load)")


def _check_recordable(variant: Variant, options: tuple[tuple[str, Any], ...]) -> None:
    """Refuse a variant that a deal file naming it would not replay (see record_from_state)."""
    def labels(objects: tuple[object, ...]) -> str:
        return ", ".join(plugin_label(o) for o in objects) or "none"

    unsaved = "a deal file names only the variant and its options, so the deal cannot be saved"
    if variant.house_rules:
        raise RecordError(f"variant {variant.name!r} plays house rules "
                          f"({labels(variant.house_rules)}): {unsaved}")
    try:
        installed = get_variant(variant.name, **dict(options))
    except PrimeroError as exc:
        raise RecordError(f"variant {variant.name!r} is not installed ({exc}): {unsaved}") \
            from exc
    if installed == variant:
        return
    ours, theirs = variant.spec.plugins, installed.spec.plugins
    what = (f"its rule objects ({labels(ours)}) are not the installed one's ({labels(theirs)})"
            if ours != theirs else "its spec differs from the installed one's")
    raise RecordError(f"variant {variant.name!r} is not the installed variant of that name: "
                      f"{what}; {unsaved} (its replay would play the installed rules)")


def record_data(record: DealRecord) -> dict[str, Any]:
    """The deal file's own keys, in its order, with its other tables (as TOML writes them).

    Cards are their ASCII text and actions their text; the other tables are as read.
    """
    data: dict[str, Any] = {"format": FORMAT, "variant": record.variant}
    if record.options:
        data["options"] = dict(record.options)
    data |= {"players": list(record.players), "dealer": record.dealer,
             "chips": list(record.chips), "stake": record.stake, "rest": record.rest}
    if record.ante is not None:
        data["ante"] = record.ante
    if record.carry:
        data["carry"] = record.carry
    if record.raise_cap is not None:
        data["raise_cap"] = record.raise_cap
    if record.dealing is not None:
        data["dealing"] = record.dealing
    if record.stock:
        data["stock"] = [c.ascii for c in record.stock]
    elif record.seed is not None:
        data["seed"] = record.seed
    if record.reshuffles:
        data["reshuffles"] = [[c.ascii for c in r] for r in record.reshuffles]
    data["actions"] = [f"{p} {a}" for p, a in record.actions]
    data |= {k: _file_value(v) for k, v in record.extra.items()}
    return data


def _file_value(value: object) -> Any:
    """A value of a deal file's other tables as TOML holds it: cards as text, lists, tables."""
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, Mapping):
        return {str(k): _file_value(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [_file_value(v) for v in value]
    return value


def dump_record(record: DealRecord) -> str:
    """The record as deal-file TOML text (whole stock and every reshuffle written out)."""
    return tomli_w.dumps(record_data(record), multiline_strings=False)


def save_record(state: GameState | DealRecord, path: str | Path) -> Path:
    """Write the deal so far (or a record, from :func:`load_record`) to ``path`` as a deal file.

    The file is written whole, replacing one already there (as :meth:`pathlib.Path.write_text`
    does; the command line's ``--save`` keeps one unless ``--force``).

    Args:
        state: A deal (a :class:`~primero.deal.state.GameState`, finished or not) or a
            :class:`DealRecord`.
        path: Where to write it.

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        RecordError: ``state`` is neither a deal nor a record, or is a deal no deal file
            can replay (:func:`record_from_state`); ``path`` is no path (neither text nor a
            path object), or empty text (which would name the current folder).
        OSError: the file cannot be written (no such folder, a directory, no permission).
    """
    if not isinstance(path, str | os.PathLike) or path == "":
        raise RecordError(f"save_record writes to a file's path (text or a pathlib.Path), "
                          f"got {named(path)}")
    if isinstance(state, DealRecord):
        text = dump_record(state)
    elif isinstance(state, GameState):
        text = dump_record(record_from_state(state))
    else:
        raise RecordError(f"save_record takes a deal (a GameState) or a DealRecord, got "
                          f"{type(state).__name__}")
    target = Path(path)
    target.write_text(text, encoding="utf-8")
    return target
