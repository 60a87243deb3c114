"""The ``primero`` command line: output, JSON keys and the one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import primero
from cli_helpers import ok, run, table_rows
from primero.errors import InvalidOptionError
from primero.options import parse_option_args

UNKNOWN_CARD = (
    "error: unknown card 'Xx': expected a rank (A 2-9 10/T J Q K) and a suit (s h d c or"
    " ♠ ♥ ♦ ♣), e.g. '7s' or '10h'\n"
)








# --- variants ----------------------------------------------------------------------------------

def test_variants_json() -> None:
    rows = json.loads(ok("variants", "--json"))["variants"]
    assert [row["name"] for row in rows] == primero.registry().names()
    by_name = {row["name"]: row for row in rows}
    assert by_name["waks"] == {
        "name": "waks", "title": "Waks English Primero", "aliases": ["english", "primero"],
        "players": [2, 6], "plugin": "primero.variants.waks",
        "distribution": f"primero {primero.__version__}",
    }
    assert by_name["oldpips"] == {
        "name": "oldpips", "title": "Old English pip values", "aliases": ["old-english"],
        "players": [2, 6], "plugin": "oldpips", "distribution": "primero-oldpips 0.1.0",
    }
    for row in rows:
        assert set(row) >= {"name", "title", "aliases", "players", "plugin"}


def test_variants_table() -> None:
    out = ok("variants")
    assert out.splitlines()[0].strip() == "Installed variants"
    rows = {row[0]: row for row in table_rows(out)}
    assert rows["waks"] == ["waks", "Waks English Primero", "english, primero", "2–6",
                            f"primero.variants.waks (primero {primero.__version__})"]
    assert rows["oldpips"] == ["oldpips", "Old English pip values", "old-english", "2–6",
                               "oldpips (primero-oldpips 0.1.0)"]
    assert list(rows) == primero.registry().names()


# --- evaluate ----------------------------------------------------------------------------------

def test_evaluate_text() -> None:
    assert ok("evaluate", "7s", "6h", "Ad", "Kc") == (
        "Primero 65  (waks)\n"
        "counting: 7♠ 6♥ A♦ K♣\n"
        "Primero 65: one card of each suit; 7♠ 21 + 6♥ 18 + A♦ 16 + K♣ 10 = 65\n"
    )


def test_cards_as_one_string_or_several_arguments() -> None:
    expected = ok("evaluate", "7h", "6h", "5h", "Kc")
    assert ok("evaluate", "7h 6h 5h Kc") == expected
    assert ok("evaluate", "7h,6h,5h,Kc") == expected
    assert ok("evaluate", "7♥ 6♥", "5h", "K♣") == expected
    assert expected == (
        "Numerus 54  (waks)\n"
        "counting: 7♥ 6♥ 5♥\n"
        "Numerus 54: only the best suit counts; 7♥ 21 + 6♥ 18 + 5♥ 15 = 54; K♣ not counted\n"
    )


def test_evaluate_json() -> None:
    data = json.loads(ok("evaluate", "Ah 6h 7h 2c", "--json"))
    assert data == {
        "format": 1,
        "variant": "waks",
        "options": {"deck": "italian40", "supremus": True, "chorus": True,
                    "numerus_counts": "best_suit", "high_primero_beats_fluxus": False,
                    "tie": "eldest", "play_direction": "counter-clockwise",
                    "deal_passes": "with_play"},
        "cards": ["Ah", "6h", "7h", "2c"],
        "class": "Supremus",
        "points": 55,
        "counting": ["7h", "6h", "Ah"],
        "explanation": "Supremus 55: 7, 6 and A of one suit; 7♥ 6♥ A♥ of one suit = 55; "
                       "2♣ not counted",
    }


@pytest.mark.parametrize(
    ("args", "label", "counting"),
    [
        (["Ah 6h 7h 2c", "--option", "supremus=false"], "Numerus 55", ["7h", "6h", "Ah"]),
        (["Ah 6h 7h 2c", "-o", "supremus=off"], "Numerus 55", ["7h", "6h", "Ah"]),
        (["Ks Kh Kd Kc", "-o", "chorus=false"], "Primero 40", ["Ks", "Kh", "Kd", "Kc"]),
        (["7h 6h 5h Kc", "-o", "numerus-counts=all"], "Numerus 64", ["7h", "6h", "5h", "Kc"]),
        (["10s 9h 8d 7c", "-o", "deck=french52"], "Primero 48", ["7c", "10s", "9h", "8d"]),
        (["7s 6h Ad 2c", "--variant", "oldpips"], "Primero 57", ["7s", "6h", "Ad", "2c"]),
        (["7s 6h Ad 2c", "-V", "OLD-ENGLISH"], "Primero 57", ["7s", "6h", "Ad", "2c"]),
        (["7s 6h Ad 2c", "-V", "English"], "Primero 67", ["7s", "6h", "Ad", "2c"]),
    ],
)
def test_evaluate_variants_and_options(args: list[str], label: str, counting: list[str]) -> None:
    data = json.loads(ok("evaluate", *args, "--json"))
    assert f"{data['class']} {data['points']}" == label
    assert data["counting"] == counting


def test_evaluate_text_names_non_default_options() -> None:
    first = ok("evaluate", "Ah 6h 7h 2c", "-o", "supremus=false", "-o", "tie=eldest")
    assert first.splitlines()[0] == "Numerus 55  (waks (supremus=false))"


# --- frequencies -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("deck", "hands", "classes"),
    [
        ("italian40", 91_390, {"Chorus": 10, "Fluxus": 840, "Supremus": 120,
                               "Primero": 9_990, "Numerus": 80_430}),
        ("spanish48", 194_580, {"Chorus": 12, "Fluxus": 1_980, "Supremus": 144,
                                "Primero": 20_724, "Numerus": 171_720}),
        ("french52", 270_725, {"Chorus": 13, "Fluxus": 2_860, "Supremus": 156,
                               "Primero": 28_548, "Numerus": 239_148}),
    ],
)
def test_frequencies_json_rules_11(deck: str, hands: int, classes: dict[str, int]) -> None:
    data = json.loads(ok("frequencies", "--option", f"deck={deck}", "--json"))
    assert (data["variant"], data["pack"], data["hands"]) == ("waks", deck, hands)
    assert data["classes"] == classes
    assert list(data["classes"]) == ["Chorus", "Fluxus", "Supremus", "Primero", "Numerus"]


def test_frequencies_json_points() -> None:
    data = json.loads(ok("frequencies", "--json"))
    assert data["points"] == {"Chorus": [40, 84], "Fluxus": [42, 70], "Supremus": [55, 55],
                              "Primero": [40, 81], "Numerus": [20, 54]}
    assert data["options"]["deck"] == "italian40"


def test_frequencies_options() -> None:
    data = json.loads(ok("frequencies", "-o", "supremus=false", "--json"))
    assert data["classes"] == {"Chorus": 10, "Fluxus": 840, "Primero": 9_990,
                               "Numerus": 80_550}


def test_frequencies_table() -> None:
    out = ok("frequencies")
    assert out.splitlines()[0].strip() == "waks over italian40: 91,390 hands"
    assert table_rows(out) == [
        ["Chorus", "10", "0.0109%", "40–84"],
        ["Fluxus", "840", "0.9191%", "42–70"],
        ["Supremus", "120", "0.1313%", "55"],
        ["Primero", "9,990", "10.9312%", "40–81"],
        ["Numerus", "80,430", "88.0074%", "20–54"],
        ["Total", "91,390", "100.0000%", ""],
    ]


# --- bad input: one line on stderr, exit status 1 -----------------------------------------------

@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["evaluate", "Xx", "6h", "Ad", "Kc"],
         UNKNOWN_CARD.replace("\n", " (card 1 of 4 in the list)\n")),
        (["evaluate", "7s", "6q", "Ad", "Kc"],
         "error: unknown card '6q': 'q' is not a suit (card 2 of 4 in the list)\n"),
        (["evaluate", "7s 6h Ad Kc 5c"],
         "error: a hand has exactly 4 cards; got 5: 7♠ 6♥ A♦ K♣ 5♣\n"),
        (["evaluate", "7s 6h Ad"], "error: a hand has exactly 4 cards; got 3: 7♠ 6♥ A♦\n"),
        (["evaluate", "7s 7s Ad Kc"], "error: duplicate card 7s (7♠) in the hand\n"),
        (["evaluate", "8s 6h Ad Kc"],
         "error: card 8s (8♠) in the hand is not in the italian40 pack\n"),
        (["evaluate", "10s 6h Ad Kc", "-o", "deck=spanish48"],
         "error: card 10s (10♠) in the hand is not in the spanish48 pack\n"),
        (["evaluate", "7s 6h Ad Kc", "--variant", "nope"],
         f"error: unknown variant 'nope'; known variants: "
         f"{', '.join(primero.registry().names())}\n"),
        (["frequencies", "--variant", "nope"],
         f"error: unknown variant 'nope'; known variants: "
         f"{', '.join(primero.registry().names())}\n"),
        (["evaluate", "7s 6h Ad Kc", "--option", "jokers=2"],
         "error: unknown option 'jokers' for variant 'waks'; known options: chorus, deal_passes, "
         "deck, high_primero_beats_fluxus, numerus_counts, play_direction, supremus, tie\n"),
        (["frequencies", "--option", "supremus=maybe"],
         "error: option 'supremus': bad value 'maybe'; allowed: true, false\n"),
        (["frequencies", "--option", "deck=tarot78"],
         "error: option 'deck': bad value 'tarot78'; allowed: 'italian40', 'spanish48', "
         "'french52'\n"),
        (["evaluate", "7s 6h Ad Kc", "--option", "supremus"],
         "error: bad option 'supremus': expected KEY=VALUE, e.g. supremus=false\n"),
        (["evaluate", "7s 6h Ad Kc", "-o", "tie=split", "-o", "tie=eldest"],
         "error: option 'tie' given twice\n"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr == message
    assert result.stdout == ""
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["evaluate"], "error: missing argument 'CARDS...' (see 'primero evaluate --help')\n"),
    (["evaluate", "7s 6h Ad Kc", "--jsn"],
     "error: no such option '--jsn'. Did you mean '--json'? (see 'primero evaluate --help')\n"),
    (["evaluat"],
     "error: no such command 'evaluat'. Did you mean 'evaluate'? (see 'primero --help')\n"),
    (["--bogus"], "error: no such option '--bogus' (see 'primero --help')\n"),
    (["simulate", "--players", "1"],
     "error: invalid value for '--players': must be at least 2, got 1\n"),
    (["simulate", "--players", "7"],
     "error: invalid value for '--players': waks is played by 2 to 6 players; got 7\n"),
    (["play", "--players", "7"],
     "error: invalid value for '--players': waks is played by 2 to 6 players; got 7\n"),
    (["simulate", "--deals", "x"],
     "error: invalid value for '--deals': expected a whole number in ASCII digits (0-9), "
     "got 'x'\n"),
    (["simulate", "--deals", "１０"],
     "error: invalid value for '--deals': expected a whole number in ASCII digits (0-9), "
     "got '１０'\n"),
    (["play", "--seed", "٣"],
     "error: invalid value for '--seed': expected a whole number in ASCII digits (0-9), "
     "got '٣'\n"),
    (["simulate", "--players", "9" * 5000],
     "error: invalid value for '--players': expected at most 20 digits, got a 5000-digit "
     "number\n"),
    (["simulate", "--players", "9" * 15],
     "error: invalid value for '--players': waks is played by 2 to 6 players; got "
     "a 15-digit number\n"),
    (["simulate", "--agent", "clever"],
     "error: invalid value for '--agent': 'clever' is not one of 'random', "
     "'heuristic', 'odds', 'search', 'equilibrium'.\n"),
])
def test_usage_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    """One style (one ``error:`` line) and one status (2) for every usage error."""
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def _bounded_options() -> list[tuple[str, str, int]]:
    """Every (command, option, minimum) of the app whose option takes a bounded number."""
    from primero.cli.core import WholeNumber, app

    found = []
    for name, command in sorted(app.commands.items()):
        for param in command.params:
            if isinstance(param.type, WholeNumber) and param.type.minimum is not None:
                found.append((name, max(param.opts, key=len), param.type.minimum))
    return found


#: The arguments each command needs before its options are read.
_ARGUMENTS = {"compare": ["waks"], "evaluate": ["7s 6h Ad Kc"], "odds": ["7s 6h Ad Kc"]}


@pytest.mark.parametrize(("command", "option", "minimum"), _bounded_options())
def test_every_number_below_its_range_is_the_same_usage_error(command: str, option: str,
                                                               minimum: int) -> None:
    """One voice: every command, every bounded option: one line, exit status 2."""
    result = run(command, *_ARGUMENTS.get(command, []), option, str(minimum - 1), input="")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"error: invalid value for '{option}': must be at least {minimum}, "
               f"got {minimum - 1}\n")


def test_the_bounded_options_are_the_table_and_run_options() -> None:
    found = {(c, o) for c, o, _ in _bounded_options()}
    for command in ("play", "simulate", "compare"):
        assert {(command, o) for o in ("--players", "--seed", "--chips", "--stake", "--rest",
                                       "--ante", "--raise-cap")} <= found
    assert {("simulate", "--deals"), ("simulate", "--jobs"), ("compare", "--deals")} <= found


@pytest.mark.parametrize("command", ["play", "simulate", "compare"])
def test_players_above_the_variants_range_is_a_usage_error_too(command: str) -> None:
    result = run(command, *_ARGUMENTS.get(command, []), "-V", "waks", "--players", "7",
                 input="") if command != "compare" else run(command, "waks", "--players", "7")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "error: invalid value for '--players': waks is played by 2 to 6 players; got 7\n")


@pytest.mark.parametrize(("name", "suggestion"), [("wakss", "waks"), ("Carddano", "cardano"),
                                                ("englsh", "waks"), ("suzuky", "suzuki")])
def test_a_mistyped_variant_gets_did_you_mean(name: str, suggestion: str) -> None:
    for command in (["evaluate", "7s 6h Ad Kc", "-V", name], ["rules", name],
                    ["compare", name, "--deals", "1"]):
        result = run(*command)
        assert result.exit_code == 1
        assert result.stderr == (f"error: unknown variant {name!r}; did you mean "
                                 f"{suggestion!r}? known variants: "
                                 f"{', '.join(primero.registry().names())}\n")


def test_parse_option_args() -> None:
    assert parse_option_args(None) == {}
    assert parse_option_args(["supremus=false", " numerus-counts = all "]) == {
        "supremus": "false", "numerus_counts": "all"}
    assert parse_option_args(["label=a=b"]) == {"label": "a=b"}
    with pytest.raises(InvalidOptionError, match=r"^bad option '=1': expected KEY=VALUE"):
        parse_option_args(["=1"])


def test_bare_primero_prints_the_help() -> None:
    result = run()
    assert result.exit_code in (0, 2)  # click 8.2 and later: 2, the status of a usage error
    assert result.output.startswith("Usage: primero [OPTIONS] COMMAND [ARGS]...")
    assert "simulate" in result.output and "error:" not in result.output


def test_version_names_the_code_that_counts_evaluates_encodes_and_shuffles() -> None:
    # a fresh interpreter: the shuffle is chosen once per process, at its first use
    code = "from primero.cli.core import app; app(prog_name='primero')"
    done = subprocess.run([sys.executable, "-c", code, "--version"], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=True,
                          env={**os.environ, "PRIMERO_NO_NATIVE": "1"})
    assert done.stdout == (f"primero {primero.__version__}\n"
                           "showdown odds: numpy (PRIMERO_NO_NATIVE is set)\n"
                           "single hands: pure Python (PRIMERO_NO_NATIVE is set)\n"
                           "tensors: pure Python (PRIMERO_NO_NATIVE is set)\n"
                           "seeded stocks: pure Python (PRIMERO_NO_NATIVE is set)\n")


# --- the installed command, as a user runs it ---------------------------------------------------

def _console_script() -> Path:
    script = Path(sys.executable).with_name("primero")
    assert script.exists(), "the `primero` console script is installed beside the interpreter"
    return script


def test_console_script_error_has_no_traceback() -> None:
    done = subprocess.run([str(_console_script()), "evaluate", "7s 7s Ad Kc"],
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "error: duplicate card 7s (7♠) in the hand\n"


def test_python_dash_m() -> None:
    done = subprocess.run([sys.executable, "-m", "primero", "--version"],
                          capture_output=True, text=True, timeout=120, check=True)
    first, counter, evaluator, encoder, shuffle, *rest = done.stdout.splitlines()
    assert (first, rest) == (f"primero {primero.__version__}", [])
    assert counter.startswith(("showdown odds: the native kernel (", "showdown odds: numpy ("))
    assert evaluator.startswith(("single hands: the native evaluator (",
                                 "single hands: pure Python ("))
    assert encoder.startswith(("tensors: the native writes (", "tensors: pure Python ("))
    assert shuffle.startswith(("seeded stocks: the native shuffle (",
                               "seeded stocks: pure Python ("))


def test_the_cli_needs_neither_typer_nor_pydantic() -> None:
    """The base install pulled pydantic through typer; the CLI is on click."""
    code = (
        "import sys\n"
        "for name in ('typer', 'pydantic', 'pydantic_core'):\n"
        "    sys.modules[name] = None\n"
        "from primero.cli import main\n"
        "sys.argv = ['primero', 'evaluate', '7s 6h Ad Kc']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.splitlines()[0] == "Primero 65  (waks)"


def test_the_app_module_imports_no_command_module() -> None:
    """Cli.py imported its command modules at the bottom (a circle)."""
    import ast

    import primero.cli.core

    tree = ast.parse(Path(primero.cli.core.__file__).read_text("utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} \
        | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
           for alias in node.names}
    # the lazy rich names and the pages (help texts, the version page) are leaves that import
    # no command module
    assert not {m for m in imported if m and m.startswith("primero.cli")} - {
        "primero.cli.lazy_rich", "primero.cli.pages"}


# --- lazy commands ----------------------

def test_command_modules_name_the_module_of_every_command() -> None:
    import importlib

    from primero.cli.core import app
    from primero.cli.pages import COMMAND_MODULES

    registered = {}
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        found = importlib.import_module(module)
        registered |= {name: module for name, command in app.commands.items()
                       if command.callback is not None
                       and command.callback.__module__ == found.__name__}
    assert registered == COMMAND_MODULES
    assert sorted(app.commands) == sorted(COMMAND_MODULES)


def _fresh_cli_modules(*args: str) -> tuple[str, list[str]]:
    """Run ``primero ARGS`` in a fresh interpreter; its output and the modules it loaded."""
    code = (
        "import sys, json\n"
        "from primero.cli import main\n"
        f"sys.argv = ['primero', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=True)
    *out, modules = done.stdout.splitlines()
    return "\n".join(out), json.loads(modules)


#: What ``primero evaluate`` must not import: the other commands, the players, the simulation,
#: the analysis, numpy, rich and the entry points (its JSON output's module, primero.serialize,
#: brings the deal records and the engine, which cost less than a millisecond of CPU each).
HEAVY = ("primero.cli.game", "primero.cli.simulate", "primero.cli.compare", "primero.cli.odds",
         "primero.agents", "primero.session", "primero.simulation", "primero.analysis", "numpy",
         "rich", "importlib.metadata")


def test_evaluate_imports_only_what_it_needs() -> None:
    _fresh_cli_modules("evaluate", "7s", "6h", "Ad", "Kc")  # the table cached (numpy builds it)
    out, modules = _fresh_cli_modules("evaluate", "7s", "6h", "Ad", "Kc")
    assert out.splitlines()[0] == "Primero 65  (waks)"
    assert [m for m in HEAVY if m in modules] == []
    assert "primero.cli.reference" in modules


def test_help_still_lists_every_command_with_its_short_help() -> None:
    out, modules = _fresh_cli_modules("-h", "--help")  # click's page: every module imported
    listed = out[out.index("Commands:"):]
    for name, short in [("compare", "Compare variants side by side on the same seeds."),
                        ("evaluate", "Evaluate a four-card hand: class, points and why."),
                        ("odds", "Exact draw odds of an exchange, or every discard ranked."),
                        ("play", "Play deals at the terminal against computer players."),
                        ("variants", "List the installed variants, their aliases and plug-ins.")]:
        assert f"  {name}" in listed and short in listed, name
    assert "primero.cli.game" in modules  # listing needs every command module
