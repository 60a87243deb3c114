"""A plug-in with a step of its own that moves chips and tells the players (imported by name).

The ``premium`` variant: the Waks game with a ``premium`` step after the first deal, in which
the eldest hands the dealer a premium of ``bonus`` chips (or all they have, if fewer), and
equal hands at the showdown always split the pot. The step records what it paid in the
variant's own state and tells it through ``primero_narrate_step``; the option ``bonus`` is
bounded (0 to 10); the core's ``tie`` option, whose rule this variant replaces, is overridden.
Also an installable module: the CLI tests put it on a site path with an entry point.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from primero import Step, Variant, VariantSpec, hookimpl
from primero.deal.copying import replace
from primero.deal.state import GameState, VariantState
from primero.options import Option
from primero.rules.settling import settle_showdown
from primero.settlement import Settlement
from primero.variants.waks import WAKS

PLAN = (Step("deal", count=2), Step("premium"), Step("bet", number=1), Step("exchange"),
        Step("deal", count=2), Step("bet", number=2), Step("showdown"))


@frozen
class PremiumState(VariantState):
    """What the premium step paid: ``(payer, payee, chips)``, hidden from the views' extras."""

    _paid: tuple[int, int, int] | None = None


@frozen
class PremiumRules:
    """The premium step: played by ``primero_start_step``, told by ``primero_narrate_step``."""

    @hookimpl
    def primero_deal_plan(self, variant: Variant) -> tuple[Step, ...]:
        return PLAN

    @hookimpl
    def primero_start_step(self, state: GameState, variant: Variant, step: Step) \
            -> GameState | None:
        if step.kind != "premium":
            return None
        payer, payee = state.eldest, state.dealer
        chips = min(int(variant.option("bonus")), state.seats[payer].stack)
        seats = list(state.seats)
        seats[payer] = replace(seats[payer], stack=seats[payer].stack - chips)
        seats[payee] = replace(seats[payee], stack=seats[payee].stack + chips)
        return replace(state, seats=tuple(seats), to_act=None,
                       variant_state=PremiumState(paid=(payer, payee, chips)))

    @hookimpl
    def primero_settle(self, state: GameState) -> Settlement | None:
        if state.ended_by != "showdown" or len(state.live) == 1:
            return None
        return settle_showdown(state, tie="split")

    @hookimpl
    def primero_narrate_step(self, state: GameState, step: Step) -> str | None:
        if step.kind != "premium":
            return None
        paid = PremiumState.of(state)._paid
        if paid is None:
            return None
        payer, payee, chips = paid
        return (f"{state.seats[payer].name} hands {state.seats[payee].name} a premium of "
                f"{chips} chip{'s' if chips != 1 else ''}")


PREMIUM = VariantSpec(
    name="premium",
    title="Waks with a premium",
    summary="Waks English Primero; after the first deal the eldest hands the dealer a premium.",
    players=WAKS.players,
    options=(*WAKS.options,
             Option(name="bonus", default=2, minimum=0, maximum=10, affects_ranking=False,
                    doc="Chips the eldest hands the dealer after the first deal.")),
    overrides=("tie",),
    plugins=(PremiumRules(),),
)


@hookimpl
def primero_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Register the ``premium`` variant."""
    register(PREMIUM)
