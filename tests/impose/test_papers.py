"""Every paper a build prints on: the named ones and any size asked for, each at its exact
size, with the same margins, marks and check bars as Letter and A4.

Adding a paper is one entry in pnp.model.paper; these tests hold that the
entry reaches the sheets, the rulebook and the command line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from support import longest_dark_runs, pdf_page_image, text_sizes

from pnp.cli import main
from pnp.impose.layout import SAFE_MARGIN
from pnp.model.paper import HOME_PAPERS, PAPERS, NotAPaper, paper_named

INCH = 72.0
MM = 72 / 25.4
NEW = ("a3", "tabloid", "legal", "200x250mm")


@pytest.mark.parametrize(("name", "width", "height", "bar"), [
    ("letter", 8.5 * INCH, 11 * INCH, 2 * INCH),
    ("a4", 210 * MM, 297 * MM, 50 * MM),
    ("a3", 297 * MM, 420 * MM, 50 * MM),
    ("tabloid", 11 * INCH, 17 * INCH, 2 * INCH),
    ("legal", 8.5 * INCH, 14 * INCH, 2 * INCH),
    ("200x250mm", 200 * MM, 250 * MM, 50 * MM),
    ("8.5x13in", 8.5 * INCH, 13 * INCH, 2 * INCH),
])
def test_each_paper_is_its_exact_size_with_a_bar_in_its_own_units(name, width, height, bar):
    paper = paper_named(name)
    assert (paper.name, paper.width, paper.height) == (name, pytest.approx(width, abs=1e-9),
                                                       pytest.approx(height, abs=1e-9))
    assert paper.check_length == pytest.approx(bar, abs=1e-9)


@pytest.mark.parametrize(("text", "name"), [
    ("200x250mm", "200x250mm"), ("200.0x250.00mm", "200x250mm"), ("8.50x13IN", "8.5x13in"),
    (" A3 ", "a3"), ("Letter", "letter"),
])
def test_a_size_has_one_spelling_which_its_files_carry(text, name):
    assert paper_named(text).name == name


@pytest.mark.parametrize("text", ["a5", "", "200x250", "200 x 250 mm", "99x250mm",
                                  "200x1201mm", "0x0in", "200x250cm", "1e3x200mm",
                                  "200.123x250mm", "\u0662\u0660\u0660x250mm"])
def test_anything_else_is_refused_saying_what_is_allowed(text):
    with pytest.raises(NotAPaper, match=r"a paper|not a paper"):
        paper_named(text)


def test_the_command_line_takes_lists_and_sizes_and_refuses_the_rest(tmp_path):
    result = CliRunner().invoke(main, ["build", "demon-mine", "--paper", "a5", "--out",
                                       str(tmp_path)])
    assert result.exit_code == 2
    assert "not a paper: 'a5'" in result.output and "200x250mm" in result.output
    result = CliRunner().invoke(main, ["calibrate", "--paper", "200X250MM", "--out",
                                       str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "calibration-200x250mm-long.pdf")
    assert [float(v) for v in reader.pages[0].mediabox] == pytest.approx(
        [0, 0, 200 * MM, 250 * MM], abs=0.01)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Demon Mine on every new paper at once, rulebook included."""
    out = tmp_path_factory.mktemp("papers")
    result = CliRunner().invoke(main, ["build", "demon-mine", "-q", "--paper",
                                       ",".join(NEW) + ",a3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "demon-mine"


@pytest.mark.slow  # Demon Mine built on four papers, book included
def test_a_build_writes_each_paper_once_in_the_order_asked(built):
    """One job per paper, in the order asked, then the aid of each paper (a game built
    alone sets its aids on jobs of their own); the book is typeset once. On the large
    papers the tokens share the tiles' last sheet and the four-player extras get their
    own; on 200 x 250 mm the tokens take a sheet of their own and the extras ride on it."""
    manifest = json.loads((built / "manifest.json").read_text())

    def sheets(paper: str) -> tuple[str, ...]:
        return ("tiles", "tokens") if paper == "200x250mm" else ("tiles", "extras")

    def files(paper: str) -> tuple[str, ...]:
        middle = "tokens" if paper == "200x250mm" else "four-player-extras"
        return ("tiles", middle, "reference-sheet", "rulebook")

    assert [(sheet["kind"], sheet["paper"]) for sheet in manifest["sheets"]] == [
        (kind, paper) for paper in NEW for kind in sheets(paper)] + [
        ("aid", paper) for paper in NEW] + [("rulebook", paper) for paper in NEW]
    assert sorted(path.name for path in built.glob("*.pdf")) == sorted(
        f"demon-mine-{kind}-{paper}.pdf" for paper in NEW for kind in files(paper))


@pytest.mark.slow  # Demon Mine built on four papers, book included
@pytest.mark.parametrize("paper", NEW)
def test_sheets_are_the_paper_and_tiles_are_108_points(built, paper):
    size = paper_named(paper)
    manifest = json.loads((built / "manifest.json").read_text())
    sheet = next(sheet for sheet in manifest["sheets"]
                 if sheet["paper"] == paper and sheet["kind"] == "tiles")
    # tiles only: on a larger paper the pawns ride on the last sheet of tiles
    tiles = [p for p in sheet["placements"] if "tile" in p]
    assert tiles and all(p["w"] == p["h"] == 108.0 for p in tiles)
    for name in (f"demon-mine-tiles-{paper}.pdf", f"demon-mine-rulebook-{paper}.pdf"):
        for page in PdfReader(built / name).pages:
            assert [float(v) for v in page.mediabox] == pytest.approx(
                [0, 0, size.width, size.height], abs=0.01), name


@pytest.mark.slow  # Demon Mine built on four papers, book included
@pytest.mark.parametrize("paper", NEW)
def test_nothing_prints_within_6_mm_of_the_edge_and_the_bar_is_true(built, paper):
    dpi = 100
    image = pdf_page_image(built / f"demon-mine-tiles-{paper}.pdf", 0, dpi).convert("L")
    width, height = image.size
    margin = int(SAFE_MARGIN * dpi / 72) - 1
    for box in [(0, 0, width, margin), (0, height - margin, width, height),
                (0, 0, margin, height), (width - margin, 0, width, height)]:
        assert image.crop(box).getextrema()[0] == 255, box
    # the bar runs along the foot, in the band just inside the 6 mm margin
    band = int((SAFE_MARGIN + 30) * dpi / 72)
    longest, _ = longest_dark_runs(image.crop((0, height - band, width // 2, height)))
    assert longest == pytest.approx(paper_named(paper).check_length / 72 * dpi, abs=2)


@pytest.mark.slow  # Demon Mine built on four papers, book included
def test_a_paper_smaller_than_the_book_gets_the_book_shrunk_its_bars_true(built):
    """200 x 250 mm is narrower and shorter than the book's page (A4's width, Letter's
    height): the pages shrink to fit, text stays at 6 pt or more, and the printing
    page's bars still measure 50 mm both ways."""
    book = built / "demon-mine-rulebook-200x250mm.pdf"
    assert min(size for _, size in text_sizes(book)) >= 6.0
    reader = PdfReader(book)
    index = next(number for number, page in enumerate(reader.pages)
                 if "Measure both:" in page.extract_text())  # the bars' own caption
    dpi = 150
    across, up = longest_dark_runs(pdf_page_image(book, index, dpi).convert("L"))
    assert across == pytest.approx(50 / 25.4 * dpi, abs=2)
    assert up == pytest.approx(50 / 25.4 * dpi, abs=2)


@pytest.mark.slow  # Demon Mine built on four papers, book included
def test_the_book_of_a_larger_paper_is_the_same_book_centred(built, shipped_build):
    """A3, Tabloid and Legal hold the book's page whole: the text sits at the same size,
    and the book is as long, within a page. (Only the printing section differs: its
    table has a column for each paper, and this build has four; the pages are chosen
    for the whole book at once, so its breaks may move anywhere, as any book's would
    when one of its tables grows. The opening page is the same.)"""
    letter = PdfReader(shipped_build / "demon-mine" / "demon-mine-rulebook-letter.pdf")
    for paper in ("a3", "tabloid", "legal"):
        reader = PdfReader(built / f"demon-mine-rulebook-{paper}.pdf")
        assert abs(len(reader.pages) - len(letter.pages)) <= 1
        assert reader.pages[2].extract_text().split("\n")[2:8] == \
            letter.pages[2].extract_text().split("\n")[2:8]


def test_home_papers_are_what_a_build_writes_unless_told():
    assert HOME_PAPERS == ("letter", "a4") and set(HOME_PAPERS) < set(PAPERS)
