"""Hostile tests of the one-call compiled tensor (``compiled_encoder.encode``) and ``_Now``.

Numpy seats, re-entrancy from the garbage collector, failures and interrupts while a tensor is
made; threads, round trips of states, reference counts, and the compiled run against
``PRIMERO_NO_NATIVE=1`` over a seeded sequence of calls.
"""

from __future__ import annotations

import contextlib
import copy
import os
import pickle
import random
import subprocess
import sys
import textwrap
import threading
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from tensor_helpers import every_state, plain_information_state, plain_observation  # noqa: E402

GAME = primero_openspiel.GAME_NAME


def _decision_state(variant: str = "waks", players: int = 2, seed: int = 1,
                    chips: int = 6) -> Any:
    game = pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": chips})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def _pool(game: Any, deals: int, seed: int) -> list[Any]:
    return every_state(game, random.Random(seed), deals)


# --------------------------------------------------------------------------------------------
# A numpy integer seat (what numpy code hands around) through the public Encoder: kept as an
# int among the seat's positions, so later calls with a plain int find a sound cache; an error
# inside the compiled call is the error itself, never a SystemError.


def test_numpy_integer_seat_gives_the_plain_tensor() -> None:
    state = _decision_state()
    encoder = state.encoder
    seat = np.int64(0)
    got = encoder.information_state_array(state.deal, seat, state.trail)
    assert np.array_equal(got, plain_information_state(state, 0))
    got = encoder.observation_array(state.deal, np.int64(1))
    assert np.array_equal(got, plain_observation(state, 1))


def test_a_numpy_seat_does_not_poison_later_int_calls() -> None:
    state = _decision_state(seed=2)
    encoder = state.encoder
    # refusing a numpy int would be acceptable; breaking later calls is not
    with contextlib.suppress(TypeError):
        encoder.information_state_array(state.deal, np.int64(0), state.trail)
    # the ordinary public route, with a plain int, afterwards
    assert np.array_equal(state.information_state_tensor(0), plain_information_state(state, 0))


def test_an_error_inside_encode_is_not_turned_into_SystemError() -> None:
    # any error set inside encode reaches `PyObject_CallNoArgs(release)` still set: CPython
    # then raises SystemError ("returned a result with an exception set") over the real one
    state = _decision_state(seed=3)
    encoder = state.encoder
    errors = []
    for seat in (np.int64(1), np.int64(1), 1):
        try:
            encoder.information_state_array(state.deal, seat, state.trail)
        except Exception as error:
            errors.append(type(error))
    assert SystemError not in errors


# --------------------------------------------------------------------------------------------
# Re-entrancy: a garbage-collector callback or a finalizer asking a tensor of the same game
# while this thread writes one (the collector may run at any allocation) takes the plain way,
# which shares nothing, instead of waiting on the lock its own thread holds.

def _environment(native: bool) -> dict[str, str]:
    """This process's environment, the compiled writes on (``native``) or switched off."""
    env = dict(os.environ)
    env.pop("PRIMERO_NO_NATIVE", None)
    if not native:
        env["PRIMERO_NO_NATIVE"] = "1"
    return env


_REENTRANT = textwrap.dedent("""
    import gc, random, sys, pyspiel, primero.openspiel
    game = pyspiel.load_game("python_primero", {"variant": "waks", "players": 2, "chips": 6})
    other = game.new_initial_state()
    MODE = sys.argv[1]
    if MODE == "gc":
        def callback(phase, info):
            if phase == "start":
                other.information_state_tensor(0)
        gc.callbacks.append(callback)
    else:
        class Asks:
            def __init__(self):
                self.me = self  # a cycle: freed by the collector
            def __del__(self):
                other.observation_tensor(1)
    gc.set_threshold(1, 1, 1)
    rng = random.Random(0)
    for _ in range(100):
        state = game.new_initial_state()
        while not state.is_terminal():
            if MODE == "del":
                Asks()
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.information_state_tensor()
                state.observation_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
    print("done")
""")


@pytest.mark.parametrize("native", [True, False], ids=["compiled", "pure"])
@pytest.mark.parametrize("mode", ["gc", "del"])
def test_a_tensor_asked_from_a_gc_callback_or_finalizer_does_not_deadlock(
        mode: str, native: bool, tmp_path: Any) -> None:
    script = tmp_path / "reentrant.py"
    script.write_text(_REENTRANT)
    env = _environment(native)
    try:
        done = subprocess.run([sys.executable, str(script), mode], env=env, timeout=60,
                              capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        pytest.fail(f"deadlock: a tensor asked from a {mode} hook never returned")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "done" in done.stdout


# --------------------------------------------------------------------------------------------
# A compiled call that fails once it has touched the template resets it (zeros, the kept
# facts afresh) while it still holds the lock: another thread never sees it half-reset.


class _Unreadable:
    """A state whose seats cannot be read: ``encode`` fails after taking the lock."""

    @property
    def seats(self) -> Any:
        raise RuntimeError("unreadable")


def test_a_failing_call_in_one_thread_does_not_corrupt_another_threads_tensors() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "chips": 8})
    states = _pool(game, 6, seed=5)
    want = [[plain_information_state(s, k) for k in range(2)] for s in states]
    encoder = states[0].encoder
    bad: list[Any] = []
    stop = threading.Event()

    def good() -> None:
        rng = random.Random(1)
        for _ in range(20000):
            i, k = rng.randrange(len(states)), rng.randrange(2)
            if not np.array_equal(states[i].information_state_tensor(k), want[i][k]):
                bad.append((i, k))

    def hostile() -> None:
        while not stop.is_set():
            with contextlib.suppress(Exception):  # its own failure is fine
                encoder.information_state_array(_Unreadable(), 0, None)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=good), threading.Thread(target=hostile)]
        for thread in threads:
            thread.start()
        threads[0].join()
        stop.set()
        threads[1].join()
    finally:
        sys.setswitchinterval(switch)
    assert not bad, f"{len(bad)} wrong tensors in the thread that did nothing wrong"


