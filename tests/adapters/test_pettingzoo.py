"""Primero.pettingzoo: the AEC environment passes PettingZoo's own checks and pays the chips.

``api_test`` and ``seed_test`` for every installed variant; rewards are the chips
won or lost (the engine's final stacks less the starting chips, a carried pot per
``carry_over``); the action mask is the engine's legal ids; ``reset(seed=...)`` fixes the deal.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import BaseWrapper

import primero
from primero.adapters import AdapterTable
from primero.deal.state import GameState
from primero.pettingzoo.env import DecisionlessTableError, env, raw_env

pettingzoo_env = importlib.import_module("primero.pettingzoo.env")  # the module: env is a function

VARIANTS = primero.registry().names()

# api_test's advice for Dict observations, as for PettingZoo's own classic games
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")]


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test(variant: str) -> None:
    players = min(3, primero.registry().spec(variant).players[1])
    api_test(env(variant=variant, players=players, chips=5, render_mode="ansi"), num_cycles=20)


@pytest.mark.parametrize("variant", VARIANTS)
def test_seed_test(variant: str) -> None:
    players = min(3, primero.registry().spec(variant).players[1])
    seed_test(lambda: env(variant=variant, players=players, chips=5), num_cycles=20)


def _play(table: Any, rng: random.Random) -> dict[str, float]:
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
            assert legal == list(table.unwrapped.deal.legal_action_ids())
            action = rng.choice(legal)
        table.step(action)
    return totals


@pytest.mark.parametrize("variant", ["waks", "suzuki", "primiera", "cardano"])
def test_rewards_are_chips_won_or_lost(variant: str) -> None:
    rng = random.Random(variant)
    for carry_over in ("lost", "refund"):
        table = env(variant=variant, players=3, chips=6, carry_over=carry_over)
        for seed in range(6):
            table.reset(seed=seed)
            totals = _play(table, rng)
            deal = table.unwrapped.deal
            assert deal.over
            lost = [float(s - 6) for s in deal.stacks]
            if carry_over == "lost":
                assert list(totals.values()) == lost
            else:
                assert sum(totals.values()) == 0
                # a refund only gives back what the player put in the carried pot
                gains = [t - x for t, x in zip(totals.values(), lost, strict=True)]
                assert all(g >= 0 for g in gains)
                assert sum(gains) == deal.settlement.carry


def test_reset_seed_fixes_the_deal() -> None:
    table = env(variant="waks", players=4)
    table.reset(seed=11)
    first = [table.unwrapped.deal.seats[i].hand for i in range(4)]
    table.reset(seed=12)
    other = [table.unwrapped.deal.seats[i].hand for i in range(4)]
    table.reset(seed=11)
    again = [table.unwrapped.deal.seats[i].hand for i in range(4)]
    assert first == again != other


def test_a_returned_mask_or_observation_changed_by_its_user_changes_nothing_after() -> None:
    table = raw_env(variant="waks", players=2, chips=5)
    table.reset(seed=1)
    agent = table.agent_selection
    first = table.observe(agent)
    legal = list(table.deal.legal_action_ids())
    first["action_mask"][:] = 1  # an agent writing into what it was given
    first["observation"][:] = 7.0
    again = table.observe(agent)
    assert sorted(map(int, again["action_mask"].nonzero()[0])) == legal
    assert again["observation"].max() <= 1.0
    table.step(legal[0])
    table.reset(seed=1)  # the same deal again: the same legal ids, the same mask
    assert sorted(map(int, table.observe(agent)["action_mask"].nonzero()[0])) == legal


def test_spaces_and_mask() -> None:
    table = raw_env(variant="cardano", players=2, chips=5)
    table.reset(seed=1)
    # moves 3, vie 3, raise 3, exchange 2**4, and a vie or raise of 1-3 naming each of the 112
    # calls of italian40 (docs/rules/cardano.md), each once: 2 * 3 * 112
    assert table.action_space("player_0").n == table.deal.action_space.size == \
        3 + 3 + 3 + 16 + 2 * 3 * 112
    obs = table.observe(table.agent_selection)
    assert table.observation_space("player_0").contains(obs)
    assert sorted(map(int, obs["action_mask"].nonzero()[0])) == list(
        table.deal.legal_action_ids())
    other = "player_1" if table.agent_selection == "player_0" else "player_0"
    assert table.observe(other)["action_mask"].sum() == 0


def test_render_ansi_narrates() -> None:
    table = env(variant="waks", players=2, render_mode="ansi")
    table.reset(seed=2)
    table.step(1)  # p0 passes
    text = table.render()
    assert "p0" in text and "p1" in text and "last: player_0 pass" in text
    assert env(variant="waks", players=2).unwrapped.render() is None


def test_illegal_action_forfeits_the_chips_in_the_pot_zero_sum() -> None:
    table = env(variant="waks", players=3, chips=20)
    table.reset(seed=3)
    table.step(5)  # player_0 vies 3 (id 5)
    table.step(2)  # player_1 holds: 3 chips in
    table.step(7)  # player_2 raises 2 (id 6 + 1): 5 chips in
    agent = table.agent_selection
    assert agent == "player_0"
    illegal = 3  # a vie of 1: no vie once the round has one
    assert illegal not in table.unwrapped.deal.legal_action_ids()
    table.step(illegal)
    assert all(table.terminations.values())
    # player_0 forfeits the 3 chips they put in, shared by the two others
    assert table.rewards == {"player_0": -3.0, "player_1": 1.5, "player_2": 1.5}
    assert sum(table.rewards.values()) == 0.0
    assert table.infos["player_0"]["illegal_action"] is True
    assert not table.observe("player_0")["action_mask"].any()


def test_render_test_passes_for_every_mode(capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(variant="waks", players=2, chips=5,
                                             render_mode=render_mode))
    assert "chips" in capsys.readouterr().out  # "human" printed the table


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(primero.PrimeroError):
        raw_env(variant="nosuch")
    with pytest.raises(primero.PrimeroError):
        raw_env(players=9)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_training_loop_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location(
        "pettingzoo_training_loop", ROOT / "examples" / "pettingzoo_training_loop.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main(200, 0)
    page = (ROOT / "docs" / "adapters" / "pettingzoo.md").read_text("utf-8")
    assert capsys.readouterr().out.strip() in page  # the page shows this run
    means = example.main(30, 0)
    assert set(means) == {"player_0", "player_1", "player_2"}
    assert abs(sum(means.values())) < 1e-9  # refunded carry-overs: chips only change hands
    assert means == example.main(30, 0)  # seeded


def test_reset_takes_numpy_seeds_and_negative_seeds_deal_their_own_cards() -> None:
    import numpy as np

    table = raw_env(players=2)
    hands = {}
    for seed in (5, np.int64(5), -5, np.int32(-5)):
        table.reset(seed=seed)
        hands[repr(seed)] = tuple(seat.hand for seat in table.deal.seats)
    assert hands["5"] == hands[repr(np.int64(5))]
    assert hands["-5"] == hands[repr(np.int32(-5))]
    assert hands["5"] != hands["-5"]
    for bad in (1.5, "5", True):
        with pytest.raises(primero.PrimeroError, match="seed must be a whole number"):
            table.reset(seed=bad)  # type: ignore[arg-type]


def test_illegal_action_with_a_carried_in_pot_forfeits_it_to_the_players_still_in() -> None:
    table = env(variant="waks", players=3, chips=20, carry_in=6)
    table.reset(seed=3)
    table.step(5)  # player_0 vies 3 (id 5)
    table.step(0)  # player_1 folds: the 0 chips they put in stay in the pot
    agent = table.agent_selection
    assert agent == "player_2"
    table.step(7)  # player_2 raises 2 (id 6 + 1): 5 chips in
    assert table.agent_selection == "player_0"
    illegal = 3  # a vie of 1: no vie once the round has one
    assert illegal not in table.unwrapped.deal.legal_action_ids()
    table.step(illegal)
    # as if player_0 folded: player_2, the only one still in, gets its 5 back and takes
    # player_0's 3 and the 6 carried in, +9; everyone's claim on the carry-in is 6 / 3 = 2
    assert table.rewards == {"player_0": -3.0 - 2.0, "player_1": 0.0 - 2.0,
                             "player_2": 9.0 - 2.0}
    assert sum(table.rewards.values()) == 0.0


def test_a_forfeit_leaves_a_folded_players_chips_to_the_players_still_in() -> None:
    table = env(variant="waks", players=3, chips=20, carry_in=6)
    table.reset(seed=3)
    for action in (5, 2, 7, 2, 0):  # vie 3, hold, raise 2 (5 in), hold (5 in), fold (3 in)
        table.step(action)
    deal = table.unwrapped.deal
    assert deal.step.kind == "exchange" and table.agent_selection == "player_0"
    assert [s.contributed for s in deal.seats] == [5, 3, 5] and deal.seats[1].folded
    table.step(3)  # a vie in the exchange: illegal
    # player_0 loses its 5, player_1 the 3 it put in before folding; player_2, still in, gets
    # its 5 back and takes 5 + 3 + the 6 carried in; everyone's claim on the carry-in is 2
    assert table.rewards == {"player_0": -5.0 - 2.0, "player_1": -3.0 - 2.0,
                             "player_2": 14.0 - 2.0}
    assert sum(table.rewards.values()) == 0.0


@pytest.mark.parametrize("action", [None, 1.0, 1.5, True, "vie 1"], ids=repr)
def test_an_action_that_is_no_whole_id_forfeits_rather_than_being_truncated(
        action: object) -> None:
    table = raw_env(players=3, carry_in=3)
    table.reset(seed=7)
    assert 1 in table.deal.legal_action_ids()  # int(1.5) and True would have played id 1
    table.step(action)  # type: ignore[arg-type]
    # player_0 has nothing in the pot: loses 1 chip; the two others share it and the
    # carried-in 3; everyone less an equal share (1) of the carried-in pot
    assert table.rewards == {"player_0": -2.0, "player_1": 1.0, "player_2": 1.0}
    assert all(table.terminations.values())
    assert table.infos["player_0"]["illegal_action"] is True


# -- an episode is a deal with at least one decision ------------------------------------------

class _SeedShifted(BaseWrapper):  # type: ignore[misc]
    """``reset(seed=s)`` deals as ``reset(seed=s + shift)``: api_test always seeds 0."""

    def __init__(self, wrapped: Any, shift: int) -> None:
        super().__init__(wrapped)
        self.shift = shift

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=None if seed is None else seed + self.shift, options=options)


def _engine_deal(table: AdapterTable, rng: random.Random) -> GameState:
    """One deal dealt straight from the engine, each card equally likely, up to a decision."""
    state = table.start()
    while state.pending:
        chance = state.chance
        assert chance is not None
        state = state.deal(rng.choice(state.stock or chance.cards))
    return state


@pytest.mark.parametrize("players", [2, 3, 8])
@pytest.mark.parametrize("shift", [0, 1, 2, 3, 4])
def test_api_test_passes_for_primiera_at_every_seed(players: int, shift: int) -> None:
    api_test(_SeedShifted(env(variant="primiera", players=players, chips=4), shift),
             num_cycles=40)


@pytest.mark.parametrize("players", [2, 3, 8])
def test_seed_test_passes_for_primiera(players: int) -> None:
    seed_test(lambda: env(variant="primiera", players=players, chips=4), num_cycles=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test_and_seed_test_pass_at_the_most_players(variant: str) -> None:
    players = primero.registry().spec(variant).players[1]
    api_test(env(variant=variant, players=players, chips=4), num_cycles=20)
    seed_test(lambda: env(variant=variant, players=players, chips=4), num_cycles=20)


@pytest.mark.parametrize("players", [2, 3, 8])
def test_reset_always_leaves_an_agent_to_decide(players: int) -> None:
    table = raw_env(variant="primiera", players=players, chips=4)
    skipped = 0
    for seed in range(60):
        table.reset(seed=seed)
        assert not any(table.terminations.values())
        assert not any(table.truncations.values())
        assert table.rewards == dict.fromkeys(table.possible_agents, 0.0)
        assert table.observe(table.agent_selection)["action_mask"].any()
        skipped += len(table.infos["player_0"]["skipped_deals"])
    assert skipped > 0  # the seeds did meet decisionless deals


def test_a_decisionless_deal_is_skipped_and_reported() -> None:
    table = raw_env(variant="primiera", players=3, chips=4)
    # the first seed whose first deal, dealt straight from the engine, needs no decision
    seed = next(s for s in range(200) if _engine_deal(table.table, random.Random(s)).over)
    rng = random.Random(seed)
    skipped = [_engine_deal(table.table, rng)]
    while skipped[-1].over:
        skipped.append(_engine_deal(table.table, rng))
    played = skipped.pop()  # the first deal with a decision: the episode
    assert skipped and not played.over
    table.reset(seed=seed)
    assert table.deal == played  # the same generator dealt on
    paid = [{f"player_{i}": float(stack - 4) for i, stack in enumerate(deal.stacks)}
            for deal in skipped]
    assert all(sum(p.values()) == 0.0 for p in paid)  # one winner takes the others' antes
    for agent in table.possible_agents:
        assert table.infos[agent]["skipped_deals"] == tuple(paid)
    assert not any(table.terminations.values())
    # a seed whose first deal needs a decision skips nothing
    plain = next(s for s in range(200) if not _engine_deal(table.table, random.Random(s)).over)
    table.reset(seed=plain)
    assert table.deal == _engine_deal(table.table, random.Random(plain))
    assert table.infos["player_1"]["skipped_deals"] == ()


def _episode(table: Any, seed: int) -> tuple[Any, ...]:
    table.reset(seed=seed)
    skipped = table.infos["player_0"]["skipped_deals"]
    rng = random.Random(seed)
    steps = []
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        legal = observation["action_mask"].nonzero()[0].tolist()
        action = None if termination or truncation else rng.choice(legal)
        steps.append((agent, reward, termination, tuple(legal), action))
        table.step(action)
    return skipped, tuple(steps), table.unwrapped.deal


@pytest.mark.parametrize("players", [2, 3, 8])
def test_the_same_seed_gives_the_same_episode_with_zero_sum_rewards(players: int) -> None:
    first = env(variant="primiera", players=players, chips=4)
    second = env(variant="primiera", players=players, chips=4)
    for seed in range(12):
        episode = _episode(first, seed)
        assert episode == _episode(second, seed)
        skipped, steps, deal = episode
        assert len(steps) > players  # a decision, then every agent's last step
        assert sum(reward for _, reward, _, _, _ in steps) == 0.0
        assert deal.over
        assert all(sum(paid.values()) == 0.0 for paid in skipped)
        # chips conserved: the final stacks and a pot carried over hold every chip dealt
        assert sum(deal.stacks) + deal.settlement.carry == 4 * players


def test_a_table_with_no_decision_in_the_bound_raises_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = raw_env(variant="primiera", players=8, chips=4)
    seed = next(s for s in range(500) if all(
        _engine_deal(table.table, rng).over for rng in [random.Random(s)] for _ in range(3)))
    monkeypatch.setattr(pettingzoo_env, "MAX_DEALS_TRIED", 3)
    with pytest.raises(DecisionlessTableError,
                       match=r"table variant='primiera' .* players=8 chips=\[4, 4, 4, 4, 4, 4, "
                             r"4, 4\] dealer=7 carry_in=0: none of 3 deals in a row needed a "
                             r"decision") as raised:
        table.reset(seed=seed)
    assert raised.value.tried == 3
    assert isinstance(raised.value, primero.PrimeroError)
