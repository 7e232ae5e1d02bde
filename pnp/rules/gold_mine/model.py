"""Gold Mine's table: where a tile may be laid, how miners walk its paths, and how
the Phantom moves through rock and attacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.geometry.shapes import SQUARE
from pnp.model.tileset import TileKind
from pnp.rules import rotations

# ---------------------------------------------------------------------------
# Placement and movement on a path level.


class Placed(msgspec.Struct, frozen=True):
    """A tile on the table: its kind and how many quarter turns clockwise it was given."""

    kind: TileKind
    rotation: int = 0


class Position(NamedTuple):
    """Where a miner stands: a cell and the index of one of its tile's paths.

    The index follows the order of ``TileKind.paths``, which rotation does not
    change, so a position stays meaningful whichever way the tile was turned.
    """

    cell: Cell
    path: int


Board = Mapping[Cell, Placed]


def rotated_paths(placed: Placed) -> tuple[frozenset[str], ...]:
    """The open edges of each path as they lie on the table, in the kind's path order."""
    steps = placed.rotation % SQUARE.sides
    return tuple(frozenset(SQUARE.rotate(port, steps) for port in path.ports)
                 for path in placed.kind.paths)


def open_edges(placed: Placed) -> frozenset[str]:
    """Every open edge of a placed tile, whichever path it belongs to."""
    return frozenset().union(*rotated_paths(placed))


def path_at(placed: Placed, edge: str) -> int | None:
    """The path of a placed tile that opens ``edge`` (table direction), or None for rock."""
    return next((index for index, ports in enumerate(rotated_paths(placed)) if edge in ports),
                None)


def fits(board: Board, cell: Cell, kind: TileKind, rotation: int) -> bool:
    """May ``kind``, turned ``rotation`` quarter turns, be laid on the empty ``cell``?

    Every neighbour must meet it edge for edge (open to open, closed to
    closed), and at least one of its openings must meet an open edge of the
    mine: a path a miner can walk to from the entrance. An opening of a path
    walled off from the mine (a stub beside a tunnel, say) lines up but joins
    nothing. The first tile (the entrance) is put down by the setup, not
    through this test; a board without an entrance has no mine to join.
    """
    if cell in board or rotation % SQUARE.sides not in rotations(kind, SQUARE.sides):
        return False
    mine = open_edges(Placed(kind, rotation))
    live = mine_positions(board)
    joined = False
    for edge in SQUARE.edges:
        where = SQUARE.neighbour(cell, edge)
        neighbour = board.get(where)
        if neighbour is None:
            continue
        facing = path_at(neighbour, SQUARE.opposite(edge))
        if (edge in mine) != (facing is not None):
            return False
        joined = joined or (facing is not None and Position(where, facing) in live)
    return joined


def mine_positions(board: Board) -> frozenset[Position]:
    """Every position a miner can walk to from the entrance (the tiles with role base)."""
    starts = [Position(cell, index) for cell, placed in board.items()
              if placed.kind.role == "base" for index in range(len(placed.kind.paths))]
    seen = set(starts)
    frontier = list(starts)
    while frontier:
        for after in moves(board, frontier.pop()):
            if after not in seen:
                seen.add(after)
                frontier.append(after)
    return frozenset(seen)


def _placed_at(board: Board, position: Position) -> Placed:
    """The tile under a position, refusing positions that are not on a path."""
    placed = board.get(position.cell)
    if placed is None or not 0 <= position.path < len(placed.kind.paths):
        raise ValueError(f"{position} is not on a path of a tile on the board")
    return placed


def moves(board: Board, position: Position) -> frozenset[Position]:
    """Positions a miner reaches in one ordinary step.

    A miner leaves through an open edge of its own path and arrives on the
    path of the next tile that owns the facing edge; walls inside a tile keep
    it on its path, so another path of the same tile is never one step away.
    """
    here = _placed_at(board, position)
    reached = set()
    for edge in rotated_paths(here)[position.path]:
        cell = SQUARE.neighbour(position.cell, edge)
        there = board.get(cell)
        index = None if there is None else path_at(there, SQUARE.opposite(edge))
        if index is not None:
            reached.add(Position(cell, index))
    return frozenset(reached)


def owners(placed: Placed) -> tuple[int | None, ...]:
    """For each table edge, clockwise from N, the path that opens it, or None for rock."""
    return tuple(path_at(placed, edge) for edge in SQUARE.edges)


