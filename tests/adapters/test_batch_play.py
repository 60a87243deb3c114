"""simulate(..., engine="batch") and the batched agents (primero.batch.play, .agents)."""

from __future__ import annotations

import numpy as np
import pytest

from primero.batch import BatchEngine
from primero.batch.agents import RandomBatchAgent, StrengthBatchAgent, share_table
from primero.errors import PrimeroError, UnknownAgentError, UnknownVariantError
from primero.simulation import derive_seed, simulate


def test_a_batch_run_deals_the_engine_runs_cards_and_keeps_chips() -> None:
    run = simulate("waks", players=3, deals=600, seed=4, agents="random", engine="batch")
    assert len(run) == 600
    assert [r.seed for r in run.results[:3]] == [derive_seed(4, i) for i in range(3)]
    for r in run.results:
        assert sum(r.net) == -r.carry  # what is not won stays on the table
        assert set(r.winners) <= {0, 1, 2}
        assert r.ended_by in {"showdown", "folds", "carry"}
    assert run.agents == ("random", "random", "random")


def test_batched_random_play_matches_the_engines_random_play() -> None:
    """Both draw uniformly among the legal actions: seat 0's mean net agrees (4 SEs)."""
    batch = simulate("waks", players=2, deals=20_000, seed=1, agents="random", engine="batch")
    engine = simulate("waks", players=2, deals=1_500, seed=2, agents="random")
    a = np.array([r.net[0] for r in batch.results], float)
    b = np.array([r.net[0] for r in engine.results], float)
    se = np.sqrt(a.var() / len(a) + b.var() / len(b))
    assert abs(a.mean() - b.mean()) < 4 * se
    share_a = np.mean([r.ended_by == "folds" for r in batch.results])
    share_b = np.mean([r.ended_by == "folds" for r in engine.results])
    assert abs(share_a - share_b) < 4 * np.sqrt(0.25 / len(b))


def test_the_strength_player_beats_random_play_heads_up() -> None:
    run = simulate("waks", players=2, deals=8_000, seed=3, agents=["strength", "random"],
                   engine="batch")
    net = np.array([r.net[0] for r in run.results], float)
    assert net.mean() - 4 * net.std() / np.sqrt(len(net)) > 0


def test_random_batch_ids_are_legal_and_cover_every_legal_id() -> None:
    batch = BatchEngine("waks", 2000, 3, 4)
    batch.reset(seed=8)
    rng = np.random.default_rng(8)
    seen: set[int] = set()
    while not batch.done.all():
        mask = batch.legal_mask()
        ids = RandomBatchAgent().act(batch, rng)
        acting = np.flatnonzero(batch.to_act >= 0)
        assert mask[acting, ids[acting]].all()
        seen |= set(ids[acting].tolist())
        batch.step(ids)
    assert set(range(13)) <= seen  # fold, pass, hold, vies, raises, exchanges of two cards


def test_the_share_table_reads_hands_off_the_ranking() -> None:
    """Four 7s beat every other hand (a Chorus 84); no hand beats fewer than none."""
    table = share_table(BatchEngine("waks", 1, 2).variant)
    pack = BatchEngine("waks", 1, 2).rules.pack
    sevens = np.array([[k for k, c in enumerate(pack) if c.rank.value == 7]])
    assert table.share(sevens, np.array([4]))[0] == pytest.approx(1.0)
    assert 0.45 < table.shares[0][0] < 0.55  # no card known: the mean share, one half
    assert table.shares[4].min() >= 0.0


def test_a_strength_player_keeps_a_strong_pair_and_acts_legally() -> None:
    batch = BatchEngine("waks", 500, 2)
    batch.reset(seed=6)
    rng = np.random.default_rng(6)
    while not batch.done.all():
        ids = StrengthBatchAgent().act(batch, rng)
        acting = np.flatnonzero(batch.to_act >= 0)
        assert batch.legal_mask()[acting, ids[acting]].all()
        batch.step(ids)


def test_a_batch_run_refuses_what_it_cannot_play() -> None:
    with pytest.raises(UnknownAgentError, match="no batched agent called 'odds'"):
        simulate("waks", players=2, deals=10, agents="odds", engine="batch")
    with pytest.raises(UnknownVariantError, match="names a call"):
        simulate("cardano", players=2, deals=10, agents="random", engine="batch")
    with pytest.raises(PrimeroError, match="engine must be 'engine' or 'batch'"):
        simulate("waks", players=2, deals=10, agents="random", engine="gpu")
