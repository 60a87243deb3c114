"""Bad input to the hand tables, the cache, the batch API and the showdown odds: named.

Each test states the exact behaviour: a precise error, a warning and a rebuilt table, or the
right answer; expected values come from independent counts (brute force, hand-worked).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from primero import analysis  # noqa: E402
from primero.analysis import _native  # noqa: E402

KERNEL = _native.library_path()


@pytest.mark.skipif(sys.platform != "linux" or not KERNEL.is_file(),
                    reason="an ELF kernel built into the tree")
@pytest.mark.parametrize("keep", [64, 3000, -1])
def test_a_truncated_kernel_is_refused_with_a_warning_not_a_bus_error(
        tmp_path: Path, keep: int) -> None:
    # a truncated library killed the process with SIGBUS inside dlopen (rc -7)
    data = KERNEL.read_bytes()
    cut = tmp_path / _native.LIBRARY_NAME
    cut.write_bytes(data[:keep])
    code = textwrap.dedent(f"""
        import warnings
        from pathlib import Path
        from primero.analysis import _native
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            print(_native.load(Path({str(cut)!r})))
        print(caught[0].category.__name__, caught[0].message)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "None"
    assert lines[1] == (f"RuntimeWarning primero: the compiled showdown kernel {cut} does not "
                        f"load (truncated: {len(data[:keep])} bytes, its headers need "
                        f"{len(data)}); counting with numpy instead")


@pytest.mark.skipif(sys.platform != "linux" or not KERNEL.is_file(),
                    reason="an ELF kernel built into the tree")
def test_a_whole_kernel_passes_the_size_check(tmp_path: Path) -> None:
    whole = tmp_path / _native.LIBRARY_NAME
    whole.write_bytes(KERNEL.read_bytes())
    assert _native.load(whole) is not None


# --- the table cache: the header is checked as much as the arrays ---------------------------

import json  # noqa: E402
import warnings  # noqa: E402

import primero  # noqa: E402
from primero.plugins.rules import Rules  # noqa: E402
from primero.tables import CACHE_DIR_ENV, NO_CACHE_ENV, TableCacheWarning  # noqa: E402
from primero.tables import _checksum as checksum  # noqa: E402

MAGIC = b"PRIMERO-HAND-TABLE\n"


def _fresh(variant: primero.Variant) -> primero.Ranking:
    return Rules(variant)._build_ranking()


def _split(data: bytes) -> tuple[dict[str, object], bytes]:
    length = int.from_bytes(data[len(MAGIC):len(MAGIC) + 8], "little")
    start = len(MAGIC) + 8
    return json.loads(data[start:start + length]), data[start + length:]


def _join(header: dict[str, object], payload: bytes) -> bytes:
    text = json.dumps(header).encode()
    return MAGIC + len(text).to_bytes(8, "little") + text + payload


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    return tmp_path





def test_an_edited_sort_key_in_the_header_is_rebuilt_with_a_warning(cache: Path) -> None:
    # the checksum covered the arrays only: a header whose sort keys were edited (still
    # distinct and ascending) was trusted, and every HandValue.key read from it was wrong
    ranking = _fresh(primero.get_variant())
    chorus = ranking.evaluate("7s 7h 7d 7c")
    expected = ranking._order(ranking._classify(chorus.cards))  # the hook's own answer
    assert chorus.key == expected
    [path] = sorted(cache.glob("*.table"))
    header, payload = _split(path.read_bytes())
    keys = header["keys"]
    assert isinstance(keys, list) and keys[-1] == list(expected)  # the strongest key last
    keys[-1] = [keys[-1][0] + 1, *keys[-1][1:]]
    path.write_bytes(_join(header, payload))
    with pytest.warns(TableCacheWarning, match="unusable .checksum mismatch"):
        again = _fresh(primero.get_variant())
        assert again.evaluate("7s 7h 7d 7c").key == expected
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _fresh(primero.get_variant()).evaluate("7s 7h 7d 7c").key == expected


def test_a_header_key_too_large_for_an_int_is_rebuilt_not_a_crash(cache: Path) -> None:
    # json reads 1e400 as inf; int(inf) raised OverflowError out of the census
    census = _fresh(primero.get_variant()).census()
    [path] = sorted(cache.glob("*.table"))
    header, payload = _split(path.read_bytes())
    header["keys"] = [[1e400]]
    header["checksum"] = checksum({k: v for k, v in header.items() if k != "checksum"},
                                  payload)
    path.write_bytes(_join(header, payload))
    with pytest.warns(TableCacheWarning, match="malformed .cannot convert float infinity"):
        assert _fresh(primero.get_variant()).census() == census


# --- bad types: precise errors, never a TypeError, AttributeError or IndexError ----------------

from primero.errors import CardParseError, InvalidDeckError, PrimeroError  # noqa: E402


