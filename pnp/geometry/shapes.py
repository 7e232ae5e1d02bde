"""Tile shapes: edges, ports, rotation and neighbours for square and hex tiles.

Art coordinates are y-down (as in SVG) with the origin at the top-left corner of
the tile's bounding box, measured in points. Edges are named by compass
direction and listed clockwise from the top, so rotating a tile clockwise by
``k`` steps maps edge ``i`` to edge ``i + k``.

Each shape is one object that owns everything that differs between shapes:
its box, its cell centres and the lattice that packs it on a sheet. Every
later step (art, layout, rules) asks the shape instead of checking its name,
so adding a shape is one subclass of :class:`Shape` and its tests.
"""

from __future__ import annotations

import math
from abc import abstractmethod

import msgspec

from pnp.geometry.cells import Cell, Spot
from pnp.geometry.lattice import HONEYCOMB_COLUMNS, HONEYCOMB_ROWS, SQUARE_GRID, Lattice
from pnp.geometry.points import Point

SQRT3 = math.sqrt(3.0)
# where a feature may sit, clockwise from the top, 45 degrees apart; "center" besides
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


class Shape(msgspec.Struct, frozen=True):
    """A tile outline: its edges in clockwise order and the bearing of the first.

    Subclasses say what is not generic: the bounding box, where grid cells
    sit, and how copies pack on a sheet. A shape is a frozen msgspec Struct,
    whose metaclass is not ABCMeta: mypy --strict refuses a subclass that
    leaves a method abstract, and at run time such a method raises.
    """

    name: str
    edges: tuple[str, ...]
    first_bearing: float  # degrees clockwise from north of the first edge's outward normal
    grid_steps: tuple[tuple[int, int], ...]  # neighbour offset across each edge

    @property
    def sides(self) -> int:
        return len(self.edges)

    @property
    def step_degrees(self) -> float:
        """How far one rotation step turns the tile."""
        return 360.0 / self.sides

    def index(self, edge: str) -> int:
        return self.edges.index(edge)

    def bearing(self, edge: str) -> float:
        return self.first_bearing + self.index(edge) * self.step_degrees

    def normal(self, edge: str) -> tuple[float, float]:
        """Unit vector pointing out of the tile through ``edge`` (y-down)."""
        angle = math.radians(self.bearing(edge))
        return (math.sin(angle), -math.cos(angle))

    def rotate(self, edge: str, steps: int) -> str:
        """The edge that ``edge`` becomes after ``steps`` clockwise rotation steps."""
        return self.edges[(self.index(edge) + steps) % self.sides]

    def turn_place(self, place: str, steps: int) -> str | None:
        """Where a feature's place (``center`` or a compass point) lands after ``steps``
        clockwise rotation steps; None where no compass point is there (a hex turned
        60 degrees moves N between two of them)."""
        if place == "center":
            return place
        bearing = COMPASS.index(place) * 45.0 + steps * self.step_degrees
        turned, rest = divmod(bearing % 360.0, 45.0)
        return None if rest else COMPASS[int(turned)]

    def opposite(self, edge: str) -> str:
        return self.rotate(edge, self.sides // 2)

    def neighbour(self, cell: tuple[int, int], edge: str) -> tuple[int, int]:
        """The grid cell across ``edge``: (x, y) for squares, axial (q, r) for hexes."""
        dq, dr = self.grid_steps[self.index(edge)]
        return (cell[0] + dq, cell[1] + dr)

    @abstractmethod
    def box(self, size: float) -> tuple[float, float]:
        """Width and height of the bounding box of a tile ``size`` across flats."""
        raise NotImplementedError

    @abstractmethod
    def cell_centre(self, cell: Spot, size: float) -> Point:
        """Centre of grid ``cell`` in points (y-down), relative to the centre of cell (0, 0).

        Neighbouring centres must be exactly ``size`` apart along the shared
        edge's normal, which is what lets a board and its tiles line up.
        """
        raise NotImplementedError

    @property
    @abstractmethod
    def lattice(self) -> Lattice:
        """How copies of this shape pack on a sheet so that neighbours share cuts."""
        raise NotImplementedError

    @property
    def fills_box(self) -> bool:
        """Whether the outline is its whole bounding box, so art may reach its corners."""
        return False

    @property
    def axial(self) -> bool:
        """Whether cells are axial hex cells, the ones hex-hex boards are made of."""
        return False

    def centre(self, size: float) -> tuple[float, float]:
        width, height = self.box(size)
        return (width / 2.0, height / 2.0)

    def port(self, edge: str, size: float) -> tuple[float, float]:
        """Where a tunnel meets ``edge``: the middle of that edge."""
        cx, cy = self.centre(size)
        nx, ny = self.normal(edge)
        return (cx + nx * size / 2.0, cy + ny * size / 2.0)

    def area_ratio(self) -> float:
        """The part of its bounding box the shape covers: 1 for a square, 3/4 for a hex."""
        points = self.corners(1.0)
        twice = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                    in zip(points, points[1:] + points[:1], strict=True))
        width, height = self.box(1.0)
        return abs(twice) / 2.0 / (width * height)

    def corners(self, size: float) -> tuple[tuple[float, float], ...]:
        """Vertices clockwise, the first between the first and second edge."""
        cx, cy = self.centre(size)
        half_step = math.radians(self.step_degrees / 2.0)
        radius = (size / 2.0) / math.cos(half_step)
        points: list[Point] = []
        for i in range(self.sides):
            angle = math.radians(self.first_bearing + i * self.step_degrees) + half_step
            points.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
        return tuple(points)


