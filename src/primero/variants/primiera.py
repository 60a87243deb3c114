"""Italian declare-and-redraw Primiera (``primiera``): no betting at all (docs/rules/primiera.md).

The later Italian form [seed-PRIMIERA][PARL][SPAZIO]. Every player, the dealer included, antes;
four cards each; every player served with a combination declares it and the best one takes the
pot. If nobody is served, each player may change 0–4 cards once (the stock is rebuilt from the
discards when it runs out, docs/rules/dealing.md#stock-out-in-an-exchange), then a second
declaration; if still nobody is served the deal is cancelled and the pot carries over to the
next deal, where everyone antes again.

This plug-in replaces each kind of rule through the hooks, reusing the core's public helpers:

* **ranking** — its own classes (``Nothing`` < ``Primiera`` < ``Fifty-five`` < ``Flush``, or
  Fifty-five on top under ``order = fiftyfive_top``), classification by
  :func:`~primero.rules.ranking.classify_standard` with Chorus off (so four of a kind is a
  Primiera), and a sort key that holds the §9 tie-breaks;
* **dealing** — its own plan (ante, deal 4, declaration 1, exchange, declaration 2); dealing one
  card at a time from the eldest, in playing order, which runs to the dealer's right (the
  library's reading: the sheet hands out the cards "in a clockwise direction",
  docs/rules/dealing.md#one-at-a-time) and serving exchanges with reshuffles are the core's;
* **betting** — there is none: the ante and both declarations are automatic steps, and the only
  decision is the exchange (the core's: every subset of the hand, from the eldest);
* **settling** — the pot (antes plus carry-over) goes to the best *declared* hand, by the core's
  :func:`~primero.rules.settling.settle_showdown`; a cancelled deal carries the pot over
  (:func:`~primero.rules.settling.settle_carry`);
* **the start** — the steps before the first decision (antes, the deal, the first declaration,
  the exchange opened) also made at once, as the hooks make them one by one: a quick start
  (:func:`~primero.deal.start.register_quick_start`), for an engine that asks for one.

Readings this module implements, where the sources leave room:

* *No combination*: a hand that is not served is of class ``"Nothing"`` with 0 points and no
  counting cards; it is the weakest class and can never win a pot. Over ``italian40`` 10,960 of
  the 91,390 hands are served (10,000 Primieras, 120 Fifty-fives, 840 Flushes).
* *Tie-breaks* (option ``tie = suit``, the default): points first; then, between Flushes or
  Fifty-fives, the suit of the combination, hearts > diamonds > clubs > spades (cups > coins >
  batons > swords) [seed-PRIMIERA]. The sheet is silent on equal Primieras; the library's
  reading (docs/rules/primiera.md): compare each hand's highest-point card, by its points and then
  by the
  same suit order (when a hand has several cards of the highest points, e.g. two 7s or four
  courts, its best suit among them counts). Anything still equal goes to the eldest.
  ``tie = eldest`` (points, then the eldest) and ``tie = split`` (points, then equal shares)
  are house rules without a source and without the tie-breaks.
* *Ante*: the table's ``ante``; a deal that names none pays the variant's default
  (:data:`DEFAULT_ANTE`, 1 chip, the spec's ``ante``). There is no betting and so no all-in:
  a player who cannot pay the ante cannot take part (docs/rules/primiera.md). Setting up such a deal
  raises :class:`CannotPayAnteError` naming the player; in a
  :class:`~primero.session.Session` such a player leaves the table (the rules object says so
  with ``ante_required = True``).
* *Declarations* are made by the rules, in playing order from the eldest, and are public: the
  deal's :class:`PrimieraState` (``state.variant_state``; in a view, ``view.extras``
  ``"declaration_1"`` and ``"declaration_2"``) holds a :class:`DeclarationRound` each once
  that declaration is held (empty when nobody is served; its text announces it, e.g. ``"Dan
  declares Fifty-five 55 (7♥ 6♥ A♥ 2♠)"``); see :func:`declarations` and
  :func:`declaration_rounds`. Only declared hands are shown when the deal ends; a hand that
  was not served stays hidden.
* *How a deal ends*: ``ended_by`` is ``"showdown"`` when someone declared (the best declared
  hand takes the pot) and ``"cancel"`` when nobody was served at the second declaration (the
  whole pot is ``settlement.carry``, and its ``reason`` is ``"nobody was served"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from attrs import evolve, frozen

from primero.actions import Action, Exchange, exchange_actions
from primero.advice import VariantAdvice
from primero.cards import Card, Suit, format_cards, parse_cards
from primero.deal.copying import copier, maker, replace
from primero.deal.start import first_deal, quick_state, register_quick_start
from primero.deal.state import SOUND_FLAG, GameState, Seat, VariantState, keep_legal
from primero.errors import PrimeroError
from primero.hands import Classification, Ranking
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.plugins.checks import everything_checked, remember_core_answer
from primero.rules.ranking import classify_standard
from primero.rules.settling import settle_carry, settle_showdown
from primero.rules.ties import share_layer
from primero.seating import seating_options
from primero.settlement import Award, PotLayer, Settlement
from primero.setup import Step
from primero.variant import VariantSpec, with_cited

if TYPE_CHECKING:
    from primero.hands import HandValue
    from primero.variant import Variant
    from primero.views import PlayerView

__all__ = [
    "DEFAULT_ANTE",
    "FIFTY_FIVE",
    "FLUSH",
    "NOTHING",
    "ORDER_OPTION",
    "PRIMIERA",
    "PRIMIERA_CLASS",
    "PRIMIERA_PLAN",
    "SEATING_OPTIONS",
    "SOURCES",
    "SUIT_ORDER",
    "TIE_OPTION",
    "CannotPayAnteError",
    "Declaration",
    "DeclarationRound",
    "PrimieraRules",
    "PrimieraState",
    "chance_served",
    "classify_primiera",
    "declaration_rounds",
    "declarations",
    "primero_register_variants",
    "primiera_order_key",
    "served",
    "settle_declared",
]

#: Class names, as they appear in hand values, labels and deal files.
NOTHING = "Nothing"
PRIMIERA_CLASS = "Primiera"
FIFTY_FIVE = "Fifty-five"
FLUSH = "Flush"

#: The ante each player pays when a deal names none, in chips (the spec's ``ante``).
DEFAULT_ANTE = 1

#: Suit order of the tie-breaks (docs/rules/primiera.md): hearts > diamonds > clubs > spades, i.e.
#: cups >
#: coins > batons > swords; a larger number is a better suit.
SUIT_ORDER: Mapping[Suit, int] = {
    Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1, Suit.SPADES: 0,
}

#: One deal: everyone antes, four cards each, declaration, exchange, second declaration.
PRIMIERA_PLAN: tuple[Step, ...] = (
    Step("ante"),
    Step("deal", count=4),
    Step("declare", 1),
    Step("exchange"),
    Step("declare", 2),
)

#: The standard classes :func:`classify_standard` (Chorus off) gives, renamed for this game.
_RENAME = {"Primero": PRIMIERA_CLASS, "Supremus": FIFTY_FIVE, "Fluxus": FLUSH}

ORDER_OPTION = Option(
    name="order", default="flush_top", choices=("flush_top", "fiftyfive_top"),
    doc="Class order: Primiera < Fifty-five < Flush (flush_top, [seed-PRIMIERA][PARL]) or "
        "Primiera < Flush < Fifty-five (fiftyfive_top, some Italian pages [SPAZIO]).",
)

TIE_OPTION = Option(
    name="tie", default="suit", choices=("suit", "eldest", "split"),
    doc="Equal points: suit — equal Flushes or Fifty-fives by suit, hearts > diamonds > clubs "
        "> spades [seed-PRIMIERA]; equal Primieras by the highest-point card, its points then "
        "its suit (the library's reading: the sheet is silent); then the eldest. eldest and "
        "split (straight to the eldest; equal shares) are house rules without a source.",
)


#: The seating: play's direction (a label) and where the deal passes (a rule of the session),
#: docs/rules/dealing.md#direction.
SEATING_OPTIONS = seating_options(
    "counter-clockwise",
    "the exchange goes 'starting from the first player to the right of the dealer' and the "
    "next dealer is 'the first player to the right of the outgoing dealer' [seed-PRIMIERA], "
    "so the playing order runs to the right. Note: the sheet hands out the cards 'in a "
    "clockwise direction'; the library deals them in playing order (its reading).",
    deal_why="the next dealer 'will always be the first player to the right of the outgoing "
    "dealer' [seed-PRIMIERA]: the eldest, the playing order running to the right.",
)


class CannotPayAnteError(PrimeroError, ValueError):
    """A player cannot pay the ante of a declare-and-redraw Primiera deal (docs/rules/primiera.md).

    There is no betting in the game and so no all-in: the deal is refused before anything is
    dealt. ``player`` names the (first, in playing order) player short of it.
    """

    def __init__(self, player: str, stack: int, ante: int) -> None:
        super().__init__(f"{player} has {stack} chip{'s' if stack != 1 else ''} and cannot pay "
                         f"the ante of {ante}: a player who cannot pay the ante cannot take "
                         "part in Primiera (docs/rules/primiera.md)")
        self.player = player
        self.stack = stack
        self.ante = ante

SOURCES = (
    "[seed-PRIMIERA] Primiera: Italian declare-and-redraw rules (English text)",
    "[PARL] David Parlett, The Penguin Book of Card Games (Primiera)",
    "[SPAZIO] spazioinwind.libero.it/carte/primiera.htm (Italian Primiera, suit tie-breaks)",
)

SUMMARY = """\
The later Italian form, with no betting at all: 2-8 players, the 40-card Italian pack. Every
player, the dealer included, pays the same ante (default 1 chip); the antes plus any
carried-over pot make the pot. The dealer (chosen at random for the first deal; a library
session draws for it as in the Waks game, which is one way of choosing at random) deals four
cards each. Play goes to the dealer's right (counter-clockwise): the exchange starts with the
first player to the right of the dealer, who also deals next. The sheet hands the cards out
"in a clockwise direction"; dealing them one at a time in playing order from the player after
the dealer is the library's reading.

