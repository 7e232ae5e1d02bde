"""Mattock's game engine: the board as bitsets and the three steps of a turn.

Speed matters (the simulator plays thousands of games, ``pnp turns`` lists
hundreds of thousands of turns), so cells are integer positions on a padded
grid and every set of cells is a Python int used as a bitset: "every cell next
to this region" is six shifts, and filling a connected region is a handful of
those.

Rules as implemented (a player is 0 for red or 1 for blue):

1. Mine: put one tile on an empty space next to a tile that one of your miners
   reaches through tiles (an opponent's miner stops the path, yours do not). The
   new tile may touch at most 3 tiles and no tile that already touches 3. If any of
   your miners were removed earlier, one of them goes onto the new tile. With no
   such space, or no tile left to place, you lose.
2. Move (optional): one of your miners walks through tiles (past your own miners,
   never past or onto the opponent's) to an unoccupied tile.
3. Remove: every opponent miner that reaches no other miner of its own colour,
   and reaches two or more of your miners through empty tiles, goes back to its
   owner, who puts it on a newly mined tile later.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec
from msgspec.structs import replace

from pnp.geometry.lattice import hexagon_cells, ring_distance

RED, BLUE = 0, 1
PLAYERS = ("red", "blue")
MOST_NEIGHBOURS = 3  # no tile may touch more than this many other tiles


class Board(msgspec.Struct, frozen=True):
    """A hex-hex board of ``side`` spaces per edge, laid out for bitset arithmetic.

    Cell (q, r) has index ``(r + R) * stride + (q + R)`` with ``R = side - 1`` and
    ``stride = 2R + 2``. The spare column at the end of each row is never a space, so
    a shift that walks off one row lands there instead of on the next row.
    """

    side: int
    stride: int
    spaces: int  # bitset of every space on the board
    neighbours: tuple[int, ...]  # for each index, the bitset of the spaces next to it

    def index(self, cell: tuple[int, int]) -> int:
        """The index of an axial cell; refuses cells off the board so mistakes surface."""
        if ring_distance(cell) >= self.side:
            raise ValueError(f"cell {cell} is not on a board of side {self.side}")
        radius = self.side - 1
        return (cell[1] + radius) * self.stride + cell[0] + radius

    def cell(self, index: int) -> tuple[int, int]:
        """The axial cell at an index (the inverse of ``index``)."""
        radius = self.side - 1
        row, column = divmod(index, self.stride)
        return (column - radius, row - radius)

    def mask(self, cells: Iterable[tuple[int, int]]) -> int:
        """The bitset of some axial cells, for setting up positions by hand."""
        result = 0
        for cell in cells:
            result |= 1 << self.index(cell)
        return result

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        """The axial cells in a bitset, in index order (row by row)."""
        return [self.cell(index) for index in indices(mask)]

    @property
    def size(self) -> int:
        """How many spaces the board has (127 for side 7): every turn fills one."""
        return self.spaces.bit_count()


def make_board(side: int) -> Board:
    """Build the index layout and neighbour table for one board side.

    Callers build a board once and pass it to every function, so the tables are
    shared without any module-level state.
    """
    if side < 1:
        raise ValueError(f"a board needs a side of at least 1, not {side}")
    radius = side - 1
    stride = 2 * radius + 2
    spaces = 0
    for q, r in hexagon_cells(side):
        spaces |= 1 << ((r + radius) * stride + q + radius)
    rows = 2 * radius + 1
    probe = Board(side, stride, spaces, ())
    neighbours = tuple(
        spread(probe, 1 << index) & ~(1 << index) if spaces >> index & 1 else 0
        for index in range(rows * stride))
    return Board(side, stride, spaces, neighbours)


def indices(mask: int) -> Iterator[int]:
    """The set bits of a bitset, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def spread(board: Board, mask: int) -> int:
    """A set of spaces together with every space next to one of them."""
    step = board.stride
    grown = (mask | mask << 1 | mask >> 1 | mask << step | mask >> step
             | mask << (step - 1) | mask >> (step - 1))
    return grown & board.spaces


def flood(board: Board, seeds: int, passable: int) -> int:
    """Everything reachable from ``seeds`` by stepping between cells of ``passable``.

    The seeds are always part of the answer, passable or not: a miner's own tile is
    where its walk starts, whatever stands on it.
    """
    region = seeds
    edge = seeds
    while edge:
        edge = spread(board, edge) & passable & ~region
        region |= edge
    return region


def _touch_counts(board: Board, tiles: int) -> tuple[int, int]:
    """Spaces touching exactly 3 tiles, and spaces touching 4 or more, for the whole board.

    Adds the six shifted copies of ``tiles`` as a three-bit counter in every bit
    position at once, which is far cheaper than counting space by space.
    """
    step = board.stride
    ones = twos = fours = 0
    for shifted in (tiles << 1, tiles >> 1, tiles << step, tiles >> step,
                    tiles << (step - 1), tiles >> (step - 1)):
        carry = ones & shifted
        ones ^= shifted
        fours |= twos & carry
        twos ^= carry
    return ones & twos & ~fours & board.spaces, fours & board.spaces


# ---------------------------------------------------------------------------
# Game state and the three steps of a turn


class State(msgspec.Struct, frozen=True):
    """Everything that decides the rest of a game; every change makes a new State."""

    tiles: int  # bitset of spaces holding a tile
    miners: tuple[int, int]  # bitset of each colour's miners on the board
    reserve: tuple[int, int]  # each colour's removed miners waiting to come back
    player: int  # RED or BLUE: whose turn it is
    supply: int  # tiles left to mine with
    turns: int = 0  # turns completed so far


