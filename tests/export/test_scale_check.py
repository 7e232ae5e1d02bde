"""The two check bars at right angles read like a ruler: marks every quarter inch on an
inch paper and every 5 mm on a metric one, counted off the rendered page."""

from __future__ import annotations

import pytest
from reportlab.pdfgen.canvas import Canvas
from support import pdf_page_image

from pnp.export.pdf import CHECK_BAR_HEIGHT, draw_scale_check
from pnp.model.paper import PAPERS

DPI = 144  # two pixels a point


@pytest.mark.parametrize(("paper", "marks"), [("letter", 8), ("a4", 10)])
def test_each_bar_is_marked_like_a_ruler_in_its_papers_unit(tmp_path, paper, marks):
    path = tmp_path / "check.pdf"
    canvas = Canvas(str(path), pagesize=(300, 300))
    draw_scale_check(canvas, PAPERS[paper], 20, 20, 120)
    canvas.save()
    image = pdf_page_image(path, 0, DPI).convert("L")
    scale = DPI / 72

    def dark_runs(pixels: list[int]) -> int:
        dark = [value < 200 for value in pixels]
        return sum(1 for index, here in enumerate(dark) if here and (index == 0 or
                                                                     not dark[index - 1]))

    just_above = round(image.height - (20 + CHECK_BAR_HEIGHT + 1.5) * scale)
    right_of = round((20 + CHECK_BAR_HEIGHT + 1.5) * scale)
    length = PAPERS[paper].check_length
    across = [image.getpixel((x, just_above)) for x in
              range(round((20 + CHECK_BAR_HEIGHT + 2) * scale), round((20 + length + 1) * scale))]
    up = [image.getpixel((right_of, y)) for y in
          range(round(image.height - (20 + length + 1) * scale),
                round(image.height - (20 + CHECK_BAR_HEIGHT + 2) * scale))]
    assert dark_runs(across) == marks
    assert dark_runs(up) == marks


@pytest.mark.parametrize(("paper", "numbers"), [("letter", ["1", "2 in"]),
                                                ("a4", ["1", "2", "3", "4", "5 cm"])])
def test_each_whole_unit_is_numbered_on_both_bars(tmp_path, paper, numbers):
    """A ruler with bare marks read as a test print: each whole unit carries its number,
    the last with its unit, on both bars, and the caption stands beside the bars."""
    from pypdf import PdfReader

    path = tmp_path / "check.pdf"
    canvas = Canvas(str(path), pagesize=(400, 300))
    draw_scale_check(canvas, PAPERS[paper], 20, 20, 200)
    canvas.save()
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), tm[4], tm[5]))

    PdfReader(path).pages[0].extract_text(visitor_text=visit)
    for number in numbers:
        assert sum(1 for text, _, _ in found if text == number) == 2, (number, found)
    caption = next(x for text, x, _ in found if text == "Scale check")
    assert caption > 20 + PAPERS[paper].check_length  # beside the bars, not inside them


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_square_the_bars_measure_is_closed_and_named(tmp_path, paper):
    """Two bars round an empty square had read as a drawing left unfinished: a hairline
    closes the square's other two sides, and its size is named in its middle."""
    from pypdf import PdfReader

    path = tmp_path / "check.pdf"
    canvas = Canvas(str(path), pagesize=(400, 300))
    draw_scale_check(canvas, PAPERS[paper], 20, 20, 200)
    canvas.save()
    image = pdf_page_image(path, 0, DPI).convert("L")
    scale, length = DPI / 72, PAPERS[paper].check_length
    middle = 20 + length / 2
    top = [image.getpixel((round(middle * scale), round(image.height - (20 + length) * scale)
                           + dy)) for dy in (-1, 0, 1)]
    side = [image.getpixel((round((20 + length) * scale) + dx,
                            round(image.height - (20 + length * 0.7) * scale)))
            for dx in (-1, 0, 1)]
    assert min(top) < 160 and min(side) < 160
    text = PdfReader(path).pages[0].extract_text()
    assert PAPERS[paper].check_label in text and "square" in text
