"""Hex boards: membership, setup symmetry, and pages that assemble into the board."""

from __future__ import annotations

import json
import math
from itertools import combinations

import pytest
from pypdf import PdfReader
from support import ROOT, pdf_page_image

from pnp.assemble import build
from pnp.draw.board import INNER_SPACE, OUTER_SPACE, board_extent, design_board, space_size
from pnp.draw.scene import Outline
from pnp.geometry.cells import axial_distance as hex_distance
from pnp.geometry.lattice import hexagon_cells, ring_distance
from pnp.geometry.shapes import SHAPES, cell_centre
from pnp.impose.board import OVERLAP, margins_beyond, seam_targets, windows
from pnp.impose.layout import SAFE_MARGIN
from pnp.input.tileset import load_tileset
from pnp.model.options import options_for
from pnp.model.paper import PAPERS
from pnp.units import mm

MATTOCK = ROOT / "tilesets" / "mattock.yaml"


def rotate(cell, sixths):
    """Turn an axial cell about the centre by 60 degrees ``sixths`` times."""
    q, r = cell
    for _ in range(sixths % 6):
        q, r = -r, q + r
    return (q, r)


@pytest.mark.parametrize(("side", "spaces"), [(5, 61), (7, 127), (1, 1), (2, 7)])
def test_hexagon_board_has_3n_squared_minus_3n_plus_1_spaces(side, spaces):
    cells = hexagon_cells(side)
    assert len(cells) == len(set(cells)) == spaces == 3 * side * side - 3 * side + 1
    assert all(ring_distance(cell) < side for cell in cells)


def test_inner_board_is_the_cells_within_four_steps():
    inner = {cell for cell in hexagon_cells(7) if ring_distance(cell) < 5}
    assert inner == set(hexagon_cells(5))
    assert all(hex_distance(cell, (0, 0)) == ring_distance(cell) for cell in hexagon_cells(7))


def test_mattock_setup_spaces_follow_the_rules():
    board = load_tileset(MATTOCK).board
    assert board is not None and (board.side, board.inner) == (7, 5)
    by_colour: dict[str, set] = {}
    for mark in board.marks:
        by_colour.setdefault(mark.label, set()).update(mark.cells)
        if mark.short_game:
            assert all(ring_distance(cell) < 5 for cell in mark.cells)
    red, blue = by_colour["Red"], by_colour["Blue"]
    assert len(red) == len(blue) == 6
    for colour in (red, blue):
        assert {rotate(cell, 2) for cell in colour} == colour  # 120-degree symmetric
    assert {rotate(cell, 3) for cell in red} == blue  # blue is red turned half a turn
    for a, b in combinations(red | blue, 2):
        assert hex_distance(a, b) > 1, f"setup spaces {a} and {b} touch"
    short = [cell for mark in board.marks if mark.short_game for cell in mark.cells]
    assert len(short) == 6


def test_board_spaces_leave_a_cut_tile_room():
    """A space is 1.5 mm wider than a tile across its flats: at exactly the tiles' size a
    tile cut a hair outside its line (its art runs 1 mm past the cut) rode up on its
    neighbours, and a row of them drifted off the printed grid."""
    tileset = load_tileset(MATTOCK)
    shape = tileset.shape
    left, _, right, _ = board_extent(shape, tileset.size, 7)
    space = (right - left) / 13  # 13 spaces across the side-7 board's widest row
    assert space - tileset.size == pytest.approx(mm(1.5))
    board = design_board(tileset.board, shape, tileset.size, dict(tileset.palette))
    outlines = [item for item in board.items if isinstance(item, Outline)
                and item.style.fill in (OUTER_SPACE, INNER_SPACE)]
    assert len(outlines) == 127
    points = [command[1:] for command in outlines[0].commands if len(command) == 3]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert max(xs) - min(xs) == pytest.approx(space)  # pointy-top: flats left and right
    assert max(ys) - min(ys) == pytest.approx(space * 2 / math.sqrt(3))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_windows_cover_the_board_and_overlap_by_the_glue_strip(paper):
    width, height = 13.7 * 72, 12.25 * 72
    parts = windows(width, height, PAPERS[paper])
    assert parts[0].x == 0 and parts[0].y == 0
    assert max(p.x + p.w for p in parts) == pytest.approx(width)
    assert max(p.y + p.h for p in parts) == pytest.approx(height)
    for a, b in combinations(parts, 2):
        if a.row == b.row and abs(a.column - b.column) == 1:
            left, right = sorted((a, b), key=lambda p: p.column)
            assert left.x + left.w - right.x == pytest.approx(OVERLAP)
        if a.column == b.column and abs(a.row - b.row) == 1:
            upper, lower = sorted((a, b), key=lambda p: p.row)
            assert upper.y + upper.h - lower.y == pytest.approx(OVERLAP)
    for part in parts:
        assert part.page_x >= SAFE_MARGIN
        assert part.page_x + part.w <= PAPERS[paper].width - SAFE_MARGIN


