"""Geometry against plain maths: ports, normals, corners, rotation, neighbours, lattices.

The generic tests also run on a shape defined only here, a square turned 45
degrees, which shows that adding a shape is one subclass and nothing else.
"""

from __future__ import annotations

import math
import re
from collections import deque
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.geometry.cells import axial_distance as hex_distance
from pnp.geometry.cells import square_distance
from pnp.geometry.lattice import HONEYCOMB_COLUMNS, HONEYCOMB_ROWS, SQUARE_GRID, Lattice
from pnp.geometry.shapes import (
    HEX_FLAT,
    HEX_POINTY,
    SHAPES,
    SQUARE,
    Shape,
    cell_centre,
    packed_shape,
    rotate_ports,
)

ROOT = Path(__file__).resolve().parents[2]
SIZE = 108.0
HALF_ROOT2 = math.sqrt(0.5)


class DiamondShape(Shape, frozen=True):
    """A square standing on a corner: the whole of what adding a shape takes."""

    def box(self, size: float) -> tuple[float, float]:
        return (size * math.sqrt(2.0), size * math.sqrt(2.0))

    def cell_centre(self, cell: tuple[int, int], size: float) -> tuple[float, float]:
        q, r = cell
        return (size * HALF_ROOT2 * (q + r), size * HALF_ROOT2 * (r - q))

    @property
    def lattice(self) -> Lattice:
        return SQUARE_GRID


DIAMOND = DiamondShape("diamond", ("NE", "SE", "SW", "NW"), 45.0,
                       ((1, 0), (0, 1), (-1, 0), (0, -1)))
ALL = [*SHAPES.values(), DIAMOND]


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_ports_lie_on_the_middle_of_their_edge(shape):
    corners = shape.corners(SIZE)
    for index, edge in enumerate(shape.edges):
        a, b = corners[index - 1], corners[index]
        px, py = shape.port(edge, SIZE)
        assert px == pytest.approx((a[0] + b[0]) / 2, abs=1e-9)
        assert py == pytest.approx((a[1] + b[1]) / 2, abs=1e-9)
        cx, cy = shape.centre(SIZE)
        assert math.hypot(px - cx, py - cy) == pytest.approx(SIZE / 2)


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_normals_are_unit_and_perpendicular_to_edges(shape):
    corners = shape.corners(SIZE)
    for index, edge in enumerate(shape.edges):
        nx, ny = shape.normal(edge)
        assert math.hypot(nx, ny) == pytest.approx(1.0)
        a, b = corners[index - 1], corners[index]
        assert nx * (b[0] - a[0]) + ny * (b[1] - a[1]) == pytest.approx(0.0, abs=1e-9)


def test_compass_names_point_where_they_say():
    assert SQUARE.normal("N") == pytest.approx((0.0, -1.0))
    assert SQUARE.normal("E") == pytest.approx((1.0, 0.0))
    assert HEX_FLAT.normal("S") == pytest.approx((0.0, 1.0))
    assert HEX_POINTY.normal("W") == pytest.approx((-1.0, 0.0))
    ne = HEX_FLAT.normal("NE")
    assert ne[0] > 0 and ne[1] < 0


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_bounding_box_holds_every_corner_and_touches_it(shape):
    width, height = shape.box(SIZE)
    xs = [x for x, _ in shape.corners(SIZE)]
    ys = [y for _, y in shape.corners(SIZE)]
    assert min(xs) == pytest.approx(0.0, abs=1e-9) and max(xs) == pytest.approx(width)
    assert min(ys) == pytest.approx(0.0, abs=1e-9) and max(ys) == pytest.approx(height)


