"""A game's pieces as a print shop's products, planned before anything is drawn.

Pieces of one kind, outline and size are one product (the tiles; the 1 in
round tokens; the cards). Each is fitted to the shop's range
(:func:`pnp.model.shops.fit_piece`) and given the growth that covers the
product's trim and the file name the order uses. The plan is all the order
sheet's counts, warnings and names need, so a build's main process makes
it without a drawing library; :mod:`pnp.export.shop_products` then draws
each planned product's designs.
"""

from __future__ import annotations

import msgspec

from pnp.geometry.shapes import HexShape
from pnp.model.pieces import PieceCut, piece_box, piece_cut, shape_cut
from pnp.model.shops import Family, Fit, Outline, Shop, fit_piece, inch_words
from pnp.model.tileset import Component, Tileset


class PlannedProduct(msgspec.Struct, frozen=True):
    """Pieces of one kind, outline and size, as one product of the shop."""

    family: Family
    outline: Outline
    stem: str  # file name without suffix: the product's, or the pieces' kind and size
    fit: Fit
    scale: float  # how much the game's designs grow to cover the product's trim, evenly
    cut: PieceCut  # the outline the pieces are cut to
    members: tuple[str, ...]  # the tiles or components made as this product, by name
    counts: tuple[int, ...]  # copies of each member

    @property
    def copies(self) -> int:
        """How many pieces to order."""
        return sum(self.counts)


Group = tuple[str, Outline, float, float]  # kind, outline, trim width and height (points)


def size_words(width: float, height: float) -> str:
    """A trim size in points as the order and the file names write it: ``1 x 1.155 in``."""
    return inch_words(width / 72.0, height / 72.0)


def plan_products(tileset: Tileset, shop: Shop) -> list[PlannedProduct]:
    """Every product the game needs from ``shop``: the tiles, then cards and tokens. Two
    that become the same product of the shop (cards of 63 x 88 mm and of 2.5 x 3.5 in,
    both poker decks) are ordered apart: the second one's files are ``-2``."""
    tiles = _tile_plan(tileset, shop)
    planned = ([tiles] if tiles else []) + [
        _component_plan(tileset, shop, kind, outline, members)
        for (kind, outline, _, _), members in component_groups(tileset).items()]
    seen: dict[str, int] = {}
    for index, product in enumerate(planned):
        seen[product.stem] = seen.get(product.stem, 0) + 1
        if seen[product.stem] > 1:
            planned[index] = msgspec.structs.replace(
                product, stem=f"{product.stem}-{seen[product.stem]}")
    return planned


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
    (the groups :func:`plan_products` makes)."""
    return [("tiles", tileset.tile_count)] + [
        (f"{kind}s", sum(member.count for member in members))
        for (kind, _, _, _), members in component_groups(tileset).items()]


def shop_warnings(tileset: Tileset, shop: Shop) -> list[str]:
    """What the order warns of: pieces no product fits."""
    fits = [_tile_fit(tileset, shop)[1]] if any(tile.count for tile in tileset.tiles) else []
    fits += [_component_fit(tileset, shop, kind, outline, members)
             for (kind, outline, _, _), members in component_groups(tileset).items()]
    return [fit.warning for fit in fits if fit.warning]


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


def _tile_plan(tileset: Tileset, shop: Shop) -> PlannedProduct | None:
    """The tiles as one product, grown to the shop's tile when the game has no board whose
    spaces fix their size."""
    printed = [tile for tile in tileset.tiles if tile.count]
    if not printed:
        return None
    width, height = tileset.shape.box(tileset.size)
    outline, fit = _tile_fit(tileset, shop)
    cut = shape_cut(tileset.shape)
    return PlannedProduct("tile", outline, _stem("tile", outline, fit), fit,
                          _growth(cut, fit, width, height), cut,
                          tuple(tile.name for tile in printed),
                          tuple(tile.count for tile in printed))


def _component_fit(tileset: Tileset, shop: Shop, kind: str, outline: Outline,
                   members: list[Component]) -> Fit:
    width, height = piece_box(tileset, members[0])
    return fit_piece(shop, "card" if kind == "card" else "token", outline, width, height,
                     resizable=True)


def _component_plan(tileset: Tileset, shop: Shop, kind: str, outline: Outline,
                    members: list[Component]) -> PlannedProduct:
    family: Family = "card" if kind == "card" else "token"
    width, height = piece_box(tileset, members[0])
    fit = _component_fit(tileset, shop, kind, outline, members)
    cut = piece_cut(tileset, members[0])
    return PlannedProduct(family, outline, _stem(family, outline, fit), fit,
                          _growth(cut, fit, width, height), cut,
                          tuple(member.name for member in members),
                          tuple(member.count for member in members))
