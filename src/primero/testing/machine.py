"""The state machine: random legal deals (and the deals after them), checked at every step.

An example's time budget counts only the CPU time spent in the machine's own rules (the
variant's hooks, the engine and the kit's checks: :func:`time.process_time`), never hypothesis'
own work between and inside them (choosing rules, drawing data, its database), nor the wall
clock: the same plug-in meets the same budget whatever the hypothesis version and however
loaded the machine. Hypothesis' own per-example deadline is off in every run of the kit
(``deadline=None``, whatever settings are given: :attr:`DealMachine.TestCase` and
:func:`~primero.testing.runner.run_deal_machine` see to it).
"""

from __future__ import annotations

import functools
import random
import time
import unittest
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from primero.actions import Action
from primero.deal.state import GameState
from primero.errors import IllegalActionError, plugin_detail_in_notes
from primero.plugins.checks import checking_everything
from primero.plugins.registry import registry
from primero.records import dump_record, load_record, record_from_state, replay
from primero.session import Session
from primero.testing.chance import check_action_ids, external_replay
from primero.testing.deadline import GRACE, Deadline
from primero.testing.failures import fail
from primero.testing.invariants import action_bound, check_deal_invariants
from primero.testing.privacy import Revealed, check_out_of_turn, check_view_hides, hidden_twins
from primero.testing.snapshots import snapshot
from primero.testing.strategies import DealConfig, action_pool
from primero.variant import Variant

__all__ = ["DealMachine"]

T = TypeVar("T")
Rule = TypeVar("Rule", bound=Callable[..., Any])


class _Clock:
    """The CPU time an example has spent in the machine's rules, and the deadline while in one.

    :meth:`start` on entering a rule arms the deadline for what is left of the budget (and
    :data:`GRACE` more); :meth:`stop` on leaving it (or before a hypothesis draw) disarms it
    and adds the time spent.
    """

    def __init__(self, budget: float, message: Callable[[str], str]) -> None:
        self.budget = budget
        self.spent = 0.0
        self._message = message
        self._since: float | None = None
        self._deadline: Deadline | None = None

    def start(self) -> None:
        if self._since is not None:
            return
        self._since = time.process_time()
        self._deadline = Deadline(max(self.budget - self.spent, 0.0) + GRACE, self._message)

    def stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if self._since is not None:
            self.spent += time.process_time() - self._since
            self._since = None

    def elapsed(self) -> float:
        """CPU seconds spent in the rules so far (the running one included)."""
        running = 0.0 if self._since is None else time.process_time() - self._since
        return self.spent + running


def timed(method: Rule) -> Rule:
    """Count a rule's time against the example's budget (under its deadline)."""

    @functools.wraps(method)
    def run(self: DealMachine, *args: Any, **kwargs: Any) -> Any:
        self._clock.start()
        try:
            return method(self, *args, **kwargs)
        finally:
            self._clock.stop()

    return run  # type: ignore[return-value]


