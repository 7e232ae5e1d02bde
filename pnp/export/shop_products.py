"""A game's pieces as a print shop's products: grouped and sized to the shop.

Pieces of one kind, outline and size are one product (the tiles; the 1 in
round tokens; the cards). Each product is fitted to the shop's range
(:func:`pnp.model.shops.fit_piece`); :mod:`pnp.export.shop_pages` draws it as
a PDF/X-4 with one page per side of every copy (front, back, front,
back...), :mod:`pnp.export.shop_pictures` as one picture per face and per
back. Nothing here loads a PDF or picture library, so the build's main
process can plan a shop's files and write its order without them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from pnp.draw.art import design_back, design_tile
from pnp.draw.components import design_component, design_reverse
from pnp.draw.scene import Drawing, Text, flat
from pnp.geometry.shapes import HexShape
from pnp.input.faces import string_width
from pnp.model.pieces import PieceCut, piece_box, piece_cut, reverse_key, shape_cut
from pnp.model.shops import Family, Fit, Outline, Shop, fit_piece, inch_words
from pnp.model.tileset import Component, Tileset

if TYPE_CHECKING:
    from collections.abc import Iterator


class ShopItem(msgspec.Struct, frozen=True):
    """One design, its back, and how many copies of the pair to make."""

    name: str
    count: int
    front: Drawing
    back_name: str  # the back's file stem, shared by the designs that share it
    back: Drawing


class ShopProduct(msgspec.Struct, frozen=True):
    """Pieces of one kind, outline and size, as one product of the shop."""

    family: Family
    outline: Outline
    stem: str  # file name without suffix: the product's, or the pieces' kind and size
    fit: Fit
    scale: float  # how much the game's designs grow to cover the product's trim, evenly
    items: tuple[ShopItem, ...]
    cut: PieceCut  # the outline the pieces are cut to
    near_cut: tuple[str, ...] = ()  # designs with text in the shop's safe zone

    @property
    def copies(self) -> int:
        """How many pieces to order."""
        return sum(item.count for item in self.items)


def _outline(cut: PieceCut) -> Outline:
    """A cut as the shops' ranges name outlines, asked of the cut and its shape."""
    if cut.round:
        return "round"
    if cut.shape is None or cut.shape.fills_box:
        return "rect"
    return "hex-flat" if isinstance(cut.shape, HexShape) and cut.shape.flat_top else \
        "hex-pointy"


def _stem(family: Family, outline: Outline, fit: Fit) -> str:
    if fit.product is not None:
        return fit.product.identity
    shape = "" if outline == "rect" else f"{outline.split('-')[0]}-"
    return f"{family}s-{shape}{size_words(fit.width, fit.height).replace(' ', '')}"


def _growth(cut: PieceCut, fit: Fit, width: float, height: float) -> float:
    """How much a design grows, the same both ways: a rectangle enough to cover the
    product's trim (its bleed covers the rest); a round or hex piece no more than fits
    inside the product's die, so no corner of it is cut off."""
    across, down = fit.width / width, fit.height / height
    return max(across, down) if cut.fills_box else min(across, down)


def _tile_fit(tileset: Tileset, shop: Shop) -> tuple[Outline, Fit]:
    """The tiles' outline and product; a board's spaces fix the tiles' size."""
    width, height = tileset.shape.box(tileset.size)
    outline = _outline(shape_cut(tileset.shape))
    return outline, fit_piece(shop, "tile", outline, width, height,
                              resizable=tileset.board is None)


Group = tuple[str, Outline, float, float]  # kind, outline, trim width and height (points)


def component_groups(tileset: Tileset) -> dict[Group, list[Component]]:
    """Printed cards and tokens by kind, outline and size, in the tileset's order."""
    groups: dict[Group, list[Component]] = {}
    for component in tileset.components:
        if component.kind in ("card", "token") and component.count:
            width, height = piece_box(tileset, component)
            key = (component.kind, _outline(piece_cut(tileset, component)),
                   round(width, 3), round(height, 3))
            groups.setdefault(key, []).append(component)
    return groups


def product_counts(tileset: Tileset) -> list[tuple[str, int]]:
    """Copies of each product a print shop would make of ``tileset``, counted before
    anything is drawn: its tiles, then its cards or tokens of each kind, outline and size
    (the groups :func:`component_products` makes)."""
    return [("tiles", tileset.tile_count)] + [
        (f"{kind}s", sum(member.count for member in members))
        for (kind, _, _, _), members in component_groups(tileset).items()]


