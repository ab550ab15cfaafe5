"""The examples run: a short training run beats random play clearly; the ISMCTS script plays."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_training_beats_random():
    train = load("train_troll_tricker")
    policy = train.train(iterations=40, envs=128, seed=1, log=None)
    trained = train.evaluate(lambda o, m, e: policy.greedy(o, m), games=1024, seed=500)
    rand = train.evaluate(lambda o, m, e: e.random_actions(), games=1024, seed=500)
    assert abs(rand.mean - 0.25) < 0.05, f"random play's share {rand}"
    # A clear margin: the trained policy's interval is above random's, and its share well
    # above a quarter.
    assert trained.low > rand.high, f"trained {trained} vs random {rand}"
    assert trained.mean > 0.35, f"trained {trained}"


def test_card_features_read_the_trick():
    train = load("train_troll_tricker")
    import parlour

    env = parlour.VectorEnv("troll-tricker", 64, players=4, seed=3, opponents="random")
    obs, mask, _ = env.reset()
    for _ in range(5):
        phi = train.card_features(obs, mask)
        names = train.FEATURES
        wins = phi[:, :, names.index("wins the trick now")] > 0
        for i in range(8):
            game = env.game(i)
            trick = game.view(0)["current_trick"]
            if not trick:
                assert not wins[i].any()
        # The cheapest winning card is a legal winning card.
        cheapest = phi[:, :, names.index("cheapest winning card")] > 0
        assert not (cheapest & ~(wins & mask)).any()
        assert np.isfinite(phi).all()
        obs, mask, *_ = env.step(env.random_actions())


def test_ismcts_example_runs():
    out = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "openspiel_ismcts.py"),
            "--games",
            "1",
            "--simulations",
            "5",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    assert "ISMCTS (5 simulations a move) vs 3 random bots: mean win share" in out
