"""No error shows a player a card they may not see, and the plug-in's author still gets it.

in ``primero play`` a plug-in fault while the computer exchanges printed
``discards=(Card.parse('3d'),)``, the computer's face-down discard. A
:class:`~primero.errors.PluginError`'s message (``str()``, what the CLI prints) writes every
card as ``<card>``; ``error.detail`` and the conformance kit's report keep them.
"""

from __future__ import annotations

import importlib
import random
import re
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest

from cli_helpers import run
from primero import PluginError, hookimpl, start_deal
from primero.errors import HIDDEN_CARD, plugin_detail_in_notes, without_cards
from primero.plugins import registry as plugins_module
from primero.plugins.registry import BUILTIN_VARIANT_MODULES, Registry
from primero.testing.runner import play_random_deal
from primero.variants.waks import WAKS

#: How primero writes a card, in every notation (repr, ASCII, symbol, Italian).
CARD_TEXT = re.compile(r"Card\.parse|\b(?:10|[2-9AJQK])[shdc]\b|[2-9AJQK][♠♥♦♣]|\bdi coppe\b")


class ServeBoom:
    """Raises when the computer (seat 1) exchanges: the call's arguments hold its discards."""

    @hookimpl
    def primero_serve_exchange(self, state: Any, variant: Any, seat: int,
                               discards: Any) -> Any:
        if seat != 0:
            raise ValueError("boom")
        return None


class DealsATwin:
    """Deals seat 0 the stock's top card while leaving it in the stock: a card twice."""

    @hookimpl
    def primero_deal_cards(self, state: Any, variant: Any, count: int) -> Any:
        from primero.deal.copying import replace

        seats = list(state.seats)
        seats[0] = attrs.evolve(seats[0], hand=(*seats[0].hand, state.stock[0]))
        return replace(state, seats=tuple(seats))


SERVE_BOOM = attrs.evolve(WAKS, name="serveboom", aliases=(), plugins=(ServeBoom(),))


def _module() -> ModuleType:
    module = ModuleType("checks2_serveboom")

    @hookimpl
    def primero_register_variants(register: Any) -> None:
        register(SERVE_BOOM)

    module.primero_register_variants = primero_register_variants  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    return module


@pytest.fixture
def serveboom_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Registry]:
    modules = [importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]
    reg = Registry([*modules, _module()], isolate=True)
    monkeypatch.setattr(plugins_module, "_registry", reg)
    yield reg
    sys.modules.pop("checks2_serveboom", None)


def test_the_play_command_shows_no_card_of_the_computer(serveboom_installed: Registry) -> None:
    # the human (seat 0) vies, the computer holds; at the exchange the computer's discard
    # reaches the faulty hook, which raises: one error line, no card in it
    result = run("play", "--variant", "serveboom", "--players", "2", "--seed", "3",
                 input="vie 1\nhold\nexchange\nexchange\nhold\nhold\n")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == [
        f"error: plug-in {__name__}.ServeBoom, hook primero_serve_exchange: raised ValueError: "
        "boom (called with seat=1 (int), discards=(<card>,)) (cards hidden: error.detail "
        "shows them)"], result.stderr


def _serve_boom_error() -> PluginError:
    """The error of a deal where the computer's exchange reaches ServeBoom."""
    variant = SERVE_BOOM.configure()
    for seed in range(40):
        state = start_deal(variant, ["Anna", "Ben"], 10, seed=seed)
        try:
            play_random_deal(state, random.Random(seed), check=False)
        except PluginError as exc:
            return exc
    raise AssertionError("no deal reached seat 1's exchange")


def test_the_author_gets_the_cards_in_the_detail() -> None:
    error = _serve_boom_error()
    # the discards whole in the detail (one or more, never cut), each hidden in the message
    card = r"Card\.parse\('(?:10|[2-9AJQK])[shdc]'\)"
    match = re.fullmatch(rf".*\(called with seat=1 \(int\), discards=\(({card}(?:, {card})*),?\)\)",
                         error.detail)
    assert match is not None, error.detail
    discards = match[1].split(", ")
    assert str(error) == (
        f"plug-in {__name__}.ServeBoom, hook primero_serve_exchange: raised ValueError: boom "
        f"(called with seat=1 (int), discards=({', '.join(['<card>'] * len(discards))}"
        f"{',' if len(discards) == 1 else ''})) (cards hidden: error.detail shows them)")
    assert str(error).count(HIDDEN_CARD) == len(discards)  # how many stays readable
    assert not CARD_TEXT.search(str(error))
    assert (error.hook, error.plugin) == ("primero_serve_exchange", f"{__name__}.ServeBoom")


