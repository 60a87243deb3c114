"""``primero variants`` in a narrow terminal: the names you type are never clipped or broken."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import primero
from cli_helpers import ENV
from primero.cli.core import app


def _table(columns: int) -> list[str]:
    result = CliRunner().invoke(app, ["variants"], env={**ENV, "COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return str(result.stdout).splitlines()


def _cells(lines: list[str], column: int) -> list[str]:
    return [line.split("│")[column + 1].strip() for line in lines if line.startswith("│")]


@pytest.mark.parametrize("columns", [80, 100])
def test_every_name_and_alias_appears_whole_within_the_width(columns: int) -> None:
    lines = _table(columns)
    assert max(map(len, lines)) <= columns
    names = [cell for cell in _cells(lines, 0) if cell]
    assert names == primero.registry().names()
    aliases = " ".join(_cells(lines, 2)).replace(",", " ").split()
    assert aliases == [a for spec in primero.registry().specs() for a in spec.aliases]


def test_module_names_are_not_broken_at_100_columns() -> None:
    plugins = _cells(_table(100), 4)
    registry = primero.registry()
    for spec in registry.specs():
        assert any(registry.provider(spec) in cell.split() for cell in plugins), spec.name


def _rows(lines: list[str]) -> list[list[list[str]]]:
    """The body rows: per row, per column, the cell's lines (stripped)."""
    rows: list[list[list[str]]] = []
    for line in lines:
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.split("│")[1:-1]]
        if cells[0] or not rows:  # a row starts where its name is
            rows.append([[] for _ in cells])
        for column, cell in enumerate(cells):
            if cell:
                rows[-1][column].append(cell)
    return rows


def _joined(lines: list[str]) -> str:
    """A cell's lines read back as one text: a line ending at a dot or a hyphen goes on."""
    text = ""
    for line in lines:
        text += line if not text or text.endswith((".", "-")) else " " + line
    return text


@pytest.mark.parametrize("columns", [70, 80, 90, 100, 120])
def test_titles_and_plug_ins_break_only_between_words_dots_or_hyphens(columns: int) -> None:
    lines = _table(columns)
    assert max(map(len, lines)) <= columns
    registry = primero.registry()
    specs = registry.specs()
    rows = _rows(lines)
    assert len(rows) == len(specs)
    for spec, row in zip(specs, rows, strict=True):
        # every line is whole words or pieces ending at a dot or a hyphen: read back, the
        # cell is the text itself (no ellipsis, no letter lost, no word cut elsewhere)
        assert _joined(row[1]) == spec.title
        distribution = registry.distribution(spec)
        provider = registry.provider(spec)
        assert _joined(row[4]) == (f"{provider} ({distribution})" if distribution else provider)
        for line in row[1] + row[4]:
            assert "…" not in line


def test_a_version_number_is_never_broken_at_its_dots() -> None:
    from primero.cli.reference import broken_at_words, word_pieces

    assert word_pieces("primero.variants.waks (primero 0.1.0)") == [
        "primero.", "variants.", "waks", "(primero", "0.1.0)"]
    assert word_pieces("Italian declare-and-redraw Primiera") == [
        "Italian", "declare-", "and-", "redraw", "Primiera"]
    assert broken_at_words("primero.variants.waks (primero 0.1.0)", 17) == [
        "primero.variants.", "waks (primero", "0.1.0)"]
    assert broken_at_words("averyveryverylongword x", 5) == ["averyveryverylongword", "x"]


@pytest.mark.parametrize("columns", [40, 60])
def test_too_narrow_for_the_table_a_list_broken_at_spaces(columns: int) -> None:
    lines = _table(columns)
    assert lines[0] == "Installed variants"
    assert max(map(len, lines)) <= columns
    text = " ".join(line.strip() for line in lines[1:])  # every line break was at a space
    registry = primero.registry()
    for spec in registry.specs():
        distribution = registry.distribution(spec)
        provider = registry.provider(spec)
        plugin = f"{provider} ({distribution})" if distribution else provider
        assert f"{spec.name}: {spec.title}" in text
        aliases = f"aliases {', '.join(spec.aliases)}; " if spec.aliases else ""
        low, high = spec.players
        players = str(low) if low == high else f"{low}–{high}"
        assert f"{aliases}{players} players; plug-in {plugin}" in text
