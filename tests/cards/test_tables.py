"""Compact hand tables (primero.tables): census, batch evaluation, the derived build, the cache.

Expected figures come from docs/rules/figures.md, counting formulas and tests/oracle.py (which
imports
nothing from primero); the batch API is checked against the ranking hooks asked hand by hand.
"""

from __future__ import annotations

import itertools
import os
import pickle
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import oracle
import primero
from primero import Card, Classification, HandValue, InvalidDeckError, get_variant, hookimpl
from primero.plugins.registry import registry
from primero.plugins.rules import Rules
from primero.tables import (
    CACHE_DIR_ENV,
    NO_CACHE_ENV,
    HandTable,
    TableCacheWarning,
    _serialise,
    colex_index,
)

PACKS = ("italian40", "spanish48", "french52")
#: docs/rules/figures.md, standard ranking with Supremus and Chorus on.
RULES_11 = {
    "italian40": {"Numerus": 80_430, "Primero": 9_990, "Supremus": 120, "Fluxus": 840,
                  "Chorus": 10},
    "spanish48": {"Numerus": 171_720, "Primero": 20_724, "Supremus": 144, "Fluxus": 1_980,
                  "Chorus": 12},
    "french52": {"Numerus": 239_148, "Primero": 28_548, "Supremus": 156, "Fluxus": 2_860,
                 "Chorus": 13},
}
OPTION_COMBINATIONS = [
    dict(zip(("supremus", "chorus", "numerus_counts", "high_primero_beats_fluxus"), combo,
             strict=True))
    for combo in itertools.product((True, False), (True, False), ("best_suit", "all"),
                                   (False, True))
]


def _fresh(variant: primero.Variant) -> primero.Ranking:
    """A ranking of ``variant`` that shares nothing with the cached one."""
    return Rules(variant)._build_ranking()


def _expected_census(deck: str, options: dict[str, Any]) -> dict[str, int]:
    """docs/rules/hands.md applied to the counting formulas: an option off moves its hands."""
    counts = oracle.census_formula(deck)
    assert counts == RULES_11[deck]  # the formulas reproduce docs/rules/figures.md
    if not options["supremus"]:
        counts["Numerus"] += counts.pop("Supremus")  # 7-6-A of a suit is a Numerus 55
    if not options["chorus"]:
        counts["Primero"] += counts.pop("Chorus")  # four of a kind has four suits
    return counts


