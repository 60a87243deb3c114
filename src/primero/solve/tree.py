"""The public betting tree of a heads-up deal, walked once through the engine.

A game qualifies for :mod:`primero.solve` when its betting is a public tree that the cards
do not change: exactly two players, a deal plan of ante, deal, betting and showdown steps
only (no exchange, no declaration), every card a player holds either dealt face down at the
start (the hand dealt, the only private information) or dealt face up and the same every
deal (the toy's open cards), and the same legal actions after the same public actions
whatever the cards. :func:`build_tree` drives :func:`primero.deal.engine.start_deal` (dealing
from outside, ``dealing="external"``) and :meth:`primero.deal.state.GameState.apply` along every
betting line and checks each of these conditions, raising :class:`NotSolvableError` naming
the first one that fails.

Node 0 is the root (the first decision); children are listed in the engine's order of the
legal actions. Chips are those of the table given (``chips`` each, ``stake``, ``rest``,
``ante``, ``raise_cap``); seat 0 is the eldest and seat 1 the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from primero.actions import Action
from primero.cards import Card
from primero.deal.engine import public_text, start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.variant import Variant

__all__ = [
    "BETTING_STEPS",
    "NotSolvableError",
    "PublicNode",
    "PublicTree",
    "TableParameters",
    "build_tree",
    "deal_line",
]

#: The deal-plan steps a solvable game may have.
BETTING_STEPS = frozenset({"ante", "deal", "bet", "showdown"})

#: The most public nodes a tree may have (a bound so that a huge stack fails fast).
MAX_NODES = 20_000
#: The most actions one betting line may have: the tree's walks (this one, CFR+'s and the best
#: responses') recurse once or twice per action, and a longer line (a stack of a thousand
#: chips bet one at a time) would overflow Python's stack before :data:`MAX_NODES` is reached.
MAX_DEPTH = 500


class NotSolvableError(PrimeroError, ValueError):
    """The variant, its options or the table do not make a game :mod:`primero.solve` solves.

    The message names what disqualifies it: more than two players, an exchange or another
    step outside ante/deal/bet/showdown, face-up cards that change from deal to deal, cards
    dealt after the betting has begun, betting that depends on the cards, a pot that can be
    carried over (not zero-sum), or a tree too large.
    """


@frozen
class TableParameters:
    """The table a tree is built for (chips of both players, in chips).

    Attributes:
        chips: Each player's chips at the start of the deal.
        stake: The smallest bet or raise.
        rest: The largest single bet or raise.
        ante: Each player's ante (``None``: the variant's own).
        raise_cap: The most vies plus raises a round allows (house rule), ``None`` for none.
    """

    chips: int = 3
    stake: int = 1
    rest: int = 1
    ante: int | None = None
    raise_cap: int | None = None


@frozen
class PublicNode:
    """One node of the public tree.

    Attributes:
        history: The public text of every action from the root, e.g. ``("pass", "vie 1")``.
        actor: The seat to act (0 eldest, 1 dealer), or ``None`` at an end.
        actions: The legal actions' public texts, in the engine's order (empty at an end).
        children: The child node of each action, aligned with ``actions``.
        ended_by: At an end, the engine's ``ended_by`` (``"showdown"``, ``"folds"``); else ``""``.
        contributed: At an end, each seat's chips put in this deal (antes included).
    """

    history: tuple[str, ...]
    actor: int | None
    actions: tuple[str, ...]
    children: tuple[int, ...]
    ended_by: str = ""
    contributed: tuple[int, int] = (0, 0)


@frozen
class PublicTree:
    """The public betting tree of a heads-up deal, and what a deal gives each player.

    Attributes:
        variant: The configured variant.
        table: The table parameters.
        nodes: Every node, the root first, parents before children.
        pool: The cards the face-down cards are dealt from (the pack less the open cards).
        hidden: Face-down cards each player is dealt.
        open_cards: Each seat's face-up cards (the same every deal), ``()`` when none.
    """

    variant: Variant
    table: TableParameters
    nodes: tuple[PublicNode, ...]
    pool: tuple[Card, ...]
    hidden: int
    open_cards: tuple[tuple[Card, ...], tuple[Card, ...]]

    @property
    def decisions(self) -> tuple[int, ...]:
        """The decision nodes' ids."""
        return tuple(i for i, n in enumerate(self.nodes) if n.actor is not None)

    @property
    def ends(self) -> tuple[int, ...]:
        """The end nodes' ids."""
        return tuple(i for i, n in enumerate(self.nodes) if n.actor is None)

    def node_of(self, history: Sequence[str]) -> int:
        """The id of the node reached by ``history`` (public action texts from the root).

        Raises:
            NotSolvableError: no node of the tree has that history.
        """
        node = 0
        for text in history:
            here = self.nodes[node]
            if text not in here.actions:
                raise NotSolvableError(f"no betting line {' | '.join(history)!r} in the solved "
                                       f"tree (at {text!r} the tree has "
                                       f"{', '.join(here.actions) or 'an end'})")
            node = here.children[here.actions.index(text)]
        return node


