"""An amount of chips past ``MAX_CHIPS`` on the command line is a usage error naming the option.

Every command that takes ``--chips``, ``--stake``, ``--rest`` or ``--ante`` refuses such a
value as it reads the line (exit status 2), not later with an error naming a seat.
"""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero.deal.start import MAX_CHIPS

COMMANDS = [("simulate", "--deals", "1"), ("play", "--auto"), ("match", "random", "random"),
            ("solve",)]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("option", ["--chips", "--stake", "--rest", "--ante"])
def test_an_amount_past_max_chips_names_the_option(command: tuple[str, ...], option: str) -> None:
    result = run(*command, option, str(MAX_CHIPS + 1))
    assert result.exit_code == 2
    assert result.stderr == (f"error: invalid value for '{option}': must be at most "
                             "1,000,000,000,000,000 chips (the most a deal takes), got a "
                             "16-digit number\n")


def test_twenty_digits_of_chips_name_the_option_not_a_seat() -> None:
    result = run("simulate", "--chips", "99999999999999999999")
    assert result.exit_code == 2
    assert result.stderr == ("error: invalid value for '--chips': must be at most "
                             "1,000,000,000,000,000 chips (the most a deal takes), got a "
                             "20-digit number\n")


def test_max_chips_itself_is_read() -> None:
    result = run("simulate", "--deals", "1", "--players", "2", "--chips", str(MAX_CHIPS),
                 "--no-progress", "--json")
    assert result.exit_code == 0, result.stderr
