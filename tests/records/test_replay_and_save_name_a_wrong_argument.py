"""``replay`` and ``save_record`` given the wrong kind of argument say so in a RecordError.

``replay("deal.toml")`` raised ``AttributeError: 'str' object has no attribute 'variant'``
and ``save_record(state, None)`` a bare ``TypeError`` from ``pathlib``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CASES
from primero import load_record, replay, save_record
from primero.errors import RecordError
from primero.records import replay_states


@pytest.mark.parametrize(("record", "message"), [
    (None, "replay takes a DealRecord, got None"),
    (5, "replay takes a DealRecord, got 5"),
    ("deal.toml", "replay takes a DealRecord, got 'deal.toml' (load_record(path) reads a "
                  "deal file into one)"),
    (Path("deal.toml"), "replay takes a DealRecord, got PosixPath('deal.toml') "
                        "(load_record(path) reads a deal file into one)"),
], ids=["None", "int", "text", "path"])
def test_replay_of_something_not_a_record_says_what_it_takes(record: object,
                                                             message: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(record)  # type: ignore[arg-type]
    assert str(caught.value) == message
    with pytest.raises(RecordError):
        next(replay_states(record))  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [None, 5, ""], ids=repr)
def test_save_record_to_something_not_a_path_says_what_it_takes(path: object,
                                                                 tmp_path: Path) -> None:
    record = load_record(CASES / "waks_example.toml")
    with pytest.raises(RecordError, match=r"^save_record writes to a file's path \(text or a "
                                          r"pathlib\.Path\), got "):
        save_record(record, path)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    assert save_record(record, tmp_path / "deal.toml").is_file()
