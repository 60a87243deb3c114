"""How the terminal game tells a deal: :func:`narrate`, :func:`describe_settlement`.

The narration compares consecutive states, so it describes what any variant does — dealing,
exchanges, declarations, reshuffles, the showdown — without knowing its rules.

What is shown:

* with a human seat, that seat's cards, and after every deal of cards and every exchange
  the value of the hand (``your hand: Numerus 54 — 7♥ 6♥ 5♥ count``); of every other seat,
  what every player sees: the cards dealt face up (``Anna's face-up cards: 7♥ 6♣``), when
  they change;
* without one (``primero play --auto``, ``primero replay``: every seat is a computer player, and
  the table is watched with open cards), every player's cards: the hands after each deal, and
  each exchanger's new cards right after the exchange — the dealer's as well as everyone else's.
"""

from __future__ import annotations

import re

from primero.actions import Action, Exchange, Pass
from primero.cards import Card, format_cards
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.setup import Step

__all__ = ["YOU", "describe_settlement", "hand_value", "narrate", "possessive", "step_news",
           "to_you"]

#: The human seat's default name; actions and messages are then put in the second person.
YOU = "You"

#: Verbs whose third person is not the second person plus "s".
_SECOND_PERSON = {"has": "have", "is": "are", "was": "were", "does": "do"}
#: Words in -s after "You" that are not verbs ("You always ..."): left as they are.
_NOT_VERBS = frozenset({"always", "sometimes", "perhaps", "thus"})


def to_you(message: str, name: str) -> str:
    """A message about the human's seat put in the second person when it is "You".

    The rules speak of players by name ("Anna has only 5 chips", "7♠ is not in Anna's
    hand", "Anna declares Primiera 81"); with the default name that reads "You has only…",
    "You's hand", so the verb and the possessive are mended: "You have only 5 chips", "7♠ is
    not in your hand", "You declare Primiera 81". Any other name is left as it is.
    """
    if name != YOU:
        return message
    message = re.sub(r"(^|[.:;!?] )You's\b", r"\1Your", message)
    message = re.sub(r"\bYou's\b", "your", message)

    def verb(match: re.Match[str]) -> str:
        word = match[1]
        if word in _SECOND_PERSON:
            return f"You {_SECOND_PERSON[word]}"
        if word.endswith(("ss", "us")) or word in _NOT_VERBS:  # not a verb in the third person
            return match[0]
        return f"You {word[:-2] if word.endswith('ches') else word[:-1]}"

    return re.sub(r"\bYou ([a-z]+s)\b", verb, message)


def possessive(name: str, *, start: bool = True) -> str:
    """A player's name as a possessive: ``Anna's``, ``Charles's``, never "You's".

    Always ``'s``, a name ending in s too; the seat called :data:`YOU` is ``Your``
    (``your`` where the sentence does not ``start`` with it).
    """
    if name == YOU:
        return "Your" if start else "your"
    return f"{name}'s"


def _said_to_you(line: str, state: GameState) -> str:
    """``line`` with a seat called :data:`YOU` in the second person (:func:`to_you`)."""
    return to_you(line, YOU) if any(s.name == YOU for s in state.seats) else line


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


def hand_value(state: GameState, hand: tuple[Card, ...]) -> str:
    """What a hand is worth, in one line for its owner.

    Four cards: ``your hand: Numerus 54 — 7♥ 6♥ 5♥ count``. Fewer (the first deal of two):
    the points of each card so far, ``your hand so far: 7♦ 21, A♠ 16 (2 of 4 cards)``.
    """
    ranking = state.variant.ranking
    if len(hand) == 4:
        try:
            value = ranking.evaluate(hand)
        except PrimeroError:  # pragma: no cover - a hand the variant cannot rank
            return ""
        if not value.counting:
            return f"  your hand: {value.label} — no card counts"
        verb = "counts" if len(value.counting) == 1 else "count"
        return f"  your hand: {value.label} — {format_cards(value.counting)} {verb}"
    if not hand:
        return ""
    points = ", ".join(f"{card} {ranking.points[card]}" for card in hand)
    return f"  your hand so far: {points} ({len(hand)} of 4 cards)"


def _hand_lines(state: GameState, index: int, hand: tuple[Card, ...], seat: int | None) \
        -> list[str]:
    if seat == index:
        value = hand_value(state, hand)
        return [f"  Your cards: {format_cards(hand)}", *([value] if value else [])]
    return [f"  {possessive(state.seats[index].name)} cards: {format_cards(hand)}"]


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


def _pot(state: GameState) -> int:
    return state.carry_in + sum(s.contributed for s in state.seats)


