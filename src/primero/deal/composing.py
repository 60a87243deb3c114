"""The variant's own state set on a state just made: a composed answer in one state copy.

Where every wrapper of ``primero_apply_action`` only sets the variant's own state
(``answer_wrapper(sets_variant_state=True)``, Cardano's standing call), the checked rules
answer a bet with the core's answer and the variant state the wrappers give. The engine's fast
path for such a bet (:func:`~primero.deal.engine.apply`) makes the core's answer itself
(:func:`~primero.deal.fast_betting.core_bet`), a state nobody else holds yet; the variant state
is then set on that very state (:func:`set_fresh_variant_state`), not on a second copy of it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["set_fresh_variant_state"]

_set = object.__setattr__


def set_fresh_variant_state(fresh: Any, own: Any) -> Any:
    """``fresh`` (a ``GameState``) with ``variant_state`` set to ``own``, in place, returned.

    Only for a state just made by the library's own code that nobody else holds or has read
    (the core's answer to a bet, made by the engine a moment before): what
    ``replace(fresh, variant_state=own)`` gives, but no copy. No cache of a state is worked
    out from its variant state (legal actions of a variant reading it are asked after), so
    none is reset.
    """
    _set(fresh, "variant_state", own)
    return fresh
