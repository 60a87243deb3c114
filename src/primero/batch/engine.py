"""The batched engine: N deals of one variant at one table, stepped with one call.

:class:`BatchEngine` holds N deals as arrays (:class:`~primero.batch.state.BatchState`) and
walks each through the variant's plan exactly as :func:`primero.deal.engine.start_deal` and
:func:`primero.deal.engine.apply` do, with numpy on the CPU::

    >>> import numpy as np
    >>> from primero.batch import BatchEngine
    >>> batch = BatchEngine("waks", deals=4, players=2)
    >>> batch.reset(seed=7)
    >>> rng = np.random.default_rng(0)
    >>> while not batch.done.all():
    ...     mask = batch.legal_mask()                       # (N, action space) bool
    ...     batch.step((rng.random(mask.shape) * mask).argmax(axis=1))
    >>> stacks = batch.stacks.sum(axis=1) + batch.state.carry_out
    >>> bool((stacks == 100).all())                          # chips are conserved
    True

(``rewards`` are final stacks less starting chips; a pot that stays on the table for the next
deal is in ``state.carry_out``). The same action ids given to the engine, deal by
deal, end every deal with the same stacks, settlement and history: the differential tests
(tests/adapters/test_batch_engine.py) hold it to that. :meth:`BatchEngine.records` exports finished
deals as the engine's own deal records (:class:`primero.records.DealRecord`).

Which variants it plays, and why not the others: :mod:`primero.batch.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from primero.actions import Action, Exchange, Fold, Hold, Pass, Vie
from primero.batch.betting import apply_bets, open_round
from primero.batch.dealing import (
    ante_step,
    deal_step,
    exchange,
    random_stocks,
    seeded_stocks,
    start_exchange,
)
from primero.batch.legal import legal_mask
from primero.batch.rules import (
    KIND_ANTE,
    KIND_BET,
    KIND_DEAL,
    KIND_EXCHANGE,
    BatchRules,
    batch_rules,
)
from primero.batch.settlement import settle
from primero.batch.state import (
    ENDED_CARRY,
    ENDED_FOLDS,
    ENDED_NOT,
    ENDED_SHOWDOWN,
    BatchState,
)
from primero.deal.start import table_setup, whole
from primero.errors import IllegalActionError, PrimeroError, UnknownVariantError
from primero.plugins.registry import get_variant
from primero.records import DealRecord
from primero.setup import DealSetup, seed_problem
from primero.variant import Variant

__all__ = ["MAX_BATCH_CHIPS", "MAX_BATCH_DEALS", "BatchEngine"]

#: The most chips a player or a carry-over holds in a batch: seven of them (six stacks and
#: a carry) still add up within a signed 64-bit integer.
MAX_BATCH_CHIPS = 2 ** 56

#: The most deals one batch holds (about 1.5 KB of arrays a deal, so about 2 GB at most):
#: more are played as several batches, as ``simulate(..., engine="batch")`` does.
MAX_BATCH_DEALS = 2 ** 20


class BatchEngine:
    """N deals of one variant at one table, as arrays, stepped all at once.

    Args:
        variant: A configured variant or its name (see :data:`primero.batch.rules.SUPPORTED`).
        deals: N, the number of deals held at once (at least 1).
        players: The number of players, or their names in playing order (default ``P0``...).
        chips: Starting chips: one number for everyone, one per player, or an ``(N, n)``
            integer array (one row per deal).
        dealer: The dealer's seat (negative counts from the last); default the last seat, so
            seat 0 is the eldest.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante, in chips; ``None``: the variant's own.
        carry: Chips carried into each deal's pot: one number, or one per deal ``(N,)``.
        raise_cap: The house rule's most vies plus raises a round allows, or ``None``.
        auto_reset: Deal a finished deal again at once (a new stock from the generator
            :meth:`reset` seeded); its result stays in :attr:`rewards` and :attr:`done` until
            the next :meth:`step`.

    Raises:
        UnknownVariantError: the batch does not play the variant (the message says why).
        PrimeroError: bad players, chips, dealer or table, as :func:`primero.deal.engine.start_deal`
            says, or ``deals`` not a whole number from 1 to :data:`MAX_BATCH_DEALS`, or
            more than the memory holds.
    """

    def __init__(self, variant: Variant | str, deals: int, players: int | Sequence[str] = 2,
                 chips: int | Sequence[int] | np.ndarray = 50, *, dealer: int = -1,
                 stake: int = 1, rest: int = 3, ante: int | None = None,
                 carry: int | np.ndarray = 0, raise_cap: int | None = None,
                 auto_reset: bool = False) -> None:
        if isinstance(variant, str):
            variant = get_variant(variant)
        if not isinstance(variant, Variant):
            raise UnknownVariantError(f"variant must be a Variant or its name, got "
                                      f"{type(variant).__name__}")
        if isinstance(players, str) or not (whole(players) or isinstance(players, Sequence)):
            raise PrimeroError(f"players must be a number of players or a list of their names, "
                               f"got {players!r:.40}")
        deals = _whole(deals)
        if not whole(deals) or deals < 1:
            raise PrimeroError(f"deals must be a whole number of at least 1, got {deals!r}")
        if deals > MAX_BATCH_DEALS:
            raise PrimeroError(f"deals: at most {MAX_BATCH_DEALS:,} deals in one batch (about "
                               f"1.5 KB of arrays each), got {deals:,}; step several batches")
        names = tuple(f"P{i}" for i in range(players)) if isinstance(players, int) \
            else tuple(players)
        table_chips = chips
        per_deal = isinstance(chips, np.ndarray) and chips.ndim == 2
        if isinstance(chips, np.ndarray):
            if chips.dtype.kind not in "iu" or chips.shape not in ((len(names),),
                                                                    (deals, len(names))):
                raise PrimeroError(f"chips as an array must be integers of shape "
                                   f"({len(names)},) or ({deals}, {len(names)}), got "
                                   f"{chips.dtype} {chips.shape}")
            if int(chips.min()) < 1:
                raise PrimeroError("every player needs at least 1 chip: the chips array holds "
                                   f"{int(chips.min())}")
            table_chips = [1] * len(names) if per_deal else [int(c) for c in chips]
        if isinstance(chips, np.ndarray):
            most = int(chips.max())
        else:
            counts = chips if isinstance(chips, Sequence) else [chips]
            most = max((c for c in counts if whole(c)), default=0)
        if most > MAX_BATCH_CHIPS:
            raise PrimeroError(f"chips: the batch holds chips as 64-bit integers, so each "
                               f"player's chips are at most {MAX_BATCH_CHIPS:,} (2**56); the "
                               f"engine (start_deal) takes more")
        given_carry = np.asarray(carry)
        if given_carry.dtype.kind not in "iu" or given_carry.shape not in ((), (deals,)) \
                or int(given_carry.min(initial=0)) < 0 \
                or int(given_carry.max(initial=0)) > MAX_BATCH_CHIPS:
            raise PrimeroError(f"carry must be a whole number of chips from 0 to 2**56, or one "
                               f"per deal ({deals},), got {carry!r:.60}")
        carries = given_carry.astype(np.int64)
        _, stacks, seat, table, _ = table_setup(variant, names, table_chips,  # type: ignore[arg-type]
                                                dealer, stake, rest, ante,
                                                int(carries.max(initial=0)), raise_cap)
        self.variant = variant
        self.players = names
        self.deals = int(deals)
        self.rules: BatchRules = batch_rules(variant, len(names), table, seat)
        self.auto_reset = bool(auto_reset)
        self.start_chips = (np.array(chips, dtype=np.int64) if per_deal else
                            np.broadcast_to(np.array(stacks, dtype=np.int64),
                                            (deals, len(names))).copy())
        self.carry = np.broadcast_to(carries, (deals,)).copy()
        try:
            self.state = BatchState(deals, len(names), len(variant.pack), self.rules.hand)
        except MemoryError:
            raise PrimeroError(f"deals: {deals:,} deals do not fit in memory; step fewer at "
                               f"once") from None
        self._rng = np.random.default_rng(0)
        self._mask: np.ndarray | None = None
        self._spans: tuple[np.ndarray, np.ndarray] | None = None
        self._done = np.zeros(deals, bool)
        self._rewards = np.zeros((deals, len(names)), np.int64)
        self._ready = False

    # the public face -----------------------------------------------------------------------

    @property
    def size(self) -> int:
        """The action space's size: ids are ``0..size-1`` (the engine's ids)."""
        return self.rules.size

    @property
    def ready(self) -> bool:
        """Whether :meth:`reset` has dealt the deals (before it there is nothing to read)."""
        return self._ready

    @property
    def to_act(self) -> np.ndarray:
        """Each deal's seat to act, ``(N,)``; ``-1`` where the deal is over."""
        return self.state.to_act

    @property
    def done(self) -> np.ndarray:
        """Which deals are finished, ``(N,)`` bool (with auto-reset: finished in the last step)."""
        if self.auto_reset:
            return self._done
        over: np.ndarray = self.state.ended != ENDED_NOT
        return over

    @property
    def rewards(self) -> np.ndarray:
        """Each finished deal's chips won (final stack less starting chips), ``(N, n)``.

        Zero for deals still running. A pot that stays on the table (``carry_out``) is lost to
        everyone in this deal: the rewards of a deal sum to ``carry_in - carry_out``.
        """
        if self.auto_reset:
            return self._rewards
        over = self.state.ended != ENDED_NOT
        return np.where(over[:, None], self.state.stack - self.start_chips, 0)

    @property
    def stacks(self) -> np.ndarray:
        """Every seat's chips now, ``(N, n)`` (the final stacks of a finished deal)."""
        return self.state.stack

    def reset(self, seed: int | None = None, *, seeds: Sequence[int] | None = None) -> None:
        """Deal all N deals afresh, up to their first decision.

        Args:
            seed: Seeds a ``numpy.random.Generator`` that shuffles each deal's stock (and
                every later auto-reset's); each deal is then a stacked deal
                (``start_deal(stock=...)``) with a seed of its own for reshuffles.
            seeds: Instead, one seed per deal: each deal's stock is the one
                ``start_deal(seed=s)`` shuffles (the engine's seeded deal, the same cards).

        Raises:
            PrimeroError: both or neither given, ``seeds`` not one whole number per deal, or
                a seed below 0 (:func:`primero.setup.seed_problem`).
        """
        if (seed is None) == (seeds is None):
            raise PrimeroError("give either seed (a generator shuffles every stock) or seeds "
                               "(one engine seed per deal)")
        st = self.state
        rows = np.arange(self.deals)
        seed = _whole(seed)
        if seeds is not None:
            if isinstance(seeds, str) or not hasattr(seeds, "__iter__"):
                raise PrimeroError(f"seeds must be {self.deals} whole numbers (one per deal), "
                                   f"got {type(seeds).__name__}")
            given = [_whole(s) for s in seeds]
            if len(given) != self.deals or not all(whole(s) for s in given):
                raise PrimeroError(f"seeds must be {self.deals} whole numbers (one per deal)")
            for k, s in enumerate(given):
                problem = seed_problem(s)
                if problem is not None:
                    raise PrimeroError(f"deal {k} of {self.deals}: {problem}")
            self._rng = np.random.default_rng([int(s) for s in given[:4]])
            stocks = seeded_stocks(self.rules, given)
            st.seeds = [int(s) for s in given]
            st.seeded[:] = True
        else:
            problem = seed_problem(seed)
            if problem is not None:
                raise PrimeroError(problem)
            self._rng = np.random.default_rng(int(seed))
            stocks = random_stocks(self._rng, self.deals, len(self.rules.pack),
                                   self.rules.dealt)
            st.seeds = self._rng.integers(0, 2 ** 62, self.deals).tolist()
            st.seeded[:] = False
        self._deal(rows, stocks)
        self._done[:] = False
        self._rewards[:] = 0
        self._ready = True

    def legal_mask(self) -> np.ndarray:
        """Legal ids of each deal's seat to act, ``(N, size)`` bool (none where the deal is over).

        Raises:
            PrimeroError: :meth:`reset` was not called.
        """
        self._check_ready()
        if self._mask is None:
            self._mask, low, span = legal_mask(self.rules, self.state)
            self._spans = low, span
        return self._mask

    def legal_spans(self) -> tuple[np.ndarray, np.ndarray]:
        """The legal ids beyond fold, pass and hold (0, 1, 2) as one run per deal.

        Returns:
            ``(low, span)``, ``(N,)`` each: the legal vies, raises or exchanges of a deal are
            the ids ``low .. low + span - 1`` (``span`` 0: none). With ``legal_mask()[:, :3]``
            they are every legal id (what a batched agent samples from without the mask).
        """
        self.legal_mask()
        assert self._spans is not None
        return self._spans

    def step(self, action_ids: Any) -> None:
        """Apply one action id per deal (ignored for finished deals) and run to the next decisions.

        Args:
            action_ids: ``(N,)`` integers, the engine's ids (``legal_mask()`` says which).

        Raises:
            IllegalActionError: an id is not legal in its deal; the message names the first such
                deal, its seat to act and the id. Nothing is changed.
            PrimeroError: not ``(N,)`` integers, or :meth:`reset` was not called.
        """
        self._check_ready()
        ids = np.asarray(action_ids)
        if ids.shape != (self.deals,) or ids.dtype.kind not in "iu":
            raise PrimeroError(f"action_ids must be ({self.deals},) integers, got "
                               f"{ids.dtype} {ids.shape}")
        ids = ids.astype(np.int64, copy=False)
        st, rules = self.state, self.rules
        mask = self.legal_mask()
        active = st.to_act >= 0
        inside = (ids >= 0) & (ids < rules.size)
        ok = inside & mask.ravel(order="F")[np.where(inside, ids, 0) * self.deals
                                             + np.arange(self.deals)]
        bad = active & ~ok
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(
                f"deal {k}: action id {int(ids[k])} is not legal for seat {int(st.to_act[k])} "
                f"({self.players[int(st.to_act[k])]}); the legal ids: legal_mask()[{k}]",
                legal=())
        rows = np.flatnonzero(active)
        kinds = rules.kinds[st.step[rows]]
        swap = kinds == KIND_EXCHANGE
        bet_rows = rows[~swap]
        if bet_rows.size:
            st.record(bet_rows, st.to_act[bet_rows], ids[bet_rows])
            apply_bets(rules, st, bet_rows, ids[bet_rows])
        swap_rows = rows[swap]
        if swap_rows.size:
            seats = st.to_act[swap_rows].copy()
            bits = exchange(rules, st, swap_rows, ids[swap_rows] - rules.exchange)
            st.record(swap_rows, seats, ids[swap_rows], bits)
        self._mask = self._spans = None
        moved = rows[st.to_act[rows] < 0]
        if moved.size:
            self._advance(moved)
        if self.auto_reset:
            self._done = st.ended != ENDED_NOT
            self._rewards = np.where(self._done[:, None], st.stack - self.start_chips, 0)
            over = np.flatnonzero(self._done)
            if over.size:
                self._deal(over, random_stocks(self._rng, over.size, len(rules.pack),
                                                      rules.dealt))

    def records(self) -> list[DealRecord | None]:
        """Every deal as the engine's own deal record, ``None`` where it is not finished.

        A record replays (:func:`primero.records.replay`) to the batch's final stacks: a
        deal dealt from ``seeds`` is written with its seed, one dealt from the generator with
        its whole stock and its reshuffles.

        Raises:
            PrimeroError: the batch deals again at once (``auto_reset``): no record is kept.
        """
        if self.auto_reset:
            raise PrimeroError("records are kept only without auto_reset: a finished deal is "
                               "dealt again at once, so its history is gone")
        st = self.state
        over = st.ended != ENDED_NOT
        return [self._record(k) if over[k] else None for k in range(self.deals)]

    def actions(self, deal: int) -> list[tuple[int, Action]]:
        """The history of deal ``deal``: ``(seat, action)`` in order (the engine's history).

        Raises:
            PrimeroError: ``deal`` is not a whole number from 0 to N - 1 (no counting from the
                end), or :meth:`reset` was not called.
        """
        self._check_ready()
        if isinstance(deal, bool) or not isinstance(deal, int | np.integer) \
                or not 0 <= deal < self.deals:
            raise PrimeroError(f"deal must be a deal number 0..{self.deals - 1}, got "
                               f"{deal!r:.40}")
        deal = int(deal)
        st = self.state
        pack = self.rules.pack
        out: list[tuple[int, Action]] = []
        for j in range(int(st.hist_len[deal])):
            seat, i, bits = (int(st.hist_seat[deal, j]), int(st.hist_id[deal, j]),
                             int(st.hist_disc[deal, j]))
            out.append((seat, self._action(i, bits, pack)))
        return out

    # the inside ----------------------------------------------------------------------------

    def _check_ready(self) -> None:
        if not self.ready:
            raise PrimeroError("call reset(seed) first: no deal is dealt yet")

    def _action(self, i: int, bits: int, pack: tuple[Any, ...]) -> Action:
        rules = self.rules
        if i == 0:
            return Fold()
        if i == 1:
            return Pass()
        if i == 2:
            return Hold()
        if i < rules.raise_:
            return Vie(i - rules.vie + 1)
        if i < rules.exchange:
            return Hold(i - rules.raise_ + 1)
        return Exchange.from_cards([pack[p] for p in range(len(pack)) if bits >> p & 1])

    def _record(self, k: int) -> DealRecord:
        st, rules = self.state, self.rules
        pack = rules.pack
        seeded = bool(st.seeded[k])
        setup = DealSetup(
            players=self.players, chips=tuple(int(c) for c in self.start_chips[k]),
            dealer=rules.dealer, table=rules.table, carry=int(self.carry[k]),
            stock=() if seeded else tuple(pack[p] for p in st.original[k]),
            seed=st.seeds[k],
            reshuffles=() if seeded else tuple(tuple(pack[p] for p in order)
                                               for order in st.reshuffles.get(k, [])),
            dealing="seeded" if seeded else "stacked")
        return DealRecord.of(self.variant, setup,
                             [(self.players[s], str(a)) for s, a in self.actions(k)])

    def _deal(self, rows: np.ndarray, stocks: np.ndarray) -> None:
        """Deal the deals at ``rows`` from ``stocks`` and run them to their first decision."""
        st, rules = self.state, self.rules
        pack = len(rules.pack)
        st.clear(rows, pack)
        st.original[rows] = stocks
        if rules.open_cards is not None:  # the toy: its open cards leave the stock first
            opened = np.isin(stocks, rules.open_cards.ravel())
            rest = stocks[~opened].reshape(len(rows), -1)
            st.stock[rows] = pack
            st.stock[rows, :rest.shape[1]] = rest
            st.stock_len[rows] = rest.shape[1]
        else:
            st.stock[rows] = stocks
        st.stack[rows] = self.start_chips[rows]
        st.carry_in[rows] = self.carry[rows]
        self._mask = None
        self._advance(rows)

    def _advance(self, rows: np.ndarray) -> None:
        """Run the deals at ``rows`` (nobody to act) to their next decision or their end.

        The engine's loop: the end of the step just done, then the next steps.
        """
        st, rules = self.state, self.rules
        steps = len(rules.kinds)
        settled: list[np.ndarray] = []
        while rows.size:
            current = st.step[rows]
            began = current >= 0
            at = np.maximum(current, 0)
            folds = began & ((~st.folded).sum(axis=1)[rows] == 1)
            nxt = current + 1
            if rules.carry_without_vie:
                carry = (began & ~folds & (rules.kinds[at] == KIND_BET) & (st.opener[rows] < 0)
                         & ~st.skipped[rows] & (rules.numbers[at] == rules.last_round))
                show = ~folds & ~carry & (nxt >= steps)
                st.ended[rows[carry]] = ENDED_CARRY
                finished = folds | carry | show
            else:
                show = ~folds & (nxt >= steps)
                finished = folds | show
            st.ended[rows[folds]] = ENDED_FOLDS
            st.ended[rows[show]] = ENDED_SHOWDOWN
            if finished.any():
                settled.append(rows[finished])
                rows, nxt = rows[~finished], nxt[~finished]
            st.step[rows] = nxt
            indices = np.flatnonzero(np.bincount(nxt, minlength=steps)).tolist()
            for index in indices:
                sub = rows if len(indices) == 1 else rows[nxt == index]
                kind = int(rules.kinds[index])
                if kind == KIND_DEAL:
                    deal_step(rules, st, sub, int(rules.counts[index]))
                elif kind == KIND_ANTE:
                    ante_step(rules, st, sub)
                elif kind == KIND_BET:
                    open_round(rules, st, sub)
                elif kind == KIND_EXCHANGE:
                    start_exchange(rules, st, sub)
            rows = rows[st.to_act[rows] < 0]
        if settled:
            settle(rules, st, np.concatenate(settled) if len(settled) > 1 else settled[0])


def _whole(value: Any) -> Any:
    """A numpy integer as the ``int`` it is (a seed or a count given from an array); else as is."""
    if isinstance(value, np.integer) and not isinstance(value, np.bool_):
        return int(value)
    return value
