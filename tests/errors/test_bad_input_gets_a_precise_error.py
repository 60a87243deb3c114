"""Hostile input found by a hostile caller: each case a precise, truthful error."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import numpy as np
import pytest

from primero import (
    DealRecord,
    Hold,
    IllegalActionError,
    PrimeroError,
    RecordError,
    Session,
    UnknownSeatError,
    Vie,
    get_variant,
    load_record,
    replay,
    start_deal,
)
from primero.records import record_from_data, record_from_state
from primero.serialize import record_from_dict, to_dict
from primero.setup import Table

_CASES = Path(__file__).resolve().parents[1] / "cases"
_WAKS_EXAMPLE = _CASES / "waks_example.toml"


def test_suzuki_pass_exchanging_a_card_twice_names_the_card() -> None:
    """A Suzuki pass exchanges one or two cards; the same card twice is refused
    for that reason (not "a pass comes with no exchange")."""
    state = start_deal("suzuki", ["A", "B", "C"], 20, seed=1)
    card = state.seats[0].hand[0]
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"pass exchange {card.ascii} {card.ascii}")
    assert info.value.reason == f"a card can be exchanged only once: {card.ascii} given twice"
    assert state.to_act == 0 and state.history == ()


@pytest.mark.parametrize(("seat", "message"), [
    (3, "seat 3 is not one of the 3 seats (0..2)"),
    (-1, "seat -1 is not one of the 3 seats (0..2)"),
    ("Anna", "'Anna' is not a seat number: give an int 0..2 (state.seat_of(name) gives a "
             "player's)"),
    (None, "None is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
    (1.0, "1.0 is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
    (True, "True is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
])
def test_view_of_a_bad_seat_is_a_precise_error(seat: object, message: str) -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    with pytest.raises(UnknownSeatError) as info:
        state.view(seat)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, PrimeroError) and isinstance(info.value, IndexError)


def test_view_takes_numpy_seat_numbers() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    assert state.view(np.int64(1)) == state.view(1)
    assert state.view(np.int64(1)).seat == 1 and type(state.view(np.int64(1)).seat) is int


def test_seat_of_an_unknown_name_is_a_precise_error() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    with pytest.raises(UnknownSeatError) as info:
        state.seat_of("Zed")
    assert str(info.value) == "no player called 'Zed'; players: Anna, Ben, Carla"
    assert isinstance(info.value, KeyError)
    assert state.seat_of("Carla") == 2


def test_session_constructor_refuses_a_name_and_a_text_seed() -> None:
    """``Session(...)`` itself (not only ``Session.new``) checks its values."""
    table = Table(stake=1, rest=3, ante=0, raise_cap=None)
    with pytest.raises(PrimeroError, match=r"session variant must be a Variant \(get_variant"
                                           r"\(name\)\), got 'waks'"):
        Session(variant="waks", players=("A", "B"), chips=(5, 5), dealer=0,  # type: ignore[arg-type]
                table=table)
    with pytest.raises(PrimeroError, match="session seed must be a whole number, got 'x'"):
        Session(variant=get_variant("waks"), players=("A", "B"), chips=(5, 5), dealer=0,
                table=table, seed="x")  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match="session seed must be a whole number, got True"):
        Session(variant=get_variant("waks"), players=("A", "B"), chips=(5, 5), dealer=0,
                table=table, seed=True)


def test_session_new_takes_a_variant_name() -> None:
    by_name = Session.new("suzuki", ["A", "B", "C"], 10, seed=3, dealer=0)
    assert by_name == Session.new(get_variant("suzuki"), ["A", "B", "C"], 10, seed=3, dealer=0)
    assert by_name.variant.name == "suzuki"


def _primiera_record_with_reshuffles() -> DealRecord:
    players = [f"P{i}" for i in range(8)]
    state = start_deal("primiera", players, 10, seed=2)
    while not state.over:  # everyone changes as many cards as they may: the stock runs out
        state = state.apply(max(state.legal_actions(), key=lambda a: len(str(a))))
    return record_from_state(state)


def test_a_record_short_of_reshuffles_is_refused() -> None:
    """docs/rules/dealing.md: a replay never depends on a random generator."""
    record = _primiera_record_with_reshuffles()
    assert len(record.reshuffles) == 3
    assert replay(record).reshuffles == record.reshuffles
    for kept, nth in ((0, "1st"), (1, "2nd"), (2, "3rd")):
        cut = attrs.evolve(record, reshuffles=record.reshuffles[:kept])
        with pytest.raises(RecordError, match=f"reshuffled for the {nth} time, but the record "
                                              f"gives {kept} reshuffle"):
            replay(cut)
    extra = attrs.evolve(record, reshuffles=(*record.reshuffles, record.reshuffles[0]))
    with pytest.raises(RecordError, match="the record gives 4 reshuffles but the deal made "
                                          r"only 3: drop the extra one$"):
        replay(extra)


def test_a_record_with_a_reshuffle_no_deal_made_says_so_in_the_singular() -> None:
    """Before: "the record gives 1 reshuffles but the deal made only 0: drop the extra ones"."""
    record = load_record(_WAKS_EXAMPLE.read_text(encoding="utf-8"))
    extra = attrs.evolve(record, reshuffles=(record.stock[:1],))
    with pytest.raises(RecordError) as caught:
        replay(extra)
    assert str(caught.value) == ("the record gives 1 reshuffle but the deal made none: drop the "
                                 "extra one")


def test_record_errors_quote_names_with_control_characters() -> None:
    """A right-to-left override in a name is quoted, never echoed raw."""
    record = load_record(_WAKS_EXAMPLE.read_text(encoding="utf-8"))
    bad = attrs.evolve(record, actions=(("Anna\u202e", "pass"),))
    with pytest.raises(RecordError) as info:
        replay(bad)
    assert "\u202e" not in str(info.value)
    assert str(info.value) == ("action 1 'Anna\\u202e pass': 'Anna\\u202e' is not one of the "
                               "players (Anna, Ben, Carla, Dan)")


def test_a_record_action_by_someone_not_at_the_table_is_refused_naming_them() -> None:
    """An action by a stranger is named as such, not as out of turn, read or replayed."""
    text = _WAKS_EXAMPLE.read_text(encoding="utf-8").replace('"Ben vie 2"', '"Zed vie 2"')
    with pytest.raises(RecordError, match=r"^deal record: action 2 'Zed vie 2': 'Zed' is not "
                                          r"one of the players \(Anna, Ben, Carla, Dan\)$"):
        load_record(text)
    record = load_record(_WAKS_EXAMPLE.read_text(encoding="utf-8"))
    stranger = attrs.evolve(record, actions=(record.actions[0], ("Zed", "vie 2")))
    with pytest.raises(RecordError, match=r"^action 2 'Zed vie 2': 'Zed' is not one of the "
                                          r"players \(Anna, Ben, Carla, Dan\)$"):
        replay(stranger)


def test_long_core_deals_with_big_stacks_are_not_cut_short() -> None:
    """The engine's fast path keeps the progress bound: a core deal past 64 (n + 1) actions
    that keeps moving chips goes on (found merging the fast path with the progress bound)."""
    state = start_deal("waks", ["A", "B", "C"], 10**6, seed=4)
    actions = 0
    while not state.over and actions < 2_000:
        legal = state.legal_actions()
        # raise whenever possible, else hold: chips move at every action, the deal goes on
        raises = [a for a in legal if isinstance(a, Hold) and a.raise_by]
        vies = [a for a in legal if isinstance(a, Vie)]
        state = state.apply((raises or vies or legal)[0])
        actions += 1
    assert actions == 2_000 and not state.over  # well past the floor of 64 * 4 = 256


def test_numpy_integer_ids_apply_like_ints() -> None:
    """An id from ``np.argmax`` over the action mask is an id."""
    state = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)
    for i in state.legal_action_ids():
        assert state.apply(np.int64(i)) == state.apply(i)
        assert state.apply(np.int32(i)) == state.apply(i)
    for bad, message in ((np.True_, "np.True_ is not an action"),
                         (np.float64(1.0), "np.float64(1.0) is not an action")):
        with pytest.raises(IllegalActionError, match=re.escape(message)):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="action id 1000000 is not an id of this "
                                                 r"deal's action space \(0\.\.24\)"):
        state.apply(np.int64(10**6))  # type: ignore[arg-type]


def test_a_record_name_with_control_characters_is_refused_before_its_dealer_and_actions() -> None:
    """A name that would drive the terminal is refused as the name, quoted, whatever names it."""
    text = _WAKS_EXAMPLE.read_text(encoding="utf-8")
    escaped = text.replace('"Carla", "Dan"]', '"\\u001b[2JCarla", "Dan"]', 1)
    for bad in (escaped, escaped.replace('dealer = "Dan"', 'dealer = "Zed"', 1)):
        with pytest.raises(RecordError) as info:
            load_record(bad)
        assert str(info.value) == ("deal record: player name '\\x1b[2JCarla' holds the control "
                                   "character U+001B: a name is printable text")


def test_an_option_name_that_is_not_text_is_a_record_error() -> None:
    data = to_dict(load_record(_WAKS_EXAMPLE.read_text(encoding="utf-8")))
    with pytest.raises(RecordError, match=r"^deal record: option 1: an option's name is text, "
                                          r"not int$"):
        record_from_dict({**data, "options": {1: True}})


@pytest.mark.parametrize(("stop_after", "message"), [
    (-1, "stop_after must be 0 or more actions, got -1"),
    ("2", "stop_after must be a whole number of actions (or None: all), got '2'"),
    (True, "stop_after must be a whole number of actions (or None: all), got True"),
    (1.5, "stop_after must be a whole number of actions (or None: all), got 1.5"),
])
def test_replay_refuses_a_stop_after_that_is_no_count_of_actions(stop_after: object,
                                                                 message: str) -> None:
    """A negative count replayed all but the last actions; True replayed one."""
    record = load_record(_WAKS_EXAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as info:
        replay(record, stop_after=stop_after)  # type: ignore[arg-type]
    assert str(info.value) == message
    two = replay(record, stop_after=2)
    assert replay(record, stop_after=np.int64(2)) == two
    assert two.to_act is not None and two.seats[two.to_act].name == "Carla"


def test_a_record_table_that_is_not_a_table_is_a_record_error() -> None:
    with pytest.raises(RecordError, match=r"^deal record: expected a table of the deal file's "
                                          r"keys, got list$"):
        record_from_data([1])  # type: ignore[arg-type]
