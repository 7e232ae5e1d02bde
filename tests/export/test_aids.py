"""Player aids are one-page references: tables of the tiles' icons and short rows, never a wall.

Every shipped aid is rendered on both papers and read back with pypdf: its page
count, the icon forms it places, the blocks of lines its text makes, and the
size of every string; the page is rasterised to check the margins stay blank.
"""

from __future__ import annotations

import io
from collections import Counter
from itertools import combinations, groupby, pairwise
from pathlib import Path

import pytest
from pypdf import PdfReader
from support import ILLUSTRATIONS, ROOT, pdf_page_image, text_sizes, tileset_from_text

from pnp.export.aids import LOOKS, _balanced, render_aid, typeset
from pnp.impose.layout import SAFE_MARGIN
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.model.tileset import Tileset

SHIPPED = {game: load_tileset(ROOT / "tilesets" / f"{game}.yaml")
           for game in ("dynamine", "gold-mine")}
AIDS = [(game, aid) for game, tileset in SHIPPED.items() for aid in tileset.aids]
PAPER_NAMES = ("letter", "a4")
# What scores or matters in each game, drawn as the tiles draw it.
SCORING_ICONS = {
    "dynamine": {"vein", "altar", "well", "well-altar", "well-dragon", "fossil", "sapphire",
                 "deepest", "tiles", "ring", "barrel", "torch", "beams", "raven", "plan",
                 "hourglass", "move-tile", "reroll", "predict"},
    "gold-mine": {"phantom", "bat", "gold-challenge", "nugget"},
}
LONGEST_BLOCK = 3  # lines: more than this in one block of text reads as a paragraph


def rendered(game: str, aid_name: str, paper: str, tmp: Path) -> Path:
    tileset = SHIPPED[game]
    aid = next(a for a in tileset.aids if a.name == aid_name)
    data, pages = render_aid(aid, PAPERS[paper], tileset.title, tiles_shown(tileset, aid))
    assert pages == 1
    path = tmp / f"{game}-{aid_name}-{paper}.pdf"
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def aid_pdfs(tmp_path_factory) -> dict[tuple[str, str, str], Path]:
    tmp = tmp_path_factory.mktemp("aids")
    return {(game, aid.name, paper): rendered(game, aid.name, paper, tmp)
            for game, aid in AIDS for paper in PAPER_NAMES}


def tiles_shown(tileset: Tileset, aid) -> dict:
    """The designs of the tiles an aid's rows show, as the build passes them."""
    from pnp.export.designs import GameDesigns
    from pnp.model.options import BuildOptions

    designs = GameDesigns(tileset, BuildOptions())
    return {row.tile: designs.unnamed_tile(row.tile) for section in aid.sections
            for row in section.rows if row.tile}


