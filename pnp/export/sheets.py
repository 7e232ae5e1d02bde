"""The exporters of printed pieces: design SVGs, tile, card and token sheets, board, aids.

Each is one small :class:`~pnp.export.artifacts.Exporter`: it says whether a
game has its kind of output and turns the game's shared designs into files
with their manifest entries. Sheets are planned by :mod:`pnp.impose.plans`
and drawn by :func:`pnp.export.pdf.render_sheets`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from pnp.export.artifacts import Artifact, made_on, rounded
from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN, Placement, SheetPlan
from pnp.impose.plans import (
    APRON,
    TEXTURE_MARK,
    extras_ride_with_tokens,
    plan_components,
    plan_tiles,
)
from pnp.model.options import BuildOptions
from pnp.model.outputs import extras_file, pdf_file
from pnp.model.paper import Paper
from pnp.model.pieces import PieceCut, piece_cut, shape_cut
from pnp.model.tileset import Tileset
from pnp.units import in_mm

if TYPE_CHECKING:
    from pnp.draw.scene import Drawing
    from pnp.export.designs import GameDesigns

# Each exporter's export() imports the writer it needs: the jobs are planned in
# a process that never draws, and that imports this module for the classes.


def placements_json(plan: SheetPlan) -> list[str]:
    """Manifest rows for every placed piece, trim boxes in PDF points, as compact JSON.

    A stress sheet places tens of thousands of pieces; writing each row
    straight as text (names encoded once each) takes a fraction of building
    a dictionary per row and encoding it, and workers hand back a list of
    strings faster than one of dictionaries. The text is what the JSON
    encoder would write for the same row (a test holds it to that).
    """
    texts: dict[str, str] = {}  # each name and back in its JSON form, made once
    numbers: dict[float, str] = {}  # each coordinate as text, made once
    rows = []
    for placement in plan.placements:
        key = "tile" if placement.kind == "tile" else "component"
        row = (f'{{"page":{placement.page},"{key}":{_text_of(texts, placement.name)},'
               f'"side":"{placement.side}","x":{_number_of(numbers, placement.x)},'
               f'"y":{_number_of(numbers, placement.y)},"w":{_number_of(numbers, placement.w)},'
               f'"h":{_number_of(numbers, placement.h)}')
        if placement.side == "back":
            row += f',"back":{_text_of(texts, placement.art.split(":", 1)[1])}'
        if placement.turned:
            row += ',"turned":true'
        rows.append(row + "}")
    return rows


def _text_of(texts: dict[str, str], text: str) -> str:
    """``text`` as a JSON string, encoded once per sheet: copies share their names."""
    found = texts.get(text)
    if found is None:
        found = texts[text] = json.dumps(text, ensure_ascii=False)
    return found


def _number_of(numbers: dict[float, str], value: float) -> str:
    """A coordinate as the manifest writes it: a grid repeats the same few on every page.

    Only floats other than zero are kept: 0.0 and -0.0 (and 1 and 1.0) are
    equal keys but are written differently.
    """
    if type(value) is not float or not value:
        return repr(rounded(value))
    found = numbers.get(value)
    if found is None:
        found = numbers[value] = repr(rounded(value))
    return found


def page_fills(plan: SheetPlan, cut_of: Callable[[Placement], PieceCut]) -> list[float]:
    """How full each page of fronts is: the paper its cut pieces keep, as a part of the
    printable area (inside the 6 mm margins, below the header, above the check bar)."""
    paper = plan.paper
    printable = (paper.width - 2 * SAFE_MARGIN) * \
        (paper.height - 2 * SAFE_MARGIN - HEADER_BAND - FOOTER_BAND)
    ratios: dict[str, float] = {}  # by piece name: a stress sheet places thousands of copies
    fills = []
    for page in plan.pages:
        if page.side != "front":
            continue
        kept = 0.0
        for placement in page.placements:
            if placement.name not in ratios:
                ratios[placement.name] = cut_of(placement).area_ratio
            kept += placement.w * placement.h * ratios[placement.name]
        fills.append(round(kept / printable, 3))
    return fills


def sheet_entry(kind: str, paper: Paper, path: str, plan: SheetPlan,
                options: BuildOptions, cut_of: Callable[[Placement], PieceCut]) -> dict[str, Any]:
    """The manifest entry of one imposed sheet PDF."""
    return {
        "kind": kind, "paper": paper.name, "path": path, "pages": len(plan.pages),
        "bleed": rounded(options.bleed), "duplex": plan.duplex, "margins": plan.margins,
        "grid": {"columns": plan.grid.columns, "rows": plan.grid.rows},
        "fill": page_fills(plan, cut_of),
        "placements": placements_json(plan),
        **({"backs_moved": backs_moved(options)} if plan.duplex != "none" else {}),
    }


def backs_moved(options: BuildOptions) -> dict[str, Any]:
    """Which printer profile moved the backs, and by how much: a sheet printed later, or
    on another printer, shows why its backs sit where they do. Millimetres, as seen
    from the front (x right, y up), as `pnp profile` saved them."""
    x, y = options.back_offset
    return {"profile": options.printer or None,
            "offset_mm": {"x": in_mm(x), "y": in_mm(y)}}


class DesignFiles(msgspec.Struct, frozen=True):
    """Every design at trim size as an SVG, for other tools and for checking art."""

    name: str = "svg"
    per_paper: bool = False
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return True

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.export.svg import PathTexts, to_svg

        files = [(f"tiles/{name}.svg", drawing) for name, drawing in designs.flat_tiles.items()]
        files += [(f"backs/{name}.svg", drawing) for name, drawing in designs.flat_backs.items()]
        for name, (face, reverse) in designs.flat_faces.items():
            files += [(f"components/{name}.svg", face),
                      (f"components/{name}-reverse.svg", reverse)]
        board, spec = designs.board, designs.tileset.board
        if board is not None and spec is not None:
            files.append((f"board/{spec.name}.svg", board))
        paths: PathTexts = {}
        return [Artifact(path, to_svg(drawing, paths).encode("utf-8")) for path, drawing in files]


def _tokens_by_icon(designs: GameDesigns) -> dict[str, Drawing]:
    """The face of each coloured token that alone wears its icon (the Phantom, Gold
    Mine's bat token), by that icon: an aid's row of the icon shows the token itself. An
    icon two tokens wear (Demon Mine's black and red miners) names no one piece, and a
    token of the paper's colour (Dynamine's round tokens) would show as a bare icon with
    no edge among the chips: those keep their plain chip."""
    wearers: dict[str, list[str]] = {}
    for component in designs.tileset.components:
        if component.kind == "token" and component.count and component.colour:
            for feature in component.features:
                if feature.kind == "icon":
                    wearers.setdefault(str(feature.value), []).append(component.name)
    faces = designs.flat_faces
    return {icon: faces[names[0]][0] for icon, names in wearers.items() if len(names) == 1}


def _round_pieces(tileset: Tileset, kind: str) -> dict[str, str]:
    """The pieces of ``kind`` cut round, whose cuts a sheet draws, each with the colour of
    its rim (its face's, or the palette's paper), which sets the cut's grey."""
    paper = dict(tileset.palette).get("paper", "#ffffff")
    return {c.name: c.colour or paper for c in tileset.components
            if c.kind == kind and c.shape == "round"}


def placed_textures(drawings: dict[str, Drawing], plan: SheetPlan) -> dict[str, Drawing]:
    """The sheet's designs without the rock textures no copy of it takes (a kind of one
    copy has one), nor their aprons: a PDF holds no form it does not show."""
    used = {placement.art for placement in plan.placements}
    return {key: drawing for key, drawing in drawings.items()
            if TEXTURE_MARK not in key or key.removeprefix(APRON) in used}


class TileSheets(msgspec.Struct, frozen=True):
    """Tile fronts, each page followed by its mirrored backs."""

    name: str = "tiles"
    per_paper: bool = True
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return tileset.tile_count > 0  # a mix may set every count to 0

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.export.pdf import render_sheets

        paper = made_on(paper)
        tileset, options = designs.tileset, designs.options
        plan = plan_tiles(tileset, paper, options)
        path = pdf_file(tileset.game, "tiles", paper)
        drawings = placed_textures(designs.tiles, plan)
        if any(placement.kind == "component" for placement in plan.placements):
            drawings = {**drawings, **designs.components("token")}  # tokens ride along
        data = render_sheets(plan, drawings, tileset.title, "tiles", designs.recorder,
                             cuts="shared", round_pieces=_round_pieces(tileset, "token"))
        cut = shape_cut(tileset.shape)
        tokens = {c.name: piece_cut(tileset, c) for c in tileset.components}

        def cut_of(placement: Placement) -> PieceCut:
            return cut if placement.kind == "tile" else tokens[placement.name]

        return [Artifact(path, data, sheet_entry("tiles", paper, path, plan, options, cut_of))]


class VariantExtras(msgspec.Struct, frozen=True):
    """The tiles a variant needs beyond the game's own mix, on a sheet of their own
    (Demon Mine's second entrance and hive, for four players), fronts and backs like
    the tile sheets: a kit plays every player count its cover gives."""

    name: str = "extras"
    per_paper: bool = True
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return bool(tileset.extras())

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.export.pdf import render_sheets

        paper = made_on(paper)
        tileset, options = designs.tileset, designs.options
        if extras_ride_with_tokens(tileset, paper, options):
            return []  # they print below the tokens
        cut = shape_cut(tileset.shape)
        artifacts = []
        for variant, more in tileset.extras():
            plan = plan_tiles(tileset.extras_only(more), paper, options)
            path = extras_file(tileset.game, variant.name, paper)
            data = render_sheets(plan, placed_textures(designs.tiles, plan), tileset.title,
                                 f"extra tiles ({variant.name})", designs.recorder,
                                 cuts="shared")
            artifacts.append(Artifact(path, data, sheet_entry(
                "extras", paper, path, plan, options, lambda placement: cut)))
        return artifacts


class ComponentSheets(msgspec.Struct, frozen=True):
    """Cards or tokens, grouped by size and outline, with their reverses."""

    kind: str
    name: str  # the plural used in file names and the manifest: cards, tokens
    per_paper: bool = True
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return any(c.kind == self.kind and c.count for c in tileset.components)

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.export.pdf import render_sheets

        paper = made_on(paper)
        tileset, options = designs.tileset, designs.options
        plan = plan_components(tileset, self.kind, paper, options)
        if plan is None:
            return []
        path = pdf_file(tileset.game, self.name, paper)
        shapes = {c.shape for c in tileset.components if c.kind == self.kind and c.count}
        drawings = designs.components(self.kind)
        if any(placement.kind == "tile" for placement in plan.placements):
            drawings = {**drawings, **placed_textures(designs.tiles, plan)}  # extra tiles
        data = render_sheets(plan, drawings, tileset.title, self.name,
                             designs.recorder, cuts="shared" if shapes == {"rect"} else "none",
                             round_pieces=_round_pieces(tileset, self.kind))
        cuts = {c.name: piece_cut(tileset, c) for c in tileset.components}
        tile_cut = shape_cut(tileset.shape)

        def cut_of(placement: Placement) -> PieceCut:
            return tile_cut if placement.kind == "tile" else cuts[placement.name]

        return [Artifact(path, data, sheet_entry(self.name, paper, path, plan, options,
                                                 cut_of))]


class BoardPages(msgspec.Struct, frozen=True):
    """A board in overlapping pages to trim and glue, then an assembly guide."""

    name: str = "board"
    per_paper: bool = True
    own_job: bool = False
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return tileset.board is not None

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.draw.board import mark_centres, space_centres
        from pnp.export.board import render_board

        paper = made_on(paper)
        tileset, board = designs.tileset, designs.cut_board
        assert tileset.board is not None and board is not None
        path = pdf_file(tileset.game, "board", paper)
        data, windows = render_board(tileset.board, board, paper, tileset.title,
                                     space_centres(tileset.board, tileset.shape, tileset.size),
                                     mark_centres(tileset.board, tileset.shape, tileset.size),
                                     dict(tileset.palette).get("accent", "#1a1a1a"))
        placements = [{
            "page": number, "component": tileset.board.name, "side": "front",
            "piece": window.label,
            "x": rounded(window.page_x), "y": rounded(window.page_y - window.h),
            "w": rounded(window.w), "h": rounded(window.h),
            "region": [rounded(window.x), rounded(window.y), rounded(window.w),
                       rounded(window.h)],
        } for number, window in enumerate(windows, start=1)]
        listing = {"kind": "board", "paper": paper.name, "path": path, "pages": len(windows) + 1,
                   "board": {"w": rounded(board.width), "h": rounded(board.height)},
                   "placements": placements}
        return [Artifact(path, data, listing)]


class PlayerAids(msgspec.Struct, frozen=True):
    """One-page references for plain paper, one PDF per aid: a job of their own for a
    game built alone, since setting them (Platypus, even lines, the largest look that
    fits) costs more than its tile and token sheets together, and a second core then
    sets them meanwhile (Demon Mine's sheets: 0.78 of the wall time). Among several
    games they share their game's job and designs (see pnp.assemble.jobs.plan_jobs)."""

    name: str = "aids"
    per_paper: bool = True
    own_job: bool = True
    slow: bool = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return bool(tileset.aids)

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from pnp.export.aids import render_aid

        paper = made_on(paper)
        tileset = designs.tileset
        artifacts = []
        for aid in tileset.aids:
            path = pdf_file(tileset.game, aid.name, paper)
            # a row's name column names its tile: the picture leaves its plaque out, which
            # at a pictogram's size had kept some names and dropped others
            shown = {row.tile: designs.unnamed_tile(row.tile) for section in aid.sections
                     for row in section.rows if row.tile}
            # the pictograms' two sides wear the colours of the first two families of
            # player tokens (Mattock's red and blue miners), as the pieces print
            sides = tuple(zip(("yours", "theirs"), tileset.side_colours(), strict=False))
            coloured = msgspec.structs.replace(aid, palette=aid.palette + sides)
            data, pages = render_aid(coloured, paper, tileset.book_title, shown,
                                     _tokens_by_icon(designs))
            artifacts.append(Artifact(path, data, {"kind": "aid", "paper": paper.name, "path": path,
                                                   "pages": pages, "placements": []}))
        return artifacts
