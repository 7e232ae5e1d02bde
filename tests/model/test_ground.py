"""Tunnel floors worked out from the model, checked against geometry.

Two turns sharing a tile (Gold Mine's two elbows) bend round opposite corners;
drawn as circular arcs their walls met at the centre with no rock between, and
a reader could not tell whether the two tunnels join.
"""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.geometry.points import segment_distance
from pnp.geometry.shapes import SHAPES
from pnp.model.ground import FLOOR_RATIO, WALL_RATIO, Floor, floors, hugs_corner
from pnp.model.tileset import Tunnel

SQUARE = SHAPES["square"]
TWO_ELBOWS = (Tunnel(("N", "E")), Tunnel(("S", "W")))


def _points(item: Floor) -> list[tuple[float, float]]:
    """The centre line's points in order, once each (pieces share their ends)."""
    return list(dict.fromkeys(point for line in item.lines for point in line))


def _gap(first: Floor, second: Floor) -> float:
    """Rock between the two floors' walls: centre lines apart, less both floors and walls."""
    apart = min(segment_distance(point, a, b) for point in _points(first)
                for line in second.lines for a, b in itertools.pairwise(line))
    return apart - 2 * (FLOOR_RATIO / 2 + WALL_RATIO)


def test_two_turns_on_one_tile_keep_rock_between_their_walls():
    first, second = floors(SQUARE, TWO_ELBOWS)
    assert _gap(first, second) >= 0.06  # 7.5 pt on a 1.75 in tile; as arcs it was 0.004


def test_a_turn_alone_is_still_the_arc_round_its_corner():
    (alone,) = floors(SQUARE, (Tunnel(("N", "E")),))
    for x, y in _points(alone):
        assert math.hypot(x - 0.5, y + 0.5) == pytest.approx(0.5, abs=1e-9)
    assert not hugs_corner(SQUARE, Tunnel(("N", "S")), (Tunnel(("N", "S")), Tunnel(("E", "W"))))


def test_a_hugging_turn_leaves_square_to_its_edges_and_bends_no_tighter_than_its_walls():
    """Its ends meet the neighbouring tiles' tunnels head on, and its tightest bend is
    wider than the floor's half with its wall, so the inner wall never folds over."""
    first, _ = floors(SQUARE, TWO_ELBOWS)
    points = _points(first)
    (x0, y0), (x1, y1) = points[0], points[1]
    assert (x0, y0) == pytest.approx((0.0, -0.5))
    assert abs(x1 - x0) < 0.1 * abs(y1 - y0)  # runs down from the north edge
    (xa, ya), (xb, yb) = points[-2], points[-1]
    assert (xb, yb) == pytest.approx((0.5, 0.0))
    assert abs(yb - ya) < 0.1 * abs(xb - xa)  # and out to the east edge
    radii = [_circumradius(*triple) for triple in zip(points, points[1:], points[2:], strict=False)]
    assert min(radii) > FLOOR_RATIO / 2 + WALL_RATIO


def _circumradius(a, b, c) -> float:
    ab, bc, ca = math.dist(a, b), math.dist(b, c), math.dist(c, a)
    twice_area = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))
    return ab * bc * ca / (2 * twice_area) if twice_area else math.inf
