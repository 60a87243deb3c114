"""What a variant's registration must be: the checks of a :class:`~primero.variant.VariantSpec`.

:func:`spec_problem` returns ``None`` for a sound registration or one line saying what is
wrong with it (names one word and no action verb, :data:`ACTION_VERBS`; player ranges within
:data:`MAX_PLAYERS`; options and their defaults valid). The registry
(:mod:`primero.plugins`) runs it on every spec a plug-in registers and re-exports
``spec_problem``, ``MAX_PLAYERS`` and ``ACTION_VERBS``.
"""

from __future__ import annotations

import re

from primero.errors import InvalidOptionError
from primero.registration import hook_name_problem, plugin_label
from primero.variant import VariantSpec

__all__ = ["ACTION_VERBS", "MAX_PLAYERS", "spec_problem"]

#: The most players a variant may declare.
MAX_PLAYERS = 12


#: Words a variant or option name may not be: they are action verbs in deal files.
ACTION_VERBS = frozenset(("vie", "hold", "raise", "pass", "fold", "exchange", "call",
                          "declare"))


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
#: Control characters (escape sequences, carriage returns ...): text a terminal would obey.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def _text_problem(spec: VariantSpec) -> str | None:
    """The title (one line), summary, sources and option docs: text, no control character."""
    texts = [("title", spec.title), ("summary", spec.summary),
             *(("source", s) for s in spec.sources),
             *((f"option {o.name!r}: doc", o.doc) for o in spec.options)]
    for what, text in texts:
        if not isinstance(text, str) or _CONTROL.search(text) or (what == "title"
                                                                 and "\n" in text):
            shown = repr(text) if len(repr(text)) <= 60 else repr(text)[:57] + "..."
            return (f"{what} {shown}: expected text without control characters (the "
                    "title on one line)")
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name_problem(what: str, name: object, verbs: bool = True) -> str | None:
    if not isinstance(name, str) or not _WORD.fullmatch(name):
        return (f"{what} {name!r} is not one word (letters, digits, '-', '_', '.'; no "
                "spaces)")
    if verbs and name.lower() in ACTION_VERBS:
        return f"{what} {name!r} is an action verb; choose another name"
    return None


def spec_problem(spec: VariantSpec) -> str | None:
    """What is wrong with a registration, or ``None``.

    Checks the name and aliases (one word, not an action verb), the player range
    (``2 <= low <= high <=`` :data:`MAX_PLAYERS`), the ante (whole, not negative), the
    options (one-word distinct names, a default among the allowed values), and the hook
    names of every rule object (:func:`primero.facade.hook_name_problem`).
    """
    for what, name in (("variant name", spec.name), *(("alias", a) for a in spec.aliases)):
        problem = _name_problem(what, name)
        if problem:
            return problem
    players = spec.players
    if (not isinstance(players, tuple) or len(players) != 2
            or not all(_whole(p) for p in players)
            or not 2 <= players[0] <= players[1] <= MAX_PLAYERS):
        return (f"players {players!r}: expected (low, high) with 2 <= low <= high <= "
                f"{MAX_PLAYERS}")
    if not _whole(spec.ante) or spec.ante < 0:
        return f"ante {spec.ante!r}: expected whole chips, not negative"
    seen: set[str] = set()
    for option in spec.options:
        problem = _name_problem("option", option.name, verbs=False)
        if problem:
            return problem
        if option.name in seen:
            return f"option {option.name!r} is declared twice"
        seen.add(option.name)
        if type(option.default) not in (bool, int, str):
            return f"option {option.name!r}: default {option.default!r} is not a bool, int or str"
        try:
            option.validate(option.default)
        except InvalidOptionError:
            return (f"option {option.name!r}: default {option.default!r} is not among its "
                    f"allowed values ({option.allowed()})")
    problem = _text_problem(spec)
    if problem:
        return problem
    for rules in spec.plugins:
        if isinstance(rules, type):
            return (f"rule object {rules.__module__}.{rules.__qualname__} is a class; expected "
                    f"an instance ({rules.__qualname__}())")
        problem = hook_name_problem(rules)
        if problem:
            return f"rule object {plugin_label(rules)}: {problem}"
        if not type(rules).__module__.startswith("primero."):  # the library's own are tested
            if hook_name_problem(rules, need_hooks=True):
                return (f"rule object {plugin_label(rules)} implements no primero hook; "
                        "expected an object with @hookimpl methods")
            problem = _signature_problem(rules)
            if problem:
                return problem
    return None


def _signature_problem(rules: object) -> str | None:
    """What pluggy refuses in a rule object, found at registration.

    A hook taking an argument the hook never passes failed only when the variant was first
    played; ``primero variants`` listed it as sound.
    """
    from primero.errors import PluginError
    from primero.registration import new_manager, register_plugin

    try:
        register_plugin(new_manager(), rules)
    except PluginError as exc:
        return f"rule object {exc}".replace("rule object plug-in ", "rule object ", 1)
    return None
