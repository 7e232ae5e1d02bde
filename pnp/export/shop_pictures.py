"""The pictures a print shop that takes pictures gets: one PNG per face and per back.

Kept apart from the shop's exporter so that a build for a shop that takes PDFs,
and every build for no shop, never loads the picture stack (cairosvg and the C
declarations its bindings parse at import).
"""

from __future__ import annotations

from PIL import Image

from pnp.draw.scene import Drawing
from pnp.export.raster import encode, pixels, render
from pnp.export.shop_products import ShopProduct
from pnp.model.shops import Shop


def product_pictures(product: ShopProduct, shop: Shop) -> dict[str, bytes]:
    """Each face and back of ``product`` once, by file stem, at the shop's pixel size."""
    size = pixels(((product.fit.width / 72.0 + 2 * shop.bleed),
                   (product.fit.height / 72.0 + 2 * shop.bleed)), shop.dpi)
    pictures: dict[str, bytes] = {}
    for item in product.items:
        for stem, drawing in ((item.name, item.front), (item.back_name, item.back)):
            if stem not in pictures:
                pictures[stem] = encode(
                    _covering(drawing, product.scale, size, shop.dpi), shop.dpi)
    return pictures


def _covering(drawing: Drawing, scale: float, size: tuple[int, int], dpi: int) -> Image.Image:
    """The design grown evenly by ``scale``, centred on ``size`` pixels: cut about its centre
    where it covers more (a card), transparent around it where it is less (a hex inside the
    product's die); never stretched."""
    grown = pixels(((drawing.width + 2 * drawing.bleed) * scale / 72.0,
                    (drawing.height + 2 * drawing.bleed) * scale / 72.0), dpi)
    picture = Image.new("RGBA", size, (0, 0, 0, 0))
    picture.paste(render(drawing, grown), ((size[0] - grown[0]) // 2, (size[1] - grown[1]) // 2))
    return picture
