"""The cache of compact hand tables on disk (issue 13, DESIGN.md).

:func:`load_or_build` keeps tables in ``platformdirs.user_cache_dir("primero")``
(``PRIMERO_CACHE_DIR`` points elsewhere, ``PRIMERO_NO_CACHE=1`` turns it off), keyed by
everything that decides a ranking (variant, options, plug-ins and their versions, primero's
version): a file is written atomically (parallel workers see the old file or the whole new
one) and checked on load, and a corrupt or stale file is rebuilt with a
:class:`TableCacheWarning`, never trusted. The tables themselves are :mod:`primero.tables`.

The directory is resolved lazily (issue 13: importing ``platformdirs``, with the ``pathlib``
and ``tempfile`` it imports, cost a warm census about a sixth of its time): on Linux the table
is first looked for where platformdirs puts the cache in the usual case (``$XDG_CACHE_HOME``,
else ``~/.cache``; see ``_likely_directory``), read-only and checked like any file; when it is
not there or fails a check, platformdirs is asked and everything proceeds from its answer (a
table is only ever written there).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import warnings
import zlib
from array import array
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING

from primero.tables import _HAND, HandTable

if TYPE_CHECKING:
    from pathlib import Path

    from primero.cards import Card, Pack
    from primero.variant import Variant

__all__ = [
    "CACHE_DIR_ENV",
    "FORMAT_VERSION",
    "NO_CACHE_ENV",
    "TableCacheWarning",
    "cache_dir",
    "cache_key",
    "load_or_build",
]

#: Set to ``1`` to neither read nor write cached tables.
NO_CACHE_ENV = "PRIMERO_NO_CACHE"
#: A directory to keep cached tables in instead of the user's cache directory.
CACHE_DIR_ENV = "PRIMERO_CACHE_DIR"
#: Bumped whenever the file layout or the meaning of a table changes (2: CRC-32 checksums,
#: so a cold start need not load OpenSSL for ``hashlib``; 3: the checksum covers the header's
#: fields too, not only the arrays).
FORMAT_VERSION = 3
_MAGIC = b"PRIMERO-HAND-TABLE\n"
#: The most bytes read from a table file (the 52-card pack's is about 1 MB): a file linked to
#: ``/dev/zero`` or a stray huge file is refused, not read into memory.
MAX_FILE_BYTES = 64 << 20


class TableCacheWarning(UserWarning):
    """A cached hand table could not be used (corrupt, stale, unwritable) and was rebuilt."""


# --------------------------------------------------------------------------------------------
# The cache on disk


def cache_dir() -> Path | None:
    """Where tables are cached, or ``None`` when ``PRIMERO_NO_CACHE`` is set."""
    from pathlib import Path

    directory = _cache_directory()
    return None if directory is None else Path(directory)


def _cache_off() -> bool:
    return os.environ.get(NO_CACHE_ENV, "").strip().lower() in ("1", "true", "yes")


def _cache_directory() -> str | None:
    """:func:`cache_dir` as text (no :mod:`pathlib` on the cold path)."""
    if _cache_off():
        return None
    chosen = os.environ.get(CACHE_DIR_ENV, "").strip()
    if chosen:
        return chosen
    import platformdirs

    return os.path.join(platformdirs.user_cache_dir("primero"), "tables")


def _likely_directory() -> str | None:
    """Where platformdirs keeps the tables in the usual case, without importing it; or ``None``.

    On Linux, ``platformdirs.user_cache_dir("primero")`` is ``$XDG_CACHE_HOME/primero`` when
    that variable is an absolute path, else ``$HOME/.cache/primero`` (a test compares the two
    under each case). Elsewhere, or with ``PRIMERO_CACHE_DIR`` set, or without an absolute
    ``HOME``: ``None``. Only a place to look first: a table found there is checked like any
    other, and on a miss ``_cache_directory`` asks platformdirs.
    """
    if not sys.platform.startswith("linux") or os.environ.get(CACHE_DIR_ENV, "").strip():
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.environ.get("HOME", "")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "primero", "tables")


def _digest(data: bytes) -> str:
    """A 64-bit checksum as hex (CRC-32 and Adler-32): catches damage, not forgery."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def _module_stamp(obj: object) -> list[object]:
    """A plug-in's identity and version: module, qualname, ``__version__``, source stamp."""
    cls = obj if isinstance(obj, type) else type(obj)
    module = sys.modules.get(cls.__module__)
    stamp: list[object] = [cls.__module__, cls.__qualname__]
    top = sys.modules.get(cls.__module__.split(".")[0])
    stamp.append(str(getattr(module, "__version__", getattr(top, "__version__", ""))))
    path = getattr(module, "__file__", None)
    if path:
        try:
            st = os.stat(path)
            stamp += [st.st_size, st.st_mtime_ns]
        except OSError:
            stamp.append("?")
    return stamp


def cache_key(*, variant: Variant, pack: Pack, classes: tuple[str, ...],
              points: dict[Card, int]) -> str:
    """Everything that decides a ranking's table, as canonical JSON text.

    The format, primero's version, the variant and its provider, the options that decide the
    ranking (``affects_ranking``), the pack, the card points, the classes, and every rule object
    of the variant's plug-in manager (module, class, ``__version__``, source file size and
    modification time).
    """
    import primero

    affects = {o.name: o.affects_ranking for o in variant.spec.options}
    plugins = [_module_stamp(p) for p in variant.rules.manager.get_plugins()]
    plugins.sort(key=repr)
    key = {
        "format": FORMAT_VERSION,
        "primero": getattr(primero, "__version__", "?"),
        "variant": variant.spec.name,
        "provider": variant.spec.provider,
        "options": [[k, v] for k, v in variant.settings if affects.get(k, True)],
        "pack": [pack.name, [c.ascii for c in pack.ordered]],
        "points": [points[c] for c in pack.ordered],
        "classes": list(classes),
        "plugins": plugins,
    }
    return json.dumps(key, sort_keys=True, separators=(",", ":"), default=str)


