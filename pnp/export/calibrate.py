"""The duplex calibration sheet: two pages, printed on the two sides of one sheet.

The geometry (which strokes, where, what each pair means) is
:mod:`pnp.impose.duplex`; this module only draws it. The front carries the
front half of every stroke pair with its number, the instructions and two
check bars at right angles (the scale, both ways); the back carries the
other halves where a perfect printer would put them behind the front, so
the user sees, against a light, which pair a real printer joins into one
straight line.
"""

from __future__ import annotations

import io
from typing import Any

from pnp.draw.fonts import pdf_font
from pnp.export.pdf import INK, define_check_bar, draw_scale_check, new_canvas, page_header
from pnp.impose.duplex import StrokePair, back_point, calibration_pairs
from pnp.model.paper import Duplex, Paper
from pnp.units import mm

LINE_WIDTH = 0.5
LABEL_SIZE = 7.0
TEXT_SIZE = 9.0
TITLE_SIZE = 14.0
CHECK_CAPTION_ROOM = 200.0  # beside the check bars, for their caption


def instructions(paper: Paper, duplex: Duplex) -> list[str]:
    """What the user does with the sheet, one line each."""
    edge = "long" if duplex == "long" else "short"
    return [
        f"1. Print both pages on one sheet of {paper.title}, double-sided,",
        f"   flipping on the {edge} edge, at 100% (\u201cactual size\u201d).",
        "2. Hold the sheet up to a bright light with this side facing you.",
        "3. In the row at the top, find the pair whose two strokes make",
        "   one straight line: its number is the first offset (X).",
        "4. In the column on the left, do the same: the second offset (Y).",
        "   Between two pairs? Take the value halfway between them.",
        "5. Save it:   pnp profile set NAME --offset Xmm,Ymm",
        "6. Build with it:   pnp build GAME --profile NAME",
        "",
        "Both zeros line up? Your printer needs no correction.",
        f"Use the same paper tray and the same {edge}-edge flip as for your game.",
    ]


def render_calibration(paper: Paper, duplex: Duplex) -> bytes:
    """The calibration sheet for ``paper`` and a ``duplex`` flip ("long" or "short")."""
    buffer = io.BytesIO()
    title = f"pnp duplex calibration - {paper.title}"
    canvas = new_canvas(buffer, paper.width, paper.height, title,
                        "Measure how far a printer's backs land from their fronts")
    define_check_bar(canvas, paper)
    pairs = calibration_pairs(paper)
    page_header(canvas, paper, f"{title} \u00b7 front: the side facing you", 1, 2)
    _front(canvas, paper, pairs, duplex)
    canvas.showPage()
    page_header(canvas, paper, f"{title} \u00b7 back: print on the reverse of page 1", 2, 2)
    _back(canvas, paper, pairs, duplex)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _stroke(canvas: Any, segment: tuple[float, float, float, float]) -> None:
    canvas.line(*segment)


def _front(canvas: Any, paper: Paper, pairs: tuple[StrokePair, ...], duplex: Duplex) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*INK)
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setFont(pdf_font("regular"), LABEL_SIZE)
    for pair in pairs:
        _stroke(canvas, pair.front)
        x1, y1, x2, y2 = pair.front
        if pair.axis == "x":  # a vertical stroke going up: its number above it
            canvas.drawCentredString(x1, max(y1, y2) + 3.0, pair.label)
        else:  # a horizontal stroke going left: its number to its left
            canvas.drawRightString(min(x1, x2) - 3.0, y1 - LABEL_SIZE * 0.35, pair.label)
    left = paper.width / 2 - mm(40)
    top = paper.height / 2 + mm(62)
    canvas.setFont(pdf_font("bold"), TITLE_SIZE)
    canvas.drawString(left, top, "Duplex calibration")
    canvas.setFont(pdf_font("regular"), TEXT_SIZE)
    lines = instructions(paper, duplex)
    for index, line in enumerate(lines):
        canvas.drawString(left, top - 22.0 - index * (TEXT_SIZE + 4.0), line)
    # both bars below the instructions: measure the scale both ways before the offsets
    bottom = top - 22.0 - len(lines) * (TEXT_SIZE + 4.0) - mm(8)
    draw_scale_check(canvas, paper, left, bottom - paper.check_length, CHECK_CAPTION_ROOM)


def _back(canvas: Any, paper: Paper, pairs: tuple[StrokePair, ...], duplex: Duplex) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(LINE_WIDTH)
    for pair in pairs:
        x1, y1, x2, y2 = pair.back
        canvas.line(*back_point(paper, x1, y1, duplex), *back_point(paper, x2, y2, duplex))
