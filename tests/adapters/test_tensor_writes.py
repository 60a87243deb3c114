"""The adapters' tensor writes: the compiled ones give the pure ones' values, to the bit.

``primero.tensor_writes`` holds the pure-Python writes (the reference) and loads their
compiled twins (``src/primero/_native/encode.c``). Both are played side by side: whole games
of every variant through OpenSpiel with each, every player's tensors compared at every node
(and against the plain path, which fills named views from the player's view); the writes'
arithmetic on random values; bad input to the compiled functions (a precise error, nothing
written or everything restored); no references leaked; only the stable ABI used.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import adapters, tensor_writes  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero.tensor_writes import PURE_WRITERS, float_view  # noqa: E402
from tensor_helpers import plain_information_state  # noqa: E402

GAME = primero_openspiel.GAME_NAME
COMPILED = tensor_writes.writers()
BUILT = COMPILED is not PURE_WRITERS
needs_compiled = pytest.mark.skipif(
    not BUILT, reason=f"the compiled tensor writes are not used here: "
                      f"{tensor_writes.encoder_reason()}")


def _games(variant: str, players: int, monkeypatch: pytest.MonkeyPatch,
           parameters: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """The same game twice: its encoder with the compiled writes, and with the pure ones."""
    table = {"variant": variant, "players": players, **(parameters or {"chips": 7})}
    compiled = pyspiel.load_game(GAME, table)
    monkeypatch.setattr(adapters, "writers", lambda: PURE_WRITERS)
    pure = pyspiel.load_game(GAME, table)
    monkeypatch.undo()
    return compiled, pure


def _same_everywhere(compiled: Any, pure: Any, rng: random.Random, players: int) -> int:
    """Play one deal in both games alike; compare every tensor. How many nodes were seen."""
    one, other = compiled.new_initial_state(), pure.new_initial_state()
    nodes = 0
    while True:
        nodes += 1
        for seat in range(players):
            info = one.information_state_tensor(seat)
            assert info.tobytes() == other.information_state_tensor(seat).tobytes()
            assert info.tobytes() == plain_information_state(one, seat).tobytes()
            assert one.observation_tensor(seat).tobytes() == \
                other.observation_tensor(seat).tobytes()
        if one.is_terminal():
            return nodes
        options = ([o for o, _ in one.chance_outcomes()] if one.is_chance_node()
                   else one.legal_actions())
        action = rng.choice(options)
        one.apply_action(action)
        other.apply_action(action)


@needs_compiled
@pytest.mark.parametrize("variant", primero.registry().names())
def test_compiled_and_pure_writes_give_the_same_tensors_in_every_variant(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    most = primero.get_variant(variant).spec.players[1]
    rng = random.Random(f"writes {variant}")
    nodes = 0
    for players in sorted({2, most}):
        compiled, pure = _games(variant, players, monkeypatch)
        assert compiled.encoder._patch is COMPILED[0]
        assert pure.encoder._patch is PURE_WRITERS[0]
        for _ in range(3):
            nodes += _same_everywhere(compiled, pure, rng, players)
    assert nodes >= 20  # the toy's deals: 4 cards, a few decisions


@needs_compiled
def test_compiled_and_pure_writes_agree_with_stacks_dealer_carry_in_and_long_rounds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    for parameters in ({"stacks": "2;9;5;14", "dealer": 1, "carry_in": 3},
                       {"chips": 40, "rest": 1}):
        compiled, pure = _games("waks", 4 if "stacks" in parameters else 2, monkeypatch,
                                parameters)
        for _ in range(4):
            _same_everywhere(compiled, pure, rng, compiled.num_players())


def _random_template(rng: random.Random, size: int) -> np.ndarray:
    values = [rng.choice((0.0, 1.0, 1.0 / 3.0, 2.0 / 3.0, rng.random())) for _ in range(size)]
    return np.array(values, np.float32)


@needs_compiled
def test_the_link_arithmetic_is_the_same_on_random_values() -> None:
    # double sums from the float32 read, one rounding at the store: chips over odd totals
    # add up in the last bit alike
    rng = random.Random(5)
    for _ in range(3000):
        n, kinds = rng.randint(2, 8), 8
        steps, rows = rng.randint(1, 4), 2 * n
        width = n + kinds + 2
        chips_at = steps * n * kinds
        changed_at = chips_at + steps * n
        recent_at = changed_at + steps * n
        size = recent_at + rows * width
        layout = (n, kinds, float(rng.choice((7, 13, 29, 1000, 3))), float(rng.randint(1, 9)),
                  chips_at, changed_at, recent_at, rows, width)
        move = (rng.randrange(n), rng.randrange(kinds), rng.choice((0, rng.randint(1, 50))),
                rng.choice((0, rng.randint(1, 5))), rng.randrange(-1, steps),
                rng.randrange(0, 3 * rows))
        start = _random_template(rng, size)
        one, other = start.copy(), start.copy()
        COMPILED[1](float_view(one), 0, move, layout)
        PURE_WRITERS[1](float_view(other), 0, move, layout)
        assert one.tobytes() == other.tobytes(), (move, layout)


@needs_compiled
def test_the_compiled_writes_refuse_bad_input_precisely_and_write_nothing() -> None:
    patch, link, private_ones, private_copy = COMPILED
    template = np.zeros(40, np.float32)
    view = float_view(template)
    layout = (2, 8, 7.0, 4.0, 32, 36, 0, 4, 12)
    with pytest.raises(TypeError, match=r"link\(view, at, move, layout\) takes 4 arguments"):
        link(view, 0, (0, 1, 0, 0, -1, 0))
    with pytest.raises(TypeError, match="move must be a tuple of 6 and layout one of 9"):
        link(view, 0, [0, 1, 0, 0, -1, 0], layout)
    with pytest.raises(ValueError, match="a decision outside the layout"):
        link(view, 0, (2, 1, 0, 0, -1, 0), layout)  # seat 2 of 2
    with pytest.raises(IndexError, match=r"the history's position 47 outside the tensor "
                                         r"\(0\.\.39\)"):
        link(view, 0, (0, 1, 0, 0, -1, 0), layout)  # 4 rows of 12 from 0: 48 floats
    with pytest.raises(TypeError, match=r"expected a writable buffer of float32 \('f'\)"):
        link(memoryview(np.zeros(60)), 0, (0, 1, 0, 0, -1, 0), layout)  # float64
    with pytest.raises(BufferError, match="not writable"):
        link(b"\0" * 240, 0, (0, 1, 0, 0, -1, 0), layout)  # read-only
    with pytest.raises(BufferError, match="not C-contiguous"):
        link(memoryview(np.zeros(60, np.float32))[::2], 0, (0, 1, 0, 0, -1, 0), layout)
    assert not template.any()
    with pytest.raises(IndexError, match=r"a private position 40 outside the tensor"):
        private_copy(view, template.copy, (3, 40))
    with pytest.raises(TypeError, match="ones must be a tuple of positions"):
        private_copy(view, template.copy, [3])
    with pytest.raises(TypeError):
        private_copy(view, template.copy, (3, "4"))
    assert not template.any()  # the 1 written at 3 was taken back each time

    def failing_copy() -> None:
        assert template[3] == 1.0 and template[5] == 1.0  # written while the copy is taken
        raise MemoryError("no room for the copy")

    with pytest.raises(MemoryError, match="no room for the copy"):
        private_copy(view, failing_copy, (3, 5))
    assert not template.any()
    copied = private_copy(view, template.copy, (3, 5))
    assert np.flatnonzero(copied).tolist() == [3, 5] and not template.any()
    kept = [None, None, -1, -1, (None, None), False, None, 0]
    with pytest.raises(TypeError, match="kept must be a list of 8 items"):
        patch(view, kept[:7], object(), (), (0, 2, 4, 14, 2, 7.0, 4.0, "face up"))
    with pytest.raises(TypeError, match=r"slots and at must be tuples \(at: 8 items\)"):
        patch(view, kept, object(), (), (0, 2, 4, 14, 2, 7.0, 4.0))
    with pytest.raises(TypeError, match="the face-up reason must be a str"):
        patch(view, kept, object(), (), (0, 2, 4, 14, 2, 7.0, 4.0, None))
    with pytest.raises(AttributeError):
        patch(view, kept, object(), (), (0, 2, 4, 14, 2, 7.0, 4.0, "face up"))
    assert kept == [None, None, -1, -1, (None, None), False, None, 0]  # kept as it was
    seat = primero.start_deal("waks", ["a", "b"], 5, seed=1).seats[0]
    at = (dict.fromkeys(seat.hand[:1], 7), {})
    with pytest.raises(KeyError, match="a card not of the pack"):
        private_ones(seat, 0, at)
    with pytest.raises(TypeError, match="at must be a tuple of 2 or 4 items"):
        private_ones(seat, 0, (at[0],))


@needs_compiled
def test_the_one_call_tensor_steps_aside_for_the_python_way_and_refuses_bad_input() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "chips": 7})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    encoder = game.encoder
    whole = tensor_writes.whole_tensor()
    assert whole is not None and encoder._whole is whole

    def call() -> Any:
        return whole(encoder._views[1], encoder._empties[1], encoder._kept[1], encoder._locking,
                     state.deal, state.trail, 0, encoder._slots, encoder._present_at[1],
                     encoder.tail_start, encoder._facts, encoder._link_at,
                     encoder._cards_kept, encoder._card_at)

    before = encoder._templates[1].copy()
    with encoder._lock:  # the Python way is at work: the call steps aside, nothing done
        assert call() is None
    assert np.array_equal(encoder._templates[1], before)
    made = state.information_state_tensor(0)
    again = call()
    plain = plain_information_state(state, 0).tobytes()
    assert again is not made and again.tobytes() == made.tobytes() == plain
    with pytest.raises(TypeError, match="takes 14 arguments"):
        whole(encoder._views[1])
    with pytest.raises(TypeError, match="not what the encoder keeps"):
        whole(encoder._views[1], encoder._empties[1], [], encoder._locking, state.deal, None, 0,
              encoder._slots, encoder._present_at[1], 0, {}, encoder._link_at, {}, ())


@needs_compiled
def test_a_template_write_cut_short_starts_the_template_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "chips": 7})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    encoder = game.encoder
    state.information_state_tensor(0)  # the template now holds this state
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])

    def broken(*args: Any) -> None:
        raise RuntimeError("cut short")

    monkeypatch.setattr(encoder, "_link", broken)
    with pytest.raises(RuntimeError, match="cut short"):
        state.information_state_tensor(0)
    monkeypatch.undo()
    assert not encoder._templates[1].any()  # nothing half-written is kept
    plain = plain_information_state(state, 0).tobytes()
    assert state.information_state_tensor(0).tobytes() == plain


@needs_compiled
def test_the_compiled_writes_leak_no_references() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 3, "chips": 7})
    rng = random.Random(2)
    states = []
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                states.append(state.clone())
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                       else state.legal_actions())
            state.apply_action(rng.choice(options))
    deals = [s.deal for s in states]
    seats = [deal.seats[0] for deal in deals]
    # (not the empty tuples, None or small ints: shared singletons whose counts drift)
    watched = [*deals[:5], *seats[:5], seats[0].hand, seats[0].received, deals[0].seats,
               *seats[0].received]
    before = [sys.getrefcount(obj) for obj in watched]
    for _ in range(5):
        for state in states:
            for seat in range(3):
                state.information_state_tensor(seat)
                state.observation_tensor(seat)
    game.encoder._forget(True)
    game.encoder._forget(False)
    game.encoder._cards_kept.clear()
    game.encoder._hands_kept.clear()
    assert [sys.getrefcount(obj) for obj in watched] == before


def test_the_writes_are_pure_python_when_switched_off() -> None:
    code = ("from primero import tensor_writes as t; "
            "print(t.writers() is t.PURE_WRITERS, t.encoder_reason())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True, env={"PRIMERO_NO_NATIVE": "1",
                                                         "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "True PRIMERO_NO_NATIVE is set"


def test_the_reason_names_a_build_that_did_not_happen(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = ModuleNotFoundError("No module named 'primero.compiled_encoder'",
                                  name="primero.compiled_encoder")
    monkeypatch.setattr(tensor_writes, "load_extension", lambda name: (None, missing))
    monkeypatch.setattr(tensor_writes, "_loaded", None)
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    assert tensor_writes.writers() is PURE_WRITERS
    # this tree's build report says "built" (or, without a compiler, why not)
    assert str(tensor_writes.encoder_reason()).startswith((
        "no compiled tensor writes beside primero: installed from a pure wheel or a source "
        "tree never built (pip install -e . compiles them)", "not built at install: "))
    broken = ImportError("undefined symbol: PyFoo")
    monkeypatch.setattr(tensor_writes, "load_extension", lambda name: (None, broken))
    monkeypatch.setattr(tensor_writes, "_loaded", None)
    assert tensor_writes.encoder_reason() == (
        "the compiled tensor writes do not load: undefined symbol: PyFoo")
