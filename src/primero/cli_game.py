"""The game commands of the ``primero`` command line: ``play``, ``replay`` and ``rules``.

Registered on :data:`primero.cli.app`::

    primero play [--variant V] [--players N] [--seed S] [--auto] [--agent A] [--save FILE]
                 [--name NAME]
    primero replay FILE [--json]
    primero rules [VARIANT]

The narration (:func:`narrate`) compares consecutive states, so it describes what any variant
does — dealing, exchanges, declarations, reshuffles, the showdown — without knowing its rules.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from primero.actions import Action, Exchange, Pass
from primero.agents import AGENTS, Agent, make_agent
from primero.cards import format_cards
from primero.cli import JsonFlag, OptionList, VariantName, app, fail, load_variant, print_json
from primero.engine import start_deal
from primero.errors import PrimeroError
from primero.history import load_record, replay, save_record
from primero.plugins import registry
from primero.state import GameState, Step

__all__ = ["describe_settlement", "narrate", "play_command", "replay_command", "replay_json",
           "rules_command"]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Fritz", "Gina", "Hugo")
#: The human seat's default name; actions and messages are then put in the second person.
YOU = "You"


def _console() -> Console:
    # markup=False: rules text, sources ("[seed-DE]"), option values ("[true, false]"), error
    # messages and player names are printed as they are, never read as rich markup tags.
    return Console(file=sys.stdout, highlight=False, soft_wrap=True, markup=False)


def _titled(title: str, rest: str) -> Text:
    """``title`` in bold followed by plain ``rest``."""
    return Text.assemble((title, "bold"), rest)


_THIRD_PERSON = {"pass": "passes", "fold": "folds", "hold": "holds", "vie": "vies",
                 "exchange": "exchanges"}


def _verb(action: Action | str) -> str:
    if str(action) in ("exchange", "exchange 0 cards"):
        return "stands pat"
    verb, _, rest = str(action).partition(" ")
    return " ".join(w for w in (_THIRD_PERSON.get(verb, verb), rest) if w)


def _shown(action: Action) -> str:
    """An action as the narration shows it: cards with suit symbols (``exchange 7♠ Q♦``)."""
    if isinstance(action, Exchange):
        return " ".join(["exchange", format_cards(action.discards)]) if action.discards \
            else "exchange"
    if isinstance(action, Pass) and action.exchange:
        return f"pass exchange {format_cards(action.exchange)}"
    return str(action)


def _first_person(text: str) -> str:
    """The human's own action, said to them: ``vie 2``, ``stand pat``, ``exchange 7♠``."""
    return "stand pat" if text in ("exchange", "exchange 0 cards") else text


def _deal_header(step: Step, earlier: int) -> str:
    """The header of a deal step; ``earlier``: cards each already dealt in this stretch."""
    plural = "s" if step.count != 1 else ""
    if not earlier:
        return f"— the dealer deals {step.count} card{plural} each —"
    return (f"— the dealer deals {step.count} more card{plural} each "
            f"({earlier + step.count} each in all) —")


def _antes(before: GameState | None, after: GameState, skip: int | None) -> str:
    """What the ante step put in: chips each, from the contributions before and after."""
    paid = {i: s.contributed - (before.seats[i].contributed if before is not None else 0)
            for i, s in enumerate(after.seats) if i != skip}
    if len(set(paid.values())) == 1:
        amount = next(iter(paid.values()))
        return f"  everyone antes {amount}" if amount else "  no ante"
    return "  " + ", ".join(f"{after.seats[i].name} antes {chips}" for i, chips in paid.items())