def lines_of(path: Path) -> list[tuple[float, float, float, str]]:
    """(x, y, size, text) of every string the page shows, y up, as pypdf places it."""
    found: list[tuple[float, float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((round(x, 1), round(y, 1), size, text.strip()))

    PdfReader(path).pages[0].extract_text(visitor_text=visit)
    return found


def blocks(lines: list[tuple[float, float, float, str]]) -> list[list[str]]:
    """Runs of lines that start at the same x, one line pitch apart: paragraphs, as read."""
    by_column: dict[float, list[tuple[float, float, str]]] = {}
    for x, y, size, words in lines:
        by_column.setdefault(x, []).append((y, size, words))
    found: list[list[str]] = []
    for column in by_column.values():
        column.sort(reverse=True)
        run = [column[0][2]]
        for (above, size, _), (below, _, words) in pairwise(column):
            if above - below <= size * 1.3:
                run.append(words)
            else:
                found.append(run)
                run = [words]
        found.append(run)
    return found


def test_two_shipped_aids():
    assert [(game, aid.name) for game, aid in AIDS] == [("dynamine", "scoring-at-a-glance"),
                                                        ("gold-mine", "phantom-summary")]


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_each_aid_is_one_page_of_the_papers_size(aid_pdfs, game, aid, paper):
    reader = PdfReader(aid_pdfs[game, aid.name, paper])
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(PAPERS[paper].width, abs=1e-3)
    assert float(box.height) == pytest.approx(PAPERS[paper].height, abs=1e-3)


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_the_aid_shows_an_icon_for_every_row_and_every_scoring_thing(aid_pdfs, game, aid,
                                                                     paper):
    path = aid_pdfs[game, aid.name, paper]
    page = PdfReader(path).pages[0]
    forms = {name.removeprefix("/FormXob.icon-")
             for name in page["/Resources"]["/XObject"] if name.startswith("/FormXob.icon-")}
    rows = Counter(row.icon for section in aid.sections for row in section.rows if row.icon)
    assert forms == set(rows)
    assert SCORING_ICONS[game] <= forms
    # each form is placed once per row that shows it
    content = page.get_contents().get_data()
    assert {icon: content.count(f"/FormXob.icon-{icon} Do".encode()) for icon in rows} == rows
    # and every icon drawn on the game's cards and tokens is explained (the items'
    # pictures too, beside their names), but the players' own symbols on their depth
    # markers, which say whose they are
    pieces = {str(f.value) for c in SHIPPED[game].components for f in c.features
              if f.kind == "icon" and not c.name.startswith("depth-")} - {"plus-one-token"}
    assert game != "dynamine" or pieces >= ILLUSTRATIONS
    assert pieces <= forms


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_no_wall_of_text(aid_pdfs, game, aid, paper):
    path = aid_pdfs[game, aid.name, paper]
    found = blocks(lines_of(path))
    longest = max(found, key=len)
    assert len(longest) <= LONGEST_BLOCK, longest
    assert max(len(" ".join(block)) for block in found) <= 120
    # every word of the aid is on the page
    words = " ".join(" ".join(block) for block in found).split()
    for section in aid.sections:
        assert section.heading.split()[0] in words
        for row in section.rows:  # as typeset: a range of numbers takes an en dash
            assert typeset(row.name).split()[0] in words


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_aid_text_is_readable_and_inside_the_safe_margin(aid_pdfs, game, aid, paper):
    path = aid_pdfs[game, aid.name, paper]
    sizes = [size for _, size in text_sizes(path)]
    assert min(sizes) >= 6.0
    body = [size for x, y, size, words in lines_of(path)]
    assert Counter(body).most_common(1)[0][0] >= 8.0  # the rows themselves, not just >= 6
    image = pdf_page_image(path, 0, 72).convert("L")
    margin = int(SAFE_MARGIN) - 1
    width, height = image.size
    for box in ((0, 0, width, margin), (0, height - margin, width, height),
                (0, 0, margin, height), (width - margin, 0, width, height)):
        assert image.crop(box).getextrema()[0] >= 250, box


@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_every_font_of_the_aid_is_embedded(aid_pdfs, game, aid):
    page = PdfReader(aid_pdfs[game, aid.name, "letter"]).pages[0]
    fonts = page["/Resources"]["/Font"]
    assert fonts
    for name in fonts:
        descriptor = fonts[name].get_object().get("/FontDescriptor")
        assert descriptor is not None and "/FontFile2" in descriptor.get_object(), name


def test_every_icon_chip_stays_distinct_in_greyscale():
    """Printed in grey, each chip shows its icon on the disc, and no two chips look alike.

    Well with altar and well with dragon are the closest pair (about 6% of the
    chip differs by more than 40 grey levels); the rest differ by 17% or more.
    """
    import math

    from support import hex_rgb, luminance, svg_to_image

    from pnp.draw.legend import ICON, icon_chip
    from pnp.export.svg import to_svg
    from pnp.model.icons import ICON_NAMES
    from pnp.model.tileset import DEFAULT_PALETTE

    colours, side, dpi = dict(DEFAULT_PALETTE), 48.0, 144
    greys = {name: svg_to_image(to_svg(icon_chip(name, side, colours)), dpi).convert("L")
             .tobytes() for name in ICON_NAMES}
    floor = luminance(hex_rgb(colours["floor"]))
    disc = math.pi * (side * ICON * dpi / 72) ** 2
    for name, levels in greys.items():
        assert sum(abs(level - floor) > 40 for level in levels) >= 0.2 * disc, name
    for a, b in combinations(ICON_NAMES, 2):
        differ = sum(abs(p - q) > 40 for p, q in zip(greys[a], greys[b], strict=True))
        assert differ >= 0.04 * len(greys[a]), (a, b)


def _many(rows: int, sections: int) -> Tileset:
    lines = ["game: many", "title: Many", "size: 1in", "tiles: [{name: t, count: 1, paths: [N-S]}]",
             "aids:", "  - name: aid", "    title: A long aid", "    sections:"]
    for section in range(sections):
        lines.append(f"      - heading: Section {section}")
        lines.append("        rows:")
        lines += [f"          - {{icon: vein, name: Vein {n}, text: \"Scores its level, at "
                  f"most five points\"}}" for n in range(rows)]
        lines.append("        text: |\n          One short rule for the section.")
    return tileset_from_text("\n".join(lines))


def test_a_longer_aid_is_set_smaller_to_keep_to_one_page(tmp_path):
    short, long = _many(3, 2), _many(7, 5)
    for tileset, name in ((short, "short"), (long, "long")):
        data, pages = render_aid(tileset.aids[0], PAPERS["letter"], tileset.title)
        assert pages == 1
        (tmp_path / f"{name}.pdf").write_bytes(data)
    short_body = Counter(s for *_, s, _ in lines_of(tmp_path / "short.pdf")).most_common(1)
    long_body = Counter(s for *_, s, _ in lines_of(tmp_path / "long.pdf")).most_common(1)
    assert short_body[0][0] == LOOKS[0][0]
    assert LOOKS[-1][0] <= long_body[0][0] < short_body[0][0]
    assert min(size for _, size in text_sizes(tmp_path / "long.pdf")) >= 6.0


@pytest.mark.slow  # every look tried and found too tall: the longest of the aid tests
def test_an_aid_too_long_for_any_size_says_it_took_two_pages():
    tileset = _many(30, 8)
    data, pages = render_aid(tileset.aids[0], PAPERS["a4"], tileset.title)
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) >= 2
    for number, page in enumerate(reader.pages, start=1):  # its foot says which page
        assert f"page {number} of {pages}" in page.extract_text()


@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_an_aid_is_for_the_table_not_the_printer(aid_pdfs, game, aid):
    """No print header and no check bar on a player aid: nothing on it is measured, and
    a reviewer read 'print on plain paper' and the bar as production marks left on."""
    text = " ".join(PdfReader(aid_pdfs[(game, aid.name, "letter")]).pages[0]
                    .extract_text().split())
    assert "plain paper" not in text and "scale this bar" not in text
    assert "page 1 of" not in text


def test_sections_are_split_between_the_columns_to_balance_them():
    assert _balanced([100, 100, 100, 100]) == 2
    assert _balanced([300, 50, 50, 50, 50, 50]) == 1
    assert _balanced([50, 50, 50, 50, 50, 300]) == 5
    assert _balanced([10]) == 1  # a lone section goes on the left


def test_a_section_needs_rows_or_text():
    from pnp.errors import InputError

    with pytest.raises(InputError, match="nothing under its heading"):
        tileset_from_text("game: g\ntitle: G\nsize: 1in\ntiles: [{name: t, count: 1, paths: "
                          "[N-S]}]\naids: [{name: a, title: A, sections: [{heading: H}]}]\n")


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_the_aid_fills_its_page_and_sets_its_rules_across_the_table(aid_pdfs, game, aid,
                                                                     paper):
    """The taller column reaches the foot of the page (a short aid gets larger type and
    air between rows, not an empty fifth of the page), and a section's rules run across
    its table with no lone bullet in the icon column."""
    from support import pdf_page_image

    from pnp.export.aids import _frames
    from pnp.impose.layout import FOOTER_BAND, SAFE_MARGIN

    path = aid_pdfs[game, aid.name, paper]
    height = PAPERS[paper].height
    _, _, room = _frames(PAPERS[paper])
    bottom = SAFE_MARGIN + FOOTER_BAND + 6.0
    dpi = 36
    image = pdf_page_image(path, 0, dpi).convert("L").point(lambda v: 255 if v < 200 else 0)
    body = image.crop((0, 0, image.width, round((height - bottom + 2) * dpi / 72)))
    found = body.getbbox()
    assert found is not None
    lowest = height - found[3] * 72 / dpi  # points from the page's foot, y up
    top = bottom + room
    assert (top - lowest) / room > 0.85, f"the aid fills {(top - lowest) / room:.0%}"
    assert "\u2022" not in PdfReader(path).pages[0].extract_text()


def test_a_number_keeps_its_unit_and_level_its_number_on_one_line():
    assert typeset("2 VP per altar, No VP, on level 4") == \
        "2\u00a0VP per altar, No\u00a0VP, on level\u00a04"
    assert typeset("VPs and 3-4 levels") == "VPs and 3\u20134 levels"
    # a choice of numbers stays on one line with its unit ("Its printed 1 or / 2 VP")
    assert typeset("Its printed 1 or 2 VP") == "Its printed 1\u00a0or\u00a02\u00a0VP"
    assert typeset("3. Move or burrow") == "3.\u00a0Move or burrow"  # never "3." alone


def test_a_cells_words_are_set_in_even_lines_with_no_word_alone_at_the_end():
    """A cell's words are broken here, into as many lines as greedy filling takes, as even
    as they can be: no last line of one word, and no line ending on "the" or "no" with
    its noun carried down ("Your turn ends, / no miner action." had read as a break made
    by hand)."""
    from pnp.export.aids import set_in
    from pnp.input.faces import string_width

    words = "Attacked on your own turn? Your turn ends, no miner action."
    lines = str(set_in(words, "regular", 10.0, 200.0)).split("<br/>")
    assert lines == ["Attacked on your own turn?", "Your turn ends, no miner action."]
    for width in (90.0, 120.0, 160.0):
        rule = "A player out of pawns at the end of their turn is out of the game."
        lines = str(set_in(rule, "regular", 10.0, width)).split("<br/>")
        assert len(lines[-1].split()) >= 2, lines
        assert all(string_width(line, "regular", 10.0) <= width for line in lines)
        assert not any(line.split()[-1] in ("the", "of", "at", "a") for line in lines[:-1])


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), AIDS, ids=lambda v: getattr(v, "name", v))
def test_no_line_of_an_aid_starts_with_vp_or_ends_on_level(aid_pdfs, game, aid, paper):
    found = blocks(lines_of(aid_pdfs[game, aid.name, paper]))
    assert sum("VP" in words for block in found for words in block) > 20 or game != "dynamine"
    for block in found:
        for above, below in pairwise(block):
            assert not below.startswith("VP"), (above, below)
            assert not (above.endswith(" level") and below[:1].isdigit()), (above, below)


