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
  ``parlour.games()``: Holy Matrimony, Reading the Play) is ``SIMULTANEOUS``, and every
  decision node of it is a simultaneous node (``current_player()`` is ``SIMULTANEOUS``):
  ``apply_actions`` takes one id per player, and a player that does not act at that node has
  one legal action, ``0``, a pass whose entry is ignored (OpenSpiel's convention, as in its
  dynamic routing game). So OpenSpiel's ``rl_environment``, which asks every agent at each step
  of a simultaneous game, works with its ``RandomAgent``. ``legal_actions()`` there lists the
  flat joint actions, which ``apply_action`` takes too. The other games are ``SEQUENTIAL``.
* **Game length**: ``max_game_length()`` is the engine's bound on the action ids of a game with
  these players and options (``max_action_ids`` of ``parlour.limits``): its bound on player
  actions times the most ids an action is spelt by. Haunted has no bound on actions (no rule
  caps the plays of a turn), so the engine declares a budget from its ``round_limit`` instead:
  256 ids a turn slot, ten times what random play takes. Where the options switch the limits
  off (``round_limit=0``, Reading the Play's ``turn_limit=0``) nothing bounds a game, and it is
  :data:`UNBOUNDED_MAX_GAME_LENGTH`.
* **Errors**: an illegal action raises ``parlour.IllegalAction`` (a ``ValueError``) and changes
  nothing, so does any action after the end; ``apply_actions`` with other than one entry per
  player raises ``ValueError``. A joint action is checked whole before any of it is applied.
* **Seeds**: ``seed=-1`` draws the game's seed stream from the operating system, as OpenSpiel's
  ``-1`` means.
* **Pickling and serialization**: games pickle by name and parameters; states pickle and
  serialize (``state.serialize()``, ``game.deserialize_state(text)``) with the native game as
  its record (seed, chance outcomes, actions): a restored state plays on exactly as the
  original would, its chance drawn from the same point of its seed's stream. A state from
  ``resample_from_infostate`` has no record and cannot be serialized.
  ``pyspiel.serialize_game_and_state`` and ``random_sim_test(serialize=True)`` do not work:
  for a sampled-stochastic game they save the game's RNG state (``Game::GetRNGState``), which
  pyspiel gives a Python game no way to provide.
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
* ``state.native`` is the engine's game, and ``state.native.record()`` its record.

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
    "HAUNTED_IDS_PER_SLOT",
    "UNBOUNDED_MAX_GAME_LENGTH",
    "ParlourGame",
    "ParlourState",
    "game_id_of",
    "max_game_length",
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
    attributes; this copies the game with the engine's own clone. It pickles as the game's
    record (``parlour.Game`` pickles so), which is how a state serializes."""

    __slots__ = ("game", "seeded", "steps", "legal_for", "legal")

    def __init__(self, game: _native.Game, seeded: bool, steps: list[list[int]]) -> None:
        self.game = game
        # Whether this game's chance stream is its own yet (see ParlourState._apply_action).
        self.seeded = seeded
        # Per seat, the ids it has stepped.
        self.steps = steps
        # The legal ids of one player at this node, kept until the next step.
        self.legal_for: int | None = None
        self.legal: list[int] = []

    def __deepcopy__(self, memo: dict) -> _Cell:
        other = _Cell(self.game.clone(), self.seeded, [list(s) for s in self.steps])
        # Shared, never changed in place: a step replaces the list.
        other.legal_for, other.legal = self.legal_for, self.legal
        return other

    def __getstate__(self) -> tuple[_native.Game, bool, list[list[int]]]:
        return self.game, self.seeded, self.steps

    def __setstate__(self, state: tuple[_native.Game, bool, list[list[int]]]) -> None:
        self.__init__(*state)  # type: ignore[misc]


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
        game at its first chance node. Raises ``ValueError`` for a player count, seed or options
        the game refuses."""
        defaults = cls._game_type.parameter_specification
        params = dict(params or {})
        unknown = set(params) - set(defaults)
        if unknown:
            raise ValueError(f"{cls._info['id']}: unknown parameters {sorted(unknown)}")
        players = int(params.get("players", defaults["players"]))
        seed = int(params.get("seed", defaults["seed"]))
        if seed < -1:
            raise ValueError(f"{cls._info['id']}: seed {seed} is negative (-1: a random seed)")
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
        self._simultaneous = bool(self._info["simultaneous"])
        # OpenSpiel's convention: seed -1 draws a seed from the operating system.
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
                max_game_length=max_game_length(self.game_id, root.players, options),
            ),
            params,
        )

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        # Loaded again by name and parameters, as OpenSpiel loads a game from its string.
        return _load_game, (self._game_type.short_name, dict(self.get_parameters()))

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