def narrate(before: GameState | None, after: GameState, *, seat: int | None = None,
            action: Action | None = None) -> list[str]:
    """Lines that tell what happened between two states, as player ``seat`` may know it.

    Args:
        before: The earlier state (``None`` for a new deal).
        after: The later state.
        seat: The human's seat: their own cards and draws are shown; ``None`` shows all.
        action: The action applied between the two states, if any.

    Returns:
        Lines of narration, in order.
    """
    lines: list[str] = []
    actor_seat = None
    if action is not None and before is not None and before.to_act is not None:
        actor_seat = before.to_act
        actor = before.seats[actor_seat].name
        text = _shown(action) if seat is None or seat == actor_seat else \
            after.public_log[-1][1] if after.public_log else str(action)
        pot = after.pot if not after.over else _pot(after)
        # "You vie 2", "You stand pat"; a human seat with a real name reads like the others
        said = _first_person(text) if actor_seat == seat and actor == YOU else _verb(text)
        lines.append(f"{actor} {said}   (pot {pot})")
    cards: list[str] = []
    for i, s in enumerate(after.seats):
        old = before.seats[i].hand if before is not None else ()
        if s.hand != old and (seat is None or seat == i):
            whose = "Your" if seat == i else f"{s.name}'s"
            cards.append(f"  {whose} cards: {format_cards(s.hand)}")
    start = before.step_index if before is not None else -1
    passed = range(start + 1, min(after.step_index, len(after.plan) - 1) + 1)
    deals = [index for index in passed if after.plan[index].kind == "deal"]
    dealt = 0  # cards each dealt so far in this stretch (revival deals 2 + 2 at once)
    for index in passed:
        step = after.plan[index]
        if step.kind == "deal":
            lines.append(_deal_header(step, dealt))
            dealt += step.count
            if index == deals[-1]:  # the hands are shown once, whole, after the last deal
                lines.extend(cards)
                cards = []
        elif step.kind == "ante":
            lines.append(f"— {step} —")
            lines.append(_antes(before, after, actor_seat))
        elif step.kind != "showdown":
            lines.append(f"— {step} —")
    lines[1 if action is not None and lines else 0:1 if action is not None and lines else 0] \
        = cards
    old_extras = dict(before.extras) if before is not None else {}
    for key, value in after.extras:
        if not key.startswith("_") and old_extras.get(key) != value:
            lines.append(f"  {key.replace('_', ' ')}: {value}")
    reshuffles = len(after.reshuffles) - (len(before.reshuffles) if before is not None else 0)
    if reshuffles > 0:
        lines.append("  the stock ran out: the discards were shuffled into a new stock")
    if after.over and (before is None or not before.over):
        lines.extend(describe_settlement(after))
    return lines


def _pot(state: GameState) -> int:
    return state.carry_in + sum(s.contributed for s in state.seats)


def describe_settlement(state: GameState) -> list[str]:
    """Lines explaining how a finished deal ended and who took what."""
    settlement = state.settlement
    if settlement is None:
        return []
    lines = []
    if settlement.showdown:
        lines.append("— showdown —")
        for seat, value in settlement.values:
            lines.append(f"  {state.seats[seat].name}: {format_cards(state.seats[seat].hand)}"
                         f"  {value.explain()}")
    elif state.ended_by == "folds":
        lines.append(f"— everyone else folded: {state.seats[state.live[0]].name} takes the pot "
                     "unseen —")
    else:
        lines.append(f"— the deal ends without a winner ({state.ended_by}) —")
    for award in settlement.awards:
        how = f" with {award.value.label}" if award.value is not None else ""
        lines.append(f"  {state.seats[award.seat].name} wins {award.amount}{how}")
    for seat, chips in settlement.returns:
        lines.append(f"  {state.seats[seat].name} takes back {chips} unmatched")
    if settlement.carry:
        why = f": {settlement.reason}" if settlement.reason else ""
        lines.append(f"  {settlement.carry} chips carry over to the next deal{why}")
    lines.append("  chips: " + ", ".join(f"{s.name} {s.stack}" for s in state.seats))
    return lines


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


