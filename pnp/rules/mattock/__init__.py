"""Mattock's rules: a fast game engine, how many tiles a board holds, a validator,
a simulator, and every legal turn of a position listed for analysis tools.

Why this package exists: the validator must know how many tiles a Mattock board
can ever hold, because a supply smaller than that can run dry in the middle of a
game and then the box, not the players, decides who loses. The simulator plays
many random games so a changed mix can be seen to end the way the rules intend.
``pnp turns mattock`` lets other programs (a player, a solver) ask for every
legal turn of a position without writing their own engine.

One module per job: ``model`` (the board as bitsets, one turn's three steps),
``capacity`` (the most tiles a board holds), ``check`` (the validator),
``simulate`` (random games), ``turns`` and ``positions`` (the analysis
interface). The names below are the ones other code and the tests use.
"""

from __future__ import annotations

from pnp.rules import GameRules
from pnp.rules.mattock.capacity import (
    MAX_TILES,
    SETUP_MAX_TILES,
    exact_max_tiles,
    max_tiles,
    setup_max_tiles,
    supply_floor,
    tile_upper_bound,
)
from pnp.rules.mattock.check import (
    FULL_MINERS,
    SHORT_MINERS,
    SHORT_VARIANT,
    TILE,
    board_in_play,
    check,
    setup_cells,
)
from pnp.rules.mattock.model import (
    BLUE,
    MOST_NEIGHBOURS,
    PLAYERS,
    RED,
    Board,
    State,
    can_mine,
    end_turn,
    flood,
    groups,
    indices,
    loser,
    make_board,
    mine,
    miner_moves,
    mining_spaces,
    move_miner,
    play_turn,
    removals,
    remove_miners,
    spread,
    start,
)
from pnp.rules.mattock.positions import turns_lines
from pnp.rules.mattock.simulate import random_game, simulate, starting_position

__all__ = [
    "BLUE",
    "FULL_MINERS",
    "MAX_TILES",
    "MOST_NEIGHBOURS",
    "PLAYERS",
    "RED",
    "RULES",
    "SETUP_MAX_TILES",
    "SHORT_MINERS",
    "SHORT_VARIANT",
    "TILE",
    "Board",
    "State",
    "board_in_play",
    "can_mine",
    "check",
    "end_turn",
    "exact_max_tiles",
    "flood",
    "groups",
    "indices",
    "loser",
    "make_board",
    "max_tiles",
    "mine",
    "miner_moves",
    "mining_spaces",
    "move_miner",
    "play_turn",
    "random_game",
    "removals",
    "remove_miners",
    "setup_cells",
    "setup_max_tiles",
    "simulate",
    "spread",
    "start",
    "starting_position",
    "supply_floor",
    "tile_upper_bound",
]

RULES = GameRules("mattock", check, simulate=simulate, turns=turns_lines, joins_by="adjacency",
                  most_neighbours=MOST_NEIGHBOURS)
