"""What one player may see of a deal: their own cards and the public facts.

Rules: docs/plugins/architecture.md.

Built by ``state.view(seat)`` (:func:`primero.deal.engine.view`) only when asked for, and lazily:
the view ``state.view`` returns reads each field off the state the first time it is read (then
keeps it), so an agent pays only for what it looks at — a random agent reads ``legal`` alone.
It is a :class:`PlayerView` like any other (same fields, same values, frozen; equal to, and
hashed like, a view built with every field given), and it pickles and copies as a plain
:class:`PlayerView` holding the fields only. The state it reads from is a private reference:
nothing public (fields, equality, ``repr``, pickling, copying,
:func:`primero.serialize.to_dict`) reaches it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from primero.actions import Call

if TYPE_CHECKING:
    from primero.actions import Action
    from primero.cards import Card
    from primero.deal.state import GameState, PublicSeat, Receipt
    from primero.hands import HandValue
    from primero.setup import Step, Table
    from primero.variant import Variant

__all__ = ["FACE_DOWN", "HAND_SIZE", "PlayerView", "deal_table_html", "state_view"]

#: Cards in a whole Primero hand (docs/rules/hands.md).
HAND_SIZE = 4

#: A card face down in the notebook tables (:func:`deal_table_html`).
FACE_DOWN = '<span class="primero-card" title="face down">&#x1F0A0;</span>'


def deal_table_html(caption: str, seats: Sequence[PublicSeat], *, dealer: int,
                    to_act: int | None, hands: Sequence[Sequence[Card] | None],
                    notes: Sequence[str] = ()) -> str:
    """A deal as a small HTML table: a row per seat (stack, chips in, cards), for notebooks.

    Args:
        caption: The title line (plain text: escaped here).
        seats: Every seat's public facts, in playing order.
        dealer: The dealer's seat (marked D).
        to_act: Whose turn it is (marked with an arrow), or ``None``.
        hands: Per seat, the cards to show face up, or ``None``: then the cards shown at the
            showdown (``shown``) if any, else the seat's open cards (``open``, dealt face
            up) and as many faces down as it holds other cards.
        notes: Lines under the table (plain text: escaped here).

    Returns:
        An HTML fragment (``<table>``), every player-given text escaped.
    """
    rows = []
    for k, seat in enumerate(seats):
        mark = ("&#x25B6; " if k == to_act else "") + ("D" if k == dealer else "")
        hand = hands[k]
        if hand is None and seat.shown:
            hand = seat.shown
        cards = " ".join(c._repr_html_() for c in hand) if hand is not None \
            else " ".join([*(c._repr_html_() for c in seat.open),
                           *[FACE_DOWN] * (seat.cards - len(seat.open))])
        status = "folded" if seat.folded else ""
        rows.append(f"<tr><td>{mark}</td><td>{k}</td><td>{html.escape(seat.name)}</td>"
                    f'<td style="text-align:right">{seat.stack}</td>'
                    f'<td style="text-align:right">{seat.contributed}</td>'
                    f"<td>{cards}</td><td>{status}</td></tr>")
    below = "".join(f"<div>{html.escape(line)}</div>" for line in notes)
    return ('<div class="primero-deal"><table>'
            f"<caption>{html.escape(caption)}</caption>"
            "<thead><tr><th></th><th>Seat</th><th>Player</th><th>Stack</th><th>In</th>"
            "<th>Cards</th><th></th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>{below}</div>")


@frozen(kw_only=True)
class PlayerView:
    """One player's view of a deal: their own cards and the public facts, nothing else.

    Attributes:
        seat: The viewer's seat.
        variant: The variant.
        hand: The viewer's own cards.
        seats: Every seat's public facts (:class:`~primero.deal.state.PublicSeat`): chips, how
            many cards, the cards dealt face up (``open``) and the hands shown.
        dealer: The dealer's seat.
        table: Stake, rest, ante.
        step: The current step.
        to_act: Whose turn it is.
        pot: Chips on the table.
        high: The highest total of the betting round.
        opened: Someone has vied in this round.
        stock_size: Cards left in the stock.
        discards_size: Cards in the discard pile (face down).
        history: ``(seat, public text)`` of every action; exchanges show only how many cards
            (the viewer's own too: their own discards are in ``discarded``).
        discarded: The cards the viewer has thrown in exchanges this deal.
        received: The cards the viewer was dealt, with why and when (:class:`Receipt`).
        extras: The variant's public state (e.g. the standing call).
        legal: The viewer's legal actions when it is their turn.
        over: The deal is over.
    """

    seat: int
    variant: Variant = field(repr=False)
    hand: tuple[Card, ...]
    seats: tuple[PublicSeat, ...]
    dealer: int
    table: Table
    step: Step | None
    to_act: int | None
    pot: int
    high: int
    opened: bool
    stock_size: int
    discards_size: int
    history: tuple[tuple[int, str], ...]
    discarded: tuple[Card, ...]
    extras: tuple[tuple[str, Any], ...]
    legal: tuple[Action, ...]
    over: bool
    received: tuple[Receipt, ...] = ()

    @property
    def owed(self) -> int:
        """Chips the viewer must add to match the round's highest total."""
        return max(0, self.high - self.seats[self.seat].round_bet)

    @property
    def stack(self) -> int:
        """The viewer's chips not on the table."""
        return self.seats[self.seat].stack

    @property
    def hand_value(self) -> HandValue | None:
        """The value of the viewer's hand once it is whole (four cards), else ``None``.

        Ranked by the variant's own ranking (docs/rules/hands.md): e.g. ``Primero 65`` for
        7♠ 6♣ A♦ K♥ in ``waks``. ``None`` while cards are still to come (the first deal of
        two in ``waks``): ``variant.ranking.evaluate`` ranks four cards only.
        """
        hand = self.hand
        if len(hand) != HAND_SIZE:
            return None
        return self.variant.ranking.evaluate(hand)

    @property
    def standing_call(self) -> Call | None:
        """The standing call of a calling deal (``cardano``), or ``None``.

        The last call made in the deal, either round (docs/rules/cardano.md): public, every
        player heard it. ``None`` before the first vie and in every other variant.
        """
        call = self.extra("call")
        return call if isinstance(call, Call) else None

    def extra(self, key: str, default: Any = None) -> Any:
        """A public variant-specific value."""
        for k, v in self.extras:
            if k == key:
                return v
        return default

    def _repr_html_(self) -> str:
        """The view as a notebook table: the viewer's own cards face up, others' if dealt so.

        Only what the viewer may see: their hand, the other seats' cards dealt face up
        (``open``), the rest as faces down, and the cards shown at a showdown, whose turn it
        is, the pot and every stack.
        """
        me = self.seats[self.seat].name
        where = "over" if self.over else str(self.step) if self.step is not None else "start"
        caption = f"{self.variant} — {me}'s view (seat {self.seat}); {where}; pot {self.pot}"
        hands = [self.hand if k == self.seat else None for k in range(len(self.seats))]
        notes = []
        if self.legal:
            notes.append("legal: " + ", ".join(str(a) for a in self.legal))
        return deal_table_html(caption, self.seats, dealer=self.dealer, to_act=self.to_act,
                               hands=hands, notes=notes)


def _public_seats(state: GameState, seat: int) -> tuple[PublicSeat, ...]:
    """Every seat's public facts; the hands shown at a showdown (docs/rules/cardano.md) too."""
    seats_state = state.seats
    seats = tuple([s.public() for s in seats_state])  # cached per seat: a seat is a value
    settlement = state.settlement
    if settlement is not None and settlement.showdown:
        shown = {s: seats_state[s].hand for s, _ in settlement.values}
        seats = tuple(attrs.evolve(p, shown=shown[i]) if i in shown else p
                      for i, p in enumerate(seats))
    return seats


def _public_extras(state: GameState, seat: int) -> tuple[tuple[str, Any], ...]:
    """The variant's public state: its extras less the private ones (keys starting ``_``)."""
    extras = state.extras
    return tuple((k, v) for k, v in extras if not k.startswith("_")) if extras else ()


def _facts(state: GameState, seat: int) -> tuple[Any, ...]:
    """Every field of the view but the log (:data:`_FACTS`, in that order), read at once."""
    context = state.context
    me = state.seats[seat]
    return (context.variant, context.dealer, context.table, state.step, state.to_act,
            state.pot, state.high, state.opener is not None, len(state.stock),
            len(state.discards), me.hand, me.discarded, me.received, state.over,
            _public_seats(state, seat), _public_extras(state, seat))


#: The fields :func:`_facts` reads: all read together the first time one of them is read
#: (each fall-through to ``__getattr__`` costs about what reading a few fields does).
_FACTS = ("variant", "dealer", "table", "step", "to_act", "pot", "high", "opened",
          "stock_size", "discards_size", "hand", "discarded", "received", "over", "seats",
          "extras")

#: How each other field of a view is read off the state, alone (``seat`` is the viewer's):
#: the public log, the one field whose cost grows with the deal (its text is extended by one
#: action per state once read, so read it only if wanted).
_READERS: dict[str, Callable[[GameState, int], Any]] = {
    "history": lambda state, seat: state.public_log,
    "legal": lambda state, seat: state.legal_actions() if state.to_act == seat else (),
}

#: The fields of a view, in order.
_NAMES = tuple(f.name for f in attrs.fields(PlayerView))
assert sorted((*_FACTS, *_READERS, "seat")) == sorted(_NAMES), "a field of a view is not read"
_FACT_INDEX = {name: i for i, name in enumerate(_FACTS)}


def _make_filler() -> Callable[[PlayerView, tuple[Any, ...]], None]:
    """Straight-line code storing :func:`_facts`' values in their slots, one call per field.

    Through the slots' own setters: faster than ``object.__setattr__`` by name, and than a
    loop over the setters (as :func:`primero.deal.state.replace` is generated).
    """
    namespace = {f"set_{name}": PlayerView.__dict__[name].__set__ for name in _FACTS}
    lines = ["def fill(view, values):"]
    lines += [f"    set_{name}(view, values[{i}])" for i, name in enumerate(_FACTS)]
    exec("\n".join(lines), namespace)  # generated from the field names above
    return namespace["fill"]  # type: ignore[no-any-return]


_fill = _make_filler()


class _StateView(PlayerView):
    """A :class:`PlayerView` whose fields are read off the state when first read.

    Only :func:`state_view` makes one. An unread field is an empty slot: reading it falls
    through to :meth:`__getattr__`, which reads the value off the state and stores it in the
    slot (later reads are plain slot reads): every field at once (:data:`_FACTS`) but the
    public log, which is read alone. Frozen like every view (the
    stores bypass the frozen ``__setattr__``; a user's assignment still raises
    ``FrozenInstanceError``).
    """

    __slots__ = ("_state",)
    _state: GameState

    def __getattr__(self, name: str) -> Any:
        # only for an empty slot (or no such attribute); a view made by attrs.evolve has
        # every field set and no _state
        index = _FACT_INDEX.get(name)
        if index is not None:  # one field read: read them all (one fall-through)
            values = _facts(self._state, self.seat)
            _fill(self, values)
            return values[index]
        reader = _READERS.get(name)
        if reader is None:
            raise AttributeError(f"'PlayerView' object has no attribute {name!r}")
        value = reader(self._state, self.seat)
        _set(self, name, value)
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _NAMES)

    @property
    def owed(self) -> int:
        """Chips the viewer must add to match the round's highest total."""
        try:
            state = self._state
        except AttributeError:  # made by attrs.evolve, every field given: read the fields
            return PlayerView.owed.fget(self)  # type: ignore[attr-defined,no-any-return]
        return max(0, state.high - state.seats[self.seat].round_bet)  # no public seats made

    @property
    def stack(self) -> int:
        """The viewer's chips not on the table."""
        try:
            state = self._state
        except AttributeError:  # made by attrs.evolve, every field given: read the fields
            return PlayerView.stack.fget(self)  # type: ignore[attr-defined,no-any-return]
        return state.seats[self.seat].stack

    __hash__ = PlayerView.__hash__  # a view built with every field given hashes alike

    def __repr__(self) -> str:
        text = PlayerView.__repr__(self)
        return "PlayerView" + text[len(type(self).__name__):] if text != "..." else text

    def __reduce__(self) -> tuple[Any, ...]:
        # a plain PlayerView of the fields: never the state (the other players' cards)
        return _plain_view, (self.__getstate__(),)


