"""Reading opponents from what they do: a prior on how often each bets, updated as it plays.

A player's betting says something about its cards only against how often it bets. Someone who
vies one time in three shows a hand in the top third when it vies; someone who vies every time
shows nothing. :class:`Reading` counts, per opponent (by name), its betting decisions in the
public log — vies and raises, holds, and the rest (pass, fold) — over the deal in play and
every deal of the session seen before, and turns them into the least strength its betting
suggests (:meth:`Reading.floors`): after a vie or raise, ``1 - p_bet``; after a hold,
``1 - p_bet - p_hold``, each frequency a Beta-style mean that starts at the prior
(:data:`PRIOR_BET`, :data:`PRIOR_HOLD`, worth :data:`PRIOR_WEIGHT` decisions) and moves
toward what the opponent does. A named call is read the same way: the chance that an opponent
names a call its hand does not meet is its betting frequency (:meth:`Reading.bluff_weight`).

The reading never looks at hidden cards: only ``view.history`` (public) is counted.
"""

from __future__ import annotations

from attrs import define, field

from primero.views import PlayerView

__all__ = [
    "HELD_FLOOR",
    "PRIOR_BET",
    "PRIOR_FOLD",
    "PRIOR_FOLD_BET",
    "PRIOR_FOLD_WEIGHT",
    "PRIOR_HOLD",
    "PRIOR_RAISE",
    "PRIOR_RAISE_WEIGHT",
    "PRIOR_WEIGHT",
    "VIED_FLOOR",
    "Counts",
    "Reading",
    "bound_holds",
    "count",
    "kind_of",
    "shown_strength",
]

#: The prior share of an opponent's betting decisions that vie or raise, and that hold.
PRIOR_BET = 0.35
PRIOR_HOLD = 0.20
#: How many decisions the prior is worth.
PRIOR_WEIGHT = 8.0
#: The prior chance that a player folds a hand that cannot win against a bet, and how many
#: folds and holds it is worth.
PRIOR_FOLD = 0.9
PRIOR_FOLD_WEIGHT = 4.0
#: The prior chance that a player folds to a bet whatever it holds.
PRIOR_FOLD_BET = 0.5
#: The prior chance that a player facing a bet raises it, and how many answers it is worth.
PRIOR_RAISE = 0.1
PRIOR_RAISE_WEIGHT = 4.0
#: The floors the prior gives: after a vie or raise, and after a hold.
VIED_FLOOR = 1 - PRIOR_BET
HELD_FLOOR = 1 - PRIOR_BET - PRIOR_HOLD
#: The highest floor a reading gives (an opponent that almost never bets still holds a hand
#: a little weaker than the best now and then).
MAX_FLOOR = 0.9


@define
class Counts:
    """One opponent's betting decisions: vies and raises, holds, and every decision."""

    bets: int = 0
    holds: int = 0
    total: int = 0
    folds: int = 0
    raises: int = 0

    def add(self, other: Counts) -> Counts:
        """The sum of two counts."""
        return Counts(self.bets + other.bets, self.holds + other.holds,
                      self.total + other.total, self.folds + other.folds,
                      self.raises + other.raises)


def kind_of(text: str) -> str | None:
    """What one public log entry is: ``"bet"`` (a vie or raise), ``"hold"``, ``"fold"``, ``"pass"``.

    ``None`` for an entry that is no betting decision (an exchange).
    """
    if text.startswith(("vie", "hold raise")):
        return "bet"
    if text == "hold" or text.startswith("hold "):
        return "hold"
    if text.startswith("fold"):
        return "fold"
    if text.startswith("pass"):
        return "pass"
    return None


def bound_holds(view: PlayerView) -> set[int]:
    """The entries of the view's public log that are holds the player was bound to make.

    Must hold (round 1, docs/rules/waks.md#must-hold): when someone vies and nobody has held
    the vie, the last player still in before the vier must hold; such a hold is no choice and
    says nothing about the hand. Found from the log alone: in the first betting round (before
    any exchange), the first hold after a vie, made by the player still in just before the
    vier in seat order.
    """
    n = len(view.seats)
    out: set[int] = set()
    folded: set[int] = set()
    vier: int | None = None
    held = False
    for at, (s, text) in enumerate(view.history):
        kind = kind_of(str(text))
        if kind is None:
            break  # an exchange: round 1 is over
        if kind == "fold":
            folded.add(s)
        if kind == "bet" and vier is None:
            vier = s
        elif kind == "hold" and vier is not None and not held:
            held = True
            before = next((seat for k in range(1, n)
                           if (seat := (vier - k) % n) not in folded), None)
            if s == before:
                out.add(at)
    return out


def count(view: PlayerView, seat: int) -> Counts:
    """The betting decisions of ``seat`` in the view's public log (this deal).

    A pass that answers an open vie (where nobody folds, as in Suzuki, docs/rules/suzuki: the
    passer gives up the layers it did not match) counts as a fold: it lets go facing a bet.
    """
    found = Counts()
    open_bet = False  # a vie or raise stands in this betting round
    bound = bound_holds(view)
    for at, (s, text) in enumerate(view.history):
        kind = kind_of(str(text))
        if kind is None:
            open_bet = False  # an exchange step: the betting round is over
            continue
        if s != seat or at in bound:
            open_bet = open_bet or kind == "bet"
            continue
        found.total += 1
        found.bets += kind == "bet"
        found.holds += kind == "hold"
        found.folds += kind == "fold" or (kind == "pass" and open_bet)
        found.raises += str(text).startswith("hold raise")
        open_bet = open_bet or kind == "bet"
    return found


