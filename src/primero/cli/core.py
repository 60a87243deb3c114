"""The app of the ``primero`` command line: the command group, shared options and helpers.

Every command module (:mod:`primero.cli.reference`, :mod:`primero.cli.game`,
:mod:`primero.cli.replay`, :mod:`primero.cli.simulate`, :mod:`primero.cli.compare`,
:mod:`primero.cli.odds`) imports :data:`app` from here and registers its commands on it, so
this module imports none of them (no import circle): the app imports a command's module by
its name (:data:`primero.cli.pages.COMMAND_MODULES`) when the command is looked up, and every
one only to list them. The group's help, its options' help and each command's one-line help are
:mod:`primero.cli.pages`' (which prints ``--help`` and ``--version`` without click).

Adding a command: write one function decorated with ``@app.command("name",
short_help=SHORT_HELP["name"])`` and name it and its module in :mod:`primero.cli.pages`; take
the variant with the shared decorators :func:`variant_options` and :func:`json_option` and
turn it into a configured :class:`~primero.variant.Variant` with :func:`load_variant`; print
JSON with :func:`print_json`.

One voice for every error:

* **Usage errors** — the command line itself is wrong: a missing argument, an unknown option or
  command, a value that is not a whole number, an option out of its range (``--players 1`` and
  ``--players 7`` alike, ``--seed -5``, ``--stake 0``): one line ``error: …`` on standard error
  naming the option, exit status :data:`EXIT_USAGE` (2).
* **Refused input** — the line is well formed but primero refuses what it says (an unknown card,
  variant or option, a bad deal file): a :class:`~primero.errors.PrimeroError`, caught here
  centrally, printed as one line ``error: <message>``, exit status :data:`EXIT_ERROR` (1).
  Commands never catch it themselves; :func:`fail` does the same for problems a command finds.
* **Interrupted** — Ctrl-C (``KeyboardInterrupt``) while a command runs: one line ``error:
  interrupted ...``, exit status :data:`~primero.cli.pages.EXIT_INTERRUPTED` (130, the
  shell's 128 + SIGINT); :func:`interrupted` does the same for a command that says what
  became of its work.
* **Terminated** — ``SIGTERM`` (``kill``, ``timeout``, a CI job cancelled) while a command
  runs: the command stops as on Ctrl-C (a run's worker processes stopped, none left
  behind), one line ``error: terminated ...``, exit status :data:`EXIT_TERMINATED` (143, the
  shell's 128 + SIGTERM).
* **With ``--json``** — a command that takes ``--json`` and was given it reports either kind
  of error as one line of JSON on standard error instead, ``{"format": 1, "error":
  "<message>"}`` (the same message, the same exit status), so a script reads every answer of
  the command as JSON; primero's warnings (a skipped plug-in) then come as ``{"format": 1,
  "warning": "<message>"}`` lines (``primero.json_schema``'s kinds ``error`` and ``warning``).

Numbers are read in ASCII digits only (``0``–``9``): full-width (``２``) and Arabic-Indic
(``٢``) digits are refused, as in deal files and variant options (docs/reference/deal-files.md).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import math
import os
import re
import signal
import sys
import textwrap
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from primero.cli.lazy_rich import Console, Text
from primero.cli.pages import (
    COMMAND_MODULES,
    EXIT_INTERRUPTED,
    HELP,
    INTERRUPTED,
    MAX_WIDTH,
    VERSION_HELP,
    version_page,
)
from primero.errors import (
    LONG_TEXT,
    TEXT_START,
    InvalidOptionError,
    PluginWarning,
    PrimeroError,
    UnknownVariantError,
    named,
)
from primero.json_schema import FORMAT
from primero.options import parse_option_args
from primero.plugins.manager import hook_watchdog
from primero.plugins.registry import get_variant, registry, resolve_variant
from primero.variant import Variant

__all__ = [
    "EXIT_ERROR",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "TERMINATED",
    "FileName",
    "LazyPrimeroGroup",
    "NameChoice",
    "PrimeroGroup",
    "WholeNumber",
    "app",
    "console",
    "fail",
    "interrupted",
    "json_option",
    "load_all",
    "load_variant",
    "number_text",
    "output_width",
    "plain_stdout",
    "plain_text",
    "print_json",
    "printable",
    "suggest_variant",
    "titled",
    "variant_options",
    "variant_options_for",
    "wrapped",
]

#: Exit status for input primero refuses (a :class:`~primero.errors.PrimeroError`).
EXIT_ERROR = 1
#: Exit status for a malformed command line or an option out of its range.
EXIT_USAGE = 2
#: Exit status for a command stopped by ``SIGTERM`` (128 + SIGTERM, the shell's convention).
EXIT_TERMINATED = 128 + signal.SIGTERM
#: What a terminated command says (after ``error:``).
TERMINATED = "terminated (SIGTERM) before the command finished"

F = TypeVar("F", bound=Callable[..., Any])


#: A word of a message longer than LONG_TEXT characters, quoted or not: shown by its first
#: TEXT_START characters and its length (as :func:`primero.errors.named` names long text).
_LONG_WORD = re.compile(rf"'([^'\s]{{{LONG_TEXT + 1},}})'|[^'\s]{{{LONG_TEXT + 1},}}")


def _shortened(match: re.Match[str]) -> str:
    """A long word of a message as its start and its length: ``'zzz...'... (3,000 characters)``."""
    quoted = match.group(1)
    if quoted is not None:
        return f"{quoted[:TEXT_START]!r}... ({len(quoted):,} characters)"
    word = match.group(0)
    return f"{word[:TEXT_START]}... ({len(word):,} characters)"


def printable(text: str) -> str:
    r"""``text`` with every character a terminal would obey escaped (ESC as ``\x1b``).

    For what a command prints back that the user typed (a file name): a name holding an
    escape sequence is shown, never obeyed.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _one_line(message: str) -> str:
    r"""A message on one line, every character a terminal would obey escaped (ESC as ``\x1b``).

    A word longer than 200 characters (an option, a name or a variant typed or
    read at any length) is shown by its first characters and its length, so that a line
    stays a line whatever the input echoed.
    """
    return printable(_LONG_WORD.sub(_shortened, " ".join(message.split())))


