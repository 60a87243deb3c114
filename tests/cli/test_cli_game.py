"""The game commands: ``primero play``, ``primero replay``, ``rules``.

Run through typer's CliRunner (stdin fed as ``input``) and, where a traceback would show, as a
real subprocess. Odd input a new user might type is kept here as tests: each fails with one
line on standard error and a non-zero exit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from click.testing import CliRunner

import primero
from conftest import CASES
from primero.cli.core import app

#: Wide, colourless output.
ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}
EXAMPLE = CASES / "waks_example.toml"
GOLDEN: dict[str, Any] = tomllib.loads(EXAMPLE.read_text("utf-8"))
BASE: dict[str, Any] = {k: v for k, v in GOLDEN.items() if k not in ("expect", "printed")}
PROMPT = "Your action (number or text): "


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=input, env=ENV)


#: What ``primero play`` says on standard error when its input ends before the deal does.
END_OF_INPUT = "error: end of input before the end of the deal: the deal is left unfinished\n"


def ok(*args: str, input: str | None = None) -> str:
    """Run a command that must succeed; with ``input``, the input may end before the deal."""
    result = run(*args, input=input)
    if input is not None and result.exit_code == 1 and result.stderr == END_OF_INPUT:
        return str(result.stdout)
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.stderr == ""
    return str(result.stdout)


def one_line_error(*args: str, input: str | None = None) -> str:
    """Run a command that must fail: exit 1, nothing on stdout, one line on stderr."""
    result = run(*args, input=input)
    assert result.exit_code == 1, (result.output, result.exception)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception,
                                                                     SystemExit)
    lines = str(result.stderr).splitlines()
    if "--json" in args:  # the error as JSON, read back as the text form's line
        assert len(lines) == 1 and list(json.loads(lines[0])) == ["format", "error"], \
            result.stderr
        return f"error: {json.loads(lines[0])['error']}"
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def deal_file(tmp_path: Path, name: str = "deal.toml", **changes: Any) -> Path:
    data = {**BASE, **changes}
    path = tmp_path / name
    path.write_text(tomli_w.dumps({k: v for k, v in data.items() if v is not None}), "utf-8")
    return path


# --------------------------------------------------------------------------------------------
# primero play --auto


@pytest.mark.parametrize("seed", [1, 7, 11, 2024])
def test_play_auto_narrates_a_whole_deal(seed: int) -> None:
    out = ok("play", "--auto", "--seed", str(seed))
    lines = out.splitlines()
    assert lines[0] == "Waks English Primero — Anna, Ben, Carla, Dan; Dan deals; stake 1, rest 3"
    assert "— the dealer deals 2 cards each —" in lines
    assert "— betting round 1 —" in lines
    ending = {"— showdown —", "— the deal ends without a winner (carry) —",
              "— everyone else folded —"}
    assert ending & set(lines)
    chips = re.fullmatch(r"  chips: Anna (\d+), Ben (\d+), Carla (\d+), Dan (\d+)", lines[-1])
    assert chips is not None
    carried = re.search(r"  (\d+) chips? carr(?:y|ies) over", out)
    assert sum(map(int, chips.groups())) + (int(carried[1]) if carried else 0) == 200
    # deterministic for a seed
    assert ok("play", "--auto", "--seed", str(seed)) == out


def test_play_auto_differs_between_seeds() -> None:
    assert ok("play", "--auto", "--seed", "1") != ok("play", "--auto", "--seed", "2")


@pytest.mark.parametrize(("variant", "players"), [("cardano", 3), ("suzuki", 2),
                                                  ("primiera", 5), ("revival", 4)])
def test_play_auto_other_variants(variant: str, players: int) -> None:
    out = ok("play", "--auto", "--seed", "5", "--variant", variant, "--players", str(players),
             "--agent", "random")
    assert out.splitlines()[0].startswith(primero.get_variant(variant).spec.title)
    assert "  chips: " in out.splitlines()[-1]


def test_play_auto_revival_antes_and_deals_two_and_two() -> None:
    """New-user '— ante —' showed no amount; the 2 + 2 deal showed all four cards
    under the first header and nothing under the second."""
    lines = ok("play", "--auto", "-V", "revival", "--seed", "1").splitlines()
    # hands from the seeded shuffle, as the old narration printed them
    assert lines[1:11] == [
        "— ante —",
        "  everyone antes 1",
        "— the dealer deals 2 cards each —",
        "— the dealer deals 2 more cards each (4 each in all) —",
        "  Anna's cards: 3♥ Q♦ A♦ 7♥",
        "  Ben's cards: K♣ K♥ 5♥ J♥",
        "  Carla's cards: J♣ 4♥ J♦ 3♠",
        "  Dan's cards: 3♦ 6♣ 2♣ 6♥",
        "— betting round 1 —",
        "Anna vies 1   (pot 5)",  # 4 antes of 1, then the vie
    ]
    # the ante actually put in: 5 chips each with --ante 5
    lines = ok("play", "--auto", "-V", "revival", "--seed", "1", "--ante", "5").splitlines()
    assert lines[2] == "  everyone antes 5"


def test_play_auto_exchanges_show_suit_symbols() -> None:
    """New-user exchanges were printed in ASCII ('Ben exchanges 3d')."""
    lines = ok("play", "--auto", "--seed", "1").splitlines()
    exchanges = [line for line in lines if " exchanges " in line or "stands pat" in line]
    assert exchanges == ["Anna exchanges 3♥ J♣   (pot 0)", "Ben exchanges 4♥ Q♦   (pot 0)",
                         "Carla exchanges 3♦ K♣   (pot 0)", "Dan exchanges K♥   (pot 0)"]


def test_play_auto_saves_a_replayable_deal(tmp_path: Path) -> None:
    path = tmp_path / "saved.toml"
    out = ok("play", "--auto", "--seed", "7", "--save", str(path))
    assert out.splitlines()[-1] == f"deal saved to {path}"
    chips = re.search(r"  chips: Anna (\d+), Ben (\d+), Carla (\d+), Dan (\d+)", out)
    assert chips is not None
    data = json.loads(ok("replay", str(path), "--json"))
    assert data["chips"] == [int(c) for c in chips.groups()]


def test_play_save_to_a_missing_directory_fails_before_playing(tmp_path: Path) -> None:
    """Regression: the deal was played to the end, then a FileNotFoundError traceback."""
    target = tmp_path / "no" / "such" / "deal.toml"
    result = run("play", "--auto", "--seed", "7", "--save", str(target))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: cannot save the deal to {target}: no directory " \
        f"{target.parent}\n"


def test_play_save_onto_a_directory_fails_with_one_line(tmp_path: Path) -> None:
    result = run("play", "--auto", "--seed", "7", "--save", str(tmp_path))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: cannot save the deal to {tmp_path}: it is a directory\n"


# --------------------------------------------------------------------------------------------
# primero play, interactive: you are seat 0 (the eldest)


def test_play_interactive_numbers_text_and_reasons() -> None:
    out = ok("play", "--seed", "3", input="hold\nvie 9\nvie 1\n")
    lines = out.splitlines()
    assert lines[0] == "Waks English Primero — You, Anna, Ben, Carla; Carla deals; stake 1, rest 3"
    assert "  Your cards: 7♦ A♠" in lines
    # only your own cards are shown before the showdown
    assert not any(re.match(r"  (Anna|Ben|Carla)'s cards", line) for line in lines)
    assert "Your turn — your cards: 7♦ A♠; chips 50; pot 0; to hold: 0" in lines
    assert "    1. pass" in lines and "    5. fold" in lines
    # an illegal text is answered with the rule's reason, then the question is asked again
    assert f"{PROMPT}  nobody has vied yet: there is nothing to hold" in lines
    assert f"{PROMPT}  a bet or raise is at most the rest (3)" in lines
    assert f"{PROMPT}You vie 1   (pot 1)" in lines
    # then the exchange is offered, and end of input ends the game cleanly
    assert "    4. exchange 7d As" in lines  # in the hand's order


def test_play_interactive_by_number_to_the_end() -> None:
    out = ok("play", "--seed", "3", "--deals", "1", input="1\n" * 40)
    lines = out.splitlines()
    assert f"{PROMPT}You pass   (pot 0)" in lines
    assert "— showdown —" in lines
    chips = re.fullmatch(r"  chips: You (\d+), Anna (\d+), Ben (\d+), Carla (\d+)", lines[-1])
    assert chips is not None and sum(map(int, chips.groups())) == 200
    assert ok("play", "--seed", "3", "--deals", "1", input="1\n" * 40) == out


def test_play_interactive_unreadable_text_asks_again() -> None:
    out = ok("play", "--seed", "3", input="juggle\n\n0\n2\n")
    assert out.count(PROMPT) == 5  # four answers, then the exchange question at end of input
    assert "You vie 1   (pot 1)" in out


def test_play_interactive_error_printed_whole() -> None:
    """Regression: '[cards]' in the parse error was swallowed as a rich markup tag."""
    out = ok("play", "--seed", "3", input="juggle\n")
    assert (f"{PROMPT}  cannot read action 'juggle': expected vie N, hold, hold raise N, pass, "
            "fold or exchange [cards]") in out.splitlines()


def test_play_interactive_standing_pat_and_exchanging() -> None:
    """New-user a human standing pat read 'You exchange   (pot 4)'."""
    lines = ok("play", "--seed", "3", input="1\n1\n1\n").splitlines()
    assert f"{PROMPT}You stand pat   (pot 4)" in lines
    lines = ok("play", "--seed", "3", input="1\n1\nexchange 7d\n").splitlines()
    at = lines.index(f"{PROMPT}You exchange 7♦   (pot 4)")
    # 7♦ A♠ were dealt; 7♦ is thrown and 4♥ drawn: A♠ 16 + 4♥ 14 (docs/rules/hands.md points)
    assert lines[at + 1:at + 4] == ["  Your cards: A♠ 4♥",
                                    "  your hand so far: A♠ 16, 4♥ 14 (2 of 4 cards)",
                                    "Anna exchanges 2 cards   (pot 4)"]


def test_play_interactive_menu_number_out_of_range() -> None:
    """New-user '6' with five entries said "cannot read action '6'"."""
    lines = ok("play", "--seed", "3", "--players", "3", input="6\n0\n").splitlines()
    assert lines.count(f"{PROMPT}  choose a number from 1 to 5, or type an action") == 2


@pytest.mark.parametrize(
    ("args", "answer", "message"),
    [
        # new-user "You has only 2 chips", "7♠ is not in You's hand"
        (["--chips", "2"], "vie 3", "You have only 2 chips"),
        (["--chips", "2", "--name", "Maria"], "vie 3", "Maria has only 2 chips"),
        (["-V", "suzuki", "--seed", "2"], "pass exchange 7s", "7♠ is not in your hand"),
        (["-V", "suzuki", "--seed", "2", "--name", "Maria"], "pass exchange 7s",
         "7♠ is not in Maria's hand"),
    ],
)
def test_play_interactive_rules_messages_address_you(args: list[str], answer: str,
                                                     message: str) -> None:
    lines = ok("play", "--seed", "3", "--players", "3", *args, input=answer + "\n") \
        .splitlines()
    assert f"{PROMPT}  {message}" in lines


def test_play_name_names_your_seat() -> None:
    lines = ok("play", "--seed", "3", "--name", "Maria", input="1\n").splitlines()
    # the computer players keep distinct names; your actions read like everyone else's
    assert lines[0] == "Waks English Primero — Maria, Anna, Ben, Carla; Carla deals; " \
        "stake 1, rest 3"
    assert f"{PROMPT}Maria passes   (pot 0)" in lines
    assert "  Your cards: 7♦ A♠" in lines
    lines = ok("play", "--seed", "3", "--name", "Ben", input="").splitlines()
    assert lines[0].startswith("Waks English Primero — Ben, Anna, Carla, Dan; Dan deals")


def test_play_name_errors() -> None:
    spaced = run("play", "--name", "Anna Maria")
    assert spaced.exit_code == 2  # a usage error naming the option, as a long name's
    assert spaced.stderr == ("error: invalid value for '--name': player name 'Anna Maria' must "
                             "be one word (no spaces)\n")
    assert one_line_error("play", "--auto", "--name", "Maria") == \
        "error: --name names your seat, and with --auto the computer plays every seat"


def test_replay_prints_names_verbatim(tmp_path: Path) -> None:
    names = ["[bold]Anna", "Ben", "Carla", "[red]Dan[/red]"]
    actions = [line.replace("Anna", names[0]).replace("Dan", names[3])
               for line in BASE["actions"]]
    path = deal_file(tmp_path, players=names, dealer=names[3], actions=actions)
    lines = ok("replay", str(path)).splitlines()
    assert lines[0] == "Waks English Primero — [bold]Anna, Ben, Carla, [red]Dan[/red]; " \
        "[red]Dan[/red] deals"
    assert "[red]Dan[/red] holds   (pot 6)" in lines
    assert lines[-1] == "  chips: [bold]Anna 57, Ben 45, Carla 50, [red]Dan[/red] 48"


def test_play_interactive_end_of_input_exits_1_at_once() -> None:
    """``primero play < /dev/null`` left the deal unfinished and exited 0."""
    result = run("play", "--seed", "1", input="")
    assert result.exit_code == 1
    assert result.stderr == END_OF_INPUT
    # regression: the output used to end inside the prompt's line
    assert result.stdout.endswith(f"{PROMPT}\n")
    assert result.stdout.count(PROMPT) == 1


def test_play_from_dev_null_in_a_real_process() -> None:
    with open(os.devnull, encoding="utf-8") as empty:
        proc = subprocess.run([sys.executable, "-m", "primero", "play", "--seed", "1"],
                              stdin=empty, capture_output=True, text=True, encoding="utf-8",
                              timeout=60, check=False)
    assert (proc.returncode, proc.stderr) == (1, END_OF_INPUT)


# --------------------------------------------------------------------------------------------
# primero replay


#: Anna's Primero 65 as JSON: cards in pack order, the counting cards best first.
ANNA_VALUE = {"cards": ["7s", "Kh", "Ad", "6c"], "class": "Primero", "points": 65,
              "counting": ["7s", "6c", "Ad", "Kh"]}


def test_replay_json_golden() -> None:
    data = json.loads(ok("replay", str(EXAMPLE), "--json"))
    assert data == {
        "format": 1,
        "variant": "waks",
        "chips": [57, 45, 50, 48],
        "awards": [{"player": "Anna", "amount": 12, "value": "Primero 65"}],
        "carry": 0,
        # players still in at the end: Carla folded in round 1, Dan in round 2
        "hands": {"Anna": ["7s", "Ad", "6c", "Kh"], "Ben": ["7h", "6h", "5h", "2c"]},
        # the whole settlement (docs/reference/json.md): one pot of 12 at the level 5
        # (Anna and Ben 2 + 3 chips each, Dan 2)
        "settlement": {
            "format": 1,
            "awards": [{"seat": 0, "player": "Anna", "amount": 12, "value": ANNA_VALUE}],
            "returns": [],
            "layers": [{"amount": 12, "level": 5, "contenders": [0, 1], "winners": [0],
                        "shares": [12]}],
            "carry": 0,
            "showdown": True,
            "values": [{"seat": 0, "player": "Anna", "value": ANNA_VALUE},
                       {"seat": 1, "player": "Ben", "value": {
                           "cards": ["5h", "6h", "7h", "2c"], "class": "Numerus",
                           "points": 54, "counting": ["7h", "6h", "5h"]}}],
            "reason": "",
        },
    }
    assert list(data) == ["format", "variant", "chips", "awards", "carry", "hands", "settlement"]


def test_replay_json_unseen_win_and_carry(tmp_path: Path) -> None:
    # round 2: Ben vies 3, Dan folds, and Anna folds too: Ben is left alone
    actions = [*BASE["actions"][:14], "Anna fold"]
    data = json.loads(ok("replay", str(deal_file(tmp_path, actions=actions)), "--json"))
    # the round-1 pot (6) is won unseen; Ben's vie of 3, which nobody matched, goes back to
    # him and is not an award (docs/rules/ties.md)
    assert data["awards"] == [{"player": "Ben", "amount": 6, "value": None}]
    assert data["carry"] == 0 and list(data["hands"]) == ["Ben"]
    assert data["settlement"]["awards"] == [{"seat": 1, "player": "Ben", "amount": 6,
                                             "value": None}]
    assert data["settlement"]["returns"] == [{"seat": 1, "player": "Ben", "chips": 3}]
    assert data["chips"] == [48, 54, 50, 48]
    carry = [*BASE["actions"][:11], "Anna pass", "Ben pass", "Dan pass"]
    data = json.loads(ok("replay", str(deal_file(tmp_path, actions=carry)), "--json"))
    assert data["awards"] == [] and data["carry"] == 6
    assert data["chips"] == [48, 48, 50, 48]
    assert sorted(data["hands"]) == ["Anna", "Ben", "Dan"]


def test_replay_narration_ends_in_the_settlements_own_words(tmp_path: Path) -> None:
    """One voice: the narration's award, return and carry lines are Settlement.describe's."""
    # the same two deals as above: Ben alone after two folds, and nobody vying in round 2
    actions = [*BASE["actions"][:14], "Anna fold"]
    lines = ok("replay", str(deal_file(tmp_path, actions=actions))).splitlines()
    assert lines[-4:] == ["— everyone else folded —", "  Ben wins 6 unseen",
                          "  Ben takes back 3 unmatched",
                          "  chips: Anna 48, Ben 54, Carla 50, Dan 48"]
    carry = [*BASE["actions"][:11], "Anna pass", "Ben pass", "Dan pass"]
    lines = ok("replay", str(deal_file(tmp_path, actions=carry))).splitlines()
    assert lines[-3:] == ["— the deal ends without a winner (carry) —",
                          "  6 chips carry over to the next deal: nobody vied in round 2",
                          "  chips: Anna 48, Ben 48, Carla 50, Dan 48"]


def test_one_chip_carries_over_in_the_singular() -> None:
    from primero.settlement import Settlement

    assert Settlement(carry=1).describe(["Anna", "Ben"]) == "1 chip carries over to the next deal"
    assert Settlement(carry=2, reason="nobody vied").describe(["Anna", "Ben"]) == (
        "2 chips carry over to the next deal: nobody vied")


def test_replay_narrated_golden() -> None:
    lines = ok("replay", str(EXAMPLE)).splitlines()
    assert lines[0] == "Waks English Primero — Anna, Ben, Carla, Dan; Dan deals"
    for expected in ["  Anna's cards: 7♠ Q♦", "Ben vies 2   (pot 2)",
                     "Anna holds   (pot 4)", "Carla folds   (pot 4)", "Dan holds   (pot 6)",
                     "Anna exchanges Q♦   (pot 6)", "Ben vies 3   (pot 9)",
                     "Anna holds   (pot 12)", "— showdown —",
                     "  Anna wins 12 with Primero 65"]:
        assert expected in lines
    assert lines[-1] == "  chips: Anna 57, Ben 45, Carla 50, Dan 48"
    assert lines.index("Ben vies 2   (pot 2)") < lines.index("— exchange —") \
        < lines.index("Ben vies 3   (pot 9)") < lines.index("— showdown —")


#: ``primero replay`` of the example deal, every line (the deal file's cards, by hand: Anna's
#: 7♠ 6♣ A♦ K♥ is Primero 21 + 18 + 16 + 10 = 65, Ben's hearts 7♥ 6♥ 5♥ Numerus 54).
EXAMPLE_TOLD = [
    "Waks English Primero — Anna, Ben, Carla, Dan; Dan deals",
    "— the dealer deals 2 cards each —",
    "  Anna's cards: 7♠ Q♦", "  Ben's cards: 3♠ J♣", "  Carla's cards: 4♦ 2♠",
    "  Dan's cards: 5♠ K♦",
    "— betting round 1 —",
    "Anna passes   (pot 0)", "Ben vies 2   (pot 2)", "Carla passes   (pot 2)",
    "Dan passes   (pot 2)", "Anna holds   (pot 4)", "Ben passes   (pot 4)",
    "Carla folds   (pot 4)", "Dan holds   (pot 6)",
    "— exchange —",
    "Anna exchanges Q♦   (pot 6)", "  Anna's cards: 7♠ A♦",
    "Ben exchanges 3♠ J♣   (pot 6)", "  Ben's cards: 7♥ 6♥",
    "Dan exchanges 5♠   (pot 6)", "  Dan's cards: K♦ 3♥",
    "— the dealer deals 2 cards each —",
    "  Anna's cards: 7♠ A♦ 6♣ K♥", "  Ben's cards: 7♥ 6♥ 5♥ 2♣", "  Dan's cards: K♦ 3♥ J♠ Q♣",
    "— betting round 2 —",
    "Anna passes   (pot 6)", "Ben vies 3   (pot 9)", "Dan folds   (pot 9)",
    "Anna holds   (pot 12)",
    "— showdown —",
    "  Anna: 7♠ A♦ 6♣ K♥  Primero 65: one card of each suit; 7♠ 21 + 6♣ 18 + A♦ 16 + K♥ 10 "
    "= 65",
    "  Ben: 7♥ 6♥ 5♥ 2♣  Numerus 54: only the best suit counts; 7♥ 21 + 6♥ 18 + 5♥ 15 = 54; "
    "2♣ not counted",
    "  Anna wins 12 with Primero 65",
    "  chips: Anna 57, Ben 45, Carla 50, Dan 48",
]


def test_replay_tells_the_example_deal_line_for_line() -> None:
    assert ok("replay", str(EXAMPLE)) == "\n".join(EXAMPLE_TOLD) + "\n"


def test_replay_in_a_narrow_window_wraps_the_showdown_lines_under_their_indent() -> None:
    result = CliRunner().invoke(app, ["replay", str(EXAMPLE)],
                                env={"COLUMNS": "44", "NO_COLOR": "1", "FORCE_COLOR": None})
    assert result.exit_code == 0
    showdown = EXAMPLE_TOLD.index("— showdown —")
    assert result.stdout.splitlines() == [*EXAMPLE_TOLD[:showdown + 1],
        "  Anna: 7♠ A♦ 6♣ K♥  Primero 65: one card of",
        "    each suit; 7♠ 21 + 6♣ 18 + A♦ 16 + K♥ 10",
        "    = 65",
        "  Ben: 7♥ 6♥ 5♥ 2♣  Numerus 54: only the",
        "    best suit counts; 7♥ 21 + 6♥ 18 + 5♥ 15",
        "    = 54; 2♣ not counted",
        *EXAMPLE_TOLD[-2:]]


def test_a_replay_stopped_by_a_bad_action_prints_only_the_error(tmp_path: Path) -> None:
    path = deal_file(tmp_path, actions=[*BASE["actions"][:3], "Dan vie 1000"])
    result = run("replay", str(path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(f"error: {path}: action 4 'Dan vie 1000': ")


def test_replay_narrated_stops_early(tmp_path: Path) -> None:
    out = ok("replay", str(deal_file(tmp_path, actions=BASE["actions"][:3])))
    assert out.splitlines()[-1] == "(the record stops before the end of the deal)"


def test_replay_json_of_an_unfinished_record_is_an_error(tmp_path: Path) -> None:
    """New-user the pot still in play was reported as ``"carry": 2``, exit 0."""
    path = tmp_path / "part.toml"
    path.write_text('variant = "waks"\nplayers = ["Anna", "Ben", "Carla"]\ndealer = "Carla"\n'
                    'chips = 20\nseed = 7\nactions = ["Anna vie 2"]\n', "utf-8")
    line = one_line_error("replay", str(path), "--json")
    assert line == (f"error: {path}: the record stops before the end of the deal: after action "
                    "1 of 1, it is Ben's turn (betting round 1); --json reports finished deals "
                    "only (without --json the deal so far is narrated)")
    # the golden deal cut after Carla's fold: Dan is to hold or fold
    line = one_line_error("replay", str(deal_file(tmp_path, actions=BASE["actions"][:3])),
                          "--json")
    assert "after action 3 of 3, it is Dan's turn (betting round 1)" in line
    line = one_line_error("replay", str(deal_file(tmp_path, actions=[])), "--json")
    assert "the deal: before its first action, it is Anna's turn (betting round 1)" in line
    # the narration still shows the deal so far, with its note
    out = ok("replay", str(path))
    assert "Anna vies 2   (pot 2)" in out.splitlines()
    assert out.splitlines()[-1] == "(the record stops before the end of the deal)"


def test_replay_printed_stock_rejected_in_a_real_process(tmp_path: Path) -> None:
    """The [printed] stock of the golden file, with the same actions: one line naming 6h."""
    path = deal_file(tmp_path, stock=GOLDEN["printed"]["stock"])
    for extra in ([], ["--json"]):
        proc = subprocess.run([sys.executable, "-m", "primero", "replay", str(path), *extra],
                              capture_output=True, text=True, encoding="utf-8", timeout=60,
                              check=False)
        assert proc.returncode == 1
        assert proc.stdout == ""
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert proc.stderr.startswith("error: " if not extra else '{"format": 1, "error": ')
        assert GOLDEN["printed"]["error_mentions"] in proc.stderr  # "6h"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"actions": [*BASE["actions"][:4], "Anna pass", *BASE["actions"][5:]]},
         "deal.toml: action 5 'Anna pass': Anna cannot pass: Anna speaks last before Ben"),
        ({"actions": ["Anna pass", "Carla vie 2"]},
         "deal.toml: action 2 'Carla vie 2': it is Ben's turn, not Carla's"),
        ({"actions": [*BASE["actions"], "Anna pass"]},
         "deal.toml: action 16 'Anna pass': the deal is already over"),
        ({"actions": ["Anna pass", "Ben vie 9"]},
         "deal.toml: action 2 'Ben vie 9': Ben cannot vie 9: a bet or raise is at most the rest"),
        ({"stock": ["Xx", *BASE["stock"][1:]]}, "unknown card 'Xx'"),
        ({"dealer": None}, "missing key 'dealer'"),
        ({"variant": "nope"}, "deal.toml: unknown variant 'nope'"),
        ({"stock": [*BASE["stock"][:39], "Ks"]}, "duplicate card Ks"),
    ],
)
def test_replay_bad_files_one_line(tmp_path: Path, changes: dict[str, Any],
                                   message: str) -> None:
    path = deal_file(tmp_path, **changes)
    for extra in ([], ["--json"]):
        line = one_line_error("replay", str(path), *extra)
        assert message in line


def test_replay_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("players = [\n", "utf-8")
    assert "not valid TOML" in one_line_error("replay", str(path))


def test_replay_bad_value_types_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    assert "not a text file in UTF-8" in one_line_error("replay", str(binary))
    path = deal_file(tmp_path, stake="x")
    assert one_line_error("replay", str(path)) == \
        f"error: {path}: key 'stake' must be a whole number, got 'x'"


def test_replay_missing_file_and_directory(tmp_path: Path) -> None:
    missing = tmp_path / "absent.toml"
    assert one_line_error("replay", str(missing)) == \
        f"error: cannot read {missing}: No such file or directory"
    assert one_line_error("replay", str(tmp_path)) == \
        f"error: {tmp_path}: a directory, not a deal file: only regular files are read"


# --------------------------------------------------------------------------------------------
# primero rules


def test_rules_waks() -> None:
    out = ok("rules")
    lines = out.splitlines()
    assert lines[0] == "Waks English Primero (waks) — 2–6 players"
    assert "aliases: english, primero" in lines
    assert "Options (primero … --option KEY=VALUE)" in lines
    assert "Sources" in lines
    assert any("Mark Waks, Game Report: Primero" in line for line in lines)
    assert lines[-1] == "provided by: primero.variants.waks"
    assert ok("rules", "waks") == out
    assert ok("rules", "English") == out


def test_rules_cardano() -> None:
    out = ok("rules", "cardano")
    assert out.splitlines()[0] == "Cardano's Italian calling Primero (cardano) — 2–6 players"
    assert "  call_rule = same_class" in out  # docs/rules/cardano.md
    assert "Sources" in out


@pytest.mark.parametrize("name", primero.registry().names())
def test_rules_every_variant(name: str) -> None:
    spec = primero.registry().spec(name)
    out = ok("rules", name)
    assert out.startswith(f"{spec.title} ({spec.name})")
    lines = out.splitlines()
    # printed verbatim: bracketed source keys and allowed values are not read as markup
    for option in spec.options:
        default = str(option.default).lower() if isinstance(option.default, bool) \
            else option.default
        assert f"  {option.name} = {default}   [{option.allowed()}]" in lines
        assert f"      {option.doc}" in lines
    for source in spec.sources:
        assert f"  {source}" in lines
    for paragraph in spec.summary.split("\n\n"):
        assert paragraph in out


def test_rules_prints_source_keys_and_allowed_values() -> None:
    """Regression: rich markup ate '[seed-DE]' and '[true, false]' from the rules text."""
    lines = ok("rules").splitlines()
    assert "  supremus = true   [true, false]" in lines
    assert ("      Supremus (7, 6, A of one suit) is a class [seed-DE][NQ8]; off, it is a "
            "Numerus 55 ([seed-FR] calls it not universal).") in lines
    assert any(line.startswith("  [seed-DE] Primero (Primiera)") for line in lines)


def test_rules_unknown_variant() -> None:
    assert one_line_error("rules", "nope").startswith("error: unknown variant 'nope'")


# --------------------------------------------------------------------------------------------
# Odd input, as a new user might type it


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "0"], "error: invalid value for '--players': must be at least 2, got 0"),
        (["--players", "1"], "error: invalid value for '--players': must be at least 2, got 1"),
        (["--players", "9"],
         "error: invalid value for '--players': waks is played by 2 to 6 players; got 9"),
        (["--agent", "clever"],
         "error: invalid value for '--agent': 'clever' is not one of 'random', 'heuristic', "
         "'odds', 'search', 'equilibrium'."),
        (["--chips", "0"], "error: invalid value for '--chips': must be at least 1, got 0"),
        (["--stake", "0"], "error: invalid value for '--stake': must be at least 1, got 0"),
        (["--stake", "4"], "error: invalid value for '--rest': the rest (the largest bet) must "
                           "be at least the stake (4); got 3"),
        # regression: --seed -5 silently dealt exactly the deal of --seed 5
        (["--seed", "-5"], "error: invalid value for '--seed': must be at least 0, got -5"),
        (["--ante", "2"], "error: invalid value for '--ante': waks has no ante: ante must be 0, "
                          "got 2"),
    ],
)
def test_play_out_of_range_options_are_usage_errors(args: list[str], message: str) -> None:
    """``--players 1`` and ``--players 9`` alike: one ``error:`` line, exit status 2."""
    for extra in (["--auto"], []):
        result = run("play", *extra, "--seed", "1", *args, input="")
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", message + "\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nope"], "error: unknown variant 'nope'"),
        (["--variant", "wakss"], "error: unknown variant 'wakss'; did you mean 'waks'?"),
        (["--variant", "suzuk"], "error: unknown variant 'suzuk'; did you mean 'suzuki'?"),
        (["--option", "foo=1"], "error: unknown option 'foo' for variant 'waks'"),
    ],
)
def test_play_refused_input_one_line(args: list[str], message: str) -> None:
    line = one_line_error("play", "--auto", "--seed", "1", *args)
    assert line.startswith(message)
    # the same for a person at the table
    assert one_line_error("play", "--seed", "1", *args, input="").startswith(message)


def test_play_takes_a_raise_cap_and_saves_it(tmp_path) -> None:
    from primero.records import load_record

    path = tmp_path / "capped.toml"
    result = run("play", "--auto", "--seed", "3", "--raise-cap", "1", "--save", str(path))
    assert result.exit_code == 0, result.output
    record = load_record(path.read_text())
    assert record.raise_cap == 1
    bad = run("play", "--auto", "--raise-cap", "0")
    assert bad.exit_code == 2 and "--raise-cap" in bad.output


def test_simulate_and_compare_take_a_raise_cap() -> None:
    # suzuki with huge stacks and a wide rest: the cap bounds every deal (docs/rules/waks.md)
    from primero.simulation.run import simulate

    sim = simulate("suzuki", players=3, deals=3, seed=1, agents="random", chips=100_000,
                   rest=999, raise_cap=2)
    assert sim.raise_cap == 2 and len(sim) == 3
    state = sim.state(1)
    assert state.table.raise_cap == 2
    for command in ("simulate", "compare"):
        args = [command, "suzuki"] if command == "compare" else [command, "--variant", "suzuki"]
        result = run(*args, "--deals", "2", "--agent", "random", "--chips", "100000",
                     "--rest", "999", "--raise-cap", "2", "--players", "3", "--json",
                     "--no-progress")
        assert result.exit_code == 0, result.output
        bad = run(*args, "--raise-cap", "0")
        assert bad.exit_code == 2 and "--raise-cap" in bad.output


def test_play_says_the_settlement_to_you_in_the_second_person() -> None:
    # the settlement lines used to read "You wins 15 ..." and "You takes back 3 unmatched"
    won = run("play", "--seed", "3", "--players", "3",
              input="vie 1\nexchange\npass\nhold\nhold\nhold\n")
    assert won.exit_code == 0
    assert "  You win 15 with Primero 81\n" in won.stdout
    assert "You wins" not in won.stdout
    back = run("play", "--seed", "7", "--players", "2",
               input="vie 3\nexchange\nvie 3\nhold\nhold\nhold\nhold\n")
    assert "  You take back 3 unmatched\n" in back.stdout
    assert "You takes" not in back.stdout
    named = run("play", "--seed", "3", "--players", "3", "--name", "Zoe",
                input="vie 1\nexchange\npass\nhold\nhold\nhold\n")
    assert "  Zoe wins 15 with Primero 81\n" in named.stdout  # a real name stays third person
