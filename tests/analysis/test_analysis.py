"""Exact odds, simulation tables, comparisons, plots, the fact-check and the notebook.

Every exact figure is checked against an independent source: docs/rules/figures.md, counting by hand
(the reasoning is written next to each number), or a brute-force walk over every deal with the
independent oracle of ``tests/oracle.py``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

import primero  # noqa: E402
from conftest import ROOT  # noqa: E402
from oracle import classify, strength  # noqa: E402
from primero import analysis  # noqa: E402
from primero.errors import InvalidDeckError, PrimeroError  # noqa: E402
from primero.simulation.run import compare, simulate  # noqa: E402

# --- hand frequencies: docs/rules/figures.md
# ------------------------------------------------------------

CENSUS = {  # docs/rules/figures.md, typed in from the table
    "italian40": (91_390, {"Chorus": 10, "Fluxus": 840, "Supremus": 120, "Primero": 9_990,
                           "Numerus": 80_430}),
    "spanish48": (194_580, {"Chorus": 12, "Fluxus": 1_980, "Supremus": 144, "Primero": 20_724,
                            "Numerus": 171_720}),
    "french52": (270_725, {"Chorus": 13, "Fluxus": 2_860, "Supremus": 156, "Primero": 28_548,
                           "Numerus": 239_148}),
}


@pytest.mark.parametrize("deck", list(CENSUS))
def test_hand_frequencies_match_the_census_of_rules_section_11(deck: str) -> None:
    hands, by_class = CENSUS[deck]
    table = analysis.hand_frequencies("waks", deck=deck)
    assert table["class"].tolist() == ["Chorus", "Fluxus", "Supremus", "Primero", "Numerus"]
    assert dict(zip(table["class"], table["hands"], strict=True)) == by_class
    assert table["hands"].sum() == hands == math.comb(len(primero.get_pack(deck)), 4)
    assert table["probability"].sum() == pytest.approx(1.0)
    assert set(table["pack"]) == {deck}


def test_points_ranges_over_italian40_match_rules_section_2() -> None:
    table = analysis.hand_frequencies("waks").set_index("class")
    ranges = {c: (row.min_points, row.max_points) for c, row in table.iterrows()}
    assert ranges == {"Numerus": (20, 54), "Primero": (40, 81), "Supremus": (55, 55),
                      "Fluxus": (42, 70), "Chorus": (40, 84)}


def test_options_and_inverted_rankings_change_the_table() -> None:
    no_supremus = analysis.hand_frequencies("waks:supremus=false")
    assert "Supremus" not in set(no_supremus["class"])
    # the 120 Supremus hands become Numerus 55
    assert no_supremus.set_index("class").loc["Numerus", "hands"] == 80_430 + 120
    assert no_supremus["variant"].iloc[0] == "waks (supremus=false)"
    losing = analysis.hand_frequencies("losing")
    assert losing["class"].iloc[0] == "Numerus"  # strongest first, by the variant's order
    both = analysis.frequency_table(["waks", "waks:supremus=false"])
    assert len(both) == 9


# --- draw odds ---------------------------------------------------------------------------------

def test_one_card_flush_draw_from_three_suited_cards_is_7_in_36() -> None:
    # Independent reasoning: K Q J of hearts and the 2 of spades; the 2 is thrown. 4 cards are
    # seen, so 36 unseen cards remain, each equally likely. The hearts are 10 in the pack,
    # 3 are held: 7 hearts unseen make a flush. No Chorus is possible (three ranks differ).
    dist = analysis.draw_distribution("Kh Qh Jh 2s", "2s")
    assert (dist.total, dist.unseen, dist.drawn) == (36, 36, 1)
    assert dist.probability("Fluxus") == Fraction(7, 36)
    assert dist.probability("Numerus") == Fraction(29, 36)
    table = analysis.draw_odds("Kh Qh Jh 2s", "2s").set_index("class")
    assert table.loc["Fluxus", "draws"] == 7
    assert table.loc["Fluxus", "probability"] == pytest.approx(7 / 36)
    # a flush K Q J + one heart: 30 + 16/21/18/15/14/13/12 over the seven hearts
    assert table.loc["Fluxus", "min_points"] == 42 and table.loc["Fluxus", "max_points"] == 51
    assert table.loc["Fluxus", "mean_points"] == pytest.approx(30 + (16+21+18+15+14+13+12) / 7)
    assert table.attrs["total"] == 36


def test_completing_a_primero_from_three_suits_by_drawing_one_is_10_in_36() -> None:
    # Independent reasoning: 7s 6h Ad hold three suits; the Kd (a second diamond) is thrown.
    # A Primero needs a club: all 10 clubs are unseen among the 36 unseen cards. No Chorus (the
    # ranks differ) and no Supremus (7, 6, A are of three suits).
    dist = analysis.draw_distribution("7s 6h Ad Kd", "Kd")
    assert dist.probability("Primero") == Fraction(10, 36)
    detail = analysis.draw_odds("7s 6h Ad Kd", "Kd", detail=True)
    primero_rows = detail[detail["class"] == "Primero"]
    # 7 + 6 + A = 55, plus the club: A 16, 2 12, 3 13, 4 14, 5 15, 6 18, 7 21, J Q K 10 each
    assert dict(zip(primero_rows["points"], primero_rows["draws"], strict=True)) == {
        76: 1, 73: 1, 71: 1, 70: 1, 69: 1, 68: 1, 67: 1, 65: 3}
    assert detail["draws"].sum() == 36


def test_partial_hands_draw_the_rest_and_dead_cards_are_out() -> None:
    # Two hearts after round 1: the second deal's two cards are both hearts in C(8,2) of the
    # C(38,2) ways.
    assert analysis.draw_distribution("Kh Qh").probability("Fluxus") == Fraction(28, 703)
    # Knowing two hearts are elsewhere leaves 5 of 34.
    dist = analysis.draw_distribution("Kh Qh Jh 2s", "2s", dead="Ah 7h")
    assert dist.probability("Fluxus") == Fraction(5, 34)


def test_draw_odds_against_a_brute_force_oracle() -> None:
    # The mean points after throwing the Kd, by the independent oracle over the 36 cards.
    hand = ["7s", "6h", "Ad"]
    held = {(7, 0), (6, 1), (1, 2), (13, 2)}
    unseen = [(r, s) for s in range(4) for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
              if (r, s) not in held]
    oracle_points = [classify(((7, 0), (6, 1), (1, 2), card))[1] for card in unseen]
    dist = analysis.draw_distribution(" ".join([*hand, "Kd"]), "Kd")
    assert dist.expected_points() == Fraction(sum(oracle_points), len(oracle_points))


def test_bad_draws_are_refused() -> None:
    with pytest.raises(InvalidDeckError, match="not in the hand"):
        analysis.draw_distribution("Kh Qh Jh 2s", "3s")
    with pytest.raises(InvalidDeckError, match="duplicate"):
        analysis.draw_distribution("Kh Kh Jh 2s", "2s")
    with pytest.raises(InvalidDeckError, match="at most 4"):
        analysis.draw_distribution("Kh Qh Jh 2s 3s", "2s")
    with pytest.raises(InvalidDeckError, match="dead card"):
        analysis.draw_distribution("Kh Qh Jh 2s", "2s", dead="Kh")


# --- best exchange -----------------------------------------------------------------------------

def test_best_exchange_for_a_flush_draw() -> None:
    table = analysis.best_exchange("Kh Qh Jh 2s", criterion="class", target="Fluxus")
    assert len(table) == 16  # every subset of four cards
    assert table["discard"].iloc[0] == "2s"
    assert table["score"].iloc[0] == pytest.approx(7 / 36)
    assert table["p_Fluxus"].iloc[0] == pytest.approx(7 / 36)
    # standing pat can never make a flush
    assert table.set_index("discard").loc["", "score"] == 0


def test_best_exchange_by_expected_points_and_by_beating_a_hand() -> None:
    options = analysis.exchange_options("7s 6h Ad Kd")
    scores = [o.score for o in options]
    assert scores == sorted(scores, reverse=True)
    by_discard = {" ".join(c.ascii for c in o.discard): o.score for o in options}
    assert by_discard["Kd"] == analysis.draw_distribution("7s 6h Ad Kd", "Kd").expected_points()
    # Beat 7h 6c 5c Kc, a Numerus 43 (6 + 5 + K of clubs). Its four cards are dead, so 32
    # cards are unseen. Throwing the Kd, only a club wins: 7s 6h Ad + club is a Primero;
    # any other card makes at best 7s + a spade (21 + 18 = 39) or Ad + 7d (37). Clubs unseen:
    # 10 less the target's 3 = 7.
    table = analysis.best_exchange("7s 6h Ad Kd", criterion="beat", target="7h 6c 5c Kc")
    assert table.set_index("discard").loc["Kd", "score"] == pytest.approx(7 / 32)
    assert table["score"].iloc[0] == table["score"].max()
    assert table.attrs["criterion"] == "beat"
    with pytest.raises(PrimeroError, match="criterion"):
        analysis.best_exchange("7s 6h Ad Kd", criterion="luck")
    with pytest.raises(PrimeroError, match="unknown hand class 'Flush'; the classes of waks "
                                           "are Chorus, Fluxus, Supremus, Primero, Numerus"):
        analysis.best_exchange("7s 6h Ad Kd", criterion="class", target="Flush")
    with pytest.raises(PrimeroError, match="needs a target class"):
        analysis.best_exchange("7s 6h Ad Kd", criterion="class")
    with pytest.raises(InvalidDeckError, match="shares"):
        analysis.best_exchange("7s 6h Ad Kd", criterion="beat", target="7s 6c 5c Kc")


# --- showdown odds -----------------------------------------------------------------------------

def oracle_card(card: primero.Card) -> tuple[int, int]:
    return int(card.rank), int(card.suit)


def brute_force_showdown(hands: list[str], dead: str) -> tuple[list[Fraction], list[Fraction]]:
    """Walk every deal of the missing cards with the oracle: (win with eldest ties, outright)."""
    known = [[oracle_card(c) for c in primero.parse_cards(h)] for h in hands]
    out = {c for h in known for c in h} | {oracle_card(c) for c in primero.parse_cards(dead)}
    unseen = [(r, s) for s in range(4) for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
              if (r, s) not in out]
    n = len(hands)
    wins, alone, total = [0] * n, [0] * n, 0

    def walk(i: int, free: list[tuple[int, int]], values: list[tuple[float, int]]) -> None:
        nonlocal total
        if i == n:
            total += 1
            top = max(values)
            holders = [k for k, v in enumerate(values) if v == top]
            wins[holders[0]] += 1
            if len(holders) == 1:
                alone[holders[0]] += 1
            return
        for extra in combinations(free, 4 - len(known[i])):
            rest = [c for c in free if c not in extra]
            walk(i + 1, rest, [*values, strength(classify(tuple(known[i]) + extra))])

    walk(0, unseen, [])
    return [Fraction(w, total) for w in wins], [Fraction(a, total) for a in alone]


def dead_for(hands: list[str], unseen: str) -> str:
    """Every card of the pack that is neither known nor among ``unseen``."""
    kept = {c for h in hands for c in primero.parse_cards(h)} | set(primero.parse_cards(unseen))
    return " ".join(c.ascii for c in primero.ITALIAN40 if c not in kept)


# Few unseen cards, so that the oracle can walk every deal.
@pytest.mark.parametrize(("hands", "unseen"), [
    # three players, two cards each: the counting method (two other families)
    (["7h 6h", "Ks Qs", "Ad Ac"], "As 7s 7d 6s 6d Qh Qd Kc"),
    # four players after round 1: the counting method (three other families)
    (["7h 6h", "Ks Qs", "Ad Ac", "7c 6c"], "As 7s 7d 6s 6d Qh Qd Kc Kd"),
    # a full hand and a one-card hand: the walk
    (["7h 6h", "Ks Qs Kd Kh", "Ad"], "As 7s 7d 6s 6d Qh Qd Kc"),
    # four players, one of them with a full hand: the counting method, two other families
    # and a fixed hand's factor, the full hand in the middle (ties to the eldest both ways)
    (["7h 6h", "Ks Qs", "Ad Ac Kd Kh", "7c 6c"], "As 7s 7d 6s 6d Qh Qd Kc 5h"),
    # three players in a pack of ties: every pair of faces is worth the same
    (["Kh Qh", "Ks Qs", "Kd Qd"], "Jh Js Jd Jc Kc Qc 2h"),
])
def test_showdown_odds_match_a_brute_force_walk(hands: list[str], unseen: str) -> None:
    dead = dead_for(hands, unseen)
    odds = analysis.showdown_probabilities(hands, dead=dead)
    win, outright = brute_force_showdown(hands, dead)
    assert list(odds.win) == win
    assert list(odds.outright) == outright
    assert sum(odds.win) == 1
    table = analysis.showdown_odds(hands, dead=dead, names=[f"X{i}" for i in range(len(hands))])
    assert table["player"].tolist() == [f"X{i}" for i in range(len(hands))]
    assert table["win"].tolist() == pytest.approx([float(w) for w in win])
    assert table.attrs["outcomes"] == odds.outcomes


def test_showdown_odds_after_round_one_with_four_players_from_the_whole_pack() -> None:
    odds = analysis.showdown_probabilities(["7h 6h", "Ks Qs", "5d 4c", "Ac 2d"])
    # 32 unseen cards, two to each player in turn
    assert odds.outcomes == math.comb(32, 2) * math.comb(30, 2) * math.comb(28, 2) * \
        math.comb(26, 2)
    assert sum(odds.win) == 1
    assert all(w >= o for w, o in zip(odds.win, odds.outright, strict=True))
    assert odds.win[0] == max(odds.win)  # two suited 7 and 6: the best start
    # the eldest wins every tie it is part of; the last player none
    assert odds.win[3] == odds.outright[3]
    assert odds.win[0] == odds.outright[0] + odds.tie[0]


def test_showdown_odds_refuse_what_cannot_be_counted() -> None:
    with pytest.raises(PrimeroError, match="at least two"):
        analysis.showdown_probabilities(["7h 6h"])
    with pytest.raises(InvalidDeckError, match="duplicate"):
        analysis.showdown_probabilities(["7h 6h", "7h 5d"])
    with pytest.raises(PrimeroError, match="max_outcomes"):
        analysis.showdown_probabilities(["7h", "Ks", "5d"], max_outcomes=1000)



def test_showdown_odds_refuse_one_text_for_the_hands_naming_it() -> None:
    # a bare string is a sequence of characters: it used to fail as "unknown card '7'"
    with pytest.raises(PrimeroError, match=r"hands is one text '7h 6h': give a list of hands"):
        analysis.showdown_odds("7h 6h")  # type: ignore[arg-type]


@pytest.mark.parametrize("names", [["Anna"], ["Anna", "Ben", "Carla"]])
def test_showdown_odds_refuse_names_not_one_per_hand(names: list[str]) -> None:
    # one name too few used to raise a bare IndexError; one too many was silently dropped
    with pytest.raises(PrimeroError, match=f"{len(names)} names for 2 hands"):
        analysis.showdown_odds(["7h 6h 5h 4h", "Ks Qs Js 2s"], names=names)
    with pytest.raises(PrimeroError, match="names is one text 'AB'"):
        analysis.showdown_odds(["7h 6h 5h 4h", "Ks Qs Js 2s"], names="AB")


def test_two_cards_drawn_match_the_oracle_for_every_draw() -> None:
    # Two hearts after round 1 with many cards known dead: every second deal, classified by
    # the independent oracle, grouped by (class, points).
    hand, dead = "Kh Qh", "As 7s 7d 6s 6d Qd Kc 2c 3c 4c 5c 6c 7c Ac Jc Qc"
    out = {oracle_card(c) for c in primero.parse_cards(f"{hand} {dead}")}
    unseen = [c for c in oracle_pack() if c not in out]
    expected: dict[tuple[str, int], int] = {}
    for extra in combinations(unseen, 2):
        value = classify(((13, 1), (12, 1), *extra))
        expected[value] = expected.get(value, 0) + 1
    dist = analysis.draw_distribution(hand, dead=dead)
    assert dist.total == math.comb(len(unseen), 2)
    assert {(o.hand_class, o.points): o.count for o in dist.outcomes} == expected
    keys = [strength(v) for v in ((o.hand_class, o.points) for o in dist.outcomes)]
    assert keys == sorted(keys, reverse=True)  # best first


def oracle_pack() -> list[tuple[int, int]]:
    return [(r, s) for s in range(4) for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)]


def test_analysis_reads_the_compact_tables_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in primero.analysis builds the 0.1 one-object-per-hand table."""
    def refuse(self: primero.Ranking) -> None:
        raise AssertionError("analysis asked for Ranking.table")

    monkeypatch.setattr(primero.Ranking, "table", property(refuse))
    for name in ("waks", "losing"):
        ranking = primero.get_variant(name).ranking
        analysis.fewer_points_better(ranking)
        analysis.class_order(ranking)
        analysis.hand_frequencies_counts(name)
        analysis.exchange_options("Kh Qh Jh 2s", name, criterion="class", target="Fluxus")
        analysis.exchange_options("Kh Qh Jh 2s", name, criterion="beat", target="7s 6c 5c Kc")
        analysis.showdown_probabilities(["7h 6h", "Ks Qs", "Ad Ac"], name)
        analysis.showdown_probabilities(["7h 6h", "Ks Qs Kd Kh", "Ad"], name,
                                        dead="As 7s 7d 6s 6d Qh Qd Kc 2s 2c 3c 3d 4d")
        assert analysis.p_class_among_hands(name, "Chorus", 1) == Fraction(10, 91_390)


