"""The compiled hand evaluator gives exactly what the pure-Python evaluator gives.

``Ranking.evaluate`` is bound, per ranking, to the C extension ``primero.compiled_evaluator``
(``src/primero/_native/evaluate.c``) where it was built, else to a pure-Python closure. The
references here are independent of the extension: rankings built with ``PRIMERO_NO_NATIVE=1``
(the pure closure, checked to be one) and the colex index of each hand computed here from the
pack's order. For every variant and pack, every hand of the 40-card pack (and of the toy
pack) and a seeded sample of the 48- and 52-card packs must give the same value both ways, as
tuples and lists in any card order; every kind of bad input must raise the same exception with
the same message. The values themselves must be indistinguishable from the pure path's; the
evaluator must not leak references or memory, must be collectable with its ranking, and must
give the same answers from several threads.

The tests skip (saying why) where the extension is not built.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import inspect
import itertools
import os
import pickle
import random
import subprocess
import sys
import threading
import tracemalloc
import types
from collections import namedtuple
from collections.abc import Callable, Iterator
from math import comb
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

import primero
from primero import Card, HandValue, get_variant, native_evaluator, registry
from primero.analysis._native import build
from primero.hands import Ranking
from primero.plugins.registry import clear_caches, reset_registry

compiled = pytest.importorskip(
    "primero.compiled_evaluator",
    reason="the compiled evaluator is not built here (no C compiler or Python headers at "
           "install; pip install -e . compiles it)")

#: Hands sampled from each pack larger than 40 cards.
SAMPLE = 40_000


def _decks(name: str) -> list[str | None]:
    """The packs a variant can be played with: each choice of its ``deck`` option, or its own."""
    for option in get_variant(name).spec.options:
        if option.name == "deck":
            return list(option.choices)
    return [None]


#: (variant, deck) for every registered variant and every pack it takes.
CASES = [(name, deck) for name in registry().names() for deck in _decks(name)]


def _ranking(name: str, deck: str | None) -> Ranking:
    ranking = (get_variant(name) if deck is None else get_variant(name, deck=deck)).ranking
    ranking.hand_table  # noqa: B018 - loads the table and binds the evaluator
    return ranking


@pytest.fixture(scope="module")
def rankings() -> Iterator[dict[tuple[str, str | None], tuple[Ranking, Ranking]]]:
    """(native, pure) rankings per case: the pure ones built with PRIMERO_NO_NATIVE=1."""
    clear_caches()
    with mock.patch.dict(os.environ, PRIMERO_NO_NATIVE="1"):
        pure = {case: _ranking(*case) for case in CASES}
    with mock.patch.dict(os.environ):
        os.environ.pop("PRIMERO_NO_NATIVE", None)
        clear_caches()
        native = {case: _ranking(*case) for case in CASES}
    clear_caches()
    for case in CASES:
        assert isinstance(native[case].evaluate, types.BuiltinFunctionType), case
        assert isinstance(pure[case].evaluate, types.FunctionType), case
        assert native[case] is not pure[case]
    yield {case: (native[case], pure[case]) for case in CASES}


def _hands(ranking: Ranking, seed: int) -> Iterator[tuple[int, list[Card]]]:
    """(expected table index, the four cards shuffled) for every hand, or a sample of them.

    The index is the colex rank of the cards' positions in the pack's order, computed here.
    """
    cards = ranking.pack.ordered
    n = len(cards)
    rng = random.Random(seed)
    if n <= 40:
        combos: Iterator[tuple[int, ...]] = itertools.combinations(range(n), 4)
    else:
        combos = (tuple(sorted(rng.sample(range(n), 4))) for _ in range(SAMPLE))
    for combo in combos:
        index = sum(comb(p, k) for k, p in enumerate(combo, start=1))
        hand = [cards[p] for p in combo]
        rng.shuffle(hand)
        yield index, hand


@pytest.mark.parametrize(("name", "deck"), CASES)
def test_every_hand_has_the_pure_evaluators_value(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]], name: str,
        deck: str | None) -> None:
    native, pure = rankings[name, deck]
    fast, plain = native.evaluate, pure.evaluate
    native_type, pure_type = native.value_type(), pure.value_type()
    seen = 0
    for k, (index, hand) in enumerate(_hands(native, seed=len(name) * 7 + len(deck or ""))):
        cards = tuple(hand) if k % 2 else hand
        got, want = fast(cards), plain(cards)
        assert (type(got), got.index, type(want), want.index) == (
            native_type, index, pure_type, index), (name, deck, cards)
        seen += 1
    assert seen == (comb(len(native.pack), 4) if len(native.pack) <= 40 else SAMPLE)
    assert seen == 91_390 or len(native.pack) != 40


class Indexed:
    """Not a card: an object that merely has an ``index`` (the pure path duck-types it)."""

    def __init__(self, index: int) -> None:
        self.index = index


class Hand(tuple):  # type: ignore[type-arg]
    """A tuple subclass: the fast path takes exact tuples only."""

    __slots__ = ()


class HandList(list):  # type: ignore[type-arg]
    """A list subclass."""


Pair = namedtuple("Pair", "w x y z")


def facts(v: HandValue) -> tuple[Any, ...]:
    """Everything a value says of itself."""
    return (v.index, v.strength, v.hand_class, v.points, v.key, v.cards, v.counting, v.label,
            repr(v), str(v), v.explain(), v._repr_html_())


def _bad_inputs(ranking: Ranking) -> list[tuple[str, Callable[[], tuple[Any, dict[str, Any]]]]]:
    """(label, a maker of (positional args, keywords)) of every kind of input but four cards."""
    ordered = ranking.pack.ordered
    a, b, c, d, e = ordered[:5]
    outside = next(card for card in primero.cards.CARDS_BY_INDEX if card not in ordered) \
        if len(ordered) < 52 else None

    def one(value: Any) -> Callable[[], tuple[Any, dict[str, Any]]]:
        return lambda: ((value,), {})

    np = pytest.importorskip("numpy")
    cases: list[tuple[str, Callable[[], tuple[Any, dict[str, Any]]]]] = [
        ("none", one(None)), ("int", one(5)), ("float", one(1.5)), ("bytes", one(b"7s 6h Ad Kc")),
        ("empty tuple", one(())), ("empty list", one([])), ("empty text", one("")),
        ("text", one("7s 6h Ad Kc")), ("text of three", one("7s 6h Ad")),
        ("text of five", one("7s 6h Ad Kc 5d")), ("bad token", one("7s 6h Ad Zz")),
        ("duplicate text", one("7s 7s Ad Kc")),
        ("three cards", one((a, b, c))), ("five cards", one((a, b, c, d, e))),
        ("three in a list", one([a, b, c])), ("five in a list", one([a, b, c, d, e])),
        ("duplicate", one((a, a, b, c))), ("duplicate in a list", one([a, b, c, a])),
        ("four of one card", one((a, a, a, a))),
        ("a card twice among five", one((a, b, c, d, a))),
        ("strings", one(("7s", "6h", "Ad", "Kc"))), ("mixed", one((a, b, c, "Kc"))),
        ("mixed list", one([a, "6h", c, d])), ("an int among cards", one((a, b, c, 7))),
        ("none among cards", one((a, b, None, d))),
        ("indexed objects", one(tuple(Indexed(i) for i in range(4)))),
        ("indexed objects in a list", one([Indexed(i) for i in (3, 9, 1, 20)])),
        ("indexed duplicates", one((Indexed(1), Indexed(1), Indexed(2), Indexed(3)))),
        ("indexed past the pack", one((Indexed(0), Indexed(1), Indexed(2), Indexed(63)))),
        ("indexed with a card", one((a, b, c, Indexed(d.index)))),
        ("indexed negative", one((Indexed(-1), Indexed(1), Indexed(2), Indexed(3)))),
        ("index not an int", one((Indexed("x"), b, c, d))),  # type: ignore[arg-type]
        ("tuple subclass", one(Hand((a, b, c, d)))), ("list subclass", one(HandList([a, b, c, d]))),
        ("named tuple", one(Pair(a, b, c, d))), ("set", one({a, b, c, d})),
        ("frozenset", one(frozenset((a, b, c, d)))), ("dict", one(dict.fromkeys((a, b, c, d)))),
        ("generator", lambda: (((x for x in (a, b, c, d)),), {})),
        ("generator of three", lambda: (((x for x in (a, b, c)),), {})),
        ("generator of five", lambda: (((x for x in (a, b, c, d, e)),), {})),
        ("generator with a duplicate", lambda: (((x for x in (a, b, c, a)),), {})),
        ("iterator", lambda: ((iter([d, c, b, a]),), {})),
        ("numpy objects", one(np.array([a, b, c, d], dtype=object))),
        ("numpy ints", one(np.array([0, 1, 2, 3]))),
        ("tuple of tuples", one(((a,), (b,), (c,), (d,)))),
        ("keyword", lambda: ((), {"cards": (a, b, c, d)})),
        ("keyword text", lambda: ((), {"cards": "7s 6h Ad Kc"})),
        ("no argument", lambda: ((), {})), ("two arguments", lambda: (((a, b, c, d), 1), {})),
        ("unknown keyword", lambda: (((a, b, c, d),), {"hand": 1})),
        ("keyword and positional", lambda: (((a, b, c, d),), {"cards": 1})),
        ("other keyword only", lambda: ((), {"hand": (a, b, c, d)})),
    ]
    if outside is not None:
        cases += [("a card of another pack", one((a, b, c, outside))),
                  ("a card of another pack in a list", one([outside, a, b, c]))]
    return cases


def _outcome(ranking: Ranking, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """What ``ranking.evaluate(*args, **kwargs)`` gives: the value's kind and index, or why not."""
    try:
        value = ranking.evaluate(*args, **kwargs)
    except Exception as exc:  # the exception is the outcome compared
        return ("raises", type(exc), str(exc))
    kind = ("fast" if type(value) is ranking.value_type()
            else "plain" if type(value) is HandValue else type(value))
    return ("value", kind, value.index, value.ranking is ranking)


