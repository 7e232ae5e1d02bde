"""The type system: a display face for titles and headings, a text face for the rest,
DejaVu Sans for whatever either of them cannot draw, all embedded as subsets."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from support import ROOT, render_rulebook, tileset_from_text

from pnp.draw.art import design_tile
from pnp.draw.fonts import FONT_DIR, with_fallback
from pnp.export.svg import to_svg
from pnp.input.faces import FONTS, code_points, draws, face_for
from pnp.model.paper import PAPERS
from pnp.rulebook.source import parse

ARMENIAN = "\u0531\u0580\u0561\u0580\u0561\u057f"  # a word Lato and Vollkorn have no glyphs for


def fonts_of_text(page) -> dict[str, set[str]]:
    """The base font (subset prefix removed) that set each piece of a page's text."""
    found: dict[str, set[str]] = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            found.setdefault(str(font["/BaseFont"]).split("+")[-1], set()).add(text.strip())

    page.extract_text(visitor_text=visit)
    return found


def test_every_face_draws_printable_ascii_and_ships_with_its_licence():
    """Text that is all ASCII never looks for a fallback: that must be true of every face."""
    ascii_text = "".join(map(chr, range(0x20, 0x7F)))
    for face, fallback in FONTS.values():
        for each in (face, fallback):
            glyphs = code_points(each)
            assert all(ord(character) in glyphs for character in ascii_text), each.file
            assert (FONT_DIR / each.file).is_file()
    for licence in ("LICENSE-Lato.txt", "LICENSE-Vollkorn.txt", "LICENSE-DejaVu.txt"):
        text = (FONT_DIR / licence).read_text(encoding="utf-8")
        assert "Font" in text and "licen" in text.lower()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "LICENSE-Lato.txt" in pyproject and "LICENSE-Vollkorn.txt" in pyproject


def test_a_string_a_face_lacks_is_set_whole_in_its_fallback():
    assert face_for("regular", "Dig deeper").file == "Lato-Regular.ttf"
    assert face_for("regular", f"Dig {ARMENIAN}").file == "DejaVuSans.ttf"
    assert face_for("display", ARMENIAN).file == "DejaVuSans-Bold.ttf"
    assert not draws(FONTS["regular"][0], ARMENIAN)
    marked = with_fallback(f"<b>Mine</b> {ARMENIAN}", "PnpText")
    assert marked.startswith("<b>Mine</b> ") and marked.count('<font face="PnpSans">') == 6


def test_the_book_sets_headings_in_the_display_face_and_text_in_the_text_face(shipped_build):
    book = PdfReader(shipped_build / "dynamine" / "dynamine-rulebook-letter.pdf")
    fonts = fonts_of_text(book.pages[2])
    # the chapter heading, its number too: the bundled Vollkorn's figures are lining
    assert any(text.startswith("1") and "The aim of the game" in text
               for text in fonts["Vollkorn-Bold"])
    assert sum(len(text) for text in fonts["Lato-Regular"]) > 300  # the body
    assert not fonts.keys() - {"Vollkorn-Bold", "Lato-Regular", "Lato-Bold", "Lato-Italic",
                               "DejaVuSansCondensed-Bold"}
    cover = fonts_of_text(book.pages[0])
    assert "DYNAMINE" in cover["Vollkorn-Bold"]
    for page in book.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
                else font
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor  # embedded...
            assert str(font["/BaseFont"])[7] == "+"  # ...as a subset: /ABCDEF+Name


