"""The native API on every game: play, spellings, hidden information, copies, records, bots."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

import parlour
from conftest import GAMES, new_game, options_for, playout, random_step


def fingerprint(game: parlour.Game) -> tuple:
    """Everything observable about a game, from every side (for 'nothing changed' checks)."""
    seats = range(game.players)
    return (
        game.view_text(None),
        tuple(game.secrets(None)),
        tuple(game.to_act()),
        game.current_player(),
        tuple(tuple(game.legal_action_ids(s)) for s in seats),
        tuple(tuple(game.pending(s)) for s in seats),
        tuple(game.observation(s).tobytes() for s in seats),
        tuple(game.log(None)),
    )


def test_every_game_declares_its_facts():
    assert GAMES and parlour.game_ids() == [g["id"] for g in parlour.games()]
    for info in GAMES.values():
        assert 1 <= info["min_players"] <= info["default_players"] <= info["max_players"]
        assert info["name"] and info["summary"].endswith(".")
        assert info["first_player"] in {"chance", "play", "fixed"}
        assert isinstance(info["simultaneous"], bool)
        assert info["max_steps"] is None or info["max_steps"] > 0
        for option in info["options"]:
            assert {"id", "kind", "default"} <= set(option)
        limits = parlour.limits(info["id"])
        assert limits["observation_low"] <= 0.0 < 1.0 <= limits["observation_high"]


def test_limits_follow_the_options():
    short = parlour.limits("holy-matrimony", 5, {"max_rounds": 3})
    assert (short["max_steps"], short["max_action_ids"]) == (15, 15)
    assert parlour.limits("reading-the-play", 4, "turn_limit=0")["max_steps"] is None
    with pytest.raises(ValueError):
        parlour.limits("troll-tricker", 9)


def test_module_exports():
    for name in parlour.__all__:
        assert hasattr(parlour, name), name
    assert parlour.CHANCE == -1 and parlour.SIMULTANEOUS == -2 and parlour.TERMINAL == -4
    assert issubclass(parlour.IllegalAction, ValueError)
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", parlour.__version__)


def test_seeds_out_of_range_name_the_range():
    # A seed is a record's u64; -1 is no "random seed" here (OpenSpiel's adapter has that).
    for bad in (-1, 2**64):
        for make in (
            lambda s: parlour.Game("troll-tricker", seed=s),
            lambda s: parlour.Game("troll-tricker").resample(0, s),
            lambda s: parlour.bot("random", seed=s),
            lambda s: parlour.VectorEnv("troll-tricker", 1, seed=s),
            lambda s: parlour.VectorEnv("troll-tricker", 1).reset(seed=s),
            lambda s: parlour.game_seed(s),
        ):
            with pytest.raises(ValueError, match=r"seed -?\d+ is out of range: seeds are 0\.\.2\^64-1"):
                make(bad)
    # So are game_seed's environment and game numbers.
    for bad in (-1, 2**64):
        for make in (lambda n: parlour.game_seed(1, n, 0), lambda n: parlour.game_seed(1, 0, n)):
            with pytest.raises(ValueError, match=r"-?\d+ is out of range: environment and game numbers are 0\.\.2\^64-1"):
                make(bad)
    assert 0 <= parlour.game_seed(1, 2**64 - 1, 2**64 - 1) < 2**64
    top = parlour.Game("troll-tricker", seed=2**64 - 1)
    assert top.seed == 2**64 - 1
    assert parlour.VectorEnv("troll-tricker", 1).reset(seed=None) is not None
    # Not a number at all is still a TypeError.
    with pytest.raises(TypeError):
        parlour.Game("troll-tricker", seed="7")


def test_unknown_game_and_bad_player_count_are_refused():
    with pytest.raises(KeyError):
        parlour.Game("no-such-game")
    info = GAMES["troll-tricker"]
    with pytest.raises(ValueError):
        parlour.Game("troll-tricker", players=info["max_players"] + 1)


def test_random_games_reach_the_end(game_id):
    rng = random.Random(11)
    game = new_game(game_id, seed=5)
    shape = game.observation_shape
    n_ids = game.num_distinct_actions
    steps = 0

    def check(g: parlour.Game) -> None:
        nonlocal steps
        steps += 1
        to_act = list(g.to_act())
        assert to_act, "a live game has a seat to act (chance is drawn automatically)"
        seat = g.current_player()
        assert seat in to_act
        assert not g.is_chance()
        assert g.is_simultaneous() == (len(to_act) > 1)
        ids = g.legal_action_ids(seat)
        assert ids == sorted(set(ids)) and all(0 <= i < n_ids for i in ids)
        mask = g.legal_action_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (n_ids,)
        assert np.flatnonzero(mask).tolist() == ids
        obs = g.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == shape
        assert np.isfinite(obs).all()
        for other in range(g.players):
            if other not in to_act:
                assert g.legal_action_ids(other) == []
                assert not g.legal_action_mask(other).any()
        assert g.returns() == [0.0] * g.players
        assert g.outcome() is None

    playout(game, rng, check)
    assert steps > 0
    assert game.is_terminal() and game.current_player() == parlour.TERMINAL
    assert list(game.to_act()) == []
    outcome = game.outcome()
    assert outcome is not None
    returns = game.returns()
    winners = outcome["winners"]
    assert len(outcome["scores"]) == game.players == len(returns)
    for seat in range(game.players):
        expected = 1.0 / len(winners) if seat in winners else 0.0
        assert returns[seat] == pytest.approx(expected)
    assert game.scores() == outcome["scores"]


def test_notation_and_ids_agree(game_id):
    """Each legal action's spelling, stepped id by id, applies exactly that action."""
    rng = random.Random(3)
    game = new_game(game_id, seed=9)
    checked = 0
    for _ in range(60):
        if game.is_terminal():
            break
        seat = game.current_player()
        if not game.pending(seat):
            actions = game.legal_actions(seat)
            assert actions and len(set(actions)) == len(actions)
            first_ids = set()
            spellings = set()
            for action in rng.sample(actions, min(len(actions), 6)):
                ids = game.action_ids(seat, action)
                assert 1 <= len(ids) <= game.max_spelling_len
                assert tuple(ids) not in spellings
                spellings.add(tuple(ids))
                first_ids.add(ids[0])
                by_ids = game.clone()
                for k, i in enumerate(ids):
                    assert i in by_ids.legal_action_ids(seat)
                    done = by_ids.apply(seat, i)
                    if k < len(ids) - 1:
                        assert done is None
                        assert by_ids.pending(seat) == ids[: k + 1]
                    else:
                        assert done == action
                        assert by_ids.pending(seat) == []
                by_text = game.clone()
                assert by_text.apply(seat, action) == action
                assert fingerprint(by_ids) == fingerprint(by_text)
                checked += 1
            assert first_ids <= set(game.legal_action_ids(seat))
            for i in game.legal_action_ids(seat):
                assert game.action_id_text(i)
        random_step(game, rng)
    assert checked > 0


