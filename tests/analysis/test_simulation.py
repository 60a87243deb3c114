"""Simulation records and summaries: reproducible whatever the
number of workers — one process, a local process pool, any Executor, a local Dask cluster."""

from __future__ import annotations

import itertools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import primero
from primero.agents import RandomAgent, play_deal
from primero.deal.engine import start_deal
from primero.errors import InvalidOptionError, PrimeroError, UnknownVariantError
from primero.plugins.registry import resolve_variant
from primero.simulation.executor import chunk_size
from primero.simulation.play import derive_seed, seat_names
from primero.simulation.records import DealResult, Summary
from primero.simulation.run import compare, simulate, simulate_sessions

DEALS = 40


@pytest.fixture(scope="module")
def waks_run() -> primero.Variant:
    return primero.get_variant("waks")


def check_conserved(run: list[DealResult] | tuple[DealResult, ...]) -> None:
    """Chips are conserved in every record: what the seats gain is what left the pot."""
    for r in run:
        assert sum(r.net) == r.carry_in - r.carry, r
        assert r.pot >= r.carry
        assert len(set(r.winners)) == len(r.winners)
        assert (r.winning_class is None) == (r.winning_points is None)
        if r.winning_class is not None:
            assert r.showdown
        if not r.winners:
            assert r.carry == r.pot  # nobody won: everything contested carries over


# --- seeds and determinism --------------------------------------------------------------------

def test_derive_seed_depends_on_seed_index_and_purpose_only() -> None:
    assert derive_seed(0, 5) == derive_seed(0, 5)
    values = {derive_seed(s, i, p) for s in (0, 1) for i in range(50)
              for p in ("deal", "agents")}
    assert len(values) == 200
    assert all(0 <= v < 2**64 for v in values)


def test_chunk_size_depends_on_the_number_of_deals_only() -> None:
    assert [chunk_size(n) for n in (0, 1, 100, 101, 1000, 10**6)] == [1, 1, 1, 2, 10, 200]


def test_same_seed_same_table_with_one_worker_two_processes_and_any_executor() -> None:
    one = simulate("waks", deals=DEALS, seed=11, agents="random", progress=False)
    two = simulate("waks", deals=DEALS, seed=11, agents="random", jobs=2, progress=False)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threads = simulate("waks", deals=DEALS, seed=11, agents="random", executor=pool,
                           progress=False)
    assert one.results == two.results == threads.results
    assert [r.deal for r in one.results] == list(range(DEALS))
    other = simulate("waks", deals=DEALS, seed=12, agents="random", progress=False)
    assert other.results != one.results


def test_same_seed_same_table_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    reference = simulate("waks", deals=DEALS, seed=3, agents="random", progress=False)
    # worker processes of their own: tasks and records cross process boundaries
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate("waks", deals=DEALS, seed=3, agents="random",
                           executor=client.get_executor(), progress=False)
    assert on_dask.results == reference.results


def test_a_record_is_the_deal_the_engine_plays_from_the_derived_seeds() -> None:
    # Independent replay: start the deal and let random agents play it by hand.
    sim = simulate("waks", deals=6, seed=5, agents="random", progress=False)
    variant = primero.get_variant("waks")
    for r in sim.results:
        state = start_deal(variant, ["A", "B", "C", "D"], 50, dealer=3,
                           seed=derive_seed(5, r.deal))
        final = play_deal(state, [RandomAgent()] * 4,
                          random.Random(derive_seed(5, r.deal, "agents")))
        assert r.seed == derive_seed(5, r.deal)
        assert r.net == tuple(s - 50 for s in final.stacks)
        assert r.ended_by == final.ended_by
        assert r.actions == len(final.history)
        assert (r.dealer, r.eldest, r.players) == (3, 0, 4)
        assert sim.state(r.deal).stacks == final.stacks
    check_conserved(sim.results)


def test_heuristic_agents_play_sensible_deals() -> None:
    sim = simulate("waks", deals=30, seed=1, progress=False)
    assert sim.agents == ("heuristic",) * 4
    check_conserved(sim.results)
    summary = sim.summary()
    assert summary.showdowns > 0
    assert abs(sum(summary.win_share) - 1) < 1e-9


def test_agents_per_seat_and_agent_objects() -> None:
    sim = simulate("waks", deals=8, agents=["random", RandomAgent(), "heuristic", "random"],
                   progress=False)
    assert sim.agents == ("random", "random", "heuristic", "random")
    check_conserved(sim.results)


