"""A rulebook is typeset once and written per paper: the same pages, each centred on its
paper, with the cover and the check bars drawn for each paper alone."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from flow import body_box
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject
from support import ROOT, pdf_page_image

from pnp.export.designs import GameDesigns
from pnp.input.tileset import load_tileset
from pnp.model.options import options_for
from pnp.model.paper import PAPERS, Paper
from pnp.rulebook.editions import EditionsCanvas, book_page, placing, write_editions
from pnp.rulebook.exporter import Rulebooks

EDITIONS = (PAPERS["letter"], PAPERS["a4"])  # the papers a build writes unless told

LETTER, A4 = PAPERS["letter"], PAPERS["a4"]


def shipped_pdfs(build: Path, game: str) -> dict[str, bytes]:
    """A shipped game's rulebook as the test run's one build wrote it, by paper name."""
    return {name: (build / game / f"{game}-rulebook-{name}.pdf").read_bytes()
            for name in ("letter", "a4")}


def shipped_editions(build: Path, game: str) -> dict[str, PdfReader]:
    return {name: PdfReader(io.BytesIO(pdf)) for name, pdf in shipped_pdfs(build, game).items()}


def test_the_books_page_is_what_both_papers_hold_and_sits_centred_on_each():
    assert book_page() == (A4.width, LETTER.height)
    assert placing(LETTER)[1:] == pytest.approx(((612 - A4.width) / 2, 0.0))
    assert placing(A4)[1:] == pytest.approx((0.0, (A4.height - 792) / 2))
    for paper in EDITIONS:
        left, bottom, width, height = body_box(paper)
        assert left + width / 2 == pytest.approx(paper.width / 2)
        assert bottom + height / 2 == pytest.approx(paper.height / 2)


# A book takes one to three seconds: the quick set checks one, the slow set the others
@pytest.mark.parametrize("game", ["demon-mine", *(pytest.param(game, marks=pytest.mark.slow)
                                                  for game in ("dynamine", "gold-mine",
                                                               "mattock"))])
def test_both_editions_draw_the_same_pages_each_moved_to_its_papers_centre(shipped_build, game):
    readers = shipped_editions(shipped_build, game)
    letter, a4 = readers["letter"], readers["a4"]
    assert len(letter.pages) == len(a4.pages) >= 10  # a whole book, not a stub
    own = 0  # pages drawn differently per paper: the cover and the check bars
    for number in range(len(letter.pages)):
        operators = {}
        for name, reader in readers.items():
            first, rest = reader.pages[number].get_contents().get_data().split(b"\n", 1)
            right, up = placing(PAPERS[name])[1:]
            assert [float(n) for n in first.split()[:6]] == pytest.approx([1, 0, 0, 1, right, up])
            operators[name] = rest
        ours, theirs = letter.pages[number].extract_text(), a4.pages[number].extract_text()
        if operators["letter"] != operators["a4"]:
            own += 1
            assert number == 0 or "Scale check" in ours, number
        if "Scale check" in ours:  # each caption names its own paper's length
            assert "2 in (50.8 mm)" in ours and "50 mm" not in ours
            assert "50 mm (1.97 in)" in theirs and "50.8 mm" not in theirs
            ours, theirs = ours.replace("2 in (50.8 mm)", ""), theirs.replace("50 mm (1.97 in)", "")
            # and each ruler its own paper's units: inches on one, centimetres on the other
            ours, theirs = (re.sub(r"(?m)^\d( in| cm)?\n", "", text) for text in (ours, theirs))
        assert ours == theirs or number == 0, number  # a cover's art is each paper's own
    assert own == 2


def test_body_text_starts_at_the_left_of_the_text_block_on_each_paper(shipped_build, tmp_path):
    dpi = 72
    for name, pdf in shipped_pdfs(shipped_build, "demon-mine").items():
        left, bottom, width, height = body_box(PAPERS[name])
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(pdf)
        image = pdf_page_image(path, 4, dpi).convert("L")
        top_row = round(PAPERS[name].height - (bottom + height))
        columns = [x for x in range(image.width)
                   if any(image.getpixel((x, y)) < 128
                          for y in range(top_row, round(PAPERS[name].height - bottom)))]
        assert min(columns) == pytest.approx(left, abs=2), name
        assert max(columns) <= left + width + 2, name  # a pixel of rounding each side


def _drawn(content: bytes) -> set[str]:
    return {"/" + name.decode() for name in re.findall(rb"/(\S+) Do", content)}


def _forms(reader: PdfReader) -> dict[int, object]:
    """Every form in a file, by object number."""
    found = {}
    for generation, numbers in reader.xref.items():
        for number in numbers:
            stream = reader.get_object(IndirectObject(number, generation, reader))
            if isinstance(stream, StreamObject) and stream.get("/Subtype") == "/Form":
                found[number] = stream
    return found


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_each_edition_lists_exactly_the_forms_it_draws_and_holds_no_others(shipped_build, game):
    for name, reader in shipped_editions(shipped_build, game).items():
        reached: set[int] = set()
        todo = [(page["/Resources"], page.get_contents().get_data()) for page in reader.pages]
        while todo:
            resources, content = todo.pop()
            listed = resources.get("/XObject", {})
            assert set(listed) == _drawn(content), (game, name)
            for reference in listed.values():
                if reference.idnum not in reached:
                    reached.add(reference.idnum)
                    form = reference.get_object()
                    todo.append((form.get("/Resources", {}), form.get_data()))
        assert set(_forms(reader)) == reached, (game, name)  # no form only the other uses


def test_each_edition_is_its_own_file_with_its_own_identifier(shipped_build):
    readers = shipped_editions(shipped_build, "mattock")
    assert readers["letter"].trailer["/ID"] != readers["a4"].trailer["/ID"]
    for name, reader in readers.items():
        for page in reader.pages:
            assert [float(n) for n in page.mediabox] == pytest.approx(
                [0, 0, PAPERS[name].width, PAPERS[name].height], abs=1e-3)


@pytest.mark.slow  # over three seconds alone: the book typeset for three sets of papers
def test_an_edition_says_how_to_print_the_papers_the_build_asked_for():
    """The printing section lists this build's papers and sheets (a shorter table may move
    the pages after it); the book is otherwise the same, and reproducible."""
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")

    def made(papers: tuple[str, ...]) -> dict[str, bytes]:
        options = options_for(papers)
        return {artifact.path: artifact.data
                for artifact in Rulebooks().export(GameDesigns(tileset, options), None)}

    both, alone = made(("letter", "a4")), made(("a4",))
    assert list(both) == ["mattock-rulebook-letter.pdf", "mattock-rulebook-a4.pdf"]
    assert list(alone) == ["mattock-rulebook-a4.pdf"]
    assert made(("a4",)) == alone  # reproducible, byte for byte
    pages = [[page.extract_text() for page in PdfReader(io.BytesIO(book)).pages]
             for book in (both["mattock-rulebook-a4.pdf"], alone["mattock-rulebook-a4.pdf"])]
    assert pages[0][0] == pages[1][0]  # the cover
    printing = [_printing_section(book) for book in pages]
    assert "Letter or A4" in printing[0] and "Letter" not in printing[1]
    assert "made for A4 paper" in printing[1]
    # otherwise the same words (page numbers and running heads aside), wherever the
    # shorter table lets the pages after it begin and their figures float
    words = [Counter(word for word in _words(book) if not word.isdigit()) for book in pages]
    assert sum(words[1].values()) > 2000
    # the Letter column of the printing table adds its counts ("2 sheets", "pages 1-4",
    # "page 5 of the board", ...): about thirty words, where a changed rule is hundreds
    assert sum(((words[0] - words[1]) + (words[1] - words[0])).values()) <= 32


def _bare_editions(draw) -> dict[str, bytes]:
    """A one-page book on the shared page whose drawing is ``draw(canvas)``."""
    canvas = EditionsCanvas(io.BytesIO(), pagesize=book_page(), invariant=1,
                            papers=EDITIONS)
    draw(canvas)
    return write_editions(canvas)


def test_a_whole_page_drawing_is_on_each_papers_own_page(tmp_path: Path):
    def cover(canvas) -> None:
        def on(paper: Paper) -> None:
            canvas.setFillColorRGB(0, 0, 0)
            canvas.rect(0, 0, paper.width, paper.height, stroke=0, fill=1)

        canvas.per_paper(on, whole_page=True)

    for name, pdf in _bare_editions(cover).items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(pdf)
        image = pdf_page_image(path, 0, dpi=36).convert("L")
        assert image.getextrema() == (0, 0), name  # black from edge to edge, nothing more


def test_a_drawing_in_the_flow_is_drawn_where_the_flow_is_for_each_paper(tmp_path: Path):
    def bars(canvas) -> None:
        canvas.translate(100, 200)

        def on(paper: Paper) -> None:
            canvas.setFillColorRGB(0, 0, 0)
            canvas.rect(0, 0, 100 if paper.name == "letter" else 50, 10, stroke=0, fill=1)

        canvas.per_paper(on)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(0, 40, 10, 10, stroke=0, fill=1)  # after the slot, the flow goes on

    dpi = 72
    for name, pdf in _bare_editions(bars).items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(pdf)
        image = pdf_page_image(path, 0, dpi=dpi).convert("L")
        right, up = placing(PAPERS[name])[1:]
        x, y = 100 + right, PAPERS[name].height - (200 + up)  # the bar's lower left, y down
        row = [image.getpixel((round(x) + dx, round(y) - 5)) for dx in range(0, 110)]
        dark = sum(1 for value in row if value < 128)
        assert dark == pytest.approx(100 if name == "letter" else 50, abs=2), name
        assert image.getpixel((round(x) + 5, round(y) - 45)) < 128, name


def test_a_slot_holds_drawing_only():
    """Anything else in a slot would reach every edition or none: it is refused."""
    def book() -> EditionsCanvas:
        return EditionsCanvas(io.BytesIO(), pagesize=book_page(), papers=EDITIONS)

    canvas = book()
    with pytest.raises(RuntimeError):
        canvas.per_paper(lambda paper: canvas.per_paper(lambda inner: None))
    canvas = book()
    with pytest.raises(RuntimeError):
        canvas.per_paper(lambda paper: canvas.linkURL("https://example.org", (0, 0, 9, 9)))
    canvas = book()
    canvas.beginForm("inside")
    with pytest.raises(RuntimeError):
        canvas.per_paper(lambda paper: None)
    canvas = book()
    canvas.per_paper(lambda paper: canvas.rect(0, 0, 9, 9))  # drawing is what a slot is for


def _printing_section(pages: list[str]) -> str:
    """The text of the pages around the one that says to print at 100% scale."""
    middle = next(number for number, text in enumerate(pages) if "100% scale" in text)
    return "\n".join(pages[middle - 1:middle + 2])


def _words(pages: list[str]) -> list[str]:
    """The book's words, without running heads and page numbers."""
    return [word for text in pages for line in text.split("\n")[2:] for word in line.split()]
