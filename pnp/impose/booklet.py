"""A rulebook imposed two-up on landscape sheets for saddle stitching."""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

from pnp import __version__
from pnp.model.paper import Paper


def booklet_sheets(pages: int) -> int:
    """The sides a booklet of ``pages`` prints: two pages to a side, padded to fours."""
    return 2 * -(-pages // 4)


def booklet(pdf: bytes, paper: Paper) -> bytes:
    """Impose pages two-up on landscape sheets for saddle stitching, in folding order.

    Each printed sheet carries four pages (two per side); padding with blank
    pages to a multiple of four keeps the signature folding correctly.
    """
    reader = PdfReader(io.BytesIO(pdf))
    pages: list[PageObject | None] = list(reader.pages)
    while len(pages) % 4:
        pages.append(None)
    total = len(pages)
    sheet_w, sheet_h = paper.height, paper.width  # landscape
    scale = min((sheet_w / 2) / paper.width, sheet_h / paper.height)
    writer = PdfWriter()
    order: list[tuple[int, int]] = []
    for sheet in range(total // 4):
        order.append((total - 1 - 2 * sheet, 2 * sheet))
        order.append((2 * sheet + 1, total - 2 - 2 * sheet))
    for left, right in order:
        target = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, index in enumerate((left, right)):
            page = pages[index]
            if page is None:
                continue
            x = slot * sheet_w / 2 + (sheet_w / 2 - paper.width * scale) / 2
            y = (sheet_h - paper.height * scale) / 2
            target.merge_transformed_page(page, Transformation().scale(scale).translate(x, y))
        writer.add_page(target)
    metadata = reader.metadata
    title = metadata.get("/Title", "rules") if metadata else "rules"
    writer.add_metadata({"/Title": title + " (booklet)", "/Producer": f"pnp {__version__}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
