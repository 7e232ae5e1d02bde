"""How to print, as one immutable value passed down the whole build (papers, bleed, duplex).

Every step that lays out or draws reads the same options, so they live at the
bottom with the rest of the plain data.
"""

from __future__ import annotations

import msgspec

from pnp.model.paper import HOME_PAPERS, Duplex


class BuildOptions(msgspec.Struct, frozen=True):
    """How to print: which papers, how much bleed, and how the printer flips."""

    papers: tuple[str, ...] = HOME_PAPERS  # ids, each as pnp.model.paper.paper_named reads
    bleed: float = 0.0
    duplex: Duplex = "long"
    rulebook: bool = True
    booklet: bool = False
    jobs: int = 0  # worker processes; 0 means one per core
    # a printer profile's correction: how far to move every back, as seen from the
    # front (x right, y up), in points
    back_offset: tuple[float, float] = (0.0, 0.0)
    printer: str = ""  # the saved profile that offset came from, for the manifest ("" none)
    ink_saver: bool = False  # light rock and backs, tunnels drawn by their walls
    print_shop: str = ""  # a print shop's key: also its products as it takes them ("" none)
