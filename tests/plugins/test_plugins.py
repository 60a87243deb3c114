"""The plug-in system: registry, entry points, autoload switch, the example plug-in."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import entry_points
from types import ModuleType

import pytest

import oracle
import primero
from primero import (
    Card,
    InvalidOptionError,
    PluginError,
    Rank,
    UnknownVariantError,
    VariantSpec,
    get_variant,
    hookimpl,
    registry,
)
from primero.plugins.registry import (
    AUTOLOAD_ENV,
    BUILTIN_VARIANT_MODULES,
    BUILTIN_VARIANT_NAMES,
    ENTRY_POINT_GROUP,
    Registry,
    rules_for,
)
from primero.plugins.rules import Rules
from primero.variants import waks

LOW = {Rank.TWO, Rank.THREE, Rank.FOUR}


def plugin_module(name: str, *specs: object) -> ModuleType:
    """A test plug-in: a module whose ``primero_register_variants`` registers ``specs``."""
    module = ModuleType(name)

    @hookimpl
    def primero_register_variants(register: Callable[[object], None]) -> None:
        for spec in specs:
            register(spec)

    module.primero_register_variants = primero_register_variants  # type: ignore[attr-defined]
    return module


def spec(name: str, *aliases: str) -> VariantSpec:
    return VariantSpec(name=name, title=name.title(), summary="", aliases=aliases)


# --- the registry ------------------------------------------------------------------------------

def test_names_and_aliases_are_case_insensitive() -> None:
    reg = Registry([plugin_module("p", spec("Alpha", "First", "uno"))])
    assert reg.names() == ["Alpha"]
    for name in ("Alpha", "alpha", "ALPHA", "first", "FiRsT", "UNO"):
        assert reg.spec(name).name == "Alpha"
        assert name in reg
    assert "beta" not in reg
    assert 42 not in reg
    assert reg.provider(reg.spec("alpha")) == "p"
    assert reg.spec("alpha").aliases == ("First", "uno")


def test_installed_names_and_aliases() -> None:
    for name in ("waks", "WAKS", "English", "primero", "PRIMERO"):
        assert get_variant(name).name == "waks"
    assert registry().spec("Old-English").name == "oldpips"


def test_duplicate_name_names_both_plugins() -> None:
    with pytest.raises(PluginError) as info:
        Registry([plugin_module("first", spec("dup")), plugin_module("second", spec("dup"))])
    assert str(info.value) == (
        "variant name 'dup' registered twice: by plug-in 'first' (variant 'dup') "
        "and by plug-in 'second'"
    )
    assert isinstance(info.value, RuntimeError)


def test_duplicate_alias_names_both_plugins() -> None:
    with pytest.raises(PluginError) as info:
        Registry([plugin_module("first", spec("one", "shared")),
                  plugin_module("second", spec("two", "SHARED"))])
    assert str(info.value) == (
        "variant name 'SHARED' registered twice: by plug-in 'first' (variant 'one') "
        "and by plug-in 'second'"
    )


def test_duplicate_of_builtin_name() -> None:
    with pytest.raises(PluginError) as info:
        Registry([waks, plugin_module("copycat", spec("Waks"))])
    assert str(info.value) == (
        "variant name 'Waks' registered twice: by plug-in 'primero.variants.waks' "
        "(variant 'waks') and by plug-in 'copycat'"
    )


def test_registering_something_else_is_an_error() -> None:
    with pytest.raises(PluginError) as info:
        Registry([plugin_module("broken", "waks")])
    assert str(info.value) == "plug-in 'broken' registered 'waks', which is not a VariantSpec"


def test_unknown_variant_lists_known_ones() -> None:
    reg = Registry([plugin_module("p", spec("alpha"), spec("beta"))])
    with pytest.raises(UnknownVariantError) as info:
        reg.spec("gamma")
    assert str(info.value) == "unknown variant 'gamma'; known variants: alpha, beta"
    assert isinstance(info.value, LookupError)
    with pytest.raises(UnknownVariantError) as info:
        get_variant("nope")
    assert str(info.value) == (
        f"unknown variant 'nope'; known variants: {', '.join(registry().names())}"
    )


def test_option_validation_through_the_registry() -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_variant("waks", jokers=True)
    assert str(info.value) == (
        "unknown option 'jokers' for variant 'waks'; known options: chorus, deal_passes, deck, "
        "high_primero_beats_fluxus, numerus_counts, play_direction, supremus, tie"
    )
    with pytest.raises(InvalidOptionError) as info:
        get_variant("waks", supremus="maybe")
    assert str(info.value) == "option 'supremus': bad value 'maybe'; allowed: true, false"
    with pytest.raises(InvalidOptionError) as info:
        get_variant("waks", numerus_counts="most")
    assert str(info.value) == (
        "option 'numerus_counts': bad value 'most'; allowed: 'best_suit', 'all'"
    )
    with pytest.raises(InvalidOptionError) as info:
        get_variant("oldpips", tie="coin")
    assert str(info.value) == "option 'tie': bad value 'coin'; allowed: 'eldest', 'split'"


def test_registry_variant_configures() -> None:
    reg = Registry([waks])
    variant = reg.variant("english", supremus=False)
    assert (variant.name, variant.option("supremus")) == ("waks", False)
    assert reg.distribution(reg.spec("waks")) is None  # no entry points were loaded


def test_registry_is_cached() -> None:
    assert registry() is registry()


# --- a variant's rules: the core's hooks under the variant's own -------------------------------

class DoubleSevens:
    """A house rule: sevens are worth 42."""

    @hookimpl
    def primero_card_points(self, variant: object, card: Card) -> int | None:
        return 42 if card.rank == Rank.SEVEN else None


def test_house_rules_stack_on_the_variant() -> None:
    base = get_variant()
    variant = primero.Variant(spec=base.spec, settings=base.settings,
                              house_rules=(DoubleSevens(),))
    rules = Rules(variant)
    assert rules.card_points(Card.parse("7s")) == 42
    assert rules.card_points(Card.parse("6s")) == 18
    assert rules.ranking.evaluate("7s 6h Ad Kc").label == "Primero 86"
    assert rules_for(variant) is rules_for(variant)
    assert base.ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"


# --- entry points and the autoload switch --------------------------------------------------

def _names_in_subprocess(env_value: str | None) -> str:
    env = dict(os.environ)
    env.pop(AUTOLOAD_ENV, None)
    if env_value is not None:
        env[AUTOLOAD_ENV] = env_value
    code = "import primero; print(','.join(primero.registry().names()))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, timeout=120)
    return done.stdout.strip()


def test_disable_autoload_hides_entry_point_plugins() -> None:
    builtins = Registry([importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]).names()
    assert builtins[0] == "waks"
    assert "oldpips" not in builtins
    assert _names_in_subprocess("1").split(",") == builtins
    # the test environment installs exactly one third-party plug-in: the example
    assert _names_in_subprocess(None).split(",") == [*builtins, "oldpips"]
    assert _names_in_subprocess("0").split(",") == [*builtins, "oldpips"]


def test_oldpips_is_found_through_its_entry_point() -> None:
    eps = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert eps["oldpips"] == "primero_oldpips"
    reg = registry()
    oldpips = reg.spec("oldpips")
    assert reg.provider(oldpips) == "oldpips"  # registered under its entry-point name
    assert oldpips.title == "Old English pip values"
    assert oldpips.aliases == ("old-english",)
    assert reg.distribution(oldpips) == "primero-oldpips 0.1.0"
    assert reg.distribution(reg.spec("waks")) == f"primero {primero.__version__}"
    assert [o.name for o in oldpips.options] == [o.name for o in waks.WAKS.options]


def test_oldpips_changes_only_the_low_cards() -> None:
    pips = get_variant("oldpips")
    assert [pips.rules.card_points(Card.parse(t)) for t in ("2s", "3h", "4d", "5c", "7s", "Kd")] \
        == [2, 3, 4, 15, 21, 10]
    assert pips.ranking.evaluate("7s 6h Ad 2c").label == "Primero 57"
    assert primero.evaluate("7s 6h Ad 2c").label == "Primero 67"
    assert pips.ranking.evaluate("2s 3s 4s 5s").label == "Fluxus 24"
    assert pips.ranking.evaluate("Ah 6h 7h 2c").label == "Supremus 55"  # the 2 does not count
    assert pips.ranking.evaluate("7c 6c Kd 2h").label == "Numerus 39"   # nor here
    assert pips.ranking.evaluate("2s 2h 2d 2c").label == "Chorus 8"

    standard = get_variant("waks").ranking
    changed = 0
    for value in pips.ranking.values():
        before = standard.value_of(sum(c.bit for c in value.cards))
        assert value.hand_class == before.hand_class  # classes never depend on points
        if not LOW & {c.rank for c in value.cards}:
            assert (value.points, value.counting) == (before.points, before.counting)
        else:
            expected = oracle.classify(tuple((int(c.rank), int(c.suit)) for c in value.cards),
                                       oracle.OLD_PIPS)
            assert (value.hand_class, value.points) == expected
            changed += value.points != before.points
    # hands with no 2, 3 or 4: 28 of the 40 cards
    no_low = sum(1 for v in pips.ranking.values() if not LOW & {c.rank for c in v.cards})
    assert no_low == 20_475
    assert changed > 0
    assert pips.ranking.census() == standard.census()
    assert pips.ranking.points_range() == {"Numerus": (5, 54), "Primero": (9, 81),
                                           "Supremus": (55, 55), "Fluxus": (19, 70),
                                           "Chorus": (8, 84)}


def test_oldpips_and_waks_values_do_not_compare() -> None:
    with pytest.raises(primero.RankingMismatchError):
        _ = primero.evaluate("7s 6h Ad Kc", "oldpips") < primero.evaluate("7s 6h Ad Kc")


# --- the lazy registry ------------------

def test_builtin_names_are_what_the_builtin_modules_register() -> None:
    eager = Registry([importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES])
    registered = {key: eager.provider(s) for s in eager.specs() for key in (s.name, *s.aliases)}
    assert registered == BUILTIN_VARIANT_NAMES
    assert set(BUILTIN_VARIANT_NAMES.values()) == set(BUILTIN_VARIANT_MODULES)


def _fresh_modules(code: str) -> list[str]:
    """The primero modules, and importlib.metadata, that ``code`` loads in a fresh process."""
    script = (f"import sys\n{code}\nprint(' '.join(sorted(m for m in sys.modules if "
              "m.startswith(('primero.variants.', 'primero_', 'importlib.metadata')))))")
    env = dict(os.environ)
    env.pop(AUTOLOAD_ENV, None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True, timeout=120)
    return done.stdout.split()


def test_a_builtin_variant_imports_its_module_only() -> None:
    code = "import primero; primero.get_variant('{}').ranking"
    assert _fresh_modules(code.format("waks")) == ["primero.variants.waks"]
    assert _fresh_modules(code.format("ENGLISH")) == ["primero.variants.waks"]
    # the shared options live beside their rules, not in waks: revival imports itself only
    assert _fresh_modules(code.format("french-prime")) == ["primero.variants.revival"]


def test_another_name_or_a_listing_loads_everything() -> None:
    every = sorted([*BUILTIN_VARIANT_MODULES, "importlib.metadata", "primero_oldpips"])
    found = _fresh_modules("import primero; primero.get_variant('oldpips')")
    assert [m for m in found if m in every] == every
    found = _fresh_modules("import primero; primero.registry().names()")
    assert [m for m in found if m in every] == every


def test_the_order_of_names_does_not_depend_on_what_was_asked_first() -> None:
    code = ("import primero; r = primero.registry(); r.spec('roman'); r.spec('revival'); "
            "'cardano' in r; print(','.join(r.names()))")
    env = dict(os.environ)
    env.pop(AUTOLOAD_ENV, None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, timeout=120)
    builtins = Registry([importlib.import_module(m) for m in BUILTIN_VARIANT_MODULES]).names()
    assert done.stdout.strip().split(",") == [*builtins, "oldpips"]


def test_a_lazy_registry_knows_providers_and_distributions_of_specs_not_yet_loaded() -> None:
    from primero.plugins.registry import reset_registry

    reset_registry()
    reg = registry()
    assert reg.provider(waks.WAKS) == "primero.variants.waks"
    assert reg.distribution(waks.WAKS) == f"primero {primero.__version__}"
    assert reg.provider(spec("nobody")) is None
    with pytest.raises(UnknownVariantError, match="known variants: waks, cardano"):
        reg.spec("no-such-variant")
