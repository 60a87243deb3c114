"""A variant spec made in code (never registered) is checked like a registration.

``VariantSpec(...)`` refuses fields that are no sequence; ``configure`` checks the rest once
(the registry's :func:`~primero.plugins.registry.spec_problem`, less the name's spelling and
the rule objects, which the plug-in manager names). Each was a raw ``TypeError`` or
``AttributeError`` from deep inside the engine, or no error until a deal broke.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from primero import InvalidOptionError, PluginError, PrimeroError
from primero.deal.engine import start_deal
from primero.variant import BettingRules, Variant
from primero.variants.waks import WAKS

DECK = WAKS.options[0]


@pytest.mark.parametrize(("changes", "error", "message"), [
    ({"players": None}, PluginError,
     "variant spec 'mine': players None: expected (low, high) with 2 <= low <= high <= 12"),
    ({"players": (5, 2)}, PluginError,
     "variant spec 'mine': players (5, 2): expected (low, high) with 2 <= low <= high <= 12"),
    ({"betting": None}, PluginError,
     "variant spec 'mine': betting None: expected a BettingRules "
     "(primero.variant.BettingRules)"),
    ({"ante": "2"}, PluginError,
     "variant spec 'mine': ante '2': expected whole chips, not negative"),
    ({"options": (attrs.evolve(DECK, choices=5),)}, PluginError,
     "variant spec 'mine': option 'deck': choices int 5 is not a tuple (None allows any "
     "value)"),
    ({"options": None}, PluginError,
     "VariantSpec.options must be a tuple of Option, got NoneType None"),
    ({"options": ("deck",)}, PluginError,
     "VariantSpec.options holds str 'deck'; expected Option values "
     "(primero.Option(name=..., default=..., doc=...))"),
    ({"plugins": 3}, PluginError,
     "the rule objects (plugins, house_rules) must be a tuple of rule objects, got int 3"),
    ({"sources": "[seed-DE]"}, PluginError,
     "VariantSpec.sources/overrides must be a tuple of texts, got str '[seed-DE]'"),
])
def test_an_unsound_spec_is_refused_naming_the_field(changes: dict[str, Any],
                                                     error: type[PrimeroError],
                                                     message: str) -> None:
    with pytest.raises(error) as info:
        attrs.evolve(WAKS, name="mine", aliases=(), **changes).configure()
    assert type(info.value) is error and str(info.value) == message


def test_a_spec_made_in_code_may_have_any_name_and_plays() -> None:
    """The name's spelling matters only to the registry, which looks it up."""
    variant = attrs.evolve(WAKS, name="my house game", aliases=()).configure()
    state = start_deal(variant, ["Anna", "Ben"], 20, seed=1)
    assert [str(a) for a in state.legal_actions()] == ["pass", "vie 1", "vie 2", "vie 3",
                                                        "fold"]


@pytest.mark.parametrize(("changes", "message"), [
    ({"fold": None}, "BettingRules.fold must be True or False, got NoneType None"),
    ({"pass_once": {}}, "BettingRules.pass_once must be True or False, got dict {}"),
    ({"answer_once": 1}, "BettingRules.answer_once must be True or False, got int 1"),
    ({"must_hold_rounds": 1},
     "BettingRules.must_hold_rounds must be a tuple of round numbers, got int 1"),
    ({"must_hold_rounds": (0,)},
     "BettingRules.must_hold_rounds holds int 0; expected betting round numbers (whole "
     "numbers from 1)"),
])
def test_betting_rules_of_the_wrong_kind_are_refused(changes: dict[str, Any],
                                                     message: str) -> None:
    """A dict switch made the spec unhashable; ``None`` folded nobody; an int crashed."""
    with pytest.raises(InvalidOptionError) as info:
        BettingRules(**changes)
    assert str(info.value) == message


def test_a_long_variant_name_is_refused_by_the_registry_briefly() -> None:
    from primero.plugins.registry import spec_problem

    problem = spec_problem(attrs.evolve(WAKS, name="w" * 5000, aliases=()))
    assert problem == f"variant name '{'w' * 40}'... (5,000 characters) is longer " \
                      "than 64 characters"


@pytest.mark.parametrize(("spec", "settings", "message"), [
    ("waks", WAKS.configure().settings,
     "Variant takes a VariantSpec (registry().spec(name)), got str 'waks'"),
    (WAKS, None, "Variant settings must be a tuple of (option, value) pairs "
                 "(spec.configure(...).settings), got NoneType None"),
    (WAKS, (("deck", "bogus"),),
     "option 'deck': bad value 'bogus'; allowed: 'italian40', 'spanish48', 'french52'"),
    (WAKS, (("tie", "split"),),
     "Variant settings leave out deck, supremus, chorus, numerus_counts, "
     "high_primero_beats_fluxus, play_direction, deal_passes: give every option of 'waks' "
     "once, as spec.configure(...).settings does"),
    (WAKS, tuple((k, "SPLIT" if k == "tie" else v) for k, v in WAKS.configure().settings),
     "Variant settings give tie as 'SPLIT', which reads as 'split': give every option of "
     "'waks' once, as spec.configure(...).settings does"),
])
def test_a_variant_made_by_hand_gets_its_settings_checked(spec: Any, settings: Any,
                                                          message: str) -> None:
    """A bad pack was found only when a deal started; a bad tie never (the core read it)."""
    with pytest.raises(InvalidOptionError) as info:
        Variant(spec=spec, settings=settings)
    assert str(info.value) == message


def test_a_variant_made_by_hand_from_configured_settings_is_the_configured_one() -> None:
    configured = WAKS.configure(tie="split")
    assert Variant(spec=WAKS, settings=configured.settings) == configured
