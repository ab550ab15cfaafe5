"""parlour.openspiel: registration, OpenSpiel's random simulation test on every game,
determinization, simultaneous moves, and OpenSpiel's information-set MCTS playing a game."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import parlour
import parlour.openspiel as pos
from conftest import GAME_IDS, GAMES, options_for, table

NAMES = pos.register()


def load(game_id: str, **params) -> pyspiel.Game:
    players, options = table(game_id)
    if players is not None:
        params.setdefault("players", players)
    params.update(options)
    return pyspiel.load_game(pos.short_name(game_id), params)


def test_register_names_every_game_once():
    assert NAMES == [pos.short_name(g) for g in parlour.game_ids()]
    assert pos.register() == NAMES  # a second call changes nothing
    registered = set(pyspiel.registered_names())
    for game_id in GAME_IDS:
        name = pos.short_name(game_id)
        assert name in registered
        assert pos.game_id_of(name) == game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_type_and_info(game_id):
    game = pyspiel.load_game(pos.short_name(game_id))
    info = GAMES[game_id]
    t = game.get_type()
    assert t.short_name == pos.short_name(game_id)
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected = (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
        if info["simultaneous"]
        else pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    assert t.dynamics == expected
    assert (t.min_num_players, t.max_num_players) == (info["min_players"], info["max_players"])
    params = game.get_parameters()
    assert params["players"] == info["default_players"] and params["seed"] == 0
    for option in info["options"]:
        assert option["id"] in params
    native = parlour.Game(game_id)
    assert game.num_players() == native.players
    assert game.num_distinct_actions() == native.num_distinct_actions
    assert game.observation_tensor_shape() == list(native.observation_shape)
    assert game.information_state_tensor_shape() == list(native.observation_shape)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("parlour_holy_matrimony(players=5,target_score=21)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    assert state.native.players == 5 and game.num_players() == 5
    assert "21" in " ".join(state.native.view_text(None).split())
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("parlour_holy_matrimony(players=9)")
    with pytest.raises(ValueError, match="target_score"):
        pyspiel.load_game("parlour_holy_matrimony(target_score=-3)")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sim_test(game_id):
    pyspiel.random_sim_test(load(game_id), num_sims=3, serialize=False, verbose=False)


def test_random_sim_test_at_other_player_counts():
    for n in (3, 7):
        pyspiel.random_sim_test(
            load("troll-tricker", players=n), num_sims=1, serialize=False, verbose=False
        )


def test_each_new_state_is_a_new_deal_and_the_seed_repeats_them():
    def deals(seed: int) -> list[str]:
        game = load("troll-tricker", seed=seed)
        out = []
        for _ in range(4):
            state = game.new_initial_state()
            assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
            while state.is_chance_node():
                state.apply_action(0)
            out.append(state.native.view_text(0))
        return out

    a = deals(3)
    assert len(set(a)) == 4
    assert deals(3) == a
    assert deals(4) != a


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resample_from_infostate(game_id):
    """OpenSpiel's ResampleInfostateTest, in Python: for every player at random nodes, a
    resampled state has the same information state (string and tensor) and player to act."""
    game = load(game_id)
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    nodes = 0
    while not state.is_terminal() and nodes < 120:
        if not state.is_chance_node() and nodes % 3 == 0:
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.observation_string(p) == state.observation_string(p)
                assert other.current_player() == state.current_player()
                if state.current_player() == p:
                    assert other.legal_actions(p) == state.legal_actions(p)
                assert other.history() == state.history()
        nodes += 1
        if state.is_chance_node():
            state.apply_action(0)
        elif state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p) or [0]) for p in range(game.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_information_state_remembers_own_steps():
    game = load("troll-tricker")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    p = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.information_state_string(p).endswith(f"stepped: {action}")
    assert state.information_state_string(p) != state.observation_string(p)


def test_resampled_states_play_on_independently():
    game = load("troll-tricker")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    before = str(state)
    other = state.resample_from_infostate(state.current_player(), random.random)
    assert str(other) != before  # the hidden hands were redrawn
    for _ in range(8):
        other.apply_action(other.legal_actions()[-1])
    assert str(state) == before


def simultaneous_node(game: pyspiel.Game, seed: int = 0):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(0)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_simultaneous_moves_are_applied_together():
    game = load("holy-matrimony")
    state = simultaneous_node(game)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    acting = list(state.native.to_act())
    assert len(acting) > 1
    choice = [
        state.legal_actions(p)[-1] if p in acting else pyspiel.INVALID_ACTION
        for p in range(game.num_players())
    ]
    state.apply_actions(choice)
    assert not state.is_simultaneous_node() or list(state.native.to_act()) != acting
    for p in acting:
        assert state.information_state_string(p).endswith(f"stepped: {choice[p]}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_declared_dynamics_match_play(game_id):
    """Simultaneous nodes occur in exactly the games declared simultaneous."""
    game = load(game_id)
    seen = False
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and not seen and steps < 3000:
            steps += 1
            if state.is_chance_node():
                state.apply_action(0)
            elif state.native.node_player() == parlour.SIMULTANEOUS:
                seen = True
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if seen:
            break
    assert seen == GAMES[game_id]["simultaneous"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_game_length_is_the_declared_bound(game_id):
    game = load(game_id)
    limits = parlour.limits(game_id, game.num_players(), game.options)
    bound = limits["max_action_ids"]
    assert game.max_game_length() == (bound if bound is not None else 100_000)
    if limits["max_steps"] is not None:
        # A game's bound is its rules': it follows a limit option.
        assert bound >= limits["max_steps"] >= 1
    rng = random.Random(1)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
        elif state.is_simultaneous_node():
            ids = [rng.choice(state.legal_actions(p) or [0]) for p in range(game.num_players())]
            state.apply_actions(ids)
            steps += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    assert steps <= game.max_game_length()


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS, able to start a game (``evaluate_bots`` calls
    ``restart_at``; the Python bot keeps no state between searches)."""

    def restart_at(self, state):
        self.reset()


def test_ismcts_against_random_on_troll_tricker():
    game = load("troll-tricker", players=4)
    rng = np.random.RandomState(7)
    totals = np.zeros(4)
    for g in range(2):
        seat = g  # the searcher sits at seat 0, then at seat 1
        searcher = ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=2.0,
            max_simulations=25,
            random_state=rng,
        )
        bots = [
            searcher if p == seat else pyspiel.make_uniform_random_bot(p, 100 * g + p)
            for p in range(4)
        ]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert len(returns) == 4
        assert all(0.0 <= r <= 1.0 for r in returns)
        assert sum(returns) == pytest.approx(1.0)
        totals += np.roll(returns, -seat)
    assert totals.sum() == pytest.approx(2.0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sim_test_at_the_smallest_and_largest_tables(game_id):
    info = GAMES[game_id]
    for players in sorted({info["min_players"], info["max_players"]}):
        params = {"players": players, "seed": players, **options_for(game_id, players)}
        game = pyspiel.load_game(pos.short_name(game_id), params)
        assert game.num_players() == players
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
