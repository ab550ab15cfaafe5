"""Prints the markdown table of docs/bots.md from the arena reports in this folder, or in the
folder given (relative to this one: `table.py seed-78`).

Each report is `parlour arena GAME --bots ismcts:hard,greedy,... --json GAME-Np.json`. A game's
decided games are those with a winner (the wins of all bots add up to them; ties share a win).
"""

import json
import math
import pathlib
import sys


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - r) / d, (c + r) / d)


def rows(folder):
    for path in sorted(folder.glob("*.json")):
        report = json.loads(path.read_text())
        hard = next(b for b in report["bots"] if b["name"].startswith("ismcts"))
        players, games = report["players"], report["games"]
        decided = round(sum(b["wins"] for b in report["bots"]))
        wins = hard["wins"]
        share = wins / decided if decided else 0.0
        lo, hi = wilson(wins, decided)
        yield (report["game"], players, games, decided, wins / games, share, lo, hi,
               share * players, hard["mean_decision_ms"])


def main():
    print("| game | players | games | decided | hard % of all games "
          "| hard % of decided (95% CI) | × fair share | hard ms/decision |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    here = pathlib.Path(__file__).parent
    folder = here / sys.argv[1] if len(sys.argv) > 1 else here
    for g, n, games, dec, a, b, lo, hi, x, ms in rows(folder):
        print(f"| {g} | {n} | {games} | {dec} | {100 * a:.1f} "
              f"| {100 * b:.1f} ({100 * lo:.1f}–{100 * hi:.1f}) | {x:.2f} | {ms:.0f} |")


if __name__ == "__main__":
    main()
