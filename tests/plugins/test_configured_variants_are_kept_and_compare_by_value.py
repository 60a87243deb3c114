"""The same variant name and options give the same variant object; nothing compares by identity.

``get_variant`` keeps what it configures (the engine's per-variant caches are found again by a
deal started by the variant's name), ``clear_caches`` forgets it, and what was equal stays
equal: variants by spec and settings, rankings by variant name, rule objects and ranking
options, hand values and states by those. The regression: a deal played to its showdown,
the caches cleared, then the deal replayed from its record, must give an equal state.
"""

from __future__ import annotations

import itertools
import pickle
import threading

import pytest

import oracle
from primero import InvalidOptionError, Variant, get_variant, start_deal
from primero.actions import Fold, Hold, Vie
from primero.cards import parse_cards
from primero.deal.state import GameState
from primero.plugins.registry import clear_caches
from primero.records import record_from_state, replay
from primero.variant import MADE_KEPT


def _pair(text: str) -> tuple[int, int]:
    """A card's text (``"10h"``, ``"Ks"``) as the oracle's ``(rank, suit)``."""
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    return ranks.get(text[:-1]) or int(text[:-1]), "shdc".index(text[-1])


def _showdown(variant: Variant | str, seed: int) -> GameState:
    """A three-player deal played to its showdown: each seat holds, else vies, else passes."""
    state = start_deal(variant, ["Anna", "Ben", "Cleo"], 50, seed=seed)
    while not state.over:
        legal = state.legal_actions()
        state = state.apply(next((a for kind in (Hold, Vie) for a in legal
                                  if isinstance(a, kind)),
                                 next(a for a in legal if not isinstance(a, Fold))))
    return state


def test_the_same_name_and_options_give_the_same_variant() -> None:
    assert get_variant("waks") is get_variant("waks") is get_variant("WAKS")
    assert get_variant("waks", supremus=False) is get_variant("waks", supremus=False)
    assert get_variant("waks", supremus=True) is get_variant("waks")  # the default spelt out
    assert get_variant("waks").with_options(supremus=False) is get_variant("waks",
                                                                           supremus=False)


def test_every_spelling_gives_one_object_after_many_other_configurations() -> None:
    # configure keeps the last MADE_KEPT variants; the registry's look-up by name keeps its
    # own: once configure has forgotten a variant the registry still gives, another spelling
    # (configured again) must still give that same object
    first = get_variant("waks")
    spec = first.spec
    made = {spec.configure(supremus=a, chorus=b, high_primero_beats_fluxus=c,
                           tie=("eldest", "split")[d], numerus_counts=("best_suit", "all")[e],
                           play_direction=("clockwise", "counter-clockwise")[f],
                           deal_passes=("with_play", "against_play")[g],
                           deck=("spanish48", "french52")[h]).settings
            for a, b, c, d, e, f, g, h in itertools.product((False, True), repeat=8)}
    assert len(made) == 256 == MADE_KEPT  # none of them the defaults (the deck is another)
    assert get_variant("waks") is first
    assert get_variant("wAkS") is first  # spellings no test asked for before
    assert get_variant("Waks", chorus=True, tie="eldest") is first


def test_other_options_or_another_variant_give_another_unequal_variant() -> None:
    assert get_variant("waks", supremus=False) != get_variant("waks")
    assert get_variant("cardano") != get_variant("waks")


def test_an_option_value_of_another_type_is_not_taken_for_a_kept_one() -> None:
    get_variant("waks", supremus=True)
    with pytest.raises(InvalidOptionError, match="option 'supremus': bad value 1"):
        get_variant("waks", supremus=1)  # 1 == True, but an int is no switch
    get_variant("revival", rounds=1)
    with pytest.raises(InvalidOptionError, match="option 'rounds': bad value true"):
        get_variant("revival", rounds=True)


def test_an_unhashable_option_value_is_refused_as_a_bad_value() -> None:
    with pytest.raises(InvalidOptionError, match=r"option 'tie': bad value \['split'\]"):
        get_variant("waks", tie=["split"])


class _Text(str):
    """A plug-in's own text class that does not hash."""

    __hash__ = None  # type: ignore[assignment]