#: One case per pack.
PACK_CASES = [("waks", "italian40"), ("waks", "spanish48"), ("waks", "french52"), ("toy", None)]


@pytest.mark.parametrize(("name", "deck"), PACK_CASES)
def test_every_kind_of_other_input_gives_the_pure_paths_value_or_error(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]], name: str,
        deck: str | None) -> None:
    native, pure = rankings[name, deck]
    for label, make in _bad_inputs(native):
        args, kwargs = make()
        got = _outcome(native, args, kwargs)
        args, kwargs = make()
        assert got == _outcome(pure, args, kwargs), label


def test_the_outcomes_compared_are_values_and_errors_both(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]]) -> None:
    native, _ = rankings["waks", "italian40"]
    outcomes = {label: _outcome(native, *make()) for label, make in _bad_inputs(native)}
    assert outcomes["text"][:2] == ("value", "plain")
    assert outcomes["keyword"][:2] == ("value", "fast")
    assert outcomes["generator"][:2] == ("value", "fast")
    assert outcomes["indexed objects"][:2] == ("value", "fast")  # the pure path's duck typing
    assert outcomes["duplicate"] == (
        "raises", primero.InvalidDeckError, "duplicate card As (A♠) in the hand")
    assert outcomes["no argument"] == (
        "raises", TypeError, "Ranking._bind_evaluate.<locals>.evaluate() missing 1 required "
        "positional argument: 'cards'")
    assert outcomes["a card of another pack"][:2] == ("raises", primero.InvalidDeckError)


