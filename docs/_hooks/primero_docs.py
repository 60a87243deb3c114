"""MkDocs hooks: the pages generated from the installed primero, so they cannot drift.

    from primero import analysis
Registered in ``mkdocs.yml`` under ``hooks:``. At build time this module writes:

* ``rules/<name>.md`` — one page per registered variant, from its
  :class:`~primero.variant.VariantSpec` (title, summary, sources, players, options and
  defaults), its configured rules (pack, hand classes, deal plan), and the hand-written notes
  ``docs/rules/notes/<name>.md`` ("where the sources disagree") when that file exists;
* the comparison table of every installed variant, in place of the marker
  ``<!-- primero:variant-table -->`` (in ``rules/index.md``);
* ``plugins/hooks.md`` — every hook of :mod:`primero.hookspecs`: heading, exact signature,
  kind, the core class that implements it, and its docstring (through mkdocstrings);
* ``reference/cli.md`` — every command, argument and option of the ``primero`` command, read
  from the click app;
* ``reference/api/<module>.md`` — one API page per public module of the package;
* ``img/generated/*.png`` — exact plots drawn by :mod:`primero.analysis` (:data:`BUILD_PLOTS`).

Nav entries ``"@variants"`` and ``"@api"`` in ``mkdocs.yml`` expand to the generated pages;
pages listed in :data:`OPTIONAL_PAGES` are dropped from the nav while their file is missing
(pages other engineers are still writing).

The generating functions do not import mkdocs, so the tests call them directly
(``tests/docs_and_layout/test_docs.py``).
"""

from __future__ import annotations

import importlib
import inspect
import logging
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.primero")

DOCS = Path(__file__).resolve().parents[1]
NOTES = DOCS / "rules" / "notes"

#: Nav pages that may not exist yet; dropped from the nav (with an info line) while missing.
OPTIONAL_PAGES = ("analysis.md",)
#: Where the comparison table of every installed variant goes.
VARIANT_TABLE_MARKER = "<!-- primero:variant-table -->"

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def md(text: str) -> str:
    """Escape text from the library (summaries, option docs) for Markdown."""
    return _MD_SPECIAL.sub(lambda m: "&lt;" if m.group(1) == "<" else
                           "&gt;" if m.group(1) == ">" else "\\" + m.group(1), text)


def code(text: object) -> str:
    """Inline code, safe inside table cells.

    A ``|`` in a code span does not end the cell (Python-Markdown's tables), and an escaped
    one would show its backslash.
    """
    return f"`{text}`"


def ref(title: str, identifier: str) -> str:
    """An optional cross-reference to an API object: a link if it is documented, else code."""
    return (f'<autoref identifier="{identifier}" optional><code>{title}</code></autoref>')


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---------------------------------------------------------------------------------------------
# Variants


def variant_slug(name: str) -> str:
    """The page name of a variant: its registry name, made safe for a URL."""
    return re.sub(r"[^a-z0-9._-]+", "-", name.lower())


def variant_page_path(name: str) -> str:
    """Where the rules page of the variant ``name`` is generated (relative to docs/)."""
    return f"rules/{variant_slug(name)}.md"


def _is_builtin(spec: Any) -> bool:
    from primero.plugins.registry import BUILTIN_VARIANT_MODULES, registry

    return registry().provider(spec) in BUILTIN_VARIANT_MODULES


def _facts(spec: Any) -> dict[str, Any]:
    """What the comparison table and the page say about a variant at its defaults."""
    variant = spec.configure()
    rules = variant.rules
    plan = rules.deal.deal_plan()
    classes = _strongest_first(variant, tuple(rules.ranking.classes))
    options = {o.name: o.default for o in spec.options}
    return {
        "variant": variant,
        "pack": rules.pack,
        "classes": classes,  # strongest first
        "plan": plan,
        "bets": sum(1 for s in plan if s.kind == "bet"),
        "exchanges": sum(1 for s in plan if s.kind == "exchange"),
        "ante": _ante(spec, plan),
        "declares": sum(1 for s in plan if s.kind == "declare"),
        "tie": options.get("tie"),
    }


