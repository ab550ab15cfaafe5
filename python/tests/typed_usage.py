"""Correct use of the package's typed API: ``mypy --strict`` must accept it as it stands
(``scripts/test`` checks it). Not a test module: nothing here runs under pytest."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import parlour
from parlour import _native


def option_help(game_id: str) -> dict[str, str]:
    """Each option's id and help text, with its bounds where it has them."""
    out: dict[str, str] = {}
    for info in parlour.games():
        if info["id"] != game_id:
            continue
        for option in info["options"]:
            text = option["help"]
            if "min" in option and "max" in option:
                text += f" ({option['min']} to {option['max']})"
            if "choices" in option:
                text += " (" + ", ".join(option["choices"]) + ")"
            out[option["id"]] = f"{option['kind']}: {text}"
    return out


def play_one(game_id: str, seed: int) -> list[float]:
    info = next(g for g in parlour.games() if g["id"] == game_id)
    players: int = info["players_at_defaults"][0]
    limits: _native.Limits = parlour.limits(game_id, players)
    steps_left = limits["max_action_ids"]
    game = parlour.Game(game_id, players=players, seed=seed)
    bot: parlour.Bot = parlour.bot("random", seed=seed)
    while not game.is_terminal():
        seat = game.current_player()
        mask: npt.NDArray[np.bool_] = game.legal_action_mask(seat)
        assert mask.any()
        done: str | None = game.apply(seat, bot.act(game, seat))
        assert done is not None
        if steps_left is not None:
            steps_left -= 1
    outcome = game.outcome()
    assert outcome is not None and len(outcome["scores"]) == players
    obs: npt.NDArray[np.float32] = game.observation(0)
    assert obs.shape == game.observation_shape
    return game.returns()


def batch(game_id: str) -> float:
    env = parlour.VectorEnv(game_id, 4, seed=1, opponents="random")
    obs, mask, current = env.reset()
    total = 0.0
    for _ in range(8):
        obs, mask, rewards, dones, current = env.step(env.random_actions())
        total += float(rewards.sum())
    return total


if __name__ == "__main__":
    print(option_help("haunted"), play_one("troll-tricker", 1), batch("troll-tricker"))