Combinations, weakest first: Primiera (one card of each suit; points = the sum of the four;
four of a kind counts here), Fifty-five (7, 6 and A of one suit, worth 55; the fourth card does
not count), Flush (four cards of one suit; points = the sum). Option order=fiftyfive_top puts
the Fifty-five above the Flush. Card points: 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, courts 10.

First declaration: every player served with a combination declares it; the best takes the pot
and the deal ends. Otherwise each player in turn from the player after the dealer may change
0-4 cards from the stock; if it runs out the dealer "collects all discarded cards, to shuffle
and redistribute them" [seed-PRIMIERA] (the library's reading: never with the cards the player
being served has just thrown, and only after what is left of the old stock), then a second
declaration as the first. If still nobody is served the
deal is cancelled: the pot stays for the next deal, and everyone antes again.

A player who cannot pay the ante cannot take part: the deal is refused naming them, and in a
session they leave the table.

Ties (tie=suit, the default): higher points win; equal Flushes or Fifty-fives go by suit,
hearts > diamonds > clubs > spades (cups > coins > batons > swords) [seed-PRIMIERA]; equal
Primieras by each hand's highest-point card, its points and then its suit (with two top cards,
the better suit) - the library's reading, the sheet is silent; anything still equal goes to the
eldest. House rules without a source: tie=eldest (equal points go to the eldest) and
tie=split (equal points share the pot)."""


# --------------------------------------------------------------------------------------------
# Ranking


def classify_primiera(cards: tuple[Card, ...], points: Mapping[Card, int]) -> Classification:
    """Classify four cards for the declare-and-redraw game (docs/rules/primiera.md).

    The standard classification with Chorus off (four of a kind has its four suits) and
    Supremus on, renamed: Primero → Primiera, Supremus → Fifty-five (55, the 7-6-A counting),
    Fluxus → Flush; anything else is ``Nothing`` with 0 points and no counting cards.

    Args:
        cards: Four distinct cards.
        points: Each card's points (primiera scale).

    Returns:
        The classification.

    Raises:
        ValueError: not four cards.
    """
    standard = classify_standard(cards, points, supremus=True, chorus=False)
    name = _RENAME.get(standard.hand_class)
    if name is None:
        return Classification(NOTHING, 0, ())
    return Classification(name, standard.points, standard.counting)


def _classes(order: str) -> tuple[str, ...]:
    if order == "fiftyfive_top":
        return (NOTHING, PRIMIERA_CLASS, FLUSH, FIFTY_FIVE)
    return (NOTHING, PRIMIERA_CLASS, FIFTY_FIVE, FLUSH)


def primiera_order_key(
    classification: Classification,
    classes: tuple[str, ...],
    points: Mapping[Card, int],
    *,
    suits: bool = True,
) -> tuple[int, int, int, int]:
    """The sort key of a classified hand: (class position, points, top card, suit tie-break).

    The tie-breaks (docs/rules/primiera.md): a Primiera's highest-point card, by its points and then
    by
    the :data:`SUIT_ORDER` of its suit (the best suit among several cards of the highest
    points); the :data:`SUIT_ORDER` of the Flush's suit or of the Fifty-five's 7-6-A suit (top
    card 0). Both are 0 for ``Nothing`` or when ``suits`` is false.

    Args:
        classification: A classification by :func:`classify_primiera`.
        classes: The ranking's classes, weakest first.
        points: Each card's points.
        suits: Whether the suit tie-breaks are part of the key (option ``tie = suit``).

    Returns:
        A key; larger is better, equal keys tie.
    """
    position = classes.index(classification.hand_class)
    counting = classification.counting
    if not suits or not counting:
        return (position, classification.points, 0, 0)
    if classification.hand_class == PRIMIERA_CLASS:
        top = max(points[c] for c in counting)
        suit_rank = max(SUIT_ORDER[c.suit] for c in counting if points[c] == top)
        return (position, classification.points, top, suit_rank)
    # Flush or Fifty-five: the counting cards are all of one suit
    return (position, classification.points, 0, SUIT_ORDER[counting[0].suit])


def served(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s four cards make a combination (are *served*)."""
    return state.value(seat).hand_class != NOTHING