# --------------------------------------------------------------------------------------------
# An interrupt (KeyboardInterrupt from Ctrl-C, any asynchronous exception) while tensors are
# made never leaves the encoder's lock taken: the Python way holds it in a with block, which
# no signal can split from its release, and the compiled call frees it on every path.

_INTERRUPTED = textwrap.dedent("""
    import ctypes, random, sys, threading, time, pyspiel, primero.openspiel
    sys.setswitchinterval(1e-6)
    game = pyspiel.load_game("python_primero", {"variant": "toy", "players": 2, "chips": 8})
    rng = random.Random(5)
    states = []
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                       else state.legal_actions())
            state.apply_action(rng.choice(options))
    class Interrupt(BaseException):
        pass
    stop = threading.Event()
    def work():
        r = random.Random(1)
        while not stop.is_set():
            try:
                while not stop.is_set():
                    i, k = r.randrange(len(states)), r.randrange(2)
                    if r.random() < 0.6:
                        states[i].information_state_tensor(k)
                    else:
                        states[i].observation_tensor(k)
            except Interrupt:
                pass
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    start = time.time()
    while time.time() - start < 8 and worker.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident),
                                                   ctypes.py_object(Interrupt))
        time.sleep(0.0003)
    stop.set()
    worker.join(5)
    # the interrupts are over: a tensor must still come
    asker = threading.Thread(target=lambda: states[0].information_state_tensor(0), daemon=True)
    asker.start()
    asker.join(10)
    print("deadlock" if asker.is_alive() else "fine")
""")