def start(board: Board, red: Iterable[tuple[int, int]], blue: Iterable[tuple[int, int]],
          supply: int) -> State:
    """The position after the fixed setup: a tile and a miner on every setup cell.

    ``supply`` is what is left in the box after those setup tiles were taken out.
    """
    red_mask, blue_mask = board.mask(red), board.mask(blue)
    if red_mask & blue_mask:
        raise ValueError("a setup cell cannot hold a red and a blue miner at once")
    return State(red_mask | blue_mask, (red_mask, blue_mask), (0, 0), RED, supply)


def groups(board: Board, state: State, player: int) -> list[tuple[int, int]]:
    """Each set of ``player``'s miners that reach one another, with the tiles they reach.

    Own miners do not block a walk and the opponent's do, so a group's region is
    the same for every miner in it: mining, moving and removal all read from this.
    """
    own = state.miners[player]
    passable = state.tiles & ~state.miners[1 - player]
    result = []
    rest = own
    while rest:
        low = rest & -rest
        region = flood(board, low, passable)
        result.append((region & own, region))
        rest &= ~region
    return result


def mining_spaces(board: Board, state: State) -> int:
    """The bitset of spaces where the player to move may mine (supply aside)."""
    reach = flood(board, state.miners[state.player],
                  state.tiles & ~state.miners[1 - state.player])
    three, crowded = _touch_counts(board, state.tiles)
    full = three & state.tiles  # tiles that may gain no further neighbour
    return spread(board, reach) & ~state.tiles & ~crowded & ~spread(board, full)


def can_mine(board: Board, state: State) -> bool:
    """False when the player to move has lost: no tile left, or nowhere to put one."""
    return state.supply > 0 and mining_spaces(board, state) != 0


def loser(board: Board, state: State) -> int | None:
    """The player who has lost at the start of this turn, or None while play goes on."""
    return None if can_mine(board, state) else state.player


def mine(board: Board, state: State, space: int) -> State:
    """Step 1: put a tile on ``space`` and, if one is waiting, a returning miner on it."""
    if state.supply <= 0:
        raise ValueError("no tile is left in the supply")
    if not mining_spaces(board, state) >> space & 1:
        raise ValueError(f"{board.cell(space)} is not a legal mining space")
    return _mine(state, space)


def _mine(state: State, space: int) -> State:
    """Step 1 without the legality check, for callers that chose from mining_spaces."""
    bit = 1 << space
    player = state.player
    miners, reserve = state.miners, state.reserve
    if reserve[player]:
        miners = _with(miners, player, miners[player] | bit)
        reserve = _with(reserve, player, reserve[player] - 1)
    return replace(state, tiles=state.tiles | bit, miners=miners, reserve=reserve,
                   supply=state.supply - 1)


def _with(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    """A copy of a per-player pair with one player's entry replaced."""
    return (value, pair[1]) if player == RED else (pair[0], value)


def miner_moves(board: Board, state: State) -> list[tuple[int, int]]:
    """Every (from, to) move open to the player to move, as board indices."""
    own = state.miners[state.player]
    moves: list[tuple[int, int]] = []
    for members, region in groups(board, state, state.player):
        targets = list(indices(region & ~own))
        moves.extend((source, target) for source in indices(members) for target in targets)
    return moves


def move_miner(board: Board, state: State, source: int, target: int) -> State:
    """Step 2: walk one of the mover's miners to a tile it reaches."""
    if (source, target) not in miner_moves(board, state):
        raise ValueError(f"no miner can walk from {board.cell(source)} to {board.cell(target)}")
    return _move(state, source, target)


def _move(state: State, source: int, target: int) -> State:
    """Step 2 without the legality check."""
    player = state.player
    own = state.miners[player] & ~(1 << source) | 1 << target
    return replace(state, miners=_with(state.miners, player, own))


def removals(board: Board, state: State) -> int:
    """The opponent miners the player to move removes now (step 3), as a bitset.

    Every miner is judged on the same position, so removing one never saves or
    dooms another in the same step.
    """
    me, them = state.player, 1 - state.player
    own, theirs = state.miners[me], state.miners[them]
    empty = state.tiles & ~own & ~theirs
    doomed = 0
    for members, _region in groups(board, state, them):
        if members & (members - 1):
            continue  # it reaches another miner of its own colour
        reach = flood(board, members, empty)
        if (spread(board, reach) & own).bit_count() >= 2:
            doomed |= members
    return doomed


def remove_miners(board: Board, state: State) -> State:
    """Step 3: take the removed miners off the board and hand them back to their owner."""
    doomed = removals(board, state)
    if not doomed:
        return state
    them = 1 - state.player
    miners = _with(state.miners, them, state.miners[them] & ~doomed)
    reserve = _with(state.reserve, them, state.reserve[them] + doomed.bit_count())
    return replace(state, miners=miners, reserve=reserve)


def end_turn(state: State) -> State:
    """Hand the turn to the other player."""
    return replace(state, player=1 - state.player, turns=state.turns + 1)


def play_turn(board: Board, state: State, space: int,
              move: tuple[int, int] | None = None) -> State:
    """One whole turn: mine ``space``, make ``move`` if given, remove, pass the turn."""
    state = mine(board, state, space)
    if move is not None:
        state = move_miner(board, state, *move)
    return end_turn(remove_miners(board, state))


