"""The modern revival game (``revival``) and its regional presets [seed-FR][seed-IT].

Rules: docs/rules/revival.md.

The game of the French and Italian revival rule sheets: an ante, four cards dealt in two rounds
of two (option ``deal_packets``), one to three betting rounds (pass/check, bet, hold/call,
raise, fold), an optional exchange (option ``exchange``), and a showdown where ties are split —
except equal Primeros, which go to the eldest. Supremus is off by default. There is no
carry-over (the library's reading: the sheets speak of none): a round in which nobody bets
simply ends.

:class:`RevivalRules` overrides only what differs from the core Waks game and reuses the core's
public helpers for the rest:

* ``primero_deal_plan`` — ante, two deals of two cards, [exchange], round 1, [exchange,
  round 2], [[exchange,] round 3], showdown (options ``exchange_first``, ``exchange`` and
  ``rounds``); with ``deal_packets = 2`` (default) the deal steps are packets
  (:attr:`~primero.setup.Step.together`: each player receives a step's two cards together),
  with ``deal_packets = 1`` one card at a time; the core deals either way;
* the betting as data, :data:`REVIVAL_BETTING` — no pass once someone has bet, no must-hold,
  and a round without a bet just ends, the last one too (the core's betting hooks read it);
* ``primero_illegal_reason`` — says why in the revival's words;
* ``primero_settle`` — the core's :func:`~primero.rules.settling.settle_showdown` with the
  revival's tie policy, applied once per pot (docs/rules/ties.md#pots-not-layers).

The antes, opening and closing a betting round, applying a bet, the exchange and the side-pot
layering are the core's (``primero_start_step``, ``primero_apply_action``,
:func:`~primero.rules.betting.round_complete`, :func:`~primero.rules.settling.build_layers`).

Readings chosen where docs/rules/revival.md leaves room:

* *Dealing* (option ``deal_packets``, docs/rules/revival.md): the sheets deal "traditionnellement
  en deux tours de 2 cartes (ou les 4 une par une, selon la règle de la maison)" [seed-FR],
  "tradizionalmente in due giri da 2 carte (o tutte e 4 singolarmente, secondo la regola della
  casa)" [seed-IT] (traditionally in two rounds of 2 cards, or the 4 one by one, by house
  rule). With ``2`` (the default) each player in turn, from the eldest, is given two cards
  together, and then the dealer goes round again; with ``1`` the cards go one at a time, four
  times round (the convention of §4). Both modes use the same plan (two deal steps of two
  cards each).
* *The exchange* (option ``exchange``, docs/rules/revival.md#exchange-before-rounds): by
  default (``once``, the library's reading of the sheets' order of play) one exchange, after
  round 1, only when there is a round 2, so round 3 comes straight after round 2;
  ``every_round`` puts one before every betting round after the first, the Italian sheet's
  "prima di ogni turno di puntata" [seed-IT]; ``none`` has no exchange between rounds, as
  "Certaines versions … l'interdisent" [seed-FR]. With ``exchange_first`` (house rule) an
  exchange before round 1 comes in addition.
* *Limits* (the library's reading; the sheets set none): a bet or a raise is at least the stake
  and at most the rest, as in ``waks``.
* *Once someone has bet* a player may hold, raise or fold, never pass; before the first bet a
  player may pass (check), bet or fold. A raise is at least the stake and at most the rest, as
  a bet is; nobody is bound to hold.
* *Antes*: the table's ``ante`` (``start_deal(ante=...)``, the deal file's ``ante``) is posted
  by every player in playing order before the deal; it counts toward side pots but not toward
  round 1's bets. A player whose stack is short of it puts in everything and is all-in.
* *Ties*: with ``tie = split`` (the default) tied hands share each pot they tie for (layers
  open to the same players form one pot, settled once, docs/rules/ties.md#pots-not-layers);
  if the tied hands are Primeros the pot goes whole to the eldest of them [seed-FR]. The odd
  chips of a split go one by one in playing order from the eldest: the library's reading, the
  sheet gives no rule for them (docs/rules/ties.md#odd-chip). ``tie = eldest`` gives every tie
  to the eldest.
* *Supremus* (option ``supremus``, off): the sheets describe it as "A, 6, 7 plus toute
  quatrième carte" [seed-FR], "A, 6, 7 più qualsiasi quarta carta" [seed-IT] (A, 6, 7 plus any
  fourth card); with ``supremus_suits = one`` (the default) it is the library's reading, the
  standard 7, 6 and A of one suit; ``supremus_suits = any`` plays the sheets' words literally.
* *Points of the 8, 9 and 10* in the 48- and 52-card presets: 8, 9 and 10, the library's
  reading after Zorli's Roman game [ZOR-B] (docs/rules/cards.md#eight-nine-ten); the sheets
  give none.
"""

