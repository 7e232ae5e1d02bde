"""One-page player aids (a scoring summary, a variant's rules card) set with Platypus.

The text comes from the tileset, in our own words; headings, paragraphs and
"- " bullet lines are all the structure an aid needs. Pages carry the same
header and check bar as the sheets, and only embedded fonts.
"""

from __future__ import annotations

import io
from typing import Any

from pnp.draw.fonts import pdf_font
from pnp.export.markup import paragraph, text
from pnp.export.pdf import binary_streams, define_check_bar, page_header
from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, PAPER_TITLES, SAFE_MARGIN, Paper
from pnp.model.tileset import Aid


def _story(aid: Aid, game_title: str) -> list[Any]:  # reportlab flowables are untyped
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Spacer

    title = ParagraphStyle("title", fontName=pdf_font("bold"), fontSize=20, leading=24,
                           spaceAfter=4, textColor=HexColor("#1f1a16"))
    subtitle = ParagraphStyle("subtitle", fontName=pdf_font("regular"), fontSize=10,
                              leading=13, spaceAfter=10, textColor=HexColor("#6c5f51"))
    heading = ParagraphStyle("heading", fontName=pdf_font("bold"), fontSize=12.5, leading=15,
                             spaceBefore=8, spaceAfter=3, textColor=HexColor("#a8321c"))
    body = ParagraphStyle("body", fontName=pdf_font("regular"), fontSize=10, leading=13,
                          spaceAfter=4)
    story: list[Any] = [paragraph(text(aid.title), title),
                        paragraph(text(f"{game_title} \u00b7 player aid"), subtitle)]
    for head, words in aid.sections:
        block: list[Any] = [paragraph(text(head), heading)]
        bullets: list[Any] = []
        for raw in words.strip().split("\n"):
            line = raw.strip()
            if line.startswith("- "):
                bullets.append(ListItem(paragraph(text(line[2:]), body), leftIndent=12))
                continue
            if bullets:
                block.append(ListFlowable(bullets, bulletType="bullet", start="\u2022",
                                          leftIndent=12, bulletFontName=pdf_font("regular")))
                bullets = []
            if line:
                block.append(paragraph(text(line), body))
        if bullets:
            block.append(ListFlowable(bullets, bulletType="bullet", start="\u2022",
                                      leftIndent=12, bulletFontName=pdf_font("regular")))
        block.append(Spacer(1, 2))
        story.append(KeepTogether(block))
    return story


def render_aid(aid: Aid, paper: Paper, game_title: str) -> tuple[bytes, int]:
    """The aid as PDF bytes, and how many pages it took.

    "page x of y" needs y before the first page is drawn: an aid is meant to be
    one page, so we guess one and set it again only if the guess was wrong.
    """
    data, pages = _render(aid, paper, game_title, 1)
    if pages != 1:
        data, pages = _render(aid, paper, game_title, pages)
    return data, pages


def _render(aid: Aid, paper: Paper, game_title: str, total: int) -> tuple[bytes, int]:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import SimpleDocTemplate

    binary_streams()
    buffer = io.BytesIO()
    margin = SAFE_MARGIN + 22.0
    document = SimpleDocTemplate(
        buffer, pagesize=(paper.width, paper.height), invariant=1,
        leftMargin=margin, rightMargin=margin,
        topMargin=SAFE_MARGIN + HEADER_BAND + 18.0, bottomMargin=SAFE_MARGIN + FOOTER_BAND + 12,
        title=f"{game_title} - {aid.title} ({PAPER_TITLES[paper.name]})", author="pnp",
        subject=f"Player aid for {game_title}", creator="pnp",
        initialFontName=pdf_font("regular"), initialFontSize=10,
    )
    pages: list[int] = []

    def furniture(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        if not canvas.hasForm("checkbar"):
            define_check_bar(canvas, paper)
        pages.append(doc.page)
        page_header(canvas, paper, f"{game_title} \u00b7 {aid.title} \u00b7 "
                    f"{PAPER_TITLES[paper.name]} \u00b7 print on plain paper", doc.page,
                    max(total, doc.page))

    document.build(_story(aid, game_title), onFirstPage=furniture, onLaterPages=furniture)
    return buffer.getvalue(), len(pages)
