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

from pnp.draw.fonts import pdf_font
from pnp.draw.scene import Drawing
from pnp.draw.symbols import design_symbol
from pnp.export import markup
from pnp.export.platypus import Table, TableStyle
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
SYMBOL = 40.0  # a tile's symbol alone: several times its size on a tile
GUTTER = 12.0  # between the picture and its words


def _picture(designs: Designs, entry: ShownTile) -> tuple[str, Drawing, float]:
    """The form key, design and width of an entry's picture: a token at about its size, a
    tile or a symbol about an inch across."""
    game = designs.tileset.game
    if entry.piece:
        return (*designs.piece(entry.piece), PIECE)
    if entry.icon:
        return (f"symbol:{game}:{entry.icon}", design_symbol(designs.tileset, entry.icon,
                                                              SYMBOL), SYMBOL)
    return f"tile:{game}:{entry.tile}", designs.tile(entry.tile), PICTURE


def shown_tiles(designs: Designs, shown: tuple[ShownTile, ...],
                sheet: dict[str, Style]) -> list[Flowable]:
    """One row per tile: its picture, then its words, the picture's top level with theirs."""
    parser = MarkdownIt("commonmark", {"html": False, "typographer": True})
    parser.enable(["replacements", "smartquotes"])
    rows = []
    for entry in shown:
        inline = parser.parse(entry.text)[1]  # paragraph_open, inline, paragraph_close
        picture = DesignFlowable(*_picture(designs, entry), designs)
        rows.append([picture, Paragraph(markup.last_two_bound(inline_markup(inline)),
                                        sheet["body"])])
    table = Table(rows, colWidths=[PICTURE + GUTTER, MEASURE - PICTURE - GUTTER],
                  hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
    ]))
    return [table]
