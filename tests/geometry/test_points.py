"""A point's distance to a segment, against the plain maths of each case."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.geometry.points import closest_on_segment, segment_distance

coordinate = st.floats(-100, 100, allow_nan=False)


def test_the_distance_is_perpendicular_inside_the_segment_and_to_an_end_beyond_it():
    assert segment_distance((5.0, 3.0), (0.0, 0.0), (10.0, 0.0)) == pytest.approx(3.0)
    assert segment_distance((13.0, 4.0), (0.0, 0.0), (10.0, 0.0)) == pytest.approx(5.0)
    assert segment_distance((-3.0, -4.0), (0.0, 0.0), (10.0, 0.0)) == pytest.approx(5.0)
    assert segment_distance((3.0, 4.0), (0.0, 0.0), (0.0, 0.0)) == pytest.approx(5.0)
    assert closest_on_segment((5.0, 5.0), (0.0, 0.0), (10.0, 10.0)) == pytest.approx((5, 5))


@settings(max_examples=200, deadline=None)
@given(coordinate, coordinate, coordinate, coordinate, coordinate, coordinate)
def test_no_spot_of_the_segment_is_nearer_than_the_closest(px, py, ax, ay, bx, by):
    point, a, b = (px, py), (ax, ay), (bx, by)
    nearest = segment_distance(point, a, b)
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        spot = (ax + (bx - ax) * share, ay + (by - ay) * share)
        assert nearest <= math.dist(point, spot) + 1e-9
