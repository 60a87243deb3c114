"""The terminal game explains the game: ``rules`` and ``quit`` at the prompt, calls in ``help``,
the standing-call warning, and each variant's screen speaking only of what it has.

Run with piped input through click's runner (``cli_helpers``).
"""

from __future__ import annotations

from cli_helpers import run

PROMPT = "Your action (number or text): "


def _lines(*args: str, input: str) -> list[str]:
    result = run("play", "--deals", "1", *args, input=input)
    assert result.exit_code in (0, 1), result.output
    return str(result.stdout).replace(PROMPT, PROMPT + "\n").splitlines()


def test_rules_at_the_prompt_gives_the_order_of_hands_and_the_card_points() -> None:
    lines = _lines("--seed", "3", input="rules\n")
    # docs/rules/hands.md, docs/rules/cards.md: the order of the classes, each rank's points
    assert "  the hands, the winning one first: Chorus > Fluxus > Supremus > Primero > " \
        "Numerus" in lines
    assert "  card points: 7: 21, 6: 18, A: 16, 5: 15, 4: 14, 3: 13, 2: 12, J Q K: 10" in lines
    assert "    Supremus: 7, 6 and A of one suit" in lines
    # roman's 52-card pack: the 10, 9 and 8 too (docs/rules/cards.md)
    roman = _lines("-V", "roman", "--seed", "3", input="rules\n")
    assert "  card points: 7: 21, 6: 18, A: 16, 5: 15, 4: 14, 3: 13, 2: 12, 10 J Q K: 10, " \
        "9: 9, 8: 8" in roman
    # the variant's own summary follows, and the question is asked again
    summary = [line for line in lines if line.startswith("  Mark Waks' reconstruction")]
    assert len(summary) == 1
    assert lines.count(PROMPT) == 2


def test_losing_primero_says_the_lowest_hand_wins() -> None:
    lines = _lines("-V", "losing", "--seed", "3", input="rules\n")
    assert lines[1] == "  the lowest hand wins (type 'rules' at the prompt for the order)"
    assert "  the hands, the winning one first: Numerus > Primero > Supremus > Fluxus > " \
        "Chorus" in lines
    assert "  the lowest hand wins: the weakest class, then the fewest points" in lines


def test_quit_at_the_first_prompt_leaves_the_table_cleanly() -> None:
    for word in ("quit", "exit", "QUIT"):
        result = run("play", "--seed", "3", input=f"{word}\n")
        assert (result.exit_code, result.stderr) == (0, "")
        assert result.stdout.endswith(f"{PROMPT}\nYou leave the table; deal 1 is left "
                                      "unfinished\n")


def test_quit_at_the_exchange_prompt_is_not_read_as_an_action() -> None:
    result = run("play", "--seed", "3", input="1\n1\nquit\n")
    assert result.exit_code == 0
    assert "cannot read action" not in result.stdout
    assert "You leave the table; deal 1 is left unfinished" in result.stdout
    assert "— exchange —" in result.stdout


def test_cardano_help_explains_calls_and_waks_help_does_not() -> None:
    cardano = "\n".join(_lines("-V", "cardano", "--seed", "3", "--players", "3",
                               input="help\n"))
    assert "  vie N call C    every vie and every raise names a call C" in cardano
    assert "only a hand that meets the standing call can win" in cardano
    waks = "\n".join(_lines("--seed", "3", input="help\n"))
    assert "call C" not in waks and "standing call" not in waks


def test_cardano_warns_when_your_hand_cannot_meet_the_standing_call() -> None:
    # seed 2: your 6♠ K♠ J♠ 5♠ is a Fluxus; Ben vies calling Numerus 22. Under call_rule
    # same_class only a Numerus of 22 or more meets it (docs/rules/cardano.md): a Fluxus is not
    # a Numerus and no understatement lets it answer one, so your hand cannot win the showdown
    lines = _lines("-V", "cardano", "--seed", "2", "--players", "3", input="1\n" * 7)
    warning = ("  note: your Fluxus 53 does not meet the standing call Numerus 22: at the "
               "showdown it cannot win (only a hand meeting the call can)")
    assert lines.count(warning) == 1
    assert lines.index("Ben vies 3 call Numerus 22   (pot 3)") < lines.index(warning)


def test_cardano_menu_groups_the_calls_by_class() -> None:
    lines = _lines("-V", "cardano", "--seed", "3", "--players", "3", input="")
    at = next(k for k, line in enumerate(lines) if line.startswith("  or vie 1-3 naming a call"))
    # italian40, docs/rules/cardano.md: no Numerus 21, no Primero 41 or 80, Supremus only 55,
    # the Chorus values of four equal ranks (4 x 10, 4 x 12, ... 4 x 21)
    assert lines[at + 1:at + 6] == [
        "    Numerus 20, 22-54",
        "    Primero 40, 42-79, 81",
        "    Supremus (named without its points)",
        "    Fluxus 42-70",
        "    Chorus 40, 48, 52, 56, 60, 64, 72, 84",
    ]


def test_primiera_screen_speaks_of_declarations_not_betting() -> None:
    lines = _lines("-V", "primiera", "--seed", "3", "--players", "3", input="")
    at = lines.index("— declare 1 —")
    # the declaration is said under its own header, before the exchange begins
    assert lines[at + 1:at + 3] == ["  declaration 1: nobody is served", "— exchange —"]
    assert lines[at + 3] == "Your turn — your cards: 7♦ 7♠ A♣ 7♣; chips 49; pot 3"
    text = "\n".join(lines)
    assert "to hold" not in text and "'vie 1'" not in text
    assert "an action such as 'exchange 7d'" in text


def test_primiera_declaration_said_to_you_in_the_second_person() -> None:
    lines = _lines("-V", "primiera", "--seed", "10", "--players", "3", input="")
    assert "  declaration 1: You declare Primiera 64 (6♦ 3♥ 2♠ 7♣)" in lines
    named = _lines("-V", "primiera", "--seed", "10", "--players", "3", "--name", "Zoe",
                   input="")
    assert "  declaration 1: Zoe declares Primiera 64 (6♦ 3♥ 2♠ 7♣)" in named


def test_verbs_in_ys_said_to_you_in_the_second_person() -> None:
    from primero.cli.narration import to_you

    assert to_you("You pays Carla 2 chips", "You") == "You pay Carla 2 chips"
    assert to_you("You plays on; You's stack is 5", "You") == "You play on; Your stack is 5"
    assert to_you("You always bet", "You") == "You always bet"
    assert to_you("Anna pays Carla 2 chips", "Anna") == "Anna pays Carla 2 chips"
