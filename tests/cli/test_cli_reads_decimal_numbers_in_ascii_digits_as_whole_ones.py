"""``primero solve --target`` reads a decimal number as ``WholeNumber`` reads whole ones.

Before, ``--target`` was click's ``FloatRange``, which reads what ``float()`` does: ``١``
(an Arabic-Indic one) and ``1_0`` were taken as 1.0 and 10.0 and solved with; ``x`` was
"'x' is not a valid float range." and ``-1`` "-1.0 is not in the range x>=0.". Now other
scripts' digits, underscores and hexadecimal are refused naming the option, ``nan`` and
``inf`` as no finite number, and a
value below the bound says it in the words of every other option.
"""

from __future__ import annotations

import pytest

from cli_helpers import run


@pytest.mark.parametrize(("target", "message"), [
    ("١", "expected a decimal number in ASCII digits (0-9, e.g. 0.005), got '١'"),
    ("1_0", "expected a decimal number in ASCII digits (0-9, e.g. 0.005), got '1_0'"),
    ("x", "expected a decimal number in ASCII digits (0-9, e.g. 0.005), got 'x'"),
    ("0x10", "expected a decimal number in ASCII digits (0-9, e.g. 0.005), got '0x10'"),
    ("nan", "must be a finite number of chips per deal, got nan"),
    ("-Infinity", "must be a finite number of chips per deal, got -inf"),
    ("1e400", "must be a finite number of chips per deal, got 1e400"),
    ("-1", "must be at least 0 chips per deal, got -1"),
    ("-1e-320", "must be at least 0 chips per deal, got -1e-320"),
])
def test_a_target_that_is_no_ascii_decimal_from_zero_is_a_usage_error(target: str,
                                                                       message: str) -> None:
    result = run("solve", "--target", target, "--iterations", "1", "--no-progress")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"error: invalid value for '--target': {message}\n")


def test_a_decimal_target_in_any_notation_solves_and_one_iteration_is_singular() -> None:
    outputs = [run("solve", "--target", target, "--iterations", "1", "--no-progress")
               for target in ("0.005", "5e-3", " .005")]
    assert {result.exit_code for result in outputs} == {0}
    lasts = {result.stdout.splitlines()[-1].partition(" (")[0] for result in outputs}
    (last,) = lasts  # the same solve whatever the notation
    assert last.startswith("game value ")
    assert last.endswith(" chips per deal after 1 iteration")  # in the singular


def test_an_exchange_of_no_card_is_one_draw_in_the_singular() -> None:
    result = run("odds", "7s", "6h", "Ad", "Kc", "--discard", "")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == ("7♠ 6♥ A♦ K♣ kept, nothing thrown (waks): 0 drawn "
                                             "from 36 unseen cards, 1 draw")
