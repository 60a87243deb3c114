"""The whole-state check at the end of each step, made cheap, still names every fault.

Where the core closes a step (the engine's fast path), the check is one pass over the seats
(the deal's chips all on the table, whole, none negative) and the cards' soundness flag
(``GameState._cards_sound``: the cards were counted, or moved by the engine alone from a
state that was; a deal's first state has it by construction). Each plug-in here breaks one
invariant at one place; the error must be the exact :class:`PluginError` naming the plug-in
and the hook, both on the fast path and in the kit's mode (``checking_everything``: every
answer counted where it is received). The expected cards come from ``random.Random(seed)``
shuffling the pack (docs/rules/dealing.md), the chips from the table (4 players with 30 each).
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import numpy
import pytest

from primero import PluginError, VariantSpec, get_variant, hookimpl
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import cards_problem, checking_everything
from primero.plugins.registry import registry
from primero.setup import DealSetup, Step
from primero.variant import Variant
from primero.variants.waks import WAKS

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]
SEED = 1
END = "(found at the end of the step; the core closed it)"


def _with(plugin: object) -> Variant:
    name = type(plugin).__name__.lower()
    spec = VariantSpec(name=name, title=name, summary="A test plug-in.", players=WAKS.players,
                       options=WAKS.options, plugins=(plugin,))
    return Variant(spec=spec, settings=get_variant("waks").settings)


def _shuffled(seed: int) -> list[Any]:
    """The deal's stock, independently: the pack shuffled by ``random.Random(seed)``."""
    cards = list(get_variant("waks").pack.cards)
    random.Random(seed).shuffle(cards)
    return cards


def _label(plugin: object) -> str:
    return f"{__name__}.{type(plugin).__name__}"


def _play(variant: Variant, seed: int = SEED) -> None:
    """A deal of ``variant`` with random legal actions, to its end or its first error."""
    rng = random.Random(seed)
    state = start_deal(variant, PLAYERS, 30, seed=seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))


def _fault(plugin: object, *, kit: bool = False) -> PluginError:
    """The error of a deal with ``plugin`` (``kit``: in the kit's mode, everything checked)."""
    with pytest.raises(PluginError) as info:
        if kit:
            with checking_everything():
                _play(_with(plugin))
        else:
            _play(_with(plugin))
    error = info.value
    assert type(error) is PluginError
    assert "\n" not in str(error)
    return error


def _first_bet(step: Step) -> bool:
    return step.kind == "bet" and step.number == 1


# --- a plug-in's answer that moved cards: named where it is given, fast path and kit ---

class DropsACard:
    """Starts betting round 1 without the top card of the stock (and skips the round)."""

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if not _first_bet(step):
            return None
        return attrs.evolve(state, stock=state.stock[1:], to_act=None, skipped=True)


class DuplicatesACard:
    """Starts betting round 1 with the top card of the stock among the discards too."""

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if not _first_bet(step):
            return None
        return attrs.evolve(state, discards=(*state.discards, state.stock[0]), to_act=None,
                            skipped=True)


class DuplicatesAtTheFirstEnd:
    """Closes the first step (the first deal) with the top card of the stock discarded too."""

    @hookimpl
    def primero_end_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if state.step_index != 0:
            return None
        return attrs.evolve(state, discards=(*state.discards, state.stock[0]))


# Two cards dealt to each of the 4 players before betting round 1: the top of the stock
# there is the 9th card of the shuffled pack.
TOP_AT_THE_BET = 8


@pytest.mark.parametrize("kit", [False, True])
def test_a_dropped_card_is_named(kit: bool) -> None:
    plugin = DropsACard()
    error = _fault(plugin, kit=kit)
    lost = _shuffled(SEED)[TOP_AT_THE_BET].ascii
    # named at the hook that lost it, on the fast path too (not at the step's end)
    assert (error.hook, error.plugin) == ("primero_start_step", _label(plugin))
    assert error.detail == (
        f"plug-in {_label(plugin)}, hook primero_start_step (variant 'dropsacard'): returned "
        f"a state that lost {lost}; expected every card of the pack exactly once (hands, "
        "stock, discards)")


@pytest.mark.parametrize("kit", [False, True])
def test_a_duplicated_card_is_named(kit: bool) -> None:
    plugin = DuplicatesACard()
    error = _fault(plugin, kit=kit)
    twice = _shuffled(SEED)[TOP_AT_THE_BET].ascii
    assert (error.hook, error.plugin) == ("primero_start_step", _label(plugin))
    assert error.detail == (
        f"plug-in {_label(plugin)}, hook primero_start_step (variant 'duplicatesacard'): "
        f"returned a state holding {twice} twice; expected every card of the pack exactly "
        "once")
    assert twice not in str(error)  # the message a player may see hides the card


