"""Settling a deal: pot layers, showdown, ties, carry-over. The core's settle hook.

Rules: docs/rules/ties.md.

* Chips one player alone put into a layer (a vie or raise nobody matched) go back to that
  player, and so do the chips of a layer that no player still in reaches; returns are not
  awards.
* The rest is layered by total contribution to the deal (folded players' chips stay in the
  layers they reached), and adjacent layers open to the same players still in form one *pot*
  (:func:`form_pots`); each pot goes to the best hand among the players still in who reach it.
  Carried-over chips belong to the main (lowest) pot.
* Ties (option ``tie``) are settled once per pot, never per layer: ``eldest`` — the tied player
  nearest the dealer in playing order takes the pot [seed-DE][ZOR-C]; ``split`` — equal shares
  of the pot, its odd chips one by one in playing order from the eldest. (Three players tied for
  15 chips that two folded players reached at 1 and 2 chips take 5 / 5 / 5, not 6 / 5 / 4.)
* One player left takes every layer unseen; a deal that ended with a carry-over leaves the pot
  on the table.
* A settlement with chips carried over says why (``Settlement.reason``): "nobody vied in round
  2", or, for a pot no eligible hand reaches, the variant's explanation (the calling game's
  "no hand met the standing call ...").

:func:`build_layers`, :func:`form_pots`, :func:`share_layer` and :func:`settle_showdown` are
public so variants change only what they must (who is eligible, how ties go) instead of
copying the layering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from primero.deal.copying import maker
from primero.deal.state import GameState
from primero.hookspecs import hookimpl
from primero.rules.ties import share_layer
from primero.settlement import Award, PotLayer, Settlement

if TYPE_CHECKING:
    from primero.hands import HandValue
    from primero.variant import Variant

__all__ = [
    "CORE_SETTLING",
    "CoreSettling",
    "build_layers",
    "carried_reason",
    "carry_reason",
    "core_settle",
    "form_pots",
    "settle_carry",
    "settle_direct",
    "settle_showdown",
    "settle_unseen",
    "summarize",
]


#: The settlement's values made field by field (:func:`~primero.deal.copying.maker`: equal to the
#: keyword constructors, without their per-field calls).
_layer = maker(PotLayer, "amount", "level", "contenders")
_won_layer = maker(PotLayer, "amount", "level", "contenders", "winners", "shares")
_award = maker(Award, "seat", "amount")
_valued_award = maker(Award, "seat", "amount", "value")
_unseen_settlement = maker(Settlement, "awards", "returns", "layers")
_settlement = maker(Settlement, "awards", "returns", "layers", "carry", "showdown", "values",
                    "reason")


def build_layers(
    contributions: Sequence[int], contenders: Sequence[int], carry: int = 0
) -> tuple[list[PotLayer], list[tuple[int, int]], int]:
    """Layer a pot by contribution (docs/rules/ties.md).

    Args:
        contributions: Chips each seat put in this deal, by seat.
        contenders: Seats that may win (still in the deal).
        carry: Carried-over chips, joined to the lowest layer two or more players funded.

    Returns:
        ``(layers, returns, carry_left)``: the contested layers lowest first (no winners yet);
        ``(seat, chips)`` given back unmatched; carried chips no layer took (when no layer is
        contested, the carry stays with nobody's contribution and is returned as is).
    """
    levels = sorted({c for c in contributions if c > 0})
    layers: list[PotLayer] = []
    returns: dict[int, int] = {}
    live = set(contenders)
    previous = 0
    for level in levels:
        funders = []
        amount = 0
        reached = []
        for i, c in enumerate(contributions):  # one pass: funders, chips, who reaches
            if c > previous:
                funders.append(i)
                amount += (c if c < level else level) - previous
                if c >= level and i in live:
                    reached.append(i)
        reach = tuple(reached)
        if len(funders) == 1 or not reach:
            for i in funders:
                returns[i] = returns.get(i, 0) + min(contributions[i], level) - previous
        else:
            if carry and not layers:
                amount += carry
                carry = 0
            layers.append(_layer(amount, level, reach))
        previous = level
    return layers, sorted(returns.items()), carry


def form_pots(layers: Sequence[PotLayer]) -> list[PotLayer]:
    """Merge adjacent layers open to the same players still in into one pot (docs/rules/ties.md).

    Args:
        layers: Contested layers, lowest first (from :func:`build_layers`, no winners yet).

    Returns:
        The pots, lowest first: each with the chips of the layers it merges and the ``level``
        of its top layer. A tie is settled once per pot, so equal shares are cut from the
        whole pot, never layer by layer.
    """
    pots: list[PotLayer] = []
    for layer in layers:
        if pots and pots[-1].contenders == layer.contenders:
            last = pots[-1]
            pots[-1] = _layer(last.amount + layer.amount, layer.level, layer.contenders)
        else:
            pots.append(layer)
    return pots


def summarize(
    state: GameState,
    layers: Sequence[PotLayer],
    returns: Sequence[tuple[int, int]],
    carry: int,
    *,
    showdown: bool,
    values: dict[int, HandValue] | None = None,
    reason: str = "",
) -> Settlement:
    """Build the :class:`~primero.settlement.Settlement` from settled layers.

    Awards per seat come from the layers' winners; layers nobody won join the carry.
    ``reason`` says why chips carry over (kept only when some do).
    """
    won: dict[int, int] = {}
    for layer in layers:
        if layer.carried:
            carry += layer.amount
        for seat, share in zip(layer.winners, layer.shares, strict=True):
            won[seat] = won.get(seat, 0) + share
    values = values or {}
    awards = tuple(
        _valued_award(s, a, values.get(s) if showdown else None)
        for s, a in sorted(won.items()) if a > 0
    )
    return _settlement(awards, tuple(returns), tuple(layers), carry, showdown,  # type: ignore[no-any-return]
                       tuple(sorted(values.items())) if showdown else (),
                       reason if carry else "")


def _names(state: GameState, seats: Sequence[int]) -> str:
    names = [state.seats[s].name for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def carried_reason(state: GameState, pots: Sequence[PotLayer],
                   explain: Callable[[Sequence[int]], str] | None = None) -> str:
    """Why the pots nobody could win at a showdown carry over (``Settlement.reason``).

    Args:
        state: The finished deal.
        pots: The settled pots, lowest first.
        explain: Says why none of the given contenders may win a pot (e.g. the calling
            game's "no hand met the standing call ..."); default a plain statement.

    Returns:
        The reason, or ``""`` when every pot with chips was won.
    """
    why = explain or (lambda seats: f"no hand of {_names(state, seats)} may win it")
    carried = [p for p in pots if p.carried and p.amount]
    if not carried:
        return ""
    if all(p.carried for p in pots if p.amount):
        return why(state.live)
    return "; ".join(f"the pot of {p.amount} that {_names(state, p.contenders)} reach: "
                     f"{why(p.contenders)}" for p in carried)


def settle_showdown(
    state: GameState,
    *,
    eligible: Callable[[int, HandValue], bool] | None = None,
    tie: str | Callable[[HandValue], str] | None = None,
    explain: Callable[[Sequence[int]], str] | None = None,
) -> Settlement:
    """Settle a deal that reached the showdown: each pot to the best eligible hand.

    The layers of :func:`build_layers` are merged into pots (:func:`form_pots`) first, and a
    tie is settled once per pot (docs/rules/ties.md).

    Args:
        state: The finished deal.
        eligible: Which (seat, value) may win (default: every hand); a pot with no eligible
            contender carries over.
        tie: The tie policy (``"eldest"`` or ``"split"``, see :func:`share_layer`), or a
            callable that picks the policy of each pot from the tied hands' value (the
            revival game splits ties except equal Primeros); default the variant's ``tie``
            option (or ``"eldest"``).
        explain: Why none of the given seats may win a pot, for the settlement's ``reason``
            when a pot carries over (see :func:`carried_reason`).

    Returns:
        The settlement; every hand still in is shown.
    """
    contributions = [s.contributed for s in state.seats]
    live = state.live
    policy = tie or str(state.variant.options.get("tie", "eldest"))
    values = {seat: state.value(seat) for seat in live}
    layers, returns, carry = build_layers(contributions, live, state.carry_in)
    layers = form_pots(layers)
    if not layers:  # nobody put chips in: the carry is the only layer
        layers = [_layer(carry, 0, live)]
        carry = 0
    settled: list[PotLayer] = []
    for layer in layers:
        can_win = [s for s in layer.contenders if eligible is None or eligible(s, values[s])]
        if not can_win or layer.amount == 0:
            settled.append(layer)
            continue
        best = max(values[s].key for s in can_win)
        top = [s for s in can_win if values[s].key == best]
        layer_policy = policy if isinstance(policy, str) else policy(values[top[0]])
        winners, shares = share_layer(state, layer.amount, top, layer_policy)
        settled.append(_won_layer(layer.amount, layer.level, layer.contenders, winners, shares))
    return summarize(state, settled, returns, carry, showdown=True, values=values,
                     reason=carried_reason(state, settled, explain))


def settle_unseen(state: GameState) -> Settlement:
    """Settle a deal with one player left: they take every layer without showing."""
    contributions = [s.contributed for s in state.seats]
    (winner,) = state.live
    layers, returns, carry = build_layers(contributions, (winner,), state.carry_in)
    layers = form_pots(layers)
    won = [_won_layer(layer.amount, layer.level, layer.contenders, (winner,), (layer.amount,))
           for layer in layers]
    if carry:
        won.append(_won_layer(carry, 0, (winner,), (winner,), (carry,)))
    return summarize(state, won, returns, 0, showdown=False)


def carry_reason(state: GameState) -> str:
    """Why a deal that ended without a showdown leaves its pot: "nobody vied in round 2"."""
    step = state.step
    if state.ended_by == "carry" and step is not None and step.kind == "bet":
        return f"nobody vied in round {step.number}"
    return f"the deal ended without a winner ({state.ended_by or 'no showdown'})"


def settle_carry(state: GameState, reason: str | None = None) -> Settlement:
    """Settle a deal that ended without a winner: unmatched chips back, the rest carries.

    Args:
        state: The finished deal.
        reason: Why the pot stays (``Settlement.reason``); default :func:`carry_reason`.
    """
    contributions = [s.contributed for s in state.seats]
    layers, returns, carry = build_layers(contributions, state.live, state.carry_in)
    carry += sum(layer.amount for layer in layers)
    return summarize(state, [], returns, carry, showdown=False,
                     reason=carry_reason(state) if reason is None else reason)


def core_settle(state: GameState) -> Settlement:
    """The core's settlement (``primero_settle``): showdown, unseen win, or carry-over."""
    if len(state.live) == 1:
        return settle_unseen(state)
    if state.ended_by == "showdown":
        return settle_showdown(state)
    return settle_carry(state)


def settle_direct(state: GameState) -> Settlement:
    """:func:`core_settle`, for the engine's fast path: the usual settlements made at once.

    Equal to :func:`core_settle` (the value the hook gives): one player left takes every
    contested layer, and those layers, all open to that player alone, form one pot
    (:func:`form_pots`), so the pot is made at once, without the layers in between; a
    showdown of equal stakes is one pot too (see :func:`_showdown_direct`).
    """
    seats = state.seats
    winner = -1
    for i, s in enumerate(seats):
        if not s.folded:
            if winner >= 0:
                if state.ended_by == "showdown":
                    return _showdown_direct(state)
                return core_settle(state)  # a carry-over
            winner = i
    if winner < 0:  # pragma: no cover - a deal always keeps one player
        return core_settle(state)
    # build_layers with one contender, in closed form: a level is contested while two
    # players reach it (up to the second-highest contribution) and the winner does (up to
    # theirs); above ``top``, the lower of the two, every chip goes back to whoever put it in
    contributions = []  # (a loop, not a comprehension: no call)
    for s in seats:
        contributions.append(s.contributed)
    carry = state.context.setup.carry
    reach = contributions[winner]
    second = sorted(contributions, reverse=True)[1]
    top = reach if reach < second else second
    if top < 0:  # pragma: no cover - contributions are never negative
        top = 0
    amount = 0
    returns: list[tuple[int, int]] = []
    for i, c in enumerate(contributions):
        if c > top:
            amount += top
            returns.append((i, c - top))
        else:
            amount += c
    contenders = (winner,)
    if top:
        layers: tuple[PotLayer, ...] = (
            _won_layer(amount + carry, top, contenders, contenders, (amount + carry,)),)
    elif carry:
        layers = (_won_layer(carry, 0, contenders, contenders, (carry,)),)
    else:
        layers = ()
    won = amount + carry
    awards = (_award(winner, won),) if won > 0 else ()
    return _unseen_settlement(awards, tuple(returns), layers)  # type: ignore[no-any-return]


def _showdown_direct(state: GameState) -> Settlement:
    """:func:`settle_showdown` of ``state`` (the core's policy), made at once in the usual case.

    Every player still in put in the same chips and nobody more: then every layer of
    :func:`build_layers` is open to all of them, so they form one pot (:func:`form_pots`) of
    every chip put in and the carry, which the best hand takes (:func:`share_layer`); no
    chips go back and none carry over. Anything else is :func:`settle_showdown` itself.
    """
    seats = state.seats
    level = -1
    chips = 0
    still_in = []  # (loops, not comprehensions: no calls)
    for i, s in enumerate(seats):
        put = s.contributed
        if not s.folded:
            if level < 0:
                level = put
            elif put != level:
                return settle_showdown(state)  # more than one pot
            still_in.append(i)
        chips += put
    if level <= 0:
        return settle_showdown(state)
    for s in seats:
        if s.contributed > level:
            return settle_showdown(state)  # chips go back
    live = tuple(still_in)
    context = state.context
    variant = context.variant
    evaluate = variant.ranking.evaluate
    values = {}
    best = None
    for seat in live:
        value = values[seat] = evaluate(seats[seat].hand)
        key = value.key
        if best is None or key > best:
            best = key
    top = [s for s in live if values[s].key == best]
    amount = chips + context.setup.carry
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    if len(top) == 1:  # share_layer's answer for one winner, whatever the tie policy
        winners, shares = (top[0],), (amount,)
    else:
        winners, shares = share_layer(state, amount, top,
                                      str(variant.options.get("tie", "eldest")))
    won: dict[int, int] = {}
    for seat, share in zip(winners, shares, strict=True):
        won[seat] = won.get(seat, 0) + share
    awards = tuple(_valued_award(s, a, values[s]) for s, a in sorted(won.items()) if a > 0)
    return _settlement(awards, (), (_won_layer(amount, level, live, winners, shares),),  # type: ignore[no-any-return]
                       0, True, tuple(sorted(values.items())), "")


class CoreSettling:
    """Core settle hook (docs/rules/ties.md); the code is in :mod:`primero.rules.settling`."""

    @hookimpl(trylast=True)
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement:
        """Showdown, unseen win, or carry-over, by how the deal ended."""
        return core_settle(state)


#: The core's settle hook, registered ``trylast`` under every variant.
CORE_SETTLING = CoreSettling()
