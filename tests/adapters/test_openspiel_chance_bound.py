"""python_primero's ``max_chance_nodes_in_history``: the most cards a deal can deal, per variant.

Checked three ways: against a count by hand from each variant's deal plan (the rules pages:
cards dealt, the most an exchange or a pass can replace), against a deal built to reach the
worst case (everyone replaces every card they may), and against the most chance nodes seen
in many random deals.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402

GAME = primero_openspiel.GAME_NAME
VARIANTS = primero.registry().names()

# By hand, n players: the Waks family deals 2, lets everyone exchange both, deals 2 more:
# 2n + 2n + 2n. Revival and English Primero deal 2 and 2 and draw nothing: 4n. The Italian,
# Spanish and French games deal 2 and 2, then everyone may exchange all 4: 4n + 4n. Primiera
# deals 4 and redraws at most all 4: 8n. Suzuki (chips 5, stake 1, so K = 2 * 5 + n vies and
# raises): 6n as Waks, plus passes that each replace at most the cards held (2 in round 1, 4
# in round 2), n before the first vie and n - 1 in answer to each of the K vies and raises:
# n = 2, K = 12: 12 + 2 * (2 + 12) + 4 * (2 + 12) = 96; n = 3, K = 13: 18 + 2 * (3 + 26)
# + 4 * (3 + 26) = 192.
BY_HAND = {
    **{(name, n): 6 * n for name in ("waks", "cardano", "roman", "losing", "oldpips")
       for n in (2, 3)},
    **{(name, n): 4 * n for name in ("revival", "english-primero") for n in (2, 3)},
    **{(name, n): 8 * n for name in ("italian-primiera", "spanish-primera", "french-prime",
                                      "primiera") for n in (2, 3)},
    ("suzuki", 2): 96,
    ("suzuki", 3): 192,
    # heads-up only: the plan deals four cards each; two of them are open cards the rules
    # name, which are no chance nodes, so the bound (4 * 2) is not reached (2 * 2)
    ("toy", 2): 4 * 2,
}
# the worst case is reached by a deal in which everyone replaces every card they may; not in
# Suzuki, whose bound counts passes after every possible raise
REACHED = {key for key in BY_HAND if key[0] not in ("suzuki", "toy")}


def load(variant: str, players: int) -> Any:
    return pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": 5})


@pytest.mark.parametrize(("variant", "players"), sorted(BY_HAND))
def test_the_bound_is_the_count_by_hand(variant: str, players: int) -> None:
    game = load(variant, players)
    assert game.max_chance_nodes_in_history() == BY_HAND[(variant, players)]
    assert game.max_history_length() == \
        game.max_game_length() + BY_HAND[(variant, players)]


def test_every_variant_has_a_count_by_hand() -> None:
    assert {name for name, _ in BY_HAND} == set(VARIANTS)


def _replace_everything(state: Any) -> int:
    """Keep everyone in, replacing every card they may: the largest exchange, else pass or hold."""
    deal = state.deal
    legal = state.legal_actions()
    space = deal.action_space
    for name in ("exchange",):
        if name in {block.name for block in space.blocks}:
            block, offset = space.block(name)
            exchanges = [i for i in legal if offset <= i < offset + block.size]
            if exchanges:
                return max(exchanges, key=lambda i: (bin(i - offset).count("1"), i))
    for word in ("pass", "hold"):
        for action in legal:
            if str(space.decode(deal, action)) == word:
                return int(action)
    return int(legal[-1])


def _chance_nodes(game: Any, rng: random.Random, choose: Any = None) -> int:
    state = game.new_initial_state()
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            nodes += 1
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            state.apply_action(choose(state) if choose else rng.choice(legal))
    return nodes


@pytest.mark.parametrize(("variant", "players"), sorted(REACHED))
def test_a_deal_that_replaces_every_card_reaches_the_bound(variant: str, players: int) -> None:
    game = load(variant, players)
    rng = random.Random(f"{variant} {players}")
    most = max(_chance_nodes(game, rng, _replace_everything) for _ in range(5))
    assert most == BY_HAND[(variant, players)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_deals_stay_within_the_bound(variant: str) -> None:
    most_seats = primero.get_variant(variant).spec.players[1]
    hidden = 2 if variant == "toy" else 4  # the toy's two open cards are not chance nodes
    for players in sorted({min(n, most_seats) for n in (2, 3, 6 if variant != "primiera" else 8)}):
        game = load(variant, players)
        rng = random.Random(f"random {variant} {players}")
        most = max(_chance_nodes(game, rng) for _ in range(60))
        assert most <= game.max_chance_nodes_in_history()
        assert most >= hidden * players  # some deal got past its first deal


def test_the_bound_survives_pickling_the_game() -> None:
    game = load("primiera", 2)
    assert pickle.loads(pickle.dumps(game)).max_chance_nodes_in_history() == 16
