"""The kit's entry: what a plug-in's tests call.

:func:`variant_state_machine` makes a :class:`~primero.testing.machine.DealMachine` bound to a
variant, :func:`run_deal_machine` runs it as a test, and :func:`play_random_deal` plays one
deal to its end with every check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, run_state_machine_as_test

from primero.actions import Action
from primero.deal.state import GameState
from primero.errors import PrimeroError, named, plugin_detail_in_notes, typed_name
from primero.testing.failures import fail, need_state
from primero.testing.invariants import action_bound, check_deal_invariants
from primero.testing.machine import DealMachine
from primero.testing.privacy import Revealed
from primero.testing.snapshots import snapshot
from primero.testing.strategies import DealConfig, deal_setups, resolve_variant
from primero.variant import Variant

__all__ = ["play_random_deal", "run_deal_machine", "variant_state_machine"]


def _random_action(state: GameState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def play_random_deal(
    state: GameState,
    rng: random.Random,
    *,
    check: bool = True,
    choose: Callable[[GameState, random.Random], Action] = _random_action,
) -> GameState:
    """Play a deal to its end with random legal actions, checking it all the way.

    Args:
        state: Any state of the deal.
        rng: Chooses the actions.
        check: After every action: :func:`check_deal_invariants`, the old state unchanged.
        choose: Picks the action (default: uniformly among the legal actions).

    Returns:
        The finished state.

    Raises:
        DealInvariantError: an invariant broke, or the deal did not end within
            :func:`action_bound` of its setup.
        PluginError: a hook's answer is wrong; its cards are in a note (the kit's report is
            for the plug-in's author, see :func:`primero.errors.plugin_detail_in_notes`).
    """
    need_state(state, "play_random_deal")
    bound = action_bound(state)
    with plugin_detail_in_notes():
        while not state.over:
            if len(state.history) >= bound:
                raise fail(state, f"the deal did not end within {bound} actions")
            action = choose(state, rng)
            before = snapshot(state) if check else None
            new = state.apply(action)
            if check:
                if snapshot(state) != before:
                    raise fail(state, f"applying {action} changed the old state")
                check_deal_invariants(new)
            state = new
    return state


def variant_state_machine(
    variant: str | Variant,
    *,
    setups: st.SearchStrategy[DealConfig] | None = None,
    check_views: bool = True,
    check_records: bool = True,
    max_deals: int = 4,
    revealed: Revealed | None = None,
    time_budget: float = DealMachine.time_budget,
    **options: Any,
) -> type[DealMachine]:
    """A :class:`DealMachine` subclass that plays ``variant``.

    Args:
        variant: A registered name (or alias) or a configured variant (with house rules).
        setups: The deals to start from (default :func:`deal_setups` of the variant).
        check_views: Check after every step that views hide hidden cards.
        check_records: Round-trip finished deals through their deal file.
        max_deals: Most deals per run, the first included (1: no sessions).
        revealed: Cards the variant makes public during a deal besides the showdown (e.g.
            declared hands); the view checks then allow them.
        time_budget: Seconds of CPU time (:func:`time.process_time`, never the wall clock,
            so a loaded machine does not shorten it) one example may spend in the variant's
            hooks, the engine and the kit's checks (hypothesis' own time is not counted, so
            the budget does not depend on its version); past it the example fails as a deal
            that does not end, naming the actions played (default 10).
        **options: Variant options, e.g. ``supremus=False``.

    Raises:
        PrimeroError: ``time_budget`` not above 0 seconds (or not a number: a budget of 0
            would fail every deal at its first action, as the variant's fault), ``max_deals``
            below 1, or an unknown variant or bad option (its own subclass).

    Returns:
        The machine class; its ``TestCase`` attribute is a ``unittest.TestCase``, or run it
        with :func:`hypothesis.stateful.run_state_machine_as_test`.
    """
    if isinstance(time_budget, bool) or not isinstance(time_budget, int | float) \
            or not time_budget > 0:
        raise PrimeroError(f"time_budget must be a number of seconds > 0, got "
                           f"{named(time_budget)}")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise PrimeroError(f"max_deals must be a whole number >= 1 (1: no sessions), got "
                           f"{named(max_deals)}")
    v = resolve_variant(variant, **options)
    strategy = deal_setups(v) if setups is None else setups

    class Machine(DealMachine):
        @initialize(config=strategy)
        def start(self, config: DealConfig) -> None:
            self._begin(config)

    label = str(v).replace(" ", "").replace("(", "_").replace(")", "").replace(",", "_")
    Machine.__name__ = Machine.__qualname__ = f"DealMachine[{label}]"
    Machine.variant = v
    Machine.check_views = check_views
    Machine.check_records = check_records
    Machine.max_deals = max_deals
    Machine.revealed = revealed  # read as type(self).revealed: never bound as a method
    Machine.time_budget = time_budget
    Machine._over_budget_at = None
    return Machine


def run_deal_machine(
    variant: str | Variant,
    *,
    settings: Any = None,
    shrink: bool = False,
    **kwargs: Any,
) -> None:
    """Run :func:`variant_state_machine` ``(variant, **kwargs)`` as a test.

    Args:
        variant: A registered name or a configured variant.
        settings: :class:`hypothesis.settings` (e.g. ``max_examples``,
            ``stateful_step_count``); default hypothesis' current profile without its shrink
            phase, its deadline and its health checks, so that a plug-in's fault is reported
            from the first deal that shows it, within seconds, instead of after
            minutes of shrinking or as a complaint that the plug-in is slow (the machine's
            ``time_budget`` of CPU time bounds each example instead). Settings of your own
            keep that: they always run with ``deadline=None`` (hypothesis' deadline is
            wall-clock time, which a loaded machine stretches), and their shrink phase is
            dropped too unless ``shrink`` is true.
        shrink: Keep hypothesis' shrink phase, for a minimal failing deal (it may take
            minutes: every shrink step replays a deal).
        **kwargs: Passed to :func:`variant_state_machine` (options, ``time_budget``).

    Raises:
        PrimeroError: ``settings`` is not a :class:`hypothesis.settings`, and what
            :func:`variant_state_machine` raises.
    """
    if settings is not None and not isinstance(settings, hypothesis_settings):
        raise PrimeroError(f"settings must be a hypothesis.settings (e.g. "
                           f"settings(max_examples=20)), got {typed_name(settings)}")
    if settings is None:
        profile = hypothesis_settings()
        settings = hypothesis_settings(
            profile, phases=tuple(p for p in profile.phases if p is not Phase.shrink),
            deadline=None, suppress_health_check=list(HealthCheck))
    if settings.deadline is not None:
        settings = hypothesis_settings(settings, deadline=None)
    if not shrink and Phase.shrink in settings.phases:
        settings = hypothesis_settings(
            settings, phases=tuple(p for p in settings.phases if p is not Phase.shrink))
    run_state_machine_as_test(variant_state_machine(variant, **kwargs), settings=settings)
