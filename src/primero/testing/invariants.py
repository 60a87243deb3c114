"""The deal invariants: what every state of every variant must satisfy; how long a deal lasts."""

from __future__ import annotations

from collections import Counter

from primero.deal.state import GameState
from primero.testing.chance import check_chance
from primero.testing.failures import card_list, fail, need_state

__all__ = ["action_bound", "check_deal_invariants"]


def check_deal_invariants(state: GameState) -> None:
    """Check what every state of every variant must satisfy.

    * Every card of the variant's pack is exactly once among the hands, the stock and the
      discards (docs/rules/dealing.md, docs/plugins/architecture.md); every reshuffle holds distinct
      cards of the pack.
    * Chips are conserved (docs/rules/ties.md): until the settlement each seat's stack plus what it
      put in is its starting chips, and the carry-in is the setup's; ``state.total_chips``
      is the starting chips plus the carry-in, always; once settled, the awards, the returns
      and the carry add up to the pot, and ``sum(stacks) + settlement.carry`` is the start
      total. Stacks and contributions are never negative.
    * Turns: a deal that is not over has a seat to act, still in, with distinct legal actions;
      a finished deal has a settlement, nobody to act and no legal actions; awards go to
      players still in.

    Args:
        state: Any state from :func:`primero.deal.engine.start_deal` or ``apply``.

    Raises:
        DealInvariantError: (an ``AssertionError``) naming the broken invariant, the step and
            the number of actions, with the state described.
    """
    need_state(state, "check_deal_invariants")
    # cards ---------------------------------------------------------------------------------
    pack = state.variant.pack
    seen = Counter(c for s in state.seats for c in s.hand)
    seen.update(state.stock)
    seen.update(state.discards)
    twice = sorted((c for c, k in seen.items() if k > 1), key=lambda c: c.index)
    if twice:
        raise fail(state, f"cards held twice: {card_list(twice)}")
    foreign = sorted((c for c in seen if c not in pack), key=lambda c: c.index)
    if foreign:
        raise fail(state, f"cards outside the {pack.name} pack: {card_list(foreign)}")
    missing = [c for c in pack if c not in seen]
    if missing:
        raise fail(state, f"cards lost (not in a hand, the stock or the discards): "
                           f"{card_list(missing)}")
    for k, order in enumerate(state.reshuffles, start=1):
        if len(set(order)) != len(order) or any(c not in pack for c in order):
            raise fail(state, f"reshuffle {k} is not a set of distinct cards of the pack")

    # chips ---------------------------------------------------------------------------------
    setup = state.setup
    start_total = sum(setup.chips) + setup.carry
    if state.carry_in != setup.carry:
        raise fail(state, f"carry-in {state.carry_in} is not the setup's {setup.carry}")
    if state.players != setup.players:
        raise fail(state, f"players {state.players} are not the setup's {setup.players}")
    for seat in state.seats:
        if seat.stack < 0 or seat.contributed < 0:
            raise fail(state, f"{seat.name} has {seat.stack} chips and put in "
                               f"{seat.contributed}: never negative")
    if state.total_chips != start_total:
        raise fail(state, f"total chips {state.total_chips} (stacks {state.stacks} + pot "
                           f"{state.pot}), but the deal started with {start_total}")
    settlement = state.settlement
    if settlement is None:
        for seat, chips in zip(state.seats, setup.chips, strict=True):
            if seat.stack + seat.contributed != chips:
                raise fail(state, f"{seat.name}: stack {seat.stack} + put in "
                                   f"{seat.contributed} != starting chips {chips}")
    else:
        pot = state.carry_in + sum(s.contributed for s in state.seats)
        if settlement.paid_out + settlement.carry != pot:
            raise fail(state, f"the settlement pays {settlement.paid_out} and carries "
                               f"{settlement.carry}, the pot was {pot}")
        if sum(state.stacks) + settlement.carry != start_total:
            raise fail(state, f"after the deal, stacks {sum(state.stacks)} + carry "
                               f"{settlement.carry} != {start_total}")
        if settlement.carry < 0:
            raise fail(state, f"negative carry {settlement.carry}")
        for i, (seat, chips) in enumerate(zip(state.seats, setup.chips, strict=True)):
            back = settlement.won_by(i) + settlement.returned_to(i)
            if seat.stack != chips - seat.contributed + back:
                raise fail(state, f"{seat.name}: final stack {seat.stack} != {chips} - "
                                   f"{seat.contributed} put in + {back} won or returned")
        for award in settlement.awards:
            if award.amount <= 0 or state.seats[award.seat].folded:
                raise fail(state, f"bad award {award}: positive, to a player still in")
        for seat_index, chips in settlement.returns:
            if chips <= 0:
                raise fail(state, f"bad return of {chips} to seat {seat_index}")

    # turns ---------------------------------------------------------------------------------
    legal = state.legal_actions()
    if state.chance is not None:
        check_chance(state)
        return
    if state.pending:
        raise fail(state, "cards are pending outside a chance node (not dealt from outside)")
    if state.over:
        if settlement is None or state.to_act is not None or legal:
            raise fail(state, "a finished deal has a settlement, nobody to act and no legal "
                               "actions")
    else:
        if settlement is not None:
            raise fail(state, "a deal that is not over has no settlement")
        if state.to_act is None or not 0 <= state.to_act < state.n:
            raise fail(state, f"the deal is not over but nobody is to act ({state.to_act})")
        if state.seats[state.to_act].folded:
            raise fail(state, f"{state.seats[state.to_act].name} is to act but has folded")
        if not legal:
            raise fail(state, "the player to act has no legal action")
        if len(set(legal)) != len(legal):
            raise fail(state, "the legal actions repeat an action")


def action_bound(state: GameState) -> int:
    """An upper bound on the actions of a deal, fixed when it starts.

    Between two actions that move chips or fold, each player can pass at most twice (once in
    answer, once when level); every chip move takes at least one chip from a stack, and each
    player folds at most once; exchanges and declarations are one action per player and step.
    So each step of the plan takes at most ``(2n + 1) * (chips + n + 1)`` actions.
    """
    need_state(state, "action_bound")
    n = state.n
    return max(1, len(state.plan)) * (2 * n + 1) * (state.total_chips + n + 1)