def test_an_option_value_of_a_text_subclass_is_kept_as_plain_text() -> None:
    made = get_variant("waks", tie=_Text("split"))
    assert made.option("tie") == "split" and type(made.option("tie")) is str
    assert made is get_variant("waks", tie="split")
    assert hash(made) == hash(get_variant("waks", tie="split"))


def test_a_variant_made_by_hand_equals_the_kept_one_and_hashes_alike() -> None:
    kept = get_variant("primiera")
    by_hand = Variant(spec=kept.spec, settings=kept.settings)
    assert by_hand is not kept and by_hand == kept and hash(by_hand) == hash(kept)


def test_with_options_keeps_the_house_rules() -> None:
    class Rule:
        pass

    rule = Rule()
    base = get_variant("waks")
    housed = Variant(spec=base.spec, settings=base.settings, house_rules=(rule,))
    changed = housed.with_options(tie="split")
    assert changed.house_rules == (rule,) and changed.option("tie") == "split"
    assert changed != get_variant("waks", tie="split")


def test_an_unpickled_variant_is_the_kept_one() -> None:
    kept = get_variant("waks", tie="split")
    assert pickle.loads(pickle.dumps(kept)) is kept


def test_threads_asking_at_once_get_one_object() -> None:
    clear_caches()
    barrier = threading.Barrier(8)
    got: list[Variant] = []

    def ask() -> None:
        barrier.wait()
        got.append(get_variant("suzuki"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 8 and all(v is got[0] for v in got)


def test_a_deal_started_by_name_plays_the_kept_variant() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 20, seed=3)
    assert state.variant is get_variant("waks")


def test_clear_caches_makes_a_new_equal_variant() -> None:
    before = get_variant("waks")
    assert before.ranking is before.ranking  # (built now)
    clear_caches()
    after = get_variant("waks")
    assert after is not before and after == before and hash(after) == hash(before)
    assert after.ranking is not before.ranking  # built again ...
    assert after.ranking == before.ranking and hash(after.ranking) == hash(before.ranking)


def test_a_state_equals_its_replay_after_the_caches_are_cleared() -> None:
    state = _showdown("waks", seed=0)
    values = state.settlement.values  # type: ignore[union-attr]
    assert len(values) == 3  # every seat shows down: the state holds three hand values
    for seat, value in values:  # each as the independent oracle classifies the hand
        assert (value.hand_class, value.points) == oracle.classify(
            tuple(_pair(card.ascii) for card in state.seats[seat].hand))
    assert replay(record_from_state(state)) == state
    clear_caches()
    again = replay(record_from_state(state))
    assert again.variant is not state.variant
    assert again.settlement == state.settlement and again == state
    assert hash(again.settlement) == hash(state.settlement)  # type: ignore[arg-type]


def test_a_hand_value_of_the_ranking_built_again_ties_and_hashes_alike() -> None:
    hand = parse_cards("7s 6h Ad Kc")
    first = get_variant("waks").ranking.evaluate(hand)
    clear_caches()
    second = get_variant("waks").ranking.evaluate(hand)
    assert first.ranking is not second.ranking
    assert first == second and hash(first) == hash(second) and first.ties(second)
    assert get_variant("waks").ranking.compare(first, second).step == "tie"


def test_values_of_rankings_that_differ_never_tie() -> None:
    hand = parse_cards("7s 6s As Kc")
    waks = get_variant("waks").ranking.evaluate(hand)
    plain = get_variant("waks", supremus=False).ranking.evaluate(hand)
    assert waks.ranking != plain.ranking
    assert (waks.label, plain.label) == ("Supremus 55", "Numerus 55")
    assert waks != plain


def test_the_kept_variants_are_bounded() -> None:
    first = get_variant("revival")
    for rounds in range(1, 4):
        for tie in ("eldest", "split"):
            for supremus in (False, True):
                for chorus in (False, True):
                    for numerus in ("best_suit", "all"):
                        for high in (False, True):
                            for exchange in (False, True):
                                for suits in ("one", "any"):
                                    get_variant("revival", rounds=rounds, tie=tie,
                                                supremus=supremus, chorus=chorus,
                                                numerus_counts=numerus,
                                                high_primero_beats_fluxus=high,
                                                exchange_first=exchange,
                                                supremus_suits=suits)
    assert MADE_KEPT < 3 * 2 ** 7
    again = get_variant("revival")
    assert again == first and again is not first  # the first one was let go
