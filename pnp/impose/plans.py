"""Sheet plans of one game: every tile, card and token copy placed on pages of a paper."""

from __future__ import annotations

from msgspec.structs import replace

from pnp.errors import InputError
from pnp.impose.duplex import shift_backs
from pnp.impose.gutterfold import impose_gutterfold  # a mode few builds use
from pnp.impose.layout import (
    Group,
    Margins,
    PieceKind,
    SheetPlan,
    group_grid,
    impose,
    impose_groups,
)
from pnp.impose.sharing import appended, share_last_page
from pnp.impose.spread import spread_out
from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.pieces import PieceCut, piece_box, piece_cut, reverse_key
from pnp.model.tileset import Tileset
from pnp.units import mm

TEXTURES = 3  # rock textures each tile kind's copies take turns with on a sheet
TEXTURE_MARK = "~"  # joins a tile's name and its texture's number in a design's key
APRON = "apron:"  # prefix of a design drawn under another, grown past its cut
# how far a front runs past its cut on a home sheet, whatever the build's bleed: scissors,
# a blade or a punch a little off the line then cut through colour, not white paper
FRONT_BLEED = mm(1)


def textured(name: str, number: int) -> str:
    """The design key of tile ``name`` in texture ``number`` (0: the kind's own design)."""
    return f"{name}{TEXTURE_MARK}{number}" if number else name


def plan_tiles(tileset: Tileset, paper: Paper, options: BuildOptions) -> SheetPlan:
    """The imposition of every tile copy (fronts, then mirrored backs) on ``paper``, with
    the tokens on the last page when they all fit there (:mod:`pnp.impose.sharing`)."""
    if options.duplex == "gutterfold":
        width, height = tileset.shape.box(tileset.size)
        tiles: tuple[tuple[str, int, PieceKind], ...] = tuple(
            (tile.name, tile.count, "tile") for tile in tileset.tiles if tile.count)
        return impose_gutterfold([Group(tiles, width, height, tileset.shape.lattice)],
                                 paper, options.bleed,
                                 _tile_backs(tileset),
                                 str(tileset.source))
    plan = _tile_imposition(tileset, paper, options)
    return _vary_textures(shift_backs(_with_tokens(tileset, plan, options) or plan,
                                      options.back_offset))


def _vary_textures(plan: SheetPlan) -> SheetPlan:
    """A sheet whose tile fronts take turns through :data:`TEXTURES` rock textures, copy by
    copy, so that sixteen straights cut from one sheet are sixteen pieces of rock, not one
    printed sixteen times. Only the design changes: names, places and backs stay."""
    seen: dict[str, int] = {}
    pages = []
    for page in plan.pages:
        placements = []
        for placement in page.placements:
            if placement.side == "front" and placement.kind == "tile" and not placement.design:
                number = seen.get(placement.name, 0)
                seen[placement.name] = number + 1
                placement = placement._replace(design=textured(placement.name,
                                                               number % TEXTURES))
            placements.append(placement)
        pages.append(replace(page, placements=tuple(placements)))
    return replace(plan, pages=tuple(pages))


def tokens_ride_with_tiles(tileset: Tileset, paper: Paper, options: BuildOptions) -> bool:
    """Whether the tokens print on the tile sheet's last page instead of a sheet of their own."""
    if not tileset.tile_count or not component_groups(tileset, "token") or \
            options.duplex == "gutterfold":
        return False
    return _with_tokens(tileset, _tile_imposition(tileset, paper, options), options) is not None


def plan_components(tileset: Tileset, kind: str, paper: Paper,
                    options: BuildOptions) -> SheetPlan | None:
    """Cards or tokens grouped by size and outline, each group on pages of its own; None
    when there are none, or when the tokens ride on the tile sheet."""
    groups = component_groups(tileset, kind)
    if not groups or (kind == "token" and tokens_ride_with_tiles(tileset, paper, options)):
        return None
    source = str(tileset.source)
    if options.duplex == "gutterfold":
        return impose_gutterfold(groups, paper, options.bleed, _reverses(tileset),
                                 source)
    margins: Margins = "sides" if kind == "card" and \
        _sides_hold_more(groups, paper, options, source) else "bands"
    backs = _reverses(tileset) | _tile_backs(tileset)

    def build(groups: list[Group], riders: list[Group]) -> SheetPlan | None:
        plan = impose_groups(groups[:1], paper, options.bleed, options.duplex, backs,
                             source, margins)
        for group in groups[1:]:  # each further size below the last, if it all fits there
            shared = share_last_page(plan, [group], backs, source) \
                if margins == "bands" else None
            plan = shared or appended(plan, impose_groups([group], paper, options.bleed,
                                                          options.duplex, backs, source,
                                                          margins))
        return share_last_page(plan, riders, backs, source) if riders else plan

    riders = _extra_tiles(tileset) if kind == "token" and margins == "bands" else []
    packed = build(groups, riders)
    if packed is None:  # the extra tiles do not fit below the tokens: a sheet of their own
        riders = []
        packed = build(groups, riders)
    assert packed is not None  # without riders, build always places every piece
    return shift_backs(spread_out(packed, groups, lambda spread: build(spread, riders)),
                       options.back_offset)