def _ask(state: GameState, seat: int, read: Callable[[str], str]) -> Action:
    view = state.view(seat)
    name = state.seats[seat].name
    console = _console()
    console.print(_titled("Your turn", f" — your cards: {format_cards(view.hand)}; "
                          f"chips {view.stack}; pot {view.pot}; to hold: {view.owed}"))
    legal = view.legal
    listed = _listed(legal)
    for k, option in enumerate(listed, start=1):
        console.print(f"  {k:>3}. {option}", markup=False)
    if len(listed) < len(legal):
        console.print(_calls_summary([a for a in legal if a not in listed]), markup=False)
    while True:
        answer = read("Your action (number or text): ").strip()
        if answer.isdigit():  # no action is a bare number: it means the menu
            if 1 <= int(answer) <= len(listed):
                return listed[int(answer) - 1]
            console.print(f"  choose a number from 1 to {len(listed)}, or type an action",
                          style="red")
            continue
        try:
            from primero.actions import parse_action

            action = parse_action(answer)
        except PrimeroError as exc:
            console.print(f"  {exc}", style="red")
            continue
        if action in legal:
            return action
        reason = state.variant.rules.illegal_reason(state, action)
        console.print(f"  {_to_you(reason, name)}", style="red")


#: Above this many legal actions, actions that name a call are summarised, not listed.
MAX_LISTED = 24


def _listed(legal: tuple[Action, ...]) -> list[Action]:
    """The actions to number: all of them, or those without a call when there are many."""
    if len(legal) <= MAX_LISTED:
        return list(legal)
    return [a for a in legal if getattr(a, "call", None) is None]


def _calls_summary(with_calls: list[Action]) -> str:
    """One paragraph describing many call-naming actions (the calling variant)."""
    moves = sorted({str(a).partition(" call ")[0] for a in with_calls})
    calls = list(dict.fromkeys(str(a).partition(" call ")[2] for a in with_calls))
    example = str(with_calls[len(with_calls) // 2])
    return (f"  or {' / '.join(moves)} naming one of {len(calls)} calls from {calls[0]} to "
            f"{calls[-1]}; type it, e.g. '{example}'")


def _read(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        # end the prompt's line, so that the shell's prompt does not follow it on the same line
        typer.echo()
        typer.echo("end of input: the deal is left unfinished")
        raise typer.Exit(0) from None


@app.command("play")
def play_command(
    variant: VariantName = "waks",
    option: OptionList = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Players at the table.")] = 4,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the shuffle and the "
                                             "computer players (0 or more).")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Agents play every seat; narrate.")]
    = False,
    agent: Annotated[str, typer.Option("--agent", help="Computer players: random or "
                                       "heuristic.")] = "heuristic",
    chips: Annotated[int, typer.Option("--chips", help="Starting chips each.")] = 50,
    stake: Annotated[int, typer.Option("--stake", help="Smallest bet.")] = 1,
    rest: Annotated[int, typer.Option("--rest", help="Largest single bet or raise.")] = 3,
    ante: Annotated[int | None, typer.Option("--ante", help="Ante (variants with one).")]
    = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save the deal to this deal "
                                              "file.")] = None,
    name: Annotated[str, typer.Option("--name", help="Your name at the table (one word).")]
    = YOU,
) -> None:
    """Play a deal at the terminal against computer players (you are the eldest, seat 0)."""
    chosen = load_variant(variant, option)
    if seed is not None and seed < 0:
        # random.Random(-5) is random.Random(5): a negative seed would replay another's deal
        fail(f"--seed must be 0 or more, got {seed}")
    if agent not in AGENTS:
        fail(f"unknown agent {agent!r}; known agents: {', '.join(AGENTS)}")
    low, high = chosen.spec.players
    if not low <= players <= high:
        fail(f"{chosen.name} is played by {low} to {high} players; got {players}")
    if save is not None and save.is_dir():
        fail(f"cannot save the deal to {save}: it is a directory")
    if save is not None and not save.parent.is_dir():
        fail(f"cannot save the deal to {save}: no directory {save.parent}")
    if auto and name != YOU:
        fail("--name names your seat, and with --auto the computer plays every seat")
    if auto:
        names = list(NAMES[:players])
    else:  # the computer players take the other names, so that no two seats share one
        others = [n for n in NAMES if n.casefold() != name.casefold()]
        names = [name, *others[: players - 1]]
    rng = random.Random(seed)
    state = start_deal(chosen, names, chips, dealer=players - 1, stake=stake, rest=rest,
                       ante=ante, rng=rng)
    agents: list[Agent] = [make_agent(agent) for _ in names]
    human = None if auto else 0
    console = _console()
    table = [f"{names[state.dealer]} deals"]
    if any(step.kind == "bet" for step in state.plan):
        table.append(f"stake {stake}, rest {rest}")
    if state.table.ante:
        table.append(f"ante {state.table.ante}")
    console.print(_titled(chosen.spec.title, f" — {', '.join(names)}; {'; '.join(table)}"))
    for line in narrate(None, state, seat=human):
        console.print(line)
    while not state.over:
        seat = state.to_act
        assert seat is not None
        action = _ask(state, seat, _read) if seat == human else \
            agents[seat].act(state.view(seat), rng)
        after = state.apply(action)
        for line in narrate(state, after, seat=human, action=action):
            console.print(line)
        state = after
    if save is not None:
        try:
            save_record(state, save)
        except OSError as exc:
            fail(f"cannot save the deal to {save}: {exc.strerror or exc}")
        console.print(f"deal saved to {save}")