def _file_for(directory: str, variant: Variant, pack: Pack, key: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in variant.spec.name)
    return os.path.join(directory, f"{safe}-{pack.name}-{_digest(key.encode())}.table")


def _serialise(table: HandTable, key: str) -> bytes:
    parts = [table.class_ids, table.points, table.strength]
    payload = b"".join(a.tobytes() for a in parts)
    fields = {
        "key": key,
        "size": table.size,
        "classes": list(table.classes),
        "keys": [list(k) for k in table.keys],
        "typecodes": [a.typecode for a in parts],
        "byteorder": sys.byteorder,
    }
    header = json.dumps({**fields, "checksum": _checksum(fields, payload)}).encode()
    return _MAGIC + len(header).to_bytes(8, "little") + header + payload


def _checksum(fields: dict[str, object], payload: bytes) -> str:
    """The checksum of a table file: its header's fields (canonical JSON) and its arrays.

    The header holds the sort keys (:attr:`HandValue.key` reads them) and how to read
    the arrays, so an edit there is damage as much as a flipped byte in the arrays.
    """
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return _digest(text.encode() + payload)


def _deserialise(data: bytes, key: str) -> HandTable:
    """Read a table file; ``ValueError`` saying why it cannot be trusted."""
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"larger than any table ({MAX_FILE_BYTES:,} bytes)")
    if not data.startswith(_MAGIC):
        raise ValueError("not a primero hand table")
    start = len(_MAGIC) + 8
    length = int.from_bytes(data[len(_MAGIC):start], "little")
    try:
        header = json.loads(data[start:start + length])
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"unreadable header ({exc})") from None
    if not isinstance(header, dict):
        raise ValueError("unreadable header")
    if header.get("key") != key:
        raise ValueError("stale: it was built for other rules, options or versions")
    payload = data[start + length:]
    fields = {name: value for name, value in header.items() if name != "checksum"}
    if _checksum(fields, payload) != header.get("checksum"):
        raise ValueError("checksum mismatch")
    if header.get("byteorder") != sys.byteorder:
        raise ValueError("written on a machine of another byte order")
    try:
        size = int(header["size"])
        n = comb(size, _HAND)
        parts: list[array[int]] = []
        offset = 0
        for code in header["typecodes"]:
            part = array(code)
            end = offset + part.itemsize * n
            part.frombytes(payload[offset:end])
            parts.append(part)
            offset = end
        if offset != len(payload) or len(parts) != 3:
            raise ValueError("payload size mismatch")
        table = HandTable(size=size, classes=tuple(header["classes"]),
                          keys=tuple(tuple(int(x) for x in k) for k in header["keys"]),
                          class_ids=parts[0], points=parts[1], strength=parts[2])
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"malformed ({exc})") from None
    table.validate()
    return table


def _write_atomically(path: str, data: bytes) -> None:
    import tempfile

    parent, name = os.path.split(path)
    os.makedirs(parent, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)  # atomic: readers see the old file or the whole new one
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_or_build(*, variant: Variant, pack: Pack, classes: tuple[str, ...],
                  points: dict[Card, int], name: str,
                  build: Callable[[], HandTable]) -> HandTable:
    """The cached table of a variant's ranking, or a fresh one (then cached).

    A file that cannot be read, fails its checks or was built for other rules is rebuilt
    with a :class:`TableCacheWarning`, never trusted; a cache that cannot be written warns
    and is skipped.
    """
    if _cache_off():
        return build()
    key = cache_key(variant=variant, pack=pack, classes=classes, points=points)
    likely = _likely_directory()
    if likely is not None:  # the usual place, looked at without importing platformdirs
        with contextlib.suppress(OSError, ValueError):
            with open(_file_for(likely, variant, pack, key), "rb") as handle:
                found = _deserialise(handle.read(MAX_FILE_BYTES + 1), key)
            if found.classes == classes and found.size == len(pack):
                return found
    directory = _cache_directory()
    if directory is None:  # pragma: no cover - the environment changed since _cache_off()
        return build()
    path = _file_for(directory, variant, pack, key)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        data = None
    except OSError as exc:
        warnings.warn(f"cannot read the cached hand table {path}: {exc}; rebuilding it",
                      TableCacheWarning, stacklevel=3)
        data = None
    if data is not None:
        try:
            table = _deserialise(data, key)
        except ValueError as exc:
            warnings.warn(f"cached hand table {path} is unusable ({exc}); rebuilding it",
                          TableCacheWarning, stacklevel=3)
        else:
            if table.classes == classes and table.size == len(pack):
                return table
            warnings.warn(f"cached hand table {path} does not match the ranking; rebuilding",
                          TableCacheWarning, stacklevel=3)
    table = build()
    try:
        _write_atomically(path, _serialise(table, key))
    except OSError as exc:
        warnings.warn(f"cannot write the hand table cache {path}: {exc}", TableCacheWarning,
                      stacklevel=3)
    return table
