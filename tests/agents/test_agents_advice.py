"""What variants tell the agents: the advice hook, Cardano's call test, the Primiera hint."""

from __future__ import annotations

import ast
import random
import re

import pytest
from attrs import evolve

import primero
from conftest import PACKAGE
from primero.actions import Call
from primero.advice import VariantAdvice
from primero.agents import Strength, hint, showdown_chance
from primero.deal.engine import start_deal
from primero.errors import PluginError
from primero.hookspecs import hookimpl
from primero.variants.cardano import call_book


def test_no_agent_module_imports_a_variant() -> None:
    found = []
    for path in sorted((PACKAGE / "agents").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("primero.variants")]
    assert found == []


def test_a_call_book_meets_calls_by_the_games_rule_unless_told() -> None:
    cardano = primero.get_variant("cardano")
    primero81 = cardano.ranking.evaluate("7s 7h 7d 6c")  # a Primero of 21 * 3 + 18 points
    assert (primero81.hand_class, primero81.points) == ("Primero", 81)
    numerus24 = Call("Numerus", 24)
    # the game's default (same_class): a Primero never meets a Numerus call, as at the showdown
    assert not call_book(cardano.ranking).meets(primero81, numerus24)
    assert not call_book(cardano).meets(primero81, numerus24)
    assert call_book(cardano).rule == "same_class"
    # told otherwise, or a table that plays at_least
    assert call_book(cardano).meets(primero81, numerus24, rule="at_least")
    assert call_book(cardano.with_options(call_rule="at_least")).meets(primero81, numerus24)
    # the advice the agents get is the variant's own book
    assert cardano.rules.agent_advice.calls is call_book(cardano)


def test_the_dense_test_answers_as_the_showdown_test() -> None:
    cardano = primero.get_variant("cardano")
    book = call_book(cardano)
    table = cardano.ranking.hand_table
    rng = random.Random(4)
    pack = list(cardano.pack.cards)
    for _ in range(300):
        value = cardano.ranking.evaluate(rng.sample(pack, 4))
        call = rng.choice(book.calls)
        index = Strength.of(cardano.ranking).index_of_mask(sum(c.bit for c in value.cards))
        assert book.meets_dense(table.strength[index], table.class_ids[index], call) \
            == book.meets(value, call)


class NumerusNeverWins:
    """A house rule for the test: a Numerus never takes a pot (told to the agents only)."""

    @hookimpl
    def primero_agent_advice(self, variant: primero.Variant) -> VariantAdvice:
        return VariantAdvice(never_wins=frozenset({"Numerus"}))


class BadAdvice:
    @hookimpl
    def primero_agent_advice(self, variant: primero.Variant) -> object:
        return "vie always"


def plugged(plugin: object) -> primero.Variant:
    spec = primero.get_variant("waks").spec
    return evolve(spec, name="waks-advised", plugins=(*spec.plugins, plugin)).configure()


def test_a_plug_in_variant_advises_the_agents_through_the_hook() -> None:
    advised = plugged(NumerusNeverWins())
    assert advised.rules.agent_advice.never_wins == frozenset({"Numerus"})
    # a Numerus in hand: the odds player's chance is 0 under the advice, not under plain waks
    stock = primero.parse_cards("7s 6s 5h 4h 2s 3s Kh Qh")  # Anna 7s 5h 2s Kh: Numerus
    rest = [c for c in advised.pack.cards if c not in stock]
    for variant, expect_zero in ((advised, True), (primero.get_variant("waks"), False)):
        state = start_deal(variant, ["Anna", "Ben"], 30, dealer=1, stock=(*stock, *rest))
        while len(state.view(0).hand) < 4 or state.to_act != 0:
            # round 1 passed, nothing exchanged: the second deal
            state = state.apply("pass" if "pass" in map(str, state.legal_actions())
                                else "exchange")
        view = state.view(0)
        assert variant.ranking.evaluate(view.hand).hand_class == "Numerus"
        chance = showdown_chance(view, Strength.of(variant.ranking), view.hand,
                                 random.Random(1), 64)
        assert (chance == 0.0) is expect_zero


def test_a_wrong_advice_is_a_plug_in_fault_naming_the_hook() -> None:
    with pytest.raises(PluginError, match="primero_agent_advice"):
        plugged(BadAdvice()).rules.agent_advice  # noqa: B018


def test_the_primiera_hint_at_the_exchange_shows_the_share_it_advises_on() -> None:
    for seed in range(20):
        state = start_deal("primiera", ["Anna", "Ben"], 30, seed=seed)
        if not state.over:
            break
    assert not state.over and state.to_act is not None
    text = hint(state.view(state.to_act))
    first, second = text.splitlines()
    shown = re.search(r"expected share of the pot after the best exchange: (\d+)%", first)
    advised = re.search(r"the best expected share of the pot after the draw, (\d+)%", second)
    assert shown is not None and advised is not None, text
    assert shown.group(1) == advised.group(1) and int(shown.group(1)) > 0
    assert "chance to win at the showdown: 0%" not in text


def test_the_agent_sources_searched_are_the_imported_packages() -> None:
    assert (PACKAGE / "agents" / "__init__.py").exists()
