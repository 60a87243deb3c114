"""Deal records: the TOML deal-file format of ``cases/README.md`` — save, load, replay.

A recorded deal, a golden case and a bug report are one kind of file. Saving always writes the
whole stock order and every reshuffle, so replaying a record never depends on a random
generator. The ``[expect]`` table (and any other table the library does not know, such as
``[printed]``) is kept in :attr:`DealRecord.extra` and ignored when replaying.

Example::

    >>> from primero.history import load_record, replay
    >>> state = replay(load_record("../shared/cases/waks_example.toml"))  # doctest: +SKIP
    >>> state.stacks  # doctest: +SKIP
    (57, 45, 50, 48)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w
from attrs import field, frozen

from primero.cards import Card, parse_cards
from primero.engine import start_deal
from primero.errors import PrimeroError, RecordError
from primero.plugins import get_variant
from primero.state import GameState

__all__ = ["DealRecord", "dump_record", "load_record", "record_from_state", "replay",
           "save_record"]

#: The keys a deal file may set, in the order of ``cases/README.md``.
_ORDER = ("variant", "options", "players", "dealer", "chips", "stake", "rest", "ante", "carry",
          "raise_cap", "stock", "seed", "reshuffles", "actions")
_KNOWN = frozenset(_ORDER)


@frozen(kw_only=True)
class DealRecord:
    """One deal as a deal file describes it.

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
        raise_cap: The house rule's most vies plus raises a betting round allows (RULES.md
            §5), or ``None``.
        stock: The whole pack from the top; empty when ``seed`` shuffles it.
        seed: The shuffle seed when there is no ``stock``.
        reshuffles: Each new stock made from the discards, in order, top first.
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
    actions: tuple[tuple[str, str], ...] = ()
    extra: Mapping[str, Any] = field(factory=dict, eq=False, repr=False)

    @property
    def expect(self) -> Mapping[str, Any]:
        """The ``[expect]`` table (empty if none)."""
        value = self.extra.get("expect", {})
        return value if isinstance(value, Mapping) else {}


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
        raise RecordError(f"{where}: key {key!r} must be a whole number, got {value!r}")
    return value


def _cards(value: Any, key: str, where: str) -> tuple[Card, ...]:
    """A list of cards: a TOML array of card names or one string of them."""
    if not isinstance(value, list | str):
        raise RecordError(f"{where}: key {key!r} must be a list of cards, got {value!r}")
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


def load_record(source: str | Path) -> DealRecord:
    """Read a deal file.

    Args:
        source: A path to a TOML file, or TOML text (anything containing a newline, or an
            ``=`` when no file of that name exists).

    Raises:
        RecordError: the file is not UTF-8 TOML, misses a key or has one of the wrong type
            (chips, stake, rest, ante, carry and seed are whole numbers; stock, reshuffles
            and actions are lists), has a key the format does not know whose value is not a
            table (a typo such as ``action`` or ``stak``; tables such as ``[expect]`` are
            kept in :attr:`DealRecord.extra`), gives both ``stock`` and ``seed``, names a
            card that does not exist, or an action is not ``"<player> <verb> ..."``; the
            message names the part.
        OSError: the file cannot be read.
    """
    if isinstance(source, Path) or _is_path(source):
        where = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{where}: not a text file in UTF-8 ({exc.reason} at byte "
                              f"{exc.start})") from None
    else:
        where, text = "deal record", source
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"{where}: not valid TOML: {exc}") from None
    unknown = [k for k, v in data.items() if k not in _KNOWN and not isinstance(v, dict)]
    if unknown:
        raise RecordError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                          f"{', '.join(map(repr, unknown))}; known keys: "
                          f"{', '.join(_ORDER)} (other tables, such as [expect], "
                          "are ignored)")
    players = tuple(_need(data, "players", list, where))
    if not all(isinstance(p, str) for p in players):
        raise RecordError(f"{where}: 'players' must be a list of names")
    chips_raw = _need(data, "chips", (list, int), where)
    chips = (chips_raw,) * len(players) if isinstance(chips_raw, int) else tuple(chips_raw)
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in chips):
        raise RecordError(f"{where}: key 'chips' must be whole numbers, got {chips_raw!r}")
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
    lines = data.get("actions", [])
    if not isinstance(lines, list):
        raise RecordError(f"{where}: key 'actions' must be a list of strings, one per action")
    actions: list[tuple[str, str]] = []
    for k, line in enumerate(lines, start=1):
        if not isinstance(line, str) or len(line.split()) < 2:
            raise RecordError(f"{where}: action {k} {line!r} is not '<player> <verb> ...'")
        player, verb = line.split(None, 1)
        actions.append((player, verb.strip()))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"{where}: 'options' must be a table")
    return DealRecord(
        variant=_need(data, "variant", str, where),
        options=tuple(options.items()),
        players=players,
        dealer=_need(data, "dealer", str, where),
        chips=chips,
        stake=_whole(data, "stake", 1, where),
        rest=_whole(data, "rest", 3, where),
        ante=_whole(data, "ante", None, where),
        carry=_whole(data, "carry", 0, where),
        raise_cap=_whole(data, "raise_cap", None, where),
        stock=stock,
        seed=seed,
        reshuffles=reshuffles,
        actions=tuple(actions),
        extra={k: v for k, v in data.items() if k not in _KNOWN},
    )


