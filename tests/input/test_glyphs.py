"""Text in any script either prints with our fonts or is an error naming its field."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from support import ROOT

from pnp.cli import main
from pnp.input.glyphs import DIRECTION_CONTROLS, FINE_ASCII, drawable, undrawable

TILESET = """game: mini
title: {title}
size: 1.5in
rulebook: rules.md
tiles:
  - {{name: straight, count: 7, paths: [N-S]}}
  - {{name: elbow, count: 5, paths: [N-E]}}
"""


def write(folder: Path, title: str, rules: str = "# Playing\n\nDig.\n") -> Path:
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    path = folder / "mini.yaml"
    path.write_text(TILESET.format(title=title), encoding="utf-8")
    return path


def test_the_ascii_shortcut_is_exactly_the_ascii_the_fonts_draw_left_to_right():
    import unicodedata

    drawn = {character for character in map(chr, range(128)) if drawable(character) and
             unicodedata.bidirectional(character) not in DIRECTION_CONTROLS}
    assert drawn == FINE_ASCII


def test_the_coverage_file_lists_exactly_what_every_bundled_font_draws():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from font_coverage import TARGET, coverage_text
    finally:
        sys.path.pop(0)
    assert TARGET.read_text(encoding="ascii") == coverage_text()


@pytest.mark.parametrize("character", ["é", "ß", "Œ", "€", "Я", "ї", "λ", "Ω", "—", "…", "★",
                                       "金", "ア", "한", "א", "ع"])
def test_latin_greek_cyrillic_and_symbols_are_drawable(character):
    assert drawable(character) and undrawable(f"a {character} b") is None


@pytest.mark.parametrize("text, fragment", [
    ("खान", "U+0916"), ("Mine 🙂", "U+1F642"), ("ขุด", "U+0E02"),
    ("\u202eevil", "overrides the direction"), ("a\u2067b", "U+2067"),
])
def test_what_our_fonts_cannot_print_is_described(text, fragment):
    assert fragment in (undrawable(text) or "")


def test_a_title_in_an_uncovered_script_is_an_error_naming_the_line_and_field(tmp_path):
    result = CliRunner().invoke(main, ["validate", str(write(tmp_path, "खान Mine"))])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "line 2: field 'title'" in result.output and "U+0916" in result.output
    assert "empty box" in result.output


def test_a_template_line_with_an_emoji_is_an_error_on_that_line(tmp_path):
    rules = "# Playing\n\nDig.\n\n| a | b |\n|---|---|\n| x | ख |\n\n- one\n- two 🙂\n"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(write(tmp_path, "Mini", rules)),
                                       "--out", str(out), "--paper", "letter"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "rules.md, line 7" in result.output and "rules.md, line 10" in result.output
    assert not out.exists()


def test_a_cyrillic_and_greek_title_prints_with_real_glyphs(tmp_path):
    title = "Шахта Ωμέγα"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(write(tmp_path, title)), "--out", str(out),
                                       "--paper", "letter"])
    assert result.exit_code == 0, result.output
    cover = PdfReader(out / "mini" / "mini-rulebook-letter.pdf").pages[0].extract_text()
    assert title.upper() in cover or title in cover
