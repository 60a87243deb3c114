"""The checked rules façade: a variant's hooks behind typed calls, every answer checked.

:class:`Rules` (``variant.rules``) is the only way the rest of the library reaches a variant's
hooks. Each method calls one ``firstresult`` hook, checks the answer where it is received and
raises :class:`~primero.errors.PluginError` naming the plug-in that answered, the hook, what it
returned and what was expected — one line.

The façade answers the ranking hooks itself (:class:`primero.plugins.ranking.RankingRules`,
its base); a ranking needs no deal code, so a census or one evaluation in a fresh process
imports none. The deal half (:class:`primero.plugins.deal.DealRules`, ``variant.rules.deal``)
is behind one door: :attr:`Rules.deal` imports it on first use.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

import pluggy

from primero.advice import VariantAdvice
from primero.cards import Pack
from primero.hands import Ranking
from primero.plugins.manager import Caller, firstresult_caller, new_manager, register_plugin
from primero.plugins.ranking import RANKING_HOOKS, RankingRules
from primero.rules.ranking import CORE_RANKING

if TYPE_CHECKING:
    from primero.plugins.deal import DealRules
    from primero.variant import Variant

__all__ = ["Rules"]


class Rules(RankingRules):
    """A configured variant's rules: its plug-in manager behind typed, checked methods.

    Get it as ``variant.rules``. The ranking hooks are answered here; the deal's hooks by
    :attr:`deal`.

    Raises (every method):
        PluginError: no plug-in answered, or the answer is wrong (the message names the
            plug-in, the hook, what it returned and what was expected), or a plug-in raised
            an exception that is not a :class:`~primero.errors.PrimeroError`.
    """

    hook_manager: pluggy.PluginManager
    ranking_manager: pluggy.PluginManager

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        pm = new_manager()
        plugins: list[object] = [CORE_RANKING, *variant.spec.plugins, *variant.house_rules]
        self._plugins = tuple(plugins)
        for plugin in plugins:
            register_plugin(pm, plugin)
        #: The ranking's plug-in manager: the core's ranking hooks and the variant's plug-ins.
        self.ranking_manager = self.hook_manager = pm
        self._callers: dict[str, Caller] = {
            n: firstresult_caller(pm, n, variant) for n in RANKING_HOOKS}
        self._pack: Pack | None = None
        self._ranking: Ranking | None = None

    @property
    def manager(self) -> Any:
        """The variant's whole plug-in manager (the core's every hook and the plug-ins')."""
        return self.deal.manager

    @cached_property
    def agent_advice(self) -> VariantAdvice:
        """What the variant tells computer players (``primero_agent_advice``), built once.

        The empty :class:`~primero.advice.VariantAdvice` when no plug-in answers.
        """
        advice, plugin = firstresult_caller(self.hook_manager, "primero_agent_advice",
                                            self.variant)()
        if advice is None:
            return VariantAdvice()
        if not isinstance(advice, VariantAdvice):
            raise self._fault("primero_agent_advice", plugin,
                              f"returned {advice!r}; expected a VariantAdvice or None")
        return advice

    @cached_property
    def deal(self) -> DealRules:
        """The deal half of the rules: dealing, betting and settling, checked (built once).

        The one door to the deal's code: a ranking never opens it.
        """
        from primero.plugins.deal import DealRules

        return DealRules(self.variant, self)
