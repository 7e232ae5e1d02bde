"""Dynamine's mine: each tile's printed facts, where a tile may be built or moved,
and what a finished mine holds level by level."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

import msgspec

from pnp.geometry.cells import SquareCell
from pnp.geometry.shapes import SQUARE
from pnp.model.tileset import TileKind

Cell = SquareCell  # (x, level): a level is a row of the square grid, counted downward

# The rulebook puts depth marker 1 beside the mine entrance at setup, so the
# entrance's row is level 1 and every row below it is one level deeper.
ENTRANCE_LEVEL = 1
VEIN_CAP_LEVEL = 5  # from this level down every vein is worth the same
MISSION_LEVEL = 5  # "level 5" in missions means that level exactly
# The rulebook says of one pictured dragon "this dragon fossil also counts";
# we read it as the dragon in a well counting as a fossil (never for fossil VP).
WELL_DRAGON_COUNTS_AS_FOSSIL = True
VERTICAL = frozenset(("N", "S"))


# ---------------------------------------------------------------------------
# What a tile shows, read from its features.


Well = Literal["plain", "altar", "dragon"]  # a well, one with an altar, one with a dragon


class TileFacts(msgspec.Struct, frozen=True):
    """Everything the rules need to know about a tile kind, taken from its features."""

    costs: tuple[int, ...] = ()  # every die face printed (a valid tile has exactly one)
    veins: int = 0
    plus_one_edges: tuple[str, ...] = ()  # tunnel ends marked "+1"
    plus_one_token: bool = False
    move_tile: bool = False
    wells: tuple[Well, ...] = ()  # for each well icon
    altars: tuple[int | None, ...] = ()  # printed value, None when the badge is missing
    fossils: tuple[int | None, ...] = ()
    sapphire: bool = False
    entrance: bool = False

    @property
    def cost(self) -> int | None:
        """The building cost, or None when the tile shows no single die."""
        return self.costs[0] if len(self.costs) == 1 else None

    @property
    def fossil_count(self) -> int:
        """Fossils for rewards, items and missions (a well's dragon may count too)."""
        dragons = self.wells.count("dragon") if WELL_DRAGON_COUNTS_AS_FOSSIL else 0
        return len(self.fossils) + dragons


_WELL_ICONS: Mapping[str, Well] = MappingProxyType({"well": "plain", "well-altar": "altar",
                                "well-dragon": "dragon"})


def _badge_number(badge: str) -> int | None:
    """A badge's number, or None when it shows no plain number."""
    text = badge.strip()
    return int(text) if text.isdigit() else None


def tile_facts(kind: TileKind) -> TileFacts:
    """Read a tile's scoring and building properties from what is printed on it."""
    costs: list[int] = []
    veins = 0
    plus_edges: list[str] = []
    wells: list[Well] = []
    altars: list[int | None] = []
    fossils: list[int | None] = []
    icons: set[str] = set()
    for feature in kind.features:
        if feature.kind == "die":
            costs.append(int(feature.value))
        elif feature.kind == "label" and str(feature.value).strip() == "+1":
            plus_edges.append(feature.at)
        elif feature.kind == "icon":
            icon = str(feature.value)
            icons.add(icon)
            if icon == "vein":
                veins += _badge_number(feature.badge) or 1  # a badge "2" marks two veins
            elif icon in _WELL_ICONS:
                wells.append(_WELL_ICONS[icon])
            elif icon == "altar":
                altars.append(_badge_number(feature.badge))
            elif icon == "fossil":
                fossils.append(_badge_number(feature.badge))
    return TileFacts(costs=tuple(costs), veins=veins, plus_one_edges=tuple(plus_edges),
                     plus_one_token="plus-one-token" in icons, move_tile="move-tile" in icons,
                     wells=tuple(wells), altars=tuple(altars), fossils=tuple(fossils),
                     sapphire="sapphire" in icons, entrance=kind.role == "base")


def is_vertical(kind: TileKind) -> bool:
    """True for a tunnel tile whose tunnel runs straight through from top to bottom."""
    return kind.role == "tunnel" and VERTICAL in kind.connections


# ---------------------------------------------------------------------------
# One player's mine and the building rules.


class Mine(msgspec.Struct, frozen=True):
    """One player's mine: tile kinds by (x, level) cell, the entrance included.

    A mine is never changed in place; placing or moving a tile gives a new one,
    so a scorer or a simulator can keep earlier states without copying.
    """

    entrance: Cell
    tiles: MappingProxyType[Cell, TileKind]

    @classmethod
    def start(cls, entrance: TileKind, cell: Cell = (0, ENTRANCE_LEVEL)) -> Mine:
        """A mine holding only its entrance."""
        return cls(cell, MappingProxyType({cell: entrance}))

    @classmethod
    def of(cls, entrance_cell: Cell, tiles: dict[Cell, TileKind]) -> Mine:
        """A mine from a finished placement map (no building rules are checked)."""
        return cls(entrance_cell, MappingProxyType(dict(tiles)))

    def with_tile(self, cell: Cell, kind: TileKind) -> Mine:
        """This mine with one more tile, unchecked (see :func:`can_place`)."""
        return Mine.of(self.entrance, {**self.tiles, cell: kind})

    def without(self, cell: Cell) -> Mine:
        """This mine with one tile taken away."""
        return Mine.of(self.entrance, {c: k for c, k in self.tiles.items() if c != cell})

    @property
    def depth(self) -> int:
        """The deepest level holding a tile: the number of levels the mine spans."""
        return max(level for _, level in self.tiles)

    def cells_on(self, level: int) -> tuple[Cell, ...]:
        """The occupied cells of one level, west to east."""
        return tuple(sorted(cell for cell in self.tiles if cell[1] == level))


def _open(mine: Mine, cell: Cell, edge: str) -> bool:
    kind = mine.tiles.get(cell)
    return kind is not None and edge in kind.ports


def reachable_ports(mine: Mine) -> frozenset[tuple[Cell, str]]:
    """Tunnel ends joined to the entrance: along a tile's own paths and across open edges.

    Working on tunnel ends rather than whole tiles keeps tiles with two walled-off
    tunnels honest: only the tunnel that really leads to the entrance counts.
    """
    start = [(mine.entrance, edge) for edge in sorted(mine.tiles[mine.entrance].ports)]
    seen = set(start)
    frontier = list(start)
    while frontier:
        cell, edge = frontier.pop()
        kind = mine.tiles[cell]
        steps = [(cell, other) for path in kind.paths if edge in path.ports
                 for other in path.ports]
        across = SQUARE.neighbour(cell, edge)
        if _open(mine, across, SQUARE.opposite(edge)):
            steps.append((across, SQUARE.opposite(edge)))
        for step in steps:
            if step not in seen:
                seen.add(step)
                frontier.append(step)
    return frozenset(seen)


def connected_cells(mine: Mine) -> frozenset[Cell]:
    """Cells whose tile has a tunnel joined to the entrance (the entrance itself too)."""
    return frozenset({cell for cell, _ in reachable_ports(mine)} | {mine.entrance})


def first_mismatch(mine: Mine, cell: Cell, kind: TileKind) -> tuple[str, Cell, bool] | None:
    """The first edge where ``kind`` at ``cell`` would meet rock with tunnel (or the
    reverse): (edge, the neighbour's cell, whether this tile is open there)."""
    for edge in SQUARE.edges:
        there = SQUARE.neighbour(cell, edge)
        if there not in mine.tiles:
            continue
        here_open = edge in kind.ports
        if here_open != _open(mine, there, SQUARE.opposite(edge)):
            return edge, there, here_open
    return None


def placement_problem(mine: Mine, cell: Cell, kind: TileKind) -> str | None:
    """Why ``kind`` may not be built at ``cell`` as printed, or None when it may.

    Tiles keep their printed orientation, so only the edges as drawn count.
    """
    if kind.role != "tunnel":
        return f"'{kind.name}' is not a tunnel tile, so it is never built into a mine"
    if cell in mine.tiles:
        return f"the cell {list(cell)} already holds '{mine.tiles[cell].name}'"
    if cell[1] < mine.entrance[1]:
        return (f"the cell {list(cell)} is above the entrance's level; the mine is dug "
                "downward and sideways only")
    mismatch = first_mismatch(mine, cell, kind)
    if mismatch is not None:
        edge, there, here_open = mismatch
        return (f"its {edge} edge is {'open' if here_open else 'rock'} but "
                f"'{mine.tiles[there].name}' at {list(there)} is "
                f"{'rock' if here_open else 'open'} there, so the tunnels do not line up")
    reachable = reachable_ports(mine)
    joined = any(edge in kind.ports and
                 (SQUARE.neighbour(cell, edge), SQUARE.opposite(edge)) in reachable
                 for edge in SQUARE.edges if SQUARE.neighbour(cell, edge) in mine.tiles)
    if not joined:
        return (f"no tunnel of it meets an open tunnel of the mine at {list(cell)}: "
                "a new tile must connect to the tunnels already built")
    return None


def can_place(mine: Mine, cell: Cell, kind: TileKind) -> bool:
    """True when ``kind`` may be built at ``cell`` without turning it."""
    return placement_problem(mine, cell, kind) is None


def plus_one_bonus(mine: Mine, cell: Cell, kind: TileKind) -> int:
    """Extra building points for building ``kind`` at ``cell``: one per "+1" end it meets."""
    bonus = 0
    for edge in sorted(kind.ports):
        there = SQUARE.neighbour(cell, edge)
        facing = SQUARE.opposite(edge)
        if _open(mine, there, facing) and facing in tile_facts(mine.tiles[there]).plus_one_edges:
            bonus += 1
    return bonus


def _outside(mine: Mine) -> frozenset[Cell]:
    """Empty cells reachable from beyond the mine's bounding box: its surroundings."""
    xs = [x for x, _ in mine.tiles]
    levels = [level for _, level in mine.tiles]
    low, high = (min(xs) - 1, min(levels) - 1), (max(xs) + 1, max(levels) + 1)
    seen = {low}
    frontier = [low]
    while frontier:
        cell = frontier.pop()
        for edge in SQUARE.edges:
            nxt = SQUARE.neighbour(cell, edge)
            inside_box = low[0] <= nxt[0] <= high[0] and low[1] <= nxt[1] <= high[1]
            if inside_box and nxt not in mine.tiles and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return frozenset(seen)


def peripheral_tiles(mine: Mine) -> tuple[Cell, ...]:
    """Tiles that may be moved: on the mine's outer edge, and not holding the mine together.

    A tile is peripheral when it touches the mine's surroundings and every
    other tile stays joined to the entrance without it. The entrance never moves.
    """
    outside = _outside(mine)
    result = []
    for cell in sorted(mine.tiles, key=lambda c: (c[1], c[0])):
        if cell == mine.entrance:
            continue
        if not any(SQUARE.neighbour(cell, edge) in outside for edge in SQUARE.edges):
            continue
        rest = mine.without(cell)
        if connected_cells(rest) == frozenset(rest.tiles):
            result.append(cell)
    return tuple(result)


class IllegalMove(ValueError):
    """A requested tile move breaks the building or moving rules."""


def move_problem(mine: Mine, from_cell: Cell, to_cell: Cell) -> str | None:
    """Why the tile at ``from_cell`` may not move to ``to_cell``, or None when it may."""
    if from_cell not in mine.tiles:
        return f"there is no tile at {list(from_cell)}"
    if from_cell == mine.entrance:
        return "the mine entrance never moves"
    if from_cell == to_cell:
        return "a moved tile must go to another cell"
    if from_cell not in peripheral_tiles(mine):
        return (f"'{mine.tiles[from_cell].name}' at {list(from_cell)} is not peripheral: "
                "it is enclosed, or taking it away would cut tunnels off from the entrance")
    return placement_problem(mine.without(from_cell), to_cell, mine.tiles[from_cell])


def can_move(mine: Mine, from_cell: Cell, to_cell: Cell) -> bool:
    """True when the tile at ``from_cell`` may be moved to ``to_cell``."""
    return move_problem(mine, from_cell, to_cell) is None


def move_tile(mine: Mine, from_cell: Cell, to_cell: Cell) -> Mine:
    """The mine after moving a peripheral tile; :class:`IllegalMove` says why not."""
    problem = move_problem(mine, from_cell, to_cell)
    if problem is not None:
        raise IllegalMove(problem)
    return mine.without(from_cell).with_tile(to_cell, mine.tiles[from_cell])


# ---------------------------------------------------------------------------
# Scoring one mine.


def vein_value(level: int) -> int:
    """What one vein on ``level`` is worth: its level, and no more than the cap."""
    return min(level, VEIN_CAP_LEVEL)


def veins_on(mine: Mine, level: int) -> int:
    return sum(tile_facts(mine.tiles[cell]).veins for cell in mine.cells_on(level))


def _run(mine: Mine, cell: Cell, edge: str) -> int:
    """Vertical tunnel tiles in an unbroken line from ``cell`` through its ``edge``."""
    count = 0
    here = cell
    while edge in mine.tiles[here].ports:
        nxt = SQUARE.neighbour(here, edge)
        kind = mine.tiles.get(nxt)
        if kind is None or not is_vertical(kind):
            break
        count += 1
        here = nxt
    return count


def well_points(mine: Mine, cell: Cell, well: Well) -> int:
    """A well's VP: see docs/dynamine-layout.md for how we read the two formulas.

    A plain well pays 1 plus every other vertical tile of the shaft it sits in
    (above and below); a well with an altar or a dragon pays 2 plus the
    vertical tiles stacked directly above it.
    """
    above = _run(mine, cell, "N")
    if well == "plain":
        return 1 + above + _run(mine, cell, "S")
    return 2 + above


class MineCounts(msgspec.Struct, frozen=True):
    """What the reward cards compare between players."""

    fossils: int
    wells: int
    altars: int
    deepest: int
    veins: int
    tiles: int

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__struct_fields__}


