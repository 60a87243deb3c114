"""Reasoning about calls in a calling game (docs/rules/cardano.md), from the variant's advice.

Everything a call means comes from the variant (:class:`~primero.advice.CallAdvice`, the
variant's ``primero_agent_advice``): the standing call, who named it, how calls order, and
whether a hand meets one under the variant's configured rule. This module only reasons with
it: which call a hand most likely meets (:func:`best_call`), what a hand is worth under the
standing call or one of its own (:func:`call_outlook`, :func:`eligible_strength`), and in the
last round which call is worth most as a weapon (:func:`pressure_call`: an opponent ranking
below a call can neither meet nor answer it, so it folds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from primero.actions import Action, Call, Hold, Vie
from primero.advice import CallAdvice, VariantAdvice
from primero.agents.reading import HELD_FLOOR, Reading, shown_strength
from primero.agents.strength import (
    FINALS_LIMIT,
    Strength,
    dealt_hands,
    final_hands,
    mask_of,
    opponent_hands,
    others_open,
    unseen_cards,
)
from primero.cards import Card
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = [
    "MIN_CALL_SHARE",
    "PRESSURE_CALLS",
    "PRESSURE_EDGE",
    "advice_of",
    "amount_of",
    "best_call",
    "call_outlook",
    "caller_among",
    "calls_of",
    "cheapest_with_call",
    "dense_pairs",
    "eligible_strength",
    "meets",
    "meets_by_index",
    "opponents_sampled",
    "pressure_call",
    "share_of_pack_meeting",
    "share_of_pairs",
    "standing_call",
]


def advice_of(view: PlayerView) -> VariantAdvice:
    """The variant's advice to computer players (``variant.rules.agent_advice``)."""
    return view.variant.rules.agent_advice


def calls_of(view: PlayerView) -> CallAdvice | None:
    """The variant's calls (``None`` in a variant without calls)."""
    return view.variant.rules.agent_advice.calls


def standing_call(view: PlayerView) -> Call | None:
    """The standing call the view shows, ``None`` in a variant without calls or before any."""
    calls = calls_of(view)
    return None if calls is None else calls.standing(view)


def meets(calls: CallAdvice, table: Strength, mask: int, call: Call, *,
          by_rank: bool = False) -> bool:
    """Whether the four-card hand ``mask`` meets ``call`` under the variant's rule.

    With ``by_rank``, whether it ranks at or above the call.
    """
    i = table.index_of_mask(mask)
    return calls.meets_dense(table.strengths[i], table.class_ids[i], call, by_rank=by_rank)


_MEETS: dict[tuple[int, int, Call, bool], tuple[CallAdvice, Strength, np.ndarray]] = {}


def meets_by_index(calls: CallAdvice, table: Strength, call: Call, *,
                   by_rank: bool = False) -> np.ndarray:
    """Per table index, whether that four-card hand meets ``call`` (:func:`meets`, in bulk).

    A boolean array read by the indices of :meth:`Strength.indices_of`; worked out once per
    distinct (strength, class) pair and cached per book, table, call and ``by_rank``.
    """
    key = (id(calls), id(table), call, by_rank)
    found = _MEETS.get(key)
    if found is not None and found[0] is calls and found[1] is table:
        return found[2]
    width = int(table.class_array.max()) + 1
    unique, back = np.unique(table.strength_array * width + table.class_array,
                             return_inverse=True)
    answers = np.array([calls.meets_dense(int(u) // width, int(u) % width, call,
                                          by_rank=by_rank) for u in unique], dtype=bool)
    result: np.ndarray = answers[back.reshape(-1)]
    _MEETS[key] = (calls, table, result)
    return result


_PACK_SHARES: dict[tuple[int, Call], float] = {}


def share_of_pack_meeting(view: PlayerView, call: Call) -> float:
    """The share of the pack's four-card hands that meet ``call`` under the variant's rule.

    What a caller's hand meets before anything is known of it (cached per call book and
    call).
    """
    book = calls_of(view)
    if book is None:
        return 1.0
    key = (id(book), call)
    found = _PACK_SHARES.get(key)
    if found is None:
        table = view.variant.ranking.hand_table
        strengths = np.asarray(table.strength)
        classes = np.asarray(table.class_ids)
        top = int(strengths.max())
        answers = [c for c in range(len(table.classes))
                   if book.meets_dense(top, c, call)]
        met = (strengths >= book.threshold(call)) & np.isin(classes, answers)
        found = _PACK_SHARES[key] = float(met.mean())
    return found