def _start(variant: Variant, table: TableParameters) -> GameState:
    return start_deal(variant, ("p0", "p1"), table.chips, stake=table.stake, rest=table.rest,
                      ante=table.ante, raise_cap=table.raise_cap, dealing="external")


def deal_line(variant: Variant, table: TableParameters, hidden: tuple[Sequence[Card],
              Sequence[Card]], line: Sequence[Action | str] = ()) -> GameState:
    """Deal ``hidden`` face down to the two seats and play ``line``: the engine's own state.

    Args:
        variant: The configured variant.
        table: The table parameters.
        hidden: The face-down cards of seat 0 and seat 1, each in the order they get them.
        line: Actions (or their texts) to apply after the deal.

    Returns:
        The state after the deal and the actions.

    Raises:
        NotSolvableError: a card is dealt after the first decision.
        PrimeroError: an action is illegal (the engine's error).
    """
    state = _start(variant, table)
    given = [list(hidden[0]), list(hidden[1])]
    while state.chance is not None:
        state = state.deal(given[state.chance.seat].pop(0))
    for action in line:
        state = state.apply(action)
        if state.chance is not None:
            raise NotSolvableError(
                f"{variant.name}: a card is dealt ({state.chance.reason!r}) after the betting "
                "has begun: only the hand dealt may be private")
    return state


def _check_plan(variant: Variant, table: TableParameters) -> None:
    low, high = variant.spec.players
    if not low <= 2 <= high:
        raise NotSolvableError(f"{variant.name} is not played heads-up (it takes {low} to "
                               f"{high} players): the solver needs exactly two")
    for step in _start(variant, table).plan:
        if step.kind not in BETTING_STEPS:
            raise NotSolvableError(
                f"{variant.name}: its deal has {_article(step.kind)} {step.kind!r} step "
                f"({step}); the solver takes only ante, deal, betting and showdown steps "
                "(no exchange)")


