"""Type stubs of the compiled module ``parlour._native`` (the Rust engine)."""

from typing import Any, Literal, Optional, Sequence, TypedDict, Union, final

import numpy as np
import numpy.typing as npt
from typing_extensions import NotRequired

__all__ = [
    "IllegalAction",
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "games",
    "limits",
    "bot",
    "game_seed",
    "Game",
    "Bot",
    "VectorEnv",
]

CHANCE: Literal[-1]
"""``current_player()`` at a chance node (only with ``explicit_chance``)."""
SIMULTANEOUS: Literal[-2]
"""Marks a node where several seats act at once (as OpenSpiel's player id)."""
TERMINAL: Literal[-4]
"""``current_player()`` once the game is over."""

class OptionInfo(TypedDict):
    id: str
    help: str
    kind: Literal["flag", "int", "choice", "seat", "text"]
    default: Any
    min: NotRequired[int]
    """Only for ``int`` options, as ``max``."""
    max: NotRequired[int]
    choices: NotRequired[list[str]]
    """Only for ``choice`` options."""

class GameInfo(TypedDict):
    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    players_at_defaults: list[int]
    """The player counts the default options allow (the rest of ``min_players`` to
    ``max_players`` need an option, such as Reading the Play's ``two_player``)."""
    summary: str
    first_player: Literal["chance", "play", "fixed"]
    simultaneous: bool
    max_steps: Optional[int]
    options: list[OptionInfo]
    has_solver: bool

class Limits(TypedDict):
    max_steps: Optional[int]
    max_action_ids: Optional[int]
    observation_low: float
    observation_high: float

class LayoutPart(TypedDict):
    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str
    low: float
    high: float

class Outcome(TypedDict):
    scores: list[int]
    winners: list[int]

def games() -> list[GameInfo]:
    """Every registered game with its player counts and options."""

class IllegalAction(ValueError):
    """An action (or action id) the rules do not allow here; the game is unchanged."""

Options = Union[dict[str, Any], str, None]

def limits(game_id: str, players: Optional[int] = None, options: Options = None) -> Limits:
    """What bounds a game with these players and options: the most player actions
    (``max_steps``, ``None`` where the game declares no bound) and action ids
    (``max_action_ids``: a budget where the game has no bound on actions, ``None`` where
    nothing bounds it), and the least and most any entry of the game's encoding takes."""

@final
class Game:
    """One game with its seeded chance stream and its history. ``seed`` is 0..2**64-1
    (``ValueError`` otherwise), as every seed of this module is."""

    id: str
    name: str
    players: int
    seed: int
    num_distinct_actions: int
    """How many action ids there are (the same at every node)."""
    observation_shape: tuple[int]
    """Shape of :meth:`observation`: the game's encoding, then (if ``max_spelling_len > 1``)
    one slot per action id, set for the acting seat's pending ids."""
    game_observation_shape: tuple[int]
    """Shape of the game's own encoding (the first part of an observation)."""
    max_spelling_len: int
    """The most ids one action takes (1 where every action is one id)."""
    explicit_chance: bool
    """Whether chance nodes wait for :meth:`draw_chance` or :meth:`apply_chance`."""

    def __new__(
        cls,
        game_id: str,
        players: Optional[int] = None,
        options: Options = None,
        seed: int = 0,
        explicit_chance: bool = False,
    ) -> Game: ...
    def observation_layout(self) -> list[LayoutPart]:
        """The observation's named parts in order (``name``, ``offset``, ``shape``, ``meaning``,
        and ``low``/``high``, the range of its entries)."""
    def to_act(self) -> list[int]:
        """Seats to act now (several at a simultaneous node; none at chance or the end)."""
    def current_player(self) -> int:
        """The lowest seat to act (the seat with an open spelling first), ``CHANCE`` or
        ``TERMINAL``."""
    def node_player(self) -> int:
        """As OpenSpiel's ``current_player``: ``SIMULTANEOUS`` where several seats act at once,
        else :meth:`current_player`."""
    def is_terminal(self) -> bool: ...
    def is_chance(self) -> bool: ...
    def is_simultaneous(self) -> bool: ...
    def legal_actions(self, seat: int) -> list[str]:
        """``seat``'s legal whole actions in notation, in the rules' order."""
    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids ``seat`` may step next (after its pending ids), ascending."""
    def legal_action_mask(self, seat: int) -> npt.NDArray[np.bool_]:
        """``legal_action_ids`` as a mask of length ``num_distinct_actions``."""
    def pending(self, seat: int) -> list[int]:
        """The ids of an action ``seat`` has begun spelling and not finished."""
    def apply(self, seat: int, action: Union[str, int]) -> Optional[str]:
        """Applies a whole action (``str``, in notation) or one id step (``int``).

        Returns the notation of the action completed, or ``None`` while a spelling is still
        open. Raises :class:`IllegalAction` and changes nothing if it is not allowed."""
    def action_ids(self, seat: int, action: str) -> list[int]:
        """The ids that spell ``seat``'s legal ``action``."""
    def action_id_text(self, id: int) -> str:
        """A short name of an action id, the same at every node."""
    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation tensor (only what ``seat`` may know)."""
    def chance_hint(self) -> Optional[str]:
        """What chance event is due, or ``None``."""
    def draw_chance(self) -> str:
        """Draws the due chance outcome from the seed, applies it and returns its text."""
    def apply_chance(self, text: str) -> None:
        """Applies a stated chance outcome."""
    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator), as JSON-like data."""
    def view_text(self, seat: Optional[int] = None) -> str:
        """What ``seat`` sees, as text for people."""
    def scores(self) -> list[int]: ...
    def outcome(self) -> Optional[Outcome]: ...
    def returns(self) -> list[float]:
        """Win share per seat once the game is over (``1/k`` for each of ``k`` tied winners),
        zeros before."""
    def round(self) -> int: ...
    def log(self, seat: Optional[int] = None) -> list[str]:
        """The game's events as ``seat`` saw them."""
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any, /) -> "Game": ...
    def record(self) -> str:
        """The game record (JSON) that replays to this state."""
    @staticmethod
    def from_record(text: str, explicit_chance: bool = False) -> "Game":
        """The game a record (as :meth:`record` writes it) leads to."""
    def secrets(self, seat: Optional[int] = None) -> list[str]:
        """What is hidden from ``seat``, for leak tests."""
    def resample(self, seat: int, seed: int) -> "Game":
        """A game ``seat`` cannot tell from this one, the hidden cards drawn anew from
        ``seed``. It keeps no record."""

