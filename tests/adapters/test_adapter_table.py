"""Both adapters' table parameters: unequal stacks, the dealer, a carried-in pot.

Every expected return is worked out by hand from docs/rules/ties.md (side pots, the carry-in
joining the lowest contested layer) and the returns' definition in docs/adapters/openspiel.md
(chips won less an equal share of the carried-in pot), never read back from the adapter.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero.adapters import AdapterTable, parse_stacks  # noqa: E402
from primero.errors import InvalidParameterError  # noqa: E402
from primero.pettingzoo.env import raw_env  # noqa: E402

GAME = primero_openspiel.GAME_NAME

# Waks, 3 players. Seat 0: four sevens (Chorus 84); seat 1: 6h 5h Ah 4h (Fluxus); seat 2:
# 2d 3d 2c 4s (Numerus). Each gets the first two in round 1, the last two after the exchange.
HANDS = {0: "7s 7h 7d 7c", 1: "6h 5h Ah 4h", 2: "2d 3d 2c 4s"}
# Seat 0 (2 chips) vies 2, all in; seats 1 and 2 hold: a main pot of 6. Everyone stands pat.
# Round 2, seat 0 all in: seat 1 vies 3, seat 2 holds: a side pot of 6 for seats 1 and 2.
ACTIONS = ["vie 2", "hold", "hold", "exchange", "exchange", "exchange", "vie 3", "hold"]


def play(game: Any, hands: dict[int, str], actions: list[str]) -> Any:
    """Deal each seat its cards in order at its chance nodes and make the actions by text."""
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    to_come = {seat: list(primero.parse_cards(cards)) for seat, cards in hands.items()}
    moves = iter(actions)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pack.index(to_come[state.deal.chance.seat].pop(0)))
        else:
            deal = state.deal
            state.apply_action(deal.action_space.encode(deal, primero.parse_action(next(moves))))
    return state


def test_a_short_stack_all_in_wins_the_main_pot_and_the_side_pot_goes_on() -> None:
    game = pyspiel.load_game(GAME, {"players": 3, "stacks": "2;10;10"})
    state = play(game, HANDS, ACTIONS)
    # seats 1 and 2 put in 5 each, seat 0 its 2: seat 0 wins the main pot of 6 (2 from each),
    # 2 - 2 + 6 = 6 chips, +4; seat 1 the side pot of 6 (the 3 each put in above 2),
    # 10 - 5 + 6 = 11, +1; seat 2: 10 - 5 = 5, -5.
    assert state.deal.stacks == (6, 11, 5)
    assert state.returns() == [4.0, 1.0, -5.0]


def test_a_carried_in_pot_joins_the_main_pot_and_is_shared_out_of_the_returns() -> None:
    game = pyspiel.load_game(GAME, {"players": 3, "stacks": "2;10;10", "carry_in": 3})
    state = play(game, HANDS, ACTIONS)
    # the 3 carried-in chips join the main pot (6 + 3 = 9, seat 0's): seat 0 ends with 9,
    # seat 1 with 11, seat 2 with 5; each return less a third of the carry-in (1 chip)
    assert state.deal.stacks == (9, 11, 5)
    assert state.returns() == [6.0, 0.0, -6.0]
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


# Waks, 3 players, dealer seat 0 (so seat 1 is eldest): seat 1 vies 1, seat 2 holds, seat 0
# folds; both stand pat; round 2: seat 1 vies 2, seat 2 folds. No showdown: any cards do.
FOLD_OUT = ["vie 1", "hold", "fold", "exchange", "exchange", "vie 2", "fold"]
ANY_CARDS = {0: "As 2s", 1: "3s 4s 5s 6s", 2: "Ah 2h 3h 4h"}


def test_the_dealer_parameter_makes_the_next_seat_eldest() -> None:
    game = pyspiel.load_game(GAME, {"players": 3, "dealer": 0, "chips": 10})
    state = game.new_initial_state()
    assert state.deal.setup.dealer == 0
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # eldest: the seat after the dealer
    done = play(game, ANY_CARDS, FOLD_OUT)
    # seat 1 takes the pot of 2 (1 each from seats 1 and 2), its vie of 2 comes back
    assert done.returns() == [0.0, 1.0, -1.0]


def test_pettingzoo_dealer_stacks_and_carry_in() -> None:
    env = raw_env(players=3, chips=[20, 12, 8], dealer=0, carry_in=6)
    env.reset(seed=4)
    assert env.agent_selection == "player_1"  # eldest: the seat after the dealer
    moves = iter(FOLD_OUT)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, termination, truncation, _ = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        deal = env.deal
        env.step(deal.action_space.encode(deal, primero.parse_action(next(moves))))
    # seat 1 wins the main pot: 1 from itself, 1 from seat 2 and the 6 carried in: 12 - 1 + 8
    # = 19 chips, +7, less its third of the carry-in (2): +5; seat 2: -1 - 2; seat 0: -2
    assert rewards == {"player_0": -2.0, "player_1": 5.0, "player_2": -3.0}


def _suzuki_carry(carry_over: str, carry_in: int) -> Any:
    """Suzuki heads-up: vie 1 and hold, nobody vies in round 2: the pot carries over."""
    game = pyspiel.load_game(GAME, {"variant": "suzuki", "chips": 5,
                                    "carry_over": carry_over, "carry_in": carry_in})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            deal = state.deal
            if deal.step.number == 1:
                state.apply_action(3 if 3 in legal else 2)
            elif deal.step.kind == "exchange":
                state.apply_action(legal[0])
            else:
                _, offset = deal.action_space.block("pass exchange")
                state.apply_action(offset)
    assert state.deal.ended_by == "carry"
    return state


def test_a_carried_in_pot_that_carries_on_again() -> None:
    # each put in 1; the pot of 2 and the 4 carried in stay on the table: 6 chips carry over
    refunded = _suzuki_carry("refund", 4)
    assert refunded.deal.settlement.carry == 6
    # refunded: each gets their 1 back and half the carry-in, which offsets their claim
    assert refunded.returns() == [0.0, 0.0]
    # lost: -1 put in, -2 (half the carry-in, never won): the returns add up to -6
    assert _suzuki_carry("lost", 4).returns() == [-3.0, -3.0]


def test_random_deals_with_the_new_parameters_are_zero_sum() -> None:
    game = pyspiel.load_game(GAME, {"players": 4, "stacks": "3;9;1;6", "dealer": 2,
                                    "carry_in": 5, "variant": "cardano"})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    rng = random.Random(11)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                        else state.legal_actions())
            state.apply_action(rng.choice(outcomes))
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
        assert game.min_utility() <= min(state.returns())
        assert max(state.returns()) <= game.max_utility()


PARAMS = {"players": 3, "stacks": "4,9 7", "dealer": 1, "carry_in": 2}


def test_table_parameters_round_trip_through_the_game_string() -> None:
    game = pyspiel.load_game(GAME, PARAMS)
    text = str(game)
    assert "stacks=4;9;7" in text and "dealer=1" in text and "carry_in=2" in text
    again = pyspiel.load_game(text)
    assert str(again) == text
    deal = again.new_initial_state().deal
    assert (deal.stacks, deal.setup.dealer, deal.carry_in) == ((4, 9, 7), 1, 2)
    assert str(pickle.loads(pickle.dumps(game))) == text
    assert str(copy.deepcopy(game)) == text


def test_table_parameters_survive_serialize_pickle_and_deepcopy_of_a_state() -> None:
    game = pyspiel.load_game(GAME, PARAMS)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(9):
        outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                    else state.legal_actions())
        state.apply_action(rng.choice(outcomes))
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state),
                  pyspiel.deserialize_game_and_state(
                      pyspiel.serialize_game_and_state(game, state))[1]):
        assert other.history() == state.history()
        assert other.deal.stacks == state.deal.stacks
        assert (other.deal.setup.chips, other.deal.setup.dealer, other.deal.carry_in) == \
            ((4, 9, 7), 1, 2)


@pytest.mark.parametrize(("params", "parameter"), [
    ({"stacks": "5;5;5"}, "stacks"),  # 3 stacks, 2 players
    ({"stacks": "5;x"}, "stacks"),
    ({"stacks": "5;0"}, "stacks"),
    ({"dealer": 2}, "dealer"),
    ({"dealer": -2}, "dealer"),
    ({"carry_in": -1}, "carry_in"),
    ({"carry_over": "maybe"}, "carry_over"),
    ({"raise_cap": -1}, "raise_cap"),
])
def test_bad_table_parameters_name_the_parameter(params: dict[str, Any],
                                                 parameter: str) -> None:
    with pytest.raises(InvalidParameterError, match=f"^{parameter}: ") as caught:
        pyspiel.load_game(GAME, params)
    assert caught.value.parameter == parameter


@pytest.mark.parametrize(("kwargs", "parameter"), [
    ({"chips": [5, 5]}, "chips"),  # 2 seats' chips, 4 players: named as given
    ({"chips": [5, 5, 5, True]}, "chips"),
    ({"stacks": [5, 5]}, "stacks"),
    ({"chips": "20"}, "chips"),
    ({"chips": 0}, "chips"),
    ({"dealer": 4}, "dealer"),
    ({"dealer": 1.0}, "dealer"),
    ({"carry_in": -3}, "carry_in"),
])
def test_pettingzoo_bad_table_arguments_name_the_parameter(kwargs: dict[str, Any],
                                                           parameter: str) -> None:
    with pytest.raises(InvalidParameterError, match=f"^{parameter}: ") as caught:
        raw_env(**kwargs)
    assert caught.value.parameter == parameter


def test_parse_stacks_reads_every_separator() -> None:
    assert parse_stacks("30;20;10") == parse_stacks("30,20,10") == parse_stacks("30 20 10") \
        == (30, 20, 10)
    assert parse_stacks("") == ()


def test_the_bound_on_decisions_follows_the_largest_stack() -> None:
    # waks heads-up, stacks 3 and 9, stake 1: K <= 2 * 9 + 2 = 20 vies and raises, so
    # 2 * 4 + 20 * 5 + 1 * 2 = 110 (the smaller stack does not cut the bound)
    table = AdapterTable.build(chips=(3, 9))
    game = pyspiel.load_game(GAME, {"stacks": "3;9"})
    assert game.max_game_length() == 110
    assert table.chips == 9


@pytest.mark.parametrize("params", [{"stacks": "30;20", "chips": 5},
                                    {"stacks": "5;6", "chips": 5}])
def test_stacks_with_a_contradicting_chips_are_refused_naming_both(
        params: dict[str, Any]) -> None:
    with pytest.raises(InvalidParameterError, match=r"^stacks: .* and chips 5 both set") as caught:
        pyspiel.load_game(GAME, params)
    assert caught.value.parameter == "stacks"
    with pytest.raises(InvalidParameterError, match=r"^stacks: .* and chips 5 both set"):
        raw_env(players=2, stacks=[int(s) for s in params["stacks"].split(";")], chips=5)


def test_stacks_beside_chips_at_its_default_or_equal_to_every_stack_are_taken() -> None:
    # chips at its default: a game string always carries it, so it reads as not given
    assert pyspiel.load_game(GAME, {"stacks": "30;10", "chips": 20}) \
        .new_initial_state().deal.stacks == (30, 10)
    again = pyspiel.load_game(str(pyspiel.load_game(GAME, {"stacks": "30;10"})))
    assert again.new_initial_state().deal.stacks == (30, 10)
    assert pyspiel.load_game(GAME, {"stacks": "5;5", "chips": 5}) \
        .new_initial_state().deal.stacks == (5, 5)
    env = raw_env(players=2, stacks=[7, 3])
    env.reset(seed=0)
    assert env.deal.stacks[0] + env.deal.seats[0].contributed == 7
    assert env.deal.stacks[1] + env.deal.seats[1].contributed == 3


@pytest.mark.parametrize("players", [0, -1, 1, 7])
def test_players_outside_the_variants_range_are_refused_naming_players(players: int) -> None:
    message = f"players: waks is played by 2 to 6 players; got {players}"
    for build in (lambda: pyspiel.load_game(GAME, {"players": players}),
                  lambda: raw_env(players=players)):
        with pytest.raises(InvalidParameterError) as caught:
            build()
        assert (str(caught.value), caught.value.parameter) == (message, "players")


@pytest.mark.parametrize("stacks", [";", " ; ", ",", ";;"])
def test_stacks_of_separators_only_are_refused_not_read_as_no_stacks(stacks: str) -> None:
    with pytest.raises(InvalidParameterError, match=r"^stacks: .* names no chips") as caught:
        pyspiel.load_game(GAME, {"stacks": stacks})
    assert caught.value.parameter == "stacks"
    assert parse_stacks("  ") == ()


@pytest.mark.parametrize("stacks", ["30;20;10;5", {30, 20, 10, 5}, {0: 30, 1: 20}, 5, b"30"])
def test_pettingzoo_stacks_that_are_no_list_of_seats_are_refused_naming_stacks(
        stacks: object) -> None:
    with pytest.raises(InvalidParameterError, match=r"^stacks: one whole number of chips per "
                                                    "seat, in seat order") as caught:
        raw_env(stacks=stacks)  # type: ignore[arg-type]
    assert caught.value.parameter == "stacks"


def test_pettingzoo_stacks_read_from_any_ordered_iterable_in_seat_order() -> None:
    np = pytest.importorskip("numpy")
    for stacks in (iter([4, 9, 7, 2]), np.array([4, 9, 7, 2]), (s for s in (4, 9, 7, 2))):
        assert raw_env(stacks=stacks).table.stacks == (4, 9, 7, 2)  # type: ignore[arg-type]
    assert raw_env(chips=np.array([4, 9, 7, 2])).table.stacks == (4, 9, 7, 2)


@pytest.mark.parametrize("options", [None, 5, [("supremus", "false")]])
def test_pettingzoo_options_neither_text_nor_a_mapping_are_refused_naming_options(
        options: object) -> None:
    with pytest.raises(InvalidParameterError, match=r"^options: ") as caught:
        raw_env(options=options)  # type: ignore[arg-type]
    assert caught.value.parameter == "options"


def test_a_state_hundreds_of_decisions_deep_pickles_in_both_adapters() -> None:
    # the trail of decisions is a chain of parents: pickled as a chain it nested one call
    # per decision and overflowed the stack past about 270 decisions
    game = pyspiel.load_game(GAME, {"chips": 10**6, "rest": 1000})
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():  # 398 decisions
        outcomes = state.chance_outcomes() if state.is_chance_node() else None
        state.apply_action(rng.choice(outcomes)[0] if outcomes else
                           rng.choice(state.legal_actions()))
    assert state.trail.length >= 300
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.trail.length == state.trail.length
    assert again.information_state_string(0) == state.information_state_string(0)
    table = raw_env(players=2, chips=10**6, rest=1000)
    table.reset(seed=1)
    rng = random.Random(2)
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation or (table.trail is not None
                                         and table.trail.length >= 400):
            break
        table.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
    assert table.trail is not None and table.trail.length >= 400
    assert pickle.loads(pickle.dumps(table)).trail.length == table.trail.length
