"""Sheet plans of one game: every tile, card and token copy placed on pages of a paper."""

from __future__ import annotations

from pnp.impose.duplex import shift_backs
from pnp.impose.layout import PAPERS, Group, SheetPlan, impose, impose_groups
from pnp.model.options import BuildOptions
from pnp.model.pieces import PieceCut, piece_box, piece_cut, reverse_key
from pnp.model.tileset import Tileset

COMPONENT_SHEETS = (("card", "cards"), ("token", "tokens"))


def plan_tiles(tileset: Tileset, paper: str, options: BuildOptions) -> SheetPlan:
    """The imposition of every tile copy (fronts, then mirrored backs) on ``paper``."""
    width, height = tileset.shape.box(tileset.size)
    pieces = [(tile.name, tile.count, "tile") for tile in tileset.tiles if tile.count]
    backs = {tile.name: f"back:{tile.back}" for tile in tileset.tiles}
    return shift_backs(impose(pieces, PAPERS[paper], width, height, options.bleed,
                              options.duplex, backs, str(tileset.source), tileset.shape.lattice),
                       options.back_offset)


def plan_components(tileset: Tileset, kind: str, paper: str,
                    options: BuildOptions) -> SheetPlan | None:
    """Cards or tokens grouped by size and outline, each group on pages of its own."""
    groups: dict[tuple[PieceCut, float, float], list[tuple[str, int, str]]] = {}
    for component in tileset.components:
        if component.kind != kind or not component.count:
            continue
        cut = piece_cut(tileset, component)
        key = (cut, *piece_box(tileset, component))
        groups.setdefault(key, []).append((component.name, component.count, "component"))
    if not groups:
        return None
    ordered = [Group(tuple(pieces), width, height, cut.lattice)
               for (cut, width, height), pieces in groups.items()]
    backs = {c.name: reverse_key(tileset, c) for c in tileset.components}
    return shift_backs(impose_groups(ordered, PAPERS[paper], options.bleed, options.duplex,
                                     backs, str(tileset.source)), options.back_offset)
