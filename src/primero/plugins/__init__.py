"""The plug-in machinery, which nobody changing a rule needs to open.

:mod:`~primero.plugins.manager` (the one module that drives pluggy),
:mod:`~primero.plugins.checks` (the checks of every hook answer),
:mod:`~primero.plugins.ranking` (the checked ranking hooks, the base of both halves),
:mod:`~primero.plugins.rules` (the checked rules façade, which answers the ranking itself),
:mod:`~primero.plugins.deal` (its deal half, behind one door) and
:mod:`~primero.plugins.registry` (the built-in and installed variants).
"""