def test_the_bound_builtin_reads_as_the_pure_evaluator(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]]) -> None:
    native, pure = rankings["waks", "italian40"]
    assert native.evaluate.__doc__ == pure.evaluate.__doc__ == Ranking.evaluate.__doc__
    assert native.evaluate.__name__ == pure.evaluate.__name__ == "evaluate"
    assert native.evaluate.__module__ == pure.evaluate.__module__ == "primero.hands"
    assert list(inspect.signature(native.evaluate).parameters) == ["cards"]
    assert list(inspect.signature(pure.evaluate).parameters) == ["cards"]
    evaluator_type = type(native.evaluate.__self__)
    assert evaluator_type.__module__ == "primero.compiled_evaluator"
    with pytest.raises(TypeError, match=r"cannot create 'primero.compiled_evaluator.Evaluator' "
                                        "instances"):
        evaluator_type()


@pytest.mark.parametrize(("name", "deck"), PACK_CASES)
def test_native_values_are_the_pure_paths_values(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]], name: str,
        deck: str | None) -> None:
    native, pure = rankings[name, deck]
    for k, (_, hand) in enumerate(_hands(native, seed=5)):
        if k % 97:
            continue
        got = native.evaluate(tuple(hand))
        want = pure.evaluate(tuple(hand))
        counts = (sys.getrefcount(got), sys.getrefcount(got.index), sys.getrefcount(want),
                  sys.getrefcount(want.index))
        assert counts[::2] == (2, 2)  # held here only (and by getrefcount's argument)
        assert counts[1] == counts[3]  # the index: by the value only, or a cached small int
        plain = HandValue(ranking=native, index=got.index)
        assert type(got).__mro__[1:] == type(want).__mro__[1:] == (HandValue, object)
        assert (type(got).__name__, type(got).__qualname__, type(got).__module__) == (
            "HandValue", "HandValue", "primero.hands")
        assert facts(got) == facts(want) == facts(plain)
        assert got.ranking is native and want.ranking is pure
        assert got == plain and hash(got) == hash(plain) == hash((hash(native), got.strength))
        # the same ranking built twice (with and without the native evaluator) is one ranking:
        # its values compare and hash as one ranking's
        assert native == pure and hash(native) == hash(pure)
        assert got == want and hash(want) == hash(got) and got.ties(want)
        assert got.ties(plain)
        assert (got < plain, got <= plain, got > plain, got >= plain) == (False, True, False, True)
        for copied in (copy.copy(got), copy.deepcopy(got)):
            assert facts(copied) == facts(got) and copied == got and type(copied) is type(got)
        # unpickled as the value of the variant's ranking (the registry's, here a third one)
        loaded, loaded_pure = pickle.loads(pickle.dumps(got)), pickle.loads(pickle.dumps(want))
        assert facts(loaded) == facts(loaded_pure) == facts(got)
        assert loaded.ranking is loaded_pure.ranking is _ranking(name, deck)
        assert type(loaded) is type(loaded_pure) is HandValue
        assert pickle.dumps(got) == pickle.dumps(want)
        assert not hasattr(got, "__dict__")
        with pytest.raises(AttributeError) as native_error:
            got.anything = 1  # type: ignore[attr-defined]
        with pytest.raises(AttributeError) as pure_error:
            want.anything = 1  # type: ignore[attr-defined]
        assert str(native_error.value) == str(pure_error.value)