@pytest.mark.parametrize("native", [True, False], ids=["compiled", "pure"])
def test_an_interrupt_while_tensors_are_made_does_not_leak_the_lock(
        native: bool, tmp_path: Any) -> None:
    script = tmp_path / "interrupted.py"
    script.write_text(_INTERRUPTED)
    env = _environment(native)
    done = subprocess.run([sys.executable, str(script)], env=env, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("fine"), "the encoder's lock leaked: tensors hang"


def test_a_keyboard_interrupt_while_the_lock_is_held_does_not_leak_it() -> None:
    # deterministic form of the above: the interrupt raised while the Python way holds the
    # lock (the lock itself is taken by a with block, which no signal can split from its
    # release); a game of its own (chips 7): its encoder's lock must come free
    state = _decision_state(seed=6, chips=7)
    encoder = state.encoder
    template = encoder._template

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    encoder._template = interrupted  # type: ignore[method-assign]
    try:
        with pytest.raises(KeyboardInterrupt):
            for seat in range(2):  # a state the compiled call leaves to the Python way
                state.observation_tensor(seat)
                state.information_state_tensor(seat)
                state = state.child(state.legal_actions()[0])
    finally:
        encoder._template = template  # type: ignore[method-assign]
    assert not encoder._lock.locked() and encoder._owner == [0]
    result: list[Any] = []
    asker = threading.Thread(target=lambda: result.append(state.information_state_tensor(0)),
                             daemon=True)
    asker.start()
    asker.join(10)
    assert not asker.is_alive(), "deadlock: the lock taken before the interrupt is never freed"
    assert np.array_equal(result[0], plain_information_state(state, 0))


# --------------------------------------------------------------------------------------------
# What held (kept as guards).

_DIFFERENTIAL = textwrap.dedent("""
    import copy, hashlib, pickle, random, sys
    import numpy as np, pyspiel, primero, primero.openspiel
    rng = random.Random(int(sys.argv[1]))
    games = []
    for variant in primero.registry().names():
        low, high = primero.get_variant(variant).spec.players
        for n in sorted({low, min(high, 3), high}):
            params = {"variant": variant, "players": n, "rest": rng.choice([1, 2, 3])}
            if rng.random() < 0.5:
                params["stacks"] = ";".join(str(rng.randint(1, 30)) for _ in range(n))
            else:
                params["chips"] = rng.choice([3, 6, 20])
            if rng.random() < 0.4: params["carry_in"] = rng.randint(0, 9)
            if rng.random() < 0.4: params["dealer"] = rng.randrange(n)
            try:
                games.append((n, pyspiel.load_game("python_primero", params)))
            except Exception:
                pass
    pool = []
    for n, game in games:
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal():
                pool.append((n, state.clone()))
                options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                           else state.legal_actions())
                state.apply_action(rng.choice(options))
            pool.append((n, state))
    digest = hashlib.sha256()
    for t in range(int(sys.argv[2])):
        n, state = rng.choice(pool)
        r = rng.random()
        if r < 0.05: state = state.clone()
        elif r < 0.08: state = copy.deepcopy(state)
        elif r < 0.1: state = pickle.loads(pickle.dumps(state))
        seat = rng.randrange(n)
        x = (state.information_state_tensor(seat) if rng.random() < 0.6
             else state.observation_tensor(seat))
        digest.update(x.tobytes())
    print(len(pool), digest.hexdigest())
""")


def test_compiled_and_pure_give_the_same_tensors_for_a_seeded_sequence(tmp_path: Any) -> None:
    script = tmp_path / "differential.py"
    script.write_text(_DIFFERENTIAL)
    outputs = []
    for native in (True, False):
        env = dict(os.environ)
        env.pop("PRIMERO_NO_NATIVE", None)
        if not native:
            env["PRIMERO_NO_NATIVE"] = "1"
        done = subprocess.run([sys.executable, str(script), "11", "6000"], env=env,
                              timeout=600, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(done.stdout.strip())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("variant", ["waks", "toy", "primiera", "cardano"])
def test_threads_sharing_a_game_get_the_plain_tensors(variant: str) -> None:
    players = 2 if variant == "toy" else 3
    game = pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": 8})
    states = _pool(game, 4, seed=5)
    want = [[(plain_information_state(s, k), plain_observation(s, k)) for k in range(players)]
            for s in states]
    bad: list[Any] = []
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)

    def work(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(1500):
            i, k = rng.randrange(len(states)), rng.randrange(players)
            if rng.random() < 0.5:
                ok = np.array_equal(states[i].information_state_tensor(k), want[i][k][0])
            else:
                ok = np.array_equal(states[i].observation_tensor(k), want[i][k][1])
            if not ok:
                bad.append((i, k))

    try:
        threads = [threading.Thread(target=work, args=(j,)) for j in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert not bad


def test_round_trips_of_states_keep_their_tensors_and_stay_independent() -> None:
    game = pyspiel.load_game(GAME, {"variant": "toy", "players": 2, "chips": 6})
    rng = random.Random(0)
    for state in _pool(game, 3, seed=4)[::3]:
        if state.is_terminal():
            continue
        history = state.history()
        tensors = [state.information_state_tensor(k) for k in range(2)]
        for make in (lambda s: s.clone(), copy.deepcopy, copy.copy,
                     lambda s: pickle.loads(pickle.dumps(s)),
                     lambda s: game.deserialize_state(s.serialize())):
            twin = make(state)
            assert twin._now is not state._now
            for k in range(2):
                assert np.array_equal(twin.information_state_tensor(k), tensors[k])
                assert np.array_equal(twin.information_state_tensor(k),
                                      plain_information_state(twin, k))
            options = ([o for o, _ in twin.chance_outcomes()] if twin.is_chance_node()
                       else twin.legal_actions())
            twin.apply_action(rng.choice(options))
            assert state.history() == history
            for k in range(2):
                assert np.array_equal(state.information_state_tensor(k), tensors[k])


def test_no_reference_leak_over_many_calls() -> None:
    game = pyspiel.load_game(GAME, {"variant": "toy", "players": 2, "chips": 6})
    states = [s for s in _pool(game, 2, seed=9) if s.trail is not None]
    state = states[len(states) // 2]
    deal, trail = state.deal, state.trail
    watched = (deal, trail, deal.seats, deal.seats[0], deal.seats[0].received,
               deal.seats[0].hand)
    for other in states:  # the caches filled
        other.information_state_tensor(0)
        other.observation_tensor(1)

    def round_() -> None:
        for other in (state, states[0], state):
            other.information_state_tensor(0)
            other.information_state_tensor(1)
            other.observation_tensor(0)

    round_()  # the templates keep the same states before and after
    before = [sys.getrefcount(x) for x in watched]
    for _ in range(5000):
        round_()
    assert [sys.getrefcount(x) for x in watched] == before


@pytest.mark.parametrize("variant", primero.registry().names())
def test_every_variant_at_most_players_jumping_back(variant: str) -> None:
    most = min(primero.get_variant(variant).spec.players[1], 6)
    game = pyspiel.load_game(GAME, {"variant": variant, "players": most, "chips": 5,
                                    "carry_in": 2, "dealer": most - 1})
    rng = random.Random(variant)
    states = _pool(game, 2, seed=len(variant))
    # the deal forwards, then backwards, then at random: each seat's tensor against plain
    order = states + states[::-1] + [rng.choice(states) for _ in range(len(states))]
    for state in order:
        seat = rng.randrange(most)
        assert np.array_equal(state.information_state_tensor(seat),
                              plain_information_state(state, seat))
        assert np.array_equal(state.observation_tensor(seat), plain_observation(state, seat))