def extras_ride_with_tokens(tileset: Tileset, paper: Paper, options: BuildOptions) -> bool:
    """Whether the variants' extra tiles print below the tokens (Demon Mine's second
    entrance and hive for four players) instead of on a sheet of their own, which would
    spend a whole sheet of card on two tiles."""
    if not tileset.extras():
        return False
    plan = plan_components(tileset, "token", paper, options)
    return plan is not None and any(placement.kind == "tile" for placement in plan.placements)


def extras_ride_everywhere(tileset: Tileset, options: BuildOptions) -> bool:
    """Whether the variants' extra tiles ride below the tokens on every paper of the build,
    so the book may say so once for all of them."""
    return bool(tileset.extras()) and all(extras_ride_with_tokens(tileset, paper, options)
                                          for paper in options.papers)


def _extra_tiles(tileset: Tileset) -> list[Group]:
    """Every variant's extra tiles as one group, to ride on the token sheet: none where a
    tile shares a token's name (they would share a form)."""
    more: list[tuple[str, int, PieceKind]] = [
        (name, count, "tile") for _, extra in tileset.extras() for name, count in extra]
    tokens = {component.name for component in tileset.components}
    if not more or any(name in tokens for name, _, _ in more):
        return []
    width, height = tileset.shape.box(tileset.size)
    return [Group(tuple(more), width, height, tileset.shape.lattice)]


def _tile_backs(tileset: Tileset) -> dict[str, str]:
    """Each tile kind's back, as the key of its design."""
    return {tile.name: f"back:{tile.back}" for tile in tileset.tiles}


def _sides_hold_more(groups: list[Group], paper: Paper, options: BuildOptions,
                     source: str) -> bool:
    """Whether turning the header and check bar into the side margins fits more cards on a
    page (poker cards on Letter: 9 instead of 6)."""
    def capacity(margins: Margins) -> int:
        try:
            return sum(group_grid(group, paper, options.bleed, source,
                                  margins).capacity for group in groups)
        except InputError:
            return 0

    return capacity("sides") > capacity("bands")


def _tile_imposition(tileset: Tileset, paper: Paper, options: BuildOptions) -> SheetPlan:
    width, height = tileset.shape.box(tileset.size)
    pieces: list[tuple[str, int, PieceKind]] = [
        (tile.name, tile.count, "tile") for tile in tileset.tiles if tile.count]
    backs = _tile_backs(tileset)
    return impose(pieces, paper, width, height, options.bleed, options.duplex, backs,
                  str(tileset.source), tileset.shape.lattice)


def _with_tokens(tileset: Tileset, plan: SheetPlan, options: BuildOptions) -> SheetPlan | None:
    """``plan`` with the tokens below the tiles of its last page, if they all fit.

    A token named like a tile would share its form on the page, so such a game
    keeps its token sheet.
    """
    groups = component_groups(tileset, "token")
    tiles = {tile.name for tile in tileset.tiles}
    if not groups or any(name in tiles for group in groups for name, _, _ in group.pieces):
        return None

    def build(groups: list[Group]) -> SheetPlan | None:
        return share_last_page(plan, groups, _reverses(tileset), str(tileset.source))

    packed = build(groups)
    return spread_out(packed, groups, build) if packed is not None else None


def component_groups(tileset: Tileset, kind: str) -> list[Group]:
    """The printed cards or tokens, one group per size and outline, in tileset order."""
    groups: dict[tuple[PieceCut, float, float], list[tuple[str, int, PieceKind]]] = {}
    for component in tileset.components:
        if component.kind != kind or not component.count:
            continue
        cut = piece_cut(tileset, component)
        key = (cut, *piece_box(tileset, component))
        groups.setdefault(key, []).append((component.name, component.count, "component"))
    return [Group(tuple(pieces), width, height, cut.lattice, cut.round)
            for (cut, width, height), pieces in groups.items()]


def _reverses(tileset: Tileset) -> dict[str, str]:
    return {c.name: reverse_key(tileset, c) for c in tileset.components}