def chance_served(
    variant: Variant, hand: Iterable[Card | str] | str, discards: Iterable[Card | str] | str = ()
) -> Fraction:
    """The exact chance that a hand is served after an exchange.

    Every draw of as many cards as are thrown, from the cards the player has not seen (the
    pack less the four in hand), is taken as equally likely: the odds a player can work out
    at the table. Standing pat gives 1 or 0.

    Args:
        variant: A ``primiera`` variant (its ranking table is used).
        hand: The four cards in hand.
        discards: The cards thrown, from ``hand``.

    Returns:
        The chance as a fraction, e.g. ``Fraction(5, 18)`` for 7♠ 6♥ A♦ when throwing the 2♦
        of 7♠ 6♥ A♦ 2♦ (10 clubs among 36 unseen cards).

    Raises:
        InvalidDeckError: ``hand`` is not four distinct cards of the pack.
        ValueError: a discard is not in the hand.
    """
    ranking = variant.ranking
    cards = ranking.evaluate(hand).cards
    thrown = set(parse_cards(discards))
    if not thrown <= set(cards):
        extra = sorted(thrown - set(cards), key=lambda c: c.index)
        raise ValueError(f"cannot throw {format_cards(extra)}: not in the hand "
                         f"{format_cards(cards)}")
    keep = 0
    for card in cards:
        if card not in thrown:
            keep |= card.bit
    pool = [c.bit for c in ranking.pack.cards if c not in cards]
    table = ranking.table
    served_draws = total = 0
    for draw in combinations(pool, len(thrown)):
        total += 1
        if table[keep | sum(draw)].hand_class != NOTHING:
            served_draws += 1
    return Fraction(served_draws, total)


