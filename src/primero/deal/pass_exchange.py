"""A pass that exchanges cards, spelt out fast: a betting tuple with every pass of the hand.

Where a variant's pass comes with an exchange of one to ``most`` cards of the passer's hand
(Suzuki's: one or two), the legal actions of a betting round are the core's betting tuple with
its plain :class:`~primero.actions.Pass` replaced by one pass per exchange, in place:
:func:`bets_with_passes`. It gives, value for value and in the same order, what
:func:`~primero.deal.fast_dealing.bets_with_exchanges` gives (tested side by side in
``tests/fast_paths/test_pass_exchange_equals_the_composition.py``), the fast way:

* the passes of a hand are found by the bits of the cards each throws, every pass made once
  (actions are values) and shared by every hand that can throw those cards;
* the answer is kept by the hand and the identity of the betting tuple (the core's, shared
  between states): the same hand gets the same object where the betting tuple is the same
  (whichever deal it is in), and the passes already spelt where it is another.

Each answer is remembered for the checked rules
(:func:`~primero.plugins.checks.remember_composed`): the passes are the library's, of that very
hand, so the checked rules check only the betting tuple, once per tuple.
"""

from __future__ import annotations

from itertools import combinations

from primero.actions import Action, Pass
from primero.cards import Card
from primero.deal.state import GameState
from primero.plugins.checks import remember_composed

__all__ = ["bets_with_passes", "hand_passes"]

#: Every pass made so far, by the bits of the cards it throws (one object per set of cards).
_BY_MASK: dict[int, Pass] = {}


def _pass_of(cards: tuple[Card, ...]) -> Pass:
    """The pass exchanging ``cards`` (distinct cards), one shared object per set of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    made = _BY_MASK.get(mask)
    if made is None:
        made = _BY_MASK[mask] = Pass.from_cards(cards)
    return made


def hand_passes(hand: tuple[Card, ...], most: int) -> tuple[Pass, ...]:
    """Every pass of ``hand`` with an exchange of one card, then of two, ... up to ``most``.

    In :func:`itertools.combinations` order of the hand's cards (the order
    :func:`~primero.deal.fast_dealing.exchange_passes` gives); the same cards give the same
    pass object whichever hand holds them.
    """
    if most == 2 and len(hand) == 4:  # Suzuki's: each pass found by its cards' bits
        a, b, c, d = hand
        ab, cb, bb, db = a.bit, c.bit, b.bit, d.bit
        get = _BY_MASK.get
        made = (get(ab), get(bb), get(cb), get(db), get(ab | bb), get(ab | cb), get(ab | db),
                get(bb | cb), get(bb | db), get(cb | db))
        if all(made):  # (a pass is always true: no pass is missing)
            return made  # type: ignore[return-value]
    return tuple([_pass_of(subset) for k in range(1, most + 1)
                  for subset in combinations(hand, k)])


#: How many answers (and hands) are kept (then they start again).
KEPT = 8192

#: The answers made, by the betting tuple's identity, the hand and ``most``: ``(bets,
#: answer)`` (the tuple held, so its identity is never another's).
_ANSWERS: dict[tuple[int, tuple[Card, ...], int], tuple[tuple[Action, ...],
                                                        tuple[Action, ...]]] = {}

#: The passes of each hand, by the hand and ``most``.
_PASSES: dict[tuple[tuple[Card, ...], int], tuple[Pass, ...]] = {}

#: The places of the plain passes of each betting tuple, by its identity: ``(bets, places)``.
_PLAIN_AT: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}


def bets_with_passes(state: GameState, bets: tuple[Action, ...], most: int) \
        -> tuple[Action, ...]:
    """``bets`` with each plain pass spelt out once per exchange of 1 to ``most`` cards.

    The seat to act's betting actions where a pass comes with an exchange: each plain
    :class:`~primero.actions.Pass` of ``bets`` (one without an exchange) is replaced, in place,
    by :func:`hand_passes` of the hand of the seat to act; the rest is kept. Equal to
    :func:`~primero.deal.fast_dealing.bets_with_exchanges` (value for value). The same hand
    object and ``bets`` tuple give the same answer object.

    Args:
        state: A state with a seat to act.
        bets: The betting actions (a tuple the caller shares between states, the core's).
        most: The most cards a pass exchanges.
    """
    hand = state.seats[state.to_act].hand  # type: ignore[index]
    key = (id(bets), hand, most)
    known = _ANSWERS.get(key)
    if known is not None and known[0] is bets:
        return known[1]
    passes = _PASSES.get((hand, most))
    if passes is None:
        passes = hand_passes(hand, most)
        if len(_PASSES) >= KEPT:
            _PASSES.clear()
        _PASSES[hand, most] = passes
    at = _PLAIN_AT.get(id(bets))
    if at is None or at[0] is not bets:
        places = [k for k, action in enumerate(bets) if type(action) is Pass
                  and not action.exchange]
        if len(_PLAIN_AT) >= KEPT:
            _PLAIN_AT.clear()
        at = _PLAIN_AT[id(bets)] = (bets, tuple(places))
    answer = bets
    for k in reversed(at[1]):  # (one plain pass in a betting tuple: one concatenation)
        answer = answer[:k] + passes + answer[k + 1:]
    if len(_ANSWERS) >= KEPT:
        _ANSWERS.clear()
    _ANSWERS[key] = (bets, answer)
    remember_composed(answer, bets, hand)
    return answer
