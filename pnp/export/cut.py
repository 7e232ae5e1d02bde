"""``pnp export cut``: pages for a cutting machine and the cut file of each page.

For a Silhouette: ``<game>-print-<paper>.pdf`` carries the pieces with type 1
registration marks (print it at 100%), and ``<game>-cut-<paper>-<n>.svg`` is
page n's cut lines, the paper's size in millimetres, one closed path per
piece exactly on its trim line, in the page's own coordinates, so the file
lines up with the printed page once Studio has read the marks. For a Cricut:
``<game>-print-then-cut-<n>.png`` is a picture with the pieces apart on a
transparent ground (Design Space cuts around each one and prints its own
frame) and ``<game>-cut-cricut-<n>.svg`` the same outlines at the picture's
size. ``manifest.json`` says which cut file goes with which page, the mark
settings to give Studio, and every piece on every page.
"""

from __future__ import annotations

import io
import json
from typing import Any

import msgspec
from PIL import Image

from pnp.draw.art import design_tile
from pnp.draw.components import design_component
from pnp.draw.scene import Drawing
from pnp.export import pdf
from pnp.export.artifacts import Artifact, rounded
from pnp.export.designs import GameDesigns
from pnp.export.dxf import cut_dxf
from pnp.export.pdfdraw import draw_text
from pnp.export.raster import encode, render
from pnp.export.svg import num
from pnp.impose.cutting import (
    CUT_BLEED,
    SILHOUETTE,
    CutPage,
    cricut_paper,
    cut_pages,
)
from pnp.impose.layout import Area, Group, PieceKind, Placement
from pnp.impose.plans import component_groups
from pnp.model.cutters import Cutter
from pnp.model.options import BuildOptions
from pnp.model.paper import PAPERS, Paper
from pnp.model.pieces import PieceCut, piece_cut, shape_cut
from pnp.model.tileset import Tileset
from pnp.units import in_mm, mm

CRICUT_DPI = 300
LINE_COLOUR = "#ff0000"  # cut lines: red hairlines, as cutter software shows them


class CutExport(msgspec.Struct, frozen=True):
    """Print-then-cut pages and cut files for one cutter and paper."""

    cutter: Cutter = "silhouette"
    paper: Paper = PAPERS["letter"]  # a Silhouette's; a Cricut prints pictures its own size
    name = "cut"
    per_paper = False
    own_job = False
    slow = False

    def folder(self, tileset: Tileset) -> str:
        """The folder of the game's cutter files, beside its build folder: one per cutter
        and paper (``<game>-cut-letter``, ``<game>-cut-cricut``), since each export
        swaps its folder in whole and one cutter's files must not replace another's."""
        return f"{tileset.game}-cut-{self.label}"

    @property
    def label(self) -> str:
        """The paper a Silhouette's pages are printed on, or "cricut"."""
        return self.paper.name if self.cutter == "silhouette" else "cricut"

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return True

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        tileset = designs.tileset
        sheet = self.paper if self.cutter == "silhouette" else cricut_paper()
        area = SILHOUETTE.area(sheet) if self.cutter == "silhouette" else \
            Area(0.0, 0.0, sheet.width, sheet.height)
        keep_out = SILHOUETTE.keep_out(sheet) if self.cutter == "silhouette" else None
        pages = cut_pages(piece_groups(tileset), sheet, area, str(tileset.source), keep_out)
        drawings = bled_designs(tileset, pages)
        cuts = piece_cuts(tileset)
        label = self.label
        artifacts = [Artifact(f"{tileset.game}-cut-{label}-{page.number}.{suffix}",
                              write(page, sheet, cuts).encode("utf-8"))
                     for page in pages for suffix, write in (("svg", cut_svg), ("dxf", cut_dxf))]
        if self.cutter == "silhouette":
            prints = [f"{tileset.game}-print-{self.paper.name}.pdf"]
            artifacts.insert(0, Artifact(prints[0], print_pdf(pages, drawings, sheet,
                                                              tileset.title, designs)))
        else:
            prints = [f"{tileset.game}-print-then-cut-{page.number}.png" for page in pages]
            artifacts[:0] = [Artifact(name, cricut_png(page, drawings, sheet))
                             for name, page in zip(prints, pages, strict=True)]
        manifest = self.manifest(tileset, pages, prints, label, sheet)
        artifacts.append(Artifact("manifest.json",
                                  (json.dumps(manifest, indent=1) + "\n").encode("utf-8")))
        return artifacts

    def manifest(self, tileset: Tileset, pages: list[CutPage], prints: list[str],
                 label: str, sheet: Paper) -> dict[str, Any]:
        """Which cut file goes with which printed page, and the settings to give the cutter."""
        entry: dict[str, Any] = {
            "game": tileset.game, "cutter": self.cutter,
            "paper": self.paper.name if self.cutter == "silhouette" else None,
            "size_mm": [in_mm(sheet.width), in_mm(sheet.height)],
            "bleed_mm": in_mm(CUT_BLEED),
        }
        if self.cutter == "silhouette":
            entry["registration"] = {
                "type": 1, "inset_mm": in_mm(SILHOUETTE.inset),
                "length_mm": in_mm(SILHOUETTE.length),
                "thickness_mm": in_mm(SILHOUETTE.thickness),
                "square_mm": in_mm(SILHOUETTE.square)}
        entry["pages"] = [{
            "print": prints[0] if self.cutter == "silhouette" else prints[index],
            "page": page.number if self.cutter == "silhouette" else 1,
            "cut": f"{tileset.game}-cut-{label}-{page.number}.svg",
            "cut_dxf": f"{tileset.game}-cut-{label}-{page.number}.dxf",
            "pieces": [{"name": p.name, "kind": p.kind, "x": rounded(p.x), "y": rounded(p.y),
                        "w": rounded(p.w), "h": rounded(p.h)} for p in page.placements],
        } for index, page in enumerate(pages)]
        return entry