# --- fact-check of the rule sheets' tips -------------------------------------------------------

def test_fact_check_against_independent_figures() -> None:
    table = analysis.fact_check()
    exact = dict(zip(table["reading"], table["exact"], strict=True))
    hands = math.comb(40, 4)  # 91,390
    # One hand: 10 Choruses (one per rank) among 91,390 hands.
    chorus_one = Fraction(10, hands)
    assert chorus_one == Fraction(1, 9139)
    # Four hands: inclusion–exclusion. k given players all holding a Chorus: the k Choruses
    # are of k different ranks, 10·9·…·(10-k+1) ways, out of C(40,4)·C(36,4)·… deals.
    four = Fraction(0)
    for k in range(1, 5):
        ways = math.perm(10, k)
        deals = math.prod(math.comb(40 - 4 * i, 4) for i in range(k))
        four += (-1) ** (k + 1) * math.comb(4, k) * Fraction(ways, deals)
    # Sixteen cards holding all four of some rank, inclusion–exclusion over the ranks.
    sixteen = sum((-1) ** (k + 1) * math.comb(10, k)
                  * Fraction(math.comb(40 - 4 * k, 16 - 4 * k), math.comb(40, 16))
                  for k in range(1, 5))
    expected = {
        "one given player's four cards are a Chorus": chorus_one,
        "at least one of four hands dealt from 40 cards is a Chorus": four,
        "the 16 cards dealt to four players hold all four of some rank (not necessarily in one "
        "hand)": sixteen,
        # 7 hearts among 36 unseen
        "three of a suit held, the odd card thrown, one card drawn (36 unseen)": Fraction(7, 36),
        # both new cards among the 8 unseen hearts: C(8,2) of C(36,2)
        "two of a suit held, two cards thrown, both cards drawn of the suit": Fraction(28, 630),
        # C(8,2) of C(38,2)
        "two of a suit after round 1 (Waks), both cards of the second deal of the suit (38 "
        "unseen)": Fraction(28, 703),
    }
    assert {k: Fraction(v) for k, v in exact.items()} == expected
    assert 1 / four == pytest.approx(2285.27, abs=0.01)  # "once in 100 deals": 23× too often
    chorus = table[table["claimed"] == 0.01]
    assert (chorus["one_in"] > 100).sum() == 2
    flush = table[table["claimed"] == 0.1].set_index("reading")
    assert flush["one_in"].tolist() == pytest.approx([36 / 7, 22.5, 703 / 28])


