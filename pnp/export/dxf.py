"""Cut lines as DXF, the drawing format Silhouette Studio's free edition opens.

Studio's Basic Edition cannot open SVG, so every cut page is written a second
time as a DXF file beside its SVG: AutoCAD R12 text (the oldest form, which
every cutter's software reads), millimetres, y up from the page's bottom left,
one closed POLYLINE per piece on its trim line, on a layer named CUT, declared
with its line type in the TABLES section. R12 has no field for units: the
numbers are millimetres, and the reader is told so (docs/exports.md). A hex is
its six corners; a round token is two vertices whose bulges (1, a half circle
each) make the exact circle, not a polygon that only looks round (an oval one,
which R12 cannot bend, short straight cuts round the ellipse); a card or tile
is its four corners. The page's outline is left out: Studio would cut it.
"""

from __future__ import annotations

import math

from pnp.impose.cutting import CutPage
from pnp.impose.layout import Placement
from pnp.model.paper import Paper
from pnp.model.pieces import PieceCut
from pnp.units import in_mm

LAYER = "CUT"
OVAL_STEPS = 144  # straight cuts round an oval token: each under 0.5 mm on a 2 in token
Vertex = tuple[float, float, float]  # x and y in mm, and the bulge to the next vertex


def cut_dxf(page: CutPage, sheet: Paper, cuts: dict[tuple[str, str], PieceCut]) -> str:
    """Page ``page``'s cut lines as an R12 DXF drawing in millimetres."""
    lines = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009",
             "9", "$EXTMIN", "10", "0.0", "20", "0.0", "30", "0.0",
             "9", "$EXTMAX", "10", _number(in_mm(sheet.width)), "20",
             _number(in_mm(sheet.height)), "30", "0.0", "0", "ENDSEC",
             *_tables(), "0", "SECTION", "2", "ENTITIES"]
    for placement in page.placements:
        lines += _polyline(outline(cuts[(placement.kind, placement.name)], placement))
    lines += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(lines) + "\n"


def _tables() -> list[str]:
    """The TABLES section: the line type and the layer every entity names, declared as R12
    declares them, so a strict reader (or an audit) finds no layer it was not told of."""
    return ["0", "SECTION", "2", "TABLES",
            "0", "TABLE", "2", "LTYPE", "70", "1",
            "0", "LTYPE", "2", "CONTINUOUS", "70", "0", "3", "Solid line", "72", "65",
            "73", "0", "40", "0.0",
            "0", "ENDTAB",
            "0", "TABLE", "2", "LAYER", "70", "1",
            "0", "LAYER", "2", LAYER, "70", "0", "62", "1", "6", "CONTINUOUS",  # 1: red
            "0", "ENDTAB",
            "0", "ENDSEC"]


def outline(cut: PieceCut, placement: Placement) -> list[Vertex]:
    """The trim line of one placed piece as closed-polyline vertices (mm, y up)."""
    left, bottom, w, h = placement.x, placement.y, placement.w, placement.h
    if cut.shape is not None and not cut.shape.fills_box:
        top = bottom + h  # the shape's corners are given from the top left, y down
        return [(in_mm(left + x), in_mm(top - y), 0.0)
                for x, y in cut.shape.corners(min(w, h))]
    if cut.round and abs(w - h) < 1e-6:
        cy = in_mm(bottom + h / 2)
        return [(in_mm(left), cy, 1.0), (in_mm(left + w), cy, 1.0)]
    if cut.round:  # an oval token: R12 has no ellipse, so its outline in short straight cuts
        cx, cy, rx, ry = left + w / 2, bottom + h / 2, w / 2, h / 2
        return [(in_mm(cx + rx * math.cos(angle)), in_mm(cy + ry * math.sin(angle)), 0.0)
                for angle in (math.tau * step / OVAL_STEPS for step in range(OVAL_STEPS))]
    return [(in_mm(left), in_mm(bottom), 0.0), (in_mm(left + w), in_mm(bottom), 0.0),
            (in_mm(left + w), in_mm(bottom + h), 0.0), (in_mm(left), in_mm(bottom + h), 0.0)]


def _polyline(vertices: list[Vertex]) -> list[str]:
    """A closed R12 POLYLINE (flag 1) with its VERTEX entities and SEQEND."""
    lines = ["0", "POLYLINE", "8", LAYER, "66", "1", "70", "1",
             "10", "0.0", "20", "0.0", "30", "0.0"]
    for x, y, bulge in vertices:
        lines += ["0", "VERTEX", "8", LAYER, "10", _number(x), "20", _number(y), "30", "0.0"]
        if bulge:
            lines += ["42", _number(bulge)]
    return lines + ["0", "SEQEND", "8", LAYER]


def _number(value: float) -> str:
    """A coordinate as DXF text: to the thousandth of a millimetre, never -0.0."""
    return f"{round(value, 3) + 0.0:.3f}"