def test_hex_box_is_flat_to_flat_by_corner_to_corner():
    assert HEX_FLAT.box(SIZE) == pytest.approx((SIZE * 2 / math.sqrt(3), SIZE))
    assert HEX_POINTY.box(SIZE) == pytest.approx((SIZE, SIZE * 2 / math.sqrt(3)))


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_rotation_turns_normals_by_the_step_angle(shape):
    step = math.radians(shape.step_degrees)
    for steps in range(shape.sides + 1):
        for edge in shape.edges:
            nx, ny = shape.normal(edge)
            angle = step * steps
            expected = (nx * math.cos(angle) - ny * math.sin(angle),
                        nx * math.sin(angle) + ny * math.cos(angle))
            assert shape.normal(shape.rotate(edge, steps)) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_opposite_edges_have_opposite_normals(shape):
    for edge in shape.edges:
        a, b = shape.normal(edge), shape.normal(shape.opposite(edge))
        assert (a[0] + b[0], a[1] + b[1]) == pytest.approx((0.0, 0.0), abs=1e-9)
        assert shape.opposite(shape.opposite(edge)) == edge


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_neighbour_centres_are_one_size_away_along_the_normal(shape):
    for cell in [(0, 0), (3, -2), (-4, 5)]:
        cx, cy = cell_centre(shape, cell, SIZE)
        for edge in shape.edges:
            nx, ny = cell_centre(shape, shape.neighbour(cell, edge), SIZE)
            ux, uy = shape.normal(edge)
            assert (nx - cx, ny - cy) == pytest.approx((ux * SIZE, uy * SIZE), abs=1e-9)
            assert shape.neighbour(shape.neighbour(cell, edge), shape.opposite(edge)) == cell


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_neighbours_share_the_whole_edge_between_them(shape):
    corners = shape.corners(SIZE)
    cx, cy = shape.centre(SIZE)
    for cell in [(0, 0), (2, -1)]:
        x0, y0 = shape.cell_centre(cell, SIZE)
        for index, edge in enumerate(shape.edges):
            x1, y1 = shape.cell_centre(shape.neighbour(cell, edge), SIZE)
            back = shape.index(shape.opposite(edge))
            mine = {(round(x0 + x - cx, 6), round(y0 + y - cy, 6))
                    for x, y in (corners[index - 1], corners[index])}
            theirs = {(round(x1 + x - cx, 6), round(y1 + y - cy, 6))
                      for x, y in (corners[back - 1], corners[back])}
            assert mine == theirs


def test_shapes_know_their_own_lattice_and_box():
    assert SQUARE.lattice is SQUARE_GRID and SQUARE.fills_box and not SQUARE.axial
    assert HEX_POINTY.lattice is HONEYCOMB_ROWS and not HEX_POINTY.fills_box
    assert HEX_FLAT.lattice is HONEYCOMB_COLUMNS and HEX_FLAT.axial
    assert {packed_shape(shape.lattice) for shape in SHAPES.values()} == set(SHAPES.values())


def _old_pitches(cell_w, cell_h, bleed, pack):
    """The sheet pitches as pnp.impose.layout computed them before lattices existed."""
    if pack == "grid":
        outer_w, outer_h = cell_w + 2 * bleed, cell_h + 2 * bleed
        return outer_w, outer_h, outer_w, outer_h
    grow = 2 * bleed / math.sqrt(3)
    if pack == "hex-pointy":
        outer_w, outer_h = cell_w + 2 * bleed, cell_h + 2 * grow
        return outer_w, outer_h, outer_w, outer_h * 0.75
    outer_w, outer_h = cell_w + 2 * grow, cell_h + 2 * bleed
    return outer_w, outer_h, outer_w * 0.75, outer_h


def _old_offset(pack, row, column, pitch_x, pitch_y):
    """Cell offsets (x right, y down) as the old sheet grid placed them."""
    x, y = column * pitch_x, row * pitch_y
    if pack == "hex-pointy" and row % 2:
        x += pitch_x / 2
    elif pack == "hex-flat" and column % 2:
        y += pitch_y / 2
    return x, y


LATTICES = [(SQUARE_GRID, "grid"), (HONEYCOMB_ROWS, "hex-pointy"),
            (HONEYCOMB_COLUMNS, "hex-flat")]


