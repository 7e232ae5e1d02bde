"""The sheet PDFs measured as a printer would: sizes, positions, fonts, backs, pixels."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from support import ROOT, longest_dark_runs, pdf_page_image, placed_content

from pnp.cli import main
from pnp.impose.layout import SAFE_MARGIN, SIDE_BAND
from pnp.impose.plans import TEXTURES, plan_tiles
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.units import mm

TILESET = ROOT / "tilesets" / "demon-mine.yaml"


@pytest.fixture(scope="module")
def built(shipped_build: Path) -> Path:
    return shipped_build / "demon-mine"


@pytest.fixture(scope="module")
def manifest(built) -> dict:
    return json.loads((built / "manifest.json").read_text())


def sheet(manifest: dict, paper: str) -> dict:
    return next(s for s in manifest["sheets"] if s["paper"] == paper)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_size_is_the_paper(built, paper):
    reader = PdfReader(built / f"demon-mine-tiles-{paper}.pdf")
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(PAPERS[paper].width, abs=0.01)
        assert float(box.height) == pytest.approx(PAPERS[paper].height, abs=0.01)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tiles_are_exactly_108_points_in_the_pdf(built, manifest, paper):
    reader = PdfReader(built / f"demon-mine-tiles-{paper}.pdf")
    page = reader.pages[0]
    forms = page["/Resources"]["/XObject"]
    tile_forms = [forms[name].get_object() for name in forms
                  if forms[name].get_object()["/BBox"][2] - forms[name].get_object()["/BBox"][0]
                  < 200]
    assert tile_forms
    for form in tile_forms:
        x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
        assert round(x1 - x0, 2) == 108.00 and round(y1 - y0, 2) == 108.00
    for placement in sheet(manifest, paper)["placements"]:
        assert placement["w"] == 108.0 and placement["h"] == 108.0


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_placements_in_the_pdf_match_the_manifest(built, manifest, paper):
    reader = PdfReader(built / f"demon-mine-tiles-{paper}.pdf")
    entry = sheet(manifest, paper)
    assert entry["pages"] == len(reader.pages)
    for number, page in enumerate(reader.pages, start=1):
        content = placed_content(page)
        moves = re.findall(r"q\s+1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s+/(\S+) Do\s+Q", content)
        expected = [v for p in entry["placements"] if p["page"] == number for v in (p["x"], p["y"])]
        found = [float(v) for x, y, _ in moves for v in (x, y)]
        if any(p["side"] == "back" for p in entry["placements"] if p["page"] == number):
            # each back first sits on its own 3 mm apron, at the same place
            aprons, found = found[:len(expected)], found[len(expected):]
            assert aprons == pytest.approx(expected, abs=0.01)
        assert len(found) == len(expected) > 0
        assert found == pytest.approx(expected, abs=0.01)


def test_front_placements_add_up_to_each_tile_count(manifest):
    tileset = load_tileset(TILESET)
    for paper in ("letter", "a4"):
        fronts = Counter(p["tile"] for p in sheet(manifest, paper)["placements"]
                         if p["side"] == "front")
        assert fronts == Counter({t.name: t.count for t in tileset.tiles if t.count})
    assert [t["name"] for t in manifest["tiles"]] == [t.name for t in tileset.tiles]
    assert [c["name"] for c in manifest["components"]] == [
        c.name for c in tileset.components]


def test_demon_mine_fits_five_by_six_on_both_papers(manifest):
    for paper in ("letter", "a4"):
        entry = sheet(manifest, paper)
        assert entry["grid"] == {"columns": 5, "rows": 6}
        assert entry["pages"] == 6  # three sheets of fronts, each followed by its backs


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_backs_mirror_fronts_for_long_edge_duplex(manifest, paper):
    width = PAPERS[paper].width
    placements = sheet(manifest, paper)["placements"]
    fronts = [p for p in placements if p["side"] == "front"]
    backs = [p for p in placements if p["side"] == "back"]
    assert len(fronts) == len(backs) == 90
    for front, back in zip(fronts, backs, strict=True):
        assert back["page"] == front["page"] + 1
        assert back["tile"] == front["tile"] and back["back"] == "mine-back"
        assert back["x"] == pytest.approx(width - front["x"] - front["w"], abs=0.002)
        assert back["y"] == pytest.approx(front["y"], abs=0.002)


def test_backs_register_with_fronts_when_the_sheet_is_flipped(built, manifest):
    """Rasterise a partly filled sheet: flipped, the back covers exactly the fronts."""
    path = built / "demon-mine-tiles-letter.pdf"
    dpi = 36
    front = pdf_page_image(path, 4, dpi).convert("L")  # third sheet: 30 tiles
    back = pdf_page_image(path, 5, dpi).convert("L").transpose(0)  # mirror left-right
    scale = dpi / 72
    height = PAPERS["letter"].height
    for p in sheet(manifest, "letter")["placements"]:
        if p["page"] != 5:
            continue
        cx, cy = (p["x"] + p["w"] / 2) * scale, (height - p["y"] - p["h"] / 2) * scale
        assert back.getpixel((int(cx), int(cy))) < 200
        assert front.getpixel((int(cx), int(cy))) < 250


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nothing_is_printed_within_6_mm_of_the_paper_edge(built, paper):
    path = built / f"demon-mine-tiles-{paper}.pdf"
    dpi = 72
    margin = int(SAFE_MARGIN * dpi / 72) - 1
    for index in (0, 1):
        image = pdf_page_image(path, index, dpi).convert("L")
        width, height = image.size
        for box in [(0, 0, width, margin), (0, height - margin, width, height),
                    (0, 0, margin, height), (width - margin, 0, width, height)]:
            assert image.crop(box).getextrema()[0] == 255, (paper, index, box)
        # and something is printed just inside it: the header, marks and tiles exist
        inner = image.crop((margin, margin, width - margin, height - margin))
        assert inner.getextrema()[0] < 64


@pytest.mark.parametrize(("paper", "inches"), [("letter", 2.0), ("a4", 50 / 25.4)])
def test_check_bar_measures_its_stated_length(built, paper, inches):
    dpi = 300
    image = pdf_page_image(built / f"demon-mine-tiles-{paper}.pdf", 0, dpi).convert("L")
    width, height = image.size
    best, _ = longest_dark_runs(image.crop((0, int(height * 0.9), width // 2, height)), 128)
    assert best == pytest.approx(inches * dpi, abs=2)


def test_crop_marks_stay_outside_the_tile_block(built, manifest):
    reader = PdfReader(built / "demon-mine-tiles-letter.pdf")
    placements = [p for p in sheet(manifest, "letter")["placements"] if p["page"] == 1]
    left = min(p["x"] for p in placements)
    right = max(p["x"] + p["w"] for p in placements)
    bottom = min(p["y"] for p in placements)
    top = max(p["y"] + p["h"] for p in placements)
    forms = reader.pages[0]["/Resources"]["/XObject"]
    marks = next(forms[n].get_object() for n in forms if "marks" in n)
    data = marks.get_data().decode("latin-1")
    segments = [tuple(map(float, found)) for found in
                re.findall(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", data)]
    # the hairlines on the cuts tiles share: 4 inside each row of 5, 5 under each of 6 rows
    shared = [s for s in segments if left - 0.01 < min(s[0], s[2]) <= max(s[0], s[2]) < right + 0.01
              and bottom - 0.01 < min(s[1], s[3]) <= max(s[1], s[3]) < top + 0.01]
    assert len(shared) == 4 * 6 + 5 * 5
    segments = [s for s in segments if s not in shared]
    assert len(segments) == 2 * 6 + 2 * 7  # 6 column cuts above and below, 7 row cuts
    for x1, y1, x2, y2 in segments:
        inside_x = left < min(x1, x2) and max(x1, x2) < right
        inside_y = bottom < min(y1, y2) and max(y1, y2) < top
        assert not (inside_x and inside_y), "a crop mark crosses the tiles"
        assert min(x1, x2) >= SAFE_MARGIN - 0.01 and min(y1, y2) >= SAFE_MARGIN - 0.01


def test_round_tokens_get_no_straight_hairlines_across_them(shipped_build):
    """Round pieces are not cut on a grid: their sheet's marks stay outside the block,
    while square tiles share hairlines (see the test above)."""
    game = shipped_build / "gold-mine"
    manifest = json.loads((game / "manifest.json").read_text())
    tokens = next(s for s in manifest["sheets"]
                  if s["kind"] == "tokens" and s["paper"] == "letter")
    placements = [p for p in tokens["placements"] if p["page"] == 1 and p["side"] == "front"]
    reader = PdfReader(game / "gold-mine-tokens-letter.pdf")
    forms = reader.pages[0]["/Resources"]["/XObject"]
    marks = next(forms[n].get_object() for n in forms if "marks" in n)
    segments = [tuple(map(float, found)) for found in re.findall(
        r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", marks.get_data().decode("latin-1"))]
    assert segments and len({p["w"] for p in placements}) == 2  # a block of each size
    for x1, y1, x2, y2 in segments:  # no mark runs across any token's square
        for p in placements:
            inside_x = p["x"] + 0.01 < max(x1, x2) and min(x1, x2) < p["x"] + p["w"] - 0.01
            inside_y = p["y"] + 0.01 < max(y1, y2) and min(y1, y2) < p["y"] + p["h"] - 0.01
            assert not (inside_x and inside_y), (x1, y1, x2, y2, p["name"])


def test_every_font_is_embedded_and_none_is_a_base_14_font(built):
    for pdf in built.glob("*.pdf"):
        reader = PdfReader(pdf)
        seen = set()
        fonts = [page["/Resources"]["/Font"][name].get_object() for page in reader.pages
                 for name in page["/Resources"].get("/Font", {})]
        for obj in fonts:
            if obj.get("/Type") == "/Font":
                seen.add(obj["/BaseFont"])
                descriptor = obj.get("/FontDescriptor")
                if obj.get("/Subtype") == "/Type0":
                    descriptor = obj["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                assert descriptor is not None, f"{obj['/BaseFont']} has no embedded program"
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        assert seen and not any("Helvetica" in name or "Times" in name for name in seen)


def test_each_design_is_drawn_once_and_placed_by_reference(built):
    data = (built / "demon-mine-tiles-letter.pdf").read_bytes()
    reader = PdfReader(built / "demon-mine-tiles-letter.pdf")
    by_name: dict[str, set[int]] = {}

    def collect(resources) -> None:  # forms a page uses, and forms those forms use
        forms = resources.get("/XObject", {}) if resources else {}
        for name in forms:
            number = forms[name].get_object().indirect_reference.idnum
            by_name.setdefault(str(name), set()).add(number)
            collect(forms[name].get_object().get("/Resources"))

    for page in reader.pages:
        collect(page["/Resources"])
    assert all(len(ids) == 1 for ids in by_name.values()), "a design was drawn twice"
    designs = [n for n in by_name if re.fullmatch(r"/FormXob\.d\d+", n)]
    # nine printed tile kinds (dead-end has 0 copies), each in as many of its three rock
    # textures as it has copies, one back, and that back grown by 3 mm as the apron
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    textures = sum(min(tile.count, TEXTURES) for tile in tileset.tiles)
    assert textures == 22
    assert len(designs) == textures + 1 + 1
    assert data.count(b"/Subtype /Form") == len(by_name)
    content = "".join(placed_content(page) for page in reader.pages)
    # placements, an apron under each of the 90 backs, the fronts on a page's rim again,
    # stretched 1 mm past their open sides under them (a corner both ways, across and
    # along: 4 x 3 + 6 + 8 = 26 on each full page of 5 x 6; the same form, no design
    # drawn twice), check bars, crop marks
    RIM = 26
    assert content.count("Do") == 180 + 90 + 3 * RIM + 6 + 3
    # three full pages of backs laid out alike: their layer of backs is one form
    layers = {n for n in by_name if n.startswith("/FormXob.backs")}
    assert len(layers) == 1


def test_every_page_names_the_game_and_its_number(built):
    import pypdfium2  # its text reader takes a tenth of pypdf's time on a page of forms

    document = pypdfium2.PdfDocument(built / "demon-mine-tiles-a4.pdf")
    total = len(document)
    for number in range(1, total + 1):
        text = document[number - 1].get_textpage().get_text_range()
        assert "Demon Mine" in text
        assert f"page {number} of {total}" in text


def test_pdf_metadata_names_the_sheet(built):
    info = PdfReader(built / "demon-mine-tiles-letter.pdf").metadata
    assert info.title == "Demon Mine - tiles (Letter)"
    assert info.author == "pnp"


@pytest.mark.parametrize("game, kind, ratio", [
    ("demon-mine", "tiles", 1.0), ("mattock", "tiles", 0.75), ("dynamine", "cards", 1.0),
    ("dynamine", "tokens", math.pi / 4)])
def test_the_manifest_says_how_full_each_page_is(tmp_path, game, kind, ratio):
    from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN

    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", game, "--no-rulebook", "-q", "--paper", "letter",
                                     "--out", str(out)]).exit_code == 0
    manifest = json.loads((out / game / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == kind)
    reader = PdfReader(out / game / entry["path"])
    printable = (612 - 2 * SAFE_MARGIN) * (792 - 2 * SAFE_MARGIN - HEADER_BAND - FOOTER_BAND)
    fronts = sorted({p["page"] for p in entry["placements"] if p["side"] == "front"})
    assert len(entry["fill"]) == len(fronts)
    for fill, number in zip(entry["fill"], fronts, strict=True):
        content = reader.pages[number - 1].get_contents().get_data().decode("latin-1")
        # a round piece's face is placed twice, on its own apron (run 1 mm past its cut)
        placed = set(re.findall(r"q\s+1 0 0 1 (\S+) (\S+) cm\s+/FormXob\.d\d+ Do\s+Q",
                                content))
        boxes = [(p["w"], p["h"], ratio if kind != "tiles" or "tile" in p else math.pi / 4)
                 for p in entry["placements"] if p["page"] == number]  # Mattock's round miners
        assert len(placed) == len(boxes)  # what the PDF places is what the manifest lists
        measured = sum(w * h * share for w, h, share in boxes) / printable
        assert fill == pytest.approx(measured, abs=0.001) and 0.0 < fill <= 1.0


@pytest.mark.parametrize(("paper", "inches"), [("letter", 2.0), ("a4", 50 / 25.4)])
def test_the_printing_page_and_the_calibration_sheet_check_the_scale_both_ways(
        tmp_path, paper, inches):
    dpi = 150
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", "demon-mine", "-q", "--paper", paper,
                                     "--out", str(out)]).exit_code == 0
    book = out / "demon-mine" / f"demon-mine-rulebook-{paper}.pdf"
    reader = PdfReader(book)
    page = next(index for index, page in enumerate(reader.pages)
                if "Scale check" in page.extract_text())
    assert CliRunner().invoke(main, ["calibrate", "--paper", paper, "--out",
                                     str(tmp_path / "cal")]).exit_code == 0
    for path, index in ((book, page), (tmp_path / "cal" / f"calibration-{paper}-long.pdf", 0)):
        across, up = longest_dark_runs(pdf_page_image(path, index, dpi).convert("L"))
        assert across == pytest.approx(inches * dpi, abs=2), path.name
        assert up == pytest.approx(inches * dpi, abs=2), path.name


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poker_cards_print_nine_to_a_page(tmp_path, paper):
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", "dynamine", "--no-rulebook", "-q", "--paper", paper,
                                     "--out", str(out)]).exit_code == 0
    manifest = json.loads((out / "dynamine" / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == "cards")
    fronts = Counter(p["page"] for p in entry["placements"] if p["side"] == "front")
    assert max(fronts.values()) == 9
    poker = (round(63 * 72 / 25.4, 3), round(88 * 72 / 25.4, 3))
    assert {(p["w"], p["h"]) for p in entry["placements"]} == {poker}
    # Letter has no room for bands above and below nine cards: the header and
    # the check bar run up the side margins and the cuts are printed on the trim
    assert entry["margins"] == ("sides" if paper == "letter" else "bands")


def test_nine_cards_on_letter_keep_a_check_bar_and_show_their_cut_lines(tmp_path):
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", "dynamine", "--no-rulebook", "-q", "--paper",
                                     "letter", "--out", str(out)]).exit_code == 0
    manifest = json.loads((out / "dynamine" / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == "cards")
    dpi = 150
    image = pdf_page_image(out / "dynamine" / entry["path"], 0, dpi).convert("L")
    width, height = image.size
    pixels = image.load()
    right_band = range(int((612 - SAFE_MARGIN - SIDE_BAND) * dpi / 72), width)
    longest = 0
    for x in right_band:  # the check bar runs up the right margin, 2 in long
        run = 0
        for y in range(height):
            run = run + 1 if pixels[x, y] < 60 else 0
            longest = max(longest, run)
    assert longest == pytest.approx(2.0 * dpi, abs=2)
    left_band = image.crop((0, 0, int((SAFE_MARGIN + SIDE_BAND) * dpi / 72), height))
    assert left_band.getextrema()[0] < 128  # the header, turned up the left margin
    cards = [p for p in entry["placements"] if p["page"] == 1]
    a = next(p for p in cards if p is not cards[0] and p["y"] == cards[0]["y"])
    x = round(min(a["x"], cards[0]["x"]) + a["w"])  # the cut between two neighbours
    y = round(cards[0]["y"] + cards[0]["h"] / 2)
    column = [pixels[round(x * dpi / 72) + dx, height - round(y * dpi / 72)]
              for dx in range(-1, 2)]
    assert min(column) < 200  # a cut line printed on the trim, darker than the card's edge


def test_copies_of_a_tile_take_turns_through_rock_textures():
    """Sixteen straights are sixteen pieces of rock: their designs take turns, so no two
    copies cut side by side show the same pebbles; names, places and backs are the
    kind's own."""
    from pnp.model.options import BuildOptions

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    plan = plan_tiles(tileset, PAPERS["letter"], BuildOptions())
    fronts = [p for p in plan.placements if p.side == "front" and p.name == "straight"]
    assert len(fronts) == 16
    assert len({p.art for p in fronts}) == TEXTURES
    neighbours = list(itertools.pairwise(fronts))
    assert all(a.art != b.art for a, b in neighbours)
    assert {p.name for p in plan.placements if p.side == "front"} == \
        {tile.name for tile in tileset.tiles if tile.count}


