"""Pairs of deals that differ only in cards one player never sees: that player is handed the
same things in both.

Through the API, at every decision, for every player but the one to act: their view, and the
errors they get back for moves they might send out of turn (an illegal action id, an id out
of the action space, text in their own name). Through ``primero play --save FILE``: what the
terminal prints and what the save file holds at every prompt, for two stocks that differ only
in cards no one is dealt.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import primero.cli.game as game
from cli_helpers import run
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.testing.privacy import hidden_twins

NAMES = ["Anna", "Ben", "Carla", "Dan"]
STOCK = ("7h 6d As Kc 5h 4d 3s 2c Jh Qd Ks 7c 6h 5d 4s 3c 2h Jd Qs Kh 7d 6s 5c 4h 3d 2s Jc "
         "Qh Kd 7s 6c 5s 4c 3h 2d Js Qc Ah Ad Ac")


def _answers(state: GameState, viewer: int) -> list[object]:
    """Everything ``viewer`` is handed when they probe ``state`` out of turn."""
    space = state.action_space.size
    handed: list[object] = [repr(state.view(viewer))]
    probes: list[object] = [space + 5, -1, f"{state.seats[viewer].name} fold"]
    illegal = [i for i in range(space) if i not in state.legal_action_ids()]
    probes += illegal[:1]
    for probe in probes:
        try:
            state.apply(probe)  # type: ignore[arg-type]
        except PrimeroError as exc:
            handed.append((type(exc).__name__, str(exc), getattr(exc, "reason", None),
                           tuple(getattr(exc, "legal", ()))))
        else:  # pragma: no cover - a probe is never legal for another player
            handed.append("applied")
    return handed


def _common_illegal_id(state: GameState, twin: GameState) -> int | None:
    both = set(state.legal_action_ids()) | set(twin.legal_action_ids())
    return next((i for i in range(state.action_space.size) if i not in both), None)


@pytest.mark.parametrize("variant", ["waks", "suzuki", "cardano", "primiera", "revival"])
def test_a_player_is_handed_the_same_in_deals_differing_only_in_cards_they_never_see(
        variant: str) -> None:
    pairs = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = start_deal(variant, NAMES, 20, seed=seed)
        while not state.over:
            mover = state.to_act
            for viewer in range(state.n):
                if viewer == mover:
                    continue
                for twin in hidden_twins(state, viewer, rng):
                    assert _answers(twin, viewer) == _answers(state, viewer)
                    illegal = _common_illegal_id(state, twin)
                    if illegal is not None:  # the same id refused alike in both
                        answers = []
                        for one in (state, twin):
                            with pytest.raises(PrimeroError) as info:
                                one.apply(illegal)
                            answers.append((str(info.value), info.value.legal))  # type: ignore[attr-defined]
                        assert answers[0] == answers[1]
                    pairs += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert pairs > 20


def test_an_illegal_id_is_answered_without_the_movers_actions() -> None:
    state = start_deal("waks", NAMES, 20, stock=STOCK)
    for text in ["vie 1", "hold", "hold", "hold"]:
        state = state.apply(text)  # at the exchange: Anna's legal actions name her cards
    assert state.to_act == 0 and 2 not in state.legal_action_ids()
    with pytest.raises(PrimeroError) as info:
        state.apply(2)
    assert str(info.value) == ("Anna: action id 2 is not legal here (the legal ids: "
                               "state.legal_action_ids())")
    assert info.value.legal == ()  # type: ignore[attr-defined]
    assert info.value.reason == "action id 2 is not legal here"  # type: ignore[attr-defined]


# --- primero play --save -------------------------------------------------------------


def _play_with_stock(monkeypatch: pytest.MonkeyPatch, stock: list[str], folder: Path,
                     *args: str) -> tuple[str, list[bytes | None], bytes]:
    """``primero play --deals 1 --save deal.toml`` in ``folder``, dealt from ``stock``, answering 1.

    Returns the terminal's output, the save file's bytes at every prompt, the final file.
    """
    folder.mkdir()
    monkeypatch.chdir(folder)
    save = Path("deal.toml")
    def stacked(variant: Any, names: Any, chips: Any, **kwargs: Any) -> GameState:
        kwargs.pop("rng")
        return start_deal(variant, names, chips, stock=stock, **kwargs)

    seen: list[bytes | None] = []

    def answer(prompt: str) -> str:
        seen.append(save.read_bytes() if save.exists() else None)
        return "1"

    monkeypatch.setattr(game, "start_deal", stacked)
    monkeypatch.setattr(game, "_read", answer)
    result = run("play", "--seed", "5", "--deals", "1", "--save", str(save), *args)
    assert result.exit_code == 0, (result.output, result.exception)
    return str(result.stdout), seen, save.read_bytes()


@pytest.mark.parametrize(("variant", "players", "seed"),
                         [("waks", 4, 0), ("waks", 3, 0), ("primiera", 4, 3), ("suzuki", 4, 0)])
def test_play_shows_the_same_and_saves_nothing_readable_while_the_unseen_cards_differ(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, players: int,
        seed: int) -> None:
    base = [c.ascii for c in start_deal(variant, NAMES[:players], 50, seed=seed).setup.stock]
    # four cards a hand and at most four exchanged each: the last two cards are never dealt
    other = [*base[:-2], base[-1], base[-2]]
    args = ("--variant", variant, "--players", str(players))
    out_a, seen_a, final_a = _play_with_stock(monkeypatch, base, tmp_path / "a", *args)
    out_b, seen_b, final_b = _play_with_stock(monkeypatch, other, tmp_path / "b", *args)
    assert seen_a and out_a == out_b
    assert seen_a == seen_b == [b""] * len(seen_a)  # checked and created, nothing written
    assert final_a != final_b  # once the deal is over the file holds the whole stock
    assert final_a.replace(base[-1].encode(), b"?").replace(base[-2].encode(), b"?") == \
        final_b.replace(base[-1].encode(), b"?").replace(base[-2].encode(), b"?")


def test_play_with_a_seed_saves_neither_seed_nor_stock_before_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "deal.toml"
    seen: list[bytes] = []

    def answer(prompt: str) -> str:
        seen.append(save.read_bytes())
        return "1"

    monkeypatch.setattr(game, "_read", answer)
    result = run("play", "--seed", "3", "--deals", "1", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert seen and set(seen) == {b""}
    assert result.stdout.splitlines()[-1] == f"deal saved to {save}"
    assert b"stock = [" in save.read_bytes()
