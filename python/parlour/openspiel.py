"""Every parlour game as an OpenSpiel (``pyspiel``) Python game.

::

    import pyspiel
    import parlour.openspiel

    parlour.openspiel.register()
    game = pyspiel.load_game("parlour_troll_tricker(players=4)")
    state = game.new_initial_state()

:func:`register` registers each game under ``parlour_<id with underscores>``
(``parlour_troll_tricker``, ``parlour_kings_feast``, ...). Its parameters are ``players``,
``seed`` and the game's options (``parlour_holy_matrimony(players=3,target_score=30)``).

How the games map onto OpenSpiel's model:

* **Chance** is ``SAMPLED_STOCHASTIC``, as in OpenSpiel's Tarok: a chance event of these games is
  a whole shuffle or deal, far too many outcomes to list, so each chance node has one outcome,
  action ``0`` (probability 1), and applying it draws the real outcome. The first chance node of
  a game (the deal) draws a fresh seed from the OpenSpiel game's own stream, started from its
  ``seed`` parameter (``-1``: from the operating system), so every ``new_initial_state()`` is a
  new deal; later chance nodes of that game are drawn from that game's seed. Runs are therefore
  reproducible for a given ``seed`` and sequence of calls.
* **Information** is imperfect; **utility** is each seat's win share at the end (1 for a sole
  winner, ``1/k`` for ``k`` tied winners, 0 otherwise), so between 0 and 1. It is general-sum:
  some games can end with no winner (Reading the Play's all-lose end, a lost King's Feast).
  The **reward model** is terminal.
* **Dynamics**: a game that declares simultaneous nodes (``simultaneous`` in
  ``parlour.games()``: Holy Matrimony, Reading the Play) is ``SIMULTANEOUS``: where several
  seats commit at once, ``current_player()`` is ``SIMULTANEOUS`` and ``apply_actions`` takes one
  id per seat (``legal_actions(p)`` is empty for a seat that does not act there). Its other
  nodes are sequential, as OpenSpiel allows. The other games are ``SEQUENTIAL``.
* **Game length**: ``max_game_length()`` is the game's declared bound on player actions for its
  players and options, times the most ids an action is spelt by (``parlour.limits``). A game
  that declares no bound (its options turn the limits off, or none is derived) gets
  ``100_000``, which is not a proven bound.
* **Actions** are the game's fixed action ids (``num_distinct_actions()``). An action spelt by
  several ids is stepped id by id by the same player; the ids chosen so far are part of its
  observation and information state.
* **Observations**: the observation tensor is the game's encoding (plus the pending ids); the
  observation string is the seat's view as text, with its pending ids. The information-state
  string adds the seat's own past action ids (everything a seat did, it remembers); the
  information-state tensor is the observation tensor. Both hold only what the seat may know, and
  are the same in every state :meth:`resample_from_infostate` draws for that seat.
* :meth:`ParlourState.resample_from_infostate` is the engine's exact determinization
  (``Game.resample``): the hidden cards redrawn consistently with all the seat knows.
* States do not serialize through OpenSpiel's history (sampled chance); ``state.native`` is the
  engine's game, and ``state.native.record()`` its record.

OpenSpiel's Python information-set MCTS (``open_spiel.python.algorithms.ismcts``) plays these
games. The C++ ``pyspiel.ISMCTSBot`` cannot: it calls the C++ ``ResampleFromInfostate``, which a
Python game cannot provide to C++.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np
import pyspiel

from parlour import _native

__all__ = [
    "ParlourGame",
    "ParlourState",
    "game_id_of",
    "register",
    "short_name",
]

_PREFIX = "parlour_"
_types: dict[str, pyspiel.GameType] = {}


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a parlour game: ``troll-tricker`` -> ``parlour_troll_tricker``."""
    return _PREFIX + game_id.replace("-", "_")


def game_id_of(name: str) -> str:
    """The parlour id of an OpenSpiel short name: ``parlour_troll_tricker`` -> ``troll-tricker``."""
    if not name.startswith(_PREFIX):
        raise ValueError(f"{name!r} is not a parlour game's OpenSpiel name")
    return name[len(_PREFIX) :].replace("_", "-")