def test_chorus_among_hands_generalises() -> None:
    # Supremus: 120 hands; two players both with one is impossible to miss in the count
    one = analysis.p_class_among_hands("waks", "Supremus", 1)
    assert one == Fraction(120, 91_390)
    with pytest.raises(PrimeroError, match="unknown hand class"):
        analysis.p_class_among_hands("waks", "Flush", 2)
    with pytest.raises(PrimeroError, match="do not fit"):
        analysis.p_class_among_hands("waks", "Chorus", 11)


# --- simulation tables, comparison, plots ------------------------------------------------------

@pytest.fixture(scope="module")
def comparison() -> analysis.Comparison:
    return compare(["waks", "waks:supremus=false", "losing"], deals=30, seed=1,
                   agents="random", progress=False)


def test_simulation_tables(comparison: analysis.Comparison) -> None:
    deals = analysis.deal_table(comparison)
    assert len(deals) == 90
    assert {"variant", "deal", "seed", "pot", "showdown", "winners", "winning_class", "carry",
            "net_0", "net_3"} <= set(deals.columns)
    assert deals.groupby("variant")["seed"].apply(tuple).nunique() == 1  # same seeds
    net = deals[[f"net_{i}" for i in range(4)]].sum(axis=1)
    assert (net == deals["carry_in"] - deals["carry"]).all()  # chips conserved
    seats = analysis.seat_table(comparison)
    assert len(seats) == 12
    summaries = {s.variant: s for s in comparison.summaries()}
    for row in seats.itertuples():
        assert row.win_share == summaries[row.variant].win_share[row.seat]
    classes = analysis.class_table(comparison)
    assert set(classes["variant"]) == set(comparison.labels)
    summary = analysis.summary_table(comparison)
    assert summary["variant"].tolist() == comparison.labels
    for row in summary.itertuples():
        s = summaries[row.variant]
        assert (row.deals, row.showdowns, row.carried_over) == (s.deals, s.showdowns,
                                                                 s.carried_over)
        assert row.mean_pot == s.mean_pot
    one = analysis.summary_table(comparison.simulations[0])
    assert len(one) == 1


