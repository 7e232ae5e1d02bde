"""Dynamine: building a mine downward, moving peripheral tiles, and end-of-game scoring.

Facts used (from the rulebook, in our words): tiles never turn, so the cost die
stays in the top-right corner; a new tile must line up with every tile it
touches so that tunnels meet tunnels and rock meets rock; only peripheral tiles
move, and a moved tile follows the same building rules. Scoring adds veins
(worth their level, 5 from level 5 down), altars (printed value plus 1 per vein
on their level), wells, dragon fossils, six reward cards, items and missions;
a tie goes to the player with more tiles on the deepest levels.

Every tile property is read from the tile's printed features (die face, icons,
badges, "+1" plaques) and its paths, never from its name, so homebrew tiles
score like published ones.

Our readings of the rulebook where it is open to more than one reading are
listed in docs/dynamine-layout.md; the important ones are named constants here.

One module per idea, as in every game: ``model`` (the mine, its tiles'
printed facts, building and moving), ``scoring`` (veins, altars, wells,
items, missions and reward cards, and the layout files ``pnp score``
reads), ``check`` (the validator's rules for a tile mix) and ``simulate``
(random games, imported only when asked for).
"""

from __future__ import annotations

from pnp.rules import GameRules, deferred
from pnp.rules.dynamine.check import check
from pnp.rules.dynamine.model import (
    IllegalMove,
    Mine,
    can_move,
    can_place,
    is_vertical,
    move_tile,
    peripheral_tiles,
    placement_problem,
    plus_one_bonus,
    tile_facts,
)
from pnp.rules.dynamine.scoring import (
    RECORDS,
    Layout,
    PlayerLayout,
    RewardValue,
    award,
    load_layout,
    mission_done,
    reward_values,
    score,
    score_layout,
)

__all__ = [
    "RECORDS",
    "RULES",
    "IllegalMove",
    "Layout",
    "Mine",
    "PlayerLayout",
    "RewardValue",
    "award",
    "can_move",
    "can_place",
    "check",
    "is_vertical",
    "load_layout",
    "mission_done",
    "move_tile",
    "peripheral_tiles",
    "placement_problem",
    "plus_one_bonus",
    "reward_values",
    "score",
    "score_layout",
    "tile_facts",
]

RULES = GameRules("dynamine", check,
                  simulate=deferred("pnp.rules.dynamine.simulate", "simulate"), score=score)