def narrate(before: GameState | None, after: GameState, *, seat: int | None = None,
            action: Action | None = None) -> list[str]:
    """Lines that tell what happened between two states, as player ``seat`` may know it.

    Args:
        before: The earlier state (``None`` for a new deal).
        after: The later state.
        seat: The human's seat: their own cards, draws and hand value are shown; ``None``
            shows every seat's cards (module docstring).
        action: The action applied between the two states, if any.

    Returns:
        Lines of narration, in order.
    """
    lines: list[str] = []
    actor_seat = None
    # the hands as last shown: what the deal steps below change is shown after them
    shown = {i: before.seats[i].hand if before is not None else ()
             for i in range(len(after.seats))}
    if action is not None and before is not None and before.to_act is not None:
        actor_seat = before.to_act
        actor = before.seats[actor_seat].name
        visible = seat is None or seat == actor_seat
        text = _shown(action) if visible else \
            after.public_log[-1][1] if after.public_log else str(action)
        pot = after.pot if not after.over else _pot(after)
        # "You vie 2", "You stand pat" (a seat called You, the human's or one replayed); a
        # human seat with a real name reads like the others
        said = _first_person(text) if actor == YOU else _verb(text)
        lines.append(f"{actor} {said}   (pot {pot})")
        old = before.seats[actor_seat].hand
        # kept cards then the drawn ones; a deal step after the exchange appends to them
        new = after.seats[actor_seat].hand[:len(old)]
        if visible and isinstance(action, Exchange | Pass) and new != old:
            lines.extend(_hand_lines(after, actor_seat, new, seat))
            shown[actor_seat] = new
    you = after.seats[seat].name if seat is not None else None
    told = step_news(before, after)
    start = before.step_index if before is not None else -1
    passed = range(start + 1, min(after.step_index, len(after.plan) - 1) + 1)
    for index in [k for k in told if k not in passed]:  # the step the action ended
        lines.append(_told_line(told.pop(index), you))
    cards: list[str] = []
    for i, s in enumerate(after.seats):
        if s.hand != shown[i] and (seat is None or seat == i):
            cards.extend(_hand_lines(after, i, s.hand, seat))
        elif seat is not None and i != seat:  # what every seat sees of another: face-up cards
            opened = s.public().open
            if opened and (before is None or opened != before.seats[i].public().open):
                cards.append(f"  {possessive(s.name)} face-up cards: {format_cards(opened)}")
    deals = [index for index in passed if after.plan[index].kind == "deal"]
    dealt = 0  # cards each dealt so far in this stretch (revival deals 2 + 2 at once)
    tail: list[str] = []
    # the step the deal now waits in (a decision): its header comes after what the steps
    # before it did (a declaration held, a call made), so it is said last
    waiting = after.step_index if not after.over and \
        after.plan[after.step_index].kind not in ("deal", "ante", "showdown") else None
    for index in passed:
        step = after.plan[index]
        if index == waiting:
            break
        if step.kind == "deal":
            tail.append(_deal_header(step, dealt))
            dealt += step.count
            if index == deals[-1]:  # the hands are shown once, whole, after the last deal
                tail.extend(cards)
                cards = []
        elif step.kind == "ante":
            tail.append(f"— {step} —")
            tail.append(_antes(before, after, actor_seat))
        elif step.kind != "showdown":
            tail.append(f"— {step} —")
        if index in told:  # what a plug-in tells of its step, under the step's header
            tail.append(_told_line(told.pop(index), you))
    lines.extend(cards)  # hands changed without a deal step (a variant's own mechanics)
    lines.extend(tail)
    lines.extend(_told_line(line, you) for line in told.values())
    old_extras = dict(before.extras) if before is not None else {}
    for key, value in after.extras:
        if not key.startswith("_") and old_extras.get(key) != value:
            lines.append(_said_to_you(f"  {key.replace('_', ' ')}: {value}", after))
    if waiting is not None and waiting in passed:
        lines.append(f"— {after.plan[waiting]} —")
    reshuffles = len(after.reshuffles) - (len(before.reshuffles) if before is not None else 0)
    if reshuffles > 0:
        lines.append("  the stock ran out: the discards were shuffled into a new stock")
    if after.over and (before is None or not before.over):
        lines.extend(describe_settlement(after))
    return lines


def step_news(before: GameState | None, after: GameState) -> dict[int, str]:
    """What plug-ins tell of the steps that ended between two states, by index in the plan.

    The lines of ``primero_narrate_step``
    (:meth:`~primero.plugins.deal.DealRules.step_lines`) for the steps ended in ``after``
    and not yet in ``before``.
    """
    rules = after.context.rules
    now = dict(rules.step_lines(after))
    if not now or before is None:
        return now
    earlier = min(before.step_index + (1 if before.over else 0), len(before.plan))
    return {index: line for index, line in now.items() if index >= earlier}


def _told_line(line: str, you: str | None) -> str:
    """A plug-in's line as the narration prints it: indented, said to the human seat."""
    said = f"  {line}"
    return to_you(said, you) if you is not None else said


def _second_person(line: str) -> str:
    """A settlement line about the human seat said to them: "You win 6", "You take back 2"."""
    for third, second in ((" wins ", " win "), (" takes back ", " take back ")):
        if line.startswith(f"{YOU}{third}"):
            return f"{YOU}{second}{line[len(YOU) + len(third):]}"
    return line


def describe_settlement(state: GameState) -> list[str]:
    """Lines explaining how a finished deal ended and who took what.

    A header (the showdown's hands, everyone else folding, or an end without a winner), then
    :meth:`~primero.settlement.Settlement.describe`'s lines — awards, returns, the carry-over
    and its reason, in the library's one wording — and the chips after the deal.
    """
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
        lines.append("— everyone else folded —")
    else:
        lines.append(f"— the deal ends without a winner ({state.ended_by}) —")
    told = settlement.describe([s.name for s in state.seats])
    lines.extend(f"  {_said_to_you(_second_person(line), state)}" for line in told.splitlines())
    lines.append("  chips: " + ", ".join(f"{s.name} {s.stack}" for s in state.seats))
    return lines
