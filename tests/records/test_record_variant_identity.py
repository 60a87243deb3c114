"""A deal file replays the deal's own variant, or the deal is not saved.

A deal file names the variant and its options only; ``record_from_state`` of a deal played
with another variant of the same name (``attrs.evolve(WAKS, plugins=LOSING.plugins)``, the
plug-in guide's test pattern), with house rules, or with a variant nobody installed used to
write ``variant = "waks"`` silently, and the replay played the installed rules: another
winner. By the variant identity rules (spec with its rule objects, options, house rules) it
is refused now.
"""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import attrs
import pytest

from primero import RecordError, Variant, start_deal
from primero.deal.state import GameState
from primero.records import dump_record, load_record, record_from_state, replay, save_record
from primero.variants.losing import LOSING
from primero.variants.waks import WAKS

UNSAVED = "a deal file names only the variant and its options, so the deal cannot be saved"
#: How an error names the losing variant's rule class: with its distribution when primero is
#: installed from a wheel (its files are listed), bare from an editable install.
LOSING_RULES = re.compile(r"primero\.variants\.losing\.LosingRules"
                          rf"( \(primero {re.escape(importlib.metadata.version('primero'))}\))?")


def _showdown(variant: Variant) -> GameState:
    """A finished deal of ``variant`` that reached the showdown with both players in."""
    for seed in range(50):
        state = start_deal(variant, ["A", "B"], 10, seed=seed)
        while not state.over:
            legal = [str(a) for a in state.legal_actions()]
            state = state.apply(next((a for a in ("hold", "vie 1", "exchange") if a in legal),
                                     legal[0]))
        if state.ended_by == "showdown":
            return state
    raise AssertionError("no deal reached the showdown")


def test_another_variant_of_an_installed_name_is_refused(tmp_path: Path) -> None:
    mine = attrs.evolve(WAKS, plugins=LOSING.plugins).configure()  # still named "waks"
    state = _showdown(mine)
    message = ("variant 'waks' is not the installed variant of that name: its rule objects "
               "(LOSING) are not the installed one's (none); "
               f"{UNSAVED} (its replay would play the installed rules)")
    with pytest.raises(RecordError) as info:
        record_from_state(state)
    assert re.fullmatch(re.escape(message).replace("LOSING", LOSING_RULES.pattern),
                        str(info.value)), str(info.value)
    with pytest.raises(RecordError):
        save_record(state, tmp_path / "deal.toml")
    assert not (tmp_path / "deal.toml").exists()


def test_house_rules_are_refused() -> None:
    house = Variant(spec=WAKS, settings=WAKS.configure().settings,
                    house_rules=LOSING.plugins)
    with pytest.raises(RecordError) as info:
        record_from_state(_showdown(house))
    message = f"variant 'waks' plays house rules (LOSING): {UNSAVED}"
    assert re.fullmatch(re.escape(message).replace("LOSING", LOSING_RULES.pattern),
                        str(info.value)), str(info.value)


def test_a_variant_nobody_installed_is_refused() -> None:
    alone = attrs.evolve(WAKS, name="nowhere", aliases=()).configure()
    with pytest.raises(RecordError) as info:
        record_from_state(_showdown(alone))
    assert str(info.value).startswith("variant 'nowhere' is not installed (")
    assert str(info.value).endswith(f"): {UNSAVED}")


def test_the_installed_variant_with_options_still_round_trips() -> None:
    for variant in (WAKS.configure(), WAKS.configure(supremus=False), LOSING.configure()):
        state = _showdown(variant)
        again = replay(load_record(dump_record(record_from_state(state))))
        assert again == state
