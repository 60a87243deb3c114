"""``primero play`` as a session at the table: deal after deal, the deal passing on, the
carry-over in the next pot, players leaving with no chips (docs/rules/waks.md "Session").
"""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import ok, run

PROMPT = "Your action (number or text): "
NEXT = "Next deal: press Enter, or type 'quit' to leave the table: "


def _headers(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Waks English Primero")]


def _standings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("standings after deal")]


def test_auto_plays_one_deal_unless_told_more() -> None:
    one = ok("play", "--auto", "--seed", "1")
    assert len(_headers(one)) == 1 and not _standings(one)
    assert ok("play", "--auto", "--seed", "1", "--deals", "1") == one


def test_deals_3_passes_the_deal_to_the_next_seat_and_conserves_chips() -> None:
    out = ok("play", "--auto", "--seed", "1", "--deals", "3")
    headers = _headers(out)
    # the first dealer is the last seat (Dan); then the deal passes to the next seat
    assert [re.search(r"; (\w+) deals", h)[1] for h in headers] == ["Dan", "Anna", "Ben"]  # type: ignore[index]
    assert headers[1].startswith("Waks English Primero, deal 2 — Anna, Ben, Carla, Dan;")
    standings = _standings(out)
    assert [s.split(":")[0] for s in standings] == [f"standings after deal {k}" for k in (1, 2, 3)]
    for line in standings:
        chips = [int(c) for c in re.findall(r" (\d+)(?:,|$|;)", line.split(": ", 1)[1])]
        assert sum(chips) == 200  # four players, 50 chips each, no carry-over in these deals
    # the first deal is the one-deal game's, word for word
    one = ok("play", "--auto", "--seed", "1")
    assert out.startswith(one)


def test_a_pot_nobody_won_is_carried_into_the_next_deal() -> None:
    out = ok("play", "--auto", "--seed", "1", "--players", "3", "--deals", "5")
    lines = out.splitlines()
    assert "  3 chips carry over to the next deal: nobody vied in round 2" in lines
    assert "standings after deal 4: Anna 63, Ben 42, Carla 42; 3 chips carried over; Anna " \
        "deals next (the deal passes with play, counter-clockwise)" in lines
    assert "Waks English Primero, deal 5 — Anna, Ben, Carla; Anna deals; stake 1, rest 3; " \
        "3 chips carried over in the pot" in lines


def test_players_with_no_chips_leave_and_the_last_one_ends_the_session() -> None:
    out = ok("play", "--auto", "--seed", "2", "--players", "3", "--chips", "3", "--deals", "40")
    lines = out.splitlines()
    assert "standings after deal 3: Ben 6, Carla 3; left the table: Anna; Carla deals next " \
        "(the deal passes with play, counter-clockwise)" in lines
    assert _headers(out)[3].startswith("Waks English Primero, deal 4 — Ben, Carla; Carla deals")
    # 9 chips in all: 8 + 1, then all 9 with Ben
    # Carla dealt deal 4: the deal passes to the next seat still at the table, Ben
    assert "standings after deal 4: Ben 8, Carla 1; left the table: " \
        "Anna; Ben deals next (the deal passes with play, counter-clockwise)" in lines
    assert lines[-2:] == ["standings after deal 5: Ben 9; left the table: Anna, Carla",
                          "the session is over: Ben is the last player with chips"]


def test_interactive_session_asks_before_the_next_deal() -> None:
    # seed 3, three players: you vie, stand pat and hold; you win 15 with Primero 81
    deal = "vie 1\nexchange\npass\nhold\nhold\n"
    result = run("play", "--seed", "3", "--players", "3", input=deal + "\nquit\n")
    assert (result.exit_code, result.stderr) == (0, "")
    out = str(result.stdout)
    assert "  You win 15 with Primero 81" in out
    assert "standings after deal 1: You 58, Anna 49, Ben 43; you deal next (the deal passes " \
        "with play, counter-clockwise)" in out
    assert out.count(NEXT) == 1
    # deal 2: you (seat 0) deal, Anna is eldest; then you quit at your first prompt
    assert "Waks English Primero, deal 2 — You, Anna, Ben; You deal; stake 1, rest 3" in out
    assert out.endswith("You leave the table; deal 2 is left unfinished\n"
                        "standings after deal 1: You 58, Anna 49, Ben 43\n")


def test_interactive_session_stops_at_the_end_of_input_between_deals() -> None:
    result = run("play", "--seed", "3", "--players", "3",
                 input="vie 1\nexchange\npass\nhold\nhold\n")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.endswith(f"{NEXT}\n")
    assert "deal 2" not in result.stdout


def test_deals_option_refuses_zero() -> None:
    result = run("play", "--auto", "--deals", "0")
    assert result.exit_code == 2 and "--deals" in result.output


def test_save_keeps_every_deal_of_the_session(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    out = ok("play", "--auto", "--seed", "1", "--deals", "2", "--save", str(path))
    assert f"deal saved to {path}" in out
    assert f"deal saved to {tmp_path / 'deal-2.toml'}" in out
    second = ok("replay", str(tmp_path / "deal-2.toml"))
    assert second.splitlines()[0].startswith("Waks English Primero — Anna, Ben, Carla, Dan; "
                                              "Anna deals")
