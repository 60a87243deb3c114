"""The deal half of the checked rules: dealing, betting and settling, every answer checked.

:class:`DealRules` (``variant.rules.deal``) calls the deal's ``firstresult`` hooks — the plan,
dealing, exchanges, the steps, legal actions and their application, the settlement — and
checks each answer where it is received (:mod:`primero.plugins.checks`): a fault is one
:class:`~primero.errors.PluginError` naming the plug-in, the hook, what it returned and what
was expected. Every deal is guarded by a bound computed from its table
(:func:`~primero.plugins.checks.deal_action_bound`): past it,
:class:`~primero.errors.EndlessDealError`.

Its plug-in manager holds the core's every hook (:mod:`primero.rules`, registered first and
``trylast``) and the variant's plug-ins; the ranking is the ranking half's
(:class:`primero.plugins.rules.Rules`), shared.
"""

from __future__ import annotations

from functools import reduce
from itertools import chain
from operator import attrgetter, is_, or_
from typing import TYPE_CHECKING, Any, cast

from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie
from primero.cards import Card, Pack
from primero.deal.action_space import ActionBlock
from primero.deal.composing import set_fresh_variant_state
from primero.deal.copying import copier
from primero.deal.state import (
    SOUND_FLAG,
    GameState,
    cards_sound,
    history_size,
    history_value,
    mark_cards_sound,
    only_variant_state_differs,
    same_history,
)
from primero.errors import (
    PLUGIN_FAULTS,
    EndlessDealError,
    PluginError,
    PrimeroError,
    exception_text,
)
from primero.hands import Ranking
from primero.plugins import checks
from primero.plugins.manager import (
    RULES_HOOKS,
    Caller,
    around_core_caller,
    core_alone,
    firstresult_caller,
    is_core,
    is_library_rule,
    new_manager,
    passes_through,
    plugin_label,
    raised,
    register_plugin,
    shown,
    wrappers_leave_alone,
)
from primero.plugins.ranking import RankingRules
from primero.rules.betting import CORE_BETTING
from primero.rules.dealing import CORE_DEALING
from primero.rules.ranking import CORE_RANKING
from primero.rules.settling import CORE_SETTLING, settle_direct

if TYPE_CHECKING:
    from collections.abc import Callable

    import pluggy

    from primero.settlement import Settlement
    from primero.setup import Step, Table
    from primero.variant import Variant

__all__ = ["CORE_PLUGINS", "LEGAL_BY_VARIANT_STATE", "DealRules"]

#: The core's rule objects, registered first (``trylast``) under every variant.
CORE_PLUGINS = (CORE_RANKING, CORE_DEALING, CORE_BETTING, CORE_SETTLING)

#: How many checked answers of ``primero_legal_actions`` a variant's rules remember (by
#: identity; then they start again): a calling game's answers are its situations times its
#: calls, each checked once.
CHECKED_KEPT = 32_768

#: A rule object's attribute (``True``) declaring that its wrapper of
#: ``primero_legal_actions``, in a betting round, answers by the core's answer and
#: ``state.variant_state`` alone (by identity; the same two give the very same answer object):
#: honoured for the library's own rule objects only
#: (:func:`~primero.plugins.manager.is_library_rule`), whose answers are then found again by
#: those two facts.
LEGAL_BY_VARIANT_STATE = "legal_by_variant_state"

_BETTING_HOOKS = ("primero_legal_actions", "primero_apply_action", "primero_start_step",
                  "primero_end_step")