def register() -> list[str]:
    """Registers every parlour game with OpenSpiel (once; later calls do nothing) and returns
    their short names."""
    names = []
    for info in _native.games():
        name = short_name(info["id"])
        names.append(name)
        if name in _types:
            continue
        game_type = _game_type(info)
        # OpenSpiel keeps the factory until the process ends. A class (one per game) rather than
        # a closure: a class lives in a reference cycle, so OpenSpiel's last release of it at
        # exit, made without the interpreter's lock, frees nothing (freeing a closure there
        # aborts the interpreter).
        factory = type(
            f"ParlourGame_{info['id'].replace('-', '_')}",
            (ParlourGame,),
            {"_info": info, "_game_type": game_type, "__module__": __name__},
        )
        pyspiel.register_game(game_type, factory)
        _types[name] = game_type
    return names


def _parameter(option: dict[str, Any]) -> bool | int | str:
    """An option's default as an OpenSpiel parameter (bool, int or str)."""
    kind, default = option["kind"], option["default"]
    if kind == "flag":
        return bool(default)
    if kind == "int":
        return int(default)
    return str(default)


def _game_type(info: dict[str, Any]) -> pyspiel.GameType:
    params: dict[str, bool | int | str] = {"players": int(info["default_players"]), "seed": 0}
    for option in info["options"]:
        if option["id"] in params:
            raise ValueError(f"{info['id']}: option {option['id']!r} clashes with a parameter")
        params[option["id"]] = _parameter(option)
    simultaneous = bool(info["simultaneous"])
    return pyspiel.GameType(
        short_name=short_name(info["id"]),
        long_name=f"parlour {info['name']}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=int(info["max_players"]),
        min_num_players=int(info["min_players"]),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class _Cell:
    """Holds a state's native game. OpenSpiel clones a Python state by deep-copying its
    attributes; this copies the game with the engine's own clone."""

    __slots__ = ("game", "seeded", "steps")

    def __init__(self, game: _native.Game, seeded: bool, steps: list[str]) -> None:
        self.game = game
        # Whether this game's chance stream is its own yet (see ParlourState._apply_action).
        self.seeded = seeded
        # Per seat, the ids it has stepped, as text (strings are immutable: copies share them).
        self.steps = steps

    def __deepcopy__(self, memo: dict) -> _Cell:
        return _Cell(self.game.clone(), self.seeded, list(self.steps))

    def stepped(self, seat: int, action: int) -> None:
        self.steps[seat] += f" {action}"


class ParlourGame(pyspiel.Game):
    """One parlour game with fixed players and options, as an OpenSpiel game.

    :func:`register` makes one subclass per game, which sets ``_info`` and ``_game_type``."""

    _info: dict[str, Any]
    _game_type: pyspiel.GameType

    def __new__(cls, params: dict[str, Any] | None = None) -> ParlourGame:
        # Bad parameters raise here, before an OpenSpiel object exists: one whose __init__
        # failed would be left half made.
        cls._settings(params)
        return super().__new__(cls)

    @classmethod
    def _settings(
        cls, params: dict[str, Any] | None
    ) -> tuple[dict[str, Any], int, dict[str, Any], _native.Game]:
        """The full parameters, the seed, the options that differ from their defaults, and the
        game at its first chance node. Raises ``ValueError`` for a player count or options the
        game refuses."""
        defaults = cls._game_type.parameter_specification
        params = dict(params or {})
        unknown = set(params) - set(defaults)
        if unknown:
            raise ValueError(f"{cls._info['id']}: unknown parameters {sorted(unknown)}")
        players = int(params.get("players", defaults["players"]))
        seed = int(params.get("seed", defaults["seed"]))
        options = {
            k: v for k, v in params.items() if k not in ("players", "seed") and v != defaults[k]
        }
        root = _native.Game(cls._info["id"], players, options, seed=0, explicit_chance=True)
        return dict(params, players=players, seed=seed), seed, options, root

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params, seed, options, root = self._settings(params)
        self.game_id: str = self._info["id"]
        self.options: dict[str, Any] = options
        self._root = root
        self._observation_len = int(np.prod(root.observation_shape))
        self._rng = random.Random(seed if seed >= 0 else None)
        super().__init__(
            self._game_type,
            pyspiel.GameInfo(
                num_distinct_actions=root.num_distinct_actions,
                max_chance_outcomes=1,
                num_players=root.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=_max_game_length(self.game_id, root.players, options),
            ),
            params,
        )

    def new_initial_state(self) -> ParlourState:
        """A new game before its first chance node (the deal); each is dealt from a new seed."""
        return ParlourState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> _Observer:
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return _Observer(self, iig_obs_type)

    def native(self) -> _native.Game:
        """A fresh native game with this game's players and options (at its first chance node)."""
        return self._root.clone()

    def _next_seed(self) -> int:
        return self._rng.getrandbits(63)


class ParlourState(pyspiel.State):
    """A parlour game in progress, as an OpenSpiel state; ``native`` is the engine's game."""

    def __init__(self, game: ParlourGame, cell: _Cell | None = None) -> None:
        super().__init__(game)
        if cell is None:
            cell = _Cell(game.native(), seeded=False, steps=[""] * game.num_players())
        self._cell = cell

    @property
    def native(self) -> _native.Game:
        """The engine's game behind this state (the full state: never show it to a player)."""
        return self._cell.game

    # Flow -------------------------------------------------------------------------------

    def current_player(self) -> int:
        g = self._cell.game
        player = g.node_player()
        if player == _native.SIMULTANEOUS and not self._is_simultaneous_game():
            # Not expected in a sequential game; seats would then act in seat order.
            return g.current_player()
        return player

    def _is_simultaneous_game(self) -> bool:
        return self.get_game().get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS

    def is_terminal(self) -> bool:
        return self._cell.game.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self._cell.game.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # Sampled chance: one placeholder outcome; applying it draws the real one.
        return [(0, 1.0)]

    def _apply_action(self, action: int) -> None:
        cell = self._cell
        if cell.game.is_chance():
            if action != 0:
                raise _native.IllegalAction(f"the chance outcome is action 0, not {action}")
            if not cell.seeded:
                g = cell.game
                if g.log(None):
                    raise RuntimeError(
                        f"{g.id}: the game acted before its first chance node; it cannot be dealt "
                        "from a new seed"
                    )
                cell.game = _native.Game(
                    g.id,
                    g.players,
                    self.get_game().options,
                    seed=self.get_game()._next_seed(),
                    explicit_chance=True,
                )
                cell.seeded = True
            cell.game.draw_chance()
            return
        seat = cell.game.current_player()
        cell.game.apply(seat, int(action))
        cell.stepped(seat, int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        cell = self._cell
        for seat in cell.game.to_act():
            cell.game.apply(seat, int(actions[seat]))
            cell.stepped(seat, int(actions[seat]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "chance (drawn from the seed)"
        return self._cell.game.action_id_text(int(action))

    def returns(self) -> list[float]:
        return [float(r) for r in self._cell.game.returns()]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        """The table as a spectator sees it, then as each seat sees it (its hidden cards)."""
        g = self._cell.game
        parts = [g.view_text(None)]
        for seat in range(g.players):
            parts.append(f"-- seat {seat}:")
            parts.append(self.observation_text(seat))
        return "\n".join(parts)

    # Hidden information ------------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> ParlourState:
        """A state ``player_id`` cannot tell from this one (OpenSpiel's ISMCTS uses it): the
        engine's exact determinization, seeded from ``probability_sampler``."""
        seed = int(probability_sampler() * 2.0**53)
        other = self.clone()
        other._cell = _Cell(
            self._cell.game.resample(int(player_id), seed), seeded=True, steps=other._cell.steps
        )
        return other

    def observation_text(self, player: int) -> str:
        """``player``'s view as text, with the ids of an action it has begun."""
        g = self._cell.game
        text = g.view_text(player)
        pending = g.pending(player)
        if pending:
            text += "\npending: " + " ".join(g.action_id_text(i) for i in pending)
        return text

    def information_state_text(self, player: int) -> str:
        """The observation text and every id ``player`` has stepped so far."""
        return self.observation_text(player) + "\nstepped:" + self._cell.steps[player]


class _Observer:
    """OpenSpiel's observer for a parlour game: the seat's tensor and text."""

    def __init__(self, game: ParlourGame, iig_obs_type: pyspiel.IIGObservationType | None):
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "parlour games observe as one seat: its public and private information "
                f"(asked for {iig_obs_type})"
            )
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(game._observation_len, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourState, player: int) -> None:
        self.tensor[:] = state._cell.game.observation(player)

    def string_from(self, state: ParlourState, player: int) -> str:
        if self._perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


def _max_game_length(game_id: str, players: int, options: dict[str, Any]) -> int:
    """The game's bound on player steps (ids), or the fallback where it declares none."""
    bound = _native.limits(game_id, players, options)["max_action_ids"]
    if bound is not None:
        return int(bound)
    return _FALLBACK_MAX_GAME_LENGTH


#: For a game that declares no bound on its length: not a proven bound.
_FALLBACK_MAX_GAME_LENGTH = 100_000