def test_compare_variants_is_one_tidy_table_for_every_registered_variant() -> None:
    # every variant that seats the default four (the toy is heads-up only)
    names = [n for n in primero.registry().names() if primero.get_variant(n).spec.players[1] >= 4]
    assert len(names) >= 10
    table = analysis.compare_variants(names, deals=3, seed=2, agents="random", progress=False)
    assert table["variant"].tolist() == names
    assert (table["deals"] == 3).all()
    share = table[[f"win_share_{i}" for i in range(4)]].sum(axis=1)
    assert share.round(9).isin([0.0, 1.0]).all()


def test_plots_are_figures_saved_as_png(comparison: analysis.Comparison, tmp_path: Path) -> None:
    from matplotlib.figure import Figure

    figures = {
        "classes": analysis.plot_class_frequencies(["waks", "losing"]),
        "winning": analysis.plot_winning_classes(comparison),
        "share": analysis.plot_win_share(comparison),
        "pots": analysis.plot_pot_sizes(comparison.simulations[0]),
        "all": analysis.plot_comparison(comparison),
    }
    for name, fig in figures.items():
        assert isinstance(fig, Figure)
        path = tmp_path / f"{name}.png"
        fig.savefig(path)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert path.stat().st_size > 10_000
    assert len(figures["all"].axes) == 3
    assert [ax.get_title() for ax in figures["all"].axes] == [
        "Winning class, every deal won (95 % intervals)",
        "Win share by seat (95 % intervals)", "Pot sizes"]
    assert "random agents" in figures["all"]._suptitle.get_text()
    assert figures["share"].axes[0].get_title() == \
        "Win share by seat (random agents, 95 % intervals)"
    labels = [t.get_text() for t in figures["share"].axes[0].get_xticklabels()]
    assert labels == ["seat 0 (eldest)", "seat 1", "seat 2", "seat 3 (dealer)"]


