"""The components overview: pictures large enough to read, counts that add up, a
gallery by tunnel shape and cost for a game of many tile designs, in two pages."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from support import ROOT

from pnp.input.tileset import load_tileset
from pnp.rulebook.components import (
    GALLERY_FROM,
    PICTURE,
    SHAPE_ORDER,
    CountedDesign,
    components_table,
)
from pnp.rulebook.designs import Designs
from pnp.rulebook.figures import DesignFlowable
from pnp.rulebook.names import tile_groups, tunnel_noun
from pnp.rulebook.page import MEASURE, text_block
from pnp.rulebook.paragraphs import styles


def _load(game):
    return load_tileset(ROOT / "tilesets" / f"{game}.yaml")


def _flat(flowables):
    """The story's flowables, groups kept together opened up."""
    for flowable in flowables:
        inner = getattr(flowable, "_content", None)
        yield from _flat(inner) if inner is not None else [flowable]


def _cells(flowables):
    """Every flowable of the story, groups and tables opened up, in reading order."""
    for flowable in _flat(flowables):
        rows = getattr(flowable, "_cellvalues", None)
        if rows is None:
            yield flowable
            continue
        for row in rows:
            for cell in row:  # a cell holds a flowable, a list of them, or nothing
                if not isinstance(cell, str):
                    yield from _cells(cell if isinstance(cell, list) else [cell])


def _story(game):
    tileset = _load(game)
    return tileset, components_table(Designs(tileset), styles())


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_every_picture_is_at_least_0_8_in_and_the_story_keeps_to_the_measure(game):
    _, story = _story(game)
    pictures = [cell for cell in _cells(story) if isinstance(cell, DesignFlowable)]
    assert pictures
    for picture in pictures:
        width, height = picture.wrap(MEASURE, 1000)
        assert max(width, height) >= 0.8 * 72 - 1e-6, picture.key
    for flowable in _flat(story):
        assert flowable.wrap(MEASURE, 10_000)[0] <= MEASURE + 1e-6


def test_a_game_of_many_designs_gets_a_gallery_by_shape_and_cost(shipped_build):
    tileset, story = _story("dynamine")
    assert len(tile_groups(tileset.tiles, tileset.shape)) >= GALLERY_FROM
    pictures = [cell for cell in _cells(story) if isinstance(cell, CountedDesign)]
    names = [picture.key.split(":")[2] for picture in pictures]  # tile:game:name[:how]
    printed = [tile for tile in tileset.tiles if tile.count]
    assert sorted(names) == sorted(tile.name for tile in printed)  # every design once
    kinds = {tile.name: tile for tile in printed}
    assert sum(picture.count for picture in pictures) == tileset.tile_count
    # grouped by shape, simplest first, and cheapest first within a shape
    # the entrances first, as a group of their own
    shapes = ["entrance" if kinds[name].role == "base" else
              tunnel_noun(kinds[name], tileset.shape) for name in names]
    assert shapes[0] == "entrance"
    runs = [shape for index, shape in enumerate(shapes) if index == 0 or shapes[index - 1] != shape]
    assert len(runs) == len(set(runs))
    known = [shape for shape in runs if shape in SHAPE_ORDER]
    assert known == sorted(known, key=SHAPE_ORDER.index)
    for shape in runs:
        costs = [int(next(f.value for f in kinds[name].features if f.kind == "die"))
                 for name, each in zip(names, shapes, strict=True)
                 if each == shape and any(f.kind == "die" for f in kinds[name].features)]
        assert costs == sorted(costs), shape


@pytest.mark.parametrize("paper", ["letter", pytest.param("a4", marks=pytest.mark.slow)])
def test_a_gallery_shape_that_runs_on_to_a_new_page_is_named_again_there(shipped_build, paper):
    """Dynamine's straight tunnels fill more than a page: the page they run on to names
    them again ("continued") with the cost of its first row, as a catalogue does. (The A4
    book, which reads 2.7 s of PDF text for the same check, runs with the slow tests.)"""
    from support import pdf_page_texts

    pages = [" ".join(text.split()) for text in pdf_page_texts(
        shipped_build / "dynamine" / f"dynamine-rulebook-{paper}.pdf")]
    first = next(n for n, text in enumerate(pages) if "Straight tunnels 52 tiles" in text)
    assert "Straight tunnels, continued cost" in pages[first + 1]
    assert "continued" not in pages[first]