def test_every_legal_id_starts_a_legal_action(game_id):
    rng = random.Random(4)
    game = new_game(game_id, seed=4)
    for _ in range(40):
        if game.is_terminal():
            break
        seat = game.current_player()
        if not game.pending(seat):
            starts = {game.action_ids(seat, a)[0] for a in game.legal_actions(seat)}
            assert starts == set(game.legal_action_ids(seat))
        random_step(game, rng)


def test_resampled_games_look_the_same_to_the_seat(game_id):
    """A seat's observation, view and legal ids are the same in every game it cannot tell
    from the true one: the observation reads nothing hidden."""
    rng = random.Random(21)
    game = new_game(game_id, seed=21)
    nodes = 0

    def check(g: parlour.Game) -> None:
        nonlocal nodes
        nodes += 1
        if nodes % 3:
            return
        for seat in range(g.players):
            obs = g.observation(seat)
            for _ in range(2):
                other = g.resample(seat, rng.getrandbits(63))
                assert np.array_equal(other.observation(seat), obs)
                assert other.view(seat) == g.view(seat)
                assert other.legal_action_ids(seat) == g.legal_action_ids(seat)
                assert other.pending(seat) == g.pending(seat)
                assert list(other.to_act()) == list(g.to_act())

    for _ in range(150):
        if game.is_terminal():
            break
        check(game)
        random_step(game, rng)
    assert nodes > 0


def test_resampling_redraws_what_the_seat_cannot_see():
    """Resamples differ from the truth in hidden cards (else the test above proves nothing)."""
    game = new_game("troll-tricker", seed=2)
    truth = set(game.secrets(0))
    differ = 0
    for s in range(10):
        other = game.resample(0, s)
        assert other.view(0) == game.view(0)
        if other.view(1) != game.view(1):
            differ += 1
    assert truth and differ >= 8


_TOKEN = re.compile(r"[A-Za-z0-9_'-]+")


def _tokens(value) -> set[str]:
    return set(_TOKEN.findall(json.dumps(value)))


