"""PettingZoo AEC environments for every parlour game.

::

    from parlour.pettingzoo import env

    e = env("troll-tricker", players=4, seed=1)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        done = terminated or truncated
        e.step(None if done else e.action_space(agent).sample(obs["action_mask"]))

Agents are ``player_0`` ... ``player_{n-1}`` (seat order). An observation is a dict with
``observation`` (the game's encoding, float32, plus the acting seat's pending ids where actions
take several ids; its box bounds each entry by the range its part of
``observation_layout()`` declares) and ``action_mask`` (int8, 1 for each id the agent may step now), like
PettingZoo's classic environments. Actions are the game's fixed action ids
(``Discrete(num_distinct_actions)``). An action that takes several ids is stepped id by id by the
same agent, which stays selected until it is complete.

Rewards come at the end only: each agent's win share (1 for a sole winner, ``1/k`` for each of
``k`` tied winners, 0 otherwise).

Where several seats act at once (simultaneous secret commitments, as in Holy Matrimony), the
environment lets them act one after another in seat order. Each commitment stays hidden from the
others (their observations and views show only that a seat has committed) until all are in and
revealed together, so acting in turn gives nobody an advantage.

Chance (shuffles and deals) is drawn from the seed inside the game: after ``reset(seed=s)`` (or
``env(seed=s)``) the ``k``-th game from 0 is seeded ``parlour.game_seed(s, 0, k)``, a hash of both,
so environments seeded 1, 2, ... (parallel workers, say) never play each other's games.

An illegal action raises :class:`parlour.IllegalAction` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlour import _native

__all__ = ["env", "raw_env"]


def env(
    game_id: str,
    players: int | None = None,
    options: dict[str, Any] | str | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> AECEnv:
    """The AEC environment of ``game_id``, wrapped as PettingZoo's classic environments are
    (actions checked against the action space, calls checked for order).

    ``players`` defaults to the game's usual count; ``options`` are the game's options (a dict or
    ``"k=v,..."``); ``seed`` is the first game's seed (random when ``None``); ``render_mode`` is
    ``"ansi"`` or ``"human"``; ``max_cycles`` truncates a game after that many cycles (one cycle
    is ``players`` steps)."""
    e: AECEnv = raw_env(game_id, players, options, seed, render_mode, max_cycles)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """The unwrapped AEC environment of one parlour game; see the module's documentation."""

    metadata = {
        "name": "parlour_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: dict[str, Any] | str | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        probe = _native.Game(game_id, players, options, seed=0)
        self.game_id = game_id
        self.options = options
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = dict(self.metadata, name=f"parlour_{game_id.replace('-', '_')}_v0")
        self.players: int = probe.players
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}

        n_ids = probe.num_distinct_actions
        # Each entry's bounds are those its part of the layout declares (the game's encoding,
        # then the ids of an action begun, which are flags).
        self._layout = probe.observation_layout()
        low = np.zeros(probe.observation_shape, dtype=np.float32)
        high = np.zeros(probe.observation_shape, dtype=np.float32)
        for part in self._layout:
            end = part["offset"] + int(np.prod(part["shape"]))
            low[part["offset"] : end] = part["low"]
            high[part["offset"] : end] = part["high"]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n_ids,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_ids) for a in self.possible_agents}

        # The seed the games derive from and the number of the next game.
        self._seed = None if seed is None else int(seed)
        self._game_number = 0
        self.game: _native.Game | None = None
        self._steps = 0

    # Spaces -------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observation_layout(self) -> list[dict[str, Any]]:
        """The named parts of ``observation`` (``parlour.Game.observation_layout``)."""
        return [dict(part) for part in self._layout]

    # The AEC API --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Starts a new game: the first of ``seed`` if given, else the next of the last seed
        (``parlour.game_seed(seed, 0, k)`` for the ``k``-th game from 0).

        ``options`` is accepted for the API's sake and ignored: a game's options are fixed when
        the environment is made."""
        if seed is not None:
            self._seed, self._game_number = int(seed), 0
        elif self._seed is None:
            self._seed = int(np.random.default_rng().integers(0, 2**63))
        game_seed = _native.game_seed(self._seed, 0, self._game_number)
        self._game_number += 1
        self.game = _native.Game(self.game_id, self.players, self.options, seed=game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._require_game()
        seat = self._seat[agent]
        return {
            "observation": game.observation(seat),
            "action_mask": game.legal_action_mask(seat).astype(np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for finished agents")
        game = self._require_game()
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        game.apply(seat, int(action))
        self._steps += 1

        if game.is_terminal():
            returns = game.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            # Every agent now takes its final (dead) step, from the one after the last mover.
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            if self.max_cycles is not None and self._steps >= self.max_cycles * self.players:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it (no hidden cards), as text.

        ``"ansi"`` returns it; ``"human"`` prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        game = self._require_game()
        text = game.view_text(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None

    # Helpers ------------------------------------------------------------------------------

    def _require_game(self) -> _native.Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _agent_to_act(self) -> str:
        game = self._require_game()
        seat = game.current_player()
        if seat < 0:
            # Chance is drawn inside the game, so only the end leaves no seat to act.
            seat = 0
        return self.possible_agents[seat]
