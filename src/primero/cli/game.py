"""The game commands of the ``primero`` command line: ``play`` and ``replay``.

Registered on :data:`primero.cli.core.app`::

    primero play [--variant V] [--players N] [--seed N] [--auto] [--agent A] [--save FILE]
                 [--name NAME] [--chips N] [--stake N] [--rest N] [--ante N]
                 [--raise-cap N]
    primero replay FILE [--json]

At the terminal the human is the eldest (seat 0); ``help`` or ``?`` at the prompt lists the
verbs with their poker counterparts. How the deal is told is :mod:`primero.cli.narration`.
"""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from primero.actions import Action, Exchange, Pass, parse_action
from primero.agents import AGENTS, Agent, make_agent
from primero.cards import format_cards
from primero.cli.core import (
    WholeNumber,
    app,
    console,
    fail,
    json_option,
    load_variant,
    number_text,
    print_json,
    usage_error,
    variant_options,
)
from primero.cli.narration import YOU, narrate
from primero.engine import start_deal
from primero.errors import PrimeroError, RecordError
from primero.records import load_record, replay, save_record, start_record
from primero.serialize import to_dict
from primero.state import GameState, last_entry
from primero.variant import Variant

__all__ = [
    "HELP_INDENT",
    "HELP_LINES",
    "LEGEND",
    "NAMES",
    "check_table",
    "play_command",
    "replay_command",
    "replay_json",
    "say",
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
    "  a number        the action of that number in the list",
    "  the list shows what you may do now: not every variant has every verb (Suzuki's has no "
    "fold, and there a pass may exchange cards)",
)
#: The one line under the first prompt.
LEGEND = "  (answer with a number from the list or an action such as 'vie 1'; 'help' lists " \
    "the verbs)"
#: Where a help entry's description starts; its continued lines start there too.
HELP_INDENT = 18
#: Said once, the first time the human faces a vie with a plain pass among their actions.
PASS_NOTE = "  facing a vie, 'pass' puts nothing in and keeps you in; you may pass once, then " \
    "you must hold or fold"


def say(out: Console, text: str, *, hang: int | None = None, style: str | None = None) \
        -> None:
    """Print ``text`` wrapped at spaces to the terminal's width, never inside a word.

    Continued lines are indented ``hang`` spaces (default: the line's own indent plus two),
    so a long help entry, note or showdown line still reads as one item in a narrow window.
    """
    indent = len(text) - len(text.lstrip(" "))
    pad = " " * (indent + 2 if hang is None else hang)
    lines = textwrap.wrap(text, width=max(out.width, 40), subsequent_indent=pad,
                          break_long_words=False, break_on_hyphens=False) or [""]
    for line in lines:
        out.print(line, style=style)


def _titled(title: str, rest: str) -> Text:
    """``title`` in bold followed by plain ``rest``."""
    return Text.assemble((title, "bold"), rest)


#: Verbs whose third person is not the second person plus "s".
_SECOND_PERSON = {"has": "have", "is": "are", "was": "were", "does": "do"}


def _to_you(message: str, name: str) -> str:
    """A rules message about the human's seat put in the second person when it is "You".

    The rules speak of players by name ("Anna has only 5 chips", "7♠ is not in Anna's
    hand"); with the default name that reads "You has only…", "You's hand", so the verb and
    the possessive are mended: "You have only 5 chips", "7♠ is not in your hand".
    """
    if name != YOU:
        return message
    message = re.sub(r"(^|[.:;!?] )You's\b", r"\1Your", message)
    message = re.sub(r"\bYou's\b", "your", message)

    def verb(match: re.Match[str]) -> str:
        word = match[1]
        if word in _SECOND_PERSON:
            return f"You {_SECOND_PERSON[word]}"
        if word.endswith(("ss", "us", "ys")):  # not a verb in the third person
            return match[0]
        return f"You {word[:-2] if word.endswith('ches') else word[:-1]}"

    return re.sub(r"\bYou ([a-z]+s)\b", verb, message)


#: Above this many legal actions, actions that name a call are summarised, not listed.
MAX_LISTED = 24


def _listed(legal: tuple[Action, ...]) -> list[Action]:
    """The actions to number: all of them, or those without a call when there are many."""
    if len(legal) <= MAX_LISTED:
        return list(legal)
    return [a for a in legal if getattr(a, "call", None) is None]


def _menu_text(action: Action) -> str:
    if isinstance(action, Exchange) and not action.discards:
        return "exchange (stand pat: keep your cards)"
    return str(action)


