"""Geometry against plain maths: ports, normals, corners, rotation, neighbours."""

from __future__ import annotations

import math
from collections import deque
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.geometry.shapes import (
    HEX_FLAT,
    HEX_POINTY,
    SHAPES,
    SQUARE,
    cell_centre,
    distinct_rotations,
    hex_distance,
    rotate_ports,
)

ALL = list(SHAPES.values())
SIZE = 108.0


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


def test_distinct_rotations_of_common_tiles():
    assert distinct_rotations(SQUARE, frozenset("NESW")) == (0,)
    assert len(distinct_rotations(SQUARE, frozenset("NS"))) == 2
    assert len(distinct_rotations(SQUARE, frozenset("NE"))) == 4
    assert len(distinct_rotations(HEX_FLAT, frozenset({"N", "S"}))) == 3
    assert len(distinct_rotations(HEX_FLAT, frozenset({"N", "SE", "SW"}))) == 2


@pytest.mark.parametrize("shape", ALL, ids=lambda s: s.name)
def test_every_port_pair_rotates_to_the_same_pair_kind(shape):
    for a, b in combinations(shape.edges, 2):
        gap = (shape.index(b) - shape.index(a)) % shape.sides
        for steps in range(shape.sides):
            turned = rotate_ports(shape, frozenset((a, b)), steps)
            x, y = sorted(turned, key=shape.index)
            new_gap = (shape.index(y) - shape.index(x)) % shape.sides
            assert new_gap in (gap, shape.sides - gap)
