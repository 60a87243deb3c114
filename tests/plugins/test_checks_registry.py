"""The registry's scan of installed plug-ins, and card text with variation selectors."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from primero import CardParseError, PluginError, evaluate, parse_cards
from primero.cards import Card
from primero.plugins.registry import Registry
from primero.variants import waks

REGISTER = ("import attrs\nfrom primero import hookimpl\nfrom primero.variants.waks import WAKS\n"
            "@hookimpl\ndef primero_register_variants(register):\n"
            "    register(attrs.evolve(WAKS, name={name!r}, aliases=(), plugins=()))\n")


def metadata(folder: Path, name: str, entry_points: str, file: str = "METADATA") -> None:
    folder.mkdir(parents=True)
    (folder / file).write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (folder / "entry_points.txt").write_text(f"[primero]\n{entry_points}")


def scanned(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> tuple[Registry, list[str]]:
    """A registry of Waks and the installed entry points, ``paths`` first on ``sys.path``."""
    for path in reversed(paths):
        monkeypatch.syspath_prepend(str(path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reg = Registry([waks], entry_points=True, isolate=True)
    return reg, [str(w.message) for w in caught]


def test_a_distribution_listed_twice_is_loaded_once(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``pip install -e .`` of a setuptools src layout leaves: the .dist-info in
    site-packages and ``src/<name>.egg-info`` beside the code, both on the path."""
    code, site = tmp_path / "src", tmp_path / "site"
    (code / "checks_dupe").mkdir(parents=True)
    (code / "checks_dupe" / "__init__.py").write_text(REGISTER.format(name="dupe"))
    metadata(code / "checks_dupe.egg-info", "checks-dupe", "dupe = checks_dupe\n", "PKG-INFO")
    metadata(site / "checks_dupe-0.1.dist-info", "checks_dupe", "dupe = checks_dupe\n")
    reg, caught = scanned(monkeypatch, site, code)
    assert "dupe" in reg.names()
    assert [b.name for b in reg.broken()] == [] and caught == []
    assert reg.variant("dupe").ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"


def test_two_distributions_with_one_plugin_name_still_break_the_latecomer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "checks_first.py").write_text(REGISTER.format(name="first"))
    (tmp_path / "checks_second.py").write_text(REGISTER.format(name="second"))
    metadata(tmp_path / "checks_first-0.1.dist-info", "checks-first", "same = checks_first\n")
    metadata(tmp_path / "checks_second-0.1.dist-info", "checks-second",
             "same = checks_second\n")
    reg, caught = scanned(monkeypatch, tmp_path)
    assert [(b.name, b.reason) for b in reg.broken()] == [
        ("same", "plug-in name 'same' is taken by another plug-in")]
    assert len(caught) == 1


def test_an_entry_point_to_a_number_or_to_nothing_registered_is_broken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "checks_odd").mkdir()
    (tmp_path / "checks_odd" / "__init__.py").write_text("NUMBER = 5\n")
    (tmp_path / "checks_odd" / "zero.py").write_text(
        "from primero import hookimpl\n@hookimpl\ndef primero_register_variants(register):\n"
        "    pass\n")
    metadata(tmp_path / "checks_odd-0.1.dist-info", "checks-odd",
             "attrint = checks_odd:NUMBER\nzero = checks_odd.zero\n")
    reg, caught = scanned(monkeypatch, tmp_path)
    reasons = {
        "attrint": "plug-in attrint: 'checks_odd:NUMBER' is 5 (int), not a module or an object "
                   "with primero_register_variants",
        "zero": "plug-in zero, hook primero_register_variants: registered no variant; "
                "expected at least one VariantSpec",
    }
    assert {b.name: b.reason for b in reg.broken()} == reasons
    assert caught == [f"primero: skipped the {r}" for r in reasons.values()]
    for name, reason in reasons.items():
        with pytest.raises(PluginError) as info:
            reg.variant(name)
        assert str(info.value) == reason
    assert reg.variant("waks").ranking.evaluate("7s 6h Ad Kc").label == "Primero 65"


# --- card text ------------------------------------------------------------------------------

@pytest.mark.parametrize("selector", ["\ufe0e", "\ufe0f"])
def test_a_variation_selector_after_a_suit_is_ignored(selector: str) -> None:
    """docs/rules/cards.md: ``7♠``-style cards; phones and editors write ``♣`` as ``♣︎`` or ``♣️``."""
    assert parse_cards(f"K\u2663{selector} 7\u2660{selector}, 6h") == (
        Card.parse("Kc"), Card.parse("7s"), Card.parse("6h"))
    # 7 + 6 + A + K of four suits: a Primero of 21 + 18 + 16 + 10 points (docs/rules/cards.md,
    # docs/rules/hands.md)
    assert evaluate(f"7s 6h Ad K\u2663{selector}").label == "Primero 65"


def test_other_marks_after_a_suit_are_still_refused() -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards("K\u2663!")
    assert str(info.value).startswith("unknown card 'K\u2663!': expected a rank")
