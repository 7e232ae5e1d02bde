"""The shipped books flow as a publisher sets them, read off the typeset PDFs: no page
ends with a heading or an introduction, no paragraph leaves a lone line on either
side of a page break, figure pairs share a page, pages are full, and our readings
wait in their own chapter at the back.

Read off the Letter edition: a book is composed once and each paper's edition draws
the same pages, moved to its paper's centre (tests/rulebook/test_editions.py), so
what holds of one edition's page flow holds of the other's.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from flow import (
    body_box,
    book_lines,
    normal,
    page_lines,
    run_of,
    split_paragraphs,
    template_paragraphs,
)
from pypdf import PdfReader
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate
from support import ROOT, SHIPPED_GAMES, pdf_page_image, pdf_page_texts

from pnp.model.paper import PAPERS
from pnp.model.typography import curly_quotes
from pnp.rulebook.source import parse

PAPER_NAMES = ("letter",)  # see the module docstring
FULL = 0.8  # the least part of its text block a page but the last holds


def book(build: Path, game: str, paper: str) -> Path:
    return build / game / f"{game}-rulebook-{paper}.pdf"


# Dynamine's long book takes over three seconds alone: the slow set checks it
@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "dynamine"
                                  else game for game in SHIPPED_GAMES])
def test_no_page_ends_with_a_heading_or_an_introduction_and_no_line_is_left_alone(
        shipped_build, game):
    """No page but the book's last ends with a heading, or with an introduction that ends
    in a colon; no paragraph leaves a lone line on either side of a page break. One test,
    so the book's lines are read once (pypdf's walk of a long book takes seconds)."""
    pages = book_lines(book(shipped_build, game, "letter"), "letter")
    for number, lines in enumerate(pages[2:-1], start=3):  # after the cover and contents
        last = lines[-1]
        assert not last.heading, f"{game}: page {number} ends with '{last.text}'"
        assert not last.text.endswith(":"), \
            f"{game}: page {number} ends with an introduction: '{last.text}'"
    paragraphs = template_paragraphs(ROOT / "templates" / game / "rulebook.md")
    for page, before, after, words in split_paragraphs(pages, paragraphs):
        assert before >= 2 and after >= 2, \
            f"{game}: '{words}' breaks {before} line(s) / {after} line(s) at page {page}"


def test_the_lone_line_check_finds_a_widow_platypus_leaves():
    """The check above can fail: a paragraph that runs one line over a page, set by
    Platypus alone (which allows widows), is found with one line on the next page."""
    style = ParagraphStyle("body", fontName="Helvetica", fontSize=10.5, leading=14.5)
    words = " ".join(f"word{n}" for n in range(60))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=letter, topMargin=72, bottomMargin=72)
    room_lines = int((letter[1] - 144 - 12) / 14.5)
    filler = [Paragraph("filler " * 12, style) for _ in range(room_lines - 4)]
    document.build([*filler, Paragraph(words, style)])
    pages = [page_lines(page, 60) for page in PdfReader(buffer).pages]
    found = split_paragraphs(pages, [normal(words)])
    assert found and found[0][2] == 1, found


@pytest.mark.parametrize("game", SHIPPED_GAMES)
@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_every_page_but_the_last_is_four_fifths_full(shipped_build, game, paper):
    """Measured by ink: how far down the text block the lowest mark reaches."""
    path = book(shipped_build, game, paper)
    count = len(PdfReader(path).pages)
    height = PAPERS[paper].height
    _, bottom, _, tall = body_box(PAPERS[paper])
    dpi = 24
    fills = {}
    for number in range(3, count):  # after the cover and the contents, but the last
        image = pdf_page_image(path, number - 1, dpi).convert("L")
        top_px, foot_px = (height - bottom - tall) * dpi / 72, (height - bottom) * dpi / 72
        box = image.crop((0, int(top_px), image.width, int(foot_px))).point(
            lambda value: 255 if value < 200 else 0).getbbox()
        fills[number] = 0.0 if box is None else box[3] / (foot_px - int(top_px))
    assert {number: round(fill, 2) for number, fill in fills.items() if fill < FULL} == {}
    assert min(fills.values()) > 0.0  # the measure sees ink: it can fail


def diagram_groups(game: str) -> list[list[str]]:
    """The captions of diagrams written one after another in a template: one figure."""
    from pnp.input.tileset import load_tileset

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    groups: list[list[str]] = []
    previous = ""
    for block in source.blocks:
        if block.kind == "diagram" and block.diagram is not None:
            caption = normal(block.diagram.caption)
            if previous == "diagram":
                groups[-1].append(caption)
            else:
                groups.append([caption])
        previous = block.kind
    return [group for group in groups if len(group) > 1]


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "dynamine"
                                  else game for game in SHIPPED_GAMES])
def test_diagrams_written_together_share_a_page(shipped_build, game):
    texts = [normal(text) for text in pdf_page_texts(book(shipped_build, game, "letter"))]

    def page_of(caption: str) -> int:
        start = curly_quotes(caption)[:40]  # as the book prints it
        return next(number for number, text in enumerate(texts, start=1) if start in text)

    for group in diagram_groups(game):
        pages = {page_of(caption) for caption in group}
        assert len(pages) == 1, f"{game}: a figure of {len(group)} diagrams on pages {pages}"


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "dynamine"
                                  else game for game in SHIPPED_GAMES])
def test_a_page_that_says_this_page_holds_what_it_names(shipped_build, game):
    for paper in PAPER_NAMES:
        for number, page in enumerate(pdf_page_texts(book(shipped_build, game, paper)), start=1):
            text = normal(page)
            if re.search(r"\bthis page\b", text, re.IGNORECASE):
                assert "Scale check" in text, f"{game} {paper}: page {number} says 'this page'"


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_readings_are_marked_where_taught_and_explained_at_the_back(shipped_build, game):
    text = "\n".join(pdf_page_texts(book(shipped_build, game, "letter"))[2:])  # past the contents
    heading = re.search(r"^\d+\s+Our readings$", text, re.MULTILINE)
    assert heading is not None, f"{game}: no chapter of our readings"
    teaching, back = text[:heading.start()], text[heading.end():]
    assert "Our reading." not in teaching, "a reading box is still among the rules"
    calls = [int(n) for n in re.findall(r"\u2020(\d+)", teaching)]
    entries = [int(n) for n in re.findall(r"^\u2020(\d+)", back, re.MULTILINE)]
    assert calls and calls == list(range(1, len(calls) + 1)), calls
    assert entries == calls, (entries, calls)


def test_the_heading_check_sees_headings(shipped_build):
    """The check above can fail: it finds the book's headings as headings, and its body
    text and pictures' words as not."""
    pages = book_lines(book(shipped_build, "demon-mine", "letter"), "letter")
    found = [line.text for lines in pages[2:] for line in lines if line.heading]
    assert any("Welcome to Demon Mine" in text for text in found)
    assert all(not line.heading for line in pages[2] if "Deep under the surface" in line.text)