class DealRules(RankingRules):
    """A configured variant's rules: its plug-in manager behind typed, checked methods.

    Get it as ``variant.rules.deal``. Every method calls one ``firstresult`` hook (see
    :mod:`primero.hookspecs`) and checks the answer. Its plug-in manager holds the core's
    every hook (registered first, ``trylast``) and the variant's plug-ins.

    Raises (every method):
        PluginError: no plug-in answered, or the answer is wrong (the message names the
            plug-in, the hook, what it returned and what was expected), or a plug-in raised
            an exception that is not a :class:`~primero.errors.PrimeroError`.
    """

    hook_manager: pluggy.PluginManager
    manager: pluggy.PluginManager
    core_legal: bool
    core_apply: bool
    core_exchange: bool
    composed_apply: bool
    doubted: bool
    library_only: bool

    def __init__(self, variant: Variant, ranking: RankingRules) -> None:
        self.variant = variant
        self._ranking_rules = ranking
        pm = new_manager()
        plugins: list[object] = [*CORE_PLUGINS, *variant.spec.plugins, *variant.house_rules]
        self._plugins = tuple(plugins)
        for plugin in plugins:
            register_plugin(pm, plugin)
        self.manager = self.hook_manager = pm
        self._callers: dict[str, Caller] = {
            n: firstresult_caller(pm, n, variant, core=_CORE_FAST.get(n)) for n in RULES_HOOKS}
        self._legal_caller = self._callers["primero_legal_actions"]
        self._apply_caller = self._callers["primero_apply_action"]
        #: Where the variant's plug-ins only wrap the core's legal actions / its application
        #: of an action: the wrappers run around the core's fast code (its answer produced
        #: the fast way inside the wrapper chain), which answers exactly as its hook does.
        legal_around = around_core_caller(pm, "primero_legal_actions", variant,
                                          _fast_legal_actions)
        #: An exchange the wrappers leave alone (answer wrappers declared so) is served the
        #: core's fast way (:func:`_core_apply_answer`: its cards dealt at once) where the
        #: core alone serves exchanges; else the wrappers get exactly the core hook's answer.
        apply_core = _core_apply_answer \
            if wrappers_leave_alone(pm, "primero_apply_action", Exchange) else _bet_answer
        apply_around = around_core_caller(pm, "primero_apply_action", variant, apply_core,
                                          _with_variant_state)
        self._legal_around = None if legal_around is None else legal_around.call
        #: Every wrapper of primero_legal_actions is a library rule object declaring
        #: (:data:`LEGAL_BY_VARIANT_STATE`) that in a betting round its answer follows from
        #: the core's answer and ``state.variant_state`` alone (by identity): an answer checked
        #: once is found again by those two (:meth:`known_legal`), no wrapper asked.
        self._legal_keyed = legal_around is not None and all(
            is_library_rule(i.plugin) and getattr(i.plugin, LEGAL_BY_VARIANT_STATE, False)
            for i in pm.hook.primero_legal_actions.get_hookimpls()
            if i.wrapper or i.hookwrapper)
        #: The checked answers of :attr:`_legal_keyed` rules: ``id(core answer) -> (core
        #: answer, {id(variant state): (variant state, answer)})``, every key object held.
        self._keyed: dict[int, tuple[object, dict[int, tuple[object, Any]]]] = {}
        self._keyed_count = 0
        self._legal_top = None if legal_around is None else legal_around.top
        self._apply_around = None if apply_around is None else apply_around.call
        self._apply_top = None if apply_around is None else apply_around.top
        #: Every wrapper of primero_apply_action sets only the variant's state
        #: (``answer_wrapper(sets_variant_state=True)``), in a copy the library makes of the
        #: core's answer: nothing a check reads is a plug-in's.
        self._apply_composed = apply_around is not None and apply_around.composed
        self._apply_after = apply_around.after if self._apply_composed else None  # type: ignore[union-attr]
        #: The same wrappers' plain functions, their variant state set on the answer itself
        #: (:meth:`compose_fresh_bet`: an answer the engine has just made, nobody else's).
        fresh = around_core_caller(pm, "primero_apply_action", variant, apply_core,
                                   set_fresh_variant_state) if self._apply_composed else None
        self._apply_after_fresh = None if fresh is None else fresh.after
        #: ... and the core alone gives the answer they wrap (no plug-in answers the hook):
        #: the engine applies a betting action with the core's own code
        #: (:func:`~primero.deal.fast_betting.core_bet`), then :meth:`compose_bet`.
        self.composed_apply = self._apply_after is not None
        #: The rules hooks that only the core answers (no plug-in, no wrapper): the engine
        #: calls the core's own code for them directly (its fast path, never for a plug-in's
        #: answer) and checks the whole state at the end of each step.
        self.core_only: frozenset[str] = frozenset(
            n for n in RULES_HOOKS if core_alone(pm, n))
        #: The core alone answers ``primero_legal_actions``: the engine's fast paths work the
        #: legal actions out with the core's own code (and cache them on the states they make).
        self.core_legal = self._core_legal = "primero_legal_actions" in self.core_only
        #: The core alone answers ``primero_apply_action``: the engine applies a betting
        #: action with the core's own code (:func:`~primero.deal.fast_betting.core_bet`).
        self.core_apply = "primero_apply_action" in self.core_only
        #: ... and ``primero_serve_exchange`` too: an exchange is the core's own code as well
        #: (:func:`~primero.deal.fast_dealing.core_exchange`).
        self.core_exchange = self.core_apply and "primero_serve_exchange" in self.core_only
        self._plan: tuple[Step, ...] | None = None
        self._plan_plugin: object = None
        #: The answers of ``primero_legal_actions`` checked, by identity: ``(answer, hand)``,
        #: the hand of the seat to act where the answer holds exchanges (hand-bound), else
        #: ``None`` (position-free: sound for every state).
        self._legal_checked: dict[int, tuple[object, tuple[Card, ...] | None]] = {}
        #: The betting tuples found sound (no exchange in them) in an answer of
        #: :func:`~primero.deal.fast_dealing.bets_with_exchanges`, by identity: such an answer
        #: made of one of them for the hand of the seat to act needs no check.
        self._bets_checked: dict[int, object] = {}
        self._pack: Pack | None = None
        self._ranking: Ranking | None = None
        #: Whether the core applies every action (no plug-in's primero_apply_action but
        #: wrappers): a plug-in's legal actions must then be the core's of the step.
        self._core_applies = all(is_core(i.plugin) or i.hookwrapper or i.wrapper
                                 for i in pm.hook.primero_apply_action.get_hookimpls())
        #: The betting actions of answers found sound, by value (each value's first object,
        #: held), and by their ids the bits of the cards each exchanges (0: none): see
        #: :meth:`_of_checked_bets`.
        self._bet_values: dict[Action, Action] = {}
        self._bet_masks: dict[int, int] = {}
        #: The plug-in that added each block of the action space, by the block's identity.
        self._block_owners: dict[int, tuple[object, object]] = {}
        #: Whether any state a plug-in's hook made was taken on its checks alone (not the
        #: core's, not vouched for as the core's own code's, not composed by the library, not
        #: a queued deal checked whole): from then on every step the core closes gets the
        #: whole-state check's every part (:meth:`check_step_end`), in every deal.
        self.doubted = False
        #: Whether every plug-in of the variant is the library's own (the core's rules and
        #: the built-in variants' modules, :mod:`primero.variants`): tested code, which never
        #: changes a state in place. Any other plug-in or house rule: every step the core
        #: closes gets the whole-state check's every part.
        self.library_only = all(is_library_rule(p) for p in plugins)
        #: ``primero_start_step``'s one implementation besides the core's, where it is a
        #: library rule object's plain one (a built-in variant's, no wrapper, no other
        #: plug-in): :meth:`start_step` calls it directly (else ``None``: through the caller).
        self._start_direct = _library_only_answer(pm, "primero_start_step")

    @property
    def ranking(self) -> Ranking:
        """The variant's ranking (the ranking half's, shared)."""
        return self._ranking_rules.ranking

    @property
    def pack(self) -> Pack:
        """The variant's pack (the ranking half's, kept after the first ask)."""
        pack = self._pack
        if pack is None:
            pack = self._pack = self._ranking_rules.pack
        return pack

    def _checked_state(self, hook: str, state: GameState, cards: str = "",
                       **kwargs: Any) -> GameState:
        """Call a hook that returns a state and check it.

        A plug-in's answer: the cheap checks (:func:`~primero.plugins.checks.state_problem`),
        and with ``cards="moved"`` (a card-moving hook) every card exactly once whenever a
        hand, the stock or the discards changed. The core's answer (betting's or dealing's):
        its shape (the core's dealing moves no chip), and a dealing answer's cards. With
        ``cards="step"`` (the start of a step): a plug-in's answer that moved a card has every
        card counted, so a card it lost or doubled is named at the hook that did it. With
        ``cards="end"`` (the end of a step), whoever answered: the whole-state invariants
        (:func:`~primero.plugins.checks.whole_state_problem`). While
        :func:`~primero.plugins.checks.checking_everything`: everything, after every hook.
        An answer the library's own code made from this very state and vouched for
        (:func:`~primero.plugins.checks.remember_core_answer`: a built-in variant's step) is
        taken as it is, where no card is to be counted.
        """
        new, plugin = self._call(hook, state=state, **kwargs)
        if checks.off_depth:
            return new  # type: ignore[no-any-return]
        if (not cards or cards == "step") and new is not None \
                and checks.core_answer(state, kwargs.get("step")) is new:
            return cast("GameState", new)  # (never remembered while strict)
        return self._checked_answer(hook, state, new, plugin, cards, **kwargs)

    def _checked_answer(self, hook: str, state: GameState, new: Any, plugin: object,
                        cards: str = "", **kwargs: Any) -> GameState:
        """The checks of :meth:`_checked_state`, of the answer ``new`` ``plugin`` gave."""
        strict = checks.strict_depth
        core = (plugin is CORE_BETTING or plugin is CORE_DEALING) and not strict
        problem = None if core and checks.core_shape_sound(state, new) else \
            checks.state_problem(state, new, chips=not core)
        if problem is None:
            if cards == "end" or strict:
                problem = checks.whole_state_problem(new, self.pack,
                                                         state.context.total_chips)
            elif cards == "step" and is_core(plugin):
                if cards_sound(state):
                    checks.cards_moved(state, new)  # no card moved: marked sound
            elif cards and plugin is not CORE_BETTING and checks.cards_moved(state, new):
                problem = checks.cards_problem(new, self.pack)
            elif not cards and cards_sound(state):
                checks.cards_moved(state, new)  # no card moved: marked sound, not counted again
        if problem is None and not is_core(plugin):
            problem = checks.seats_problem(state, new)
            if problem is None and hook == "primero_serve_exchange":
                problem = checks.served_problem(state, new, **kwargs)
            elif problem is None and hook == "primero_deal_cards":
                problem = checks.dealt_problem(state, new, **kwargs)
        if problem is not None:
            raise self._fault(hook, plugin, problem)
        if not is_core(plugin) and not strict:  # (strict: the whole state was just checked)
            self.doubted = True  # a plug-in's state taken on its checks: see check_step_end
        return cast("GameState", new)

    # dealing --------------------------------------------------------------------------------

    def deal_plan(self) -> tuple[Step, ...]:
        """The steps of one deal (``primero_deal_plan``)."""
        plan, plugin = self._call("primero_deal_plan")
        self._plan_plugin = plugin
        problem = checks.plan_problem(plan)
        if problem is not None:
            raise self._fault("primero_deal_plan", plugin, problem)
        return cast("tuple[Step, ...]", plan)

    @property
    def plan(self) -> tuple[Step, ...]:
        """The steps of one deal (:meth:`deal_plan`), asked once and cached."""
        plan = self._plan
        if plan is None:
            plan = self._plan = self.deal_plan()
        return plan

    def check_plan_fits(self, players: int) -> None:
        """Refuse a plan whose first deals need more cards than the pack holds.

        The deal steps before the first step that can make discards (anything but an ante or
        a deal) are dealt from the stock alone (docs/rules/dealing.md reshuffles only discards), so
        they must fit in the pack for ``players`` players.

        Raises:
            PluginError: naming ``primero_deal_plan`` and the plug-in that answered it.
        """
        plan = self.plan
        first = 0
        for step in plan:
            if step.kind == "deal":
                first += step.count
            elif step.kind != "ante":
                break
        size = len(self.pack)
        if first * players > size:
            raise self._fault(
                "primero_deal_plan", self._plan_plugin,
                f"deals {first} cards to each of {players} players before any discard, "
                f"{first * players} in all; the {self.pack.name} pack holds {size}")

    def deal_cards(self, state: GameState, count: int) -> GameState:
        """Deal ``count`` cards to each player still in (``primero_deal_cards``).

        A plug-in's answer that only queues the cards, ``count`` for each seat, and reorders
        the stock (the toy's) is checked in one pass
        (:func:`~primero.plugins.checks.queued_deal_sound`); any other goes to the full
        checks.
        """
        hook = "primero_deal_cards"
        new, plugin = self._call(hook, state=state, count=count)
        if checks.off_depth or (plugin is not CORE_DEALING and checks.queued_deal_sound(
                state, new, count, self.pack)):
            return new  # type: ignore[no-any-return]
        return self._checked_answer(hook, state, new, plugin, "moved", count=count)

    def serve_exchange(self, state: GameState, seat: int, discards: tuple[Card, ...]) \
            -> GameState:
        """Serve an exchange (``primero_serve_exchange``)."""
        return self._checked_state("primero_serve_exchange", state, "moved", seat=seat,
                                   discards=discards)

    # betting --------------------------------------------------------------------------------

    def start_step(self, state: GameState, step: Step) -> GameState:
        """Enter a step that is not a deal (``primero_start_step``).

        A plug-in's answer that moved a card (a new stock, discards or hand) has every card
        counted here: a card it lost or holds twice is its fault, named at this hook.

        Where the hook's only implementation besides the core's is a built-in variant's
        (:attr:`_start_direct`), that method is called directly (speed only: the same answer
        and the same checks as through the hook's caller, which this mirrors); an answer of
        ``None`` (the core's step) or an error goes through the caller, as every plug-in's
        call does.
        """
        direct = self._start_direct
        if direct is not None and not checks.strict_depth and not checks.off_depth:
            function, plugin = direct
            try:
                new = function(state, self.variant, step)
            except Exception:  # (raised again, named as the hook names it, by the caller below)
                new = None
            if new is not None:
                if checks.core_answer(state, step) is new:
                    return cast("GameState", new)
                return self._checked_answer("primero_start_step", state, new, plugin, "step",
                                            step=step)
        return self._checked_state("primero_start_step", state, "step", step=step)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """The legal actions of the seat to act (``primero_legal_actions``).

        Where the wrappers' answers in a betting round follow from the core's answer and the
        variant's state (:attr:`_legal_keyed`, Cardano's calls), an answer checked before for
        the same two is given again (:meth:`known_legal`), none of the wrappers asked.
        See :meth:`_legal_answer` for the checks of any other answer.
        """
        if not self._legal_keyed or checks.strict_depth or checks.off_depth:
            if self._core_legal and not checks.strict_depth:  # (the core alone: its fast code)
                core = state.context.engine.fast_legal_actions(state)
                if core:
                    return core  # (an empty answer goes to the checks, which name it)
            return self._legal_answer(state)
        step = state.context.steps[state.step_index + 1]
        if step is None or step.kind != "bet":
            return self._legal_answer(state)
        core = state.context.engine.fast_legal_actions(state)
        legal = self.known_legal(state, core)
        if legal is not None:
            return legal
        own = state.variant_state
        known = self._keyed.get(id(core))
        legal = self._legal_answer(state)
        memo = self._legal_checked.get(id(legal))
        if legal is core or (memo is not None and memo[0] is legal and memo[1] is None):
            # the core's own answer, or one checked and found position-free: kept by the facts
            if self._keyed_count >= CHECKED_KEPT:
                self._keyed.clear()
                self._keyed_count = 0
            if known is None or known[0] is not core:
                known = self._keyed[id(core)] = (core, {})
            known[1][id(own)] = (own, legal)
            self._keyed_count += 1
        return legal

    def known_legal(self, state: GameState, core: tuple[Action, ...] | None = None) \
            -> tuple[Action, ...] | None:
        """The answer :meth:`legal_actions` gives ``state`` where it is at hand, else ``None``.

        At hand: an answer of :attr:`_legal_keyed` rules in a betting round, checked before
        for the same core answer and variant state (the engine caches it on a state it makes
        in a betting round). Only betting rounds' answers are kept: of a state in another
        step nothing is found (the core's answer there, made to look, is no key).

        Args:
            state: A state with a seat to act.
            core: The core's own answer to ``primero_legal_actions`` of ``state``
                (``fast_legal_actions`` of it, the very tuple) where the caller has it at
                hand; ``None``: worked out here.
        """
        if not self._legal_keyed or checks.strict_depth or checks.off_depth:
            return None
        if core is None:
            core = state.context.engine.fast_legal_actions(state)
        known = self._keyed.get(id(core))
        if known is None or known[0] is not core:
            return None
        own = state.variant_state
        hit = known[1].get(id(own))
        if hit is None or hit[0] is not own:
            return None
        return hit[1]  # type: ignore[no-any-return]

    def _legal_answer(self, state: GameState) -> tuple[Action, ...]:
        """The legal actions of the seat to act (``primero_legal_actions``), checked.

        An answer checked before (the same tuple, shared between states, for an equal hand
        when it holds exchanges) is not checked again, nor one that
        :func:`~primero.deal.fast_dealing.bets_with_exchanges` made for the hand of the seat to
        act from a betting tuple found sound before (its passes are the library's, of that
        hand), nor one made of ranges of a position-free answer checked before
        (:meth:`_sliced_from_checked`: Cardano's answers under a standing call), except while
        :func:`~primero.plugins.checks.checking_everything`.
        """
        if self._core_legal and not checks.strict_depth:
            core = state.context.engine.fast_legal_actions(state)  # the core alone answers
            if core:
                return core  # (an empty answer goes to the checks below, which name it)
        around = self._legal_around
        known_core = False
        if around is not None and not checks.strict_depth:
            legal, core = around(state)  # the wrappers around the core's own code
            if legal is core:
                return core  # type: ignore[no-any-return]  # the core's answer, passed on
            memo = self._legal_checked.get(id(legal))
            if memo is not None and memo[0] is legal and memo[1] is None:
                return legal  # type: ignore[return-value]  # checked before, position-free
            plugin, known_core = self._legal_top, True
        else:
            legal, plugin = self._legal_caller(state)
        if legal is None:
            raise self._unanswered("primero_legal_actions")
        if checks.off_depth:
            return legal  # type: ignore[no-any-return]
        memo = self._legal_checked.get(id(legal))  # an answer checked before (the usual)
        if memo is not None and memo[0] is legal and not checks.strict_depth:
            hand = memo[1]
            if hand is None:
                return legal  # type: ignore[return-value]
            held = state.seats[state.to_act].hand  # type: ignore[index]
            if hand is held or hand == held:
                return legal  # type: ignore[return-value]
        if plugin is CORE_BETTING and legal and not checks.strict_depth:
            return legal  # type: ignore[no-any-return]  # the core's own hook answered
        made = None if checks.strict_depth else checks.composed_of(legal)
        if made is not None:  # the library's passes of a hand spelt into a betting tuple
            bets, hand = made
            held = state.seats[state.to_act].hand  # type: ignore[index]
            if self._bets_checked.get(id(bets)) is bets and (hand is held or hand == held):
                self._remember(legal, hand)  # the tuple checked, the passes sound
                return legal  # type: ignore[no-any-return]
        if (not known_core and (made is None or made[0] is legal)
                and legal is state.context.engine.fast_legal_actions(state)
                and not checks.strict_depth):
            # the core's own answer for this state (a wrapper passed it on); a tuple the
            # library spelt passes into is a new tuple, never the core's: not asked
            return legal
        if not checks.strict_depth and self._sliced_from_checked(state, legal):
            self._remember(legal, None)  # ranges of a position-free answer checked before
            return legal  # type: ignore[no-any-return]
        bits = None if checks.strict_depth else self._of_checked_bets(state, legal)
        pooled = bits is not None
        if not pooled:
            problem = checks.legal_problem(state, legal)
            if problem is None and not is_core(plugin):
                problem = checks.offered_problem(state, legal, self._core_applies)
            if problem is not None:
                raise self._fault("primero_legal_actions", plugin, problem)
            self._pool_bets(state, legal)
        if made is not None and not checks.legal_uses_hand(made[0]):
            # its betting tuple, found sound in it (the plain pass it spells out is sound)
            if len(self._bets_checked) >= CHECKED_KEPT:
                self._bets_checked.clear()
            self._bets_checked[id(made[0])] = made[0]
        if type(legal) is not tuple and not hasattr(legal, "action_ids"):
            legal = tuple(legal)  # a plug-in's list: the engine keeps actions in tuples
        if isinstance(legal, tuple) and len(legal) <= checks.LAZY_CHECK_ABOVE:
            # (a tuple, or a tuple of a plug-in's own class: its items cannot change)
            if bits if pooled else checks.legal_uses_hand(legal):  # hand-bound
                self._remember(legal, state.seats[state.to_act].hand)  # type: ignore[index]
            else:  # position-free: shared by every state
                self._remember(legal, None)
        return legal  # type: ignore[no-any-return]

    def _sliced_from_checked(self, state: GameState, legal: object) -> bool:
        """Whether ``legal`` is made of ranges of a position-free answer checked before.

        For an answer that says what it is made of (a tuple class with ``sliced_from()``
        answering ``(whole, spans)``, as Cardano's answers do: the answer with every call
        spelt, and the ranges of it under the standing call). The claim is verified, not
        taken: the spans are whole-number ranges that ascend without overlapping within
        ``whole``, and ``legal`` holds exactly the objects of those ranges, in order (read
        with the tuple's own methods; by identity where a plug-in's wrapper made the answer,
        by equality in C where every wrapper is a library rule object
        (:attr:`_legal_keyed`), whose answers hold the very objects, which compare at
        once). ``whole`` itself is checked here as any
        answer of this betting round the first time (:meth:`_of_checked_bets`, else every
        check) and must be position-free (no exchange). Then every check of an answer holds
        for ``legal`` as it held for ``whole``: sound actions of the round, each once; the
        checks read the ranges, not each action.
        """
        if type(legal) is tuple or not isinstance(legal, tuple):
            return False
        sliced_from = getattr(legal, "sliced_from", None)
        if sliced_from is None:
            return False
        try:
            parts = sliced_from()
        except Exception:  # (a plug-in's method that fails: its answer is checked in full)
            return False
        if type(parts) is not tuple or len(parts) != 2:
            return False
        whole, spans = parts
        if not isinstance(whole, tuple) or type(spans) is not tuple:
            return False
        size = tuple.__len__(whole)
        if size > checks.LAZY_CHECK_ABOVE:
            return False  # (only the ends of such an answer are checked)
        pieces = []
        stop = 0
        for span in spans:
            if type(span) is not tuple or len(span) != 2:
                return False
            start, end = span
            if type(start) is not int or type(end) is not int or not stop <= start < end <= size:
                return False
            pieces.append(tuple.__getitem__(whole, slice(start, end)))
            stop = end
        if sum(map(len, pieces)) != tuple.__len__(legal):
            return False
        if self._legal_keyed:  # every wrapper the library's own: its answer, of its objects
            if tuple.__eq__(legal, tuple(chain.from_iterable(pieces))) is not True:
                return False  # (equal objects, in C: the same objects compare at once)
        elif not all(map(is_, tuple.__iter__(legal), chain.from_iterable(pieces))):
            return False  # (a plug-in's answer: the very objects, by identity)
        memo = self._legal_checked.get(id(whole))
        if memo is not None and memo[0] is whole:
            return memo[1] is None
        bits = self._of_checked_bets(state, whole)
        if bits is None:
            if checks.legal_problem(state, whole) is not None or checks.offered_problem(
                    state, whole, self._core_applies) is not None:
                return False  # (the answer's own checks say what is wrong)
            if checks.legal_uses_hand(whole):
                return False
            self._pool_bets(state, whole)
        elif bits:
            return False  # exchanges: hand-bound
        self._remember(whole, None)
        return True

    def _remember(self, legal: object, hand: tuple[Card, ...] | None) -> None:
        """Remember ``legal`` as a checked answer, for ``hand`` (``None``: for every state)."""
        checked = self._legal_checked
        if len(checked) >= CHECKED_KEPT:
            checked.clear()
        checked[id(legal)] = (legal, hand)

    def _of_checked_bets(self, state: GameState, legal: object) -> int | None:
        """Whether ``legal`` is a betting round's answer made of betting actions checked before.

        Not ``None`` when ``legal`` is a non-empty tuple (or a plug-in's tuple class) of
        distinct objects, each one of ``_bet_masks`` (a betting action of the core's own
        classes with whole amounts, no call or a plain one, no exchange or one of cards, the
        first object of its value to pass the checks), whose exchanges throw only cards of
        the hand of the seat to act: then :func:`~primero.plugins.checks.legal_problem` and
        :func:`~primero.plugins.checks.offered_problem` find nothing, as each reads the
        actions one by one (and distinct objects of the seen values are distinct values).
        The ids looked up and their card bits OR-ed in C, one test against the hand's bits:
        no action is read.

        Returns:
            ``None``: not such an answer (the full checks decide). Else the OR of the bits
            of the cards the answer's exchanges throw (``0``: no exchange, position-free).
        """
        if not isinstance(legal, tuple) or not legal or len(legal) > checks.LAZY_CHECK_ABOVE:
            return None
        step = state.step
        if step is None or step.kind != "bet":
            return None
        ids = tuple(map(id, legal))
        try:
            bits: int = reduce(or_, map(self._bet_masks.__getitem__, ids))
        except KeyError:
            return None
        if len(set(ids)) != len(ids):
            return None
        if bits:  # exchanges: of cards the player holds
            try:
                held = reduce(or_, map(_card_bit, state.seats[state.to_act].hand), 0)  # type: ignore[index]
            except (AttributeError, TypeError):
                return None
            if bits & ~held:
                return None
        return bits

    def _pool_bets(self, state: GameState, legal: object) -> None:
        """Remember the betting actions of a checked answer of a betting round (by identity).

        Only what :meth:`_of_checked_bets` may take as checked: a :class:`Vie` of a whole
        amount of at least 1 chip, a :class:`Hold` raising a whole number of chips (0 or
        more), each with no call or a plain call (a class name and whole points), a plain
        :class:`Pass` (no exchange) or a :class:`Fold` — of exactly these classes, the first
        object of each value (a later equal object is not taken).
        """
        if not isinstance(legal, tuple) or len(legal) > checks.LAZY_CHECK_ABOVE:
            return
        step = state.step
        if step is None or step.kind != "bet":
            return
        masks, values = self._bet_masks, self._bet_values
        if len(values) >= CHECKED_KEPT:
            masks.clear()
            values.clear()
        for action in legal:
            if id(action) in masks:
                continue
            mask = _plain_bet(action)
            if mask is not None and values.setdefault(action, action) is action:
                masks[id(action)] = mask

    def illegal_reason(self, state: GameState, action: Action) -> str:
        """Why ``action`` is illegal (``primero_illegal_reason``)."""
        reason, plugin = self._call("primero_illegal_reason", state=state, action=action)
        problem = checks.reason_problem(reason)
        if problem is not None:
            raise self._fault("primero_illegal_reason", plugin, problem)
        if not is_core(plugin):  # the player reads it: no card they may not see
            return checks.reason_for_player(state, action, cast(str, reason))
        return cast(str, reason)

    def step_lines(self, state: GameState) -> tuple[tuple[int, str], ...]:
        """What the plug-ins tell the players of the steps ended so far (``primero_narrate_step``).

        The steps ended are those before ``state.step_index``, and that one too once the deal
        is over. Each line is checked (:func:`~primero.plugins.checks.narration_problem`) and
        any card in it that not every player may see reads ``<card>``
        (:func:`~primero.plugins.checks.narration_for_players`).

        Returns:
            ``(index in the plan, line)`` for every ended step a plug-in told, in plan order;
            ``()`` when no plug-in implements the hook.
        """
        hook = "primero_narrate_step"
        caller = self._callers[hook]
        plan = state.plan
        ended = min(state.step_index + (1 if state.over else 0), len(plan))
        lines: list[tuple[int, str]] = []
        for index in range(max(ended, 0)):
            line, plugin = caller(state=state, step=plan[index], index=index)
            if line is None:
                continue
            problem = checks.narration_problem(line)
            if problem is not None:
                raise self._fault(hook, plugin, problem)
            lines.append((index, checks.narration_for_players(state, line)))
        return tuple(lines)

    def apply_action(self, state: GameState, action: Action) -> GameState:
        """Apply a legal action (``primero_apply_action``), within the deal's action bound.

        Raises:
            EndlessDealError: the deal already took
                :func:`~primero.plugins.checks.deal_action_bound` actions; the plug-ins
                answering the betting hooks are named.
        """
        context = state.context
        total = context.total_chips
        if history_size(state) >= context.bound and checks.past_action_bound(state):
            raise self.endless_deal_error(state)  # (the bound's floor tested first, inline)
        hook = "primero_apply_action"
        around = self._apply_around
        strict = checks.strict_depth
        core: object = None
        if around is not None and not strict:
            new, core = around(state, action)  # the wrappers around the core's own code
            plugin = self._apply_top
        else:
            new, plugin = self._apply_caller(state, action)
        if new is None:
            raise self._unanswered(hook)
        if new is state:
            raise self._fault(hook, plugin, f"returned the state it was given for {action}; "
                                            "expected the state after the action")
        if checks.off_depth:
            return new  # type: ignore[no-any-return]
        if core is not None and not strict:
            # a wrapper passed the core's answer on (the core's own fast code made it), or
            # set only its own variant_state on it (the core's part is the core's own, the
            # variant's part no check reads): returned unchecked
            if new is core or self._apply_composed:
                return new  # type: ignore[no-any-return]
            if type(new) is GameState and type(core) is GameState \
                    and only_variant_state_differs(new, core):
                if not cards_sound(new) and cards_sound(core):
                    mark_cards_sound(new)  # the very same cards as the core's answer
                return new
        made = checks.core_made  # checks.core_answer(state, action), inline
        if made[0] is state and made[1] is action and new is made[2] and not strict:
            return new  # type: ignore[return-value]  # made by the core's own code alone
        if plugin is CORE_BETTING and not strict and type(new) is GameState:
            # the core's answer: its shape, inline (the sound case of _core_shape_sound)
            seats = new.seats
            to_act = new.to_act
            if (seats is not state.seats and new.step_index == state.step_index
                    and same_history(new, state) and new.context is context
                    and new.settlement is None and len(seats) == context.n
                    and (to_act is None or (type(to_act) is int and 0 <= to_act < context.n
                                            and not seats[to_act].folded))):
                return new
        by_core = is_core(plugin)  # (asked once per answer)
        problem = checks.state_problem(state, new, total, chips=bool(strict) or not by_core)
        if problem is None and new.seats is state.seats:  # cheap: checked only then
            problem = checks.unrecorded_problem(state, new, action)
        if problem is None and not by_core:
            problem = checks.seats_problem(state, new)
            if problem is None and not strict and checks.cards_moved(state, new):
                problem = checks.cards_problem(new, self.pack)  # before a step that never ends
        if problem is None and strict:
            problem = checks.whole_state_problem(new, self.pack, total)
        if problem is not None:
            raise self._fault(hook, plugin, problem)
        if not by_core and not strict:  # (strict: the whole state was just checked)
            self.doubted = True  # a plug-in's state taken on its checks: see check_step_end
        return cast("GameState", new)

    def compose_bet(self, state: GameState, action: Action, answer: GameState) -> GameState:
        """The answer to ``primero_apply_action`` of a bet, from the core's answer ``answer``.

        For the engine's fast path where every wrapper of the hook sets only the variant's
        state (:attr:`composed_apply`): ``answer`` is the core's own answer to ``action``
        (:func:`~primero.deal.fast_betting.core_bet` of ``state``, the history unchanged);
        the wrappers' plain functions run on it, innermost first, and the answer is the
        library's copy of it with the variant state they set (``answer`` itself if they set
        none): what :meth:`apply_action` answers, unchecked there too (nothing a check reads
        is a plug-in's).

        Raises:
            PluginError: a wrapper raised anything but a :class:`~primero.errors.PrimeroError`,
                or an :class:`~primero.errors.IllegalActionError` (as :meth:`apply_action`).
        """
        return self._apply_after(answer, state, action)  # type: ignore[misc,no-any-return]

    def compose_fresh_bet(self, state: GameState, action: Action, answer: GameState) \
            -> GameState:
        """:meth:`compose_bet` on an ``answer`` the engine has just made and nobody else holds.

        The same wrappers' plain functions on the core's answer, the variant state they set
        set on ``answer`` itself (:func:`~primero.deal.composing.set_fresh_variant_state`), not
        on a copy: ``answer`` is returned.

        Raises:
            PluginError: as :meth:`compose_bet`.
        """
        return self._apply_after_fresh(answer, state, action)  # type: ignore[misc,no-any-return]

    def _deal_facts(self, state: GameState) -> tuple[int, int]:
        """``(chips, action bound)`` of ``state``'s deal (its context's)."""
        context = state.context
        return context.total_chips, context.bound

    def endless_deal_error(self, state: GameState) -> EndlessDealError:
        """The error of a deal that ran past its action bound, naming the betting plug-ins.

        The engine raises it when a deal has not ended within
        :func:`~primero.plugins.checks.deal_action_bound` actions.
        """
        bound = checks.deal_action_bound(state)
        suspects = [i.plugin for name in _BETTING_HOOKS
                    for i in getattr(self.manager.hook, name).get_hookimpls()
                    if not is_core(i.plugin)]
        labels = list(dict.fromkeys(plugin_label(p) for p in suspects)) \
            or [plugin_label(CORE_BETTING)]
        label = ", ".join(labels)
        return EndlessDealError(
            f"plug-in {label}, hook primero_apply_action (variant {self.variant.name!r}): the "
            f"deal did not end within {bound} actions "
            f"({checks.deal_action_bound_basis(state)})",
            plugin=label, hook="primero_apply_action")

    def end_step(self, state: GameState, step: Step) -> GameState:
        """Close a step (``primero_end_step``); every card is checked here."""
        return self._checked_state("primero_end_step", state, "end", step=step)

    def check_step_end(self, state: GameState) -> None:
        """The whole-state check of the end of a step the core alone closed (the fast path).

        What :meth:`end_step` checks of the core's answer: the deal's chips on the table and
        every card exactly once (:func:`~primero.plugins.checks.whole_state_problem`). Where
        every plug-in is the library's own (:attr:`library_only`) and no state a hook made was
        taken on its checks alone (:attr:`doubted`), only the cards' soundness flag is read:
        every state so far came from the library's code (the core's, or the library's
        composition of the core's answers) or was checked whole (a queued deal).

        Raises:
            PluginError: naming ``primero_end_step`` and the plug-ins that answered the
                variant's rules hooks (one of their earlier answers in the step left the
                state wrong), or the core if there are none.
        """
        if checks.off_depth:
            return
        if self.library_only and not self.doubted and cards_sound(state) \
                and not checks.strict_depth:
            # only the library's code ran on this variant's states, and every state so far
            # came from the core's own code, from answers vouched for as its own or composed by
            # the library from its answers, or from a queued deal checked whole: chips moved
            # by the core's code alone, the cards known sound (counted, or moved by the engine)
            return
        # The sound case of whole_state_problem, inline (one pass over the seats, no call):
        # the deal's chips all on the table, whole and none negative (``a | b`` of whole
        # numbers is negative when one of them is; anything else raises TypeError), and
        # the cards known sound (``_cards_sound``: counted, or moved by the engine alone
        # from a state that was). Anything else goes to the full check, which words it.
        context = state.context
        total = context.setup.carry
        signs = 0
        try:
            for seat in state.seats:
                stack = seat.stack
                put_in = seat.contributed
                total += stack + put_in
                signs |= stack | put_in
        except TypeError:
            signs = -1
        if (signs >= 0 and cards_sound(state) and total == context.total_chips
                and type(total) is int and not checks.strict_depth):
            return
        problem = checks.whole_state_problem(state, self.pack,
                                                 context.total_chips)
        if problem is not None:
            hook = "primero_end_step"
            label = self._suspects()
            if not label:
                raise self._fault(hook, CORE_BETTING, problem)
            raise PluginError(f"plug-in {label}, hook {hook} (variant {self.variant.name!r}): "
                              f"{problem} (found at the end of the step; the core closed it)",
                              plugin=label, hook=hook)

    def action_blocks(self, table: Table) -> tuple[ActionBlock, ...]:
        """Every block the plug-ins add to the action space (``primero_action_blocks``).

        Raises:
            PluginError: a plug-in answered something that is not a tuple of
                :class:`~primero.deal.action_space.ActionBlock`, or raised.
        """
        blocks: list[ActionBlock] = []
        for impl in reversed(self.manager.hook.primero_action_blocks.get_hookimpls()):
            try:
                given = {"variant": self.variant, "table": table}
                result = impl.function(*(given[a] for a in impl.argnames))
            except PrimeroError as exc:
                if passes_through(exc, (impl.plugin,)):
                    raise
                raise raised("primero_action_blocks", impl.plugin, exc,
                              {"table": table}) from exc
            except PLUGIN_FAULTS as exc:
                raise raised("primero_action_blocks", impl.plugin, exc,
                              {"table": table}) from exc
            if result is None:
                continue
            if not isinstance(result, tuple) or not all(isinstance(b, ActionBlock)
                                                       for b in result):
                raise self._fault("primero_action_blocks", impl.plugin,
                                  f"returned {shown(result)}; expected a tuple of "
                                  "ActionBlock")
            for block in result:
                problem = checks.block_problem(block)
                if problem is not None:
                    raise self._fault("primero_action_blocks", impl.plugin, problem)
                self._block_owners[id(block)] = (block, impl.plugin)
            blocks.extend(result)
        return tuple(blocks)

    def block_fault(self, block: object, method: str, exc: Exception) -> PluginError | None:
        """The :class:`PluginError` for a plug-in's block whose ``method`` raised ``exc``.

        ``None`` for a block no plug-in added (the core's: its error is the library's own), or
        for an error its plug-in vouches for (:func:`~primero.plugins.manager.passes_through`).
        """
        owner = self._block_owners.get(id(block))
        if owner is None or owner[0] is not block or passes_through(exc, (owner[1],)):
            return None
        text = exception_text(exc)[:120]
        return self._fault("primero_action_blocks", owner[1],
                           f"the block {getattr(block, 'name', '?')!r} raised "
                           f"{type(exc).__name__}: {text} in {method}; expected an action "
                           "(or an IllegalActionError)")

    def offered_fault(self, state: GameState, problem: str) -> PluginError:
        """A :class:`PluginError` naming whoever answered ``primero_legal_actions`` here.

        For a fault found after the answer was checked (its actions' ids,
        :mod:`primero.deal.action_space`): the hook is asked again to name the plug-in.
        """
        _, plugin = self._legal_caller(state)
        return self._fault("primero_legal_actions", plugin, problem)

    # settling -------------------------------------------------------------------------------

    def settle(self, state: GameState) -> Settlement:
        """Settle a finished deal (``primero_settle``).

        The core's settlement, or one the library's own code made from this very state and
        vouched for (:func:`~primero.plugins.checks.remember_core_answer`: a built-in
        variant's), is taken as it is; any other is checked
        (:func:`~primero.plugins.checks.settlement_problem`).
        """
        if "primero_settle" in self.core_only and not checks.strict_depth:
            return settle_direct(state)  # the core alone answers: its own code, direct
        settlement, plugin = self._call("primero_settle", state=state)
        if checks.off_depth or (plugin is CORE_SETTLING and not checks.strict_depth):
            return settlement  # type: ignore[no-any-return]  # (the core's: as settle_direct)
        if settlement is not None and checks.core_answer(state, None) is settlement:
            return cast("Settlement", settlement)  # (never remembered while strict)
        problem = checks.settlement_problem(state, settlement)
        if problem is not None:
            raise self._fault("primero_settle", plugin, problem)
        return cast("Settlement", settlement)


