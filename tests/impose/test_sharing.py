"""Small pieces share the last sheet of tiles instead of taking a sheet of their own (issue 12).

Mattock's twelve miners used to fill 7% of a token sheet; they now print in
the empty rows of the last tile page, with their own crop marks, and their
reverses behind them on the page of backs. Checked on the manifest, on the
PDF's marks and by pixel.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from support import close_to, pdf_page_image

from pnp.cli import main
from pnp.impose.layout import MARK_GAP, MARK_MIN, printable
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS

DPI = 100


@pytest.fixture(scope="module")
def built(shipped_build):
    return shipped_build


def boxes(entry: dict, page: int, side: str, key: str) -> list[dict]:
    return [p for p in entry["placements"] if p["page"] == page and p["side"] == side
            and key in p]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mattocks_miners_ride_on_the_last_page_of_tiles(built, paper):
    tileset = load_tileset(resolve("mattock"))
    manifest = json.loads((built / "mattock" / "manifest.json").read_text())
    assert not (built / "mattock" / f"mattock-tokens-{paper}.pdf").exists()
    assert not [s for s in manifest["sheets"] if s["kind"] == "tokens"]
    entry = next(s for s in manifest["sheets"] if s["kind"] == "tiles" and s["paper"] == paper)
    last = max(p["page"] for p in entry["placements"] if p["side"] == "front")
    tokens = boxes(entry, last, "front", "component")
    tiles = boxes(entry, last, "front", "tile")
    assert Counter(p["component"] for p in tokens) == Counter(
        {c.name: c.count for c in tileset.components if c.kind == "token" and c.count})
    area = printable(PAPERS[paper])
    lowest_tile = min(p["y"] for p in tiles)
    for token in tokens:  # inside the printable area, below the tiles with room for marks
        assert area.left <= token["x"] and token["x"] + token["w"] <= area.right
        assert area.bottom <= token["y"]
        assert token["y"] + token["h"] <= lowest_tile - 2 * MARK_GAP
    placed = tiles + tokens
    for index, a in enumerate(placed):  # nothing overlaps
        for b in placed[index + 1:]:
            assert (a["x"] + a["w"] <= b["x"] + 0.01 or b["x"] + b["w"] <= a["x"] + 0.01 or
                    a["y"] + a["h"] <= b["y"] + 0.01 or b["y"] + b["h"] <= a["y"] + 0.01) or \
                ("tile" in a and "tile" in b)  # hexes share edges inside their boxes
    # each token's reverse is behind it on the next page: mirrored across the sheet
    behind = boxes(entry, last + 1, "back", "component")
    width = PAPERS[paper].width
    assert sorted((round(width - p["x"] - p["w"], 2), round(p["y"], 2)) for p in behind) == \
        sorted((round(p["x"], 2), round(p["y"], 2)) for p in tokens)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_shared_page_shows_the_tokens_and_its_marks_cross_no_piece(built, paper):
    manifest = json.loads((built / "mattock" / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == "tiles" and s["paper"] == paper)
    last = max(p["page"] for p in entry["placements"] if p["side"] == "front")
    path = built / "mattock" / entry["path"]
    image = pdf_page_image(path, last - 1, DPI)
    height = image.size[1]
    tileset = load_tileset(resolve("mattock"))
    faces = {c.name: c.colour for c in tileset.components}
    for token in boxes(entry, last, "front", "component"):
        x = (token["x"] + token["w"] * 0.1) * DPI / 72  # the face's own colour, off its symbol
        y = height - (token["y"] + token["h"] / 2) * DPI / 72
        assert close_to(image.getpixel((round(x), round(y))), faces[token["component"]], 60)
    page = PdfReader(path).pages[last - 1]
    forms = page["/Resources"]["/XObject"]
    marks = next(forms[name].get_object() for name in forms if "marks" in name)
    segments = [tuple(map(float, found)) for found in re.findall(
        r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", marks.get_data().decode("latin-1"))]
    assert segments
    tokens = boxes(entry, last, "front", "component")
    lowest_tile = min(p["y"] for p in boxes(entry, last, "front", "tile"))
    top_token = max(p["y"] + p["h"] for p in tokens)
    below = [s for s in segments if min(s[1], s[3]) < top_token]
    assert below, "the tokens have crop marks of their own"
    for x1, y1, x2, y2 in below:
        assert max(y1, y2) < lowest_tile, "a token mark runs up into the tiles"
        for p in tokens:
            inside_x = p["x"] + 0.5 < max(x1, x2) and min(x1, x2) < p["x"] + p["w"] - 0.5
            inside_y = p["y"] + 0.5 < max(y1, y2) and min(y1, y2) < p["y"] + p["h"] - 0.5
            assert not (inside_x and inside_y), f"a crop mark crosses {p}"
        # long enough to lay a ruler on: the marks between the token columns, with no
        # room kept for their clearance, had been 2 pt (0.7 mm) long
        assert math.hypot(x2 - x1, y2 - y1) >= MARK_MIN - 1e-6, (x1, y1, x2, y2)


def test_tokens_that_do_not_fit_keep_their_own_sheet(built):
    manifest = json.loads((built / "dynamine" / "manifest.json").read_text())
    assert [s["paper"] for s in manifest["sheets"] if s["kind"] == "tokens"] == ["letter", "a4"]
    for entry in (s for s in manifest["sheets"] if s["kind"] == "tiles"):
        assert not [p for p in entry["placements"] if "component" in p]


def test_the_rulebook_says_where_the_tokens_are(built):
    text = " ".join(" ".join(page.extract_text().split()) for page in
                    PdfReader(built / "mattock" / "mattock-rulebook-letter.pdf").pages)
    assert "Tiles, with the tokens on the last sheet" in text  # the printing table's one row
    assert "Tokens on the last sheet of tiles" not in text
    assert "mattock-tokens-" not in text


def test_tokens_of_every_size_share_a_sheet(tmp_path):
    (tmp_path / "mixed.yaml").write_text("""\
game: mixed
title: Mixed Tokens
size: 1.5in
tiles:
  - {name: plain, count: 30, paths: [N-S]}
components:
  - {name: big, kind: token, count: 8, size: 1in, shape: round}
  - {name: small, kind: token, count: 10, size: 0.75in, shape: round}
  - {name: square, kind: token, count: 6, size: 0.8in}
""")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(tmp_path / "mixed.yaml"), "--no-rulebook",
                                       "-q", "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "mixed" / "manifest.json").read_text())
    [sheet] = [s for s in manifest["sheets"] if s["kind"] == "tokens"]
    fronts = [p for p in sheet["placements"] if p["side"] == "front"]
    assert {p["page"] for p in fronts} == {1}  # three sizes, one sheet
    assert Counter(p["component"] for p in fronts) == {"big": 8, "small": 10, "square": 6}
    assert sheet["pages"] == 2
    for a_index, a in enumerate(fronts):  # no two overlap
        for b in fronts[a_index + 1:]:
            assert (a["x"] + a["w"] <= b["x"] + 0.01 or b["x"] + b["w"] <= a["x"] + 0.01 or
                    a["y"] + a["h"] <= b["y"] + 0.01 or b["y"] + b["h"] <= a["y"] + 0.01)
    backs = [p for p in sheet["placements"] if p["side"] == "back"]
    assert len(backs) == len(fronts) and {p["page"] for p in backs} == {2}
