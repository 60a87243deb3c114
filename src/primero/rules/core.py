"""The core rules: every hook of the Waks English game, under every variant (RULES.md §1–§5).

Each variant's plug-in manager starts with :data:`CORE_RULES`, registered ``trylast``, so a
variant's own rule objects answer first and the core answers whatever they leave to it
(DESIGN.md "Plug-ins"). The hooks themselves live in the focused modules of
:mod:`primero.rules`: ranking, dealing, betting and settling.
"""

from __future__ import annotations

from primero.rules.betting import WaksBetting
from primero.rules.dealing import StandardDealing
from primero.rules.ranking import StandardRanking
from primero.rules.settling import StandardSettling

__all__ = ["CORE_RULES", "WaksRules"]


class WaksRules(StandardRanking, StandardDealing, WaksBetting, StandardSettling):
    """The core rules: every hook of the Waks English game, registered ``trylast``."""


#: The core rules object every variant's plug-in manager starts with.
CORE_RULES = WaksRules()