@pytest.fixture(scope="module")
def armenian(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("armenian")
    (folder / "rules.md").write_text(f"# {ARMENIAN}\n\nDig {ARMENIAN} tunnels.\n",
                                     encoding="utf-8")
    return folder


def test_text_the_faces_lack_falls_back_to_dejavu_in_the_book_and_on_pieces(armenian):
    tileset = tileset_from_text(f"""\
game: armenian
title: "{ARMENIAN}"
size: 1.5in
rulebook: rules.md
tiles:
  - name: straight
    count: 4
    paths: [N-S]
    features: [{{text: "{ARMENIAN}", at: NE}}]
""", armenian)
    pdf = render_rulebook(tileset, parse(armenian / "rules.md", tileset), PAPERS["letter"])
    reader = PdfReader(io.BytesIO(pdf))
    cover, body = fonts_of_text(reader.pages[0]), fonts_of_text(reader.pages[2])
    assert ARMENIAN.upper() in cover["DejaVuSans-Bold"]
    assert any(ARMENIAN in text for text in body["DejaVuSans"])  # the run, in the body
    assert any(text.startswith("Dig") for text in body["Lato-Regular"])  # the rest stays Lato
    assert ARMENIAN in "".join(page.extract_text() for page in reader.pages)
    svg = to_svg(design_tile(tileset, tileset.tiles[0]))
    assert 'font-family="DejaVu Sans, Droid Sans Fallback, sans-serif"' in svg


FRESH_PROCESS = """
import io, sys
from pathlib import Path
from reportlab.pdfbase import pdfmetrics
from support import tileset_from_text
from pnp.model.paper import PAPERS
from pnp.rulebook.source import parse
from support import render_rulebook
folder = Path(sys.argv[1])
tileset = tileset_from_text(
    "game: runs\\ntitle: Runs\\nsize: 1.5in\\nrulebook: rules.md\\n"
    "tiles:\\n  - name: straight\\n    count: 4\\n    paths: [N-S]\\n", folder)
pdf = render_rulebook(tileset, parse(folder / "rules.md", tileset), PAPERS["letter"])
(folder / "book.pdf").write_bytes(pdf)
print(" ".join(sorted(pdfmetrics.getRegisteredFontNames())))
"""


def typeset_fresh(folder: Path, rules: str) -> tuple[set[str], Path]:
    """Typeset ``rules`` in a new interpreter, where no earlier test registered a face;
    returns the faces it registered and the book."""
    import subprocess
    import sys

    (folder / "rules.md").write_text(rules, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS, str(folder)], check=True,
                          capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "tests"), "PATH": ""})
    return set(done.stdout.split()), folder / "book.pdf"


def test_a_book_its_faces_draw_whole_never_reads_the_fallback(tmp_path):
    """Reading DejaVu's three faces costs a process some 30 ms: only a book that needs
    them pays it."""
    registered, _ = typeset_fresh(tmp_path, "# Digging\n\nDig **deep** and *far*.\n")
    assert {"PnpText", "PnpText-Bold", "PnpText-Italic"} <= registered
    assert not {name for name in registered if name.startswith("PnpSans")}


def test_a_book_that_needs_the_fallback_reads_its_family_and_keeps_its_own_bold(tmp_path):
    """The fallback's faces are read late, after the text family is mapped: registering
    a face maps its name to itself alone, and must not undo the text's <b> and <i>."""
    registered, book = typeset_fresh(
        tmp_path, f"# Runs\n\nDig **deep {ARMENIAN}** and *far {ARMENIAN}*.\n")
    assert {"PnpSans", "PnpSans-Bold", "PnpSans-Oblique"} <= registered
    fonts = fonts_of_text(PdfReader(book).pages[2])
    assert "deep" in fonts["Lato-Bold"] and "far" in fonts["Lato-Italic"]
    # and the fallback's own bold and italic for the runs inside them
    assert ARMENIAN in fonts["DejaVuSans-Bold"] and ARMENIAN in fonts["DejaVuSans-Oblique"]
    assert "DejaVuSans" not in fonts


def test_a_fallback_run_takes_the_weight_and_slant_of_the_tags_around_it():
    marked = with_fallback(f"<b>{ARMENIAN[0]}<i>{ARMENIAN[1]}</i></b> <i>{ARMENIAN[2]}</i>"
                           f"{ARMENIAN[3]}", "PnpText")
    assert marked == (f'<b><font face="PnpSans-Bold">{ARMENIAN[0]}</font><i>'
                      f'<font face="PnpSans-Bold">{ARMENIAN[1]}</font></i></b> <i>'
                      f'<font face="PnpSans-Oblique">{ARMENIAN[2]}</font></i>'
                      f'<font face="PnpSans">{ARMENIAN[3]}</font>')
    assert with_fallback(ARMENIAN[0], "PnpText-Italic") == \
        f'<font face="PnpSans-Oblique">{ARMENIAN[0]}</font>'