def test_every_aid_icon_stays_inside_its_chips_disc():
    """An icon's art (every point and control point of its paths, every circle) lies
    inside the sand disc it sits on; a bat's wings and a castle's corners spilled over."""
    import math

    from pnp.draw.legend import DISC, icon_chip
    from pnp.draw.scene import Circle, Outline, flat

    for game, aid in AIDS:
        colours = dict(SHIPPED[game].palette)
        for icon in {row.icon for section in aid.sections for row in section.rows if row.icon}:
            side = 100.0
            items = flat(icon_chip(icon, side, colours).items)[1:]  # the disc itself first
            reach = 0.0
            for item in items:
                if isinstance(item, Outline):
                    for command in item.commands:
                        values = command[1:]
                        reach = max([reach, *(math.dist((values[i], values[i + 1]),
                                                        (side / 2, side / 2))
                                              for i in range(0, len(values) - 1, 2))])
                elif isinstance(item, Circle):
                    reach = max(reach, math.dist((item.cx, item.cy), (side / 2, side / 2)) +
                                item.r)
            assert reach <= side * DISC, (game, icon, reach)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_heading_bands_fit_their_heading_and_air_goes_between_rows(tmp_path, game):
    """A short aid spreads its rows, not its heading bands: a band is its heading's line
    and a little padding (an aid with air in its bands printed bars three headings tall)."""
    from pnp.model.tileset import DEFAULT_PALETTE

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    largest_heading = LOOKS[0][0] * 1.25
    for aid in tileset.aids:
        path = tmp_path / f"{aid.name}.pdf"
        path.write_bytes(render_aid(aid, PAPERS["letter"], tileset.title,
                                    tiles_shown(tileset, aid))[0])
        image = pdf_page_image(path, 0, 72)
        accent = {**DEFAULT_PALETTE, **dict(aid.palette)}["accent"]
        target = tuple(int(accent[index:index + 2], 16) for index in (1, 3, 5))
        x = round(SAFE_MARGIN + 12.0)  # inside the left column's bands, left of their words
        banded = [max(abs(a - b) for a, b in zip(image.getpixel((x, y)), target, strict=True))
                  < 12 for y in range(image.height)]
        runs = [sum(1 for _ in group) for is_band, group in groupby(banded) if is_band]
        bands = [run for run in runs if run > 4]  # the box's rules are a point thick
        assert bands, "no heading band found"
        assert max(bands) <= 2.0 * largest_heading, (aid.name, bands)


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_a_row_shows_one_of_the_games_tiles_as_it_prints(aid_pdfs, paper):
    """Gold Mine's summary teaches the tiles players misread (two paths, a crossover, a
    dead end, a secret passage) with the tiles themselves, each drawn once as a form,
    twice a symbol's size, and nothing on them under 6 pt."""
    path = aid_pdfs["gold-mine", "phantom-summary", paper]
    page = PdfReader(path).pages[0]
    forms = {str(name) for name in page["/Resources"]["/XObject"]}
    aid = next(a for a in SHIPPED["gold-mine"].aids if a.name == "phantom-summary")
    tiles = [row.tile for section in aid.sections for row in section.rows if row.tile]
    assert len(tiles) >= 4
    for tile in tiles:
        assert any(name.startswith(f"/FormXob.tile-{tile}-") for name in forms), tile
    assert min(size for _, size in text_sizes(path)) >= 6.0


