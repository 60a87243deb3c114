"""Actions: the deal-file verbs of docs/reference/deal-files.md, printed and read back."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from primero import CardParseError, IllegalActionError, parse_cards
from primero.actions import Action, Call, Exchange, Fold, Hold, Pass, Vie, parse_action
from primero.testing.strategies import hands


@pytest.mark.parametrize(("text", "action"), [
    ("pass", Pass()),
    ("fold", Fold()),
    ("hold", Hold()),
    ("vie 2", Vie(2)),
    ("hold raise 1", Hold(1)),
    ("exchange", Exchange(())),
    ("exchange Qd", Exchange(parse_cards("Qd"))),
    ("exchange 3s Jc", Exchange(parse_cards("3s Jc"))),
    ("vie 2 call Primero 60", Vie(2, Call("Primero", 60))),
    ("hold raise 3 call Supremus", Hold(3, Call("Supremus"))),
    ("pass exchange 7s 6h", Pass(parse_cards("6h 7s"))),
])
def test_deal_file_verbs_print_and_read_back(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert str(action) == text
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(("text", "action"), [
    ("VIE 2", Vie(2)),
    ("Hold Raise 1", Hold(1)),
    ("  fold  ", Fold()),
    ("exchange jc, 3S", Exchange(parse_cards("3s Jc"))),
    ("exchange 10h Th", Exchange(parse_cards("10h 10h"))),
    ("vie 1 CALL primero 41", Vie(1, Call("Primero", 41))),
])
def test_reading_is_forgiving_about_case_and_separators(text: str, action: Action) -> None:
    assert parse_action(text) == action


def test_exchanged_cards_are_kept_in_pack_order() -> None:
    a = Exchange(parse_cards("Jc 3s 7h"))
    assert a == Exchange(parse_cards("7h Jc 3s"))
    assert [c.ascii for c in a.discards] == ["3s", "7h", "Jc"]  # spades, hearts, ..., clubs
    assert str(a) == "exchange 3s 7h Jc"
    assert hash(a) == hash(Exchange(parse_cards("3s 7h Jc")))


@pytest.mark.parametrize(("text", "match"), [
    ("", "cannot read an empty action"),
    ("vie", "cannot read action 'vie': a vie needs an amount, e.g. 'vie 1'"),
    ("vie two", "'two' is not a number"),
    ("hold raise", "expected vie N"),
    ("hold 2", "'hold 2': 'hold' takes no amount \\(it puts in what is owed\\); a raise is "
               "'hold raise N'"),
    ("hold two", "expected vie N"),
    ("fold now", "expected vie N"),
    ("bid 3", "cannot read action 'bid 3'"),
    ("vie 2 call", "expected 'call CLASS \\[POINTS\\]'"),
    ("vie 2 named Primero", "expected 'call CLASS"),
    ("vie 2 call Primero sixty", "the points in digits 0-9, not 'call Primero sixty'"),
    ("vie 2 call royal flush", "a call is 'call CLASS \\[POINTS\\]', the class in one word"),
    ("vie \u0662", "'\u0662' is not a number"),              # ARABIC-INDIC DIGIT TWO
    ("hold raise \uff13", "'\uff13' is not a number"),       # FULLWIDTH DIGIT THREE
    ("vie 2 call Primero \u0666\u0660", "the points in digits 0-9"),
    ("vie 2 call Primero -60", "the points in digits 0-9, not 'call Primero -60'"),
    ("vie 2 call Primero +60", "the points in digits 0-9, not 'call Primero \\+60'"),
])
def test_unreadable_actions_name_the_text(text: str, match: str) -> None:
    with pytest.raises(IllegalActionError, match=match) as info:
        parse_action(text)
    assert isinstance(info.value, ValueError)


def test_an_exchange_of_something_that_is_not_a_card() -> None:
    with pytest.raises(CardParseError, match="'Zz'"):
        parse_action("exchange 7s Zz")


def test_actions_are_frozen_values() -> None:
    action = Vie(2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.amount = 3  # type: ignore[misc]
    assert {Vie(2), Vie(2), Hold(), Hold(0)} == {Vie(2), Hold()}
    assert Hold() == Hold(0) and Vie(2) != Hold(2)


calls = st.builds(Call, st.sampled_from(["Numerus", "Primero", "Supremus", "Fluxus", "Chorus"]),
                  st.one_of(st.none(), st.integers(min_value=20, max_value=84)))
actions = st.one_of(
    st.just(Pass()), st.just(Fold()),
    # amounts are at least 1 chip: "vie 0" and "hold raise 0" do not parse
    st.builds(Vie, st.integers(min_value=1, max_value=99), st.one_of(st.none(), calls)),
    st.just(Hold()),
    st.builds(Hold, st.integers(min_value=1, max_value=99), st.one_of(st.none(), calls)),
    hands(size=2).map(Exchange), hands(size=0).map(Exchange),
    st.integers(min_value=1, max_value=2).flatmap(lambda k: hands(size=k)).map(Pass),
)


@given(actions)
@settings(max_examples=200, deadline=None)
def test_every_action_reads_back_from_its_text(action: Action) -> None:
    if isinstance(action, Hold) and action.raise_by == 0 and action.call is not None:
        return  # a plain hold names nothing (docs/rules/cardano.md): no text for it
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(("text", "message"), [
    ("hold raise 0", "a raise is at least 1 chip"),
    ("vie 0", "a vie is at least 1 chip"),
    ("vie -2", "a vie is at least 1 chip"),
])
def test_zero_and_negative_amounts_do_not_parse(text: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        parse_action(text)