@pytest.mark.parametrize(("lattice", "pack"), LATTICES, ids=lambda v: getattr(v, "name", v))
@given(st.floats(10.0, 400.0), st.floats(10.0, 400.0), st.sampled_from([0.0, 9.0, 8.504]))
def test_lattice_pitches_and_offsets_match_the_old_sheet_formulas(lattice, pack, w, h, bleed):
    pitches = lattice.pitches(w, h, bleed)
    assert pitches == _old_pitches(w, h, bleed, pack)
    pitch_x, pitch_y = pitches[2:]
    assert lattice.shift(pitch_x, pitch_y) == (
        pitch_x / 2 if pack == "hex-pointy" else 0.0, pitch_y / 2 if pack == "hex-flat" else 0.0)
    for row in range(4):
        for column in range(4):
            assert lattice.offset(row, column, pitch_x, pitch_y) == pytest.approx(
                _old_offset(pack, row, column, pitch_x, pitch_y), abs=1e-9)


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_a_shapes_lattice_puts_copies_on_its_own_cells(shape):
    """The sheet honeycomb is the board's honeycomb: every copy sits on a cell centre."""
    width, height = shape.box(SIZE)
    pitch_x, pitch_y = shape.lattice.pitches(width, height, 0.0)[2:]
    centres = [shape.cell_centre((q, r), SIZE) for q in range(-12, 13) for r in range(-12, 13)]
    for row in range(5):
        for column in range(5):
            x, y = shape.lattice.offset(row, column, pitch_x, pitch_y)
            assert any(math.dist((x, y), c) < 1e-6 for c in centres), (row, column)


SHAPE_NAME = "|".join(re.escape(name) for name in (*SHAPES, "hex-flat", "hex-pointy", "square"))
NAME_COMPARISONS = [
    re.compile(rf"""(==|!=)\s*["']({SHAPE_NAME})["']"""),
    re.compile(rf"""["']({SHAPE_NAME})["']\s*(==|!=|in\b|not\s+in\b)"""),
    re.compile(rf"""\bin\s*[(\[{{][^)\]}}]*["']({SHAPE_NAME})["']"""),
    re.compile(r"""\bshape\.name\s*(==|!=|in\b|not\s+in\b)"""),
    re.compile(r"""startswith\(\s*["']hex"""),
]
NAME_CHECK_EXEMPT = ("geometry",)


def test_no_module_outside_geometry_compares_a_shape_name():
    found = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        if path.relative_to(ROOT / "pnp").parts[0] in NAME_CHECK_EXEMPT:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(pattern.search(line) for pattern in NAME_COMPARISONS):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "ask the Shape or its Lattice instead:\n" + "\n".join(found)


def _bfs_distance(start, goal, limit=12):
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return seen[cell]
        for edge in HEX_FLAT.edges:
            nxt = HEX_FLAT.neighbour(cell, edge)
            if nxt not in seen and seen[cell] < limit:
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    raise AssertionError("unreachable")


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_hex_distance_matches_breadth_first_search(q, r):
    assert hex_distance((0, 0), (q, r)) == _bfs_distance((0, 0), (q, r))


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_every_port_pair_rotates_to_the_same_pair_kind(shape):
    for a, b in combinations(shape.edges, 2):
        gap = (shape.index(b) - shape.index(a)) % shape.sides
        for steps in range(shape.sides):
            turned = rotate_ports(shape, frozenset((a, b)), steps)
            x, y = sorted(turned, key=shape.index)
            new_gap = (shape.index(y) - shape.index(x)) % shape.sides
            assert new_gap in (gap, shape.sides - gap)


def test_a_feature_place_turns_with_its_tile_where_a_compass_point_is_there():
    assert [SQUARE.turn_place(place, 1) for place in ("N", "NE", "E", "SW", "NW")] == \
        ["E", "SE", "S", "NW", "NE"]
    assert SQUARE.turn_place("W", 3) == "S" and SQUARE.turn_place("center", 2) == "center"
    assert HEX_POINTY.turn_place("E", 3) == "W"  # half a turn of a hex
    assert HEX_POINTY.turn_place("N", 1) is None  # 60 degrees: between NE and E


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_square_distance_counts_orthogonal_steps(x, y):
    """A pawn steps to one of four neighbours: as many steps as a breadth-first walk."""
    frontier, seen, steps = [(0, 0)], {(0, 0)}, 0
    while (x, y) not in seen:
        frontier = [(a + dx, b + dy) for a, b in frontier
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if (a + dx, b + dy) not in seen]
        seen.update(frontier)
        steps += 1
    assert square_distance((0, 0), (x, y)) == steps == square_distance((x, y), (0, 0))