@pytest.mark.parametrize("name", primero.registry().names())
def test_every_registered_variant_simulates(name: str) -> None:
    # Built-in and plug-in variants alike, with no special case: chips conserved.
    spec = primero.registry().spec(name)
    players = min(max(4, spec.players[0]), spec.players[1])
    sim = simulate(name, players=players, deals=4, seed=2, agents="random", progress=False)
    assert len(sim) == 4
    assert sim.ante == spec.ante  # the variant's own ante unless one is given
    assert all(r.variant == name and len(r.net) == players for r in sim.results)
    check_conserved(sim.results)
    summary = sim.summary()
    ranking = primero.get_variant(name).ranking
    assert set(summary.winning_classes) == set(ranking.classes) | {"unseen"}
    assert list(summary.winning_classes)[-1] == "unseen"
    assert sum(summary.winning_classes.values()) == summary.deals_won
    # strongest first by the variant's own order: the best hand's class leads
    best = max(ranking.values(), key=lambda v: v.key)
    assert next(iter(summary.winning_classes)) == best.hand_class


# --- sessions ----------------------------------------------------------------------------------

def test_sessions_carry_pots_over_pass_the_deal_and_are_reproducible() -> None:
    sim = simulate_sessions("waks", sessions=3, deals_per_session=8, seed=4, agents="random",
                            chips=12, progress=False)
    again = simulate_sessions("waks", sessions=3, deals_per_session=8, seed=4,
                              agents="random", chips=12, jobs=2, progress=False)
    assert sim.results == again.results
    check_conserved(sim.results)
    for number in range(3):
        deals = [r for r in sim.results if r.session == number]
        assert [r.session_deal for r in deals] == list(range(len(deals)))
        assert [r.deal for r in deals] == [number * 8 + k for k in range(len(deals))]
        assert deals[0].carry_in == 0
        for before, after in itertools.pairwise(deals):
            assert after.carry_in == before.carry  # the pot not won carries over
        # chips at the table plus the carry never change over a session
        chips = 12 * 4
        for r in deals:
            chips += sum(r.net)
            assert chips + r.carry == 48
    assert sim.state(sim.results[5].deal).setup.seed == sim.results[5].seed


# --- summaries ---------------------------------------------------------------------------------

def record(**changes: object) -> DealResult:
    base: dict[str, object] = dict(
        variant="waks", deal=0, session=0, session_deal=0, seed=1, players=3, dealer=2,
        eldest=0, pot=6, carry_in=0, showdown=True, ended_by="showdown", winners=(0,),
        winner_positions=(0,), winning_class="Primero", winning_points=60, carry=0,
        net=(4, -2, -2), actions=5,
    )
    base.update(changes)
    return DealResult(**base)  # type: ignore[arg-type]


def test_summary_numbers_by_hand() -> None:
    results = [
        record(pot=6),
        record(pot=10, winners=(1, 2), winner_positions=(1, 2), winning_class="Numerus",
               winning_points=40, net=(-4, 2, 2)),
        record(pot=3, showdown=False, ended_by="carry", winners=(), winner_positions=(),
               winning_class=None, winning_points=None, carry=3, net=(-1, -1, -1)),
        record(pot=5, showdown=False, ended_by="folds", winners=(2,), winner_positions=(2,),
               winning_class=None, winning_points=None, net=(-1, -1, 2)),
    ]
    s = Summary.of(results, variant="waks", players=3,
                   classes=("Chorus", "Fluxus", "Supremus", "Primero", "Numerus"))
    assert (s.deals, s.showdowns, s.carried_over, s.max_pot) == (4, 2, 1, 10)
    assert s.mean_pot == 6.0
    assert s.pot_sd == pytest.approx((26 / 3) ** 0.5)  # pots 6 10 3 5, mean 6
    # three deals with a winner: seat 0 one, seats 1 and 2 half each of one, seat 2 one more
    assert s.win_share == pytest.approx((1 / 3, 1 / 6, 1 / 2))
    assert s.mean_net == pytest.approx((-0.5, -0.5, 0.25))
    # every deal won counts: the one won by folds, no hand shown, is "unseen"
    assert s.winning_classes == {"Chorus": 0, "Fluxus": 0, "Supremus": 0, "Primero": 1,
                                 "Numerus": 1, "unseen": 1}
    assert (s.deals_won, s.no_winner) == (3, 1)
    assert s.ended_by == {"carry": 1, "folds": 1, "showdown": 2}
    data = s.to_json()
    assert {k: data[k] for k in ("variant", "players", "deals", "showdowns", "carried_over",
                                 "no_winner", "deals_won", "winning_classes")} == {
        "variant": "waks", "players": 3, "deals": 4, "showdowns": 2, "carried_over": 1,
        "no_winner": 1, "deals_won": 3,
        "winning_classes": {"Chorus": 0, "Fluxus": 0, "Supremus": 0, "Primero": 1,
                            "Numerus": 1, "unseen": 1},
    }
    # Wilson, 2 of 4 at 95 %, by hand: centre 0.5, half (z / (1 + z²/4)) √(1/16 + z²/64)
    # = 0.99981 × 0.35003 = 0.34997
    assert data["showdown_share"] == {"value": 0.5, "ci_low": 0.15, "ci_high": 0.85,
                                      "deals": 4}
    # the pot: mean 6, sd √(26/3) = 2.9439, t(3) = 3.182: 6 ± 4.684
    pot = data["mean_pot"]
    assert pot["value"] == 6.0 and pot["deals"] == 4
    assert pot["ci_low"] == pytest.approx(6 - 4.684, abs=0.01)
    assert pot["ci_high"] == pytest.approx(6 + 4.684, abs=0.01)
    assert [w["value"] for w in data["win_share"]] == [0.3333, 0.1667, 0.5]
    assert [w["deals"] for w in data["win_share"]] == [3, 3, 3]
    assert [n["value"] for n in data["mean_net"]] == [-0.5, -0.5, 0.25]
    assert data["winning_class_share"]["unseen"]["value"] == 0.3333


