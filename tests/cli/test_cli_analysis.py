"""``primero simulate``, ``odds`` and ``compare``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import primero
from cli_helpers import ENV, ok, run, table_rows
from primero.cli.core import app
from primero.simulation.run import compare, simulate

SIMULATE_KEYS = ["format", "variant", "agents", "players", "deals", "showdowns", "carried_over",
                 "no_winner", "deals_won", "showdown_share", "carried_over_share", "mean_pot",
                 "win_share", "mean_net", "winning_classes", "winning_class_share"]
INTERVAL_KEYS = ["value", "ci_low", "ci_high", "deals"]


def share_cell(figure: dict[str, float]) -> str:
    """How a share and its interval print: the JSON's figure in percent, ± half its width."""
    half = (figure["ci_high"] - figure["ci_low"]) / 2
    return f"{100 * figure['value']:.1f}% ±{100 * half:.1f}"








# --- simulate --------------------------------------------------------------------------------

def test_simulate_json_has_exactly_the_documented_keys_and_the_library_numbers() -> None:
    data = json.loads(ok("simulate", "--deals", "40", "--seed", "3", "--agent", "random",
                         "--json"))
    assert list(data) == SIMULATE_KEYS
    expected = simulate("waks", deals=40, seed=3, agents="random", progress=False)
    assert data == expected.summary().to_json()
    assert data["variant"] == "waks" and data["players"] == 4 and data["deals"] == 40
    assert len(data["win_share"]) == 4 and data["agents"] == "random"
    assert all(list(w) == INTERVAL_KEYS for w in data["win_share"] + data["mean_net"])
    assert all(w["deals"] == data["deals_won"] for w in data["win_share"])
    assert list(data["mean_pot"]) == INTERVAL_KEYS and data["mean_pot"]["deals"] == 40
    low, value, high = (data["showdown_share"][k] for k in ("ci_low", "value", "ci_high"))
    assert low <= value <= high and data["showdown_share"]["value"] == data["showdowns"] / 40
    # every deal won counts, in rank order, "unseen" (won with no hand shown) last
    assert list(data["winning_classes"]) == ["Chorus", "Fluxus", "Supremus", "Primero",
                                             "Numerus", "unseen"]
    assert sum(data["winning_classes"].values()) == data["deals_won"]
    assert data["deals_won"] + data["no_winner"] == 40


def test_simulate_defaults_waks_four_players_heuristic_and_jobs_do_not_matter() -> None:
    one = json.loads(ok("simulate", "--deals", "12", "--json"))
    two = json.loads(ok("simulate", "--deals", "12", "--jobs", "2", "--json"))
    assert one == two
    assert one == simulate(deals=12, progress=False).summary().to_json()


def test_simulate_table_prints_the_json_numbers() -> None:
    args = ("simulate", "--deals", "30", "--agent", "random", "--players", "3", "--option",
            "supremus=false")
    data = json.loads(ok(*args, "--json"))
    text = ok(*args)
    assert text.splitlines()[0] == ("waks (supremus=false): 30 deals, 3 players, random "
                                    "agents, seed 0, stake 1, rest 3")
    rows = table_rows(text)
    assert rows[0][0] == "30"
    assert rows[0][1] == f"{data['showdowns']} ({share_cell(data['showdown_share'])})"
    assert rows[0][2] == f"{data['carried_over']} ({share_cell(data['carried_over_share'])})"
    assert rows[0][3] == str(data["no_winner"])
    pot = data["mean_pot"]
    assert rows[0][4] == f"{pot['value']:.2f} ±{(pot['ci_high'] - pot['ci_low']) / 2:.2f}"
    seats = rows[1:4]
    assert [r[0] for r in seats] == ["0 (eldest)", "1", "2"]
    # shares as percentages with the half-width of their interval: 0.2432 is 24.3% ±…
    assert [r[1] for r in seats] == [share_cell(w) for w in data["win_share"]]
    classes = {r[0]: int(r[1]) for r in rows[4:]}
    assert classes == data["winning_classes"]
    assert "Supremus" not in classes


