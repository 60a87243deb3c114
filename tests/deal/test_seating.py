"""The seating: which way round play goes (a label) and where the deal passes (a rule).

``play_direction`` is a label for display only: shown under the seats of ``describe()``, in the
terminal game's ``rules`` and in its standings line, it never changes who acts or who deals.
``deal_passes`` is a rule of the session (docs/rules/dealing.md#direction): ``with_play``, the
eldest deals next; ``against_play``, the player before the dealer. The defaults are those of
the table in docs/rules/dealing.md#direction, written out here.
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
from primero.deal.engine import start_deal
from primero.seating import deal_passing_text, seating_text
from primero.session import Session
from primero.variant import VariantSpec

#: docs/rules/dealing.md#direction: the Waks family and Primiera play counter-clockwise (to the
#: dealer's right: the German sheet's own rule; Primiera's exchange and next dealer go to the
#: right), the revival sheets clockwise; the toy takes the revival game's.
DEFAULTS = {
    "waks": "counter-clockwise", "cardano": "counter-clockwise", "suzuki": "counter-clockwise",
    "roman": "counter-clockwise", "losing": "counter-clockwise", "revival": "clockwise",
    "italian-primiera": "clockwise", "spanish-primera": "clockwise",
    "french-prime": "clockwise", "english-primero": "clockwise",
    "primiera": "counter-clockwise", "toy": "clockwise",
}
#: The deal passes with play in the Waks family [seed-DE] and Primiera [seed-PRIMIERA], against
#: play in the revival game and its presets [seed-FR][seed-IT] (and the toy, which follows it).
AGAINST = {"revival", "italian-primiera", "spanish-primera", "french-prime", "english-primero",
           "toy"}

CCW = "play goes counter-clockwise, the eldest at the dealer's right"
CW = "play goes clockwise, the eldest at the dealer's left"


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_every_built_in_variant_declares_the_seating_its_sources_give(name: str) -> None:
    variant = primero.get_variant(name)
    assert variant.option("play_direction") == DEFAULTS[name]
    assert variant.option("deal_passes") == ("against_play" if name in AGAINST else "with_play")
    for option in ("play_direction", "deal_passes"):
        assert not variant.spec.option(option).affects_ranking
    assert "display only" in variant.spec.option("play_direction").doc
    assert "rule of the session" in variant.spec.option("deal_passes").doc


def test_describe_shows_the_seating_under_the_seats() -> None:
    # the Waks example deal's table (docs/tutorial.md): Dan deals, Anna is the eldest
    state = start_deal("waks", ["Anna", "Ben", "Carla", "Dan"], 50, dealer=3, seed=1)
    lines = state.describe().splitlines()
    assert lines[4].startswith(" D Dan")
    assert lines[5] == f"   {CCW}; the deal passes with play, to the eldest"
    revival = start_deal("revival", ["Anna", "Ben", "Carla"], 20, dealer=0, ante=1, seed=1)
    assert revival.describe().splitlines()[-1] == \
        f"   {CW}; the deal passes against play, counter-clockwise, to the dealer's right"


def test_the_deal_passing_text_names_the_next_dealer_and_the_way() -> None:
    variant = primero.get_variant("waks", play_direction="clockwise", deal_passes="against_play")
    assert seating_text(variant) == \
        f"{CW}; the deal passes against play, counter-clockwise, to the dealer's right"
    assert deal_passing_text(variant, "Ben") == \
        "Ben deals next (the deal passes against play, counter-clockwise)"
    assert deal_passing_text(variant, "you") == \
        "you deal next (the deal passes against play, counter-clockwise)"
    assert deal_passing_text(primero.get_variant("primiera"), "Ben") == \
        "Ben deals next (the deal passes with play, counter-clockwise)"


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
    assert deal_passing_text(bare, "Ben") == "Ben deals next"


def _play(name: str, players: list[str], deals: int, **options: str) \
        -> tuple[Session, list[primero.GameState]]:
    variant = primero.get_variant(name, **options)
    session = Session.new(variant, players, 30, seed=11)
    agents = [HeuristicAgent(), RandomAgent(), HeuristicAgent(), RandomAgent()][:len(players)]
    return play_session(session, agents, deals, random.Random(5))


def _alike(runs: list[tuple[Session, list[primero.GameState]]], deals: int) -> None:
    (plain, plain_deals), (labelled, labelled_deals) = runs
    assert plain.variant != labelled.variant  # the options are options of the variant ...
    assert len(plain_deals) == len(labelled_deals) == deals
    for a, b in zip(plain_deals, labelled_deals, strict=True):  # ... and change nothing else
        assert (a.players, a.dealer, a.setup.chips, a.setup.carry, a.setup.stock) == \
            (b.players, b.dealer, b.setup.chips, b.setup.carry, b.setup.stock)
        assert [str(e) for e in a.history] == [str(e) for e in b.history]
        assert a.stacks == b.stacks and a.ended_by == b.ended_by
        assert a.settlement is not None and b.settlement is not None
        assert a.settlement.awards == b.settlement.awards
    assert (plain.players, plain.chips, plain.dealer, plain.carry) == \
        (labelled.players, labelled.chips, labelled.dealer, labelled.carry)


@pytest.mark.parametrize("name", ["waks", "suzuki", "revival", "primiera"])
def test_sessions_that_differ_only_in_the_play_direction_play_every_deal_alike(name: str) -> None:
    other = "clockwise" if DEFAULTS[name] != "clockwise" else "counter-clockwise"
    players = ["Anna", "Ben", "Carla", "Dan"]
    _alike([_play(name, players, 6), _play(name, players, 6, play_direction=other)], 6)


@pytest.mark.parametrize("name", ["waks", "revival"])
def test_with_two_players_where_the_deal_passes_changes_nothing(name: str) -> None:
    # two seats: the eldest is also the player before the dealer
    _alike([_play(name, ["Anna", "Ben"], 5, deal_passes="with_play"),
            _play(name, ["Anna", "Ben"], 5, deal_passes="against_play")], 5)


def test_the_rules_text_names_the_seating() -> None:
    lines = rules_lines(primero.get_variant("waks"))
    assert lines[:2] == ["  Waks English Primero",
                         f"  {CCW}; the deal passes with play, to the eldest"]
    assert rules_lines(primero.get_variant("primiera"))[1] == \
        f"  {CCW}; the deal passes with play, to the eldest"


def _standings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("standings after deal")]


def test_the_standings_line_names_the_next_dealer_the_deal_passes_to() -> None:
    # the terminal game seats Anna, Ben, Carla, Dan (seats 0-3) and Dan deals first. With play:
    # the eldest deals next, Anna, then Ben. Against play: the player before the dealer, Carla
    # (before Dan), then Ben (before Carla).
    plain = ok("play", "--auto", "--seed", "1", "--deals", "3")
    against = ok("play", "--auto", "--seed", "1", "--deals", "3",
                 "--option", "deal_passes=against_play")
    assert [s.split("; ")[-1] for s in _standings(plain)][:2] == [
        "Anna deals next (the deal passes with play, counter-clockwise)",
        "Ben deals next (the deal passes with play, counter-clockwise)"]
    assert "deals next" not in _standings(plain)[2]  # the last deal: no deal follows
    assert [s.split("; ")[-1] for s in _standings(against)][:2] == [
        "Carla deals next (the deal passes against play, clockwise)",
        "Ben deals next (the deal passes against play, clockwise)"]
    assert "deals next" not in _standings(against)[2]
    assert re.findall(r"; (\w+) deals;", plain) == ["Dan", "Anna", "Ben"]
    assert re.findall(r"; (\w+) deals;", against) == ["Dan", "Carla", "Ben"]
    # the first deal is the same deal, word for word, up to its standings line
    assert plain.split("standings after deal 1")[0] == against.split("standings after deal 1")[0]
