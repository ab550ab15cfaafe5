"""parlour.VectorEnv: shapes, masks, restarts, rewards, opponents and determinism."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from conftest import GAME_IDS, table


def sample(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of a boolean mask."""
    counts = mask.sum(axis=1)
    assert (counts > 0).all()
    k = (rng.random(len(mask)) * counts).astype(np.int64)
    return (mask.cumsum(axis=1) > k[:, None]).argmax(axis=1).astype(np.int64)


def make(game_id: str, n: int, seed: int = 0, **kw) -> parlour.VectorEnv:
    players, options = table(game_id)
    return parlour.VectorEnv(game_id, n, players=players, seed=seed, options=options or None, **kw)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_shapes_masks_and_restarts(game_id):
    n = 6
    env = make(game_id, n, seed=1)
    players = env.players
    a = env.num_distinct_actions
    (length,) = env.observation_shape
    assert env.num_envs == n
    obs, mask, current = env.reset()
    assert obs.shape == (n, length) and obs.dtype == np.float32
    assert mask.shape == (n, a) and mask.dtype == np.bool_
    assert current.shape == (n,) and current.dtype == np.int64
    rng = np.random.default_rng(2)
    finished = 0
    for step in range(3000):
        for i in (0, n - 1):
            g = env.game(i)
            seat = g.current_player()
            assert current[i] == seat
            assert np.flatnonzero(mask[i]).tolist() == g.legal_action_ids(seat)
            assert np.array_equal(obs[i], g.observation(seat))
        before = [env.game(i) for i in range(n)] if step % 50 == 0 else None
        obs, mask, rewards, dones, current = env.step(sample(mask, rng))
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert dones.shape == (n,) and dones.dtype == np.bool_
        assert (rewards[~dones] == 0).all(), "rewards only at the end"
        for i in np.flatnonzero(dones):
            row = rewards[i]
            assert (row >= 0).all() and row.sum() <= 1.0 + 1e-6
            winners = np.flatnonzero(row)
            if len(winners):
                assert np.allclose(row[winners], 1.0 / len(winners))
            # The env restarted: its game is a new one, not over.
            assert not env.game(i).is_terminal()
        if before is not None:
            for i in np.flatnonzero(dones):
                assert env.game(i).seed != before[i].seed
        finished += int(dones.sum())
        if finished >= n and step > 20:
            break
    assert finished >= n, "every env finished a game"


def test_rewards_are_the_finished_games_returns():
    env = make("troll-tricker", 4, seed=5)
    obs, mask, current = env.reset()
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 4:
        actions = sample(mask, rng)
        games = [env.game(i) for i in range(4)]
        obs, mask, rewards, dones, current = env.step(actions)
        for i in np.flatnonzero(dones):
            g = games[i]
            seat = g.current_player()
            g.apply(seat, int(actions[i]))
            assert g.is_terminal()
            assert np.allclose(rewards[i], g.returns())
            assert rewards[i].sum() == pytest.approx(sum(g.returns()))
            seen += 1


def test_same_seed_same_trajectory():
    runs = []
    for _ in range(2):
        env = make("holy-matrimony", 16, seed=77)
        obs, mask, current = env.reset()
        rng = np.random.default_rng(5)
        trace = [obs.copy()]
        for _ in range(150):
            obs, mask, rewards, dones, current = env.step(sample(mask, rng))
            trace += [obs.copy(), rewards.copy(), dones.copy(), current.copy()]
        runs.append(trace)
    assert all(np.array_equal(x, y) for x, y in zip(*runs))
    a, b = make("holy-matrimony", 16, seed=77), make("holy-matrimony", 16, seed=78)
    assert any(a.game(i).view(0) != b.game(i).view(0) for i in range(16))
    # Envs of one vector play different games.
    assert len({str(a.game(i).view(0)) for i in range(16)}) > 1


def test_opponents_play_inside():
    env = make("troll-tricker", 8, seed=3, opponents="random", learner_seats=[2])
    obs, mask, current = env.reset()
    rng = np.random.default_rng(1)
    assert (current == 2).all()
    dones_seen = 0
    for _ in range(400):
        obs, mask, rewards, dones, current = env.step(sample(mask, rng))
        assert (current == 2).all(), "only the learner's seat is asked"
        assert mask.any(axis=1).all()
        dones_seen += int(dones.sum())
    assert dones_seen > 0


def test_illegal_ids_raise():
    env = make("troll-tricker", 2, seed=3)
    obs, mask, current = env.reset()
    bad = np.array([np.flatnonzero(~m)[0] for m in mask], dtype=np.int64)
    with pytest.raises(parlour.IllegalAction):
        env.step(bad)
    with pytest.raises(ValueError):
        env.step(np.zeros(3, dtype=np.int64))