@define
class Reading:
    """Per opponent, its betting frequencies over the session (see the module docstring).

    Call :meth:`observe` with each view the player decides on; the counts of the deal in play
    are replaced at each call, and folded into the session's when a new deal starts.
    """

    past: dict[str, Counts] = field(factory=dict)
    current: dict[str, Counts] = field(factory=dict)
    deal: tuple[object, ...] | None = None

    def observe(self, view: PlayerView) -> None:
        """Count the opponents' decisions the view's public log shows.

        A deal is known by the table (the seats' names, the dealer), the viewer's seat and
        the cards the viewer was dealt first; when that changes, the counts of the deal before
        are folded into the session's, once.
        """
        first = tuple(r.card for r in view.received[:1])
        key = (tuple(s.name for s in view.seats), view.dealer, view.seat, first)
        if key != self.deal:
            for name, counts in self.current.items():
                self.past[name] = self.past.get(name, Counts()).add(counts)
            self.current = {}
            self.deal = key
        for i, seat in enumerate(view.seats):
            if i != view.seat:
                self.current[seat.name] = count(view, i)

    def frequencies(self, name: str) -> tuple[float, float]:
        """``(p_bet, p_hold)``: the shares of ``name``'s decisions that bet and that hold."""
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        total = seen.total + PRIOR_WEIGHT
        return ((seen.bets + PRIOR_BET * PRIOR_WEIGHT) / total,
                (seen.holds + PRIOR_HOLD * PRIOR_WEIGHT) / total)

    def fold_rate(self, name: str, prior: float = PRIOR_FOLD) -> float:
        """How often ``name`` lets go facing a bet: its folds among folds, holds and raises.

        The prior (by default :data:`PRIOR_FOLD`: a player folds what it cannot win) is worth
        :data:`PRIOR_FOLD_WEIGHT` decisions; a player that holds or raises everything moves it
        to 0, one that folds to everything to 1.
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        return (seen.folds + prior * PRIOR_FOLD_WEIGHT) \
            / (seen.folds + seen.holds + seen.raises + PRIOR_FOLD_WEIGHT)

    def raise_rate(self, name: str) -> float:
        """How often ``name`` raises facing a bet: its raises among folds, holds and raises.

        The prior :data:`PRIOR_RAISE` is worth :data:`PRIOR_RAISE_WEIGHT` answers; a player
        that raises every bet moves it to 1, one that never raises to 0.
        """
        seen = self.past.get(name, Counts()).add(self.current.get(name, Counts()))
        return (seen.raises + PRIOR_RAISE * PRIOR_RAISE_WEIGHT) \
            / (seen.folds + seen.holds + seen.raises + PRIOR_RAISE_WEIGHT)

    def raise_again(self, view: PlayerView) -> float:
        """The chance that some live opponent with chips left raises a hold (:meth:`raise_rate`)."""
        stays = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded and seat.stack > 0:
                stays *= 1 - self.raise_rate(seat.name)
        return 1 - stays

    def all_fold(self, view: PlayerView, prior: float = PRIOR_FOLD_BET) -> float:
        """The chance that every live opponent folds to a bet (their :meth:`fold_rate`)."""
        chance = 1.0
        for i, seat in enumerate(view.seats):
            if i != view.seat and not seat.folded:
                chance *= self.fold_rate(seat.name, prior)
        return chance

    def fold_rates(self, view: PlayerView, prior: float = PRIOR_FOLD_BET) -> list[float]:
        """Per live opponent (seat order), how often it lets a bet go (:meth:`fold_rate`)."""
        return [self.fold_rate(seat.name, prior) for i, seat in enumerate(view.seats)
                if i != view.seat and not seat.folded]

    def floors(self, view: PlayerView) -> list[float]:
        """Per live opponent (seat order), the least strength its betting this deal suggests."""
        out = []
        for i, seat in enumerate(view.seats):
            if i == view.seat or seat.folded:
                continue
            bet, hold = self.frequencies(seat.name)
            bound = bound_holds(view)
            said = [kind_of(str(text)) for at, (s, text) in enumerate(view.history)
                    if s == i and at not in bound]
            if "bet" in said:
                out.append(min(MAX_FLOOR, max(0.0, 1 - bet)))
            elif "hold" in said:
                out.append(min(MAX_FLOOR, max(0.0, 1 - bet - hold)))
            else:
                out.append(0.0)
        return out

    def bluff_weight(self, view: PlayerView, seat: int) -> float:
        """How much a sampled deal counts where ``seat``'s named call is not met by its hand.

        Its betting frequency: an opponent that bets on everything names calls on anything.
        """
        return self.frequencies(view.seats[seat].name)[0]


def shown_strength(view: PlayerView, reading: Reading | None = None) -> list[float]:
    """Per live opponent (seat order), the least strength its betting this deal suggests.

    By ``reading`` (the opponents' observed frequencies), or by the prior alone.
    """
    return (reading if reading is not None else Reading()).floors(view)
