"""reportlab's internals are reached in one module, for the release line we test, and
every shortcut there writes the very bytes reportlab's public calls write.

A reportlab release that changes an internal we use fails here, naming the
shortcut, rather than in a PDF a player prints.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import fp_str
from reportlab.platypus import Paragraph
from reportlab.platypus.flowables import _listWrapOn
from support import ROOT

from pnp.draw.fonts import pdf_font
from pnp.export import reportlab_private as private
from pnp.export.designs import GameDesigns
from pnp.export.pdf import define_form, new_canvas
from pnp.export.pdfdraw import Recorder
from pnp.input.tileset import load_tileset
from pnp.model.options import BuildOptions

PACKAGE = ROOT / "pnp"


def test_the_pin_is_the_line_the_adapter_accepts():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pins = [pin.split("#")[0].strip() for pin in project["project"]["dependencies"]
            if pin.startswith("reportlab")]
    assert pins == [private.PIN]
    low = private.PIN.split(">=")[1].split(",")[0]
    assert low == private.TESTED  # the pin's lower bound is the line that is tested
    private.require_tested()  # and it is what the tests run on


@pytest.mark.parametrize("found", ["5.1.0", "5.1.9"])
def test_the_tested_line_is_accepted(found):
    private.require_tested(found)


@pytest.mark.parametrize("found", ["5.2.0", "5.0.1", "4.4.10", "6.1.0"])
def test_any_other_release_is_refused_saying_what_to_install(found):
    with pytest.raises(private.UntestedReportlab) as refused:
        private.require_tested(found)
    message = str(refused.value)
    assert f"reportlab {found} is installed" in message
    assert f"pip install '{private.PIN}'" in message


def test_a_command_on_an_untested_reportlab_says_so_in_one_line(tmp_path):
    script = ("import sys, reportlab; reportlab.Version = '9.9.0'\n"
              "from pnp.cli import main\n"
              f"main(['calibrate', '--out', {str(tmp_path)!r}])\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT, check=False, timeout=120)
    assert result.returncode == 2
    assert result.stderr.startswith("pnp: error: pnp is tested with reportlab 5.1.x")
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert not list(tmp_path.iterdir())


def _private_uses(path: Path) -> list[str]:
    """Where a module reaches another object's underscored attribute, or imports an
    underscored name from reportlab."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")) \
                and node.attr not in ("_replace", "_asdict", "_fields", "_exit"):
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            found += [f"{path.name}:{node.lineno} {alias.name}" for alias in node.names
                      if alias.name.startswith("_")]
    return found


def test_only_the_adapter_reaches_reportlab_internals():
    modules = [path for path in PACKAGE.rglob("*.py") if path.name != "reportlab_private.py"]
    assert len(modules) > 100
    assert [use for path in modules for use in _private_uses(path)] == []
    assert _private_uses(PACKAGE / "export" / "reportlab_private.py")  # the check can fail


# --- the shortcuts write reportlab's own bytes ---------------------------------------


