"""Variant and agent names read the same in every command: any case, spaces around them dropped.

Before, ``-V " waks "`` was "unknown variant ' waks '" and ``--agent " random"`` was refused.
"""

from __future__ import annotations

import pytest

from cli_helpers import ok, run


@pytest.mark.parametrize("args", [
    ("evaluate", "7s", "6h", "Ad", "Kc", "-V", " waks "),
    ("odds", "7s", "6h", "Ad", "Kc", "--discard", "7s", "-V", "\twaks "),
    ("frequencies", "-V", " Toy"),
])
def test_a_variant_name_with_spaces_around_it_is_the_variant(args: tuple[str, ...]) -> None:
    spaced = ok(*args)
    plain = ok(*(a.strip() if i == len(args) - 1 else a for i, a in enumerate(args)))
    assert spaced == plain


def test_rules_reads_a_variant_name_with_spaces() -> None:
    assert ok("rules", " WAKS ") == ok("rules", "waks")


def test_simulate_reads_variant_and_agent_names_with_spaces() -> None:
    out = ok("simulate", "-V", " waks ", "--agent", " Random ", "-d", "2", "-n", "2",
             "--no-progress")
    assert out.splitlines()[0] == ("waks: 2 deals, 2 players, random agents, seed 0, "
                                   "stake 1, rest 3")


def test_match_reads_agent_names_with_spaces() -> None:
    out = ok("match", " Odds ", "random ", "-d", "2", "-V", " waks")
    assert out.startswith("odds against random in duplicate: waks, 2 players")


def test_a_blank_variant_name_is_refused_naming_the_variants() -> None:
    result = run("evaluate", "7s", "6h", "Ad", "Kc", "-V", "  ")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: no variant named: give one of waks, cardano,")
