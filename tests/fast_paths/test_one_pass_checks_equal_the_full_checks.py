"""The one-pass checks of a plug-in's answer decide as the full checks do: same states, same errors.

* A deal hook's answer that only queues the cards (the toy's: the open cards moved to the top
  of the stock, every card queued) is checked in one pass
  (:func:`~primero.plugins.checks.queued_deal_sound`). Each answer below — the toy's own and
  the toy's with one fault slipped in — gives the very state, or the very error, that the full
  checks give with the one pass switched off.
* A settlement is checked in one pass where every award, return and the carry are plain whole
  numbers adding up to the pot; anything else is worded by the full checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from primero import PluginError
from primero.actions import Fold, Vie
from primero.cards import Card, parse_cards
from primero.deal import engine
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import Delivery, GameState, cards_sound, mark_cards_sound
from primero.hookspecs import hookimpl
from primero.plugins import checks
from primero.settlement import Award, Settlement
from primero.variants.toy import TOY, ToyRules

Tamper = Callable[[GameState], Any]


def _swap_first(state: GameState, card: Card) -> GameState:
    return replace(state, stock=(card, *state.stock[1:]))


#: What each faulty (or odd but sound) deal answer does to the toy's own answer.
TAMPERS: dict[str, Tamper] = {
    "sound": lambda s: s,
    "a card twice": lambda s: _swap_first(s, s.stock[1]),
    "a card from another pack": lambda s: _swap_first(s, parse_cards("2c")[0]),
    "a card lost": lambda s: replace(s, stock=s.stock[1:]),
    "one more card queued": lambda s: replace(s, pending=(*s.pending, Delivery(0, "deal"))),
    "one card fewer queued": lambda s: replace(s, pending=s.pending[:-1]),
    "one card fewer queued for each": lambda s: replace(s, pending=s.pending[:-2]),
    "a card queued for seat 5": lambda s: replace(s, pending=(*s.pending[:-1],
                                                              Delivery(5, "deal"))),
    "a list queued": lambda s: replace(s, pending=list(s.pending)),
    "the stock reversed": lambda s: replace(s, stock=s.stock[::-1]),
    "a seat to act": lambda s: replace(s, to_act=1),
    "the step moved on": lambda s: replace(s, step_index=s.step_index + 1),
    "a chip made": lambda s: replace(s, seats=(replace(s.seats[0],
                                                       stack=s.seats[0].stack + 1),
                                               *s.seats[1:])),
    "not a state": lambda s: "dealt",
}


class TamperedDeal:
    """The toy's deal answer, changed by ``tamper``."""

    def __init__(self, tamper: Tamper) -> None:
        self.tamper = tamper

    @hookimpl
    def primero_deal_cards(self, state: GameState, variant: Any, count: int) -> Any:
        return self.tamper(ToyRules().primero_deal_cards(state, variant, count))


def _outcome(tamper: Tamper, name: str, seed: int) -> tuple[str, object]:
    """``("state", (state, cards sound))`` of the toy deal started with the tampered deal
    answer, or ``("error", message)``."""
    variant = attrs.evolve(TOY, name=name, aliases=(),
                           plugins=(*TOY.plugins, TamperedDeal(tamper))).configure()
    try:
        state = start_deal(variant, ["Anna", "Ben"], 6, seed=seed)
    except PluginError as exc:
        return "error", str(exc).replace(name, "toy")
    return "state", (attrs.evolve(state, context=state.context), cards_sound(state))