@pytest.mark.parametrize("kit", [False, True])
def test_a_duplicated_card_at_the_first_step_end_is_counted(kit: bool) -> None:
    # the deal's first state is sound by construction; a plug-in's answer is still counted
    plugin = DuplicatesAtTheFirstEnd()
    error = _fault(plugin, kit=kit)
    twice = _shuffled(SEED)[TOP_AT_THE_BET].ascii
    assert (error.hook, error.plugin) == ("primero_end_step", _label(plugin))
    assert error.detail == (
        f"plug-in {_label(plugin)}, hook primero_end_step (variant "
        f"'duplicatesatthefirstend'): returned a state holding {twice} twice; expected every "
        "card of the pack exactly once")


class StockToHand:
    """Starts betting round 1 with the top card of the stock moved into Anna's hand."""

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if not _first_bet(step):
            return None
        anna = state.seats[0]
        seats = (attrs.evolve(anna, hand=(*anna.hand, state.stock[0])), *state.seats[1:])
        return attrs.evolve(state, seats=seats, stock=state.stock[1:])


@pytest.mark.parametrize("kit", [False, True])
def test_a_card_moved_from_the_stock_into_a_hand_is_named(kit: bool) -> None:
    plugin = StockToHand()
    error = _fault(plugin, kit=kit)
    card = _shuffled(SEED)[TOP_AT_THE_BET].ascii
    # every card is still there once: the hand holding a card never dealt to it is the fault
    assert (error.hook, error.plugin) == ("primero_start_step", _label(plugin))
    assert error.detail == (
        f"plug-in {_label(plugin)}, hook primero_start_step (variant 'stocktohand'): put "
        f"{card} in Anna's hand, not dealt to Anna; expected cards in a hand only as dealt "
        "(queued in state.pending)")


class MintsAChip:
    """Starts betting round 1 with one chip more in Anna's stack."""

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Any, step: Step) -> Any:
        if not _first_bet(step):
            return None
        anna = state.seats[0]
        seats = (attrs.evolve(anna, stack=anna.stack + 1), *state.seats[1:])
        return attrs.evolve(state, seats=seats, to_act=None, skipped=True)


@pytest.mark.parametrize("kit", [False, True])
def test_a_minted_chip_is_named(kit: bool) -> None:
    plugin = MintsAChip()
    error = _fault(plugin, kit=kit)
    assert (error.hook, error.plugin) == ("primero_start_step", _label(plugin))
    assert error.detail == (
        f"plug-in {_label(plugin)}, hook primero_start_step (variant 'mintsachip'): returned "
        "a state with 121 chips; expected the 120 it was given (chips are conserved)")


# --- a fault no answer shows (the state given changed in place): only the step's end --------

class ChangesItsStateInPlace:
    """Changes the seats of the state it is given at the first decision of betting round 1
    (bypassing its immutability), then lets the core answer.

    No answer it gives shows the fault, and the states after it are the engine's own (its
    bets: the fast path), which keep their cards known sound: only the chips counted at the
    step's end find it.
    """

    made: tuple[Any, ...] = ()

    def change(self, state: GameState) -> tuple[Any, ...]:
        raise NotImplementedError

    @hookimpl
    def primero_legal_actions(self, state: GameState, variant: Any) -> Any:
        step = state.step
        if (step is not None and _first_bet(step) and not state.history
                and state.seats is not self.made):
            assert state._cards_sound  # (the first step's end counted them)
            self.made = self.change(state)
            object.__setattr__(state, "seats", self.made)
        return None


class MintsAChipInPlace(ChangesItsStateInPlace):
    def change(self, state: GameState) -> tuple[Any, ...]:
        anna = state.seats[0]
        return (attrs.evolve(anna, stack=anna.stack + 1), *state.seats[1:])


class NegativeInPlace(ChangesItsStateInPlace):
    def change(self, state: GameState) -> tuple[Any, ...]:  # 30 from Anna to Ben, and 1 more
        anna, ben, *others = state.seats
        return (attrs.evolve(anna, stack=-1), attrs.evolve(ben, stack=ben.stack + 31), *others)


class FloatInPlace(ChangesItsStateInPlace):
    def change(self, state: GameState) -> tuple[Any, ...]:
        anna = state.seats[0]
        return (attrs.evolve(anna, stack=float(anna.stack)), *state.seats[1:])