def mine_counts(mine: Mine) -> MineCounts:
    """Totals of one mine, for reward cards and items."""
    facts = [tile_facts(kind) for kind in mine.tiles.values()]
    return MineCounts(fossils=sum(f.fossil_count for f in facts),
                      wells=sum(len(f.wells) for f in facts),
                      altars=sum(len(f.altars) for f in facts),
                      deepest=mine.depth, veins=sum(f.veins for f in facts),
                      tiles=len(mine.tiles))


def level_report(mine: Mine) -> list[dict[str, int]]:
    """Per level: tiles, veins and each scoring part, so a score can be checked by hand."""
    rows = []
    for level in range(mine.entrance[1], mine.depth + 1):
        veins = veins_on(mine, level)
        row = {"level": level, "tiles": len(mine.cells_on(level)), "veins": veins,
               "vein_points": veins * vein_value(level), "altar_points": 0, "well_points": 0,
               "fossil_points": 0}
        for cell in mine.cells_on(level):
            facts = tile_facts(mine.tiles[cell])
            row["altar_points"] += sum((value or 0) + veins for value in facts.altars)
            row["well_points"] += sum(well_points(mine, cell, well) for well in facts.wells)
            row["fossil_points"] += sum(value or 0 for value in facts.fossils)
        rows.append(row)
    return rows