def start_record(record: DealRecord) -> GameState:
    """Set up the record's deal (before any action).

    Raises:
        RecordError: unknown variant or option, bad table, or a bad stock (naming the card).
    """
    try:
        variant = get_variant(record.variant, **dict(record.options))
        return start_deal(
            variant, record.players, record.chips, dealer=record.dealer, stake=record.stake,
            rest=record.rest, ante=record.ante, carry=record.carry, raise_cap=record.raise_cap,
            stock=record.stock or None, seed=record.seed, reshuffles=record.reshuffles,
        )
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
        RecordError: the setup is bad, or an action is out of turn or illegal; the message
            gives the action's position (1-based) and text.
    """
    state = start_record(record)
    for k, (player, text) in enumerate(record.actions[:stop_after], start=1):
        label = f"action {k} {player + ' ' + text!r}"
        if state.to_act is None:
            raise RecordError(f"{label}: the deal is already over")
        to_act = state.seats[state.to_act].name
        if player != to_act:
            raise RecordError(f"{label}: it is {to_act}'s turn, not {player}'s")
        try:
            state = state.apply(text)
        except PrimeroError as exc:
            raise RecordError(f"{label}: {exc}") from exc
    return state


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

    A deal dealt from outside is recorded as the stacked deal that deals the same cards.
    """
    setup = state.setup
    stock, reshuffles = setup.stock, state.reshuffles
    if setup.dealing == "external":
        stock, reshuffles = _dealt_orders(state)
    defaults = {o.name: o.default for o in state.variant.spec.options}
    options = tuple((k, v) for k, v in state.variant.settings if defaults.get(k) != v)
    return DealRecord(
        variant=state.variant.name, options=options, players=setup.players,
        dealer=setup.players[setup.dealer], chips=setup.chips, stake=setup.table.stake,
        rest=setup.table.rest,
        ante=setup.table.ante if setup.table.ante != state.variant.spec.ante else None,
        carry=setup.carry, raise_cap=setup.table.raise_cap, stock=stock, reshuffles=reshuffles,
        actions=tuple((state.seats[s].name, str(a)) for s, a in state.history),
    )


def dump_record(record: DealRecord) -> str:
    """The record as deal-file TOML text (whole stock and every reshuffle written out)."""
    data: dict[str, Any] = {"variant": record.variant}
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
    if record.stock:
        data["stock"] = [c.ascii for c in record.stock]
    else:
        data["seed"] = record.seed
    if record.reshuffles:
        data["reshuffles"] = [[c.ascii for c in r] for r in record.reshuffles]
    data["actions"] = [f"{p} {a}" for p, a in record.actions]
    data |= dict(record.extra)
    return tomli_w.dumps(data, multiline_strings=False)


def save_record(state: GameState, path: str | Path) -> Path:
    """Write the deal so far to ``path`` as a deal file; returns the path."""
    target = Path(path)
    target.write_text(dump_record(record_from_state(state)), encoding="utf-8")
    return target