class NumpyChipsInPlace(ChangesItsStateInPlace):
    def change(self, state: GameState) -> tuple[Any, ...]:  # an int, but not a Python int
        anna = state.seats[0]
        return (attrs.evolve(anna, stack=numpy.int64(anna.stack)), *state.seats[1:])


IN_PLACE = {
    "mintsachipinplace": (MintsAChipInPlace(), "returned a state with 121 chips; expected the "
                          "120 of the deal (chips are conserved)"),
    "negativeinplace": (NegativeInPlace(), "returned Anna with -1 chips and 0 put in; expected "
                        "never negative"),
    # (Anna may have put chips in since: the figures are checked below)
    "floatinplace": (FloatInPlace(), "returned Anna with {stack} (float) chips and {put_in} "
                     "(int) put in; expected whole numbers"),
    "numpychipsinplace": (NumpyChipsInPlace(), "returned Anna with np.int64({stack}) (int64) "
                          "chips and {put_in} (int) put in; expected whole numbers"),
}


@pytest.mark.parametrize("name", sorted(IN_PLACE))
def test_chips_changed_where_no_hook_answer_shows_it_are_found_at_the_step_end(
        name: str) -> None:
    plugin, problem = IN_PLACE[name]
    variant = _with(plugin)
    core = variant.rules.deal.core_only  # the core closes the step and applies the bets
    assert {"primero_end_step", "primero_apply_action", "primero_start_step"} <= core
    with pytest.raises(PluginError) as info:
        _play(variant)
    error = info.value
    assert (type(error), error.hook, error.plugin) == (PluginError, "primero_end_step",
                                                       _label(plugin))
    if "{stack}" in problem:  # her 30 chips, a float stack and whole chips put in
        found = re.search(r"Anna with (?:np\.int64\()?(\d+(?:\.0)?)\)? \((?:float|int64)\) "
                          r"chips and (\d+) \(int\)", error.detail)
        assert found is not None
        stack, put_in = found.groups()
        assert float(stack) + int(put_in) == 30
        problem = problem.format(stack=stack, put_in=put_in)
    assert error.detail == (f"plug-in {_label(plugin)}, hook primero_end_step (variant "
                            f"{name!r}): {problem} {END}")


# --- the soundness flag never claims what a count would refuse -----------------------------

def _starts(seed: int) -> list[GameState]:
    """A deal's first decision by every way of starting one."""
    waks = get_variant("waks")
    stock = _shuffled(seed)
    setup = DealSetup(players=tuple(PLAYERS), chips=(30,) * 4, dealer=3,
                      table=start_deal(waks, PLAYERS, 30, seed=seed).table, seed=seed)
    return [start_deal(waks, PLAYERS, 30, seed=seed),
            start_deal(waks, PLAYERS, 30, stock=stock),
            start_deal(waks, setup),
            start_deal(waks, PLAYERS, 30, rng=random.Random(seed)),
            start_deal(waks, PLAYERS, 30, dealing="external")]  # at its first chance node


def test_every_first_state_has_its_cards_sound_by_an_independent_count() -> None:
    pack = get_variant("waks").pack
    for seed in range(20):
        for state in _starts(seed):
            assert state._cards_sound
            assert cards_problem(state, pack) is None
            cards = [c for s in state.seats for c in s.hand] + list(state.stock)
            assert sorted(cards, key=lambda c: c.index) == sorted(pack.cards,
                                                                    key=lambda c: c.index)


def test_the_flag_agrees_with_a_count_at_every_state_reshuffles_included() -> None:
    # every registered variant at its most players; Suzuki's and Primiera's deals reshuffle
    names = ["Anna", "Ben", "Carla", "Dan", "Eva", "Fritz", "Gina", "Hugo"]
    reshuffled = flagged = 0
    for spec in registry().specs():
        variant = get_variant(spec.name)
        for seed in range(12):
            rng = random.Random(seed)
            state = start_deal(variant, names[:spec.players[1]], 40, seed=seed)
            while True:
                if state._cards_sound:
                    flagged += 1
                    assert cards_problem(state, variant.pack) is None, (spec.name, seed)
                if state.over:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
            reshuffled += bool(state.reshuffles)
    assert reshuffled > 0 and flagged > 1000


def test_the_flag_agrees_with_a_count_in_deals_dealt_from_outside() -> None:
    waks = get_variant("waks")
    flagged = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = start_deal(waks, PLAYERS, 30, dealing="external")
        while not state.over:
            if state._cards_sound:
                flagged += 1
                assert cards_problem(state, waks.pack) is None, seed
            if state.chance is not None:
                state = state.deal(rng.choice(sorted(state.chance.cards,
                                                     key=lambda c: c.index)))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
    assert flagged > 20  # the first chance node of each deal, at least