def _library_only_answer(pm: pluggy.PluginManager, name: str) \
        -> tuple[Callable[..., Any], object] | None:
    """``(function, rule object)`` of hook ``name``'s one implementation besides the core's.

    Only where that implementation is a library rule object's
    (:func:`~primero.plugins.manager.is_library_rule`: the built-in variants' tested code)
    taking the hook's arguments ``(state, variant, step)`` in that order, and no wrapper is
    registered: then calling it, and the core's hook where it answers ``None``, is the hook's
    whole call. ``None`` otherwise (a plug-in, a house rule or a wrapper on the hook).
    """
    impls = getattr(pm.hook, name).get_hookimpls()
    if len(impls) != 2 or any(i.wrapper or i.hookwrapper or i.kwargnames for i in impls):
        return None
    core, own = impls  # (called last first: the core's is trylast)
    if not is_core(core.plugin) or is_core(own.plugin) or not is_library_rule(own.plugin) \
            or tuple(own.argnames) != ("state", "variant", "step"):
        return None
    return own.function, own.plugin


def _fast_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The core's legal actions the fast way: the deal's engine's twin of the hook."""
    return state.context.engine.fast_legal_actions(state)


def _bet_answer(state: GameState, action: Action) -> GameState:
    """The core's answer to a bet the fast way: the deal's engine's twin of the hook."""
    return state.context.engine.bet_answer(state, action)


