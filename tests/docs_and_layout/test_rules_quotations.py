"""Every quotation of a rule sheet in docs/rules is the sheet's own words or marked a rendering.

The quoting convention of docs/rules/index.md#how-to-read and docs/rules/sources.md: a span in
quote marks (double, or single as the option texts use them) in a passage that cites a sheet (by
its key, such as ``[seed-FR]``, or as "the French sheet", "the sheets" ...) is a quotation. It
either appears word for word in a sheet the passage cites (``…`` marks a cut; line breaks and
the apostrophe's shape do not count), or it is a rendering marked *in translation* next to it.
The pages are docs/rules/**/*.md and, for the variant pages generated from the registration,
every built-in variant's summary, option texts and sources. The four sheets are copied whole
into tests/cases/sheets/, so that a clone tests itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import primero

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SHEETS = Path(__file__).resolve().parents[1] / "cases" / "sheets"

#: Sheet keys and the files copied from the sheets folder.
FILES = {"seed-DE": "DE.txt", "seed-FR": "FR.txt", "seed-IT": "IT.txt",
         "seed-PRIMIERA": "PRIMIERA.txt"}
#: How a passage names a sheet without its key.
NAMES = {"seed-DE": r"German sheet", "seed-FR": r"French sheet", "seed-IT": r"Italian sheet",
         "seed-PRIMIERA": r"Primiera sheet"}

_QUOTE = re.compile(r"\"([^\"\n]+(?:\n[^\"\n]+)*?)\"|“([^”]+)”"
                    # single quotes, not an apostrophe: no letter outside either mark
                    r"|(?<![\w'])'([^'\n]*?[^\s'])'(?!\w)")
_KEY = re.compile(r"seed-(?:DE|FR|IT|PRIMIERA)\b")
_MARK = "in translation"


def _normal(text: str) -> str:
    """Whitespace collapsed, markdown escapes gone, one apostrophe."""
    text = text.replace("\\[", "[").replace("\\]", "]").replace("’", "'")
    return " ".join(text.split())


def _sheet(key: str) -> str:
    return _normal((SHEETS / FILES[key]).read_text(encoding="utf-8"))


def _in_sheet(span: str, sheet: str) -> bool:
    """``span`` is in ``sheet`` word for word; ``…`` (or ``...``) cuts it into parts in order."""
    at = 0
    for part in re.split(r"\s*(?:…|\.\.\.)\s*", _normal(span)):
        if not part:
            continue
        # whole words only: "share" is not quoted from "shares"
        found = re.compile(rf"(?<!\w){re.escape(part)}(?!\w)").search(sheet, at)
        if found is None:
            return False
        at = found.end()
    return True


def _passages(text: str) -> list[str]:
    """The page's prose, one passage per paragraph, list item or table row; code left out."""
    passages: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            passages.append([])
            continue
        if fenced or stripped.startswith((">>>", "... ")):
            continue
        if not stripped or stripped.startswith(("|", "* ", "- ", "#")) \
                or re.match(r"\d+\. ", stripped):
            passages.append([])
        if stripped:
            passages[-1].append(re.sub(r"`[^`]*`", "", stripped))
    return [" ".join(p) for p in passages if p]


def _cited(passage: str) -> list[str]:
    """The sheets a passage cites: by key, or by name; ``[]`` if it cites none."""
    keys = {k for k in FILES if re.search(rf"\b{k}\b", passage)}
    keys |= {k for k, name in NAMES.items() if re.search(name, passage)}
    if not keys and re.search(r"\bsheets?\b", passage):
        keys = set(FILES)  # "the sheet", "the revival sheets": any of them
    return sorted(keys)


def quotation_problems(page: str, text: str) -> list[str]:
    """Each quotation of a sheet on ``page`` that is neither the sheet's words nor marked."""
    problems = []
    for passage in _passages(text):
        cited = _cited(passage)
        if not cited:
            continue
        for match in _QUOTE.finditer(passage):
            span = match.group(1) or match.group(2) or match.group(3)
            around = passage[max(0, match.start() - 40):match.start()] + " " + \
                passage[match.end():match.end() + 60]
            if _MARK in around:
                continue
            if not any(_in_sheet(span, _sheet(key)) for key in cited):
                problems.append(f"{page}: \"{_normal(span)}\" is not in "
                                f"{', '.join(cited)} and not marked '{_MARK}'")
    return problems


PAGES = sorted(RULES.rglob("*.md"))


def test_the_sheets_are_copied_whole() -> None:
    for key, name in FILES.items():
        text = (SHEETS / name).read_text(encoding="utf-8")
        assert len(text) > 4000, key  # the whole sheet, not an excerpt


def test_the_checker_catches_a_rendering_and_passes_the_sheets_words() -> None:
    bad = 'The French sheet \\[seed-FR\\] says the 48-card packs "keep the 10s".\n'
    assert quotation_problems("x.md", bad) == [
        "x.md: \"keep the 10s\" is not in seed-FR and not marked 'in translation'"]
    good = ('The French sheet \\[seed-FR\\] says the 48-card packs are "conservant les 10"\n'
            '(keeping the 10s); the Italian sheet has "con i 10 conservati" \\[seed-IT\\].\n')
    assert quotation_problems("x.md", good) == []
    marked = 'The French sheet says "keep the 10s" (in translation).\n'
    assert quotation_problems("x.md", marked) == []
    cut = 'Some versions forbid it: "Certaines versions … l\'interdisent" \\[seed-FR\\].\n'
    assert quotation_problems("x.md", cut) == []
    assert len(quotation_problems("x.md", cut.replace("Certaines", "certaines"))) == 1
    part = 'The sheet \\[seed-PRIMIERA\\] has players "share" the pot.\n'  # "shares" in it
    assert len(quotation_problems("x.md", part)) == 1
    wrong_sheet = 'The German sheet \\[seed-DE\\] says "conservant les 10".\n'
    assert len(quotation_problems("x.md", wrong_sheet)) == 1
    code = '```python\nprint("keep the 10s")  # the French sheet\n```\n'
    assert quotation_problems("x.md", code) == []
    single = "[seed-FR] says the packs 'keep the 10s'; the sheets' own words are French.\n"
    assert len(quotation_problems("x.md", single)) == 1  # the possessive is no quote mark


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(RULES)) for p in PAGES])
def test_every_quotation_of_a_sheet_is_its_words_or_marked(page: Path) -> None:
    assert quotation_problems(str(page.relative_to(ROOT)), page.read_text(encoding="utf-8")) \
        == []


def _variant_texts(name: str) -> str:
    spec = primero.registry().spec(name)
    return "\n\n".join([spec.summary, *(o.doc for o in spec.options), *spec.sources])


#: The built-in variants (a plug-in's own texts are its author's to check).
BUILT_IN = sorted(n for n in primero.registry().names()
                  if primero.registry().provider(primero.registry().spec(n))
                  .startswith("primero.variants."))


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_quotation_of_a_sheet_in_a_variants_texts_is_its_words_or_marked(name: str) \
        -> None:
    # the summary, the option texts and the sources make the variant's generated rules page
    assert quotation_problems(name, _variant_texts(name)) == []