def test_simulation_tables_refuse_other_things() -> None:
    with pytest.raises(TypeError, match="Simulation or a Comparison"):
        analysis.deal_table("waks")  # type: ignore[arg-type]


# --- the notebook --------------------------------------------------------------------------------

NOTEBOOK = ROOT / "examples" / "compare_variants.ipynb"


@pytest.mark.slow  # about 5 s of CPU: a kernel runs the whole notebook
def test_the_comparison_notebook_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # the kernel inherits these: a quick run
    monkeypatch.setenv("PRIMERO_NOTEBOOK_DEALS", "40")
    monkeypatch.setenv("PRIMERO_NOTEBOOK_AGENTS", "random,heuristic")
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code"
               for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)  # plots drawn
    assert any("text/html" in o.get("data", {}) for o in outputs)  # tables shown
    html = "\n".join(o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {}))
    assert "ci_low" in html and "duplicate" in html and "random, heuristic" in html
    # the winning classes in rank order, "unseen" last; readings whole; no RULES.md citation
    ranked = [html.index(f"<th>{c}</th>") for c in ("Chorus", "Fluxus", "Supremus", "Primero",
                                                       "Numerus", "unseen")]
    assert ranked == sorted(ranked)
    assert "the 16 cards dealt to four players hold all four of some rank (not necessarily " \
        "in one hand)" in html
    assert "RULES.md" not in NOTEBOOK.read_text("utf-8")


