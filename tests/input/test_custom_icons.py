"""A tileset's own SVG icons: drawn like built-in ones, under the rules art files follow."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from support import close_to, pdf_page_image

from pnp.cli import main
from pnp.input.tileset import load_tileset
from pnp.rulebook.names import tile_name

GREEN = "#1f8f3a"
LAMP = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 40">'
        f'<rect x="0" y="0" width="20" height="40" fill="{GREEN}"/></svg>')
TILESET = """\
game: lamps
title: Lamps
size: 1.5in
icons:
  - {name: oil-lamp, file: icons/lamp.svg}
tiles:
  - name: lit
    count: 2
    paths: [N-E]
    features: [{icon: oil-lamp, at: SW}]
components:
  - {name: lamp-token, kind: token, count: 2, size: 1in, shape: round,
     features: [{icon: oil-lamp}]}
"""


def folder(tmp_path: Path, text: str = TILESET, svg: str = LAMP) -> Path:
    (tmp_path / "icons").mkdir(exist_ok=True)
    (tmp_path / "icons" / "lamp.svg").write_text(svg)
    (tmp_path / "lamps.yaml").write_text(text)
    return tmp_path / "lamps.yaml"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_an_own_icon_is_drawn_on_tiles_and_tokens_in_proportion(tmp_path):
    path = folder(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(path), "--no-rulebook", "-q", "--paper", "letter", "--out",
                 str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "lamps" / "manifest.json").read_text())
    dpi = 144
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tiles")  # tokens ride along
    image = pdf_page_image(out / "lamps" / sheet["path"], 0, dpi)
    for key in ("tile", "component"):
        piece = next(p for p in sheet["placements"] if key in p and p["side"] == "front")
        left = round(piece["x"] * dpi / 72)
        top = image.height - round((piece["y"] + piece["h"]) * dpi / 72)
        box = image.crop((left, top, left + round(piece["w"] * dpi / 72),
                          top + round(piece["h"] * dpi / 72)))
        green = [(x, y) for x in range(box.width) for y in range(box.height)
                 if close_to(box.getpixel((x, y)), GREEN, 30)]
        assert green, f"the icon is missing from the {key}"
        wide = max(x for x, _ in green) - min(x for x, _ in green) + 1
        tall = max(y for _, y in green) - min(y for _, y in green) + 1
        assert abs(tall / wide - 2.0) < 0.2  # the file's own 1:2, not stretched to a circle
    svg = (out / "lamps" / "tiles" / "lit.svg").read_text()
    assert 'preserveAspectRatio="xMidYMid meet"' in svg and "data:image/svg+xml" in svg


def test_the_rulebook_calls_it_by_its_name_in_words(tmp_path):
    tileset = load_tileset(folder(tmp_path))
    assert [icon.name for icon in tileset.icons] == ["oil-lamp"]
    assert "oil lamp" in tile_name(tileset.tile("lit"), tileset.shape)


def test_every_mistake_with_icons_is_reported_at_once(tmp_path):
    text = """\
game: lamps
title: Lamps
size: 1.5in
icons:
  - {name: oil-lamp, file: icons/lamp.svg}
  - {name: vein, file: icons/lamp.svg}
  - {name: outside, file: ../lamp.svg}
  - {name: missing, file: icons/none.svg}
  - {name: picture, file: icons/lamp.png}
tiles:
  - name: lit
    count: 2
    paths: [N-E]
    features: [{icon: oil-lamps}]
"""
    path = folder(tmp_path, text)
    (tmp_path / "icons" / "lamp.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path.parent / "lamp.svg").write_text(LAMP)
    result = run("validate", str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output
    for found in ("built-in icon has this name", "../lamp.svg", "icons/none.svg",
                  "icons/lamp.png", "oil-lamps", "did you mean 'oil-lamp'"):
        assert found in result.output, found
    assert "lamps.yaml" in result.output and "line 14" in result.output


def test_a_hostile_icon_file_is_refused(tmp_path):
    hostile = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
               '<script>fetch("file:///etc/passwd")</script></svg>')
    result = run("validate", str(folder(tmp_path, svg=hostile)))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "icons[0].file" in result.output and "<script>" in result.output


def test_too_many_icons_are_refused_before_any_is_read(tmp_path):
    icons = "\n".join(f"  - {{name: icon-{n}, file: icons/lamp.svg}}" for n in range(65))
    text = TILESET.replace("  - {name: oil-lamp, file: icons/lamp.svg}",
                           "  - {name: oil-lamp, file: icons/lamp.svg}\n" + icons)
    result = run("validate", str(folder(tmp_path, text)))
    assert result.exit_code == 2 and "at most 64" in result.output


def test_a_mix_may_use_its_base_games_icons_and_no_others(tmp_path):
    folder(tmp_path)
    (tmp_path / "mix.yaml").write_text("""\
base: lamps.yaml
mix: more-lamps
tiles:
  - {name: bright, count: 1, paths: [N-S], features: [{icon: oil-lamp}]}
  - {name: dim, count: 1, paths: [N-S], features: [{icon: candle}]}
""")
    result = run("validate", str(tmp_path / "mix.yaml"))
    assert result.exit_code == 2 and "candle" in result.output
    assert "oil-lamp" in result.output  # offered among the icons it may name
    assert "bright" not in result.output
