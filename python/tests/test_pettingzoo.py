"""parlour.pettingzoo: PettingZoo's own API test on every game, and the environment's promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import parlour
from conftest import GAME_IDS, table
from parlour.pettingzoo import env, raw_env


def make(game_id: str, **kw):
    players, options = table(game_id)
    return env(game_id, players=players, options=options or None, **kw)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api_test(game_id):
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations for any env not on its own list.
        warnings.simplefilter("ignore", UserWarning)
        api_test(make(game_id, seed=3), num_cycles=2000, verbose_progress=False)


def play(e, rng: np.random.Generator):
    """Plays random legal ids to the end; returns the final rewards and the agents' order."""
    e.reset(seed=11)
    order, totals = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        # Within the bounds the game declares for its encoding.
        assert e.observation_space(agent)["observation"].contains(obs["observation"])
        order.append(agent)
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return totals, order


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whole_games_pay_win_shares(game_id):
    e = make(game_id)
    totals, order = play(e, np.random.default_rng(4))
    game = e.unwrapped.game
    assert game.is_terminal()
    returns = game.returns()
    for i, agent in enumerate(e.possible_agents):
        assert totals[agent] == pytest.approx(returns[i])
    assert e.agents == []


def test_masks_and_observations_are_the_games():
    e = make("rebel-runs", seed=5)
    e.reset()
    rng = np.random.default_rng(0)
    for _ in range(50):
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        game = e.unwrapped.game
        assert seat == game.current_player()
        obs = e.observe(agent)
        assert np.array_equal(obs["observation"], game.observation(seat))
        assert np.flatnonzero(obs["action_mask"]).tolist() == game.legal_action_ids(seat)
        for other in e.agents:
            if other != agent and int(other.split("_")[1]) not in game.to_act():
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_simultaneous_commitments_go_in_seat_order_and_stay_hidden():
    e = raw_env("holy-matrimony", players=3)
    e.reset(seed=2)
    game = e.game
    assert game.is_simultaneous() and list(game.to_act()) == [0, 1, 2]
    assert e.agent_selection == "player_0"
    ids = np.flatnonzero(e.observe("player_0")["action_mask"])
    assert len(ids) > 1
    # Whatever player_0 commits, player_1 and player_2 see the same.
    seen = set()
    for action in ids[:2]:
        trial = raw_env("holy-matrimony", players=3)
        trial.reset(seed=2)
        trial.step(int(action))
        assert trial.agent_selection == "player_1"
        seen.add(
            tuple(
                (trial.observe(a)["observation"].tobytes(), str(trial.game.view(int(a[-1]))))
                for a in ("player_1", "player_2")
            )
        )
    assert len(seen) == 1
    e.step(int(ids[0]))
    assert e.agent_selection == "player_1"
    e.step(int(np.flatnonzero(e.observe("player_1")["action_mask"])[0]))
    assert e.agent_selection == "player_2"


def test_reset_seeds_and_reproducibility():
    a, b = make("troll-tricker", seed=9), make("troll-tricker", seed=9)
    a.reset()
    b.reset()
    assert a.unwrapped.game.view_text(0) == b.unwrapped.game.view_text(0)
    first = a.unwrapped.game.view_text(0)
    assert a.unwrapped.game.seed == parlour.game_seed(9, 0, 0)
    a.reset()  # the next game of seed 9
    assert a.unwrapped.game.seed == parlour.game_seed(9, 0, 1)
    assert a.unwrapped.game.view_text(0) != first
    a.reset(seed=9)
    assert a.unwrapped.game.view_text(0) == first


def test_environments_seeded_apart_never_share_a_game():
    # Workers seeded 1 and 2 (the old scheme played seed 2's first game as seed 1's second).
    streams = []
    for seed in (1, 2):
        e = make("troll-tricker", seed=seed)
        played = []
        for _ in range(40):
            e.reset()
            played.append(e.unwrapped.game.seed)
        streams.append(played)
    assert len(set(streams[0])) == 40
    assert not set(streams[0]) & set(streams[1])


def test_illegal_action_raises_and_changes_nothing():
    e = make("troll-tricker", seed=1)
    e.reset()
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    before = e.unwrapped.game.view_text(None)
    with pytest.raises(parlour.IllegalAction):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.unwrapped.game.view_text(None) == before
    assert e.agent_selection == agent


def test_max_cycles_truncates():
    e = make("troll-tricker", seed=1, max_cycles=2)
    e.reset()
    steps = 0
    for _agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 2 * e.unwrapped.players


def test_render():
    e = make("troll-tricker", seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str) and text == e.unwrapped.game.view_text(None)
    # A spectator's table: no seat's hidden cards.
    for secret in e.unwrapped.game.secrets(None):
        assert secret not in text.split()
    with pytest.raises(ValueError):
        make("troll-tricker", render_mode="rgb_array")


def test_spaces():
    e = make("queen-of-scots")
    e.reset()
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space["observation"].shape == e.unwrapped.game.observation_shape
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].dtype == np.int8
        assert e.action_space(agent).n == e.unwrapped.game.num_distinct_actions
        assert space.contains(e.observe(agent))
