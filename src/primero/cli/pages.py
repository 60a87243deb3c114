"""The two pages the command line prints without click: ``primero --help`` and ``--version``.

``primero --help`` and ``primero --version`` should answer at once; importing click, rich and
the command modules costs several times Python's own start. This module is the one source of
the group's help, its options' help and every command's one-line help: the app
(:mod:`primero.cli.core`) and the command modules take them from here, and :func:`help_page`
lays them out as click does (its ``HelpFormatter``: the width of the terminal, at most 100
columns, words wrapped as :mod:`textwrap` wraps them), so the quick page is click's page; a
test compares the two at every width. It imports only :mod:`os`, :mod:`sys`, the package root
(for the version), :mod:`primero.native_kernel`, :mod:`primero.native_evaluator` and
:mod:`primero.tensor_writes` and :mod:`primero.native_shuffle`: no :mod:`re`, no
:mod:`textwrap`.
"""

from __future__ import annotations

import os
import sys

import primero
from primero.native_evaluator import evaluator_line
from primero.native_kernel import counter_line, counter_reason, library_path, try_open
from primero.native_shuffle import shuffle_line
from primero.tensor_writes import encoder_line

__all__ = ["COMMAND_MODULES", "EXIT_INTERRUPTED", "HELP", "HELP_OPTION_HELP", "INTERRUPTED",
           "MAX_WIDTH", "PROG", "SHORT_HELP", "VERSION_HELP", "help_page", "terminal_columns",
           "version_page"]

#: The command's name, as the usage line and ``--version`` print it.
PROG = "primero"

#: Exit status for a command interrupted by Ctrl-C (128 + SIGINT, the shell's convention).
EXIT_INTERRUPTED = 130
#: What an interrupted command says (after ``error:``).
INTERRUPTED = "interrupted (Ctrl-C) before the command finished"

#: The group's help, under the usage line.
HELP = "Primero, the Renaissance card game: variants, hand evaluation, exact hand counts."

#: ``--version``'s help.
VERSION_HELP = ("Print primero's version, which code counts showdown odds, evaluates hands, "
                "writes tensors and shuffles seeded stocks, and exit.")

#: ``-h, --help``'s help (click's own words).
HELP_OPTION_HELP = "Show this message and exit."

#: The widest the help is laid out, in columns (the app's ``max_content_width``).
MAX_WIDTH = 100

#: Each command -> the module that registers it on the app (imported when the command runs;
#: a test checks this against what the modules register).
COMMAND_MODULES: dict[str, str] = {
    **dict.fromkeys(("variants", "evaluate", "frequencies", "rules"), "primero.cli.reference"),
    "play": "primero.cli.game",
    "replay": "primero.cli.replay",
    "simulate": "primero.cli.simulate",
    "compare": "primero.cli.compare",
    "match": "primero.cli.match",
    "odds": "primero.cli.odds",
    "solve": "primero.cli.solve",
}

#: Each command -> its one-line help, as ``primero --help`` lists it (the command's
#: ``short_help``: click lists the same).
SHORT_HELP: dict[str, str] = {
    "compare": "Compare variants side by side on the same seeds.",
    "evaluate": "Evaluate a four-card hand: class, points and why.",
    "frequencies": "Count the hands of each class in the pack.",
    "match": "Play one agent against another in duplicate.",
    "odds": "Exact draw odds of an exchange, or every discard ranked.",
    "play": "Play deals at the terminal against computer players.",
    "replay": "Replay a deal file and show how it ends.",
    "rules": "Print a variant's rules summary, options and sources.",
    "simulate": "Simulate deals between computer players and summarise them.",
    "solve": "Solve a heads-up game by CFR+ and print its exploitability.",
    "variants": "List the installed variants, their aliases and plug-ins.",
}

#: The usage line's arguments.
_USAGE = "[OPTIONS] COMMAND [ARGS]..."


def version_page(prog: str = PROG) -> str:
    """``primero --version``: the version, then which code counts, evaluates, encodes, shuffles.

    Five lines: the version, which code counts showdown odds, which evaluates single hands,
    which writes the adapters' tensors, which shuffles seeded stocks. The kernel is looked for
    and loaded as :func:`primero.analysis.showdown_counter` does
    (:func:`primero.native_kernel.counter_reason`), without importing the analysis package;
    the other lines are :func:`primero.native_evaluator.evaluator_line`,
    :func:`primero.tensor_writes.encoder_line` and :func:`primero.native_shuffle.shuffle_line`
    (the compiled code's file, or pure Python and why; the shuffle is chosen once per process,
    at its first use).
    """
    path = library_path()
    return (f"{prog} {primero.__version__}\n{counter_line(counter_reason(path, try_open), path)}"
            f"\n{evaluator_line()}\n{encoder_line()}\n{shuffle_line()}")


