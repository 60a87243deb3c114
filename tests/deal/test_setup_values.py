"""One deal-setup value: ``DealSetup`` into ``start_deal``, out of records,
sessions, the kit's strategies and the simulation's plan.

Expected stocks come from the standard library's shuffle and the golden case's own text,
never from the code under test.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

import primero
from primero import DealSetup, PrimeroError, Table, get_variant, start_deal
from primero.cards import parse_cards
from primero.records import DealRecord, load_record, record_from_state, replay
from primero.session import Session
from primero.simulation.play import Plan, derive_seed
from primero.simulation.run import simulate
from primero.testing.chance import external_replay
from primero.testing.strategies import DealConfig, deal_setups

CASE = Path(__file__).resolve().parents[1] / "cases" / "waks_example.toml"
NAMES = ("Anna", "Ben", "Carla")


def _shuffled(seed: int) -> tuple[primero.Card, ...]:
    cards = list(get_variant("waks").pack.cards)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def test_deal_setup_is_public_with_its_table() -> None:
    assert primero.DealSetup is DealSetup and "DealSetup" in primero.__all__
    assert primero.Table is Table and "Table" in primero.__all__


def test_a_seeded_setup_deals_what_the_keyword_form_deals() -> None:
    setup = DealSetup(players=NAMES, chips=(20, 15, 9), dealer=1,
                      table=Table(stake=1, rest=4), carry=2, seed=11)
    state = start_deal("waks", setup)
    assert state == start_deal("waks", list(NAMES), [20, 15, 9], dealer=1, rest=4, carry=2,
                               seed=11)
    assert state.setup == attrs.evolve(setup, stock=_shuffled(11))
    assert (state.setup.seed, state.setup.dealing, state.eldest) == (11, "seeded", 2)
    assert state.pot == 2 and state.stacks == (20, 15, 9)


@pytest.mark.parametrize("dealing", ["seeded", "stacked", "external"])
def test_a_deals_own_setup_deals_it_again(dealing: str) -> None:
    if dealing == "external":
        state = start_deal("cardano", list(NAMES), 12, dealing="external")
    elif dealing == "stacked":
        state = start_deal("cardano", list(NAMES), 12, stock=_shuffled(3), raise_cap=2)
    else:
        state = start_deal("cardano", list(NAMES), 12, seed=3, dealer="Ben")
    again = start_deal(state.variant, state.setup)
    assert again == state and again.setup.dealing == dealing
    assert again.setup.table == state.setup.table


def test_a_stacked_setup_is_dealt_from_its_stock() -> None:
    stock = _shuffled(5)[::-1]
    state = start_deal("waks", DealSetup(players=NAMES, chips=(9, 9, 9), dealer=2,
                                         stock=stock, dealing="stacked"))
    assert state.seats[0].hand == (stock[0], stock[3])
    assert state.setup.stock == stock


def test_a_setup_refuses_other_arguments_and_inconsistent_cards() -> None:
    setup = DealSetup(players=NAMES, chips=(9, 9, 9), dealer=2, seed=1)
    with pytest.raises(PrimeroError, match="takes the whole deal from the setup"):
        start_deal("waks", setup, stake=2)
    with pytest.raises(PrimeroError, match="takes the whole deal from the setup"):
        start_deal("waks", setup, seed=4)
    with pytest.raises(PrimeroError, match="not the one seed 1 shuffles"):
        start_deal("waks", attrs.evolve(setup, stock=_shuffled(2)))
    with pytest.raises(PrimeroError, match="leave its stock empty"):
        start_deal("waks", attrs.evolve(setup, stock=_shuffled(2), dealing="external"))
    with pytest.raises(PrimeroError, match="needs the stock"):
        start_deal("waks", attrs.evolve(setup, dealing="stacked"))
    with pytest.raises(PrimeroError, match="dealing must be one of"):
        start_deal("waks", attrs.evolve(setup, dealing="shuffled"))
    with pytest.raises(PrimeroError, match="dealer seat 5 is not a seat of 3 players"):
        start_deal("waks", attrs.evolve(setup, dealer=5))
    with pytest.raises(PrimeroError, match="has 0 chips"):
        start_deal("waks", attrs.evolve(setup, chips=(9, 0, 9)))
    with pytest.raises(PrimeroError, match="must be a Table"):
        start_deal("waks", attrs.evolve(setup, table=(1, 3)))  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match="stake must be a whole number"):
        start_deal("waks", attrs.evolve(setup, table=Table(stake=True)))


def test_the_records_setup_is_the_golden_case() -> None:
    record = load_record(CASE)
    setup = record.setup
    assert setup == DealSetup(
        players=("Anna", "Ben", "Carla", "Dan"), chips=(50, 50, 50, 50), dealer=3,
        table=Table(stake=1, rest=3, ante=0),
        stock=parse_cards("7s 3s 4d 5s Qd Jc 2s Kd Ad 7h 6h 3h 6c 5h Js Kh 2c Qc 6s As "
                          "4s Ks Qs Ah 4h 2h Qh Jh 7d 6d 5d 3d 2d Jd 7c Ac 5c 4c 3c Kc"))
    assert setup.dealing == "stacked"
    final = replay(record)
    assert final.setup == setup
    assert final.stacks == (57, 45, 50, 48)  # the case's [expect]
    assert DealRecord.of(final.variant, final.setup, record.actions) == record


def test_a_seeded_record_has_the_seeded_setup_and_an_ante_by_default() -> None:
    record = DealRecord(variant="revival", players=("A", "B"), dealer="B", chips=(9, 9),
                        seed=21)
    assert record.setup == DealSetup(players=("A", "B"), chips=(9, 9), dealer=1,
                                     table=Table(ante=get_variant("revival").spec.ante),
                                     seed=21)
    assert record.setup.seed == 21 and record.setup.dealing == "seeded"
    with pytest.raises(PrimeroError, match="'Zed' is not one of the players"):
        attrs.evolve(record, dealer="Zed").setup  # noqa: B018
    with pytest.raises(PrimeroError, match="either 'stock'"):
        attrs.evolve(record, seed=None).setup  # noqa: B018


def test_a_record_of_a_state_is_the_record_of_its_setup() -> None:
    state = start_deal("cardano", list(NAMES), 14, seed=9, rest=5)
    state = state.apply(state.legal_actions()[0])
    record = record_from_state(state)
    of_setup = DealRecord.of(state.variant, state.setup,
                             [(state.seats[s].name, str(a)) for s, a in state.history])
    # the state's record writes the cards (and every reshuffle made); the setup's, its seed
    # (which shuffles the reshuffles still to come): both replay the deal
    assert record.stock == _shuffled(9) and record.seed is None and record.rest == 5
    assert of_setup.stock == () and of_setup.seed == 9 and of_setup.rest == 5
    assert attrs.evolve(of_setup, stock=record.stock, seed=None) == record
    assert replay(record) == replay(of_setup) == state


def test_a_session_makes_the_setup_of_its_next_deal() -> None:
    session = Session.new(get_variant("waks"), list(NAMES), (10, 12, 14), seed=4, dealer=1,
                          rest=2)
    setup = session.next_setup()
    seed = random.Random("deal:4:0").getrandbits(64)
    assert setup == DealSetup(players=NAMES, chips=(10, 12, 14), dealer=1,
                              table=Table(stake=1, rest=2), carry=0, seed=seed)
    assert setup.seed == seed
    assert session.start_deal() == start_deal(session.variant, setup)


def test_the_kit_draws_setups() -> None:
    @given(deal_setups("waks", max_players=3))
    @settings(max_examples=15, deadline=None)
    def check(config: DealConfig) -> None:
        assert isinstance(config.setup, DealSetup)
        state = config.start()
        assert state == start_deal(config.variant, config.setup)
        assert (config.players, config.chips, config.dealer) == (
            state.players, state.setup.chips, state.dealer)
        assert config.start_total == state.total_chips

    check()


def test_a_kit_config_made_from_its_parts_holds_the_setup() -> None:
    config = DealConfig(variant=get_variant("waks"), players=("A", "B"), chips=(3, 4),
                        dealer=1, rest=2, carry=1, seed=6)
    assert config.setup == DealSetup(players=("A", "B"), chips=(3, 4), dealer=1,
                                     table=Table(rest=2), carry=1, seed=6)
    assert (config.stake, config.rest, config.seed, config.stock) == (1, 2, 6, None)


def test_the_simulations_plan_deals_its_setup_with_derived_seeds() -> None:
    variant = get_variant("waks")
    plan = Plan.of(variant, "waks", players=3, chips=(20, 20, 20), stake=1, rest=3, ante=0,
                    raise_cap=2, seed=5, agents=("random",) * 3)
    assert plan.setup == DealSetup(players=("P0", "P1", "P2"), chips=(20, 20, 20), dealer=2,
                                   table=Table(raise_cap=2))
    run = simulate("waks", deals=2, players=3, chips=20, seed=5, agents="random", raise_cap=2)
    first = run.state(1)
    assert first.setup == attrs.evolve(plan.setup, stock=first.setup.stock)
    assert first.setup.stock == tuple(start_deal(
        variant, attrs.evolve(plan.setup, seed=derive_seed(5, 1))).setup.stock)


def test_the_external_replay_keeps_the_raise_cap() -> None:
    # a raise cap of 1: after one vie, only hold, pass or fold; the replay must agree
    state = start_deal("waks", list(NAMES), 20, seed=2, raise_cap=1)
    rng = random.Random(0)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
    outside = external_replay(state)
    assert outside.setup.table.raise_cap == 1
    assert outside.stacks == state.stacks


def test_the_deal_setup_module_examples_run() -> None:
    import doctest

    import primero.setup

    result = doctest.testmod(primero.setup)
    assert (result.failed, result.attempted) == (0, 6)


@pytest.mark.parametrize("stock", [5, 2.5, object()])
def test_a_setup_whose_stock_is_not_a_sequence_is_refused(stock: object) -> None:
    setup = attrs.evolve(start_deal("waks", ["Anna", "Ben", "Carla"], seed=1).setup, stock=stock)
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", setup)
    assert str(info.value).startswith(
        "the setup's stock must be a sequence of cards (top first), got ")