# --------------------------------------------------------------------------------------------
# Declarations


@frozen(kw_only=True)
class Declaration:
    """One player's declared combination (public).

    Attributes:
        number: The declaration it was made in: 1 (on the deal) or 2 (after the exchange).
        seat: The declarer's seat.
        player: The declarer's name.
        hand_class: ``"Primiera"``, ``"Fifty-five"`` or ``"Flush"``.
        points: The combination's points (55 for a Fifty-five).
        cards: The four cards, as held.
    """

    number: int
    seat: int
    player: str
    hand_class: str
    points: int
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        """``"Class points"``, e.g. ``"Flush 62"``."""
        return f"{self.hand_class} {self.points}"

    def __str__(self) -> str:
        return f"{self.player} declares {self.label} ({format_cards(self.cards)})"


@frozen(kw_only=True)
class DeclarationRound:
    """One declaration held (public): everyone served declares, in playing order.

    Attributes:
        number: 1 (on the deal) or 2 (after the exchange).
        declarations: The combinations declared, in playing order from the eldest; empty
            when nobody is served.
    """

    number: int
    declarations: tuple[Declaration, ...] = ()

    def __str__(self) -> str:
        return "; ".join(str(d) for d in self.declarations) or "nobody is served"


@frozen
class PrimieraState(VariantState):
    """What a Primiera deal keeps besides the core's state (``state.variant_state``).

    Attributes:
        declaration_1: The first declaration (on the deal), once held; public.
        declaration_2: The second declaration (after the exchange), once held; public.
    """

    declaration_1: DeclarationRound | None = None
    declaration_2: DeclarationRound | None = None


def declaration_rounds(state: GameState | PlayerView) -> tuple[DeclarationRound, ...]:
    """The declarations held so far (from a state or a player's view), first first."""
    own = PrimieraState.of(state)
    return tuple(r for r in (own.declaration_1, own.declaration_2)
                 if isinstance(r, DeclarationRound))


def declarations(
    state: GameState | PlayerView, number: int | None = None
) -> tuple[Declaration, ...]:
    """The combinations declared so far (from a state or a player's view), in the order made.

    Args:
        state: A primiera deal, or a player's view of one.
        number: Only those of declaration 1 or 2; default all.

    Returns:
        The declarations, each declaration's in playing order from the eldest; ``()`` if none.
    """
    return tuple(d for held in declaration_rounds(state)
                 if number is None or held.number == number for d in held.declarations)


#: The declaration rounds in which nobody is served, by number: one shared value each.
_NOBODY: dict[int, DeclarationRound] = {}

#: ``PrimieraState.of(state)`` of a deal that has none yet: no declaration held (one value).
_NO_DECLARATION = PrimieraState()

#: The values made field by field (:func:`~primero.deal.copying.maker`: each equal to the
#: keyword constructor's, without its per-field calls).
_declaration: Callable[[int, int, str, str, int, tuple[Card, ...]], Declaration] = maker(
    Declaration, "number", "seat", "player", "hand_class", "points", "cards")
_declaration_round: Callable[[int, tuple[Declaration, ...]], DeclarationRound] = maker(
    DeclarationRound, "number", "declarations")
_primiera_state: Callable[[DeclarationRound | None, DeclarationRound | None],
                          PrimieraState] = maker(PrimieraState, "declaration_1",
                                                 "declaration_2")

#: The rounds in which nobody is served, and the state of a deal nobody was served on: shared.
_NOBODY[1] = DeclarationRound(number=1)
_NOBODY[2] = DeclarationRound(number=2)
_NOBODY_FIRST = PrimieraState(declaration_1=_NOBODY[1])
_NOBODY_TWICE = PrimieraState(declaration_1=_NOBODY[1], declaration_2=_NOBODY[2])


class _Facts:
    """What a variant's declarations read, worked out once per variant (by its identity).

    Attributes:
        variant: The variant (held: its identity stays unique while kept).
        ranking: Its ranking.
        evaluate: ``ranking.evaluate`` (bound to the table).
        class_ids: Per hand (table index), the position of its class in ``classes``.
        classes: The ranking's classes, weakest first.
        points: Per hand (table index), its points.
        strength: Per hand (table index), its dense strength (equal for equal keys).
        nothing: The position of ``Nothing`` in ``classes`` (-1: none).
        plan: The variant's plan (``variant.rules.deal.plan``).
        last: The number of the plan's last ``declare`` step (0: none).
    """

    __slots__ = ("class_ids", "classes", "evaluate", "last", "nothing", "plan", "points",
                 "ranking", "strength", "variant")

    variant: Variant
    ranking: Ranking
    evaluate: Callable[[tuple[Card, ...]], HandValue]
    class_ids: Sequence[int]
    classes: tuple[str, ...]
    points: Sequence[int]
    strength: Sequence[int]
    nothing: int
    plan: tuple[Step, ...]
    last: int

    def __init__(self, variant: Variant) -> None:
        ranking = variant.ranking
        table = ranking.hand_table
        self.variant = variant
        self.ranking = ranking
        self.evaluate = ranking.evaluate
        self.class_ids = table.class_ids
        self.classes = table.classes
        self.points = table.points
        self.strength = table.strength
        self.nothing = table.classes.index(NOTHING) if NOTHING in table.classes else -1
        self.plan = plan = variant.rules.deal.plan
        self.last = max((s.number for s in plan if s.kind == "declare"), default=0)


