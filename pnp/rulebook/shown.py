"""Tiles pictured beside the rule that explains them (the ``pnp tiles`` directive).

A rule about a crossover or a secret passage reads far quicker next to the
tile it is about than as words alone, so each entry is a row: the tile drawn
about an inch across at the left, its words at the right. The pictures are
the tiles' own designs, placed as forms: a tile shown here and on the sheets
is drawn once.
"""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from reportlab.platypus import Table, TableStyle

from pnp.draw.fonts import pdf_font
from pnp.rulebook.designs import Designs
from pnp.rulebook.figures import DesignFlowable
from pnp.rulebook.markdown import inline_markup
from pnp.rulebook.page import MEASURE
from pnp.rulebook.paragraphs import Paragraph
from pnp.rulebook.source import ShownTile

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle

PICTURE = 64.0  # points: a tile about 0.9 in across, its icons as legible as on the table
PIECE = 44.0  # a token, smaller: about its own size on the table
GUTTER = 12.0  # between the picture and its words


def shown_tiles(designs: Designs, shown: tuple[ShownTile, ...],
                sheet: dict[str, Style]) -> list[Flowable]:
    """One row per tile: its picture, then its words, the picture's top level with theirs."""
    parser = MarkdownIt("commonmark", {"html": False, "typographer": True})
    parser.enable(["replacements", "smartquotes"])
    rows = []
    for entry in shown:
        inline = parser.parse(entry.text)[1]  # paragraph_open, inline, paragraph_close
        key, drawing = designs.piece(entry.piece) if entry.piece else \
            (f"tile:{designs.tileset.game}:{entry.tile}", designs.tile(entry.tile))
        picture = DesignFlowable(key, drawing, PIECE if entry.piece else PICTURE,
                                 designs.recorder)
        rows.append([picture, Paragraph(inline_markup(inline), sheet["body"])])
    table = Table(rows, colWidths=[PICTURE + GUTTER, MEASURE - PICTURE - GUTTER],
                  hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
    ]))
    return [table]