def test_no_reference_or_memory_leaks_on_either_path(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]]) -> None:
    native, _ = rankings["waks", "italian40"]
    evaluate = native.evaluate
    hands = [hand for _, hand in itertools.islice(_hands(native, seed=11), 2000)]
    tuples = [tuple(hand) for hand in hands]
    held = [*native.pack.ordered, native.value_type(), evaluate, evaluate.__self__]
    bad = [(hands[0][0],) * 4, "7s 6h Ad", (hands[0][0], "x"), None]

    def run(times: int) -> None:
        for _ in range(times):
            for hand, pair in zip(hands, tuples, strict=True):
                evaluate(hand)
                evaluate(pair)
            evaluate(cards=tuples[0])
            for item in bad:
                with contextlib.suppress(primero.PrimeroError, TypeError):
                    evaluate(item)

    run(2)  # warm every cache (the pure path's classifications, interned strings)
    gc.collect()  # the tracebacks of the errors caught
    before = [sys.getrefcount(x) for x in held]
    tracemalloc.start()
    try:
        start = tracemalloc.take_snapshot()
        run(25)  # 100,000 fast calls and 200 fallbacks
        gc.collect()
        grown = sum(stat.size_diff for stat in
                    tracemalloc.take_snapshot().compare_to(start, "filename"))
    finally:
        tracemalloc.stop()
    assert [sys.getrefcount(x) for x in held] == before
    assert grown < 64 * 1024, grown


def test_a_dropped_ranking_frees_its_native_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)  # the suite may run with it set

    def evaluators() -> int:
        gc.collect()
        return sum(type(o).__name__ == "Evaluator" and type(o).__module__ ==
                   "primero.compiled_evaluator" for o in gc.get_objects())

    clear_caches()
    reset_registry()  # the registry keeps every variant configured since it was made
    before = evaluators()
    ranking = _ranking("waks", "spanish48")
    value = ranking.evaluate(ranking.pack.ordered[:4])
    assert evaluators() == before + 1
    del ranking, value
    clear_caches()
    reset_registry()
    assert evaluators() == before


def test_threads_get_the_same_values(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]]) -> None:
    native, _ = rankings["waks", "french52"]
    hands = list(_hands(native, seed=3))[:20_000]
    results: list[list[int]] = [[] for _ in range(4)]

    def work(k: int) -> None:
        evaluate = native.evaluate
        results[k] = [evaluate(hand).index for _, hand in hands]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [[index for index, _ in hands]] * 4