@pytest.mark.parametrize("paper", ["letter", "a4", "a3", "tabloid"])
def test_no_seam_runs_through_a_start_space_and_every_page_still_fits(paper):
    """Mattock's B1/B2 seam ran through a blue short-game start, 18 pt from its centre,
    where a misaligned join shows most. Each seam now keeps clear of every start space's
    coloured hex (round 36 found it 1.1 mm inside one, clear of its rings) where the
    page's spare room allows, and each page still fits its paper with the glue strips
    exactly as wide as before. On A4, whose first and last pages keep room for the
    seams' end targets, the vertical seam goes as far as that room lets it: at the
    hex's flat side."""
    from pnp.draw.board import design_board, mark_centres
    from pnp.impose.board import printable_area

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    board = design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette))
    marks, reach = mark_centres(tileset.board, tileset.shape, tileset.size)
    # past the coloured hex (0.45 of a space from its centre to a flat side) by 1.3 mm
    assert reach >= 0.5 * space_size(tileset.size)
    parts = windows(board.width, board.height, PAPERS[paper], marks, reach)
    _, _, room_w, room_h = printable_area(PAPERS[paper])
    for part in parts:
        assert part.w <= room_w + 1e-6 and part.h <= room_h + 1e-6
        if part.column:
            across = 0.444 * space_size(tileset.size) if paper == "a4" else reach
            assert min(abs(part.x - x) for x, _ in marks) >= across
        if part.row:
            assert min(abs(part.y - y) for _, y in marks) >= reach
    for a, b in combinations(parts, 2):
        if a.row == b.row and b.column == a.column + 1:
            assert a.x + a.w - b.x == pytest.approx(OVERLAP)
    even = windows(board.width, board.height, PAPERS[paper])
    assert len(even) == len(parts)
    if paper == "letter":  # the even split had cut through a start
        seams = [part.x for part in even if part.column]
        assert min(abs(seam - x) for seam in seams for x, _ in marks) < reach


def test_every_registration_target_is_printed_on_both_neighbouring_pages():
    parts = windows(13.7 * 72, 12.25 * 72, PAPERS["letter"])
    targets = {p.label: set(seam_targets(p, parts)) for p in parts}
    for a, b in combinations(parts, 2):
        neighbours = (a.row == b.row and abs(a.column - b.column) == 1) or \
                     (a.column == b.column and abs(a.row - b.row) == 1)
        if neighbours:
            shared = targets[a.label] & targets[b.label]
            assert len(shared) == 2
            for x, y in shared:
                for part in (a, b):
                    assert part.x <= x <= part.x + part.w and part.y <= y <= part.y + part.h


@pytest.fixture(scope="module")
def mattock(tmp_path_factory):
    out = tmp_path_factory.mktemp("mattock")
    build([load_tileset(MATTOCK)], out, options_for(("letter",)))
    return out / "mattock"


