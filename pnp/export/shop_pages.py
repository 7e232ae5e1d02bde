"""A print shop's product as a PDF/X-4: one page per side of every copy, each design a form.

The products themselves (which pieces, at which fitted size) are
:mod:`pnp.export.shop_products`'; this module is the writer, imported only
when a shop that takes PDFs is built for.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from reportlab.lib.colors import CMYKColorSep

from pnp.draw.art import piece_outline
from pnp.draw.scene import Drawing
from pnp.export.pdfdraw import draw, stroke_outline
from pnp.export.pdfx import identified, pdfx_canvas
from pnp.export.press import Press
from pnp.export.shop_products import ShopProduct
from pnp.impose.shop_plan import size_words
from pnp.model.pieces import PieceCut
from pnp.model.shops import Shop


def pages(product: ShopProduct) -> Iterator[tuple[str, Drawing]]:
    """Every side of every copy in order, front then back: (design's name, drawing)."""
    for item in product.items:
        for _ in range(item.count):
            yield item.name, item.front
            yield item.back_name, item.back


DIE_LINE = CMYKColorSep(0.0, 1.0, 0.0, 0.0, spotName="CutContour")  # the cutters' usual name
DIE_WIDTH = 0.25  # points: a hairline a cutter's software traces and the press never prints


def render_product_pdf(product: ShopProduct, title: str, shop: Shop) -> bytes:
    """One page per side of every copy, in the shop's PDF/X (X-4, or X-1a for
    DriveThruCards), each design drawn once as a form: media and bleed box the art with
    its bleed, trim box the cut. A round or hex piece's cut is also drawn on every page
    as a die line, a hairline in the spot colour ``CutContour`` set to overprint, which
    shops that cut shapes read and never print."""
    buffer = io.BytesIO()
    bleed, standard = shop.bleed * 72.0, shop.standard
    size = size_words(product.fit.width, product.fit.height)
    canvas = pdfx_canvas(buffer, f"{title}: {product.copies} {product.family}s, {size}",
                         f"{product.copies} {product.family}s of {title}, {size}, for "
                         f"{shop.title}: one page per side, each front followed by its back",
                         f"{title}, print and play, {product.family}s, {shop.title}",
                         standard)
    press = Press(standard.ink_limit, standard.transparency)
    forms: dict[int, str] = {}
    # rounded once, so the bleed box is the media box to the last digit written
    width = round(product.fit.width + 2 * bleed, 3)
    height = round(product.fit.height + 2 * bleed, 3)
    for _, drawing in pages(product):
        if id(drawing) not in forms:
            forms[id(drawing)] = f"side{len(forms)}"
            grown = drawing.bleed
            canvas.beginForm(forms[id(drawing)], lowerx=-grown, lowery=-grown,
                             upperx=drawing.width + grown, uppery=drawing.height + grown)
            draw(canvas, drawing, None, press)
            canvas.endForm()
    for _, drawing in pages(product):
        canvas.setPageSize((width, height))
        canvas.setBleedBox([0, 0, width, height])
        canvas.setTrimBox([round(bleed, 3), round(bleed, 3),
                           round(bleed + product.fit.width, 3),
                           round(bleed + product.fit.height, 3)])
        # the design grown evenly to cover the trim, centred: no edge of the bleed is bare
        canvas.translate(bleed + (product.fit.width - drawing.width * product.scale) / 2,
                         bleed + (product.fit.height - drawing.height * product.scale) / 2)
        canvas.scale(product.scale, product.scale)
        canvas.doForm(forms[id(drawing)])
        if not product.cut.fills_box:  # on the page: its spot colour is a page resource
            _die_line(canvas, product.cut, drawing)
        canvas.showPage()
    canvas.save()
    return identified(buffer.getvalue())


def _die_line(canvas: Any, cut: PieceCut, drawing: Drawing) -> None:
    canvas.saveState()
    canvas.setStrokeColor(DIE_LINE)
    canvas.setStrokeOverprint(True)
    canvas.setLineWidth(DIE_WIDTH)
    stroke_outline(canvas, piece_outline(cut, drawing.width, drawing.height), drawing.height)
    canvas.restoreState()