from __future__ import annotations

from collections.abc import Callable

from primero.actions import Action, Pass, Vie
from primero.deal.state import GameState
from primero.hands import HandValue
from primero.hookspecs import hookimpl
from primero.options import Option
from primero.rules.betting import betting_actions, betting_seat
from primero.rules.ranking import DECK_OPTION, RANKING_OPTIONS, SUPREMUS_SUITS_OPTION
from primero.rules.settling import settle_showdown
from primero.rules.ties import TIE_OPTION
from primero.seating import seating_options
from primero.settlement import Settlement
from primero.setup import Step
from primero.variant import BettingRules, Variant, VariantSpec, with_cited

__all__ = [
    "DEAL_PACKETS_OPTION",
    "ENGLISH_PRIMERO",
    "EXCHANGE_FIRST_OPTION",
    "EXCHANGE_OPTION",
    "FRENCH_PRIME",
    "ITALIAN_PRIMIERA",
    "PRESETS",
    "REVIVAL",
    "REVIVAL_BETTING",
    "REVIVAL_OPTIONS",
    "ROUNDS_OPTION",
    "SEATING_OPTIONS",
    "SOURCES",
    "SPANISH_PRIMERA",
    "RevivalRules",
    "primero_register_variants",
    "revival_betting_actions",
    "revival_plan",
    "revival_tie_policy",
]

#: Most betting rounds of the revival game (docs/rules/revival.md).
MAX_ROUNDS = 3

#: How many betting rounds (docs/rules/revival.md).
ROUNDS_OPTION = Option(
    name="rounds", affects_ranking=False, default=1, minimum=1, maximum=MAX_ROUNDS,
    doc="Betting rounds: 1 after the deal; 2 adds an exchange and a round after it; 3 adds a "
        "last round before the showdown [seed-FR][seed-IT].",
)

#: The house rule of an exchange before any betting (docs/rules/revival.md).
EXCHANGE_FIRST_OPTION = Option(
    name="exchange_first", affects_ranking=False, default=False,
    doc="Before any betting each player, from the eldest, may discard up to four cards and "
        "draw as many (house rule) [seed-FR].",
)

#: When the players may exchange between the betting rounds (docs/rules/revival.md).
EXCHANGE_OPTION = Option(
    name="exchange", affects_ranking=False, default="once",
    choices=("once", "every_round", "none"),
    doc="The exchange between betting rounds: once, after round 1 when there is a round 2 "
        "(the library's reading of the sheets' order of play); every_round, before every "
        "betting round after the first, 'prima di ogni turno di puntata' [seed-IT]; none, no "
        "exchange between rounds, as 'Certaines versions … l'interdisent' [seed-FR] "
        "(exchange_first still adds its exchange before round 1 when asked).",
)

#: How the four cards are dealt (docs/rules/revival.md).
DEAL_PACKETS_OPTION = Option(
    name="deal_packets", affects_ranking=False, default=2, choices=(2, 1),
    doc="Cards given to a player at a time: 2 — two rounds of two, each player from the eldest "
        "given two together (\"traditionnellement\" [seed-FR], \"tradizionalmente\" "
        "[seed-IT]: traditionally); 1 — one card at a time, four times round (the "
        "sheets' house rule).",
)