def _component_fit(tileset: Tileset, shop: Shop, kind: str, outline: Outline,
                   members: list[Component]) -> Fit:
    width, height = piece_box(tileset, members[0])
    return fit_piece(shop, "card" if kind == "card" else "token", outline, width, height,
                     resizable=True)


def shop_warnings(tileset: Tileset, shop: Shop) -> list[str]:
    """What the order warns of, worked out without drawing: pieces no product fits."""
    fits = [_tile_fit(tileset, shop)[1]] if any(tile.count for tile in tileset.tiles) else []
    fits += [_component_fit(tileset, shop, kind, outline, members)
             for (kind, outline, _, _), members in component_groups(tileset).items()]
    return [fit.warning for fit in fits if fit.warning]


def tile_product(tileset: Tileset, shop: Shop, bleed: float) -> ShopProduct | None:
    """The tiles as one product, grown to the shop's tile when the game has no board whose
    spaces fix their size. Designs are drawn at the game's size, with the bleed they need
    to have ``bleed`` once grown: a design grows as a whole, its lines and lettering too."""
    printed = [tile for tile in tileset.tiles if tile.count]
    if not printed:
        return None
    width, height = tileset.shape.box(tileset.size)
    outline, fit = _tile_fit(tileset, shop)
    scale = _growth(shape_cut(tileset.shape), fit, width, height)
    backs = {back.name: back for back in tileset.backs}
    drawn: dict[str, Drawing] = {}
    items = []
    for tile in printed:
        if tile.back not in drawn:
            drawn[tile.back] = design_back(tileset, backs[tile.back], width, height,
                                           bleed / scale)
        items.append(ShopItem(tile.name, tile.count, design_tile(tileset, tile, bleed / scale),
                              f"back-{tile.back}", drawn[tile.back]))
    return ShopProduct("tile", outline, _stem("tile", outline, fit), fit, scale, tuple(items),
                       shape_cut(tileset.shape))


def component_products(tileset: Tileset, shop: Shop, bleed: float) -> list[ShopProduct]:
    """Cards and tokens, one product per kind, outline and size, in the tileset's order."""
    return [_component_product(tileset, shop, bleed, kind, outline, members)
            for (kind, outline, _, _), members in component_groups(tileset).items()]


def _component_product(tileset: Tileset, shop: Shop, bleed: float, kind: str,
                       outline: Outline, members: list[Component]) -> ShopProduct:
    family: Family = "card" if kind == "card" else "token"
    width, height = piece_box(tileset, members[0])
    fit = _component_fit(tileset, shop, kind, outline, members)
    scale = _growth(piece_cut(tileset, members[0]), fit, width, height)
    drawn: dict[str, Drawing] = {}
    items = []
    for component in members:
        key = reverse_key(tileset, component)
        if key not in drawn:
            drawn[key] = design_reverse(tileset, component, bleed / scale)
        back_name = f"{component.name}-reverse" if component.reverse is not None else \
            f"back-{component.back}"
        items.append(ShopItem(component.name, component.count,
                              design_component(tileset, component, bleed / scale), back_name,
                              drawn[key]))
    return ShopProduct(family, outline, _stem(family, outline, fit), fit, scale, tuple(items),
                       piece_cut(tileset, members[0]))


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


def shop_products(tileset: Tileset, shop: Shop) -> list[ShopProduct]:
    """Every product the game needs from ``shop``: the tiles, then cards and tokens. Two
    that become the same product of the shop (cards of 63 x 88 mm and of 2.5 x 3.5 in,
    both poker decks) are ordered apart: the second one's files are ``-2``."""
    bleed = shop.bleed * 72.0
    tiles = tile_product(tileset, shop, bleed)
    products = ([tiles] if tiles else []) + component_products(tileset, shop, bleed)
    seen: dict[str, int] = {}
    for index, product in enumerate(products):
        seen[product.stem] = seen.get(product.stem, 0) + 1
        stem = product.stem if seen[product.stem] == 1 else \
            f"{product.stem}-{seen[product.stem]}"
        products[index] = replace(product, stem=stem,
                                  near_cut=tuple(crowded(product, shop.safe * 72.0)))
    return products


def size_words(width: float, height: float) -> str:
    """A trim size in points as the order and the file names write it: ``1 x 1.155 in``."""
    return inch_words(width / 72.0, height / 72.0)
