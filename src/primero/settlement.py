"""The outcome of a deal: pot layers, awards, chips returned, and the carry-over.

Rules: docs/rules/ties.md.

A :class:`Settlement` is what ``primero_settle`` returns and what a finished
:class:`~primero.deal.state.GameState` carries. Chips are conserved: the awards, the returns and the
carry add up to the pot.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from attrs import field, frozen

if TYPE_CHECKING:
    from collections.abc import Sequence

    from primero.hands import HandValue

__all__ = ["Award", "PotLayer", "Settlement"]


@frozen(kw_only=True)
class PotLayer:
    """One layer of the pot, or one pot: chips every contender put in up to the same level.

    :func:`~primero.rules.settling.build_layers` cuts a layer at every distinct contribution;
    adjacent layers open to the same players still in are then merged into one pot
    (:func:`~primero.rules.settling.form_pots`), and a settlement's layers are those pots: a
    tie is settled once per pot (docs/rules/ties.md).

    Attributes:
        amount: Chips in the layer (carried-over chips included in the main layer).
        level: The contribution a player needs to reach the layer (its top).
        contenders: Seats still in that reach the layer.
        winners: Seats that share the layer (one, unless split); empty if it carries over.
        shares: Chips each winner takes, aligned with ``winners``.
    """

    amount: int
    level: int
    contenders: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()

    @property
    def carried(self) -> bool:
        """Nobody won the layer: its chips carry over to the next deal."""
        return not self.winners


@frozen(kw_only=True)
class Award:
    """What one player takes from the pot.

    Attributes:
        seat: The winner's seat.
        amount: Chips taken (all layers together).
        value: The winning hand's value, or ``None`` when won unseen.
    """

    seat: int
    amount: int
    value: HandValue | None = None


@frozen(kw_only=True)
class Settlement:
    """How a finished deal's pot was shared.

    Attributes:
        awards: What each winner takes, one entry per winner, in seat order.
        returns: ``(seat, chips)`` given back unmatched (not awards).
        layers: The contested layers, main (lowest) first.
        carry: Chips left on the table for the next deal.
        showdown: Whether hands were shown.
        values: ``(seat, value)`` of every hand shown at the showdown.
        reason: Why chips carry over, when any do (empty otherwise), e.g. ``"nobody vied in
            round 2"``, ``"no hand met the standing call Primero 60 (Anna's Fluxus 68 is not
            a Primero)"``, ``"nobody was served"``.
    """

    awards: tuple[Award, ...] = ()
    returns: tuple[tuple[int, int], ...] = ()
    layers: tuple[PotLayer, ...] = ()
    carry: int = 0
    showdown: bool = False
    values: tuple[tuple[int, HandValue], ...] = field(default=())
    reason: str = ""

    def won_by(self, seat: int) -> int:
        """Chips ``seat`` takes as awards (returns not counted)."""
        return sum(a.amount for a in self.awards if a.seat == seat)

    def returned_to(self, seat: int) -> int:
        """Chips given back to ``seat`` unmatched."""
        return sum(c for s, c in self.returns if s == seat)

    def describe(self, players: Sequence[str]) -> str:
        """The settlement in words: awards, chips given back, and what carries over and why.

        Args:
            players: The players' names, by seat.

        Returns:
            One line per award and return, then the carry-over with its reason, e.g.
            ``"6 chips carry over to the next deal: nobody vied in round 2"``.
        """
        lines = []
        for award in self.awards:
            how = f" with {award.value.label}" if award.value is not None else " unseen"
            lines.append(f"{players[award.seat]} wins {award.amount}{how}")
        for seat, chips in self.returns:
            lines.append(f"{players[seat]} takes back {chips} unmatched")
        if self.carry:
            why = f": {self.reason}" if self.reason else ""
            carried = "1 chip carries" if self.carry == 1 else f"{self.carry} chips carry"
            lines.append(f"{carried} over to the next deal{why}")
        return "\n".join(lines)

    def html(self, players: Sequence[str] | None = None) -> str:
        """The settlement as a small HTML table, for notebooks (:meth:`_repr_html_`).

        One row per seat the settlement names — a hand shown at the showdown (its cards,
        label and explanation), an award (``unseen`` when won without a showdown), chips
        given back — in seat order; under it, each pot that was contested by more than one
        layer or shared (who could take it, who took what) and the carry-over with its reason.

        Args:
            players: The players' names, by seat (escaped here); ``None``: the rows name seats
                only.

        Returns:
            An HTML fragment (``<div class="primero-settlement">``), every text escaped.
        """
        won = {a.seat: a for a in self.awards}
        back = dict(self.returns)
        shown = dict(self.values)
        seats = sorted({*won, *back, *shown})

        def name(seat: int) -> str:
            return html.escape(players[seat]) if players is not None and 0 <= seat < len(
                players) else ""

        rows = []
        for seat in seats:
            award = won.get(seat)
            value = shown.get(seat, award.value if award is not None else None)
            hand = value._repr_html_() if value is not None else \
                ("unseen" if award is not None else "")
            rows.append(f"<tr><td>{seat}</td><td>{name(seat)}</td><td>{hand}</td>"
                        f'<td style="text-align:right">{award.amount if award else ""}</td>'
                        f'<td style="text-align:right">{back.get(seat, "")}</td></tr>')
        notes = []
        if len(self.layers) > 1 or any(len(layer.winners) > 1 for layer in self.layers):
            for k, layer in enumerate(self.layers, start=1):
                who = ", ".join(f"seat {s} {name(s)}".rstrip() for s in layer.contenders)
                took = "; ".join(f"seat {s} takes {c}" for s, c in
                                 zip(layer.winners, layer.shares, strict=False)) \
                    or "carried over"
                notes.append(f"pot {k}: {layer.amount} chips, open to {who}: {took}")
        if self.carry:
            why = f": {html.escape(self.reason)}" if self.reason else ""
            carried = "1 chip carries" if self.carry == 1 else f"{self.carry} chips carry"
            notes.append(f"{carried} over to the next deal{why}")
        how = "showdown" if self.showdown else "no showdown"
        caption = f"Settlement — {how}; pot {self.paid_out + self.carry}"
        below = "".join(f"<div>{note}</div>" for note in notes)
        return ('<div class="primero-settlement"><table>'
                f"<caption>{caption}</caption>"
                "<thead><tr><th>Seat</th><th>Player</th><th>Hand</th><th>Wins</th>"
                "<th>Takes back</th></tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>{below}</div>")

    def _repr_html_(self) -> str:
        """The settlement for a notebook, seats by number (:meth:`html` names the players)."""
        return self.html()

    @property
    def paid_out(self) -> int:
        """Awards plus returns: the chips that leave the table."""
        return sum(a.amount for a in self.awards) + sum(c for _, c in self.returns)
