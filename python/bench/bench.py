"""Random play, moves per second, on one core: parlour from Python against OpenSpiel's Hearts.

Measured side by side in one run:

* ``parlour Python loop``: Troll Tricker, 4 players, one game at a time from Python:
  ``legal_action_ids`` + ``random.choice`` + ``apply``; chance is drawn inside the engine. Every
  applied step counts as a move.
* ``parlour VectorEnv``: Troll Tricker, 4 players, ``--envs`` games stepped per call; the random
  legal ids are drawn from the returned masks with numpy, and every step returns observations
  and masks. Each env's step is one move.
* ``parlour VectorEnv, engine only``: the same, with the random ids drawn in Rust
  (``random_actions()``) and no observations returned: the batched engine's own rate.
* ``parlour through OpenSpiel``: Troll Tricker, 4 players, as the OpenSpiel game
  ``parlour_troll_tricker`` (``parlour.openspiel``), played by the same loop as OpenSpiel's
  Hearts below; its moves are counted as OpenSpiel counts them: every ``apply_action``, its six
  chance nodes a game (each draws a whole setup or deal, 4% of its moves) as well as the plays.
* ``OpenSpiel Python loop``: ``pyspiel.load_game("hearts")``, one game at a time from Python:
  ``random.choice`` among ``legal_actions()`` at decisions and among ``chance_outcomes()`` at
  chance nodes (Hearts' chance outcomes are equally likely); chance and player actions both
  count as moves (a Hearts deal is 52 single-card chance nodes and the pass direction).

The process pins itself to one core (``--core``, default 0) and the engine to one thread
(``RAYON_NUM_THREADS=1``), as ``taskset -c 0`` would. Each figure is the median of ``--repeats``
runs of ``--seconds`` each.

    python python/bench/bench.py
    python python/bench/bench.py --json bench.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

# One thread each, set before the libraries start their pools.
os.environ["RAYON_NUM_THREADS"] = "1"
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import parlour  # noqa: E402
import parlour.openspiel  # noqa: E402

parlour.openspiel.register()

GAME = "troll-tricker"
PLAYERS = 4


def timed(run, seconds: float) -> float:
    """Moves per second of ``run(deadline) -> moves``."""
    start = time.perf_counter()
    moves = run(start + seconds)
    return moves / (time.perf_counter() - start)


def parlour_loop(deadline: float) -> int:
    rng = random.Random(1)
    moves = 0
    seed = 0
    while time.perf_counter() < deadline:
        game = parlour.Game(GAME, players=PLAYERS, seed=seed)
        seed += 1
        while not game.is_terminal():
            seat = game.current_player()
            game.apply(seat, rng.choice(game.legal_action_ids(seat)))
            moves += 1
    return moves


def sample_from_masks(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal id per row of a boolean mask: the k-th legal id, k uniform
    below the row's count (counted in narrow integers, which numpy sums fastest)."""
    m8 = mask.view(np.uint8)
    k = (rng.random(len(mask)) * m8.sum(axis=1, dtype=np.int32)).astype(np.int32)
    return (np.cumsum(m8, axis=1, dtype=np.int16) > k[:, None]).argmax(axis=1)


def vector_numpy(envs: int):
    def run(deadline: float) -> int:
        env = parlour.VectorEnv(GAME, envs, players=PLAYERS, seed=1)
        rng = np.random.default_rng(1)
        obs, mask, current = env.reset()
        moves = 0
        while time.perf_counter() < deadline:
            obs, mask, rewards, dones, current = env.step(sample_from_masks(mask, rng))
            moves += envs
        return moves

    return run


def vector_engine(envs: int):
    def run(deadline: float) -> int:
        env = parlour.VectorEnv(GAME, envs, players=PLAYERS, seed=1)
        env.reset(observe=False)
        moves = 0
        while time.perf_counter() < deadline:
            env.step(env.random_actions(), observe=False)
            moves += envs
        return moves

    return run


def openspiel_loop(name: str):
    """OpenSpiel's Python loop over the game OpenSpiel loads as ``name``."""

    def run(deadline: float) -> int:
        import pyspiel

        return spiel_moves(pyspiel.load_game(name), deadline)

    return run


def spiel_moves(game, deadline: float) -> int:
    rng = random.Random(1)
    moves = 0
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            moves += 1
    return moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--envs", type=int, default=1024, help="games per VectorEnv (default 1024)")
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    ap.add_argument("--repeats", type=int, default=3, help="runs per figure (the median is kept)")
    ap.add_argument("--core", type=int, default=0, help="the CPU core to run on")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON ('-': stdout)")
    args = ap.parse_args()

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.core})
    cases = [
        ("parlour Python loop", "troll-tricker, 4 players", parlour_loop),
        (
            f"parlour VectorEnv ({args.envs} envs)",
            "troll-tricker, 4 players",
            vector_numpy(args.envs),
        ),
        (
            f"parlour VectorEnv ({args.envs} envs), engine only",
            "troll-tricker, 4 players",
            vector_engine(args.envs),
        ),
        (
            "parlour through OpenSpiel, Python loop",
            "troll-tricker, 4 players",
            openspiel_loop("parlour_troll_tricker(players=4)"),
        ),
        ("OpenSpiel Python loop", "hearts", openspiel_loop("hearts")),
    ]
    results = []
    for name, game, run in cases:
        rates = [timed(run, args.seconds) for _ in range(args.repeats)]
        results.append({"name": name, "game": game, "moves_per_second": statistics.median(rates)})
        print(f"  measured {name}: {results[-1]['moves_per_second']:,.0f} moves/s", file=sys.stderr)
    base = results[-1]["moves_per_second"]
    for r in results:
        r["vs_openspiel"] = r["moves_per_second"] / base

    width = max(len(r["name"]) for r in results)
    print(f"{'':{width}}  {'game':25}  {'moves/s':>12}  {'vs OpenSpiel':>12}")
    for r in results:
        print(
            f"{r['name']:{width}}  {r['game']:25}  {r['moves_per_second']:12,.0f}  "
            f"{r['vs_openspiel']:11.1f}x"
        )
    if args.json:
        import pyspiel  # noqa: F401  (its version is reported)
        from importlib.metadata import version

        report = {
            "results": results,
            "envs": args.envs,
            "seconds": args.seconds,
            "repeats": args.repeats,
            "core": args.core,
            "python": platform.python_version(),
            "parlour": parlour.__version__,
            "open_spiel": version("open_spiel"),
            "numpy": np.__version__,
        }
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