def test_a_row_names_a_tile_of_its_game_and_not_an_icon_too():
    base = ("game: g\ntitle: G\nsize: 1in\ntiles: [{name: t, count: 1, paths: [N-S]}]\n"
            "aids:\n  - name: help\n    title: Help\n    sections:\n      - heading: H\n"
            "        rows:\n")
    with pytest.raises(Exception) as unknown:
        tileset_from_text(base + "          - {tile: nope, name: N, text: T}\n")
    assert "not one of the allowed values" in str(unknown.value)  # as every reference says
    assert "'nope'" in str(unknown.value) and "Allowed: t." in str(unknown.value)
    with pytest.raises(Exception) as both:
        tileset_from_text(base + "          - {tile: t, icon: vein, name: N, text: T}\n")
    assert "a tile or an icon, not both" in str(both.value)
    shown = tileset_from_text(base + "          - {tile: t, name: N, text: T}\n")
    assert shown.aids[0].sections[0].rows[0].tile == "t"


def test_a_pictogram_draws_the_sides_miners_in_their_printed_colours(shipped_build):
    """Mattock's sheet drew Red's miners as black discs and Blue's as white ones, which
    a footnote had to explain; they wear the printed tokens' red and blue now."""
    import pypdfium2

    from pnp.draw.hex_icons import TAKEN_FADE
    from pnp.draw.ink import mix

    path = shipped_build / "mattock" / "mattock-reference-sheet-letter.pdf"
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    assert len(tileset.side_colours()) == 2
    image = pypdfium2.PdfDocument(path)[0].render(scale=2).to_pil().convert("RGB")
    seen = {pixel for _, pixel in image.getcolors(1 << 20)}
    red, blue = tileset.side_colours()
    # Remove shows the blue miner taken off: faded towards the paper, as the book fades a
    # piece taken off, and light in greyscale (towards the rock it had stayed dark navy)
    from support import hex_rgb, luminance

    taken = mix(blue, dict(tileset.palette)["paper"], TAKEN_FADE)
    assert luminance(hex_rgb(taken)) > luminance(hex_rgb(blue)) + 60
    for colour in (red, taken):
        wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert any(max(abs(a - b) for a, b in zip(pixel, wanted, strict=True)) <= 3
                   for pixel in seen), colour


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_every_shipped_aid_keeps_to_one_page_on_both_papers(shipped_build, game):
    """Demon Mine's sheet, given a longer left column, measured its sections a few points
    short of the column and printed its last two on a second page."""
    aids = load_tileset(ROOT / "tilesets" / f"{game}.yaml").aids
    assert aids
    for aid in aids:
        for paper in PAPER_NAMES:
            path = shipped_build / game / f"{game}-{aid.name}-{paper}.pdf"
            assert len(PdfReader(path).pages) == 1, path.name