def test_board_pdf_has_pieces_and_an_assembly_guide(mattock):
    manifest = json.loads((mattock / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "board")
    reader = PdfReader(mattock / sheet["path"])
    assert len(reader.pages) == sheet["pages"] == len(sheet["placements"]) + 1
    assert [p["piece"] for p in sheet["placements"]] == ["A1", "A2", "B1", "B2"]
    assert "assembly guide" in reader.pages[-1].extract_text()
    # the board is drawn once and shown through a window on every page; the guide's
    # small copy is a second form without the text that would print under 6 pt
    assert (mattock / sheet["path"]).read_bytes().count(b"/Subtype /Form") == 3
    image = pdf_page_image(mattock / sheet["path"], 0, 36).convert("L")
    placement = sheet["placements"][0]
    cx = (placement["x"] + placement["w"] / 2) / 2
    cy = (792 - placement["y"] - placement["h"] / 2) / 2
    assert image.getpixel((int(cx), int(cy))) < 250


def test_the_guide_tints_the_glue_strips_and_names_pages_on_white_tabs(mattock):
    """Two page outlines a few points apart had read as doubled lines across the board,
    and the page names, set on the art, crossed hex lines: the overlaps are tinted once
    (the glue goes there) and each name sits on a white tab."""
    from pnp.export.board import GUIDE_STRIP

    manifest = json.loads((mattock / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "board")
    guide = PdfReader(mattock / sheet["path"]).pages[-1]
    states = guide["/Resources"].get("/ExtGState", {})
    alphas = {round(float(state.get_object().get("/ca", 1)), 2) for state in states.values()}
    assert GUIDE_STRIP in alphas
    # the tabs: each name's letters lie on white, inside the board's dark frame
    text = guide.extract_text()
    assert all(label in text for label in ("A1", "A2", "B1", "B2"))
    content = guide.get_contents().get_data().decode("latin-1")
    assert content.count("1 1 1 rg") >= 4  # a white tab under each of the four names


def test_each_piece_is_named_below_it_on_paper_trimmed_away(mattock):
    """A piece's name (A1...B2) stands under the piece, not on it: printed on the
    board's frame, B1 and B2 stayed on the finished board."""
    manifest = json.loads((mattock / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "board")
    reader = PdfReader(mattock / sheet["path"])
    for page, placement in zip(reader.pages, sheet["placements"], strict=False):
        found: list[float] = []

        def visit(text, cm, tm, font, size, found=found, name=placement["piece"]):
            if text.strip() == name:
                found.append(cm[5] + tm[5] * cm[3])

        page.extract_text(visitor_text=visit)
        assert found, placement["piece"]
        assert max(found) < placement["y"], (placement["piece"], found, placement["y"])


def test_mattock_manifest_counts_match_the_rules(mattock):
    manifest = json.loads((mattock / "manifest.json").read_text())
    assert {t["name"]: t["count"] for t in manifest["tiles"]} == {"tile": 90}
    counts = {c["name"]: c["count"] for c in manifest["components"]}
    assert counts == {"red-miner": 6, "blue-miner": 6, "board": 1}
    tiles = next(s for s in manifest["sheets"] if s["kind"] == "tiles")
    fronts = [p for p in tiles["placements"] if p["side"] == "front" and "tile" in p]
    assert len(fronts) == 90
    miners = [p["component"] for p in tiles["placements"]
              if p["side"] == "front" and "component" in p]  # they ride on the last page
    assert sorted(miners) == ["blue-miner"] * 6 + ["red-miner"] * 6
    width, height = SHAPES["hex-pointy"].box(mm(23.9))  # 1.5 mm inside a 1 in space
    assert all(p["w"] == round(width, 3) and p["h"] == round(height, 3) for p in fronts)


# --- a designed board --------------------------------------------------------------


def _mattock_board():
    from pnp.draw.board import design_board, space_centres

    tileset = load_tileset(MATTOCK)
    assert tileset.board is not None
    drawing = design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette))
    return tileset, drawing, space_centres(tileset.board, tileset.shape, tileset.size)


def test_the_board_has_a_title_that_reads_clear_of_every_space():
    from pnp.draw.cards import text_extent
    from pnp.draw.scene import Text

    _, drawing, (centres, reach) = _mattock_board()
    title = next(item for item in drawing.items if isinstance(item, Text)
                 and item.text == "MATTOCK")
    assert title.font == "display" and title.size >= 30
    box = text_extent(title)
    for x, y in centres:  # every corner of the title's box is off every space
        for corner in ((box.x, box.y), (box.x + box.width, box.y),
                       (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)):
            assert math.dist(corner, (x, y)) > reach * 0.87  # a hex's inner radius


def test_each_sides_start_spaces_carry_its_pieces_symbol():
    from pnp.draw.icons import ICONS
    from pnp.draw.pen import Pen

    tileset, drawing, _ = _mattock_board()
    colours = dict(tileset.palette)
    symbols = {mark.label: mark.icon for mark in tileset.board.marks}
    pieces = {c.name.split("-")[0]: next(str(f.value) for f in c.features if f.kind == "icon")
              for c in tileset.components}
    assert symbols == {"Red": pieces["red"], "Blue": pieces["blue"]}
    # the picks really are drawn on a red start space, at the size the board sets
    mark = next(mark for mark in tileset.board.marks if mark.label == "Red")
    drawn = set(drawing.items)
    from pnp.draw.board import BOARD_MARGIN

    left, top, _, _ = board_extent(tileset.shape, tileset.size, tileset.board.side)
    space = space_size(tileset.size)
    x, y = cell_centre(tileset.shape, mark.cells[0], space)
    pen = Pen(BOARD_MARGIN - left + x, BOARD_MARGIN - top + y, space * 0.24, colours)
    assert set(ICONS[mark.icon](pen)) <= drawn


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_registration_targets_keep_off_the_playing_spaces(paper):
    from pnp.draw.board import mark_centres

    tileset, drawing, (centres, reach) = _mattock_board()
    parts = windows(drawing.width, drawing.height, PAPERS[paper],
                    *mark_centres(tileset.board, tileset.shape, tileset.size))

    def blocked(point):
        return any(math.dist(point, centre) < reach + 7.0 * 1.6 for centre in centres)

    room = margins_beyond(parts, PAPERS[paper])
    targets = {part.label: seam_targets(part, parts, blocked, room) for part in parts}
    every = {point for points in targets.values() for point in points}
    assert every and not [point for point in every if blocked(point)]  # none on a space
    for a, b in combinations(parts, 2):  # each seam keeps a target on both neighbours
        if (a.row == b.row and abs(a.column - b.column) == 1) or \
                (a.column == b.column and abs(a.row - b.row) == 1):
            assert set(targets[a.label]) & set(targets[b.label])
    for label, points in targets.items():  # no two targets of a page run into each other
        for first, second in combinations(points, 2):
            assert math.dist(first, second) > 4 * 7.0 * 1.5, (label, first, second)
    # off the board altogether, its frame and the frame's bleed included, on both papers'
    # pages as built (their seams moved clear of the start spaces): on the margin the
    # cutting takes away. On A4 the seam's left-end target had stayed half on the frame,
    # printed on the finished board.
    from pnp.impose.board import BOARD_BLEED, TARGET_RADIUS

    for x, y in every:
        outside = max(-x, x - drawing.width, -y, y - drawing.height)
        assert outside >= BOARD_BLEED + TARGET_RADIUS * 1.5, (x, y)


def test_the_frame_bleeds_past_the_boards_outer_edges_which_crop_marks_show(mattock):
    """The board's outer edges are cut, so its dark frame runs 3 mm past them, as a
    tile's art runs past its cut: stopped at the edge, a cut a hair outside it left a
    white sliver. With no printed edge left to cut along, each outer side has a crop mark
    at both ends, on the margin; inner edges keep their dashed and solid lines and have
    no bleed (the neighbour lies on them)."""
    from pnp.export.board import CROP_GAP, CROP_LENGTH
    from pnp.impose.board import BOARD_BLEED

    manifest = json.loads((mattock / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "board")
    dpi = 144
    first = sheet["placements"][0]  # A1: the board's top and left edges are its own
    image = pdf_page_image(mattock / sheet["path"], 0, dpi).convert("L")
    height = image.height

    def grey(x: float, y: float) -> int:  # the darkest pixel at PDF points x, y (y up)
        px, py = round(x * dpi / 72), round(height - y * dpi / 72)
        return min(image.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    left, bottom = first["x"], first["y"]
    right, top = left + first["w"], bottom + first["h"]
    middle_y = (bottom + top) / 2
    assert grey(left - BOARD_BLEED / 2, middle_y) < 80  # frame in the bleed, left
    assert grey(left + 40, top + BOARD_BLEED / 2) < 80  # and above
    assert grey(left - BOARD_BLEED - 1.5, middle_y) > 240  # paper past the bleed
    assert grey(right + 2, middle_y) > 240  # the glue strip's side: no bleed
    mark = BOARD_BLEED + CROP_GAP + CROP_LENGTH / 2
    assert grey(left - mark, top) < 160  # the top edge's line carried left
    assert grey(left, top + mark) < 160  # the left edge's line carried up
    assert grey(left - mark, top - 4) > 240  # a thin mark, on the cut's line only


def test_the_legend_shows_each_start_space_and_the_double_ring_as_the_board_draws_them():
    """Each entry is a small space in its colour with the white disc (and the double
    ring's entry a white ring round its disc, on a grey no player has), beside its words."""
    from pnp.draw.board import LEGEND_GREY
    from pnp.draw.scene import Circle, Outline, Text

    tileset, drawing, (centres, _) = _mattock_board()
    assert tileset.board is not None
    words = [item for item in drawing.items if isinstance(item, Text) and
             ("starts here" in item.text or "Double ring" in item.text)]
    assert len(words) == 3
    spaces = {}
    for item in drawing.items:
        if isinstance(item, Outline) and item.style.fill in (
                LEGEND_GREY, *(mark.colour for mark in tileset.board.marks)):
            xs = [c[1] for c in item.commands if len(c) == 3]
            ys = [c[2] for c in item.commands if len(c) == 3]
            centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
            if all(math.dist(centre, space) > 1.0 for space in centres):  # off the board
                spaces[item.style.fill] = centre
    assert set(spaces) == {LEGEND_GREY, *(mark.colour for mark in tileset.board.marks)}
    for word in words:  # each entry's words beside its own space
        assert any(abs(word.y - y) < 8 and 0 < word.x - x < tileset.size for x, y in
                   spaces.values())
    rings = [item for item in drawing.items if isinstance(item, Circle) and
             item.style.stroke == "#ffffff" and
             math.dist((item.cx, item.cy), spaces[LEGEND_GREY]) < 0.5]
    assert len(rings) == 1


def test_the_inner_board_stands_out_from_the_outer_in_greyscale():
    """Mattock's short game plays on the inner board: its spaces differ from the outer
    ones by at least an eighth of the grey scale (at 9% the two merged on a greyscale
    print, leaving only the outline)."""
    from pnp.draw.board import INNER_SPACE, OUTER_SPACE

    def grey(colour: str) -> float:
        red, green, blue = (int(colour[index:index + 2], 16) for index in (1, 3, 5))
        return 0.299 * red + 0.587 * green + 0.114 * blue

    assert grey(OUTER_SPACE) - grey(INNER_SPACE) >= 255 / 8


def test_the_boards_title_rule_goes_with_the_title_when_a_picture_is_too_small_for_it():
    """The components' board picture, 1.5 in wide, leaves the title out (it would print
    under 6 pt): its rule had stayed alone in the frame's corner, and read as a title
    lost in printing. Where the title prints, its rule does too."""
    from pnp.draw.scene import Outline, Text, without_small_text

    _, drawing, _ = _mattock_board()
    title = next(item for item in drawing.items if isinstance(item, Text)
                 and item.text == "MATTOCK")
    rules = [item for item in drawing.items if isinstance(item, Outline) and item.underline]
    assert len(rules) == 1
    small = without_small_text(drawing, 108 / drawing.width, 6.0)
    assert title not in small.items and rules[0] not in small.items
    large = without_small_text(drawing, 0.5, 6.0)
    assert title in large.items and rules[0] in large.items
