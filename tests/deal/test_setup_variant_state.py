"""Typed per-variant state: ``state.variant_state`` instead of ``extras``.

Cardano keeps its standing call and Primiera its declarations in a frozen value of their own;
``state.extras`` / ``view.extras`` are derived from it (public fields only in a view). The
expected calls and declarations are the ones the actions and the deal file name.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest
from attrs import frozen

from primero import Call, GameState, start_deal
from primero.cards import parse_cards
from primero.deal.copying import replace
from primero.deal.state import Extras, VariantState
from primero.records import load_record, replay
from primero.serialize import to_dict
from primero.variants.cardano import CardanoState, standing_call
from primero.variants.primiera import DeclarationRound, PrimieraState, declaration_rounds

TWO_SERVED = Path(__file__).parents[1] / "variants" / "primiera_two_served.toml"


@frozen
class TallyState(VariantState):
    rounds: int | None = None
    _marked: str | None = None


def test_the_state_has_one_typed_field_and_no_stored_extras() -> None:
    fields = attrs.fields_dict(GameState)
    assert "variant_state" in fields and "extras" not in fields
    state = start_deal("waks", ["A", "B"], 10, seed=1)
    assert state.variant_state is None and state.extras == () and state.view(0).extras == ()


def test_cardano_keeps_the_standing_call_typed() -> None:
    state = start_deal("cardano", ["A", "B", "C"], 20, seed=1)
    assert state.variant_state is None and standing_call(state) is None
    state = state.apply("vie 1 call Primero 60")
    assert state.variant_state == CardanoState(call=Call("Primero", 60))
    assert standing_call(state) == Call("Primero", 60)
    assert state.extras == (("call", Call("Primero", 60)),)
    view = state.view(2)
    assert view.extras == (("call", Call("Primero", 60)),)
    assert CardanoState.of(view) == CardanoState(call=Call("Primero", 60))
    assert to_dict(view)["extras"] == {"call": "Primero 60"}
    raised = state.apply("hold raise 1 call Supremus")
    assert raised.variant_state == CardanoState(call=Call("Supremus"))
    assert state.variant_state == CardanoState(call=Call("Primero", 60))  # unchanged
    back = pickle.loads(pickle.dumps(raised))
    assert back == raised and back.variant_state == CardanoState(call=Call("Supremus"))


def test_primiera_keeps_its_declarations_typed() -> None:
    state = replay(load_record(TWO_SERVED))
    own = state.variant_state
    assert isinstance(own, PrimieraState) and own.declaration_2 is None
    first = own.declaration_1
    assert isinstance(first, DeclarationRound) and first.number == 1
    assert [(d.player, d.label, d.cards) for d in first.declarations] == [
        ("Ben", "Fifty-five 55", parse_cards("7d 6d Ad Kc")),
        ("Carla", "Flush 45", parse_cards("Qc Jc 2c 3c"))]
    assert state.extras == (("declaration_1", first),)
    view = state.view(3)
    assert PrimieraState.of(view) == own and declaration_rounds(view) == (first,)


def test_a_hidden_field_stays_out_of_every_view() -> None:
    state = start_deal("waks", ["A", "B"], 10, seed=2)
    state = replace(state, variant_state=TallyState(rounds=1, marked="Ac"))
    assert state.extras == (("rounds", 1), ("_marked", "Ac"))
    assert state.view(0).extras == state.view(1).extras == (("rounds", 1),)
    assert TallyState.of(state.view(1)) == TallyState(rounds=1)
    assert TallyState.of(state) == TallyState(rounds=1, marked="Ac")
    assert TallyState(rounds=1).public_items() == (("rounds", 1),)


def test_the_untyped_interface_still_works() -> None:
    state = start_deal("waks", ["A", "B"], 10, seed=3)
    tagged = state.with_extra("note", 1).with_extra("_secret", 2).with_extra("note", 3)
    assert tagged.variant_state == Extras(pairs=(("_secret", 2), ("note", 3)))
    assert tagged.extra("note") == 3 and tagged.extra("missing", "no") == "no"
    assert tagged.view(0).extras == (("note", 3),)
    assert state.extras == ()  # the old state is unchanged
    cardano = start_deal("cardano", ["A", "B"], 10, seed=3)
    called = cardano.with_extra("call", Call("Chorus", 84)).with_extra("call", Call("Supremus"))
    assert standing_call(called) == Call("Supremus")
    set_typed = cardano.apply("vie 1 call Numerus 20")
    assert set_typed.with_extra("call", Call("Chorus", 84)).variant_state == CardanoState(
        call=Call("Chorus", 84))
    with pytest.raises(KeyError, match="CardanoState has no field 'gossip'"):
        set_typed.with_extra("gossip", "x")


def test_the_variant_state_module_examples_run() -> None:
    import doctest

    import primero.deal.state

    result = doctest.testmod(primero.deal.state)
    assert (result.failed, result.attempted) == (0, 5)