#: Each variant's :class:`_Facts`, by the variant's identity (the variant held): read once,
#: not through the variant's rules on every declaration.
_FACTS: dict[int, _Facts] = {}


def _facts(variant: Variant) -> _Facts:
    """The :class:`_Facts` of ``variant``, kept by the variant's identity."""
    known = _FACTS.get(id(variant))
    if known is not None and known.variant is variant:
        return known
    facts = _Facts(variant)
    if len(_FACTS) >= 256:
        _FACTS.clear()
    _FACTS[id(variant)] = facts
    return facts


def _declare(state: GameState, number: int) -> GameState:
    """``state`` with declaration ``number`` held from the hands as they are, nobody to act.

    Each seat's hand is evaluated once, in playing order from the eldest; a hand that is not
    ``Nothing`` declares. A declaration with a declarer ends the deal (``ended_by =
    "showdown"``: the best declared hand takes the pot); the last one without any cancels it
    (``"cancel"``); any other leaves the deal going (docs/rules/primiera.md).

    Raises:
        KeyError: the variant's state has no field ``declaration_<number>``.
    """
    context = state.context
    variant = context.variant
    facts = _FACTS.get(id(variant))  # _facts(variant), its usual case inline
    if facts is None or facts.variant is not variant:
        facts = _facts(variant)
    held = _held(number, state.seats, context.eldest, facts)
    own = state.variant_state
    if type(own) is not PrimieraState:
        own = _NO_DECLARATION if own is None else PrimieraState.of(state)
    new: VariantState
    if own is _NOBODY_FIRST and held is _NOBODY[2]:  # nobody served either time: shared
        new = _NOBODY_TWICE
    elif type(own) is PrimieraState and number == 2:  # (with_item's field, set directly)
        new = _primiera_state(own.declaration_1, held)
    elif type(own) is PrimieraState and number == 1:
        new = _primiera_state(held, own.declaration_2)
    elif number == 1:
        new = evolve(own, declaration_1=held)
    elif number == 2:
        new = evolve(own, declaration_2=held)
    else:
        new = own.with_item(f"declaration_{number}", held)  # (raises the KeyError it names)
    if held.declarations:
        return _ended(state, new, None, True, "showdown")
    plan = context.plan
    if number == (facts.last if plan is facts.plan else _last_declaration(plan)):
        return _ended(state, new, None, True, "cancel")
    return _declared(state, new, None)


def _held(number: int, seats: tuple[Seat, ...], eldest: int, facts: _Facts) \
        -> DeclarationRound:
    """Declaration ``number`` of ``seats``' hands: every served hand, from the eldest.

    Each hand's class and points are read from the ranking's table by the hand's index (what
    ``state.value(seat).hand_class`` and ``.points`` read). The round in which nobody is
    served is one shared value per number. Where someone declares (the deal ends), the
    hands' values are kept for its settlement (:data:`_VALUED`).
    """
    global _VALUED
    made: list[Declaration] | None = None
    n = len(seats)
    evaluate = facts.evaluate
    class_ids = facts.class_ids
    nothing = facts.nothing
    values: list[HandValue] = [None] * n  # type: ignore[list-item]  # (each seat's, below)
    seat = eldest % n
    for _ in range(n):  # state.playing_order(), inline
        player = seats[seat]
        hand = player.hand
        value = values[seat] = evaluate(hand)  # state.value(seat)
        index = value.index  # its place in the table
        class_id = class_ids[index]
        if class_id != nothing:
            declared = _declaration(number, seat, player.name, facts.classes[class_id],
                                    facts.points[index], hand)
            if made is None:
                made = [declared]
            else:
                made.append(declared)
        seat += 1
        if seat == n:
            seat = 0
    if made is not None:
        _VALUED = (seats, facts, values)  # (one assignment: a reader sees all or nothing)
        return _declaration_round(number, tuple(made))
    nobody = _NOBODY.get(number)
    if nobody is None:
        nobody = _NOBODY[number] = DeclarationRound(number=number)
    return nobody


#: The values of the hands of the last declaration someone made, by seat: ``(seats, facts,
#: values)``, the seats held (by identity: the same tuple of the same hands, the same values).
#: The deal ends there, and its settlement reads them (:func:`_settle_one_pot`).
_VALUED: tuple[tuple[Seat, ...] | None, _Facts | None, list[HandValue]] = (None, None, [])

#: A declaration moves no card: its copies keep the cards found sound (``SOUND_FLAG``).
_declared: Callable[[GameState, VariantState, int | None], GameState] = copier(
    GameState, "variant_state", "to_act", keep=(SOUND_FLAG,))
_ended: Callable[[GameState, VariantState, int | None, bool, str], GameState] = copier(
    GameState, "variant_state", "to_act", "over", "ended_by", keep=(SOUND_FLAG,))


#: The number of each plan's last declaration, by the plan's identity (the plan held).
_LAST_DECLARATION: dict[int, tuple[tuple[Step, ...], int]] = {}


def _last_declaration(plan: tuple[Step, ...]) -> int:
    """The number of the last ``declare`` step of ``plan``.

    Raises:
        ValueError: the plan has no ``declare`` step.
    """
    known = _LAST_DECLARATION.get(id(plan))
    if known is not None and known[0] is plan:
        return known[1]
    last = max(s.number for s in plan if s.kind == "declare")
    if len(_LAST_DECLARATION) > 256:
        _LAST_DECLARATION.clear()
    _LAST_DECLARATION[id(plan)] = (plan, last)
    return last