def test_views_hold_no_secret_of_the_seat(game_id):
    rng = random.Random(8)
    game = new_game(game_id, seed=8)
    leaks_checked = 0
    for step in range(200):
        if game.is_terminal():
            break
        if step % 4 == 0:
            for seat in range(game.players):
                secrets = set(game.secrets(seat))
                leaked = secrets & _tokens(game.view(seat))
                assert not leaked, f"seat {seat} sees {sorted(leaked)[:5]}"
                leaked = secrets & _tokens(game.view_text(seat))
                assert not leaked, f"seat {seat}'s text view shows {sorted(leaked)[:5]}"
                leaks_checked += len(secrets)
            spectator = set(game.secrets(None))
            assert not spectator & _tokens(game.view(None))
        random_step(game, rng)
    if GAMES[game_id]["max_players"] > 1:
        assert leaks_checked > 0, "hidden-information games keep secrets"


def test_clones_are_independent(game_id):
    rng = random.Random(6)
    game = new_game(game_id, seed=6)
    for _ in range(10):
        random_step(game, rng)
        if game.is_terminal():
            break
    before = fingerprint(game)
    copy = game.clone()
    assert fingerprint(copy) == before
    for _ in range(5):
        if copy.is_terminal():
            break
        random_step(copy, rng)
    assert fingerprint(game) == before
    assert fingerprint(copy) != before or copy.is_terminal()


def test_records_round_trip(game_id):
    rng = random.Random(12)
    game = new_game(game_id, seed=12)
    for _ in range(25):
        if game.is_terminal():
            break
        random_step(game, rng)
    record = game.record()
    json.loads(record)
    again = parlour.Game.from_record(record)
    assert fingerprint(again) == fingerprint(game)
    assert again.record() == record
    # Both go on identically: chance comes from the recorded seed.
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        if game.is_terminal():
            break
        assert random_step(game, rng_a) == random_step(again, rng_b)
    assert fingerprint(again) == fingerprint(game)


def test_illegal_actions_raise_and_change_nothing(game_id):
    rng = random.Random(13)
    game = new_game(game_id, seed=13)
    tried = 0
    for _ in range(30):
        if game.is_terminal():
            break
        before = fingerprint(game)
        seat = game.current_player()
        legal = set(game.legal_action_ids(seat))
        illegal = [i for i in range(game.num_distinct_actions) if i not in legal]
        if illegal:
            with pytest.raises(parlour.IllegalAction):
                game.apply(seat, rng.choice(illegal))
            tried += 1
        with pytest.raises(parlour.IllegalAction):
            game.apply(seat, game.num_distinct_actions)
        with pytest.raises((parlour.IllegalAction, ValueError)):
            game.apply(seat, "no such action")
        idle = [s for s in range(game.players) if s not in game.to_act()]
        if idle and game.legal_action_ids(seat):
            with pytest.raises(parlour.IllegalAction):
                game.apply(idle[0], game.legal_action_ids(seat)[0])
        with pytest.raises(ValueError):
            game.apply(game.players, 0)
        assert fingerprint(game) == before
        random_step(game, rng)
    if game_id == "troll-tricker":
        assert tried > 0, "ids that are not legal now were tried"


@pytest.mark.parametrize("name", ["random", "greedy", "ismcts:30"])
def test_bots_play_legal_actions(game_id, name):
    bot = parlour.bot(name, seed=5)
    assert bot.name
    rng = random.Random(14)
    game = new_game(game_id, seed=14)
    asked = 0
    for _ in range(40 if name.startswith("ismcts") else 120):
        if game.is_terminal():
            break
        seat = game.current_player()
        if not game.pending(seat) and asked < 6:
            before = fingerprint(game)
            action = bot.act(game, seat)
            assert action in game.legal_actions(seat)
            assert fingerprint(game) == before, "a bot must not change the game it reads"
            game.apply(seat, action)
            asked += 1
        else:
            random_step(game, rng)
    assert asked > 0


def test_a_bot_plays_a_whole_game():
    bots = [parlour.bot("greedy", seed=s) for s in range(4)]
    game = new_game("troll-tricker", seed=30)
    while not game.is_terminal():
        seat = game.current_player()
        game.apply(seat, bots[seat].act(game, seat))
    assert sum(game.returns()) == pytest.approx(1.0)


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError):
        parlour.bot("no-such-bot")


def test_explicit_chance_waits_for_draws(game_id):
    game = new_game(game_id, seed=3, explicit_chance=True)
    assert game.is_chance() and game.current_player() == parlour.CHANCE
    assert list(game.to_act()) == []
    assert game.chance_hint()
    auto = new_game(game_id, seed=3)
    text = game.draw_chance()
    assert text
    while game.is_chance():
        game.draw_chance()
    # Drawing from the seed gives the game that automatic chance gives.
    assert game.view_text(None) == auto.view_text(None)
    # A stated outcome is applied as given.
    stated = new_game(game_id, seed=99, explicit_chance=True)
    stated.apply_chance(text)
    replay = new_game(game_id, seed=3, explicit_chance=True)
    replay.draw_chance()
    assert stated.view_text(None) == replay.view_text(None)


