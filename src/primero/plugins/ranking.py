"""The ranking half of the checked rules: a variant's ranking hooks, every answer checked.

:class:`RankingRules` calls the hooks that build a ranking (the pack, card points, classes,
classification and order of hands) through the variant's plug-in manager, checks each answer
where it is received and builds the :class:`~primero.hands.Ranking` they make, shared between
variants whose ranking is the same (:func:`clear_ranking_cache` forgets them). A fault is one
:class:`~primero.errors.PluginError` naming the plug-in, the hook, what it returned and what
was expected.

It is the base of both halves of a variant's rules: the façade
(:class:`primero.plugins.rules.Rules`, ``variant.rules``) and the deal half
(:class:`primero.plugins.deal.DealRules`), which shares the façade's ranking. A ranking needs
no deal code, so this module imports none.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, cast

from primero.cards import Card, Pack
from primero.errors import PluginError
from primero.hands import Classification, Ranking
from primero.plugins.manager import (
    RULES_HOOKS,
    Caller,
    int_not_bool,
    is_core,
    plugin_label,
    shown,
)

if TYPE_CHECKING:
    import pluggy

    from primero.variant import Variant

__all__ = ["RANKING_HOOKS", "RankingRules", "clear_ranking_cache"]

#: The hooks that build a ranking (the ranking half of the rules).
RANKING_HOOKS = ("primero_card_points", "primero_classify_hand", "primero_hand_classes",
                 "primero_hand_order", "primero_pack")


#: The most points a card or a classified hand may have: ranking tables hold 32-bit points.
MAX_POINTS = 2**31 - 1


def pack_problem(result: object) -> str | None:
    """``primero_pack``: a :class:`~primero.cards.Pack` of at least one card."""
    if not isinstance(result, Pack) or not len(result):
        return f"returned {shown(result)}; expected a Pack"
    return None


def points_problem(result: object) -> str | None:
    """``primero_card_points``: a whole number of points, not negative."""
    if not int_not_bool(result) or result < 0:  # type: ignore[operator]
        return f"returned {shown(result)}; expected a whole number of points (int >= 0)"
    if result > MAX_POINTS:  # type: ignore[operator]
        return f"returned {shown(result)}; expected at most {MAX_POINTS} points"
    return None


def classes_problem(result: object) -> str | None:
    """``primero_hand_classes``: a non-empty tuple of distinct class names."""
    if (not isinstance(result, tuple) or not result
            or not all(isinstance(c, str) and c for c in result)
            or len(set(result)) != len(result)):
        return f"returned {shown(result)}; expected a non-empty tuple of distinct class names"
    return None


def classification_problem(result: object, cards: tuple[Card, ...],
                           classes: tuple[str, ...]) -> str | None:
    """``primero_classify_hand``: a Classification of a class in the ranking, of these cards."""
    if not isinstance(result, Classification):
        return f"returned {shown(result)}; expected a Classification"
    if result.hand_class not in classes:
        return (f"returned the class {result.hand_class!r}; expected one of "
                f"{', '.join(classes)}")
    if not int_not_bool(result.points) or result.points < 0:
        return f"returned {shown(result.points)} points; expected a whole number (int >= 0)"
    if result.points > MAX_POINTS:
        return f"returned {shown(result.points)} points; expected at most {MAX_POINTS}"
    if not isinstance(result.counting, tuple) or not set(result.counting) <= set(cards):
        return (f"returned counting cards {shown(result.counting)}; expected cards of the "
                f"hand")
    return None


def order_problem(result: object) -> str | None:
    """``primero_hand_order``: a tuple of ints."""
    if not isinstance(result, tuple) or not all(int_not_bool(k) for k in result):
        return f"returned {shown(result)}; expected a tuple of ints"
    return None


#: Rankings by (variant name, rule objects, ranking options): see :attr:`RankingRules.ranking`.
_ranking_cache: dict[tuple[object, ...], Ranking] = {}
#: Guards the cache of rankings.
_lock = threading.Lock()


class RankingRules:
    """The ranking hooks of a configured variant, checked (the base of both halves of its rules).

    The subclass provides the variant, its rule objects, its hook callers and the two
    methods that call a hook and word a fault.
    """

    variant: Variant
    #: The plug-in manager whose hooks this half calls.
    hook_manager: pluggy.PluginManager
    _plugins: tuple[object, ...]
    _callers: dict[str, Caller]
    _pack: Pack | None
    _ranking: Ranking | None

    def _fault(self, hook: str, plugin: object, problem: str) -> PluginError:
        if is_core(plugin):  # the core is the library's tested code: look at the plug-ins
            suspects = self._suspects()
            if suspects:
                return PluginError(
                    f"plug-in {suspects}, hook {hook} (variant {self.variant.name!r}): "
                    f"{problem} (found in the core's answer: a plug-in's hook ran before it, "
                    "or changed a state in place)", plugin=suspects, hook=hook)
        label = plugin_label(plugin)
        return PluginError(f"plug-in {label}, hook {hook} (variant {self.variant.name!r}): "
                           f"{problem}", plugin=label, hook=hook)

    def _suspects(self) -> str:
        """The labels of the plug-ins that implement a rules hook ("" for the core alone)."""
        suspects = [i.plugin for name in RULES_HOOKS
                    for i in getattr(self.hook_manager.hook, name).get_hookimpls()
                    if not is_core(i.plugin)]
        return ", ".join(dict.fromkeys(plugin_label(p) for p in suspects))

    def _call(self, name: str, **kwargs: Any) -> tuple[Any, object]:
        result, plugin = self._callers[name](**kwargs)
        if result is None:
            raise self._unanswered(name)
        return result, plugin

    def _unanswered(self, name: str) -> PluginError:
        """The fault of a hook that ended with no answer: the wrappers around it, if any.

        The core answers every rules hook, so a ``None`` in the end comes from a wrapper
        (``@hookimpl(wrapper=True)``) that dropped the answer it was given.
        """
        wrappers = [i.plugin for i in getattr(self.hook_manager.hook, name).get_hookimpls()
                    if (i.wrapper or i.hookwrapper) and not is_core(i.plugin)]
        if not wrappers:
            return PluginError(f"variant {self.variant.name!r}: no plug-in answered {name}",
                               hook=name)
        label = ", ".join(dict.fromkeys(plugin_label(p) for p in wrappers))
        return PluginError(f"plug-in {label}, hook {name} (variant {self.variant.name!r}): "
                           "a wrapper returned None; expected it to return the answer it was "
                           "given, or another", plugin=label, hook=name)


    @property
    def pack(self) -> Pack:
        """The variant's pack (``primero_pack``), cached."""
        if self._pack is None:
            pack, plugin = self._call("primero_pack")
            problem = pack_problem(pack)
            if problem is not None:
                raise self._fault("primero_pack", plugin, problem)
            self._pack = pack
        return self._pack

    def card_points(self, card: Card) -> int:
        """Points of one card (``primero_card_points``)."""
        points, plugin = self._call("primero_card_points", card=card)
        problem = points_problem(points)
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
        look variants up. Its :attr:`~primero.hands.Ranking.identity` is that key: a ranking
        built again after :func:`clear_ranking_cache` equals the one it replaces.
        """
        if self._ranking is None:
            key = self._ranking_identity()
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

    def _ranking_identity(self) -> tuple[object, ...]:
        """What the ranking is: ``(variant name, rule objects, ranking options)``."""
        return (self.variant.name, self._plugins, self._ranking_settings())

    def _build_ranking(self) -> Ranking:
        name = _ranking_name(self.variant, self._ranking_settings())
        pack = self.pack
        points = {card: self.card_points(card) for card in pack}
        classes, classes_plugin = self._call("primero_hand_classes")
        problem = classes_problem(classes)
        if problem is not None:
            raise self._fault("primero_hand_classes", classes_plugin, problem)
        classify_caller = self._callers["primero_classify_hand"]
        order_caller = self._callers["primero_hand_order"]
        variant = self.variant
        fault = self._fault

        def classify(hand: tuple[Card, ...]) -> Classification:
            result, plugin = classify_caller(cards=hand, points=points)
            problem = classification_problem(result, hand, classes)
            if problem is not None:
                cards = " ".join(c.ascii for c in hand)
                if (is_core(plugin) and not is_core(classes_plugin)
                        and isinstance(result, Classification)
                        and result.hand_class not in classes):  # the classes left it out
                    raise fault("primero_hand_classes", classes_plugin,
                                f"returned {shown(classes)}, which leaves out the class "
                                f"{shown(result.hand_class)} the core's primero_classify_hand "
                                f"gives {cards}; expected every class a hand can have")
                raise fault("primero_classify_hand", plugin, f"for {cards} {problem}")
            return cast(Classification, result)

        def order(classification: Classification) -> tuple[int, ...]:
            key, plugin = order_caller(classification=classification, classes=classes)
            problem = order_problem(key)
            if problem is not None:
                raise fault("primero_hand_order", plugin, problem)
            return cast(tuple[int, ...], key)

        return Ranking(
            name=name, pack=pack, classes=classes, points=points,
            classify=classify, order=order, variant=variant,
            identity=self._ranking_identity(),
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



def clear_ranking_cache() -> None:
    """Forget every shared ranking (the registry clears it with its rules)."""
    with _lock:
        _ranking_cache.clear()
