"""The odds player: plays on its chance to win at the showdown, with pot odds (:class:`OddsAgent`).

:func:`showdown_chance` estimates the chance from what a view shows (its hidden cards
sampled, each opponent's hand at least as strong as its betting suggests, read from what that
opponent does: :class:`~primero.agents.reading.Reading`); the variant's advice says which
calls count and which classes never win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, product
from math import comb, isfinite, prod

import numpy as np

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.agents.calling import (
    advice_of,
    amount_of,
    best_call,
    caller_among,
    calls_of,
    cheapest_with_call,
    meets_by_index,
    pressure_call,
    standing_call,
)
from primero.agents.reading import Reading, kind_of, shown_strength
from primero.agents.redraw import FinalHands, opponents_thrown
from primero.agents.strength import Strength, mask_of, others_open, unseen_cards
from primero.cards import Card
from primero.errors import named
from primero.hands import HAND_SIZE
from primero.views import PlayerView

__all__ = [
    "FOLD_EQUITY_EDGE",
    "LATER_GROUPS",
    "MAX_SAMPLE_SCALE",
    "STACK_EDGE",
    "TOP_UP",
    "OddsAgent",
    "all_in_odds",
    "all_in_stake",
    "bound_to_hold",
    "caller_chance",
    "caller_chances",
    "carry_share",
    "every_deal",
    "exchange_samples_at_stake",
    "expected_stake",
    "funders_chance",
    "hold_worth",
    "keeps_ahead",
    "last_round",
    "later_worth",
    "reraised_worth",
    "samples_at_stake",
    "showdown_chance",
    "vie_worth",
]

#: The chips (in stakes) a vie made for the folds it wins must be worth above passing.
FOLD_EQUITY_EDGE = 0.25
#: The share of the chips a hold may cost when raised again (:func:`expected_stake`) that it
#: must be expected to win above folding.
STACK_EDGE = 0.1
#: How many batches of samples a chance may draw when the opponents' betting leaves out most
#: of the deals (:meth:`OddsAgent.pooled_chance`).
TOP_UP = 4
#: The most times its ``samples`` the odds player draws for one chance when much is at stake
#: (:func:`samples_at_stake`).
MAX_SAMPLE_SCALE = 16


def showdown_chance(view: PlayerView, table: Strength, keep: Sequence[Card],
                    rng: random.Random, samples: int = 128, call: Call | None = None,
                    reading: Reading | None = None, out: list[float] | None = None,
                    floor: float = 0.0,
                    spread: list[tuple[float, float, float]] | None = None,
                    weighed: list[float] | None = None,
                    each: list[float] | None = None) -> float:
    """The chance that the viewer wins at the showdown, from what its view shows.

    Estimated by sampling (``samples`` draws from ``rng``; the view hides the other hands, so
    the library's exact showdown odds, which need every hand known, do not apply): the
    viewer's hand ``keep`` is completed to four cards and every other player still in gets
    four cards: the cards it holds face up (``view.seats[i].open``) and the rest, like the
    viewer's completion, from the cards the viewer cannot see (:func:`unseen_cards`). The
    deals are drawn all at once (card positions in arrays, the hands looked up by table
    index); where there are no more distinct deals than ``samples``, each is taken once
    and the chance is exact (:func:`every_deal`). A hand
    that does not meet the standing call (or ``call``) cannot win (with cards still to come,
    one ranking at or above it counts: a later round lets it name its own call); a tie
    counts as a share.

    Args:
        view: The viewer's view.
        table: The ranking's strength table.
        keep: The viewer's cards after any exchange being weighed.
        rng: The generator the samples come from.
        samples: How many deals to sample.
        call: The call to meet instead of the standing call.
        reading: The opponents' betting and exchanges as observed (default: the prior
            alone): a sampled deal counts only where each opponent's hand is as strong as its
            betting suggests (:meth:`Reading.floors`) and holds cards as good to keep as its
            exchange suggests (:meth:`Reading.keep_floors`).
        floor: The least strength of every opponent's hand besides its betting's (the hands
            that hold a bet when the others fold).
        out: A list to append, besides, the chance that no hand still in meets the call (the
            pot carries over to the next deal: docs/rules/cardano.md).
        spread: A list to append, per sampled deal counted, ``(weight, strength of the
            viewer's final hand, share of the pot won)``: what :func:`later_worth` needs.
        each: A list to append, besides, two chances over the same deals: to beat one
            live opponent (the mean over them of the chance to beat it alone, a tie half),
            and to beat every live opponent who has put chips in (1 when none has).
        weighed: A list to append, besides, the weight of the sampled deals counted (each
            deal 1, less where a caller's hand does not meet its call; the deals that do not
            fit the opponents' betting are left out): how much the estimate is worth.

    Returns:
        A probability, 0..1.
    """
    book = calls_of(view)
    if call is None:
        call = standing_call(view)
    test = book if call is not None else None
    by_rank = len(keep) < HAND_SIZE or len(keep) < len(view.hand)
    base = mask_of(keep)
    pool = [c for c in unseen_cards(view) if not base & c.bit]
    need = HAND_SIZE - len(keep)
    # per live opponent (seat order): the cards it holds face up, and how many hidden ones
    # complete its four (too few cards in the pool: the last opponents drop out)
    shown = [seat.open[:HAND_SIZE] for i, seat in enumerate(view.seats)
             if i != view.seat and not seat.folded]
    funded = [seat.contributed > 0 for i, seat in enumerate(view.seats)
              if i != view.seat and not seat.folded]
    take = need + sum(HAND_SIZE - len(o) for o in shown)
    while take > len(pool) and shown:
        take -= HAND_SIZE - len(shown.pop())
    never_wins = advice_of(view).never_wins
    never = [i for i, name in enumerate(view.variant.ranking.hand_table.classes)
             if name in never_wins]
    floors = [max(f, floor) for f in shown_strength(view, reading)]
    # the opponent who named the standing call most likely meets it (a caller names calls it
    # can plausibly meet, bluffs aside): a deal where its hand does not counts for less
    caller = caller_among(view, call) if test is not None else None
    bluff = 1.0
    if caller is not None:
        live = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
        bluff = (reading or Reading()).bluff_weight(view, live[caller])
    # every sampled deal at once: row ``s`` of ``drawn`` is the first ``take`` cards of a
    # uniformly shuffled pool (dense positions), dealt as each opponent's hidden cards in seat
    # order, then the viewer's draws: the same generator state gives every set of cards the
    # viewer weighs keeping (the same pool) the same opponents' hands (common random numbers:
    # the options are compared on the same deals, not on each its own luck)
    positions = table.positions
    where = np.array([positions[c.index] for c in pool], dtype=np.int64)
    groups = [*(HAND_SIZE - len(o) for o in shown), need]
    every = every_deal(len(pool), groups, samples)
    if every is not None:  # no more distinct deals than samples: each once, exact
        drawn = where[every]
        samples = len(drawn)
    else:
        shuffled = np.random.default_rng(rng.getrandbits(64)).random((samples, len(pool)))
        drawn = where[np.argsort(shuffled, axis=1)[:, :take]]
    hands = np.empty((samples, 1 + len(shown), HAND_SIZE), dtype=np.int64)
    fixed = [positions[c.index] for c in keep]
    at = 0
    for j, cards in enumerate(shown, start=1):
        hands[:, j, :len(cards)] = [positions[c.index] for c in cards]
        hands[:, j, len(cards):] = drawn[:, at:at + HAND_SIZE - len(cards)]
        at += HAND_SIZE - len(cards)
    hands[:, 0, :len(fixed)] = fixed
    hands[:, 0, len(fixed):] = drawn[:, at:at + need]
    index = table.indices_of(hands)
    strength = table.strength_array[index]
    opponents = len(shown)
    counted = min(opponents, len(floors))
    # not a deal where each opponent holds a hand that would have bet as it did
    valid = np.all(table.share_array[index[:, 1:1 + counted]]
                   >= np.asarray(floors[:counted], dtype=np.float64), axis=1)
    # nor one where an opponent that exchanged holds no cards as good to keep as it kept
    # (what it keeps, read like its bets: Reading.keep_floors)
    for j, (held, least) in enumerate((reading or Reading()).keep_floors(view)[:opponents]):
        if held and least > 0:
            valid &= table.best_keep(hands[:, 1 + j], min(held, HAND_SIZE)) >= least
    weight = np.ones(samples)
    mine_fails = np.isin(table.class_array[index[:, 0]], never)
    meet = np.ones(index.shape, dtype=bool)
    if test is not None and call is not None:
        meet = meets_by_index(test, table, call, by_rank=by_rank)[index]
        if caller is not None and caller < opponents:
            weight[~meet[:, 1 + caller]] = bluff
        mine_fails |= ~meet[:, 0]
        # no hand meets the call: the pot carries over
        carried = float(weight[valid & mine_fails & ~meet[:, 1:].any(axis=1)].sum())
    else:
        carried = 0.0
    me = strength[:, :1]
    theirs = np.where(meet[:, 1:], strength[:, 1:], -1)
    beaten = (theirs > me).any(axis=1)
    ties = 1 + (theirs == me).sum(axis=1)
    won = valid & ~mine_fails & ~beaten
    share = np.where(won, 1 / ties, 0.0)
    total = float((weight * share)[valid].sum())
    kept = float(weight[valid].sum())
    if spread is not None:
        spread.extend(zip(weight[valid].tolist(), strength[valid, 0].tolist(),
                          share[valid].tolist(), strict=True))
    if out is not None:
        out.append(carried / kept if kept else 0.0)
    if weighed is not None:
        weighed.append(kept)
    if each is not None:
        each.extend(_beat_each(weight, valid & ~mine_fails, me, theirs, funded, kept))
    return total / kept if kept else 0.0


def _beat_each(weight: np.ndarray, counts: np.ndarray, me: np.ndarray, theirs: np.ndarray,
               funded: Sequence[bool], kept: float) -> tuple[float, float]:
    """``(beat one, beat the funders)`` over the deals counted (see :func:`showdown_chance`)."""
    if not kept or theirs.shape[1] == 0:
        return 1.0, 1.0
    alone = np.where(theirs < me, 1.0, np.where(theirs == me, 0.5, 0.0))
    one = float((weight[:, None] * alone)[counts].sum() / (kept * theirs.shape[1]))
    paid = np.asarray(funded[:theirs.shape[1]], dtype=bool)
    if not paid.any():
        return one, 1.0
    mine = theirs[:, paid]
    share = np.where(counts & ~(mine > me).any(axis=1), 1 / (1 + (mine == me).sum(axis=1)), 0.0)
    return one, float((weight * share).sum() / kept)


def every_deal(size: int, groups: Sequence[int], limit: int) -> np.ndarray | None:
    """Every way to deal ``groups`` (card counts, in order) from ``size`` cards, or ``None``.

    Rows of indices into the pool, each group's cards in ascending order, the groups one
    after the other; ``None`` when there are more than ``limit`` ways (sample instead).
    """
    ways = 1
    left = size
    for g in groups:
        ways *= comb(left, g)
        left -= g
    if ways > limit:
        return None
    rows: list[tuple[int, ...]] = [()]
    for g in groups:
        rows = [row + picked for row in rows
                for picked in combinations([i for i in range(size) if i not in row], g)]
    return np.array(rows, dtype=np.int64).reshape(len(rows), sum(groups))


#: How many groups of the viewer's final hands (by strength) :func:`later_worth` weighs.
LATER_GROUPS = 6


def later_worth(view: PlayerView, spread: Sequence[tuple[float, float, float]], bet: float,
                later: float, chance: float) -> float:
    """What deciding again once the hand is complete adds to a hold (chips; may be negative).

    A hold made with cards still to come is not the last decision: once the hand is whole the
    viewer knows it, and when an opponent bets ``later`` (chance ``chance``) it holds only a
    hand whose chance pays for the bet and folds the rest, giving up the pot. The sampled
    deals (``spread``, from :func:`showdown_chance`) are grouped by the strength of the
    viewer's final hand (:data:`LATER_GROUPS` groups of equal count), each group's chance the
    share of the pot it won: a group worth ``c * (pot + live * later) - later`` played on,
    ``0`` folded, against ``c * pot`` if the showdown came with no bet (``pot`` once the
    ``bet`` now is matched, ``live`` the players still in). Returns the difference, weighted
    by ``chance``; 0 with no sample.

    Args:
        view: The viewer's view.
        spread: ``(weight, final strength, share won)`` per sampled deal.
        bet: The chips the viewer puts in now (the hold).
        later: The chips a later bet costs each player who holds it.
        chance: The chance that some opponent bets later.
    """
    total = sum(w for w, _, _ in spread)
    if total <= 0 or later <= 0 or chance <= 0:
        return 0.0
    ordered = sorted(spread, key=lambda t: t[1])
    live = sum(1 for s in view.seats if not s.folded)
    pot = view.pot + bet
    size = max(1, -(-len(ordered) // LATER_GROUPS))
    gain = 0.0
    for at in range(0, len(ordered), size):
        group = ordered[at:at + size]
        weight = sum(w for w, _, _ in group)
        if weight <= 0:
            continue
        c = sum(w * won for w, _, won in group) / weight
        played = c * (pot + live * later) - later
        gain += weight / total * (max(0.0, played) - c * pot)
    return chance * gain


def last_round(view: PlayerView) -> bool:
    """Whether the view's betting round is the deal's last: a full hand, round 2 or later.

    In the Waks family (docs/rules/waks.md) a pot nobody vies for in the last round carries
    over to the next deal.
    """
    step = view.step
    return len(view.hand) >= HAND_SIZE and step is not None and step.kind == "bet" \
        and step.number >= 2 and calls_of(view) is None


def carry_share(view: PlayerView) -> float:
    """The chips a carried-over pot is worth to the viewer later: an even share of it."""
    return view.pot / len(view.seats)


def funders_chance(view: PlayerView, chance: float) -> float:
    """The chance to win a showdown among the players who funded the pot, from ``chance``.

    ``chance`` is the chance to beat every live opponent; where nobody folds (Suzuki,
    docs/rules/suzuki.md) a passer competes only for the layers it funded, so a pot left
    unanswered goes to the best hand among those who put chips in. Taking the chance to beat
    each opponent as independent, ``chance ** (funders / live opponents)``.
    """
    live = [s for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
    if not live:
        return 1.0
    funders = sum(1 for s in live if s.contributed > 0)
    return float(chance ** (funders / len(live)))


def all_in_stake(view: PlayerView, stake: float | None = None) -> tuple[float, float]:
    """``(stake, pot)``: chips the viewer puts in from now, and the pot once they are matched.

    Each live opponent adds what it takes to match the viewer's total for the deal, as far as
    its stack goes (chips).

    Args:
        view: The viewer's view.
        stake: The chips the viewer puts in from now (default: its whole stack).
    """
    me = view.seats[view.seat]
    put = float(me.stack) if stake is None else min(float(me.stack), stake)
    total = me.contributed + put
    pot = view.pot + put
    for i, seat in enumerate(view.seats):
        if i != view.seat and not seat.folded:
            pot += min(seat.stack, max(0.0, total - seat.contributed))
    return put, pot


def all_in_odds(view: PlayerView, stake: float | None = None) -> float:
    """The pot odds of a hold that ends at ``stake`` (default the whole stack): stake / pot."""
    put, pot = all_in_stake(view, stake)
    return put / pot if pot else 0.0


def expected_stake(view: PlayerView, raised: float) -> float:
    """The chips a hold is expected to cost when each answer may be raised again (chips).

    Once raised again: what is owed, and for each further raise a raise of up to the rest; an
    opponent raising with chance ``raised`` raises ``1 / (1 - raised)`` times on average once
    it has raised, so one who raises every time takes the hold to the whole stack
    (docs/rules/waks.md for the rest).
    """
    owed = view.owed
    if raised >= 1:
        return float(view.stack)
    return min(float(view.stack), owed + view.table.rest / (1 - raised))


def hold_worth(view: PlayerView, chance: float, raised: float) -> float:
    """The chips a hold is worth against folding, when the bet may be raised again.

    Nobody raising (chance ``1 - raised``), ``chance * (pot + owed) - owed``. Raised again
    (chance ``raised``), the hold is priced at :func:`expected_stake` (the whole stack against
    one who raises every time) and the pot once the live opponents match it
    (:func:`all_in_stake`): ``chance * pot - stake``, or, when that is worse, folding to the
    next raise, ``-owed``. A hold that already takes the whole stack is priced as it stands.

    Args:
        view: The viewer's view, a bet owed.
        chance: The chance to win at the showdown, 0..1.
        raised: The chance that an opponent raises again (:meth:`Reading.raise_again`).

    Returns:
        Chips (positive: hold).
    """
    owed = view.owed
    now = chance * (view.pot + owed) - owed
    if raised <= 0 or owed >= view.stack:  # a hold of the whole stack: nothing left to raise
        return now
    stake, pot = all_in_stake(view, expected_stake(view, raised))
    return (1 - raised) * now + raised * max(chance * pot - stake, -float(owed))


def samples_at_stake(view: PlayerView, samples: int, raised: float) -> int:
    """How many deals to sample for a chance that may put ``expected_stake`` chips at risk.

    A sampled chance is off by about ``0.5 / sqrt(samples)``, and a decision on it by that
    share of the pot it plays for: a hold the raisers take to the whole stack (a four-player
    pot of 200 chips from stacks of 50) risks some ten chips on the noise of 160 samples, a
    hold of one stake a fraction of a chip. So ``samples`` once for each ``rest`` of
    :func:`expected_stake` (at least once, at most :data:`MAX_SAMPLE_SCALE` times).

    Args:
        view: The viewer's view.
        samples: The samples of an ordinary decision.
        raised: The chance that an opponent raises again (:meth:`Reading.raise_again`).
    """
    rest = max(1, view.table.rest)
    scale = int(expected_stake(view, raised) // rest)
    return samples * max(1, min(MAX_SAMPLE_SCALE, scale))


def exchange_samples_at_stake(view: PlayerView, samples: int) -> int:
    """How many deals to sample for each discard weighed, by the chips in the pot.

    An exchange moves the chance to win the pot: a discard picked on noise costs that share
    of the pot. So ``samples`` once for each four rests in the pot (at least once, at most
    :data:`MAX_SAMPLE_SCALE` times): a pot of 150 chips, stake 1 and rest 3, twelve times.

    Args:
        view: The viewer's view.
        samples: The samples per discard of an ordinary exchange.
    """
    rest = max(1, view.table.rest)
    return samples * max(1, min(MAX_SAMPLE_SCALE, view.pot // (4 * rest)))


def reraised_worth(view: PlayerView, bet: float, chance: float, raised: float) -> float:
    """What a vie of ``bet`` is worth once raised again: held as a hold of the raise, or lost.

    Raised, the viewer holds when that pays by :data:`STACK_EDGE` of the chips it then stakes
    (:func:`expected_stake` from the vie on: the whole stack against one who raises every
    time; the pot once the live opponents match it, :func:`all_in_stake`), worth
    ``chance * pot - stake``; otherwise it folds and loses the ``bet``.

    Args:
        view: The viewer's view, before its vie.
        bet: The vie (chips).
        chance: The chance to win at the showdown, 0..1.
        raised: The chance that an opponent raises again (:meth:`Reading.raise_again`).

    Returns:
        Chips (the vie counted as spent).
    """
    cost = float(view.stack) if raised >= 1 else bet + view.table.rest / (1 - raised)
    stake, pot = all_in_stake(view, cost)
    held = chance * pot - stake
    return held if held >= STACK_EDGE * stake else -bet


def bound_to_hold(view: PlayerView) -> int | None:
    """The seat bound to hold a vie the viewer makes now, or ``None``.

    Must hold (docs/rules/waks.md): in a round of the variant's ``must_hold_rounds``, while
    nobody has held the vie, the last player before the vier who can still act (not folded,
    chips left) may not pass or fold. Read for a viewer who may vie (nobody has vied yet).
    """
    step = view.step
    if step is None or step.kind != "bet" \
            or step.number not in view.variant.spec.betting.must_hold_rounds:
        return None
    n = len(view.seats)
    for k in range(1, n):
        seat = (view.seat - k) % n
        if not view.seats[seat].folded and view.seats[seat].stack > 0:
            return seat
    return None


def caller_chance(beat: float, fold: float) -> float:
    """The chance to beat one opponent who holds a bet, from ``beat``, the chance to beat it.

    An opponent who folds a share ``fold`` of bets keeps its best ``1 - fold`` hands: the
    viewer, beating a share ``beat`` of its hands, beats ``(beat - fold) / (1 - fold)`` of those
    (0 when ``beat <= fold``); one bound to hold (``fold`` 0) holds any hand.
    """
    if fold <= 0:
        return beat
    if fold >= 1 or beat <= fold:
        return 0.0
    return (beat - fold) / (1 - fold)


def caller_chances(beat: np.ndarray, fold: float) -> np.ndarray:
    """:func:`caller_chance` of each chance in ``beat`` (an array), the same rule in bulk."""
    if fold <= 0:
        return beat
    if fold >= 1:
        return np.zeros_like(beat)
    found: np.ndarray = np.clip((beat - fold) / (1 - fold), 0.0, None)
    return found


def vie_worth(view: PlayerView, bet: float, chance: float, folds: Sequence[float],
              unanswered: float, beat: float | None = None,
              later: Sequence[float] | None = None) -> float:
    """The chips a vie of ``bet`` is expected to win, each opponent answering by its fold rate.

    Each live opponent (seat order) lets the vie go with its chance in ``folds`` (0 for the
    one bound to hold, :func:`bound_to_hold`), independently: for every set of opponents who
    hold, the showdown among them is won with the chance to beat each
    (:func:`caller_chance` of ``chance ** (1 / live opponents)``, the chance to beat one), the
    pot and every holder's ``bet`` won, the ``bet`` lost otherwise; where nobody folds (a pass
    gives up only the layers not funded, docs/rules/suzuki.md) the pot is won only against
    the passers who funded it too. Nobody holding, the vie wins ``unanswered``.

    Args:
        view: The viewer's view, before its vie.
        bet: The vie (chips).
        chance: The chance to beat every live opponent at the showdown, 0..1.
        folds: Per live opponent, the chance that it lets the vie go.
        unanswered: The chips the vie wins when every opponent lets it go.
        beat: The chance to beat one live opponent, measured (``showdown_chance(each=...)``);
            default ``chance ** (1 / live opponents)``, as if beating each were independent
            of beating the others (it is not: a strong hand beats them all, so the root
            overstates it: a hand with an even share of four, 25 %, beats one of three
            opponents half the time, not 63 %).
        later: Per live opponent, the chance that it lets a bet go in a later round, for the
            one bound to hold (its ``folds`` 0): its hold is no choice, so it holds any hand
            now and folds its weakest hands to the viewer's next bet as often as it folds
            (where players fold), the viewer beating ``max(beat, later)`` of it (default 0).

    Returns:
        Chips (expected, the vie counted as spent).
    """
    live = [s for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
    if not live:
        return unanswered
    if beat is None:
        beat = chance ** (1 / len(live))
    keeps = view.variant.spec.betting.fold
    after = later if later is not None else [0.0] * len(live)
    worth = 0.0
    for holds in product((False, True), repeat=len(live)):
        p = 1.0
        win = 1.0
        pot_win = 1.0
        for held, fold, seat, gone in zip(holds, folds, live, after, strict=True):
            p *= (1 - fold) if held else fold
            if held:
                c = caller_chance(beat, fold)
                if fold <= 0 and keeps:
                    c = max(c, gone)
                win *= c
                pot_win *= c
            elif not keeps and seat.contributed > 0:
                pot_win *= beat  # a passer who funded the pot still contests it
        if p == 0:
            continue
        if not any(holds):
            worth += p * unanswered
            continue
        worth += p * (pot_win * view.pot + win * sum(holds) * bet - (1 - win) * bet)
    return worth


def keeps_ahead(view: PlayerView) -> list[tuple[Card, ...]]:
    """The cards the viewer may keep for the showdown: its hand, or, an exchange ahead, each part.

    In the Waks family's first round (fewer than four cards, no exchange made yet,
    docs/rules/waks.md) the viewer throws what it likes before the rest is dealt: its chance is
    that of the best cards to keep, the hand whole first.
    """
    hand = tuple(view.hand)
    step = view.step
    if len(hand) >= HAND_SIZE or step is None or step.kind != "bet" \
            or advice_of(view).exchange_from \
            or any(kind_of(str(text)) is None for _, text in view.history):
        return [hand]
    return [keep for k in range(len(hand), -1, -1) for keep in combinations(hand, k)]


class OddsAgent:
    """Plays on its chance to win at the showdown, with pot odds.

    The method, per decision (docs/rules/waks.md for the betting it answers):

    * **chance** — :func:`showdown_chance`: ``samples`` sampled deals of the cards it cannot
      see (its own draws and every live opponent's four cards, those it holds face up
      kept), seeded by the ``rng`` it is given; in Cardano only hands meeting the standing
      call count.
    * **exchanges** (an exchange step, or Suzuki's pass) — every legal discard is weighed by
      the same chance with the cards it keeps (``exchange_samples`` deals each), the best
      expected chance taken, fewer cards thrown on a tie. In the declare-and-redraw
      Primiera (docs/rules/primiera.md: only unserved hands reach the exchange, and only
      served ones win) the weight is exact instead: the mean over every draw of the share
      of the pot the final hand is worth (:meth:`FinalHands.pot_shares`: the chance it beats
      each opponent's final hand, as those follow from unserved hands exchanging, narrowed
      by the cards each opponent is seen to throw; an unserved hand is worth its even share
      of a cancelled deal's pot). Against one opponent this picks the heuristic's discard
      for every unserved hand (all 80,430 of ``italian40`` checked): the chance to be served
      decides it. Against more, a draw to a weak Primiera, which must beat them all, gives
      way to a better chance of a strong hand (docs/analysis.md has the figures).
    * **vie** when the chance beats an even share (``1 / players still in``) by ``margin``,
      sized by the edge, or by the amount worth most (:func:`vie_worth`: each opponent lets
      it go by its observed fold rate, the one bound to hold never) when that beats passing;
      also, whatever the chance, the amount worth most when it beats passing by
      :data:`FOLD_EQUITY_EDGE` stakes; otherwise pass (or check). Before the exchange the
      chance is that of the best cards to keep (:func:`keeps_ahead`), pooled over the deal
      (:meth:`pooled_chance`).
    * **hold** when the chance is at least the pot odds, ``owed / (pot + owed)``; **raise**
      when it is well above an even share (a raise never above twice the rest in a round);
      else fold (or pass, where nobody folds).
    * **calls** (Cardano) — as :class:`HeuristicAgent` names them (:func:`best_call`): the
      call its hand most likely meets under the variant's call rule; a hand short of the
      standing call that can name its own raises instead of holding. The opponent who named
      the standing call is taken to meet it as often as its betting says (a deal where it
      does not counts its betting frequency); in the last round a vie or raise worth more
      chips than the plan replaces it (:func:`pressure_call`: a call nobody still in can
      meet or answer makes them fold, as often as they fold).

    Args:
        samples: Sampled deals per chance.
        exchange_samples: Sampled deals per exchange weighed.
        margin: The edge over an even share needed to vie or raise.

    Raises:
        ValueError: ``samples`` or ``exchange_samples`` not a whole number from 1, or
            ``margin`` not a finite number.
    """

    name = "odds"
    #: The opponents' betting and exchanges as observed over the session (:class:`Reading`).
    reading: Reading

    def __init__(self, samples: int = 160, exchange_samples: int = 48,
                 margin: float = 0.08) -> None:
        for label, count in (("samples", samples), ("exchange_samples", exchange_samples)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError(f"{label} must be a whole number from 1, got {named(count)}")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) \
                or not isfinite(margin):
            raise ValueError(f"margin must be a finite number, got {named(margin)}")
        self.samples = samples
        self.exchange_samples = exchange_samples
        self.margin = margin
        self.reading = Reading()
        #: The deal's chances so far, pooled: ``(deal, what the view shows) -> (chance
        #: summed, carry summed, deals counted)``, each estimate weighted by its deals counted.
        self.pooled: dict[tuple[object, ...], tuple[float, float, float]] = {}
        #: The cards the last chance was estimated for (:meth:`pooled_chance`).
        self.kept_for: tuple[Card, ...] = ()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose the action with the best chance for the chips (see the class docstring)."""
        return self.advise(view, rng)[0]

    def observe(self, view: PlayerView) -> None:
        """Read the end of a deal (:class:`~primero.agents.protocol.Observer`).

        The :attr:`reading` counts the opponents' answers to this player's last bets, which
        come after its last decision; a deal already seen in play is counted once
        (:meth:`Reading.observe`).
        """
        self.reading.observe(view)

    def advise(self, view: PlayerView, rng: random.Random) -> tuple[Action, float, str]:
        """The action, the chance to win at the showdown it was chosen on, and why.

        Returns:
            ``(action, chance, reason)``: the chance as a probability (0..1) from what the
            view shows (for a declare-and-redraw exchange, the expected share of the pot,
            0..1), and one line saying why the action, e.g. ``"a 62% chance beats the pot
            odds of 25%: hold"``.
        """
        legal = view.legal
        self.reading.observe(view)
        table = Strength.of(view.variant.ranking)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and len(exchanges) == len(legal):
            best, chance = self._best_exchange(view, [a.discards for a in exchanges], table,
                                               rng)
            chosen = next(a for a in exchanges if a.discards == best)
            thrown = f"throw {len(best)}" if best else "keep every card"
            worth = "expected share of the pot" if advice_of(view).exchange_from else "chance"
            return chosen, chance, f"{thrown}: the best {worth} after the draw, {chance:.0%}"
        carry: list[float] = []
        chance = self.pooled_chance(view, table, rng, carry, samples_at_stake(
            view, self.samples, self.reading.raise_again(view)))
        recall: Vie | Hold | None = None
        called: list[Vie | Hold] = [a for a in legal
                                    if isinstance(a, Vie | Hold) and a.call is not None]
        carried = carry[0] if carry else 0.0
        if called and standing_call(view) is not None:
            # naming a call of its own: worth it when its chance, with the pot carried over
            # when no hand meets it (an even share later), beats holding the standing call's
            pick, _ = best_call(called, view, table, rng)
            mine: list[float] = []
            own = showdown_chance(view, table, view.hand, rng, self.samples, pick.call,
                                  self.reading, out=mine)
            live = sum(1 for s in view.seats if not s.folded)
            own_carried = mine[0] if mine else 0.0
            if own + own_carried / live > chance + carried / live:
                chance, recall, carried = own, pick, own_carried
        action, why = self._bet(view, legal, chance, table, rng, recall, carried)
        if called and len(view.hand) == HAND_SIZE:
            # the last round of the calling game: a call is a weapon as well as a promise
            pressed = pressure_call(view, legal, action, chance, table, rng, self.samples,
                                    self.reading)
            if pressed is not None:
                action, why = pressed
        return action, chance, why

    def pooled_chance(self, view: PlayerView, table: Strength, rng: random.Random,
                      carry: list[float], samples: int | None = None) -> float:
        """The chance at the showdown, the best cards to keep weighed when an exchange is ahead.

        Several cards to keep: the best is picked on one batch of samples and its chance
        estimated again on a fresh batch (the best of several estimates is biased upward:
        three-player Waks, ``6s Jh`` facing a vie, 27 % picked, about 20 % afresh).
        Pooled with the deal's earlier estimates from the same facts (the hand, who is still
        in, the standing call, what each opponent's betting shows): the same question asked
        again while the betting goes round is answered by more samples, not by a fresh draw.
        The chance of the cards kept is drawn from ``samples`` deals (default the player's
        ``samples``; more where much is at stake, :func:`samples_at_stake`), and each estimate
        counts in the pool by the deals it kept (those that fit the opponents' betting); while
        fewer than half of ``samples`` are kept, another batch is drawn, up to :data:`TOP_UP`.
        """
        drawn = self.samples if samples is None else samples
        floors = tuple(round(f, 2) for f in shown_strength(view, self.reading))
        kept = tuple((k, round(f, 2)) for k, f in self.reading.keep_floors(view))
        key = (self.reading.deal, view.hand, tuple(s.folded for s in view.seats),
               standing_call(view), floors, kept)
        if key[0] != next(iter(self.pooled), (None,))[0]:
            self.pooled = {}
        best = -1.0
        keeps = keeps_ahead(view)
        chosen = keeps[0]
        if len(keeps) > 1:
            # each choice on the same sampled deals (common random numbers)
            seed = rng.getrandbits(64)
            for keep in keeps:
                chance = showdown_chance(view, table, keep, random.Random(seed), self.samples,
                                         reading=self.reading)
                if chance > best:
                    best, chosen = chance, keep
        # the best of several sampled estimates is biased upward (it was picked for being
        # high): the chance of the cards chosen is estimated again from fresh samples; the
        # deals that do not fit the opponents' betting are left out, so where they are most,
        # more are drawn (up to TOP_UP times), each estimate counted by the deals it kept
        total, carried, n = self.pooled.get(key, (0.0, 0.0, 0.0))
        got = 0.0
        for _ in range(TOP_UP):
            out: list[float] = []
            weight: list[float] = []
            best = showdown_chance(view, table, chosen, rng, drawn, reading=self.reading,
                                   out=out, weighed=weight)
            worth = weight[0] if weight else float(drawn)
            total, n = total + best * worth, n + worth
            carried += (out[0] if out else 0.0) * worth
            got += worth
            if got >= drawn / 2:
                break
        self.pooled[key] = (total, carried, n)
        self.kept_for = chosen
        carry.append(carried / n if n else 0.0)
        return total / n if n else 0.0

    def _best_exchange(self, view: PlayerView, options: Sequence[tuple[Card, ...]],
                       table: Strength, rng: random.Random) -> tuple[tuple[Card, ...], float]:
        advice = advice_of(view)
        if advice.exchange_from:
            # declare and redraw: the exact expected share of the pot after the draw, against
            # the opponents' final hands (FinalHands.pot_shares)
            worth = FinalHands.of(view.variant.ranking, advice).pot_shares(
                opponents_thrown(view), len(view.seats))
            seen = others_open(view)
            best = max(options, key=lambda d: (worth.after_exchange(view.hand, d, seen=seen),
                                               -len(d)))
            return best, worth.after_exchange(view.hand, best, seen=seen)
        # each discard weighed on the same sampled deals (common random numbers), more of them
        # the more chips the pot holds (:func:`exchange_samples_at_stake`)
        seed = rng.getrandbits(64)
        samples = exchange_samples_at_stake(view, self.exchange_samples)
        scored = []
        for discards in options:
            keep = [c for c in view.hand if c not in discards]
            scored.append((showdown_chance(view, table, keep, random.Random(seed), samples,
                                           reading=self.reading),
                           -len(discards), discards))
        chance, _, best = max(scored, key=lambda t: (t[0], t[1]))
        return best, chance

    def _bet(self, view: PlayerView, legal: Sequence[Action], chance: float, table: Strength,
             rng: random.Random, recall: Vie | Hold | None, carried: float = 0.0) \
            -> tuple[Action, str]:
        vies = [a for a in legal if isinstance(a, Vie)]
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by > 0]
        holds = [a for a in legal if isinstance(a, Hold) and a.raise_by == 0]
        passes = [a for a in legal if isinstance(a, Pass)]
        folds = [a for a in legal if isinstance(a, Fold)]
        live = 1 + sum(1 for i, seat in enumerate(view.seats)
                       if i != view.seat and not seat.folded)
        even = 1 / live
        edge = (chance - even) / (1 - even) if live > 1 else 1.0
        owed = view.owed
        pct = f"{chance:.0%}"
        if any(p.exchange for p in passes):  # nobody folds: a pass exchanges, pick the best
            best, _ = self._best_exchange(view, [p.exchange for p in passes], table, rng)
            passes = [next(p for p in passes if p.exchange == best)]
        if vies:
            # a vie also wins when everyone lets it go, as often as each does (one bound to
            # hold never does; where nobody folds, a pass leaves the pot to a showdown among
            # those who funded it): priced per amount (vie_worth) against passing, a showdown
            # at the chance or, in the last round, the pot carried over when nobody vies
            # (worth an even share of it later)
            bound = bound_to_hold(view)
            others = [i for i, s in enumerate(view.seats) if i != view.seat and not s.folded]
            observed = self.reading.fold_rates(view)
            rates = [0.0 if i == bound else f
                     for i, f in zip(others, observed, strict=True)]
            # the one bound to hold folds its weak hands to the next bet as often as it folds
            afterwards = [f if i == bound else 0.0
                          for i, f in zip(others, observed, strict=True)]
            # the chance to beat one opponent, and the funders, measured on the cards it plays
            # for (the roots of the chance to beat them all overstate both)
            each: list[float] = []
            showdown_chance(view, table, self.kept_for or view.hand, rng,
                            samples_at_stake(view, self.samples, self.reading.raise_again(view)),
                            reading=self.reading, each=each)
            beat_one, beat_funders = each if each else (None, funders_chance(view, chance))
            unanswered = view.pot if folds or not passes else beat_funders * view.pot
            quiet = carry_share(view) if last_round(view) else chance * view.pot
            # a vie may be raised again (as often as the opponents raise: Reading.raise_again)
            # and then costs as much as a hold of the raise (reraised_worth)
            again = self.reading.raise_again(view)
            worth, bet = max(((1 - again) * vie_worth(view, b, chance, rates, unanswered,
                                                      beat_one, afterwards)
                              + again * reraised_worth(view, b, chance, again), b)
                             for b in sorted({amount_of(a) for a in vies}))
            priced = [a for a in vies if amount_of(a) == bet]
            if chance > even + self.margin and worth > -bet:
                # sized by the edge, or by the vie worth the most when that beats passing
                return self._sized(priced if worth > quiet else vies,
                                   0.0 if worth > quiet else edge, view, table, rng), \
                    f"a {pct} chance beats an even share of {even:.0%}: vie"
            if worth > quiet + FOLD_EQUITY_EDGE * view.table.stake:
                return self._sized(priced, 0.0, view, table, rng), \
                    (f"they fold {prod(rates):.0%} of the time: a vie of {bet} is worth "
                     f"{worth:+.1f} chips against {quiet:+.1f}: vie")
        me = view.seats[view.seat]
        if raises and chance > even + 2 * self.margin and edge > 0.4 \
                and me.round_bet < 2 * view.table.rest:
            return self._sized(raises, edge, view, table, rng), \
                f"a {pct} chance is well above an even share of {even:.0%}: raise"
        if owed == 0:
            if passes:
                return passes[0], f"a {pct} chance is not worth a vie: pass"
            if holds:
                return holds[0], f"a {pct} chance, nothing owed: hold"
        odds = owed / (view.pot + owed) if owed else 0.0
        # a pot nobody wins carries over: worth an even share of it later; an opponent who
        # raises again prices the hold at the whole stack (hold_worth)
        raised = self.reading.raise_again(view)
        worth = hold_worth(view, chance + carried / live, raised)
        later = 0.0
        if owed and len(view.hand) < HAND_SIZE and calls_of(view) is None:
            # cards still to come: it decides again once the hand is whole (later_worth)
            spread: list[tuple[float, float, float]] = []
            showdown_chance(view, table, view.hand, rng, self.samples, reading=self.reading,
                            spread=spread)
            # only where nobody raises again: a hold of the whole stack decides nothing later
            later = (1 - raised) * later_worth(
                view, spread, owed, float(min(view.table.rest, max(0, view.stack - owed))),
                self.reading.bets_later(view))
            worth += later
        if raised > 0 and worth < 0 <= (chance + carried / live) * (view.pot + owed) - owed:
            odds = all_in_odds(view, expected_stake(view, raised))
        # a hold the raisers may take to the whole stack must clear its price by a share of the
        # chips so risked (STACK_EDGE): the chance is sampled, and a hold chosen for a chance
        # just above the odds mostly had a chance drawn high, the stack staked on the noise;
        # chips in a pot that carries over come back as an even share: not staked on it
        risked = raised * expected_stake(view, raised) * (1 - carried) \
            if owed < view.stack else 0.0
        if holds and (worth >= STACK_EDGE * risked or not (passes or folds)):
            if recall is not None:
                return cheapest_with_call(legal, recall), \
                    f"a {pct} chance once it names {recall.call}: raise to name it"
            if worth - later < STACK_EDGE * risked:
                return holds[0], (f"a {pct} chance, below the pot odds of {odds:.0%}, but it "
                                  f"decides again with the whole hand ({later:+.1f} chips): "
                                  f"hold")
            if carried > 0.5:
                return holds[0], (f"a {pct} chance, but the pot carries over {carried:.0%} "
                                  f"of the time (an even share of it later): hold")
            if raised >= 0.5 and owed < view.stack:  # priced as the raisers take it
                stake = expected_stake(view, raised)
                return holds[0], (f"a {pct} chance beats the odds of "
                                  f"{all_in_odds(view, stake):.0%} of a hold raised to "
                                  f"{stake:.0f} chips: hold")
            return holds[0], f"a {pct} chance beats the pot odds of {odds:.0%}: hold"
        if folds and 0 <= worth < STACK_EDGE * risked:
            return folds[0], (f"a {pct} chance pays for a hold the raisers may take to "
                              f"{expected_stake(view, raised):.0f} chips by {worth:+.1f}, short "
                              f"of the {STACK_EDGE * risked:.1f} it must clear: fold")
        if folds:
            return folds[0], f"a {pct} chance is below the pot odds of {odds:.0%}: fold"
        if passes:
            return passes[0], f"a {pct} chance is below the pot odds of {odds:.0%}: pass"
        if holds:
            return holds[0], f"a {pct} chance: hold"
        choice = vies or raises or list(legal)
        return self._sized(choice, 0.0, view, table, rng) if vies or raises \
            else rng.choice(choice), f"a {pct} chance: the only moves left"

    def _sized(self, options: Sequence[Action], edge: float, view: PlayerView, table: Strength,
               rng: random.Random) -> Action:
        amounts = sorted({amount_of(a) for a in options})
        pick = amounts[min(len(amounts) - 1, max(0, int(edge * len(amounts))))]
        sized = [a for a in options if amount_of(a) == pick]
        calls = [a for a in sized if isinstance(a, Vie | Hold) and a.call is not None]
        if not calls:
            return sized[0]
        action, _ = best_call(calls, view, table, rng)
        return action
