"""Points on a piece, in points (x right, y down), and the one distance the art needs
from a point to a line segment: the nearest spot on it, which the rock's free space
and the rulebook's pawns on a tunnel floor both measure by."""

from __future__ import annotations

import math

Point = tuple[float, float]


def closest_on_segment(point: Point, a: Point, b: Point) -> Point:
    """The spot of segment ``a``-``b`` nearest to ``point`` (``a`` when it has no length)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx +
                                                  (point[1] - a[1]) * dy) / length))
    return (a[0] + t * dx, a[1] + t * dy)


def segment_distance(point: Point, a: Point, b: Point) -> float:
    """How far ``point`` is from segment ``a``-``b``."""
    return math.dist(point, closest_on_segment(point, a, b))