@final
class Bot:
    name: str
    def act(self, game: Game, seat: int) -> str:
        """A legal whole action for ``seat``, chosen from ``seat``'s view alone."""

def bot(name: str, seed: int = 0) -> Bot:
    """A bot by name: ``random``, ``greedy``, ``ismcts:easy|medium|hard``, ``ismcts:<N>``,
    ``ismcts:<N>ms``, or a game's own policy such as ``solver``."""

def game_seed(seed: int, env: int = 0, game: int = 0) -> int:
    """The seed of env ``env``'s ``game``-th game in a ``VectorEnv`` seeded ``seed`` (a hash of
    all three); PettingZoo's ``env(seed=s)`` plays ``game_seed(s, 0, k)`` as its ``k``-th game."""

@final
class VectorEnv:
    """Many games of one kind stepped at once (in parallel, without the GIL)."""

    num_envs: int
    players: int
    num_distinct_actions: int
    observation_shape: tuple[int]

    def __new__(
        cls,
        game_id: str,
        num_envs: int,
        players: Optional[int] = None,
        seed: int = 0,
        options: Options = None,
        opponents: Optional[str] = None,
        learner_seats: Optional[Sequence[int]] = None,
        rewards: str = "win-share",
    ) -> VectorEnv: ...
    @property
    def seed(self) -> int:
        """The seed the games derive from (the last given to ``reset``)."""
    @property
    def rewards(self) -> str:
        """``"win-share"`` or ``"score-delta"``."""
    def reset(
        self, seed: Optional[int] = None, observe: bool = True
    ) -> tuple[Optional[npt.NDArray[np.float32]], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """``(obs [N, L], mask [N, A], current [N])`` of new games (``obs`` is ``None`` with
        ``observe=False``): with ``seed``, everything starts over from it; without, each env
        moves on to its next game."""
    @property
    def final_observation(self) -> npt.NDArray[np.float32]:
        """``[N, L]``: the last observation of each game that ended in the last step (of the
        seat that stepped it); NaN rows elsewhere, and everywhere after ``observe=False``."""
    @property
    def final_scores(self) -> npt.NDArray[np.float32]:
        """``[N, players]``: final scores of the games that ended in the last step; NaN
        elsewhere."""
    @property
    def final_returns(self) -> npt.NDArray[np.float32]:
        """``[N, players]``: win shares of the games that ended in the last step; NaN
        elsewhere."""
    def game_numbers(self) -> npt.NDArray[np.uint64]:
        """The number (from 0) of the game each env holds: game ``k`` of env ``i`` is
        seeded ``game_seed(seed, i, k)``."""
    def step(
        self, actions: npt.ArrayLike, observe: bool = True
    ) -> tuple[
        Optional[npt.NDArray[np.float32]],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
    ]:
        """Each env's current seat steps its id; returns ``(obs, mask, rewards [N, players],
        dones [N], current)``. A finished game reports its rewards and restarts from the next
        seed, so ``obs``, ``mask`` and ``current`` are the new game's. ``obs`` is ``None`` with
        ``observe=False``."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal id per game, drawn in Rust from each game's seeded stream."""
    def __len__(self) -> int: ...
    def observation_layout(self) -> list[LayoutPart]:
        """The observation's named parts, as ``Game.observation_layout()``."""
    def game(self, i: int) -> Game:
        """A copy of env ``i``'s game."""
