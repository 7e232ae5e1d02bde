"""Every bundled face sets lining figures by default: a "1" as tall as an "H".

Vollkorn's own default figures are old-style, its "1" no taller than an "x",
which read as a dotless i in "Step 1"; the bundled file has its lining forms
frozen in (scripts/lining_figures.py), as reportlab and cairo apply no
OpenType features.
"""

from __future__ import annotations

import importlib.util

import pytest
from fontTools.ttLib import TTFont
from support import ROOT

FONTS = ROOT / "pnp" / "data" / "fonts"


@pytest.mark.parametrize("face", sorted(path.name for path in FONTS.glob("*.ttf")
                                        if "Fallback" not in path.name))
def test_every_digit_reaches_the_capital_height(face):
    font = TTFont(FONTS / face)
    cmap, glyphs = font.getBestCmap(), font["glyf"]
    capital = glyphs[cmap[ord("H")]].yMax
    for digit in "0123456789":
        glyph = glyphs[cmap[ord(digit)]]
        glyph.recalcBounds(glyphs)
        assert glyph.yMax >= 0.95 * capital, f"{face}: '{digit}' is old-style"


def test_the_freezing_script_finds_vollkorns_lining_forms(tmp_path):
    """The check above can fail: the script's own map, read from the face's lnum feature,
    sends every digit somewhere else than where an old-style font's cmap would."""
    spec = importlib.util.spec_from_file_location("lining", ROOT / "scripts" /
                                                  "lining_figures.py")
    assert spec is not None and spec.loader is not None
    lining = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lining)
    font = TTFont(FONTS / "Vollkorn-Bold.ttf")
    mapping = lining.lining_map(font)
    assert {mapping[name] for name in ("zero", "one", "nine")} == {"zero.lf", "one.lf",
                                                                  "nine.lf"}
    cmap = font.getBestCmap()
    assert cmap[ord("1")] == "one.lf"  # frozen in the bundled file
    glyphs = font["glyf"]
    assert glyphs["one"].yMax < 0.8 * glyphs[cmap[ord("H")]].yMax  # the old-style one is short


@pytest.mark.parametrize("font", sorted(path.name for path in FONTS.glob("*.ttf")))
def test_each_fonts_licence_file_carries_the_notice_its_font_file_carries(font):
    """Lato's licence file said 2010-2011 without its Reserved Font Name while the font
    says 2010-2014 with it: every line of a face's own copyright notice (name ID 0) is in
    the licence file that travels with it, word for word."""
    notice = TTFont(FONTS / font, lazy=True)["name"].getDebugName(0)
    family = {"DejaVuSans": "DejaVu", "DejaVuSansCondensed": "DejaVu",
              "DroidSansFallback": "DroidSansFallback"}.get(font.split("-")[0].split(".")[0],
                                                           font.split("-")[0])
    licence = " ".join((FONTS / f"LICENSE-{family}.txt").read_text(encoding="utf-8").split())
    for line in filter(None, (line.strip() for line in notice.splitlines())):
        assert " ".join(line.split()).rstrip(".") in licence, (font, line)


def test_the_packages_licence_expression_covers_every_licence_it_ships():
    """PEP 639: the expression names each licence of a file the wheel carries."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = set(project["license"].split(" AND "))
    assert named == {"MIT", "OFL-1.1", "Bitstream-Vera", "Apache-2.0", "CC0-1.0"}
    shipped = {path.name for path in FONTS.glob("LICENSE-*.txt")}
    assert {f"pnp/data/fonts/{name}" for name in shipped} <= set(project["license-files"])
    texts = {name: (FONTS / name).read_text(encoding="utf-8") for name in shipped}
    assert "SIL Open Font License, Version 1.1" in texts["LICENSE-Lato.txt"]
    assert "Apache License" in texts["LICENSE-DroidSansFallback.txt"]
    assert "bitstream-vera" in texts["LICENSE-DejaVu.txt"]