def _run(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "PRIMERO_NO_NATIVE"}
    done = subprocess.run([sys.executable, "-c", code], env={**environment, **env},
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


WHICH = ("import primero; from primero import native_evaluator; "
         "r = primero.get_variant('waks').ranking; v = r.evaluate('7s 6h Ad Kc'); "
         "print(type(r.evaluate).__name__, r.evaluate(v.cards).index, "
         "native_evaluator.evaluator_line(), sep='|')")


@pytest.mark.parametrize("value", ["1", "yes"])
def test_primero_no_native_switches_it_off(value: str) -> None:
    kind, index, line = _run(WHICH, PRIMERO_NO_NATIVE=value).split("|")
    assert (kind, line) == ("function", "single hands: pure Python (PRIMERO_NO_NATIVE is set)")
    assert int(index) == get_variant("waks").ranking.evaluate("7s 6h Ad Kc").index


@pytest.mark.parametrize("env", [{}, {"PRIMERO_NO_NATIVE": "0"}, {"PRIMERO_NO_NATIVE": ""}])
def test_without_the_switch_the_native_evaluator_runs(env: dict[str, str]) -> None:
    kind, index, line = _run(WHICH, **env).split("|")
    assert (kind, line) == (
        "builtin_function_or_method",
        f"single hands: the native evaluator ({os.path.abspath(compiled.__file__)})")
    assert int(index) == get_variant("waks").ranking.evaluate("7s 6h Ad Kc").index


def test_an_evaluator_not_importable_is_reported_and_pure_python_runs() -> None:
    code = ("import sys; sys.modules['primero.compiled_evaluator'] = None; " + WHICH)
    kind, _, line = _run(code).split("|")
    assert (kind, line) == (
        "function", "single hands: pure Python (no compiled evaluator beside primero: "
                    "installed from a pure wheel or a source tree never built (pip install -e . "
                    "compiles it))")


def test_the_reasons_for_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    monkeypatch.setattr(native_evaluator, "_bind", None)
    monkeypatch.setattr(native_evaluator, "_import_error", ModuleNotFoundError(
        "No module named 'primero.compiled_evaluator'", name="primero.compiled_evaluator"))
    monkeypatch.setattr(native_evaluator, "build_report",
                        lambda: "not built: no C compiler found (set CC, or install cc)")
    assert native_evaluator.binder() is None
    assert native_evaluator.evaluator_line() == (
        "single hands: pure Python (the evaluator was not built at install: no C compiler "
        "found (set CC, or install cc))")
    monkeypatch.setattr(native_evaluator, "_import_error", ImportError("undefined symbol: x"))
    assert native_evaluator.evaluator_line() == (
        "single hands: pure Python (the compiled evaluator does not load: undefined symbol: x)")


def test_the_build_compiles_an_extension_that_imports(tmp_path: Path) -> None:
    if build.find_compiler() is None:
        pytest.skip("no C compiler here")
    target = tmp_path / build.EXTENSION_NAME
    assert build.compile_extension(target) is None
    code = ("import importlib.util, sys; "
            f"spec = importlib.util.spec_from_file_location('primero.compiled_evaluator', "
            f"{str(target)!r}); module = importlib.util.module_from_spec(spec); "
            "spec.loader.exec_module(module); print(module.bind.__name__)")
    assert _run(code) == "bind"


def test_the_build_reports_a_missing_compiler(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert build.compile_extension(tmp_path / build.EXTENSION_NAME) == (
        "no C compiler found (set CC, or install cc, gcc or clang)")
    assert not (tmp_path / build.EXTENSION_NAME).exists()


def test_bind_refuses_what_it_cannot_bind(
        rankings: dict[tuple[str, str | None], tuple[Ranking, Ranking]]) -> None:
    native, pure = rankings["waks", "italian40"]
    offsets = ([0] * 52, [0] * 52, [0] * 52, [0] * 52)
    cards, fallback = native.pack.ordered, pure.evaluate
    with pytest.raises(TypeError, match=r"^bind: the value class has no _index slot$"):
        compiled.bind(cards, offsets, 10, Indexed, fallback)
    with pytest.raises(TypeError, match=r"^bind: value_type must be a class, fallback callable$"):
        compiled.bind(cards, offsets, 10, native.value_type(), None)
    with pytest.raises(ValueError, match=r"^bind: offsets must be a tuple of four sequences$"):
        compiled.bind(cards, offsets[:3], 10, native.value_type(), fallback)
    with pytest.raises(ValueError, match=r"^bind: a card index without offsets$"):
        compiled.bind(cards, ([0] * 5,) * 4, 10, native.value_type(), fallback)
    with pytest.raises(ValueError, match=r"^bind: a negative offset$"):
        compiled.bind(cards, ([-1] * 52,) * 4, 10, native.value_type(), fallback)
    with pytest.raises(ValueError, match=r"^bind: size must not be negative$"):
        compiled.bind(cards, offsets, -1, native.value_type(), fallback)
