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


def test_ppo_on_raw_observations_beats_random():
    ppo = load("train_ppo_raw")
    # Games capped at 20 rounds: a weak policy's games otherwise run to the 200-round cap.
    cfg = ppo.Config(
        game="holy-matrimony",
        options={"max_rounds": 20},
        seed=3,
        envs=64,
        hidden=64,
        updates=2,
        eval_every=0,
    )
    net = ppo.train(cfg, log=None)
    games = 256
    shares = ppo.evaluate(cfg, lambda o, m, e: net.act(o, m), games, seed=777)
    # A player no better than random wins at most 1/4 on average (the seats are exchangeable
    # and the shares sum to 1). By Hoeffding's inequality the mean of 256 shares in [0, 1]
    # passes 1/4 + t with probability at most exp(-2 * 256 * t^2) = 1e-3 at t = 0.116.
    t = np.sqrt(np.log(1000) / (2 * games))
    assert len(shares) == games
    assert shares.mean() > 0.25 + t, f"PPO policy's mean win share {shares.mean():.3f}"


def test_ppo_gradients_match_finite_differences():
    ppo = load("train_ppo_raw")
    rng = np.random.default_rng(0)
    n, obs_len, ids = 16, 20, 7
    net = ppo.Net(obs_len, ids, 12, rng)
    for k, v in net.p.items():
        net.p[k] = v.astype(np.float64) + rng.standard_normal(v.shape) * 0.3
    obs = rng.standard_normal((n, obs_len))
    mask = rng.random((n, ids)) < 0.6
    mask[:, 0] = True
    act = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    # Old log-probabilities spread so that some ratios are clipped and some are not.
    old = rng.standard_normal(n) * 0.3 - 1.5
    adv, ret = rng.standard_normal(n), rng.standard_normal(n)
    cfg = ppo.Config(entropy=0.05)

    def loss() -> float:
        logits, value, _ = net.forward(obs)
        logp = ppo.masked_log_softmax(logits, mask)
        ratio = np.exp(logp[np.arange(n), act] - old)
        lo, hi = 1 - cfg.clip, 1 + cfg.clip
        pg = np.maximum(-adv * ratio, -adv * np.clip(ratio, lo, hi)).mean()
        entropy = -(np.exp(logp) * logp).sum(axis=1).mean()
        return pg - cfg.entropy * entropy + cfg.value_coef * 0.5 * ((value - ret) ** 2).mean()

    grads, stats = ppo.ppo_gradients(net, cfg, obs, mask, act, old, adv, ret)
    assert 0 < stats["clipped"] < 1
    for k, p in net.p.items():
        numeric = np.zeros_like(p)
        for i in np.ndindex(p.shape):
            x = p[i]
            p[i] = x + 1e-6
            up = loss()
            p[i] = x - 1e-6
            numeric[i] = (up - loss()) / 2e-6
            p[i] = x
        assert np.allclose(grads[k], numeric, atol=1e-6, rtol=1e-4), k
