"""A plug-in's own step tells the players what it did (``primero_narrate_step``).

The ``premium`` plug-in (tests/premiumplugin.py) moves chips in a step of its own; its line
is checked in the narration, in ``describe()``, at the terminal and after a save and replay.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from attrs import frozen

from premiumplugin import PREMIUM, PremiumRules
from primero import PluginError, Step, VariantSpec, hookimpl
from primero.cli.narration import narrate, step_news
from primero.deal.engine import start_deal
from primero.plugins.checks import MAX_NARRATION
from primero.variants.waks import WAKS

SRC = str(Path(__file__).resolve().parents[2] / "src")
HERE = Path(__file__).resolve().parents[1]


def _deal(**options: object) -> object:
    return start_deal(PREMIUM.configure(**options), ["Anna", "Ben", "Carla"], 50, seed=4)


def test_the_premium_step_is_told_under_its_header_with_the_chips_it_moved() -> None:
    state = _deal()
    # the step moved 2 chips from the eldest (Anna, seat 0) to the dealer (Carla, seat 2)
    assert [s.stack for s in state.seats] == [48, 50, 52]
    lines = narrate(None, state)
    header = lines.index("— premium —")
    assert lines[header + 1] == "  Anna hands Carla a premium of 2 chips"
    assert lines[header + 2] == "— betting round 1 —"


def test_the_line_follows_the_option_value() -> None:
    state = _deal(bonus=1)
    assert [s.stack for s in state.seats] == [49, 50, 51]
    assert "  Anna hands Carla a premium of 1 chip" in narrate(None, state)


def test_describe_tells_the_ended_plugin_step() -> None:
    state = _deal()
    assert state.describe().splitlines()[-1] == \
        "   premium: Anna hands Carla a premium of 2 chips"
    while not state.over:  # and still at the end of the deal
        state = state.apply(state.legal_actions()[0])
    assert "   premium: Anna hands Carla a premium of 2 chips" in state.describe().splitlines()


def test_a_step_is_told_once_in_a_whole_deal() -> None:
    state = _deal()
    told = list(narrate(None, state))
    while not state.over:
        after = state.apply(state.legal_actions()[0])
        told += narrate(state, after, action=after.history[-1][1])
        assert step_news(state, after) == {}
        state = after
    assert told.count("  Anna hands Carla a premium of 2 chips") == 1


def test_the_human_seat_is_told_in_the_second_person() -> None:
    state = start_deal(PREMIUM.configure(), ["You", "Ben", "Carla"], 50, seed=4)
    assert "  You hand Carla a premium of 2 chips" in narrate(None, state, seat=0)


def test_variants_without_the_hook_tell_nothing_more() -> None:
    state = start_deal(WAKS.configure(), ["Anna", "Ben"], 50, seed=4)
    assert state.context.rules.step_lines(state) == ()
    while not state.over:
        state = state.apply(state.legal_actions()[0])
    assert state.context.rules.step_lines(state) == ()


@frozen
class _Says:
    """Rules telling the premium step with a fixed line."""

    line: object

    @hookimpl
    def primero_narrate_step(self, step: Step) -> object:
        return self.line if step.kind == "premium" else None


def _spec_saying(line: object) -> VariantSpec:
    return VariantSpec(name="premium", title="t", summary="s", options=PREMIUM.options,
                       plugins=(PremiumRules(), _Says(line)))


@pytest.mark.parametrize(("line", "expected"), [
    ("two\nlines", "holds a line break or a control character"),
    ("", "expected one line of text (str) or None"),
    (7, "returned 7 (int); expected one line of text (str) or None"),
    ("x" * (MAX_NARRATION + 1), f"expected one line of at most {MAX_NARRATION}"),
])
def test_a_bad_line_is_a_plugin_error_naming_the_hook(line: object, expected: str) -> None:
    state = start_deal(_spec_saying(line).configure(), ["Anna", "Ben"], 50, seed=4)
    with pytest.raises(PluginError, match="_Says, hook primero_narrate_step") as caught:
        state.describe()
    assert expected in str(caught.value)


def test_a_card_not_every_player_sees_is_hidden_in_the_line() -> None:
    state = start_deal(_spec_saying("the premium: 7h and 6s").configure(),
                       ["Anna", "Ben"], 50, seed=4)
    assert "   premium: the premium: <card> and <card>" in state.describe().splitlines()


# ---------------------------------------------------------------------------------------------
# At the terminal, through an installed plug-in (an entry point on a site path)


@pytest.fixture(scope="module")
def premium_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("premium")
    shutil.copy(HERE / "premiumplugin.py", root / "premiumplugin.py")
    meta = root / "primero_premium-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: primero-premium\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[primero]\npremium = premiumplugin\n")
    return root


def _primero(site: Path, *args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), SRC]), COLUMNS="200",
               NO_COLOR="1")
    env.pop("PRIMERO_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run([sys.executable, "-m", "primero", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False, input=input,
                          encoding="utf-8")


def test_the_terminal_game_tells_the_step_and_a_saved_deal_replays_it(
        premium_site: Path, tmp_path: Path) -> None:
    saved = tmp_path / "deal.toml"
    played = _primero(premium_site, "play", "--variant", "premium", "--players", "3",
                      "--seed", "2", "--save", str(saved), input="quit\n")
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    header = lines.index("— premium —")
    payer, payee = lines[header + 1].split(" hand")[0].strip(), lines[0].split("; ")[1]
    assert payee.endswith(" deals")
    payee = payee.removesuffix(" deals")
    # the human (You) is the eldest of the first deal: they pay the dealer
    assert payer == "You"
    assert lines[header + 1] == f"  You hand {payee} a premium of 2 chips"
    replayed = _primero(premium_site, "replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    told = replayed.stdout.splitlines()
    # the replay watches every seat: "You" is a name there, told in the third person
    assert told[told.index("— premium —") + 1] == f"  You hands {payee} a premium of 2 chips"


def test_rules_lists_the_bounded_option_and_not_the_overridden_one(premium_site: Path) -> None:
    shown = _primero(premium_site, "rules", "premium")
    assert shown.returncode == 0, shown.stderr
    options = [line.split()[0] for line in shown.stdout.splitlines()
               if line.startswith("  ") and not line.startswith("    ") and " = " in line]
    assert options == ["deck", "supremus", "chorus", "numerus_counts",
                       "high_primero_beats_fluxus", "play_direction", "deal_passes", "bonus"]
    assert "  bonus = 2   [an integer 0..10]" in shown.stdout.splitlines()
    refused = _primero(premium_site, "evaluate", "7s 6h Ad Kc", "-V", "premium", "-o",
                       "bonus=-3")
    assert refused.returncode == 1
    assert refused.stderr == ("error: option 'bonus': bad value -3, below its minimum 0; "
                              "allowed: an integer 0..10\n")
