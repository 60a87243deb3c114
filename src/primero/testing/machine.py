"""The state machine: random legal deals (and the deals after them), checked at every step."""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from primero.actions import Action
from primero.errors import IllegalActionError, plugin_detail_in_notes
from primero.plugins.checks import checking_everything
from primero.plugins.registry import registry
from primero.records import dump_record, load_record, record_from_state, replay
from primero.session import Session
from primero.state import GameState
from primero.testing.chance import check_action_ids, external_replay
from primero.testing.deadline import GRACE, Deadline
from primero.testing.failures import fail
from primero.testing.invariants import action_bound, check_deal_invariants
from primero.testing.privacy import Revealed, check_out_of_turn, check_view_hides, hidden_twins
from primero.testing.snapshots import snapshot
from primero.testing.strategies import DealConfig, action_pool
from primero.variant import Variant

__all__ = ["DealMachine"]


def _recordable(variant: Variant) -> bool:
    """A deal file names the variant: only installed variants without house rules replay."""
    installed = registry()
    return (not variant.house_rules and variant.name in installed
            and installed.spec(variant.name) == variant.spec)


class DealMachine(RuleBasedStateMachine):
    """Random legal deals (and the deals after them) of one variant, checked at every step.

    Do not use this class directly: :func:`variant_state_machine` makes a subclass bound to a
    variant. Subclasses may override :meth:`next_deal` (how a table goes on after a deal) or
    add rules of their own; ``self.state`` is the current state and ``self.config`` the first
    deal's set-up.
    """

    #: The configured variant the machine plays.
    variant: ClassVar[Variant]
    #: Check views on every step (the twins check runs as its own rule).
    check_views: ClassVar[bool] = True
    #: Round-trip finished deals through their deal file (installed variants without house
    #: rules only: a deal file names the variant).
    check_records: ClassVar[bool] = True
    #: Most deals in one run (the first and the ones after it).
    max_deals: ClassVar[int] = 4
    #: Cards the variant makes public besides the showdown (see :func:`public_cards`).
    revealed: ClassVar[Revealed | None] = None
    #: Seconds one example may take before it fails as a deal that does not end (checked
    #: between actions; a call still running :data:`~primero.testing.deadline.GRACE` seconds
    #: later is interrupted: :class:`~primero.testing.deadline.KitTimeout`).
    time_budget: ClassVar[float] = 10.0
    #: The actions at which an example ran out of its time budget (then every later example
    #: of the machine, the replay of the failing one included, stops there too).
    _over_budget_at: ClassVar[int | None] = None

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.config: DealConfig | None = None
        self.session: Any = None
        self.deals = 0
        self.session_total = 0
        self._started = time.monotonic()
        self._checks = checking_everything()  # every hook result checked whole, every step
        self._checks.__enter__()
        self._detail = plugin_detail_in_notes()  # a PluginError's cards, for the author
        self._detail.__enter__()
        # a hook that never returns never meets the budget between actions: a deadline
        self._deadline = Deadline(self.time_budget + GRACE, self._past_deadline)

    def teardown(self) -> None:
        """Leave the whole-state hook checks (and the errors' details) on only while it runs."""
        self._deadline.cancel()
        self._detail.__exit__(None, None, None)
        self._checks.__exit__(None, None, None)

    def _past_deadline(self, where: str) -> str:
        """The :class:`~primero.testing.deadline.KitTimeout` message: where the example hung."""
        why = (f"the example ran past its time budget of {self.time_budget:g} s (and "
               f"{GRACE:g} s more) {where}: a call that does not return")
        state = self.state
        return str(fail(state, why)) if state is not None else f"{self.variant}: {why}"

    # set-up ------------------------------------------------------------------------------

    def _begin(self, config: DealConfig) -> None:
        self.config = config
        self.state = config.start()
        self.deals = 1
        self.session_total = config.start_total
        self.session = self._session_for(config)

    def _session_for(self, config: DealConfig) -> Any:
        setup = config.setup
        return Session(variant=config.variant, players=setup.players, chips=setup.chips,
                       dealer=setup.dealer, table=setup.table, carry=setup.carry,
                       seed=setup.seed)

    @property
    def current(self) -> GameState:
        """The current state (after set-up)."""
        assert self.state is not None
        return self.state

    def _is_over(self) -> bool:
        return self.state is not None and self.state.over

    def _in_play(self) -> bool:
        return self.state is not None and not self.state.over

    # rules -------------------------------------------------------------------------------

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Apply a random legal action; the old state must not change."""
        state = self.current
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        self._apply_checked(state, action)

    def _apply_checked(self, state: GameState, action: Action) -> None:
        before = snapshot(state)
        bound = action_bound(state)
        new = state.apply(action)
        if snapshot(state) != before:
            raise fail(state, f"applying {action} changed the old state")
        if new is state:
            raise fail(state, f"applying {action} returned the same object")
        if new.history[: len(state.history)] != state.history or \
                len(new.history) != len(state.history) + 1:
            raise fail(new, f"applying {action} did not append exactly it to the history")
        cap = type(self)._over_budget_at
        over_time = time.monotonic() - self._started > self.time_budget
        if len(new.history) > bound or over_time or (cap is not None and
                                                     len(new.history) >= cap):
            if len(new.history) > bound:
                why = f"the deal did not end within {bound} actions"
            else:
                # the budget, as an action count: the replay of this example fails at the
                # same action (hypothesis replays a failure; time alone would make it flaky)
                type(self)._over_budget_at = len(new.history) if cap is None else \
                    min(cap, len(new.history))
                why = (f"the deal did not end within {len(new.history)} actions and the time "
                       f"budget of {self.time_budget:g} s per example")
            raise fail(new, why)
        self.state = new

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        """An action that is not legal raises IllegalActionError and changes nothing.

        An action object is the mover's: the error lists their legal actions. Text that
        cannot be read (and names nobody) carries no legal actions (see ``engine.apply``).
        """
        state = self.current
        legal = state.legal_actions()
        candidates: list[Action | str] = [a for a in action_pool(state) if a not in legal]
        candidates += ["", "bid 3", "vie", "vie two", "hold raise", "exchange Zz", "fold now"]
        action = data.draw(st.sampled_from(candidates), label="illegal action")
        before = snapshot(state)
        try:
            state.apply(action)
        except IllegalActionError as exc:
            expected = () if isinstance(action, str) else legal
            if tuple(exc.legal) != expected:
                raise fail(state, f"{action!r}: the error lists {exc.legal}, expected "
                                   f"{expected}") from exc
            if not exc.reason or not str(exc):
                raise fail(state, f"{action!r}: the error gives no reason") from exc
        else:
            raise fail(state, f"{action!r} is not among the legal actions but was accepted")
        if snapshot(state) != before:
            raise fail(state, f"the rejected {action!r} changed the state")

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """A move by another player, by nobody at the table, or unreadable, leaks no card.

        The error must carry (message, reason, ``.legal``) no card hidden from the sender:
        nothing of the mover's hand, nor of anyone else's but the sender's own.
        """
        check_out_of_turn(self.current, data.draw(st.integers(min_value=0, max_value=2**32 - 1),
                                                  label="probe seed"))

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def views(self, data: st.DataObject) -> None:
        """Views equal across states that differ only in cards the viewer cannot see."""
        state = self.current
        viewer = data.draw(st.integers(min_value=0, max_value=state.n - 1), label="viewer")
        seed = data.draw(st.integers(min_value=0, max_value=2**32 - 1), label="twin seed")
        revealed = type(self).revealed
        view = check_view_hides(state, viewer, revealed)
        for twin in hidden_twins(state, viewer, random.Random(seed), revealed):
            if twin.view(viewer) != view:
                raise fail(state, f"seat {viewer}'s view changes when only cards hidden from "
                                   f"it differ")

    @precondition(lambda self: self._in_play())
    @rule(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def play_out(self, seed: int) -> None:
        """Finish the deal with random legal actions, checking every one."""
        rng = random.Random(seed)
        state = self.current
        while not state.over:
            self._apply_checked(state, rng.choice(state.legal_actions()))
            state = self.current
            check_deal_invariants(state)
            if self.check_views:
                for viewer in range(state.n):
                    check_view_hides(state, viewer, type(self).revealed)
        self._finished(state)

    @precondition(lambda self: self._is_over() and self.deals < self.max_deals)
    @rule()
    def next_deal(self) -> None:
        """Go on to the next deal at the same table (a session)."""
        state = self.current
        self._finished(state)
        new = self.deal_after(state)
        if new is None:
            self.deals = self.max_deals  # the table is finished
            return
        self.deals += 1
        # players who left short of an ante they must pay (primiera) took their chips away
        start = sum(new.setup.chips) + new.setup.carry + sum(self.session.left_chips)
        if start != self.session_total:
            raise fail(new, f"the next deal starts with {start} chips (stacks + carry), the "
                             f"table had {self.session_total}")
        self.state = new

    def deal_after(self, state: GameState) -> GameState | None:
        """The next deal after the finished ``state``, or ``None`` when the table is done.

        Uses :class:`primero.session.Session`: the carry-over goes into the next pot, players
        with no chips leave, the deal passes to the next seat in playing order.
        """
        if self.session is None:
            return None
        self.session = self.session.after(state)
        if self.session.finished:
            return None
        new: GameState = self.session.start_deal()
        return new

    def _finished(self, state: GameState) -> None:
        check_deal_invariants(state)
        if state.setup.dealing != "external":
            external_replay(state)
        if self.check_records and _recordable(state.variant):
            replayed = replay(load_record(dump_record(record_from_state(state))))
            if replayed != state:
                raise fail(state, "the deal replayed from its deal file differs")

    # invariants --------------------------------------------------------------------------

    @invariant()
    def invariants_hold(self) -> None:
        """:func:`check_deal_invariants`, and views hide hidden cards."""
        if self.state is None:
            return
        check_deal_invariants(self.state)
        check_action_ids(self.state)
        if self.check_views:
            for viewer in range(self.state.n):
                check_view_hides(self.state, viewer, type(self).revealed)