#: The revival game's seating: play's direction (a label) and where the deal passes (a rule of
#: the session), docs/rules/dealing.md#direction.
SEATING_OPTIONS = seating_options(
    "clockwise",
    "'Le jeu se déroule dans le sens des aiguilles d'une montre' [seed-FR], 'Il gioco procede "
    "in senso orario' [seed-IT] (play goes clockwise).",
    deal="against_play",
    deal_why="'La position du donneur tourne dans le sens inverse des aiguilles d'une montre "
    "après chaque donne' [seed-FR], 'La posizione del mazziere ruota in senso antiorario dopo "
    "ogni distribuzione' [seed-IT] (the dealer's position turns counter-clockwise after each "
    "deal): against play, to the dealer's right.",
)

#: The revival game's options: the pack, the ranking (Supremus off), ties split, rounds, the
#: seating labels.
REVIVAL_OPTIONS: tuple[Option, ...] = (
    DECK_OPTION,
    *(o.with_default(False) if o.name == "supremus" else o for o in RANKING_OPTIONS),
    SUPREMUS_SUITS_OPTION,
    TIE_OPTION.with_default("split"),
    ROUNDS_OPTION,
    EXCHANGE_FIRST_OPTION,
    DEAL_PACKETS_OPTION,
    EXCHANGE_OPTION,
    *SEATING_OPTIONS,
)

SOURCES = (
    "[seed-FR] Comment jouer: French rule sheet of the modern revival game (classes, values, "
    "ante, betting, ties split except equal Primeros, variants)",
    "[seed-IT] Come si gioca: Italian rule sheet of the modern revival game",
)

SUMMARY = """\
The modern revival game of the French and Italian rule sheets. 2-6 players, the 40-card pack
(the presets below name their own).
Table parameters: the ante (1 in the rule sheets), the stake (smallest bet) and the rest (most
one may bet or raise at once; the sheets set no limits, these are the library's reading).

Seats: play goes clockwise; after each deal the deal passes against play, to the dealer's
right ("La position du donneur tourne dans le sens inverse des aiguilles d'une montre après
chaque donne", the French sheet: the dealer's position turns counter-clockwise after each deal),
so with three or more players the player before the dealer deals next (option deal_passes).

Every player antes; a player short of the ante puts in all they have and is all-in. Deal
(option deal_packets): 2, the default and the sheets' "traditionnellement" (traditionally),
gives each player two cards together, from the eldest, twice round; 1, the sheets' house rule,
deals one card at a time, four times round. Betting (rounds=1, up to 3): the first to speak may
pass (check), bet (stake..rest) or fold; once someone has bet, each in turn holds (calls),
raises (stake..rest more) or folds; the round ends when everyone still in has matched the
highest bet. A round in which nobody bets simply ends. With rounds=2 the players still in may
exchange (discard and draw) after round 1, then bet again; rounds=3 adds a last round before
the showdown, with no exchange before it (the library's reading of the sheets' order of play).
Option exchange: once (the default, as just said); every_round, an exchange before every
betting round after the first (the Italian sheet's "prima di ogni turno di puntata"); none, no
exchange between rounds ("Certaines versions … l'interdisent", the French sheet). House rule
exchange_first: an exchange before any betting.

Showdown: Chorus > Fluxus > Primero > Numerus, then points (Supremus off unless supremus=true;
the sheets' Supremus is "A, 6, 7 plus toute quatrième carte", A, 6, 7 plus any fourth card
[seed-FR]: the library reads it as the 7, 6 and A
of one suit, supremus_suits=any plays it with any suits). A player left alone takes the pot
unseen. Tied hands split the pot, except that equal Primeros go to the eldest; the odd chips
of a split go one by one from the eldest (the library's reading: the sheets give no rule for
them). Ties are settled once per pot. There is no carry-over (the library's reading: the
sheets speak of none); side pots are layered by contribution (antes included)."""