def test_a_place_keeps_its_points_on_its_line():
    """Dynamine's sheet broke "2nd / 1 VP" across two lines."""
    from pnp.export.markup import bind_units

    assert bind_units("B: 3 VP, 2nd 1 VP") == "B:\u00a03\u00a0VP, 2nd\u00a01\u00a0VP"
    assert bind_units("the 2nd tile") == "the 2nd tile"  # a place before a word may break


ALL_AIDS = [(game, aid.name) for game in ("demon-mine", "dynamine", "gold-mine", "mattock")
            for aid in load_tileset(ROOT / "tilesets" / f"{game}.yaml").aids]


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("game", "aid"), ALL_AIDS)
def test_both_columns_reach_the_same_foot_and_no_name_breaks_a_word(shipped_build, game,
                                                                     aid, paper):
    """A short column gets air of its own (one air for both had left Demon Mine's right
    column 1.5 in short), and a row's name column is at least as wide as its longest
    word (wider chips had set "(automatic" over ")")."""
    from support import pdf_page_image

    path = shipped_build / game / f"{game}-{aid}-{paper}.pdf"
    width = PAPERS[paper].width
    dpi = 36
    image = pdf_page_image(path, 0, dpi).convert("L").point(lambda v: 255 if v < 200 else 0)
    bottom = round((PAPERS[paper].height - SAFE_MARGIN - 40.0) * dpi / 72)  # above the foot
    feet = []
    for left, right in ((0.0, width / 2 - 4.0), (width / 2 + 4.0, width)):
        box = image.crop((round(left * dpi / 72), 0, round(right * dpi / 72), bottom)).getbbox()
        assert box is not None
        feet.append(box[3] * 72 / dpi)
    assert abs(feet[0] - feet[1]) < 24.0, feet
    words = set(" ".join(text for *_, text in lines_of(path)).split())
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    shown = next(a for a in tileset.aids if a.name == aid)
    for section in shown.sections:
        for row in section.rows:
            for word in typeset(row.name).split():
                assert word in words, (word, row.name)