def piece_groups(tileset: Tileset) -> list[Group]:
    """Tiles, then cards, then tokens: every printed piece once per copy, by size."""
    width, height = tileset.shape.box(tileset.size)
    tiles: tuple[tuple[str, int, PieceKind], ...] = tuple(
        (tile.name, tile.count, "tile") for tile in tileset.tiles if tile.count)
    groups = [Group(tiles, width, height, tileset.shape.lattice)] if tiles else []
    return groups + component_groups(tileset, "card") + component_groups(tileset, "token")


def piece_cuts(tileset: Tileset) -> dict[tuple[str, str], PieceCut]:
    """The outline of every piece, by (kind, name)."""
    cuts = {("tile", tile.name): shape_cut(tileset.shape) for tile in tileset.tiles}
    cuts.update({("component", c.name): piece_cut(tileset, c) for c in tileset.components})
    return cuts


def bled_designs(tileset: Tileset, pages: list[CutPage]) -> dict[tuple[str, str], Drawing]:
    """Each placed design once, its art run CUT_BLEED past the cut."""
    wanted = {(p.kind, p.name) for page in pages for p in page.placements}
    components = {c.name: c for c in tileset.components}
    return {(kind, name): (design_tile(tileset, tileset.tile(name), CUT_BLEED)
                           if kind == "tile"
                           else design_component(tileset, components[name], CUT_BLEED))
            for kind, name in sorted(wanted)}


def cut_svg(page: CutPage, sheet: Paper, cuts: dict[tuple[str, str], PieceCut]) -> str:
    """Page ``page``'s cut lines: the sheet's size in mm, one closed path per piece."""
    paths = "\n".join(
        f'  <path d="{outline_path(cuts[(p.kind, p.name)], p, sheet.height)}" fill="none" '
        f'stroke="{LINE_COLOUR}" stroke-width="0.25"/>' for p in page.placements)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(in_mm(sheet.width))}mm" '
            f'height="{num(in_mm(sheet.height))}mm" '
            f'viewBox="0 0 {num(round(sheet.width, 3))} {num(round(sheet.height, 3))}">\n'
            f"{paths}\n</svg>\n")


