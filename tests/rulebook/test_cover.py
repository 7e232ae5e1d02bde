"""Rulebook covers: a connected mine of the game's own tiles, every shared edge matching,
and a page covered from margin to margin."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from msgspec.structs import replace
from support import ROOT, pdf_page_image, render_rulebook

from pnp.geometry.shapes import rotate_ports
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.rulebook.cover import cover_layout, cover_region
from pnp.rulebook.source import parse
from pnp.rules.mattock.model import MOST_NEIGHBOURS

GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")
CASES = [(game, paper) for game in GAMES for paper in ("letter", "a4")]


def opened(tileset, placed) -> dict[str, int]:
    """Each open edge of a laid tile (as it lies) and the index of the path it leads into."""
    kind = tileset.tile(placed.kind)
    return {edge: index for index, path in enumerate(kind.paths)
            for edge in rotate_ports(tileset.shape, frozenset(path.ports), placed.rotation)}


@pytest.mark.parametrize(("game", "paper"), CASES)
def test_every_edge_two_cover_tiles_share_matches_and_the_mine_is_one(game, paper):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    shape = tileset.shape
    _, layout = cover_layout(tileset, PAPERS[paper])
    laid = {placed.cell: placed for placed in layout.tiles}
    assert len(laid) == len(layout.tiles) >= 12 and set(laid) <= set(layout.region)
    used = Counter(placed.kind for placed in layout.tiles)
    assert all(count <= tileset.tile(name).count for name, count in used.items())
    assert all(placed.rotation == 0 for placed in layout.tiles
               if not tileset.tile(placed.kind).rotatable)
    # every shared edge: open to open, rock to rock; and the paths joined across it
    links: dict[tuple, set[tuple]] = {}
    for cell, placed in laid.items():
        mine = opened(tileset, placed)
        for edge in shape.edges:
            other = laid.get(shape.neighbour(cell, edge))
            if other is None:
                continue
            theirs = opened(tileset, other)
            assert (edge in mine) == (shape.opposite(edge) in theirs), (cell, edge)
            if edge in mine:
                a, b = (cell, mine[edge]), (other.cell, theirs[shape.opposite(edge)])
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    if any(tileset.tile(name).paths for name in used):
        start = next(iter(links))
        seen, todo = {start}, [start]
        while todo:
            for nxt in links[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert seen == set(links), "the cover shows more than one mine"
        # no path is cut off inside the picture: each leads to a neighbour or off the frame
        for cell, placed in laid.items():
            for edge in opened(tileset, placed):
                assert shape.neighbour(cell, edge) in laid or \
                    shape.neighbour(cell, edge) not in layout.region
        # one base tells the game; a second (Demon Mine's hive) starts farther away than
        # the picture spans, so it stays off it
        bases = [tile.name for tile in tileset.tiles if tile.role == "base" and tile.count]
        assert bases[0] in used and not set(bases[1:]) & set(used), \
            "the first base, and no other, is on the cover"
    else:  # Mattock: one patch under its neighbour rule, with miners on its tiles
        def touching(cell):
            return [shape.neighbour(cell, edge) for edge in shape.edges
                    if shape.neighbour(cell, edge) in laid]
        assert all(len(touching(cell)) <= MOST_NEIGHBOURS for cell in laid)
        seen, todo = {next(iter(laid))}, [next(iter(laid))]
        while todo:
            for nxt in set(touching(todo.pop())) - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert seen == set(laid)
        pieces = [cell for _, cell in layout.pieces]
        assert len(pieces) >= 4 and len(set(pieces)) == len(pieces) and set(pieces) <= set(laid)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine"])
def test_letter_and_a4_covers_show_one_mine_a4_a_row_more_of_it(game):
    """A publisher's two editions share their cover art: each paper had searched a mine
    of its own, so the A4 book showed a different mine from the Letter one."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    (letter_grid, letter), (a4_grid, a4) = (cover_layout(tileset, PAPERS[name])
                                            for name in ("letter", "a4"))
    assert letter.tiles == a4.tiles
    shown = [set(cover_region(tileset, grid)) for grid in (letter_grid, a4_grid)]
    # every cell shown is laid but those above a base that opens its mine downward
    # (Dynamine's castle: its rules build nothing above its row, and the cover had)
    bases = [p for p in a4.tiles if tileset.tile(p.kind).role == "base"]
    top = min(p.cell[1] for p in bases) if game == "dynamine" else -10**6
    assert shown[0] < shown[1]
    assert {p.cell for p in a4.tiles} >= {cell for cell in shown[1] if cell[1] >= top}
    assert not [p for p in a4.tiles if p.cell[1] < top]
    assert len(bases) == 1  # one base: Demon Mine's two start farther apart than it shows
    # the tiles that tell the game are in the smaller picture, and none under the title
    # (Dynamine's entrance, which opens its mine from the top row, had lain under it)
    from pnp.rulebook.cover import _plaque_box

    telling = {p.cell for p in letter.tiles if tileset.tile(p.kind).role == "base"}
    assert telling and telling <= shown[0]
    for grid in (letter_grid, a4_grid):
        plaque = _plaque_box(grid)
        for cell in telling:
            assert grid.centre(tileset, cell)[1] < plaque.bottom, (game, cell)


