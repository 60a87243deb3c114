"""python_primero's options survive game strings, serialization, pickling and copying."""

from __future__ import annotations

import copy
import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero.adapters import options_parameter, parse_options  # noqa: E402
from primero.errors import InvalidOptionError  # noqa: E402

GAME = primero_openspiel.GAME_NAME


def _options(game: object) -> dict[str, object]:
    deal = game.new_initial_state().deal  # type: ignore[attr-defined]
    return dict(deal.variant.options)


@pytest.mark.parametrize("written", ["tie=split,supremus=true", "tie:split;supremus:true"])
def test_options_round_trip_through_the_game_string(written: str) -> None:
    game = pyspiel.load_game(GAME, {"variant": "roman", "chips": 5, "options": written})
    assert "options=tie:split;supremus:true" in str(game)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert _options(again)["tie"] == "split" and _options(again)["supremus"] is True


def test_options_survive_pickle_deepcopy_and_serialize() -> None:
    game = pyspiel.load_game(GAME, {"variant": "roman", "chips": 5, "options": "tie=split"})
    state = game.new_initial_state()
    for outcome in (0, 1, 2, 3):
        state.apply_action(outcome)
    state.apply_action(1)  # p0 passes
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state),
                  pyspiel.deserialize_game_and_state(
                      pyspiel.serialize_game_and_state(game, state))[1]):
        assert other.history() == [0, 1, 2, 3, 1]
        assert dict(other.deal.variant.options)["tie"] == "split"
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_random_sim_test_serializes_a_game_with_options() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "chips": 5,
                                    "options": "tie=split"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_options_parameter_refuses_what_a_game_string_cannot_carry() -> None:
    assert options_parameter({"supremus": False, "tie": "split"}) == "supremus:false;tie:split"
    assert parse_options("supremus:false;tie:split") == {"supremus": "false", "tie": "split"}
    with pytest.raises(InvalidOptionError, match=r"'a\(b' holds \("):
        options_parameter({"tie": "a(b"})


def test_a_game_too_long_for_openspiel_is_refused_naming_the_bound() -> None:
    # heads-up Waks, stake 1: 2 rounds x 2n + K (2n + 1) with K = 2 x chips + n vies and
    # raises: 8 + (460,000,000 + 2) x 5 = 2,300,000,018 ... plus the exchange's 2 decisions:
    # 2,300,000,020, above 2**31 - 1
    with pytest.raises(primero.PrimeroError, match=r"max_game_length would be 2,300,000,020, "
                                                   r"above OpenSpiel's bound 2,147,483,647"):
        pyspiel.load_game(GAME, {"chips": 230_000_000})
    assert pyspiel.load_game(GAME, {"chips": 200_000_000}).max_game_length() == 2_000_000_020