@pytest.mark.parametrize("fault", sorted(TAMPERS))
def test_a_queued_deal_answer_gives_what_the_full_checks_give(
        fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tamper = TAMPERS[fault]
    for seed in (1, 2):
        one_pass = _outcome(tamper, f"toy-one-pass-{fault}", seed)
        with monkeypatch.context() as patch:
            patch.setattr(checks, "queued_deal_sound", lambda *args: False)
            full = _outcome(tamper, f"toy-full-{fault}", seed)
        assert one_pass[0] == full[0]
        if one_pass[0] == "error":
            assert one_pass[1] == full[1]
        else:
            (state, sound), (other, other_sound) = one_pass[1], full[1]  # type: ignore[misc]
            assert state.seats == other.seats and state.stock == other.stock
            assert state.pending == other.pending and state.to_act == other.to_act
            assert sound == other_sound


def test_the_faulty_queued_deals_are_refused_with_what_went_wrong() -> None:
    expected = {
        "a card twice": "holding",
        "a card from another pack": "not in the toy10 pack",
        "a card lost": "lost",
        "one more card queued": "gave Anna 5 cards",
        "one card fewer queued": "gave Ben 3 cards",
        "one card fewer queued for each": "3 cards",
        "a card queued for seat 5": "queued a card for seat 5",
        "a list queued": "expected a tuple of Delivery",
        "the step moved on": "expected the step unchanged",
        "a chip made": "chips",
        "not a state": "expected a GameState",
    }
    for fault, words in expected.items():
        kind, text = _outcome(TAMPERS[fault], f"toy-refused-{fault}", 1)
        assert kind == "error", fault
        assert "hook primero_deal_cards" in str(text) and words in str(text), (fault, text)


def test_the_toys_own_deal_answer_passes_in_one_pass_and_marks_its_cards_sound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the deal's steps one by one through the hooks (the toy's quick start set aside)
    monkeypatch.setattr(engine, "_first_state", _first_step_by_step)
    seen: list[bool] = []
    real = checks.queued_deal_sound

    def spy(*args: Any) -> bool:
        seen.append(real(*args))
        return seen[-1]

    variant = TOY.configure()
    original = checks.queued_deal_sound
    checks.queued_deal_sound = spy
    try:
        state = start_deal(variant, ["Anna", "Ben"], 6, seed=3)
    finally:
        checks.queued_deal_sound = original
    assert seen == [True]
    assert cards_sound(state)
    with checks.checking_everything():
        assert not checks.queued_deal_sound(state, state, 4, variant.pack)  # the kit: all


def _first_step_by_step(state: GameState) -> GameState:
    """A deal's first state as the engine marks it, its steps left to run one by one."""
    mark_cards_sound(state)
    return state


def _with_pot(players: list[str], fold: bool = False) -> GameState:
    """A Waks deal after a vie (and a fold, with ``fold``), as ``primero_settle`` could get it:
    chips in the pot, no settlement yet."""
    state = start_deal("waks", players, 20, seed=4)
    for _ in range(200):
        legal = state.legal_actions()
        vie = next((a for a in legal if isinstance(a, Vie)), None)
        folds = next((a for a in legal if isinstance(a, Fold)), None)
        if state.pot >= 3 and (not fold or any(s.folded for s in state.seats)):
            return replace(state, over=True)
        state = state.apply(folds if fold and folds is not None and state.pot >= 3
                            else vie or legal[0])
    raise AssertionError("no deal found")


def test_settlements_with_returns_are_checked_in_one_pass_as_in_full() -> None:
    state = _with_pot(["Anna", "Ben"])
    pot = state.pot
    assert pot >= 3
    live = [k for k, s in enumerate(state.seats) if not s.folded]
    sound = Settlement(awards=(Award(seat=live[0], amount=pot - 1),), returns=((1, 1),))
    assert checks.settlement_problem(state, sound) is None
    carried = Settlement(awards=(), returns=((0, 1),), carry=pot - 1)
    assert checks.settlement_problem(state, carried) is None
    faulty = {
        f"paid {pot + 1} and carried 0; expected the pot of {pot} (chips are conserved)":
            Settlement(awards=(Award(seat=live[0], amount=pot - 1),), returns=((1, 2),)),
        "returned -1 (int) chips; expected whole chips, not negative":
            Settlement(awards=(Award(seat=live[0], amount=pot + 1),), returns=((1, -1),)),
        "returned chips to (9, 1); expected (seat 0..1, chips)":
            Settlement(awards=(Award(seat=live[0], amount=pot - 1),), returns=((9, 1),)),
        "returned True (bool) chips; expected whole chips, not negative":
            Settlement(awards=(Award(seat=live[0], amount=pot - 1),), returns=((1, True),)),
        "returned chips to (1,); expected (seat 0..1, chips)":
            Settlement(awards=(Award(seat=live[0], amount=pot),), returns=((1,),)),
        "carried -1 (int) chips over; expected whole chips, not negative":
            Settlement(awards=(Award(seat=live[0], amount=pot + 1),), carry=-1),
        "paid 1.5 (float) chips; expected whole chips, not negative":
            Settlement(awards=(Award(seat=live[0], amount=1.5),),  # type: ignore[arg-type]
                       returns=((1, 1),)),
    }
    for message, settlement in faulty.items():
        assert checks.settlement_problem(state, settlement) == message


def test_an_award_to_a_folded_player_is_refused_with_returns_too() -> None:
    state = _with_pot(["Anna", "Ben", "Carla"], fold=True)
    folded = next(k for k, s in enumerate(state.seats) if s.folded)
    settlement = Settlement(awards=(Award(seat=folded, amount=state.pot),), returns=((0, 0),))
    assert checks.settlement_problem(state, settlement) == \
        f"paid {state.seats[folded].name}, who folded; expected a player still in"
