"""The deal's wall: only the deal's own modules read or write a state's private slots and caches.

A :class:`~primero.deal.state.GameState` is frozen from outside; its caches (the legal actions and
their ids, the public log, whether its cards are known sound) and its history's stored value
are kept by the deal's modules alone. Everything else goes through their public functions
(``cards_sound``, ``mark_cards_sound``, ``keep_legal``, ``forget_legal``, ``same_history``,
``history_size``, ``SOUND_FLAG``, ...). The rule is read from the source of every module (not
from a list): an attribute access ``x._legal`` or the slot's name given to a call
(``object.__setattr__(x, "_legal", ...)``, ``getattr(x, "_log")``, ``keep=("_cards_sound",)``)
anywhere else fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import PACKAGE

#: The private slots and caches of a state (``GameState``) and of its context (``_space``).
PRIVATE = frozenset({"_legal", "_legal_ids", "_by_id", "_log", "_cards_sound", "_history",
                     "_space"})

#: The deal's modules: inside the wall.
DEAL = frozenset({"primero.deal"})


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _inside(module: str) -> bool:
    return module in DEAL or module.startswith("primero.deal.")


def breaches(source: str) -> list[str]:
    """``line: what`` for every access to a private slot in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call):
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                for item in ast.walk(arg):
                    if isinstance(item, ast.Constant) and item.value in PRIVATE:
                        found.append(f"{item.lineno}: {item.value!r} given to a call")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_nothing_outside_the_deal_touches_a_states_private_slots() -> None:
    modules = {_module(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    assert len(modules) > 50 and any(_inside(m) for m in modules)
    found = {m: b for m, p in modules.items() if not _inside(m)
             and (b := breaches(p.read_text("utf-8")))}
    assert found == {}


def test_the_rule_sees_each_kind_of_breach() -> None:
    source = ("def f(state, new):\n"
              "    if state._legal is not None:\n"
              "        object.__setattr__(new, '_cards_sound', True)\n"
              "    copy = copier(GameState, 'seats', keep=('_log',))\n"
              "    return getattr(state, '_history'), state.legal, '_legal'\n")
    assert breaches(source) == ["2: ._legal", "3: '_cards_sound' given to a call",
                                "4: '_log' given to a call", "5: '_history' given to a call"]