@pytest.mark.parametrize("deck", PACKS)
@pytest.mark.parametrize("options", OPTION_COMBINATIONS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_census_every_pack_every_option(deck: str, options: dict[str, Any]) -> None:
    ranking = get_variant("waks", deck=deck, **options).ranking
    assert ranking.census() == _expected_census(deck, options)
    assert len(ranking.hand_table) == comb(len(ranking.pack), 4)


@cache
def _colex_list(n: int) -> list[tuple[int, ...]]:
    return sorted(itertools.combinations(range(n), 4),
                  key=lambda h: sum(comb(i, k + 1) for k, i in enumerate(h)))


def _colex_hands(n: int) -> Iterator[tuple[int, ...]]:
    """The hands of ``n`` cards by table index, enumerated apart from primero.tables."""
    return iter(_colex_list(n))


@pytest.mark.parametrize(("deck", "options"), [
    ("spanish48", {}),
    ("french52", {}),
    ("french52", {"supremus": False, "chorus": False, "numerus_counts": "all"}),
], ids=lambda o: (",".join(o) or "defaults") if isinstance(o, dict) else o)
def test_every_hand_of_the_larger_packs_matches_the_oracle(deck: str, options: dict[str, Any]) \
        -> None:
    # italian40 under every option set: tests/test_hands.py
    table = get_variant("waks", deck=deck, **options).ranking.hand_table
    cards = oracle.pack(deck)  # in primero's canonical order: suit, then rank
    for index, hand in enumerate(_colex_hands(len(cards))):
        hand_class, points = oracle.classify(tuple(cards[i] for i in hand), **options)
        assert (table.classes[table.class_ids[index]], table.points[index]) == \
            (hand_class, points), hand


def _key_ranks(ranking: primero.Ranking) -> list[int]:
    """Each hand's dense rank among the hooks' keys, asked hand by hand (the per-hand path)."""
    classify, order = ranking._classify, ranking._order
    keys = [order(classify(hand)) for hand in itertools.combinations(ranking.pack.ordered, 4)]
    position = {key: r for r, key in enumerate(sorted(set(keys)))}
    return [position[k] for k in keys]


@pytest.mark.parametrize("name", [n for n in registry().names()
                                  if get_variant(n).pack.name == "italian40"])
def test_evaluate_many_and_evaluate_order_every_40_card_hand_alike(name: str) -> None:
    ranking = get_variant(name).ranking
    hands = list(itertools.combinations(ranking.pack.ordered, 4))
    indices = np.array([[ranking.pack.index(c) for c in hand] for hand in hands])
    batch = ranking.evaluate_many(indices[:, ::-1])  # any order of the four cards
    single = [ranking.evaluate(hand).strength for hand in hands]
    assert batch.tolist() == single == _key_ranks(ranking)
    assert batch.shape == (comb(40, 4),)


def test_losing_is_waks_inverted() -> None:
    waks, losing = get_variant("waks").ranking, get_variant("losing").ranking
    every = np.array(list(itertools.combinations(range(40), 4)))
    high, low = waks.evaluate_many(every), losing.evaluate_many(every)
    assert (low == high.max() - high).all()
    assert (waks.direction, losing.direction) == ("high", "low")
    assert losing.low_wins and not waks.low_wins


def test_evaluate_many_takes_sequences_of_hands() -> None:
    ranking = get_variant().ranking
    out = ranking.evaluate_many(["7s 6h Ad Kc", [Card.parse(c) for c in ("7s", "6s", "As",
                                                                         "Kc")]])
    assert out.tolist() == [ranking.evaluate("7s 6h Ad Kc").strength,
                            ranking.evaluate("7s 6s As Kc").strength]
    assert ranking.evaluate_many([]).shape == (0,)


@pytest.mark.parametrize(("hands", "message"), [
    (np.array([[0, 1, 2]]), "(N, 4) integer array"),
    (np.array([[0.0, 1.0, 2.0, 3.0]]), "(N, 4) integer array"),
    (np.array([[0, 1, 2, 40]]), "card index 40 is outside the italian40 pack"),
    (np.array([[0, 1, 2, 3], [5, 1, 5, 3]]), "hand 1 of evaluate_many: duplicate card 6s (6♠)"),
    (["7s 6h Ad 9c"], "not in the italian40 pack"),
])
def test_evaluate_many_rejects_bad_hands(hands: Any, message: str) -> None:
    with pytest.raises(InvalidDeckError, match=message.replace("(", r"\(").replace(")", r"\)")):
        get_variant().ranking.evaluate_many(hands)


def test_dense_pack_indices() -> None:
    for deck in PACKS:
        pack = primero.get_pack(deck)
        assert [pack.index(c) for c in pack.ordered] == list(range(len(pack)))
        assert [pack.card_at(i) for i in range(len(pack))] == list(pack.ordered)
    with pytest.raises(InvalidDeckError, match="not in the italian40 pack"):
        primero.ITALIAN40.index(Card.parse("8s"))
    with pytest.raises(InvalidDeckError, match="outside the italian40 pack"):
        primero.ITALIAN40.card_at(40)
    assert colex_index([3, 2, 1, 0]) == 0 and colex_index([0, 1, 2, 4]) == 1


def test_hand_values_are_made_on_request() -> None:
    ranking = get_variant().ranking
    value = ranking.evaluate("Kc Ad 6h 7s")
    again = HandValue(ranking=ranking, index=ranking.index_of("7s 6h Ad Kc"))
    assert (again.label, again.cards, again.key) == ("Primero 65", value.cards, (2, 65))
    assert again == value and again.ties(value) and not again < value
    assert pickle.loads(pickle.dumps(value)).label == "Primero 65"
    with pytest.raises(AttributeError):
        value.points = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        HandValue(ranking, 0)  # type: ignore[misc]  # keyword-only
    assert ranking.hand_table.nbytes < 2 * 1024 * 1024


def test_ranking_facts() -> None:
    assert get_variant("waks").ranking.strongest_first == (
        "Chorus", "Fluxus", "Supremus", "Primero", "Numerus")
    assert get_variant("losing").ranking.strongest_first == (
        "Numerus", "Primero", "Supremus", "Fluxus", "Chorus")
    assert get_variant("roman").ranking.strongest_first == (
        "Chorus", "Fluxus", "Primero", "Numerus")
    assert get_variant("primiera").ranking.direction == "high"
    assert get_variant("waks").ranking.descriptions["Primero"] == "one card of each suit"


# --- plug-ins are honoured ----------------------------------------------------------------------

class SevensCount42:
    @hookimpl
    def primero_card_points(self, variant: object, card: Card) -> int | None:
        return 42 if card.rank == 7 else None


class EverythingIsNumerus:
    """Classifies every hand itself: the table must ask it hand by hand."""

    @hookimpl
    def primero_classify_hand(self, variant: object, cards: tuple[Card, ...],
                              points: dict[Card, int]) -> Classification:
        return Classification("Numerus", sum(points[c] for c in cards), cards)


class FewestPointsBest:
    """Orders hands itself (unmarked): asked hand by hand."""

    @hookimpl
    def primero_hand_order(self, variant: object, classification: Classification,
                           classes: tuple[str, ...]) -> tuple[int, ...]:
        return (-classification.points,)


def _with(*rules: object) -> primero.Variant:
    base = get_variant()
    return primero.Variant(spec=base.spec, settings=base.settings, house_rules=rules)


def test_card_points_of_a_plug_in_reach_the_derived_table() -> None:
    ranking = _with(SevensCount42()).ranking
    points = {**oracle.POINTS, 7: 42}
    cards = oracle.pack("italian40")
    table = ranking.hand_table
    for index, hand in enumerate(_colex_hands(40)):
        assert (table.classes[table.class_ids[index]], table.points[index]) == \
            oracle.classify(tuple(cards[i] for i in hand), points)


def test_a_plug_in_that_classifies_is_asked_for_every_hand() -> None:
    ranking = _with(EverythingIsNumerus()).ranking
    assert ranking.census()["Numerus"] == comb(40, 4)
    assert ranking.evaluate("7s 7h 7d 7c").label == "Numerus 84"


def test_a_plug_in_that_orders_is_asked_for_every_hand() -> None:
    ranking = _with(FewestPointsBest()).ranking
    assert ranking.evaluate("Ks Qs 2h 3d") > ranking.evaluate("7s 6h Ad Kc")
    assert ranking.direction == "low"  # its keys prefer fewer points (nothing stated)
    every = np.array(list(itertools.combinations(range(40), 4)))
    assert _key_ranks(ranking) == ranking.evaluate_many(every).tolist()


# --- the cache ----------------------------------------------------------------------------------

@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    return tmp_path


def _tables(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.table"))


def _no_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(**kwargs: Any) -> HandTable:
        raise AssertionError("the table was built, not read from the cache")

    monkeypatch.setattr("primero.tables.build_table", refuse)


def test_a_table_is_written_once_and_then_read(cache: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    first = _fresh(get_variant("losing"))
    census = first.census()
    [path] = _tables(cache)
    assert path.name.startswith("losing-italian40-")
    _no_build(monkeypatch)
    again = _fresh(get_variant("losing"))
    assert again.census() == census
    assert again.strengths().tolist() == first.strengths().tolist()


def _rewrite(path: Path, change: Callable[[bytes], bytes]) -> None:
    path.write_bytes(change(path.read_bytes()))


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 2],                  # truncated
    lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]),     # a flipped payload byte
    lambda data: b"garbage",                              # not a table at all
    lambda data: data.replace(b'"size": 40', b'"size": 41'),  # a header that lies
])
def test_a_corrupt_file_is_rebuilt_with_a_warning(cache: Path,
                                                  damage: Callable[[bytes], bytes]) -> None:
    expected = _fresh(get_variant()).strengths().tolist()
    [path] = _tables(cache)
    _rewrite(path, damage)
    with pytest.warns(TableCacheWarning, match="unusable"):
        rebuilt = _fresh(get_variant())
        assert rebuilt.strengths().tolist() == expected
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _fresh(get_variant()).strengths().tolist() == expected  # rewritten, sound