def _ante(spec: Any, plan: Any) -> str:
    """``"no"``, or the variant's default ante ("1 chip") when its deal plan has an ante."""
    if not any(step.kind == "ante" for step in plan):
        return "no"
    chips = getattr(spec, "ante", None)
    if chips is None:
        return "yes"
    return f"{chips} chip" + ("" if chips == 1 else "s")


def _strongest_first(variant: Any, classes: tuple[str, ...]) -> tuple[str, ...]:
    """The classes, strongest first, as the variant's ordering hook ranks them.

    ``ranking.classes`` lists the classes in declaration order (weakest first for the standard
    ranking), but an ordering hook may reorder them (``losing`` inverts them). Each class is
    ranked by the key ``primero_hand_order`` gives a hand of that class with 50 points.
    """
    from primero.hands import Classification

    def key(cls: str) -> tuple[int, ...]:
        found = variant.rules.manager.hook.primero_hand_order(
            variant=variant, classification=Classification(cls, 50, ()), classes=classes)
        return tuple(found) if found is not None else (classes.index(cls),)

    try:
        return tuple(sorted(classes, key=key, reverse=True))
    except Exception:  # an ordering hook that needs real cards: keep the declared order
        return classes[::-1]


def variant_specs() -> list[Any]:
    """Every built-in variant spec, in registration order.

    The site documents the library's own variants: a plug-in installed where the site is built
    (the test suite's example plug-in, say) is not one of them.
    """
    import primero
    from primero.plugins.registry import BUILTIN_VARIANT_MODULES

    registry = primero.registry()
    return [spec for spec in registry.specs()
            if registry.provider(spec) in BUILTIN_VARIANT_MODULES]


def variant_nav() -> list[dict[str, str]]:
    """Nav entries for the generated variant pages, in registration order."""
    return [{variant_nav_title(spec): variant_page_path(spec.name)} for spec in variant_specs()]


def variant_nav_title(spec: Any) -> str:
    """The sidebar title of a variant: its title and name, one pair of parentheses at most."""
    if "(" in spec.title:
        return f"{spec.title} · {spec.name}"
    return f"{spec.title} ({spec.name})"


def variant_page(spec: Any, notes_dir: Path = NOTES) -> str:
    """The generated rules page of one variant."""
    import primero

    reg = primero.registry()
    facts = _facts(spec)
    low, high = spec.players
    players = str(low) if low == high else f"{low}–{high}"
    out = [f"# {md(spec.title)}", ""]
    line = [f"Variant {code(spec.name)}"]
    if spec.aliases:
        line.append("aliases " + ", ".join(code(a) for a in spec.aliases))
    line += [f"{players} players", f"pack {code(facts['pack'].name)} "
             f"({len(facts['pack'])} cards)"]
    out += [" · ".join(line), ""]
    dist = reg.distribution(spec)
    if not _is_builtin(spec):
        out += ['!!! info "A plug-in variant"',
                f"    Provided by the plug-in {code(reg.provider(spec) or '')}"
                + (f" from the package {code(dist)}" if dist else "")
                + ", not by primero itself. This page is generated from the variant's "
                "registration, like every other variant's.", ""]
    out += ["## The rules", ""]
    out += [md(p.strip()) for p in spec.summary.split("\n\n")]
    out = _join_paragraphs(out)
    out += ["", "## At a glance", "", "| Rule | At the default options |", "|---|---|"]
    out.append(f"| Hand classes, strongest first | "
               f"{', '.join(facts['classes'])} |")
    out.append("| Deal plan | " + " → ".join(str(s) for s in facts["plan"]) + " |")
    out.append(f"| Ante | {facts['ante']} |")
    out.append(f"| Betting rounds | {facts['bets']} |")
    if facts["declares"]:
        out.append(f"| Declarations | {facts['declares']} |")
    out.append(f"| Exchanges | {facts['exchanges']} |")
    if facts["tie"] is not None:
        out.append(f"| Ties | {code(facts['tie'])} |")
    out.append(f"| Provided by | {code(reg.provider(spec) or '')}"
               + (f" ({md(dist)})" if dist else "") + " |")
    out += ["", "## Options", ""]
    if spec.options:
        out += ["| Option | Default | Allowed | What it does |", "|---|---|---|---|"]
        for opt in spec.options:
            out.append(f"| {code(opt.name)} | {code(_value(opt.default))} | "
                       f"{_allowed(opt)} | {md(opt.doc)} |")
        example = spec.options[0]
        other = _other_value(example)
        out += ["", "Choose options by keyword in Python or with ``--option KEY=VALUE`` on the "
                "command line:", "", "```python",
                "import primero", "",
                f"variant = primero.get_variant({spec.name!r}, "
                f"{example.name}={other!r})",
                "```", "", "```console",
                f"$ primero evaluate 7s 6h Ad Kc --variant {spec.name} "
                f"--option {example.name}={_value(other)}",
                "```"]
    else:
        out.append("This variant has no options.")
    out += ["", "## Sources", ""]
    out += [f"* {md(source)}" for source in spec.sources] or ["None given."]
    out += ["", "## Where the sources disagree", ""]
    notes = notes_dir / f"{variant_slug(spec.name)}.md"
    if notes.is_file():
        out.append(notes.read_text(encoding="utf-8").strip())
    else:
        out.append("No notes have been written for this variant yet.")
    return "\n".join(out) + "\n"


