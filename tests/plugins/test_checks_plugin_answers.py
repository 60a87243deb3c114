"""More hook answers checked where the façade receives them.

Each fault is a tiny plug-in stacked on the Waks game (or Suzuki's, for the action blocks);
the error must be the exact :class:`PluginError` naming the plug-in and the hook, in one line
— through the API, the CLI (one ``error:`` line, exit status 1) and the conformance kit.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import settings

import primero
from cli_helpers import run
from primero import (
    Exchange,
    Fold,
    Hold,
    InvalidDeckError,
    Pass,
    PluginError,
    PrimeroError,
    Vie,
    hookimpl,
)
from primero.actions import Action
from primero.agents import RandomAgent, play_deal
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins import registry as plugins_module
from primero.plugins.checks import checking_everything
from primero.plugins.registry import BUILTIN_VARIANT_MODULES, Registry
from primero.setup import Step
from primero.testing.runner import run_deal_machine
from primero.variant import Variant, VariantSpec
from primero.variants.suzuki import SUZUKI
from primero.variants.waks import WAKS

PLAYERS = ["Anna", "Ben", "Carla"]


def _betting(state: GameState) -> bool:
    return state.step is not None and state.step.kind == "bet"


class NegativeVie:
    """Offers a vie of -2 chips whenever nobody has vied (repros 01, 03)."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Vie(-2), Fold()) if _betting(state) and state.high == 0 else None


class NegativeRaise:
    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Pass(), Hold(-1), Fold()) if _betting(state) else None


class ExchangeWhileBetting:
    """Offers a stand-pat exchange in the betting rounds, which the core cannot apply (02)."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Exchange(()), Fold()) if _betting(state) else None


class FoldInTheExchange:
    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        step = state.step
        return (Exchange(()), Fold()) if step is not None and step.kind == "exchange" else None


class DoubleFold:
    """Offers the fold twice."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Fold(), Fold(), Pass()) if _betting(state) else None


class HugePoints:
    """Card points that no ranking table holds."""

    @hookimpl
    def primero_card_points(self, variant: Any, card: Any) -> Any:
        return 10**30


class ThreeCards:
    """A plan that deals three-card hands."""

    @hookimpl
    def primero_deal_plan(self, variant: Any) -> Any:
        return (Step("deal", count=3), Step("bet", 1), Step("showdown"))


class SwapHands:
    """An apply wrapper that swaps the first two hands."""

    @hookimpl(wrapper=True)
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        new = yield
        a, b, *rest = new.seats
        return replace(new, seats=(attrs.evolve(a, hand=b.hand), attrs.evolve(b, hand=a.hand),
                                   *rest))


class Rename:
    """An apply wrapper that renames the first seat."""

    @hookimpl(wrapper=True)
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        new = yield
        first, *rest = new.seats
        return replace(new, seats=(attrs.evolve(first, name="Mallory"), *rest))


class KeepDiscards:
    """Serves an exchange by returning the state it was given."""

    @hookimpl
    def primero_serve_exchange(self, state: GameState, variant: Any, seat: int,
                               discards: Any) -> Any:
        return state


class ServesNothing:
    """Takes the discards out of the hand but queues no replacement."""

    @hookimpl
    def primero_serve_exchange(self, state: GameState, variant: Any, seat: int,
                               discards: Any) -> Any:
        hand = tuple(c for c in state.seats[seat].hand if c not in discards)
        return replace(state, seats=state.replace_seat(seat, hand=hand),
                       discards=(*state.discards, *discards))


def variant_of(rule: object, base: VariantSpec = WAKS) -> Variant:
    name = type(rule).__name__.lower()
    return attrs.evolve(base, name=name, aliases=(), plugins=(*base.plugins, rule)).configure()


def label(rule: object) -> str:
    return f"{__name__}.{type(rule).__qualname__}"


def expect(rule: object, hook: str, info: pytest.ExceptionInfo[PluginError],
           tail: str) -> None:
    """The exact PluginError: its class, hook, plug-in, one line, and what it says."""
    error = info.value
    assert (type(error), error.hook, error.plugin) == (PluginError, hook, label(rule))
    message = error.detail  # the whole message; str() hides any card (see the hidden-cards tests)
    assert "\n" not in message and "\n" not in str(error)
    name = type(rule).__name__.lower()
    assert message == f"plug-in {label(rule)}, hook {hook} (variant {name!r}): {tail}"


