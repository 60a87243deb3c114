"""The set-up of a deal refuses what would make one deal two deals or one name two names.

A seed is a whole number from 0 everywhere a deal takes one (docs/reference/deal-files.md,
the command line's ``--seed``); player names are checked before the actions that name them;
names that print alike or print as nothing are refused; a deal file's ``format`` is the whole
number 1. Expected messages are written out by hand from the wording the docs give.
"""

from __future__ import annotations

import random

import pytest

from primero import DealSetup, PrimeroError, start_deal
from primero.batch import BatchEngine
from primero.errors import RecordError
from primero.records import load_record, replay
from primero.setup import player_names_problem, seed_problem, seeded_stock

_FILE = """\
{format}variant = "waks"
players = [{players}]
dealer = "Ben"
chips = 5
seed = {seed}
actions = [{actions}]
"""


def _file(*, players: str = '"Anna", "Ben"', seed: str = "1", actions: str = "",
          fmt: str | None = None) -> str:
    return _FILE.format(format="" if fmt is None else f"format = {fmt}\n", players=players,
                        seed=seed, actions=actions)


def test_a_negative_seed_is_refused_in_a_deal_file_with_the_command_lines_wording() -> None:
    with pytest.raises(RecordError) as info:
        load_record(_file(seed="-1"))
    assert str(info.value) == "deal record: key 'seed': seed must be at least 0, got -1"


def test_seed_zero_is_a_seed_in_a_deal_file() -> None:
    assert load_record(_file(seed="0")).seed == 0


def test_start_deal_refuses_a_negative_seed_in_both_forms() -> None:
    with pytest.raises(PrimeroError, match=r"^seed must be at least 0, got -1$"):
        start_deal("waks", ["A", "B"], 5, seed=-1)
    setup = DealSetup(players=("A", "B"), chips=(5, 5), dealer=1, seed=-3)
    with pytest.raises(PrimeroError, match=r"^seed must be at least 0, got -3$"):
        start_deal("waks", setup)


def test_seeded_stock_refuses_a_negative_seed_and_keeps_the_stock_of_a_positive_one() -> None:
    cards = tuple(range(10))
    with pytest.raises(PrimeroError, match=r"^seed must be at least 0, got -1$"):
        seeded_stock(cards, -1)  # type: ignore[arg-type]
    expected = list(cards)
    random.Random(1).shuffle(expected)  # the stock the docs promise: random.shuffle's
    assert seeded_stock(cards, 1) == tuple(expected)  # type: ignore[arg-type]


def test_batch_engine_reset_refuses_negative_seeds_and_names_the_deal() -> None:
    batch = BatchEngine("waks", deals=2, players=2, chips=5)
    with pytest.raises(PrimeroError, match=r"^deal 1 of 2: seed must be at least 0, got -2$"):
        batch.reset(seeds=[3, -2])
    with pytest.raises(PrimeroError, match=r"^seed must be at least 0, got -1$"):
        batch.reset(seed=-1)


def test_seed_problem_words_a_huge_negative_seed_by_its_length() -> None:
    assert seed_problem(-(10 ** 20)) == "seed must be at least 0, got a 21-digit number"
    assert seed_problem(True) == "seed must be a whole number, got True"
    assert seed_problem(0) is None


@pytest.mark.parametrize(("sep", "kind", "code"), [
    ("\\t", "control", "0009"), ("\\u00a0", "invisible", "00A0"),
    ("\\u3000", "invisible", "3000"), ("\\u2028", "invisible", "2028"),
])
def test_a_bad_player_name_is_blamed_even_when_that_player_acts(sep: str, kind: str,
                                                                 code: str) -> None:
    text = _file(players=f'"An{sep}na", "Ben"', actions=f'"An{sep}na vie 1"')
    with pytest.raises(RecordError) as info:
        replay(load_record(text))
    shown = repr("An" + {"0009": "\t", "00A0": "\u00a0", "3000": "\u3000",
                         "2028": "\u2028"}[code] + "na")
    assert str(info.value) == (f"deal record: player name {shown} holds the {kind} character "
                               f"U+{code}: a name is printable text")


def test_names_equal_after_nfc_normalisation_are_refused() -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["\u00e9mile", "e\u0301mile"], 5, seed=1)
    assert str(info.value) == (
        "player names '\u00e9mile' and 'e\u0301mile' print alike (the same after NFC "
        "normalisation, ignoring characters that print as nothing): names must be distinct")


def test_names_differing_only_in_a_variation_selector_are_refused() -> None:
    assert player_names_problem(["Anna", "Anna\ufe0f"]) == (
        "player names 'Anna' and 'Anna\ufe0f' print alike (the same after NFC "
        "normalisation, ignoring characters that print as nothing): names must be distinct")
    with pytest.raises(PrimeroError, match="print alike"):
        start_deal("waks", ["Anna", "Anna\ufe0f"], 5, seed=1)


def test_a_name_of_a_lone_combining_mark_is_refused() -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["\u0301", "Ben"], 5, seed=1)
    assert str(info.value) == ("player name '\u0301' has no visible character (only marks or "
                               "characters that print as nothing): a name must show")


def test_a_deal_file_refuses_names_that_print_alike_before_its_actions() -> None:
    with pytest.raises(RecordError) as info:
        load_record(_file(players='"Anna", "Anna\ufe0f"', actions='"Anna vie 1"'))
    assert str(info.value).startswith("deal record: player names 'Anna' and 'Anna\ufe0f' "
                                      "print alike")


def test_distinct_accented_names_still_sit_together() -> None:
    assert player_names_problem(["\u00e9mile", "Emile", "emile", "\u00c9mile"]) is None
    state = start_deal("waks", ["\u00e9mile", "Emile"], 5, seed=1)
    assert state.setup.players == ("\u00e9mile", "Emile")


@pytest.mark.parametrize("fmt", ["1.0", "true", '"1"'])
def test_format_must_be_the_whole_number_1(fmt: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(_file(fmt=fmt))
    shown = {"1.0": "1.0", "true": "True", '"1"': "'1'"}[fmt]
    assert str(info.value) == (f"deal record: key 'format' must be a whole number (the "
                               f"format, 1), got {shown}")


def test_format_1_is_read_and_a_later_one_is_refused_as_later() -> None:
    assert load_record(_file(fmt="1")) == load_record(_file())
    with pytest.raises(RecordError, match=r"a later format needs a later primero\)$"):
        load_record(_file(fmt="2"))
