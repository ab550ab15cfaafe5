"""Observation layouts: named parts that cover the observation, agree with the documentation's
tables and bound what random play observes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import parlour
from conftest import GAME_IDS, GAMES, new_game, options_for, playout

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
# Games whose documentation table is flat: one row per part, its meaning word for word.
FLAT = {"troll-tricker", "rebel-runs", "holy-matrimony"}
# Parts documented by a table of their own (per seat slot, per seat block) rather than a row.
OWN_TABLE = {("kings-feast", "seats"), ("haunted", "seats")}


def part(layout: list[dict], name: str) -> dict:
    return next(p for p in layout if p["name"] == name)


def size(p: dict) -> int:
    return int(np.prod(p["shape"]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_parts_cover_the_observation_and_bound_it(game_id):
    game = new_game(game_id, seed=6)
    layout = game.observation_layout()
    assert [p["offset"] for p in layout] == list(
        np.cumsum([0] + [size(p) for p in layout[:-1]])
    )
    assert sum(size(p) for p in layout) == game.observation_shape[0]
    assert len({p["name"] for p in layout}) == len(layout)
    assert all(p["meaning"] and p["low"] <= p["high"] for p in layout)
    env = parlour.VectorEnv(game_id, 2, players=game.players)
    assert env.observation_layout() == layout

    def within(g: parlour.Game) -> None:
        obs = g.observation(g.current_player())
        for p in layout:
            chunk = obs[p["offset"] : p["offset"] + size(p)]
            assert (chunk >= p["low"]).all() and (chunk <= p["high"]).all(), (game_id, p["name"])

    playout(game, random.Random(2), within)


def test_a_part_sliced_by_name_holds_what_it_says():
    """Troll Tricker's `hand` is the seat's cards (action id = card id), its `scores` the
    running scores / 100, row 0 of `trick` the observer's own card."""
    game = parlour.Game("troll-tricker", players=4, seed=3)
    layout = game.observation_layout()
    hand, scores, trick = (part(layout, n) for n in ("hand", "scores", "trick"))
    assert trick["shape"] == (4, 88)
    rng = random.Random(1)
    for _ in range(120):
        if game.is_terminal():
            break
        seat = game.current_player()
        obs = game.observation(seat)
        held = np.flatnonzero(obs[hand["offset"] : hand["offset"] + 88])
        assert set(game.legal_action_ids(seat)) <= set(held.tolist())
        assert len(held) == len(game.view(seat)["own_hand"])
        own = obs[scores["offset"]]
        assert own == pytest.approx(game.scores()[seat] / 100)
        action = rng.choice(game.legal_action_ids(seat))
        game.apply(seat, action)
        after = game.observation(seat)
        rows = after[trick["offset"] : trick["offset"] + size(trick)].reshape(trick["shape"])
        if rows.any():  # unless the card closed the trick
            assert np.flatnonzero(rows[0]).tolist() == [action]


def doc_rows(game_id: str) -> list[tuple[str, str, str]]:
    """(offset, length, meaning) of every `| offset | length | meaning |` table row in the
    game's "Encoding for learning" section, except rows relative to a block (`+0`)."""
    text = (DOCS / f"{game_id}.md").read_text()
    section = text.split("## Encoding for learning", 1)[1].split("\n## ", 1)[0]
    rows, in_table = [], False
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| offset | length | meaning |"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and not set(line) <= set("|-") and not cells[0].startswith("+"):
            rows.append((cells[0], cells[1], "|".join(cells[2:]).strip()))
    return rows


def evaluate(expr: str, symbols: dict[str, int]) -> int:
    """`88 + 88 n`, `29 × (92 + n)`, `g+35+4n`, `16 + K + C` with the symbols given."""
    e = expr.replace("×", "*").replace("·", "*").replace("−", "-").replace(",", "")
    e = re.sub(r"(\d|\))\s*(?=[A-Za-z(])", r"\1*", e)
    if not re.fullmatch(r"[\w\s+*()-]+", e):
        raise ValueError(expr)
    return int(eval(e, {"__builtins__": {}}, dict(symbols)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_documentation_tables_match_the_layout(game_id):
    info = GAMES[game_id]
    rows = doc_rows(game_id)
    assert rows, f"{game_id}: no observation table in its documentation"
    for players in range(info["min_players"], info["max_players"] + 1):
        game = parlour.Game(game_id, players=players, options=options_for(game_id, players) or None)
        layout = [p for p in game.observation_layout() if p["name"] != "pending"]
        symbols = {"n": players, "g": layout[0]["offset"] + size(layout[0])}
        if game_id == "queen-of-scots":
            seats = part(layout, "seats")["shape"]
            symbols.update(K=size(part(layout, "pile_top")), C=size(part(layout, "pile")), B=seats[1])
        documented = {}
        for offset, length, meaning in rows:
            try:
                key = (evaluate(offset, symbols), evaluate(length, symbols))
            except (ValueError, NameError, SyntaxError):
                continue  # a row of a table of another kind
            documented.setdefault(key, meaning)
        for p in layout:
            if (game_id, p["name"]) in OWN_TABLE:
                continue
            key = (p["offset"], size(p))
            assert key in documented, f"{game_id} ({players} players): {p['name']} at {key}"
            if game_id in FLAT:
                assert documented[key] == p["meaning"], (game_id, p["name"])
        if game_id in FLAT:
            assert len(rows) == len(layout), f"{game_id}: a documented row no part declares"
