"""Hostile input at the command line and the terminal game.

Every pathological deal file fails through ``primero replay`` with exit status 1 and one
``error:`` line naming the file; FIFOs and ``/dev/zero`` run in a real process with a timeout,
so a regression hangs the test for seconds, not forever.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from cli_helpers import run
from conftest import CASES

EXAMPLE = CASES / "waks_example.toml"
BASE: dict[str, Any] = {k: v for k, v in tomllib.loads(EXAMPLE.read_text("utf-8")).items()
                        if k not in ("expect", "printed")}
PROMPT = "Your action (number or text): "
END_OF_INPUT = "error: end of input before the end of the deal: the deal is left unfinished\n"


def one_line(*args: str, input: str | None = None, status: int = 1) -> str:
    result = run(*args, input=input)
    assert result.exit_code == status, (result.output, result.exception)
    lines = str(result.stderr).splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def in_process(*args: str, stdin: Any = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "primero", *args], stdin=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=30,
                          check=False)


# --- pathological deal files ------------------------------------------------

def test_deeply_nested_list_and_table(tmp_path: Path) -> None:
    for name, text in [("list.toml", "a = " + "[" * 5000 + "]" * 5000),
                       ("table.toml", "a = " + "{b = " * 3000 + "1" + "}" * 3000),
                       ("shallow.toml", "x = " + "[" * 40 + "]" * 40)]:
        path = tmp_path / name
        path.write_text(text, "utf-8")
        assert one_line("replay", str(path)) == (
            f"error: {path}: not a deal file: lists or tables nested too deeply (more than 32 "
            "levels)")


def test_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "deal.toml"
    os.mkfifo(fifo)
    done = in_process("replay", str(fifo))  # a blocking read would hit the timeout
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"error: {fifo}: a FIFO (named pipe), not a deal file: only "
                           "regular files are read\n")


@pytest.mark.parametrize(("path", "kind"), [("/dev/zero", "a character device"),
                                            ("/dev/null", "a character device")])
def test_devices_are_refused(path: str, kind: str) -> None:
    if not Path(path).exists():  # pragma: no cover - not a Unix system
        pytest.skip(f"no {path}")
    done = in_process("replay", path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"error: {path}: {kind}, not a deal file: only regular files are read\n"


def test_directory_is_refused(tmp_path: Path) -> None:
    assert one_line("replay", str(tmp_path)) == \
        f"error: {tmp_path}: a directory, not a deal file: only regular files are read"


def test_a_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * (1 << 20) + "\n", "utf-8")
    assert one_line("replay", str(path)) == \
        f"error: {path}: larger than 1024 KiB: not a deal file (a deal file is a few kilobytes)"


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + tomli_w.dumps(BASE).encode("utf-8"))
    result = run("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert '"chips": [\n    57,\n    45,\n    50,\n    48\n  ]' in result.stdout  # the golden end


def test_a_5000_digit_number_is_not_echoed(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text(tomli_w.dumps({k: v for k, v in BASE.items() if k != "stake"})
                    + "stake = " + "9" * 5000 + "\n", "utf-8")
    line = one_line("replay", str(path))
    assert line == f"error: {path}: not a deal file: a number too long to read"
    path.write_text(tomli_w.dumps({**BASE, "stake": 10 ** 30}), "utf-8")
    assert one_line("replay", str(path)) == \
        f"error: {path}: key 'stake' is a 31-digit number: at most 1,000,000,000,000,000 here"


# --- messages name the file and the key -----------------------------------

@pytest.mark.parametrize(("changes", "message"), [
    ({"players": []}, "key 'players' is empty: name the players in playing order"),
    ({"chips": [50, 50, 50]}, "key 'chips' gives 3 chip counts for 4 players (one per player, "
                              "or one number for all)"),
    ({"dealer": "Zed"}, "key 'dealer': 'Zed' is not one of the players (Anna, Ben, Carla, Dan)"),
    ({"actions": ["Zed pass"]},
     "action 1 'Zed pass': 'Zed' is not one of the players (Anna, Ben, Carla, Dan)"),
    ({"actions": ["Anna vie ２"]},
     "action 1 'Anna vie ２': numbers are written with the digits 0-9, not '２'"),
    ({"variant": "revival", "options": {"rounds": "٢"}},
     "option 'rounds': numbers are written with the digits 0-9, not '٢'"),
])
def test_messages_name_the_file_and_the_key(tmp_path: Path, changes: dict[str, Any],
                                            message: str) -> None:
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps({**BASE, **changes}), "utf-8")
    assert one_line("replay", str(path)) == f"error: {path}: {message}"


def test_replay_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps({**BASE, "actions": ["Anna pass", "Carla vie 2"]}), "utf-8")
    assert one_line("replay", str(path)) == \
        f"error: {path}: action 2 'Carla vie 2': it is Ben's turn, not Carla's"


@pytest.mark.parametrize("value", ["٢", "２"])
def test_unicode_digits_in_option_values_are_refused(value: str) -> None:
    assert one_line("frequencies", "-V", "revival", "-o", f"rounds={value}") == \
        f"error: option 'rounds': bad value {value!r}; allowed: an integer 1..3"


# --- --save is checked before the first card -----------------------------

@pytest.mark.parametrize(("path", "reason"), [
    ("/proc/x.toml", "No such file or directory"),
    ("/dev/full", "it is a character device; a deal is saved to a regular file only")])
def test_play_save_to_an_unwritable_path_fails_before_the_first_card(path: str,
                                                                     reason: str) -> None:
    if not Path(path).parent.exists() or (path == "/dev/full" and not Path(path).exists()):
        pytest.skip(f"no {path}")  # pragma: no cover - not Linux
    result = run("play", "--seed", "3", "--save", path, input="1\n" * 40)
    assert (result.exit_code, result.stdout) == (1, "")  # nothing dealt, nothing asked
    assert result.stderr == f"error: cannot save the deal to {path}: {reason}\n"


def test_play_save_keeps_the_deal_so_far_when_input_ends(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    result = run("play", "--seed", "3", "--save", str(path), input="1\n1\n")
    assert result.exit_code == 1
    assert result.stderr == (END_OF_INPUT[:-1] + f"; the deal so far is saved to {path}\n")
    saved = tomllib.loads(path.read_text("utf-8"))
    assert saved["actions"][0] == "You pass" and "You hold" in saved["actions"]


# --- the terminal game ---------------------------------------------------------------

def _play(*args: str, input: str) -> list[str]:
    result = run("play", *args, input=input)
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert result.stderr == END_OF_INPUT
    return str(result.stdout).splitlines()


def test_help_and_question_mark_list_the_verbs_with_poker_counterparts() -> None:
    for word in ("help", "?"):
        lines = _play("--seed", "3", input=f"{word}\n")
        at = lines.index(f"{PROMPT}  vie N           open the betting with N chips (poker: bet)")
        assert [line.split()[0] for line in lines[at + 1:at + 7]] == \
            ["hold", "hold", "pass", "fold", "exchange", "hint"]
        assert "(poker: call)" in lines[at + 1] and "(poker: raise)" in lines[at + 2]
        assert "(poker: check)" in lines[at + 3] and "(poker: draw)" in lines[at + 5]
        assert [line.split()[0] for line in lines[at + 7:at + 11]] == \
            ["a", "rules", "table", "quit"]
        assert lines[at + 11].startswith("  the list shows what you may do now")
        assert lines[at + 12] == PROMPT  # asked again


def test_help_notes_and_showdown_wrap_at_spaces_in_a_narrow_terminal() -> None:
    """At 60 columns long lines wrapped inside words ("onc|e"); now at spaces, indented."""
    from click.testing import CliRunner

    from cli_helpers import ENV
    from primero.cli.core import app
    from primero.cli.game import HELP_INDENT, HELP_LINES

    result = CliRunner().invoke(app, ["play", "--seed", "3"], input="help\n1\n1\n1\n1\n1\n",
                                env={**ENV, "COLUMNS": "60"})
    lines = result.stdout.replace(PROMPT, PROMPT + "\n").splitlines()
    words = result.stdout.split()
    for entry in HELP_LINES:  # every word of the help, in order, none broken
        text = " ".join(entry.split())
        assert text in " ".join(words), text
    at = lines.index("  pass            put nothing in for now (poker: check);")
    assert lines[at + 1].startswith(" " * HELP_INDENT + "once someone")
    long = [line for line in lines if not line.startswith(("Your turn", "Waks English"))]
    assert max(map(len, long)) <= 60
    showdown = lines.index("— showdown —")
    assert lines[showdown + 1].startswith("  You: ") and lines[showdown + 2].startswith("    ")


def test_a_legend_under_the_first_prompt_only() -> None:
    lines = _play("--seed", "3", input="1\n1\n")
    legend = ("  (answer with a number from the list or an action such as 'vie 1'; 'help' lists "
              "the verbs, 'rules' the game, 'quit' leaves the table)")
    assert lines.count(legend) == 1
    assert lines[lines.index(legend) + 1].startswith(PROMPT)
    assert lines.index(legend) < min(k for k, line in enumerate(lines) if line.startswith(PROMPT))


def test_hand_value_after_every_deal_and_exchange() -> None:
    """Seed 3: 7♦ A♠ dealt; standing pat, then K♦ 6♣ dealt (hand-worked, docs/rules/hands.md)."""
    lines = _play("--seed", "3", input="1\n1\n1\n")
    assert lines[2:4] == ["  Your cards: 7♦ A♠", "  your hand so far: 7♦ 21, A♠ 16 (2 of 4 cards)"]
    at = lines.index("  Your cards: 7♦ A♠ K♦ 6♣")
    # diamonds 7♦ 21 + K♦ 10 = 31 beat A♠ alone (16) and 6♣ alone (18)
    assert lines[at + 1] == "  your hand: Numerus 31 — 7♦ K♦ count"
    lines = _play("--seed", "3", input="1\n1\nexchange 7d\n")
    at = lines.index(f"{PROMPT}You exchange 7♦   (pot 4)")
    assert lines[at + 1:at + 3] == ["  Your cards: A♠ 4♥",
                                    "  your hand so far: A♠ 16, 4♥ 14 (2 of 4 cards)"]


def test_stand_pat_in_the_menu_and_as_text() -> None:
    lines = _play("--seed", "3", input="1\n1\nstand pat\n")
    assert "    1. exchange (stand pat: keep your cards)" in lines
    assert f"{PROMPT}You stand pat   (pot 4)" in lines


def test_passing_is_explained_once_when_facing_a_vie() -> None:
    note = ("  facing a vie, 'pass' puts nothing in and keeps you in; you may pass once, then "
            "you must hold or fold")
    lines = _play("--seed", "3", input="")
    assert note not in lines  # nobody has vied at the first turn
    lines = _play("--seed", "3", input="1\n")  # you pass; Carla vies 1; your turn again
    assert lines.count(note) == 1
    lines = _play("--seed", "3", input="1\n5\n")  # and later turns: said only once
    assert lines.count(note) == 1
    assert lines[lines.index(note) - 1] == "    6. fold"


def test_cardano_call_that_names_no_class() -> None:
    lines = _play("-V", "cardano", "--seed", "3", "--players", "3",
                  input="vie 2 call royal flush\n")
    assert (f"{PROMPT}  cannot read the call 'royal flush': a call is a hand class of cardano "
            "(Chorus, Fluxus, Supremus, Primero, Numerus) and its points, e.g. "
            "'vie 2 call Primero 63'") in lines


def test_cardano_call_without_a_vie_says_a_vie_names_it() -> None:
    # seed 3, three players: you speak first and may vie 1-3 naming any call
    lines = _play("-V", "cardano", "--seed", "3", "--players", "3",
                  input="call Primero 60\ncall Primero 41\n")
    assert (f"{PROMPT}  a call is named with a vie or a raise, e.g. 'vie 1 call Primero 60'"
            in lines)
    assert (f"{PROMPT}  a call is named with a vie or a raise, e.g. 'vie 2 call Primero 63'"
            in lines)  # Primero 41 is no call (no hand makes it): the usual example


def test_unicode_digits_at_the_prompt() -> None:
    lines = _play("--seed", "3", input="vie ２\n٢\n")
    assert lines.count(f"{PROMPT}  numbers are written with the digits 0-9, not '２'") == 1
    assert lines.count(f"{PROMPT}  numbers are written with the digits 0-9, not '٢'") == 1


def test_auto_narration_shows_every_exchangers_new_cards_the_dealers_too() -> None:
    """--auto printed each player's new cards after an exchange except the dealer's."""
    result = run("play", "--auto", "--seed", "1")
    lines = result.stdout.splitlines()
    # seed 1: the exchanges and the cards kept + drawn (Dan, the dealer, last)
    for actor, line in [("Anna", "  Anna's cards: A♦ 7♥"), ("Ben", "  Ben's cards: 5♥ J♥"),
                        ("Carla", "  Carla's cards: J♦ 3♠"), ("Dan", "  Dan's cards: 6♣ 2♣")]:
        at = next(k for k, x in enumerate(lines) if x.startswith(f"{actor} exchanges"))
        assert lines[at + 1] == line
    assert lines.index("  Dan's cards: 6♣ 2♣") < lines.index(
        "— the dealer deals 2 cards each —", lines.index("— exchange —"))
