"""`pnp export cut`: print-then-cut pages and their cut files, checked as a cutter reads them.

Each cut file is measured against its page: the paper's size in millimetres,
one closed path per piece exactly on the piece's trim box, and on the printed
page (rasterised by PDFium) art just inside each cut and just outside it (the
bleed), bare paper between pieces, and Silhouette's registration marks where
Studio looks for them, with no art near them.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from support import pdf_page_image

from pnp.cli import main
from pnp.impose.cutting import CUT_BLEED, CUT_GAP, SILHOUETTE
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.units import mm

DPI = 100
GAMES = ("mattock", "dynamine")  # hex tiles and round tokens; square tiles, cards, tokens


def export(out: Path, *args: str) -> None:
    result = CliRunner().invoke(main, ["export", "cut", *GAMES, "--out", str(out), *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def silhouette(tmp_path_factory) -> dict[str, Path]:
    made = {}
    for paper in ("letter", "a4"):
        out = tmp_path_factory.mktemp(paper)
        export(out, "--paper", paper)
        made[paper] = out
    return made


def paths_of(svg: str) -> list[list[tuple[float, float]]]:
    """Each path's points (corners, or a circle's two arc ends), checking it is closed."""
    found = []
    for data in re.findall(r'<path d="([^"]+)"', svg):
        assert data.rstrip().endswith("Z"), "an open path would not cut a piece free"
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", data)]
        if " A " in data:  # a circle: M x y A r r 0 1 0 x' y' A ...
            r = numbers[2]
            points = [(numbers[0], numbers[1]), (numbers[0] + 2 * r, numbers[1]),
                      (numbers[0] + r, numbers[1] - r), (numbers[0] + r, numbers[1] + r)]
        elif " H " in data:  # a rectangle: M x y H x' V y' H x Z
            x, y, right, bottom = numbers[0], numbers[1], numbers[2], numbers[3]
            points = [(x, y), (right, y), (right, bottom), (x, bottom)]
        else:
            points = list(zip(numbers[::2], numbers[1::2], strict=True))
        found.append(points)
    return found


def box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_each_cut_file_is_its_page_at_true_size_with_a_closed_path_per_piece(
        silhouette, paper, game):
    folder = silhouette[paper] / f"{game}-cut-{paper}"
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = PAPERS[paper]
    assert manifest["registration"] == {"type": 1, "inset_mm": 10.0, "length_mm": 20.0,
                                        "thickness_mm": 0.5, "square_mm": 5.0}
    for page in manifest["pages"]:
        svg = (folder / page["cut"]).read_text()
        width, height = (float(v) for v in re.search(
            r'width="([\d.]+)mm" height="([\d.]+)mm"', svg).groups())
        assert width == pytest.approx(sheet.width * 25.4 / 72, abs=0.01)
        assert height == pytest.approx(sheet.height * 25.4 / 72, abs=0.01)
        paths = paths_of(svg)
        assert len(paths) == len(page["pieces"]) > 0
        for points, piece in zip(paths, page["pieces"], strict=True):
            x, y, w, h = box(points)  # y down in the SVG, y up in the manifest
            assert (x, y, w, h) == pytest.approx(
                (piece["x"], sheet.height - piece["y"] - piece["h"], piece["w"], piece["h"]),
                abs=0.01)
            if piece["kind"] == "tile" and game == "mattock":  # a hex: six corners, equal radius
                cx, cy = x + w / 2, y + h / 2
                radii = [math.dist(point, (cx, cy)) for point in points]
                assert len(points) == 6 and max(radii) - min(radii) < 0.01


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_is_printed_once_per_copy(silhouette, game):
    folder = silhouette["letter"] / f"{game}-cut-letter"
    manifest = json.loads((folder / "manifest.json").read_text())
    found = Counter(piece["name"] for page in manifest["pages"] for piece in page["pieces"])
    tileset = load_tileset(resolve(game))
    expected = Counter({t.name: t.count for t in tileset.tiles if t.count})
    expected.update({c.name: c.count for c in tileset.components
                     if c.kind in ("card", "token") and c.count})
    assert found == expected


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_printed_page_shows_art_to_past_each_cut_and_paper_between(silhouette, paper):
    folder = silhouette[paper] / f"dynamine-cut-{paper}"
    manifest = json.loads((folder / "manifest.json").read_text())
    page = manifest["pages"][0]
    image = pdf_page_image(folder / page["print"], page["page"] - 1, DPI).convert("L")
    height = PAPERS[paper].height

    def at(x: float, y: float) -> int:
        return image.getpixel((round(x * DPI / 72), round((height - y) * DPI / 72)))

    for piece in page["pieces"]:
        middle = piece["y"] + piece["h"] / 2
        for x in (piece["x"] + mm(0.5), piece["x"] - CUT_BLEED / 2):  # inside, and in the bleed
            assert at(x, middle) < 250, (piece, x)
        assert at(piece["x"] - CUT_BLEED - CUT_GAP / 2, middle) == 255  # bare paper between


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_registration_marks_stand_where_studio_looks_and_nothing_crowds_them(silhouette, paper):
    folder = silhouette[paper] / f"mattock-cut-{paper}"
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = PAPERS[paper]
    image = pdf_page_image(folder / manifest["pages"][0]["print"], 0, DPI).convert("L")
    px = DPI / 72

    def dark(x_from_left: float, y_from_top: float) -> bool:
        return image.getpixel((round(x_from_left * px), round(y_from_top * px))) < 64

    inset = SILHOUETTE.inset
    assert dark(inset + mm(2.5), inset + mm(2.5))  # the square, top left
    assert not dark(inset - mm(1), inset + mm(2.5)) and not dark(inset + mm(6), inset + mm(2.5))
    assert dark(sheet.width - inset - mm(10), inset + mm(0.25))  # the top right L
    assert dark(sheet.width - inset - mm(0.25), inset + mm(10))
    assert dark(inset + mm(10), sheet.height - inset - mm(0.25))  # the bottom left L
    assert dark(inset + mm(0.25), sheet.height - inset - mm(10))
    area = SILHOUETTE.area(sheet)
    for page in manifest["pages"]:
        for piece in page["pieces"]:
            assert area.left <= piece["x"] - CUT_BLEED and \
                piece["x"] + piece["w"] + CUT_BLEED <= area.right
            assert area.bottom <= piece["y"] - CUT_BLEED and \
                piece["y"] + piece["h"] + CUT_BLEED <= area.top


@pytest.mark.slow  # two whole games exported for a Cricut: make test-slow and CI run it
def test_cricut_pictures_are_at_most_6_75_by_9_25_in_with_pieces_apart(tmp_path):
    export(tmp_path, "--cutter", "cricut")
    folder = tmp_path / "mattock-cut-cricut"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["cutter"] == "cricut" and "registration" not in manifest
    for page in manifest["pages"]:
        picture = Image.open(folder / page["print"])
        assert picture.size == (2025, 2775) and picture.mode == "RGBA"
        assert picture.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        svg = (folder / page["cut"]).read_text()
        assert 'width="171.45mm" height="234.95mm"' in svg
        assert len(paths_of(svg)) == len(page["pieces"])
        for piece in page["pieces"]:
            cx = (piece["x"] + piece["w"] / 2) * 300 / 72
            cy = (666 - piece["y"] - piece["h"] / 2) * 300 / 72
            assert picture.getpixel((round(cx), round(cy)))[3] == 255  # the piece, opaque
            gap = (piece["x"] - CUT_BLEED - CUT_GAP / 2) * 300 / 72
            if gap > 0:
                assert picture.getpixel((round(gap), round(cy)))[3] == 0  # bare between


def test_an_export_is_the_same_bytes_twice(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    export(first)
    export(second)
    for path in sorted((first / "mattock-cut-letter").iterdir()):
        assert path.read_bytes() == (second / "mattock-cut-letter" / path.name).read_bytes(), \
            path.name


def test_each_cutter_and_paper_keeps_its_own_folder(tmp_path):
    """A Cricut export after a Silhouette one (or A4 after Letter) had replaced the files
    written just before into the same folder."""
    game = tmp_path / "little.yaml"
    game.write_text("game: little\ntitle: Little\nsize: 1in\n"
                    "tiles:\n  - {name: bend, count: 3, paths: [N-E]}\n")
    runs = (("--paper", "letter"), ("--paper", "a4"), ("--cutter", "cricut"))
    for args in runs:
        result = CliRunner().invoke(main, ["export", "cut", str(game), "--out",
                                           str(tmp_path / "out"), *args])
        assert result.exit_code == 0, result.output
    folders = sorted(path.name for path in (tmp_path / "out").iterdir()
                     if not path.name.startswith("."))
    assert folders == ["little-cut-a4", "little-cut-cricut", "little-cut-letter"]
    for label, printed in (("letter", "little-print-letter.pdf"),
                           ("a4", "little-print-a4.pdf"),
                           ("cricut", "little-print-then-cut-1.png")):
        folder = tmp_path / "out" / f"little-cut-{label}"
        assert (folder / printed).is_file() and (folder / f"little-cut-{label}-1.svg").is_file()
        assert json.loads((folder / "manifest.json").read_text())["cutter"] == \
            ("cricut" if label == "cricut" else "silhouette")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_no_ink_in_a_registration_marks_corner_square_on_any_page(silhouette, paper, game):
    """Studio's eye needs blank paper in the 20 mm square each mark's arms span; Mattock's
    hexes and tokens had printed 5 to 29 mm2 into them on every page."""
    folder = silhouette[paper] / f"{game}-cut-{paper}"
    manifest = json.loads((folder / "manifest.json").read_text())
    sheet = PAPERS[paper]
    px = DPI / 72
    marks = SILHOUETTE.marks(sheet)

    def on_a_mark(x: float, y: float) -> bool:  # PDF points, y up; a pixel's worth round it
        return any(mx - 1.5 <= x <= mx + mw + 1.5 and my - 1.5 <= y <= my + mh + 1.5
                   for mx, my, mw, mh in marks)

    for number in range(len(manifest["pages"])):
        image = pdf_page_image(folder / manifest["pages"][0]["print"], number, DPI).convert("L")
        inked = 0
        for x0, y0, x1, y1 in SILHOUETTE.keep_out(sheet):
            for column in range(math.ceil(x0 * px), math.floor(x1 * px)):
                for row in range(math.ceil((sheet.height - y1) * px),
                                 math.floor((sheet.height - y0) * px)):
                    x, y = column / px, sheet.height - row / px
                    if image.getpixel((column, row)) < 245 and not on_a_mark(x, y):
                        inked += 1
        assert inked == 0, f"page {number + 1}: {inked} inked pixels in the corner squares"


@pytest.mark.parametrize("game", GAMES)
def test_each_dxf_cut_file_reads_back_as_one_closed_outline_per_piece_on_its_trim(
        silhouette, game):
    """Silhouette Studio's free edition opens DXF, not SVG: each page's DXF, read with a
    DXF library, holds a closed polyline per piece whose extent is the piece's trim box
    in millimetres, and a round token's outline is a true circle."""
    import ezdxf
    from ezdxf import path as dxf_path

    folder = silhouette["letter"] / f"{game}-cut-letter"
    manifest = json.loads((folder / "manifest.json").read_text())
    for page in manifest["pages"]:
        # every layer an entity names is declared in the file's own layer table (a reader
        # such as ezdxf makes up a missing one; a strict one refuses the file)
        lines = (folder / page["cut_dxf"]).read_text().splitlines()
        pairs = list(zip(lines[::2], lines[1::2], strict=True))
        declared = {pairs[at + 1][1] for at, pair in enumerate(pairs[:-1])
                    if pair == ("0", "LAYER")}
        used = {value for code, value in pairs if code == "8"}
        assert used == {"CUT"} and used <= declared
        drawing = ezdxf.readfile(folder / page["cut_dxf"])
        outlines = list(drawing.modelspace().query("POLYLINE"))
        assert len(outlines) == len(page["pieces"])
        for outline, piece in zip(outlines, page["pieces"], strict=True):
            assert outline.is_closed and outline.dxf.layer == "CUT"
            points = list(dxf_path.make_path(outline).flattening(0.01))
            xs, ys = [p.x for p in points], [p.y for p in points]
            box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            want = tuple(v * 25.4 / 72 for v in (piece["x"], piece["y"], piece["w"], piece["h"]))
            assert box == pytest.approx(want, abs=0.02), piece["name"]
            if len(outline.vertices) == 2:  # a round token: two half-circle bulges
                centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
                assert all(math.dist(centre, (p.x, p.y)) == pytest.approx(box[2] / 2, abs=0.02)
                           for p in points)