def _allowed(opt: Any) -> str:
    """An option's allowed values as typed (``italian40``, not ``'italian40'``), like bools.

    Quoted values in a description (``e.g. 'none'``) become inline code.
    """
    if opt.choices is not None:
        return md(", ".join(_value(c) for c in opt.choices))
    parts = re.split(r"'([^'\s]+)'", opt.allowed())
    return "".join(code(part) if k % 2 else md(part) for k, part in enumerate(parts))


def _join_paragraphs(lines: list[str]) -> list[str]:
    # each summary paragraph on its own, separated by blank lines
    joined: list[str] = []
    for line in lines:
        joined.append(line)
        if line and not line.startswith("#"):
            joined.append("")
    return joined


def _other_value(opt: Any) -> object:
    if opt.choices:
        for choice in opt.choices:
            if choice != opt.default:
                return choice
    if isinstance(opt.default, bool):
        return not opt.default
    if isinstance(opt.default, int):
        high = opt.maximum if opt.maximum is not None else opt.default + 1
        return high if high != opt.default else opt.default - 1
    return opt.default


def _differences(spec: Any, reference: Any) -> list[str]:
    """``name=default`` of the options ``spec`` adds, or whose default differs from waks'."""
    ref = {o.name: o.default for o in reference.options}
    return [f"{o.name}={_value(o.default)}" for o in spec.options
            if o.name not in ("tie", "deck") and (o.name not in ref or ref[o.name] != o.default)]


