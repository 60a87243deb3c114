"""``load_record`` and ``save_record`` name what they take; ``save_record`` saves a record too.

Before, ``load_record(123)`` raised "argument of type 'int' is not iterable", ``load_record("")``
a ``FileNotFoundError`` for the file ``''``, and ``save_record(load_record(...), path)`` an
``AttributeError``: a record read back could not be written again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CASES
from primero import RecordError, load_record, replay, save_record


@pytest.mark.parametrize(("source", "message"), [
    (123, "load_record takes a deal file's path or TOML text, got int"),
    (b"variant = 'waks'", "load_record takes a deal file's path or TOML text, got bytes"),
    ("  ", "load_record was given an empty text: give a deal file's path or TOML text"),
])
def test_load_record_names_what_it_takes(source: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        load_record(source)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_save_record_writes_a_record_read_back(tmp_path: Path) -> None:
    record = load_record(CASES / "waks_example.toml")
    path = save_record(record, tmp_path / "again.toml")
    assert load_record(path) == record
    assert replay(load_record(path)).stacks == (57, 45, 50, 48)


def test_save_record_refuses_what_is_no_deal(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as caught:
        save_record("deal.toml", tmp_path / "x.toml")  # type: ignore[arg-type]
    assert str(caught.value) == "save_record takes a deal (a GameState) or a DealRecord, got str"
    assert not (tmp_path / "x.toml").exists()