def test_mattocks_letter_and_a4_covers_show_one_board_position():
    """Round 23 found Mattock's two editions showing two positions: Letter's picture was
    nine hexes across and A4's eight, each laid on its own. Both are now as many hexes
    across, laid once over both pictures, and every miner stands where both show it."""
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    (letter_grid, letter), (a4_grid, a4) = (cover_layout(tileset, PAPERS[name])
                                            for name in ("letter", "a4"))
    assert letter == a4
    assert round(letter_grid.width / letter_grid.cell) == round(a4_grid.width / a4_grid.cell)
    both = set(cover_region(tileset, letter_grid)) & set(cover_region(tileset, a4_grid))
    assert len(letter.pieces) >= 4 and all(cell in both for _, cell in letter.pieces)


def test_the_cover_is_the_same_on_every_build():
    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    assert cover_layout(tileset, PAPERS["a4"]) == cover_layout(tileset, PAPERS["a4"])


@pytest.mark.parametrize(("game", "paper"), [("demon-mine", "letter"), ("mattock", "a4"),
                                             ("dynamine", "a4"), ("gold-mine", "letter")])
def test_the_cover_page_is_inked_from_margin_to_margin(tmp_path, game, paper):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    path = tmp_path / "book.pdf"
    path.write_bytes(render_rulebook(tileset, source, PAPERS[paper]))
    image = pdf_page_image(path, 0, dpi=36).convert("L")
    assert inked(image) > 0.8, f"only {inked(image):.0%} of the cover is printed"
    width, height = image.size  # and its bottom fifth is picture, not an empty band
    assert inked(image.crop((0, height * 4 // 5, width, height - height // 40))) > 0.8


def inked(image) -> float:
    """The share of a greyscale image's pixels that are printed, not bare paper."""
    histogram = image.histogram()
    return sum(histogram[:235]) / sum(histogram)


def test_the_cover_gives_a_variants_smaller_player_count_as_the_rules_check_it():
    from pnp.rulebook.cover import player_line
    from pnp.rules.gold_mine.check import PHANTOM, PHANTOM_MAX_PLAYERS

    gold = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    assert gold.variant(PHANTOM).most_players == PHANTOM_MAX_PLAYERS == 5
    # the book is the Phantom's insert: its count leads, the base game's follows
    assert gold.book_title == "Phantom of the Mine"
    assert player_line(gold) == "2\u20135 players (2\u20136 without the Phantom)"
    other = replace(gold, rulebook_title="")  # a book of the whole game names the variant
    assert player_line(other) == "2\u20136 players (2\u20135 in the Phantom variant)"
    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert player_line(demon) == demon.player_counts  # no variant allows fewer


@pytest.mark.slow  # over three seconds alone: every cover of every game read twice
def test_every_cover_gives_the_same_facts_players_time_age_and_pieces(shipped_build):
    from pypdf import PdfReader

    from pnp.rulebook.cover_lockup import facts

    def cover(game):
        path = shipped_build / game / f"{game}-rulebook-letter.pdf"
        return " ".join(PdfReader(path).pages[0].extract_text().split())

    for game in GAMES:
        tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
        assert [icon for icon, _ in facts(tileset, "")] == ["players", "clock", "age", "tiles"]
        words = cover(game)
        assert f"about {tileset.minutes} minutes" in words and f"ages {tileset.age}+" in words
    assert "102 tiles, 18 cards and 46 tokens" in cover("dynamine")
    assert "90 tiles, 12 tokens and a board" in cover("mattock")
    assert "2 or 4 players" in cover("demon-mine")


def test_a_tileset_without_time_or_age_leaves_them_off_the_cover(tmp_path):
    from support import tileset_from_text

    from pnp.rulebook.cover_lockup import facts

    tileset = tileset_from_text("game: bare\ntitle: Bare\nsize: 1in\ntiles:\n"
                                "  - {name: a, count: 3, paths: [N-S]}\n", tmp_path)
    assert facts(tileset, "2 players") == [("players", "2 players"), ("tiles", "3 tiles")]


def test_demon_mines_cover_shows_the_pawns_its_rules_use(tmp_path):
    """Black miners and white beetles, as the rules and every diagram have them."""
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert tileset.pawns == ("black", "white")
    path = tmp_path / "book.pdf"
    path.write_bytes(render_rulebook(tileset, parse(ROOT / "templates" / "demon-mine" /
                                                    "rulebook.md", tileset), PAPERS["letter"]))
    image = pdf_page_image(path, 0, dpi=36)
    # the picture under the title plaque, whose own red rule is no pawn
    from pnp.rulebook.cover import _plaque_box

    grid, _ = cover_layout(tileset, PAPERS["letter"])
    plaque = _plaque_box(grid)
    image = image.crop((0, round((PAPERS["letter"].height - plaque.bottom) / 2),
                        image.width, image.height))
    pixels = list(zip(*[iter(image.tobytes())] * 3, strict=True))
    reds = sum(1 for r, g, b in pixels if r > 150 and g < 80 and b < 80)
    blues = sum(1 for r, g, b in pixels if b > 150 and r < 80)
    assert reds < 20 and blues < 20, (reds, blues)


def test_a_cover_stands_each_sides_own_pawn_not_a_variants_disc_of_its_colour():
    """Demon Mine's Othello discs, black on one face, had stood among the black pawns."""
    from pnp.rulebook.cover import _token_kinds

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert [token.name for token in _token_kinds(tileset)] == ["black-pawn", "white-pawn"]


def test_the_title_plaque_hides_the_picture_under_it(tmp_path):
    from pnp.rulebook.cover import _plaque_box

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    paper = PAPERS["letter"]
    grid, _ = cover_layout(tileset, paper)
    plaque = _plaque_box(grid)
    path = tmp_path / "book.pdf"
    path.write_bytes(render_rulebook(tileset, parse(ROOT / "templates" / "gold-mine" /
                                                    "rulebook.md", tileset), paper))
    dpi = 72
    image = pdf_page_image(path, 0, dpi).convert("L")
    # a strip of the plaque inside its double rule, left of its words: its own dark and
    # nothing else, where a see-through plaque showed the tunnels under it
    # (the title may run to 24 pt of the plaque's sides)
    strip = image.crop((round(plaque.left + 13), round(paper.height - plaque.top + 13),
                        round(plaque.left + 22), round(paper.height - plaque.bottom - 13)))
    assert max(strip.tobytes()) - min(strip.tobytes()) < 6


def test_the_lamplight_and_the_shade_fall_off_without_bands(tmp_path):
    """Each step of the light is too faint to see: across the frame of shade, neighbouring
    pixels differ by a few grey levels at most, while the shade as a whole is deep."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.rulebook.cover import CoverGrid, lamplight

    path = tmp_path / "light.pdf"
    canvas = Canvas(str(path), pagesize=(400, 400))
    grid = CoverGrid(20, 380, 360, 360, 80)
    lamplight(canvas, grid, (300, 300))
    canvas.showPage()
    canvas.save()
    dpi = 150
    row = pdf_page_image(path, 0, dpi).convert("L")
    y = round((400 - 120) * dpi / 72)
    values = [row.getpixel((x, y)) for x in range(round(21 * dpi / 72), round(150 * dpi / 72))]
    steps = [abs(a - b) for a, b in itertools.pairwise(values)]
    assert values[-1] - values[0] > 60, (values[0], values[-1])  # dark at the frame
    assert max(steps) <= 5, max(steps)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine"])
def test_pieces_stand_on_the_cover_mines_tunnels_near_the_lamp(game):
    from pnp.model.ground import ground
    from pnp.rulebook.cover import PIECES, _floor_spots, _lamp, _plaque_box

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    grid, layout = cover_layout(tileset, PAPERS["letter"])
    plaque = _plaque_box(grid)
    lamp = _lamp(tileset, grid, layout, plaque)
    spots = _floor_spots(tileset, grid, layout, lamp, plaque)[:PIECES]
    assert len(spots) == PIECES
    for x, y in spots:
        placed = min(layout.tiles, key=lambda p: abs(grid.centre(tileset, p.cell)[0] - x) +
                     abs(grid.centre(tileset, p.cell)[1] - y))
        cx, cy = grid.centre(tileset, placed.cell)
        offset = ((x - cx) / grid.cell, (cy - y) / grid.cell)
        assert ground(tileset.shape, tileset.tile(placed.kind), placed.rotation).allows(offset)
        assert y < plaque.bottom  # never under the title


@pytest.mark.parametrize("game", ["demon-mine", "gold-mine"])
def test_the_cover_scene_is_lit_round_the_lamp_and_dark_at_the_frame(tmp_path, game):
    from pnp.rulebook.cover import _lamp, _plaque_box

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    paper = PAPERS["letter"]
    grid, layout = cover_layout(tileset, paper)
    lamp = _lamp(tileset, grid, layout, _plaque_box(grid))
    path = tmp_path / "book.pdf"
    path.write_bytes(render_rulebook(tileset, parse(ROOT / "templates" / game / "rulebook.md",
                                                    tileset), paper))
    dpi = 36
    image = pdf_page_image(path, 0, dpi=dpi).convert("L")

    def mean(x0, y0, x1, y1):  # a box in points, y up, as the page's mean grey
        box = image.crop((round(x0 * dpi / 72), round((paper.height - y1) * dpi / 72),
                          round(x1 * dpi / 72), round((paper.height - y0) * dpi / 72)))
        histogram = box.histogram()
        return sum(value * count for value, count in enumerate(histogram)) / sum(histogram)

    reach = grid.cell
    lit = mean(lamp[0] - reach, lamp[1] - reach, lamp[0] + reach, lamp[1] + reach)
    bottom = grid.top - grid.height
    edge = mean(grid.left + 2, bottom + 2, grid.left + grid.cell * 0.3, bottom + grid.height / 2)
    assert lit > edge + 25, (lit, edge)


def test_mattocks_miners_stand_on_the_cover_at_their_printed_size(tmp_path):
    """A 0.75 in miner on a 23.9 mm tile covers as much of its tile on the cover as on
    the table (it was half a tile, with the tile's pick showing round it)."""
    from support import close_to

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    paper = PAPERS["letter"]
    grid, layout = cover_layout(tileset, paper)
    assert layout.pieces
    path = tmp_path / "book.pdf"
    path.write_bytes(render_rulebook(tileset, parse(ROOT / "templates" / "mattock" /
                                                    "rulebook.md", tileset), paper))
    dpi = 144
    image = pdf_page_image(path, 0, dpi)
    for name, cell in layout.pieces:
        piece = next(c for c in tileset.components if c.name == name)
        x, y = grid.centre(tileset, cell)
        radius = grid.cell * piece.width / tileset.size / 2
        # a row a little below the centre, clear of the white symbol on the disc
        row = round((paper.height - y + radius * 0.7) * dpi / 72)
        reach = round(grid.cell * 0.5 * dpi / 72)  # within its own tile
        middle = round(x * dpi / 72)
        coloured = [column for column in range(middle - reach, middle + reach)
                    if close_to(image.getpixel((column, row)), piece.colour or "#000000", 40)]
        assert coloured, name
        across = (max(coloured) - min(coloured) + 1) * 72 / dpi
        chord = 2 * radius * (1 - 0.7 ** 2) ** 0.5
        assert across == pytest.approx(chord, abs=2.5), (name, across, chord)


def test_a_long_list_of_things_to_bring_stays_inside_the_facts_band():
    """A tileset may name four things to bring of 40 letters each: the line under the
    facts shrinks, and then breaks, to the band's width, where it ran off both ends."""
    import io

    import msgspec
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from pnp.input.faces import MIN_TEXT, string_width
    from pnp.rulebook.cover_lockup import Box, bring_words, facts_band

    tileset = msgspec.structs.replace(load_tileset(ROOT / "tilesets" / "dynamine.yaml"),
                                      bring=("a" * 40, "b" * 40, "c" * 40, "d" * 40))
    box = Box(36.0, 36.0, 540.0, 90.0)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612.0, 792.0))
    facts_band(canvas, tileset, box, "2\u20134 players")
    canvas.save()
    lines: list[tuple[str, float]] = []

    def visit(text, cm, tm, font, size):
        if "aaaa" in text or "bbbb" in text or "cccc" in text or "dddd" in text:
            lines.append((text.strip(), size * tm[0]))

    PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text(visitor_text=visit)
    assert len(lines) > 1 and " ".join(text for text, _ in lines) == bring_words(tileset)
    for text, size in lines:
        assert size >= MIN_TEXT
        assert string_width(text, "italic", size) <= box.width - 24 + 0.01


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_piece_stands_under_the_title(paper):
    """Mattock's A4 cover stood a red miner half under the title plaque: a piece stands
    only where its centre is clear of the plaque by more than half a cell."""
    from pnp.rulebook.cover import _plaque_box

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    grid, layout = cover_layout(tileset, PAPERS[paper])
    plaque = _plaque_box(grid)
    assert len(layout.pieces) == 6
    for _, cell in layout.pieces:
        assert grid.centre(tileset, cell)[1] < plaque.bottom - grid.cell * 0.5, cell


def test_a_game_without_pawns_in_its_mine_stands_nothing_on_its_cover(tmp_path):
    """Dynamine's depth markers stay beside the mine: its cover (pawns: []) shows none on
    the tunnels, where the rules never put them."""
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    assert tileset.pawns == ()
    calls = []

    from pnp.rulebook import cover

    class Canvas:  # only the calls _tunnel_pieces would make
        def __getattr__(self, name):
            return lambda *args, **kwargs: calls.append(name)

    grid, layout = cover_layout(tileset, PAPERS["letter"])
    cover._tunnel_pieces(Canvas(), tileset, grid, layout, ((0.0, 0.0), cover._plaque_box(grid)),
                         lambda *args: "form")
    assert calls == []


def test_no_piece_of_a_tunnel_less_cover_peeks_out_from_under_the_title(shipped_build):
    """A Mattock tile is a piece on its own: one the title plaque cut in part showed its
    lower third under the plaque's foot, sliced. Just under the plaque lies only the
    board's pale spaces."""
    import pypdfium2

    from pnp.model.paper import PAPERS
    from pnp.rulebook.cover import _plaque_box, cover_grid

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    plaque = _plaque_box(cover_grid(tileset, PAPERS["letter"]))
    path = shipped_build / "mattock" / "mattock-rulebook-letter.pdf"
    page = pypdfium2.PdfDocument(path)[0].render(scale=2).to_pil().convert("L")
    height = PAPERS["letter"].height
    row = int((height - plaque.bottom + 3) * 2)
    levels = [page.getpixel((x, row)) for x in range(int(plaque.left * 2) + 4,
                                                     int((plaque.left + plaque.width) * 2) - 4)]
    runs, run = [], 0
    for level in levels:
        run = run + 1 if level < 140 else 0
        runs.append(run)
    assert max(runs) <= 6, max(runs)  # the spaces' hairline edges, never a piece's width
