"""Every hook a primero plug-in can implement.

Two kinds of hook (docs/plugins/architecture.md#plug-ins):

* **Registration** — :func:`primero_register_variants` is called once on every installed
  plug-in (built-in variant modules and those found through the ``primero`` entry-point group)
  to declare variants.
* **Rules** — everything else. Each variant gets a plug-in manager of its own holding the core
  rules (the Waks English game, registered ``trylast``), the variant's own rule objects, and
  any house-rule plug-ins stacked on top. Every rules hook is ``firstresult``: the first
  implementation that returns something other than ``None`` wins, so a variant implements only
  the hooks it changes and returns ``None`` where it has nothing to say. Every rules hook gets
  the configured :class:`~primero.variant.Variant` as ``variant`` (its options in
  ``variant.options``).

Implement hooks with the :data:`hookimpl` marker::

    from primero import hookimpl

    class MyRules:
        @hookimpl
        def primero_card_points(self, variant, card):
            ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from primero.actions import Action
    from primero.advice import VariantAdvice
    from primero.cards import Card, Pack
    from primero.deal.action_space import ActionBlock
    from primero.deal.state import GameState
    from primero.hands import Classification
    from primero.settlement import Settlement
    from primero.setup import Step, Table
    from primero.variant import Variant, VariantSpec

__all__ = ["PROJECT", "hookimpl", "hookspec", "primero_register_variants"]

#: The pluggy project name; also the entry-point group plug-ins are found under.
PROJECT = "primero"

#: Marker for hook specifications (used only by this module).
hookspec: pluggy.HookspecMarker = pluggy.HookspecMarker(PROJECT)
#: Marker for hook implementations in plug-ins: ``@hookimpl`` on a method or function.
hookimpl: pluggy.HookimplMarker = pluggy.HookimplMarker(PROJECT)


# --------------------------------------------------------------------------------------------
# Registration


@hookspec
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Declare the variants this plug-in provides.

    Called once per plug-in when the variant registry is first built (every implementation is
    called; results are ignored). Call ``register(spec)`` once per variant, including presets
    that are the same rules with other option defaults.

    Args:
        register: Adds a :class:`~primero.variant.VariantSpec` to the registry. Raises
            :class:`~primero.errors.PluginError` if its name or an alias is already taken,
            naming both plug-ins.
    """


# --------------------------------------------------------------------------------------------
# Ranking


@hookspec(firstresult=True)
def primero_pack(variant: Variant) -> Pack | None:
    """Return the pack the variant plays with.

    Called when the variant's ranking table is built and when a deal is set up.
    Core: the built-in pack named by the option ``deck`` (default ``italian40``).

    Returns:
        A :class:`~primero.cards.Pack` of distinct cards, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_card_points(variant: Variant, card: Card) -> int | None:
    """Return the points (primiera scale) one card is worth.

    Called once per card of the pack when the ranking table is built.
    Core: docs/rules/cards.md (7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, courts 10; 10/9/8 =
    10/9/8).

    Returns:
        Points as an ``int``, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_hand_classes(variant: Variant) -> tuple[str, ...] | None:
    """Return the ranking's hand classes, weakest first.

    Called once when the ranking is built. Core: ``("Numerus", "Primero", "Supremus",
    "Fluxus", "Chorus")``, less Supremus or Chorus when the options turn them off.

    Returns:
        Class names, weakest first; every name :func:`primero_classify_hand` returns must be in
        it. ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_classify_hand(
    variant: Variant, cards: tuple[Card, ...], points: Mapping[Card, int]
) -> Classification | None:
    """Classify one hand: its class, its points, and the cards that count.

    Called once for every hand of the pack when the ranking's lookup table is built (never
    during play: evaluation is a table look-up). Core: docs/rules/hands.md with the options
    ``supremus``, ``chorus`` and ``numerus_counts``.

    Args:
        variant: The configured variant.
        cards: The hand, in pack order.
        points: Each card's points, from :func:`primero_card_points`.

    Returns:
        A :class:`~primero.hands.Classification`, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_hand_order(
    variant: Variant, classification: Classification, classes: tuple[str, ...]
) -> tuple[int, ...] | None:
    """Return the sort key of a classified hand: a larger key is a better hand.

    Called once for every hand when the lookup table is built. Equal keys are a tie (the
    variant's tie policy decides a tie at the showdown). Core: (class position, points), with
    ``high_primero_beats_fluxus`` lifting a Primero of 79 or more above every Fluxus [ZOR-C].
    A wrapper (``@hookimpl(wrapper=True)``) can transform the core's key, which is how
    ``losing`` inverts the ranking.

    Returns:
        A tuple of ints, or ``None`` to defer.
    """


