"""Cardano's Italian calling Primero: calls, their order, the showdown test.

Rules: docs/rules/cardano.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from dealfile import check_expect, deal_files
from hypothesis import HealthCheck, settings

import oracle
from primero import IllegalActionError, InvalidOptionError, evaluate, get_variant, registry
from primero.actions import Call, Fold, Hold, Pass, Vie
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.records import load_record, replay
from primero.testing.runner import run_deal_machine
from primero.testing.snapshots import snapshot
from primero.variants.cardano import call_book, last_call, parse_understatements

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]

#: docs/rules/cardano.md: the calls over italian40 the rules name as impossible, and the Chorus
#: calls.
ITALIAN40_CHORUS = (40, 48, 52, 56, 60, 64, 72, 84)


def _start(seed: int = 7, **options: Any) -> GameState:
    return start_deal(get_variant("cardano", **options), PLAYERS, 50, dealer="Dan", stake=1,
                      rest=3, seed=seed)


@cache
def _oracle_calls(deck: str, options: tuple[tuple[str, Any], ...] = ()) \
        -> dict[str, tuple[int, ...]]:
    """Attainable (class, points) by brute force over the pack with the test oracle."""
    kwargs = {k: v for k, v in options if k != "high_primero_beats_fluxus"}
    found: dict[str, set[int]] = {}
    for hand in oracle.hands(deck):
        cls, points = oracle.classify(hand, **kwargs)
        found.setdefault(cls, set()).add(points)
    return {cls: tuple(sorted(p)) for cls, p in found.items()}


def _oracle_call_list(deck: str, options: tuple[tuple[str, Any], ...] = ()) -> list[Call]:
    """Every attainable call once, weakest first; a Supremus (always 55) without points."""
    high = dict(options).get("high_primero_beats_fluxus", False)
    named = [(cls, p) for cls, ps in _oracle_calls(deck, options).items() for p in ps]
    named.sort(key=lambda v: oracle.strength(v, high_primero=high))
    calls: list[Call] = []
    for cls, p in named:
        calls.append(Call(cls) if cls == "Supremus" else Call(cls, p))
    return calls


# --------------------------------------------------------------------------------------------
# The variant


def test_cardano_is_registered_with_its_options() -> None:
    assert "cardano" in registry().names()
    spec = get_variant("cardano").spec
    assert spec.title == "Cardano's Italian calling Primero"
    assert spec.players == (2, 6)
    # its own sources, then those its options cite
    assert [s.split()[0] for s in spec.sources][:4] == ["[seed-DE]", "[WAKS]", "[SUZ94]",
                                                        "[ZOR-C]"]
    defaults = {o.name: o.default for o in spec.options}
    assert defaults == {
        "deck": "italian40", "supremus": True, "chorus": True, "numerus_counts": "best_suit",
        "high_primero_beats_fluxus": False, "tie": "eldest",
            "call_rule": "same_class",  # was at_least
        "understatements": "Supremus>Primero",
        "play_direction": "counter-clockwise", "deal_passes": "with_play",  # labels only
    }
    assert spec.option("call_rule").choices == ("at_least", "same_class")
    assert "Primero 60" in spec.summary and "same_class" in spec.summary


def test_understatements_option_is_checked_and_normalised() -> None:
    v = get_variant("cardano", understatements=" supremus > primero , chorus>fluxus")
    assert v.option("understatements") == "Chorus>Fluxus,Supremus>Primero"
    assert get_variant("cardano", understatements="None").option("understatements") == "none"
    assert parse_understatements("none") == frozenset()
    assert parse_understatements("Supremus>Primero") == {("Supremus", "Primero")}
    for bad, token in [("Supremus>Straight", "Supremus>Straight"), ("Supremus", "Supremus"),
                       ("Primero>Primero", "Primero>Primero")]:
        with pytest.raises(InvalidOptionError, match=token):
            get_variant("cardano", understatements=bad)
    with pytest.raises(InvalidOptionError, match="call_rule"):
        get_variant("cardano", call_rule="exact")


# --------------------------------------------------------------------------------------------
# Attainable calls and their order, against a brute-force oracle


#: Options whose ranking differs from the default in every way that changes the calls (one
#: extra lookup table: they cost a second or two each to build).
OTHER_RANKING = (("supremus", False), ("chorus", False), ("numerus_counts", "all"))


@pytest.mark.parametrize("options", [(), OTHER_RANKING], ids=["default", "other_ranking"])
def test_attainable_calls_match_the_oracle(options: tuple[tuple[str, Any], ...]) -> None:
    book = call_book(get_variant("cardano", **dict(options)).ranking)
    assert book.points == _oracle_calls("italian40", options)
    assert list(book.calls) == _oracle_call_list("italian40", options)


def test_italian40_calls_named_by_the_rules() -> None:
    book = call_book(get_variant("cardano").ranking)
    assert book.points["Chorus"] == ITALIAN40_CHORUS
    assert book.points["Supremus"] == (55,)
    for impossible in (Call("Primero", 41), Call("Primero", 80), Call("Numerus", 21),
                       Call("Chorus", 44), Call("Supremus", 54)):
        assert not book.is_attainable(impossible)
        assert book.unattainable_reason(impossible) == \
            f"{impossible} cannot be made with the italian40 pack"
    # docs/rules/hands.md ranges, ends included
    assert {c: (p[0], p[-1]) for c, p in book.points.items()} == {
        "Numerus": (20, 54), "Primero": (40, 81), "Supremus": (55, 55), "Fluxus": (42, 70),
        "Chorus": (40, 84)}
    assert book.unattainable_reason(Call("Supremus")) is None
    assert book.label(Call("Supremus")) == "Supremus 55"
    assert book.unattainable_reason(Call("Primero")) == \
        "a Primero call names its points, e.g. 'call Primero 61'"
    assert book.unattainable_reason(Call("Straight", 50)).startswith("there is no Straight")


def test_supremus_calls_vanish_without_supremus() -> None:
    book = call_book(get_variant("cardano", **dict(OTHER_RANKING)).ranking)
    assert "Supremus" not in book.points
    assert book.unattainable_reason(Call("Supremus")) == (
        "there is no Supremus in this ranking; the classes are Numerus, Primero, Fluxus")


@pytest.mark.parametrize("high", [False, True])
def test_calls_rank_as_the_oracle_ranks_hands(high: bool) -> None:
    options = (("high_primero_beats_fluxus", high),)
    book = call_book(get_variant("cardano", high_primero_beats_fluxus=high).ranking)
    assert list(book.calls) == _oracle_call_list("italian40", options)
    # strictly increasing keys: every call listed once
    keys = [book.key(c) for c in book.calls]
    assert keys == sorted(keys)
    distinct = {book.label(c) for c in book.calls}
    assert len(set(keys)) == len(distinct) == len(book.calls)
    assert (book.key(Call("Primero", 79)) > book.key(Call("Fluxus", 70))) is high
    assert book.key(Call("Primero", 78)) < book.key(Call("Supremus"))


MEETS = [
    # hand, call, rule, understatements, meets?
    ("7h 6h Ah 2c", Call("Primero", 70), "at_least", "none", True),       # understated
    ("7s 6h Ad Kc", Call("Primero", 65), "at_least", "none", True),       # exactly
    ("7s 6h Ad Jc", Call("Primero", 65), "at_least", "none", True),       # 65 too (J = K)
    ("7s 6h 5d Kc", Call("Primero", 65), "at_least", "none", False),      # 64
    ("Ks Kh Kd Kc", Call("Fluxus", 50), "at_least", "none", True),        # Chorus 40
    ("Ks Kh Kd Kc", Call("Fluxus", 50), "same_class", "none", False),
    ("7h 5h 4h Kh", Call("Primero", 55), "same_class", "Supremus>Primero", False),  # Fluxus
    ("7h 5h 4h Kh", Call("Primero", 55), "at_least", "none", True),
    ("6s Ad 5c Qh", Call("Primero", 55), "same_class", "none", True),     # Primero 59
    ("7h 6h Ah 2c", Call("Primero", 70), "same_class", "Supremus>Primero", True),
    ("7h 6h Ah 2c", Call("Primero", 70), "same_class", "none", False),
    ("7h 6h Ah 2c", Call("Supremus"), "same_class", "none", True),
    ("7h 6h Ah 2c", Call("Numerus", 54), "same_class", "Supremus>Primero", False),
    ("7h 6h Ah 2c", Call("Numerus", 54), "same_class", "Supremus>Numerus", True),
    ("7h 6h 5h Kc", Call("Numerus", 54), "same_class", "none", True),     # Numerus 54
    ("Ks Kh Kd Kc", Call("Chorus", 48), "same_class", "none", False),     # Chorus 40 < 48
]


@pytest.mark.parametrize(("cards", "call", "rule", "allowed", "expected"), MEETS)
def test_meets_the_call(cards: str, call: Call, rule: str, allowed: str, expected: bool) -> None:
    v = get_variant("cardano")
    assert call_book(v.ranking).meets(evaluate(cards, v), call, rule=rule,
                                      understatements=parse_understatements(allowed)) \
        is expected


def test_meets_under_high_primero() -> None:
    v = get_variant("cardano", high_primero_beats_fluxus=True)
    book = call_book(v.ranking)
    primero73, primero79 = evaluate("7s 7h Ad 5c", v), evaluate("7s 7h 7d Ac", v)
    assert (primero73.label, primero79.label) == ("Primero 73", "Primero 79")
    assert book.meets(primero79, Call("Fluxus", 70), rule="at_least")
    assert not book.meets(primero73, Call("Fluxus", 42), rule="at_least")
    # the variant's own rule (same_class): a Primero never meets a Fluxus call
    assert not book.meets(primero79, Call("Fluxus", 70))
    supremus = evaluate("7h 6h Ah 2c", v)
    allowed = parse_understatements("Supremus>Primero")
    assert book.meets(supremus, Call("Primero", 78), rule="same_class",
                      understatements=allowed)
    assert not book.meets(supremus, Call("Primero", 79), rule="same_class",
                          understatements=allowed)


# --------------------------------------------------------------------------------------------
# Legal actions: amounts × calls above the standing call


def test_first_vie_offers_every_attainable_call() -> None:
    state = _start()
    calls = _oracle_call_list("italian40")
    expected = {Pass(), Fold()} | {Vie(a, c) for a in (1, 2, 3) for c in calls}
    legal = state.legal_actions()
    assert set(legal) == expected
    assert len(legal) == len(expected) == 2 + 3 * (len(calls))


def test_raises_offer_only_calls_above_the_standing_call() -> None:
    state = _start().apply("vie 2 call Primero 60")
    assert state.extra("call") == Call("Primero", 60)
    assert state.view(2).extra("call") == Call("Primero", 60)   # public
    standing = oracle.strength(("Primero", 60))
    above = [c for c in _oracle_call_list("italian40")
             if oracle.strength((c.hand_class, 55 if c.points is None else c.points))
             > standing]
    assert above[0] == Call("Primero", 61)
    expected = {Hold(), Pass(), Fold()} | {Hold(r, c) for r in (1, 2, 3) for c in above}
    assert set(state.legal_actions()) == expected
    # a plain hold names nothing and leaves the standing call
    held = state.apply("hold")
    assert held.extra("call") == Call("Primero", 60)
    raised = state.apply("hold raise 1 call Supremus")
    assert raised.extra("call") == Call("Supremus")
    assert raised.apply("hold raise 1 call Fluxus 42").extra("call") == Call("Fluxus", 42)


def test_last_call_names_the_last_caller_from_the_log_or_its_public_text() -> None:
    state = _start()
    assert last_call(state.history) is None
    # Anna vies with a call, Ben raises with a higher one, Carla holds (names nothing)
    state = state.apply("vie 2 call Primero 60").apply("hold raise 1 call Fluxus 42")
    state = state.apply("hold")
    expected = (1, Call("Fluxus", 42))
    assert last_call(state.history) == expected
    assert last_call(state.view(3).history) == expected  # the public log says the same
    assert last_call([(0, "pass"), (2, "vie 1 call Supremus"), (1, "hold")]) \
        == (2, Call("Supremus"))


def test_both_supremus_spellings_are_the_same_call() -> None:
    state = _start().apply("vie 1 call Supremus 55")
    assert state.extra("call") == Call("Supremus")  # the call as the book spells it
    with pytest.raises(IllegalActionError, match="Supremus is not above the standing call "
                                                 r"Supremus\. Legal"):
        state.apply("hold raise 1 call Supremus")


def test_no_two_legal_actions_name_the_same_call() -> None:
    state = _start()
    legal = state.legal_actions()
    meant = [(type(a), getattr(a, "amount", getattr(a, "raise_by", 0)),
              None if getattr(a, "call", None) is None else
              (a.call.hand_class, 55 if a.call.points is None else a.call.points))  # type: ignore[union-attr]
             for a in legal]
    assert len(meant) == len(set(meant))
    # italian40 (docs/rules/cardano.md): Numerus 20, 22-54 (34 calls), Primero 40, 42-79, 81
    # (40), Supremus 55 (1), Fluxus 42-70 (29), Chorus 40 48 52 56 60 64 72 84 (8): 112
    # calls; the eldest may vie 1, 2 or 3 naming any of them, or pass, or fold
    assert len(legal) == 3 * 112 + 2
    assert len(state.legal_action_ids()) == len(set(state.legal_action_ids())) == len(legal)


def test_both_supremus_spellings_are_one_legal_action_with_one_id() -> None:
    state = _start()
    plain, spelt = Vie(2, Call("Supremus")), Vie(2, Call("Supremus", 55))
    legal = state.legal_actions()
    assert plain in legal and spelt in legal
    assert sum(1 for a in legal if isinstance(a, Vie) and a.call is not None
               and a.call.hand_class == "Supremus" and a.amount == 2) == 1
    space = state.action_space
    assert space.encode(state, spelt) == space.encode(state, plain)
    assert space.decode(state, space.encode(state, spelt)) == plain
    for action in (plain, spelt, "vie 2 call Supremus 55", space.encode(state, spelt)):
        assert state.apply(action).extra("call") == Call("Supremus")


def test_under_high_primero_a_primero_79_call_outranks_every_fluxus() -> None:
    state = _start(high_primero_beats_fluxus=True).apply("vie 1 call Primero 79")
    raises = {a.call for a in state.legal_actions() if isinstance(a, Hold) and a.raise_by}
    assert raises == {Call("Primero", 81), *(Call("Chorus", p) for p in ITALIAN40_CHORUS)}
    with pytest.raises(IllegalActionError) as info:
        state.apply("hold raise 1 call Fluxus 70")
    assert info.value.reason == "Fluxus 70 is not above the standing call Primero 79"


ILLEGAL = [
    (Vie(2), "every vie and every raise names a call in the Cardano game, e.g. "
             "'vie 2 call Numerus 20'"),
    (Vie(2, Call("Primero", 41)), "Primero 41 cannot be made with the italian40 pack"),
    (Vie(2, Call("Numerus", 21)), "Numerus 21 cannot be made with the italian40 pack"),
    (Vie(2, Call("Chorus", 44)), "Chorus 44 cannot be made with the italian40 pack"),
    (Vie(2, Call("Fluxus")), "a Fluxus call names its points"),
    (Vie(2, Call("Straight", 40)), "there is no Straight in this ranking"),
    (Vie(4, Call("Primero", 60)), "a bet or raise is at most the rest (3)"),
    (Hold(0, Call("Primero", 60)), "nobody has vied yet"),
]


@pytest.mark.parametrize(("action", "reason"), ILLEGAL, ids=str)
def test_illegal_calls_are_refused_and_change_nothing(action: Any, reason: str) -> None:
    state = _start()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.reason.startswith(reason), info.value.reason
    assert snapshot(state) == before


def test_a_hold_names_nothing() -> None:
    state = _start().apply("vie 1 call Primero 60")
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Hold(0, Call("Primero", 70)))
    assert info.value.reason == \
        "a hold without a raise names nothing: say 'hold', not 'hold call Primero 70'"
    assert snapshot(state) == before


# --------------------------------------------------------------------------------------------
# Worked deals


CARDANO_DEALS = deal_files("cardano")


def test_cardano_deal_files_exist() -> None:
    assert {p.stem for p in CARDANO_DEALS} >= {
        "cardano_same_class_bluff", "cardano_carry", "cardano_side_pot", "cardano_unseen"}


@pytest.mark.parametrize("path", CARDANO_DEALS, ids=lambda p: p.stem)
def test_cardano_deal_file(path: Path) -> None:
    check_expect(load_record(path))


def test_the_bluff_deal_under_at_least_goes_to_the_best_hand() -> None:
    # docs/rules/cardano.md: under at_least the best hand is eligible whenever anyone is.
    record = load_record(Path(__file__).with_name("cardano_same_class_bluff.toml"))
    state = replay(attrs.evolve(record, options=(("call_rule", "at_least"),)))
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert (award.seat, award.amount, award.value and award.value.label) == (0, 9, "Fluxus 60")
    assert state.stacks == (26, 17, 17)


def test_nothing_ranks_above_chorus_84() -> None:
    record = load_record(Path(__file__).with_name("cardano_unseen.toml"))
    state = replay(record, stop_after=6)
    assert state.seats[state.to_act or 0].name == "Carla"
    assert set(state.legal_actions()) == {Hold(), Pass(), Fold()}


# --------------------------------------------------------------------------------------------
# The engine's state machine, under the options the registry-wide run leaves at their default


def test_state_machine_under_same_class() -> None:
    # The registry-wide run (tests/test_state_machine.py) plays the defaults.
    run_deal_machine(
        "cardano", call_rule="same_class",
        settings=settings(max_examples=10, stateful_step_count=20, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow]),
    )


def test_a_wide_rest_keeps_one_action_per_call_and_both_supremus_spellings() -> None:
    state = start_deal(get_variant("cardano"), PLAYERS, 2000, dealer="Dan", stake=1,
                       rest=1000, seed=7)
    legal = state.legal_actions()  # made lazily: 1000 vies x 112 calls, pass and fold
    assert len(legal) == 1000 * 112 + 2
    assert Vie(5, Call("Supremus", 55)) in legal and Vie(5, Call("Supremus")) in legal
    ids = state.legal_action_ids()
    assert len(set(ids)) == len(ids) == len(legal)
    assert state.apply(Vie(5, Call("Supremus", 55))).extra("call") == Call("Supremus")
