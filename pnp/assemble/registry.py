"""Every kind of output a build makes, in the order the manifest lists them.

Adding an output kind means adding one exporter here; the build loop, the
jobs and the manifest need no change.
"""

from __future__ import annotations

from pnp.export.artifacts import Exporter
from pnp.export.printshop import PrintShopPages
from pnp.export.sheets import (
    BoardPages,
    ComponentSheets,
    DesignFiles,
    PlayerAids,
    TileSheets,
    VariantExtras,
)
from pnp.rulebook.exporter import Rulebooks

EXPORTERS: tuple[Exporter, ...] = (
    DesignFiles(),
    TileSheets(),
    VariantExtras(),
    ComponentSheets("card", "cards"),
    ComponentSheets("token", "tokens"),
    BoardPages(),
    PlayerAids(),
    Rulebooks(),
    PrintShopPages(),
)
