"""A strength match on Troll Tricker: parlour's ISMCTS against OpenSpiel's ISMCTS at the same
time per move.

Four players, two of each bot, in all six seatings of two-and-two; each deal is played in all
six seatings (duplicate play), so both bots hold every hand in every position. The games are
played as OpenSpiel states (``parlour.openspiel``): OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts``, random rollouts, UCT c = 2) searches them through
``resample_from_infostate``; parlour's bot (``--parlour-bot``, default ``ismcts:20ms``) reads the
engine's game behind the state and answers in notation.

OpenSpiel's ISMCTS is bounded by simulations, not time, so its simulations per move are
calibrated first to take ``--ms`` milliseconds per move on this machine (the mean over whole
games, measured at two simulation counts while ``--jobs`` games run at once, as in the match),
unless ``--simulations`` sets them; calibration counts CPU time, so other work on the machine does
not skew it, but parlour's budget is wall time: run at most as many ``--jobs`` as there are idle
cores. Both bots' measured times per move (wall and CPU) are reported.

The result is each side's share of the wins (ties shared; 0.5 each if they are equally strong)
with a Wilson 95% interval, overall and per seating.

    python python/bench/strength.py --games 432 --jobs 2 --json strength.json
    python python/bench/strength.py --games 6 --simulations 10 --parlour-bot ismcts:50   # smoke
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import sys
import time

# Each game runs on one thread; --jobs games run at once.
os.environ.setdefault("RAYON_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

PLAYERS = 4
SEATINGS = sorted(set(itertools.permutations("PPOO")))  # P: parlour, O: OpenSpiel
SEATINGS = ["".join(s) for s in SEATINGS]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# Worker side -----------------------------------------------------------------------------------

_worker: dict = {}


def _init(simulations: int, parlour_bot: str) -> None:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import parlour
    import parlour.openspiel

    parlour.openspiel.register()

    class ISMCTSBot(ismcts.ISMCTSBot):
        def restart_at(self, state):
            self.reset()

    _worker.update(
        pyspiel=pyspiel,
        parlour=parlour,
        ismcts=ISMCTSBot,
        mcts=mcts,
        simulations=simulations,
        parlour_bot=parlour_bot,
    )


def play(job: tuple[int, str, int]) -> dict:
    """One game: deal ``deal`` with seating ``seating`` (a string of P and O by seat)."""
    deal, seating, seed = job
    w = _worker
    pyspiel, parlour = w["pyspiel"], w["parlour"]
    game = pyspiel.load_game("parlour_troll_tricker", {"players": PLAYERS, "seed": deal})
    rng = np.random.RandomState(seed % 2**32)
    os_bot = w["ismcts"](
        game=game,
        evaluator=w["mcts"].RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=w["simulations"],
        random_state=rng,
    )
    p_bot = parlour.bot(w["parlour_bot"], seed=seed)
    state = game.new_initial_state()
    # Per side: wall seconds, CPU seconds of this process, moves.
    spent = {"P": [0.0, 0.0, 0], "O": [0.0, 0.0, 0]}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
            continue
        seat = state.current_player()
        side = seating[seat]
        t0, c0 = time.perf_counter(), time.process_time()
        if side == "P":
            native = state.native
            ids = native.action_ids(seat, p_bot.act(native, seat))
        else:
            ids = [int(os_bot.step(state))]
        spent[side][0] += time.perf_counter() - t0
        spent[side][1] += time.process_time() - c0
        spent[side][2] += 1
        for i in ids:
            state.apply_action(i)
    returns = state.returns()
    return {
        "deal": deal,
        "seating": seating,
        "returns": returns,
        "P": sum(r for r, s in zip(returns, seating) if s == "P"),
        "O": sum(r for r, s in zip(returns, seating) if s == "O"),
        "seconds": {k: v[0] for k, v in spent.items()},
        "cpu_seconds": {k: v[1] for k, v in spent.items()},
        "moves": {k: v[2] for k, v in spent.items()},
    }


# Calibration -----------------------------------------------------------------------------------


def calibrate(ms: float, jobs: int, parlour_bot: str) -> tuple[int, float, float]:
    """OpenSpiel ISMCTS simulations per move for ``ms`` milliseconds a move, measured as the
    match is played (``jobs`` games at once, both bots at the table): the mean CPU time a move
    at two simulation counts gives a fixed cost per move and a cost per simulation. Returns the
    simulations, the cost per simulation and the fixed cost (both in ms). CPU time, not wall
    time: other work on the machine does not skew it."""
    low, high = 8, 40
    mean_ms = {}
    for probe in (low, high):
        games = [(100_000 + g, SEATINGS[g % len(SEATINGS)], g) for g in range(3 * jobs)]
        with multiprocessing.get_context("spawn").Pool(
            jobs, initializer=_init, initargs=(probe, parlour_bot)
        ) as pool:
            outs = pool.map(play, games)
        seconds = sum(o["cpu_seconds"]["O"] for o in outs)
        moves = sum(o["moves"]["O"] for o in outs)
        mean_ms[probe] = 1000 * seconds / moves
    per_sim = max(1e-6, (mean_ms[high] - mean_ms[low]) / (high - low))
    fixed = max(0.0, mean_ms[low] - low * per_sim)
    return max(1, round((ms - fixed) / per_sim)), per_sim, fixed


# Driver ----------------------------------------------------------------------------------------


def summary(results: list[dict]) -> dict:
    n = len(results)
    p = sum(r["P"] for r in results)
    o = sum(r["O"] for r in results)
    out = {
        "games": n,
        "parlour_share": p / n if n else 0.0,
        "parlour_wilson95": wilson(p, n),
        "openspiel_share": o / n if n else 0.0,
        "openspiel_wilson95": wilson(o, n),
        "no_winner_games": sum(1 for r in results if r["P"] + r["O"] < 0.5),
    }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=432, help="games (rounded up to whole deals of 6)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument(
        "--ms", type=float, default=20.0, help="time per move to calibrate OpenSpiel's bot to"
    )
    ap.add_argument(
        "--simulations", type=int, help="OpenSpiel ISMCTS simulations a move (skips calibration)"
    )
    ap.add_argument(
        "--parlour-bot", default="ismcts:20ms", help="parlour's bot (default ismcts:20ms)"
    )
    ap.add_argument("--seed", type=int, default=1, help="first deal's seed")
    ap.add_argument("--json", metavar="FILE", help="write the result as JSON ('-': stdout)")
    args = ap.parse_args()

    if args.simulations is None:
        sims, per_sim_ms, fixed_ms = calibrate(args.ms, args.jobs, args.parlour_bot)
        print(
            f"calibrated: OpenSpiel ISMCTS takes {fixed_ms:.2f} ms a move plus {per_sim_ms:.2f} ms "
            f"a simulation here; {sims} simulations a move for {args.ms:g} ms",
            file=sys.stderr,
        )
    else:
        sims, per_sim_ms, fixed_ms = args.simulations, None, None
    deals = -(-args.games // len(SEATINGS))
    jobs = [
        (args.seed + d, seating, (args.seed + d) * 10 + k)
        for d in range(deals)
        for k, seating in enumerate(SEATINGS)
    ]
    results: list[dict] = []
    t0 = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(
        args.jobs, initializer=_init, initargs=(sims, args.parlour_bot)
    ) as pool:
        for out in pool.imap_unordered(play, jobs):
            results.append(out)
            s = summary(results)
            lo, hi = s["parlour_wilson95"]
            print(
                f"{len(results):4d}/{len(jobs)} games, {time.perf_counter() - t0:6.0f} s: "
                f"{args.parlour_bot} share {s['parlour_share']:.3f} [{lo:.3f}, {hi:.3f}]",
                file=sys.stderr,
                flush=True,
            )

    s = summary(results)
    per_seating = {}
    for seating in SEATINGS:
        rs = [r for r in results if r["seating"] == seating]
        per_seating[seating] = summary(rs)

    def per_move(key: str, side: str) -> float:
        moves = sum(r["moves"][side] for r in results)
        return 1000 * sum(r[key][side] for r in results) / max(1, moves)

    ms = {side: per_move("seconds", side) for side in ("P", "O")}
    cpu_ms = {side: per_move("cpu_seconds", side) for side in ("P", "O")}
    report = {
        "game": "troll-tricker",
        "players": PLAYERS,
        "parlour_bot": args.parlour_bot,
        "openspiel_bot": {
            "algorithm": "open_spiel.python.algorithms.ismcts.ISMCTSBot (random rollouts, uct_c 2)",
            "max_simulations": sims,
            "calibrated_ms_per_simulation": per_sim_ms,
            "calibrated_ms_per_move_fixed": fixed_ms,
            "target_ms_per_move": args.ms,
        },
        "measured_ms_per_move": {"parlour": ms["P"], "openspiel": ms["O"]},
        "measured_cpu_ms_per_move": {"parlour": cpu_ms["P"], "openspiel": cpu_ms["O"]},
        "seatings": SEATINGS,
        **s,
        "per_seating": per_seating,
        "seconds": time.perf_counter() - t0,
    }
    lo, hi = s["parlour_wilson95"]
    print(
        f"{args.parlour_bot} vs OpenSpiel ISMCTS ({sims} simulations a move), {s['games']} games: "
        f"{args.parlour_bot} wins a share of {s['parlour_share']:.3f} (95% {lo:.3f} to {hi:.3f}), "
        f"OpenSpiel {s['openspiel_share']:.3f}; ms a move (wall / CPU): parlour {ms['P']:.1f} / "
        f"{cpu_ms['P']:.1f}, OpenSpiel {ms['O']:.1f} / {cpu_ms['O']:.1f}"
    )
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
