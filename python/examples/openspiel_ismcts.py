"""OpenSpiel's information-set MCTS against uniform random play on Troll Tricker.

parlour's games are registered as OpenSpiel games (``parlour.openspiel.register()``); OpenSpiel's
own Python ISMCTS (``open_spiel.python.algorithms.ismcts``) then searches them, determinizing
through ``resample_from_infostate``, and ``evaluate_bots`` plays the games. One ISMCTS bot sits
at each seat in turn against OpenSpiel's uniform random bots; the ISMCTS bot's mean win share is
printed with a 95% interval (a random player's expected share is 1/players).

    python python/examples/openspiel_ismcts.py --games 8 --simulations 100
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import parlour.openspiel


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot, made able to start a game: ``evaluate_bots`` calls
    ``restart_at``, which the Python bot leaves to its C++ base (which refuses). The bot keeps
    no state between searches, so restarting is forgetting its last tree."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per move")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    parlour.openspiel.register()
    game = pyspiel.load_game("parlour_troll_tricker", {"players": args.players, "seed": args.seed})
    rng = np.random.RandomState(args.seed)
    shares = []
    t0 = time.perf_counter()
    for g in range(args.games):
        seat = g % args.players
        searcher = ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=2.0,
            max_simulations=args.simulations,
            random_state=rng,
        )
        bots = [
            searcher
            if p == seat
            else pyspiel.make_uniform_random_bot(p, args.seed * 1000 + g * 10 + p)
            for p in range(args.players)
        ]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        shares.append(returns[seat])
        print(f"game {g + 1:3d}: ISMCTS in seat {seat}, returns {[round(r, 3) for r in returns]}")
    x = np.array(shares)
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else float("nan")
    print(
        f"ISMCTS ({args.simulations} simulations a move) vs {args.players - 1} random bots: "
        f"mean win share {x.mean():.3f} (95% interval {x.mean() - half:.3f} to "
        f"{x.mean() + half:.3f}, {len(x)} games; random expects {1 / args.players:.3f}) "
        f"in {time.perf_counter() - t0:.1f} s"
    )


if __name__ == "__main__":
    main()
