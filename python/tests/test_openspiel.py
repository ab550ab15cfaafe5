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
def test_random_sim_test_and_random_playout(game_id):
    """OpenSpiel's own checks: ``random_sim_test`` and ``test_utils.random_playout``
    (``legal_actions()`` alone, so flat joint actions at simultaneous nodes)."""
    from open_spiel.python import test_utils

    game = load(game_id)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    assert test_utils.random_playout(game.new_initial_state(), seed=5).is_terminal()


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
    # Every game bounds its ids at the default options (Haunted by a budget, not a rule).
    assert bound is not None
    assert game.max_game_length() == bound
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


def rl_episode(env, agents) -> list[float]:
    """One game through OpenSpiel's ``rl_environment``, as its ``rl_main_loop`` example plays
    it: the acting agent steps in a sequential game, every agent in a simultaneous one."""
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        if env.is_turn_based:
            pid = time_step.observations["current_player"]
            actions = [agents[pid].step(time_step).action]
        else:
            actions = [agent.step(time_step).action for agent in agents]
        time_step = env.step(actions)
        steps += 1
    for agent in agents:
        agent.step(time_step)
    assert steps <= env.max_game_length
    return list(time_step.rewards)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rl_environment_with_random_agents_plays_full_games(game_id):
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    env = rl_environment.Environment(load(game_id, seed=2), enable_legality_check=True)
    agents = [
        random_agent.RandomAgent(player_id=p, num_actions=env.action_spec()["num_actions"])
        for p in range(env.num_players)
    ]
    np.random.seed(3)  # RandomAgent draws from numpy's global stream
    rewards = rl_episode(env, agents)
    assert len(rewards) == env.num_players
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert sum(rewards) <= 1.0 + 1e-9


@pytest.mark.parametrize("game_id", ["holy-matrimony", "reading-the-play"])
def test_simultaneous_games_follow_the_convention_at_every_decision_node(game_id):
    """Every decision node of a simultaneous game is a simultaneous node; a seat that does not
    act there has one legal action, 0."""
    game = load(game_id)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
            continue
        assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        acting = set(state.native.to_act())
        joint = []
        for p in range(game.num_players()):
            legal = state.legal_actions(p)
            if p in acting:
                assert legal == state.native.legal_action_ids(p)
            else:
                assert legal == [0]
            joint.append(rng.choice(legal))
        state.apply_actions(joint)


def test_bad_joint_actions_raise_clear_errors_and_change_nothing():
    game = load("holy-matrimony")
    state = simultaneous_node(game)
    n = game.num_distinct_actions()
    before = state.native.record()
    with pytest.raises(ValueError, match="one action for each of the 3 players, got 1"):
        state.apply_actions([0])
    acting = state.native.to_act()
    legal = [state.legal_actions(p) for p in range(game.num_players())]
    bad = [ids[0] for ids in legal]
    seat = acting[-1]  # every seat's choice is checked before the first is applied
    bad[seat] = n
    with pytest.raises(parlour.IllegalAction, match=f"player {seat} cannot take action"):
        state.apply_actions(bad)
    assert state.native.record() == before  # no seat's action was applied
    assert state.native.to_act() == acting


def test_acting_after_the_end_is_a_clear_error():
    from open_spiel.python import test_utils

    state = test_utils.random_playout(load("troll-tricker").new_initial_state(), seed=1)
    with pytest.raises(parlour.IllegalAction, match="the game is over"):
        state.apply_action(0)
    with pytest.raises(parlour.IllegalAction, match="the game is over"):
        state.apply_actions([0, 0, 0, 0])
    chance = load("troll-tricker").new_initial_state()
    with pytest.raises(parlour.IllegalAction, match="chance outcome is action 0, not 3"):
        chance.apply_action(3)


def test_seed_minus_one_draws_a_random_seed():
    deals = set()
    for _ in range(3):
        game = load("troll-tricker", seed=-1)
        assert game.get_parameters()["seed"] == -1
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(0)
        deals.add(state.native.view_text(0))
    assert len(deals) == 3
    with pytest.raises(ValueError, match="seed -2 is negative"):
        load("troll-tricker", seed=-2)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_and_states_pickle_as_their_record(game_id):
    import pickle

    game = load(game_id, seed=6)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert again.max_game_length() == game.max_game_length()
    rng = random.Random(2)
    state = game.new_initial_state()
    for step in range(60):
        if state.is_terminal():
            break
        if step % 20 == 0:
            copy = pickle.loads(pickle.dumps(state))
            assert str(copy) == str(state)
            assert copy.history() == state.history()
            assert copy.native.record() == state.native.record()
            for p in range(game.num_players()):
                assert copy.information_state_string(p) == state.information_state_string(p)
            # The restored game's chance stream stands where the original's does.
            a, b = state.clone(), copy
            while not a.is_terminal() and a.move_number() < state.move_number() + 30:
                choice = rng.choice(a.legal_actions())
                a.apply_action(choice)
                b.apply_action(choice)
            assert str(a) == str(b)
        state.apply_action(rng.choice(state.legal_actions()))


def test_serialize_and_deserialize_state_round_trip_the_record():
    game = load("queen-of-scots", seed=1)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    copy = game.deserialize_state(text)
    assert copy.native.record() == state.native.record()
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    # pyspiel's own game-and-state form needs the game's RNG state, which a Python game
    # cannot give (pyspiel 2.0.2).
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, state)


def test_max_game_length_follows_the_limit_options():
    assert load("holy-matrimony").max_game_length() > load(
        "holy-matrimony", max_rounds=40
    ).max_game_length()
    assert load("haunted", players=4, round_limit=10).max_game_length() == 10 * 4 * 256
    tiebreaks = load("haunted", players=4, round_limit=10, tiebreak_short_game=True)
    assert tiebreaks.max_game_length() == (1 + 3) * 10 * 4 * 256
    # The engine's declaration, the same number the adapter once derived itself.
    for players, options in [
        (2, {}),
        (4, {"round_limit": 10}),
        (6, {"round_limit": 7, "tiebreak_short_game": True}),
    ]:
        engine = parlour.limits("haunted", players, options)["max_action_ids"]
        game = load("haunted", players=players, **options)
        rounds = options.get("round_limit", 30)
        games = 4 if options.get("tiebreak_short_game") else 1
        assert game.max_game_length() == engine == games * rounds * players * 256
    assert pos.HAUNTED_IDS_PER_SLOT == 256
    # Without a limit nothing bounds these games.
    assert load("haunted", round_limit=0).max_game_length() == pos.UNBOUNDED_MAX_GAME_LENGTH
    assert (
        load("reading-the-play", turn_limit=0).max_game_length() == pos.UNBOUNDED_MAX_GAME_LENGTH
    )