def variant_table() -> str:
    """The comparison table of every installed variant, at their defaults."""
    import primero

    reference = primero.registry().spec("waks")
    rows = ["| Variant | Title | Players | Pack | Hand classes, strongest first | Ante "
            "| Betting rounds | Exchanges | Ties | Other options |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for spec in variant_specs():
        facts = _facts(spec)
        low, high = spec.players
        bets = str(facts["bets"])
        if facts["declares"]:
            bets += f" ({facts['declares']} declarations)"
        others = _differences(spec, reference) if spec is not reference else []
        rows.append(
            f"| [{code(spec.name)}]({variant_slug(spec.name)}.md) | {md(spec.title)} | "
            f"{low}–{high} | {code(facts['pack'].name)} | "
            f"{' > '.join(facts['classes'])} | {facts['ante']} | "
            f"{bets} | {facts['exchanges']} | "
            f"{code(facts['tie']) if facts['tie'] is not None else '—'} | "
            f"{', '.join(code(o) for o in others) or '—'} |"
        )
    return "\n".join(rows) + "\n"


# ---------------------------------------------------------------------------------------------
# Hooks


def hookspec_functions() -> list[Callable[..., Any]]:
    """Every hook specification of :mod:`primero.hookspecs`, in source order."""
    from primero import hookspecs

    found = [obj for name, obj in vars(hookspecs).items()
             if name.startswith("primero_") and callable(obj)
             and hasattr(obj, f"{hookspecs.PROJECT}_spec")]
    return sorted(found, key=lambda f: f.__code__.co_firstlineno)


def _param_parts(fn: Callable[..., Any], *, self_first: bool) -> tuple[list[str], str]:
    sig = inspect.signature(fn)
    parts = ["self"] if self_first else []
    for p in sig.parameters.values():
        parts.append(f"{p.name}: {p.annotation}" if p.annotation is not p.empty else p.name)
    ret = sig.return_annotation
    return parts, f" -> {ret}" if ret is not sig.empty else ""


def _params(fn: Callable[..., Any], *, self_first: bool) -> str:
    parts, tail = _param_parts(fn, self_first=self_first)
    return f"({', '.join(parts)}){tail}"


def hook_signature(fn: Callable[..., Any]) -> str:
    """The exact specification line of a hook, as written in :mod:`primero.hookspecs`."""
    return f"def {fn.__name__}{_params(fn, self_first=False)}: ..."


#: The longest code line of the hook reference; longer definitions get one parameter a line
#: (as black and ruff format them), so they fit the code box at 1280 px.
CODE_WIDTH = 88


def hook_definition(fn: Callable[..., Any], *, self_first: bool, body: str) -> str:
    """``def name(params) -> result:`` and ``body``, one parameter a line when too long."""
    one_line = f"def {fn.__name__}{_params(fn, self_first=self_first)}:{body}"
    if len(one_line) <= CODE_WIDTH:
        return one_line
    parts, tail = _param_parts(fn, self_first=self_first)
    lines = [f"def {fn.__name__}(", *(f"    {part}," for part in parts), f"){tail}:{body}"]
    return "\n".join(lines)


def _core_class(name: str) -> type | None:
    """The core's rule class that implements hook ``name`` (:mod:`primero.rules`), if any."""
    from primero.plugins.deal import CORE_PLUGINS

    for plugin in CORE_PLUGINS:
        if name in vars(type(plugin)):
            return type(plugin)
    return None


def hooks_page() -> str:
    """The generated hook reference: one section per hook of :mod:`primero.hookspecs`."""
    from primero import hookspecs

    fns = hookspec_functions()
    out = [
        "# Hook reference",
        "",
        "Every hook a plug-in can implement, generated from "
        "[`primero.hookspecs`](../reference/api/primero.hookspecs.md) when the site is built, "
        "so the signatures below are the ones the library checks. How to put hooks together "
        "into a variant is in [Writing a variant](index.md).",
        "",
        "An implementation may take **any subset** of a hook's arguments, by name (pluggy "
        "passes only the ones it asks for). A *rules* hook is `firstresult`: primero calls the "
        "implementations from the last registered to the first — house rules, then the "
        "variant's own rule objects, then the core Waks rules (`trylast`) — and stops at the "
        "first one that returns something other than `None`.",
        "",
        "| Hook | Kind | Core implementation |",
        "|---|---|---|",
    ]
    for fn in fns:
        spec = getattr(fn, f"{hookspecs.PROJECT}_spec")
        kind = "rules (first result wins)" if spec.get("firstresult") else \
            "registration (every implementation is called)"
        core = _core_class(fn.__name__)
        where = ref(core.__name__, f"{core.__module__}.{core.__name__}") if core else "—"
        out.append(f"| [`{fn.__name__}`](#{fn.__name__}) | {kind} | {where} |")
    for fn in fns:
        spec = getattr(fn, f"{hookspecs.PROJECT}_spec")
        first = bool(spec.get("firstresult"))
        core = _core_class(fn.__name__)
        out += ["", f"## `{fn.__name__}` {{#{fn.__name__}}}", ""]
        out.append(
            "**Kind:** rules hook, `firstresult` — return `None` to defer to the next "
            "implementation." if first else
            "**Kind:** registration hook — every implementation is called; the result is "
            "ignored.")
        if core is not None:
            out += ["", f"**Core implementation:** `{fn.__name__}` of "
                        f"{ref(core.__name__, f'{core.__module__}.{core.__name__}')} "
                        f"(`{core.__module__}`)."]
        out += ["", "Specification:", "", "```python",
                "@hookspec(firstresult=True)" if first else "@hookspec",
                hook_definition(fn, self_first=False, body=" ..."), "```", "",
                "Implement it as a method of a rules object (or, for registration, a "
                "module-level function without `self`):", "", "```python", "@hookimpl",
                hook_definition(fn, self_first=first, body=""),
                "    ...", "```", "",
                f"::: primero.hookspecs.{fn.__name__}",
                "    options:",
                "      show_root_heading: false",
                "      show_root_toc_entry: false",
                "      show_signature: false",
                "      heading_level: 3"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Command line


def cli_page() -> str:
    """The generated CLI reference: every command, argument and option of ``primero``."""
    import click

    from primero.cli.core import EXIT_ERROR, EXIT_TERMINATED, EXIT_USAGE, app
    from primero.cli.pages import EXIT_INTERRUPTED

    group = app
    root = click.Context(group, info_name="primero")
    out = ["# Command line", "",
           "Generated from the `primero` command itself when the site is built. "
           "`primero --help` and `primero COMMAND --help` print the same.", ""]
    out += [md(group.help or ""), "", "```console",
            "$ primero " + " ".join(group.collect_usage_pieces(root)), "```", ""]
    out += _param_table(group, root)
    commands: dict[str, Any] = dict(sorted(group.commands.items()))
    out += ["", "| Command | What it does |", "|---|---|"]
    for name, cmd in commands.items():
        first = (cmd.help or "").strip().split("\n")[0]
        out.append(f"| [`primero {name}`](#primero-{name}) | {md(first)} |")
    out += ["", "## Exit status {#exit-status}", "",
            "| Status | When |", "|---|---|",
            "| 0 | the command did its work |",
            f"| {EXIT_ERROR} | primero refused the input (an unknown card, variant or option, a "
            "bad deal file, a file that cannot be written): one `error:` line on standard error |",
            f"| {EXIT_USAGE} | the command line is malformed (a missing argument, an unknown "
            "option, a number out of its range): one `error:` line naming the option |",
            f"| {EXIT_INTERRUPTED} | interrupted by Ctrl-C (128 + SIGINT, the shell's "
            "convention): one `error:` line; `primero play` says whether the deal so far was "
            "saved |",
            f"| {EXIT_TERMINATED} | stopped by SIGTERM (`kill`, `timeout`, a cancelled CI job; "
            "128 + SIGTERM): the command stops as on Ctrl-C, a run's worker processes "
            "included, one `error:` line |",
            "", "With `--json` the `error:` line is a JSON line instead "
            "([JSON output](json.md)).", ""]
    for name, cmd in commands.items():
        ctx = click.Context(cmd, info_name=name, parent=root)
        out += ["", f"## `primero {name}` {{#primero-{name}}}", "",
                md(inspect.cleandoc(cmd.help or "")), "", "```console",
                f"$ primero {name} " + " ".join(cmd.collect_usage_pieces(ctx)), "```", ""]
        out += _param_table(cmd, ctx)
    return "\n".join(out) + "\n"


def _param_table(cmd: Any, ctx: Any) -> list[str]:
    rows: list[str] = []
    for param in cmd.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:  # an argument without help text
            record = (param.human_readable_name, "")
        decl, help_text = record
        if param.required and "required" not in help_text:
            help_text = f"{help_text} [required]".strip()
        rows.append(f"| {code(decl)} | {md(' '.join(help_text.split()))} |")
    if not rows:
        return []
    return ["| Argument or option | Meaning |", "|---|---|", *rows]


# ---------------------------------------------------------------------------------------------
# API reference


def public_modules() -> list[str]:
    """Every public module of the package (no part starting with ``_``), sorted."""
    import primero

    names = ["primero"]
    for info in pkgutil.walk_packages(primero.__path__, "primero."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        names.append(info.name)
    return sorted(names)


def api_page_path(module: str) -> str:
    """Where the API page of ``module`` is generated (relative to docs/)."""
    return f"reference/api/{module}.md"


#: Modules of the plug-in API (with their submodules): what a variant's author uses.
PLUGIN_API = ("primero.hookspecs", "primero.plugins", "primero.rules", "primero.options",
              "primero.testing")
#: Modules of the command line (with their submodules): internals, not an API.
INTERNALS = ("primero.cli", "primero.__main__")


def _within(module: str, roots: tuple[str, ...]) -> bool:
    return any(module == root or module.startswith(root + ".") for root in roots)


def api_group(module: str) -> str:
    """The API nav section of ``module``: public API, plug-in API, variants or internals."""
    if _within(module, ("primero.variants",)):
        return "Variants"
    if _within(module, PLUGIN_API):
        return "Plug-in API"
    if _within(module, INTERNALS) or module.startswith("primero.cli"):
        return "Internals"
    return "Public API"


def api_nav() -> list[dict[str, Any]]:
    """Nav entries for the API pages, in four sections; a package's modules in a subsection."""
    modules = public_modules()
    packages = {m for m in modules if any(o.startswith(m + ".") for o in modules)}
    groups: dict[str, list[Any]] = {g: [] for g in ("Public API", "Plug-in API", "Variants",
                                                   "Internals")}
    for module in modules:
        if any(module.startswith(p + ".") for p in packages if p != "primero"):
            continue  # listed in its package's subsection
        entries = groups[api_group(module)]
        if module in packages and module != "primero":
            # the package's page first, then its modules by their own (short) names
            entries.append({module: [{module: api_page_path(module)}] + [
                {m.removeprefix(module + "."): api_page_path(m)}
                for m in modules if m.startswith(module + ".")]})
        else:
            entries.append({module: api_page_path(module)})
    return [{title: entries} for title, entries in groups.items() if entries]


def api_page(module: str) -> str:
    """The API page of one module (mkdocstrings renders it).

    A package that re-exports names from its own modules (``primero.analysis``) shows its
    docstring and a table of those names, each documented once, in its module.
    """
    reexported = _package_names(module) if module != "primero" else None
    if reexported:
        out = [f"::: {module}", "    options:", "      show_root_heading: true",
               "      heading_level: 1", "      members: false", "",
               "## Names", "",
               f"`from {module} import NAME` gives each of these; each is documented in its "
               "module.", "", "| Name | Defined in | Summary |", "|---|---|---|"]
        for name, home, summary in reexported:
            out.append(f"| {ref(name, f'{home}.{name}')} | [`{home}`]({home}.md) | "
                       f"{md(summary)} |")
        return "\n".join(out) + "\n"
    if module != "primero":
        return (f"::: {module}\n    options:\n      show_root_heading: true\n"
                "      heading_level: 1\n")
    import primero

    out = ["::: primero", "    options:", "      show_root_heading: true",
           "      heading_level: 1", "      members:", "        - evaluate", "",
           "## Re-exported names", "",
           "`import primero` gives these names; each is documented in its module.", "",
           "| Name | Defined in |", "|---|---|"]
    for name in primero.__all__:
        obj = getattr(primero, name)
        home = _defining_module(name)
        if home is None and str(getattr(obj, "__module__", "")).startswith("primero."):
            home = obj.__module__
        if home is None and name != "__version__":
            out.append(f"| {ref(name, f'primero.{name}')} | `primero` |")
        elif home is None:
            out.append(f"| `{name}` | `primero` |")
        else:
            out.append(f"| {ref(name, f'{home}.{name}')} | [`{home}`]({home}.md) |")
    return "\n".join(out) + "\n"


def _package_names(module: str) -> list[tuple[str, str, str]] | None:
    """``(name, defining submodule, summary)`` for each name a package re-exports, else None.

    None unless ``module`` is a package whose every ``__all__`` name comes from one of its
    public submodules' ``__all__`` (or, for a helper it re-exports from elsewhere, from the
    ``__all__`` of the public module that defines it).
    """
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    if not hasattr(mod, "__path__") or not names:
        return None
    subs = [m for m in public_modules() if m.startswith(module + ".")]
    found = []
    for name in names:
        home = next((m for m in subs
                     if name in getattr(importlib.import_module(m), "__all__", ())), None)
        defined_in = str(getattr(getattr(mod, name), "__module__", ""))
        if home is None and defined_in in public_modules() and name in getattr(
                importlib.import_module(defined_in), "__all__", ()):
            home = defined_in
        if home is None:
            return None
        doc = inspect.getdoc(getattr(mod, name)) or ""
        found.append((name, home, doc.split("\n\n")[0].replace("\n", " ")))
    return found


def _defining_module(name: str) -> str | None:
    """The public module whose ``__all__`` lists ``name`` (for constants)."""
    for module in public_modules():
        if module == "primero":
            continue
        mod = importlib.import_module(module)
        if name in getattr(mod, "__all__", ()):
            return module
    return None


# ---------------------------------------------------------------------------------------------
# Pictures drawn by the library when the site is built

#: Exact plots drawn with :mod:`primero.analysis` at build time: path under docs/ -> variants.
BUILD_PLOTS: dict[str, tuple[str, ...]] = {
    "img/generated/class-frequencies.png": ("waks", "roman", "revival", "primiera"),
}


def build_plots() -> dict[str, bytes]:
    """Draw :data:`BUILD_PLOTS` (PNG bytes): exact figures, so the same on every build.

    Needs the ``analysis`` extra (pandas, matplotlib), which the ``docs`` extra includes.
    """
    import io

    from primero import analysis

    images: dict[str, bytes] = {}
    for path, variants in BUILD_PLOTS.items():
        fig = analysis.plot_class_frequencies(list(variants))
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=110, metadata={"Software": None})
        images[path] = buffer.getvalue()
    return images


# ---------------------------------------------------------------------------------------------
# Everything generated


def generated_pages() -> dict[str, str]:
    """Every generated page: path relative to docs/ -> Markdown."""
    pages = {variant_page_path(s.name): variant_page(s) for s in variant_specs()}
    pages["plugins/hooks.md"] = hooks_page()
    pages["reference/cli.md"] = cli_page()
    for module in public_modules():
        pages[api_page_path(module)] = api_page(module)
    return pages


def expand_nav(nav: list[Any], docs_dir: Path, generated: set[str]) -> list[Any]:
    """Expand ``"@variants"`` / ``"@api"`` and drop optional pages that are missing."""
    result: list[Any] = []
    for item in nav:
        if item == "@variants":
            result.extend(variant_nav())
        elif item == "@api":
            result.extend(api_nav())
        elif isinstance(item, dict):
            entry: dict[str, Any] = {}
            for title, value in item.items():
                if isinstance(value, list):
                    entry[title] = expand_nav(value, docs_dir, generated)
                elif _missing_optional(value, docs_dir, generated):
                    log.info("primero docs: %s is not written yet; left out of the nav", value)
                else:
                    entry[title] = value
            if entry:
                result.append(entry)
        elif isinstance(item, str) and _missing_optional(item, docs_dir, generated):
            log.info("primero docs: %s is not written yet; left out of the nav", item)
        else:
            result.append(item)
    return result


def _missing_optional(value: object, docs_dir: Path, generated: set[str]) -> bool:
    return (isinstance(value, str) and value in OPTIONAL_PAGES
            and not (docs_dir / value).is_file() and value not in generated)


# ---------------------------------------------------------------------------------------------
# MkDocs events

_cache: dict[str, str] = {}
_images: dict[str, bytes] = {}


def on_config(config: Any) -> Any:
    """Generate the pages once per build and expand the nav placeholders."""
    _cache.clear()
    _cache.update(generated_pages())
    _images.clear()
    _images.update(build_plots())
    if config.get("nav"):
        config["nav"] = expand_nav(config["nav"], Path(config["docs_dir"]), set(_cache))
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the build."""
    from mkdocs.structure.files import File

    for path, content in _cache.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=content))
    for path, data in _images.items():
        files.append(File.generated(config, path, content=data))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put the comparison table where ``rules/index.md`` asks for it."""
    if VARIANT_TABLE_MARKER in markdown:
        markdown = markdown.replace(VARIANT_TABLE_MARKER, variant_table())
    return markdown
