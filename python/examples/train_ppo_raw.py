"""Train a policy from the raw observation tensor with PPO, in numpy alone, and measure it.

The policy sees only what ``parlour.VectorEnv`` gives every game: the observation tensor and
the legal-action mask. There are no hand-made features and no offsets into the observation.
The reward is the learner's win share when a game ends plus, with ``--reward score`` (the
default), each step's change in its score lead (``Game.scores()``: its score minus the others'
mean), which sums to the final lead and so only says sooner what the end will say. The network
is a small MLP (two ReLU layers) with a policy head (a softmax over the legal ids) and a value
head, trained with PPO (clipped ratios, GAE, entropy bonus, Adam) on many games at once in
which the engine's ``random`` bot plays every other seat. Backpropagation is written out by
hand, so nothing beyond numpy is needed.

Every few updates the policy (its most likely legal id) plays fresh games against random bots;
these points, with 95% intervals, are the learning curve, written as CSV and, when matplotlib
is importable, as a PNG. At the end the policy plays fresh games against random bots and
against the engine's ``greedy`` bot, beside a random player and a greedy player on the same
deals.

    python python/examples/train_ppo_raw.py                          # Troll Tricker, 4 players
    python python/examples/train_ppo_raw.py --game holy-matrimony
    python python/examples/train_ppo_raw.py --minutes 2 --curve curve.csv --plot curve.png
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import time
from dataclasses import dataclass
from typing import Callable, Optional

# The matrices here are small: one BLAS thread wastes less than several competing for the
# cores that the games step on too.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import parlour  # noqa: E402

LEARNER = 0


@dataclass
class Config:
    """Everything a run depends on (the defaults are the full run)."""

    game: str = "troll-tricker"
    players: int = 4
    options: Optional[dict] = None  # the game's options (parlour.games() lists them)
    seed: int = 0
    envs: int = 256  # games played at once
    steps: int = 32  # learner decisions per game slot per rollout
    updates: int = 1000
    minutes: Optional[float] = None  # stop training after this long even if updates remain
    hidden: int = 128
    lr: float = 1e-3
    epochs: int = 4
    minibatches: int = 4
    clip: float = 0.2
    gamma: float = 1.0  # only the end of the game counts: no reason to discount
    lam: float = 0.95
    entropy: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    reward: str = "score"  # "win": the win share at the end only; "score": plus score-lead steps
    shaping: float = 0.5  # weight of the score-lead steps (in units of the lead's spread)
    eval_every: int = 10  # updates between points of the learning curve (0: no curve)
    eval_games: int = 512  # games per point


@dataclass
class Result:
    """Mean win share over ``games`` games with its 95% interval (normal approximation)."""

    mean: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, shares: np.ndarray) -> "Result":
        half = 1.96 * shares.std(ddof=1) / math.sqrt(len(shares))
        m = float(shares.mean())
        return cls(m, m - half, m + half, len(shares))

    def __str__(self) -> str:
        return (
            f"{self.mean:.3f} (95% interval {self.low:.3f} to {self.high:.3f}, {self.games} games)"
        )


def masked_log_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Log-probabilities over the legal ids; illegal ids get a huge negative log-probability
    (finite, so that ``p * logp`` is 0 there, not NaN)."""
    z = np.where(mask, logits, np.float32(-1e9))
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


