"""A run of one deal says "1 deal", not "1 deals"."""

from __future__ import annotations

from cli_helpers import ok, run


def test_simulate_says_one_deal() -> None:
    result = run("simulate", "-d", "1", "-n", "2")
    assert result.stdout.splitlines()[0] == ("waks: 1 deal, 2 players, heuristic agents, seed 0, "
                                             "stake 1, rest 3")


def test_compare_says_one_deal() -> None:
    result = run("compare", "waks", "losing", "-d", "1", "-n", "2", "--no-progress")
    assert result.stdout.startswith("1 deal of each variant on the same seeds: ")
    assert "(1 deal each, heuristic agents)" in result.stdout


def test_rules_of_a_two_player_variant_says_2_players_not_a_range() -> None:
    """Before: "Toy Primero (solvable) (toy) — 2–2 players"."""
    assert ok("rules", "toy").splitlines()[0] == "Toy Primero (solvable) (toy) — 2 players"
    assert ok("rules", "waks").splitlines()[0] == "Waks English Primero (waks) — 2–6 players"