def test_a_state_holding_a_card_twice_names_it_only_in_the_detail() -> None:
    variant = attrs.evolve(WAKS, name="twin", aliases=(), plugins=(DealsATwin(),)).configure()
    state = None
    with pytest.raises(PluginError) as info:
        state = start_deal(variant, ["Anna", "Ben", "Carla"], 20, seed=0)
    assert state is None
    top = start_deal("waks", ["Anna", "Ben", "Carla"], 20, seed=0).setup.stock[0]
    assert info.value.detail == (
        f"plug-in {__name__}.DealsATwin, hook primero_deal_cards (variant 'twin'): returned a "
        f"state holding {top.ascii} twice; expected every card of the pack exactly once")
    assert str(info.value) == (
        f"plug-in {__name__}.DealsATwin, hook primero_deal_cards (variant 'twin'): returned a "
        "state holding <card> twice; expected every card of the pack exactly once (cards "
        "hidden: error.detail shows them)")


def test_the_kit_reports_the_detail_in_a_note() -> None:
    variant = SERVE_BOOM.configure()
    state = start_deal(variant, ["Anna", "Ben"], 10, seed=0)
    with pytest.raises(PluginError) as info:
        for seed in range(40):
            state = start_deal(variant, ["Anna", "Ben"], 10, seed=seed)
            play_random_deal(state, random.Random(seed))  # the kit's own player
    assert info.value.__notes__ == [f"detail: {info.value.detail}"]
    assert CARD_TEXT.search(info.value.__notes__[0])
    outside = _serve_boom_error()  # play_random_deal(check=False) adds the note as well
    assert getattr(outside, "__notes__", None) == [f"detail: {outside.detail}"]


def test_notes_only_inside_the_kit() -> None:
    outside = PluginError("plug-in x, hook h: holding 3s twice", plugin="x", hook="h")
    with plugin_detail_in_notes():
        inside = PluginError("plug-in x, hook h: holding 3s twice", plugin="x", hook="h")
        clean = PluginError("plug-in x, hook h: returned 42 (int)", plugin="x", hook="h")
    assert not hasattr(outside, "__notes__")
    assert inside.__notes__ == ["detail: plug-in x, hook h: holding 3s twice"]
    assert not hasattr(clean, "__notes__")  # nothing hidden: nothing to add
    assert (str(clean), clean.detail) == ("plug-in x, hook h: returned 42 (int)",) * 2


@pytest.mark.parametrize(("text", "shown"), [
    ("discards=(Card.parse('3d'), Card.parse('10h'))", "discards=(<card>, <card>)"),
    ("a hand cut short (Card.parse('7...", "a hand cut short (<card>"),
    ("holding 3s 10h Th Ad Kc twice", "holding <card> <card> <card> <card> <card> twice"),
    ("offered exchange 6s, which throws", "offered exchange <card>, which throws"),
    ("the cards 7♠ 6♥ and 7 di coppe, fante di spade", "the cards <card> <card> and <card>, "
                                                        "<card>"),
    ("'3s 4d 5...", "'<card> <card> <card>..."),
    ("returned 65 chips; expected the 60 (seat 0..2, step 1 to 0, 3 players)",
     "returned 65 chips; expected the 60 (seat 0..2, step 1 to 0, 3 players)"),
    ("plug-in primero_sb.ServeBoom (primero-sb 0.1), hook primero_settle",
     "plug-in primero_sb.ServeBoom (primero-sb 0.1), hook primero_settle"),
])
def test_every_notation_of_a_card_is_hidden(text: str, shown: str) -> None:
    assert without_cards(text) == shown