def test_same_seed_same_game_other_seed_other_game(game_id):
    a, b = new_game(game_id, seed=40), new_game(game_id, seed=40)
    assert fingerprint(a) == fingerprint(b)
    others = [new_game(game_id, seed=s) for s in range(41, 45)]
    views = {tuple(json.dumps(g.view(s), sort_keys=True) for s in range(g.players)) for g in others}
    assert len(views) > 1, "different seeds deal different games"


def test_type_stubs_cover_the_native_module():
    """Every public name of the compiled module has a declaration in the shipped stubs."""
    import ast
    from pathlib import Path

    import parlour._native as native

    stub = Path(parlour.__file__).with_name("_native.pyi").read_text()
    tree = ast.parse(stub)
    declared: dict[str, set[str]] = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            declared[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or isinstance(n, ast.AnnAssign)
            }
            declared[""].add(node.name)
        elif isinstance(node, ast.FunctionDef):
            declared[""].add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared[""].add(node.target.id)
    public = [n for n in dir(native) if not n.startswith("_")]
    assert set(public) <= declared[""], set(public) - declared[""]
    for cls in ("Game", "Bot", "VectorEnv"):
        members = {n for n in dir(getattr(native, cls)) if not n.startswith("_")}
        assert members <= declared[cls], (cls, members - declared[cls])
    assert (Path(parlour.__file__).with_name("py.typed")).exists()


def test_every_player_count_plays_to_the_end(game_id):
    info = GAMES[game_id]
    for players in range(info["min_players"], info["max_players"] + 1):
        options = options_for(game_id, players) or None
        game = parlour.Game(game_id, players=players, options=options, seed=players)
        assert game.players == players
        shape, n_ids = game.observation_shape, game.num_distinct_actions
        rng = random.Random(players)

        def check(g: parlour.Game, shape=shape, n_ids=n_ids) -> None:
            seat = g.current_player()
            assert g.observation(seat).shape == shape
            assert all(0 <= i < n_ids for i in g.legal_action_ids(seat))

        playout(game, rng, check)
        assert len(game.returns()) == players
        assert 0.0 <= sum(game.returns()) <= 1.0 + 1e-6


@pytest.mark.parametrize("explicit_chance", [False, True])
def test_a_game_pickles_as_its_record_and_plays_on_alike(game_id, explicit_chance):
    import pickle

    game = new_game(game_id, seed=3, explicit_chance=explicit_chance)
    rng = random.Random(1)
    for _ in range(25):
        if game.is_terminal():
            break
        if game.is_chance():
            game.draw_chance()
        else:
            random_step(game, rng)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.record() == game.record()
    assert copy.explicit_chance == explicit_chance
    assert [copy.pending(s) for s in range(copy.players)] == [
        game.pending(s) for s in range(game.players)
    ]
    for _ in range(60):  # the same chance stream: the same deals from here on
        if game.is_terminal():
            break
        if game.is_chance():
            assert copy.draw_chance() == game.draw_chance()
        else:
            seat, action = random_step(game, rng)
            copy.apply(seat, action)
    assert copy.record() == game.record()


def test_a_pickled_game_keeps_a_spelling_begun():
    import pickle

    game = parlour.Game("rebel-runs", players=3, seed=1)
    rng = random.Random(2)
    while not game.pending(game.current_player()):
        random_step(game, rng)
    copy = pickle.loads(pickle.dumps(game))
    seat = game.current_player()
    assert copy.pending(seat) == game.pending(seat) != []
    assert copy.legal_action_ids(seat) == game.legal_action_ids(seat)


def test_games_says_which_player_counts_need_an_option():
    for info in parlour.games():
        counts = range(info["min_players"], info["max_players"] + 1)
        assert set(info["players_at_defaults"]) <= set(counts)
        assert info["default_players"] in info["players_at_defaults"]
        for n in counts:
            if n in info["players_at_defaults"]:
                parlour.Game(info["id"], players=n)
            else:
                with pytest.raises(ValueError, match="option"):
                    parlour.Game(info["id"], players=n)
    rtp = next(g for g in parlour.games() if g["id"] == "reading-the-play")
    assert (rtp["min_players"], rtp["players_at_defaults"]) == (2, [3, 4, 5, 6])
    parlour.Game("reading-the-play", players=2, options={"two_player": True})
