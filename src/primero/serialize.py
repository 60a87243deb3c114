"""JSON-ready dictionaries of views, settlements, hand values and deal records.

:func:`to_dict` turns a :class:`~primero.deal.state.GameState` (a seat's view of it, or the whole
state), a :class:`~primero.deal.state.PlayerView`, a
:class:`~primero.settlement.Settlement` (with its :class:`~primero.settlement.Award` s and
:class:`~primero.settlement.PotLayer` s), a :class:`~primero.hands.HandValue` or a
:class:`~primero.records.DealRecord` into plain ``dict``/``list``/``str``/``int``/``bool``/
``None`` values that :func:`json.dumps` writes as they are. Cards are their ASCII text
(``"7s"``, ``"10d"``), actions their deal-file text (``"vie 2"``, ``"exchange Qd"``), chips
whole numbers, seats numbers in playing order from 0 (the eldest is the seat after the
``dealer``).
:func:`settlement_from_dict` and :func:`record_from_dict` read a settlement and a record back;
``X_from_dict(to_dict(x)) == x``. A record, a settlement and a hand value begin with
``"format"`` (:data:`primero.json_schema.FORMAT`); the schema is documented in
``docs/reference/json.md`` and given by :func:`primero.json_schema.schema`.

Example::

    >>> from primero.deal.engine import start_deal
    >>> from primero.serialize import to_dict
    >>> state = start_deal("waks", ["Anna", "Ben"], 20, seed=3)
    >>> view = to_dict(state.view(0))
    >>> view["legal"]
    ['pass', 'vie 1', 'vie 2', 'vie 3', 'fold']
    >>> view["seats"][1]["cards"], view["hand"] == [c.ascii for c in state.seats[0].hand]
    (2, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from primero.actions import Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card, parse_cards
from primero.deal.start import MAX_CHIPS
from primero.deal.state import GameState
from primero.errors import PrimeroError, RecordError, named, typed_name
from primero.hands import HandValue
from primero.json_schema import FORMAT
from primero.plugins.registry import get_variant
from primero.records import DealRecord, record_data, record_from_data
from primero.settlement import Award, PotLayer, Settlement
from primero.variant import Variant
from primero.views import PlayerView

__all__ = ["JSONValue", "record_from_dict", "settlement_from_dict", "to_dict"]

#: What a dictionary holds: JSON's own kinds only.
JSONValue = dict[str, Any] | list[Any] | str | int | float | bool | None


def to_dict(obj: object, *, players: Sequence[str] | None = None,
            seat: int | None = None) -> dict[str, Any]:
    """The JSON-ready dictionary of a state, view, settlement, award, pot layer, value or record.

    Args:
        obj: A :class:`~primero.deal.state.GameState`, :class:`~primero.deal.state.PlayerView`,
            :class:`~primero.settlement.Settlement`, :class:`~primero.settlement.Award`,
            :class:`~primero.settlement.PotLayer`, :class:`~primero.hands.HandValue` or
            :class:`~primero.records.DealRecord`.
        players: For a settlement or an award: the players' names by seat, to add a
            ``"player"`` key beside every ``"seat"`` (a settlement does not know names).
        seat: For a state: the seat whose view to give (``to_dict(state.view(seat))``: only
            what that player may see); ``None`` gives the whole state, every hidden card
            included (the stock, every hand: for a stateless wrapper or a debugger, never
            for a player).

    Returns:
        A new dictionary in the schema of ``docs/reference/json.md``, keys in a fixed order.
        A settlement and a hand value are results and begin with ``"format"``
        (:data:`primero.json_schema.FORMAT`), as a deal record does; a hand value inside a
        settlement, an award and a view carry no ``format`` of their own.

    Raises:
        TypeError: ``obj`` is none of these, or ``seat`` is given for another kind.
        primero.errors.UnknownSeatError: ``seat`` is not a seat of the state.
    """
    if seat is not None and not isinstance(obj, GameState):
        kind = "PlayerView" if isinstance(obj, PlayerView) else type(obj).__name__
        raise TypeError(f"to_dict takes a seat for a GameState only, not for {kind}")
    if isinstance(obj, GameState):
        return _view(obj.view(seat)) if seat is not None else _state(obj)
    if isinstance(obj, Settlement):
        return {"format": FORMAT, **_settlement(obj, players)}
    if isinstance(obj, Award):
        return _award(obj, players)
    if isinstance(obj, PotLayer):
        return _layer(obj)
    if isinstance(obj, HandValue):
        return {"format": FORMAT, **_value(obj)}
    if isinstance(obj, DealRecord):
        return _record(obj)
    if isinstance(obj, PlayerView):
        return _view(obj)
    raise TypeError(f"to_dict takes a GameState, PlayerView, Settlement, Award, PotLayer, "
                    f"HandValue or DealRecord, not {type(obj).__name__}")


# --------------------------------------------------------------------------------------------
# hand values and settlements


def _value(value: HandValue) -> dict[str, Any]:
    return {"cards": [c.ascii for c in value.cards], "class": value.hand_class,
            "points": value.points, "counting": [c.ascii for c in value.counting]}


def _named(seat: int, players: Sequence[str] | None) -> dict[str, Any]:
    return {"seat": seat} if players is None else {"seat": seat, "player": players[seat]}


def _award(award: Award, players: Sequence[str] | None) -> dict[str, Any]:
    value = None if award.value is None else _value(award.value)
    return {**_named(award.seat, players), "amount": award.amount, "value": value}


def _layer(layer: PotLayer) -> dict[str, Any]:
    return {"amount": layer.amount, "level": layer.level, "contenders": list(layer.contenders),
            "winners": list(layer.winners), "shares": list(layer.shares)}


def _settlement(settlement: Settlement, players: Sequence[str] | None) -> dict[str, Any]:
    return {
        "awards": [_award(a, players) for a in settlement.awards],
        "returns": [{**_named(s, players), "chips": c} for s, c in settlement.returns],
        "layers": [_layer(layer) for layer in settlement.layers],
        "carry": settlement.carry,
        "showdown": settlement.showdown,
        "values": [{**_named(s, players), "value": _value(v)} for s, v in settlement.values],
        "reason": settlement.reason,
    }


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected an object, got {type(data).__name__}")
    if key not in data:
        raise RecordError(f"{where}: missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, list)):
        raise RecordError(f"{where}: key {key!r} has the wrong type ({type(value).__name__})")
    return value


def _number(value: int) -> str:
    """A whole number as a message shows it: a huge one by its digits, never whole."""
    return f"a {len(str(abs(value)))}-digit number" if abs(value) > MAX_CHIPS else str(value)


def _word(text: str) -> str:
    """A class name as written when it is a short printable word; else quoted briefly."""
    return text if len(text) <= 40 and text.isprintable() else named(text)


def _ints(data: Mapping[str, Any], key: str, where: str) -> tuple[int, ...]:
    values = _get(data, key, list, where)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RecordError(f"{where}: key {key!r} must be a list of whole numbers")
    if any(v < 0 for v in values):
        raise RecordError(f"{where}: key {key!r} must be a list of numbers 0 or more, got "
                          f"{_number(min(values))}")
    if any(v > MAX_CHIPS for v in values):
        raise RecordError(f"{where}: key {key!r} holds {_number(max(values))}: at most "
                          f"{MAX_CHIPS:,} here")
    return tuple(values)


def _count(data: Mapping[str, Any], key: str, where: str, least: int = 0) -> int:
    """A seat or a number of chips: a whole number from ``least`` to :data:`MAX_CHIPS`."""
    value: int = _get(data, key, int, where)
    if value < least:
        raise RecordError(f"{where}: key {key!r} must be {least} or more, got {_number(value)}")
    if value > MAX_CHIPS:
        raise RecordError(f"{where}: key {key!r} is {_number(value)}: at most {MAX_CHIPS:,} "
                          "here")
    return value


def _layer_from(layer: Any, where: str) -> PotLayer:
    """A pot layer from its dictionary: its winners contenders, its shares its whole amount."""
    read = PotLayer(amount=_count(layer, "amount", where), level=_count(layer, "level", where),
                    contenders=_ints(layer, "contenders", where),
                    winners=_ints(layer, "winners", where),
                    shares=_ints(layer, "shares", where))
    if len(read.shares) != len(read.winners):
        raise RecordError(f"{where}: {len(read.shares)} shares for {len(read.winners)} "
                          "winners (one share per winner)")
    outsiders = [s for s in read.winners if s not in read.contenders]
    if outsiders:
        raise RecordError(f"{where}: winner seat {outsiders[0]} is not one of the contenders "
                          f"{list(read.contenders)}")
    if read.winners and sum(read.shares) != read.amount:
        raise RecordError(f"{where}: the shares {list(read.shares)} add up to "
                          f"{sum(read.shares)}, not the layer's {read.amount} chips "
                          "(chips are conserved)")
    return read


def _read_value(data: Any, variant: Variant, where: str) -> HandValue:
    """A hand value from its dictionary: its cards evaluated, checked against class and points."""
    try:
        value = variant.ranking.evaluate(parse_cards(_get(data, "cards", list, where)))
    except RecordError:
        raise
    except PrimeroError as exc:
        raise RecordError(f"{where}: {exc}") from None
    claimed = (_get(data, "class", str, where), _get(data, "points", int, where))
    if claimed != (value.hand_class, value.points):
        raise RecordError(f"{where}: the cards are {value.label} in {variant}, not "
                          f"{_word(claimed[0])} {_number(claimed[1])}")
    return value


#: The keys of a settlement's dictionary (:func:`to_dict`), ``format`` optional.
_SETTLEMENT_KEYS = ("format", "awards", "returns", "layers", "carry", "showdown", "values",
                    "reason")


def settlement_from_dict(data: Mapping[str, Any], variant: Variant | str) -> Settlement:
    """Read back a settlement written by :func:`to_dict` (``"player"`` keys are ignored).

    Args:
        data: The settlement's dictionary (as parsed from JSON).
        variant: The variant (or its name) whose ranking values the shown hands.

    Returns:
        The settlement; equal to the one written.

    Raises:
        RecordError: a key is missing or has the wrong type, a card does not exist, a
            hand's cards are not the class and points written, a seat or a number of chips
            is negative (an award is at least 1 chip), or a layer's chips are not conserved
            (one share per winner, every winner a contender, the shares adding up to the
            layer's amount), or, with layers, the awards are not the winners' shares or the
            carry-over is not the chips of the layers nobody won, a number is above
            :data:`primero.deal.start.MAX_CHIPS` (shown by its digits), ``variant`` is neither
            a Variant nor a name, a key is not a settlement's (a misspelt ``carry`` would
            otherwise be read as missing or pass unseen), or ``format`` is not
            :data:`primero.json_schema.FORMAT` (a settlement without the key is read as this
            format); the message names the key.
        UnknownVariantError: ``variant`` is a name that is not registered.
    """
    if isinstance(variant, str):
        variant = get_variant(variant)
    if not isinstance(variant, Variant):
        raise RecordError(f"settlement_from_dict takes a Variant or a variant name, got "
                          f"{typed_name(variant)}")
    where = "settlement"
    if isinstance(data, Mapping):
        unknown = [k for k in data if k not in _SETTLEMENT_KEYS]
        if unknown:
            shown = ", ".join(named(k) for k in unknown[:5]) + (", …" if len(unknown) > 5 else "")
            raise RecordError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} {shown}; "
                              f"known keys: {', '.join(_SETTLEMENT_KEYS)}")
    if isinstance(data, Mapping) and "format" in data:
        version = data["format"]
        if version != FORMAT or isinstance(version, bool):
            raise RecordError(f"{where}: key 'format': {named(version)}; this primero reads "
                              f"format {FORMAT} (a later format needs a later primero)")
    awards = []
    for k, award in enumerate(_get(data, "awards", list, where), start=1):
        at = f"{where}: award {k}"
        raw = _get(award, "value", (dict, type(None)), at)
        awards.append(Award(seat=_count(award, "seat", at),
                            amount=_count(award, "amount", at, least=1),
                            value=None if raw is None else _read_value(raw, variant, at)))
    returns = []
    for k, entry in enumerate(_get(data, "returns", list, where), start=1):
        at = f"{where}: return {k}"
        returns.append((_count(entry, "seat", at), _count(entry, "chips", at)))
    layers = [_layer_from(layer, f"{where}: layer {k}")
              for k, layer in enumerate(_get(data, "layers", list, where), start=1)]
    values = []
    for k, entry in enumerate(_get(data, "values", list, where), start=1):
        at = f"{where}: value {k}"
        values.append((_count(entry, "seat", at),
                       _read_value(_get(entry, "value", dict, at), variant, at)))
    carry = _count(data, "carry", where)
    if layers:
        _check_paid(awards, layers, carry, where)
    return Settlement(awards=tuple(awards), returns=tuple(returns), layers=tuple(layers),
                      carry=carry,
                      showdown=_get(data, "showdown", bool, where),
                      values=tuple(values), reason=_get(data, "reason", str, where))


def _check_paid(awards: Sequence[Award], layers: Sequence[PotLayer], carry: int,
                where: str) -> None:
    """Check that the layers' chips are the chips paid (a settlement with layers).

    Each seat's awards are its shares of the layers, and the layers nobody won are the
    carry-over, as the core writes them.
    """
    shares: dict[int, int] = {}
    for layer in layers:
        for seat, share in zip(layer.winners, layer.shares, strict=True):
            shares[seat] = shares.get(seat, 0) + share
    paid: dict[int, int] = {}
    for k, award in enumerate(awards, start=1):
        if award.seat not in shares:  # the award itself is the bad part: name it
            winners = ", ".join(map(str, sorted(shares))) or "none"
            raise RecordError(f"{where}: award {k}: seat {award.seat} wins no layer (the "
                              f"layers' winners: {winners}): chips are not conserved")
        paid[award.seat] = paid.get(award.seat, 0) + award.amount
    if paid != shares:
        odd = min(set(paid) ^ set(shares) or {s for s in paid if paid[s] != shares[s]})
        raise RecordError(f"{where}: seat {odd} is awarded {paid.get(odd, 0)} chips but its "
                          f"shares of the layers are {shares.get(odd, 0)}: chips are not "
                          "conserved")
    carried = sum(layer.amount for layer in layers if not layer.winners)
    if carry != carried:
        raise RecordError(f"{where}: key 'carry' is {carry} but the layers nobody won "
                          f"hold {carried} chips: chips are not conserved")


# --------------------------------------------------------------------------------------------
# deal records


def _record(record: DealRecord) -> dict[str, Any]:
    """The deal file's keys (:func:`~primero.records.record_data`), JSON-ready."""
    data: dict[str, Any] = _plain(record_data(record))
    return data


