"""A deal whose chips a deal file may not give is refused when saved, not written unreadable.

A deal file gives at most :data:`~primero.records.MAX_CHIPS` chips (``load_record`` refuses
more), while the engine deals any stack. Saving a deal of 10**16 chips wrote a file that
``primero replay`` then refused; now the save is refused, in one line, before any file is
written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import run
from primero import start_deal
from primero.errors import RecordError
from primero.records import MAX_CHIPS, dump_record, load_record, record_from_state, replay

REFUSED = ("key {key!r} would be a 17-digit number: a deal file gives at most "
           "1,000,000,000,000,000 chips, so the deal cannot be saved (its file would not load)")


@pytest.mark.parametrize(("kwargs", "key"), [
    ({"chips": [10, 10 ** 16]}, "chips"),
    ({"chips": 10, "carry": 10 ** 16}, "carry"),
])
def test_a_deal_past_the_files_chips_is_refused_naming_the_key(kwargs: dict[str, object],
                                                               key: str) -> None:
    chips = kwargs.pop("chips")
    state = start_deal("waks", ["Anna", "Ben"], chips, seed=1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(RecordError) as info:
        record_from_state(state)
    assert str(info.value) == REFUSED.format(key=key)


def test_a_deal_at_the_files_most_chips_saves_and_replays() -> None:
    assert MAX_CHIPS == 10 ** 15
    state = start_deal("waks", ["Anna", "Ben"], MAX_CHIPS, seed=1, carry=MAX_CHIPS)
    state = state.apply(state.legal_actions()[1])
    assert replay(load_record(dump_record(record_from_state(state)))) == state


def test_play_refuses_to_save_a_deal_no_file_can_hold(tmp_path: Path) -> None:
    target = tmp_path / "deal.toml"
    result = run("play", "--auto", "--seed", "3", "--chips", str(10 ** 16), "--save",
                 str(target))
    assert result.exit_code == 1
    assert result.stderr == f"error: {REFUSED.format(key='chips')}\n"
    assert not target.exists()