def paths_at(placed: Placed, edge: str) -> frozenset[int]:
    """The paths the Phantom meets first on crossing ``edge`` of this tile.

    An open edge leads onto its own path. Behind a closed edge lies rock,
    bounded by the paths whose openings come next round the tile, clockwise
    and anticlockwise; anything further in sits behind one of those.
    """
    owned = owners(placed)
    side = SQUARE.edges.index(edge)
    own = owned[side]
    if own is not None:
        return frozenset({own})
    found: set[int] = set()
    for direction in (1, -1):
        for step in range(1, SQUARE.sides):
            owner = owned[(side + direction * step) % SQUARE.sides]
            if owner is not None:
                found.add(owner)
                break
    return frozenset(found)


def wall_neighbours(placed: Placed, path: int) -> frozenset[int]:
    """Paths of the tile one wall away from ``path``: next to it round the tile's edge.

    Separate paths never cross inside a tile except by a bridge, so reading
    the openings round the edge in order, a path borders only the paths
    whose openings come just before or after its own; reaching any other
    means crossing a path on the way.
    """
    owned = [owner for owner in owners(placed) if owner is not None]
    found: set[int] = set()
    for index, owner in enumerate(owned):
        if owner == path:
            found.update((owned[index - 1], owned[(index + 1) % len(owned)]))
    return frozenset(found - {path})


def phantom_moves(board: Board, position: Position) -> frozenset[Position]:
    """Positions the Phantom reaches in one step.

    One step crosses one thing: a wall onto a path next to its own on the
    same tile, or a tile boundary (open, or walled at either side) from a
    path that lies at that edge onto a path that lies at the facing edge.
    It must stop on a path, so empty cells and tiles without paths are never
    reached, and a path behind another is two steps away, never one.
    """
    here = _placed_at(board, position)
    reached = {Position(position.cell, index)
               for index in wall_neighbours(here, position.path)}
    for edge in SQUARE.edges:
        there = board.get(SQUARE.neighbour(position.cell, edge))
        if there is None or position.path not in paths_at(here, edge):
            continue
        cell = SQUARE.neighbour(position.cell, edge)
        reached.update(Position(cell, index)
                       for index in paths_at(there, SQUARE.opposite(edge)))
    return frozenset(reached)


STEALS = {1: "bat-challenge", 2: "bat-challenge", 3: "gold-challenge", 4: "gold-challenge",
          5: "nugget", 6: "nugget"}  # the white die of a Phantom attack picks the item


def phantom_attack(holdings: Mapping[str, int], white: int, black: int) -> str | None:
    """What a Phantom attack takes from a miner holding ``holdings``, or None.

    Both dice are rolled: doubles keep everything safe, otherwise the white
    die names the item, and a miner without one loses nothing.
    """
    if white == black:
        return None
    item = STEALS[white]
    return item if holdings.get(item, 0) > 0 else None


def exit_attempt(phantom: Cell | None, entrance: Cell, nuggets: int, required: int,
                 white: int, black: int) -> tuple[bool, bool]:
    """(attacked, wins) for a miner who reaches the entrance at the end of the game.

    Only a miner holding the nuggets the game asks for is leaving the mine to
    win; anyone else is still playing, and the Phantom ignores them here.
    The Phantom attacks a leaving miner only from the entrance tile, and a
    nugget it steals can drop the miner below what winning needs.
    """
    if nuggets < required:
        return False, False
    if phantom != entrance:
        return False, True
    stolen = phantom_attack({"nugget": nuggets}, white, black)
    return True, nuggets - (stolen == "nugget") >= required


def reachable(board: Board, start: Position, steps: int,
              phantom: bool = False) -> frozenset[Position]:
    """Every position reachable in at most ``steps`` steps, the start included.

    "At most" because a move may stop early (the Phantom's move after a
    secret-passage attempt is "up to" the lower die); a caller who needs exact
    counts can subtract the smaller set.
    """
    if steps < 0:
        raise ValueError(f"steps must be 0 or more, got {steps}")
    _placed_at(board, start)
    step = phantom_moves if phantom else moves
    seen = {start}
    frontier = {start}
    for _ in range(steps):
        frontier = {after for before in frontier for after in step(board, before)} - seen
        if not frontier:
            break
        seen |= frontier
    return frozenset(seen)


# ---------------------------------------------------------------------------
# What each tile is, read from the data.


def has_icon(tile: TileKind, icon: str) -> bool:
    return any(f.kind == "icon" and f.value == icon for f in tile.features)


def category(tile: TileKind) -> str:
    """entrance, cavern, chamber, tunnel or other: what the rules treat a tile as."""
    if tile.role == "base":
        return "entrance"
    if any(path.style == "cavern" for path in tile.paths):
        return "cavern"
    if has_icon(tile, "chamber-gold"):
        return "chamber"
    return "tunnel" if tile.role == "tunnel" else "other"