def test_simulation_is_reexported_for_notebooks() -> None:
    assert analysis.Simulation is not None and analysis.compare is compare
    assert simulate is not None


# --- new-user findings 3 and 7 -----------------------------------------------------------------

def test_expected_points_rank_fewest_first_under_the_inverted_losing_ranking() -> None:
    """In losing Primero fewer points are better, so the ranking goes upwards.

    Oracle for K♥ Q♥ J♥ 2♠ throwing one heart (36 unseen, one card drawn; every result is a
    Numerus, its points the best suit): the 7 unseen hearts (A 2 3 4 5 6 7: 16 12 13 14 15 18
    21, sum 109) give 20 + v, total 249; the 9 unseen spades give max(20, 12 + v): A 28, 3 25,
    4 26, 5 27, 6 30, 7 33, J Q K 22 each, total 235; the 20 clubs and diamonds give 20 each,
    400. Mean (249 + 235 + 400) / 36 = 221/9 ≈ 24.56, below standing pat's 30 (K Q J of hearts).
    """
    losing = analysis.exchange_options("Kh Qh Jh 2s", "losing")
    assert [o.discard for o in losing[:3]] == [primero.parse_cards(c) for c in ("Jh", "Qh", "Kh")]
    assert losing[0].score == Fraction(221, 9)
    assert losing[0].distribution.probability("Numerus") == 1
    scores = [o.score for o in losing]
    assert scores == sorted(scores)  # fewest expected points first
    pat = next(o for o in losing if not o.discard)
    assert pat.score == 30
    assert all(o.score < 30 for o in losing[:losing.index(pat)])
    # the failing input of the report: best_exchange put Kh Qh Jh 2s (34.46 points) first
    table = analysis.best_exchange("Kh Qh Jh 2s", variant="losing")
    assert table["discard"].iloc[0] == "Jh" and table["discard"].iloc[-1] == "Kh Qh Jh 2s"
    assert table.attrs["fewer_points_better"] is True
    # the same hand in waks: more points first, and throwing all four is the top (34.46)
    waks = analysis.best_exchange("Kh Qh Jh 2s")
    assert waks["discard"].iloc[0] == "Kh Qh Jh 2s"
    assert list(waks["expected_points"]) == sorted(waks["expected_points"], reverse=True)
    assert waks.attrs["fewer_points_better"] is False


