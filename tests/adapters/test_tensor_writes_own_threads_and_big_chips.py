"""The adapters' tensor writes under hostile use, through the public adapters.

Compiled (``primero.compiled_encoder``) and pure (``primero.tensor_writes``) alike:

* threads sharing one game each get their own state's tensor, never another seat's cards
  (the templates are shared: one tensor is made at a time);
* chip counts past a C ``long`` (stacks, a carry-in) are refused by name at the deal's start
  (a deal takes at most ``MAX_CHIPS`` chips a seat), the most a deal takes gives the values
  the pure writes give, and a table whose fractions would not be finite floats is refused by
  name;
* a history handed out by ``Encoder.history_tail`` cannot be written into (it is shared);
* the compiled ``link`` checks a layout whose window would wrap a C ``long`` (no write
  outside the buffer);
* hidden cards never change a tensor, a returned tensor is the caller's own, and the
  compiled and pure writes agree in any order of asking.
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
import threading
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero import tensor_writes  # noqa: E402
from primero.adapters import Encoder  # noqa: E402
from primero.deal.start import MAX_CHIPS  # noqa: E402
from primero.errors import PrimeroError  # noqa: E402
from primero.pettingzoo.env import raw_env  # noqa: E402
from tensor_helpers import every_state, plain_information_state_of, plain_observation_of  # noqa: E402

GAME = primero_openspiel.GAME_NAME
LONG_MAX = 2**63 - 1

compiled = pytest.mark.skipif(tensor_writes.encoder_reason() is not None,
                              reason="the compiled tensor writes are not in use")


def pure_encoder(table: Any) -> Encoder:
    encoder = Encoder(table)
    encoder._patch, encoder._link, encoder._ones, encoder._private_copy = \
        tensor_writes.PURE_WRITERS
    return encoder




# ------------------------------------------------------------------------------------------
# shared state, big numbers, bad layouts


@pytest.mark.parametrize("pure", [False, True], ids=["as-installed", "pure"])
def test_threads_sharing_a_game_get_their_own_tensors(pure: bool) -> None:
    # One game, four threads asking tensors of its states (a threaded self-play or search
    # sharing the game object). The encoder's one template per layout is patched and copied
    # with a seat's private 1s written in and taken out again, and numpy's copy of the 786
    # floats releases the GIL: without the encoder's lock another thread's 1s (its seat's
    # hand) would land in this thread's copy, or the template be another state's.
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4, "chips": 20})
    if pure:
        game.encoder._patch, game.encoder._link, game.encoder._ones, \
            game.encoder._private_copy = tensor_writes.PURE_WRITERS
    states = every_state(game, random.Random(0), 6)
    expected = {(i, p): plain_information_state_of(game.encoder, s.deal, s.trail, p)
                for i, s in enumerate(states) for p in range(4)}
    wrong: list[tuple[int, int]] = []
    foreign: list[tuple[int, int]] = []  # another seat's hidden cards in the hand piece
    hand = slice(game.encoder.info_at["hand"], game.encoder.info_at["discarded"])

    def work(k: int) -> None:
        rng = random.Random(k)
        for _ in range(3000):
            i, p = rng.randrange(len(states)), rng.randrange(4)
            got = states[i].information_state_tensor(p)
            want = expected[(i, p)]
            if not np.array_equal(got, want):
                wrong.append((i, p))
                if np.any((got[hand] == 1.0) & (want[hand] == 0.0)):
                    foreign.append((i, p))

    # at the interpreter's default switch interval (unlocked, hundreds of the 12,000 went
    # wrong)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not foreign, f"{len(foreign)} tensors held cards not in the seat's hand"
    assert not wrong, f"{len(wrong)} of 12,000 tensors were not the state's"


@compiled
def test_stacks_past_a_c_long_are_refused_and_the_most_a_deal_takes_writes_alike() -> None:
    # OpenSpiel: stacks is a text parameter (no C int bound) and a raise cap keeps
    # max_game_length small whatever the chips. A deal takes at most MAX_CHIPS chips a seat
    # (far below a C long), so stacks past a C long are refused by name at the deal's start;
    # at the most a deal takes, the compiled writes give the pure writes' values
    with pytest.raises(PrimeroError, match=r"^stacks: at most 1,000,000,000,000,000 chips a "
                       r"seat .*, got a 19-digit number for seat 0$"):
        pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "stacks": f"{2**63};5",
                                 "raise_cap": 1}).new_initial_state()
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2,
                                    "stacks": f"{MAX_CHIPS};5", "raise_cap": 1})
    state = game.new_initial_state()
    pure = pure_encoder(game.table)
    for seat in range(2):
        want = plain_information_state_of(game.encoder, state.deal, state.trail, seat)
        assert np.array_equal(pure.information_state_array(state.deal, seat, state.trail), want)
        assert np.array_equal(state.information_state_tensor(seat), want)
        assert np.array_equal(state.observation_tensor(seat),
                              plain_observation_of(game.encoder, state.deal, seat))


@compiled
def test_a_carry_in_past_a_c_long_is_refused_and_the_most_writes_alike() -> None:
    # PettingZoo takes any whole number of chips; the deal refuses more than MAX_CHIPS (a
    # seat's or the carry-in) by name, and at the most it takes the compiled writes agree
    for kwargs, message in (({"chips": 10**19}, r"^chips: at most .*, got a 20-digit number$"),
                            ({"chips": 20, "carry_in": 2**63},
                             r"^carry_in: at most .*, got a 19-digit number$")):
        with pytest.raises(PrimeroError, match=message):
            raw_env(variant="waks", players=2, **kwargs).reset(seed=1)
    for kwargs in ({"chips": MAX_CHIPS}, {"chips": 20, "carry_in": MAX_CHIPS}):
        env = raw_env(variant="waks", players=2, **kwargs)
        env.reset(seed=1)
        seat = env.deal.to_act
        got = env.observe(env.agent_selection)["observation"]
        assert np.array_equal(got, plain_observation_of(env._encoder, env.deal, seat))


@compiled
def test_pot_never_overflows_into_a_negative_value() -> None:
    # the compiled patch keeps the chips put in (the carry-in plus the seats') in a C long
    # and adds to it unchecked: past LONG_MAX it would wrap; a deal holds at most MAX_CHIPS
    # a seat and as carry-in, so the pot stays a fraction in [0, 1] at the most it takes
    env = raw_env(variant="waks", players=2, chips=20, carry_in=MAX_CHIPS)
    env.reset(seed=1)
    pot = env._encoder.observation_at["pot"]
    for _ in range(3):
        if env.terminations[env.agent_selection]:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.nonzero(mask)[0][-1]))  # the largest vie: chips go in
        seat = env.possible_agents.index(env.agent_selection)
        got = env.observe(env.agent_selection)["observation"]
        want = plain_observation_of(env._encoder, env.deal, seat)
        assert 0.0 <= got[pot] <= 1.0, f"pot {got[pot]}"
        assert np.array_equal(got, want)


def test_a_history_tail_handed_out_cannot_be_written() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "chips": 6})
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.moves) < 2:
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]
                                      if state.is_chance_node()
                                      else [a for a in state.legal_actions() if a != 0]))
    before = state.information_state_tensor(0)
    tail = game.encoder.history_tail(state.trail)
    with pytest.raises(ValueError, match="read-only"):
        tail[:] = 0.75  # shared by every state of the trail and the template
    game.new_initial_state().information_state_tensor(0)  # the template leaves the state
    assert np.array_equal(state.information_state_tensor(0), before)


_WRAPPING_LINK = """
import numpy as np
from primero import tensor_writes
import primero.compiled_encoder as compiled
view = memoryview(np.zeros(64, np.float32))
rows, width = 2**32 - 1, 2**32 + 1  # rows * width = 2**64 - 1: -1 in a C long
move = (0, 0, 1, 0, -1, 0)  # seat 0, a fold, 1 chip, no cards, no deciding step, row 0
layout = (2, 8, 10.0, 4.0, 0, 0, 8, rows, width)
try:
    tensor_writes.link(view, 0, move, layout)
