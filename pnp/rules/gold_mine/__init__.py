"""Gold Mine (with the Phantom of the Mine variant): placement, movement and the mix rules.

Facts used here: square tiles laid in any rotation; a tile may carry several
tunnels walled apart, so a miner stands on a (tile, path) position rather
than on a tile. A tile may only be laid where every touching edge matches
exactly (open against open, closed against closed) and at least one of its
openings meets an open edge of a path miners can walk to from the entrance
(our reading of joining the mine: a stub walled off from the mine joins
nothing). A miner walks from its path through an open edge into whichever
path of the next tile owns the facing edge; walls keep it on its own path.
The Phantom walks through rock, one crossing per step: a tile boundary (open
or walled) or the wall between two neighbouring paths of one tile, never a
whole path at once, and it must always stop on a path. Its attack steals by
the white die unless the dice match; at the end of the game a miner leaving
with the nuggets needed to win is attacked first if the Phantom is on the
entrance.

The published box holds 100 tiles: 1 mine entrance, 28 gold chambers (4 with
a secret passage), 67 mine tunnels (11 with a secret passage, 12 with a mud
puddle) and 4 caverns, plus 28 nuggets, 18 gold challenge and 18 bat
challenge tokens. The development stage lays 20 tiles; the Phantom variant
puts a cavern at the bottom of those 20.

Tiles are classified from what the file says they are, never from names:
role ``base`` is the entrance, a ``cavern``-style path makes a cavern, the
``chamber-gold`` icon a chamber, ``secret-passage`` and ``mud`` icons mark
those tiles, and every other ``tunnel`` tile is a mine tunnel.

One module per idea, as in every game: ``model`` (laying tiles, walking the
paths, the Phantom), ``check`` (the validator's rules for a tile mix:
the box's split, the development stage's chance to shut the mine, the
variant's limits) and ``simulate`` (random development stages; the
production stage is the base game's and is not played).
"""

from __future__ import annotations

from pnp.rules import GameRules, deferred
from pnp.rules.gold_mine.check import PUBLISHED, check, close_chance, tally
from pnp.rules.gold_mine.model import (
    Placed,
    Position,
    category,
    exit_attempt,
    fits,
    moves,
    phantom_attack,
    phantom_moves,
    reachable,
    rotated_paths,
)

__all__ = [
    "PUBLISHED",
    "RULES",
    "Placed",
    "Position",
    "category",
    "check",
    "close_chance",
    "exit_attempt",
    "fits",
    "moves",
    "phantom_attack",
    "phantom_moves",
    "reachable",
    "rotated_paths",
    "tally",
]

RULES = GameRules("gold-mine", check,
                  simulate=deferred("pnp.rules.gold_mine.simulate", "simulate"))
