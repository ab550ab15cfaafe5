"""Train a small policy for Troll Tricker with numpy alone, and show it beats random play.

The policy is a softmax over the legal cards of ``theta . phi(card)``, where ``phi`` is a dozen
features of each card read from the observation tensor (see
``docs/games/troll-tricker.md#encoding-for-learning``): its value, whether it is fey, follows
the led sign, would win the trick now, is the cheapest card that would, ... It is trained with
REINFORCE on many games at once through ``parlour.VectorEnv``, in which the three other seats
are played by the engine's random bot. A step's return is what the learner's score lead (its
score minus the others' mean) gains from then on, plus its win share at the end; returns are
normalised over each batch.

Then the policy plays fresh games against random bots, and so does a random player on the same
deals; their mean win shares are printed with 95% intervals. A random player's expected share
is 1/4.

    python python/examples/train_troll_tricker.py              # well under a minute
    python python/examples/train_troll_tricker.py --iterations 200 --envs 512
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

# The arrays here are small: one BLAS thread is much faster than several competing for the
# cores the games also use.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import parlour  # noqa: E402

GAME = "troll-tricker"
PLAYERS = 4
LEARNER = 0
CARDS = 88  # action id c plays card c: sign c // 11, value c % 11 + 1

# Offsets in a Troll Tricker observation (seats relative to the observer; n players).
_N = PLAYERS
TRICK = 88  # 88 n: the card each seat has played to the current trick
FEY = 264 + 96 * _N  # 8: the fey sign, one-hot
SCORES = 272 + 144 * _N  # n: scores / 100, the observer's first
LED = 291 + 151 * _N  # 8: the led sign, one-hot, once a card is led

SIGN = np.arange(CARDS) // 11
VALUE = (np.arange(CARDS) % 11 + 1) / 11.0
FEATURES = [
    "bias",
    "value",
    "fey",
    "fey x value",
    "follows the led sign",
    "leads",
    "leads x value",
    "leads x fey",
    "wins the trick now",
    "wins x value",
    "cheapest winning card",
    "wins as the last to play",
    "highest legal card",
    "lowest legal card",
]

# Weight of the final win share against the score lead (scores are / 100 in the observation).
WIN_BONUS = 0.5


def card_features(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``phi[env, card, feature]`` for every card (only legal cards are ever used)."""
    n = len(obs)
    fey_sign = obs[:, FEY : FEY + 8].argmax(axis=1)
    led = obs[:, LED : LED + 8]
    leading = led.sum(axis=1) == 0
    led_sign = led.argmax(axis=1)
    in_trick = obs[:, TRICK : TRICK + CARDS * PLAYERS].reshape(n, PLAYERS, CARDS).sum(axis=1) > 0
    played = in_trick.sum(axis=1)

    is_fey = SIGN[None, :] == fey_sign[:, None]
    follows = (SIGN[None, :] == led_sign[:, None]) & ~leading[:, None]
    value = np.broadcast_to(VALUE, (n, CARDS))
    # The trick's best so far: its highest fey card, else its highest card of the led sign.
    fey_best = np.where(in_trick & is_fey, value, 0).max(axis=1)
    led_best = np.where(in_trick & follows, value, 0).max(axis=1)
    wins = (
        np.where(
            is_fey,
            value > fey_best[:, None],
            follows & (fey_best[:, None] == 0) & (value > led_best[:, None]),
        )
        & ~leading[:, None]
    )
    win_value = np.where(wins & mask, value, np.inf)
    cheapest = wins & mask & (value == win_value.min(axis=1, keepdims=True))
    legal_value = np.where(mask, value, np.nan)
    highest = value == np.nanmax(legal_value, axis=1, keepdims=True)
    lowest = value == np.nanmin(legal_value, axis=1, keepdims=True)
    last = (played == PLAYERS - 1)[:, None]
    lead = leading[:, None]
    phi = np.stack(
        [
            np.ones((n, CARDS)),
            value,
            is_fey,
            is_fey * value,
            follows,
            np.broadcast_to(lead, (n, CARDS)),
            lead * value,
            lead & is_fey,
            wins,
            wins * value,
            cheapest,
            wins & last,
            highest,
            lowest,
        ],
        axis=2,
    )
    return phi.astype(np.float32)


@dataclass
class Result:
    """Mean win share over ``games`` games, with its 95% interval."""

    mean: float
    low: float
    high: float
    games: int

    def __str__(self) -> str:
        return (
            f"{self.mean:.3f} (95% interval {self.low:.3f} to {self.high:.3f}, {self.games} games)"
        )


