"""Lazy player views: ``state.view(seat)`` reads each field off the
state when first read; every field keeps its value and type, and a view still compares,
hashes, prints, pickles and copies as a plain :class:`PlayerView`, frozen, hiding what it hid.

The expected views are built by :func:`eager_view`, written apart from the library's lazy
view: every field computed at once from the state's own fields (as version 0.1 built them).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator

import attrs
import pytest

import primero
from primero.agents import HeuristicAgent, RandomAgent, play_deal
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.plugins.registry import registry
from primero.serialize import to_dict
from primero.testing.privacy import _find_cards, check_view_hides, public_cards
from primero.views import PlayerView

NAMES = ("Anna", "Ben", "Carla", "Dan")
VARIANTS = registry().names()
FIELDS = tuple(f.name for f in attrs.fields(PlayerView))


def dealt_face_up(seat: primero.deal.state.Seat) -> tuple[primero.cards.Card, ...]:
    """The cards ``seat`` holds whose last receipt was "face up", by that receipt's order."""
    latest = {r.card: r for r in seat.received}
    return tuple(r.card for r in sorted(latest.values(), key=lambda r: r.order)
                 if r.reason == "face up" and r.card in seat.hand)


def eager_view(state: GameState, seat: int) -> PlayerView:
    """``seat``'s view of ``state`` with every field given, straight from the state's fields."""
    public = []
    showdown = state.settlement is not None and state.settlement.showdown
    shown = {s for s, _ in state.settlement.values} if showdown else set()  # type: ignore[union-attr]
    for i, s in enumerate(state.seats):
        public.append(primero.deal.state.PublicSeat(
            name=s.name, stack=s.stack, contributed=s.contributed, round_bet=s.round_bet,
            folded=s.folded, cards=len(s.hand), open=dealt_face_up(s),
            shown=s.hand if i in shown else ()))
    me = state.seats[seat]
    log = []
    for who, action in state.history:
        if isinstance(action, primero.actions.Exchange):
            n = len(action.discards)
            text = f"exchange {n} card{'s' if n != 1 else ''}"
        elif isinstance(action, primero.actions.Pass) and action.exchange:
            n = len(action.exchange)
            text = f"pass exchange {n} card{'s' if n != 1 else ''}"
        else:
            text = str(action)
        log.append((who, text))
    return PlayerView(
        seat=seat, variant=state.context.variant, hand=me.hand, seats=tuple(public),
        dealer=state.context.setup.dealer, table=state.context.setup.table, step=state.step,
        to_act=state.to_act, pot=state.pot, high=state.high, opened=state.opener is not None,
        stock_size=len(state.stock), discards_size=len(state.discards), history=tuple(log),
        discarded=me.discarded, received=me.received,
        extras=tuple((k, v) for k, v in state.extras if not k.startswith("_")),
        legal=state.legal_actions() if state.to_act == seat else (), over=state.over)


def deal_states(variant: str, seed: int, dealing: str = "seeded") -> Iterator[GameState]:
    """Every state of one random deal of ``variant`` (4 players), the finished one too."""
    rng = random.Random(seed)
    names = NAMES[:registry().spec(variant).players[1]]  # four where the variant seats four
    if dealing == "external":
        state = start_deal(variant, names, 30, dealing="external")
    else:
        state = start_deal(variant, names, 30, seed=seed)
    while True:
        yield state
        if state.over:
            return
        chance = state.chance
        if chance is not None:
            state = state.deal(rng.choice(chance.cards))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_field_of_a_lazy_view_is_the_eager_value(variant: str) -> None:
    rng = random.Random(variant)
    checked = 0
    for seed in range(3):
        for state in deal_states(variant, seed, "external" if seed == 2 else "seeded"):
            for seat in range(state.n):
                lazy, eager = state.view(seat), eager_view(state, seat)
                order = list(FIELDS)
                rng.shuffle(order)  # fields read in any order, each read off the state once
                for name in order:
                    value, expected = getattr(lazy, name), getattr(eager, name)
                    assert value == expected, (variant, name)
                    assert type(value) is type(expected), (variant, name)
                    assert getattr(lazy, name) is value  # kept once read
                assert lazy.owed == eager.owed and lazy.stack == eager.stack
                checked += 1
    assert checked > (25 if variant == "toy" else 50)  # the toy: two players, one round


@pytest.mark.parametrize("variant", ["waks", "cardano", "suzuki", "primiera"])
def test_a_lazy_view_compares_hashes_prints_and_pickles_as_a_plain_view(variant: str) -> None:
    for state in deal_states(variant, 7):
        for seat in (0, state.to_act if state.to_act is not None else 1):
            eager = eager_view(state, seat)
            # compared, hashed and printed before any field is read, then again after
            for lazy in (state.view(seat), state.view(seat)):
                assert lazy == eager and eager == lazy
                assert (lazy != eager) is False and (eager != lazy) is False
                assert hash(lazy) == hash(eager)
                assert repr(lazy) == repr(eager)
                assert isinstance(lazy, PlayerView)
            assert state.view(seat) == state.view(seat)
            assert to_dict(state.view(seat)) == to_dict(eager)
            assert attrs.asdict(state.view(seat), recurse=False) == attrs.asdict(eager,
                                                                             recurse=False)
            # from protocol 2 (cards come back as themselves from 2 on, lazy view or not)
            for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
                data = pickle.dumps(state.view(seat), protocol=protocol)
                assert b"GameState" not in data and b"_StateView" not in data
                back = pickle.loads(data)
                assert type(back) is PlayerView and back == eager
            for copied in (copy.copy(state.view(seat)), copy.deepcopy(state.view(seat))):
                assert type(copied) is PlayerView and copied == eager