def _anted(state: GameState) -> GameState:
    """``state`` with everyone's ante put in (the dealer included), in playing order.

    ``put_in(state, seat, ante, round_bet=False)`` for every seat, all in one copy (see
    :func:`_anted_seats`).

    Raises:
        CannotPayAnteError: the first player, in playing order, whose stack is short of the
            ante.
    """
    return _anted_state(state, _anted_seats(state), None)


def _anted_seats(state: GameState) -> tuple[Seat, ...]:
    """``state``'s seats after everyone's ante.

    The seats after the ante are kept by the seats before it (by identity): every seeded deal
    at a known table starts from the same seats, so their antes are worked out once per table.

    Raises:
        CannotPayAnteError: the first player, in playing order, whose stack is short of the
            ante.
    """
    context = state.context
    ante = context.table.ante
    before = state.seats
    known = _ANTED.get(id(before))
    if known is not None and known[0] is before and known[1] == ante:
        return known[2]
    seats = list(before)
    n = len(seats)
    order = [(context.eldest + k) % n for k in range(n)]  # state.playing_order(), inline
    for seat in order:
        player = seats[seat]
        if player.stack < ante:
            raise CannotPayAnteError(player.name, player.stack, ante)
    for seat in order:
        player = seats[seat]
        seats[seat] = _anted_seat(player, player.stack - ante, player.contributed + ante)
    after = tuple(seats)
    if len(_ANTED) >= 1024:
        _ANTED.clear()
    _ANTED[id(before)] = (before, ante, after)
    return after


#: The seats after the ante by the seats before it: ``id(before) -> (before, ante, after)``
#: (the seats held, so an id is never reused while kept; seats are values, shared by deals).
_ANTED: dict[int, tuple[tuple[Seat, ...], int, tuple[Seat, ...]]] = {}


#: The antes move chips, no card.
_anted_state: Callable[[GameState, tuple[Seat, ...], int | None], GameState] = copier(
    GameState, "seats", "to_act", keep=(SOUND_FLAG,))
_anted_seat: Callable[[Seat, int, int], Seat] = copier(Seat, "stack", "contributed")


# --------------------------------------------------------------------------------------------
# The rules


class PrimieraRules:
    """Hooks of the declare-and-redraw Primiera; everything else defers to the core rules."""

    #: A player who cannot pay the ante cannot take part (docs/rules/primiera.md): a
    #: :class:`~primero.session.Session` lets such a player leave the table.
    ante_required = True

    # ranking --------------------------------------------------------------------------------

    @hookimpl
    def primero_hand_classes(self, variant: Variant) -> tuple[str, ...]:
        """Nothing < Primiera < Fifty-five < Flush (or Flush < Fifty-five), weakest first."""
        return _classes(str(variant.option("order")))

    @hookimpl
    def primero_classify_hand(
        self, variant: Variant, cards: tuple[Card, ...], points: Mapping[Card, int]
    ) -> Classification:
        """docs/rules/primiera.md (see :func:`classify_primiera`)."""
        return classify_primiera(cards, points)

    @hookimpl
    def primero_hand_order(
        self, variant: Variant, classification: Classification, classes: tuple[str, ...]
    ) -> tuple[int, ...]:
        """Class, points, then the suit tie-break under ``tie = suit``."""
        suits = variant.option("tie") == "suit"
        # Only a Primiera's tie-break needs card points. The ranking object exists before its
        # table is enumerated (this hook runs during that), so its points are known.
        points = variant.ranking.points if suits and \
            classification.hand_class == PRIMIERA_CLASS else {}
        return primiera_order_key(classification, classes, points, suits=suits)

    # dealing --------------------------------------------------------------------------------

    @hookimpl
    def primero_agent_advice(self, variant: Variant) -> VariantAdvice:
        """For computer players: an unserved hand never wins, and only one reaches the exchange.

        A hand served at a declaration declares and ends the deal, so a player who exchanges
        holds ``Nothing`` (docs/rules/primiera.md).
        """
        return VariantAdvice(never_wins=frozenset({NOTHING}), exchange_from=frozenset({NOTHING}))

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """Ante, deal 4, declaration 1, exchange, declaration 2 (:data:`PRIMIERA_PLAN`)."""
        return PRIMIERA_PLAN

    # steps and actions ----------------------------------------------------------------------

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) \
            -> GameState | None:
        """Antes from everyone (the dealer included) and the automatic declarations.

        A declaration ends the deal where it must (see :func:`_declare`): when anyone is
        served, or when nobody is at the last one; where the variant's rules are Primiera's
        alone, the deal it ends comes settled (the settlement :meth:`primero_settle` gives,
        the winners paid, see :func:`_settle_now`). The exchange is the core's (from the
        eldest; its actions, every subset of the hand), and so is the end of every step.

        Raises:
            CannotPayAnteError: a player's stack is short of the ante
                (docs/rules/primiera.md); the deal is refused before anything is dealt.
        """
        kind = step.kind
        if kind == "declare":
            new = _declare(state, step.number)
            if new.over and _settles_alone(variant) and not everything_checked():
                _settle_now(new, variant)  # the engine's settlement of it, made at once
        elif kind == "ante":
            new = _anted(state)
        else:
            return None  # the exchange opens as the core's does (the cards' sound mark kept)
        remember_core_answer(state, step, new)  # the library's own code: not checked again
        return new

    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) \
            -> str | None:
        """There is no betting: the only decision is which cards to change."""
        if not isinstance(action, Exchange):
            return ("Primiera has no betting: the only action is an exchange of 0 to 4 of "
                    "your cards ('exchange' alone stands pat)")
        return None

    # settling -------------------------------------------------------------------------------

    @hookimpl
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement:
        """The best declared hand takes the pot; a cancelled deal carries it over.

        Only declared hands are eligible and shown. Ties: the key holds the suit tie-breaks
        (``tie = suit``); hands still equal go to the eldest, or share under ``tie = split``.
        """
        settlement = _settle_one_pot(state, variant)
        if settlement is None:
            settlement = settle_declared(state, variant)
        remember_core_answer(state, None, settlement)  # the library's own code
        return settlement