def replay_json(state: GameState) -> dict[str, object]:
    """The ``primero replay --json`` object of a replayed deal."""
    settlement = state.settlement
    awards = [] if settlement is None else [
        {"player": state.seats[a.seat].name, "amount": a.amount,
         "value": a.value.label if a.value is not None else None}
        for a in settlement.awards
    ]
    return {
        "variant": state.variant.name,
        "chips": list(state.stacks),
        "awards": awards,
        "carry": settlement.carry if settlement is not None else state.pot,
        "hands": {s.name: [c.ascii for c in s.hand] for s in state.seats if not s.folded},
    }


def _stops_early(state: GameState, actions: int) -> str:
    """Where an unfinished record stops: after which action, and whose turn it is."""
    where = f"after action {actions} of {actions}" if actions else "before its first action"
    turn = "" if state.to_act is None else \
        f", it is {state.seats[state.to_act].name}'s turn ({state.plan[state.step_index]})"
    return f"the record stops before the end of the deal: {where}{turn}"


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A deal file (TOML).", exists=False)],
    json_output: JsonFlag = False,
) -> None:
    """Replay a deal file and show how it ends."""
    try:
        record = load_record(file)
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    state = replay(record)
    if json_output:
        if not state.over:
            # the JSON of a finished deal has no room for a pot still in play: it would read
            # as a carry-over
            fail(f"{file}: {_stops_early(state, len(record.actions))}; --json reports "
                 "finished deals only (without --json the deal so far is narrated)")
        print_json(replay_json(state))
        return
    console = _console()
    from primero.history import start_record

    current = start_record(record)
    console.print(_titled(current.variant.spec.title, f" — {', '.join(current.players)}; "
                          f"{current.players[current.dealer]} deals"))
    for line in narrate(None, current):
        console.print(line)
    for _, text in record.actions:
        after = current.apply(text)
        for line in narrate(current, after, action=after.history[-1][1]):
            console.print(line)
        current = after
    if not current.over:
        console.print("(the record stops before the end of the deal)")


@app.command("rules")
def rules_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")] = "waks",
) -> None:
    """Print a variant's rules summary, options and sources."""
    spec = registry().spec(variant)
    console = _console()
    low, high = spec.players
    console.print(_titled(spec.title, f" ({spec.name}) — {low}–{high} players"))
    if spec.aliases:
        console.print(f"aliases: {', '.join(spec.aliases)}")
    console.print()
    console.print(spec.summary, markup=False)
    if spec.options:
        console.print()
        console.print(_titled("Options", " (primero … --option KEY=VALUE)"))
        for opt in spec.options:
            default = str(opt.default).lower() if isinstance(opt.default, bool) else opt.default
            console.print(f"  {opt.name} = {default}   [{opt.allowed()}]", markup=False)
            console.print(f"      {opt.doc}", markup=False)
    if spec.sources:
        console.print()
        console.print("Sources", style="bold")
        for source in spec.sources:
            console.print(f"  {source}", markup=False)
    console.print(f"\nprovided by: {spec.provider}")
