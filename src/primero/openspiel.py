"""Every primero variant as an OpenSpiel game: ``python_primero`` (needs the ``openspiel`` extra).

Importing this module registers the game with ``pyspiel``::

    import pyspiel
    import primero.openspiel  # registers python_primero

    game = pyspiel.load_game("python_primero", {"variant": "cardano", "players": 3})

One game is one deal (docs/rules/index.md#variants) dealt from outside (``dealing="external"``):

* **chance** is explicit (``EXPLICIT_STOCHASTIC``): each chance node is the engine's
  ``state.chance``; its outcomes are the cards that can come (reshuffled discards included,
  docs/rules/dealing.md), each as its position in the variant's pack, all equally likely;
* **actions** are the engine's action ids (``state.action_space``), legal ids ascending;
* **information** is imperfect: information-state and observation strings and tensors, laid out
  as :mod:`primero.adapters` documents (docs/adapters/openspiel.md);
* **returns** are chips won or lost, less an equal share of a pot carried in (``carry_in``,
  nobody's chips in this deal: :func:`primero.adapters.returns`); a pot carried over is refunded
  (``carry_over="refund"``, zero-sum) or lost to everyone (``"lost"``, general-sum);
* ``max_game_length`` bounds the decisions (:func:`primero.adapters.max_decisions`),
  ``max_chance_nodes_in_history`` the cards dealt (:func:`primero.adapters.max_chance_nodes`);
  ``serialize`` / ``deserialize`` replay the history of chance outcomes and actions;
* ``resample_from_infostate`` redraws every card hidden from a player (ISMCTS).

Parameters (all optional): ``variant`` (``"waks"``), ``players`` (2), ``chips`` (20 each),
``stacks`` (``""``: ``chips`` each; else each seat's chips, seat 0 first, ``"30;20;10"``; with
stacks, ``chips`` stays at its default 20 or equals every stack, any other value is an
``InvalidParameterError`` naming both: a game string always carries ``chips``, so 20 reads as
not given), ``dealer`` (-1: the last seat, so seat 0 is eldest; else a seat),
``carry_in`` (0: chips carried into the pot from an earlier deal),
``stake`` (1), ``rest`` (3), ``ante`` (-1: the variant's own), ``options``
(``"key:value;key:value"``, e.g. ``"supremus:false;tie:split"``; ``"key=value,key=value"`` is
read too and kept in the first form, the one ``str(game)`` and ``load_game`` carry), ``carry_over``
(``"refund"``) and ``raise_cap`` (0: none; docs/rules/waks.md house rule, applied where the engine
offers it), ``deal_on`` (``False``): with ``True`` a deal that ends before anyone decides anything
(Primiera: a player served a combination at the first declaration wins at once, a quarter of
heads-up deals and more at more players) is not handed out: the state deals again from the
first chance node, as the PettingZoo env does, so OpenSpiel's ``rl_environment`` (which samples
chance until a decision) never resets to a finished deal; the skipped deals' returns are
reported in ``state.skipped_deals``, and the cards they dealt are chance nodes beyond
``max_chance_nodes_in_history`` (for sampling loops, not for tree walks: off by default).

Numbers past a C ``int``: OpenSpiel converts a parameter before this module sees it, so
``pyspiel.load_game("python_primero", {"chips": 2**31})`` fails inside pybind11 (``RuntimeError:
Unable to cast Python instance of type <class 'int'> to C++ type '?'``) and the game string
``"python_primero(chips=2147483648)"`` in OpenSpiel's parser (``SpielError:
.../game_parameters.cc:183 CHECK_TRUE(success)``). Every numeric parameter is at most
:data:`LARGEST_C_INT` (2**31 - 1); chips past it go in the ``stacks`` text, at most
:data:`~primero.deal.start.MAX_CHIPS` (10**15) a seat. ``PrimeroGame(params)`` built directly
says so in an :class:`~primero.errors.InvalidParameterError` naming the parameter.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import numpy as np
import pyspiel

from primero.adapters import (
    DEFAULT_CHIPS,
    AdapterTable,
    Encoder,
    FloatArray,
    Move,
    Piece,
    Trail,
    information_state_layout,
    max_chance_nodes,
    max_decisions,
    observation_layout,
    options_parameter,
    parse_stacks,
    resample_history,
    returns,
    trail_moves,
    views,
)
from primero.cards import Card
from primero.deal.start import MAX_CHIPS
from primero.deal.state import GameState
from primero.errors import IllegalActionError, InvalidParameterError, PrimeroError, named
from primero.plugins.registry import registry

__all__ = [
    "DEALS_TRIED",
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "LARGEST_C_INT",
    "RESAMPLE_TRIES",
    "TOY_PARAMETERS",
    "PrimeroGame",
    "PrimeroObserver",
    "PrimeroState",
    "checked_parameters",
    "game_type",
]

#: The name the game is registered under.
GAME_NAME = "python_primero"

#: The game's parameters and their defaults (``ante`` -1: the variant's own ante).
DEFAULT_PARAMETERS: dict[str, Any] = {
    "variant": "waks",
    "players": 2,
    "chips": DEFAULT_CHIPS,
    "stake": 1,
    "rest": 3,
    "ante": -1,
    "options": "",
    "carry_over": "refund",
    "raise_cap": 0,
    "stacks": "",
    "dealer": -1,
    "carry_in": 0,
    "deal_on": False,
}

#: How many deals in a row may end before any decision under ``deal_on`` before the table is
#: refused (an all-in table of antes never needs a decision).
DEALS_TRIED = 1000


#: The toy Primero that OpenSpiel's tabular CFR+ solves exactly (docs/adapters/toy.md):
#: ``pyspiel.load_game("python_primero", TOY_PARAMETERS)``. The ``toy`` variant
#: (:mod:`primero.variants.toy`) heads-up with 3 chips each, an ante of 1, stake and rest 1:
#: the standard ranking on four-card hands, two of each player's cards open and two hidden
#: from six, one betting round (pass, vie, hold, raise, fold), no exchange. Its tree holds
#: 6,277 histories (157 chance nodes, 2,160 decisions, 3,960 ends: 360 deals of 6 decisions
#: and 11 ends) and 45 information states per player (15 hidden pairs × 3 decisions);
#: ``CFRPlusSolver`` brings the exploitability under 0.02 chips in 20 iterations.
TOY_PARAMETERS: dict[str, Any] = {
    "variant": "toy",
    "players": 2,
    "chips": 3,
    "stake": 1,
    "rest": 1,
    "ante": 1,
}


#: The largest ``max_game_length`` and ``num_distinct_actions`` OpenSpiel can hold (a C int).
LARGEST_C_INT = 2**31 - 1

#: How many worlds :meth:`PrimeroState.resample_from_infostate` draws before it gives up.
RESAMPLE_TRIES = 1000


def checked_parameters(params: Any) -> dict[str, Any]:
    """The game's parameters: ``params`` over :data:`DEFAULT_PARAMETERS`, each checked once.

    A parameter whose default is a number must be a whole number (an ``int`` or a numpy
    integer; not a ``bool``, a float or text) that fits OpenSpiel's C ``int``: at most
    :data:`LARGEST_C_INT` (2**31 - 1) in size. Only the ``stacks`` text carries chips past
    that (``"1000000000000000;1000000000000000"``, equal or not), up to
    :data:`~primero.deal.start.MAX_CHIPS` a seat. A parameter whose default is
    a ``bool`` (``deal_on``) must be a ``bool``. The others are text.

    Raises:
        InvalidParameterError: ``params`` is not a mapping, or names a parameter the game
            does not have, or one of the wrong type or size; the message (and its
            ``parameter``) names it.
    """
    if params is None:
        return dict(DEFAULT_PARAMETERS)
    if not isinstance(params, dict):
        raise InvalidParameterError(
            "params", f"a dict of the game's parameters, got {named(params)}")
    given = dict(DEFAULT_PARAMETERS)
    for key, value in params.items():
        if key not in DEFAULT_PARAMETERS:
            raise InvalidParameterError(
                key if isinstance(key, str) and len(key) <= 40 else named(key),
                f"not a parameter of {GAME_NAME} (its parameters: "
                f"{', '.join(DEFAULT_PARAMETERS)})")
        if type(DEFAULT_PARAMETERS[key]) is bool:
            if isinstance(value, np.bool_):
                value = bool(value)
            if type(value) is not bool:
                raise InvalidParameterError(key, f"true or false (a bool), got {named(value)}")
        elif type(DEFAULT_PARAMETERS[key]) is int:
            if isinstance(value, np.integer):
                value = int(value)
            if type(value) is not int:
                raise InvalidParameterError(key, f"a whole number (an int), got {named(value)}")
            if not -LARGEST_C_INT - 1 <= value <= LARGEST_C_INT:
                beyond = (f" (chips past it go in the stacks text, at most {MAX_CHIPS:,} a "
                          "seat, primero.deal.start.MAX_CHIPS: stacks='1000000000000000;"
                          "1000000000000000', with a raise_cap)"
                          if key == "chips" else "")
                raise InvalidParameterError(
                    key, f"at most {LARGEST_C_INT:,} (2**31 - 1) in size: OpenSpiel holds a "
                    f"game's numbers in a C int, got a {len(str(abs(value)))}-digit number"
                    f"{beyond}")
        elif not isinstance(value, str):
            raise InvalidParameterError(key, f"text, got {named(value)}")
        given[key] = value
    return given


def _most_players() -> int:
    return max((spec.players[1] for spec in registry().specs()), default=2)


def game_type(zero_sum: bool = True, name: str = GAME_NAME) -> Any:
    """The ``pyspiel.GameType`` of ``python_primero`` (or of a subclass registered as ``name``).

    Zero-sum when carried-over pots are refunded, general-sum when they are lost.
    """
    return pyspiel.GameType(
        short_name=name,
        long_name="Python Primero (primero's variants)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_most_players(),
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMETERS,
    )


class PrimeroGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one primero deal (see the module doc for the parameters).

    A subclass registered under another name sets :attr:`name` (and registers itself with
    ``pyspiel.register_game(game_type(name=...), Subclass)``).

    Raises:
        InvalidParameterError: a parameter the game does not have, or one of the wrong type,
            or a number past OpenSpiel's C ``int`` (:func:`checked_parameters`: only the
            ``stacks`` text carries chips past 2**31 - 1), or a table the variant's pack
            cannot serve (``players``); the message names the parameter.
        PrimeroError: a bad parameter (unknown variant or option, players out of the variant's
            range, a bad table), or a table whose ``max_game_length`` or action count exceeds
            :data:`LARGEST_C_INT` (about 2.2e8 chips at stake 1 heads-up in Waks); the
            message names it.
    """

    name = GAME_NAME

    table: AdapterTable
    first: GameState
    encoder: Encoder
    position: dict[Card, int]
    shared: _Shared
    first_player: int

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = checked_parameters(params)
        # the options in the form game strings carry (str(game), load_game, pickle)
        given["options"] = options_parameter(str(given["options"]))
        # the stacks in the form game strings carry: "30;20;10" ("" for chips each)
        stacks = parse_stacks(str(given["stacks"]))
        given["stacks"] = ";".join(map(str, stacks))
        ante = int(given["ante"])
        self.table = AdapterTable.build(
            variant=str(given["variant"]), options=str(given["options"]),
            players=int(given["players"]), chips=int(given["chips"]), stacks=stacks,
            dealer=int(given["dealer"]), carry_in=int(given["carry_in"]),
            stake=int(given["stake"]), rest=int(given["rest"]),
            ante=None if ante == -1 else ante, carry_over=str(given["carry_over"]),
            raise_cap=int(given["raise_cap"]))
        table = self.table
        first = self.first = table.start()  # a value: every new state starts from it
        self.encoder = Encoder(table)
        self.position = self.encoder.position
        self.shared = _Shared(self.encoder, deal_on=given["deal_on"])
        self.first_player = _player_of(first)
        zero_sum = table.carry_over == "refund"
        for what, value in (("max_game_length", max_decisions(table)),
                            ("num_distinct_actions", first.action_space.size)):
            if value > LARGEST_C_INT:
                raise PrimeroError(
                    f"python_primero: this table's {what} would be {value:,}, above "
                    f"OpenSpiel's bound {LARGEST_C_INT:,} (a C int); take fewer chips "
                    f"({table.chips:,}), a larger stake ({table.stake}), a smaller rest "
                    f"({table.rest}) or a raise_cap")
        claim = table.carry_in / table.players  # each seat's share of a carried-in pot
        info = pyspiel.GameInfo(
            num_distinct_actions=first.action_space.size,
            max_chance_outcomes=len(table.pack),
            num_players=table.players,
            min_utility=-table.chips - claim,
            max_utility=table.total_chips - min(table.stacks) - claim,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_decisions(table),
        )
        super().__init__(game_type(zero_sum, self.name), info, given)
        self.chance_nodes = max_chance_nodes(table)

    def __reduce__(self) -> tuple[Any, ...]:
        # built again from its parameters: pybind11's own pickling keeps the C++ game only,
        # and the unpickled game would lack its table
        return (type(self), (dict(self.get_parameters()),))

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes (cards dealt) a deal can have.

        The bound is :func:`~primero.adapters.max_chance_nodes`'s; OpenSpiel adds it to
        ``max_game_length`` for ``max_history_length``.
        """
        return self.chance_nodes

    def new_initial_state(self) -> PrimeroState:
        """A new deal, at its first chance node."""
        return PrimeroState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> PrimeroObserver:
        """An observer: information state (``perfect_recall``) or observation."""
        return PrimeroObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


#: ``current_player()`` at a chance node and at the end, as plain ints.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _player_of(deal: GameState) -> int:
    """OpenSpiel's player at ``deal``: its seat to act, ``CHANCE`` or ``TERMINAL``."""
    if deal.over:
        return _TERMINAL
    if deal.pending:  # cards owed: a chance node (the adapter always deals from outside)
        return _CHANCE
    assert deal.to_act is not None
    return deal.to_act