# --------------------------------------------------------------------------------------------
# Dealing


@hookspec(firstresult=True)
def primero_deal_plan(variant: Variant) -> tuple[Step, ...] | None:
    """Return the steps of one deal, in order.

    Called once when a deal starts. The engine walks these steps: automatic ones (antes,
    dealing, declarations) run by themselves; betting rounds and exchanges wait for actions.
    Core (Waks): deal 2, betting round 1, exchange, deal 2, betting round 2, showdown.

    Returns:
        A tuple of :class:`~primero.deal.state.Step` (kinds ``ante``, ``deal``, ``bet``,
        ``exchange``, ``declare``, ``showdown`` or a plug-in's own), or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_deal_cards(state: GameState, variant: Variant, count: int) -> GameState | None:
    """Queue ``count`` more cards for each player still in (``state.pending``).

    Called by the engine for each ``deal`` step. The hook says who receives which card in
    what order (:func:`primero.rules.dealing.deal_round`); the engine deals them, from the top
    of the stock or, for a deal dealt from outside, one at each chance node. Core: one card at
    a time in playing order from the eldest, going round fully before the next card
    (docs/rules/dealing.md).

    Returns:
        The new state, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_serve_exchange(
    state: GameState, variant: Variant, seat: int, discards: tuple[Card, ...]
) -> GameState | None:
    """Take ``discards`` from ``seat``'s hand and queue as many cards for them.

    Called whenever a player exchanges. Core: the discards go face down, and the player's
    replacements are queued (:class:`~primero.deal.state.Delivery` with the discards as
    ``exclude``); the engine deals them from the top of the stock, and when the stock runs
    out the discards (except the ones this player has just thrown) become a new stock,
    recorded in ``state.reshuffles`` (docs/rules/dealing.md).

    Returns:
        The new state, or ``None`` to defer.
    """


# --------------------------------------------------------------------------------------------
# Betting and other player decisions


