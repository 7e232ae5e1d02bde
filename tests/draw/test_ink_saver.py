"""--ink-saver: light rock and backs, tunnels drawn by their walls, at least 60% less ink."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import ImageStat
from support import hex_rgb, luminance

from pnp.cli import main
from pnp.draw.ink import low_ink
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset

GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")
SHEETS = ("tiles", "cards", "tokens")


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    made = {}
    for name, extra in (("full", ()), ("low", ("--ink-saver",))):
        out = tmp_path_factory.mktemp(name)
        result = CliRunner().invoke(main, ["build", *GAMES, "--paper", "letter", "--no-rulebook",
                                           "-q", "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
        made[name] = out
    return made


def page_darkness(pdf: Path) -> list[float]:
    """Mean darkness (0 white to 255 black) of every page, as a printer would lay ink."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [255.0 - ImageStat.Stat(page.render(scale=20 / 72).to_pil().convert("L")).mean[0]
                for page in document]
    finally:
        document.close()


def game_darkness(out: Path, game: str) -> float:
    pages = [value for sheet in SHEETS
             for pdf in sorted((out / game).glob(f"{game}-{sheet}-letter.pdf"))
             for value in page_darkness(pdf)]
    assert pages
    return sum(pages) / len(pages)


@pytest.mark.slow  # its fixture builds every game's sheets twice, with and without
@pytest.mark.parametrize("game", GAMES)
def test_the_low_ink_sheets_take_at_least_60_percent_less_ink(builds, game):
    full, low = game_darkness(builds["full"], game), game_darkness(builds["low"], game)
    assert low <= 0.4 * full, f"{game}: {low:.1f} against {full:.1f}"


def tile_pages(out: Path, game: str) -> list[int]:
    """Pages of the tile sheet that carry tiles alone (tokens may ride on the last)."""
    manifest = json.loads((out / game / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tiles")
    shared = {p["page"] for p in sheet["placements"] if "component" in p}
    return [page for page in range(1, sheet["pages"] + 1) if page not in shared]


@pytest.mark.slow
def test_tile_sheets_alone_save_70_percent(builds):
    for game in GAMES:
        pages = tile_pages(builds["full"], game)
        assert pages and pages == tile_pages(builds["low"], game)
        full = page_darkness(builds["full"] / game / f"{game}-tiles-letter.pdf")
        low = page_darkness(builds["low"] / game / f"{game}-tiles-letter.pdf")
        assert sum(low[page - 1] for page in pages) <= \
            0.35 * sum(full[page - 1] for page in pages), game


@pytest.mark.parametrize("game", GAMES)
def test_walls_icons_and_labels_keep_their_contrast(game):
    palette = dict(load_tileset(resolve(game)).palette)
    light = dict(low_ink(tuple(palette.items())))
    for key in ("wall", "ink", "accent"):
        assert light[key] == palette[key]  # every line that carries meaning keeps its colour
    def grey(key: str) -> float:
        return luminance(hex_rgb(light[key]))
    assert grey("floor") - grey("wall") >= 150  # a tunnel is still drawn by its walls
    assert grey("rock") - grey("ink") >= 150  # icons and labels stand out from the rock
    assert grey("back-field") - grey("back-title") >= 150  # a back's title still reads


@pytest.mark.slow
def test_the_same_build_without_the_flag_is_unchanged(builds, tmp_path):
    again = tmp_path / "again"
    result = CliRunner().invoke(main, ["build", "demon-mine", "--paper", "letter",
                                       "--no-rulebook", "-q", "--out", str(again)])
    assert result.exit_code == 0
    name = "demon-mine/demon-mine-tiles-letter.pdf"
    assert (again / name).read_bytes() == (builds["full"] / name).read_bytes()
    assert (again / name).read_bytes() != (builds["low"] / name).read_bytes()
