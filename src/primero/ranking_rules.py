"""The ranking half of a variant's checked rules: its pack, card points and ranking.

:class:`RankingRules` is the base of :class:`primero.facade.Rules`: the hooks that build a
variant's :class:`~primero.hands.Ranking` (``primero_pack``, ``primero_card_points``,
``primero_hand_classes``, ``primero_classify_hand``, ``primero_hand_order``), each answer
checked where it is received (:mod:`primero.ranking_checks`). A ranking needs no deal code:
a census in a fresh process imports none (issue 13). Rankings are shared between variants of
the same name, rule objects and ranking options (RULES.md §2: the ranking is the variant's).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, cast

from primero import ranking_checks
from primero.hands import Classification, Ranking

if TYPE_CHECKING:
    from primero.cards import Card, Pack
    from primero.errors import PluginError
    from primero.hook_callers import Caller
    from primero.variant import Variant

__all__ = ["RankingRules"]

#: Rankings by (variant name, rule objects, ranking options): see :attr:`RankingRules.ranking`.
_ranking_cache: dict[tuple[object, ...], Ranking] = {}
#: Guards both caches of rules (this one and ``primero.facade``'s rules by variant).
_lock = threading.Lock()


class RankingRules:
    """The ranking hooks of a configured variant, checked (the base of ``Rules``).

    The subclass provides the variant, its rule objects, its hook callers and the two
    methods that call a hook and word a fault.
    """

    variant: Variant
    _plugins: tuple[object, ...]
    _callers: dict[str, Caller]
    _pack: Pack | None
    _ranking: Ranking | None

    def _call(self, name: str, **kwargs: Any) -> tuple[Any, object]:
        raise NotImplementedError

    def _fault(self, hook: str, plugin: object, problem: str) -> PluginError:
        raise NotImplementedError

    @property
    def pack(self) -> Pack:
        """The variant's pack (``primero_pack``), cached."""
        if self._pack is None:
            pack, plugin = self._call("primero_pack")
            problem = ranking_checks.pack_problem(pack)
            if problem is not None:
                raise self._fault("primero_pack", plugin, problem)
            self._pack = pack
        return self._pack

    def card_points(self, card: Card) -> int:
        """Points of one card (``primero_card_points``)."""
        points, plugin = self._call("primero_card_points", card=card)
        problem = ranking_checks.points_problem(points)
        if problem is not None:
            raise self._fault("primero_card_points", plugin, f"for {card.ascii} {problem}")
        return int.__index__(cast(int, points))  # a plain int, whatever int subclass came

    @property
    def ranking(self) -> Ranking:
        """The variant's :class:`~primero.hands.Ranking` (table built lazily), cached.

        Variants of the same name whose rule objects are the same and whose ranking options
        agree share one ranking (options declared ``affects_ranking=False`` do not count);
        its name is the variant's and its ranking options that differ from the defaults
        (``"waks (supremus=false)"``), whichever of them built it. Another variant with the
        same rule objects (a plug-in built from a built-in's) has its own ranking, named
        after itself. The ranking is built outside any lock, so its hooks may themselves
        look variants up.
        """
        if self._ranking is None:
            settings = self._ranking_settings()
            key = (self.variant.name, self._plugins, settings)
            ranking = _ranking_cache.get(key)
            if ranking is None:
                built = self._build_ranking()
                with _lock:
                    ranking = _ranking_cache.setdefault(key, built)
            self._ranking = ranking
        return self._ranking

    def _ranking_settings(self) -> tuple[tuple[str, object], ...]:
        """The variant's options that affect its ranking, as ``(name, value)`` pairs."""
        variant = self.variant
        affects = {o.name: o.affects_ranking for o in variant.spec.options}
        return tuple((k, v) for k, v in variant.settings if affects.get(k, True))

    def _build_ranking(self) -> Ranking:
        name = _ranking_name(self.variant, self._ranking_settings())
        pack = self.pack
        points = {card: self.card_points(card) for card in pack}
        classes, plugin = self._call("primero_hand_classes")
        problem = ranking_checks.classes_problem(classes)
        if problem is not None:
            raise self._fault("primero_hand_classes", plugin, problem)
        classify_caller = self._callers["primero_classify_hand"]
        order_caller = self._callers["primero_hand_order"]
        variant = self.variant
        fault = self._fault

        def classify(hand: tuple[Card, ...]) -> Classification:
            result, plugin = classify_caller(cards=hand, points=points)
            problem = ranking_checks.classification_problem(result, hand, classes)
            if problem is not None:
                cards = " ".join(c.ascii for c in hand)
                raise fault("primero_classify_hand", plugin, f"for {cards} {problem}")
            return cast(Classification, result)

        def order(classification: Classification) -> tuple[int, ...]:
            key, plugin = order_caller(classification=classification, classes=classes)
            problem = ranking_checks.order_problem(key)
            if problem is not None:
                raise fault("primero_hand_order", plugin, problem)
            return cast(tuple[int, ...], key)

        return Ranking(
            name=name, pack=pack, classes=classes, points=points,
            classify=classify, order=order, variant=variant,
        )


def _ranking_name(variant: Variant, settings: tuple[tuple[str, object], ...]) -> str:
    """A shared ranking's name: the variant's, with its ranking options off their defaults."""
    changed = [f"{k}={_shown_option(v)}" for k, v in settings
               if v != variant.spec.option(k).default]
    return f"{variant.name} ({', '.join(changed)})" if changed else variant.name


def _shown_option(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