@hookspec(firstresult=True)
def primero_start_step(state: GameState, variant: Variant, step: Step) -> GameState | None:
    """Enter ``step``: post antes, open a betting round, start an exchange, run declarations.

    Called by the engine when it reaches a step that is not a ``deal``. Set ``to_act`` to the
    first seat to act, or leave it ``None`` if the step needs nobody (it then ends at once).
    Core: antes, Waks betting rounds (skipped unless two players can act), the exchange.

    Returns:
        The new state, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_legal_actions(state: GameState, variant: Variant) -> tuple[Action, ...] | None:
    """Return every legal action of the seat to act (``state.to_act``), amounts spelt out.

    Called whenever a player is to act. Core: the Waks betting actions of docs/rules/waks.md and the
    exchange (every subset of the hand).

    Returns:
        A non-empty tuple of actions, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_illegal_reason(state: GameState, variant: Variant, action: Action) -> str | None:
    """Say why ``action`` is not legal for the seat to act.

    Called only for an action that is not among the legal actions, to build the
    :class:`~primero.errors.IllegalActionError` message. Core: the reasons of docs/rules/waks.md
    (must hold, pass already used, above the rest ...).

    Returns:
        One sentence, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_apply_action(state: GameState, variant: Variant, action: Action) -> GameState | None:
    """Apply a legal action of the seat to act and move the turn on.

    Called after the engine has checked the action is legal. Set ``to_act`` to the next seat,
    or to ``None`` when the step is over (the engine then moves to the next step).

    Returns:
        The new state, or ``None`` to defer.
    """


@hookspec(firstresult=True)
def primero_end_step(state: GameState, variant: Variant, step: Step) -> GameState | None:
    """Close ``step`` once nobody is left to act in it.

    Called by the engine after the step's last action (or at once if nobody had to act). May
    end the deal early by setting ``state.over`` (e.g. nobody vied in the last round: the pot
    carries over). Core: a round in which nobody vied ends the deal with a carry-over only in
    the last betting round; one player left ends the deal.

    Returns:
        The new state, or ``None`` to defer.
    """


@hookspec
def primero_action_blocks(variant: Variant, table: Table) -> tuple[ActionBlock, ...] | None:
    """Add actions to the deal's action space (:mod:`primero.deal.action_space`).

    Called once per variant and table, when the space is first built. Every implementation
    is called (not ``firstresult``); the blocks follow the core's (fold, pass, hold, vies,
    raises, exchanges) in the order pluggy calls them. Core: none. The calling variant adds
    its calls (every vie and raise amount times every call of its call book), the no-fold
    variant its passes with an exchange.

    Returns:
        Blocks (:class:`~primero.deal.action_space.ActionBlock`), or ``None`` to add none.
    """


# --------------------------------------------------------------------------------------------
# Settling


@hookspec(firstresult=True)
def primero_settle(state: GameState, variant: Variant) -> Settlement | None:
    """Settle a finished deal: who takes which pot layer, what goes back, what carries over.

    Called once when the deal is over. Core: docs/rules/ties.md — unmatched chips go back, the pot
    is
    layered by contribution, each layer goes to the best hand among the players still in who
    reach it (ties by the ``tie`` option), a lone player takes everything unseen, and a deal
    ended without showdown carries the pot over.

    Returns:
        A :class:`~primero.settlement.Settlement`, or ``None`` to defer.
    """


# --------------------------------------------------------------------------------------------
# Telling the players


@hookspec(firstresult=True)
def primero_narrate_step(state: GameState, variant: Variant, step: Step, index: int) \
        -> str | None:
    """Tell the players in one line what a step of the plan did, once it has ended.

    Called by what tells a deal — the terminal game (``primero play``), ``primero replay`` and
    :meth:`~primero.deal.state.GameState.describe` — for every step of the plan that has ended (a
    step before ``state.step_index``, and the last one once the deal is over), never while
    the deal is played: it costs nothing to the engine, and the line is worked out again from
    the state every time, so a saved and replayed deal tells the same lines. Core: nothing
    (the narration tells the core's steps itself); a plug-in's own step (a premium paid, a
    bonus, a card turned up) is otherwise told only as ``— premium —``.

    Read what the step did from the state: a field of the variant's own state
    (:class:`~primero.deal.state.VariantState`) the step set, or the chips and cards as they are.
    ``state`` may be any state of the deal from the end of the step on.

    Args:
        state: A state of the deal in which the step has ended.
        variant: The configured variant.
        step: The step, ``state.plan[index]``.
        index: Its place in the plan (two steps of one kind are told apart by it).

    Returns:
        One line of plain text for every player (``"Anna pays Ben a premium of 2"``): at most
        :data:`~primero.plugins.checks.MAX_NARRATION` characters, no line break. A card it
        names that not every player may see is shown as ``<card>``. ``None`` to say nothing.
    """


# --------------------------------------------------------------------------------------------
# Advice to computer players


@hookspec(firstresult=True)
def primero_agent_advice(variant: Variant) -> VariantAdvice | None:
    """Tell computer players what only this variant knows (docs/agents.md).

    Called once per configured variant (``variant.rules.agent_advice``). The built-in agents
    name no variant: the calls of the calling game and the test of whether a hand meets one
    under the variant's rule, the hand classes that never win, and the classes a player holds
    when it reaches a declare-and-redraw exchange come from here.

    Returns:
        A :class:`~primero.advice.VariantAdvice`, or ``None`` for none (the empty advice:
        no calls, every class can win).
    """