@pytest.mark.parametrize("game", ["dynamine", "gold-mine"])
def test_a_round_tokens_face_runs_past_its_cut_so_a_punch_off_the_line_cuts_colour(
        shipped_build, game):
    """Half a millimetre outside each token's circle, towards the gap four tokens leave,
    the page shows the face's colour rather than the paper's white."""
    from support import close_to

    from pnp.units import mm

    folder = shipped_build / game
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tokens" and
                 s["paper"] == "letter")
    placements = [p for p in sheet["placements"] if p["page"] == 1 and p["side"] == "front"]
    dpi, height = 150, PAPERS["letter"].height
    image = pdf_page_image(folder / sheet["path"], 0, dpi)
    checked = 0
    for placed in placements:
        radius = placed["w"] / 2
        cx, cy = placed["x"] + radius, placed["y"] + placed["h"] / 2
        reach = (radius + mm(0.5)) / math.sqrt(2)
        x, y = cx + reach, cy - reach  # down and right, in PDF points (y up)
        pixel = image.getpixel((round(x * dpi / 72), round((height - y) * dpi / 72)))
        assert not close_to(pixel, "#ffffff", 6), (placed["component"], pixel)
        checked += 1
    assert checked > 5


def test_a_hex_tiles_face_runs_past_its_cut_at_the_rim_of_the_block(shipped_build):
    """Mattock's hexes are cut one by one along their outlines: half a millimetre above
    the top corner of each tile of the top row is rock, not white paper."""
    from support import close_to

    from pnp.units import mm

    folder = shipped_build / "mattock"
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tiles" and
                 s["paper"] == "letter")
    placements = [p for p in sheet["placements"] if p["page"] == 1 and p["side"] == "front"]
    top = max(p["y"] for p in placements)
    dpi, height = 150, PAPERS["letter"].height
    image = pdf_page_image(folder / sheet["path"], 0, dpi)
    row = [p for p in placements if p["y"] == top]
    assert len(row) > 3
    for placed in row:
        x, y = placed["x"] + placed["w"] / 2, placed["y"] + placed["h"] + mm(0.5)
        pixel = image.getpixel((round(x * dpi / 72), round((height - y) * dpi / 72)))
        assert not close_to(pixel, "#ffffff", 6), pixel