def _document(draw) -> bytes:
    """A one-page document drawn by ``draw(canvas)``, reproducible."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, 300, 300, "t", "s")
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_remembered_compression_and_ascii_encoding_write_reportlabs_bytes(monkeypatch):
    def page(canvas):
        canvas.setFont(pdf_font("regular"), 12)
        canvas.drawString(20, 20, "Caf\u00e9 \u2014 the same bytes")
        canvas.rect(10, 10, 100, 50)

    private.binary_streams()
    ours = _document(page)
    monkeypatch.setattr(pdfdoc, "PDFZCompress", pdfdoc.PDFStreamFilterZCompress())
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", pdfdoc.pdfdocEnc.__wrapped__)
    assert _document(page) == ours


@pytest.fixture(scope="module")
def tile():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    return GameDesigns(tileset, BuildOptions()).tile("cross")


def test_a_replayed_recording_writes_what_drawing_afresh_writes(tile):
    recorder = Recorder()

    def recorded(canvas):
        define_form(canvas, "first", tile, recorder)  # records
        define_form(canvas, "second", tile, recorder)  # replays
        canvas.doForm("first")
        canvas.doForm("second")

    def fresh(canvas):
        define_form(canvas, "first", tile)
        define_form(canvas, "second", tile)
        canvas.doForm("first")
        canvas.doForm("second")

    assert _document(recorded) == _document(fresh)


def test_placing_forms_writes_what_reportlabs_calls_write(tile):
    spots = [(10.0, 20.0, False), (120.5, 20.25, True)]

    def ours(canvas):
        define_form(canvas, "tile", tile)
        private.place_forms(canvas, ((fp_str(-1, 0, 0, -1, x + 108, y + 108) if turned
                                      else fp_str(1, 0, 0, 1, x, y), "tile")
                                     for x, y, turned in spots))

    def public(canvas):
        define_form(canvas, "tile", tile)
        for x, y, turned in spots:
            canvas.saveState()
            if turned:
                canvas.transform(-1, 0, 0, -1, x + 108, y + 108)
            else:
                canvas.transform(1, 0, 0, 1, x, y)
            canvas.doForm("tile")
            canvas.restoreState()

    assert _document(ours) == _document(public)


def test_a_paragraphs_kept_wrap_draws_what_a_fresh_wrap_draws():
    style = ParagraphStyle("body", fontName=pdf_font("regular"), fontSize=10, leading=13)
    text = "A tunnel that reaches the edge of the board ends there, " * 6

    def draw(kept):
        def page(canvas):
            first = Paragraph(text, style)
            first.wrap(200, 500)
            second = Paragraph(text, style)
            if kept:
                second.__dict__.update(private.paragraph_wrap_state(first, 200))
            else:
                second.wrap(200, 500)
            second.drawOn(canvas, 20, 100)
        return page

    assert private.paragraph_wrap_state(Paragraph(text, style), 200) is None  # not wrapped
    assert _document(draw(True)) == _document(draw(False))


def test_a_stacks_height_is_reportlabs():
    style = ParagraphStyle("body", fontName=pdf_font("regular"), fontSize=10, leading=13)
    flowables = [Paragraph("one line", style), Paragraph("two " * 40, style)]
    assert private.stacked_height(flowables, 200) == _listWrapOn(flowables, 200, None)[1] > 26


def test_platypus_comes_in_through_one_module_that_defers_the_uri_pattern():
    """The deferral holds only if pnp's first import of Platypus is that module's: any
    other would compile the pattern first (reportlab_private reaches Platypus's layout
    helpers from inside functions that text layout calls, after it is imported)."""
    importers = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.startswith("reportlab.platypus") for name in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers == []  # at module level: import_platypus imports it by name


def test_a_book_and_an_aid_import_platypus_with_its_uri_pattern_uncompiled():
    shown = subprocess.run([sys.executable, "-c", (
        "import re\n"
        "import pnp.rulebook.typeset, pnp.export.aids\n"
        "from reportlab.platypus import paragraph\n"
        "from pnp.export.reportlab_private import CompiledOnFirstUse\n"
        "assert re.compile.__module__ == 're'\n"
        "print(type(paragraph.uri_pat) is CompiledOnFirstUse,"
        " 'compiled' in vars(paragraph.uri_pat))\n")],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert shown == ["True", "False"]


@pytest.mark.parametrize("address", ["https://example.com/mines/demon/rules.pdf",
                                     "http://192.168.0.1:8080/a/b", "mailto:x", "no address"])
def test_the_deferred_uri_pattern_splits_an_address_as_reportlabs_compiled_one(
        address, monkeypatch):
    from reportlab.platypus import paragraph

    compiled = re.compile(paragraph.uri_pat.pattern, paragraph.uri_pat.flags)
    monkeypatch.setattr(paragraph, "uri_pat", compiled)
    expected = paragraph._uri_split_pairs(address)
    deferred = private.CompiledOnFirstUse(re.compile, compiled.pattern, compiled.flags)
    monkeypatch.setattr(paragraph, "uri_pat", deferred)
    assert paragraph._uri_split_pairs(address) == expected
    assert deferred.compiled.pattern.startswith(private.URI_PATTERN_START)


def test_a_build_drawing_svg_art_still_defers_the_uri_pattern(tmp_path):
    """SVG art is drawn through reportlab's graphics, which import Platypus themselves:
    the drawing imports it our way first."""
    (tmp_path / "art.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#123456"/></svg>', encoding="utf-8")
    (tmp_path / "art.yaml").write_text(
        "game: art\ntitle: Art\nsize: 1.5in\ntiles:\n  - name: straight\n    count: 2\n"
        "    paths: [N-S]\n    art: art.svg\n", encoding="utf-8")
    shown = subprocess.run([sys.executable, "-c", (
        "import sys\n"
        "from pnp.cli import main\n"
        f"main(['build', {str(tmp_path / 'art.yaml')!r}, '--jobs', '1', '--no-rulebook',"
        f" '--paper', 'letter', '--out', {str(tmp_path / 'out')!r}], standalone_mode=False)\n"
        "from reportlab.platypus import paragraph\n"
        "print('svglib' in sys.modules, type(paragraph.uri_pat).__name__)\n")],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()[-1]
    assert shown.split() == ["True", "CompiledOnFirstUse"]
