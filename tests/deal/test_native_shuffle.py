"""The compiled seeded shuffle and its pure fallback give ``random.Random(seed).shuffle``'s order.

Deal records replay from seeds: a seed must deal the stock it always dealt, whichever shuffle
runs. The expected orders come from the standard library's own ``random.Random(seed).shuffle``
(never from either shuffle under test), over seeds of every size the generator's seeding
treats apart: zero, one 32-bit word, two, three and more (``2**128`` has five), and keys
longer than the generator's 624-word state.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from primero import native_shuffle
from primero.cards import FRENCH52, ITALIAN40
from primero.errors import PrimeroError
from primero.setup import seeded_stock

compiled = pytest.importorskip(
    "primero.compiled_shuffle",
    reason="the compiled shuffle is not built here (no C compiler or Python headers at "
           "install; pip install -e . compiles it)")

#: Seeds at the edges of the seeding's word count, and beyond the 624-word state.
EDGE_SEEDS = [0, 1, 2, 41, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 2**64 + 5,
              2**96 - 1, 2**128, 2**128 + 1, 3**400, 2**(32 * 624) - 1, 2**(32 * 624),
              2**(32 * 700) + 12345]


def _standard(cards: tuple[object, ...], seed: int) -> tuple[object, ...]:
    items = list(cards)
    random.Random(seed).shuffle(items)
    return tuple(items)


@pytest.mark.parametrize("seed", EDGE_SEEDS, ids=lambda s: f"{s.bit_length()}bits")
def test_both_shuffles_give_the_standard_order_at_every_seed_size(seed: int) -> None:
    for pack in (ITALIAN40.cards, FRENCH52.cards):
        expected = _standard(pack, seed)
        assert compiled.shuffle(pack, seed) == expected
        assert native_shuffle.python_shuffle(pack, seed) == expected


def test_both_shuffles_give_the_standard_order_over_many_seeds() -> None:
    pack = ITALIAN40.cards
    draw = random.Random(20261207)
    seeds = list(range(600)) + [draw.getrandbits(draw.randrange(1, 200)) for _ in range(600)]
    for seed in seeds:
        expected = _standard(pack, seed)
        assert compiled.shuffle(pack, seed) == expected, seed
        assert native_shuffle.python_shuffle(pack, seed) == expected, seed


@pytest.mark.parametrize("size", [0, 1, 2, 3, 64, 65, 300, 1000])
def test_short_and_long_lists_shuffle_like_random(size: int) -> None:
    # 300 and 1000 items draw past the 227 outputs made before the first full twist
    items = tuple(range(size))
    for seed in (0, 5, 2**64 + 5):
        assert compiled.shuffle(items, seed) == _standard(items, seed)


def test_the_compiled_shuffle_leaves_its_tuple_and_keeps_the_same_items() -> None:
    pack = ITALIAN40.cards
    before = tuple(pack)
    stock = compiled.shuffle(pack, 9)
    assert pack == before
    assert sorted(map(id, stock)) == sorted(map(id, pack))  # the very cards, each once


def test_the_compiled_shuffle_refuses_what_it_cannot_shuffle() -> None:
    with pytest.raises(TypeError, match="tuple"):
        compiled.shuffle(list(ITALIAN40.cards), 1)
    with pytest.raises(TypeError, match="int"):
        compiled.shuffle(ITALIAN40.cards, 1.0)
    with pytest.raises(ValueError, match="at least 0"):
        compiled.shuffle(ITALIAN40.cards, -(2**70))
    with pytest.raises(TypeError):
        compiled.shuffle(ITALIAN40.cards)


def test_a_seeded_stock_refuses_a_negative_seed_whichever_shuffle_runs() -> None:
    for seed in (-1, -(2**128)):
        with pytest.raises(PrimeroError, match="seed must be at least 0"):
            seeded_stock(ITALIAN40.cards, seed)


def test_a_seeded_stock_takes_a_list_of_cards_as_its_tuple() -> None:
    assert seeded_stock(list(ITALIAN40.cards), 2**128) == _standard(ITALIAN40.cards, 2**128)


def test_the_switch_puts_seeded_stocks_on_the_pure_shuffle_with_the_same_order() -> None:
    # a fresh interpreter: the shuffle is chosen once, at the first seeded stock
    code = ("from primero import native_shuffle\n"
            "from primero.cards import ITALIAN40\n"
            "from primero.setup import seeded_stock\n"
            "print(native_shuffle.shuffle_line())\n"
            "print(native_shuffle.shuffler() is native_shuffle.python_shuffle)\n"
            "print([c.index for c in seeded_stock(ITALIAN40.cards, 2**64 + 5)])\n")
    lines = {}
    for switch in ("1", "0"):
        env = {**os.environ, "PRIMERO_NO_NATIVE": switch}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, timeout=120, check=True)
        lines[switch] = done.stdout.splitlines()
    expected = str([c.index for c in _standard(ITALIAN40.cards, 2**64 + 5)])
    assert lines["1"] == ["seeded stocks: pure Python (PRIMERO_NO_NATIVE is set)", "True",
                          expected]
    assert lines["0"][0].startswith("seeded stocks: the native shuffle (")
    assert lines["0"][1:] == ["False", expected]


def test_seeded_deals_use_the_compiled_shuffle_where_it_is_built() -> None:
    if os.environ.get("PRIMERO_NO_NATIVE", "") not in ("", "0"):
        pytest.skip("PRIMERO_NO_NATIVE is set")
    assert native_shuffle.shuffler() is compiled.shuffle
    assert native_shuffle.shuffle_reason() is None
