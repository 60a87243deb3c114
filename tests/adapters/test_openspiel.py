"""Primero.openspiel: python_primero passes OpenSpiel's own checks, and agrees with the engine.

``pyspiel.random_sim_test`` for every installed variant (2 and 3 players, 6 for waks,
8 for primiera); chance outcomes are exactly the engine's ``state.chance.cards``, equally likely;
a deal played through the adapter ends as the same deal played through the engine (a stacked
stock with the same cards, the same actions), and as docs/rules/waks.md#worked-example's worked
example says.
"""

from __future__ import annotations

import math
import random
import tomllib
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from conftest import CASES  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero.adapters import max_decisions  # noqa: E402
from primero.deal.state import GameState  # noqa: E402

GAME = primero_openspiel.GAME_NAME
VARIANTS = primero.registry().names()
SIM_TABLES = [(name, n) for name in VARIANTS for n in (2, 3)
              if n <= primero.registry().spec(name).players[1]] + [("waks", 6), ("primiera", 8)]


def most(variant: str, players: int = 3) -> int:
    """``players``, or fewer where the variant seats fewer (the toy: 2)."""
    return min(players, primero.registry().spec(variant).players[1])


def load(**params: Any) -> Any:
    return pyspiel.load_game(GAME, {"chips": 5, **params})


