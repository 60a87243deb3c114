"""The seating labels: which way round play goes and the deal passes (docs/rules/dealing.md).

``play_direction`` and ``deal_passes`` are labels for display only: they are shown under the
seats of ``describe()``, in the terminal game's ``rules`` and in its standings line, and they
never change who acts or who deals. The defaults are those of the table in
docs/rules/dealing.md#direction, written out here.
"""

from __future__ import annotations

import random
import re

import pytest

import primero
from cli_helpers import ok
from primero import InvalidOptionError
from primero.agents import HeuristicAgent, RandomAgent, play_session
from primero.cli.game import rules_lines
from primero.engine import start_deal
from primero.seating import deal_passing_text, seating_text
from primero.session import Session
from primero.variant import VariantSpec

#: docs/rules/dealing.md#direction: the Waks family counter-clockwise after the German sheet's
#: Italian tradition, the revival sheets and Primiera clockwise; the deal with play everywhere.
DEFAULTS = {
    "waks": "counter-clockwise", "cardano": "counter-clockwise", "suzuki": "counter-clockwise",
    "roman": "counter-clockwise", "losing": "counter-clockwise", "revival": "clockwise",
    "italian-primiera": "clockwise", "spanish-primera": "clockwise",
    "french-prime": "clockwise", "english-primero": "clockwise", "primiera": "clockwise",
}

CCW = "play goes counter-clockwise, the eldest at the dealer's right"
CW = "play goes clockwise, the eldest at the dealer's left"


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_every_built_in_variant_declares_the_labels_its_sources_give(name: str) -> None:
    variant = primero.get_variant(name)
    assert variant.option("play_direction") == DEFAULTS[name]
    assert variant.option("deal_passes") == "with_play"
    for option in ("play_direction", "deal_passes"):
        spec_option = variant.spec.option(option)
        assert not spec_option.affects_ranking
        assert "display only" in spec_option.doc


def test_describe_shows_the_labels_under_the_seats() -> None:
    # the Waks example deal's table (docs/tutorial.md): Dan deals, Anna is the eldest
    state = start_deal("waks", ["Anna", "Ben", "Carla", "Dan"], 50, dealer=3, seed=1)
    lines = state.describe().splitlines()
    assert lines[4].startswith(" D Dan")
    assert lines[5] == f"   {CCW}; the deal passes with play"
    revival = start_deal("revival", ["Anna", "Ben", "Carla"], 20, dealer=0, ante=1, seed=1)
    assert revival.describe().splitlines()[-1] == f"   {CW}; the deal passes with play"


def test_against_play_says_the_deal_still_goes_to_the_next_seat() -> None:
    variant = primero.get_variant("waks", play_direction="clockwise", deal_passes="against_play")
    assert seating_text(variant) == (
        f"{CW}; the deal passes to the next in playing order (the sheet passes it against "
        "play, counter-clockwise: a label only)")
    assert deal_passing_text(variant, "Ben") == (
        "the deal passes to Ben, the next in playing order (the sheet passes it against play, "
        "counter-clockwise: a label only)")
    assert deal_passing_text(primero.get_variant("primiera"), "Ben") == \
        "the deal passes with play, clockwise, to Ben"


def test_a_bad_label_is_refused_naming_the_allowed_values() -> None:
    with pytest.raises(InvalidOptionError) as info:
        primero.get_variant("waks", play_direction="left")
    assert str(info.value) == ("option 'play_direction': bad value 'left'; allowed: "
                               "'clockwise', 'counter-clockwise'")
    with pytest.raises(InvalidOptionError) as info:
        primero.get_variant("revival", deal_passes="backwards")
    assert str(info.value) == ("option 'deal_passes': bad value 'backwards'; allowed: "
                               "'with_play', 'against_play'")


def test_a_variant_without_the_labels_shows_none() -> None:
    bare = VariantSpec(name="bare", title="Bare", summary="No options.").configure()
    assert seating_text(bare) is None
    assert deal_passing_text(bare, "Ben") is None


@pytest.mark.parametrize("name", ["waks", "suzuki", "revival", "primiera"])
def test_sessions_that_differ_only_in_the_labels_play_every_deal_alike(name: str) -> None:
    play, other = DEFAULTS[name], "clockwise" if DEFAULTS[name] != "clockwise" else \
        "counter-clockwise"
    runs = []
    for labels in ({}, {"play_direction": other, "deal_passes": "against_play"}):
        variant = primero.get_variant(name, **labels)
        session = Session.new(variant, ["Anna", "Ben", "Carla", "Dan"], 30, seed=11)
        agents = [HeuristicAgent(), RandomAgent(), HeuristicAgent(), RandomAgent()]
        runs.append(play_session(session, agents, 6, random.Random(5)))
    (plain, plain_deals), (labelled, labelled_deals) = runs
    assert plain.variant != labelled.variant  # the labels are options of the variant ...
    assert play != other
    assert len(plain_deals) == len(labelled_deals) == 6
    for a, b in zip(plain_deals, labelled_deals, strict=True):  # ... and change nothing else
        assert (a.players, a.dealer, a.setup.chips, a.setup.carry, a.setup.stock) == \
            (b.players, b.dealer, b.setup.chips, b.setup.carry, b.setup.stock)
        assert [str(e) for e in a.history] == [str(e) for e in b.history]
        assert a.stacks == b.stacks and a.ended_by == b.ended_by
        assert a.settlement is not None and b.settlement is not None
        assert a.settlement.awards == b.settlement.awards
    assert (plain.players, plain.chips, plain.dealer, plain.carry) == \
        (labelled.players, labelled.chips, labelled.dealer, labelled.carry)


def test_the_rules_text_names_the_labels() -> None:
    lines = rules_lines(primero.get_variant("waks"))
    assert lines[:2] == ["  Waks English Primero", f"  {CCW}; the deal passes with play"]
    assert rules_lines(primero.get_variant("primiera"))[1] == \
        f"  {CW}; the deal passes with play"


def _standings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("standings after deal")]


def test_the_standings_line_names_the_next_dealer_with_the_labels() -> None:
    # the terminal game seats Anna, Ben, Carla, Dan and Dan deals first: Anna deals next, then Ben
    plain = ok("play", "--auto", "--seed", "1", "--deals", "3")
    against = ok("play", "--auto", "--seed", "1", "--deals", "3",
                 "--option", "deal_passes=against_play")
    assert [s.split("; ")[-1] for s in _standings(plain)][:2] == [
        "the deal passes with play, counter-clockwise, to Anna",
        "the deal passes with play, counter-clockwise, to Ben"]
    assert "deal passes" not in _standings(plain)[2]  # the last deal: no deal follows
    assert _standings(against)[0].endswith(
        "the deal passes to Anna, the next in playing order (the sheet passes it against "
        "play, clockwise: a label only)")
    # everything else is the same, word for word: the same deals, the same dealers
    words = re.compile(r"; the deal passes .*$", re.MULTILINE)
    assert words.sub("", plain) == words.sub("", against)
    assert re.findall(r"; (\w+) deals", plain) == ["Dan", "Anna", "Ben"]
