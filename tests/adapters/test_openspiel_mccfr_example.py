"""examples/openspiel_mccfr.py: its --quick run reports chips per deal with 95 % intervals.

The report has one line per match — the MCCFR policy against ``RandomAgent`` and
``HeuristicAgent``, and the two baselines — each a mean with its interval; the numbers parse,
each interval is the mean plus and minus its half-width, and even the quick run's policy
beats random play by more than its interval's half-width.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "openspiel_mccfr.py"
LINE = re.compile(r"^  (?P<label>\S.*?)\s+(?P<mean>[+-]\d+\.\d{3}) ± (?P<half>\d+\.\d{3}) "
                  r"chips per deal \(95% interval (?P<low>[+-]\d+\.\d{3}) \.\. "
                  r"(?P<high>[+-]\d+\.\d{3})\)$")
CHECKPOINT = re.compile(r"^after (?P<done>[\d,]+) iterations of outcome-sampling MCCFR "
                        r"\(seed 1, \d+\.\d\d CPU minutes\):$")
MATCHES = ["random vs random", "heuristic vs random",
           "mccfr 0 vs random", "mccfr 0 vs heuristic",
           "mccfr 200 vs random", "mccfr 200 vs heuristic",
           "mccfr 2,000 vs random", "mccfr 2,000 vs heuristic"]


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("openspiel_mccfr", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def quick_output() -> str:
    done = subprocess.run([sys.executable, str(EXAMPLE), "--quick", "--seed", "1"],
                          capture_output=True, text=True, timeout=600, check=True)
    return done.stdout


def test_the_quick_run_reports_every_match_with_its_interval(quick_output: str) -> None:
    lines = quick_output.splitlines()
    assert lines[0] == ("table: variant waks, players 2, chips 4, stake 1, rest 1; "
                        "6 strength buckets")
    assert lines[1] == ("evaluation: 200 duplicate deals per match (each played twice, seats "
                        "swapped), chips per deal with the 95% interval")
    found = {}
    checkpoints = []
    for line in lines[2:]:
        checkpoint = CHECKPOINT.match(line)
        if checkpoint is not None:
            checkpoints.append(checkpoint["done"])
            continue
        match = LINE.match(line)
        assert match is not None, line
        mean, half, low, high = (float(match[k]) for k in ("mean", "half", "low", "high"))
        assert low <= mean <= high
        assert abs(low - (mean - half)) <= 0.0015 and abs(high - (mean + half)) <= 0.0015
        assert 0 < half < 1  # chips per deal: a few chips at most each way at this table
        found[match["label"]] = (mean, half)
    assert checkpoints == ["0", "200", "2,000"]
    assert list(found) == MATCHES
    mean, half = found["mccfr 2,000 vs random"]
    assert mean - half > 0  # it learnt something: better than random play, measurably
    untrained, _ = found["mccfr 0 vs heuristic"]
    trained, _ = found["mccfr 2,000 vs heuristic"]
    assert trained > untrained  # and loses less to the heuristic than the uniform policy


def test_the_interval_is_the_normal_one() -> None:
    example = _example()
    # four duplicate scores 1, 0, 0, -1: mean 0, sample variance 2/3, half-width
    # 1.96 * sqrt(2/3 / 4) = 0.8002
    mean, half = example.interval([1.0, 0.0, 0.0, -1.0])
    assert mean == 0.0
    assert half == pytest.approx(0.80017, abs=1e-5)


def test_the_stacked_pack_deals_from_the_top() -> None:
    pack = _example().StackedPack([5, 3, 9, 1])
    assert pack.choice((1, 3, 9)) == 3  # 5 is gone (dealt): the next card that can come
    assert pack.choice((1, 9), p=[0.5, 0.5]) == 9
