"""Pages for print-then-cut machines: where each piece goes and where the cutter looks.

A cutting machine with an optical eye (Silhouette's Print & Cut, Cricut's
Print Then Cut) reads printed registration marks to learn where the page
lies, then cuts each piece's outline. Its pages differ from the hand-cut
sheets: pieces stand apart with a little bleed each (a blade off by a hair
then cuts into art, never into white), and they keep clear of the marks.

Silhouette Studio's type 1 marks: a filled square at the top left and an L at
the top right and bottom left, set in from the paper's edges; the studio will
not set them closer than 10 mm, its default arm length is 20 mm and its
thickness 0.5 mm. The user gives Studio the same numbers (the manifest and
docs/exports.md repeat them). Cricut's Design Space prints its own frame
around an uploaded picture of at most 6.75 x 9.25 in, the size every Cricut
machine and paper accepts; so a Cricut page is that picture, not a paper.
"""

from __future__ import annotations

import msgspec

from pnp.errors import InputError, Where
from pnp.impose.layout import Area, Group, Placement, grid_for
from pnp.model.paper import Paper
from pnp.units import mm

CUT_BLEED = mm(1.5)  # art past each cut, so a blade a hair off still cuts into art
CUT_GAP = mm(2.0)  # bare space between two pieces' bleeds, so each cuts free
CRICUT_IMAGE = (6.75 * 72, 9.25 * 72)  # the largest Print Then Cut picture, in points


class Registration(msgspec.Struct, frozen=True):
    """Silhouette type 1 registration marks, as Studio's settings name them."""

    inset: float = mm(10)  # from each paper edge to the mark's outer edge
    length: float = mm(20)  # of each arm of an L
    thickness: float = mm(0.5)
    square: float = mm(5)  # the filled square's side
    clearance: float = mm(3)  # between a mark and the nearest art

    def marks(self, paper: Paper) -> list[tuple[float, float, float, float]]:
        """Filled rectangles (x, y, width, height in PDF points, y up) of the three marks."""
        inset, length, thick, top = self.inset, self.length, self.thickness, paper.height
        right = paper.width - inset
        return [
            (inset, top - inset - self.square, self.square, self.square),  # square, top left
            (right - length, top - inset - thick, length, thick),  # L at the top right
            (right - thick, top - inset - length, thick, length),
            (inset, inset, length, thick),  # L at the bottom left
            (inset, inset, thick, length),
        ]

    def keep_out(self, paper: Paper) -> list[tuple[float, float, float, float]]:
        """The three squares (x0, y0, x1, y1, PDF points) an L's arms span at the marked
        corners: Studio's eye reads a mark only on blank paper there, so no piece's art
        may enter one, even inside the printable area."""
        inset, side, width, height = self.inset, self.length, paper.width, paper.height
        return [(inset, height - inset - side, inset + side, height - inset),  # top left
                (width - inset - side, height - inset - side, width - inset, height - inset),
                (inset, inset, inset + side, inset + side)]  # bottom left

    def area(self, paper: Paper) -> Area:
        """Where art may go: inside the marks, clear of the square and the L's."""
        near = self.inset + self.thickness + self.clearance
        square = self.inset + self.square + self.clearance
        return Area(square, near, paper.width - near, paper.height - square)


SILHOUETTE = Registration()


class CutPage(msgspec.Struct, frozen=True):
    """One page of a cutter: the pieces on it (trim boxes, PDF points, y up)."""

    number: int
    placements: tuple[Placement, ...]


def cut_pages(groups: list[Group], paper: Paper, area: Area, source: str,
              keep_out: list[tuple[float, float, float, float]] | None = None) -> list[CutPage]:
    """Every piece of ``groups`` on pages whose pieces all lie inside ``area``, none with
    its art (bleed included) in a ``keep_out`` box.

    Each group starts a new page, like the hand-cut sheets; pieces stand
    CUT_GAP apart with CUT_BLEED of art each. A grid cell whose piece would reach
    into a kept-out box (a registration mark's corner) is left empty.
    """
    pages: list[CutPage] = []
    spacing = CUT_BLEED + CUT_GAP / 2
    for group in groups:
        try:
            grid = grid_for(paper, group.cell_w, group.cell_h, spacing, source,
                            group.lattice, area, marks=False)
        except InputError:
            raise InputError(
                Where(source), "a piece is too large for the cutter's page",
                field="size", found=f"{group.cell_w / 72:.2f} x {group.cell_h / 72:.2f} in",
                allowed=f"pieces of at most {(area.right - area.left) / 72 - 0.2:.2f} x "
                        f"{(area.top - area.bottom) / 72 - 0.2:.2f} in") from None
        cells = [grid.cell(index) for index in range(grid.capacity)]
        cells = [(x, y) for x, y in cells
                 if not any(_meets((x, y, group.cell_w, group.cell_h), box)
                            for box in keep_out or ())]
        if not cells:
            raise InputError(Where(source), "a piece is too large for the cutter's page: "
                             "every place on it reaches a registration mark's corner",
                             field="size",
                             found=f"{group.cell_w / 72:.2f} x {group.cell_h / 72:.2f} in",
                             allowed="smaller pieces, or a larger --paper")
        sequence = [(name, kind) for name, count, kind in group.pieces for _ in range(count)]
        for start in range(0, len(sequence), len(cells)):
            number = len(pages) + 1
            chunk = sequence[start:start + len(cells)]
            pages.append(CutPage(number, tuple(
                Placement(number, name, "front", *cells[index], group.cell_w,
                          group.cell_h, kind)
                for index, (name, kind) in enumerate(chunk))))
    return pages


def _meets(piece: tuple[float, float, float, float],
           box: tuple[float, float, float, float]) -> bool:
    """Whether a piece's trim box (x, y, width, height), grown by its bleed, enters
    ``box`` (x0, y0, x1, y1)."""
    x, y, width, height = piece
    return (x - CUT_BLEED < box[2] and x + width + CUT_BLEED > box[0] and
            y - CUT_BLEED < box[3] and y + height + CUT_BLEED > box[1])


def cricut_paper() -> Paper:
    """Design Space's largest Print Then Cut picture, as a 'paper' to lay pieces on."""
    width, height = CRICUT_IMAGE
    return Paper("cricut", width, height, 0.0, "", "Cricut picture")