class SquareShape(Shape, frozen=True):
    """A square on an (x, y) grid: its box is itself, and copies butt in a plain grid."""

    def box(self, size: float) -> tuple[float, float]:
        return (size, size)

    def cell_centre(self, cell: Spot, size: float) -> Point:
        return (cell[0] * size, cell[1] * size)

    @property
    def lattice(self) -> Lattice:
        return SQUARE_GRID

    @property
    def fills_box(self) -> bool:
        return True


class HexShape(Shape, frozen=True):
    """A regular hex on axial (q, r) cells, pointy-top unless ``flat_top``.

    One class serves both orientations: they differ only in which axis the
    long diagonal lies along, and so which way the honeycomb interlocks.
    """

    flat_top: bool = False

    def box(self, size: float) -> tuple[float, float]:
        long = size * 2.0 / SQRT3
        return (long, size) if self.flat_top else (size, long)

    def cell_centre(self, cell: Spot, size: float) -> Point:
        q, r = cell
        radius = size / SQRT3  # centre-to-corner distance of a hex ``size`` across flats
        if self.flat_top:
            return (1.5 * radius * q, size * (r + q / 2.0))
        return (size * (q + r / 2.0), 1.5 * radius * r)

    @property
    def lattice(self) -> Lattice:
        return HONEYCOMB_COLUMNS if self.flat_top else HONEYCOMB_ROWS

    @property
    def axial(self) -> bool:
        return True


SQUARE = SquareShape("square", ("N", "E", "S", "W"), 0.0,
                     ((0, -1), (1, 0), (0, 1), (-1, 0)))
HEX_FLAT = HexShape(
    "hex-flat",
    ("N", "NE", "SE", "S", "SW", "NW"),
    0.0,
    ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    flat_top=True,
)
HEX_POINTY = HexShape(
    "hex-pointy",
    ("NE", "E", "SE", "SW", "W", "NW"),
    30.0,
    ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
)
SHAPES: dict[str, Shape] = {shape.name: shape for shape in (SQUARE, HEX_FLAT, HEX_POINTY)}


def packed_shape(lattice: Lattice) -> Shape:
    """The shape whose copies fill ``lattice``'s cells, to draw a honeycomb's cut lines."""
    return next(shape for shape in SHAPES.values() if shape.lattice == lattice)


def rotate_ports(shape: Shape, ports: frozenset[str], steps: int) -> frozenset[str]:
    """The open edges of a tile after rotating it clockwise by ``steps``."""
    return frozenset(shape.rotate(edge, steps) for edge in ports)


def cell_centre(shape: Shape, cell: Cell, size: float) -> Point:
    """Centre of a grid cell in points (y-down): squares by (x, y), hexes by axial (q, r)."""
    return shape.cell_centre(cell, size)
