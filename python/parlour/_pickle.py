"""Pickling of :class:`parlour.Game`: a game is pickled as its record.

A game is restored by playing its record again from its seed, drawing each chance outcome from
that seed as the game first did, so the restored game's chance stream stands where the
original's stood and both go on alike. Where a record states outcomes that the seed did not
draw (``apply_chance``), the game is rebuilt from the record's stated outcomes instead
(``Game.from_record``): the same state, with its later chance drawn from the seed afresh. The
ids of an action a seat has begun spelling are applied again on top. A resampled game has no
record and cannot be pickled.
"""

from __future__ import annotations

import copyreg
import json

from parlour._native import Game, IllegalAction

__all__: list[str] = []


def _reduce(game: Game) -> tuple[object, tuple[str, bool, list[list[int]]]]:
    pending = [game.pending(seat) for seat in range(game.players)]
    return _restore, (game.record(), game.explicit_chance, pending)


def _restore(record: str, explicit_chance: bool, pending: list[list[int]]) -> Game:
    game = _replay(record, explicit_chance)
    if game is None:
        game = Game.from_record(record, explicit_chance=explicit_chance)
    for seat, ids in enumerate(pending):
        for action_id in ids:
            game.apply(seat, action_id)
    return game


def _replay(record: str, explicit_chance: bool) -> Game | None:
    """The record played again from its seed, or None if its chance was not drawn from it."""
    r = json.loads(record)
    game = Game(
        r["game"],
        r["players"],
        r.get("options") or None,
        seed=r["seed"],
        explicit_chance=explicit_chance,
    )
    try:
        for entry in r.get("actions", []):
            who, what = (part.strip() for part in entry.split(":", 1))
            if who != "chance":
                game.apply(int(who), what)
            elif explicit_chance and (not game.is_chance() or game.draw_chance() != what):
                return None
            # Without explicit chance, the game drew the outcome as it fell due.
    except IllegalAction:
        return None
    return game if game.record() == record else None


copyreg.pickle(Game, _reduce)
