"""What a variant tells computer players about its rules: :class:`VariantAdvice`.

The built-in agents (:mod:`primero.agents`) know no variant by name. What only a variant knows
and a player needs to weigh a decision comes from the variant's plug-in through one hook,
:func:`~primero.hookspecs.primero_agent_advice`, answered with a :class:`VariantAdvice`
(``variant.rules.agent_advice``); a variant that does not answer gets the empty advice (the
Waks English game's: no calls, every class can win, no declaration).

* **calls** (the calling game, docs/rules/cardano.md) — a :class:`CallAdvice`: the standing
  call, who named it, how calls order, and whether a hand meets a call *under the variant's
  configured rule* (the test the showdown applies, written once in the variant);
* **never_wins** — hand classes that can never take a pot (Primiera's ``Nothing``,
  docs/rules/primiera.md);
* **exchange_from** — in a declare-and-redraw game, the classes a player holds when it
  reaches the exchange (a served hand declares and ends the deal first): an opponent's
  exchange is then read as made from such a hand.

A plug-in variant implements the hook the same way::

    from primero import hookimpl
    from primero.advice import VariantAdvice

    class MyRules:
        @hookimpl
        def primero_agent_advice(self, variant):
            return VariantAdvice(never_wins=frozenset({"Nothing"}))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from attrs import field, frozen

if TYPE_CHECKING:
    from primero.actions import Call

__all__ = ["CallAdvice", "SeenDeal", "VariantAdvice", "class_names"]


class SeenDeal(Protocol):
    """What call advice reads of a player's view (a :class:`~primero.views.PlayerView`).

    Attributes:
        history: ``(seat, public text)`` of every action.
    """

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """``(seat, public text)`` of every action."""

    def extra(self, key: str, default: Any = None) -> Any:
        """The public value a rule keeps under ``key`` (``default`` if none)."""


@runtime_checkable
class CallAdvice(Protocol):
    """A calling variant's calls as a computer player needs them (docs/rules/cardano.md).

    ``strength`` and ``class_id`` are a four-card hand's dense strength and class id in the
    variant's ranking table (``ranking.hand_table.strength`` and ``.class_ids``).
    """

    def standing(self, view: SeenDeal) -> Call | None:
        """The standing call the view shows, ``None`` before any."""
        ...

    def caller(self, view: SeenDeal) -> int | None:
        """The seat that named the standing call (from the public log), ``None`` if none."""
        ...

    def key(self, call: Call) -> tuple[int, ...]:
        """The call's rank key: calls order as their keys."""
        ...

    def threshold(self, call: Call) -> int:
        """The dense strength of the weakest hand ranking at or above ``call``."""
        ...

    def meets_dense(self, strength: int, class_id: int, call: Call, *,
                    by_rank: bool = False) -> bool:
        """Whether a hand meets ``call`` under the variant's configured rule.

        With ``by_rank``, whether it ranks at or above the call (what a hand may still answer
        by naming a call of its own in a later round).
        """
        ...


def class_names(names: Iterable[str]) -> frozenset[str]:
    """Hand class names as a frozen set."""
    return frozenset(names)


@frozen(kw_only=True)
class VariantAdvice:
    """What a variant tells computer players (see the module docstring).

    Attributes:
        calls: The calling game's calls, or ``None`` in a variant without calls.
        never_wins: Hand classes that can never take a pot (Primiera's ``Nothing``).
        exchange_from: In a declare-and-redraw game, the hand classes a player holds when it
            reaches the exchange; empty elsewhere.
    """

    calls: CallAdvice | None = None
    never_wins: frozenset[str] = field(default=frozenset(), converter=class_names)
    exchange_from: frozenset[str] = field(default=frozenset(), converter=class_names)
