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
* **returns** are chips won or lost; a pot carried over is refunded (``carry_over="refund"``,
  zero-sum) or lost to everyone (``"lost"``, general-sum);
* ``max_game_length`` bounds the decisions (:func:`primero.adapters.max_decisions`);
  ``serialize`` / ``deserialize`` replay the history of chance outcomes and actions;
* ``resample_from_infostate`` redraws every card hidden from a player (ISMCTS).

Parameters (all optional): ``variant`` (``"waks"``), ``players`` (2), ``chips`` (20 each),
``stake`` (1), ``rest`` (3), ``ante`` (-1: the variant's own), ``options``
(``"key:value;key:value"``, e.g. ``"supremus:false;tie:split"``; ``"key=value,key=value"`` is
read too and kept in the first form, the one ``str(game)`` and ``load_game`` carry), ``carry_over``
(``"refund"``) and ``raise_cap`` (0: none; docs/rules/waks.md house rule, applied where the engine
offers it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from primero.adapters import (
    AdapterTable,
    Encoder,
    FloatArray,
    Move,
    Piece,
    information_state_layout,
    max_decisions,
    observation_layout,
    options_parameter,
    resample_history,
    returns,
    views,
)
from primero.errors import IllegalActionError, PrimeroError
from primero.plugins.registry import registry
from primero.state import GameState

__all__ = [
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "LARGEST_C_INT",
    "RESAMPLE_TRIES",
    "TOY_PARAMETERS",
    "PrimeroGame",
    "PrimeroObserver",
    "PrimeroState",
    "game_type",
]

#: The name the game is registered under.
GAME_NAME = "python_primero"

#: The game's parameters and their defaults (``ante`` -1: the variant's own ante).
DEFAULT_PARAMETERS: dict[str, Any] = {
    "variant": "waks",
    "players": 2,
    "chips": 20,
    "stake": 1,
    "rest": 3,
    "ante": -1,
    "options": "",
    "carry_over": "refund",
    "raise_cap": 0,
}


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
        PrimeroError: a bad parameter (unknown variant or option, players out of the variant's
            range, a bad table), or a table whose ``max_game_length`` or action count exceeds
            :data:`LARGEST_C_INT` (about 2.2e8 chips at stake 1 heads-up in Waks); the
            message names it.
    """

    name = GAME_NAME

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULT_PARAMETERS, **(params or {})}
        # the options in the form game strings carry (str(game), load_game, pickle)
        given["options"] = options_parameter(str(given["options"]))
        ante = int(given["ante"])
        self.table = AdapterTable.build(
            variant=str(given["variant"]), options=str(given["options"]),
            players=int(given["players"]), chips=int(given["chips"]),
            stake=int(given["stake"]), rest=int(given["rest"]),
            ante=None if ante == -1 else ante, carry_over=str(given["carry_over"]),
            raise_cap=int(given["raise_cap"]))
        table = self.table
        first = self.first = table.start()  # a value: every new state starts from it
        self.encoder = Encoder(table)
        self.position = self.encoder.position
        zero_sum = table.carry_over == "refund"
        for what, value in (("max_game_length", max_decisions(table)),
                            ("num_distinct_actions", first.action_space.size)):
            if value > LARGEST_C_INT:
                raise PrimeroError(
                    f"python_primero: this table's {what} would be {value:,}, above "
                    f"OpenSpiel's bound {LARGEST_C_INT:,} (a C int); take fewer chips "
                    f"({table.chips:,}), a larger stake ({table.stake}), a smaller rest "
                    f"({table.rest}) or a raise_cap")
        info = pyspiel.GameInfo(
            num_distinct_actions=first.action_space.size,
            max_chance_outcomes=len(table.pack),
            num_players=table.players,
            min_utility=float(-table.chips),
            max_utility=float((table.players - 1) * table.chips),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_decisions(table),
        )
        super().__init__(game_type(zero_sum, self.name), info, given)

    def new_initial_state(self) -> PrimeroState:
        """A new deal, at its first chance node."""
        return PrimeroState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> PrimeroObserver:
        """An observer: information state (``perfect_recall``) or observation."""
        return PrimeroObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


class PrimeroState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the engine's state and the decisions made so far."""

    def __init__(self, game: PrimeroGame) -> None:
        super().__init__(game)
        self.deal: GameState = game.first
        self.moves: tuple[Move, ...] = ()

    def _game(self) -> PrimeroGame:
        game: PrimeroGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        deal = self.deal
        if deal.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if deal.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert deal.to_act is not None
        return deal.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.deal.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can come (positions in the pack), each equally likely."""
        chance = self.deal.chance
        assert chance is not None
        position = self._game().position
        p = 1.0 / len(chance.cards)
        return [(position[card], p) for card in chance.cards]

    def _apply_action(self, action: int) -> None:
        deal = self.deal
        if deal.chance is not None:
            pack = self._game().table.pack
            if not 0 <= action < len(pack):
                raise IllegalActionError(
                    f"chance outcome {action} is not a position in the pack "
                    f"(0..{len(pack) - 1})")
            self.deal = deal.deal(pack[action])
        else:
            after = deal.apply(action)
            self.moves = (*self.moves, Move.make(deal, action, after))
            self.deal = after

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pack = self._game().table.pack
            return f"deal {pack[action].ascii}" if 0 <= action < len(pack) else f"action {action}"
        space = self.deal.action_space
        if self.deal.to_act == player and action in self.deal.legal_action_ids():
            return str(space.decode(self.deal, action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        """The deal is over (settled)."""
        return bool(self.deal.over)

    def returns(self) -> list[float]:
        """Chips won or lost per seat (zeros before the end); carry-over per ``carry_over``."""
        return returns(self.deal, self._game().table)

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
        self._last: tuple[GameState, tuple[Move, ...], int] | None = None

    def set_from(self, state: PrimeroState, player: int) -> None:
        """Fill :attr:`tensor` (and its named views :attr:`dict`) for ``player``.

        Asked again for the same deal, decisions and player (OpenSpiel asks twice per
        ``information_state_tensor`` call), it keeps the tensor as it is.
        """
        last = self._last
        if last is not None and last[0] is state.deal and last[1] is state.moves \
                and last[2] == player:
            return
        self._last = (state.deal, state.moves, player)
        self.tensor.fill(0.0)
        if self.recall:
            self.encoder.fill_information_state(self.dict, state.deal, player, state.moves)
        else:
            self.encoder.fill_observation(self.dict, state.deal, player)

    def string_from(self, state: PrimeroState, player: int) -> str:
        """The information state or observation of ``player`` as text."""
        if self.recall:
            return self.encoder.information_state_string(
                state.deal, player, state.moves, private=self.private, public=self.public)
        return self.encoder.observation_string(state.deal, player, private=self.private,
                                               public=self.public)


pyspiel.register_game(game_type(), PrimeroGame)
