"""The ``primero play`` command (``primero replay`` is :mod:`primero.cli.replay`).

Registered on :data:`primero.cli.core.app`::

    primero play [--variant V] [--players N] [--seed N] [--auto] [--deals N] [--agent A]
                 [--save FILE [--force]] [--name NAME] [--chips N] [--stake N] [--rest N] [--ante N]
                 [--raise-cap N]

At the terminal the human is the eldest (seat 0) of the first deal; ``help`` or ``?`` at the
prompt lists the verbs with their poker counterparts, ``rules`` gives the order of hands, the
card points and the variant's summary, ``quit`` leaves the table. ``play`` is a session
(:class:`primero.session.Session` does the bookkeeping, docs/rules/waks.md "Session"): deal
after deal until the human quits, ``--deals`` are played or one player is left; ``--auto``
plays one deal unless ``--deals`` says more. How a deal is told is
:mod:`primero.cli.narration`.
"""

from __future__ import annotations

import difflib
import os
import random
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console

from primero.actions import MAX_AMOUNT_DIGITS, Action, Exchange, Pass, parse_action
from primero.agents import AGENTS, Agent, hint, make_agent
from primero.cards import Card, format_cards
from primero.cli.core import (
    FileName,
    NameChoice,
    WholeNumber,
    app,
    console,
    fail,
    interrupted,
    load_variant,
    number_text,
    printable,
    titled,
    usage_error,
    variant_options,
    wrapped,
)
from primero.cli.narration import YOU, narrate, possessive, to_you
from primero.cli.pages import SHORT_HELP
from primero.deal.engine import start_deal
from primero.deal.start import MAX_CHIPS
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.records import dump_record, record_from_state
from primero.seating import deal_passing_text, seating_text
from primero.session import Session
from primero.setup import player_names_problem
from primero.variant import Variant
from primero.variants.cardano import CardanoRules, call_book, parse_understatements
from primero.views import PlayerView

__all__ = [
    "CALL_HELP_LINES",
    "HELP_INDENT",
    "HELP_LINES",
    "LEGEND",
    "NAMES",
    "NEXT_DEAL",
    "QUIT_WORDS",
    "check_table",
    "play_command",
    "rules_lines",
    "say",
    "table_lines",
    "table_players",
]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz", "Gina", "Hugo")

#: What ``help`` (or ``?``) prints at the prompt: each verb with its poker counterpart.
HELP_LINES = (
    "  vie N           open the betting with N chips (poker: bet)",
    "  hold            match the highest bet of the round (poker: call)",
    "  hold raise N    match it and raise by N more (poker: raise)",
    "  pass            put nothing in for now (poker: check); once someone has vied you may "
    "pass only once, then hold or fold",
    "  fold            give up the deal; your chips stay in the pot (poker: fold)",
    "  exchange CARDS  throw these cards and draw as many (poker: draw); a plain 'exchange' "
    "or 'stand pat' keeps your hand",
    "  hint            your chance to win at the showdown and what the odds player would do",
    "  a number        the action of that number in the list",
    "  rules           the hands in order, the card points and how this variant is played",
    "  table           every player's chips, what they have put in the pot and whether "
    "they are still in",
    "  quit            leave the table (also 'exit')",
    "  the list shows what you may do now: not every variant has every verb (Suzuki's has no "
    "fold, and there a pass may exchange cards)",
)
#: What ``help`` adds in a calling variant (``cardano``, docs/rules/cardano.md).
CALL_HELP_LINES = (
    "  vie N call C    every vie and every raise names a call C: a hand class and its points, "
    "e.g. 'vie 1 call Primero 60' or 'hold raise 2 call Fluxus 70'; a Supremus is called "
    "without points",
    "  the call        each call must rank above the standing call; at the showdown only a "
    "hand that meets the standing call can win (a bluff may make the others fold first)",
)
#: The one line under the first prompt; ``{example}`` is one of the actions listed.
LEGEND = "  (answer with a number from the list or an action such as '{example}'; 'help' " \
    "lists the verbs, 'rules' the game, 'quit' leaves the table)"
#: Where a help entry's description starts; its continued lines start there too.
HELP_INDENT = 18
#: Said once, the first time the human faces a vie with a plain pass among their actions.
PASS_NOTE = "  facing a vie, 'pass' puts nothing in and keeps you in; you may pass once, then " \
    "you must hold or fold"

