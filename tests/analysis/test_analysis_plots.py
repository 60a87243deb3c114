"""The plots of primero.analysis stay readable up to eight variants.

Readable is checked on the drawn figure (Agg): no two tick labels of an axes overlap by their
bounding boxes, every tick label lies inside the figure, and no legend covers an axes.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from primero import analysis
from primero.simulation.run import Comparison, compare

# Eight variants or option sets with long labels, among them rankings with classes of their own
# (losing's inverted order, primiera's nine classes); option sets that leave the ranking alone
# and variants the other tests build anyway keep the lookup tables cheap.
EIGHT = ["waks", "waks:tie=split", "cardano:call_rule=at_least",
         "revival:rounds=2,exchange_first=true", "losing", "primiera", "roman", "suzuki"]
LABELS = ["waks", "waks (tie=split)", "cardano (call_rule=at_least)",
          "revival (rounds=2, exchange_first=true)", "losing", "primiera", "roman", "suzuki"]


@pytest.fixture(scope="module")
def eight() -> Comparison:
    return compare(EIGHT, deals=3, seed=5, agents="random", progress=False)


def drawn(fig: Figure) -> Any:
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    return fig.canvas.get_renderer()  # type: ignore[attr-defined]


def tick_texts(ax: Any) -> list[str]:
    return [t.get_text().replace("\n", " ") for t in ax.get_xticklabels() if t.get_text()]


def assert_readable(fig: Figure) -> None:
    renderer = drawn(fig)
    page = fig.bbox
    for ax in fig.axes:
        boxes = [t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text()]
        assert boxes, ax.get_title()
        for a, b in combinations(boxes, 2):
            assert not a.overlaps(b), (ax.get_title(), tick_texts(ax))
        for box in boxes:
            assert page.x0 <= box.x0 and box.x1 <= page.x1 and page.y0 <= box.y0, ax.get_title()
        frame = ax.get_window_extent(renderer)
        legends = [ax.get_legend(), *fig.legends]
        for legend in (g for g in legends if g is not None):
            assert not legend.get_window_extent(renderer).overlaps(frame), ax.get_title()


def test_class_frequencies_of_eight_variants_are_readable() -> None:
    fig = analysis.plot_class_frequencies(EIGHT)
    assert_readable(fig)
    ax = fig.axes[0]
    # the five standard classes, then primiera's own four (its Primiera and Nothing included)
    assert tick_texts(ax) == ["Chorus", "Fluxus", "Supremus", "Primero", "Numerus", "Flush",
                              "Fifty-five", "Primiera", "Nothing"]
    entries = [t.get_text().replace("\n", " ") for t in ax.get_legend().get_texts()]
    assert entries == LABELS
    two = analysis.plot_class_frequencies(EIGHT[:2])
    assert fig.get_figwidth() > two.get_figwidth()  # sized by the variants
    assert fig.get_figwidth() <= 18


def test_comparison_of_eight_variants_is_readable(eight: Comparison) -> None:
    fig = analysis.plot_comparison(eight)
    assert_readable(fig)
    winning, share, pots = fig.axes
    assert [ax.get_title() for ax in fig.axes] == [
        "Winning class, every deal won (95 % intervals)",
        "Win share by seat (95 % intervals)", "Pot sizes"]
    assert set(tick_texts(winning)) <= {"Chorus", "Fluxus", "Supremus", "Primero", "Numerus",
                                        "Flush", "Fifty-five", "Primiera", "Nothing", "unseen"}
    assert tick_texts(pots) == LABELS
    assert tick_texts(share) == ["seat 0 (eldest)", "seat 1", "seat 2", "seat 3 (dealer)"]
    (legend,) = fig.legends  # one legend for the three panels, right of them
    entries = [t.get_text().replace("\n", " ") for t in legend.get_texts()]
    assert entries == ["fair share 1/4", *LABELS]
    assert fig.get_figwidth() <= 18


@pytest.mark.parametrize("plot", ["plot_winning_classes", "plot_win_share", "plot_pot_sizes"])
def test_each_panel_of_eight_variants_is_readable(eight: Comparison, plot: str) -> None:
    assert_readable(getattr(analysis, plot)(eight))


def test_labels_turn_upright_on_narrow_axes_given_by_the_caller(eight: Comparison) -> None:
    fig = Figure(figsize=(6, 6), layout="constrained")
    ax = fig.add_subplot()
    assert analysis.plot_pot_sizes(eight, ax=ax) is fig
    assert {t.get_rotation() for t in ax.get_xticklabels()} == {90.0}
    assert_readable(fig)