#: Whether a variant's rules are Primiera's alone (no other plug-in, no house rule), by the
#: variant's identity (the variant held): ``id(variant) -> (variant, alone)``.
_ALONE: dict[int, tuple[Variant, bool]] = {}


def _settles_alone(variant: Variant) -> bool:
    """Whether ``variant``'s plug-ins are :class:`PrimieraRules` alone, without house rules.

    Then nothing but :meth:`PrimieraRules.primero_settle` settles its deals (the quick start's
    condition, :func:`~primero.deal.start.register_quick_start`).
    """
    known = _ALONE.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    alone = not variant.house_rules and \
        tuple(map(type, variant.spec.plugins)) == (PrimieraRules,)
    if len(_ALONE) >= 256:
        _ALONE.clear()
    _ALONE[id(variant)] = (variant, alone)
    return alone


def _settle_now(ended: GameState, variant: Variant) -> None:
    """Settle ``ended`` (a finished deal just made, no settlement yet) in place, as the engine does.

    The settlement :meth:`PrimieraRules.primero_settle` gives (where it is made at once,
    :func:`_settle_one_pot`; otherwise the deal is left for the engine to settle) and the
    winners paid: the state the engine's settling of the deal leaves (its seats, settlement
    and nobody to act), so the engine has nothing left to do. Only where the variant's rules
    are Primiera's alone (:func:`_settles_alone`) and the hooks are not all being checked.
    """
    settlement = _settle_one_pot(ended, variant)
    if settlement is None:
        return
    setter = object.__setattr__  # (a state just made, which nobody else holds yet)
    awards = settlement.awards
    if awards:  # (a cancelled deal pays nobody: its seats stay as they are)
        seats = list(ended.seats)
        for award in awards:  # one pot, nothing given back (_settle_one_pot's)
            s = seats[award.seat]
            seats[award.seat] = _paid_seat(s, s.stack + award.amount)
        setter(ended, "seats", tuple(seats))
    setter(ended, "settlement", settlement)
    setter(ended, "to_act", None)


#: ``Seat`` with another stack (as the engine pays a winner).
_paid_seat: Callable[[Seat, int], Seat] = copier(Seat, "stack")


def _quick_start(fresh: GameState) -> GameState | None:
    """A Primiera deal's steps before its first decision, made at once.

    Its quick start (:func:`~primero.deal.start.quick_start`): what the hooks do step by step.
    The antes (:func:`_anted_seats`, the same error for a short stack), four cards each dealt
    as the core deals them (:func:`~primero.deal.start.first_deal`), the first declaration
    (:func:`_held`); then either the deal ends (someone declared: settled at once, as the
    declaration's hook settles it, :func:`_settle_now`) or the exchange opens with the eldest
    to act (the core's opening: every seat is still in),
    its legal actions cached where the core alone answers them. ``None`` for a plan other
    than :data:`PRIMIERA_PLAN`.

    Raises:
        CannotPayAnteError: a player's stack is short of the ante.
    """
    context = fresh.context
    if context.plan is not PRIMIERA_PLAN:
        return None
    deal = first_deal(fresh, _anted_seats(fresh), 4)
    variant = context.variant
    facts = _FACTS.get(id(variant))  # _facts(variant), its usual case inline
    if facts is None or facts.variant is not variant:
        facts = _facts(variant)
    held = _held(1, deal.seats, context.eldest, facts)
    if held.declarations:  # the first declaration (step 2) ends the deal: settled at once
        ended = quick_state(fresh, deal, 2, None, _primiera_state(held, None), over=True,
                            ended_by="showdown")
        if not everything_checked():  # (as the declaration's hook settles it)
            _settle_now(ended, variant)
        return ended
    # the exchange (step 3) opens: nobody was served (one shared value)
    started = quick_state(fresh, deal, 3, context.eldest, _NOBODY_FIRST)
    if context.rules.core_legal:  # the eldest's exchanges, as state.legal_actions() gives them
        legal = exchange_actions(deal.seats[context.eldest].hand)  # core_legal_actions(started)
        if legal:
            keep_legal(started, legal)
    return started


register_quick_start((PrimieraRules,), _quick_start)


