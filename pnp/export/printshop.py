"""``pnp build --print-shop SHOP``: the files a print shop's uploader takes, and the order.

A print shop cuts its own stock, so it wants each piece alone, at the size of
one of its products, with its bleed. For a shop that takes PDFs that is one
PDF/X-4 per product with a page per side of every copy; for one that takes
pictures, a PNG per face and per back at the shop's pixel size. Beside them,
``ORDER.txt`` says which product to pick, what to upload into it and how many
of each face to order, and warns where a piece fits no product of the shop.
Everything goes in ``<game>/print-shop-<shop>/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from pnp.export.artifacts import Artifact
from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from pnp.export.designs import GameDesigns

class PrintShopPages(msgspec.Struct, frozen=True):
    """A game's products for one print shop, when the build is for one."""

    name: str = "print-shop"
    per_paper: bool = False
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return options.print_shop is not None

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        # the shop's products and their writers: only a build for a shop needs them
        from pnp.export.shop_files import shop_files

        shop = designs.options.print_shop
        return shop_files(designs.tileset, shop) if shop is not None else []