#: The agents' names, read in any case as variant names are.
AGENT_NAMES = NameChoice(list(AGENTS))


def say(out: Console, text: str, *, hang: int | None = None, style: str | None = None) \
        -> None:
    """Print ``text`` wrapped at spaces to the terminal's width, never inside a word.

    Continued lines are indented ``hang`` spaces (default: the line's own indent plus two),
    so a long help entry, note or showdown line still reads as one item in a narrow window.
    """
    for line in wrapped(text, max(out.width, 40), hang=hang):
        out.print(line, style=style)


#: Above this many legal actions, actions that name a call are summarised, not listed.
MAX_LISTED = 24


def _thrown(action: Action) -> tuple[Card, ...] | None:
    """The cards an action throws (an exchange, or Suzuki's pass with one), else ``None``."""
    if isinstance(action, Exchange):
        return action.discards
    if isinstance(action, Pass) and action.exchange:
        return action.exchange
    return None


def _listed(legal: tuple[Action, ...], hand: tuple[Card, ...] = ()) -> list[Action]:
    """The actions to number: all of them, or those without a call when there are many.

    The exchanges are listed in the hand's order: fewer cards first, then by where the cards
    are in ``hand`` (``exchange 7d`` before ``exchange Ks`` for the hand 7♦ K♠), each in the
    places the exchanges had among the other actions.
    """
    listed = list(legal) if len(legal) <= MAX_LISTED else \
        [a for a in legal if getattr(a, "call", None) is None]
    place = {card: k for k, card in enumerate(hand)}
    slots = [k for k, a in enumerate(listed) if _thrown(a) is not None]

    def by_hand(action: Action) -> tuple[int, list[int]]:
        cards = _thrown(action) or ()
        return len(cards), sorted(place.get(c, len(place)) for c in cards)

    for k, action in zip(slots, sorted((listed[k] for k in slots), key=by_hand), strict=True):
        listed[k] = action
    return listed


def _menu_text(action: Action, hand: tuple[Card, ...] = ()) -> str:
    """An action as the menu lists it; thrown cards in the hand's order (``exchange 7d Ks``)."""
    if isinstance(action, Exchange) and not action.discards:
        return "exchange (stand pat: keep your cards)"
    cards = _thrown(action)
    if cards:
        place = {card: k for k, card in enumerate(hand)}
        ordered = sorted(cards, key=lambda c: place.get(c, len(place)))
        verb = "exchange" if isinstance(action, Exchange) else "pass exchange"
        return " ".join([verb, *(c.ascii for c in ordered)])
    return str(action)


def table_lines(view: PlayerView) -> list[str]:
    """What ``table`` prints at the prompt: every seat's stack, chips in and state, the pot.

    Only what the viewer may see (:class:`~primero.views.PlayerView`): ``D`` marks the dealer
    and ``>`` the seat to act; a seat's state is ``folded``, ``all-in`` or ``in``, with how
    many cards it holds and its cards dealt face up.
    """
    where = "over" if view.over else str(view.step) if view.step is not None else "start"
    owed = f"; to hold: {view.owed}" if view.owed else ""
    lines = [f"  table — {where}; pot {view.pot}{owed} (> to act, D deals)"]
    width = max(len(s.name) for s in view.seats)
    for k, seat in enumerate(view.seats):
        mark = (">" if k == view.to_act else " ") + ("D" if k == view.dealer else " ")
        state = "folded" if seat.folded else "all-in" if seat.stack == 0 else "in"
        cards = f"{seat.cards} card{'s' if seat.cards != 1 else ''}"
        shown = f"; open {format_cards(seat.open)}" if seat.open else ""
        lines.append(f"  {mark} {seat.name:<{width}}  {seat.stack:>4} chips  in the pot "
                     f"{seat.contributed:>3}  {state} ({cards}{shown})")
    return lines


