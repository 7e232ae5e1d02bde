"""A print shop's pages drawn: every design once, grown by its bleed, in CMYK, a page each."""

from __future__ import annotations

import io
from typing import Literal

import msgspec

from pnp.draw.art import design_back, design_tile
from pnp.draw.components import design_component, design_reverse
from pnp.draw.scene import Drawing
from pnp.export import pdf
from pnp.export.pdfdraw import draw
from pnp.model.tileset import Tileset

# what a page shows: a tile, a back, or a card or token (its face, or its own reverse)
ShopKind = Literal["tile", "back", "component", "reverse"]


class ShopPage(msgspec.Struct, frozen=True):
    """One design on a page of its own, and how many copies of it to print."""

    kind: ShopKind
    name: str
    count: int
    drawing: Drawing


def shop_pages(tileset: Tileset, bleed: float) -> list[ShopPage]:
    """Every printed design once, its art grown by ``bleed``, with its number of copies."""
    width, height = tileset.shape.box(tileset.size)
    printed = [tile for tile in tileset.tiles if tile.count]
    pages = [ShopPage("tile", tile.name, tile.count, design_tile(tileset, tile, bleed))
             for tile in printed]
    for back in tileset.backs:
        count = sum(tile.count for tile in printed if tile.back == back.name)
        if count:
            pages.append(ShopPage("back", back.name, count,
                                  design_back(tileset, back, width, height, bleed)))
    for component in tileset.components:
        if component.kind in ("card", "token") and component.count:
            pages.append(ShopPage("component", component.name, component.count,
                                  design_component(tileset, component, bleed)))
            pages.append(ShopPage("reverse", component.name, component.count,
                                  design_reverse(tileset, component, bleed)))
    return pages


def render_shop_pdf(pages: list[ShopPage], bleed: float, title: str) -> bytes:
    """One page per design: media and bleed box the art with its bleed, trim box the cut."""
    buffer = io.BytesIO()
    canvas = pdf.new_canvas(buffer, 72.0, 72.0, f"{title} - print shop",
                            f"Every design of {title} on a page of its own, with bleed")
    for page in pages:
        width = page.drawing.width + 2 * bleed
        height = page.drawing.height + 2 * bleed
        canvas.setPageSize((width, height))
        canvas.setBleedBox([0, 0, round(width, 3), round(height, 3)])
        canvas.setTrimBox([round(bleed, 3), round(bleed, 3), round(bleed + page.drawing.width, 3),
                           round(bleed + page.drawing.height, 3)])
        canvas.translate(bleed, bleed)
        draw(canvas, page.drawing, None, cmyk=True)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