except IndexError:
    print("pure: IndexError")
try:
    compiled.link(view, 0, move, layout)
except (IndexError, ValueError, OverflowError) as error:
    print("compiled:", type(error).__name__)
"""


@compiled
def test_compiled_link_checks_a_layout_whose_window_wraps() -> None:
    done = subprocess.run([sys.executable, "-c", _WRAPPING_LINK], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, f"exit {done.returncode} (-11: a segfault): {done.stderr}"
    assert "pure: IndexError" in done.stdout
    assert "compiled:" in done.stdout


# ------------------------------------------------------------------------------------------
# privacy, ownership, order


@pytest.mark.parametrize("variant", ["waks", "suzuki", "cardano", "primiera", "revival"])
def test_hidden_cards_never_change_a_tensor(variant: str) -> None:
    # a world the player cannot tell from the state (resample_from_infostate) gives the
    # player the same tensors: nothing hidden (the others' hands, the stock) reaches them
    game = pyspiel.load_game(GAME, {"variant": variant, "players": 3, "chips": 6})
    rng = random.Random(variant)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for seat in range(3):
                world = state.resample_from_infostate(seat, rng.random)
                assert np.array_equal(world.information_state_tensor(seat),
                                      state.information_state_tensor(seat))
                assert np.array_equal(world.observation_tensor(seat),
                                      state.observation_tensor(seat))
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_returned_tensor_is_the_callers_own() -> None:
    game = pyspiel.load_game(GAME, {"variant": "cardano", "players": 3, "chips": 8})
    states = every_state(game, random.Random(5), 2)
    first = {}
    for k, state in enumerate(states):
        for seat in range(3):
            info = state.information_state_tensor(seat)
            obs = state.observation_tensor(seat)
            first[k, seat] = (info.copy(), obs.copy(), info, obs)
            info[:] = 9.0  # the caller writes into what it got
            obs[:] = -9.0
            assert np.array_equal(state.information_state_tensor(seat),
                                  plain_information_state_of(game.encoder, state.deal,
                                                          state.trail, seat))
    for k, state in enumerate(states):
        for seat in range(3):
            info, obs, _, _ = first[k, seat]
            assert np.array_equal(state.information_state_tensor(seat), info)
            assert np.array_equal(state.observation_tensor(seat), obs)


@pytest.mark.parametrize("variant", primero.registry().names())
def test_compiled_and_pure_agree_in_any_order(variant: str) -> None:
    # a pool of states of several deals, clones, deep copies, pickles and resampled worlds,
    # asked in a random order through every route, against the pure writes and the plain
    # path; the observers' tensors scribbled on by the caller in between
    rng = random.Random(f"hostile {variant}")
    lo, hi = primero.get_variant(variant).spec.players
    players = rng.randint(lo, hi)
    params: dict[str, Any] = {"variant": variant, "players": players,
                              "stacks": ";".join(str(rng.randint(1, 12)) for _ in range(players)),
                              "carry_in": rng.randint(0, 5)}
    game = pyspiel.load_game(GAME, params)
    pure = pure_encoder(game.table)
    info_observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer = game.make_py_observer()
    pool = []
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.3:
                pool.append(state.clone())
            if rng.random() < 0.05:
                pool.append(copy.deepcopy(state))
            if rng.random() < 0.05:
                pool.append(pickle.loads(pickle.dumps(state)))
            if not state.is_chance_node() and rng.random() < 0.1:
                pool.append(state.resample_from_infostate(state.current_player(), rng.random))
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]
                                          if state.is_chance_node() else state.legal_actions()))
        pool.append(state)
    for _ in range(400):
        state, seat, how = rng.choice(pool), rng.randrange(players), rng.randrange(5)
        encoder = state.encoder
        if how == 0:
            got = state.information_state_tensor(seat)
            want = plain_information_state_of(encoder, state.deal, state.trail, seat)
            assert np.array_equal(pure.information_state_array(state.deal, seat, state.trail),
                                  want)
        elif how == 1:
            got = state.observation_tensor(seat)
            want = plain_observation_of(encoder, state.deal, seat)
            assert np.array_equal(pure.observation_array(state.deal, seat), want)
        elif how == 2:
            info_observer.set_from(state, seat)
            got = info_observer.tensor.copy()
            want = plain_information_state_of(encoder, state.deal, state.trail, seat)
            info_observer.tensor[:] = 0.5
        elif how == 3:
            observer.set_from(state, seat)
            got = observer.tensor.copy()
            want = plain_observation_of(encoder, state.deal, seat)
            observer.dict["hand"][:] = 1.0
        else:
            got = np.asarray(pyspiel.State.observation_tensor(state, seat), np.float32)
            want = plain_observation_of(encoder, state.deal, seat)
        assert np.array_equal(got, want)
        assert got.min() >= 0.0 and got.max() <= 1.0


def test_a_table_past_the_most_a_deal_takes_is_refused_by_name() -> None:
    from primero.adapters import AdapterTable
    from primero.errors import InvalidParameterError
    from primero.pettingzoo.env import raw_env

    # the shared table refuses past MAX_CHIPS a seat (and a carry-in past it), far below the
    # 2**1023 chips in all whose fractions are finite floats, naming the argument given
    with pytest.raises(InvalidParameterError, match=r"^stacks: at most 1,000,000,000,000,000 "
                       r"chips a seat .* got a 401-digit number for seat 0$"):
        AdapterTable.build(variant="waks", players=2, stacks=(10**400, 5))
    with pytest.raises(InvalidParameterError, match=r"^chips: at most 1,000,000,000,000,000 "
                       r"chips a seat .* got a 308-digit number$"):
        AdapterTable.build(variant="waks", players=2, chips=2**1023)
    with pytest.raises(InvalidParameterError, match=r"^carry_in: at most 1,000,000,000,000,000 "
                       r"chips .* got a 16-digit number$"):
        AdapterTable.build(variant="waks", players=2, carry_in=MAX_CHIPS + 1)
    with pytest.raises(InvalidParameterError, match=r"^stacks: at most 1,000,000,000,000,000 "
                       r"chips a seat .* got a 401-digit number for seat 0$"):
        pyspiel.load_game(GAME, {"variant": "waks", "players": 2,
                                 "stacks": f"{10**400};5"})
    with pytest.raises(InvalidParameterError, match=r"^chips: at most 1,000,000,000,000,000 "
                       r"chips a seat .* got a 308-digit number$"):  # 2**1023 ~ 8.99e307
        raw_env(variant="waks", players=2, chips=2**1023)
    env = raw_env(variant="waks", players=2, chips=MAX_CHIPS)  # the most a deal takes
    env.reset(seed=0)
    observation = env.observe(env.agent_selection)["observation"]
    assert observation.min() >= 0.0 and observation.max() <= 1.0