def outline_path(cut: PieceCut, placement: Placement, page_height: float) -> str:
    """The trim line of one placed piece as SVG path data (points, y down)."""
    left, top = placement.x, page_height - placement.y - placement.h
    w, h = placement.w, placement.h
    if cut.shape is not None and not cut.shape.fills_box:
        corners = [(left + x, top + y) for x, y in cut.shape.corners(min(w, h))]
        moves = " ".join(f"L {num(round(x, 3))} {num(round(y, 3))}" for x, y in corners[1:])
        first = corners[0]
        return f"M {num(round(first[0], 3))} {num(round(first[1], 3))} {moves} Z"
    if cut.round:  # a circle, or an ellipse for an oval token
        rx, ry, cx, cy = w / 2, h / 2, left + w / 2, top + h / 2
        radii = f"{num(round(rx, 3))} {num(round(ry, 3))}"
        return (f"M {num(round(cx - rx, 3))} {num(round(cy, 3))} "
                f"A {radii} 0 1 0 {num(round(cx + rx, 3))} {num(round(cy, 3))} "
                f"A {radii} 0 1 0 {num(round(cx - rx, 3))} {num(round(cy, 3))} Z")
    right, bottom = left + w, top + h
    return (f"M {num(round(left, 3))} {num(round(top, 3))} H {num(round(right, 3))} "
            f"V {num(round(bottom, 3))} H {num(round(left, 3))} Z")


def print_pdf(pages: list[CutPage], drawings: dict[tuple[str, str], Drawing], sheet: Paper,
              title: str, designs: GameDesigns) -> bytes:
    """The pages to print for a Silhouette: pieces with bleed and the registration marks."""
    buffer = io.BytesIO()
    paper_title = sheet.title
    canvas = pdf.new_canvas(buffer, sheet.width, sheet.height,
                            f"{title} - print and cut ({paper_title})",
                            f"Print-then-cut pages for {title}, Silhouette type 1 marks")
    names = {key: f"c{index}" for index, key in enumerate(sorted(drawings))}
    for key, name in names.items():
        pdf.define_form(canvas, name, drawings[key], designs.recorder)
    for page in pages:
        canvas.setFillColorRGB(0, 0, 0)
        for x, y, w, h in SILHOUETTE.marks(sheet):
            canvas.rect(x, y, w, h, stroke=0, fill=1)
        for placement in page.placements:
            canvas.saveState()
            canvas.translate(placement.x, placement.y)
            canvas.doForm(names[(placement.kind, placement.name)])
            canvas.restoreState()
        caption = (f"{title} \u00b7 print and cut \u00b7 page {page.number} of {len(pages)} "
                   f"\u00b7 cut file {page.number}")
        canvas.setFillColorRGB(*pdf.INK)
        # the one corner without a mark: the page's name and number, clear of every piece
        draw_text(canvas, sheet.width - SILHOUETTE.inset, SILHOUETTE.inset + mm(1), caption,
                  "regular", pdf.CAPTION_SIZE, "end")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def cricut_png(page: CutPage, drawings: dict[tuple[str, str], Drawing], sheet: Paper) -> bytes:
    """Page ``page`` as a picture for Design Space: pieces apart on a transparent ground."""
    scale = CRICUT_DPI / 72
    image = Image.new("RGBA", (round(sheet.width * scale), round(sheet.height * scale)))
    rendered: dict[tuple[str, str], Image.Image] = {}
    for placement in page.placements:
        key = (placement.kind, placement.name)
        drawing = drawings[key]
        if key not in rendered:
            outer = (round((drawing.width + 2 * drawing.bleed) * scale),
                     round((drawing.height + 2 * drawing.bleed) * scale))
            rendered[key] = render(drawing, outer)
        left = round((placement.x - drawing.bleed) * scale)
        top = round((sheet.height - placement.y - placement.h - drawing.bleed) * scale)
        image.alpha_composite(rendered[key], (left, top))
    return encode(image, CRICUT_DPI)