def test_an_aid_leads_with_the_games_name_and_sets_three_stops_as_an_ellipsis(shipped_build):
    """The game's name heads its reference card, largest, as on a published game's; what
    the sheet is follows it, small (the sheet's own name above had read the wrong way
    round). Three full stops print as one ellipsis, as the books' Markdown sets them."""
    path = shipped_build / "dynamine" / "dynamine-scoring-at-a-glance-letter.pdf"
    lines = lines_of(path)
    largest = max(lines, key=lambda line: line[2])
    assert largest[3] == "Dynamine"
    subtitle = next(text for _, _, _, text in lines if "player aid" in text)
    assert subtitle.startswith("Scoring at a glance")
    text = PdfReader(path).pages[0].extract_text()
    assert "\u2026" in text and "..." not in text


def test_an_aids_row_shows_the_token_it_names_as_the_token_prints(shipped_build):
    """Gold Mine's summary names the tokens the white die takes: their rows show the
    moss, oxblood and gold tokens the players hold, not bare icons in plain rings."""
    from support import close_to, pdf_page_image

    path = shipped_build / "gold-mine" / "gold-mine-phantom-summary-letter.pdf"
    image = pdf_page_image(path, 0, 72).convert("RGB")
    data = image.tobytes()
    pixels = [tuple(data[index:index + 3]) for index in range(0, len(data), 3)]
    for rim in ("#4f6e47", "#561811", "#b8861f"):  # the three tokens' rims
        assert sum(close_to(pixel, rim, 12) for pixel in pixels) > 100, rim


