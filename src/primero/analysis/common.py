"""Shared helpers of :mod:`primero.analysis` and the ranking facts they read.

The ranking facts (:func:`class_order`, :func:`hand_class_name`, :func:`fewer_points_better`)
come from the variant's own ranking table, never from a variant's name. The other helpers,
shared by the analysis modules but not part of the package's face, resolve variants and cards,
and import pandas and matplotlib lazily (the ``analysis`` extra).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from primero.cards import Card, parse_cards
from primero.errors import CardParseError, PrimeroError, UnknownVariantError, named, typed_name
from primero.hands import Ranking
from primero.options import whole_number
from primero.plugins.registry import resolve_variant
from primero.variant import Variant

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["Cards", "VariantLike", "class_order", "fewer_points_better", "hand_class_name"]

Cards = str | Iterable[Card | str]
VariantLike = str | Variant


def data_frame(rows: Any, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """A pandas DataFrame of ``rows``, pandas imported on first use.

    Args:
        rows: What ``pandas.DataFrame`` takes as data: a list of dicts (one per row, keys the
            columns) or of sequences.
        columns: The column names, in order; ``None`` takes them from the rows.

    Raises:
        ImportError: pandas is not installed; the message names the ``analysis`` extra.
    """
    return cast("pd.DataFrame", pandas_module().DataFrame(rows, columns=columns))


def pandas_module() -> Any:
    """The ``pandas`` module, imported on first use (the ``analysis`` extra).

    Raises:
        ImportError: pandas is not installed; the message names the extra to install.
    """
    try:
        import pandas
    except ImportError:  # pragma: no cover - depends on the install
        raise ImportError(
            "primero.analysis tables need pandas: pip install 'primero[analysis]'"
        ) from None
    return pandas


def new_figure(**kwargs: Any) -> Figure:
    """A matplotlib :class:`~matplotlib.figure.Figure`, never registered with ``pyplot``.

    Args:
        **kwargs: Passed to ``Figure`` (e.g. ``figsize=(8.0, 3.0)`` in inches,
            ``layout="constrained"``).

    Raises:
        ImportError: matplotlib is not installed; the message names the ``analysis`` extra.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - depends on the install
        raise ImportError(
            "primero.analysis plots need matplotlib: pip install 'primero[analysis]'"
        ) from None
    return Figure(**kwargs)


def as_variant(variant: VariantLike, options: dict[str, Any]) -> Variant:
    """The configured variant an analysis function was given.

    Args:
        variant: A :class:`~primero.variant.Variant`, a registered name, or
            ``"name:key=value,..."`` (read by :func:`primero.plugins.registry.resolve_variant`).
        options: More variant options (they win over those in the text); empty for none.

    Raises:
        PrimeroError: ``variant`` is neither text nor a variant; the message names its type.
        UnknownVariantError: no variant of that name; text that reads as cards (the
            arguments given in the wrong order, the variant first) is named as such.
        InvalidOptionError: a malformed, unknown or badly valued option.
    """
    if not isinstance(variant, str | Variant):
        raise PrimeroError(f"variant is {typed_name(variant)}: give a variant, "
                           f"a name, or 'name:key=value,...'")
    try:
        return resolve_variant(variant, options or None)
    except UnknownVariantError:
        if isinstance(variant, str) and _reads_as_cards(variant):
            raise UnknownVariantError(
                f"variant {named(variant)} is cards, not a variant's name: give the cards "
                "first and the variant after them") from None
        raise


def _reads_as_cards(text: str) -> bool:
    """Whether ``text`` is one or more cards (``"7s 6h"``, ``"2c"``)."""
    try:
        return bool(parse_cards(text))
    except PrimeroError:
        return False


def as_cards(cards: Cards, variant: Variant, what: str) -> tuple[Card, ...]:
    """``cards`` read and checked against the variant's pack (RULES.md §1), in the order given.

    Args:
        cards: Text (``"7h 6h"``, ``"7♥,6♥"``) or an iterable of cards or card texts.
        variant: Its pack is the one the cards must come from.
        what: What the cards are, named in an error (``"hand"``, ``"dead cards"``).

    Raises:
        CardParseError: ``cards`` is bytes, or neither text nor an iterable (the message
            names ``what`` and the value), or a token is not a card (it names ``what`` and
            the token).
        InvalidDeckError: a card appears twice, or is not in the variant's pack (the message
            names the card and ``what``).
    """
    if not isinstance(cards, str | Iterable) or isinstance(cards, bytes | bytearray):
        raise CardParseError(f"{what} is {typed_name(cards)}: give cards as text "
                             f"('7h 6h') or a list of cards")
    try:
        parsed = parse_cards(cards)
    except CardParseError as exc:  # which argument the bad card was given in
        raise CardParseError(f"{what}: {exc}") from None
    variant.pack.check(parsed, what)
    return parsed


def as_count(value: object, name: str) -> int:
    """``value``, a count the caller gave (cards to throw, hands, cards dealt), checked.

    Args:
        value: Any whole number of 0 or more (a Python or numpy integer, not a ``bool``).
        name: The parameter, named in the error.

    Raises:
        PrimeroError: ``value`` is not a whole number of 0 or more; one line naming ``name``
            and the value, shortened past 40 characters.
    """
    if whole_number(value):
        number = int(cast(int, value))
        if number >= 0:
            return number
        shown = str(number) if number > -10 ** 15 else "a negative number of over 15 digits"
    else:
        text = repr(value)
        shown = text if len(text) <= 40 else f"{text[:40]}..."
    raise PrimeroError(f"{name} must be a whole number of 0 or more, got {shown}")


def card_indices(ranking: Ranking, cards: Iterable[Card]) -> list[int]:
    """The cards' dense pack indices (see :meth:`primero.cards.Pack.index`)."""
    index = ranking.pack.index
    return [index(c) for c in cards]


def class_order(ranking: Ranking) -> list[str]:
    """The ranking's classes, strongest first by the ranking's own order.

    Classes are ordered by their weakest hand's sort key, so an inverted ranking (``losing``)
    lists Numerus first and Zorli's high Primero does not lift Primero above Fluxus.
    """
    return list(ranking.strongest_first)


def hand_class_name(name: str, classes: Iterable[str], variant: object = None) -> str:
    """The class called ``name`` among ``classes``, matched in any case.

    Args:
        name: A class name as typed, e.g. ``"fluxus"``.
        classes: The ranking's classes (in the order to list them in an error).
        variant: Named in the error message, when given.

    Returns:
        The class as the ranking spells it, e.g. ``"Fluxus"``.

    Raises:
        PrimeroError: no class of that name; the message lists the classes.
    """
    known = list(classes)
    if isinstance(name, str):
        for cls in known:
            if cls.casefold() == name.strip().casefold():
                return cls
    where = f" of {variant}" if variant is not None else ""
    raise PrimeroError(f"unknown hand class {named(name)}; the classes{where} are "
                       f"{', '.join(known)}")


def fewer_points_better(ranking: Ranking) -> bool:
    """Whether the ranking prefers fewer points (``losing``) rather than more.

    Decided by the ranking itself (:attr:`primero.hands.Ranking.low_wins`: the direction its
    rule objects state, else its own sort keys), never from a variant's name.
    """
    return ranking.low_wins
