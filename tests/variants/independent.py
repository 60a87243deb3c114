"""Independent checks for the roman, losing and revival tests: a hand oracle and deal files.

The oracle imports nothing from primero: a card is a ``(rank, suit)`` pair of ints (rank 1 =
ace ... 13 = king, suit 0-3) and the classes follow docs/rules/hands.md as written, counting each
suit
with a plain dictionary. Agreement with the library's tables is evidence, not an echo.

:func:`check_deal_file` replays one of the deal files in this directory with
:mod:`primero.records` and asserts its ``[expect]`` table (worked out by hand in the file's
comments).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

#: This directory: the deal files live next to the tests.
HERE = Path(__file__).resolve().parent

#: docs/rules/cards.md (8/9/10 after [ZOR-B]), by rank number.
POINTS: dict[int, int] = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21,
                          8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10}

#: Ranks of each pack (docs/rules/cards.md).
PACK_RANKS: dict[str, tuple[int, ...]] = {
    "italian40": (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    "spanish48": (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13),
    "french52": tuple(range(1, 14)),
}

#: Standard classes from weakest to strongest (docs/rules/hands.md).
TIERS = {"Numerus": 0, "Primero": 1, "Supremus": 2, "Fluxus": 3, "Chorus": 4}

Card = tuple[int, int]
Hand = tuple[Card, ...]


def classify(hand: Hand, *, supremus: bool) -> tuple[str, int]:
    """``(class, points)`` of four cards under the standard ranking, ``chorus`` on."""
    ranks_by_suit: dict[int, list[int]] = {}
    for rank, suit in hand:
        ranks_by_suit.setdefault(suit, []).append(rank)
    total = sum(POINTS[rank] for rank, _ in hand)
    if len({rank for rank, _ in hand}) == 1:
        return "Chorus", total
    if len(ranks_by_suit) == 1:
        return "Fluxus", total
    if supremus and any(sorted(ranks) == [1, 6, 7] for ranks in ranks_by_suit.values()):
        return "Supremus", 55
    if len(ranks_by_suit) == 4:
        return "Primero", total
    return "Numerus", max(sum(POINTS[r] for r in ranks)
                          for ranks in ranks_by_suit.values() if len(ranks) > 1)


def strength(value: tuple[str, int]) -> tuple[int, int]:
    """A standard sort key of an oracle value: larger is better."""
    return TIERS[value[0]], value[1]


def pack(name: str) -> list[Card]:
    """The cards of a pack, suit by suit."""
    return [(rank, suit) for suit in range(4) for rank in PACK_RANKS[name]]


@cache
def table(name: str, *, supremus: bool) -> dict[frozenset[Card], tuple[str, int]]:
    """Every hand of a pack with its oracle value (built once per test session)."""
    return {frozenset(hand): classify(hand, supremus=supremus)
            for hand in combinations(pack(name), 4)}


def census(name: str, *, supremus: bool) -> dict[str, int]:
    """Hands per class over the pack."""
    return dict(Counter(value[0] for value in table(name, supremus=supremus).values()))


def point_ranges(name: str, *, supremus: bool) -> dict[str, tuple[int, int]]:
    """Lowest and highest points of each class over the pack."""
    ranges: dict[str, tuple[int, int]] = {}
    for hand_class, points in table(name, supremus=supremus).values():
        low, high = ranges.get(hand_class, (points, points))
        ranges[hand_class] = (min(low, points), max(high, points))
    return ranges


def as_pairs(cards: Any) -> frozenset[Card]:
    """Library cards as oracle pairs (``Rank`` and ``Suit`` are int enums)."""
    return frozenset((int(card.rank), int(card.suit)) for card in cards)


# --------------------------------------------------------------------------------------------
# Deal files


def check_deal_file(name: str) -> Any:
    """Replay ``name`` (a file in this directory) and assert its ``[expect]`` table.

    Keys: ``pot`` (chips on the table at the end, before settling), ``hands`` (final hands as
    sets), ``values`` (shown hands' labels), ``awards`` (``player``, ``amount``, ``value``),
    ``chips`` (final stacks in playing order).

    Returns:
        The finished state.
    """
    from primero.cards import parse_cards
    from primero.records import load_record, replay

    record = load_record(HERE / name)
    state = replay(record)
    expect = record.expect
    assert state.over, f"{name}: the deal is not over"
    settlement = state.settlement
    assert settlement is not None
    assert state.carry_in + sum(s.contributed for s in state.seats) == expect["pot"]
    for player, cards in expect.get("hands", {}).items():
        assert set(state.seats[state.seat_of(player)].hand) == set(parse_cards(cards)), player
    shown = {state.seats[seat].name: value.label for seat, value in settlement.values}
    assert shown == dict(expect.get("values", {}))
    awards = [
        {"player": state.seats[a.seat].name, "amount": a.amount}
        | ({"value": a.value.label} if a.value is not None else {})
        for a in settlement.awards
    ]
    assert sorted(awards, key=str) == sorted(expect["awards"], key=str)
    assert list(state.stacks) == list(expect["chips"])
    assert settlement.carry == expect.get("carry", 0)
    return state