def test_simulate_summary_explains_carry_overs_and_mean_net() -> None:
    """Mean net per seat sums to less than 0 (pots carried out of independent deals
    vanish), and "carried over" disagreed with the deals that ended by carry-over."""
    args = ("simulate", "--deals", "100", "--no-progress")
    sim = simulate("waks", deals=100, progress=False)
    results = list(sim.results)
    ended_by_carry = sum(r.ended_by == "carry" for r in results)
    left_chips = sum(r.carry > 0 for r in results)
    chips = sum(r.carry for r in results)
    assert chips > 0 and ended_by_carry != left_chips  # the seed shows both kinds
    text = ok(*args)
    assert "Carried over ┃ No winner ┃ Mean pot (chips) ┃" in text
    head = table_rows(text)[0]
    # one definition of carried over: deals that left chips for the next deal
    assert head[2].startswith(f"{left_chips} (")
    assert head[3] == str(sum(not r.winners for r in results))
    net = sum(sum(r.net) for r in results) / 100
    assert net == -chips / 100  # chips conserved: what the seats lost is what was carried
    flat = " ".join(text.split())
    assert (f"Each deal starts afresh, so the {chips} chips carried over by {left_chips} deals "
            f"leave the run: mean net per seat sums to {net:+.3f} chips per deal, not 0.") \
        in flat
    assert ("Carried over: deals that left 1 chip or more on the table for a next deal, for "
            "any reason") in flat
    assert "the same count as carried_over in --json and in the analysis tables" in flat


