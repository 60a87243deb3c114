"""Option bounds refuse bad values when the variant is made; overridden options are not listed.

The ``premium`` plug-in (tests/premiumplugin.py) declares ``bonus`` (0 to 10) and overrides
the core's ``tie`` (its rules always split equal hands).
"""

from __future__ import annotations

import pickle

import pytest

import premiumplugin
from premiumplugin import PREMIUM
from primero import InvalidOptionError, Option, VariantSpec
from primero.plugins.registry import Registry, spec_problem
from primero.variants.waks import WAKS


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry([premiumplugin])


@pytest.mark.parametrize(("value", "message"), [
    (-3, "option 'bonus': bad value -3, below its minimum 0; allowed: an integer 0..10"),
    (11, "option 'bonus': bad value 11, above its maximum 10; allowed: an integer 0..10"),
    ("-3", "option 'bonus': bad value -3, below its minimum 0; allowed: an integer 0..10"),
    ("two", "option 'bonus': bad value 'two'; allowed: an integer 0..10"),
])
def test_a_value_out_of_its_bounds_is_refused_when_the_variant_is_made(
        registry: Registry, value: object, message: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        registry.variant("premium", bonus=value)
    assert str(caught.value) == message


@pytest.mark.parametrize("value", [0, 10, "7"])
def test_values_within_the_bounds_are_taken(registry: Registry, value: object) -> None:
    assert registry.variant("premium", bonus=value).option("bonus") == int(value)


def test_an_overridden_option_is_not_listed_and_cannot_be_set(registry: Registry) -> None:
    spec = registry.spec("premium")
    names = [o.name for o in spec.options]
    assert "tie" not in names
    assert names == [o.name for o in WAKS.options if o.name != "tie"] + ["bonus"]
    assert [o.name for o in spec.declared] == [o.name for o in WAKS.options] + ["bonus"]
    variant = registry.variant("premium")
    assert "tie" not in variant.options
    with pytest.raises(InvalidOptionError) as caught:
        registry.variant("premium", tie="split")
    assert str(caught.value).startswith(
        "option 'tie' does not apply to variant 'premium': its rules replace it; known "
        "options: bonus, chorus, deal_passes, deck,")


def test_a_spec_with_overrides_pickles_by_value_with_its_declared_options() -> None:
    copy = pickle.loads(pickle.dumps(PREMIUM))
    assert copy == PREMIUM
    assert copy.overrides == ("tie",)
    assert [o.name for o in copy.options] == [o.name for o in PREMIUM.options]
    assert copy.declared == PREMIUM.declared


def _spec(*options: Option, overrides: tuple[str, ...] = ()) -> VariantSpec:
    return VariantSpec(name="bounded", title="t", summary="s", options=options,
                       overrides=overrides)


@pytest.mark.parametrize(("option", "problem"), [
    (Option(name="n", default=3, doc="d", minimum=5, maximum=2),
     "option 'n': its minimum 5 is above its maximum 2"),
    (Option(name="n", default=-1, doc="d", minimum=0),
     "option 'n': default -1 is not among its allowed values (an integer 0..)"),
    (Option(name="n", default="a", doc="d", minimum=0),
     "option 'n': minimum/maximum bound integer options only; its default 'a' is a str"),
    (Option(name="n", default=1, doc="d", choices=(1, "2")),
     "option 'n': choice '2' is not a int like its default"),
    (Option(name="n", default=1, doc="d", choices=()),
     "option 'n': choices is empty (None allows any value)"),
    (Option(name="n", default=1, doc="d", choices=(1, 1)),
     "option 'n': a choice is given twice"),
])
def test_a_declaration_whose_bounds_or_choices_cannot_hold_is_refused(
        option: Option, problem: str) -> None:
    assert option.declaration_problem() == problem
    assert spec_problem(_spec(option)) == problem


def test_overriding_an_option_that_is_not_declared_is_refused() -> None:
    assert spec_problem(_spec(*WAKS.options, overrides=("tye",))) == (
        "overrides option 'tye', which it does not declare; declared: "
        + ", ".join(o.name for o in WAKS.options))
    assert spec_problem(_spec(*WAKS.options, overrides=("tie",))) is None


def test_attrs_evolve_keeps_the_declaration_and_the_overrides() -> None:
    import attrs

    renamed = attrs.evolve(PREMIUM, name="premium2", aliases=())
    assert renamed.options == PREMIUM.options
    assert renamed.declared == PREMIUM.declared
    assert spec_problem(renamed) is None
    # new options given to evolve are a new declaration: overriding 'tie' must then name it
    fewer = attrs.evolve(PREMIUM, options=PREMIUM.options[:3])
    assert fewer.declared == PREMIUM.options[:3]
    assert spec_problem(fewer) == ("overrides option 'tie', which it does not declare; "
                                   "declared: deck, supremus, chorus")
