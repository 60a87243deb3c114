"""Griffe extension: read primero's docstrings the way their authors wrote them.

primero's docstrings are Google style, with habits that plain mkdocstrings would render
badly, all fixed here once the package is loaded:

* reST roles (``:class:`~primero.variant.Variant```, ``:func:`start_deal```) become *optional*
  autorefs links: the short or full name in code, linked to the object's API page when it has
  one, plain code otherwise. Relative names are resolved against the object's class, then its
  module, then the package. A name outside primero (the standard library's, a builtin, an
  installed package's: its first part imports) stays plain code. A name that resolves
  nowhere (a class renamed, a module moved) is a warning naming the docstring and the
  reference, so ``mkdocs build --strict`` fails on it.
* Source keys (``[seed-DE][WAKS]``, docs/rules/sources.md) are escaped so that Markdown does not
read
  them as reference links.
* A paragraph ending in reST's ``::`` (a literal block follows) ends in ``:``.
* ``#:`` comments above a module or class attribute (the Sphinx convention the code uses for
  constants) become that attribute's docstring.
"""

from __future__ import annotations

import builtins
import html
import importlib.util
import logging
import re
from typing import Any

import griffe

_ROLE = re.compile(
    r":(?:py:)?(?:class|func|meth|attr|data|mod|obj|exc|const|type):`(~?)([^`<>]+)`")
# a source key such as [seed-DE] or [ZOR-C]: no dots or spaces, not part of an expression
_SOURCE_KEY = re.compile(r"(?<![\w\\])\[([A-Za-z][A-Za-z0-9-]*)\](?!\()")
_CODE_SPAN = re.compile(r"(``.+?``|`[^`\n]+`)")
#: Under ``mkdocs``: a warning here fails ``mkdocs build --strict``.
_LOG = logging.getLogger("mkdocs.plugins.primero_docs.griffe_roles")


def _outside(target: str) -> bool:
    """Whether ``target`` names something outside primero: a builtin or an importable module's."""
    first = target.strip().lstrip("~").split(".")[0]
    if first == "primero" or not first.isidentifier():
        return False
    if hasattr(builtins, first):
        return True
    try:
        return importlib.util.find_spec(first) is not None
    except (ImportError, ValueError):
        return False


def _exists(root: griffe.Object, path: str) -> bool:
    if path == root.path:
        return True
    prefix = root.path + "."
    if not path.startswith(prefix):
        return False
    try:
        root[path[len(prefix):]]
    except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return False
    return True


def _candidates(obj: griffe.Object, target: str) -> list[str]:
    target = target.strip().rstrip("()")
    found: list[str] = [target]
    scope: griffe.Object | None = obj if obj.is_class or obj.is_module else obj.parent
    while scope is not None:
        found.append(f"{scope.path}.{target}")
        scope = scope.parent
    return found


def _escape_keys(text: str) -> str:
    """Escape source keys outside code spans and indented code; drop reST's ``::`` markers."""
    out: list[str] = []
    for line in text.split("\n"):
        if line.startswith("    ") or line.lstrip().startswith(">>>"):
            out.append(line)
            continue
        if line.rstrip().endswith("::"):  # "Example::" introduces a literal block in reST
            line = line.rstrip()[:-1] if line.strip() != "::" else ""
        parts = _CODE_SPAN.split(line)
        out.append("".join(
            part if k % 2 else _SOURCE_KEY.sub(r"\\[\1\\]", part) for k, part in enumerate(parts)
        ))
    return "\n".join(out)


def _comment_docstring(obj: griffe.Object) -> str | None:
    """The ``#:`` comment lines right above an attribute, if any."""
    if obj.lineno is None or obj.filepath is None or isinstance(obj.filepath, list):
        return None
    try:
        lines = obj.lines_collection[obj.filepath]
    except KeyError:
        return None
    comment: list[str] = []
    k = obj.lineno - 2
    while k >= 0 and lines[k].strip().startswith("#:"):
        comment.insert(0, lines[k].strip()[2:].strip())
        k -= 1
    return "\n".join(comment) or None


class PrimeroDocstrings(griffe.Extension):
    """Rewrite roles and source keys, and pick up ``#:`` comments, in the loaded package."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Process every object once the whole package is loaded (so targets resolve)."""
        self._walk(pkg, pkg, set())

    def _walk(self, root: griffe.Module, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is None and obj.is_attribute:
            text = _comment_docstring(obj)
            if text:
                obj.docstring = griffe.Docstring(text, lineno=obj.lineno, parent=obj)
        if obj.docstring is not None:
            value = _escape_keys(obj.docstring.value)
            obj.docstring.value = _ROLE.sub(lambda m: self._link(root, obj, m), value)
        for member in obj.members.values():
            if isinstance(member, griffe.Alias):
                continue
            self._walk(root, member, seen)

    @staticmethod
    def _link(root: griffe.Module, obj: griffe.Object, match: re.Match[str]) -> str:
        short, target = match.group(1) == "~", match.group(2).strip()
        title = target.rsplit(".", 1)[-1] if short else target
        for path in _candidates(obj, target):
            if _exists(root, path):
                return (f'<autoref identifier="{html.escape(path)}" optional>'
                        f"<code>{html.escape(title)}</code></autoref>")
        if not _outside(target):
            _LOG.warning("%s: the docstring's reference %s resolves to nothing in primero "
                         "(renamed or moved?)", obj.path, match.group(0))
        return f"``{title}``"
