"""How to print, as one immutable value passed down the whole build (papers, bleed, duplex).

Every step that lays out or draws reads the same options, so they live at the
bottom with the rest of the plain data. They hold what decides the files a
build writes, and nothing else: how many worker processes run it changes no
byte, so ``--jobs`` travels apart, from the command to the run of the jobs.
The user's words (``--paper a4``, ``--print-shop thegamecrafter``) are
resolved into values once, by :func:`options_for`, as black resolves its
``Mode``: no step below names a paper or a shop by a string again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from pnp.model.paper import HOME, HOME_PAPERS, Duplex, Paper, paper_named

if TYPE_CHECKING:  # a shop is only read when one is named; validate never loads them
    from pnp.model.shops import Shop

STANDARD_BLEED = 9.0  # points, 1/8 in: what print shops ask for, and what --bleed alone gives


class BuildOptions(msgspec.Struct, frozen=True):
    """How to print: which papers, how much bleed, and how the printer flips."""

    papers: tuple[Paper, ...] = HOME
    bleed: float = 0.0
    duplex: Duplex = "long"
    rulebook: bool = True
    booklet: bool = False
    # a printer profile's correction: how far to move every back, as seen from the
    # front (x right, y up), in points
    back_offset: tuple[float, float] = (0.0, 0.0)
    printer: str = ""  # the saved profile that offset came from, for the manifest ("" none)
    ink_saver: bool = False  # light rock and backs, tunnels drawn by their walls
    print_shop: Shop | None = None  # the shop the pieces go to, also as it takes them


def options_for(papers: Iterable[str] = HOME_PAPERS, print_shop: str = "",
                **fields: Any) -> BuildOptions:
    """Options from the words a user gives (paper ids or sizes, a shop's key), each
    resolved once here: everything downstream holds papers and shops, never names."""
    return BuildOptions(papers=tuple(map(paper_named, papers)),
                        print_shop=_shop(print_shop) if print_shop else None, **fields)


def _shop(key: str) -> Shop:
    from pnp.model.shops import shop_named

    return shop_named(key)
