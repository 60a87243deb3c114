"""Reading a deal file: its text, its TOML, and its values checked key by key.

The file's limits (:data:`MAX_RECORD_BYTES`, :data:`MAX_DEPTH`, :data:`MAX_CHIPS`,
:data:`MAX_SEED`), :func:`read_record_text` (a regular file, not too large, UTF-8) and the
readers :func:`primero.history.record_from_data` checks each key with (a whole number, a list
of cards, ASCII digits), every error a :class:`~primero.errors.RecordError` naming the file and
the key and never echoing a huge value whole. :mod:`primero.history` builds the record from
them and re-exports ``MAX_RECORD_BYTES``, ``MAX_DEPTH`` and ``read_record_text``.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from primero.cards import Card, parse_cards
from primero.errors import PrimeroError, RecordError
from primero.table_setup import MAX_SEED

__all__ = ["MAX_CHIPS", "MAX_DEPTH", "MAX_RECORD_BYTES", "MAX_SEED", "read_record_text"]

#: The largest deal file read, in bytes (a real deal file is a few kilobytes).
MAX_RECORD_BYTES = 1 << 20


#: How deeply lists and tables may nest in a deal file (the format itself needs 3).
MAX_DEPTH = 32


#: The largest amount of chips (chips, stake, rest, ante, carry) a deal file may give.
MAX_CHIPS = 10 ** 15


#: The largest shuffle seed a deal file may give is the largest a deal takes:
#: :data:`primero.table_setup.MAX_SEED` (2**128).


#: The most characters of a bad value echoed in a message.
_SHOWN = 60


def _show(value: object) -> str:
    """A value as a message quotes it: short, never a 5,000-digit number or a whole table."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 15:
        return f"a {len(str(abs(value)))}-digit number"
    if isinstance(value, list | dict) and _depth(value) > 2:
        return "a nested " + ("list" if isinstance(value, list) else "table")
    shown = repr(value)
    return shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "…"


def _depth(value: object, limit: int = MAX_DEPTH + 1) -> int:
    """How deeply lists and tables nest in ``value`` (0 for a scalar), counted up to ``limit``."""
    depth, level = 0, [value]
    while depth < limit:
        nests = [x for x in level if isinstance(x, list | dict)]
        if not nests:
            return depth
        depth += 1
        level = [v for x in nests for v in (x.values() if isinstance(x, dict) else x)]
    return depth


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}: key {key!r} has the wrong type ({type(value).__name__})")
    return value


def _whole(data: Mapping[str, Any], key: str, default: int | None, where: str) -> Any:
    """An optional whole-number key (chips, a seed): TOML integers only, not text or floats."""
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: key {key!r} must be a whole number, got {_show(value)}")
    _bounded(value, key, where, MAX_SEED if key == "seed" else MAX_CHIPS)
    return value


def _bounded(value: int, key: str, where: str, limit: int) -> None:
    if abs(value) > limit:
        raise RecordError(f"{where}: key {key!r} is {_show(value)}: at most {limit:,} here")


def _cards(value: Any, key: str, where: str) -> tuple[Card, ...]:
    """A list of cards: a TOML array of card names or one string of them."""
    if not isinstance(value, list | str):
        raise RecordError(f"{where}: key {key!r} must be a list of cards, got {_show(value)}")
    try:
        return parse_cards(value)
    except PrimeroError as exc:
        raise RecordError(f"{where}: {key}: {exc}") from None


def _is_path(source: str) -> bool:
    """Whether ``source`` names a file rather than holding TOML text.

    One line without ``=`` is a path; one line with ``=`` is a path only if such a file
    exists (``runs/seed=3/deal.toml``), else TOML text (``variant = "waks"``).
    """
    if "\n" in source:
        return False
    if "=" not in source:
        return True
    try:
        return Path(source).is_file()
    except (OSError, ValueError):  # not a possible file name (too long, a NUL byte)
        return False


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_record_text(path: str | Path) -> str:
    """The text of a deal file: a regular file of at most :data:`MAX_RECORD_BYTES`, in UTF-8.

    The file is opened without blocking (a FIFO with no writer cannot hang the reader) and
    checked on the open descriptor, so what is checked is what is read. A leading UTF-8 byte
    order mark is accepted (editors on Windows write one).

    Raises:
        RecordError: not a regular file (a directory, a FIFO, ``/dev/zero``…), larger than
            the limit, or not UTF-8 text; the message names the file.
        OSError: the file cannot be opened (missing, no permission).
    """
    where = str(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise RecordError(f"{where}: {kind}, not a deal file: only regular files are read")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES // 1024} KiB: not a deal "
                          "file (a deal file is a few kilobytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{where}: not a text file in UTF-8 ({exc.reason} at byte "
                          f"{exc.start})") from None


def _parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a dict; every failure one :class:`RecordError` naming ``where``."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES // 1024} KiB: not a deal "
                          "record")
    text = text.removeprefix("\ufeff")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RecordError(f"{where}: not a deal file: lists or tables nested too deeply "
                          f"(more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        reason = "a number too long to read" if "digits" in str(exc) else str(exc)
        raise RecordError(f"{where}: not a deal file: {reason}") from None
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"{where}: not a deal file: lists or tables nested too deeply "
                          f"(more than {MAX_DEPTH} levels)")
    return data


def _ascii_digits(text: str, what: str, where: str) -> None:
    """Refuse digits other than ASCII 0-9 (``vie ２``, ``٢``): one spelling of every number."""
    odd = next((ch for ch in text if ch.isdigit() and not ch.isascii()), None)
    if odd is not None:
        raise RecordError(f"{where}: {what}: numbers are written with the digits 0-9, "
                          f"not {odd!r}")