class Net:
    """``obs -> ReLU -> ReLU -> (logits over ids, value)``: one trunk shared by both heads."""

    NAMES = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(self, obs_len: int, actions: int, hidden: int, rng: np.random.Generator):
        def normal(rows: int, cols: int, scale: float) -> np.ndarray:
            return (rng.standard_normal((rows, cols)) * scale).astype(np.float32)

        # He initialisation for the ReLU layers; a near-uniform policy and a small value to
        # start from (as the usual PPO implementations do with their orthogonal gains).
        self.p = {
            "w1": normal(obs_len, hidden, math.sqrt(2.0 / obs_len)),
            "b1": np.zeros(hidden, np.float32),
            "w2": normal(hidden, hidden, math.sqrt(2.0 / hidden)),
            "b2": np.zeros(hidden, np.float32),
            "wp": normal(hidden, actions, 0.01 / math.sqrt(hidden)),
            "bp": np.zeros(actions, np.float32),
            "wv": normal(hidden, 1, 1.0 / math.sqrt(hidden)),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, x: np.ndarray):
        p = self.p
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        logits = h2 @ p["wp"] + p["bp"]
        value = (h2 @ p["wv"])[:, 0] + p["bv"][0]
        return logits, value, (x, h1, h2)

    def backward(self, cache, dlogits: np.ndarray, dvalue: np.ndarray) -> dict:
        """Gradients of the loss given its gradients with respect to the two heads."""
        x, h1, h2 = cache
        p = self.p
        g = {
            "wp": h2.T @ dlogits,
            "bp": dlogits.sum(axis=0),
            "wv": h2.T @ dvalue[:, None],
            "bv": dvalue.sum(keepdims=True),
        }
        dh2 = dlogits @ p["wp"].T + dvalue[:, None] @ p["wv"].T
        dh2 *= h2 > 0
        g["w2"] = h1.T @ dh2
        g["b2"] = dh2.sum(axis=0)
        dh1 = dh2 @ p["w2"].T
        dh1 *= h1 > 0
        g["w1"] = x.T @ dh1
        g["b1"] = dh1.sum(axis=0)
        return g

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The most likely legal id of each row."""
        logits, _, _ = self.forward(obs)
        return np.where(mask, logits, -np.inf).argmax(axis=1).astype(np.int64)


class Adam:
    def __init__(self, params: dict, lr: float):
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict, grads: dict, lr: float) -> None:
        self.t += 1
        c1, c2 = 1 - 0.9**self.t, 1 - 0.999**self.t
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            params[k] -= lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + 1e-5)


def ppo_gradients(net: Net, cfg: Config, obs, mask, act, old_logp, adv, ret):
    """The gradients of the PPO loss on one minibatch, and its statistics."""
    n = len(act)
    rows = np.arange(n)
    logits, value, cache = net.forward(obs)
    logp = masked_log_softmax(logits, mask)
    prob = np.exp(logp)
    ratio = np.exp(logp[rows, act] - old_logp)
    unclipped = -adv * ratio
    clipped = -adv * np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
    # d loss / d logp(a): the clipped objective passes the gradient only where its unclipped
    # term is the larger (the pessimistic one).
    dlogp_a = np.where(unclipped >= clipped, -adv * ratio, 0.0) / n
    dlogits = -prob * dlogp_a[:, None]
    dlogits[rows, act] += dlogp_a
    # Entropy bonus: d H / d logit_j = -p_j (log p_j + H).
    plogp = prob * logp
    entropy = -plogp.sum(axis=1)
    dlogits += cfg.entropy * (plogp + prob * entropy[:, None]) / n
    dvalue = cfg.value_coef * (value - ret) / n
    grads = net.backward(cache, dlogits.astype(np.float32), dvalue.astype(np.float32))
    stats = {
        "entropy": float(entropy.mean()),
        "value_loss": float(((value - ret) ** 2).mean()),
        "clipped": float((np.abs(ratio - 1) > cfg.clip).mean()),
    }
    return grads, stats


def evaluate(
    cfg: Config,
    choose: Callable,
    games: int,
    seed: int,
    opponents: str = "random",
    envs: int = 256,
) -> np.ndarray:
    """Win shares of ``choose(obs, mask, env) -> ids`` in seat 0 against ``opponents`` in
    ``games`` fresh games (a whole number per env: the same deals for the same seed)."""
    envs = min(envs, games)
    env = parlour.VectorEnv(
        cfg.game, envs, players=cfg.players, options=cfg.options, seed=seed, opponents=opponents
    )
    obs, mask, _ = env.reset()
    per_env = -(-games // envs)
    counted = np.zeros(envs, np.int64)
    shares: list[float] = []
    while len(shares) < per_env * envs:
        obs, mask, rewards, dones, _ = env.step(choose(obs, mask, env))
        for i in np.flatnonzero(dones):
            if counted[i] < per_env:
                shares.append(float(rewards[i, LEARNER]))
                counted[i] += 1
    return np.array(shares)


def bot_player(name: str, seed: int = 0) -> Callable:
    """``choose`` for an engine bot in seat 0 (it reads the seat's view of each game)."""
    bot = parlour.bot(name, seed)

    def choose(obs, mask, env) -> np.ndarray:
        ids = np.empty(len(env), np.int64)
        for i in range(len(env)):
            game = env.game(i)
            (ids[i],) = game.action_ids(LEARNER, bot.act(game, LEARNER))
        return ids

    return choose


def score_leads(env) -> np.ndarray:
    """Each game's running score of the learner minus the others' mean (``Game.scores()``)."""
    s = np.array([env.game(i).scores() for i in range(len(env))], np.float32)
    return s[:, LEARNER] - (s.sum(axis=1) - s[:, LEARNER]) / (s.shape[1] - 1)


def train(cfg: Config, log: Optional[Callable] = print, curve: Optional[list] = None) -> Net:
    """PPO against random bots; appends ``(games, train Result, eval Result)`` to ``curve``
    every ``cfg.eval_every`` updates."""
    env = parlour.VectorEnv(
        cfg.game,
        cfg.envs,
        players=cfg.players,
        options=cfg.options,
        seed=cfg.seed,
        opponents="random",
    )
    obs, mask, current = env.reset()
    assert (current == LEARNER).all()
    rng = np.random.default_rng(cfg.seed)
    net = Net(obs.shape[1], mask.shape[1], cfg.hidden, rng)
    opt = Adam(net.p, cfg.lr)
    t_, n_ = cfg.steps, cfg.envs
    buf_obs = np.zeros((t_, n_, obs.shape[1]), np.float32)
    buf_mask = np.zeros((t_, n_, mask.shape[1]), bool)
    buf_act = np.zeros((t_, n_), np.int64)
    buf_logp = np.zeros((t_, n_), np.float32)
    buf_val = np.zeros((t_, n_), np.float32)
    buf_rew = np.zeros((t_, n_), np.float32)
    buf_done = np.zeros((t_, n_), np.float32)
    buf_lead = np.zeros((t_, n_), np.float32)  # the score lead's change in each step
    lead = score_leads(env) if cfg.reward == "score" else None
    lead_sq, lead_count = 0.0, 0
    games = 0
    window: list[float] = []  # the training games' win shares since the last curve point
    start = time.perf_counter()
    for update in range(1, cfg.updates + 1):
        for t in range(t_):
            logits, value, _ = net.forward(obs)
            logp = masked_log_softmax(logits, mask)
            prob = np.exp(logp)
            cum = prob.cumsum(axis=1)
            u = rng.random(n_, np.float32)[:, None] * cum[:, -1:]
            # The first id whose cumulative probability passes u: never an illegal one.
            act = np.minimum((cum <= u).sum(axis=1), mask.shape[1] - 1)
            act = np.where(mask[np.arange(n_), act], act, logp.argmax(axis=1))
            buf_obs[t], buf_mask[t], buf_act[t] = obs, mask, act
            buf_logp[t] = logp[np.arange(n_), act]
            buf_val[t] = value
            obs, mask, rewards, dones, _ = env.step(act)
            buf_rew[t] = rewards[:, LEARNER]
            buf_done[t] = dones
            if lead is not None:
                new = score_leads(env)
                # A finished game has restarted: its last change is not seen, its win share is.
                buf_lead[t] = np.where(dones, 0.0, new - lead)
                lead = new
                lead_sq += float((new * new).sum())
                lead_count += n_
            if dones.any():
                window.extend(rewards[dones, LEARNER].tolist())
                games += int(dones.sum())

        rew = buf_rew
        if lead is not None:
            # The lead's steps in units of its typical size, so one weight fits every game.
            rew = rew + cfg.shaping * buf_lead / (math.sqrt(lead_sq / lead_count) + 1e-8)
        # Generalised advantage estimates, cut where a game ended.
        _, next_value, _ = net.forward(obs)
        adv = np.zeros((t_, n_), np.float32)
        last = np.zeros(n_, np.float32)
        for t in reversed(range(t_)):
            nxt = next_value if t == t_ - 1 else buf_val[t + 1]
            live = 1.0 - buf_done[t]
            delta = rew[t] + cfg.gamma * nxt * live - buf_val[t]
            last = delta + cfg.gamma * cfg.lam * live * last
            adv[t] = last
        ret = adv + buf_val

        flat = t_ * n_
        b_obs = buf_obs.reshape(flat, -1)
        b_mask = buf_mask.reshape(flat, -1)
        b_act, b_logp = buf_act.reshape(flat), buf_logp.reshape(flat)
        b_adv, b_ret = adv.reshape(flat), ret.reshape(flat)
        elapsed = time.perf_counter() - start
        done_frac = (update - 1) / cfg.updates
        if cfg.minutes:
            done_frac = max(done_frac, elapsed / (60 * cfg.minutes))
            last_update = update == cfg.updates or elapsed >= 60 * cfg.minutes
        else:
            last_update = update == cfg.updates
        lr = cfg.lr * max(0.0, 1.0 - done_frac)
        size = flat // cfg.minibatches
        for _ in range(cfg.epochs):
            order = rng.permutation(flat)
            for k in range(cfg.minibatches):
                idx = order[k * size : (k + 1) * size]
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                grads, stats = ppo_gradients(
                    net, cfg, b_obs[idx], b_mask[idx], b_act[idx], b_logp[idx], a, b_ret[idx]
                )
                norm = math.sqrt(sum(float((g * g).sum()) for g in grads.values()))
                if norm > cfg.max_grad_norm:
                    for g in grads.values():
                        g *= cfg.max_grad_norm / norm
                opt.step(net.p, grads, lr)

        if cfg.eval_every and (update % cfg.eval_every == 0 or last_update):
            point = Result.of(
                evaluate(
                    cfg, lambda o, m, e: net.act(o, m), cfg.eval_games, seed=cfg.seed + 1_000_003
                )
            )
            trained = Result.of(np.array(window)) if len(window) > 1 else None
            window = []
            if curve is not None:
                curve.append((games, trained, point))
            if log:
                log(
                    f"update {update:4d}  games {games:7d}  {time.perf_counter() - start:6.0f} s  "
                    f"training games {trained.mean if trained else float('nan'):.3f}  "
                    f"policy vs random {point.mean:.3f} ± {point.high - point.mean:.3f}  "
                    f"entropy {stats['entropy']:.2f}  value loss {stats['value_loss']:.4f}"
                )
        if last_update:
            break
    return net


def write_curve(path: str, curve: list) -> None:
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "games",
                "train_share",
                "train_low",
                "train_high",
                "eval_share",
                "eval_low",
                "eval_high",
                "eval_games",
            ]
        )
        for games, trained, point in curve:
            t = trained or Result(float("nan"), float("nan"), float("nan"), 0)
            w.writerow(
                [games]
                + [f"{x:.4f}" for x in (t.mean, t.low, t.high, point.mean, point.low, point.high)]
                + [point.games]
            )


