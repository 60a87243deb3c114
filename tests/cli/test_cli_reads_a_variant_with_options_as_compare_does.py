"""``--variant NAME:KEY=VALUE`` is read by every command as ``primero compare`` reads a variant.

Before, ``primero simulate -V waks:supremus=false`` (the form ``resolve_variant``'s docs named
for ``simulate --variant``) was "unknown variant 'waks:supremus=false'", as in ``evaluate``,
``frequencies``, ``odds``, ``match``, ``play`` and ``solve``; the adapters, which take options
apart, named neither form.
"""

from __future__ import annotations

import pytest

from cli_helpers import ok, run
from primero.errors import InvalidParameterError


def test_a_variant_with_options_after_a_colon_is_that_variant_configured() -> None:
    # Ah 6h 7h 2c: a Supremus 55, or with supremus=false a Numerus 55 (RULES.md section 2)
    assert ok("evaluate", "Ah", "6h", "7h", "2c").splitlines()[0] == "Supremus 55  (waks)"
    assert ok("evaluate", "Ah", "6h", "7h", "2c", "-V", "waks:supremus=false") \
        .splitlines()[0] == "Numerus 55  (waks (supremus=false))"
    assert ok("evaluate", "Ah", "6h", "7h", "2c", "-V", "waks:tie=split", "-o",
              "supremus=false").splitlines()[0] == "Numerus 55  (waks (supremus=false, tie=split))"
    # RULES.md section 11: 270,725 hands in french52
    assert "270,725" in ok("frequencies", "-V", "waks:deck=french52").split("hands")[0]
    assert ok("simulate", "-V", "waks:supremus=false", "-d", "2", "-n", "2", "--no-progress") \
        .startswith("waks (supremus=false): 2 deals, 2 players")


@pytest.mark.parametrize(("variant", "message"), [
    ("waks:supremus=false", "option 'supremus' given twice: in --variant "
                            "'waks:supremus=false' and with --option"),
    ("waks:supremus", "bad option 'supremus' in 'waks:supremus': expected "
                      "name:key=value,key=value"),
    ("wakss:supremus=false", "unknown variant 'wakss'; did you mean 'waks'? known variants: "),
])
def test_a_bad_variant_with_options_is_one_error_line(variant: str, message: str) -> None:
    result = run("evaluate", "Ah", "6h", "7h", "2c", "-V", variant, "-o", "supremus=true")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {message}")


def test_an_adapter_given_a_variant_with_options_says_to_give_them_apart() -> None:
    pytest.importorskip("pettingzoo")
    from primero.pettingzoo import raw_env

    with pytest.raises(InvalidParameterError) as caught:
        raw_env(variant="waks:supremus=false")
    assert str(caught.value) == ("variant: a variant's name, its options apart: variant='waks', "
                                 "options='supremus=false' (got 'waks:supremus=false')")
    assert raw_env(variant="waks", options="supremus=false").table.variant.options["supremus"] \
        is False


def test_rules_shows_the_options_given_beside_their_defaults() -> None:
    text = ok("rules", "waks:supremus=false", "-o", "tie=split")
    lines = text.splitlines()
    assert lines[0] == "Waks English Primero (waks) — 2–6 players"
    assert "  supremus = false   [true, false]   (default true)" in lines
    assert "  tie = split   ['eldest', 'split']   (default eldest)" in lines
    assert "  chorus = true   [true, false]" in lines  # left at its default: no note
    assert "(default" not in ok("rules", "waks")


@pytest.mark.parametrize(("args", "message"), [
    (("waks:deck=x",), "error: option 'deck': bad value 'x'; allowed: "),
    (("wakz:deck=x",), "error: unknown variant 'wakz'; did you mean 'waks'?"),
    (("waks", "-o", "nope=1"), "error: unknown option 'nope' for variant 'waks'"),
])
def test_rules_refuses_a_bad_option_in_one_line(args: tuple[str, ...], message: str) -> None:
    result = run("rules", *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message)
