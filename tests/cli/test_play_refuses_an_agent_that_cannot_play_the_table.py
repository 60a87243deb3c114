"""Hostile use of ``primero play``: a computer player that cannot play the table."""

from __future__ import annotations

from click.testing import CliRunner

from primero.cli.core import app


def test_an_equilibrium_player_at_a_table_it_cannot_play_is_refused_before_any_card() -> None:
    result = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"}).invoke(
        app, ["play", "-s", "1", "-a", "equilibrium"], input="1\n")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "error: --agent equilibrium cannot play this deal: the equilibrium player plays "
        "heads-up only; this table has 4 players"]


def test_an_equilibrium_player_with_unequal_chips_stops_between_deals_not_mid_deal() -> None:
    answers = "1\n" * 6 + "\n" + "1\n" * 6 + "quit\n"
    result = CliRunner(env={"PRIMERO_NO_CACHE": "1", "COLUMNS": "200", "NO_COLOR": "1"}).invoke(
        app, ["play", "-s", "1", "-a", "equilibrium", "-V", "toy", "-n", "2", "--chips", "3",
              "--rest", "1", "--raise-cap", "2"], input=answers)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1
    assert lines[-1] == ("error: --agent equilibrium cannot play this deal: the equilibrium "
                         "player needs equal chips; the players started with 2 and 6")
    assert any(line.startswith("standings after deal 1:") for line in lines)
    assert not any("deal 2" in line and "left unfinished" in line for line in lines)