def share_of_pairs(calls: CallAdvice, pairs: Sequence[tuple[int, int]], call: Call) -> float:
    """The share of hands, given as ``(dense strength, class id)`` pairs, meeting ``call``."""
    if not pairs:
        return 0.0
    return sum(1 for s, c in pairs if calls.meets_dense(s, c, call)) / len(pairs)


def dense_pairs(table: Strength, finals: Sequence[int]) -> list[tuple[int, int]]:
    """``(strength, class id)`` of each hand mask."""
    index, strengths, classes = table.index_of_mask, table.strengths, table.class_ids
    return [(strengths[i], classes[i]) for i in map(index, finals)]


def best_call(options: Sequence[Vie | Hold], view: PlayerView, table: Strength,
              rng: random.Random, finals: Sequence[int] | None = None) \
        -> tuple[Vie | Hold, float]:
    """The call (among ``options``, all of one amount) the viewer's hand most likely meets.

    With four cards: the lowest call the hand meets under the variant's rule (a hand meets
    exactly the calls of its class, or of a class it may answer by an allowed understatement,
    at or below it: docs/rules/cardano.md). With fewer: over the hands it may end as (exact
    or sampled, :func:`final_hands`), the lowest call of the class it most often meets.

    Args:
        options: Vies or raises naming calls.
        view: The caller's view.
        table: The ranking's strength table.
        rng: For sampling the final hands.
        finals: The final hands already drawn for the viewer's hand (masks), if any.

    Returns:
        The action and the share of its final hands that meet its call (1.0 or 0.0 with four
        cards).
    """
    book = calls_of(view)
    assert book is not None  # options name calls: the variant has them

    def key_of(a: Vie | Hold) -> tuple[int, ...]:
        call = a.call
        assert call is not None  # the legal actions offer attainable calls only
        return book.key(call)

    ordered = sorted(options, key=key_of)
    if finals is None:
        finals = final_hands(table, view.hand, unseen_cards(view), rng)
    pairs = dense_pairs(table, finals)
    lowest: dict[str, Vie | Hold] = {}
    for a in ordered:
        assert a.call is not None
        lowest.setdefault(a.call.hand_class, a)
    scored = [(share_of_pairs(book, pairs, a.call), -i, a)  # type: ignore[arg-type]
              for i, a in enumerate(lowest.values())]
    share, _, action = max(scored, key=lambda t: (t[0], t[1]))
    return action, share



def call_outlook(view: PlayerView, table: Strength, rng: random.Random) \
        -> tuple[float, Vie | Hold | None]:
    """The hand's worth under the standing call, or under a call of its own if that is more.

    Returns:
        ``(strength, recall)``: the mean strength of the final hands meeting the standing
        call (:func:`eligible_strength`), and ``None``; or, when naming a legal call above
        it (:func:`best_call`) is worth more, that worth and the vie or raise naming it.
    """
    finals = final_hands(table, view.hand, unseen_cards(view), rng)
    strength = eligible_strength(view, table, view.hand, rng, finals=finals)
    called = [a for a in view.legal if isinstance(a, Vie | Hold) and a.call is not None]
    if not called:
        return strength, None
    action, _ = best_call(called, view, table, rng, finals)
    assert action.call is not None
    own = eligible_strength(view, table, view.hand, rng, action.call, finals=finals)
    if own > strength:
        return own, action
    return strength, None


def cheapest_with_call(legal: Sequence[Action], like: Vie | Hold) -> Action:
    """The smallest vie or raise of ``legal`` naming ``like``'s call (``like`` if none)."""
    same = [a for a in legal if isinstance(a, type(like)) and a.call == like.call]
    return min(same, key=lambda a: a.amount if isinstance(a, Vie) else a.raise_by) \
        if same else like


