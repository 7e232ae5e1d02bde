"""Demon Mine's board: where the bases start, and the placement and movement rules
that the simulator and the tests share.

Facts used here: the mine entrance and the beetle hive start on opposite
corners of an 8 x 8 area, on either diagonal, squares (0, 0) and (7, 7) or
(7, 0) and (0, 7); with four players the two entrances take (0, 0) and (7, 7)
and the two hives the other corners.
Bases are open on every side and never replaced. A new tile goes next to the
burrowing pawn's square with both touching edges open; a tile may replace
another only if it is open wherever the old one was ("fits over"); any tunnel
tile may replace a lodestone, which pawns cannot enter. Pawns move one or two
squares through open, touching edges. Tunnels are whatever the tile paths
open, never a list typed separately.
"""

from __future__ import annotations

from functools import cached_property
from types import MappingProxyType

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.geometry.shapes import SQUARE, rotate_ports
from pnp.model.tileset import TileKind

ENTRANCE = "mine-entrance"
HIVE = "beetle-hive"
LODESTONE = "lodestone"
AREA = 8  # squares along each side of the starting area whose corners hold the bases


def base_cells(players: int) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """Where the entrances and hives start for this many players (the first layout)."""
    return base_layouts(players)[0]


def base_layouts(players: int) -> tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """Every way the set-up may lay the bases for this many players: two players put
    the entrance and the hive on either diagonal of the 8 x 8 area; four hold all
    four corners, the entrances on one diagonal and the hives on the other."""
    far = AREA - 1
    if players == 4:
        return ((((0, 0), (far, far)), ((far, 0), (0, far))),)
    return ((((0, 0),), ((far, far),)), (((far, 0),), ((0, far),)))

# ---------------------------------------------------------------------------
# Placement and movement, shared by the simulator and the tests.


class Placed(msgspec.Struct, frozen=True, dict=True):
    """A tile on the grid: its kind and how far it is turned clockwise."""

    kind: TileKind
    rotation: int = 0

    @cached_property
    def open_edges(self) -> frozenset[str]:
        return rotate_ports(SQUARE, self.kind.ports, self.rotation)

    @cached_property
    def passages(self) -> frozenset[frozenset[str]]:
        """The pairs of edges a pawn can pass between, as the tile lies (turned)."""
        return frozenset(rotate_ports(SQUARE, frozenset(pair), self.rotation)
                         for pair in self.kind.connections)

    @cached_property
    def ways(self) -> frozenset[tuple[str, str]]:
        """The passages as ordered pairs, both ways round: what :meth:`joins` looks up,
        millions of times in a simulation, without making a set for each question."""
        return frozenset((a, b) for pair in self.passages if len(pair) == 2
                         for a in pair for b in pair if a != b)

    @cached_property
    def walkable(self) -> bool:
        """Whether a pawn may step onto this tile: any tile but a lodestone or an event,
        known once per tile (every step asks)."""
        return self.kind.name != LODESTONE and self.kind.role != "event"

    def joins(self, a: str, b: str) -> bool:
        """True when a pawn can pass through this tile from edge ``a`` to edge ``b``."""
        return (a, b) in self.ways


EDGE_OF_STEP = MappingProxyType(dict(zip(SQUARE.grid_steps, SQUARE.edges, strict=True)))


def edge_towards(a: Cell, b: Cell) -> str:
    """The edge of square ``a`` that touches the orthogonal neighbour ``b``."""
    return EDGE_OF_STEP[(b[0] - a[0], b[1] - a[1])]


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def fits_over(new: Placed, old: Placed) -> bool:
    """The new tile is open wherever the old one was."""
    return old.open_edges <= new.open_edges


def can_burrow(grid: dict[Cell, Placed], pawn: Cell, target: Cell, new: Placed) -> bool:
    """May a pawn on ``pawn`` burrow into ``target`` by laying ``new`` there?"""
    if not adjacent(pawn, target) or pawn not in grid or new.kind.role != "tunnel":
        return False
    here = grid[pawn]
    if edge_towards(pawn, target) not in here.open_edges:
        return False
    if edge_towards(target, pawn) not in new.open_edges:
        return False
    old = grid.get(target)
    if old is None:
        return True
    if old.kind.role == "base":
        return False
    return old.kind.name == LODESTONE or fits_over(new, old)


def step_ok(grid: dict[Cell, Placed], a: Cell, b: Cell, entered_by: str | None) -> bool:
    """Can a pawn on ``a`` (having come in by ``entered_by``) step into ``b``?"""
    if not adjacent(a, b) or a not in grid or b not in grid:
        return False
    here, there = grid[a], grid[b]
    if not there.walkable:
        return False
    out, into = edge_towards(a, b), edge_towards(b, a)
    if out not in here.open_edges or into not in there.open_edges:
        return False
    return entered_by is None or here.joins(entered_by, out)


# Each orthogonal step with the edge it leaves by and the edge it enters by.
STEPS_AND_EDGES = tuple((step, EDGE_OF_STEP[step], EDGE_OF_STEP[(-step[0], -step[1])])
                        for step in ((0, -1), (1, 0), (0, 1), (-1, 0)))


def moves(grid: dict[Cell, Placed], start: Cell,
          stops: frozenset[Cell] = frozenset()) -> set[Cell]:
    """Squares a pawn can reach with one or two orthogonal steps.

    A pawn that steps into one of ``stops`` (a square holding enemy pawns)
    stops there, since sharing a square with an enemy starts a fight; it
    never walks on through it. Each step is :func:`step_ok`'s, asked here with
    the edges of each step known (the simulator asks this most of all). It is
    :func:`steps_from` taken twice, written out: calling it for each hop made a
    simulated game 11% slower.
    """
    reached: set[Cell] = set()
    here = grid.get(start)
    if here is None:
        return reached
    for (dx, dy), out, into in STEPS_AND_EDGES:
        first = (start[0] + dx, start[1] + dy)
        there = grid.get(first)
        if there is None or not there.walkable or out not in here.open_edges or \
                into not in there.open_edges:
            continue
        reached.add(first)
        if first in stops:
            continue
        for (ex, ey), onward, arrive in STEPS_AND_EDGES:
            second = (first[0] + ex, first[1] + ey)
            beyond = grid.get(second)
            if second == start or beyond is None or not beyond.walkable or \
                    onward not in there.open_edges or arrive not in beyond.open_edges:
                continue
            if there.joins(into, onward):
                reached.add(second)
    return reached


def steps_from(grid: dict[Cell, Placed], cell: Cell,
               entered_by: str | None = None) -> list[tuple[Cell, str]]:
    """The squares a pawn on ``cell`` can step into, each with the edge it enters by:
    :func:`step_ok`'s rule, asked with each step's edges known. A pawn that came in by
    ``entered_by`` goes on only where its tile joins that edge to the one it leaves by;
    one just standing there (None) may leave by any open edge."""
    here = grid.get(cell)
    if here is None:
        return []
    found = []
    for (dx, dy), out, into in STEPS_AND_EDGES:
        there = (cell[0] + dx, cell[1] + dy)
        tile = grid.get(there)
        if tile is None or not tile.walkable or out not in here.open_edges or \
                into not in tile.open_edges or \
                (entered_by is not None and not here.joins(entered_by, out)):
            continue
        found.append((there, into))
    return found
