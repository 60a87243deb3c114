"""The conformance kit: hypothesis strategies and a state machine for any registered variant.

A variant author proves a plug-in plays by the library's contract with the same machine the
core game is tested with (docs/plugins/architecture.md#testing)::

    # tests/test_myvariant.py
    from primero.testing import variant_state_machine

    TestMyVariantDeals = variant_state_machine("myvariant").TestCase

or, with explicit hypothesis settings::

    from hypothesis import settings
    from primero.testing import run_deal_machine

    def test_myvariant_deals() -> None:
        run_deal_machine("myvariant", settings=settings(max_examples=50))

The kit never fails for the machine's speed: each example's time budget (and the deadline
that interrupts a hook that never returns) counts CPU time, never the wall clock, and
hypothesis' own deadline is off in every run, whatever settings are given.

The machine (:class:`DealMachine`) sets up a deal from :func:`deal_setups` (2 to the variant's
most players, uneven and short stacks, stake and rest, a carry-over, a seed or a stacked stock)
and then mixes these steps, checking :func:`check_deal_invariants` after every one:

* **act** — apply a random legal action. The old state must be unchanged afterwards
  (:func:`snapshot` before and after) and the new state a different object.
* **illegal** — apply an action that is *not* legal, picked from :func:`action_pool` (every
  action shape: vies and raises of every size, pass, fold, hold, exchanges of foreign or
  duplicate cards, Suzuki passes, calls), or unreadable text. It must raise
  :class:`~primero.errors.IllegalActionError` with a ``.reason``, carrying ``.legal`` (the
  mover's legal actions) for an action object and nothing for unreadable text, and leave the
  state unchanged.
* **out of turn** — text naming another player than the one to act, a name nobody at the
  table has, or unreadable text: :class:`~primero.errors.IllegalActionError` with no legal
  actions and no card hidden from the sender (:func:`check_out_of_turn`).
* **views** — a player's view never contains another player's hidden cards, the stock or the
  discards (:func:`check_view_hides`), and two states that differ only in cards the viewer
  cannot see give equal views (:func:`hidden_twins`: another player's card swapped with the
  stock, cards swapped between two other players, the stock and discards reordered).
* **play out** — finish the deal with random legal actions; it must end within
  :func:`action_bound` actions. A finished deal of an installed variant must survive a round
  trip through its deal file (:mod:`primero.records`) to an equal state, and so must the same
  deal dealt from outside.
* **chance and ids** — at every step the legal ids are the sorted encodings of the legal
  actions, each below the space's size, and ``decode(encode(a)) == a``
  (:func:`check_action_ids`); a finished deal is played again with its
  cards dealt from outside and its actions applied by id, and must offer the same legal ids at
  every decision and end the same (:func:`external_replay`); a chance
  node never offers a card in a hand (:func:`check_chance`); a view
  shows its own received cards only.
* **next deal** — once a deal is over, the table goes on as a :class:`~primero.session.Session`
  (carry-over, busted players leave, the deal passes on); chips are conserved across deals.

Every check that takes a state (:func:`check_deal_invariants`, :func:`check_view_hides`,
:func:`play_random_deal`, …) refuses anything else, a variant's name or a view, with a
:class:`~primero.errors.PrimeroError` naming the check.

Invariants (:func:`check_deal_invariants`, usable on its own): every card of the pack exactly
once among hands, stock and discards; each seat's stack plus what it put in equals its starting
chips until the settlement; ``state.total_chips`` constant, and after the deal
``sum(stacks) + settlement.carry`` equals the starting chips plus the carry-in; a settlement
pays out exactly the pot; a deal that is not over has someone to act with legal actions.

The kit's modules, one concept each (every name below is importable from
``primero.testing``):

* :mod:`primero.testing.strategies` — :func:`cards`, :func:`hands`, :func:`seeds`,
  :class:`DealConfig` and :func:`deal_setups`, :func:`action_pool`, :func:`resolve_variant`;
* :mod:`primero.testing.invariants` — :func:`check_deal_invariants`, :func:`action_bound`
  (and :mod:`primero.testing.failures`: :class:`DealInvariantError`);
* :mod:`primero.testing.snapshots` — :func:`snapshot`;
* :mod:`primero.testing.privacy` — :func:`check_view_hides`, :func:`hidden_twins`,
  :func:`check_out_of_turn`, :func:`public_cards`;
* :mod:`primero.testing.chance` — :func:`check_action_ids`, :func:`check_chance`,
  :func:`external_replay`;
* :mod:`primero.testing.machine` — :class:`DealMachine` (and :mod:`primero.testing.deadline`:
  :class:`KitTimeout`, an example stuck in a hook that never returns);
* :mod:`primero.testing.runner` — :func:`variant_state_machine`, :func:`run_deal_machine`,
  :func:`play_random_deal`: what a plug-in's tests call;
* :mod:`primero.testing.exploiters` — :data:`EXPLOITERS`, trivial strategies (always bet the
  most, never bet, call everything, bluff the least, random play);
* :mod:`primero.testing.holds_up` — :func:`check_agent_holds_up` (:class:`HoldsUp`,
  :class:`AgentExploitedError`): an agent against every exploiter, in duplicate.

The strategies, the views' checks and the machine and its runners need
``hypothesis`` besides primero's base install: the ``testing`` extra (``pip install
'primero[testing]'``: hypothesis, and pytest to run the tests); without it, importing one of
them raises an ``ImportError`` that says so. The exploiters, :func:`check_agent_holds_up`, the
invariants and the chance checks need only the base install.
"""

