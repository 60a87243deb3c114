"""The ``primero replay`` command: a deal file replayed and told, or its ending as JSON.

Registered on :data:`primero.cli.core.app`::

    primero replay FILE [--json]

It reads a record and replays it (:mod:`primero.records`), and tells each action as ``play``
does (:mod:`primero.cli.narration`); it imports no computer player and no numpy. The whole
story is told first and printed at once: a bad action prints nothing but the error. Off a
terminal the story is written as plain text, as the rich console would print it there (no
style, the same few control codes dropped), without importing rich; there each told line is
kept whole (a saved story is read by ``grep``), unless ``COLUMNS`` gives a width to wrap to.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from primero.cli.core import (
    FileName,
    app,
    console,
    fail,
    json_option,
    output_width,
    plain_stdout,
    plain_text,
    print_json,
    titled,
    wrapped,
)
from primero.cli.narration import narrate, possessive
from primero.cli.pages import SHORT_HELP
from primero.deal.state import GameState, last_entry
from primero.errors import RecordError
from primero.json_schema import FORMAT
from primero.records import DealRecord, load_record, replay, replay_states
from primero.serialize import to_dict

__all__ = ["STOPS_EARLY", "replay_command", "replay_json", "told_lines"]

def _on_a_terminal() -> bool:
    """Whether standard output is a terminal (a closed or odd stream is not)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _columns_asked() -> bool:
    """Whether ``COLUMNS`` gives a width (a number), as rich reads it."""
    return os.environ.get("COLUMNS", "").isdigit()


#: The last line of the story of a record that stops before the end of its deal.
STOPS_EARLY = "(the record stops before the end of the deal)"


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
        "format": FORMAT,  # docs/reference/json.md: the schema's version
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
    turn = "" if state.to_act is None else (
        f", it is {possessive(state.seats[state.to_act].name, start=False)} turn "
        f"({state.plan[state.step_index]})")
    return f"the record stops before the end of the deal: {where}{turn}"


def told_lines(record: DealRecord, width: int) -> tuple[GameState, list[str], bool]:
    """The story of a record's deal, as ``primero replay`` prints it under its title line.

    Args:
        record: The deal record.
        width: The columns the lines are wrapped to (at spaces, never inside a word).

    Returns:
        ``(first state, lines, finished)``: the deal's state before its first action, the
        told lines (each action's, wrapped) and whether the record reaches the end of the deal.

    Raises:
        RecordError: as :func:`primero.records.replay_states`.
    """
    lines: list[str] = []
    states = replay_states(record)
    first = current = next(states)
    for line in narrate(None, first):
        lines += wrapped(line, width)
    for after in states:
        entry = last_entry(after)
        for line in narrate(current, after, action=None if entry is None else entry[1]):
            lines += wrapped(line, width)
        current = after
    return first, lines, current.over


@app.command("replay", short_help=SHORT_HELP["replay"])
@click.argument("file", type=FileName(), metavar="FILE")
@json_option
def replay_command(file: Path, json_output: bool) -> None:
    """Replay a deal file and show how it ends.

    FILE: a deal file (TOML, docs/reference/deal-files.md).
    """
    try:
        record = load_record(file)
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    if json_output:
        try:
            state = replay(record)
        except RecordError as exc:  # name the file: "deal.toml: action 5 'Anna pass': ..."
            fail(f"{file}: {exc}")
        if not state.over:
            # the JSON of a finished deal has no room for a pot still in play: it would read
            # as a carry-over
            fail(f"{file}: {_stops_early(state, len(record.actions))}; --json reports "
                 "finished deals only (without --json the deal so far is narrated)")
        print_json(replay_json(state))
        return
    plain = plain_stdout()
    out = None if plain else console(soft_wrap=True)
    # off a terminal each told line stays whole (a file is read by grep, not by eye) unless
    # COLUMNS asks for a width
    if out is not None and _on_a_terminal():
        width = max(out.width, 40)
    else:  # styled (FORCE_COLOR) or not, a file or a pipe gets whole lines
        width = max(output_width(), 40) if _columns_asked() else sys.maxsize
    try:
        first, lines, finished = told_lines(record, width)
    except RecordError as exc:  # name the file: "deal.toml: action 5 'Anna pass': ..."
        fail(f"{file}: {exc}")
    title = first.variant.spec.title
    rest = f" — {', '.join(first.players)}; {first.players[first.dealer]} deals"
    ending = [] if finished else [STOPS_EARLY]
    if plain:
        shown = plain_text("\n".join([title + rest, *lines, *ending]))
        if shown is not None:  # one write: 30,000 actions are one string, not 30,000
            sys.stdout.write(shown + "\n")
            sys.stdout.flush()
            return
        out = console(soft_wrap=True)
    assert out is not None
    out.print(titled(title, rest))
    if lines:
        out.print("\n".join(lines))
    for line in ending:
        out.print(line)
