"""parlour.VectorEnv: shapes, masks, restarts, rewards, opponents and determinism."""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_final_observation_and_scores_are_the_finished_games():
    """Each game that ends is replayed from its seed and the ids stepped: its scores, win
    shares and the stepping seat's last observation are what the batch kept."""
    n, seed = 4, 12
    env = make("troll-tricker", n, seed=seed)
    obs, mask, current = env.reset()
    assert np.isnan(env.final_scores).all() and np.isnan(env.final_observation).all()
    rng = np.random.default_rng(3)
    played: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    numbers = env.game_numbers()
    checked = 0
    while checked < 6:
        actions = sample(mask, rng)
        for i in range(n):
            played[i].append((int(current[i]), int(actions[i])))
        stepped = current.copy()
        obs, mask, rewards, dones, current = env.step(actions)
        final_obs, final_scores = env.final_observation, env.final_scores
        final_returns = env.final_returns
        assert final_obs.shape == obs.shape and final_scores.shape == rewards.shape
        assert np.isnan(final_obs[~dones]).all() and np.isnan(final_scores[~dones]).all()
        for i in np.flatnonzero(dones):
            g = parlour.Game("troll-tricker", players=4, seed=parlour.game_seed(seed, i, numbers[i]))
            for seat, a in played[i]:
                g.apply(seat, a)
            assert g.is_terminal()
            assert final_scores[i].tolist() == g.outcome()["scores"]
            assert np.allclose(final_returns[i], g.returns())
            assert np.allclose(rewards[i], g.returns())
            assert np.array_equal(final_obs[i], g.observation(int(stepped[i])))
            played[i] = []
            checked += 1
        numbers = env.game_numbers()
    # Without observations a finished game keeps its scores but writes no observation.
    while True:
        obs, mask, rewards, dones, current = env.step(env.random_actions(), observe=False)
        if dones.any():
            break
    assert not np.isnan(env.final_scores[dones]).any()
    assert np.isnan(env.final_observation).all()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_score_deltas_add_up_to_the_final_scores(game_id):
    n = 4
    env = make(game_id, n, seed=2, opponents="random", rewards="score-delta")
    assert env.rewards == "score-delta"
    obs, mask, current = env.reset()
    start = np.array([env.game(i).scores() for i in range(n)], dtype=np.float64)
    total = np.zeros_like(start)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(20_000):
        obs, mask, rewards, dones, current = env.step(sample(mask, rng))
        total += rewards
        for i in np.flatnonzero(dones):
            # The step's rewards end the old game and may begin the new one (bots move first).
            players, options = table(game_id)
            fresh = parlour.Game(
                game_id,
                players=players,
                options=options or None,
                seed=parlour.game_seed(2, i, env.game_numbers()[i]),
            )
            new_start = np.array(fresh.scores(), dtype=np.float64)
            begun = np.array(env.game(i).scores()) - new_start
            assert np.allclose(total[i] - begun, env.final_scores[i] - start[i]), game_id
            total[i], start[i] = begun, new_start
            ended += 1
        if ended >= n:
            break
    assert ended >= n, f"{game_id}: {ended} games ended"
    with pytest.raises(ValueError):
        make(game_id, 1, rewards="score")


def test_reset_moves_on_or_starts_over():
    env = make("holy-matrimony", 3, seed=4, opponents="random")
    env.reset()
    assert [env.game(i).seed for i in range(3)] == [parlour.game_seed(4, i, 0) for i in range(3)]
    first = [env.game(i).view(0) for i in range(3)]
    env.reset()  # no seed: each env's next game, not the same ones again
    assert env.game_numbers().tolist() == [1, 1, 1]
    assert [env.game(i).seed for i in range(3)] == [parlour.game_seed(4, i, 1) for i in range(3)]
    assert all(env.game(i).view(0) != first[i] for i in range(3))
    rng = np.random.default_rng(0)
    _, mask, _ = env.reset(seed=9)
    fresh = make("holy-matrimony", 3, seed=9, opponents="random")
    _, fmask, _ = fresh.reset()
    assert env.seed == 9
    for _ in range(100):
        assert np.array_equal(mask, fmask)
        a = sample(mask, rng)
        _, mask, r, d, c = env.step(a)
        _, fmask, fr, fd, fc = fresh.step(a)
        assert np.array_equal(r, fr) and np.array_equal(d, fd) and np.array_equal(c, fc)


def test_seed_streams_are_disjoint():
    """Seeds 1 and 2 (two workers) and every env of each: no game seed in common."""
    seen = {}
    for seed in (1, 2):
        env = make("troll-tricker", 8, seed=seed, opponents="random")
        env.reset()
        for _ in range(20):
            for i in range(8):
                key = env.game(i).seed
                assert seen.setdefault(key, (seed, i, env.game_numbers()[i])) == (
                    seed,
                    i,
                    env.game_numbers()[i],
                )
            env.reset()
    assert len(seen) == 2 * 8 * 20


MEMORY_SCRIPT = r"""
import resource
import parlour

def outcome(make):
    try:
        env = make()
        env.reset()
        return "ok"
    except MemoryError:
        return "MemoryError"
    except ValueError as e:
        return "ValueError"

# Threads and numpy are set up before the limit, as in a process that has been running.
parlour.VectorEnv("troll-tricker", 4).reset()
print("huge", outcome(lambda: parlour.VectorEnv("troll-tricker", 10**12)))
print("absurd", outcome(lambda: parlour.VectorEnv("troll-tricker", 2**62)))
with open("/proc/self/status") as f:
    used = next(int(l.split()[1]) for l in f if l.startswith("VmSize:")) * 1024
# Room for a few thousand games, not for a million games' observations (3.6 GB each step).
resource.setrlimit(resource.RLIMIT_AS, (used + (768 << 20), resource.RLIM_INFINITY))
print("million", outcome(lambda: parlour.VectorEnv("troll-tricker", 1_000_000)))
print("small", outcome(lambda: parlour.VectorEnv("troll-tricker", 1_000)))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc")
def test_allocation_failures_raise_instead_of_aborting():
    env = dict(os.environ, RAYON_NUM_THREADS="2")
    run = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:4] == [
        "huge MemoryError",
        "absurd ValueError",
        "million MemoryError",
        "small ok",
    ], run.stdout