@pytest.mark.parametrize(("variant", "players"), SIM_TABLES)
def test_random_sim_test(variant: str, players: int) -> None:
    game = load(variant=variant, players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_carry_lost_is_general_sum() -> None:
    game = load(variant="suzuki", players=3, carry_over="lost")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_load_game_issue_example() -> None:
    game = pyspiel.load_game(GAME, {"variant": "cardano", "players": 3})
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.max_chance_outcomes() == 40  # italian40
    assert game.num_distinct_actions() == game.new_initial_state().deal.action_space.size
    assert (game.min_utility(), game.max_utility()) == (-20.0, 40.0)  # chips 20 by default


def test_parameters_reach_the_engine() -> None:
    game = load(variant="roman", players=4, stake=2, rest=4, options="supremus=true,tie=split")
    deal = game.new_initial_state().deal
    assert deal.variant.name == "roman"
    assert dict(deal.variant.options)["supremus"] is True
    assert dict(deal.variant.options)["tie"] == "split"
    assert (deal.table.stake, deal.table.rest) == (2, 4)
    assert deal.stacks == (5, 5, 5, 5)
    assert game.max_chance_outcomes() == 52


@pytest.mark.parametrize("params", [
    {"variant": "nosuch"}, {"players": 9}, {"options": "supremus"},
    {"options": "nosuch=1"}, {"carry_over": "maybe"}, {"stake": 0},
])
def test_bad_parameters_are_refused(params: dict[str, Any]) -> None:
    with pytest.raises(Exception):  # noqa: B017 - PrimeroError through pybind11
        load(**params)


def _walk(game: Any, rng: random.Random, choose: Any = None) -> Any:
    """Play one random game, checking every chance node against the engine."""
    state = game.new_initial_state()
    pack = game.new_initial_state().deal.variant.pack.cards
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            engine = state.deal.chance
            outcomes = state.chance_outcomes()
            assert [pack[o] for o, _ in outcomes] == list(engine.cards)
            assert all(p == 1 / len(engine.cards) for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert state.current_player() == pyspiel.PlayerId.CHANCE
            assert state.legal_actions() == [o for o, _ in outcomes]
            chance_nodes += 1
            state.apply_action(rng.choice(outcomes)[0])
        else:
            legal = state.legal_actions()
            assert legal == list(state.deal.legal_action_ids())
            assert state.current_player() == state.deal.to_act
            state.apply_action(choose(state, legal) if choose else rng.choice(legal))
    return state, chance_nodes


@pytest.mark.parametrize("variant", VARIANTS)
def test_chance_outcomes_are_the_engines(variant: str) -> None:
    game = load(variant=variant, players=most(variant))
    rng = random.Random(variant)
    for _ in range(3):
        _, nodes = _walk(game, rng)
        assert nodes >= most(variant) * 2  # the first deal at least (a folded player gets no more)


def test_first_chance_node_offers_the_whole_pack() -> None:
    state = load().new_initial_state()
    assert state.chance_outcomes() == [(k, 1 / 40) for k in range(40)]
    state.apply_action(7)
    assert [o for o, _ in state.chance_outcomes()] == [k for k in range(40) if k != 7]


def _exchange_everything(state: Any, legal: list[int]) -> int:
    """Change as many cards as possible (a Suzuki pass is an exchange): exhausts the stock."""
    space = state.deal.action_space
    for name in ("exchange", "pass exchange"):  # the second, Suzuki's own block
        if name not in {block.name for block in space.blocks}:
            continue
        block, offset = space.block(name)
        exchanges = [i for i in legal if offset <= i < offset + block.size]
        if exchanges:
            return max(exchanges)
    return max(legal)


def test_reshuffle_chance_nodes_offer_the_discards() -> None:
    game = load(variant="suzuki", players=6)  # round 2 starts with 4 cards in the stock
    rng = random.Random(3)
    state = game.new_initial_state()
    reshuffled = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deal: GameState = state.deal
            outcomes = state.chance_outcomes()
            if not deal.stock:  # the stock is exhausted: the discards are reshuffled
                reshuffled += 1
                cards = [deal.variant.pack.cards[o] for o, _ in outcomes]
                assert set(cards) <= set(deal.discards)
                in_hands = {c for seat in deal.seats for c in seat.hand}
                assert not set(cards) & in_hands
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(_exchange_everything(state, state.legal_actions()))
    assert reshuffled > 0


def _long(rng: random.Random) -> Any:
    """A policy that keeps the deal going: pass while it may, else raise or vie by the least,
    else hold; never fold."""
    def choose(state: Any, legal: list[int]) -> int:
        space = state.deal.action_space
        sizes = []
        for name in ("raise", "vie"):
            block, offset = space.block(name)
            sizes += [i for i in legal if offset <= i < offset + block.size]
        if 1 in legal and rng.random() < 0.6:
            return 1
        if sizes and rng.random() < 0.8:
            return min(sizes)
        return 2 if 2 in legal else max(legal)
    return choose


@pytest.mark.parametrize("variant", ["waks", "suzuki", "revival", "cardano"])
def test_max_game_length_bounds_long_deals(variant: str) -> None:
    game = load(variant=variant, players=3, chips=8, rest=1)
    rng = random.Random(0)
    longest = 0
    for _ in range(20):
        state, _ = _walk(game, rng, _long(rng))
        longest = max(longest, len(state.moves))
    assert longest <= game.max_game_length()
    assert longest >= 10  # the policy does keep the deal going


def test_max_game_length_formula() -> None:
    # waks, 2 players, 5 chips each, stake 1: two rounds, K <= 2 * (5 // 1) + 2 = 12 vies and
    # raises, one exchange: 2 * 4 + 12 * 5 + 1 * 2 = 70.
    assert load(variant="waks").max_game_length() == 70
    # primiera bets nothing: its exchange and two declarations ask each player once.
    assert load(variant="primiera").max_game_length() == 6
    table = load(variant="waks", players=3).new_initial_state()
    assert max_decisions(primero_openspiel.PrimeroGame({"players": 3, "chips": 5}).table) == \
        table.get_game().max_game_length()


def _cards_and_actions(game: Any, rng: random.Random) -> tuple[list[Any], list[int], Any]:
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    dealt: list[Any] = []
    actions: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = rng.choice(state.chance_outcomes())[0]
            dealt.append(pack[outcome])
        else:
            outcome = rng.choice(state.legal_actions())
            actions.append(outcome)
        state.apply_action(outcome)
    return dealt, actions, state


@pytest.mark.parametrize("variant", VARIANTS)
def test_adapter_and_stacked_engine_deal_end_alike(variant: str) -> None:
    game = load(variant=variant, players=2, carry_over="lost")
    rng = random.Random(f"same {variant}")
    for _ in range(4):
        dealt, actions, state = _cards_and_actions(game, rng)
        pack = state.deal.variant.pack.cards
        stock = dealt + [c for c in pack if c not in dealt]  # two players never reshuffle
        deal = primero.start_deal(variant, ["a", "b"], 5, stock=stock)
        for action in actions:
            deal = deal.apply(action)
        assert deal.over
        assert state.returns() == [float(s - 5) for s in deal.stacks]


def test_refund_gives_back_a_carried_pot() -> None:
    # Suzuki, nobody vies in round 2: the pot stays; refunded, everyone is even again.
    for carry_over, expected in (("refund", [0.0, 0.0]), ("lost", [-1.0, -1.0])):
        game = load(variant="suzuki", carry_over=carry_over)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                legal = state.legal_actions()
                deal = state.deal
                # round 1: vie 1 and hold; round 2: pass with an exchange of the first card
                if deal.step.number == 1:
                    state.apply_action(3 if 3 in legal else 2)
                elif deal.step.kind == "exchange":
                    state.apply_action(legal[0])
                else:
                    _, offset = deal.action_space.block("pass exchange")
                    state.apply_action(offset)
        assert state.deal.ended_by == "carry"
        assert state.returns() == expected


def test_the_worked_example_through_the_adapter() -> None:
    case = tomllib.loads((CASES / "waks_example.toml").read_text("utf-8"))
    game = pyspiel.load_game(GAME, {"players": 4, "chips": 50, "stake": case["stake"],
                                    "rest": case["rest"]})
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    stock = iter(primero.parse_cards(case["stock"]))
    names = dict(zip(case["players"], range(4), strict=True))
    actions = iter(case["actions"])
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pack.index(next(stock)))
        else:
            who, text = next(actions).split(" ", 1)
            assert state.current_player() == names[who]
            action = primero.parse_action(text)
            state.apply_action(state.deal.action_space.encode(state.deal, action))
    assert state.returns() == [float(c - 50) for c in case["expect"]["chips"]]


def _dealt(game: Any, cards: list[str]) -> Any:
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in primero.parse_cards(cards):
        state.apply_action(pack.index(card))
    return state


def test_information_state_shows_own_cards_only() -> None:
    game = load()
    state = _dealt(game, ["7h", "Ks", "6c", "2d"])  # p0: 7h 6c, p1: Ks 2d
    pack = state.deal.variant.pack.cards
    text = state.information_state_string(0)
    assert "got 7h 6c" in text and "Ks" not in text and "2d" not in text
    assert state.information_state_string(1).count("got Ks 2d") == 1
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    hand = observer.dict["hand"]
    assert sorted(map(int, hand.nonzero()[0])) == sorted(
        pack.index(c) for c in primero.parse_cards("7h 6c"))
    received = observer.dict["received"]
    # both in the player's first batch of cards (column 0), no other card marked
    assert received[:, 0].sum() == 2 and received[:, 1:].sum() == 0
    assert {int(k) for k in received[:, 0].nonzero()[0]} == {
        pack.index(c) for c in primero.parse_cards("7h 6c")}
    flat = state.information_state_tensor(0)
    assert len(flat) == game.information_state_tensor_shape()[0] == observer.tensor.size


def test_information_state_perfect_recall_of_actions() -> None:
    game = load()
    state = _dealt(game, ["7h", "Ks", "6c", "2d"])
    before = state.information_state_string(1)
    state.apply_action(1)  # p0 passes
    after = state.information_state_string(1)
    assert after != before and after.startswith(before.split(" | hand")[0])
    assert "p0 pass" in after
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 1)
    recent = observer.dict["recent"]
    # row 0, the only decision so far: p0 (column 0 of 2 seats), a pass (kind 1 of fold,
    # pass, ...: column 2 + 1), no chips, no cards
    assert list(recent[0]) == [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert recent[1:].sum() == 0


def test_exchanges_are_public_only_as_a_count() -> None:
    game = load()
    state = _dealt(game, ["7h", "Ks", "6c", "2d"])
    state.apply_action(4)  # p0 vies 2
    state.apply_action(2)  # p1 holds
    _, offset = state.deal.action_space.block("exchange")
    state.apply_action(offset + 0b01)  # p0 throws the 7h
    assert "p0 exchange 7h" in state.information_state_string(0)
    assert "p0 exchange 1 card" in state.information_state_string(1)
    assert "7h" not in state.information_state_string(1)
    assert "7h" not in state.observation_string(1)


def test_observation_tensor_pieces() -> None:
    game = load(players=3)
    state = _dealt(game, ["7h", "Ks", "6c", "2d", "Ah", "5s"])
    observer = game.make_py_observer()
    observer.set_from(state, 2)
    d = observer.dict
    assert list(d["player"]) == [0, 0, 1]
    assert list(d["to_act"]) == [1, 0, 0]
    # 5 chips each of the table's 15: a third each, as a fraction of the table's chips
    assert list(d["stacks"]) == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    assert list(d["cards"]) == [0.5, 0.5, 0.5]  # 2 of the 4 cards a hand holds
    assert d["hand"].sum() == 2 and d["pot"][0] == 0
    assert len(state.observation_tensor(2)) == game.observation_tensor_size()


def test_serialize_round_trip() -> None:
    game = load(variant="cardano", players=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(20):
        if state.is_terminal():
            break
        outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                    else state.legal_actions())
        state.apply_action(rng.choice(outcomes))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.information_state_string(1) == state.information_state_string(1)
    assert game2.deserialize_state(state.serialize()).history() == state.history()


def test_raise_cap_tightens_the_bound_where_the_engine_applies_it() -> None:
    import inspect

    # waks, 3 players, 20 chips: K <= 2 * 20 + 3 = 43 vies and raises without a cap, so
    # 2 * 6 + 43 * 7 + 1 * 3 = 316; with a cap of 1 per round K <= 2: 12 + 2 * 7 + 3 = 29.
    uncapped = load(players=3, chips=20)
    capped = load(players=3, chips=20, raise_cap=1)
    assert uncapped.max_game_length() == 316
    engine_caps = "raise_cap" in inspect.signature(primero.start_deal).parameters
    assert capped.max_game_length() == (29 if engine_caps else 316)
    pyspiel.random_sim_test(capped, num_sims=2, serialize=True, verbose=False)


def _hidden_cards(deal: GameState, seat: int) -> set[str]:
    """Cards of other players that ``seat`` may not see (shown hands and open cards excepted)."""
    shown = {s for s, _ in deal.settlement.values} if deal.settlement is not None \
        and deal.settlement.showdown else set()
    own = {c.ascii for c in deal.seats[seat].hand} | {c.ascii for c in deal.seats[seat].discarded}
    own |= {r.card.ascii for r in deal.seats[seat].received}
    return {c.ascii for i, s in enumerate(deal.seats) if i != seat and i not in shown
            for c in (*s.hand, *s.discarded) if c not in s.open_cards()} - own


@pytest.mark.parametrize("variant", VARIANTS)
def test_strings_never_show_another_players_cards(variant: str) -> None:
    game = load(variant=variant, players=most(variant))
    rng = random.Random(f"hidden {variant}")
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            for seat in range(game.num_players()):
                hidden = _hidden_cards(state.deal, seat)
                for text in (state.information_state_string(seat),
                             state.observation_string(seat)):
                    assert not hidden & set(text.replace("|", " ").split())
            if state.is_terminal():
                break
            outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                        else state.legal_actions())
            state.apply_action(rng.choice(outcomes))


@pytest.mark.parametrize("ante", [-2, -5])
def test_a_negative_ante_other_than_minus_one_is_refused(ante: int) -> None:
    # -1 means "the variant's own"; any other negative ante is a bad parameter, not the default
    with pytest.raises(Exception, match=f"ante {ante}"):
        load(variant="primiera", ante=ante)


@pytest.mark.parametrize("outcome", [40, 99, -1])
def test_a_chance_outcome_outside_the_pack_is_refused_clearly(outcome: int) -> None:
    game = load(players=2, chips=5)
    state = game.new_initial_state()
    with pytest.raises(Exception, match=r"not a position in the pack \(0\.\.39\)|kInvalidAction"):
        state.apply_action(outcome)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 40  # unchanged
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) == f"action {outcome}"