def test_an_oval_token_is_cut_round_its_oval_not_a_circle_its_width_across(tmp_path):
    """A 1 x 0.5 in round token had been cut as a 1 in circle, 6 mm into its neighbours."""
    import ezdxf
    from ezdxf import path as dxf_path

    game = tmp_path / "oval.yaml"
    game.write_text("game: oval\ntitle: Oval\nsize: 1in\ntiles:\n"
                    "  - {name: bend, count: 1, paths: [N-E]}\ncomponents:\n"
                    "  - {name: egg, kind: token, count: 1, size: 1in x 0.5in, shape: round}\n")
    result = CliRunner().invoke(main, ["export", "cut", str(game), "--out",
                                       str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "oval-cut-letter"
    manifest = json.loads((folder / "manifest.json").read_text())
    for page in manifest["pages"]:
        drawing = ezdxf.readfile(folder / page["cut_dxf"])
        for outline, piece in zip(drawing.modelspace().query("POLYLINE"), page["pieces"],
                                  strict=True):
            points = list(dxf_path.make_path(outline).flattening(0.01))
            xs, ys = [p.x for p in points], [p.y for p in points]
            want = [v * 25.4 / 72 for v in (piece["x"], piece["y"], piece["w"], piece["h"])]
            assert (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) == \
                pytest.approx(want, abs=0.05), piece["name"]
    svgs = [(folder / page["cut"]).read_text() for page in manifest["pages"]]
    assert any("A 36 18 0 1 0" in svg for svg in svgs)  # the SVG's arcs: the oval's radii