def record_from_dict(data: Mapping[str, Any]) -> DealRecord:
    """Read back a record written by :func:`to_dict`: the deal file's keys, as JSON.

    The dictionary is checked as :func:`~primero.records.load_record` checks a deal file.

    Raises:
        RecordError: as :func:`~primero.records.load_record` (a missing key, a key of the
            wrong type, an unknown key, a card that does not exist…).
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"deal record: expected an object, got {type(data).__name__}")
    return record_from_data(dict(data), "deal record")


# --------------------------------------------------------------------------------------------
# player views


def _plain(value: object) -> Any:
    """Any value a view holds as JSON's kinds: cards as text, actions and calls as text."""
    if value is None or isinstance(value, str | int | float):  # bool is an int
        return value
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, Vie | Hold | Pass | Fold | Exchange | Call):
        return str(value)
    if isinstance(value, HandValue):
        return _value(value)
    if isinstance(value, Variant):
        return {"name": value.name, "options": {k: _plain(v) for k, v in value.settings}}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [_plain(v) for v in value]
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]
        return {f.name: _plain(getattr(value, f.name)) for f in fields
                if not f.name.startswith("_")}
    return str(value)


def _view(view: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in attrs.fields(type(view)):
        value = getattr(view, f.name)
        if f.name == "history":
            data["history"] = [{"seat": s, "action": text} for s, text in value]
        elif f.name == "extras":
            data["extras"] = {k: _plain(v) for k, v in value}
        elif not f.name.startswith("_"):
            data[f.name] = _plain(value)
    return data


def _state(state: GameState) -> dict[str, Any]:
    """The whole state: every field, the variant, dealer and step (every hidden card too)."""
    step = state.step
    data: dict[str, Any] = {"variant": _plain(state.variant), "dealer": state.dealer,
                            "step": None if step is None else str(step), "pot": state.pot}
    for f in attrs.fields(GameState):
        name = f.alias or f.name  # a field kept under a private name reads by its public one
        if not f.init or name.startswith("_") or name == "context":
            continue
        value = getattr(state, name)
        if name == "history":
            data["history"] = [{"seat": s, "action": str(a)} for s, a in value]
        elif name == "settlement":
            data["settlement"] = None if value is None else _settlement(value, None)
        else:
            data[name] = _plain(value)
    return data