def test_the_lone_line_runs_measure_one_paragraph(shipped_build):
    """A run stops at a paragraph's end: the first page of rules has several."""
    lines = book_lines(book(shipped_build, "demon-mine", "letter"), "letter")[2]
    assert run_of(lines, 0, 1) < len(lines)


def test_a_page_ending_on_a_heading_over_a_lists_first_item_alone_costs_more():
    """Gold Mine p8 ended with "4 Setting up the variant" over step 1 alone. A page that
    ends on a list's first item right under its heading is marked for a price (a rule
    would leave worse holes, as it did on Mattock p7); no other end is."""
    from pnp.export import markup
    from pnp.rulebook.compose import STRANDED, _Walk, units_of
    from pnp.rulebook.page import MEASURE
    from pnp.rulebook.paragraphs import Paragraph, styles

    sheet = styles()
    heading = Paragraph(markup.text("Setting up"), sheet["h1"])
    heading.toc_entry = "4 Setting up"
    steps = [Paragraph(markup.text(f"Step {n} of the setup."), sheet["body"]) for n in (1, 2, 3)]
    for place, step in zip(("first", "middle", "last"), steps, strict=True):
        step.list_place = place
    units = units_of([heading, *steps], MEASURE)
    walk = _Walk(units, 1000.0)
    assert [walk._stranded(index) for index in range(4)] == [False, True, False, False]
    assert STRANDED < 100_000 / 10  # a price, far below a broken rule's


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_the_first_printing_step_shares_its_page_with_the_second(shipped_build, game):
    """Dynamine's page 5 ended with step 1 of the five printing steps, alone under the
    table: the steps are a list the composer keeps company, and step 1 is one line."""
    texts = [" ".join(text.split()) for text in pdf_page_texts(book(shipped_build, game,
                                                                     "letter"))]
    first = next(index for index, text in enumerate(texts) if "1. Pick Letter or A4" in text)
    assert "2. Print at 100% scale" in texts[first]


def test_a_lists_two_line_last_item_keeps_the_item_before_it(shipped_build):
    """Demon Mine's page 11 opened with the tunnel collapse's step 4 of 4 alone, its
    steps 1 to 3 on page 10: a short last item takes the one before it along."""
    texts = [" ".join(text.split()) for text in pdf_page_texts(book(shipped_build,
                                                                     "demon-mine", "letter"))]
    last = next(index for index, text in enumerate(texts)
                if "4. Any pawn still on the square" in text)
    assert "3. Remove the tile the pawn was standing on" in texts[last]


def test_a_list_item_a_reading_marks_stays_an_item_of_its_list():
    """Dynamine's p15 opened with the last item of a list alone: the reading after it had
    marked it with a dagger, and the marked copy had lost its place in the list, so the
    composer no longer kept it with the item before."""
    from pnp.export import markup
    from pnp.rulebook.paragraphs import Paragraph, mark_list, styles
    from pnp.rulebook.readings import _with_call, marker

    sheet = styles()
    items = mark_list([Paragraph(markup.text(f"Item {n}."), sheet["body"]) for n in (1, 2)])
    marked = _with_call(items[-1], marker(13))
    assert marked.list_place == "last"
    assert "Item 2." in marked.getPlainText() and "13" in marked.getPlainText()
