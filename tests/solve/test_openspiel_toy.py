"""The toy Primero (``TOY_PARAMETERS``): its tree, its hands, and CFR+ solving it.

The expected figures are worked by hand from the rules (docs/adapters/toy.md), never read off
the code: four hidden cards dealt one at a time from six make 6·5·4·3 = 360 deals behind
1 + 6 + 30 + 120 = 157 chance nodes; the revival betting at 3 chips each, ante, stake and
rest 1 gives the eleven betting lines below, six decisions and eleven ends per deal; each
player tells apart the C(6, 2) = 15 hidden pairs at each of their three decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from primero import get_variant, parse_cards, start_deal
from primero.adapters import information_state_layout, observation_layout, views
from primero.openspiel import GAME_NAME, TOY_PARAMETERS

#: Every betting line of a toy deal, worked from the revival rules (docs/rules/revival.md):
#: before a bet pass, vie or fold; after it hold, raise or fold; no pass once someone has bet;
#: a raise of 1 puts the raiser all-in (3 chips less the ante less 1), so the last answer to
#: it is hold or fold; two passes go to the showdown.
LINES = {
    ("p0 fold",),
    ("p0 pass", "p1 fold"),
    ("p0 pass", "p1 pass"),
    ("p0 pass", "p1 vie 1", "p0 fold"),
    ("p0 pass", "p1 vie 1", "p0 hold"),
    ("p0 pass", "p1 vie 1", "p0 hold raise 1", "p1 fold"),
    ("p0 pass", "p1 vie 1", "p0 hold raise 1", "p1 hold"),
    ("p0 vie 1", "p1 fold"),
    ("p0 vie 1", "p1 hold"),
    ("p0 vie 1", "p1 hold raise 1", "p0 fold"),
    ("p0 vie 1", "p1 hold raise 1", "p0 hold"),
}
DEALS = 6 * 5 * 4 * 3
CHANCE_NODES = 1 + 6 + 6 * 5 + 6 * 5 * 4
#: A decision is a proper prefix of a line followed by an action: six per deal.
DECISIONS_PER_DEAL = len({line[:k] for line in LINES for k in range(len(line))})
STOCK = parse_cards("As Ah 6s 6h 5d 5c")


def toy() -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAME, TOY_PARAMETERS)


def test_toy_tree_holds_the_hand_counted_histories_and_information_states() -> None:
    counts: Counter[str] = Counter()
    lines: Counter[tuple[str, ...]] = Counter()
    infos: tuple[set[str], set[str]] = (set(), set())
    stack: list[tuple[pyspiel.State, tuple[str, ...]]] = [(toy().new_initial_state(), ())]
    while stack:
        state, line = stack.pop()
        counts["histories"] += 1
        if state.is_terminal():
            counts["ends"] += 1
            lines[line] += 1
        elif state.is_chance_node():
            counts["chance"] += 1
            stack += [(state.child(a), line) for a, _ in state.chance_outcomes()]
        else:
            counts["decisions"] += 1
            seat = state.current_player()
            infos[seat].add(state.information_state_string())
            stack += [(state.child(a), (*line, f"p{seat} {state.action_to_string(seat, a)}"))
                      for a in state.legal_actions()]
    assert DECISIONS_PER_DEAL == 6
    assert dict(lines) == dict.fromkeys(LINES, DEALS)
    assert counts == {"chance": CHANCE_NODES, "decisions": DEALS * DECISIONS_PER_DEAL,
                      "ends": DEALS * len(LINES),
                      "histories": CHANCE_NODES + DEALS * (DECISIONS_PER_DEAL + len(LINES))}
    assert counts["histories"] == 6277
    assert [len(i) for i in infos] == [15 * 3, 15 * 3]


@pytest.mark.parametrize(("seat", "open_cards", "supremus", "primeros"), [
    (0, "7s 6d", {"As 6s"}, {"Ah 5c": 70, "6h 5c": 72}),
    (1, "7h 6c", {"Ah 6h"}, {"As 5d": 70, "6s 5d": 72}),
])
def test_toy_hands_are_the_open_cards_and_a_hidden_pair(
        seat: int, open_cards: str, supremus: set[str], primeros: dict[str, int]) -> None:
    """Hand-worked: a Supremus needs the A and 6 of the open 7's suit, a Primero the two suits
    the open cards lack (21 + 18 + the two cards' points); anything else is a Numerus."""
    ranking = get_variant("toy").ranking
    census: Counter[str] = Counter()
    for pair in combinations(STOCK, 2):
        name = " ".join(c.ascii for c in pair)
        value = ranking.evaluate(parse_cards(open_cards) + pair)
        census[value.hand_class] += 1
        if name in supremus:
            assert value.hand_class == "Supremus"
        elif name in primeros:
            assert (value.hand_class, value.points) == ("Primero", primeros[name])
        else:
            assert value.hand_class == "Numerus"
    assert census == {"Supremus": 1, "Primero": 2, "Numerus": 12}
    # a seeded deal of the toy (not dealt from outside) gives the same open cards
    for deal_seed in range(5):
        state = start_deal("toy", ["p0", "p1"], 3, dealer=1, seed=deal_seed)
        hand = state.seats[seat].hand
        assert set(parse_cards(open_cards)) <= set(hand) and len(hand) == 4
        assert set(hand) - set(parse_cards(open_cards)) <= set(STOCK)


def test_toy_chance_nodes_offer_only_the_six_hidden_cards() -> None:
    state = toy().new_initial_state()
    pack = get_variant("toy").pack.cards
    rng = random.Random(3)
    while state.is_chance_node():
        offered = {pack[a] for a, _ in state.chance_outcomes()}
        assert offered <= set(STOCK)
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert state.current_player() == 0


@pytest.mark.slow  # about 30 s of CPU: the suite's one CFR+ solve
def test_cfr_plus_brings_the_toy_under_two_hundredths_of_a_chip() -> None:
    # the example of docs/adapters/toy.md, run here only (its block is skipped by the docs
    # test): the same calls, and the figure the page prints
    game = pyspiel.load_game("python_primero", TOY_PARAMETERS)
    assert game.get_type().short_name == GAME_NAME
    solver = cfr.CFRPlusSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    gap = exploitability.exploitability(game, solver.average_policy())
    assert gap <= 0.02
    assert f"{gap:.4f}" == "0.0137"  # docs/adapters/toy.md: "# 0.0137 chips"


def _toy_deal(game: pyspiel.Game, hidden: str) -> pyspiel.State:
    """A toy deal whose hidden cards come in the order given (p0, p1, p0, p1), then p0 passes."""
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in parse_cards(hidden):
        assert state.is_chance_node()
        state.apply_action(pack.index(card))
    state.apply_action(state.legal_actions()[1])  # pass (id 1)
    return state


def test_a_toy_information_state_is_blind_to_the_opponents_hidden_cards() -> None:
    # p0's hidden As Ah both times; p1's hidden 6s 6h, then 5d 5c
    game = toy()
    one, other = _toy_deal(game, "As 6s Ah 6h"), _toy_deal(game, "As 5d Ah 5c")
    assert one.deal.seats[1].hand != other.deal.seats[1].hand
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.observation_string(0) == other.observation_string(0)
    assert (one.information_state_tensor(0) == other.information_state_tensor(0)).all()
    assert (one.observation_tensor(0) == other.observation_tensor(0)).all()
    # and p1 tells the two deals apart by its own hidden cards
    assert one.information_state_string(1) != other.information_state_string(1)
    assert (one.information_state_tensor(1) != other.information_state_tensor(1)).any()


def test_a_toy_information_state_holds_the_players_own_open_cards() -> None:
    state = _toy_deal(toy(), "As 6s Ah 6h")
    # the eldest's open 7s 6d and hidden As Ah, in the pack's order
    assert "hand As 7s Ah 6d" in state.information_state_string(0)
    assert "hand 6s 6h 7h 6c" in state.information_state_string(1)


def test_a_toy_information_state_shows_the_opponents_open_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from primero.variants import toy as toy_variant

    before = _toy_deal(toy(), "As 6s Ah 6h").information_state_string(0)
    assert before == ("p0 | got As 7s Ah 6d | p0 pass | hand As 7s Ah 6d | stacks 2 2 | pot 2"
                      " | p0 open 7s 6d | p1 open 7h 6c")
    # the dealer's open 6c becomes 5c (5c to the stock's place): a toy with another open card
    monkeypatch.setattr(toy_variant, "OPEN_CARDS", (("7s", "6d"), ("7h", "5c")))
    after = _toy_deal(toy(), "As 6s Ah 6h")
    assert [c.ascii for c in after.deal.seats[1].hand][:2] == ["7h", "5c"]
    assert after.information_state_string(0) == before.replace("p1 open 7h 6c",
                                                               "p1 open 7h 5c")


def _shown(state: pyspiel.State, player: int, recall: bool) -> dict[int, set[str]]:
    """The cards each seat shows in ``player``'s tensor (its ``shown`` piece), by seat."""
    game = state.get_game()
    layout = information_state_layout if recall else observation_layout
    tensor = state.information_state_tensor(player) if recall \
        else state.observation_tensor(player)
    pack = state.deal.variant.pack.cards
    shown = views(tensor, layout(game.table))["shown"]
    return {seat: {pack[k].ascii for k in np.flatnonzero(row)} for seat, row in enumerate(shown)}


def test_a_toy_tensor_shows_every_seats_open_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from primero.variants import toy as toy_variant

    state = _toy_deal(toy(), "As 6s Ah 6h")
    for player in (0, 1):
        for recall in (True, False):
            assert _shown(state, player, recall) == {0: {"7s", "6d"}, 1: {"7h", "6c"}}
    monkeypatch.setattr(toy_variant, "OPEN_CARDS", (("7s", "6d"), ("7h", "5c")))
    other = _toy_deal(toy(), "As 6s Ah 6h")
    assert _shown(other, 0, True) == {0: {"7s", "6d"}, 1: {"7h", "5c"}}
    # the showdown adds the hidden cards of the hands shown
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[1] if 1 in state.legal_actions()
                           else state.legal_actions()[0])
    assert state.deal.settlement is not None and state.deal.settlement.showdown
    assert _shown(state, 0, True) == {0: {"As", "7s", "Ah", "6d"}, 1: {"6s", "6h", "7h", "6c"}}


def test_a_toy_observation_names_every_seats_open_cards_the_same_for_both() -> None:
    state = _toy_deal(toy(), "As 6s Ah 6h")
    public = " | p0 open 7s 6d | p1 open 7h 6c"
    assert state.observation_string(0) == ("p0 | hand As 7s Ah 6d | step betting round 1 | "
                                           "to act p1 | stacks 2 2 | in 1 1 | round 0 0 | "
                                           "pot 2 high 0" + public)
    assert state.observation_string(1) == ("p1 | hand 6s 6h 7h 6c | step betting round 1 | "
                                           "to act p1 | stacks 2 2 | in 1 1 | round 0 0 | "
                                           "pot 2 high 0" + public)