class _Shared:
    """What every state of one game shares and never copies.

    The encoder, the pack, and the chance outcomes' ``(position, probability)`` pairs for
    each number of cards that can come. Pickled as its encoder (which pickles as its table):
    the pairs are made again.
    """

    __slots__ = ("deal_on", "encoder", "pack", "pairs")

    encoder: Encoder
    #: A deal over before any decision is dealt again (the ``deal_on`` parameter).
    deal_on: bool
    pack: tuple[Card, ...]
    #: For each number of cards that can come (index 0 unused), each card's
    #: ``(position in the pack, 1 / number)``.
    pairs: tuple[dict[Card, tuple[int, float]], ...]

    def __init__(self, encoder: Encoder, deal_on: bool = False) -> None:
        self.encoder = encoder
        self.deal_on = deal_on
        pack = self.pack = encoder.pack
        self.pairs = ({}, *({card: (k, 1.0 / count) for k, card in enumerate(pack)}
                            for count in range(1, len(pack) + 1)))

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self  # fixed for its game: every state of the game shares it

    def __copy__(self) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.encoder, self.deal_on))


class _Now:
    """Where a state is: its deal, its decisions, who is to act, its game's shared parts.

    One attribute of the OpenSpiel state (its ``_now``), changed in place by each action. The
    state's own attributes live in a pybind11 instance's ``__dict__``, which Python 3.11
    reads and writes through its generic (unspecialized) attribute path; this object's slots
    are read and written on the fast path. A copy (``copy.deepcopy``, which OpenSpiel's
    ``clone`` makes) is a new ``_Now`` sharing the same values: they are all immutable or
    shared.
    """

    __slots__ = ("deal", "player", "shared", "skipped", "trail")

    deal: GameState
    trail: Trail | None
    shared: _Shared
    player: int
    #: The returns of the deals skipped under ``deal_on``, in order.
    skipped: tuple[tuple[float, ...], ...]

    def __init__(self, deal: GameState, trail: Trail | None, shared: _Shared,
                 player: int, skipped: tuple[tuple[float, ...], ...] = ()) -> None:
        self.deal = deal
        self.trail = trail
        self.shared = shared
        self.player = player
        self.skipped = skipped

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return _Now(self.deal, self.trail, self.shared, self.player, self.skipped)

    def __copy__(self) -> _Now:
        return _Now(self.deal, self.trail, self.shared, self.player, self.skipped)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Now, (self.deal, self.trail, self.shared, self.player, self.skipped))


