"""A print shop's files for one game: each product's upload (a PDF/X-4, or a picture per
face) with its manifest entry, and ``ORDER.txt``.

Imported by :class:`pnp.export.printshop.PrintShopPages` only when a build is for
a shop, and this module in turn imports the PDF/X writer only for a shop that
takes PDFs and the picture stack only for one that takes pictures.
"""

from __future__ import annotations

from typing import Any

from pnp.export.artifacts import Artifact, rounded
from pnp.export.shop_products import ShopProduct, shop_products
from pnp.impose.shop_plan import size_words
from pnp.model.shops import Shop
from pnp.model.tileset import Tileset


def shop_files(tileset: Tileset, shop: Shop) -> list[Artifact]:
    """Every file of ``shop``'s folder for ``tileset``, the order last."""
    artifacts: list[Artifact] = []
    products = shop_products(tileset, shop)
    for product in products:
        path = product_path(tileset, shop, product)
        if shop.uploads == "pdf":
            from pnp.export.shop_pages import render_product_pdf  # the PDF/X writer

            data = render_product_pdf(product, tileset.title, shop)
            artifacts.append(Artifact(path, data, _listing(shop, product, path, [path])))
            continue
        # the picture stack (cairosvg, its C bindings) only for a shop that takes pictures
        from pnp.export.shop_pictures import product_pictures

        files = {f"{path}/{stem}.png": data
                 for stem, data in product_pictures(product, shop).items()}
        listing = _listing(shop, product, path, list(files))
        artifacts.extend(Artifact(name, data, listing if index == 0 else None)
                         for index, (name, data) in enumerate(files.items()))
    artifacts.append(Artifact(f"print-shop-{shop.key}/ORDER.txt",
                              order_text(tileset, shop, products).encode()))
    return artifacts


def _listing(shop: Shop, product: ShopProduct, path: str, files: list[str]) -> dict[str, Any]:
    """The manifest's entry for one product: what it is, where its files are, the copies."""
    fit = product.fit
    return {"kind": "print-shop", "shop": shop.key, "paper": "", "path": path,
            "product": fit.product.identity if fit.product else "",
            "w": rounded(fit.width), "h": rounded(fit.height),
            "bleed": rounded(shop.bleed * 72.0), "duplex": "none", "placements": [],
            "pages": 2 * product.copies if shop.uploads == "pdf" else 0, "files": files,
            "note": fit.note, "warning": fit.warning,
            "text_in_safe_zone": list(product.near_cut),
            "copies": [{"name": item.name, "count": item.count, "back": item.back_name}
                       for item in product.items]}


def product_path(tileset: Tileset, shop: Shop, product: ShopProduct) -> str:
    """Where a product's upload goes: its PDF, or the folder of its pictures."""
    folder = f"print-shop-{shop.key}"
    if shop.uploads == "pdf":
        return f"{folder}/{tileset.game}-{product.stem}.pdf"
    return f"{folder}/{product.stem}"


def order_text(tileset: Tileset, shop: Shop, products: list[ShopProduct]) -> str:
    """What to upload where and how many to order, product by product, in plain words."""
    lines = [f"{tileset.title}: ordering from {shop.title}", "",
             f"{shop.upload_steps}", "",
             f"Every file has {shop.bleed:g} in of bleed past the cut on each side; keep "
             f"what matters {shop.safe:g} in inside the cut.", ""]
    for product in products:
        lines += _product_order(tileset, shop, product) + [""]
    return "\n".join(lines)


def _shape_words(product: ShopProduct) -> str:
    """``round, 1 in across``: what the cut is, for a shop that cuts to shape."""
    size = size_words(product.fit.width, product.fit.height)
    if product.cut.round:
        return f"round, {size} across"
    if not product.cut.fills_box:
        return f"hex, {size} (corner to corner one way, flat to flat the other)"
    return f"{'square' if product.fit.width == product.fit.height else 'rectangle'}, {size}"


def _product_order(tileset: Tileset, shop: Shop, product: ShopProduct) -> list[str]:
    fit = product.fit
    what = (f"{fit.product.title} ({fit.product.identity})" if fit.product else
            f"cut to shape: {_shape_words(product)}")
    lines = [f"== {product.copies} {product.family}s: {what}"]
    if fit.note:
        lines.append(f"   {fit.note[0].upper()}{fit.note[1:]}.")
    if fit.warning:
        die = (" Its pages carry the die line of its shape (spot colour CutContour).")\
            if shop.uploads == "pdf" and not product.cut.fills_box else ""
        lines.append(f"   WARNING: {fit.warning} Order them as a custom-cut product here or "
                     f"at another shop.{die}")
    if product.near_cut:
        lines.append(f"   CHECK: text runs into the {shop.safe:g} in safe zone on "
                     f"{', '.join(product.near_cut)}; a cut a little off may clip it.")
    lines.append(f"   Upload: {product_path(tileset, shop, product)}")
    if shop.uploads == "pdf":
        lines.append(f"   {2 * product.copies} pages, front then back for every copy; "
                     f"print each page once.")
    else:
        backs = sorted({item.back_name for item in product.items})
        if len(backs) > 1:
            lines.append(f"   {len(backs)} different backs ({', '.join(backs)}): choose the "
                         "shop's option for a different back on each card, and give each "
                         "face the back listed beside it.")
        lines += [f"   {item.count:>3} x {item.name}.png  (back: {item.back_name}.png)"
                  for item in product.items]
    return lines
