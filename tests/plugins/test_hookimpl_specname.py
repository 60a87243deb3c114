"""``@hookimpl(specname=...)`` is read by the unknown-hook check.

pluggy names a hook implementation by its ``specname`` when it has one (``HookimplOpts``): a
misspelt specname must be refused like a misspelt method name, and a correct specname on a
method with another name (``primero_points_v2``) is a hook like any other.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import attrs
import pytest

from primero import PluginError, hookimpl
from primero.plugins.manager import hook_name_problem
from primero.plugins.registry import Registry
from primero.variants.waks import WAKS


class MisspeltSpecname:
    @hookimpl(specname="primero_card_point")
    def pts(self, variant: Any, card: Any) -> int:
        return 1


class PrefixedMethod:
    @hookimpl(specname="primero_card_points")
    def primero_points_v2(self, variant: Any, card: Any) -> int:
        return 1


class PlainSpecname:
    @hookimpl(specname="primero_card_points")
    def points(self, variant: Any, card: Any) -> int:
        return 1


def test_a_misspelt_specname_is_refused_naming_the_closest_hook() -> None:
    variant = attrs.evolve(WAKS, name="misspelt", aliases=(), plugins=(MisspeltSpecname(),))
    with pytest.raises(PluginError) as info:
        _ = variant.configure().rules
    assert str(info.value) == (
        f"plug-in {__name__}.MisspeltSpecname: pts (specname primero_card_point) is not a "
        "primero hook (did you mean primero_card_points?)")
    assert (info.value.hook, info.value.plugin) == ("primero_card_point",
                                                    f"{__name__}.MisspeltSpecname")


@pytest.mark.parametrize("rules", [PrefixedMethod(), PlainSpecname()])
def test_a_valid_specname_is_a_hook(rules: object) -> None:
    assert hook_name_problem(rules) is None
    variant = attrs.evolve(WAKS, name="specname", aliases=(), plugins=(rules,)).configure()
    # every card is worth 1: the best four of different suits make 4 (the core says 65)
    assert variant.ranking.evaluate("7s 6h Ad Kc").label == "Primero 4"


def test_a_module_with_a_misspelt_specname_is_refused_at_registration() -> None:
    module = ModuleType("specmod")

    @hookimpl(specname="primero_register_variant")
    def register_mine(register: object) -> None: ...

    module.register_mine = register_mine  # type: ignore[attr-defined]
    with pytest.raises(PluginError) as info:
        Registry([module])
    assert str(info.value) == (
        "plug-in specmod: register_mine (specname primero_register_variant) is not a primero "
        "hook (did you mean primero_register_variants?)")
    assert info.value.hook == "primero_register_variant"


def test_a_module_whose_only_hook_has_a_specname_registers() -> None:
    module = ModuleType("specmod_ok")

    @hookimpl(specname="primero_register_variants")
    def register_mine(register: Any) -> None:
        register(attrs.evolve(WAKS, name="specmod-waks", aliases=()))

    module.register_mine = register_mine  # type: ignore[attr-defined]
    assert "specmod-waks" in Registry([module]).names()