@pytest.mark.parametrize(("game", "kind"), [("gold-mine", "tokens"), ("mattock", "tiles")])
def test_round_tokens_get_a_pale_hairline_circle_on_each_cut(shipped_build, game, kind):
    """A cream token on white paper has no edge to follow: each front gets a circle on its
    cut, in the marks drawn over the art (four curves each); Mattock's miners riding on
    the last tile page too."""
    folder = shipped_build / game
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == kind and s["paper"] == "letter")
    fronts = [p for p in sheet["placements"] if p["side"] == "front" and
              (p.get("component") or p.get("tile") or "").endswith(("miner", "nugget"))]
    page = fronts[0]["page"]
    fronts = [p for p in fronts if p["page"] == page]
    reader = PdfReader(folder / sheet["path"])
    forms = reader.pages[page - 1]["/Resources"]["/XObject"]
    marks = next(forms[n].get_object() for n in forms if "marks" in n)
    data = marks.get_data().decode("latin-1")
    assert data.count(" c\n") + data.count(" c ") >= 4 * len(fronts) > 0
    centres = [(p["x"] + p["w"] / 2 + p["w"] / 2, p["y"] + p["h"] / 2) for p in fronts]
    moves = {(round(float(x), 1), round(float(y), 1))
             for x, y in re.findall(r"([-\d.]+) ([-\d.]+) m", data)}
    assert {(round(x, 1), round(y, 1)) for x, y in centres} <= moves  # each starts on its cut


