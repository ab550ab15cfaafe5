"""Shared helpers for the Python tests: the game list and seeded random play."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Callable, Optional

import pytest

import parlour

if os.environ.get("PARLOUR_EXPECT_INSTALLED"):
    # scripts/test runs these tests against the installed wheel, never the source tree.
    _source = Path(__file__).resolve().parents[1] / "parlour"
    if Path(parlour.__file__).resolve().parent == _source:
        raise RuntimeError(f"parlour was imported from the source tree ({_source})")

GAMES = {g["id"]: g for g in parlour.games()}
GAME_IDS = sorted(GAMES)

# The test table of a game whose default table makes a test run too long: a player count that
# still exercises it. Every other registered game is tested at its defaults.
TABLES: dict[str, tuple[Optional[int], dict]] = {
    "troll-tricker": (4, {}),
    "rebel-runs": (3, {}),
    "holy-matrimony": (3, {}),
}


def table(game_id: str) -> tuple[Optional[int], dict]:
    """The player count (None: the default) and options a game is tested with."""
    return TABLES.get(game_id, (None, {}))


# Options a game needs at some player count (Reading the Play seats two only with `two_player`).
NEEDS = {("reading-the-play", 2): {"two_player": True}}


def options_for(game_id: str, players: int) -> dict:
    return dict(NEEDS.get((game_id, players), {}))


def new_game(game_id: str, seed: int = 0, **kw) -> parlour.Game:
    players, options = table(game_id)
    return parlour.Game(game_id, players=players, options=options or None, seed=seed, **kw)


def random_step(game: parlour.Game, rng: random.Random) -> tuple[int, int]:
    """The acting seat steps a random legal id; returns (seat, id)."""
    seat = game.current_player()
    ids = game.legal_action_ids(seat)
    assert ids, f"seat {seat} is to act with no legal id"
    action = rng.choice(ids)
    game.apply(seat, action)
    return seat, action


def playout(
    game: parlour.Game,
    rng: random.Random,
    each: Optional[Callable[[parlour.Game], None]] = None,
    limit: int = 200_000,
) -> None:
    """Plays random ids to the end, calling ``each`` at every node before the step."""
    for _ in range(limit):
        if game.is_terminal():
            return
        if each is not None:
            each(game)
        random_step(game, rng)
    raise AssertionError(f"{game.id}: no end within {limit} steps")


@pytest.fixture(params=GAME_IDS)
def game_id(request) -> str:
    return request.param
