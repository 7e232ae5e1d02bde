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
