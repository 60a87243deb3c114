"""The deal: its state, its context, the engine, its start, the copier and the action space.

The one package that reads or writes a state's private slots and caches
(``tests/fast_paths/test_deal_wall.py`` fails on any access from elsewhere):

* :mod:`primero.deal.state` — :class:`~primero.deal.state.GameState` (frozen; every change
  makes a new state), its seats and its :class:`~primero.deal.state.DealContext` (the facts
  shared by every state of one deal), and the public functions through which the rules and
  the checks reach its caches;
* :mod:`primero.deal.engine` — ``start_deal``, ``apply``, ``deal``: it walks a deal's steps
  and asks the variant's hooks (the core's own code direct where only the core answers);
* :mod:`primero.deal.start` — the checks and the known tables of a deal's start;
* :mod:`primero.deal.copying` — the copier of frozen values (one copy per action);
* :mod:`primero.deal.action_space` — every action of a deal as an id;
* :mod:`primero.deal.hidden_cards` — a world of the same public deal with other hidden cards.

Nothing is re-exported here: import each name from its module.
"""