def test_empty_run_summary() -> None:
    sim = simulate("waks", deals=0, progress=False)
    assert sim.summary().to_json()["deals"] == 0
    assert sim.summary().win_share == (0.0, 0.0, 0.0, 0.0)


# --- variants, options and bad input ----------------------------------------------------------

def test_resolve_variant_reads_options_after_a_colon() -> None:
    assert resolve_variant("waks:supremus=false, tie=split") == primero.get_variant(
        "waks", supremus=False, tie="split")
    assert resolve_variant("English") == primero.get_variant("waks")
    assert str(resolve_variant("waks:numerus-counts=all")) == "waks (numerus_counts=all)"
    with pytest.raises(InvalidOptionError, match="supremus"):
        resolve_variant("waks:supremus")
    with pytest.raises(InvalidOptionError, match="nope"):
        resolve_variant("waks:nope=1")
    with pytest.raises(UnknownVariantError):
        resolve_variant("whist")


def test_bad_runs_are_refused_before_any_deal() -> None:
    with pytest.raises(PrimeroError, match="2 to 6 players"):
        simulate("waks", players=7, deals=1)
    with pytest.raises(PrimeroError, match="3 agents"):
        simulate("waks", deals=1, agents=["random"] * 3)
    with pytest.raises(ValueError, match="known agents"):
        simulate("waks", deals=1, agents="clever")
    with pytest.raises(PrimeroError, match="rest"):
        simulate("waks", deals=1, stake=3, rest=1)
    with pytest.raises(PrimeroError, match="not an agent"):
        simulate("waks", deals=1, agents=[object()] * 4)  # type: ignore[list-item]
    with pytest.raises(PrimeroError, match="listed twice"):
        compare(["waks", "english"], deals=1)


def test_compare_runs_every_variant_on_the_same_seeds() -> None:
    cmp = compare(["waks", "waks:supremus=false"], deals=12, seed=9, agents="random",
                  progress=False)
    plain, option = cmp.simulations
    assert cmp.labels == ["waks", "waks (supremus=false)"]
    assert [r.seed for r in plain.results] == [r.seed for r in option.results]
    # random agents do not look at their cards: the same seeds give the same betting
    assert [r.actions for r in plain.results] == [r.actions for r in option.results]
    data = cmp.to_json()
    assert data["deals"] == 12 and data["players"] == 4 and data["seed"] == 9
    assert [v["variant"] for v in data["variants"]] == cmp.labels
    assert "Supremus" not in data["variants"][1]["winning_classes"]
    assert data["populations"] == ["random"]
    assert all(v["agents"] == "random" for v in data["variants"])


def test_compare_plays_every_population_on_the_same_seeds() -> None:
    cmp = compare(["waks", "suzuki"], deals=6, seed=4,
                  agents=["random", ("heuristic", "random", "random", "random")],
                  progress=False)
    assert cmp.populations == ["random", "heuristic/random/random/random"]
    assert [(s.label, s.population) for s in cmp.simulations] == [
        ("waks", "random"), ("suzuki", "random"),
        ("waks", "heuristic/random/random/random"),
        ("suzuki", "heuristic/random/random/random")]
    seeds = {tuple(r.seed for r in s.results) for s in cmp.simulations}
    assert len(seeds) == 1
    assert cmp.run("suzuki", "random") is cmp.simulations[1]
    with pytest.raises(KeyError, match="no run of 'losing'"):
        cmp.run("losing")
    with pytest.raises(PrimeroError, match="population 'random' is listed twice"):
        compare(["waks"], deals=1, agents=["random", "random"])


def test_seat_names() -> None:
    assert seat_names(3) == ("P0", "P1", "P2")