from __future__ import annotations

from primero.testing.chance import check_action_ids, check_chance, external_replay
from primero.testing.deadline import KitTimeout
from primero.testing.exploiters import EXPLOITERS
from primero.testing.failures import DealInvariantError
from primero.testing.holds_up import AgentExploitedError, HoldsUp, check_agent_holds_up
from primero.testing.invariants import action_bound, check_deal_invariants
from primero.testing.snapshots import snapshot

#: What needs hypothesis (the ``testing`` extra): the strategies, the views' checks, the
#: machine and its runners. The rest (the exploiters, the holds-up check, the invariants) is
#: importable on a base install.
_NEEDS_HYPOTHESIS = ("NAMES", "DealConfig", "DealMachine", "Revealed", "action_pool", "cards",
                    "check_out_of_turn", "check_view_hides", "deal_setups", "hands",
                    "hidden_twins", "play_random_deal", "public_cards", "resolve_variant",
                    "run_deal_machine", "seeds", "variant_state_machine")

try:
    from primero.testing.machine import DealMachine
    from primero.testing.privacy import (
        Revealed,
        check_out_of_turn,
        check_view_hides,
        hidden_twins,
        public_cards,
    )
    from primero.testing.runner import play_random_deal, run_deal_machine, variant_state_machine
    from primero.testing.strategies import (
        NAMES,
        DealConfig,
        action_pool,
        cards,
        deal_setups,
        hands,
        resolve_variant,
        seeds,
    )
except ModuleNotFoundError as missing:  # a base install: no hypothesis
    if (missing.name or "").partition(".")[0] != "hypothesis":
        raise

    def __getattr__(name: str) -> object:
        """A name that needs hypothesis: an ImportError naming the extra to install."""
        if name in _NEEDS_HYPOTHESIS:
            raise ImportError(f"primero.testing.{name} needs hypothesis, which is not "
                              "installed: pip install 'primero[testing]'", name=name)
        raise AttributeError(f"module 'primero.testing' has no attribute {name!r}")

__all__ = [
    "EXPLOITERS",
    "NAMES",
    "AgentExploitedError",
    "DealConfig",
    "DealInvariantError",
    "DealMachine",
    "HoldsUp",
    "KitTimeout",
    "Revealed",
    "action_bound",
    "action_pool",
    "cards",
    "check_action_ids",
    "check_agent_holds_up",
    "check_chance",
    "check_deal_invariants",
    "check_out_of_turn",
    "check_view_hides",
    "deal_setups",
    "external_replay",
    "hands",
    "hidden_twins",
    "play_random_deal",
    "public_cards",
    "resolve_variant",
    "run_deal_machine",
    "seeds",
    "snapshot",
    "variant_state_machine",
]