def settle_declared(state: GameState, variant: Variant) -> Settlement:
    """The settlement of a finished Primiera deal, by the core's pot layering.

    A cancelled deal carries the pot over (:func:`~primero.rules.settling.settle_carry`);
    otherwise the best declared hand takes it (:func:`~primero.rules.settling.settle_showdown`
    with only hands that are not ``Nothing`` eligible), and only the declared hands are shown.
    The rules' hook gives the same settlement, made at once where every player put in the
    same chips (every deal set up by the library: everyone antes, nobody bets).

    Args:
        state: A finished ``primiera`` deal.
        variant: Its variant.

    Returns:
        The settlement.
    """
    if state.ended_by == "cancel":
        return settle_carry(state, reason="nobody was served")
    policy = "split" if variant.option("tie") == "split" else "eldest"
    settlement = settle_showdown(
        state, eligible=lambda _seat, value: value.hand_class != NOTHING, tie=policy,
    )
    shown = {d.seat for d in declarations(state)}
    return replace(settlement,
                   values=tuple((s, v) for s, v in settlement.values if s in shown))


#: The settlement's values made field by field (as the core's settling makes them).
_won_pot: Callable[[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                   PotLayer] = maker(PotLayer, "amount", "level", "contenders", "winners",
                                     "shares")
_valued_award: Callable[[int, int, HandValue], Award] = maker(Award, "seat", "amount", "value")
_settlement: Callable[..., Settlement] = maker(
    Settlement, "awards", "returns", "layers", "carry", "showdown", "values", "reason")
#: The settlement of a cancelled deal by its pot (the whole pot carried over): shared values.
_CANCELLED: dict[int, Settlement] = {}
#: ``tuple(range(n))`` by ``n``: every seat, the one pot's contenders.
_EVERY_SEAT = tuple(tuple(range(n)) for n in range(17))


def _settle_one_pot(state: GameState, variant: Variant) -> Settlement | None:
    """:func:`settle_declared` where every seat is still in and put in the same chips.

    Then the antes and any carry-over make one pot that every seat reaches (the core's
    layering has one layer, nothing to give back): a cancelled deal carries it whole, and a
    showdown gives it to the best declared hands by the tie policy. ``None`` for anything
    else (a pot of no chips, nobody eligible, unequal stakes), which goes the plain way.
    """
    seats = state.seats
    n = len(seats)
    if n < 2 or n >= len(_EVERY_SEAT):
        return None
    put = seats[0].contributed
    for s in seats:
        if s.folded or s.contributed != put:
            return None
    pot = state.context.setup.carry + n * put
    if pot <= 0:
        return None
    if state.ended_by == "cancel":  # the whole pot carried: one value per pot
        cancelled = _CANCELLED.get(pot)
        if cancelled is None:
            if len(_CANCELLED) >= 256:
                _CANCELLED.clear()
            cancelled = _CANCELLED[pot] = _settlement((), (), (), pot, False, (),
                                                      "nobody was served")
        return cancelled
    facts = _FACTS.get(id(variant))  # _facts(variant), its usual case inline
    if facts is None or facts.variant is not variant:
        facts = _facts(variant)
    evaluate = facts.evaluate
    class_ids = facts.class_ids
    strength = facts.strength
    nothing = facts.nothing
    valued = _VALUED
    if valued[0] is seats and valued[1] is facts:
        values = valued[2]  # the declaration's, of these very hands
    else:
        values = [evaluate(s.hand) for s in seats]  # state.value(seat) for every seat
    top: list[int] = []
    best = -1
    for seat, value in enumerate(values):
        index = value.index
        if class_ids[index] != nothing:  # eligible (value.hand_class != NOTHING)
            strong = strength[index]  # equal strengths, equal keys (value.key)
            if strong > best:
                best, top = strong, [seat]
            elif strong == best:
                top.append(seat)
    if not top:
        return None
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    if len(top) == 1:  # share_layer's answer for one winner, whatever the policy
        winners, shares = (top[0],), (pot,)
        awards: tuple[Award, ...] = (_valued_award(top[0], pot, values[top[0]]),)
    else:
        policy = "split" if variant.option("tie") == "split" else "eldest"
        winners, shares = share_layer(state, pot, top, policy)
        awards = tuple([_valued_award(seat, chips, values[seat]) for seat, chips
                        in sorted(zip(winners, shares, strict=True)) if chips > 0])
    layer = _won_pot(pot, put, _EVERY_SEAT[n], winners, shares)
    own = state.variant_state
    shown = [False] * n  # by seat: declared (plain loops, no comprehension's frame)
    if type(own) is PrimieraState:  # declarations(state), the seats only
        for held in (own.declaration_1, own.declaration_2):
            if held is not None:
                for declared in held.declarations:
                    shown[declared.seat] = True
    else:
        for declared in declarations(state):
            shown[declared.seat] = True
    values_shown = []
    for seat in range(n):
        if shown[seat]:
            values_shown.append((seat, values[seat]))
    return _settlement(awards, (), (layer,), 0, True, tuple(values_shown), "")


#: The ``primiera`` variant spec.
PRIMIERA = VariantSpec(
    name="primiera",
    title="Italian declare-and-redraw Primiera",
    summary=SUMMARY,
    sources=with_cited(SOURCES, (ORDER_OPTION, TIE_OPTION, *SEATING_OPTIONS)),
    players=(2, 8),
    options=(ORDER_OPTION, TIE_OPTION, *SEATING_OPTIONS),
    plugins=(PrimieraRules(),),
    ante=DEFAULT_ANTE,
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``primiera``."""
    register(PRIMIERA)

