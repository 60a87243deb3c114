"""The JSON Schema of primero's JSON: deal files and records, values, command-line answers.

One schema file ships with the package (``primero/schema.json``, JSON Schema draft 2020-12)
and defines each kind under ``$defs``; :func:`schema` gives the schema of one kind, ready
for a validator (``jsonschema.validate(data, schema("deal_file"))``: the ``jsonschema``
package is not a dependency of primero). The kinds (:data:`KINDS`):

* ``"deal_file"`` — a deal file (TOML, read with :mod:`tomllib`) and a record's JSON
  (:func:`primero.serialize.to_dict` of a :class:`~primero.records.DealRecord`);
* ``"hand_value"`` — :func:`~primero.serialize.to_dict` of a hand value;
* ``"settlement"`` — :func:`~primero.serialize.to_dict` of a settlement (names or not);
* ``"replay"``, ``"simulate"``, ``"compare"``, ``"match"``, ``"odds"``, ``"frequencies"``,
  ``"variants"``, ``"evaluate"`` — what ``primero <command> --json`` prints on standard
  output (one JSON object);
* ``"error"``, ``"warning"`` — the lines a command given ``--json`` prints on standard
  error: ``{"format": 1, "error": "<message>"}`` when it fails, ``{"format": 1, "warning":
  "<message>"}`` for a skipped plug-in.

One version, :data:`FORMAT`, covers all of it: a deal file, a record's JSON,
:func:`~primero.serialize.to_dict` of a settlement or a hand value, and every ``--json``
object and line begin with it as their ``format`` key. The pieces inside them (a hand value
inside a settlement, a run inside a comparison) carry none: they are read under the version
of the document that holds them. docs/reference/json.md describes every key.

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

__all__ = ["FORMAT", "KINDS", "schema"]

#: The version of primero's JSON and of its deal files: the ``format`` key that a deal file,
#: a record's JSON, ``to_dict`` of a settlement or a hand value and every ``--json`` answer
#: of the command line begin with (one version for all of them). A deal file or a settlement
#: without the key is read as this version; one of another version is refused. It changes
#: only when a key changes meaning or is removed.
FORMAT = 1

#: The kinds of JSON the schema defines (:func:`schema`'s argument): a deal file or record,
#: two values of :func:`primero.serialize.to_dict`, then one kind per command's ``--json``
#: answer and the ``error`` and ``warning`` lines ``--json`` prints on standard error.
KINDS = ("deal_file", "hand_value", "settlement", "replay", "simulate", "compare", "match",
         "odds", "frequencies", "variants", "evaluate", "error", "warning")


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