class PrimeroState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the engine's state and the decisions made so far.

    Built for speed (docs/adapters/openspiel.md#speed): what changes with each action (the
    engine's state, the decisions, who is to act) is held in one slotted object rather than in
    the pybind11 instance's slow ``__dict__``, who is to act is worked out once per
    action, the decisions are a shared :class:`~primero.adapters.Trail` whose
    :class:`~primero.adapters.Move` s are made only when an information state is asked for,
    and :meth:`information_state_tensor` / :meth:`observation_tensor` build a numpy array
    straight from the state instead of through OpenSpiel's observer (the same values).
    """

    def __init__(self, game: PrimeroGame) -> None:
        super().__init__(game)
        self._now = _Now(game.first, None, game.shared, game.first_player)

    @property
    def deal(self) -> GameState:
        """The engine's state of the deal (a value: a new one after every action).

        Set, it is the state's deal from then on (who is to act worked out from it).
        """
        return self._now.deal

    @deal.setter
    def deal(self, deal: GameState) -> None:
        self._now.deal = deal
        self._now.player = _player_of(deal)

    @property
    def trail(self) -> Trail | None:
        """The deal's decisions so far (``None`` before the first), shared with clones."""
        return self._now.trail

    @trail.setter
    def trail(self, trail: Trail | None) -> None:
        self._now.trail = trail

    @property
    def shared(self) -> _Shared:
        """What every state of the game shares (never copied)."""
        return self._now.shared

    @property
    def encoder(self) -> Encoder:
        """The game's encoder (shared by all its states)."""
        return self._now.shared.encoder

    @property
    def moves(self) -> tuple[Move, ...]:
        """The deal's decisions so far, in order."""
        return trail_moves(self.trail)

    def _game(self) -> PrimeroGame:
        game: PrimeroGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        return self._now.player

    def is_terminal(self) -> bool:
        """The deal is over (settled)."""
        return self._now.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """A card is to be dealt (answered here, without a trip through OpenSpiel's C++)."""
        return self._now.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to act), ascending.

        OpenSpiel's rules, answered here without a trip through its C++: none at the end or
        for a seat not to act, the chance outcomes at a chance node, else the engine's legal
        ids. ``pyspiel``'s own ``legal_actions`` (what C++ code calls) gives the same.
        """
        now = self._now
        current = now.player
        if current >= 0 and (player is None or player == current):  # a decision: the usual
            return [*now.deal.legal_action_ids()]
        if player is None:
            player = current
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player == current:
            return list(now.deal.legal_action_ids())
        if player < 0:
            raise PrimeroError(f"legal actions of the pseudo-player {player} asked for at a "
                               f"decision of p{current}")
        return []

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        return self._now.deal.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can come (positions in the pack), each equally likely.

        The engine's ``state.chance.cards``: the stock while it lasts, read off the state
        without building the chance node (``GameState.chance``), else the discards to be
        reshuffled.

        Raises:
            PrimeroError: the state is no chance node (a decision, or the deal's end), as
                OpenSpiel's own games refuse it (an ``assert`` went under ``python -O``).
        """
        now = self._now
        if now.player != _CHANCE:
            where = "at the deal's end" if now.player == _TERMINAL else \
                f"at a decision of p{now.player}"
            raise PrimeroError(f"chance outcomes asked for {where}: only a chance node (a card "
                               "to be dealt) has them")
        deal = now.deal
        cards = deal.stock
        if not cards:
            chance = deal.chance
            assert chance is not None
            cards = chance.cards
        count = len(cards)
        pairs = now.shared.pairs[count]
        if count > 1:
            return [*itemgetter(*cards)(pairs)]  # one C call for every card
        return [pairs[cards[0]]]  # (an itemgetter of one key gives its value, not a tuple)

    def _apply_action(self, action: int) -> None:
        now = self._now
        deal = now.deal
        if now.player == _CHANCE:
            pack = now.shared.pack
            if not 0 <= action < len(pack):
                raise IllegalActionError(
                    f"chance outcome {action} is not a position in the pack "
                    f"(0..{len(pack) - 1})")
            after = deal.deal(pack[action])
            if after.over and now.trail is None and now.shared.deal_on:
                after = self._dealt_on(after)
        else:
            after = deal.apply(action)
            now.trail = Trail(now.trail, deal, action, after)
        now.deal = after
        # _player_of, inlined: this runs at every node
        if after.over:
            now.player = _TERMINAL
        elif after.pending:
            now.player = _CHANCE
        else:
            assert after.to_act is not None
            now.player = after.to_act

    def _dealt_on(self, over: GameState) -> GameState:
        """Under ``deal_on``: a deal ``over`` before any decision is reported, a new one begun.

        Raises:
            PrimeroError: :data:`DEALS_TRIED` deals in a row ended before any decision.
        """
        now = self._now
        game = self._game()
        now.skipped = (*now.skipped, tuple(returns(over, game.table)))
        if len(now.skipped) >= DEALS_TRIED:
            raise PrimeroError(f"python_primero ({game}): none of {len(now.skipped)} deals in a "
                               "row needed a decision (deal_on deals on until one does)")
        return game.first

    @property
    def skipped_deals(self) -> tuple[tuple[float, ...], ...]:
        """Under ``deal_on``: the returns of the deals skipped so far, in order.

        Each ended before any decision; paid nothing, they are reported, not lost.
        """
        return self._now.skipped

    def information_state_tensor(self, player: int | None = None) -> FloatArray:
        """``player``'s information-state tensor (default: the player to act), a new array.

        A float32 numpy array, not the list ``pyspiel`` gives (building a list of floats
        costs more than a step of the engine): the same values as the observer's
        (:class:`PrimeroObserver` with ``perfect_recall``), laid out as
        :func:`~primero.adapters.information_state_layout`.

        Raises:
            PrimeroError: ``player`` is not a seat.
        """
        now = self._now
        encoder = now.shared.encoder
        if type(player) is not int or not 0 <= player < encoder.players:
            player = self._seat(player)
        return encoder.information_state_array(now.deal, player, now.trail)

    def observation_tensor(self, player: int | None = None) -> FloatArray:
        """``player``'s observation tensor (default: the player to act), a new float32 array.

        The same values as the observer's (:func:`~primero.adapters.observation_layout`).

        Raises:
            PrimeroError: ``player`` is not a seat.
        """
        now = self._now
        encoder = now.shared.encoder
        if type(player) is not int or not 0 <= player < encoder.players:
            player = self._seat(player)
        return encoder.observation_array(now.deal, player)

    def _seat(self, player: int | None) -> int:
        seat = self._now.player if player is None else player
        players = self.encoder.table.players
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) \
                or not 0 <= seat < players:
            raise PrimeroError(f"player must be a seat 0..{players - 1}, got {seat!r}")
        return int(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pack = self._game().table.pack
            return f"deal {pack[action].ascii}" if 0 <= action < len(pack) else f"action {action}"
        space = self.deal.action_space
        if self.deal.to_act == player and action in self.deal.legal_action_ids():
            return str(space.decode(self.deal, action))
        return f"action {action}"

    def returns(self) -> list[float]:
        """Chips won or lost per seat (zeros before the end); carry-over per ``carry_over``."""
        return returns(self.deal, self.encoder.table)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PrimeroState:
        """A state ``player_id`` cannot tell from this one, its hidden cards drawn anew.

        For ISMCTS and other determinizing searches. Every card ``player_id`` was dealt stays
        where it came; every card hidden from them (the others' hands, their discards, the
        stock) is drawn uniformly among the cards that could come
        (:func:`~primero.adapters.resample_history`), and the same decisions are replayed. A
        drawn world whose public facts differ (a decision illegal there, a declaration the
        drawn hands would not make) is drawn again, so the worlds that agree with everything
        the player saw are equally likely.

        Args:
            player_id: The seat whose information is kept.
            probability_sampler: A callable returning a float in ``[0, 1)`` (OpenSpiel's
                ``UniformProbabilitySampler``); every choice is drawn from it.

        Raises:
            PrimeroError: ``player_id`` is not a seat, or no agreeing world was drawn in
                :data:`RESAMPLE_TRIES` draws: public facts that few hidden deals agree with,
                which come only once a deal is over (hands shown at the showdown, a Primiera
                declaration naming an opponent's four cards); at a decision node a world is
                found in a few draws.
        """
        game = self._game()
        players = game.table.players
        if isinstance(player_id, bool) or not isinstance(player_id, int) \
                or not 0 <= player_id < players:
            raise PrimeroError(f"player_id must be a seat 0..{players - 1}, got {player_id!r}")
        target = self.information_state_string(player_id)
        history = self.history()

        def draw(k: int) -> int:
            return min(int(float(probability_sampler()) * k), k - 1)

        for _ in range(RESAMPLE_TRIES):
            drawn = resample_history(game.table, history, player_id, self.deal, draw)
            if drawn is None:
                continue
            world = PrimeroState(game)
            for value in drawn:
                world.apply_action(value)
            if world.information_state_string(player_id) == target:
                return world
        raise PrimeroError(f"no deal agreeing with p{player_id}'s information was drawn in "
                           f"{RESAMPLE_TRIES} tries")

    def __str__(self) -> str:
        lines = [self.deal.describe()]
        lines += [f"p{m.seat} {m.text}" for m in self.moves]
        return "\n".join(lines)


class PrimeroObserver:
    """OpenSpiel's observer for primero: tensors and strings from one player's point of view.

    ``iig_obs_type.perfect_recall`` picks the information state (everything the player saw,
    in order) or the observation (the present only); ``private_info`` (single player or none)
    and ``public_info`` select the pieces. The layouts are
    :func:`~primero.adapters.information_state_layout` and
    :func:`~primero.adapters.observation_layout`.

    Raises:
        ValueError: observation parameters were given (none are supported), or all players'
            private information was asked for.
    """

    encoder: Encoder
    recall: bool
    private: bool
    public: bool

    def __init__(self, game: PrimeroGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"python_primero takes no observation parameters; got {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_primero observes one player's private cards at most")
        self.encoder = game.encoder
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        pieces: tuple[Piece, ...]
        if self.recall:
            pieces = information_state_layout(game.table, private=self.private,
                                              public=self.public)
        else:
            pieces = observation_layout(game.table, private=self.private, public=self.public)
        self.pieces = pieces
        self.tensor: FloatArray = np.zeros(sum(p.size for p in pieces), np.float32)
        self.dict: dict[str, FloatArray] = views(self.tensor, pieces)
        self._last: tuple[GameState, Trail | None, int] | None = None
        self._filled: FloatArray = self.tensor.copy()  # the values filled for ``_last``

    def set_from(self, state: PrimeroState, player: int) -> None:
        """Fill :attr:`tensor` (and its named views :attr:`dict`) for ``player``.

        Asked again for the same deal, decisions and player (OpenSpiel asks twice per
        ``information_state_tensor`` call), it copies back the values it filled last time
        (kept aside: the caller may have written into :attr:`tensor` since) instead of
        working them out again.

        Raises:
            PrimeroError: ``player`` is not a seat: an ``int`` or a numpy integer of
                ``0..players - 1`` (``True`` and ``1.0`` are refused, on a fresh observer
                and after a call for seat 1 alike); the tensor is then left as it was.
        """
        encoder = self.encoder
        if type(player) is not int or not 0 <= player < encoder.players:
            # checked first, whatever was asked before: a seat (an int or a numpy integer;
            # not a bool or a float, even 1.0), or a PrimeroError naming the bad one
            player = state._seat(player)
        last = self._last
        now = state._now  # (read once: the state's own attributes are slow to read)
        deal, trail = now.deal, now.trail
        if last is not None and last[0] is deal and last[1] is trail and last[2] == player:
            np.copyto(self.tensor, self._filled)
            return
        self._last = None  # kept again only once the tensor is filled
        if self.private and self.public:  # the whole layout: the fast path, the same values
            if self.recall:
                self.tensor[:] = encoder.information_state_array(deal, player, trail)
            else:
                self.tensor[:] = encoder.observation_array(deal, player)
        else:
            self.tensor.fill(0.0)
            if self.recall:
                encoder.fill_information_state(self.dict, deal, player, trail_moves(trail))
            else:
                encoder.fill_observation(self.dict, deal, player)
        self._filled = self.tensor.copy()
        self._last = (deal, trail, player)

    def string_from(self, state: PrimeroState, player: int) -> str:
        """The information state or observation of ``player`` as text."""
        if self.recall:
            return self.encoder.information_state_string(
                state.deal, player, state.moves, private=self.private, public=self.public)
        return self.encoder.observation_string(state.deal, player, private=self.private,
                                               public=self.public)


pyspiel.register_game(game_type(), PrimeroGame)
