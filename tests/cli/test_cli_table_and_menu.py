"""At the terminal: the ``table`` command, and exchanges listed in the hand's order.

Played through the command line with piped input (click's runner), as a player types.
"""

from __future__ import annotations

import re

from cli_helpers import run


def _output(*args: str, input: str) -> list[str]:
    result = run("play", *args, input=input)
    assert result.exit_code == 0, result.output
    return str(result.stdout).splitlines()


def test_table_at_the_first_prompt_shows_every_seat_stack_chips_in_and_state() -> None:
    lines = _output("--seed", "3", "--players", "3", input="table\nquit\n")
    start = next(k for k, line in enumerate(lines) if "table — " in line)
    # hand-checked: no ante in waks, 50 chips each, two cards dealt, Ben deals, you act first
    assert lines[start:start + 4] == [
        "Your action (number or text):   table — betting round 1; pot 0 (> to act, D deals)",
        "  >  You     50 chips  in the pot   0  in (2 cards)",
        "     Anna    50 chips  in the pot   0  in (2 cards)",
        "   D Ben     50 chips  in the pot   0  in (2 cards)",
    ]


def test_table_shows_the_ante_paid_and_the_pot() -> None:
    lines = _output("--variant", "revival", "--seed", "1", "--players", "2", "--ante", "2",
                    input="table\nquit\n")
    start = next(k for k, line in enumerate(lines) if "table — " in line)
    header = lines[start].split("table — ")[1]
    assert header.endswith("pot 4 (> to act, D deals)")  # two antes of 2
    seats = lines[start + 1:start + 3]
    for line in seats:
        assert re.search(r"\s48 chips  in the pot   2  in \(\d cards\)$", line), line


def test_table_follows_the_deal_folds_and_the_pot() -> None:
    # the first listed action at every prompt, with a look at the table before each
    lines = _output("--seed", "11", "--players", "4", "--deals", "1",
                    input="table\n1\n" * 30)
    folded: set[str] = set()
    pot = None
    tables = 0
    for k, line in enumerate(lines):
        said = re.match(r"^(\w+) folds", line)
        if said:
            folded.add(said[1])
        turn = re.match(r"^Your turn — .*; pot (\d+)", line)
        if turn:
            pot = int(turn[1])
        if "table — " in line:
            tables += 1
            assert f"; pot {pot}" in line
            rows = lines[k + 1:k + 5]
            for row in rows:
                name = next(w for w in row.split() if w not in (">", "D", ">D"))
                assert row.endswith(")"), row
                assert (" folded (" in row) == (name in folded), (name, row)
    assert tables >= 2


def _menu(lines: list[str]) -> tuple[list[str], list[str]]:
    """The hand shown above the exchange menu and the menu's exchange lines."""
    start = next(k for k, line in enumerate(lines) if line == "— exchange —")
    hand = lines[start + 1].split("your cards: ")[1].split(";")[0].split()
    menu = [line.split(". ", 1)[1] for line in lines[start + 2:]
            if re.match(r"^\s+\d+\. exchange", line)]
    return hand, menu


def test_exchanges_are_listed_in_the_hands_order() -> None:
    lines = _output("--seed", "3", "--players", "2", input="pass\nquit\n")
    hand, menu = _menu(lines)
    assert hand == ["7♦", "K♠"]  # hand-checked deal: the king was dealt second
    assert menu == ["exchange (stand pat: keep your cards)", "exchange 7d", "exchange Ks",
                    "exchange 7d Ks"]


def test_every_exchange_of_a_whole_hand_follows_the_hand() -> None:
    symbols = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    lines = _output("--seed", "1", "--players", "2", "--variant", "primiera",
                    input="table\n" + "pass\n" * 6 + "quit\n")
    if "— exchange —" not in lines:  # pragma: no cover - the deal is fixed by its seed
        raise AssertionError("no exchange in the seeded deal")
    hand, menu = _menu(lines)
    typed = [card[:-1] + symbols[card[-1]] for card in hand]
    listed = [line.split()[1:] for line in menu[1:]]
    expected = [[typed[i] for i in range(len(typed)) if mask >> i & 1]
                for mask in range(1, 1 << len(typed))]
    expected.sort(key=lambda cards: (len(cards), [typed.index(c) for c in cards]))
    assert listed == expected


def test_a_number_picks_the_exchange_it_is_listed_with() -> None:
    lines = _output("--seed", "3", "--players", "2", input="pass\n3\nquit\n")
    assert any(line.endswith(": You exchange K♠   (pot 0)") for line in lines)
