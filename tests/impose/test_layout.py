"""Imposition arithmetic: grids fit inside the margins, honeycombs share edges."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from pnp.geometry.shapes import HEX_FLAT, HEX_POINTY, SHAPES
from pnp.impose.layout import (
    FOOTER_BAND,
    HEADER_BAND,
    SAFE_MARGIN,
    Group,
    crop_marks,
    grid_for,
    hex_cut_lines,
    impose,
    impose_groups,
)
from pnp.model.paper import PAPERS

INCH = 72.0


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("bleed", [0.0, 9.0])
@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_every_piece_and_mark_stays_inside_the_printable_area(paper, bleed, shape):
    sheet = PAPERS[paper]
    size = 1.0 * INCH if shape.lattice.honeycomb else 1.5 * INCH
    width, height = shape.box(size)
    grid = grid_for(sheet, width, height, bleed, lattice=shape.lattice)
    for index in range(grid.capacity):
        x, y = grid.cell(index)
        assert x - bleed >= SAFE_MARGIN and x + width + bleed <= sheet.width - SAFE_MARGIN
        assert y - bleed >= SAFE_MARGIN + FOOTER_BAND
        assert y + height + bleed <= sheet.height - SAFE_MARGIN - HEADER_BAND
    for x1, y1, x2, y2 in crop_marks(grid, grid.capacity, sheet, bleed):
        for x, y in ((x1, y1), (x2, y2)):
            assert SAFE_MARGIN <= x <= sheet.width - SAFE_MARGIN
            assert SAFE_MARGIN <= y <= sheet.height - SAFE_MARGIN


@pytest.mark.parametrize("shape", [HEX_FLAT, HEX_POINTY], ids=["hex-flat", "hex-pointy"])
def test_honeycomb_neighbours_touch_along_a_whole_edge_and_never_overlap(shape):
    size = INCH
    width, height = shape.box(size)
    grid = grid_for(PAPERS["letter"], width, height, 0.0, lattice=shape.lattice)
    centres = [(x + width / 2, y + height / 2)
               for x, y in (grid.cell(i) for i in range(grid.capacity))]
    touching = 0
    for a, b in combinations(centres, 2):
        distance = math.dist(a, b)
        assert distance >= size - 1e-6, "two hexes overlap"
        if distance == pytest.approx(size):
            touching += 1
    # an interior hex touches six others; the block has many shared edges
    assert touching > 2.5 * grid.capacity
    lines = hex_cut_lines(grid, grid.capacity)
    assert len(lines) < 6 * grid.capacity * 0.6  # shared edges are cut once


def test_demon_mine_grid_is_five_by_six_and_butted():
    grid = grid_for(PAPERS["letter"], 108.0, 108.0, 0.0)
    assert (grid.columns, grid.rows) == (5, 6)
    assert grid.cell(1)[0] - grid.cell(0)[0] == 108.0
    assert grid.cell(0)[1] - grid.cell(5)[1] == 108.0


def test_groups_start_on_fresh_pages_and_backs_follow_fronts():
    plan = impose_groups(
        [Group((("card", 10, "component"),), 63 * INCH / 25.4, 88 * INCH / 25.4),
         Group((("token", 3, "component"),), INCH, INCH)],
        PAPERS["a4"], backs={"card": "card-back", "token": "token-back"})
    sides = [(page.number, page.side, len(page.placements)) for page in plan.pages]
    assert sides == [(1, "front", 9), (2, "back", 9), (3, "front", 1), (4, "back", 1),
                     (5, "front", 3), (6, "back", 3)]
    assert {p.design for p in plan.pages[-1].placements} == {"token-back"}


def test_pieces_too_large_for_the_paper_are_a_clear_error():
    from pnp.errors import InputError

    with pytest.raises(InputError, match="too large"):
        impose([("huge", 1, "tile")], PAPERS["letter"], 9 * INCH, 9 * INCH)
