"""Every shipped game, every sheet, every page: printable, complete and duplex-true."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import ImageStat
from pypdf import PdfReader
from support import ROOT, SHIPPED_GAMES, pdf_page_image, text_sizes

from pnp.impose.layout import SAFE_MARGIN
from pnp.input.catalog import shipped_games
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS

GAMES = SHIPPED_GAMES  # not whatever else a user keeps in tilesets/
DPI = 36


@pytest.fixture(scope="module")
def built(shipped_build: Path) -> Path:
    return shipped_build


def manifest(built: Path, game: str) -> dict:
    return json.loads((built / game / "manifest.json").read_text())


def test_the_four_seed_games_ship():
    assert set(GAMES) <= set(shipped_games())


@pytest.mark.parametrize("game", GAMES)
def test_manifest_counts_match_the_tileset(built, game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    data = manifest(built, game)
    expected = Counter({t.name: t.count for t in tileset.tiles if t.count})
    components = Counter({c.name: c.count for c in tileset.components if c.count})
    kinds = {c.name: c.kind for c in tileset.components}
    for paper in ("letter", "a4"):
        pieces: dict[str, Counter] = {"card": Counter(), "token": Counter()}
        for sheet in (s for s in data["sheets"] if s["paper"] == paper):
            fronts = [p for p in sheet["placements"] if p["side"] == "front"]
            if sheet["kind"] == "tiles":  # tiles, and tokens riding on its last page
                assert Counter(p["tile"] for p in fronts if "tile" in p) == expected
            for p in fronts:
                if "component" in p and sheet["kind"] in ("tiles", "cards", "tokens"):
                    pieces[kinds[p["component"]]][p["component"]] += 1
        for kind, found in pieces.items():
            assert found == Counter({c.name: c.count for c in tileset.components
                                     if c.kind == kind and c.count}), (paper, kind)
    assert Counter({c["name"]: c["count"] for c in data["components"]
                    if c["kind"] != "board"}) == components


@pytest.mark.parametrize("game", GAMES)
def test_every_page_keeps_6_mm_clear_and_prints_something(built, game):
    for sheet in manifest(built, game)["sheets"]:
        path = built / game / sheet["path"]
        reader = PdfReader(path)
        assert len(reader.pages) == sheet["pages"]
        margin = int(SAFE_MARGIN * DPI / 72) - 1
        backs = {p["page"] for p in sheet.get("placements", []) if p["side"] == "back"}
        for index in range(len(reader.pages)):
            image = pdf_page_image(path, index, DPI).convert("L")
            width, height = image.size
            boxes = [(0, 0, width, margin), (0, height - margin, width, height),
                     (0, 0, margin, height), (width - margin, 0, width, height)]
            if sheet.get("margins") == "sides" and index + 1 in backs:
                # 9 cards on Letter: only their backs' bleed may run past the 6 mm line,
                # above and below the block, and never into the side margins
                boxes = boxes[2:]
            for box in boxes:
                assert image.crop(box).getextrema()[0] == 255, (sheet["path"], index, box)
            assert image.getextrema()[0] < 128, (sheet["path"], index)  # ink, not blank


@pytest.mark.parametrize("game", GAMES)
def test_backs_register_with_fronts_on_every_duplex_sheet(built, game):
    for sheet in manifest(built, game)["sheets"]:
        if sheet["kind"] not in ("tiles", "cards", "tokens"):
            continue
        paper = PAPERS[sheet["paper"]]
        placements = sheet["placements"]
        fronts = [p for p in placements if p["side"] == "front"]
        backs = [p for p in placements if p["side"] == "back"]
        assert len(fronts) == len(backs)
        for front, back in zip(fronts, backs, strict=True):
            assert back["page"] == front["page"] + 1
            assert back["x"] == pytest.approx(paper.width - front["x"] - front["w"], abs=0.002)
            assert back["y"] == pytest.approx(front["y"], abs=0.002)
        path = built / game / sheet["path"]
        for page in sorted({p["page"] for p in backs}):
            image = pdf_page_image(path, page - 1, DPI).convert("L").transpose(0)
            scale = DPI / 72
            for front in (p for p in fronts if p["page"] == page - 1):
                # the middle half of the front's cell, seen through the flipped back
                left = (front["x"] + front["w"] / 4) * scale
                top = (paper.height - front["y"] - front["h"] * 0.75) * scale
                box = image.crop((int(left), int(top), int(left + front["w"] * scale / 2),
                                  int(top + front["h"] * scale / 2)))
                darkest, _ = box.getextrema()
                mean = ImageStat.Stat(box).mean[0]
                assert darkest < 200 and mean < 250, (sheet["path"], page, front, mean)


@pytest.mark.parametrize("game", GAMES)
def test_no_font_is_left_unembedded(built, game):
    for pdf in (built / game).glob("*.pdf"):
        reader = PdfReader(pdf)
        for page in reader.pages:
            fonts = page.get("/Resources", {}).get("/Font", {})
            for name in fonts:
                font = fonts[name].get_object()
                descriptor = font.get("/FontDescriptor")
                assert descriptor is not None, f"{pdf.name}: {font['/BaseFont']} not embedded"
                assert any(k in descriptor.get_object()
                           for k in ("/FontFile", "/FontFile2", "/FontFile3"))


# every PDF's text walked by pypdf, one to three seconds a game: the quick set walks
# Demon Mine's, the slow set every game's
@pytest.mark.parametrize("game", [game if game == "demon-mine" else
                                  pytest.param(game, marks=pytest.mark.slow) for game in GAMES])
def test_no_text_anywhere_prints_under_6_pt(built, game):
    """Pieces, backs, aids, boards and books, pictures of pieces in the books included."""
    outputs = list((built / game).glob("*.pdf"))
    assert any("rulebook" in pdf.name for pdf in outputs)
    for pdf in outputs:
        sizes = text_sizes(pdf)
        assert sizes, pdf.name
        small = [(page, round(size, 2)) for page, size in sizes if size < 6.0 - 1e-6]
        assert not small, f"{pdf.name}: text under 6 pt on (page, size) {small[:5]}"