def _deal_facts(variant: Variant, table: TableParameters) \
        -> tuple[tuple[Card, ...], int, tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The pool, the face-down count and the open cards, checked on two different deals."""
    seen: list[tuple[tuple[Card, ...], int, tuple[tuple[Card, ...], ...]]] = []
    for pick in (0, -1):
        state = _start(variant, table)
        pool: tuple[Card, ...] | None = None
        counts = [0, 0]
        while state.chance is not None:
            chance = state.chance
            if pool is None:
                pool = chance.cards
            counts[chance.seat] += 1
            state = state.deal(chance.cards[pick])
        if state.over or pool is None:
            raise NotSolvableError(f"{variant.name}: the deal ends before any decision")
        if counts[0] != counts[1] or counts[0] == 0:
            raise NotSolvableError(f"{variant.name}: the seats are dealt {counts[0]} and "
                                   f"{counts[1]} face-down cards; the solver needs the same "
                                   "number, at least one")
        opened = tuple(seat.open_cards() for seat in state.seats)
        for seat in state.seats:
            if len(seat.hand) != counts[0] + len(seat.open_cards()):
                raise NotSolvableError(f"{variant.name}: {seat.name} holds cards that are "
                                       "neither dealt face down nor open")
        seen.append((pool, counts[0], opened))
    if seen[0][2] != seen[1][2]:
        raise NotSolvableError(f"{variant.name}: the face-up cards differ from deal to deal "
                               f"({seen[0][2]} and {seen[1][2]}); the solver handles open cards "
                               "only when they are the same every deal")
    pool, hidden, opened = seen[0]
    return pool, hidden, (opened[0], opened[1])


def build_tree(variant: Variant, table: TableParameters) -> PublicTree:
    """Walk every betting line of a heads-up deal through the engine.

    Args:
        variant: The configured variant (any registered one, plug-ins included).
        table: The chips, stake, rest, ante and raise cap.

    Returns:
        The public tree, checked on two deals with different cards.

    Raises:
        NotSolvableError: the game does not qualify; the message names why.
    """
    _check_plan(variant, table)
    pool, hidden, opened = _deal_facts(variant, table)
    deals = ((pool[:hidden], pool[hidden:2 * hidden]),
             (pool[-hidden:], pool[-2 * hidden:-hidden]))
    nodes: list[PublicNode] = []
    second = [deal_line(variant, table, deals[1])]

    cap = "set a raise cap" if table.raise_cap is None \
        else f"lower the raise cap ({table.raise_cap})"

    def walk(state: GameState, history: tuple[str, ...], other: GameState) -> int:
        if len(nodes) >= MAX_NODES:
            raise NotSolvableError(f"{variant.name}: the betting tree exceeds {MAX_NODES} "
                                   f"public nodes: lower the chips ({table.chips}) or {cap}")
        if len(history) > MAX_DEPTH:
            raise NotSolvableError(f"{variant.name}: a betting line is longer than {MAX_DEPTH} "
                                   f"actions: lower the chips ({table.chips}) or {cap}")
        index = len(nodes)
        nodes.append(PublicNode(history, None, (), ()))
        if state.over:
            if not other.over or other.ended_by != state.ended_by:
                raise NotSolvableError(f"{variant.name}: after {' | '.join(history)!r} the deal "
                                       "ends with one deal of cards and not another: betting "
                                       "depends on the cards")
            if sum(state.stacks) != 2 * table.chips:
                raise NotSolvableError(f"{variant.name}: after {' | '.join(history)!r} chips "
                                       "stay on the table (carried over): the game is not "
                                       "zero-sum")
            contributed = (state.seats[0].contributed, state.seats[1].contributed)
            nodes[index] = PublicNode(history, None, (), (), state.ended_by, contributed)
            return index
        actor = state.to_act
        legal = state.legal_actions()
        texts = tuple(public_text(a) for a in legal)
        other_texts = tuple(public_text(a) for a in other.legal_actions())
        if actor is None or actor != other.to_act or texts != other_texts:
            raise NotSolvableError(f"{variant.name}: after {' | '.join(history) or 'the deal'!r}"
                                   " the legal actions differ between two deals: betting "
                                   "depends on the cards")
        other_legal = dict(zip(other_texts, other.legal_actions(), strict=True))
        children = []
        for action, text in zip(legal, texts, strict=True):
            child_state = state.apply(action)
            child_other = other.apply(other_legal[text])
            if child_state.chance is not None or child_other.chance is not None:
                raise NotSolvableError(f"{variant.name}: a card is dealt after "
                                       f"{' | '.join((*history, text))!r}: only the hand dealt "
                                       "may be private (no exchange)")
            children.append(walk(child_state, (*history, text), child_other))
        nodes[index] = PublicNode(history, actor, texts, tuple(children))
        return index

    walk(deal_line(variant, table, deals[0]), (), second[0])
    return PublicTree(variant=variant, table=table, nodes=tuple(nodes), pool=pool,
                      hidden=hidden, open_cards=opened)


def _article(word: str) -> str:
    """``"an"`` before a vowel (an 'exchange' step), else ``"a"`` (a 'declare' step)."""
    return "an" if word[:1].lower() in "aeiou" else "a"