# Dynamine's gallery takes over three seconds alone: the slow set checks it
@pytest.mark.parametrize("game", ["demon-mine", pytest.param("dynamine", marks=pytest.mark.slow),
                                  "gold-mine", "mattock"])
def test_the_components_overview_takes_at_most_two_pages_and_a_half(shipped_build, game):
    """From its first heading to its totals line, as typeset: whole pages between, and
    the part of the first and last pages it fills. Dynamine's eighty tile designs take
    most of two pages; its cards are fanned large enough for their words to print (a
    sixth of a page more than three thumbnails). A fifth of a page is allowed over the
    half: the composer may carry a gallery row on to the next page to even out the pages
    after it, which leaves that room unused."""
    reader = PdfReader(shipped_build / game / f"{game}-rulebook-letter.pdf")
    found: dict[str, tuple[int, float]] = {}
    for number, page in enumerate(reader.pages[:8]):  # the overview opens every book
        def visit(text, cm, tm, font, size, number=number):
            text = text.strip()
            # the first heading: "Tiles", or "Tiles, tokens and board" for a one-row list
            heading = text == "Tiles" or text.startswith("Tiles, tokens")
            if heading or text.startswith("In all:"):
                found.setdefault("Tiles" if heading else "total", (number, cm[5] + tm[5]))

        page.extract_text(visitor_text=visit)
    (first, top), (last, bottom) = found["Tiles"], found["total"]
    height = text_block()[3]
    used = (last - first) * height + top - bottom
    assert used <= 2.7 * height, f"{used / height:.2f} pages"


def test_a_game_of_few_designs_names_each_under_its_picture_in_one_cell():
    """Nine designs in two rows of five, each name in the picture's own cell, so no page
    can part a picture from its name."""
    _, story = _story("demon-mine")
    texts = [cell.getPlainText() for cell in _cells(story) if hasattr(cell, "getPlainText")]
    assert "Tiles" in texts and any(text.startswith("16 straight tunnels") for text in texts)
    listing = next(flowable for flowable in _flat(story) if hasattr(flowable, "_cellvalues"))
    # the "Tiles" head row, repeated atop a page the rows run on to, then two rows of five
    head, *rows = listing._cellvalues
    assert listing.repeatRows == 1 and head[0].getPlainText() == "Tiles"
    assert len(rows) == 2 and len(rows[0]) == 5
    for row in rows:
        cells = [cell for cell in row if cell]
        for cell in cells:  # a shelf's rise, the picture, a hair of air, the name
            assert isinstance(cell[1], DesignFlowable) and hasattr(cell[-1], "getPlainText")
        # the pictures stand on one line, so the names under them start level
        bottoms = {round(cell[0].height + cell[1].height, 6) for cell in cells}
        assert len(bottoms) == 1
    assert not any(isinstance(cell, CountedDesign) for cell in _cells(story))
    assert PICTURE >= 0.8 * 72


@pytest.mark.parametrize(("game", "said", "unsaid"), [
    ("dynamine", ("20 depth markers", "4 \u201c+1\u201d tokens"),
     ("depth tokens", "plus one tokens")),
    ("demon-mine", ("4 miner events",), ("4 miners",)),
])
def test_pieces_are_counted_by_what_players_call_them(shipped_build, game, said, unsaid):
    """A tileset's ``called`` names a piece where its family or label would mislead:
    Demon Mine's pawns are miners, so its event tiles are miner events."""
    from support import pdf_page_texts

    text = " ".join(" ".join(pdf_page_texts(
        shipped_build / game / f"{game}-rulebook-letter.pdf")[2:5]).split())
    assert all(words in text for words in said), text[:300]
    assert not any(words in text for words in unsaid)


