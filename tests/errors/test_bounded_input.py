"""Hostile input that must neither grow without bound, hang nor reach the terminal raw.

Huge amounts, huge run sizes, FIFOs where files are expected, a closed standard input,
control characters in names, a variant spec promising more players than its pack holds, and
a table cache that must be keyed by the code that builds it. At the command line every one
is one ``error:`` (or ``warning:``) line; commands that could block run in a real process with
a timeout, so a regression fails in seconds instead of hanging.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import warnings
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w

import primero
import primero.tables as tables
from cli_helpers import run
from conftest import CASES
from primero import get_variant, hookimpl
from primero.actions import Hold, Vie, parse_action
from primero.deal.engine import start_deal
from primero.errors import IllegalActionError, PluginError, PrimeroError, RecordError
from primero.plugins.registry import Registry
from primero.plugins.rules import Rules
from primero.records import load_record
from primero.simulation import simulate, simulate_sessions
from primero.simulation.executor import Chunks
from primero.variants.waks import WAKS

NAMES = ["Anna", "Ben", "Carla", "Dan"]
HUGE = "9" * 5000
BASE: dict[str, Any] = {k: v for k, v in
                        tomllib.loads((CASES / "waks_example.toml").read_text("utf-8")).items()
                        if k not in ("expect", "printed")}


def one_line(*args: str, input: str | None = None, status: int = 1) -> str:
    result = run(*args, input=input)
    assert result.exit_code == status, (result.output, result.exception)
    lines = str(result.stderr).splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def in_process(*args: str, env: dict[str, str] | None = None,
               **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "primero", *args], capture_output=True,
                          text=True, encoding="utf-8", timeout=60, check=False,
                          env={**os.environ, **(env or {})}, **kwargs)


# --- amounts of more digits than any stack ---------------------------------------------------


@pytest.mark.parametrize(("text", "message"), [
    (f"vie {HUGE}", "cannot read action 'vie 999999999999999999999999999999999999...': the "
                    "amount has 5,000 digits; an amount has at most 18"),
    ("hold raise 1234567890123456789", "cannot read action 'hold raise 1234567890123456789': "
                                       "the amount has 19 digits; an amount has at most 18"),
    (f"vie 2 call Primero {HUGE}", "cannot read action 'vie 2 call Primero 99999999999999999999"
                                   "9...': the call's points have 5,000 digits; an amount has "
                                   "at most 18"),
])
def test_an_amount_of_too_many_digits_is_refused_before_it_is_read(text: str,
                                                                   message: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        parse_action(text)
    assert str(info.value) == message
    state = start_deal("waks", NAMES, 20, seed=1)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert str(info.value) == message and info.value.legal == ()
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"Anna {text}")
    assert str(info.value) == f"Anna: {message}"


def test_eighteen_digits_are_still_read() -> None:
    assert parse_action("vie " + "9" * 18) == Vie(10 ** 18 - 1)
    state = start_deal("waks", NAMES, 20, seed=1)
    with pytest.raises(IllegalActionError, match=r"at most the rest \(3\)"):  # read, refused
        state.apply("vie " + "9" * 18)


@pytest.mark.parametrize("make", [Vie, Hold])
def test_an_action_object_of_a_huge_amount_is_refused(make: Any) -> None:
    with pytest.raises(IllegalActionError) as info:
        make(10 ** 5000)
    field = "amount" if make is Vie else "raise_by"
    assert str(info.value) == (f"{make.__name__}.{field} has more than 18 digits: an amount "
                               "has at most 18")


def test_a_deal_file_with_a_huge_amount_is_refused_on_reading(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text(tomli_w.dumps({**BASE, "actions": [f"Anna vie {HUGE}"]}), "utf-8")
    message = (f"{path}: action 1 'Anna vie 99999999999999999999999999999999999999999999999999"
               "…: a number of 5,000 digits; an amount has at most 18 "
               "(docs/reference/deal-files.md)")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value) == message
    assert one_line("replay", str(path)) == f"error: {message}"


def test_play_answers_a_huge_typed_amount_with_one_line() -> None:
    result = run("play", "--seed", "3", input=f"vie {HUGE}\n{HUGE}\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    prompt = "Your action (number or text): "
    assert result.stdout.endswith(
        f"{prompt}  cannot read action 'vie 999999999999999999999999999999999999...': the "
        "amount has 5,000 digits; an amount has at most 18\n"
        f"{prompt}  choose a number from 1 to 5, or type an action\n{prompt}\n")
    assert result.stderr == ("error: end of input before the end of the deal: the deal is "
                             "left unfinished\n")


# --- runs of too many deals --------------------------------------------------------------------


def test_a_run_of_more_deals_than_the_bound_is_refused_before_playing() -> None:
    message = ("deals: at most 1,000,000 deals in one run (every deal's record is kept), got "
               "99,999,999,999,999,999,999; split the study into runs with different seeds")
    with pytest.raises(PrimeroError) as info:
        simulate("waks", deals=10 ** 20 - 1)
    assert str(info.value) == message
    with pytest.raises(PrimeroError) as info:
        simulate_sessions("waks", sessions=500_001, deals_per_session=2)
    assert str(info.value).startswith("sessions * deals_per_session: at most 1,000,000 deals "
                                      "in one run (every deal's record is kept), got 1,000,002")
    # the command line refuses it as it is read: a usage error naming the option
    bound = ("error: invalid value for '--deals': must be at most 1,000,000 deals in one run "
             "(every deal's record is kept: split a larger study into runs with different "
             "seeds), got ")
    assert one_line("simulate", "-d", "9" * 20, status=2) == f"{bound}a 20-digit number"
    assert one_line("compare", "waks", "losing", "-d", "1000001", status=2) == f"{bound}1000001"


def test_the_chunks_of_a_run_are_made_one_at_a_time() -> None:
    chunks = Chunks(None, "deals", 1_000_000, 200)  # type: ignore[arg-type]
    assert len(chunks) == 5000
    assert (chunks[0].start, chunks[0].stop, chunks[-1].start, chunks[-1].stop) == \
        (0, 200, 999_800, 1_000_000)
    last = Chunks(None, "deals", 1001, 200)  # type: ignore[arg-type]
    assert [(t.start, t.stop) for t in last][-2:] == [(800, 1000), (1000, 1001)]


class _Counting(Executor):
    """A thread pool that records the most chunks it held unfinished at once.

    A chunk is unfinished until its future is done; a future is done before its waiters wake
    (a done-callback may run after the next chunk is sent, so it would miscount under load).
    """

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.futures: list[Future[Any]] = []
        self.most = self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        unfinished = sum(not future.done() for future in self.futures) + 1
        self.most = max(self.most, unfinished)
        future = self.pool.submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_an_executor_is_sent_the_chunks_as_it_frees_up() -> None:
    executor = _Counting()
    try:
        sim = simulate("waks", deals=100, seed=4, agents="random", executor=executor)
    finally:
        executor.pool.shutdown()
    assert executor.submitted == 100  # 100 deals: chunks of one deal
    assert executor.most <= 16
    alone = simulate("waks", deals=100, seed=4, agents="random")
    assert sim.results == alone.results


# --- FIFOs and a closed standard input --------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(tables.CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(tables.NO_CACHE_ENV, raising=False)
    return tmp_path


def _fifo_for_the_waks_table(cache: Path) -> Path:
    Rules(get_variant())._build_ranking().census()  # writes the table file
    [path] = sorted(cache.glob("waks-*.table"))
    path.unlink()
    os.mkfifo(path)
    return path


def test_a_fifo_at_the_table_cache_path_is_never_read(cache: Path) -> None:
    path = _fifo_for_the_waks_table(cache)
    with pytest.warns(tables.TableCacheWarning) as caught:
        census = Rules(get_variant())._build_ranking().census()
    assert [str(w.message) for w in caught] == [
        f"cached hand table {path} is unusable (a FIFO (named pipe), not a table file: only "
        "regular files are read); rebuilding it"]
    assert census["Chorus"] == 10  # docs/rules/figures.md: the ten four-of-a-kinds
    assert path.is_file()  # replaced by the rebuilt table


def test_evaluate_with_a_fifo_in_the_cache_warns_on_one_line(cache: Path) -> None:
    path = _fifo_for_the_waks_table(cache)
    done = in_process("evaluate", "7s 6h Ad Kc", env={tables.CACHE_DIR_ENV: str(cache)})
    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"warning: cached hand table {path} is unusable (a FIFO (named "
                           "pipe), not a table file: only regular files are read); rebuilding "
                           "it\n")
    assert "Primero 65" in done.stdout


def test_play_with_standard_input_closed_says_so_on_one_line() -> None:
    done = in_process("play", "--seed", "3", preexec_fn=lambda: os.close(0))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == ("error: standard input is closed: there is nothing to read your "
                           "actions from (--auto lets the computer play every seat)\n")


def test_play_saving_to_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "deal.toml"
    os.mkfifo(fifo)
    done = in_process("play", "--auto", "--seed", "3", "--save", str(fifo))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"error: cannot save the deal to {fifo}: it is a FIFO (named "
                           "pipe); a deal is saved to a regular file only\n")


def test_play_saves_the_deal_so_far_when_input_ends_and_nothing_before(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    result = run("play", "--seed", "3", "--save", str(path), input="1\n")
    assert result.exit_code == 1
    saved = tomllib.loads(path.read_text("utf-8"))
    assert saved["actions"][0] == "You pass" and len(saved["stock"]) == 40


# --- control characters in names -------------------------------------------------------------


@pytest.mark.parametrize(("name", "message"), [
    ("An\x1b[2Jna", "player name 'An\\x1b[2Jna' holds the control character U+001B"),
    ("Ben\x00", "player name 'Ben\\x00' holds the control character U+0000"),
    ("\x07Carla", "player name '\\x07Carla' holds the control character U+0007"),
    ("\u202eDan", "player name '\\u202eDan' holds the invisible character U+202E"),
    ("Eve\u2066", "player name 'Eve\\u2066' holds the invisible character U+2066"),
])
def test_a_name_with_a_control_character_is_refused_at_the_deal(name: str,
                                                                message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["Anna", name], 20, seed=1)
    assert str(info.value) == f"{message}: a name is printable text"


def test_play_refuses_a_name_with_a_control_character_on_one_escaped_line() -> None:
    line = one_line("play", "--name", "\x1b]0;owned\x07", status=2)
    assert line == ("error: invalid value for '--name': player name '\\x1b]0;owned\\x07' holds "
                    "the control character U+001B: a name is printable text")


def test_replay_of_a_file_naming_a_player_with_an_escape_sends_nothing_raw(
        tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    players = ["Anna", "B\x1b[31men", "Carla", "Dan"]
    path.write_text(tomli_w.dumps({**BASE, "players": players, "actions": []}), "utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "\x1b" not in result.output
    assert result.stderr == (f"error: {path}: player name 'B\\x1b[31men' holds the control "
                             "character U+001B: a name is printable text\n")


def test_an_error_line_escapes_control_characters_it_quotes(tmp_path: Path) -> None:
    path = tmp_path / "x\x1b[2J.toml"
    line = one_line("replay", str(path))
    assert line == f"error: cannot read {tmp_path}/x\\x1b[2J.toml: No such file or directory"


# --- a variant spec promising more players than its pack holds --------------------------------


def _registering(spec: Any) -> object:
    class Plugin:
        @hookimpl
        def primero_register_variants(self, register: Any) -> None:
            register(spec)

    return Plugin()


def test_a_spec_for_more_players_than_its_pack_holds_is_skipped() -> None:
    crowded = attrs.evolve(WAKS, name="crowded", aliases=(), players=(2, 12))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reg = Registry([_registering(crowded)], isolate=True)
    [broken] = reg.broken()
    assert broken.reason.endswith(
        "registered an invalid variant: players (2, 12): a deal holds 4 cards per player, 48 "
        "at a table of 12, but the italian40 pack holds 40: at most 10 players")
    assert len(caught) == 1
    fits = attrs.evolve(WAKS, name="roomy", aliases=(), players=(2, 10))
    assert Registry([_registering(fits)], isolate=True).names() == ["roomy"]


def test_an_option_that_shrinks_the_pack_below_the_largest_table_is_refused() -> None:
    deck = attrs.evolve(WAKS.options[0], default="french52")
    assert deck.name == "deck"
    big = attrs.evolve(WAKS, name="big", aliases=(), players=(2, 12),
                       options=(deck, *WAKS.options[1:]))
    reg = Registry([_registering(big)], isolate=True)
    assert reg.variant("big").pack.name == "french52"  # 48 cards of 52
    assert reg.variant("big", deck="spanish48").pack.name == "spanish48"  # 48 of 48
    with pytest.raises(PluginError) as info:
        reg.variant("big", deck="italian40")
    assert str(info.value) == (
        "variant big (deck=italian40): players (2, 12): a deal holds 4 cards per player, 48 "
        "at a table of 12, but the italian40 pack holds 40: at most 10 players")


# --- the table cache is keyed by the code that builds tables ----------------------------------


def test_the_code_version_follows_the_source_of_the_ranking_code(tmp_path: Path) -> None:
    package = Path(primero.__file__).parent
    for name in tables.TABLE_CODE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(package / name, tmp_path / name)
    assert tables.source_digest(str(tmp_path)) == tables.code_version()
    ranking = tmp_path / "rules" / "ranking.py"
    ranking.write_text(ranking.read_text("utf-8") + "\n# changed\n", "utf-8")
    assert tables.source_digest(str(tmp_path)) != tables.code_version()


def test_a_change_of_the_ranking_code_is_never_served_the_old_table(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Rules(get_variant())._build_ranking().census()
    [old] = sorted(cache.glob("waks-*.table"))
    monkeypatch.setattr(tables, "code_version", lambda: "another version")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Rules(get_variant())._build_ranking().census()
    # not found under the new key: built afresh and written beside the old one
    assert len([p for p in cache.glob("waks-*.table") if p != old]) == 1