def test_the_points_direction_comes_from_the_ranking_keys_not_the_name() -> None:
    # Hands of one class and different points, compared by the ranking itself.
    low_cards, high_cards = primero.parse_cards("Ks Qh Jd 2c"), primero.parse_cards("7s 6h Ad Kc")
    for name in primero.registry().names():
        ranking = primero.get_variant(name).ranking
        if not set(low_cards + high_cards) <= set(ranking.pack):  # the toy's ten cards
            low_cards_, high_cards_ = (primero.parse_cards("7s 6d Ah 5c"),  # Primero 67
                                       primero.parse_cards("As 6d 7h 6c"))  # Primero 73
        else:
            low_cards_, high_cards_ = low_cards, high_cards
        low = ranking.evaluate(low_cards_)  # e.g. Primero 42
        high = ranking.evaluate(high_cards_)  # e.g. Primero 65
        assert low.hand_class == high.hand_class and low.points < high.points, name
        assert analysis.fewer_points_better(ranking) is (high.key < low.key), name
    assert analysis.fewer_points_better(primero.get_variant("losing").ranking)
    assert not analysis.fewer_points_better(primero.get_variant("waks").ranking)


def test_an_unknown_class_is_an_error_and_any_case_matches() -> None:
    """Probability("Foo") and probability("fluxus") both returned 0."""
    dist = analysis.draw_distribution("Kh Qh Jh 2s", discard="2s")
    assert dist.probability("fluxus") == dist.probability("FLUXUS") == Fraction(7, 36)
    with pytest.raises(PrimeroError, match="unknown hand class 'Foo'; the classes of waks are "
                                           "Chorus, Fluxus, Supremus, Primero, Numerus"):
        dist.probability("Foo")
    lower = analysis.exchange_options("Kh Qh Jh 2s", criterion="class", target="fluxus")
    upper = analysis.exchange_options("Kh Qh Jh 2s", criterion="class", target="Fluxus")
    assert [(o.discard, o.score) for o in lower] == [(o.discard, o.score) for o in upper]
    assert lower[0].score == Fraction(7, 36)
    # 10 Choruses among the C(40, 4) = 91,390 hands
    assert analysis.p_class_among_hands("waks", "chorus", 1) == Fraction(10, 91_390)
    with pytest.raises(PrimeroError, match="unknown hand class 'Flush'"):
        analysis.p_class_among_hands("waks", "Flush", 1)
    with pytest.raises(PrimeroError, match="not 'points'"):
        analysis.exchange_options("Kh Qh Jh 2s", target="Fluxus")