class _KitTestCase:
    """``Machine.TestCase``: hypothesis' ``unittest`` case of the machine, never with a deadline.

    Hypothesis' own ``TestCase`` runs with the settings assigned to it, whose ``deadline``
    (200 ms by default) is wall-clock time: ``TestCase.settings = settings(max_examples=50)``
    made the kit fail on a loaded machine. This one runs with those settings and
    ``deadline=None``; the machine's CPU-time budget bounds each example instead.
    """

    def __get__(self, obj: object, owner: type[DealMachine] | None = None) -> Any:
        found = type(obj) if isinstance(obj, DealMachine) else owner
        assert found is not None
        machine: type[DealMachine] = found
        case = machine.__dict__.get("_kit_test_case")
        if case is None:
            class KitTestCase(unittest.TestCase):
                settings = hypothesis_settings(deadline=None,
                                               suppress_health_check=list(HealthCheck))

                def runTest(self) -> None:
                    run_state_machine_as_test(
                        machine, settings=hypothesis_settings(self.settings, deadline=None))

            KitTestCase.runTest.is_hypothesis_test = True  # type: ignore[attr-defined]
            KitTestCase.__name__ = f"{machine.__name__}.TestCase"
            KitTestCase.__qualname__ = f"{machine.__qualname__}.TestCase"
            case = KitTestCase
            type.__setattr__(machine, "_kit_test_case", case)
        return case


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
    #: Seconds of CPU time (:func:`time.process_time`, never the wall clock) one example may
    #: spend in the machine's rules (hypothesis' own time is not counted) before it fails as a
    #: deal that does not end (checked between actions; a call still running
    #: :data:`~primero.testing.deadline.GRACE` CPU seconds later is interrupted:
    #: :class:`~primero.testing.deadline.KitTimeout`).
    time_budget: ClassVar[float] = 10.0
    #: Hypothesis' ``unittest`` case of the machine; its ``settings`` (assign your own) always
    #: run with ``deadline=None``.
    TestCase = _KitTestCase()
    #: The actions at which an example ran out of its time budget (then every later example
    #: of the machine, the replay of the failing one included, stops there too).
    _over_budget_at: ClassVar[int | None] = None

    deals: int
    session_total: int

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.config: DealConfig | None = None
        self.session: Any = None
        self.deals = 0
        self.session_total = 0
        # the budget counts the rules' time only (see the module); each rule runs under a
        # deadline, for a hook that never returns never meets the budget between actions
        self._clock = _Clock(self.time_budget, self._past_deadline)
        self._checks = checking_everything()  # every hook result checked whole, every step
        self._checks.__enter__()
        self._detail = plugin_detail_in_notes()  # a PluginError's cards, for the author
        self._detail.__enter__()

    def teardown(self) -> None:
        """Leave the whole-state hook checks (and the errors' details) on only while it runs."""
        self._clock.stop()
        self._detail.__exit__(None, None, None)
        self._checks.__exit__(None, None, None)

    def _past_deadline(self, where: str) -> str:
        """The :class:`~primero.testing.deadline.KitTimeout` message: where the example hung."""
        why = (f"the example ran past its time budget of {self.time_budget:g} s (and "
               f"{GRACE:g} s more) of CPU time {where}: a call that does not return")
        state = self.state
        return str(fail(state, why)) if state is not None else f"{self.variant}: {why}"

    # set-up ------------------------------------------------------------------------------

    def _draw(self, data: st.DataObject, strategy: st.SearchStrategy[T], label: str) -> T:
        """``data.draw(strategy)``, its time not counted against the budget (hypothesis')."""
        self._clock.stop()
        try:
            return data.draw(strategy, label=label)
        finally:
            self._clock.start()

    @timed
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
    @timed
    def act(self, data: st.DataObject) -> None:
        """Apply a random legal action; the old state must not change."""
        state = self.current
        legal = state.legal_actions()
        action = self._draw(data, st.sampled_from(legal), "action")
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
        over_time = self._clock.elapsed() > self.time_budget
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
                       f"budget of {self.time_budget:g} s of CPU time per example")
            raise fail(new, why)
        self.state = new

    @precondition(lambda self: self._in_play())
    @rule(data=st.data())
    @timed
    def illegal(self, data: st.DataObject) -> None:
        """An action that is not legal raises IllegalActionError and changes nothing.

        An action object is the mover's: the error lists their legal actions. Text that
        cannot be read (and names nobody) carries no legal actions (see ``engine.apply``).
        """
        state = self.current
        legal = state.legal_actions()
        candidates: list[Action | str] = [a for a in action_pool(state) if a not in legal]
        candidates += ["", "bid 3", "vie", "vie two", "hold raise", "exchange Zz", "fold now"]
        action = self._draw(data, st.sampled_from(candidates), "illegal action")
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
    @timed
    def out_of_turn(self, data: st.DataObject) -> None:
        """A move by another player, by nobody at the table, or unreadable, leaks no card.

        The error must carry (message, reason, ``.legal``) no card hidden from the sender:
        nothing of the mover's hand, nor of anyone else's but the sender's own.
        """
        check_out_of_turn(self.current, self._draw(data, st.integers(min_value=0,
                                                                     max_value=2**32 - 1),
                                                  label="probe seed"))

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    @timed
    def views(self, data: st.DataObject) -> None:
        """Views equal across states that differ only in cards the viewer cannot see.

        Raises:
            DealInvariantError: a view shows a hidden card, or differs between twins.
        """
        state = self.current
        viewer = self._draw(data, st.integers(min_value=0, max_value=state.n - 1), "viewer")
        seed = self._draw(data, st.integers(min_value=0, max_value=2**32 - 1), "twin seed")
        revealed = type(self).revealed
        view = check_view_hides(state, viewer, revealed)
        for twin in hidden_twins(state, viewer, random.Random(seed), revealed):
            if twin.view(viewer) != view:
                raise fail(state, f"seat {viewer}'s view changes when only cards hidden from "
                                   f"it differ")

    @precondition(lambda self: self._in_play())
    @rule(seed=st.integers(min_value=0, max_value=2**32 - 1))
    @timed
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
    @timed
    def next_deal(self) -> None:
        """Go on to the next deal at the same table (a session).

        Raises:
            DealInvariantError: the next deal does not start with the table's chips (stacks
                plus carry-over plus the chips of players who left): chips are conserved
                (RULES.md §3).
        """
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
        with no chips leave, the deal passes as the variant's ``deal_passes`` says.
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
        outside = external_replay(state) if state.setup.dealing != "external" else state
        if self.check_records and _recordable(state.variant):
            replayed = replay(load_record(dump_record(record_from_state(state))))
            if replayed != state:
                raise fail(state, "the deal replayed from its deal file differs")
            if outside is not state:  # the same deal dealt from outside, saved and replayed
                again = replay(load_record(dump_record(record_from_state(outside))))
                if again != outside:
                    raise fail(outside, "the deal dealt from outside, replayed from its deal "
                                        "file, differs")

    # invariants --------------------------------------------------------------------------

    @invariant()
    @timed
    def invariants_hold(self) -> None:
        """:func:`check_deal_invariants`, and views hide hidden cards."""
        if self.state is None:
            return
        check_deal_invariants(self.state)
        check_action_ids(self.state)
        if self.check_views:
            for viewer in range(self.state.n):
                check_view_hides(self.state, viewer, type(self).revealed)

