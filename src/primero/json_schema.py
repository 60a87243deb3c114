"""The JSON Schema of primero's JSON: deal files and records, hand values, settlements, results.

One schema file ships with the package (``primero/schema.json``, JSON Schema draft 2020-12)
and defines each kind under ``$defs``; :func:`schema` gives the schema of one kind, ready
for a validator (``jsonschema.validate(data, schema("deal_file"))``: the ``jsonschema``
package is not a dependency of primero). The kinds:

* ``"deal_file"`` — a deal file (TOML, read with :mod:`tomllib`) and a record's JSON
  (:func:`primero.serialize.to_dict` of a :class:`~primero.records.DealRecord`);
* ``"hand_value"`` — :func:`~primero.serialize.to_dict` of a hand value (and
  ``primero evaluate --json``'s ``cards``, ``class``, ``points`` and ``counting``);
* ``"settlement"`` — :func:`~primero.serialize.to_dict` of a settlement (names or not);
* ``"replay"`` — what ``primero replay FILE --json`` prints: a finished deal's result.

A deal file and a replay result carry the format's version as their ``format`` key
(:data:`primero.records.FORMAT`); docs/reference/json.md describes every key.

Example::

    >>> from primero.json_schema import schema
    >>> schema("hand_value")["$ref"]
    '#/$defs/hand_value'
"""

from __future__ import annotations

import copy
import functools
import json
from importlib import resources
from typing import Any

from primero.errors import PrimeroError
from primero.records import FORMAT

__all__ = ["FORMAT", "KINDS", "schema"]

#: The kinds of JSON the schema defines (:func:`schema`'s argument).
KINDS = ("deal_file", "hand_value", "settlement", "replay")


@functools.cache
def _document() -> dict[str, Any]:
    text = resources.files("primero").joinpath("schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one kind of primero's JSON.

    Args:
        kind: One of :data:`KINDS`.

    Returns:
        A new dictionary: the whole schema document (every kind under ``$defs``) whose root
        is ``{"$ref": "#/$defs/<kind>"}``.

    Raises:
        PrimeroError: ``kind`` is not one of :data:`KINDS`.
    """
    if kind not in KINDS:
        raise PrimeroError(f"no JSON schema of kind {kind!r}: the kinds are "
                           f"{', '.join(KINDS)}")
    document = copy.deepcopy(_document())
    document["$ref"] = f"#/$defs/{kind}"
    document["title"] = f"primero {kind.replace('_', ' ')}, format {FORMAT}"
    return document
