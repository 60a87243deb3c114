"""Chance and action-id properties: explicit chance nodes and actions as numbers.

* :func:`check_action_ids` — at a decision, ``legal_action_ids()`` is the sorted encodings of
  ``legal_actions()``, every id is below ``action_space.size``, and ``decode(encode(a)) == a``
  for every legal action.
* :func:`check_chance` — at a chance node of a deal dealt from outside, the cards that can
  come are distinct cards of the pack, none of them in a hand, and nobody may act.
* :func:`external_replay` — a finished deal played again with its cards dealt from outside
  (the cards its stock and reshuffles gave, in order) and its actions applied by id: the same
  legal ids at every decision, and the same result (stacks, settlement, hands).

They raise :class:`~primero.testing.failures.DealInvariantError` (an ``AssertionError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.errors import IllegalActionError
from primero.testing.failures import card_list, fail, need_state

if TYPE_CHECKING:
    from primero.deal.state import GameState

__all__ = ["check_action_ids", "check_chance", "external_replay"]


def check_action_ids(state: GameState) -> None:
    """Check the action ids of ``state`` against its legal actions (see the module doc).

    Raises:
        DealInvariantError: an id is out of range, the ids are not the sorted encodings of
            the legal actions, or an action does not survive ``decode(encode(a))``.
    """
    need_state(state, "check_action_ids")
    space = state.action_space
    legal = state.legal_actions()
    ids = state.legal_action_ids()
    if any(not 0 <= i < space.size for i in ids):
        raise fail(state, f"a legal id is outside 0..{space.size - 1}: {ids}")
    if list(ids) != sorted(ids) or len(set(ids)) != len(ids):
        raise fail(state, f"the legal ids are not ascending and distinct: {ids}")
    encoded = sorted(space.encode(state, a) for a in legal)
    if encoded != list(ids):
        raise fail(state, f"legal_action_ids() {ids} are not the sorted encodings of the "
                           f"legal actions {encoded}")
    for action in legal:
        back = space.decode(state, space.encode(state, action))
        if back != action:
            raise fail(state, f"decode(encode({action})) gives {back}")


def check_chance(state: GameState) -> None:
    """Check a chance node: distinct cards of the pack, none in a hand; nobody may act.

    A folded hand is no longer in play: at a reshuffle its cards join the discards
    (docs/rules/dealing.md#running-out-of-stock), so they may be offered.

    Raises:
        DealInvariantError: a card offered is in a hand, outside the pack or offered twice,
            no card is offered, or the state offers legal actions at the chance node.
    """
    need_state(state, "check_chance")
    chance = state.chance
    if chance is None:
        return
    pack = state.variant.pack
    held = {c for s in state.seats if not s.folded for c in s.hand}
    if not chance.cards:
        raise fail(state, "a chance node offers no card")
    if len(set(chance.cards)) != len(chance.cards):
        raise fail(state, "a chance node offers a card twice")
    bad = [c for c in chance.cards if c in held or c not in pack]
    if bad:
        raise fail(state, f"the chance node offers {card_list(bad)}, "
                           "held by a player still in or outside the pack")
    if state.legal_actions() or state.legal_action_ids():
        raise fail(state, "legal actions at a chance node")
    if not 0 <= chance.seat < state.n:
        raise fail(state, f"a card for seat {chance.seat}, not a seat")


def external_replay(state: GameState) -> GameState:
    """Play ``state``'s deal again, dealt from outside with its cards, by action ids.

    The cards come in the order ``state``'s stock and reshuffles gave them (its seeded or
    stacked deal), less the cards the variant's rules deal by name before any chance (the
    ``toy`` variant's open cards, in a hand already); the actions are applied as ids. At
    every decision the legal ids must equal those of the same decision in a stacked replay
    of the deal; at the end the stacks, the settlement and the hands must equal ``state``'s.

    Args:
        state: Any state of a deal that was not itself dealt from outside.

    Returns:
        The externally dealt state after the same actions.

    Raises:
        DealInvariantError: the two deals disagree anywhere.
    """
    need_state(state, "external_replay")
    setup = state.setup
    # the same table (raise cap included), once stacked and once dealt from outside
    stacked = start_deal(state.variant, replace(setup, reshuffles=state.reshuffles,
                                                dealing="stacked"))
    outside = start_deal(state.variant, replace(setup, stock=(), seed=0, reshuffles=(),
                                                dealing="external"))
    segments = [list(setup.stock), *(list(r) for r in state.reshuffles)]
    segment = 0

    def deal_pending(current: GameState) -> GameState:
        nonlocal segment
        while current.chance is not None:
            check_chance(current)
            if not current.stock:
                segment += 1
            # a card the variant's rules dealt by name (the toy's open cards) is no chance
            # event: it is in a hand already, wherever the stacked stock held it
            held = {c for s in current.seats for c in s.hand}
            while segments[segment] and segments[segment][0] in held:
                segments[segment].pop(0)
            card = segments[segment].pop(0)
            if card not in current.chance.cards:
                raise fail(current, f"{card.ascii} cannot come at the chance node, but the "
                                     "stacked deal dealt it")
            current = current.deal(card)
        return current

    outside = deal_pending(outside)
    for seat, action in state.history:
        if outside.to_act != seat or stacked.to_act != seat:
            raise fail(outside, f"seat {seat} acted in the deal; here {outside.to_act} is "
                                 "to act")
        ids = outside.legal_action_ids()
        if ids != stacked.legal_action_ids():
            raise fail(outside, "external dealing offers other legal ids than the stacked "
                                 "deal")
        check_action_ids(outside)
        try:
            i = outside.action_space.encode(outside, action)
            outside = deal_pending(outside.apply(i))
        except IllegalActionError as exc:
            raise fail(outside, f"{action} by id failed: {exc}") from exc
        stacked = stacked.apply(action)
    if outside.over != state.over or outside.stacks != state.stacks \
            or outside.settlement != state.settlement \
            or [s.hand for s in outside.seats] != [s.hand for s in state.seats]:
        raise fail(outside, "the deal dealt from outside ends otherwise than the stacked one")
    return outside
