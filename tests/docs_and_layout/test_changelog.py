"""CHANGELOG.md stays cuttable: Keep a Changelog 1.1.0 sections, one short line per entry.

A release renames ``## [Unreleased]`` to ``## [X.Y.Z] - DATE`` and opens a new empty one; that
works only while each release section holds each kind of change once, in the format's order,
with entries a reader can scan. The docs site shows the same file (docs/changelog.md includes it).
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT

CHANGELOG = ROOT / "CHANGELOG.md"

#: Keep a Changelog 1.1.0's kinds of change, in its order.
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")

#: The longest entry, in characters after the ``- `` bullet.
MAX_ENTRY = 160

_ISSUE_NUMBER = re.compile(r"\b(?:issues?|item)\s+#?\d+|#\d+\b", re.IGNORECASE)


def changelog_problems(text: str) -> list[str]:
    """Every way ``text`` breaks the changelog's shape, one line each (empty when sound)."""
    problems: list[str] = []
    lines = text.splitlines()
    if not lines or lines[0] != "# Changelog":
        problems.append("the first line is not '# Changelog'")
    if "https://keepachangelog.com/en/1.1.0/" not in text:
        problems.append("no Keep a Changelog 1.1.0 line")
    if "https://semver.org/spec/v2.0.0.html" not in text:
        problems.append("no Semantic Versioning line")
    releases = [line for line in lines if line.startswith("## ")]
    if releases[:1] != ["## [Unreleased]"]:
        problems.append(f"the first section is {releases[:1]}, not ['## [Unreleased]']")
    if releases.count("## [Unreleased]") != 1:
        problems.append(f"{releases.count('## [Unreleased]')} [Unreleased] sections")
    release = None
    kinds: list[str] = []
    entries = 0
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            if kinds and entries == 0:
                problems.append(f"line {number}: '### {kinds[-1]}' in {release} is empty")
            release, kinds, entries = line[3:], [], 0
        elif line.startswith("### "):
            if release is None:
                problems.append(f"line {number}: '{line}' outside a release section")
            if kinds and entries == 0:
                problems.append(f"line {number}: '### {kinds[-1]}' in {release} is empty")
            kind = line[4:]
            if kind not in KINDS:
                problems.append(f"line {number}: '{kind}' is not one of {', '.join(KINDS)}")
            elif kind in kinds:
                problems.append(f"line {number}: a second '### {kind}' in {release}")
            elif kinds and kinds[-1] in KINDS and KINDS.index(kind) < KINDS.index(kinds[-1]):
                problems.append(f"line {number}: '### {kind}' after '### {kinds[-1]}' in {release}")
            kinds.append(kind)
            entries = 0
        elif line.startswith("- "):
            entries += 1
            if len(line) - 2 > MAX_ENTRY:
                problems.append(f"line {number}: an entry of {len(line) - 2} characters "
                                f"(at most {MAX_ENTRY})")
            issue = _ISSUE_NUMBER.search(line)
            if issue:
                problems.append(f"line {number}: an issue number ({issue.group(0)!r})")
        elif line.startswith((" ", "\t")) and line.strip() and kinds:
            problems.append(f"line {number}: an entry continues on a second line")
    if kinds and entries == 0:
        problems.append(f"'### {kinds[-1]}' in {release} is empty")
    return problems


def test_changelog_has_one_section_per_kind_in_keep_a_changelog_order() -> None:
    assert changelog_problems(CHANGELOG.read_text(encoding="utf-8")) == []


_SOUND = """# Changelog

The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/),
and this project adheres to [Semantic Versioning](https://semver.org/spec/v2.0.0.html).

## [Unreleased]

### Added

- A thing.

### Fixed

- **waks**: a fix.
"""


@pytest.mark.parametrize(
    ("broken", "problem"),
    [
        (_SOUND + "\n### Added\n\n- Again.\n", "line 16: a second '### Added' in [Unreleased]"),
        (_SOUND.replace("### Fixed", "### Removed\n\n- Gone.\n\n### Changed"),
         "line 16: '### Changed' after '### Removed' in [Unreleased]"),
        (_SOUND.replace("### Fixed", "### Bugs"), "line 12: 'Bugs' is not one of "
         "Added, Changed, Deprecated, Removed, Fixed, Security"),
        (_SOUND.replace("- A thing.", "- " + "x" * 161), "line 10: an entry of 161 characters "
         "(at most 160)"),
        (_SOUND.replace("- A thing.", "- A thing (issue 16)."),
         "line 10: an issue number ('issue 16')"),
        (_SOUND.replace("- A thing.", "- A thing\n  on two lines."),
         "line 11: an entry continues on a second line"),
        (_SOUND.replace("- A thing.\n", ""), "line 11: '### Added' in [Unreleased] is empty"),
        (_SOUND + "\n## [Unreleased]\n", "2 [Unreleased] sections"),
    ],
)
def test_changelog_problems_names_each_break(broken: str, problem: str) -> None:
    assert changelog_problems(_SOUND) == []
    assert changelog_problems(broken) == [problem]


def test_docs_changelog_page_includes_the_changelog() -> None:
    page = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")
    assert '--8<-- "CHANGELOG.md"' in page