def plot_curve(path: str, curve: list, cfg: Config, greedy: Optional[Result]) -> bool:
    """A PNG of the curve, if matplotlib is importable; returns whether it was written."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    games = [g for g, _, _ in curve]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=120)
    ev = [p for _, _, p in curve]
    ax.plot(
        games,
        [p.mean for p in ev],
        color="C0",
        label="policy (most likely id) vs random, fresh games",
    )
    ax.fill_between(games, [p.low for p in ev], [p.high for p in ev], color="C0", alpha=0.25)
    tr = [(g, t) for g, t, _ in curve if t is not None]
    ax.plot(
        [g for g, _ in tr],
        [t.mean for _, t in tr],
        color="C1",
        lw=1,
        label="training games (sampled)",
    )
    ax.axhline(1 / cfg.players, color="grey", ls="--", lw=1, label="random player (1/n)")
    if greedy is not None:
        ax.axhline(greedy.mean, color="C2", ls=":", lw=1.5, label="greedy bot vs random")
    ax.set_xlabel("training games played")
    ax.set_ylabel("mean win share in seat 0")
    ax.set_title(f"PPO on the raw observation: {cfg.game}, {cfg.players} players vs random bots")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def main() -> None:
    cfg = Config()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=cfg.game)
    ap.add_argument("--players", type=int, default=cfg.players)
    ap.add_argument("--seed", type=int, default=cfg.seed)
    ap.add_argument("--updates", type=int, default=cfg.updates)
    ap.add_argument("--minutes", type=float, default=7.0, help="training time budget")
    ap.add_argument("--envs", type=int, default=cfg.envs)
    ap.add_argument("--hidden", type=int, default=cfg.hidden)
    ap.add_argument("--lr", type=float, default=cfg.lr)
    ap.add_argument("--gamma", type=float, default=cfg.gamma)
    ap.add_argument("--entropy", type=float, default=cfg.entropy)
    ap.add_argument("--reward", choices=("score", "win"), default=cfg.reward)
    ap.add_argument("--eval-every", type=int, default=cfg.eval_every)
    ap.add_argument("--final-games", type=int, default=2048, help="games per final evaluation")
    ap.add_argument("--curve", default="ppo_raw_curve.csv", help="the learning curve as CSV")
    ap.add_argument(
        "--plot", default="ppo_raw_curve.png", help="the curve as PNG (needs matplotlib)"
    )
    args = ap.parse_args()
    cfg = Config(
        game=args.game,
        players=args.players,
        seed=args.seed,
        updates=args.updates,
        minutes=args.minutes,
        envs=args.envs,
        hidden=args.hidden,
        lr=args.lr,
        reward=args.reward,
        gamma=args.gamma,
        entropy=args.entropy,
        eval_every=args.eval_every,
    )

    t0 = time.perf_counter()
    curve: list = []
    net = train(cfg, curve=curve)
    trained_in = time.perf_counter() - t0
    print(f"trained in {trained_in:.0f} s" + (f" on {curve[-1][0]} games" if curve else ""))

    policy = lambda o, m, e: net.act(o, m)  # noqa: E731
    rand = lambda o, m, e: e.random_actions()  # noqa: E731
    greedy = bot_player("greedy")
    seed, n = cfg.seed + 2_000_003, args.final_games
    others = cfg.players - 1
    rows = []
    for opp in ("random", "greedy"):
        for name, choose in (
            ("PPO policy", policy),
            ("random player", rand),
            ("greedy bot", greedy),
        ):
            if opp == "greedy" and name == "greedy bot":
                continue  # 1/n by symmetry
            r = Result.of(evaluate(cfg, choose, n, seed, opponents=opp))
            rows.append((name, opp, r))
            print(f"{name:13s} vs {others} {opp} bots: mean win share {r}")
    print(f"total {time.perf_counter() - t0:.0f} s")

    write_curve(args.curve, curve)
    greedy_vs_random = next(r for name, opp, r in rows if name == "greedy bot" and opp == "random")
    drawn = plot_curve(args.plot, curve, cfg, greedy_vs_random)
    print(
        f"learning curve: {args.curve}"
        + (f", {args.plot}" if drawn else " (no matplotlib: no PNG)")
    )


if __name__ == "__main__":
    main()
