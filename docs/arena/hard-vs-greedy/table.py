"""Prints the markdown table of docs/bots.md from the arena reports in this folder, or in the
folders given (relative to this one: `table.py seed-78`). Given several folders, it pools the
reports of the same game and player count (`table.py random-ties random-ties/seed-78`).

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


def reports(folders):
    """Per (game, players): games, decided games, the hard bot's wins, its decisions' ms."""
    pooled = {}
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            report = json.loads(path.read_text())
            hard = next(b for b in report["bots"] if b["name"].startswith("ismcts"))
            key = (report["game"], report["players"])
            p = pooled.setdefault(key, {"games": 0, "decided": 0, "wins": 0.0, "ms": []})
            p["games"] += report["games"]
            p["decided"] += round(sum(b["wins"] for b in report["bots"]))
            p["wins"] += hard["wins"]
            p["ms"].append(hard["mean_decision_ms"])
    return pooled


def main():
    print("| game | players | games | decided | hard % of all games "
          "| hard % of decided (95% CI) | × fair share | hard ms/decision |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    here = pathlib.Path(__file__).parent
    folders = [here / a for a in sys.argv[1:]] or [here]
    for (g, n), p in sorted(reports(folders).items()):
        games, dec, wins = p["games"], p["decided"], p["wins"]
        share = wins / dec if dec else 0.0
        lo, hi = wilson(wins, dec)
        ms = sum(p["ms"]) / len(p["ms"])
        print(f"| {g} | {n} | {games} | {dec} | {100 * (wins / games):.1f} "
              f"| {100 * share:.1f} ({100 * lo:.1f}–{100 * hi:.1f}) | {share * n:.2f} | {ms:.0f} |")


if __name__ == "__main__":
    main()
