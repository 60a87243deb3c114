"""A hand-table cache "directory" that is a file gives one warning that says so.

``PRIMERO_CACHE_DIR=some-file`` gave two warnings per table, the second in Python's raw form
("[Errno 17] File exists: ..."), neither saying that the cache was a file: now one warning
names the cache and says it is not a directory, and the table is built as usual.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from primero import get_variant
from primero.plugins.rules import Rules
from primero.tables import CACHE_DIR_ENV, NO_CACHE_ENV, TableCacheWarning


def test_a_cache_that_is_a_file_warns_once_and_the_table_is_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "not-a-folder"
    cache.write_text("a file\n")
    monkeypatch.setenv(CACHE_DIR_ENV, str(cache))
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ranking = Rules(get_variant("cardano"))._build_ranking()
        census = ranking.census()  # the table is loaded (or built) when first read
    assert [str(w.message) for w in caught if w.category is TableCacheWarning] == [
        f"the hand table cache {cache} is not a directory; the table is built and not cached"]
    # the census of the 40-card pack (docs/rules/figures.md)
    assert sum(census.values()) == 91_390
    assert cache.read_text() == "a file\n"
