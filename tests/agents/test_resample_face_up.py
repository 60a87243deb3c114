"""Determinizing keeps the cards dealt face up: every player saw them come.

``resample_history`` redraws the cards hidden from a player; a card dealt face up at a chance
node (to anyone) stays where it came. The deals use the Waks house rule of
tests/agents/test_face_up_cards.py (each deal step's second round face up), dealt from outside as
the adapters deal (``AdapterTable``, chance outcomes numbered by place in the pack).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_face_up_cards import STOCK, face_up_waks

from primero import parse_cards
from primero.adapters import AdapterTable, resample_history
from primero.cards import Card
from primero.deal.state import FACE_UP, GameState

TRIES = 200


#: Three players, 20 chips each, the dealer last (Anna, seat 0, is eldest); one variant
#: object, so the views of every world compare equal.
TABLE = AdapterTable(variant=face_up_waks(), players=3, stacks=(20, 20, 20), dealer=2)


def play(actions: list[str]) -> tuple[GameState, list[int]]:
    """The deal of :data:`STOCK` (then the rest of the pack) with ``actions`` by their text.

    Returns:
        The state and its history as the adapters number it.
    """
    adapters = TABLE
    pack = adapters.pack
    cards = iter([*STOCK, *(c for c in pack if c not in STOCK)])
    todo = iter(actions)
    state = adapters.start()
    history: list[int] = []
    while True:
        if state.chance is not None:
            card = next(cards)
            history.append(pack.index(card))
            state = state.deal(card)
            continue
        text = next(todo, None)
        if text is None:
            return state, history
        by_text = {str(state.action_space.decode(state, i)): i
                   for i in state.legal_action_ids()}
        history.append(by_text[text])
        state = state.apply(by_text[text])


def replayed(adapters: AdapterTable, history: list[int]) -> GameState:
    state = adapters.start()
    for value in history:
        state = state.deal(adapters.pack[value]) if state.chance is not None \
            else state.apply(value)
    return state


def worlds(state: GameState, history: list[int], seat: int, seed: int,
           count: int) -> list[GameState]:
    adapters = TABLE
    rng = random.Random(seed)
    found = []
    for _ in range(count * TRIES):
        drawn = resample_history(adapters, history, seat, state,
                                 lambda k: rng.randrange(k))
        if drawn is not None:
            found.append(replayed(adapters, drawn))
            if len(found) == count:
                break
    assert len(found) == count
    return found


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def face_up(state: GameState) -> dict[int, Card]:
    """Every card dealt face up, by its place among the cards dealt."""
    return {r.order: r.card for seat in state.seats for r in seat.received
            if r.reason == FACE_UP}


def test_the_deal_the_tests_read() -> None:
    state, _ = play(["vie 1", "hold", "hold"])
    assert [s.hand for s in state.seats] == [cards("7s 6c"), cards("6h Kh"), cards("Ad 2c")]
    assert face_up(state) == {3: cards("6c")[0], 4: cards("Kh")[0], 5: cards("2c")[0]}


def test_resampled_worlds_keep_every_card_dealt_face_up() -> None:
    state, history = play(["vie 1", "hold"])
    for seat in range(3):
        for world in worlds(state, history, seat, seed=seat, count=40):
            assert face_up(world) == face_up(state)
            assert world.seats[seat].hand == state.seats[seat].hand
            assert world.view(seat) == state.view(seat)


def test_the_hidden_cards_are_drawn_from_the_cards_nobody_saw() -> None:
    state, history = play(["vie 1", "hold"])
    # Anna sees her 7s 6c and the open Kh 2c: Ben's and Carla's first cards come from the
    # other 36, each about as often (2 * 600 / 36 = 33 expected per card)
    counts: Counter[Card] = Counter()
    for world in worlds(state, history, 0, seed=7, count=600):
        counts.update([world.seats[1].hand[0], world.seats[2].hand[0]])
    seen = set(cards("7s 6c Kh 2c"))
    assert set(counts) == set(TABLE.pack) - seen
    assert all(10 <= n <= 60 for n in counts.values()), counts  # > 4.5 sd from 33: a bug


@pytest.mark.parametrize("ben", ["exchange", "exchange 6h", "exchange 6h Kh"])
def test_a_face_up_card_thrown_stays_where_it_came(ben: str) -> None:
    # Anna throws her open 6c, Ben his hidden 6h (keeping his open Kh) or both; the second
    # deal's last round is face up again
    state, history = play(["vie 1", "hold", "hold", "exchange 6c", ben, "exchange"])
    assert state.seats[0].discarded == cards("6c")
    assert state.seats[1].discarded == cards(ben.removeprefix("exchange"))
    opened = face_up(state)
    assert [opened[k] for k in (3, 4, 5)] == list(cards("6c Kh 2c"))
    assert len(opened) == 6
    for seat in range(3):
        for world in worlds(state, history, seat, seed=10 + seat, count=20):
            assert face_up(world) == face_up(state)
            assert world.view(seat) == state.view(seat)


def test_a_face_up_card_thrown_leaves_the_hidden_cards_uniform() -> None:
    state, history = play(["vie 1", "hold", "hold", "exchange 6c", "exchange", "exchange"])
    # Ben sees his 6h Kh 3d Qd and the open 6c (thrown by Anna: it stays where it came),
    # 2c, 4d, 5d: Anna's first card, kept through her exchange, is any of the other 32, each
    # about as often (600 / 32 = 19 expected per card), wherever it sorts beside the 6c
    counts = Counter(world.seats[0].hand[0]
                     for world in worlds(state, history, 1, seed=3, count=600))
    assert set(counts) == set(TABLE.pack) - set(cards("6h Kh 3d Qd 6c 2c 4d 5d"))
    assert all(n <= 45 for n in counts.values()), counts  # > 6 sd above 19: a bug


def test_openspiel_resampled_toy_worlds_keep_both_players_open_cards() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from primero.openspiel import GAME_NAME, TOY_PARAMETERS

    state = pyspiel.load_game(GAME_NAME, TOY_PARAMETERS).new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    state.apply_action(state.legal_actions()[0])
    for player in (0, 1):
        for _ in range(20):
            world = state.resample_from_infostate(player, rng.random)
            assert [s.hand[:2] for s in world.deal.seats] == [cards("7s 6d"), cards("7h 6c")]
            assert world.deal.seats[player].hand == state.deal.seats[player].hand
            assert world.information_state_string(player) == \
                state.information_state_string(player)