def _runs(points: Sequence[int]) -> str:
    """Ascending points as runs: ``42-79, 81-84``; a lone value stands alone."""
    runs: list[list[int]] = []
    for p in points:
        if runs and p == runs[-1][-1] + 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _calls_summary(with_calls: list[Action]) -> list[str]:
    """Lines describing many call-naming actions (the calling variant), calls by class.

    ``  or vie 1-3 / hold raise 1-3 naming a call above the standing one:`` then one line per
    class, weakest first, with the points that may be called (``    Primero 42-79, 81-84``).
    """
    moves: dict[str, list[int]] = {}
    by_class: dict[str, list[int]] = {}
    for action in with_calls:
        verb, _, amount = str(action).partition(" call ")[0].rpartition(" ")
        moves.setdefault(verb, []).append(int(amount))
        call = getattr(action, "call", None)
        if call is not None:
            points = by_class.setdefault(call.hand_class, [])
            if call.points is not None and call.points not in points:
                points.append(call.points)
    said = " / ".join(f"{verb} {_runs(sorted(set(amounts)))}" for verb, amounts in moves.items())
    example = str(with_calls[len(with_calls) // 2])
    lines = [f"  or {said} naming a call (a class and points), e.g. '{example}'; the calls "
             "you may name now:"]
    for cls, points in by_class.items():
        lines.append(f"    {cls} {_runs(sorted(points))}" if points else
                     f"    {cls} (named without its points)")
    return lines


def _example(listed: Sequence[Action]) -> str:
    """An action to quote in the legend: one that takes a word after its verb, if any."""
    worded = [a for a in listed if " " in str(a)]
    return str((worded or list(listed))[0])


def rules_lines(variant: Variant) -> list[str]:
    """What ``rules`` prints at the prompt: the hands in order, the card points, the summary.

    The order is the variant's own (docs/rules/hands.md): Chorus > Fluxus > Supremus >
    Primero > Numerus in ``waks``; inverted in ``losing``, where the lowest hand wins.
    """
    ranking = variant.ranking
    order = " > ".join(ranking.strongest_first)
    lines = [f"  {variant.spec.title}"]
    seating = seating_text(variant)  # docs/rules/dealing.md#direction
    if seating is not None:
        lines.append(f"  {seating}")
    lines.append(f"  the hands, the winning one first: {order}")
    if ranking.low_wins:
        lines.append("  the lowest hand wins: the weakest class, then the fewest points")
    for cls in ranking.strongest_first:
        lines.append(f"    {cls}: {ranking.describe_class(cls)}")
    by_points: dict[int, list[str]] = {}
    for card in ranking.pack.cards:
        label = card.rank.label
        shown = by_points.setdefault(ranking.points[card], [])
        if label not in shown:
            shown.append(label)
    points = ", ".join(f"{' '.join(labels)}: {p}" for p, labels in
                       sorted(by_points.items(), reverse=True))
    lines.append(f"  card points: {points}")
    for paragraph in variant.spec.summary.split("\n\n"):  # each wrapped by the terminal
        lines.extend(("", f"  {' '.join(paragraph.split())}"))
    return lines


def _unmet_call(view: PlayerView) -> str | None:
    """The warning when the viewer's whole hand does not meet the standing call (``cardano``).

    docs/rules/cardano.md: at the showdown only hands that meet the standing call can win.
    """
    call, value = view.standing_call, view.hand_value
    if call is None or value is None:
        return None
    variant = view.variant
    book = call_book(variant.ranking)
    if book.meets(value, call, rule=str(variant.option("call_rule")),
                  understatements=parse_understatements(str(variant.option("understatements")))):
        return None
    return (f"  note: your {value.label} does not meet the standing call {call}: at the "
            "showdown it cannot win (only a hand meeting the call can)")


def _call_problem(answer: str, state: GameState, legal: tuple[Action, ...]) -> str | None:
    """Why the call named in ``answer`` cannot be read, or ``None`` (calling variants).

    ``vie 2 call royal flush`` names no hand class of the variant: say so, rather than that
    "'flush' is not a number"; ``call Primero 60`` alone lacks the vie or raise that names it.
    """
    words = answer.split()
    lowered = [w.lower() for w in words]
    if "call" not in lowered:
        return None
    named = words[lowered.index("call") + 1:]
    classes = list(state.variant.ranking.classes)
    with_calls = [a for a in legal if getattr(a, "call", None) is not None]
    if not with_calls:
        return None  # no call can be made now: the rules say why
    example = f"'{with_calls[len(with_calls) // 2]}'"
    if lowered[0] == "call":  # a call alone: it is named with a vie or a raise
        typed = " ".join(named).lower()
        same = next((a for a in with_calls
                     if str(a).partition(" call ")[2].lower() == typed), None)
        return ("a call is named with a vie or a raise, e.g. "
                + (f"'{same}'" if same is not None else example))
    if not named:
        return f"name the call after 'call': a hand class and its points, e.g. {example}"
    by_lower = {c.lower(): c for c in classes}
    if named[0].lower() not in by_lower:
        return (f"cannot read the call {' '.join(named)!r}: a call is a hand class of "
                f"{state.variant.name} ({', '.join(reversed(classes))}) and its points, "
                f"e.g. {example}")
    if len(named) > 2 or (len(named) == 2 and not (named[1].isascii() and named[1].isdigit())):
        return (f"cannot read the call {' '.join(named)!r}: after the class comes its points "
                f"as a number, e.g. {example}")
    return None


class _Prompt:
    """The human's side of the table: the menu, help, the legend and notes said once."""

    def __init__(self, read: Callable[[str], str]) -> None:
        self.read = read
        self.legend_shown = False
        self.pass_explained = False

    def ask(self, state: GameState, seat: int) -> Action:
        view = state.view(seat)
        name = state.seats[seat].name
        out = console(soft_wrap=True)
        betting = any(step.kind == "bet" for step in state.plan)
        owed = f"; to hold: {view.owed}" if betting else ""
        out.print(titled("Your turn", f" — your cards: {format_cards(view.hand)}; "
                          f"chips {view.stack}; pot {view.pot}{owed}"))
        for other, public in enumerate(view.seats):  # what this seat sees of the others
            if other != seat and public.open:
                say(out, f"  {possessive(public.name)} face-up cards: "
                         f"{format_cards(public.open)}")
        legal = view.legal
        listed = _listed(legal, view.hand)
        for k, option in enumerate(listed, start=1):
            out.print(f"  {k:>3}. {_menu_text(option, view.hand)}")
        if len(listed) < len(legal):
            for line in _calls_summary([a for a in legal if a not in listed]):
                say(out, line)
        unmet = _unmet_call(view)
        if unmet is not None:
            say(out, unmet)
        if view.owed > 0 and Pass() in legal and not self.pass_explained:
            say(out, PASS_NOTE)
            self.pass_explained = True
        if not self.legend_shown:
            say(out, LEGEND.format(example=_example(listed)))
            self.legend_shown = True
        calling = any(isinstance(p, CardanoRules) for p in state.variant.spec.plugins)
        while True:
            answer = self.read("Your action (number or text): ").strip()
            if answer.lower() in QUIT_WORDS:
                raise _Quit
            if answer.lower() == "rules":
                for line in rules_lines(state.variant):
                    say(out, line)
                continue
            if answer.lower() in ("help", "?", "h"):
                for line in (*HELP_LINES, *(CALL_HELP_LINES if calling else ())):
                    columned = line[HELP_INDENT - 2:HELP_INDENT] == "  "  # continued under
                    say(out, line, hang=HELP_INDENT if columned else None)
                continue
            if answer.lower() == "table":
                for line in table_lines(view):
                    say(out, line)
                continue
            if answer.lower() == "hint":
                for line in hint(view, seed=len(view.history)).splitlines():
                    say(out, f"  {line}")
                continue
            if answer.isascii() and answer.isdigit():  # no action is a bare number: the menu
                if len(answer) <= MAX_AMOUNT_DIGITS and 1 <= int(answer) <= len(listed):
                    return listed[int(answer) - 1]
                say(out, f"  choose a number from 1 to {len(listed)}, or type an action",
                    style="red")
                continue
            odd = next((ch for ch in answer if ch.isdigit() and not ch.isascii()), None)
            if odd is not None:
                say(out, f"  numbers are written with the digits 0-9, not {odd!r}",
                    style="red")
                continue
            if answer.lower() in ("stand pat", "stand", "pat"):
                answer = "exchange"
            problem = _call_problem(answer, state, legal)
            if problem is not None:
                say(out, f"  {problem}", style="red")
                continue
            try:
                action = parse_action(answer)
            except PrimeroError as exc:
                say(out, f"  {exc}", style="red")
                tip = typing_tip(answer, listed, calling=calling)
                if tip is not None:
                    say(out, f"  {tip}")
                continue
            if action in legal:
                return action
            reason = state.variant.rules.deal.illegal_reason(state, action)
            say(out, f"  {to_you(reason, name)}", style="red")


#: Poker words players type, and what Primero calls them (``call`` is a Cardano call there).
POKER_WORDS = {"bet": "vie", "check": "pass", "call": "hold", "raise": "hold raise"}

#: The verbs and prompt words a typo or an abbreviation is matched against.
VERBS = ("vie", "hold", "pass", "fold", "exchange", "help", "rules", "table", "hint", "quit")


def typing_tip(answer: str, listed: Sequence[Action], *, calling: bool = False) -> str | None:
    """What the player most likely meant by ``answer``, an action that could not be read.

    Never acts on a guess (a mistyped ``fold`` must not fold): it names the action to type
    and, when the menu lists it, its number. ``None`` when there is no good guess.

    Args:
        answer: The text typed, stripped.
        listed: The actions of the menu, in its order (number 1 first).
        calling: Whether ``call`` is the variant's own verb (Cardano), so not poker's.
    """
    words = answer.lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    amount = rest[0] if rest and rest[0].isascii() and rest[0].isdigit() else None
    if verb in POKER_WORDS and not (calling and verb == "call"):
        meant = POKER_WORDS[verb]
        suggested = f"{meant} {amount}" if amount is not None else meant
        where = f"in Primero a {verb} is {meant!r}:"
    elif verb in VERBS:
        if verb == "hold" and amount is not None:
            return (f"'hold' takes no amount: it puts in what you owe; to raise by {amount}, "
                    f"type 'hold raise {amount}'")
        if verb == "vie" and not rest:
            vies = [str(a) for a in listed if str(a).startswith("vie ")]
            return f"a vie needs an amount: {', '.join(vies)}" if vies else None
        return None
    else:
        close = [v for v in VERBS if v.startswith(verb)] if len(verb) < 3 else []
        close = close or difflib.get_close_matches(verb, VERBS, n=1, cutoff=0.6)
        if len(close) != 1:
            return None
        meant = close[0]
        suggested = f"{meant} {amount}" if amount is not None else meant
        where = "did you mean it?"
    number = next((k for k, a in enumerate(listed, start=1) if str(a) == suggested), None)
    tail = f" (or its number, {number})" if number is not None else ""
    return f"{where} type {suggested!r}{tail}" if verb in POKER_WORDS else \
        f"did you mean {suggested!r}? type it in full{tail}"


#: Words that leave the table at any prompt.
QUIT_WORDS = ("quit", "exit", "q")


class _EndOfInput(Exception):
    """Standard input ended before the deal did."""


class _Quit(Exception):
    """The player typed ``quit``."""


def _read(prompt: str) -> str:
    try:
        return input(prompt)
    except (EOFError, OSError, RuntimeError, ValueError):  # ended, closed or lost (no stdin)
        raise _EndOfInput from None


def _stdin_closed() -> bool:
    """Whether there is no standard input to read the human's actions from."""
    return sys.stdin is None or sys.stdin.closed


def table_players(variant: Variant, players: int) -> int:
    """``--players`` as typed, or, when the user gave none, its default within the variant's range.

    ``primero play -V toy`` plays the toy's 2 players, not the default 4 it cannot seat.
    """
    if click.get_current_context().get_parameter_source("players") != ParameterSource.DEFAULT:
        return players
    low, high = variant.spec.players
    return min(max(players, low), high)


def chip_amount(minimum: int) -> WholeNumber:
    """The type of an option that is an amount of chips: ``minimum`` to ``MAX_CHIPS``.

    A larger value is a usage error naming the option (not a later error naming a seat).
    """
    return WholeNumber(minimum, maximum=MAX_CHIPS, unit="chips (the most a deal takes)")


def check_table(variant: Variant, *, players: int, stake: int, rest: int,
                ante: int | None) -> None:
    """Check the table options against the variant before any card is dealt.

    Out-of-range table options are usage errors (exit status 2) naming the option, the same
    whether the bound is fixed (``--stake 0``) or the variant's (``--players 7``).

    Raises:
        click.ClickException: via :func:`~primero.cli.core.usage_error`.
    """
    low, high = variant.spec.players
    if not low <= players <= high:
        usage_error("--players", f"{variant.name} is played by "
                    f"{low if low == high else f'{low} to {high}'} players; "
                    f"got {number_text(players)}")
    if rest < stake:
        usage_error("--rest", f"the rest (the largest bet) must be at least the stake "
                    f"({number_text(stake)}); got {number_text(rest)}")
    if ante and not any(step.kind == "ante" for step in variant.rules.deal.deal_plan()):
        usage_error("--ante", f"{variant.name} has no ante: ante must be 0, "
                    f"got {number_text(ante)}")


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _open_save(save: Path) -> int:
    """Open ``save`` for writing without blocking; refuse anything but a regular file.

    The file is created if missing and not truncated; a FIFO, a device or a socket is
    refused (opening a FIFO with no reader would hang, writing to one would block).
    """
    if save.is_dir():
        fail(f"cannot save the deal to {save}: it is a directory")
    if not save.parent.is_dir():
        fail(f"cannot save the deal to {save}: no directory {save.parent}")
    try:
        found = os.stat(save).st_mode
    except OSError:
        found = None  # no file yet (or none reachable): opening it says why
    if found is not None and not stat.S_ISREG(found):
        kind = next((name for test, name in _KINDS if test(found)), "not a regular file")
        fail(f"cannot save the deal to {save}: it is {kind}; a deal is saved to a regular "
             "file only")
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(save, flags, 0o666)
    except OSError as exc:  # ENXIO: a FIFO nobody reads
        fail(f"cannot save the deal to {save}: {exc.strerror or exc}")
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        fail(f"cannot save the deal to {save}: it is {kind}; a deal is saved to a regular "
             "file only")
    return fd


def _check_save(save: Path, state: GameState, *, force: bool) -> None:
    """Check before the first card that the deal can be saved to ``save``; write nothing.

    The file is written only when play stops (:func:`_save`): while the deal is played it
    holds nothing of the stock, which the human must not read. A file already there is kept
    unless ``force`` (``--force``): a saved deal is never lost to a new one by accident.
    """
    record_from_state(state)  # a deal no deal file can replay fails now, not at the end
    if not force and save.is_file():
        fail(f"cannot save the deal to {save}: the file exists; give --force to overwrite it")
    os.close(_open_save(save))


def _save(save: Path, state: GameState) -> None:
    """Write the deal so far (its whole stock, every reshuffle, every action) to ``save``."""
    text = dump_record(record_from_state(state)).encode("utf-8")
    fd = _open_save(save)
    try:
        os.ftruncate(fd, 0)
        view = memoryview(text)
        while view:
            view = view[os.write(fd, view):]
    except OSError as exc:
        fail(f"cannot save the deal to {save}: {exc.strerror or exc}")
    finally:
        os.close(fd)


def _deal_path(save: Path, number: int) -> Path:
    """Where deal ``number`` of a session is saved: ``deal.toml``, then ``deal-2.toml``..."""
    return save if number == 1 else save.with_name(f"{save.stem}-{number}{save.suffix}")


def _standings(session: Session, *, next_deal: bool = True) -> str:
    """One line between deals: everyone's chips, most first, the carry-over, the next dealer.

    With ``next_deal`` (another deal follows) the line ends with the session's next dealer
    and the way the deal passes (``deal_passes``, docs/rules/dealing.md#direction): e.g.
    ``"Carla deals next (the deal passes against play, counter-clockwise)"``.
    """
    chips = ", ".join(f"{name} {c}" for name, c in session.standings()[:len(session.players)])
    gone = f"; left the table: {', '.join(session.left)}" if session.left else ""
    carry = f"; {session.carry} chip{'s' if session.carry != 1 else ''} carried over" \
        if session.carry else ""
    dealer = session.players[session.dealer] if session.players else ""
    deal = f"; {deal_passing_text(session.variant, 'you' if dealer == YOU else dealer)}" \
        if next_deal and dealer and not session.finished else ""
    return f"standings after deal {session.deals}: {chips}{carry}{gone}{deal}"


def _header(out: Console, state: GameState, number: int) -> None:
    """Deal ``number``'s first line: the variant, the players, who deals, the table."""
    dealer = state.seats[state.dealer].name
    table = [to_you(f"{dealer} deals", dealer)]
    if any(step.kind == "bet" for step in state.plan):
        table.append(f"stake {state.table.stake}, rest {state.table.rest}")
    if state.table.ante:
        table.append(f"ante {state.table.ante}")
    if state.carry_in:
        table.append(f"{state.carry_in} chip{'s' if state.carry_in != 1 else ''} carried "
                     "over in the pot")
    which = f", deal {number}" if number > 1 else ""
    out.print(titled(state.variant.spec.title,
                      f"{which} — {', '.join(state.players)}; {'; '.join(table)}"))
    if state.variant.ranking.low_wins:
        say(out, "  the lowest hand wins (type 'rules' at the prompt for the order)")


def _check_agents_play(state: GameState, agents: dict[str, Agent], *, human: str | None,
                       agent: str) -> None:
    """Refuse, before a card is shown, a deal a computer player cannot play.

    An agent that can tell up front whether it plays a table (the equilibrium player's
    ``strategy_for``: heads-up, equal chips, a game the solver takes) is asked with its seat's
    view of the new deal; otherwise the deal would stop at its first turn.

    Raises:
        click.ClickException: (one line) the agent's reason, e.g. more than two players.
    """
    for seat, name in enumerate(state.players):
        check = getattr(agents[name], "strategy_for", None)
        if name == human or not callable(check):
            continue
        try:
            check(state.view(seat))
        except PrimeroError as error:
            fail(f"--agent {agent} cannot play this deal: {error}")


def _play_deal(state: GameState, *, human: str | None, agents: dict[str, Agent],
               rng: random.Random, prompt: _Prompt, out: Console, save: Path | None) \
        -> GameState:
    """Play one deal to its end, narrated; the human (by name) is asked at their turns.

    Raises:
        _Quit: the human typed ``quit``.
        click.ClickException: standard input ended (exit status 1), or the game was
            interrupted (Ctrl-C, exit status 130), in the middle of the deal; one line saying
            whether the deal so far was saved.
    """
    seat_of = state.players.index(human) if human is not None else None
    for line in narrate(None, state, seat=seat_of):
        say(out, line)
    try:
        while not state.over:
            seat = state.to_act
            assert seat is not None
            try:
                action = prompt.ask(state, seat) if seat == seat_of else \
                    agents[state.players[seat]].act(state.view(seat), rng)
            except _EndOfInput:
                click.echo()  # end the prompt's line
                kept = f"; the deal so far is saved to {save}" if save is not None else ""
                fail(f"end of input before the end of the deal: the deal is left "
                     f"unfinished{kept}")
            after = state.apply(action)
            for line in narrate(state, after, seat=seat_of, action=action):
                say(out, line)
            state = after
    except KeyboardInterrupt:  # Ctrl-C: say what became of the deal, as at the end of input
        click.echo()
        kept = f"; the deal so far is saved to {save}" if save is not None else ""
        interrupted(f"interrupted: the deal is left unfinished{kept}")
    finally:  # only now, with play stopped, may the file show the stock
        if save is not None:
            _save(save, state)
    for seat, name in enumerate(state.players):  # the computer players see how it ended
        observe = getattr(agents.get(name), "observe", None) if seat != seat_of else None
        if observe is not None:
            observe(state.view(seat))
    if save is not None:
        out.print(f"deal saved to {printable(str(save))}")
    return state


#: The question between deals of a session at the terminal.
NEXT_DEAL = "Next deal: press Enter, or type 'quit' to leave the table: "


def _next_deal(read: Callable[[str], str], out: Console) -> bool:
    """Whether the human wants another deal (end of input: no)."""
    while True:
        try:
            answer = read(NEXT_DEAL).strip().lower()
        except _EndOfInput:
            click.echo()
            return False
        if answer in QUIT_WORDS:
            return False
        if answer in ("", "y", "yes", "next", "deal"):
            return True
        say(out, "  press Enter for the next deal, or type 'quit'", style="red")


@app.command("play", short_help=SHORT_HELP["play"])
@variant_options
@click.option("--players", "-n", type=WholeNumber(2), default=4, show_default=True,
              help="Players at the table, within the variant's range (see 'primero variants'); "
                   "not given, 4 or the nearest count the variant allows.")
@click.option("--seed", "-s", type=WholeNumber(0), default=None,
              help="Seed for the shuffle and the computer players (same seed, same deal).")
@click.option("--auto", is_flag=True, help="Computer players play every seat; watch the deal.")
@click.option("--deals", type=WholeNumber(1), default=None,
              help="Deals to play, the chips, the deal and any carry-over passing on between "
                   "them. Default: until you quit or one player is left; one deal if the "
                   "computer plays every seat (--auto).")
@click.option("--agent", "-a", type=AGENT_NAMES, default="heuristic",
              show_default=True, help="The computer players.")
@click.option("--chips", type=chip_amount(1), default=50, show_default=True,
              help="Each player's chips at the start.")
@click.option("--stake", type=chip_amount(1), default=1, show_default=True,
              help="Smallest bet, in chips.")
@click.option("--rest", type=chip_amount(1), default=3, show_default=True,
              help="Largest single bet or raise, in chips.")
@click.option("--ante", type=chip_amount(0), default=None,
              help="Ante per player, in chips; default the variant's own.")
@click.option("--raise-cap", "raise_cap", type=WholeNumber(1), default=None,
              help="House rule: at most N vies and raises per betting round (docs/rules/waks.md).")
@click.option("--save", type=FileName(), metavar="FILE", default=None,
              help="Save the deal to this deal file when play stops (the deal over, input "
                   "ended or interrupted): nothing is written while you play, so the file "
                   "never shows the stock. A regular file, checked before the first card. "
                   "Later deals of the session go beside it, numbered before the "
                   "extension: after deal.toml, deal-2.toml, deal-3.toml... A file already "
                   "there is refused unless --force.")
@click.option("--force", is_flag=True,
              help="Overwrite deal files already there (--save); without it an existing file "
                   "is refused before its deal is dealt.")
@click.option("--name", metavar="NAME", default=YOU, show_default=True,
              help="Your name at the table (one word).")
def play_command(variant: str, option: Sequence[str], players: int, seed: int | None,
                 auto: bool, deals: int | None, agent: str, chips: int, stake: int, rest: int,
                 ante: int | None, raise_cap: int | None, save: Path | None, force: bool,
                 name: str) -> None:
    """Play deals at the terminal against computer players (you are the eldest, seat 0).

    Deal after deal, as at a table (docs/rules/waks.md "Session"): the deal passes as the
    variant's deal_passes says, a pot nobody won carries over, a player with no chips leaves.
    Type 'help' at the prompt for the verbs and their poker counterparts, 'rules' for the
    game, 'quit' to leave.
    """
    chosen = load_variant(variant, option)
    players = table_players(chosen, players)
    check_table(chosen, players=players, stake=stake, rest=rest, ante=ante)
    if auto and name != YOU:
        fail("--name names your seat, and with --auto the computer plays every seat")
    problem = player_names_problem([name])
    if problem is not None:
        usage_error("--name", problem)
    if not auto and _stdin_closed():
        fail("standard input is closed: there is nothing to read your actions from "
             "(--auto lets the computer play every seat)")
    if auto:
        names = list(NAMES[:players])
    else:  # the computer players take the other names, so that no two seats share one
        others = [n for n in NAMES if n.casefold() != name.casefold()]
        names = [name, *others[: players - 1]]
    if deals is None and auto:
        deals = 1
    rng = random.Random(seed)
    state = start_deal(chosen, names, chips, dealer=players - 1, stake=stake, rest=rest,
                       ante=ante, rng=rng, raise_cap=raise_cap)
    if save is not None:
        _check_save(save, state, force=force)
    agents = {n: make_agent(agent) for n in names}
    human = None if auto else name
    prompt = _Prompt(_read)
    out = console(soft_wrap=True)
    session: Session | None = None
    played = 0
    while True:
        _check_agents_play(state, agents, human=human, agent=agent)
        if save is not None and played:  # deal-2.toml...: checked before its deal is shown
            _check_save(_deal_path(save, played + 1), state, force=force)
        _header(out, state, played + 1)
        try:
            state = _play_deal(state, human=human, agents=agents, rng=rng, prompt=prompt,
                               out=out, save=None if save is None else
                               _deal_path(save, played + 1))
        except _Quit:
            click.echo()
            out.print(f"{name} leave{'' if name == YOU else 's'} the table; deal "
                      f"{played + 1} is left unfinished")
            if session is not None:
                say(out, _standings(session, next_deal=False))
            return
        played += 1
        if deals is not None and played >= deals and played == 1:
            return  # one deal: its own chips line ends it
        if session is None:  # the bookkeeping of the deals to come (docs/rules/waks.md)
            session = Session.new(chosen, names, chips, stake=stake, rest=rest, ante=ante,
                                  dealer=players - 1, raise_cap=raise_cap,
                                  seed=rng.getrandbits(64))
        session = session.after(state)
        last = session.finished or (human is not None and human not in session.players) \
            or (deals is not None and played >= deals)
        say(out, _standings(session, next_deal=not last))
        if session.finished:
            out.print(f"the session is over: {session.players[0] if session.players else 'nobody'}"
                      " is the last player with chips")
            return
        if human is not None and human not in session.players:
            out.print(f"{name} {'have' if name == YOU else 'has'} no chips left: the session "
                      "is over")
            return
        if deals is not None and played >= deals:
            return
        if human is not None and not _next_deal(_read, out):
            return
        out.print()
        state = session.start_deal()
