"""--print-shop: bleed on every sheet, and every design on a page of its own with trim and
bleed boxes, embedded fonts and CMYK colour (issue 13)."""

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
from pnp.export.pdfdraw import cmyk_of
from pnp.export.printshop import SHOP_BLEED
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset

GAMES = ("mattock", "dynamine")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop")
    result = CliRunner().invoke(main, ["build", *GAMES, "--print-shop", "--no-rulebook", "-q",
                                       "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def shop(built: Path, game: str) -> tuple[dict, Path]:
    manifest = json.loads((built / game / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == "print-shop")
    return entry, built / game / entry["path"]


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_has_bleed(built, game):
    manifest = json.loads((built / game / "manifest.json").read_text())
    sheets = [s for s in manifest["sheets"] if s["kind"] in ("tiles", "cards", "tokens")]
    assert sheets and all(s["bleed"] == SHOP_BLEED for s in sheets)


@pytest.mark.parametrize("game", GAMES)
def test_each_design_has_a_page_with_its_trim_and_bleed_boxes(built, game):
    entry, path = shop(built, game)
    reader = PdfReader(path)
    assert len(reader.pages) == entry["pages"] == len(entry["copies"])
    for page, copy in zip(reader.pages, entry["copies"], strict=True):
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        b = SHOP_BLEED
        assert media == pytest.approx([0, 0, copy["w"] + 2 * b, copy["h"] + 2 * b], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
        assert trim == pytest.approx([b, b, b + copy["w"], b + copy["h"]], abs=0.01)
    tileset = load_tileset(resolve(game))
    tiles = Counter({c["name"]: c["count"] for c in entry["copies"] if c["kind"] == "tile"})
    assert tiles == Counter({t.name: t.count for t in tileset.tiles if t.count})
    faces = Counter({c["name"]: c["count"] for c in entry["copies"] if c["kind"] == "component"})
    assert faces == Counter({c.name: c.count for c in tileset.components
                             if c.kind in ("card", "token") and c.count})
    backs = sum(c["count"] for c in entry["copies"] if c["kind"] == "back")
    assert backs == tileset.tile_count  # every tile's back, counted once per tile


@pytest.mark.parametrize("game", GAMES)
def test_colours_are_cmyk_and_fonts_embedded(built, game):
    _, path = shop(built, game)
    reader = PdfReader(path)
    data = b"".join(page.get_contents().get_data() for page in reader.pages).decode("latin-1")
    assert re.search(r"\bk\b", data) and re.search(r"\bK\b|\bk\b", data)
    assert not re.search(r"[\d.]+ [\d.]+ [\d.]+ (rg|RG)\b", data), "an RGB colour in CMYK pages"
    for page in reader.pages:
        for name in page["/Resources"].get("/Font", {}):
            font = page["/Resources"]["/Font"][name].get_object()
            descriptor = font.get("/FontDescriptor") or \
                font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object()


def test_the_art_runs_through_the_bleed(built):
    entry, path = shop(built, "dynamine")
    copy = entry["copies"][0]
    dpi = 144
    image = pdf_page_image(path, 0, dpi).convert("L")
    width, height = image.size
    inside_bleed = round(SHOP_BLEED / 2 * dpi / 72)  # halfway between the page edge and the cut
    for x, y in ((inside_bleed, height // 2), (width - inside_bleed, height // 2),
                 (width // 2, inside_bleed), (width // 2, height - inside_bleed)):
        assert image.getpixel((x, y)) < 250, (copy["name"], x, y)


def test_cmyk_conversion_is_the_plain_formula():
    assert cmyk_of(0.0, 0.0, 0.0) == (0.0, 0.0, 0.0, 1.0)
    assert cmyk_of(1.0, 1.0, 1.0) == (0.0, 0.0, 0.0, 0.0)
    assert cmyk_of(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0, 0.0)
    assert cmyk_of(0.5, 0.25, 0.25) == pytest.approx((0.0, 0.5, 0.5, 0.5))