def eligible_strength(view: PlayerView, table: Strength, keep: Sequence[Card],
                      rng: random.Random, call: Call | None = None, *,
                      finals: Sequence[int] | None = None) -> float:
    """Mean strength of the hands ``keep`` may end as, a hand missing the call counting 0.

    The call is ``call``, by default the standing call (none: plain mean strength). Exact
    over the completions when there are few, else sampled (:func:`final_hands`); ``finals``
    gives those hands when they are already drawn.
    """
    if finals is None:
        finals = final_hands(table, keep, unseen_cards(view), rng)
    book = calls_of(view)
    if call is None:
        call = standing_call(view)
    if not finals:
        return 0.0
    if call is None or book is None:
        return sum(table.share_of_mask(m) for m in finals) / len(finals)
    # with cards still to come a betting round follows, where a hand that ranks above the
    # call can name a call of its own class (call_outlook): count it
    by_rank = len(keep) < len(view.hand) or len(view.hand) < HAND_SIZE
    return sum(table.share_of_mask(m) for m in finals
               if meets(book, table, m, call, by_rank=by_rank)) / len(finals)


#: A call is named only when at least this share of the caller's possible final hands meet it
#: (bluffs aside).
MIN_CALL_SHARE = 0.4


def caller_among(view: PlayerView, call: Call | None) -> int | None:
    """Where the opponent who named ``call``, the standing call, sits among the live ones.

    Returns:
        Its position among the viewer's live opponents in seat order; ``None`` when the
        viewer named it, or no one still in did.
    """
    book = calls_of(view)
    if call is None or book is None or book.standing(view) != call:
        return None
    seat = book.caller(view)
    if seat is None or seat == view.seat:
        return None
    live = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
    return live.index(seat) if seat in live else None


def amount_of(action: Action) -> int:
    """The chips a vie puts up or a hold raises by (0 for anything else)."""
    return action.amount if isinstance(action, Vie) else action.raise_by \
        if isinstance(action, Hold) else 0



def opponents_sampled(view: PlayerView, table: Strength, rng: random.Random,
                      samples: int, reading: Reading | None = None) \
        -> list[tuple[float, list[int]]]:
    """Sampled deals of the live opponents' four cards: ``(weight, dense strengths)`` each.

    Each hand is its owner's open cards and the rest from the cards the viewer's view hides,
    each at least as strong as its owner's betting suggests (:func:`shown_strength`, by
    ``reading``); a deal where the opponent who named the standing call does not meet it
    weighs as much as that opponent's betting frequency (:meth:`Reading.bluff_weight`).
    """
    live = sum(1 for i, seat in enumerate(view.seats) if i != view.seat and not seat.folded)
    pool = [c.bit for c in unseen_cards(view)]
    take = HAND_SIZE * live
    # opponents holding cards face up: each hand is its open cards and hidden draws
    bases: list[int] = []
    hidden: list[int] = []
    opened = bool(others_open(view))
    if opened:
        bases, hidden, take = opponent_hands(view, 0)
    if live == 0 or take > len(pool):
        return []
    floors = shown_strength(view, reading)
    book = calls_of(view)
    call = standing_call(view)
    caller = caller_among(view, call)
    bluff = 1.0
    if caller is not None:
        seats = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
        bluff = (reading or Reading()).bluff_weight(view, seats[caller])
    strengths, index = table.strengths, table.index_of_mask
    out = []
    for _ in range(samples):
        drawn = rng.sample(pool, take)
        hands = dealt_hands(drawn, 0, bases, hidden) if opened else \
            [drawn[at] | drawn[at + 1] | drawn[at + 2] | drawn[at + 3]
             for at in range(0, len(drawn), HAND_SIZE)]
        if any(table.share_of_mask(h) < f for h, f in zip(hands, floors, strict=False)):
            continue
        weight = 1.0
        if caller is not None and call is not None and book is not None \
                and not meets(book, table, hands[caller], call):
            weight = bluff
        out.append((weight, [strengths[index(h)] if table.share_of_mask(h) >= HELD_FLOOR
                             else -1 for h in hands]))
    return out


