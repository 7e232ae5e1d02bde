"""``pnp build --print-shop``: every design on a page of its own, as print shops take them.

A print shop cuts its own stock, so it wants each design alone: a page the
size of the piece plus its bleed, the art running through the bleed, the
trim box saying where the cut goes and the bleed box where the art stops,
fonts embedded, and colour in CMYK. ``<game>-print-shop.pdf`` is that, one
page per distinct design (tile fronts, the backs they share, card and token
faces and reverses) in the order of the manifest's ``copies``, which says how
many of each to print. Pictures a tileset brings are passed on as they are
(RGB); every colour pnp draws is converted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from pnp.export.artifacts import Artifact, rounded
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from pnp.export.designs import GameDesigns

SHOP_BLEED = 9.0  # 1/8 in, what most print shops ask for


class PrintShopPages(msgspec.Struct, frozen=True):
    """The per-design PDF of a game, when the build is for a print shop."""

    name: str = "print-shop"
    per_paper: bool = False
    own_job: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return options.print_shop

    def export(self, designs: GameDesigns, paper: str) -> list[Artifact]:
        from pnp.export.shop_pages import render_shop_pdf, shop_pages

        tileset = designs.tileset
        bleed = max(designs.options.bleed, SHOP_BLEED)
        pages = shop_pages(tileset, bleed)
        path = f"{tileset.game}-print-shop.pdf"
        entry = {
            "kind": "print-shop", "paper": "", "path": path, "pages": len(pages),
            "bleed": rounded(bleed), "duplex": "none", "placements": [],
            "copies": [{"page": number, "kind": page.kind, "name": page.name,
                        "count": page.count, "w": rounded(page.drawing.width),
                        "h": rounded(page.drawing.height)}
                       for number, page in enumerate(pages, start=1)],
        }
        return [Artifact(path, render_shop_pdf(pages, bleed, tileset.title), entry)]