class Policy:
    """Softmax over the legal cards of ``phi @ theta``."""

    def __init__(self) -> None:
        self.theta = np.zeros(len(FEATURES), np.float32)

    def probs(self, phi: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, phi @ self.theta, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def sample(self, phi: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        p = self.probs(phi, mask)
        u = rng.random(len(p))[:, None]
        return (p.cumsum(axis=1) > u).argmax(axis=1).astype(np.int64)

    def greedy(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, card_features(obs, mask) @ self.theta, -np.inf)
        return logits.argmax(axis=1).astype(np.int64)


def train(
    iterations: int = 60,
    envs: int = 256,
    lr: float = 0.05,
    seed: int = 0,
    log=print,
) -> Policy:
    """REINFORCE against random opponents (Adam steps); returns the trained policy."""
    env = parlour.VectorEnv(GAME, envs, players=PLAYERS, seed=seed, opponents="random")
    obs, mask, current = env.reset()
    assert (current == LEARNER).all() and env.num_distinct_actions == CARDS
    policy = Policy()
    m_avg, v_avg = np.zeros_like(policy.theta), np.zeros_like(policy.theta)
    rng = np.random.default_rng(seed)

    # Steps are kept until their game ends: per step every env's features, mask, action and
    # score lead; per env, the step its current game began at.
    hist_phi: list[np.ndarray] = []
    hist_mask: list[np.ndarray] = []
    hist_act: list[np.ndarray] = []
    hist_lead: list[np.ndarray] = []
    base = 0  # global index of hist_*[0]
    t = 0
    start = np.zeros(envs, np.int64)
    recent: list[float] = []
    for it in range(iterations):
        episodes: list[tuple[int, int, int, float]] = []  # (env, first step, last step, return)
        while len(episodes) < envs:
            phi = card_features(obs, mask)
            actions = policy.sample(phi, mask, rng)
            scores = obs[:, SCORES : SCORES + PLAYERS]
            hist_phi.append(phi)
            hist_mask.append(mask)
            hist_act.append(actions)
            hist_lead.append(scores[:, 0] - scores[:, 1:].mean(axis=1))
            obs, mask, rewards, dones, current = env.step(actions)
            for i in np.flatnonzero(dones):
                episodes.append((int(i), int(start[i]), t, float(rewards[i, LEARNER])))
                start[i] = t + 1
            t += 1

        # The finished games' steps and returns.
        leads = np.stack(hist_lead)
        rows_t, rows_i, returns = [], [], []
        for i, s, e, r in episodes:
            steps = np.arange(s, e + 1) - base
            lead = leads[steps, i]
            # Rewards: the lead's change up to the next decision; at the last, the win share
            # (the last trick's points come after the last observation).
            reward = np.append(np.diff(lead), WIN_BONUS * (r - 1.0 / PLAYERS))
            rows_t.append(steps)
            rows_i.append(np.full(len(steps), i))
            returns.append(np.cumsum(reward[::-1])[::-1])
        rt, ri, g = np.concatenate(rows_t), np.concatenate(rows_i), np.concatenate(returns)
        adv = ((g - g.mean()) / (g.std() + 1e-8)).astype(np.float32)
        phi = np.stack(hist_phi)[rt, ri]
        act = np.stack(hist_act)[rt, ri]
        p = policy.probs(phi, np.stack(hist_mask)[rt, ri])
        # grad log pi(a) = phi(a) - E_pi[phi]
        grad_log = phi[np.arange(len(act)), act] - np.einsum("sa,sak->sk", p, phi)
        grad = (adv[:, None] * grad_log).mean(axis=0)
        # An Adam step up the gradient.
        m_avg = 0.9 * m_avg + 0.1 * grad
        v_avg = 0.999 * v_avg + 0.001 * grad * grad
        k = it + 1
        policy.theta += lr * (m_avg / (1 - 0.9**k)) / (np.sqrt(v_avg / (1 - 0.999**k)) + 1e-8)

        recent += [r for *_, r in episodes]
        # Drop the steps every env's current game has moved past.
        keep = int(start.min()) - base
        if keep > 0:
            del hist_phi[:keep], hist_mask[:keep], hist_act[:keep], hist_lead[:keep]
            base += keep
        if log and (it + 1) % 10 == 0:
            log(f"iteration {it + 1:4d}: mean win share of the last games {np.mean(recent):.3f}")
            recent = []
    return policy


def evaluate(choose, games: int = 2048, envs: int = 256, seed: int = 10_000) -> Result:
    """Mean win share of ``choose(obs, mask, env) -> ids`` in seat 0 against random bots, over
    ``games`` games (a whole number per env) of envs seeded from ``seed``."""
    env = parlour.VectorEnv(GAME, envs, players=PLAYERS, seed=seed, opponents="random")
    obs, mask, current = env.reset()
    per_env = -(-games // envs)
    shares: list[float] = []
    counted = np.zeros(envs, np.int64)
    while len(shares) < per_env * envs:
        obs, mask, rewards, dones, current = env.step(choose(obs, mask, env))
        for i in np.flatnonzero(dones):
            if counted[i] < per_env:
                shares.append(float(rewards[i, LEARNER]))
                counted[i] += 1
    x = np.array(shares)
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    return Result(float(x.mean()), float(x.mean() - half), float(x.mean() + half), len(x))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=60)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--eval-games", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    t0 = time.perf_counter()
    policy = train(args.iterations, args.envs, args.lr, args.seed)
    print(f"trained in {time.perf_counter() - t0:.1f} s; weights:")
    for name, w in zip(FEATURES, policy.theta):
        print(f"  {name:26s} {w:+.2f}")
    trained = evaluate(lambda o, m, e: policy.greedy(o, m), args.eval_games)
    rand = evaluate(lambda o, m, e: e.random_actions(), args.eval_games)
    print(f"trained policy vs 3 random bots: mean win share {trained}")
    print(f"random player  vs 3 random bots: mean win share {rand}")


if __name__ == "__main__":
    main()