def play(variant: Variant, deals: int = 4) -> None:
    """Look the ranking up and play a few deals with random players."""
    variant.ranking.evaluate("7s 6d 7h 6c" if variant.name == "toy" else "7s 6h Ad Kc")
    n = min(len(PLAYERS), variant.spec.players[1])
    for k in range(deals):
        state = start_deal(variant, PLAYERS[:n], 20, seed=k)
        play_deal(state, [RandomAgent()] * n, random.Random(k))


# --- legal actions -------------------------------------------------------------------------

#: rule -> the end of its message; each is found at the first betting decision it offers.
OFFERED: dict[str, tuple[object, str]] = {
    "negative-vie": (NegativeVie(), "offered vie -2; expected a vie of at least 1 chip"),
    "negative-raise": (NegativeRaise(),
                       "offered hold raise -1; expected a hold raising 0 chips or more"),
    "exchange-in-bet": (ExchangeWhileBetting(),
                        "offered exchange in a betting round; expected betting actions (vie, "
                        "hold, pass, fold): the core's primero_apply_action applies only "
                        "those there"),
    "fold-in-exchange": (FoldInTheExchange(),
                         "offered fold in the exchange; expected exchanges: the core's "
                         "primero_apply_action applies only those there"),
    "double-fold": (DoubleFold(), "offered fold twice; expected each legal action once"),
}


@pytest.mark.parametrize("name", sorted(OFFERED))
def test_legal_actions_the_deal_cannot_take_are_named(name: str) -> None:
    rule, tail = OFFERED[name]
    with pytest.raises(PluginError) as info:
        play(variant_of(rule))
    expect(rule, "primero_legal_actions", info, tail)


def test_a_negative_vie_is_not_blamed_on_the_core() -> None:
    """The core applied the plug-in's vie and the end of the round named the core
    rules; now the offer itself is refused, before any chip moves."""
    rule = NegativeVie()
    state = start_deal(variant_of(rule), PLAYERS, 20, seed=1)
    with pytest.raises(PluginError) as info:
        state.apply(Vie(-2))
    assert "WaksRules" not in str(info.value)
    expect(rule, "primero_legal_actions", info, OFFERED["negative-vie"][1])
    assert state.history == () and state.pot == 0  # unchanged


