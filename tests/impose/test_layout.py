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


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("side", [0.75, 1.0, 1.5])
def test_crop_marks_keep_4_pt_from_the_header(paper, side):
    """A token sheet's block runs up close to the header: at 1.5 pt the top ticks had run
    up to the header's descenders."""
    sheet = PAPERS[paper]
    grid = grid_for(sheet, side * INCH, side * INCH, 0.0)
    top = max(max(y1, y2) for _, y1, _, y2 in crop_marks(grid, grid.capacity, sheet, 0.0))
    assert top <= sheet.height - SAFE_MARGIN - HEADER_BAND - 4.0 + 1e-6


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


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_short_last_row_gets_no_marks_under_its_empty_columns(paper):
    """Dynamine's last tile page ends with a row of three in a grid five wide: the marks
    at the block's foot stood under the two empty columns, and the row's foot was marked
    out at the block's right edge, both reading as tiles missing. Under an empty column
    the marks hang from the row above, into the empty space, and the short row's foot is
    marked at its own end; every mark stays clear of every tile."""
    sheet = PAPERS[paper]
    grid = grid_for(sheet, 1.5 * INCH, 1.5 * INCH, 0.0)
    used = grid.capacity - grid.columns + 2  # the last row holds two
    cells = [grid.cell(index) for index in range(used)]
    marks = crop_marks(grid, used, sheet, 0.0)
    row_end = max(x + grid.cell_w for x, y in cells if y == min(y for _, y in cells))
    foot = min(y for _, y in cells)
    for x1, y1, x2, y2 in marks:
        for x, y in cells:  # no mark crosses a tile
            inside_x = x + 0.01 < max(x1, x2) and min(x1, x2) < x + grid.cell_w - 0.01
            inside_y = y + 0.01 < max(y1, y2) and min(y1, y2) < y + grid.cell_h - 0.01
            assert not (inside_x and inside_y)
        if x1 == x2 and x1 > row_end + 1e-6:  # a column edge past the short row
            assert min(y1, y2) > foot, (x1, y1, y2)  # not down at the block's foot
        if y1 == y2 and abs(y1 - foot) < 1e-6 and min(x1, x2) > row_end:
            assert min(x1, x2) < row_end + 20  # the short row's foot, marked at its end
    assert any(y1 == y2 and abs(y1 - foot) < 1e-6 and min(x1, x2) >= row_end
               for x1, y1, x2, y2 in marks)
