"""Exact rules engines, bots and learning environments for seven tabletop card games.

The engine is written in Rust; this package is its Python face::

    import parlour

    game = parlour.Game("troll-tricker", players=4, seed=7)
    while not game.is_terminal():
        seat = game.current_player()
        game.apply(seat, game.legal_actions(seat)[0])
    print(game.outcome())

* :class:`Game` is one game: actions in notation or as fixed action ids, observation tensors,
  views, records and determinization (:meth:`Game.resample`).
* :func:`bot` makes the engine's bots (``random``, ``greedy``, ``ismcts:hard``, ...).
* :class:`VectorEnv` steps many games at once in Rust, with opponents played inside.
* :mod:`parlour.pettingzoo` and :mod:`parlour.openspiel` adapt the games to those libraries.
"""

from importlib import metadata as _metadata

from parlour._native import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Bot,
    Game,
    IllegalAction,
    VectorEnv,
    bot,
    game_seed,
    games,
    limits,
)
from parlour import _pickle  # noqa: F401  (a Game pickles as its record)

try:
    __version__: str = _metadata.version("parlour")
except _metadata.PackageNotFoundError:  # run from a source tree without installing
    __version__ = "0.0.0"

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Bot",
    "Game",
    "IllegalAction",
    "VectorEnv",
    "__version__",
    "bot",
    "game_ids",
    "game_seed",
    "games",
    "limits",
]


def game_ids() -> list[str]:
    """The ids of every game, in the registry's order (``troll-tricker``, ...)."""
    return [g["id"] for g in games()]