class StackedOnExchangeRules:
    """A plug-in that applies actions itself may offer what the core could not apply."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Exchange(()), Fold()) if _betting(state) else None

    @hookimpl
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        if not (_betting(state) and isinstance(action, Exchange)):
            return None
        return variant.rules.deal.apply_action(state, Fold())  # its own reading: a stand-pat folds


def test_a_plugin_applying_its_own_actions_may_offer_them() -> None:
    state = start_deal(variant_of(StackedOnExchangeRules()), PLAYERS, 20, seed=1)
    after = state.apply(Exchange(()))
    assert after.seats[state.to_act].folded  # type: ignore[index]


class HugeVie:
    """Offers a vie of 50 chips at a table whose rest is 3: no id in the space."""

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        return (Vie(50), Fold()) if _betting(state) and state.high == 0 else None


def test_a_legal_action_without_an_id_names_the_plugin() -> None:
    rule = HugeVie()
    state = start_deal(variant_of(rule), PLAYERS, 20, seed=1, rest=3)
    assert state.action_space.size == 3 + 3 + 3 + 16  # moves, vies, raises, exchanges
    with pytest.raises(PluginError) as info:
        state.legal_action_ids()
    expect(rule, "primero_legal_actions", info,
           "offered vie 50, which has no id in the deal's action space (25 ids); expected "
           "actions the action space encodes (vies and raises up to the rest, "
           "primero_action_blocks for actions of your own)")


# --- ranking, plan, states -----------------------------------------------------------------

def test_card_points_that_overflow_the_ranking_are_named() -> None:
    rule = HugePoints()
    with pytest.raises(PluginError) as info:
        variant_of(rule).ranking.evaluate("7s 6h Ad Kc")
    expect(rule, "primero_card_points", info,
           "for As returned 1000000000000000000000000000000 (int); expected at most "
           "2147483647 points")


def test_a_plan_of_three_card_hands_is_named_before_the_deal() -> None:
    rule = ThreeCards()
    with pytest.raises(PluginError) as info:
        start_deal(variant_of(rule), PLAYERS, 20, seed=1)
    expect(rule, "primero_deal_plan", info,
           "returned a plan that deals 3 cards to each player; expected 4 (a hand is four "
           "cards, docs/rules/hands.md)")


def test_swapped_hands_and_a_renamed_seat_are_named() -> None:
    # seed 1, dealer the last seat: Anna is dealt the 1st and 4th cards of the stock
    stock = start_deal("waks", PLAYERS, 20, seed=1).setup.stock
    for rule, tail in (
            (SwapHands(), f"put {stock[1].ascii} {stock[4].ascii} in Anna's hand, not dealt to "
                          "Anna; expected cards in a hand only as dealt (queued in "
                          "state.pending)"),
            (Rename(), "renamed seat 0 from 'Anna' to 'Mallory'; expected the players of the "
                       "deal's setup")):
        state = start_deal(variant_of(rule), PLAYERS, 20, seed=1)
        for strict in (False, True):
            with pytest.raises(PluginError) as info:
                if strict:
                    with checking_everything():
                        state.apply("vie 1")
                else:
                    state.apply("vie 1")
            expect(rule, "primero_apply_action", info, tail)


def to_the_exchange(variant: Variant) -> GameState:
    state = start_deal(variant, ["Anna", "Ben"], 10, seed=1).apply("pass").apply("pass")
    assert state.step is not None and state.step.kind == "exchange"
    return state


def test_an_exchange_that_keeps_the_discards_is_named() -> None:
    rule = KeepDiscards()
    state = to_the_exchange(variant_of(rule))
    seat = state.seats[state.to_act]  # type: ignore[index]
    card = seat.hand[0]
    with pytest.raises(PluginError) as info:
        state.apply(Exchange((card,)))
    expect(rule, "primero_serve_exchange", info,
           f"kept {card.ascii} in {seat.name}'s hand; expected the discarded cards taken from "
           "the hand")
    assert state.apply(Exchange(())).history[-1][1] == Exchange(())  # standing pat is fine


def test_an_exchange_that_serves_nothing_is_named() -> None:
    rule = ServesNothing()
    state = to_the_exchange(variant_of(rule))
    seat = state.seats[state.to_act]  # type: ignore[index]
    with pytest.raises(PluginError) as info:
        state.apply(Exchange(seat.hand[:2]))
    expect(rule, "primero_serve_exchange", info,
           f"queued 0 cards for {seat.name}, who threw 2; expected as many cards as were "
           "discarded")


# --- action blocks -------------------------------------------------------------------------

class Block:
    name = "extra"

    def __init__(self, size: object, decode: Callable[[], Action] | None = None) -> None:
        self.size, self._decode = size, decode

    def encode(self, state: GameState, action: Action) -> int | None:
        return None

    def decode(self, state: GameState, index: int) -> Action:
        return self._decode() if self._decode else Fold()


class Blocks:
    def __init__(self, block: Block) -> None:
        self.block = block

    @hookimpl
    def primero_action_blocks(self, variant: Any, table: Any) -> Any:
        return (self.block,)


@pytest.mark.parametrize("size", [-5, 2.5, True, "3"])
def test_an_action_block_of_a_bad_size_is_named(size: object) -> None:
    rule = Blocks(Block(size))
    with pytest.raises(PluginError) as info:
        _ = start_deal(variant_of(rule, SUZUKI), ["Anna", "Ben"], 20, seed=1).action_space
    shown = {-5: "-5 (int)", 2.5: "2.5 (float)", True: "True (bool)", "3": "'3' (str)"}[size]
    error = info.value
    assert (error.hook, error.plugin) == ("primero_action_blocks", label(rule))
    assert str(error).endswith(f"returned the block 'extra' of size {shown}; expected a "
                               "whole number of ids (int >= 0)")


def _decode_the_block(rule: Blocks) -> Action:
    """The action of the first id of the block ``extra`` of a deal with ``rule``."""
    state = start_deal(variant_of(rule, SUZUKI), ["Anna", "Ben"], 20, seed=1)
    space = state.action_space
    _, first = space.block("extra")
    return space.decode(state, first)


def test_an_action_block_that_raises_is_named() -> None:
    missing: dict[str, Action] = {}
    rule = Blocks(Block(1, decode=lambda: missing["x"]))
    with pytest.raises(PluginError) as info:
        _decode_the_block(rule)
    error = info.value
    assert (error.hook, error.plugin) == ("primero_action_blocks", label(rule))
    assert str(error).endswith("the block 'extra' raised KeyError: 'x' in decode; expected "
                               "an action (or an IllegalActionError)")


class CandleError(PrimeroError):
    """A block's own error for the players, declared by its plug-in."""