def _own_warning(category: type[Warning]) -> bool:
    """A warning of primero's own (a skipped plug-in, an unusable table cache...)."""
    return category.__module__.split(".")[0] == "primero"


#: The key of :attr:`click.Context.meta` set when the command asked for ``--json``.
_JSON_META = "primero.json_errors"


def _show_error(message: str, as_json: bool) -> None:
    """One error on standard error: ``error: <message>``, or ``{"format": 1, "error": ...}``.

    The JSON form is chosen when the running command was given ``--json`` (module docstring);
    the message is the same one line either way.
    """
    line = _one_line(message)
    if as_json:
        click.echo(json.dumps({"format": FORMAT, "error": line}, ensure_ascii=False),
                   err=True)
    else:
        click.echo(f"error: {line}", err=True)


def _os_error(exc: OSError) -> str:
    """An operating system's error as one line: its reason and, when it names one, its file."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"{exc.filename}: {reason}" if exc.filename is not None else \
        f"cannot write the output: {reason}"


def _drop_unwritten_output() -> None:
    """Close standard output, dropping what could not be written, so exit does not retry it.

    Python flushes standard output once more at exit; on a full disk that would print a second
    error with a traceback. The file closes even when its last flush fails.
    """
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stdout.close()
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives to exit


def _show_warning(line: str, as_json: bool) -> None:
    """One warning on standard error: ``warning: <line>``, or ``{"format": 1, "warning": ...}``."""
    if as_json:
        click.echo(json.dumps({"format": FORMAT, "warning": line}, ensure_ascii=False),
                   err=True)
    else:
        click.echo(f"warning: {line}", err=True)


class _Refused(click.ClickException):
    """Input primero refuses: ``error: <message>``, exit status 1."""

    exit_code = EXIT_ERROR
    #: Shown as JSON (the command was given ``--json``); set where the error is caught.
    as_json = False

    def show(self, file: Any = None) -> None:
        _show_error(self.format_message(), self.as_json)


class _Interrupted(_Refused):
    """A command interrupted by Ctrl-C: ``error: <message>``, exit status 130."""

    exit_code = EXIT_INTERRUPTED


class _Terminated(BaseException):
    """``SIGTERM`` while a command runs, raised where the command is.

    Not an ``Exception``: a run's pool stops its workers for it, as for Ctrl-C, rather than
    waiting for them.
    """


class _TerminatedError(_Refused):
    """A command stopped by ``SIGTERM``: ``error: <message>``, exit status 143."""

    exit_code = EXIT_TERMINATED


def _raise_terminated(signum: int, frame: object) -> None:
    raise _Terminated


@contextlib.contextmanager
def _sigterm_stops_the_command() -> Any:
    """While the block runs, ``SIGTERM`` raises :class:`_Terminated` in it (main thread only).

    Python's default for ``SIGTERM`` ends the process at once: no ``finally`` runs, so a run's
    worker processes were left behind, waiting forever for chunks. Elsewhere (another thread,
    where signals cannot be set) nothing changes.
    """
    try:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _BadUsage(click.ClickException):
    """A malformed command line: ``error: <message>``, exit status 2."""

    exit_code = EXIT_USAGE
    #: Shown as JSON (the command was given ``--json``); set where the error is caught.
    as_json = False

    def __init__(self, error: click.UsageError) -> None:
        message = error.format_message()
        if (isinstance(error, click.BadParameter) and error.param_hint is None
                and not isinstance(error, click.MissingParameter)
                and isinstance(error.param, click.Option)):
            name = max(error.param.opts, key=len)  # the long name: '--players', not '-n'
            message = f"Invalid value for '{name}': {error.message}"
        message = message[:1].lower() + message[1:]
        if error.ctx is not None and (not isinstance(error, click.BadParameter)
                                      or isinstance(error, click.MissingParameter)):
            message = f"{message.rstrip('.')} (see '{error.ctx.command_path} --help')"
        super().__init__(message)

    def show(self, file: Any = None) -> None:
        _show_error(self.format_message(), self.as_json)


#: What click raises to show the help for a bare command (click 8.2 and later).
_HELP_ERRORS: tuple[type[click.UsageError], ...] = tuple(
    e for e in (getattr(click.exceptions, "NoArgsIsHelpError", None),) if e is not None)


def _meant_command(typed: str, commands: Sequence[str]) -> str | None:
    """The command ``typed`` most likely meant: the one it begins (``sim``), else a near miss."""
    word = typed.strip().lower()
    if not word:
        return None
    begun = [c for c in commands if c.startswith(word)]
    if len(begun) == 1:
        return begun[0]
    import difflib  # here only: the hint of a wrong name, not every command's start

    close = difflib.get_close_matches(word, list(commands), n=1, cutoff=0.6)
    return close[0] if close else None


class PrimeroGroup(click.Group):
    """The app's command group: every error becomes one ``error:`` line (module docstring)."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """Parse the group's own options; a usage error becomes one line, exit status 2.

        Raises:
            click.ClickException: the usage error, shown as one ``error:`` line (exit
                status 2), or an interrupt (Ctrl-C, exit status 130); a bare ``primero``
                raises click's own help error, unchanged.
        """
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except _HELP_ERRORS:  # a bare ``primero``: the help, as click prints it
            raise
        except click.UsageError as exc:
            raise _BadUsage(exc) from None
        except KeyboardInterrupt:  # Ctrl-C while the line is read: not click's "Aborted!"
            raise _Interrupted(INTERRUPTED) from None

    def resolve_command(self, ctx: click.Context, args: list[str]) \
            -> tuple[str | None, click.Command | None, list[str]]:
        """Find the command (as click does) and note whether it was given ``--json``.

        A command that takes ``--json`` and finds it among its arguments (before a ``--``)
        has its errors reported as JSON (module docstring), its usage errors too: the note is
        made before its arguments are parsed.
        """
        try:
            name, command, rest = super().resolve_command(ctx, args)
        except click.UsageError as exc:  # no such command: name the one meant, if close
            # (click's own hint looks only among the commands imported so far: none, in a
            # fresh process, where the command modules are imported when asked for)
            typed = str(args[0]) if args else ""
            if typed.startswith("-") or exc.ctx is None:
                raise
            meant = _meant_command(typed, self.list_commands(ctx))
            if meant is None:
                raise
            raise click.UsageError(f"No such command {typed!r}. Did you mean {meant!r}?",
                                   ctx=exc.ctx) from None
        own = rest[:rest.index("--")] if "--" in rest else rest
        if command is not None and "--json" in own and any(
                p.name == "json_output" for p in command.params):
            ctx.meta[_JSON_META] = True
        return name, command, rest

    def invoke(self, ctx: click.Context) -> Any:
        """Run the chosen command, reporting errors on one line without a traceback.

        A plug-in skipped as broken (a :class:`~primero.errors.PluginWarning`) is one
        ``warning:`` line on stderr when the command ends, left out when the command's own
        ``error:`` line already says it (asking for that plug-in's variant). primero's other
        warnings (a table cache that cannot be used, :class:`~primero.tables.TableCacheWarning`)
        are one ``warning:`` line each, as they come. Control characters in any line are
        escaped, never sent to the terminal.

        Raises:
            click.ClickException: a usage error (exit status 2), or a
                :class:`~primero.errors.PrimeroError` from the command, shown as one
                ``error:`` line (exit status 1), or an interrupt (Ctrl-C), one ``error:``
                line (exit status 130), or ``SIGTERM``, one ``error:`` line (exit status 143).
        """
        skipped: list[str] = []
        with warnings.catch_warnings():
            shown = warnings.showwarning

            def keep(message: Warning | str, category: type[Warning], *args: Any,
                     **kwargs: Any) -> None:
                if issubclass(category, PluginWarning):
                    skipped.append(_one_line(str(message)).removeprefix("primero: "))
                elif _own_warning(category):  # one line, without Python's file and line
                    _show_warning(_one_line(str(message)).removeprefix("primero: "),
                                  bool(ctx.meta.get(_JSON_META)))
                else:
                    shown(message, category, *args, **kwargs)

            warnings.showwarning = keep
            error = ""
            try:
                with hook_watchdog(), _sigterm_stops_the_command():
                    result = super().invoke(ctx)
                sys.stdout.flush()  # a full disk is told now, as one line, not at exit
                return result
            except (_BadUsage, _Refused) as exc:
                error = _one_line(exc.format_message())
                exc.as_json = bool(ctx.meta.get(_JSON_META))
                raise
            except _HELP_ERRORS:
                raise
            except click.UsageError as exc:
                usage = _BadUsage(exc)
                usage.as_json = bool(ctx.meta.get(_JSON_META))
                raise usage from None
            except PrimeroError as exc:
                error = _one_line(str(exc))
                refused = _Refused(str(exc))
                refused.as_json = bool(ctx.meta.get(_JSON_META))
                raise refused from None
            except KeyboardInterrupt:  # Ctrl-C: one error line (JSON with --json), status 130
                error = INTERRUPTED
                refused = _Interrupted(error)
                refused.as_json = bool(ctx.meta.get(_JSON_META))
                raise refused from None
            except _Terminated:  # SIGTERM: one error line (JSON with --json), status 143
                error = TERMINATED
                refused = _TerminatedError(error)
                refused.as_json = bool(ctx.meta.get(_JSON_META))
                raise refused from None
            except OSError as exc:
                if exc.errno == errno.EPIPE:  # the reader left: click ends quietly, status 1
                    raise
                error = _one_line(_os_error(exc))
                _drop_unwritten_output()
                refused = _Refused(error)
                refused.as_json = bool(ctx.meta.get(_JSON_META))
                raise refused from None
            finally:
                for line in dict.fromkeys(skipped):
                    if not (error and line.endswith(error)):
                        _show_warning(line, bool(ctx.meta.get(_JSON_META)))


class LazyPrimeroGroup(PrimeroGroup):
    """The app's group, importing a command's module when the command is first looked up.

    Reading :attr:`commands` from outside (the docs, a test) imports every command module
    first, so it still holds every command; click's own look-ups go through
    :meth:`get_command` and :meth:`list_commands`.
    """

    @property  # type: ignore[override]
    def commands(self) -> dict[str, click.Command]:
        """Every command by name (every command module imported)."""
        if not self.__dict__.get("_adding"):
            load_all()
        return self._registered

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        """Store the command table itself (click's ``Group.__init__`` assigns it)."""
        self.__dict__["commands"] = value

    @property
    def _registered(self) -> dict[str, click.Command]:
        """The commands registered so far (no import)."""
        found: dict[str, click.Command] = self.__dict__["commands"]
        return found

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register a command (as click does), without importing the other modules."""
        self.__dict__["_adding"] = True
        try:
            super().add_command(cmd, name)
        finally:
            self.__dict__["_adding"] = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported first if need be.

        The name is read in any case, as variant names are (``primero SIMULATE``).
        """
        if cmd_name not in COMMAND_MODULES and cmd_name.lower() in COMMAND_MODULES:
            cmd_name = cmd_name.lower()
        if cmd_name not in self._registered and cmd_name in COMMAND_MODULES:
            importlib.import_module(COMMAND_MODULES[cmd_name])
        return self._registered.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted (every command module imported)."""
        load_all()
        return sorted(self._registered)


def load_all() -> None:
    """Import every command module (so :data:`app` holds every command)."""
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(module)


@click.group(name="primero", cls=LazyPrimeroGroup, help=HELP, no_args_is_help=True,
             context_settings={"help_option_names": ["-h", "--help"],
                               "max_content_width": MAX_WIDTH})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, _param, value: _print_version(ctx, value),
              help=VERSION_HELP)
def app() -> None:
    """Primero, the Renaissance card game: variants, hand evaluation, exact hand counts."""


def _print_version(ctx: click.Context, value: bool) -> None:
    """``primero --version``: the version, and whether the native kernel or numpy counts."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(version_page(ctx.find_root().info_name or "primero"))
    ctx.exit()


# --------------------------------------------------------------------------------------------
# Numbers


#: The most digits a number is echoed with in a message; longer ones are abbreviated.
MAX_SHOWN_DIGITS = 12


def number_text(text: object) -> str:
    """A number (or number-like text) as a message may echo it: long ones abbreviated.

    ``number_text(10**5000)`` is ``"a 5001-digit number"``; short values are returned as text.
    """
    shown = str(text) if not isinstance(text, int) or abs(text) < 10 ** 4000 else "a huge number"
    digits = shown.lstrip("+-")
    if len(digits) > MAX_SHOWN_DIGITS and digits.isascii() and digits.isdigit():
        return f"a {len(digits)}-digit number"
    if len(shown) > 3 * MAX_SHOWN_DIGITS:
        return repr(shown[:MAX_SHOWN_DIGITS] + "…")
    return shown


#: The most digits a whole-number option takes (a 64-bit seed has 20).
MAX_DIGITS = 20

_ASCII_WHOLE = re.compile(r"[+-]?[0-9]+")


class WholeNumber(click.ParamType[int]):
    """A whole number written in ASCII digits, at least ``minimum`` (for option values).

    Full-width and other Unicode digits are refused (``int("２")`` would accept them); a value
    below ``minimum`` is a usage error naming the option; long numbers are not echoed whole.
    With ``maximum``, a larger value is a usage error naming the option too (an amount of
    chips past :data:`~primero.deal.start.MAX_CHIPS`, not a later error naming a seat).
    """

    name = "integer"
    #: The least value taken (``None``: any).
    minimum: int | None
    #: The largest value taken (``None``: any of :data:`MAX_DIGITS` digits).
    maximum: int | None
    #: What the largest value is, as the message says it (``"chips (the most a deal takes)"``).
    unit: str

    def __init__(self, minimum: int | None = None, *, maximum: int | None = None,
                 unit: str = "") -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.unit = unit

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """``N`` in the help (no Python type names)."""
        return "N"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """Read ``value``; a bad or out-of-range value fails naming the option."""
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not _ASCII_WHOLE.fullmatch(text):
                self.fail(f"expected a whole number in ASCII digits (0-9), got "
                          f"{number_text(text)!r}" if len(text) <= 3 * MAX_SHOWN_DIGITS else
                          "expected a whole number in ASCII digits (0-9)", param, ctx)
            digits = len(text.lstrip("+-"))
            if digits > MAX_DIGITS:
                # with a bound, a number this long is past it: say the bound, as for any
                # number past it (not the digits, which would hide the bound)
                if self.maximum is not None and not text.startswith("-") \
                        and self.maximum < 10 ** MAX_DIGITS:
                    self._past_maximum(number_text(text), param, ctx)
                self.fail(f"expected at most {MAX_DIGITS} digits, got {number_text(text)}",
                          param, ctx)
            number = int(text)
        if self.minimum is not None and number < self.minimum:
            self.fail(f"must be at least {self.minimum}, got {number_text(number)}", param, ctx)
        if self.maximum is not None and number > self.maximum:
            self._past_maximum(number_text(number), param, ctx)
        return number

    def _past_maximum(self, shown: str, param: click.Parameter | None,
                      ctx: click.Context | None) -> NoReturn:
        """Fail for a value past :attr:`maximum` (``shown`` as the message shows it)."""
        assert self.maximum is not None
        self.fail(f"must be at most {self.maximum:,}{' ' + self.unit if self.unit else ''}"
                  f", got {shown}", param, ctx)


#: What ``float()`` reads as no finite number: refused as such ("must be a finite number").
_NOT_FINITE = ("nan", "inf", "infinity")

_ASCII_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class DecimalNumber(click.ParamType[float]):
    """A finite decimal number written in ASCII (``0.005``, ``5e-3``), at least ``minimum``.

    What ``float()`` also reads is refused, naming the option: other scripts' digits
    (``"١"``), underscores (``"1_0"``), and (as no finite number) ``nan`` and ``inf``; a value
    below ``minimum`` is a usage error in the words of :class:`WholeNumber` ("must be at least
    0, got -1").
    """

    name = "number"
    #: The least value taken.
    minimum: float
    #: What the number counts, as the messages say it (``"chips per deal"``).
    unit: str

    def __init__(self, minimum: float, *, unit: str = "") -> None:
        self.minimum = minimum
        self.unit = unit

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """``X`` in the help (no Python type names)."""
        return "X"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """Read ``value``; a bad, infinite or too small value fails naming the option."""
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
            shown = repr(value)
        else:
            text = str(value).strip()
            shown = number_text(text) if len(text) <= 3 * MAX_SHOWN_DIGITS else \
                f"a {len(text)}-character text"
            if text.lower().lstrip("+-") in _NOT_FINITE:  # named for what it is, below
                number = float(text)
                shown = str(number)
            elif not _ASCII_DECIMAL.fullmatch(text):
                self.fail(f"expected a decimal number in ASCII digits (0-9, e.g. 0.005), got "
                          f"{shown!r}" if len(text) <= 3 * MAX_SHOWN_DIGITS else
                          "expected a decimal number in ASCII digits (0-9, e.g. 0.005)",
                          param, ctx)
            else:
                number = float(text)
        unit = f" {self.unit}" if self.unit else ""
        if not math.isfinite(number):
            self.fail(f"must be a finite number{' of' + unit if unit else ''}, got {shown}",
                      param, ctx)
        if number < self.minimum:
            self.fail(f"must be at least {self.minimum:g}{unit}, got {shown}", param, ctx)
        return number


class FileName(click.Path):
    """A file's path as typed (a :class:`~pathlib.Path`); an empty name is a usage error.

    ``Path("")`` is ``.``, the current directory: without this check ``--save ""`` would be
    refused as "a directory" and ``replay ""`` would name ``.``, a file the user never typed.
    """

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        """Refuse an empty name, naming the option; else the path."""
        if isinstance(value, str) and not value:
            self.fail("an empty file name: give a file's path", param, ctx)
        return super().convert(value, param, ctx)


class NameChoice(click.Choice):  # type: ignore[type-arg]
    """One of ``choices``, read in any case and without the spaces around it (``" Odds "``).

    Names (agents, variants, option keys) read the same in every command: a name typed with
    spaces around it, or in another case, is the name.
    """

    def __init__(self, choices: Sequence[str]) -> None:
        super().__init__(list(choices), case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        """The choice ``value`` names, its surrounding spaces dropped; else a usage error."""
        return super().convert(value.strip() if isinstance(value, str) else value, param, ctx)


def _stripped(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """A variant name without the spaces around it (``-V " waks "`` is ``waks``)."""
    return value.strip()


# --------------------------------------------------------------------------------------------
# Shared options


def variant_options(function: F) -> F:
    """``--variant/-V NAME`` and ``--option/-o KEY=VALUE`` (repeatable), as every command has.

    The variant is ``waks`` unless given (a command that cannot take every variant names its
    own default with :func:`variant_options_for`).
    """
    return variant_options_for("waks")(function)


def variant_options_for(default: str) -> Callable[[F], F]:
    """:func:`variant_options` with the variant ``default`` when none is given.

    Args:
        default: The variant's name when ``--variant`` is not given (``"toy"`` for
            ``primero solve``, which solves no variant with an exchange).
    """

    def decorate(function: F) -> F:
        function = click.option(
            "--option", "-o", "option", metavar="KEY=VALUE", multiple=True,
            help="A variant option, e.g. supremus=false or deck=french52; repeat for more.",
        )(function)
        return click.option(
            "--variant", "-V", "variant", metavar="NAME", default=default, show_default=True,
            callback=_stripped,
            help="Variant name or alias (any case), options after a colon as in 'primero "
                 "compare' (waks:supremus=false); see 'primero variants'.",
        )(function)

    return decorate


def json_option(function: F) -> F:
    """``--json``: machine-readable output, errors included (``{"format": 1, "error": ...}``)."""
    return click.option("--json", "json_output", is_flag=True,
                        help="Print JSON instead of text; an error too, as one JSON line "
                             "with the key 'error' on stderr (same exit status).")(function)


# --------------------------------------------------------------------------------------------
# Helpers


def fail(message: str) -> NoReturn:
    """Report ``error: <message>`` as one line on standard error and exit with status 1.

    Raises:
        click.ClickException: always; click shows it and exits with status 1.
    """
    raise _Refused(message)


def interrupted(message: str) -> NoReturn:
    """Report ``error: <message>`` for a Ctrl-C as one line and exit with status 130.

    For a command that catches ``KeyboardInterrupt`` itself to say what became of its work
    (``primero play``: whether the deal so far was saved).

    Raises:
        click.ClickException: always; click shows it and exits with status 130 (128 + SIGINT).
    """
    raise _Interrupted(message)


def usage_error(option: str, message: str) -> NoReturn:
    """Report an option out of its range: ``error: invalid value for OPTION``, exit status 2.

    Args:
        option: The option as typed, e.g. ``"--deals"``.
        message: What is wrong with its value.

    Raises:
        click.ClickException: always; click shows it and exits with status 2.
    """
    raise _BadUsage(click.BadParameter(message, param_hint=f"'{option}'"))


def suggest_variant(name: str) -> None:
    """Check that a variant ``name`` (or alias, any case, spaces around it dropped) is installed.

    Raises:
        UnknownVariantError: it is not; the message lists the known variants and, for a
            near miss, asks "did you mean 'waks'?".
        PluginError: the name belongs to a plug-in that was skipped; its one-line reason.
    """
    name = name.strip()
    reg = registry()
    if name in reg:
        return
    if not name:
        raise UnknownVariantError(f"no variant named: give one of {', '.join(reg.names())}")
    with contextlib.suppress(UnknownVariantError):
        reg.spec(name)  # a broken plug-in's variant raises its own one-line reason here
    import difflib  # here only: the hint of a wrong name, not every command's start

    words = {name: spec.name for spec in reg.specs() for name in (spec.name, *spec.aliases)}
    close = difflib.get_close_matches(name.lower(), list(words), n=1, cutoff=0.6)
    hint = f"did you mean {words[close[0]]!r}? " if close else ""
    raise UnknownVariantError(
        f"unknown variant {name!r}; {hint}known variants: {', '.join(reg.names())}")


def load_variant(name: str, options: Sequence[str] | None) -> Variant:
    """Configure the variant ``name`` (spaces around it dropped) with ``--option`` arguments.

    ``name`` may carry options after a colon, as ``primero compare`` reads a variant
    (``waks:supremus=false``, :func:`~primero.plugins.registry.resolve_variant`).

    Raises:
        UnknownVariantError: no such variant; the message lists the known ones (and suggests
            the closest name).
        InvalidOptionError: a malformed, unknown or badly valued option, or one given both
            after the colon and with ``--option``.
    """
    name = name.strip()
    base, colon, inline = name.partition(":")
    suggest_variant(base.strip())
    given = parse_option_args(options)
    if not colon:
        return get_variant(name, **given)
    written = parse_option_args([part for part in inline.split(",") if part.strip()]) \
        if "=" in inline else {}
    twice = sorted(set(written) & set(given))
    if twice:
        raise InvalidOptionError(f"option {twice[0]!r} given twice: in --variant "
                                 f"{named(name)} and with --option")
    return resolve_variant(name, given)


def print_json(data: Mapping[str, object]) -> None:
    """Print a command's ``--json`` result: ``data`` as one indented JSON object.

    The object begins with ``"format"`` (:data:`primero.json_schema.FORMAT`), the version of
    primero's JSON, then ``data``'s keys; cards and names are UTF-8 text. Each command's
    object is the kind of :func:`primero.json_schema.schema` named after it.

    Args:
        data: The result's keys and values (plain JSON values).
    """
    click.echo(json.dumps({"format": FORMAT, **data}, indent=2, ensure_ascii=False))


def console(*, soft_wrap: bool = False) -> Console:
    """A rich console on the current standard output (built per call: tests swap stdout).

    ``markup=False``: rules text, sources (``[seed-DE]``), option values (``[true, false]``),
    error messages and player names are printed as they are, never read as markup tags.
    """
    columns = os.environ.get("COLUMNS", "")
    # rich takes COLUMNS=0 as a width of 0 and prints nothing at all: a width that is no
    # positive number is ignored, as the help pages ignore it (the terminal's, else 80)
    width = output_width() if columns.isdigit() and not int(columns) else None
    return Console(file=sys.stdout, highlight=False, soft_wrap=soft_wrap, markup=False,
                   width=width)


def _min_width(cell: object, no_wrap: bool) -> int:
    """The fewest columns ``cell`` needs uncut: whole if it may not wrap, else its longest word."""
    text = str(getattr(cell, "plain", cell))
    if no_wrap:
        return max((len(line) for line in text.splitlines()), default=0)
    return max((len(word) for word in text.split()), default=0)


def print_table(out: Console, table: Any) -> None:
    """Print a rich ``table`` on ``out``, stacked when the terminal is too narrow for it.

    A table whose columns cannot all fit ``out.width`` uncut (each whole number cell, each
    word of a text cell, three columns of one that folds long words, the borders and padding)
    is printed as a list instead: its title, then per row ``header: value`` for the first
    column and, indented under it, for every other column. Nothing is cut nor lost in a
    narrow terminal (``COLUMNS=40``).

    Args:
        out: The console printed on.
        table: A ``rich.table.Table``.
    """
    columns = list(table.columns)
    needed = len(columns) * 3 + 1  # a border and one space each side per column
    for column in columns:
        cells = [column.header, *column.cells]
        widest = max(_min_width(cell, bool(column.no_wrap)) for cell in cells)
        # a column that folds long words (names) reads well down to 3 columns
        needed += min(widest, 3) if column.overflow == "fold" else widest
    if needed <= out.width or not columns:
        out.print(table)
        return
    if table.title:
        out.print(str(getattr(table.title, "plain", table.title)))
    rows = [[str(getattr(cell, "plain", cell)) for cell in column.cells] for column in columns]
    headers = [str(getattr(column.header, "plain", column.header)) for column in columns]
    for index in range(table.row_count):
        first = rows[0][index]
        out.print(Text(f"{headers[0]}: {first}" if headers[0] else first), overflow="fold")
        for header, cells in zip(headers[1:], rows[1:], strict=True):
            out.print(Text(f"  {header}: {cells[index]}"), overflow="fold")
    if table.caption:
        out.print(str(getattr(table.caption, "plain", table.caption)))


def titled(title: str, rest: str) -> Text:
    """``title`` in bold followed by plain ``rest`` (rich imported now)."""
    return Text.assemble((title, "bold"), rest)


def plain_stdout() -> bool:
    """Whether :func:`console` would print plain text: standard output is no terminal.

    rich's own test (``TTY_COMPATIBLE``, then ``FORCE_COLOR``, then ``isatty``), on Unix-like
    systems outside Jupyter only; there a console prints no style and drops only a few control
    codes (:func:`plain_text` does the same without importing rich).
    """
    if sys.platform == "win32" or "IPython" in sys.modules:
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "0"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force == ""
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed file: no terminal
        return True


def output_width() -> int:
    """The width, in columns, that :func:`console` gives standard output (rich's reading).

    ``COLUMNS`` when it is a positive number, else the terminal of standard input, output or
    error (the first that has one; 80 if it reports 0), else 80.
    """
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit() and int(columns):
        return int(columns)
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
    return 80


#: The control codes a rich console drops from printed text: bell, backspace, vertical tab,
#: form feed and carriage return.
_DROPPED = dict.fromkeys((7, 8, 11, 12, 13))
#: What a rich console changes in text beyond those: a tab (expanded to columns) or what may be
#: an emoji code (``:smile:``).
_REWRITTEN = re.compile(r"\t|:\S*?:")


def plain_text(text: str) -> str | None:
    """``text`` as :func:`console` prints it where :func:`plain_stdout` holds, if plain.

    Args:
        text: Lines of text, without styles.

    Returns:
        ``text`` without the control codes rich drops, or ``None`` when rich would rewrite it
        further (a tab, which it expands, or an emoji code, which it may replace): print that
        through the console.
    """
    if _REWRITTEN.search(text) is not None:
        return None
    return text.translate(_DROPPED)


def wrapped(text: str, width: int, *, hang: int | None = None) -> list[str]:
    """``text`` in ``width`` columns: its lines, wrapped at spaces, never inside a word.

    Continued lines are indented ``hang`` spaces (default: the line's own indent plus two).
    """
    if len(text) <= width and text.isprintable() and not text.endswith(" "):
        return [text]  # what textwrap returns for it, at a fraction of the cost
    indent = len(text) - len(text.lstrip(" "))
    pad = " " * (indent + 2 if hang is None else hang)
    return textwrap.wrap(text, width=width, subsequent_indent=pad, break_long_words=False,
                         break_on_hyphens=False) or [""]


def span(low: int, high: int) -> str:
    """``"2–6"``, or ``"4"`` when both ends are equal."""
    return str(low) if low == high else f"{low}–{high}"