def test_a_pictograms_bare_tile_wears_the_tiles_mattock_mark():
    """Round 24: the reference sheet's hexes were plain rock beside the book's and the
    sheets' tiles, which wear their mattock mark: a bare tile in a pictogram wears it
    too, scaled with its hex; a tile with a miner on it shows the miner alone."""
    from pnp.draw.hex_icons import TILE_MARK, _spot
    from pnp.draw.pen import Pen
    from pnp.draw.treasure_icons import mattock
    from pnp.model.tileset import DEFAULT_PALETTE

    colours = dict(DEFAULT_PALETTE)
    pen = Pen(50.0, 50.0, 40.0, colours)
    bare = _spot(pen, (0.1, -0.2), 0.6, "tile")
    mark = mattock(Pen(50.0 + 0.1 * 40.0, 50.0 - 0.2 * 40.0, 0.6 * TILE_MARK * 40.0, colours))
    assert mark and all(part in bare for part in mark)
    mined = _spot(pen, (0.1, -0.2), 0.6, "yours")
    assert not any(part in mined for part in mark)


def test_an_aid_breaks_each_text_into_lines_once_at_each_size_and_width(monkeypatch):
    """Spreading a short aid's rows with air sets its tables again at the same look:
    the lines are the same, so they are not worked out again."""
    import pnp.export.aids as aids

    asked: Counter[tuple[object, ...]] = Counter()
    set_in = aids.set_in

    def counted(*args: object) -> object:
        asked[args] += 1
        return set_in(*args)

    monkeypatch.setattr(aids, "set_in", counted)
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    render_aid(tileset.aids[0], PAPERS["letter"], tileset.title,
               tiles_shown(tileset, tileset.aids[0]))
    assert asked and max(asked.values()) == 1


def test_words_the_aids_faces_cannot_draw_are_set_in_the_fallback(tmp_path):
    """An aid in Armenian prints its letters in DejaVu, as the book does, not as the
    empty boxes of the letters Lato lacks."""
    armenian = "\u0531\u0580\u0561\u0580\u0561\u057f"
    tileset = tileset_from_text("\n".join([
        "game: aid", f"title: Mine {armenian}", "size: 1.5in",
        "tiles:", "  - {name: s, count: 1, paths: [N-S]}",
        "aids:", "  - name: aid", f"    title: Aid {armenian}", "    sections:",
        f"      - heading: Heading {armenian}", "        rows:",
        f"          - {{icon: vein, name: Name {armenian}, text: Words {armenian} here}}",
        f"        text: Rule {armenian} too."]))
    data, _ = render_aid(tileset.aids[0], PAPERS["letter"], tileset.title)
    found: dict[str, str] = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            face = str(font["/BaseFont"]).split("+")[-1]
            found[face] = found.get(face, "") + text

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    fallback = "".join(text for face, text in found.items() if face.startswith("DejaVu"))
    assert fallback.count(armenian) >= 5  # the title, the aid's, heading, name, words, rule
    assert armenian not in "".join(text for face, text in found.items()
                                   if not face.startswith("DejaVu"))