def _raise(error: Exception) -> Action:
    raise error


class DeclaringBlocks(Blocks):
    deliberate_errors = (CandleError,)


def test_an_undeclared_primero_error_from_an_action_block_is_named_with_its_cards_hidden() \
        -> None:
    rule = Blocks(Block(1, decode=lambda: _raise(InvalidDeckError("Anna holds 7s 6h"))))
    with pytest.raises(PluginError) as info:
        _decode_the_block(rule)
    error = info.value
    assert (error.hook, error.plugin) == ("primero_action_blocks", label(rule))
    assert "7s" not in str(error) and "6h" not in str(error)
    assert "the block 'extra' raised InvalidDeckError" in str(error)
    assert isinstance(error.__cause__, InvalidDeckError)


def test_a_declared_primero_error_from_an_action_block_reaches_the_caller() -> None:
    rule = DeclaringBlocks(Block(1, decode=lambda: _raise(CandleError("no candles"))))
    with pytest.raises(CandleError, match=r"^no candles$"):
        _decode_the_block(rule)


# --- through the CLI and the kit -----------------------------------------------------------

CLI_FAULTS = {"negative-vie": NegativeVie(), "exchange-in-bet": ExchangeWhileBetting(),
              "huge-points": HugePoints()}


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The installed registry, with a plug-in registering :data:`CLI_FAULTS` beside it."""
    import importlib

    module = ModuleType("checks_faults")

    @hookimpl
    def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
        for name, rule in CLI_FAULTS.items():
            register(attrs.evolve(WAKS, name=name, aliases=(), plugins=(rule,)))

    module.primero_register_variants = primero_register_variants  # type: ignore[attr-defined]
    modules = [importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]
    monkeypatch.setattr(plugins_module, "_registry", Registry([*modules, module]))
    monkeypatch.setitem(sys.modules, "checks_faults", module)
    yield


@pytest.mark.parametrize(("name", "hook"), [("negative-vie", "primero_legal_actions"),
                                            ("exchange-in-bet", "primero_legal_actions"),
                                            ("huge-points", "primero_card_points")])
def test_primero_simulate_prints_one_error_line(name: str, hook: str, installed: None) -> None:
    result = run("simulate", "--variant", name, "--deals", "3", "--players", "3",
                 "--chips", "20", "--agent", "random")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith(f"error: plug-in {label(CLI_FAULTS[name])}, hook {hook} "
                               f"(variant {name!r}): ")


@pytest.mark.parametrize("rule", [ExchangeWhileBetting(), NegativeVie(), HugeVie()],
                         ids=lambda r: type(r).__name__)
def test_the_kit_names_the_fault(rule: object) -> None:
    """The kit failed after 18-47 s with a raw TypeError or an IllegalActionError;
    now the first example that meets the fault fails with the PluginError."""
    with pytest.raises(PluginError) as info:
        run_deal_machine(variant_of(rule), check_records=False,
                         settings=settings(max_examples=5, deadline=None, database=None))
    assert (info.value.hook, info.value.plugin) == ("primero_legal_actions", label(rule))


def test_the_builtin_variants_pass_the_new_checks() -> None:
    """The built-ins' own plug-ins (Suzuki's passes, Cardano's calls) are sound answers."""
    for name in primero.registry().names():
        play(primero.get_variant(name), deals=2)