def pressure_call(view: PlayerView, legal: Sequence[Action], planned: Action, chance: float,
                  table: Strength, rng: random.Random, samples: int = FINALS_LIMIT,
                  reading: Reading | None = None) -> tuple[Action, str] | None:
    """In the calling game's last round, a vie or raise worth more chips than ``planned``.

    With no card to come, an opponent whose hand ranks below a call can neither meet it nor name a
    call of its own above it, so it cannot win the showdown and folds (docs/rules/cardano.md: only
    hands meeting the standing call can win; bluffing is allowed) — as often as that opponent folds
    or passes (``reading``: an opponent that calls everything does not fold); a hand ranking at or
    above it plays on. For each class, its lowest legal call at the smallest and largest amounts is
    weighed, with ``F`` the chance that every live opponent folds and ``W`` the chance, when one
    plays on, that the viewer's hand meets the call and beats it: worth ``F * pot + (1 - F) * (W *
    (pot + bet) - (1 - W) * (owed + bet))`` chips (``bet`` the vie or the raise). The plan is worth
    ``0`` (fold, pass) or ``chance * (pot + owed) - owed`` (hold); a vie or raise in the plan is
    weighed like the others.

    Returns:
        The better vie or raise and why, or ``None`` when the plan is worth as much.
    """
    deals = opponents_sampled(view, table, rng, samples, reading)
    total = sum(w for w, _ in deals)
    book = calls_of(view)
    if not total or book is None:
        return None
    folds = 1.0  # the chance that every live opponent lets go of a call it cannot meet
    for i, s in enumerate(view.seats):
        if i != view.seat and not s.folded:
            folds *= (reading or Reading()).fold_rate(s.name)
    mask = mask_of(view.hand)
    mine = table.strengths[table.index_of_mask(mask)]
    pot, owed = view.pot, view.owed
    # the calls the hand meets, from the lowest to its own value, and one bluff: the lowest
    # call of the class just above the hand's own
    classes = view.variant.ranking.hand_table.classes
    own = table.class_ids[table.index_of_mask(mask)]
    every = sorted((a for a in legal if isinstance(a, Vie | Hold) and a.call is not None),
                   key=lambda a: book.key(a.call))  # type: ignore[arg-type]
    bets = [a for a in every if meets(book, table, mask, a.call)]  # type: ignore[arg-type]
    above = classes[own + 1] if own + 1 < len(classes) else None
    bluffs = [a for a in every if a.call is not None and a.call.hand_class == above]
    amounts = sorted({amount_of(a) for a in bets})
    candidates: list[Vie | Hold] = []
    for amount in ({amounts[0], amounts[-1]} if amounts else set()):
        met = [a for a in bets if amount_of(a) == amount]
        step = max(1, (len(met) - 1) // (PRESSURE_CALLS - 1))
        candidates += met[::step]
        candidates.append(met[-1])
    if bluffs:
        candidates += [a for a in bluffs if amount_of(a) == amount_of(bluffs[0])][:1]
    if not candidates:
        return None
    if isinstance(planned, Vie | Hold) and planned.call is not None:
        candidates.append(planned)

    def worth(a: Vie | Hold) -> float:
        assert a.call is not None
        floor = book.threshold(a.call)
        met = meets(book, table, mask, a.call)
        bet = amount_of(a)
        out = on = win = 0.0
        for w, others in deals:
            playing = [s for s in others if s >= floor]
            if not playing:  # they let go as often as they fold; staying they cannot win
                out += w * folds
                on += w * (1 - folds)
                win += w * (1 - folds) if met else 0.0
                continue
            on += w
            if met:
                top = max(playing)
                win += w if mine > top else w / 2 if mine == top else 0.0
        fold = out / total
        won = win / on if on else 0.0
        return fold * pot + (1 - fold) * (won * (pot + bet) - (1 - won) * (owed + bet))

    if isinstance(planned, Vie | Hold) and planned.call is not None:
        plan = worth(planned)
    elif isinstance(planned, Hold):
        plan = chance * (pot + owed) - owed
    else:
        plan = 0.0
    value, best = max(((worth(a), a) for a in candidates), key=lambda t: t[0])
    if best == planned or value <= plan + PRESSURE_EDGE:
        return None
    return best, (f"calling {best.call} is worth {value:+.1f} chips against {plan:+.1f}: "
                  f"{'vie' if isinstance(best, Vie) else 'raise'}")


#: The chips a vie or raise chosen by :func:`pressure_call` must be worth above the plan.
PRESSURE_EDGE = 0.25
#: The calls :func:`pressure_call` weighs per amount, evenly spread from the lowest call the
#: hand meets to its own value.
PRESSURE_CALLS = 5