def test_a_gallery_count_is_set_under_its_picture_not_on_the_art(tmp_path):
    """A count drawn on the tile (a white tab in a corner) read as one more symbol the
    tile prints. It is set under the picture, on the paper: drawn at a known place, its
    text lies wholly below the picture's foot and within the room a gallery row keeps."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.rulebook.components import COUNT_ROOM, PICTURE
    from pnp.rulebook.designs import Designs

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    designs = Designs(tileset)
    tile = next(tile for tile in tileset.tiles if tile.count > 1)
    picture = CountedDesign(tile.name, designs.tile(tile.name), PICTURE, designs,
                            tile.count)
    picture.wrap(PICTURE, PICTURE)
    path = tmp_path / "count.pdf"
    canvas = Canvas(str(path), pagesize=(200, 200))
    foot = 100.0
    picture.drawOn(canvas, 50, foot)
    canvas.save()
    spans: list[tuple[str, float]] = []
    PdfReader(path).pages[0].extract_text(
        visitor_text=lambda text, cm, tm, *_: spans.append((text, tm[5] + cm[5])))
    counts = [y for text, y in spans if text.strip() == f"\u00d7{tile.count}"]
    assert len(counts) == 1
    baseline = counts[0]
    # digits have no descender; their capitals stand about 5 pt over the baseline
    assert foot - COUNT_ROOM < baseline - 1.5 and baseline + 5 < foot  # under the picture


def test_kinds_of_different_shapes_get_a_picture_each():
    """Gold Mine's four caverns were one picture, of the four-way one, with words for the
    rest: a player could not match it to the cut pieces. Each number of openings now has
    its own picture and its own words, as the sheets print them."""
    from pnp.rulebook.components import _by_openings
    from pnp.rulebook.names import tile_groups

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    entries = _by_openings(tile_groups(tileset.tiles, tileset.shape), tileset.shape)
    caverns = [(name, [tile.name for tile in group]) for name, group in entries
               if "cavern" in name]
    assert [name for name, _ in caverns] == ["four-way cavern", "three-way cavern",
                                             "two-way cavern"]
    for name, kinds in caverns:  # each picture's kinds open as its name says
        ports = {len(tileset.tile(kind).ports) for kind in kinds}
        assert ports == {("two", "three", "four").index(name.split("-")[0]) + 2}
    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    groups = tile_groups(demon.tiles, demon.shape)
    assert _by_openings(groups, tileset.shape) == groups  # one shape a picture already


def test_an_overview_pictures_the_names_on_its_tiles_on_all_of_them_or_on_none():
    """Demon Mine's overview had kept BEETLE HIVE, MINER and LODESTONE on their tiles and
    dropped MINE ENTRANCE and TUNNEL COLLAPSE, whose plaques had no room at that size:
    the row read as tiles drawn two ways. Its captions name every picture."""
    from support import NAMED_TILES, named_demon_mine

    from pnp.rulebook.designs import UNLABELLED

    designs = Designs(named_demon_mine())
    shown = designs.pictured(list(NAMED_TILES), PICTURE)
    kept = {name for name, (key, _) in shown.items() if not key.endswith(UNLABELLED)}
    assert kept == set()  # MINE ENTRANCE has no room at a picture's size: none keep theirs
    fitting = designs.pictured(["beetle-hive", "miner", "lodestone"], PICTURE)
    assert not any(key.endswith(UNLABELLED) for key, _ in fitting.values())  # all fit


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_no_shipped_tile_prints_a_name(game):
    """A publisher's tiles carry symbols, not words; the books had drawn the shipped
    names two ways (set at 6 pt where they fitted, left out where not), so none prints
    one. A sign (Dynamine's "+1" at a tunnel's mouth) is a symbol and stays."""
    from pnp.draw.placing import is_name

    tileset = _load(game)
    assert [(tile.name, feature.value) for tile in tileset.tiles
            for feature in tile.features if is_name(feature)] == []


def test_a_catalogue_tile_prints_its_badges_at_6pt_beside_their_icons():
    """Grown to 6 pt after placing, Dynamine's small catalogue badges had covered the
    altars and fossils they score: at the catalogue's scale a badge tile is laid out
    with badges that print at 6 pt, each clear of every mark; where even that finds no
    rock beside the icon (a market's small piles), the tile keeps its own layout."""
    from pnp.draw.badges import BADGE_TEXT
    from pnp.draw.placing import drawn_badges, drawn_marks
    from pnp.draw.scene import Text, flat

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    designs = Designs(tileset)
    scale = 0.5333  # a catalogue row's picture, 0.8 in of a 1.5 in tile
    badged = [tile for tile in tileset.tiles if any(f.badge for f in tile.features)]
    assert len(badged) >= 15
    for tile in badged:
        _, drawing = designs.shown(tile.name, scale)
        numbers = {str(f.badge) for f in tile.features if f.badge}
        sizes = [item.size for item in flat(drawing.items)
                 if isinstance(item, Text) and item.text in numbers]
        assert sizes and min(sizes) * scale >= designs.text_floor, tile.name
        least = min(sizes) / BADGE_TEXT
        marks = drawn_marks(tileset, tile, least)
        for owner, badge, _ in drawn_badges(tileset, tile, least):
            mark = marks[owner]
            apart = max(abs(badge.x - mark.x) - mark.half_width,
                        abs(badge.y - mark.y) - mark.half_height)
            assert apart >= badge.half_width, f"{tile.name}: its badge lies over its icon"
    market = designs.shown(badged[0].name, 0.378)
    assert market == (f"tile:{tileset.game}:{badged[0].name}", designs.tile(badged[0].name))


def test_the_cards_are_fanned_large_enough_that_their_words_print_not_greeked():
    """Three 1.75 in cards showed their rules as grey bars, which a reviewer took for cards
    not yet written: a card of each kind is fanned at the size where every word prints
    at the book's 6 pt, within the measure, and the kinds are named under the fan."""
    from pnp.draw.scene import text_sizes
    from pnp.rulebook.components import CardFan

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    designs = Designs(tileset)
    story = components_table(designs, styles())
    [fan] = [flowable for flowable in story if isinstance(flowable, CardFan)]
    assert len(fan.cards) == 3 and fan.width <= MEASURE
    for _, drawing in fan.cards:
        assert min(text_sizes(drawing.items)) * fan.scale >= designs.text_floor
    after = story[story.index(fan) + 2].getPlainText()
    assert all(words in after for words in ("reward cards", "item cards", "mission cards"))
    assert fan.keepWithNext


def test_every_gallery_row_says_its_cost():
    """A row that wrapped under one of the same cost was left unlabelled, and a reviewer
    read it as a row of no cost: every row of Dynamine's gallery names its cost."""

    from pnp.rulebook.components import GalleryTable

    story = components_table(Designs(load_tileset(ROOT / "tilesets" / "dynamine.yaml")),
                             styles())
    rows = [row[0].getPlainText() for table in story if isinstance(table, GalleryTable)
            for row in table._cellvalues]
    priced = [label for label in rows if not label.startswith("Entrances")]  # no cost die
    assert len(priced) > 12 and all("cost" in label for label in priced), priced


@pytest.mark.parametrize("game", ["dynamine", "gold-mine", "demon-mine"])
def test_gallery_rows_are_even_and_keep_to_one_cost_where_they_can(game):
    """Filled five at a time, a shape's last row had held one tile alone (Dynamine's
    "Tees, continued" atop a page) and rows ran across two costs beside rows of one.
    Rows are now as few as before, as even as can be, and no row spans more costs than
    it must."""
    from pnp.rulebook.components import ACROSS, _cost, _rows_of

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    groups: dict[str, list] = {}
    for tile in tileset.tiles:
        if tile.count and tile.role != "base":
            groups.setdefault(tunnel_noun(tile, tileset.shape), []).append(tile)
    for noun, tiles in groups.items():
        tiles.sort(key=_cost)
        rows = [row for _, row in _rows_of(tiles)]
        assert [tile for row in rows for tile in row] == tiles  # every tile, in order
        assert len(rows) == -(-len(tiles) // ACROSS), noun
        assert max(map(len, rows)) - min(map(len, rows)) <= 2, (noun, list(map(len, rows)))
        if len(tiles) > ACROSS:
            assert min(map(len, rows)) >= 2, noun


def test_a_fanned_card_under_another_shows_no_line_cut_mid_word():
    """Dynamine's fan of reward, item and mission cards had the under cards' rules cut
    mid-sentence by the card on top ("More fossils than your..."), which read as a
    picture cropped by accident: a line the top card cuts across is greeked; the title
    above it, and any line wholly clear of it, keep their words."""
    from pnp.draw.cards import text_extent
    from pnp.draw.components import design_component
    from pnp.draw.scene import Text
    from pnp.rulebook.components import FAN_ACROSS, FAN_DOWN, cut_lines_greeked

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    card = next(c for c in tileset.components if c.name == "reward-fossils")
    drawing = design_component(tileset, card)
    corner = (drawing.width * FAN_ACROSS, drawing.height * FAN_DOWN)

    def lines(items):
        for item in items:
            if isinstance(item, Text):
                yield item
            yield from lines(getattr(item, "children", ()))

    def crossed(line: Text) -> bool:
        box = text_extent(line)
        return box.x < corner[0] < box.x + box.width and line.y > corner[1]

    before = list(lines(drawing.items))
    after = list(lines(cut_lines_greeked(drawing, corner).items))
    assert any(crossed(line) for line in before)  # the fan does cut this card's rules
    assert not any(crossed(line) for line in after)
    assert [line for line in before if not crossed(line)] == after  # the rest kept
    assert any(line.text == "MOST FOSSILS" for line in after)


@pytest.mark.parametrize(("name", "count", "said"), [
    ("+1 token", 4, "4 \u201c+1\u201d tokens"),  # "4 +1 tokens" read as a sum
    ("round token", 10, "10 round tokens"),
    ("bend with a vein (cost 3)", 3, "3 bends with a vein (cost 3)"),
])
def test_a_count_before_a_signed_name_does_not_read_as_a_sum(name, count, said):
    from pnp.rulebook.names import counted

    assert counted(name, count) == said


def test_a_gallery_row_of_the_same_cost_as_the_row_above_says_it_goes_on():
    """Three review rounds read Dynamine's two successive "cost 6" rows as a labelling
    slip: a row of the cost of the row above it is labelled "cost 6, continued"."""
    import itertools

    from pnp.rulebook.components import GalleryTable

    _, story = _story("dynamine")
    galleries = [flowable for flowable in _flat(story) if isinstance(flowable, GalleryTable)]
    assert galleries
    continued = 0
    for gallery in galleries:
        labels = [row[0].getPlainText().split("tiles")[-1] for row in gallery._cellvalues]
        costs = [label[label.find("cost"):] for label in labels]
        for above, below in itertools.pairwise(costs):
            assert below != above, (above, below)
            continued += below == above + ", continued"
    assert continued >= 1


def test_every_shape_a_player_cuts_out_is_pictured():
    """Gold Mine's list had shown one picture for an elbow with a stub and for its mirror
    image (which no turn makes alike: tiles turn, they do not flip), and one for a
    straight and an elbow with a stub: a player matching cut tiles to the list found
    tiles it did not show. Each entry's kinds are now turns of its pictured one."""
    from pnp.rulebook.components import _by_openings
    from pnp.rulebook.names import layout_key, tile_groups

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    shape = tileset.shape
    entries = _by_openings(tile_groups(tileset.tiles, shape), shape)
    for _, kinds in entries:
        assert len({layout_key(kind, shape) for kind in kinds}) == 1, kinds
    names = [name for name, _ in entries]
    assert "elbow with a blocked stub" in names
    assert "mirrored elbow with a blocked stub" in names


def test_a_rows_pictures_stand_on_one_line_so_their_names_start_level():
    """Mattock's row holds tiles, tokens and a board twice their size: top-aligned, the
    tile's and tokens' names had started an inch above the board's."""
    _, story = _story("mattock")
    listing = next(flowable for flowable in _flat(story) if hasattr(flowable, "_cellvalues"))
    cells = [cell for row in listing._cellvalues for cell in row
             if isinstance(cell, list) and any(isinstance(c, DesignFlowable) for c in cell)]
    pictures = [next(c for c in cell if isinstance(c, DesignFlowable)) for cell in cells]
    assert len({round(picture.height) for picture in pictures}) > 1  # a board among them
    bottoms = {round(sum(c.height for c in cell[:cell.index(picture) + 1]), 6)
               for cell, picture in zip(cells, pictures, strict=True)}
    assert len(bottoms) == 1
