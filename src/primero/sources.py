"""The rule sources of RULES.md §12, by key, and the sources a variant's options cite.

Option docs cite their sources by key (``[seed-FR]``, ``[ISEN]``); :func:`with_cited` adds to a
variant's own source list every source its options cite, so ``primero rules VARIANT`` and the
variant pages can resolve every key they print.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from primero.options import Option

__all__ = ["SOURCE_TEXTS", "cited_keys", "with_cited"]

#: Every source of RULES.md §12: key -> the text printed after it.
SOURCE_TEXTS: Mapping[str, str] = {
    "[seed-FR]": "Comment jouer: French rule sheet of the modern revival game",
    "[seed-IT]": "Come si gioca: Italian rule sheet of the modern revival game",
    "[seed-DE]": "Primero (Primiera) – Ausführliche Regeln: German rule sheet after Mark Waks",
    "[seed-PRIMIERA]": "Primiera: Italian declare-and-redraw rules (English text)",
    "[WAKS]": "Mark Waks, Game Report: Primero (2002–03)",
    "[ZOR-C]": "Girolamo Zorli, Cardan's Primero game (Accademia del Tre)",
    "[ZOR-B]": "Girolamo Zorli, Francesco Berni's Primero (Accademia del Tre)",
    "[SUZ94]": "Jeff A. Suzuki, Primero: A Renaissance Cardgame (1994)",
    "[BARONY]": "SCA Barony of Three Mountains, Primero rules",
    "[PARL]": "David Parlett, The Penguin Book of Card Games",
    "[NQ8]": "Notes and Queries 11th series vol. 8 (1913): Cardano's classes",
    "[ISEN]": "SCA Isenfir Primero rules and cheat sheet (only the suit's cards count in a "
              "Numerus)",
    "[SPAZIO]": "spazioinwind.libero.it/carte/primiera.htm (Italian Primiera, suit tie-breaks)",
}

_KEY = re.compile(r"\[[A-Za-z0-9-]+\]")


def cited_keys(texts: Iterable[str]) -> list[str]:
    """The source keys cited in ``texts``, in order of first citation."""
    seen: list[str] = []
    for text in texts:
        for key in _KEY.findall(text):
            if key in SOURCE_TEXTS and key not in seen:
                seen.append(key)
    return seen


def with_cited(sources: Iterable[str], options: Iterable[Option]) -> tuple[str, ...]:
    """A variant's sources, then every source its options cite that the list lacks.

    Args:
        sources: The variant's own sources, each starting with its key (``"[seed-DE] ..."``).
        options: The variant's options; their docs cite sources by key.

    Returns:
        ``sources`` followed by ``"[KEY] text (cited by an option)"`` for each missing key.
    """
    own = tuple(sources)
    have = {s.split()[0] for s in own if s}
    extra = tuple(f"{key} {SOURCE_TEXTS[key]} (cited by an option)"
                  for key in cited_keys(o.doc for o in options) if key not in have)
    return own + extra