def _plain_view(fields: dict[str, Any]) -> PlayerView:
    """A plain :class:`PlayerView` of ``fields`` (what a lazy view pickles and copies as)."""
    return PlayerView(**fields)


_new = object.__new__
_set = object.__setattr__
# the slots' own setters: a third faster than object.__setattr__ by name
_set_state = _StateView._state.__set__  # type: ignore[attr-defined]
_set_seat = PlayerView.seat.__set__  # type: ignore[attr-defined]
_set_legal = PlayerView.legal.__set__  # type: ignore[attr-defined]


def state_view(state: GameState, seat: int) -> PlayerView:
    """``seat``'s view of ``state``, every field but ``seat`` and ``legal`` read when first read.

    The engine's :func:`primero.deal.engine.view` (``state.view(seat)``) after its checks. A
    ``seat`` that is not a plain ``int`` of the deal (``-1``, a bool, numpy's integer, a name)
    goes through those checks: an :class:`~primero.errors.UnknownSeatError`, never another
    seat's cards under a wrong number. ``legal`` is read now: it is the state's own cached
    tuple (the one ``state.apply`` checks the action against).
    """
    if type(seat) is not int or not 0 <= seat < state.n:
        return state.view(seat)  # the engine's checks, then here again with a plain seat
    view = _new(_StateView)
    _set_state(view, state)
    _set_seat(view, seat)
    _set_legal(view, state.legal_actions() if state.to_act == seat else ())
    return view