def _core_apply_answer(state: GameState, action: Action) -> GameState:
    """The core's answer to ``primero_apply_action`` where no plug-in answered, the fast way.

    :func:`~primero.deal.fast_betting.bet_answer`, but an exchange where the core alone serves
    exchanges (and not every answer is checked): :func:`~primero.deal.fast_dealing.core_exchange`
    in one state copy, the replacements dealt at once where the stock holds them (as the
    engine would deal the cards the hook leaves owed next; received after this action).
    """
    seat = state.to_act
    context = state.context
    step = context.steps[state.step_index + 1]
    if (type(action) is Exchange and seat is not None and step is not None
            and step.kind == "exchange" and not checks.strict_depth
            and "primero_serve_exchange" in context.rules.core_only):
        new = context.engine.core_exchange(state, seat, action.discards, history_value(state))
        checks.remember_core_answer(state, action, new)  # the core's own code alone made it
        return new
    return context.engine.bet_answer(state, action)


def _plain_bet(action: object) -> int | None:
    """The card bits of a betting action every check of a betting answer passes, or ``None``.

    Every check but one: that an exchange's cards are in the hand (a fact of the state, see
    :meth:`DealRules._of_checked_bets`). The bits of the cards exchanged, ``0`` for none.

    A :class:`Vie` of a whole amount >= 1 or a :class:`Hold` raising a whole number >= 0,
    each naming no call or a plain :class:`Call` (a class name, whole points or none), a
    :class:`Pass` without an exchange or with a tuple of :class:`Card` (Suzuki's), or a
    :class:`Fold` (of exactly these classes).
    """
    kind = type(action)
    if kind is Fold:
        return 0
    if kind is Pass:
        exchange = action.exchange  # type: ignore[attr-defined]
        if type(exchange) is not tuple:
            return None
        mask = 0
        for card in exchange:
            if type(card) is not Card:
                return None
            mask |= card.bit
        return mask
    if kind is Vie:
        amount = action.amount  # type: ignore[attr-defined]
    elif kind is Hold:
        amount = action.raise_by + 1  # type: ignore[attr-defined]
    else:
        return None
    if type(amount) is not int or amount < 1:
        return None
    call = action.call  # type: ignore[attr-defined]
    if call is None:
        return 0
    points = call.points
    return 0 if type(call) is Call and type(call.hand_class) is str \
        and (points is None or type(points) is int) else None


_card_bit = attrgetter("bit")

#: ``replace(state, variant_state=...)``: the library's copy of an answer with the variant's
#: own state set (the cards found sound stay so: no card moves).
_with_variant_state = copier(GameState, "variant_state", keep=(SOUND_FLAG,))

#: The core's fast code for a hook, called where the core's implementation would answer (a
#: plug-in before it answered ``None``): it answers exactly as the core's hook does.
_CORE_FAST: dict[str, Any] = {"primero_apply_action": _core_apply_answer,
                              "primero_settle": settle_direct}