def test_a_stale_file_is_rebuilt(cache: Path) -> None:
    ranking = _fresh(get_variant())
    ranking.census()
    [path] = _tables(cache)
    other = _fresh(get_variant("losing")).hand_table  # a valid table of other rules
    path.write_bytes(_serialise(other, "a key of other rules"))
    with pytest.warns(TableCacheWarning, match="stale"):
        again = _fresh(get_variant())
        assert again.strengths().tolist() == ranking.strengths().tolist()


def test_options_and_plug_ins_key_the_cache(cache: Path) -> None:
    _fresh(get_variant()).census()
    _fresh(get_variant(supremus=False)).census()
    _fresh(get_variant("waks", tie="split")).census()
    _fresh(_with(SevensCount42())).census()
    assert len(_tables(cache)) == 3  # the tie policy does not decide the ranking


def test_cache_off_writes_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NO_CACHE_ENV, "1")
    assert _fresh(get_variant()).census() == RULES_11["italian40"]
    assert list(cache.iterdir()) == []


def test_two_processes_writing_at_once_leave_one_valid_file(cache: Path) -> None:
    code = ("import primero; from primero.plugins.registry import Rules; "
            "print(Rules(primero.get_variant('waks', deck='french52'))._build_ranking()"
            ".census()['Chorus'])")
    env = dict(os.environ, **{CACHE_DIR_ENV: str(cache)})
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [p.communicate(timeout=120) for p in procs]
    assert [out.strip() for out, _ in results] == ["13", "13"], results
    assert all("Warning" not in err for _, err in results), results
    assert [p.name for p in cache.iterdir() if not p.name.endswith(".table")] == []
    [path] = _tables(cache)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _fresh(get_variant("waks", deck="french52")).census() == RULES_11["french52"]
    assert path.exists()


