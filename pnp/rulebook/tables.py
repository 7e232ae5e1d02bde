"""The rulebook's tables: column widths from their contents, one style, plain text rows
and file names broken only after hyphens.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.platypus import Table, TableStyle

from pnp.draw.fonts import pdf_font
from pnp.export import markup
from pnp.input.faces import string_width
from pnp.rulebook.paragraphs import ACCENT, Paragraph, colour

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle


def table(rows: list[list[Flowable]], widths: list[float]) -> Flowable:
    """A table of the Markdown's rows with these column widths."""
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(table_style()))
    return table


def column_widths(rows: list[list[Flowable]], width: float) -> list[float]:
    """Columns that share the width in proportion to their longest text."""
    columns = max(len(row) for row in rows)
    texts = [[row[i].getPlainText() if i < len(row) else "" for row in rows]
             for i in range(columns)]
    # every column fits its longest word, so no word is ever broken across lines; words
    # joined by no-break spaces ("1 + 1 = 2", "4 VP") are one word here, as when set
    floors = [max((string_width(word, "bold", 9) for text in column
                   for word in re.split(r"[^\S\u00a0]+", text) if word),
                  default=0.0) + 12 for column in texts]
    weights = [min(max(max(len(text) for text in column), 6), 60) for column in texts]
    spare = max(0.0, width - sum(floors))
    return [floor + spare * weight / sum(weights) for floor, weight in zip(floors, weights,
                                                                           strict=True)]


def table_style() -> list[tuple[object, ...]]:
    return [
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("BACKGROUND", (0, 0), (-1, 0), colour(ACCENT)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colour("#ffffff"), colour("#f3ecdd")]),
        ("GRID", (0, 0), (-1, -1), 0.4, colour("#c9bda6")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]


def text_row(sheet: dict[str, Style], *cells: str) -> list[Flowable]:
    """A table row of plain text cells, each escaped."""
    return [Paragraph(markup.text(cell), sheet["cell"]) for cell in cells]
