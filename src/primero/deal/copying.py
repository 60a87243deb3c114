"""Fast copies of frozen attrs values: :func:`replace` and :func:`copier`, generated per class.

The engine makes a new state on every action: :func:`replace` (a fast ``attrs.evolve``) and
:func:`copier` (a generated ``copy(inst, v1, v2, ...)`` for the hot paths) write one load and
store per field, through a builder subclass that takes plain attribute stores where the class
allows one. Only for classes without converters or validators
(:class:`~primero.deal.state.GameState`, :class:`~primero.deal.state.Seat`).
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["builder_of", "copier", "maker", "replace"]

_T = TypeVar("_T")


_REPLACERS: dict[type, Any] = {}


_BUILDERS: dict[type, type | None] = {}


def _builder(cls: type) -> type | None:
    """A subclass of ``cls`` whose fresh instances take plain attribute stores, or ``None``.

    A frozen attrs class refuses ``obj.field = value``; storing through
    ``object.__setattr__`` costs a wrapper call per field. A copy is therefore made as an
    instance of this builder (same slots, the plain ``object`` attribute protocol: each store
    is one specialised bytecode), then turned into a ``cls`` by one ``__class__`` assignment:
    nobody ever sees a builder. ``None`` where ``cls`` cannot have one (no slots of its own,
    its own ``__new__``, or a layout ``__class__`` assignment refuses): copies then store
    through ``object.__setattr__``.
    """
    if cls in _BUILDERS:
        return _BUILDERS[cls]
    builder: type | None = None
    if "__slots__" in cls.__dict__ and cls.__new__ is object.__new__:  # type: ignore[comparison-overlap]
        try:
            builder = type(f"_{cls.__name__}Builder", (cls,), {
                "__slots__": (), "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__, "__init__": object.__init__,
                "__module__": cls.__module__})
            probe = builder()
            probe.__class__ = cls  # the one step a copy ends with: refused on another layout
        except Exception:  # (a class that refuses subclasses, or that layout): no builder
            builder = None
    _BUILDERS[cls] = builder
    return builder


def builder_of(cls: type) -> Any:
    """The builder of ``cls``: a subclass whose fresh instances take plain attribute stores.

    For a hot path that writes a copy inline, one store per field: ``new = builder_of(cls)()``,
    every slot of ``cls`` stored (the caches too), then ``new.__class__ = cls`` before anyone
    sees it (see :func:`copier`, which writes such code for a class).

    Raises:
        TypeError: ``cls`` cannot have a builder (no slots of its own, its own ``__new__``,
            or a layout that refuses the ``__class__`` assignment).
    """
    builder = _builder(cls)
    if builder is None:
        raise TypeError(f"{cls.__name__} cannot be built by plain attribute stores")
    return builder


def _copy_code(cls: type, name: str, params: str, values: dict[str, str],
               keep: tuple[str, ...] = (), caches: dict[str, str] | None = None) \
        -> tuple[list[str], dict[str, Any]]:
    """The first lines of a generated copying function ``name(params)`` for ``cls``.

    Up to its stores of the ``__init__`` fields (``values``: the expression of each field the
    caller sets; the others are copied from ``inst``) and of the caches (reset to defaults,
    but those named in ``keep``, copied from ``inst``, and those in ``caches``, set to the
    expression given).
    """
    all_fields = attrs.fields(cls)
    builder = _builder(cls)
    namespace: dict[str, Any] = {"new_object": object.__new__, "setter": object.__setattr__,
                                 "cls": cls, "builder": builder}
    values = {f.name: values.get(f.name, f"inst.{f.name}") for f in all_fields if f.init}
    for i, f in enumerate(all_fields):
        if not f.init:
            namespace[f"default_{i}"] = f.default
            values[f.name] = f"inst.{f.name}" if f.name in keep else f"default_{i}"
            if caches and f.name in caches:
                values[f.name] = caches[f.name]
    lines = [f"def {name}({params}):"]
    if builder is not None:
        lines.append("    new = builder()")
        lines += [f"    new.{n} = {v}" for n, v in values.items()]
    else:
        lines.append("    new = new_object(cls)")
        lines += [f"    setter(new, {n!r}, {v})" for n, v in values.items()]
    return lines, namespace


def _make_replacer(cls: type) -> Any:
    """Generate straight-line copying code for ``cls``: one load and store per field.

    Several times faster than a loop or ``attrs.evolve`` (and, through :func:`_builder`,
    than storing through ``object.__setattr__``).
    """
    # a field is named by its attribute or by its ``__init__`` name (``history`` for
    # ``_history``), as ``attrs.evolve`` names it
    names = {f.name: f.name for f in attrs.fields(cls) if f.init}
    names |= {f.alias: f.name for f in attrs.fields(cls) if f.init}
    lines, namespace = _copy_code(cls, "replacer", "inst, changes", {})
    store = "setattr(new, slot, value)" if namespace["builder"] is not None \
        else "setter(new, slot, value)"
    lines += [
        "    for name, value in changes.items():",
        "        slot = allowed.get(name)",
        "        if slot is None:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
        f"        {store}",
    ]
    if namespace["builder"] is not None:
        lines.append("    new.__class__ = cls")
    lines.append("    return new")
    namespace["allowed"] = names
    exec("\n".join(lines), namespace)  # generated from the class's own fields
    return namespace["replacer"]


def replace(inst: _T, /, **changes: Any) -> _T:
    """A copy of a frozen state value with some fields changed: a fast ``attrs.evolve``.

    The engine makes a new state on every action, so this skips what ``evolve`` does per call
    (field introspection, ``__init__`` keyword handling). Fields that are not ``__init__``
    arguments (caches) are reset to their defaults. Only for classes without converters or
    validators, such as :class:`~primero.deal.state.GameState` and
    :class:`~primero.deal.state.Seat`.

    Raises:
        TypeError: a name in ``changes`` is not an ``__init__`` field of the class.
    """
    replacer = _REPLACERS.get(type(inst))
    if replacer is None:
        replacer = _REPLACERS[type(inst)] = _make_replacer(type(inst))
    return replacer(inst, changes)  # type: ignore[no-any-return]


def copier(cls: type, *names: str, keep: tuple[str, ...] = (),
           caches: tuple[str, ...] = ()) -> Any:
    """A generated function ``copy(inst, v1, v2, ...)``: a copy of ``inst`` with ``names`` set.

    The hot paths' :func:`replace`: the fields in ``names`` take the values given by
    position, every other ``__init__`` field is copied, and caches (fields that are not
    ``__init__`` arguments) are reset to their defaults, but those named in ``keep``, which
    are copied (a fact the copy's changes cannot alter, such as the cards found sound where
    no card moves), and those named in ``caches``, which take the values given by position
    after the fields' (a cache the caller has just worked out for the copy, such as its legal
    actions); each field is set once and no keyword dictionary is made. Only for classes
    without converters or validators.

    Raises:
        TypeError: a name is not an ``__init__`` field of the class, or a name in ``keep``
            or ``caches`` is not a field outside ``__init__`` (or is in both).
    """
    init = {f.name: f.name for f in attrs.fields(cls) if f.init}
    init |= {f.alias: f.name for f in attrs.fields(cls) if f.init}
    unknown = [n for n in names if n not in init]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    caches_of = {f.name for f in attrs.fields(cls) if not f.init}
    wrong = [n for n in keep if n not in caches_of]
    if wrong:
        raise TypeError(f"{cls.__name__} has no field {wrong[0]!r} outside __init__ to keep")
    wrong = [n for n in caches if n not in caches_of or n in keep]
    if wrong:
        raise TypeError(f"{cls.__name__} has no field {wrong[0]!r} outside __init__ to set "
                        "(or it is kept)")
    params = ", ".join(["inst", *(f"v_{n}" for n in names), *(f"c{n}" for n in caches)])
    lines, namespace = _copy_code(cls, "copy", params, {init[n]: f"v_{n}" for n in names},
                                  keep, {n: f"c{n}" for n in caches})
    if namespace["builder"] is not None:
        lines.append("    new.__class__ = cls")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own fields
    return namespace["copy"]


def maker(cls: type, *names: str) -> Any:
    """A generated constructor ``make(v1, v2, ...)``: a new ``cls`` with ``names`` set.

    The hot paths' way to build a frozen value: the fields in ``names`` take the values given
    by position, every other field its (plain) default; each field is stored once, with no
    keyword handling. The value equals ``cls(name1=v1, name2=v2, ...)``. Only for classes
    without converters or validators.

    Raises:
        TypeError: a name is not an ``__init__`` field of the class, or a field left out has
            no plain default (none, or a factory).
    """
    init = {f.name: f.name for f in attrs.fields(cls) if f.init}
    init |= {f.alias: f.name for f in attrs.fields(cls) if f.init}
    unknown = [n for n in names if n not in init]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    given = {init[n]: f"v_{n}" for n in names}
    missing = [f.name for f in attrs.fields(cls) if f.name not in given and (
        f.default is attrs.NOTHING or isinstance(f.default, attrs.Factory))]  # type: ignore[arg-type]
    if missing:
        raise TypeError(f"{cls.__name__}'s field {missing[0]!r} has no plain default: name it")
    defaults = {f.name: f"default_{i}" for i, f in enumerate(attrs.fields(cls))
                if f.init and f.name not in given}
    params = ", ".join(f"v_{n}" for n in names)
    lines, namespace = _copy_code(cls, "make", params, {**given, **defaults})
    for i, f in enumerate(attrs.fields(cls)):
        namespace[f"default_{i}"] = f.default
    if namespace["builder"] is not None:
        lines.append("    new.__class__ = cls")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own fields
    return namespace["make"]