def test_index_many_reads_the_class_and_points_arrays() -> None:
    ranking = get_variant().ranking
    hands = ["7s 6h Ad Kc", "7s 6s As Kc", "Ks Qs 2h 3d"]
    index = ranking.index_many(hands)
    assert index.tolist() == [ranking.index_of(h) for h in hands]
    class_ids, points, strength = ranking.hand_table.arrays()
    labels = [f"{ranking.classes[c]} {p}" for c, p in zip(class_ids[index], points[index],
                                                           strict=True)]
    assert labels == ["Primero 65", "Supremus 55", "Numerus 20"]
    assert strength[index].tolist() == ranking.evaluate_many(hands).tolist()


@pytest.mark.parametrize(("typecode", "values", "limit"), [
    ("b", [0, 5, 127], 128), ("b", [0, -1], 128), ("b", [0, 4], 4), ("b", [3, 0], 4),
    ("h", [0, 111], 112), ("h", [0, 112], 112), ("h", [-1, 3], 112), ("h", [256, 0], 112),
    ("h", [0, 255], 256), ("h", [0, 300], 256), ("h", [5, 300], 400), ("h", [-3], 400),
    ("i", [0, 7], 8), ("i", [8], 8),
])
def test_the_range_check_on_bytes_agrees_with_min_and_max(typecode: str, values: list[int],
                                                          limit: int) -> None:
    from array import array

    from primero.tables import _all_below

    expected = all(0 <= v < limit for v in values)  # the definition, value by value
    assert _all_below(array(typecode, values), limit) is expected
