"""What a plug-in's answer puts before the players is checked: printable, short, no hidden hand.

A ``primero_illegal_reason`` is the message a player reads; a settlement's ``reason`` is
printed, its ``values`` show hands to every seat. A faulty answer is a :class:`PluginError`
naming the plug-in and the hook, never an escape sequence in a terminal or a folded hand on
every screen.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from primero import PluginError, hookimpl
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.checks import MAX_REASON
from primero.rules.settling import settle_direct
from primero.settlement import Settlement
from primero.variants import waks

PLAYERS = ["Anna", "Ben", "Carla"]


def variant_of(rules: object) -> Any:
    return attrs.evolve(waks.WAKS, name="mine", aliases=(), plugins=(rules,)).configure()


class Reason:
    """Gives one fixed reason for every illegal action."""

    def __init__(self, text: str) -> None:
        self.text = text

    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: object, action: object) -> str:
        return self.text


@pytest.mark.parametrize(("text", "problem"), [
    ("no\x1b[2J", "returned 'no\\x1b[2J' (str), which holds a line break or a control "
                  "character; expected one line of printable text"),
    ("two\nlines", "returned 'two\\nlines' (str), which holds a line break or a control "
                   "character; expected one line of printable text"),
    ("y" * (MAX_REASON + 1), f"returned 301 characters ('{'y' * 56}... (str)); expected one "
                             "sentence of at most 300"),
])
def test_an_illegal_reason_a_terminal_would_obey_or_too_long_is_named(text: str,
                                                                      problem: str) -> None:
    state = start_deal(variant_of(Reason(text)), PLAYERS, 20, seed=1)
    with pytest.raises(PluginError) as info:
        state.apply("vie 9")
    assert (info.value.hook, info.value.plugin) == ("primero_illegal_reason", f"{__name__}.Reason")
    assert str(info.value) == (f"plug-in {__name__}.Reason, hook primero_illegal_reason "
                               f"(variant 'mine'): {problem}")
    assert (state.to_act, state.history) == (0, ())


def test_an_illegal_reason_of_one_printable_line_is_the_players_message() -> None:
    state = start_deal(variant_of(Reason("the house says no")), PLAYERS, 20, seed=1)
    with pytest.raises(Exception, match=r"^Anna cannot vie 9: the house says no\. Legal: "):
        state.apply("vie 9")


class Settles:
    """Settles as the core does, then changes one field of the settlement."""

    def __init__(self, **changes: Any) -> None:
        self.changes = changes

    @hookimpl
    def primero_settle(self, state: GameState, variant: Any) -> Settlement:
        settlement = settle_direct(state)
        changes = {k: v(state, variant) if callable(v) else v for k, v in self.changes.items()}
        return attrs.evolve(settlement, **changes)


def folded_value(state: GameState, variant: Any) -> tuple[tuple[int, Any], ...]:
    """The value of a hand of four cards shown for Ben, who folded."""
    return ((1, variant.ranking.evaluate("7s 6h Ad Kc")),)


def not_her_hand(state: GameState, variant: Any) -> tuple[tuple[int, Any], ...]:
    """A Chorus of 7s shown for Anna, who holds no four 7s."""
    return ((0, variant.ranking.evaluate("7s 7h 7d 7c")),)


def before_the_last_fold(rules: object) -> GameState:
    """Seed 1: Anna vies 1, Ben folds, Carla holds; nobody exchanges; Anna vies 1 again."""
    state = start_deal(variant_of(rules), PLAYERS, 20, seed=1)
    for text in ("vie 1", "fold", "hold", "exchange", "exchange", "vie 1"):
        state = state.apply(text)
    return state


@pytest.mark.parametrize(("changes", "problem"), [
    ({"values": folded_value}, "showed the hand of Ben, who folded; expected only hands of "
                               "players still in (a folded hand is never shown)"),
    ({"values": not_her_hand}, "showed for Anna a value that is not of their hand; expected "
                               "the value of the hand they hold"),
    ({"showdown": "yes"}, "returned showdown='yes' (str); expected True or False"),
    ({"reason": "won\x1b[2J"}, "returned the reason 'won\\x1b[2J' (str); expected one line of "
                               "printable text (str) of at most 300 characters"),
])
def test_a_settlement_showing_what_it_may_not_is_named(changes: dict[str, Any],
                                                       problem: str) -> None:
    """Ben folds, Carla holds, then folds to Anna's vie: the settlement is checked at once."""
    state = before_the_last_fold(Settles(**changes))
    with pytest.raises(PluginError) as info:
        state.apply("fold")
    assert (info.value.hook, info.value.plugin) == ("primero_settle", f"{__name__}.Settles")
    assert str(info.value) == (f"plug-in {__name__}.Settles, hook primero_settle "
                               f"(variant 'mine'): {problem}")
    assert state.to_act == 2 and len(state.history) == 6


def test_the_cores_settlement_passes_the_checks() -> None:
    final = before_the_last_fold(Settles()).apply("fold")
    assert final.stacks == (21, 20, 19) and final.settlement is not None


class LeavesOutFluxus:
    """Declares the classes without Fluxus while the core's classifying still gives it."""

    @hookimpl
    def primero_hand_classes(self, variant: object) -> tuple[str, ...]:
        return ("Numerus", "Primero", "Supremus", "Chorus")


def test_classes_that_leave_out_a_class_the_core_gives_name_the_plug_in() -> None:
    """Was an InvalidDeckError naming only the ranking."""
    with pytest.raises(PluginError) as info:
        variant_of(LeavesOutFluxus()).ranking.evaluate("7s 6h Ad Kc")
    assert (info.value.hook, info.value.plugin) == ("primero_hand_classes",
                                                    f"{__name__}.LeavesOutFluxus")
    assert str(info.value).startswith(
        f"plug-in {__name__}.LeavesOutFluxus, hook primero_hand_classes (variant 'mine'): "
        "returned ('Numerus', 'Primero', 'Supremus', 'Chorus'), which leaves out the class "
        "'Fluxus' (str) the core's primero_classify_hand gives ")