def revival_plan(rounds: int, *, exchange_first: bool = False,
                 exchange: str = "once", packets: bool = True) -> tuple[Step, ...]:
    """The steps of a revival deal (docs/rules/revival.md#exchange-before-rounds).

    Args:
        rounds: Betting rounds, 1 to 3.
        exchange_first: Add an exchange before round 1 (house rule [seed-FR]).
        exchange: The exchange between rounds: ``"once"`` (before round 2 only),
            ``"every_round"`` (before rounds 2 and 3 [seed-IT]) or ``"none"`` [seed-FR].
        packets: Each player receives a deal step's two cards together (``deal_packets =
            2``), else one card at a time round the table (``deal_packets = 1``).

    Returns:
        Ante, two deals of two, [exchange], round 1, then for each later round [exchange] and
        the round, then the showdown.

    Raises:
        ValueError: ``rounds`` is not 1, 2 or 3, or ``exchange`` is not one of the three.
    """
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"the revival game has 1 to {MAX_ROUNDS} betting rounds, not {rounds}")
    if exchange not in ("once", "every_round", "none"):
        raise ValueError(f"exchange is 'once', 'every_round' or 'none', not {exchange!r}")
    steps = [Step("ante"), Step("deal", count=2, together=packets),
             Step("deal", count=2, together=packets)]
    if exchange_first:
        steps.append(Step("exchange"))
    steps.append(Step("bet", 1))
    for number in range(2, rounds + 1):
        if exchange == "every_round" or (exchange == "once" and number == 2):
            steps.append(Step("exchange"))
        steps.append(Step("bet", number))
    steps.append(Step("showdown"))
    return tuple(steps)


def revival_betting_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """The revival betting actions of ``seat`` (docs/rules/revival.md).

    The Waks actions with nobody bound to hold, less the pass once the seat owes chips: after a
    bet only hold, raise or fold (the core's actions under :data:`REVIVAL_BETTING`).
    """
    return betting_actions(state, seat, bound=False)  # REVIVAL_BETTING says the rest


def revival_tie_policy(tie: str) -> str | Callable[[HandValue], str]:
    """The tie policy of the ``tie`` option: ``split`` except tied Primeros go to the eldest."""
    if tie != "split":
        return tie
    return lambda value: "eldest" if value.hand_class == "Primero" else "split"


class RevivalRules:
    """The revival game's hooks (docs/rules/revival.md); every other hook is the core's."""

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        """Ante, deal, rounds and exchanges by ``rounds``, ``exchange_first`` and ``exchange``."""
        return revival_plan(int(variant.option("rounds")),
                            exchange_first=bool(variant.option("exchange_first")),
                            exchange=str(variant.option("exchange")),
                            packets=int(variant.option("deal_packets")) != 1)

    @hookimpl
    def primero_illegal_reason(self, state: GameState, variant: Variant, action: Action) \
            -> str | None:
        """The revival reasons (no pass after a bet, one bet per round); else the core's."""
        seat = betting_seat(state)
        if seat is None:
            return None
        s = state.seats[seat]
        if isinstance(action, Pass) and not action.exchange \
                and state.high > s.round_bet:
            return (f"{s.name} owes {state.high - s.round_bet}: once someone has bet, hold, "
                    "raise or fold (no pass)")
        if isinstance(action, Vie) and state.opened:
            return "someone has already bet this round: hold, raise or fold"
        return None

    @hookimpl
    def primero_settle(self, state: GameState, variant: Variant) -> Settlement | None:
        """At a showdown, ties split except equal Primeros (to the eldest); else the core's.

        The exception changes a settlement only where two hands still in are equal Primeros
        (a pot shared by tied Primeros): every other deal settles as the core settles it under
        the ``tie`` option, so the hook answers ``None`` and the core's own hook answers (its
        answer is the library's, taken unchecked; a settlement of this plug-in's is checked).
        """
        if state.ended_by != "showdown" or len(state.live) < 2:
            return None  # an unseen win or a carry-over: the core's
        tie = str(variant.options["tie"])
        if tie == "split" and _equal_primeros(state):
            return settle_showdown(state, tie=revival_tie_policy(tie))
        return None