def test_a_showdown_view_shows_the_hands_shown() -> None:
    for seed in range(50):
        *_, last = deal_states("waks", seed)
        if last.settlement is not None and last.settlement.showdown:
            break
    else:
        pytest.fail("no showdown in 50 random deals")
    shown = {s for s, _ in last.settlement.values}
    for viewer in range(last.n):
        view = last.view(viewer)
        assert [p.shown for p in view.seats] == [
            s.hand if i in shown else () for i, s in enumerate(last.seats)]
        assert view == eager_view(last, viewer)


def test_views_differ_where_the_states_differ() -> None:
    first = start_deal("waks", NAMES, 30, seed=3)
    later = first.apply(first.legal_actions()[0])
    assert first.view(1) != later.view(1) and later.view(1) != eager_view(first, 1)
    assert first.view(0) != first.view(1)
    assert first.view(0) != "a view" and first.view(0) is not None


def test_a_lazy_view_is_frozen_read_or_not() -> None:
    state = start_deal("waks", NAMES, 30, seed=5)
    view = state.view(state.to_act or 0)
    _ = view.pot  # one field read, the others not
    for name in (*FIELDS, "_state", "anything"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(view, name, 1)
        if name != "anything":
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                delattr(view, name)
    assert view == eager_view(state, view.seat)  # unchanged
    with pytest.raises(AttributeError, match="'PlayerView' object has no attribute 'nothing'"):
        view.nothing  # noqa: B018


def test_evolve_makes_a_view_with_the_fields_given() -> None:
    state = start_deal("waks", NAMES, 30, seed=5)
    changed = attrs.evolve(state.view(0), pot=99)
    assert changed.pot == 99 and changed.hand == state.seats[0].hand
    assert changed == attrs.evolve(eager_view(state, 0), pot=99)
    seat = state.to_act
    assert seat is not None
    raised = attrs.evolve(state.view(seat), high=state.high + 5,
                          seats=tuple(attrs.evolve(p, stack=7) for p in state.view(seat).seats))
    assert raised.owed == state.high + 5 - state.seats[seat].round_bet
    assert raised.stack == 7


def test_an_old_states_view_read_later_shows_that_state() -> None:
    rng = random.Random(2)
    state = start_deal("suzuki", NAMES, 30, seed=2)
    views = []
    while not state.over:
        views.append((state, state.view(0), state.view(state.to_act)))  # type: ignore[arg-type]
        state = state.apply(rng.choice(state.legal_actions()))
    for old, mine, actor in views:  # read only now, the deal over
        assert mine == eager_view(old, 0)
        assert actor == eager_view(old, actor.seat)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_copy_of_a_view_carries_no_hidden_card(variant: str) -> None:
    """Everything a view hands on (its copy: pickled the same way) holds only the viewer's
    own cards and the public ones."""
    for seed in range(2):
        for state in deal_states(variant, seed):
            for viewer in range(state.n):
                check_view_hides(state, viewer)
                own = state.seats[viewer]
                hidden = {c for i, s in enumerate(state.seats) if i != viewer for c in s.hand}
                hidden |= set(state.stock) | set(state.discards)
                hidden -= public_cards(state) | set(own.hand) | set(own.discarded)
                handed_on = pickle.loads(pickle.dumps(state.view(viewer)))
                assert not {c for c in _find_cards(handed_on) if c in hidden}


@pytest.mark.parametrize("variant", ["waks", "cardano", "suzuki", "revival", "primiera"])
@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_play_deal_plays_as_the_agents_acting_on_eager_views(variant: str, agent: type) -> None:
    agents = [agent() for _ in NAMES]
    for seed in range(4):
        start = start_deal(variant, NAMES, 30, seed=seed)
        played = play_deal(start, agents, random.Random(seed))
        rng, state = random.Random(seed), start
        while not state.over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(agents[seat].act(eager_view(state, seat), rng))
        assert played.history == state.history
        assert played.settlement == state.settlement and played.stacks == state.stacks


def test_a_random_agents_deal_reads_no_more_of_the_state_than_the_legal_actions() -> None:
    """The performance contract of the lazy view: a random agent reads ``legal`` only, so
    nothing else is derived (the public log is never spelt out) on any state of its deal."""
    seen: list[GameState] = []

    class Watching(RandomAgent):
        def act(self, view: PlayerView, rng: random.Random) -> primero.Action:
            seen.append(view._state)  # type: ignore[attr-defined]
            return super().act(view, rng)

    play_deal(start_deal("waks", NAMES, 30, seed=4), [Watching()] * 4, random.Random(4))
    assert seen and all(state._log is None for state in seen)


def test_the_public_log_is_spelt_out_only_when_the_history_is_read() -> None:
    rng = random.Random(6)
    state = start_deal("waks", NAMES, 30, seed=6)
    for _ in range(6):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(1)
    for name in FIELDS:
        if name != "history":
            getattr(view, name)
    assert state._log is None and view.owed >= 0 and view.stack >= 0
    assert view.history == eager_view(state, 1).history and state._log is not None