def test_progress_bar_on_a_terminal_and_off_elsewhere(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    simulate("waks", deals=150, agents="random")  # long enough, but stderr is no terminal
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich: treat stderr as a terminal
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    simulate("waks", deals=3, agents="random", progress=True)
    err = capsys.readouterr().err
    assert "Simulating waks" in err and "3/3" in err
    simulate("waks", deals=3, agents="random", progress=False)
    assert capsys.readouterr().err == ""


# --- an ante for a variant without one ----------------------------------

def test_an_ante_is_refused_for_a_variant_whose_deal_has_none() -> None:
    """``simulate -V waks --ante 5`` played 50 deals as if no ante had been given."""
    assert not primero.simulation.has_ante_step(primero.get_variant("waks"))
    assert primero.simulation.has_ante_step(primero.get_variant("revival"))
    with pytest.raises(PrimeroError, match="waks has no ante"):
        simulate("waks", deals=50, ante=5, progress=False)
    with pytest.raises(PrimeroError, match="waks has no ante"):
        simulate_sessions("waks", sessions=2, ante=5, progress=False)
    # ante 0 (or none given) is fine; a variant with an ante step takes any ante
    assert simulate("waks", deals=2, ante=0, progress=False).pays_ante is False
    run = simulate("revival", deals=2, ante=5, progress=False)
    assert run.pays_ante and run.ante == 5
    assert all(r.pot >= 4 * 5 for r in run.results)  # four players ante 5 each


def test_compare_checks_every_table_before_playing_any_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_play(*args: object, **kwargs: object) -> None:
        raise AssertionError("a run was simulated before every table was checked")

    monkeypatch.setattr("primero.simulation.run.simulate", no_play)
    with pytest.raises(PrimeroError, match="waks has no ante: ante must be 0, got 5"):
        compare(["revival", "waks"], deals=1000, ante=5, progress=False)


@pytest.mark.parametrize(("given", "problem"), [
    ({"deals": 1.5}, "deals must be a whole number, got 1.5"),   # was a bare TypeError
    ({"deals": True}, "deals must be a whole number, got True"),  # was played as 1 deal
    ({"deals": "3"}, "deals must be a whole number, got '3'"),
    ({"deals": 2, "jobs": 1.0}, "jobs must be a whole number, got 1.0"),
])
def test_simulate_refuses_counts_that_are_not_whole_numbers(
        given: dict[str, object], problem: str) -> None:
    with pytest.raises(PrimeroError, match=f"^{problem}$"):
        simulate("waks", **given)  # type: ignore[arg-type]


def test_simulate_sessions_refuses_counts_that_are_not_whole_numbers() -> None:
    with pytest.raises(PrimeroError, match=r"^sessions must be a whole number, got 2\.0$"):
        simulate_sessions("waks", sessions=2.0)  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match=r"^deals_per_session must be a whole number, got True$"):
        simulate_sessions("waks", sessions=1, deals_per_session=True)


def test_simulate_takes_numpy_counts() -> None:
    np = pytest.importorskip("numpy")
    assert len(simulate("waks", deals=np.int64(3), seed=1, agents="random").results) == 3


def test_compare_refuses_one_text_instead_of_a_list_of_variants() -> None:
    # compare("waks") used to iterate the letters: "unknown variant 'w'"
    with pytest.raises(PrimeroError, match=r"^variants is one text 'waks': give a list"):
        compare("waks", deals=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, 1.0, True, "1", None], ids=repr)
def test_a_run_seed_that_is_no_whole_number_is_refused(seed: object) -> None:
    message = f"seed must be a whole number, got {seed!r}"
    for run in (lambda: simulate("primiera", players=3, deals=2, seed=seed),  # type: ignore[arg-type]
                lambda: simulate_sessions("primiera", players=3, sessions=1,
                                          deals_per_session=2, seed=seed),  # type: ignore[arg-type]
                lambda: compare(["waks", "primiera"], players=3, deals=2, seed=seed)):  # type: ignore[arg-type]
        with pytest.raises(PrimeroError) as info:
            run()
        assert str(info.value) == message


def test_a_numpy_integer_seed_plays_the_same_deals_as_the_int() -> None:
    np = pytest.importorskip("numpy")
    by_numpy = simulate("primiera", players=3, deals=3, seed=np.int64(4), agents="odds")
    by_int = simulate("primiera", players=3, deals=3, seed=4, agents="odds")
    assert by_numpy.results == by_int.results
    assert type(by_numpy.seed) is int


def test_session_runs_take_their_intervals_by_session() -> None:
    from primero.analysis.intervals import cluster_interval, cluster_share_interval

    sim = simulate_sessions("waks", sessions=6, deals_per_session=5, seed=2, agents="random",
                            progress=False)
    s = sim.summary()
    sessions = [r.session for r in sim.results]
    assert s.pot == cluster_interval([r.pot for r in sim.results], sessions)
    assert s.showdown_share == cluster_share_interval(
        [float(r.showdown) for r in sim.results], sessions)
