"""The core rules, one module per concern: ranking, dealing, betting, settling.

Together they are the Waks English game (docs/rules/waks.md); :mod:`primero.rules` combines
them into the core plug-in every variant's rules are stacked on.
"""