def _calls_summary(with_calls: list[Action]) -> str:
    """One paragraph describing many call-naming actions (the calling variant)."""
    moves = sorted({str(a).partition(" call ")[0] for a in with_calls})
    calls = list(dict.fromkeys(str(a).partition(" call ")[2] for a in with_calls))
    example = str(with_calls[len(with_calls) // 2])
    return (f"  or {' / '.join(moves)} naming one of {len(calls)} calls from {calls[0]} to "
            f"{calls[-1]}; type it, e.g. '{example}'")


def _call_problem(answer: str, state: GameState, legal: tuple[Action, ...]) -> str | None:
    """Why the call named in ``answer`` cannot be read, or ``None`` (calling variants).

    ``vie 2 call royal flush`` names no hand class of the variant: say so, rather than that
    "'flush' is not a number".
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
        out.print(_titled("Your turn", f" — your cards: {format_cards(view.hand)}; "
                          f"chips {view.stack}; pot {view.pot}; to hold: {view.owed}"))
        legal = view.legal
        listed = _listed(legal)
        for k, option in enumerate(listed, start=1):
            out.print(f"  {k:>3}. {_menu_text(option)}")
        if len(listed) < len(legal):
            say(out, _calls_summary([a for a in legal if a not in listed]))
        if view.owed > 0 and Pass() in legal and not self.pass_explained:
            say(out, PASS_NOTE)
            self.pass_explained = True
        if not self.legend_shown:
            say(out, LEGEND)
            self.legend_shown = True
        while True:
            answer = self.read("Your action (number or text): ").strip()
            if answer.lower() in ("help", "?", "h"):
                for line in HELP_LINES:  # a verb's entry continues under its description
                    columned = line[HELP_INDENT - 2:HELP_INDENT] == "  "
                    say(out, line, hang=HELP_INDENT if columned else None)
                continue
            if answer.isascii() and answer.isdigit():  # no action is a bare number: the menu
                if 1 <= int(answer) <= len(listed):
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
                continue
            if action in legal:
                return action
            reason = state.variant.rules.deal.illegal_reason(state, action)
            say(out, f"  {_to_you(reason, name)}", style="red")


class _EndOfInput(Exception):
    """Standard input ended before the deal did."""


def _read(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        raise _EndOfInput from None


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
        usage_error("--players", f"{variant.name} is played by {low} to {high} players; "
                    f"got {number_text(players)}")
    if rest < stake:
        usage_error("--rest", f"the rest (the largest bet) must be at least the stake "
                    f"({number_text(stake)}); got {number_text(rest)}")
    if ante and not any(step.kind == "ante" for step in variant.rules.deal.deal_plan()):
        usage_error("--ante", f"{variant.name} has no ante: ante must be 0, "
                    f"got {number_text(ante)}")


def _check_save(save: Path, state: GameState) -> None:
    """Write the deal so far to ``save`` now, so that a bad path fails before the first card."""
    if save.is_dir():
        fail(f"cannot save the deal to {save}: it is a directory")
    if not save.parent.is_dir():
        fail(f"cannot save the deal to {save}: no directory {save.parent}")
    _save(save, state)


def _save(save: Path, state: GameState) -> None:
    try:
        save_record(state, save)
    except OSError as exc:
        fail(f"cannot save the deal to {save}: {exc.strerror or exc}")


@app.command("play", short_help="Play a deal at the terminal against computer players.")
@variant_options
@click.option("--players", "-n", type=WholeNumber(2), default=4, show_default=True,
              help="Players at the table, within the variant's range (see 'primero variants').")
@click.option("--seed", "-s", type=WholeNumber(0), default=None,
              help="Seed for the shuffle and the computer players (same seed, same deal).")
@click.option("--auto", is_flag=True, help="Computer players play every seat; watch the deal.")
@click.option("--agent", "-a", type=click.Choice(list(AGENTS)), default="heuristic",
              show_default=True, help="The computer players.")
@click.option("--chips", type=WholeNumber(1), default=50, show_default=True,
              help="Each player's chips at the start.")
@click.option("--stake", type=WholeNumber(1), default=1, show_default=True,
              help="Smallest bet, in chips.")
@click.option("--rest", type=WholeNumber(1), default=3, show_default=True,
              help="Largest single bet or raise, in chips.")
@click.option("--ante", type=WholeNumber(0), default=None,
              help="Ante per player, in chips; default the variant's own.")
@click.option("--raise-cap", "raise_cap", type=WholeNumber(1), default=None,
              help="House rule: at most N vies and raises per betting round (docs/rules/waks.md).")
@click.option("--save", type=click.Path(path_type=Path), metavar="FILE", default=None,
              help="Save the deal to this deal file (checked before the first card).")
@click.option("--name", metavar="NAME", default=YOU, show_default=True,
              help="Your name at the table (one word).")
def play_command(variant: str, option: Sequence[str], players: int, seed: int | None,
                 auto: bool, agent: str, chips: int, stake: int, rest: int, ante: int | None,
                 raise_cap: int | None, save: Path | None, name: str) -> None:
    """Play a deal at the terminal against computer players (you are the eldest, seat 0).

    Type 'help' at the prompt for the verbs and their poker counterparts.
    """
    chosen = load_variant(variant, option)
    check_table(chosen, players=players, stake=stake, rest=rest, ante=ante)
    if auto and name != YOU:
        fail("--name names your seat, and with --auto the computer plays every seat")
    if auto:
        names = list(NAMES[:players])
    else:  # the computer players take the other names, so that no two seats share one
        others = [n for n in NAMES if n.casefold() != name.casefold()]
        names = [name, *others[: players - 1]]
    rng = random.Random(seed)
    state = start_deal(chosen, names, chips, dealer=players - 1, stake=stake, rest=rest,
                       ante=ante, rng=rng, raise_cap=raise_cap)
    if save is not None:
        _check_save(save, state)
    agents: list[Agent] = [make_agent(agent) for _ in names]
    human = None if auto else 0
    prompt = _Prompt(_read)
    out = console(soft_wrap=True)
    table = [f"{names[state.dealer]} deals"]
    if any(step.kind == "bet" for step in state.plan):
        table.append(f"stake {stake}, rest {rest}")
    if state.table.ante:
        table.append(f"ante {state.table.ante}")
    out.print(_titled(chosen.spec.title, f" — {', '.join(names)}; {'; '.join(table)}"))
    for line in narrate(None, state, seat=human):
        say(out, line)
    while not state.over:
        seat = state.to_act
        assert seat is not None
        try:
            action = prompt.ask(state, seat) if seat == human else \
                agents[seat].act(state.view(seat), rng)
        except _EndOfInput:
            click.echo()  # end the prompt's line
            kept = f"; the deal so far is saved to {save}" if save is not None else ""
            fail(f"end of input before the end of the deal: the deal is left unfinished{kept}")
        after = state.apply(action)
        for line in narrate(state, after, seat=human, action=action):
            say(out, line)
        state = after
        if save is not None:
            _save(save, state)
    if save is not None:
        out.print(f"deal saved to {save}")


def replay_json(state: GameState) -> dict[str, object]:
    """The ``primero replay --json`` object of a replayed deal (docs/reference/json.md).

    ``awards`` is the short form (a name, the chips and the hand's label); ``settlement`` is
    the whole settlement in the schema of :func:`primero.serialize.to_dict`, seats named.
    """
    settlement = state.settlement
    full = None if settlement is None else to_dict(settlement, players=state.players)
    awards = [] if full is None else [
        {"player": a["player"], "amount": a["amount"],
         "value": None if a["value"] is None else f"{a['value']['class']} "
                                                  f"{a['value']['points']}"}
        for a in full["awards"]
    ]
    return {
        "variant": state.variant.name,
        "chips": list(state.stacks),
        "awards": awards,
        "carry": settlement.carry if settlement is not None else state.pot,
        "hands": {s.name: [c.ascii for c in s.hand] for s in state.seats if not s.folded},
        "settlement": full,
    }


def _stops_early(state: GameState, actions: int) -> str:
    """Where an unfinished record stops: after which action, and whose turn it is."""
    where = f"after action {actions} of {actions}" if actions else "before its first action"
    turn = "" if state.to_act is None else \
        f", it is {state.seats[state.to_act].name}'s turn ({state.plan[state.step_index]})"
    return f"the record stops before the end of the deal: {where}{turn}"


@app.command("replay")
@click.argument("file", type=click.Path(path_type=Path), metavar="FILE")
@json_option
def replay_command(file: Path, json_output: bool) -> None:
    """Replay a deal file and show how it ends.

    FILE: a deal file (TOML, docs/reference/deal-files.md).
    """
    try:
        record = load_record(file)
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    try:
        state = replay(record)
    except RecordError as exc:  # name the file: "deal.toml: action 5 'Anna pass': ..."
        fail(f"{file}: {exc}")
    if json_output:
        if not state.over:
            # the JSON of a finished deal has no room for a pot still in play: it would read
            # as a carry-over
            fail(f"{file}: {_stops_early(state, len(record.actions))}; --json reports "
                 "finished deals only (without --json the deal so far is narrated)")
        print_json(replay_json(state))
        return
    out = console(soft_wrap=True)
    current = start_record(record)
    out.print(_titled(current.variant.spec.title, f" — {', '.join(current.players)}; "
                      f"{current.players[current.dealer]} deals"))
    for line in narrate(None, current):
        say(out, line)
    for _, text in record.actions:
        after = current.apply(text)
        entry = last_entry(after)
        for line in narrate(current, after, action=None if entry is None else entry[1]):
            say(out, line)
        current = after
    if not current.over:
        out.print("(the record stops before the end of the deal)")