def test_a_set_of_hands_is_refused_it_has_no_playing_order() -> None:
    # a set was accepted and played in hash order: the eldest (who takes ties) was arbitrary
    with pytest.raises(PrimeroError, match=r"^hands is set: give a list of hands in playing "
                                           r"order from the eldest"):
        analysis.showdown_probabilities({"7h 6h", "Ks Qs"})
    with pytest.raises(PrimeroError, match=r"^hands is dict"):
        analysis.showdown_probabilities({"a": "7h 6h", "b": "Ks Qs"})
    with pytest.raises(PrimeroError, match=r"^hands is NoneType"):
        analysis.showdown_probabilities(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("hands", "dead", "message"), [
    ([None, "Ks Qs"], (), r"^hand 1 is NoneType None: give cards as text"),
    (["7h 6h", 7], (), r"^hand 2 is int 7: give cards as text"),
    ([b"7h 6h", "Ks Qs"], (), r"^hand 1 is bytes b'7h 6h': give cards as text"),
    (["7h 6h", "Ks Qs"], None, r"^dead cards is NoneType None: give cards as text"),
])
def test_hands_and_dead_cards_that_are_not_cards_are_named(hands: Any, dead: Any,
                                                           message: str) -> None:
    with pytest.raises(CardParseError, match=message):
        analysis.showdown_probabilities(hands, dead=dead)


def test_a_variant_or_max_outcomes_of_the_wrong_type_is_named() -> None:
    with pytest.raises(PrimeroError, match=r"^variant is int 3: give a variant, a name"):
        analysis.showdown_probabilities(["7h 6h", "Ks Qs"], 3)  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match=r"^max_outcomes is str '10': give a number"):
        analysis.showdown_probabilities(["7h 6h 5h", "Ks Qs Js"],
                                        max_outcomes="10")  # type: ignore[arg-type]
    # a float is a number: C(34, 1) * C(33, 1) = 1,122 deals to walk, within 1e9
    odds = analysis.showdown_probabilities(["7h 6h 5h", "Ks Qs Js"], max_outcomes=1e9)
    assert odds.outcomes == 34 * 33


@pytest.mark.parametrize(("hands", "message"), [
    (["7s 6h Ad"], r"^hand 0 of evaluate_many has 3 cards, not 4: 7♠ 6♥ A♦$"),
    (["7s 6h Ad Kc", "7s 6h Ad Kc 2s"], r"^hand 1 of evaluate_many has 5 cards, not 4"),
    ("7s 6h Ad Kc", r"^evaluate_many takes an \(N, 4\) integer array of pack indices or a "
                    r"sequence of hands; got str '7s 6h Ad Kc'$"),
    (None, r"evaluate_many takes .* got NoneType None$"),
    (5, r"evaluate_many takes .* got int 5$"),
    (tuple(primero.parse_cards("7s 6h Ad Kc")),
     r"^hand 0 of evaluate_many is Card Card.parse\('7s'\), not a hand$"),
    ([None], r"^hand 0 of evaluate_many is NoneType None, not a hand$"),
    (np.ma.array([[0, 1, 2, 3]], mask=[[0, 0, 0, 1]]), r"^evaluate_many takes no masked array"),
    ([[0, 1, 2, 3]], r"^hand 0 of evaluate_many is a list of integers: pack indices go in an "
                     r"\(N, 4\) numpy integer array \(np.asarray\(hands\)\); a hand in a "
                     r"sequence is cards or card text$"),
    (["7s 6h Ad Kc", (0, 1, 2, "3")], r"^hand 1 of evaluate_many is a tuple of integers"),
])
def test_evaluate_many_names_what_is_not_a_batch_of_hands(hands: Any, message: str) -> None:
    # before: ValueError (cannot reshape), TypeError (not iterable), IndexError (masked)
    with pytest.raises(InvalidDeckError, match=message):
        primero.get_variant().ranking.evaluate_many(hands)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a /dev/zero to link to")
def test_a_table_file_linked_to_an_endless_file_is_refused_not_read_into_memory(
        cache: Path) -> None:
    # read() of /dev/zero never ends: the census ate all memory
    census = _fresh(primero.get_variant()).census()
    [path] = sorted(cache.glob("*.table"))
    path.unlink()
    path.symlink_to("/dev/zero")
    with pytest.warns(TableCacheWarning, match=r"unusable \(not a regular file, not a table "
                                               r"file: only regular files are read\); "
                                               r"rebuilding it"):
        assert _fresh(primero.get_variant()).census() == census


def test_eight_players_after_round_1_with_numpy_are_refused_before_any_table() -> None:
    # the numpy count held (2520, 735471) arrays per half: 4.8 GB, then MemoryError (the
    # entries check passed: the compiled kernel counts the same in a few hundred MB)
    from primero.analysis.showdown_halves import count_by_halves

    u = 24  # 40 cards less 8 players' two
    keys = [np.zeros(u * u, dtype=np.int32) for _ in range(8)]
    with pytest.raises(PrimeroError, match=(
            r"^counting 8 hands by halves with numpy would hold 1,853,386,920 deals of one "
            r"half \(every way to deal 8 of the 24 unseen cards\), more than 120,000,000")):
        count_by_halves(keys, [2] * 8, u, 1, native=False)
