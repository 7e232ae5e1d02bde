"""--duplex gutterfold: each back beside its front, mirrored across a fold (issue 13)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from support import pdf_page_image

from pnp.cli import main
from pnp.impose.gutterfold import GUTTER
from pnp.impose.layout import printable
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.units import mm

DPI = 72


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gutterfold")
    result = CliRunner().invoke(main, ["build", "dynamine", "mattock", "--no-rulebook", "-q",
                                       "--duplex", "gutterfold", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def sheets(built: Path):
    for game in ("dynamine", "mattock"):
        manifest = json.loads((built / game / "manifest.json").read_text())
        for sheet in manifest["sheets"]:
            if sheet["kind"] in ("tiles", "cards", "tokens"):
                yield game, sheet


def fold_of(front: dict, back: dict, paper: str) -> str:
    """Which fold carries ``front`` onto ``back``: up the page or across it."""
    sheet, room = PAPERS[paper], printable(PAPERS[paper])
    if back["y"] == pytest.approx(front["y"], abs=0.01) and \
            back["x"] == pytest.approx(sheet.width - front["x"] - front["w"], abs=0.01):
        return "vertical"
    assert back["x"] == pytest.approx(front["x"], abs=0.01)
    assert back["y"] == pytest.approx(room.top + room.bottom - front["y"] - front["h"], abs=0.01)
    return "horizontal"


def test_every_back_is_its_front_mirrored_across_the_fold_with_a_gutter(built):
    checked = 0
    for _, sheet in sheets(built):
        assert sheet["duplex"] == "gutterfold"
        paper, room = PAPERS[sheet["paper"]], printable(PAPERS[sheet["paper"]])
        for page in range(1, sheet["pages"] + 1):
            placed = [p for p in sheet["placements"] if p["page"] == page]
            fronts = [p for p in placed if p["side"] == "front"]
            backs = [p for p in placed if p["side"] == "back"]
            assert len(fronts) == len(backs) > 0
            folds = {fold_of(f, b, sheet["paper"]) for f, b in zip(fronts, backs, strict=True)}
            assert len(folds) == 1
            fold = folds.pop()
            middle = paper.width / 2 if fold == "vertical" else (room.top + room.bottom) / 2
            for f in fronts:  # every front on one side, a gutter short of the fold
                if fold == "vertical":
                    assert f["x"] + f["w"] <= middle - GUTTER + 0.01
                else:
                    assert f["y"] >= middle + GUTTER - 0.01
            assert all(b.get("turned", False) == (fold == "horizontal") for b in backs)
            checked += len(fronts)
    assert checked > 100


def test_each_piece_is_printed_as_often_as_the_game_has_it(built):
    for game, sheet in sheets(built):
        tileset = load_tileset(resolve(game))
        fronts = Counter(p.get("tile") or p.get("component") for p in sheet["placements"]
                         if p["side"] == "front")
        if sheet["kind"] == "tiles":
            assert fronts == Counter({t.name: t.count for t in tileset.tiles if t.count})
        else:
            kind = sheet["kind"][:-1]
            assert fronts == Counter({c.name: c.count for c in tileset.components
                                      if c.kind == kind and c.count})


def test_no_art_near_the_fold_and_the_fold_line_is_printed(built):
    for game, sheet in sheets(built):
        paper, room = PAPERS[sheet["paper"]], printable(PAPERS[sheet["paper"]])
        path = built / game / sheet["path"]
        image = pdf_page_image(path, 0, DPI).convert("L")
        front = next(p for p in sheet["placements"] if p["side"] == "front" and p["page"] == 1)
        back = next(p for p in sheet["placements"] if p["side"] == "back" and p["page"] == 1)
        vertical = fold_of(front, back, sheet["paper"]) == "vertical"
        middle = paper.width / 2 if vertical else (room.top + room.bottom) / 2
        inset = room.left + 20 if vertical else room.bottom + 20
        line, beside = [], []
        for along in range(round(inset), round((room.top if vertical else room.right) - 20)):
            for offset, found in ((0.0, line), (-mm(2), beside), (mm(2), beside)):
                x, y = (middle + offset, along) if vertical else (along, middle + offset)
                found.append(image.getpixel((round(x), round(paper.height - y))))
        assert min(beside) == 255, sheet["path"]  # bare paper each side of the fold
        dashes = sum(1 for value in line if value < 200)
        assert 0.3 * len(line) < dashes < 0.8 * len(line), sheet["path"]  # a dashed line


def test_backs_across_a_fold_along_the_page_are_drawn_upside_down(built):
    manifest = json.loads((built / "dynamine" / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "cards" and s["paper"] == "letter")
    turned = [p for p in sheet["placements"] if p.get("turned")]
    assert turned  # three poker cards fit half a Letter page only across it
    content = PdfReader(built / "dynamine" / sheet["path"]).pages[0].get_contents()
    moves = re.findall(r"(-?1) 0 0 (-?1) ([-\d.]+) ([-\d.]+) cm",
                       content.get_data().decode("latin-1"))
    upside_down = sorted((round(float(x), 1), round(float(y), 1))
                         for a, d, x, y in moves if a == "-1" and d == "-1")
    expected = sorted((round(p["x"] + p["w"], 1), round(p["y"] + p["h"], 1))
                      for p in turned if p["page"] == 1)
    assert upside_down == expected
