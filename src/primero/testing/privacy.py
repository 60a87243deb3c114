"""Privacy checks: no view and no error shows a player a card they may not see.

:func:`check_view_hides` searches a view for hidden cards, :func:`hidden_twins` makes states
that differ only in cards a viewer cannot see (their views must be equal), and
:func:`check_out_of_turn` probes a state with moves from the wrong sender.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator

import attrs

from primero.cards import FRENCH52, Card, Rank
from primero.deal.state import FACE_UP, GameState
from primero.errors import IllegalActionError
from primero.hands import Ranking
from primero.testing.failures import card_list, fail, need_state
from primero.testing.snapshots import ATOMS, field_names, snapshot
from primero.testing.strategies import action_pool
from primero.variant import Variant
from primero.views import PlayerView

__all__ = ["Revealed", "check_out_of_turn", "check_view_hides", "hidden_twins", "public_cards"]


def _card_tokens() -> dict[str, Card]:
    tokens: dict[str, Card] = {}
    for card in FRENCH52:
        for text in (card.ascii, str(card)):
            tokens[text.lower()] = card
        if card.rank is Rank.TEN:  # also written T
            tokens[f"t{card.suit.letter}"] = card
    return tokens


_CARD_TOKENS = _card_tokens()


def _find_cards(value: object) -> Iterator[Card]:
    """Every card reachable in ``value``, including card notation inside text."""
    cls = type(value)
    if cls is Card:
        yield value  # type: ignore[misc]
    elif cls is str:
        text: str = value  # type: ignore[assignment]
        for token in text.replace(",", " ").split():
            card = _CARD_TOKENS.get(token.lower())
            if card is not None:
                yield card
    elif cls in ATOMS or isinstance(value, Variant | Ranking):
        return
    elif attrs.has(cls):
        for name in field_names(cls):
            yield from _find_cards(getattr(value, name))
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            yield from _find_cards(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _find_cards(k)
            yield from _find_cards(v)


#: Cards a variant makes public during a deal beyond the showdown (e.g. declared hands).
Revealed = Callable[[GameState], Iterable[Card]]


def public_cards(state: GameState, revealed: Revealed | None = None) -> set[Card]:
    """Cards everyone may see: hands shown at the showdown, plus ``revealed(state)``.

    The cards dealt face up (:data:`~primero.deal.state.FACE_UP`) that their receivers still
    hold (:meth:`~primero.deal.state.Seat.open_cards`) too.
    """
    public: set[Card] = {c for s in state.seats for c in s.open_cards()}
    if state.settlement is not None and state.settlement.showdown:
        public |= {c for s, _ in state.settlement.values for c in state.seats[s].hand}
    if revealed is not None:
        public.update(revealed(state))
    return public


def check_view_hides(state: GameState, viewer: int, revealed: Revealed | None = None) \
        -> PlayerView:
    """Check that ``viewer``'s view shows no card the viewer may not see.

    Hidden from the viewer: other players' hands (until shown at the showdown), the stock and
    the discards, except the cards the viewer holds or has thrown. The view's own hand, its
    own discards and its own legal actions are the viewer's knowledge and are not searched;
    the public seats' shown and open cards, the public extras and the action log (card
    notation in its text too) are. Every seat's open cards must be exactly the cards it
    holds whose last receipt was dealt face up (:data:`~primero.deal.state.FACE_UP`), in the order
    received: public, and no other card. The other fields of a view are counts and flags:
    :func:`hidden_twins` covers them. The view ``state.view`` returns reads its fields off
    the state when first read (:mod:`primero.views`): it must copy (and so pickle) as a plain
    :class:`~primero.deal.state.PlayerView` of its fields, equal to it, and that copy is what is
    searched — what a view hands on never carries the state.

    Args:
        state: Any state.
        viewer: The seat whose view is checked.
        revealed: Cards the variant makes public besides the showdown (see
            :func:`public_cards`), e.g. hands declared in the Primiera.

    Returns:
        The view, for further checks.

    Raises:
        DealInvariantError: a hidden card appears in the view.
    """
    need_state(state, "check_view_hides")
    view = state.view(viewer)
    plain = copy.copy(view)  # every field read; the form a view is pickled and copied in
    if type(plain) is not PlayerView or plain != view or view != plain:
        raise fail(state, f"seat {viewer}'s view does not copy as a plain PlayerView equal "
                           "to it")
    own = state.seats[viewer]
    if view.hand != own.hand:
        raise fail(state, f"seat {viewer}'s view shows {card_list(view.hand)} as its hand, "
                           f"it holds {card_list(own.hand)}")
    if view.received != own.received:
        raise fail(state, f"seat {viewer}'s view shows other received cards than its own")
    for i, (seat, public) in enumerate(zip(state.seats, plain.seats, strict=True)):
        latest = {r.card: r for r in seat.received}  # each card's last receipt
        face_up = tuple(r.card for r in sorted(latest.values(), key=lambda r: r.order)
                        if r.reason == FACE_UP and r.card in seat.hand)
        if public.open != face_up:
            raise fail(state, f"seat {viewer}'s view shows {card_list(public.open)} as seat "
                               f"{i}'s open cards; dealt face up and held: "
                               f"{card_list(face_up)}")
    hidden = {c for i, s in enumerate(state.seats) if i != viewer for c in s.hand}
    hidden |= set(state.stock) | set(state.discards)
    hidden -= public_cards(state, revealed) | set(own.hand) | set(own.discarded)
    searched: list[object] = [[seat.shown for seat in plain.seats],
                              [seat.open for seat in plain.seats], plain.extras,
                              [text for _, text in plain.history]]
    leaked = sorted({c for c in _find_cards(searched) if c in hidden}, key=lambda c: c.index)
    if leaked:
        raise fail(state, f"seat {viewer}'s view shows hidden cards {card_list(leaked)}")
    return view


def check_out_of_turn(state: GameState, seed: int = 0) -> None:
    """Probe ``state`` with moves from the wrong sender; no error may leak a hidden card.

    Texts tried: each other player's name before the mover's own legal actions' text and
    pool actions, a name nobody at the table has, and unreadable text. Each must raise
    :class:`~primero.errors.IllegalActionError` with an empty ``.legal``, leave the state
    unchanged, and show (in message, reason or ``.legal``) no card the sender may not see:
    cards in the mover's and the other players' hands, the stock and the discards, except
    the sender's own hand, their own discards, public cards and cards the text itself names.

    Raises:
        DealInvariantError: a move was accepted, carried legal actions, changed the state,
            or leaked a card.
    """
    need_state(state, "check_out_of_turn")
    if state.over or state.to_act is None or state.chance is not None:
        return
    rng = random.Random(seed)
    mover = state.to_act
    texts: list[tuple[int | None, str]] = []
    pool = [str(a) for a in (*state.legal_actions()[:8], *action_pool(state)[:12])]
    for other in range(state.n):
        if other != mover:
            texts += [(other, f"{state.seats[other].name} {t}") for t in rng.sample(
                pool, min(4, len(pool)))]
    texts += [(None, f"Zed {rng.choice(pool)}"), (None, "vie two"), (None, "exchange Zz"),
              (None, "")]
    public = public_cards(state)
    before = snapshot(state)
    for sender, text in texts:
        try:
            state.apply(text)
        except IllegalActionError as exc:
            own: set[Card] = set()
            if sender is not None:
                own = set(state.seats[sender].hand) | set(state.seats[sender].discarded)
            hidden = {c for s in state.seats for c in s.hand} | set(state.stock) | \
                set(state.discards)
            hidden -= own | public | set(_find_cards(text))
            leaked = sorted({c for c in _find_cards([str(exc), exc.reason, exc.legal])
                             if c in hidden}, key=lambda c: c.index)
            if leaked:
                raise fail(state, f"{text!r} from the wrong sender: the error shows "
                                   f"{card_list(leaked)}") from exc
            if tuple(exc.legal):
                raise fail(state, f"{text!r} from the wrong sender: the error carries legal "
                                   "actions") from exc
        else:
            raise fail(state, f"{text!r} was accepted from the wrong sender")
        if snapshot(state) != before:
            raise fail(state, f"the rejected {text!r} changed the state")


def _swap(state: GameState, seat: int, index: int, other: Card) -> tuple[Card, ...]:
    hand = list(state.seats[seat].hand)
    hand[index] = other
    return tuple(hand)


def hidden_twins(state: GameState, viewer: int, rng: random.Random,
                 revealed: Revealed | None = None) -> list[GameState]:
    """States that differ from ``state`` only in cards ``viewer`` cannot see.

    * a card of another player (not public) swapped with a card of the stock;
    * a card swapped between two other players' hands;
    * the stock in another order, the discards in another order.

    Every twin holds the same cards, so it is a valid state; the viewer's view of each must
    equal their view of ``state``. Cards in :func:`public_cards` are never moved.

    Args:
        state: Any state of a deal.
        viewer: The seat whose view the twins must not change, 0 to ``state.n - 1``.
        rng: Chooses the cards to swap and the new orders.
        revealed: The variant's cards made public besides the showdown (see
            :data:`Revealed`).

    Returns:
        Zero to three twins, in the order above; a kind is left out where the state has
        nothing to move for it (no other player with a hidden card, an empty stock).
    """
    need_state(state, "hidden_twins")
    public = public_cards(state, revealed)

    def secret(seat: int) -> list[int]:
        return [k for k, c in enumerate(state.seats[seat].hand) if c not in public]

    others = [i for i in range(state.n) if i != viewer and secret(i)]
    twins: list[GameState] = []
    if others and state.stock:
        j = rng.choice(others)
        a = rng.choice(secret(j))
        b = rng.randrange(len(state.stock))
        card, stock_card = state.seats[j].hand[a], state.stock[b]
        stock = list(state.stock)
        stock[b] = card
        twins.append(attrs.evolve(state, seats=state.replace_seat(
            j, hand=_swap(state, j, a, stock_card)), stock=tuple(stock)))
    if len(others) >= 2:
        j, k = rng.sample(others, 2)
        a, b = rng.choice(secret(j)), rng.choice(secret(k))
        cj, ck = state.seats[j].hand[a], state.seats[k].hand[b]
        seats = list(state.seats)
        seats[j] = attrs.evolve(seats[j], hand=_swap(state, j, a, ck))
        seats[k] = attrs.evolve(seats[k], hand=_swap(state, k, b, cj))
        twins.append(attrs.evolve(state, seats=tuple(seats)))
    if len(state.stock) > 1 or len(state.discards) > 1:
        stock, discards = list(state.stock), list(state.discards)
        rng.shuffle(stock)
        rng.shuffle(discards)
        twins.append(attrs.evolve(state, stock=tuple(stock), discards=tuple(discards)))
    return twins