def _equal_primeros(state: GameState) -> bool:
    """Whether two hands still in are Primeros of equal value (ties the revival gives whole)."""
    seen = set()
    for seat in state.live:
        value = state.value(seat)
        if value.hand_class == "Primero":
            key = value.key
            if key in seen:
                return True
            seen.add(key)
    return False


_RULES = RevivalRules()


#: The revival betting (docs/rules/revival.md) as data: nobody is bound to hold, no pass once
#: someone
#: has bet, and a round without a bet simply ends (no carry-over).
REVIVAL_BETTING = BettingRules(must_hold_rounds=(), pass_answers_bet=False,
                               carry_without_vie=False)


def _spec(name: str, title: str, note: str, **defaults: bool | int | str) -> VariantSpec:
    """The revival spec, or a preset of it: the same rules with other option defaults."""
    options = tuple(o.with_default(defaults[o.name]) if o.name in defaults else o
                    for o in REVIVAL_OPTIONS)
    return VariantSpec(
        name=name, title=title, summary=SUMMARY + (f"\n\n{note}" if note else ""),
        sources=with_cited(SOURCES, options), players=(2, 6), options=options,
        plugins=(_RULES,), ante=1, betting=REVIVAL_BETTING,
    )


#: The ``revival`` variant spec.
REVIVAL = _spec("revival", "Revival Primero (French and Italian rule sheets)", "")
#: ``italian-primiera``: three betting rounds, the original Italian game.
ITALIAN_PRIMIERA = _spec(
    "italian-primiera", "Italian Primiera (revival rules, three rounds)",
    "Preset italian-primiera: the original Italian game, three betting rounds (rounds=3; no "
    "exchange before round 3 unless exchange=every_round).",
    rounds=3,
)
#: ``spanish-primera``: the 48-card Spanish pack, three rounds "similar to the Italian" (in
#: translation).
SPANISH_PRIMERA = _spec(
    "spanish-primera", "Spanish Primera (revival rules, 48-card pack, three rounds)",
    "Preset spanish-primera: the 48-card Spanish pack (deck=spanish48: A-9 and the courts; "
    "[seed-FR] says the 48-card packs are 'conservant les 10' (keeping the 10s), which the "
    "library reads as the Spanish court numbered 10; that the 8 and 9 are worth 8 and 9 "
    "points is the library's reading, the sheets give them none) and three betting rounds "
    "(rounds=3): 'Structure d'enchères similaire à l'italienne' [seed-FR], 'Struttura delle "
    "puntate simile a quella italiana' [seed-IT].",
    deck="spanish48", rounds=3,
)
#: ``french-prime``: the 52-card pack, two rounds.
FRENCH_PRIME = _spec(
    "french-prime", "French Prime (revival rules, 52-card pack, two rounds)",
    "Preset french-prime: the 52-card pack (deck=french52; that 8, 9, 10 are worth 8, 9, 10 "
    "is the library's reading, the sheets give them none) and two betting rounds with the "
    "exchange between them (rounds=2).",
    deck="french52", rounds=2,
)
#: ``english-primero``: the 48-card English game.
ENGLISH_PRIMERO = _spec(
    "english-primero", "English Primero (revival rules, 48-card pack)",
    "Preset english-primero: the 48-card English game (deck=spanish48: A-9 and the courts, "
    "the library's reading of [seed-FR]'s 48-card packs 'conservant les 10', keeping the "
    "10s; that the 8 and 9 are worth 8 and 9 points is the library's reading too).",
    deck="spanish48",
)

#: The presets, registered as variants of their own.
PRESETS: tuple[VariantSpec, ...] = (ITALIAN_PRIMIERA, SPANISH_PRIMERA, FRENCH_PRIME,
                                    ENGLISH_PRIMERO)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register ``revival`` and its presets."""
    register(REVIVAL)
    for preset in PRESETS:
        register(preset)
