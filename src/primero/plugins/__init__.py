"""The plug-in machinery, which nobody changing a rule needs to open.

:mod:`~primero.plugins.manager` (the one module that drives pluggy),
:mod:`~primero.plugins.checks` (the checks of every hook answer),
:mod:`~primero.plugins.rules` (the checked rules façade, its ranking half),
:mod:`~primero.plugins.deal` (its deal half, behind one door) and
:mod:`~primero.plugins.registry` (the built-in and installed variants).
"""
