"""A print shop's planned products (:mod:`pnp.impose.shop_plan`) with their designs drawn.

Each planned product's tiles or cards are drawn at the game's size with the
bleed they need once grown to the product; :mod:`pnp.export.shop_pages`
writes them as a PDF/X-4 with one page per side of every copy (front, back,
front, back...), :mod:`pnp.export.shop_pictures` as one picture per face and
per back. Text that a cut a little off could clip is found here, on the
drawings.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import msgspec

from pnp.draw.art import design_back, design_tile
from pnp.draw.components import design_component, design_reverse
from pnp.draw.scene import Drawing, Text, flat
from pnp.impose.shop_plan import PlannedProduct, plan_products
from pnp.input.faces import string_width
from pnp.model.pieces import reverse_key
from pnp.model.shops import Outline, Shop
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from collections.abc import Iterator


class ShopItem(msgspec.Struct, frozen=True):
    """One design, its back, and how many copies of the pair to make."""

    name: str
    count: int
    front: Drawing
    back_name: str  # the back's file stem, shared by the designs that share it
    back: Drawing


class ShopProduct(PlannedProduct, frozen=True):
    """A planned product with its designs drawn, and those whose text crowds the cut."""

    items: tuple[ShopItem, ...] = ()
    near_cut: tuple[str, ...] = ()  # designs with text in the shop's safe zone


def shop_products(tileset: Tileset, shop: Shop) -> list[ShopProduct]:
    """Every product the game needs from ``shop`` (:func:`plan_products`), drawn."""
    bleed = shop.bleed * 72.0
    products = []
    for plan in plan_products(tileset, shop):
        items = (_tile_items if plan.family == "tile" else _component_items)(
            tileset, plan, bleed / plan.scale)
        drawn = ShopProduct(**msgspec.structs.asdict(plan), items=items)
        products.append(msgspec.structs.replace(
            drawn, near_cut=tuple(crowded(drawn, shop.safe * 72.0))))
    return products


def _tile_items(tileset: Tileset, plan: PlannedProduct, bleed: float) -> tuple[ShopItem, ...]:
    """The tiles' designs and their backs, drawn at the game's size with ``bleed``: a
    design grows as a whole, its lines and lettering too."""
    width, height = tileset.shape.box(tileset.size)
    backs = {back.name: back for back in tileset.backs}
    drawn: dict[str, Drawing] = {}
    items = []
    for name, count in zip(plan.members, plan.counts, strict=True):
        tile = tileset.tile(name)
        if tile.back not in drawn:
            drawn[tile.back] = design_back(tileset, backs[tile.back], width, height, bleed)
        items.append(ShopItem(tile.name, count, design_tile(tileset, tile, bleed),
                              f"back-{tile.back}", drawn[tile.back]))
    return tuple(items)


def _component_items(tileset: Tileset, plan: PlannedProduct,
                     bleed: float) -> tuple[ShopItem, ...]:
    """The cards' or tokens' faces and their reverses or backs, drawn with ``bleed``."""
    components = {component.name: component for component in tileset.components}
    drawn: dict[str, Drawing] = {}
    items = []
    for name, count in zip(plan.members, plan.counts, strict=True):
        component = components[name]
        key = reverse_key(tileset, component)
        if key not in drawn:
            drawn[key] = design_reverse(tileset, component, bleed)
        back_name = f"{component.name}-reverse" if component.reverse is not None else \
            f"back-{component.back}"
        items.append(ShopItem(component.name, count,
                              design_component(tileset, component, bleed), back_name,
                              drawn[key]))
    return tuple(items)


def _text_boxes(drawing: Drawing) -> Iterator[tuple[float, float, float, float]]:
    """Left, top, right and bottom of every line of text (y down), from its face's widths:
    an ascent of 0.75 and a descent of 0.25 of its size, the faces' own proportions."""
    for item in flat(drawing.items):
        if isinstance(item, Text) and item.text.strip():
            width = string_width(item.text, item.font, item.size)
            left = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
            yield left, item.y - 0.75 * item.size, left + width, item.y + 0.25 * item.size


def crowds_the_edge(drawing: Drawing, outline: Outline, safe: float) -> bool:
    """Whether any text of ``drawing`` lies within ``safe`` points of its cut: the shop's
    safe zone, where a cut a little off may clip it. A round or hex piece's zone is a
    ring inside its inscribed circle."""
    width, height = drawing.width, drawing.height
    for left, top, right, bottom in _text_boxes(drawing):
        if outline == "rect":
            if left < safe or top < safe or right > width - safe or bottom > height - safe:
                return True
            continue
        reach = min(width, height) / 2 - safe
        if any(math.hypot(x - width / 2, y - height / 2) > reach
               for x in (left, right) for y in (top, bottom)):
            return True
    return False


def crowded(product: ShopProduct, safe: float) -> list[str]:
    """The designs of the product, faces and backs, with text in the shop's safe zone
    (``safe`` points once grown to the product's size)."""
    names: dict[str, None] = {}
    for item in product.items:
        for name, drawing in ((item.name, item.front), (item.back_name, item.back)):
            if crowds_the_edge(drawing, product.outline, safe / product.scale):
                names[name] = None
    return list(names)