@pytest.mark.parametrize(("game", "kind"), [("demon-mine", "tiles"), ("dynamine", "cards")])
def test_square_fronts_run_past_the_outer_cuts_of_their_block(shipped_build, game, kind):
    """Half a millimetre outside the left and top edges of a sheet's block of square
    fronts is the pieces' colour, not white, so a cut off the line shows no sliver."""
    from support import close_to

    from pnp.units import mm

    folder = shipped_build / game
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == kind and
                 s["paper"] == "letter")
    fronts = [p for p in sheet["placements"] if p["page"] == 1 and p["side"] == "front"]
    left, top = min(p["x"] for p in fronts), max(p["y"] + p["h"] for p in fronts)
    dpi, height = 150, PAPERS["letter"].height
    image = pdf_page_image(folder / sheet["path"], 0, dpi)

    def pixel(x: float, y: float) -> tuple[int, ...]:
        return image.getpixel((round(x * dpi / 72), round((height - y) * dpi / 72)))

    for placed in fronts:
        if placed["x"] == left:
            spot = pixel(left - mm(0.5), placed["y"] + placed["h"] * 0.37)
            assert not close_to(spot, "#ffffff", 6), (placed, spot)
        if placed["y"] + placed["h"] == top:
            spot = pixel(placed["x"] + placed["w"] * 0.37, top + mm(0.5))
            assert not close_to(spot, "#ffffff", 6), (placed, spot)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_extra_tiles_riding_under_the_tokens_are_cut_as_a_tile_sheets_are(built, paper):
    """Demon Mine's four-player bases ride under its tokens: their art had stopped at
    the cut, so a cut a hair wide left white. Like a tile sheet's, their fronts now
    run 1 mm past every outer cut, and the cut they share carries a hairline."""
    dpi = 200
    manifest = json.loads((built / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tokens" and s["paper"] == paper)
    tiles = [p for p in sheet["placements"] if p.get("tile") and p["side"] == "front"]
    assert len(tiles) == 2
    image = pdf_page_image(built / sheet["path"], tiles[0]["page"] - 1, dpi).convert("L")
    height = image.height * 72 / dpi

    def grey(x: float, y: float) -> int:
        return image.getpixel((round(x * dpi / 72), round((height - y) * dpi / 72)))

    left, right = sorted(tiles, key=lambda p: p["x"])
    reach = mm(0.6)
    for tile in tiles:
        x, y, w, h = tile["x"], tile["y"], tile["w"], tile["h"]
        for px, py in ((x + w * 0.3, y - reach), (x + w * 0.3, y + h + reach)):
            assert grey(px, py) < 250, f"paper past the cut of {tile['tile']}"
    outer = (left["x"] - reach, left["y"] + left["h"] * 0.3)
    assert grey(*outer) < 250
    # the shared cut: a hairline darker than the art a point either side of it
    seam = right["x"]
    for k in range(1, 10):
        y = left["y"] + left["h"] * k / 10
        assert grey(seam, y) < min(grey(seam - 1.5, y), grey(seam + 1.5, y)) + 2 or \
            grey(seam, y) < 100, f"no hairline on the shared cut at {y:.0f} pt"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_wall_meeting_an_outer_cut_runs_straight_on_into_the_bleed(shipped_build, paper):
    """Stretched both ways at once, a tile's bleed had shifted its walls outwards, so
    where a tunnel met the block's outer cut its wall jogged in the bleed: a nub on the
    tile's edge after a cut half a millimetre wide. Just past the cut, each row of the
    left column's art is the row just inside it."""
    dpi = 300
    out = shipped_build / "dynamine"
    manifest = json.loads((out / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tiles" and s["paper"] == paper)
    fronts = [p for p in sheet["placements"] if p["page"] == 1 and p["side"] == "front"]
    left = min(p["x"] for p in fronts)
    column = [p for p in fronts if abs(p["x"] - left) < 0.01]
    image = pdf_page_image(out / sheet["path"], 0, dpi).convert("L")
    height = image.height * 72 / dpi
    inside, outside = round((left + mm(0.25)) * dpi / 72), round((left - mm(0.6)) * dpi / 72)
    rows = [round((height - p["y"] - p["h"]) * dpi / 72) + k for p in column
            for k in range(4, round(p["h"] * dpi / 72) - 4)]
    apart = [row for row in rows
             if abs(image.getpixel((inside, row)) - image.getpixel((outside, row))) > 60]
    assert len(rows) > 1000 and apart == [], f"{len(apart)} rows jog at the cut"


def test_a_round_cut_shows_on_every_rim_dark_or_light(shipped_build):
    """Each round token's cut circle, printed over its rim, contrasts with that rim: one
    mid grey had vanished into Gold Mine's moss-green bat tokens (a rim 96 of 255 in
    grey, the line 102). Measured by pixel on the circle, against the rim beside it."""
    game = shipped_build / "gold-mine"
    manifest = json.loads((game / "manifest.json").read_text())
    tokens = next(s for s in manifest["sheets"]
                  if s["kind"] == "tokens" and s["paper"] == "letter")
    dpi = 288
    image = pdf_page_image(game / "gold-mine-tokens-letter.pdf", 0, dpi).convert("L")
    seen = set()
    for placed in (p for p in tokens["placements"] if p["page"] == 1 and p["side"] == "front"):
        if placed["component"] in seen:
            continue
        seen.add(placed["component"])
        scale = dpi / 72
        cx = (placed["x"] + placed["w"] / 2) * scale
        cy = image.height - (placed["y"] + placed["h"] / 2) * scale
        radius = min(placed["w"], placed["h"]) / 2 * scale
        contrasts = []
        for turn in range(0, 360, 30):  # round the circle, clear of any icon on the rim
            ux, uy = math.cos(math.radians(turn)), math.sin(math.radians(turn))
            on = [image.getpixel((round(cx + ux * (radius + d)),
                                  round(cy + uy * (radius + d)))) for d in (-0.6, 0.0, 0.6)]
            rim = image.getpixel((round(cx + ux * (radius - 6)), round(cy + uy * (radius - 6))))
            contrasts.append(max(abs(level - rim) for level in on))
        # on the old mid grey: 5 levels on the moss, 34 on the gold; now 114 and 69
        assert sorted(contrasts)[len(contrasts) // 2] >= 50, (placed["component"], contrasts)
    assert {"bat-challenge", "gold-nugget", "gold-challenge"} <= seen


def test_a_pages_round_cuts_share_one_grey_where_one_reads_on_every_rim():
    """Round 24: Mattock's red miners wore a white cut line and its blue ones a dark one.
    One grey serves a page where it stands well off every rim there (Mattock's); a page
    of cream and coloured tokens (Dynamine's), or of ochre and dark ones (Gold Mine's),
    keeps a grey per rim."""
    from pnp.export.pdf import ROUND_GUIDE_DARK, ROUND_GUIDE_LIGHT, _guide_greys

    mattock = _guide_greys({"#b3261e", "#4a86d4"})
    assert set(mattock.values()) == {ROUND_GUIDE_LIGHT}
    gold = _guide_greys({"#b8861f", "#561811", "#4f6e47", "#3b3f4a"})
    # the ochre nugget rim is too near the light line's grey to share it (round 27)
    assert gold["#b8861f"] == ROUND_GUIDE_DARK
    assert {gold[rim] for rim in ("#561811", "#4f6e47", "#3b3f4a")} == {ROUND_GUIDE_LIGHT}
    mixed = _guide_greys({"#f6efdf", "#b3261e"})  # a cream token beside a red one
    assert mixed == {"#f6efdf": ROUND_GUIDE_DARK, "#b3261e": ROUND_GUIDE_LIGHT}