def terminal_columns() -> int:
    """The terminal's width in columns, as :func:`shutil.get_terminal_size` reads it.

    ``COLUMNS`` when it is a positive number, else the terminal of standard output, else 80.
    (:mod:`shutil` itself costs more to import than the whole help page.)
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


def _letter(char: str) -> bool:
    """A letter as :mod:`textwrap` tells hyphenated words (a word character, not a digit)."""
    return char.isalpha() or char == "_"


def _chunks(text: str) -> list[str]:
    """``text`` cut where :mod:`textwrap` may break a line: spaces, and hyphens in words.

    A word breaks after a hyphen with two letters (or letter, hyphen, letter) before it and
    two letters (or letter, hyphen, letter) after it: ``four-`` ``card``. Only for
    single-spaced text without ``--`` (:func:`help_page`'s texts; a test checks them).
    """
    chunks: list[str] = []
    for k, word in enumerate(text.split(" ")):
        if k:
            chunks.append(" ")
        start = 0
        w = f"   {word}   "  # the word from w[3]: no index falls outside
        for i in range(5, len(word) + 2):
            before = _letter(w[i - 1]) and (_letter(w[i - 2]) or (
                w[i - 2] == "-" and _letter(w[i - 3])))
            after = _letter(w[i + 1]) and (_letter(w[i + 2]) or (
                w[i + 2] == "-" and _letter(w[i + 3])))
            if w[i] == "-" and before and after:
                chunks.append(word[start:i - 2])  # up to the hyphen, word[i - 3]
                start = i - 2
        chunks.append(word[start:])
    return chunks


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str] | None:
    """``text`` wrapped into lines of at most ``width`` columns as :mod:`textwrap` fills it.

    ``first`` starts the first line, ``rest`` the others. ``None`` when a word is wider
    than a line (textwrap would cut it; the caller leaves the page to click).
    """
    chunks = _chunks(text)[::-1]
    lines: list[str] = []
    while chunks:
        indent = rest if lines else first
        room = width - len(indent)
        if lines and chunks[-1] == " ":
            chunks.pop()
        line: list[str] = []
        used = 0
        while chunks and used + len(chunks[-1]) <= room:
            used += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > room:
            return None
        if line and line[-1] == " ":
            line.pop()
        if line:
            lines.append(indent + "".join(line))
    return lines


def _definitions(rows: list[tuple[str, str]], width: int, indent: int) -> list[str] | None:
    """Two columns of terms and their help, as click's ``HelpFormatter.write_dl`` writes them."""
    first = max(len(term) for term, _ in rows) + 2
    if first > 32:
        return None  # click puts long terms on their own line
    out: list[str] = []
    for term, text in rows:
        wrapped = _wrap(text, max(width - first - 2, 10))
        if wrapped is None:
            return None
        lead = " " * indent + term + " " * (first - len(term))
        out.append(lead + wrapped[0])
        out += [" " * (first + indent) + line for line in wrapped[1:]]
    return out


def help_page(columns: int | None = None) -> str | None:
    """``primero --help`` as click prints it for a terminal ``columns`` wide.

    Without the final newline (as click's ``get_help``).

    Args:
        columns: The terminal's width (default: :func:`terminal_columns`); the page is laid
            out in that less two, at least 50 and at most :data:`MAX_WIDTH` less two.

    Returns:
        The page, or ``None`` if it cannot be laid out here as click would (a word wider
        than its column): then click prints it.
    """
    width = max(min(terminal_columns() if columns is None else columns, MAX_WIDTH) - 2, 50)
    prefix = f"Usage: {PROG} "
    usage = _wrap(_USAGE, width, prefix, " " * len(prefix)) \
        if width >= len(prefix) + 20 else None
    about = _wrap(HELP, width, "  ", "  ")
    options = _definitions([("--version", VERSION_HELP), ("-h, --help", HELP_OPTION_HELP)],
                           width, 2)
    commands = _definitions(sorted(SHORT_HELP.items()), width, 2)
    if usage is None or about is None or options is None or commands is None:
        return None
    return "\n".join([*usage, "", *about, "", "Options:", *options, "", "Commands:",
                      *commands])