def _load_game(name: str, params: dict[str, Any]) -> pyspiel.Game:
    register()
    return pyspiel.load_game(name, params)


def _load_state(game: pyspiel.Game, text: str) -> ParlourState:
    state: ParlourState = game.deserialize_state(text)
    return state


_CHANCE = pyspiel.PlayerId.CHANCE
_SIMULTANEOUS = pyspiel.PlayerId.SIMULTANEOUS
_TERMINAL = pyspiel.PlayerId.TERMINAL


class ParlourState(pyspiel.State):
    """A parlour game in progress, as an OpenSpiel state; ``native`` is the engine's game.

    It pickles, and serializes (``serialize()``, ``game.deserialize_state``), as the game's
    record: the seed and every chance outcome and action so far."""

    def __init__(self, game: ParlourGame, cell: _Cell | None = None) -> None:
        super().__init__(game)
        if cell is None:
            cell = _Cell(game.native(), seeded=False, steps=[[] for _ in range(game.num_players())])
        self._cell = cell
        self._simultaneous = game._simultaneous
        self._player = self._node()

    @property
    def native(self) -> _native.Game:
        """The engine's game behind this state (the full state: never show it to a player)."""
        return self._cell.game

    def __reduce__(self) -> tuple[Any, tuple[pyspiel.Game, str]]:
        # Not pyspiel.serialize_game_and_state: it needs the game's RNG state, which pyspiel
        # lets no Python game give.
        return _load_state, (self.get_game(), self.serialize())

    # Flow -------------------------------------------------------------------------------

    def _node(self) -> int:
        """OpenSpiel's player of this node. In a simultaneous game every decision node is a
        simultaneous node (see :meth:`_legal_actions`); a sequential game has none (the
        registry's ``simultaneous`` says so, and the tests check it)."""
        player: int = self._cell.game.node_player()
        return _SIMULTANEOUS if player >= 0 and self._simultaneous else player

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    # The next three answer a call from Python here, as pyspiel's own would, without the round
    # trips through C++ back into this class that cost more than the engine's step. Calls from
    # C++ (OpenSpiel's algorithms) reach the same answers through current_player and
    # _legal_actions.

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_simultaneous_node(self) -> bool:
        return self._player == _SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's: the legal actions of ``player`` (default: the current player; at a
        chance node its outcomes, at the end none)."""
        node = self._player
        if player is None:
            player = node
        if node == _TERMINAL:
            return []
        if node == _CHANCE:
            return [0]
        if player == node >= 0:
            # A fresh list from the engine: the cache is for C++ callers, which ask again.
            return self._cell.game.legal_action_ids(player)
        if player == node or (player >= 0 and node == _SIMULTANEOUS):
            return list(self._legal_actions(player))
        if player < 0:
            raise ValueError(f"no legal actions for the pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        cell = self._cell
        if cell.legal_for == player:
            return cell.legal
        if player == _SIMULTANEOUS:
            # Flat joint actions: one number per combination of the players' actions.
            legal = list(range(self._joint_count()))
        elif self._player == _SIMULTANEOUS and player not in cell.game.to_act():
            # A seat that does not act at a simultaneous node has one action, 0, a pass
            # (OpenSpiel's convention, as in its dynamic routing game).
            legal = [0]
        else:
            legal = cell.game.legal_action_ids(player)
        cell.legal_for, cell.legal = player, legal
        return legal

    def _joint_count(self) -> int:
        count = 1
        for p in range(self._cell.game.players):
            count *= len(self._legal_actions(p))
        return count

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # Sampled chance: one placeholder outcome; applying it draws the real one.
        return [(0, 1.0)]

    def _apply_action(self, action: int) -> None:
        player = self._player
        cell = self._cell
        if player >= 0:
            cell.game.apply(player, action)
            cell.steps[player].append(action)
            cell.legal_for = None
            node = cell.game.node_player()
            self._player = _SIMULTANEOUS if node >= 0 and self._simultaneous else node
            return
        if player == _CHANCE:
            if action != 0:
                raise _native.IllegalAction(f"the chance outcome is action 0, not {action}")
            self._draw_chance()
        elif player == _SIMULTANEOUS:
            self._apply_joint(self._unflatten(action))
            return
        else:
            raise _native.IllegalAction(f"the game is over: action {action} cannot be applied")
        cell.legal_for = None
        self._player = self._node()

    def _draw_chance(self) -> None:
        cell = self._cell
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

    def _unflatten(self, flat: int) -> list[int]:
        """The players' actions of a flat joint action (OpenSpiel's order: player 0's choice
        varies fastest)."""
        count = self._joint_count()
        if not 0 <= flat < count:
            raise _native.IllegalAction(
                f"joint action {flat} is out of range (this node has {count})"
            )
        actions = []
        for p in range(self._cell.game.players):
            legal = self._legal_actions(p)
            flat, i = divmod(flat, len(legal))
            actions.append(legal[i])
        return actions

    def _apply_actions(self, actions: list[int]) -> None:
        player = self._player
        if player == _SIMULTANEOUS:
            self._apply_joint(actions)
        elif player >= 0:
            # A sequential node: the acting player's entry is its action.
            self._check_joint_length(actions)
            self._apply_action(actions[player])
        elif player == _CHANCE:
            raise _native.IllegalAction(
                "a chance node: apply its outcome with apply_action(0), not apply_actions"
            )
        else:
            raise _native.IllegalAction("the game is over: no actions can be applied")

    def _check_joint_length(self, actions: list[int]) -> None:
        n = self._cell.game.players
        if len(actions) != n:
            raise ValueError(
                f"apply_actions takes one action for each of the {n} players, "
                f"got {len(actions)}: {list(actions)}"
            )

    def _apply_joint(self, actions: list[int]) -> None:
        """Each acting seat's action, all checked before any is applied; the entries of the
        seats that do not act are ignored."""
        self._check_joint_length(actions)
        cell = self._cell
        acting = cell.game.to_act()
        for seat in acting:
            if actions[seat] not in self._legal_actions(seat):
                raise _native.IllegalAction(
                    f"player {seat} cannot take action {actions[seat]} now "
                    f"(its legal actions: {self._legal_actions(seat)})"
                )
        for seat in acting:
            cell.game.apply(seat, actions[seat])
            cell.steps[seat].append(actions[seat])
        cell.legal_for = None
        self._player = self._node()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return "chance (drawn from the seed)"
        if player == _SIMULTANEOUS:
            return "joint: " + ", ".join(
                self._cell.game.action_id_text(a) for a in self._unflatten(action)
            )
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
        stepped = "".join(f" {a}" for a in self._cell.steps[player])
        return self.observation_text(player) + "\nstepped:" + stepped


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


def max_game_length(game_id: str, players: int, options: dict[str, Any]) -> int:
    """OpenSpiel's ``max_game_length`` of a game with these players and options: the engine's
    bound on its action ids (``max_action_ids`` of ``parlour.limits``), else
    :data:`UNBOUNDED_MAX_GAME_LENGTH`."""
    bound = _native.limits(game_id, players, options)["max_action_ids"]
    return int(bound) if bound is not None else UNBOUNDED_MAX_GAME_LENGTH


#: Informational only: the ids a Haunted turn slot may take in the engine's budget for its
#: length, which :func:`max_game_length` reads from the engine (``parlour.limits``).
#: Kept for code that read it; changing it changes nothing.
HAUNTED_IDS_PER_SLOT = 256

#: For a game with no bound on its length (limits switched off by its options): not a bound.
UNBOUNDED_MAX_GAME_LENGTH = 100_000
