"""The rulebook's tables: column widths from their contents, one style, plain text rows
and file names broken only after hyphens.
"""

from __future__ import annotations

import re
from typing import Any

from pnp.draw.fonts import pdf_font
from pnp.export import markup
from pnp.export.platypus import Table, TableStyle
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
    """Columns as wide as their longest text where it fits, the rest shared out.

    A column whose every cell fits on one line within its share gets just that,
    and the width it leaves goes to the others, in proportion to their longest
    text (weighed by letters alone, a column headed "Side B, 1st / 2nd" had
    wrapped beside one headed "Side A" with room to spare, and a column of
    sums beside one of long names); every column fits its longest word, so no
    word is broken across lines (words joined by no-break spaces, "1 + 1 = 2",
    "4 VP", are one word here, as when set).
    """
    columns = max(len(row) for row in rows)
    texts = [[row[i].getPlainText() if i < len(row) else "" for row in rows]
             for i in range(columns)]
    # a cell may be set bold (a head, a total) or regular, and digits run wider regular
    whole = [max((max(string_width(text, "bold", 9), string_width(text, "regular", 9))
                  for text in column), default=0.0) + 13 for column in texts]
    floors = [max((string_width(word, "bold", 9) for text in column
                   for word in re.split(r"[^\S\u00a0]+", text) if word),
                  default=0.0) + 12 for column in texts]
    widths = _fitted(whole, width)
    spare = width - sum(widths)
    return [max(floor, own + spare * own / sum(widths))
            for floor, own in zip(floors, widths, strict=True)]


def _fitted(whole: list[float], width: float) -> list[float]:
    """Each column's whole width where that is within an even share of what is left,
    and the rest to the others, in proportion to their whole widths."""
    widths = list(whole)
    open_ = set(range(len(whole)))
    room = width
    while open_:
        fits = {i for i in open_ if whole[i] <= room / len(open_) + 1e-9}
        if not fits:
            total = sum(whole[i] for i in open_)
            for i in open_:
                widths[i] = min(whole[i], room * whole[i] / total)
            break
        room -= sum(whole[i] for i in fits)
        open_ -= fits
    return widths


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
