"""The PettingZoo AEC environment of one primero deal, laid out like PettingZoo's classic games.

An episode is one deal (docs/rules/index.md#variants) at the table the constructor's arguments set,
one with at least one decision: ``reset`` skips a deal that ends before anyone decides anything
(Primiera: a player served at the first declaration wins at once) and reports it in the infos.
The environment deals the cards itself (the engine's chance nodes, reshuffles included, each card
equally likely) from a generator seeded by ``reset(seed=...)``.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NoReturn

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.base import BaseWrapper

from primero.adapters import (
    AdapterTable,
    Encoder,
    FloatArray,
    Move,
    Trail,
    observation_layout,
    returns,
    trail_moves,
)
from primero.deal.state import GameState
from primero.errors import IllegalActionError, InvalidParameterError, PrimeroError, named

__all__ = ["ActionSpaceWrapper", "DecisionlessTableError", "ResetFirstWrapper", "env", "raw_env",
           "refuse_before_reset"]

#: How many deals ``reset`` tries for one that needs a decision before it gives up: at the
#: highest rate of decisionless deals measured (Primiera, 8 players: 64 % of deals), a table
#: that has decisions fails to find one in this many tries with probability below 1e-190.
MAX_DEALS_TRIED = 1000

#: How many action masks (one per set of legal ids) an environment keeps before it starts
#: afresh.
_MASKS_KEPT = 4096


def _seeded(seed: object) -> random.Random:
    """A generator for a whole-number seed; a negative seed gets deals of its own."""
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, numbers.Integral):
        raise PrimeroError(f"seed must be a whole number or None, got {seed!r}")
    value = int(seed)
    # random.Random seeds with abs(): a negative seed is sent through a text of its own
    return random.Random(value) if value >= 0 else random.Random(f"primero negative seed {value}")


def _check_options(options: object) -> None:
    """Variant options as the environment takes them: text, or a mapping with text keys.

    Raises:
        InvalidParameterError: naming ``options`` and the bad key (a key that is not text
            would reach ``get_variant(**options)`` as a bare ``TypeError``).
    """
    if isinstance(options, Mapping):
        bad = next((key for key in options if not isinstance(key, str)), None)
        if bad is not None:
            raise InvalidParameterError(
                "options", f"an option's name is text (e.g. {{'supremus': False}}), got the "
                f"key {named(bad)}")
    elif not isinstance(options, str):
        raise InvalidParameterError(
            "options", f"text like 'supremus=false,tie=split' or a dict of option values, "
            f"got {named(options)}")


class DecisionlessTableError(PrimeroError, RuntimeError):
    """``reset`` dealt :data:`MAX_DEALS_TRIED` deals and every one ended before any decision.

    Such a table cannot be an AEC environment (an episode must start with an agent to act);
    the message names the table (variant, options, players, chips, dealer).

    Attributes:
        tried: How many deals were dealt.
    """

    def __init__(self, message: str, *, tried: int) -> None:
        super().__init__(message)
        self.tried = tried


class ActionSpaceWrapper(BaseWrapper):  # type: ignore[misc]  # PettingZoo's wrappers are untyped
    """Refuses, with a precise error, an action outside the agent's action space.

    PettingZoo's ``AssertOutOfBoundsWrapper`` checks the same but raises a bare
    ``AssertionError`` ("action is not in action space", gone under ``python -O``) that names
    neither the action nor the space. Here an action outside the space raises
    :class:`~primero.errors.IllegalActionError` naming the agent, the action and the ids the
    space holds, before the environment sees it: nothing changes, the agent may step again.
    An id inside the space but off the mask is a forfeit, as :meth:`raw_env.step` says.
    """

    def step(self, action: int | None) -> None:
        """Check ``action`` against the selected agent's action space, then step.

        Raises:
            IllegalActionError: ``action`` is not a whole number (a bool, a float, a text, or
                ``None`` for an agent still to act), or an id outside ``0 .. N - 1``.
        """
        agent = self.agent_selection
        if action is None and (self.terminations.get(agent) or self.truncations.get(agent)):
            super().step(action)
            return
        size = self.env.unwrapped.action_spaces[agent].n
        whole = type(action) is int or (isinstance(action, int | np.integer)
                                         and not isinstance(action, bool | np.bool_))
        if not whole or not 0 <= int(action) < size:  # type: ignore[arg-type]
            what = "None (an agent still to act must act)" if action is None else named(action)
            raise IllegalActionError(
                f"{agent} cannot play action {what}: not in its action space, the whole "
                f"numbers 0 .. {size - 1} (the legal ones are the action mask's ones)",
                reason=f"action {what} is not an id 0 .. {size - 1}")
        super().step(action)


def refuse_before_reset(method: str) -> NoReturn:
    """Refuse ``method`` called before the first ``reset()``: nothing is dealt yet.

    Raises:
        PrimeroError: always, naming ``method`` and ``reset()``, the call to make first.
    """
    raise PrimeroError(f"reset() needs to be called before {method}: the environment deals "
                       "its first deal on reset")


class ResetFirstWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped
    """PettingZoo's ``OrderEnforcingWrapper``, whose refusals before ``reset()`` are primero's.

    PettingZoo's raises a bare ``AssertionError`` (``step()``, ``observe()``, ``render()``,
    ``state()``, ``agent_iter()`` before the first ``reset()``); here each is a
    :class:`~primero.errors.PrimeroError` naming the method and ``reset()``, as the bare
    :class:`raw_env` says it. Everything else is PettingZoo's: reading ``rewards``,
    ``agents`` and the like before ``reset()`` is its ``AttributeError``, stepping a finished
    deal its warning.
    """

    def step(self, action: int | None) -> None:
        """Step, once reset (else :func:`refuse_before_reset`)."""
        if not self._has_reset:
            refuse_before_reset("step")
        super().step(action)

    def observe(self, agent: str) -> Any:
        """Observe, once reset (else :func:`refuse_before_reset`)."""
        if not self._has_reset:
            refuse_before_reset("observe")
        return super().observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, ...]:
        """The selected agent's last observation and reward, once reset."""
        if not self._has_reset:
            refuse_before_reset("last")
        return tuple(super().last(observe))

    def render(self) -> Any:
        """Render, once reset (else :func:`refuse_before_reset`)."""
        if not self._has_reset:
            refuse_before_reset("render")
        return super().render()

    def state(self) -> Any:
        """The global state, once reset (else :func:`refuse_before_reset`)."""
        if not self._has_reset:
            refuse_before_reset("state")
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """Iterate over the agents, once reset (else :func:`refuse_before_reset`)."""
        if not self._has_reset:
            refuse_before_reset("agent_iter")
        return super().agent_iter(max_iter)


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are.

    :class:`ActionSpaceWrapper` (in place of PettingZoo's ``AssertOutOfBoundsWrapper``, whose
    ``AssertionError`` names neither the action nor the space) and
    :class:`ResetFirstWrapper` (PettingZoo's ``OrderEnforcingWrapper``, whose bare
    ``AssertionError`` before ``reset()`` becomes a ``PrimeroError`` naming what to call
    first).
    An action outside the action space raises :class:`~primero.errors.IllegalActionError`
    and changes nothing; an id inside it but off the mask is handled by :class:`raw_env`
    itself (it ends the deal as a forfeit: see :meth:`raw_env.step`), not by PettingZoo's
    ``TerminateIllegalWrapper``, whose flat -1 could be cheaper than losing. Takes the
    arguments of :class:`raw_env`.
    """
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = ActionSpaceWrapper(wrapped)
    wrapped = ResetFirstWrapper(wrapped)
    return wrapped


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's own name for the bare env
    """One primero deal as an AEC environment.

    Args:
        variant: An installed variant's name (``"waks"``).
        players: How many players; the agents are ``player_0`` .. (seat order; the last seat
            deals, so ``player_0`` is eldest).
        chips: Every player's chips at the start of the deal, or a sequence of each seat's
            (``player_0`` first) for unequal stacks.
        stacks: Each seat's chips (``player_0`` first), as OpenSpiel's ``stacks`` parameter;
            ``None`` for ``chips``. Beside it ``chips`` stays at its default (20) or equals
            every stack: any other ``chips`` is an ``InvalidParameterError`` naming both.
        dealer: The dealer's seat, ``0 .. players - 1``, or -1 (the default) for the last seat;
            the eldest, who acts first, is the seat after the dealer.
        carry_in: Chips carried into the pot from an earlier deal (docs/rules/ties.md): nobody's
            chips in this deal (see Rewards).
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: The ante, or ``None`` for the variant's own.
        options: Variant options, as a dict or ``"key=value,key=value"``.
        carry_over: ``"refund"`` (a pot that stays on the table is given back to those who put
            it in) or ``"lost"`` (nobody gets it back).
        raise_cap: The most vies plus raises per betting round (a house rule:
            docs/rules/waks.md#raise-cap), 0 for none; applied where the engine offers it.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the table as text) or
            ``"human"`` (``render()`` prints it and returns ``None``).

    Spaces: ``action_space(agent)`` is ``Discrete(N)`` over the engine's action ids;
    ``observation_space(agent)`` is ``Dict{"observation": Box(float32, the observation layout
    of docs/adapters/pettingzoo.md), "action_mask": Box(int8, N)}``; the mask is all zeros
    for an agent not to act.

    Rewards: chips won or lost, given when the deal ends (zero before), less an equal share
    (``carry_in / players``) of a carried-in pot, so they add up to zero
    (:func:`primero.adapters.returns`); a carried-over pot per ``carry_over``. An illegal
    action ends the deal as a forfeit, settled as if the offender had folded and the players
    still in had split the pot (a folded player's chips stay in it and the carried-in pot
    belongs to the players still in, docs/rules/ties.md#side-pots): the
    offender loses what they have in the pot (at least 1 chip), a folded player what they put
    in, and the players still in get their own chips back and share the rest equally: the
    offender's and the folded players' chips and the carried-in pot. Less everyone's equal
    share of the carried-in pot, as in every deal, the rewards add up to zero and the offender
    loses at least their chips in the pot.

    Episodes: one deal with at least one decision. A deal can end before anyone decides
    anything (Primiera: a player served at the first declaration wins at once; a quarter to
    two thirds of Primiera deals, more at more players). Such a deal teaches nothing and breaks
    the AEC contract (every termination would be true right after ``reset``), so ``reset``
    deals again, from the same seeded generator, until a deal needs a decision: the same seed
    always gives the same episode. Every agent's ``infos[agent]["skipped_deals"]`` lists the
    deals skipped on the way, in order, each as what it would have paid every agent
    (``{"player_0": chips, ...}``, zero-sum with ``carry_over="refund"``): paid nothing, they
    are reported, not lost; an empty tuple when none was skipped.

    Raises:
        InvalidParameterError: bad chips, dealer, carry-in, carry-over treatment, raise cap or
            render_mode,
            ``options`` neither text nor a dict with text keys (``{1: 2}``), or players the
            variant's pack cannot serve (the message and its ``parameter`` name it).
        PrimeroError: a bad variant, option or table parameter.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "name": "primero_v0", "is_parallelizable": False,
        "render_fps": 1}

    table: AdapterTable
    possible_agents: list[str]
    agents: list[str]
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, spaces.Discrete]
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    agent_selection: str

    def __init__(self, variant: str = "waks", players: int = 4,
                 chips: int | Sequence[int] = 20, stake: int = 1, rest: int = 3,
                 ante: int | None = None, options: str | dict[str, Any] = "",
                 carry_over: str = "refund", raise_cap: int = 0,
                 render_mode: str | None = None, dealer: int = -1,
                 carry_in: int = 0, stacks: Sequence[int] | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise InvalidParameterError(  # a ValueError too, as PettingZoo's own
                "render_mode", f"None, 'ansi' or 'human', got {named(render_mode)}")
        _check_options(options)
        self.table = AdapterTable.build(variant=variant, options=options, players=players,
                                        chips=chips, stacks=stacks, dealer=dealer,
                                        carry_in=carry_in,
                                        stake=stake, rest=rest, ante=ante,
                                        carry_over=carry_over, raise_cap=raise_cap,
                                        seat_label="player_{seat} (seat {seat})")
        self.render_mode = render_mode
        first = self._first = self.table.start()  # a value: every deal starts from it
        self._encoder = Encoder(self.table)
        self._pieces = observation_layout(self.table)
        self._size = sum(p.size for p in self._pieces)
        actions = first.action_space.size
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(self._size,),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._actions = actions
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}
        self._rng = random.Random()
        self.deal: GameState = first
        self.trail: Trail | None = None  # the decisions; their Moves made when asked for
        self._forfeited = False
        self._dealt = False  # no deal before the first reset(): observe and step refuse
        self._reset_bookkeeping()

    @property
    def moves(self) -> tuple[Move, ...]:
        """The deal's decisions so far, in order."""
        return trail_moves(self.trail)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same for every agent).

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents` (they are named).
        """
        return self._agents_own(self.observation_spaces, agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the engine's action ids.

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents` (they are named).
        """
        return self._agents_own(self.action_spaces, agent)

    def _agents_own(self, by_agent: Mapping[str, spaces.Space[Any]], agent: str) \
            -> spaces.Space[Any]:
        if isinstance(agent, str) and agent in by_agent:
            return by_agent[agent]
        raise KeyError(f"{named(agent)} is not an agent of this environment: "
                       f"{', '.join(self.possible_agents)}")

    def _reset_bookkeeping(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new deal that needs a decision; ``seed`` reseeds the dealing.

        Without a seed the generator runs on. Deals that end before any decision are dealt,
        skipped and reported in ``infos[agent]["skipped_deals"]`` (see the class doc).

        Args:
            seed: Any whole number (a Python or numpy integer); every seed deals its own
                cards, negative ones included (``-5`` does not deal as ``5``).
            options: Unused (PettingZoo's signature; variant options go to the constructor).

        Raises:
            PrimeroError: ``seed`` is not a whole number (a bool, a float, a text).
            DecisionlessTableError: :data:`MAX_DEALS_TRIED` deals in a row ended before any
                decision (the message names the table).
        """
        if seed is not None:
            self._rng = _seeded(seed)
        self._reset_bookkeeping()
        self.trail = None
        self._forfeited = False
        self._dealt = True
        skipped: list[tuple[float, ...]] = []
        deal = self._deal_chance(self._first)
        while deal.over:  # over before any decision (Primiera: served at the first declaration)
            skipped.append(tuple(returns(deal, self.table)))
            if len(skipped) >= MAX_DEALS_TRIED:
                raise DecisionlessTableError(
                    f"{self._describe_table()}: none of {len(skipped)} deals in a row needed a "
                    "decision; an episode must have one", tried=len(skipped))
            deal = self._deal_chance(self._first)
        self.deal = deal
        for agent in self.agents:
            self.infos[agent]["skipped_deals"] = tuple(
                dict(zip(self.possible_agents, paid, strict=True)) for paid in skipped)
        self._after_move()

    def _describe_table(self) -> str:
        table = self.table
        options = ",".join(f"{key}={value}" for key, value in sorted(table.variant.options.items()))
        return (f"table variant={table.variant.name!r} options={options!r} "
                f"players={table.players} chips={list(table.stacks)} dealer={table.dealer} "
                f"carry_in={table.carry_in}")

    def _deal_chance(self, state: GameState) -> GameState:
        rng = self._rng
        while state.pending:  # a chance node (the table deals from outside)
            # the cards that can come (``state.chance.cards``): the stock while it lasts
            cards = state.stock
            if not cards:
                chance = state.chance
                assert chance is not None
                cards = chance.cards
            state = state.deal(rng.choice(cards))
        return state

    def _after_move(self) -> None:
        deal = self.deal
        if deal.over:
            for agent, chips in zip(self.agents, returns(deal, self.table), strict=True):
                self.rewards[agent] = chips
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            assert deal.to_act is not None
            self.agent_selection = self.possible_agents[deal.to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and action mask (fresh arrays).

        Raises:
            PrimeroError: called before the first :meth:`reset` (nothing is dealt yet).
            KeyError: ``agent`` is not one of :attr:`possible_agents` (they are named).
        """
        self._check_dealt("observe")
        seat = self._seats.get(agent)
        if seat is None:
            raise KeyError(f"{named(agent)} is not an agent of this environment: "
                           f"{', '.join(self.possible_agents)}")
        deal = self.deal
        # straight from the state: the values fill_observation writes (tested alike)
        tensor: FloatArray = self._encoder.observation_array(deal, seat)
        if deal.over or self._forfeited or deal.to_act != seat:
            return {"observation": tensor, "action_mask": np.zeros(self._actions, np.int8)}
        ids = deal.legal_action_ids()
        mask = self._masks.get(ids)  # one per set of legal ids, copied: few sets recur
        if mask is None:
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            mask = self._masks[ids] = np.zeros(self._actions, np.int8)
            mask[list(ids)] = 1
        return {"observation": tensor, "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an id); ``None`` for an agent already done.

        For an agent still to act, anything but a legal id (an id off the mask, or a value
        that is no whole number: ``None``, ``1.5``, ``True``, text) is an illegal action: the
        deal ends as a forfeit (see the class doc).

        Raises:
            PrimeroError: called before the first :meth:`reset` (nothing is dealt yet), or
                after every agent has stepped out of a finished deal (``reset()`` is next).
            IllegalActionError: an action other than ``None`` for an agent whose deal is over
                (a ``ValueError`` too, as PettingZoo's own refusal); nothing changes.
        """
        self._check_dealt("step")
        if not self.agents:  # every agent has stepped out of the finished deal
            raise PrimeroError("the deal is over and every agent has stepped out of it: call "
                               "reset() for the next deal")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's own check, a bare ValueError
                what = named(action)
                raise IllegalActionError(
                    f"{agent} cannot play action {what}: the deal is over for it, and the "
                    "only step left is step(None)", reason="the deal is over: step(None)")
            self._was_dead_step(action)
            return
        whole = type(action) is int or (isinstance(action, int | np.integer)
                                         and not isinstance(action, bool | np.bool_))
        deal = self.deal
        if not whole or int(action) not in deal.legal_action_ids():  # type: ignore[arg-type]
            self._forfeit(agent)  # an id off the mask, or no id at all (None, 1.5, True, text)
            return
        chosen = int(action)  # type: ignore[arg-type]
        after = deal.apply(chosen)
        self.trail = Trail(self.trail, deal, chosen, after)
        self.deal = self._deal_chance(after)
        self._cumulative_rewards[agent] = 0.0
        self._after_move()
        if self.deal.over:  # the rewards are zero until the deal ends
            self._accumulate_rewards()
        if self.render_mode is not None:
            self.render()

    def _check_dealt(self, method: str) -> None:
        """Refuse ``method`` before the first reset: the bare env has dealt nothing yet."""
        if not self._dealt:
            refuse_before_reset(method)

    def _forfeit(self, agent: str) -> None:
        """End the deal on ``agent``'s illegal action (see the class doc for the rewards)."""
        offender = self.possible_agents.index(agent)
        seats = self.deal.seats
        claim = self.table.carry_in / self.table.players  # everyone's share of the carry-in
        live = [i for i, s in enumerate(seats) if i != offender and not s.folded] \
            or [i for i in range(len(seats)) if i != offender]  # (a deal over has none)
        lost = [float(max(1, s.contributed)) if i == offender else float(s.contributed)
                for i, s in enumerate(seats)]
        won = (sum(lost[i] for i in range(len(seats)) if i not in live)
               + self.table.carry_in) / len(live)
        rewards = [won - claim if i in live else -lost[i] - claim for i in range(len(seats))]
        self._forfeited = True
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text: every hand, stacks, the last action.

        ``"ansi"`` returns it; ``"human"`` prints it and returns ``None``; no render mode: ``None``.
        """
        if self.render_mode is None:
            return None
        lines = [self.deal.describe()]
        if self.moves:
            last = self.moves[-1]
            lines.append(f"last: {self.possible_agents[last.seat]} {last.text}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