def test_simulate_works_without_pandas_or_matplotlib() -> None:
    # A base install: the analysis extra's packages cannot be imported (numpy is a core
    # dependency since the compact hand tables).
    code = (
        "import sys\n"
        "for name in ('pandas', 'matplotlib'):\n"
        "    sys.modules[name] = None\n"
        "from primero.cli import main\n"
        "sys.argv = ['primero', 'simulate', '--deals', '5', '--agent', 'random', '--json']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert list(json.loads(done.stdout)) == SIMULATE_KEYS


def test_simulate_errors_are_one_line() -> None:
    result = run("simulate", "--variant", "whist", "--deals", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown variant 'whist'")
    assert result.stderr.count("\n") == 1
    result = run("simulate", "--variant", "wak", "--deals", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown variant 'wak'; did you mean 'waks'? "
                                    "known variants: waks, ")
    result = run("simulate", "--players", "7", "--deals", "1")
    assert result.exit_code == 2  # out of range: a usage error, like --players 1
    assert result.stderr == ("error: invalid value for '--players': waks is played by 2 to 6 "
                             "players; got 7\n")
    assert run("simulate", "--agent", "clever").exit_code == 2


# --- odds ------------------------------------------------------------------------------------

def test_odds_flush_draw_json() -> None:
    data = json.loads(ok("odds", "Kh", "Qh", "Jh", "2s", "--discard", "2s", "--json"))
    assert data["draws"] == 36 and data["unseen"] == 36 and data["drawn"] == 1
    classes = {c["class"]: c for c in data["classes"]}
    assert classes["Fluxus"]["draws"] == 7  # 7 hearts among 36 unseen cards
    assert classes["Fluxus"]["probability"] == round(7 / 36, 6)
    assert classes["Numerus"]["draws"] == 29
    assert [c["class"] for c in data["classes"]] == ["Chorus", "Fluxus", "Supremus",
                                                     "Primero", "Numerus"]
    detail = json.loads(ok("odds", "Kh Qh Jh 2s", "-x", "2s", "--detail", "--json"))
    assert sum(o["draws"] for o in detail["outcomes"]) == 36


def test_odds_text_table() -> None:
    text = ok("odds", "7s 6h Ad Kd", "--discard", "Kd")
    rows = {r[0]: r for r in table_rows(text)}
    assert rows["Primero"][1:4] == ["10", f"{10 / 36:.6f}", "65–76"]  # 10 clubs of 36
    assert "Expected points:" in text


def test_odds_ranks_every_discard_without_discard() -> None:
    data = json.loads(ok("odds", "Kh Qh Jh 2s", "--target", "Fluxus", "--json"))
    assert data["criterion"] == "class" and len(data["exchanges"]) == 16
    top = data["exchanges"][0]
    assert top["discard"] == ["2s"] and top["score"] == round(7 / 36, 6)
    text = ok("odds", "Kh Qh Jh 2s")
    assert "every discard, best mean points first" in text
    rows = table_rows(text)
    assert len(rows) == 16
    flush = json.loads(ok("odds", "Kh Qh Jh 2s", "--json"))["exchanges"]
    assert [r[0] for r in rows] == [
        " ".join(str(primero.parse_card(c)) for c in e["discard"]) or "(none)" for e in flush]
    assert [r[1] for r in rows] == [f"{e['expected_points']:.2f}" for e in flush]
    beat = json.loads(ok("odds", "7s 6h Ad Kd", "--beat", "7h 6c 5c Kc", "--json"))
    by_discard = {" ".join(e["discard"]): e["score"] for e in beat["exchanges"]}
    assert by_discard["Kd"] == round(7 / 32, 6)  # only the 7 unseen clubs beat it


def test_odds_errors_are_one_line() -> None:
    result = run("odds", "Kh Qh Jh 2s", "--discard", "3s")
    assert result.exit_code == 1
    assert result.stderr == "error: discard 3♠ is not in the hand K♥ Q♥ J♥ 2♠\n"
    result = run("odds", "Kh Qh Jh 2s", "--target", "Flush")
    assert result.exit_code == 1
    assert result.stderr == ("error: --target: unknown hand class 'Flush'; the classes of waks "
                             "are Chorus, Fluxus, Supremus, Primero, Numerus\n")
    result = run("odds", "Kh Qh Jh Xx")
    assert result.exit_code == 1 and result.stderr.startswith("error: unknown card 'Xx'")


def test_odds_errors_about_several_cards_speak_of_them_in_the_plural() -> None:
    # were "dead card A♦ 6♥ is in the hand" and "discard 3♠ 4♠ is not in the hand ..."
    result = run("odds", "7s 6h Ad Kc", "--dead", "Ad 6h 2c")
    assert result.exit_code == 1
    assert result.stderr == "error: dead cards A♦ 6♥ are in the hand\n"
    result = run("odds", "Kh Qh Jh 2s", "--discard", "3s 4s")
    assert result.exit_code == 1
    assert result.stderr == "error: discards 3♠ 4♠ are not in the hand K♥ Q♥ J♥ 2♠\n"
    result = run("odds", "7s 6h Ad Kc", "--dead", "7s")
    assert result.stderr == "error: dead card 7♠ is in the hand\n"


def test_odds_card_list_options_take_several_words() -> None:
    """``--discard Kc Ad`` put Ad into the hand and reported a duplicate."""
    words = json.loads(ok("odds", "7s", "6h", "Ad", "Kc", "--discard", "Kc", "Ad", "--json"))
    quoted = json.loads(ok("odds", "7s 6h Ad Kc", "--discard", "Kc Ad", "--json"))
    repeated = json.loads(ok("odds", "7s 6h Ad Kc", "-x", "Kc", "-x", "Ad", "--json"))
    assert words == quoted == repeated
    assert words["hand"] == ["7s", "6h", "Ad", "Kc"] and words["discard"] == ["Kc", "Ad"]
    assert words["draws"] == 36 * 35 // 2  # two drawn from the 36 unseen cards
    dead = json.loads(ok("odds", "7s 6h Ad Kc", "--dead", "5c", "4c", "-x", "Kc", "--json"))
    assert dead["dead"] == ["5c", "4c"] and dead["unseen"] == 34


@pytest.mark.parametrize(("args", "message"), [
    (("7s 6h Ad Kd", "--beat", "7s 6h"),
     "error: --beat: a hand has exactly 4 cards; got 2: 7♠ 6♥\n"),
    (("7s 6h Ad Kd", "--beat", "7h", "6c", "5c", "Xx"), "error: --beat: unknown card 'Xx'"),
    (("7s 6h Ad Kd", "--dead", "Qq"), "error: --dead: unknown card 'Qq'"),
    (("7s 6h Ad Kd", "--discard", "Zz"), "error: --discard: unknown card 'Zz'"),
])
def test_odds_card_list_errors_name_the_option(args: tuple[str, ...], message: str) -> None:
    result = run("odds", *args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


# --- compare ---------------------------------------------------------------------------------

COMPARED = ["waks", "waks:supremus=false"] + [
    n for n in primero.registry().names() if n in ("suzuki", "cardano")]


def test_compare_prints_the_table_writes_a_png_and_json_gives_the_same_numbers(
        tmp_path: Path) -> None:
    png = tmp_path / "out.png"
    args = ("compare", *COMPARED, "--deals", "25", "--seed", "4", "--agent", "random")
    text = ok(*args, "--plot", str(png))
    data = json.loads(ok(*args, "--json"))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
    assert f"Plot saved to {png}" in text
    assert data["deals"] == 25 and data["seed"] == 4 and data["players"] == 4
    runs = data["variants"]
    assert [r["variant"] for r in runs] == [str(primero.simulation.resolve_variant(v))
                                            for v in COMPARED]
    expected = compare(COMPARED, deals=25, seed=4, agents="random", progress=False)
    assert runs == [{k: v for k, v in s.to_json().items() if k != "format"}
                    for s in expected.summaries()]
    assert data["populations"] == ["random"]
    rows = table_rows(text)
    main, shares = rows[:len(runs)], rows[len(runs):2 * len(runs)]
    assert main[0][0] == shares[0][0] == "waks"  # wide enough: the runs are named
    classes = rows[2 * len(runs):2 * len(runs) + 6]
    for row, share_row, run_ in zip(main, shares, runs, strict=True):
        assert row[0] == run_["variant"]
        assert row[1] == share_cell(run_["showdown_share"])
        assert row[2] == share_cell(run_["carried_over_share"])
        assert row[3] == str(run_["no_winner"])
        assert share_row[1:] == [share_cell(w) for w in run_["win_share"]]
    for row in classes:
        for cell, run_ in zip(row[1:], runs, strict=True):
            assert cell == str(run_["winning_classes"].get(row[0], "-"))
    # paired differences from the first variant, each with its interval and clear-of-zero mark
    differences = data["differences"]
    assert {d["baseline"] for d in differences} == {"waks"}
    assert all(d["ci_low"] <= d["value"] <= d["ci_high"] and d["deals"] == 25
               and d["clear_of_zero"] == (d["ci_low"] > 0 or d["ci_high"] < 0)
               for d in differences)


EIGHT = ["waks", "waks:supremus=false", "suzuki", "cardano", "losing", "revival",
         "waks:numerus-counts=all", "primiera"]


def test_compare_at_80_columns_never_cuts_a_number() -> None:
    """At 80 columns the table cut figures ("0.25…", "(85.3…")."""
    args = ("compare", *EIGHT, "--players", "5", "--deals", "30", "--agent", "random",
            "--no-progress")
    result = CliRunner().invoke(app, list(args), env={**ENV, "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "…" not in text
    assert max(map(len, text.splitlines())) <= 80
    data = json.loads(ok(*args, "--json"))
    cells = {cell.strip() for line in text.splitlines() for cell in line.split("│")}
    for run_ in data["variants"]:
        for value in (share_cell(run_["showdown_share"]), str(run_["no_winner"]),
                      *(share_cell(w) for w in run_["win_share"]),
                      *(str(n) for n in run_["winning_classes"].values())):
            assert value in cells, value
    # eight variants do not fit as column headers: numbered, with a legend
    flat = " ".join(text.split())
    assert "#1 waks, #2 waks (supremus=false), #3 suzuki" in flat


@pytest.mark.parametrize("name", primero.registry().names())
def test_compare_takes_every_registered_variant(name: str) -> None:
    spec = primero.registry().spec(name)
    if not spec.players[0] <= 4 <= spec.players[1]:  # the heads-up toy
        pytest.skip(f"{name} is not played by four")
    data = json.loads(ok("compare", "waks", name + (":tie=split" if name == "waks" else ""),
                         "--deals", "3", "--agent", "random", "--json"))
    assert len(data["variants"]) == 2
    assert all(r["deals"] == 3 for r in data["variants"])


def test_compare_errors() -> None:
    result = run("compare", "waks", "english", "--deals", "1")
    assert result.exit_code == 1 and "listed twice" in result.stderr
    result = run("compare", "waks:supremus=maybe", "--deals", "1")
    assert result.exit_code == 1 and "supremus" in result.stderr


# --- compare --plot: the path is checked before any deal ---------------

@pytest.mark.parametrize(("plot", "message"), [
    ("{tmp}/nonexistent/x.png", "error: cannot save the plot to {tmp}/nonexistent/x.png: "
                                "folder {tmp}/nonexistent does not exist\n"),
    ("{tmp}/out.txt", "error: cannot save the plot to {tmp}/out.txt: unsupported format "
                      "'txt'; use one of "),
    ("{tmp}", "error: cannot save the plot to {tmp}: it is a directory; give a file name "
              "such as {tmp}/compare.png\n"),
])
def test_compare_plot_path_is_refused_before_simulating(
        tmp_path: Path, plot: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_simulation(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulated before checking --plot")

    monkeypatch.setattr("primero.cli.compare.compare", no_simulation)
    result = run("compare", "waks", "--deals", "5", "--no-progress",
                 "--plot", plot.format(tmp=tmp_path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message.format(tmp=tmp_path))
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_compare_plot_without_extension_writes_and_names_the_png(tmp_path: Path) -> None:
    text = ok("compare", "waks", "--deals", "3", "--no-progress", "--plot",
              str(tmp_path / "myplot"))
    written = tmp_path / "myplot.png"
    assert f"Plot saved to {written}\n" in text
    assert written.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "myplot").exists()


def test_compare_plot_extension_picks_the_format_in_any_case(tmp_path: Path) -> None:
    ok("compare", "waks", "--deals", "3", "--no-progress", "--plot", str(tmp_path / "p.SVG"))
    assert b"<svg" in (tmp_path / "p.SVG").read_bytes()[:500]



# --- odds: new-user findings 3, 7 and 18 ------------------------------------------------------

def test_odds_in_losing_ranks_the_fewest_mean_points_first() -> None:
    """``odds Kh Qh Jh 2s -V losing`` listed 34.46 mean points as the best."""
    text = ok("odds", "Kh", "Qh", "Jh", "2s", "-V", "losing")
    assert "every discard, best (lowest) mean points first" in text
    rows = table_rows(text)
    assert rows[0][:2] == ["J♥", "24.56"]  # 221/9: see test_analysis for the count
    assert rows[-1][:2] == ["K♥ Q♥ J♥ 2♠", "34.46"]
    means = [float(r[1]) for r in rows]
    assert means == sorted(means)
    data = json.loads(ok("odds", "Kh Qh Jh 2s", "-V", "losing", "--json"))
    assert data["fewer_points_better"] is True
    assert data["exchanges"][0]["discard"] == ["Jh"]


def test_odds_target_class_in_any_case() -> None:
    """``--target fluxus`` was refused although cards and variants take any case."""
    lower = json.loads(ok("odds", "Kh Qh Jh 2s", "--target", "fluxus", "--json"))
    upper = json.loads(ok("odds", "Kh Qh Jh 2s", "--target", "Fluxus", "--json"))
    assert lower == upper and lower["target"] == "Fluxus"
    assert lower["exchanges"][0]["score"] == round(7 / 36, 6)
    assert "best P(Fluxus or better) first" in ok("odds", "Kh Qh Jh 2s", "--target", "FLUXUS")


@pytest.mark.parametrize(("args", "message"), [
    (("",), "error: no cards given: name the hand, e.g. primero odds Kh Qh Jh 2s\n"),
    (("Kh Qh Jh 2s 3s",), "error: a hand has at most 4 cards; got 5: K♥ Q♥ J♥ 2♠ 3♠\n"),
    (("Kh Qh Jh 2s", "--detail"),
     "error: --detail lists the outcomes of one discard: give it with --discard\n"),
    (("Kh Qh Jh 2s", "--discard", "2s", "--target", "Fluxus"),
     "error: --target and --beat rank the possible discards, so they go without --discard "
     "(with --discard every class is shown already)\n"),
    (("Kh Qh Jh 2s", "-x", "2s", "--beat", "7s 6c 5c Kc"),
     "error: --target and --beat rank the possible discards, so they go without --discard "
     "(with --discard every class is shown already)\n"),
])
def test_odds_refuses_an_empty_hand_and_ignored_options(args: tuple[str, ...],
                                                        message: str) -> None:
    """These were accepted and the option silently ignored (or a blank header)."""
    result = run("odds", *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == message


COMMANDS = ["variants", "evaluate", "frequencies", "rules", "play", "replay", "simulate",
            "compare", "odds"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_reads_well(command: str) -> None:
    """Flags shown as taking ``<bool>``, Python types as metavars, backticks."""
    result = CliRunner().invoke(app, [command, "--help"], env={**ENV, "COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.stdout
    assert max(map(len, text.splitlines())) <= 80
    for bad in ("`", "<bool>", "BOOLEAN", "INTEGER", "TEXT", "PATH", "list[str]", "{", "}"):
        assert bad not in text, bad
    for flag in ("--json", "--auto", "--detail", "--no-progress"):
        for line in text.splitlines():
            if line.strip().startswith(flag):  # a flag is shown alone, with no value
                assert line.split()[0] == flag and line.split()[1][:1].isupper()


def test_play_help_shows_ranges_and_short_options() -> None:
    text = " ".join(ok("play", "--help").split())
    assert "-s, --seed N" in text and "-n, --players N" in text and "-a, --agent" in text
    assert "[default: 4]" in text
    assert "within the variant's range (see 'primero variants')" in text


# --- --ante for a variant without one ------------------------

def test_simulate_and_compare_refuse_an_ante_the_variant_does_not_pay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate -V waks --ante 5`` ignored the ante yet printed "ante 5" in the header."""
    result = run("simulate", "-V", "waks", "--ante", "5", "--deals", "50", "--no-progress")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("error: invalid value for '--ante': waks has no ante: ante must be "
                             "0, got 5\n")

    def no_play(*args: object, **kwargs: object) -> None:
        raise AssertionError("revival was simulated before waks's table was checked")

    monkeypatch.setattr("primero.simulation.run.simulate", no_play)
    result = run("compare", "revival", "waks", "--ante", "5", "--deals", "1000",
                 "--no-progress")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("error: invalid value for '--ante': waks has no ante: ante must be "
                             "0, got 5\n")


def test_headers_name_an_ante_only_where_it_is_paid() -> None:
    assert ok("simulate", "-V", "waks", "--ante", "0", "--deals", "2", "--no-progress") \
        .splitlines()[0] == ("waks: 2 deals, 4 players, heuristic agents, seed 0, stake 1, "
                             "rest 3")
    assert ok("simulate", "-V", "revival", "--deals", "2", "--no-progress").splitlines()[0] \
        .endswith("rest 3, ante 1")
    assert ok("simulate", "-V", "revival", "--ante", "0", "--deals", "2", "--no-progress") \
        .splitlines()[0].endswith("rest 3, ante 0")
    assert ok("compare", "waks", "revival", "--deals", "2", "--no-progress").splitlines()[0] \
        == ("2 deals of each variant on the same seeds: 4 players, heuristic agents, seed 0, "
            "stake 1, rest 3, ante waks none, revival 1")


# --- compare under several populations, match -------------------------------------------------

def test_compare_under_two_populations_says_which_conclusions_hold_under_both() -> None:
    args = ("compare", "waks", "suzuki", "--deals", "20", "--seed", "2",
            "--agents", "random,heuristic", "--no-progress")
    data = json.loads(ok(*args, "--json"))
    assert data["populations"] == ["random", "heuristic"]
    assert [(v["variant"], v["agents"]) for v in data["variants"]] == [
        ("waks", "random"), ("suzuki", "random"), ("waks", "heuristic"),
        ("suzuki", "heuristic")]
    verdicts = data["verdicts"]
    assert {v["against"] for v in verdicts} == {"fair share", "waks"}
    for v in verdicts:
        assert v["agents"] == ["random", "heuristic"]
        assert v["holds"] == (v["whose"] == "rules")
    text = ok(*args)
    flat = " ".join(text.split())
    assert "random, heuristic agents" in flat
    assert "Does it hold under every population of agents?" in flat


def test_compare_refuses_an_unknown_population() -> None:
    result = CliRunner().invoke(app, ["compare", "waks", "--agents", "random,clever"],
                                env=ENV)
    assert result.exit_code == 1
    assert "--agents: unknown agent 'clever'; known agents:" in result.output


def test_match_prints_the_duplicate_numbers_of_the_library() -> None:
    from primero.analysis.duplicate import duplicate_match

    args = ("match", "heuristic", "random", "--deals", "8", "--seed", "1")
    data = json.loads(ok(*args, "--json"))
    expected = duplicate_match("waks", "heuristic", "random", deals=8, seed=1).to_json()
    for key in ("variant", "candidate", "opponent", "players", "deals", "overall", "by_seat",
                "verdict"):
        assert data[key] == expected[key], key
    text = ok(*args)
    rows = table_rows(text)
    overall = data["overall"]
    half = (overall["ci_high"] - overall["ci_low"]) / 2
    assert rows[-1][:2] == ["overall", f"{overall['value']:+.2f} ±{half:.2f}"]
    assert [r[0] for r in rows[:2]] == ["0 (eldest)", "1 (dealer)"]
    assert "Median CPU time per decision: heuristic" in text
